"""The [sprt] table of a tournament file: a candidate tested against a baseline
(`arena.results.sprt` runs the test; `arena.run.policies.SprtStop` stops the run)."""

from __future__ import annotations

from typing import Any

from arena.config.check import Reporter
from arena.config.schema import SPRT
from arena.config.values import describe, did_you_mean
from arena.records import SprtTest

__all__ = ["check_sprt"]


def check_sprt(report: Reporter, table: Any, names: list[str]) -> SprtTest | None:
    """The [sprt] table, when there is one: two different bots of the file, elo0 below
    elo1, alpha and beta strictly between 0 and 1 with alpha + beta below 1.  Its prior
    is the default's until the tournament sets its own (`load_tournament`)."""
    if table is None:
        return None
    s = ("sprt",)
    if not isinstance(table, dict):
        report.problem(s, f"expected the table [sprt], found {describe(table)}.")
        return None
    report.unknown_keys(table, s, SPRT)
    value = {key.name: report.value(table, s, key) for key in SPRT.keys}
    for role in ("candidate", "baseline"):
        name = value[role]
        if name is not None and names and name not in names:
            report.problem(
                (*s, role),
                f"the {role} {name!r} is not one of the bots.{did_you_mean(name, names)} "
                f"The bots are {', '.join(names)}.",
            )
    if value["candidate"] is not None and value["candidate"] == value["baseline"]:
        report.problem((*s, "baseline"), "the baseline must be another bot than the candidate.")
    if value["elo0"] is not None and value["elo1"] is not None and not value["elo0"] < value["elo1"]:
        report.problem(
            (*s, "elo1"),
            f"elo1 must be greater than elo0 (H1: the candidate is elo1 Elo stronger), not "
            f"{value['elo1']:g} against elo0 = {value['elo0']:g}.",
        )
    for key in ("elo0", "elo1"):
        if value[key] is not None and not -2000 <= value[key] <= 2000:
            report.problem((*s, key), f"must be from -2000 to 2000 Elo, not {value[key]:g}.")
    for key in ("alpha", "beta"):
        if value[key] is not None and not 0 < value[key] < 1:
            report.problem((*s, key), f"must be above 0 and below 1, not {value[key]:g}.")
    if value["alpha"] is not None and value["beta"] is not None and value["alpha"] + value["beta"] >= 1:
        report.problem((*s, "beta"), "alpha + beta must be below 1, or the test decides before it starts.")
    if any(value[key] is None for key in SPRT.names):
        return None
    return SprtTest(
        candidate=value["candidate"],
        baseline=value["baseline"],
        elo0=float(value["elo0"]),
        elo1=float(value["elo1"]),
        alpha=float(value["alpha"]),
        beta=float(value["beta"]),
    )
