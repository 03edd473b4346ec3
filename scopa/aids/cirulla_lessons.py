"""What Cirulla changes from Scopa, shown in a few dealt positions.

Each lesson deals an exact position with the engine (a fixed deck, the computer dealing, so
the player leads), asks for one move and lets the engine play it: the fifteen, the free
choice among captures, the ace that takes the whole table, an ace on an ace, the dealer's
opening table, knocking with a low hand, the matta, and the grande and piccola. A lesson
with no move to make is read, its cards shown in labelled rows.

Pure: the scene only shows a lesson's round and forwards the player's choice.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from scopa.engine import DECK, PRESETS, Card, Move, Round, Rules, parse_cards

RULES: Rules = PRESETS["cirulla"]
YOU = 0
DEALER = 1
"""The computer deals every lesson, so the player is served first and plays first."""


@dataclass(frozen=True)
class Lesson:
    key: str
    """Names the texts: ``lessons.<key>.title``, ``.ask`` and ``.done``."""
    hand: str = ""
    """The player's three cards."""
    table: str = ""
    """The four cards dealt to the table."""
    accepts: tuple[str, ...] = ()
    """The moves the lesson asks for (any one of them); empty: a lesson to read."""
    rows: tuple[tuple[str, str], ...] = ()
    """What a lesson to read shows: (string key of the label, cards), one row each."""

    @property
    def plays(self) -> bool:
        """The player makes a move (else the lesson is read, and Next goes on)."""
        return bool(self.accepts)

    @cached_property
    def moves(self) -> tuple[Move, ...]:
        return tuple(Move.parse(text) for text in self.accepts)

    def deck(self) -> tuple[Card, ...]:
        """The 40 cards in dealing order: the player's hand, the computer's (the first
        cards left), the table, the rest."""
        hand, table = parse_cards(self.hand), parse_cards(self.table)
        rest = [card for card in DECK if card not in hand and card not in table]
        return (*hand, *rest[:3], *table, *rest[3:])

    def deal(self) -> Round | None:
        """The lesson's position (None for a lesson with nothing dealt)."""
        if not self.hand:
            return None
        return Round.deal(RULES, self.deck(), dealer=DEALER)


LESSONS: tuple[Lesson, ...] = (
    Lesson("fifteen", "5C 8B 2S", "10S 7D 3B 6C", ("5Cx10S",)),
    Lesson("choice", "9C 2B 4S", "9S 6D 5B 3S", ("9Cx6D",)),
    Lesson("sweep", "1C 6B 4D", "10S 7D 3B 8C", ("1Cx10S+7D+3B+8C",)),
    Lesson("ace_on_ace", "1B 5S 9D", "1D 3S 6B 7S", ("1Bx1D+6B+7S",)),
    Lesson(
        "dealer",
        "8S 10C 5D",
        "4B 7C 3B 6D",
        rows=(("lessons.opening", "4B 7C 3B 6D"), ("lessons.hand", "8S 10C 5D")),
    ),
    Lesson("knock", "2S 3C 4B", "10S 9D 8C 5B", ("!",)),
    Lesson("three", "6S 6B 6C", "10S 9D 8C 5B", ("!",)),
    Lesson("matta", "7C 3S 4B", "10S 9D 8C 6B", ("!7C=1", "!7C=2")),
    Lesson(
        "scoring",
        rows=(("cat_grande", "10D 9D 8D"), ("cat_piccola", "1D 2D 3D 4D")),
    ),
)


class Walkthrough:
    """Where the player is: the lesson, its position, and whether its move was made."""

    def __init__(self, lessons: tuple[Lesson, ...] = LESSONS) -> None:
        self.lessons = lessons
        self.index = 0
        self.round: Round | None = None
        self.events: list[object] = []
        """What the engine said of the move made (empty until it is made)."""
        self.refused: Move | None = None
        """The last move the lesson did not ask for."""
        self.go(0)

    @property
    def lesson(self) -> Lesson:
        return self.lessons[self.index]

    @property
    def done(self) -> bool:
        """The lesson's move was made (a lesson to read is done at once)."""
        return not self.lesson.plays or bool(self.events)

    def go(self, index: int) -> None:
        """Start lesson ``index`` afresh."""
        self.index = max(0, min(len(self.lessons) - 1, index))
        self.round = self.lesson.deal()
        self.events = []
        self.refused = None

    def options(self, card: Card | None) -> tuple[Move, ...]:
        """The legal moves of ``card`` from the hand, or the declarations (``card`` None)."""
        if self.round is None or self.done:
            return ()
        legal = self.round.legal_moves()
        if card is None:
            return tuple(move for move in legal if move.is_declaration)
        return tuple(move for move in legal if move.card is card)

    def play(self, move: Move) -> bool:
        """Make ``move`` if the lesson asks for it (True); else remember it was refused."""
        if self.round is None or self.done or move not in self.round.legal_moves():
            return False
        if move not in self.lesson.moves:
            self.refused = move
            return False
        self.round, events = self.round.apply(move)
        self.events = list(events)
        self.refused = None
        return True


__all__ = ["DEALER", "LESSONS", "RULES", "YOU", "Lesson", "Walkthrough"]
