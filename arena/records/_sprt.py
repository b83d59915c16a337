"""What an SPRT tests (`SprtTest`): kept in the results file by the run that tested it,
so a table or the report drawn later knows the hypotheses without the tournament file."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass
from typing import Any

__all__ = ["SprtTest"]


@dataclass(frozen=True)
class SprtTest:
    """What is tested: the candidate's table Elo over the baseline's, elo0 (H0) against
    elo1 (H1), at the error rates alpha and beta, the fit with the tournament's prior."""

    candidate: str
    baseline: str
    elo0: float
    elo1: float
    alpha: float = 0.05
    beta: float = 0.05
    prior_games: float = 2.0

    def to_data(self) -> dict[str, Any]:
        """The JSON form a results file keeps."""
        return asdict(self)

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> SprtTest:
        """The test a results file kept (`to_data`)."""
        return cls(
            candidate=str(data["candidate"]),
            baseline=str(data["baseline"]),
            elo0=float(data["elo0"]),
            elo1=float(data["elo1"]),
            alpha=float(data.get("alpha", 0.05)),
            beta=float(data.get("beta", 0.05)),
            prior_games=float(data.get("prior_games", 2.0)),
        )
