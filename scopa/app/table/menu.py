"""The menu button in the table's top-right corner: it opens the pause menu (to resume, change
the settings, read the rules, save and leave), as Esc does, for a player who plays with the
mouse alone. Under the pointer it says its name and its key."""

from __future__ import annotations

from collections.abc import Callable

import pygame
from pygame import FRect

from .. import style
from ..style import Scale
from .frame import Item, Press, box
from .layout import TableLayout
from .text import Writer


class MenuButton:
    def __init__(
        self,
        text: Writer,
        translator: Callable[[], Callable[..., str]],
        open_menu: Callable[[], None],
    ) -> None:
        self.text = text
        self.translator = translator
        self.open_menu = open_menu
        self.pointer: tuple[int, int] = (-1, -1)
        self.press = Press()

    def handle(self, event: pygame.event.Event, lay: TableLayout) -> bool:
        """A click on the button opens the menu; True when the event was the button's."""
        if event.type == pygame.MOUSEMOTION:
            self.pointer = event.pos
            return False
        used, clicked = self.press.handle(event, lay.menu_rect)
        if clicked:
            self.open_menu()
        return used

    def items(self, lay: TableLayout) -> list[Item]:
        """The button, and its name under it while the pointer is on it."""
        rect, scale = lay.menu_rect, Scale(lay.size)
        hot = rect.collidepoint(self.pointer)
        fonts = self.text.font

        def paint(surface: pygame.Surface) -> None:
            style.button(
                surface, rect, scale, fonts, "", lay.font_small, state="hot" if hot else "normal"
            )
            bar = FRect(0, 0, rect.h * 0.4, max(2.0, rect.h * 0.08))
            bars_x = rect.left + rect.h * 0.5
            for k in (-1, 0, 1):
                bar.center = (bars_x, rect.centery + k * rect.h * 0.2)
                pygame.draw.rect(surface, style.CREAM, bar, border_radius=max(1, round(bar.h / 2)))
            pen = self.text.pen("ui_bold", lay.font_small, style.CREAM)
            left = bars_x + rect.h * 0.3
            words = FRect(left, rect.top, rect.right - left - rect.h * 0.2, rect.h)
            style.text(surface, self.translator()("table.menu_word"), pen, words, align="center")

        out = [Item(("menu button", hot, tuple(rect)), box(rect, style.button_reach(scale)), paint)]
        if hot:
            out.append(self._label_item(lay))
        return out

    def _label_item(self, lay: TableLayout) -> Item:
        words = self.translator()("table.menu")
        pen = self.text.pen("ui", lay.font_small, style.CREAM)
        pad = lay.margin * 0.4
        area = FRect(0, 0, style.natural_width(words, pen) + 2 * pad, style.line_height(pen) + pad)
        area.topright = (lay.menu_rect.right, lay.menu_rect.bottom + lay.margin * 0.3)
        scale = Scale(lay.size)

        def paint(surface: pygame.Surface) -> None:
            style.dark_panel(surface, area, scale, alpha=235)
            style.text(surface, words, pen, area.inflate(-2 * pad, 0), align="center")

        return Item(("menu label", words, tuple(area)), box(area), paint)
