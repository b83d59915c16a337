"""The human's seat in the terminal: a full-screen prompt_toolkit application.

prompt_toolkit because it draws a full screen on any VT100 terminal (ssh, tmux, 80×24)
with nothing but the terminal, takes keys one at a time, and is driven easily by a test
through tmux; Textual needs more than 80×24 to be comfortable and rich has no input.

The application runs in a thread of its own with its own asyncio loop (the referee's is
trio's): the board's pictures cross by reference (each is frozen, read whole), the
human's choice crosses back through the trio token.  The screen, top to bottom: the
title; the seats and the standing (▶ whose decision, * you); your cards, drawn as cards
in their suits' colours; what else the view says; the last deal's outcome; the deal's
history (PageUp/PageDown scroll it) beside the numbered legal actions (Up/Down scroll
them); what is asked; a one-line reason or what is awaited; the input line.  Enter
plays the action typed, by number or by its text.  Ctrl-C stops the match as it does a
run.  At the end the result stays on screen until a key is pressed.
"""

from __future__ import annotations

import os
import signal
import threading
import time
from collections.abc import Callable

import trio
from prompt_toolkit.application import Application
from prompt_toolkit.buffer import Buffer
from prompt_toolkit.data_structures import Point
from prompt_toolkit.filters import Condition
from prompt_toolkit.formatted_text import StyleAndTextTuples
from prompt_toolkit.input import Input
from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent
from prompt_toolkit.layout import ConditionalContainer, HSplit, Layout, VSplit, Window
from prompt_toolkit.layout.controls import BufferControl, FormattedTextControl
from prompt_toolkit.layout.dimension import Dimension
from prompt_toolkit.output import Output
from prompt_toolkit.styles import Style

import engine
from arena.human._asking import Asking
from arena.human.board import Picture, SeatBoard, card_face

__all__ = ["TerminalFront"]

#: History lines drawn beyond those scrolled back: more than a screen holds.
_HISTORY_DRAWN = 60

_STYLE = Style.from_dict(
    {
        "title": "reverse bold",
        "seats": "bold",
        "label": "#888888",
        "card": "bg:#ffffff #111111 bold",
        "outcome": "#d7af00",
        "prompt": "bold #5fd7ff",
        "message": "#ff5f5f",
        "number": "bold",
        "rule": "#555555",
        "result": "bold #5fff87",
    }
)


class TerminalFront:
    """A `Front` drawing the board in a full-screen terminal application."""

    def __init__(
        self,
        game: engine.Game,
        *,
        on_drawn: Callable[[Picture, float], None] | None = None,
        input: Input | None = None,
        output: Output | None = None,
    ) -> None:
        """`on_drawn` is told each new picture once it is on the screen, and when (the
        benchmark's); `input` and `output` replace the terminal's (a pipe, a pty)."""
        self.spec = game.spec
        self.picture: Picture | None = None
        self._drawing: Picture | None = None  # the picture the current redraw draws
        self.on_drawn = on_drawn
        self._history_back = 0  # lines scrolled back from the end of the history
        self._action_line = 0
        self._asking = Asking()
        self._drawn_version = 0
        self._history_lines = self._action_count = 0  # as last drawn: the cursors' bounds
        self._done = threading.Event()
        self.input = Buffer(multiline=False)
        self.app: Application[None] = Application(
            layout=self._layout(),
            key_bindings=self._keys(),
            style=_STYLE,
            full_screen=True,
            terminal_size_polling_interval=0.5,
            before_render=self._before_render,
            after_render=self._after_render,
            input=input,
            output=output,
        )
        self._thread: threading.Thread | None = None

    # --- the front ------------------------------------------------------------------------
    def start(self) -> None:
        """Start the application in its own thread."""

        def run() -> None:
            try:
                self.app.run(handle_sigint=False)
            finally:
                self._done.set()

        self._thread = threading.Thread(target=run, name="arena-human-terminal", daemon=True)
        self._thread.start()

    def show(self, board: SeatBoard) -> None:
        if board.picture is not self.picture:
            if self.picture is None or board.picture.history != self.picture.history:
                self._history_back = 0
            if self.picture is None or board.picture.actions != self.picture.actions:
                self._action_line = 0
            self.picture = board.picture
        self.app.invalidate()

    async def choose(self, board: SeatBoard) -> int:
        return await self._asking.wait(board, self.show)

    async def farewell(self) -> None:
        """At the end: the result stays on screen until a key ends the application."""
        self.app.invalidate()
        await trio.to_thread.run_sync(self._done.wait, abandon_on_cancel=True)

    def close(self) -> None:
        """End the application (idempotent) and wait for its thread."""
        if not self._done.is_set() and self.app.is_running:
            self.app.loop.call_soon_threadsafe(self._exit)  # type: ignore[union-attr]
        if self._thread is not None:
            self._thread.join(timeout=5)

    def _exit(self) -> None:
        if self.app.is_running and not self.app.future.done():  # type: ignore[union-attr]
            self.app.exit()

    # --- keys -----------------------------------------------------------------------------
    def _keys(self) -> KeyBindings:
        keys = KeyBindings()
        over = Condition(lambda: self.picture is not None and self.picture.finished)

        @keys.add("<any>", filter=over)
        @keys.add("enter", filter=over)
        def leave(event: KeyPressEvent) -> None:
            event.app.exit()

        @keys.add("enter", filter=~over)
        def play(event: KeyPressEvent) -> None:
            text = self.input.text
            self.input.reset()
            board, why = self._asking.answer(text)
            if board is not None and why is not None:
                board.refuse(why)
                self.picture = board.picture

        @keys.add("c-c")
        def interrupt(event: KeyPressEvent) -> None:
            os.kill(os.getpid(), signal.SIGINT)  # as Ctrl-C in a cooked terminal: the run stops
            if self.picture is None or self.picture.finished:
                event.app.exit()

        @keys.add("pageup")
        def history_up(event: KeyPressEvent) -> None:
            lines = len(self.picture.history) if self.picture else 0
            self._history_back = min(self._history_back + 5, max(0, lines - 1))

        @keys.add("pagedown")
        def history_down(event: KeyPressEvent) -> None:
            self._history_back = max(0, self._history_back - 5)

        @keys.add("up")
        def actions_up(event: KeyPressEvent) -> None:
            self._action_line = max(0, self._action_line - 1)

        @keys.add("down")
        def actions_down(event: KeyPressEvent) -> None:
            self._action_line += 1

        return keys

    # --- the screen -----------------------------------------------------------------------
    def _layout(self) -> Layout:
        def text(make: Callable[[Picture], StyleAndTextTuples]) -> Callable[[], StyleAndTextTuples]:
            return lambda: make(self._drawing) if self._drawing is not None else []

        def line(make: Callable[[Picture], StyleAndTextTuples], **size: object) -> Window:
            return Window(FormattedTextControl(text(make)), wrap_lines=True, dont_extend_height=True, **size)  # type: ignore[arg-type]

        over = Condition(lambda: self._drawing is not None and self._drawing.finished)
        has_outcome = Condition(lambda: bool(self._drawing and (self._drawing.outcome or self._drawing.result)))
        history = Window(
            FormattedTextControl(text(self._history), get_cursor_position=self._history_cursor, show_cursor=False),
            wrap_lines=True,
        )
        actions = Window(
            FormattedTextControl(text(self._actions), get_cursor_position=self._action_cursor, show_cursor=False),
            width=Dimension(preferred=36, max=44),
        )
        body = HSplit(
            [
                line(lambda p: [("class:title", f" {p.title} ")], height=1),
                line(lambda p: [("class:seats", p.seats)], height=Dimension(max=2)),
                # Once over, the result takes their place: all of it must show in 80×24.
                ConditionalContainer(line(self._cards, height=Dimension(max=3)), filter=~over),
                ConditionalContainer(
                    line(lambda p: [("", " · ".join(p.facts))], height=Dimension(max=3)), filter=~over
                ),
                ConditionalContainer(line(self._outcome, height=self._outcome_height), filter=has_outcome),
                Window(height=1, char="─", style="class:rule"),
                VSplit([history, Window(width=1, char="│", style="class:rule"), actions]),
                line(lambda p: [("class:prompt", p.prompt)], height=1),
                line(lambda p: [("class:message", p.message)], height=1),
                VSplit(
                    [
                        Window(FormattedTextControl([("class:prompt", "> ")]), width=2),
                        Window(BufferControl(self.input), height=1),
                    ]
                ),
            ]
        )
        return Layout(body, focused_element=self.input)

    def _cards(self, picture: Picture) -> StyleAndTextTuples:
        out: StyleAndTextTuples = []
        for row in picture.cards:
            if out:
                out.append(("", "\n"))
            out.append(("class:label", f"{row.label}: "))
            for card in row.cards:
                rank, face = card_face(card, self.spec)
                out.append(("class:card", f" {rank}"))
                out.append(
                    (f"class:card fg:{face.color}" if face else "class:card", f"{face.symbol} " if face else " ")
                )
                out.append(("", " "))
            if not row.cards:
                out.append(("class:label", "-"))
        return out

    def _outcome(self, picture: Picture) -> StyleAndTextTuples:
        if picture.result:
            return [("class:result", "\n".join(picture.result))]
        return [("class:outcome", "\n".join(picture.outcome))]

    def _outcome_height(self) -> Dimension:
        """The result, once over, all of it (the history gives way); a deal's outcome, a few lines."""
        if self._drawing is not None and self._drawing.finished:
            return Dimension.exact(len(self._drawing.result))
        return Dimension(max=4)

    def _history(self, picture: Picture) -> StyleAndTextTuples:
        # Only the lines the screen may show (a screenful past the scrolled-back one): the
        # drawing wraps each line it is given, and a long match has thousands.
        shown = picture.history[-(self._history_back + _HISTORY_DRAWN) :]
        self._history_lines = len(shown)  # the cursor is placed in these lines
        return [("class:rule" if line.startswith("─") else "", line + "\n") for line in shown]

    def _history_cursor(self) -> Point:
        lines = self._history_lines  # the picture may have changed since the text was made
        back = min(self._history_back, max(0, lines - 1))
        return Point(0, max(0, lines - 1 - back))

    def _actions(self, picture: Picture) -> StyleAndTextTuples:
        self._action_count = len(picture.actions)
        out: StyleAndTextTuples = []
        for number, action in enumerate(picture.actions, 1):
            out += [("class:number", f"{number:>3} "), ("", f"{action}\n")]
        return out

    def _action_cursor(self) -> Point:
        count = self._action_count
        self._action_line = min(self._action_line, max(0, count - 1))
        return Point(0, self._action_line)

    def _before_render(self, app: Application[None]) -> None:
        # One picture per redraw: the referee's thread may put a new one up meanwhile.
        self._drawing = self.picture

    def _after_render(self, app: Application[None]) -> None:
        picture = self._drawing
        if picture is not self.picture:
            app.invalidate()  # a newer picture came while this one was drawn
        if picture is not None and picture.version != self._drawn_version:
            self._drawn_version = picture.version
            if self.on_drawn is not None:
                self.on_drawn(picture, time.perf_counter())
