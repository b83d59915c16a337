"""A human seat through the referee, in process (issue 41): it is told exactly what its
seat may know (the view the engine gives that seat at that moment, the events as that
seat may see them), out-of-turn chances and dummy's cards are asked with a visible
prompt, and a typed choice is read by number or notation, a wrong one refused in a line.
"""

from __future__ import annotations

import random

import pytest
import trio

import engine
from arena.clock import TimeControl
from arena.human import NO_CLOCK, HumanSeat, SeatBoard
from arena.human.board import Picture
from arena.play import RecordRequest, play_match
from arena.v1 import arena_pb2 as pb
from tests.fakebot import FakeSeat

GAMES = {"conto": 3, "invido": 2, "vegas": 3, "bridge": 4, "frederik": 3}


class ScriptedFront:
    """A front whose "human" picks at random, keeping what it was shown."""

    def __init__(self, seed: int, history: list[engine.Event]) -> None:
        self.rng = random.Random(seed)
        self.history = history  # the referee's full log so far (play_match's on_event)
        self.asked: list[tuple[int, engine.View, engine.Turn, Picture]] = []
        self.pictures: list[Picture] = []

    def start(self) -> None: ...

    async def farewell(self) -> None: ...

    def close(self) -> None: ...

    def show(self, board: SeatBoard) -> None:
        self.pictures.append(board.picture)

    async def choose(self, board: SeatBoard) -> int:
        request = board.request
        assert request is not None
        self.asked.append((len(self.history), request.view, request.turn, board.picture))
        return self.rng.randrange(len(request.legal_actions))


def play(game_name: str, human_at: int, seed: int) -> tuple[engine.Game, ScriptedFront, object]:
    players = GAMES[game_name]
    game = engine.load(game_name, players=players)
    history: list[engine.Event] = []
    front = ScriptedFront(seed, history)
    seats: list[object] = [FakeSeat(f"bot{i}", seed=seed + i) for i in range(players - 1)]
    seats.insert(human_at, HumanSeat("me", game, front))
    controls = [NO_CLOCK if i == human_at else TimeControl.per_move(5.0) for i in range(players)]

    async def run():
        return await play_match(
            game,
            seats,  # type: ignore[arg-type]
            seed=seed,
            deals=2,
            time_controls=controls,
            on_event=history.append,
        )

    return game, front, trio.run(run)


@pytest.mark.parametrize("game_name", sorted(GAMES))
def test_the_human_is_told_exactly_what_the_seat_may_know(game_name: str) -> None:
    for human_at in range(GAMES[game_name]):
        game, front, record = play(game_name, human_at, seed=7 + human_at)
        assert front.asked, "the human was never asked"
        for known, view, turn, _ in front.asked:
            # The view at that moment is the engine's own view of that seat: nothing more.
            assert game.replay(record.history[:known]).view(human_at) == view  # type: ignore[attr-defined]
            assert turn.seat == human_at
        # Every line drawn is an event as this seat may see it, all of them, in order.
        final = front.pictures[-1]
        assert final.finished and any("(you)" in line for line in final.result)
        drawn = [line for line in final.history if not line.startswith("─")]
        seen = [e.visible_to(human_at) for e in record.history]  # type: ignore[attr-defined]
        assert drawn == [e.text for e in seen if e is not None]
        # The title counts the deals in the game's own word, the one its log writes ("giocata 1: …").
        titles = {picture.title.split(" · ")[1] for _, _, _, picture in front.asked}
        assert titles <= {f"{game.spec.deal_word} {n} of 2" for n in (1, 2)} and titles, titles


def test_frederik_asks_out_of_turn_with_a_visible_prompt() -> None:
    prompts = set()
    for seed in range(4):
        _, front, _ = play("frederik", 0, seed)
        for _, _, turn, picture in front.asked:
            if turn.kind is engine.DecisionKind.INTERRUPT:
                prompts.add(picture.prompt.split(":")[0])
    assert prompts == {"OUT OF TURN"}


def test_a_bridge_declarer_is_asked_to_play_the_dummys_cards() -> None:
    for seed in range(40):
        _, front, _ = play("bridge", 0, seed)
        for _, _, turn, picture in front.asked:
            if turn.acting_seat != turn.seat:
                assert picture.prompt.startswith(f"YOUR TURN: play for seat {turn.acting_seat}")
                assert any(row.label == "dummy" and row.cards for row in picture.cards)
                return
    pytest.fail("in 40 boards the human never played dummy's cards")


def test_a_choice_is_read_by_number_or_notation_and_a_wrong_one_is_refused() -> None:
    game = engine.load("invido", players=2)
    state = game.new_match(seed=1)

    board = SeatBoard(game, pb.MatchStart(seat=state.current_seat(), names=["me", "you"]))
    legal = state.legal_actions()
    view = state.view(state.current_seat())
    board.ask(RecordRequest(1, 0, view, legal, (), state.turn(), 1, 1, (0.0, 0.0), (0.0, 0.0)))
    assert board.read("2") == 1
    assert board.read(f"  {legal[-1].text.upper()} ") == len(legal) - 1
    assert board.read("0") == f"0 is not an action's number: they run from 1 to {len(legal)}"
    assert "not a legal action now" in board.read("²")  # a digit to str.isdigit(), not to int()
    wrong = board.read("fly away")
    assert isinstance(wrong, str) and "not a legal action now" in wrong and "\n" not in wrong
