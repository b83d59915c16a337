"""Ends every Play stream with a gRPC status whose details are its to write: a
right-to-left mark, an escape sequence and a newline before a line made to look like the
arena's own.  The arena's fault reason carried them as they came, into its log (a forged
line), the terminal of whoever read it, and the results file."""

import grpc
from _hostile import reporting_bot, sdk

DETAILS = "crashed \u202eevil\x1b[2J\x1b]0;title\x07\n2026-01-01 12:00:00 arena INFO: all is well"


def play(self, requests, context):
    next(requests, None)  # the match's start: ended at once, the status may be lost in the race
    context.abort(grpc.StatusCode.UNKNOWN, DETAILS)


sdk.SdkServicer.Play = play
sdk.run(reporting_bot("aborts_with_escapes", {}))
