"""The last matches finished alone against the computer are kept for their reviews: written
as each is counted, the newest kept, each once, a damaged entry costing only itself."""

from __future__ import annotations

import json
import os
import random
import time

import pytest

from scopa.engine import Match, Rules
from scopa.settings import MatchSetup, SeatConfig
from scopa.stats import Stats, match_key
from scopa.storage import PAST_KEPT, Store


def finished(seed: int, rules: Rules | None = None) -> Match:
    rules = Rules() if rules is None else rules
    rng = random.Random(seed)
    match = Match.new(rules, seed)
    while not match.over:
        match, _ = match.apply(rng.choice(match.legal_moves()))
    return match


SOLO = MatchSetup.solo(level="master")


def test_a_match_finished_alone_is_kept_with_how_it_was_played(tmp_path) -> None:  # noqa: ANN001
    store = Store(tmp_path)
    match = finished(1)
    store.finish_match(SOLO, match, undone=True, hinted={0, 4})
    (past,) = store.load_past()
    assert past.setup == SOLO and past.record == match.record()
    assert past.hinted == frozenset({0, 4}) and past.undone
    assert past.key == match_key(match) == store.load_stats().recent[-1].match_id
    assert past.ended.tzinfo is not None
    assert store.messages == []


def test_matches_at_one_screen_are_kept_apart_from_those_alone(tmp_path) -> None:  # noqa: ANN001
    """A copy of the game from before matches at one screen were kept read their list,
    took one of them there for damage, set the list aside and wrote it back without it:
    they are kept in a file of their own, the list of matches alone as such a copy reads
    it; the two are listed together, by their dates, and reset together."""
    from scopa.storage import PastMatch

    store = Store(tmp_path)
    people = MatchSetup((SeatConfig("Anna", True), SeatConfig("Bruno", True)), Rules())
    for seed, (setup, when) in enumerate(
        [(SOLO, "2026-12-01T20:00:00+01:00"), (people, "2026-12-01T21:00:00+01:00"),
         (SOLO, "2026-12-01T22:00:00+01:00")], start=1
    ):  # fmt: skip
        match = finished(seed)
        store.keep_past(PastMatch(when, setup, match.record(), match))
    alone = json.loads(store.past_path.read_text())["matches"]
    assert [len([s for s in m["setup"]["seats"] if s["human"]]) for m in alone] == [1, 1]
    together = json.loads(store.past_together_path.read_text())["matches"]
    assert len(together) == 1 and all(s["human"] for s in together[0]["setup"]["seats"])
    kept = store.load_past()
    assert [past.setup for past in kept] == [SOLO, people, SOLO]  # in the order played
    assert store.has_past()
    store.reset_stats()
    assert store.load_past() == [] and not store.past_together_path.exists()


@pytest.mark.parametrize("humans", [0, 2])
def test_a_watched_match_is_not_kept_and_a_hot_seat_one_is(tmp_path, humans: int) -> None:  # noqa: ANN001
    """A watched match has no review; a hot-seat match's is kept (each person is shown
    their own by the review itself)."""
    store = Store(tmp_path)
    seats = tuple(SeatConfig(f"P{seat}", seat < humans, "expert") for seat in range(2))
    setup = MatchSetup(seats, Rules())
    store.finish_match(setup, finished(2))
    assert store.load_stats().total().played == 1
    assert [past.setup for past in store.load_past()] == ([setup] if humans else [])


def test_the_newest_matches_are_kept_each_once(tmp_path) -> None:  # noqa: ANN001
    store = Store(tmp_path)
    matches = [finished(seed) for seed in range(PAST_KEPT + 3)]
    for match in matches:
        store.finish_match(SOLO, match)
    store.finish_match(SOLO, matches[-2])  # counted again (a game stopped as it counted)
    kept = [past.key for past in store.load_past()]
    expected = [match_key(m) for m in matches[3:] if m is not matches[-2]] + [
        match_key(matches[-2])
    ]
    assert kept == expected and len(kept) == PAST_KEPT


def test_a_file_listing_a_match_twice_shows_it_once(tmp_path) -> None:  # noqa: ANN001
    """A file of past matches merged from two copies listed every match twice: the Past
    matches screen read "your last 6 matches" and showed each twice. Each is kept once,
    where it was last listed, the file kept beside and the player told."""
    store = Store(tmp_path)
    for seed in range(3):
        store.finish_match(SOLO, finished(seed))
    data = json.loads(store.past_path.read_text())
    once = [past.key for past in store.load_past()]
    data["matches"] = data["matches"] + data["matches"][:1]
    doubled = json.dumps(data)
    store.past_path.write_text(doubled)
    store.messages.clear()
    kept = [past.key for past in store.load_past()]
    assert kept == once[1:] + once[:1]
    (message,) = store.messages
    assert message.key == "files.past_salvaged_set_aside"
    assert message.params["cause"].key == "files.cause_listed_twice"  # said as it is
    assert (tmp_path / "past.json.bak").read_text() == doubled
    again = Store(tmp_path)
    assert [past.key for past in again.load_past()] == kept and again.messages == []


def test_a_game_stopped_before_keeping_the_match_keeps_it_when_it_is_next_loaded(
    tmp_path,  # noqa: ANN001
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The match was counted in the statistics, then the game was stopped before it was
    kept among the past ones: loading the saved match (not yet marked counted) keeps it,
    and counts it no second time."""
    store = Store(tmp_path)
    match = finished(3)

    def stopped(self: Store, past: object) -> bool:
        raise KeyboardInterrupt

    with monkeypatch.context() as patched:
        patched.setattr(Store, "keep_past", stopped)
        with pytest.raises(KeyboardInterrupt):
            store.finish_match(SOLO, match)
    assert store.load_past() == [] and store.load_stats().total().played == 1
    again = Store(tmp_path)
    assert again.load_match() is not None
    assert [past.key for past in again.load_past()] == [match_key(match)]
    assert again.load_stats().total().played == 1


def test_a_damaged_entry_costs_only_itself(tmp_path) -> None:  # noqa: ANN001
    store = Store(tmp_path)
    for seed in range(3):
        store.finish_match(SOLO, finished(seed))
    data = json.loads(store.past_path.read_text())
    data["matches"][1]["record"] = data["matches"][1]["record"].replace("1", "Z", 3)
    store.past_path.write_text(json.dumps(data))
    store.messages.clear()
    kept = store.load_past()
    assert [past.key for past in kept] == [match_key(finished(s)) for s in (0, 2)]
    (message,) = store.messages
    assert message.key == "files.past_salvaged_set_aside"
    assert (tmp_path / "past.json.bak").exists()
    again = Store(tmp_path)
    assert again.load_past() == kept and again.messages == []


@pytest.mark.parametrize(
    "entry",
    [
        {"when": "yesterday"},
        {"setup": "hot-seat"},
        {"undone": "maybe"},
        {"hinted": [10**6]},
        {"extra": 1},
    ],
)
def test_an_entry_that_reads_wrong_is_left_out_with_a_message(tmp_path, entry: dict) -> None:  # noqa: ANN001
    store = Store(tmp_path)
    store.finish_match(SOLO, finished(5))
    data = json.loads(store.past_path.read_text())
    data["matches"][0].update(entry)
    store.past_path.write_text(json.dumps(data))
    store.messages.clear()
    assert store.load_past() == []
    (message,) = store.messages
    assert message.key == "files.past_set_aside"  # nothing read: set aside, not salvaged


def test_a_match_not_played_out_or_of_several_people_is_refused(tmp_path) -> None:  # noqa: ANN001
    store = Store(tmp_path)
    store.finish_match(SOLO, finished(6))
    data = json.loads(store.past_path.read_text())
    unfinished = Match.new(Rules(), 9)
    unfinished, _ = unfinished.apply(unfinished.legal_moves()[0])
    hotseat = MatchSetup((SeatConfig("A", True), SeatConfig("B", True)), Rules())
    good = data["matches"][0]
    data["matches"] = [
        {**good, "record": unfinished.record().text()},
        {**good, "setup": hotseat.to_dict()},
        good,
    ]
    store.past_path.write_text(json.dumps(data))
    store.messages.clear()
    assert [past.key for past in store.load_past()] == [match_key(finished(6))]
    assert [m.key for m in store.messages] == ["files.past_salvaged_set_aside"]


@pytest.fixture
def new_york(monkeypatch: pytest.MonkeyPatch):  # noqa: ANN201
    """The player's time five hours behind UTC: the calendar's last second, written
    without an offset, cannot be put in UTC (nor that second with one in this time)."""
    monkeypatch.setenv("TZ", "America/New_York")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


@pytest.mark.parametrize("when", ["9999-12-31T23:59:59", "9999-12-31T23:59:59-05:00"])
def test_a_date_the_players_time_cannot_hold_is_a_damaged_entry(
    tmp_path,  # noqa: ANN001
    new_york: None,
    when: str,
) -> None:
    """It was read (the list, every finished match kept after it, the Continue check of
    every start that followed) with an OverflowError that closed the game, or accepted
    and then closed the game as its row was drawn."""
    store = Store(tmp_path)
    for seed in range(2):
        store.finish_match(SOLO, finished(seed))
    data = json.loads(store.past_path.read_text())
    data["matches"][0]["when"] = when
    store.past_path.write_text(json.dumps(data))
    store.messages.clear()
    assert [past.key for past in store.load_past()] == [match_key(finished(1))]
    assert [message.key for message in store.messages] == ["files.past_salvaged_set_aside"]
    assert all(past.ended.astimezone() for past in store.load_past())
    store.finish_match(SOLO, finished(2))  # the next match is kept after it
    assert len(store.load_past()) == 2 and Store(tmp_path).load_match() is not None


def test_a_match_counted_at_the_next_start_is_dated_when_it_ended(tmp_path) -> None:  # noqa: ANN001
    """The game stopped before the match was counted; the next start counts it, and lists
    it as ended when it was saved played out, not at that start ("Today" for a match of
    last week)."""
    store = Store(tmp_path)
    match = finished(7)
    assert store.save_match(SOLO, match.record())  # the finish's first step, then stopped
    data = json.loads(store.save_path.read_text())
    data["saved"] = "2024-03-17T21:05:00+01:00"
    store.save_path.write_text(json.dumps(data))
    Store(tmp_path).load_match()
    (past,) = Store(tmp_path).load_past()
    assert past.when == "2024-03-17T21:05:00+01:00"


def test_a_killed_write_of_the_past_matches_leaves_no_file_behind(tmp_path) -> None:  # noqa: ANN001
    store = Store(tmp_path)
    store.finish_match(SOLO, finished(8))
    left = [tmp_path / ".past.json.123.abc.tmp", tmp_path / ".seats.json.123.abc.tmp"]
    for path in left:
        path.write_text("{")
        os.utime(path, (time.time() - 7200,) * 2)
    assert store.clean_temporary_files() == 2
    assert not any(path.exists() for path in left) and len(store.load_past()) == 1


def test_matches_counted_while_accuracies_are_noted_lose_nothing(tmp_path) -> None:  # noqa: ANN001
    """A past match graded again notes its accuracy on a thread of its own while a match
    ends on the save thread: each read the statistics, changed them and wrote them back,
    and one thread's change was lost (a result, or an accuracy)."""
    import threading

    store = Store(tmp_path)
    matches = [finished(seed) for seed in range(30)]
    for match in matches[:15]:
        store.finish_match(SOLO, match)

    def note() -> None:
        for match in matches[:15]:
            store.note_accuracy(match_key(match), 50.0)

    def count() -> None:
        for match in matches[15:]:
            store.finish_match(SOLO, match)

    threads = [threading.Thread(target=note), threading.Thread(target=count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    recent = store.load_stats().recent
    assert len(recent) == 30 and sum(r.accuracy is not None for r in recent) == 15


@pytest.mark.parametrize("share", [0.5, 0.9])
def test_a_list_cut_short_keeps_the_matches_written_whole_before_the_cut(
    tmp_path,  # noqa: ANN001
    share: float,
) -> None:
    """A list of past matches that ended before its text did (a copy or a disk that
    stopped) lost every match, the reviews of those before the cut too: they are kept, the
    file kept beside them, as the statistics are."""
    store = Store(tmp_path)
    for seed in range(6):
        store.finish_match(SOLO, finished(seed))
    whole = store.load_past()
    text = store.past_path.read_text()
    cut = text[: round(len(text) * share)]
    store.past_path.write_text(cut)
    store.messages.clear()
    kept = store.load_past()
    (message,) = store.messages
    assert message.key == "files.past_salvaged_set_aside"
    assert (tmp_path / "past.json.bak").read_text() == cut
    assert kept and kept == whole[: len(kept)] and len(kept) >= len(whole) * share - 2
    again = Store(tmp_path)
    assert again.load_past() == kept and again.messages == []


def same_results(stats: Stats, other: Stats) -> bool:
    """The two hold the same results, each dated within a second of the other (a match is
    counted, then kept among the past matches, a moment apart), in UTC both; those ended
    in one second in either order."""
    from dataclasses import replace
    from datetime import datetime, timedelta

    def undated(results: tuple) -> list:  # noqa: ANN001
        return sorted((replace(r, when="") for r in results), key=lambda r: r.match_id)

    def dates(results: tuple) -> list[datetime]:  # noqa: ANN001
        return sorted(datetime.fromisoformat(r.when) for r in results)

    pairs = zip(dates(stats.recent), dates(other.recent), strict=True)
    return (
        stats.tallies == other.tallies
        and undated(stats.recent) == undated(other.recent)
        and all(a.utcoffset() == timedelta(0) for a in dates(stats.recent))
        and all(abs(a - b) <= timedelta(seconds=1) for a, b in pairs)
    )


def test_statistics_whose_every_match_is_damaged_are_made_again_from_the_past_matches(
    tmp_path,
) -> None:
    """Every row of the tallies and of the recent matches damaged, the best result still
    reading: "what could still be read was kept", and the statistics said no matches yet,
    while a file damaged whole was made again from the past matches. Nothing counted reads:
    made again the same way."""
    store = Store(tmp_path)
    for seed in (1, 2):
        store.finish_match(SOLO, finished(seed))
    counted = store.load_stats()
    data = json.loads(store.stats_path.read_text())
    for row in data["tallies"]:
        row.update(played=3, won=7, lost=-2)
    for item in data["recent"]:
        item["totals"] = "tanti"
    assert data["best"] is not None
    store.stats_path.write_text(json.dumps(data))
    again = Store(tmp_path)
    rebuilt = again.load_stats()
    assert [m.key for m in again.messages] == ["files.stats_rebuilt_set_aside"]
    assert same_results(rebuilt, counted)


@pytest.mark.parametrize("damage", [b"\x00\xff garbage", b"[1, 2, 3]", b'{"schema": 1, "x": '])
def test_statistics_lost_whole_are_made_again_from_the_past_matches(
    tmp_path, damage: bytes
) -> None:  # noqa: ANN001
    """The statistics file damaged past reading: they started again from zero, while the
    past matches, each with its whole record, stayed. They are made again from those, as
    they were counted (the results, the dates, a match with a play taken back kept out of
    the records), the damaged file kept beside, the player told; with none kept, from zero.
    A statistics file deleted (a player starting afresh) is not made again."""
    people = MatchSetup((SeatConfig("Anna", True), SeatConfig("Bruno", True)), Rules())
    store = Store(tmp_path)
    for seed, setup in enumerate([SOLO, people, SOLO], start=1):
        store.finish_match(setup, finished(seed), undone=seed == 3)
    counted = store.load_stats()
    assert len(counted.recent) == 3
    store.stats_path.write_bytes(damage)
    again = Store(tmp_path)
    rebuilt = again.load_stats()
    assert [m.key for m in again.messages] == ["files.stats_rebuilt_set_aside"]
    assert same_results(rebuilt, counted)
    assert same_results(Store(tmp_path).load_stats(), counted)  # written back
    assert (tmp_path / "stats.json.bak").read_bytes() == damage
    store.stats_path.unlink()  # deleted: not made again
    assert Store(tmp_path).load_stats() == Stats()
    for path in store.past_paths:
        path.unlink()
    store.stats_path.write_bytes(damage)  # none kept: from zero, as before
    alone = Store(tmp_path)
    assert alone.load_stats() == Stats()
    assert [m.key for m in alone.messages] == ["files.stats_set_aside"]
