"""The value printed in a card's corners keeps clear of the frame, in every deck style.

The generator draws a corner without the slow art (paper, frame, the French court panel,
the index) so the index can be measured against the lines around it; the committed faces
of the widest value, 10, are checked too, with and without the index.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import sys
from pathlib import Path

import pytest

np = pytest.importorskip("numpy")
import pygame  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))

from cardart.face import CORNER_BOX, STYLES, draw_corners  # noqa: E402
from cardart.layout import H, W  # noqa: E402

MARGIN = 3  # clear paper, in card pixels, between the index and any line
SUITS = "DCSB"
# Every value in one suit, and the widest value in every suit (the symbol differs by suit).
CASES = [(rank, "S") for rank in range(1, 11)] + [(10, suit) for suit in "DCB"]


@pytest.fixture(scope="module", autouse=True)
def _pygame():
    pygame.init()
    yield
    pygame.quit()


def lines(rgba: np.ndarray, paper: tuple[int, int, int]) -> np.ndarray:
    """Where anything but bare paper is: the frame, the card's edge, the court panel."""
    ink = np.abs(rgba[:, :, :3].astype(np.int16) - np.array(paper)).max(axis=2) > 0
    return ink | (rgba[:, :, 3] < 255)


def grow(mask: np.ndarray, by: int) -> np.ndarray:
    """``mask`` widened by ``by`` pixels in every direction."""
    h, w = mask.shape
    padded = np.pad(mask, by)
    out = np.zeros_like(mask)
    for dy in range(2 * by + 1):
        for dx in range(2 * by + 1):
            out |= padded[dy : dy + h, dx : dx + w]
    return out


def index_clearance(style: str, suit: str, rank: int) -> list[str]:
    """What the index of one card touches, corner by corner (empty when all is clear)."""
    paper = STYLES[style].paper
    bare = draw_corners(style, suit, rank, corner_index=False)
    marked = draw_corners(style, suit, rank, corner_index=True)
    problems = []
    for corner, before, after in zip(("top-left", "bottom-right"), bare, marked, strict=True):
        index = np.abs(after.astype(np.int16) - before).max(axis=2) > 0
        assert index.any(), f"{style} {rank}{suit}: no index drawn in the {corner} corner"
        ys, xs = np.nonzero(index)
        top, bottom = ys.min() - MARGIN, ys.max() + MARGIN + 1
        left, right = xs.min() - MARGIN, xs.max() + MARGIN + 1
        if top < 0 or left < 0 or bottom > before.shape[0] or right > before.shape[1]:
            problems.append(f"{corner} index leaves the corner box")
            continue
        touched = lines(before, paper)[top:bottom, left:right]
        if touched.any():
            problems.append(f"{corner} index comes within {MARGIN} px of a line")
    return problems


@pytest.mark.parametrize("style", sorted(STYLES))
def test_every_corner_index_stays_inside_the_frame_with_a_margin(style: str) -> None:
    problems = [
        f"{rank}{suit}: {problem}"
        for rank, suit in CASES
        for problem in index_clearance(style, suit, rank)
    ]
    assert not problems, f"{style}: " + "; ".join(problems)


def test_the_check_sees_an_index_on_the_frame(monkeypatch: pytest.MonkeyPatch) -> None:
    from cardart import face

    monkeypatch.setitem(face.FRAME_LINES, "french", ((22.0, 6.0, 1.6),))
    assert index_clearance("french", "D", 4)


def _pixels(path: Path) -> np.ndarray:
    image = pygame.image.load(str(path))
    rgba = np.frombuffer(pygame.image.tobytes(image, "RGBA"), np.uint8)
    return rgba.reshape(H, W, 4).astype(np.int16)


@pytest.mark.parametrize("style", sorted(STYLES))
@pytest.mark.parametrize("folder", ["", "plain"])
def test_committed_tens_leave_the_frame_untouched(style: str, folder: str) -> None:
    """Near the frame, the committed 10s are exactly paper and frame, with or without index."""
    box_w, box_h = CORNER_BOX
    corners = ((slice(0, box_h), slice(0, box_w)), (slice(H - box_h, H), slice(W - box_w, W)))
    bare = draw_corners(style, "D", 1, corner_index=False)
    for suit in SUITS:
        face = _pixels(ROOT / "assets" / "cards" / style / folder / f"10{suit}.png")
        for (rows, cols), reference in zip(corners, bare, strict=True):
            near = grow(lines(reference, STYLES[style].paper), MARGIN)
            diff = np.abs(face[rows, cols] - reference).max(axis=2)
            assert (diff[near] <= 24).all(), f"{style}/{folder or 'index'} 10{suit}: frame covered"
