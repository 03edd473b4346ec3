"""Compose whole card faces and backs for a deck style."""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pygame

from cardart import figures, sicilian, venetian
from cardart.canvas import Canvas, Color, load_font, rounded_rect, shade, transform
from cardart.layout import H, W, pip_positions, pip_size
from cardart.suits import (
    BLACK,
    BLUE,
    FRENCH_RED,
    FRENCH_SUITED,
    GOLD,
    GREEN,
    INK,
    RED,
    draw_symbol,
)

SS = 4
CORNER = 14.0
CORNER_BOX = (64, 112)  # w, h of the card's corner that holds the index (final pixels)
FONT_DIR = Path(__file__).resolve().parents[2] / "assets" / "fonts"


# The lines printed around an Italian face: (inset from the edge, corner radius, width).
FRAME_LINES: dict[str, tuple[tuple[float, float, float], ...]] = {
    "napoletane": ((7.0, 9.0, 1.6),),
    "piacentine": ((6.0, 9.0, 2.4), (10.0, 6.0, 0.9)),
    "siciliane": ((6.0, 9.0, 1.0), (9.0, 7.0, 1.8)),
    "trevisane": ((7.0, 8.0, 2.0),),
    "french": (),
    "genovesi": (),
}


@dataclass(frozen=True)
class Style:
    paper: Color
    frame: Color
    index_colors: dict[str, Color]
    back_a: Color
    back_b: Color
    back_c: Color


STYLES: dict[str, Style] = {
    "napoletane": Style(
        paper=(250, 245, 232),
        frame=(178, 40, 40),
        index_colors={"D": INK, "C": INK, "S": INK, "B": INK},
        back_a=(156, 28, 36),
        back_b=(236, 182, 58),
        back_c=(250, 240, 214),
    ),
    "piacentine": Style(
        paper=(248, 246, 238),
        frame=(36, 72, 150),
        index_colors={"D": INK, "C": INK, "S": INK, "B": INK},
        back_a=(30, 64, 140),
        back_b=(210, 60, 50),
        back_c=(240, 236, 222),
    ),
    "siciliane": Style(
        paper=(252, 249, 240),
        frame=(24, 124, 70),
        index_colors={"D": INK, "C": INK, "S": INK, "B": INK},
        back_a=(20, 104, 62),
        back_b=(250, 200, 30),
        back_c=(246, 240, 222),
    ),
    "trevisane": Style(
        paper=(253, 251, 245),
        frame=venetian.CRIMSON,
        index_colors={"D": INK, "C": INK, "S": INK, "B": INK},
        back_a=venetian.CRIMSON,
        back_b=(232, 180, 52),
        back_c=(246, 238, 218),
    ),
    "french": Style(
        paper=(252, 250, 244),
        frame=(40, 40, 44),
        index_colors={"D": FRENCH_RED, "C": FRENCH_RED, "S": BLACK, "B": BLACK},
        back_a=(24, 82, 60),
        back_b=(212, 176, 84),
        back_c=(244, 238, 220),
    ),
    "genovesi": Style(
        paper=(251, 248, 238),
        frame=(28, 96, 58),
        index_colors={"D": FRENCH_RED, "C": FRENCH_RED, "S": BLACK, "B": BLACK},
        back_a=(176, 30, 38),
        back_b=(26, 98, 58),
        back_c=(246, 236, 206),
    ),
}


def _font(size: int) -> pygame.font.Font:
    return load_font(FONT_DIR / "DejaVuSerif-Bold.ttf", size * SS)


def card_outline() -> list[tuple[float, float]]:
    return rounded_rect(0, 0, W, H, CORNER, 10)


def _paper(c: Canvas, style: str) -> None:
    s = STYLES[style]
    c.polygon(rounded_rect(0.5, 0.5, W - 1, H - 1, CORNER, 10), s.paper, (120, 110, 96), 1.2)
    for inset, radius, width in FRAME_LINES[style]:
        outline = rounded_rect(inset, inset, W - 2 * inset, H - 2 * inset, radius, 8)
        c.polygon(outline, None, s.frame, width)


# The corner index: the value, then the suit symbol under it, centred on one column.
INDEX_X, INDEX_Y = 25.0, 33.0  # centre of the value in the top-left corner
INDEX_SYMBOL_DY = 37.0  # from the value's centre down to the symbol's
INDEX_MARGIN = 4.0  # clear paper between the index and the frame or the court panel
INDEX_DIGIT_GAP = 1.5  # ink gap between the two digits of 10
INDEX_MIN_ROOM = 26.0  # the width an Italian frame leaves the value, moving the column if need be
CARD_EDGE = 1.1  # inner edge of the card's outline


def index_column(style: str) -> tuple[float, float]:
    """Centre x (card px) of the corner index, and the widest its value may be drawn.

    The index keeps ``INDEX_MARGIN`` from the frame's inner edge (the card's edge on French
    cards) and, on French cards, from the court panel: every French index is centred between
    the two so the column stays put from a number card to a court card.
    """
    left = max((inset + width / 2 for inset, _, width in FRAME_LINES[style]), default=CARD_EDGE)
    if style in FRENCH_SUITED:
        x, _, _, _, width = figures.FRENCH_PANEL
        right = x - width / 2
        centre = (left + right) / 2
    else:
        right = math.inf
        centre = max(INDEX_X, left + INDEX_MARGIN + INDEX_MIN_ROOM / 2)
    return centre, 2 * (min(centre - left, right - centre) - INDEX_MARGIN)


def _value_image(label: str, size: int, color: Color, room: float) -> pygame.Surface:
    """The value drawn at ``SS`` times its size, its digits set close together, and squeezed
    sideways (never taller or shorter) when wider than ``room`` card pixels."""
    font = _font(size)
    digits = [font.render(digit, True, color) for digit in label]
    inks = [image.get_bounding_rect() for image in digits]
    gap = round(INDEX_DIGIT_GAP * SS)
    width = sum(ink.w for ink in inks) + gap * (len(inks) - 1)
    image = pygame.Surface((width, digits[0].get_height()), pygame.SRCALPHA)
    x = 0
    for digit, ink in zip(digits, inks, strict=True):
        image.blit(digit, (x - ink.x, 0))
        x += ink.w + gap
    limit = math.floor(room * SS)
    if width > limit:
        image = pygame.transform.scale(image, (limit, image.get_height()))
    return image


def _index(c: Canvas, style: str, suit: str, rank: int) -> None:
    color = STYLES[style].index_colors[suit]
    centre, room = index_column(style)
    value = _value_image(str(rank), 37 if rank < 10 else 32, color, room)
    for angle in (0.0, 180.0):
        c.push(W / 2, H / 2, 1.0, angle)
        x, y = -W / 2 + centre, -H / 2 + INDEX_Y
        c.image(value, x, y)
        draw_symbol(c, style, suit, x, y + INDEX_SYMBOL_DY, 24 if suit in "DC" else 30)
        c.pop()


def draw_corners(style: str, suit: str, rank: int, corner_index: bool) -> list[np.ndarray]:
    """RGBA arrays of the top-left and bottom-right :data:`CORNER_BOX` of a face, with only
    the paper, the frame (the French court panel) and, if asked, the corner index: what the
    index must keep clear of, drawn without the slow art and the rest of the card."""
    paper = STYLES[style].paper
    box_w, box_h = CORNER_BOX
    corners = []
    for left, top in ((0, 0), (W - box_w, H - box_h)):
        c = Canvas(box_w, box_h, SS, paper)
        c.push(-left, -top)
        _paper(c, style)
        if style in FRENCH_SUITED and rank > 7:
            figures.draw_french_panel(c)
        if corner_index:
            _index(c, style, suit, rank)
        corners.append(c.to_array(transform(card_outline(), dx=-left, dy=-top)))
    return corners


def draw_face(style: str, suit: str, rank: int, corner_index: bool) -> np.ndarray:
    """RGBA array (H, W, 4) of one card face."""
    c = Canvas(W, H, SS, STYLES[style].paper)
    _paper(c, style)
    if rank == 1 and style == "siciliane":
        sicilian.draw_ace(c, suit)
    elif style == "trevisane" and (rank == 1 or suit in "SB") and rank <= 7:
        venetian.draw_numeral(c, suit, rank)
    elif style == "trevisane" and rank > 7:
        venetian.draw_court(c, suit, rank)
    elif rank <= 7:
        size = pip_size(style, suit, rank)
        french = style in FRENCH_SUITED
        for x, y, angle in pip_positions(rank, french, italian=not french):
            if rank == 1:
                _ace_flourish(c, style, suit)
            slim = 0.62 if rank == 1 and suit in "SB" and not french else 1.0
            draw_symbol(c, style, suit, x, y, size, angle, slim)
        if style == "siciliane":
            sicilian.draw_vignette(c, suit, rank, size)
    else:
        figures.draw_court(c, style, suit, rank)
    if corner_index:
        _index(c, style, suit, rank)
    return c.to_array(card_outline())


def _ace_flourish(c: Canvas, style: str, suit: str) -> None:
    """A laurel wreath tied with a ribbon around the single symbol of an Italian ace; the
    Genoese ace sits in a ring of the deck's green and red."""
    if style == "genovesi":
        _genoese_ring(c)
        return
    if style == "french":
        return
    leaf = GREEN if style == "napoletane" else (46, 110, 70)
    ribbon = RED if style == "napoletane" else BLUE
    cx, cy, rx, ry = W / 2, H / 2 + 2, 90.0, 154.0
    for side in (-1, 1):
        angles = [math.radians(90 + side * (12 + 146 * i / 40)) for i in range(41)]
        stem = [(cx + rx * math.cos(a), cy + ry * math.sin(a)) for a in angles]
        c.line(stem, INK, 3.4)
        c.line(stem, shade(leaf, 0.8), 1.6)
        for k in range(2, 41, 4):
            a = angles[k]
            x, y = stem[k]
            tangent = math.degrees(math.atan2(ry * math.cos(a), -rx * math.sin(a))) * side
            for off in (-1, 1):
                lx = x + off * 7 * math.cos(a)
                ly = y + off * 7 * math.sin(a)
                c.ellipse(lx, ly, 10, 4.2, leaf, INK, 0.9, rot=tangent + off * 35 * side)
        berry = stem[38]
        c.circle(berry[0], berry[1], 3.6, RED if style == "piacentine" else GOLD, INK, 0.8)
    bx, by = cx, cy + ry - 2
    c.polygon([(bx, by), (bx - 20, by - 9), (bx - 22, by + 9)], ribbon, INK, 1.0)
    c.polygon([(bx, by), (bx + 20, by - 9), (bx + 22, by + 9)], ribbon, INK, 1.0)
    c.polygon([(bx - 3, by), (bx - 14, by + 20), (bx - 6, by + 18)], ribbon, INK, 1.0)
    c.polygon([(bx + 3, by), (bx + 14, by + 20), (bx + 6, by + 18)], ribbon, INK, 1.0)
    c.circle(bx, by, 4.5, ribbon, INK, 1.0)


def _genoese_ring(c: Canvas) -> None:
    """A double ring with small red lozenges at the quarters, around a Genoese ace."""
    frame = STYLES["genovesi"].frame
    cx, cy = W / 2, H / 2
    c.circle(cx, cy, 86, None, frame, 2.2)
    c.circle(cx, cy, 79, None, frame, 0.9)
    for i in range(8):
        a = math.radians(22.5 + 45 * i)
        x, y = cx + 82.5 * math.cos(a), cy + 82.5 * math.sin(a)
        c.polygon([(x, y - 6), (x + 4, y), (x, y + 6), (x - 4, y)], RED, INK, 0.8)


def draw_back(style: str) -> np.ndarray:
    """RGBA array of the back shared by a deck style."""
    s = STYLES[style]
    c = Canvas(W, H, SS, s.back_c)
    inner = (12, 12, W - 24, H - 24)
    c.polygon(rounded_rect(*inner, 8, 8), s.back_a)
    step = 24.0
    if style == "napoletane":
        for gy in range(-1, int(H / step) + 2):
            for gx in range(-1, int(W / step) + 2):
                x = 12 + gx * step + (step / 2 if gy % 2 else 0)
                y = 12 + gy * step * 0.9
                if 16 <= x <= W - 16 and 16 <= y <= H - 16:
                    c.polygon([(x, y - 9), (x + 7, y), (x, y + 9), (x - 7, y)], s.back_b, None)
                    c.circle(x, y, 2.2, s.back_a)
    elif style == "piacentine":
        for i in range(-30, 31):
            x0 = 12 + i * 14
            c.line([(x0, 12), (x0 + 376, 12 + 376 * (H - 24) / 376)], s.back_b, 2.2)
            c.line([(x0, H - 12), (x0 + 376, H - 12 - 376)], (236, 226, 200), 1.4)
    elif style == "siciliane":
        sicilian.draw_back(c, s.back_a, s.back_b, s.back_c)
    elif style == "trevisane":
        venetian.draw_back(c, s.back_a, s.back_b, s.back_c)
    elif style == "genovesi":
        for i in range(-20, 21):
            x0 = 12 + i * 22
            c.line([(x0, 12), (x0 + H, 12 + H)], s.back_b, 3.0)
            c.line([(x0, H - 12), (x0 + H, H - 12 - H)], s.back_b, 3.0)
        for gy in range(0, int(H / 22) + 2):
            for gx in range(0, int(W / 22) + 2):
                x, y = 12 + gx * 22 + 11, 12 + gy * 22
                if 16 <= x <= W - 16 and 16 <= y <= H - 16:
                    c.circle(x, y, 2.6, GOLD)
    else:
        for gy in range(0, int(H / 16) + 1):
            for gx in range(0, int(W / 16) + 1):
                x, y = 12 + gx * 16 + 8, 12 + gy * 16 + 8
                if 14 <= x <= W - 14 and 14 <= y <= H - 14:
                    c.circle(x, y, 3.4 if (gx + gy) % 2 else 2.0, s.back_b)
    _mask_outside(c, inner, s.back_c)
    c.polygon(rounded_rect(0.5, 0.5, W - 1, H - 1, CORNER, 10), None, (120, 110, 96), 1.2)
    c.polygon(rounded_rect(*inner, 8, 8), None, s.back_b, 2.5)
    c.polygon(rounded_rect(18, 18, W - 36, H - 36, 6, 8), None, s.back_c, 1.0)
    if style in ("siciliane", "trevisane"):
        return c.to_array(card_outline())
    c.ellipse(W / 2, H / 2, 52, 70, s.back_c, s.back_b, 3.0)
    c.ellipse(W / 2, H / 2, 44, 62, s.back_a, None)
    suits = "DCSB"
    for i, suit in enumerate(suits):
        a = math.radians(45 + 90 * i)
        draw_symbol(
            c,
            style,
            suit,
            W / 2 + 22 * math.cos(a),
            H / 2 + 30 * math.sin(a),
            34 if suit in "DC" else 44,
        )
    return c.to_array(card_outline())


def _mask_outside(c: Canvas, rect: tuple[float, float, float, float], color: Color) -> None:
    """Repaint the margin around ``rect`` so patterns drawn past it are clipped."""
    x, y, w, h = rect
    ss = c.ss
    surf = c.surface
    for r in ((0, 0, W, y), (0, y + h, W, H - y - h), (0, 0, x, H), (x + w, 0, W - x - w, H)):
        surf.fill(
            color,
            pygame.Rect(
                round(r[0] * ss), round(r[1] * ss), round(r[2] * ss) + 1, round(r[3] * ss) + 1
            ),
        )
