"""The rating models' interface, their registry, and the blocks the fit evaluates.

A model is one likelihood for the observations whose ranks it claims.  It declares
itself (a name, a precedence, whether it uses the shared draw parameter), groups its
observations into blocks that one vectorised call evaluates, and gives each
observation's log-likelihood with its first and second derivatives in the sides'
strengths (and in drawelo, when it uses it).  The fit (`likelihood.Problem`) only sums what
the models give, so a new model is one module in this package: its class, decorated
with `@register`, and one line in the package's `__init__` that imports the module.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Protocol

import numpy as np

from arena.errors import RatingError

__all__ = ["Model", "Terms", "Block", "register", "models", "model_for", "build_blocks"]


@dataclass(frozen=True)
class Terms:
    """What a model gives for the G observations of one block, at side strengths s (G, k).

    ``value`` (G,) is each observation's log-likelihood; ``side`` (G, k) and ``side2``
    (G, k, k) its gradient and Hessian in the strengths (None when not asked for).  A
    model using the draw parameter adds ``draw`` (G,), ``draw2`` (G,) and ``mixed``
    (G, k): the first and second derivatives in drawelo, and the cross derivative.
    """

    value: np.ndarray
    side: np.ndarray | None = None
    side2: np.ndarray | None = None
    draw: np.ndarray | None = None
    draw2: np.ndarray | None = None
    mixed: np.ndarray | None = None


class Model(Protocol):
    """One likelihood of the fit (see the package docstring of `arena.results.ratings`)."""

    #: Printed in the table's design line, joined by "+" when several are used.
    name: ClassVar[str]
    #: A rank vector belongs to the claiming model with the lowest precedence.
    precedence: ClassVar[int]
    #: Whether its observations bear on drawelo, the draw parameter the fit shares.
    uses_draw: ClassVar[bool]

    def claims(self, ranks: tuple[int, ...]) -> bool:
        """Whether this model's likelihood is the one for dense, sorted `ranks`."""
        ...

    def pattern(self, ranks: tuple[int, ...]) -> tuple[int, ...] | None:
        """The key of the block the observation joins (observations with one key are
        evaluated together); None for an observation that carries no information."""
        ...

    def prepare(self, ranks: list[tuple[int, ...]], pattern: tuple[int, ...]) -> object:
        """What the block needs besides the incidence of its observations (which have
        these `ranks` and share `pattern`), made once per fit."""
        ...

    def draws(self, detail: object) -> np.ndarray | None:
        """Which observations of the block were draws (a model using drawelo), else None."""
        ...

    def terms(self, detail: object, s: np.ndarray, delta: float, derivatives: bool) -> Terms:
        """The block's log-likelihoods (and derivatives if asked) at strengths `s` and
        drawelo `delta` (natural units)."""
        ...


_MODELS: dict[str, Model] = {}


def register(cls: type) -> type:
    """Class decorator: make a model class (with a no-argument constructor) part of the fit."""
    name = getattr(cls, "name", None)
    if not isinstance(name, str) or not name:
        raise TypeError(f"The rating model {cls.__name__} must declare a non-empty name.")
    if name in _MODELS and type(_MODELS[name]) is not cls:
        raise RuntimeError(f"Two rating models claim the name {name!r}.")
    _MODELS[name] = cls()
    return cls


def models() -> tuple[Model, ...]:
    """Every registered model, by precedence."""
    return tuple(sorted(_MODELS.values(), key=lambda model: (model.precedence, model.name)))


def model_for(ranks: tuple[int, ...]) -> Model:
    """The model of an observation with dense, sorted `ranks` (a canonical key's)."""
    for model in models():
        if model.claims(ranks):
            return model
    raise RatingError(f"No rating model takes an observation ranked {ranks}; the models are: {_names()}.")


def _names() -> str:
    return ", ".join(model.name for model in models())


@dataclass
class Block:
    """Observations sharing one model and one block key, evaluated together."""

    model: Model
    incidence: np.ndarray  # (G, k, n): how many times bot n sits on side k of observation G
    weight: np.ndarray  # (G,)
    members: np.ndarray  # (G,) the canonical keys' indices, in row order
    detail: object  # what the model prepared for this block

    def terms(self, u: np.ndarray, delta: float, derivatives: bool = True) -> Terms:
        """The block's terms at bot strengths `u` (natural units)."""
        s = np.einsum("gkn,n->gk", self.incidence, u)
        return self.model.terms(self.detail, s, delta, derivatives)


def build_blocks(keys: list[tuple], weights: np.ndarray, index: dict[str, int]) -> list[Block]:
    """Canonical observations (`keys`, with their `weights`) grouped into model blocks."""
    grouped: dict[tuple, list[int]] = {}
    owner: dict[tuple, Model] = {}
    for g, (_, ranks) in enumerate(keys):
        model = model_for(ranks)
        pattern = model.pattern(ranks)
        if pattern is None:
            continue  # e.g. a tie among all sides has probability 1: counted, not fitted
        key = (model.name, len(ranks), pattern)
        grouped.setdefault(key, []).append(g)
        owner[key] = model
    blocks = []
    n = len(index)
    for key, members in grouped.items():
        model, k, pattern = owner[key], key[1], key[2]
        incidence = np.zeros((len(members), k, n))
        for row, g in enumerate(members):
            for j, side in enumerate(keys[g][0]):
                for bot in side:
                    incidence[row, j, index[bot]] += 1.0
        detail = model.prepare([keys[g][1] for g in members], pattern)
        blocks.append(Block(model, incidence, weights[members], np.array(members), detail))
    return blocks
