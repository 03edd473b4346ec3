"""A hint: the move the master would play, and one line saying why."""

from __future__ import annotations

from dataclasses import dataclass

from scopa.engine import Move, Observation

from .assess import Judge, describe, warned
from .master import MasterPlayer
from .outcome import sharpened
from .reasons import reason_text
from .view import View


@dataclass(frozen=True)
class Hint:
    move: Move
    reason: str
    """A code from ``reasons.TEXTS`` (e.g. "settebello", "no_sweep_sum")."""
    params: tuple[tuple[str, object], ...] = ()

    def text(self, lang: str, deck_style: str = "napoletane") -> str:
        """The reason as a sentence in ``lang`` ("it" or "en"), with the cards named as
        the deck ``deck_style`` names them."""
        return reason_text(self.reason, dict(self.params), lang, deck_style)


def hint(obs: Observation, seed: int = 0, time_limit: float | None = None) -> Hint:
    """What the master would play for the seat of ``obs``, with a reason a player can read.

    Same seed and observation, same move as ``make_player("master", seed)``.
    """
    move = MasterPlayer(seed, time_limit=time_limit).choose(obs)
    view = View.of(obs)
    judge = Judge(view)
    assessments = [judge.assess(other) for other in view.moves]
    chosen = next(item for item in assessments if item.move == move)
    code, params = warned(judge, chosen, sharpened(view, describe(view, chosen, assessments), move))
    return Hint(move, code, tuple(sorted(params.items())))
