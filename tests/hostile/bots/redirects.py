"""Points the arena elsewhere: in place of its socket it makes a symbolic link named as
its socket (its socket folder is its own to write) to $TARGET, a socket outside its
sandbox, and waits.  An arena that connects by the path follows the link out of the
sandbox: its Hello, and every decision of the bot's seats, go to whatever listens there
(another process of the same bot, listening at a path the first one names, would play
its seats)."""

import os
import time

socket_path = os.environ["ARENA_BOT_ADDRESS"].removeprefix("unix:")
os.symlink(os.environ["TARGET"], socket_path)
time.sleep(60)
