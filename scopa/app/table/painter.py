"""Draws the table scene's cards and panels in the right order. Reads, never writes."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame
from pygame import FRect

from ..wording import count, target_line
from .hud import CREAM, GOLD, SOFT, Plate, draw_plate, draw_stack, panel
from .sprites import CardSprite, draw_sprite
from .text import TextCache

if TYPE_CHECKING:
    from .scene import TableScene

STACK_SHADOWS = 3
"""Cards flying together onto a stack or pile cast only this many shadows: forty soft
shadows on one spot would add up to a black hole."""
GLOW_TAKE = (255, 208, 80)
GLOW_OPTION = (140, 220, 255)
GLOW_SELECTED = (255, 244, 200)
GLOW_HOVER = (200, 230, 170)


class Painter:
    def __init__(self, scene: TableScene) -> None:
        self.scene = scene
        self.text = TextCache(scene.app.font)

    def draw(self, surface: pygame.Surface) -> None:
        scene = self.scene
        view, lay, art = scene.view, scene.layout, scene.art
        moving = scene.tweener.targets() | scene.ui.targets()
        dragged = scene.drag.card if scene.drag.dragging else None
        self._piles(surface, moving)
        self._plates(surface)
        self._hud(surface)
        glowing = scene.director.glowing or scene.preview
        statics, flying = [], []
        for card, sprite in view.sprites.items():
            kind = view.places[card][0]
            if card == dragged:
                continue
            if id(sprite) in moving or kind == "moving":
                flying.append(sprite)
            elif kind in ("table", "hand"):
                statics.append(sprite)
        statics.sort(
            key=lambda s: (1, s.y, s.x) if view.places[s.card][0] == "hand" else (0, s.z, 0)
        )
        visible = view.visible_seats
        waiting = self._waiting_hands()
        for sprite in statics:
            place = view.places[sprite.card]
            if sprite.card in glowing and place[0] == "table":
                colour = GLOW_TAKE if scene.director.glowing or len(scene.preview) else GLOW_OPTION
                halo = art.glow(round(sprite.w), colour)
                surface.blit(halo, halo.get_rect(center=(sprite.x, sprite.y)))
            elif (
                place[0] == "hand"
                and sprite.card in (scene.selected, scene.hovered)
                and scene.human_to_play == place[1]
            ):
                colour = GLOW_SELECTED if sprite.card == scene.selected else GLOW_HOVER
                halo = art.glow(round(sprite.w), colour)
                surface.blit(halo, halo.get_rect(center=(sprite.x, sprite.y - sprite.lift)))
            self._card(surface, sprite, place, visible)
            if place[0] == "hand" and place[1] in waiting:
                veil = art.dim(round(sprite.w))
                surface.blit(veil, veil.get_rect(center=(sprite.x, sprite.y - sprite.lift)))
        if scene.landing and scene.drag.dragging:
            self._landing(surface)
        flying.sort(key=lambda s: s.z)
        gathering = [s for s in flying if view.places[s.card][0] in ("stock", "pile")]
        shaded = {id(s) for s in gathering[-STACK_SHADOWS:]}
        for sprite in flying:
            place = view.places[sprite.card]
            shadow = place[0] not in ("stock", "pile") or id(sprite) in shaded
            self._card(surface, sprite, place, visible, shadow=shadow)
        if dragged is not None:
            self._card(surface, view.sprites[dragged], view.places[dragged], visible)
        self._status(surface)
        del lay

    def _landing(self, surface: pygame.Surface) -> None:
        """Where a card that takes nothing will lie: a faint outline in the next free place."""
        view, lay = self.scene.view, self.scene.layout
        slot = view.free_slot()
        rect = lay.table_slot(slot, max(len(view.slots), slot + 1))
        box = pygame.Surface((round(rect.width), round(rect.height)), pygame.SRCALPHA)
        radius = max(3, round(rect.width / 12))
        pygame.draw.rect(box, (255, 255, 255, 34), box.get_rect(), border_radius=radius)
        pygame.draw.rect(
            box, (255, 244, 200, 150), box.get_rect(), max(2, round(3 * lay.unit)), radius
        )
        surface.blit(box, rect.topleft)

    def _waiting_hands(self) -> frozenset[int]:
        """Human hands shown face up while it is not their turn: drawn a little darker."""
        scene = self.scene
        if scene.mode == "watch" or scene.match.over:
            return frozenset()
        shown = scene.view.visible_seats & frozenset(scene.humans)
        return shown - {scene.human_to_play} if scene.human_to_play is not None else shown

    def _card(
        self,
        surface: pygame.Surface,
        sprite: CardSprite,
        place: tuple,
        visible: frozenset[int],
        *,
        shadow: bool = True,
    ) -> None:
        """Draw a card; a hand the viewer may not see is drawn face down, whatever the tween."""
        hidden = place[0] == "hand" and place[1] not in visible
        draw_sprite(surface, self.scene.art, sprite, hidden=hidden, shadow=shadow)

    # --- stacks --------------------------------------------------------------------------

    def _piles(self, surface: pygame.Surface, moving: set[int]) -> None:
        scene = self.scene
        view, lay, art = scene.view, scene.layout, scene.art
        sides = scene.setup.rules.sides
        counts = [0] * sides
        stock = 0
        for card, place in view.places.items():
            if id(view.sprites[card]) in moving:
                continue
            if place[0] == "pile":
                counts[place[1]] += 1
            elif place[0] == "stock":
                stock += 1
        for side in range(sides):
            for card in view.markers[side]:
                sprite = view.sprites[card]
                if id(sprite) not in moving:
                    draw_sprite(surface, art, sprite)
            centre = lay.pile_centre(side, sides)
            draw_stack(surface, art, centre, lay.pile_w, counts[side], turned=True)
            if counts[side]:
                label = self.text.render("ui_bold", lay.font_small, str(counts[side]), CREAM)
                box = FRect(label.get_rect()).inflate(lay.margin * 0.8, lay.margin * 0.3)
                outward = -1 if centre[0] > lay.size[0] * 0.75 else 1
                box.center = (
                    centre[0] + outward * (lay.pile_h * 0.5 + lay.margin * 0.4 + box.width / 2),
                    centre[1],
                )
                panel(surface, box, lay.unit, alpha=190)
                surface.blit(label, label.get_rect(center=box.center))
        if stock:
            draw_stack(surface, art, lay.stock_centre, lay.table_w, stock)
            label = self.text.render(
                "ui", lay.font_small, count(scene.app.t, "table.stock", stock), SOFT
            )
            x, y = lay.stock_centre
            surface.blit(label, label.get_rect(midtop=(x, y + lay.table_h * 0.58)))

    # --- names and scores -----------------------------------------------------------------

    def _plates(self, surface: pygame.Surface) -> None:
        scene = self.scene
        match = scene.match
        lay = scene.layout
        t = scene.app.t
        seats = scene.seats
        turn = None if match.over else match.turn
        for seat, config in enumerate(scene.setup.seats):
            if config.human:
                detail = count(t, "table.in_hand", len(scene.view.hands[seat]))
            else:
                key = f"level_tag_{config.level}"
                detail = t(key) if _has(t, key) else config.level
            active = seat == turn and scene.cover is None
            dealer = seat == scene.director.shown.dealer
            plate = Plate(seats.seat_name(seat), detail, active, dealer, t("table.dealer_mark"))
            rect = lay.place_of(seat).name_rect
            draw_plate(surface, rect, plate, lay, self.text, scene.pulse if active else 0.0)

    def hud_texts(self) -> tuple[str, str, str]:
        """The score panel's lines around the scores: what the match is played to, the
        round, and the deal within the round ("Si gioca agli 11", "Smazzata 2",
        "Distribuzione 3 di 6")."""
        scene = self.scene
        rules, t, shown = scene.match.rules, scene.app.t, scene.director.shown
        deals = rules.deals_per_round
        return (
            target_line(t, rules.target),
            t("table.round", n=shown.round_no),
            t("table.deal", n=shown.deal_no, total=deals),
        )

    def _hud(self, surface: pygame.Surface) -> None:
        scene = self.scene
        match, lay, t = scene.match, scene.layout, scene.app.t
        rules = match.rules
        u = lay.unit
        rows = []
        shown = scene.director.shown
        for side in range(rules.sides):
            pile = scene.view.count("pile", side) + len(scene.view.markers[side])
            scope = len(scene.view.markers[side])
            rows.append((scene.side_name(side), shown.totals[side], pile, scope))
        box = FRect(
            lay.hud_rect.left, lay.hud_rect.top, lay.hud_rect.width, lay.hud_height(len(rows))
        )
        panel(surface, box, u, alpha=160)
        left, right = box.left + lay.margin * 0.7, box.right - lay.margin * 0.7
        y = box.top + lay.margin * 0.5
        target, round_line, deal_line = self.hud_texts()
        head = self.text.render("ui", lay.font_small, target, GOLD)
        surface.blit(head, (left, y))
        small = self.text.render("ui", lay.font_small, round_line, SOFT)
        surface.blit(small, small.get_rect(topright=(right, y)))
        y += lay.font_normal * 1.1
        for side, (name, total, pile, scope) in enumerate(rows):
            active = not match.over and rules.side_of(match.turn) == side
            label = self.text.render("ui_bold", lay.font_normal, name, CREAM if active else SOFT)
            surface.blit(label, (left, y))
            score = self.text.render("ui_bold", round(lay.font_normal * 1.25), str(total), GOLD)
            surface.blit(score, score.get_rect(topright=(right, y)))
            extra = f"{count(t, 'table.taken', pile)}  ·  {count(t, 'table.scope', scope)}"
            small = self.text.render("ui", lay.font_small, extra, SOFT)
            surface.blit(small, (left, y + lay.font_normal * 1.15))
            y += lay.font_normal * 2.3
        small = self.text.render("ui", lay.font_small, deal_line, SOFT)
        surface.blit(small, (left, y))

    def _status(self, surface: pygame.Surface) -> None:
        scene = self.scene
        lay, t = scene.layout, scene.app.t
        text = ""
        colour = CREAM
        if scene.message_left > 0:
            text, colour = scene.message, (255, 190, 150)
        elif scene.mode == "watch":
            text = t("table.watch_fast" if scene.fast_forward else "table.watch_hint")
            colour = SOFT
        elif scene.human_to_play is not None and scene.choice is None:
            name = scene.seats.seat_name(scene.human_to_play)
            text = (
                t("table.your_turn_named", name=name)
                if scene.mode == "hotseat"
                else t("table.your_turn")
            )
        elif (
            not scene.match.over
            and scene.match.turn not in scene.humans
            and not scene.director.busy
        ):
            text, colour = t("table.thinking", name=scene.seats.seat_name(scene.match.turn)), SOFT
        if not text:
            return
        label = self.text.render("ui", lay.font_normal, text, colour)
        box = FRect(label.get_rect()).inflate(lay.margin * 1.4, lay.margin * 0.6)
        box.center = lay.status_centre
        panel(surface, box, lay.unit, alpha=150)
        surface.blit(label, label.get_rect(center=box.center))


def _has(t: Callable[..., str], key: str) -> bool:
    return t(key) != key
