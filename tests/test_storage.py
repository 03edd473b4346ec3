"""The store: files survive bad content, interrupted writes and restarts.

Every damaged-file case is run against each of the three files; the interrupted-write tests
kill a real process (SIGKILL) in the middle of its writes.
"""

from __future__ import annotations

import errno
import json
import os
import random
import re
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scopa import storage
from scopa.engine import PRESETS, GameRecord, Match, Rules
from scopa.i18n import Translator
from scopa.settings import MatchSetup, SeatConfig, Settings, SettingsError, salvage
from scopa.stats import Stats, result_of
from scopa.stats import salvage as salvage_stats
from scopa.storage import PastMatch, Store, atomic_write, toml_dumps

posix_only = pytest.mark.skipif(os.name != "posix", reason="needs SIGKILL and fork")


@pytest.fixture(autouse=True)
def english(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("LC_ALL", "LC_MESSAGES", "LANGUAGE"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "en_US.UTF-8")


def play(rules: Rules, seed: int, moves: int) -> Match:
    """A match after ``moves`` random legal moves (or finished, if it ends sooner)."""
    rng = random.Random(seed)
    match = Match.new(rules, seed)
    for _ in range(moves):
        if match.over:
            break
        match, _ = match.apply(rng.choice(match.legal_moves()))
    return match


def finish(match: Match, seed: int = 0) -> Match:
    rng = random.Random(seed)
    while not match.over:
        match, _ = match.apply(rng.choice(match.legal_moves()))
    return match


def custom_settings() -> Settings:
    return Settings(
        rules=Rules.preset("rulebook"),
        language="it",
        deck_style="french",
        volume=0.25,
        muted=True,
        last_setup=MatchSetup.solo(Rules(players=3), level="master", name="Giulia"),
    )


def saved_stats(store: Store) -> Stats:
    setup = MatchSetup.solo()
    return store.record_result(setup, finish(Match.new(Rules(), 3)))


def kept_past(store: Store) -> list[PastMatch]:
    """A match finished alone against the computer: kept for its review to be opened again."""
    store.finish_match(MatchSetup.solo(), finish(Match.new(Rules(), 3)))
    return store.load_past()


# --- one description per file: how to write a good one, load it, and what "defaults" is ------


class Kind:
    def __init__(
        self,
        name: str,
        path: Callable[[Store], Path],
        save: Callable[[Store], Any],
        load: Callable[[Store], Any],
        default: Any,
        wrong_types: bytes,
        future: bytes,
        label: str,
    ) -> None:
        self.name, self.path, self.save, self.load = name, path, save, load
        self.default, self.wrong_types, self.future, self.label = (
            default,
            wrong_types,
            future,
            label,
        )


def _save_match(store: Store) -> tuple[MatchSetup, GameRecord]:
    setup = MatchSetup.solo()
    record = play(Rules(), 11, 30).record()
    store.save_match(setup, record)
    return setup, record


_valid_record = play(Rules(), 11, 30).record().text()

KINDS = [
    Kind(
        "settings",
        lambda s: s.settings_path,
        lambda s: (s.save_settings(custom_settings()), custom_settings())[1],
        lambda s: s.load_settings(),
        "defaults",
        b'volume = "loud"\nmuted = 3\n\n[format]\nschema = 1\n',
        b"muted = true\n\n[format]\nschema = 99\n",
        "settings file",
    ),
    Kind(
        "save",
        lambda s: s.save_path,
        _save_match,
        lambda s: s.load_match(),
        None,
        json.dumps({"schema": 1, "setup": {"seats": "me", "rules": []}, "record": 5}).encode(),
        json.dumps(
            {"schema": 2, "setup": MatchSetup.solo().to_dict(), "record": _valid_record}
        ).encode(),
        "saved match",
    ),
    Kind(
        "stats",
        lambda s: s.stats_path,
        saved_stats,
        lambda s: s.load_stats(),
        Stats(),
        json.dumps({"schema": 1, "tallies": [{"mode": 1}], "recent": "none"}).encode(),
        json.dumps({"schema": 7, "tallies": [], "recent": []}).encode(),
        "statistics file",
    ),
    Kind(
        "past",
        lambda s: s.past_path,
        kept_past,
        lambda s: s.load_past(),
        [],
        json.dumps({"schema": 1, "matches": {"first": "yesterday"}}).encode(),
        json.dumps({"schema": 3, "matches": []}).encode(),
        "past matches",
    ),
]


def expected_default(kind: Kind) -> Any:
    return Settings() if kind.default == "defaults" else kind.default


def good_bytes(kind: Kind, tmp_path: Path) -> tuple[bytes, Any]:
    store = Store(tmp_path / "good")
    value = kind.save(store)
    return kind.path(store).read_bytes(), value


def expected_from(kind: Kind, content: bytes | None) -> Any:
    """What loading the bad ``content`` gives: the defaults, but for a settings file,
    whose entries that still read are kept (``salvage``, tested on its own below), and
    statistics cut short, whose rows written whole before the cut are kept (tested on
    their own below)."""
    if kind.name == "settings" and content is not None:
        kept = salvage(content.decode("utf-8", "replace"))
        if kept is not None:
            return kept
    if kind.name == "stats" and content is not None:
        try:
            read = storage._parse_json_rows_or_cut(content)
        except (storage.DamagedFile, RecursionError):
            return expected_default(kind)
        if isinstance(read, storage._CutShort):
            kept = salvage_stats(read.data)
            if kept is not None:
                return kept
    return expected_default(kind)


def assert_set_aside(kind: Kind, store: Store, content: bytes | None, backup: str = ".bak") -> None:
    """The load gave the defaults (or what could be read), said so, and kept the bad file
    beside the real one."""
    path = kind.path(store)
    found = kind.load(store)
    assert found == expected_from(kind, content)
    assert len(store.messages) == 1, store.messages
    message = str(store.messages[0])
    assert kind.label in message and path.name + backup in message
    kept = path.with_name(path.name + backup)
    if content is not None:
        assert kept.read_bytes() == content
    if store.messages[0].key.endswith("salvaged_set_aside"):
        # Settings of which something was kept are written again at once: the next start
        # reads what was kept, and says nothing more.
        store.messages.clear()
        assert kind.load(store) == found and store.messages == []
    else:
        assert not path.exists()
    # The game goes on: the next save and load work, and say nothing more.
    store.messages.clear()
    value = kind.save(store)
    loaded = kind.load(store)
    assert loaded == value
    assert store.messages == []


# --- damaged files ----------------------------------------------------------------------------

kinds = pytest.mark.parametrize("kind", KINDS, ids=[kind.name for kind in KINDS])


@kinds
def test_missing_file_gives_defaults_silently(kind: Kind, tmp_path: Path) -> None:
    store = Store(tmp_path)
    assert kind.load(store) == expected_default(kind)
    assert store.messages == []


@kinds
def test_good_file_round_trips(kind: Kind, tmp_path: Path) -> None:
    store = Store(tmp_path)
    value = kind.save(store)
    fresh = Store(tmp_path)
    assert kind.load(fresh) == value
    assert fresh.messages == []


@kinds
def test_truncated_file_at_every_length(kind: Kind, tmp_path: Path) -> None:
    content, _ = good_bytes(kind, tmp_path)
    complete = len(content.rstrip())
    cuts = sorted({*range(0, complete, max(1, complete // 60)), complete - 1})
    for cut in cuts:
        store = Store(tmp_path / f"cut{cut}")
        kind.path(store).parent.mkdir(parents=True, exist_ok=True)
        kind.path(store).write_bytes(content[:cut])
        assert_set_aside(kind, store, content[:cut])


@kinds
@pytest.mark.parametrize(
    "garbage",
    [
        b"\x00\xff\xfe binary \x80",
        b"hello, not a file of ours\n",
        b"[[[\n",
        b"[]",
        b"",
        b"a = " + b"[" * 100_000 + b"]" * 100_000,
        b"[" * 100_000 + b"]" * 100_000,
        b'{"schema": 1e400}',
    ],
    ids=["binary", "prose", "brackets", "list", "empty", "deep-toml", "deep-json", "huge-number"],
)
def test_not_toml_or_json(kind: Kind, garbage: bytes, tmp_path: Path) -> None:
    store = Store(tmp_path)
    kind.path(store).write_bytes(garbage)
    assert_set_aside(kind, store, garbage)


@kinds
def test_wrong_types(kind: Kind, tmp_path: Path) -> None:
    store = Store(tmp_path)
    kind.path(store).write_bytes(kind.wrong_types)
    assert_set_aside(kind, store, kind.wrong_types)


@kinds
def test_future_schema_version(kind: Kind, tmp_path: Path) -> None:
    store = Store(tmp_path)
    kind.path(store).write_bytes(kind.future)
    assert_set_aside(kind, store, kind.future)


@kinds
def test_future_schema_message_says_newer(kind: Kind, tmp_path: Path) -> None:
    store = Store(tmp_path)
    kind.path(store).write_bytes(kind.future)
    kind.load(store)
    assert "newer version of the game" in str(store.messages[0])
    assert "damaged" not in str(store.messages[0])  # the settings' said so: it was not


@kinds
def test_a_version_of_a_billion_is_damage_not_a_newer_game(kind: Kind, tmp_path: Path) -> None:
    """A version number of 10**18 was told as a file "written by a newer version of the
    game": a number like that is damage, and the message says the version is unknown."""
    store = Store(tmp_path)
    text = re.sub(rb'(schema"?\s*[:=]\s*)\d+', rb"\g<1>1000000000000000000", kind.future)
    assert b"1000000000000000000" in text
    kind.path(store).write_bytes(text)
    kind.load(store)
    (message,) = store.messages
    assert "newer version" not in str(message)
    assert "unknown version number (1000000000000000000)" in str(message)


@kinds
def test_unreadable_file(kind: Kind, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Permission denied (simulated, so it also holds when the tests run as root)."""
    store = Store(tmp_path)
    content, _ = good_bytes(kind, tmp_path)
    path = kind.path(store)
    path.write_bytes(content)
    real = storage._read_bytes

    def denied(target: Path) -> bytes:
        if target == path:
            raise PermissionError(13, "Permission denied", str(target))
        return real(target)

    monkeypatch.setattr(storage, "_read_bytes", denied)
    assert kind.load(store) == expected_default(kind)
    assert "cannot be read (permission denied)" in str(store.messages[0])
    assert path.with_name(path.name + ".bak").read_bytes() == content
    monkeypatch.setattr(storage, "_read_bytes", real)
    store.messages.clear()
    value = kind.save(store)
    assert kind.load(store) == value


@kinds
@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="root reads anything")
def test_unreadable_file_for_real(kind: Kind, tmp_path: Path) -> None:
    store = Store(tmp_path)
    content, _ = good_bytes(kind, tmp_path)
    path = kind.path(store)
    path.write_bytes(content)
    path.chmod(0)
    assert kind.load(store) == expected_default(kind)
    assert "cannot be read" in str(store.messages[0])
    assert path.with_name(path.name + ".bak").exists()


@kinds
def test_folder_where_the_file_should_be(kind: Kind, tmp_path: Path) -> None:
    store = Store(tmp_path)
    path = kind.path(store)
    path.mkdir(parents=True)
    (path / "inside.txt").write_text("kept")
    assert_set_aside(kind, store, None)
    assert (path.with_name(path.name + ".bak") / "inside.txt").read_text() == "kept"


@kinds
def test_backups_never_overwrite_older_backups(kind: Kind, tmp_path: Path) -> None:
    store = Store(tmp_path)
    path = kind.path(store)
    for number in range(3):
        path.write_bytes(b"damaged %d" % number)
        assert kind.load(store) == expected_default(kind)
    names = [path.name + suffix for suffix in (".bak", ".bak2", ".bak3")]
    assert [(tmp_path / name).read_bytes() for name in names] == [
        b"damaged 0",
        b"damaged 1",
        b"damaged 2",
    ]
    assert len(store.messages) == 3 and names[2] in str(store.messages[2])


@kinds
def test_a_file_damaged_again_and_again_keeps_its_newest_backups_only(
    kind: Kind, tmp_path: Path
) -> None:
    """The folder does not fill with backups: the five newest stay, under the names the
    messages gave them, and the next one never takes an older one's name."""
    store = Store(tmp_path)
    path = kind.path(store)
    for number in range(1, 9):
        path.write_bytes(b"damaged %d" % number)
        assert kind.load(store) == expected_default(kind)
    kept = sorted(name.name for name in tmp_path.glob(path.name + ".bak*"))
    assert kept == sorted(path.name + f".bak{number}" for number in range(4, 9))
    for number in range(4, 9):
        assert (tmp_path / f"{path.name}.bak{number}").read_bytes() == b"damaged %d" % number
    assert f"{path.name}.bak8" in str(store.messages[-1])


def test_backups_of_other_files_and_other_things_are_left_alone(tmp_path: Path) -> None:
    """Only the file's own backups are forgotten, and only files: a folder once found in
    its place, kept as a backup, stays with what it holds."""
    store = Store(tmp_path)
    path = store.settings_path
    (tmp_path / (path.name + ".bak")).mkdir()
    (tmp_path / (path.name + ".bak") / "inside.txt").write_text("kept")
    (tmp_path / "stats.json.bak").write_text("another file's backup")
    (tmp_path / (path.name + ".bakery")).write_text("not a backup")
    for number in range(6):
        path.write_bytes(b"damaged %d" % number)
        store.load_settings()
    assert (tmp_path / (path.name + ".bak") / "inside.txt").read_text() == "kept"
    assert (tmp_path / "stats.json.bak").read_text() == "another file's backup"
    assert (tmp_path / (path.name + ".bakery")).read_text() == "not a backup"
    files = sorted(name.name for name in tmp_path.glob(path.name + ".bak[0-9]*"))
    assert files == sorted(path.name + f".bak{number}" for number in range(3, 8))


@kinds
def test_a_folder_that_cannot_be_written_gives_a_message(kind: Kind, tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    store = Store(blocker / "scopa")
    kind.save(store)
    assert store.messages and "could not be saved" in str(store.messages[0])
    assert kind.load(store) == expected_default(kind)


def test_settings_from_a_hand_edit_without_format_table_are_set_aside(tmp_path: Path) -> None:
    """A file written by hand is set aside, with a word on what it lacks; what it says
    that reads is kept, and its player is not asked the first start's questions again."""
    store = Store(tmp_path)
    store.settings_path.write_text("muted = true\n")
    assert store.load_settings() == Settings(muted=True, tutorial_done=True)
    assert "was not written by Scopa" in str(store.messages[0])
    assert (tmp_path / "settings.toml.bak").read_text() == "muted = true\n"


def test_a_damaged_settings_file_keeps_every_setting_that_still_reads(tmp_path: Path) -> None:
    """The file of a player who plays Cirulla in Italian to 31, with one line mangled and
    its end cut off: the game comes back in Italian, with Cirulla to 31 and the last
    table set, and only the mangled volume at its default; the message says so, in both
    languages, and the file is kept as it was."""
    setup = MatchSetup((SeatConfig("Anna", True), SeatConfig("Bot", False, "master")), Rules())
    chosen = Settings(language="it").with_(
        rules=Rules(cirulla=True, target=31, players=3, matta=9),
        volume=0.3,
        deck_style="french",
        tutorial_done=True,
        last_setup=setup,
    )
    good = Store(tmp_path / "good")
    good.save_settings(chosen)
    text = good.settings_path.read_text()
    damaged = text.replace("volume = 0.3", "volume = 0,3 !!").split("[format]")[0][:-40]
    store = Store(tmp_path)
    store.settings_path.write_text(damaged)
    loaded = store.load_settings()
    assert loaded == chosen.with_(volume=Settings().volume)
    assert (tmp_path / "settings.toml.bak").read_text() == damaged
    (message,) = store.messages
    assert message.key == "files.settings_salvaged_set_aside"
    assert "could still be read were kept" in str(message)
    assert "ancora leggibili" in message.render(Translator("it"))
    # What was kept is written back at once: the next start finds it, though nothing was
    # changed in Settings before the game closed (it found no settings file at all, asked
    # for the language again and had lost the rules the message said were kept).
    again = Store(tmp_path)
    assert again.load_settings() == loaded
    assert again.messages == []
    store.messages.clear()
    assert store.save_settings(loaded) and store.load_settings() == loaded
    assert store.messages == []


def test_a_damaged_settings_file_keeps_the_window_s_size(tmp_path: Path) -> None:
    """A settings file with one line mangled came back with the window's size lost (1000
    by 1000 opened at the default size), though both its lines read: its width and its
    height, checked one at a time, were each refused without the other."""
    from scopa.settings import salvaged

    chosen = Settings(language="it", window_width=1000, window_height=1000)
    good = Store(tmp_path)
    good.save_settings(chosen)
    text = good.settings_path.read_text()
    kept, read = salvaged(text.replace('language = "it"', 'language = "xx"'))
    assert kept is not None and kept.window_size == (1000, 1000)
    assert {"window_width", "window_height"} <= read
    only_width, _ = salvaged(text.replace("window_height = 1000", "window_height = ?"))
    assert only_width is not None and only_width.window_size == Settings().window_size


def test_rules_that_hold_only_together_are_salvaged_together_and_clashes_left_out() -> None:
    """Scopone's deal needs its four players, whichever line comes first; Cirulla for six
    cannot be, so of the two the rule read first stays."""
    text = '[rules]\ndeal = "scopone"\nplayers = 4\n'
    assert salvage(text) == Settings(rules=Rules(players=4, deal="scopone"), tutorial_done=True)
    text = "[rules]\ncirulla = true\nplayers = 6\n"
    assert salvage(text) == Settings(rules=Rules(cirulla=True), tutorial_done=True)
    assert salvage("garbage\n\x00\n[rules]\nno = such rule\n") is None
    assert salvage("volume = " + "9" * 5000) is None


def test_saved_match_whose_setup_and_record_disagree_is_set_aside(tmp_path: Path) -> None:
    store = Store(tmp_path)
    envelope = {
        "schema": 1,
        "setup": MatchSetup.solo(Rules(players=3)).to_dict(),
        "record": _valid_record,
    }
    store.save_path.write_text(json.dumps(envelope))
    assert store.load_match() is None
    assert "cannot use" in str(store.messages[0])  # in the player's words; the log says how
    assert any("disagree" in detail for detail in store.messages[0].details())


def test_saved_match_with_an_unplayable_move_is_set_aside(tmp_path: Path) -> None:
    store = Store(tmp_path)
    record = GameRecord.parse(_valid_record)
    bad = record.text().replace("moves\n", "moves\n10D 10D 10D ")
    envelope = {"schema": 1, "setup": MatchSetup.solo().to_dict(), "record": bad}
    store.save_path.write_text(json.dumps(envelope))
    assert store.load_match() is None
    assert any("cannot be played" in detail for detail in store.messages[0].details())


@pytest.mark.parametrize("hinted", ["3", [-1], [True], [10**6], [0.5], list(range(10**4))])
def test_saved_match_with_bad_hinted_moves_is_kept_without_them(
    hinted: object, tmp_path: Path
) -> None:
    """A damaged list of the plays made on a hint threw the whole match away: the match
    is kept without the list, its file kept as a backup, and the player told."""
    store = Store(tmp_path)
    envelope = {
        "schema": 1,
        "setup": MatchSetup.solo().to_dict(),
        "record": _valid_record,
        "hinted": hinted,
    }
    store.save_path.write_text(json.dumps(envelope))
    saved = store.load_match()
    assert saved is not None and saved[1].text() == _valid_record and saved.hinted == frozenset()
    (message,) = store.messages
    assert message.key == "files.match_mended_set_aside"
    assert any("hinted" in detail for detail in message.details())
    assert (tmp_path / "match.json.bak").exists()
    again = Store(tmp_path)
    assert again.load_match() == saved and again.messages == []


@pytest.mark.parametrize("damage", ["unplayable", "1X", "QQ", "9Sx"])
def test_a_saved_match_resumes_from_its_last_play_that_reads_and_can_be_made(
    tmp_path: Path, damage: str
) -> None:
    """One play changed in the middle of the saved match threw the whole match away; the
    plays before it were good. It resumes from there, with the hints of those plays: past a
    play written right that cannot be made (a card of the other player's hand), and past
    one written wrong (a character flipped), which the record did not read at all."""
    store = Store(tmp_path)
    record = GameRecord.parse(_valid_record)
    store.save_match(MatchSetup.solo(), record, hinted={2, 25})
    bad = 19
    envelope = json.loads(store.save_path.read_text())
    words = [move.text() for move in record.moves]
    words[bad] = words[bad + 1] if damage == "unplayable" else damage
    head = envelope["record"].split("moves\n")[0]
    envelope["record"] = head + "moves\n" + " ".join(words[:12]) + "\n" + " ".join(words[12:])
    damaged = json.dumps(envelope)
    store.save_path.write_text(damaged)
    saved = store.load_match()
    assert saved is not None
    assert saved[1].moves == record.moves[:bad] and saved.hinted == {2}
    (message,) = store.messages
    assert message.key == "files.match_salvaged_set_aside"
    if damage != "unplayable":
        assert any(damage in detail for detail in message.details())
    assert (tmp_path / "match.json.bak").read_text() == damaged
    again = Store(tmp_path)
    assert again.load_match() == saved and again.messages == []


def test_a_match_another_version_set_aside_comes_back_when_none_is_saved(tmp_path: Path) -> None:
    """An older copy of the game, run meanwhile, set the match aside as damaged (an entry
    it did not know): back in this game there was no Continue and no word, the match
    whole in match.json.bak. With no match saved, the last one set aside comes back when
    it reads whole, and the player is told."""
    store = Store(tmp_path)
    setup, record = _save_match(store)
    kept = store.save_path.read_bytes()
    store.save_path.rename(tmp_path / "match.json.bak")  # as the older copy did
    again = Store(tmp_path)
    saved = again.load_match()
    assert saved is not None and saved.setup == setup and saved.record == record
    (message,) = again.messages
    assert message.key == "files.match_brought_back"
    assert again.save_path.read_bytes() == kept
    assert not (tmp_path / "match.json.bak").exists()


def test_settings_another_version_set_aside_come_back_and_its_own_stay_aside(
    tmp_path: Path,
) -> None:
    """An older copy of the game, run meanwhile, set the settings aside (an entry it did not
    know) and wrote its own: back in this game the match came back but the deck, the rules,
    the names and the sound were its defaults, the player's own in settings.toml.bak without
    a word. They come back, the older copy's kept aside, for good."""
    store = Store(tmp_path)
    mine = Settings(language="it", deck_style="french", muted=True, online_name="Anna")
    assert store.save_settings(mine)
    kept = store.settings_path.read_bytes()
    store.settings_path.rename(tmp_path / "settings.toml.bak")  # as the older copy did
    older = 'language = "it"\nvolume = 0.8\n\n[format]\nschema = 1\ngame = "scopa"\n'
    store.settings_path.write_text(older)  # the older copy's own, fewer entries
    again = Store(tmp_path)
    assert again.load_settings() == mine
    (message,) = again.messages
    assert message.key == "files.settings_brought_back"
    assert message.params["backup"] == "settings.toml.bak2"
    assert store.settings_path.read_bytes() == kept
    assert (tmp_path / "settings.toml.bak2").read_text() == older
    third = Store(tmp_path)  # the older copy's settings, aside, stay there
    assert third.load_settings() == mine and third.messages == []
    assert (tmp_path / "settings.toml.bak2").exists()


def test_settings_set_aside_by_an_older_copy_a_second_time_come_back_too(tmp_path: Path) -> None:
    """Back and forth twice between this game and an older copy: the second time, the older
    copy set this game's settings aside as settings.toml.bak, the first name free to it,
    while settings.toml.bak2 held its own settings from the first time. The backup with the
    highest number was taken for the newest, did not read as this game's, and the player's
    settings stayed aside without a word. The backup set aside last is the newest one."""
    store = Store(tmp_path)
    older = 'language = "it"\nvolume = 0.8\n\n[format]\nschema = 1\ngame = "scopa"\n'
    (tmp_path / "settings.toml.bak2").write_text(older)  # the older copy's, the first time
    past = time.time() - 3600
    os.utime(tmp_path / "settings.toml.bak2", (past, past))
    mine = Settings(language="it", deck_style="french", muted=True, online_name="Anna")
    assert store.save_settings(mine)
    kept = store.settings_path.read_bytes()
    store.settings_path.rename(tmp_path / "settings.toml.bak")  # as the older copy did
    store.settings_path.write_text(older)  # and its own in their place
    again = Store(tmp_path)
    assert again.load_settings() == mine
    (message,) = again.messages
    assert message.key == "files.settings_brought_back"
    assert store.settings_path.read_bytes() == kept


def test_settings_deleted_to_start_afresh_do_not_come_back_from_an_old_copy(
    tmp_path: Path,
) -> None:
    """A player deleted settings.toml to start afresh: settings an older copy had set
    aside long before came back in its place (muted, the volume low), and the word said
    the settings were kept as a file that was never written."""
    store = Store(tmp_path)
    assert store.save_settings(Settings(language="en", volume=0.1, muted=True))
    store.settings_path.rename(tmp_path / "settings.toml.bak")  # set aside long ago
    assert store.save_settings(Settings(language="en"))  # the player's since
    store.settings_path.unlink()  # deleted, to start afresh
    again = Store(tmp_path)
    loaded = again.load_settings()
    assert (loaded.volume, loaded.muted) == (Settings().volume, Settings().muted)
    assert again.messages == []
    assert (tmp_path / "settings.toml.bak").exists()  # left as it was


def test_settings_that_cannot_come_back_leave_the_ones_in_place_where_they_were(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Settings brought back are two moves: those in place aside, the whole ones in their
    place. The second failing left no settings at all: the next start wrote the game's
    defaults over the player's, both copies out of sight."""
    store = Store(tmp_path)
    mine = Settings(language="it", deck_style="french", muted=True, online_name="Anna")
    assert store.save_settings(mine)
    store.settings_path.rename(tmp_path / "settings.toml.bak")  # as an older copy did
    older = 'language = "it"\nvolume = 0.8\n\n[format]\nschema = 1\ngame = "scopa"\n'
    store.settings_path.write_text(older)
    replace = os.replace

    def second_fails(source: object, target: object) -> None:
        if str(source).endswith("settings.toml.bak"):
            raise OSError(5, "Input/output error")
        replace(source, target)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "replace", second_fails)
    again = Store(tmp_path)
    assert again.load_settings().language == "it" and again.messages == []
    assert store.settings_path.read_text() == older  # where it was
    monkeypatch.setattr(os, "replace", replace)
    assert Store(tmp_path).load_settings() == mine  # and the next start brings them back


def test_settings_set_aside_as_damaged_stay_aside(tmp_path: Path) -> None:
    """Settings this game set aside (damaged) do not come back over the ones written since."""
    store = Store(tmp_path)
    store.settings_path.write_text('language = "it"\nvolume = "loud"\n')
    store.load_settings()
    assert (tmp_path / "settings.toml.bak").exists()
    assert store.save_settings(Settings(language="en"))
    again = Store(tmp_path)
    assert again.load_settings().language == "en" and again.messages == []


def test_a_match_set_aside_as_damaged_or_since_finished_stays_aside(tmp_path: Path) -> None:
    """Only a match this game reads whole, not one finished meanwhile, comes back: a match
    resumed from its last good play keeps its damaged file aside for good, and an earlier
    save of a match now in the statistics is that match again."""
    store = Store(tmp_path)
    record = GameRecord.parse(_valid_record)
    store.save_match(MatchSetup.solo(), record)
    envelope = json.loads(store.save_path.read_text())
    moves = list(record.moves)
    moves[19] = moves[20]
    envelope["record"] = replace(record, moves=tuple(moves)).text()
    store.save_path.write_text(json.dumps(envelope))
    assert store.load_match() is not None  # resumed from its last good play, file aside
    assert store.clear_match()  # finished, or given up
    assert Store(tmp_path).load_match() is None
    assert (tmp_path / "match.json.bak").exists()
    (tmp_path / "match.json.bak").unlink()
    match = play(Rules(), 11, 30)
    store.save_match(MatchSetup.solo(), match.record())
    store.save_path.rename(tmp_path / "match.json.bak")
    while not match.over:
        match, _ = match.apply(match.legal_moves()[0])
    store.record_result(MatchSetup.solo(), match)
    assert Store(tmp_path).load_match() is None
    assert (tmp_path / "match.json.bak").exists()


def test_the_moves_played_from_hints_are_kept_with_the_match(tmp_path: Path) -> None:
    store = Store(tmp_path)
    record = GameRecord.parse(_valid_record)
    store.save_match(MatchSetup.solo(), record, hinted={0, 2, 10**6})
    saved = store.load_match()
    assert saved is not None and saved.hinted == {0, 2}  # a move the record lacks is not kept
    store.save_match(MatchSetup.solo(), record)
    assert "hinted" not in json.loads(store.save_path.read_text())
    assert store.load_match().hinted == frozenset()


def test_save_refuses_a_setup_for_other_rules(tmp_path: Path) -> None:
    with pytest.raises(SettingsError):
        Store(tmp_path).save_match(
            MatchSetup.solo(Rules(players=3)), GameRecord.parse(_valid_record)
        )


def test_scopa_home_overrides_the_platform_folders(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SCOPA_HOME", str(tmp_path))
    store = Store()
    assert store.settings_path == tmp_path / "settings.toml"
    assert store.save_path.parent == tmp_path


def test_default_folders_are_the_platform_ones(monkeypatch: pytest.MonkeyPatch) -> None:
    import platformdirs

    monkeypatch.delenv("SCOPA_HOME", raising=False)
    store = Store()
    assert store.settings_path.parent == Path(platformdirs.user_config_dir("scopa", False))
    assert store.save_path.parent == Path(platformdirs.user_data_dir("scopa", False))
    assert store.stats_path.parent == store.save_path.parent


def test_stale_temporary_files_are_cleaned(tmp_path: Path) -> None:
    store = Store(tmp_path)
    stale = tmp_path / ".match.json.123.abc.tmp"
    fresh = tmp_path / ".match.json.456.def.tmp"
    other = tmp_path / ".someone-elses.tmp"
    for path in (stale, fresh, other):
        path.write_text("half")
    old = time.time() - 7200
    os.utime(stale, (old, old))
    os.utime(other, (old, old))
    store.load_settings()
    assert not stale.exists() and fresh.exists() and other.exists()


# --- save and resume --------------------------------------------------------------------------


def assert_same_state(a: Match, b: Match) -> None:
    ra, rb = a.round, b.round
    assert (a.rules, a.seed, a.totals, a.rounds, a.winner) == (
        b.rules,
        b.seed,
        b.totals,
        b.rounds,
        b.winner,
    )
    for name in ("round_no", "dealer", "turn", "hands", "table", "stock", "piles", "scope",
                 "last_capturer", "deal_no", "over"):  # fmt: skip
        assert getattr(ra, name) == getattr(rb, name), name
    assert ra.history() == rb.history()
    assert a.legal_moves() == b.legal_moves()
    assert a.moves() == b.moves()


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_resume_reproduces_the_exact_state(preset: str, tmp_path: Path) -> None:
    rules = Rules.preset(preset)
    seats = tuple(
        SeatConfig(f"Seat {n}", n % 2 == 0, ("beginner", "expert", "master")[n % 3])
        for n in range(rules.players)
    )
    setup = MatchSetup(seats, rules)
    match = Match.new(rules, 1000 + len(preset))
    rng = random.Random(preset)
    store = Store(tmp_path)
    moves_played = 0
    while not match.over and moves_played < 120:
        match, _ = match.apply(rng.choice(match.legal_moves()))
        moves_played += 1
        if match.over:
            break
        assert store.save_match(setup, match.record())
        if moves_played % 17 == 0:
            loaded = Store(tmp_path).load_match()
            assert loaded is not None
            loaded_setup, record = loaded
            assert loaded_setup == setup
            assert_same_state(record.replay(), match)
    loaded = Store(tmp_path).load_match()
    assert loaded is not None
    resumed = loaded[1].replay()
    assert_same_state(resumed, match)
    # The resumed match goes on exactly like the original.
    follow = random.Random(5)
    for _ in range(40):
        if match.over:
            break
        move = follow.choice(match.legal_moves())
        match, events = match.apply(move)
        resumed, resumed_events = resumed.apply(move)
        assert events == resumed_events
        assert_same_state(resumed, match)


def test_a_finished_match_found_uncounted_is_counted_once_and_kept_to_be_shown(
    tmp_path: Path,
) -> None:
    """A game stopped as its match ended left it saved, played out, before its result was
    counted: loading it counts it, once, and keeps it until its last sheet is shown."""
    store = Store(tmp_path)
    match = finish(Match.new(Rules(), 9))
    store.save_match(MatchSetup.solo(), match.record())
    for _ in range(2):
        loaded = Store(tmp_path).load_match()
        assert loaded is not None and loaded.ended and loaded.record == match.record()
        assert store.load_stats().total().played == 1
    assert json.loads(store.save_path.read_text())["counted"] is True
    assert store.clear_match() and store.load_match() is None
    assert store.messages == []


def test_a_finished_match_whose_result_was_written_is_not_counted_again(tmp_path: Path) -> None:
    """Stopped after the statistics were written, before the match was saved as counted."""
    store = Store(tmp_path)
    match = finish(Match.new(Rules(), 9))
    store.save_stats(Stats().add(result_of(MatchSetup.solo(), match)))
    store.save_match(MatchSetup.solo(), match.record())
    loaded = store.load_match()
    assert loaded is not None and loaded.ended
    assert store.load_stats().total().played == 1


def test_clear_match(tmp_path: Path) -> None:
    store = Store(tmp_path)
    _save_match(store)
    assert store.clear_match() and store.clear_match()
    assert store.load_match() is None


def test_clear_match_that_cannot_be_removed_says_so(tmp_path: Path) -> None:
    store = Store(tmp_path)
    store.save_path.mkdir()
    assert store.clear_match() is False
    assert "could not be removed" in str(store.messages[0])


# --- interrupted writes -----------------------------------------------------------------------

STEPS = ("created", "half-written", "written", "synced", "closed", "replaced", "done")

CHILD = """
import os, signal, sys
from pathlib import Path
from scopa.storage import Store
sys.path.insert(0, {tests!r})
from test_storage import WRITERS
stop_at = {step!r}

def checkpoint(name):
    if name == stop_at:
        os.kill(os.getpid(), signal.SIGKILL)

store = Store(Path({root!r}), checkpoint=checkpoint)
WRITERS[{kind!r}][1](store)
"""


def _first(store: Store) -> Any:
    store.save_settings(Settings(language="en", volume=0.1))
    store.save_match(MatchSetup.solo(), play(Rules(), 1, 10).record())
    store.save_stats(Stats().add(_result(1)))


def _result(margin: int) -> Any:
    from scopa.stats import MatchResult

    return MatchResult("solo", 2, "classic", "expert", margin > 0, margin, 1, (11, 11 - margin), 3)


WRITERS: dict[str, tuple[Callable[[Store], Any], Callable[[Store], Any]]] = {
    "settings": (
        lambda s: Settings(language="en", volume=0.1),
        lambda s: s.save_settings(custom_settings()),
    ),
    "save": (
        lambda s: play(Rules(), 1, 10).record(),
        lambda s: s.save_match(MatchSetup.solo(), play(Rules(), 1, 60).record()),
    ),
    "stats": (
        lambda s: Stats().add(_result(1)),
        lambda s: s.save_stats(Stats().add(_result(1)).add(_result(-4))),
    ),
}


def _loaded(kind: str, store: Store) -> Any:
    if kind == "settings":
        return store.load_settings()
    if kind == "save":
        loaded = store.load_match()
        return None if loaded is None else loaded[1]
    return store.load_stats()


@posix_only
@pytest.mark.parametrize("kind", sorted(WRITERS))
@pytest.mark.parametrize("step", STEPS)
def test_write_killed_at_every_step_keeps_a_whole_file(
    kind: str, step: str, tmp_path: Path
) -> None:
    store = Store(tmp_path)
    _first(store)
    old = WRITERS[kind][0](store)
    code = CHILD.format(tests=str(Path(__file__).parent), step=step, root=str(tmp_path), kind=kind)
    child = subprocess.run([sys.executable, "-c", code], capture_output=True, timeout=60)
    assert child.returncode == -signal.SIGKILL, child.stderr.decode()
    fresh = Store(tmp_path)
    loaded = _loaded(kind, fresh)
    assert fresh.messages == []
    new = _loaded(kind, _written_elsewhere(kind, tmp_path))
    if STEPS.index(step) < STEPS.index("replaced"):
        assert loaded == old
    else:
        assert loaded == new


def _written_elsewhere(kind: str, tmp_path: Path) -> Store:
    other = Store(tmp_path / "reference")
    WRITERS[kind][1](other)
    return other


@pytest.mark.slow
@posix_only
def test_saves_killed_at_random_moments_never_lose_the_last_good_save(tmp_path: Path) -> None:
    """A process saving in a loop (like the game after every move) is killed at random
    moments; the file left is always one complete save of the loop, never a broken one."""
    records = [play(Rules(), 2, n).record() for n in range(1, 120, 7)]
    setup = MatchSetup.solo()
    store = Store(tmp_path)
    store.save_match(setup, records[0])
    rng = random.Random(42)
    kills = 0
    for attempt in range(40):
        pid = os.fork()
        if pid == 0:  # the child: save forever
            try:
                child_store = Store(tmp_path)
                index = 0
                while True:
                    index = (index + 1) % len(records)
                    child_store.save_match(setup, records[index])
            finally:
                os._exit(0)
        time.sleep(rng.uniform(0.0, 0.03))
        os.kill(pid, signal.SIGKILL)
        _, status = os.waitpid(pid, 0)
        kills += os.WIFSIGNALED(status)
        fresh = Store(tmp_path)
        loaded = fresh.load_match()
        assert fresh.messages == [], attempt
        assert loaded is not None and loaded[1] in records, attempt
    assert kills == 40


def test_atomic_write_failure_leaves_the_old_file_and_no_temporary(tmp_path: Path) -> None:
    path = tmp_path / "file.json"
    path.write_bytes(b"old")

    def fail(step: str) -> None:
        if step == "written":
            raise OSError(28, "No space left on device")

    with pytest.raises(OSError):
        atomic_write(path, b"new content", fail)
    assert path.read_bytes() == b"old"
    assert [p.name for p in tmp_path.iterdir()] == ["file.json"]


@posix_only
def test_a_settings_file_that_is_a_link_stays_one(tmp_path: Path) -> None:
    """A settings file linked to one in a synced folder was replaced by a plain file at the
    first change, the synced one left as it was, without a word. The file the link leads
    to is written now, and the link stays."""
    synced = tmp_path / "synced" / "settings.toml"
    synced.parent.mkdir()
    store = Store(tmp_path / "home")
    store.save_settings(Settings(language="it"))
    store.settings_path.rename(synced)
    store.settings_path.symlink_to(synced)
    assert Store(tmp_path / "home").load_settings().language == "it"
    assert store.save_settings(Settings(language="en"))
    assert store.settings_path.is_symlink()
    assert Store(tmp_path / "home").load_settings().language == "en"
    assert Store(tmp_path / "home").messages == []
    assert sorted(p.name for p in synced.parent.iterdir()) == ["settings.toml"]


scalars = (
    st.booleans()
    | st.integers(-(2**63), 2**63 - 1)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text()
)
tables = st.recursive(
    st.dictionaries(st.text(), scalars | st.lists(scalars, max_size=3), max_size=4),
    lambda inner: st.dictionaries(
        st.text(), inner | st.lists(inner, min_size=1, max_size=2), max_size=3
    ),
    max_leaves=12,
)


@given(tables)
def test_toml_writer_round_trips_through_tomllib(data: dict[str, Any]) -> None:
    import tomllib

    assert tomllib.loads(toml_dumps(data)) == data


def test_what_was_wrong_in_a_file_is_told_in_the_player_s_words_and_logged_whole(
    tmp_path: Path,
) -> None:
    """A rule out of range read, in the Italian message, "(rules: rule 'players' must be one
    of 2, 3, 4, 6, not 'quattro')": the program's English. The player is told in their
    language that the file holds something the game cannot use; the details are for the
    log."""
    good = Store(tmp_path / "good")
    good.save_settings(Settings(language="it"))
    text = good.settings_path.read_text()
    assert "players = 2" in text
    store = Store(tmp_path)
    store.settings_path.write_text(text.replace("players = 2", 'players = "quattro"'))
    assert store.load_settings().language == "it"
    (message,) = store.messages
    italian = message.render(Translator("it"))
    assert "dati che il gioco non può usare" in italian
    for english in ("must be", "rule", "quattro", "players"):
        assert english not in italian and english not in str(message)
    assert any("quattro" in detail for detail in message.details())


def test_one_bad_row_of_the_statistics_costs_only_that_row(tmp_path: Path) -> None:
    """A row without its "preset" threw the whole history away ("the statistics start
    again from zero"). What still reads is kept and written back; the damaged file is kept
    beside it; the next start says nothing more."""
    store = Store(tmp_path)
    setup = MatchSetup.solo()
    store.record_result(setup, finish(Match.new(Rules(), 3)))
    whole = store.record_result(
        MatchSetup.solo(Rules(players=3)), finish(Match.new(Rules(players=3), 4))
    )
    data = json.loads(store.stats_path.read_text())
    assert len(data["tallies"]) == 2
    data["tallies"][1]["preset"] = None
    damaged = json.dumps(data)
    store.stats_path.write_text(damaged)
    kept = store.load_stats()
    (message,) = store.messages
    assert message.key == "files.stats_salvaged_set_aside"
    assert (tmp_path / "stats.json.bak").read_text() == damaged
    assert kept.recent == whole.recent and kept.best == whole.best
    # the good row, and the lost one counted again from the recent matches
    assert kept.tallies == whole.tallies
    again = Store(tmp_path)
    assert again.load_stats() == kept and again.messages == []


def test_a_number_too_long_to_read_costs_only_its_row_of_the_statistics(tmp_path: Path) -> None:
    """One count of 5,000 digits threw every statistic away: the file could not be parsed
    at all. The row holding it is left out; the rest is kept, and the message says why."""
    store = Store(tmp_path)
    store.record_result(MatchSetup.solo(), finish(Match.new(Rules(), 3)))
    whole = store.record_result(
        MatchSetup.solo(Rules(players=3)), finish(Match.new(Rules(players=3), 4))
    )
    text = store.stats_path.read_text()
    data = json.loads(text)
    played = data["tallies"][0]["played"]
    data["tallies"][0]["played"] = 123456789
    damaged = json.dumps(data).replace("123456789", "9" * 5000)
    store.stats_path.write_text(damaged)
    kept = store.load_stats()
    (message,) = store.messages
    assert message.key == "files.stats_salvaged_set_aside"
    assert "number too large" in str(message)
    assert (tmp_path / "stats.json.bak").read_text() == damaged
    assert kept.recent == whole.recent and kept.best == whole.best
    assert played == 1 and kept.tallies == whole.tallies  # counted again from the recent
    again = Store(tmp_path)
    assert again.load_stats() == kept and again.messages == []


@pytest.mark.parametrize("share", [0.55, 0.8, 0.97])
def test_statistics_cut_short_keep_the_matches_written_before_the_cut(
    tmp_path: Path, share: float
) -> None:
    """A statistics file that ended before its text did (a copy or a disk that stopped)
    could not be read at all: the whole history started again from nothing. The matches
    written before the cut are kept (and counted), the file is kept beside them, and the
    message says so."""
    store = Store(tmp_path)
    rng = random.Random(1)
    for seed in range(12):
        players = rng.choice((2, 3))
        store.record_result(
            MatchSetup.solo(Rules(players=players)), finish(Match.new(Rules(players=players), seed))
        )
    whole = store.load_stats()
    text = store.stats_path.read_text()
    cut = text[: round(len(text) * share)]
    store.stats_path.write_text(cut)
    kept = store.load_stats()
    (message,) = store.messages
    assert message.key == "files.stats_salvaged_set_aside"
    assert (tmp_path / "stats.json.bak").read_text() == cut
    assert kept.recent and kept.recent == whole.recent[: len(kept.recent)]
    assert len(kept.recent) >= len(whole.recent) * (share - 0.3)
    assert kept.total().played >= len(kept.recent)
    again = Store(tmp_path)
    assert again.load_stats() == kept and again.messages == []


@pytest.mark.parametrize("matches", [1, 3])
def test_statistics_cut_after_their_rows_keep_every_whole_row(tmp_path: Path, matches: int) -> None:
    """One match played, its statistics cut inside the best result: the whole history was
    lost, the file being mended only between two rows of a list (a list of one row has
    none, and a cut past the lists kept them only up to their last row but one). Every
    list written whole before the cut is now kept whole, and a one-row list cut inside its
    row is kept empty, the lists before it whole."""
    store = Store(tmp_path / "whole")
    for seed in range(matches):
        store.record_result(MatchSetup.solo(), finish(Match.new(Rules(), seed)))
    whole = store.load_stats()
    text = store.stats_path.read_text()
    past_the_lists = text.index('\n "best"')
    in_the_last_row = text.rindex("\n  {", 0, past_the_lists) + 8
    for cut in range(in_the_last_row, len(text.rstrip()) - 1, 23):
        folder = tmp_path / f"cut{cut}"
        shorter = Store(folder)
        shorter.stats_path.parent.mkdir(parents=True)
        shorter.stats_path.write_text(text[:cut])
        kept = shorter.load_stats()
        assert [m.key for m in shorter.messages] == ["files.stats_salvaged_set_aside"], cut
        assert kept.tallies == whole.tallies, cut
        expected = whole.recent if cut > past_the_lists else whole.recent[:-1]
        assert kept.recent == expected, cut


def test_a_write_refused_by_the_system_is_said_in_the_player_s_words(tmp_path: Path) -> None:
    """A folder where the settings file goes made the Italian notice end in the system's
    English ("Is a directory")."""
    store = Store(tmp_path)
    store.settings_path.mkdir()
    assert store.save_settings(Settings()) is False
    (message,) = store.messages
    italian = message.render(Translator("it"))
    assert "c'è una cartella dove dovrebbe esserci il file" in italian
    assert "directory" not in italian and "Errno" not in italian
    assert "a folder stands where the file should be" in message.render(Translator("en"))


def test_a_reason_the_game_has_no_words_for_is_named_by_its_number() -> None:
    from scopa.storage import _os_reason

    reason = _os_reason(OSError(errno.EINVAL, "Invalid argument"))
    assert reason.render(Translator("it")) == "il sistema l'ha rifiutato, errore 22"
    assert reason.render(Translator("en")) == "the system refused, error 22"
    assert _os_reason(OSError("no number")).render(Translator("en")) == "the system refused"


def test_the_agreement_to_share_reviews_is_kept_with_the_match(tmp_path: Path) -> None:
    """Everyone at the screen agreed to see all the reviews for the rest of the match: the
    agreement is saved with it; a damaged one costs only itself (they are asked again)."""
    store = Store(tmp_path)
    record = GameRecord.parse(_valid_record)
    store.save_match(MatchSetup.solo(), record, shared=True)
    assert store.load_match().shared
    store.save_match(MatchSetup.solo(), record)
    assert "shared" not in json.loads(store.save_path.read_text())
    assert not store.load_match().shared
    envelope = json.loads(store.save_path.read_text())
    envelope["shared"] = "yes"
    store.save_path.write_text(json.dumps(envelope))
    saved = store.load_match()
    assert saved is not None and saved[1].text() == record.text() and not saved.shared
    (message,) = store.messages
    assert message.key == "files.match_mended_set_aside"
    assert any("shared" in detail for detail in message.details())


def test_a_sheet_read_is_kept_with_the_match_and_a_damaged_word_of_it_costs_only_itself(
    tmp_path: Path,
) -> None:
    """The round's sheet was read and its next round dealt: saved with the match (Continue
    goes on at the table); a damaged entry shows the sheet again, the match kept, and the
    player is told every play was read (it said Continue resumed "from the last play that
    could still be read", as though some were lost)."""
    store = Store(tmp_path)
    record = GameRecord.parse(_valid_record)
    store.save_match(MatchSetup.solo(), record, sheet_read=True)
    assert store.load_match().sheet_read
    store.save_match(MatchSetup.solo(), record)
    assert "sheet_read" not in json.loads(store.save_path.read_text())
    assert not store.load_match().sheet_read
    envelope = json.loads(store.save_path.read_text())
    envelope["sheet_read"] = 1
    store.save_path.write_text(json.dumps(envelope))
    saved = store.load_match()
    assert saved is not None and saved[1].text() == record.text() and not saved.sheet_read
    (message,) = store.messages
    assert message.key == "files.match_mended_set_aside"
    assert any("sheet_read" in detail for detail in message.details())


@pytest.mark.parametrize(
    "seating", [[[0, [0]], [0, [1]]], [[2, [0]]], [[0, [2]]], [[0, [0]], [31, []]], [0], {"0": [0]}]
)
def test_who_played_the_seats_is_kept_with_the_match_and_a_damaged_list_costs_only_itself(
    tmp_path: Path, seating: object
) -> None:
    """Who played the seats as the match went on (a seat handed to the computer and taken
    back) is saved with it; a damaged list is set aside (the match kept, the player told),
    the match going on as though its seats never changed hands. Plays lost with a damaged
    record take their changes."""
    store = Store(tmp_path)
    record = GameRecord.parse(_valid_record)
    people = MatchSetup((SeatConfig("Anna", True), SeatConfig("Bruno", True)), record.rules)
    handed = ((0, (0, 1)), (4, (0,)), (9, (0, 1)))
    store.save_match(people, record, seating=handed)
    assert store.load_match().seating == handed
    store.save_match(people, replace(record, moves=record.moves[:6]), seating=handed)
    assert store.load_match().seating == ((0, (0, 1)), (4, (0,)), (6, (0, 1)))
    store.save_match(people, record)
    assert "seating" not in json.loads(store.save_path.read_text())
    envelope = json.loads(store.save_path.read_text())
    envelope["seating"] = seating
    store.save_path.write_text(json.dumps(envelope))
    saved = store.load_match()
    assert saved is not None and saved[1].text() == record.text() and saved.seating == ()
    (message,) = store.messages
    assert message.key == "files.match_mended_set_aside"
    assert any("seating" in detail for detail in message.details())


@pytest.mark.parametrize(
    "tally", [[1], [1, 2, 3], [-1, 2], [1.5, 2], ["1", 2], {"0": 1}, [10**7, 0], [True, 0]]
)
def test_a_tally_of_rematches_is_kept_with_the_match_and_a_damaged_one_costs_only_itself(
    tmp_path: Path, tally: object
) -> None:
    """The matches each side won in the rematches before this one are saved with it; a
    tally that is not one count of matches for each side is set aside (the match kept,
    the player told), and the match goes on with none."""
    store = Store(tmp_path)
    record = GameRecord.parse(_valid_record)
    store.save_match(MatchSetup.solo(), record, won_before=(2, 1))
    assert store.load_match().won_before == (2, 1)
    store.save_match(MatchSetup.solo(), record)
    assert "won_before" not in json.loads(store.save_path.read_text())
    assert store.load_match().won_before == ()
    envelope = json.loads(store.save_path.read_text())
    envelope["won_before"] = tally
    store.save_path.write_text(json.dumps(envelope))
    saved = store.load_match()
    assert saved is not None and saved[1].text() == record.text() and saved.won_before == ()
    (message,) = store.messages
    assert message.key == "files.match_mended_set_aside"
    assert message.params["cause"].key == "files.cause_tally"  # the player told of it
    assert any("won_before" in detail for detail in message.details())


def test_a_tally_of_rematches_too_long_to_read_costs_only_itself(tmp_path: Path) -> None:
    """A tally of 5,000 digits lost the whole match ("a number too large to read"), where
    every other damaged tally cost only itself."""
    store = Store(tmp_path)
    record = GameRecord.parse(_valid_record)
    store.save_match(MatchSetup.solo(), record, won_before=(2, 1))
    text = re.sub(r'("won_before": \[\s*)2', r"\g<1>" + "9" * 5000, store.save_path.read_text())
    assert "9" * 5000 in text
    store.save_path.write_text(text)
    saved = store.load_match()
    assert saved is not None and saved[1].text() == record.text() and saved.won_before == ()
    (message,) = store.messages
    assert message.key == "files.match_mended_set_aside"
    assert message.params["cause"].key == "files.cause_tally"
    assert any("too large" in detail for detail in message.details())


def test_the_settings_rules_a_match_began_with_are_kept_with_it(tmp_path: Path) -> None:
    """A match's rematch takes the rules changed in the settings since it began, before
    it was saved and resumed too: the settings' rules of its start are saved with it. A
    damaged entry costs only itself (the rematch then takes the settings as they are)."""
    store = Store(tmp_path)
    record = GameRecord.parse(_valid_record)
    began = Rules.preset("quindici")
    store.save_match(MatchSetup.solo(), record, settings_rules=began)
    assert store.load_match().settings_rules == began
    store.save_match(MatchSetup.solo(), record)
    assert "settings_rules" not in json.loads(store.save_path.read_text())
    assert store.load_match().settings_rules is None
    for damaged in ({"players": "two"}, "cirulla", [[[[]]]]):
        store.save_match(MatchSetup.solo(), record, settings_rules=began)
        envelope = json.loads(store.save_path.read_text())
        envelope["settings_rules"] = damaged
        store.save_path.write_text(json.dumps(envelope))
        store.messages.clear()
        saved = store.load_match()
        assert saved is not None and saved[1].text() == record.text(), damaged
        assert saved.settings_rules is None
        (message,) = store.messages
        assert message.key == "files.match_mended_set_aside"


def test_a_damaged_settings_file_keeps_the_player_s_own_rules() -> None:
    """Scopone chosen, Cirulla without the decino kept as the player's own, a line cut."""
    text = '[rules]\ndeal = "scopone"\nplayers = 4\n[my_rules]\ncirulla = true\n'
    kept = salvage(text + "no_decino = true\nbroken = [\n")
    assert kept is not None and kept.rules == Rules.preset("scopone")
    assert kept.my_rules == Rules(cirulla=True, no_decino=True)


def _failing_for(path: Path, code: int, monkeypatch: pytest.MonkeyPatch) -> list[bool]:
    """``path`` cannot be read, with the system's error ``code``, while the list returned
    holds True."""
    failing = [True]
    read = storage._read_bytes

    def read_bytes(where: Path, *args: Any, **kwargs: Any) -> bytes:
        if failing[0] and Path(where) == path:
            raise OSError(code, os.strerror(code), str(where))
        return read(where, *args, **kwargs)

    monkeypatch.setattr(storage, "_read_bytes", read_bytes)
    return failing


def _match_unread(
    store: Store, code: int, monkeypatch: pytest.MonkeyPatch
) -> tuple[GameRecord, bytes, list[bool]]:
    """A match saved, then read at the title as the system fails with ``code``: its
    record, its file's bytes, and the switch that ends the failure."""
    record = play(Rules(), 7, 9).record()
    store.save_match(MatchSetup.solo(), record)
    saved = store.save_path.read_bytes()
    failing = _failing_for(store.save_path, code, monkeypatch)
    assert store.load_match() is None
    return record, saved, failing


def test_a_saved_match_the_system_cannot_read_just_now_is_left_as_it_is(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Out of open files, the game read the saved match, and moved it aside as damaged:
    Continue was gone for good, the match left only as ``match.json.bak``."""
    store = Store(tmp_path)
    record, saved, failing = _match_unread(store, errno.EMFILE, monkeypatch)
    assert store.save_path.read_bytes() == saved and not list(tmp_path.glob("*.bak*"))
    (message,) = store.take_messages()
    assert message.key == "files.unread_now"
    assert "too many files are open" in str(message)
    failing[0] = False  # the moment passed: the match is offered again
    again = store.load_match()
    assert again is not None and again.record == record


def test_a_file_not_read_is_kept_as_a_backup_before_anything_is_written_over_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = Store(tmp_path)
    _, saved, failing = _match_unread(store, errno.ENFILE, monkeypatch)
    store.take_messages()
    failing[0] = False
    newer = play(Rules(), 8, 3).record()  # a new match begun meanwhile, saved
    assert store.save_match(MatchSetup.solo(), newer)
    assert (tmp_path / "match.json.bak").read_bytes() == saved
    (message,) = store.take_messages()
    assert message.key == "files.match_set_aside" and "match.json.bak" in str(message)
    loaded = store.load_match()
    assert loaded is not None and loaded.record == newer


def test_settings_the_system_cannot_read_just_now_are_not_set_aside(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = Store(tmp_path)
    store.save_settings(Settings(language="it"))
    failing = _failing_for(store.settings_path, errno.EMFILE, monkeypatch)
    assert store.load_settings() == Settings()
    assert not list(tmp_path.glob("*.bak*"))
    failing[0] = False
    assert store.load_settings().language == "it"
    assert store.save_settings(Settings(language="en"))  # read since: nothing set aside
    assert not list(tmp_path.glob("*.bak*"))
    assert f"held:{store.settings_path}" in store.take_recovered()  # its notice goes


def test_a_seat_at_a_table_whose_match_has_not_begun_says_so(tmp_path: Path) -> None:
    """A table hosted here left in its lobby: its seat says its match was never dealt; a
    seat whose match began is written as before (an older version reads it as it did)."""
    from scopa.storage import HeldSeat

    store = Store(tmp_path)
    waiting = HeldSeat("ws://127.0.0.1:1", "k3fzq8ta9mwex", 0, "a" * 32, True, begun=False)
    dealt = HeldSeat("ws://192.0.2.1:8765", "m4gzr9tb0nxey", 1, "b" * 32, True)
    assert store.hold_seat(waiting) and store.hold_seat(dealt)
    assert store.load_seats() == [waiting, dealt]
    written = json.loads(store.seats_path.read_text())["seats"]
    assert written[0]["begun"] is False and "begun" not in written[1]
    written[0]["begun"] = "no"
    store.seats_path.write_text(json.dumps({"schema": 1, "seats": written}))
    assert Store(tmp_path).load_seats() == []  # set aside, with a message


# --- starting the statistics again ------------------------------------------------------------


def _played_out(store: Store, seeds: range) -> MatchSetup:
    """Matches finished and counted as the game counts them: statistics and past matches."""
    setup = MatchSetup.solo()
    for seed in seeds:
        assert store.finish_match(setup, finish(Match.new(Rules(), seed), seed))
    store.clear_match()
    return setup


def test_a_reset_keeps_the_statistics_and_past_matches_as_backups(tmp_path: Path) -> None:
    """The player's reset sets both files aside beside themselves, as a damaged file is
    (after the backups kept already), and the game reads them as new from then on."""
    store = Store(tmp_path)
    _played_out(store, range(3))
    (tmp_path / "stats.json.bak").write_text("a damaged file set aside before")
    stats, past = store.stats_path.read_bytes(), store.past_path.read_bytes()
    done = store.reset_stats()
    assert done.reason is None
    assert done.kept == (
        (store.stats_path, tmp_path / "stats.json.bak2"),
        (store.past_path, tmp_path / "past.json.bak"),
    )
    assert (tmp_path / "stats.json.bak2").read_bytes() == stats
    assert (tmp_path / "past.json.bak").read_bytes() == past
    assert (tmp_path / "stats.json.bak").read_text() == "a damaged file set aside before"
    assert not store.stats_path.exists() and not store.past_path.exists()
    assert store.load_stats() == Stats() and store.load_past() == []
    assert store.messages == []  # nothing went wrong: the screen says what was done
    (tmp_path / "stats.json.bak2").rename(store.stats_path)  # undone by hand
    assert store.load_stats().total().played == 3


def test_a_reset_leaves_the_match_in_progress_to_be_counted_when_it_ends(tmp_path: Path) -> None:
    store = Store(tmp_path)
    setup = _played_out(store, range(2))
    playing = play(Rules(), 40, 12)
    store.save_match(setup, playing.record(), undone=True)
    saved_before = store.save_path.read_bytes()
    assert store.reset_stats().reason is None
    assert store.save_path.read_bytes() == saved_before
    resumed = Store(tmp_path).load_match()
    assert resumed is not None and resumed.record == playing.record() and resumed.undone
    assert store.finish_match(setup, finish(playing, 40), undone=True)
    stats = store.load_stats()
    assert stats.total().played == 1 and stats.total().undone == 1
    assert [past.key for past in store.load_past()] == [stats.recent[0].match_id]


def test_a_reset_is_all_or_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The past matches will not move: the statistics, moved already, are put back, and
    the reason is given in the player's words."""
    store = Store(tmp_path)
    _played_out(store, range(2))
    stats, past = store.stats_path.read_bytes(), store.past_path.read_bytes()
    real = os.replace

    def refuse_past(source: Any, target: Any) -> None:
        if Path(source) == store.past_path:
            raise PermissionError(errno.EACCES, "denied")
        real(source, target)

    monkeypatch.setattr(os, "replace", refuse_past)
    done = store.reset_stats()
    assert done.kept == () and done.reason == storage.FileProblem("files.reason_denied")
    assert store.stats_path.read_bytes() == stats and store.past_path.read_bytes() == past
    assert sorted(path.name for path in tmp_path.glob("*.bak*")) == []


def test_a_reset_while_another_copy_holds_the_folder_moves_nothing(tmp_path: Path) -> None:
    store = Store(tmp_path)
    _played_out(store, range(1))
    store.locked_out = True
    done = store.reset_stats()
    assert done.kept == () and done.reason == storage.FileProblem("files.reason_other_copy")
    assert store.stats_path.exists() and store.past_path.exists()


def test_statistics_salvaged_on_a_full_disk_stay_whole_until_they_can_be_written(
    tmp_path: Path,
) -> None:
    """A damaged statistics file on a full disk: it was set aside (a rename needs no room),
    the part still read could not be written, and the game said it was kept while the
    next start found no statistics at all; the next match began a new history beside the
    backup. The file goes back where it was, whole, until a write can keep what it holds."""

    store = Store(tmp_path)
    store.record_result(MatchSetup.solo(), finish(Match.new(Rules(), 3)))
    whole = store.record_result(
        MatchSetup.solo(Rules(players=3)), finish(Match.new(Rules(players=3), 4))
    )
    data = json.loads(store.stats_path.read_text())
    data["tallies"][1]["preset"] = None
    damaged = json.dumps(data)
    store.stats_path.write_text(damaged)

    full = [True]

    def disk(step: str) -> None:
        if step == "written" and full[0]:
            raise OSError(errno.ENOSPC, "No space left on device")

    crowded = Store(tmp_path, checkpoint=disk)
    kept = crowded.load_stats()
    assert kept.tallies == whole.tallies  # shown as read
    keys = [message.key for message in crowded.take_messages()]
    assert keys == ["files.stats_salvaged_left"], keys  # with the reason: the disk is full
    assert crowded.stats_path.read_text() == damaged  # whole, where it was
    assert not (tmp_path / "stats.json.bak").exists()
    assert Store(tmp_path, checkpoint=disk).load_stats().tallies == whole.tallies
    # room again: the next match is counted beside all that was read, the file set aside
    full[0] = False
    after = crowded.record_result(MatchSetup.solo(), finish(Match.new(Rules(), 5)))
    assert after.total().played == whole.total().played + 1
    assert (tmp_path / "stats.json.bak").read_text() == damaged
    assert Store(tmp_path).load_stats() == after


def test_past_matches_salvaged_on_a_full_disk_stay_whole_until_they_can_be_written(
    tmp_path: Path,
) -> None:
    """The list of past matches, damaged in one match, on a full disk: the next start found
    none, and the game said "the match could not be kept among your past matches" with no
    match finished."""
    store = Store(tmp_path)
    for seed in (3, 4):
        match = finish(Match.new(Rules(), seed))
        store.keep_past(
            storage.PastMatch("2026-12-04T10:00:00+00:00", MatchSetup.solo(), match.record(), match)
        )
    data = json.loads(store.past_path.read_text())
    entries = data["matches"] if isinstance(data, dict) else data
    entries[0]["ended"] = "not a date"
    damaged = json.dumps(data)
    store.past_path.write_text(damaged)

    def full(step: str) -> None:
        if step == "written":
            raise OSError(errno.ENOSPC, "No space left on device")

    crowded = Store(tmp_path, checkpoint=full)
    assert len(crowded.load_past()) == 1
    keys = [message.key for message in crowded.take_messages()]
    assert keys == ["files.past_salvaged_left"], keys
    assert crowded.past_path.read_text() == damaged
    assert len(Store(tmp_path).load_past()) == 1  # room again: kept, the file set aside
    assert (tmp_path / "past.json.bak").read_text() == damaged


def test_an_accuracy_a_full_disk_refused_is_written_once_there_is_room(tmp_path: Path) -> None:
    """The disk full as a finished match's review was noted: its accuracy never reached
    the statistics (until the match was opened again from Past matches), and the notice
    that the statistics could not be saved stayed beside "the match is counted now"."""
    full = [True]

    def disk(step: str) -> None:
        if step == "written" and full[0]:
            raise OSError(errno.ENOSPC, "No space left on device")

    store = Store(tmp_path, checkpoint=disk)
    full[0] = False
    match = finish(Match.new(Rules(), 3))
    store.record_result(MatchSetup.solo(), match)
    key = storage.match_key(match)
    full[0] = True
    assert not store.note_accuracy(key, 62.5)
    assert store.load_stats().recent[-1].accuracy is None
    assert not store.note_due()  # still no room: it waits
    full[0] = False
    assert store.note_due()
    assert Store(tmp_path).load_stats().recent[-1].accuracy == 62.5
    assert "write:" + str(store.stats_path) in store.take_recovered()
    # or it goes with the next result written
    other = finish(Match.new(Rules(), 4))
    store.record_result(MatchSetup.solo(), other)
    full[0] = True
    assert not store.note_accuracy(storage.match_key(other), 40.0)
    full[0] = False
    store.record_result(MatchSetup.solo(), finish(Match.new(Rules(), 5)))
    assert [r.accuracy for r in Store(tmp_path).load_stats().recent[-3:]] == [62.5, 40.0, None]
