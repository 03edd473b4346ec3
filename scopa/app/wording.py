"""Sentences put together from the string tables: who "you" are, cards named with their
article, counts with their singular, lists joined with "and", the target with its article.

The tables hold whole phrases in each language ("Hai vinto!", "Vince {name}!", "Vincono
{names}!", "l'asso di {suit}"); this module only chooses which phrase fits and fills it in, so
each language keeps its own grammar and no sentence is glued together from loose words.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, NamedTuple

from scopa.aids.replay import DEAL_SHAPES
from scopa.i18n import tables
from scopa.settings import FRENCH_SUITED_DECKS

NO_BREAK = "\u00a0"
"""A space no line breaks at (inside a name)."""

if TYPE_CHECKING:
    from scopa.engine import Card
    from scopa.settings import MatchSetup

Text = Callable[..., str]
"""A translator: ``t(key, **params)`` (``scopa.i18n.Translator``)."""

YOU_KEYS = ("you", "table.you_name")
"""The keys of the name a human seat gets by default ("Tu", "You")."""
NUMBERED_KEYS = ("ng_seat", "player_n")
"""The keys of the names a seat gets by its number ("Posto 2", "Player 2")."""


def _has(key: str) -> bool:
    return key in tables()["en"]


def short_name(name: str, others: Iterable[str] = ()) -> str:
    """A person's name by as few of its first words as tell it from ``others`` ("Maria" for
    "Maria Antonietta"; "Marco R." beside "Marco Bianchi", the next word's initial telling
    them apart); a name numbered ("Player 4", "Posto 2") whole, its number being what tells
    it apart."""
    words = name.split()
    if len(words) < 2 or any(word[:1].isdigit() for word in words[1:]):
        return name
    known = [other.casefold().split() for other in others]
    for n in range(1, len(words)):
        prefix = [word.casefold() for word in words[:n]]
        if not any(other[:n] == prefix for other in known):
            return " ".join(words[:n])
        initial = words[n][:1]
        shared = (other[n][:1] for other in known if other[:n] == prefix and len(other) > n)
        if initial.casefold() not in shared:
            brief = " ".join([*words[:n], initial + "."])
            if len(brief) < len(name):
                return brief
    return name


def capital(text: str) -> str:
    """``text`` with its first letter in upper case (a phrase opening a sentence)."""
    return text[:1].upper() + text[1:]


def opening(text: str, names: Iterable[str]) -> str:
    """``capital(text)``, unless it opens with one of ``names``: a player's name is written
    as its player wrote it ("dani" read "Dani" where a line opened with it)."""
    if any(name and text.startswith(name) for name in names):
        return text
    return capital(text)


def count(t: Text, key: str, n: int) -> str:
    """``key`` for ``n`` things: its singular ``key_1`` for one, else ``key`` with ``n``."""
    if n == 1 and _has(f"{key}_1"):
        return t(f"{key}_1", n=n)
    return t(key, n=n)


def join(t: Text, items: Sequence[str], word: str = "and") -> str:
    """Items in a sentence: "a", "a and b", "a, b and c" ("a, b e c"; "Principiante ed
    Esperto": before a word that begins with an e, Italian says "ed"); ``word`` "or":
    "a, b or c"."""
    items = list(items)
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    last = items[-1]
    before_e = last[:1] in ("e", "E", "è", "È")
    return t(
        f"list.{word}_before_e" if before_e else f"list.{word}", a=", ".join(items[:-1]), b=last
    )


# --- cards ---------------------------------------------------------------------------------


def deck_family(deck_style: str) -> str:
    """'french' for the French-suited decks (French, Genoese: hearts, diamonds, the jack and
    the queen), else 'italian' (napoletane, piacentine, siciliane, trevisane: same names)."""
    return "french" if deck_style in FRENCH_SUITED_DECKS else "italian"


def suit_name(t: Text, suit: str, deck_style: str = "napoletane") -> str:
    """A suit as named in a sentence ("denari", "quadri", "coins", "diamonds")."""
    return t(f"card.suit.{deck_family(deck_style)}.{suit}")


def card_name(t: Text, card: Card, deck_style: str = "napoletane", *, start: bool = False) -> str:
    """A card as a sentence names it, with its article: "l'asso di coppe", "the king of
    coins"; with the French deck, "la donna di cuori", "the queen of hearts". ``start``
    capitalises it for the opening of a sentence."""
    family = deck_family(deck_style)
    text = t(f"card.{family}.{card.rank}", suit=suit_name(t, card.suit, deck_style))
    return capital(text) if start else text


def card_list(t: Text, cards: Iterable[Card], deck_style: str = "napoletane") -> str:
    """Cards in a sentence: "l'asso di coppe e il 2 di spade"."""
    return join(t, [card_name(t, card, deck_style) for card in cards])


def deck_text(t: Text, key: str, deck_style: str = "napoletane", **params: object) -> str:
    """The text of ``key`` (with ``params``) as a deck names its cards: its ``.french``
    form, where it has one, with a French-suited deck (diamonds for coins, hearts for cups,
    the queen)."""
    if deck_family(deck_style) == "french" and _has(f"{key}.french"):
        return t(f"{key}.french", **params)
    return t(key, **params)


def category_label(t: Text, category: str, deck_style: str = "napoletane") -> str:
    """A scoring category's name; with a French-suited deck the coins are diamonds."""
    return deck_text(t, f"cat_{category}", deck_style)


def rank_label(t: Text, rank: int, deck_style: str = "napoletane") -> str:
    """The short rank a card shows in its corner (the tracker's columns)."""
    if deck_family(deck_style) == "french" and _has(f"aids.rank.french.{rank}"):
        return t(f"aids.rank.french.{rank}")
    return t(f"aids.rank.{rank}")


# --- the target ----------------------------------------------------------------------------


def italian_vowel_number(n: int) -> bool:
    """Whether the Italian word for ``n`` begins with a vowel (uno, otto, undici, ottanta,
    ottocento, ottomila...): such numbers take "gli", the others "i" ("agli 11", "ai 21")."""
    if n < 0:
        return False
    if n < 100:
        return n in (1, 8, 11) or 80 <= n <= 89
    if n < 1000:
        hundreds = n // 100
        return hundreds == 8  # cento, duecento... ottocento
    if n < 1_000_000:
        thousands = n // 1000
        return thousands != 1 and italian_vowel_number(thousands)  # mille, duemila, ottomila
    millions = n // 1_000_000
    return millions == 1 or italian_vowel_number(millions)  # un milione, otto milioni


def target_line(t: Text, target: int) -> str:
    """What the match is played to: "Si gioca agli 11", "Si gioca ai 21", "Playing to 11"."""
    key = "table.target_vowel" if italian_vowel_number(target) else "table.target"
    return t(key, n=target)


# --- who is who ----------------------------------------------------------------------------


class Seats:
    """How the sentences of one match name its seats and sides.

    In a match with one human (solo) that human is "you": "Hai vinto!", "Le ultime carte a
    te". With several humans at one screen, or none (watching), everyone is named. A side of
    two partners is plural: "Vincono Giulia e Marco!".
    """

    def __init__(self, setup: MatchSetup, t: Text, here: Sequence[int] | None = None) -> None:
        self.setup = setup
        self.t = t
        self.here = tuple(setup.humans if here is None else here)
        """The seats played at this screen (online, friends at other computers are not)."""

    @property
    def you(self) -> int | None:
        """The seat of the one human at this screen (None when several or none play here)."""
        return self.here[0] if len(self.here) == 1 else None

    @property
    def your_side(self) -> int | None:
        you = self.you
        return None if you is None else self.setup.rules.side_of(you)

    def cheers(self, side: int) -> bool:
        """Whether ``side`` winning is a win for this screen: someone here plays on it, or
        nobody here plays (watching the computers)."""
        rules = self.setup.rules
        return not self.here or any(rules.side_of(seat) == side for seat in self.here)

    def seats_of(self, side: int) -> list[int]:
        rules = self.setup.rules
        return [seat for seat in range(len(self.setup.seats)) if rules.side_of(seat) == side]

    def seat_name(self, seat: int) -> str:
        """The name shown for ``seat``: the one a player gave it, or for a default name
        (:func:`is_default_name`) the one of :func:`default_name` in the current language."""
        config = self.setup.seats[seat]
        if is_default_name(config.name, seat):
            return default_name(self.t, seat, human=config.human, alone=seat == self.you)
        return config.name

    def side_name(self, side: int, *, whole: bool = False, brief: bool = False) -> str:
        """A side as a label: one name, or partners joined ("Giulia e Marco", "Anna, Carla
        e Elena"); ``whole``: a line may break between partners' names, not inside one
        ("Player 1 &" over "Player 4", not "Player" over "1 & Player 4"); ``brief``:
        partners each by their first name (``brief_name``)."""
        seats = self.seats_of(side)
        names = [self.seat_name(seat) for seat in seats]
        if brief and len(names) > 1:
            names = [self.brief_name(seat) for seat in seats]
        if whole and len(names) > 1:
            names = [name.replace(" ", NO_BREAK) for name in names]
        if len(names) > 1:
            return self.t("table.and", a=", ".join(names[:-1]), b=names[-1])
        return names[0] if names else str(side + 1)

    def brief_name(self, seat: int) -> str:
        """A seat's name by its first word ("Maria" for "Maria Antonietta Bartolo"), or as
        few of its words as tell it from every other seat's, the next one's initial where
        that does ("Marco R." beside "Marco Bianchi"); a name numbered as the game gives
        them ("Player 4") whole (``short_name``)."""
        others = (self.seat_name(n) for n in range(len(self.setup.seats)) if n != seat)
        return short_name(self.seat_name(seat), others)

    def about_seat(self, key: str, seat: int, **params: object) -> str:
        """The phrase ``key`` said of one ``seat``: ``key.you`` or ``key.one`` ({name})."""
        if seat == self.you:
            return self.t(f"{key}.you", **params)
        return self.t(f"{key}.one", name=self.seat_name(seat), **params)

    def about(self, key: str, side: int, **params: object) -> str:
        """The phrase ``key`` said of ``side``: ``key.you`` (you, alone), ``key.your_team``
        (your side with a partner), ``key.one`` ({name}) or ``key.team`` ({names}, plural);
        ``params`` fill the phrase's other blanks (``{n}`` points)."""
        seats = self.seats_of(side)
        team = len(seats) > 1
        if side == self.your_side:
            return self.t(f"{key}.your_team" if team else f"{key}.you", **params)
        if team:
            names = join(self.t, [self.seat_name(s) for s in seats])
            return self.t(f"{key}.team", names=names, **params)
        return self.t(f"{key}.one", name=self.side_name(side), **params)


def default_you_names() -> frozenset[str]:
    """Every language's default name for the player ("Tu", "You")."""
    return frozenset(table[key] for table in tables().values() for key in YOU_KEYS if key in table)


def numbered_name(seat: int) -> str:
    """The game's own name for ``seat`` where it has no other ("Player 2"), written in
    English and shown in the reader's language (``is_default_name``)."""
    return tables()["en"]["player_n"].format(n=seat + 1)


def default_names(seat: int) -> set[str]:
    """Every name the game may give ``seat`` in any language ("Player 2", "Giocatore 2",
    "Seat 2", "Posto 2"; "You", "Tu"): a seat left with the game's name is shown by
    another of them once the language changes."""
    numbered = {
        table[key].format(n=seat + 1)
        for table in tables().values()
        for key in NUMBERED_KEYS
        if key in table
    }
    return numbered | set(default_you_names())


def is_default_name(name: str, seat: int) -> bool:
    """Whether ``name`` is one the game gives ``seat`` rather than one a player typed: the
    player's name in any language ("Tu", "You") or the seat's number ("Posto 2", "Seat 2",
    "Giocatore 2", "Player 2"). Such a name is shown in the language of the moment, so a
    match set up in Italian does not say "Tu" once the game speaks English. A table online
    numbers a second "You" ("You 2"): that is the game's name too, not one typed."""
    base, _, number = name.rpartition(" ")
    return name in default_names(seat) or number.isdigit() and base in default_you_names()


def default_name(t: Text, seat: int, *, human: bool, alone: bool) -> str:
    """How a seat with a default name is named: "you" for the one person at the screen,
    "Player 2" among several people, "Seat 2" for a computer."""
    if not human:
        return t("ng_seat", n=seat + 1)
    return t("you") if alone else t("player_n", n=seat + 1)


__all__ = [
    "Seats",
    "capital",
    "card_list",
    "card_name",
    "category_label",
    "count",
    "deck_text",
    "default_name",
    "default_you_names",
    "is_default_name",
    "italian_vowel_number",
    "join",
    "opening",
    "rank_label",
    "suit_name",
    "target_line",
]


CODE_DIGITS = "0123456789ABCDEFGHJKLMNPQRSTUVWXYZ"
"""The digits of a deal's code: no I nor O, read as 1 and 0."""
CODED_SEEDS = len(CODE_DIGITS) ** 6
"""The seeds a code of six digits names whole: a new match's seed is one of them."""


MOST_ROUNDS = 999
"""The highest round a code may name."""


class DealCode(NamedTuple):
    """What a round's code names: the match's seed, the round, and the table it was dealt at
    (``deal_shape``; empty in a code of an older version, which named none)."""

    seed: int
    round_no: int
    shape: str = ""


def parse_deal_id(text: str) -> DealCode | None:
    """The seed, the round and the table a code names (``deal_id``), as typed or pasted: any
    case, spaces anywhere, O and I for 0 and 1, the round left out for the first, the table
    left out as older versions wrote it; None for words that are no code."""
    cleaned = "".join(text.split()).upper().replace("O", "0").replace("I", "1")
    head, dash, tail = cleaned.partition("-")
    if len(head) != 6 or any(digit not in CODE_DIGITS for digit in head):
        return None
    round_no, shape = 1, ""
    if dash:
        told, dash, shape = tail.partition("-")
        if dash and shape not in DEAL_SHAPES:
            return None
        if not (told.isascii() and told.isdigit()) or not 1 <= int(told) <= MOST_ROUNDS:
            return None
        round_no = int(told)
    base = len(CODE_DIGITS)
    seed = sum(CODE_DIGITS.index(digit) * base**k for k, digit in enumerate(head))
    return DealCode(seed, round_no, shape)


def deal_id(seed: int, round_no: int, shape: str = "") -> str:
    """A short code naming a shuffled deal: the match seed in six digits (``CODE_DIGITS``,
    the lowest first), the round, and the table dealt at (``deal_shape``: the players and
    the deal, as "2S"). Whole for a seed under ``CODED_SEEDS`` only."""
    value, code = seed, ""
    for _ in range(6):
        value, rest = divmod(value, len(CODE_DIGITS))
        code += CODE_DIGITS[rest]
    return f"{code}-{round_no}-{shape}" if shape else f"{code}-{round_no}"
