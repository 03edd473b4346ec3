"""The game's files: settings (TOML), the unfinished match and the statistics (JSON).

Two promises. Nothing is ever half-written: every file is written to a temporary file in the
same folder, flushed, synced and renamed over the old one, so a crash leaves either the old
file or the new one. And a bad file never stops the game: a file that is damaged, from a
newer version or unreadable is moved aside as a backup (``settings.toml.bak``, then
``settings.toml.bak2``, ...), a message for the player goes to ``Store.messages``, and the
defaults are used. Failed writes (disk full, read-only folder) add a message too.
"""

from __future__ import annotations

import contextlib
import json
import math
import os
import tempfile
import time
import tomllib
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

import platformdirs

from .engine import GameRecord
from .settings import MatchSetup, Settings, SettingsError
from .stats import Stats, result_of

if TYPE_CHECKING:
    from .engine import Match

SETTINGS_SCHEMA = 1
"""Kept in the settings file's last table, ``[format]``: a file cut short loses it."""
SAVE_SCHEMA = 1
SETTINGS_FILE = "settings.toml"
SAVE_FILE = "match.json"
STATS_FILE = "stats.json"
APP_NAME = "scopa"

Checkpoint = Callable[[str], None]
"""Called with the name of each step of a write (tests stop the process there)."""


class DamagedFile(ValueError):
    """A file that exists but cannot be used; the message says why."""


_BAD_CONTENT = (ValueError, TypeError, KeyError, RecursionError)
"""What reading a file's content may raise: every one means the file is bad, never a crash.
(``DamagedFile``, ``SettingsError``, ``StatsError`` and the engine's errors are ValueErrors.)"""


# --- writing ---------------------------------------------------------------------------------


def atomic_write(path: Path, data: bytes, checkpoint: Checkpoint | None = None) -> None:
    """Replace ``path`` with ``data`` so that readers only ever see the old or new file.

    Steps: create a temporary file beside ``path``, write, flush, fsync, close, rename over
    ``path`` (atomic on POSIX and Windows), then fsync the folder so the rename survives a
    power cut. On any error the temporary file is removed and ``path`` is untouched.
    """
    step = checkpoint or (lambda name: None)
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


def _read_bytes(path: Path) -> bytes:
    return path.read_bytes()


class Store:
    """The game's files in one place; tests give it a temporary ``root``."""

    def __init__(self, root: Path | None = None, *, checkpoint: Checkpoint | None = None) -> None:
        if root is None:
            self.config_dir, self.data_dir = default_folders()
        else:
            self.config_dir = self.data_dir = Path(root)
        self.messages: list[str] = []
        self.checkpoint = checkpoint

    @property
    def settings_path(self) -> Path:
        return self.config_dir / SETTINGS_FILE

    @property
    def save_path(self) -> Path:
        return self.data_dir / SAVE_FILE

    @property
    def stats_path(self) -> Path:
        return self.data_dir / STATS_FILE

    # --- settings ----------------------------------------------------------------------

    def load_settings(self) -> Settings:
        """The saved settings, or the defaults (first start, or a bad file set aside)."""
        self.clean_temporary_files()
        data = self._read(self.settings_path, "settings file", _parse_toml)
        if data is None:
            return Settings()
        try:
            about = data.pop("format", None)
            if not isinstance(about, dict):
                raise DamagedFile("it has no [format] table: incomplete, or not written by Scopa")
            _check_schema(about, SETTINGS_SCHEMA)
            return Settings.from_dict(data)
        except _BAD_CONTENT as error:
            self._set_aside(self.settings_path, "settings file", error)
            return Settings()

    def save_settings(self, settings: Settings) -> bool:
        """Write the settings; False (and a message) if the file could not be written."""
        about = {"schema": SETTINGS_SCHEMA, "game": APP_NAME}
        text = toml_dumps({**settings.to_dict(), "format": about})
        return self._write(self.settings_path, text.encode("utf-8"), "settings")

    # --- the unfinished match ----------------------------------------------------------

    def save_match(self, setup: MatchSetup, record: GameRecord) -> bool:
        """Remember an unfinished match (called after every move)."""
        if setup.rules != record.rules:
            raise SettingsError("the match setup and the record have different rules")
        envelope = {
            "schema": SAVE_SCHEMA,
            "saved": datetime.now().astimezone().isoformat(timespec="seconds"),
            "setup": setup.to_dict(),
            "record": record.text(),
        }
        data = json.dumps(envelope, indent=1, sort_keys=True).encode("utf-8")
        return self._write(self.save_path, data, "match")

    def load_match(self) -> tuple[MatchSetup, GameRecord] | None:
        """The saved unfinished match, checked by replaying it; None if there is none."""
        envelope = self._read(self.save_path, "saved match", _parse_json)
        if envelope is None:
            return None
        try:
            _check_schema(envelope, SAVE_SCHEMA)
            unknown = sorted(set(envelope) - {"schema", "saved", "setup", "record"})
            if unknown:
                raise DamagedFile(f"unknown entry {unknown[0]!r}")
            setup = MatchSetup.from_dict(envelope.get("setup"))
            if not isinstance(envelope.get("record"), str):
                raise DamagedFile("the game record is missing")
            record = GameRecord.parse(envelope["record"])
            if record.rules != setup.rules:
                raise DamagedFile("the seats and the record disagree on the rules")
            match = record.replay()
        except _BAD_CONTENT as error:
            self._set_aside(self.save_path, "saved match", error)
            return None
        if match.over:
            self.clear_match()
            return None
        return setup, record

    def clear_match(self) -> bool:
        """Forget the unfinished match (it was finished or abandoned); False if it could not
        be removed (with a message)."""
        try:
            self.save_path.unlink()
        except FileNotFoundError:
            pass
        except OSError as error:
            self.messages.append(
                f"The saved match {self.save_path} could not be removed ({error.strerror})."
            )
            return False
        return True

    # --- statistics --------------------------------------------------------------------

    def load_stats(self) -> Stats:
        data = self._read(self.stats_path, "statistics file", _parse_json)
        if data is None:
            return Stats()
        try:
            return Stats.from_dict(data)
        except _BAD_CONTENT as error:
            self._set_aside(self.stats_path, "statistics file", error)
            return Stats()

    def save_stats(self, stats: Stats) -> bool:
        data = json.dumps(stats.to_dict(), indent=1).encode("utf-8")
        return self._write(self.stats_path, data, "statistics")

    def record_result(self, setup: MatchSetup, match: Match, *, undone: bool = False) -> Stats:
        """Add a finished match to the statistics, save them and return them.

        ``undone``: a human took moves back during the match (counted, flagged, and kept out
        of the best and worst results).
        """
        stats = self.load_stats().add(result_of(setup, match, undone=undone))
        self.save_stats(stats)
        return stats

    # --- files -------------------------------------------------------------------------

    def _read(self, path: Path, what: str, parse: Callable[[bytes], Any]) -> Any:
        """Parsed content, or None when the file is absent or was set aside as bad."""
        try:
            raw = _read_bytes(path)
        except (FileNotFoundError, NotADirectoryError):
            return None
        except IsADirectoryError:
            self._set_aside(path, what, DamagedFile("it is a folder, not a file"))
            return None
        except OSError as error:
            if path.is_dir():
                self._set_aside(path, what, DamagedFile("it is a folder, not a file"))
            else:
                self._set_aside(path, what, DamagedFile(f"it cannot be read ({error.strerror})"))
            return None
        try:
            return parse(raw)
        except (DamagedFile, RecursionError) as error:
            self._set_aside(path, what, error)
            return None

    def _set_aside(self, path: Path, what: str, error: Exception) -> None:
        backup = _free_backup_name(path)
        try:
            os.replace(path, backup)
        except OSError as move_error:
            self.messages.append(
                f"The {what} {path} could not be used ({error}) nor moved aside "
                f"({move_error.strerror}); the defaults are used."
            )
            return
        self.messages.append(
            f"The {what} could not be used ({error}); it was kept as {backup.name} "
            f"in {path.parent} and the defaults are used."
        )

    def _write(self, path: Path, data: bytes, what: str) -> bool:
        try:
            atomic_write(path, data, self.checkpoint)
        except OSError as error:
            message = f"The {what} could not be saved in {path.parent} ({error.strerror or error})."
            if message not in self.messages:
                self.messages.append(message)
            return False
        return True

    def clean_temporary_files(self, older_than: float = 3600.0) -> int:
        """Remove temporary files left by writes that were killed; returns how many."""
        removed = 0
        now = time.time()
        for path in (self.settings_path, self.save_path, self.stats_path):
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


def _free_backup_name(path: Path) -> Path:
    candidate = path.with_name(path.name + ".bak")
    number = 2
    while candidate.exists() or candidate.is_symlink():
        candidate = path.with_name(f"{path.name}.bak{number}")
        number += 1
    return candidate


def _check_schema(data: dict[str, Any], expected: int) -> None:
    schema = data.get("schema")
    if isinstance(schema, bool) or not isinstance(schema, int):
        raise DamagedFile(f"it has no schema version (found {schema!r})")
    if schema > expected:
        raise DamagedFile(f"it was written by a newer version of the game (schema {schema})")
    if schema != expected:
        raise DamagedFile(f"unknown schema version {schema}")


def _decode(raw: bytes) -> str:
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as error:
        raise DamagedFile(f"it is not text: {error.reason} at byte {error.start}") from None


def _parse_toml(raw: bytes) -> dict[str, Any]:
    try:
        return tomllib.loads(_decode(raw))
    except tomllib.TOMLDecodeError as error:
        raise DamagedFile(f"it is not valid TOML: {error}") from None


def _parse_json(raw: bytes) -> Any:
    try:
        data = json.loads(_decode(raw))
    except json.JSONDecodeError as error:
        raise DamagedFile(f"it is not valid JSON: {error}") from None
    if not isinstance(data, dict):
        raise DamagedFile(f"it holds a {type(data).__name__}, not a table")
    return data
