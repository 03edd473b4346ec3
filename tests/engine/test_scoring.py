import random

import pytest

from scopa.engine import (
    DECK,
    Card,
    Rules,
    cards_behind,
    parse_cards,
    point_cards,
    primiera,
    score_round,
    seven_count_decider,
)
from scopa.engine.scoring import (
    _FOUR_SUITS,
    _SUITS_THEN_SUMS,
    Breakdown,
    categories,
    grande_points,
    piccola_points,
    prime_values,
    score_masks,
    scoring_plan,
)

from .test_simulation import random_rules


def rest_of(*piles: str) -> list:
    taken = {card for pile in piles for card in parse_cards(pile)}
    return [card for card in DECK if card not in taken]


def test_rulebook_primiera_example():
    # 000: 4 of swords 14 + 3 of cups 13 + king of coins 10 + knight of batons 10 = 47
    assert primiera(parse_cards("4S 3C 10D 9B"), Rules()) == 47
    assert primiera(parse_cards("4S 3C 10D 9B 2S 8C"), Rules()) == 47


def test_primiera_scale_best_card_per_suit():
    assert primiera(parse_cards("7D 6C 1S 5B")) == 21 + 18 + 16 + 15
    assert primiera(parse_cards("7D 7C 7S 7B 6D")) == 84


def test_missing_suit_has_no_primiera_unless_compared():
    cards = parse_cards("7D 7C 7S")
    assert primiera(cards, Rules()) == 0
    assert primiera(cards, Rules(incomplete_primiera=True)) == 63


def test_face_values():
    cards = parse_cards("10D 9C 8S 10B")
    assert primiera(cards, Rules()) == 40
    assert primiera(cards, Rules(face_values="southern")) == 10 + 9 + 8 + 10
    assert primiera(cards, Rules(face_values="zero")) == 0


def points(piles, scope=None, rules=None):
    rules = rules or Rules()
    scores = score_round(
        [parse_cards(p) if isinstance(p, str) else p for p in piles],
        scope or [0] * len(piles),
        rules,
    )
    return [score.points for score in scores], scores


def test_all_categories_to_one_side():
    mine = "7D 7C 7S 7B 1D 2D 3D 4D 5D 6D 1C 2C 3C 4C 5C 6C 1S 2S 3S 4S 5S"
    pts, scores = points([mine, rest_of(mine)], [2, 1])
    assert pts[0] == {"carte": 1, "denari": 1, "settebello": 1, "primiera": 1, "scope": 2}
    assert pts[1] == {"carte": 0, "denari": 0, "settebello": 0, "primiera": 0, "scope": 1}
    assert (scores[0].total, scores[1].total) == (6, 1)
    assert (scores[0].cards, scores[0].coins, scores[0].sevens) == (21, 7, 4)
    assert scores[0].primiera == 84


def test_ties_give_nobody_the_point():
    mine = [card for card in DECK if card.index % 2 == 0]
    theirs = [card for card in DECK if card.index % 2 == 1]
    pts, _ = points([mine, theirs])
    # 20 cards each; coins 1D..10D have even index: mine has 10 coins
    assert pts[0]["carte"] == pts[1]["carte"] == 0
    assert pts[0]["denari"] == 1


def test_primiera_tie_examples_from_001():
    # 7-7-6-6 against 7-7-6-6, and 7-7-6-4 against A-A-7-7: both tied, nobody scores
    a = "7D 7C 6S 6B"
    b = "7S 7B 6D 6C"
    pts, _ = points([a, b])
    assert pts[0]["primiera"] == pts[1]["primiera"] == 0
    a = "7D 7C 6S 4B"
    b = "1D 1C 7S 7B"
    pts, scores = points([a, b])
    assert scores[0].primiera == scores[1].primiera == 74
    assert pts[0]["primiera"] == pts[1]["primiera"] == 0


def test_four_suits_beat_three_when_incomplete_compared():
    # 001: three jacks and a seven (51) beat three sevens with no fourth suit (63)
    jacks = "8D 8C 8S 7B"
    sevens = "7D 7C 7S"
    for rules in (Rules(), Rules(incomplete_primiera=True)):
        pts, _ = points([jacks, sevens], rules=rules)
        assert pts[0]["primiera"] == 1 and pts[1]["primiera"] == 0
    # if no side has four suits, the sums compare (only with the toggle)
    pts, _ = points(["7D 7C 7S", "6D 6C 6S"], rules=Rules(incomplete_primiera=True))
    assert pts[0]["primiera"] == 1
    pts, _ = points(["7D 7C 7S", "6D 6C 6S"])
    assert pts[0]["primiera"] == pts[1]["primiera"] == 0


def test_seven_count():
    rules = Rules(seven_count=True)
    assert "sette" in categories(rules) and "primiera" not in categories(rules)
    pts, _ = points(["7D 7C 7S", "7B 6D"], rules=rules)
    assert pts[0]["sette"] == 1
    # tied sevens: the most sixes wins
    pts, _ = points(["7D 7C 6S 6B", "7S 7B 6D"], rules=rules)
    assert pts[0]["sette"] == 1 and pts[1]["sette"] == 0
    # tied sevens and sixes: nobody
    pts, _ = points(["7D 7C 6S", "7S 7B 6D"], rules=rules)
    assert pts[0]["sette"] == pts[1]["sette"] == 0


def test_three_sides_unique_highest():
    pts, _ = points(["1D 2D 3D", "4D 5D 1C", "6C"])
    assert [p["denari"] for p in pts] == [1, 0, 0]
    pts, _ = points(["1D 2D 1C", "4D 5D 2C", "6C"])
    assert [p["denari"] for p in pts] == [0, 0, 0]
    assert [p["carte"] for p in pts] == [0, 0, 0]


def test_re_bello_and_settebello_di_coppe():
    rules = Rules(re_bello=True, settebello_coppe=True)
    pts, _ = points(["10D 5C", "7C 7D"], rules=rules)
    assert pts[0]["re_bello"] == 1 and pts[1]["re_bello"] == 0
    assert pts[1]["settebello_coppe"] == 1 and pts[1]["settebello"] == 1
    assert "re_bello" not in points(["10D", "7C"])[0][0]


@pytest.mark.parametrize(
    ("coins", "run"),
    [
        ("1D 2D 3D", 3),
        ("1D 2D 3D 4D 5D 8D", 5),
        ("1D 2D 4D", 0),
        ("2D 3D 4D", 0),
        (" ".join(f"{r}D" for r in range(1, 11)), 10),
    ],
)
def test_napola(coins, run):
    pts, scores = points([coins, "7C"], rules=Rules(napola=True))
    assert pts[0]["napola"] == run and scores[0].napola_run == run


def test_scope_count_and_total():
    pts, scores = points(["", ""], [3, 0])
    assert pts[0]["scope"] == 3 and scores[0].total == 3
    assert scores[1].total == 0


def test_a_card_in_two_piles_is_refused():
    with pytest.raises(ValueError):
        score_round([parse_cards("7D"), parse_cards("7D")], [0, 0], Rules())


@pytest.mark.parametrize(
    ("rules", "cards"),
    [
        (Rules(), "7D"),
        (Rules(re_bello=True), "7D 10D"),
        (Rules(settebello_coppe=True), "7D 7C"),
        (Rules(re_bello=True, settebello_coppe=True), "7D 10D 7C"),
    ],
)
def test_point_cards_each_score_a_point_alone(rules, cards):
    assert set(point_cards(rules)) == set(parse_cards(cards))
    for card in point_cards(rules):
        mine, other = score_round([[card], rest_of(str(card))], [0, 0], rules)
        assert mine.total == 1, card  # the card's own point, and no other category
        assert other.total >= 1


def literal_scores(
    piles: list[list], scope: list[int], rules: Rules, bonus: list[int] | None = None
) -> list[Breakdown]:
    """The scoring rules read card by card: what the table-driven scoring must agree with."""

    def unique_best(keys: list) -> int | None:
        present = [(key, side) for side, key in enumerate(keys) if key is not None]
        if not present:
            return None
        top = max(key for key, _ in present)
        winners = [side for key, side in present if key == top]
        return winners[0] if len(winners) == 1 else None

    def run(pile: list, ranks: range) -> int:
        length = 0
        for rank in ranks:
            if Card(rank, "D") not in pile:
                break
            length += 1
        return length if length >= 3 else 0

    values = prime_values(rules)
    incomplete = (
        not rules.primiera_requires_all_suits if rules.cirulla else rules.incomplete_primiera
    )
    scored = categories(rules)
    points = [dict.fromkeys(scored, 0) for _ in piles]
    counts = [
        tuple(sum(1 for card in pile if card.rank == rank) for rank in range(1, 11))
        for pile in piles
    ]
    bests = [
        [
            max((values[card.rank] for card in pile if card.suit == suit), default=None)
            for suit in "DCSB"
        ]
        for pile in piles
    ]
    complete = [None not in best for best in bests]
    sums = [sum(value for value in best if value is not None) for best in bests]
    for category, keys in (
        ("carte", [len(pile) for pile in piles]),
        ("denari", [sum(1 for card in pile if card.suit == "D") for pile in piles]),
    ):
        if (winner := unique_best(keys)) is not None:
            points[winner][category] += 1
    for card in point_cards(rules):
        for side, pile in enumerate(piles):
            if card in pile:
                points[side][
                    {7: "settebello", 10: "re_bello"}[card.rank]
                    if card.suit == "D"
                    else "settebello_coppe"
                ] += 1
    if "sette" in scored:
        order = (7, 6, 1, 5, 4, 3, 2) if rules.seven_count_aces else (7, 6)
        keys: list = [tuple(ranks[rank - 1] for rank in order) for ranks in counts]
    elif rules.cirulla and incomplete:
        keys = sums
    elif incomplete:
        keys = list(zip(complete, sums))
    else:
        keys = [(1, total) if whole else None for whole, total in zip(complete, sums)]
    if (winner := unique_best(keys)) is not None:
        points[winner]["sette" if "sette" in scored else "primiera"] += 1
    out = []
    for side, pile in enumerate(piles):
        napola, grande = run(pile, range(1, 11)), run(pile, range(10, 0, -1))
        points[side]["scope"] = scope[side]
        if "napola" in scored:
            points[side]["napola"] = napola
        if rules.cirulla:
            points[side]["grande"] = grande_points(grande, rules)
            points[side]["piccola"] = piccola_points(napola, rules)
        out.append(
            Breakdown(
                points=points[side], total=sum(points[side].values()), cards=len(pile),
                coins=sum(1 for card in pile if card.suit == "D"), sevens=counts[side][6],
                sixes=counts[side][5], primiera=sums[side] if complete[side] or incomplete else 0,
                primiera_complete=complete[side], scope=scope[side], napola_run=napola,
                captured=tuple(sorted(pile)), grande_run=grande, rank_counts=counts[side],
                bonus=bonus[side] if bonus else 0,
            )
        )  # fmt: skip
    return out


def test_scores_agree_with_a_card_by_card_reading():
    rng = random.Random(11)
    for _ in range(1000):
        rules = random_rules(rng)
        sides = rules.sides
        piles: list[list] = [[] for _ in range(sides)]
        taken = rng.choice((0.1, 0.25, 0.6, 1.0))  # small piles miss suits and runs
        suits = [rng.sample("DCSB", rng.randint(3, 4)) for _ in range(sides)]
        for card in DECK:
            side = rng.randrange(sides)
            if rng.random() < taken and card.suit in suits[side]:
                piles[side].append(card)
        scope = [rng.randrange(4) for _ in range(sides)]
        assert list(score_round(piles, scope, rules)) == literal_scores(piles, scope, rules)


def test_scores_with_bonus_scope_agree_with_a_card_by_card_reading():
    """Two sides (the common game, scored by its own comparisons) and more, with Cirulla's
    bonus scope among the scope."""
    rng = random.Random(12)
    for _ in range(600):
        rules = random_rules(rng, cirulla=rng.random() < 0.5)
        sides = rules.sides
        piles: list[list] = [[] for _ in range(sides)]
        for card in DECK:
            if rng.random() < 0.8:
                piles[rng.randrange(sides)].append(card)
        bonus = [rng.randrange(4) for _ in range(sides)]
        scope = [extra + rng.randrange(3) for extra in bonus]
        scores = score_round(piles, scope, rules, bonus)
        assert list(scores) == literal_scores(piles, scope, rules, bonus)


@pytest.mark.slow
def test_totals_are_the_totals_of_the_breakdowns():
    """``ScoringPlan.totals`` counts two sides' points itself for the common categories and
    reads them off the breakdowns otherwise: either way the breakdowns' totals."""
    rng = random.Random(13)
    counted = 0
    for _ in range(1500):
        rules = random_rules(rng, cirulla=rng.random() < 0.2)
        sides = rules.sides
        piles = [0] * sides
        taken = rng.choice((0.2, 0.6, 1.0))  # small piles miss suits: no primiera
        for card in DECK:
            if rng.random() < taken:
                piles[rng.randrange(sides)] |= card.bit
        scope = [rng.randrange(4) for _ in range(sides)]
        plan = scoring_plan(rules)
        expected = tuple(side.total for side in score_masks(piles, scope, rules))
        assert plan.totals(piles, scope) == expected
        counted += (
            sides == 2 and not plan.extras and plan.primiera in (_FOUR_SUITS, _SUITS_THEN_SUMS)
        )
    assert counted > 100  # the two-sided count of its own, not only the breakdowns' reading


@pytest.mark.parametrize(
    "rules",
    [
        Rules(),
        Rules(face_values="southern", napola=True, re_bello=True, settebello_coppe=True),
        Rules(seven_count=True, incomplete_primiera=True),
        Rules.preset("cirulla"),
        Rules.preset("cirulla").with_(dossena_scale=True),
    ],
)
def test_the_cards_behind_each_row_add_up_to_its_figure(rules) -> None:
    rng = random.Random(5)
    for _ in range(60):
        deck = list(DECK)
        rng.shuffle(deck)
        cut = rng.randrange(8, 33)
        for b in score_round([deck[:cut], deck[cut:]], (0, 0), rules):
            held = set(b.captured)
            for category in categories(rules):
                behind = cards_behind(category, b, rules)
                assert all(card in held for card, _ in behind)
                cards = [card for card, _ in behind]
                if category == "primiera":
                    assert len({card.suit for card in cards}) == len(cards)
                    if b.primiera_complete:
                        assert sum(value for _, value in behind) == b.primiera
                    for card, value in behind:  # the best of its suit
                        same = [c for c in held if c.suit == card.suit]
                        assert value == max(prime_values(rules)[c.rank] for c in same)
                elif category == "denari":
                    assert len(cards) == b.coins
                elif category == "sette":
                    assert len(cards) == b.sevens + b.sixes
                elif category == "napola":
                    assert [c.rank for c in cards] == list(range(1, b.napola_run + 1))
                elif category == "piccola":  # one card a point, as far as the run scores
                    assert [c.rank for c in cards] == list(range(1, b.points["piccola"] + 1))
                elif category == "grande":
                    assert len(cards) == (b.points["grande"] - 2 if b.grande_run else 0)
                elif category in ("carte", "scope"):
                    assert behind == ()
                else:  # a point card: its point came with it
                    assert (b.points.get(category, 0) > 0) == bool(cards)


@pytest.mark.parametrize("rank", [1, 5, 4, 3, 2])
def test_the_rank_that_settled_the_seven_count_is_named(rank) -> None:
    """Down to the aces, the sheet needs the rank whose count gave the point: the sevens
    and the sixes level, then the ranks before it level too."""
    rules = Rules(seven_count=True, seven_count_aces=True)
    order = (1, 5, 4, 3, 2)
    pile = list(parse_cards("7D 7C 6D 6C"))
    pile += [Card(tied, suit) for tied in order[: order.index(rank)] for suit in "DC"]
    pile += [Card(rank, suit) for suit in "DCS"]
    scores = score_round([pile, [card for card in DECK if card not in pile]], (0, 0), rules)
    assert [b.points["sette"] for b in scores] == [1, 0]
    assert seven_count_decider(scores, rules) == rank
    shown = {card.rank for card, _ in cards_behind("sette", scores[0], rules, rank)}
    assert shown == {7, 6, rank}
    assert seven_count_decider(scores, Rules(seven_count=True)) is None  # not down to them


def test_no_rank_past_the_sixes_is_named_when_they_or_the_sevens_decide() -> None:
    rules = Rules(seven_count=True, seven_count_aces=True)
    for text in ("7D 7C 7S", "7D 7C 6D 6C 6S"):
        pile = parse_cards(text)
        scores = score_round([pile, [card for card in DECK if card not in pile]], (0, 0), rules)
        assert seven_count_decider(scores, rules) is None


def test_a_run_of_coins_past_the_piccola_s_cap_shows_only_the_coins_that_score() -> None:
    """The ace to the 7 of coins: the piccola scores 6, and its row showed seven cards."""
    rules = Rules.preset("cirulla")
    pile = list(parse_cards("1D 2D 3D 4D 5D 6D 7D 10D 9D 8D 5C"))
    rest = [card for card in DECK if card not in pile]
    mine = score_round([pile, rest], (0, 0), rules)[0]
    assert mine.points["piccola"] == 6
    assert [card.rank for card, _ in cards_behind("piccola", mine, rules)] == [1, 2, 3, 4, 5, 6]
    assert [card.rank for card, _ in cards_behind("grande", mine, rules)] == [10, 9, 8]


def test_rule_sets_scoring_the_primiera_alike_share_its_table() -> None:
    """The table of each pattern's best primiera card is made once per set of values (made
    for every rule set, it was a third of a simulation of random rule sets)."""
    assert scoring_plan(Rules(target=16)).best is scoring_plan(Rules(players=4)).best
    assert scoring_plan(Rules(face_values="zero")).best is not scoring_plan(Rules()).best
