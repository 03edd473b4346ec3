"""The game's files: settings (TOML), the unfinished match, the statistics, the last
matches finished (for their reviews) and the seats held at tables online (JSON).

Three promises. Nothing is ever half-written: every file is written to a temporary file in
the same folder, flushed, synced and renamed over the old one, so a crash leaves either the
old file or the new one. A bad file never stops the game: a file that is damaged, from a
newer version, unreadable, too large or not a file at all (a folder, a pipe, a device) is
moved aside as a backup (``settings.toml.bak``, then ``settings.toml.bak2``, ...; the
newest ``BACKUPS_KEPT`` are kept), a ``FileProblem`` for the player goes to
``Store.messages``, and the defaults are used; failed writes (disk full, read-only folder)
add one too. And two copies of the game never write over each other: ``Store.lock`` claims
the data folder, and a copy that finds it claimed by a running copy writes nothing.
"""

from __future__ import annotations

import codecs
import contextlib
import errno
import functools
import heapq
import json
import math
import os
import stat
import tempfile
import threading
import time
import tomllib
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeAlias, TypeVar

import platformdirs

from .engine import GameRecord, Rules
from .engine.errors import NotationError, quote_value
from .i18n import system_language
from .log import log
from .net.codes import TOKEN_LONGEST, is_seat
from .settings import (
    MAX_NAME,
    MatchSetup,
    Seating,
    Settings,
    SettingsError,
    salvaged,
    seating_until,
)
from .stats import SCHEMA as STATS_SCHEMA
from .stats import Stats, match_key, result_of
from .stats import salvage as salvage_stats

if TYPE_CHECKING:
    from .engine import Match

T = TypeVar("T")
SETTINGS_SCHEMA = 1
"""Kept in the settings file's last table, ``[format]``: a file cut short loses it."""
SAVE_SCHEMA = 1
SETTINGS_FILE = "settings.toml"
SAVE_FILE = "match.json"
STATS_FILE = "stats.json"
SEATS_FILE = "seats.json"
PAST_FILE = "past.json"
PAST_TOGETHER_FILE = "past_together.json"
"""The past matches of several people at this screen, kept apart from ``PAST_FILE``'s
matches alone: a copy of the game from before they were kept took a list holding one for
damaged, and wrote it back without them."""
PAST_SCHEMA = 1
PAST_KEPT = 20
"""How many finished matches are kept for their reviews to be opened again (the newest)."""
PAST_MODES = ("solo", "hotseat")
"""The matches kept for their reviews: those of people at this screen (not a table of
computers watched)."""
SEATS_SCHEMA = 1
SEATS_KEPT = 16
"""Seats at tables online remembered at most (the latest taken)."""
LOCK_FILE = "scopa.lock"
RELOCK_SECONDS = 2.0
"""How often a copy kept from the folder by another looks again whether that copy is gone
(then it claims the folder and saves from there on)."""
APP_NAME = "scopa"
MAX_READ = 4_000_000
"""The most bytes read from one file. Ours stay far below (500 results are about 150 kB); a
larger file is not ours, and reading it whole would delay the first frame."""
SALVAGED_HEAD = 64 * 1024
"""The bytes read of a settings file too large to be read whole, for what they still hold."""
DETAIL_LIMIT = 120
"""The longest technical detail quoted in a message."""

Checkpoint = Callable[[str], None]
"""Called with the name of each step of a write (tests stop the process there)."""


Param: TypeAlias = "str | FileProblem"
"""A value in a message: plain text, or a piece worded in the same language."""


@dataclass(frozen=True)
class FileProblem:
    """A message about the game's files, in words the app translates.

    ``key`` names a text of ``scopa/app/strings/files.py``; ``params`` fill its placeholders,
    each with plain text (a file or folder name) or another ``FileProblem`` worded in the
    same language (the cause, the reason). ``topic`` names a problem that can last (a file
    that cannot be written): the app tells it once while it lasts. Empty for one-off news.
    ``str()`` gives the English text (logs, tests).
    """

    key: str
    params: Mapping[str, Param] = field(default_factory=dict)
    topic: str = ""

    def render(self, t: Callable[..., str], *, whole: bool = False) -> str:
        """The text in the language of ``t`` (a ``scopa.i18n.Translator``). A path longer
        than ``PATH_SHOWN`` characters is shortened in its middle (its start and its file's
        name kept) unless ``whole``: the player's message keeps to a few lines, and the
        log has it whole."""
        values = {}
        for name, value in self.params.items():
            if isinstance(value, FileProblem):
                values[name] = value.render(t, whole=whole)
            elif whole or name not in ("path", "folder"):
                values[name] = value
            else:
                values[name] = shortened_path(value)
        return t(self.key, **values)

    def __str__(self) -> str:
        from .i18n import Translator

        return self.render(Translator("en"), whole=True)

    def details(self) -> list[str]:
        """What exactly was wrong, in the program's words (``detail``, in this problem or
        its causes): for the log, not the player, who is told the problem in their own
        language and finds the file kept."""
        found = []
        for name, value in self.params.items():
            if isinstance(value, FileProblem):
                found += value.details()
            elif name == "detail":
                found.append(str(value))
        return found


PATH_SHOWN = 72
"""The longest path a message shows whole."""


def shortened_path(path: str) -> str:
    """``path`` within ``PATH_SHOWN`` characters: its start and its end (the file's name and
    the folders just above it) about an ellipsis in its middle."""
    if len(path) <= PATH_SHOWN:
        return path
    end = (PATH_SHOWN - 1) * 3 // 5
    start = PATH_SHOWN - 1 - end
    return f"{path[:start]}\u2026{path[-end:]}"


def sheet_waits(match: Match, sheet_read: bool) -> bool:
    """The score sheet of the round last scored is still to read: its next round is dealt
    and not begun, and the sheet was not read (``sheet_read``)."""
    return bool(match.rounds) and not match.round.history() and not sheet_read


class SavedMatch(tuple):  # type: ignore[type-arg]
    """The match left: ``(setup, record)``, whether a play was taken back in it, the
    moves played as a hint said (by how many moves came before each), and whether the
    people at the screen agreed to show each other their reviews.

    A match whose record is played out (``ended``) was counted in the statistics, and is
    kept only until its last score sheet has been shown: a game closed during its last
    play still shows how it ended; unless the statistics refused it (``counted`` False: a
    full disk), when it is kept until they take it."""

    undone: bool
    hinted: frozenset[int]
    shared: bool
    _match: Match | None
    settings_rules: Rules | None
    """The rules of the settings when the match began (a rematch takes the changes made
    there since); None from a save that did not keep them."""
    counted: bool
    """Its result is in the statistics, or it is not over yet (False: an ended match the
    statistics could not take)."""
    sheet_read: bool
    """The score sheet of the round last scored was read (its next round, dealt, waits
    for its first card): continued, the match goes on at the table, not at that sheet."""
    won_before: tuple[int, ...]
    """The matches each side won in the rematches that led to this one (empty: none)."""
    seating: Seating
    """Who played the seats as the match went on, when its players changed (Who plays)."""

    def __new__(
        cls,
        setup: MatchSetup,
        record: GameRecord,
        undone: bool = False,
        hinted: frozenset[int] = frozenset(),
        shared: bool = False,
        settings_rules: Rules | None = None,
        match: Match | None = None,
        *,
        counted: bool = True,
        sheet_read: bool = False,
        won_before: tuple[int, ...] = (),
        seating: Seating = (),
    ) -> SavedMatch:
        saved = super().__new__(cls, (setup, record))
        saved.seating = seating
        saved.counted = counted
        saved.sheet_read = sheet_read
        saved.won_before = won_before
        saved.undone = undone
        saved.hinted = hinted
        saved.shared = shared
        saved.settings_rules = settings_rules
        saved._match = match
        return saved

    @property
    def match(self) -> Match:
        """The match the record plays out to (replayed once, when not given)."""
        if self._match is None:
            self._match = self.record.replay()
        return self._match

    @property
    def ended(self) -> bool:
        """The match is over (its last score sheet not shown yet)."""
        return self.match.over

    @property
    def on_sheet(self) -> bool:
        """Continued, the match opens at the score sheet of the round last scored (left
        on it, its next round dealt and not begun), not at a table."""
        return self.match.over or sheet_waits(self.match, self.sheet_read)

    @property
    def setup(self) -> MatchSetup:
        return self[0]  # type: ignore[no-any-return]

    @property
    def record(self) -> GameRecord:
        return self[1]  # type: ignore[no-any-return]


@dataclass(frozen=True)
class PastMatch:
    """A match finished at this screen (alone against computers, or in hot seat), kept so
    that its review can be opened again: how it was played (``setup``, ``record``, the
    moves played as a hint said) and when it ended (``when``, ISO 8601 with the player's
    offset)."""

    when: str
    setup: MatchSetup
    record: GameRecord
    match: Match = field(compare=False, repr=False)
    """The record played out (checked as the file is read)."""
    hinted: frozenset[int] = frozenset()
    undone: bool = False
    seating: Seating = ()
    """Who played the seats as the match went on, when its players changed (Who plays)."""

    @property
    def key(self) -> str:
        """The match's name in the statistics (``match_key``): where its accuracy is."""
        return match_key(self.match)

    @property
    def alone(self) -> bool:
        """Played by one person here against computers (else by several people here, each
        with a review of their own)."""
        return self.setup.mode == "solo"

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "when": self.when,
            "setup": self.setup.to_dict(),
            "record": self.record.text(),
        }
        if self.hinted:
            data["hinted"] = sorted(self.hinted)
        if self.undone:
            data["undone"] = True
        if self.seating:
            data["seating"] = _seating_listed(self.seating)
        return data

    @classmethod
    def from_dict(cls, data: Any) -> PastMatch:
        """A kept match, checked: a match of people at this screen, played out."""
        if not isinstance(data, dict):
            raise DamagedFile("files.cause_content", detail="a past match must be a table")
        unknown = sorted(set(data) - {"when", "setup", "record", "hinted", "undone", "seating"})
        if unknown:
            raise DamagedFile("files.cause_content", detail=_unknown_entry(unknown[0]))
        when = data.get("when")
        if not isinstance(when, str):
            raise DamagedFile("files.cause_content", detail="a past match has no date")
        _parse_when(when)
        setup, record, undone, unread = _match_read(data)
        if unread is not None:  # a past match is kept whole, or not at all
            raise unread
        if setup.mode not in PAST_MODES:
            raise DamagedFile("files.cause_content", detail="a past match needs a person here")
        match = record.replay()
        if not match.over:
            raise DamagedFile("files.cause_content", detail="a past match must be played out")
        hinted = _hinted_moves(data.get("hinted", []), len(record.moves))
        seating = _seating(data.get("seating", []), len(record.moves), len(setup.seats))
        return cls(when, setup, record, match, hinted, undone, seating)

    @property
    def ended(self) -> datetime:
        """When the match ended, in the player's time."""
        return _parse_when(self.when)


def _match_opened(
    envelope: Any,
) -> tuple[MatchSetup, GameRecord, bool, Any, NotationError | None]:
    """A saved match's setup, plays, whether a play was taken back, its first deal made
    (its plays are checked as it is resumed), and why a play past those could not be read
    (None: all were); one of ``_BAD_CONTENT`` if it is not a match this game can open."""
    _check_schema(envelope, SAVE_SCHEMA)
    known = {"schema", "saved", "setup", "record", "undone", "hinted", "shared",
             "settings_rules", "counted", "sheet_read", "won_before", "seating"}  # fmt: skip
    unknown = sorted(set(envelope) - known)
    if unknown:
        raise DamagedFile("files.cause_content", detail=_unknown_entry(unknown[0]))
    setup, record, undone, unread = _match_read(envelope)
    return setup, record, undone, record.replay(0), unread


def _seats_named(envelope: Any) -> tuple[Any, FileProblem | None]:
    """A save whose seats' names cannot be used (not text, too long, blank) with names that
    can, and why (None: all could): a name cut to its first letters, else the seat's
    number, which the game says in the player's language ("Player 2", "Giocatore 2"). The
    match was lost whole for one name."""
    setup = envelope.get("setup") if isinstance(envelope, dict) else None
    seats = setup.get("seats") if isinstance(setup, dict) else None
    if not isinstance(seats, list):
        return envelope, None
    named, cause = [], None
    for number, seat in enumerate(seats, 1):
        name = seat.get("name") if isinstance(seat, dict) else None
        if name is None or isinstance(name, str) and _usable_name(name):
            named.append(seat)
            continue
        cut = "".join(ch for ch in name if ch.isprintable()) if isinstance(name, str) else ""
        cut = " ".join(cut.split())[:MAX_NAME].rstrip()
        named.append({**seat, "name": cut if _usable_name(cut) else f"Player {number}"})
        detail = f"seat {number}'s name {quote_value(name)} could not be used"
        cause = cause or FileProblem("files.cause_seat_name", {"seat": number, "detail": detail})
    if cause is None:
        return envelope, None
    return {**envelope, "setup": {**setup, "seats": named}}, cause


def _usable_name(name: str) -> bool:
    """Whether a seat may go by ``name`` (``SeatConfig``'s own check)."""
    return bool(name.strip()) and len(name) <= MAX_NAME and name.isprintable()


def _saved_match(envelope: Any) -> tuple[SavedMatch | None, FileProblem | None, bool]:
    """The match a save holds, what of it could not be read (None: all of it), and whether
    plays were lost. A play that cannot be made, or a damaged list of the plays made on a
    hint, costs only what comes after it: the match resumes from its last play that reads,
    not lost whole for one bad entry (None, with the cause, when not one play reads). One
    of ``_BAD_CONTENT`` if it is not a match this game can open."""
    envelope, cause = _seats_named(envelope)
    setup, record, undone, start, unread = _match_opened(envelope)
    listed = envelope.get("hinted", [])
    if unread is not None and isinstance(listed, list):  # the plays lost take their hints
        listed = [n for n in listed if not (type(n) is int and n >= len(record.moves))]
    try:
        hinted = _hinted_moves(listed, len(record.moves))
    except DamagedFile as error:
        cause, hinted = error.cause, frozenset()
    try:  # (a seating damaged: the computer's moves graded as the people's, the match kept)
        seating = _seating(envelope.get("seating", []), len(record.moves), len(setup.seats))
    except DamagedFile as error:
        cause, seating = cause or error.cause, ()
    shared = envelope.get("shared", False)
    if not isinstance(shared, bool):  # asked again, rather than the match lost for it
        bad = FileProblem("files.cause_content", {"detail": "'shared' must be true or false"})
        cause, shared = cause or bad, False
    sheet_read = envelope.get("sheet_read", False)
    if not isinstance(sheet_read, bool):  # the sheet shown again, rather than the match lost
        bad = FileProblem("files.cause_content", {"detail": "'sheet_read' must be true or false"})
        cause, sheet_read = cause or bad, False
    won_before = envelope.get("won_before", [])
    if not _matches_won(won_before, setup.rules.sides):  # the tally lost, not the match
        detail = "'won_before' must list the matches each side won"
        if won_before == HUGE_TALLY:
            detail = f"'won_before' holds {HUGE_TALLY}"
        cause, won_before = cause or FileProblem("files.cause_tally", {"detail": detail}), []
    settings_rules: Rules | None = None
    if "settings_rules" in envelope:
        try:
            settings_rules = Rules.from_dict(envelope["settings_rules"])
        except _BAD_CONTENT as error:  # the rematch takes the settings as they are
            cause = cause or _cause_of(error)
    played, match, stuck = _played_until_stuck(record, start)
    stuck = unread if stuck is None else stuck
    if stuck is not None:
        cause = _cause_of(stuck)
        if not played.moves:
            return None, cause, True
        record = played
        hinted = frozenset(number for number in hinted if number < len(record.moves))
        seating = seating_until(seating, len(record.moves))
        sheet_read = False  # the plays lost may have been the next round's
    saved = SavedMatch(
        setup,
        record,
        undone,
        hinted,
        shared,
        settings_rules,
        match,
        sheet_read=sheet_read,
        won_before=tuple(won_before),
        seating=seating,
    )
    return saved, cause, stuck is not None


MOST_MATCHES = 10**6
"""More matches than anyone plays in a row of rematches: a tally past it is damage."""


def _matches_won(tally: Any, sides: int) -> bool:
    """``tally`` is the matches each of ``sides`` won before (or empty: none)."""
    if not isinstance(tally, list):
        return False
    if not tally:
        return True
    return len(tally) == sides and all(
        type(won) is int and 0 <= won <= MOST_MATCHES for won in tally
    )


def _match_read(data: dict[str, Any]) -> tuple[MatchSetup, GameRecord, bool, NotationError | None]:
    """A match as a file keeps it: its seats and rules, its game record with its plays as
    far as they read, whether a play was taken back in it, and why the next play could not
    be read (None: every one was; the plays read are checked by whoever replays them)."""
    setup = MatchSetup.from_dict(data.get("setup"))
    if not isinstance(data.get("record"), str):
        raise DamagedFile("files.cause_content", detail="the game record is missing")
    record, unread = GameRecord.read(data["record"])
    if record.rules != setup.rules:
        raise DamagedFile(
            "files.cause_content", detail="the seats and the record disagree on the rules"
        )
    undone = data.get("undone", False)
    if not isinstance(undone, bool):
        raise DamagedFile("files.cause_content", detail="'undone' must be true or false")
    return setup, record, undone, unread


def _parse_when(text: str) -> datetime:
    """A date as the files write it; one the player's time cannot hold (the calendar's
    last day, a year before 1970 on some systems) is as damaged as one that is no date."""
    try:
        when = datetime.fromisoformat(text)
        local = when.astimezone()
    except (ValueError, OverflowError, OSError):
        detail = f"a past match's date {quote_value(text)} is no date"
        raise DamagedFile("files.cause_content", detail=detail) from None
    return when if when.tzinfo is not None else local


def _checked_when(text: object) -> str | None:
    """``text`` if it is a date the files can keep, else None."""
    if not isinstance(text, str):
        return None
    try:
        _parse_when(text)
    except DamagedFile:
        return None
    return text


@dataclass(frozen=True)
class StatsReset:
    """What ``Store.reset_stats`` did: each file set aside with the backup it is kept as
    (none when there were no files), or why nothing was reset (``reason``, in words)."""

    kept: tuple[tuple[Path, Path], ...]
    reason: Param | None = None


@dataclass(frozen=True)
class HeldSeat:
    """A seat taken at a table online: the server, the table's code, the seat and the token
    that takes it back; ``hosted``: the table is held by a server this game runs;
    ``begun``: its match was dealt (a table hosted here may wait still for its players)."""

    server: str
    code: str
    seat: int
    token: str
    hosted: bool = False
    begun: bool = True

    def to_dict(self) -> dict[str, Any]:
        return {
            "server": self.server,
            "code": self.code,
            "seat": self.seat,
            "token": self.token,
            "hosted": self.hosted,
            **({} if self.begun else {"begun": False}),  # a file as before, once it began
        }

    @classmethod
    def from_dict(cls, data: Any) -> HeldSeat:
        if not isinstance(data, dict):
            raise DamagedFile("files.cause_content", detail="a seat must be a table of values")
        texts = [data.get(key) for key in ("server", "code", "token")]
        seat, hosted = data.get("seat"), data.get("hosted", False)
        if not all(isinstance(text, str) and 0 < len(text) <= TOKEN_LONGEST for text in texts):
            raise DamagedFile("files.cause_content", detail="a seat needs server, code and token")
        if not is_seat(seat):
            raise DamagedFile("files.cause_content", detail="a seat's number must be 0 to 63")
        if not isinstance(hosted, bool):
            raise DamagedFile("files.cause_content", detail="'hosted' must be true or false")
        begun = data.get("begun", True)
        if not isinstance(begun, bool):
            raise DamagedFile("files.cause_content", detail="'begun' must be true or false")
        server, code, token = (str(text) for text in texts)
        return cls(server, code, seat, token, hosted, begun)


class DamagedFile(ValueError):
    """A file that exists but cannot be used; ``cause`` says why, in the player's words."""

    def __init__(self, key: str, **params: Param) -> None:
        super().__init__(key)
        self.cause = FileProblem(key, params)

    @classmethod
    def of(cls, cause: FileProblem) -> DamagedFile:
        return cls(cause.key, **cause.params)

    def __str__(self) -> str:
        return str(self.cause)


_BAD_CONTENT = (ValueError, TypeError, KeyError, RecursionError)
"""What reading a file's content may raise: every one means the file is bad, never a crash.
(``DamagedFile``, ``SettingsError``, ``StatsError`` and the engine's errors are ValueErrors.)"""


# --- writing ---------------------------------------------------------------------------------


def atomic_write(path: Path, data: bytes, checkpoint: Checkpoint | None = None) -> None:
    """Replace ``path`` with ``data`` so that readers only ever see the old or new file.

    Steps: create a temporary file beside ``path``, write, flush, fsync, close, rename over
    ``path`` (atomic on POSIX and Windows), then fsync the folder so the rename survives a
    power cut. On any error the temporary file is removed and ``path`` is untouched.

    A ``path`` that is a link (to a file in a synced folder, say) stays one: the file it
    leads to is replaced, not the link.
    """
    step = checkpoint or (lambda name: None)
    if path.is_symlink():
        path = Path(os.path.realpath(path))
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, temp = tempfile.mkstemp(
        dir=path.parent, prefix=f".{path.name}.{os.getpid()}.", suffix=".tmp"
    )
    step("created")
    try:
        with os.fdopen(fd, "wb") as stream:
            half = len(data) // 2
            stream.write(data[:half])
            stream.flush()
            step("half-written")
            stream.write(data[half:])
            stream.flush()
            step("written")
            os.fsync(stream.fileno())
            step("synced")
        step("closed")
        os.replace(temp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise
    step("replaced")
    _sync_folder(path.parent)
    step("done")


def _sync_folder(folder: Path) -> None:
    if os.name != "posix":
        return
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def toml_dumps(data: dict[str, Any]) -> str:
    """TOML for plain settings data: tables of strings, booleans, numbers and lists of tables.

    Written here (rather than by a dependency) because settings hold nothing more.
    """
    lines: list[str] = []
    _toml_table(data, [], lines)
    return "\n".join(lines).lstrip("\n") + "\n"


def _toml_table(data: dict[str, Any], path: list[str], lines: list[str]) -> None:
    nested = []
    for key, value in data.items():
        if isinstance(value, dict) or (
            isinstance(value, list) and value and all(isinstance(v, dict) for v in value)
        ):
            nested.append((key, value))
        elif value is not None:
            lines.append(f"{_toml_key(key)} = {_toml_value(value)}")
    for key, value in nested:
        full = [*path, key]
        header = ".".join(_toml_key(part) for part in full)
        if isinstance(value, dict):
            lines.extend(["", f"[{header}]"])
            _toml_table(value, full, lines)
        else:
            for item in value:
                lines.extend(["", f"[[{header}]]"])
                _toml_table(item, full, lines)


def _toml_key(key: str) -> str:
    bare = key and all(c.isascii() and (c.isalnum() or c in "-_") for c in key)
    return key if bare else _toml_string(key)


def _toml_string(text: str) -> str:
    return json.dumps(text, ensure_ascii=False).replace("\x7f", "\\u007f")


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if not math.isfinite(value):
            raise ValueError(f"cannot write {value!r} to a settings file")
        return repr(value)
    if isinstance(value, str):
        return _toml_string(value)
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_toml_value(item) for item in value) + "]"
    raise TypeError(f"cannot write {type(value).__name__} to a settings file")


# --- the store -------------------------------------------------------------------------------


def default_folders() -> tuple[Path, Path]:
    """(config folder, data folder): ``$SCOPA_HOME`` for both if set, else the platform's."""
    home = os.environ.get("SCOPA_HOME")
    if home:
        return Path(home), Path(home)
    return (
        Path(platformdirs.user_config_dir(APP_NAME, appauthor=False)),
        Path(platformdirs.user_data_dir(APP_NAME, appauthor=False)),
    )


_OPEN_FLAGS = (
    os.O_RDONLY
    | getattr(os, "O_NONBLOCK", 0)
    | getattr(os, "O_BINARY", 0)
    | getattr(os, "O_CLOEXEC", 0)
)
"""Non-blocking, so that opening a pipe left in place of a file returns at once (and is then
refused) instead of waiting for a writer that never comes."""


def _read_bytes(path: Path, limit: int = MAX_READ, *, whole: bool = True) -> bytes:
    """The content of the regular file at ``path`` (a link to one is followed).

    Anything else is refused before a byte is read (``DamagedFile``): a folder, a pipe
    (reading would wait forever), a device such as ``/dev/zero`` (it never ends), a socket;
    so is a file over ``limit`` bytes. At most ``limit + 1`` bytes are ever read, even from a
    file that grows meanwhile. Not ``whole``: the first ``limit`` bytes of a longer file.
    """
    fd = os.open(path, _OPEN_FLAGS)
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise DamagedFile.of(_not_a_file(info.st_mode))
        if not whole:
            return os.read(fd, limit)
        if info.st_size > limit:
            raise _too_large(info.st_size, limit)
        chunks: list[bytes] = []
        total = 0
        while total <= limit:
            chunk = os.read(fd, limit + 1 - total)
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
        if total > limit:
            raise _too_large(total, limit)
        return b"".join(chunks)
    finally:
        os.close(fd)


def _not_a_file(mode: int) -> FileProblem:
    """The cause for something that is not a regular file."""
    if stat.S_ISDIR(mode):
        return FileProblem("files.cause_folder")
    if stat.S_ISFIFO(mode):
        kind = "files.kind_pipe"
    elif stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        kind = "files.kind_device"
    elif stat.S_ISSOCK(mode):
        kind = "files.kind_socket"
    else:
        kind = "files.kind_special"
    return FileProblem("files.cause_not_regular", {"kind": FileProblem(kind)})


def _too_large(size: int, limit: int) -> DamagedFile:
    said, most = _size_text(size), _size_text(limit)
    if said == most:  # just over the limit: never "4 MB, the game reads at most 4 MB"
        said = _size_text(size, math.ceil)
    return DamagedFile("files.cause_too_large", size=said, limit=most)


def _size_text(size: int, rounded: Callable[[float], int] = round) -> str:
    """A file's size in the units players read (a megabyte of a million bytes: 200,000,000
    bytes were "191 MB", a mebibyte named as a megabyte), to the nearest (50,001,314 bytes
    were "51 MB"), the number and its unit never broken over two lines."""
    if size >= 1_000_000:
        return f"{rounded(size / 1_000_000)}\u00a0MB"
    return f"{max(1, rounded(size / 1000))}\u00a0kB"


class Store:
    """The game's files in one place; tests give it a temporary ``root``.

    ``messages`` collects what the player should be told (``FileProblem`` values); the app
    takes them with ``take_messages``. The save runs on a worker thread, so the messages are
    guarded by a lock.
    """

    def __init__(self, root: Path | None = None, *, checkpoint: Checkpoint | None = None) -> None:
        if root is None:
            self.config_dir, self.data_dir = default_folders()
        else:
            self.config_dir = self.data_dir = Path(root)
        self.messages: list[FileProblem] = []
        self.checkpoint = checkpoint
        self.language_lost = False
        """The settings last read were damaged, the player's language lost with them (the
        game speaks the system's until the player says which: till then the settings are
        written without it, and it is asked again at the next start)."""
        self.settings_read: frozenset[str] = frozenset()
        """The entries the settings last read held (none: a first start, or all lost)."""
        self._locked_out = False
        self._folder_trouble: FileProblem | None = None
        """The folder could not be written, or not used at all (``_tell_not_writable``):
        its message, which each file's failing for the same reason is not told apart from."""
        self._folded: list[FileProblem] = []
        """The files' problems the folder's message said (``_said_by_folder``), logged."""
        self._after_other = False
        """This copy took the folder over from another that was saving: the match there may
        have gone on past the one this copy shows, or be another (``save_match`` checks,
        once)."""
        self._settings_seen: dict[str, Any] | None = None
        """The settings as this copy last read or wrote them (``save_settings``)."""
        self.merged_settings: Settings | None = None
        """The settings last written with changes another copy had made (its changes kept
        where this copy made none): what this copy holds from then on."""
        self._match_seen: tuple[int, int, int] | None = None
        """The saved match's file as this copy last read or wrote it (``_fingerprint``)."""
        self._relock_at: float | None = None
        """When a copy kept out by another looks again for the folder (None: never, as a
        lock-out set by hand stays)."""
        self._guard = threading.Lock()
        self._failing: set[str] = set()
        self._recovered: set[str] = set()
        self._accuracies_due: dict[str, tuple[float, int | None]] = {}
        """Review accuracies the statistics could not be written with yet, by match."""
        self._write_failure: Param | None = None
        """Why the last write that failed did (for a message that names it)."""
        self._held: dict[Path, tuple[str, FileProblem]] = {}
        """Files a passing error kept from being read (``_PASSING``), left where they are
        and read again next time: each is set aside before anything is written over it."""
        self._lock_held = False
        self.backups: dict[Path, str] = {}
        """The files this copy found damaged and set aside, by path: the name of the backup
        kept beside (a screen that shows what the file held says why it holds less)."""
        self._known: dict[Path, bytes] = {}
        """Each file as this copy last read it whole or wrote it: written back where the
        folder was removed under the game (``_restore_removed``)."""
        self._lock_wanted = False
        """``lock`` was asked for: a write without the lock claims it first."""
        self._claiming = threading.Lock()
        """One claim at a time (the match is saved from a thread of its own)."""
        self._stats = threading.RLock()
        """The statistics are read and changed one at a time: a match counted on its save
        thread while another's accuracy is noted on the past reviews' one."""
        self._past = threading.RLock()
        """The past matches are read and kept one at a time: a match kept on the save
        thread while their screen reads them (or sets their damaged file aside)."""

    @property
    def settings_path(self) -> Path:
        return self.config_dir / SETTINGS_FILE

    @property
    def save_path(self) -> Path:
        return self.data_dir / SAVE_FILE

    @property
    def stats_path(self) -> Path:
        return self.data_dir / STATS_FILE

    @property
    def seats_path(self) -> Path:
        return self.data_dir / SEATS_FILE

    @property
    def past_path(self) -> Path:
        return self.data_dir / PAST_FILE

    @property
    def past_together_path(self) -> Path:
        return self.data_dir / PAST_TOGETHER_FILE

    @property
    def past_paths(self) -> tuple[Path, Path]:
        """The two lists of past matches: those played alone, those of several people."""
        return self.past_path, self.past_together_path

    @property
    def lock_path(self) -> Path:
        return self.data_dir / LOCK_FILE

    # --- messages ----------------------------------------------------------------------

    def take_messages(self) -> list[FileProblem]:
        """The messages gathered so far, oldest first; they are forgotten here."""
        with self._guard:
            taken = list(self.messages)
            self.messages.clear()
        return taken

    def take_recovered(self) -> set[str]:
        """Topics of problems that have ended (a file that failed to save was saved since,
        and has not failed again); forgotten here."""
        with self._guard:
            taken = set(self._recovered)
            self._recovered.clear()
        return taken

    def _tell(self, problem: FileProblem) -> None:
        with self._guard:
            if problem.topic:
                self._failing.add(problem.topic)
                self._recovered.discard(problem.topic)
            if self._said_by_folder(problem):
                if problem not in self._folded:  # logged once, as a message is told once
                    self._folded.append(problem)
                    log("scopa:", problem, *(f"[{detail}]" for detail in problem.details()))
            elif problem not in self.messages:
                self.messages.append(problem)

    def _said_by_folder(self, problem: FileProblem) -> bool:
        """``problem`` is a file's share of the folder's own (a file not saved in a folder
        the game cannot write, not read in one it cannot look into, for the same reason):
        the folder's message says it already, and the player is not told it again for each
        file (a home whose name is too long gave eight messages at once); the log has it."""
        folder = self._folder_trouble
        if folder is None or problem.topic == "lock" or problem.key in _SAID_ALONE:
            return False
        reason = problem.params.get("reason")
        cause = problem.params.get("cause")
        if isinstance(cause, FileProblem) and cause.key == "files.cause_unreadable":
            if folder.key != "files.folder_unusable":  # the folder could be read
                return False
            reason = cause.params.get("reason", reason)
        elif problem.key == "files.unread_now":
            if folder.key != "files.folder_unusable":
                return False
        elif not problem.key.endswith("_not_saved"):
            return False
        return reason == folder.params["reason"]

    def _succeeded(self, topic: str) -> None:
        with self._guard:
            if topic in self._failing:
                self._failing.discard(topic)
                self._recovered.add(topic)

    # --- the lock ----------------------------------------------------------------------

    @property
    def locked_out(self) -> bool:
        """Another running copy of the game holds the data folder: nothing is written. Once
        that copy has closed (looked at every ``RELOCK_SECONDS`` at most), this one claims
        the folder, says so, and writes from then on: a player who closed the first window
        went on playing in the second, and nothing was saved, nor ever would be."""
        again = self._relock_at
        if self._locked_out and again is not None and time.monotonic() >= again:
            with self._claiming:
                if self._locked_out:
                    self._claim(quiet=True)
        return self._locked_out

    @locked_out.setter
    def locked_out(self, value: bool) -> None:
        self._locked_out, self._relock_at = value, None

    def lock(self) -> bool:
        """Claim the data folder for this copy of the game; False if another copy has it.

        The lock is a file, ``scopa.lock``, holding the owner's process id and, where the
        system tells it (Linux), when that process started. A lock left by a copy that is
        gone is taken over: its process has ended, or the id now belongs to another program
        (it started at another time, or, in a lock without the time, it is no Python and no
        Scopa), or the file cannot be read.
        While a running copy holds it, this store writes nothing at all (no save, no backup,
        no clean-up) and says so once: two copies saving in turn would each overwrite the
        other's match and statistics. Where no lock can be made (a read-only folder) the game
        says so and goes on; its writes fail and say so on their own, and the first write
        once the folder can be written claims the lock then (``_claim``): a second copy
        started meanwhile is not overwritten unawares.
        """
        self._lock_wanted = True
        with self._claiming:
            return self._claim(quiet=False)

    def _claim(self, *, quiet: bool) -> bool:
        """``lock``; ``quiet``: a folder still not writable is not said again (the write
        that asked says so)."""
        if self._lock_held:
            return True
        try:
            self.data_dir.mkdir(parents=True, exist_ok=True)
        except OSError as error:  # a file where the folder goes: said now, as below
            if not quiet:
                self._tell_not_writable(error)
            return True
        for _ in range(5):
            try:
                _create_lock(self.lock_path)
            except FileExistsError:
                stuck: OSError | None = None
                if self.lock_path.is_dir():  # no lock at all: two copies would both save
                    try:  # it is kept, under a backup's name
                        os.replace(self.lock_path, backup_name(self.lock_path))
                    except OSError as error:
                        stuck = error
                else:
                    owner = _lock_owner(self.lock_path)
                    if (
                        owner is not None
                        and not _lock_elsewhere(self.lock_path)
                        and _held_by_another_copy(*owner)
                    ):
                        break
                    stuck = _break_stale_lock(self.lock_path, owner)
                if stuck is not None and not quiet:
                    self._tell_lock_stuck(stuck)
                if stuck is not None:  # no copy holds it: this one saves, as it would have
                    self._lock_held = True  # (the lock not ours, it is left as it is)
                    return True
                continue
            except OSError as error:  # a read-only folder: said now, before a move is lost
                if not quiet:
                    self._tell_not_writable(error)
                return True
            self._lock_held = True
            if self._folder_trouble is not None:  # the folder can be written again
                self._folder_trouble = None
                self._folded.clear()
                self._succeeded("lock")
            if self._locked_out:  # the other copy has closed: this one keeps the saves now
                self._succeeded("lock")
                self._tell(FileProblem("files.other_copy_gone"))
                self._after_other = True
            self.locked_out = False
            return True
        if not self._locked_out:  # said once, not at every look
            self._tell(FileProblem("files.other_copy", topic="lock"))
        self._locked_out = True
        self._relock_at = time.monotonic() + RELOCK_SECONDS
        return False

    def _tell_not_writable(self, error: OSError) -> None:
        """The lock could not be made: the folder cannot be written, or (a folder the
        system will not let the game look into, or whose name is too long) not used at all,
        which is said as such."""
        key = "files.folder_not_writable"
        try:
            os.stat(self.lock_path)
        except FileNotFoundError:
            pass
        except OSError as looking:  # not even a name in it can be looked up
            key, error = "files.folder_unusable", looking
        params = {"folder": str(self.data_dir), "reason": _os_reason(error)}
        problem = FileProblem(key, params, "lock")
        self._tell(problem)
        self._folder_trouble = problem

    def _tell_lock_stuck(self, error: OSError) -> None:
        """A lock no copy holds could not be moved aside (a file the system keeps as it is,
        or a folder under its name): the game saves all the same, and says that a copy
        opened beside it would go unnoticed until the lock is gone. (It was said as another
        copy open, and nothing was saved.)"""
        params = {"path": str(self.lock_path), "reason": _os_reason(error)}
        self._tell(FileProblem("files.lock_stuck", params, "lock"))

    def unlock(self) -> None:
        """Give the data folder back (when the game closes)."""
        self._restore_removed()
        self._lock_wanted = False
        if not self._lock_held:
            return
        self._lock_held = False
        owner = _lock_owner(self.lock_path)
        if owner is not None and owner[0] == os.getpid():
            with contextlib.suppress(OSError):
                self.lock_path.unlink()

    # --- settings ----------------------------------------------------------------------

    def load_settings(self) -> Settings:
        """The saved settings, or the defaults (first start). A bad file is set aside, and
        what can still be read of it is kept (``settings.salvaged``)."""
        self.language_lost = False
        self.settings_read = frozenset()
        self.clean_temporary_files()
        self._bring_back_settings()
        path = self.settings_path
        raw: bytes | None = None
        try:
            raw = _read_bytes(path)
            settings, entries = _settings_read(raw)
            self._read_again(path)
            self._known[path] = raw
            # the language lost with settings damaged, and not said since (the game closed
            # as it asked): asked again
            self.language_lost = "language" not in entries
            self.settings_read = frozenset(entries)
            self._settings_seen = settings.to_dict()
            return settings
        except (FileNotFoundError, NotADirectoryError):
            return Settings()
        except _BAD_CONTENT as error:
            cause = _cause_of(error)
        except OSError as error:
            if error.errno in _PASSING:
                self._hold(path, "settings", error)
                return Settings()
            cause = _cause_unreadable(path, error)
        if raw is None and cause.key == "files.cause_too_large":  # its first lines may still
            with contextlib.suppress(OSError, DamagedFile):  # hold the language
                raw = _read_bytes(path, SALVAGED_HEAD, whole=False)
        kept, read = None, frozenset[str]()
        if raw is not None:
            kept, read = salvaged(_text(raw, "replace"))
        self.language_lost = "language" not in read
        self.settings_read = frozenset(read)
        kept = self._salvaged(path, "settings", cause, kept, self.save_settings)
        return Settings() if kept is None else kept

    def _bring_back_settings(self) -> None:
        """The settings last set aside come back when this game reads them whole, every
        entry it always writes there, while the settings in their place lack some: another
        version of the game (an older one, run meanwhile) could not read them, set them
        aside and wrote its own, and the player found their names, rules and deck gone. The
        older copy's settings are kept aside in turn (lacking entries, they stay there)."""
        path = self.settings_path
        backup = None if self.locked_out else newest_backup(path)
        if backup is None:
            return
        try:
            _, kept = _settings_read(_read_bytes(backup))
        except (*_BAD_CONTENT, DamagedFile, OSError):
            return  # damaged (set aside by this game), or of a newer one: left as it is
        try:
            _, shown = _settings_read(_read_bytes(path))
        except (*_BAD_CONTENT, DamagedFile, OSError):
            return  # none in place (a first start, or deleted to start afresh), or the
            # settings there are this game's to set aside, as they are read
        always = _always_written()
        if not always <= kept or always <= shown:
            return  # not this game's settings, or this game's in place
        aside = backup_name(path)
        try:
            os.replace(path, aside)
        except OSError:
            return
        try:
            os.replace(backup, path)
        except OSError:  # the settings in place go back there: never none at all
            with contextlib.suppress(OSError):
                os.replace(aside, path)
            return
        forget_old_backups(path)
        self._tell(FileProblem("files.settings_brought_back", {"backup": aside.name}))

    def save_settings(self, settings: Settings) -> bool:
        """Write the settings; False (and a message) if the file could not be written.

        Settings another copy of the game changed in the file since this one last read or
        wrote it are kept, but where this copy changes them too (``merged_settings``): the
        copy that took the saves over wrote its settings whole, and the other's changes were
        lost without a word."""
        mine = settings.to_dict()
        if not self.locked_out:  # (looking may take the folder over)
            merged = self._merged_settings(mine)
            if merged is not None:
                self.merged_settings, mine = merged, merged.to_dict()
        kept = mine
        if self.language_lost and settings.language == system_language():
            # the system's, not yet the player's word: not written, asked at the next start
            kept = {key: value for key, value in mine.items() if key != "language"}
        elif self.language_lost:
            self.language_lost = False  # another language: the player's choice
        about = {"schema": SETTINGS_SCHEMA, "game": APP_NAME}
        text = toml_dumps({**kept, "format": about})
        written = self._write(self.settings_path, text.encode("utf-8"), "settings")
        if written:  # (as read again: a language not written reads as the system's)
            self._settings_seen = mine
        return written

    def _merged_settings(self, mine: dict[str, Any]) -> Settings | None:
        """``mine`` with the changes another copy wrote in the file since this one last
        read or wrote it (None: none, or none that can be read or joined to ``mine``)."""
        seen = self._settings_seen
        if seen is None:
            return None
        try:
            theirs = _settings_read(_read_bytes(self.settings_path))[0].to_dict()
        except (*_BAD_CONTENT, DamagedFile, OSError):
            return None
        if theirs in (seen, mine):
            return None
        try:
            return Settings.from_dict(_three_way(seen, mine, theirs))
        except (ValueError, TypeError):  # (SettingsError and the rules' errors among them)
            return None  # changes that do not go together: this copy's, as they are

    # --- the unfinished match ----------------------------------------------------------

    def save_match(
        self,
        setup: MatchSetup,
        record: GameRecord,
        *,
        undone: bool = False,
        hinted: Iterable[int] = (),
        shared: bool = False,
        settings_rules: Rules | None = None,
        counted: bool = False,
        sheet_read: bool = False,
        won_before: tuple[int, ...] = (),
        seating: Seating = (),
    ) -> bool:
        """Remember the match left (called after every move); ``undone``: a play was
        taken back in it (a resumed match must remember it for the statistics); ``hinted``:
        the moves played as a hint said (the review counts them); ``shared``: the people at
        the screen agreed to show each other their reviews for the rest of the match;
        ``settings_rules``: the settings' rules when the match began (its rematch takes the
        changes made there since, before it was resumed too); ``counted``: the match is
        over and its result is in the statistics (``finish_match``); ``sheet_read``: the
        sheet of the round last scored was read, its next round not begun; ``won_before``:
        the matches each side won in the rematches that led to it; ``seating``: who played
        the seats as it went on, when its players changed."""
        if setup.rules != record.rules:
            raise SettingsError("the match setup and the record have different rules")
        envelope: dict[str, Any] = {
            "schema": SAVE_SCHEMA,
            "saved": _now(),
            "setup": setup.to_dict(),
            "record": record.text(),
        }
        if undone:
            envelope["undone"] = True
        if shared:
            envelope["shared"] = True
        if settings_rules is not None:
            envelope["settings_rules"] = settings_rules.to_dict()
        if counted:
            envelope["counted"] = True
        if sheet_read:
            envelope["sheet_read"] = True
        if any(won_before):
            envelope["won_before"] = list(won_before)
        hinted = sorted(number for number in hinted if 0 <= number < len(record.moves))
        if hinted:
            envelope["hinted"] = hinted
        seating = seating_until(seating, len(record.moves))
        if seating:
            envelope["seating"] = _seating_listed(seating)
        if not self.locked_out and self._after_other:  # (looking may take the folder over)
            if self._saved_further(record):  # the other copy's: kept, not written over
                self._tell(FileProblem("files.match_further_elsewhere", topic="further"))
                return False
            self._keep_other_match(record)
            self._after_other = False
        data = json.dumps(envelope, indent=1, sort_keys=True).encode("utf-8")
        written = self._write(self.save_path, data, "match")
        if written:
            self._match_seen = _fingerprint(self.save_path)
        return written

    def _keep_other_match(self, record: GameRecord) -> None:
        """The match another copy saved, since this one last read or wrote the file, set
        aside before ``record`` is written in its place (and the player told where): a
        new match begun there, another resumed, or this one played otherwise, was written
        over without a backup by the copy that took the saves over."""
        path = self.save_path
        if _fingerprint(path) in (None, self._match_seen):
            return  # none there, or the one this copy knows
        try:
            _, saved, _, unread = _match_read(_parse_match(_read_bytes(path)))
            if unread is not None:
                raise unread
        except (OSError, AttributeError, *_BAD_CONTENT):  # damaged: set aside as it is read
            return
        if record.continues(saved):
            return  # this match, as this copy has played it on
        try:
            backup = backup_name(path)
            os.replace(path, backup)
        except OSError:
            return
        forget_old_backups(path)
        params = {"backup": backup.name, "folder": str(path.parent)}
        self._tell(FileProblem("files.match_other_kept", params))

    def _saved_further(self, record: GameRecord) -> bool:
        """Whether the match saved is ``record``'s own, played on past it by another copy of
        the game (``record``'s plays and more); a file that does not read is no such match.
        (Played otherwise from some play on, it is kept aside by ``_keep_other_match``:
        this copy's match was refused at every save, its plays lost.)"""
        try:
            _, saved, _, unread = _match_read(_parse_match(_read_bytes(self.save_path)))
            if unread is not None:
                raise unread
        except (OSError, AttributeError, *_BAD_CONTENT):  # no match, or not one that reads
            return False
        return saved.continues(record) and len(saved.moves) > len(record.moves)

    def _bring_back_match(self) -> None:
        """With no match saved, the last match set aside comes back when this game reads it
        whole: another version of the game (an older one, run meanwhile) could not read it
        and set it aside, and the player, back here, found no Continue and no word."""
        if self.locked_out or present(self.save_path) is not False:
            return  # a match there, or no telling
        backup = newest_backup(self.save_path)
        if backup is None:
            return
        try:
            saved, cause, _ = _saved_match(_parse_match(_read_bytes(backup)))
        except (*_BAD_CONTENT, DamagedFile, OSError):
            return  # damaged (set aside by this game), or of a newer one: left as it is
        if saved is None or cause is not None:
            return  # a match this game resumed from its last play that read: its own
        seed = f"{saved.match.seed:x}/"
        if any(result.match_id.startswith(seed) for result in self.load_stats().recent):
            return  # an earlier save of a match since finished (or kept aside meanwhile)
        try:
            os.replace(backup, self.save_path)
        except OSError:
            return
        self._tell(FileProblem("files.match_brought_back", {"backup": backup.name}))

    def load_match(self) -> SavedMatch | None:
        """The match left, checked by replaying it; None if there is none. A match over
        whose result the statistics may lack (a game stopped as it finished) is counted
        now, once."""
        try:
            return self._load_match()
        finally:  # the file as this copy knows it (another copy may write it meanwhile)
            self._match_seen = _fingerprint(self.save_path)

    def _load_match(self) -> SavedMatch | None:
        self._bring_back_match()
        envelope = self._read(self.save_path, "match", _parse_match)
        if envelope is None:
            return None
        try:
            saved, cause, lost = _saved_match(envelope)
        except _BAD_CONTENT as error:
            self._set_aside(self.save_path, "match", _cause_of(error))
            return None
        if saved is None:  # not one play reads: there is nothing to resume
            assert cause is not None
            self._set_aside(self.save_path, "match", cause)
            return None
        uncounted = saved.match.over and envelope.get("counted") is not True
        if cause is not None:
            again = partial(self._save_again, counted=not uncounted)
            told = "match_salvaged" if lost else "match_mended"  # plays lost, or every one read
            self._salvaged(self.save_path, "match", cause, saved, again, told=told)
        if uncounted:  # the game stopped before the result was counted: it ended when saved
            saved.counted = self._count(saved, ended=_checked_when(envelope.get("saved")))
        return saved

    def _count(self, saved: SavedMatch, ended: str | None = None) -> bool:
        """Put the result of the ended match ``saved`` in the statistics, unless they hold
        it already (the game stopped after writing them), then keep the match as counted;
        ``ended``: when it ended, if not now."""
        setup, match = saved.setup, saved.match
        with self._stats:
            stats = self.load_stats()
            counted = bool(stats.recent) and stats.recent[-1].match_id == match_key(match)
            result = result_of(setup, match, undone=saved.undone, hinted=bool(saved.hinted))
            if not counted and not self.save_stats(stats.add(result)):
                return False
        if setup.mode in PAST_MODES:  # its review can be opened again (a failed write tells)
            when = ended or _now()
            past = PastMatch(
                when, setup, saved.record, match, saved.hinted, saved.undone, saved.seating
            )
            self.keep_past(past)
        if self.checkpoint is not None:
            self.checkpoint("recorded")
        return self._save_again(saved, counted=True)

    def _save_again(self, saved: SavedMatch, *, counted: bool | None = None) -> bool:
        setup, record = saved
        return self.save_match(
            setup,
            record,
            undone=saved.undone,
            hinted=saved.hinted,
            shared=saved.shared,
            settings_rules=saved.settings_rules,
            counted=saved.ended if counted is None else counted,
            sheet_read=saved.sheet_read,
            won_before=saved.won_before,
            seating=saved.seating,
        )

    def clear_match(self) -> bool:
        """Forget the unfinished match (it was finished or abandoned); False if it could not
        be removed (with a message)."""
        if self.locked_out:
            return False
        if self._after_other and _fingerprint(self.save_path) not in (None, self._match_seen):
            return True  # another copy's match, saved before it closed: not this one's to clear
        topic = f"remove:{self.save_path}"
        self._known.pop(self.save_path, None)
        try:
            self.save_path.unlink()
        except FileNotFoundError:
            pass
        except OSError as error:
            params = {"path": str(self.save_path), "reason": _os_reason(error)}
            self._tell(FileProblem("files.match_not_removed", params, topic))
            return False
        self._succeeded(topic)
        return True

    def finish_match(
        self,
        setup: MatchSetup,
        match: Match,
        *,
        undone: bool = False,
        hinted: Iterable[int] = (),
        shared: bool = False,
        settings_rules: Rules | None = None,
        won_before: tuple[int, ...] = (),
        seating: Seating = (),
    ) -> bool:
        """Count a finished match in the statistics; it stays saved, as ended, until its
        last score sheet is shown (``clear_match``). The keywords are ``save_match``'s.

        In this order: the match is saved as played out, counted, then saved as counted. A
        game stopped in between (killed, a power cut) still has the match, counted once
        when it is next loaded (``load_match``), neither lost nor counted twice. False if a
        step failed (the failing file tells the player).
        """
        saved = SavedMatch(
            setup,
            match.record(),
            undone,
            frozenset(hinted),
            shared,
            settings_rules,
            match,
            won_before=won_before,
            seating=seating_until(seating, len(match.moves())),
        )
        if not self._save_again(saved, counted=False):
            return False  # the match left on disk is finished again if continued, and counted then
        if self.checkpoint is not None:
            self.checkpoint("saved")
        return self._count(saved)

    # --- statistics --------------------------------------------------------------------

    def note_accuracy(self, match_id: str, accuracy: float, decisions: int | None = None) -> bool:
        """Put a finished match's review accuracy (of ``decisions`` choices) with its
        result; False if the statistics could not be written (True when there was nothing
        to change)."""
        with self._stats:
            self._accuracies_due[match_id] = (accuracy, decisions)
            stats = self.load_stats()
            if self._with_due(stats) == stats:
                self._accuracies_due.clear()
                return True
            return self.save_stats(stats)

    def note_due(self) -> bool:
        """Write the accuracies a full disk kept out of the statistics (each waits in
        memory and goes with the next write of them); True when none waits any more."""
        with self._stats:
            if not self._accuracies_due:
                return True
            match_id, (accuracy, decisions) = self._accuracies_due.popitem()
            return self.note_accuracy(match_id, accuracy, decisions)

    def _with_due(self, stats: Stats) -> Stats:
        for match_id, (accuracy, decisions) in self._accuracies_due.items():
            stats = stats.with_accuracy(match_id, accuracy, decisions)
        return stats

    def load_stats(self) -> Stats:
        with self._stats:  # a file being made again (``_stats_rebuilt``) is read once made
            return self._load_stats()

    def _load_stats(self) -> Stats:
        data = self._read(self.stats_path, "stats", _parse_json_rows_or_cut, rows=True, lost=True)
        if data is None:
            return Stats()
        if isinstance(data, _Lost):  # not one row reads: made again from the past matches
            return self._stats_rebuilt(data.cause)
        try:
            if isinstance(data, _CutShort):  # the rows before the cut are kept below
                cause, data = data.cause, data.data
                raise DamagedFile.of(cause)
            if _holds_huge(data):  # the rows without it are kept below
                raise DamagedFile("files.cause_big_number")
            _check_schema(data, STATS_SCHEMA)
            return Stats.from_dict(data)
        except _BAD_CONTENT as error:
            cause = _cause_of(error)
        # One bad row need not cost the whole history: what still reads is kept, and
        # written back at once (the damaged file is kept beside it).
        salvaged = salvage_stats(data)
        if salvaged is None:
            return self._stats_rebuilt(cause)
        kept = self._salvaged(self.stats_path, "stats", cause, salvaged, self.save_stats)
        return Stats() if kept is None else kept

    def _stats_rebuilt(self, cause: FileProblem) -> Stats:
        """The statistics lost whole (``cause``): set aside, and made again from the
        matches kept in Past matches, as they were counted, in the order played (they
        started again from zero while those matches, each with its whole record, stayed);
        from zero when none is kept."""
        rebuilt = None
        pasts = self.load_past()
        if pasts:
            rebuilt = Stats()
            for past in pasts:  # dated in UTC, as results are (a past match in local time)
                when = past.ended.astimezone(UTC)
                hinted = bool(past.hinted)
                rebuilt = rebuilt.add(
                    result_of(past.setup, past.match, undone=past.undone, hinted=hinted, when=when)
                )
        told = "stats_rebuilt"
        kept = self._salvaged(self.stats_path, "stats", cause, rebuilt, self.save_stats, told=told)
        return Stats() if kept is None else kept

    def save_stats(self, stats: Stats) -> bool:
        """Write ``stats``, with the accuracies still waiting to be written (``note_due``)."""
        with self._stats:
            data = json.dumps(self._with_due(stats).to_dict(), indent=1).encode("utf-8")
            written = self._write(self.stats_path, data, "stats")
            if written:
                self._accuracies_due.clear()
            return written

    def record_result(
        self, setup: MatchSetup, match: Match, *, undone: bool = False, hinted: bool = False
    ) -> Stats:
        """Add a finished match to the statistics, save them and return them.

        ``undone``: a human took moves back during the match; ``hinted``: made a move on a
        hint (either: counted, flagged, and kept out of the best and worst results).
        """
        with self._stats:
            stats = self.load_stats().add(result_of(setup, match, undone=undone, hinted=hinted))
            self.save_stats(stats)
        return stats

    def record_online(
        self,
        setup: MatchSetup,
        match: Any,
        seats: tuple[int, ...],
        match_id: str,
        *,
        hinted: bool = False,
    ) -> bool:
        """Count a match played at a server to its end, for the ``seats`` played here, once
        (``match_id``: the table and the match there); False if the statistics refused it.
        Not kept among the past matches: its other hands were never known here.
        ``hinted``: a move was made here on a hint (counted, and no record)."""
        with self._stats:
            stats = self.load_stats()
            if any(result.match_id == match_id for result in stats.recent):
                return True
            result = result_of(setup, match, online=(seats, match_id), hinted=hinted)
            return self.save_stats(stats.add(result))

    def reset_stats(self) -> StatsReset:
        """Start the statistics and the past matches afresh, at the player's word: each of
        their files is set aside as a backup beside itself (``stats.json.bak``, then
        ``.bak2``, ..., the newest ``BACKUPS_KEPT`` kept, as a damaged file is), so that a
        reset made by mistake is undone by giving the files their names again. The
        unfinished match is left as it is: it is counted in the new statistics when it
        ends. All or nothing: a file that will not move leaves both as they were."""
        with self._stats, self._past:
            if self._lock_wanted and not self._lock_held and not self.locked_out:
                with self._claiming:  # the folder may be writable now: the lock comes first
                    self._claim(quiet=True)
            if self.locked_out:
                return StatsReset((), FileProblem("files.reason_other_copy"))
            moved: list[tuple[Path, Path]] = []
            for path in (self.stats_path, *self.past_paths):
                if present(path) is False:
                    continue
                backup = backup_name(path)
                try:
                    os.replace(path, backup)
                except OSError as error:
                    for original, kept in reversed(moved):  # put back: nothing reset
                        with contextlib.suppress(OSError):
                            os.replace(kept, original)
                    return StatsReset((), _os_reason(error))
                moved.append((path, backup))
            for path, _ in moved:
                self._held.pop(path, None)  # gone, not to be set aside again when written
                forget_old_backups(path)
        return StatsReset(tuple(moved))

    # --- past matches ------------------------------------------------------------------

    def load_past(self) -> list[PastMatch]:
        """The last matches finished at this screen (the newest ``PAST_KEPT``, alone or
        with friends), oldest first. A damaged entry costs only itself: the others are kept
        and written back (the file kept beside)."""
        with self._past:
            lists = [self._load_past(path) for path in self.past_paths]
            # each list in the order kept, the two interleaved by their dates
            kept = list(heapq.merge(*lists, key=lambda past: past.ended))
            return _last_of_each(kept)[-PAST_KEPT:]

    def _load_past(self, path: Path) -> list[PastMatch]:
        """The past matches of the file ``path``, oldest first (see ``load_past``)."""
        data = self._read(path, "past", _parse_json_rows_or_cut, rows=True)
        if data is None:
            return []
        kept: list[PastMatch] = []
        cause: FileProblem | None = None
        if isinstance(data, _CutShort):  # the matches before the cut are kept below
            cause, data = data.cause, data.data
        try:
            _check_schema(data, PAST_SCHEMA)
            if set(data) != {"schema", "matches"} or not isinstance(data["matches"], list):
                raise DamagedFile("files.cause_content", detail="the list of matches is missing")
        except _BAD_CONTENT as error:
            self._set_aside(path, "past", cause or _cause_of(error))
            return []
        for entry in data["matches"][-PAST_KEPT:]:
            try:
                if _holds_huge(entry):
                    raise DamagedFile("files.cause_big_number")
                kept.append(PastMatch.from_dict(entry))
            except _BAD_CONTENT as error:
                cause = cause or _cause_of(error)
        once = _last_of_each(kept)
        if len(once) < len(kept):  # (a merged or copied file: the match would show twice)
            listed = FileProblem("files.cause_listed_twice")
            cause, kept = cause or listed, once
        if cause is not None:  # (none read: the file is set aside, not salvaged)
            self._salvaged(path, "past", cause, kept or None, partial(self._save_past, path))
        return kept

    def has_past(self) -> bool:
        """Whether a list of past matches is kept (read or not: a folder that cannot be
        looked in has none)."""
        return any(os.path.isfile(path) for path in self.past_paths)

    def keep_past(self, past: PastMatch) -> bool:
        """Keep a finished match for its review (the newest ``PAST_KEPT``; the same match
        kept again replaces itself); False if the file could not be written."""
        with self._past:
            path = self.past_path if past.alone else self.past_together_path
            kept = [known for known in self._load_past(path) if known.key != past.key]
            return self._save_past(path, [*kept, past][-PAST_KEPT:])

    def _save_past(self, path: Path, matches: list[PastMatch]) -> bool:
        data = {"schema": PAST_SCHEMA, "matches": [past.to_dict() for past in matches]}
        return self._write(path, json.dumps(data, indent=1).encode("utf-8"), "past")

    # --- seats at tables online ---------------------------------------------------------

    def load_seats(self) -> list[HeldSeat]:
        """The seats this player holds at tables online, the latest last (a player who
        closed the game takes theirs back with these)."""
        data = self._read(self.seats_path, "seats", _parse_json)
        if data is None:
            return []
        try:
            _check_schema(data, SEATS_SCHEMA)
            entries = data.get("seats")
            if not isinstance(entries, list):
                raise DamagedFile("files.cause_content", detail="'seats' must be a list")
            return [HeldSeat.from_dict(entry) for entry in entries]
        except _BAD_CONTENT as error:
            self._set_aside(self.seats_path, "seats", _cause_of(error))
            return []

    def hold_seat(self, seat: HeldSeat) -> bool:
        """Remember ``seat`` (in place of the same seat held at its table before: several
        people at one screen hold a seat each); False if it could not be written (with a
        message)."""
        kept = [
            held for held in self.load_seats() if (held.code, held.seat) != (seat.code, seat.seat)
        ]
        return self._save_seats([*kept, seat][-SEATS_KEPT:])

    def drop_seat(self, code: str, seat: int | None = None) -> bool:
        """Forget the seats held at the table ``code`` (its match is over or gone), or
        that ``seat`` alone."""
        seats = self.load_seats()
        kept = [held for held in seats if held.code != code or seat not in (None, held.seat)]
        return kept == seats or self._save_seats(kept)

    def drop_hosted_seats(self) -> bool:
        """Forget every seat held at a table hosted here (the file of those tables was
        damaged and set aside: they are gone)."""
        seats = self.load_seats()
        kept = [held for held in seats if not held.hosted]
        return kept == seats or self._save_seats(kept)

    def _save_seats(self, seats: list[HeldSeat]) -> bool:
        data = {"schema": SEATS_SCHEMA, "seats": [seat.to_dict() for seat in seats]}
        return self._write(self.seats_path, json.dumps(data, indent=1).encode("utf-8"), "seats")

    # --- files -------------------------------------------------------------------------

    def _read(
        self,
        path: Path,
        name: str,
        parse: Callable[[bytes], Any],
        *,
        rows: bool = False,
        lost: bool = False,
    ) -> Any:
        """Parsed content, or None when the file is absent or was set aside as bad (with
        ``lost``, a bad file is not set aside: ``_Lost`` says why, for the caller to).
        ``rows``: a file of rows (``_parse_json_rows_or_cut``), which, too large to read
        whole, is read up to the last whole row of its first part, as if cut there.

        ``name`` is the file's part of the message keys: 'settings', 'match' or 'stats'.
        """
        self._restore_removed()
        self._known.pop(path, None)
        try:
            raw = _read_bytes(path)
            content = parse(raw)
        except (FileNotFoundError, NotADirectoryError):
            return None
        except (DamagedFile, RecursionError) as error:
            cause = _cause_of(error)
        except OSError as error:
            if error.errno in _PASSING:
                self._hold(path, name, error)
                return None
            cause = _cause_unreadable(path, error)
        else:
            self._read_again(path)
            self._known[path] = raw
            return content
        if rows and cause.key == "files.cause_too_large":
            with contextlib.suppress(OSError, DamagedFile, RecursionError):
                head = parse(_read_bytes(path, whole=False))
                return _CutShort(head.data if isinstance(head, _CutShort) else head, cause)
        if lost:
            return _Lost(cause)
        self._set_aside(path, name, cause)
        return None

    def _hold(self, path: Path, name: str, error: OSError) -> None:
        """A passing error kept ``path`` from being read: it is left as it is, to be read
        again next time (a match is offered again once it reads), and said so."""
        cause = FileProblem("files.cause_unreadable", {"reason": _os_reason(error)})
        self._held[path] = (name, cause)
        params = {"path": str(path), "reason": _os_reason(error)}
        self._tell(FileProblem("files.unread_now", params, topic=f"held:{path}"))

    def _read_again(self, path: Path) -> None:
        """``path`` read whole: a passing error that kept it from being read is over."""
        if self._held.pop(path, None) is not None:
            self._succeeded(f"held:{path}")

    def _salvaged(
        self,
        path: Path,
        name: str,
        cause: FileProblem,
        kept: T | None,
        save: Callable[[T], bool],
        *,
        told: str = "",
    ) -> T | None:
        """Set a bad file aside; what could still be read of it (``kept``, None: nothing) is
        written back at once, so that the next start finds what the message says was kept
        (``told``: the message's name then, ``<name>_salvaged`` unless given). Where what
        was read cannot be written (a full disk), the file goes back where it was, whole:
        read again (and salvaged again) next time, and set aside before anything is written
        over it; set aside for good, it took with it all the message said was kept."""
        if kept is None:
            self._set_aside(path, name, cause)
            return None
        told = told or f"{name}_salvaged"
        if self.locked_out:
            self._set_aside(path, told, cause)
            return kept
        backup = backup_name(path)
        try:
            os.replace(path, backup)
        except OSError as move_error:
            self._left(path, told, cause, _os_reason(move_error))
            save(kept)
            return kept
        self._write_failure = None
        if save(kept) or not self._put_back(backup, path):
            forget_old_backups(path)
            self.backups[path] = backup.name
            params = {"cause": cause, "backup": backup.name, "folder": str(path.parent)}
            self._tell(FileProblem(f"files.{told}_set_aside", params))
            return kept
        self._held[path] = (told, cause)
        with self._guard:  # told with the reason below: not as a result or a change lost
            unsaved = f"files.{name}_not_saved"
            self.messages[:] = [said for said in self.messages if said.key != unsaved]
        self._left(path, told, cause, self._write_failure or FileProblem("files.reason_unknown"))
        return kept

    @staticmethod
    def _put_back(backup: Path, path: Path) -> bool:
        """The file set aside as ``backup`` back at ``path`` (nothing took its place)."""
        try:
            if path.exists():
                return False
            os.replace(backup, path)
        except OSError:
            return False
        return True

    def _set_aside(self, path: Path, name: str, cause: FileProblem) -> None:
        reason: Param
        if self.locked_out:
            reason = FileProblem("files.reason_other_copy")
        else:
            backup = backup_name(path)
            try:
                os.replace(path, backup)
            except OSError as move_error:
                reason = _os_reason(move_error)
            else:
                forget_old_backups(path)
                self.backups[path] = backup.name
                params = {"cause": cause, "backup": backup.name, "folder": str(path.parent)}
                self._tell(FileProblem(f"files.{name}_set_aside", params))
                return
        self._left(path, name, cause, reason)

    def _left(self, path: Path, name: str, cause: FileProblem, reason: Param) -> None:
        params = {"path": str(path), "cause": cause, "reason": reason}
        # Left where it is, the file is found damaged at every reading (each return to the
        # title): told once while it lasts, not every time.
        self._tell(FileProblem(f"files.{name}_left", params, topic=f"left:{path}"))

    def _write(self, path: Path, data: bytes, name: str) -> bool:
        self._restore_removed(path)
        if self._lock_wanted and not self._lock_held and not self.locked_out:
            with self._claiming:  # the folder may be writable now: the lock comes first
                self._claim(quiet=True)
        if self.locked_out:
            return False
        held = self._held.pop(path, None)
        if held is not None:  # never read, not written over: kept as a backup first
            self._set_aside(path, *held)
        topic = f"write:{path}"
        try:
            atomic_write(path, data, self.checkpoint)
        except OSError as error:
            self._write_failure = _os_reason(error)
            params = {"folder": str(path.parent), "reason": self._write_failure}
            self._tell(FileProblem(f"files.{name}_not_saved", params, topic))
            return False
        self._known[path] = data
        self._succeeded(topic)
        return True

    def _restore_removed(self, writing: Path | None = None) -> None:
        """The folder removed under the game (its lock gone with it): made again, locked
        first (a second copy started then would take it too, and the two would save over
        each other), and every file this copy read or wrote that is gone written back as it
        last was (but ``writing``, about to be), the player told: the next save made the
        folder again with its one file, and the settings, statistics and past matches were
        lost without a word."""
        if not self._lock_held or present(self.lock_path) is not False:
            return
        with self._claiming:
            if not self._lock_held:
                return
            self._lock_held = False
            if self._lock_wanted and not self._locked_out:
                self._claim(quiet=True)
            if self._locked_out:  # another copy took the folder made again: it saves
                return
            restored = []
            for path, data in list(self._known.items()):
                if path == writing or present(path) is not False:
                    continue
                with contextlib.suppress(OSError):  # a write that fails says so itself
                    atomic_write(path, data, self.checkpoint)
                    restored.append(path.name)
        if restored:  # (named: it told of past matches it had never read, not written back)
            params = {"folder": str(self.data_dir), "files": ", ".join(sorted(restored))}
            self._tell(FileProblem("files.folder_restored", params))

    def clean_temporary_files(self, older_than: float = 3600.0) -> int:
        """Remove temporary files left by writes that were killed; returns how many."""
        if self.locked_out:
            return 0
        removed = 0
        now = time.time()
        paths = (self.settings_path, self.save_path, self.stats_path, *self.past_paths,
                 self.seats_path)  # fmt: skip
        for path in paths:
            try:
                candidates = list(path.parent.glob(f".{path.name}.*.tmp"))
            except OSError:
                continue
            for temp in candidates:
                try:
                    if now - temp.stat().st_mtime >= older_than:
                        temp.unlink()
                        removed += 1
                except OSError:
                    continue
        return removed


# --- the lock's pieces -----------------------------------------------------------------------


LockOwner: TypeAlias = "tuple[int, str | None]"
"""What a lock file says: the owner's process id, and when that process started (None if
the lock does not say)."""

_STARTED = "started"
"""The word before the start of the owner's process, on the lock's second line."""
_FOLDER = "folder"
"""The word before the folder the lock was made in (``_folder_id``), on a line after it."""


def _create_lock(path: Path) -> None:
    """Make the lock file holding this process's id (and when it started, where that can be
    told); FileExistsError if there is one.

    The content is written to a temporary file first and linked into place, so no other
    copy ever reads a lock without its id (which would look stale and be taken over). Where
    the file system has no links, the lock is created empty and filled at once.
    """
    started = _process_start(os.getpid())
    text = f"{os.getpid()}\n" + (f"{_STARTED} {started}\n" if started is not None else "")
    folder = _folder_id(path.parent)
    if folder is not None:
        text += f"{_FOLDER} {folder}\n"
    content = text.encode("ascii")
    fd, temp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as stream:
            stream.write(content)
            stream.flush()
            os.fsync(stream.fileno())
        try:
            os.link(temp, path)
        except FileExistsError:
            raise
        except OSError:
            made = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
            try:
                os.write(made, content)
            finally:
                os.close(made)
    finally:
        with contextlib.suppress(OSError):
            os.unlink(temp)


def _folder_id(folder: Path) -> str | None:
    """Which folder ``folder`` is, as the file system tells them apart (its device and
    node: a copy of it, or another path to it, is told right); None if it cannot be told."""
    try:
        found = os.stat(folder)
    except OSError:
        return None
    return f"{found.st_dev}:{found.st_ino}" if found.st_ino else None


def _lock_lines(path: Path) -> list[str] | None:
    """The lines of the lock file at ``path``; None if it cannot be read."""
    try:
        return _read_bytes(path, 256).decode("ascii").splitlines()
    except (OSError, ValueError):
        return None


def _lock_said(lines: list[str], word: str) -> str | None:
    """What a lock's line after its first says after ``word`` (None: no such line)."""
    found = None
    for line in lines[1:]:
        said, _, value = line.strip().partition(" ")
        if said == word and value.strip():
            found = value.strip()
    return found


def _lock_elsewhere(path: Path) -> bool:
    """Whether the lock at ``path`` was made in another folder and copied here with the
    rest (a backup, a second profile, made while the game ran): held by no copy of the game
    on this folder. A lock that names no folder (older copies wrote none) is of this one."""
    lines = _lock_lines(path)
    folder = None if lines is None else _lock_said(lines, _FOLDER)
    here = _folder_id(path.parent)
    return folder is not None and here is not None and folder != here


def _lock_owner(path: Path) -> LockOwner | None:
    """The process id in a lock file (its first line) and when that process started (a
    line ``started ...``; None in a lock without it, as older copies of the game wrote);
    None if the file cannot be read or holds no id."""
    lines = _lock_lines(path)
    pid = lines[0].strip() if lines else ""
    if lines is None or not pid.isdigit() or len(pid) > 10:
        return None
    return int(pid), _lock_said(lines, _STARTED)


def _held_by_another_copy(pid: int, started: str | None) -> bool:
    """Whether the lock of process ``pid`` (which started at ``started``) is held by a copy
    of the game that still runs, other than this one.

    After a crash the id can come to belong to another program (ids are reused, soonest
    after a restart of the computer): that program holds no lock. Where the start of a
    process can be told, the lock is held only if the process with the id started when the
    lock says; a lock that does not say is held only by a process that is Python or Scopa.
    Where nothing can be told (no ``/proc``), any running process with the id holds it.
    """
    if pid == os.getpid() or not _process_alive(pid):
        return False
    now = _process_start(pid)
    if now is None:
        return _process_alive(pid)  # it may have ended meanwhile, taking its /proc entry
    if started is not None:
        return started == now
    return _looks_like_the_game(pid)


def _process_start(pid: int) -> str | None:
    """When process ``pid`` started, as text no later process with the same id shares: the
    computer's boot and the clock tick since it (``/proc/<pid>/stat``, field 22), on Linux;
    None where that cannot be told."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text(encoding="ascii", errors="replace")
    except OSError:
        return None
    fields = stat.rpartition(")")[2].split()  # from field 3 on: the name may hold spaces
    if len(fields) < 20 or not fields[19].isdigit():
        return None
    return f"{_boot_id()}/{fields[19]}"


def _boot_id() -> str:
    """The id of this boot of the computer (Linux; "-" if it cannot be read): the clock
    ticks of a process's start count from the boot."""
    try:
        text = Path("/proc/sys/kernel/random/boot_id").read_text(encoding="ascii").strip()
    except (OSError, ValueError):
        return "-"
    usable = 0 < len(text) <= 64 and all(c.isalnum() or c == "-" for c in text)
    return text if usable else "-"


def _looks_like_the_game(pid: int) -> bool:
    """Whether process ``pid`` may be a copy of the game: its command line names Python or
    Scopa, or cannot be read (``/proc/<pid>/cmdline``, Linux)."""
    try:
        command = Path(f"/proc/{pid}/cmdline").read_bytes().lower()
    except OSError:
        return True
    return b"scopa" in command or b"python" in command


def _break_stale_lock(path: Path, owner: LockOwner | None) -> OSError | None:
    """Remove a lock whose owner is gone; the system's refusal to move it, if it refused.

    Another copy may take the stale lock over between our reading it and removing it: so
    the lock is first renamed to a name of our own, and if what was renamed turns out to be
    a live copy's fresh lock, it is put back.
    """
    aside = path.with_name(f".{path.name}.{os.getpid()}.stale")
    try:
        os.replace(path, aside)
    except FileNotFoundError:  # another copy took it away first
        return None
    except OSError as error:
        return error
    moved = _lock_owner(aside)
    if moved is not None and moved != owner and _held_by_another_copy(*moved):
        with contextlib.suppress(OSError):
            os.link(aside, path)
    with contextlib.suppress(OSError):
        os.unlink(aside)
    return None


def _process_alive(pid: int) -> bool:
    if pid <= 0:
        return False
    if os.name == "nt":
        return _windows_process_alive(pid)
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return not _ended(pid)
    except OSError:
        return False
    return not _ended(pid)


def _ended(pid: int) -> bool:
    """A process that has ended but is not yet reaped by its parent (a zombie: a copy of the
    game killed a moment ago), which still answers ``os.kill``; False where that cannot be
    told (no ``/proc``)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text(encoding="ascii", errors="replace")
    except OSError:
        return False
    fields = stat.rpartition(")")[2].split()
    return bool(fields) and fields[0] in ("Z", "X")


def _windows_process_alive(pid: int) -> bool:
    import ctypes

    kernel32 = ctypes.WinDLL("kernel32", use_last_error=True)  # type: ignore[attr-defined]
    query_limited_information, still_active, access_denied = 0x1000, 259, 5
    handle = kernel32.OpenProcess(query_limited_information, False, pid)
    if not handle:
        return bool(ctypes.get_last_error() == access_denied)  # type: ignore[attr-defined]
    try:
        code = ctypes.c_ulong()
        if not kernel32.GetExitCodeProcess(handle, ctypes.byref(code)):
            return True
        return code.value == still_active
    finally:
        kernel32.CloseHandle(handle)


# --- reading ---------------------------------------------------------------------------------


BACKUPS_KEPT = 5
"""Backups kept of one file: setting a sixth aside forgets the oldest, so that a file damaged
again and again does not fill the folder."""


def _three_way(seen: Any, mine: Any, theirs: Any) -> Any:
    """The settings ``mine`` and ``theirs`` each made from ``seen``, joined: what ``mine``
    changed, the rest as ``theirs`` has it (tables entry by entry)."""
    if not all(isinstance(value, dict) for value in (seen, mine, theirs)):
        return mine if mine != seen else theirs
    joined = {}
    for key in dict.fromkeys([*theirs, *mine]):
        value = _three_way(seen.get(key, _NONE), mine.get(key, _NONE), theirs.get(key, _NONE))
        if value is not _NONE:
            joined[key] = value
    return joined


_NONE = object()
"""An entry a table does not have (``_three_way``)."""


def _fingerprint(path: Path) -> tuple[int, int, int] | None:
    """What tells one writing of the file at ``path`` from another: its file number, size
    and time of change (None: no file there, or none the system will show)."""
    try:
        found = os.stat(path)
    except (OSError, ValueError):
        return None
    return (found.st_ino, found.st_size, found.st_mtime_ns)


def present(path: Path) -> bool | None:
    """Whether anything (a file, a folder, a link even broken) is at ``path``; None when the
    system will not say (a folder that may not be looked into, a name too long): a look that
    raises is never the game's end, and what is then tried there fails and says why."""
    try:
        os.lstat(path)
    except (FileNotFoundError, NotADirectoryError):
        return False
    except (OSError, ValueError):
        return None
    return True


def _backup(path: Path, number: int) -> Path:
    return path.with_name(path.name + (".bak" if number == 1 else f".bak{number}"))


def backup_numbers(path: Path) -> list[int]:
    """The numbers of ``path``'s backups in its folder, oldest first (``.bak`` is 1)."""
    numbers = []
    stem = path.name + ".bak"
    with contextlib.suppress(OSError):
        for name in os.listdir(path.parent):
            if not name.startswith(stem):
                continue
            tail = name[len(stem) :]
            if not tail:
                numbers.append(1)
            elif tail.isascii() and tail.isdigit() and tail[0] != "0" and len(tail) < 10:
                numbers.append(int(tail))
    return sorted(numbers)


def newest_backup(path: Path) -> Path | None:
    """The backup of ``path`` written last, if any: the one set aside last. By the time it
    was written, not its number: this game numbers its backups on from the newest, but an
    older copy takes the first name free (``.bak`` while ``.bak2`` holds an older file)."""

    def written(number: int) -> tuple[int, int]:
        try:
            return os.stat(_backup(path, number)).st_mtime_ns, number
        except OSError:
            return -1, number

    numbers = backup_numbers(path)
    return _backup(path, max(numbers, key=written)) if numbers else None


def backup_name(path: Path, companions: Iterable[str] = ()) -> Path:
    """The name a damaged ``path`` is kept under: ``.bak``, then ``.bak2``, ``.bak3``, ...,
    one past the newest backup (whose name and its ``companions``' names, suffixes of files
    that go with it, are free)."""
    suffixes = ("", *companions)
    number = max(backup_numbers(path), default=0) + 1
    while True:
        candidate = _backup(path, number)
        names = [candidate.with_name(candidate.name + suffix) for suffix in suffixes]
        if not any(os.path.lexists(name) for name in names):  # (no telling: the move says why)
            return candidate
        number += 1


def forget_old_backups(
    path: Path, companions: Iterable[str] = (), keep: int = BACKUPS_KEPT
) -> list[Path]:
    """Remove ``path``'s backups but the ``keep`` newest (with their ``companions``); the
    ones removed. Only files and links go: a folder or other thing kept as a backup stays."""
    suffixes = ("", *companions)
    gone = []
    for number in backup_numbers(path)[:-keep]:
        backup = _backup(path, number)
        for suffix in suffixes:
            name = backup.with_name(backup.name + suffix)
            try:
                if name.is_symlink() or name.is_file():
                    name.unlink()
                    gone.append(name)
            except OSError:
                continue
    return gone


_SAID_ALONE = frozenset({"files.seats_not_saved"})
"""Problems told even when the folder's message covers them: a seat at a table online not
remembered is news the folder's message does not give (it names settings, matches and
statistics)."""

_REASONS = {
    errno.EACCES: "files.reason_denied",
    errno.EPERM: "files.reason_denied",
    errno.ENOSPC: "files.reason_disk_full",
    getattr(errno, "EDQUOT", errno.ENOSPC): "files.reason_disk_full",
    errno.EROFS: "files.reason_read_only",
    errno.ENOTDIR: "files.reason_in_the_way",
    errno.EEXIST: "files.reason_in_the_way",
    errno.EISDIR: "files.reason_a_folder",
    errno.ENOENT: "files.reason_gone",
    errno.ENAMETOOLONG: "files.reason_name_too_long",
    errno.EIO: "files.reason_disk_error",
    errno.ELOOP: "files.reason_link_loop",
    errno.EMFILE: "files.reason_too_many_open",
    errno.ENFILE: "files.reason_too_many_open",
    errno.ENOMEM: "files.reason_no_memory",
}

_PASSING = frozenset(
    (errno.EMFILE, errno.ENFILE, errno.ENOMEM, errno.ENOBUFS, errno.EAGAIN, errno.EINTR,
     errno.EBUSY)
)  # fmt: skip
"""Errors that tell of the system at the moment a file was read (out of open files or of
memory, a call interrupted), not of the file: it is left where it is, not set aside."""


def _os_reason(error: OSError) -> Param:
    """Why a file operation failed, in the player's words: a common reason by name, any
    other by the system's number for it (its own words are in English only, and logged)."""
    key = _REASONS.get(error.errno or 0)
    if key is not None:
        return FileProblem(key)
    if error.errno:
        return FileProblem("files.reason_system", {"code": str(error.errno)})
    return FileProblem("files.reason_unknown")


def _cause_unreadable(path: Path, error: OSError) -> FileProblem:
    try:
        mode = os.stat(path).st_mode
    except OSError:
        mode = stat.S_IFREG
    if not stat.S_ISREG(mode):
        return _not_a_file(mode)
    return FileProblem("files.cause_unreadable", {"reason": _os_reason(error)})


SETTING_LABELS = {
    "language": "set_language",
    "deck": "set_deck_style",
    "deck_style": "set_deck_style",
    "corner_index": "set_corner_index",
    "large_values": "set_large_values",
    "felt": "set_felt",
    "card_back": "set_card_back",
    "animation_speed": "set_animation_speed",
    "volume": "set_volume",
    "muted": "set_muted",
    "fullscreen": "set_fullscreen",
    "quick_messages": "set_quick_messages",
}
"""The settings a player chooses in Settings, by the words of their rows there: a settings
file whose value of one of them cannot be used says which, as the player knows it."""


def _cause_of(error: BaseException) -> FileProblem:
    if isinstance(error, DamagedFile):
        return error.cause
    if isinstance(error, SettingsError) and error.setting in SETTING_LABELS:
        label = FileProblem(SETTING_LABELS[error.setting])
        return FileProblem("files.cause_setting", {"setting": label, "detail": _detail(str(error))})
    if isinstance(error, RecursionError):
        return FileProblem("files.cause_too_deep")
    return FileProblem("files.cause_content", {"detail": _detail(str(error))})


def _detail(text: str) -> str:
    return text if len(text) <= DETAIL_LIMIT else text[:DETAIL_LIMIT] + "\u2026"


def _now() -> str:
    """This moment in the player's time, as the files write it."""
    return datetime.now().astimezone().isoformat(timespec="seconds")


def _last_of_each(matches: list[PastMatch]) -> list[PastMatch]:
    """The past matches, each once, where it was last listed (as ``keep_past`` keeps a
    match kept again)."""
    seen: set[str] = set()
    kept = []
    for past in reversed(matches):
        if past.key not in seen:
            seen.add(past.key)
            kept.append(past)
    return kept[::-1]


def _played_until_stuck(
    record: GameRecord, match: Match
) -> tuple[GameRecord, Match, NotationError | None]:
    """The record's plays made from ``match`` (its deal) one by one, as ``replay`` makes
    them: the record as far as they go, the match there, and why the next one cannot be
    made (None: they all were)."""
    for number, move in enumerate(record.moves):
        try:
            match, _ = match.apply(move)
        except _BAD_CONTENT as error:
            stuck = NotationError(f"move {number + 1} ({move}) cannot be played: {error}")
            return replace(record, moves=record.moves[:number]), match, stuck
    return record, match, None


def _hinted_moves(value: object, moves: int) -> frozenset[int]:
    """The saved list of moves played as a hint said: each the number of a move of the
    record (a list too long for the record is damaged)."""
    if not isinstance(value, list) or len(value) > moves:
        raise DamagedFile("files.cause_content", detail="'hinted' must list moves of the match")
    for number in value:
        if type(number) is not int or not 0 <= number < moves:
            raise DamagedFile("files.cause_content", detail="'hinted' must list moves of the match")
    return frozenset(value)


def _seating(value: object, moves: int, seats: int) -> Seating:
    """The saved list of who played the seats as the match went on: ``[move, [seats]]``
    from the first move on (0), each later change after the one before, within the match's
    moves and seats."""
    bad = DamagedFile("files.cause_content", detail="'seating' must list who played the seats")
    if not isinstance(value, list) or len(value) > moves + 1:
        raise bad
    out: list[tuple[int, tuple[int, ...]]] = []
    for entry in value:
        if not (isinstance(entry, list) and len(entry) == 2 and isinstance(entry[1], list)):
            raise bad
        start, people = entry
        earliest = out[-1][0] + 1 if out else 0
        if type(start) is not int or not earliest <= start <= moves or start and not out:
            raise bad
        if len(people) > seats or any(type(s) is not int or not 0 <= s < seats for s in people):
            raise bad
        out.append((start, tuple(sorted(set(people)))))
    return tuple(out)


def _seating_listed(seating: Seating) -> list[list[Any]]:
    return [[start, list(people)] for start, people in seating]


def _unknown_entry(name: Any) -> str:
    return f"unknown entry {quote_value(name)}"


NEWER_SCHEMAS = 1000
"""How far past this game's a file's version may be for a newer game to have written it:
one of a billion is damage, not a version to come."""


def _check_schema(data: dict[str, Any], expected: int) -> None:
    schema = data.get("schema")
    if isinstance(schema, bool) or not isinstance(schema, int):
        raise DamagedFile("files.cause_no_schema")
    if expected < schema <= expected + NEWER_SCHEMAS:
        raise DamagedFile("files.cause_newer")
    if schema != expected:
        raise DamagedFile("files.cause_unknown_schema", schema=quote_value(schema))


def _text(raw: bytes, errors: str = "strict") -> str:
    """``raw`` as text: UTF-8, or UTF-16 where a byte-order mark for it begins the file (a
    file saved again by an editor that writes it so: Notepad's "Unicode"). A mark at the
    start of UTF-8 (some editors write one) is not part of the text either."""
    if raw.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        return raw.decode("utf-16", errors)
    return raw.decode("utf-8-sig", errors)


def _decode(raw: bytes) -> str:
    """The file's text (``_text``); a file with nothing in it but blanks is said to be
    empty, not damaged."""
    try:
        text = _text(raw)
    except UnicodeDecodeError:
        raise DamagedFile("files.cause_not_text") from None
    if not text.strip():
        raise DamagedFile("files.cause_empty")
    return text


def _finite(text: str) -> float:
    value = float(text)
    if math.isnan(value):
        raise DamagedFile("files.cause_not_a_number")
    if not math.isfinite(value):
        raise DamagedFile("files.cause_big_number")
    return value


def _refuse_constant(name: str) -> float:
    """JSON's NaN and Infinity, which are not numbers a file of ours may hold."""
    return _finite(name)


def _unparsable(error: ValueError, language: str) -> DamagedFile:
    """The cause of a parser's error: a number too long to convert (Python refuses integers
    of more than 4300 digits), else damaged text."""
    if isinstance(error, DamagedFile):
        return error
    if "integer string conversion" in str(error):
        return DamagedFile("files.cause_big_number")
    return DamagedFile("files.cause_syntax", format=language)


@functools.cache
def _always_written() -> frozenset[str]:
    """The entries this game writes in every settings file (the optional ones aside)."""
    return frozenset(Settings(language="en").to_dict())


def _settings_read(raw: bytes) -> tuple[Settings, set[str]]:
    """The settings a file holds, read whole, and the entries it has."""
    data = _parse_toml(raw)
    about = data.pop("format", None)
    if not isinstance(about, dict):
        raise DamagedFile("files.cause_no_format")
    _check_schema(about, SETTINGS_SCHEMA)
    # The [format] table is written last and ends with the game's name: a file cut before
    # that line lost something, if only the name.
    if about.get("game") != APP_NAME:
        raise DamagedFile("files.cause_no_format")
    return Settings.from_dict(data), set(data)


def _parse_toml(raw: bytes) -> dict[str, Any]:
    try:
        return tomllib.loads(_decode(raw), parse_float=_finite)
    except ValueError as error:
        raise _unparsable(error, "TOML") from None


def _parse_json(raw: bytes) -> Any:
    data = _parse_json_rows(raw)
    if _holds_huge(data):
        raise DamagedFile("files.cause_big_number")
    return data


HUGE_TALLY = "a number too large to read"
"""A saved match's tally of rematches that held an integer too long to read: it alone is
set aside (``_saved_match``), not the match with it."""


def _parse_match(raw: bytes) -> Any:
    """``_parse_json`` of a saved match, whose tally of rematches (``won_before``) may hold
    a number too large to read and cost only itself."""
    data = _parse_json_rows(raw)
    if isinstance(data, dict) and _holds_huge(data.get("won_before")):
        data["won_before"] = HUGE_TALLY
    if _holds_huge(data):
        raise DamagedFile("files.cause_big_number")
    return data


def _parse_json_rows(raw: bytes) -> Any:
    """``_parse_json``, but an integer too long to convert is read as ``_HUGE``, for a file
    whose other rows may still be worth keeping."""
    try:
        data = json.loads(
            _decode(raw),
            parse_float=_finite,
            parse_constant=_refuse_constant,
            parse_int=_int_or_huge,
        )
    except ValueError as error:
        raise _unparsable(error, "JSON") from None
    if not isinstance(data, dict):
        raise DamagedFile("files.cause_content", detail=f"it holds a {type(data).__name__}")
    return data


@dataclass(frozen=True)
class _Lost:
    """A file not one part of which reads (``_read`` with ``lost``), and why."""

    cause: FileProblem


@dataclass(frozen=True)
class _CutShort:
    """A JSON file cut short (a copy or a disk that stopped), read up to its last whole row:
    ``data``, and why it could not be read whole (``cause``)."""

    data: Any
    cause: FileProblem


def _parse_json_rows_or_cut(raw: bytes) -> Any:
    """``_parse_json_rows``; a file that ends before its text does is read up to its last
    whole row (``_CutShort``), so that the rows written before the cut can be kept."""
    try:
        return _parse_json_rows(raw)
    except DamagedFile as error:
        if error.cause.key != "files.cause_syntax":
            raise
        text = _text(raw, "replace")
        for mended in _mended(text):
            try:
                data = json.loads(
                    mended,
                    parse_float=_finite,
                    parse_constant=_refuse_constant,
                    parse_int=_int_or_huge,
                )
            except (ValueError, RecursionError):
                continue
            if isinstance(data, dict):
                return _CutShort(data, error.cause)
        raise


MENDS_TRIED = 8
"""How many places before a cut ``_mended`` tries to end a damaged file at."""


def _mended(text: str) -> Iterator[str]:
    """``text`` (a JSON object of lists of rows, cut short) ended at each of its last few
    places between two rows, or two entries of the object, or where a list begins, latest
    first, with what is open there closed: a row is kept whole or not at all (a row cut
    short could read, its last entries missing), the lists before a cut past them whole."""
    ends: list[tuple[int, str]] = []
    stack: list[str] = []
    in_string = escaped = False
    for index, char in enumerate(text):
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
            continue
        if char == '"':
            in_string = True
        elif char in "[{":
            stack.append("]" if char == "[" else "}")
            if stack == ["}", "]"]:  # a list begins: it may be kept empty
                ends.append((index + 1, "]}"))
        elif char in "]}":
            if not stack or stack.pop() != char:
                return  # not cut short: damaged inside
        elif char == "," and stack == ["}", "]"]:  # between two rows of a list
            ends.append((index, "]}"))
        elif char == "," and stack == ["}"]:  # between two entries of the object
            ends.append((index, "}"))
    for index, closing in reversed(ends[-MENDS_TRIED:]):
        yield text[:index] + closing


class _Huge:
    """An integer of more digits than Python converts (about 4,300): no value of ours."""

    def __repr__(self) -> str:
        return "a number too large to read"


_HUGE = _Huge()


def _int_or_huge(digits: str) -> int | _Huge:
    try:
        return int(digits)
    except ValueError:
        return _HUGE


def _holds_huge(data: Any) -> bool:
    """Whether ``_HUGE`` is anywhere in ``data`` (parsed JSON: dicts, lists, values)."""
    todo = [data]
    while todo:
        item = todo.pop()
        if item is _HUGE:
            return True
        if isinstance(item, dict):
            todo.extend(item.values())
        elif isinstance(item, list):
            todo.extend(item)
    return False
