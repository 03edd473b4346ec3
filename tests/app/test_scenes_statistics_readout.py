"""The trend chart read with the pointer: the match under it, when it ended, and its
accuracy or its result and the win rate after it, on a panel inside the chart."""

from __future__ import annotations

import pygame
import pytest

from scopa.app import style
from scopa.app.scenes.statistics import StatisticsScene
from scopa.engine import Rules
from scopa.settings import MatchSetup, SeatConfig
from scopa.stats import match_key

from .menu_helpers import frame, show
from .test_scenes_statistics import play_out

SOLO = MatchSetup((SeatConfig("Anna", True), SeatConfig("CPU", False, "expert")), Rules())


def point_at(app, pos: tuple[int, int]) -> list[style.Drawn]:  # noqa: ANN001
    """The pointer moved to ``pos``: every text the next frame writes."""
    frame(app, pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0)))
    seen: list[style.Drawn] = []
    with style.watch_text(seen.append):
        frame(app)
    return seen


@pytest.mark.parametrize("size", [(960, 540), (1920, 1080)])
@pytest.mark.parametrize("language", ["en", "it"])
def test_the_accuracy_of_the_match_under_the_pointer_is_read_out(app, store, size, language):
    """The accuracy chart wrote the value of its last match only: the others' were guessed
    from the grid, and nothing said which match a dot was. With the pointer on a dot, the
    match is named, with when it ended and its accuracy (with Undo, said so), whole,
    inside the chart; off the chart, nothing."""
    for seed in range(4):
        match = play_out(seed)
        store.record_result(SOLO, match, undone=seed == 1)
        store.note_accuracy(match_key(match), 50.0 + 10 * seed)
    scene = show(app, StatisticsScene(app), size, language)
    scene.trend = "accuracy"
    (drawn,) = scene.draw_trend(pygame.Surface(app.size), scene.trend_plot())
    (points,) = drawn.points
    for step, value in ((0, 50), (1, 60), (2, 70)):
        seen = point_at(app, points[step])
        key = "st_point_accuracy_undo" if step == 1 else "st_point_accuracy"
        said = scene.readout(step)
        assert said[1] == app.t(key, value=value)
        assert said[0].startswith(app.t("st_point", n=step + 1))
        (panel,) = [text for text in seen if text.words == "\n".join(said)]
        assert not panel.elided and not panel.cut, panel.lines
        assert scene.right_chart.contains(panel.used), (panel.used, scene.right_chart)
    seen = point_at(app, (scene.left_chart.centerx, scene.left_chart.centery))
    assert not [text for text in seen if app.t("st_point", n=1) in text.words]


@pytest.mark.parametrize("language", ["en", "it"])
def test_a_result_under_the_pointer_is_read_out_with_its_margin_and_the_win_rate(
    app, store, language
) -> None:  # noqa: ANN001
    """On the results' chart the pointer between two dots reads the nearest match: won or
    lost by its margin, signed, and the win rate after it (the upper line's value)."""
    for seed in range(6):
        store.record_result(SOLO, play_out(seed))
    scene = show(app, StatisticsScene(app), (960, 540), language)
    rates, margins, _ = scene.results()
    drawn = scene.draw_trend(pygame.Surface(app.size), scene.trend_plot())
    line = drawn[1].points[0]
    x = (2 * line[3][0] + line[4][0]) // 3  # nearer the fourth match than the fifth
    seen = point_at(app, (x, drawn[1].plot.centery))
    said = scene.readout(3)
    margin = f"{margins[3]:+d}".replace("-", "\u2212")
    won = scene.trend_matches()[3].won
    assert said[1] == app.t("st_point_won" if won else "st_point_lost", margin=margin)
    assert said[-1] == app.t("st_point_rate", n=10, value=rates[3])
    assert "\n".join(said) in [text.words for text in seen]
