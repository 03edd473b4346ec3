"""The rules of Scopa, pure: no pygame, no I/O, no global random.

The public API, stable for the app, the opponents, tools and tests::

    from scopa.engine import Card, Rules, capture_options, score_round, primiera
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
