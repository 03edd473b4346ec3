"""The coach grades rounds off the render loop: in a worker process of its own, telling its
progress as it goes, while every frame keeps its time; the review of a finished solo match
joins its result in the statistics, a hot-seat match's does not."""

from __future__ import annotations

import random
import statistics
import threading
import time

import pygame
import pytest

from scopa.ai.review import review_round
from scopa.app.coach import Coach, MatchReviews, grade_round
from scopa.app.scenes.scoring import ScoringScene
from scopa.app.table import TableScene
from scopa.engine import Match, Rules
from scopa.stats import match_key

from .menu_helpers import close_tables
from .review_helpers import HOTSEAT, SOLO, before_round_end, play_out
from .table_helpers import inline_worker

FRAME_BOUND = 0.5
"""Seconds no frame may take while the review is graded: a frame takes about 10 ms, and
the bound is generous for a shared, busy machine, yet well below the seconds the grading
itself takes."""


def first_round(seed: int) -> Match:
    rng = random.Random(seed)
    match = Match.new(Rules(), seed)
    while not match.rounds:
        match, _ = match.apply(rng.choice(match.legal_moves()))
    return match


def test_the_worker_process_grades_as_the_pure_review_does() -> None:
    match = first_round(2)
    coach = Coach("process")
    try:
        job = coach.submit(match.record(), 1, (0,))
        assert not job.finished and job.progress == 0.0
        assert coach.wait(job, 120)
        assert coach.mode == "process", "the worker process could not start"
        assert job.error is None
        assert job.review == review_round(match.record(), 1, (0,))
        assert job.progress == 1.0 and job.done == job.total
    finally:
        coach.close()


def test_grading_tells_its_progress_move_by_move() -> None:
    match = first_round(3)
    told: list[tuple[int, int]] = []
    review = grade_round(match.record(), 1, (1,), lambda done, total: told.append((done, total)))
    total = told[0][1]
    assert total == len(review.grades) > 0
    assert told == [(done, total) for done in range(total + 1)]


def test_a_round_that_cannot_be_graded_says_why() -> None:
    match = first_round(4)
    coach = Coach("thread")
    try:
        job = coach.submit(match.record(), 5, (0,))
        assert coach.wait(job, 30)
        assert job.review is None and job.error and "no move in round 5" in job.error
    finally:
        coach.close()


def test_reviewing_never_stalls_a_frame(app) -> None:  # noqa: ANN001
    """The round ends on the table; while the worker process grades it, the table and then
    the score sheet keep drawing every frame in time, and the sheet's button tells how far
    the grading has got at every frame (however fast the worker goes)."""
    app.matches.coach_mode = "process"
    app.settings = app.settings.with_(animation_speed="instant", language="en")
    coordinator = before_round_end(app, SOLO)
    table = TableScene(app, coordinator, worker=inline_worker())
    app.stack.push(table)
    app.frame(1 / 60, [])
    durations: list[float] = []
    shown: list[tuple[int, int, int]] = []
    job = None
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        start = time.perf_counter()
        app.frame(1 / 60, [])
        durations.append(time.perf_counter() - start)
        job = coordinator.reviews.job(1)
        top = app.stack.top
        if isinstance(top, ScoringScene) and job is not None:
            before = round(job.progress * 100)
            label = top.review_label()
            after = round(job.progress * 100)
            if job.finished:
                break
            assert label.startswith("Reviewing… ") and label.endswith("%"), label
            shown.append((before, int(label.removeprefix("Reviewing… ")[:-1]), after))
    assert job is not None and job.review is not None, "the review never came"
    assert app.matches.coach.mode == "process"
    assert shown, "the score sheet never showed the grading under way"
    assert all(before <= percent <= after for before, percent, after in shown), shown
    told = [percent for _, percent, _ in shown]
    assert told == sorted(told), "the progress went back"
    assert len(durations) > 20
    assert max(durations) < FRAME_BOUND, f"a frame took {max(durations):.3f} s"
    assert statistics.median(durations) < FRAME_BOUND / 10
    app.frame(1 / 60, [])
    assert app.stack.top.review_label() == "Review"
    assert app.stack.top.review_button.enabled


def test_grading_runs_outside_the_render_thread() -> None:
    """In the thread used where processes cannot start, too, the grading is not done by
    the thread that asks for it."""
    match = first_round(5)
    coach = Coach("thread")
    asking = threading.get_ident()
    seen: list[int] = []
    try:
        job = coach.submit(match.record(), 1, (0,))
        coach._step = lambda number, done, total, step=coach._step: (  # type: ignore[method-assign]
            seen.append(threading.get_ident()),
            step(number, done, total),
        )
        assert coach.wait(job, 60)
        assert seen and asking not in seen
    finally:
        coach.close()


def test_a_finished_solo_match_keeps_its_accuracy(app, store) -> None:  # noqa: ANN001
    app.matches.coach_mode = "thread"
    coordinator = before_round_end(app, SOLO, saved=True)
    play_out(coordinator)
    reviews: MatchReviews = coordinator.reviews
    for round_no in sorted(reviews.jobs):
        assert app.matches.coach.wait(reviews.job(round_no), 120)
    assert sorted(reviews.jobs) == list(range(1, len(coordinator.match.rounds) + 1))
    expected = reviews.match_review().accuracy(0)
    _wait_for(lambda: store.load_stats().recent and store.load_stats().recent[-1].accuracy)
    coordinator.flush()
    result = store.load_stats().recent[-1]
    assert result.match_id == match_key(coordinator.match)
    assert result.accuracy == pytest.approx(expected)


def test_a_match_played_on_hints_alone_keeps_no_accuracy(app, store) -> None:  # noqa: ANN001
    """Every move played as the hint said gave an accuracy of 100% in the statistics: a
    move a hint chose is Master's, not the player's, and counts for nothing there."""
    app.matches.coach_mode = "thread"
    coordinator = before_round_end(app, SOLO, saved=True)
    coordinator.hinted = set(range(10_000))  # every move of the match, as the hint said
    play_out(coordinator)
    for round_no in sorted(coordinator.reviews.jobs):
        assert app.matches.coach.wait(coordinator.reviews.job(round_no), 120)
    assert coordinator.reviews.match_review().accuracy(0) is not None  # its review has one
    coordinator.flush()
    time.sleep(0.2)  # the accuracy would be on the saver by now
    coordinator.flush()
    assert store.load_stats().recent[-1].accuracy is None


def test_a_hot_seat_match_keeps_no_accuracy(app, store) -> None:  # noqa: ANN001
    app.matches.coach_mode = "thread"
    coordinator = before_round_end(app, HOTSEAT, saved=True)
    play_out(coordinator)
    for round_no in sorted(coordinator.reviews.jobs):
        assert app.matches.coach.wait(coordinator.reviews.job(round_no), 120)
    coordinator.flush()
    time.sleep(0.2)  # any stray job would be on the saver by now
    coordinator.flush()
    assert store.load_stats().recent[-1].accuracy is None


def _wait_for(condition, seconds: float = 30.0) -> None:  # noqa: ANN001
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return
        time.sleep(0.05)
    raise AssertionError("it never happened")


def teardown_module() -> None:
    pygame.display.quit()


def test_a_resumed_match_gets_its_earlier_rounds_reviewed(app, store) -> None:  # noqa: ANN001
    """Continue a saved match: the rounds it finished before are reviewed too, so the
    match's review at the end covers every round."""
    app.matches.coach_mode = "thread"
    app.settings = app.settings.with_(animation_speed="instant")
    coordinator = before_round_end(app, SOLO, saved=True)
    coordinator.apply(coordinator.match.legal_moves()[0])
    coordinator.apply(coordinator.match.legal_moves()[0])  # into the second round
    coordinator.flush()
    for job in coordinator.reviews.jobs.values():
        app.matches.coach.wait(job, 60)
    assert app.matches.resume()
    resumed = app.matches.current
    assert resumed is not coordinator and resumed.reviews is not None
    assert sorted(resumed.reviews.jobs) == [1]
    assert app.matches.coach.wait(resumed.reviews.job(1), 120)
    assert resumed.reviews.review(1) == coordinator.reviews.review(1)
    close_tables(app)


@pytest.mark.parametrize("language", ["en", "it"])
def test_a_practice_verdict_ends_each_sentence_once(language) -> None:
    """A reason ending in "!" ("clears the table: scopa!") was followed by a full stop:
    "scopa!. Press U to try again"."""
    from scopa.ai.review import MoveGrade
    from scopa.app.coach_words import practice_verdict
    from scopa.engine import Card, Move
    from scopa.i18n import Translator

    t = Translator(language)
    best, played = Move.parse("9Dx6C+3S"), Move(Card.parse("2B"))
    for reason, ends in (("scopa", "!"), ("only_move", "")):
        grade = MoveGrade(1, 0, 0, (), (), played, best, 1.0, 1.0, reason,
                          values=((best, 1.0), (played, 0.0)))  # fmt: skip
        verdict = practice_verdict(t, grade, played, "napoletane")
        assert "!." not in verdict and ".." not in verdict, verdict
        assert ends == "" or ends + " " in verdict


@pytest.mark.parametrize("language", ["en", "it"])
def test_a_loss_counted_as_a_mistake_never_reads_as_within_the_tolerance(language) -> None:
    """A move that lost 0.14 was listed as "−0.1 points" and counted against the accuracy,
    whose note says a move within 0.1 of Master's counts as accurate."""
    from scopa.ai.review import TOLERANCE
    from scopa.app.coach_words import points
    from scopa.i18n import Translator

    t = Translator(language)

    def read(text: str) -> float:
        return float(text.replace(",", "."))

    assert read(points(t, TOLERANCE)) == TOLERANCE
    for loss in (0.1001, 0.11, 0.14, 0.149, 0.15, 0.2, 1.04, 2.6):
        shown = points(t, loss)
        assert read(shown) > TOLERANCE, (loss, shown)
        assert abs(read(shown) - loss) < 0.06, (loss, shown)
    assert points(t, 1.04) == ("1,04" if language == "it" else "1.04")
    # the losses of a list read alike, with as many decimals each
    assert [points(t, loss) for loss in (0.3, 0.11)] == (
        ["0,30", "0,11"] if language == "it" else ["0.30", "0.11"]
    )


@pytest.mark.parametrize("then", ["quit", "rematch, then quit"])
def test_a_match_finished_just_before_quitting_keeps_its_accuracy(
    app, store, monkeypatch, then
) -> None:  # noqa: ANN001
    """Quit while Master still graded the last rounds: the match's accuracy never reached
    the statistics (the game ended before the review did). Closing, the game waits for it
    a moment. Rematch pressed first, closing waited only for the review of the match then
    current (the rematch), and the won match stayed without its accuracy."""
    monkeypatch.setattr("scopa.app.matches.QUIT_WAIT", 120.0)
    graded = grade_round

    def slowly(*args, **kwargs):  # noqa: ANN002, ANN003, ANN202 - a busy machine's pace
        time.sleep(0.5)
        return graded(*args, **kwargs)

    monkeypatch.setattr("scopa.app.coach.grade_round", slowly)
    app.matches.coach_mode = "thread"
    coordinator = before_round_end(app, SOLO, saved=True)
    play_out(coordinator)
    coordinator.flush()
    if then.startswith("rematch"):
        app.matches.rematch(coordinator)
        assert app.matches.current is not coordinator
    assert store.load_stats().recent[-1].accuracy is None  # the review is still under way
    app.close()
    assert coordinator.reviews.match_review() is not None
    assert store.load_stats().recent[-1].accuracy is not None


def test_a_game_ending_waits_for_no_review_that_is_not_coming() -> None:
    """A match won at the deal, before any round was played, has no round to grade: the
    game, ending, does not sit out its wait for a review of it."""
    coach = Coach("thread")
    try:
        reviews = MatchReviews(coach, (0,))
        start = time.monotonic()
        assert not reviews.wait(5.0)
        assert time.monotonic() - start < 0.5
    finally:
        coach.close()


def test_the_game_ends_with_many_reviews_still_waiting(tmp_path) -> None:  # noqa: ANN001
    """Past matches opened one after another left dozens of rounds waiting for the worker
    process; quitting then, the game never ended: its last jobs were still being written
    into a pipe the stopped worker no longer read."""
    import subprocess
    import sys
    import textwrap
    from pathlib import Path

    script = textwrap.dedent(
        """
        import random
        from scopa.app.coach import Coach
        from scopa.engine import Match, Rules

        rng = random.Random(3)
        match = Match.new(Rules.preset("cirulla"), 3)
        while not match.over:
            match, _ = match.apply(rng.choice(match.legal_moves()))
        coach = Coach("process")
        for number in range(60):
            coach.submit(match.record(), 1 + number % len(match.rounds), (0, 1))
        coach.close()
        print("closed", flush=True)
        """
    )
    root = Path(__file__).resolve().parents[2]
    ended = subprocess.run(
        [sys.executable, "-c", script], cwd=root, capture_output=True, text=True, timeout=60
    )
    assert ended.returncode == 0 and "closed" in ended.stdout, ended.stderr[-2000:]


def test_a_round_just_played_is_graded_before_past_matches_waiting() -> None:
    """Past matches opened and left at a glance queued their rounds: the review of the
    round just played waited behind all of them (0 % for as long)."""
    rng = random.Random(5)
    match = Match.new(Rules(), 5)
    while not match.over:
        match, _ = match.apply(rng.choice(match.legal_moves()))
    coach = Coach("thread")
    order: list[str] = []
    try:
        past = [
            coach.submit(match.record(), 1 + n % len(match.rounds), (0,), later=True)
            for n in range(6)
        ]
        now = coach.submit(first_round(6).record(), 1, (0,))
        for job, name in [*((job, "past") for job in past), (now, "now")]:
            job.listeners.append(lambda job, name=name: order.append(name))
        assert coach.wait(now, 60) and now.review is not None
        assert order.index("now") <= 1, order  # at most the one the worker had in hand
        assert all(coach.wait(job, 120) for job in past)
    finally:
        coach.close()


def test_the_past_match_on_screen_is_graded_before_those_left() -> None:
    """Four past matches opened and left at a glance, then a fifth: its review waited
    behind the four (0 % for a minute). The one on screen goes first."""
    rng = random.Random(5)
    match = Match.new(Rules(), 5)
    while not match.over:
        match, _ = match.apply(rng.choice(match.legal_moves()))
    coach = Coach("thread")
    order: list[int] = []
    try:
        left = [
            coach.submit(match.record(), 1 + n % len(match.rounds), (0,), later=True)
            for n in range(5)
        ]
        shown = coach.submit(first_round(6).record(), 1, (0,), later=True)
        for job in [*left, shown]:
            job.listeners.append(lambda job: order.append(job.number))
        coach.prefer([shown])
        assert coach.wait(shown, 60) and shown.review is not None
        assert order.index(shown.number) <= 1, order  # at most the one the worker had
        assert all(coach.wait(job, 120) for job in left)
    finally:
        coach.close()


def test_reviews_nobody_will_open_again_are_withdrawn() -> None:
    rng = random.Random(7)
    match = Match.new(Rules(), 7)
    while not match.over:
        match, _ = match.apply(rng.choice(match.legal_moves()))
    coach = Coach("thread")
    try:
        reviews = MatchReviews(coach, (0,), later=True)
        reviews.round_over(match)
        reviews.withdraw()
        assert reviews.failed
        assert all(coach.wait(job, 60) for job in reviews.jobs.values())
        graded = [job for job in reviews.jobs.values() if job.review is not None]
        assert len(graded) <= 1 < len(reviews.jobs)  # only the one in the worker's hand
        after = coach.submit(match.record(), 1, (0,))
        assert coach.wait(after, 60) and after.review is not None
    finally:
        coach.close()


def test_a_review_worker_that_died_is_started_again() -> None:
    """Killed (out of memory, by hand): every later review waited at 0 % forever."""
    import os
    import signal

    match = first_round(8)
    coach = Coach("process")
    try:
        first = coach.submit(match.record(), 1, (0,))
        assert coach.wait(first, 120) and coach.mode == "process"
        os.kill(coach._process.pid, signal.SIGKILL)
        _wait_for(lambda: coach._process is None, 30)
        again = coach.submit(match.record(), 1, (0,))
        assert coach.wait(again, 120), "the review never came"
        assert again.review == first.review
    finally:
        coach.close()


def test_a_listener_that_raises_leaves_the_coach_grading() -> None:
    """A job's listener raised (a save asked for as the game ended) and the coach's thread
    died with it: no later review ever finished."""
    match = first_round(9)
    coach = Coach("thread")
    try:
        first = coach.submit(match.record(), 1, (0,))
        first.listeners.append(lambda job: 1 / 0)
        assert coach.wait(first, 60)
        after = coach.submit(match.record(), 1, (1,))
        assert coach.wait(after, 60) and after.review is not None
    finally:
        coach.close()


# --- a match continued, given up or replaced --------------------------------------------------


def held_worker(monkeypatch: pytest.MonkeyPatch) -> threading.Event:
    """The (thread) worker held on its first job, the others left waiting: set to go on."""
    from scopa.app import coach as coach_module

    gate = threading.Event()
    real = coach_module.grade_round

    def held(*args, **kwargs):  # noqa: ANN002, ANN003, ANN202
        gate.wait(60)
        return real(*args, **kwargs)

    monkeypatch.setattr(coach_module, "grade_round", held)
    return gate


def into_round(coordinator, rounds: int) -> None:  # noqa: ANN001
    rng = random.Random(5)
    while len(coordinator.match.rounds) < rounds and not coordinator.match.over:
        coordinator.apply(rng.choice(coordinator.match.legal_moves()))
    assert not coordinator.match.over


def test_a_match_continued_again_is_not_graded_again(english, monkeypatch) -> None:  # noqa: ANN001
    """Each Continue sent every round already graded (or being graded) to the coach again,
    ahead of the rounds still to be played."""
    gate = held_worker(monkeypatch)
    coach = english.matches.coach
    asked: list[int] = []
    submit = coach.submit

    def counted(record, round_no, seats, **kwargs):  # noqa: ANN001, ANN003, ANN202
        asked.append(round_no)
        return submit(record, round_no, seats, **kwargs)

    monkeypatch.setattr(coach, "submit", counted)
    coordinator = before_round_end(english, SOLO, saved=True)
    into_round(coordinator, 2)
    coordinator.flush()
    try:
        for _ in range(2):  # Continue, back to the title, Continue again
            assert english.matches.resume()
            close_tables(english)
            english.home()
        assert sorted(asked) == [1, 2]
        assert english.matches.current.reviews.jobs == coordinator.reviews.jobs
    finally:
        gate.set()
    assert coach.wait(english.matches.current.reviews.job(2))


def test_a_match_given_up_leaves_the_next_one_s_review_first_in_line(english, monkeypatch) -> None:  # noqa: ANN001
    """A match given up (or replaced by a new one) kept its rounds waiting to be graded,
    ahead of the next match's."""
    from .review_helpers import finish_round

    gate = held_worker(monkeypatch)
    coach = english.matches.coach
    coordinator = before_round_end(english, SOLO, saved=True)
    into_round(coordinator, 3)
    coordinator.flush()
    try:
        assert english.matches.resume()  # a new game would grade its three rounds
        resumed = english.matches.current
        english.matches.abandon()
        close_tables(english)
        assert not [job for job, _, _ in coach._waiting if job in resumed.reviews.jobs.values()]
        fresh = before_round_end(english, SOLO, seed=9)
        finish_round(fresh)
        assert [job for job, _, _ in coach._waiting] == [fresh.reviews.job(1)]
    finally:
        gate.set()
