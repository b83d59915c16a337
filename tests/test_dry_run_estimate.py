"""The dry run's estimate: every bot that started in the timing sample, a match priced at its likely
length, no match of a bot that did not start."""

from __future__ import annotations

import socket
import tempfile
from itertools import combinations
from types import SimpleNamespace

from test_tournament import arena_here

import engine
from arena.run.dryrun import expected_deals, sample_tables


def test_the_sample_seats_every_bot_when_the_schedule_order_would_leave_one_out():
    # invido's six bots in pairs: in schedule order the first four tables are random's,
    # which left the sixth bot (ISMCTS, the slowest) out of the estimate.
    bots = ["random", "rules", "cautious", "bluffer", "wild", "ismcts"]
    schedule = [SimpleNamespace(names=pair, rotation=0) for pair in combinations(bots, 2)]
    chosen = sample_tables(schedule)  # type: ignore[arg-type]
    assert {name for slot in chosen for name in slot.names} == set(bots)
    assert len(chosen) == 3 and chosen[0] is schedule[0]


def test_a_match_is_priced_at_its_typical_length_when_its_deals_are_a_cap():
    invido, conto = engine.load("invido").spec, engine.load("conto").spec
    assert invido.typical_deals is not None and conto.typical_deals is None
    assert expected_deals(invido, 200) == invido.typical_deals < 200  # first to 24, not 200 giocate
    assert expected_deals(invido, 5) == 5  # a cap below the typical length is reached
    assert expected_deals(conto, 12) == 12  # conto plays exactly its deals


def test_a_bot_that_does_not_answer_is_left_out_of_the_sample_and_the_estimate(tmp_path, capsys, monkeypatch):
    # Seated in the sample, a bot at an address nobody listens on cost the sample its
    # start-up wait a second time, and the estimate charged that wait to every deal.
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))  # the logs a failed start keeps
    with socket.socket() as probe:  # a port of this machine with no listener
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    in_process = 'module = "bots.random_bot:RandomBot"'
    far = f'address = "127.0.0.1:{port}"\nstartup_timeout = 2'
    bots = [("a", in_process), ("b", in_process), ("c", in_process), ("far", far)]
    path = tmp_path / "far.toml"
    path.write_text(
        f'[tournament]\nname = "far"\ngame = "conto"\nseats = 3\ndeals = 4\nresults = "{tmp_path / "far.sqlite"}"\n'
        + "".join(f'\n[[bot]]\nname = "{name}"\n{key}\n' for name, key in bots)
    )
    code, out, err = arena_here(capsys, "run", path, "--dry-run")
    assert code == 1, out + err
    assert "Timing sample: 3 deals at 1 table (a, b, c)" in out, "the start check waits for it, the sample not again"
    assert "Estimated time for the 3 matches left whose bots all started" in out
    assert "not counted, the 9 matches of far, which did not start or answer" in out
    assert f"far did not answer at 127.0.0.1:{port}" in out


def test_no_estimate_when_every_table_seats_a_bot_that_did_not_start():
    schedule = [SimpleNamespace(names=("a", "b", "far"), rotation=0)]
    assert sample_tables(schedule, without=["far"]) == []  # type: ignore[arg-type]
