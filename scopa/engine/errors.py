"""Exceptions raised by the engine. Each says what was wrong in words a player could read."""

from __future__ import annotations


class ScopaError(ValueError):
    """Base class of every error the engine raises on bad input."""


class CardError(ScopaError):
    """A card could not be parsed or does not exist."""


class RulesError(ScopaError):
    """A rule set is malformed or combines options that do not make sense together.

    ``clash`` names a refused combination of values each fine alone, so a screen can explain
    it in the player's language without reading the message: ``"scopone_players"`` (scopone
    needs 4 players) or ``"scientifico_players"`` (scientifico needs 2 or 4). None for a value
    that is wrong by itself.
    """

    def __init__(self, message: str, *, clash: str | None = None) -> None:
        super().__init__(message)
        self.clash = clash


class IllegalMove(ScopaError):
    """A move that the rules do not allow in this position (the state is left unchanged)."""


class NotationError(ScopaError):
    """A move or game record text could not be read."""


class DealError(ScopaError):
    """A deck order that cannot be dealt (wrong cards, or a deal that must be redealt)."""
