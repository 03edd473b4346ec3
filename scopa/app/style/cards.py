"""Cards in the menus (the rules' examples, the title's fans), drawn by the table's own
card art: the same faces, shadows and glows as in play."""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

import pygame

from scopa.engine import Card
from scopa.settings import shows_corners

from ..cardart import CARD_RATIO, CardArt, card_height
from .palette import BRIGHT_GOLD, Color
from .text import FontSource, Pen, natural_width, text

if TYPE_CHECKING:
    from scopa.settings import Settings

    from ..app import App


ArtKey = tuple[str, bool, str, str, bool]
"""How the settings draw a deck's cards: the deck, its values in the corners, the language,
the back shown and large values (``art_key``)."""


def art_key(settings: Settings, deck: str) -> ArtKey:
    """How ``settings`` draw the cards of ``deck`` (``card_art`` makes the art)."""
    corners = shows_corners(deck, settings.corner_index)
    return deck, corners, settings.language, settings.back_for(deck), settings.large_values


def card_art(key: ArtKey, fonts: FontSource) -> CardArt:
    """The card art of ``key`` (``art_key``)."""
    deck, corners, language, back, large = key
    return CardArt(deck, corners, language, font=fonts, back=back, large_values=large)


def menu_art(app: App, deck: str | None = None) -> CardArt:
    """The card art for the menus in the player's deck (or ``deck``: the rules of Cirulla
    show the cards Cirulla is dealt with), at this window size. A new window size or deck
    starts afresh, so the faces kept stay those of the sizes on screen."""
    settings = app.settings
    return _art(art_key(settings, deck or settings.deck_style), app.font, app.size)


@lru_cache(maxsize=2)
def _art(key: ArtKey, fonts: FontSource, size: tuple[int, int]) -> CardArt:
    return card_art(key, fonts)


def draw_card(
    surface: pygame.Surface,
    art: CardArt,
    card: Card | str,
    centre: tuple[float, float],
    width: int,
    *,
    angle: float = 0.0,
    lifted: bool = False,
    glow: Color | None = None,
) -> pygame.Rect:
    """One face-up card with its shadow (and a glow around it); returns the card's rect."""
    card = Card.parse(card) if isinstance(card, str) else card
    width = max(8, round(width))
    if glow is not None:
        halo = art.glow(width, glow)
        surface.blit(halo, halo.get_rect(center=centre))
    picture = art.rotated(card, width, True, angle)
    shade = art.shadow_at(width, angle)
    depth = width * (0.09 if lifted else 0.05)
    surface.blit(shade, shade.get_rect(center=(centre[0] + depth * 0.6, centre[1] + depth)))
    rect = picture.get_rect(center=(round(centre[0]), round(centre[1])))
    surface.blit(picture, rect)
    return rect


def draw_tag(surface: pygame.Surface, label: str, pen: Pen, area: pygame.FRect) -> None:
    """A small gold tag on a card, ``area`` wide and high, its ``label`` in ``pen``: the
    value named for the matta, on the table and on the score sheet alike."""
    pygame.draw.rect(surface, BRIGHT_GOLD, area, border_radius=round(area.height / 2))
    text(surface, label, pen, area, align="center")


def tag_area(label: str, pen: Pen, bottom: tuple[float, float], margin: float) -> pygame.FRect:
    """Where ``draw_tag`` puts ``label``: its bottom in the middle at ``bottom``, as wide
    as the words and ``margin`` more."""
    area = pygame.FRect(0, 0, natural_width(label, pen) + margin, pen.px * 1.5)
    area.midbottom = bottom
    return area


TAG_DROP = 0.78
"""How far below a card's centre, in card widths, the tag of a value named for it sits: over
its lower edge, the card's own corner value in sight."""


def card_tag_area(
    label: str, pen: Pen, centre: tuple[float, float], width: float, margin: float
) -> pygame.FRect:
    """Where the tag of a value named for a card (the matta's "= 2") goes on the card of
    ``width`` centred at ``centre``, as the table, the sheet and the lessons write it."""
    bottom = (round(centre[0]), round(centre[1] + width * TAG_DROP))
    return tag_area(label, pen, bottom, margin)


def card_width_for(height: float) -> int:
    """The width of a card ``height`` pixels tall."""
    return max(8, round(height / CARD_RATIO))


__all__ = [
    "card_height",
    "card_tag_area",
    "card_width_for",
    "draw_card",
    "draw_tag",
    "menu_art",
    "tag_area",
]
