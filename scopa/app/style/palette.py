"""The colours of the game and its scale of lengths, each named once.

Two looks share them: the menus' cream paper in a walnut frame on green felt, and the
table's dark translucent panels written in cream and gold over the cloth. Lengths are
fractions of a reference height (see ``Scale``): a screen reads the same from 960x540 to 4K.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

Color = tuple[int, int, int]

# --- the felt and the wood ------------------------------------------------------------------
FELT = (24, 82, 54)
FELT_DEEP = (10, 40, 27)
VEIL = (8, 14, 10)
"""What dims a screen under a dialog."""


@dataclass(frozen=True)
class Cloth:
    """The colours of one cloth the table may be laid with (``Settings.felt``)."""

    woven: Color
    """The ground its picture is woven in (the nap and the mottling vary around it)."""
    flat: Color
    """The cloth as one colour: the little tables in the menus, and the table where its
    picture is missing."""
    deep: Color
    """Its darkest: a screen fades in from it."""
    veil: Color
    """The near black of the veil hiding the table while the screen changes hands."""
    hover: Color
    """The light glow round a card of the hand under the pointer: a pale tint of the cloth
    (the green's pale green read olive on the red)."""


CLOTHS: dict[str, Cloth] = {
    "green": Cloth((30, 104, 62), FELT, FELT_DEEP, (8, 20, 12), (200, 230, 170)),
    "blue": Cloth((30, 70, 122), (24, 56, 100), (9, 24, 46), (6, 12, 24), (190, 214, 240)),
    "red": Cloth((92, 20, 32), (74, 16, 26), (34, 7, 12), (22, 6, 8), (244, 210, 196)),
    "slate": Cloth((60, 68, 74), (48, 54, 60), (20, 23, 27), (12, 14, 16), (214, 222, 228)),
}
"""The cloths by name (``scopa.settings.FELTS``), the green baize first: the picture on
disk is woven in it, the others are woven again from its light."""


def cloth(felt: str) -> Cloth:
    """The colours of the cloth named ``felt`` (the green baize for a name not known)."""
    return CLOTHS.get(felt, CLOTHS["green"])


WOOD = (104, 64, 36)
WOOD_DARK = (58, 34, 19)
WOOD_LIGHT = (150, 100, 60)
WOOD_HOT = (176, 122, 74)
WOOD_DEAD = (126, 108, 92)
WOOD_DEAD_DARK = (96, 82, 70)
WOOD_DEAD_EDGE = (120, 104, 88)

# --- paper and ink (the menus) --------------------------------------------------------------
PAPER = (246, 239, 222)
PAPER_SHADE = (232, 221, 196)
PAPER_LINE = (214, 198, 166)
PAPER_BRIGHT = (255, 252, 243)
"""Cards of paper on the paper: tiles and charts."""
FIELD = (255, 253, 246)
INK = (48, 36, 26)
INK_SOFT = (92, 76, 58)
"""Explanations and notes: 7 to 1 against the paper, read by weak eyes in small type too."""
INK_DISABLED = (117, 106, 89)
"""Greyed words: fainter and greyer than the live ones, yet 4.5 to 1 against the paper, as
small type asks (a weak-eyed player read a greyed setting's name, at 3 to 1, not at all)."""

# --- gold, cream and lacquer ------------------------------------------------------------------
GOLD = (214, 178, 92)
GOLD_DEEP = (168, 128, 52)
CREAM = (252, 246, 230)
DISABLED_TEXT = (190, 172, 150)
LACQUER = (150, 34, 38)
LACQUER_DARK = (96, 18, 22)
LACQUER_HOT = (186, 48, 50)
GREEN = (44, 120, 74)
"""A switch turned on, points won, matches won."""
SHADOW = (0, 0, 0)
LETTER_SHADOW = (20, 12, 6)
SIDE_COLORS: tuple[Color, ...] = (
    (170, 40, 44),
    (38, 92, 150),
    (196, 140, 30),
    (70, 130, 70),
    (116, 62, 140),
    (36, 128, 128),
)
"""One colour per side (six players on their own are six sides): score tables, charts, the
bands on the table's name plates."""


def side_colour(side: int) -> Color:
    """The colour that marks a side: its plates, its score line and, with partners, its pile."""
    return SIDE_COLORS[side % len(SIDE_COLORS)]


MARK_CONTRAST = 3.5
"""The least contrast of a side's mark with the dark panel it is drawn on."""


def side_mark(side: int) -> Color:
    """``side_colour`` as a thin line or a small mark on a dark panel (the plates' bands, the
    score lines' diamonds, a pile's count): brightened, hue kept, until it stands out from
    the panel by ``MARK_CONTRAST``, as the deep red and blue alone do not."""
    return mark_on_dark(side_colour(side))


def mark_on_dark(colour: Color, least: float = MARK_CONTRAST) -> Color:
    """``colour`` as a small mark on a dark panel (a side's, a suit's in the tracker):
    brightened, hue kept, until it stands out from the panel by ``least`` (as far as its
    hue goes)."""
    return _brightened(colour, NIGHT, least)


TEXT_CONTRAST = 4.5
"""The least contrast of words written in a colour of their own (a side's name, a line's
last value) with the paper under them, as the accessibility guidelines ask of small type."""


def ink_of(colour: Color, ground: Color = PAPER_SHADE) -> Color:
    """``colour`` as words on ``ground`` (a side's name on the sheet, a chart's values; by
    default the darkest of the papers they are written on): darkened, hue kept, until they
    stand out by ``TEXT_CONTRAST``, as the ochre and the teal of the sides alone do not."""
    return _stood_out(colour, ground, TEXT_CONTRAST, -0.02)


def _brightened(colour: Color, ground: Color, least: float) -> Color:
    return _stood_out(colour, ground, least, +0.02)


@lru_cache(maxsize=64)
def _stood_out(colour: Color, ground: Color, least: float, step: float) -> Color:
    """``colour`` scaled by ``step`` at a time (up: brightened, down: darkened), hue kept,
    until it stands out from ``ground`` by ``least``, or can go no further."""
    red, green, blue = colour[:3]
    scale = 1.0
    while True:
        scaled = tuple(min(255, round(value * scale)) for value in (red, green, blue))
        if contrast(scaled, ground) >= least or scale <= 0 or step > 0 and max(scaled) == 255:
            return scaled  # type: ignore[return-value]
        scale += step


def contrast(first: Color, second: Color) -> float:
    """The contrast ratio of two colours (1 to 21), as the accessibility guidelines reckon
    it from their relative luminance."""
    light, dark = sorted((_luminance(first), _luminance(second)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def _luminance(colour: Color) -> float:
    def channel(value: int) -> float:
        share = value / 255
        return share / 12.92 if share <= 0.03928 else ((share + 0.055) / 1.055) ** 2.4

    red, green, blue = colour[:3]
    return 0.2126 * channel(red) + 0.7152 * channel(green) + 0.0722 * channel(blue)


# --- the table's panels: dark, written in light colours -------------------------------------
NIGHT = (16, 28, 20)
"""The dark panels over the cloth (scores, names, messages, the coach, the toasts)."""
MIST = (196, 214, 196)
"""Quiet writing on a dark panel."""
BRIGHT_GOLD = (232, 196, 108)
"""Gold on a dark panel: the seat whose turn it is, headings, what matters."""
SHINE = (255, 222, 120)
"""The big golden lettering over the table (Scopa!, the cover)."""
DIM_EDGE = (110, 130, 110)
"""The edge of a quiet panel."""
CLOTH_LINE = (236, 214, 150)
"""The faint lines marking the playing area on the cloth."""

# --- lengths, as fractions of the reference height --------------------------------------------
SPACE_XS = 0.006
SPACE_S = 0.012
SPACE_M = 0.02
SPACE_L = 0.03
SPACE_XL = 0.05
"""The spacing scale: gaps between things, paddings inside panels."""

TITLE = 0.16
HEADING = 0.058
SUBHEADING = 0.04
TEXT = 0.03
SMALL = 0.024
BUTTON_TEXT = 0.033
ROW_TITLE = 0.029
ROW_NOTE = 0.022
"""Text sizes."""
