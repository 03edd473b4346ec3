"""The hint's reasons read as a native player says them, and name cards as the chosen deck
does (the 9 is a knight in an Italian deck and a queen in a French one)."""

from __future__ import annotations

import random
import re

import pytest

from scopa.ai.reasons import CODES, TEXTS, reason_text

PARAMS = {
    "total": 12,
    "count": 3,
    "rank": 9,
    "points": 3,
    "won": "carte,denari",
    "denied": "primiera",
    "ranks": "7,6,1",
}


def test_a_table_nobody_can_clear_is_said_with_fare_scopa() -> None:
    italian = reason_text("no_sweep", {}, "it")
    assert "scopare" not in italian
    assert "fare scopa" in italian
    assert "sweep" not in reason_text("no_sweep", {}, "en")


@pytest.mark.parametrize(
    ("deck", "italian", "english"),
    [
        ("napoletane", "cala un cavallo,", "lays a knight,"),
        ("piacentine", "cala un cavallo,", "lays a knight,"),
        ("french", "cala una donna,", "lays a queen,"),
    ],
)
def test_ranks_are_named_as_the_deck_names_them(deck, italian, english) -> None:
    assert reason_text("anchor", PARAMS, "it", deck).startswith(italian)
    assert reason_text("block", PARAMS, "en", deck).startswith(english)


def test_the_cards_of_the_primiera_are_named_in_a_list() -> None:
    assert reason_text("primiera", {"ranks": "7,6,1"}, "it") == (
        "mette nel mazzetto un 7, un 6 e un asso, tra le carte che valgono di più in primiera"
        " (7, 6, asso)"
    )
    assert reason_text("primiera", {"ranks": "6,1"}, "en") == (
        "banks a 6 and an ace, of the cards worth most in the primiera (7, 6, ace)"
    )


def test_cards_of_one_rank_banked_together_are_counted_and_the_7_stays_the_best() -> None:
    """ "banks a 6 and a 6, the cards worth most in the primiera": the 7 is worth more (21
    to the 6's 18), and two 6s are two 6s."""
    assert reason_text("primiera", {"ranks": "6,6"}, "en").startswith("banks two 6s, of the ")
    assert reason_text("primiera", {"ranks": "7,7,1"}, "it").startswith(
        "mette nel mazzetto due 7 e un asso, tra le carte"
    )
    assert reason_text("primiera", {"ranks": "1,1"}, "en").startswith("banks two aces, of ")


def test_a_coin_is_a_diamond_in_a_french_deck() -> None:
    assert reason_text("coin", {}, "it") == "prende una carta di denari"
    assert reason_text("coin", {}, "it", "french") == "prende una carta di quadri"
    assert reason_text("coin", {}, "en", "french") == "takes a card of diamonds"
    # two cards of coins were said as one ("prende una carta di denari")
    assert reason_text("coin", {"count": 2}, "it") == "prende 2 carte di denari"
    assert reason_text("coin", {"count": 1}, "en") == "takes a card of coins"


def test_every_reason_agrees_with_any_rank() -> None:
    """No reason puts a gendered word after the rank ("gli ultimi" beside "una donna")."""
    for rank in range(1, 11):
        for code in ("block", "anchor"):
            text = reason_text(code, {"rank": rank}, "it", "french")
            assert not re.search(r"\b(gli|li|ultimi|altri)\b", text), text


def test_a_declaration_names_the_matta_as_the_deck_names_its_value() -> None:
    params = {"points": 10, "rank": 9}
    assert reason_text("declare_matta", params, "en", "french") == (
        "knock, the matta as a queen, for 10 scopas"
    )
    assert reason_text("declare_matta", params, "it") == (
        "bussa, la matta come un cavallo, per 10 scope"
    )
    assert reason_text("declare", {"points": 3}, "it") == "bussa e mostra le carte per 3 scope"


def test_every_reason_formats_in_every_deck() -> None:
    for lang in TEXTS:
        for code in CODES:
            for deck in ("napoletane", "french"):
                text = reason_text(code, PARAMS, lang, deck)
                assert "{" not in text and text.strip(), (lang, code)


def test_a_reason_speaks_of_the_move_not_of_whoever_reads_it() -> None:
    """A review shared at a hot-seat table read "Anna laid the 6 of coins. Why: lays a
    knave: only you still hold cards of that rank" to whoever was looking."""
    import re

    for language, word in (("en", r"\byou\b"), ("it", r"\btu\b")):
        for code in CODES:
            assert not re.search(word, TEXTS[language][code], re.IGNORECASE), (language, code)


def test_the_points_a_line_wins_are_named_and_joined_in_each_language() -> None:
    won = {"won": "carte,denari,primiera"}
    # "wins the cards by the round's end" read as winning cards, not the point for most
    assert reason_text("wins_by_end", won, "en", "french") == (
        "ends up winning the most cards, diamonds and primiera"
    )
    assert reason_text("wins_by_end", won, "it") == (
        "a fine smazzata ti fa fare carte, denari e primiera"
    )
    assert reason_text("wins_by_end", {"won": "settebello,scope"}, "en") == (
        "ends up winning the settebello and a scopa"
    )
    assert reason_text("wins_by_end", {"won": "primiera"}, "it") == (
        "a fine smazzata ti fa fare la primiera"
    )
    assert reason_text("denies_by_end", {"won": "scope"}, "it") == (
        "a fine smazzata impedisce agli avversari di fare una scopa"
    )
    both = {"won": "primiera", "denied": "denari"}
    assert (
        reason_text("wins_denies", both, "en") == "wins the primiera and denies them the most coins"
    )
    assert reason_text("wins_denies", both, "it") == (
        "ti fa fare la primiera e impedisce agli avversari di fare i denari"
    )


def test_one_opponent_is_told_as_one() -> None:
    """With two players the hint said "impedisce agli avversari" of the one opponent."""
    one = {"won": "scope", "rivals": 1}
    assert reason_text("denies_by_end", one, "it") == (
        "a fine smazzata impedisce all'avversario di fare una scopa"
    )
    both = {"won": "primiera", "denied": "denari", "rivals": 1}
    assert reason_text("wins_denies", both, "it") == (
        "ti fa fare la primiera e impedisce all'avversario di fare i denari"
    )
    assert reason_text("wins_denies", {**both, "rivals": 2}, "it").endswith(
        "impedisce agli avversari di fare i denari"
    )
    assert reason_text("denies_by_end", one, "en") == "ends up denying them a scopa"


def test_the_round_s_end_names_how_many_play_on_the_other_side() -> None:
    from scopa.ai.outcome import decided
    from scopa.ai.view import View
    from scopa.engine import Round, Rules, observe

    found = {}
    for players in (2, 4):
        rng = random.Random(players)
        for _ in range(400):
            state = Round.deal_random(Rules(players=players), rng)
            while not state.over and (state.stock or state.in_hands > 6 - players):
                state = state.play(rng.choice(state.legal_moves()))
            if state.over:
                continue
            view = View.of(observe(state, state.turn))
            for move in view.moves:
                told = decided(view, move)
                if told is not None and told[0] != "wins_by_end":
                    found[players] = told[1]["rivals"]
            if players in found:
                break
    assert found == {2: 1, 4: 2}


@pytest.mark.parametrize(("lang", "one"), [("en", "the last card"), ("it", "l'ultima carta")])
def test_a_reason_told_of_one_card_says_it_in_the_singular(lang, one) -> None:
    """The last capture of a round taking one card read "takes the last 1 cards"."""
    assert reason_text("last_take", {"count": 1}, lang).endswith(one)
    assert "1" not in reason_text("most_cards", {"count": 1}, lang)
    assert "3" in reason_text("last_take", {"count": 3}, lang)


def test_a_napola_made_either_way_is_told_as_longer_not_denied() -> None:
    """The coach said a move "denies them the napola" where the other side made a napola
    either way, only a shorter one: a napola both lines make is told as the longer one
    ("the longer napola"), "the napola" only where the other line makes none."""
    from scopa.ai.outcome import _line_end, _points, _value, decided
    from scopa.ai.search import Searcher
    from scopa.ai.view import View
    from scopa.ai.worlds import sample_world
    from scopa.engine import Round, Rules, observe

    rules = Rules(napola=True)
    told_longer = told_plain = 0
    for seed in range(400):
        rng = random.Random(seed)
        state = Round.deal_random(rules, rng)
        while not state.over and (state.stock or state.in_hands > 4):
            state = state.play(rng.choice(state.legal_moves()))
        if state.over:
            continue
        view = View.of(observe(state, state.turn))
        world = sample_world(view, random.Random(0))
        for best in view.moves:
            told = decided(view, best)
            if told is None or "napola" not in str(told[1]):
                continue
            searcher = Searcher(world, view.side)  # as the coach's, fresh
            others = [move for move in world.legal_moves() if move != best]
            other = max(others, key=lambda move: _value(searcher, world.play(move)))
            ends = [_line_end(searcher, world.play(move), view.side) for move in (best, other)]
            (gain, lost), (gain_other, lost_other) = (_points(end, view.side) for end in ends)
            code, params = told
            listed = {"wins_by_end": ("won", None), "denies_by_end": (None, "won")}
            won_key, denied_key = listed.get(code, ("won", "denied"))
            won = str(params[won_key]).split(",") if won_key else []
            denied = str(params[denied_key]).split(",") if denied_key else []
            for names, made in ((won, gain_other), (denied, lost)):
                if "napola" in names:
                    assert made.get("napola", 0) == 0, (seed, best, told)
                    told_plain += 1
                if "napola_longer" in names:
                    assert made.get("napola", 0) > 0, (seed, best, told)
                    told_longer += 1
    assert told_longer and told_plain


@pytest.mark.parametrize(
    ("code", "lang", "said"),
    [
        ("denies_by_end", "en", "ends up denying them the longer napola"),
        ("denies_by_end", "it", "impedisce all'avversario di fare la napola più lunga"),
        ("wins_by_end", "en", "ends up winning the most cards and the longer napola"),
        ("wins_by_end", "it", "ti fa fare carte e napola più lunga"),
    ],
)
def test_the_longer_napola_is_worded(code, lang, said) -> None:
    won = "napola_longer" if code == "denies_by_end" else "carte,napola_longer"
    assert reason_text(code, {"won": won, "rivals": 1}, lang).endswith(said)


WARNED = "takes the settebello, but {} still unseen could make a scopa"
AVVISO = "prende il settebello, ma {} ancora da vedere {} fare scopa"


@pytest.mark.parametrize(
    ("sweep", "deck", "lang", "said"),
    [
        ("10", "napoletane", "en", WARNED.format("a king")),
        ("10", "napoletane", "it", AVVISO.format("un re", "può")),
        ("9,9", "french", "en", WARNED.format("two queens")),
        ("9,9", "french", "it", AVVISO.format("due donne", "possono")),
        ("1,10,10", "napoletane", "en", WARNED.format("an ace or two kings")),
        ("1,10,10", "napoletane", "it", AVVISO.format("un asso o due re", "possono")),
    ],
)
def test_the_scopa_a_move_leaves_is_told_after_its_reason(sweep, deck, lang, said) -> None:
    assert reason_text("settebello", {"sweep": sweep}, lang, deck) == said


def test_cards_of_one_rank_are_named_in_the_plural_as_the_deck_names_them() -> None:
    assert reason_text("primiera", {"ranks": "1,1"}, "en") == (
        "banks two aces, of the cards worth most in the primiera (7, 6, ace)"
    )
    text = reason_text("settebello", {"sweep": "8,8,8"}, "en", "french")
    assert "three jacks still unseen" in text
    assert "tre fanti ancora" in reason_text("settebello", {"sweep": "8,8,8"}, "it")
    assert "two knights" in reason_text("settebello", {"sweep": "9,9"}, "en")
