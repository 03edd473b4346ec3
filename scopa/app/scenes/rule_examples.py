"""The rulebook's worked examples, drawn with real cards: the card played, the table, and
what it takes (green) or must not do (red)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from scopa.engine import Card

from .. import style
from ..wording import capital, card_list, card_name

if TYPE_CHECKING:
    from ..app import App

TAKE = (60, 160, 90)
WRONG = (200, 50, 50)


@dataclass(frozen=True)
class Example:
    caption: str
    """String key of the sentence under the picture."""
    played: tuple[str, ...] = ()
    table: tuple[str, ...] = ()
    takes: tuple[tuple[str, ...], ...] = ()
    """One row per way of capturing; the cards taken glow green."""
    wrong: tuple[str, ...] = ()
    """Cards outlined in red: what the rule forbids."""
    values: tuple[str, ...] = ()
    """Numbers written under the table cards (the primiera scale)."""
    total: str = ""
    highlight: tuple[int, int, int] = TAKE
    """The outline of the cards in ``takes``."""
    table_label: str = "rules_table"
    """String key of the label over the cards on the right ('' for none)."""


EXAMPLES: dict[str, Example] = {
    "cards": Example(
        "", table_label="", table=("1D", "7C", "8S", "9B", "10D"), values=("1", "7", "8", "9", "10")
    ),
    "settebello": Example(
        "ex_settebello",
        table=("7D", "7C", "7S", "7B"),
        takes=(("7D",),),
        table_label="",
        highlight=style.GOLD,
    ),
    "sum": Example("ex_sum", played=("10C",), table=("7D", "3S", "5B"), takes=(("7D", "3S"),)),
    "priority": Example(
        "ex_priority",
        played=("10S",),
        table=("10B", "7C", "3D"),
        takes=(("10B",),),
        wrong=("7C", "3D"),
    ),
    "scopa": Example("ex_scopa", played=("9C",), table=("6S", "3B"), takes=(("6S", "3B"),)),
    "primiera": Example(
        "ex_primiera",
        table=("4S", "3C", "10D", "9B"),
        values=("14", "13", "10", "10"),
        total="= 47",
        table_label="rules_pile",
    ),
    "seven": Example("ex_seven", played=("3C", "1S"), table=("6D", "4B"), wrong=("3C", "1S")),
    "quindici": Example(
        "ex_quindici",
        played=("4C",),
        table=("1D", "3S", "4B", "7C"),
        takes=(("4B", "7C"), ("1D", "3S", "7C")),
    ),
}

PAGE_EXAMPLES: dict[int, tuple[str, ...]] = {
    1: ("cards", "settebello"),
    3: ("sum", "priority"),
    4: ("scopa",),
    5: ("primiera",),
    7: ("seven",),
    8: ("quindici",),
}
"""Which examples illustrate which rules page (pages are numbered from 1)."""


def caption_text(app: App, example: Example) -> str:
    """The caption under ``example``, its cards named as the chosen deck names them (the
    knight of cups is the queen of hearts in a French deck)."""
    deck, t = app.settings.deck_style, app.t
    pile = [Card.parse(text) for text in EXAMPLES["primiera"].table]
    words = {
        "settebello": card_name(t, Card.parse("7D"), deck),
        "scopa_card": card_name(t, Card.parse(EXAMPLES["scopa"].played[0]), deck),
        "pile": card_list(t, pile, deck),
    }
    return capital(t(example.caption, **words))


def example_height(example: Example, width: int, m: style.Metrics) -> int:
    """The height :func:`draw_example` uses at ``width`` (caption excluded)."""
    return _row_height(example, _card_height(example, width, m), m) * _rows(example)


def _row_height(example: Example, h: int, m: style.Metrics) -> int:
    label_h = _label_height(m)
    top = label_h if example.played or example.table_label else 0
    return top + h + m.px(0.008) + m.px(0.012) + m.px(0.02) + (label_h if example.values else 0)


def _label_height(m: style.Metrics) -> int:
    return style.line_height(m.pen("ui", style.SMALL, style.INK_SOFT))


def _rows(example: Example) -> int:
    return max(1, len(example.takes))


def _card_height(example: Example, width: int, m: style.Metrics) -> int:
    slots = len(example.table) + len(example.played) + (1.2 if example.played else 0)
    slots += 1.4 if example.total else 0
    by_width = style.card_height(round(width / (slots * 1.12 + 0.6)))
    return max(m.px(0.06), min(by_width, m.px(0.2)))


def draw_example(
    surface: pygame.Surface, app: App, example: Example, area: pygame.Rect, m: style.Metrics
) -> int:
    """Draw ``example`` at the top of ``area``; returns the height used."""
    h = _card_height(example, area.w, m)
    w = style.card_width_for(h)
    art = style.menu_art(app)
    step = round(w * 1.12)
    label = m.pen("ui", style.SMALL, style.INK_SOFT)
    label_h = _label_height(m)
    top = label_h if example.played or example.table_label else 0
    y = area.top
    for row in range(_rows(example)):
        row_top = y
        taken = set(example.takes[row]) if example.takes else set()
        x = area.left
        cy = y + top + h // 2 + m.px(0.008)
        if example.played:
            played_w = step * len(example.played) + round(w * 0.95)
            box = pygame.Rect(x, y, played_w, label_h)
            style.text(surface, app.t("rules_you_play"), label, box)
            for card in example.played:
                glow = WRONG if card in example.wrong else None
                style.draw_card(surface, art, card, (x + w // 2, cy), w, glow=glow, lifted=True)
                if card in example.wrong:
                    _cross(surface, pygame.Rect(x, cy - h // 2, w, h), m)
                x += step
            arrow_x = x + round(w * 0.1)
            _arrow(surface, (arrow_x, cy), round(w * 0.6), m)
            x += round(w * 0.95)
        felt = pygame.Rect(
            x, cy - h // 2 - m.px(0.012), step * len(example.table) + m.px(0.014), h + m.px(0.024)
        )
        pygame.draw.rect(surface, style.FELT, felt, border_radius=m.px(0.012))
        pygame.draw.rect(surface, style.WOOD, felt, max(1, m.px(0.004)), border_radius=m.px(0.012))
        if example.table_label:
            box = pygame.Rect(felt.left, y, area.right - felt.left, label_h)
            style.text(surface, app.t(example.table_label), label, box)
        x = felt.left + m.px(0.007) + (step - w) // 2
        value = m.pen("ui_bold", style.SMALL, style.INK)
        for i, card in enumerate(example.table):
            glow = example.highlight if card in taken else WRONG if card in example.wrong else None
            style.draw_card(surface, art, card, (x + w // 2, cy), w, glow=glow)
            if i < len(example.values):
                box = pygame.Rect(x - (step - w) // 2, felt.bottom + m.px(0.004), step, label_h)
                style.text(surface, example.values[i], value, box, align="center")
            x += step
        if example.total:
            left = felt.right + m.px(0.015)
            box = pygame.Rect(left, cy - label_h, area.right - left, 2 * label_h)
            style.text(surface, example.total, m.pen("ui_bold", style.ROW_TITLE, style.INK), box)
        y = row_top + _row_height(example, h, m)
    return y - area.top


def _arrow(surface: pygame.Surface, start: tuple[int, int], length: int, m: style.Metrics) -> None:
    x, y = start
    thick = max(2, m.px(0.005))
    head = max(4, m.px(0.014))
    pygame.draw.line(surface, style.WOOD, (x, y), (x + length - head, y), thick)
    pygame.draw.polygon(
        surface,
        style.WOOD,
        [(x + length, y), (x + length - head, y - head), (x + length - head, y + head)],
    )


def _cross(surface: pygame.Surface, rect: pygame.Rect, m: style.Metrics) -> None:
    thick = max(2, m.px(0.007))
    box = rect.inflate(-rect.w // 4, -rect.h // 3)
    pygame.draw.line(surface, WRONG, box.topleft, box.bottomright, thick)
    pygame.draw.line(surface, WRONG, box.bottomleft, box.topright, thick)
