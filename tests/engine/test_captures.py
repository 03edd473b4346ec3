"""Capture rules: the worked examples of the sources, a case per toggle, and the fast
generator checked against a plain brute-force reading of RULES.md."""

from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scopa.engine import DECK, Card, CardError, Round, Rules, capture_options, parse_cards

from .helpers import texts


def options(card: str, table: str, rules: Rules | None = None) -> list[str]:
    return texts(capture_options(Card.parse(card), parse_cards(table), rules or Rules()))


RULEBOOK = Rules.preset("rulebook")


@pytest.mark.parametrize(
    ("card", "table", "rules", "expected"),
    [
        # 000 rulebook: a king takes 7 + 3 ...
        ("10D", "2S 7C 3B", RULEBOOK, ["3B+7C"]),
        # ... but with a king on the table it must take the king (fewest cards).
        ("10D", "7C 3B 10S", RULEBOOK, ["10S"]),
        # the knight takes 6 + 3 (the rulebook's scopa example)
        ("9D", "6C 3B", Rules(), ["3B+6C"]),
        # placing the 1: it takes nothing
        ("1D", "2S 7C 3B", Rules(), []),
        # 001: table 3, 5, 5, fante
        ("5D", "3C 5S 5B 8C", Rules(), ["5B", "5S"]),
        ("10D", "3C 5S 5B 8C", Rules(), ["5S+5B"]),
        ("8D", "3C 5S 5B 8C", Rules(), ["8C"]),
        # 003: a 7 takes 5 + 2; a king takes ace + horse; a 9 must take the 9
        ("7D", "5C 2S", Rules(), ["2S+5C"]),
        ("10D", "1C 9S", Rules(), ["1C+9S"]),
        ("9D", "9C 4S 5B", Rules(), ["9C"]),
        # 004: table 1, 3, 4, 8 and a knave: only the knave
        ("8D", "1C 3S 4B 8C", Rules(), ["8C"]),
        # several sets: the player chooses
        ("9D", "4C 5S 6B 3D", Rules(), ["3D+6B", "4C+5S"]),
        ("7D", "1C 2S 4B 3D 5C", Rules(), ["1C+2S+4B", "2S+5C", "3D+4B"]),
    ],
)
def test_worked_examples(card, table, rules, expected):
    assert options(card, table, rules) == expected


def test_capture_limit_two():
    limited = Rules(capture_limit=2)
    assert options("7D", "1C 2S 4B 3D 5C", limited) == ["2S+5C", "3D+4B"]
    assert options("10D", "1C 2S 3B 4D", limited) == []
    assert options("10D", "1C 2S 3B 4D") == ["1C+2S+3B+4D"]


def test_fewest_cards():
    fewest = Rules(fewest_cards=True)
    assert options("6D", "1C 2S 3B 4D", fewest) == ["2S+4D"]
    assert options("6D", "1C 2S 3B 4D") == ["1C+2S+3B", "2S+4D"]


def test_quindici_examples():
    quindici = Rules(quindici=True)
    # 001: table A, 3, 4, 7: a 4 takes 4+7 or A+3+7
    assert options("4D", "1C 3S 4B 7C", quindici) == ["1C+3S+7C", "4B+7C"]
    # 004: table A, 3, 5, 7: a 2 takes A+5+7
    assert options("2D", "1C 3S 5B 7C", quindici) == ["1C+5B+7C"]
    # an equal card is no capture in quindici
    assert options("7D", "7C", quindici) == []
    # a king takes a 5 (10 + 5 = 15)
    assert options("10D", "5C 7S", quindici) == ["5C"]


def test_assi():
    assi = Rules(assi=True)
    assert options("1D", "5C 7S 10B", assi) == ["5C+7S+10B"]
    # with an ace on the table the ace takes just that ace (default) ...
    assert options("1D", "1C 5S", assi) == ["1C"]
    # ... or everything, with the sub-toggle off
    assert options("1D", "1C 5S", assi.with_(assi_ace_takes_ace=False)) == ["1C+5S"]
    # an empty table: the ace is laid
    assert options("1D", "", assi) == []
    # the ace on the table is taken alone under quindici too (it would not sum to 15)
    assert options("1D", "1C 5S", assi.with_(quindici=True)) == ["1C"]
    # other cards capture as usual
    assert options("5D", "1C 4S", assi) == ["1C+4S"]


def test_bad_input():
    with pytest.raises(CardError):
        capture_options(Card.parse("7D"), [Card.parse("7D")], Rules())
    with pytest.raises(CardError):
        capture_options(Card.parse("7D"), [Card.parse("3C"), Card.parse("3C")], Rules())
    with pytest.raises(CardError):
        capture_options("7D", [], Rules())  # type: ignore[arg-type]


def reference(card: Card, table: list[Card], rules: Rules) -> list[str]:
    """RULES.md read literally, by brute force over every subset."""
    if not table:
        return []
    if rules.assi and card.rank == 1:
        aces = [c for c in table if c.rank == 1]
        if aces and rules.assi_ace_takes_ace:
            return texts([(c,) for c in aces])
        return texts([tuple(sorted(table))])
    subsets = [
        tuple(sorted(combo))
        for size in range(1, len(table) + 1)
        for combo in combinations(table, size)
    ]
    if rules.quindici:
        sets = [s for s in subsets if sum(c.rank for c in s) + card.rank == 15]
    else:
        same = [(c,) for c in table if c.rank == card.rank]
        sets = same or [s for s in subsets if sum(c.rank for c in s) == card.rank]
    if rules.capture_limit is not None:
        sets = [s for s in sets if len(s) <= rules.capture_limit]
    if rules.fewest_cards and sets:
        fewest = min(len(s) for s in sets)
        sets = [s for s in sets if len(s) == fewest]
    return texts(sets)


def cirulla_reference(card: Card, table: list[Card], rules: Rules, named: int = 0) -> list[str]:
    """CIRULLA.md R9-R15 and R20 read literally, by brute force over every subset: a card
    takes one card of its value, a set summing to it, or a set making 15 with it; an ace
    sweeps a table without an ace, else takes an ace or (unless ace_on_ace_only) a set of
    14; the matta is worth the value named for it. An empty set: it may be laid instead."""
    matta = rules.matta_card

    def value(item: Card) -> int:
        return named if named and item is matta else item.rank

    if not table:
        return []
    played = value(card)
    subsets = [
        tuple(sorted(combo))
        for size in range(1, len(table) + 1)
        for combo in combinations(table, size)
    ]
    total = {s: sum(value(c) for c in s) for s in subsets}
    aces = [c for c in table if value(c) == 1]
    if played == 1 and not aces:
        sets = [tuple(sorted(table))]
    elif played == 1:
        sets = [(c,) for c in aces]
        if not rules.ace_on_ace_only:
            sets += [s for s in subsets if total[s] == 14]
    else:
        equal = [(c,) for c in table if value(c) == played]
        sums = [s for s in subsets if len(s) >= 2 and total[s] == played]
        if rules.equal_rank_precedence and equal:
            sums = []
        elif rules.equal_rank_precedence and sums:  # the fewest cards among the sums
            sums = [s for s in sums if len(s) == min(map(len, sums))]
        sets = equal + sums + [s for s in subsets if total[s] + played == 15]
    if sets and rules.may_trail_capturing_card:
        sets.append(())
    return texts(set(sets))


CIRULLA_VARIANTS = st.builds(
    Rules,
    cirulla=st.just(True),
    equal_rank_precedence=st.booleans(),
    may_trail_capturing_card=st.booleans(),
    ace_on_ace_only=st.booleans(),
    matta=st.sampled_from([7, 9, None]),
)


@settings(max_examples=500, deadline=None)
@given(
    cards=st.lists(st.sampled_from(DECK), min_size=1, max_size=11, unique=True),
    rules=CIRULLA_VARIANTS,
    named=st.integers(0, 10),
)
def test_cirulla_generator_matches_brute_force(cards, rules, named):
    card, table = cards[0], cards[1:]
    matta = rules.matta_card
    if matta is None or (matta is not card and matta not in table):
        named = 0
    found = capture_options(card, table, rules, named=named)
    assert texts(found) == cirulla_reference(card, table, rules, named)


def test_cirulla_examples_differ_from_scopa():
    cirulla = Rules.preset("cirulla")
    # a king is taken by a 5 (fifteen), where in Scopa the 5 is laid
    assert options("5D", "10C", cirulla) == ["10C"] and options("5D", "10C") == []
    # an equal card does not rule out the sums (R10), unlike Scopa
    assert options("9D", "9C 4S 5B", cirulla) == ["4S+5B", "9C"]
    assert options("9D", "9C 4S 5B") == ["9C"]
    # the Scopa-only rules do not apply under Cirulla
    greyed = cirulla.with_(capture_limit=2, fewest_cards=True, quindici=True, assi=True)
    assert options("9D", "2C 3S 4B 6D", greyed) == options("9D", "2C 3S 4B 6D", cirulla)


def test_the_named_matta_is_refused_out_of_range():
    with pytest.raises(CardError, match="1 to 10"):
        capture_options(Card.parse("7C"), [], Rules.preset("cirulla"), named=11)


RULE_VARIANTS = st.builds(
    Rules,
    capture_limit=st.sampled_from([None, 2, 3]),
    fewest_cards=st.booleans(),
    assi=st.booleans(),
    assi_ace_takes_ace=st.booleans(),
    quindici=st.booleans(),
)


@settings(max_examples=400, deadline=None)
@given(
    cards=st.lists(st.sampled_from(DECK), min_size=1, max_size=11, unique=True),
    rules=RULE_VARIANTS,
)
def test_fast_generator_matches_brute_force(cards, rules):
    card, table = cards[0], cards[1:]
    assert texts(capture_options(card, table, rules)) == reference(card, table, rules)


@settings(max_examples=400, deadline=None)
@given(
    cards=st.lists(st.sampled_from(DECK), min_size=2, max_size=12, unique=True),
    in_hand=st.integers(min_value=1, max_value=3),
    rules=RULE_VARIANTS,
)
def test_legal_moves_match_brute_force(cards, in_hand, rules):
    """A round's moves come from caches keyed by the part of the table that matters to each
    card; every card of the hand still gets exactly the sets RULES.md allows it."""
    hand, table = sorted(cards[:in_hand]), cards[in_hand:]
    rest = [card for card in DECK if card not in cards]
    state = Round.from_parts(
        rules, hands=[hand, []], table=table, stock=[], piles=[rest, []], dealer=1, turn=0
    )
    expected = []
    for card in hand:
        sets = reference(card, table, rules)
        expected += [f"{card}x{taken}" for taken in sets] if sets else [str(card)]
    moves = state.legal_moves()
    assert isinstance(moves, tuple)
    assert sorted(move.text() for move in moves) == sorted(expected)
