"""The text form of a whole match: rules, seed (or deck orders) and moves.

Saves, replays and bug reports all use it. Example::

    scopa-record 1
    rules {"assi": false, ..., "target": 11}
    seed 8127366
    dealer 1
    moves
    5B 7Dx3C+4S 10Cx10D ...

An optional ``deck N <40 cards>`` line fixes the deck of round N (rounds 1, 2, ... in order).
Cirulla's declarations are moves like the others (``!``, ``!7C=1``, ``-``, ``!-``), and its
rules are fields of the same ``rules`` line; a record written before they existed reads as
it was played.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from .cards import Card, parse_cards
from .errors import CardError, NotationError, RulesError, ScopaError
from .moves import Move
from .rules import Rules

if TYPE_CHECKING:
    from .match import Match

MAGIC = "scopa-record"
VERSION = 1
_MOVES_PER_LINE = 12


@dataclass(frozen=True)
class GameRecord:
    rules: Rules
    seed: int
    first_dealer: int
    decks: tuple[tuple[Card, ...], ...] = ()
    moves: tuple[Move, ...] = ()

    def same_deal(self, other: GameRecord) -> bool:
        """Whether ``other`` is a record of the same match, its plays aside (the rules,
        the shuffle, the first dealer, the decks given)."""
        return replace(self, moves=()) == replace(other, moves=())

    def continues(self, earlier: GameRecord) -> bool:
        """Whether this is ``earlier``'s match played on (or as it was): the same deal,
        ``earlier``'s moves first."""
        return self.same_deal(earlier) and self.moves[: len(earlier.moves)] == earlier.moves

    def text(self) -> str:
        lines = [
            f"{MAGIC} {VERSION}",
            "rules " + json.dumps(self.rules.to_dict(), sort_keys=True),
            f"seed {self.seed}",
            f"dealer {self.first_dealer}",
        ]
        for number, deck in enumerate(self.decks, start=1):
            lines.append(f"deck {number} " + " ".join(map(str, deck)))
        lines.append("moves")
        for start in range(0, len(self.moves), _MOVES_PER_LINE):
            lines.append(
                " ".join(move.text() for move in self.moves[start : start + _MOVES_PER_LINE])
            )
        return "\n".join(lines) + "\n"

    @classmethod
    def parse(cls, text: str) -> GameRecord:
        """Read a record; ``NotationError`` names the line that could not be read."""
        record, unread = cls.read(text)
        if unread is not None:
            raise unread
        return record

    @classmethod
    def read(cls, text: str) -> tuple[GameRecord, NotationError | None]:
        """Read a record, its plays as far as they read: the record of those, and why the
        next one could not be read (None: every one was). A record whose header does not
        read raises ``NotationError``, naming the line."""
        if not isinstance(text, str):
            raise NotationError("a game record is text")
        lines = [line.strip() for line in text.splitlines()]
        lines = [line for line in lines if line and not line.startswith("#")]
        if not lines or lines[0].split()[:1] != [MAGIC]:
            raise NotationError(f"not a game record: it must start with '{MAGIC}'")
        header = lines[0].split()
        if len(header) != 2 or header[1] != str(VERSION):
            raise NotationError(f"unsupported record version {' '.join(header[1:])!r}")
        fields: dict[str, str] = {}
        decks: dict[int, tuple[Card, ...]] = {}
        moves: list[Move] = []
        unread: NotationError | None = None
        in_moves = False
        for number, line in enumerate(lines[1:], start=2):
            try:
                if in_moves:
                    for item in line.split():
                        moves.append(Move.parse(item))
                    continue
                key, _, value = line.partition(" ")
                if key == "moves":
                    in_moves = True
                elif key == "deck":
                    round_text, _, cards = value.partition(" ")
                    decks[int(round_text)] = parse_cards(cards)
                elif key in ("rules", "seed", "dealer"):
                    fields[key] = value
                else:
                    raise NotationError(f"unknown entry {key!r}")
            except (CardError, NotationError, ValueError) as error:
                if not in_moves:
                    raise NotationError(f"record line {number}: {error}") from None
                unread = NotationError(f"record line {number}: {error}")
                break
        missing = [key for key in ("rules", "seed", "dealer") if key not in fields]
        if missing:
            raise NotationError(f"the record has no '{missing[0]}' line")
        try:
            rules = Rules.from_dict(json.loads(fields["rules"]))
            seed = int(fields["seed"])
            dealer = int(fields["dealer"])
        except (ValueError, RulesError) as error:
            raise NotationError(f"bad record header: {error}") from None
        if sorted(decks) != list(range(1, len(decks) + 1)):
            raise NotationError("deck lines must number the rounds 1, 2, 3 ... in order")
        if not 0 <= dealer < rules.players:
            raise NotationError(f"dealer {dealer} is not a seat of a {rules.players}-player game")
        ordered = tuple(decks[n] for n in sorted(decks))
        return cls(rules, seed, dealer, ordered, tuple(moves)), unread

    def replay(self, upto: int | None = None) -> Match:
        """The match after the first ``upto`` moves (all by default)."""
        from .match import Match

        match = Match.new(self.rules, self.seed, first_dealer=self.first_dealer, decks=self.decks)
        for number, move in enumerate(self.moves[:upto], start=1):
            try:
                match, _ = match.apply(move)
            except ScopaError as error:
                raise NotationError(f"move {number} ({move}) cannot be played: {error}") from None
        return match
