"""Two copies of the game on one folder: the second one reads, but writes nothing.

The first copy is a real child process holding the lock; the second is a Store in the test
process. A lock left by a copy that is gone (killed, its id now naming another program, or
a lock file that cannot be read) is taken over.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pygame
import pytest

from scopa.engine import Match, Rules
from scopa.settings import MatchSetup, Settings
from scopa.stats import Stats
from scopa.storage import LOCK_FILE, Store

from .processes import stop
from .test_storage import custom_settings, finish, play, saved_stats

ROOT = Path(__file__).resolve().parent.parent

HOLDER = """
import sys
from pathlib import Path
from scopa.storage import Store
store = Store(Path(sys.argv[1]))
print("locked" if store.lock() else "refused", flush=True)
sys.stdin.readline()
store.unlock()
"""


@pytest.fixture(autouse=True)
def english(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("LC_ALL", "LC_MESSAGES", "LANGUAGE"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "en_US.UTF-8")


def child_environment(**extra: str) -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(ROOT), **extra}


@contextmanager
def other_copy(root: Path) -> Iterator[subprocess.Popen[str]]:
    """Another copy of the game, holding the lock on ``root`` until the block ends."""
    child = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(root)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env=child_environment(),
    )
    try:
        assert child.stdout is not None and child.stdout.readline().strip() == "locked"
        yield child
    finally:
        if child.poll() is None:
            assert child.stdin is not None
            child.stdin.close()
            child.wait(timeout=30)


def lock_pid(path: Path) -> str:
    """The process id a lock file names (its first line)."""
    return path.read_text().splitlines()[0].strip()


def snapshot(root: Path) -> dict[str, tuple[bytes, int]]:
    return {
        path.name: (path.read_bytes(), path.stat().st_mtime_ns)
        for path in sorted(root.iterdir())
        if path.is_file()
    }


def fill(root: Path) -> tuple[Settings, MatchSetup, Match, Stats]:
    """A folder with settings, a saved match and statistics, as a first copy leaves it."""
    store = Store(root)
    settings = custom_settings()
    store.save_settings(settings)
    setup = MatchSetup.solo()
    match = play(Rules(), 5, 12)
    store.save_match(setup, match.record())
    stats = saved_stats(store)
    return settings, setup, match, stats


def test_a_second_copy_reads_but_writes_nothing_and_says_so_once(tmp_path: Path) -> None:
    settings, setup, match, stats = fill(tmp_path)
    with other_copy(tmp_path) as first:
        before = snapshot(tmp_path)
        assert before[LOCK_FILE][0].decode().splitlines()[0] == str(first.pid)
        second = Store(tmp_path)
        assert second.lock() is False
        assert second.locked_out
        assert second.load_settings() == settings
        loaded = second.load_match()
        assert loaded is not None and loaded[1] == match.record()
        assert second.load_stats() == stats
        assert second.save_settings(Settings()) is False
        assert second.save_match(setup, play(Rules(), 5, 14).record()) is False
        assert second.save_stats(Stats()) is False
        assert second.clear_match() is False
        assert second.finish_match(setup, finish(match)) is False
        second.record_result(setup, finish(match))
        assert snapshot(tmp_path) == before
        (problem,) = second.messages
        assert problem.key == "files.other_copy"
        assert "Another copy of Scopa is already open" in str(problem)
        assert "will not save" in str(problem)
        second.unlock()
        assert (tmp_path / LOCK_FILE).exists(), "the other copy's lock is not ours to remove"
    assert not (tmp_path / LOCK_FILE).exists(), "the first copy released its lock on closing"
    third = Store(tmp_path)
    assert third.lock() is True
    assert third.save_stats(Stats()) is True
    assert third.messages == []


def test_a_folder_copied_with_its_lock_is_not_taken_for_one_in_use(tmp_path: Path) -> None:
    """The player's folder copied (a backup, a second profile) while the game ran on it:
    the copy held the running game's lock, and a game started on the copy saved nothing,
    saying another copy was open. A lock names its folder: in another, it is stale."""
    import shutil

    first_home, copied = tmp_path / "home", tmp_path / "home2"
    first_home.mkdir()
    settings, setup, match, stats = fill(first_home)
    with other_copy(first_home):
        shutil.copytree(first_home, copied)
        assert (copied / LOCK_FILE).read_bytes() == (first_home / LOCK_FILE).read_bytes()
        on_copy = Store(copied)
        assert on_copy.lock() is True and not on_copy.locked_out
        assert on_copy.messages == []
        assert on_copy.load_settings() == settings
        assert on_copy.save_stats(stats) is True
        on_copy.unlock()
        same = Store(first_home)  # the folder itself is still the running game's
        assert same.lock() is False


def test_a_damaged_file_is_left_alone_while_another_copy_runs(tmp_path: Path) -> None:
    store = Store(tmp_path)
    store.stats_path.write_bytes(b"{not json")
    with other_copy(tmp_path):
        second = Store(tmp_path)
        second.lock()
        assert second.load_stats() == Stats()
        assert store.stats_path.read_bytes() == b"{not json"
        assert not store.stats_path.with_name("stats.json.bak").exists()
        assert [problem.key for problem in second.messages] == [
            "files.other_copy",
            "files.stats_left",
        ]
        assert "another copy of the game is open" in str(second.messages[1])


@pytest.mark.skipif(os.name != "posix", reason="needs SIGKILL")
def test_a_lock_left_by_a_killed_copy_is_taken_over(tmp_path: Path) -> None:
    _, setup, match, _ = fill(tmp_path)
    with other_copy(tmp_path) as first:
        first.send_signal(signal.SIGKILL)
        first.wait(timeout=30)
    lock = tmp_path / LOCK_FILE
    assert lock_pid(lock) == str(first.pid), "a killed copy leaves its lock behind"
    store = Store(tmp_path)
    assert store.lock() is True
    assert lock_pid(lock) == str(os.getpid())
    assert store.save_match(setup, match.record()) is True
    assert store.messages == []
    store.unlock()
    assert not lock.exists()


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="no /proc to tell a zombie")
def test_a_copy_killed_a_moment_ago_and_not_yet_reaped_has_let_go(tmp_path: Path) -> None:
    """Started again a second after a kill -9, the game said another copy was open and saved
    nothing all evening: the killed copy, not yet reaped by its parent, still answered."""
    _, setup, match, _ = fill(tmp_path)
    with other_copy(tmp_path) as first:
        first.send_signal(signal.SIGKILL)
        for _ in range(200):  # dead, but not reaped: a zombie still answers os.kill
            state = Path(f"/proc/{first.pid}/stat").read_text().rpartition(")")[2].split()[0]
            if state == "Z":
                break
            time.sleep(0.01)
        os.kill(first.pid, 0)
        store = Store(tmp_path)
        assert store.lock() is True
        assert store.save_match(setup, match.record()) is True
        store.unlock()
        first.wait(timeout=30)


LINUX_PROC = pytest.mark.skipif(
    not Path("/proc/self/cmdline").exists(), reason="needs /proc to tell what a process is"
)


@LINUX_PROC
@pytest.mark.parametrize("says_started", [False, True], ids=["id-only", "started-otherwise"])
def test_a_lock_naming_a_live_program_that_is_not_the_game_is_taken_over(
    says_started: bool, tmp_path: Path
) -> None:
    """After a crash, the id in the lock came to belong to another program (after a
    restart of the computer, say): the game said another copy was open at every start and
    saved nothing, until that program ended. A lock of an older copy holds only the id."""
    elsewhere = Store(tmp_path / "elsewhere")
    assert elsewhere.lock()
    started = elsewhere.lock_path.read_text().splitlines()[1]  # when this process started
    elsewhere.unlock()
    _, setup, match, _ = fill(tmp_path)
    other = subprocess.Popen(["sleep", "60"])
    try:
        lock = tmp_path / LOCK_FILE
        lock.write_text(f"{other.pid}\n" + (f"{started}\n" if says_started else ""))
        os.kill(other.pid, 0)  # the process with the id runs
        store = Store(tmp_path)
        assert store.lock() is True
        assert not store.locked_out
        assert lock_pid(lock) == str(os.getpid())
        assert store.save_match(setup, match.record()) is True
        assert store.messages == []
        assert not [path for path in tmp_path.iterdir() if path.name.endswith(".stale")]
        store.unlock()
        assert not lock.exists()
    finally:
        stop(other)


@LINUX_PROC
def test_a_running_copy_s_lock_is_still_respected_in_either_form(tmp_path: Path) -> None:
    """A lock that says when its copy started, and one of an older copy that names only its
    id, both hold while that copy runs."""
    fill(tmp_path)
    with other_copy(tmp_path) as first:
        lock = tmp_path / LOCK_FILE
        lines = lock.read_text().splitlines()
        assert lines[0] == str(first.pid) and lines[1].startswith("started "), lines
        assert Store(tmp_path).lock() is False
        lock.write_text(f"{first.pid}\n")  # as an older copy wrote it
        second = Store(tmp_path)
        assert second.lock() is False
        assert [problem.key for problem in second.messages] == ["files.other_copy"]
        assert lock.read_text() == f"{first.pid}\n"


@pytest.mark.parametrize(
    "content",
    [b"", b"not a number\n", b"\xff\xfe\x00", b"12345678901234567890\n", b"0\n", b"-5\n"],
    ids=["empty", "words", "binary", "too-long", "zero", "negative"],
)
def test_an_unreadable_lock_is_taken_over(content: bytes, tmp_path: Path) -> None:
    lock = tmp_path / LOCK_FILE
    lock.write_bytes(content)
    store = Store(tmp_path)
    assert store.lock() is True
    assert lock_pid(lock) == str(os.getpid())
    assert store.messages == []
    assert sorted(path.name for path in tmp_path.iterdir()) == [LOCK_FILE]


def test_a_folder_where_the_lock_goes_is_kept_aside_and_the_lock_made(tmp_path: Path) -> None:
    """A folder named as the lock: each copy took it for a lock of its own, and two copies
    saved over each other's match without a word. It is kept under a backup's name, and
    the lock made."""
    (tmp_path / LOCK_FILE).mkdir()
    (tmp_path / LOCK_FILE / "inside").write_text("kept")
    store = Store(tmp_path)
    assert store.lock() is True
    assert lock_pid(tmp_path / LOCK_FILE) == str(os.getpid())
    assert (tmp_path / (LOCK_FILE + ".bak") / "inside").read_text() == "kept"
    assert_taken(tmp_path)


def assert_taken(root: Path) -> None:
    """Another copy started on ``root`` now finds it taken."""
    second = subprocess.run(
        [sys.executable, "-c", HOLDER, str(root)],
        input="\n",
        capture_output=True,
        text=True,
        env=child_environment(),
        timeout=60,
    )
    assert second.stdout.strip() == "refused", second.stdout + second.stderr


def test_a_folder_where_no_lock_can_be_made_is_said_at_the_start(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A read-only data folder said nothing until the first move failed to save: the game
    now says at once that nothing will be saved, in the player's language, and goes on."""
    from scopa.i18n import Translator
    from scopa.storage import _os_reason

    def refuse(path: Path) -> None:
        raise PermissionError(13, "Permission denied", str(path))

    monkeypatch.setattr("scopa.storage._create_lock", refuse)
    store = Store(tmp_path)
    assert store.lock() is True  # the game goes on
    (message,) = store.messages
    assert message.key == "files.folder_not_writable"
    assert message.params["folder"] == str(tmp_path)
    assert message.params["reason"] == _os_reason(PermissionError(13, "Permission denied"))
    italian = message.render(Translator("it"))
    assert italian.startswith("Il gioco non può scrivere in") and "denied" not in italian


@pytest.mark.parametrize("kind", ["stale lock", "folder"])
def test_a_lock_that_cannot_be_moved_aside_is_not_said_as_another_copy(
    kind: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A lock no copy holds that the system would not let be moved (a file kept as it is,
    a folder under the lock's name) was said as another copy of the game open, and
    nothing was saved all evening. The game says what is in the way, and saves."""
    from scopa.i18n import Translator
    from scopa.storage import _os_reason

    _, setup, match, _ = fill(tmp_path)
    lock = tmp_path / LOCK_FILE
    if kind == "folder":
        lock.mkdir()
    else:
        lock.write_text("0\n")  # no copy's
    moving = os.replace

    def refuse(source: str | Path, target: str | Path) -> None:
        if Path(source) == lock:
            raise PermissionError(1, "Operation not permitted", str(source))
        moving(source, target)

    monkeypatch.setattr("scopa.storage.os.replace", refuse)
    store = Store(tmp_path)
    assert store.lock() is True
    assert not store.locked_out
    (message,) = store.messages
    assert message.key == "files.lock_stuck"
    assert message.params["path"] == str(lock)
    assert message.params["reason"] == _os_reason(PermissionError(1, "Operation not permitted"))
    assert message.render(Translator("it")).startswith("Il gioco non riesce a togliere")
    assert store.save_match(setup, match.record()) is True
    assert store.load_match() is not None
    assert [problem.key for problem in store.messages] == ["files.lock_stuck"]
    store.unlock()
    assert lock.exists(), "not ours: left as it is"


def test_a_lock_is_released_on_unlock_and_only_if_it_is_ours(tmp_path: Path) -> None:
    lock = tmp_path / LOCK_FILE
    store = Store(tmp_path)
    assert store.lock() and store.lock(), "taking it again is harmless"
    assert lock_pid(lock) == str(os.getpid())
    store.unlock()
    assert not lock.exists()
    store.unlock()
    assert store.lock()
    lock.write_text(f"{os.getppid()}\n")  # meanwhile another copy took it over
    store.unlock()
    assert lock.read_text().strip() == str(os.getppid())


def test_the_game_started_twice_saves_only_in_the_first(tmp_path: Path) -> None:
    """``python -m scopa`` takes the lock at start: opened on a folder held by another
    copy it runs, but its table saves no match; run alone it leaves no lock behind."""
    environment = child_environment(
        SCOPA_HOME=str(tmp_path), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
        SCOPA_START="table", SCOPA_SEED="7",
    )  # fmt: skip
    command = [sys.executable, "-m", "scopa", "--smoke"]
    with other_copy(tmp_path) as first:
        second = subprocess.run(command, env=environment, capture_output=True, timeout=120)
        assert second.returncode == 0, second.stderr.decode()[-2000:]
        assert not (tmp_path / "match.json").exists()
        assert lock_pid(tmp_path / LOCK_FILE) == str(first.pid)
    alone = subprocess.run(command, env=environment, capture_output=True, timeout=120)
    assert alone.returncode == 0, alone.stderr.decode()[-2000:]
    assert (tmp_path / "match.json").exists()
    assert not (tmp_path / LOCK_FILE).exists()


def test_a_damaged_match_a_second_copy_cannot_set_aside_is_told_once(tmp_path: Path) -> None:
    """With another copy open, the damaged saved match stays where it is and was told
    again at every return to the title (each reading of it): once is enough."""
    from scopa.app.app import App

    with other_copy(tmp_path):
        store = Store(tmp_path)
        assert store.lock() is False
        store.save_path.write_text("{broken", encoding="utf-8")
        app = App(store, size=(960, 540))
        try:
            said = []
            for _ in range(3):
                assert store.load_match() is None
                app.show_store_messages()
                said += [toast.text for toast in app.toasts if "resumed" in toast.text]
                for toast in app.toasts:  # its time runs out before the next return
                    toast.remaining = 0
                app.toasts.update(0.1, lambda toast: True)
            assert len(said) == 1, said
        finally:
            pygame.display.quit()


def test_a_folder_that_becomes_writable_is_locked_before_the_first_write(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A copy started on a read-only folder wrote, once the folder could be written,
    without ever taking the lock: a second copy started then ran unwarned, and the two
    overwrote each other's match. The first write claims the lock."""
    import scopa.storage

    real = scopa.storage._create_lock

    def refuse(path: Path) -> None:
        raise PermissionError(13, "Permission denied", str(path))

    monkeypatch.setattr("scopa.storage._create_lock", refuse)
    first = Store(tmp_path)
    first.lock()
    first.take_messages()
    monkeypatch.setattr("scopa.storage._create_lock", real)  # the folder can be written
    assert first.save_settings(custom_settings())
    assert lock_pid(tmp_path / LOCK_FILE) == str(os.getpid())
    assert first.take_messages() == []


def test_a_copy_that_could_not_lock_writes_nothing_once_another_holds_the_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The first copy could not lock a read-only folder; a second copy took the folder
    once it could be written. The first copy's next write is refused, and it says why."""

    def refuse(path: Path) -> None:
        raise PermissionError(13, "Permission denied", str(path))

    settings, setup, match, stats = fill(tmp_path)
    (tmp_path / LOCK_FILE).unlink(missing_ok=True)
    with monkeypatch.context() as patch:
        patch.setattr("scopa.storage._create_lock", refuse)
        first = Store(tmp_path)
        first.lock()
    first.take_messages()
    with other_copy(tmp_path):
        before = snapshot(tmp_path)
        assert not first.save_match(setup, play(Rules(), 5, 14).record())
        assert snapshot(tmp_path) == before
        assert [problem.key for problem in first.take_messages()] == ["files.other_copy"]


def test_a_file_where_the_data_folder_goes_is_said_at_the_start(tmp_path: Path) -> None:
    """A file in place of the data folder said nothing until the first move failed to
    save; it is said at the start, as a read-only folder is: as a folder the game cannot
    use at all (nothing can be read there either)."""
    (tmp_path / "data").write_text("not a folder")
    store = Store(tmp_path / "data")
    assert store.lock() is True
    (message,) = store.messages
    assert message.key == "files.folder_unusable"
    assert message.params["reason"].key == "files.reason_in_the_way"


def test_a_link_that_leads_back_to_itself_is_said_in_words() -> None:
    """A loop of links gave "error 40" with no word of what it was."""
    import errno

    from scopa.i18n import Translator
    from scopa.storage import _os_reason

    reason = _os_reason(OSError(errno.ELOOP, "Too many levels of symbolic links"))
    assert reason.key == "files.reason_link_loop"
    assert "40" not in reason.render(Translator("it"))


def test_a_copy_kept_out_saves_once_the_other_copy_has_closed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two copies opened by mistake; the first one closed, the player went on in the
    second: nothing it played was ever saved, and on closing it said another copy kept the
    saves. It now looks again, claims the folder once the other copy is gone, says so, and
    saves from then on."""
    import scopa.storage

    monkeypatch.setattr(scopa.storage, "RELOCK_SECONDS", 0.0)
    settings, setup, match, _ = fill(tmp_path)
    second = Store(tmp_path)
    with other_copy(tmp_path) as first:
        assert second.lock() is False
        assert second.save_match(setup, play(Rules(), 5, 14).record()) is False
        assert second.locked_out  # looked again: the other copy is still there
        assert [problem.key for problem in second.take_messages()] == ["files.other_copy"]
        assert lock_pid(tmp_path / LOCK_FILE) == str(first.pid)
    later = play(Rules(), 5, 20)
    assert second.save_match(setup, later.record()) is True
    assert not second.locked_out
    assert lock_pid(tmp_path / LOCK_FILE) == str(os.getpid())
    assert [problem.key for problem in second.take_messages()] == ["files.other_copy_gone"]
    assert "lock" in second.take_recovered()  # its notice is taken down
    loaded = Store(tmp_path).load_match()
    assert loaded is not None and loaded[1] == later.record()
    assert second.save_settings(settings) is True
    second.unlock()
    assert not (tmp_path / LOCK_FILE).exists()


def test_a_copy_that_takes_the_saves_over_keeps_the_other_copy_s_match_played_further(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two copies on one match: the first played on and closed; the second, still showing
    the match as it was, took the saves over and wrote it back, the first copy's last
    plays lost without a backup. The match played further is kept and the player told how
    to go on from it; the same match played on past it, or another match, is saved."""
    import shutil

    import scopa.storage

    monkeypatch.setattr(scopa.storage, "RELOCK_SECONDS", 0.0)
    _, setup, _, _ = fill(tmp_path)
    second = Store(tmp_path)
    further = play(Rules(), 5, 20)
    with other_copy(tmp_path):
        assert second.lock() is False
        elsewhere = Store(tmp_path / "first")  # the first copy plays on and saves
        elsewhere.save_match(setup, further.record())
        shutil.copy(elsewhere.save_path, second.save_path)
    second.take_messages()
    assert second.save_match(setup, play(Rules(), 5, 14).record()) is False
    assert "files.match_further_elsewhere" in [p.key for p in second.take_messages()]
    assert Store(tmp_path).load_match()[1] == further.record()  # kept
    onward = play(Rules(), 5, 24)  # continued from the title: the further match, played on
    assert second.save_match(setup, onward.record()) is True
    assert Store(tmp_path).load_match()[1] == onward.record()
    assert second.save_match(setup, play(Rules(), 6, 4).record()) is True  # a new match


def test_a_copy_that_takes_the_saves_over_keeps_a_new_match_the_other_copy_began(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two copies: the second resumed the saved match; the first began a new one, saved it
    and closed; the second played a card, took the saves over and wrote its match over the
    new one, which was gone without a backup or a word. The other copy's match is kept as
    a backup, and the player told where; a match ended then does not clear it either."""
    import shutil

    import scopa.storage

    monkeypatch.setattr(scopa.storage, "RELOCK_SECONDS", 0.0)
    _, setup, match, _ = fill(tmp_path)
    second = Store(tmp_path)
    with other_copy(tmp_path):
        assert second.lock() is False
        assert second.load_match()[1] == match.record()  # Continue, in the second window
        elsewhere = Store(tmp_path / "first")  # the first copy begins another match
        new = play(Rules(), 9, 3)
        elsewhere.save_match(setup, new.record())
        shutil.copy(elsewhere.save_path, second.save_path)
    second.take_messages()
    assert second.clear_match() is True  # (a match ended in the second window)
    assert Store(tmp_path).load_match()[1] == new.record()  # not this window's to clear
    onward = play(Rules(), 5, 14)  # the second window's match, played on
    assert second.save_match(setup, onward.record()) is True
    told = [p for p in second.take_messages() if p.key == "files.match_other_kept"]
    assert len(told) == 1 and told[0].params["folder"] == str(tmp_path)
    kept = tmp_path / told[0].params["backup"]
    assert scopa.storage._match_read(scopa.storage._parse_match(kept.read_bytes()))[1] == (
        new.record()
    )
    assert Store(tmp_path).load_match()[1] == onward.record()
    later = play(Rules(), 5, 16)  # saved from then on as any match
    assert second.save_match(setup, later.record()) is True
    assert second.take_messages() == []


def test_a_copy_that_takes_the_saves_over_keeps_the_same_match_played_otherwise(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two copies resumed the same match and played different cards; the first saved and
    closed. The second was told the other had played the match further (it had not), and
    every save of its own was refused: the match it went on with was lost. The other copy's
    match is kept as a backup, and this one saved."""
    import shutil

    import scopa.storage

    monkeypatch.setattr(scopa.storage, "RELOCK_SECONDS", 0.0)
    _, setup, match, _ = fill(tmp_path)
    moves = match.legal_moves()
    assert len(moves) > 1
    theirs, _ = match.apply(moves[0])
    mine, _ = match.apply(moves[-1])
    mine, _ = mine.apply(mine.legal_moves()[0])  # two plays past the save: more than theirs
    second = Store(tmp_path)
    with other_copy(tmp_path):
        assert second.lock() is False
        assert second.load_match()[1] == match.record()
        elsewhere = Store(tmp_path / "first")
        elsewhere.save_match(setup, theirs.record())
        shutil.copy(elsewhere.save_path, second.save_path)
    second.take_messages()
    assert second.save_match(setup, mine.record()) is True
    keys = [p.key for p in second.take_messages()]
    assert "files.match_further_elsewhere" not in keys and "files.match_other_kept" in keys
    assert Store(tmp_path).load_match()[1] == mine.record()
    kept = sorted(tmp_path.glob("match.json.bak*"))
    assert len(kept) == 1
    saved = scopa.storage._match_read(scopa.storage._parse_match(kept[0].read_bytes()))[1]
    assert saved == theirs.record()


def test_a_copy_that_takes_the_saves_over_writes_over_the_match_it_knows(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The other copy left the saved match as it was: the second one's match, a new one,
    replaces it as a match begun anywhere does (no backup, no word)."""
    import scopa.storage

    monkeypatch.setattr(scopa.storage, "RELOCK_SECONDS", 0.0)
    _, setup, match, _ = fill(tmp_path)
    second = Store(tmp_path)
    with other_copy(tmp_path):
        assert second.lock() is False
        assert second.load_match()[1] == match.record()
    second.take_messages()
    new = play(Rules(), 9, 3)
    assert second.save_match(setup, new.record()) is True
    assert [p.key for p in second.take_messages()] == ["files.other_copy_gone"]
    assert sorted(path.name for path in tmp_path.iterdir() if ".bak" in path.name) == []


def test_a_copy_that_takes_the_saves_over_keeps_the_settings_the_other_copy_changed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two copies: the first changed the players to three and closed; the second changed
    the cloth, took the saves over and wrote its settings whole, three players back to two
    without a word. What the other copy changed is kept where this one changed nothing."""
    import scopa.storage

    monkeypatch.setattr(scopa.storage, "RELOCK_SECONDS", 0.0)
    settings, _, _, _ = fill(tmp_path)
    second = Store(tmp_path)
    with other_copy(tmp_path):
        assert second.lock() is False
        shown = second.load_settings()
        assert shown == settings
        first = Store(tmp_path / "first")  # the first copy's change, written in the folder
        first.save_settings(settings.with_(rules=settings.rules.with_(players=3)))
        (tmp_path / "settings.toml").write_bytes(first.settings_path.read_bytes())
    felt = "blue" if shown.felt != "blue" else "red"
    assert second.save_settings(shown.with_(felt=felt)) is True
    saved = Store(tmp_path).load_settings()
    assert (saved.felt, saved.rules.players) == (felt, 3)
    assert second.merged_settings == saved  # the copy holds them from then on
    second.merged_settings = None
    assert second.save_settings(saved.with_(volume=0.25)) is True  # none since: as they are
    assert second.merged_settings is None
    assert Store(tmp_path).load_settings() == saved.with_(volume=0.25)


def test_a_setting_both_copies_changed_is_the_one_saved_last(tmp_path: Path) -> None:
    settings, _, _, _ = fill(tmp_path)
    second = Store(tmp_path)
    shown = second.load_settings()
    Store(tmp_path).save_settings(settings.with_(volume=0.1, muted=True))  # the other copy
    assert second.save_settings(shown.with_(volume=0.9)) is True
    saved = Store(tmp_path).load_settings()
    assert (saved.volume, saved.muted) == (0.9, True)


def test_a_folder_removed_under_the_game_is_made_again_with_its_lock(tmp_path: Path) -> None:
    """The data folder deleted while the game ran: its next save made the folder again
    without the lock, a second copy started then took the folder too, and the two saved
    over each other's match without a word. The save that makes it again locks it first."""
    import shutil

    home = tmp_path / "home"
    first = Store(home)
    assert first.lock()
    assert first.save_settings(custom_settings())
    shutil.rmtree(home)
    setup = MatchSetup.solo()
    assert first.save_match(setup, play(Rules(), 5, 12).record())
    assert lock_pid(home / LOCK_FILE) == str(os.getpid())
    assert_taken(home)  # another copy started now finds the folder taken
    assert first.save_match(setup, play(Rules(), 5, 14).record())


def removed_under_the_game(home: Path) -> tuple[Store, Settings, Stats, int]:
    """A game's folder with its settings, statistics, a past match and a match under way,
    then deleted while the game runs (as a player cleaning up their disk did)."""
    import shutil

    from .test_storage import kept_past

    store = Store(home)
    assert store.lock()
    settings = custom_settings()
    assert store.save_settings(settings)
    past = kept_past(store)
    stats = store.load_stats()
    assert store.save_match(MatchSetup.solo(), play(Rules(), 5, 12).record())
    store.take_messages()
    shutil.rmtree(home)
    return store, settings, stats, len(past)


def test_a_folder_removed_under_the_game_gets_back_what_the_game_held(tmp_path: Path) -> None:
    """The data folder deleted while the game ran: its next save made the folder again
    with that one file, and the settings, the statistics and the past matches were lost
    without a word (the game started in English, "No matches yet"). What the game read or
    wrote is written back with the save, and the player is told."""
    home = tmp_path / "home"
    store, settings, stats, past = removed_under_the_game(home)
    match = play(Rules(), 5, 14)
    assert store.save_match(MatchSetup.solo(), match.record())
    again = Store(home)
    assert again.load_settings() == settings
    assert again.load_stats() == stats and len(stats.recent) == 1
    assert len(again.load_past()) == past == 1
    saved = again.load_match()
    assert saved is not None and saved.match.moves() == match.moves()
    (told,) = store.take_messages()
    assert told.key == "files.folder_restored"
    assert told.params["files"] == "past.json, settings.toml, stats.json"  # (match.json saved)
    assert not again.take_messages()


def test_a_folder_removed_under_the_game_is_written_again_as_it_closes(tmp_path: Path) -> None:
    """Deleted on the title screen and the game closed with nothing more saved: what the
    game held is written back as it closes, the match left under way with it."""
    home = tmp_path / "home"
    store, settings, stats, _ = removed_under_the_game(home)
    store.unlock()
    again = Store(home)
    assert again.load_settings() == settings and again.load_stats() == stats
    assert again.load_match() is not None
    assert not (home / LOCK_FILE).exists()


def test_a_match_the_game_ended_is_not_written_back(tmp_path: Path) -> None:
    """What the game removed itself (a match finished or abandoned) stays removed."""
    home = tmp_path / "home"
    store, *_ = removed_under_the_game(home)
    assert store.clear_match()
    assert store.save_settings(custom_settings().with_(volume=0.5))
    assert Store(home).load_match() is None
