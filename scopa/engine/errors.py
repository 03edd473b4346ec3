"""Exceptions raised by the engine. Each says what was wrong in words a player could read."""

from __future__ import annotations

import reprlib


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


QUOTE_LIMIT = 40


def quote_value(value: object, limit: int = QUOTE_LIMIT) -> str:
    """``repr(value)`` cut to about ``limit`` characters, for messages about bad input.

    Values can come from a damaged file, where a string may be megabytes long or a number
    thousands of digits: quoting them whole would make the message unreadable (and slow to
    build and draw). A cut value ends with an ellipsis.
    """
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 4 * limit:
        return f"a number of about {int(value.bit_length() * 0.30103)} digits"
    if isinstance(value, str) and len(value) > limit:
        value = value[: limit + 1]
    shown = _SHORT_REPR.repr(value)
    return shown if len(shown) <= limit else shown[:limit] + "\u2026"


def _short_repr() -> reprlib.Repr:
    short = reprlib.Repr()
    short.maxlevel = 2
    short.maxdict = short.maxlist = short.maxtuple = short.maxset = 4
    short.maxstring = short.maxlong = short.maxother = QUOTE_LIMIT * 2
    return short


_SHORT_REPR = _short_repr()
