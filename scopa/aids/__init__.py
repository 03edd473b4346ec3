"""Learning aids, as pure functions of engine values (no pygame): what is still unseen, the
last trick of each seat, when a play may be taken back, the scripted tutorial, and the deck
of any round of a match so it can be dealt again.

The table scene draws them; these modules decide them, so they are tested without a window.
"""

from .replay import deck_of_round, replay_match
from .review import SeatReview, last_capture, review
from .tracker import RankCount, track
from .undo import UndoPoint, undo_allowed, undo_point

__all__ = [
    "RankCount",
    "SeatReview",
    "UndoPoint",
    "deck_of_round",
    "last_capture",
    "replay_match",
    "review",
    "track",
    "undo_allowed",
    "undo_point",
]
