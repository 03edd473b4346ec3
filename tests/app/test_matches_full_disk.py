"""A match that ends while the disk refuses its result is counted once there is room, and
is never let go uncounted: Rematch, New game and Continue used to throw it away (the
statistics too big for the little room left, the match itself still written), and a match
whose every write failed was hidden from the title once room was made, its result never
counted in that game."""

from __future__ import annotations

import errno
from pathlib import Path

import pytest

import scopa.storage as storage
from scopa.app.scenes.confirm import ConfirmScene
from scopa.app.scenes.flow import saved_line
from scopa.app.scenes.scoring import ScoringScene
from scopa.app.scenes.title import TitleScene
from scopa.app.widgets import resolve
from scopa.engine import Rules
from scopa.settings import MatchSetup, SeatConfig

from .menu_helpers import click, frame
from .test_journeys import one_play_from_the_end

SETUP = MatchSetup((SeatConfig("Anna", True), SeatConfig("Bruno", False, "beginner")), Rules())


@pytest.fixture
def full(monkeypatch: pytest.MonkeyPatch) -> set[str]:
    """The names of the files the disk has no room for (none at first)."""
    refused: set[str] = set()
    write = storage.atomic_write

    def refusing(path: Path, data: bytes, checkpoint: object = None) -> None:
        if path.name in refused:
            raise OSError(errno.ENOSPC, "No space left on device")
        write(path, data, checkpoint)

    monkeypatch.setattr(storage, "atomic_write", refusing)
    return refused


def play_the_last_card(app, store, full: set[str], refused: set[str]) -> ScoringScene:  # noqa: ANN001
    """The saved match continued, its last play made while the disk refuses ``refused``;
    its last sheet on screen."""
    store.save_match(SETUP, one_play_from_the_end(SETUP).record())
    app.settings = app.settings.with_(tutorial_done=True)
    app.stack.push(TitleScene(app))
    assert app.matches.resume()
    app.matches.current.flush()
    full |= refused
    for _ in range(600):
        app.frame(1 / 30, [])
        if isinstance(app.stack.top, ScoringScene) and app.stack.top.match.over:
            break
    sheet = app.stack.top
    assert isinstance(sheet, ScoringScene) and sheet.match.over
    sheet.coordinator.flush()
    frame(app)
    return sheet


def played(store) -> int:  # noqa: ANN001
    return store.load_stats().total().played


def test_rematch_asks_before_a_match_the_statistics_refused_is_replaced(english, store, full):
    app = english
    sheet = play_the_last_card(app, store, full, {storage.STATS_FILE})
    app.matches.rematch(sheet.coordinator)
    frame(app)
    question = app.stack.top
    assert isinstance(question, ConfirmScene), "replaced without a word"
    saved = store.load_match()
    assert saved is not None and saved.ended and not saved.counted
    line = saved_line(app, saved.setup, saved.match)()
    assert resolve(question.detail) == app.t("replace_uncounted_detail", saved=line)
    full.clear()  # room made, then "Continue it"
    assert question.other_button is not None
    click(app, question.other_button)
    for _ in range(10):
        app.frame(1 / 30, [])
    assert isinstance(app.stack.top, ScoringScene) and app.stack.top.match.over
    app.matches.current.flush()
    assert played(store) == 1
    assert store.load_match() is not None  # counted, its sheet on show: kept till left
    app.home()
    frame(app)
    assert store.load_match() is None  # counted and its sheet left: let go


def test_continue_keeps_a_match_the_statistics_refused_until_they_take_it(english, store, full):
    app = english
    play_the_last_card(app, store, full, {storage.STATS_FILE})
    app.home()
    frame(app)
    title = app.stack.top
    assert title.resume in title.form.widgets
    click(app, title.resume)  # its last sheet again, the disk still full
    for _ in range(10):
        app.frame(1 / 30, [])
    assert isinstance(app.stack.top, ScoringScene)
    app.matches.current.flush()
    saved = store.load_match()
    assert saved is not None and saved.ended, "let go uncounted"
    assert played(store) == 0
    full.clear()
    app.home()
    frame(app)
    assert played(store) == 1
    assert app.matches.saved() is None


def test_a_match_ended_with_nothing_written_is_counted_once_room_is_made(english, store, full):
    app = english
    play_the_last_card(app, store, full, {storage.STATS_FILE, storage.SAVE_FILE})
    app.home()
    frame(app)
    title = app.stack.top
    assert title.resume in title.form.widgets, "the match played out here hidden"
    saved = app.matches.saved()
    assert saved is not None and saved.ended and not saved.counted
    app.matches.start(SETUP)  # Play asks before the match is lost
    frame(app)
    assert isinstance(app.stack.top, ConfirmScene)
    app.back()
    assert played(store) == 0
    full.clear()  # the player made room
    app.home()
    frame(app)
    assert played(store) == 1
    # the notice that the disk refused it went as the disk took it: the player is told
    assert app.t("match_counted_now") in [toast.text for toast in app.toasts]
    title = app.stack.top
    assert title.resume not in title.form.widgets
    assert store.load_match() is None
    app.matches.start(SETUP)
    frame(app)
    assert not isinstance(app.stack.top, ConfirmScene)
    assert played(store) == 1, "counted once"


def test_the_question_over_a_match_not_counted_does_not_blame_the_disk_s_room(
    english, store, monkeypatch
):
    """A folder made read-only at a match's end: every message said "permission denied",
    the question over the match not yet counted said "the disk had no room for them"."""
    write = storage.atomic_write
    refused: set[str] = set()

    def denying(path: Path, data: bytes, checkpoint: object = None) -> None:
        if path.name in refused:
            raise OSError(errno.EACCES, "Permission denied")
        write(path, data, checkpoint)

    monkeypatch.setattr(storage, "atomic_write", denying)
    sheet = play_the_last_card(english, store, refused, {storage.STATS_FILE})
    english.matches.rematch(sheet.coordinator)
    frame(english)
    question = english.stack.top
    assert isinstance(question, ConfirmScene)
    detail = resolve(question.detail)
    assert "room" not in detail and "disk" not in detail, detail
    assert "could not be saved" in detail


def test_the_last_sheet_says_a_result_the_statistics_refused_is_counted_later(english, store, full):
    """The disk full at a match's end: the last sheet said nothing of the result left out
    of the statistics, and a player who quit thought it counted."""
    from scopa.app import style

    sheet = play_the_last_card(english, store, full, {storage.STATS_FILE})
    assert sheet.counted_later
    drawn: list[str] = []
    with style.watch_text(lambda text: drawn.append(text.words)):
        sheet.draw(english.screen)
    assert english.t("sheet_not_counted_yet") in drawn
    full.clear()
    assert sheet.coordinator.count_again()
    assert not sheet.counted_later


def test_closing_the_window_on_a_last_sheet_the_disk_refused_asks_first(english, store, full):
    """The match's last play could not be saved: closing the window from its last sheet
    ended the game without a word, and Continue brought the match back a play before its
    end. It asks, as it does mid-match; asked again, it quits."""
    import pygame

    app = english
    play_the_last_card(app, store, full, {storage.STATS_FILE, storage.SAVE_FILE})
    frame(app, pygame.event.Event(pygame.WINDOWCLOSE))
    dialog = app.stack.top
    assert isinstance(dialog, ConfirmScene) and app.running
    assert dialog.question() == app.t("leave_unsaved_question")
    frame(app, pygame.event.Event(pygame.WINDOWCLOSE))
    assert not app.running


def test_quitting_from_the_title_after_a_last_sheet_the_disk_refused_asks_first(
    english, store, full
):
    """The disk full at a match's end, the player left its last sheet for the title and
    quit: the game ended without a word, and the next start offered the match from a save
    rounds before its end, its result in neither the statistics nor the past matches. It
    asks first; with room made, quitting again saves it and ends the game."""
    import pygame

    app = english
    play_the_last_card(app, store, full, {storage.STATS_FILE, storage.SAVE_FILE})
    app.home()
    frame(app)
    title = app.stack.top
    assert isinstance(title, TitleScene)
    click(app, title.quit)
    dialog = app.stack.top
    assert isinstance(dialog, ConfirmScene) and app.running, "quit without a word"
    assert dialog.question() == app.t("leave_unsaved_question")
    assert resolve(dialog.detail) == app.t("quit_unsaved_result_detail")
    app.back()
    full.clear()  # room made
    frame(app, pygame.event.Event(pygame.WINDOWCLOSE))
    assert not app.running
    assert played(store) == 1 and len(store.load_past()) == 1
    assert store.load_match() is None  # counted, its last sheet left: let go
