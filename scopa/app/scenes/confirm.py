"""A yes/no question over the current screen (abandon a match, ...), with a third answer
when there is one (a match left unfinished: go back to it, close it, or neither)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from .. import style
from ..widgets import Button, Text, resolve
from .base import MenuScene

if TYPE_CHECKING:
    from ..app import App


class ConfirmScene(MenuScene):
    """``on_yes`` runs after the dialog has closed; No, Esc or a click outside close it and
    run ``on_no``, if given. ``yes`` and ``no`` say what each answer does ("Abandon", "Keep
    playing")."""

    opaque = False
    OUTSIDE_GOES_BACK = True

    def __init__(
        self,
        app: App,
        question: Text,
        on_yes: Callable[[], None],
        *,
        yes: Text,
        no: Text,
        detail: Text = "",
        on_no: Callable[[], None] | None = None,
        other: Text = "",
        on_other: Callable[[], None] | None = None,
        other_first: bool = False,
        no_first: bool = False,
    ) -> None:
        """``other`` and ``on_other``: a third answer, between No and Yes; ``other_first``:
        that one is the answer the dialog puts forward (red), not Yes (a new match asked
        over a saved one: the red button, the one to press, threw the saved one away);
        ``no_first``: No is (the language spoken now, asked after damaged settings: the red
        button was the other language)."""
        self.question, self.detail, self.on_yes, self.on_no = question, detail, on_yes, on_no
        self.yes_text, self.no_text = yes, no
        self.other_text, self.on_other = other, on_other
        self.other_first = other_first and on_other is not None
        self.no_first = no_first and not self.other_first
        super().__init__(app)

    def build(self) -> None:
        self.no_button = Button(self.no_text, self.back, primary=self.no_first)
        forward = not (self.other_first or self.no_first)
        self.yes_button = Button(self.yes_text, self.confirm, primary=forward)
        self.other_button: Button | None = None
        self.form.add(self.no_button)
        if self.on_other is not None:
            self.other_button = Button(self.other_text, self.other, primary=self.other_first)
            self.form.add(self.other_button)
        self.form.add(self.yes_button)
        self.form.set_focus(self.no_button)
        self.form.keyboard_used = True

    def confirm(self) -> None:
        self.app.stack.pop()
        self.on_yes()

    def other(self) -> None:
        self.app.stack.pop()
        if self.on_other is not None:
            self.on_other()

    def back(self) -> None:
        self.app.stack.pop()
        if self.on_no is not None:
            self.on_no()

    def layout(self) -> None:
        m = self.m
        width = min(m.w, m.px(1.0 if self.other_button is None else 1.35))  # room for three
        pad_x, pad_y = m.px(style.SPACE_XL), m.px(0.035)
        text_w = width - 2 * pad_x
        question = style.fit(resolve(self.question), self._question_pen(), text_w, m.h, lines=0)
        detail = resolve(self.detail)
        detail_h = 0
        if detail:
            detail_h = style.fit(detail, self._detail_pen(), text_w, m.h, lines=0).height
        button_h, gap = m.px(0.072), m.px(style.SPACE_L)
        space = m.px(style.SPACE_M)
        height = 2 * pad_y + space + question.height + space + detail_h + gap + button_h
        self.panel = pygame.Rect(0, 0, width, min(m.h, height))
        self.panel.center = (m.w // 2, m.h // 2)
        inner = self.panel.inflate(-2 * pad_x, -2 * pad_y)
        self.question_box = pygame.Rect(inner.left, inner.top + space, inner.w, question.height)
        self.detail_box = pygame.Rect(inner.left, self.question_box.bottom + space, inner.w, 0)
        self.detail_box.h = detail_h
        answers = 2 if self.other_button is None else 3
        width = (inner.w - (answers - 1) * gap) // answers
        bottom = inner.bottom - button_h
        self.no_button.place(pygame.Rect(inner.left, bottom, width, button_h))
        self.yes_button.place(pygame.Rect(inner.right - width, bottom, width, button_h))
        if self.other_button is not None:
            middle = pygame.Rect(0, bottom, width, button_h)
            middle.centerx = inner.centerx
            self.other_button.place(middle)
        self.inner = inner

    def _question_pen(self) -> style.Pen:
        return self.m.pen("title", style.SUBHEADING * 1.15, style.INK)

    def _detail_pen(self) -> style.Pen:
        return self.m.pen("ui", style.ROW_NOTE, style.INK_SOFT)

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type in (pygame.KEYDOWN,) and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.form.move_focus(+1)
            return True
        return super().handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        style.shade(surface, 150)
        m = self.m
        style.paper_panel(surface, self.panel, m)
        question, detail = resolve(self.question), resolve(self.detail)
        style.text(
            surface, question, self._question_pen(), self.question_box, align="center", lines=0
        )
        if detail:
            style.text(
                surface, detail, self._detail_pen(), self.detail_box, align="center", lines=0
            )
        self.form.draw(surface, m)
