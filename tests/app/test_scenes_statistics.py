"""The statistics screen reads the real statistics file: the tiles and bars count the
matches recorded, and an empty record shows a friendly line instead of empty charts."""

from __future__ import annotations

import random

from scopa.app.scenes.statistics import StatisticsScene
from scopa.engine import Match, Rules
from scopa.settings import MatchSetup, SeatConfig

from .menu_helpers import frame


def play_out(seed: int) -> Match:
    match = Match.new(Rules(), seed)
    rng = random.Random(seed)
    while not match.over:
        match, _ = match.apply(rng.choice(match.legal_moves()))
    return match


def test_tiles_and_bars_count_the_recorded_matches(app, store) -> None:
    levels = ["beginner", "master", "master", "beginner", "expert"]
    won = {"beginner": [0, 0], "expert": [0, 0], "master": [0, 0]}
    scope = 0
    for seed, level in enumerate(levels):
        setup = MatchSetup((SeatConfig("Anna", True), SeatConfig("CPU", False, level)), Rules())
        match = play_out(seed)
        store.record_result(setup, match)
        won[level][0 if match.winner == 0 else 1] += 1
        scope += sum(scores[0].scope for scores in match.rounds)
    scene = StatisticsScene(app)
    app.stack.push(scene)
    frame(app)
    tiles = dict(scene.tiles())
    wins = sum(w for w, _ in won.values())
    assert tiles[app.t("st_played")] == "5"
    assert tiles[app.t("st_won")] == str(wins)
    assert tiles[app.t("st_lost")] == str(5 - wins)
    assert tiles[app.t("st_rate")] == f"{round(wins / 5 * 100)}%"
    assert tiles[app.t("st_scope")] == str(scope)
    bars = dict(scene.by_level())
    for level, (w, lost) in won.items():
        assert bars[app.t(f"level_{level}")] == (w, lost)


def test_no_matches_yet(app) -> None:
    scene = StatisticsScene(app)
    app.stack.push(scene)
    frame(app)
    assert dict(scene.tiles())[app.t("st_played")] == "0"
    assert scene.by_level() == []


def test_a_damaged_statistics_file_is_reported_not_fatal(app, store) -> None:
    store.stats_path.parent.mkdir(parents=True, exist_ok=True)
    store.stats_path.write_text("{not json", encoding="utf-8")
    scene = StatisticsScene(app)
    app.stack.push(scene)
    frame(app)
    assert dict(scene.tiles())[app.t("st_played")] == "0"
    assert app.toasts, "the player is told the file was set aside"


def test_grouping_by_kind_of_match_counts_hot_seat_matches(app, store) -> None:
    import pygame

    from .menu_helpers import press

    solo = MatchSetup((SeatConfig("Anna", True), SeatConfig("CPU", False, "expert")), Rules())
    hotseat = MatchSetup((SeatConfig("Anna", True), SeatConfig("Bruno", True)), Rules())
    first, second = play_out(1), play_out(2)
    store.record_result(solo, first)
    store.record_result(hotseat, second)
    scene = StatisticsScene(app)
    app.stack.push(scene)
    frame(app)
    scene.form.set_focus(scene.dimension_choice)
    press(app, pygame.K_RIGHT)
    assert scene.dimension == "mode"
    bars = dict(scene.groups())
    won = 1 if first.winner == 0 else 0
    assert bars[app.t("mode_solo")] == (won, 1 - won, 0)
    assert bars[app.t("mode_hotseat")] == (0, 0, 1)
    press(app, pygame.K_RIGHT)
    assert dict(scene.groups())[app.t("players_n", n=2)] == (won, 1 - won, 1)
