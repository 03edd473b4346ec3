"""Guessing the hidden cards: whole positions consistent with one observation.

A world deals the cards the seat has not seen (``View.unseen``) to the other hands, in the
sizes the observation shows (around the cards a Cirulla declaration shows face up, which stay
where they are), and the rest to the stock. Every world is a position the game
could really be in, so searching it never uses what the seat cannot know; averaging over
many worlds is what lets the master play well without cheating.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from itertools import combinations
from math import comb, factorial

from scopa.engine import Card, Round, cards_of

from .search import search_clock
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
    return build_world(view, *deal_hidden(view, rng))


def deal_hidden(view: View, rng: random.Random) -> tuple[list[list[Card]], list[Card]]:
    """The unseen cards dealt at random: every seat's hand (the viewer's own as it is, a
    declared hand around its shown cards) and the stock."""
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
    return hands, hidden[at:]


def build_world(view: View, hands: list[list[Card]], stock: list[Card]) -> Round:
    """The position ``view`` describes with the hidden cards where ``hands`` and ``stock``
    put them."""
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
        stock=stock,
        piles=[cards_of(pile) for pile in view.piles],
        dealer=view.dealer,
        turn=view.seat,
        scope=view.scope,
        last_capturer=view.last_capturer,
        deal_no=view.deal_no,
        round_no=view.round_no,
        **cirulla,  # type: ignore[arg-type]
    )


FEWEST_WEIGHED = 64
"""The guesses weighed before a deadline may stop the weighing: in scopone, drawing from 64
to 120 of 400 changes Master's move about as often as drawing the worlds again does; from
16, twice as often."""


def likely_worlds(
    view: View,
    rng: random.Random,
    weigh: Callable[[list[int]], float],
    count: int,
    candidates: int,
    deadline: float | None = None,
) -> list[Round]:
    """``count`` positions drawn in proportion to how believable they are: ``candidates``
    uniform guesses at the other hands, or every way they could be dealt when there are at
    most twice as many ways (none then missed or weighed twice), each weighed by ``weigh``
    (every seat's hand as a mask), then drawn again by weight (systematic resampling), each
    with the rest of the unseen cards shuffled into the stock afresh. Far more of the
    worlds searched are then ones the other seats' plays make likely than when a few
    uniform worlds are searched and weighed, where one or two carry the whole average.

    Past ``deadline`` (``search_clock``), the guesses weighed so far (``FEWEST_WEIGHED``
    at least) are drawn from: weighing a long deal's plays for every guess (scopone's ten
    cards a hand) must not hold the decision past its time on a slow machine. The ways of
    dealing are then weighed in a random order, so that those weighed are a fair sample."""
    unseen = view.unseen
    bits = []
    rest = unseen
    while rest:
        low = rest & -rest
        rest ^= low
        bits.append(low)
    sizes = [
        0 if seat == view.seat else size - _shown(view, seat).bit_count()
        for seat, size in enumerate(view.hand_sizes)
    ]
    needed = sum(sizes)
    base = [
        view.hand if seat == view.seat else _shown(view, seat)
        for seat in range(len(view.hand_sizes))
    ]
    pool: list[list[int]] = []
    if _assignments(len(bits), sizes) <= 2 * candidates:
        pool = [list(hands) for hands in _every_deal(bits, base, sizes, 0)]
        if deadline is not None:
            rng.shuffle(pool)
    else:
        for _ in range(candidates):
            drawn = rng.sample(bits, needed)
            hands = list(base)
            at = 0
            for seat, size in enumerate(sizes):
                for bit in drawn[at : at + size]:
                    hands[seat] |= bit
                at += size
            pool.append(hands)
    if deadline is None:
        weights = [weigh(hands) for hands in pool]
    else:
        weights = []
        for hands in pool:
            if (
                len(weights) >= FEWEST_WEIGHED
                and not len(weights) % 8
                and search_clock() > deadline
            ):
                break
            weights.append(weigh(hands))
        del pool[len(weights) :]
    total = sum(weights)
    if total <= 0.0:
        weights = [1.0] * len(pool)
        total = float(len(pool))
    step = total / count
    mark = rng.random() * step
    worlds: list[Round] = []
    running = 0.0
    for hands, weight in zip(pool, weights):
        running += weight
        while mark < running and len(worlds) < count:
            dealt = 0
            for seat, hand in enumerate(hands):
                if seat != view.seat:
                    dealt |= hand
            stock = list(cards_of(unseen & ~dealt))
            rng.shuffle(stock)
            worlds.append(build_world(view, [cards_of(hand) for hand in hands], stock))
            mark += step
    return worlds


def _assignments(unseen: int, sizes: list[int]) -> int:
    """How many ways ``unseen`` cards can fill hands of ``sizes`` (the rest to the stock)."""
    count = 1
    for size in sizes:
        count *= comb(unseen, size)
        unseen -= size
    return count


def _every_deal(
    bits: list[int], hands: list[int], sizes: list[int], seat: int
) -> Iterator[list[int]]:
    """Every way to add ``sizes`` of the cards ``bits`` to ``hands``, from ``seat`` on."""
    while seat < len(sizes) and not sizes[seat]:
        seat += 1
    if seat == len(sizes):
        yield hands
        return
    for chosen in combinations(bits, sizes[seat]):
        mask = 0
        for bit in chosen:
            mask |= bit
        filled = list(hands)
        filled[seat] |= mask
        rest = [bit for bit in bits if not bit & mask]
        yield from _every_deal(rest, filled, sizes, seat + 1)
