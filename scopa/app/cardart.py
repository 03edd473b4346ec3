"""Card pictures at any size: faces, backs, shadows and glows, scaled once and cached.

The faces come from ``assets/cards/<style>/`` (240x400 px) through ``scopa.resources``.
A missing or unreadable file never stops a match: a clean fallback card with the rank and
suit is drawn instead, so the game stays playable on a damaged install.
"""

from __future__ import annotations

import math
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterable

import pygame

from scopa import resources
from scopa.engine import DECK, Card
from scopa.settings import FRENCH_SUITED_DECKS

CARD_RATIO = 400 / 240
"""Height over width of every card picture."""

SUIT_COLOURS = {
    "D": (196, 150, 32),
    "C": (186, 46, 46),
    "S": (44, 86, 160),
    "B": (70, 120, 50),
}
SUIT_NAMES = {
    "it": {"D": "denari", "C": "coppe", "S": "spade", "B": "bastoni"},
    "en": {"D": "coins", "C": "cups", "S": "swords", "B": "batons"},
}
RANK_LETTERS = {8: "F", 9: "C", 10: "R"}
LARGE_VALUE = 0.25
"""The height of a card's value drawn large (the setting for a small window), in shares of
the card's width: 15 pixels on a 59-pixel table card at 960x540, where the printed value
is 6 to 8."""
VALUE_INK = (34, 27, 24)
VALUE_RED = (206, 28, 40)
VALUE_PAPER = (252, 249, 240)
NAMED_EDGE = (196, 140, 30)
"""The edge of the matta's labels while it plays as a value named: gold, as its tag."""


ROTATED_BUDGET = 1_500_000
"""Pixels of turned faces kept (about 6 MB): cards held, tilting, lying crosswise (a face
in flight never turns: it swings round with its back showing)."""
BETWEEN_BUDGET = 1_250_000
"""Pixels of cards and shadows kept at the widths between the layout's (cards in flight)."""
BACKS_BUDGET = 1_000_000
"""Pixels of backs turned and narrowed (every deal's flights show the same few), kept apart
from the faces so that the faces of captures in flight do not push them out."""
ROTATED_CARDS = 40
BETWEEN_CARDS = 32
TILTED_CARDS = 48
BACKS_CARDS = 48
"""On a big screen the budgets grow to this many of its largest cards: the pictures of a
deal's flights (turning, between widths) then stay for the next deal, as they do at 1080p,
instead of being made again every frame."""
SOURCE_DECKS = 2
"""Decks whose full-size pictures stay loaded (about 15 MB each), shared by every
``CardArt`` that draws them: the table's and the menus' draw from one copy."""

_SOURCES: OrderedDict[tuple[str, bool], dict[str, pygame.Surface | None]] = OrderedDict()


def _deck_sources(style: str, corner_index: bool) -> dict[str, pygame.Surface | None]:
    """The loaded pictures of one deck (filled as they are first drawn), least recently
    asked-for decks let go first."""
    key = (style, corner_index)
    sources = _SOURCES.pop(key, None)
    if sources is None:
        sources = {}
    _SOURCES[key] = sources
    while len(_SOURCES) > SOURCE_DECKS:
        _SOURCES.popitem(last=False)
    return sources


def corner_reach(picture: pygame.Surface) -> tuple[float, float]:
    """How far a card picture's rounded corners reach in from its sides, as shares of its
    width and height: the first pixel wholly opaque along its top row and down its left
    column (the whole side when there is none)."""
    w, h = picture.get_size()
    across = next((x for x in range(w // 2) if picture.get_at((x, 0)).a == 255), w // 2)
    down = next((y for y in range(h // 2) if picture.get_at((0, y)).a == 255), h // 2)
    return across / w, down / h


def _opaque_inside(picture: pygame.Surface, reach: tuple[float, float]) -> None:
    """A scaled card wholly opaque again outside its rounded corners. ``smoothscale``
    shrinks an opaque picture to an alpha of 252 or 253: every card let the cards and the
    felt under it show through, faintly (the ace under the 2 of a fanned hand)."""
    w, h = picture.get_size()
    across, down = math.ceil(reach[0] * w) + 1, math.ceil(reach[1] * h) + 1
    opaque = (0, 0, 0, 255)  # the most of each channel: the colours stay, the alpha is full
    for band in (pygame.Rect(across, 0, w - 2 * across, h), pygame.Rect(0, down, w, h - 2 * down)):
        if band.w > 0 and band.h > 0:
            picture.fill(opaque, band, special_flags=pygame.BLEND_RGBA_MAX)


ITALIAN_MARKS = {"D": "disc", "C": "cup", "S": "diamond", "B": "bar"}
FRENCH_MARKS = {"D": "diamond", "C": "heart", "S": "spade", "B": "trefoil"}
"""The shape of each suit's mark (``suit_mark``), as the deck's own suits are drawn."""


def suit_mark(
    surface: pygame.Surface,
    suit: str,
    centre: tuple[float, float],
    radius: float,
    colour: tuple[int, int, int],
    ring: int = 0,
    french: bool = False,
) -> None:
    """A suit's small mark, told by its shape as well as its colour (colours alone fail
    weak or colour-blind eyes): coins a disc, cups a cup (a triangle on its point), swords
    a diamond, batons an upright bar; ``french``, a French-suited deck's: diamonds a
    diamond, hearts a heart, spades a spade on its stem, clubs a trefoil (the swords'
    diamond was read as the diamonds; hearts and spades drawn as triangles, one on its
    point and one on its base, read alike in the corner turned upside down: the stem tells
    them apart); ``ring``: only the outline, that wide."""
    x, y, r = *centre, radius
    shape = (FRENCH_MARKS if french else ITALIAN_MARKS)[suit]
    if shape in ("heart", "spade"):
        _lobed(surface, shape == "spade", centre, r, colour, ring)
        return
    if shape == "disc":
        pygame.draw.circle(surface, colour, centre, r * 1.05, ring)  # as large as the others
        return
    if shape == "trefoil":
        leaf = r * 0.56
        for dx, dy in ((0.0, -0.45), (-0.48, 0.3), (0.48, 0.3)):
            pygame.draw.circle(surface, colour, (x + dx * r, y + dy * r), leaf, ring)
        return
    if shape == "cup":
        points = [(x - r * 0.9, y - r * 0.8), (x + r * 0.9, y - r * 0.8), (x, y + r)]
    elif shape == "spade":
        points = [(x - r * 0.9, y + r * 0.8), (x + r * 0.9, y + r * 0.8), (x, y - r)]
    elif shape == "diamond":
        points = [(x, y - r * 1.1), (x + r * 0.85, y), (x, y + r * 1.1), (x - r * 0.85, y)]
    else:
        half = max(1.0, r * 0.5)
        points = [(x - half, y - r), (x + half, y - r), (x + half, y + r), (x - half, y + r)]
    pygame.draw.polygon(surface, colour, points, ring)


def _lobed(
    surface: pygame.Surface,
    spade: bool,
    centre: tuple[float, float],
    r: float,
    colour: tuple[int, int, int],
    ring: int,
) -> None:
    """A heart (two lobes over a point) or a spade (a heart upside down, on a stem), filled
    or, with ``ring``, its outline alone, that wide."""
    size = math.ceil(r * 2.4) + 2
    shape = pygame.Surface((size, size), pygame.SRCALPHA)
    c = size / 2
    if spade:  # lobes low, the point up, a stem below them
        lobes, lobe, base, tip = c + 0.2 * r, r * 0.45, c + 0.05 * r, c - r
        stem = [(c - 0.12 * r, c), (c + 0.12 * r, c),
                (c + 0.4 * r, c + r), (c - 0.4 * r, c + r)]  # fmt: skip
        pygame.draw.polygon(shape, colour, stem)
        half, apart = 0.88 * r, 0.42 * r
    else:
        lobes, lobe, base, tip = c - 0.4 * r, r * 0.5, c - 0.25 * r, c + r
        half, apart = 0.93 * r, 0.46 * r
    for dx in (-apart, apart):
        pygame.draw.circle(shape, colour, (c + dx, lobes), lobe)
    pygame.draw.polygon(shape, colour, [(c - half, base), (c + half, base), (c, tip)])
    left, top = round(centre[0] - c), round(centre[1] - c)
    if not ring:
        surface.blit(shape, (left, top))
        return
    outline = pygame.mask.from_surface(shape).outline()
    if len(outline) > 2:
        pygame.draw.lines(
            surface, colour, True, [(left + px, top + py) for px, py in outline], ring
        )


def card_height(width: float) -> int:
    return round(width * CARD_RATIO)


TILT = 16
"""Up to this many degrees from a quarter turn, a card is tilted (held, resting): drawn
smoothed in fine steps."""


def turn_step(angle: float, rough: bool = False) -> int:
    """The angle a card is drawn at, in whole degrees from 0 to 359: fine steps near a
    quarter turn, coarse ones in between, and coarse ones everywhere for a card in flight
    (``rough``)."""
    quarter = round(angle / 90) * 90
    off = angle - quarter
    if abs(off) <= TILT and not rough:
        return round(angle / 2) * 2 % 360
    if abs(off) < 5:
        return quarter % 360
    return round(angle / 10) * 10 % 360


def _turn(picture: pygame.Surface, step: int) -> pygame.Surface:
    """Quarter turns are exact; a slight tilt (2-degree steps) is smoothed; a coarse step
    (a card in flight) is turned unsmoothed: the eye cannot see it, the frame time can."""
    if step % 90 == 0 or step % 10 == 0:
        return pygame.transform.rotate(picture, step)
    return pygame.transform.rotozoom(picture, step, 1.0)


def _soft_turn(shadow: pygame.Surface, step: int, squeeze: float = 1.0) -> pygame.Surface:
    """A soft shadow narrowed by ``squeeze`` and turned by ``step`` degrees, worked on at a
    quarter of its size (half for small ones) and scaled back up: a blur has no detail to
    lose, and turning a shadow whole at 4K would cost a millisecond and more."""
    w, h = shadow.get_size()
    factor = 4 if min(w, h) >= 256 else 2 if min(w, h) >= 64 else 1
    small = pygame.transform.scale(
        shadow, (max(1, round(w * squeeze / factor)), max(1, h // factor))
    )
    turned = pygame.transform.rotate(small, step) if step else small
    return pygame.transform.scale(
        turned, (turned.get_width() * factor, turned.get_height() * factor)
    )


class SurfaceCache:
    """Surfaces kept while they fit in a pixel budget, the least recently used dropped
    first: what an animation keeps asking for stays, memory stays bounded."""

    def __init__(self, budget: int) -> None:
        self.budget = budget
        self._items: OrderedDict[Hashable, pygame.Surface] = OrderedDict()
        self._pixels = 0

    def get(self, key: Hashable) -> pygame.Surface | None:
        surface = self._items.get(key)
        if surface is not None:
            self._items.move_to_end(key)
        return surface

    def put(self, key: Hashable, surface: pygame.Surface) -> None:
        old = self._items.pop(key, None)
        if old is not None:
            self._pixels -= old.get_width() * old.get_height()
        self._items[key] = surface
        self._pixels += surface.get_width() * surface.get_height()
        while self._pixels > self.budget and len(self._items) > 1:
            _, dropped = self._items.popitem(last=False)
            self._pixels -= dropped.get_width() * dropped.get_height()

    def clear(self) -> None:
        self._items.clear()
        self._pixels = 0

    def __len__(self) -> int:
        return len(self._items)


class CardArt:
    """Scaled, cached card surfaces for one deck style. ``font`` is the app's font loader
    (``App.font``), for the values written on a fallback card; ``back`` the deck whose back
    the cards show (their own when None)."""

    def __init__(
        self,
        style: str = "napoletane",
        corner_index: bool = True,
        language: str = "en",
        *,
        font: Callable[[str, int], pygame.font.Font],
        back: str | None = None,
        large_values: bool = False,
    ) -> None:
        self.style = style
        self.large_values = large_values
        """Each face's value drawn large in two corners, on a label of its own."""
        self.back_style = back or style
        self._font = font
        self.corner_index = corner_index
        self.language = language if language in SUIT_NAMES else "en"
        self._printed = corner_index and not large_values
        """The faces are read with their printed index (not under values drawn large)."""
        self._sources = _deck_sources(style, self._printed)
        self._scaled: dict[tuple[str, int], pygame.Surface] = {}
        self._corner_reach: dict[str, tuple[float, float]] = {}
        self._effects: dict[tuple[str, int, tuple[int, ...]], pygame.Surface] = {}
        self._tilted = SurfaceCache(BETWEEN_BUDGET)
        self._between = SurfaceCache(BETWEEN_BUDGET)
        self._rotated = SurfaceCache(ROTATED_BUDGET)
        self._backs = SurfaceCache(BACKS_BUDGET)
        self._sizes: tuple[int, ...] = ()
        self.named: dict[str, int] = {}
        """The matta's value while one is named (its card's name, the value): with large
        values its labels say that value, as it plays (the printed index says the 7)."""

    def name_matta(self, card: Card, value: int | None) -> None:
        """The matta ``card`` plays as ``value`` from now on (None: as its own value)."""
        if value:
            self.named[str(card)] = value
        else:
            self.named.pop(str(card), None)

    def face_name(self, card: Card) -> str:
        """The name ``card``'s face is drawn and kept by: "7C=2" for the matta named 2
        with large values (its labels say 2), else the card's own."""
        name = str(card)
        value = self.named.get(name) if self.large_values else None
        return name if value is None else f"{name}={value}"

    def keep_sizes(self, widths: set[int] | list[int] | tuple[int, ...]) -> None:
        """The widths the layout uses: only these are cached; a card changing size in
        flight is drawn from the nearest of them, so memory stays bounded."""
        sizes = tuple(sorted({max(8, int(w)) for w in widths}))
        if sizes != self._sizes:
            self._sizes = sizes
            largest = max(sizes, default=8)
            area = largest * card_height(largest)
            self._rotated.budget = max(ROTATED_BUDGET, ROTATED_CARDS * area)
            self._between.budget = max(BETWEEN_BUDGET, BETWEEN_CARDS * area)
            self._tilted.budget = max(BETWEEN_BUDGET, TILTED_CARDS * area)
            self._backs.budget = max(BACKS_BUDGET, BACKS_CARDS * area)
            self._scaled = {k: v for k, v in self._scaled.items() if k[1] in sizes}
            self._rotated.clear()
            self._backs.clear()
            self._between.clear()
            self._tilted.clear()
            self._effects = {k: v for k, v in self._effects.items() if k[1] in sizes}

    def _nearest(self, width: int) -> int:
        if not self._sizes or width in self._sizes:
            return width
        return min(self._sizes, key=lambda size: abs(size - width))

    def drawn_width(self, width: float) -> int:
        """The width a card is drawn at: a layout width as it is, a width in between (a
        card growing or shrinking in flight) in steps of about 4 %, so that the cards of
        one flight share their scaled and turned pictures."""
        whole = max(8, round(width))
        if not self._sizes or whole in self._sizes:
            return whole
        step = max(2, round(whole / 25))
        return max(8, round(whole / step) * step)

    # --- faces and backs ---------------------------------------------------------------

    def face(self, card: Card, width: int) -> pygame.Surface:
        """The face of ``card``, ``width`` pixels wide."""
        return self._picture(self.face_name(card), width)

    def back(self, width: int) -> pygame.Surface:
        return self._picture("back", width)

    def picture(self, card: Card, width: int, face_up: bool) -> pygame.Surface:
        return self.face(card, width) if face_up else self.back(width)

    def rotated(
        self, card: Card, width: int, face_up: bool, angle: float, rough: bool = False
    ) -> pygame.Surface:
        """The card turned by ``angle`` degrees, cached.

        Quarter turns are exact. A slight tilt (a card held, the card beside a choice) is
        smoothed, in steps of 2 degrees; a card turning in flight moves too fast for the
        eye to see smoothing, so it turns in steps of 10 degrees, unsmoothed: a fraction of
        the cost at 4K, where a smoothed turn of a big card takes a millisecond.
        """
        step = turn_step(angle, rough)
        picture = self.picture(card, width, face_up)
        if step == 0:
            return picture
        key = (step, self.face_name(card) if face_up else "back", int(width), 0)  # 0: not narrowed
        cache = self._rotated if face_up else self._backs
        surface = cache.get(key)
        if surface is None:
            surface = _turn(picture, step)
            cache.put(key, surface)
        return surface

    def squeezed(
        self,
        card: Card,
        width: int,
        face_up: bool,
        angle: float,
        squeeze: float,
        rough: bool = False,
    ) -> pygame.Surface:
        """The card narrowed to ``squeeze`` of its width (turning over, about its own
        upright axis) and then turned by ``angle``, cached: narrowing first turns fewer
        pixels, and a card in flight is painted once for each piece of the window it crosses."""
        if squeeze >= 1.0:
            return self.rotated(card, width, face_up, angle, rough)
        picture = self.picture(card, width, face_up)
        narrow = max(1, round(picture.get_width() * squeeze))
        step = turn_step(angle, rough)
        key = (step, self.face_name(card) if face_up else "back", int(width), narrow)
        cache = self._rotated if face_up else self._backs
        surface = cache.get(key)
        if surface is None:
            surface = pygame.transform.scale(picture, (narrow, picture.get_height()))
            if step:
                surface = _turn(surface, step)
            cache.put(key, surface)
        return surface

    def rotated_back(self, width: int, angle: float) -> pygame.Surface:
        """The back turned by ``angle`` degrees (stacks, opponents' hands, the cover)."""
        step = turn_step(angle)
        if step == 0:
            return self.back(width)
        key = (step, "back", int(width), 0)  # as ``rotated`` keeps a whole back
        surface = self._backs.get(key)
        if surface is None:
            surface = _turn(self.back(width), step)
            self._backs.put(key, surface)
        return surface

    def _picture(self, name: str, width: int) -> pygame.Surface:
        width = max(8, int(width))
        nearest = self._nearest(width)
        if nearest != width:
            between = self._between.get((name, width))
            if between is None:
                base = self._picture(name, nearest)
                between = pygame.transform.scale(base, (width, card_height(width)))
                self._between.put((name, width), between)
            return between
        key = (name, width)
        surface = self._scaled.get(key)
        if surface is None:
            card_name, _, named = name.partition("=")  # the matta as it plays: "7C=2"
            source = self._source(card_name)
            size = (width, card_height(width))
            if source is None:
                surface = self._fallback(card_name, size)
            else:
                surface = pygame.transform.smoothscale(source, size)
                _opaque_inside(surface, self._corners(card_name, source))
                if self.large_values and name != "back":
                    self._large_value(surface, Card.parse(card_name), int(named or 0))
            self._scaled[key] = surface
        return surface

    def warm(self, cards: Iterable[Card], widths: Iterable[int]) -> None:
        """Load and scale these faces now (before an animation needs them). Preparing is
        not drawing: ``face`` is what the table calls to show a face."""
        for card in cards:
            for width in widths:
                self._picture(str(card), width)

    def ready(self, card: Card, width: int) -> bool:
        """True when ``card``'s face at ``width`` is already prepared."""
        return (str(card), max(8, int(width))) in self._scaled

    def warm_next(self, widths: Iterable[int]) -> bool:
        """Prepare one more face (a file read and a scale, a few milliseconds): called on
        idle frames until every face is ready. False once there is nothing left."""
        sizes = [max(8, int(width)) for width in widths]
        for card in DECK:
            for width in sizes:
                if (str(card), width) not in self._scaled:
                    self._picture(str(card), width)
                    return True
        return False

    def _corners(self, name: str, source: pygame.Surface) -> tuple[float, float]:
        """How far the rounded corners of ``name``'s picture reach in from its sides, as
        shares of its width and height (read once per picture)."""
        found = self._corner_reach.get(name)
        if found is None:
            found = self._corner_reach[name] = corner_reach(source)
        return found

    def _source(self, name: str) -> pygame.Surface | None:
        # A deck's pictures are shared by every art of it, whichever back each shows.
        key = f"back {self.back_style}" if name == "back" else name
        if key in self._sources:
            return self._sources[key]
        image: pygame.Surface | None = None
        try:
            if name == "back":
                path = resources.card_back_path(self.back_style)
            else:
                path = resources.card_face_path(self.style, name, self._printed)
            if path.is_file():
                image = pygame.image.load(str(path))
                image = image.convert_alpha() if pygame.display.get_surface() else image
        except (OSError, ValueError, pygame.error):
            image = None
        self._sources[key] = image
        return image

    def _large_value(self, surface: pygame.Surface, card: Card, named: int = 0) -> None:
        """The value written large on a label, its suit's mark under it, in the top-left
        corner where the printed index was and, turned, in the bottom-right one: read at a
        glance on a small card, and on the strip of it a fanned hand or a pile of cards on
        their side leaves in sight (whichever corner that strip holds). ``named``: the
        value the matta plays as, on a gold-edged label (it is not the card's own)."""
        w, h = surface.get_size()
        french = self.style in FRENCH_SUITED_DECKS  # red on coins and cups, as printed
        ink = VALUE_RED if french and card.suit in "DC" else VALUE_INK
        height = max(7, round(w * LARGE_VALUE))  # the digits' ink, top to bottom
        font = self._font("index", max(8, round(height / 0.73)))
        value = font.render(str(named or card.rank), True, ink)
        drawn = value.get_bounding_rect()
        if drawn.h:  # the ink alone, as tall as asked (a 10's digits a little narrower)
            value = value.subsurface(drawn)
            scale = height / drawn.h
            narrow = 0.8 if (named or card.rank) >= 10 else 1.0
            size = (max(1, round(drawn.w * scale * narrow)), height)
            value = pygame.transform.smoothscale(value, size)
        mark = max(2.0, w * 0.06)  # the suit's mark: its reach from its centre
        pad, gap = max(2, round(w * 0.035)), max(1, round(w * 0.03))
        inner = max(value.get_width(), math.ceil(mark * 2.2))
        # a 6 and a 9 are underlined, as on printed cards: the label in the bottom corner
        # is turned, and a big 9 there read as a 6 beside a real one
        underline = max(1, round(height * 0.1)) if (named or card.rank) in (6, 9) else 0
        below = value.get_height() + (gap + underline if underline else 0)
        tall = below + gap + math.ceil(mark * 2.2)
        corner = pygame.Surface((inner + 2 * pad, tall + 2 * pad), pygame.SRCALPHA)
        radius = max(2, round(w * 0.05))
        pygame.draw.rect(corner, VALUE_PAPER, corner.get_rect(), border_radius=radius)
        edge = (*ink, 150) if not named else (*NAMED_EDGE, 255)
        line = max(1, round(w / 60)) * (2 if named else 1)
        pygame.draw.rect(corner, edge, corner.get_rect(), line, radius)
        corner.blit(value, value.get_rect(midtop=(corner.get_width() / 2, pad)))
        if underline:
            bar = pygame.Rect(0, 0, max(underline * 3, round(value.get_width() * 0.9)), underline)
            bar.midtop = (corner.get_width() // 2, pad + value.get_height() + gap)
            pygame.draw.rect(corner, ink, bar)
        centre = (corner.get_width() / 2, pad + below + gap + mark * 1.1)
        colour = ink if french else SUIT_COLOURS[card.suit]
        suit_mark(corner, card.suit, centre, mark, colour, french=french)
        inset = max(2, round(w * 0.05))
        surface.blit(corner, (inset, inset))
        if 2 * (inset + corner.get_height()) > h:  # a tiny card: one label, upright
            return
        turned = pygame.transform.rotate(corner, 180)
        surface.blit(turned, turned.get_rect(bottomright=(w - inset, h - inset)))

    def _fallback(self, name: str, size: tuple[int, int]) -> pygame.Surface:
        """A plain, legible card: the value in the corners and the suit in the middle."""
        w, h = size
        radius = max(3, w // 12)
        surface = pygame.Surface(size, pygame.SRCALPHA)
        rect = surface.get_rect()
        if name == "back":
            pygame.draw.rect(surface, (120, 24, 30), rect, border_radius=radius)
            inner = rect.inflate(-w // 7, -w // 7)
            pygame.draw.rect(surface, (200, 160, 70), inner, max(1, w // 40), radius)
            step = max(4, w // 8)
            for x in range(inner.left, inner.right + inner.height, step):
                pygame.draw.line(
                    surface, (150, 44, 48), (x, inner.top), (x - inner.height, inner.bottom)
                )
            pygame.draw.rect(surface, (200, 160, 70), inner, max(1, w // 40), radius)
            pygame.draw.rect(surface, (250, 244, 230), rect, max(1, w // 30), radius)
            return surface
        card = Card.parse(name)
        colour = SUIT_COLOURS[card.suit]
        pygame.draw.rect(surface, (250, 246, 234), rect, border_radius=radius)
        frame = rect.inflate(-w // 9, -w // 9)
        pygame.draw.rect(surface, (*colour, 90), frame, max(1, w // 50), max(2, radius // 2))
        pygame.draw.rect(surface, (120, 110, 95), rect, max(1, w // 60), radius)
        label = RANK_LETTERS.get(card.rank, str(card.rank))
        corner = self._font("index", max(8, round(w / 3.4))).render(label, True, colour)
        pad = w // 14
        pip = max(3, w // 12)
        surface.blit(corner, (pad, pad // 2))
        self._draw_suit(
            surface,
            card.suit,
            (pad + corner.get_width() // 2, pad + corner.get_height() + pip),
            pip,
            colour,
        )
        turned = pygame.transform.rotate(corner, 180)
        surface.blit(turned, turned.get_rect(bottomright=(w - pad, h - pad // 2)))
        self._draw_suit(
            surface,
            card.suit,
            (w - pad - corner.get_width() // 2, h - pad - corner.get_height() - pip),
            pip,
            colour,
        )
        self._draw_suit(surface, card.suit, (w // 2, h // 2 - h // 14), max(4, w // 5), colour)
        word = SUIT_NAMES[self.language][card.suit]
        small = self._font("ui", max(7, w // 9)).render(word, True, (110, 100, 88))
        surface.blit(small, small.get_rect(center=(w // 2, h // 2 + h // 6)))
        return surface

    @staticmethod
    def _draw_suit(
        surface: pygame.Surface,
        suit: str,
        centre: tuple[int, int],
        size: int,
        colour: tuple[int, int, int],
    ) -> None:
        x, y = centre
        if suit == "D":
            pygame.draw.circle(surface, colour, centre, size)
            pygame.draw.circle(surface, (250, 230, 150), centre, size * 2 // 3, max(1, size // 6))
        elif suit == "C":
            pygame.draw.polygon(
                surface,
                colour,
                [
                    (x - size, y - size),
                    (x + size, y - size),
                    (x + size // 3, y + size // 4),
                    (x - size // 3, y + size // 4),
                ],
            )
            pygame.draw.rect(surface, colour, (x - size // 6, y, size // 3, size * 2 // 3))
            pygame.draw.rect(
                surface,
                colour,
                (x - size * 2 // 3, y + size * 2 // 3, size * 4 // 3, max(2, size // 4)),
            )
        elif suit == "S":
            pygame.draw.polygon(
                surface,
                colour,
                [
                    (x, y - size - size // 2),
                    (x + size // 4, y + size // 2),
                    (x - size // 4, y + size // 2),
                ],
            )
            pygame.draw.rect(
                surface,
                colour,
                (x - size * 2 // 3, y + size // 2, size * 4 // 3, max(2, size // 5)),
            )
            pygame.draw.rect(surface, colour, (x - size // 8, y + size // 2, size // 4, size))
        else:
            pygame.draw.line(
                surface,
                colour,
                (x - size // 2, y + size),
                (x + size // 2, y - size),
                max(3, size // 3),
            )
            pygame.draw.circle(surface, colour, (x + size // 2, y - size), max(2, size // 4))

    # --- effects -----------------------------------------------------------------------

    def shadow(self, width: int, strength: int = 90, turned: bool = False) -> pygame.Surface:
        """A soft shadow a little larger than a card, for drawing offset under it."""
        wanted = width
        width = self._nearest(width)
        key = ("shadow", width, (strength, turned))
        surface = self._effects.get(key)
        if surface is None:
            w, h = width, card_height(width)
            blur = max(2, width // 14)
            small = pygame.Surface((w + 4 * blur, h + 4 * blur), pygame.SRCALPHA)
            pygame.draw.rect(
                small,
                (0, 0, 0, strength),
                small.get_rect().inflate(-2 * blur, -2 * blur),
                border_radius=max(3, w // 10),
            )
            surface = soft(small, blur)
            if turned:
                surface = pygame.transform.rotate(surface, 90)
            self._effects[key] = surface
        if wanted != width:
            between = self._tilted.get(("shadow", wanted, strength, turned))
            if between is None:
                factor = wanted / width
                size = surface.get_size()
                between = pygame.transform.scale(
                    surface, (round(size[0] * factor), round(size[1] * factor))
                )
                self._tilted.put(("shadow", wanted, strength, turned), between)
            return between
        return surface

    def shadow_at(
        self, width: int, angle: float, squeeze: float = 1.0, rough: bool = False
    ) -> pygame.Surface:
        """The shadow of a card narrowed by ``squeeze`` (turning over) and turned by
        ``angle`` degrees (quantised like the card): a tilted card casts a tilted shadow,
        not a dark box. Every card of a width shares it.

        A card in flight (``rough``) casts a shadow up to a tenth narrower than itself
        (widths in steps of about a tenth, rounded down, so that it stays inside the card's
        area), narrowed in tenths: a blur a few pixels smaller is not seen, and the shadows
        of all the flights are then a few dozen pictures, not new ones frame after frame."""
        step = turn_step(angle, rough) % 180
        wanted = width
        if rough:
            if width not in self._sizes:
                width = max(8, math.ceil(1.1 ** math.floor(math.log(width, 1.1) + 1e-9)))
                width = min(width, int(wanted))
            squeeze = round(squeeze * 10) / 10
        else:
            squeeze = round(squeeze * 20) / 20
        if squeeze >= 1.0 and step in (0, 90):
            return self.shadow(width, turned=step == 90)
        key = (width, step, squeeze)
        surface = self._tilted.get(key)
        if surface is None:
            surface = _soft_turn(self.shadow(width), step, min(1.0, squeeze))
            self._tilted.put(key, surface)
        return surface

    def glow_reach(self, width: int) -> int:
        """How far past each edge of a card ``width`` wide its glow reaches (the layouts
        keep that much room round a card that may glow)."""
        return 2 * self._glow_pad(self._nearest(width))

    @staticmethod
    def _glow_pad(width: int) -> int:
        return max(4, width // 8)

    def glow(self, width: int, colour: tuple[int, int, int]) -> pygame.Surface:
        """A bright halo around a card: the cards a move would take, the selected card."""
        width = self._nearest(width)
        key = ("glow", width, colour)
        surface = self._effects.get(key)
        if surface is None:
            w, h = width, card_height(width)
            pad = self._glow_pad(width)
            base = pygame.Surface((w + 4 * pad, h + 4 * pad), pygame.SRCALPHA)
            ring = base.get_rect().inflate(-2 * pad, -2 * pad)
            pygame.draw.rect(base, (*colour, 235), ring, border_radius=max(4, w // 8))
            surface = soft(base, max(2, pad // 2))
            edge = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
            pygame.draw.rect(
                edge,
                (*colour, 255),
                edge.get_rect()
                .inflate(-4 * pad + 2, -4 * pad + 2)
                .inflate(max(2, pad // 2), max(2, pad // 2)),
                max(2, pad // 3),
                max(4, w // 10),
            )
            surface.blit(edge, (0, 0))
            self._effects[key] = surface
        return surface

    def dim(self, width: int) -> pygame.Surface:
        """A dark veil for cards that cannot be played now."""
        width = self._nearest(width)
        key = ("dim", width, ())
        surface = self._effects.get(key)
        if surface is None:
            surface = pygame.Surface((width, card_height(width)), pygame.SRCALPHA)
            pygame.draw.rect(
                surface, (0, 0, 0, 56), surface.get_rect(), border_radius=max(3, width // 12)
            )
            self._effects[key] = surface
        return surface


def soft(surface: pygame.Surface, radius: int) -> pygame.Surface:
    """Blur ``surface`` by ``radius`` pixels, working at a quarter of its size: a shadow
    has no detail to lose, and this keeps the first draw of a new size under a millisecond."""
    size = surface.get_size()
    small_size = (max(1, size[0] // 4), max(1, size[1] // 4))
    small = pygame.transform.smoothscale(surface, small_size)
    small = pygame.transform.gaussian_blur(small, max(1, radius // 4))
    return pygame.transform.smoothscale(small, size)


def flip_scale(progress: float) -> float:
    """Horizontal scale of a card turning over (1 -> 0 -> 1 as ``progress`` goes 0 -> 1)."""
    return abs(math.cos(math.pi * progress))
