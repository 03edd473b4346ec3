"""Dealing a round of a match again: the same cards to the same seats.

The match knows how each of its rounds was dealt (``Match.round_deck``, ``round_dealer``);
a new match dealt from that deck by that dealer replays the round exactly.
"""

from __future__ import annotations

from scopa.engine import Match


def replay_match(match: Match, round_no: int) -> Match:
    """A new match whose first round is dealt exactly like round ``round_no`` of ``match``."""
    return Match.new(
        match.rules,
        match.seed,
        first_dealer=match.round_dealer(round_no),
        decks=(match.round_deck(round_no),),
    )
