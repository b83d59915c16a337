"""The human seat's latency (issue 41): from a bot's answer to the human's screen.

One match of a game (conto unless --game says) through the referee, one seat the
terminal front (arena/human/terminal.py: the full-screen prompt_toolkit application,
drawing on a real pseudo-terminal whose output a thread drains, as a terminal emulator
reads it), the others in-process bots that answer at once with a random legal action and
stamp the moment they answer.  A scripted human types the first action's number as soon
as a decision is on the screen.  For every decision of the human that follows a bot's
answer, the latency is the time from that answer to the end of the screen's redraw that
shows the decision (prompt_toolkit's after_render), so it holds the referee's work, the
crossing from the referee's trio thread to the application's, and the drawing itself.
Prints the median, p90, p99 and the maximum in milliseconds, and exits 1 when p99 is
over the budget (100 ms, the issue's figure).

    python benchmarks/human_latency.py [--game conto] [--deals 20] [--seed 1] [--budget-ms 100]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import threading
import time
from contextlib import asynccontextmanager
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import trio  # noqa: E402
from prompt_toolkit.data_structures import Size  # noqa: E402
from prompt_toolkit.input import create_pipe_input  # noqa: E402
from prompt_toolkit.output.vt100 import Vt100_Output  # noqa: E402

import engine  # noqa: E402
from arena.clock import TimeControl  # noqa: E402
from arena.human import NO_CLOCK, HumanSeat, SeatBoard  # noqa: E402
from arena.human.board import Picture  # noqa: E402
from arena.human.terminal import TerminalFront  # noqa: E402
from arena.play import RecordRequests, play_match  # noqa: E402
from arena.v1 import arena_pb2 as pb  # noqa: E402

BUDGET_MS = 100.0
PLAYERS = {"conto": 4, "invido": 2, "vegas": 4, "bridge": 4, "frederik": 3}


class Stamps:
    """Who answered last, and when."""

    def __init__(self) -> None:
        self.last_bot_answer = 0.0
        self.bot_answered_last = False
        self.latencies: list[float] = []
        self.pending: dict[int, float] = {}  # picture version asked → the bot answer it follows


class QuickBot:
    """An in-process seat answering at once with a random legal action."""

    def __init__(self, name: str, seed: int, stamps: Stamps) -> None:
        self.name = name
        self.rng = random.Random(seed)
        self.stamps = stamps

    @asynccontextmanager
    async def open_play(self, start: pb.MatchStart):
        bot = self

        class Stream:
            cpu_meter = None
            request_format = RecordRequests

            def send(self, message: object) -> None:
                pass

            async def decide(self, request, decision_id: int, time_limit: float) -> pb.Decision:
                index = bot.rng.randrange(len(request.legal_actions))
                bot.stamps.last_bot_answer = time.perf_counter()
                bot.stamps.bot_answered_last = True
                return pb.Decision(decision_id=decision_id, action_index=index)

            def cancel(self) -> None:
                pass

        yield Stream()


class TimedFront(TerminalFront):
    """The terminal front, noting which picture asks a decision after a bot's answer."""

    def __init__(self, game: engine.Game, stamps: Stamps, typing, follower_fd: int) -> None:
        screen = os.fdopen(follower_fd, "w", encoding="utf-8", closefd=False)
        output = Vt100_Output(screen, lambda: Size(rows=24, columns=80), term="xterm-256color")
        super().__init__(game, on_drawn=self._drawn, input=typing, output=output)
        self.stamps = stamps
        self.typing = typing

    async def choose(self, board: SeatBoard) -> int:
        stamps = self.stamps
        if stamps.bot_answered_last:
            stamps.pending[board.picture.version] = stamps.last_bot_answer
        stamps.bot_answered_last = False
        return await super().choose(board)

    def _drawn(self, picture: Picture, when: float) -> None:
        answered = self.stamps.pending.pop(picture.version, None)
        if answered is not None:
            self.stamps.latencies.append(when - answered)
        if picture.prompt:
            self.typing.send_text("1\r")  # the human answers what they see


def cpu_of_drawing() -> list[float]:
    """The CPU seconds of each redraw, in the drawing thread: what a redraw costs when the
    machine's cores are not shared (the wall-clock latency above counts the waits too)."""
    from prompt_toolkit.renderer import Renderer

    spent: list[float] = []
    render = Renderer.render

    def timed(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        began = time.thread_time()
        try:
            return render(self, *args, **kwargs)
        finally:
            spent.append(time.thread_time() - began)

    Renderer.render = timed  # type: ignore[method-assign]
    return spent


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="conto", choices=sorted(PLAYERS))
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--budget-ms", type=float, default=BUDGET_MS)
    args = parser.parse_args()

    game = engine.load(args.game, players=PLAYERS[args.game])
    stamps = Stamps()
    drawing = cpu_of_drawing()
    leader, follower = os.openpty()
    os.set_blocking(leader, True)
    threading.Thread(target=lambda: [None for _ in iter(lambda: os.read(leader, 65536), b"")], daemon=True).start()
    with create_pipe_input() as typing:
        front = TimedFront(game, stamps, typing, follower)
        front.start()
        seats: list[object] = [QuickBot(f"bot{i}", args.seed + i, stamps) for i in range(game.players - 1)]
        seats.insert(0, HumanSeat("me", game, front))
        controls = [NO_CLOCK] + [TimeControl.per_move(5.0)] * (game.players - 1)
        started = time.perf_counter()
        trio.run(
            lambda: play_match(game, seats, seed=args.seed, deals=args.deals, time_controls=controls)  # type: ignore[arg-type]
        )
        seconds = time.perf_counter() - started
        front.close()
    ms = sorted(1000 * x for x in stamps.latencies)
    if not ms:
        print("the human was never asked right after a bot's answer")
        return 1
    p90, p99 = ms[int(0.9 * (len(ms) - 1))], ms[int(0.99 * (len(ms) - 1))]
    print(
        f"{args.game}: {len(ms)} decisions of the human after a bot's answer, {args.deals} deals in {seconds:.1f} s; "
        f"bot's answer → screen drawn: median {statistics.median(ms):.1f} ms, p90 {p90:.1f}, p99 {p99:.1f}, "
        f"max {ms[-1]:.1f} (budget {args.budget_ms:g} ms)"
    )
    print(
        f"a redraw's CPU in the drawing thread: median {1000 * statistics.median(drawing):.1f} ms over "
        f"{len(drawing)} redraws; the machine's load average was {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores"
    )
    return 0 if p99 <= args.budget_ms else 1


if __name__ == "__main__":
    sys.exit(main())
