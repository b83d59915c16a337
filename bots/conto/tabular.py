"""A tabular conto policy trained in PettingZoo: the worked example of docs/research.md.

Two decisions only, each made from a two-number summary of what the seat sees:

- the *shortfall* of the plate on the table: the quantity it claims that the seat's
  own cards and the face-up cards do not cover (its jokers covering any rank), and
- the plate's *size*: the quantity it claims in all;

and two macro actions: call the bill, or declare the legal plate with the smallest
shortfall (the first such in the engine's order).  The table holds, per summary, the
mean deal reward (0, or -1 for the seat that pays) of each macro action, learned by
Monte Carlo control with ε-greedy exploration in self-play (`train`).  Everything reads
records by attribute (`plate`, `rank`, `quantity`, `hand`, `revealed`), which the
engine's view and the protocol's view share, so the bot plays what was trained.
"""

from __future__ import annotations

import argparse
import json
import random
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

__all__ = [
    "Summary",
    "summary",
    "shortfall",
    "best_declaration",
    "choose",
    "train",
    "evaluate_in_openspiel",
    "save",
    "load",
    "DEFAULT_TABLE",
]

#: The table trained by `python -m bots.conto.tabular` with its defaults, shipped so the bot runs.
DEFAULT_TABLE = Path(__file__).with_name("tabular_policy.json")

JOKER = "W"
DECLARE, BILL = 0, 1
Summary = tuple[int, int]


def shortfall(plate: Iterable[Any], hand: Sequence[str], revealed: Iterable[Any]) -> int:
    """What `plate` claims beyond the seat's own cards and the face-up ones."""
    seen = [card for card in hand if card != JOKER] + [card.rank for card in revealed]
    missing = sum(max(0, portata.quantity - seen.count(portata.rank)) for portata in plate)
    return max(0, missing - hand.count(JOKER))


def summary(view: Any) -> Summary:
    """The table's key: the plate's shortfall (at most 4) and size (at most 8)."""
    plate = list(view.plate)
    size = sum(portata.quantity for portata in plate)
    return min(shortfall(plate, list(view.hand), view.revealed), 4), min(size, 8)


def best_declaration(view: Any, plates: Sequence[Sequence[Any] | None]) -> int:
    """The index of the declaration with the smallest shortfall; None in `plates` is the bill."""
    hand, revealed = list(view.hand), list(view.revealed)
    scored = [(shortfall(plate, hand, revealed), index) for index, plate in enumerate(plates) if plate is not None]
    return min(scored)[1]


def choose(
    table: dict[Summary, list[float]],
    view: Any,
    plates: Sequence[Sequence[Any] | None],
    epsilon: float = 0.0,
    rng: random.Random | None = None,
) -> tuple[int, int]:
    """(index of the chosen action, macro action) for a decision whose legal actions'
    plates are `plates` (None for the bill)."""
    can_bill = any(plate is None for plate in plates)
    values = table.get(summary(view), [0.0, 0.0])
    if not can_bill:
        macro = DECLARE
    elif rng is not None and rng.random() < epsilon:
        macro = rng.choice((DECLARE, BILL))
    else:
        macro = BILL if values[BILL] > values[DECLARE] else DECLARE
    if macro == BILL:
        return plates.index(None), BILL
    return best_declaration(view, plates), DECLARE


def _engine_plates(actions: Sequence[Any]) -> list[Any]:
    return [None if str(action) == "il conto" else action.plate for action in actions]


def train(deals: int, players: int = 3, epsilon: float = 0.2, seed: int = 0) -> dict[Summary, list[float]]:
    """Monte Carlo control in self-play: every seat plays the table ε-greedily; each macro
    action's value is the mean final reward of the deals it was taken in."""
    from arena.envs import env  # noqa: PLC0415 — training needs PettingZoo, the bot does not

    rng = random.Random(seed)
    table: dict[Summary, list[float]] = {}
    counts: dict[Summary, list[int]] = {}
    game = env("conto", players=players, deals=1)
    for deal in range(deals):
        game.reset(seed=seed * 1_000_003 + deal)
        taken: dict[str, list[tuple[Summary, int]]] = {agent: [] for agent in game.possible_agents}
        returns = dict.fromkeys(game.possible_agents, 0.0)
        for agent in game.agent_iter():
            _, reward, termination, truncation, info = game.last()
            returns[agent] += reward
            if termination or truncation:
                game.step(None)
                continue
            view, legal = info["view"], info["legal_actions"]
            index, macro = choose(table, view, _engine_plates(legal), epsilon, rng)
            taken[agent].append((summary(view), macro))
            game.step(index)
        for agent, decisions in taken.items():
            for key, macro in decisions:
                values = table.setdefault(key, [0.0, 0.0])
                seen = counts.setdefault(key, [0, 0])
                seen[macro] += 1
                values[macro] += (returns[agent] - values[macro]) / seen[macro]
    return table


def evaluate_in_openspiel(
    table: dict[Summary, list[float]], games: int, players: int = 3, seed: int = 0
) -> tuple[float, float]:
    """The table against OpenSpiel's uniform random bots in `games` one-deal matches of
    `arena_conto` played by OpenSpiel's `evaluate_bots`, the table taking each seat in
    turn: the share of deals the table lost and the share a random bot lost (a seat pays
    one deal in `players`: 1/players is par)."""
    import numpy as np  # noqa: PLC0415
    import pyspiel  # noqa: PLC0415
    from open_spiel.python.algorithms.evaluate_bots import evaluate_bots  # noqa: PLC0415

    import arena.openspiel  # noqa: F401,PLC0415 — registers arena_conto

    class TableBot(pyspiel.Bot):
        def step(self, state: Any) -> int:
            match = state.match
            view, legal = match.view(match.current_seat()), match.legal_actions()
            return choose(table, view, _engine_plates(legal))[0]

        def restart_at(self, state: Any) -> None:
            pass

    game = pyspiel.load_game("arena_conto", {"players": players})
    rng = np.random.RandomState(seed)
    table_lost = random_lost = 0.0
    for index in range(games):
        seat = index % players
        bots = [TableBot() if s == seat else pyspiel.make_uniform_random_bot(s, seed + index) for s in range(players)]
        returns = evaluate_bots(game.new_initial_state(), bots, rng)
        table_lost -= returns[seat]
        random_lost -= sum(returns) - returns[seat]
    return table_lost / games, random_lost / (games * (players - 1))


def save(table: dict[Summary, list[float]], path: Path) -> None:
    rows = [{"shortfall": k[0], "size": k[1], "declare": v[DECLARE], "bill": v[BILL]} for k, v in sorted(table.items())]
    path.write_text(json.dumps(rows, indent=1) + "\n")


def load(path: Path = DEFAULT_TABLE) -> dict[Summary, list[float]]:
    return {(row["shortfall"], row["size"]): [row["declare"], row["bill"]] for row in json.loads(path.read_text())}


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Train the tabular conto policy in PettingZoo.")
    parser.add_argument("--deals", type=int, default=4000)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--epsilon", type=float, default=0.2)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, default=DEFAULT_TABLE)
    parser.add_argument("--evaluate", type=int, default=0, help="then play this many deals in OpenSpiel against random")
    parser.add_argument("--no-train", action="store_true", help="evaluate the table in --out as it is")
    args = parser.parse_args(argv)
    if not args.no_train:
        table = train(args.deals, args.players, args.epsilon, args.seed)
        save(table, args.out)
        print(f"{len(table)} situations learned from {args.deals} deals; written to {args.out}")
    if args.evaluate:
        mine, theirs = evaluate_in_openspiel(load(args.out), args.evaluate, args.players, args.seed)
        print(
            f"OpenSpiel, {args.evaluate} deals against uniform random bots, the table in each seat in turn: "
            f"the table lost {mine:.1%} of them, a random bot {theirs:.1%} (par {1 / args.players:.1%})"
        )


if __name__ == "__main__":
    main()
