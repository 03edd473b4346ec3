"""Generate the window/desktop icon (PNG at several sizes plus a Windows .ico).

    python tools/gen_icons.py [--out DIR]

The icon is the settebello fanned over a card back on the green cloth; the smallest sizes
drop the back card so the coin stays a clear shape at 16 pixels.
"""

from __future__ import annotations

import argparse
import os
import struct
import sys
from collections.abc import Sequence
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parent))

import numpy as np  # noqa: E402
from cardart.canvas import Canvas, rounded_rect  # noqa: E402
from cardart.png import encode_png, write_png  # noqa: E402
from cardart.suits import GOLD, INK, RED, draw_symbol  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
SIZES = (16, 32, 48, 64, 128, 256)
FELT = (24, 104, 62)
PAPER = (250, 245, 232)


def _card(c: Canvas, x: float, y: float, angle: float, back: bool) -> None:
    c.push(x, y, 1.0, angle)
    c.polygon(rounded_rect(-52, -84, 104, 168, 12, 6), PAPER, INK, 3.0)
    if back:
        c.polygon(rounded_rect(-42, -74, 84, 148, 7, 6), (156, 28, 36))
        for gy in range(-3, 4):
            for gx in range(-2, 3):
                c.polygon(
                    [
                        (gx * 16, gy * 20 - 7),
                        (gx * 16 + 5, gy * 20),
                        (gx * 16, gy * 20 + 7),
                        (gx * 16 - 5, gy * 20),
                    ],
                    GOLD,
                )
    else:
        c.polygon(rounded_rect(-44, -76, 88, 152, 7, 6), None, RED, 2.0)
        draw_symbol(c, "napoletane", "D", 0, 0, 84)
    c.pop()


def draw_icon(size: int) -> np.ndarray:
    """RGBA array of the icon at ``size`` pixels square."""
    ss = max(4, 1024 // size)
    c = Canvas(size, size, ss, FELT)
    c.push(0, 0, size / 256)
    small = size <= 32
    if small:
        c.polygon(rounded_rect(4, 4, 248, 248, 48, 8), FELT)
        c.push(128, 128, 1.42)
        _card(c, 0, 0, 0, back=False)
        c.pop()
    else:
        c.polygon(rounded_rect(6, 6, 244, 244, 44, 8), FELT, (14, 70, 40), 5)
        _card(c, 104, 132, -14, back=True)
        _card(c, 150, 126, 11, back=False)
    c.pop()
    outline = rounded_rect(0, 0, size, size, size * 0.17, 8)
    return c.to_array(outline)


def ico_bytes(images: dict[int, bytes]) -> bytes:
    """A Windows .ico holding PNG-compressed images (supported since Windows Vista)."""
    header = struct.pack("<HHH", 0, 1, len(images))
    entries, blobs = b"", b""
    offset = 6 + 16 * len(images)
    for size, data in sorted(images.items()):
        dim = 0 if size >= 256 else size
        entries += struct.pack("<BBBBHHII", dim, dim, 0, 0, 1, 32, len(data), offset + len(blobs))
        blobs += data
    return header + entries + blobs


def generate(out: Path, sizes: Sequence[int] = SIZES) -> list[Path]:
    """Write ``scopa-<size>.png`` for each size and ``scopa.ico``; returns the paths."""
    paths, pngs = [], {}
    for size in sizes:
        rgba = draw_icon(size)
        path = out / f"scopa-{size}.png"
        write_png(path, rgba)
        pngs[size] = encode_png(rgba)
        paths.append(path)
    ico = out / "scopa.ico"
    ico.write_bytes(ico_bytes(pngs))
    paths.append(ico)
    return paths


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--out", type=Path, default=ROOT / "assets" / "icons")
    args = parser.parse_args(argv)
    for path in generate(args.out):
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
