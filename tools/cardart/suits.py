"""Suit symbols of the deck styles, each designed in a unit box around its origin.

A symbol spans about -0.5..0.5 in its own units (height 1); :func:`draw_symbol` places it.
Shapes are bold with a dark outline and flat strong colours so that a pip a dozen pixels
wide on the smallest table still reads as a coin, a cup, a sword or a club.
"""

from __future__ import annotations

import math

from cardart.canvas import Canvas, Color, Point, arc, bezier, mirror, shade

INK: Color = (34, 27, 24)
GOLD: Color = (236, 178, 38)
GOLD_LIGHT: Color = (252, 214, 96)
RED: Color = (196, 34, 36)
BLUE: Color = (36, 78, 160)
GREEN: Color = (38, 122, 62)
STEEL: Color = (120, 156, 198)
STEEL_LIGHT: Color = (214, 230, 244)
WOOD: Color = (150, 92, 42)
WOOD_LIGHT: Color = (214, 160, 92)
WHITE: Color = (250, 246, 236)
BLACK: Color = (28, 26, 28)
FRENCH_RED: Color = (206, 28, 40)
SKY: Color = (70, 150, 214)
SICILIAN_YELLOW: Color = (250, 200, 30)
SICILIAN_RED: Color = (214, 40, 34)
SICILIAN_GREEN: Color = (24, 138, 74)
VENETIAN_YELLOW: Color = (246, 196, 44)
VENETIAN_RED: Color = (200, 36, 44)
VENETIAN_BLUE: Color = (34, 82, 168)
VENETIAN_AZURE: Color = (104, 174, 228)
VENETIAN_STEEL: Color = (82, 148, 214)

OUT = 0.035  # outline width in symbol units

FRENCH_SUITED = ("french", "genovesi")
"""The deck styles with French suits (hearts, diamonds, clubs, spades) and French courts
(jack, queen, king); the Genoese deck is the French-suited pattern Cirulla is played with."""


def _outline(c: Canvas) -> float:
    """The outline width in symbol units, thinner than ``OUT`` on the biggest symbols."""
    return min(OUT, 3.2 / c.unit)


# -- denari -----------------------------------------------------------------------------
def _coin_napoletane(c: Canvas, slim: float = 1.0) -> None:
    c.circle(0, 0, 0.5, GOLD, INK, OUT)
    for i in range(20):
        a = 2 * math.pi * i / 20
        c.circle(0.455 * math.cos(a), 0.455 * math.sin(a), 0.022, INK)
    c.circle(0, 0, 0.405, RED, INK, OUT * 0.8)
    c.circle(0, 0, 0.33, GOLD_LIGHT, INK, OUT * 0.8)
    for i in range(8):
        a = 360 * i / 8
        r = math.radians(a)
        c.ellipse(0.17 * math.cos(r), 0.17 * math.sin(r), 0.13, 0.055, RED, INK, OUT * 0.6, rot=a)
    for i in range(8):
        r = math.radians(360 * i / 8 + 22.5)
        c.circle(0.25 * math.cos(r), 0.25 * math.sin(r), 0.03, GREEN)
    c.circle(0, 0, 0.085, GREEN, INK, OUT * 0.7)
    c.circle(0, 0, 0.035, GOLD_LIGHT)


def _coin_piacentine(c: Canvas, slim: float = 1.0) -> None:
    c.circle(0, 0, 0.5, RED, INK, OUT)
    c.circle(0, 0, 0.43, GOLD, INK, OUT * 0.7)
    rays: list[Point] = []
    for i in range(32):
        a = 2 * math.pi * i / 32
        r = 0.36 if i % 2 == 0 else 0.24
        rays.append((r * math.cos(a), r * math.sin(a)))
    c.polygon(rays, GOLD_LIGHT, INK, OUT * 0.6)
    c.circle(0, 0, 0.2, GREEN, INK, OUT * 0.7)
    c.circle(0, 0, 0.13, GOLD_LIGHT, INK, OUT * 0.5)
    c.circle(0, 0, 0.06, RED)


def _coin_siciliane(c: Canvas, slim: float = 1.0) -> None:
    o = _outline(c)
    edge: list[Point] = []
    for i in range(96):
        a = 2 * math.pi * i / 96
        r = 0.5 - 0.025 * (1 + math.cos(16 * a))
        edge.append((r * math.cos(a), r * math.sin(a)))
    c.polygon(edge, SICILIAN_YELLOW, INK, o)
    c.circle(0, 0, 0.37, SKY, INK, o * 0.8)
    c.circle(0, 0, 0.3, SICILIAN_YELLOW, INK, o * 0.6)
    for i in range(6):
        a = 60 * i - 90
        r = math.radians(a)
        c.ellipse(
            0.15 * math.cos(r), 0.15 * math.sin(r), 0.13, 0.065, SICILIAN_RED, INK, o * 0.6, rot=a
        )
    c.circle(0, 0, 0.075, SICILIAN_GREEN, INK, o * 0.6)


def _coin_trevisane(c: Canvas, slim: float = 1.0) -> None:
    """Half azure, half yellow, a rosette in the middle: the Venetian coin."""
    o = _outline(c)
    c.circle(0, 0, 0.5, VENETIAN_YELLOW, INK, o)
    half = [(0.0, -0.5)] + arc(0, 0, 0.5, 0.5, -math.pi / 2, -3 * math.pi / 2, 24)[1:]
    c.polygon(half, VENETIAN_AZURE)
    c.circle(0, 0, 0.5, None, INK, o)
    c.circle(0, 0, 0.38, None, INK, o * 0.7)
    for i in range(16):
        a = 2 * math.pi * (i + 0.5) / 16
        c.circle(0.44 * math.cos(a), 0.44 * math.sin(a), 0.02, INK)
    for i in range(8):
        a = 45 * i + 22.5
        r = math.radians(a)
        c.ellipse(
            0.2 * math.cos(r), 0.2 * math.sin(r), 0.13, 0.07, VENETIAN_RED, INK, o * 0.6, rot=a
        )
    c.circle(0, 0, 0.09, VENETIAN_YELLOW, INK, o * 0.6)
    c.circle(0, 0, 0.035, VENETIAN_RED)


def _diamond(c: Canvas, slim: float = 1.0) -> None:
    pts = bezier((0, -0.5), (0.12, -0.3), (0.26, -0.12), (0.36, 0), 8)
    pts += bezier((0.36, 0), (0.26, 0.12), (0.12, 0.3), (0, 0.5), 8)[1:]
    pts += mirror(pts)[1:-1]
    c.polygon(pts, FRENCH_RED)


# -- coppe ------------------------------------------------------------------------------
def _bowl(top: float, bottom: float, half_w: float, y0: float, y1: float) -> list[Point]:
    """Slice of a half-ellipse bowl between heights y0 < y1."""

    def w(y: float) -> float:
        t = (y - top) / (bottom - top)
        return half_w * math.sqrt(max(0.0, 1 - t * t))

    n = 14
    right = [(w(y0 + (y1 - y0) * i / n), y0 + (y1 - y0) * i / n) for i in range(n + 1)]
    return right + [(-x, y) for x, y in reversed(right)]


def _cup_napoletane(c: Canvas, slim: float = 1.0) -> None:
    top, bottom, hw = -0.36, 0.02, 0.3
    c.polygon(
        [(-0.25, 0.33), (-0.08, 0.24), (0.08, 0.24), (0.25, 0.33), (0.3, 0.44), (-0.3, 0.44)],
        GOLD,
        INK,
        OUT,
    )
    c.ellipse(0, 0.44, 0.3, 0.05, GOLD, INK, OUT)
    c.polygon([(-0.055, -0.02), (0.055, -0.02), (0.055, 0.27), (-0.055, 0.27)], GOLD, INK, OUT)
    c.ellipse(0, 0.12, 0.12, 0.065, RED, INK, OUT)
    c.ellipse(0, 0.0, 0.09, 0.04, GOLD_LIGHT, INK, OUT * 0.7)
    c.polygon(_bowl(top, bottom, hw, top, bottom), GOLD, INK, OUT)
    c.polygon(_bowl(top, bottom, hw, -0.24, -0.14), RED)
    c.polygon(_bowl(top, bottom, hw, -0.08, -0.04), BLUE)
    c.line([(-0.2, -0.31), (-0.17, -0.26)], GOLD_LIGHT, 0.03)
    c.ellipse(0, -0.38, 0.33, 0.08, GOLD_LIGHT, INK, OUT)
    c.ellipse(0, -0.38, 0.26, 0.05, BLUE, INK, OUT * 0.6)


def _cup_piacentine(c: Canvas, slim: float = 1.0) -> None:
    c.polygon([(-0.07, 0.26), (0.07, 0.26), (0.24, 0.41), (-0.24, 0.41)], BLUE, INK, OUT)
    c.ellipse(0, 0.42, 0.25, 0.055, GOLD, INK, OUT)
    c.polygon([(-0.05, -0.05), (0.05, -0.05), (0.05, 0.28), (-0.05, 0.28)], GOLD, INK, OUT)
    c.circle(0, 0.11, 0.09, RED, INK, OUT)
    bowl = bezier((-0.28, -0.4), (-0.28, -0.18), (-0.14, -0.04), (0, -0.04), 12)
    bowl = bowl + mirror(bowl)[1:]
    c.polygon(bowl, BLUE, INK, OUT)
    band = [(-0.27, -0.27), (0.27, -0.27), (0.22, -0.18), (-0.22, -0.18)]
    c.polygon(band, GOLD, INK, OUT * 0.5)
    for x in (-0.12, 0.0, 0.12):
        c.circle(x, -0.225, 0.028, RED)
    c.ellipse(0, -0.41, 0.3, 0.07, GOLD, INK, OUT)
    c.ellipse(0, -0.41, 0.23, 0.04, RED, INK, OUT * 0.5)


def _cup_siciliane(c: Canvas, slim: float = 1.0) -> None:
    o = _outline(c)
    foot = bezier((-0.27, 0.45), (-0.24, 0.34), (-0.08, 0.32), (-0.05, 0.22), 8)
    c.polygon(foot + mirror(foot)[1:-1], SICILIAN_YELLOW, INK, o)
    c.ellipse(0, 0.45, 0.27, 0.045, SICILIAN_RED, INK, o)
    c.polygon(
        [(-0.045, -0.04), (0.045, -0.04), (0.05, 0.24), (-0.05, 0.24)], SICILIAN_YELLOW, INK, o
    )
    c.ellipse(0, 0.09, 0.1, 0.075, SICILIAN_GREEN, INK, o)
    bowl = bezier((-0.33, -0.42), (-0.26, -0.14), (-0.12, -0.04), (0, -0.03), 12)
    bowl = bowl + mirror(bowl)[1:]
    c.polygon(bowl, SICILIAN_RED, INK, o)
    band = bezier((-0.3, -0.3), (-0.2, -0.25), (0.2, -0.25), (0.3, -0.3), 8)
    band += bezier((0.25, -0.18), (0.15, -0.15), (-0.15, -0.15), (-0.25, -0.18), 8)
    c.polygon(band, SICILIAN_YELLOW, INK, o * 0.6)
    c.ellipse(0, -0.42, 0.34, 0.07, SICILIAN_YELLOW, INK, o)
    c.ellipse(0, -0.42, 0.27, 0.04, shade(SICILIAN_RED, 0.6), INK, o * 0.5)


def _cup_trevisane(c: Canvas, slim: float = 1.0) -> None:
    """A tall tulip-shaped chalice, ribbed, with a blue knop and a broad yellow foot."""
    o = _outline(c)
    foot = bezier((-0.3, 0.46), (-0.26, 0.36), (-0.1, 0.34), (-0.06, 0.24), 8)
    c.polygon(foot + mirror(foot)[1:-1], VENETIAN_YELLOW, INK, o)
    c.ellipse(0, 0.46, 0.3, 0.045, shade(VENETIAN_YELLOW, 0.8), INK, o)
    c.polygon([(-0.05, 0.0), (0.05, 0.0), (0.06, 0.26), (-0.06, 0.26)], VENETIAN_YELLOW, INK, o)
    c.ellipse(0, 0.13, 0.12, 0.06, VENETIAN_BLUE, INK, o)
    c.ellipse(0, 0.02, 0.09, 0.04, VENETIAN_YELLOW, INK, o * 0.7)
    side = bezier((-0.32, -0.44), (-0.22, -0.26), (-0.26, -0.04), (0, 0.0), 14)
    bowl = side + mirror(side)[1:]
    c.polygon(bowl, VENETIAN_RED, INK, o)
    for x in (-0.16, -0.06, 0.06, 0.16):
        c.line([(x * 1.1, -0.4), (x * 0.35, -0.05)], shade(VENETIAN_RED, 0.68), 0.02)
    band = bezier((-0.27, -0.3), (-0.1, -0.26), (0.1, -0.26), (0.27, -0.3), 8)
    band += bezier((0.25, -0.2), (0.1, -0.17), (-0.1, -0.17), (-0.25, -0.2), 8)
    c.polygon(band, VENETIAN_YELLOW, INK, o * 0.6)
    c.ellipse(0, -0.44, 0.33, 0.06, VENETIAN_YELLOW, INK, o)
    c.ellipse(0, -0.44, 0.26, 0.032, VENETIAN_AZURE, INK, o * 0.5)


def _heart(c: Canvas, slim: float = 1.0) -> None:
    right = bezier((0, -0.28), (0.08, -0.52), (0.5, -0.5), (0.47, -0.14), 12)
    right += bezier((0.47, -0.14), (0.44, 0.14), (0.12, 0.28), (0, 0.5), 12)[1:]
    c.polygon(right + mirror(right)[1:-1], FRENCH_RED)


# -- spade ------------------------------------------------------------------------------
def _blade(
    base_y: float, tip: Point, half_w: float, bend: float
) -> tuple[list[Point], list[Point]]:
    """Left and right edges of a blade from (0, base_y) to ``tip``, bowed by ``bend``."""
    n = 18
    left, right = [], []
    for i in range(n + 1):
        t = i / n
        x = tip[0] * t + bend * math.sin(math.pi * t)
        y = base_y + (tip[1] - base_y) * t
        dx = tip[0] + bend * math.pi * math.cos(math.pi * t)
        dy = tip[1] - base_y
        norm = math.hypot(dx, dy)
        nx, ny = -dy / norm, dx / norm
        w = half_w * (1 - t**2.2) if t < 1 else 0.0
        left.append((x - nx * w, y - ny * w))
        right.append((x + nx * w, y + ny * w))
    return left, right


def _sword(
    c: Canvas, bend: float, guard: Color, grip: Color, blade_w: float, slim: float = 1.0
) -> None:
    left, right = _blade(0.16, (0.0, -0.5), blade_w * slim, bend * slim)
    c.polygon(left + list(reversed(right)), STEEL, INK, OUT)
    mid = [((a[0] + b[0]) / 2, (a[1] + b[1]) / 2) for a, b in zip(left, right, strict=True)]
    c.line(mid[1:-3], STEEL_LIGHT, 0.028)
    c.polygon([(-0.045, 0.2), (0.045, 0.2), (0.05, 0.39), (-0.05, 0.39)], grip, INK, OUT)
    for y in (0.25, 0.3, 0.35):
        c.line([(-0.045, y), (0.045, y + 0.03)], INK, 0.015)
    c.polygon([(-0.2, 0.14), (0.2, 0.14), (0.22, 0.2), (-0.22, 0.2)], guard, INK, OUT)
    c.circle(-0.23, 0.17, 0.045, guard, INK, OUT)
    c.circle(0.23, 0.17, 0.045, guard, INK, OUT)
    c.circle(0, 0.44, 0.06, guard, INK, OUT)


def _sword_napoletane(c: Canvas, slim: float = 1.0) -> None:
    _sword(c, 0.09, GOLD, RED, 0.11, slim)


def _sword_piacentine(c: Canvas, slim: float = 1.0) -> None:
    _sword(c, 0.0, RED, BLUE, 0.095, slim)


def _sword_siciliane(c: Canvas, slim: float = 1.0) -> None:
    o = _outline(c)
    w = 0.068 * slim
    blade = [(-w, 0.22), (-w * 0.85, -0.38), (0, -0.5), (w * 0.85, -0.38), (w, 0.22)]
    c.polygon(blade, SKY, INK, o)
    c.polygon([(0, 0.21), (0, -0.48), (w * 0.85, -0.38), (w, 0.21)], shade(SKY, 1.45))
    c.line([(0, 0.2), (0, -0.46)], INK, 0.016)
    c.polygon(blade, None, INK, o)
    c.polygon([(-0.04, 0.26), (0.04, 0.26), (0.04, 0.4), (-0.04, 0.4)], SICILIAN_RED, INK, o)
    for y in (0.29, 0.33, 0.37):
        c.line([(-0.035, y), (0.035, y + 0.02)], INK, 0.012)
    for side in (-1, 1):
        arm = bezier((0, 0.24), (side * 0.1, 0.26), (side * 0.17, 0.24), (side * 0.17, 0.17), 10)
        c.line(arm, INK, 0.06 + 2 * o)
        c.line(arm, SICILIAN_YELLOW, 0.06)
        c.circle(side * 0.17, 0.165, 0.035, SICILIAN_YELLOW, INK, o * 0.8)
    c.polygon([(-0.09, 0.21), (0.09, 0.21), (0.07, 0.27), (-0.07, 0.27)], SICILIAN_YELLOW, INK, o)
    c.circle(0, 0.445, 0.055, SICILIAN_YELLOW, INK, o)
    c.circle(0, 0.445, 0.02, SICILIAN_RED)


def _sword_trevisane(c: Canvas, slim: float = 1.0) -> None:
    """A curved blade with a yellow hilt, the guard's quillons bent towards the blade."""
    o = _outline(c)
    left, right = _blade(0.16, (0.02, -0.5), 0.075 * slim, -0.11 * slim)
    c.polygon(left + list(reversed(right)), VENETIAN_STEEL, INK, o)
    back = [
        ((a[0] * 0.6 + b[0] * 0.4), (a[1] * 0.6 + b[1] * 0.4))
        for a, b in zip(left, right, strict=True)
    ]
    c.line(back[1:-3], shade(VENETIAN_BLUE, 0.9), 0.022)
    c.polygon([(-0.04, 0.2), (0.04, 0.2), (0.045, 0.38), (-0.045, 0.38)], VENETIAN_RED, INK, o)
    for side in (-1, 1):
        arm = bezier((0, 0.18), (side * 0.1, 0.18), (side * 0.17, 0.15), (side * 0.19, 0.07), 8)
        c.line(arm, INK, 0.055 + 2 * o)
        c.line(arm, VENETIAN_YELLOW, 0.055)
    c.polygon([(-0.09, 0.15), (0.09, 0.15), (0.07, 0.21), (-0.07, 0.21)], VENETIAN_YELLOW, INK, o)
    c.circle(0, 0.43, 0.055, VENETIAN_YELLOW, INK, o)


def _spade_french(c: Canvas, slim: float = 1.0) -> None:
    right = bezier((0, -0.5), (0.12, -0.3), (0.5, -0.16), (0.46, 0.1), 12)
    right += bezier((0.46, 0.1), (0.42, 0.3), (0.14, 0.32), (0.03, 0.16), 10)[1:]
    right += [(0.06, 0.34), (0.18, 0.46)]
    c.polygon(right + mirror(right)[1:-1], BLACK)


# -- bastoni ----------------------------------------------------------------------------
def _club(
    c: Canvas,
    body: Color,
    light: Color,
    knot: Color,
    taper: float,
    bend: float,
    slim: float = 1.0,
) -> None:
    n = 16
    left, right = [], []
    for i in range(n + 1):
        t = i / n
        y = 0.47 - 0.9 * t
        x = bend * math.sin(math.pi * t)
        w = (0.065 + (0.16 - 0.065) * t**taper) * slim
        left.append((x - w, y))
        right.append((x + w, y))
    cap = arc(
        right[-1][0] - (right[-1][0] - left[-1][0]) / 2,
        left[-1][1],
        (right[-1][0] - left[-1][0]) / 2,
        0.06,
        0,
        -math.pi,
        10,
    )
    c.polygon(left + cap[::-1][1:-1] + list(reversed(right)), body, INK, OUT)
    c.line([(p[0] + 0.035, p[1]) for p in left[2:-2]], light, 0.03)
    stubs = ((0.22, 1), (0.42, -1), (0.62, 1), (0.8, -1))
    for t, side in stubs:
        i = round(t * n)
        edge = right[i] if side > 0 else left[i]
        sx = edge[0] + side * 0.05
        c.polygon(
            [
                (edge[0] - side * 0.02, edge[1] + 0.05),
                (sx + side * 0.03, edge[1] - 0.02),
                (sx, edge[1] - 0.07),
                (edge[0] - side * 0.02, edge[1] - 0.04),
            ],
            body,
            INK,
            OUT * 0.8,
        )
        c.ellipse(
            sx + side * 0.012, edge[1] - 0.045, 0.028, 0.04, knot, INK, OUT * 0.5, rot=side * 30
        )
    c.ellipse(
        (left[-1][0] + right[-1][0]) / 2, left[-1][1] - 0.01, 0.07, 0.035, knot, INK, OUT * 0.5
    )


def _club_napoletane(c: Canvas, slim: float = 1.0) -> None:
    _club(c, (184, 118, 46), (236, 188, 112), GREEN, 1.4, 0.05, slim)


def _club_piacentine(c: Canvas, slim: float = 1.0) -> None:
    _club(c, WOOD, WOOD_LIGHT, RED, 0.8, 0.0, slim)


def _club_siciliane(c: Canvas, slim: float = 1.0) -> None:
    o = _outline(c)
    n = 20
    left, right = [], []
    for i in range(n + 1):
        t = i / n
        y = 0.46 - 0.82 * t
        w = (0.06 + 0.1 * t**1.8) * slim
        left.append((-w, y))
        right.append((w, y))
    top_w = right[-1][0]
    dome = bezier((top_w, -0.36), (top_w, -0.46), (0.3 * top_w, -0.5), (0, -0.5), 8)
    dome = dome + mirror(dome)[1:]
    body = left + list(reversed(dome))[1:-1] + list(reversed(right))
    wood, dark = (238, 176, 44), (196, 112, 30)
    c.polygon(body, wood, INK, o)
    c.polygon([(0.35 * abs(x), y) for x, y in right] + list(reversed(right)), dark)
    c.line([(-0.55 * abs(x), y) for x, y in left[3:-3]], shade(wood, 1.5), 0.025 * slim + 0.01)
    for i in (6, 11, 16):
        x, y = right[i]
        c.line(arc(0, y, x, 0.02, 0.3, math.pi - 0.3, 8), dark, 0.012)
    c.polygon(body, None, INK, o)
    for t, side in ((0.22, -1), (0.38, 1), (0.54, -1), (0.7, 1), (0.86, -1)):
        i = round(t * n)
        x, y = right[i] if side > 0 else left[i]
        k = 0.75 + 0.35 * t
        tip = (x + side * 0.085 * k * slim, y - 0.05 * k)
        knob = [
            (x - side * 0.03, y + 0.05 * k),
            (tip[0] + side * 0.01, tip[1] + 0.03 * k),
            tip,
            (tip[0] - side * 0.035 * k, tip[1] - 0.02 * k),
            (x - side * 0.03, y - 0.035 * k),
        ]
        c.polygon(knob, wood, INK, o * 0.7)
        c.ellipse(
            tip[0] - side * 0.012,
            tip[1] + 0.008,
            0.03 * k * slim + 0.008,
            0.034 * k,
            SICILIAN_RED,
            INK,
            o * 0.5,
            rot=side * 40,
        )
    c.polygon(
        [(-0.07 * slim, 0.33), (0.07 * slim, 0.33), (0.072 * slim, 0.38), (-0.072 * slim, 0.38)],
        SICILIAN_GREEN,
        INK,
        o * 0.6,
    )
    c.ellipse(0, 0.46, 0.062 * slim, 0.025, dark, INK, o * 0.6)


def _club_trevisane(c: Canvas, slim: float = 1.0) -> None:
    """A smooth ceremonial baton, yellow banded with red, a knob at either end."""
    o = _outline(c)
    w = 0.075 * slim
    c.polygon([(-w, -0.42), (w, -0.42), (w, 0.42), (-w, 0.42)], VENETIAN_YELLOW, INK, o)
    c.line([(-w * 0.45, -0.4), (-w * 0.45, 0.4)], shade(VENETIAN_YELLOW, 1.5), w * 0.5)
    for y in (-0.24, 0.0, 0.24):
        c.polygon(
            [(-w, y - 0.04), (w, y - 0.04), (w, y + 0.04), (-w, y + 0.04)], VENETIAN_RED, INK, o
        )
    for end in (-1, 1):
        c.ellipse(0, end * 0.425, w * 1.5, 0.03, VENETIAN_BLUE, INK, o * 0.8)
        c.circle(0, end * 0.465, w * 1.05, VENETIAN_RED, INK, o * 0.8)


def _club_french(c: Canvas, slim: float = 1.0) -> None:
    c.circle(0, -0.24, 0.2, BLACK)
    c.circle(-0.23, 0.06, 0.2, BLACK)
    c.circle(0.23, 0.06, 0.2, BLACK)
    c.polygon([(-0.1, 0.0), (0.1, 0.0), (0.0, -0.2)], BLACK)
    c.polygon(
        [(-0.04, 0.02), (0.04, 0.02), (0.07, 0.36), (0.18, 0.48), (-0.18, 0.48), (-0.07, 0.36)],
        BLACK,
    )


SYMBOLS = {
    "napoletane": {
        "D": _coin_napoletane,
        "C": _cup_napoletane,
        "S": _sword_napoletane,
        "B": _club_napoletane,
    },
    "piacentine": {
        "D": _coin_piacentine,
        "C": _cup_piacentine,
        "S": _sword_piacentine,
        "B": _club_piacentine,
    },
    "siciliane": {
        "D": _coin_siciliane,
        "C": _cup_siciliane,
        "S": _sword_siciliane,
        "B": _club_siciliane,
    },
    "trevisane": {
        "D": _coin_trevisane,
        "C": _cup_trevisane,
        "S": _sword_trevisane,
        "B": _club_trevisane,
    },
    "french": {"D": _diamond, "C": _heart, "S": _spade_french, "B": _club_french},
    "genovesi": {"D": _diamond, "C": _heart, "S": _spade_french, "B": _club_french},
}


def draw_symbol(
    c: Canvas,
    style: str,
    suit: str,
    x: float,
    y: float,
    size: float,
    angle: float = 0.0,
    slim: float = 1.0,
) -> None:
    """Draw one suit symbol of height ``size`` centred on (x, y) in the current frame.

    ``slim`` < 1 narrows long symbols (swords, clubs) drawn very tall, as on the aces.
    """
    c.push(x, y, size, angle)
    try:
        SYMBOLS[style][suit](c, slim)
    finally:
        c.pop()


__all__ = ["FRENCH_SUITED", "INK", "SYMBOLS", "draw_symbol", "shade"]
