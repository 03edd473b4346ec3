"""What a move wins by the end of the round, where the seat can know how the round ends.

With two players in the last deal the other hand is the unseen cards, so the round left is
a game of open cards: both moves' lines are played out as each side plays them best, and
the points one line wins and the other does not are the reason to prefer it, often plainer
than what the move takes at once ("wins the primiera and the point for most cards", where
"takes 2 cards" told a beginner nothing of the four points a move cost).
"""

from __future__ import annotations

import random

from scopa.engine import Move, Round
from scopa.engine.scoring import Breakdown, categories

from .search import Searcher
from .view import View
from .worlds import distinct_worlds, sample_world

PLAIN = frozenset(
    {
        "most_cards",
        "coin",
        "primiera",
        "grande",
        "piccola",
        "capture",
        "only_capture",
        "keeps",
        "looks_ahead",
        "passes_scopa",
        "keeps_for_later",
        "keeps_settebello",
        "safe_lay",
        "little_risk",
        "least_harm",
        "covered_sum",
        "anchor",
        "block",
        "no_sweep_sum",
        "no_sweep",
        "seven",
        "seven_count",
        "last_take",
    }
)
"""Reasons that say what a move does now or what it guards against: one that says what it
wins by the round's end, where that can be known, says more ("lays a 3, and every other
card of that rank is gone" told nothing of the primiera and the coins the other 3 lost).
A scopa, a point card taken and a card kept for what it is worth say it themselves."""


DECIDED_PLIES = 13
"""The most plies (cards in the hands, and one) a round's end is searched to for a reason:
the last hand of four players (a whole deal of two players dealt every card is known from
its first play, and forty plies are never searched to their end)."""


def sharpened(
    view: View, reason: tuple[str, dict[str, object]], best: Move, other: Move | None = None
) -> tuple[str, dict[str, object]]:
    """``reason`` for playing ``best`` rather than ``other`` (None: the best of the other
    moves), or what ``best`` wins by the round's end that ``other`` does not, where that
    can be known and ``reason`` only says what the move does now."""
    if reason[0] not in PLAIN or best == other:
        return reason
    found = decided(view, best, other)
    return reason if found is None else found


def decided(
    view: View, best: Move, other: Move | None = None
) -> tuple[str, dict[str, object]] | None:
    """What the line of ``best`` wins by the end of the round that the line of ``other``
    (None: the best other move's) does not, the other side playing its best in each, and
    what it keeps from the other side besides: the code "wins_by_end" with the categories
    gained (``won``, comma-separated), "denies_by_end" with those kept from the other side
    (as ``won``), or "wins_denies" with both (``won`` and ``denied``); None when the
    round's end cannot be known from the seat (cards still to be dealt, or more than one
    way the others may hold them) or is too far to search (``DECIDED_PLIES``), or when both
    lines end with the same points."""
    rules = view.rules
    if rules.cirulla or rules.sides != 2 or best.card is None:
        return None
    if view.stock_size or distinct_worlds(view) != 1:
        return None
    world = sample_world(view, random.Random(0))  # the only one
    if _plies(world) > DECIDED_PLIES:  # a whole deal known from its first play: too far
        return None
    searcher = Searcher(world, view.side)
    if other is None:
        rivals = [move for move in world.legal_moves() if move != best]
        if not rivals:
            return None
        other = max(rivals, key=lambda move: _value(searcher, world.play(move)))
    mine = view.side
    ends = [_line_end(searcher, world.play(move), mine) for move in (best, other)]
    (gain, lost), (gain_other, lost_other) = (_points(end, mine) for end in ends)
    names = categories(rules)
    gained = [name for name in names if gain.get(name, 0) > gain_other.get(name, 0)]
    kept = [
        name for name in names if lost.get(name, 0) < lost_other.get(name, 0) and name not in gained
    ]
    won = [_longer(name, gain_other) for name in gained]
    denied = [_longer(name, lost) for name in kept]
    rivals = rules.players // rules.sides  # how many play on the other side
    if won and denied:
        return "wins_denies", {"won": ",".join(won), "denied": ",".join(denied), "rivals": rivals}
    if won:
        return "wins_by_end", {"won": ",".join(won)}
    if denied:
        return "denies_by_end", {"won": ",".join(denied), "rivals": rivals}
    return None


def _longer(name: str, made: dict[str, int]) -> str:
    """The category ``name`` as a line wins it over ``made``, the other line's points: a
    napola the other line makes too is the longer napola ("napola_longer"), not the napola,
    which that line does not deny."""
    return "napola_longer" if name == "napola" and made.get(name, 0) else name


def _plies(state: Round) -> int:
    return sum(hand.bit_count() for hand in state.hands) + len(state.stock) + 1


def _value(searcher: Searcher, state: Round) -> float:
    return searcher.value(state, _plies(state), -1e9, 1e9)


def _line_end(searcher: Searcher, state: Round, side: int) -> tuple[Breakdown, ...]:
    """The score of the round played on from ``state`` to its end, each side playing the
    move best for it (the first of equals)."""
    while not state.over:
        children = [state.play(move) for move in state.legal_moves()]
        values = [_value(searcher, child) for child in children]
        pick = max if state.side_of(state.turn) == side else min
        state = children[values.index(pick(values))]
    return state.score()


def _points(score: tuple[Breakdown, ...], side: int) -> tuple[dict[str, int], dict[str, int]]:
    """The points of ``side`` by category, and those of the other side."""
    other = next(index for index in range(len(score)) if index != side)
    return score[side].points, score[other].points
