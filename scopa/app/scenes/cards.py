"""Card pictures for the menus (rules examples, title fans): the deck's art when it is
installed, else a clean drawn face with the rank and a suit mark, so a menu never breaks
for want of an image."""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

import pygame

from scopa.engine import Card

from .. import theme

if TYPE_CHECKING:
    from ..app import App

ASPECT = 400 / 240
"""Height over width of a card face."""
SUIT_MARKS = {"D": "\u2666", "C": "\u2665", "S": "\u2660", "B": "\u2663"}
SUIT_COLORS = {"D": (196, 140, 20), "C": (176, 36, 40), "S": (40, 74, 140), "B": (46, 110, 52)}
RANK_MARKS = {1: "A", 8: "F", 9: "C", 10: "R"}


def card_width(height: int) -> int:
    return max(1, round(height / ASPECT))


def card_image(app: App, card: Card | str, height: int) -> pygame.Surface:
    """The face of ``card`` ``height`` pixels tall in the player's deck style."""
    card = Card.parse(card) if isinstance(card, str) else card
    style = getattr(app.settings, "deck_style", "napoletane")
    corner = bool(getattr(app.settings, "corner_index", True))
    return _face(style, corner, str(card), max(8, height), app.font("ui_bold", max(8, height // 5)))


@lru_cache(maxsize=64)
def _face(
    style: str, corner: bool, name: str, height: int, font: pygame.font.Font
) -> pygame.Surface:
    size = (card_width(height), height)
    art = _art(style, corner, name)
    radius = max(2, height // 18)
    out = pygame.Surface(size, pygame.SRCALPHA)
    if art is not None:
        out.blit(pygame.transform.smoothscale(art, size), (0, 0))
        return out
    return _drawn(Card.parse(name), size, radius, font)


def _art(style: str, corner: bool, name: str) -> pygame.Surface | None:
    try:
        from scopa.resources import card_face_path

        path = card_face_path(style, name, corner)
        if path.is_file():
            return pygame.image.load(str(path))
    except (ImportError, ValueError, OSError, pygame.error):
        return None
    return None


def _drawn(
    card: Card, size: tuple[int, int], radius: int, font: pygame.font.Font
) -> pygame.Surface:
    w, h = size
    out = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(out, (252, 249, 240), out.get_rect(), border_radius=radius)
    pygame.draw.rect(out, (120, 100, 80), out.get_rect(), max(1, h // 90), border_radius=radius)
    inner = out.get_rect().inflate(-w // 7, -w // 7)
    pygame.draw.rect(out, theme.PAPER_LINE, inner, max(1, h // 160), border_radius=radius // 2)
    color = SUIT_COLORS[card.suit]
    rank = RANK_MARKS.get(card.rank, str(card.rank))
    mark = SUIT_MARKS[card.suit]
    pad = w // 9
    theme.draw_text(out, rank, font, color, (pad, pad // 2), "topleft")
    theme.draw_text(out, mark, font, color, (pad, pad // 2 + font.get_height()), "topleft")
    symbol = theme.render(font, mark, color)
    scale = (h * 0.42) / max(1, symbol.get_height())
    symbol = pygame.transform.smoothscale(
        symbol,
        (max(1, round(symbol.get_width() * scale)), max(1, round(symbol.get_height() * scale))),
    )
    out.blit(symbol, symbol.get_rect(center=(w // 2, h // 2)))
    return out


def draw_card(
    surface: pygame.Surface,
    app: App,
    card: Card | str,
    center: tuple[int, int],
    height: int,
    *,
    angle: float = 0.0,
    lifted: bool = False,
    glow: tuple[int, int, int] | None = None,
) -> pygame.Rect:
    """Draw a card with a soft shadow (and an optional coloured outline); returns its rect."""
    card = Card.parse(card) if isinstance(card, str) else card
    style = getattr(app.settings, "deck_style", "napoletane")
    corner = bool(getattr(app.settings, "corner_index", True))
    height = max(8, height)
    font = app.font("ui_bold", max(8, height // 5))
    image, shadow, drop = _sprite(style, corner, str(card), height, font, angle, lifted, glow)
    rect = image.get_rect(center=center)
    surface.blit(shadow, rect.move(drop, drop))
    surface.blit(image, rect)
    return rect


@lru_cache(maxsize=64)
def _sprite(
    style: str,
    corner: bool,
    name: str,
    height: int,
    font: pygame.font.Font,
    angle: float,
    lifted: bool,
    glow: tuple[int, int, int] | None,
) -> tuple[pygame.Surface, pygame.Surface, int]:
    """The finished picture of a card (outline, rotation) and its shadow: built once, since
    rotating and masking every frame would cost more than the rest of a menu."""
    image = _face(style, corner, name, height, font)
    if glow is not None:
        framed = pygame.Surface(
            (image.get_width() + height // 12, image.get_height() + height // 12), pygame.SRCALPHA
        )
        pygame.draw.rect(framed, (*glow, 230), framed.get_rect(), border_radius=height // 12)
        framed.blit(image, image.get_rect(center=framed.get_rect().center))
        image = framed
    if angle:
        image = pygame.transform.rotozoom(image, angle, 1.0)
    mask = pygame.mask.from_surface(image)
    shadow = mask.to_surface(setcolor=(0, 0, 0, 48), unsetcolor=(0, 0, 0, 0))
    return image, shadow, max(1, height // (22 if lifted else 40))
