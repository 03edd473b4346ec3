"""A yes/no question over the current screen (abandon a match, ...)."""

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
    """``on_yes`` runs after the dialog has closed; No, Esc or a click outside just close it.
    ``yes`` and ``no`` say what each answer does ("Abandon", "Keep playing")."""

    opaque = False

    def __init__(
        self,
        app: App,
        question: Text,
        on_yes: Callable[[], None],
        *,
        yes: Text,
        no: Text,
        detail: Text = "",
    ) -> None:
        self.question, self.detail, self.on_yes = question, detail, on_yes
        self.yes_text, self.no_text = yes, no
        super().__init__(app)

    def build(self) -> None:
        self.no_button = Button(self.no_text, self.back)
        self.yes_button = Button(self.yes_text, self.confirm, primary=True)
        self.form.add(self.no_button)
        self.form.add(self.yes_button)
        self.form.set_focus(self.no_button)
        self.form.keyboard_used = True

    def confirm(self) -> None:
        self.app.stack.pop()
        self.on_yes()

    def layout(self) -> None:
        m = self.m
        width = min(m.w, m.px(1.0))
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
        width = (inner.w - gap) // 2
        bottom = inner.bottom - button_h
        self.no_button.place(pygame.Rect(inner.left, bottom, width, button_h))
        self.yes_button.place(pygame.Rect(inner.right - width, bottom, width, button_h))
        self.inner = inner

    def _question_pen(self) -> style.Pen:
        return self.m.pen("title", style.SUBHEADING * 1.15, style.INK)

    def _detail_pen(self) -> style.Pen:
        return self.m.pen("ui", style.ROW_NOTE, style.INK_SOFT)

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type in (pygame.KEYDOWN,) and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.form.move_focus(+1)
            return True
        if (
            event.type == pygame.MOUSEBUTTONDOWN
            and event.button == 1
            and not self.panel.collidepoint(event.pos)
        ):
            self.back()
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
