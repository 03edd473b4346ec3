"""Generate every card face and back into ``assets/cards`` (and the selection glow).

    python tools/gen_cards.py                    # all styles, both corner variants
    python tools/gen_cards.py --style french --card 7D --out /tmp/cards
    python tools/gen_cards.py --sheet /tmp/sheet.png   # contact sheet to look at

Everything is drawn by code, deterministically: running it twice writes the same bytes,
so the committed files only change when the drawing code does.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Iterable, Sequence
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parent))

import numpy as np  # noqa: E402
import pygame  # noqa: E402
from cardart.face import draw_back, draw_face  # noqa: E402
from cardart.png import write_png  # noqa: E402
from cardart.table import draw_felt, draw_halo  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
STYLES = ("napoletane", "piacentine", "siciliane", "trevisane", "french", "genovesi")
SUITS = "DCSB"
CARDS = tuple(f"{rank}{suit}" for rank in range(1, 11) for suit in SUITS)


def _parse(card: str) -> tuple[int, str]:
    if card not in CARDS:
        raise SystemExit(f"unknown card {card!r}; expected e.g. 7D or 10B")
    return int(card[:-1]), card[-1]


def generate(
    out: Path, styles: Iterable[str] = STYLES, cards: Iterable[str] = CARDS, backs: bool = True
) -> list[Path]:
    """Write the faces (with and without corner index) and backs; returns the paths."""
    written = []
    cards = tuple(cards)
    for style in styles:
        if style not in STYLES:
            raise SystemExit(f"unknown style {style!r}; expected one of {', '.join(STYLES)}")
        for card in cards:
            rank, suit = _parse(card)
            for corner_index, folder in ((True, out / style), (False, out / style / "plain")):
                path = folder / f"{card}.png"
                write_png(path, draw_face(style, suit, rank, corner_index))
                written.append(path)
        if backs:
            path = out / style / "back.png"
            write_png(path, draw_back(style))
            written.append(path)
    return written


def generate_table(cards_out: Path, table_out: Path) -> list[Path]:
    """Write the felt and the card shadow and highlight glow; returns the paths."""
    items = (
        (table_out / "felt.png", draw_felt()),
        (cards_out / "shadow.png", draw_halo((10, 20, 14), 9.0, 0.55)),
        (cards_out / "glow.png", draw_halo((255, 214, 90), 8.0, 0.9)),
    )
    for path, rgba in items:
        write_png(path, rgba)
    return [path for path, _ in items]


def _surface(rgba: np.ndarray) -> pygame.Surface:
    h, w = rgba.shape[:2]
    return pygame.image.frombuffer(rgba.tobytes(), (w, h), "RGBA")


def contact_sheet(path: Path, styles: Sequence[str], corner_index: bool, scale: float) -> None:
    """All faces of each style in a 10x4 grid (plus backs), at ``scale`` of full size."""
    cw, ch = round(240 * scale), round(400 * scale)
    gap = max(4, round(12 * scale))
    cols = 11
    sheet = pygame.Surface((cols * (cw + gap) + gap, len(styles) * 4 * (ch + gap) + gap))
    sheet.fill((20, 90, 50))
    for si, style in enumerate(styles):
        for ri, suit in enumerate(SUITS):
            for rank in range(1, 11):
                img = _surface(draw_face(style, suit, rank, corner_index))
                img = pygame.transform.smoothscale(img, (cw, ch))
                sheet.blit(img, (gap + (rank - 1) * (cw + gap), gap + (si * 4 + ri) * (ch + gap)))
        back = pygame.transform.smoothscale(_surface(draw_back(style)), (cw, ch))
        sheet.blit(back, (gap + 10 * (cw + gap), gap + si * 4 * (ch + gap)))
    pygame.image.save(sheet, str(path))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--out", type=Path, default=ROOT / "assets" / "cards")
    parser.add_argument("--style", action="append", choices=STYLES)
    parser.add_argument("--card", action="append")
    parser.add_argument("--sheet", type=Path, help="write a contact sheet instead of the assets")
    parser.add_argument("--scale", type=float, default=0.5)
    parser.add_argument("--plain", action="store_true", help="contact sheet without corner index")
    args = parser.parse_args(argv)
    pygame.init()
    styles = tuple(args.style or STYLES)
    if args.sheet:
        contact_sheet(args.sheet, styles, not args.plain, args.scale)
        print(f"wrote {args.sheet}")
        return 0
    written = generate(args.out, styles, tuple(args.card or CARDS))
    if not args.style and not args.card:
        written += generate_table(args.out, args.out.parent / "table")
    print(f"wrote {len(written)} images under {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
