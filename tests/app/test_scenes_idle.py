"""A menu left alone rests like a still table: once its fade-in is over the app neither
updates the picture nor shows it until input comes. It moves again only while something
moves without input: a slider held by the mouse, the caret of a name being typed."""

from __future__ import annotations

import pygame
import pytest

from scopa.app.scenes.base import MenuScene
from scopa.app.scenes.new_game import NewGameScene
from scopa.app.scenes.rules import RulesScene
from scopa.app.scenes.settings import TABS, SettingsScene
from scopa.app.scenes.statistics import StatisticsScene
from scopa.app.scenes.title import TitleScene

from .menu_helpers import FRAME, click, frame, press


def settle(app, scene: MenuScene) -> None:  # noqa: ANN001
    """Let the fade-in finish, with no input."""
    for _ in range(round(scene.FADE_IN / FRAME) + 2):
        frame(app)


@pytest.mark.parametrize(
    "screen", [TitleScene, SettingsScene, RulesScene, StatisticsScene, NewGameScene]
)
def test_a_still_menu_is_not_busy_after_its_fade_in(app, screen) -> None:
    scene = screen(app)
    app.stack.push(scene)
    assert scene.busy and app.stack.busy  # fading in: drawn at full rate
    assert app.frame(FRAME, [], draw=None)
    settle(app, scene)
    assert not scene.busy and not app.stack.busy
    assert not app.frame(FRAME, [], draw=None)  # nothing moves, nothing came: not drawn


def test_input_still_draws_a_resting_menu(app) -> None:
    scene = TitleScene(app)
    app.stack.push(scene)
    settle(app, scene)
    motion = pygame.event.Event(
        pygame.MOUSEMOTION, pos=scene.rules.rect.center, rel=(0, 0), buttons=(0, 0, 0)
    )
    assert app.frame(FRAME, [motion], draw=None)
    assert scene.form.hover is scene.rules
    assert not app.frame(FRAME, [], draw=None)


def test_a_slider_held_by_the_mouse_keeps_the_menu_busy(app) -> None:
    scene = SettingsScene(app)
    app.stack.push(scene)
    click(app, scene.tabs[TABS.index("game")])
    settle(app, scene)
    row = next(r for r in scene.rows["game"] if r.label() == scene.t("set_volume"))
    scene.form.set_focus(row)
    frame(app)
    assert not scene.busy
    pos = row.control.rect.center
    frame(app, pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    assert scene.busy
    frame(app, pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    assert not scene.busy


def test_a_name_being_typed_keeps_the_menu_busy_for_its_caret(app) -> None:
    scene = NewGameScene(app)
    app.stack.push(scene)
    settle(app, scene)
    name_field = scene.seat_widgets[0][1]
    click(app, name_field)
    assert scene.form.editing() and scene.busy
    assert app.frame(FRAME, [], draw=None)  # the caret blinks with no input
    press(app, pygame.K_ESCAPE)  # ends the editing, not the screen
    assert app.stack.top is scene and not scene.form.editing()
    assert not scene.busy
