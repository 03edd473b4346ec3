"""A match given up or replaced stays gone: its table's closing used to try once more a save
the disk had refused earlier, writing the abandoned match back for Continue (or the old
match over the new one's save)."""

from __future__ import annotations

import errno
from pathlib import Path

import pytest

import scopa.storage as storage

from .menu_helpers import click, close_tables, frame


@pytest.fixture
def playing(app, monkeypatch: pytest.MonkeyPatch):  # noqa: ANN001, ANN201
    """A solo match at its table whose last save the disk refused (full for a moment)."""
    app.settings = app.settings.with_(
        opponent_level="beginner", animation_speed="instant", language="en"
    )
    app.matches.coach_mode = "thread"
    app.home()
    app.matches.play()
    coordinator = app.stack.top.coordinator
    coordinator.flush()
    refusals = [1]
    write = storage.atomic_write

    def full_once(path: Path, data: bytes, checkpoint: object = None) -> None:
        if refusals and path.name == storage.SAVE_FILE:
            refusals.pop()
            raise OSError(errno.ENOSPC, "No space left on device")
        write(path, data, checkpoint)

    monkeypatch.setattr(storage, "atomic_write", full_once)
    coordinator.save()
    coordinator.flush()
    assert not coordinator.saver.kept(timeout=5)
    yield app, coordinator
    close_tables(app)


def test_an_abandoned_match_is_not_written_back_as_its_table_closes(playing, store) -> None:  # noqa: ANN001
    app, coordinator = playing
    app.matches.abandon()
    frame(app)
    coordinator.flush()
    assert store.load_match() is None


def test_a_replaced_match_is_not_written_over_the_new_one(playing, store) -> None:  # noqa: ANN001
    app, old = playing
    app.matches.start(app.matches.quick_setup())  # New game, over the match saved
    click(app, app.stack.top.yes_button)  # "Start a new match"
    new = app.matches.current
    assert new is not old
    frame(app)
    new.flush()
    old.flush()
    saved = store.load_match()
    assert saved is not None and saved.record.seed == new.match.seed
