"""A move: the card played and the set it takes (empty when the card is laid).

Text form: ``"5B"`` lays the five of batons; ``"7Dx3C+4S"`` plays the settebello taking the
three of cups and four of swords. Moves are interned small values, hashable and cheap to
compare, like python-chess's ``Move``: every way of making a move (``Move.of``, ``Move(card,
captures)``, ``Move.parse``, unpickling) returns the one interned object, so equality is
identity, which keeps move lists fast to search.
"""

from __future__ import annotations

from .cards import DECK, Card, cards_of, mask_of
from .errors import CardError, NotationError


class Move:
    __slots__ = ("card", "capture_mask", "_key", "_captures")

    card: Card
    capture_mask: int
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
            move = object.__new__(cls)
            object.__setattr__(move, "card", DECK[card_index])
            object.__setattr__(move, "capture_mask", capture_mask)
            object.__setattr__(move, "_key", key)
            object.__setattr__(move, "_captures", cards_of(capture_mask))
            MOVES[key] = move
        return move

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("moves are immutable")

    @property
    def captures(self) -> tuple[Card, ...]:
        """The table cards taken, in index order (empty when the card is laid)."""
        return self._captures

    @property
    def is_capture(self) -> bool:
        return self.capture_mask != 0

    def text(self) -> str:
        if not self.capture_mask:
            return str(self.card)
        return f"{self.card}x" + "+".join(str(card) for card in self._captures)

    @staticmethod
    def parse(text: str) -> Move:
        """Read ``"5B"`` or ``"7Dx3C+4S"`` (case and spaces are forgiven)."""
        if not isinstance(text, str) or not text.strip():
            raise NotationError(f"cannot read move {text!r}: write a card like '5B' or '7Dx3C+4S'")
        cleaned = text.strip().replace(" ", "").upper()
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

    def __reduce__(self) -> tuple[object, tuple[int, int]]:
        return (Move.of, (self.card.index, self.capture_mask))


MOVES: dict[int, Move] = {}
"""Interned moves by ``capture_mask << 6 | card_index``."""
