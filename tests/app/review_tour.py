"""The tour's stops for the review: the score sheet while Master grades and once it is done,
the review of a round and of a match (solo, hot-seat behind its cover, shared once all
agree), every way a move is said (kings taking three and four cards too), the states with
nothing costly or nothing to choose, a position played again with its verdicts, its menu
and its end, and the accuracy in the statistics, empty and charted."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

import pygame

from scopa.ai.review import MoveGrade, Review
from scopa.app.coach import ReviewJob
from scopa.app.matches import MatchCoordinator
from scopa.app.scenes.review import ReviewScene
from scopa.app.scenes.scoring import ScoringScene
from scopa.app.table import TableScene
from scopa.app.table.scene import COVER_HOLD
from scopa.engine import Card, Move, Rules
from scopa.settings import MatchSetup, SeatConfig

from .review_helpers import before_round_end, finish_round, play_out
from .table_helpers import inline_worker

if TYPE_CHECKING:
    from .text_tour import Tour

C = Card.parse
FRAME = 1 / 30


def review_stops(tour: Tour) -> None:
    app = tour.app
    app.matches.coach_mode = "thread"
    app.settings = app.settings.with_(animation_speed="instant")
    you = tour.t("you")
    solo = MatchSetup((SeatConfig(you, True), SeatConfig("Giulia", False, "expert")), Rules())
    hotseat = MatchSetup((SeatConfig("Giulia", True), SeatConfig("Marco", True)), Rules())

    coordinator, scoring = _round_just_ended(tour, solo)
    tour.show("scoring, the review under way")
    _wait(tour, coordinator, 1)
    tour.hover_all(scoring, "scoring, the review ready")
    tour.click(scoring.review_button)
    review: ReviewScene = app.stack.top  # type: ignore[assignment]
    tour.frames(8)
    tour.hover_all(review, "review, a round")
    _every_move(tour, review)
    coordinator.hinted = {grade.number for grade in review.review().of(review.seat)}
    tour.show("review, a round played from hints")
    coordinator.hinted = set()
    mine = review.review().of(review.seat)  # the computer played from half the round on
    coordinator.seating = ((0, (review.seat,)), (mine[len(mine) // 2].number, ()))
    tour.show("review, a round the computer played in part")
    coordinator.seating = ((0, ()),)
    tour.show("review, a round the computer played")
    coordinator.seating = ()
    coordinator.hinted = {grade.number for grade in mine}
    tour.click(review.scope_choice)
    tour.hover((0, 0))
    tour.show("review, the match so far, with moves from hints")
    coordinator.hinted = set()
    tour.show("review, the match so far")
    tour.click(review.scope_choice)
    _practice(tour, review)
    app.back()
    app.back()

    _states(tour, coordinator, solo)

    play_out(coordinator)
    for round_no in sorted(coordinator.reviews.jobs):
        _wait(tour, coordinator, round_no)
    scoring = app.open("scoring", coordinator=coordinator)
    tour.frames(8)
    tour.show("scoring, the match over and reviewed")
    scoring.open_review()
    tour.frames(8)
    tour.show("review, the whole match")
    app.back()
    reviews = coordinator.reviews
    assert reviews is not None
    kept = dict(reviews.jobs)
    reviews.jobs = {n: job for n, job in kept.items() if n > 1}  # a window come back later
    scoring.open_review()
    tour.frames(8)
    tour.show("review, the match from a later round")
    app.back()
    last = max(kept)
    reviews.jobs = {last: kept[last]}  # its last round alone reviewed here
    scoring.open_review()
    tour.frames(8)
    tour.hover(app.stack.top.scope_choice)  # type: ignore[attr-defined]
    tour.show("review, the match over, one round reviewed: its choice told")
    reviews.jobs = kept
    app.back()
    app.back()

    _hotseat(tour, hotseat)
    _moves_said(tour, solo, hotseat)
    _long_captures(tour, solo, hotseat)
    _statistics(tour)
    tour.home()
    app.toasts = type(app.toasts)()


def _every_move(tour: Tour, review: ReviewScene) -> None:
    """The round's moves page by page, Master's own and those as good among them, one
    chosen by a hint; then back to the costliest."""
    choice = review.moves_choice
    assert choice is not None, "a review with graded moves offers them all"
    tour.click(choice)
    tour.hover((0, 0))
    tour.show("review, every move: the first page")
    pages = len(choice.options) - 1
    kinds = set()
    for page in range(pages):
        review._set_page(page)
        tour.frames(1)
        kinds |= {(g.played == g.best, g.accurate) for g in review.grades()}
        if page == 1:
            first = review.grades()[0].number
            review.coordinator.hinted = {first}
            tour.show("review, every move: a page with a hint's move")
            review.coordinator.hinted = set()
    assert (True, True) in kinds and (False, False) in kinds, kinds
    review._set_page(None)
    tour.frames(1)


def _round_just_ended(tour: Tour, setup: MatchSetup) -> tuple[MatchCoordinator, ScoringScene]:
    """A table whose first round just ended, its score sheet over it."""
    app = tour.app
    tour.home()
    coordinator = before_round_end(app, setup)
    table = TableScene(app, coordinator, worker=inline_worker())
    app.stack.push(table)
    finish_round(coordinator)
    scoring = app.open("scoring", coordinator=coordinator)
    tour.frames(1)
    return coordinator, scoring  # type: ignore[return-value]


def _wait(tour: Tour, coordinator: MatchCoordinator, round_no: int) -> None:
    job = coordinator.reviews.job(round_no)  # type: ignore[union-attr]
    assert job is not None and tour.app.matches.coach.wait(job, 120), "no review came"
    assert job.review is not None, job.error
    tour.frames(2)


def _practice(tour: Tour, review: ReviewScene) -> None:
    """The costliest position played again: Master's move, then a costly one, the menu and
    the round's end; then a later position, where nothing before it may be taken back."""
    app = tour.app
    grade = review.grades()[0]
    tour.click(review.try_buttons[0])
    practice: TableScene = app.stack.top  # type: ignore[assignment]
    tour.frames(4)
    tour.show("practice, the position")
    practice.play(grade.best)
    tour.frames(2)
    tour.show("practice, Master's move")
    app.toasts = type(app.toasts)()
    app.matches.practice_again()
    practice = app.stack.top  # type: ignore[assignment]
    tour.frames(4)
    app.toasts = type(app.toasts)()
    practice.play(grade.played)
    tour.frames(2)
    tour.show("practice, the costly move again")
    app.toasts = type(app.toasts)()
    tour.frames(1, pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
    tour.frames(8)
    tour.hover_all(app.stack.top, "practice, the menu")
    app.back()
    deadline = time.monotonic() + 180  # the computers think in their worker, however slowly
    while not isinstance(app.stack.top, ScoringScene) and time.monotonic() < deadline:
        if practice.human_to_play is not None:
            practice.play(practice.match.legal_moves()[0])
        tour.frames(1)
        time.sleep(0.002)
    assert isinstance(app.stack.top, ScoringScene), "the practice round never ended"
    tour.frames(8)
    tour.hover_all(app.stack.top, "practice, the round over")
    app.matches.end_practice()
    tour.frames(2)
    graded = review.review().of(review.seat)  # type: ignore[union-attr]
    later = next(g for g in graded if g.number > 0)  # moves of the round came before it
    app.matches.practice(review.coordinator, later)
    tour.frames(4)
    tour.frames(1, pygame.event.Event(pygame.KEYDOWN, key=pygame.K_u, mod=0, unicode=""))
    tour.show("practice, nothing played since the position")
    app.matches.end_practice()
    app.toasts = type(app.toasts)()
    tour.frames(2)


def _states(tour: Tour, coordinator: MatchCoordinator, setup: MatchSetup) -> None:
    """The review while grading, failed, with nothing costly and with nothing to choose."""
    app = tour.app
    reviews = coordinator.reviews
    assert reviews is not None
    real = reviews.jobs[1]
    working = ReviewJob(90, 1, (0,), 0)
    working.total, working.done = 12, 5
    reviews.jobs[1] = working
    scoring = app.open("scoring", coordinator=coordinator)
    tour.frames(2)
    tour.show("scoring, reviewing")
    working.total = None
    reviews.jobs[0] = ReviewJob(91, 0, (0,), 0)  # a round before it, still to be graded
    tour.frames(2)
    tour.show("scoring, the review queued behind the rounds before")
    del reviews.jobs[0]
    working.total = 12
    review = app.open("review", coordinator=coordinator, round_no=1)
    tour.frames(8)
    tour.show("review, still grading")
    app.back()
    working.error = "the review worker stopped"
    tour.frames(2)
    tour.hover(scoring.review_button)
    tour.show("scoring, no review")
    review = app.open("review", coordinator=coordinator, round_no=1)
    tour.frames(8)
    tour.show("review, failed")
    app.back()
    review = app.open("review", coordinator=coordinator, round_no=1, scope="match")
    tour.frames(8)
    tour.show("review of the match, failed")
    app.back()
    app.back()
    for place, grades, hinted in (
        ("review, nothing costly", (_grade(0.02, 1.5),), set()),
        ("review, nothing to choose", (), set()),
        ("review, nothing that mattered much", (_grade(0.06, 0.08),), set()),
        ("review, every choice from a hint", (_grade(0.02, 1.5),), {0}),
    ):
        done = ReviewJob(91, 1, (0,), 0)
        done.review = Review((0,), grades, (1,))
        reviews.jobs[1] = done
        coordinator.hinted = hinted
        review = app.open("review", coordinator=coordinator, round_no=1)
        tour.frames(8)
        tour.show(place)
        app.back()
    # a loss just past the tolerance, written with the decimals that show it past it: as
    # its figure where its words do not fit (at 1600x900 they do not, in either language)
    done = ReviewJob(91, 1, (0,), 0)
    done.review = Review((0,), (_grade(0.10009999, 1.5),), (1,))
    reviews.jobs[1] = done
    size = app.size
    app.resize((1600, 900))
    review = app.open("review", coordinator=coordinator, round_no=1)
    tour.frames(8)
    tour.show("review, a mistake just past the tolerance, in a large window")
    app.back()
    app.resize(size)
    reviews.jobs[1] = real
    coordinator.hinted = set()
    del review, setup


def _hotseat(tour: Tour, setup: MatchSetup) -> None:
    """Who is looking, the cover, one person's review, the question to share, a refusal,
    and all the reviews shown once everyone agreed."""
    app = tour.app
    coordinator, scoring = _round_just_ended(tour, setup)
    _wait(tour, coordinator, 1)
    tour.hover_all(scoring, "scoring, hot-seat")
    tour.click(scoring.review_button)
    review: ReviewScene = app.stack.top  # type: ignore[assignment]
    tour.frames(8)
    tour.hover_all(review, "review, who is looking")
    tour.click(review.name_buttons[0])
    tour.show("review, the cover")
    review.age += COVER_HOLD  # the cover up a moment
    tour.click((5, 5))
    tour.hover((0, 0))
    tour.show("review, one person's")
    review.back()
    tour.click(review.show_all)
    tour.frames(8)
    tour.show("review, the cover for the first to be asked")
    review.age += COVER_HOLD  # the cover up a moment
    tour.click((5, 5))
    tour.frames(8)
    tour.show("review, may everyone see it")
    tour.click(app.stack.top.no_button)  # type: ignore[attr-defined]
    tour.show("review, kept private")
    playing = coordinator.match
    while not coordinator.match.over:  # asked on the last sheet: of this match, now over
        coordinator.apply(coordinator.match.legal_moves()[0])
    tour.click(review.show_all)
    review.age += COVER_HOLD  # the cover up a moment
    tour.click((5, 5))
    tour.frames(8)
    tour.show("review, may everyone see it, the match over")
    tour.click(app.stack.top.no_button)  # type: ignore[attr-defined]
    coordinator.match = playing
    app.toasts = type(app.toasts)()
    tour.click(review.show_all)
    review.age += COVER_HOLD  # the cover up a moment
    tour.click((5, 5))
    tour.click(app.stack.top.yes_button)  # type: ignore[attr-defined]
    tour.frames(8)
    tour.show("review, the cover for the next to be asked")
    review.age += COVER_HOLD  # the cover up a moment
    tour.click((5, 5))
    tour.click(app.stack.top.yes_button)  # type: ignore[attr-defined]
    tour.hover((0, 0))
    tour.show("review, everyone's")
    app.back()
    tour.hover_all(scoring, "scoring, hot-seat, every review shared")
    app.back()


def _grade(loss: float, spread: float, played: str = "5C", best: str = "5Cx5D", *,
           hand: str = "5C 9S 1B", table: str = "5D 3S", seat: int = 0, number: int = 0,
           reason: str = "capture", params: tuple = (),
           matta: tuple[Card, int] | None = None) -> MoveGrade:  # fmt: skip
    return MoveGrade(
        round_no=1,
        number=number,
        seat=seat,
        hand=tuple(C(text) for text in hand.split()),
        table=tuple(C(text) for text in table.split()),
        played=Move.parse(played),
        best=Move.parse(best),
        loss=loss,
        spread=spread,
        reason=reason,
        params=params,
        matta=matta,
    )


def _moves_said(tour: Tour, solo: MatchSetup, hotseat: MatchSetup) -> None:
    """Every kind of move in the review's words, said to its player, of a named player,
    and as Master's: takes, lays, knocks, no knock, a knock taken back, an empty table."""
    app = tour.app
    cirulla = Rules.preset("cirulla")
    for setup, seat in ((solo, 0), (hotseat, 1)):
        setup = MatchSetup(setup.seats, cirulla)
        coordinator = MatchCoordinator(setup, _fresh(cirulla), coach=app.matches.coach)
        coordinator.reviews_shared = True
        shown = (
            (
                _grade(2.4, 3, "5C", "5Cx5D", seat=seat, number=0),
                _grade(
                    1.8,
                    3,
                    "5Cx5D",
                    "9S",
                    seat=seat,
                    number=1,
                    reason="keeps_for_later",
                    params=(("rank", 9),),
                ),  # fmt: skip
                _grade(
                    1.1,
                    2,
                    "-",
                    "!",
                    table="",
                    seat=seat,
                    number=2,
                    reason="declare",
                    params=(("points", 3),),
                ),  # fmt: skip
            ),
            (
                _grade(0.9, 2, "!-", "-", seat=seat, number=3, reason="keep_hidden"),
                _grade(0.5, 2, "!", "!-", seat=seat, number=4, reason="retract"),
                _grade(
                    2.0,
                    3,
                    "!7C=5",
                    "!7C=1",
                    hand="1B 2S 7C",
                    table="",
                    seat=seat,
                    number=5,
                    reason="declare_matta",
                    params=(("rank", 1), ("points", 3)),
                ),
            ),  # fmt: skip
            (  # the matta named a king takes a king
                _grade(
                    1.6,
                    2,
                    "7Cx10S",
                    "10Bx8D+2S",
                    hand="7C 10B 4S",
                    table="10S 8D 2S",
                    seat=seat,
                    number=6,
                    reason="capture",
                    matta=(C("7C"), 10),
                ),
            ),  # fmt: skip
        )
        for grades in shown:
            _show_graded(tour, coordinator, seat, grades, f"review, moves said (seat {seat})")


def _long_captures(tour: Tour, solo: MatchSetup, hotseat: MatchSetup) -> None:
    """Kings taking three and four cards of a table of six, said to their player, of a
    named player and as Master's: each said whole."""
    app = tour.app
    for setup, seat in ((solo, 0), (hotseat, 1)):
        coordinator = MatchCoordinator(setup, _fresh(setup.rules), coach=app.matches.coach)
        coordinator.reviews_shared = True
        grades = (
            _grade(2.4, 3, "4S", "10Bx1B+2D+7D", hand="4S 10B", table="1B 2D 6B 7D 8C 9B",
                   seat=seat, number=0, reason="settebello"),
            _grade(1.9, 3, "10Cx1B+2D+7D", "10Bx1B+2D+3C+4S", hand="10C 10B 9S",
                   table="1B 2D 3C 4S 7D 8C", seat=seat, number=1, reason="settebello"),
            _grade(0.3, 2, "10Bx4S+6B", "10Bx2D+8C", hand="10B", table="1B 2D 4S 6B 8C 9B",
                   seat=seat, number=2, reason="capture"),
        )  # fmt: skip
        _show_graded(tour, coordinator, seat, grades, f"review, long captures (seat {seat})")


def _show_graded(
    tour: Tour, coordinator: MatchCoordinator, seat: int, grades: tuple[MoveGrade, ...], place: str
) -> None:
    """The review of round 1 as ``grades`` of ``seat``'s moves, shown as ``place``."""
    app = tour.app
    done = ReviewJob(92, 1, (seat,), 0)
    done.review = Review((seat,), grades, (1,))
    coordinator.reviews.jobs = {1: done}  # type: ignore[union-attr]
    review = app.open("review", coordinator=coordinator, round_no=1)
    review.seat = seat
    tour.frames(8)
    tour.show(place)
    app.back()


def _fresh(rules: Rules):  # noqa: ANN202
    from scopa.engine import Match

    return Match.new(rules, 1)


def _statistics(tour: Tour) -> None:
    """The accuracy chart before any review, then with the reviewed matches."""
    app = tour.app
    scene = tour.open_menu("statistics")
    scene.trend = "accuracy"
    tour.frames(2)
    tour.show("statistics, no accuracy yet")
    app.back()
    stats = app.store.load_stats()
    for index, result in enumerate(stats.recent):
        stats = stats.with_accuracy(result.match_id, 40 + (index * 37) % 60)
    app.store.save_stats(stats)
    scene = tour.open_menu("statistics")
    scene.trend = "accuracy"
    tour.frames(2)
    tour.show("statistics, accuracy over time")
    app.back()
