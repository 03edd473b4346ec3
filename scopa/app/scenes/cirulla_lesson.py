"""What Cirulla changes: a walkthrough of dealt positions, reached from the rules' Cirulla
pages.

Each lesson shows the table and the player's hand with real cards (the Genoese ones unless
the player chose a deck), asks for one move, and lets the engine make it: a card is played
by clicking it or dragging it onto the table (or with the keyboard), a capture chosen among
the engine's options (with a button, by clicking a card of the table it takes, or by letting
the card dragged go on it), a hand shown with the Knock button
and the matta named. A move the lesson does not ask for is
refused with a word of why; the lessons themselves are in ``scopa.aids.cirulla_lessons``.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import pygame

from scopa.aids.cirulla_lessons import RULES, YOU, Walkthrough
from scopa.engine import (
    Captured,
    Card,
    DealerBonus,
    Declared,
    Move,
    Rules,
    cards_of,
    parse_cards,
)

from .. import style
from ..style import Metrics
from ..table.knock import digit
from ..widgets import Button, Widget
from ..wording import card_name, deck_text
from .base import MenuScene

TAKE = (60, 160, 90)
DRAG_START = 0.15
"""How far a card of the hand is moved, in shares of its width, before it is dragged (less
is a click's wobble)."""
FELT = ("lessons.table", "lessons.opening")
"""The rows of cards lying on the table (drawn on the cloth)."""


MATTA = Card(7, "C")
"""The matta of the lessons: the seven of cups (of hearts in a French deck)."""


class CardButton(Widget):
    """A card of the player's hand: clicked (or Enter) to play it, or dragged onto the
    table (onto a card it takes, to choose that capture), as at the table."""

    def __init__(
        self, scene: CirullaLessonScene, card: Card, on_click: Callable[[Card], None]
    ) -> None:
        super().__init__(enabled=lambda: bool(scene.walk.options(card)))
        self.scene, self.card, self.on_click = scene, card, on_click
        self.pressed_at: tuple[int, int] | None = None
        self.held_at: tuple[int, int] | None = None
        """Where the card is carried to (None: not dragged, or not far enough yet)."""

    def activate(self) -> None:
        if self.enabled:
            self.on_click(self.card)

    def press(self, pos: tuple[int, int]) -> None:
        self.pressed_at, self.held_at = pos, None

    def drag(self, pos: tuple[int, int]) -> None:
        start = self.pressed_at
        if start is None:
            return
        if self.held_at is not None or math.dist(pos, start) >= DRAG_START * self.rect.w:
            self.held_at = pos

    def cancel(self) -> None:
        self.pressed_at = self.held_at = None  # back in the hand

    def release(self, pos: tuple[int, int]) -> None:
        dropped, self.pressed_at, self.held_at = self.held_at is not None, None, None
        if not dropped:
            super().release(pos)
        elif self.enabled:
            self.scene.drop(self.card, pos)

    def draw(self, surface: pygame.Surface, m: Metrics, focused: bool, hovered: bool) -> None:
        if self.held_at is not None:
            return  # carried: drawn over everything (``CirullaLessonScene.draw_overlay``)
        hot = (focused or hovered) and self.enabled
        picked = self.scene.picked() is self.card
        art = style.menu_art(self.scene.app, self.scene.deck)
        style.draw_card(
            surface, art, self.card, self.rect.center, self.rect.w,
            lifted=hot or picked, glow=style.GOLD if hot or picked else None,
        )  # fmt: skip
        self.scene.matta_tag(surface, self.card, self.rect.center, self.rect.w)


class TableCardButton(Widget):
    """A card on the table: once a card of the hand is picked, clicking one of the cards
    it may take chooses the capture that takes it (or narrows the choice to those)."""

    def __init__(self, scene: CirullaLessonScene, card: Card) -> None:
        super().__init__(enabled=lambda: any(card in move.captures for move in scene.offered))
        self.scene, self.card = scene, card

    def activate(self) -> None:
        if self.enabled:
            self.scene.take(self.card)

    def draw(self, surface: pygame.Surface, m: Metrics, focused: bool, hovered: bool) -> None:
        hot = (focused or hovered) and self.enabled
        glow = style.GOLD if hot else TAKE if self.card in self.scene.glowing() else None
        art = style.menu_art(self.scene.app, self.scene.deck)
        style.draw_card(surface, art, self.card, self.rect.center, self.rect.w, glow=glow)
        self.scene.matta_tag(surface, self.card, self.rect.center, self.rect.w)


class CirullaLessonScene(MenuScene):
    """Opens at the lesson the player left the walkthrough at (kept in the settings, from
    one run to the next: a player called away at the eighth lesson solved seven again);
    Next passes the lessons already solved."""

    def build(self) -> None:
        self.walk = Walkthrough()
        settings = self.app.settings
        last = len(self.walk.lessons) - 1
        self.solved = min(settings.cirulla_solved, len(self.walk.lessons))
        self.walk.go(min(settings.cirulla_lesson, self.solved, last))
        self.choices: list[Button] = []
        self.offered: tuple[Move, ...] = ()
        """The moves the ``choices`` make, in the same order."""
        self.hand_buttons: list[CardButton] = []
        self.card_buttons: dict[Card, CardButton] = {}
        """One button per card, kept across layouts so the keyboard's focus stays on it."""
        self.table_buttons: dict[Card, TableCardButton] = {}
        self.back_button = Button(self.tr("close"), self.back)
        self.prev_button = Button(
            self.tr("rules_prev"), lambda: self.go(self.walk.index - 1),
            enabled=lambda: self.walk.index > 0,
        )  # fmt: skip
        self.next_button = Button(
            self.tr("rules_next"),
            lambda: self.go(self.walk.index + 1),
            primary=True,
            enabled=lambda: (
                (self.walk.done or self.walk.index < self.solved)
                and self.walk.index < len(self.walk.lessons) - 1
            ),
        )
        self.knock_button = Button(
            self.tr("cirulla.knock"),
            lambda: self.offer(None),
            primary=True,
            enabled=lambda: bool(self.walk.options(None)),
        )

    @property
    def lessons(self) -> tuple:
        return self.walk.lessons

    @property
    def deck(self) -> str:
        return self.app.settings.deck_for(RULES)

    # --- the player's moves ----------------------------------------------------------------

    def go(self, index: int) -> None:
        self.walk.go(index)
        self._keep_place()
        self.choices, self.offered = [], ()
        self.layout()
        self._focus_onward()

    def _focus_onward(self) -> None:
        """The keys' focus where a player goes on from: the lesson's first card to play, or
        Next once the lesson is solved (Enter after a lesson solved went to Close, and left
        the walkthrough; a new lesson began with nothing focused)."""
        if self.walk.lesson.plays and not self.walk.done and self.hand_buttons:
            self.form.set_focus(self.hand_buttons[0])
        elif self.next_button.enabled:
            self.form.set_focus(self.next_button)

    def offer(self, card: Card | None) -> None:
        """The moves of ``card`` (or the declarations): made at once when there is one, else
        offered as a choice of buttons."""
        self._offer_moves(self.walk.options(card))

    def take(self, target: Card) -> None:
        """A card of the table was clicked: the capture offered that takes it is made (the
        choice narrows to those that do when there are several)."""
        moves = tuple(move for move in self.offered if target in move.captures)
        if moves:
            self._offer_moves(moves)

    def drop(self, card: Card, pos: tuple[int, int]) -> None:
        """``card`` dragged from the hand and let go at ``pos``: on a card of the table it
        may take, that capture (as clicking the card, then that one); anywhere else on the
        table's cloth, as clicking it; elsewhere it goes back to the hand."""
        spots = [w for w in self.form.widgets if isinstance(w, TableCardButton)]
        target = next((spot for spot in spots if spot.rect.collidepoint(pos)), None)
        if target is not None:
            self.offer(card)
            if self.picked() == card:  # several captures: the one of the card it was let go on
                self.take(target.card)
            return
        if self.felt().collidepoint(pos):
            self.offer(card)

    def felt(self) -> pygame.Rect:
        """The table's cloth in the picture (where a card dragged there is played)."""
        for (key, cards, _), (_, cards_box) in zip(self.rows(), self.row_boxes, strict=False):
            if key == "lessons.table":
                step = round(self.card_w * 1.12)
                width = step * max(4, len(cards)) + self.m.px(0.014)
                return pygame.Rect(cards_box.left, cards_box.top, width, cards_box.h)
        return pygame.Rect(0, 0, 0, 0)

    def picked(self) -> Card | None:
        """The card of the hand whose captures are offered."""
        moves = [move for move in self.offered if not move.is_declaration]
        return moves[0].card if moves else None

    def glowing(self) -> frozenset[Card]:
        """The table cards the choice under the pointer (or the keyboard's focus) takes."""
        for widget in (self.form.hover, self.form.focus if self.form.keyboard_used else None):
            if widget in self.choices:
                return frozenset(self.offered[self.choices.index(widget)].captures)
        return frozenset()

    def _offer_moves(self, moves: tuple[Move, ...]) -> None:
        if len(moves) == 1:
            self.make(moves[0])
            return
        self.offered = moves
        if any(move in self.walk.lesson.moves for move in moves):
            # on the way to the move asked for: the refusal of a move before it goes (it
            # stayed over the choice, and its longer words pushed the buttons down)
            self.walk.refused = None
        self.choices = [Button(self._choice_words(move), self._maker(move)) for move in moves]
        self.layout()
        if self.choices:
            self.form.set_focus(self.choices[0])

    def _maker(self, move: Move) -> Callable[[], None]:
        return lambda: self.make(move)

    def _choice_words(self, move: Move) -> Callable[[], str]:
        if move.is_declaration:
            return self.tr("cirulla.matta_as", n=move.named)
        ranks = sorted((card.rank for card in move.captures), reverse=True)
        values = " + ".join(str(rank) for rank in ranks)
        return self.tr("lessons.take", cards=values)

    def make(self, move: Move) -> None:
        self.walk.play(move)
        self._keep_place()
        self.choices, self.offered = [], ()
        self.layout()
        if self.walk.done:
            self._focus_onward()

    def withdraw(self) -> None:
        """The choice of captures closes, nothing played, the card chosen focused again (as
        Escape takes a card back at the table)."""
        card = self.picked()
        self.choices, self.offered = [], ()
        self.layout()
        button = self.card_buttons.get(card) if card is not None else None
        if button is not None and button in self.form.widgets:
            self.form.set_focus(button)

    def _keep_place(self) -> None:
        """The lesson the walkthrough is at, and the lessons solved, kept in the settings
        (the first lesson once the last is solved: the walkthrough starts over). A lesson
        only to read is solved as it is shown."""
        if self.walk.done and self.walk.index >= self.solved:
            self.solved = self.walk.index + 1
        last = self.walk.index == len(self.walk.lessons) - 1
        at = 0 if last and self.walk.done else self.walk.index
        settings = self.app.settings
        if (settings.cirulla_lesson, settings.cirulla_solved) != (at, self.solved):
            self.app.settings = settings.with_(cirulla_lesson=at, cirulla_solved=self.solved)
            self.app.save_settings()

    def try_answer(self) -> None:
        """Make the lesson's first move (what a player who follows the lesson does)."""
        if self.walk.lesson.plays and not self.walk.done:
            self.make(self.walk.lesson.moves[0])

    def back(self) -> None:
        """Close the walkthrough; it opens again at this lesson (at the first, once the last
        is done)."""
        self._keep_place()
        super().back()

    def handle(self, event: pygame.event.Event) -> bool:
        """K knocks, as at the table (the rules' page of keys says so), when the lesson
        shows its Knock button; a digit names the matta's value among those offered, as
        the table's picker takes it (0 the king)."""
        named = digit(event) if event.type == pygame.KEYDOWN else None
        if named is not None:
            for button, move in zip(self.choices, self.offered, strict=False):
                if move.is_declaration and move.named == named:
                    button.activate()
                    return True
        if (
            event.type == pygame.KEYDOWN
            and event.key == pygame.K_k
            and self.knock_button in self.form.widgets
            and self.knock_button.enabled
        ):
            self.knock_button.activate()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and self.offered:
            self.withdraw()  # the card goes back, as at the table: the lessons stay open
            return True
        return super().handle(event)

    # --- words -----------------------------------------------------------------------------

    def _words(self) -> dict[str, object]:
        """The words a lesson's texts take: the matta (opening a sentence in every lesson
        that names it), the value it was named, and the target the player's Cirulla is
        played to (the rules pages name it too)."""
        named = next((e.named for e in self.walk.events if isinstance(e, Declared)), 0)
        opening = self.walk.round.opening if self.walk.round is not None else ()
        bonus = next((e for e in opening if isinstance(e, DealerBonus)), None)
        return {
            "matta": card_name(self.t, MATTA, self.deck, start=True),
            "named": named or (bonus.named if bonus else 0),
            "target": self._players_cirulla().target,
        }

    def _players_cirulla(self) -> Rules:
        """The Cirulla the player chose in the settings, or the lessons' own."""
        rules = self.app.settings.rules
        return rules if rules.cirulla else RULES

    def _scored_otherwise(self) -> bool:
        """Whether the player's Cirulla scores otherwise than the lessons say: no cappotto,
        a piccola to the 7, or Dossena's scale."""
        rules = self._players_cirulla()
        return any(
            getattr(rules, name) != getattr(RULES, name)
            for name in ("cappotto", "piccola_max", "dossena_scale")
        )

    def heading(self) -> str:
        return self.t(f"lessons.{self.walk.lesson.key}.title")

    def message(self) -> tuple[str, str]:
        """What the coach says now, and how: 'ask', 'done' or 'refused'."""
        key = self.walk.lesson.key
        words = self._words()
        if self.walk.lesson.plays and self.walk.done:
            return deck_text(self.t, f"lessons.{key}.done", self.deck, **words), "done"
        ask = deck_text(self.t, f"lessons.{key}.ask", self.deck, **words)  # diamonds: French
        if key == "scoring" and self._scored_otherwise():
            ask = f"{ask} {self.t('lessons.scoring.yours')}"
        if self.walk.refused is not None:
            return self.t("lessons.not_this", ask=ask), "refused"
        if not self.walk.lesson.plays and self.walk.index == len(self.walk.lessons) - 1:
            # the last, to read: that it is the last (Next only greyed, nothing said)
            return f"{ask}\n{self.t('lessons.finished')}", "done"
        return ask, "ask"

    # --- what is shown ---------------------------------------------------------------------

    def rows(self) -> list[tuple[str, tuple[Card, ...], bool]]:
        """The rows of cards: (label key, cards, on the felt)."""
        lesson, walk = self.walk.lesson, self.walk
        if not lesson.plays:
            return [(label, parse_cards(cards), label in FELT) for label, cards in lesson.rows]
        assert walk.round is not None
        rows = [("lessons.table", cards_of(walk.round.table), True)]
        rows.append(("lessons.hand", cards_of(walk.round.hands[YOU]), False))
        taken = [e for e in walk.events if isinstance(e, Captured)]
        if taken:
            rows.append(("lessons.taken", (taken[0].card, *taken[0].cards), False))
        return rows

    # --- layout ----------------------------------------------------------------------------

    def _text_pen(self) -> style.Pen:
        return self.m.pen("text", style.TEXT * 1.12, style.INK)

    def layout(self) -> None:
        m = self.m
        focus = self.form.focus
        self.form.clear()
        inner = self.place_sheet(1.72, 0.95, 0.09, 0.05)
        button_h, gap = m.px(0.068), m.px(style.SPACE_M)
        width = m.px(0.3)
        bottom = inner.bottom - button_h
        self.back_button.place(pygame.Rect(inner.left, bottom, width, button_h))
        self.next_button.place(pygame.Rect(inner.right - width, bottom, width, button_h))
        self.prev_button.place(pygame.Rect(inner.right - 2 * width - gap, bottom, width, button_h))
        top = self.heading_box.bottom + m.px(0.03)
        body = pygame.Rect(inner.left, top, inner.w, bottom - gap - top)
        split = round(body.w * 0.42)
        self.text_box = pygame.Rect(body.left, body.top, split - gap, body.h)
        self.picture = pygame.Rect(body.left + split + gap, body.top, body.w - split - gap, body.h)
        words, _ = self.message()
        used = style.fit(words, self._text_pen(), self.text_box.w, 1 << 16, lines=0).height
        y = self.text_box.top + used + gap
        buttons = list(self.choices)
        knocks = any(move.is_declaration for move in self.walk.lesson.moves)
        if not buttons and knocks and not self.walk.done:
            buttons = [self.knock_button]
        choice_h = m.px(0.06)
        for button in buttons:
            button.place(
                pygame.Rect(self.text_box.left, y, min(self.text_box.w, m.px(0.5)), choice_h)
            )
            self.form.add(button)
            y += choice_h + gap // 2
        self.text_box.h = used + 2
        self._place_cards()
        for button in (self.back_button, self.prev_button, self.next_button):
            self.form.add(button)
        if focus in self.form.widgets:
            self.form.focus = focus

    def _place_cards(self) -> None:
        m = self.m
        rows = self.rows()
        label_h = style.line_height(m.pen("ui", style.SMALL, style.INK_SOFT))
        pad = m.px(0.02)
        slots = 3
        # Each row: its label, then its cards with half a pad above and below, then a pad
        # to the next row. The cards taken glow in the last row: their halo keeps off their
        # label, and stays inside the picture, above the buttons and the lesson's number
        # written between them.
        room = self.picture.h - slots * (label_h + 2 * pad)
        by_width = style.card_height(self.picture.w / (5 * 1.12))
        largest = min(room / slots, by_width, m.px(0.22))
        halo = style.menu_art(self.app, self.deck).glow_reach(style.card_width_for(largest))
        lift = max(0, halo - pad // 2)  # the cards taken sit lower under their label
        by_height = (room + pad * 1.5 - halo - lift) / slots
        self.card_h = round(max(m.px(0.08), min(by_height, by_width, m.px(0.22))))
        self.card_w = style.card_width_for(self.card_h)
        self.row_boxes: list[tuple[pygame.Rect, pygame.Rect]] = []
        self.hand_buttons = []
        y = self.picture.top
        step = round(self.card_w * 1.12)
        for label, cards, _ in rows:
            label_box = pygame.Rect(self.picture.left, y, self.picture.w, label_h)
            below = label_h + (lift if label == "lessons.taken" else 0)
            cards_box = pygame.Rect(self.picture.left, y + below, self.picture.w, self.card_h + pad)
            self.row_boxes.append((label_box, cards_box))
            if label == "lessons.table" and self.walk.lesson.plays:
                x = cards_box.left + m.px(0.007) + (step - self.card_w) // 2
                for card in cards:
                    spot = self.table_buttons.get(card)
                    if spot is None:
                        spot = self.table_buttons[card] = TableCardButton(self, card)
                    spot.place(pygame.Rect(x, cards_box.top + pad // 2, self.card_w, self.card_h))
                    self.form.add(spot)
                    x += step
            if label == "lessons.hand" and self.walk.lesson.plays:
                x = cards_box.left + m.px(0.014)
                for card in cards:
                    button = self.card_buttons.get(card)
                    if button is None:
                        button = self.card_buttons[card] = CardButton(self, card, self.offer)
                    button.place(pygame.Rect(x, cards_box.top + pad // 2, self.card_w, self.card_h))
                    self.hand_buttons.append(button)
                    self.form.add(button)
                    x += step
            y = cards_box.bottom + pad

    def draw_content(self, surface: pygame.Surface) -> None:
        m = self.m
        self.draw_sheet(surface, self.heading())
        words, mood = self.message()
        color = {"ask": style.INK, "done": style.GREEN, "refused": style.LACQUER}[mood]
        pen = self._text_pen().tinted(color)
        style.text(surface, words, pen, self.text_box, valign="top", lines=0)
        label = m.pen("ui", style.SMALL, style.INK_SOFT)
        art = style.menu_art(self.app, self.deck)
        step = round(self.card_w * 1.12)
        for (key, cards, felt), (label_box, cards_box) in zip(self.rows(), self.row_boxes):
            style.text(surface, self._row_label(key), label, label_box)
            if felt:
                width = step * max(4, len(cards)) + m.px(0.014)
                cloth = pygame.Rect(cards_box.left, cards_box.top, width, cards_box.h)
                flat = style.cloth(self.app.settings.felt).flat
                pygame.draw.rect(surface, flat, cloth, border_radius=m.px(0.012))
                pygame.draw.rect(
                    surface, style.WOOD, cloth, max(1, m.px(0.004)), border_radius=m.px(0.012)
                )
            if key in ("lessons.hand", "lessons.table") and self.walk.lesson.plays:
                continue  # the cards of the hand and the table are buttons
            x = cards_box.left + m.px(0.007) + (step - self.card_w) // 2 + self.card_w // 2
            glow = TAKE if key == "lessons.taken" else None
            for card in cards:
                style.draw_card(surface, art, card, (x, cards_box.centery), self.card_w, glow=glow)
                self.matta_tag(surface, card, (x, cards_box.centery), self.card_w)
                x += step

    def _row_label(self, key: str) -> str:
        if key == "lessons.table" and self.walk.round is not None and not self.walk.round.table:
            return self.t("lessons.table_empty")
        return self.t(key)

    def progress_box(self) -> pygame.Rect:
        """Where the lesson's number is written: between Close and Previous."""
        left, right = self.back_button.rect.right, self.prev_button.rect.left
        between = pygame.Rect(
            left, self.back_button.rect.top, right - left, self.back_button.rect.h
        )
        return between.inflate(-self.m.px(style.SPACE_M), 0)

    def draw_overlay(self, surface: pygame.Surface) -> None:
        pen = self.m.pen("ui", style.SMALL, style.INK_SOFT)
        words = self.t("lessons.progress", n=self.walk.index + 1, total=len(self.lessons))
        style.text(surface, words, pen, self.progress_box(), align="center")
        carried = next((b for b in self.hand_buttons if b.held_at is not None), None)
        if carried is not None and carried.held_at is not None:
            art = style.menu_art(self.app, self.deck)
            style.draw_card(
                surface, art, carried.card, carried.held_at, carried.rect.w, lifted=True
            )
            self.matta_tag(surface, carried.card, carried.held_at, carried.rect.w)

    def matta_tag(
        self, surface: pygame.Surface, card: Card, centre: tuple[float, float], width: float
    ) -> None:
        """On the matta, once named, the value it takes as ("= 2"), as the table writes it
        on the card (the lesson showed a plain 7 after "The matta as 2")."""
        named = self._words()["named"]
        if card != MATTA or not named:
            return
        label = self.t("table.matta_badge", n=named)
        pen = self.m.pen("ui_bold", style.SMALL, style.NIGHT)
        area = style.card_tag_area(label, pen, centre, width, self.m.px(style.SPACE_S))
        style.draw_tag(surface, label, pen, area)


__all__ = ["CardButton", "CirullaLessonScene", "TableCardButton"]
