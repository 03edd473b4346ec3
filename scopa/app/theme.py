"""The look of the menus: green felt, walnut wood, cream paper and a little gold.

Sizes are fractions of a reference height (the window's height, or its width's 16:9
height when the window is unusually wide), so a layout reads the same from 960x540 to 4K.
Drawing helpers cache what they can (gradients, text) because menus redraw every frame.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from .app import App

Color = tuple[int, int, int]
Text = str | Callable[[], str]

FELT = (24, 82, 54)
FELT_DEEP = (10, 40, 27)
WOOD = (104, 64, 36)
WOOD_DARK = (58, 34, 19)
WOOD_LIGHT = (150, 100, 60)
PAPER = (246, 239, 222)
PAPER_SHADE = (232, 221, 196)
PAPER_LINE = (214, 198, 166)
INK = (48, 36, 26)
INK_SOFT = (118, 100, 80)
INK_DISABLED = (182, 168, 146)
GOLD = (214, 178, 92)
GOLD_DEEP = (168, 128, 52)
CREAM = (252, 246, 230)
DISABLED_TEXT = (190, 172, 150)
LACQUER = (150, 34, 38)
LACQUER_DARK = (96, 18, 22)
SHADOW = (0, 0, 0)
SIDE_COLORS: tuple[Color, ...] = ((170, 40, 44), (38, 92, 150), (196, 140, 30), (70, 130, 70))
"""One colour per side, used in score tables and charts."""

# Text sizes, as fractions of the reference height.
TITLE = 0.16
HEADING = 0.058
SUBHEADING = 0.04
TEXT = 0.03
SMALL = 0.024
BUTTON_TEXT = 0.033
ROW_TITLE = 0.029
ROW_NOTE = 0.022


def resolve(text: Text) -> str:
    return text() if callable(text) else text


class Metrics:
    """Window-relative sizes and the app's fonts at those sizes."""

    def __init__(self, app: App, size: tuple[int, int]) -> None:
        self.app = app
        self.w, self.h = size
        self.ref = min(self.h, self.w * 9 / 16)

    def px(self, fraction: float) -> int:
        """``fraction`` of the reference height, in whole pixels (at least 1)."""
        return max(1, round(fraction * self.ref))

    def font(self, role: str, fraction: float) -> pygame.font.Font:
        return self.app.font(role, max(10, self.px(fraction)))

    def rect(self, x: float, y: float, w: float, h: float) -> pygame.Rect:
        """A rectangle given in fractions of the window."""
        return pygame.Rect(
            round(x * self.w), round(y * self.h), round(w * self.w), round(h * self.h)
        )

    def centered(self, w: float, h: float, cy: float = 0.5) -> pygame.Rect:
        """A rectangle ``w`` x ``h`` of the reference height, centred at ``cy`` of the height."""
        rect = pygame.Rect(0, 0, min(self.w, self.px(w)), min(self.h, self.px(h)))
        rect.center = (self.w // 2, round(self.h * cy))
        return rect


# --- text -------------------------------------------------------------------------------


@lru_cache(maxsize=512)
def render(font: pygame.font.Font, text: str, color: Color) -> pygame.Surface:
    return font.render(text, True, color)


def draw_text(
    surface: pygame.Surface,
    text: str,
    font: pygame.font.Font,
    color: Color,
    point: tuple[int, int],
    anchor: str = "topleft",
    *,
    fit: int | None = None,
    shadow: Color | None = None,
) -> pygame.Rect:
    """Blit ``text`` with its ``anchor`` at ``point``; shrink it to ``fit`` pixels if wider."""
    image = render(font, text, color)
    if fit is not None and fit > 0 and image.get_width() > fit:
        scale = fit / image.get_width()
        image = pygame.transform.smoothscale(
            image, (fit, max(1, round(image.get_height() * scale)))
        )
    rect = image.get_rect(**{anchor: point})
    if shadow is not None:
        offset = max(1, font.get_height() // 18)
        shade = render(font, text, shadow)
        if shade.get_size() != image.get_size():
            shade = pygame.transform.smoothscale(shade, image.get_size())
        surface.blit(shade, rect.move(offset, offset))
    surface.blit(image, rect)
    return rect


@lru_cache(maxsize=512)
def wrap(text: str, font: pygame.font.Font, width: int) -> tuple[str, ...]:
    """Break ``text`` into lines no wider than ``width`` (newlines are kept)."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split(" "):
            candidate = f"{line} {word}" if line else word
            if font.size(candidate)[0] <= width or not line:
                line = candidate
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return tuple(lines)


# --- surfaces ---------------------------------------------------------------------------


@lru_cache(maxsize=256)
def gradient(size: tuple[int, int], top: Color, bottom: Color, radius: int) -> pygame.Surface:
    """A vertical gradient with rounded corners (alpha outside them)."""
    w, h = max(1, size[0]), max(1, size[1])
    strip = pygame.Surface((1, 2))
    strip.set_at((0, 0), top)
    strip.set_at((0, 1), bottom)
    body = pygame.transform.smoothscale(strip, (w, h))
    if radius <= 0:
        return body
    mask = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius)
    out = pygame.Surface((w, h), pygame.SRCALPHA)
    out.blit(body, (0, 0))
    out.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    return out


@lru_cache(maxsize=2)
def _background(size: tuple[int, int]) -> pygame.Surface:
    w, h = size
    surface = pygame.Surface(size)
    if not lay_felt(surface):
        surface.blit(gradient(size, FELT, FELT_DEEP, 0), (0, 0))
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


def lay_felt(surface: pygame.Surface) -> bool:
    """Cover ``surface`` with the generated felt tile; False when the tile cannot be loaded."""
    felt = _felt_tile()
    if felt is None:
        return False
    w, h = surface.get_size()
    for x in range(0, w, felt.get_width()):
        for y in range(0, h, felt.get_height()):
            surface.blit(felt, (x, y))
    return True


@lru_cache(maxsize=1)
def _felt_tile() -> pygame.Surface | None:
    """The tile as read from disk, once. It is kept in its file's pixel format, which needs
    no window and outlives any: each background converts itself once it is laid."""
    try:
        from scopa.resources import felt_path

        path = felt_path()
        if path.is_file():
            return pygame.image.load(str(path))
    except (ImportError, OSError, pygame.error):
        pass
    return None


def draw_background(surface: pygame.Surface) -> None:
    """The felt of the card table, darker towards the edges."""
    surface.blit(_background(surface.get_size()), (0, 0))


VEIL = (8, 14, 10)


def shade(surface: pygame.Surface, alpha: int = 150) -> None:
    """Dim everything drawn so far (under a dialog or the pause menu)."""
    _cover(surface, VEIL, alpha)


def fade(surface: pygame.Surface, alpha: int) -> None:
    """Cover the frame with the felt's darkest green at ``alpha`` (a scene fading in)."""
    _cover(surface, FELT_DEEP, alpha)


def _cover(surface: pygame.Surface, color: Color, alpha: int) -> None:
    veil = _plain(surface.get_size(), color)
    veil.set_alpha(max(0, min(255, alpha)))
    surface.blit(veil, (0, 0))


@lru_cache(maxsize=2)
def _plain(size: tuple[int, int], color: Color) -> pygame.Surface:
    """A window-sized sheet of one colour, blended with a surface alpha: one per colour,
    whatever the strength (each is as big as the window)."""
    sheet = pygame.Surface(size)
    sheet.fill(color)
    return sheet


def set_pointer(hand: bool) -> None:
    """The hand pointer over something clickable, the arrow elsewhere."""
    cursor = pygame.SYSTEM_CURSOR_HAND if hand else pygame.SYSTEM_CURSOR_ARROW
    try:
        if pygame.mouse.get_cursor().data[0] != cursor:
            pygame.mouse.set_cursor(cursor)
    except (pygame.error, TypeError, IndexError, AttributeError):
        pass


def _shadow(
    surface: pygame.Surface, rect: pygame.Rect, radius: int, depth: int, *, cached: bool = True
) -> None:
    """A soft shadow falling below ``rect``: a few stacked, slightly wider, faint shapes.

    ``cached=False`` for shapes drawn once into a cached picture (a panel): their layers
    are as big as the window, and keeping them too would only hold memory."""
    layer = _shadow_layer if cached else _shadow_layer.__wrapped__
    for i in range(3, 0, -1):
        grow = max(1, depth * i // 4)
        shadow = layer((rect.w + grow * 2, rect.h + grow), radius + grow)
        surface.blit(shadow, (rect.x - grow, rect.y + depth))


@lru_cache(maxsize=256)
def _shadow_layer(size: tuple[int, int], radius: int) -> pygame.Surface:
    shadow = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(shadow, (0, 0, 0, 28), shadow.get_rect(), border_radius=radius)
    return shadow


def draw_panel(surface: pygame.Surface, rect: pygame.Rect, m: Metrics) -> pygame.Rect:
    """A sheet of cream paper in a walnut frame; returns the paper's inner rectangle."""
    radius = m.px(0.022)
    frame = m.px(0.012)
    depth = m.px(0.008)
    image, offset = _panel_image(rect.size, radius, frame, depth, m.px(0.012), max(1, m.px(0.0015)))
    surface.blit(image, (rect.x - offset[0], rect.y - offset[1]))
    return rect.inflate(-2 * frame, -2 * frame)


@lru_cache(maxsize=2)
def _panel_image(
    size: tuple[int, int], radius: int, frame: int, depth: int, inset: int, line: int
) -> tuple[pygame.Surface, tuple[int, int]]:
    """The whole panel (shadow, frame, paper, gold line) as one picture: menus draw it every
    frame, and one blit costs far less than building it."""
    grow = max(1, depth * 3 // 4)
    w, h = size
    image = pygame.Surface((w + 2 * grow, h + grow + depth), pygame.SRCALPHA)
    rect = pygame.Rect(grow, 0, w, h)
    _shadow(image, rect, radius, depth, cached=False)
    fresh = gradient.__wrapped__  # window-sized: drawn once here, not worth caching twice
    image.blit(fresh(size, WOOD_LIGHT, WOOD_DARK, radius), rect)
    inner = rect.inflate(-2 * frame, -2 * frame)
    image.blit(fresh(inner.size, PAPER, PAPER_SHADE, max(1, radius - frame)), inner)
    pygame.draw.rect(
        image, GOLD_DEEP, inner.inflate(-inset, -inset), line, border_radius=radius // 2
    )
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        image = image.convert_alpha()
    return image, (grow, 0)


def draw_button(
    surface: pygame.Surface,
    rect: pygame.Rect,
    m: Metrics,
    state: str,
    *,
    primary: bool = False,
    sunk: bool = False,
) -> None:
    radius = max(2, rect.h // 4)
    if state != "disabled":
        _shadow(surface, rect, radius, m.px(0.004) if sunk else m.px(0.007))
    if primary:
        top, bottom = (LACQUER, LACQUER_DARK) if state != "hot" else ((186, 48, 50), LACQUER)
    else:
        top, bottom = (WOOD_LIGHT, WOOD_DARK) if state != "hot" else ((176, 122, 74), WOOD)
    if state == "disabled":
        top, bottom = (126, 108, 92), (96, 82, 70)
    body = rect.move(0, m.px(0.002) if sunk else 0)
    surface.blit(gradient(body.size, top, bottom, radius), body)
    border = GOLD if state == "hot" else GOLD_DEEP if state != "disabled" else (120, 104, 88)
    width = max(1, m.px(0.004) if state == "hot" else m.px(0.002))
    pygame.draw.rect(surface, border, body, width, border_radius=radius)


def draw_row(
    surface: pygame.Surface, rect: pygame.Rect, m: Metrics, focused: bool, hovered: bool
) -> None:
    radius = max(2, rect.h // 6)
    if focused or hovered:
        fill = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(
            fill, (*GOLD, 60 if focused else 38), fill.get_rect(), border_radius=radius
        )
        surface.blit(fill, rect)
    if focused:
        pygame.draw.rect(surface, GOLD_DEEP, rect, max(1, m.px(0.003)), border_radius=radius)
    else:
        y = rect.bottom - 1
        pygame.draw.line(surface, PAPER_LINE, (rect.left + radius, y), (rect.right - radius, y))


def draw_switch(
    surface: pygame.Surface, rect: pygame.Rect, m: Metrics, on: bool, enabled: bool, hot: bool
) -> None:
    h = int(rect.h * 0.8)
    track = pygame.Rect(0, 0, int(h * 1.9), h)
    track.midright = rect.midright
    color = (44, 120, 74) if on else (170, 156, 136)
    if not enabled:
        color = (214, 204, 186)
    pygame.draw.rect(surface, color, track, border_radius=h // 2)
    pygame.draw.rect(
        surface,
        GOLD_DEEP if hot and enabled else WOOD_DARK,
        track,
        max(1, m.px(0.002)),
        border_radius=h // 2,
    )
    knob_r = int(h * 0.4)
    cx = track.right - h // 2 if on else track.left + h // 2
    pygame.draw.circle(surface, (96, 84, 70), (cx, track.centery + max(1, h // 14)), knob_r)
    pygame.draw.circle(surface, CREAM if enabled else PAPER_SHADE, (cx, track.centery), knob_r)


def draw_selector(
    surface: pygame.Surface, rect: pygame.Rect, m: Metrics, label: str, enabled: bool, hot: bool
) -> None:
    radius = max(2, rect.h // 4)
    fill = (255, 251, 240) if enabled else PAPER
    pygame.draw.rect(surface, fill, rect, border_radius=radius)
    edge = GOLD_DEEP if hot and enabled else PAPER_LINE
    pygame.draw.rect(surface, edge, rect, max(1, m.px(0.002)), border_radius=radius)
    color = INK if enabled else INK_DISABLED
    arrow = WOOD if enabled else INK_DISABLED
    a = rect.h // 5
    for side in (-1, 1):
        cx = rect.left + rect.h // 2 if side < 0 else rect.right - rect.h // 2
        cy = rect.centery
        points = [
            (cx + side * a * 0.6, cy),
            (cx - side * a * 0.6, cy - a),
            (cx - side * a * 0.6, cy + a),
        ]
        pygame.draw.polygon(surface, arrow, points)
    font = m.font("ui", ROW_TITLE * 0.95)
    draw_text(surface, label, font, color, rect.center, "center", fit=rect.w - 2 * rect.h)


def slider_track(rect: pygame.Rect) -> pygame.Rect:
    pad = rect.h // 2
    track = pygame.Rect(rect.left + pad, 0, rect.w - 2 * pad - rect.h, max(2, rect.h // 6))
    track.centery = rect.centery
    return track


def draw_slider(
    surface: pygame.Surface, rect: pygame.Rect, m: Metrics, value: float, enabled: bool, hot: bool
) -> None:
    track = slider_track(rect)
    pygame.draw.rect(surface, PAPER_LINE, track, border_radius=track.h // 2)
    filled = track.copy()
    filled.w = round(track.w * value)
    pygame.draw.rect(
        surface, (44, 120, 74) if enabled else INK_DISABLED, filled, border_radius=track.h // 2
    )
    knob = (track.left + filled.w, track.centery)
    r = rect.h // 3
    pygame.draw.circle(surface, WOOD_DARK if enabled else INK_DISABLED, knob, r)
    pygame.draw.circle(surface, GOLD if hot and enabled else CREAM, knob, max(1, r - m.px(0.003)))
    font = m.font("ui", SMALL)
    draw_text(
        surface,
        f"{round(value * 100)}%",
        font,
        INK if enabled else INK_DISABLED,
        (rect.right, rect.centery),
        "midright",
    )


def draw_field(
    surface: pygame.Surface,
    rect: pygame.Rect,
    m: Metrics,
    text: str,
    enabled: bool,
    hot: bool,
    editing: bool,
) -> None:
    radius = max(2, rect.h // 5)
    pygame.draw.rect(surface, (255, 253, 246) if enabled else PAPER, rect, border_radius=radius)
    edge = GOLD_DEEP if editing or hot else PAPER_LINE
    pygame.draw.rect(
        surface, edge, rect, max(1, m.px(0.003 if editing else 0.002)), border_radius=radius
    )
    font = m.font("ui", ROW_TITLE)
    pad = rect.h // 3
    shown = draw_text(
        surface,
        text,
        font,
        INK if enabled else INK_DISABLED,
        (rect.left + pad, rect.centery),
        "midleft",
        fit=rect.w - 2 * pad,
    )
    if editing and (pygame.time.get_ticks() // 530) % 2 == 0:
        x = shown.right + max(1, m.px(0.002))
        pygame.draw.line(
            surface,
            INK,
            (x, rect.top + pad // 1.5),
            (x, rect.bottom - pad // 1.5),
            max(1, m.px(0.002)),
        )


def draw_scrollbar(
    surface: pygame.Surface, viewport: pygame.Rect, m: Metrics, offset: int, content: int
) -> None:
    w = max(3, m.px(0.008))
    track = pygame.Rect(viewport.right - w, viewport.top, w, viewport.h)
    pygame.draw.rect(surface, PAPER_LINE, track, border_radius=w // 2)
    h = max(w * 3, viewport.h * viewport.h // max(1, content))
    y = track.top + (viewport.h - h) * offset // max(1, content - viewport.h)
    pygame.draw.rect(surface, WOOD_LIGHT, (track.left, y, w, h), border_radius=w // 2)


def draw_title(
    surface: pygame.Surface, text: str, m: Metrics, center: tuple[int, int], size: float = TITLE
) -> pygame.Rect:
    """Gold lettering with a dark drop shadow, for the name of the game and screen titles."""
    font = m.font("title", size)
    return draw_text(surface, text, font, GOLD, center, "center", shadow=(20, 12, 6))


def draw_ornament(surface: pygame.Surface, center: tuple[int, int], width: int, m: Metrics) -> None:
    """A thin gold rule with a diamond in the middle, under titles."""
    cx, cy = center
    half = width // 2
    thick = max(1, m.px(0.002))
    d = m.px(0.009)
    pygame.draw.line(surface, GOLD_DEEP, (cx - half, cy), (cx - d * 2, cy), thick)
    pygame.draw.line(surface, GOLD_DEEP, (cx + d * 2, cy), (cx + half, cy), thick)
    pygame.draw.polygon(surface, GOLD, [(cx, cy - d), (cx + d, cy), (cx, cy + d), (cx - d, cy)])
