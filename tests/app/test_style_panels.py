"""The menus' paper panel is built once per size as one picture. At 1920x1080 that picture
is as big as the window, so it is built without copies as big as itself: the score sheet
that first showed it raised the game's peak memory by three window-sized layers."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap

import pygame
import pytest

from scopa.app.style import surfaces
from scopa.app.style.palette import GOLD_DEEP, PAPER, PAPER_SHADE, WOOD_DARK, WOOD_LIGHT


def panel_from_pieces(
    size: tuple[int, int], radius: int, frame: int, depth: int, inset: int, line: int
) -> pygame.Surface:
    """The panel as the menus' pieces paint it one over another: its shadow, the walnut
    frame, the paper, the gold line."""
    grow = max(1, depth * 3 // 4)
    w, h = size
    image = pygame.Surface((w + 2 * grow, h + grow + depth), pygame.SRCALPHA)
    rect = pygame.Rect(grow, 0, w, h)
    surfaces.drop_shadow(image, rect, radius, depth)
    image.blit(surfaces.gradient(size, WOOD_LIGHT, WOOD_DARK, radius), rect)
    inner = rect.inflate(-2 * frame, -2 * frame)
    image.blit(surfaces.gradient(inner.size, PAPER, PAPER_SHADE, max(1, radius - frame)), inner)
    pygame.draw.rect(
        image, GOLD_DEEP, inner.inflate(-inset, -inset), line, border_radius=radius // 2
    )
    return image


@pytest.mark.parametrize(
    "shape",
    [
        ((400, 300), 12, 6, 4, 6, 1),
        ((120, 90), 30, 4, 2, 3, 1),  # corners rounder than the frame is thick
        ((60, 40), 2, 1, 1, 1, 1),
    ],
)
def test_the_panel_is_the_picture_its_pieces_paint(app, shape) -> None:  # noqa: ANN001
    built, _ = surfaces._paper.__wrapped__(*shape)
    expected = panel_from_pieces(*shape)
    assert built.get_size() == expected.get_size()
    worst = 0
    for y in range(expected.get_height()):
        for x in range(expected.get_width()):
            a, b = built.get_at((x, y)), expected.get_at((x, y))
            worst = max(worst, *(abs(a[i] - b[i]) for i in range(4)))
    assert worst <= 1  # a shade of rounding in the shadow's darkness at most


PEAK = textwrap.dedent(
    """
    import os, pygame
    pygame.display.init()
    pygame.display.set_mode((1920, 1080))
    from scopa.app.style import surfaces
    from scopa.app.style.scale import Scale

    def peak_kb():
        for line in open("/proc/self/status"):
            if line.startswith("VmHWM"):
                return int(line.split()[1])

    scale = Scale((1920, 1080))
    target = pygame.Surface((1920, 1080))
    surfaces.paper_panel(target, pygame.Rect(0, 0, 100, 100), scale)  # warm up
    before = peak_kb()
    surfaces.paper_panel(target, pygame.Rect(40, 30, 1840, 1020), scale)
    print(peak_kb() - before)
    """
)


@pytest.mark.skipif(not os.path.exists("/proc/self/status"), reason="reads Linux's /proc")
def test_a_window_sized_panel_costs_about_its_own_size_at_the_peak() -> None:
    env = dict(
        os.environ,
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
        # Memory freed goes back to the system at once, so the peak is what was held.
        MALLOC_MMAP_THRESHOLD_="131072",
    )
    done = subprocess.run(
        [sys.executable, "-c", PEAK], env=env, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    grown_mb = int(done.stdout.split()[-1]) / 1024
    panel_mb = 1900 * 1060 * 4 / 2**20  # the picture kept, about the window's size
    assert grown_mb < panel_mb * 1.4, f"{grown_mb:.1f} MB for a {panel_mb:.1f} MB panel"


def test_the_panels_kept_stay_within_a_few_windows_of_memory() -> None:
    """The gradients of panels were kept 256 at a time whatever their size: a long evening
    of games and window sizes kept filling them (hundreds of megabytes at 1920x1080). They
    are kept up to a few windows' worth of pixels, the one used last always at hand."""
    from scopa.app.style.kept import FLOOR_BYTES, window_bytes

    surfaces.gradient.cache_clear()
    for shade in range(40):  # forty window-sized panels, each of its own colour
        top = (shade, 90, 60)
        surfaces.gradient((1920, 1080), top, WOOD_DARK, 12)
    info = surfaces.gradient.cache_info()
    assert info.bytes <= max(FLOOR_BYTES, 6 * window_bytes()) + 1920 * 1080 * 4
    assert info.currsize < 40
    misses = info.misses
    surfaces.gradient((1920, 1080), (39, 90, 60), WOOD_DARK, 12)  # the last one: kept
    assert surfaces.gradient.cache_info().misses == misses
    surfaces.gradient.cache_clear()
