"""The shapes every screen is built from: the felt, the panels (paper in a walnut frame for
the menus, dark glass over the table) and the one button of the game.

Pictures are cached where they can be (gradients, panels, shadows): menus redraw every frame
they are moving, and the table paints the same panels again and again. The large ones are
kept up to a budget of memory (``kept``), not a number of pictures.
"""

from __future__ import annotations

import math
from functools import lru_cache

import pygame

from .kept import kept_pictures
from .palette import (
    BRIGHT_GOLD,
    CLOTHS,
    CREAM,
    DISABLED_TEXT,
    GOLD,
    GOLD_DEEP,
    INK,
    LACQUER,
    LACQUER_DARK,
    LACQUER_HOT,
    NIGHT,
    PAPER,
    PAPER_BRIGHT,
    PAPER_LINE,
    PAPER_SHADE,
    SPACE_S,
    VEIL,
    WOOD,
    WOOD_DARK,
    WOOD_DEAD,
    WOOD_DEAD_DARK,
    WOOD_DEAD_EDGE,
    WOOD_HOT,
    WOOD_LIGHT,
    Color,
    cloth,
)
from .scale import Scale
from .text import FontSource, Pen, natural_width, text

BUTTON_STATES = ("normal", "hot", "disabled")
SHADOW_ALPHA = 28  # each of a drop shadow's three layers


@kept_pictures(windows=6)
def gradient(size: tuple[int, int], top: Color, bottom: Color, radius: int) -> pygame.Surface:
    """A vertical gradient with rounded corners (alpha outside them). Only the corners are
    masked, so a window-sized panel needs no window-sized scratch surfaces."""
    w, h = max(1, size[0]), max(1, size[1])
    body = pygame.transform.smoothscale(_strip(top, bottom), (w, h))
    r = min(radius, w // 2, h // 2)
    if r <= 0:
        return body
    corner = _corner_mask(r)
    for x, y in ((0, 0), (r, 0), (0, r), (r, r)):
        place = (w - r if x else 0, h - r if y else 0)
        body.blit(corner, place, pygame.Rect(x, y, r, r), special_flags=pygame.BLEND_RGBA_MIN)
    return body


def _strip(top: Color, bottom: Color) -> pygame.Surface:
    """Two pixels, ``top`` over ``bottom``: scaled up, a vertical gradient."""
    strip = pygame.Surface((1, 2), pygame.SRCALPHA)
    strip.set_at((0, 0), (*top[:3], 255))
    strip.set_at((0, 1), (*bottom[:3], 255))
    return strip


def _corner_mask(r: int) -> pygame.Surface:
    """A rounded square of radius ``r``, opaque inside: its quarters mask a shape's corners."""
    mask = pygame.Surface((2 * r, 2 * r), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=r)
    return mask


# --- the felt ---------------------------------------------------------------------------------


@lru_cache(maxsize=2)
def _background(size: tuple[int, int], felt: str) -> pygame.Surface:
    surface = pygame.Surface(size)
    if not lay_felt(surface, felt):
        colours = cloth(felt)
        surface.blit(gradient(size, colours.flat, colours.deep, 0), (0, 0))
    # A soft vignette: a radial darkening built small and scaled up (smooth and cheap).
    small = pygame.Surface((64, 36), pygame.SRCALPHA)
    for y in range(36):
        for x in range(64):
            dx, dy = (x - 31.5) / 32, (y - 17.5) / 18
            d = min(1.0, (dx * dx + dy * dy) ** 0.5)
            small.set_at((x, y), (0, 0, 0, int(170 * d**2.2)))
    surface.blit(pygame.transform.smoothscale(small, size), (0, 0))
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        surface = surface.convert()
    return surface


def lay_felt(surface: pygame.Surface, felt: str) -> bool:
    """Cover ``surface`` with the felt tile of the cloth ``felt``; False when the tile
    cannot be loaded."""
    tile = _woven(felt)
    if tile is None:
        return False
    w, h = surface.get_size()
    for x in range(0, w, tile.get_width()):
        for y in range(0, h, tile.get_height()):
            surface.blit(tile, (x, y))
    return True


@lru_cache(maxsize=1)
def _felt_tile() -> pygame.Surface | None:
    """The tile as read from disk, once. It is kept in its file's pixel format, which needs
    no window and outlives any: each background converts itself once it is laid."""
    from scopa.resources import felt_path

    try:
        path = felt_path()
        if path.is_file():
            return pygame.image.load(str(path))
    except (OSError, pygame.error):
        pass
    return None


@lru_cache(maxsize=2)
def _woven(felt: str) -> pygame.Surface | None:
    """The tile of the cloth ``felt``: the one on disk for the green baize; for another,
    its light (the grey of each pixel, against the grey of the green's ground) woven again
    in that cloth's ground."""
    tile = _felt_tile()
    if tile is None or cloth(felt) == CLOTHS["green"]:
        return tile
    woven = pygame.transform.grayscale(tile)
    # The light doubled, so that each channel of the ground is a share (under 255) of it.
    woven.blit(woven.copy(), (0, 0), special_flags=pygame.BLEND_RGB_ADD)
    grey = 2 * _luma(CLOTHS["green"].woven)
    woven.fill(
        tuple(min(255, round(channel * 255 / grey)) for channel in cloth(felt).woven),
        special_flags=pygame.BLEND_RGB_MULT,
    )
    return woven


def _luma(colour: Color) -> float:
    """The grey ``pygame.transform.grayscale`` makes of ``colour``."""
    red, green, blue = colour
    return 0.299 * red + 0.587 * green + 0.114 * blue


def draw_background(surface: pygame.Surface, felt: str) -> None:
    """The cloth ``felt`` of the card table, darker towards the edges (behind every menu)."""
    surface.blit(_background(surface.get_size(), felt), (0, 0))


def shade(surface: pygame.Surface, alpha: int = 150) -> None:
    """Dim everything drawn so far (under a dialog or the pause menu)."""
    _cover(surface, VEIL, alpha)


def fade(surface: pygame.Surface, alpha: int, felt: str) -> None:
    """Cover the frame with the darkest of the cloth ``felt`` at ``alpha`` (a scene fading
    in)."""
    _cover(surface, cloth(felt).deep, alpha)


def veil(surface: pygame.Surface, felt: str, alpha: int = 238) -> None:
    """Cover the frame with the near black of the cloth ``felt`` at ``alpha``: the screen
    shown while the device passes from one person to the next."""
    _cover(surface, cloth(felt).veil, alpha)


def _cover(surface: pygame.Surface, color: Color, alpha: int) -> None:
    """``surface`` blended towards ``color`` by ``alpha``/255, in place: the pixels are
    scaled down, then the colour's share is added (no window-sized sheet is kept)."""
    share = max(0, min(255, alpha))
    if share == 0:
        return
    keep = 255 - share
    surface.fill((keep, keep, keep), special_flags=pygame.BLEND_RGB_MULT)
    added = tuple((channel * share + 127) // 255 for channel in color[:3])
    surface.fill(added, special_flags=pygame.BLEND_RGB_ADD)


def set_pointer(hand: bool) -> None:
    """The hand pointer over something clickable, the arrow elsewhere."""
    cursor = pygame.SYSTEM_CURSOR_HAND if hand else pygame.SYSTEM_CURSOR_ARROW
    try:
        if pygame.mouse.get_cursor().data[0] != cursor:
            pygame.mouse.set_cursor(cursor)
    except (pygame.error, TypeError, IndexError, AttributeError):
        pass


# --- shadows and panels -----------------------------------------------------------------------


def drop_shadow(surface: pygame.Surface, rect: pygame.Rect, radius: int, depth: int) -> None:
    """A soft shadow falling below ``rect``: a few stacked, slightly wider, faint shapes."""
    for i in range(3, 0, -1):
        grow = max(1, depth * i // 4)
        shadow = _shadow_layer((rect.w + grow * 2, rect.h + grow), radius + grow)
        surface.blit(shadow, (rect.x - grow, rect.y + depth))


@kept_pictures(windows=4)
def _shadow_layer(size: tuple[int, int], radius: int) -> pygame.Surface:
    shadow = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(shadow, (0, 0, 0, SHADOW_ALPHA), shadow.get_rect(), border_radius=radius)
    return shadow


PAPER_FRAME = 0.012
"""The walnut frame's width round a paper sheet (of the reference height)."""
PAPER_INSET = 0.012
"""How far inside the paper its gold line runs (both sides together)."""


def paper_line(rect: pygame.Rect, scale: Scale) -> pygame.Rect:
    """Where the gold line of the paper sheet ``rect`` runs: what is written or placed on
    the sheet, buttons' shadows too, keeps inside it."""
    frame = scale.px(PAPER_FRAME)
    return rect.inflate(-2 * frame, -2 * frame).inflate(
        -scale.px(PAPER_INSET), -scale.px(PAPER_INSET)
    )


def paper_panel(surface: pygame.Surface, rect: pygame.Rect, scale: Scale) -> pygame.Rect:
    """A sheet of cream paper in a walnut frame (every menu); returns the paper's inside."""
    radius = scale.px(0.022)
    frame = scale.px(PAPER_FRAME)
    depth = scale.px(0.008)
    line = max(1, scale.px(0.0015))
    image, offset = _paper(rect.size, radius, frame, depth, scale.px(PAPER_INSET), line)
    surface.blit(image, (rect.x - offset[0], rect.y - offset[1]))
    return rect.inflate(-2 * frame, -2 * frame)


@lru_cache(maxsize=1)
def _paper(
    size: tuple[int, int], radius: int, frame: int, depth: int, inset: int, line: int
) -> tuple[pygame.Surface, tuple[int, int]]:
    """The whole panel (shadow, frame, paper, gold line) as one picture: one blit costs far
    less than building it."""
    grow = max(1, depth * 3 // 4)
    w, h = size
    image = pygame.Surface((w + 2 * grow, h + grow + depth), pygame.SRCALPHA)
    rect = pygame.Rect(grow, 0, w, h)
    _shadow_into(image, rect, radius, depth)
    _gradient_into(image, rect, WOOD_LIGHT, WOOD_DARK, radius)
    inner = rect.inflate(-2 * frame, -2 * frame)
    _gradient_into(image, inner, PAPER, PAPER_SHADE, max(1, radius - frame))
    pygame.draw.rect(
        image, GOLD_DEEP, inner.inflate(-inset, -inset), line, border_radius=radius // 2
    )
    return _for_window(image), (grow, 0)


def _shadow_into(image: pygame.Surface, rect: pygame.Rect, radius: int, depth: int) -> None:
    """``drop_shadow`` drawn straight into a clear ``image``: each layer lies inside the one
    before it, so painting each with the darkness of all the layers over it gives the same
    picture without a layer as big as the panel."""
    shade = 0.0
    for i in range(3, 0, -1):
        grow = max(1, depth * i // 4)
        shade = SHADOW_ALPHA + shade * (255 - SHADOW_ALPHA) / 255
        shape = pygame.Rect(rect.x - grow, rect.y + depth, rect.w + grow * 2, rect.h + grow)
        pygame.draw.rect(image, (0, 0, 0, round(shade)), shape, border_radius=radius + grow)


def _gradient_into(
    image: pygame.Surface, rect: pygame.Rect, top: Color, bottom: Color, radius: int
) -> None:
    """``gradient`` laid over ``image`` at ``rect`` without a copy as big as ``rect``: it
    is scaled straight into place, and only its four corners, where what lies under it
    shows, are put together apart."""
    r = min(radius, rect.w // 2, rect.h // 2)
    corners = [
        pygame.Rect(x, y, r, r) for x in (rect.x, rect.right - r) for y in (rect.y, rect.bottom - r)
    ]
    under = [image.subsurface(corner).copy() for corner in corners] if r > 0 else []
    pygame.transform.smoothscale(_strip(top, bottom), rect.size, image.subsurface(rect))
    if r <= 0:
        return
    mask = _corner_mask(r)
    for corner, below in zip(corners, under):
        piece = image.subsurface(corner).copy()
        part = pygame.Rect(r if corner.x > rect.x else 0, r if corner.y > rect.y else 0, r, r)
        piece.blit(mask, (0, 0), part, special_flags=pygame.BLEND_RGBA_MIN)
        below.blit(piece, (0, 0))
        image.fill((0, 0, 0, 0), corner)
        image.blit(below, corner, special_flags=pygame.BLEND_RGBA_ADD)


def _for_window(image: pygame.Surface) -> pygame.Surface:
    """``image`` in the window's alpha format: converted only when it differs (a copy of a
    window-sized picture is memory held twice while it is made)."""
    if not (pygame.display.get_init() and pygame.display.get_surface() is not None):
        return image
    probe = pygame.Surface((1, 1), pygame.SRCALPHA).convert_alpha()
    if probe.get_masks() == image.get_masks() and probe.get_bitsize() == image.get_bitsize():
        return image
    return image.convert_alpha()


def paper_card(surface: pygame.Surface, rect: pygame.Rect, scale: Scale) -> None:
    """A card of brighter paper on the paper: a statistics tile, the frame of a chart."""
    radius = scale.px(0.012)
    pygame.draw.rect(surface, PAPER_BRIGHT, rect, border_radius=radius)
    pygame.draw.rect(surface, PAPER_LINE, rect, max(1, scale.px(0.002)), border_radius=radius)


def dark_panel(
    surface: pygame.Surface,
    rect: pygame.Rect | pygame.FRect,
    scale: Scale,
    *,
    border: Color | None = None,
    alpha: int = 170,
) -> None:
    """A dark rounded pane of glass under text on the table (scores, names, messages)."""
    size = (round(rect.width), round(rect.height))
    radius, line = scale.px(0.013), dark_panel_line(scale)
    surface.blit(_dark(size, radius, line, border, alpha), (round(rect.left), round(rect.top)))


def dark_panel_line(scale: Scale) -> int:
    """The width of a dark pane's border (``dark_panel``)."""
    return max(2, scale.px(0.0028))


@kept_pictures(windows=4, most=128)
def _dark(
    size: tuple[int, int], radius: int, line: int, border: Color | None, alpha: int
) -> pygame.Surface:
    box = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(box, (*NIGHT, alpha), box.get_rect(), border_radius=radius)
    if border is not None:
        pygame.draw.rect(box, border, box.get_rect(), line, radius)
    return box


# --- the button -------------------------------------------------------------------------------


def button(
    surface: pygame.Surface,
    rect: pygame.Rect | pygame.FRect,
    scale: Scale,
    fonts: FontSource,
    label: str,
    px: int,
    *,
    state: str = "normal",
    primary: bool = False,
    pressed: bool = False,
    focused: bool = False,
) -> None:
    """Every button of the game: walnut wood, or red lacquer when ``primary`` (the action a
    screen is for, the open tab, an aid that is on); ``state`` is 'normal', 'hot' (under
    the pointer or the keyboard's focus) or 'disabled'; ``focused``: the keyboard's focus,
    ringed round, so it stands apart from a button under the pointer (within
    ``button_reach``). The label is fitted inside: on two lines where the button is tall
    enough, else smaller, never unreadable."""
    if state not in BUTTON_STATES:
        raise ValueError(f"unknown button state {state!r}")
    rect = pygame.Rect(round(rect.left), round(rect.top), round(rect.width), round(rect.height))
    radius = max(2, min(rect.h // 4, scale.px(0.02)))
    if state != "disabled":
        drop_shadow(surface, rect, radius, scale.px(0.004) if pressed else scale.px(0.007))
    if state == "disabled":
        top, bottom = WOOD_DEAD, WOOD_DEAD_DARK
    elif primary:
        top, bottom = (LACQUER_HOT, LACQUER) if state == "hot" else (LACQUER, LACQUER_DARK)
    else:
        top, bottom = (WOOD_HOT, WOOD) if state == "hot" else (WOOD_LIGHT, WOOD_DARK)
    body = rect.move(0, scale.px(0.002) if pressed else 0)
    surface.blit(gradient(body.size, top, bottom, radius), body)
    edge = {"hot": GOLD, "normal": GOLD_DEEP, "disabled": WOOD_DEAD_EDGE}[state]
    width = max(1, scale.px(0.004) if state == "hot" else scale.px(0.002))
    pygame.draw.rect(surface, edge, body, width, border_radius=radius)
    if focused:
        focus_ring(surface, body, scale, radius)
    colour = DISABLED_TEXT if state == "disabled" else CREAM
    text(
        surface,
        label,
        Pen(fonts, "ui_bold", px, colour),
        label_box(body, scale),
        align="center",
        lines=2,
    )


def focus_ring(surface: pygame.Surface, rect: pygame.Rect, scale: Scale, radius: int) -> None:
    """The keyboard's focus round a control of ``rect`` with corners of ``radius``: a gold
    ring, edged dark to read on the felt and on paper alike (within ``button_reach``), as
    thick as the eye finds at a glance (a thinner one was lost beside the red of a main
    button, to a player with poor eyesight)."""
    gap, ring = max(2, scale.px(0.004)), _ring(scale)
    outer = rect.inflate(2 * focus_reach(scale), 2 * focus_reach(scale))
    pygame.draw.rect(surface, INK, outer, ring + 2, border_radius=radius + gap + ring)
    pygame.draw.rect(
        surface, BRIGHT_GOLD, outer.inflate(-2, -2), ring, border_radius=radius + gap + ring
    )


def _ring(scale: Scale) -> int:
    return max(3, scale.px(0.005))


def focus_reach(scale: Scale) -> int:
    """How far beyond a control's rectangle its focus ring reaches (``focus_ring``)."""
    return max(2, scale.px(0.004)) + _ring(scale)


def button_reach(scale: Scale) -> int:
    """How far beyond its rectangle a button paints (its shadow, its focus ring): what a
    caller that repaints only what changed must count as the button's."""
    depth = scale.px(0.007)
    return depth + max(1, depth * 3 // 4) + 1


def label_box(rect: pygame.Rect, scale: Scale) -> pygame.Rect:
    """Where a button's label may go."""
    pad_x = max(scale.px(SPACE_S), rect.h // 5)
    pad_y = max(1, rect.h // 12)
    return rect.inflate(-2 * pad_x, -2 * pad_y)


def button_width(fonts: FontSource, label: str, px: int, scale: Scale, height: int) -> int:
    """The width a button needs for ``label`` on one line at ``px``."""
    inside = label_box(pygame.Rect(0, 0, 1000, height), scale)
    return natural_width(label, Pen(fonts, "ui_bold", px, CREAM)) + 1000 - inside.w + 2


SIDE_SHAPES = ("disc", "diamond", "triangle", "square", "star", "hexagon")
"""Each side's shape beside its colour (partners share one): told apart in any light and
by any eyes."""


def side_shape(
    surface: pygame.Surface,
    side: int,
    centre: tuple[float, float],
    r: float,
    colour: tuple[int, int, int],
) -> None:
    """``side``'s shape (``SIDE_SHAPES``), ``r`` from its centre, in ``colour`` with a dark
    edge (it stands out from the felt and from the panels alike)."""
    shape = SIDE_SHAPES[side % len(SIDE_SHAPES)]
    x, y = centre
    edge = max(1, round(r / 4))
    if shape == "disc":
        pygame.draw.circle(surface, NIGHT, (x, y), r + edge)
        pygame.draw.circle(surface, colour, (x, y), r)
        return
    corners: list[tuple[float, float]]
    if shape == "diamond":
        corners = [(x, y - r * 1.2), (x + r, y), (x, y + r * 1.2), (x - r, y)]
    elif shape == "triangle":
        corners = [(x, y - r * 1.15), (x + r * 1.1, y + r * 0.8), (x - r * 1.1, y + r * 0.8)]
    elif shape == "square":
        corners = [(x - r * 0.85, y - r * 0.85), (x + r * 0.85, y - r * 0.85),
                   (x + r * 0.85, y + r * 0.85), (x - r * 0.85, y + r * 0.85)]  # fmt: skip
    elif shape == "star":
        corners = [
            (x + math.sin(k * math.pi / 5) * (r * 1.2 if k % 2 == 0 else r * 0.5),
             y - math.cos(k * math.pi / 5) * (r * 1.2 if k % 2 == 0 else r * 0.5))
            for k in range(10)
        ]  # fmt: skip
    else:  # a hexagon
        corners = [
            (x + math.cos(k * math.pi / 3) * r * 1.05, y + math.sin(k * math.pi / 3) * r * 1.05)
            for k in range(6)
        ]
    pygame.draw.polygon(surface, NIGHT, corners, 0)
    pygame.draw.polygon(surface, NIGHT, corners, edge * 2)
    inner = [(x + (cx - x) * 0.8, y + (cy - y) * 0.8) for cx, cy in corners]
    pygame.draw.polygon(surface, colour, inner, 0)
