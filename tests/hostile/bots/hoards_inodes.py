"""Creates $FILES empty files (names of 200 characters) in its /tmp when asked its first
decision, then plays on.  They hold no data, but each costs the kernel about a KiB of its
own memory: before the arena counted them, 400,000 held 494 MiB under a 256 MiB limit,
unseen where the bot has no cgroup (where it has one, the kernel charges them to it)."""

import os

from _hostile import reporting_bot, sdk

Base = reporting_bot("hoards_inodes", {})
made: list[int] = []


class Hoarder(Base):
    def act(self, request):
        if not made:
            os.mkdir("/tmp/hoard")
            for i in range(int(os.environ["FILES"])):
                os.close(os.open(f"/tmp/hoard/{'x' * 200}{i}", os.O_CREAT | os.O_WRONLY, 0o600))
            made.append(1)
        return super().act(request)


sdk.run(Hoarder)
