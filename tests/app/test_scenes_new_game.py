"""The new-game screen: the choices made with the mouse and keyboard become the MatchSetup
the table starts with, are remembered, and impossible rules get a message, not a crash."""

from __future__ import annotations

import pygame
import pytest

from scopa.app.scenes.new_game import NewGameScene
from scopa.engine import PRESETS, Rules
from scopa.storage import Store

from .menu_helpers import click, close_tables, frame, press, type_text


@pytest.fixture
def scene(app):
    from scopa.app.scenes.title import TitleScene

    app.stack.push(TitleScene(app))
    new_game = NewGameScene(app)
    app.stack.push(new_game)
    frame(app)
    yield new_game
    close_tables(app)


def seat(scene, n):
    """(label, name field, human/computer, level) of seat ``n``."""
    return scene.seat_widgets[n]


def test_four_players_in_teams_with_a_second_human(app, scene, tmp_path) -> None:
    from scopa.app.table.scene import TableScene

    players = scene.players_row.control
    click(app, (players.rect.right - 5, players.rect.centery))  # right arrow: 3
    click(app, (players.rect.right - 5, players.rect.centery))  # 4
    assert scene.players == 4
    assert scene.teams_row.enabled
    _, name, kind, level = seat(scene, 2)
    click(app, kind)  # seat 3 becomes human
    click(app, name)
    for _ in range(len(scene.names[2])):
        press(app, pygame.K_BACKSPACE)
    type_text(app, "Marco")
    _, _, _, level3 = seat(scene, 3)
    click(app, (level3.rect.right - 5, level3.rect.centery))  # expert -> master
    assert scene.matchup() == app.t("you") + " & Marco " + app.t("ng_against") + " Giulia & Lucia"
    click(app, scene.start_button)

    table = app.stack.top
    assert isinstance(table, TableScene)
    setup = table.setup
    assert setup.rules.players == 4 and setup.rules.teams
    assert [s.human for s in setup.seats] == [True, False, True, False]
    assert setup.seats[2].name == "Marco"
    assert setup.seats[3].level == "master"
    assert setup.seats[1].level == "expert"
    assert Store(tmp_path).load_settings().last_setup == setup


def test_keyboard_sets_the_preset_and_the_target(app, scene) -> None:
    scene.form.set_focus(scene.preset_row)
    press(app, pygame.K_RIGHT)  # my settings -> classic
    assert scene.preset == "classic"
    scene.form.set_focus(scene.target_row)
    press(app, pygame.K_RIGHT)
    press(app, pygame.K_RIGHT)
    assert scene.target == 21
    assert scene.setup().rules == PRESETS["classic"].with_(target=21)


def test_choosing_scopone_seats_four_players(app, scene) -> None:
    scene._set_preset("scopone")
    frame(app)
    assert scene.players == 4
    assert scene.setup().rules.deal == "scopone"
    assert scene.error == ""


def test_impossible_rules_show_a_message_and_start_nothing(app, scene) -> None:
    scene._set_preset("scopone")
    players = scene.players_row.control
    click(app, (players.rect.left + 5, players.rect.centery))  # 4 -> 3
    assert scene.players == 3
    assert scene.error == app.t("err_scopone_players")
    click(app, scene.start_button)
    assert app.stack.top is scene
    frame(app)  # the message is drawn without trouble


def test_an_empty_name_becomes_the_seat_number(app, scene) -> None:
    _, name, _, _ = seat(scene, 0)
    click(app, name)
    for _ in range(30):
        press(app, pygame.K_BACKSPACE)
    assert scene.names[0] == ""
    assert scene.setup().seats[0].name == app.t("ng_seat", n=1)


def test_escape_ends_typing_first_then_leaves(app, scene) -> None:
    _, name, _, _ = seat(scene, 1)
    click(app, name)
    assert scene.form.editing()
    press(app, pygame.K_ESCAPE)
    assert not scene.form.editing() and app.stack.top is scene
    press(app, pygame.K_ESCAPE)
    assert app.stack.top is not scene


def test_starts_from_the_last_setup(app, store) -> None:
    from scopa.settings import MatchSetup, SeatConfig

    last = MatchSetup(
        (
            SeatConfig("Anna", False, "beginner"),
            SeatConfig("Bruno", False, "master"),
            SeatConfig("Carla", True, "expert"),
        ),
        Rules(players=3, target=16),
    )
    app.settings = app.settings.with_(last_setup=last, rules=Rules(players=3, target=16))
    scene = NewGameScene(app)
    assert scene.setup() == last


def test_the_rules_are_those_of_the_settings_not_of_the_last_match(app, store) -> None:
    """Set scientifico in the settings after a classic match: New game offers scientifico."""
    from scopa.engine import PRESETS
    from scopa.settings import MatchSetup, SeatConfig

    last = MatchSetup((SeatConfig("Anna", True), SeatConfig("Bruno", False)), PRESETS["classic"])
    chosen = PRESETS["scopone_scientifico"]
    app.settings = app.settings.with_(last_setup=last, rules=chosen)
    scene = NewGameScene(app)
    assert scene.rules() == chosen
    assert [seat.name for seat in scene.setup().seats][:2] == ["Anna", "Bruno"]


def test_default_names_never_repeat_a_seated_name(app, store) -> None:
    from scopa.settings import MatchSetup, SeatConfig

    last = MatchSetup((SeatConfig("Giulia", True), SeatConfig("Marco", False)), Rules())
    app.settings = app.settings.with_(last_setup=last, rules=Rules(players=4))
    scene = NewGameScene(app)
    names = [seat.name.casefold() for seat in scene.setup().seats]
    assert len(set(names)) == 4


def test_two_seats_with_one_name_cannot_start(app, store) -> None:
    scene = NewGameScene(app)
    scene.names[1] = scene.names[0]
    assert not scene._check()
    assert scene.error == app.t("ng_same_name", name=scene.names[0])
