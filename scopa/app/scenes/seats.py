"""Who plays each seat of a match at one screen, changed mid-match from the menu.

Friends at one screen come and go: two go to bed, the others play on. A seat is handed to
the computer (at a level) or given back to its person, the match going on as it is, its
score and cards untouched: the table is laid again from the saved match with its new seats
(as Continue lays it). Two people at least still play at the screen (one alone is a match
against the computer, a new one), and the seats' names stay as they were.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from scopa.settings import OFFERED_LEVELS, SeatConfig

from .. import style
from ..widgets import Button, Choice
from ..wording import Seats
from .base import MenuScene

if TYPE_CHECKING:
    from ..app import App

PERSON = "person"
"""The choice of a seat played by a person at the screen (the others are levels)."""
LEAST_PEOPLE = 2
"""People who still play at the screen: the match stays one of several people here."""
ROW_H, ROW_GAP = 0.066, 0.014
"""A seat's row and the space between rows (of the reference height)."""


class SeatsScene(MenuScene):
    """A row a seat (its name, and a chooser: a person, or the computer at a level); Play
    on applies the change, Back leaves it as it was."""

    opaque = False
    OUTSIDE_GOES_BACK = True

    def __init__(self, app: App) -> None:
        coordinator = app.matches.current
        self.seats: list[SeatConfig] = list(coordinator.setup.seats)
        self.was = tuple(self.seats)
        super().__init__(app)

    def build(self) -> None:
        self.choices = [
            Choice(
                [
                    (PERSON, self.tr("ng_human")),
                    *((level, self._computer(level)) for level in OFFERED_LEVELS),
                ],
                self._getter(seat),
                self._setter(seat),
                hint=self.tr("seats.choice_hint"),
            )
            for seat in range(len(self.seats))
        ]
        for choice in self.choices:
            self.form.add(choice)
        self.back_button = Button(self.tr("back"), self.back)
        self.apply_button = Button(
            self.tr("seats.apply"), self.apply, primary=True, enabled=self.enough
        )
        self.form.add(self.back_button)
        self.form.add(self.apply_button)
        self.form.set_focus(self.choices[0])

    def _computer(self, level: str) -> Callable[[], str]:
        return lambda: self.t("seats.computer", level=self.t(f"level_{level}").lower())

    def _getter(self, seat: int) -> Callable[[], str]:
        return lambda: PERSON if self.seats[seat].human else self.seats[seat].level

    def _setter(self, seat: int) -> Callable[[str], None]:
        def choose(value: str) -> None:
            config = self.seats[seat]
            if value == PERSON:
                self.seats[seat] = SeatConfig(config.name, True, config.level)
            else:
                self.seats[seat] = SeatConfig(config.name, False, value)

        return choose

    def enough(self) -> bool:
        """Two people at least still play at the screen."""
        return sum(seat.human for seat in self.seats) >= LEAST_PEOPLE

    def note(self) -> str:
        """What the change does, or why it cannot be made."""
        return self.t("seats.note" if self.enough() else "seats.too_few")

    def apply(self) -> None:
        if not self.enough():
            return
        self.app.back()
        if tuple(self.seats) != self.was:
            self.app.matches.reseat(tuple(self.seats))

    def layout(self) -> None:
        m = self.m
        count = len(self.seats)
        rows = count * m.px(ROW_H) + (count - 1) * m.px(ROW_GAP)
        note_h = 2 * style.line_height(self._note_pen())
        button_h = m.px(0.074)
        hint_h = 2 * style.line_height(self._hint_pen())
        gap = m.px(style.SPACE_M)
        heading_h = style.line_height(m.pen("title", style.HEADING, style.INK))
        inside = heading_h + gap + rows + gap + note_h + gap + button_h + gap + hint_h
        inner = self.place_sheet(1.3, (inside + m.px(0.1)) / m.ref, 0.08, 0.05)
        top = self.heading_box.bottom + gap
        name_w = inner.w * 0.46
        self.name_boxes: list[pygame.Rect] = []
        for seat, choice in enumerate(self.choices):
            y = top + seat * (m.px(ROW_H) + m.px(ROW_GAP))
            self.name_boxes.append(pygame.Rect(inner.left, y, name_w, m.px(ROW_H)))
            choice.place(pygame.Rect(inner.left + name_w, y, inner.w - name_w, m.px(ROW_H)))
        y = top + rows + gap
        self.note_box = pygame.Rect(inner.left, y, inner.w, note_h)
        y = self.note_box.bottom + gap
        width = (inner.w - gap) // 2
        self.back_button.place(pygame.Rect(inner.left, y, width, button_h))
        self.apply_button.place(pygame.Rect(inner.right - width, y, width, button_h))
        y += button_h + gap
        self.hint_area = pygame.Rect(inner.left, y, inner.w, inner.bottom - y)

    def _note_pen(self) -> style.Pen:
        colour = style.INK_SOFT if self.enough() else style.LACQUER
        return self.m.pen("ui", style.ROW_NOTE, colour)

    def _hint_pen(self) -> style.Pen:
        return self.m.pen("ui", style.SMALL, style.INK_SOFT)

    def draw(self, surface: pygame.Surface) -> None:
        style.shade(surface, 140)
        m = self.m
        self.draw_sheet(surface, self.t("seats.heading"))
        pen = m.pen("ui_bold", style.ROW_TITLE, style.INK)
        seats = Seats(self.app.matches.current.setup, self.t)
        for seat, box in enumerate(self.name_boxes):
            name = f"{seat + 1}. {seats.seat_name(seat)}"
            style.text(surface, name, pen, box)
        style.text(surface, self.note(), self._note_pen(), self.note_box, align="center", lines=2)
        self.form.draw(surface, m)
        self.draw_hint(surface, self.hint_area, style.INK_SOFT)
