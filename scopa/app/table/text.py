"""Rendered text, kept while it is drawn every frame (the score, names, the status line).

Rendering a string costs far more than blitting it; the table redraws the same few texts
sixty times a second, so they are rendered once and reused until they change.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

Colour = tuple[int, int, int]


class TextCache:
    def __init__(self, font: Callable[[str, int], pygame.font.Font], limit: int = 256) -> None:
        self._font = font
        self._limit = limit
        self._cache: dict[tuple[str, int, str, Colour], pygame.Surface] = {}

    def render(self, role: str, px: int, text: str, colour: Colour) -> pygame.Surface:
        key = (role, px, text, colour)
        surface = self._cache.get(key)
        if surface is None:
            if len(self._cache) >= self._limit:
                self._cache.clear()
            surface = self._font(role, px).render(text, True, colour)
            self._cache[key] = surface
        return surface

    def clear(self) -> None:
        self._cache.clear()
