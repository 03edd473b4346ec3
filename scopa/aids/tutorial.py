"""The tutorial: one scripted deal that teaches by playing.

The deck order is fixed and the computer's first replies are written down, so every lesson
meets the same table: a single capture (king takes king), a capture by sum (3 takes 1+2),
the single-card priority (the 6 must take the 6, not 2+4), a scopa (the settebello sweeps
4+2+1), then the rest of the round is played (or watched) and its score explained.

Everything here is pure: ``Coach`` is the lesson state, ``computer_move`` answers for the
computer from an observation, so the scene only shows and forwards.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from scopa.engine import DECK, Card, Match, Move, Observation, Rules

HUMAN = 0
COMPUTER = 1
DEALER = COMPUTER
"""The computer deals, so the human is served first and leads every deal."""

OPENING = (
    "10B 3S 6D",  # the human's first hand
    "1C 2S 1B",  # the computer's first hand
    "10S 6C 2B 4C",  # the table
    "7D 5B 9C",  # the human's second hand
    "8S 5S 9S",  # the computer's second hand
)
STOCK_ORDER = "3C 10C 7S 2D 8D 4B 6B 1S 9B 5C 7C 4S 3D 9D 2C 6S 10D 8C 1D 3B 5D 4D 8B 7B"
COMPUTER_SCRIPT = ("1C", "2S", "1B")
"""The computer's plays while the lessons run: each one lays a card the next lesson needs."""


def tutorial_rules() -> Rules:
    """Plain two-player scopa, whatever the player's settings say."""
    return Rules()


def tutorial_deck() -> tuple[Card, ...]:
    cards = [Card.parse(text) for group in (*OPENING, STOCK_ORDER) for text in group.split()]
    if sorted(card.index for card in cards) != [card.index for card in DECK]:
        raise AssertionError("the tutorial deck must hold the 40 cards once each")
    return tuple(cards)


def tutorial_match() -> Match:
    return Match.new(tutorial_rules(), 0, first_dealer=DEALER, decks=(tutorial_deck(),))


def resumable(index: int) -> int:
    """The lesson the lessons may start again at, for a player who left them at lesson
    ``index`` (the game closed): that one, as far as the round played freely, whose
    position is the player's own (the lesson of the score is reached again by playing)."""
    last = next(at for at, step in enumerate(STEPS) if step.wait == "round")
    return max(0, min(index, last))


def lesson_match(index: int) -> Match:
    """The tutorial's deal as lesson ``index`` (``resumable``) finds it: each lesson's play
    before it made, each answered by the computer's scripted reply."""
    match = tutorial_match()
    for step in STEPS[: resumable(index)]:
        if step.wait != "move":
            continue
        match, _ = match.apply(step.moves[0])
        match, _ = match.apply(computer_move(match.observe(COMPUTER)))
    return match


@dataclass(frozen=True)
class Step:
    key: str
    """Names the step's texts: ``aids.tut.<key>.title`` and ``aids.tut.<key>.text``."""
    moves: tuple[Move, ...] = ()
    """The plays the lesson accepts; empty for free play."""
    wait: str = "move"
    """What ends the step: "move" (an accepted play), "next" (a click), "round" (the end
    of the round)."""
    keys: bool = False
    """The lesson's text tells how a card is played (drag it onto ...): it has another,
    ``aids.tut.<key>.keys``, for a player on the keys (the arrows, then Enter)."""


STEPS = (
    Step("welcome", wait="next"),
    Step("single", (Move.parse("10Bx10S"),), keys=True),
    Step("sum", (Move.parse("3Sx1C+2B"),), keys=True),
    Step("priority", (Move.parse("6Dx6C"),)),
    Step("scopa", (Move.parse("7Dx1B+2S+4C"),)),
    Step("finish", wait="round"),
    Step("score", wait="next"),
)


class Coach:
    """Where the player is in the lessons; advanced by plays, clicks and the round's end."""

    def __init__(self, steps: Sequence[Step] = STEPS) -> None:
        self.steps = tuple(steps)
        self.index = 0
        self.autoplay = False
        """The player asked to watch the rest of the round instead of playing it."""

    @property
    def done(self) -> bool:
        return self.index >= len(self.steps)

    @property
    def step(self) -> Step | None:
        return None if self.done else self.steps[self.index]

    def accepts(self, move: Move) -> bool:
        """Whether the human may play ``move`` now (the engine checks it is legal)."""
        step = self.step
        if step is None or step.wait == "next":
            return False
        return not step.moves or move in step.moves

    def played(self, move: Move) -> None:
        step = self.step
        if step is not None and step.wait == "move" and move in step.moves:
            self.index += 1

    def next(self) -> None:
        """The player clicked Next (or Done) on a step that waits for it."""
        step = self.step
        if step is not None and step.wait == "next":
            self.index += 1

    def round_over(self) -> None:
        step = self.step
        if step is not None and step.wait == "round":
            self.index += 1

    def restart(self, index: int = 0) -> None:
        """Back to lesson ``index`` (the first), the player playing."""
        self.index = index
        self.autoplay = False


def computer_move(obs: Observation) -> Move:
    """The computer's play: the script while the lessons run, then a plain honest choice.

    Written as a function of the observation so the table's worker can ask it like any
    opponent; the same position always gets the same answer.
    """
    plays = len(obs.history)
    if obs.round_no == 1 and plays % 2 == 1 and plays // 2 < len(COMPUTER_SCRIPT):
        card = Card.parse(COMPUTER_SCRIPT[plays // 2])
        scripted = [move for move in obs.legal_moves if move.card == card]
        if scripted:
            return scripted[0]
    return plain_move(obs.legal_moves)


def plain_move(moves: Sequence[Move]) -> Move:
    """Sweep if possible, else take the most (settebello and coins first), else lay the
    lowest card that is not a 7."""
    if not moves:
        raise ValueError("there is no legal move to choose from")

    def worth(move: Move) -> tuple[int, ...]:
        taken = (move.card, *move.captures) if move.captures else ()
        return (
            len(move.captures) > 0,
            any(card == SETTEBELLO for card in taken),
            len(taken),
            sum(card.suit == "D" for card in taken),
            -move.card.index,
        )

    best = max(moves, key=worth)
    if best.captures:
        return best
    return min(moves, key=lambda move: (move.card.rank == 7, move.card.rank, move.card.index))


SETTEBELLO = Card.parse("7D")


def tutorial_chooser(level: str, seed: int, obs: Observation) -> Move:
    """``computer_move`` with the signature of the table's worker."""
    return computer_move(obs)
