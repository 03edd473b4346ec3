"""The statistics show the accuracy Master's reviews gave the player: the mean of the last
reviewed matches on a tile, and a chart of every reviewed match over time."""

from __future__ import annotations

import pygame

from scopa.app import style
from scopa.app.scenes.statistics import StatisticsScene
from scopa.stats import MatchResult, Stats

from .menu_helpers import click, frame


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
    assert "Accuracy of your reviewed matches (%)" not in texts_of(app)
    click(app, scene.trend_choice)
    assert scene.trend == "accuracy"
    texts = texts_of(app)
    assert "Accuracy of your reviewed matches (%)" in texts
    assert "80" in texts  # the last value, written at the end of the line
    assert texts[-1] == app.t("st_chart_hint")  # the focused choice explains itself


def test_before_any_review_the_chart_says_how_to_get_one(app, store) -> None:  # noqa: ANN001
    app.settings = app.settings.with_(language="en")
    app.set_language("en")
    store.save_stats(Stats().add(result(1, None)))
    scene = StatisticsScene(app)
    app.stack.push(scene)
    assert dict(scene.tiles())["Accuracy (last\u00a010)"] == "\u2014"
    scene.trend = "accuracy"
    assert any(text.startswith("No match reviewed yet") for text in texts_of(app))
