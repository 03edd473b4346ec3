"""The learning aids on the table: hint, undo, the last capture and the card tracker.

A row of small buttons in the top-right corner, each with a key: H asks Master for a hint
(its card is raised, the cards it takes glow, the reason is written above the hand), U takes
your last play back when you play alone against computers, holding Tab (or the button)
shows the last card played and the last capture of every seat, T shows which ranks are still
unseen. What each aid says is decided in ``scopa.aids``; this layer only asks and draws.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame
from pygame import FRect

from scopa.ai import hint
from scopa.aids import review, track, undo_allowed, undo_point
from scopa.aids.undo import plays_back
from scopa.engine import Card, Match, Move, Observation

from ..ai_worker import AiWorker
from ..wording import card_list, rank_label
from .hud import CREAM, GOLD, SOFT, panel

if TYPE_CHECKING:
    from .scene import TableScene

FEATURES = ("hint", "undo", "review", "tracker")
HINT_COLOUR = (130, 236, 160)
KEYS = {pygame.K_h: "hint", pygame.K_u: "undo", pygame.K_t: "tracker"}
REVIEW_KEY = pygame.K_TAB


def hint_job(level: str, seed: int, obs: Observation) -> Any:
    """Master's move and its reason (runs off the render loop, like a computer's move).

    No wall-clock limit: the node budget alone bounds the search, so the hint is the move
    ``make_player("master", seed, time_limit=0)`` plays, however busy the machine is.
    """
    return hint(obs, seed, time_limit=0)


def hint_seed(match: Match) -> int:
    return (match.seed * 104729 + len(match.moves())) & ((1 << 62) - 1)


@dataclass
class AidButton:
    name: str
    rect: FRect
    enabled: bool
    active: bool


class AidsLayer:
    """Owned by the table scene, which forwards input, time and drawing to it."""

    def __init__(self, scene: TableScene, features: tuple[str, ...] = FEATURES) -> None:
        self.scene = scene
        self.features = tuple(name for name in FEATURES if name in features)
        self.tracker_on = False
        self.reviewing = False
        self.hint: Any = None
        self.hint_match: Match | None = None
        self.asking_for: Match | None = None
        self.pointer: tuple[int, int] = (-1, -1)
        self._pressed: str | None = None
        self._tracked: tuple | None = None
        mode = "inline" if scene.worker.mode == "inline" else "thread"
        self.worker = AiWorker(hint_job, mode=mode)

    @property
    def busy(self) -> bool:
        """A hint is being worked out: the frame that shows it must be drawn."""
        return self.asking_for is not None

    # --- what is offered now -----------------------------------------------------------

    @property
    def seat(self) -> int | None:
        """The seat whose point of view the aids take (None when no one's may be shown)."""
        scene = self.scene
        if scene.cover is not None or scene.mode == "watch":
            return None
        if scene.mode == "solo":
            return scene.humans[0]
        return scene.viewer

    def available(self, name: str) -> bool:
        scene = self.scene
        if name not in self.features or self.seat is None:
            return False
        if name == "hint":
            return scene.human_to_play is not None and scene.choice is None
        if name == "undo":
            humans = [seat.human for seat in scene.setup.seats]
            return (
                undo_allowed(humans)
                and scene.choice is None
                and plays_back(scene.match, scene.humans[0]) > 0
            )
        return True

    def buttons(self) -> list[AidButton]:
        lay = self.scene.layout
        t = self.scene.app.t
        text = self.scene.painter.text
        height = lay.font_normal * 1.9
        right = lay.size[0] - lay.margin
        out: list[AidButton] = []
        for name in reversed(self.features):
            label = text.render("ui_bold", lay.font_small, t(f"aids.{name}"), CREAM)
            width = label.get_width() + lay.margin * 1.6
            rect = FRect(right - width, lay.margin, width, height)
            right = rect.left - lay.margin * 0.4
            active = (name == "tracker" and self.tracker_on) or (
                name == "review" and self.reviewing
            )
            if name == "hint":
                active = self.asking_for is not None or self._hint_shown()
            out.append(AidButton(name, rect, self.available(name), active))
        out.reverse()
        return out

    def _hint_shown(self) -> bool:
        return self.hint is not None and self.hint_match is self.scene.match

    # --- input -------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> bool:
        """React to the aids' keys and buttons; True when the event was theirs."""
        if self.seat is None:
            self.reviewing = False
            return False
        if event.type == pygame.KEYDOWN:
            mod = getattr(event, "mod", 0)
            if event.key == pygame.K_z and mod & pygame.KMOD_CTRL:
                return self.use("undo")
            if mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META):
                return False
            if event.key == REVIEW_KEY and "review" in self.features:
                self.reviewing = True
                return True
            name = KEYS.get(event.key)
            return self.use(name) if name is not None else False
        if event.type == pygame.KEYUP and event.key == REVIEW_KEY:
            self.reviewing = False
            return "review" in self.features
        if event.type == pygame.MOUSEMOTION:
            self.pointer = event.pos
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.scene.drag.active:
                return False
            hit = self._button_at(event.pos)
            if hit is None:
                return False
            self._pressed = hit.name
            if hit.name == "review" and hit.enabled:
                self.reviewing = True
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self._pressed:
            pressed, self._pressed = self._pressed, None
            if pressed == "review":
                self.reviewing = False
                return True
            hit = self._button_at(event.pos)
            if hit is not None and hit.name == pressed:
                self.use(pressed)
            return True
        return False

    def _button_at(self, pos: tuple[float, float]) -> AidButton | None:
        return next((b for b in self.buttons() if b.rect.collidepoint(pos)), None)

    def use(self, name: str) -> bool:
        """Run the aid ``name`` (a click or its key); True when it is offered here at all."""
        if name not in self.features:
            return False
        if name == "tracker":
            self.tracker_on = not self.tracker_on
        elif name == "hint":
            self.ask_hint()
        elif name == "undo":
            self.undo()
        elif name == "review":
            self.reviewing = not self.reviewing
        return True

    # --- the aids ----------------------------------------------------------------------

    def ask_hint(self) -> None:
        scene = self.scene
        if not self.available("hint"):
            return
        if self._hint_shown():
            scene.show_hint(self.hint.move)
            return
        seat = scene.human_to_play
        assert seat is not None
        self.asking_for = scene.match
        self.worker.request("master", hint_seed(scene.match), scene.match.observe(seat))
        self._collect_hint()

    def _collect_hint(self) -> None:
        answer = self.worker.poll()
        if answer is None:
            return
        asked, self.asking_for = self.asking_for, None
        scene = self.scene
        if isinstance(answer, BaseException) or asked is not scene.match:
            return
        if answer.move not in scene.match.legal_moves():
            return
        self.hint, self.hint_match = answer, asked
        scene.show_hint(answer.move)

    def undo(self) -> None:
        """Take back the human's last play and the computers' replies after it."""
        scene = self.scene
        t = scene.app.t
        humans = [seat.human for seat in scene.setup.seats]
        if not undo_allowed(humans):
            scene.app.notify(t("aids.undo_hotseat"), 3.0)
            return
        point = undo_point(scene.match, scene.humans[0]) if scene.choice is None else None
        if point is None:
            scene.app.notify(t("aids.undo_nothing"), 3.0)
            return
        self.hint = None
        scene.set_match(point.match, undone=True)
        scene.app.notify(t("aids.undo_done"), 2.5)

    def update(self, dt: float) -> None:
        if self.asking_for is not None:
            if self.asking_for is not self.scene.match:
                self.worker.cancel()
                self.asking_for = None
            else:
                self._collect_hint()
        if self.hint is not None and self.hint_match is not self.scene.match:
            self.hint = None

    def close(self) -> None:
        self.worker.close()

    # --- drawing -----------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        if self.seat is None:
            return
        for button in self.buttons():
            self._draw_button(surface, button)
        if self.tracker_on:
            self._draw_tracker(surface)
        if self._hint_shown():
            self._draw_hint(surface)
        if self.reviewing:
            self._draw_review(surface)

    def _draw_button(self, surface: pygame.Surface, button: AidButton) -> None:
        lay = self.scene.layout
        t = self.scene.app.t
        hovered = button.enabled and button.rect.collidepoint(self.pointer)
        border = GOLD if button.active or hovered else (110, 130, 110)
        panel(surface, button.rect, lay.unit, border=border, alpha=200 if button.enabled else 110)
        colour = CREAM if button.enabled else (120, 130, 120)
        if button.active:
            colour = GOLD
        label = self.scene.painter.text.render(
            "ui_bold", lay.font_small, t(f"aids.{button.name}"), colour
        )
        surface.blit(label, label.get_rect(center=button.rect.center))

    def _below_buttons(self) -> float:
        lay = self.scene.layout
        return lay.margin + lay.font_normal * 1.9 + lay.margin * 0.4

    def _draw_tracker(self, surface: pygame.Surface) -> None:
        scene = self.scene
        seat = self.seat
        if seat is None:
            return
        lay, t, text = scene.layout, scene.app.t, scene.painter.text
        counts = self._counts(seat)
        cell = lay.font_normal * 1.55
        title = text.render("ui", lay.font_small, t("aids.tracker_title"), GOLD)
        width = max(cell * len(counts), title.get_width()) + lay.margin * 1.2
        height = lay.font_normal * 3.3 + 9 * max(2.0, lay.unit * 4.5)
        box = FRect(lay.size[0] - lay.margin - width, self._below_buttons(), width, height)
        panel(surface, box, lay.unit, border=GOLD, alpha=200)
        surface.blit(title, (box.left + lay.margin * 0.6, box.top + lay.margin * 0.25))
        top = box.top + lay.margin * 0.35 + title.get_height()
        pip = max(2.0, lay.unit * 4.5)
        for k, item in enumerate(counts):
            x = box.centerx + cell * (k - (len(counts) - 1) / 2)
            colour = SOFT if item.gone else CREAM
            label = rank_label(t, item.rank, scene.app.settings.deck_style)
            rank = text.render("ui_bold", lay.font_small, label, colour)
            surface.blit(rank, rank.get_rect(midtop=(x, top)))
            number = text.render(
                "ui", lay.font_small, str(item.count), GOLD if item.count else SOFT
            )
            y = top + rank.get_height()
            surface.blit(number, number.get_rect(midtop=(x, y)))
            y += number.get_height() + pip * 1.4
            for p in range(4):
                row, col = divmod(p, 2)
                centre = (x + (col - 0.5) * pip * 2.6, y + row * pip * 2.6)
                if p < item.count:
                    pygame.draw.circle(surface, GOLD, centre, pip)
                else:
                    pygame.draw.circle(surface, (90, 110, 95), centre, pip, max(1, round(pip / 3)))

    def _counts(self, seat: int) -> tuple:
        """The tracker's counts, worked out once per position and seat."""
        key = (self.scene.match, seat)
        if self._tracked is None or self._tracked[0] != key:
            self._tracked = (key, track(self.scene.match.observe(seat)))
        return self._tracked[1]

    def hint_line(self) -> str:
        """The shown hint as the player reads it: the play, then why."""
        t = self.scene.app.t
        deck = self.scene.app.settings.deck_style
        move: Move = self.hint.move
        card = self.scene.card_name(move.card)
        if move.captures:
            play = t("aids.hint_takes", card=card, cards=card_list(t, move.captures, deck))
        else:
            play = t("aids.hint_lays", card=card)
        return t("aids.hint_line", play=play, reason=self.hint.text(t.language, deck))

    def _draw_hint(self, surface: pygame.Surface) -> None:
        scene = self.scene
        lay = scene.layout
        line = self.hint_line()
        label = scene.painter.text.render("ui", lay.font_normal, line, HINT_COLOUR)
        box = FRect(label.get_rect()).inflate(lay.margin * 1.4, lay.margin * 0.6)
        x, y = lay.status_centre
        box.center = (x, y - box.height * 1.15)
        panel(surface, box, lay.unit, border=HINT_COLOUR, alpha=200)
        surface.blit(label, label.get_rect(center=box.center))

    def _draw_review(self, surface: pygame.Surface) -> None:
        scene = self.scene
        lay, t, text, art = scene.layout, scene.app.t, scene.painter.text, scene.art
        rules = scene.match.rules
        rows = review(scene.match.round.history(), rules.players)
        names = [scene.seats.seat_name(seat) for seat in range(rules.players)]
        card_w = lay.mini_w
        card_h = art.face(Card.parse("1D"), card_w).get_height()
        row_h = card_h + lay.margin * 0.8
        name_w = (
            max(text.render("ui_bold", lay.font_normal, name, CREAM).get_width() for name in names)
            + lay.margin
        )
        played_head = text.render("ui", lay.font_small, t("aids.review_played"), SOFT)
        took_head = text.render("ui", lay.font_small, t("aids.review_took"), SOFT)
        played_w = max(card_w * 1.5, played_head.get_width() + lay.margin)
        took_w = max(card_w * 5.2, took_head.get_width())
        width = name_w + played_w + took_w + lay.margin * 2
        height = lay.font_large * 1.6 + row_h * len(rows) + lay.font_small * 1.6 + lay.margin
        box = FRect(0, 0, width, height)
        box.center = lay.table_rect.center
        panel(surface, box, lay.unit, border=GOLD, alpha=255)
        left = box.left + lay.margin
        title = text.render("title", lay.font_large, t("aids.review_title"), GOLD)
        surface.blit(title, title.get_rect(midtop=(box.centerx, box.top + lay.margin * 0.4)))
        y = box.top + lay.font_large * 1.6
        played_x = left + name_w
        took_x = played_x + played_w
        surface.blit(played_head, (played_x, y))
        surface.blit(took_head, (took_x, y))
        y += lay.font_small * 1.6
        for row in rows:
            name = text.render("ui_bold", lay.font_normal, names[row.seat], CREAM)
            surface.blit(name, (left, y + card_h / 2 - name.get_height() / 2))
            if row.last_play is not None:
                face = art.rotated(row.last_play.card, card_w, True, 0.0)
                surface.blit(face, (played_x, y))
            else:
                self._none(surface, played_x, y, card_h)
            if row.last_capture is not None:
                x = took_x
                cards = (row.last_capture.card, *row.last_capture.captures)
                room = box.right - lay.margin - took_x - card_w * 2.6
                step = min(card_w * 1.08, room / max(1, len(cards) - 2))
                for k, card in enumerate(cards):
                    face = art.rotated(card, card_w, True, 0.0)
                    surface.blit(face, (x, y))
                    if k == 0:
                        arrow = text.render("ui_bold", lay.font_normal, "→", GOLD)
                        surface.blit(
                            arrow, arrow.get_rect(center=(x + card_w * 1.3, y + card_h / 2))
                        )
                        x += card_w * 1.6
                    else:
                        x += step
            else:
                self._none(surface, took_x, y, card_h)
            y += row_h

    def _none(self, surface: pygame.Surface, x: float, y: float, card_h: float) -> None:
        lay = self.scene.layout
        dash = self.scene.painter.text.render("ui", lay.font_normal, "—", SOFT)
        surface.blit(dash, (x, y + card_h / 2 - dash.get_height() / 2))
