"""Short messages over every scene: a file that could not be used or saved, an undo refused.

``Toasts`` keeps them, ages them and draws them so they can be read: wrapped to at most 70%
of the window's width, a few lines each, at most three on screen at a time on a dark panel;
the others wait their turn (their time runs only once they show). A message given with a
``key`` names a problem that may last, such as a disk that stays full while a save is
tried after every move: it is told once, and told again only after ``resolve(key)`` (the
problem ended) or after ``REPEAT_AFTER`` seconds.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

import pygame

TOAST_SECONDS = 6.0
REPEAT_AFTER = 300.0
"""A lasting problem is told again after this many seconds, in case it was missed."""
MAX_SHOWN = 3
MAX_LINES = 5
WIDTH_SHARE = 0.7
MAX_CHARS = 600
"""Longer texts are cut before they are laid out (no message of ours is near this)."""
ELLIPSIS = "\u2026"
PANEL = (20, 20, 20, 228)
EDGE = (250, 245, 230, 70)
INK = (250, 245, 230)

FontFor = Callable[[int], pygame.font.Font]
"""A font of the given size in pixels (``lambda px: app.font("ui", px)``)."""


@dataclass
class Toast:
    text: str
    remaining: float
    key: str | None = None
    _wrapped: tuple[tuple[int, int], list[str]] | None = field(default=None, repr=False)


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


class Toasts:
    """The messages waiting or showing, oldest first."""

    def __init__(self, repeat_after: float = REPEAT_AFTER) -> None:
        self._toasts: list[Toast] = []
        self._time = 0.0
        self.announced = Announcements(repeat_after, clock=lambda: self._time)

    def add(self, text: str, seconds: float = TOAST_SECONDS, *, key: str | None = None) -> bool:
        """Queue ``text`` for ``seconds``; False if it is not shown again (the problem
        ``key`` was told already, or the same text is on screen, which then stays longer)."""
        if key is not None and not self.announced.first(key):
            return False
        text = text if len(text) <= MAX_CHARS else text[:MAX_CHARS] + ELLIPSIS
        for toast in self._toasts:
            if toast.text == text:
                toast.remaining = max(toast.remaining, seconds)
                return False
        self._toasts.append(Toast(text, seconds, key))
        return True

    def resolve(self, key: str) -> None:
        self.announced.resolve(key)

    def update(self, dt: float) -> None:
        """Age the toasts on screen by ``dt`` seconds and drop those whose time is up."""
        self._time += dt
        for toast in self.shown():
            toast.remaining -= dt
        self._toasts = [toast for toast in self._toasts if toast.remaining > 0]

    def shown(self) -> list[Toast]:
        return self._toasts[:MAX_SHOWN]

    def __iter__(self) -> Iterator[Toast]:
        return iter(list(self._toasts))

    def __len__(self) -> int:
        return len(self._toasts)

    def __bool__(self) -> bool:
        return bool(self._toasts)

    # --- drawing -------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, font_for: FontFor) -> list[pygame.Rect]:
        """Draw the toasts on screen, stacked from the top centre; returns their panels."""
        width, height = surface.get_size()
        px = max(14, height // 40)
        font = font_for(px)
        pad_x, pad_y = px, max(4, px // 2)
        text_width = max(1, int(width * WIDTH_SHARE) - 2 * pad_x)
        line_height = font.get_linesize()
        y = height // 30
        panels = []
        for toast in self.shown():
            lines = self._lines(toast, font, text_width, px)
            widest = max(font.size(line)[0] for line in lines)
            box = pygame.Rect(0, 0, widest + 2 * pad_x, line_height * len(lines) + 2 * pad_y)
            box.midtop = (width // 2, y)
            panel = pygame.Surface(box.size, pygame.SRCALPHA)
            radius = max(4, px // 2)
            pygame.draw.rect(panel, PANEL, panel.get_rect(), border_radius=radius)
            pygame.draw.rect(panel, EDGE, panel.get_rect(), width=1, border_radius=radius)
            surface.blit(panel, box)
            for row, line in enumerate(lines):
                image = font.render(line, True, INK)
                surface.blit(image, (box.x + pad_x, box.y + pad_y + row * line_height))
            panels.append(box)
            y = box.bottom + height // 80
        return panels

    def _lines(self, toast: Toast, font: pygame.font.Font, width: int, px: int) -> list[str]:
        if toast._wrapped is None or toast._wrapped[0] != (width, px):
            toast._wrapped = ((width, px), wrap(toast.text, font, width, MAX_LINES))
        return toast._wrapped[1]


def wrap(text: str, font: pygame.font.Font, width: int, max_lines: int) -> list[str]:
    """``text`` in lines no wider than ``width`` pixels, at most ``max_lines`` of them (the
    last ends with an ellipsis if text was left out). Words wider than a line (a long
    folder name) are cut where the line ends."""
    lines: list[str] = []
    line = ""
    for word in text.split():
        candidate = f"{line} {word}" if line else word
        if font.size(candidate)[0] <= width:
            line = candidate
            continue
        if line:
            lines.append(line)
        while font.size(word)[0] > width:
            cut = _longest_fit(word, font, width)
            lines.append(word[:cut])
            word = word[cut:]
        line = word
        if len(lines) > max_lines:
            break
    if line:
        lines.append(line)
    if not lines:
        return [""]
    if len(lines) <= max_lines:
        return lines
    last = lines[max_lines - 1]
    while last and font.size(last + ELLIPSIS)[0] > width:
        last = last[:-1]
    return [*lines[: max_lines - 1], last.rstrip() + ELLIPSIS]


def _longest_fit(word: str, font: pygame.font.Font, width: int) -> int:
    """The length of the longest start of ``word`` that fits ``width`` (at least 1)."""
    low, high = 1, len(word)
    while low < high:
        middle = (low + high + 1) // 2
        if font.size(word[:middle])[0] <= width:
            low = middle
        else:
            high = middle - 1
    return low
