"""Taking back one's last play, when that wrongs nobody.

Undo is allowed only when the one human plays alone against computers: in hot-seat the
others saw the card. States are immutable and a match is its seed plus its moves, so the
match before the play is rebuilt exactly by replaying the record without the last moves
(the human's play and the computers' replies after it). A match with a play taken back is
flagged, so the statistics can keep it apart. A match may begin with moves that never go
back (``since``): a reviewed position played again is practised from there, not before.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from scopa.engine import Match, this_deal


@dataclass(frozen=True)
class UndoPoint:
    match: Match
    """The match just before the seat's last play."""
    taken_back: int
    """How many moves go: the seat's play and the replies that followed it."""


def undo_allowed(humans: Sequence[bool]) -> bool:
    """Whether plays may be taken back at a table whose seats are ``humans`` (True = human)."""
    return sum(1 for human in humans if human) == 1


def plays_back(match: Match, seat: int, since: int = 0) -> int:
    """How many moves of the current deal go back to before ``seat``'s last play there
    (0 when it has not played since the hands were last dealt, or the match is over: a
    seat that has seen its new hand must not take back a play of the deal before, knowing
    what the stock gives next). A Cirulla declaration made at the start of that same turn
    goes back with the card that followed it. A pass at the deal (Cirulla's hands shown
    then) is no play to take back: the others' declarations after it were seen, and a
    hand with nothing to show passes by itself. The match's first ``since`` moves never go
    back."""
    if match.over:
        return 0
    round_ = match.round
    history = this_deal(round_.history(), match.rules.cards_per_deal - round_.in_hands)
    if since:
        history = history[max(0, len(history) - (len(match.moves()) - since)) :]
    for back, (who, move) in enumerate(reversed(history), start=1):
        if who == seat and move.kind != "pass":
            while back < len(history):
                earlier_seat, earlier = history[-back - 1]
                if earlier_seat != seat or earlier.card is not None:
                    break
                back += 1
            return back
    return 0


def undo_point(match: Match, seat: int, since: int = 0) -> UndoPoint | None:
    """The match before ``seat``'s last play of the current deal, or None when there is
    nothing to take back (no play yet since the hands were dealt or since the match's
    first ``since`` moves, or the match is over)."""
    back = plays_back(match, seat, since)
    if not back:
        return None
    record = match.record()
    before = record.replay(len(record.moves) - back)
    return UndoPoint(before, back)


def dealt_since(match: Match, seat: int, since: int = 0) -> bool:
    """Whether ``seat`` played in this round (after the match's first ``since`` moves) but
    not since the hands were last dealt."""
    if match.over:
        return False
    history = match.round.history()
    if since:
        history = history[max(0, len(history) - (len(match.moves()) - since)) :]
    played = any(who == seat and move.kind != "pass" for who, move in history)
    return played and not plays_back(match, seat, since)
