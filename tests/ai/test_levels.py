"""What each level does in positions where the right play is clear."""

from __future__ import annotations

import pytest

from scopa.ai import ALL_LEVELS, LEVELS, hint, make_player
from scopa.ai.reasons import CODES, TEXTS, reason_text
from scopa.ai.view import chance_to_hold
from scopa.engine import Card, Move, Rules

from .helpers import position, random_positions, seat_view


def choose(level: str, state, seed: int = 0) -> Move:  # noqa: ANN001
    options = {"time_limit": 0} if level == "master" else {}
    return make_player(level, seed, **options).choose(seat_view(state))


def test_levels_are_named_and_unknown_ones_refused() -> None:
    assert LEVELS == ("beginner", "expert", "master")
    assert "greedy" in ALL_LEVELS
    with pytest.raises(ValueError, match="unknown level 'grandmaster'"):
        make_player("grandmaster", 1)


def test_choosing_out_of_turn_is_refused_clearly() -> None:
    state = position("7S 3C 9B", "7D 2B 10C 4S")
    from scopa.engine import observe

    with pytest.raises(ValueError, match="not its turn"):
        make_player("expert", 0).choose(observe(state, 1))


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_takes_the_settebello(level: str) -> None:
    state = position("7S 3C 9B", "7D 2B 10C 4S")
    assert choose(level, state) == Move.parse("7Sx7D")


@pytest.mark.parametrize(
    "rules", [Rules(), Rules(re_bello=True), Rules(settebello_coppe=True, players=4)]
)
def test_master_never_plays_a_point_card_where_a_plain_one_does_the_same(rules: Rules) -> None:
    """A hint said to lay the settebello where the seven of batons, as safe, kept it: the
    averages of a few guessed worlds tipped it one way or the other by chance. A card that
    scores a point of its own is now never laid where a plain card of its rank could be
    (whoever could take the one could take the other), and a plain card never takes what
    the point card of its rank takes the same (that banks the point)."""
    points = {Card(7, "D"), *([Card(10, "D")] if rules.re_bello else [])}
    points |= {Card(7, "C")} if rules.settebello_coppe else set()
    checked = 0
    for state in random_positions(rules, 3000, 7):
        moves = [move for move in seat_view(state).legal_moves if move.card is not None]
        worse = {
            move
            for move in moves
            for other in moves
            if other.card.rank == move.card.rank
            and other.capture_mask == move.capture_mask
            and (move.card in points) != (other.card in points)
            and (move.card in points) == (not move.capture_mask)
        }
        if not worse:
            continue
        checked += 1
        for seed in range(3):
            assert choose("master", state, seed) not in worse, (checked, seed)
        if checked == 10:
            break
    assert checked == 10


@pytest.mark.parametrize("level", ["beginner", "expert", "master"])
def test_takes_a_scopa(level: str) -> None:
    state = position("7B 2D 10S", "3C 4S")
    assert choose(level, state) == Move.parse("7Bx3C+4S")


@pytest.mark.parametrize("level", ["expert", "master"])
def test_leaves_more_than_ten_rather_than_a_sweep(level: str) -> None:
    # Laying the 6 leaves 8, the ace leaves 3: both sweepable. The 9 leaves 11.
    state = position("6S 1B 9D", "2C")
    assert choose(level, state) == Move.parse("9D")


@pytest.mark.parametrize("level", ["expert", "master"])
def test_blocks_with_a_king_when_the_other_kings_are_out(level: str) -> None:
    # The table is empty: whatever is laid can be swept, unless nobody else can take it.
    state = position("10C 10S 3B", "", piles=("10D 5C 5S", "10B 4C 6S"))
    assert choose(level, state).card.rank == 10


def test_expert_does_not_leave_cards_totalling_seven() -> None:
    # Table 6 and 4 (10 in all). The ace would leave 6+1=7, the 3 would leave 4+3=7;
    # the 8 leaves 18 and no sum of 7.
    state = position("1S 3B 8C", "6C 4D")
    assert choose("expert", state) == Move.parse("8C")


def test_greedy_takes_the_most_cards() -> None:
    state = position("5B 6C 8S", "1C 2B 3B 10S")
    assert choose("greedy", state) == Move.parse("6Cx1C+2B+3B")


def test_the_last_card_takes_the_table_for_the_last_capturer() -> None:
    # Seat 0 plays the last card of the round. Taking the 5 makes it the last capturer and
    # brings it the whole table; laying the 2 would hand everything to the other side.
    rules = Rules()
    state = position("5C", "5S 7D 1C", stock_size=0, rules=rules)
    state = type(state).from_parts(
        rules, hands=[state.hand(0), ()], table=state.table_cards(), stock=(),
        piles=[state.pile(0) + state.hand(1), state.pile(1)], dealer=1, turn=0, last_capturer=1,
    )  # fmt: skip
    assert choose("expert", state) == Move.parse("5Cx5S")
    assert choose("master", state) == Move.parse("5Cx5S")


def test_hint_names_the_settebello_in_both_languages() -> None:
    tip = hint(seat_view(position("7S 3C 9B", "7D 2B 10C 4S")), time_limit=0)
    assert tip.move == Move.parse("7Sx7D")
    assert tip.reason == "settebello"
    assert tip.text("en") == "takes the settebello"
    assert tip.text("it") == "prende il settebello"


def test_hint_explains_leaving_more_than_ten() -> None:
    tip = hint(seat_view(position("6S 1B 9D", "2C")), time_limit=0)
    assert tip.move == Move.parse("9D")
    assert tip.reason == "no_sweep_sum"
    assert tip.text("en") == "leaves 11 on the table, so no scopa for anyone"
    assert tip.text("it") == "lascia 11 in tavola, così niente scopa"


def test_hint_warns_of_the_scopa_its_move_leaves() -> None:
    """Taking the settebello leaves a lone 3, and every other 3 is unseen: the reason tells
    what the move takes and the scopa it leaves (it told only the first)."""
    tip = hint(seat_view(position("7S 2C 9B", "7D 3B")), time_limit=0)
    assert tip.move == Move.parse("7Sx7D")
    assert dict(tip.params) == {"sweep": "3,3,3"}
    assert tip.text("en") == "takes the settebello, but three 3s still unseen could make a scopa"
    assert tip.text("it") == "prende il settebello, ma tre 3 ancora da vedere possono fare scopa"


def test_a_hint_leaving_no_scopa_warns_of_none() -> None:
    tip = hint(seat_view(position("7S 3C 9B", "7D 2B 10C 4S")), time_limit=0)
    assert "sweep" not in dict(tip.params)


def test_hint_text_refuses_an_unknown_language() -> None:
    tip = hint(seat_view(position("7S 3C 9B", "7D 2B 10C 4S")), time_limit=0)
    with pytest.raises(ValueError, match="no hint texts in language 'fr'"):
        tip.text("fr")


def test_every_reason_reads_in_both_languages() -> None:
    assert set(TEXTS["it"]) == set(TEXTS["en"]) == CODES
    params = {
        "total": 12,
        "count": 3,
        "rank": 10,
        "points": 3,
        "won": "primiera",
        "denied": "carte",
        "ranks": "6,1",
    }
    for code in CODES:
        assert reason_text(code, params, "en") != reason_text(code, params, "it")
    block = reason_text("block", params, "en")
    assert block == "lays a king, and nobody else holds a card of that rank"


def test_chance_to_hold_counts_hands() -> None:
    assert chance_to_hold(10, 1, 3) == pytest.approx(0.3)
    assert chance_to_hold(10, 0, 3) == 0.0
    assert chance_to_hold(3, 1, 3) == 1.0
    assert chance_to_hold(10, 2, 3) == pytest.approx(1 - (8 * 7 * 6) / (10 * 9 * 8))


def test_levels_have_names_in_both_languages() -> None:
    from scopa.ai import level_name

    assert [level_name(level, "it") for level in LEVELS] == ["Principiante", "Esperto", "Maestro"]
    assert [level_name(level, "en") for level in LEVELS] == ["Beginner", "Expert", "Master"]
    with pytest.raises(ValueError, match="unknown level"):
        level_name("wizard", "en")


CIRULLA = Rules.preset("cirulla")


@pytest.mark.parametrize("level", ALL_LEVELS)
def test_every_level_declares_a_hand_that_scores(level: str) -> None:
    state = position("2S 3B 4C", "10C 10S", rules=CIRULLA, seed=1)
    assert choose(level, state) == Move.parse("!")


@pytest.mark.parametrize("level", ALL_LEVELS)
def test_every_level_names_the_matta_for_the_decino(level: str) -> None:
    # 1, 1 and the matta: named ace it is three of a kind (10), else a low hand (3)
    state = position("1S 1B 7C", "10C 10S", rules=CIRULLA, seed=2)
    assert choose(level, state) == Move.parse("!7C=1")


@pytest.mark.parametrize("level", ["expert", "master"])
def test_the_matta_is_named_for_the_scopa_it_makes(level: str) -> None:
    # 2 + 3 + matta is a low hand with the matta named 1 to 4. Named 4, it takes 1+3 off
    # the table: a scopa; named ace it would take only the ace (an ace lies there).
    state = position("7C 2S 3B", "1D 3D", rules=CIRULLA, seed=3)
    assert choose(level, state) == Move.parse("!7C=4")
    declared = state.play(Move.parse("!7C=4"))
    assert choose(level, declared) == Move.parse("7Cx1D+3D")


@pytest.mark.parametrize("level", ["expert", "master"])
def test_the_ace_sweeps_in_cirulla(level: str) -> None:
    state = position("1B 9S 4D", "7D 5C 2S", rules=CIRULLA, seed=4)
    assert choose(level, state) == Move.parse("1Bx2S+5C+7D")


@pytest.mark.parametrize("level", ALL_LEVELS)
def test_every_level_declares_or_passes_after_the_deal(level: str) -> None:
    at_deal = CIRULLA.with_(declare_at_deal=True)
    state = position("9S 9B 9C", "10C 10S", rules=at_deal, seed=5, declaring=2)
    assert state.declaring
    assert choose(level, state) == Move.parse("!")


def test_the_hint_explains_a_declaration() -> None:
    tip = hint(seat_view(position("1S 1B 7C", "10C 10S", rules=CIRULLA, seed=2)), time_limit=0)
    assert tip.move == Move.parse("!7C=1")
    assert tip.reason == "declare_matta" and dict(tip.params) == {"points": 10, "rank": 1}
    assert tip.text("en") == "knock, the matta as an ace, for 10 scopas"
    plain = hint(seat_view(position("2S 3B 4C", "10C 10S", rules=CIRULLA, seed=1)), time_limit=0)
    assert plain.reason == "declare" and plain.text("it") == "bussa e mostra le carte per 3 scope"
