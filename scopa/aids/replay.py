"""Dealing a round of a match again: the same cards to the same seats.

A match stores its seed, not its decks: round ``n`` is shuffled by ``round_rng(seed, n)``
(reshuffled while the table must be redealt), unless the match was given explicit decks. The
same steps give back the deck, and a new match dealt from it replays the round exactly.
"""

from __future__ import annotations

from scopa.engine import DECK, Card, Match
from scopa.engine.match import round_rng
from scopa.engine.round import misdeal_reason


def deck_of_round(match: Match, round_no: int) -> tuple[Card, ...]:
    """The 40 cards in the order round ``round_no`` of ``match`` was dealt from."""
    if not 1 <= round_no <= match.round.round_no:
        raise ValueError(f"round {round_no} has not been dealt in this match")
    rules = match.rules
    if round_no <= len(match.decks):
        return tuple(match.decks[round_no - 1])
    rng = round_rng(match.seed, round_no)
    deck = list(DECK)
    while True:
        rng.shuffle(deck)
        table = deck[rules.players * rules.hand_size :][: rules.table_size]
        if misdeal_reason(table, rules) is None:
            return tuple(deck)


def dealer_of_round(match: Match, round_no: int) -> int:
    """The deal passes to the right (the next seat) every round."""
    return (match.first_dealer + round_no - 1) % match.rules.players


def replay_match(match: Match, round_no: int) -> Match:
    """A new match whose first round is dealt exactly like round ``round_no`` of ``match``."""
    return Match.new(
        match.rules,
        match.seed,
        first_dealer=dealer_of_round(match, round_no),
        decks=(deck_of_round(match, round_no),),
    )
