"""Dealing a round of a match again: the same cards to the same seats.

The match knows how each of its rounds was dealt (``Match.round_deck``, ``round_dealer``);
a new match dealt from that deck by that dealer replays the round exactly.
"""

from __future__ import annotations

import random

from scopa.engine import Match, Rules, RulesError, round_rng, shuffled_deck

DEALT_AS = {"scopa": "S", "scopone": "N", "scientifico": "T"}
"""The letter of a round's code for how its cards are dealt (``deal_shape``); Cirulla's "C"."""


def deal_shape(rules: Rules) -> str:
    """What a round's code names besides its seed and round: the players, and how the cards
    are dealt and sent back (the players' digit, then S for three cards each as in Scopa, N
    for scopone's nine, T for scientifico's every card, C for Cirulla's deal). The same seed
    deals other cards to another table: a code typed at another is told so, not dealt."""
    return f"{rules.players}{'C' if rules.cirulla else DEALT_AS[rules.deal]}"


def _shapes() -> frozenset[str]:
    shapes = set()
    for players in (2, 3, 4, 6):
        for deal in DEALT_AS:
            for cirulla in (False, True):
                try:
                    rules = Rules(players=players, deal=deal, cirulla=cirulla)
                except RulesError:
                    continue
                shapes.add(deal_shape(rules))
    return frozenset(shapes)


DEAL_SHAPES = _shapes()
"""Every table a round's code may name (``deal_shape``)."""


def replay_match(match: Match, round_no: int, seed: int | None = None) -> Match:
    """A new match whose first round is dealt exactly like round ``round_no`` of ``match``,
    its next rounds from ``seed`` (by default one drawn from ``match``'s and ``round_no``):
    not from ``match``'s own seed, whose second round, replaying the second, was the round
    replayed again, each hand passed to the other player."""
    if seed is None:
        seed = random.Random(f"scopa/{match.seed}/replay/{round_no}").getrandbits(63)
    return Match.new(
        match.rules,
        seed,
        first_dealer=match.round_dealer(round_no),
        decks=(match.round_deck(round_no),),
    )


def coded_match(rules: Rules, seed: int, round_no: int, then: int) -> Match:
    """A new match of ``rules`` whose first round deals the cards round ``round_no`` of the
    match of ``seed`` dealt, from the same dealer (a round's code names them: the score
    sheet shows it). The code of a first round is that match's: its next rounds too; of a
    later round, the rounds after it are shuffled anew from ``then`` (from ``seed``, the
    second would deal that match's second again)."""
    if round_no == 1:
        return Match.new(rules, seed)
    first = Match.new(rules, seed)
    return Match.new(
        rules,
        then,
        first_dealer=first.round_dealer(round_no),
        decks=(shuffled_deck(rules, round_rng(seed, round_no)),),
    )
