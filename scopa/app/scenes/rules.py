"""The rules, page by page, in the player's language, with the rulebooks' examples drawn
with real cards. Two books: Scopa (with its variants and six players) and Cirulla, the
Genoese game, whose first and last pages open a walkthrough of what Cirulla changes.
Left/Right (or the buttons) turn pages; the wheel or Up/Down scroll a page that does not fit
a small window, and the wheel turns the page past its end (or sideways). Space reads on as
in a book: down a long page a view at a time, then to the next page (Shift+Space reads
back).

The book shown first is that of the game being played (from the pause menu), else that of
the rules chosen in the settings; its examples use the cards that game is dealt with. When
those rules are not the book's, its first page lists the ones they change, each with what
it does (and a target other than the book's usual one): the book's pages describe its own
game, at the target in force.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from scopa.engine import PRESETS, Rules

from .. import style
from ..widgets import Button
from ..wording import deck_text
from .base import MenuScene
from .flow import rules_in_play
from .pause import PauseScene
from .rule_examples import EXAMPLES, PAGE_EXAMPLES, caption_text, draw_example, example_height
from .settings import rules_explained

if TYPE_CHECKING:
    from ..app import App

BOOKS: dict[str, tuple[str, ...]] = {
    "scopa": (*(f"p{n}" for n in range(1, 10)), "keys"),
    "cirulla": (*(f"c{n}" for n in range(1, 9)), "keys"),
}
"""Each book's pages, in order; a page's texts are ``rules_<page>_title`` and
``rules_<page>_text``. Both end on the mouse and the keys of the game."""
BOOK_RULES: dict[str, Rules] = {"scopa": Rules(), "cirulla": PRESETS["cirulla"]}
"""The rules each book describes: their deck draws its examples."""
LESSON_PAGES = ("c1", "c8")
"""The pages that offer the walkthrough of what Cirulla changes."""
WHEEL_TURN = 0.5
"""Seconds the wheel must rest before it turns the next page (``RulesScene.wheel``)."""


def book_of(rules: Rules) -> str:
    return "cirulla" if rules.cirulla else "scopa"


Band = tuple[int, int]
"""A line of a page, its top and bottom from the page's top."""


def _bands(laid: style.Fit, top: int) -> list[Band]:
    """The lines of a text laid out from ``top``."""
    return [(top + k * laid.step, top + (k + 1) * laid.step) for k in range(len(laid.lines))]


FIGURE_SHRINK = 0.8
"""The smallest share of their column the pictures of a page are drawn at to spare it a
scroll (``RulesScene._fit_figures``)."""


class RulesScene(MenuScene):
    HELP_KEY_OPENS = False  # F1 over the rules: they are open already
    figure_share = 1.0
    """The share of their column the page's pictures are drawn at (``_fit_figures``)."""

    def __init__(
        self,
        app: App,
        book: str | None = None,
        page: str | None = None,
        rules: Rules | None = None,
        *,
        resumes: bool = False,
    ) -> None:
        """``page``: a page to open at, by its name (``"keys"``), else the first;
        ``rules``: the game's (a table's online, from its lobby), else as below;
        ``resumes``: opened over the menu by a key at the table (F1), closing it goes back
        to the table (Esc left the player on the menu, a second Esc away)."""
        self.resumes = resumes
        if book is not None and book not in BOOKS:
            raise ValueError(f"unknown rules book {book!r}; expected one of {', '.join(BOOKS)}")
        self.rules = rules or rules_in_play(app) or app.settings.rules
        """The rules of the game being played (from the pause menu), else of Settings."""
        self.book = book or book_of(self.rules)
        self._own: tuple[tuple[str, str], list[str]] | None = None
        """``own_rules`` for a book in a language, as last worked out."""
        super().__init__(app)
        if page is not None and page in self._book_pages():
            self.page = self._book_pages().index(page) + 1
        if self.form.focus is self.back_button and self.next_button.enabled:
            self.form.set_focus(self.next_button)  # opened from the keys: Enter reads on

    def back(self) -> None:
        super().back()
        under = self.app.stack.top
        if self.resumes and isinstance(under, PauseScene):
            under.back()

    def build(self) -> None:
        self.page = 1
        self._wheeled = -WHEEL_TURN
        self.cues: list[pygame.Rect] = []
        """Where the page last drawn marked more below, a chevron in each column's fade."""
        """When (``age``) the wheel last scrolled or turned a page."""
        self.offset = 0
        self._laid = (0, 0)
        """The page last laid out and its height then (what a new layout keeps the view of)."""
        self.prev_button = Button(
            self.tr("rules_prev"), lambda: self.turn(-1), enabled=lambda: self.page > 1
        )
        self.next_button = Button(
            self.tr("rules_next"),
            lambda: self.turn(+1),
            primary=True,
            enabled=lambda: self.page < self.pages,
        )
        self.back_button = Button(self.tr("close"), self.back)
        self.book_button = Button(
            lambda: self.t(f"rules_book_{self.other_book}"),
            lambda: self.open_book(self.other_book),
        )
        self.lesson_button = Button(self.tr("rules_lesson"), self.open_lesson)

    # --- books and pages -------------------------------------------------------------------

    def _book_pages(self) -> tuple[str, ...]:
        """This book's pages: first, when the game's rules are not the book's, a page of
        those it changes (``own_rules``)."""
        pages = BOOKS[self.book]
        return ("mine", *pages) if self.own_rules() else pages

    def own_rules(self) -> list[str]:
        """The rules of the game (``rules``) that differ from those this book describes,
        each with what it does; none when the game is not this book's."""
        if book_of(self.rules) != self.book:
            return []
        key = (self.book, self.app.settings.language)  # asked for each time a page is named
        if self._own is None or self._own[0] != key:
            deck = self.app.settings.deck_for(self.rules)
            lines = rules_explained(self.app.t, self.rules, deck, BOOK_RULES[self.book])
            self._own = (key, lines)
        return self._own[1]

    @property
    def pages(self) -> int:
        return len(self._book_pages())

    @property
    def page_id(self) -> str:
        return self._book_pages()[self.page - 1]

    @property
    def other_book(self) -> str:
        return "cirulla" if self.book == "scopa" else "scopa"

    @property
    def book_rules(self) -> Rules:
        """The rules the book's pages speak of where the player's differ: the game's own in
        its book, else the ones the book's game is usually played by."""
        return self.rules if book_of(self.rules) == self.book else BOOK_RULES[self.book]

    @property
    def target(self) -> int:
        """The target the book's pages name: the game's own in its book (Cirulla to 31, say,
        where the pages spoke of 51), else the one the book's game is usually played to."""
        return self.book_rules.target

    @property
    def deck(self) -> str:
        """The cards of this book's game: the player's deck, or the game's own."""
        return self.app.settings.deck_for(BOOK_RULES[self.book])

    def open_book(self, book: str) -> None:
        self.book = book
        self.page = 1
        self.layout()

    def open_lesson(self) -> None:
        """The walkthrough of what Cirulla changes, at the lesson it was left at."""
        self.app.open("cirulla_lesson")

    def turn(self, direction: int) -> None:
        """The next page (``direction`` +1) or the one before (-1), from its top; nothing
        past the first or the last (the view stays where it is read). The focus on a page
        button greyed by the turn goes to Close at the end, to Next at the start."""
        page = min(self.pages, max(1, self.page + direction))
        if page != self.page:
            self.page = page
            self.layout()
        focus = self.form.focus
        if focus in (self.prev_button, self.next_button) and not focus.enabled:
            # greyed at the last page (or the first), it held the focus and showed no ring:
            # Enter closes the book at its end, and reads on from its start
            self.form.set_focus(self.back_button if focus is self.next_button else self.next_button)

    def title(self) -> str:
        return self.t(f"rules_{self.page_id}_title")

    def text(self) -> str:
        if self.page_id == "mine":
            return "\n".join([self.t("rules_mine_intro"), *self.own_rules()])
        ends = self.book_rules.cappotto  # Cirulla's, as its target, the player's (off: a
        # page saying it wins at once beside a first page saying it does not)
        return deck_text(
            self.t,
            f"rules_{self.page_id}_text",
            self.deck,
            target=self.target,
            cappotto_won=self.t("rules_cappotto_won" if ends else "rules_cappotto_scored"),
            cappotto_ends=self.t("rules_cappotto_ends") if ends else "",
        )

    @property
    def offers_lesson(self) -> bool:
        return self.page_id in LESSON_PAGES

    # --- layout ----------------------------------------------------------------------------

    def layout(self) -> None:
        m = self.m
        focus = self.form.focus
        read = self._read_share()
        self.form.clear()
        # as tall as the window: one taller than 16:9 (960x960) kept a 16:9 band in its
        # middle, which scrolled a page the window had room for
        inner = self.place_sheet(1.72, 0.95 * self.app.size[1] / m.ref, 0.09, 0.05)
        button_h, gap = m.px(0.068), m.px(style.SPACE_M)
        width = m.px(0.3)
        bottom = inner.bottom - button_h
        self.back_button.place(pygame.Rect(inner.left, bottom, width, button_h))
        self.book_button.place(pygame.Rect(inner.left + width + gap, bottom, width, button_h))
        self.next_button.place(pygame.Rect(inner.right - width, bottom, width, button_h))
        self.prev_button.place(pygame.Rect(inner.right - 2 * width - gap, bottom, width, button_h))
        top = self.heading_box.bottom + m.px(0.035)
        self.body = pygame.Rect(inner.left, top, inner.w, bottom - gap - top)
        if self.offers_lesson:
            lesson_w = m.px(0.56)
            self.body.h -= button_h + gap
            text_col, _ = self._columns()
            self.lesson_button.place(
                pygame.Rect(text_col.centerx - lesson_w // 2, self.body.bottom + gap // 2,
                            lesson_w, button_h)
            )  # fmt: skip
        for button in (self.back_button, self.book_button, self.prev_button, self.next_button):
            self.form.add(button)
        if self.offers_lesson:
            self.form.add(self.lesson_button)
        self.inner = inner
        self.offset = 0
        if focus in self.form.widgets:
            self.form.focus = focus
        self._fit_figures()
        self._laid = (self.page, self.content_height())
        if read:  # the same page laid out again (a new window size): read on where it was
            self.scroll(round(read * self._laid[1]))

    def _read_share(self) -> float:
        """How far down the page the view is, as a share of the page (0 for a page not
        laid out yet: a page turned to is read from its top)."""
        page, height = self._laid
        if page != self.page or not self.offset:
            return 0.0
        return self.offset / max(1, height)

    def _fit_figures(self) -> None:
        """Pictures a little too tall for the page, beside text that fits, are drawn a
        little smaller (to ``FIGURE_SHRINK`` of their column at least): a scroll for the
        last line of a caption cut the page's first line under its heading."""
        self.figure_share = 1.0
        text_col, figure_col = self._columns()
        if figure_col is None or self.content_height() <= self.body.h:
            return
        if self._text_height(text_col.w) > self.body.h:
            return  # the text scrolls anyway
        space = self.m.px(0.045)
        share = 1.0
        while share > FIGURE_SHRINK:
            share -= 0.02
            width = round(figure_col.w * share)
            if sum(f + c + space for _, f, c in self._figures(width)) - space <= self.body.h:
                self.figure_share = share
                return

    def _columns(self) -> tuple[pygame.Rect, pygame.Rect | None]:
        body = self.body
        if PAGE_EXAMPLES.get(self.page_id):
            split = round(body.w * 0.5)
            gap = self.m.px(style.SPACE_XL)
            bar = style.scrollbar_width(self.m) + self.m.px(style.SPACE_S)  # kept clear
            room = body.w - split - gap // 2 - bar
            width = round(room * self.figure_share)
            return (
                pygame.Rect(body.left, body.top, split - gap // 2, body.h),
                pygame.Rect(
                    body.left + split + gap // 2 + (room - width) // 2, body.top, width, body.h
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

    def _text_height(self, width: int) -> int:
        """How tall the page's text is, to the foot of its last line (not the gap a
        paragraph leaves after it: a page scrolled for that alone, its last line faded)."""
        paragraphs = self._paragraphs(width)
        gap = style.line_height(self._body_pen()) // 2
        return sum(height for _, height in paragraphs) - gap if paragraphs else 0

    def _figures(self, width: int) -> list[tuple[str, int, int]]:
        """Each example of the page: its name, the height of its picture, of its caption."""
        out = []
        for name in PAGE_EXAMPLES.get(self.page_id, ()):
            example = EXAMPLES[name]
            caption = 0
            if example.caption:
                words = caption_text(self.app, example, self.deck)
                caption = style.fit(words, self._caption_pen(), width, 1 << 16, lines=0).height
            out.append((name, example_height(example, width, self.m), caption))
        return out

    def _lines(self, width: int, figure_width: int | None) -> tuple[list[Band], list[Band]]:
        """Where each line of the page lies from its top, the text's and the captions'
        (each as its ``(top, bottom)``): the view ends where they end (``_views``)."""
        pen = self._body_pen()
        text: list[Band] = []
        y = 0
        for paragraph, height in self._paragraphs(width):
            laid = style.fit(paragraph, pen, width, 1 << 16, lines=0)
            text += _bands(laid, y)
            y += height
        captions: list[Band] = []
        if figure_width is not None:
            y, space = 0, self.m.px(0.045)
            for name, figure, caption in self._figures(figure_width):
                y += figure
                if caption:
                    words = caption_text(self.app, EXAMPLES[name], self.deck)
                    laid = style.fit(words, self._caption_pen(), figure_width, 1 << 16, lines=0)
                    captions += _bands(laid, y)
                y += caption + space
        return text, captions

    def _views(self) -> list[tuple[str, pygame.Rect, pygame.Rect, bool, bool]]:
        """Each column of the page (``"text"``, ``"figures"``) as it shows at the offset:
        where it lies, the part of the body its lines show whole in, and whether more of it
        lies above that part and below it. A line cut by an end of the body is left out:
        cut through its middle above the lesson's button, it looked broken."""
        text_col, figure_col = self._columns()
        figure_w = None if figure_col is None else figure_col.w
        text_lines, caption_lines = self._lines(text_col.w, figure_w)
        columns = [("text", text_col, text_lines, self._text_height(text_col.w))]
        if figure_col is not None:
            space = self.m.px(0.045)
            tall = sum(f + c + space for _, f, c in self._figures(figure_col.w)) - space
            columns.append(("figures", figure_col, caption_lines, tall))
        body, offset = self.body, self.offset
        views = []
        for kind, column, lines, tall in columns:
            top, bottom = style.whole_lines(offset, offset + body.h, lines)
            if bottom < tall:  # more below: its chevron under the lines, over none of them
                room = self._cue_room(column.w)
                top, bottom = style.whole_lines(offset, offset + body.h - room, lines)
            shown = pygame.Rect(column.left, body.top + top - offset, column.w, bottom - top)
            views.append((kind, column, shown, top > 0, bottom < tall))
        return views

    def _cue_room(self, width: int) -> int:
        """The height kept under a column's lines for the chevron saying more lies below
        (it stood over the last line shown, cutting words out of it)."""
        depth = style.line_height(self._body_pen())
        return 2 * style.cue_radius(depth, width + 2 * self.m.px(style.SPACE_S)) + 2

    def content_height(self) -> int:
        text_col, figure_col = self._columns()
        height = self._text_height(text_col.w)
        if figure_col is not None:
            space = self.m.px(0.045)
            figures = sum(f + c + space for _, f, c in self._figures(figure_col.w))
            height = max(height, figures - space)
        return height

    def scroll(self, amount: int) -> None:
        limit = max(0, self.content_height() - self.body.h)
        self.offset = min(limit, max(0, self.offset + amount))

    def read_on(self, direction: int) -> None:
        """Space (``direction`` +1) or Shift+Space (-1): a view further down the page, or
        back up it, with a line of the last view kept in sight; past the page's end, the
        next page from its top; past its top, the page before from its end (reading back
        as it was read on). Nothing past the book's last view or its first."""
        limit = max(0, self.content_height() - self.body.h)
        if (self.offset < limit) if direction > 0 else (self.offset > 0):
            line = style.line_height(self._body_pen())
            self.scroll(direction * max(line, self.body.h - line))
            return
        self.turn(direction)
        if direction < 0 and self.offset == 0:
            self.scroll(self.content_height())

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            # Space presses the button a focus ring shows (the keyboard moved it there), as on
            # every screen; else it reads on.
            ringed = self.form.keyboard_used and self.form.focus is not None
            if event.key == pygame.K_SPACE and not ringed:
                self.read_on(-1 if event.mod & pygame.KMOD_SHIFT else +1)
                return True
            if event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):  # a view at a time, as
                self.read_on(-1 if event.key == pygame.K_PAGEUP else +1)  # Space reads on
                return True
            if event.key == pygame.K_LEFT:
                self.turn(-1)
                return True
            if event.key == pygame.K_RIGHT:
                self.turn(+1)
                return True
            if event.key in (pygame.K_UP, pygame.K_DOWN) and self.content_height() > self.body.h:
                self.scroll(self.m.px(0.06) * (1 if event.key == pygame.K_DOWN else -1))
                return True
            if event.key in (pygame.K_HOME, pygame.K_END):  # the page's top or its end
                self.scroll(self.content_height() * (1 if event.key == pygame.K_END else -1))
                return True
        if event.type == pygame.MOUSEWHEEL:
            self.wheel(event.x, event.y)
            return True
        return super().handle(event)

    def wheel(self, x: float, y: float) -> None:
        """The wheel (or two fingers on a touchpad) scrolls a page too long for the window;
        sideways, or on down past its end (up past its top), it turns the page, once per
        ``WHEEL_TURN`` seconds of the wheel turning on: a touchpad's glide goes on
        sending turns after the fingers have lifted, and would riffle through the book."""
        if abs(x) > abs(y):
            direction = 1 if x > 0 else -1
        else:
            before = self.offset
            self.scroll(round(-y * self.m.px(0.08)))
            if self.offset != before or not y:
                self._wheeled = self.age
                return
            direction = 1 if y < 0 else -1
        if self.age - self._wheeled >= WHEEL_TURN:
            self.turn(direction)
        self._wheeled = self.age

    def draw_content(self, surface: pygame.Surface) -> None:
        m = self.m
        self.draw_sheet(surface, self.title())
        ornament_y = (self.heading_box.bottom + self.body.top) // 2
        style.draw_ornament(surface, (self.panel.centerx, ornament_y), m.px(0.4), m)
        clip = surface.get_clip()
        tall = self.content_height()
        depth = style.line_height(self._body_pen())
        reach = m.px(style.SPACE_S)  # letters that lean past their column stay whole
        self.cues = []
        for kind, column, shown, above, below in self._views():
            view = shown.inflate(2 * reach, 0).clip(self.body)
            surface.set_clip(view.clip(clip))
            fade = style.ScrollFade(view, depth)
            fade.take(surface, above, below)
            if kind == "text":
                self._draw_text(surface, column)
            else:
                self._draw_figures(surface, column)
            room = pygame.Rect(view.left, view.bottom, view.w, self._cue_room(column.w))
            if below:  # the chevron in the room kept for it under the lines
                surface.set_clip(view.union(room).clip(clip))
            fade.lay(surface, room.center if below else None)
            if fade.cue is not None:
                self.cues.append(fade.cue)
        surface.set_clip(clip)
        if tall > self.body.h:
            style.draw_scrollbar(surface, self.body, m, self.offset, tall)

    def _draw_text(self, surface: pygame.Surface, column: pygame.Rect) -> None:
        y = column.top - self.offset
        pen = self._body_pen()
        for paragraph, height in self._paragraphs(column.w):
            box = pygame.Rect(column.left, y, column.w, height)
            style.text(surface, paragraph, pen, box, valign="top", lines=0)
            y += height

    def _draw_figures(self, surface: pygame.Surface, column: pygame.Rect) -> None:
        m, deck = self.m, self.deck
        y = column.top - self.offset
        for name, figure, caption in self._figures(column.w):
            example = EXAMPLES[name]
            area = pygame.Rect(column.left, y, column.w, figure)
            y += draw_example(surface, self.app, example, area, m, deck)
            if example.caption:
                box = pygame.Rect(column.left, y, column.w, caption)
                words = caption_text(self.app, example, deck)
                style.text(surface, words, self._caption_pen(), box, valign="top", lines=0)
                y += caption
            y += m.px(0.045)

    def draw_overlay(self, surface: pygame.Surface) -> None:
        m = self.m
        bottom = self.book_button.rect
        left, right = bottom.right, self.prev_button.rect.left
        between = pygame.Rect(left, bottom.top, right - left, 0)
        pen = m.pen("ui", style.SMALL, style.INK_SOFT)
        between.h = style.line_height(pen)
        between.bottom = bottom.centery + m.px(0.004)
        words = self.t("rules_page", n=self.page, total=self.pages)
        style.text(surface, words, pen, between.inflate(-m.px(style.SPACE_M), 0), align="center")
        x = between.centerx
        r, gap = max(2, m.px(0.006)), m.px(0.022)
        start = x - gap * (self.pages - 1) // 2
        for page in range(1, self.pages + 1):
            color = style.LACQUER if page == self.page else style.PAPER_LINE
            pygame.draw.circle(
                surface, color, (start + (page - 1) * gap, bottom.centery + m.px(0.018)), r
            )
