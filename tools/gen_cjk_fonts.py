"""Add Chinese and Japanese letters to the game's sans-serif fonts, for players' names.

    pip install fonttools==4.68.0
    apt-get install fonts-droid-fallback      # Droid Sans Fallback, Apache License 2.0
    python tools/gen_cjk_fonts.py             # rewrites assets/fonts/DejaVuSans{,-Bold}.ttf
    python tools/gen_cjk_fonts.py --droid DroidSansFallbackFull.ttf --out /tmp/fonts

DejaVu Sans draws Latin, Greek, Cyrillic and more, but no Chinese or Japanese: a friend
named 李雷 showed as "Player 4" everywhere. Droid Sans Fallback draws them, but no Latin, so
it cannot write "Pass the screen to 李雷" on its own (a text is written in one font). Its
ideographs, kana and CJK punctuation, scaled to DejaVu's units, are copied into each DejaVu
Sans file as glyphs of its own (without their hinting: DejaVu's programs are not Droid's),
every letter DejaVu draws left as it is, and DejaVu's line metrics kept, so every text of
the game is laid out as before. The bold face gets the same regular-weight letters (Droid
has no bold), rather than falling back on the regular face, which would write the whole
bold text in it.

The sources are the DejaVu files without these letters (the Debian package
fonts-dejavu-core 2.37) and Droid Sans Fallback 6.0.1r16 (fonts-droid-fallback); a file
that already holds them is refused. The output is the same bytes on every run with the
same fontTools.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DROID = Path("/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf")
DEJAVU = Path("/usr/share/fonts/truetype/dejavu")
FACES = ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf")
CJK_RANGES = (
    (0x3000, 0x303F),  # CJK symbols and punctuation
    (0x3040, 0x309F),  # hiragana
    (0x30A0, 0x30FF),  # katakana
    (0x31F0, 0x31FF),  # katakana phonetic extensions
    (0x3400, 0x4DBF),  # CJK unified ideographs extension A
    (0x4E00, 0x9FFF),  # CJK unified ideographs
    (0xF900, 0xFAFF),  # CJK compatibility ideographs
    (0xFF00, 0xFFEF),  # halfwidth and fullwidth forms
)
PREFIX = "cjk."
"""Glyph names taken from Droid are given this prefix: none of DejaVu's starts with it."""


class FontError(Exception):
    """A source font is missing, or is not the one expected."""


def wanted(cmap: dict[int, str], taken: dict[int, str]) -> dict[int, str]:
    """The code points of ``CJK_RANGES`` that Droid (``cmap``) draws and DejaVu (``taken``)
    does not, with Droid's glyph for each."""
    return {
        cp: cmap[cp]
        for low, high in CJK_RANGES
        for cp in range(low, high + 1)
        if cp in cmap and cp not in taken
    }


def add_cjk(dejavu: Path, droid: Path, out: Path) -> Path:
    """Write ``dejavu`` with Droid's CJK letters into ``out``; returns the file's path."""
    from fontTools.subset import Options, Subsetter
    from fontTools.ttLib import TTFont
    from fontTools.ttLib.scaleUpem import scale_upem

    font = TTFont(str(dejavu), recalcTimestamp=False)
    taken = font.getBestCmap()
    if any(low <= cp <= high for cp in taken for low, high in CJK_RANGES[3:7]):
        raise FontError(f"{dejavu} already draws Chinese: give the plain DejaVu file")
    source = TTFont(str(droid))
    letters = wanted(source.getBestCmap(), taken)
    if len(letters) < 20_000:
        raise FontError(f"{droid} draws {len(letters)} of the letters: not Droid Sans Fallback")

    options = Options()
    options.layout_features = []
    options.hinting = False
    options.notdef_outline = False
    options.glyph_names = True
    options.name_IDs = []
    subsetter = Subsetter(options)
    subsetter.populate(unicodes=sorted(letters))
    subsetter.subset(source)
    scale_upem(source, font["head"].unitsPerEm)

    glyf, hmtx, order = font["glyf"], font["hmtx"], font.getGlyphOrder()
    their_glyf, their_hmtx = source["glyf"], source["hmtx"]
    renamed = {name: PREFIX + name for name in source.getGlyphOrder() if name != ".notdef"}
    order = [*order, *renamed.values()]
    font.setGlyphOrder(order)
    glyf.glyphOrder = order
    for name, new in renamed.items():
        glyph = their_glyf[name]
        if glyph.isComposite():
            for component in glyph.components:
                component.glyphName = renamed[component.glyphName]
        glyf[new] = glyph
        hmtx[new] = their_hmtx[name]
    cmap = source.getBestCmap()
    for table in font["cmap"].tables:
        if table.isUnicode():
            for cp in letters:
                if table.format != 4 or cp <= 0xFFFF:
                    table.cmap[cp] = renamed[cmap[cp]]
    font["post"].formatType = 3.0  # no glyph names kept: nothing reads them

    out.mkdir(parents=True, exist_ok=True)
    path = out / dejavu.name
    font.save(str(path))
    return path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--droid", type=Path, default=DROID, help="DroidSansFallbackFull.ttf")
    parser.add_argument("--dejavu", type=Path, default=DEJAVU, help="folder of DejaVu Sans")
    parser.add_argument("--out", type=Path, default=ROOT / "assets" / "fonts")
    args = parser.parse_args(argv)
    try:
        for face in FACES:
            source = args.dejavu / face
            if not source.is_file() or not args.droid.is_file():
                raise FontError(f"{source} or {args.droid} is missing")
            print(add_cjk(source, args.droid, args.out))
    except FontError as error:
        print(f"gen_cjk_fonts: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
