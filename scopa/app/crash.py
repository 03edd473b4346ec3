"""An error of the game's own that stops it: the player is told, in their own words, that
the game must close, that the match stands as it was last saved, and in which file the
details are kept (the window vanishing with no word said was all they saw before).

The details go to ``crash.log`` in the game's folder, the latest reports kept; the screen
that says so is drawn with nothing but the window and the fonts, as the scenes may be what
broke, and if even that fails the log's line is all there is.
"""

from __future__ import annotations

import datetime
import os
import time
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from scopa import __version__
from scopa.log import log, log_exception
from scopa.storage import atomic_write

from . import style

if TYPE_CHECKING:
    from .app import App

CRASH_FILE = "crash.log"
KEPT_CHARS = 200_000
"""The most of the reports before the newest that the file keeps (the latest ones)."""
CLOSES = (pygame.QUIT, pygame.WINDOWCLOSE, pygame.MOUSEBUTTONUP, pygame.KEYDOWN)
"""What closes the screen: a key, a click, the window's close button."""
SHOWN_FOR = 600.0
"""Seconds the screen waits for the player to close it before the game closes anyway."""


def keep_report(folder: Path, error: BaseException) -> Path | None:
    """Add what went wrong to ``crash.log`` in ``folder`` (None: it could not be written)."""
    stamp = datetime.datetime.now().isoformat(timespec="seconds")
    report = f"--- {stamp} Scopa {__version__}\n" + "".join(traceback.format_exception(error))
    path = folder / CRASH_FILE
    try:
        earlier = path.read_text(encoding="utf-8", errors="replace") if os.path.isfile(path) else ""
        atomic_write(path, (earlier[-KEPT_CHARS:] + report).encode("utf-8"))
    except OSError:
        return None
    return path


def words(t: Callable[..., str], report: Path | None, online: bool = False) -> tuple[str, str, str]:
    """The screen's heading, what it says, and how to close it; ``online``: the match
    under way was at a table online, which Play online finds again (it has no Continue)."""
    kind = "crash.detail_online" if online else "crash.detail"
    detail = t(kind, file=str(report)) if report else t(f"{kind}_unwritten")
    return t("crash.title"), detail, t("crash.close")


def at_table_online(app: App) -> bool:
    """Whether a table online is among the screens open (the match the error stopped)."""
    return any(getattr(scene, "remote", False) for scene in app.stack)


def draw(surface: pygame.Surface, app: App, lines: tuple[str, str, str]) -> None:
    """The screen: its heading, what happened, and how to close it, on the game's felt."""
    m = style.Metrics(app, surface.get_size())
    title, detail, close = lines
    try:
        style.draw_background(surface, app.settings.felt)
    except (pygame.error, MemoryError):  # no memory left for the felt's picture: its colour
        surface.fill(style.cloth(app.settings.felt).deep)
    box = m.centered(1.4, 0.8)
    heading = m.pen("title", style.HEADING, style.BRIGHT_GOLD)
    body = m.pen("ui", style.TEXT, style.CREAM)
    hint = m.pen("ui", style.SMALL, style.MIST)
    third = box.h // 5
    top = pygame.Rect(box.x, box.y, box.w, third)
    style.text(surface, title, heading, top, align="center", lines=2)
    middle = pygame.Rect(box.x, box.y + third, box.w, third * 3)
    style.text(surface, detail, body, middle, align="center", lines=6)
    end = pygame.Rect(box.x, box.bottom - third, box.w, third)
    style.text(surface, close, hint, end, align="center")


def tell(app: App, report: Path | None, shown_for: float | None = None) -> None:
    """Show the screen until a key, a click or the window's close button (or ``shown_for``
    seconds, ``SHOWN_FOR`` unless given); nothing more than the log's line if it cannot be
    shown."""
    try:
        lines = words(app.t, report, at_table_online(app))
        surface = pygame.display.get_surface()
        if surface is None:
            return
        pygame.event.clear()
        end = time.monotonic() + (SHOWN_FOR if shown_for is None else shown_for)
        while time.monotonic() < end:
            draw(surface, app, lines)
            pygame.display.flip()
            for event in pygame.event.get():
                if event.type in CLOSES:
                    return
            time.sleep(1 / 30)
    except Exception as error:  # noqa: BLE001 - the screen is a courtesy: the log has it all
        log("scopa: the error could not be shown on screen:")
        log_exception(error)
