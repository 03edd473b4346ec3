"""The rules of Scopa, pure: no pygame, no I/O, no global random.

The public API, stable for the app, the opponents, tools and tests::

    from scopa.engine import Card, Rules, capture_options, score_round, primiera

Cards
    ``Card.parse("7D")``, ``str(card) == "7D"``, ``card.rank`` 1..10, ``card.suit`` one of
    ``"D" "C" "S" "B"``; ``DECK`` holds the 40 cards. Cards are interned values.
Rules
    ``Rules()`` is the defaults of RULES.md; every toggle is a field (``cirulla=True`` plays
    the Genoese game of CIRULLA.md). ``Rules.preset(name)`` for the ``PRESETS``;
    ``to_dict()`` / ``from_dict()`` round-trip and refuse unknown keys, bad values and
    combinations that make no sense (``RulesError``, whose ``clash`` names a refused
    combination). Derived facts: ``sides``, ``side_of``, ``seats_of``, ``next_seat``,
    ``deal_order``, ``hand_size``, ``table_size``, ``cards_per_deal``, ``deals_per_round``,
    ``matta_card``. ``RULE_OPTIONS`` (``RuleOption`` records, in ``RULE_SECTIONS``) says how
    each rule is offered: its choices and the rule it depends on.
Captures and scores
    ``capture_options(card, table, rules)`` lists the sets a card may take (empty: it is laid).
    ``scores_scopa(rules, table, rank, capture, last_play)`` says whether a take is a scopa
    (``Round.is_scopa(move)`` for the position at hand).
    ``score_round(piles, scope, rules)`` gives a ``Breakdown`` per side; ``primiera(cards)``;
    ``point_cards(rules)`` the cards worth a point by themselves. Cirulla's bonuses from the
    cards dealt: ``declarations(hand_mask, rules)``, ``hand_points``, ``dealer_bonus``,
    ``table_cause``.
Play
    ``Round`` is one round and ``Match`` a whole match, both immutable: ``legal_moves()`` (a
    tuple), ``apply(move) -> (new state, events)``, ``observe(seat)`` (what one seat may see).
    ``Round.deal(rules, deck)`` deals an explicit deck order; ``shuffled_deck(rules, rng)``
    shuffles one that stands (``misdeal_cause`` says why a table is redealt);
    ``Match.new(rules, rng)`` a seeded match, ``Match.round_deck(n)`` and
    ``Match.round_dealer(n)`` how its round ``n`` was dealt. ``Board`` is a Scopa round
    as one mutable position for search and simulation: ``Board(round)`` or
    ``Board.deal_random(rules, rng)``, ``moves()``, ``make(index, capture)``, ``unmake()``,
    ``score()`` and ``totals()``. Moves are written ``5B`` or
    ``7Dx3C+4S`` (``Move.parse`` / ``move.text()``), and in Cirulla ``!`` (declare the hand),
    ``!7C=1`` (declare, naming the matta an ace), ``-`` (pass) and ``!-`` (take a declaration
    back); ``GameRecord`` writes and reads a whole match (rules, seed or decks, moves).
Errors
    Bad input raises a ``ScopaError`` subclass (``CardError``, ``RulesError``,
    ``IllegalMove``, ``NotationError``, ``DealError``) with a readable reason; the state it was
    asked of is unchanged.
"""

from .board import Board, Play
from .captures import capture_options, scores_scopa
from .cards import DECK, SUITS, Card, cards_of, format_cards, parse_cards
from .cirulla import dealer_bonus, declarations, hand_points, table_cause
from .errors import CardError, DealError, IllegalMove, NotationError, RulesError, ScopaError
from .events import (
    DEAL_WON_CAUSES,
    Captured,
    DealerBonus,
    Dealt,
    DealWon,
    Declared,
    Event,
    Laid,
    LastCapture,
    MatchWon,
    Passed,
    Played,
    RedealCause,
    Redealt,
    Retracted,
    RoundScored,
    Scopa,
)
from .match import Match, round_rng
from .moves import Move, this_deal
from .observation import Observation, observe
from .perft import perft
from .record import GameRecord
from .round import CirullaState, Round, misdeal_cause, misdeal_reason, shuffled_deck
from .rules import (
    FOLLOW_GAME,
    PRESETS,
    RULE_OPTIONS,
    RULE_SECTIONS,
    RuleOption,
    Rules,
    RuleSection,
    changed_options,
    nearest_game,
    rule_option,
)
from .scoring import (
    CATEGORIES,
    Breakdown,
    cards_behind,
    categories,
    grande_points,
    incomplete_counts,
    piccola_cap,
    piccola_points,
    point_cards,
    prime_values,
    primiera,
    score_round,
    seven_count_decider,
)

__all__ = [
    "CATEGORIES",
    "DECK",
    "FOLLOW_GAME",
    "PRESETS",
    "RULE_OPTIONS",
    "RULE_SECTIONS",
    "SUITS",
    "Board",
    "Breakdown",
    "Captured",
    "Card",
    "CardError",
    "CirullaState",
    "DealError",
    "DealWon",
    "DEAL_WON_CAUSES",
    "DealerBonus",
    "Dealt",
    "Declared",
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
    "Passed",
    "Play",
    "Played",
    "RedealCause",
    "Redealt",
    "Retracted",
    "Round",
    "RoundScored",
    "RuleOption",
    "RuleSection",
    "Rules",
    "RulesError",
    "Scopa",
    "ScopaError",
    "capture_options",
    "cards_behind",
    "seven_count_decider",
    "cards_of",
    "categories",
    "dealer_bonus",
    "declarations",
    "format_cards",
    "grande_points",
    "hand_points",
    "incomplete_counts",
    "misdeal_cause",
    "misdeal_reason",
    "observe",
    "parse_cards",
    "perft",
    "piccola_cap",
    "piccola_points",
    "point_cards",
    "prime_values",
    "primiera",
    "round_rng",
    "rule_option",
    "changed_options",
    "nearest_game",
    "score_round",
    "scores_scopa",
    "shuffled_deck",
    "table_cause",
    "this_deal",
]
