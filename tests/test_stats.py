"""Statistics: results of finished matches, tallies, records, chart series, storage form."""

from __future__ import annotations

import json
import random
from datetime import UTC, datetime

import pytest

from scopa.engine import Match, Rules
from scopa.settings import MatchSetup, SeatConfig
from scopa.stats import (
    RECENT,
    MatchResult,
    Stats,
    StatsError,
    Tally,
    margin_series,
    result_of,
    rolling_win_rate,
    scope_series,
    trend_start,
    undone_steps,
    win_streaks,
)


def finished(rules: Rules, seed: int) -> Match:
    rng = random.Random(seed)
    match = Match.new(rules, seed)
    while not match.over:
        match, _ = match.apply(rng.choice(match.legal_moves()))
    return match


def result(margin: int | None, *, mode: str = "solo", level: str = "expert", undone: bool = False,
           players: int = 2, preset: str = "classic", scope: int = 1) -> MatchResult:  # fmt: skip
    won = None if margin is None else margin > 0
    totals = (11, 5) if margin is None else (11, 11 - margin)  # the margin the totals give
    return MatchResult(mode, players, preset, level, won, margin, scope, totals, 3, undone)


def test_solo_result_is_seen_from_the_human_side() -> None:
    match = finished(Rules(), 4)
    when = datetime(2026, 1, 2, 3, 4, 5, tzinfo=UTC)
    res = result_of(MatchSetup.solo(level="master"), match, when=when)
    human, computer = match.totals
    assert res.won == (match.winner == 0)
    assert res.margin == human - computer
    assert res.scope == sum(scores[0].scope for scores in match.rounds)
    assert (res.mode, res.players, res.preset, res.level) == ("solo", 2, "classic", "master")
    assert res.rounds == len(match.rounds) and res.totals == match.totals
    assert res.when == "2026-01-02T03:04:05+00:00"


def test_the_scopas_counted_are_the_tables_swept_not_cirulla_s_bonuses() -> None:
    """Cirulla scores a hand's bonus (a knock, the dealer's table) as scopas: the player's
    record of scopas counted them as tables swept (45, 21 of them bonuses)."""
    for seed in range(1, 60):
        match = finished(Rules.preset("cirulla"), seed)
        if any(scores[0].bonus for scores in match.rounds):
            break
    else:
        raise AssertionError("no match with a bonus")
    res = result_of(MatchSetup.solo(Rules.preset("cirulla"), level="master"), match)
    swept = sum(scores[0].scope - scores[0].bonus for scores in match.rounds)
    assert res.scope == swept < sum(scores[0].scope for scores in match.rounds)


def test_a_match_won_behind_on_points_is_no_record_of_margin() -> None:
    """A Cirulla match won by cappotto 24 to 28 was kept as a margin of -4: the best margin
    of a player who had won every match was below nought, and a later one won 6 to 24 made
    -18 the worst. A match decided other than on points is counted won, its margin charted
    as it was, and is no record of the best or worst margin; the one it beat is kept."""
    rules = Rules.preset("cirulla")
    cappotto = finished(rules, 1374)
    assert cappotto.cappotto and cappotto.winner == 0 and cappotto.totals == (24, 28)
    setup = MatchSetup.solo(rules, level="expert")
    res = result_of(setup, cappotto)
    assert res.won is True and res.margin == -4 and res.outright and res.record_margin is None
    plain = finished(rules, 4)
    on_points = result_of(setup, plain)
    assert not on_points.outright and on_points.record_margin == on_points.margin
    stats = Stats().add(on_points).add(res)
    assert stats.best is on_points and stats.worst is on_points
    total = stats.total()
    assert total.won == (2 if on_points.won else 1)
    assert total.best == total.worst == on_points.margin
    assert margin_series(stats) == [on_points.margin, -4]
    lost = MatchResult("solo", 2, "cirulla", "expert", False, 3, 0, (30, 27), 4)
    assert lost.outright and lost.record_margin is None  # the other side's cappotto


def test_partners_in_hot_seat_share_one_side() -> None:
    rules = Rules.preset("scopone")
    seats = (SeatConfig("A", True), SeatConfig("X", False, "beginner"), SeatConfig("B", True),
             SeatConfig("Y", False, "beginner"))  # fmt: skip
    match = finished(rules, 8)
    res = result_of(MatchSetup(seats, rules), match)
    assert res.mode == "hotseat" and res.preset == "scopone" and res.level == "beginner"
    assert res.won == (match.winner == 0)
    assert res.margin == match.totals[0] - match.totals[1]


def test_rivals_in_hot_seat_have_no_win_or_margin() -> None:
    rules = Rules(players=3, target=16)
    seats = (SeatConfig("A", True), SeatConfig("B", True), SeatConfig("C", False, "master"))
    match = finished(rules, 2)
    res = result_of(MatchSetup(seats, rules), match)
    assert (res.won, res.margin, res.preset) == (None, None, "classic")
    assert sum(s[0].scope + s[1].scope for s in match.rounds) > 0
    assert res.scope == 0  # neither rival's scopas are the player's


def test_watching_computers_and_mixed_levels() -> None:
    rules = Rules()
    seats = (SeatConfig("X", False, "expert"), SeatConfig("Y", False, "master"))
    match = finished(rules, 1)
    res = result_of(MatchSetup(seats, rules), match)
    assert (res.mode, res.level, res.won) == ("watch", "mixed", None)
    assert sum(s[0].scope + s[1].scope for s in match.rounds) > 0
    assert res.scope == 0  # the computers' scopas are no one's here


def test_unfinished_match_has_no_result() -> None:
    with pytest.raises(StatsError, match="finished"):
        result_of(MatchSetup.solo(), Match.new(Rules(), 1))


def test_tallies_add_up_by_any_dimension() -> None:
    stats = Stats()
    for res in [
        result(3, level="expert"),
        result(-2, level="expert"),
        result(5, level="master", players=3, preset="custom"),
        result(None, mode="hotseat", level="none"),
        result(4, level="master", undone=True),
    ]:
        stats = stats.add(res)
    everything = stats.total()
    assert (everything.played, everything.won, everything.lost, everything.undone) == (5, 3, 1, 1)
    assert everything.scope == 5
    assert stats.total(level="master") == Tally(2, 2, 0, 2, 1, 5, 5)
    assert stats.total(mode="solo", level="expert").win_rate == 0.5
    assert stats.total(mode="hotseat").win_rate is None
    levels = dict(stats.by("level"))
    assert set(levels) == {"expert", "master", "none"}
    assert levels["expert"].played == 2
    assert [players for players, _ in stats.by("players", mode="solo")] == [2, 3]
    with pytest.raises(StatsError, match="dimension"):
        stats.total(colour="red")
    with pytest.raises(StatsError, match="dimension"):
        stats.by("colour")


def test_best_and_worst_leave_out_undone_matches() -> None:
    stats = Stats()
    for res in [result(2), result(9, undone=True), result(-7, undone=True), result(-1), result(5)]:
        stats = stats.add(res)
    assert stats.best is not None and stats.best.margin == 5
    assert stats.worst is not None and stats.worst.margin == -1
    solo = stats.total(mode="solo")
    assert (solo.best, solo.worst, solo.undone) == (5, -1, 2)


def test_wins_in_a_row_end_at_a_loss_or_a_win_with_undo_and_skip_undecided_matches() -> None:
    """The statistics kept no run of wins (the commercial apps' "wins in a row"): the run
    the recent matches end on, and the longest among them. A loss ends a run, and so does
    a win with moves taken back; rivals at one screen (no side the player's) leave it."""
    assert win_streaks(Stats()) == (0, 0)
    stats = Stats()
    runs = [3, 2, 4, None, 1, -2, 5, 1, None, 2, 3]  # margins: None undecided, < 0 a loss
    for margin in runs:
        stats = stats.add(result(margin, mode="hotseat" if margin is None else "solo"))
    assert win_streaks(stats) == (4, 4)  # 5 1 (rivals) 2 3; the first run: 3 2 4 (rivals) 1
    stats = stats.add(result(6, undone=True))
    assert win_streaks(stats) == (0, 4)
    for margin in (1, 2, 3, 4, 5):
        stats = stats.add(result(margin))
    assert win_streaks(stats) == (5, 5)
    assert win_streaks(stats, level="master") == (0, 0)


def test_the_margin_chart_knows_which_of_its_steps_were_played_with_undo() -> None:
    """Steps count decided matches only (a match among people has no margin and no step)."""
    stats = Stats()
    played = [result(2), result(None), result(9, undone=True), result(-1), result(3, undone=True)]
    for res in played:
        stats = stats.add(res)
    assert margin_series(stats) == [2, 9, -1, 3]
    assert undone_steps(stats) == {1, 3}
    assert undone_steps(stats, level="master") == set()


def test_a_match_played_on_hints_counts_but_is_no_record() -> None:
    """A match won by following Master's hint at every move counted as a full win: the
    player's best margin, and their wins in a row, were Master's. Like one with moves
    taken back, it counts, its margin is charted apart, and it is no record."""
    import dataclasses

    hinted = dataclasses.replace(result(9), hinted=True)
    stats = Stats().add(result(2)).add(result(4)).add(hinted).add(result(-1))
    assert stats.best is not None and stats.best.margin == 4
    assert stats.total().won == 3 and stats.total().best == 4
    assert win_streaks(Stats().add(result(2)).add(result(4)).add(hinted)) == (0, 2)
    assert undone_steps(stats) == {2}
    kept = MatchResult.from_dict(json.loads(json.dumps(hinted.to_dict())))
    assert kept == hinted and kept.hinted
    assert "hinted" not in result(2).to_dict()  # older files, and unaided matches, lack it
    with pytest.raises(StatsError, match="hinted"):
        MatchResult.from_dict({**hinted.to_dict(), "hinted": "yes"})


def test_the_result_of_a_match_says_whether_hints_were_followed() -> None:
    rules = Rules()
    match = finished(rules, 4)
    setup = MatchSetup.solo(rules, level="expert")
    assert result_of(setup, match, hinted=True).hinted
    assert not result_of(setup, match).hinted


def test_recent_results_are_capped() -> None:
    stats = Stats()
    for n in range(RECENT + 20):
        stats = stats.add(result(n % 7 - 3))
    assert len(stats.recent) == RECENT
    assert stats.total().played == RECENT + 20


def test_chart_series() -> None:
    stats = Stats()
    for margin in (3, -2, None, 4, -1, 6):
        stats = stats.add(result(margin, scope=2 if margin is None else 1))
    assert margin_series(stats) == [3, -2, 4, -1, 6]
    assert scope_series(stats) == [1, 1, 2, 1, 1, 1]
    assert rolling_win_rate(stats, window=2) == [1.0, 0.5, 0.5, 0.5, 0.5]
    assert rolling_win_rate(stats, window=10) == [1.0, 0.5, 2 / 3, 0.5, 0.6]
    assert margin_series(stats, level="master") == []
    with pytest.raises(StatsError):
        rolling_win_rate(stats, window=0)


def test_round_trip_through_json() -> None:
    stats = Stats()
    for margin in (3, -2, None, 4):
        stats = stats.add(result(margin, level="beginner" if margin else "none"))
    data = json.loads(json.dumps(stats.to_dict()))
    assert Stats.from_dict(data) == stats


GOOD_ROW = {"mode": "solo", "players": 2, "preset": "classic", "level": "expert", "played": 2,
            "won": 1, "lost": 1, "scope": 0, "undone": 0, "best": 3, "worst": -1}  # fmt: skip


@pytest.mark.parametrize(
    ("change", "named"),
    [
        ({"played": -1}, "negative"),
        ({"won": 5}, "more wins"),
        ({"players": "two"}, "players"),
        ({"best": 1.5}, "best"),
        ({"mode": None}, "mode"),
        ({"mode": "tournament"}, "mode"),  # a kind of match this game does not count
        ({"colour": "red"}, "colour"),
        ({"won": True}, "won"),
        ({"best": -100, "worst": -4}, "best margin"),  # the best below the worst
    ],
)
def test_bad_rows_are_refused(change: dict, named: str) -> None:
    data = {"schema": 1, "tallies": [{**GOOD_ROW, **change}], "recent": []}
    with pytest.raises(StatsError, match=named):
        Stats.from_dict(data)


@pytest.mark.parametrize(
    ("change", "named"),
    [
        ({"margin": "big"}, "margin"),
        ({"totals": [11, "x"]}, "totals"),
        ({"won": "yes"}, "won"),
        ({"extra": 1}, "extra"),
        ({"undone": 0}, "undone"),
        ({"mode": "tournament"}, "mode"),
        # each entry reads, but they do not hold together (a file edited by hand):
        ({"margin": -1_000_000_000, "totals": [-40, 99_999_999]}, "margin"),
        ({"margin": 5}, "margin"),  # 11 to 8 is a lead of 3
        ({"margin": None}, "margin"),  # a won match with no margin
        ({"totals": [11]}, "totals"),
        ({"totals": [11, 8, 2]}, "totals"),  # three sides for two players
        ({"rounds": -2}, "rounds"),
    ],
)
def test_bad_results_are_refused(change: dict, named: str) -> None:
    good = result(3).to_dict()
    with pytest.raises(StatsError, match=named):
        MatchResult.from_dict({**good, **change})
    missing = {k: v for k, v in good.items() if k != "scope"}
    with pytest.raises(StatsError, match="scope"):
        MatchResult.from_dict(missing)


def test_schema_is_checked() -> None:
    assert Stats.from_dict({"schema": 1, "tallies": [], "recent": []}) == Stats()
    with pytest.raises(StatsError, match="newer version"):
        Stats.from_dict({"schema": 2, "tallies": [], "recent": []})
    with pytest.raises(StatsError, match="schema"):
        Stats.from_dict({"tallies": [], "recent": []})


def test_a_lost_tally_row_is_counted_again_from_the_recent_matches_kept() -> None:
    """The only tally row damaged: the statistics were "kept" but said "no matches yet"
    over the nine recent matches kept. The kind of match is counted from them."""
    from scopa.stats import salvage

    stats = Stats()
    for margin in (3, -2, 4, 5, -1):
        stats = stats.add(result(margin))
    stats = stats.add(result(2, level="master"))
    data = json.loads(json.dumps(stats.to_dict()))
    rows = data["tallies"]
    expert = next(row for row in rows if row["level"] == "expert")
    expert["played"] = -5  # damaged: the expert row is lost
    kept = salvage(data)
    assert kept is not None
    assert kept.tallies[("solo", 2, "classic", "expert")] == Tally(5, 3, 2, 5, 0, 5, -2)
    assert (
        kept.tallies[("solo", 2, "classic", "master")]
        == stats.tallies[("solo", 2, "classic", "master")]
    )  # a row that reads is kept as it is, not counted twice
    assert kept.total().played == 6


def test_a_row_whose_best_is_below_its_worst_keeps_its_counts_without_them() -> None:
    """Statistics edited by hand showed "Best margin -100" beside "Worst margin -4". The
    row is refused, and salvaged with its counts, its best and worst left out."""
    from scopa.stats import salvage

    data = {"schema": 1, "tallies": [{**GOOD_ROW, "best": -100, "worst": -4}], "recent": []}
    kept = salvage(data)
    assert kept is not None
    assert kept.tallies[("solo", 2, "classic", "expert")] == Tally(2, 1, 1, 0, 0, None, None)
    # the recent matches kept still tell some margins: shown rather than "—" beside a
    # chart of the same matches
    recent = Stats().add(result(3)).add(result(-2)).add(result(5, undone=True))
    data["recent"] = [item.to_dict() for item in recent.recent]
    kept = salvage(data)
    assert kept is not None
    assert kept.tallies[("solo", 2, "classic", "expert")] == Tally(2, 1, 1, 0, 0, 3, -2)


def test_a_recent_match_whose_accuracy_alone_is_wrong_is_kept_without_it() -> None:
    from scopa.stats import salvage

    stats = Stats().add(result(3)).with_accuracy("", 80.0)
    data = json.loads(json.dumps(stats.to_dict()))
    data["recent"][0]["accuracy"] = 500
    kept = salvage(data)
    assert kept is not None and len(kept.recent) == 1 and kept.recent[0].accuracy is None


def test_counts_added_past_what_a_file_holds_stop_there(tmp_path) -> None:
    """Two kept results of a damaged file, each near the most a count may be, were added
    up to a tally row its reader refuses: each reading set the file aside again, with a new
    message and a new backup, until the player's own file fell out of the backups kept."""
    from scopa.stats import MAX_COUNT
    from scopa.storage import Store

    def near(number: int) -> dict:
        kept = result(2, scope=MAX_COUNT // 2 + 1).to_dict()
        return {**kept, "match_id": f"{number}/40"}

    data = {"schema": 1, "tallies": ["damaged row"], "recent": [near(1), near(2)]}
    (tmp_path / "stats.json").write_text(json.dumps(data))
    store = Store(tmp_path)
    assert store.load_stats().total().scope == MAX_COUNT
    assert len(store.take_messages()) == 1
    assert store.load_stats().total().scope == MAX_COUNT
    assert store.take_messages() == []  # written back as it reads
    assert [path.name for path in tmp_path.glob("stats.json.bak*")] == ["stats.json.bak"]
    big = Tally(MAX_COUNT, MAX_COUNT - 1, 1, 0) + Tally(5, 0, 5, 0)
    assert (big.played, big.won, big.lost) == (MAX_COUNT, MAX_COUNT - 1, 1)


def test_the_results_trend_starts_where_a_whole_window_of_matches_is_kept() -> None:
    """A new player's chart starts at the first match (the rate so far); once older matches
    were dropped, at the tenth kept, the first whose win rate over ten is a whole window's
    (matches among people, with no winner for the player, are no steps)."""
    stats = Stats()
    for n in range(RECENT - 1):
        stats = stats.add(result(n % 7 - 3 or 1))
    assert trend_start(stats) == 0
    stats = stats.add(result(None))  # a match among rivals fills the last place
    assert trend_start(stats) == 0  # every decided match is still kept
    stats = stats.add(result(4))  # the first decided match is dropped
    assert len(stats.recent) == RECENT
    assert trend_start(stats) == 9 and trend_start(stats, window=20) == 19
    assert trend_start(stats, level="master") == 0
    with pytest.raises(StatsError):
        trend_start(stats, window=0)


def test_a_computer_partner_is_not_an_opponent_in_the_level() -> None:
    """Scopone with an Expert partner against two Masters was filed under "Mixed levels"
    (Past matches: "against Master and Expert"): the level is the opponents'."""
    import random

    from scopa.engine import Match, Rules
    from scopa.settings import MatchSetup, SeatConfig
    from scopa.stats import result_of

    rules = Rules(players=4, teams=True)
    seats = (
        SeatConfig("Anna", True),
        SeatConfig("B", False, "master"),
        SeatConfig("C", False, "expert"),  # Anna's partner, across the table
        SeatConfig("D", False, "master"),
    )
    assert rules.side_of(2) == rules.side_of(0)
    match, rng = Match.new(rules, 3), random.Random(3)
    while not match.over:
        match, _ = match.apply(rng.choice(match.legal_moves()))
    assert result_of(MatchSetup(seats, rules), match).level == "master"
