"""Asked its first decision, it tries to build a table larger than its memory limit, at
the RLIMIT_AS of its process: it survives the MemoryError (caught, its traceback printed
as a runtime would), and tries again and again instead of answering (issue 39: such a
bot was charged `timeout` twelve times, then stopped, never `memory`)."""

import sys
import time
import traceback

from _hostile import reporting_bot, sdk

Base = reporting_bot("survives_memory_error", {})


class Survivor(Base):
    def act(self, request):
        while True:
            try:
                table = bytearray(1 << 40)
            except MemoryError:
                traceback.print_exc(file=sys.stderr)
                sys.stderr.flush()
                time.sleep(0.5)
            else:  # pragma: no cover - a machine that lets it
                return len(table) * 0


sdk.run(Survivor)
