"""Who plays each seat of a match at one screen, changed from the menu mid-match: a seat
handed to the computer or given back, the match going on as it was."""

from __future__ import annotations

import pygame
import pytest

from scopa.app.scenes.pause import PauseScene
from scopa.app.scenes.seats import SeatsScene
from scopa.app.table import TableScene
from scopa.engine import Match, Rules
from scopa.settings import MatchSetup, SeatConfig

from .menu_helpers import click, close_tables, frame, press
from .table_helpers import coordinated, inline_worker, settle

FAMILY = (SeatConfig("Nonna", True), SeatConfig("Zoë", True), SeatConfig("Papà", True))


def at_the_table(app, seats, rules: Rules) -> TableScene:  # noqa: ANN001
    app.settings = app.settings.with_(animation_speed="instant", language="en")
    app.set_language("en")
    app.resize((960, 540))
    coordinator = coordinated(app, MatchSetup(seats, rules), Match.new(rules, 3))
    scene = TableScene(app, coordinator, worker=inline_worker())
    app.stack.push(scene)
    settle(app, scene)
    return scene


def menu(app) -> PauseScene:  # noqa: ANN001
    app.open("pause")
    frame(app)
    pause = app.stack.top
    assert isinstance(pause, PauseScene)
    return pause


@pytest.mark.parametrize("language", ["en", "it"])
def test_a_seat_handed_to_the_computer_mid_match_is_played_by_it_from_then_on(
    app, store, language: str
) -> None:
    """Two of a family at one screen go to bed: nothing but a new match, their score thrown
    away, let the computer play their seats. From the menu, Who plays hands a seat to the
    computer; the match goes on as it was (its plays, its score), saved with its new seats,
    the table telling who plays for whom."""
    table = at_the_table(app, FAMILY, Rules(players=3))
    app.set_language(language)
    played = len(table.match.moves())
    pause = menu(app)
    (who,) = [b for b in pause.buttons if b.text() == app.t("seats.button")]
    click(app, who)
    seats = app.stack.top
    assert isinstance(seats, SeatsScene)
    press(app, pygame.K_DOWN)
    press(app, pygame.K_DOWN)
    assert seats.form.focus is seats.choices[2]
    press(app, pygame.K_RIGHT)  # Papà: the computer, at the first level
    assert seats.seats[2] == SeatConfig("Papà", False, "beginner")
    assert seats.apply_button.enabled
    click(app, seats.apply_button)
    again = app.stack.top
    assert isinstance(again, TableScene) and again is not table
    coordinator = app.matches.current
    assert coordinator.setup.seats == (*FAMILY[:2], SeatConfig("Papà", False, "beginner"))
    assert len(coordinator.match.moves()) == played
    assert coordinator.mode == "hotseat" and coordinator.humans == (0, 1)
    coordinator.flush()
    saved = store.load_match()
    assert saved is not None and saved.setup == coordinator.setup
    assert saved.record == coordinator.match.record()
    said = app.t("seats.now_computer", names="Papà")
    for _ in range(3):
        frame(app)
    assert said in [toast.text for toast in app.toasts]
    app.matches.leave()  # said of that table: not carried to the title
    app.home()
    frame(app)
    assert said not in [toast.text for toast in app.toasts]
    close_tables(app)


def test_a_seat_is_given_back_to_its_person(app, store) -> None:
    """The computer played for Zoë; she is back: her seat is a person's again."""
    seats = (FAMILY[0], SeatConfig("Zoë", False, "expert"), FAMILY[2])
    at_the_table(app, seats, Rules(players=3))
    click(app, [b for b in menu(app).buttons if b.text() == app.t("seats.button")][0])
    scene = app.stack.top
    assert isinstance(scene, SeatsScene)
    assert scene.choices[1].label() == app.t("seats.computer", level="expert")
    while scene.choices[1].index() > 0:  # back to a person, the first of the choices
        scene.choices[1].step(-1)
    click(app, scene.apply_button)
    coordinator = app.matches.current
    assert coordinator.humans == (0, 1, 2)
    told = [toast.text for toast in app.toasts]
    assert app.t("seats.now_person", names="Zoë") in told
    close_tables(app)


def test_one_person_alone_is_not_left_at_one_screen(app) -> None:
    """Handing every seat but one to the computer would make it a match of one person
    against computers, counted as another kind: Play on waits for two people, and says
    why; Back leaves the seats as they were."""
    table = at_the_table(app, FAMILY[:2], Rules())
    click(app, [b for b in menu(app).buttons if b.text() == app.t("seats.button")][0])
    scene = app.stack.top
    assert isinstance(scene, SeatsScene)
    assert scene.note() == app.t("seats.note")
    scene.choices[1].step(+1)
    assert not scene.apply_button.enabled and scene.note() == app.t("seats.too_few")
    click(app, scene.apply_button)
    assert app.stack.top is scene
    click(app, scene.back_button)
    assert isinstance(app.stack.top, PauseScene)
    assert app.matches.current is table.coordinator
    assert table.coordinator.setup.seats == FAMILY[:2]
    close_tables(app)


def test_a_match_of_one_person_has_no_one_to_change(app) -> None:
    """Alone against the computer, the menu offers no change of seats."""
    at_the_table(app, (FAMILY[0], SeatConfig("Giulia", False, "expert")), Rules())
    labels = [button.text() for button in menu(app).buttons]
    assert app.t("seats.button") not in labels
    close_tables(app)


@pytest.mark.parametrize("size", [(960, 540), (1920, 1080)])
def test_six_seats_fit_the_sheet(app, size) -> None:  # noqa: ANN001
    """Six people at one screen: every seat's row, the note and the buttons on the sheet."""
    family = tuple(SeatConfig(name, True) for name in ("A", "B", "C", "D", "E", "F"))
    at_the_table(app, family, Rules(players=6))
    app.resize(size)
    app.open("seats")
    frame(app)
    scene = app.stack.top
    assert isinstance(scene, SeatsScene)
    for widget in (*scene.choices, scene.back_button, scene.apply_button):
        assert scene.panel.contains(widget.rect), widget.rect
    rows = [choice.rect for choice in scene.choices]
    assert all(a.bottom <= b.top for a, b in zip(rows, rows[1:]))
    assert scene.note_box.bottom <= scene.back_button.rect.top
    close_tables(app)


def test_a_seat_given_back_is_not_still_said_to_be_the_computer_s(app, store) -> None:
    """Papà handed to the computer before the round's last play, then given back on its
    score sheet a moment later: the toast of the first change, still up, said "The
    computer plays for Papà now" over the second's. The latest change alone is told."""
    at_the_table(app, FAMILY, Rules(players=3))
    away = (*FAMILY[:2], SeatConfig("Papà", False, "beginner"))
    app.matches.reseat(away)
    app.matches.reseat(FAMILY)
    told = [toast.text for toast in app.toasts.shown()]
    assert told == [app.t("seats.now_person", names="Papà")]
    close_tables(app)
