"""What happened, as ``apply`` reports it. The table scene turns each event into an
animation; nothing outside the engine diffs states to guess what changed."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from .cards import Card
from .scoring import Breakdown

RedealCause = Literal["kings", "ace", "aces", "three_of_a_kind"]
"""Why a deal was redealt: three or four kings on the table, an ace with assi's redeal, two
or more aces (Cirulla), or three of a kind (Cirulla's Luzzati misdeal)."""


@dataclass(frozen=True, slots=True)
class Redealt:
    """The first table cards forced a new deal (three kings, or an ace under assi; under
    Cirulla two aces, or three of a kind with the Luzzati rules)."""

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
class DealerBonus:
    """Cirulla: the opening table made 15 (or 30, or 9 or less with ``dealer_low_bonus``):
    the dealer took ``cards`` into ``side``'s pile and scores ``points`` scope. ``named`` is
    the value the dealer gave the matta among them (0: none was needed)."""

    dealer: int
    side: int
    cards: tuple[Card, ...]
    points: int
    named: int = 0


@dataclass(frozen=True, slots=True)
class Declared:
    """Cirulla: ``seat`` knocked and showed ``cards`` (its whole hand, now face up for
    everyone): ``points`` scope for ``side``. ``kind`` is "low" (9 or less), "decino" (three
    of a kind) or "both"; ``named`` is the value given to the matta, which it keeps while in
    play (0: the hand holds no matta)."""

    seat: int
    side: int
    cards: tuple[Card, ...]
    points: int
    kind: str
    named: int = 0


@dataclass(frozen=True, slots=True)
class Passed:
    """Cirulla, declarations at the deal: ``seat`` declares nothing."""

    seat: int


@dataclass(frozen=True, slots=True)
class Retracted:
    """Cirulla: ``seat`` took its declaration back (``points`` off ``side``'s scope; the
    matta is a plain card again). The cards stay known: everyone saw them."""

    seat: int
    side: int
    points: int


DEAL_WON_CAUSES = ("four_of_a_kind", "three_and_matta", "misdeals")
"""Every ``DealWon.cause``."""


@dataclass(frozen=True, slots=True)
class DealWon:
    """Cirulla's Luzzati rules: the opening table ended the game. ``cause`` is
    "four_of_a_kind" or "three_and_matta" (``side`` is the dealer's) or "misdeals" (a third
    misdeal in a row: ``side`` is the dealer's opponents)."""

    dealer: int
    side: int
    table: tuple[Card, ...]
    cause: str


@dataclass(frozen=True, slots=True)
class RoundScored:
    round_no: int
    scores: tuple[Breakdown, ...]
    totals: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class MatchWon:
    """``side`` won: on points, by a cappotto, or at the deal (``at_deal``, Luzzati)."""

    side: int
    totals: tuple[int, ...]
    cappotto: bool = False
    at_deal: bool = False


Event = (
    Redealt
    | Dealt
    | DealerBonus
    | DealWon
    | Declared
    | Passed
    | Retracted
    | Played
    | Captured
    | Laid
    | Scopa
    | LastCapture
    | RoundScored
    | MatchWon
)
