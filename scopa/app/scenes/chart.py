"""Line and bar charts drawn with pygame, on cream paper (score across rounds, statistics)."""

from __future__ import annotations

import math
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, field, replace
from typing import NamedTuple

import pygame

from .. import style
from ..style import Color, Metrics

TICK_ROOM = 1.5
"""Line heights between two grid lines of a chart: their labels never touch."""

DENSE_DOTS = 3
"""Steps closer than this many dot radii: a line's dots would run into one another."""

MEAN_STEP = 10
"""A dense line's bold mean is taken over a multiple of this many steps (``mean_window``)."""


ROUND_STEPS = tuple(
    sorted({base * 10**power for power in range(19) for base in (1, 2, 5)}
           | {25 * 10**power for power in range(18)})
)  # fmt: skip
"""The steps a chart's grid may take: 1, 2, 5, 10, 20, 25, 50, 100, ... to 5·10^18."""


def nice_ticks(low: float, high: float, most: int = 6) -> tuple[int, int, int]:
    """A round step (1, 2, 5, 10, 20, 25, 50, ...), a start and a count of at most ``most``
    steps that cover ``low``..``high``: the grid of a chart."""
    for tick in ROUND_STEPS:
        start = math.floor(low / tick) * tick
        count = max(1, math.ceil((high - start) / tick))
        if count <= most:
            return tick, start, count
    steps = max(1, most)
    return math.ceil((high - low) / steps), math.floor(low), steps


@dataclass(frozen=True)
class Drawn:
    """Where a line chart put its parts: what tests measure (gaps, spans, overlaps)."""

    plot: pygame.Rect
    """The area the values span: the lowest grid line at its bottom, the highest at its top."""
    points: list[list[tuple[int, int]]]
    """The centre of each dot, one list per series."""
    dot: int
    """The radius of a dot."""
    labels: list[pygame.Rect]
    """Every word drawn: the values of the grid lines, the steps under the axis, the last
    value at the end of each line (of its bold mean, on a dense chart)."""
    means: list[list[tuple[int, int]]] = field(default_factory=list)
    """A dense chart's bold running means, a point per step of each line (none otherwise):
    the dot and the value at the end of a line are its mean's."""
    rings: list[tuple[int, int]] = field(default_factory=list)
    """The centres of the rings drawn (the steps set apart, ``hollow``)."""

    @property
    def dense(self) -> bool:
        return bool(self.means)

    def dots(self) -> list[pygame.Rect]:
        return [
            pygame.Rect(x - self.dot, y - self.dot, 2 * self.dot + 1, 2 * self.dot + 1)
            for line in self.points
            for x, y in line
        ]


@dataclass(frozen=True)
class Frame:
    """A line chart's geometry before it is drawn (stacked charts line up their plots)."""

    plot: pygame.Rect
    low: float
    tick: float
    count: int

    @property
    def high(self) -> float:
        return self.low + self.tick * self.count

    def y(self, value: float) -> int:
        return round(self.plot.bottom - self.plot.h * (value - self.low) / (self.high - self.low))


def _pens(m: Metrics) -> tuple[style.Pen, int, int, int]:
    """The axis pen, its line height, the width of a line and the gap kept round a dot."""
    pen = m.pen("ui", style.ROW_NOTE, style.INK_SOFT)
    return pen, style.line_height(pen), max(2, m.px(0.005)), m.px(0.008)


def _frame(
    area: pygame.Rect,
    m: Metrics,
    series: Sequence[Sequence[float]],
    *,
    target: float | None,
    y_min: float | None,
    x_axis: bool,
    limits: tuple[float, float] | None = None,
    left: int | None = None,
    right: int | None = None,
) -> Frame | None:
    pen, label_h, width, clear = _pens(m)
    dot = width * 2
    values = [v for line in series for v in line] + ([target] if target is not None else [])
    if not values:
        return None
    shown = [] if y_min is None else [y_min]
    low, high = min(values + shown), max(values + shown)
    if high == low:  # a flat line: in the middle of a scale (a percentage's half of it)
        pad = 1.0 if limits is None else (limits[1] - limits[0]) / 2
        low, high = low - pad, high + pad
    if limits is not None:
        low, high = max(low, limits[0]), min(high, limits[1])
    top = area.top + max(m.px(0.02), label_h // 2, dot)
    bottom = area.bottom - (label_h + dot + clear if x_axis else max(label_h // 2, dot))
    most = max(1, min(6, int((bottom - top) / (label_h * TICK_ROOM))))
    tick, low, count = nice_ticks(low, high, most)
    if left is None:
        widest = max(style.natural_width(str(round(low + tick * k)), pen) for k in range(count + 1))
        left = widest + dot + clear
    if right is None:
        bold = m.pen("ui_bold", style.ROW_NOTE, style.INK)
        steps = max(1, max(len(line) for line in series) - 1)
        ends = []
        # the last value, or the last of the bold mean where the chart turns out dense
        for last in (lambda line: line[-1], lambda line: _last_mean(line, mean_window(steps))):
            level: dict[int, list[int]] = {}  # lines that end on one value: side by side
            for line in series:
                if line:
                    value = round(last(line))
                    level.setdefault(value, []).append(style.natural_width(str(value), bold))
            ends += [sum(widths) + clear * (len(widths) - 1) for widths in level.values()]
        right = max(ends, default=0) + dot + clear + m.px(0.01)
    plot = pygame.Rect(area.left + left, top, area.w - left - right, bottom - top)
    return Frame(plot, low, tick, count)


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
    frame: Frame | None = None,
    hollow: Collection[int] = (),
    averaged: bool = False,
    shapes: bool = False,
) -> Drawn | None:
    """One line per series over the same x steps, with a grid, a dashed target line, dots at
    each point and the last value written at the end of each line, on the paper of the
    chart (``style.paper_card``) that no line strikes through. Every label keeps a clear gap
    from the dots (the first point sits where both axes' labels meet). The dots at the steps
    in ``hollow`` are rings: points set apart from the rest (see ``Band.hollow``); a dense
    chart (``is_dense``) draws each line pale under its bold running mean, and no rings;
    lines ``averaged`` already (a win rate over the last matches) are their own bold line,
    their end written as the caption says it (a mean of the rate read "16 %" of a player
    who had lost the last ten). ``shapes``: each line ends on its side's shape
    (``style.side_shape``), as partners' plates wear it: told apart by more than a colour.

    Returns where the parts went (None when there is nothing to draw)."""
    pen, label_h, width, clear = _pens(m)
    dot = width * 2
    if frame is None:
        frame = _frame(area, m, series, target=target, y_min=y_min, x_axis=bool(x_labels))
    if frame is None:
        return None
    plot = frame.plot
    steps = max(1, max(len(line) for line in series) - 1)

    def point(i: int, v: float) -> tuple[int, int]:
        return round(plot.left + plot.w * i / steps), frame.y(v)

    labels: list[pygame.Rect] = []
    thin = max(1, m.px(0.0015))
    for k in range(frame.count + 1):
        v = frame.low + frame.tick * k
        y = frame.y(v)
        pygame.draw.line(surface, style.PAPER_LINE, (plot.left, y), (plot.right, y), thin)
        box = pygame.Rect(area.left, y - label_h // 2, plot.left - dot - clear - area.left, label_h)
        labels.append(style.text(surface, str(round(v)), pen, box, align="right"))
    pygame.draw.line(surface, style.INK_SOFT, plot.bottomleft, plot.bottomright, thin)
    shown = [i for i in range(len(x_labels)) if steps <= 12 or not i % (steps // 8 + 1)]
    if shown and shown[-1] != len(x_labels) - 1:  # the newest step is always told
        if len(shown) > 1 and len(x_labels) - 1 - shown[-1] < (steps // 8 + 1) / 2:
            shown.pop()  # too near it to write both
        shown.append(len(x_labels) - 1)
    room = plot.w / max(1, len(shown) - 1) if len(shown) > 1 else plot.w
    for i in shown:
        box = pygame.Rect(0, plot.bottom + dot + clear, round(room), label_h)
        box.centerx = point(i, frame.low)[0]
        labels.append(style.text(surface, x_labels[i], pen, box, align="center"))
    # Hundreds of points (a year of matches) ran into one solid blob of dots: past a few
    # pixels a step, each line is drawn thin and pale, with its running mean bold over it,
    # a dot only at the mean's end, whose value is written there (the last value of the
    # pale line, written beside the bold one's end, read as the bold line's), and the
    # target over them all. Rings on a line that thin would cover it: none are drawn.
    dense = is_dense(m, plot.w, steps)
    window = mean_window(steps)
    means = [list(line) if averaged else running_mean(line, window) for line in series]
    means = means if dense else []
    ends = _end_labels(area, m, means or series, colors, point, plot, dot, clear, label_h, x_labels)

    def draw_target() -> None:
        if target is None:
            return
        y = frame.y(target)
        dash = m.px(0.012)
        for x in range(plot.left, plot.right, dash * 2):
            segment = pygame.Rect(x, y - 1, min(dash, plot.right - x), 3)
            if segment.collidelist([box for _, _, box in ends]) >= 0:
                continue  # the dashes pass behind a value written on the line
            pygame.draw.line(
                surface,
                style.GOLD_DEEP,
                (x, y),
                (min(x + dash, plot.right), y),
                max(1, m.px(0.003)),
            )

    drawn = [[point(i, v) for i, v in enumerate(line)] for line in series]
    bold = [[point(i, v) for i, v in enumerate(line)] for line in means]
    rings: list[tuple[int, int]] = []
    if dense:
        pale = [_toward(color, style.PAPER_BRIGHT, 0.6) for color in colors]
        for line, color in zip(drawn, pale):
            if len(line) > 1:
                pygame.draw.lines(surface, color, False, line, max(1, width // 2))
        for line, color in zip(bold, colors):
            if len(line) > 1:
                pygame.draw.lines(surface, color, False, line, width)
        draw_target()
        _draw_lines(surface, [line[-1:] for line in bold], colors, width, dot)
    else:
        draw_target()
        _draw_lines(surface, drawn, colors, width, dot)
        for line in drawn:
            for i in sorted(hollow):
                if i < len(line):
                    draw_ring(surface, line[i], dot, width)
                    rings.append(line[i])
    for (_, _, box), line in zip(ends, (line for line in drawn if line)):
        # On the chart's paper from its line's last dot: the axis or a grid line through a
        # value (a 0 on the axis) would strike it through, or read as a minus sign before it.
        x = line[-1][0] + dot + thin
        surface.fill(style.PAPER_BRIGHT, pygame.Rect(x, box.top, box.right + thin - x, box.h))
    if shapes and not dense:  # lines ending level: their shapes side by side, leftwards
        r = dot * 1.1
        ends_at = [line[-1] if line else None for line in drawn]
        for side, (end, color) in enumerate(zip(ends_at, colors)):
            if end is not None:
                level = [k for k, other in enumerate(ends_at) if other == end]
                x = end[0] - level.index(side) * r * 2.3
                style.side_shape(surface, side, (x, end[1]), r, color)
    for words, last, box in ends:
        labels.append(style.text(surface, words, last, box))
    return Drawn(plot, drawn, dot, labels, bold, rings)


def is_dense(m: Metrics, width: float, steps: int) -> bool:
    """Whether a line of ``steps`` steps across ``width`` pixels is drawn dense: its dots
    would run into one another (see ``line_chart``)."""
    _, _, line_width, _ = _pens(m)
    return width / max(1, steps) < line_width * 2 * DENSE_DOTS


def mean_window(steps: int) -> int:
    """How many steps a dense line's bold mean is taken over: ten, twenty from about 375
    steps on, ... (a round number the legend can name, near a twenty-fifth of the line)."""
    return MEAN_STEP * max(1, round(steps / (25 * MEAN_STEP)))


def _last_mean(values: Sequence[float], window: int) -> float:
    last = values[-window:]
    return sum(last) / len(last)


def _toward(colour: Color, other: Color, share: float) -> Color:
    """``colour`` moved ``share`` of the way to ``other`` (a line paled on the paper)."""
    return tuple(round(a + (b - a) * share) for a, b in zip(colour[:3], other[:3]))  # type: ignore[return-value]


def running_mean(values: Sequence[float], window: int) -> list[float]:
    """Each value's mean with the ``window - 1`` before it (fewer at the start)."""
    out, total = [], 0.0
    for i, value in enumerate(values):
        total += value
        if i >= window:
            total -= values[i - window]
        out.append(total / min(i + 1, window))
    return out


def _draw_lines(
    surface: pygame.Surface,
    lines: Sequence[Sequence[tuple[int, int]]],
    colors: Sequence[Color],
    width: int,
    dot: int,
) -> None:
    """The lines and their dots. Stretches where lines run level (two sides tied round
    after round) are drawn side by side, each in its colour, and a dot they share is cut
    into one slice per line, so no line hides another."""
    spacing = max(1.0, min(width, 2 * dot / max(1, len(lines))))
    for n, (points, color) in enumerate(zip(lines, colors)):
        for i in range(len(points) - 1):
            segment = (points[i], points[i + 1])
            sharing = [k for k, other in enumerate(lines) if tuple(other[i : i + 2]) == segment]
            shift = (sharing.index(n) - (len(sharing) - 1) / 2) * spacing
            (x0, y0), (x1, y1) = segment
            length = math.hypot(x1 - x0, y1 - y0) or 1.0
            dx, dy = -(y1 - y0) / length * shift, (x1 - x0) / length * shift
            pygame.draw.line(surface, color, (x0 + dx, y0 + dy), (x1 + dx, y1 + dy), width)
    at: dict[tuple[int, int], list[Color]] = {}
    for points, color in zip(lines, colors):
        for p in points:
            at.setdefault(p, []).append(color)
    for p, shared in at.items():
        # A dot shared by lines side by side is as wide as their band.
        outer = max(dot, math.ceil((len(shared) - 1) / 2 * spacing + width))
        inner = outer - max(1, width // 2)
        pygame.draw.circle(surface, style.CREAM, p, outer)
        pygame.draw.circle(surface, shared[0], p, inner)
        turn = 2 * math.pi / len(shared)
        for k, color in enumerate(shared[1:], start=1):
            arc = [turn * (k + step / 8) - math.pi / 2 for step in range(9)]
            rim = [(p[0] + inner * math.cos(a), p[1] + inner * math.sin(a)) for a in arc]
            pygame.draw.polygon(surface, color, [p, *rim])


def draw_ring(surface: pygame.Surface, centre: tuple[int, int], dot: int, width: int) -> None:
    """A dot of a line made hollow: the paper shows through its middle, its rim stays in the
    line's colour."""
    pygame.draw.circle(surface, style.PAPER_BRIGHT, centre, max(1, dot - max(2, width)))


def _end_labels(
    area: pygame.Rect,
    m: Metrics,
    series: Sequence[Sequence[float]],
    colors: Sequence[Color],
    point: Callable[[int, float], tuple[int, int]],
    plot: pygame.Rect,
    dot: int,
    clear: int,
    label_h: int,
    x_labels: Sequence[str],
) -> list[tuple[str, style.Pen, pygame.Rect]]:
    """The last value of each line, in its colour, where it is written: past the line's
    last dot, and past any other value written there before it (lines that end level, as
    two sides tied, show each value side by side rather than one over the other)."""
    ends: list[tuple[str, style.Pen, pygame.Rect]] = []
    for line, color in zip(series, colors):
        if not line:
            continue
        x, y = point(len(line) - 1, line[-1])
        words = str(round(line[-1]))
        last = m.pen("ui_bold", style.ROW_NOTE, style.ink_of(color, style.PAPER_BRIGHT))
        box = pygame.Rect(x + dot + clear, 0, 0, label_h)
        box.w = style.fit(words, last, area.right - box.left, label_h).width
        box.centery = y
        if x_labels:  # above the steps written under the axis
            box.bottom = min(box.bottom, plot.bottom + dot)
        for _, _, other in ends:
            if box.colliderect(other):
                box.left = other.right + clear
        ends.append((words, last, box))
    return ends


class Band(NamedTuple):
    """One line of a stacked chart: its caption (what it counts, with the unit), its values,
    its colour and a value its scale always shows, whatever the values (0 for points won or
    lost)."""

    caption: str
    values: Sequence[float]
    color: Color
    y_min: float | None = None
    limits: tuple[float, float] | None = None
    """The values its scale never goes past (0 and 100 for a percentage)."""
    hollow: Collection[int] = ()
    """The steps whose dot is a ring, set apart from the rest (a match played with moves
    taken back, which sets no record)."""
    averaged: bool = False
    """Its values are a running average already (see ``line_chart``)."""


def stacked_line_charts(
    surface: pygame.Surface,
    area: pygame.Rect,
    m: Metrics,
    bands: Sequence[Band],
    x_labels: Sequence[str],
) -> list[Drawn]:
    """Lines over the same x steps, each in a band of its own with its own scale and its
    caption above it, one under the other; the steps are written once, under the last. A
    percentage and a count of points never share one axis, where one would flatten the
    other."""
    if not bands or not any(band.values for band in bands):
        return []
    caption_h = style.line_height(m.pen("ui_bold", style.SMALL, style.INK_SOFT))
    charts, frames = _stacked(area, m, bands)
    left = min(found.plot.left for found in frames if found is not None) - area.left
    out = []
    for i, (chart, band, frame) in enumerate(zip(charts, bands, frames)):
        last = i == len(bands) - 1
        caption = pygame.Rect(area.left + left, chart.top - caption_h, area.w - left, caption_h)
        pen = m.pen("ui_bold", style.SMALL, style.ink_of(band.color, style.PAPER_BRIGHT))
        written = style.text(surface, band.caption, pen, caption)
        drawn = line_chart(
            surface,
            chart,
            m,
            [band.values],
            (band.color,),
            x_labels=x_labels if last else (),
            frame=frame,
            hollow=band.hollow,
            averaged=band.averaged,
        )
        if drawn is not None:
            drawn.labels.append(written)
            out.append(drawn)
    return out


def stacked_plots(area: pygame.Rect, m: Metrics, bands: Sequence[Band]) -> list[pygame.Rect]:
    """Where ``stacked_line_charts`` would draw the lines of each band (what the values
    span), without drawing: whether the lines are dense is known before they are drawn."""
    if not bands or not any(band.values for band in bands):
        return []
    _, frames = _stacked(area, m, bands)
    return [found.plot for found in frames if found is not None]


def line_plot(
    area: pygame.Rect,
    m: Metrics,
    series: Sequence[Sequence[float]],
    *,
    target: float | None = None,
    x_axis: bool = False,
    y_min: float | None = None,
) -> pygame.Rect | None:
    """Where ``line_chart`` would draw its lines in ``area`` (None: nothing to draw)."""
    found = _frame(area, m, series, target=target, y_min=y_min, x_axis=x_axis)
    return None if found is None else found.plot


def _stacked(
    area: pygame.Rect, m: Metrics, bands: Sequence[Band]
) -> tuple[list[pygame.Rect], list[Frame | None]]:
    """The area of each band of a stacked chart under its caption, and its frame (None: a
    band without values); the bands share the widest room any needs for the labels at
    either side, so that their steps line up."""
    caption_h = style.line_height(m.pen("ui_bold", style.SMALL, style.INK_SOFT))
    _, label_h, width, clear = _pens(m)
    gap = m.px(style.SPACE_S)
    steps_h = label_h + width * 2 + clear
    band_h = (area.h - steps_h - gap * (len(bands) - 1)) // len(bands)
    charts = []
    for i in range(len(bands)):
        chart = pygame.Rect(area.left, area.top + i * (band_h + gap) + caption_h, area.w, 0)
        chart.h = band_h - caption_h + (steps_h if i == len(bands) - 1 else 0)
        charts.append(chart)
    lasts = [i == len(bands) - 1 for i in range(len(bands))]
    measured = [
        found
        for chart, band, last in zip(charts, bands, lasts)
        if (found := _band_frame(chart, m, band, last)) is not None
    ]
    left = max(found.plot.left - area.left for found in measured)
    right = max(area.right - found.plot.right for found in measured)
    frames = [_band_frame(chart, m, band, last, left, right)
              for chart, band, last in zip(charts, bands, lasts)]  # fmt: skip
    return charts, frames


def _band_frame(
    chart: pygame.Rect,
    m: Metrics,
    band: Band,
    last: bool,
    left: int | None = None,
    right: int | None = None,
) -> Frame | None:
    return _frame(
        chart,
        m,
        [band.values],
        target=None,
        y_min=band.y_min,
        limits=band.limits,
        x_axis=last,
        left=left,
        right=right,
    )


@dataclass(frozen=True)
class Bars:
    """Where a bar chart put its bars and the count over each (what tests measure)."""

    bars: list[pygame.Rect]
    """Each bar as drawn (a bar of nothing is a stroke on the axis), group by group."""
    counts: list[pygame.Rect]
    """Where each bar's count is written, in the same order."""


def hatch(surface: pygame.Surface, rect: pygame.Rect, m: Metrics, color: Color) -> None:
    """Fill ``rect`` with ``color`` crossed by pale slanting stripes: a bar told from its
    neighbour by more than its hue (the won and lost bars, green and red, look alike to a
    colour-blind player)."""
    pygame.draw.rect(surface, color, rect)
    pale = tuple(round(value + (255 - value) * 0.45) for value in color)
    step, width = max(5, m.px(0.016)), max(1, m.px(0.003))
    clip = surface.get_clip()
    surface.set_clip(rect.clip(clip) if clip else rect)
    for x in range(rect.left - rect.h, rect.right + step, step):
        pygame.draw.line(surface, pale, (x, rect.bottom), (x + rect.h, rect.top), width)
    surface.set_clip(clip)


def bar_chart(
    surface: pygame.Surface,
    area: pygame.Rect,
    m: Metrics,
    groups: Sequence[tuple[str, Sequence[float]]],
    colors: Sequence[Color],
    hatched: Collection[int] = (),
) -> Bars:
    """Grouped vertical bars, one group per label (e.g. won and lost per level), each with
    its count over it, whole and at full size: a count wider than its bar (thousands of
    matches, five bars to a chart) is raised over its neighbours' rather than cut short,
    set smaller or run into the next ("25692574"), and the bars make room above for it.
    The bars of the places in each group ``hatched`` are striped (see ``hatch``)."""
    if not groups:
        return Bars([], [])
    pen = m.pen("ui", style.ROW_NOTE, style.INK_SOFT)
    value_pen = m.pen("ui", style.ROW_NOTE, style.INK)
    line_h = style.line_height(pen)
    label_h = 2 * line_h + m.px(0.01)
    words = [str(round(value)) for _, values in groups for value in values]
    widths = [style.natural_width(count, value_pen) for count in words]
    value_h = style.line_height(value_pen)
    room = value_h + m.px(0.004)
    for _ in range(4):  # counts raised over others need more room over the tallest bar
        plot = pygame.Rect(area.left, area.top + room, area.w, area.h - room - label_h)
        bars = _bars(plot, m, groups)
        counts = _place_counts(area, m, bars, widths, value_h)
        needed = plot.top - min(box.top for box in counts)
        if needed <= room or plot.h <= value_h:
            break
        room = min(needed, area.h - label_h - value_h)
    tints = [colors[k % len(colors)] for _, values in groups for k in range(len(values))]
    places = [k for _, values in groups for k in range(len(values))]
    for bar, box, count, color, place in zip(bars, counts, words, tints, places):
        radius = m.px(0.006) if bar.h > m.px(0.004) else 0
        if place in hatched:
            hatch(surface, bar, m, color)
        else:
            pygame.draw.rect(
                surface, color, bar, border_top_left_radius=radius, border_top_right_radius=radius
            )
        style.text(surface, count, value_pen, box, align="center")
    slot = plot.w / len(groups)
    for g, (label, _) in enumerate(groups):
        box = pygame.Rect(0, plot.bottom + m.px(0.008), round(slot * 0.95), 2 * line_h)
        box.centerx = round(plot.left + (g + 0.5) * slot)
        style.text(surface, label, pen, box, align="center", valign="top", lines=2)
    pygame.draw.line(
        surface, style.INK_SOFT, plot.bottomleft, plot.bottomright, max(1, m.px(0.0015))
    )
    return Bars(bars, counts)


def _bars(
    plot: pygame.Rect, m: Metrics, groups: Sequence[tuple[str, Sequence[float]]]
) -> list[pygame.Rect]:
    """Each bar's rectangle in ``plot``, group by group: a bar of nothing is still there,
    a stroke of its colour on the axis (with its 0 over it)."""
    high = max([max(values, default=0) for _, values in groups] + [1])
    slot = plot.w / len(groups)
    out = []
    for g, (_, values) in enumerate(groups):
        n = max(1, len(values))
        bar_w = slot * 0.7 / n
        x0 = plot.left + g * slot + slot * 0.15
        for k, value in enumerate(values):
            h = max(round(plot.h * value / high), 0) or max(2, m.px(0.004))
            out.append(pygame.Rect(round(x0 + k * bar_w), plot.bottom - h,
                                   max(1, round(bar_w * 0.94)), h))  # fmt: skip
    return out


def _place_counts(
    area: pygame.Rect, m: Metrics, bars: Sequence[pygame.Rect], widths: Sequence[int], high: int
) -> list[pygame.Rect]:
    """A box for each bar's count, ``high`` pixels tall and as wide as its words, over its
    own bar: centred on it, or flush with either of its edges where that keeps it lower (a
    count wider than its bar, beside a taller one, leans away from it rather than climbing
    over it); raised until it touches no bar and keeps a gap from every count placed before
    it, those of the tallest bars first."""
    gap, apart = m.px(0.004), max(2, m.px(0.008))
    placed: list[pygame.Rect] = []
    out: dict[int, pygame.Rect] = {}

    def raised(box: pygame.Rect) -> pygame.Rect:
        while True:  # only ever up, past each thing it met: it stops
            met = [bar.top - gap for bar in bars if box.colliderect(bar)]
            met += [other.top for other in placed if box.colliderect(other.inflate(2 * apart, 0))]
            if not met:
                return box
            box.bottom = min(met)

    for i in sorted(range(len(bars)), key=lambda i: (bars[i].top, bars[i].left)):
        bar, best = bars[i], None
        for x in (bar.centerx - widths[i] // 2, bar.right - widths[i], bar.left):
            box = pygame.Rect(x, 0, widths[i], high)
            box.bottom = bar.top - gap
            box.left = max(area.left, min(box.left, area.right - box.w))
            box = raised(box)
            if best is None or box.bottom > best.bottom:  # the lowest; centred if as low
                best = box
        assert best is not None
        placed.append(best)
        out[i] = best
    return [out[i] for i in range(len(bars))]


def _tile_widths(
    total: int,
    gap: int,
    tiles: Sequence[tuple[str, str]],
    value_pen: style.Pen,
    label_pen: style.Pen,
) -> list[int]:
    """The tiles' widths across ``total``: each as wide as its figure and its label's
    longest line want, the room left shared out alike; where they want more than there
    is, each in proportion (nine tiles in a small window: "Played" over "12" gave its
    room to "Worst margin", which was cut short in equal tiles)."""
    room = total - gap * (len(tiles) - 1)
    wants = [
        max(
            style.natural_width(value, value_pen),
            *(style.natural_width(line, label_pen) for line in label.split("\n")),
        )
        + 2 * gap
        for label, value in tiles
    ]
    wanted = sum(wants)
    if wanted <= room:
        spare = (room - wanted) / len(tiles)
        return [int(want + spare) for want in wants]
    return [int(want * room / wanted) for want in wants]


def figure_tiles(
    surface: pygame.Surface, area: pygame.Rect, m: Metrics, tiles: Sequence[tuple[str, str]]
) -> list[pygame.Rect]:
    """A row of paper tiles across ``area``, each a (label, figure) pair: the figure large,
    its label in two lines at most below it (the summaries of the review and statistics);
    returns where each tile went.
    A label of two lines of its own whose second is too long for the tile ("Played" over
    "(1429 among rivals)") runs on as one sentence, wrapped where it fits, rather than
    being cut short."""
    gap = m.px(style.SPACE_S)
    value_pen = m.pen("title", style.HEADING, style.INK)
    label_pen = m.pen("ui", style.SMALL, style.INK_SOFT)
    value_h = style.line_height(value_pen)
    widths = _tile_widths(area.w, gap, tiles, value_pen, label_pen)
    inner_h = area.h - m.px(style.SPACE_XS) - value_h
    labels = []
    for (label, _), w in zip(tiles, widths):
        if style.fit(label, label_pen, w - gap, inner_h, lines=2).elided:
            label = " ".join(label.split("\n"))
        labels.append(label)
    # one size for every label: the one the longest needs (one set smaller read as a slip)
    least = min(
        style.fit(label, label_pen, w - gap, inner_h, lines=2).px
        for label, w in zip(labels, widths)
    )
    label_pen = replace(label_pen, px=min(label_pen.px, least))
    left = area.left
    boxes = []
    for (_, value), label, w in zip(tiles, labels, widths):
        box = pygame.Rect(left, area.top, w, area.h)
        boxes.append(box)
        left += w + gap
        style.paper_card(surface, box, m)
        inside = box.inflate(-gap, -m.px(style.SPACE_XS))
        top = pygame.Rect(inside.left, inside.top, inside.w, value_h)
        style.text(surface, value, value_pen, top, align="center")
        below = pygame.Rect(inside.left, top.bottom, inside.w, inside.bottom - top.bottom)
        style.text(surface, label, label_pen, below, align="center", lines=2)
    return boxes
