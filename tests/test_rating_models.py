"""The rating models' registry: each model's derivatives agree with its values, each rank
vector goes to the model the docs name, and a new model is one registered class."""

from __future__ import annotations

import numpy as np
import pytest

from arena.results.ratings import Observation, fit
from arena.results.ratings.models import Terms, _registry, model_for, models, register

RANKS_OF = {
    "bradley-terry-draws": [(0, 1), (0, 0)],
    "luce-loser": [(0, 0, 1), (0, 0, 0, 1)],
    "plackett-luce": [(0, 1, 2), (0, 0, 1, 2), (0, 1, 1), (0, 1, 2, 3)],
}


def test_the_builtin_models_are_registered_by_precedence():
    assert [m.name for m in models()] == ["bradley-terry-draws", "luce-loser", "plackett-luce"]


@pytest.mark.parametrize(("name", "ranks"), [(name, r) for name, rs in RANKS_OF.items() for r in rs])
def test_each_rank_vector_goes_to_its_model(name, ranks):
    assert model_for(ranks).name == name


def test_a_tie_of_all_sides_is_counted_but_not_fitted():
    assert model_for((0, 0, 0)).pattern((0, 0, 0)) is None


def _block_terms(model, ranks, s, delta, derivatives=True) -> Terms:
    pattern = model.pattern(ranks)
    detail = model.prepare([ranks] * len(s), pattern)
    return model.terms(detail, s, delta, derivatives)


@pytest.mark.parametrize(("name", "ranks"), [(name, r) for name, rs in RANKS_OF.items() for r in rs])
def test_each_model_derivatives_match_its_values(name, ranks):
    """Central differences of the log-likelihood: what a new model must get right."""
    model = model_for(ranks)
    rng = np.random.default_rng(7)
    s = rng.normal(0.0, 1.0, size=(5, len(ranks)))
    delta, h = 0.6, 1e-5
    terms = _block_terms(model, ranks, s, delta)
    assert terms.side is not None and terms.side2 is not None
    for j in range(len(ranks)):
        step = np.zeros_like(s)
        step[:, j] = h
        up = _block_terms(model, ranks, s + step, delta)
        down = _block_terms(model, ranks, s - step, delta)
        np.testing.assert_allclose(terms.side[:, j], (up.value - down.value) / (2 * h), atol=1e-6)
        assert up.side is not None and down.side is not None
        np.testing.assert_allclose(terms.side2[:, :, j], (up.side - down.side) / (2 * h), atol=1e-6)
    if model.uses_draw:
        assert terms.draw is not None and terms.draw2 is not None and terms.mixed is not None
        up, down = _block_terms(model, ranks, s, delta + h), _block_terms(model, ranks, s, delta - h)
        np.testing.assert_allclose(terms.draw, (up.value - down.value) / (2 * h), atol=1e-6)
        assert up.draw is not None and down.draw is not None and up.side is not None and down.side is not None
        np.testing.assert_allclose(terms.draw2, (up.draw - down.draw) / (2 * h), atol=1e-6)
        np.testing.assert_allclose(terms.mixed, (up.side - down.side) / (2 * h), atol=1e-6)
    else:
        assert terms.draw is None


@pytest.fixture
def own_registry(monkeypatch):
    """The registry as it is, restored after the test."""
    models()  # the built-in models found first
    monkeypatch.setattr(_registry, "_MODELS", dict(_registry._MODELS))


def test_a_new_model_is_one_registered_class(own_registry):
    """A two-sided model without draws, ahead of Bradley-Terry: the fit uses it and names it."""

    @register
    class WinnerOnly:
        name = "winner-only"
        precedence = -1
        uses_draw = False

        def claims(self, ranks):
            return ranks == (0, 1)

        def pattern(self, ranks):
            return ()

        def prepare(self, ranks, pattern):
            return None

        def draws(self, detail):
            return None

        def terms(self, detail, s, delta, derivatives):
            x = s[:, 0] - s[:, 1]
            p = 1.0 / (1.0 + np.exp(-x))
            value = np.log(p)
            if not derivatives:
                return Terms(value)
            d = 1.0 - p
            v = p * (1.0 - p)
            side = np.stack([d, -d], axis=1)
            side2 = -v[:, None, None] * np.array([[1.0, -1.0], [-1.0, 1.0]])
            return Terms(value, side, side2)

    assert model_for((0, 1)).name == "winner-only"
    results = [Observation([("a",), ("b",)], (0, 1))] * 30 + [Observation([("b",), ("a",)], (0, 1))] * 10
    table = fit(results, prior_games=0)
    assert table.model == "winner-only"
    elo = {r.name: r.elo for r in table.ratings}
    # three wins in four: log10(3) * 400 = 190.8 Elo between them
    assert elo["a"] - elo["b"] == pytest.approx(400 * np.log10(3.0), abs=1e-6)


def test_two_models_may_not_share_a_name(own_registry):
    class Impostor:
        name = "luce-loser"

    with pytest.raises(RuntimeError, match="Two rating models claim the name 'luce-loser'"):
        register(Impostor)


def test_a_model_must_name_itself(own_registry):
    class Nameless:
        pass

    with pytest.raises(TypeError, match="must declare a non-empty name"):
        register(Nameless)
