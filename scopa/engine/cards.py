"""The 40 cards of an Italian deck.

A card is an interned value: there is exactly one ``Card`` object per card, so identity,
equality and hashing agree and are cheap. Internally the engine works on card *indices*
(``(rank - 1) * 4 + suit``) and on bit masks of them; the masks are what make move
generation fast enough for search.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from .errors import CardError

SUITS = "DCSB"
"""Denari (coins), Coppe (cups), Spade (swords), Bastoni (batons), in index order."""

SUIT_NAMES = {"D": "denari", "C": "coppe", "S": "spade", "B": "bastoni"}
RANK_NAMES = {8: "fante", 9: "cavallo", 10: "re"}


class Card:
    """One card: ``rank`` 1..10 and ``suit`` one of ``"D" "C" "S" "B"``; text form ``"7D"``."""

    __slots__ = ("rank", "suit", "index", "bit", "_text")

    rank: int
    suit: str
    index: int
    bit: int
    _text: str

    def __new__(cls, rank: int, suit: str) -> Card:
        try:
            return _BY_KEY[(rank, suit)]
        except (KeyError, TypeError):
            raise CardError(f"no such card: rank {rank!r}, suit {suit!r}") from None

    @classmethod
    def _make(cls, rank: int, suit: str) -> Card:
        card = object.__new__(cls)
        index = (rank - 1) * 4 + SUITS.index(suit)
        for name, value in (
            ("rank", rank),
            ("suit", suit),
            ("index", index),
            ("bit", 1 << index),
            ("_text", f"{rank}{suit}"),
        ):
            object.__setattr__(card, name, value)
        return card

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("cards are immutable")

    @staticmethod
    def parse(text: str) -> Card:
        """Read ``"7D"``, ``"10b"``, ``" 1C "``; raise ``CardError`` with the reason otherwise."""
        if not isinstance(text, str):
            raise CardError(f"a card is written as text like '7D', not {text!r}")
        cleaned = text.strip().upper()
        if len(cleaned) < 2 or cleaned[-1] not in SUITS or not cleaned[:-1].isdigit():
            raise CardError(
                f"cannot read card {text!r}: "
                "write the rank 1-10 then the suit D, C, S or B, like '7D'"
            )
        rank = int(cleaned[:-1])
        if not 1 <= rank <= 10:
            raise CardError(f"cannot read card {text!r}: the rank must be 1 to 10")
        return _BY_KEY[(rank, cleaned[-1])]

    @staticmethod
    def from_index(index: int) -> Card:
        return DECK[index]

    @property
    def name(self) -> str:
        """English-free descriptive name used in logs and tests, e.g. ``"re di denari"``."""
        rank = RANK_NAMES.get(self.rank, str(self.rank))
        return f"{rank} di {SUIT_NAMES[self.suit]}"

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Card.parse({self._text!r})"

    def __hash__(self) -> int:
        return self.index

    def __lt__(self, other: Card) -> bool:
        return self.index < other.index

    def __reduce__(self) -> tuple[type[Card], tuple[int, str]]:
        return (Card, (self.rank, self.suit))


_BY_KEY: dict[tuple[int, str], Card] = {}
for _rank in range(1, 11):
    for _suit in SUITS:
        _BY_KEY[(_rank, _suit)] = Card._make(_rank, _suit)

DECK: tuple[Card, ...] = tuple(sorted(_BY_KEY.values()))
"""The 40 cards in index order: 1D 1C 1S 1B 2D ... 10B."""

FULL_MASK = (1 << 40) - 1
RANK_OF: tuple[int, ...] = tuple(card.rank for card in DECK)
SUIT_OF: tuple[int, ...] = tuple(SUITS.index(card.suit) for card in DECK)
COINS_MASK = sum(card.bit for card in DECK if card.suit == "D")
SEVENS_MASK = sum(card.bit for card in DECK if card.rank == 7)
SIXES_MASK = sum(card.bit for card in DECK if card.rank == 6)
RANK_MASK: tuple[int, ...] = (0,) + tuple(0xF << (4 * (rank - 1)) for rank in range(1, 11))
SUIT_MASK: tuple[int, ...] = tuple(
    sum(card.bit for card in DECK if card.suit == suit) for suit in SUITS
)
SETTEBELLO = Card(7, "D")
RE_BELLO = Card(10, "D")
SETTEBELLO_COPPE = Card(7, "C")


def parse_cards(text: str | Iterable[str]) -> tuple[Card, ...]:
    """Read several cards: ``"7D 3C 10B"`` or an iterable of card texts."""
    items = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    return tuple(Card.parse(item) for item in items)


def mask_of(cards: Iterable[Card]) -> int:
    mask = 0
    for card in cards:
        if not isinstance(card, Card):
            raise CardError(f"expected a Card, got {card!r}")
        mask |= card.bit
    return mask


def bits(mask: int) -> Iterator[int]:
    """The card indices set in ``mask``, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def cards_of(mask: int) -> tuple[Card, ...]:
    """The cards in ``mask``, in index order."""
    out = []
    while mask:
        low = mask & -mask
        out.append(DECK[low.bit_length() - 1])
        mask ^= low
    return tuple(out)


def format_cards(cards: Iterable[Card]) -> str:
    return " ".join(str(card) for card in cards)
