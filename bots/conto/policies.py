"""The heuristic conto policies on an `Info`: honest, probabilist, bluffer (and the
adaptive bot's P(true) through `probabilist_choice(current=...)`), written once and used
by the bots; the policy types the search models and recognises."""

from __future__ import annotations

from bots.conto.odds import prob_true, supported
from bots.conto.reading import Act, Info, Plate

# --- ordering of declarations ------------------------------------------------------------


def raise_key(plate: Plate, reveals: int | None) -> tuple[int, int, int]:
    """Smaller is a smaller raise: total quantity, then the ranks, then no reveal first."""
    return (sum(q for _, q in plate), sum(r for r, _ in plate), reveals is not None)


# --- the heuristic policies (on an Info) --------------------------------------------------


def scored_declarations(info: Info) -> list[tuple[float, Act]]:
    """Every legal declaration with its exact P(true) from my view, best first."""
    known = info.known
    hidden = info.hidden
    scored = [(prob_true(a.plate, known, hidden), a) for a in info.actions if not a.is_bill]
    scored.sort(key=lambda pa: (-pa[0], raise_key(pa[1].plate, pa[1].reveals)))
    return scored


def honest_choice(info: Info, threshold: float = 0.25, order: str = "smallest", vouch: str = "portata") -> int:
    """Only supported declarations; the bill when the plate looks impossible
    (P(true) < threshold) or when nothing supported is left.

    `order` picks among supported declarations: "smallest" raise first, or "largest"
    (jump to the biggest plate it can vouch for, leaving the next player less room).
    `vouch` says what must be supported: the "portata" the move changes (what the move
    claims; the rest of the plate is the others' claim, left standing unless the bill is
    called; never a bluff in the statistics' sense), or, stricter, the whole "plate"
    after the move."""
    bill = info.bill
    known = info.known
    if bill is not None and prob_true(info.plate, known, info.hidden) < threshold:
        return bill.index
    if vouch == "portata":
        good = [
            a for a in info.actions if not a.is_bill and a.slot is not None and supported((a.plate[a.slot],), known)
        ]
    else:
        good = [a for a in info.actions if not a.is_bill and supported(a.plate, known)]
    if good:
        pick = max if order == "largest" else min
        return pick(good, key=lambda a: raise_key(a.plate, a.reveals)).index
    if bill is not None:
        return bill.index
    decl = info.declarations  # no bill before the first declaration: smallest raise
    return min(decl, key=lambda a: raise_key(a.plate, a.reveals)).index


def probabilist_choice(info: Info, threshold: float = 0.5, current: float | None = None) -> int:
    """Bill when P(current plate) < threshold, else the declaration most likely true.

    `current`, when given, replaces P(current plate) (the adaptive bot's estimate)."""
    bill = info.bill
    if bill is not None:
        p = prob_true(info.plate, info.known, info.hidden) if current is None else current
        if p < threshold:
            return bill.index
    scored = scored_declarations(info)
    if not scored:
        return bill.index  # type: ignore[union-attr]
    return scored[0][1].index


def bluff_choice(info: Info, floor: float = 0.15, ceiling: float = 0.5) -> int | None:
    """The most plausible bluff: a declaration with P(true) in [floor, ceiling) that
    reveals nothing if possible; None when there is no such declaration."""
    scored = scored_declarations(info)
    candidates = [(p, a) for p, a in scored if floor <= p < ceiling]
    quiet = [(p, a) for p, a in candidates if a.reveals is None]
    pool = quiet or candidates
    if not pool:
        return None
    return pool[0][1].index  # scored is sorted best first


# --- the policy types ----------------------------------------------------------------------

# Policy types, for modelling a seat in playouts and for recognising opponents.
PROBABILIST, ADAPTIVE, HONEST, RANDOM = range(4)
TYPE_NAMES = ("probabilist", "adaptive", "honest", "random")
