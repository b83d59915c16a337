"""What the results can and cannot say, read from them before the fit: the bots they
only bound (one-sided), the groups they connect, and how many deal families the
cluster-robust intervals need.

    one_sided       the bots that finished ahead of (behind) every other side every time
    groups          the bots in groups that the results connect
    min_families    the fewest deal families for the sandwich covariance
"""

from __future__ import annotations

__all__ = ["MIN_FAMILIES", "groups", "min_families", "one_sided"]

#: The fewest deal families with which the intervals are ever cluster-robust.
MIN_FAMILIES = 30


def min_families(parameters: int) -> int:
    """The fewest deal families with which the intervals are cluster-robust: with fewer,
    the sandwich's own noise is too large (it estimates a parameters x parameters matrix
    from the families' scores), and the inverse Hessian is used."""
    return max(MIN_FAMILIES, 5 * parameters)


def one_sided(keys: list[tuple], names: list[str]) -> dict[str, str]:
    """The bots that never finished behind (ahead of) another side: name -> "won" ("lost") every time."""
    ahead: set[str] = set()
    behind: set[str] = set()
    for sides, ranks in keys:
        best, worst = min(ranks), max(ranks)
        for side, rank in zip(sides, ranks):
            if rank < worst:
                ahead.update(side)
            if rank > best:
                behind.update(side)
    out = {}
    for name in names:
        if name not in ahead:
            out[name] = "lost"
        elif name not in behind:
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
