"""The minimal server `arena bench` times the full path against: it answers every
decision request at once with action 0, and does nothing else.

    python -m arena.cli._pingpong ADDRESS
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from concurrent import futures

import grpc

from arena.protocol import PROTOCOL_VERSION
from arena.v1 import arena_pb2 as pb
from arena.v1 import arena_pb2_grpc as pb_grpc


class _Echo(pb_grpc.BotServicer):
    def Hello(self, request: pb.HelloRequest, context: grpc.ServicerContext) -> pb.HelloReply:
        return pb.HelloReply(name="pingpong", protocol_version=PROTOCOL_VERSION)

    def Play(self, requests: Iterator[pb.RefereeMessage], context: grpc.ServicerContext) -> Iterator[pb.BotMessage]:
        for message in requests:
            if message.HasField("decision_request"):
                yield pb.BotMessage(decision=pb.Decision(decision_id=message.decision_request.decision_id))


def serve(address: str) -> None:
    server = grpc.server(futures.ThreadPoolExecutor(4))
    pb_grpc.add_BotServicer_to_server(_Echo(), server)
    server.add_insecure_port(address)
    server.start()
    server.wait_for_termination()


if __name__ == "__main__":
    serve(sys.argv[1])
