"""A person's seat handed to the computer for a while (Who plays) and taken back: the moves
the computer made for them are not theirs, so not graded as theirs in their review; who
played the seats is kept with the match's save and with its past copy."""

from __future__ import annotations

import random

import pytest

from scopa.app.matches import MatchCoordinator
from scopa.app.table.saving import MatchSaver
from scopa.engine import Match, Rules
from scopa.settings import MatchSetup, SeatConfig, computer_played, reseated, seating_until
from scopa.storage import DamagedFile, PastMatch

from .menu_helpers import click, close_tables
from .test_scenes_review import drawn_texts, lift

PEOPLE = (SeatConfig("Anna", True), SeatConfig("Bruno", True), SeatConfig("Carla", True))
BRUNO_AWAY = (PEOPLE[0], SeatConfig("Bruno", False, "expert"), PEOPLE[2])


def test_who_played_each_move_is_read_from_the_changes() -> None:
    """From move 7 the computer played seat 1, from move 13 Bruno again."""
    away = reseated((), (0, 1, 2), (0, 2), 7)
    assert away == ((0, (0, 1, 2)), (7, (0, 2)))
    back = reseated(away, (0, 2), (0, 1, 2), 13)
    assert [computer_played(back, 1, n) for n in (6, 7, 12, 13)] == [False, True, True, False]
    assert not computer_played(back, 0, 9) and not computer_played((), 1, 9)
    assert reseated(away, (0, 2), (0, 1, 2), 7) == ()  # taken back before a move: no change
    assert seating_until(back, 10) == ((0, (0, 1, 2)), (7, (0, 2)), (10, (0, 1, 2)))
    assert seating_until(back, 5) == ()  # undone to before the seat was handed over


def test_a_person_is_not_reviewed_on_the_moves_the_computer_made_for_them(english, store) -> None:  # noqa: ANN001
    """Bruno left the table for a few plays, the computer playing his seat, and came back:
    his review graded those plays as his (his accuracy, his costliest moves). They are
    left out of it and counted apart; the match's save keeps who played the seats."""
    app = english
    setup = MatchSetup(PEOPLE, Rules(players=3))
    match = Match.new(setup.rules, 5)
    coordinator = MatchCoordinator(setup, match, saver=MatchSaver(store), coach=app.matches.coach)
    app.matches.current = coordinator
    rng = random.Random(2)

    def play(count: int) -> None:
        for _ in range(count):
            current = app.matches.current
            current.apply(rng.choice(current.match.legal_moves()))

    play(4)
    app.matches.reseat(BRUNO_AWAY)
    play(9)  # the computer plays Bruno's moves 5, 8 and 11
    app.matches.reseat(PEOPLE)
    coordinator = app.matches.current
    assert coordinator.seating == ((0, (0, 1, 2)), (4, (0, 2)), (13, (0, 1, 2)))
    while not coordinator.match.rounds:
        play(1)
    job = coordinator.reviews.job(1)
    assert app.matches.coach.wait(job, 120), "the review never finished"
    whole = coordinator.reviews.review(1, whole=True).of(1)
    given = [grade.number for grade in whole if 4 <= grade.number < 13]
    assert given, "the computer's moves for Bruno were graded"
    own = coordinator.reviews.review(1).of(1)
    assert [grade.number for grade in own] == [g.number for g in whole if g.number not in given]
    assert len(coordinator.reviews.review(1).of(0)) == len(
        coordinator.reviews.review(1, whole=True).of(0)
    )
    coordinator.flush()
    saved = store.load_match()
    assert saved is not None and saved.seating == coordinator.seating

    # Handed over again, and given back: the round graded is not graded again for it (the
    # review began again at 4 %), its grades of the seats still played here kept.
    app.matches.reseat(BRUNO_AWAY)
    assert app.matches.current.reviews.job(1) is job
    app.matches.reseat(PEOPLE)
    assert app.matches.current.reviews.job(1) is job
    coordinator = app.matches.current

    close_tables(app)
    scene = app.open("review", coordinator=coordinator, round_no=1)
    click(app, scene.name_buttons[1])  # Bruno
    lift(app)
    assert scene.seat == 1 and all(grade.number not in given for grade in scene.grades())
    assert (app.t("review.given"), str(len(given))) in scene.summary()
    assert app.t("review.given") in drawn_texts(app)


@pytest.mark.parametrize("damaged", [[[3, [0]]], [[0, [0, 1]], [0, [1]]], [[0, [7]]], "all"])
def test_a_past_match_keeps_who_played_its_seats(store, damaged) -> None:  # noqa: ANN001
    """The past copy of a match keeps its seating (its review is graded again from it); a
    damaged one is refused as the rest of a damaged past match is."""
    setup = MatchSetup(PEOPLE, Rules(players=3))
    match = Match.new(setup.rules, 5)
    rng = random.Random(1)
    while not match.over:
        match, _ = match.apply(rng.choice(match.legal_moves()))
    seating = ((0, (0, 1, 2)), (4, (0, 2)), (13, (0, 1, 2)))
    past = PastMatch("2026-12-07T18:00:00+00:00", setup, match.record(), match, seating=seating)
    data = past.to_dict()
    assert PastMatch.from_dict(data).seating == seating
    with pytest.raises(DamagedFile) as refused:
        PastMatch.from_dict({**data, "seating": damaged})
    assert "'seating'" in refused.value.cause.params["detail"]
