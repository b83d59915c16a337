"""`GameSpec.rate_by` is a `RateBy`, checked when a game registers: a misspelt unit is refused
there, not read as a deal by the tables (arena/results/tables.py)."""

import dataclasses

import pytest

import engine
from engine import RateBy, register


def test_every_game_declares_its_rating_unit_as_a_rate_by():
    units = {spec.name: spec.rate_by for spec in engine.games()}
    assert all(isinstance(unit, RateBy) for unit in units.values()), units
    assert units["conto"] is RateBy.DEAL and units["invido"] is RateBy.MATCH and units["bridge"] is RateBy.BOARD
    assert RateBy.MATCH == "match"  # read as the text it was


def test_a_misspelt_unit_is_refused_when_the_game_registers():
    conto = engine.game_class("conto")
    spec = dataclasses.replace(conto.spec, name="conto-typo", rate_by="deals")  # type: ignore[arg-type]
    typo = type("TypoGame", (conto,), {"spec": spec})
    with pytest.raises(TypeError, match=r"'conto-typo' declares rate_by='deals'; it must be one of RateBy.DEAL, "):
        register(typo)
    assert "conto-typo" not in {spec.name for spec in engine.games()}
