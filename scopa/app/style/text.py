"""Text that fits its box: the one way the game writes.

Every text on screen is drawn by ``text`` (or rendered by ``picture``, for lettering that
grows and fades) inside a box it must not leave. A text too wide for one line is wrapped
onto more lines where the box has room for them; otherwise it is set smaller, but never
below ``MIN_PX`` nor below ``SMALLEST_SHARE`` of the size asked for, since smaller text
cannot be read; only then is it cut, with an ellipsis. A picture of text is never squeezed.

Whoever wants to know what was written (a test of every screen) passes a callback to
``watch_text``: it hears of every text drawn, with the box it was given and the one it used.
"""

from __future__ import annotations

import math
import re
import unicodedata
import weakref
from collections import OrderedDict
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace
from functools import lru_cache

import pygame

from .palette import Color

FontSource = Callable[[str, int], pygame.font.Font]
"""A font for a role ('ui', 'ui_bold', 'title', 'text', 'index') at a size in pixels:
``App.font``, the one font loader."""

MIN_PX = 11
SMALLEST_SHARE = 0.75
FALLBACK: dict[str, tuple[str, ...]] = {"title": ("index", "ui_bold"), "text": ("ui",)}
"""The fonts that write a text its role's font cannot (a name in another alphabet), in
turn: the serif headings' letters fall back on DejaVu's serif, then its bold sans (Chinese,
Japanese), the serif body's on DejaVu's sans, which draw far more alphabets (with letters of
Droid Sans Fallback added: ``tools/gen_cjk_fonts.py``). The other roles are DejaVu's."""
NAME_ROLES = ("ui", "ui_bold", "title", "text")
"""The fonts that write the names players give themselves."""
ABSENT = "\U0010fffd"
"""A code point no font draws: a letter a font lacks is drawn as this one is, its box."""
GLYPH_PX = 24
"""The size letters are looked for in a font at (a font has a letter at every size or none)."""
ELLIPSIS = "\u2026"
ALIGNS = ("left", "center", "right")
VALIGNS = ("top", "middle", "bottom")


@dataclass(frozen=True)
class Pen:
    """How a text is written: its font (role and size in pixels) and colour, and the colour
    of a drop shadow under it, if any."""

    fonts: FontSource
    role: str
    px: int
    colour: Color
    shadow: Color | None = None

    def tinted(self, colour: Color) -> Pen:
        """The same pen in another colour."""
        return replace(self, colour=colour)


@dataclass(frozen=True)
class Fit:
    """A text laid out for a box: its lines, the size they are set at, and the block they
    fill (``step`` pixels a line)."""

    lines: tuple[str, ...]
    px: int
    width: int
    height: int
    step: int
    cut: bool = False
    """A word wider than the box had to be cut where the line ends."""
    elided: bool = False
    """The text did not fit even so: its end was left out, an ellipsis in its place."""


@dataclass(frozen=True)
class Drawn:
    """One text as it was drawn, for whoever watches (see ``watch_text``)."""

    words: str
    role: str
    asked: int
    px: int
    box: tuple[float, float, float, float]
    used: pygame.Rect
    cut: bool
    elided: bool
    lines: tuple[str, ...]


_watchers: list[Callable[[Drawn], None]] = []


@contextmanager
def watch_text(callback: Callable[[Drawn], None]) -> Iterator[None]:
    """Tell ``callback`` about every text drawn while the block runs."""
    _watchers.append(callback)
    try:
        yield
    finally:
        _watchers.remove(callback)


def smallest_px(px: int) -> int:
    """The smallest size a text asked at ``px`` may be set at: still readable."""
    return max(MIN_PX, math.ceil(max(px, MIN_PX) * SMALLEST_SHARE))


def line_step(font: pygame.font.Font) -> int:
    """The height of one line: room for accents above and descenders below."""
    return max(font.get_linesize(), font.get_height(), font.size("\u00c1g|")[1])


# --- letters ---------------------------------------------------------------------------------
# pygame cannot say whether a font has a letter (``Font.metrics`` measures the box drawn for
# one it lacks), so a letter counts as drawn when its picture differs from ``ABSENT``'s.


def lacks(font: pygame.font.Font, words: str) -> str:
    """The letters of ``words`` that ``font`` would draw as a box, each once, in order."""
    if words.isascii():  # every font of the game has these
        return ""
    return "".join(dict.fromkeys(char for char in words if not _has(font, char)))


LETTERS_KEPT = 512
"""Letters whose drawing is remembered per font, before that font's are forgotten."""
Picture = tuple[tuple[int, int], bytes]
_drawn: weakref.WeakKeyDictionary[pygame.font.Font, tuple[Picture, dict[str, bool]]] = (
    weakref.WeakKeyDictionary()
)
"""Per font, the picture of a letter it lacks and whether it draws each letter asked about:
forgotten with the font (a cache keyed by the fonts themselves held on to those the app had
let go, their files open)."""


def _has(font: pygame.font.Font, char: str) -> bool:
    if char.isascii():
        return True
    entry = _drawn.get(font)
    if entry is None:
        entry = _drawn[font] = (_picture(font, ABSENT), {})
    lacking, known = entry
    found = known.get(char)
    if found is None:
        if len(known) >= LETTERS_KEPT:
            known.clear()
        try:
            found = _picture(font, char) != lacking
        except pygame.error:  # a mark that draws nothing (U+FE0F after a phone's emoji):
            found = False  # pygame makes no picture of it, and a name must not hold it
        known[char] = found
    return found


def _picture(font: pygame.font.Font, char: str) -> Picture:
    image = font.render(char, True, (255, 255, 255), (0, 0, 0))
    return image.get_size(), pygame.image.tobytes(image, "RGB")


def able(words: str, pen: Pen) -> Pen:
    """The pen that writes ``words``: ``pen``, or the same in its role's ``FALLBACK`` font
    when that draws letters of them that the role's own font lacks."""
    if words.isascii():
        return pen
    role = _able_role(words, pen.fonts, pen.role)
    return pen if role == pen.role else replace(pen, role=role)


@lru_cache(maxsize=4096)
def _able_role(words: str, fonts: FontSource, role: str) -> str:
    """Of the role and its ``FALLBACK`` fonts, the first that leaves the fewest letters of
    ``words`` undrawn, and none that the role's own font draws (a heading's ★, say, drawn
    into the serif font alone, is never given up for another letter)."""
    missing = set(lacks(fonts(role, GLYPH_PX), words))
    best, fewest = role, len(missing)
    for fallback in FALLBACK.get(role, ()):
        if not fewest:
            break
        left = set(lacks(fonts(fallback, GLYPH_PX), words))
        if left <= missing and len(left) < fewest:
            best, fewest = fallback, len(left)
    return best


def unwritable(words: str, fonts: FontSource) -> str:
    """The letters of ``words`` that some font writing names (``NAME_ROLES``) would draw as
    a box even in its fallback, and those of the scripts written right to left (pygame
    writes every text left to right, each letter apart: Arabic read backwards, unjoined):
    what a name must not hold."""
    if words.isascii():
        return ""
    missing: dict[str, None] = dict.fromkeys(
        char for char in words if unicodedata.bidirectional(char) in ("R", "AL")
    )
    for role in NAME_ROLES:
        lacking = lacks(fonts(_able_role(words, fonts, role), GLYPH_PX), words)
        missing.update(dict.fromkeys(lacking))
    return "".join(char for char in words if char in missing)


# --- laying out -------------------------------------------------------------------------------


def fit(
    words: str, pen: Pen, width: float, height: float, *, lines: int = 1, least: int = 0
) -> Fit:
    """``words`` laid out in a ``width`` x ``height`` box, on at most ``lines`` lines (0: as
    many as the height holds), by the pen that can write them (``able``); set no smaller
    than ``least`` pixels when it is given (a size already made smaller to fit elsewhere),
    else than ``smallest_px`` of the pen's."""
    pen = able(words, pen)
    return _fit(words, pen.fonts, pen.role, pen.px, int(width), int(height), lines, least)


@lru_cache(maxsize=4096)
def _fit(
    words: str,
    fonts: FontSource,
    role: str,
    px: int,
    width: int,
    height: int,
    lines: int,
    least: int = 0,
) -> Fit:
    asked = max(px, MIN_PX)
    low = min(asked, max(least, MIN_PX)) if least else smallest_px(asked)
    if lines == 1:
        words = " ".join(words.split("\n"))
    # Whole words first, from the size asked down; then, when a word is wider than the box
    # at every size (a folder's path), cut where lines end, at the largest size that fits.
    for cut in (False, True):
        for size in range(asked, low - 1, -1):
            laid = _try(words, fonts(role, size), size, width, height, lines, cut)
            if laid is not None:
                return laid
    font = fonts(role, low)
    step = line_step(font)
    room = max(1, _room(step, height, lines))
    laid = wrap(words, font, max(1, width), cut=True)
    elided = len(laid) > room or step > height
    if len(laid) > room:
        rest = _after(words, laid, room - 1)
        laid = (*laid[: room - 1], _shorten(rest, font, width))
    elif font.size(laid[-1])[0] > width:
        laid, elided = (*laid[:-1], _shorten(laid[-1], font, width)), True
    widest = max(font.size(line)[0] for line in laid)
    return Fit(laid, low, widest, step * len(laid), step, cut=True, elided=elided)


@lru_cache(maxsize=1024)
def _balanced(words: str, fonts: FontSource, role: str, laid: Fit) -> Fit:
    """``laid`` (centred) with its lines as even as the same number of lines allows: the
    narrowest width that still wraps ``words`` onto as many lines, so that a paragraph
    does not end in a few words under a full line ("the captures, the scopa and" over
    "the score."). A text with lines of its own, cut or cut short stays as it was."""
    count = len(laid.lines)
    if count < 2 or laid.cut or laid.elided or "\n" in words:
        return laid
    font = fonts(role, laid.px)
    low, high = laid.width // count, laid.width
    best = laid.lines
    while low < high:
        middle = (low + high) // 2
        tried = wrap(words, font, middle)
        if len(tried) == count and max(font.size(line)[0] for line in tried) <= middle:
            best, high = tried, middle
        else:
            low = middle + 1
    widest = max(font.size(line)[0] for line in best)
    return replace(laid, lines=best, width=widest)


def _after(words: str, laid: Sequence[str], kept: int) -> str:
    """What of ``words`` comes after the first ``kept`` of the lines they were wrapped
    into, as written: the lines joined again with spaces put a blank after a hyphen, or in
    a word cut in two."""
    at = 0
    for line in laid[:kept]:
        found = words.find(line.strip(), at)
        if found < 0:  # not laid out of these words as written: joined as the lines read
            return " ".join(line.strip() for line in laid[kept:])
        at = found + len(line.strip())
    return words[at:].strip()


def _try(
    words: str,
    font: pygame.font.Font,
    size: int,
    width: int,
    height: int,
    lines: int,
    cut: bool,
) -> Fit | None:
    """``words`` laid out at ``size``, or None when they do not fit the box."""
    step = line_step(font)
    room = _room(step, height, lines)
    if room == 0:
        return None
    laid = wrap(words, font, max(1, width), cut=cut) if room > 1 or cut else (words,)
    widest = max(font.size(line)[0] for line in laid)
    if len(laid) > room or widest > width:
        return None
    return Fit(laid, size, widest, step * len(laid), step, cut=cut)


def _room(step: int, height: int, lines: int) -> int:
    room = max(0, height // step)
    return min(room, lines) if lines > 0 else room


def _shorten(line: str, font: pygame.font.Font, width: int) -> str:
    """The longest start of ``line`` that, with an ellipsis, fits ``width``."""
    if font.size(line)[0] <= width:
        return line
    low, high = 0, len(line)
    while low < high:
        middle = (low + high + 1) // 2
        if font.size(line[:middle].rstrip() + ELLIPSIS)[0] <= width:
            low = middle
        else:
            high = middle - 1
    shortened = line[:low].rstrip() + ELLIPSIS
    return shortened if font.size(shortened)[0] <= width else ""


def cut_middle(words: str, pen: Pen, width: float) -> str:
    """``words`` with as little of their middle left out (an ellipsis in its place) as
    lets them fit ``width`` at the pen's size: the start and the end both show, which
    tells apart two long names that begin alike."""
    pen = able(words, pen)
    font = pen.fonts(pen.role, max(pen.px, MIN_PX))
    if font.size(words)[0] <= width:
        return words
    for keep in range(len(words) - 1, 1, -1):
        head = (keep + 1) // 2
        tail = keep - head
        candidate = words[:head].rstrip() + ELLIPSIS + words[len(words) - tail :].lstrip()
        if font.size(candidate)[0] <= width:
            return candidate
    return words[:1] + ELLIPSIS


_SPACES = re.compile(r"( +)")
_BREAKS = re.compile(r"( +|(?<=[^\W\d_]-)(?=[^\W\d_]))")
"""Where a line may break: at spaces, and after a hyphen between letters
("Bartholomew-" over "Alexandrina"), which stays with the part before it."""


def wrap(words: str, font: pygame.font.Font, width: float, *, cut: bool = False) -> tuple[str, ...]:
    """``words`` broken into lines no wider than ``width`` between words (newlines are
    kept). A short word stays with the word after it where they fit a line together ("fino
    a 7", not "fino a" over "7"), and the last line is not one word alone where the line
    before can give it one. A word wider than a line is cut where the line ends only with
    ``cut``; else it stands alone on a line too wide. A line that lists parts
    (``PART_BREAK``) breaks between them, where each part fits a line."""
    out: list[str] = []
    for paragraph in words.split("\n"):
        parted = _by_parts(paragraph, font, width)
        if parted is not None:
            out.extend(parted)
            continue
        lines: list[str] = []
        line = ""
        for space, token in _units(paragraph, font, width):
            candidate = f"{line}{space}{token}" if line else token
            if font.size(candidate)[0] <= width or not line and not cut:
                line = candidate
                continue
            if line:
                lines.append(line)
            while cut and len(token) > 1 and font.size(token)[0] > width:
                keep = _longest_start(token, font, width)
                lines.append(token[:keep])
                token = token[keep:]
            line = token
        lines.append(line)
        out.extend(_settle(lines, font, width))
    return tuple(out)


PART_BREAK = "\u00a0\u00b7 "
"""Between the parts of a line that lists them ("2 players · My rules · 21 points"): a
wrapped line breaks there rather than inside a part."""


def _by_parts(paragraph: str, font: pygame.font.Font, width: float) -> list[str] | None:
    """``paragraph``, a list of parts (``PART_BREAK``), broken into lines between its parts
    only ("Le mie regole" is not split); None when it lists none, or a part alone is wider
    than a line."""
    if PART_BREAK not in paragraph:
        return None
    parts = paragraph.split(PART_BREAK)
    atoms = [f"{part}{PART_BREAK.rstrip()}" for part in parts[:-1]] + [parts[-1]]
    if any(font.size(atom)[0] > width for atom in atoms):
        return None
    lines: list[str] = []
    line = ""
    for atom in atoms:
        candidate = f"{line} {atom}" if line else atom
        if line and font.size(candidate)[0] > width:
            lines.append(line)
            line = atom
        else:
            line = candidate
    lines.append(line)
    return lines


def _units(paragraph: str, font: pygame.font.Font, width: float) -> list[tuple[str, str]]:
    """The words of ``paragraph``, each with the spaces before it, short words joined to
    the word after them and a sign of a sum to the words on both sides where they fit a
    line."""
    units: list[tuple[str, str]] = []
    space = ""
    for token in _BREAKS.split(paragraph):
        if not token:
            continue
        if token.startswith(" "):
            space = token
            continue
        if units and (_clings(units[-1][1].rpartition(" ")[2]) or token in OPERATORS):
            before, last = units[-1]
            joined = f"{last}{space}{token}"
            if font.size(joined)[0] <= width:
                units[-1] = (before, joined)
                space = ""
                continue
        units.append((space, token))
        space = ""
    return units


OPERATORS = frozenset("+=−×")
"""Signs of a sum, which neither end nor begin a line: "6 + 1 = 7" reads as one word."""


def _clings(word: str) -> bool:
    """Whether ``word`` must not end a line: a short word ("a", "i", "di", "of") or number
    reads with the word after it ("il 2 di denari", "fino a 7"), and so does a sign of a sum
    (``OPERATORS``)."""
    return len(word) <= 2 and (word.isalpha() or word.isdigit()) or word in OPERATORS


_HYPHEN_END = re.compile(r"[^\W\d_]-$")
"""A line that ends where ``_BREAKS`` broke a word after its hyphen."""


def _settle(lines: list[str], font: pygame.font.Font, width: float) -> list[str]:
    """``lines`` with the last not one word alone, where carrying words down from the line
    before still fits the width and leaves that line more than one word."""
    last = len(lines) - 1
    while last > 0 and _alone(lines[last]):
        words = lines[last - 1].split(" ")
        at = len(words) - 1
        while at > 0 and (_clings(words[at - 1]) or words[at] in OPERATORS):
            at -= 1  # the short words before the word carried go with it, a sum whole
        carried = " ".join(words[at:])
        joint = "" if _HYPHEN_END.search(carried) else " "  # a word broken at its hyphen
        head, moved = " ".join(words[:at]), f"{carried}{joint}{lines[last]}"
        if not head.strip() or _alone(head) or font.size(moved)[0] > width:
            break  # nothing to give, or it would leave a word alone there instead
        lines[last - 1], lines[last] = head.rstrip(), moved
    return lines


def _alone(line: str) -> bool:
    """Whether ``line`` holds one word, short ones that cling to it aside ("a 7")."""
    return sum(not _clings(word) for word in line.split()) <= 1


def _longest_start(word: str, font: pygame.font.Font, width: float) -> int:
    """The length of the longest start of ``word`` that fits ``width`` (at least 1)."""
    low, high = 1, len(word)
    while low < high:
        middle = (low + high + 1) // 2
        if font.size(word[:middle])[0] <= width:
            low = middle
        else:
            high = middle - 1
    return low


# --- drawing ----------------------------------------------------------------------------------


def text(
    surface: pygame.Surface,
    words: str,
    pen: Pen,
    box: pygame.Rect | pygame.FRect,
    *,
    align: str = "left",
    valign: str = "middle",
    lines: int = 1,
    least: int = 0,
) -> pygame.Rect:
    """Write ``words`` inside ``box`` (see the module's docstring; ``least`` as ``fit``
    has it); returns the block used."""
    pen = able(words, pen)
    inner = whole(box)
    laid = fit(words, pen, inner.w, inner.h, lines=lines, least=least)
    if align == "center":
        laid = _balanced(words, pen.fonts, pen.role, laid)
    block = _place(laid, inner, align, valign)
    _write(surface, laid, pen, block, align)
    _tell(words, pen, laid, box, block)
    return block


def picture(
    words: str, pen: Pen, size: tuple[float, float], *, align: str = "center", lines: int = 1
) -> pygame.Surface:
    """``words`` fitted to a box of ``size``, as a picture of its own (lettering that is
    scaled or faded as it is shown)."""
    pen = able(words, pen)
    box = pygame.Rect(0, 0, int(size[0]), int(size[1]))
    laid = fit(words, pen, box.w, box.h, lines=lines)
    if align == "center":
        laid = _balanced(words, pen.fonts, pen.role, laid)
    image = pygame.Surface((max(1, laid.width), max(1, laid.height)), pygame.SRCALPHA)
    block = image.get_rect()
    _write(image, laid, pen, block, align)
    _tell(words, pen, laid, box, block)
    return image


def font_of(words: str, pen: Pen, px: int) -> pygame.font.Font:
    """The font ``text`` writes ``words`` in with ``pen`` once fitted at ``px`` pixels (a
    ``Fit``'s size): to measure a part of them as drawn."""
    pen = able(words, pen)
    return pen.fonts(pen.role, px)


def whole(box: pygame.Rect | pygame.FRect) -> pygame.Rect:
    """``box`` in whole pixels, each edge at the nearest one: a box as tall as a line stays
    as tall wherever it lies (no edge moves by more than half a pixel)."""
    left, top = math.floor(box.left + 0.5), math.floor(box.top + 0.5)
    right, bottom = math.floor(box.right + 0.5), math.floor(box.bottom + 0.5)
    return pygame.Rect(left, top, max(0, right - left), max(0, bottom - top))


def _place(laid: Fit, inner: pygame.Rect, align: str, valign: str) -> pygame.Rect:
    block = pygame.Rect(0, 0, laid.width, laid.height)
    if align not in ALIGNS or valign not in VALIGNS:
        raise ValueError(f"unknown alignment {align!r}, {valign!r}")
    block.left = {
        "left": inner.left,
        "center": inner.left + (inner.w - laid.width) // 2,
        "right": inner.right - laid.width,
    }[align]
    block.top = {
        "top": inner.top,
        "middle": inner.top + (inner.h - laid.height) // 2,
        "bottom": inner.bottom - laid.height,
    }[valign]
    return block


def _write(surface: pygame.Surface, laid: Fit, pen: Pen, block: pygame.Rect, align: str) -> None:
    font = pen.fonts(pen.role, laid.px)
    offset = max(1, laid.px // 18)
    y = block.top
    for line in laid.lines:
        if line:
            image = _render(font, line, pen.colour)
            x = {
                "left": block.left,
                "center": block.centerx - image.get_width() // 2,
                "right": block.right - image.get_width(),
            }[align]
            top = y + (laid.step - image.get_height()) // 2
            if pen.shadow is not None:
                surface.blit(_render(font, line, pen.shadow), (x + offset, top + offset))
            surface.blit(image, (x, top))
        y += laid.step


def _tell(
    words: str, pen: Pen, laid: Fit, box: pygame.Rect | pygame.FRect, block: pygame.Rect
) -> None:
    if not _watchers or not words:
        return
    drawn = Drawn(
        words,
        pen.role,
        pen.px,
        laid.px,
        (box.left, box.top, box.width, box.height),
        pygame.Rect(block),
        laid.cut,
        laid.elided,
        laid.lines,
    )
    for watcher in list(_watchers):
        watcher(drawn)


RENDER_BUDGET = 1_500_000
"""Pixels of rendered lines kept (about 6 MB, more than a screenful of text): the lines of
the screens just seen stay, those of pages long closed give way."""

_rendered: OrderedDict[tuple[pygame.font.Font, str, Color], pygame.Surface] = OrderedDict()
_rendered_pixels = 0


def _render(font: pygame.font.Font, line: str, colour: Color) -> pygame.Surface:
    """One line in one colour, kept while it is drawn often (menus redraw every frame)."""
    global _rendered_pixels
    key = (font, line, colour)
    image = _rendered.get(key)
    if image is not None:
        _rendered.move_to_end(key)
        return image
    image = font.render(line, True, colour)
    _rendered[key] = image
    _rendered_pixels += image.get_width() * image.get_height()
    while _rendered_pixels > RENDER_BUDGET and len(_rendered) > 1:
        _, dropped = _rendered.popitem(last=False)
        _rendered_pixels -= dropped.get_width() * dropped.get_height()
    return image


def natural_width(words: str, pen: Pen) -> int:
    """How wide ``words`` is on one line at the pen's size."""
    pen = able(words, pen)
    return pen.fonts(pen.role, max(pen.px, MIN_PX)).size(words)[0]


def line_height(pen: Pen) -> int:
    """The height of one line written with ``pen`` at its full size."""
    return line_step(pen.fonts(pen.role, max(pen.px, MIN_PX)))


def box_at(pen: Pen, centre: tuple[float, float], width: float, *, lines: int = 1) -> pygame.Rect:
    """A box ``width`` wide holding ``lines`` lines of the pen's text, centred at ``centre``."""
    height = line_height(pen) * lines
    box = pygame.Rect(0, 0, round(width), height)
    box.center = (round(centre[0]), round(centre[1]))
    return box
