"""Learning aids, as pure functions of engine values (no pygame): what is still unseen, the
last trick of each seat, when a play may be taken back, the scripted tutorial, and any round
of a match dealt again.

The table scene draws them; these modules decide them, so they are tested without a window.
"""

from .replay import replay_match
from .review import SeatReview, last_capture, review
from .tracker import RankCount, track
from .undo import UndoPoint, undo_allowed, undo_point

__all__ = [
    "RankCount",
    "SeatReview",
    "UndoPoint",
    "last_capture",
    "replay_match",
    "review",
    "track",
    "undo_allowed",
    "undo_point",
]
