"""Taking back one's last play, when that wrongs nobody.

Undo is allowed only when the one human plays alone against computers: in hot-seat the
others saw the card. States are immutable and a match is its seed plus its moves, so the
match before the play is rebuilt exactly by replaying the record without the last moves
(the human's play and the computers' replies after it). A match with a play taken back is
flagged, so the statistics can keep it apart.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from scopa.engine import Match, Move


@dataclass(frozen=True)
class UndoPoint:
    match: Match
    """The match just before the seat's last play."""
    taken_back: int
    """How many moves go: the seat's play and the replies that followed it."""


def undo_allowed(humans: Sequence[bool]) -> bool:
    """Whether plays may be taken back at a table whose seats are ``humans`` (True = human)."""
    return sum(1 for human in humans if human) == 1


def plays_back(match: Match, seat: int) -> int:
    """How many moves of the current deal go back to before ``seat``'s last play there
    (0 when it has not played since the hands were last dealt, or the match is over: a
    seat that has seen its new hand must not take back a play of the deal before, knowing
    what the stock gives next). A Cirulla declaration made at the start of that same turn
    goes back with the card that followed it."""
    if match.over:
        return 0
    history = this_deal(match)
    for back, (who, _move) in enumerate(reversed(history), start=1):
        if who == seat:
            while back < len(history):
                earlier_seat, earlier = history[-back - 1]
                if earlier_seat != seat or earlier.card is not None:
                    break
                back += 1
            return back
    return 0


def undo_point(match: Match, seat: int) -> UndoPoint | None:
    """The match before ``seat``'s last play of the current round, or None when there is
    nothing to take back (no play yet this round, or the match is over)."""
    back = plays_back(match, seat)
    if not back:
        return None
    record = match.record()
    before = record.replay(len(record.moves) - back)
    return UndoPoint(before, back)


def this_deal(match: Match) -> tuple[tuple[int, Move], ...]:
    """The moves of the round since its hands were last dealt: its last card plays, as many
    as the cards played from those hands, with the declarations and passes among and
    before them."""
    history = match.round.history()
    played = match.rules.cards_per_deal - match.round.in_hands
    start = len(history)
    cards = 0
    while start > 0:
        if history[start - 1][1].card is not None:
            if cards == played:
                break
            cards += 1
        start -= 1
    return tuple(history[start:])


def dealt_since(match: Match, seat: int) -> bool:
    """Whether ``seat`` played in this round but not since the hands were last dealt."""
    if match.over:
        return False
    ours = [who for who, _ in match.round.history() if who == seat]
    return bool(ours) and not plays_back(match, seat)
