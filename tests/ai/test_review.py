"""The review grades each move a seat made against Master's choice, from what that seat
could see: a move that leaves a sweep costs points, Master's own moves cost nothing, hidden
cards change no grade, and every variant (Cirulla's declarations, three to six players) is
graded."""

from __future__ import annotations

import random

import pytest

from scopa.ai import hint
from scopa.ai.review import (
    TOLERANCE,
    MoveGrade,
    Review,
    RoundGrading,
    combine,
    grade_move,
    position_match,
    position_seed,
    review_round,
    round_start,
)
from scopa.engine import DECK, PRESETS, Card, Match, Move, Rules, Scopa

BLUNDER_DECK = ("4D 9C 10S", "6C 6S 5B", "1C 2S 3B 10D")
"""Seat 0 holds 4D 9C 10S over 1C 2S 3B 10D. Taking the 10 leaves 1+2+3 = 6 on the table, a
sweep for any 6 (the next player holds two); 4D takes 1C+3B and leaves 12, which nothing
sweeps."""


def deck(*groups: str) -> list[Card]:
    head = [Card.parse(text) for group in groups for text in group.split()]
    return head + [card for card in DECK if card not in head]


def blunder_match() -> Match:
    return Match.new(Rules(), 11, first_dealer=1, decks=(deck(*BLUNDER_DECK),))


def play_round(match: Match, choose) -> Match:  # noqa: ANN001
    """Play the current round to its end, each move from ``choose(match)``."""
    start = len(match.rounds)
    while len(match.rounds) == start and not match.over:
        match, _ = match.apply(choose(match))
    return match


def randomly(seed: int):  # noqa: ANN201
    """A chooser of random legal moves, from its own seeded generator."""
    rng = random.Random(seed)
    return lambda match: rng.choice(match.legal_moves())


def test_a_move_that_leaves_a_sweep_is_graded_costly() -> None:
    match = blunder_match()
    blunder = Move.parse("10Sx10D")
    after, _ = match.apply(blunder)
    swept, events = after.apply(Move.parse("6Cx1C+2S+3B"))
    assert any(isinstance(event, Scopa) for event in events)  # the sweep it left is real

    finished = play_round(swept, randomly(3))
    review = review_round(finished.record(), 1, (0,))
    first = review.of(0)[0]
    assert first.number == 0 and first.played == blunder
    assert first.best == Move.parse("4Dx1C+3B")
    assert first.reason == "no_sweep_sum" and dict(first.params) == {"total": 12}
    assert first.loss > 5 * TOLERANCE
    assert first.loss_of(blunder) == first.loss and first.loss_of(first.best) == 0.0
    assert 0 < first.loss_of(Move.parse("9C")) < first.loss
    with pytest.raises(ValueError, match="not a legal move"):
        first.loss_of(Move.parse("6C"))
    assert not first.accurate and first.mattered
    assert first.hand == tuple(Card.parse(text) for text in ("4D", "9C", "10S"))
    assert set(first.table) == {Card.parse(text) for text in ("1C", "2S", "3B", "10D")}
    assert first in review.costliest(0)
    assert review.accuracy(0) is not None and review.accuracy(0) < 100


def test_master_s_own_moves_are_free() -> None:
    """Seat 0 plays what Master chooses at each position (the hint): every grade is 0."""

    def master_or_random(match: Match) -> Move:
        if match.turn == 0:
            seed = position_seed(match.seed, len(match.moves()))
            return hint(match.observe(0), seed, time_limit=0).move
        return rng.choice(match.legal_moves())

    rng = random.Random(5)
    finished = play_round(Match.new(Rules(), 21), master_or_random)
    grading = RoundGrading(finished.record(), 1, (0,))
    assert grading.total >= 10
    review = grading.review()
    assert [grade.loss for grade in review.of(0)] == [0.0] * grading.total
    assert all(grade.played == grade.best for grade in review.of(0))
    assert review.accuracy(0) in (100.0, None)
    assert review.costliest(0) == ()
    assert review.lost(0) == 0.0


def test_the_hint_at_a_position_names_the_move_graded_best() -> None:
    match = blunder_match()
    obs = match.observe(0)
    graded = grade_move(obs, Move.parse("9C"), 1, 0, match.seed)
    assert hint(obs, position_seed(match.seed, 0), time_limit=0).move == graded.best


def test_the_review_tells_the_scopa_master_s_move_leaves() -> None:
    """Master's move takes the settebello and leaves 3 + 4 + 1, which any of the four 8s
    unseen sweeps: its reason in the review says so, as the hint's does."""
    match = Match.new(
        Rules(), 11, first_dealer=1, decks=(deck("7S 2C 9B", "6C 6S 5B", "7D 3B 4S 1C"),)
    )
    graded = grade_move(match.observe(0), Move.parse("9B"), 1, 0, match.seed)
    assert graded.best == Move.parse("7Sx7D")
    assert dict(graded.params) == {"sweep": "8,8,8,8"}


def test_hidden_cards_change_no_grade() -> None:
    """The same hand and table with other cards in the other hand and the stock: the seat
    could not tell the two apart, so its move is graded the same."""
    mine, table = "4D 9C 10S", "1C 2S 3B 10D"
    head = [Card.parse(text) for text in (mine + " " + table).split()]
    rest = [card for card in DECK if card not in head]
    grades = []
    for seed in (1, 2):
        random.Random(seed).shuffle(rest)
        order = head[:3] + rest[:3] + head[3:] + rest[3:]
        match = Match.new(Rules(), 11, first_dealer=1, decks=(order,))
        grades.append(grade_move(match.observe(0), Move.parse("10Sx10D"), 1, 0, 11))
    assert grades[0] == grades[1]


def test_grading_goes_one_move_at_a_time() -> None:
    finished = play_round(Match.new(Rules(), 4), randomly(8))
    grading = RoundGrading(finished.record(), 1, (1,))
    total = grading.total
    assert total > 0 and grading.done == 0
    steps = iter(grading)
    first = next(steps)
    assert isinstance(first, MoveGrade) and first.seat == 1 and grading.done == 1
    assert not grading.finished
    rest = list(steps)
    assert len(rest) == total - 1 and grading.finished
    assert grading.review() == review_round(finished.record(), 1, (1,))


def test_only_the_round_asked_is_graded() -> None:
    chooser = randomly(9)
    match = play_round(play_round(Match.new(Rules(), 6), chooser), chooser)
    record = match.record()
    second = review_round(record, 2, (0,))
    start = round_start(record, 2)
    assert start > 0 and all(grade.round_no == 2 for grade in second.grades)
    assert all(grade.number >= start for grade in second.grades)
    first = review_round(record, 1, (0,))
    both = combine([first, second])
    assert both.rounds == (1, 2)
    assert both.of(0) == first.of(0) + second.of(0)
    assert both.round(2).of(0) == second.of(0)
    with pytest.raises(ValueError, match="no move in round 3"):
        round_start(record, 3)


def grade(loss: float, spread: float = 2.0, number: int = 0, seat: int = 0) -> MoveGrade:
    card = DECK[number]
    move = Move(card)
    return MoveGrade(1, number, seat, (card,), (), move, move, loss, spread, "safe_lay")


def test_accuracy_counts_only_the_choices_that_mattered() -> None:
    grades = (
        grade(0.0, number=0),
        grade(TOLERANCE, number=1),  # within the tolerance: as good as Master's
        grade(0.8, number=2),
        grade(0.05, spread=0.05, number=3),  # any card would do: not a decision
        grade(1.5, number=4),
        grade(0.3, number=5),
        grade(0.6, number=6),
        grade(2.0, number=7, seat=1),
    )
    review = Review((0, 1), grades, (1,))
    assert len(review.decisions(0)) == 6
    assert review.accuracy(0) == pytest.approx(100 * 2 / 6)
    assert review.accuracy(1) == 0.0
    assert [g.number for g in review.costliest(0)] == [4, 2, 6]
    assert [g.number for g in review.costliest(0, 6)] == [4, 2, 6, 5, 1, 3]  # (then 0: none)
    assert review.lost(0) == pytest.approx(0 + TOLERANCE + 0.8 + 0.05 + 1.5 + 0.3 + 0.6)
    assert Review((0,), (grade(0.05, spread=0.05),)).accuracy(0) is None


@pytest.mark.parametrize(
    "rules",
    [PRESETS["scopone"], Rules(players=3), Rules(players=6)],
    ids=["scopone", "three", "six"],
)
def test_every_table_size_is_graded(rules: Rules) -> None:
    finished = play_round(Match.new(rules, 3), randomly(2))
    seats = (0, 1)
    grading = RoundGrading(finished.record(), 1, seats)
    choices = [(number, seat) for number, seat in _choices(finished, 1) if seat in seats]
    assert [(n, obs.seat) for n, obs, _ in grading.positions] == choices
    review = grading.review()
    assert {g.seat for g in review.grades} == set(seats)
    assert all(g.loss >= 0 for g in review.grades)


def test_the_costliest_moves_go_on_within_the_tolerance_when_few_moves_lost_more() -> None:
    """One mistake of 0.103 was the round's only row, its other moves' losses of 0.10,
    0.09 and 0.07 told only as "0.44 points lost by the moves not listed"."""
    grades = (grade(0.103, number=0), grade(0.0996, number=1), grade(0.09, number=2),
              grade(0.07, number=3), grade(0.004, number=4))  # fmt: skip
    review = Review((0,), grades, (1,))
    assert [g.number for g in review.costliest(0)] == [0, 1, 2]
    assert [g.number for g in review.costliest(0, 5)] == [0, 1, 2, 3]  # 0.004: nothing lost
    close = Review((0,), grades[1:], (1,))  # no mistake: none listed (the review says so)
    assert close.costliest(0) == ()


def test_cirulla_declarations_are_graded_like_plays() -> None:
    rules = PRESETS["cirulla"]
    for seed in range(60):
        finished = play_round(Match.new(rules, seed), randomly(seed))
        grading = RoundGrading(finished.record(), 1, (0,))
        kinds = [move.kind for _, _, move in grading.positions]
        if any(kind != "play" for kind in kinds):
            break
    else:
        raise AssertionError("no Cirulla round with a declaration to grade")
    review = grading.review()
    declared = [g for g in review.grades if not g.played.is_play]
    assert declared and all(g.loss >= 0 for g in declared)


def _choices(match: Match, round_no: int) -> list[tuple[int, int]]:
    """``(moves before, seat)`` for each move of round ``round_no`` made with a choice."""
    record = match.record()
    replay = Match.new(record.rules, record.seed, first_dealer=record.first_dealer)
    out = []
    for number, move in enumerate(record.moves):
        if replay.round.round_no == round_no and len(replay.legal_moves()) > 1:
            out.append((number, replay.turn))
        replay, _ = replay.apply(move)
    return out


def test_a_graded_position_is_dealt_again_exactly() -> None:
    chooser = randomly(12)
    match = play_round(play_round(Match.new(Rules(), 13), chooser), chooser)
    record = match.record()
    second = review_round(record, 2, (1,))
    grade = second.of(1)[2]
    again = position_match(record, grade.number)
    assert again.round.round_no == 1 and again.totals == (0, 0)
    obs = again.observe(1)
    assert again.turn == 1
    assert obs.hand == grade.hand and obs.table == grade.table
    assert grade.played in again.legal_moves()
    then = record.replay(grade.number).observe(1)
    assert obs.hand == then.hand and obs.piles == then.piles and obs.history == then.history
    with pytest.raises(ValueError, match="no move"):
        position_match(record, len(record.moves))


def test_a_position_played_again_deals_no_round_still_to_come() -> None:
    """A move of round 1 practised mid-match: the practice went on from the match's own
    seed, its second round dealt as the live match's second, not played yet."""
    chooser = randomly(14)
    live = play_round(Match.new(Rules(), 15), chooser)  # round 1 played, round 2 to come
    record = live.record()
    grade = review_round(record, 1, (0,)).of(0)[1]
    again = position_match(record, grade.number)
    while not again.rounds:  # the practice played past its round
        again, _ = again.apply(again.legal_moves()[0])
    assert again.round.round_no == 2
    assert again.round_deck(2) != live.round_deck(2)
    assert {again.round.hand(seat) for seat in (0, 1)}.isdisjoint(
        {live.round.hand(seat) for seat in (0, 1)}
    )


def test_the_reason_names_what_sets_master_s_move_apart_from_the_one_played() -> None:
    """Cirulla, the 2 and the 4 on the table: the 6 takes them (equal sum) and so does the
    knight (9 + 2 + 4 = 15), both a scopa. Said of the knight against the 6 played, "clears
    the table: scopa!" tells nothing: the reason is that the 6 is kept."""
    from scopa.ai.assess import Judge, describe
    from scopa.ai.view import View
    from scopa.engine import parse_cards

    from .helpers import position, seat_view

    view = View.of(seat_view(position("6D 9C 3S", "2S 4B", rules=Rules(cirulla=True))))
    judge = Judge(view)
    assessments = [judge.assess(move) for move in view.moves]
    six, knight, two, four = parse_cards("6D 9C 2S 4B")
    sweep = two.bit | four.bit
    (knight_takes,) = [a for a in assessments if a.move.card == knight and a.move.capture_mask]
    (six_takes,) = [a for a in assessments if a.move.card == six and a.move.capture_mask]
    assert knight_takes.move.capture_mask == six_takes.move.capture_mask == sweep
    assert knight_takes.scopa and six_takes.scopa
    assert describe(view, knight_takes, assessments) == ("scopa", {})
    assert describe(view, knight_takes, assessments, six_takes) == ("keeps", {"rank": 6})
    assert describe(view, knight_takes, assessments, knight_takes) == ("scopa", {})


def test_a_card_whose_rank_is_gone_is_not_told_safe_while_a_sum_takes_it() -> None:
    """The 6 of coins laid with every other 6 gone was "lays a 6, and every other card of
    that rank is gone", the 3 of clubs beside it and the 9s still out: a 9 takes the two.
    With a 9 on the table (a 9 must take it first) and no ace for a 7, nothing can."""
    from scopa.ai.assess import Judge, describe
    from scopa.ai.view import View

    from .helpers import position, seat_view

    sixes = ("6C 6S 6B", "")
    for table, safe in (("3C 10D", False), ("3C 9B 10D", True)):
        view = View.of(seat_view(position("6D 8S", table, piles=sixes, seed=3)))
        judge = Judge(view)
        assessments = [judge.assess(move) for move in view.moves]
        (six,) = [a for a in assessments if a.move.card == Card.parse("6D")]
        assert not six.move.capture_mask
        code, _ = describe(view, six, assessments)
        assert (code == "anchor") is safe, (table, code)


def test_a_capture_of_the_primiera_s_best_cards_is_told_so() -> None:
    """The 7 of swords taking its 6 and its ace was "takes 2 cards": a club player names
    the primiera, the 7, the 6 and the ace banked. Under the count of sevens, which takes
    the primiera's place, it is not said."""
    from scopa.ai.assess import Judge, describe
    from scopa.ai.view import View

    from .helpers import position, seat_view

    for rules, said in ((Rules(), True), (Rules(seven_count=True), False)):
        view = View.of(seat_view(position("7S 4C 10B", "6S 1S 5B", rules=rules, seed=2)))
        judge = Judge(view)
        assessments = [judge.assess(move) for move in view.moves]
        seven = next(
            a
            for a in assessments
            if a.move.capture_mask
            and a.move.card.rank == 7
            and len(a.move.captures) == 2
            and {c.rank for c in a.move.captures} == {6, 1}
        )
        reason = describe(view, seven, assessments)
        assert (reason == ("primiera", {"ranks": "7,6,1"})) is said, (rules, reason)


def test_an_ace_sweep_passed_up_for_a_lay_is_told_as_the_ace_kept() -> None:
    """Cirulla, the king and the 6 on the table, the ace in hand: laying the 3 was told as
    "lays the card that risks least", which left a player asking why the ace's scopa was
    passed up. The reason is the ace kept for a fuller table; the same under scopa d'assi."""
    from scopa.ai.assess import Judge, describe
    from scopa.ai.view import View

    from .helpers import position, seat_view

    for rules in (Rules(cirulla=True), Rules(assi=True, assi_scopa=True)):
        view = View.of(seat_view(position("1B 3C 7B", "10C 6B", rules=rules)))
        judge = Judge(view)
        assessments = [judge.assess(move) for move in view.moves]
        (sweep,) = [a for a in assessments if a.move.card.rank == 1]
        (three,) = [a for a in assessments if a.move.card.rank == 3]
        assert sweep.scopa and not three.move.capture_mask
        assert describe(view, three, assessments) == ("keeps_ace", {}), rules
        assert describe(view, three, assessments, sweep) == ("keeps_ace", {}), rules
        assert describe(view, sweep, assessments, three) == ("scopa", {}), rules


def test_a_scopa_passed_up_for_a_lay_is_told_as_given_up() -> None:
    """A clean scopa passed up for a lay was told as "the card that risks least to lay",
    which said nothing of the scopa given up (a player in Cirulla took the hint for a
    mistake): the reason says the scopa is given up for what the plays after it pay."""
    from scopa.ai.assess import Judge, describe
    from scopa.ai.view import View

    from .helpers import position, seat_view

    for rules in (Rules(), Rules(cirulla=True)):
        view = View.of(seat_view(position("3C 7B 10S", "2D 5C", rules=rules)))
        judge = Judge(view)
        assessments = [judge.assess(move) for move in view.moves]
        (sweep,) = [a for a in assessments if a.scopa]
        (three,) = [a for a in assessments if a.move.card.rank == 3]
        assert not three.move.capture_mask
        assert describe(view, three, assessments) == ("passes_scopa", {}), rules
        assert describe(view, three, assessments, sweep) == ("passes_scopa", {}), rules
        assert describe(view, sweep, assessments, three) == ("scopa", {}), rules


def test_a_plain_capture_is_told_as_the_only_one_or_the_best_of_several() -> None:
    """The 2 taking the 2, the only capture in hand, was "takes the best pair": it is "the
    only capture there is"; with another capture to choose from, "the best of the
    captures"."""
    from scopa.ai.assess import Judge, describe
    from scopa.ai.view import View

    from .helpers import position, seat_view

    for hand, code in (("2S 9C 8B", "only_capture"), ("2S 9C 5B", "capture")):
        view = View.of(seat_view(position(hand, "2B 5D")))
        judge = Judge(view)
        assessments = [judge.assess(move) for move in view.moves]
        (two,) = [a for a in assessments if a.move.card.rank == 2 and a.move.capture_mask]
        assert describe(view, two, assessments)[0] == code, hand


def test_the_only_capture_in_hand_is_told_so_not_by_the_cards_it_takes() -> None:
    """The 9 taking the 8 and the ace, the one capture the hand had (the king took
    nothing), was hinted as "takes 2 cards": more than no other capture takes."""
    from scopa.ai.assess import Judge, describe
    from scopa.ai.view import View

    from .helpers import position, seat_view

    view = View.of(seat_view(position("9C 10S", "6D 8B 7S 5S 1B")))
    judge = Judge(view)
    assessments = [judge.assess(move) for move in view.moves]
    (nine,) = [a for a in assessments if a.move.capture_mask]
    assert describe(view, nine, assessments) == ("only_capture", {})


def test_a_card_worth_a_point_of_its_own_is_named_as_the_reason() -> None:
    """Scopa d'assi with re bello: the king of coins taking the king of clubs was told as
    "the best of the captures", which left a learner puzzled that the ace's sweep was passed
    over. The reason is the re bello banked; the same for the settebello di coppe. Played to
    capture, it is not said to be taken ("the 7 of cups takes the settebello di coppe")."""
    from scopa.ai.assess import Judge, describe
    from scopa.ai.view import View

    from .helpers import position, seat_view

    cases = (
        (
            Rules(assi=True, assi_scopa=True, re_bello=True),
            "1C 4S 10D",
            "10C 8D 2D",
            "10D",
            "re_bello_played",
        ),
        (Rules(settebello_coppe=True), "7C 4S 9D", "7S 8D 2D", "7C", "settebello_coppe_played"),
        (Rules(settebello_coppe=True), "7S 4S 9D", "7C 8D 2D", "7S", "settebello_coppe"),
        (Rules(), "1C 4S 10D", "10C 8D 2D", "10D", "only_capture"),
    )
    for rules, hand, table, card, code in cases:
        view = View.of(seat_view(position(hand, table, rules=rules)))
        judge = Judge(view)
        assessments = [judge.assess(move) for move in view.moves]
        (chosen,) = [a for a in assessments if str(a.move.card) == card and a.move.capture_mask]
        assert describe(view, chosen, assessments)[0] == code, (rules, card)
        assert describe(view, chosen, assessments, chosen)[0] == code  # the move played itself


def test_a_seven_is_told_by_the_point_it_makes_under_the_seven_count() -> None:
    """With the seven-count the primiera is not scored: "takes a 7, the best card for the
    primiera" told a player of a point the rules had put aside."""
    from scopa.ai.assess import Judge, describe
    from scopa.ai.view import View

    from .helpers import position, seat_view

    for rules, code in ((Rules(seven_count=True), "seven_count"), (Rules(), "seven")):
        view = View.of(seat_view(position("7C 4S 9D", "7S 8D 2D", rules=rules)))
        judge = Judge(view)
        assessments = [judge.assess(move) for move in view.moves]
        (seven,) = [a for a in assessments if str(a.move.card) == "7C" and a.move.capture_mask]
        assert describe(view, seven, assessments)[0] == code


def test_the_cards_a_capture_takes_are_counted_on_the_table() -> None:
    """The 7 taking the 3 and the 4 was said to take "3 cards": the card played was
    counted, and a player reads the cards taken from the table (the 9 taking the 9 the
    other capture)."""
    from scopa.ai.assess import Judge, describe
    from scopa.ai.view import View

    from .helpers import position, seat_view

    view = View.of(seat_view(position("7C 9D 10S", "3D 4C 9B 8S")))
    judge = Judge(view)
    assessments = [judge.assess(move) for move in view.moves]
    (seven_takes,) = [a for a in assessments if a.move.card.rank == 7 and a.move.capture_mask]
    assert describe(view, seven_takes, assessments) == ("most_cards", {"count": 2})


def test_taking_fewer_cards_than_the_move_played_is_not_the_reason() -> None:
    """The review said of Master's move "takes 2 cards", over the player's that took
    three: more cards is a reason only when there are more."""
    from scopa.ai.assess import Judge, describe
    from scopa.ai.view import View

    from .helpers import position, seat_view

    view = View.of(seat_view(position("6B 7S 10S", "1S 2S 3B 4C")))
    judge = Judge(view)
    assessments = [judge.assess(move) for move in view.moves]

    def taking(card: str, count: int):  # noqa: ANN202
        return next(
            a
            for a in assessments
            if str(a.move.card) == card and a.move.capture_mask.bit_count() == count
        )

    masters, players = taking("7S", 2), taking("6B", 3)
    assert describe(view, masters, assessments, players)[0] != "most_cards"
    assert describe(view, players, assessments, masters) == ("most_cards", {"count": 3})


def test_the_settebello_kept_for_later_is_named() -> None:
    """Master laying the ace where the player laid the settebello was told as "keeps a 7
    for later": the card the player gave away is named."""
    from scopa.ai.assess import Judge, describe
    from scopa.ai.reasons import reason_text
    from scopa.ai.view import View

    from .helpers import position, seat_view

    view = View.of(seat_view(position("1S 7D", "5B")))
    judge = Judge(view)
    assessments = [judge.assess(move) for move in view.moves]
    (ace,) = [a for a in assessments if a.move.card.rank == 1]
    (seven,) = [a for a in assessments if a.move.card.rank == 7]
    assert describe(view, ace, assessments, seven) == ("keeps_settebello", {})
    assert reason_text("keeps_settebello", {}, "en") == (
        "keeps the settebello for later, when it pays more"
    )
    assert reason_text("keeps_settebello", {}, "it") == (
        "tiene il settebello per dopo, quando renderà di più"
    )


def test_a_lay_is_called_the_least_risky_only_when_it_is() -> None:
    """Master laying the ace on a 5 (6 left, for a 6 to sweep) was told as "lays the card
    that risks least", though laying the knave (13 left) risked less by Master's own
    measure. The least risky lay is told so; a riskier one is told by what it keeps for
    the plays to come."""
    from scopa.ai.assess import Judge, describe
    from scopa.ai.reasons import reason_text
    from scopa.ai.view import View

    from .helpers import position, seat_view

    view = View.of(seat_view(position("1D 8B", "5B")))
    judge = Judge(view)
    assessments = [judge.assess(move) for move in view.moves]
    (ace,) = [a for a in assessments if a.move.card.rank == 1]
    (knave,) = [a for a in assessments if a.move.card.rank == 8]
    assert knave.risk < ace.risk and not ace.move.capture_mask and not knave.move.capture_mask
    assert describe(view, knave, assessments) == ("no_sweep_sum", {"total": 13})
    assert describe(view, ace, assessments, knave) == ("keeps_for_later", {"rank": 8})
    # a hint, no move played to compare: the card the least risky lay would spend is kept
    # ("pays more than any other card over the next plays" said it is best for being best)
    assert describe(view, ace, assessments) == ("keeps_for_later", {"rank": 8})
    assert reason_text("keeps_for_later", {"rank": 8}, "it") == (
        "tiene un fante per dopo, quando renderà di più"
    )
    view = View.of(seat_view(position("1D 2B 3C", "5B")))  # every lay leaves a sum to sweep
    judge = Judge(view)
    lays = [judge.assess(move) for move in view.moves]
    safest = min(lays, key=lambda a: a.risk)
    for lay in lays:
        code = describe(view, lay, lays)[0]
        assert (code == "least_harm") == (lay is safest), (lay.move, lay.risk, code)


def test_a_costly_move_of_the_last_deal_is_told_by_the_points_it_gives_away() -> None:
    """The capture with the settebello cost about four points in the last deal, and the
    review said only that Master's move "takes 2 cards": the round's end is known there
    (the other hand is the unseen cards), and Master's line wins the point for most cards
    and the point for most coins that the move played loses."""
    from scopa.ai.outcome import decided
    from scopa.ai.view import View

    match = Match.new(Rules(), 5)
    rng = random.Random(3)
    while not match.rounds:
        match, _ = match.apply(rng.choice(match.legal_moves()))
    grades = review_round(match.record(), 1, [0]).grades
    (costly,) = [grade for grade in grades if grade.loss > 2]
    assert (costly.played, costly.best) == (Move.parse("7Dx7S"), Move.parse("6Dx2C+4C"))
    assert costly.reason == "wins_by_end" and dict(costly.params) == {"won": "carte,denari"}
    earlier = [grade for grade in grades if grade.number < costly.number - 6 and grade.loss]
    assert earlier and not {grade.reason for grade in earlier} & {"wins_by_end", "denies_by_end"}
    start = position_match(match.record(), costly.number)
    view = View.of(start.observe(start.turn))
    assert decided(view, costly.best, costly.played) == ("wins_by_end", {"won": "carte,denari"})
    assert decided(view, costly.best, costly.best) is None  # the same line wins nothing more


def test_a_plain_card_laid_for_the_coin_of_its_rank_is_told_as_the_coin_kept() -> None:
    """The 8 of cups laid where the player laid the 8 of coins was "the card that risks
    least to lay": two cards of a rank risk the same; the coin kept is the difference."""
    from scopa.ai.assess import Judge, describe
    from scopa.ai.view import View

    from .helpers import position, seat_view

    view = View.of(seat_view(position("8C 8D 3S", "1B 5S")))
    judge = Judge(view)
    assessments = [judge.assess(move) for move in view.moves]
    (cups,) = [a for a in assessments if a.move == Move.parse("8C")]
    (coin,) = [a for a in assessments if a.move == Move.parse("8D")]
    assert describe(view, cups, assessments, coin) == ("keeps_coin", {})
    assert describe(view, coin, assessments, cups)[0] != "keeps_coin"


def test_a_costly_move_of_the_last_deal_is_told_by_the_round_s_end_whatever_it_does_now() -> None:
    """Laying the 2 where Master lays the 3, whose rank was all out, cost three points in
    the last deal: the reason said "lays a 3, and every other card of that rank is gone",
    true and silent on the primiera and the coins the 2 lost. Where the round's end is
    known, a reason that says only what a move does now or guards against gives way to
    what its line wins and denies."""
    from scopa.ai.outcome import decided
    from scopa.ai.view import View

    now = {"most_cards", "coin", "capture", "only_capture", "keeps", "looks_ahead",
           "keeps_for_later", "safe_lay", "little_risk", "least_harm", "anchor", "block",
           "no_sweep_sum",
           "no_sweep", "seven", "seven_count", "last_take"}  # fmt: skip

    told = []
    for seed in range(1, 9):
        match = Match.new(Rules(), seed)
        rng = random.Random(seed)
        while not match.rounds:
            match, _ = match.apply(rng.choice(match.legal_moves()))
        for grade in review_round(match.record(), 1, [0]).grades:
            start = position_match(match.record(), grade.number)
            view = View.of(start.observe(start.turn))
            if grade.loss < 0.5 or view.stock_size:
                continue
            found = decided(view, grade.best, grade.played)
            if found is not None:
                assert grade.reason not in now, (seed, grade)
                told.append(grade.reason)
    assert {"wins_by_end", "denies_by_end", "wins_denies"} & set(told), told


def test_a_card_of_cirulla_s_grande_or_piccola_is_named_as_such() -> None:
    """Cirulla: the 5 taking the king of coins by fifteen was told "takes a card of coins",
    and a learner missed that the king is of the grande, five points; the ace of coins is
    of the piccola. A knock is told in scopas, as the lessons count it, not in points."""
    from scopa.ai.assess import Judge, describe
    from scopa.ai.reasons import reason_text
    from scopa.ai.view import View

    from .helpers import position, seat_view

    cirulla = Rules.preset("cirulla")
    for table, code in (("10D 4S", "grande"), ("1D 9S 3B", "piccola"), ("5D 3B", "coin")):
        view = View.of(seat_view(position("5C 8B 2S", table, rules=cirulla)))
        judge = Judge(view)
        assessments = [judge.assess(move) for move in view.moves]
        coin = next(card for card in table.split() if card.endswith("D"))
        (takes,) = [a for a in assessments if str(a.move.card) == "5C"
                    and coin in {str(card) for card in a.move.captures}]  # fmt: skip
        assert describe(view, takes, assessments)[0] == code, table
    assert "grande" in reason_text("grande", {}, "it")
    assert reason_text("declare", {"points": 1}, "it") == "bussa e mostra le carte per una scopa"


def test_a_lay_that_leaves_a_sum_the_hand_can_take_says_so() -> None:
    """Master laid the 4 of coins on a table of the 3 of swords "as the card that risks
    least to lay": a bar player reads the strategy page's "never lay the 4 on the 3 (4 + 3
    = 7)" and thinks Master wrong. The reason says the 7 is kept in the hand to take both
    (not where a 7 on the table would be taken instead, nor at quindici)."""
    from scopa.ai.assess import Judge, describe
    from scopa.ai.reasons import reason_text
    from scopa.ai.view import View

    from .helpers import position, seat_view

    def reason(hand: str, table: str, lay: str, rules: Rules | None = None):  # noqa: ANN202
        view = View.of(seat_view(position(hand, table, rules=rules)))
        judge = Judge(view)
        assessments = [judge.assess(move) for move in view.moves]
        (chosen,) = [a for a in assessments if a.move == Move.parse(lay)]
        return describe(view, chosen, assessments)

    assert reason("4D 6C 7S", "3S", "4D") == ("covered_sum", {"total": 7, "rank": 7})
    assert reason_text("covered_sum", {"total": 7, "rank": 7}, "it") == (
        "fa 7 con una carta in tavola, ma in mano resta un 7 per prenderle"
    )
    assert reason("4D 6C 7S", "3S 7B", "4D")[0] != "covered_sum"  # the 7 there goes first
    assert reason("4D 6C 7S", "3S", "4D", Rules.preset("quindici"))[0] != "covered_sum"


def test_a_lay_said_to_give_nothing_away_gives_nothing_away() -> None:
    """ "lays a card that gives nothing away" was said of a card another could still take
    (a lay of little risk, not none, as nearly every lay is): of such a card it says
    "gives little away"; nothing, only where no card unseen takes anything."""
    from scopa.ai.assess import Judge, describe
    from scopa.ai.view import View

    told: dict[str, int] = {}
    for seed in range(1, 60):
        match = Match.new(Rules(), seed)
        rng = random.Random(seed)
        while not match.over and not match.rounds:
            view = View.of(match.observe(match.turn))
            judge = Judge(view)
            assessments = [judge.assess(move) for move in view.moves]
            for lay in (a for a in assessments if a.move.is_play and not a.move.capture_mask):
                reason, _ = describe(view, lay, assessments)
                if reason in ("safe_lay", "little_risk"):
                    assert (reason == "safe_lay") == (lay.risk <= 0.0), (seed, lay)
                    told[reason] = told.get(reason, 0) + 1
            match, _ = match.apply(rng.choice(match.legal_moves()))
    assert told.get("little_risk"), told


def test_a_hint_does_not_say_more_cards_where_another_capture_takes_as_many() -> None:
    """The hint said of a capture of two "takes 2 cards" where another took two as well:
    the count is a reason only when no other capture takes as many."""
    from scopa.ai.assess import Judge, describe
    from scopa.ai.view import View

    from .helpers import position, seat_view

    view = View.of(seat_view(position("7C 8C 9S", "3B 4C 5S 3S")))
    judge = Judge(view)
    assessments = [judge.assess(move) for move in view.moves]
    pairs = [a for a in assessments if a.move.capture_mask.bit_count() == 2]
    assert len(pairs) >= 3
    for chosen in pairs:
        assert describe(view, chosen, assessments)[0] != "most_cards"


def test_two_cards_of_coins_taken_are_said_as_two() -> None:
    """The 5 taking the ace and the 4 of coins was told "takes a card of coins"."""
    from scopa.ai.assess import Judge, describe
    from scopa.ai.reasons import reason_text
    from scopa.ai.view import View

    from .helpers import position, seat_view

    view = View.of(seat_view(position("5C 8B 9S", "1D 4D 2B 3S")))
    judge = Judge(view)
    assessments = [judge.assess(move) for move in view.moves]
    (coins,) = [a for a in assessments if {str(card) for card in a.move.captures} == {"1D", "4D"}]
    code, params = describe(view, coins, assessments)
    assert (code, params) == ("coin", {"count": 2})
    assert reason_text(code, params, "en") == "takes 2 cards of coins"


def test_a_capture_made_with_the_settebello_is_told_as_its_point_made_safe() -> None:
    """The 7 of coins taking the 7 of cups (1, 3, 7 and 4 on the table) was told as "takes a
    7, the best card for the primiera", where the point is the settebello itself, banked:
    a player followed it wondering why it left 8 for a sweep. The reason says so."""
    from scopa.ai.assess import Judge, describe
    from scopa.ai.view import View
    from scopa.engine import parse_cards

    from .helpers import position, seat_view

    view = View.of(seat_view(position("7D 4C 9B", "1S 3B 7C 4B")))
    judge = Judge(view)
    assessments = [judge.assess(move) for move in view.moves]
    settebello, four, seven = parse_cards("7D 4C 7C")
    (banks,) = [
        a for a in assessments if a.move.card == settebello and a.move.capture_mask == seven.bit
    ]
    (other,) = [a for a in assessments if a.move.card == four and a.move.capture_mask]
    assert describe(view, banks, assessments) == ("settebello_played", {})
    assert describe(view, banks, assessments, other) == ("settebello_played", {})
