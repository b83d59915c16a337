"""A stdio bot whose answers break the JSON readers (issue 39, item 1): every other
decision request gets one of BAD, in order, the others the first legal action.

The first is the line that ended whole runs: 30,000 nested arrays, 60 KB (json.loads
raised RecursionError).  The others raised too: an index of 5,000 digits (int()'s limit),
a decision id of non-ASCII digits, a comment with a lone surrogate (protobuf refuses to
encode it), and a key given twice.  Its good answers name their decision: a line that
is no answer does not answer its request, so without ids the bot would be out of step
after the first bad one (protos/README.md, "Answers")."""

import json
import sys

BAD = [
    b'{"action_index":0,"x":' + b"[" * 30_000 + b"]" * 30_000 + b"}",
    b"1" * 5000,
    '{"action_index":0,"decision_id":"²"}'.encode(),
    b'{"action_index":0,"comment":"\\ud800"}',
    b'{"action_index":0,"action_index":1}',
]

asked = 0
for line in sys.stdin.buffer:
    if line.startswith(b'{"type":"decision_request"'):
        bad = asked // 2 if asked % 2 == 0 else None
        if bad is not None and bad < len(BAD):
            answer = BAD[bad]
        else:
            decision = json.loads(line)["decisionRequest"]["decisionId"]
            answer = b'{"action_index":0,"decision_id":"%s"}' % decision.encode()
        sys.stdout.buffer.write(answer + b"\n")
        sys.stdout.buffer.flush()
        asked += 1
