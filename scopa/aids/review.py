"""The "occhio": the last card each seat played and the last capture each seat made.

Players at a real table glance at the last trick before the cards go face down; on screen
the cards fly to the pile, so this review rebuilds it from the round's history.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from scopa.engine import Card, Move
from scopa.engine.moves import DECLARE, RETRACT

History = Sequence[tuple[int, Move]]


@dataclass(frozen=True)
class SeatReview:
    seat: int
    last_play: Move | None
    """The seat's most recent card this round (a capture or a laid card; Cirulla's
    declarations play no card and are not shown here)."""
    last_capture: Move | None
    """The seat's most recent capture this round: the card and the cards it took."""
    named: int = 0
    """Cirulla: the value the matta stood for in that capture, when it was in it, played or
    taken, with a value named (0: not in it, or at its rank)."""


def review(history: History, players: int, matta: Card | None = None) -> tuple[SeatReview, ...]:
    """For every seat, its last play and its last capture in ``history`` (oldest first);
    ``matta``: Cirulla's, whose named value each capture of it keeps."""
    if players < 1:
        raise ValueError(f"a table has at least one seat, not {players}")
    plays: list[Move | None] = [None] * players
    captures: list[Move | None] = [None] * players
    values = [0] * players
    named, named_by = 0, -1
    for seat, move in history:
        if not 0 <= seat < players:
            raise ValueError(f"seat {seat} is not at a table of {players}")
        if move.card is None:
            if move.code == DECLARE and move.named:
                named, named_by = move.named, seat
            elif move.code == RETRACT and seat == named_by:
                named = 0  # the hand that named it took its knock back
            continue
        plays[seat] = move
        if move.captures:
            captures[seat] = move
            held = matta is not None and (move.card == matta or matta in move.captures)
            values[seat] = named if held else 0
            if held:
                named = 0  # the matta goes to a pile: its value goes with it
    return tuple(
        SeatReview(seat, plays[seat], captures[seat], values[seat]) for seat in range(players)
    )


def last_capture(history: History) -> tuple[int, Move] | None:
    """The round's most recent capture by anyone, with its seat."""
    for seat, move in reversed(tuple(history)):
        if move.captures:
            return seat, move
    return None
