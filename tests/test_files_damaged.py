"""Files that are damaged in ways a parser does not expect, huge, or not files at all.

Each case is run against the three files (settings, saved match, statistics): the file is
set aside as a backup, the player gets one short message, and the defaults are used. The
cases that could hang or fill the memory (a pipe, ``/dev/zero``) run in a child process
with a time and memory limit, so a regression fails instead of stalling the machine.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

import pytest

from scopa import storage
from scopa.engine import Rules, RulesError
from scopa.engine.errors import quote_value
from scopa.i18n import Translator
from scopa.settings import MatchSetup, Settings, SettingsError
from scopa.stats import MatchResult, Stats, StatsError, Tally
from scopa.storage import MAX_READ, FileProblem, Store

from .test_storage import KINDS, Kind, assert_set_aside, expected_default, good_bytes, saved_stats

ROOT = Path(__file__).resolve().parent.parent
posix_only = pytest.mark.skipif(os.name != "posix", reason="pipes, sockets and /dev/zero")
kinds = pytest.mark.parametrize("kind", KINDS, ids=[kind.name for kind in KINDS])


@pytest.fixture(autouse=True)
def english(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("LC_ALL", "LC_MESSAGES", "LANGUAGE"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "en_US.UTF-8")


def with_value(kind: Kind, value: bytes) -> bytes:
    """A file of ``kind`` where one entry, checked early, holds ``value`` (raw TOML or JSON)."""
    if kind.name == "settings":
        return b"language = " + value + b'\n\n[format]\nschema = 1\ngame = "scopa"\n'
    if kind.name == "save":
        seat = b'{"name": "Anna", "human": true, "level": ' + value + b"}"  # (a name is mended)
        return b'{"schema": 1, "setup": {"seats": [' + seat + b'], "rules": {}}, "record": ""}'
    if kind.name == "past":
        return b'{"schema": 1, "matches": [{"when": ' + value + b', "setup": {}, "record": ""}]}'
    result = (
        b'{"mode": ' + value + b', "players": 2, "preset": "classic", "level": "expert", '
        b'"won": true, "margin": 1, "scope": 0, "totals": [11, 10], "rounds": 1}'
    )
    return b'{"schema": 1, "tallies": [], "recent": [' + result + b"]}"


# --- numbers too long for Python to convert ------------------------------------------------------


@kinds
@pytest.mark.parametrize("where", ["schema", "value"])
def test_an_integer_of_thousands_of_digits_is_a_damaged_file(
    kind: Kind, where: str, tmp_path: Path
) -> None:
    digits = b"7" * 5000
    if where == "value":
        content = with_value(kind, digits)
    elif kind.name == "settings":
        content = b'language = "en"\n\n[format]\nschema = ' + digits + b"\n"
    else:
        content = b'{"schema": ' + digits + b"}"
    store = Store(tmp_path)
    kind.path(store).write_bytes(content)
    assert_set_aside(kind, store, content)


@kinds
def test_the_message_for_a_long_number_says_what_is_wrong(kind: Kind, tmp_path: Path) -> None:
    store = Store(tmp_path)
    kind.path(store).write_bytes(with_value(kind, b"9" * 5000))
    kind.load(store)
    assert "number too large" in str(store.messages[0])


@kinds
@pytest.mark.parametrize(
    ("toml", "json_", "words"),
    [(b"nan", b"NaN", "a value that is not a number"), (b"-inf", b"-Infinity", "number too large")],
    ids=["nan", "infinity"],
)
def test_the_message_for_nan_or_infinity_says_which(
    kind: Kind, toml: bytes, json_: bytes, words: str, tmp_path: Path
) -> None:
    """A value that is not a number is not called a number too large to read."""
    content = with_value(kind, toml if kind.name == "settings" else json_)
    (tmp_path / "told").mkdir(), (tmp_path / "kept").mkdir()
    told, kept = Store(tmp_path / "told"), Store(tmp_path / "kept")
    for store in (told, kept):
        kind.path(store).write_bytes(content)
    kind.load(told)
    assert words in str(told.messages[0]), told.messages[0]
    assert_set_aside(kind, kept, content)


# --- statistics beyond sane bounds ---------------------------------------------------------------


def stats_with_margin(margin: int) -> dict:
    totals = (margin, 0) if margin >= 0 else (0, -margin)  # the totals that give it
    result = MatchResult("solo", 2, "classic", "expert", margin > 0, margin, 1, totals, 3)
    data = Stats().add(result).to_dict()
    return json.loads(json.dumps(data))


@pytest.mark.parametrize(
    "margin", [10**400, -(10**10), 10**9 + 1], ids=["beyond-float", "-1e10", "1e9+1"]
)
def test_statistics_with_a_number_out_of_range_are_refused(margin: int) -> None:
    with pytest.raises(StatsError, match="out of range"):
        Stats.from_dict(stats_with_margin(margin))


def test_statistics_at_the_bounds_are_kept() -> None:
    for margin in (10**9, -(10**9)):
        assert Stats.from_dict(stats_with_margin(margin)).best is not None


@pytest.mark.parametrize(
    ("entry", "value"),
    [("played", 10**12), ("scope", 10**400), ("best", -(10**30))],
    ids=["played", "scope", "best"],
)
def test_statistics_rows_out_of_range_are_refused(entry: str, value: int) -> None:
    data = stats_with_margin(3)
    data["tallies"][0][entry] = value
    with pytest.raises(StatsError, match="out of range"):
        Stats.from_dict(data)


def test_a_statistics_file_with_a_margin_beyond_float_range_is_set_aside(tmp_path: Path) -> None:
    store = Store(tmp_path)
    content = json.dumps(stats_with_margin(10**400)).encode()
    store.stats_path.write_bytes(content)
    stats = store.load_stats()  # the match counted, its margin beyond reading left out
    assert stats.total() == Tally(1, 1, 0, 1, 0, None, None) and stats.recent == ()
    assert any("out of range" in detail for detail in store.messages[0].details())
    assert store.stats_path.with_name("stats.json.bak").read_bytes() == content


def test_an_accuracy_of_hundreds_of_digits_costs_only_itself(tmp_path: Path) -> None:
    """A whole number too long for a float (401 digits) where a match's accuracy goes
    raised ``OverflowError``, which no reader of the file expected: the statistics could not
    be opened, nor any match be recorded after. The accuracy alone is dropped."""
    store = Store(tmp_path)
    result = MatchResult("solo", 2, "classic", "expert", True, 3, 1, (11, 8), 3, match_id="a/1")
    data = Stats().add(result).to_dict()
    data["recent"][0]["accuracy"] = 10**400
    store.stats_path.write_text(json.dumps(data), encoding="utf-8")
    stats = store.load_stats()
    assert stats.total().played == 1
    assert stats.recent[0].accuracy is None
    assert store.messages, "the player is told"


def test_a_volume_of_hundreds_of_digits_is_refused_not_fatal(tmp_path: Path) -> None:
    """The same number as the settings' volume stopped the game at its start."""
    store = Store(tmp_path)
    store.settings_path.write_text(
        'language = "it"\nvolume = 1' + "0" * 400 + "\nmuted = true\n", encoding="utf-8"
    )
    settings = store.load_settings()
    assert settings.language == "it" and settings.muted  # what else it held is kept
    assert settings.volume == Settings().volume
    assert store.messages, "the player is told, the file kept beside"
    assert store.settings_path.with_name("settings.toml.bak").exists()
    with pytest.raises(SettingsError, match="from 0 to 1"):
        Settings.from_dict({"volume": -(10**400)})


def test_a_non_finite_float_in_json_is_refused(tmp_path: Path) -> None:
    store = Store(tmp_path)
    saved_stats(store)
    data = json.loads(store.stats_path.read_text())
    for literal in ("NaN", "Infinity", "-Infinity", "1e999"):
        text = json.dumps(data).replace('"rounds": ', f'"rounds": {literal}, "x": ', 1)
        store.stats_path.write_text(text)
        store.messages.clear()
        assert store.load_stats() == Stats()
        said = "not a number" if literal == "NaN" else "number too large"
        assert said in str(store.messages[0]), literal


# --- long values are quoted short ----------------------------------------------------------------


def test_quote_value_cuts_long_values() -> None:
    assert quote_value("short") == "'short'"
    long_text = quote_value("x" * 50_000_000)
    assert len(long_text) <= 41 and long_text.endswith("\u2026") and long_text.startswith("'xxx")
    assert len(quote_value(10**4000)) < 41
    assert len(quote_value(["y" * 10**6] * 10**4)) <= 41
    assert quote_value(12345) == "12345"


def test_settings_and_rules_errors_quote_long_values_short() -> None:
    huge = "z" * 5_000_000
    for call in (
        lambda: Settings.from_dict({"language": huge}),
        lambda: Settings.from_dict({huge: 1}),
        lambda: Settings.from_dict({"volume": huge}),
        lambda: MatchSetup.from_dict({"seats": [{"name": huge, "human": True}], "rules": {}}),
        lambda: Rules.from_dict({"deal": huge}),
        lambda: Rules.from_dict({huge: True}),
        lambda: Rules.from_dict({"quindici": huge}),
    ):
        with pytest.raises((SettingsError, RulesError)) as caught:
            call()
        assert len(str(caught.value)) < 200, str(caught.value)[:300]


@kinds
def test_a_megabytes_long_string_is_quoted_short(kind: Kind, tmp_path: Path) -> None:
    long_string = b'"' + b"q" * 3_000_000 + b'"'
    store = Store(tmp_path)
    content = with_value(kind, long_string)
    kind.path(store).write_bytes(content)
    assert_set_aside(kind, store, content)
    kind.path(store).unlink()
    store.messages.clear()
    kind.path(store).write_bytes(content)
    kind.load(store)
    for language in ("en", "it"):
        text = store.messages[0].render(Translator(language))
        assert len(text) < 500, text[:600]
    (detail,) = store.messages[0].details()  # for the log, quoted short too
    assert "qqqq\u2026" in detail and len(detail) < 300, detail[:600]


# --- files too large to read ---------------------------------------------------------------------


@kinds
def test_a_huge_file_is_set_aside_without_being_read(
    kind: Kind, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = Store(tmp_path)
    path = kind.path(store)
    with path.open("wb") as stream:
        stream.truncate(200 * 1024 * 1024)  # sparse: costs no disk
    read = []
    real_read = os.read
    loading = threading.get_ident()

    def counting_read(fd: int, size: int) -> bytes:
        data = real_read(fd, size)
        if threading.get_ident() == loading:  # (not the test runner's own pipes)
            read.append(len(data))
        return data

    monkeypatch.setattr(storage.os, "read", counting_read)
    started = time.perf_counter()
    assert kind.load(store) == expected_default(kind)
    assert time.perf_counter() - started < 2.0
    assert sum(read) <= MAX_READ + 1
    message = str(store.messages[0])
    assert "too large (210\u00a0MB" in message and path.name + ".bak" in message  # 209.7 million
    assert path.with_name(path.name + ".bak").stat().st_size == 200 * 1024 * 1024


@kinds
def test_a_file_just_over_the_limit_is_too_large_and_one_under_is_read(
    kind: Kind, tmp_path: Path
) -> None:
    store = Store(tmp_path)
    good = kind.save(store)
    path = kind.path(store)
    content = path.read_bytes()
    padding = b"\n" if kind.name == "settings" else b" "
    path.write_bytes(content + padding * (MAX_READ - len(content)))
    assert kind.load(store) == good
    assert store.messages == []
    path.write_bytes(content + padding * (MAX_READ + 1 - len(content)))
    # set aside; what its first part holds is kept, but of a saved match (one cut short
    # is no position to play on): the settings' first lines, the rows of the statistics
    # and of the past matches before the limit
    kept = expected_default(kind) if kind.name == "save" else good
    assert kind.load(store) == kept
    assert "too large" in str(store.messages[0])


def test_statistics_grown_past_the_limit_keep_the_tallies_and_matches_before_it(
    tmp_path: Path,
) -> None:
    """A statistics file of some 5 MB (edited, or written by another program) started the
    whole history again from nothing, though its tallies, written first, and most of its
    matches were within the part read."""
    store = Store(tmp_path)
    whole = saved_stats(store)
    data = json.loads(store.stats_path.read_text())
    (one,) = data["recent"]
    data["recent"] = [one] * 20_000  # the game keeps 500
    store.stats_path.write_text(json.dumps(data, indent=1))
    assert store.stats_path.stat().st_size > MAX_READ
    kept = store.load_stats()
    assert kept.tallies == whole.tallies and kept.recent == whole.recent * len(kept.recent)
    assert len(kept.recent) == 500
    (message,) = store.messages
    assert message.key == "files.stats_salvaged_set_aside" and "too large" in str(message)
    assert store.stats_path.stat().st_size < MAX_READ  # written back as kept
    assert Store(tmp_path).load_stats() == kept


def test_a_huge_settings_file_keeps_the_language_its_first_lines_hold(tmp_path: Path) -> None:
    """A settings file of 200 MB whose first line was the player's Italian: set aside
    unread, the game and the notice of it came in the system's English."""
    store = Store(tmp_path)
    path = store.settings_path
    with path.open("wb") as stream:
        stream.write(b'language = "it"\ntutorial_done = true\n')
        stream.truncate(200 * 1024 * 1024)  # sparse: costs no disk
    settings = store.load_settings()
    assert settings.language == "it" and settings.tutorial_done
    assert "too large" in str(store.messages[0])


@pytest.mark.parametrize(
    ("line", "kept", "label"),
    [
        ('felt = "purple"', 'card_back = "piacentine"', "set_felt"),
        ('card_back = "tarocchi"', 'felt = "slate"', "set_card_back"),
        ('deck = "tarocchi"', 'felt = "slate"', "set_deck_style"),
        ("volume = 7", 'felt = "slate"', "set_volume"),
    ],
)
@pytest.mark.parametrize("language", ["it", "en"])
def test_a_setting_the_game_does_not_know_is_named_as_its_row_is(
    tmp_path: Path, line: str, kept: str, label: str, language: str
) -> None:
    """A cloth named "purple" by hand: the game went on, on the green cloth, and said only
    that the file held something it could not use; the player whose table turned green was
    not told which setting was lost. It is named as the settings screen names it."""
    store = Store(tmp_path)
    name, value = kept.split(" = ")
    store.save_settings(Settings(language=language, **{name: value.strip('"')}))
    text = store.settings_path.read_text()
    bad = line.split(" = ")[0]
    written = [entry for entry in text.splitlines() if entry.startswith(f"{bad} = ")]
    text = text.replace(written[0], line) if written else text.replace("\n[", f"\n{line}\n[", 1)
    store.settings_path.write_text(text)
    settings = store.load_settings()
    assert settings.language == language
    assert getattr(settings, name) == value.strip('"')
    (message,) = store.messages
    t = Translator(language)
    assert message.key == "files.settings_salvaged_set_aside"
    assert t(label) in message.render(t)
    cause = message.params["cause"]
    assert isinstance(cause, FileProblem) and cause.key == "files.cause_setting"
    assert cause.params["setting"] == FileProblem(label)
    (detail,) = message.details()  # the log says what the value was
    assert line.split(" = ")[1].strip('"') in detail


def test_every_setting_named_in_a_file_s_message_has_its_row_s_words() -> None:
    from scopa.app.strings.options import STRINGS

    for language in ("en", "it"):
        assert set(storage.SETTING_LABELS.values()) <= set(STRINGS[language]), language


# --- things that are not regular files -----------------------------------------------------------

ISOLATED = """
import json, resource, sys
from pathlib import Path
resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))
from scopa.settings import Settings
from scopa.stats import Stats
from scopa.storage import Store
store = Store(Path(sys.argv[1]))
kind = sys.argv[2]
load = {"settings": store.load_settings, "save": store.load_match, "stats": store.load_stats,
        "past": store.load_past}
default = {"settings": Settings(), "save": None, "stats": Stats(), "past": []}
value = load[kind]()
print(json.dumps({"default": value == default[kind], "messages": [str(m) for m in store.messages]}))
"""


def load_isolated(kind: Kind, root: Path) -> dict:
    """Load ``kind`` in a child process that may use 1 GB and 20 seconds at most."""
    environment = {**os.environ, "PYTHONPATH": str(ROOT), "LANG": "en_US.UTF-8"}
    environment.pop("LC_ALL", None)
    child = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(ISOLATED), str(root), kind.name],
        capture_output=True,
        text=True,
        timeout=20,
        env=environment,
    )
    assert child.returncode == 0, child.stderr[-2000:]
    return json.loads(child.stdout)


def set_aside_in_a_child(kind: Kind, tmp_path: Path, what: str) -> None:
    path = kind.path(Store(tmp_path))
    outcome = load_isolated(kind, tmp_path)
    assert outcome["default"]
    assert len(outcome["messages"]) == 1, outcome
    message = outcome["messages"][0]
    assert what in message and path.name + ".bak" in message, message
    assert not os.path.lexists(path)
    assert os.path.lexists(path.with_name(path.name + ".bak"))


@posix_only
@kinds
def test_a_pipe_in_place_of_a_file(kind: Kind, tmp_path: Path) -> None:
    os.mkfifo(kind.path(Store(tmp_path)))
    set_aside_in_a_child(kind, tmp_path, "a pipe, not an ordinary file")


@posix_only
@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="needs /dev/zero")
@kinds
def test_a_link_to_dev_zero_in_place_of_a_file(kind: Kind, tmp_path: Path) -> None:
    os.symlink("/dev/zero", kind.path(Store(tmp_path)))
    set_aside_in_a_child(kind, tmp_path, "a device, not an ordinary file")
    assert Path("/dev/zero").exists()


@posix_only
@kinds
def test_a_socket_in_place_of_a_file(kind: Kind, tmp_path: Path) -> None:
    path = kind.path(Store(tmp_path))
    if len(str(path)) > 100:
        pytest.skip("the temporary folder's name is too long for a socket")
    server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        server.bind(str(path))
        set_aside_in_a_child(kind, tmp_path, "a socket, not an ordinary file")
    finally:
        server.close()


@posix_only
@kinds
def test_a_link_to_a_good_file_is_read(kind: Kind, tmp_path: Path) -> None:
    elsewhere = Store(tmp_path / "elsewhere")
    value = kind.save(elsewhere)
    store = Store(tmp_path)
    os.symlink(kind.path(elsewhere), kind.path(store))
    assert kind.load(store) == value
    assert store.messages == []


@kinds
def test_messages_are_file_problems_worded_in_both_languages(kind: Kind, tmp_path: Path) -> None:
    store = Store(tmp_path)
    kind.path(store).write_bytes(b"\xff\xfe not text")
    kind.load(store)
    (problem,) = store.messages
    assert isinstance(problem, FileProblem) and problem.key.startswith("files.")
    english = problem.render(Translator("en"))
    italian = problem.render(Translator("it"))
    assert english == str(problem) and "not a text file" in english
    assert "non è di testo" in italian
    for text in (english, italian):
        assert kind.path(store).name + ".bak" in text and str(tmp_path) in text
        assert "{" not in text and "files." not in text


def test_what_is_wrong_with_a_file_is_said_in_a_player_s_words() -> None:
    """A damaged file was explained as "not valid JSON", "the [format] table is missing"
    and "not a number (nan)": words from the file's insides, which a player cannot act on
    (the log keeps the detail)."""
    from scopa.app.strings.files import STRINGS

    for language, table in STRINGS.items():
        for key, text in table.items():
            if key.startswith("files.cause_"):
                for word in ("JSON", "TOML", "[", "nan", "{format}"):
                    assert word not in text, (language, key, word)


@pytest.mark.parametrize("kind", KINDS, ids=lambda k: k.name)
def test_a_byte_order_mark_an_editor_wrote_first_is_not_damage(kind: Kind, tmp_path: Path) -> None:
    """Some editors save UTF-8 with a byte-order mark (Notepad on Windows): the settings
    lost their first line (the language, so the notice came in English), the saved match
    and the statistics were set aside as damaged. The file reads as it is."""
    good, value = good_bytes(kind, tmp_path)
    store = Store(tmp_path / "marked")
    path = kind.path(store)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"\xef\xbb\xbf" + good)
    assert kind.load(store) == value
    assert store.messages == []


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-be"])
@pytest.mark.parametrize("kind", KINDS, ids=lambda k: k.name)
def test_a_file_an_editor_saved_again_as_utf_16_reads_as_it_is(
    kind: Kind, encoding: str, tmp_path: Path
) -> None:
    """A file opened in Notepad and saved as "Unicode" (UTF-16, its byte-order mark first):
    set aside as "not a text file", the settings, match or statistics lost for it."""
    good, value = good_bytes(kind, tmp_path)
    store = Store(tmp_path / "saved again")
    path = kind.path(store)
    path.parent.mkdir(parents=True, exist_ok=True)
    text = good.decode("utf-8")
    path.write_bytes(
        text.encode("utf-16") if encoding == "utf-16" else b"\xfe\xff" + text.encode(encoding)
    )
    assert kind.load(store) == value
    assert store.messages == []


@pytest.mark.parametrize("kind", KINDS, ids=lambda k: k.name)
def test_an_empty_file_is_said_to_be_empty(kind: Kind, tmp_path: Path) -> None:
    """An empty file was "damaged, perhaps cut short while it was being written"."""
    store = Store(tmp_path)
    path = kind.path(store)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"\n")
    assert kind.load(store) == expected_default(kind)
    assert len(store.messages) == 1 and "it is empty" in str(store.messages[0])
    assert path.with_name(path.name + ".bak").read_bytes() == b"\n"


# --- a folder the game cannot look into ----------------------------------------------------------


def refuse_looking_into(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``home`` as the system shows it to anyone but root once made unreadable (``chmod
    600``): every look at a name in it is refused."""
    inside = str(home) + os.sep
    real_stat, real_open = os.stat, os.open

    def refused(path, *args, **kwargs):  # noqa: ANN001, ANN002, ANN003, ANN202
        if str(path).startswith(inside):
            raise PermissionError(13, "Permission denied", str(path))
        return real_stat(path, *args, **kwargs)

    def refused_open(path, *args, **kwargs):  # noqa: ANN001, ANN002, ANN003, ANN202
        if str(path).startswith(inside):
            raise PermissionError(13, "Permission denied", str(path))
        return real_open(path, *args, **kwargs)

    monkeypatch.setattr(os, "stat", refused)
    monkeypatch.setattr(os, "lstat", refused)
    monkeypatch.setattr(os, "open", refused_open)


def start_on(store: Store) -> list[FileProblem]:
    """What the player is told as the game starts on ``store`` and saves its settings once."""
    store.lock()
    store.load_settings()
    store.load_match()
    store.load_stats()
    store.load_past()
    store.load_seats()
    store.save_settings(Settings())
    return store.take_messages()


def test_a_folder_whose_name_is_too_long_is_told_once_not_for_each_file(tmp_path: Path) -> None:
    """A home whose name is longer than the system allows: eight messages came at once over
    the title, each file's saying the folder's trouble again (its path too long)."""
    (message,) = start_on(Store(tmp_path / ("a" * 300)))
    assert message.key == "files.folder_unusable"
    assert "cannot use its folder" in str(message) and "too long" in str(message)


def test_a_folder_the_game_may_not_look_into_is_told_once_until_it_can_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A home made unreadable: a message for each file, then one for each file not saved;
    one for the folder says it all. Once the folder can be used again, the folder's message
    ends, and a file's own trouble is told again."""
    for kind in KINDS:
        kind.save(Store(tmp_path))
    with monkeypatch.context() as refused:
        refuse_looking_into(tmp_path, refused)
        store = Store(tmp_path)
        (message,) = start_on(store)
    assert message.key == "files.folder_unusable" and "permission denied" in str(message)
    assert store.save_settings(Settings())
    assert "lock" in store.take_recovered()
    store.save_path.write_text("{")
    assert store.load_match() is None
    (damaged,) = store.take_messages()
    assert damaged.key == "files.match_set_aside"


def test_a_damaged_file_in_a_folder_that_cannot_be_written_is_still_told(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Only what the folder's message says is left unsaid: a settings file damaged in a
    folder that can be read but not written is told (it cannot be moved aside either);
    the settings not saved there are the folder's news already."""
    store = Store(tmp_path)
    store.settings_path.write_text("language = ")
    real_open = os.open

    def read_only(path, flags, *args, **kwargs):  # noqa: ANN001, ANN002, ANN003, ANN202
        if flags & (os.O_WRONLY | os.O_RDWR | os.O_CREAT):
            raise OSError(30, "Read-only file system", str(path))
        return real_open(path, flags, *args, **kwargs)

    def no_move(source, target, *args, **kwargs):  # noqa: ANN001, ANN002, ANN003, ANN202
        raise OSError(30, "Read-only file system", str(source))

    monkeypatch.setattr(os, "open", read_only)
    monkeypatch.setattr(os, "replace", no_move)
    monkeypatch.setattr(
        storage.tempfile, "mkstemp", lambda *a, **k: read_only(tmp_path, os.O_CREAT)
    )
    folder, damaged = start_on(store)
    assert folder.key == "files.folder_not_writable" and "read-only" in str(folder)
    assert damaged.key == "files.settings_left" and "read-only" in str(damaged)


@kinds
def test_a_folder_whose_name_is_too_long_is_said_and_the_defaults_used(
    kind: Kind, tmp_path: Path
) -> None:
    """A home whose name is longer than the system allows: the game closed at its start
    (asking whether a backup's name was free raised the system's error, not answered)."""
    store = Store(tmp_path / ("a" * 300))
    assert kind.load(store) == expected_default(kind)
    assert store.messages, "the player is told"
    assert all("too long" in str(message).lower() for message in store.messages), store.messages


@kinds
def test_a_folder_the_game_may_not_look_into_is_said_and_the_defaults_used(
    kind: Kind, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A home made unreadable (``chmod 600``, a careless ``chmod -R``): the game closed at its
    start, and opening Statistics closed it in a game begun before. (As the system answers
    anyone but root: every look at a name in the folder is refused.)"""
    store = Store(tmp_path)
    kind.save(store)
    refuse_looking_into(tmp_path, monkeypatch)
    store = Store(tmp_path)
    assert kind.load(store) == expected_default(kind)
    assert store.messages, "the player is told"
    assert all("permission" in str(message).lower() for message in store.messages)


# --- a saved match with a seat's name that cannot be used ----------------------------------------


@pytest.mark.parametrize(
    ("name", "shown"),
    [
        (42, "Player 2"),
        ("", "Player 2"),
        (["Giulia"], "Player 2"),
        ("Giulia Maria Rossi Bianchi Verdi", "Giulia Maria Rossi Bianc"),
        ("Bea\ttrice", "Beatrice"),
    ],
)
def test_a_seat_s_name_that_cannot_be_used_costs_the_name_not_the_match(
    tmp_path: Path, name: object, shown: str
) -> None:
    """A saved match whose opponent's name was a number, blank or longer than a name may be
    (a file edited by hand): the whole match was lost for it. The seat takes a name that
    can be used, the match resumes, the file is kept as a backup and the player told."""
    from .test_storage import play

    store = Store(tmp_path)
    setup = MatchSetup.solo(name="Anna")
    match = play(Rules(), 5, 12)
    store.save_match(setup, match.record())
    data = json.loads(store.save_path.read_text())
    data["setup"]["seats"][1]["name"] = name
    store.save_path.write_text(json.dumps(data))
    loaded = store.load_match()
    assert loaded is not None and loaded.record == match.record()
    assert [seat.name for seat in loaded.setup.seats] == ["Anna", shown]
    (message,) = store.messages
    assert message.key == "files.match_mended_set_aside"
    assert "the name of seat 2 could not be used" in str(message)  # said, not only logged
    assert (tmp_path / message.params["backup"]).exists()
    again = Store(tmp_path).load_match()  # written back as it is shown
    assert again is not None and again.setup == loaded.setup


def test_a_file_s_size_is_told_in_the_units_it_names() -> None:
    """200,000,000 bytes were told as "191 MB": a mebibyte named as a megabyte."""
    from scopa.storage import _size_text

    assert _size_text(200_000_000) == "200\u00a0MB"  # (never broken over two lines)
    assert _size_text(4_000_000) == "4\u00a0MB"
    assert _size_text(64_000) == "64\u00a0kB"


def test_a_file_s_size_is_told_to_the_nearest_and_always_over_the_limit() -> None:
    """A file of 50,001,314 bytes was told as "51 MB" (rounded up, and "(50" and "MB" were
    drawn on two lines); one just over the limit is still told as over it."""
    from scopa.storage import MAX_READ, _too_large

    said = _too_large(50_001_314, MAX_READ).cause.params
    assert said["size"] == "50\u00a0MB" and said["limit"] == "4\u00a0MB"
    assert _too_large(MAX_READ + 1, MAX_READ).cause.params["size"] == "5\u00a0MB"
