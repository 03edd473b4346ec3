"""The looks of the menus' controls: setting rows, switches, selectors, sliders, name
fields, scroll bars, and the gold lettering and ornament of titles."""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

import pygame

from .palette import (
    CREAM,
    FIELD,
    GOLD,
    GOLD_DEEP,
    GREEN,
    INK,
    INK_DISABLED,
    LETTER_SHADOW,
    PAPER,
    PAPER_LINE,
    PAPER_SHADE,
    ROW_TITLE,
    SMALL,
    TITLE,
    WOOD,
    WOOD_DARK,
    WOOD_LIGHT,
)
from .scale import Metrics, Scale
from .text import Pen, fit, font_of, text

SWITCH_OFF = (170, 156, 136)
SWITCH_DEAD = (214, 204, 186)
SWITCH_ON_DEAD = (164, 180, 153)
"""A greyed switch that is on: the green faded towards the greyed track, as the greyed
words are faded ink."""
KNOB_SHADE = (96, 84, 70)


def draw_row(
    surface: pygame.Surface, rect: pygame.Rect, scale: Scale, focused: bool, hovered: bool
) -> None:
    """The band behind a setting row: gold when focused or under the pointer."""
    radius = max(2, rect.h // 6)
    if focused or hovered:
        fill = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(
            fill, (*GOLD, 60 if focused else 38), fill.get_rect(), border_radius=radius
        )
        surface.blit(fill, rect)
    if focused:
        pygame.draw.rect(surface, GOLD_DEEP, rect, max(1, scale.px(0.003)), border_radius=radius)
    else:
        y = rect.bottom - 1
        pygame.draw.line(surface, PAPER_LINE, (rect.left + radius, y), (rect.right - radius, y))


def switch_track(rect: pygame.Rect) -> pygame.Rect:
    """The switch's track as ``draw_switch`` draws it in ``rect``: at its right, as tall as
    most of it."""
    h = int(rect.h * 0.8)
    track = pygame.Rect(0, 0, int(h * 2.2), h)  # room for its word beside the knob
    track.midright = rect.midright
    return track


def draw_switch(
    surface: pygame.Surface,
    rect: pygame.Rect,
    scale: Scale,
    on: bool,
    enabled: bool,
    hot: bool,
    word: str = "",
) -> None:
    """A switch on or off; greyed (a rule that does not apply now) it still shows the value
    it will hold once it applies, in faded colours. ``word`` ("On", "Off"), written in the
    track beside the knob, says what the colours say (with a ``Metrics`` scale)."""
    track = switch_track(rect)
    h = track.h
    if enabled:
        color = GREEN if on else SWITCH_OFF
    else:
        color = SWITCH_ON_DEAD if on else SWITCH_DEAD
    pygame.draw.rect(surface, color, track, border_radius=h // 2)
    pygame.draw.rect(
        surface,
        GOLD_DEEP if hot and enabled else WOOD_DARK,
        track,
        max(1, scale.px(0.002)),
        border_radius=h // 2,
    )
    knob_r = int(h * 0.4)
    cx = track.right - h // 2 if on else track.left + h // 2
    pygame.draw.circle(surface, KNOB_SHADE, (cx, track.centery + max(1, h // 14)), knob_r)
    pygame.draw.circle(surface, CREAM if enabled else PAPER_SHADE, (cx, track.centery), knob_r)
    if word and isinstance(scale, Metrics):
        pad = max(2, h // 5)
        free = pygame.Rect(track.left + pad, track.top, track.w - h - pad, h)  # clear of the knob
        if not on:
            free.right = track.right - pad
        if enabled:
            ink = CREAM if on else INK
        else:
            ink = PAPER if on else INK_DISABLED
        pen = scale.pen("ui_bold", h * 0.46 / scale.ref, ink)
        text(surface, word, pen, free, align="center")


def draw_selector(
    surface: pygame.Surface,
    rect: pygame.Rect,
    m: Metrics,
    label: str,
    enabled: bool,
    hot: bool,
    ends: tuple[bool, bool] = (False, False),
) -> None:
    """A value between two arrows (click either end, or Left/Right); ``ends``: whether the
    value is the first, the last of a row that does not go round, whose arrow that way is
    greyed (it leads nowhere)."""
    radius = max(2, rect.h // 4)
    pygame.draw.rect(surface, FIELD if enabled else PAPER, rect, border_radius=radius)
    edge = GOLD_DEEP if hot and enabled else PAPER_LINE
    pygame.draw.rect(surface, edge, rect, max(1, m.px(0.002)), border_radius=radius)
    a = rect.h // 5
    for side, end in zip((-1, 1), ends, strict=True):
        arrow = WOOD if enabled and not end else INK_DISABLED
        cx = rect.left + rect.h // 2 if side < 0 else rect.right - rect.h // 2
        cy = rect.centery
        points = [
            (cx + side * a * 0.6, cy),
            (cx - side * a * 0.6, cy - a),
            (cx - side * a * 0.6, cy + a),
        ]
        pygame.draw.polygon(surface, arrow, points)
    inside = rect.inflate(-2 * (rect.h // 2 + a), -2)
    pen = m.pen("ui", ROW_TITLE * 0.95, INK if enabled else INK_DISABLED)
    text(surface, label, pen, inside, align="center", lines=2)


def slider_track(rect: pygame.Rect) -> pygame.Rect:
    pad = rect.h // 2
    track = pygame.Rect(rect.left + pad, 0, rect.w - 2 * pad - rect.h * 3 // 2, max(2, rect.h // 6))
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
        surface, GREEN if enabled else INK_DISABLED, filled, border_radius=track.h // 2
    )
    knob = (track.left + filled.w, track.centery)
    r = rect.h // 3
    pygame.draw.circle(surface, WOOD_DARK if enabled else INK_DISABLED, knob, r)
    pygame.draw.circle(surface, GOLD if hot and enabled else CREAM, knob, max(1, r - m.px(0.003)))
    number = pygame.Rect(track.right + r, rect.top, rect.right - track.right - r, rect.h)
    pen = m.pen("ui", SMALL, INK if enabled else INK_DISABLED)
    text(surface, f"{round(value * 100)}%", pen, number, align="right")


class FieldText:
    """Where a name field wrote its name: the letters' left edge, the font they are set
    in, and the name (to place a caret between two letters, or find the gap a click
    points at)."""

    def __init__(self, left: int, font: pygame.font.Font | None, words: str) -> None:
        self.left, self.font, self.words = left, font, words

    def x_of(self, at: int) -> int:
        """The x of the gap before letter ``at`` (the name's end past its last)."""
        if self.font is None or at <= 0:
            return self.left
        return self.left + self.font.size(self.words[:at])[0]

    def index_at(self, x: float) -> int:
        """The gap between two letters nearest to ``x``."""
        gaps = [self.x_of(at) for at in range(len(self.words) + 1)]
        return min(range(len(gaps)), key=lambda at: abs(gaps[at] - x))


def draw_field(
    surface: pygame.Surface,
    rect: pygame.Rect,
    m: Metrics,
    words: str,
    enabled: bool,
    hot: bool,
    editing: bool,
    marked: tuple[int, int] | None = None,
    caret: int | None = None,
) -> FieldText:
    """A one-line name being typed (with a blinking caret while it is edited, before the
    letter ``caret``, at the name's end when None; ``marked``: the letters from and to
    marked, to be replaced by what is typed next). Returns where the letters were
    written."""
    radius = max(2, rect.h // 5)
    pygame.draw.rect(surface, FIELD if enabled else PAPER, rect, border_radius=radius)
    edge = GOLD_DEEP if editing or hot else PAPER_LINE
    pygame.draw.rect(
        surface, edge, rect, max(1, m.px(0.003 if editing else 0.002)), border_radius=radius
    )
    pad = rect.h // 3
    inside = rect.inflate(-2 * pad, -2)
    pen = m.pen("ui", ROW_TITLE, INK if enabled else INK_DISABLED)
    laid = fit(words, pen, inside.w, inside.h) if words else None
    thick = max(1, m.px(0.002))
    if editing and laid is not None and (laid.cut or laid.elided):
        # a name longer than the field, being typed: written whole, slid along so that the
        # caret and the letters at it show (cut short with "…", the last letters typed
        # were hidden behind it, the caret after it)
        shown, drawn = _slid(surface, inside, pen, laid.px, words, caret, thick)
    else:
        shown = text(surface, words, pen, inside)
        drawn = FieldText(
            shown.left if words else inside.left,
            None if laid is None or laid.cut or laid.elided else font_of(words, pen, laid.px),
            words,
        )
    if marked is not None and words:
        span = shown.inflate(4, 2)
        if drawn.font is not None:  # the letters marked (all, where the name was cut short)
            start, end = (max(0, min(at, len(words))) for at in marked)
            left = drawn.x_of(start) - (2 if start == 0 else 0)
            right = drawn.x_of(end) + (2 if end == len(words) else 0)
            span = pygame.Rect(left, span.top, max(1, right - left), span.height)
            span = span.clip(rect) or span  # (a name slid along: its part in the field)
        mark = pygame.Surface(span.size, pygame.SRCALPHA)
        mark.fill((*GOLD, 110))
        surface.blit(mark, span)
    if editing and (pygame.time.get_ticks() // 530) % 2 == 0:
        at = len(words) if caret is None else max(0, min(caret, len(words)))
        if at < len(words):  # in the gap between two letters, clear of the next one's stem
            x = min(drawn.x_of(at), shown.right) - (thick + 1) // 2
        else:
            x = (shown.right if words else inside.left) + thick
        pygame.draw.line(
            surface,
            INK,
            (x, rect.top + pad // 1.5),
            (x, rect.bottom - pad // 1.5),
            thick,
        )
    return drawn


def _slid(
    surface: pygame.Surface,
    inside: pygame.Rect,
    pen: Pen,
    px: int,
    words: str,
    caret: int | None,
    thick: int,
) -> tuple[pygame.Rect, FieldText]:
    """``words``, wider than ``inside``, written whole at ``px`` and slid left as far as
    the caret needs to show (at the name's end: its last letters), clipped to ``inside``.
    Returns where they were written, and how to find the gaps between their letters."""
    font = font_of(words, pen, px)
    width = font.size(words)[0]
    at = len(words) if caret is None else max(0, min(caret, len(words)))
    reach = font.size(words[:at])[0] + 2 * thick  # the caret, drawn just past its gap
    offset = max(0, min(reach - inside.w, width - inside.w + 2 * thick))
    picture = font.render(words, True, pen.colour)
    left = inside.left - offset
    shown = picture.get_rect(midleft=(left, inside.centery))
    kept = surface.get_clip()
    surface.set_clip(inside.clip(kept) if kept else inside)
    surface.blit(picture, shown)
    surface.set_clip(kept)
    return shown.clip(inside), FieldText(left, font, words)


def scrollbar_width(scale: Scale) -> int:
    """How wide ``draw_scrollbar`` draws its track, at the viewport's right edge."""
    return max(3, scale.px(0.008))


def draw_scrollbar(
    surface: pygame.Surface, viewport: pygame.Rect, scale: Scale, offset: int, content: int
) -> None:
    w = scrollbar_width(scale)
    track = pygame.Rect(viewport.right - w, viewport.top, w, viewport.h)
    pygame.draw.rect(surface, PAPER_LINE, track, border_radius=w // 2)
    h = max(w * 3, viewport.h * viewport.h // max(1, content))
    y = track.top + (viewport.h - h) * offset // max(1, content - viewport.h)
    pygame.draw.rect(surface, WOOD_LIGHT, (track.left, y, w, h), border_radius=w // 2)


def whole_lines(top: int, bottom: int, lines: Iterable[tuple[int, int]]) -> tuple[int, int]:
    """The span of a scrolled view from ``top`` to ``bottom`` drawn in to whole lines: a
    line (its ``(top, bottom)``, in the same coordinates) across either end is left out of
    it, so the view shows each line whole or not at all. A view too short for any whole
    line is left as it was."""
    inner_top, inner_bottom = top, bottom
    for line_top, line_bottom in lines:
        if line_top < inner_top < line_bottom:
            inner_top = line_bottom
        if line_top < inner_bottom < line_bottom:
            inner_bottom = line_top
    if inner_bottom <= inner_top:
        return top, bottom
    return inner_top, inner_bottom


class ScrollFade:
    """The ends of a scrolled viewport fade into the page under it, so a line cut by the
    edge reads as more to come rather than as broken. Take the page's strips before the
    content is drawn (``take``), lay them back, faded, once it is (``lay``)."""

    def __init__(self, viewport: pygame.Rect, depth: int) -> None:
        self.depth = max(1, min(depth, viewport.h // 4))
        self.top = pygame.Rect(viewport.left, viewport.top, viewport.w, self.depth)
        self.bottom = pygame.Rect(viewport.left, viewport.bottom - self.depth, viewport.w,
                                  self.depth)  # fmt: skip
        self.strips: list[tuple[pygame.Rect, pygame.Surface]] = []
        self.cue: pygame.Rect | None = None
        """Where the mark saying there is more below was drawn (None: nothing below)."""

    def take(self, surface: pygame.Surface, above: bool, below: bool) -> None:
        """Keep the page where the content is cut: ``above`` the viewport (scrolled down)
        and ``below`` it (more to scroll)."""
        self.strips = []
        bounds = surface.get_rect()
        for rect, wanted, rising in ((self.top, above, False), (self.bottom, below, True)):
            rect = rect.clip(bounds)
            if wanted and rect.w and rect.h:
                page = surface.subsurface(rect).convert_alpha()
                page.blit(_fade(rect.size, rising), (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
                self.strips.append((rect, page))

    def lay(self, surface: pygame.Surface, cue_at: tuple[int, int] | None = None) -> None:
        """Lay the faded strips back; when there is more below, a chevron pointing down in
        the middle (the fade alone read as the page's end): over the bottom strip, or
        centred at ``cue_at`` (a room kept for it under the lines, none of them under it)."""
        self.cue = None
        for rect, page in self.strips:
            surface.blit(page, rect)
            if rect.bottom != self.bottom.bottom:
                continue
            radius = cue_radius(rect.h, rect.w)
            cue = pygame.Rect(0, 0, 2 * radius, 2 * radius)
            cue.center = cue_at or (rect.centerx, rect.bottom - radius // 2)
            pygame.draw.circle(surface, PAPER, cue.center, radius)
            pygame.draw.circle(surface, PAPER_LINE, cue.center, radius, max(1, radius // 8))
            half = radius // 2
            x, y = cue.center
            points = [(x - half, y - half // 2), (x, y + half // 2), (x + half, y - half // 2)]
            pygame.draw.lines(surface, GOLD_DEEP, False, points, max(2, radius // 5))
            self.cue = cue


def cue_radius(depth: int, width: int) -> int:
    """The radius of the chevron saying more lies below (``ScrollFade.lay``), for a fade
    ``depth`` deep over a view ``width`` wide."""
    return max(6, min(max(1, depth) * 2 // 3, width // 10))


@lru_cache(maxsize=16)
def _fade(size: tuple[int, int], rising: bool) -> pygame.Surface:
    """White, its opacity going from none to full down the rows (up them when not
    ``rising``), to multiply a strip of page by."""
    fade = pygame.Surface(size, pygame.SRCALPHA)
    w, h = size
    for row in range(h):
        share = (row + 1) / h if rising else (h - row) / h
        fade.fill((255, 255, 255, round(255 * share**1.5)), (0, row, w, 1))
    return fade


def draw_title(
    surface: pygame.Surface, words: str, m: Metrics, box: pygame.Rect, size: float = TITLE
) -> pygame.Rect:
    """Gold lettering with a dark drop shadow, for the name of the game."""
    pen = m.pen("title", size, GOLD, shadow=LETTER_SHADOW)
    return text(surface, words, pen, box, align="center")


def draw_ornament(
    surface: pygame.Surface, center: tuple[int, int], width: int, scale: Scale
) -> None:
    """A thin gold rule with a diamond in the middle, under titles."""
    cx, cy = center
    half = width // 2
    thick = max(1, scale.px(0.002))
    d = scale.px(0.009)
    pygame.draw.line(surface, GOLD_DEEP, (cx - half, cy), (cx - d * 2, cy), thick)
    pygame.draw.line(surface, GOLD_DEEP, (cx + d * 2, cy), (cx + half, cy), thick)
    pygame.draw.polygon(surface, GOLD, [(cx, cy - d), (cx + d, cy), (cx, cy + d), (cx - d, cy)])
