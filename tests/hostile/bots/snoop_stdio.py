"""The snooping bot over stdio: the same findings (see _snooping.py) in the comment of every
answer, the first legal action each time."""

import json
import sys

from _snooping import FINDINGS

answer = json.dumps({"action_index": 0, "comment": json.dumps(FINDINGS, sort_keys=True)[:1000]})
for line in sys.stdin:
    if line.startswith('{"type":"decision_request"'):
        print(answer, flush=True)
