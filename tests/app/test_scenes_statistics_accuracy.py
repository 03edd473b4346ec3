"""The statistics show the accuracy Master's reviews gave the player: the mean of the last
reviewed matches on a tile, and a chart of every reviewed match over time."""

from __future__ import annotations

import pygame

from scopa.app import style
from scopa.app.scenes.statistics import StatisticsScene
from scopa.stats import MatchResult, Stats

from .menu_helpers import click, frame, press


def result(index: int, accuracy: float | None) -> MatchResult:
    return MatchResult("solo", 2, "classic", "expert", True, 3, 1, (11, 8), 4,
                       match_id=f"{index:x}/40", accuracy=accuracy)  # fmt: skip


def texts_of(app) -> list[str]:  # noqa: ANN001
    """What the next frame writes, the mouse away from every control (no hint)."""
    away = pygame.event.Event(pygame.MOUSEMOTION, pos=(1, 1), rel=(0, 0), buttons=(0, 0, 0))
    seen: list[style.Drawn] = []
    with style.watch_text(seen.append):
        frame(app, away)
    return [text.words for text in seen]


def test_the_accuracy_of_reviewed_matches_is_charted(app, store) -> None:  # noqa: ANN001
    app.settings = app.settings.with_(language="en")
    app.set_language("en")
    stats = Stats()
    for index, accuracy in enumerate((None, 60.0, 70.0, None, 80.0)):
        stats = stats.add(result(index, accuracy))
    store.save_stats(stats)
    scene = StatisticsScene(app)
    app.stack.push(scene)
    assert dict(scene.tiles())["Accuracy (last\u00a010)"] == "70%"
    assert scene.accuracies() == [60.0, 70.0, 80.0]
    assert "Accuracy of your last 3 graded matches (%)" not in texts_of(app)
    click(app, scene.trend_choice)
    assert scene.trend == "accuracy"
    texts = texts_of(app)
    assert "Accuracy of your last 3 graded matches (%)" in texts
    assert "80" in texts  # the last value, written at the end of the line
    # clicked, the switch is not explained once the pointer leaves it: the legend says
    # what the accuracy's line is (the switch's words stood in its place)
    assert app.t("st_chart_hint") not in texts
    assert app.t("st_accuracy_line") in texts
    press(app, pygame.K_LEFT)  # a key: the focused switch, ringed now, explains itself
    assert scene.trend == "results"
    seen: list[style.Drawn] = []
    with style.watch_text(seen.append):
        frame(app)  # the pointer still
    assert seen[-1].words == app.t("st_chart_hint")
    assert app.t("st_chart_hint") not in texts_of(app)  # the pointer moved: the legend


def test_before_any_review_the_chart_says_how_to_get_one(app, store) -> None:  # noqa: ANN001
    app.settings = app.settings.with_(language="en")
    app.set_language("en")
    store.save_stats(Stats().add(result(1, None)))
    scene = StatisticsScene(app)
    app.stack.push(scene)
    assert dict(scene.tiles())["Accuracy (last\u00a010)"] == "\u2014"
    scene.trend = "accuracy"
    assert any(text.startswith("No match graded yet") for text in texts_of(app))


def test_a_year_of_reviewed_matches_charts_a_trend_not_a_blob(app, store) -> None:  # noqa: ANN001
    """432 reviewed matches drew 432 large dots edge to edge: a solid blob over the dashed
    100 line, and no trend to read. The axis read "1 ... 379": the newest step had no
    label, and nothing said the chart held only the last matches the statistics keep.
    Dense, each line is drawn thin and pale under its running mean, the target over them,
    a dot at its end only; the newest step is numbered; the title counts the matches."""
    import random

    from scopa.app.scenes.chart import line_chart

    app.settings = app.settings.with_(language="en")
    app.set_language("en")
    rng = random.Random(3)
    stats = Stats()
    for index in range(432):
        stats = stats.add(result(index, min(100.0, rng.uniform(55, 115))))  # often 100
    store.save_stats(stats)
    scene = StatisticsScene(app)
    app.stack.push(scene)
    click(app, scene.trend_choice)
    assert scene.trend == "accuracy"
    texts = texts_of(app)
    assert "Accuracy of your last 432 graded matches (%)" in texts
    assert "432" in texts  # the newest step, under the axis
    surface = pygame.Surface(app.size)
    surface.fill(style.PAPER_BRIGHT)
    values = [round(value) for value in scene.accuracies()]
    colour = (200, 40, 40)
    drawn = line_chart(surface, scene.trend_plot(), scene.m, [values], (colour,), y_min=0,
                       target=100)  # fmt: skip
    assert drawn is not None
    plot = drawn.plot

    def count(colours: set[tuple[int, ...]]) -> int:
        return sum(
            1
            for x in range(plot.left, plot.right)
            for y in range(plot.top - drawn.dot, plot.bottom)
            if surface.get_at((x, y))[:3] in colours
        )

    # one dot, at the line's end: a dot's rim is cream
    ring = 3.2 * (drawn.dot + 2) ** 2
    assert count({tuple(style.CREAM)[:3]}) <= 2 * ring
    # the dashed 100 line runs over the line's many 100s, seen along half the plot
    assert count({tuple(style.GOLD_DEEP)[:3]}) >= plot.w * 0.4
