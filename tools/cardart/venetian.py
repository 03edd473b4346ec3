"""What sets the Trevisane (Venetian) deck apart: interlaced swords and batons, the aces with
their mottoes, the double-ended courts and the lion of Saint Mark.

The number cards of swords and batons follow the north-eastern Italian rule: curved swords
in two groups bowed apart, crossing near the ends and woven over and under, long smooth
batons crossing in a lattice, and the odd one of each standing upright in the middle. The
courts are drawn from the head to the waist and repeated upside down, the fante of swords
bare-headed and bearded with a severed head in his hand, a dog at the side of the fante of
coppe, the king of batons holding the seal of Treviso. The ace of denari bears the winged
lion of Saint Mark, which also marks the crimson back.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from pathlib import Path

import pygame

from cardart import figures
from cardart.canvas import Canvas, Color, Point, bezier, ellipse, load_font, mirror, shade
from cardart.layout import H, W
from cardart.suits import (
    INK,
    VENETIAN_AZURE,
    VENETIAN_BLUE,
    VENETIAN_RED,
    VENETIAN_STEEL,
    VENETIAN_YELLOW,
    WHITE,
    draw_symbol,
)

FONT = Path(__file__).resolve().parents[2] / "assets" / "fonts" / "DejaVuSerif-Bold.ttf"
LION: Color = (236, 176, 40)
LION_DARK: Color = (176, 112, 26)
CRIMSON: Color = (150, 22, 40)
GREEN: Color = (44, 128, 72)
STEEL_DARK: Color = (40, 92, 160)
OUT = 1.4

# The corner boxes the index is printed in (x0, y0, x1, y1), kept clear of the art.
_CORNERS = ((0.0, 0.0, 64.0, 112.0), (W - 64.0, H - 112.0, float(W), float(H)))
_INSIDE = (24.0, 30.0, W - 24.0, H - 30.0)

# The mottoes printed on the aces, two lines each.
MOTTOES = {
    "D": ("NON VAL SAPER", "A CHI HA FORTUNA CONTRA"),
    "C": ("PER UN PUNTO", "MARTIN PERSE LA CAPA"),
    "S": ("NON TI FIDAR DI ME", "SE IL COR TI MANCA"),
    "B": ("SE TI PERDI", "TUO DANNO"),
}


def _font(px: int, ss: int) -> pygame.font.Font:
    return load_font(FONT, px * ss)


def _free(x: float, y: float, margin: float) -> bool:
    """Whether (x, y) lies inside the card's art area and ``margin`` clear of the index."""
    x0, y0, x1, y1 = _INSIDE
    if not (x0 <= x <= x1 and y0 <= y <= y1):
        return False
    return not any(
        a - margin <= x <= b + margin and c - margin <= y <= d + margin for a, c, b, d in _CORNERS
    )


# -- swords -----------------------------------------------------------------------------
class _CurvedSword:
    """A curved sword standing from its hilt at ``hilt_y`` to its tip at ``tip_y``, both ends
    at ``end_x``, its middle bowed out to ``mid_x``."""

    def __init__(self, end_x: float, mid_x: float, hilt_y: float, tip_y: float) -> None:
        self.end_x, self.hilt_y, self.tip_y = end_x, hilt_y, tip_y
        self.ctrl_x = 2 * mid_x - end_x

    def at(self, t: float) -> Point:
        u = 1 - t
        x = (u * u + t * t) * self.end_x + 2 * t * u * self.ctrl_x
        return (x, self.hilt_y + (self.tip_y - self.hilt_y) * t)

    def x_at(self, y: float) -> float:
        return self.at((y - self.hilt_y) / (self.tip_y - self.hilt_y))[0]

    def normal(self, t: float) -> Point:
        dx = 2 * (1 - 2 * t) * (self.ctrl_x - self.end_x)
        dy = self.tip_y - self.hilt_y
        n = math.hypot(dx, dy)
        return (-dy / n, dx / n)

    def edges(self, t0: float, t1: float, width: float) -> tuple[list[Point], list[Point]]:
        left, right = [], []
        n = max(4, round(40 * (t1 - t0)))
        for i in range(n + 1):
            t = t0 + (t1 - t0) * i / n
            (x, y), (nx, ny) = self.at(t), self.normal(t)
            w = width * (1 - max(0.0, (t - 0.72) / 0.28) ** 1.6) if t < 1 else 0.0
            left.append((x - nx * w, y - ny * w))
            right.append((x + nx * w, y + ny * w))
        return left, right

    def blade(self, c: Canvas, width: float, t0: float = 0.02, t1: float = 1.0) -> None:
        """The blade between ``t0`` and ``t1``; a piece redrawn over a crossing joins the
        whole blade seamlessly (its cut ends are not outlined)."""
        left, right = self.edges(t0, t1, width)
        c.polygon(left + list(reversed(right)), VENETIAN_STEEL)
        back = [
            (a[0] * 0.62 + b[0] * 0.38, a[1] * 0.62 + b[1] * 0.38)
            for a, b in zip(left, right, strict=True)
        ]
        c.line(back, STEEL_DARK, 1.2)
        c.line(left, INK, OUT)
        c.line(right, INK, OUT)

    def hilt(self, c: Canvas, width: float) -> None:
        x, y = self.at(0.0)
        grip = [(x, y), (x, y + 20)]
        c.line(grip, INK, 7 + 2 * OUT)
        c.line(grip, VENETIAN_RED, 7)
        for k in (6, 11, 16):
            c.line([(x - 3, y + k), (x + 3, y + k + 2)], INK, 0.8)
        c.circle(x, y + 24, 5, VENETIAN_YELLOW, INK, OUT * 0.8)
        g = width + 6
        for side in (-1, 1):
            arm = bezier(
                (x, y + 1), (x + side * g * 0.6, y + 2), (x + side * g, y), (x + side * g, y - 7), 6
            )
            c.line(arm, INK, 4.4 + 2 * OUT * 0.8)
            c.line(arm, VENETIAN_YELLOW, 4.4)
        c.polygon(
            [(x - 6, y - 2), (x + 6, y - 2), (x + 4, y + 4), (x - 4, y + 4)],
            VENETIAN_YELLOW,
            INK,
            0.9,
        )


def _straight_sword(c: Canvas, x: float, hilt_y: float, tip_y: float, width: float) -> None:
    sword = _CurvedSword(x, x, hilt_y, tip_y)
    sword.blade(c, width)
    sword.hilt(c, width)


# End offsets from the middle and bow of each sword of a group, by the group's size.
_SWORD_GROUPS = {
    1: ((22.0, 62.0),),
    2: ((12.0, 82.0), (32.0, 54.0)),
    3: ((8.0, 90.0), (22.0, 68.0), (36.0, 46.0)),
}
_HILT_Y, _TIP_Y = 318.0, 62.0
_BLADE = 6.5


def draw_swords(c: Canvas, count: int) -> None:
    """The number card of ``count`` swords (2 to 7): two woven groups and the odd one."""
    pairs = _SWORD_GROUPS[count // 2]
    left = [_CurvedSword(W / 2 + e, W / 2 - m, _HILT_Y, _TIP_Y) for e, m in pairs]
    right = [_CurvedSword(W / 2 - e, W / 2 + m, _HILT_Y, _TIP_Y) for e, m in pairs]
    for sword in left + right:
        sword.blade(c, _BLADE)
    # weave: at each crossing one blade is drawn again over the other, alternating
    for i, a in enumerate(left):
        for j, b in enumerate(right):
            for k, y in enumerate(_crossings(a, b)):
                over = a if (i + j + k) % 2 == 0 else b
                t = (y - over.hilt_y) / (over.tip_y - over.hilt_y)
                over.blade(c, _BLADE, max(0.02, t - 0.07), min(0.97, t + 0.07))
    for sword in left + right:
        sword.hilt(c, _BLADE)
    if count % 2:
        _straight_sword(c, W / 2, _HILT_Y - 40, _TIP_Y + 40, _BLADE)


def _crossings(a: _CurvedSword, b: _CurvedSword) -> list[float]:
    """Heights where two swords cross, from the top down."""
    found = []
    steps = 260
    prev = None
    for i in range(steps + 1):
        y = _TIP_Y + (_HILT_Y - _TIP_Y) * i / steps
        d = a.x_at(y) - b.x_at(y)
        if prev is not None and (d > 0) != (prev[1] > 0):
            y0, d0 = prev
            found.append(y0 + (y - y0) * d0 / (d0 - d))
        prev = (y, d)
    return found


# -- batons -----------------------------------------------------------------------------
_BATON_W = 5.0
_BATON_TILT = 19.0
_BATON_GAP = 30.0


class _Baton:
    """A straight baton through (x, 200) leaning ``tilt`` degrees from upright, as long as
    the card lets it be without touching the corner index."""

    def __init__(self, x: float, tilt: float) -> None:
        a = math.radians(tilt)
        self.dx, self.dy = math.sin(a), -math.cos(a)
        self.x = x
        self.lo, self.hi = -self._reach(-1), self._reach(1)

    def _reach(self, sign: int) -> float:
        s = 0.0
        while s < 200:
            x, y = self.at(sign * (s + 14))
            if not _free(x, y, _BATON_W + 7):
                break
            s += 1
        return s

    def at(self, s: float) -> Point:
        return (self.x + self.dx * s, H / 2 + self.dy * s)

    def body(self, c: Canvas, s0: float, s1: float) -> None:
        nx, ny = -self.dy * _BATON_W, self.dx * _BATON_W
        a, b = self.at(s0), self.at(s1)
        left = [(a[0] - nx, a[1] - ny), (b[0] - nx, b[1] - ny)]
        right = [(a[0] + nx, a[1] + ny), (b[0] + nx, b[1] + ny)]
        c.polygon(left + right[::-1], VENETIAN_YELLOW)
        c.line([self.at(s0 + 0.0), self.at(s1)], shade(VENETIAN_YELLOW, 1.5), 1.6)
        for k in range(-6, 7):
            band = k * 46.0
            if s0 < band - 5 and band + 5 < s1 and self.lo + 20 < band < self.hi - 20:
                p, q = self.at(band - 4), self.at(band + 4)
                quad = [(p[0] - nx, p[1] - ny), (q[0] - nx, q[1] - ny)]
                quad += [(q[0] + nx, q[1] + ny), (p[0] + nx, p[1] + ny)]
                c.polygon(quad, VENETIAN_RED, INK, 0.8)
        c.line(left, INK, OUT)
        c.line(right, INK, OUT)

    def draw(self, c: Canvas) -> None:
        self.body(c, self.lo, self.hi)
        for s in (self.lo, self.hi):
            x, y = self.at(s)
            c.ellipse(
                x,
                y,
                _BATON_W + 2.5,
                3.2,
                VENETIAN_BLUE,
                INK,
                0.9,
                rot=math.degrees(math.atan2(self.dy, self.dx)) + 90,
            )
            ex, ey = self.at(s + (6 if s > 0 else -6))
            c.circle(ex, ey, _BATON_W + 1.2, VENETIAN_RED, INK, 0.9)


def draw_batons(c: Canvas, count: int) -> None:
    """The number card of ``count`` batons (2 to 7): two leaning groups crossing in a
    lattice, woven over and under, and the odd one upright."""
    k = count // 2
    offsets = [
        (i - (k - 1) / 2) * _BATON_GAP / math.cos(math.radians(_BATON_TILT)) for i in range(k)
    ]
    one = [_Baton(W / 2 + o, _BATON_TILT) for o in offsets]
    other = [_Baton(W / 2 + o, -_BATON_TILT) for o in offsets]
    for baton in one + other:
        baton.draw(c)
    for i, a in enumerate(one):
        for j, b in enumerate(other):
            if (i + j) % 2 == 0:
                continue
            s = _meet(a, b)
            a.body(c, s - 13, s + 13)
    if count % 2:
        _Baton(W / 2, 0.0).draw(c)
    if k % 2:
        # the single crossing in the middle is tied with a ribbon
        c.circle(W / 2, H / 2, 7, VENETIAN_RED, INK, 1.0)
        c.circle(W / 2, H / 2, 2.6, VENETIAN_YELLOW)


def _meet(a: _Baton, b: _Baton) -> float:
    """How far along ``a`` it crosses ``b``."""
    # a.x + a.dx s = b.x + b.dx r ; a.dy s = b.dy r
    r_per_s = a.dy / b.dy
    return (b.x - a.x) / (a.dx - b.dx * r_per_s)


# -- the lion of Saint Mark -------------------------------------------------------------
def lion(c: Canvas, x: float, y: float, r: float) -> None:
    """The winged lion of Saint Mark seen from the front ("in moleca"): haloed head, wings
    raised on both sides, the forepaws on the open gospel; fits a circle of radius ``r``."""
    ink = max(0.8, 0.02 * r)
    for side in (-1, 1):
        for k in range(5):
            a = math.radians(-90 + side * (28 + 15 * k))
            length = r * (0.98 - 0.09 * k)
            root = (x + side * 0.2 * r, y + 0.1 * r)
            tip = (root[0] + length * math.cos(a), root[1] + length * math.sin(a))
            mid = ((root[0] + tip[0]) / 2, (root[1] + tip[1]) / 2)
            c.ellipse(mid[0], mid[1], length / 2, 0.11 * r, LION, INK, ink, rot=math.degrees(a))
            c.line([root, ((root[0] + 3 * tip[0]) / 4, (root[1] + 3 * tip[1]) / 4)], LION_DARK, ink)
    c.circle(x, y - 0.2 * r, 0.5 * r, (252, 230, 140), INK, ink)
    c.circle(x, y - 0.2 * r, 0.44 * r, None, LION_DARK, ink * 0.7)
    c.ellipse(x, y + 0.38 * r, 0.3 * r, 0.3 * r, LION, INK, ink)
    mane: list[Point] = []
    for i in range(28):
        a = 2 * math.pi * i / 28
        rr = 0.36 * r * (1.0 if i % 2 == 0 else 0.86)
        mane.append((x + rr * math.cos(a), y - 0.15 * r + rr * 1.05 * math.sin(a)))
    c.polygon(mane, LION_DARK, INK, ink)
    for side in (-1, 1):
        c.circle(x + side * 0.2 * r, y - 0.38 * r, 0.07 * r, LION, INK, ink)
    c.ellipse(x, y - 0.13 * r, 0.23 * r, 0.26 * r, LION, INK, ink)
    for side in (-1, 1):
        c.ellipse(x + side * 0.09 * r, y - 0.19 * r, 0.05 * r, 0.035 * r, WHITE, INK, ink * 0.6)
        c.circle(x + side * 0.09 * r, y - 0.19 * r, 0.022 * r, INK)
        c.line(
            [(x + side * 0.15 * r, y - 0.27 * r), (x + side * 0.04 * r, y - 0.25 * r)],
            INK,
            ink,
        )
    c.polygon(
        [(x - 0.06 * r, y - 0.09 * r), (x + 0.06 * r, y - 0.09 * r), (x, y - 0.02 * r)],
        LION_DARK,
        INK,
        ink * 0.6,
    )
    for side in (-1, 1):
        c.ellipse(x + side * 0.055 * r, y + 0.0, 0.06 * r, 0.045 * r, shade(LION, 1.3), None)
    c.line(
        [(x - 0.06 * r, y + 0.04 * r), (x, y + 0.02 * r), (x + 0.06 * r, y + 0.04 * r)], INK, ink
    )
    book = [(x - 0.3 * r, y + 0.46 * r), (x, y + 0.52 * r), (x + 0.3 * r, y + 0.46 * r)]
    book += [(x + 0.3 * r, y + 0.7 * r), (x, y + 0.76 * r), (x - 0.3 * r, y + 0.7 * r)]
    c.polygon(book, WHITE, INK, ink)
    c.line([(x, y + 0.52 * r), (x, y + 0.76 * r)], INK, ink * 0.8)
    for k in range(3):
        yy = y + (0.56 + 0.055 * k) * r
        c.line([(x - 0.24 * r, yy - 0.02 * r), (x - 0.05 * r, yy + 0.01 * r)], INK, ink * 0.5)
        c.line([(x + 0.05 * r, yy + 0.01 * r), (x + 0.24 * r, yy - 0.02 * r)], INK, ink * 0.5)
    for side in (-1, 1):
        px, py = x + side * 0.2 * r, y + 0.5 * r
        c.ellipse(px, py, 0.1 * r, 0.075 * r, LION, INK, ink)
        for k in (-1, 0, 1):
            c.line(
                [(px + k * 0.04 * r, py + 0.02 * r), (px + k * 0.045 * r, py + 0.07 * r)],
                INK,
                ink * 0.6,
            )


# -- aces and number cards --------------------------------------------------------------
def _motto(c: Canvas, suit: str, y: float) -> None:
    """The ace's motto on a scroll across the card, clear of the bottom-right index."""
    top, bottom = MOTTOES[suit]
    x0, x1 = 30.0, W - 30.0
    upper = bezier((x0, y - 14), (x0 + 60, y - 22), (x1 - 60, y - 22), (x1, y - 14), 16)
    lower = bezier((x1, y + 16), (x1 - 60, y + 8), (x0 + 60, y + 8), (x0, y + 16), 16)
    for side in (-1, 1):
        ex = x0 if side < 0 else x1
        tail = [(ex + side * 4, y - 10), (ex + side * 16, y - 8), (ex + side * 9, y + 3)]
        tail += [(ex + side * 16, y + 14), (ex + side * 4, y + 12)]
        c.polygon(tail, shade(VENETIAN_RED, 0.8), INK, 1.0)
    c.polygon(upper + lower, WHITE, INK, 1.2)
    c.line([(p[0], p[1] + 3) for p in upper[1:-1]], VENETIAN_RED, 1.0)
    c.line([(p[0], p[1] - 3) for p in lower[1:-1]], VENETIAN_RED, 1.0)
    font = _font(9, c.ss)
    for text, dy in ((top, -7.5), (bottom, 4.5)):
        img = font.render(text, True, INK)
        room = (x1 - x0 - 18) * c.ss
        if img.get_width() > room:
            img = pygame.transform.scale(img, (round(room), img.get_height()))
        c.image(img, W / 2, y + dy - 3)


def _ace(c: Canvas, suit: str) -> None:
    cx = W / 2
    if suit == "D":
        draw_symbol(c, "trevisane", "D", cx, 164, 176)
        c.circle(cx, 164, 58, CRIMSON, INK, 1.4)
        lion(c, cx, 170, 60)
        _motto(c, suit, 292)
    elif suit == "C":
        for side in (-1, 1):
            stem = bezier(
                (cx, 84), (cx + side * 14, 60), (cx + side * 30, 48), (cx + side * 46, 48), 10
            )
            c.line(stem, INK, 4.2)
            c.line(stem, GREEN, 2.4)
            c.ellipse(cx + side * 24, 58, 9, 4, GREEN, INK, 0.8, rot=side * -25)
            c.circle(cx + side * 48, 48, 7.5, VENETIAN_RED, INK, 1.0)
            c.circle(cx + side * 48, 48, 2.6, VENETIAN_YELLOW)
        draw_symbol(c, "trevisane", "C", cx, 176, 200)
        _motto(c, suit, 300)
    else:
        size = 300.0 if suit == "S" else 292.0
        draw_symbol(c, "trevisane", suit, cx, H / 2 - 4, size, 0.0, 0.62 if suit == "S" else 1.3)
        _motto(c, suit, H / 2 - 30)


def draw_numeral(c: Canvas, suit: str, rank: int) -> None:
    """An ace, or a number card of swords or batons."""
    if rank == 1:
        _ace(c, suit)
    elif suit == "S":
        draw_swords(c, rank)
    else:
        draw_batons(c, rank)


# -- the back ---------------------------------------------------------------------------
def draw_back(c: Canvas, a: Color, b: Color, paper: Color) -> None:
    """Gold scales on crimson, the lion of Saint Mark in an azure roundel."""
    step = 20.0
    for row in range(0, int(H / 12) + 2):
        y = 12 + row * 12.0
        shift = step / 2 if row % 2 else 0.0
        for col in range(-1, int(W / step) + 2):
            x = 12 + col * step + shift
            c.line(
                [
                    (x - step / 2 + step * i / 10, y - 8 * math.sin(math.pi * i / 10))
                    for i in range(11)
                ],
                b,
                1.5,
            )
            c.circle(x, y - 3, 1.4, b)
    c.circle(W / 2, H / 2, 66, paper, b, 3.0)
    c.circle(W / 2, H / 2, 58, VENETIAN_BLUE, INK, 1.2)
    lion(c, W / 2, H / 2 + 4, 50)


# -- the courts -------------------------------------------------------------------------
# Costume colours per suit: main garment, second garment, trim; the pattern's own yellow,
# red and blues.
PALETTE: dict[str, tuple[Color, Color, Color]] = {
    "D": (VENETIAN_RED, VENETIAN_YELLOW, VENETIAN_BLUE),
    "C": (VENETIAN_BLUE, VENETIAN_RED, VENETIAN_YELLOW),
    "S": (VENETIAN_YELLOW, VENETIAN_BLUE, VENETIAN_RED),
    "B": (VENETIAN_AZURE, VENETIAN_RED, VENETIAN_YELLOW),
}
WAIST = H / 2  # the figures are drawn from the head down to here, then turned over


def _held(c: Canvas, suit: str, hand: Point, long_size: float = 150.0) -> None:
    """The suit symbol held up in ``hand``: a coin or a cup above it, a sword or a baton
    upright through it."""
    x, y = hand
    if suit in "SB":
        grip = 0.3 if suit == "S" else 0.22
        draw_symbol(c, "trevisane", suit, x, y - long_size * grip, long_size, 0.0, 1.1)
    else:
        size = 50.0 if suit == "D" else 58.0
        draw_symbol(c, "trevisane", suit, x, y - size * 0.56, size)


def _raised_arm(c: Canvas, shoulder: Point, hand: Point, colour: Color, suit: str) -> None:
    if suit in "SB":
        hand = (hand[0] + 2, hand[1] + 30)
    elbow = (shoulder[0] + 22, (shoulder[1] + hand[1]) / 2 + 22)
    figures._limb(c, [shoulder, elbow, hand], colour, 13)
    _held(c, suit, hand, 120.0)
    figures._hand(c, hand)


def _doublet(c: Canvas, x: float, top: float, main: Color, second: Color, trim: Color) -> None:
    """A slashed doublet from the shoulders at ``top`` down past the waist."""
    body = bezier(
        (x - 42, top + 8), (x - 46, top + 30), (x - 36, top + 60), (x - 34, WAIST + 6), 10
    )
    body = body + mirror(body, x)
    c.polygon(body, main, INK, OUT)
    for dx in (-20, 0, 20):
        slash = [
            (x + dx - 4, top + 22),
            (x + dx + 4, top + 22),
            (x + dx * 0.85 + 3, WAIST - 14),
            (x + dx * 0.85 - 3, WAIST - 14),
        ]
        c.polygon(slash, second, INK, 0.8)
    for side in (-1, 1):
        c.ellipse(x + side * 40, top + 16, 15, 13, second, INK, OUT)
        for k in (-1, 1):
            c.line([(x + side * 40 + k * 6, top + 5), (x + side * 40 + k * 7, top + 27)], trim, 2)
    belt = [(x - 37, WAIST - 24), (x + 37, WAIST - 24), (x + 36, WAIST - 12), (x - 36, WAIST - 12)]
    c.polygon(belt, figures.BROWN, INK, OUT)


def _ruff(c: Canvas, x: float, y: float, w: float) -> None:
    pts = [(x - w + 2 * w * i / 12, y + (4 if i % 2 else -1)) for i in range(13)]
    c.polygon(pts + [(x + w * 0.7, y + 7), (x - w * 0.7, y + 7)], WHITE, INK, OUT * 0.7)


def _cap(c: Canvas, x: float, y: float, colour: Color, trim: Color) -> None:
    """The Venetian page's soft round cap, a long feather curling up behind."""
    feather = bezier((x + 14, y - 10), (x + 30, y - 40), (x + 56, y - 44), (x + 62, y - 26), 12)
    c.line(feather, INK, 9)
    c.line(feather, WHITE, 6)
    c.line(feather[2:-2], trim, 1.6)
    c.polygon(ellipse(x + 2, y - 12, 28, 15, 32), colour, INK, OUT)
    c.polygon(ellipse(x, y - 1, 27, 6, 28), shade(colour, 0.75), INK, OUT)
    c.line([(x - 25, y - 2), (x + 26, y - 3)], trim, 2.6)
    c.circle(x + 16, y - 10, 4, trim, INK, 0.8)


def _severed_head(c: Canvas, x: float, y: float) -> None:
    """The head the fante of swords holds up by its hair, eyes shut."""
    hair = (70, 48, 32)
    c.polygon(
        bezier((x - 11, y - 6), (x - 8, y - 22), (x + 8, y - 22), (x + 11, y - 6), 8),
        hair,
        INK,
        OUT,
    )
    c.ellipse(x, y, 10, 12, shade(figures.FLESH, 0.92), INK, OUT)
    for side in (-1, 1):
        c.line([(x + side * 6, y - 2), (x + side * 2, y - 1)], INK, 1.2)
    beard = bezier((x - 9, y + 2), (x - 8, y + 14), (x - 3, y + 18), (x, y + 19), 6)
    c.polygon(beard + mirror(beard, x)[1:], hair, INK, OUT)
    c.line([(x - 3, y + 6), (x + 3, y + 6)], (150, 60, 60), 1.2)


def _dog(c: Canvas, x: float, y: float) -> None:
    """The little dog at the side of the fante of coppe, looking up at him."""
    fur, patch = (240, 232, 214), (168, 104, 52)
    chest = [(x - 14, WAIST), (x - 12, y + 6), (x + 10, y + 2), (x + 14, WAIST)]
    c.polygon(chest, fur, INK, OUT)
    c.line([(x - 10, y + 12), (x + 10, y + 9)], VENETIAN_RED, 3.4)
    c.circle(x, y + 14, 2.6, VENETIAN_YELLOW, INK, 0.7)
    c.ellipse(x, y - 2, 13, 12, fur, INK, OUT)
    snout = [(x + 4, y - 10), (x + 22, y - 22), (x + 27, y - 16), (x + 10, y + 2)]
    c.polygon(snout, fur, INK, OUT)
    c.circle(x + 25, y - 20, 3.2, INK)
    c.line([(x + 14, y - 4), (x + 22, y - 12)], INK, 1.0)
    ear = [(x - 4, y - 12), (x - 16, y - 10), (x - 18, y + 6), (x - 8, y + 2)]
    c.polygon(ear, patch, INK, OUT)
    c.circle(x + 6, y - 8, 2.2, INK)


def _fante(c: Canvas, suit: str) -> None:
    main, second, trim = PALETTE[suit]
    x = 116.0
    _doublet(c, x, 124, main, second, trim)
    figures._medallion(c, x, WAIST - 18, 9, 8)
    if suit == "S":
        figures._limb(c, [(x - 40, 134), (x - 56, 150), (x - 46, 142)], shade(main, 0.85), 13)
        _severed_head(c, x - 48, 164)
        figures._hand(c, (x - 48, 142))
    else:
        figures._limb(c, [(x - 40, 134), (x - 50, 164), (x - 32, 184)], shade(main, 0.85), 13)
        figures._hand(c, (x - 32, 184))
        if suit == "C":
            _dog(c, 40, 178)
    c.polygon([(x - 7, 104), (x + 7, 104), (x + 8, 124), (x - 8, 124)], figures.FLESH, INK, OUT)
    _ruff(c, x, 122, 24)
    if suit == "S":
        grey = (120, 110, 100)
        figures._head(c, x, 86, 21, grey, beard=(150, 140, 130))
    else:
        bob = bezier((x - 20, 78), (x - 30, 96), (x - 30, 112), (x - 22, 120), 8)
        c.polygon(bob + mirror(bob, x), figures.HAIR[suit], INK, OUT)
        figures._head(c, x, 86, 21, figures.HAIR[suit])
        _cap(c, x, 70, second, trim)
    _raised_arm(c, (x + 40, 134), (x + 72, 118), shade(main, 0.85), suit)


def _horse_head(c: Canvas, colour: Color, plume: Color) -> None:
    """The horse's neck and head to the left, plumed and bridled."""
    dark = shade(colour, 0.55)
    neck = bezier((168, WAIST + 4), (150, 170), (128, 140), (108, 118), 12)
    neck += bezier((84, 150), (92, 172), (100, 190), (104, WAIST + 4), 12)
    c.polygon(neck, colour, INK, OUT)
    head = bezier((112, 112), (96, 114), (72, 138), (56, 160), 10)
    head += bezier((56, 160), (50, 170), (58, 180), (68, 178), 6)[1:]
    head += bezier((68, 178), (82, 170), (96, 156), (110, 146), 10)[1:]
    head += bezier((110, 146), (118, 136), (120, 120), (112, 112), 6)[1:-1]
    c.polygon(head, colour, INK, OUT)
    for dx in (0, 10):
        c.polygon([(102 + dx, 116), (100 + dx, 98), (110 + dx, 114)], colour, INK, OUT)
    mane = [(110, 112), (126, 124), (150, 150), (168, 178), (176, WAIST + 4), (164, WAIST + 4)]
    mane += [(150, 172), (132, 146), (116, 128)]
    c.polygon(mane, dark, INK, OUT * 0.8)
    for k in range(3):
        a = math.radians(-120 + 22 * k)
        tip = (106 + 30 * math.cos(a), 108 + 30 * math.sin(a))
        c.ellipse(
            (106 + tip[0]) / 2,
            (108 + tip[1]) / 2,
            16,
            5,
            (plume, WHITE, VENETIAN_RED)[k],
            INK,
            0.9,
            rot=math.degrees(a),
        )
    c.circle(106, 110, 4, VENETIAN_YELLOW, INK, 0.8)
    c.circle(88, 134, 3.2, INK)
    c.circle(60, 166, 2.2, INK)
    c.line([(108, 118), (84, 150), (62, 172)], figures.BROWN, 2.4)
    c.line([(104, 132), (78, 150)], figures.BROWN, 2.4)


def _cavallo(c: Canvas, suit: str) -> None:
    main, second, trim = PALETTE[suit]
    x = 156.0
    _horse_head(c, figures.HORSE[suit], trim)
    c.polygon(
        [(x - 30, 120), (x + 30, 120), (x + 34, WAIST + 4), (x - 34, WAIST + 4)], main, INK, OUT
    )
    for dx in (-14, 0, 14):
        c.line([(x + dx, 130), (x + dx * 1.2, WAIST - 6)], shade(main, 0.7), 1.6)
    cloth = [(x - 34, WAIST - 22), (x + 34, WAIST - 22), (x + 35, WAIST + 4), (x - 35, WAIST + 4)]
    c.polygon(cloth, second, INK, OUT)
    figures._medallion(c, x, WAIST - 12, 9, 9)
    figures._limb(c, [(x - 26, 128), (x - 38, 156), (x - 56, 160)], shade(main, 0.85), 12)
    c.line([(62, 172), (x - 60, 162)], figures.BROWN, 2.0)
    figures._hand(c, (x - 58, 160))
    c.polygon([(x - 6, 100), (x + 6, 100), (x + 7, 120), (x - 7, 120)], figures.FLESH, INK, OUT)
    _ruff(c, x, 118, 20)
    figures._head(
        c,
        x,
        84,
        18,
        figures.HAIR[suit],
        beard=shade(figures.HAIR[suit], 1.1) if suit in "SB" else None,
    )
    feather = bezier((x + 6, 64), (x - 10, 40), (x - 30, 36), (x - 42, 46), 10)
    c.line(feather, INK, 9)
    c.line(feather, trim, 6)
    c.polygon(bezier((x - 20, 70), (x - 18, 46), (x + 20, 44), (x + 22, 70), 10), second, INK, OUT)
    c.polygon(ellipse(x + 1, 70, 28, 6, 28), shade(second, 0.75), INK, OUT)
    c.line([(x - 19, 62), (x + 21, 62)], trim, 2.6)
    hand = (x + 44, 110 if suit in "DC" else 140)
    figures._limb(c, [(x + 26, 128), (x + 40, 138), hand], shade(main, 0.85), 12)
    _held(c, suit, hand, 112.0)
    figures._hand(c, hand)


def _seal(c: Canvas, x: float, y: float, r: float) -> None:
    """The seal of Treviso the king of batons holds: a red shield with a silver cross and two
    stars, ringed, TARVISIUM on a band below."""
    c.circle(x, y, r, VENETIAN_YELLOW, INK, OUT)
    shield = [
        (x - r * 0.62, y - r * 0.7),
        (x + r * 0.62, y - r * 0.7),
        (x + r * 0.62, y + r * 0.05),
    ]
    shield += bezier(
        (x + r * 0.62, y + r * 0.05),
        (x + r * 0.6, y + r * 0.5),
        (x + r * 0.2, y + r * 0.7),
        (x, y + r * 0.8),
        8,
    )[1:]
    left = [(2 * x - px, py) for px, py in reversed(shield[2:])]
    outline = shield + left[1:]
    c.polygon(outline, VENETIAN_RED, INK, OUT * 0.8)
    c.polygon(
        [
            (x - r * 0.1, y - r * 0.7),
            (x + r * 0.1, y - r * 0.7),
            (x + r * 0.1, y + r * 0.75),
            (x - r * 0.1, y + r * 0.75),
        ],
        WHITE,
    )
    c.polygon(
        [
            (x - r * 0.62, y - r * 0.2),
            (x + r * 0.62, y - r * 0.2),
            (x + r * 0.62, y),
            (x - r * 0.62, y),
        ],
        WHITE,
    )
    c.polygon(outline, None, INK, OUT * 0.8)
    for side in (-1, 1):
        sx, sy = x + side * r * 0.36, y - r * 0.45
        star = []
        for i in range(16):
            a = math.pi * i / 8
            rr = r * (0.15 if i % 2 == 0 else 0.06)
            star.append((sx + rr * math.cos(a), sy + rr * math.sin(a)))
        c.polygon(star, WHITE)


def _re(c: Canvas, suit: str) -> None:
    main, second, trim = PALETTE[suit]
    x = 118.0
    mantle = bezier((x - 30, 118), (x - 52, 126), (x - 60, 160), (x - 62, WAIST + 6), 10)
    c.polygon(mantle + mirror(mantle, x), second, INK, OUT)
    robe = [(x - 24, 124), (x + 24, 124), (x + 30, WAIST + 6), (x - 30, WAIST + 6)]
    c.polygon(robe, main, INK, OUT)
    c.polygon(
        [(x - 6, 130), (x + 6, 130), (x + 8, WAIST + 6), (x - 8, WAIST + 6)], trim, INK, OUT * 0.7
    )
    for i in range(3):
        c.circle(x, 146 + 18 * i, 2.4, INK)
    collar = ellipse(x, 126, 44, 14, 40)
    c.polygon(collar, WHITE, INK, OUT)
    for i in range(8):
        px = x - 35 + 10 * i
        c.polygon(
            [(px - 1.4, 121 + (i % 2) * 5), (px + 1.4, 121 + (i % 2) * 5), (px, 128 + (i % 2) * 5)],
            INK,
        )
    c.line([(x - 22, 134), (x, 156), (x + 22, 134)], VENETIAN_YELLOW, 2.4)
    figures._medallion(c, x, 162, 10, 10)
    beard = (150, 150, 150) if suit in "DB" else shade(figures.HAIR[suit], 1.1)
    hair = (150, 150, 150) if suit in "DB" else figures.HAIR[suit]
    figures._head(c, x, 88, 22, hair, beard=beard)
    figures._crown(c, x, 72, 44, 24)
    if suit == "B":
        figures._limb(c, [(x - 40, 134), (x - 50, 162), (x - 40, 178)], shade(second, 0.85), 14)
        _seal(c, x - 40, 166, 22)
        figures._hand(c, (x - 58, 180))
        figures._hand(c, (x - 22, 182))
    else:
        figures._limb(c, [(x - 40, 134), (x - 50, 164), (x - 30, 182)], shade(second, 0.85), 14)
        c.line([(x - 22, 190), (x - 34, 108)], INK, 6.5)
        c.line([(x - 22, 190), (x - 34, 108)], VENETIAN_YELLOW, 3.8)
        c.circle(x - 35, 102, 6, VENETIAN_YELLOW, INK, OUT)
        c.line([(x - 35, 90), (x - 35, 96)], INK, 2)
        c.line([(x - 38, 93), (x - 32, 93)], INK, 2)
        figures._hand(c, (x - 28, 180))
    _raised_arm(c, (x + 40, 134), (x + 72, 120), shade(second, 0.85), suit)


_COURTS: dict[int, Callable[[Canvas, str], None]] = {8: _fante, 9: _cavallo, 10: _re}


def draw_court(c: Canvas, suit: str, rank: int) -> None:
    """A double-ended court: the figure down to the waist, then the same turned over. The
    figure is drawn on a clear layer so the paper and the frame stay exactly as printed."""
    ss = c.ss
    layer = Canvas(W, H, ss)
    layer.surface = pygame.Surface((W * ss, H * ss), pygame.SRCALPHA)
    layer.surface.fill((0, 0, 0, 0))
    layer.push(W / 2, WAIST, 1.12)
    layer.push(-W / 2, -WAIST)
    _COURTS[rank](layer, suit)
    half = layer.surface.subsurface(pygame.Rect(0, 0, W * ss, H * ss // 2))
    c.surface.blit(half, (0, 0))
    c.surface.blit(pygame.transform.rotate(half, 180), (0, H * ss // 2))
    c.line([(9, WAIST), (W - 9, WAIST)], INK, 1.4)
