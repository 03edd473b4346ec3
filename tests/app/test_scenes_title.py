"""The title screen: one click plays, Continue resumes the saved match exactly, Watch seats
only computers, and the other buttons open their screens."""

from __future__ import annotations

import random

import pygame
import pytest

from scopa.app.scenes.title import TitleScene
from scopa.engine import Match, Rules
from scopa.settings import MatchSetup, SeatConfig

from .menu_helpers import click, close_tables, frame, press


@pytest.fixture
def title(app):
    scene = TitleScene(app)
    app.stack.push(scene)
    frame(app)
    yield scene
    close_tables(app)


def top(app):
    return app.stack.top


def test_play_starts_a_solo_match_against_one_expert(app, title) -> None:
    from scopa.app.table.scene import TableScene

    click(app, title.play)
    table = top(app)
    assert isinstance(table, TableScene)
    seats = table.setup.seats
    assert len(seats) == 2
    assert seats[0].human and not seats[1].human and seats[1].level == "expert"
    assert isinstance(list(app.stack)[0], TitleScene)


def test_play_uses_the_last_setup(app, title) -> None:
    setup = MatchSetup(
        (
            SeatConfig("Anna", True),
            SeatConfig("Bruno", False, "master"),
            SeatConfig("Carla", False, "beginner"),
        ),
        Rules(players=3, target=16),
    )
    app.settings = app.settings.with_(last_setup=setup)
    click(app, title.play)
    assert top(app).setup == setup


def test_continue_appears_only_with_a_saved_match_and_resumes_it_exactly(app, store) -> None:
    setup = MatchSetup((SeatConfig("Anna", True), SeatConfig("Bruno", False)), Rules())
    match = Match.new(setup.rules, 42)
    rng = random.Random(1)
    for _ in range(7):
        match, _ = match.apply(rng.choice(match.legal_moves()))
    without = TitleScene(app)
    assert without.resume not in without.form.widgets
    store.save_match(setup, match.record())
    scene = TitleScene(app)
    app.stack.push(scene)
    frame(app)
    assert scene.resume in scene.form.widgets
    click(app, scene.resume)
    table = top(app)
    try:
        assert table.setup == setup
        assert table.match.record().text() == match.record().text()
        resumed, saved = table.match.round, match.round
        for field in ("hands", "table", "stock", "piles", "turn", "scope", "deal_no"):
            assert getattr(resumed, field) == getattr(saved, field), field
    finally:
        close_tables(app)


def test_watch_seats_only_computers(app, title) -> None:
    click(app, title.watch)
    assert top(app).setup.mode == "watch"


@pytest.mark.parametrize(
    ("button", "name"),
    [
        ("new_game", "NewGameScene"),
        ("settings", "SettingsScene"),
        ("rules", "RulesScene"),
        ("statistics", "StatisticsScene"),
    ],
)
def test_buttons_open_their_screens_and_escape_comes_back(app, title, button, name) -> None:
    click(app, getattr(title, button))
    assert type(top(app)).__name__ == name
    press(app, pygame.K_ESCAPE)
    assert top(app) is title


def test_quit_stops_the_app_but_escape_on_the_title_does_not(app, title) -> None:
    press(app, pygame.K_ESCAPE)
    assert app.running and top(app) is title
    click(app, title.quit)
    assert not app.running


def test_keyboard_alone_starts_a_match(app, title) -> None:
    from scopa.app.table.scene import TableScene

    press(app, pygame.K_DOWN)
    assert title.form.focus is title.play
    press(app, pygame.K_RETURN)
    assert isinstance(top(app), TableScene)
