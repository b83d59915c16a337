"""Answers every decision with a comment of $BOMB bytes, gzip-compressed by its gRPC
server: a few tens of KiB on the wire, under the arena's limit on a bot's message, and
50 MiB or more once inflated, which an arena that checked only the bytes on the wire would
make and parse for every answer."""

import os

import grpc
from _hostile import reporting_bot, sdk

make_server = grpc.server


def gzip_server(*args, **kwargs):
    return make_server(*args, compression=grpc.Compression.Gzip, **kwargs)


grpc.server = gzip_server  # the SDK's server, compressing every answer
Base = reporting_bot("compression_bomb", {})


class Bomb(Base):
    def act(self, request):
        super().act(request)
        self.comment = "a" * int(os.environ["BOMB"])
        return 0


sdk.run(Bomb)
