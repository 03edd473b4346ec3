"""Everything on the table that is not a moving card: felt, name plates, stacks, scores,
banners and the hot-seat cover. Pure drawing functions of what they are given."""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache

import pygame
from pygame import FRect

from ..cardart import CardArt, card_height
from ..theme import lay_felt
from .director import Banner, Spark
from .layout import TableLayout
from .text import TextCache

GOLD = (232, 196, 108)
CREAM = (250, 242, 222)
SOFT = (196, 214, 196)
INK = (16, 28, 20)


def background(size: tuple[int, int], layout: TableLayout) -> pygame.Surface:
    """The green cloth with light falling on the middle, and the playing area marked."""
    w, h = size
    surface = pygame.Surface(size)
    if not lay_felt(surface):
        surface.fill((22, 92, 52))
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
    radius = round(40 * layout.unit)
    pygame.draw.rect(overlay, (0, 0, 0, 26), zone, border_radius=radius)
    pygame.draw.rect(overlay, (236, 214, 150, 46), zone, max(1, round(3 * layout.unit)), radius)
    inner = zone.inflate(-layout.margin * 0.6, -layout.margin * 0.6)
    pygame.draw.rect(overlay, (236, 214, 150, 22), inner, max(1, round(1.5 * layout.unit)), radius)
    surface.blit(overlay, (0, 0))
    return surface.convert() if pygame.display.get_surface() else surface


def panel(
    surface: pygame.Surface,
    rect: FRect,
    unit: float,
    *,
    border: tuple[int, int, int] | None = None,
    alpha: int = 170,
) -> None:
    """A dark rounded box (scores, names, messages) drawn under text."""
    size = (round(rect.width), round(rect.height))
    surface.blit(
        _panel(size, round(14 * unit), max(2, round(3 * unit)), border, alpha), rect.topleft
    )


@lru_cache(maxsize=96)
def _panel(
    size: tuple[int, int], radius: int, line: int, border: tuple[int, int, int] | None, alpha: int
) -> pygame.Surface:
    box = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(box, (*INK, alpha), box.get_rect(), border_radius=radius)
    if border is not None:
        pygame.draw.rect(box, border, box.get_rect(), line, radius)
    return box


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
    text: TextCache,
    pulse: float,
) -> None:
    """A seat's name; gold and glowing while it is that seat's turn."""
    u = layout.unit
    if plate.active:
        glow = rect.inflate(10 * u + 8 * u * pulse, 10 * u + 8 * u * pulse)
        halo = pygame.Surface((round(glow.width), round(glow.height)), pygame.SRCALPHA)
        pygame.draw.rect(
            halo, (*GOLD, round(60 + 50 * pulse)), halo.get_rect(), border_radius=round(18 * u)
        )
        surface.blit(halo, glow.topleft)
    panel(surface, rect, u, border=GOLD if plate.active else None, alpha=190)
    name = text.render("ui_bold", layout.font_normal, plate.name, CREAM if plate.active else SOFT)
    pad = 14 * u
    surface.blit(name, (rect.left + pad, rect.top + rect.height * 0.1))
    detail = text.render("ui", layout.font_small, plate.detail, GOLD if plate.active else SOFT)
    surface.blit(detail, (rect.left + pad, rect.bottom - rect.height * 0.1 - detail.get_height()))
    if plate.dealer:
        r = rect.height * 0.22
        centre = (rect.right - pad - r, rect.top + rect.height / 2)
        pygame.draw.circle(surface, CREAM, centre, r)
        pygame.draw.circle(surface, GOLD, centre, r, max(1, round(2 * u)))
        mark = text.render("ui_bold", max(10, round(r * 1.2)), plate.dealer_mark, INK)
        surface.blit(mark, mark.get_rect(center=centre))


def draw_stack(
    surface: pygame.Surface,
    art: CardArt,
    centre: tuple[float, float],
    width: int,
    count: int,
    *,
    turned: bool = False,
) -> None:
    """A face-down stack whose height shows roughly how many cards it holds."""
    if count <= 0:
        return
    layers = min(8, 1 + count // 5)
    step = max(1.0, width * 0.018)
    back = art.rotated_back(width, 90.0 if turned else 0.0)
    shade = art.shadow(width, turned=turned)
    top = (centre[0] - step * layers / 2, centre[1] - step * layers / 2)
    surface.blit(shade, shade.get_rect(center=(centre[0] + width * 0.05, centre[1] + width * 0.08)))
    for k in range(layers):
        x = centre[0] - step * k
        y = centre[1] - step * k
        surface.blit(back, back.get_rect(center=(x, y)))
    del top


def draw_banner(
    surface: pygame.Surface, banner: Banner, layout: TableLayout, text: TextCache
) -> None:
    if banner.alpha <= 1:
        return
    big = banner.kind == "scopa"
    px = layout.font_banner if big else layout.font_large
    colour = (255, 222, 120) if big else CREAM
    face = text.render("title", px, banner.text, colour)
    shadow = text.render("title", px, banner.text, (0, 0, 0))
    scale = max(0.05, banner.scale)
    if abs(scale - 1.0) > 0.01:
        size = (max(1, round(face.get_width() * scale)), max(1, round(face.get_height() * scale)))
        face = pygame.transform.smoothscale(face, size)
        shadow = pygame.transform.smoothscale(shadow, size)
    alpha = round(max(0.0, min(255.0, banner.alpha * banner.fade)))
    centre = layout.banner_centre
    if not big:
        box = FRect(face.get_rect()).inflate(layout.margin * 2, layout.margin)
        box.center = centre
        panel(surface, box, layout.unit, border=GOLD, alpha=round(alpha * 0.8))
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


@lru_cache(maxsize=128)
def _spark_dot(radius: int, level: int) -> pygame.Surface:
    k = level / 16
    dot = pygame.Surface((4 * radius, 4 * radius))
    centre = (2 * radius, 2 * radius)
    pygame.draw.circle(dot, (round(90 * k), round(70 * k), round(20 * k)), centre, 2 * radius)
    pygame.draw.circle(dot, (round(255 * k), round(220 * k), round(120 * k)), centre, radius)
    return dot


def draw_cover(
    surface: pygame.Surface,
    art: CardArt,
    layout: TableLayout,
    text: TextCache,
    title: str,
    hint: str,
    note: str,
) -> None:
    """The screen shown while the device passes between human players."""
    w, h = layout.size
    veil = pygame.Surface((w, h), pygame.SRCALPHA)
    veil.fill((8, 20, 12, 238))
    surface.blit(veil, (0, 0))
    cw = layout.hand_w
    for k, angle in enumerate((-12, 0, 12)):
        back = art.rotated_back(cw, angle)
        centre = (w / 2 + (k - 1) * cw * 0.45, h * 0.36)
        surface.blit(back, back.get_rect(center=centre))
    heading = text.render("title", layout.font_banner // 2, title, (255, 222, 120))
    surface.blit(heading, heading.get_rect(center=(w / 2, h * 0.36 + card_height(cw) * 0.75)))
    line = text.render("ui", layout.font_normal, hint, CREAM)
    surface.blit(
        line,
        line.get_rect(center=(w / 2, h * 0.36 + card_height(cw) * 0.75 + heading.get_height())),
    )
    small = text.render("ui", layout.font_small, note, SOFT)
    surface.blit(small, small.get_rect(center=(w / 2, h - layout.margin * 3)))
