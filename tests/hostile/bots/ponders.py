"""A neighbour for the CPU tests: thinks $THINK seconds (sleeping) on every decision, then
plays the first legal action (in invido a card: the deal goes on, so its neighbour is
asked again after each of its stretches off turn)."""

import os
import time

from _hostile import reporting_bot, sdk

Base = reporting_bot("ponders", {})


class Ponders(Base):
    def act(self, request):
        time.sleep(float(os.environ["THINK"]))
        return super().act(request)


sdk.run(Ponders)
