"""A bot that knows the tournament file (its seed) and the deal formula cannot compute
its hands: the deals mix the results file's secret in, and the match id it is told names
no round or table.  With `public_deals = true` the same bot finds them: the attack is real.
"""

import re
from pathlib import Path

import pytest
import trio
from fakebot import FakeSeat
from test_tournament import arena, write_tournament

import engine
from arena.play import play_match
from arena.run.schedule import bot_match_id, match_seed

SEED = 5


def _tournament(tmp_path: Path, public: bool) -> Path:
    guesser = ["python", "tests/fixtures/bots/deal_guesser.py", f"--seed={SEED}", "--rounds=1", "--tables=1"]
    bots = {
        "guesser": [*guesser, "--deals=2"],
        "r1": ["python", "bots/random_bot.py"],
        "r2": ["python", "bots/random_bot.py", "--seed=2"],
    }
    return write_tournament(tmp_path, "guess", bots, seats=3, deals=2, seed=SEED, public_deals=public)


def _what_the_guesser_said(tmp_path: Path) -> set[str]:
    log = (tmp_path / "logs" / "arena.log").read_text()
    return set(re.findall(r"\(guesser\) says: (knew r\d+-t\d+|guessed nothing)", log))


@pytest.mark.parametrize("public", [False, True], ids=["secret deals", "public deals"])
def test_a_bot_that_knows_the_seed_computes_no_deal_unless_the_deals_are_public(tmp_path, public):
    run = arena("run", _tournament(tmp_path, public))
    assert "3 matches played" in run.stdout
    said = _what_the_guesser_said(tmp_path)
    if public:
        assert said == {"knew r1-t1"}, said
        assert "Deals were public" in run.stdout
    else:
        assert said == {"guessed nothing"}, said
        assert "Deals were public" not in run.stdout


def test_the_bots_are_told_an_opaque_match_id():
    secret = "s" * 64
    told = bot_match_id("r1-t2-p3", secret)
    assert re.fullmatch(r"m-[0-9a-f]{16}", told)
    assert told != bot_match_id("r1-t2-p3", "other secret") != bot_match_id("r1-t2-p2", secret)
    seats = [FakeSeat(name) for name in ("a", "b", "c")]
    game = engine.load("conto", players=3)
    record = trio.run(
        lambda: play_match(game, seats, seed=1, deals=1, match_id="r1-t2-p3", bot_match_id=told, in_trio=True)
    )
    assert record.match_id == "r1-t2-p3"  # the arena's own record keeps the key
    assert {seat.received[0].match_start.match_id for seat in seats} == {told}


def test_the_deals_mix_the_secret_in_unless_they_are_public():
    assert match_seed(5, 1, 1, "x") != match_seed(5, 1, 1, "y") != match_seed(5, 1, 1)
    assert match_seed(5, 1, 1, "") == match_seed(5, 1, 1)
