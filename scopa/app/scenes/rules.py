"""The rules, page by page, in the player's language, with the rulebook's examples drawn
with real cards. Left/Right (or the buttons) turn pages; the wheel or Up/Down scroll a page
that does not fit a small window."""

from __future__ import annotations

import pygame

from .. import theme
from ..widgets import Button
from .base import MenuScene
from .rule_examples import EXAMPLES, PAGE_EXAMPLES, caption_text, draw_example, example_height

PAGES = 8


class RulesScene(MenuScene):
    def build(self) -> None:
        self.page = 1
        self.offset = 0
        self.prev_button = Button(
            self.tr("rules_prev"), lambda: self.turn(-1), enabled=lambda: self.page > 1
        )
        self.next_button = Button(
            self.tr("rules_next"),
            lambda: self.turn(+1),
            primary=True,
            enabled=lambda: self.page < PAGES,
        )
        self.back_button = Button(self.tr("close"), self.back)
        for button in (self.back_button, self.prev_button, self.next_button):
            self.form.add(button)

    def turn(self, direction: int) -> None:
        self.page = min(PAGES, max(1, self.page + direction))
        self.offset = 0

    def title(self) -> str:
        return self.t(f"rules_p{self.page}_title")

    def text(self) -> str:
        return self.t(f"rules_p{self.page}_text")

    def layout(self) -> None:
        m = self.m
        self.panel = m.centered(1.72, 0.95, 0.5)
        inner = self.panel.inflate(-m.px(0.09), -m.px(0.05))
        button_h, gap = m.px(0.068), m.px(0.02)
        width = m.px(0.3)
        bottom = inner.bottom - button_h
        self.back_button.place(pygame.Rect(inner.left, bottom, width, button_h))
        self.next_button.place(pygame.Rect(inner.right - width, bottom, width, button_h))
        self.prev_button.place(pygame.Rect(inner.right - 2 * width - gap, bottom, width, button_h))
        top = inner.top + m.px(0.12)
        self.body = pygame.Rect(inner.left, top, inner.w, bottom - gap - top)
        self.inner = inner
        self.offset = 0

    def _columns(self) -> tuple[pygame.Rect, pygame.Rect | None]:
        body = self.body
        if PAGE_EXAMPLES.get(self.page):
            split = round(body.w * 0.5)
            gap = self.m.px(0.05)
            return (
                pygame.Rect(body.left, body.top, split - gap // 2, body.h),
                pygame.Rect(
                    body.left + split + gap // 2, body.top, body.w - split - gap // 2, body.h
                ),
            )
        measure = min(body.w, self.m.px(1.2))
        return pygame.Rect(body.centerx - measure // 2, body.top, measure, body.h), None

    def _lines(self, width: int) -> tuple[str, ...]:
        font = self.m.font("text", theme.TEXT * 1.12)
        return theme.wrap(self.text(), font, width)

    def content_height(self) -> int:
        text_col, figure_col = self._columns()
        font = self.m.font("text", theme.TEXT * 1.12)
        height = len(self._lines(text_col.w)) * font.get_linesize()
        height += self.text().count("\n") * font.get_linesize() // 2
        if figure_col is not None:
            caption_font = self.m.font("text", theme.TEXT)
            figures = 0
            for name in PAGE_EXAMPLES[self.page]:
                example = EXAMPLES[name]
                figures += example_height(example, figure_col.w, self.m) + self.m.px(0.045)
                if example.caption:
                    caption = caption_text(self.app, example)
                    lines = theme.wrap(caption, caption_font, figure_col.w)
                    figures += len(lines) * caption_font.get_linesize()
            height = max(height, figures - self.m.px(0.045))
        return height

    def scroll(self, amount: int) -> None:
        limit = max(0, self.content_height() - self.body.h)
        self.offset = min(limit, max(0, self.offset + amount))

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_LEFT, pygame.K_PAGEUP):
                self.turn(-1)
                return True
            if event.key in (pygame.K_RIGHT, pygame.K_PAGEDOWN):
                self.turn(+1)
                return True
            if event.key in (pygame.K_UP, pygame.K_DOWN) and self.content_height() > self.body.h:
                self.scroll(self.m.px(0.06) * (1 if event.key == pygame.K_DOWN else -1))
                return True
        if event.type == pygame.MOUSEWHEEL:
            self.scroll(-event.y * self.m.px(0.08))
            return True
        return super().handle(event)

    def draw_content(self, surface: pygame.Surface) -> None:
        m = self.m
        paper = theme.draw_panel(surface, self.panel, m)
        theme.draw_text(
            surface,
            self.title(),
            m.font("title", theme.HEADING),
            theme.INK,
            (paper.centerx, self.inner.top + m.px(0.045)),
            "center",
        )
        theme.draw_ornament(surface, (paper.centerx, self.inner.top + m.px(0.095)), m.px(0.4), m)
        clip = surface.get_clip()
        surface.set_clip(self.body.clip(clip))
        text_col, figure_col = self._columns()
        font = m.font("text", theme.TEXT * 1.12)
        y = text_col.top - self.offset
        for paragraph in self.text().split("\n"):
            for line in theme.wrap(paragraph, font, text_col.w):
                theme.draw_text(surface, line, font, theme.INK, (text_col.left, y), "topleft")
                y += font.get_linesize()
            y += font.get_linesize() // 2
        if figure_col is not None:
            y = figure_col.top - self.offset
            caption_font = m.font("text", theme.TEXT)
            for name in PAGE_EXAMPLES[self.page]:
                example = EXAMPLES[name]
                area = pygame.Rect(figure_col.left, y, figure_col.w, figure_col.h)
                y += draw_example(surface, self.app, example, area, m)
                if example.caption:
                    caption = caption_text(self.app, example)
                    for line in theme.wrap(caption, caption_font, figure_col.w):
                        theme.draw_text(
                            surface,
                            line,
                            caption_font,
                            theme.INK_SOFT,
                            (figure_col.left, y),
                            "topleft",
                        )
                        y += caption_font.get_linesize()
                y += m.px(0.045)
        surface.set_clip(clip)
        if self.content_height() > self.body.h:
            theme.draw_scrollbar(surface, self.body, m, self.offset, self.content_height())

    def draw_overlay(self, surface: pygame.Surface) -> None:
        m = self.m
        bottom = self.back_button.rect
        font = m.font("ui", theme.SMALL)
        x = (bottom.right + self.prev_button.rect.left) // 2
        theme.draw_text(
            surface,
            self.t("rules_page", n=self.page, total=PAGES),
            font,
            theme.INK_SOFT,
            (x, bottom.centery - m.px(0.015)),
            "center",
        )
        r, gap = max(2, m.px(0.006)), m.px(0.022)
        start = x - gap * (PAGES - 1) // 2
        for page in range(1, PAGES + 1):
            color = theme.LACQUER if page == self.page else theme.PAPER_LINE
            pygame.draw.circle(
                surface, color, (start + (page - 1) * gap, bottom.centery + m.px(0.018)), r
            )
