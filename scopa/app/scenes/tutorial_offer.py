"""The first start, over the title: the language to play in, then the tutorial or not.

Kept apart from the tutorial scene so the title shows without loading the table.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from scopa.aids.cirulla_lessons import LESSONS as CIRULLA_LESSONS

from .. import style
from ..widgets import Button, Tab
from .base import LANGUAGES, MenuScene


class TutorialOffer(MenuScene):
    """Italiano or English (saved at once, every text switches), then the tutorial or not;
    Esc means not now."""

    opaque = False
    holds_toasts = True
    """The notices of damaged files found as the game starts are read on the title once
    this closes, not half hidden behind it."""

    def build(self) -> None:
        self.languages = [
            Tab(name, self._speaker(code), self._speaks(code)) for code, name in LANGUAGES
        ]
        self.take_button = Button(self.tr("aids.offer_yes"), self.take, primary=True)
        self.decline_button = Button(self.tr("aids.offer_no"), self.decline)
        self.cirulla_button = Button(
            self.tr("aids.offer_cirulla"),
            self.cirulla,
            hint=self.tr("aids.offer_cirulla_hint", n=len(CIRULLA_LESSONS)),
        )
        """A family that plays Cirulla: their game, and what it changes (its lessons were
        found only by choosing Cirulla in the settings first)."""
        for widget in (*self.languages, self.take_button, self.decline_button, self.cirulla_button):
            self.form.add(widget)
        self.form.set_focus(self.take_button)
        self.form.keyboard_used = True  # ringed from the start: where Enter goes (a player on
        # the keys pressed Enter on a screen showing no focus, and a lesson began)

    def _speaker(self, language: str) -> Callable[[], None]:
        return lambda: self.choose_language(language)

    def _speaks(self, language: str) -> Callable[[], bool]:
        return lambda: self.app.settings.language == language

    # --- layout ----------------------------------------------------------------------------

    def _pens(self) -> tuple[style.Pen, style.Pen, style.Pen]:
        m = self.m
        return (
            m.pen("ui", style.SMALL, style.INK_SOFT),
            m.pen("title", style.HEADING, style.INK),
            m.pen("ui", style.ROW_TITLE, style.INK_SOFT),
        )

    def layout(self) -> None:
        m = self.m
        caption, heading, body = self._pens()
        width = min(m.w, m.px(1.15))
        pad_x, pad_y = m.px(0.07), m.px(0.05)
        inner_w = width - 2 * pad_x
        space = m.px(style.SPACE_L)
        button_h, gap = m.px(0.075), m.px(style.SPACE_M)
        caption_h = style.line_height(caption)
        heading_h = style.line_height(heading)
        text_h = max(
            style.fit(self.t("aids.offer_text"), body, inner_w, m.h, lines=0).height,
            2 * style.line_height(body),
        )
        clear = style.button_reach(m)  # the focus ring round a language clears the caption
        hint_h = style.fit(self.t("aids.offer_cirulla_hint", n=len(CIRULLA_LESSONS)), caption,
                           inner_w, m.h, lines=0).height  # fmt: skip
        height = caption_h + clear + button_h + 2 * space + heading_h + text_h + space + button_h
        height += gap + button_h + gap + hint_h
        self.panel = pygame.Rect(0, 0, width, min(m.h, height + 2 * pad_y))
        self.panel.center = (m.w // 2, m.h // 2)
        inner = self.panel.inflate(-2 * pad_x, -2 * pad_y)
        y = inner.top
        self.caption_box = pygame.Rect(inner.left, y, inner.w, caption_h)
        y += caption_h + clear
        half = (inner.w - gap) // 2
        for i, button in enumerate(self.languages):
            button.place(pygame.Rect(inner.left + i * (half + gap), y, half, button_h))
        y += button_h + space
        self.ornament_y = y
        y += space
        self.heading_box = pygame.Rect(inner.left, y, inner.w, heading_h)
        self.text_box = pygame.Rect(inner.left, self.heading_box.bottom, inner.w, text_h)
        bottom = inner.bottom - hint_h - gap - button_h - gap - button_h
        self.take_button.place(pygame.Rect(inner.left, bottom, half, button_h))
        self.decline_button.place(pygame.Rect(inner.left + half + gap, bottom, half, button_h))
        bottom += button_h + gap
        self.cirulla_button.place(pygame.Rect(inner.left + half // 2, bottom, half + gap, button_h))
        self.hint_box = pygame.Rect(inner.left, bottom + button_h + gap, inner.w, hint_h)

    # --- choices -----------------------------------------------------------------------------

    def choose_language(self, language: str) -> None:
        super().choose_language(language)
        self.layout()

    def take(self) -> None:
        keys = self.keys_in_use  # this screen's, gone with it
        self.app.back()
        self.app.matches.tutorial(keys=keys)

    def cirulla(self) -> None:
        """Cirulla, the game the Settings and Play then hold, and its lessons opened."""
        settings = self.app.settings
        rules = settings.rules.with_preset("cirulla")
        self.app.settings = settings.with_(tutorial_done=True, rules=rules)
        self.app.save_settings()
        self.app.back()
        self.app.matches.tutorial()

    def decline(self) -> None:
        """Not now: the tutorial stays on the title, and is not offered at start again."""
        self.app.settings = self.app.settings.with_(tutorial_done=True)
        self.app.save_settings()
        self.app.back()

    def back(self) -> None:
        self.decline()

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.form.move_focus(1 if event.key == pygame.K_RIGHT else -1)
            return True
        return super().handle(event)

    # --- drawing -----------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        style.shade(surface, 170)
        m = self.m
        style.paper_panel(surface, self.panel, m)
        caption, heading, body = self._pens()
        # in both languages: a player who does not read this one still finds their own
        style.text(surface, self.t("first_language"), caption, self.caption_box, align="center")
        style.draw_ornament(surface, (self.panel.centerx, self.ornament_y), m.px(0.4), m)
        style.text(surface, self.t("aids.offer_title"), heading, self.heading_box, align="center")
        style.text(surface, self.t("aids.offer_text"), body, self.text_box, align="center", lines=0)
        self.form.draw(surface, m)
        hint = self.form.hint()
        if hint:
            style.text(surface, hint, caption, self.hint_box, align="center", lines=0)
