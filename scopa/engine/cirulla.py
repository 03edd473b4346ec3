"""Cirulla's bonuses that come from the cards dealt, not from play (CIRULLA.md R6, R7,
R18-R20, Luzzati): what a hand of three may declare, what the opening table gives the
dealer, and which opening tables are dealt again or end the game.

The matta (7 of coppe by default) is wild only here: its holder names the value that makes
the bonus. Values are capture values, ace 1 to king 10.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Literal

from .cards import RANK_OF, Card
from .rules import Rules

HandKind = Literal["low", "decino", "both"]
"""A low hand (total 9 or less), three of a kind (decino), or both at once."""
TableCause = Literal["aces", "three_of_a_kind", "four_of_a_kind", "three_and_matta"]


def hand_kind(values: Sequence[int], rules: Rules) -> HandKind | None:
    """What a hand of three capture values is, for the bonuses (None: nothing)."""
    low = sum(values) <= rules.low_hand_max
    decino = values[0] == values[1] == values[2]
    if low and decino:
        return "both"
    if decino:
        return "decino"
    return "low" if low else None


def hand_points(values: Sequence[int], rules: Rules) -> int:
    """The scope a hand of three capture values declares for (0: none).

    Low hand 3, three of a kind 10, a hand that is both scores 10 (13 with
    ``stack_hand_bonuses``); ``no_decino`` takes three of a kind out; ``dossena_scale``
    scores 1, 2, and 3 for both.
    """
    kind = hand_kind(values, rules)
    if kind is None:
        return 0
    if rules.no_decino:
        kind = None if kind == "decino" else "low"
    if kind is None:
        return 0
    if rules.dossena_scale:
        return {"low": 1, "decino": 2, "both": 3}[kind]
    if kind == "both":
        return 13 if rules.stack_hand_bonuses else 10
    return 10 if kind == "decino" else 3


def declarations(hand: int, rules: Rules) -> tuple[tuple[int, int], ...]:
    """Every way the hand ``hand`` (a mask of three cards) may be declared, as
    ``(named, points)``: ``named`` is the value given to the matta (0 when the hand holds
    no matta). Empty when the hand scores no bonus.

    Asked at every fresh hand of a search, so the answers are kept per rule set (there are
    fewer than ten thousand hands of three)."""
    known: dict[int, tuple[tuple[int, int], ...]] = rules.memo("declarations", _no_hands)
    found = known.get(hand)
    if found is None:
        found = known[hand] = _declarations(hand, rules)
    return found


def _no_hands(rules: Rules) -> dict[int, tuple[tuple[int, int], ...]]:
    return {}


def _declarations(hand: int, rules: Rules) -> tuple[tuple[int, int], ...]:
    indices = _indices(hand)
    if len(indices) != 3:
        return ()
    matta = rules.matta_card
    values = [RANK_OF[index] for index in indices]
    if matta is None or not hand & matta.bit:
        points = hand_points(values, rules)
        return ((0, points),) if points else ()
    where = indices.index(matta.index)
    found = []
    for named in range(1, 11):
        values[where] = named
        points = hand_points(values, rules)
        if points:
            found.append((named, points))
    return tuple(found)


def declaration_points(hand: int, named: int, rules: Rules) -> int:
    """The points of declaring ``hand`` with the matta named ``named`` (0: not allowed)."""
    for option, points in declarations(hand, rules):
        if option == named:
            return points
    return 0


def declared_kind(hand: int, named: int, rules: Rules) -> HandKind | None:
    """What a declared hand counts as (``named``: the matta's value, 0 when it has none)."""
    values = _values(hand, named, rules)
    kind = hand_kind(values, rules)
    if rules.no_decino and kind is not None:
        return None if kind == "decino" else "low"
    return kind


def dealer_bonus(table: Iterable[Card], rules: Rules) -> tuple[int, int]:
    """The scope the four opening cards give the dealer, and the value the dealer names for
    the matta among them (0 when there is none): 15 is one scopa, 30 two, 9 or less 3 (or 1)
    with ``dealer_low_bonus``, and 1 in ``dossena_scale``, whose scale has it. The matta
    takes whichever value scores most."""
    cards = tuple(table)
    if not cards:
        return 0, 0
    matta = rules.matta_card
    base = sum(card.rank for card in cards if card is not matta)
    if matta is None or matta not in cards:
        return _opening_points(sum(card.rank for card in cards), rules), 0
    best, named = 0, 0
    for value in range(1, 11):
        points = _opening_points(base + value, rules)
        if points > best:
            best, named = points, value
    return best, named


def _opening_points(total: int, rules: Rules) -> int:
    if total == 15:
        return 1
    if total == 30:
        return 2
    if total > 9:
        return 0
    if rules.dossena_scale:  # its scale has the low table, at 1
        return 1
    return rules.dealer_low_bonus or 0


def table_cause(table: Sequence[Card], rules: Rules) -> TableCause | None:
    """What the opening table does under Cirulla: two or more aces are dealt again
    ("aces"); with the Luzzati rules four of a kind, or three of a kind and the matta, win
    the game for the dealer's side, and three of a kind otherwise is a misdeal. The matta is
    not wild for the misdeal. None: the deal stands."""
    ranks = [card.rank for card in table]
    matta = rules.matta_card
    if rules.luzzati_table_rules:
        most = max((ranks.count(rank) for rank in set(ranks)), default=0)
        if most == 4:
            return "four_of_a_kind"
        if most == 3 and matta is not None and matta in table:
            odd = next(card for card in table if ranks.count(card.rank) == 1)
            if odd is matta:
                return "three_and_matta"
    if ranks.count(1) >= 2:
        return "aces"
    if rules.luzzati_table_rules and any(ranks.count(rank) == 3 for rank in ranks):
        return "three_of_a_kind"
    return None


def _indices(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _values(hand: int, named: int, rules: Rules) -> list[int]:
    matta = rules.matta_card
    return [
        named if named and matta is not None and index == matta.index else RANK_OF[index]
        for index in _indices(hand)
    ]
