"""Every menu screen draws at the smallest and the largest supported windows, in both
languages, with every widget inside the window."""

from __future__ import annotations

import random

import pytest

from scopa.app.matches import MatchCoordinator
from scopa.app.scenes.new_game import NewGameScene
from scopa.app.scenes.pause import PauseScene
from scopa.app.scenes.rules import BOOKS, RulesScene
from scopa.app.scenes.scoring import ScoringScene
from scopa.app.scenes.settings import TABS, SettingsScene
from scopa.app.scenes.statistics import StatisticsScene
from scopa.app.scenes.title import TitleScene
from scopa.engine import Match, Rules
from scopa.settings import MatchSetup, SeatConfig

from .menu_helpers import frame

SIZES = [(960, 540), (3840, 2160), (1000, 1000)]


def finished_match(players: int = 4) -> tuple[Match, MatchSetup]:
    rules = Rules(players=players, napola=True, re_bello=True)
    names = ("Giulia", "Marco", "Lucia", "Paolo")[:players]
    setup = MatchSetup(tuple(SeatConfig(n, i == 0) for i, n in enumerate(names)), rules)
    match = Match.new(rules, 11)
    rng = random.Random(4)
    while not match.over:
        match, _ = match.apply(rng.choice(match.legal_moves()))
    return match, setup


def inside(app, scene) -> None:
    """Every widget is in the window, but a row of a scrolling panel, which may lie below
    it until scrolled into view (the settings' rows are checked so below)."""
    window = app.screen.get_rect()
    for widget in scene.form.widgets:
        if widget.panel is not None:
            assert widget.panel.viewport.colliderect(widget.rect) <= window.contains(widget.rect)
            continue
        assert window.contains(widget.rect), (type(scene).__name__, widget, widget.rect)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("language", ["it", "en"])
def test_every_screen_fits(app, size, language) -> None:
    app.resize(size)
    app.set_language(language)
    match, setup = finished_match()
    app.settings = app.settings.with_(last_setup=setup)
    scenes = [
        TitleScene(app),
        NewGameScene(app),
        SettingsScene(app),
        RulesScene(app),
        StatisticsScene(app),
        PauseScene(app),
        ScoringScene(app, MatchCoordinator(setup, match)),
    ]
    for scene in scenes:
        app.stack.clear_to(scene)
        frame(app)
        inside(app, scene)
    settings = scenes[2]
    for tab in settings.tabs:
        tab.activate()
        frame(app)
        for row in [w for w in settings.form.widgets if w.panel is not None]:
            settings.form.set_focus(row)  # the keyboard reaches every row, scrolled into view
            assert settings.scroll.viewport.contains(row.rect)
    rules = scenes[3]
    for book in BOOKS:
        rules.open_book(book)
        for page in range(1, rules.pages + 1):
            rules.page = page
            rules.layout()
            frame(app)
            inside(app, rules)
    assert len(TABS) == len(settings.tabs)


def test_a_resize_moves_the_widgets(app) -> None:
    scene = TitleScene(app)
    app.stack.push(scene)
    frame(app)
    before = scene.play.rect.copy()
    app.resize((1920, 1080))
    frame(app)
    assert scene.play.rect != before
    inside(app, scene)
