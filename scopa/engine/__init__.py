"""The rules of Scopa, pure: no pygame, no I/O, no global random.

The public API, stable for the app, the opponents, tools and tests::

    from scopa.engine import Card, Rules, capture_options, score_round, primiera

Cards
    ``Card.parse("7D")``, ``str(card) == "7D"``, ``card.rank`` 1..10, ``card.suit`` one of
    ``"D" "C" "S" "B"``; ``DECK`` holds the 40 cards. Cards are interned values.
Rules
    ``Rules()`` is the defaults of RULES.md; every toggle is a field. ``Rules.preset(name)``
    for the ``PRESETS``; ``to_dict()`` / ``from_dict()`` round-trip and refuse unknown keys,
    bad values and combinations that make no sense (``RulesError``).
Captures and scores
    ``capture_options(card, table, rules)`` lists the sets a card may take (empty: it is laid).
    ``score_round(piles, scope, rules)`` gives a ``Breakdown`` per side; ``primiera(cards)``.
Play
    ``Round`` is one round and ``Match`` a whole match, both immutable: ``legal_moves()``,
    ``apply(move) -> (new state, events)``, ``observe(seat)`` (what one seat may see).
    ``Round.deal(rules, deck)`` deals an explicit deck order; ``Match.new(rules, rng)`` a
    seeded match. Moves are written ``5B`` or ``7Dx3C+4S`` (``Move.parse`` / ``move.text()``);
    ``GameRecord`` writes and reads a whole match (rules, seed or decks, moves).
Errors
    Bad input raises a ``ScopaError`` subclass (``CardError``, ``RulesError``,
    ``IllegalMove``, ``NotationError``, ``DealError``) with a readable reason; the state it was
    asked of is unchanged.
"""

from .captures import capture_options
from .cards import DECK, SUITS, Card, cards_of, format_cards, parse_cards
from .errors import CardError, DealError, IllegalMove, NotationError, RulesError, ScopaError
from .events import (
    Captured,
    Dealt,
    Event,
    Laid,
    LastCapture,
    MatchWon,
    Played,
    Redealt,
    RoundScored,
    Scopa,
)
from .match import Match, round_rng
from .moves import Move
from .observation import Observation, observe
from .perft import perft
from .record import GameRecord
from .round import Round, misdeal_reason
from .rules import PRESETS, Rules
from .scoring import CATEGORIES, Breakdown, categories, prime_values, primiera, score_round

__all__ = [
    "CATEGORIES",
    "DECK",
    "PRESETS",
    "SUITS",
    "Breakdown",
    "Captured",
    "Card",
    "CardError",
    "DealError",
    "Dealt",
    "Event",
    "GameRecord",
    "IllegalMove",
    "Laid",
    "LastCapture",
    "Match",
    "MatchWon",
    "Move",
    "NotationError",
    "Observation",
    "Played",
    "Redealt",
    "Round",
    "RoundScored",
    "Rules",
    "RulesError",
    "Scopa",
    "ScopaError",
    "capture_options",
    "cards_of",
    "categories",
    "format_cards",
    "misdeal_reason",
    "observe",
    "parse_cards",
    "perft",
    "prime_values",
    "primiera",
    "round_rng",
    "score_round",
]
