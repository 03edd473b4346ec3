"""A supersampled drawing surface working in final-image units.

pygame's primitives are aliased; drawing at ``ss`` times the size and averaging each
``ss x ss`` block with numpy gives clean antialiased edges, and integer averaging keeps the
result identical on every machine (unlike ``smoothscale``, whose SIMD paths may differ).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from pathlib import Path

import numpy as np
import pygame

Point = tuple[float, float]
Color = tuple[int, int, int]

_FONTS: dict[tuple[str, int], pygame.font.Font] = {}


def load_font(path: Path, px: int) -> pygame.font.Font:
    """A font file at ``px`` pixels, opened once; opened again after ``pygame.quit()``, which
    leaves the fonts it closed unusable."""
    if not pygame.font.get_init():
        pygame.font.init()
    key = (str(path), px)
    font = _FONTS.get(key)
    if font is not None:
        try:
            font.get_height()
        except pygame.error:
            font = None
    if font is None:
        font = _FONTS[key] = pygame.font.Font(str(path), px)
    return font


def ellipse(
    cx: float, cy: float, rx: float, ry: float, n: int = 48, rot: float = 0.0
) -> list[Point]:
    """Points of an ellipse, optionally rotated by ``rot`` radians."""
    c, s = math.cos(rot), math.sin(rot)
    pts = []
    for i in range(n):
        a = 2 * math.pi * i / n
        x, y = rx * math.cos(a), ry * math.sin(a)
        pts.append((cx + x * c - y * s, cy + x * s + y * c))
    return pts


def arc(
    cx: float, cy: float, rx: float, ry: float, a0: float, a1: float, n: int = 24
) -> list[Point]:
    """Points along an elliptic arc from angle ``a0`` to ``a1`` (radians, y down)."""
    return [
        (cx + rx * math.cos(a0 + (a1 - a0) * i / n), cy + ry * math.sin(a0 + (a1 - a0) * i / n))
        for i in range(n + 1)
    ]


def bezier(p0: Point, p1: Point, p2: Point, p3: Point, n: int = 16) -> list[Point]:
    """Points of a cubic Bezier curve, both ends included."""
    out = []
    for i in range(n + 1):
        t = i / n
        u = 1 - t
        a, b, c, d = u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t
        out.append(
            (
                a * p0[0] + b * p1[0] + c * p2[0] + d * p3[0],
                a * p0[1] + b * p1[1] + c * p2[1] + d * p3[1],
            )
        )
    return out


def rounded_rect(x: float, y: float, w: float, h: float, r: float, n: int = 8) -> list[Point]:
    """Points of a rectangle with circular corners of radius ``r``."""
    pts: list[Point] = []
    corners = (
        (x + w - r, y + r, -90),
        (x + w - r, y + h - r, 0),
        (x + r, y + h - r, 90),
        (x + r, y + r, 180),
    )
    for cx, cy, start in corners:
        for i in range(n + 1):
            a = math.radians(start + 90 * i / n)
            pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return pts


def transform(
    pts: Iterable[Point], scale: float = 1.0, angle: float = 0.0, dx: float = 0.0, dy: float = 0.0
) -> list[Point]:
    """Scale, rotate (degrees, clockwise on screen) and translate points."""
    a = math.radians(angle)
    c, s = math.cos(a), math.sin(a)
    return [(dx + scale * (x * c - y * s), dy + scale * (x * s + y * c)) for x, y in pts]


def mirror(pts: Sequence[Point], axis_x: float = 0.0) -> list[Point]:
    """Mirror points about the vertical line ``x = axis_x`` (keeps winding sensible)."""
    return [(2 * axis_x - x, y) for x, y in reversed(pts)]


def shade(color: Color, factor: float) -> Color:
    """Darken (factor < 1) or lighten (factor > 1, towards white) a colour."""
    if factor <= 1:
        return (int(color[0] * factor), int(color[1] * factor), int(color[2] * factor))
    t = factor - 1
    return tuple(int(v + (255 - v) * t) for v in color)  # type: ignore[return-value]


class Canvas:
    """Draws in final-pixel units on a surface ``ss`` times larger.

    A local frame (scale, rotation, offset) can be pushed so suit symbols and figures are
    designed once around their own origin and placed anywhere.
    """

    def __init__(
        self, width: int, height: int, ss: int = 4, background: Color = (255, 255, 255)
    ) -> None:
        self.width, self.height, self.ss = width, height, ss
        self.surface = pygame.Surface((width * ss, height * ss))
        self.surface.fill(background)
        self._frames: list[tuple[float, float, float, float, bool]] = [(1.0, 0.0, 0.0, 0.0, False)]

    # -- local frames -------------------------------------------------------------------
    def push(
        self,
        dx: float = 0.0,
        dy: float = 0.0,
        scale: float = 1.0,
        angle: float = 0.0,
        flip: bool = False,
    ) -> None:
        """Enter a frame placed at (dx, dy) in the current one, scaled, rotated, and
        mirrored left-to-right if ``flip`` (text stays readable: only its place moves)."""
        ps, pa, _, _, pf = self._frames[-1]
        ox, oy = self._map((dx, dy))
        self._frames.append((ps * scale, pa + (-angle if pf else angle), ox, oy, pf != flip))

    def pop(self) -> None:
        if len(self._frames) == 1:
            raise RuntimeError("pop without push")
        self._frames.pop()

    @property
    def unit(self) -> float:
        """Size of one local unit in final pixels."""
        return self._frames[-1][0]

    def _map(self, p: Point) -> Point:
        s, a, ox, oy, flip = self._frames[-1]
        r = math.radians(a)
        c, sn = math.cos(r), math.sin(r)
        x, y = p
        if flip:
            x = -x
        return (ox + s * (x * c - y * sn), oy + s * (x * sn + y * c))

    def _px(self, pts: Iterable[Point]) -> list[Point]:
        ss = self.ss
        return [(x * ss, y * ss) for x, y in (self._map(p) for p in pts)]

    # -- primitives ---------------------------------------------------------------------
    def polygon(
        self,
        pts: Sequence[Point],
        fill: Color | None = None,
        outline: Color | None = None,
        width: float = 0.0,
    ) -> None:
        """Fill a polygon and stroke its outline with round joins."""
        px = self._px(pts)
        if len(px) < 3:
            return
        if fill is not None:
            pygame.draw.polygon(self.surface, fill, px)
        if outline is not None and width > 0:
            self._stroke(px, outline, width * self.unit * self.ss, closed=True)

    def line(self, pts: Sequence[Point], color: Color, width: float, closed: bool = False) -> None:
        """A polyline of the given width (local units) with round caps and joins."""
        px = self._px(pts)
        if len(px) < 2:
            return
        self._stroke(px, color, width * self.unit * self.ss, closed=closed)

    def circle(
        self,
        cx: float,
        cy: float,
        r: float,
        fill: Color | None = None,
        outline: Color | None = None,
        width: float = 0.0,
    ) -> None:
        n = max(24, min(96, int(r * self.unit * 3)))
        self.polygon(ellipse(cx, cy, r, r, n), fill, outline, width)

    def ellipse(
        self,
        cx: float,
        cy: float,
        rx: float,
        ry: float,
        fill: Color | None = None,
        outline: Color | None = None,
        width: float = 0.0,
        rot: float = 0.0,
    ) -> None:
        n = max(24, min(96, int(max(rx, ry) * self.unit * 3)))
        self.polygon(ellipse(cx, cy, rx, ry, n, math.radians(rot)), fill, outline, width)

    def _stroke(self, px: list[Point], color: Color, w: float, closed: bool) -> None:
        w = max(1.0, w)
        pygame.draw.lines(self.surface, color, closed, px, max(1, round(w)))
        if w >= 3:
            r = w / 2
            for p in px:
                pygame.draw.circle(self.surface, color, p, r)

    def text(
        self,
        font: pygame.font.Font,
        text: str,
        color: Color,
        cx: float,
        cy: float,
        angle: float = 0.0,
    ) -> None:
        """Blit text centred on a local point; ``font`` is sized for the big surface."""
        img = font.render(text, True, color)
        if angle:
            img = pygame.transform.rotate(img, -angle)
        self.image(img, cx, cy)

    def image(self, img: pygame.Surface, cx: float, cy: float) -> None:
        """Blit an image made for the big surface, upright, centred on a local point."""
        x, y = self._map((cx, cy))
        rect = img.get_rect(center=(round(x * self.ss), round(y * self.ss)))
        self.surface.blit(img, rect)

    # -- output -------------------------------------------------------------------------
    def to_array(self, alpha_mask: Sequence[Point] | None = None) -> np.ndarray:
        """The picture as an (h, w, 4) uint8 array, block-averaged from the big surface.

        ``alpha_mask`` is a polygon (final units, no frame) outside which the picture is
        transparent; its edge is antialiased the same way as everything else.
        """
        ss = self.ss
        rgb = pygame.surfarray.array3d(self.surface).astype(np.uint32)  # (W, H, 3)
        big_w, big_h = rgb.shape[:2]
        small = rgb.reshape(self.width, ss, self.height, ss, 3).sum(axis=(1, 3))
        half = ss * ss // 2
        small = (small + half) // (ss * ss)
        if alpha_mask is None:
            alpha = np.full((self.width, self.height), 255, np.uint32)
        else:
            mask = pygame.Surface((big_w, big_h))
            mask.fill((0, 0, 0))
            pygame.draw.polygon(mask, (255, 255, 255), [(x * ss, y * ss) for x, y in alpha_mask])
            m = pygame.surfarray.array_red(mask).astype(np.uint32)
            alpha = (m.reshape(self.width, ss, self.height, ss).sum(axis=(1, 3)) + half) // (
                ss * ss
            )
        out = np.dstack([small, alpha[:, :, None]]).astype(np.uint8)
        return np.ascontiguousarray(out.transpose(1, 0, 2))
