"""Draws the table from a snapshot, as a list of items (see ``frame``). Reads, never writes.

Order, bottom to top: the cloth, the capture piles and the stock, the name plates and the
score panel, the cards lying still (table, then hands), the outline where a dragged card
would land, the cards in flight, the status line, sparks and banners, the overlays (aids,
the capture choice, the cover), then the dragged card.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import replace
from functools import partial

import pygame
from pygame import FRect

from .. import style
from ..cardart import CardArt, card_height, turn_step
from ..style import Scale
from .director import Banner, Confetto, Spark
from .frame import FrameCache, Item, box
from .hud import (
    Plate,
    banner_fit,
    confetto_corners,
    detail_room,
    draw_banner,
    draw_confetti,
    draw_plate,
    draw_sparks,
    draw_stack,
    plate_band,
    plate_pen,
    shortened,
    told_apart,
)
from .layout import TableLayout, sides_coloured
from .snapshot import HudView, PlateView, ScoreRow, TableSnapshot
from .sprites import CardSprite, draw_sprite
from .text import Writer

STACK_SHADOWS = 3
"""Cards flying together onto a stack or pile cast only this many shadows: forty soft
shadows on one spot would add up to a black hole."""
GLOW_TAKE = (255, 208, 80)
GLOW_OPTION = (140, 220, 255)
GLOW_SELECTED = (255, 244, 200)
MESSAGE = (255, 190, 150)


class Painter:
    def __init__(self, text: Writer) -> None:
        self.text = text
        self.frames = FrameCache()
        self._art: CardArt | None = None
        """The art the remembered frames were painted with."""

    def draw(self, surface: pygame.Surface, snap: TableSnapshot) -> None:
        """Paint the whole table."""
        items, still = self.layered(snap)
        self._same_art(snap.art)
        self.frames.paint(surface, items, still)

    def draw_changes(
        self, surface: pygame.Surface, snap: TableSnapshot
    ) -> list[pygame.Rect] | None:
        """Repaint only what changed since the last frame (see ``FrameCache``)."""
        items, still = self.layered(snap)
        self._same_art(snap.art)
        return self.frames.paint_changes(surface, items, still)

    def _same_art(self, art: CardArt) -> None:
        """The items' keys leave the card art out (a table keeps one): when the player
        chooses other cards, other corners or another language, nothing painted before
        stays on screen."""
        if art is not self._art:
            self._art = art
            self.frames.clear()

    def items(self, snap: TableSnapshot) -> list[Item]:
        """Every item of the frame, bottom to top."""
        return self.layered(snap)[0]

    def layered(self, snap: TableSnapshot) -> tuple[list[Item], int]:
        """The frame's items, bottom to top, and how many of them lie still (the cards at
        rest and everything under them)."""
        lay, view = snap.layout, snap.view
        bounds = pygame.Rect((0, 0), lay.size)
        background = snap.background
        items = [Item(("cloth", id(background)), bounds, lambda s: s.blit(background, (0, 0)))]
        items += self._stacks(snap)
        pen = plate_pen(lay, self.text)
        short = shortened(
            [(p.detail, p.short, detail_room(p.rect, lay, self.text)) for p in snap.plates], pen
        )
        names = told_apart([(plate.name, plate.rect) for plate in snap.plates], lay, self.text)
        items += [self._plate(plate, lay, short, name) for plate, name in zip(snap.plates, names)]
        items += self._hud(snap.hud, lay)
        statics: list[CardSprite] = []
        flying: list[CardSprite] = []
        for card, sprite in view.sprites.items():
            kind = view.places[card][0]
            if card == snap.dragged:
                continue
            if id(sprite) in snap.moving or kind == "moving":
                flying.append(sprite)
            elif kind in ("table", "hand"):
                statics.append(sprite)
        # a hand left to right, a card lifted from it (chosen, under the pointer) over its
        # neighbours: in a hand of nine the next card hid half of the one chosen
        statics.sort(
            key=lambda s: (
                (1, s.y, s.lift > 0, s.x)
                if view.places[s.card][0] == "hand"
                else (0, s.z, False, 0)
            )
        )
        for sprite in statics:
            items.append(self._static_card(snap, sprite))
        if snap.landing is not None:
            items.append(_landing(snap.landing, lay))
        matta_dragged = snap.matta is not None and snap.matta[0] == snap.dragged
        if (
            snap.matta is not None
            and id(view.sprites[snap.matta[0]]) not in snap.moving
            and not matta_dragged
        ):
            items.append(self.badge(view.sprites[snap.matta[0]], snap.matta[1], lay))
        laid = snap.laid
        if (
            laid is not None
            and id(view.sprites[laid[0]]) not in snap.moving
            and (snap.matta is None or snap.matta[0] != laid[0])  # its value says more
            and laid[0] != snap.dragged
        ):
            items.append(self.badge(view.sprites[laid[0]], laid[1], lay))
        still = len(items)
        flying.sort(key=lambda s: s.z)
        gathering = [s for s in flying if view.places[s.card][0] in ("stock", "pile")]
        shaded = {id(s) for s in gathering[-STACK_SHADOWS:]}
        backs: dict[tuple, int] = {}
        for sprite in flying:
            place = view.places[sprite.card]
            shadow = place[0] not in ("stock", "pile") or id(sprite) in shaded
            item = self._card(snap, sprite, "flying", shadow=shadow)
            if not _face_shown(snap, sprite):
                # Backs in flight at one spot (a deck being shuffled, a deal leaving the
                # stock) look like the top one alone: only that one is painted.
                spot = _spot(snap.art, sprite, shadow)
                if spot in backs:
                    items[backs[spot]] = item
                    continue
                backs[spot] = len(items)
            items.append(item)
        if snap.status is not None:
            items.append(self._status(snap.status, lay, snap.status_room))
        if snap.sparks:
            items.append(_sparks(snap.sparks))
        if snap.confetti:  # under the banner, which stays read
            items.append(_confetti(snap.confetti))
        for banner in snap.banners:
            if banner.alpha > 1:
                items.append(self._banner(banner, lay))
        items.extend(snap.overlays)
        # the card in the player's hand goes over everything it is dragged across: the line
        # under the table, a hint's panel, the knock buttons (no cover or capture choice is
        # up while a card is dragged)
        if snap.dragged is not None:
            items.append(self._card(snap, view.sprites[snap.dragged], "dragged"))
        if snap.matta is not None and matta_dragged:  # its value goes with it, on top
            items.append(self.badge(view.sprites[snap.matta[0]], snap.matta[1], lay))
        return items, still

    # --- cards ---------------------------------------------------------------------------

    def _hidden(self, snap: TableSnapshot, sprite: CardSprite) -> bool:
        """A hand the viewer may not see is drawn face down, whatever the tween says (but
        the cards a Cirulla declaration showed to everyone)."""
        return not snap.view.face_shown(sprite.card)

    def _card(
        self, snap: TableSnapshot, sprite: CardSprite, layer: str, *, shadow: bool = True
    ) -> Item:
        """A card in ``layer`` (its place in the drawing order: a card moving from flight
        onto a pile changes layer, and so what it covers, without changing its pixels)."""
        hidden = self._hidden(snap, sprite)
        rough = layer == "flying"
        key = ("card", layer, _sprite_key(snap.art, sprite, hidden, rough), shadow)
        art = snap.art
        copy = _frozen(art, sprite, rough)
        return Item(
            key,
            _card_area(copy, shadow=shadow),
            partial(_paint_card, art, copy, hidden, shadow, None, False, rough),
        )

    def _static_card(self, snap: TableSnapshot, sprite: CardSprite) -> Item:
        place = snap.view.places[sprite.card]
        glow = None
        if sprite.card in snap.glowing and place[0] == "table":
            glow = GLOW_TAKE if snap.glow_take else GLOW_OPTION
        elif (
            place[0] == "hand"
            and snap.active_seat == place[1]
            and sprite.card in (snap.selected, snap.hovered)
        ):
            glow = GLOW_SELECTED if sprite.card == snap.selected else snap.hover_glow
        veiled = place[0] == "hand" and place[1] in snap.waiting
        hidden = self._hidden(snap, sprite)
        key = ("card", "still", _sprite_key(snap.art, sprite, hidden), True, glow, veiled)
        copy = _frozen(snap.art, sprite)
        return Item(
            key,
            _card_area(copy, glow=glow is not None),
            partial(_paint_card, snap.art, copy, hidden, True, glow, veiled, False),
        )

    def badge(self, sprite: CardSprite, label: str, lay: TableLayout) -> Item:
        """A small tag on a card: the value named for the matta, the name of who laid it."""
        pen = self.text.pen("ui_bold", lay.font_small, style.NIGHT)
        centre = (sprite.x, sprite.y - sprite.lift)
        area = style.card_tag_area(label, pen, centre, sprite.w, lay.margin * 0.8)
        return Item(
            ("badge", label, tuple(area)),
            box(area),
            partial(style.draw_tag, label=label, pen=pen, area=area),
        )

    # --- stacks --------------------------------------------------------------------------

    def _stacks(self, snap: TableSnapshot) -> list[Item]:
        view, lay, art = snap.view, snap.layout, snap.art
        sides = view.sides
        counts = [0] * sides
        stock = 0
        for card, place in view.places.items():
            if id(view.sprites[card]) in snap.moving:
                continue
            if place[0] == "pile":
                counts[place[1]] += 1
            elif place[0] == "stock":
                stock += 1
        items: list[Item] = []
        for side in range(sides):
            markers = [
                view.sprites[card]
                for card in view.markers[side]
                if id(view.sprites[card]) not in snap.moving
            ]
            if counts[side]:
                taken = counts[side] + len(markers)
                items.append(self._pile(art, lay, side, counts[side], taken))
            items += [self._card(snap, sprite, "marker") for sprite in markers]
        if stock:
            items.append(self._stock(art, lay, stock, snap.stock_label))
        return items

    def _pile(self, art: CardArt, lay: TableLayout, side: int, count: int, taken: int) -> Item:
        """A side's face-down stack of ``count`` cards, and beside it the number of every
        card the side has taken (``taken``: with the scopa cards lying face up across the
        stack)."""
        centre = lay.pile_centre(side)
        pen = self.text.pen("ui_bold", lay.font_small, style.CREAM)
        tag = lay.pile_tag(
            side, style.natural_width(str(taken), pen) + lay.margin * 0.8, lay.count_size[1]
        )
        stack = FRect(0, 0, lay.pile_h * 1.2, lay.pile_h * 1.2)
        stack.center = centre
        area = box(stack.union(tag), lay.margin * 0.5)
        rules = lay.rules
        # With partners a pile lies by one of its side's seats: its count wears the side's
        # colour, as the side's plates and score line do, to tell the two piles apart.
        colour = style.side_mark(side) if sides_coloured(rules) else None

        def paint(surface: pygame.Surface) -> None:
            draw_stack(surface, art, centre, lay.pile_w, count, turned=True, askew=True)
            style.dark_panel(surface, tag, Scale(lay.size), border=colour, alpha=190)
            style.text(surface, str(taken), pen, tag, align="center")

        return Item(("pile", centre, count, taken, colour), area, paint)

    def _stock(self, art: CardArt, lay: TableLayout, count: int, text: str) -> Item:
        pen = self.text.pen("ui", lay.font_small, style.MIST)
        where = lay.stock_label(2 * style.line_height(pen))
        stack = FRect(0, 0, lay.table_w * 1.3, lay.table_h * 1.2)
        stack.center = lay.stock_centre
        area = box(stack.union(FRect(where)), lay.margin * 0.5)

        def paint(surface: pygame.Surface) -> None:
            draw_stack(surface, art, lay.stock_centre, lay.table_w, count)
            style.text(surface, text, pen, where, align="center", valign="top", lines=2)

        return Item(("stock", count, text), area, paint)

    # --- names and scores ----------------------------------------------------------------

    def _plate(self, plate: PlateView, lay: TableLayout, short: bool, name: str) -> Item:
        """``plate`` with ``name`` written on it (``told_apart``)."""
        grow = 14 * lay.unit
        if plate.side is not None:  # the side's shape, over the band on the plate's top
            grow = max(grow, side_shape_reach(lay) + 2)
        key = (
            "plate",
            name,
            plate.detail,
            short and plate.short,
            plate.active,
            plate.dealer,
            plate.dealer_mark,
            plate.side_colour,
            plate.side,
            round(plate.pulse, 2),
            (plate.rect.x, plate.rect.y, plate.rect.w, plate.rect.h),
        )
        detail = plate.short if short and plate.short else plate.detail
        shown = Plate(name, detail, plate.active, plate.dealer, plate.dealer_mark)
        text = self.text

        def paint(surface: pygame.Surface) -> None:
            draw_plate(surface, plate.rect, shown, lay, text, plate.pulse)
            if plate.side_colour is not None:
                _side_mark(surface, plate.rect, plate.side_colour, lay, plate.side)

        return Item(key, box(plate.rect, grow), paint)

    def _hud(self, hud: HudView, lay: TableLayout) -> list[Item]:
        """The score panel: its glass, then one item per line, so that a score or the deal
        line changing repaints that line alone, not the whole panel."""
        rect = FRect(
            lay.hud_rect.left,
            lay.hud_rect.top,
            lay.hud_width_for(hud_needs([row.name for row in hud.rows], lay, self.text)),
            lay.hud_height(len(hud.rows)),
        )
        text = self.text
        scale = Scale(lay.size)
        left, right = rect.left + lay.margin * 0.7, rect.right - lay.margin * 0.7
        width, line = right - left, lay.font_normal * 1.1
        small = text.pen("ui", lay.font_small, style.MIST)
        grow = lay.font_normal * 0.15
        compact = lay.hud_compact
        tall = lay.font_normal * 1.15
        items = [
            Item(
                ("hud", (rect.x, rect.y, rect.w, rect.h)),
                box(rect),
                lambda surface: style.dark_panel(surface, rect, scale, alpha=160),
            )
        ]
        y = rect.top + lay.margin * 0.5
        head = FRect(left, y, width, line)

        def paint_head(surface: pygame.Surface) -> None:
            round_w = min(width / 2, style.natural_width(hud.round_line, small))
            corner = FRect(head.right - round_w, head.top, round_w, head.height)
            style.text(surface, hud.round_line, small, corner)
            target = FRect(head.left, head.top, head.width - round_w - lay.margin * 0.4, line)
            style.text(surface, hud.target, small.tinted(style.BRIGHT_GOLD), target)

        items.append(
            Item(
                ("hud head", hud.target, hud.round_line, _whole(head)), box(head, grow), paint_head
            )
        )
        y += line
        step = lay.font_normal * 1.4 if compact else lay.font_normal * 2.3
        bands = []
        for _row in hud.rows:
            bands.append(FRect(left, y, width, max(step, tall if compact else 2 * tall)))
            y += step
        boxes = [
            style.whole(self.hud_name_box(row, band, lay))
            for row, band in zip(hud.rows, bands, strict=True)
        ]
        names = [row.name for row in hud.rows]
        name_px, fits = self._hud_names_px(hud, names, boxes, lay)
        # partners cut short at that size (one of them lost with the end): each by their
        # first name, every partner in sight
        briefed = [
            row.brief if fit.elided and row.brief else name
            for row, fit, name in zip(hud.rows, fits, names, strict=True)
        ]
        if briefed != names:
            names = briefed
            name_px, _ = self._hud_names_px(hud, names, boxes, lay)
        # a detail that would be cut (a Cirulla hand's bonus at its end) says every side's
        # short, so that the lines read alike
        short = any(
            style.natural_width(row.detail, small) > box.right - band.left
            for row, band, box in zip(hud.rows, bands, boxes, strict=True)
        )
        for row, band, name in zip(hud.rows, bands, names, strict=True):
            shown = replace(row, detail=row.short) if short and row.short else row
            shown = replace(shown, name=name)
            items.append(
                Item(
                    ("hud row", shown, compact, _whole(band), name_px),
                    box(band, grow),
                    partial(self._hud_row, shown, band, lay, compact, name_px),
                )
            )
        foot = FRect(left, y, width, line)
        items.append(
            Item(
                ("hud foot", hud.deal_line, _whole(foot)),
                box(foot, grow),
                lambda surface: style.text(surface, hud.deal_line, small, foot),
            )
        )
        return items

    def _hud_names_px(
        self, hud: HudView, names: list[str], boxes: list[FRect], lay: TableLayout
    ) -> tuple[int, list[style.Fit]]:
        """The size the sides' ``names`` are written at, all alike (as large as the longest
        allows: one made smaller to fit beside names written larger reads as less
        important; a name that fits only cut short at the smallest size its pen allows may
        fit whole at a size smaller still), and how each fits at it."""
        name_px = lay.font_normal
        fits = []
        for _ in range(4):
            fits = [
                style.fit(name, replace(self._name_pen(lay, row.active), px=name_px), *box.size)
                for row, name, box in zip(hud.rows, names, boxes, strict=True)
            ]
            smallest = min(fit.px for fit in fits)
            if smallest == name_px or not any(fit.elided for fit in fits):
                return smallest, fits
            name_px = smallest
        return name_px, fits

    def hud_name_box(self, row: ScoreRow, band: FRect, lay: TableLayout) -> FRect:
        """Where a side's name is written on its line of the score panel."""
        name_x = band.left + (hud_shape_room(lay) if row.colour is not None else 0.0)
        score_w = style.natural_width(str(row.total), score_pen(lay, self.text))
        room = band.right - score_w - lay.margin * 0.4 - self._bonus_width(row, lay)
        tall = max(lay.font_normal * 1.15, style.line_height(self._name_pen(lay, row.active)))
        return FRect(name_x, band.top, room - name_x, tall)

    def _bonus_pen(self, lay: TableLayout) -> style.Pen:
        return self.text.pen("ui_bold", lay.font_small, style.BRIGHT_GOLD)

    def _bonus_width(self, row: ScoreRow, lay: TableLayout) -> float:
        """The room a side's bonus takes before its total, on a panel with no room for its
        line of what it took (else the bonus is said there)."""
        if not (lay.hud_compact and row.bonus):
            return 0.0
        return style.natural_width(row.bonus, self._bonus_pen(lay)) + lay.margin * 0.4

    def _name_pen(self, lay: TableLayout, active: bool) -> style.Pen:
        return self.text.pen("ui_bold", lay.font_normal, style.CREAM if active else style.MIST)

    def _hud_row(
        self,
        row: ScoreRow,
        band: FRect,
        lay: TableLayout,
        compact: bool,
        name_px: int,
        surface: pygame.Surface,
    ) -> None:
        """One side on the score panel: its colour, name, points and what it has taken."""
        text = self.text
        left, right, y = band.left, band.right, band.top
        tall = lay.font_normal * 1.15
        small = text.pen("ui", lay.font_small, style.MIST)
        if row.colour is not None:
            r = hud_shape_r(lay)
            centre = (left + r, y + lay.font_normal * 0.6)
            style.side_shape(surface, row.side or 0, centre, r, row.colour)
        score = score_pen(lay, self.text)
        score_w = style.natural_width(str(row.total), score)
        score_box = FRect(right - score_w, y, score_w, tall if compact else 2 * tall)
        style.text(surface, str(row.total), score, score_box, align="right")
        extra = self._bonus_width(row, lay)
        if extra:  # a hand's bonus, which the line under the name would say
            bonus = FRect(score_box.left - extra, y, extra - lay.margin * 0.4, tall)
            style.text(surface, row.bonus, self._bonus_pen(lay), bonus, align="right")
        name_box = self.hud_name_box(row, band, lay)
        pen = replace(self._name_pen(lay, row.active), px=name_px)
        style.text(surface, row.name, pen, name_box, least=name_px)
        if not compact:  # with many sides their cards show on their piles instead
            room = name_box.right
            style.text(surface, row.detail, small, FRect(left, y + tall, room - left, tall))

    def _status(
        self, status: tuple[str, tuple[int, int, int]], lay: TableLayout, spot: FRect | None
    ) -> Item:
        """The status line: on its row under the table, or in ``spot`` (beside Cirulla's
        buttons, which took its row)."""
        words, colour = status
        pen = self.text.pen("ui", lay.font_normal, colour)
        pad_x, pad_y = lay.margin * 1.4, lay.margin * 0.6
        if spot is None:
            room = FRect(0, 0, lay.status_width - pad_x, style.line_height(pen))
            centre = lay.status_centre
        else:
            room = FRect(0, 0, max(1.0, spot.width - pad_x), style.line_height(pen))
            centre = spot.center
        laid = style.fit(words, pen, room.width, room.height)
        rect = FRect(0, 0, laid.width, laid.height).inflate(pad_x, pad_y)
        rect.center = room.center = centre

        def paint(surface: pygame.Surface) -> None:
            style.dark_panel(surface, rect, Scale(lay.size), alpha=150)
            style.text(surface, words, pen, room, align="center")

        return Item(("status", words, colour, tuple(rect)), box(rect), paint)

    def status_width(self, status: tuple[str, tuple[int, int, int]], lay: TableLayout) -> float:
        """The width of the status line's panel with its words on one line."""
        pen = self.text.pen("ui", lay.font_normal, status[1])
        return style.natural_width(status[0], pen) + lay.margin * 1.4

    def _banner(self, banner: Banner, lay: TableLayout) -> Item:
        laid = banner_fit(banner, lay, self.text)
        scale = max(1.0, banner.scale)
        area = FRect(0, 0, laid.width * scale, laid.height * scale)
        area = area.inflate(lay.margin * 3, lay.margin * 2)
        area.center = lay.banner_centre
        copy = Banner(banner.text, banner.kind, banner.scale, banner.alpha, banner.fade)
        key = (
            "banner",
            banner.text,
            banner.kind,
            round(banner.scale, 3),
            round(banner.alpha * banner.fade),
        )
        text = self.text
        return Item(key, box(area, 8 * lay.unit), lambda s: draw_banner(s, copy, lay, text))


# --- pieces ---------------------------------------------------------------------------------


def _sprite_key(art: CardArt, sprite: CardSprite, hidden: bool, rough: bool = False) -> tuple:
    """Everything that decides a card's pixels, as the card is painted (``_frozen``), and
    its height among the cards (``z``): the order of overlapping cards decides what shows."""
    copy = _frozen(art, sprite, rough)
    face = art.face_name(copy.card)  # (the matta named, with large values, says its value)
    return (face, copy.x, copy.y, copy.w, copy.turn, copy.angle, copy.lift, hidden, copy.z)


def card_item(art: CardArt, sprite: CardSprite, tag: str = "card") -> Item:
    """A face-up card with its shadow, as an item (the card held beside the capture choice)."""
    key = (tag, _sprite_key(art, sprite, False), True)
    copy = _frozen(art, sprite)
    return Item(
        key, _card_area(copy), partial(_paint_card, art, copy, False, True, None, False, False)
    )


def _whole(rect: FRect) -> tuple[int, int, int, int]:
    """``rect`` in whole pixels, for a key: a place moved by less than a pixel paints alike."""
    return (round(rect.x), round(rect.y), round(rect.w), round(rect.h))


def _face_shown(snap: TableSnapshot, sprite: CardSprite) -> bool:
    return sprite.face_up and snap.view.face_shown(sprite.card)


def _spot(art: CardArt, sprite: CardSprite, shadow: bool) -> tuple:
    """Where and how a back is painted: two backs with one spot paint the same pixels."""
    copy = _frozen(art, sprite, rough=True)
    return (copy.x, copy.y, copy.w, copy.turn, copy.angle, copy.lift, shadow)


def _card_area(sprite: CardSprite, *, shadow: bool = True, glow: bool = False) -> pygame.Rect:
    """Everything a card painted as ``sprite`` (frozen: as it is painted) may touch: the
    card turned by its angle, its shadow (a blur around the card, dropped with the lift)
    and its glow. Tight, for every pixel inside is painted again whenever the card moves."""
    w = max(8, round(sprite.w))
    h = card_height(w)
    angle = math.radians(sprite.angle)
    cos, sin = abs(math.cos(angle)), abs(math.sin(angle))
    x, y = sprite.x, sprite.y - sprite.lift

    def turned(width: float, height: float, cx: float, cy: float) -> FRect:
        area = FRect(0, 0, width * cos + height * sin, width * sin + height * cos)
        area.center = (cx, cy)
        return area

    area = turned(w, h, x, y)
    if shadow:
        blur = 2 * max(2, w / 14) + 1
        depth = w * (0.05 + sprite.lift / max(1.0, w) * 0.35)
        area = area.union(turned(w + 2 * blur, h + 2 * blur, x + depth * 0.6, y + depth))
    if glow:  # the halo is not turned with the card
        pad = 2 * max(4, w // 8)
        halo = FRect(0, 0, w + 2 * pad, h + 2 * pad)
        halo.center = (x, y)
        area = area.union(halo)
    return box(area, CARD_AREA_SLACK)


CARD_AREA_SLACK = 6
"""Pixels around a card's exact area: turned pictures are a pixel or two larger than the
turned rectangle, and a shadow turned at a quarter of its size up to four."""


def _frozen(art: CardArt, sprite: CardSprite, rough: bool = False) -> CardSprite:
    """The sprite as it is painted now: in whole pixels, turned and tilted in the steps the
    art has (the painted item must not follow later tweens, and equal keys must paint
    equal pixels)."""
    return CardSprite(
        sprite.card,
        round(sprite.x),
        round(sprite.y),
        art.drawn_width(sprite.w),
        round(sprite.turn * 20) / 20,
        float(turn_step(sprite.angle, rough)),
        round(sprite.lift),
        sprite.z,
    )


def _paint_card(
    art: CardArt,
    sprite: CardSprite,
    hidden: bool,
    shadow: bool,
    glow: tuple[int, int, int] | None,
    veiled: bool,
    rough: bool,
    surface: pygame.Surface,
) -> None:
    centre = (sprite.x, sprite.y - sprite.lift)
    if glow is not None:
        halo = art.glow(round(sprite.w), glow)
        surface.blit(halo, halo.get_rect(center=centre))
    draw_sprite(surface, art, sprite, hidden=hidden, shadow=shadow, rough=rough)
    if veiled:
        veil = art.dim(round(sprite.w))
        surface.blit(veil, veil.get_rect(center=centre))


def _landing(rect: FRect, lay: TableLayout) -> Item:
    """Where a card that takes nothing will lie: a faint outline in the next free place."""

    def paint(surface: pygame.Surface) -> None:
        outline = pygame.Surface((round(rect.width), round(rect.height)), pygame.SRCALPHA)
        radius = max(3, round(rect.width / 12))
        pygame.draw.rect(outline, (255, 255, 255, 34), outline.get_rect(), border_radius=radius)
        pygame.draw.rect(
            outline, (255, 244, 200, 150), outline.get_rect(), max(2, round(3 * lay.unit)), radius
        )
        surface.blit(outline, rect.topleft)

    return Item(("landing", rect.x, rect.y, rect.w, rect.h), box(rect), paint)


def _sparks(sparks: tuple[Spark, ...]) -> Item:
    key = tuple((round(s.x), round(s.y), round(s.size), round(s.alpha / 16)) for s in sparks)
    left = min(s.x - 2 * max(1, round(s.size)) for s in sparks)
    top = min(s.y - 2 * max(1, round(s.size)) for s in sparks)
    right = max(s.x + 2 * max(1, round(s.size)) for s in sparks)
    bottom = max(s.y + 2 * max(1, round(s.size)) for s in sparks)
    area = box(FRect(left, top, right - left, bottom - top), 2)
    copies = [Spark(s.x, s.y, s.size, s.alpha) for s in sparks]
    return Item(("sparks", key), area, lambda s: draw_sparks(s, copies))


def _confetti(confetti: tuple[Confetto, ...]) -> Item:
    corners = [confetto_corners(c) for c in confetti]
    xs = [x for shape in corners for x, _ in shape]
    ys = [y for shape in corners for _, y in shape]
    area = box(FRect(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)), 2)
    key = tuple((round(x), round(y)) for shape in corners for x, y in shape)
    return Item(("confetti", key), area, lambda s: draw_confetti(s, confetti, corners))


def _side_mark(
    surface: pygame.Surface,
    rect: FRect,
    colour: tuple[int, int, int],
    lay: TableLayout,
    side: int | None = None,
) -> None:
    """A band of the side's colour along the plate's top: partners share a colour; and at
    its left end the side's shape (``side_shape``), which the score panel's line of the
    side wears too: three pairs' red and ochre look alike to a colour-blind player."""
    band = FRect(rect.left + rect.height * 0.3, rect.top, rect.width - rect.height * 0.6, 0)
    band.height = plate_band(lay)
    pygame.draw.rect(surface, colour, band, border_radius=max(1, round(band.height / 2)))
    if side is not None:
        r = side_shape_r(lay)
        # over the band, clear of the name's first letter under it
        style.side_shape(surface, side, (band.left + r * 0.4, band.top - r * 0.55), r, colour)


def hud_shape_r(lay: TableLayout) -> float:
    """The radius of a side's shape before its name on the score panel: never so small
    that a disc and a diamond look alike."""
    return max(5.0, lay.font_normal * 0.28)


def hud_shape_room(lay: TableLayout) -> float:
    """How far a side's name on the score panel starts after its shape's left edge."""
    return 2 * hud_shape_r(lay) + lay.font_normal * 0.1


def side_shape_r(lay: TableLayout) -> float:
    """The radius of a side's shape on its plates."""
    return max(4.0, lay.font_normal * 0.36)


def side_shape_reach(lay: TableLayout) -> float:
    """How far a side's shape reaches out of its plate: above its top (the shape's centre
    over the band, its points and dark edge past its radius)."""
    r = side_shape_r(lay)
    return r * 0.55 + r * 1.25 + max(1, round(r / 4)) * 2


__all__ = [
    "GLOW_OPTION",
    "GLOW_SELECTED",
    "GLOW_TAKE",
    "MESSAGE",
    "Painter",
    "card_item",
]


def score_pen(lay: TableLayout, text: Writer) -> style.Pen:
    """The pen of the sides' points on the score panel."""
    size = lay.font_normal if lay.hud_compact else round(lay.font_normal * 1.25)
    return text.pen("ui_bold", size, style.BRIGHT_GOLD)


def hud_needs(names: Sequence[str], lay: TableLayout, text: Writer) -> float:
    """The width the score panel needs to write every side's name (``names``) whole,
    beside a score of two digits."""
    name = text.pen("ui_bold", lay.font_normal, style.CREAM)
    score_w = style.natural_width("88", score_pen(lay, text))
    widest = max((style.natural_width(words, name) for words in names), default=0)
    return widest + hud_shape_room(lay) + lay.margin * 0.4 + score_w + lay.margin * 1.4
