"""The end of a match: it is saved played out, its result counted, then it is saved as
counted; it stays saved until its last sheet is shown. A game killed anywhere in between
keeps the match and counts it once, never loses it and never counts it twice.

A real child process runs the table's saver and is killed (SIGKILL) at each step of the
finish; the folder it leaves is then read by a fresh store.
"""

from __future__ import annotations

import errno
import os
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from scopa.app.table.saving import MatchSaver
from scopa.engine import Rules
from scopa.settings import MatchSetup
from scopa.storage import Store

from .test_storage import STEPS, finish, play

ROOT = Path(__file__).resolve().parent.parent
posix_only = pytest.mark.skipif(os.name != "posix", reason="needs SIGKILL")

FINISHER = """
import os, signal, sys
from pathlib import Path
sys.path.insert(0, {tests!r})
from scopa.app.table.saving import MatchSaver
from scopa.engine import Rules
from scopa.settings import MatchSetup
from scopa.storage import Store
from test_storage import finish, play

def checkpoint(name):
    if name == {step!r}:
        os.kill(os.getpid(), signal.SIGKILL)

store = Store(Path({root!r}), checkpoint=checkpoint)
saver = MatchSaver(store)
saver.finish(MatchSetup.solo(), finish(play(Rules(), 5, 12)))
saver.close()
"""


@pytest.fixture(autouse=True)
def english(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("LC_ALL", "LC_MESSAGES", "LANGUAGE"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "en_US.UTF-8")


def unfinished(root: Path) -> None:
    Store(root).save_match(MatchSetup.solo(), play(Rules(), 5, 12).record())


@posix_only
@pytest.mark.parametrize("step", [*STEPS, "saved", "recorded"])
def test_a_game_killed_while_finishing_keeps_the_match_and_counts_it_once(
    step: str, tmp_path: Path
) -> None:
    unfinished(tmp_path)
    code = FINISHER.format(tests=str(ROOT / "tests"), step=step, root=str(tmp_path))
    child = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        timeout=60,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert child.returncode == -signal.SIGKILL, child.stderr.decode()[-2000:]
    for _ in range(2):  # loaded again (the next start), nothing changes
        fresh = Store(tmp_path)
        saved = fresh.load_match()
        counted = fresh.load_stats().total().played
        assert fresh.messages == []
        assert saved is not None, "the match was lost"
        assert counted == (1 if saved.ended else 0)
    if STEPS.index("replaced") <= (*STEPS, "saved", "recorded").index(step):
        assert saved.ended, "the match played out was saved before the game stopped"


def test_a_finished_match_is_counted_then_kept_until_its_sheet_is_shown(tmp_path: Path) -> None:
    unfinished(tmp_path)
    store = Store(tmp_path)
    saver = MatchSaver(store)
    match = finish(play(Rules(), 5, 12))
    saver.finish(MatchSetup.solo(), match, undone=True, hinted=frozenset({0}))
    saver.flush()
    saved = store.load_match()
    assert saved is not None and saved.ended and saved.record == match.record()
    assert (saved.undone, saved.hinted) == (True, frozenset({0}))
    saver.shown()
    saver.close()
    assert saver.problems() == []
    assert store.load_match() is None and not store.save_path.exists()
    total = store.load_stats().total()
    assert (total.played, total.undone) == (1, 1)
    assert store.messages == []


def test_a_result_that_cannot_be_written_keeps_the_saved_match(tmp_path: Path) -> None:
    unfinished(tmp_path)

    def disk_full(step: str) -> None:
        if step == "written":
            raise OSError(errno.ENOSPC, "No space left on device")

    store = Store(tmp_path, checkpoint=disk_full)
    saver = MatchSaver(store)
    saver.finish(MatchSetup.solo(), finish(play(Rules(), 5, 12)))
    saver.close()
    assert saver.problems() == [], "the store tells the player itself"
    (problem,) = store.take_messages()
    assert problem.key == "files.match_not_saved" and "the disk is full" in str(problem)
    saved = store.load_match()
    assert saved is not None and not saved.ended, "the match is still there to be finished again"
    assert store.load_stats().total().played == 0


class FlakyStore:
    """A store whose saves raise until ``failing`` is turned off."""

    def __init__(self) -> None:
        self.failing = True
        self.messages: list[Any] = []

    def save_match(self, setup: Any, record: Any, **flags: Any) -> bool:
        if self.failing:
            raise OSError(errno.EIO, "Input/output error")
        return True


def saves(saver: MatchSaver, count: int) -> list[tuple[str, str]]:
    found = []
    for _ in range(count):
        saver.save(None, None)
        saver.flush()
        found.extend(saver.problems())
    return found


def test_a_save_that_keeps_failing_is_reported_once_until_it_works_again() -> None:
    store = FlakyStore()
    saver = MatchSaver(store)
    try:
        assert saves(saver, 5) == [("table.save_failed", "Input/output error")]
        store.failing = False
        assert saves(saver, 2) == []
        store.failing = True
        assert saves(saver, 3) == [("table.save_failed", "Input/output error")]
    finally:
        saver.close()


def test_a_save_that_keeps_failing_is_reported_again_after_some_minutes() -> None:
    store = FlakyStore()
    saver = MatchSaver(store)
    now = [1000.0]
    saver._told.clock = lambda: now[0]
    try:
        assert len(saves(saver, 3)) == 1
        now[0] += 60
        assert saves(saver, 3) == []
        now[0] += 600
        assert len(saves(saver, 3)) == 1
    finally:
        saver.close()


def test_whether_the_match_is_kept_is_told_by_its_last_save() -> None:
    """A save the store refused, one that raised and one still being written are not
    kept; a later save that went through is, whatever came before it."""
    import threading

    class Disk:
        def __init__(self) -> None:
            self.answer: object = True
            self.gate = threading.Event()
            self.gate.set()

        def save_match(self, *_: Any, **__: Any) -> object:
            self.gate.wait()
            if isinstance(self.answer, Exception):
                raise self.answer
            return self.answer

    disk = Disk()
    saver = MatchSaver(disk)
    assert saver.kept()  # nothing asked yet
    try:
        disk.answer = False
        saver.save(None, None)
        assert not saver.kept()
        disk.answer = OSError(errno.ENOSPC, "No space left on device")
        saver.save(None, None)
        assert not saver.kept()
        disk.answer = True
        disk.gate.clear()
        saver.save(None, None)
        assert not saver.kept(timeout=0.05)  # still being written
        disk.gate.set()
        assert saver.kept()
    finally:
        disk.gate.set()
        saver.close()


def test_a_save_that_raised_something_unforeseen_is_told_not_a_closed_game(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Every frame the table asks for the saves' problems: an error no save should raise
    (a file the store read wrong) closed the game at every frame it was asked."""

    class Broken:
        def save_match(self, *_: Any, **__: Any) -> bool:
            raise OverflowError("date value out of range")

    saver = MatchSaver(Broken())
    try:
        saver.save(None, None)
        saver.flush()
        assert saver.problems() == [("table.save_failed", "date value out of range")]
        assert not saver.kept()
    finally:
        saver.close()
    assert "OverflowError" in capsys.readouterr().err  # in the game's log


@pytest.mark.parametrize("refused", ["match.json", "stats.json"])
def test_a_finish_the_disk_refused_keeps_the_match_saved_to_be_counted_later(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, refused: str
) -> None:
    """A full disk at the last card: the finish could not be written, yet the last sheet
    shown deleted the saved match, and the result never reached the statistics nor the
    past matches, even once the disk had room. The match stays saved, to be counted when
    it is continued or next loaded."""
    import scopa.storage as storage

    store = Store(tmp_path)
    setup = MatchSetup.solo()
    before = play(Rules(), 5, 12)
    store.save_match(setup, before.record())
    write = storage.atomic_write

    def full(path: Path, data: bytes, checkpoint: object = None) -> None:
        if path.name == refused:
            raise OSError(errno.ENOSPC, "No space left on device")
        write(path, data, checkpoint)

    monkeypatch.setattr(storage, "atomic_write", full)
    saver = MatchSaver(store)
    saver.finish(setup, finish(before))
    saver.shown()  # the last sheet on screen
    saver.close()
    monkeypatch.setattr(storage, "atomic_write", write)  # room again
    again = Store(tmp_path)
    assert again.load_match() is not None  # still there, to be counted
    assert len(again.load_stats().recent) == (1 if refused == "stats.json" else 0)
