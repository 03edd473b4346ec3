"""Make the game's serif fonts from the EB Garamond variable font.

    pip install fonttools==4.68.0 fontpkg-eb-garamond==1.3
    python tools/gen_fonts.py                  # -> assets/fonts/EBGaramond-{Regular,Bold}.ttf
    python tools/gen_fonts.py --source "EBGaramond[wght].ttf" --out /tmp/fonts

The variable font (Georg Duffner and Octavio Pardo, version 1.003, SIL Open Font License 1.1
without a Reserved Font Name) has every letter and mark the game writes in Italian and
English, and lining figures by default, so "1" never reads as "I". Two weights are taken from
it (400 for body text, 700 for headings) and cut down to Latin, punctuation and the symbol
blocks; a star, a hollow star, a tick and a cross are drawn in, as the family has none. The
line height is set to the tallest and deepest glyph kept, so accented capitals are not cut.
The output is the same bytes on every run with the same fontTools.
"""

from __future__ import annotations

import argparse
import importlib.util
import math
import sys
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SOURCE_PACKAGE = "fontpkg_eb_garamond"
SOURCE_FILE = "EBGaramond[wght].ttf"
WEIGHTS = {"Regular": 400, "Bold": 700}

# Latin with its marks, punctuation, currency, letterlike, number forms, arrows, maths,
# shapes and dingbats, the f-ligatures.
UNICODE_RANGES = (
    (0x0020, 0x007E),
    (0x00A0, 0x024F),
    (0x02B0, 0x036F),
    (0x2000, 0x206F),
    (0x20A0, 0x20CF),
    (0x2100, 0x21FF),
    (0x2200, 0x22FF),
    (0x2500, 0x27BF),
    (0xFB00, 0xFB06),
)
LAYOUT_FEATURES = (
    "ccmp", "locl", "mark", "mkmk", "kern", "liga", "clig", "calt", "rlig", "rvrn",
    "lnum", "onum", "pnum", "tnum", "case", "frac", "numr", "dnom", "sups", "subs", "ordn",
    "smcp", "c2sc",
)  # fmt: skip

Point = tuple[float, float]


class FontError(Exception):
    """The source font is missing or is not the one expected."""


def find_source() -> Path:
    spec = importlib.util.find_spec(SOURCE_PACKAGE)
    if spec is None or not spec.submodule_search_locations:
        raise FontError(
            f"no --source given and {SOURCE_PACKAGE} is not installed: "
            "pip install fontpkg-eb-garamond==1.3"
        )
    path = Path(next(iter(spec.submodule_search_locations))) / "files" / SOURCE_FILE
    if not path.is_file():
        raise FontError(f"{path} is missing from {SOURCE_PACKAGE}")
    return path


# --- drawn symbols -----------------------------------------------------------------------------


def _star(cx: float, cy: float, outer: float, inner: float) -> list[Point]:
    """A five-pointed star, point up, clockwise (TrueType's outer direction, y up)."""
    points = []
    for i in range(10):
        radius = outer if i % 2 == 0 else inner
        angle = math.radians(90 - 36 * i)
        points.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    return points


def _offset_polygon(points: Sequence[Point], distance: float) -> list[Point]:
    """Move every edge of a clockwise polygon ``distance`` inwards (mitred corners)."""
    n = len(points)
    lines = []
    for i in range(n):
        (x0, y0), (x1, y1) = points[i], points[(i + 1) % n]
        length = math.hypot(x1 - x0, y1 - y0)
        nx, ny = (y1 - y0) / length, (x0 - x1) / length  # right of the edge: inside
        lines.append(((x0 + nx * distance, y0 + ny * distance), (x1 - x0, y1 - y0)))
    return [_intersect(lines[i - 1], lines[i]) for i in range(n)]


def _intersect(a: tuple[Point, Point], b: tuple[Point, Point]) -> Point:
    (px, py), (dx, dy) = a
    (qx, qy), (ex, ey) = b
    det = dx * ey - dy * ex
    t = ((qx - px) * ey - (qy - py) * ex) / det
    return (px + t * dx, py + t * dy)


def _stroke(points: Sequence[Point], width: float) -> list[Point]:
    """Outline of an open polyline drawn ``width`` wide, with mitred joins and flat ends."""
    half = width / 2
    left: list[tuple[Point, Point]] = []
    right: list[tuple[Point, Point]] = []
    for (x0, y0), (x1, y1) in zip(points, points[1:]):
        length = math.hypot(x1 - x0, y1 - y0)
        nx, ny = -(y1 - y0) / length * half, (x1 - x0) / length * half
        left.append(((x0 + nx, y0 + ny), (x1 - x0, y1 - y0)))
        right.append(((x0 - nx, y0 - ny), (x1 - x0, y1 - y0)))

    def side(lines: list[tuple[Point, Point]]) -> list[Point]:
        first = lines[0][0]
        last_start, (lx, ly) = lines[-1]
        joints = [_intersect(lines[i], lines[i + 1]) for i in range(len(lines) - 1)]
        return [first, *joints, (last_start[0] + lx, last_start[1] + ly)]

    outline = side(right) + list(reversed(side(left)))
    return outline if _area(outline) < 0 else list(reversed(outline))


def _area(points: Sequence[Point]) -> float:
    """Twice the signed area: negative for a clockwise polygon (y up)."""
    return sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(points, [*points[1:], points[0]]))


def symbol_contours(weight: int, cap_height: float) -> dict[str, tuple[int, list[list[Point]]]]:
    """Glyph name -> (advance width, clockwise/anticlockwise contours) for the drawn symbols."""
    stroke = 62 + (weight - 400) * 0.16  # close to the weight's stems
    radius = cap_height / 2 + 10
    margin = 55
    star_width = round(2 * radius * math.cos(math.radians(18)) + 2 * margin)
    cx, cy = star_width / 2, cap_height - radius + 10
    ratio = 0.40 + (weight - 400) * 0.0002
    solid = _star(cx, cy, radius, radius * ratio)
    hollow = list(reversed(_offset_polygon(solid, stroke * 0.7)))
    tick_width = round(cap_height * 1.02 + 2 * margin)
    tick = _stroke(
        [(margin + 10, cap_height * 0.48), (margin + cap_height * 0.32, stroke * 0.7),
         (tick_width - margin, cap_height)],
        stroke * 1.15,
    )  # fmt: skip
    cross_width = round(cap_height * 0.86 + 2 * margin)
    low, high = margin + stroke / 2, cross_width - margin - stroke / 2
    cross_a = _stroke([(low, stroke / 2), (high, cap_height - stroke / 2)], stroke * 1.1)
    cross_b = _stroke([(low, cap_height - stroke / 2), (high, stroke / 2)], stroke * 1.1)
    return {
        "uni2605": (star_width, [solid]),
        "uni2606": (star_width, [solid, hollow]),
        "uni2713": (tick_width, [tick]),
        "uni2717": (cross_width, [cross_a, cross_b]),
    }


# --- building ----------------------------------------------------------------------------------


def build(source: Path, style: str, out: Path) -> Path:
    """Write ``EBGaramond-<style>.ttf`` into ``out``; returns its path."""
    from fontTools.pens.ttGlyphPen import TTGlyphPen
    from fontTools.subset import Options, Subsetter
    from fontTools.ttLib import TTFont
    from fontTools.varLib import instancer

    variable = TTFont(str(source))
    if "fvar" not in variable or [a.axisTag for a in variable["fvar"].axes] != ["wght"]:
        raise FontError(f"{source} is not the EB Garamond variable font (one wght axis)")
    weight = WEIGHTS[style]
    font = instancer.instantiateVariableFont(variable, {"wght": weight}, updateFontNames=True)

    options = Options()
    options.layout_features = list(LAYOUT_FEATURES)
    options.name_IDs = ["*"]
    options.name_languages = ["*"]
    options.notdef_outline = True
    options.glyph_names = True
    options.drop_tables += ["STAT"]
    subsetter = Subsetter(options)
    subsetter.populate(unicodes=[cp for low, high in UNICODE_RANGES for cp in range(low, high + 1)])
    subsetter.subset(font)

    cap_height = font["OS/2"].sCapHeight
    glyf, hmtx = font["glyf"], font["hmtx"]
    symbols = symbol_contours(weight, cap_height)
    order = [*font.getGlyphOrder(), *symbols]
    font.setGlyphOrder(order)
    glyf.glyphOrder = order
    for name, (advance, contours) in symbols.items():
        pen = TTGlyphPen(None)
        for contour in contours:
            pen.moveTo(_round(contour[0]))
            for point in contour[1:]:
                pen.lineTo(_round(point))
            pen.closePath()
        glyph = pen.glyph()
        glyph.recalcBounds(glyf)
        glyf[name] = glyph
        hmtx[name] = (advance, glyph.xMin)
        for table in font["cmap"].tables:
            if table.isUnicode():
                table.cmap[int(name[3:], 16)] = name

    top, bottom = 0, 0
    for name in font.getGlyphOrder():
        glyph = glyf[name]
        if glyph.numberOfContours:
            glyph.recalcBounds(glyf)
            top, bottom = max(top, glyph.yMax), min(bottom, glyph.yMin)
    hhea, os2 = font["hhea"], font["OS/2"]
    hhea.ascent, hhea.descent, hhea.lineGap = top, bottom, 0
    os2.sTypoAscender, os2.sTypoDescender, os2.sTypoLineGap = top, bottom, 0
    os2.usWinAscent, os2.usWinDescent = top, -bottom

    names = font["name"]
    version = names.getDebugName(5) or "Version 1.003"
    names.setName(f"{version}; Latin subset with drawn star and tick", 5, 3, 1, 0x409)
    font["head"].modified = font["head"].created
    font.recalcTimestamp = False
    out.mkdir(parents=True, exist_ok=True)
    path = out / f"EBGaramond-{style}.ttf"
    font.save(str(path))
    return path


def _round(point: Point) -> tuple[int, int]:
    return (round(point[0]), round(point[1]))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--source", type=Path, help=f"the variable {SOURCE_FILE}")
    parser.add_argument("--out", type=Path, default=ROOT / "assets" / "fonts")
    args = parser.parse_args(argv)
    if importlib.util.find_spec("fontTools") is None:
        print("gen_fonts: fontTools is missing: pip install fonttools", file=sys.stderr)
        return 1
    try:
        source = args.source or find_source()
        if not source.is_file():
            raise FontError(f"no font at {source}")
        for style in WEIGHTS:
            path = build(source, style, args.out)
            print(f"wrote {path} ({path.stat().st_size // 1024} KiB)")
    except FontError as error:
        print(f"gen_fonts: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
