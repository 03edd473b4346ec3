"""The rules, page by page, in the player's language, with the rulebook's examples drawn
with real cards. Left/Right (or the buttons) turn pages; the wheel or Up/Down scroll a page
that does not fit a small window."""

from __future__ import annotations

import pygame

from .. import style
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
        inner = self.place_sheet(1.72, 0.95, 0.09, 0.05)
        button_h, gap = m.px(0.068), m.px(style.SPACE_M)
        width = m.px(0.3)
        bottom = inner.bottom - button_h
        self.back_button.place(pygame.Rect(inner.left, bottom, width, button_h))
        self.next_button.place(pygame.Rect(inner.right - width, bottom, width, button_h))
        self.prev_button.place(pygame.Rect(inner.right - 2 * width - gap, bottom, width, button_h))
        top = self.heading_box.bottom + m.px(0.035)
        self.body = pygame.Rect(inner.left, top, inner.w, bottom - gap - top)
        self.inner = inner
        self.offset = 0

    def _columns(self) -> tuple[pygame.Rect, pygame.Rect | None]:
        body = self.body
        if PAGE_EXAMPLES.get(self.page):
            split = round(body.w * 0.5)
            gap = self.m.px(style.SPACE_XL)
            return (
                pygame.Rect(body.left, body.top, split - gap // 2, body.h),
                pygame.Rect(
                    body.left + split + gap // 2, body.top, body.w - split - gap // 2, body.h
                ),
            )
        measure = min(body.w, self.m.px(1.2))
        return pygame.Rect(body.centerx - measure // 2, body.top, measure, body.h), None

    def _body_pen(self) -> style.Pen:
        return self.m.pen("text", style.TEXT * 1.12, style.INK)

    def _caption_pen(self) -> style.Pen:
        return self.m.pen("text", style.TEXT, style.INK_SOFT)

    def _paragraphs(self, width: int) -> list[tuple[str, int]]:
        """Each paragraph of the page and the height it takes (its gap after it included)."""
        pen = self._body_pen()
        gap = style.line_height(pen) // 2
        out = []
        for paragraph in self.text().split("\n"):
            laid = style.fit(paragraph, pen, width, 1 << 16, lines=0)
            out.append((paragraph, laid.height + gap))
        return out

    def _figures(self, width: int) -> list[tuple[str, int, int]]:
        """Each example of the page: its name, the height of its picture, of its caption."""
        out = []
        for name in PAGE_EXAMPLES.get(self.page, ()):
            example = EXAMPLES[name]
            caption = 0
            if example.caption:
                words = caption_text(self.app, example)
                caption = style.fit(words, self._caption_pen(), width, 1 << 16, lines=0).height
            out.append((name, example_height(example, width, self.m), caption))
        return out

    def content_height(self) -> int:
        text_col, figure_col = self._columns()
        height = sum(h for _, h in self._paragraphs(text_col.w))
        if figure_col is not None:
            space = self.m.px(0.045)
            figures = sum(f + c + space for _, f, c in self._figures(figure_col.w))
            height = max(height, figures - space)
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
        self.draw_sheet(surface, self.title())
        ornament_y = (self.heading_box.bottom + self.body.top) // 2
        style.draw_ornament(surface, (self.panel.centerx, ornament_y), m.px(0.4), m)
        clip = surface.get_clip()
        surface.set_clip(self.body.clip(clip))
        text_col, figure_col = self._columns()
        y = text_col.top - self.offset
        pen = self._body_pen()
        for paragraph, height in self._paragraphs(text_col.w):
            box = pygame.Rect(text_col.left, y, text_col.w, height)
            style.text(surface, paragraph, pen, box, valign="top", lines=0)
            y += height
        if figure_col is not None:
            y = figure_col.top - self.offset
            for name, figure, caption in self._figures(figure_col.w):
                example = EXAMPLES[name]
                area = pygame.Rect(figure_col.left, y, figure_col.w, figure)
                y += draw_example(surface, self.app, example, area, m)
                if example.caption:
                    box = pygame.Rect(figure_col.left, y, figure_col.w, caption)
                    words = caption_text(self.app, example)
                    style.text(surface, words, self._caption_pen(), box, valign="top", lines=0)
                    y += caption
                y += m.px(0.045)
        surface.set_clip(clip)
        if self.content_height() > self.body.h:
            style.draw_scrollbar(surface, self.body, m, self.offset, self.content_height())

    def draw_overlay(self, surface: pygame.Surface) -> None:
        m = self.m
        bottom = self.back_button.rect
        left, right = bottom.right, self.prev_button.rect.left
        between = pygame.Rect(left, bottom.top, right - left, 0)
        pen = m.pen("ui", style.SMALL, style.INK_SOFT)
        between.h = style.line_height(pen)
        between.bottom = bottom.centery + m.px(0.004)
        words = self.t("rules_page", n=self.page, total=PAGES)
        style.text(surface, words, pen, between.inflate(-m.px(style.SPACE_M), 0), align="center")
        x = between.centerx
        r, gap = max(2, m.px(0.006)), m.px(0.022)
        start = x - gap * (PAGES - 1) // 2
        for page in range(1, PAGES + 1):
            color = style.LACQUER if page == self.page else style.PAPER_LINE
            pygame.draw.circle(
                surface, color, (start + (page - 1) * gap, bottom.centery + m.px(0.018)), r
            )
