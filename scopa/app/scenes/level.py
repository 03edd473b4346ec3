"""How strong the computers should be: asked the first time Play is pressed, remembered.

A newcomer fresh from the tutorial should not meet an Expert by surprise; a player who
knows the game should not be held back by Beginners. The choice is kept in the settings
(New game changes it per seat).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from scopa.settings import OFFERED_LEVELS

from .. import style
from ..widgets import Button, column
from .base import MenuScene

if TYPE_CHECKING:
    from ..app import App


class LevelScene(MenuScene):
    """Three buttons, one per level, each with its explanation; Back, Esc, or a click
    outside the sheet, goes back."""

    opaque = False
    OUTSIDE_GOES_BACK = True

    def __init__(self, app: App, on_choice: Callable[[str], None]) -> None:
        self.on_choice = on_choice
        super().__init__(app)

    def build(self) -> None:
        self.buttons = [
            Button(
                self.tr(f"level_{level}"),
                self._chooser(level),
                primary=level == "beginner",
                hint=self.tr(f"level_{level}_hint"),
            )
            for level in OFFERED_LEVELS
        ]
        for button in self.buttons:
            self.form.add(button)
        self.back_button = Button(self.tr("back"), self.back)
        """Back to the screen under it, no level chosen (Esc and a click outside only were:
        a player looking for a way out saw none)."""
        self.form.add(self.back_button)
        self.form.set_focus(self.buttons[0])

    def _chooser(self, level: str) -> Callable[[], None]:
        def choose() -> None:
            self.app.back()
            self.on_choice(level)

        return choose

    def layout(self) -> None:
        m = self.m
        inner = self.place_sheet(1.2, 0.66, 0.1, 0.06)
        detail = m.pen("ui", style.ROW_NOTE, style.INK_SOFT)
        self.detail_box = pygame.Rect(inner.left, self.heading_box.bottom, inner.w, 0)
        self.detail_box.h = style.line_height(detail)
        top = self.detail_box.bottom + m.px(style.SPACE_L)
        area = pygame.Rect(inner.left, top, inner.w, inner.bottom - top)
        y = column(self.buttons, area, m.px(0.08), m.px(style.SPACE_M)) + m.px(style.SPACE_M)
        back_h = m.px(0.064)
        bottom = inner.bottom - style.button_reach(m)  # its shadow clear of the gold line
        self.back_button.place(pygame.Rect(inner.left, bottom - back_h, inner.w // 3, back_h))
        bottom = self.back_button.rect.top - m.px(style.SPACE_S)
        self.hint_area = pygame.Rect(inner.left, y, inner.w, bottom - y)

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_DOWN):
            self.form.keyboard_used = True  # the focus ring shows where the arrows went
            self.form.move_focus(1 if event.key == pygame.K_DOWN else -1)
            return True
        return super().handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        style.shade(surface, 150)
        m = self.m
        self.draw_sheet(surface, self.t("level_question"))
        detail = m.pen("ui", style.ROW_NOTE, style.INK_SOFT)
        style.text(surface, self.t("level_detail"), detail, self.detail_box, align="center")
        self.form.draw(surface, m)
        self.draw_hint(surface, self.hint_area, style.INK_SOFT)
