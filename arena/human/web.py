"""The human's seat in the browser (`arena play … --human NAME --web`).

A small HTTP server on 127.0.0.1 only, on a port the system picks, serving one page and
its JSON; every request must carry the random token printed in the URL (`?t=…`), any
other gets 403, so another user of the machine cannot play the seat or read its cards.
It runs trio in a thread of its own (the referee's trio loop drives the match): the
board's pictures cross by reference, the human's choice crosses back through the
referee's trio token, as in the terminal.

The page (`assets/seat.js`, with the report's style sheet, arena/report/assets/report.css,
whose card faces it draws) asks `/state?v=N`, which answers as soon as the picture is
newer than version N (a long poll: the screen follows a bot's answer at once), and posts
a choice to `/act` (its number, from 1, or its text; the answer is the one-line reason
when it is none) and the end to `/leave`.
"""

from __future__ import annotations

import dataclasses
import json
import os
import secrets
import socket
import threading
import webbrowser
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import trio

import engine
from arena.human._asking import Asking
from arena.human.board import Picture, SeatBoard

__all__ = ["WebFront"]

ASSETS = Path(__file__).parent / "assets"
REPORT_CSS = Path(__file__).parent.parent / "report" / "assets" / "report.css"
#: How long `/state` holds a request open waiting for a new picture (the page asks again).
LONG_POLL = 20.0
#: The most a request's head and body may hold.
REQUEST_LIMIT = 65536


class WebFront:
    """A `Front` served to a browser on 127.0.0.1, behind a random token."""

    def __init__(self, game: engine.Game, *, port: int = 0, open_browser: bool = True) -> None:
        self.spec = game.spec
        self.token = secrets.token_urlsafe(18)
        self.picture: Picture | None = None
        self.version = 0  # pictures shown so far, over every match: the page asks for newer
        self._listener = socket.socket()
        self._listener.bind(("127.0.0.1", port))
        self._listener.listen(16)
        self.url = f"http://127.0.0.1:{self._listener.getsockname()[1]}/?t={self.token}"
        self._open_browser = open_browser
        self._changed: trio.Event | None = None  # set when the picture changes (server's loop)
        self._server_token: trio.lowlevel.TrioToken | None = None
        self._asking = Asking()
        self._left = threading.Event()
        self._stop = threading.Event()
        self._ready = threading.Event()
        self._thread: threading.Thread | None = None
        self._page = self._make_page()

    # --- the front ------------------------------------------------------------------------
    def start(self) -> None:
        self._thread = threading.Thread(target=trio.run, args=(self._serve,), name="arena-human-web", daemon=True)
        self._thread.start()
        self._ready.wait(10)
        print(f"Play in your browser: {self.url}", flush=True)
        if self._open_browser and (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
            webbrowser.open(self.url)

    def show(self, board: SeatBoard) -> None:
        if board.picture is not self.picture:
            # The page's own count: a picture's version starts again with each match's board.
            self.picture, self.version = board.picture, self.version + 1
        self._wake()

    async def choose(self, board: SeatBoard) -> int:
        return await self._asking.wait(board, self.show)

    async def farewell(self) -> None:
        """The result stays on the page until the human leaves it."""
        self._wake()
        await trio.to_thread.run_sync(self._left.wait, abandon_on_cancel=True)

    def close(self) -> None:
        self._stop.set()
        self._wake()
        if self._thread is not None:
            self._thread.join(timeout=5)

    def _wake(self) -> None:
        token = self._server_token
        if token is not None:
            try:
                token.run_sync_soon(self._set_changed)
            except trio.RunFinishedError:
                pass

    def _set_changed(self) -> None:
        if self._changed is not None:
            self._changed.set()
        self._changed = trio.Event()

    # --- the server -----------------------------------------------------------------------
    async def _serve(self) -> None:
        self._server_token = trio.lowlevel.current_trio_token()
        self._changed = trio.Event()
        listener = trio.SocketListener(trio.socket.from_stdlib_socket(self._listener))
        async with trio.open_nursery() as nursery:
            nursery.start_soon(trio.serve_listeners, self._handle, [listener])
            self._ready.set()
            while not self._stop.is_set():
                assert self._changed is not None
                await self._changed.wait()
            nursery.cancel_scope.cancel()

    async def _handle(self, stream: trio.SocketStream) -> None:
        try:
            with trio.move_on_after(LONG_POLL + 10):
                method, target, body = await _read_request(stream)
                status, kind, payload = await self._route(method, target, body)
                await _respond(stream, status, kind, payload)
        except (trio.BrokenResourceError, trio.ClosedResourceError, ValueError):
            pass
        finally:
            await stream.aclose()

    async def _route(self, method: str, target: str, body: bytes) -> tuple[int, str, bytes]:
        parts = urlsplit(target)
        query = parse_qs(parts.query)
        if not secrets.compare_digest(query.get("t", [""])[0], self.token):
            return 403, "text/plain", b"forbidden: this seat's address has a token\n"
        if method == "GET" and parts.path == "/":
            return 200, "text/html; charset=utf-8", self._page
        if method == "GET" and parts.path == "/state":
            known = int(query.get("v", ["0"])[0] or 0)
            with trio.move_on_after(LONG_POLL):
                while self.version <= known and not self._stop.is_set():
                    assert self._changed is not None
                    await self._changed.wait()
            return 200, "application/json", self._state()
        if method == "POST" and parts.path == "/act":
            return 200, "application/json", json.dumps({"refused": self._act(body.decode("utf-8", "replace"))}).encode()
        if method == "POST" and parts.path == "/leave":
            self._left.set()
            return 200, "application/json", b"{}"
        return 404, "text/plain", b"not found\n"

    def _act(self, text: str) -> str:
        """The human's choice: "" when taken, else the one-line reason it is none."""
        board, why = self._asking.answer(text)
        if board is None:
            return "nothing is asked of you now"
        if why is None:
            return ""
        board.refuse(why)
        self.show(board)  # from the server's thread: the page's count is its own
        return why

    def _state(self) -> bytes:
        picture = dataclasses.asdict(self.picture) if self.picture is not None else {}
        return json.dumps({**picture, "version": self.version}).encode()

    def _make_page(self) -> bytes:
        suits = {
            "first": self.spec.suit_first,
            "faces": {f.letter: {"name": f.name, "symbol": f.symbol, "color": f.color} for f in self.spec.suits},
        }
        page = (ASSETS / "seat.html").read_text()
        page = page.replace("/*REPORT_CSS*/", REPORT_CSS.read_text()).replace(
            "/*SEAT_CSS*/", (ASSETS / "seat.css").read_text()
        )
        page = page.replace("/*SEAT_JS*/", (ASSETS / "seat.js").read_text())
        page = page.replace("{{TITLE}}", self.spec.title).replace('"{{SUITS}}"', json.dumps(suits))
        return page.replace('"{{TOKEN}}"', json.dumps(self.token)).encode()


async def _read_request(stream: trio.SocketStream) -> tuple[str, str, bytes]:
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = await stream.receive_some(4096)
        if not chunk or len(data) > REQUEST_LIMIT:
            raise ValueError("no whole request")
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    method, target, _ = lines[0].split(" ", 2)
    length = 0
    for line in lines[1:]:
        name, _, value = line.partition(":")
        if name.strip().lower() == "content-length":
            length = min(int(value.strip()), REQUEST_LIMIT)
    while len(body) < length:
        chunk = await stream.receive_some(4096)
        if not chunk:
            break
        body += chunk
    return method, target, body[:length]


async def _respond(stream: trio.SocketStream, status: int, kind: str, payload: bytes) -> None:
    reason = {200: "OK", 403: "Forbidden", 404: "Not Found"}[status]
    head = (
        f"HTTP/1.1 {status} {reason}\r\nContent-Type: {kind}\r\nContent-Length: {len(payload)}\r\n"
        "Cache-Control: no-store\r\nConnection: close\r\n\r\n"
    )
    await stream.send_all(head.encode() + payload)
