"""Guessing the hidden cards: whole positions consistent with one observation.

A world deals the cards the seat has not seen (``View.unseen``) to the other hands, in the
sizes the observation shows (around the cards a Cirulla declaration shows face up, which stay
where they are), and the rest to the stock. Every world is a position the game
could really be in, so searching it never uses what the seat cannot know; averaging over
many worlds is what lets the master play well without cheating.
"""

from __future__ import annotations

import random
from math import factorial

from scopa.engine import Round, cards_of

from .view import View


def distinct_worlds(view: View) -> int:
    """How many different ways the unseen cards can sit in the other hands (stock as one)."""
    count = factorial(view.unseen.bit_count())
    for seat, size in enumerate(view.hand_sizes):
        if seat != view.seat:
            count //= factorial(size - _shown(view, seat).bit_count())
    return count // factorial(view.stock_size)


def _shown(view: View, seat: int) -> int:
    return view.shown[seat] if view.shown else 0


def sample_world(view: View, rng: random.Random) -> Round:
    """One position drawn uniformly among those consistent with ``view``."""
    hidden = list(cards_of(view.unseen))
    rng.shuffle(hidden)
    hands = []
    at = 0
    for seat, size in enumerate(view.hand_sizes):
        if seat == view.seat:
            hands.append(cards_of(view.hand))
        else:
            shown = cards_of(_shown(view, seat))
            size -= len(shown)
            hands.append([*shown, *hidden[at : at + size]])
            at += size
    cirulla = {}
    if view.rules.cirulla:
        cirulla = {
            "shown": [cards_of(mask) for mask in view.shown],
            "matta_value": view.named,
            "declared": view.declared,
            "declaring": view.declarations_due,
            "bonus": view.bonus,
        }
    return Round.from_parts(
        view.rules,
        hands=hands,
        table=cards_of(view.table),
        stock=hidden[at:],
        piles=[cards_of(pile) for pile in view.piles],
        dealer=view.dealer,
        turn=view.seat,
        scope=view.scope,
        last_capturer=view.last_capturer,
        deal_no=view.deal_no,
        round_no=view.round_no,
        **cirulla,  # type: ignore[arg-type]
    )
