"""A bot at an address (one the arena does not start) that sends no Hello: the fault says
why when a plain connection there tells it, where gRPC's wait only says it timed out."""

from __future__ import annotations

import socket

import pytest
import trio

from arena.errors import BotFault
from arena.play.grpc_bot import GrpcBot


def hello_fault(address: str) -> str:
    with pytest.raises(BotFault) as fault:
        trio.run(GrpcBot("far", address).hello, 0.3)
    return str(fault.value)


def test_nothing_listening_is_named_with_the_systems_reason():
    closed = socket.socket()
    closed.bind(("127.0.0.1", 0))
    port = closed.getsockname()[1]
    closed.close()
    said = hello_fault(f"127.0.0.1:{port}")
    assert said == f"start: no Hello from 127.0.0.1:{port} within 0.3 s; nothing listens there (Connection refused)"


def test_a_server_that_is_no_grpc_bot_is_told_apart_from_nothing():
    with socket.socket() as listener:
        listener.bind(("127.0.0.1", 0))
        listener.listen()
        port = listener.getsockname()[1]
        said = hello_fault(f"127.0.0.1:{port}")
    assert said.endswith("; something there accepts connections but answered no Hello: is it the bot, speaking gRPC?")
