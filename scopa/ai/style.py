"""How closely each other seat follows the expert's judgement, read from its plays.

Master weighs a guessed world by how likely the other seats' plays this deal are if each
picks among its moves by the expert's judgement, softly (``inference.PolicyHistory``). How
softly differs from one player to another: the expert itself nearly always plays the move
its judgement puts first, a player who searches ahead less often, a person in their own
way. A seat that follows the judgement closely says a lot about its hand with each play;
one that does not says little, and reading much into its plays would mislead.

Every card a seat is dealt is played face up before the next deal, so once a deal is over,
each of its plays can be judged against the very hand it was made from, in public. Each
seat's style is then a belief over a few candidate styles (``STYLES``): the prior
(``PRIOR``, which leans to the policy model's usual heat) times how likely each makes the
seat's plays in this round's finished deals. The observation holds this round only, so each
round is read afresh: in its first deal each seat's plays are weighed by the prior's
blend of the styles.
"""

from __future__ import annotations

from dataclasses import replace
from math import exp, log

from scopa.engine import Move, Rules

from .inference import POLICY_FLOOR, POLICY_TEMPERATURE, Styles, _PlayModel, unplay
from .view import View

STYLES: tuple[tuple[float, float], ...] = (
    (POLICY_TEMPERATURE, POLICY_FLOOR),
    (0.1, 0.05),
    (0.03, 0.05),
    (0.01, 0.05),
)
"""The candidate styles, each as (heat, floor) of the policy model: from the usual model,
which suits a player who plays its own way, to one that expects the judgement's first move
nearly always."""
PRIOR = (0.4, 0.2, 0.2, 0.2)
"""Belief in each of ``STYLES`` before any play is seen."""

_CACHE_LIMIT = 512
_read: dict[tuple[object, ...], dict[int, Styles]] = {}
"""Styles already read, by the rules, the reading seat, the table the round began with and
the plays of the finished deals: every decision of a deal reads the same ones."""
_rules: dict[Rules, Rules] = {}
"""One rule set for each set of rules in ``_read``'s keys: each match reviewed brings its
own, equal to the last, with the tables its searches built (``Rules.memo``), and an entry
keyed by each of them held them all, megabytes a match in the review's process."""


def read_styles(view: View) -> dict[int, Styles]:
    """Per other seat: each of ``STYLES`` as (belief, heat, floor), the beliefs adding up to
    1 (the prior until the seat has played in a finished deal of this round). Scopa rules
    only (the policy model's)."""
    prior = {seat: _PRIOR_STYLES for seat in range(view.players) if seat != view.seat}
    plays = _card_plays(view)
    finished = len(plays) - (view.rules.cards_per_deal - view.cards_in_hands)
    if finished <= 0:
        return prior
    table, piles = _round_start(view, plays)
    if len(_read) >= _CACHE_LIMIT:
        _read.clear()
        _rules.clear()
    rules = _rules.setdefault(view.rules, view.rules)
    key = (rules, view.seat, table, piles, tuple(plays[:finished]))
    found = _read.get(key)
    if found is None:
        evidence: dict[int, list[float]] = {}
        candidates = tuple((1.0, heat, floor) for heat, floor in STYLES)
        for seat, move, before, hand in _replay(view, plays[:finished], table, piles):
            model = _PlayModel(before, move, before.table, POLICY_TEMPERATURE, POLICY_FLOOR)
            logs = evidence.setdefault(seat, [0.0] * len(STYLES))
            for index, chance in enumerate(model.likelihoods(hand, candidates, known=True)):
                logs[index] += log(chance)
        found = prior
        found.update((seat, _belief(logs)) for seat, logs in evidence.items())
        _read[key] = found
    return found


def finished_plays(view: View) -> list[tuple[int, Move, View, int]]:
    """Every play of another seat in this round's finished deals: the seat, its move, what
    it saw before it (``view`` seen from that seat then, its hand left to fill) and the hand
    it held (the cards it played from there to the deal's end). The deals are replayed from
    the round's start, which is read back from now."""
    plays = _card_plays(view)
    finished = len(plays) - (view.rules.cards_per_deal - view.cards_in_hands)
    table, piles = _round_start(view, plays)
    return _replay(view, plays[: max(finished, 0)], table, piles)


def _replay(
    view: View, plays: list[tuple[int, Move]], table: int, start: tuple[int, ...]
) -> list[tuple[int, Move, View, int]]:
    """``finished_plays`` from the finished deals' ``plays`` and the round's start."""
    rules = view.rules
    per_deal = rules.cards_per_deal
    deals = len(plays) // per_deal
    piles = list(start)
    last = -1
    found = []
    for deal in range(deals):
        these = plays[deal * per_deal : (deal + 1) * per_deal]
        stock = view.stock_size + (deals - deal) * per_deal
        sizes = [rules.hand_size] * rules.players
        for at, (seat, move) in enumerate(these):
            bit = move.card.bit  # type: ignore[union-attr]
            if seat != view.seat:
                hand = 0
                for other, later in these[at:]:
                    if other == seat:
                        hand |= later.card.bit  # type: ignore[union-attr]
                before = replace(
                    view, seat=seat, side=rules.side_of(seat), hand=0, table=table,
                    piles=tuple(piles), hand_sizes=tuple(sizes), stock_size=stock,
                    last_capturer=last, deal_no=deal + 1, history=(),
                )  # fmt: skip
                found.append((seat, move, before, hand))
            sizes[seat] -= 1
            if move.capture_mask:
                last = rules.side_of(seat)
                table ^= move.capture_mask
                piles[last] |= move.capture_mask | bit
            else:
                table |= bit
    return found


def _card_plays(view: View) -> list[tuple[int, Move]]:
    return [(seat, move) for seat, move in view.history if move.card is not None]


def _round_start(view: View, plays: list[tuple[int, Move]]) -> tuple[int, tuple[int, ...]]:
    """The table and the piles before the round's first play, read back from now."""
    table = view.table
    piles = list(view.piles)
    for seat, move in reversed(plays):
        table = unplay(view, seat, move, table, piles)
    return table, tuple(piles)


def _belief(logs: list[float]) -> Styles:
    """``STYLES`` with their beliefs: the prior times the plays' likelihoods (as logs)."""
    weighted = [log(prior) + found for prior, found in zip(PRIOR, logs)]
    top = max(weighted)
    shares = [exp(value - top) for value in weighted]
    total = sum(shares)
    return tuple((share / total, heat, floor) for share, (heat, floor) in zip(shares, STYLES))


_PRIOR_STYLES = _belief([0.0] * len(STYLES))
"""``STYLES`` with the prior's beliefs: a seat's before any of its plays is judged."""
