"""What happened, as ``apply`` reports it. The table scene turns each event into an
animation; nothing outside the engine diffs states to guess what changed."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from .cards import Card
from .scoring import Breakdown

RedealCause = Literal["kings", "ace"]
"""Why a deal was redealt: three or four kings on the table, or an ace with assi's redeal."""


@dataclass(frozen=True, slots=True)
class Redealt:
    """The first table cards forced a new deal (three kings, or an ace under assi)."""

    dealer: int
    table: tuple[Card, ...]
    cause: RedealCause


@dataclass(frozen=True, slots=True)
class Dealt:
    """New hands (``hands[seat]``) and, at a round's first deal, the table cards."""

    round_no: int
    deal_no: int
    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    table: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Played:
    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class Captured:
    """``card`` (just played by ``seat``) took ``cards`` from the table into ``side``'s pile."""

    seat: int
    side: int
    card: Card
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Laid:
    """``card`` stayed on the table."""

    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class Scopa:
    seat: int
    side: int


@dataclass(frozen=True, slots=True)
class LastCapture:
    """At the end of a round, the cards left on the table go to the side that captured last."""

    side: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class RoundScored:
    round_no: int
    scores: tuple[Breakdown, ...]
    totals: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class MatchWon:
    side: int
    totals: tuple[int, ...]
    cappotto: bool = False


Event = Redealt | Dealt | Played | Captured | Laid | Scopa | LastCapture | RoundScored | MatchWon
