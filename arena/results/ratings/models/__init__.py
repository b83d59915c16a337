"""The rating models, registered the way games are.

Each public module of this package is one model: a class with the `Model` interface,
decorated with `@register`, so `model_for(ranks)` finds it once the module is imported
below.  The built-in ones:

    bradley_terry   two sides: Bradley-Terry with BayesElo's drawelo
    luce            k sides, one loser: Luce's "who loses"
    plackett_luce   any other finishing order: Plackett-Luce, ties as unseen orders

A new model is one new module here and its import below (see docs/architecture.md, "A new rating model"):
declare its name and precedence, say which rank vectors it claims, how its observations
group into blocks, and give their log-likelihoods with the derivatives; the fit sums
what every model gives, and `tests/test_rating_models.py` checks each registered model's
derivatives against its values.
"""

from arena.results.ratings.models import bradley_terry, luce, plackett_luce  # noqa: F401  (they register)
from arena.results.ratings.models._registry import Block, Model, Terms, build_blocks, model_for, models, register

__all__ = ["Block", "Model", "Terms", "build_blocks", "model_for", "models", "register"]
