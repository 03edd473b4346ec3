"""The felt tile is read from disk once, however many backgrounds are laid with it (menus at
every window size, the table, every cloth), and every one of them really shows it."""

from __future__ import annotations

import pygame
import pytest

from scopa.app import style
from scopa.app.style import surfaces
from scopa.app.table.hud import background
from scopa.app.table.layout import TableLayout
from scopa.engine import Rules
from scopa.resources import felt_path
from scopa.settings import FELTS


@pytest.fixture
def felt_reads(app, monkeypatch):  # noqa: ANN001
    """Counts the felt file's reads from here on (caches emptied first)."""
    surfaces._felt_tile.cache_clear()
    surfaces._woven.cache_clear()
    surfaces._background.cache_clear()
    reads: list[str] = []
    load = pygame.image.load

    def counting_load(path, *args):  # noqa: ANN001, ANN202
        if str(path) == str(felt_path()):
            reads.append(str(path))
        return load(path, *args)

    monkeypatch.setattr(pygame.image, "load", counting_load)
    yield reads
    surfaces._felt_tile.cache_clear()
    surfaces._woven.cache_clear()
    surfaces._background.cache_clear()


def shows_felt(surface: pygame.Surface, tile: pygame.Surface) -> bool:
    """The middle of a background (where the vignette is clear) is the tile's pixel."""
    x, y = surface.get_width() // 2, surface.get_height() // 2
    here = surface.get_at((x, y))
    expected = tile.get_at((x % tile.get_width(), y % tile.get_height()))
    return all(abs(a - b) <= 2 for a, b in zip(here[:3], expected[:3]))


def test_two_menu_backgrounds_read_the_felt_once(felt_reads) -> None:
    first, second = pygame.Surface((960, 540)), pygame.Surface((1280, 720))
    style.draw_background(first, "green")
    style.draw_background(second, "green")
    assert len(felt_reads) == 1
    tile = pygame.image.load(str(felt_path()))
    assert shows_felt(first, tile) and shows_felt(second, tile)


def test_the_table_lays_the_same_tile_without_reading_it_again(felt_reads) -> None:
    style.draw_background(pygame.Surface((1280, 720)), "green")
    table = background((1600, 900), TableLayout((1600, 900), Rules()), "green")
    again = background((1600, 900), TableLayout((1600, 900), Rules()), "green")
    assert len(felt_reads) == 1
    assert pygame.image.tobytes(table, "RGB") == pygame.image.tobytes(again, "RGB")


def mean_colour(surface: pygame.Surface) -> tuple[float, ...]:
    pixels = pygame.image.tobytes(surface, "RGB")
    count = len(pixels) // 3
    return tuple(sum(pixels[channel::3]) / count for channel in range(3))


@pytest.mark.parametrize("felt", FELTS)
def test_each_cloth_is_woven_in_its_own_ground_from_the_one_tile(felt_reads, felt) -> None:
    """Every cloth is the green tile's light woven again in its ground: its colour on
    average, its mottling and nap kept (the green is the tile itself)."""
    tile = pygame.image.load(str(felt_path()))
    felt_reads.clear()
    woven = surfaces._woven(felt)
    assert woven is not None and woven.get_size() == tile.get_size()
    assert all(abs(a - b) <= 2.5 for a, b in zip(mean_colour(woven), style.cloth(felt).woven))
    spread = {woven.get_at((x, y))[:3] for x in range(0, 512, 16) for y in range(0, 512, 16)}
    assert len(spread) > 8  # not a flat colour
    if felt == "green":
        assert pygame.image.tobytes(woven, "RGBA") == pygame.image.tobytes(tile, "RGBA")
    surface = pygame.Surface((960, 540))
    style.draw_background(surface, felt)
    assert shows_felt(surface, woven)
    assert len(felt_reads) == 1


def test_a_cloth_not_known_lays_the_green_baize() -> None:
    """A name the palette does not know (a newer version's cloth) lays the game's own."""
    assert style.cloth("tartan") == style.cloth("green") == style.CLOTHS["green"]
