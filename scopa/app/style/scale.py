"""Lengths for one window size: fractions of a reference height in whole pixels.

The reference is the window's height, or its width's 16:9 height when the window is
unusually wide; the table's ``unit`` (against 1920x1080) is the same measure.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from .palette import Color
from .text import MIN_PX, Pen

if TYPE_CHECKING:
    from ..app import App


class Scale:
    def __init__(self, size: tuple[int, int]) -> None:
        self.w, self.h = size
        self.ref = min(self.h, self.w * 9 / 16)

    def px(self, fraction: float) -> int:
        """``fraction`` of the reference height, in whole pixels (at least 1)."""
        return max(1, round(fraction * self.ref))

    def text_px(self, fraction: float) -> int:
        """A text size: ``fraction`` of the reference height, never under the readable
        minimum."""
        return max(MIN_PX, self.px(fraction))

    def rect(self, x: float, y: float, w: float, h: float) -> pygame.Rect:
        """A rectangle given in fractions of the window."""
        return pygame.Rect(
            round(x * self.w), round(y * self.h), round(w * self.w), round(h * self.h)
        )

    def centered(self, w: float, h: float, cy: float = 0.5) -> pygame.Rect:
        """A rectangle ``w`` x ``h`` of the reference height, centred at ``cy`` of the height."""
        rect = pygame.Rect(0, 0, min(self.w, self.px(w)), min(self.h, self.px(h)))
        rect.center = (self.w // 2, round(self.h * cy))
        return rect


class Metrics(Scale):
    """A scale with the app's fonts: what a menu lays itself out and writes with."""

    def __init__(self, app: App, size: tuple[int, int]) -> None:
        super().__init__(size)
        self.app = app

    def font(self, role: str, fraction: float) -> pygame.font.Font:
        return self.app.font(role, self.text_px(fraction))

    def pen(self, role: str, fraction: float, colour: Color, shadow: Color | None = None) -> Pen:
        return Pen(self.app.font, role, self.text_px(fraction), colour, shadow)
