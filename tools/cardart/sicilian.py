"""What sets the Sicilian deck apart: its aces, the Trinacria and the back.

The ace of denari is an eagle bearing the coin on its breast; the other aces stand in a gold
glory. The Trinacria (three running legs around a face, the island's emblem) marks the
middle coin of the three of denari and the back.
"""

from __future__ import annotations

import math

from cardart.canvas import Canvas, Color, Point, bezier, mirror, rounded_rect, shade
from cardart.layout import H, W
from cardart.suits import (
    INK,
    SICILIAN_GREEN,
    SICILIAN_RED,
    SICILIAN_YELLOW,
    SKY,
    draw_symbol,
)

FLESH: Color = (244, 204, 168)
EAGLE: Color = (44, 40, 46)
GLORY: Color = (252, 228, 150)


def trinacria(c: Canvas, x: float, y: float, r: float, leg: Color = SICILIAN_RED) -> None:
    """Three bent legs running round a face, fitting a circle of radius ``r``."""
    ink = 0.045 * r
    for i in range(3):
        a = math.radians(-90 + 120 * i)
        ux, uy = math.cos(a), math.sin(a)
        vx, vy = -uy, ux  # a quarter turn on, the way the legs run

        def at(along: float, across: float) -> Point:
            return (x + ux * along * r + vx * across * r, y + uy * along * r + vy * across * r)  # noqa: B023

        thigh = [at(0.2, -0.16), at(0.74, -0.13), at(0.86, 0.0), at(0.66, 0.06), at(0.2, 0.14)]
        shin = [at(0.87, -0.02), at(0.82, 0.42), at(0.98, 0.46), at(0.98, 0.53), at(0.7, 0.56)]
        shin += [at(0.68, 0.44), at(0.68, 0.06)]
        c.polygon(shin, leg, INK, ink)
        c.polygon(thigh, leg, INK, ink)
        c.circle(*at(0.77, -0.03), 0.09 * r, leg)
    c.circle(x, y, 0.34 * r, SICILIAN_YELLOW, INK, ink)
    c.circle(x, y, 0.25 * r, FLESH, INK, ink * 0.8)
    for side in (-1, 1):
        c.circle(x + side * 0.09 * r, y - 0.04 * r, 0.035 * r, INK)
    c.line([(x - 0.07 * r, y + 0.1 * r), (x + 0.07 * r, y + 0.1 * r)], SICILIAN_RED, 0.04 * r)


def _glory(c: Canvas, cx: float, cy: float, rx: float, ry: float) -> None:
    """Gold rays fanning out from the middle of an ace."""
    for i in range(36):
        a = 2 * math.pi * (i + 0.5) / 36
        long = 1.0 if i % 2 == 0 else 0.82
        half = 0.045
        tip = (cx + rx * long * math.cos(a), cy + ry * long * math.sin(a))
        left = (cx + 0.2 * rx * math.cos(a - half), cy + 0.2 * ry * math.sin(a - half))
        right = (cx + 0.2 * rx * math.cos(a + half), cy + 0.2 * ry * math.sin(a + half))
        c.polygon([left, tip, right], GLORY, shade(GLORY, 0.8), 0.8)


def _feathers(root: Point, tips: list[Point]) -> list[Point]:
    """A wing's outline: from ``root`` out along scalloped feather tips and back."""
    pts: list[Point] = [root]
    for a, b in zip(tips, tips[1:], strict=False):
        mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
        pts += [a, (mx + (root[0] - mx) * 0.12, my + (root[1] - my) * 0.12)]
    pts.append(tips[-1])
    return pts


def _eagle(c: Canvas) -> None:
    """The ace of denari: a crowned eagle, wings spread, the coin on its breast."""
    cx = W / 2
    for side in (-1, 1):
        px, py = cx + side * 18, 180
        tips: list[Point] = [(cx + side * 12, 150)]
        rays: list[Point] = []
        for k in range(7):
            theta = math.radians(-84 + 15 * k)
            rad = 100 - 4 * k
            dx, dy = side * math.cos(theta), math.sin(theta)
            tips.append((px + rad * dx, py + rad * dy))
            rays.append((px + (rad - 22) * dx, py + (rad - 22) * dy))
        c.polygon(_feathers((cx + side * 16, 222), tips), EAGLE, INK, 1.6)
        for end in rays[:-1]:
            c.line([(px, py), end], SICILIAN_YELLOW, 1.6)
    tail = [(cx - 16, 250), (cx - 40, 306), (cx - 20, 298), (cx - 8, 314), (cx, 302)]
    c.polygon(tail + mirror(tail, cx)[1:], EAGLE, INK, 1.6)
    for dx in (-18, 0, 18):
        c.line([(cx + dx * 0.3, 262), (cx + dx, 300)], SICILIAN_YELLOW, 1.4)
    for side in (-1, 1):
        leg = [(cx + side * 16, 250), (cx + side * 26, 272), (cx + side * 30, 282)]
        c.line(leg, INK, 10)
        c.line(leg, EAGLE, 7)
        for k in (-1, 0, 1):
            toe = (cx + side * 30 + k * 8, 292 - abs(k) * 2)
            c.line([(cx + side * 30, 282), toe], INK, 4.2)
            c.line([(cx + side * 30, 282), toe], SICILIAN_YELLOW, 2.4)
    c.ellipse(cx, 205, 34, 56, EAGLE, INK, 1.6)
    neck = [(cx - 12, 160), (cx - 10, 128), (cx + 10, 128), (cx + 12, 160)]
    c.polygon(neck, EAGLE, INK, 1.6)
    c.circle(cx, 118, 17, EAGLE, INK, 1.6)
    beak = [(cx - 12, 112), (cx - 34, 118), (cx - 28, 126), (cx - 12, 124)]
    c.polygon(beak, SICILIAN_YELLOW, INK, 1.2)
    c.line([(cx - 30, 124), (cx - 24, 130)], SICILIAN_RED, 2.2)
    c.circle(cx - 5, 113, 3.6, SICILIAN_YELLOW, INK, 0.8)
    c.circle(cx - 5, 113, 1.4, INK)
    crown = [(cx - 15, 104), (cx + 15, 104), (cx + 17, 86), (cx + 8, 95), (cx, 82)]
    crown += [(cx - 8, 95), (cx - 17, 86)]
    c.polygon(crown, SICILIAN_YELLOW, INK, 1.2)
    for px in (-17, 0, 17):
        c.circle(cx + px, 83 if px else 80, 2.6, SICILIAN_RED, INK, 0.8)
    draw_symbol(c, "siciliane", "D", cx, 206, 86)


def _ribbon(c: Canvas, x: float, top: float, bottom: float) -> None:
    """A red ribbon wound three times round a long symbol standing at ``x``."""
    for k in range(3):
        y = top + (bottom - top) * k / 2
        left = bezier((x - 44, y - 6), (x - 30, y + 14), (x + 30, y + 2), (x + 44, y + 18), 12)
        right = bezier((x + 44, y + 28), (x + 30, y + 12), (x - 30, y + 24), (x - 44, y + 4), 12)
        c.polygon(left + right, SICILIAN_RED, INK, 1.2)
        c.line(left[2:-2], shade(SICILIAN_RED, 1.4), 1.2)


def draw_ace(c: Canvas, suit: str) -> None:
    """The single symbol of a Sicilian ace, with its eagle or its glory."""
    cx, cy = W / 2, H / 2
    if suit == "D":
        _eagle(c)
        return
    _glory(c, cx, cy, 92, 150)
    if suit == "C":
        for side in (-1, 1):
            stem = bezier(
                (cx, 150), (cx + side * 10, 120), (cx + side * 30, 104), (cx + side * 44, 100), 10
            )
            c.line(stem, INK, 4.4)
            c.line(stem, SICILIAN_GREEN, 2.4)
            c.ellipse(cx + side * 28, 112, 10, 4.5, SICILIAN_GREEN, INK, 0.9, rot=side * -30)
            c.circle(cx + side * 46, 98, 8, SICILIAN_RED, INK, 1.0)
            c.circle(cx + side * 46, 98, 3, SICILIAN_YELLOW)
        c.circle(cx, 104, 9, SKY, INK, 1.0)
        c.circle(cx, 104, 3.2, SICILIAN_YELLOW)
        draw_symbol(c, "siciliane", "C", cx, cy + 32, 190)
        return
    size = 286.0 if suit == "S" else 276.0
    draw_symbol(c, "siciliane", suit, cx, cy, size, 0.0, 0.8)
    _ribbon(c, cx, cy - 70, cy + 40)


def _sprig(c: Canvas, x: float, y: float) -> None:
    """A small flowering sprig, the kind of ornament printed between the pips."""
    stem = bezier((x, y + 16), (x - 2, y + 6), (x + 2, y - 4), (x, y - 10), 8)
    c.line(stem, INK, 3.4)
    c.line(stem, SICILIAN_GREEN, 1.8)
    for side, dy in ((-1, 8), (1, 2), (-1, -4)):
        c.ellipse(x + side * 7, y + dy, 7, 3, SICILIAN_GREEN, INK, 0.7, rot=side * -30)
    for i in range(5):
        a = math.radians(72 * i - 90)
        c.circle(x + 4.2 * math.cos(a), y - 12 + 4.2 * math.sin(a), 3.4, SICILIAN_RED, INK, 0.6)
    c.circle(x, y - 12, 2.2, SICILIAN_YELLOW)


def draw_vignette(c: Canvas, suit: str, rank: int, pip: float) -> None:
    """The extras on some number cards: the Trinacria on the middle coin of the three of
    denari, a sprig in the empty middle of the twos and fours; ``pip`` is the pip size."""
    if rank == 3 and suit == "D":
        c.circle(W / 2, H / 2, 0.37 * pip, SKY, INK, 1.2)
        trinacria(c, W / 2, H / 2, 0.35 * pip)
    elif rank in (2, 4):
        _sprig(c, W / 2, H / 2 + 4)


def draw_back(c: Canvas, a: Color, b: Color, paper: Color) -> None:
    """The back: a gold lattice on green with red knots, a Trinacria in the middle."""
    step = 20.0
    for i in range(-24, 25):
        x0 = 12 + i * step
        c.line([(x0, 12), (x0 + H, 12 + H)], b, 1.6)
        c.line([(x0, H - 12), (x0 + H, H - 12 - H)], b, 1.6)
    for gy in range(0, int(H / step) + 2):
        for gx in range(0, int(W / step) + 2):
            x, y = 12 + gx * step, 12 + gy * step
            if 16 <= x <= W - 16 and 16 <= y <= H - 16:
                c.polygon([(x, y - 3.6), (x + 3.6, y), (x, y + 3.6), (x - 3.6, y)], SICILIAN_RED)
    c.polygon(rounded_rect(W / 2 - 62, H / 2 - 62, 124, 124, 62, 16), paper, b, 3.0)
    c.circle(W / 2, H / 2, 54, a, None)
    trinacria(c, W / 2, H / 2, 50, SICILIAN_YELLOW)


__all__ = ["draw_ace", "draw_back", "draw_vignette", "trinacria"]
