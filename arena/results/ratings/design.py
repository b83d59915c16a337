"""What the results can and cannot say, read from them before the fit: the bots they
only bound (one-sided), the groups they connect, and how many deal families the
cluster-robust intervals need.

    Design              what the intervals rest on, and what the data cannot say, in words
    Tally, tallies      how often each bot finished ahead of another side, and behind one
    one_sided           the bots that finished ahead of (behind) every other side every time
    THIN                the fewest results one way for a symmetric (Wald) interval
    groups              the bots in groups that the results connect
    families_per_unit   the fewest deal families any rated unit played in
    FAMILIES_PER_UNIT   how many the sandwich covariance needs (and more in all than parameters)
    small_sample        the sandwich's widening for few families (Student t)
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

__all__ = [
    "FAMILIES_PER_UNIT",
    "Z95",
    "THIN",
    "Design",
    "Tally",
    "families_per_unit",
    "groups",
    "one_sided",
    "small_sample",
    "t_quantile",
    "seats_aside",
    "tallies",
]

Z95 = 1.959963984540054

#: The fewest deal families every rated unit (bot or partnership) must have played in for
#: the intervals to be cluster-robust.  A unit's rating rests on its own families' scores:
#: with fewer, the sandwich's estimate of their spread is too noisy, and the inverse
#: Hessian is used.  Counted per unit, not in all: ten bots at four seats put each bot in
#: only 40% of the families.  Five, because from five on the sandwich with Student's t
#: (`small_sample`) covers 0.946-0.973 where the inverse Hessian, blind to the seat luck
#: that duplicate deals cancel, covers 0.98 (`benchmarks/ratings_switch.py`, issue 40).
FAMILIES_PER_UNIT = 5


def families_per_unit(rows: Iterable[tuple[tuple, object]], names: list[str]) -> int:
    """The fewest distinct deal families any of `names` took part in: `rows` holds each
    observation's canonical key (sides, ranks) and its family."""
    seen: dict[str, set[object]] = {name: set() for name in names}
    for (sides, _), family in rows:
        for side in sides:
            for bot in side:
                seen[bot].add(family)
    return min((len(families) for families in seen.values()), default=0)


def t_quantile(df: float) -> float:
    """The 97.5% quantile of Student's t with `df` degrees of freedom (Cornish-Fisher
    expansion about the normal's, Abramowitz & Stegun 26.7.5: 4 digits from df = 5)."""
    z = Z95
    terms = (
        (z**3 + z) / 4,
        (5 * z**5 + 16 * z**3 + 3 * z) / 96,
        (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / 384,
        (79 * z**9 + 776 * z**7 + 1482 * z**5 - 1920 * z**3 - 945 * z) / 92160,
    )
    return z + sum(term / df ** (k + 1) for k, term in enumerate(terms))


def small_sample(per_unit: int) -> float:
    """The factor on the sandwich covariance for units each in at least `per_unit`
    families: (t_{per_unit - 1} / z)^2, so that the printed ±1.96 sd is the Student
    interval a unit's own families support (Cameron and Miller's advice for few
    clusters: t with G - 1 degrees of freedom, G here counted per unit)."""
    return (t_quantile(per_unit - 1) / Z95) ** 2 if per_unit > 1 else math.inf


#: A rated bot with fewer results than this one way (`Tally.fewest`) gets the profile
#: likelihood-ratio interval instead of Elo ± 1.96 sd: its likelihood rests on a count
#: that small, and is lopsided where the Wald interval is symmetric (issue 40: a bot at
#: +900 that lost twice in 400 deals was 220 Elo low, and its Wald interval never reached
#: the truth, while the likelihood-ratio one did every time).
THIN = 5


@dataclass(frozen=True)
class Tally:
    """How often a bot finished ahead of another side, and behind another side, its
    observations' weights summed.  Every model's likelihood rests on these two counts:
    Il Conto's "who loses" on the deals lost (behind) and not lost (ahead), a pairwise
    model's on the wins and the losses (a draw counts neither way), Plackett-Luce's on
    both, a middle place counting once each way."""

    ahead: float = 0.0
    behind: float = 0.0

    @property
    def fewest(self) -> float:
        """The smaller of the two counts: 0 for a bot the data only bound."""
        return min(self.ahead, self.behind)


def tallies(keys: list[tuple], weights: Iterable[float], names: list[str]) -> dict[str, Tally]:
    """Each bot's `Tally` over the canonical observations `keys` (with their `weights`);
    a bot on several sides of one observation counts once each way it went."""
    ahead = dict.fromkeys(names, 0.0)
    behind = dict.fromkeys(names, 0.0)
    for (sides, ranks), weight in zip(keys, map(float, weights)):
        best, worst = min(ranks), max(ranks)
        went_ahead = {bot for side, rank in zip(sides, ranks) if rank < worst for bot in side}
        went_behind = {bot for side, rank in zip(sides, ranks) if rank > best for bot in side}
        for bot in went_ahead:
            ahead[bot] += weight
        for bot in went_behind:
            behind[bot] += weight
    return {name: Tally(ahead[name], behind[name]) for name in names}


def one_sided(keys: list[tuple], names: list[str]) -> dict[str, str]:
    """The bots that never finished behind (ahead of) another side: name -> "won" ("lost") every time."""
    out = {}
    for name, tally in tallies(keys, [1.0] * len(keys), names).items():
        if not tally.ahead:
            out[name] = "lost"
        elif not tally.behind:
            out[name] = "won"
    return out


def groups(keys: list[tuple], names: list[str]) -> tuple[tuple[str, ...], ...]:
    """The bots in groups that met (directly or through common opponents) in a result
    that orders them: more than one group, and the data do not compare the groups."""
    parent = {name: name for name in names}

    def root(name: str) -> str:
        while parent[name] != name:
            parent[name] = parent[parent[name]]
            name = parent[name]
        return name

    for sides, ranks in keys:
        if len(set(ranks)) < 2:
            continue  # a tie of all sides orders no one
        bots = [bot for side in sides for bot in side]
        for bot in bots[1:]:
            parent[root(bot)] = root(bots[0])
    grouped: dict[str, list[str]] = {}
    for name in names:
        grouped.setdefault(root(name), []).append(name)
    return tuple(sorted((tuple(group) for group in grouped.values()), key=lambda group: (-len(group), group)))


@dataclass(frozen=True)
class Design:
    """What the intervals rest on, for the table to say.

    ``families``: the number of deal families whose scores gave the cluster-robust
    (sandwich) covariance; 0 when it is the inverse Hessian (no families given, or too
    few for some rated unit: `design.FAMILIES_PER_UNIT`).  ``prior_games``: the prior's virtual draws per bot.
    ``one_sided``: the bots that finished ahead of ("won") or behind ("lost") every other
    side every time, whose rating the data only bound (the prior sets it).  ``groups``:
    the bots in groups that the results connect; with more than one, the data do not
    compare the groups.  ``prior_on``: the bots whose rating the prior entered (the
    one-sided ones; every bot when the results alone do not determine the ratings).
    ``centred_on``: the bots whose mean is 0 when some are one-sided (a rating the prior
    sets would otherwise move the others'); empty: all of them, or the anchor.
    ``per_unit``: the fewest deal families any rated unit played in (0: none given).
    ``likelihood_ratio``: the bots whose interval is the likelihood-ratio one.
    """

    families: int = 0
    prior_games: float = 0.0
    one_sided: dict[str, str] = field(default_factory=dict)
    groups: tuple[tuple[str, ...], ...] = ()
    prior_on: tuple[str, ...] = ()
    centred_on: tuple[str, ...] = ()
    #: The fewest deal families any rated unit played in (0: no families given); the
    #: sandwich needs `design.FAMILIES_PER_UNIT`.
    per_unit: int = 0
    #: The rated bots with fewer than `THIN` results one way, whose ``low``/``high`` are the
    #: profile likelihood-ratio interval's ends, and their counts.
    likelihood_ratio: dict[str, Tally] = field(default_factory=dict)
    #: When every unit had its `FAMILIES_PER_UNIT` but the families in all were no more than
    #: the fit's parameters (8 bots at 8 seats in 6 families): those two numbers, since the
    #: sandwich's middle, a sum over the families of scores that sum to zero, then cannot
    #: span every rating (some would get no spread at all); 0 otherwise.
    families_in_all: int = 0
    parameters: int = 0

    def prior_text(self, count: int) -> str:
        """The prior in words, for the note under a table of `count` bots."""
        if not self.prior_games:
            return "no prior (plain maximum likelihood)"
        draws = f"a prior of {self.prior_games:g} virtual draws per bot against the pool mean"
        if len(self.prior_on) == count:
            return f"{draws}, in every rating (the results alone do not determine them)"
        if not self.prior_on:
            return f"{draws}, used only for a bot the data only bound (none here: plain maximum likelihood)"
        return (
            f"{draws}, used only for {', '.join(self.prior_on)}, which the data only bound "
            "(the other ratings are plain maximum likelihood)"
        )

    @property
    def disconnected(self) -> bool:
        return len(self.groups) > 1

    def interval_text(self, rate_by: str) -> str:
        """How the ±95% was computed, for the note under a table rated by `rate_by`."""
        unit = "pair" if rate_by == "board" else "bot"
        if self.families:
            family = {"match": "a table's rotations in a round", "board": "a board at its two tables"}.get(
                rate_by, "one deal at all its rotations"
            )
            return (
                f"±95% cluster-robust over {self.families} deal families ({family}; each {unit} played in at least "
                f"{self.per_unit} of them, and the ± uses Student's t with {self.per_unit - 1} degrees of freedom; "
                "duplicate deals narrow it as much as they remove luck)"
            )
        if self.parameters:
            return (
                f"±95% from the inverse Hessian, which counts every deal as independent: the cluster-robust "
                f"interval needs more deal families than the fit's {self.parameters} parameters, and there were "
                f"{self.families_in_all} (play more rounds)"
            )
        if self.per_unit:
            return (
                f"±95% from the inverse Hessian, which counts every deal as independent: the cluster-robust "
                f"interval needs each {unit} in {FAMILIES_PER_UNIT} deal families, and one played in only "
                f"{self.per_unit} (play more rounds)"
            )
        return "±95% from the inverse Hessian"

    def notes(
        self, unit: str, played: Mapping[str, float] | None = None, seats: Mapping[str, float] | None = None
    ) -> list[str]:
        """What the data cannot say, for lines under the table: ratings only bounded,
        groups never compared (`unit`: what was rated, "deals", "matches"…; `played`:
        how many each bot took part in, for how many more a bounded one needs; `seats`:
        the same once per seat held, for a bot that held more than one of a match)."""
        notes = []
        for name, side in sorted(self.one_sided.items()):
            word = "never finished behind another bot" if side == "won" else "never finished ahead of another bot"
            count = (played or {}).get(name, 0.0)
            # After n results one way, the other result's chance is below p = 1 - 0.05^(1/n)
            # at 95% confidence (about 3/n, the rule of three, for large n); even at that
            # chance the wait for one is 1/p on average, computed from p as printed.
            percent = max(1, math.floor(100 * (1.0 - 0.05 ** (1.0 / count)) + 0.5)) if count else 100
            more = (
                f": after {_counted(count, unit)} all one way, the chance of the other result is below "
                f"{percent}% at 95% confidence, and even at that chance one takes about "
                f"{_counted(max(1, math.floor(100 / percent + 0.5)), unit, 'more ')} on average to come"
                if count
                else ""
            )
            centred = " (the table is centred on the other bots)" if self.centred_on else ""
            notes.append(
                f"{name} {word} in its {_counted(count, unit) if count else unit}"
                f"{seats_aside((seats or {}).get(name))}: the data bound its rating only "
                f"from {'below' if side == 'won' else 'above'}, and its Elo is where the prior puts it{centred}; "
                "no interval is shown, and its LOS values are not to be trusted. It needs a result the other "
                f"way before it can be rated{more}."
            )
        if self.disconnected:
            groups = "; ".join(", ".join(group) for group in self.groups)
            notes.append(
                f"These groups of bots never met one another, directly or through common opponents: {groups}. "
                "Their ratings are comparable within a group only; between groups, Elo and LOS rest on the "
                "prior alone."
            )
        return notes


_SINGULAR = {"deals": "deal", "matches": "match", "boards": "board"}


def seats_aside(seats: float | None) -> str:
    """For a bot that held more than one seat of a match, what reconciles its count with
    the table's, which counts one per seat held; "" otherwise."""
    return "" if seats is None else f", {seats:g} in the table, which counts one per seat it held"


def _counted(count: float, unit: str, word: str = "") -> str:
    """`count` `unit`, in the singular for exactly one: "1 deal", "20 deals", "7 more deals"."""
    return f"{count:g} {word}{_SINGULAR.get(unit, unit) if count == 1 else unit}"
