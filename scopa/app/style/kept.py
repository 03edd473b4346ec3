"""Pictures made once and kept, as many as a budget of memory holds.

A cache counted in entries holds far more memory for large pictures than for small ones: 256
panels of a full window took half a gigabyte at 1920x1080 and more at 4K, and a long evening
of different games and window sizes went on filling them. These keep the pictures used most
recently up to a number of windows' worth of pixels (the window's size read as they are
kept), and never fewer than one screen's own panels need frame after frame.
"""

from __future__ import annotations

import functools
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import NamedTuple

import pygame

FLOOR_BYTES = 16 * 1024 * 1024
"""The least a budget holds, whatever the window (a small window still has a few panels)."""
ASSUMED_WINDOW = (1280, 720)
"""The window the budget is counted in before there is one (headless pictures)."""


class KeptInfo(NamedTuple):
    hits: int
    misses: int
    currsize: int
    bytes: int


def picture_bytes(surface: pygame.Surface) -> int:
    return surface.get_width() * surface.get_height() * surface.get_bytesize()


def window_bytes() -> int:
    """The bytes of the window's pixels (of ``ASSUMED_WINDOW`` without a window)."""
    try:
        shown = pygame.display.get_surface()
    except pygame.error:
        shown = None
    w, h = shown.get_size() if shown is not None else ASSUMED_WINDOW
    return w * h * 4


class KeptPictures:
    """``make(*args)`` kept by its arguments, the least recently used let go once the
    pictures kept pass ``windows`` windows' worth of pixels (or ``most`` pictures)."""

    def __init__(self, make: Callable[..., pygame.Surface], windows: float, most: int) -> None:
        self.make, self.windows, self.most = make, windows, most
        self._kept: OrderedDict[Hashable, pygame.Surface] = OrderedDict()
        self._bytes = self._hits = self._misses = 0
        functools.update_wrapper(self, make)

    def __call__(self, *args: Hashable) -> pygame.Surface:
        found = self._kept.get(args)
        if found is not None:
            self._hits += 1
            self._kept.move_to_end(args)
            return found
        self._misses += 1
        made = self.make(*args)
        self._kept[args] = made
        self._bytes += picture_bytes(made)
        budget = max(FLOOR_BYTES, round(self.windows * window_bytes()))
        while len(self._kept) > 1 and (self._bytes > budget or len(self._kept) > self.most):
            _, old = self._kept.popitem(last=False)
            self._bytes -= picture_bytes(old)
        return made

    def cache_info(self) -> KeptInfo:
        return KeptInfo(self._hits, self._misses, len(self._kept), self._bytes)

    def cache_clear(self) -> None:
        self._kept.clear()
        self._bytes = self._hits = self._misses = 0


def kept_pictures(
    windows: float, most: int = 256
) -> Callable[[Callable[..., pygame.Surface]], KeptPictures]:
    """Decorate a function making a picture from hashable arguments (``KeptPictures``)."""

    def decorate(make: Callable[..., pygame.Surface]) -> KeptPictures:
        return KeptPictures(make, windows, most)

    return decorate


__all__ = ["KeptInfo", "KeptPictures", "kept_pictures", "picture_bytes", "window_bytes"]
