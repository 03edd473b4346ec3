"""Which sets of table cards a played card may take, and which takes are a scopa.

The answer depends only on the table and the rank played, so it is computed once per table
(for all ten ranks) and cached per rule set. Tables repeat a lot within and across games,
which is what lets search run thousands of deals a second. Cirulla's matta is the one card
whose capture value can differ from its rank (the value named for it): a table holding it
named is answered by ``sets_named``, outside the rank-keyed cache.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Generic, TypeVar

from .cards import DECK, FULL_MASK, RANK_MASK, RANK_OF, Card, mask_of
from .errors import CardError
from .moves import Move
from .rules import Rules

_Plan = tuple[int, tuple[tuple[int, int], ...], int]
"""A way to reach a sum: (ranks taken whole, (shift, count) of ranks taken in part, size)."""
_Pattern = tuple[tuple[_Plan, ...], tuple[int, ...] | None]
"""The plans for one count of cards per rank, and when every plan takes whole ranks, the
mask of each (ascending)."""
CaptureSets = tuple[tuple[int, ...], ...]
"""For ranks 0..10 (0 unused): the capture masks allowed; empty means the card is laid."""

_CACHE_LIMIT = 1 << 18


P = TypeVar("P")


class CardPlays(dict[int, tuple[P, ...]]):
    """The plays of one card, by the part of the table that matters to it (see
    ``HandKeys``), worked out the first time a part is asked for. ``play`` makes the play
    taking a mask: an engine ``Move`` for ``Round``, an ``(index, capture)`` pair for
    ``Board``.

    Once a part has been kept, a look-up here is the whole of a card's move generation.
    Only parts that come back game after game are kept: those of at most two cards, or of
    the card's own rank alone (a few hundred per card at most). A part of three cards or
    more is nearly always new, so its moves are worked out each time from the rank-count
    plans: keeping them would only grow the cache, and with it the collector's work.
    """

    __slots__ = (
        "alone", "rest", "_captures", "_rank", "_target", "_others", "_plans", "_move", "_laid",
    )  # fmt: skip

    def __init__(self, captures: CaptureTable, index: int, play: Callable[[int], P]) -> None:
        super().__init__()
        rank = RANK_OF[index]
        self.alone = captures.alone[rank]
        """The table cards that, when any lies there, are all that matter to this card."""
        self.rest = captures.rest[rank]
        """The table cards that matter to this card when none of ``alone`` lies there."""
        self._captures = captures
        self._rank = rank
        self._target = captures.sum_target(rank)
        self._others = FULL_MASK ^ RANK_MASK[rank]
        self._plans = captures._patterns[self._target]
        """The table's plans for this card's sum (see ``CaptureTable._pattern``)."""
        self._move = play
        self._laid = (play(0),)

    def __missing__(self, part: int) -> tuple[P, ...]:
        target = self._target
        if target and part.bit_count() > 2 and part & self._others:
            # A set summing to the target, read from the plans for the table's rank counts.
            pattern = self._plans.get(part.to_bytes(5, "little").translate(_RANK_COUNTS))
            if pattern is None:
                pattern = self._captures._pattern(part, target)
            wholes = pattern[1]
            if wholes is None:
                masks = []
                for whole, parts, _ in pattern[0]:
                    masks.extend(_spell(part, whole, parts))
                masks.sort()
                return tuple(map(self._move, masks))
            if len(wholes) == 1:
                return (self._move(part & wholes[0]),)
            if wholes:
                return tuple(map(self._move, map(part.__and__, wholes)))
            return self._laid
        sets = self._captures._compute(part, self._rank)
        found = tuple(map(self._move, sets)) if sets else self._laid
        if part.bit_count() < 3 or not part & self._others:
            self[part] = found
        return found


class _CardMoves(dict[int, Move]):
    """One card's interned plays, by the mask of the cards they take."""

    __slots__ = ("_index",)

    def __init__(self, index: int) -> None:
        super().__init__()
        self._index = index

    def __missing__(self, capture: int) -> Move:
        move = self[capture] = Move.of(self._index, capture)
        return move


class HandKeys(Generic[P]):
    """Per hand (a mask): the ``CardPlays`` of its cards, from the lowest.

    The moves of a hand are then the concatenation of ``plays[table & plays.alone or table
    & plays.rest]`` over its cards: a look-up per hand and one per card. The hands seen so
    far are in ``known``, a plain dictionary (a dict subclass's ``[]`` goes through a slower
    slot, and this look-up comes before every move generation): a reader catches the
    ``KeyError`` of a hand not seen yet and asks ``add``.
    """

    __slots__ = ("known", "_cards")

    def __init__(self, cards: tuple[CardPlays[P], ...]) -> None:
        self.known: dict[int, tuple[CardPlays[P], ...]] = {}
        self._cards = cards

    def add(self, hand: int) -> tuple[CardPlays[P], ...]:
        """The ``CardPlays`` of ``hand``'s cards, kept in ``known``."""
        card_plays = self._cards
        keys = []
        rest = hand
        while rest:
            low = rest & -rest
            rest ^= low
            keys.append(card_plays[low.bit_length() - 1])
        known = self.known
        if len(known) >= _CACHE_LIMIT:
            known.clear()
        found = known[hand] = tuple(keys)
        return found


class CaptureTable:
    """Capture options of one rule set, cached by the part of the table that matters.

    For a card of rank r only some table cards can take part, so the cache key is the table
    masked to them plus the rank: small masks repeat often, across positions and across
    games. Under the classic rule a card of equal rank on the table decides alone (the card
    must take one of those), else only the lower ranks can make the sum: the key is the
    table's cards of rank r when there are any (``alone``), else its cards below r
    (``rest``).
    """

    __slots__ = (
        "_quindici",
        "_assi",
        "_ace_takes_ace",
        "_limit",
        "_fewest",
        "_cirulla",
        "_precedence",
        "_trail",
        "_ace_only",
        "alone",
        "rest",
        "cache",
        "hand_keys",
        "named_cache",
        "_card_plays",
        "_patterns",
    )

    def __init__(self, rules: Rules) -> None:
        (
            self._cirulla, self._quindici, self._assi, self._ace_takes_ace, self._limit,
            self._fewest, self._precedence, self._trail, self._ace_only,
        ) = capture_key(rules)  # fmt: skip
        alone, rest = [0], [0]
        for rank in range(1, 11):
            if self._cirulla or self._quindici or (rank == 1 and self._assi):
                if self._cirulla:
                    top = max(rank, 15 - rank)
                else:
                    top = 15 - rank if self._quindici else rank
                mask = _UP_TO[top]
                if rank == 1 and (self._assi or self._cirulla):
                    mask = FULL_MASK
                alone.append(0)
                rest.append(mask)
            else:  # a single equal card is always allowed, and always the fewest
                alone.append(RANK_MASK[rank])
                rest.append(_UP_TO[rank - 1])
        self.alone = tuple(alone)
        """Per rank: the table cards that, when any lies there, are all that matter."""
        self.rest = tuple(rest)
        """Per rank: the table cards that matter when none of ``alone`` lies there."""
        self.cache: dict[int, tuple[int, ...]] = {}
        self._patterns: tuple[dict[bytes, _Pattern], ...] = tuple({} for _ in _UP_TO)
        """Per sum: the plans reaching it, by the table's cards per rank (``_RANK_COUNTS``)."""
        self._card_plays = tuple(
            CardPlays(self, index, _CardMoves(index).__getitem__) for index in range(40)
        )
        self.hand_keys = HandKeys(self._card_plays)
        """Per hand: what its cards' move generation needs (see ``HandKeys``)."""
        self.named_cache: dict[tuple[int, int, int, int], tuple[int, ...]] = {}

    def sum_target(self, rank: int) -> int:
        """The sum a card of ``rank`` takes from the table's cards that matter to it
        (``rest``) when the fewest-cards, limit and rank rules are the whole story: its rank,
        or what makes 15 with it (quindici); 0 when its captures follow other rules (an ace
        under assi, any card under Cirulla)."""
        if self._cirulla or (rank == 1 and self._assi):
            return 0
        return 15 - rank if self._quindici else rank

    def sets(self, table: int, rank: int) -> tuple[int, ...]:
        """The capture masks a card of ``rank`` may take from ``table``; empty: it is laid.

        Cards of its own rank on the table (``alone``) are taken one at a time, and with no
        card that matters it is laid: those are told without the cache, a large dictionary
        whose look-ups cost more than these few steps. Sums are looked up."""
        same = table & self.alone[rank]
        if same:
            return SINGLE_SETS[same]
        part = table & self.rest[rank]
        if not part:
            return ()
        key = part << 4 | rank
        found = self.cache.get(key)
        if found is None:
            if len(self.cache) >= _CACHE_LIMIT:
                self.cache.clear()
            found = self.cache[key] = self._compute(part, rank)
        return found

    def sets_named(self, table: int, rank: int, matta_bit: int, value: int) -> tuple[int, ...]:
        """``sets`` when the matta (``matta_bit``) may lie on ``table`` with the capture value
        ``value`` named for it (Cirulla; a value of 0 means it keeps its rank)."""
        if not table & matta_bit or not value or value == RANK_OF[matta_bit.bit_length() - 1]:
            return self.sets(table, rank)
        key = (table, rank, matta_bit, value)
        found = self.named_cache.get(key)
        if found is None:
            if len(self.named_cache) >= _CACHE_LIMIT:
                self.named_cache.clear()
            found = self._compute_cirulla(table & ~matta_bit, rank, matta_bit, value)
            self.named_cache[key] = found
        return found

    def options(self, table: int) -> CaptureSets:
        """``sets`` for every rank 0..10 (0 unused)."""
        return ((),) + tuple(self.sets(table, rank) for rank in range(1, 11))

    def _subsets_with_sum(self, table: int, target: int) -> list[tuple[int, int]]:
        """Every non-empty subset of ``table`` whose ranks sum to ``target``, with its size
        (those the capture limit and the fewest-cards rule allow)."""
        found: list[tuple[int, int]] = []
        for whole, parts, size in self._pattern(table, target)[0]:
            if not parts:
                found.append((table & whole, size))
            else:
                found.extend((mask, size) for mask in _spell(table, whole, parts))
        return found

    def _pattern(self, table: int, target: int) -> _Pattern:
        """How to reach ``target`` with the cards of ``table``: which ranks to take, and how
        many of each. That depends only on how many cards of each rank lie on the table, so
        the plans are cached by those counts (a small space) and spelled out with the actual
        cards by the caller."""
        counts = (table & _UP_TO[target]).to_bytes(5, "little").translate(_RANK_COUNTS)
        plans = self._patterns[target]
        pattern = plans.get(counts)
        if pattern is None:
            pattern = plans[counts] = self._plan(counts, target)
        return pattern

    def _plan(self, rank_counts: bytes, target: int) -> _Pattern:
        counts = [0]  # cards per rank, from the ace
        for pair in rank_counts:
            counts += (pair & 0xF, pair >> 4)
        allowed = _rank_plans(counts, target)
        if self._limit is not None:
            allowed = [plan for plan in allowed if plan[1] <= self._limit]
        if self._fewest and allowed:
            fewest = min(size for _, size in allowed)
            allowed = [plan for plan in allowed if plan[1] == fewest]
        plans = tuple(_whole_and_parts(plan, counts, size) for plan, size in allowed)
        if any(parts for _, parts, _ in plans):
            return plans, None
        # A plan taking whole ranks takes the table's cards of those ranks: masks order as
        # the plans' rank masks do, so they are sorted once here.
        return plans, tuple(sorted(whole for whole, _, _ in plans))

    def _compute(self, table: int, rank: int) -> tuple[int, ...]:
        if self._cirulla:
            return self._compute_cirulla(table, rank)
        if not table:
            return ()
        if rank == 1 and self._assi:
            aces = table & RANK_MASK[1]
            if aces and self._ace_takes_ace:
                return tuple(_lowbits(aces))
            return (table,)
        if self._quindici:
            target = 15 - rank
        else:
            same = table & RANK_MASK[rank]
            if same:  # a single equal card is always allowed, and always the fewest
                return SINGLE_SETS[same]
            target = rank
        plans, wholes = self._pattern(table, target)
        if wholes is not None:
            return tuple(map(table.__and__, wholes))
        masks = []
        for whole, parts, _ in plans:
            masks.extend(_spell(table, whole, parts))
        masks.sort()
        return tuple(masks)

    def _compute_cirulla(
        self, rest: int, rank: int, matta: int = 0, value: int = 0
    ) -> tuple[int, ...]:
        """Cirulla's captures for a card of capture value ``rank``: one card of that value,
        a set summing to it, or a set making 15 with it; an ace sweeps a table without an
        ace. ``matta`` (a bit, or 0) lies on the table besides ``rest`` worth ``value``."""
        table = rest | matta
        if not table:
            return ()

        def summing(target: int) -> list[tuple[int, int]]:
            found = self._subsets_with_sum(rest, target) if rest else []
            if matta:
                if target == value:
                    found.append((matta, 1))
                elif target > value and rest:
                    found.extend(
                        (mask | matta, size + 1)
                        for mask, size in self._subsets_with_sum(rest, target - value)
                    )
            return found

        if rank == 1:
            aces = rest & RANK_MASK[1] | (matta if value == 1 else 0)
            if not aces:
                sets = [table]
            else:
                sets = _lowbits(aces)
                if not self._ace_only:
                    sets += [mask for mask, _ in summing(14)]
        else:
            same = _lowbits(rest & RANK_MASK[rank])
            if matta and value == rank:
                same.append(matta)
            sets = list(same)
            if not (self._precedence and same):
                sums = [(mask, size) for mask, size in summing(rank) if size >= 2]
                if self._precedence and sums:  # the fewest cards: of the sums, the shortest
                    fewest = min(size for _, size in sums)
                    sums = [(mask, size) for mask, size in sums if size == fewest]
                sets += [mask for mask, _ in sums]
            sets += [mask for mask, _ in summing(15 - rank)]
        if not sets:
            return ()
        result = sorted(set(sets))
        if self._trail:
            result.insert(0, 0)
        return tuple(result)


def _lowbits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low)
        mask ^= low
    return out


def _rank_plans(counts: list[int], target: int) -> list[tuple[tuple[tuple[int, int], ...], int]]:
    """Ways to reach ``target`` taking ``count`` cards of each ``rank`` (at most
    ``counts[rank]``), as ((rank, count), ...) with the number of cards taken."""
    plans: list[tuple[tuple[tuple[int, int], ...], int]] = []
    present = [rank for rank in range(min(target, 10), 0, -1) if counts[rank]]
    """The ranks on the table that may take part, from the highest: the walk visits no other."""
    reach = [0] * (len(present) + 1)
    """The most the cards of each of them and those after it add up to: a walk that cannot
    get there stops at once."""
    for at in range(len(present) - 1, -1, -1):
        reach[at] = reach[at + 1] + present[at] * counts[present[at]]

    def walk(at: int, remaining: int, chosen: tuple[tuple[int, int], ...], size: int) -> None:
        if remaining == 0:
            plans.append((chosen, size))
            return
        if remaining > reach[at]:
            return
        rank = present[at]
        for count in range(min(counts[rank], remaining // rank), 0, -1):
            walk(at + 1, remaining - count * rank, chosen + ((rank, count),), size + count)
        walk(at + 1, remaining, chosen, size)

    walk(0, target, (), 0)
    return plans


def _whole_and_parts(
    plan: tuple[tuple[int, int], ...], counts: list[int], size: int
) -> tuple[int, tuple[tuple[int, int], ...], int]:
    """A plan as the ranks whose every table card it takes (a mask), the ranks it takes only
    some cards of (bit shift, count), and its number of cards."""
    whole = 0
    parts = []
    for rank, count in plan:
        if count == counts[rank]:
            whole |= RANK_MASK[rank]
        else:
            parts.append((4 * (rank - 1), count))
    return whole, tuple(parts), size


def _spell(table: int, whole: int, parts: tuple[tuple[int, int], ...]) -> list[int]:
    """The capture masks of one plan on ``table``: every way to pick its partial ranks."""
    masks = [table & whole]
    for shift, count in parts:
        choices = _GROUP_PARTS[table >> shift & 0xF][count]
        masks = [mask | part << shift for mask in masks for part in choices]
    return masks


_POPCOUNT4 = tuple(bin(group).count("1") for group in range(16))
_RANK_COUNTS = bytes(_POPCOUNT4[byte & 0xF] | _POPCOUNT4[byte >> 4] << 4 for byte in range(256))
"""A translation of a mask's bytes (little-endian: two ranks' four cards each) into the cards
of each rank, a nibble each: the key of the table's plans, got from a mask at C speed."""
_GROUP_PARTS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(
        tuple(part for part in range(16) if part & ~group == 0 and _POPCOUNT4[part] == count)
        for count in range(5)
    )
    for group in range(16)
)
"""For each 4-bit group of same-rank cards: its sub-groups of each size."""

_UP_TO: tuple[int, ...] = tuple(
    sum(RANK_MASK[r] for r in range(1, min(top, 10) + 1)) for top in range(16)
)
"""The cards of rank ``top`` or lower."""
SINGLE_SETS: dict[int, tuple[int, ...]] = {
    group << 4 * (rank - 1): tuple(bit << 4 * (rank - 1) for bit in (1, 2, 4, 8) if group & bit)
    for rank in range(1, 11)
    for group in range(1, 16)
}
"""For the cards of one rank on the table (a mask): each card alone, as a mask."""


CaptureKey = tuple[bool, bool, bool, bool, int | None, bool, bool, bool, bool]
_TABLES: dict[CaptureKey, CaptureTable] = {}
"""The capture tables made so far, by the rules that shape captures (``capture_key``)."""


def capture_key(rules: Rules) -> CaptureKey:
    """What of ``rules`` a capture table depends on: rule sets that differ only in their
    scoring, target or seats capture alike. (Under Cirulla the Scopa-only capture rules do
    not apply.)"""
    cirulla = rules.cirulla
    return (
        cirulla,
        rules.quindici and not cirulla,
        rules.assi and not cirulla,
        rules.assi_ace_takes_ace,
        None if cirulla else rules.capture_limit,
        rules.fewest_cards and not cirulla,
        rules.equal_rank_precedence,
        rules.may_trail_capturing_card,
        rules.ace_on_ace_only,
    )


def _shared_table(rules: Rules) -> CaptureTable:
    key = capture_key(rules)
    table = _TABLES.get(key)
    if table is None:
        table = _TABLES[key] = CaptureTable(rules)
    return table


def capture_table(rules: Rules) -> CaptureTable:
    """The shared cached capture table of a rule set: rule sets that capture alike share
    one (``capture_key``), and its caches, however many rule sets a session makes."""
    return rules.memo("captures", _shared_table)


ACES_MASK = RANK_MASK[1]


def scores_scopa(
    rules: Rules, table: int, rank: int, capture: int, last_play: bool, aces: int = ACES_MASK
) -> bool:
    """Whether a card of ``rank`` taking ``capture`` from ``table`` (masks of card bits)
    scores a scopa under ``rules``.

    It must take every card on the table; not with the last card of the round (unless
    scopone scientifico's last-scopa toggle); and an ace sweeping the table under assi only
    counts with ``assi_scopa``, though an ace taking a lone ace is an ordinary scopa. Under
    Cirulla an ace sweeping a table without an ace counts unless ``ace_sweep_is_scopa`` is
    off; ``aces`` are the cards worth an ace (a matta named ace among them).
    Search asks this of positions it only imagines, hence the masks.
    """
    if not capture or capture != table:
        return False
    if last_play and not (rules.deal == "scientifico" and rules.scientifico_last_scopa):
        return False
    if rules.cirulla:
        return rank != 1 or rules.ace_sweep_is_scopa or bool(capture & aces)
    if rules.assi and rank == 1:
        lone_ace = capture & (capture - 1) == 0 and capture & RANK_MASK[1]
        if not lone_ace and not rules.assi_scopa:
            return False
    return True


def play_scores_scopa(
    rules: Rules, table: int, card: Card, capture: int, named: int, last_play: bool
) -> bool:
    """``scores_scopa`` for ``card`` played now: the matta counts as the value ``named``
    for it (0: its rank), and named an ace it is worth an ace."""
    matta = rules.matta_card
    is_matta = bool(named) and matta is not None and card == matta
    aces = ACES_MASK | matta.bit if matta is not None and named == 1 else ACES_MASK
    return scores_scopa(rules, table, named if is_matta else card.rank, capture, last_play, aces)


def capture_options(
    card: Card, table: Iterable[Card], rules: Rules, *, named: int = 0
) -> list[tuple[Card, ...]]:
    """The capture sets ``card`` may take from ``table`` under ``rules``.

    Each set is a tuple of cards in index order. An empty list means the card cannot capture
    and is laid on the table; otherwise it must take one of the sets, unless the list holds
    an empty set (Cirulla's ``may_trail_capturing_card``): then it may also be laid.
    ``named`` is the value named for Cirulla's matta (0: none), whether it is the card played
    or lies on the table.
    """
    if not isinstance(card, Card):
        raise CardError(f"expected a Card, got {card!r}")
    table_cards: Sequence[Card] = list(table)
    table_mask = mask_of(table_cards)
    if len(table_cards) != bin(table_mask).count("1"):
        raise CardError("the table lists the same card twice")
    if table_mask & card.bit:
        raise CardError(f"{card} cannot be played: it is already on the table")
    if isinstance(named, bool) or not isinstance(named, int) or not 0 <= named <= 10:
        raise CardError(f"the matta is named a value from 1 to 10, not {named!r}")
    matta = rules.matta_card
    rank = card.rank
    sets = capture_table(rules).sets(table_mask, rank)
    if matta is not None and named:
        rank = named if card is matta else rank
        sets = capture_table(rules).sets_named(table_mask, rank, matta.bit, named)
    return [tuple(DECK[i] for i in range(40) if mask >> i & 1) for mask in sets]
