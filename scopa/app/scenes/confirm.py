"""A yes/no question over the current screen (abandon a match, ...)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from .. import theme
from ..theme import Text, resolve
from ..widgets import Button
from .base import MenuScene

if TYPE_CHECKING:
    from ..app import App


class ConfirmScene(MenuScene):
    """``on_yes`` runs after the dialog has closed; No, Esc or a click outside just close it."""

    opaque = False

    def __init__(
        self,
        app: App,
        question: Text,
        on_yes: Callable[[], None],
        *,
        detail: Text = "",
        yes: Text | None = None,
        no: Text | None = None,
    ) -> None:
        self.question, self.detail, self.on_yes = question, detail, on_yes
        self.yes_text = yes if yes is not None else (lambda: app.t("yes"))
        self.no_text = no if no is not None else (lambda: app.t("no"))
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
        text_w = width - m.px(0.1) - 2 * m.px(0.02)
        question = m.font("title", theme.SUBHEADING * 1.15)
        small = m.font("ui", theme.ROW_NOTE)
        lines = len(theme.wrap(resolve(self.question), question, text_w))
        height = lines * question.get_linesize() + m.px(0.03)
        detail = resolve(self.detail)
        if detail:
            height += len(theme.wrap(detail, small, text_w)) * small.get_linesize() + m.px(0.01)
        button_h, gap = m.px(0.072), m.px(0.03)
        height += button_h + m.px(0.05) + m.px(0.07)
        self.panel = pygame.Rect(0, 0, width, min(m.h, height + m.px(0.03)))
        self.panel.center = (m.w // 2, m.h // 2)
        inner = self.panel.inflate(-m.px(0.1), -m.px(0.07))
        width = (inner.w - gap) // 2
        bottom = inner.bottom - button_h
        self.no_button.place(pygame.Rect(inner.left, bottom, width, button_h))
        self.yes_button.place(pygame.Rect(inner.right - width, bottom, width, button_h))
        self.inner = inner

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
        theme.shade(surface, 150)
        m = self.m
        paper = theme.draw_panel(surface, self.panel, m)
        font = m.font("title", theme.SUBHEADING * 1.15)
        y = self.inner.top + m.px(0.03)
        for line in theme.wrap(resolve(self.question), font, self.inner.w):
            theme.draw_text(surface, line, font, theme.INK, (paper.centerx, y), "midtop")
            y += font.get_linesize()
        detail = resolve(self.detail)
        if detail:
            small = m.font("ui", theme.ROW_NOTE)
            y += m.px(0.01)
            for line in theme.wrap(detail, small, self.inner.w):
                theme.draw_text(surface, line, small, theme.INK_SOFT, (paper.centerx, y), "midtop")
                y += small.get_linesize()
        self.form.draw(surface, m)
