"""Why a Las Vegas action is refused: the sentence an IllegalAction carries.

`VegasState.verify` accepts exactly its legal set; only a refused action comes here, to
be told which rule it breaks, in words a bot author can act on.
"""

from __future__ import annotations

from .records import Bet, VegasAction

__all__ = ["VegasRefusals"]


class VegasRefusals:
    """`VegasState`'s `_why_illegal`, from the state it reads (declared here)."""

    _to_act: int | None
    level: int
    raises: int
    round: int
    put_in_round: list[int]

    def _why_illegal(self, action: object) -> str:
        """The sentence that says why `action` is refused (it is not in the legal set)."""
        if not isinstance(action, VegasAction) or not isinstance(action.kind, Bet):
            return f"{action!r} is not a Las Vegas action."
        said = repr(action.text)
        seat = self._to_act
        if seat is None:
            return f"The match is over, so {said} cannot be played."
        game = self.game  # type: ignore[attr-defined]
        kind, level = action.kind, self.level
        where = f"seat {seat} in betting round {self.round}"
        if level == 0:
            if kind is Bet.VEDI:
                return f"Nothing has been bet in this round, so {where} has nothing to call: 'busso' or 'punta {game.bet}'."
            if kind is Bet.RILANCIA:
                return f"Nothing has been bet in this round, so {where} cannot raise: the opening bet is 'punta {game.bet}'."
            if kind is Bet.LASCIA:
                return (
                    f"Nothing has been bet in this round, so {where} may not fold: one folds only when facing "
                    f"a bet; 'busso' costs nothing."
                )
            return f"The bet is fixed: {where} may open with 'punta {game.bet}', not {said}."
        owed = level - self.put_in_round[seat]
        facing = f"{where} faces a bet of {level} ({owed} more to call)"
        if kind is Bet.BUSSO:
            return f"Once someone has bet, checking is no longer possible: {facing}; 'vedi', a raise or 'lascia'."
        if kind is Bet.PUNTA:
            return f"The round's opening bet is made already: {facing}; 'vedi', a raise or 'lascia'."
        if self.raises >= game.max_raises:
            return (
                f"This round has had its {game.max_raises} raises, the most allowed after the opening bet: "
                f"{facing}; 'vedi' or 'lascia'."
            )
        return f"A raise adds the fixed bet of {game.bet}: {facing}, so the raise is 'rilancia {level + game.bet}', not {said}."
