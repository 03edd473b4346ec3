"""Yardsticks for the arena, never offered in the game.

``master-v1`` is the master as it was when its strength was first measured against the
oracle: a frozen copy of its code (``master_v1/``), so later work on ``scopa/ai`` cannot
move it. ``oracle`` cheats: it sees every card and searches the true position with the same
alpha-beta, which bounds what any fair player could get from search alone. ``peek`` sees
every hand but not the stock's order: what the other hands alone are worth. ``ismcts`` is
a fair player that grows one tree over what each seat knows instead of searching each
guessed world apart, as Master does; ``reader`` is Master reading the other seat's plays by
a search from that seat's view: experiments, measured against Master.

The game never imports this package: ``scopa.ai.make_player`` refuses these names, the
settings refuse them as levels, and the app's worker builds players through ``make_player``.
"""

from __future__ import annotations

from typing import Any

from scopa.engine import Move, Round, observe

from .ismcts import IsmctsPlayer
from .master_v1.master import MasterPlayer as MasterV1
from .oracle import OraclePlayer
from .peek import PeekPlayer
from .reader import ReaderPlayer

YARDSTICKS: dict[str, type] = {
    "master-v1": MasterV1,
    "oracle": OraclePlayer,
    "peek": PeekPlayer,
    "ismcts": IsmctsPlayer,
    "reader": ReaderPlayer,
}


def make_yardstick(level: str, seed: int = 0, **options: Any) -> Any:
    """A yardstick player, or None when ``level`` names none."""
    cls = YARDSTICKS.get(level)
    return None if cls is None else cls(seed, **options)


def decide(player: Any, state: Round, seat: int, totals: tuple[int, ...] = ()) -> Move:
    """``player``'s move in ``state`` (``totals``: the match score): the oracle is handed
    the true position, every other player the seat's observation."""
    if getattr(player, "sees_all", False):
        return player.choose_state(state)
    return player.choose(observe(state, seat, totals))
