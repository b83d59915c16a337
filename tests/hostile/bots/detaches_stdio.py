"""A stdio bot that leaves a watcher behind: before its first answer it starts a daemon
(setsid, double-forked, ignoring SIGTERM) that would live on after the match, into the
next one, and waits until it runs; then it plays the first legal action and says so in
its comment."""

import json
import os
import signal
import sys
import time

read, write = os.pipe()
if os.fork() == 0:
    os.setsid()
    if os.fork() == 0:
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        os.write(write, b"up")
        time.sleep(600)
    os._exit(0)
os.wait()
said = os.read(read, 2).decode()
answer = json.dumps({"action_index": 0, "comment": json.dumps({"daemon": said})})
for line in sys.stdin:
    if line.startswith('{"type":"decision_request"'):
        print(answer, flush=True)
