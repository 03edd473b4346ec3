"""A frame as a list of items, so that only what changed is drawn again.

The painter describes a frame as items in drawing order: each has a key (everything that
decides its pixels), the rectangle it may touch, and a function that paints it. Comparing
the items of two frames tells which rectangles changed; those alone are repainted (every
item that touches them, in order, clipped to them) and shown. A card gliding across a 4K
table then costs a few card-sized repaints instead of eight million pixels.

The items that lie still (the cloth, piles, names, scores, the cards at rest) come first
and are kept composed on a layer of their own, itself repainted only where they change;
each frame then copies pieces of that layer (one plain copy, no blending) and paints the
few live items (cards in flight, banners, panels) over them.

The keys are the contract: an item whose pixels depend on something its key leaves out
would be left stale on screen.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass

import pygame

FULL_SHARE = 0.55
"""Above this share of the window changing, one whole repaint is cheaper than pieces."""
MAX_PIECES = 16
"""At most this many separate rectangles are repainted (nearby ones are merged)."""


@dataclass(eq=False, slots=True)
class Item:
    key: Hashable
    rect: pygame.Rect
    paint: Callable[[pygame.Surface], None]

    @property
    def identity(self) -> tuple[Hashable, tuple[int, int, int, int]]:
        return (self.key, (self.rect.x, self.rect.y, self.rect.w, self.rect.h))


def box(rect: pygame.FRect | pygame.Rect, grow: float = 0.0) -> pygame.Rect:
    """The whole-pixel rectangle covering ``rect`` grown by ``grow`` on every side."""
    left = int(rect.left - grow) - 1
    top = int(rect.top - grow) - 1
    right = int(rect.right + grow) + 2
    bottom = int(rect.bottom + grow) + 2
    return pygame.Rect(left, top, max(0, right - left), max(0, bottom - top))


class Press:
    """A left click on one area drawn over the table, as a button takes it: the press begun
    on the area is its own wherever it ends, and a click is a press let go on the area."""

    def __init__(self) -> None:
        self._down = False

    def handle(self, event: pygame.event.Event, area: pygame.FRect | None) -> tuple[bool, bool]:
        """Whether ``event`` was the area's, and whether it ended a click on it."""
        if area is None or event.type not in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            return False, False
        if event.button != 1:
            return False, False
        inside = bool(area.collidepoint(event.pos))
        if event.type == pygame.MOUSEBUTTONDOWN:
            self._down = inside
            return inside, False
        down, self._down = self._down, False
        return down, down and inside


def changed(before: Sequence[Item], after: Sequence[Item]) -> list[pygame.Rect]:
    """The rectangles of the items that appeared, went or changed between two frames."""
    old = Counter(item.identity for item in before)
    new = Counter(item.identity for item in after)
    if old == new:
        return []
    rects = [item.rect for item in before if old[item.identity] > new[item.identity]]
    rects += [item.rect for item in after if new[item.identity] > old[item.identity]]
    return rects


def merge(rects: Sequence[pygame.Rect], bounds: pygame.Rect) -> list[pygame.Rect]:
    """The rectangles inside ``bounds``, two joined wherever their union is no larger than
    the two apart (and, past ``MAX_PIECES``, the nearest ones).

    Overlapping pieces may stay apart: repainting a piece restores it whole, so the pixels
    they share come out the same either way. Joining three cards that fly side by side into
    one box would repaint the empty cloth around them, a third of a 4K window each frame.
    """
    pieces = [rect.clip(bounds) for rect in rects]
    pieces = [rect for rect in pieces if rect.w > 0 and rect.h > 0]
    merged = True
    while merged:
        merged = False
        for i in range(len(pieces)):
            first = pieces[i]
            for j in range(i + 1, len(pieces)):
                second = pieces[j]
                union = first.union(second)
                if union.w * union.h <= first.w * first.h + second.w * second.h:
                    pieces[i] = union
                    pieces.pop(j)
                    merged = True
                    break
            if merged:
                break
    while len(pieces) > MAX_PIECES:
        best = None
        for i in range(len(pieces)):
            for j in range(i + 1, len(pieces)):
                union = pieces[i].union(pieces[j])
                cost = union.w * union.h - pieces[i].w * pieces[i].h - pieces[j].w * pieces[j].h
                if best is None or cost < best[0]:
                    best = (cost, i, j)
        assert best is not None
        _, i, j = best
        pieces[i] = pieces[i].union(pieces.pop(j))
    return pieces


class FrameCache:
    """Remembers the items on screen, to repaint only what the next frame changes.

    ``still`` is how many items, from the start of the list, lie still: they are composed
    on a layer kept between frames.
    """

    def __init__(self) -> None:
        self._shown: list[Item] | None = None
        self._layer: pygame.Surface | None = None
        self._layered: list[Item] = []

    def forget(self) -> None:
        """The screen was drawn by someone else: the next frame is painted whole."""
        self._shown = None

    def clear(self) -> None:
        """Nothing kept is right any more (the cards are drawn with other art): the next
        frame paints the still layer afresh too."""
        self._shown = None
        self._layer = None
        self._layered = []

    def paint(self, surface: pygame.Surface, items: Sequence[Item], still: int = 0) -> None:
        """Paint every item (the still layer, kept between frames, only where it changed)."""
        layer = self._compose(surface, items[:still], whole=False)
        if layer is not None:
            surface.blit(layer, (0, 0))
        for item in items[still:]:
            item.paint(surface)
        self._shown = list(items[still:])

    def paint_changes(
        self, surface: pygame.Surface, items: Sequence[Item], still: int = 0
    ) -> list[pygame.Rect] | None:
        """Repaint what changed since the last frame; the rectangles to show, or None when
        the whole surface was painted (show all of it)."""
        layer = self._layer
        if self._shown is None or layer is None or layer.get_size() != surface.get_size():
            self.paint(surface, items, still)
            return None
        live = items[still:]
        rects = self._compose_changes(items[:still]) + changed(self._shown, live)
        self._shown = list(live)
        if not rects:
            return []
        bounds = surface.get_rect()
        pieces = merge(rects, bounds)
        if sum(piece.w * piece.h for piece in pieces) > FULL_SHARE * bounds.w * bounds.h:
            surface.blit(layer, (0, 0))
            for item in live:
                item.paint(surface)
            return None
        for piece in pieces:
            surface.set_clip(piece)
            surface.blit(layer, piece, piece)
            for item in live:
                if item.rect.colliderect(piece):
                    item.paint(surface)
        surface.set_clip(None)
        return pieces

    # --- the still layer -------------------------------------------------------------------

    def _compose(
        self, surface: pygame.Surface, still: Sequence[Item], *, whole: bool
    ) -> pygame.Surface | None:
        if not still:
            self._layer = None
            return None
        fresh = self._layer is None or self._layer.get_size() != surface.get_size()
        if fresh:
            self._layer = surface.copy()
        layer = self._layer
        assert layer is not None
        if whole or fresh:
            for item in still:
                item.paint(layer)
            self._layered = list(still)
        else:
            self._compose_changes(still)
        return layer

    def _compose_changes(self, still: Sequence[Item]) -> list[pygame.Rect]:
        """Repaint the still layer where its items changed; the rectangles changed."""
        layer = self._layer
        assert layer is not None
        rects = changed(self._layered, still)
        self._layered = list(still)
        if not rects:
            return []
        pieces = merge(rects, layer.get_rect())
        for piece in pieces:
            layer.set_clip(piece)
            for item in still:
                if item.rect.colliderect(piece):
                    item.paint(layer)
        layer.set_clip(None)
        return pieces
