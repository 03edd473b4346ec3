"""Every character the game writes is a real glyph in every font, and numbers read as numbers.

pygame's ``Font.metrics()`` reports a glyph even for a character the font lacks (it measures
the font's .notdef box), so a character counts as present only when it renders differently
from a code point no font has.
"""

from __future__ import annotations

import os
from types import ModuleType

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from scopa import i18n
from scopa.ai import reasons
from scopa.resources import FONT_FILES, font_path
from tests.tool_modules import load_tool

ABSENT = "\U0010fffd"  # the last private-use code point: no font draws it
# Characters a text may reach for beyond today's tables: figures, typographic quotes and
# dashes, the minus and times signs, the middle dot, the ellipsis; every font that writes
# sentences also has a star and a tick.
EXTRA = "0123456789%+-=/()[]:;!?'\"’‘“”«»–—−×·…"
SYMBOLS = "★✓"
SERIF_ROLES = ("title", "text")
CARD_VALUE_ROLES = ("index",)  # draws only the numbers in the corners of the cards


def game_texts() -> list[str]:
    """Every text the game can show: the string tables, hint reasons and level names."""
    texts = [text for table in i18n.tables().values() for text in table.values()]
    texts += [text for table in reasons.TEXTS.values() for text in table.values()]
    texts += [name for table in reasons.LEVEL_NAMES.values() for name in table.values()]
    texts += [name for names in reasons.RANK_NAMES.values() for name in names]
    return texts


def characters(role: str) -> list[str]:
    used = {char for text in game_texts() for char in text if char.isprintable()}
    symbols = set() if role in CARD_VALUE_ROLES else set(SYMBOLS)
    return sorted(used | set(EXTRA) | symbols)


@pytest.fixture(scope="module", autouse=True)
def _pygame():
    pygame.font.init()
    yield
    pygame.font.quit()


def _font(role: str, px: int) -> pygame.font.Font:
    path = font_path(role)
    assert path is not None, f"the font file for {role!r} is missing"
    return pygame.font.Font(str(path), px)


def _picture(font: pygame.font.Font, char: str) -> tuple[tuple[int, int], bytes]:
    image = font.render(char, True, (255, 255, 255), (0, 0, 0))
    return image.get_size(), pygame.image.tobytes(image, "RGB")


def missing_glyphs(font: pygame.font.Font, chars: list[str]) -> list[str]:
    absent = _picture(font, ABSENT)
    assert any(absent[1]), "the font's missing-glyph box is blank: this check cannot see it"
    return [char for char in chars if _picture(font, char) == absent]


def test_the_game_uses_accented_letters_and_typographic_marks() -> None:
    used = set(characters("text"))
    assert set("àèéìòù—…★") <= used


@pytest.mark.parametrize("role", sorted(FONT_FILES))
def test_every_character_of_every_text_has_a_glyph(role: str) -> None:
    missing = missing_glyphs(_font(role, 28), characters(role))
    names = [f"{char} U+{ord(char):04X}" for char in missing]
    assert not missing, f"{FONT_FILES[role]} ({role}) draws a box for {', '.join(names)}"


def test_the_sans_serif_font_draws_chinese_and_japanese_names() -> None:
    """Names in Chinese or Japanese were dropped as letters no font of the game's drew."""
    names = "李雷王芳张伟山田太郎さくらカタカナ、「」"
    assert missing_glyphs(_font("ui", 28), list(names)) == []


def test_the_check_sees_a_missing_glyph() -> None:
    assert missing_glyphs(_font("title", 28), ["A", "\ue000", "\U000f0000"]) == [
        "\ue000",
        "\U000f0000",
    ]


def _ink(font: pygame.font.Font, char: str) -> tuple[pygame.Surface, pygame.Rect]:
    image = font.render(char, True, (255, 255, 255))
    return image, image.get_bounding_rect(min_alpha=128)


@pytest.mark.parametrize("role", SERIF_ROLES)
def test_figures_are_lining_they_stand_on_the_baseline_as_tall_as_capitals(role: str) -> None:
    font = _font(role, 96)
    _, capital = _ink(font, "H")
    tolerance = 0.1 * capital.h
    for digit in "0123456789":
        _, ink = _ink(font, digit)
        assert abs(ink.top - capital.top) <= tolerance, f"{role}: {digit} is not cap-high"
        assert abs(ink.bottom - capital.bottom) <= tolerance, f"{role}: {digit} leaves the line"


@pytest.mark.parametrize("role", SERIF_ROLES)
def test_one_does_not_look_like_capital_i(role: str) -> None:
    """Scaled to the same box, the two shapes still differ (old-style 1 is a small I)."""
    font = _font(role, 96)

    def shape(char: str) -> pygame.mask.Mask:
        image, ink = _ink(font, char)
        return pygame.mask.from_surface(pygame.transform.scale(image.subsurface(ink), (48, 64)))

    one, capital_i = shape("1"), shape("I")
    shared = one.overlap_area(capital_i, (0, 0))
    either = one.count() + capital_i.count() - shared
    assert 1 - shared / either > 0.18, f"{role}: its 1 reads as I"


def _gen_fonts() -> ModuleType:
    return load_tool("gen_fonts")


@pytest.mark.parametrize("weight", [400, 700])
def test_drawn_symbols_are_filled_outlines_with_holes_where_hollow(weight: int) -> None:
    """TrueType fills clockwise outlines and cuts anticlockwise ones (y up)."""
    gen_fonts = _gen_fonts()
    symbols = gen_fonts.symbol_contours(weight, 650)
    assert set(symbols) == {"uni2605", "uni2606", "uni2713", "uni2717"}
    for name, (advance, contours) in symbols.items():
        outer, *holes = contours
        assert gen_fonts._area(outer) < 0, f"{name} is not clockwise"
        for contour in contours:
            xs, ys = [x for x, _ in contour], [y for _, y in contour]
            assert min(xs) >= 0 and max(xs) <= advance, name
            assert min(ys) > -100 and max(ys) < 720, name
        if name == "uni2606":
            assert len(holes) == 1 and gen_fonts._area(holes[0]) > 0
            assert abs(gen_fonts._area(holes[0])) < abs(gen_fonts._area(outer))
