"""The accuracy of a reviewed match is kept with its result: it joins the result found by the
match's name, round-trips through the file, charts over time, and files written before
reviews existed (or of matches never reviewed) read exactly as before."""

from __future__ import annotations

import json
import random

import pytest

from scopa.engine import Match, Rules
from scopa.settings import MatchSetup, SeatConfig
from scopa.stats import (
    MatchResult,
    Stats,
    StatsError,
    accuracy_series,
    match_key,
    recent_accuracy,
    result_of,
)
from scopa.storage import Store

SETUP = MatchSetup((SeatConfig("Giulia", True), SeatConfig("CPU", False, "master")), Rules())
OLD_FILE = {
    "schema": 1,
    "tallies": [
        {"mode": "solo", "players": 2, "preset": "classic", "level": "expert", "played": 1,
         "won": 1, "lost": 0, "scope": 2, "undone": 0, "best": 4, "worst": 4},
    ],
    "recent": [
        {"mode": "solo", "players": 2, "preset": "classic", "level": "expert", "won": True,
         "margin": 4, "scope": 2, "totals": [11, 7], "rounds": 3, "undone": False,
         "when": "2024-05-01T10:00:00+00:00"},
    ],
    "best": None,
    "worst": None,
}  # fmt: skip
"""A statistics file as the game wrote it before matches were reviewed."""


def finished(seed: int) -> Match:
    rng = random.Random(seed)
    match = Match.new(Rules(), seed)
    while not match.over:
        match, _ = match.apply(rng.choice(match.legal_moves()))
    return match


def test_the_accuracy_joins_the_result_of_its_match() -> None:
    first, second = finished(1), finished(2)
    stats = Stats().add(result_of(SETUP, first)).add(result_of(SETUP, second))
    assert [r.match_id for r in stats.recent] == [match_key(first), match_key(second)]
    assert accuracy_series(stats) == [] and recent_accuracy(stats) is None
    reviewed = stats.with_accuracy(match_key(first), 72.345)
    assert [r.accuracy for r in reviewed.recent] == [72.345, None]
    assert accuracy_series(reviewed) == [72.345]
    reviewed = reviewed.with_accuracy(match_key(second), 90)
    assert accuracy_series(reviewed) == [72.345, 90.0]
    assert recent_accuracy(reviewed) == pytest.approx(81.1725)
    assert reviewed.with_accuracy("nothing/0", 50) == reviewed
    assert reviewed.with_accuracy(match_key(first), 10) == reviewed  # reviewed once only
    assert reviewed.total() == stats.total()


def test_the_accuracy_kept_shows_as_the_review_showed_it() -> None:
    """5 good choices of 11 is 45 % in the review: the statistics say 45 % too, not the
    46 % of a figure kept as 45.5 and rounded again."""
    match = finished(5)
    accuracy = 100 * 5 / 11
    stats = Stats().add(result_of(SETUP, match)).with_accuracy(match_key(match), accuracy)
    again = Stats.from_dict(json.loads(json.dumps(stats.to_dict())))
    assert round(recent_accuracy(again) or 0) == round(accuracy) == 45


def test_the_best_result_carries_its_accuracy_too() -> None:
    match = finished(3)
    stats = Stats().add(result_of(SETUP, match))
    reviewed = stats.with_accuracy(match_key(match), 64.0)
    assert reviewed.recent[-1].accuracy == 64.0
    if stats.best is not None:
        assert reviewed.best is not None and reviewed.best.accuracy == 64.0


@pytest.mark.parametrize("bad", [-1, 100.5, float("nan"), "80", True, None])
def test_an_accuracy_outside_0_to_100_is_refused(bad: object) -> None:
    with pytest.raises(StatsError, match="accuracy"):
        Stats().with_accuracy("a/1", bad)  # type: ignore[arg-type]
    data = Stats().add(result_of(SETUP, finished(4))).to_dict()
    data["recent"][0]["accuracy"] = bad
    if bad is None:
        assert Stats.from_dict(data).recent[0].accuracy is None
        return
    with pytest.raises(StatsError, match="accuracy"):
        Stats.from_dict(data)


def test_the_accuracy_of_the_last_matches_weighs_each_by_its_choices() -> None:
    """54 % of thirteen choices and 0 % of one read as 27 % "over the last 10": a match of
    one choice weighed as much as one of thirteen. The fourteen choices together were 50 %
    as good as Master's; a match kept without its count weighs as the others on average."""
    first, second, third = finished(1), finished(2), finished(3)
    stats = Stats().add(result_of(SETUP, first)).add(result_of(SETUP, second))
    stats = stats.with_accuracy(match_key(first), 7 / 13 * 100, 13)
    stats = stats.with_accuracy(match_key(second), 0.0, 1)
    assert [r.decisions for r in stats.recent] == [13, 1]
    assert recent_accuracy(stats) == pytest.approx(50.0)
    older = stats.add(result_of(SETUP, third)).with_accuracy(match_key(third), 100.0)
    assert older.recent[-1].decisions is None  # (as a file written before counts were kept)
    assert recent_accuracy(older) == pytest.approx((700 + 0 + 100 * 7) / 21)
    again = Stats.from_dict(json.loads(json.dumps(stats.to_dict())))
    assert again == stats


def test_reviewed_results_round_trip() -> None:
    match = finished(5)
    stats = Stats().add(result_of(SETUP, match)).with_accuracy(match_key(match), 55.5)
    again = Stats.from_dict(json.loads(json.dumps(stats.to_dict())))
    assert again == stats
    assert again.recent[0].accuracy == 55.5


def test_files_from_before_reviews_still_load_and_are_written_the_same() -> None:
    stats = Stats.from_dict(OLD_FILE)
    assert stats.recent[0].accuracy is None and stats.recent[0].match_id == ""
    assert stats.total().played == 1
    assert stats.to_dict() == OLD_FILE  # nothing new is written for a match never reviewed


def test_the_store_notes_the_accuracy_in_the_file(tmp_path) -> None:  # noqa: ANN001
    store = Store(tmp_path)
    store.stats_path.write_text(json.dumps(OLD_FILE), encoding="utf-8")
    match = finished(6)
    assert store.finish_match(SETUP, match)
    assert store.note_accuracy(match_key(match), 81.0)
    stats = store.load_stats()
    assert [r.accuracy for r in stats.recent] == [None, 81.0]
    assert store.take_messages() == []
    assert store.note_accuracy(match_key(match), 20.0)  # already reviewed: left alone
    assert accuracy_series(store.load_stats()) == [81.0]


def test_a_result_is_named_by_its_seed_and_length() -> None:
    match = finished(7)
    result = result_of(SETUP, match)
    assert result.match_id == f"{match.seed:x}/{len(match.moves())}"
    assert isinstance(result, MatchResult)
