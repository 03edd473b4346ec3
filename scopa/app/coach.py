"""Reviews computed off the render loop: Master grades the rounds in a worker of its own.

A review grades every move of the people at this screen with Master's whole node budget, a
few seconds of processor for a round. Done in the window's process it would hold the GIL and
stutter the cards in flight, so it runs in one worker *process* (started with 'spawn', which
never copies the window's SDL state, and lowered in priority so the game and the computer
players come first), falling back to a thread where processes cannot start. The worker
reports after each move it grades; a listening thread of this process keeps each job's
progress, so the screens only read it (never wait), and a review finishes even while no
screen looks at it.

``Coach`` is the worker, one for the whole game (``app.matches.coach``); ``MatchReviews``
holds the jobs of one match, a round each, for the seats played at this screen. A match
held by a server is graded from what this seat saw as it played (``SeenRound``): its own
moves, never another hand.
"""

from __future__ import annotations

import contextlib
import itertools
import multiprocessing
import os
import queue
import threading
from collections.abc import Callable, Iterable
from functools import partial
from typing import Any

from scopa.ai.review import MoveGrade, Review, RoundGrading, SeenRound, combine
from scopa.engine import GameRecord, Match
from scopa.log import log_exception

PARENT_CHECK_SECONDS = 2.0
"""How often an idle worker process checks that the game that started it is still there."""
NICENESS = 10
"""How much lower the worker's priority is than the game's (where the system allows it)."""


class ReviewJob:
    """The review of one round: its progress while it is graded, then the review (or why
    it could not be made). Written by the coach's threads, read by the screens."""

    def __init__(self, number: int, round_no: int, seats: tuple[int, ...], moves: int) -> None:
        self.number = number
        self.round_no = round_no
        self.seats = seats
        self.moves = moves
        """How many moves the match had when the round ended (a round played again after a
        take-back is a new job)."""
        self.done = 0
        self.total: int | None = None
        self.review: Review | None = None
        self.error: str | None = None
        self.listeners: list[Callable[[ReviewJob], None]] = []

    @property
    def finished(self) -> bool:
        return self.review is not None or self.error is not None

    @property
    def progress(self) -> float:
        """From 0 to 1 (1 once the review is ready)."""
        if self.review is not None:
            return 1.0
        if not self.total:
            return 0.0
        return min(1.0, self.done / self.total)

    def _finish(self) -> None:
        for listener in list(self.listeners):
            try:
                listener(self)
            except Exception as error:  # noqa: BLE001 - the coach's thread grades on
                log_exception(error)  # (it died with it: no later review ever came)


def grade_round(
    record: GameRecord | SeenRound,
    round_no: int,
    seats: tuple[int, ...],
    tell: Callable[[int, int], None],
) -> Review:
    """Grade one round, telling ``tell(done, total)`` before the first move and after each."""
    grading = RoundGrading(record, round_no, seats)
    tell(0, grading.total)
    for _ in grading:
        tell(grading.done, grading.total)
    return grading.review()


def serve(requests: Any, answers: Any) -> None:
    """The worker process: grade each round asked for, in order, until told to stop (None)
    or the game that started it is gone."""
    if hasattr(os, "nice"):
        with contextlib.suppress(OSError):
            os.nice(NICENESS)
    parent = multiprocessing.parent_process()
    while True:
        try:
            job = requests.get(timeout=PARENT_CHECK_SECONDS)
        except queue.Empty:
            if parent is not None and not parent.is_alive():
                return
            continue
        if job is None:
            answers.put(("bye", 0, None))
            return
        number, record, round_no, seats = job

        def tell(done: int, total: int, number: int = number) -> None:
            answers.put(("step", number, (done, total)))

        try:
            review = grade_round(record, round_no, seats, tell)
        except Exception as error:  # noqa: BLE001 - reported to the screen asking for it
            answers.put(("failed", number, str(error)[:160] or type(error).__name__))
        else:
            answers.put(("done", number, review))


class Coach:
    """Grades rounds off the render loop (see the module docstring). ``mode``: 'process'
    (the game), 'thread' (where processes cannot start; tests)."""

    def __init__(self, mode: str = "process") -> None:
        if mode not in ("process", "thread"):
            raise ValueError(f"unknown coach mode {mode!r}")
        self.mode = mode
        self._jobs: dict[int, ReviewJob] = {}
        self._numbers = itertools.count(1)
        self._lock = threading.Lock()
        self._requests: Any = None
        self._process: Any = None
        self._thread: threading.Thread | None = None
        self._closed = False
        self._waiting: list[tuple[ReviewJob, Any, bool]] = []
        """Jobs not yet handed to the worker, with what it grades and whether they wait for
        the others (``submit``'s ``later``). The worker is handed one job at a time, so a
        round just played goes before every round of a past match still waiting."""
        self._graded: int | None = None
        """The job the worker has in hand."""

    # --- asking ----------------------------------------------------------------------------

    def submit(
        self,
        record: GameRecord | SeenRound,
        round_no: int,
        seats: tuple[int, ...],
        *,
        later: bool = False,
    ) -> ReviewJob:
        """Start grading round ``round_no`` of ``record`` (or of what a seat saw of it) for
        ``seats``; returns the job at once (its progress moves as the worker goes).
        ``later``: graded after every job asked without it (a past match's review waits
        for the rounds being played)."""
        if self._closed:
            raise RuntimeError("the coach has been closed")
        job = ReviewJob(next(self._numbers), round_no, tuple(seats), len(record.moves))
        with self._lock:
            self._jobs[job.number] = job
            self._waiting.append((job, record, later))
            self._start()
            self._feed()
        return job

    def prefer(self, jobs: Any) -> None:
        """Grade ``jobs`` not yet begun before the others waiting as they were asked (a past
        match's review on screen before those opened and left)."""
        chosen = {job.number for job in jobs}
        with self._lock:
            first = [entry for entry in self._waiting if entry[0].number in chosen]
            self._waiting = [*first, *(e for e in self._waiting if e[0].number not in chosen)]

    def withdraw(self, jobs: Any) -> None:
        """Grade none of ``jobs`` not yet begun (a review nobody will open again): each is
        finished at once as withdrawn."""
        wanted = {job.number for job in jobs}
        with self._lock:
            gone = [job for job, _, _ in self._waiting if job.number in wanted]
            self._waiting = [entry for entry in self._waiting if entry[0].number not in wanted]
            for job in gone:
                self._jobs.pop(job.number, None)
        for job in gone:
            job.error = "withdrawn"
            job._finish()

    def _feed(self) -> None:
        """Hand the worker its next job, if it has none in hand (under ``_lock``): the first
        asked of those not asked ``later``, else the first of those."""
        if self._graded is not None or not self._waiting or self._requests is None:
            if self._closed and self._graded is None and not self._waiting:
                self._stop()
            return
        index = next((i for i, (_, _, later) in enumerate(self._waiting) if not later), 0)
        job, record, _ = self._waiting.pop(index)
        self._graded = job.number
        self._requests.put((job.number, record, job.round_no, job.seats))

    def wait(self, job: ReviewJob, timeout: float = 60.0) -> bool:
        """Block until ``job`` is finished (tools and tests only: screens read progress)."""
        done = threading.Event()
        job.listeners.append(lambda _: done.set())
        if job.finished:
            return True
        return done.wait(timeout)

    # --- the worker ------------------------------------------------------------------------

    def _start(self) -> None:
        if self._requests is not None:
            return
        if self.mode == "process":
            try:
                context = multiprocessing.get_context("spawn")
                requests, answers = context.Queue(), context.Queue()
                # Jobs still waiting as the game ends are dropped, not written on into a
                # pipe the stopped worker no longer reads: the game would never end.
                requests.cancel_join_thread()
                process = context.Process(
                    target=serve, args=(requests, answers), name="scopa-review", daemon=True
                )
                process.start()
            except (OSError, ImportError, NotImplementedError, ValueError, RuntimeError):
                self.mode = "thread"
            else:
                self._requests, self._process = requests, process
                self._listen(answers, process)
                return
        self._requests = queue.Queue()
        self._thread = threading.Thread(target=self._grade_here, name="scopa-review", daemon=True)
        self._thread.start()

    def _listen(self, answers: Any, process: Any) -> None:
        def listen() -> None:
            while True:
                try:
                    kind, number, value = answers.get(timeout=PARENT_CHECK_SECONDS)
                except queue.Empty:
                    if process.is_alive():
                        continue
                    self._fail_all("the review worker stopped")
                    return
                except (EOFError, OSError, ValueError):
                    self._fail_all("the review worker stopped")
                    return
                if kind == "bye":
                    return
                self._hear(kind, number, value)

        self._thread = threading.Thread(target=listen, name="scopa-review-listen", daemon=True)
        self._thread.start()

    def _grade_here(self) -> None:
        """Thread mode: grade in this process, one job after another."""
        while True:
            job = self._requests.get()
            if job is None:
                return
            number, record, round_no, seats = job
            try:
                review = grade_round(record, round_no, seats, partial(self._step, number))
            except Exception as error:  # noqa: BLE001 - reported to the screen asking for it
                self._hear("failed", number, str(error)[:160] or type(error).__name__)
            else:
                self._hear("done", number, review)

    def _step(self, number: int, done: int, total: int) -> None:
        self._hear("step", number, (done, total))

    def _hear(self, kind: str, number: int, value: Any) -> None:
        with self._lock:
            job = self._jobs.get(number)
        if job is None:
            return
        if kind == "step":
            job.done, job.total = value
            return
        if kind == "done":
            job.review = value
        else:
            job.error = value
        with self._lock:
            self._jobs.pop(number, None)
            if self._graded == number:
                self._graded = None
                self._feed()
        job._finish()

    def _fail_all(self, reason: str) -> None:
        """The worker process stopped (killed, out of memory): every job asked fails, and
        the next one asked starts a new worker."""
        with self._lock:
            jobs, self._jobs = list(self._jobs.values()), {}
            self._waiting, self._graded = [], None
            self._requests = self._process = self._thread = None
        for job in jobs:
            job.error = reason
            job._finish()

    def close(self) -> None:
        """No more jobs: those asked are still finished (a match just ended gets its review
        counted), then the worker stops. Never waits."""
        with self._lock:
            if self._closed:
                return
            self._closed = True
            self._feed()

    def _stop(self) -> None:
        """Tell the worker to stop (under ``_lock``, once nothing is left for it)."""
        if self._requests is not None:
            with contextlib.suppress(OSError, ValueError):
                self._requests.put(None)


class MatchReviews:
    """The reviews of one match, a round each, for the seats played at this screen.

    ``on_reviewed`` is told once, with the whole match's review, when the match is over and
    every round has been graded (from the coach's thread)."""

    def __init__(
        self,
        coach: Coach,
        seats: tuple[int, ...],
        on_reviewed: Callable[[Review], None] | None = None,
        *,
        later: bool = False,
        own: Callable[[MoveGrade], bool] | None = None,
    ) -> None:
        self.coach = coach
        self.seats = seats
        self.on_reviewed = on_reviewed
        self.own = own
        """Whether a move graded was its person's own, not the computer's playing their
        seat for a while (None: every move was): the reviews are of their own moves."""
        self.later = later
        """A past match's review: graded after the rounds being played (``Coach.submit``)."""
        self.jobs: dict[int, ReviewJob] = {}
        self._carried: set[int] = set()
        """Rounds whose job came with the match continued (``carry``): graded as they are."""
        self._over = False
        self._told = False
        self._settled = threading.Event()
        """Set once ``on_reviewed`` has been told the whole match's review, or a round
        failed to be graded (no such review will come)."""
        self._lock = threading.Lock()

    def round_over(self, match: Match) -> None:
        """Every round scored so far is graded (the one just ended, and any round a resumed
        match finished before), unless it already is."""
        record = match.record()
        for round_no in range(1, len(match.rounds) + 1):
            known = self.jobs.get(round_no)
            last = round_no == len(match.rounds)
            carried = round_no in self._carried
            if known is not None and (carried or not (last and known.moves != len(record.moves))):
                continue
            job = self.coach.submit(record, round_no, self.seats, later=self.later)
            job.listeners.append(self._job_finished)
            self.jobs[round_no] = job
        if match.over:
            with self._lock:
                self._over = True
            self._check_complete()

    def round_seen(self, round_no: int, seen: SeenRound, *, over: bool) -> None:
        """Round ``round_no`` of a match held by a server ended: it is graded from what this
        seat saw as it played (``over``: it was the match's last)."""
        if round_no not in self.jobs and seen.positions:
            job = self.coach.submit(seen, round_no, self.seats)
            job.listeners.append(self._job_finished)
            self.jobs[round_no] = job
        if over:
            with self._lock:
                self._over = True
            self._check_complete()

    def job(self, round_no: int) -> ReviewJob | None:
        return self.jobs.get(round_no)

    def withdraw(self, but: Iterable[ReviewJob] = ()) -> None:
        """Nobody will look at these reviews: the rounds not yet begun are not graded
        (``but`` those, carried to the same match continued)."""
        kept = {job.number for job in but}
        self.coach.withdraw(job for job in self.jobs.values() if job.number not in kept)

    def carry(self, earlier: MatchReviews) -> None:
        """The rounds ``earlier`` graded or is grading (the same match before it was left
        and continued, or its seats changed hands) are this match's: not graded again, when
        they grade every seat played here (a seat handed to the computer, then given back,
        had each round graded anew)."""
        for round_no, job in earlier.jobs.items():
            if job.error is None and set(self.seats) <= set(job.seats):
                job.listeners.append(self._job_finished)
                self.jobs[round_no] = job
                self._carried.add(round_no)

    @property
    def failed(self) -> bool:
        """A round could not be graded (the worker stopped, a job withdrawn)."""
        return any(job.error is not None for job in self.jobs.values())

    def review(self, round_no: int, *, whole: bool = False) -> Review | None:
        """Round ``round_no``'s review, of the people's own moves (``whole``: with the
        computer's for them too)."""
        job = self.jobs.get(round_no)
        review = None if job is None else job.review
        return review if whole or review is None else self._theirs(review)

    def _theirs(self, review: Review) -> Review:
        return review if self.own is None else review.where(self.own)

    @property
    def ready(self) -> bool:
        """Every round asked for is graded."""
        return bool(self.jobs) and all(job.review is not None for job in self.jobs.values())

    def progress(self) -> float:
        """How far the grading of every round asked for has got, from 0 to 1."""
        totals = [(job.progress, job.total or 1) for job in self.jobs.values()]
        weight = sum(total for _, total in totals)
        return sum(p * total for p, total in totals) / weight if weight else 0.0

    def match_review(self, *, whole: bool = False) -> Review | None:
        """Every round's review as one (None until all are graded), of the people's own
        moves (``whole``: with the computer's for them too)."""
        if not self.ready:
            return None
        review = combine(self.jobs[n].review for n in sorted(self.jobs))  # type: ignore[misc]
        return review if whole else self._theirs(review)

    def _job_finished(self, job: ReviewJob) -> None:
        if job.error is not None:
            self._settled.set()
        self._check_complete()

    def _check_complete(self) -> None:
        with self._lock:
            if self._told or not self._over or not self.ready:
                return
            self._told = True
        review = self.match_review()
        if review is not None and self.on_reviewed is not None:
            self.on_reviewed(review)
        self._settled.set()

    def wait(self, timeout: float) -> bool:
        """Block until the finished match's review has been told (``on_reviewed``), at most
        ``timeout`` seconds; False at once when a round cannot be graded or none was asked
        for (the game, ending, waits for nothing that will not come)."""
        with self._lock:
            if not self._over or not self.jobs:
                return self._told
        return self._settled.wait(timeout) and self._told


__all__ = ["Coach", "MatchReviews", "ReviewJob", "grade_round", "serve"]
