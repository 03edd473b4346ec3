"""Every text of both languages, drawn in its real place at the smallest window (960x540),
fits the box it was given, at a readable size, with a glyph for every character.

The tour (``text_tour``) drives every screen through the real scenes; the style's one text
primitive tells what it drew (``style.watch_text``): the words, the font, the box it was
given and the block it filled. A text wider or taller than its box, cut short with an
ellipsis, set below the readable minimum or holding a character its font draws as a box
fails the test, and so does a string of the tables that no screen ever showed.
"""

from __future__ import annotations

import os
import re
from functools import cache
from pathlib import Path
from unittest import mock

import pygame
import pytest

from scopa import i18n
from scopa.app import style
from scopa.app.app import App
from scopa.app.registry import default_scenes
from scopa.settings import Settings
from scopa.storage import Store

from .text_tour import Tour

SIZE = (960, 540)
ABSENT = "\U0010fffd"
"""A code point no font draws: what a missing glyph looks like in each font."""
NOT_ON_SCREEN = {
    "table.stock_1": "deals leave the stock in whole hands (30, 24, ... or 27, 18, ...): "
    "never a single card",
    "table.taken_1": "a capture takes the card played and at least one more: a side never "
    "holds a single card",
    "past.months": "the twelve months' short names, of which a past match's date shows one "
    "(test_scenes_past checks each)",
}
"""Keys of the string tables that no screen shows in a normal game, and why."""


def walk(language: str, root: Path) -> list[tuple[str, style.Drawn]]:
    """Every text the tour drew in ``language``, with the place it was drawn at."""
    app = App(Store(root), size=SIZE, settings=Settings(language=language), scenes=default_scenes())
    app.matches.grades_kept = False  # (the kept matches' grading would run beside the tour)
    pending: list[style.Drawn] = []
    drawn: list[tuple[str, style.Drawn]] = []

    def look(place: str) -> None:
        drawn.extend((place, text) for text in pending)
        pending.clear()

    try:  # (the files' writes are not flushed to the disk: the tour reads what they say)
        with style.watch_text(pending.append), mock.patch.object(os, "fsync", lambda _: None):
            Tour(app, look).run()
    finally:
        app.close()
    look("(after the last stop)")
    return drawn


def _inside(used: pygame.Rect, box: tuple[float, float, float, float]) -> bool:
    left, top, width, height = box
    return (
        used.left >= left - 0.5
        and used.top >= top - 0.5
        and used.right <= left + width + 0.5
        and used.bottom <= top + height + 0.5
    )


@cache
def _picture(role: str, char: str) -> bytes:
    font = _font(role)
    image = font.render(char, True, (255, 255, 255), (0, 0, 0))
    return bytes(str(image.get_size()), "ascii") + pygame.image.tobytes(image, "RGB")


@cache
def _font(role: str) -> pygame.font.Font:
    from scopa.resources import font_path

    path = font_path(role)
    assert path is not None, f"the font file for {role!r} is missing"
    return pygame.font.Font(str(path), 24)


def _missing(role: str, words: str) -> list[str]:
    absent = _picture(role, ABSENT)
    return sorted({c for c in words if not c.isspace() and _picture(role, c) == absent})


def misfits(drawn_texts: list[tuple[str, style.Drawn]]) -> set[str]:
    """The texts drawn outside their box, cut short, or below the readable size."""
    problems: set[str] = set()
    for place, drawn in drawn_texts:
        what = f"{place}: {drawn.words!r} ({drawn.role} {drawn.asked}px)"
        if not _inside(drawn.used, drawn.box):
            problems.add(f"{what} drawn at {tuple(drawn.used)} outside its box {drawn.box}")
        if drawn.elided:
            problems.add(f"{what} cut short to {drawn.lines!r} in a box of {drawn.box}")
        if drawn.px < style.smallest_px(drawn.asked):
            problems.add(f"{what} set at {drawn.px}px, below the readable minimum")
    return problems


def fresh_fonts() -> None:
    """The fonts opened anew: those kept from a test before are gone with the font module,
    when a test between quit it ("Invalid font")."""
    pygame.font.init()
    _font.cache_clear()
    _picture.cache_clear()


def glyphless(drawn_texts: list[tuple[str, style.Drawn]]) -> set[str]:
    """The texts holding a character their font draws as a box."""
    fresh_fonts()
    problems = set()
    for place, drawn in drawn_texts:
        missing = _missing(drawn.role, drawn.words)
        if missing:
            names = ", ".join(f"{c} U+{ord(c):04X}" for c in missing)
            problems.add(f"{place}: {drawn.words!r} in {drawn.role} has no glyph for {names}")
    return problems


def shapes(text: str) -> list[tuple[re.Pattern[str], str]]:
    """The shape of each paragraph of a string of the tables, its placeholders standing for
    any words (paragraphs are drawn one by one; a sentence may begin with a capital), with
    its longest piece of fixed words, lowered (where to look for it)."""
    out = []
    for paragraph in text.split("\n"):
        pieces = re.split(r"\{[^{}]*\}", paragraph)
        body = ".+?".join(re.escape(piece) for piece in pieces)
        if body:
            pattern = re.compile(rf"(?<!\w){body}(?!\w)", re.IGNORECASE)
            out.append((pattern, max(pieces, key=len).lower()))
    return out


def never_drawn(drawn_texts: list[tuple[str, style.Drawn]], language: str) -> list[str]:
    """The keys of the string tables whose words no screen of the tour drew."""
    texts = {drawn.words.replace("\n", " ") for _, drawn in drawn_texts}
    whole = "\n".join(sorted(texts))
    lowered = whole.lower()
    if len(lowered) != len(whole):  # (a letter lowered to two: the places would not agree)
        lowered = ""

    def found(pattern: re.Pattern[str], piece: str) -> bool:
        """A text drawn has the shape: read only the texts holding its longest piece (the
        whole of them, searched for every string, took a sixth of the tour's time)."""
        if not lowered or not piece:
            return pattern.search(whole) is not None
        at = lowered.find(piece)
        while at >= 0:
            start = whole.rfind("\n", 0, at) + 1
            end = whole.find("\n", at)
            end = len(whole) if end < 0 else end
            if pattern.search(whole, start, end):
                return True
            at = lowered.find(piece, end)
        return False

    return sorted(
        key
        for key, text in i18n.tables()[language].items()
        if key not in NOT_ON_SCREEN and not all(found(*shape) for shape in shapes(text))
    )


@pytest.mark.slow
@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_every_text_of_every_screen_fits_has_its_glyphs_and_is_drawn(
    tmp_path: Path, language: str
) -> None:
    """The tour walked once a language (a minute and a half): each language's test on a
    worker of its own, the three checks of what it drew in one test (split in three, a
    language's tour was walked again by each worker its tests went to)."""
    drawn_texts = walk(language, tmp_path)
    problems = sorted(misfits(drawn_texts)) + sorted(glyphless(drawn_texts))
    never = never_drawn(drawn_texts, language)
    if never:
        problems.append(f"never drawn in {language}: {', '.join(never)}")
    assert not problems, "\n".join(problems)


def test_the_keys_left_out_are_in_the_tables() -> None:
    assert set(NOT_ON_SCREEN) <= set(i18n.tables()["en"])


def test_the_check_sees_a_missing_glyph() -> None:
    fresh_fonts()
    assert _missing("ui", "A\U000f0000") == ["\U000f0000"]
