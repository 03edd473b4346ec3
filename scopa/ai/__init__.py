"""Computer opponents: functions of an observation, never of the hidden state.

    from scopa.ai import LEVELS, make_player, hint
    player = make_player("expert", seed=7)
    move = player.choose(match.observe(seat))
    tip = hint(match.observe(seat)); tip.move, tip.reason, tip.text("it")

Levels offered to players are ``LEVELS``; "greedy" is a yardstick for the arena only.
"""

from __future__ import annotations

from typing import Any

from .expert import ExpertPlayer
from .hints import Hint, hint
from .master import MasterPlayer
from .player import Player
from .reasons import level_name
from .simple import BeginnerPlayer, GreedyPlayer

LEVELS = ("beginner", "expert", "master")
ALL_LEVELS = ("greedy", *LEVELS)

_CLASSES: dict[str, type[Player]] = {
    "greedy": GreedyPlayer,
    "beginner": BeginnerPlayer,
    "expert": ExpertPlayer,
    "master": MasterPlayer,
}


def make_player(level: str, seed: int = 0, **options: Any) -> Player:
    """A player of ``level`` (one of ``ALL_LEVELS``) with its own seed.

    ``options`` tune the master's search (``worlds``, ``node_budget``, ``time_limit``...).
    """
    try:
        cls = _CLASSES[level]
    except (KeyError, TypeError):
        known = ", ".join(ALL_LEVELS)
        raise ValueError(f"unknown level {level!r}; the levels are: {known}") from None
    return cls(seed, **options)


__all__ = [
    "ALL_LEVELS",
    "LEVELS",
    "Hint",
    "Player",
    "hint",
    "level_name",
    "make_player",
]
