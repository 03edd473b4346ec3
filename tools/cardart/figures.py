"""Court cards: the fante standing, the cavallo on horseback (the queen in the French
deck), the re crowned.

Each figure holds its suit symbol, wears the suit's colours and carries its capture value
discreetly (the fante's belt buckle, the saddle cloth, the king's medallion), as printed
decks do to help new players.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from pathlib import Path

import pygame

from cardart.canvas import (
    Canvas,
    Color,
    Point,
    bezier,
    ellipse,
    load_font,
    mirror,
    rounded_rect,
    shade,
)
from cardart.suits import (
    BLACK,
    BLUE,
    FRENCH_SUITED,
    GOLD,
    GOLD_LIGHT,
    GREEN,
    INK,
    RED,
    SICILIAN_GREEN,
    SICILIAN_RED,
    SICILIAN_YELLOW,
    SKY,
    WHITE,
    draw_symbol,
)

FLESH: Color = (244, 204, 168)
OCHRE: Color = (214, 150, 40)
PURPLE: Color = (112, 58, 130)
TEAL: Color = (30, 120, 128)
BROWN: Color = (110, 66, 34)
DARK: Color = (58, 44, 38)
OUT = 1.6

# Costume colours per style and suit: main garment, second garment, trim/accent.
PALETTES: dict[str, dict[str, tuple[Color, Color, Color]]] = {
    "napoletane": {
        "D": (RED, GOLD, GREEN),
        "C": (BLUE, RED, GOLD),
        "S": (GREEN, PURPLE, GOLD),
        "B": (OCHRE, GREEN, RED),
    },
    "piacentine": {
        "D": (GOLD, RED, BLUE),
        "C": (RED, BLUE, GOLD),
        "S": (BLUE, GOLD, RED),
        "B": (GREEN, RED, GOLD),
    },
    "siciliane": {
        "D": (SICILIAN_RED, SICILIAN_YELLOW, SKY),
        "C": (SKY, SICILIAN_RED, SICILIAN_YELLOW),
        "S": (SICILIAN_GREEN, SICILIAN_YELLOW, SICILIAN_RED),
        "B": (SICILIAN_YELLOW, SICILIAN_GREEN, SICILIAN_RED),
    },
    "french": {
        "D": (RED, GOLD, BLUE),
        "C": (BLUE, RED, GOLD),
        "S": ((40, 40, 48), RED, GOLD),
        "B": (GREEN, BLUE, GOLD),
    },
    # The Genoese pattern is coloured green, red, yellow and black.
    "genovesi": {
        "D": (RED, GOLD, GREEN),
        "C": (GREEN, RED, GOLD),
        "S": (BLACK, GOLD, RED),
        "B": (GOLD, GREEN, RED),
    },
}
HAIR: dict[str, Color] = {
    "D": (120, 70, 30),
    "C": (60, 40, 28),
    "S": (170, 110, 50),
    "B": (40, 30, 26),
}
HORSE: dict[str, Color] = {
    "D": (240, 236, 226),
    "C": (160, 96, 50),
    "S": (186, 184, 180),
    "B": (92, 64, 44),
}
FONT = Path(__file__).resolve().parents[2] / "assets" / "fonts" / "DejaVuSerif-Bold.ttf"


def _font(px: int, ss: int) -> pygame.font.Font:
    return load_font(FONT, px * ss)


def _limb(c: Canvas, pts: list[Point], color: Color, width: float) -> None:
    c.line(pts, INK, width + 2 * OUT)
    c.line(pts, color, width)


def _medallion(c: Canvas, x: float, y: float, r: float, value: int) -> None:
    c.circle(x, y, r, GOLD_LIGHT, INK, 1.2)
    c.circle(x, y, r - 2.2, GOLD, None)
    c.text(_font(int(r * 1.1), c.ss), str(value), INK, x, y + 0.5)


def _head(
    c: Canvas,
    x: float,
    y: float,
    r: float,
    hair: Color,
    beard: Color | None = None,
    long_hair: bool = False,
) -> None:
    """Three-quarter head facing the viewer's left, the usual pose on Italian courts."""
    if long_hair:
        c.polygon(
            [
                (x - r * 1.15, y - r * 0.4),
                (x + r * 1.15, y - r * 0.4),
                (x + r * 1.3, y + r * 2.2),
                (x - r * 1.3, y + r * 2.2),
            ],
            hair,
            INK,
            OUT,
        )
    else:
        c.polygon(
            [
                (x - r * 1.1, y - r * 0.3),
                (x + r * 1.1, y - r * 0.3),
                (x + r * 1.15, y + r * 0.95),
                (x - r * 1.15, y + r * 0.95),
            ],
            hair,
            INK,
            OUT,
        )
    c.ellipse(x, y, r * 0.92, r, FLESH, INK, OUT)
    c.circle(x - r * 0.38, y - r * 0.05, r * 0.12, INK)
    c.circle(x + r * 0.3, y - r * 0.05, r * 0.12, INK)
    c.line([(x - r * 0.55, y - r * 0.3), (x - r * 0.2, y - r * 0.34)], shade(hair, 0.7), r * 0.09)
    c.line([(x + r * 0.12, y - r * 0.34), (x + r * 0.47, y - r * 0.3)], shade(hair, 0.7), r * 0.09)
    c.line(
        [(x - r * 0.06, y - r * 0.02), (x - r * 0.16, y + r * 0.3), (x + r * 0.02, y + r * 0.34)],
        shade(FLESH, 0.65),
        r * 0.07,
    )
    c.circle(x - r * 0.55, y + r * 0.3, r * 0.15, (236, 156, 140))
    c.circle(x + r * 0.5, y + r * 0.3, r * 0.15, (236, 156, 140))
    if beard is not None:
        chin = bezier(
            (x - r * 0.85, y + r * 0.1),
            (x - r * 0.8, y + r * 1.4),
            (x - r * 0.2, y + r * 1.9),
            (x, y + r * 2.0),
            10,
        )
        c.polygon(chin + mirror(chin, x)[1:], beard, INK, OUT)
        c.ellipse(x, y + r * 0.58, r * 0.28, r * 0.1, shade(FLESH, 0.55))
        c.line(
            [(x - r * 0.45, y + r * 0.5), (x, y + r * 0.4), (x + r * 0.45, y + r * 0.5)],
            shade(beard, 0.7),
            r * 0.14,
        )
    else:
        c.line(
            [(x - r * 0.22, y + r * 0.6), (x, y + r * 0.66), (x + r * 0.22, y + r * 0.6)],
            (176, 60, 60),
            r * 0.1,
        )
    c.polygon(
        [
            (x - r * 0.95, y - r * 0.2),
            (x - r * 0.7, y - r * 0.85),
            (x, y - r * 1.05),
            (x + r * 0.7, y - r * 0.85),
            (x + r * 0.95, y - r * 0.2),
            (x + r * 0.4, y - r * 0.55),
            (x - r * 0.3, y - r * 0.6),
        ],
        hair,
        INK,
        OUT,
    )


def _tall_cap(c: Canvas, x: float, y: float, color: Color, trim: Color, k: float = 1.0) -> None:
    """The tall brimmed cap of the Piacentine knaves and knights."""
    c.polygon(
        [
            (x - 17 * k, y),
            (x - 14 * k, y - 34 * k),
            (x + 2 * k, y - 40 * k),
            (x + 19 * k, y - 30 * k),
            (x + 18 * k, y),
        ],
        color,
        INK,
        OUT,
    )
    c.line([(x - 16 * k, y - 8 * k), (x + 18 * k, y - 8 * k)], trim, 4 * k)
    c.ellipse(x + 1, y, 27 * k, 6 * k, shade(color, 0.8), INK, OUT)
    c.circle(x + 18 * k, y - 30 * k, 4 * k, trim, INK, OUT * 0.7)


def _beret(c: Canvas, x: float, y: float, color: Color, trim: Color, k: float = 1.0) -> None:
    """The soft beret of the Sicilian pages and knights, worn aslant with a long feather."""
    feather = bezier(
        (x + 10 * k, y - 12 * k),
        (x - 6 * k, y - 40 * k),
        (x - 34 * k, y - 38 * k),
        (x - 44 * k, y - 18 * k),
        10,
    )
    c.line(feather, INK, 8 * k)
    c.line(feather, SICILIAN_RED, 5 * k)
    c.polygon(ellipse(x + 5 * k, y - 7 * k, 27 * k, 12 * k, 32, -0.12), color, INK, OUT)
    c.polygon(
        ellipse(x + 2 * k, y - 1 * k, 23 * k, 5 * k, 24, -0.06), shade(color, 0.75), INK, OUT * 0.8
    )
    c.line([(x - 19 * k, y + 1 * k), (x + 22 * k, y - 4 * k)], trim, 3 * k)
    c.circle(x + 22 * k, y - 12 * k, 5 * k, trim, INK, OUT * 0.7)


def _crown(c: Canvas, x: float, y: float, w: float, h: float, closed: bool = False) -> None:
    """A gold crown sitting with its band at ``y``; ``closed`` adds arches and an orb."""
    if closed:
        c.polygon(
            bezier(
                (x - w / 2, y - h * 0.4),
                (x - w / 2, y - h * 1.5),
                (x + w / 2, y - h * 1.5),
                (x + w / 2, y - h * 0.4),
                12,
            ),
            RED,
            INK,
            OUT,
        )
        c.line(
            bezier(
                (x - w / 2 + 3, y - h * 0.5),
                (x - w / 3, y - h * 1.4),
                (x + w / 3, y - h * 1.4),
                (x + w / 2 - 3, y - h * 0.5),
                12,
            ),
            GOLD,
            3.5,
        )
        c.line([(x, y - h * 0.4), (x, y - h * 1.12)], GOLD, 3.5)
        c.circle(x, y - h * 1.25, 4.5, GOLD, INK, OUT)
        c.line([(x, y - h * 1.25 - 9), (x, y - h * 1.25 - 4)], INK, 2)
    pts: list[Point] = [(x - w / 2, y), (x + w / 2, y)]
    top = []
    for i in range(5):
        px = x + w / 2 - i * w / 4
        top += [(px, y - h), (px - w / 8, y - h * 0.5)]
    pts += top[:-1]
    c.polygon(pts, GOLD, INK, OUT)
    c.polygon(rounded_rect(x - w / 2 - 1, y - h * 0.32, w + 2, h * 0.36, 2), GOLD_LIGHT, INK, OUT)
    for i in range(5):
        c.circle(x + w / 2 - i * w / 4, y - h - 2, 2.6, GOLD_LIGHT, INK, 1.0)
    for i, col in enumerate((RED, BLUE, RED)):
        c.circle(x - w / 4 + i * w / 4, y - h * 0.14, 2.8, col, INK, 0.8)


def _held_symbol(c: Canvas, style: str, suit: str, hand: Point, raised: bool) -> Point:
    """Draw the suit symbol held at ``hand``; returns where the hand should be drawn."""
    hx, hy = hand
    if suit in "SB" and style not in FRENCH_SUITED:
        size = 150.0 if suit == "S" else 140.0
        grip = 0.3 if suit == "S" else 0.36
        hx -= 10
        draw_symbol(c, style, suit, hx + size * grip * 0.07, hy - size * grip, size, 4.0)
        return (hx, hy)
    size = 64.0 if suit == "D" else 76.0
    if style in FRENCH_SUITED:
        size = 52.0
    draw_symbol(c, style, suit, hx, hy - size * 0.55, size)
    return (hx, hy)


def _hand(c: Canvas, p: Point) -> None:
    c.circle(p[0], p[1], 6.5, FLESH, INK, OUT)


def _fante(c: Canvas, style: str, suit: str, value: int) -> None:
    main, second, trim = PALETTES[style][suit]
    fx = 104.0
    c.polygon(
        [(fx - 36, 152), (fx + 36, 152), (fx + 50, 300), (fx - 56, 306)],
        shade(trim, 0.75),
        INK,
        OUT,
    )
    c.ellipse(fx - 15, 368, 15, 6, DARK, INK, OUT)
    c.ellipse(fx + 17, 368, 15, 6, DARK, INK, OUT)
    c.polygon([(fx - 24, 262), (fx - 2, 262), (fx - 6, 366), (fx - 20, 366)], second, INK, OUT)
    c.polygon([(fx + 2, 262), (fx + 24, 262), (fx + 24, 366), (fx + 10, 366)], main, INK, OUT)
    _limb(c, [(fx - 30, 160), (fx - 46, 198), (fx - 32, 224)], shade(main, 0.8), 14)
    _hand(c, (fx - 30, 226))
    tunic = [
        (fx - 33, 150),
        (fx + 33, 150),
        (fx + 26, 222),
        (fx + 44, 280),
        (fx - 44, 280),
        (fx - 26, 222),
    ]
    c.polygon(tunic, main, INK, OUT)
    for dx in (-22, -8, 8, 22):
        c.line([(fx + dx * 0.55, 228), (fx + dx, 278)], shade(main, 0.7), 1.6)
    c.line([(fx - 44, 276), (fx + 44, 276)], trim, 4)
    c.polygon(
        [(fx - 28, 160), (fx + 28, 160), (fx + 24, 205), (fx - 24, 205)], second, INK, OUT * 0.6
    )
    c.line([(fx, 160), (fx, 205)], trim, 3)
    c.polygon([(fx - 28, 215), (fx + 28, 215), (fx + 28, 229), (fx - 28, 229)], BROWN, INK, OUT)
    _medallion(c, fx, 222, 10, value)
    c.polygon([(fx - 7, 130), (fx + 7, 130), (fx + 8, 152), (fx - 8, 152)], FLESH, INK, OUT)
    collar = [(fx - 22 + 4.4 * i, 150 + (3 if i % 2 else -2)) for i in range(11)]
    c.polygon(collar + [(fx + 16, 156), (fx - 16, 156)], WHITE, INK, OUT * 0.7)
    sicilian = style == "siciliane"
    if sicilian:
        for dx in (-16, 10):
            c.polygon(
                [(fx + dx - 2, 318), (fx + dx + 14, 318), (fx + dx + 14, 368), (fx + dx - 2, 368)],
                BROWN,
                INK,
                OUT,
            )
            c.line([(fx + dx - 2, 322), (fx + dx + 14, 322)], trim, 3)
    if sicilian:
        bob = bezier((fx - 20, 104), (fx - 30, 122), (fx - 30, 140), (fx - 24, 152), 8)
        c.polygon(bob + mirror(bob, fx), HAIR[suit], INK, OUT)
    _head(c, fx, 116, 20, HAIR[suit])
    if style == "piacentine":
        _tall_cap(c, fx, 100, second, trim)
    elif sicilian:
        _beret(c, fx, 100, second, trim)
    else:
        c.ellipse(fx + 3, 98, 31, 10, second, INK, OUT)
        c.polygon(
            bezier((fx - 18, 98), (fx - 16, 78), (fx + 20, 74), (fx + 22, 98), 10), second, INK, OUT
        )
        c.line([(fx - 18, 96), (fx + 22, 96)], trim, 3)
        c.line(bezier((fx + 16, 88), (fx + 30, 70), (fx + 44, 62), (fx + 58, 66), 10), INK, 8)
        c.line(bezier((fx + 16, 88), (fx + 30, 70), (fx + 44, 62), (fx + 58, 66), 10), WHITE, 5)
    hold = _held_symbol(c, style, suit, (fx + 76, 178), raised=True)
    _limb(c, [(fx + 30, 158), (fx + 54, 196), hold], shade(main, 0.8), 14)
    _hand(c, hold)


def _donna(c: Canvas, style: str, suit: str, value: int) -> None:
    """The Sicilian fante of denari and coppe: a young woman with flowers in her hair."""
    main, second, trim = PALETTES[style][suit]
    fx = 104.0
    hair = HAIR[suit]
    c.polygon(
        bezier((fx - 22, 104), (fx - 36, 150), (fx - 34, 190), (fx - 28, 212), 10)
        + bezier((fx + 28, 212), (fx + 34, 190), (fx + 36, 150), (fx + 22, 104), 10),
        hair,
        INK,
        OUT,
    )
    c.ellipse(fx - 16, 366, 12, 5, DARK, INK, OUT)
    c.ellipse(fx + 16, 366, 12, 5, DARK, INK, OUT)
    skirt = bezier((fx - 24, 212), (fx - 40, 260), (fx - 56, 320), (fx - 62, 362), 12)
    skirt += bezier((fx + 62, 362), (fx + 56, 320), (fx + 40, 260), (fx + 24, 212), 12)
    c.polygon(skirt, main, INK, OUT)
    for dx in (-34, -14, 14, 34):
        c.line([(fx + dx * 0.35, 236), (fx + dx, 358)], shade(main, 0.72), 1.6)
    apron = [(fx - 15, 214), (fx + 15, 214), (fx + 24, 340), (fx - 24, 340)]
    c.polygon(apron, WHITE, INK, OUT * 0.8)
    for y in (318, 326):
        c.line([(fx - 22, y), (fx + 22, y)], trim, 2.5)
    c.line([(fx - 62, 356), (fx + 62, 356)], trim, 4)
    c.line([(fx - 61, 349), (fx + 61, 349)], second, 2.5)
    bodice = [(fx - 26, 150), (fx + 26, 150), (fx + 20, 216), (fx - 20, 216)]
    c.polygon(bodice, second, INK, OUT)
    for i in range(4):
        y = 166 + 11 * i
        c.line([(fx - 7, y), (fx + 7, y + 7)], INK, 1.2)
        c.line([(fx + 7, y), (fx - 7, y + 7)], INK, 1.2)
    _limb(c, [(fx - 26, 158), (fx - 40, 196), (fx - 26, 226)], shade(main, 0.85), 13)
    c.circle(fx - 32, 164, 11, main, INK, OUT)
    flower = bezier((fx - 24, 228), (fx - 30, 212), (fx - 36, 200), (fx - 40, 186), 8)
    c.line(flower, SICILIAN_GREEN, 2.5)
    c.ellipse(fx - 34, 204, 6, 2.6, SICILIAN_GREEN, INK, 0.6, rot=-40)
    for i in range(5):
        a = 72 * i
        c.ellipse(
            fx - 40 + 4.5 * _cos(a), 184 + 4.5 * _sin(a), 4, 2.4, SICILIAN_RED, INK, 0.5, rot=a
        )
    c.circle(fx - 40, 184, 2.2, SICILIAN_YELLOW)
    _hand(c, (fx - 24, 228))
    c.polygon([(fx - 6, 130), (fx + 6, 130), (fx + 7, 150), (fx - 7, 150)], FLESH, INK, OUT)
    c.polygon(ellipse(fx, 151, 24, 6, 28), WHITE, INK, OUT * 0.7)
    c.line([(fx - 12, 150), (fx, 160), (fx + 12, 150)], SICILIAN_YELLOW, 1.8)
    c.circle(fx, 161, 2.6, SICILIAN_RED, INK, 0.6)
    c.polygon([(fx - 22, 210), (fx + 22, 210), (fx + 22, 221), (fx - 22, 221)], trim, INK, OUT)
    _medallion(c, fx, 216, 10, value)
    _head(c, fx, 116, 19, hair)
    for i in range(5):
        x = fx - 18 + 9 * i
        y = 100 - 5 * math.sin(math.pi * i / 4)
        c.circle(x, y, 4.2, (SICILIAN_RED, WHITE, SKY, WHITE, SICILIAN_RED)[i], INK, 0.8)
        c.circle(x, y, 1.5, SICILIAN_YELLOW)
    hold = _held_symbol(c, style, suit, (fx + 72, 184), raised=True)
    _limb(c, [(fx + 24, 158), (fx + 50, 198), hold], shade(main, 0.85), 13)
    c.circle(fx + 32, 164, 11, main, INK, OUT)
    _hand(c, hold)


def _cos(degrees: float) -> float:
    return math.cos(math.radians(degrees))


def _sin(degrees: float) -> float:
    return math.sin(math.radians(degrees))


# The coloured ground a Sicilian figure stands on tells its rank: red under the fante,
# yellow under the cavallo, green under the re.
SICILIAN_GROUND = {8: SICILIAN_RED, 9: SICILIAN_YELLOW, 10: SICILIAN_GREEN}


def _sicilian_ground(c: Canvas, rank: int) -> None:
    colour = SICILIAN_GROUND[rank]
    c.polygon([(32, 350), (174, 350), (182, 362), (24, 362)], shade(colour, 1.35), INK, OUT * 0.8)
    c.polygon(rounded_rect(24, 362, 158, 16, 3), colour, INK, OUT * 0.8)
    c.line([(30, 366), (176, 366)], shade(colour, 1.3), 1.2)


def _re(c: Canvas, style: str, suit: str, value: int) -> None:
    main, second, trim = PALETTES[style][suit]
    fx = 108.0
    c.polygon([(fx - 42, 150), (fx + 42, 150), (fx + 72, 370), (fx - 72, 370)], second, INK, OUT)
    c.ellipse(fx - 18, 370, 14, 5, DARK, INK, OUT)
    c.ellipse(fx + 18, 370, 14, 5, DARK, INK, OUT)
    robe = [(fx - 34, 152), (fx + 34, 152), (fx + 56, 366), (fx - 56, 366)]
    c.polygon(robe, main, INK, OUT)
    for dx in (-34, -18, 18, 34):
        c.line([(fx + dx * 0.4, 250), (fx + dx, 364)], shade(main, 0.72), 1.8)
    c.polygon([(fx - 8, 165), (fx + 8, 165), (fx + 13, 366), (fx - 13, 366)], WHITE, INK, OUT)
    for i in range(6):
        c.polygon([(fx - 1.5, 180 + 32 * i), (fx + 1.5, 180 + 32 * i), (fx, 190 + 32 * i)], INK)
    c.line([(fx - 56, 360), (fx + 56, 360)], trim, 4)
    c.polygon(
        [(fx - 30, 238), (fx + 30, 238), (fx + 32, 247), (fx - 32, 247)], GOLD, INK, OUT * 0.7
    )
    c.line([(fx - 60, 96), (fx - 50, 336)], INK, 7.5)
    c.line([(fx - 60, 96), (fx - 50, 336)], GOLD, 4.5)
    c.circle(fx - 60, 92, 8, GOLD, INK, OUT)
    c.line([(fx - 60, 78), (fx - 60, 86)], INK, 2.4)
    c.line([(fx - 64, 81), (fx - 56, 81)], INK, 2.4)
    _limb(c, [(fx - 30, 160), (fx - 50, 200), (fx - 54, 228)], shade(main, 0.82), 15)
    _hand(c, (fx - 54, 230))
    cape = ellipse(fx, 160, 46, 17, 40)
    c.polygon(cape, WHITE, INK, OUT)
    for i in range(9):
        c.polygon(
            [
                (fx - 36 + 9 * i - 1.5, 153 + (i % 2) * 6),
                (fx - 36 + 9 * i + 1.5, 153 + (i % 2) * 6),
                (fx - 36 + 9 * i, 161 + (i % 2) * 6),
            ],
            INK,
        )
    _head(
        c,
        fx,
        116,
        20,
        (150, 150, 150) if suit in "DB" else HAIR[suit],
        beard=(160, 160, 156) if suit in "DB" else shade(HAIR[suit], 1.1),
    )
    if style == "siciliane":
        cap = bezier((fx - 20, 96), (fx - 22, 58), (fx + 22, 58), (fx + 20, 96), 12)
        c.polygon(cap, SICILIAN_RED, INK, OUT)
        c.circle(fx, 66, 4, SICILIAN_YELLOW, INK, OUT * 0.7)
    _crown(c, fx, 100, 44, 24, closed=style == "piacentine")
    c.line([(fx - 22, 176), (fx, 196), (fx + 22, 176)], GOLD, 2.2)
    _medallion(c, fx, 204, 11, value)
    hold = _held_symbol(c, style, suit, (fx + 74, 186), raised=True)
    _limb(c, [(fx + 30, 160), (fx + 52, 204), hold], shade(main, 0.82), 15)
    _hand(c, hold)


def _regina(c: Canvas, style: str, suit: str, value: int) -> None:
    main, second, trim = PALETTES[style][suit]
    fx = 106.0
    _head_hair = HAIR[suit]
    veil = bezier((fx - 20, 96), (fx - 44, 140), (fx - 44, 190), (fx - 36, 232), 8)
    c.polygon(veil + mirror(veil, fx)[:], (236, 232, 246), INK, OUT * 0.7)
    c.polygon(
        [(fx - 26, 118), (fx + 26, 118), (fx + 34, 220), (fx - 34, 220)], _head_hair, INK, OUT
    )
    skirt = [(fx - 24, 214), (fx + 24, 214), (fx + 66, 368), (fx - 66, 368)]
    c.polygon(skirt, main, INK, OUT)
    c.polygon([(fx - 14, 214), (fx + 14, 214), (fx + 30, 368), (fx - 30, 368)], second, INK, OUT)
    for i in range(5):
        c.circle(fx, 240 + 26 * i, 3.5, trim, INK, 0.8)
    c.line([(fx - 66, 362), (fx + 66, 362)], trim, 4)
    bodice = [(fx - 30, 150), (fx + 30, 150), (fx + 22, 218), (fx - 22, 218)]
    c.polygon(bodice, second, INK, OUT)
    c.polygon([(fx - 16, 150), (fx + 16, 150), (fx, 214)], main, INK, OUT * 0.7)
    _limb(c, [(fx - 28, 158), (fx - 44, 200), (fx - 22, 226)], shade(main, 0.8), 13)
    c.line(bezier((fx - 22, 226), (fx - 36, 210), (fx - 46, 190), (fx - 44, 170), 8), GREEN, 2.5)
    c.circle(fx - 44, 166, 7, RED, INK, 1.0)
    c.circle(fx - 44, 166, 2.5, GOLD_LIGHT)
    _hand(c, (fx - 22, 226))
    c.polygon([(fx - 7, 130), (fx + 7, 130), (fx + 8, 150), (fx - 8, 150)], FLESH, INK, OUT)
    c.line([(fx - 18, 150), (fx, 168), (fx + 18, 150)], GOLD, 2.0)
    _medallion(c, fx, 176, 10, value)
    _head(c, fx, 114, 19, _head_hair, long_hair=False)
    c.polygon(
        bezier((fx - 24, 100), (fx - 36, 150), (fx - 30, 190), (fx - 24, 210), 8)
        + [(fx - 18, 120)],
        (236, 232, 246),
        INK,
        OUT * 0.7,
    )
    _crown(c, fx, 98, 34, 18)
    hold = _held_symbol(c, style, suit, (fx + 72, 184), raised=True)
    _limb(c, [(fx + 26, 158), (fx + 50, 198), hold], shade(main, 0.8), 13)
    _hand(c, hold)


def _cavallo(c: Canvas, style: str, suit: str, value: int) -> None:
    main, second, trim = PALETTES[style][suit]
    horse = HORSE[suit]
    c.line(bezier((190, 250), (210, 262), (204, 296), (194, 330), 10), INK, 16)
    c.line(bezier((190, 250), (210, 262), (204, 296), (194, 330), 10), shade(horse, 0.5), 12)
    for leg in ([(160, 286), (160, 326), (164, 360)], [(178, 282), (184, 322), (190, 356)]):
        _limb(c, leg, shade(horse, 0.85), 11)
        c.polygon(rounded_rect(leg[-1][0] - 7, leg[-1][1], 15, 8, 2), DARK, INK, OUT * 0.6)
    _limb(c, [(84, 286), (80, 326), (78, 360)], shade(horse, 0.85), 11)
    c.polygon(rounded_rect(71, 360, 15, 8, 2), DARK, INK, OUT * 0.6)
    c.ellipse(128, 266, 68, 35, horse, INK, OUT)
    neck = bezier((54, 192), (50, 222), (56, 258), (70, 288), 12)
    neck += bezier((108, 244), (104, 214), (94, 188), (78, 170), 12)
    c.polygon(neck, horse, INK, OUT)
    c.polygon([(64, 174), (63, 150), (76, 170)], horse, INK, OUT)
    head = bezier((76, 166), (62, 174), (46, 194), (34, 212), 10)
    head += bezier((34, 212), (28, 222), (34, 232), (44, 231), 6)[1:]
    head += bezier((44, 231), (58, 226), (76, 206), (92, 192), 10)[1:]
    head += bezier((92, 192), (92, 180), (86, 170), (76, 166), 6)[1:-1]
    c.polygon(head, horse, INK, OUT)
    c.line(bezier((44, 216), (40, 220), (40, 226), (44, 228), 4), shade(horse, 0.55), 1.4)
    c.polygon([(72, 170), (74, 148), (82, 170)], horse, INK, OUT)
    c.polygon(
        [(78, 168), (98, 196), (112, 242), (102, 246), (86, 204)],
        shade(horse, 0.45),
        INK,
        OUT * 0.8,
    )
    c.circle(58, 190, 3, INK)
    c.circle(37, 219, 2.2, INK)
    c.line([(74, 174), (42, 212), (36, 220)], BROWN, 2.2)
    _limb(c, [(100, 288), (114, 318), (100, 338)], shade(horse, 0.85), 11)
    c.polygon(rounded_rect(92, 334, 14, 8, 2, 4), DARK, INK, OUT * 0.6)
    cloth = [(96, 236), (170, 236), (176, 296)]
    for i in range(8):
        cloth.append((176 - i * 11.5, 296 + (6 if i % 2 == 0 else 0)))
    cloth.append((92, 292))
    c.polygon(cloth, main, INK, OUT)
    c.line([(92, 286), (176, 290)], trim, 3)
    _medallion(c, 158, 266, 11, value)
    c.line([(46, 206), (104, 210), (118, 204)], BROWN, 2)
    c.polygon([(124, 234), (140, 236), (134, 300), (122, 300)], second, INK, OUT)
    c.polygon(rounded_rect(114, 298, 24, 12, 3), DARK, INK, OUT)
    c.polygon([(112, 238), (150, 238), (146, 176), (116, 176)], main, INK, OUT)
    c.line([(131, 178), (131, 236)], trim, 3)
    _limb(c, [(118, 182), (108, 204), (118, 204)], shade(main, 0.8), 12)
    _hand(c, (118, 204))
    c.polygon([(126, 162), (136, 162), (137, 178), (125, 178)], FLESH, INK, OUT)
    _head(c, 131, 152, 16, HAIR[suit], beard=shade(HAIR[suit], 1.1) if suit in "SB" else None)
    if style == "piacentine":
        _tall_cap(c, 131, 140, second, trim, 0.8)
    elif style == "siciliane":
        _beret(c, 131, 140, second, trim, 0.8)
    else:
        c.ellipse(131, 138, 26, 7, second, INK, OUT)
        c.polygon(bezier((117, 138), (116, 122), (146, 120), (145, 138), 8), second, INK, OUT)
    if style != "siciliane":
        c.line(bezier((140, 128), (152, 112), (164, 108), (170, 116), 8), INK, 7)
        c.line(bezier((140, 128), (152, 112), (164, 108), (170, 116), 8), trim, 4)
    hold = _held_symbol(c, style, suit, (188, 162), raised=True)
    _limb(c, [(146, 182), (168, 176), hold], shade(main, 0.8), 12)
    _hand(c, hold)


# The French figures stand in a framed panel (x, y, w, h, outline width), as on Anglo-French
# court cards; the corner index sits left of it.
FRENCH_PANEL = (42.0, 14.0, 156.0, 372.0, 1.2)


def draw_french_panel(c: Canvas) -> None:
    x, y, w, h, width = FRENCH_PANEL
    c.polygon(rounded_rect(x, y, w, h, 6), (246, 240, 226), INK, width)


# A Genoese court is double-ended: the figure from the head to the waist, and the same
# figure upside down, the halves parted by a diagonal across the panel (from its left side,
# ``GENOESE_SLOPE`` above the middle, to its right side as far below). ``GENOESE_WAIST`` is
# the height of the figures' drawings that lands on the card's middle.
GENOESE_SLOPE = 34.0
GENOESE_WAIST = 226.0
GENOESE_SCALE = 0.9


def _genoese_diagonal() -> tuple[Point, Point]:
    x, _, w, _, _ = FRENCH_PANEL
    return (x, 200 - GENOESE_SLOPE), (x + w, 200 + GENOESE_SLOPE)


Figure = Callable[[Canvas, str, str, int], None]


def _double_ended(c: Canvas, style: str, suit: str, rank: int, draw: Figure) -> None:
    """Draw a Genoese court on ``c`` (a whole card, with no frame pushed)."""
    draw_french_panel(c)
    lower = Canvas(c.width, c.height, c.ss)
    lower.surface = c.surface.copy()
    for canvas, angle in ((c, 0.0), (lower, 180.0)):
        canvas.push(120, 200, GENOESE_SCALE, angle)
        canvas.push(-120, -GENOESE_WAIST)
        draw(canvas, style, suit, rank)
        canvas.pop()
        canvas.pop()
    (x0, y0), (x1, y1) = _genoese_diagonal()
    ss = c.ss
    mask = pygame.Surface(c.surface.get_size())
    mask.fill((0, 0, 0))
    below = [(x0, y0), (x1, y1), (x1, 400), (x0, 400)]
    pygame.draw.polygon(mask, (255, 255, 255), [(x * ss, y * ss) for x, y in below])
    chosen = pygame.surfarray.array_red(mask) > 127
    pixels = pygame.surfarray.pixels3d(c.surface)
    pixels[chosen] = pygame.surfarray.pixels3d(lower.surface)[chosen]
    del pixels
    x, y, w, h, width = FRENCH_PANEL
    c.line([(x0, y0), (x1, y1)], INK, 1.6)
    c.polygon(rounded_rect(x, y, w, h, 6), None, INK, width)


def draw_court(c: Canvas, style: str, suit: str, rank: int) -> None:
    """Draw the figure of rank 8, 9 or 10 of ``suit``."""
    if rank not in (8, 9, 10):
        raise ValueError(f"rank {rank} is not a court card")
    draw = {8: _fante, 9: _regina if style in FRENCH_SUITED else _cavallo, 10: _re}[rank]
    if style == "genovesi":
        _double_ended(c, style, suit, rank, draw)
        return
    if style == "french":
        draw_french_panel(c)
        c.push(120, 204, 0.86)
        c.push(-120, -200)
        draw(c, style, suit, rank)
        c.pop()
        c.pop()
        return
    if style == "siciliane":
        _sicilian_ground(c, rank)
        if rank == 8 and suit in "DC":
            draw = _donna
    if style == "piacentine":
        c.ellipse(124, 368, 72, 11, (204, 220, 160), None)
        c.ellipse(124, 368, 72, 11, None, (120, 150, 90), 1.0)
    draw(c, style, suit, rank)
