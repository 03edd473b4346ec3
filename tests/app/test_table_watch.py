"""Watch mode (computers only) and the pause menu."""

from __future__ import annotations

import pygame
import pytest

from scopa.app.scenes.pause import PauseScene
from scopa.app.table import TableScene
from scopa.engine import Match, Rules
from scopa.settings import MatchSetup, SeatConfig

from .table_helpers import (
    FRAME,
    click,
    coordinated,
    inline_worker,
    pump,
    settle,
    sheet_opens,
    solo_setup,
)


def watch_table(app, players=4):
    rules = Rules.preset("scopone") if players == 4 else Rules()
    names = ("Anna", "Bruno", "Carla", "Dario")
    seats = tuple(SeatConfig(names[s], False, "beginner") for s in range(players))
    scene = TableScene(
        app, coordinated(app, MatchSetup(seats, rules), Match.new(rules, 8)), worker=inline_worker()
    )
    app.stack.push(scene)
    return scene


def test_watch_mode_plays_by_itself_with_every_hand_shown(app):
    app.settings = app.settings.with_(animation_speed="fast", language="en")
    scene = watch_table(app)
    settle(app, scene)
    assert scene.cover is None
    assert scene.view.visible_seats == frozenset(range(4))
    for _ in range(300):
        pump(app)
        if len(scene.match.moves()) >= 3:
            break
    assert len(scene.match.moves()) >= 3


def test_a_click_in_watch_mode_speeds_the_show_up_until_the_next_click(app):
    app.settings = app.settings.with_(animation_speed="normal", language="en")
    scene = watch_table(app, players=2)
    pump(app)
    normal = scene.director.factor
    click(app, (10, 10))
    pump(app)
    assert scene.director.factor == pytest.approx(normal / 4)
    for _ in range(100):
        pump(app)
    assert scene.director.factor == pytest.approx(normal / 4)
    click(app, (10, 10))
    for _ in range(100):
        pump(app)
        if scene.director.factor == pytest.approx(normal):
            break
    assert scene.director.factor == pytest.approx(normal)


def test_space_speeds_a_watched_match_up_as_a_click_does(app):
    """Only a click sped a watched match up (its line said "click to speed up"): a player
    on the keys could not. Space does it now, and Space again goes back."""
    app.settings = app.settings.with_(animation_speed="normal", language="en")
    scene = watch_table(app, players=2)
    pump(app)
    normal = scene.director.factor
    space = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ")
    app.frame(FRAME, [space])
    pump(app)
    assert scene.director.factor == pytest.approx(normal / 4)
    app.frame(FRAME, [space])
    for _ in range(100):
        pump(app)
        if scene.director.factor == pytest.approx(normal):
            break
    assert scene.director.factor == pytest.approx(normal)


def test_animation_speed_setting_scales_the_deal(app):
    durations = {}
    for speed in ("slow", "normal", "fast"):
        app.settings = app.settings.with_(animation_speed=speed, language="en")
        scene = TableScene(
            app, coordinated(app, solo_setup(), Match.new(Rules(), 3)), worker=inline_worker()
        )
        app.stack.push(scene)
        frames = 0
        while scene.director.busy:
            app.frame(FRAME, [])
            frames += 1
        durations[speed] = frames
        app.stack.pop()
    assert durations["slow"] > durations["normal"] > durations["fast"] > 0


def test_escape_opens_the_pause_menu(app):
    app.settings = app.settings.with_(animation_speed="fast", language="en")
    scene = TableScene(
        app, coordinated(app, solo_setup(), Match.new(Rules(), 3)), worker=inline_worker()
    )
    app.stack.push(scene)
    settle(app, scene)
    app.frame(FRAME, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="")])
    assert isinstance(app.stack.top, PauseScene)


def test_the_pause_menu_of_a_watched_match_neither_saves_nor_abandons(app, store):
    """A match of computers watched is never saved: its pause menu offers to stop watching,
    not "Save and leave" (whose Continue would resume another match) nor "Abandon" (whose
    question says a saved match is deleted). Stopping leaves the saved match as it was."""
    from scopa.app.scenes.title import TitleScene

    app.settings = app.settings.with_(animation_speed="fast", language="en")
    app.set_language("en")
    mine = Match.new(Rules(), 5)
    store.save_match(solo_setup(), mine.record())
    app.stack.push(TitleScene(app))
    app.matches.start(app.matches.watch_setup())
    scene = app.stack.top
    assert isinstance(scene, TableScene) and scene.coordinator.setup.mode == "watch"
    pump(app)
    app.frame(FRAME, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0)])
    pause = app.stack.top
    assert isinstance(pause, PauseScene)
    labels = [button.text() for button in pause.buttons]
    assert app.t("save_and_leave") not in labels and app.t("abandon") not in labels
    assert labels[-1] == app.t("stop_watching")
    pause.buttons[-1].activate()
    title = app.stack.top
    assert isinstance(title, TitleScene) and len(app.stack) == 1
    saved = store.load_match()
    assert saved is not None and saved[1] == mine.record()
    assert title.resume in title.form.widgets


def test_four_times_faster_holds_for_a_round_replayed_from_the_sheet(app):
    """Watching at 4x, Replay this round dealt the round again at the normal speed (the
    next round kept it): the watcher's choice holds for the next match watched too."""
    from scopa.app.scenes.confirm import ConfirmScene

    app.settings = app.settings.with_(animation_speed="instant", language="en")
    scene = watch_table(app, players=2)
    pump(app)
    space = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ")
    app.frame(FRAME, [space])
    assert scene.fast_forward
    sheet = sheet_opens(app, 5000)
    sheet.replay_deal()
    asked = app.stack.top
    assert isinstance(asked, ConfirmScene)
    asked.yes_button.activate()
    pump(app)
    again = app.stack.top
    assert isinstance(again, TableScene) and again is not scene and again.mode == "watch"
    assert again.fast_forward
