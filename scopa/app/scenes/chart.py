"""Line and bar charts drawn with pygame, on cream paper (score across rounds, statistics)."""

from __future__ import annotations

import math
from collections.abc import Sequence

import pygame

from .. import style
from ..style import Color, Metrics


def nice_ticks(low: float, high: float) -> tuple[int, int, int]:
    """A round step (1, 2, 5, 10, 20, 25, 50, ...), a start and a count of at most six steps
    that cover ``low``..``high``: the grid of a chart."""
    for tick in (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000):
        start = math.floor(low / tick) * tick
        count = max(1, math.ceil((high - start) / tick))
        if count <= 6:
            return tick, start, count
    return math.ceil((high - low) / 4), math.floor(low), 4


def line_chart(
    surface: pygame.Surface,
    area: pygame.Rect,
    m: Metrics,
    series: Sequence[Sequence[float]],
    colors: Sequence[Color],
    *,
    target: float | None = None,
    x_labels: Sequence[str] = (),
    y_min: float | None = None,
) -> None:
    """One line per series over the same x steps, with a grid, a dashed target line, dots at
    each point and the last value written at the end of each line."""
    pen = m.pen("ui", style.ROW_NOTE, style.INK_SOFT)
    label_h = style.line_height(pen)
    values = [v for line in series for v in line] + ([target] if target is not None else [])
    if not values:
        return
    low = min(values) if y_min is None else min(y_min, min(values))
    high = max(values)
    tick, low, count = nice_ticks(low, high)
    high = low + count * tick
    widest = max(style.natural_width(str(round(low + tick * k)), pen) for k in range(count + 1))
    left_pad = widest + m.px(0.02)
    plot = pygame.Rect(
        area.left + left_pad,
        area.top + m.px(0.02),
        area.w - left_pad - m.px(0.05),
        area.h - m.px(0.02) - label_h - m.px(0.01),
    )
    steps = max(1, max(len(line) for line in series) - 1)

    def point(i: int, v: float) -> tuple[int, int]:
        x = plot.left + plot.w * i / steps
        y = plot.bottom - plot.h * (v - low) / (high - low)
        return round(x), round(y)

    thin = max(1, m.px(0.0015))
    for k in range(count + 1):
        v = low + tick * k
        y = point(0, v)[1]
        pygame.draw.line(surface, style.PAPER_LINE, (plot.left, y), (plot.right, y), thin)
        box = pygame.Rect(area.left, y - label_h // 2, plot.left - m.px(0.01) - area.left, label_h)
        style.text(surface, str(round(v)), pen, box, align="right")
    pygame.draw.line(surface, style.INK_SOFT, plot.bottomleft, plot.bottomright, thin)
    shown = [i for i in range(len(x_labels)) if steps <= 12 or not i % (steps // 8 + 1)]
    room = plot.w / max(1, len(shown) - 1) if len(shown) > 1 else plot.w
    for i in shown:
        box = pygame.Rect(0, plot.bottom + m.px(0.006), round(room), label_h)
        box.centerx = point(i, low)[0]
        style.text(surface, x_labels[i], pen, box, align="center")
    if target is not None:
        y = point(0, target)[1]
        dash = m.px(0.012)
        for x in range(plot.left, plot.right, dash * 2):
            pygame.draw.line(
                surface,
                style.GOLD_DEEP,
                (x, y),
                (min(x + dash, plot.right), y),
                max(1, m.px(0.003)),
            )
    width = max(2, m.px(0.005))
    for line, color in zip(series, colors):
        points = [point(i, v) for i, v in enumerate(line)]
        if len(points) > 1:
            pygame.draw.lines(surface, color, False, points, width)
        for p in points:
            pygame.draw.circle(surface, style.CREAM, p, width * 2)
            pygame.draw.circle(surface, color, p, width * 2 - max(1, width // 2))
        if points:
            end = pygame.Rect(points[-1][0] + width * 3, 0, area.right - points[-1][0], label_h)
            end.w -= width * 3
            end.centery = points[-1][1]
            last = m.pen("ui_bold", style.ROW_NOTE, color)
            style.text(surface, str(round(line[-1])), last, end)


def bar_chart(
    surface: pygame.Surface,
    area: pygame.Rect,
    m: Metrics,
    groups: Sequence[tuple[str, Sequence[float]]],
    colors: Sequence[Color],
) -> None:
    """Grouped vertical bars, one group per label (e.g. won and lost per level)."""
    if not groups:
        return
    pen = m.pen("ui", style.ROW_NOTE, style.INK_SOFT)
    value_pen = m.pen("ui", style.ROW_NOTE, style.INK)
    line_h = style.line_height(pen)
    label_h = 2 * line_h + m.px(0.01)
    plot = pygame.Rect(area.left, area.top + line_h, area.w, area.h - line_h - label_h)
    high = max([max(values, default=0) for _, values in groups] + [1])
    slot = plot.w / len(groups)
    for g, (label, values) in enumerate(groups):
        n = max(1, len(values))
        bar_w = slot * 0.7 / n
        x0 = plot.left + g * slot + slot * 0.15
        for k, value in enumerate(values):
            h = round(plot.h * value / high)
            bar = pygame.Rect(
                round(x0 + k * bar_w), plot.bottom - h, max(1, round(bar_w * 0.94)), h
            )
            if not value:
                continue
            if h:
                pygame.draw.rect(
                    surface,
                    colors[k % len(colors)],
                    bar,
                    border_top_left_radius=m.px(0.006),
                    border_top_right_radius=m.px(0.006),
                )
            box = pygame.Rect(0, 0, round(bar_w * 1.6), line_h)
            box.midbottom = (bar.centerx, bar.top - m.px(0.004))
            style.text(surface, str(round(value)), value_pen, box, align="center")
        box = pygame.Rect(0, plot.bottom + m.px(0.008), round(slot * 0.95), 2 * line_h)
        box.centerx = round(plot.left + (g + 0.5) * slot)
        style.text(surface, label, pen, box, align="center", valign="top", lines=2)
    pygame.draw.line(
        surface, style.INK_SOFT, plot.bottomleft, plot.bottomright, max(1, m.px(0.0015))
    )


def figure_tiles(
    surface: pygame.Surface, area: pygame.Rect, m: Metrics, tiles: Sequence[tuple[str, str]]
) -> None:
    """A row of paper tiles across ``area``, each a (label, figure) pair: the figure large,
    its label in two lines at most below it (the summaries of the review and statistics)."""
    gap = m.px(style.SPACE_S)
    w = (area.w - gap * (len(tiles) - 1)) // len(tiles)
    value_pen = m.pen("title", style.HEADING, style.INK)
    label_pen = m.pen("ui", style.SMALL, style.INK_SOFT)
    value_h = style.line_height(value_pen)
    for i, (label, value) in enumerate(tiles):
        box = pygame.Rect(area.left + i * (w + gap), area.top, w, area.h)
        style.paper_card(surface, box, m)
        inside = box.inflate(-gap, -m.px(style.SPACE_XS))
        top = pygame.Rect(inside.left, inside.top, inside.w, value_h)
        style.text(surface, value, value_pen, top, align="center")
        below = pygame.Rect(inside.left, top.bottom, inside.w, inside.bottom - top.bottom)
        style.text(surface, label, label_pen, below, align="center", lines=2)
