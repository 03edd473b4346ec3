"""The rulebooks' worked examples, drawn with real cards: the card played, the table, and
what it takes (green) or must not do (red); for Cirulla also the hands shown for a bonus,
the dealer's opening table and the runs of coins. The deck is the one the game is dealt with
(the Genoese cards for Cirulla, unless the player chose a deck)."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from scopa.engine import Card, Rules

from .. import style
from ..wording import capital, card_list, card_name, suit_name

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
    """One row per way of capturing; the cards taken glow green, the others are veiled."""
    wrong: tuple[str, ...] = ()
    """Cards outlined in red: what the rule forbids."""
    values: tuple[str, ...] = ()
    """Numbers written under the table cards (the primiera scale, the values counted)."""
    total: str = ""
    highlight: tuple[int, int, int] = TAKE
    """The outline of the cards in ``takes``."""
    table_label: str = "rules_table"
    """String key of the label over the cards on the right ('' for none)."""
    six_sides: int = 0
    """Not cards but six seats round a table, coloured by side under ``six_sides``."""


MATTA = "7C"
"""Cirulla's wild card in the examples: the 7 of cups (of hearts in French-suited decks)."""

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
    # --- Cirulla (CIRULLA.md) ---------------------------------------------------------------
    "c_fifteen": Example(
        "ex_c_fifteen", played=("5C",), table=("10S", "7D", "3B"), takes=(("10S",), ("7D", "3B"))
    ),
    "c_choice": Example(
        "ex_c_choice",
        played=("9C",),
        table=("9S", "6D", "5B", "4C", "3S"),
        takes=(("9S",), ("5B", "4C"), ("6D", "3S"), ("6D",)),
    ),
    "c_must": Example("ex_c_must", played=("5C",), table=("10S", "2B"), takes=(("10S",),)),
    "c_sweep": Example(
        "ex_c_sweep",
        played=("1C",),
        table=("10S", "7D", "3B", "4S"),
        takes=(("10S", "7D", "3B", "4S"),),
    ),
    "c_ace_on_ace": Example(
        "ex_c_ace_on_ace",
        played=("1B",),
        table=("1D", "3S", "4C", "6B", "7S"),
        takes=(("1D",), ("3S", "4C", "7S"), ("1D", "3S", "4C", "6B"), ("1D", "6B", "7S")),
    ),
    "c_dealer_15": Example(
        "ex_c_dealer_15",
        table=("4B", MATTA, "3B", "6D"),
        values=("4", "2", "3", "6"),
        total="= 15",
        table_label="rules_opening",
    ),
    "c_dealer_30": Example(
        "ex_c_dealer_30",
        table=("10S", "10B", "5C", "5S"),
        values=("10", "10", "5", "5"),
        total="= 30",
        table_label="rules_opening",
    ),
    "c_low_hand": Example(
        "ex_c_low_hand",
        table=("2S", "3C", "4B"),
        values=("2", "3", "4"),
        total="= 9",
        table_label="rules_your_hand",
    ),
    "c_matta": Example(
        "ex_c_matta",
        table=(MATTA, "3S", "4B"),
        values=("1", "3", "4"),
        total="= 8",
        table_label="rules_your_hand",
        takes=((MATTA,),),
        highlight=style.GOLD,
    ),
    "c_decino": Example(
        "ex_c_decino",
        table=("9S", "9B", MATTA),
        values=("9", "9", "9"),
        table_label="rules_your_hand",
        takes=((MATTA,),),
        highlight=style.GOLD,
    ),
    "c_grande": Example(
        "ex_c_grande", table=("10D", "9D", "8D"), total="= 5", table_label="rules_taken"
    ),
    "c_piccola": Example(
        "ex_c_piccola", table=("1D", "2D", "3D", "4D"), total="= 4", table_label="rules_taken"
    ),
    "six_2": Example("ex_six_2", six_sides=2),
    "six_3": Example("ex_six_3", six_sides=3),
    "six_6": Example("ex_six_6", six_sides=6),
}

PAGE_EXAMPLES: dict[str, tuple[str, ...]] = {
    "p1": ("cards", "settebello"),
    "p3": ("sum", "priority"),
    "p4": ("scopa",),
    "p5": ("primiera",),
    "p7": ("seven",),
    "p8": ("quindici",),
    "p9": ("six_2", "six_3", "six_6"),
    "c1": ("cards",),
    "c2": ("c_fifteen", "c_choice"),
    "c3": ("c_must",),
    "c4": ("c_sweep", "c_ace_on_ace"),
    "c5": ("c_dealer_15", "c_dealer_30"),
    "c6": ("c_low_hand", "c_matta", "c_decino"),
    "c7": ("c_grande", "c_piccola"),
}
"""Which examples illustrate which rules page (``p1``.. Scopa's pages, ``c1``.. Cirulla's)."""


def caption_text(app: App, example: Example, deck: str | None = None) -> str:
    """The caption under ``example``, its cards named as ``deck`` (the chosen deck when
    None) names them: the knight of cups is the queen of hearts in a French-suited deck."""
    deck = deck or app.settings.deck_style
    t = app.t
    pile = [Card.parse(text) for text in EXAMPLES["primiera"].table]
    grande = [Card.parse(text) for text in EXAMPLES["c_grande"].table]
    words = {
        "settebello": card_name(t, Card.parse("7D"), deck),
        "scopa_card": card_name(t, Card.parse(EXAMPLES["scopa"].played[0]), deck),
        "pile": card_list(t, pile, deck),
        "matta": card_name(t, Card.parse(MATTA), deck),
        "grande": card_list(t, grande, deck),
        "coins": suit_name(t, "D", deck),
    }
    return capital(t(example.caption, **words))


def example_height(example: Example, width: int, m: style.Metrics) -> int:
    """The height :func:`draw_example` uses at ``width`` (caption excluded)."""
    if example.six_sides:
        return _seating_height(m)
    return _row_height(example, _card_height(example, width, m), m) * _rows(example)


def _row_height(example: Example, h: int, m: style.Metrics) -> int:
    label_h = _label_height(m)
    top = label_h if example.played or example.table_label else 0
    below = label_h if example.values else 0
    return top + h + _below_label(m) + m.px(0.012) + m.px(0.02) + below


def _label_height(m: style.Metrics) -> int:
    return style.line_height(m.pen("ui", style.SMALL, style.INK_SOFT))


def _below_label(m: style.Metrics) -> int:
    """From the foot of the labels to the top of the cards: the felt round the cards reaches
    up past them, and stays clear of the labels' descenders."""
    return m.px(0.012) + m.px(0.004)


def _rows(example: Example) -> int:
    return max(1, len(example.takes))


def _card_height(example: Example, width: int, m: style.Metrics) -> int:
    slots = len(example.table) + len(example.played) + (1.2 if example.played else 0)
    slots += 1.4 if example.total else 0
    by_width = style.card_height(round(width / (slots * 1.12 + 0.6)))
    return max(m.px(0.06), min(by_width, m.px(0.2)))


def draw_example(
    surface: pygame.Surface,
    app: App,
    example: Example,
    area: pygame.Rect,
    m: style.Metrics,
    deck: str | None = None,
) -> int:
    """Draw ``example`` at the top of ``area`` with the cards of ``deck`` (the chosen deck
    when None); returns the height used."""
    if example.six_sides:
        return _draw_seating(surface, app, example.six_sides, area, m)
    h = _card_height(example, area.w, m)
    w = style.card_width_for(h)
    art = style.menu_art(app, deck)
    step = round(w * 1.12)
    label = m.pen("ui", style.SMALL, style.INK_SOFT)
    label_h = _label_height(m)
    top = label_h if example.played or example.table_label else 0
    y = area.top
    for row in range(_rows(example)):
        row_top = y
        taken = set(example.takes[row]) if example.takes else set()
        x = area.left
        cy = y + top + h // 2 + _below_label(m)
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
        cloth = style.cloth(app.settings.felt).flat
        pygame.draw.rect(surface, cloth, felt, border_radius=m.px(0.012))
        pygame.draw.rect(surface, style.WOOD, felt, max(1, m.px(0.004)), border_radius=m.px(0.012))
        if example.table_label:
            box = pygame.Rect(felt.left, y, area.right - felt.left, label_h)
            style.text(surface, app.t(example.table_label), label, box)
        x = felt.left + m.px(0.007) + (step - w) // 2
        value = m.pen("ui_bold", style.SMALL, style.INK)
        for i, card in enumerate(example.table):
            glow = example.highlight if card in taken else WRONG if card in example.wrong else None
            rect = style.draw_card(surface, art, card, (x + w // 2, cy), w, glow=glow)
            if taken and card not in taken:  # a card the capture leaves, veiled (glows
                # alone, green on the green felt or red beside green, hardly told them apart)
                veil = art.dim(rect.w)
                surface.blit(veil, veil.get_rect(center=rect.center))
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


def _seating_height(m: style.Metrics) -> int:
    return m.px(0.2)


def seating(area: pygame.Rect, m: style.Metrics) -> tuple[list[tuple[int, int]], int, pygame.Rect]:
    """Where the six seats of a seating picture go in ``area``: their centres in playing
    order (yours at the bottom, the next on your right), their radius, and the table."""
    height = _seating_height(m)
    seat_r = max(6, m.px(0.02))
    ry = height // 2 - seat_r - m.px(0.004)
    rx = round(ry * 1.5)
    cx, cy = area.left + rx + seat_r + m.px(0.01), area.top + height // 2
    felt = pygame.Rect(0, 0, 2 * rx - 2 * seat_r, 2 * ry - seat_r)
    felt.center = (cx, cy)
    centres = []
    for seat in range(6):
        angle = math.radians(90 - 60 * seat)
        centres.append((round(cx + rx * math.cos(angle)), round(cy + ry * math.sin(angle))))
    return centres, seat_r, felt


def _draw_seating(
    surface: pygame.Surface, app: App, six_sides: int, area: pygame.Rect, m: style.Metrics
) -> int:
    """Six seats round a table, numbered in playing order, each coloured by the side
    ``Rules.side_of`` gives it."""
    rules = Rules(players=6, six_sides=six_sides)
    centres, seat_r, felt = seating(area, m)
    pygame.draw.ellipse(surface, style.cloth(app.settings.felt).flat, felt)
    pygame.draw.ellipse(surface, style.WOOD, felt, max(1, m.px(0.004)))
    number = m.pen("ui_bold", style.SMALL, style.CREAM)
    for seat, centre in enumerate(centres):
        colour = style.side_colour(rules.side_of(seat))
        pygame.draw.circle(surface, colour, centre, seat_r)
        pygame.draw.circle(surface, style.INK, centre, seat_r, max(1, m.px(0.002)))
        box = pygame.Rect(0, 0, 2 * seat_r, 2 * seat_r)
        box.center = centre
        style.text(surface, str(seat + 1), number, box, align="center")
    return _seating_height(m)
