"""How well a seat played a round, graded by Master: what each move cost.

Each move a seat made is replayed from what that seat could see then (its own hand, the
table, the public piles, never a hidden card) and every legal move is ranked by Master with
its node budget and no clock, so the same round always gets the same grades, however busy
the machine was. A move's **loss** is Master's best value less the value of the move played:
the points the seat may expect to have given away against Master's choice (0 when it played
Master's move). A move with only one legal option is forced: it costs nothing and is not
graded.

**Accuracy** is about the moves where the choice mattered (some legal move would have lost
more than ``TOLERANCE`` points): the share of them where the seat's move lost at most
``TOLERANCE``. 100 when every choice that mattered was as good as Master's; easy positions,
where any card would do, neither help nor hurt it.

Grading runs one move at a time (``RoundGrading`` yields each grade as it is made), so
whoever runs it can tell how far it got and stop between moves.

The seed of each decision is ``position_seed(match seed, moves played so far)``: a hint
asked at that very position names the move graded best, so a player who follows the hints
loses nothing.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection, Iterable, Iterator
from dataclasses import dataclass, field

from scopa.engine import Card, GameRecord, Match, Move, Observation

from .assess import Judge, describe, warned
from .master import MasterPlayer
from .outcome import sharpened
from .player import decision_rng
from .view import View

TOLERANCE = 0.1
"""Points a move may lose against Master's choice and still count as accurate (values of
moves this close are within the noise of guessing the hidden cards)."""
COSTLIEST = 3
"""How many of a seat's costliest moves a review shows."""


def position_seed(match_seed: int, moves_played: int) -> int:
    """The seed of Master's decision at the position after ``moves_played`` moves of the
    match of ``match_seed`` (hints and grades share it)."""
    return (match_seed * 104729 + moves_played) & ((1 << 62) - 1)


@dataclass(frozen=True)
class MoveGrade:
    """One move of one seat, graded."""

    round_no: int
    number: int
    """How many moves of the match were played before this one (where to replay it from)."""
    seat: int
    hand: tuple[Card, ...]
    """The seat's hand before the move."""
    table: tuple[Card, ...]
    played: Move
    best: Move
    """Master's choice."""
    loss: float
    """Points expected to be lost against Master's choice (0: Master's move)."""
    spread: float
    """How much the worst legal move would have lost: a position where every move is
    within ``TOLERANCE`` of the best asked for no decision."""
    reason: str
    """Why Master's move is good: a code of ``reasons`` (rendered per language)."""
    params: tuple[tuple[str, object], ...] = ()
    values: tuple[tuple[Move, float], ...] = ()
    """Every legal move with Master's value for it, best first."""
    matta: tuple[Card, int] | None = None
    """The matta and the value named for it, where one stands named other than its own
    (Cirulla): a matta named 2 takes a 2, and is taken as one."""

    def loss_of(self, move: Move) -> float:
        """What ``move`` would have lost here against Master's choice (0 for the best)."""
        if move == self.best:
            return 0.0
        for other, value in self.values:
            if other == move:
                return max(0.0, self.values[0][1] - value)
        raise ValueError(f"{move} was not a legal move there")

    @property
    def accurate(self) -> bool:
        return self.loss <= TOLERANCE

    @property
    def mattered(self) -> bool:
        """Some legal move would have lost more than ``TOLERANCE``: a real decision."""
        return self.spread > TOLERANCE


@dataclass(frozen=True)
class Review:
    """The grades of one or more rounds, for the seats that were graded."""

    seats: tuple[int, ...]
    grades: tuple[MoveGrade, ...] = ()
    rounds: tuple[int, ...] = ()

    def of(self, seat: int) -> tuple[MoveGrade, ...]:
        return tuple(grade for grade in self.grades if grade.seat == seat)

    def decisions(self, seat: int) -> tuple[MoveGrade, ...]:
        """``seat``'s moves where the choice mattered (see the module docstring)."""
        return tuple(grade for grade in self.of(seat) if grade.mattered)

    def own_decisions(self, seat: int, leave_out: Collection[int] = ()) -> tuple[MoveGrade, ...]:
        """``seat``'s decisions but for the moves ``leave_out`` (by their numbers: those a
        hint chose): the choices its accuracy is computed on."""
        return tuple(grade for grade in self.decisions(seat) if grade.number not in leave_out)

    def accuracy(self, seat: int, leave_out: Collection[int] = ()) -> float | None:
        """Share (0-100) of ``seat``'s own decisions (``own_decisions``) within
        ``TOLERANCE`` of Master's choice; None when no choice it made itself mattered."""
        mine = self.own_decisions(seat, leave_out)
        if not mine:
            return None
        return 100.0 * sum(grade.accurate for grade in mine) / len(mine)

    def lost(self, seat: int) -> float:
        """Points ``seat`` is expected to have lost in all, against Master."""
        return sum(grade.loss for grade in self.of(seat))

    def costliest(self, seat: int, count: int = COSTLIEST) -> tuple[MoveGrade, ...]:
        """``seat``'s moves that lost more than ``TOLERANCE``, costliest first (at most
        ``count``), then, when there are such, the next that lost something (a hundredth
        of a point, as the rows say it); ties in the order they were played. A round's one
        mistake was shown alone beside moves that lost nearly as much within the tolerance,
        0.44 points lost elsewhere told and unshown. None when no move lost more than the
        tolerance: the review then says so."""
        if all(grade.accurate for grade in self.of(seat)):
            return ()
        costly = [grade for grade in self.of(seat) if round(grade.loss, 2) > 0]
        costly.sort(key=lambda grade: (-grade.loss, grade.number))
        return tuple(costly[:count])

    def where(self, keep: Callable[[MoveGrade], bool]) -> Review:
        """This review of the moves ``keep`` says yes to."""
        return Review(self.seats, tuple(filter(keep, self.grades)), self.rounds)

    def round(self, round_no: int) -> Review:
        """The part of this review about round ``round_no``."""
        return Review(
            self.seats,
            tuple(grade for grade in self.grades if grade.round_no == round_no),
            (round_no,) if round_no in self.rounds else (),
        )

    def __add__(self, other: Review) -> Review:
        seats = tuple(sorted({*self.seats, *other.seats}))
        grades = tuple(sorted((*self.grades, *other.grades), key=lambda grade: grade.number))
        rounds = tuple(sorted({*self.rounds, *other.rounds}))
        return Review(seats, grades, rounds)


def combine(reviews: Iterable[Review]) -> Review:
    """The reviews of several rounds as one (the whole match)."""
    out = Review(())
    for review in reviews:
        out = out + review
    return out


@dataclass(frozen=True)
class SeenRound:
    """The moves one seat made in a round, each with what that seat saw as it made it:
    ``(moves played before it in the match, observation, move)``. All a window of a match
    held by a server knows of a round (no other hand), and all grading needs. ``seed`` is
    the match's as the window's hints use it."""

    seed: int
    positions: tuple[tuple[int, Observation, Move], ...]

    @property
    def moves(self) -> tuple[Move, ...]:
        return tuple(move for _, _, move in self.positions)


@dataclass
class RoundGrading:
    """Grades the moves ``seats`` made in round ``round_no`` of the match ``record`` (or of
    a ``SeenRound``), one at a time: iterate to grade (each step yields the grade just
    made), then ``review()``.

    Only the replay happens at once (it is cheap); ``total`` is known before any search.
    """

    record: GameRecord | SeenRound
    round_no: int
    seats: tuple[int, ...]
    positions: list[tuple[int, Observation, Move]] = field(init=False)
    done: int = field(init=False, default=0)
    _grades: list[MoveGrade] = field(init=False, default_factory=list)

    def __post_init__(self) -> None:
        self.seats = tuple(sorted(set(self.seats)))
        self.positions = []
        if isinstance(self.record, SeenRound):
            self.positions = [
                (number, obs, move)
                for number, obs, move in self.record.positions
                if obs.round_no == self.round_no
                and obs.seat in self.seats
                and len(obs.legal_moves) > 1  # forced: costs nothing, not graded
            ]
            return
        moves = list(_round_moves(self.record, self.round_no))
        if not moves:
            raise ValueError(f"the record has no move in round {self.round_no}")
        for number, match, move in moves:
            seat = match.turn
            if seat not in self.seats:
                continue
            if len(match.legal_moves()) == 1:
                continue
            self.positions.append((number, match.observe(seat), move))

    @property
    def total(self) -> int:
        """How many moves there are to grade."""
        return len(self.positions)

    @property
    def finished(self) -> bool:
        return self.done >= self.total

    def __iter__(self) -> Iterator[MoveGrade]:
        while self.done < self.total:
            number, obs, move = self.positions[self.done]
            grade = grade_move(obs, move, self.round_no, number, self.record.seed)
            self._grades.append(grade)
            self.done += 1
            yield grade

    def review(self) -> Review:
        """The round's review (grade what is left first)."""
        for _ in self:
            pass
        return Review(self.seats, tuple(self._grades), (self.round_no,))


def grade_move(obs: Observation, played: Move, round_no: int, number: int, seed: int) -> MoveGrade:
    """Grade ``played`` in the position ``obs`` (the mover's own view), the ``number``-th
    move of the match of ``seed``."""
    if played not in obs.legal_moves:
        raise ValueError(f"{played} is not a legal move for seat {obs.seat} there")
    decision = position_seed(seed, number)
    view = View.of(obs)
    ranked = MasterPlayer(decision, time_limit=0).ranked(view, decision_rng(decision, obs))
    best_value, best = ranked[0]
    value = next(value for value, move in ranked if move == played)
    judge = Judge(view)
    assessments = [judge.assess(move) for move in view.moves]
    chosen = next(item for item in assessments if item.move == best)
    instead = next(item for item in assessments if item.move == played)
    reason = sharpened(view, describe(view, chosen, assessments, instead), best, played)
    code, params = warned(judge, chosen, reason)
    return MoveGrade(
        round_no=round_no,
        number=number,
        seat=obs.seat,
        hand=obs.hand,
        table=obs.table,
        played=played,
        best=best,
        loss=0.0 if played == best else max(0.0, best_value - value),
        spread=best_value - ranked[-1][0],
        reason=code,
        params=tuple(sorted(params.items())),
        values=tuple((move, value) for value, move in ranked),
        matta=named_matta(obs),
    )


def named_matta(obs: Observation) -> tuple[Card, int] | None:
    """The matta and its value, where the value named for it is not its own."""
    matta = obs.rules.matta_card
    if matta is None or obs.matta_value in (0, matta.rank):
        return None
    return matta, obs.matta_value


def review_round(record: GameRecord, round_no: int, seats: Iterable[int]) -> Review:
    """Round ``round_no`` of ``record`` graded at once for ``seats``."""
    return RoundGrading(record, round_no, tuple(seats)).review()


def position_match(record: GameRecord, number: int) -> Match:
    """A new match at the position before move ``number`` of ``record``: its round dealt
    again from the same cards to the same seats, and the round's earlier moves played (the
    totals start again from nothing). Where a reviewed move is played again. Its next
    rounds come from a seed of its own: from the match's, they were the rounds the match
    had still to deal."""
    if not 0 <= number < len(record.moves):
        raise ValueError(f"the record has no move {number}")
    then = record.replay(number)
    round_no = then.round.round_no
    start = round_start(record, round_no)
    match = Match.new(
        record.rules,
        random.Random(f"scopa/{record.seed}/practice/{number}").getrandbits(63),
        first_dealer=then.round_dealer(round_no),
        decks=(then.round_deck(round_no),),
    )
    for move in record.moves[start:number]:
        match, _ = match.apply(move)
    return match


def round_start(record: GameRecord, round_no: int) -> int:
    """How many moves of the match were played before round ``round_no`` began."""
    for number, _, _ in _round_moves(record, round_no):
        return number
    raise ValueError(f"the record has no move in round {round_no}")


def _round_moves(record: GameRecord, round_no: int) -> Iterator[tuple[int, Match, Move]]:
    """``(moves played before, the match then, the move)`` for each move of the round."""
    match = Match.new(record.rules, record.seed, first_dealer=record.first_dealer,
                      decks=record.decks)  # fmt: skip
    seen = False
    for number, move in enumerate(record.moves):
        if match.round.round_no == round_no:
            seen = True
            yield number, match, move
        elif seen or match.round.round_no > round_no:
            return
        match, _ = match.apply(move)


__all__ = [
    "COSTLIEST",
    "TOLERANCE",
    "MoveGrade",
    "SeenRound",
    "Review",
    "RoundGrading",
    "combine",
    "grade_move",
    "position_match",
    "position_seed",
    "review_round",
    "round_start",
]
