"""A move: the card played and the set it takes (empty when the card is laid), or in
Cirulla a hand declaration, a pass or a declaration taken back.

Text form: ``"5B"`` lays the five of batons; ``"7Dx3C+4S"`` plays the settebello taking the
three of cups and four of swords. Cirulla adds ``"!"`` (knock: declare the hand, face up),
``"!7C=1"`` (declare, naming the matta's value, here an ace), ``"-"`` (pass: no declaration,
at the declarations after the deal) and ``"!-"`` (take a declaration back). Moves are
interned small values, hashable and cheap to compare, like python-chess's ``Move``: every way
of making a move (``Move.of``, ``Move(card, captures)``, ``Move.declare``, ``Move.parse``,
unpickling) returns the one interned object, so equality is identity, which keeps move lists
fast to search.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from .cards import DECK, Card, cards_of, mask_of
from .errors import CardError, NotationError

PLAY = 0
DECLARE = 1
PASS = 2
RETRACT = 3
MoveKind = Literal["play", "declare", "pass", "retract"]
_KIND_NAMES: tuple[MoveKind, ...] = ("play", "declare", "pass", "retract")


class Move:
    __slots__ = ("card", "capture_mask", "code", "matta", "named", "bit", "_key", "_captures")

    card: Card | None
    """The card played; None for a declaration, a pass or a retraction."""
    capture_mask: int
    code: int
    """``PLAY``, ``DECLARE``, ``PASS`` or ``RETRACT`` (``kind`` in words)."""
    matta: Card | None
    """For a declaration naming the matta: the matta card."""
    named: int
    """For a declaration naming the matta: the value named for it, 1 to 10 (else 0)."""
    bit: int
    """The played card's bit (0 when no card is played)."""
    _key: int
    _captures: tuple[Card, ...]

    def __new__(cls, card: Card, captures: tuple[Card, ...] | list[Card] = ()) -> Move:
        if not isinstance(card, Card):
            raise CardError(f"a move plays a Card, not {card!r}")
        mask = mask_of(captures)
        if mask & card.bit:
            raise NotationError(f"{card} cannot capture itself")
        return cls.of(card.index, mask)

    @classmethod
    def of(cls, card_index: int, capture_mask: int) -> Move:
        """The interned move for a card index and capture mask (the engine's fast path)."""
        key = capture_mask << 6 | card_index
        move = MOVES.get(key)
        if move is None:
            move = cls._build(DECK[card_index], capture_mask, PLAY, None, 0, key)
            MOVES[key] = move
        return move

    @classmethod
    def declare(cls, matta: Card | None = None, named: int = 0) -> Move:
        """Knock and show the hand for its bonus; with the matta in the hand, ``named`` is
        the value (1 to 10) given to ``matta``, which it keeps while in play."""
        if matta is None:
            if named:
                raise NotationError("a value is named only for the matta")
            return _special(DECLARE, -1, 0)
        if not isinstance(matta, Card):
            raise CardError(f"the matta is a Card, not {matta!r}")
        if isinstance(named, bool) or not isinstance(named, int) or not 1 <= named <= 10:
            raise NotationError(f"the matta is named a value from 1 to 10, not {named!r}")
        return _special(DECLARE, matta.index, named)

    @classmethod
    def _build(
        cls, card: Card | None, capture_mask: int, code: int, matta: Card | None, named: int,
        key: int,
    ) -> Move:  # fmt: skip
        move = object.__new__(cls)
        object.__setattr__(move, "card", card)
        object.__setattr__(move, "capture_mask", capture_mask)
        object.__setattr__(move, "code", code)
        object.__setattr__(move, "matta", matta)
        object.__setattr__(move, "named", named)
        object.__setattr__(move, "bit", card.bit if card is not None else 0)
        object.__setattr__(move, "_key", key)
        object.__setattr__(move, "_captures", cards_of(capture_mask))
        return move

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("moves are immutable")

    @property
    def kind(self) -> MoveKind:
        """The kind in words: "play", "declare", "pass" or "retract"."""
        return _KIND_NAMES[self.code]

    @property
    def is_play(self) -> bool:
        """A card is played (laid or capturing); the other kinds play no card."""
        return self.code == PLAY

    @property
    def is_declaration(self) -> bool:
        return self.code == DECLARE

    @property
    def captures(self) -> tuple[Card, ...]:
        """The table cards taken, in index order (empty when the card is laid)."""
        return self._captures

    @property
    def is_capture(self) -> bool:
        return self.capture_mask != 0

    def text(self) -> str:
        code = self.code
        if code == PLAY:
            if not self.capture_mask:
                return str(self.card)
            return f"{self.card}x" + "+".join(str(card) for card in self._captures)
        if code == DECLARE:
            return f"!{self.matta}={self.named}" if self.matta is not None else "!"
        return "-" if code == PASS else "!-"

    @staticmethod
    def parse(text: str) -> Move:
        """Read ``"5B"``, ``"7Dx3C+4S"``, ``"!"``, ``"!7C=1"``, ``"-"`` or ``"!-"`` (case and
        spaces are forgiven)."""
        if not isinstance(text, str) or not text.strip():
            raise NotationError(f"cannot read move {text!r}: write a card like '5B' or '7Dx3C+4S'")
        cleaned = text.strip().replace(" ", "").upper()
        if cleaned == "-":
            return PASS_MOVE
        if cleaned == "!-":
            return RETRACT_MOVE
        if cleaned.startswith("!"):
            return _parse_declaration(text, cleaned[1:])
        played, sep, taken = cleaned.partition("X")
        try:
            card = Card.parse(played)
            captures = tuple(Card.parse(item) for item in taken.split("+")) if sep else ()
        except CardError as error:
            raise NotationError(f"cannot read move {text!r}: {error}") from None
        if sep and not captures:
            raise NotationError(f"cannot read move {text!r}: nothing after 'x'")
        if len(set(captures)) != len(captures):
            raise NotationError(f"cannot read move {text!r}: a card is taken twice")
        return Move(card, captures)

    def __str__(self) -> str:
        return self.text()

    def __repr__(self) -> str:
        return f"Move.parse({self.text()!r})"

    def __reduce__(self) -> tuple[object, tuple[int, ...]]:
        if self.code == PLAY:
            return (Move.of, (self._key & 63, self.capture_mask))
        matta = self.matta.index if self.matta is not None else -1
        return (_special, (self.code, matta, self.named))


def _parse_declaration(text: str, rest: str) -> Move:
    if not rest:
        return Move.declare()
    card_text, sep, value = rest.partition("=")
    if not sep or not value.isdigit():
        raise NotationError(
            f"cannot read move {text!r}: a declaration is '!', or '!7C=1' naming the matta"
        )
    try:
        card = Card.parse(card_text)
    except CardError as error:
        raise NotationError(f"cannot read move {text!r}: {error}") from None
    named = int(value)
    if not 1 <= named <= 10:
        raise NotationError(f"cannot read move {text!r}: the matta is named a value from 1 to 10")
    return Move.declare(card, named)


def _special(code: int, matta_index: int, named: int) -> Move:
    key = (code, matta_index, named)
    move = SPECIAL_MOVES.get(key)
    if move is None:
        matta = DECK[matta_index] if matta_index >= 0 else None
        move = Move._build(None, 0, code, matta, named, -1 - len(SPECIAL_MOVES))
        SPECIAL_MOVES[key] = move
    return move


MOVES: dict[int, Move] = {}
"""Interned plays by ``capture_mask << 6 | card_index``."""
SPECIAL_MOVES: dict[tuple[int, int, int], Move] = {}
"""Interned declarations, passes and retractions by (code, matta index or -1, value)."""
PASS_MOVE = _special(PASS, -1, 0)
RETRACT_MOVE = _special(RETRACT, -1, 0)


def this_deal(history: Sequence[tuple[int, Move]], played: int) -> tuple[tuple[int, Move], ...]:
    """The moves of a round's current deal from its ``history``: its last ``played`` card
    plays (the cards played from the hands last dealt), with the declarations and passes
    made among and before them."""
    start = len(history)
    cards = 0
    while start > 0:
        if history[start - 1][1].card is not None:
            if cards >= played:
                break
            cards += 1
        start -= 1
    return tuple(history[start:])
