"""`arena export --format pbn`: every stored bridge board as a PBN game, seats named after
the match's bots and each game marked with its match key; other games refused (exit 2)."""

from __future__ import annotations

import random

from endplay.parsers import pbn as endplay_pbn
from test_store import make_config, play_record, rotated

import engine
from arena.cli import main
from arena.records import Fault, FaultKind, MatchRecord, MatchSlot
from arena.results import ResultStore
from engine.bridge import BoardDealt, Called, CardPlayed, read_pbn

NAMES = ("ada", "bea", "cid", "dan")
BOARDS = 4


def bridge_record(seed: int, names: tuple[str, ...]) -> MatchRecord:
    """A bridge match played at random, passing often; one seat times out on board 3."""
    state = engine.load("bridge").new_match(seed=seed, deals=BOARDS)
    rng = random.Random(seed)
    faults = []
    while not state.is_terminal():
        seat = state.current_seat()
        if state.board == 3 and len(state.history) % 7 == 0:
            faults.append(Fault(seat, names[seat], FaultKind.TIMEOUT, "no answer within 1 s", 3))
            state.forfeit(seat, "timeout: no answer within 1 s")
            continue
        actions = state.legal_actions()
        state.apply(actions[0] if rng.random() < 0.5 and actions[0].text == "pass" else rng.choice(actions))
    return MatchRecord(
        match_id=f"m{seed}",
        game="bridge",
        players=4,
        options={},
        seed=seed,
        deals=BOARDS,
        names=names,
        result=state.result(),
        standing=state.standing(),
        history=state.history,
        faults=tuple(faults),
        comments=(),
        latencies=tuple((0.01,) for _ in names),
        seconds=1.0,
    )


def bridge_store(tmp_path):
    """Two tables of the same boards, the partnerships' seats swapped."""
    config = make_config(tmp_path, name="bridge-zoo", game="bridge", deals=BOARDS)
    records = {}
    with ResultStore.open(config.results, config) as store:
        for p in range(2):
            key = f"r1-t1-p{p + 1}"
            records[key] = bridge_record(5, rotated(NAMES, p))
            store.save(MatchSlot(key, 1, 1, p, 5, records[key].names), records[key])
        finished = {m.key: m.finished_at for m in store.matches(history=False)}
    return config.results, records, finished


def run(capsys, *argv: object) -> tuple[int, str, str]:
    code = main([str(arg) for arg in argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_every_board_of_every_match_is_a_pbn_game(tmp_path, capsys):
    path, records, finished = bridge_store(tmp_path)
    code, out, err = run(capsys, "export", path, "--format", "pbn")
    assert code == 0 and err == ""
    assert out.startswith("% PBN 2.1\n% EXPORT\n\n")
    boards = read_pbn(out)
    assert len(boards) == 2 * BOARDS
    for (key, record), games in zip(records.items(), (boards[:BOARDS], boards[BOARDS:])):
        assert out.count(f"{{Arena match {key}: round 1, table 1, rotation {int(key[-1]) - 1}}}") == BOARDS
        dealt = [e for e in record.history if isinstance(e, BoardDealt)]
        for game, board in zip(games, dealt):
            tags = dict(game.tags)
            assert (tags["Event"], tags["Site"]) == ("bridge-zoo", "Arena")
            assert tags["Date"] == finished[key][:10].replace("-", ".")
            assert game.board == board.board
            assert game.players == record.names  # seat 0 North, 1 East, 2 South, 3 West
            assert (tags["North"], tags["West"]) == (record.names[0], record.names[3])
            assert game.hands == tuple(h.cards for h in board.hands)
            calls = [e.call for e in record.history if isinstance(e, Called) and e.board == board.board]
            cards = [e.card for e in record.history if isinstance(e, CardPlayed) and e.board == board.board]
            assert (list(game.auction), list(game.play)) == (calls, cards)
    # Both tables hold the same cards, with the bots' seats swapped.
    assert [b.hands for b in boards[:BOARDS]] == [b.hands for b in boards[BOARDS:]]
    assert boards[0].players != boards[BOARDS].players
    assert "forfeits board 3" in out
    assert len(endplay_pbn.loads(out)) == 2 * BOARDS


def test_pbn_to_a_file_counts_boards(tmp_path, capsys):
    path, _, _ = bridge_store(tmp_path)
    target = tmp_path / "boards.pbn"
    code, out, err = run(capsys, "export", path, "--format", "pbn", "-o", target)
    assert code == 0 and out == ""
    assert err == f"{2 * BOARDS} boards written to {target}\n"
    assert len(read_pbn(target.read_text())) == 2 * BOARDS


def test_pbn_is_refused_for_another_game(tmp_path, capsys):
    config = make_config(tmp_path)  # conto
    with ResultStore.open(config.results, config) as store:
        record = play_record(1)
        store.save(MatchSlot("r1-t1-p1", 1, 1, 0, record.seed, record.names), record)
    target = tmp_path / "boards.pbn"
    code, out, err = run(capsys, "export", config.results, "--format", "pbn", "-o", target)
    assert code == 2 and out == ""
    assert err == f"arena: --format pbn writes bridge boards, and {config.results} holds conto matches.\n"
    assert not target.exists()


def test_pbn_has_no_stats_table(tmp_path, capsys):
    path, _, _ = bridge_store(tmp_path)
    code, _, err = run(capsys, "export", path, "--format", "pbn", "--table", "stats")
    assert code == 2
    assert err == "arena: --format pbn writes the boards themselves; --table stats has only csv and jsonl.\n"
