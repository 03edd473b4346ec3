"""Short messages over every scene: a file that could not be used or saved, an undo refused.

``Toasts`` keeps them, ages them and draws them so they can be read: wrapped to at most 70%
of the window's width, a few lines each (the style's fitted text: a longer one is set a
little smaller, then cut with an ellipsis), at most three on screen at a time on a dark panel;
the others wait their turn (their time runs only once they show). A message given with a
``key`` names a problem that may last, such as a disk that stays full while a save is
tried after every move: it is told once, and told again only after ``resolve(key)`` (the
problem ended) or after ``REPEAT_AFTER`` seconds.

A toast told by its ``Words`` (what the message says, worded in any language) is worded
again when the player changes the language (``reword``), so a message told as the game
starts, before the language is chosen, is read in the language chosen.

A toast belongs to the screen it was told over (its ``owner``): the app draws it over that
screen, so a sheet opened on top later (the pause menu, a question) shades it like the rest
of the screen, and its time stands still until the sheet closes. A screen opened over the
whole window (the review over the table) ends its toasts: they spoke of what is out of sight.

A toast may wait (``waits``): unseen, not ageing and taking no place among those shown, until
the app lets it show. The notices of files found at the first start wait so behind the
first-start dialog, for the title (see ``App``).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import NamedTuple

import pygame

from . import style
from .style import ELLIPSIS, FontSource, Pen, Scale

TOAST_SECONDS = 6.0
REPEAT_AFTER = 300.0
"""A lasting problem is told again after this many seconds, in case it was missed."""
MAX_SHOWN = 3
MAX_LINES = 5
WIDTH_SHARE = 0.7
MAX_CHARS = 600
"""Longer texts are cut before they are laid out (no message of ours is near this)."""
PANEL_ALPHA = 228


Words = Callable[[Callable[..., str]], str]
"""A message as words that any language can say: given a translator, its text."""


def worded(key: str, **params: object) -> Words:
    """The message of the translation ``key`` with ``params``, in whatever language."""
    return lambda t: t(key, **params)


@dataclass
class Toast:
    text: str
    remaining: float
    key: str | None = None
    owner: object = None
    """The screen the toast was told over (None: over every screen)."""
    words: Words | None = None
    """What it says, to word it again in another language (None: told as text only)."""
    waits: bool = False
    """Not shown yet, whatever screen is in sight: it waits for its screen (``owner``)."""
    unread: bool = False
    """Its time does not run yet: it waits for the player to be seen at the keys or the
    mouse while it shows (``Toasts.seen``)."""
    drawn: pygame.Rect | None = None
    """Where it was last drawn: its time stands still while the pointer rests on it..."""
    pointer_then: tuple[int, int] | None = None
    """...once moved there: where the pointer was as it first showed (one it came up under,
    a card dropped there, does not hold it)..."""
    ended: bool = False
    """...unless the problem it tells has ended (``Toasts.resolve``): no longer true, it
    goes (the pointer back from the menu's Resume held "the match could not be saved" over
    the table for the rest of the round, the match saved again)."""
    bound: bool = False
    """It speaks of its screen alone (``owner``): gone with it, it goes too (a rematch's
    "Rematch! Giulia won the last one" followed the player from its table to the title)."""


class Announcements:
    """Which lasting problems were told, and when, so that one that persists is told once.

    ``clock`` gives the time in seconds (``time.monotonic`` unless told otherwise).
    """

    def __init__(
        self, repeat_after: float = REPEAT_AFTER, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.repeat_after = repeat_after
        self.clock = clock
        self._told: dict[str, float] = {}

    def first(self, key: str) -> bool:
        """Whether the problem ``key`` should be told now (if so, it counts as told)."""
        now = self.clock()
        told = self._told.get(key)
        if told is not None and now - told < self.repeat_after:
            return False
        self._told[key] = now
        return True

    def resolve(self, key: str) -> None:
        """The problem ``key`` has ended: the next time it happens, it is told again."""
        self._told.pop(key, None)


RESOLVED_SECONDS = 1.0
"""How long a toast about a problem stays once the problem has ended."""

BAND_LINES = 2
"""The most lines a toast is broken into to keep within a scene's band; a longer one goes
lower down, the wider way."""


class ToastBand(NamedTuple):
    """Where toasts over a scene hide none of its controls (``Scene.toast_band``)."""

    left: float
    right: float
    """The stretch of the width along the top where a short toast goes."""
    floor: float
    """How far down a toast there may reach."""
    below: float
    """Where a toast too long or too tall for that stretch goes instead..."""
    wide: tuple[float, float]
    """...and the stretch of the width it may take there (left, right)..."""
    lines: int = MAX_LINES
    """...on at most this many lines (a narrow stretch lets a long toast take more). One
    that cannot be read whole there goes across the middle of the window, as without a
    band: better over a scene's controls for a moment than cut."""
    rise: tuple[float, float] | None = None
    """(highest, lowest): a toast laid from ``below`` that would reach past the lowest
    rises to end there, up to the highest at most (None: it goes on down)."""


SECONDS_PER_WORD = 0.4
"""How long a toast stays per word it says, at the least: a slow reader's pace (150 words
a minute)."""


def toast_px(height: int) -> int:
    """The size of a toast's text in a window ``height`` pixels tall."""
    return max(14, height // 40)


def reading_seconds(text: str) -> float:
    """The least time ``text`` stays on screen: long enough to read it through (a damaged
    file's notice of sixty words went in the six seconds that suit a short one)."""
    return SECONDS_PER_WORD * len(text.split())


def _bounded(text: str) -> str:
    return text if len(text) <= MAX_CHARS else text[:MAX_CHARS] + ELLIPSIS


class Toasts:
    """The messages waiting or showing, oldest first."""

    def __init__(self, repeat_after: float = REPEAT_AFTER) -> None:
        self._toasts: list[Toast] = []
        self._time = 0.0
        self.announced = Announcements(repeat_after, clock=lambda: self._time)

    def add(
        self,
        text: str,
        seconds: float = TOAST_SECONDS,
        *,
        key: str | None = None,
        owner: object = None,
        words: Words | None = None,
        until_seen: bool = False,
        bound: bool = False,
    ) -> bool:
        """Queue ``text`` for ``seconds`` (at least the time it takes to read,
        ``reading_seconds``) over the screen ``owner``; False if it is not
        shown again (the problem ``key`` was told already, or the same text is on screen,
        which then stays longer). ``words``, when given, say it again in another language
        (``reword``). ``until_seen``: its time runs only from the first press or move of
        the player's while it shows (a notice the player must not miss by looking away)."""
        if key is not None and not self.announced.first(key):
            return False
        text = _bounded(text)
        seconds = max(seconds, reading_seconds(text))
        for toast in self._toasts:
            if toast.text == text:
                toast.remaining = max(toast.remaining, seconds)
                toast.ended = False  # (told again: true again)
                return False
        self._toasts.append(Toast(text, seconds, key, owner, words, unread=until_seen, bound=bound))
        return True

    def seen(self) -> None:
        """The player pressed or moved something: the toasts showing now start their time."""
        for toast in self.shown():
            toast.unread = False

    def reword(self, t: Callable[..., str]) -> None:
        """Word again, with the translator ``t``, every toast told by its words."""
        for toast in self._toasts:
            if toast.words is not None:
                toast.text = _bounded(toast.words(t))

    def resolve(self, key: str) -> None:
        """The problem ``key`` has ended: told again if it comes back, and its toast, no
        longer true ("the match could not be saved" once it was), goes within a moment."""
        self.announced.resolve(key)
        for toast in self._toasts:
            if toast.key == key:
                toast.remaining = min(toast.remaining, RESOLVED_SECONDS)
                toast.unread = False
                toast.ended = True

    def forget(self, which: Callable[[Toast], bool]) -> None:
        """Drop the toasts ``which`` says are no longer worth telling."""
        self._toasts = [toast for toast in self._toasts if not which(toast)]

    def update(self, dt: float, running: Callable[[Toast], bool] | None = None) -> None:
        """Age the toasts on screen by ``dt`` seconds (only those ``running`` says are in
        sight, when given) and drop those whose time is up."""
        self._time += dt
        for toast in self.shown():
            if not toast.unread and (running is None or running(toast)):
                toast.remaining -= dt
        self._toasts = [toast for toast in self._toasts if toast.remaining > 0]

    def shown(self) -> list[Toast]:
        """The toasts on screen: the first few of those not waiting."""
        return [toast for toast in self._toasts if not toast.waits][:MAX_SHOWN]

    def __iter__(self) -> Iterator[Toast]:
        return iter(list(self._toasts))

    def __len__(self) -> int:
        return len(self._toasts)

    def __bool__(self) -> bool:
        return bool(self._toasts)

    # --- drawing -------------------------------------------------------------------------

    def draw(
        self,
        surface: pygame.Surface,
        fonts: FontSource,
        only: Callable[[Toast], bool] | None = None,
        band: ToastBand | None = None,
    ) -> list[pygame.Rect]:
        """Draw the toasts on screen, stacked from the top centre (``only`` those it
        accepts, each in its place among all); returns the panels drawn.

        ``band`` keeps them where they hide none of a scene's controls: within a stretch of
        the width along the top, while one reads there in full at the size asked on at most
        ``BAND_LINES`` lines; else lower down, from ``band.below``, within ``band.wide``."""
        width, height = surface.get_size()
        scale = Scale((width, height))
        pen = Pen(fonts, "ui", toast_px(height), style.CREAM)
        pad_x, pad_y = pen.px, max(4, pen.px // 2)
        text_width = max(1, int(width * WIDTH_SHARE) - 2 * pad_x)
        text_height = height // 3 - 2 * pad_y
        y = height // 30
        placed: list[tuple[Toast, int, pygame.Rect, bool]] = []
        for toast in self.shown():
            laid, centre, wide = None, width // 2, text_width
            under = False  # laid from the band's ``below``
            lines = band.lines if band is not None else MAX_LINES
            if band is not None:
                room = max(1, int(min(width * WIDTH_SHARE, band.right - band.left)) - 2 * pad_x)
                laid = style.fit(toast.text, pen, room, text_height, lines=BAND_LINES)
                too_tall = y + laid.height + 2 * pad_y > band.floor
                if laid.elided or laid.cut or laid.px < pen.px or too_tall:
                    laid, y, under = None, max(y, round(band.below)), True
                    low, high = band.wide
                    centre = round((low + high) / 2)
                    wide = max(1, min(text_width, int(high - low) - 2 * pad_x))
                else:
                    centre = round((band.left + band.right) / 2)
            if laid is None:
                laid = style.fit(toast.text, pen, wide, text_height, lines=lines)
                if (laid.elided or laid.cut) and wide < text_width:
                    # too long for the band's stretch: read whole across the middle
                    centre, lines = width // 2, MAX_LINES
                    laid = style.fit(toast.text, pen, text_width, text_height, lines=lines)
            box = pygame.Rect(0, 0, laid.width + 2 * pad_x, laid.height + 2 * pad_y)
            box.midtop = (centre, y)
            placed.append((toast, lines, box, under))
            y = box.bottom + height // 80
        if band is not None and band.rise is not None:
            # the toasts laid from ``below`` that reach past the lowest rise together: each
            # rising alone to end there, a second one was drawn over the first
            rising = [box for _, _, box, under in placed if under]
            if rising and rising[-1].bottom > band.rise[1]:
                highest, lowest = band.rise
                lift = min(rising[-1].bottom - round(lowest), rising[0].top - round(highest))
                for box in rising:
                    box.move_ip(0, -max(0, lift))
        panels = []
        for toast, lines, box, _ in placed:
            if only is not None and not only(toast):
                continue
            toast.drawn = box.copy()
            style.dark_panel(surface, box, scale, border=style.DIM_EDGE, alpha=PANEL_ALPHA)
            inside = box.inflate(-2 * pad_x, -2 * pad_y)
            style.text(surface, toast.text, pen, inside, lines=lines)
            panels.append(box)
        return panels
