"""The rules screen: pages turn with the keys and buttons, each page has text in both
languages, and the worked examples are the rulebook's (checked against the engine)."""

from __future__ import annotations

import pygame
import pytest

from scopa.app.scenes.rule_examples import EXAMPLES, PAGE_EXAMPLES
from scopa.app.scenes.rules import PAGES, RulesScene
from scopa.engine import Card, Rules, capture_options, parse_cards, primiera

from .menu_helpers import click, frame, press


def test_pages_turn_with_keys_and_buttons(app) -> None:
    scene = RulesScene(app)
    app.stack.push(scene)
    frame(app)
    assert scene.page == 1 and not scene.prev_button.enabled
    press(app, pygame.K_RIGHT)
    click(app, scene.next_button)
    assert scene.page == 3
    press(app, pygame.K_LEFT)
    assert scene.page == 2
    for _ in range(PAGES + 2):
        press(app, pygame.K_PAGEDOWN)
    assert scene.page == PAGES and not scene.next_button.enabled


@pytest.mark.parametrize("language", ["it", "en"])
def test_every_page_draws_in_both_languages(app, language) -> None:
    app.set_language(language)
    scene = RulesScene(app)
    app.stack.push(scene)
    titles = set()
    for page in range(1, PAGES + 1):
        scene.page = page
        frame(app)
        assert scene.text() != f"rules_p{page}_text"
        titles.add(scene.title())
    assert len(titles) == PAGES


def test_a_small_window_scrolls_a_long_page(app) -> None:
    app.resize((960, 540))
    scene = RulesScene(app)
    app.stack.push(scene)
    scene.page = 3
    frame(app)
    overflow = scene.content_height() - scene.body.h
    if overflow > 0:
        press(app, pygame.K_DOWN)
        assert scene.offset > 0
        frame(app, pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=50))
        assert scene.offset == 0


def test_every_example_is_on_a_page() -> None:
    shown = {name for names in PAGE_EXAMPLES.values() for name in names}
    assert shown == set(EXAMPLES)


def _options(played: str, table: str, rules: Rules | None = None) -> set[frozenset[Card]]:
    rules = rules or Rules()
    return {
        frozenset(option)
        for option in capture_options(Card.parse(played), parse_cards(table), rules)
    }


def test_the_capture_examples_agree_with_the_engine() -> None:
    for name in ("sum", "priority", "scopa"):
        example = EXAMPLES[name]
        table = " ".join(example.table)
        taken = {frozenset(parse_cards(option)) for option in example.takes}
        assert _options(example.played[0], table) == taken, name
    quindici = EXAMPLES["quindici"]
    taken = {frozenset(parse_cards(option)) for option in quindici.takes}
    assert _options("4C", " ".join(quindici.table), Rules(quindici=True)) == taken


def test_the_primiera_example_is_worth_47() -> None:
    example = EXAMPLES["primiera"]
    assert primiera(parse_cards(example.table)) == 47 == sum(int(v) for v in example.values)
    assert example.total == "= 47"


def test_the_never_leave_seven_example() -> None:
    example = EXAMPLES["seven"]
    for card in example.played:
        left = [*parse_cards(example.table), Card.parse(card)]
        assert any(a.rank + b.rank == 7 for a in left for b in left if a is not b)


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_measured_height_is_the_drawn_height(app, name) -> None:
    from scopa.app.scenes.rule_examples import draw_example, example_height
    from scopa.app.style import Metrics

    m = Metrics(app, app.size)
    area = pygame.Rect(10, 10, 600, 600)
    drawn = draw_example(app.screen, app, EXAMPLES[name], area, m)
    assert drawn == example_height(EXAMPLES[name], area.w, m)
