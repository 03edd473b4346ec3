"""Everything on the table that is not a moving card: felt, name plates, stacks, scores,
banners and the hot-seat cover. Pure drawing functions of what they are given."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import TYPE_CHECKING

import pygame
from pygame import FRect

from .. import style
from ..cardart import CardArt, card_height
from ..style import Scale
from .director import Banner, Confetto, Spark
from .layout import FRAME_RADIUS, STACK_LAYERS, STACK_STEP, TableLayout
from .text import Writer

if TYPE_CHECKING:
    from .words import CoverWords


def background(size: tuple[int, int], layout: TableLayout, felt: str) -> pygame.Surface:
    """The cloth ``felt`` with light falling on the middle, and the playing area marked."""
    w, h = size
    surface = pygame.Surface(size)
    if not style.lay_felt(surface, felt):
        surface.fill(style.cloth(felt).flat)
        grain = pygame.Surface((128, 128), pygame.SRCALPHA)
        rng = random.Random(7)
        for _ in range(1400):
            shade = rng.choice(((0, 0, 0, 22), (255, 255, 255, 12)))
            grain.set_at((rng.randrange(128), rng.randrange(128)), shade)
        for x in range(0, w, 128):
            for y in range(0, h, 128):
                surface.blit(grain, (x, y))
    light = pygame.Surface((64, 36), pygame.SRCALPHA)
    for y in range(36):
        for x in range(64):
            dx, dy = (x - 31.5) / 32, (y - 16.5) / 19
            d = min(1.0, (dx * dx + dy * dy) ** 0.5)
            if d < 0.55:
                light.set_at((x, y), (255, 255, 230, round(34 * (1 - d / 0.55))))
            else:
                light.set_at((x, y), (0, 0, 0, round(150 * ((d - 0.55) / 0.45) ** 1.6)))
    surface.blit(pygame.transform.smoothscale(light, size), (0, 0))
    zone = layout.table_rect.inflate(layout.margin * 2, layout.margin * 2)
    overlay = pygame.Surface(size, pygame.SRCALPHA)
    radius = round(FRAME_RADIUS * layout.unit)
    pygame.draw.rect(overlay, (0, 0, 0, 26), zone, border_radius=radius)
    pygame.draw.rect(overlay, (*style.CLOTH_LINE, 46), zone, max(1, round(3 * layout.unit)), radius)
    inner = zone.inflate(-layout.margin * 0.6, -layout.margin * 0.6)
    pygame.draw.rect(
        overlay, (*style.CLOTH_LINE, 22), inner, max(1, round(1.5 * layout.unit)), radius
    )
    surface.blit(overlay, (0, 0))
    return surface.convert() if pygame.display.get_surface() else surface


@dataclass(frozen=True)
class Plate:
    name: str
    detail: str
    active: bool
    dealer: bool
    dealer_mark: str = "D"
    """The letter on the dealer's button ("D" for dealer, "M" for mazziere)."""


def draw_plate(
    surface: pygame.Surface,
    rect: FRect,
    plate: Plate,
    layout: TableLayout,
    text: Writer,
    pulse: float,
) -> None:
    """A seat's name; gold and glowing while it is that seat's turn."""
    u = layout.unit
    scale = Scale(layout.size)
    if plate.active:
        glow = rect.inflate(10 * u + 8 * u * pulse, 10 * u + 8 * u * pulse)
        size = (round(glow.width), round(glow.height))
        surface.blit(_halo(size, round(60 + 50 * pulse), round(18 * u)), glow.topleft)
    border = style.BRIGHT_GOLD if plate.active else None
    style.dark_panel(surface, rect, scale, border=border, alpha=190)
    pad = plate_pad(layout)
    right = rect.right - pad
    if plate.dealer:
        # The dealer's button sits astride the plate's right edge, a margin clear of the
        # words (of a long name too, on a plate grown just as wide as it wanted).
        mark, r = _dealer_button(rect, text)
        disc = dealer_disc(rect, text)
        pygame.draw.circle(surface, style.CREAM, disc.center, r)
        pygame.draw.circle(surface, style.BRIGHT_GOLD, disc.center, r, max(1, round(2 * u)))
        style.text(surface, plate.dealer_mark, mark, disc, align="center")
        right = disc.left - pad
    name = name_pen(layout, text).tinted(style.CREAM if plate.active else style.MIST)
    detail = text.pen("ui", layout.font_small, style.BRIGHT_GOLD if plate.active else style.MIST)
    words = words_room(rect, layout, text)
    share = _name_share(name, text, layout)
    top = FRect(rect.left + pad, words.top, right - rect.left - pad, words.height * share)
    bottom = FRect(top.left, top.bottom, top.width, words.bottom - top.bottom)
    style.text(surface, plate.name, name, top)
    style.text(surface, plate.detail, detail, bottom)


def plate_pad(layout: TableLayout) -> float:
    """The room a plate keeps between its words and its edges, and the dealer's button."""
    return 14 * layout.unit


def dealer_disc(rect: FRect, text: Writer) -> FRect:
    """Where the dealer's button lies on the plate ``rect``: astride its right edge."""
    r = _dealer_button(rect, text)[1]
    disc = FRect(0, 0, 2 * r, 2 * r)
    disc.center = (rect.right - r / 2, rect.centery)
    return disc


def _dealer_button(rect: FRect, text: Writer) -> tuple[style.Pen, float]:
    """The pen of the letter on a plate's dealer button, and the button's radius."""
    mark = text.pen("ui_bold", round(rect.height * 0.26), style.NIGHT)
    return mark, max(rect.height * 0.22, style.line_height(mark) / 2 + 1)


def plate_pen(layout: TableLayout, text: Writer) -> style.Pen:
    """The pen of a plate's second line (its colour aside)."""
    return text.pen("ui", layout.font_small, style.MIST)


def detail_room(rect: FRect, layout: TableLayout, text: Writer) -> float:
    """The width a plate's second line may take, told as if the dealer's button were on
    the plate: a plate's words do not change as the deal passes round."""
    pad = plate_pad(layout)
    return dealer_disc(rect, text).left - pad - (rect.left + pad)


def plate_width(name: str, layout: TableLayout, text: Writer, detail: str = "") -> float:
    """How wide a plate of ``layout`` must be to write ``name`` and its second line
    (``detail``) whole at their usual sizes, beside the dealer's button (``detail_room``)."""
    pad = plate_pad(layout)
    r = _dealer_button(FRect((0, 0), layout.plate_size), text)[1]
    words = max(
        style.natural_width(name, name_pen(layout, text)),
        style.natural_width(detail, plate_pen(layout, text)) if detail else 0,
    )
    return words + 2 * pad + 1.5 * r + 1


def name_pen(layout: TableLayout, text: Writer) -> style.Pen:
    """The pen of a plate's name (its colour aside)."""
    return text.pen("ui_bold", layout.font_normal, style.MIST)


def told_apart(plates: list[tuple[str, FRect]], layout: TableLayout, text: Writer) -> list[str]:
    """The plates' names as they are to be written, (name, plate) per plate: names cut
    short to the same words ("Massimiliano Al…" for two Massimiliano Al-something) keep
    their start and end instead, so that the seats can be told apart. Told for the room a
    name has beside the dealer's button, which passes from plate to plate."""
    pen = name_pen(layout, text)
    share = _name_share(pen, text, layout)
    rooms = [
        (detail_room(rect, layout, text), words_room(rect, layout, text).height * share)
        for _, rect in plates
    ]
    fits = [style.fit(name, pen, *room) for (name, _), room in zip(plates, rooms)]
    told = [name for name, _ in plates]
    for index, ((name, _), laid, (width, _)) in enumerate(zip(plates, fits, rooms)):
        alike = {plates[other][0] for other, seen in enumerate(fits) if seen.lines == laid.lines}
        if laid.elided and len(alike) > 1:
            told[index] = style.cut_middle(name, replace(pen, px=laid.px), width)
    return told


def words_room(rect: FRect, layout: TableLayout, text: Writer) -> FRect:
    """Where on the plate ``rect`` its two lines go: under the band of the side's
    colour along its top (``plate_band``) and over its border, as far as the lines' own
    heights allow (the accents of a name's capitals, "Èlia", crossed the border)."""
    lines = sum(style.line_height(pen) for pen in (name_pen(layout, text), plate_pen(layout, text)))
    spare = max(0.0, rect.height - lines)
    below = min(spare, style.dark_panel_line(Scale(layout.size)))
    above = min(spare - below, plate_band(layout))
    return FRect(rect.left, rect.top + above, rect.width, rect.height - above - below)


def plate_band(layout: TableLayout) -> float:
    """The height of the band of a side's colour along the top of its plates."""
    return max(3.0, 5 * layout.unit)


def _name_share(name: style.Pen, text: Writer, layout: TableLayout) -> float:
    """The share of a plate's height its name's line takes (the detail's line the rest):
    as their sizes do."""
    detail = text.pen("ui", layout.font_small, style.MIST)
    return style.line_height(name) / (style.line_height(name) + style.line_height(detail))


def shortened(details: list[tuple[str, str, float]], pen: style.Pen) -> bool:
    """Whether the plates' second lines are all to be said short: (detail, short, room)
    per plate; one whole line that would be cut shortens them all, so that the levels of
    the seats read alike ("Principiante" on each plate, not on one)."""
    return any(short and style.natural_width(detail, pen) > room for detail, short, room in details)


@lru_cache(maxsize=64)
def _halo(size: tuple[int, int], alpha: int, radius: int) -> pygame.Surface:
    """The glow around the plate of the seat to play, at one step of its breathing."""
    halo = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(halo, (*style.BRIGHT_GOLD, alpha), halo.get_rect(), border_radius=radius)
    return halo


PILE_SLANT = 14.0
"""Degrees the bottom card of a pile of cards taken lies across the others."""


def draw_stack(
    surface: pygame.Surface,
    art: CardArt,
    centre: tuple[float, float],
    width: int,
    count: int,
    *,
    turned: bool = False,
    askew: bool = False,
) -> None:
    """A face-down stack whose height shows roughly how many cards it holds; ``askew``
    (a side's pile of cards taken): its bottom card lies across the others at a slant, as
    cards thrown on a pile do, so that it never reads as one more card of the hand beside it
    (a hidden hand by the window's side lies turned as a pile does)."""
    if count <= 0:
        return
    layers = min(STACK_LAYERS, 1 + count // 5)
    step = max(1.0, width * STACK_STEP)
    quarter = 90.0 if turned else 0.0
    back = art.rotated_back(width, quarter)
    shade = art.shadow(width, turned=turned)
    surface.blit(shade, shade.get_rect(center=(centre[0] + width * 0.05, centre[1] + width * 0.08)))
    if askew and count > 1:
        slant = art.rotated_back(width, quarter + PILE_SLANT)
        surface.blit(slant, slant.get_rect(center=centre))
    for k in range(layers):
        x = centre[0] - step * k
        y = centre[1] - step * k
        surface.blit(back, back.get_rect(center=(x, y)))


def banner_fit(banner: Banner, layout: TableLayout, text: Writer) -> style.Fit:
    """How a banner's words are laid out (on at most two lines across the table)."""
    face, _, room = _banner_pens(banner, layout, text)
    return style.fit(banner.text, face, *room, lines=2)


def _banner_pens(
    banner: Banner, layout: TableLayout, text: Writer
) -> tuple[style.Pen, style.Pen, tuple[float, float]]:
    big = banner.kind == "scopa"
    px = layout.font_banner if big else layout.font_large
    face = text.pen("title", px, style.SHINE if big else style.CREAM)
    room = (layout.size[0] - 4 * layout.margin, 2 * style.line_height(face))
    return face, face.tinted(style.SHADOW), room


def draw_banner(surface: pygame.Surface, banner: Banner, layout: TableLayout, text: Writer) -> None:
    if banner.alpha <= 1:
        return
    face_pen, shadow_pen, room = _banner_pens(banner, layout, text)
    face = style.picture(banner.text, face_pen, room, lines=2)
    shadow = style.picture(banner.text, shadow_pen, room, lines=2)
    scale = max(0.05, banner.scale)
    if abs(scale - 1.0) > 0.01:
        size = (max(1, round(face.get_width() * scale)), max(1, round(face.get_height() * scale)))
        face = pygame.transform.smoothscale(face, size)
        shadow = pygame.transform.smoothscale(shadow, size)
    alpha = round(max(0.0, min(255.0, banner.alpha * banner.fade)))
    centre = layout.banner_centre
    if banner.kind != "scopa":
        # The words lie on a plate that hides, once shown, whatever is under them: cards
        # lying on the table and the last cards flying to their pile.
        box = FRect(face.get_rect()).inflate(layout.margin * 2.4, layout.margin * 1.2)
        box.center = centre
        style.dark_panel(surface, box, Scale(layout.size), border=style.BRIGHT_GOLD, alpha=alpha)
    off = max(2, round(5 * layout.unit))
    shadow.set_alpha(round(alpha * 0.6))
    face.set_alpha(alpha)
    surface.blit(shadow, shadow.get_rect(center=(centre[0] + off, centre[1] + off)))
    surface.blit(face, face.get_rect(center=centre))


def draw_sparks(surface: pygame.Surface, sparks: list[Spark]) -> None:
    """Flecks of light, added to what is below them so they shine on the cloth."""
    for spark in sparks:
        level = round(max(0.0, min(255.0, spark.alpha)) / 16)
        if level <= 0:
            continue
        r = max(1, round(spark.size))
        surface.blit(
            _spark_dot(r, level),
            (spark.x - 2 * r, spark.y - 2 * r),
            special_flags=pygame.BLEND_RGB_ADD,
        )


CONFETTI_COLOURS: tuple[style.Color, ...] = (
    (206, 54, 58),
    style.BRIGHT_GOLD,
    style.CREAM,
    (70, 128, 206),
    (222, 118, 164),
)
"""The scraps' papers, bright on every cloth (no green: on the green cloth it was lost)."""


def confetto_corners(confetto: Confetto) -> list[tuple[float, float]]:
    """The four corners of a scrap as it shows: narrowed as it turns over (``spin``),
    turned in the window's plane (``tilt``), smaller as it fades (``alpha``)."""
    fade = max(0.0, min(1.0, confetto.alpha / 255))
    half_w = confetto.size / 2 * max(0.12, abs(math.cos(confetto.spin))) * fade
    half_h = confetto.size * 0.28 * fade
    cos, sin = math.cos(confetto.tilt), math.sin(confetto.tilt)
    return [
        (confetto.x + dx * cos - dy * sin, confetto.y + dx * sin + dy * cos)
        for dx, dy in ((-half_w, -half_h), (half_w, -half_h), (half_w, half_h), (-half_w, half_h))
    ]


def draw_confetti(
    surface: pygame.Surface,
    confetti: Sequence[Confetto],
    corners: Sequence[list[tuple[float, float]]],
) -> None:
    """Scraps of paper at their ``corners`` (``confetto_corners``, worked out once for the
    frame), their back a shade darker than their face as they turn over."""
    for confetto, shape in zip(confetti, corners, strict=True):
        if confetto.alpha <= 8:
            continue
        colour = CONFETTI_COLOURS[confetto.colour % len(CONFETTI_COLOURS)]
        if math.cos(confetto.spin) < 0:
            colour = (round(colour[0] * 0.72), round(colour[1] * 0.72), round(colour[2] * 0.72))
        pygame.draw.polygon(surface, colour, shape)


@lru_cache(maxsize=128)
def _spark_dot(radius: int, level: int) -> pygame.Surface:
    k = level / 16
    dot = pygame.Surface((4 * radius, 4 * radius))
    centre = (2 * radius, 2 * radius)
    pygame.draw.circle(dot, (round(90 * k), round(70 * k), round(20 * k)), centre, 2 * radius)
    pygame.draw.circle(dot, (round(255 * k), round(220 * k), round(120 * k)), centre, radius)
    return dot


def _draw_news(
    surface: pygame.Surface,
    layout: TableLayout,
    text: Writer,
    news: tuple[str, ...],
    top: float,
    bottom: float,
    earlier: bool = False,
) -> None:
    """The cover's heading of what the others made (``news[0]``), in gold, and its lines
    under it, in the middle of the room from ``top`` to ``bottom``: every line, in smaller
    letters if that is what it takes, else the latest lines that fit. An ellipsis over
    them says that more was made before (``earlier``, or lines left out here): the heading
    "Since your last turn" stood over a part of it."""
    gap = layout.margin * 0.5
    room = bottom - top - 2 * gap
    lines = news[1:]
    for size in (layout.font_normal, layout.font_small):
        heading = text.pen("ui_bold", size, style.BRIGHT_GOLD)
        line = text.pen("ui", size, style.CREAM)
        step = style.line_height(line)
        fit = max(1, int((room - style.line_height(heading)) // step))
        if fit >= len(lines) + (1 if earlier else 0):
            break
    if earlier or fit < len(lines):
        shown = (style.ELLIPSIS, *lines[max(0, len(lines) - max(1, fit - 1)) :])
    else:
        shown = lines
    height = style.line_height(heading) + step * len(shown)
    y = top + gap + max(0.0, (room - height) / 2)
    width = layout.size[0] - 4 * layout.margin
    box = FRect(2 * layout.margin, y, width, style.line_height(heading))
    style.text(surface, news[0], heading, box, align="center")
    for told in shown:
        box = FRect(2 * layout.margin, box.bottom, width, step)
        style.text(surface, told, line, box, align="center")


def cover_button(layout: TableLayout, text: Writer, label: str) -> FRect:
    """Where the cover's button goes: low in the middle, where the next person's hand
    shows, clear of the table where the last card was dropped."""
    w, h = layout.size
    height = round(layout.font_normal * 2.2)
    scale = style.Scale(layout.size)
    width = style.button_width(text.font, label, layout.font_normal, scale, height)
    rect = FRect(0, 0, min(max(width, w * 0.22), w - 4 * layout.margin), height)
    rect.midbottom = (w / 2, h - layout.margin * 4.6)
    return rect


def draw_cover(
    surface: pygame.Surface,
    art: CardArt,
    layout: TableLayout,
    text: Writer,
    words: CoverWords,
    felt: str,
    hot: bool,
    held: float = 0.0,
    lit: bool = False,
) -> None:
    """The screen shown while the device passes between human players, with the button
    the next person lifts it with, filled as far as it has been held (``held``, 0 to 1);
    ``lit``: its line answers a try that did not lift it (bright and bold); the veil is
    the near black of the cloth ``felt``. What the others
    made since the person's last turn is told between the words and the button: as many
    of its latest lines as there is room for."""
    title, hint, note, button, news, earlier = words
    w, h = layout.size
    style.veil(surface, felt)
    cw = layout.hand_w
    for k, angle in enumerate((-12, 0, 12)):
        back = art.rotated_back(cw, angle)
        centre = (w / 2 + (k - 1) * cw * 0.45, h * 0.36)
        surface.blit(back, back.get_rect(center=centre))
    width = w - 4 * layout.margin
    heading = text.pen("title", layout.font_banner // 2, style.SHINE)
    top = h * 0.36 + card_height(cw) * 0.6
    box = FRect(2 * layout.margin, top, width, 2 * style.line_height(heading))
    used = style.text(surface, title, heading, box, align="center", valign="top", lines=2)
    line = text.pen(
        "ui_bold" if lit else "ui", layout.font_normal, style.SHINE if lit else style.CREAM
    )
    box = FRect(2 * layout.margin, used.bottom, width, 2 * style.line_height(line))
    said = style.text(surface, hint, line, box, align="center", valign="top", lines=2)
    rect = cover_button(layout, text, button)
    if news:
        _draw_news(surface, layout, text, news, said.bottom, rect.top, earlier)
    state = "hot" if hot else "normal"
    scale = style.Scale(layout.size)
    style.button(
        surface, rect, scale, text.font, button, layout.font_normal, state=state, primary=True
    )
    if held > 0:  # a light fills the button from the left as it is held
        light = pygame.Surface((round(rect.w), round(rect.h)), pygame.SRCALPHA)
        radius = max(2, round(rect.h / 5))
        pygame.draw.rect(light, (*style.SHINE, 96), light.get_rect(), border_radius=radius)
        filled = pygame.Rect(0, 0, round(rect.w * held), round(rect.h))
        surface.blit(light, (round(rect.left), round(rect.top)), area=filled)
    small = text.pen("ui", layout.font_small, style.MIST)
    box = FRect(2 * layout.margin, h - layout.margin * 4, width, layout.margin * 2)
    style.text(surface, note, small, box, align="center")
