"""The row under the cards on the table: the hint, Cirulla's knock buttons and the status
line, clear of every card whatever the seats, the window and the cards on the table."""

from __future__ import annotations

import pygame
import pytest
from pygame import FRect

from scopa.ai.hints import Hint
from scopa.app.ai_worker import AiWorker
from scopa.app.style.text import Drawn, watch_text
from scopa.app.table import TableScene
from scopa.engine import Match, Move, Rules
from scopa.settings import MatchSetup, SeatConfig

from .table_helpers import FRAME, coordinated, crowded_match, deck, inline_worker, pump, settle

SIZES = [(960, 540), (1024, 768), (1280, 720), (1366, 768), (1920, 1080)]
SEATINGS = [Rules(), Rules(players=3), Rules.preset("scopone"), Rules(players=6)]
LONGEST = "settebello_coppe_played"
"""The longest reason a hint gives, in both languages."""


def press(app, code: int) -> None:  # noqa: ANN001
    app.frame(FRAME, [pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="")])


def table_for(app, match: Match) -> TableScene:  # noqa: ANN001
    """Seat 0's table, alone against computers, its hint as long as a hint gets: the play
    taking the most cards, with the longest reason."""
    rules = match.rules
    seats = tuple(SeatConfig(f"P{n}", n == 0, "beginner") for n in range(rules.players))
    scene = TableScene(
        app, coordinated(app, MatchSetup(seats, rules), match), worker=inline_worker()
    )
    app.stack.push(scene)
    settle(app, scene)
    move = max(match.legal_moves(), key=lambda move: len(move.captures))
    scene.aids.worker = AiWorker(lambda *_: Hint(move, LONGEST), mode="inline")
    return scene


def written(item) -> list[Drawn]:  # noqa: ANN001
    """The texts ``item`` writes as it is painted."""
    drawn: list[Drawn] = []
    with watch_text(drawn.append):
        item.paint(pygame.display.get_surface())
    return drawn


def kept_clear(scene: TableScene, area: FRect) -> list[str]:
    """What ``area`` covers of the cards on the table, the viewer's hand and the other seats
    (their names, hands and piles), and the deck: none of it should be."""
    lay = scene.layout
    covered = []
    for card, (kind, *_) in scene.view.places.items():
        kept = kind == "table" or card in scene.view.hands[0]
        if kept and area.colliderect(scene.view.sprites[card].rect()):
            covered.append(f"{kind} {card}")
    covered += [f"seat {rect}" for rect in lay.seats_room if area.colliderect(rect)]
    if area.colliderect(lay.deck_rect):
        covered.append("deck")
    if not FRect((0, 0), lay.size).contains(area):
        covered.append("window's edge")
    return covered


def each_window_and_language(fast, match: Match):  # noqa: ANN001, ANN201
    """The table of ``match`` at each of ``SIZES``, in English then Italian: (size, language,
    the table scene), the scene closed after each size."""
    for size in SIZES:
        fast.resize(size)
        scene = table_for(fast, match)
        for language in ("en", "it"):
            fast.settings = fast.settings.with_(language=language)
            fast.set_language(language)
            yield size, language, scene
        fast.stack.pop()


@pytest.mark.parametrize("rules", SEATINGS, ids=lambda rules: f"{rules.players}p")
@pytest.mark.parametrize("many", [False, True], ids=["one row", "two rows"])
def test_the_hint_covers_no_card(fast, rules, many):
    """At 960x540 the hint lay just above the status line, over the bottom of a second
    row of cards on the table, the card it named among them. Whatever the seats, the
    window, the language and the cards on the table, it covers none of them, nor the hand,
    the seats or the deck, and the status line does not lie over it."""
    for size, language, scene in each_window_and_language(
        fast, crowded_match(rules, 9 if many else 1)
    ):
        press(fast, pygame.K_h)
        pump(fast, 8)
        (hint,) = [item for item in scene.overlay_items() if item.key[0] == "hint"]
        area = FRect(hint.key[2])
        covered = kept_clear(scene, area)
        assert not covered, (size, language, area, covered)
        (words,) = written(hint)
        assert not words.elided and area.contains(words.used), (size, language, words)
        items = scene.painter.items(scene.snapshot())
        status = [item.rect.inflate(-4, -4) for item in items if item.key[0] == "status"]
        assert not any(area.colliderect(rect) for rect in status), (size, language)


def test_a_message_shows_on_the_row_the_hint_took(fast):
    """Where the hint takes the status line's row, a message (a card that cannot be played
    that way) shows there all the same: the hint gives way to it, and comes back after."""
    fast.resize((960, 540))
    scene = table_for(fast, crowded_match(Rules(), 9))
    press(fast, pygame.K_h)
    pump(fast, 8)
    assert scene.aids.hint_on_status()
    assert scene.status_text() is not None and scene.snapshot().status is None
    scene.say(lambda t: t("table.cannot_play", card="x"))
    snap = scene.snapshot()
    assert snap.status is not None and snap.status[0] == scene.said()
    assert not [item for item in scene.overlay_items() if item.key[0] == "hint"]
    scene.message_left = 0
    assert [item for item in scene.overlay_items() if item.key[0] == "hint"]


def knocking_match() -> Match:
    """Cirulla at four, seat 0 dealing: the three others each lay a card on four kings, and
    seat 0 may knock with seven cards on the table, on two rows."""
    rules = Rules.preset("cirulla").with_(players=4)
    order = deck("6C 4B 5B", "7C 4S 5S", "3C 4C 5C", "1D 2C 3S", "10C 10D 10S 10B")
    match = Match.new(rules, 1, first_dealer=0, decks=(order,))
    for laid in ("6C", "7C", "3C"):
        match, _ = match.apply(Move.parse(laid))
    assert len(match.round.table_cards()) == 7 and Move.parse("!") in match.legal_moves()
    return match


@pytest.mark.parametrize("hinted", [False, True], ids=["alone", "with the hint"])
def test_the_knock_buttons_cover_no_card(fast, hinted):
    """Cirulla's knock buttons lay just above the status line, over the bottom of a second
    row of cards on the table. They keep clear of every card, and so do the hint beside
    them and the status line, at every window size."""
    for size, language, scene in each_window_and_language(fast, knocking_match()):
        if hinted:
            press(fast, pygame.K_h)
            pump(fast, 8)
        buttons = scene.knock_buttons()
        assert [button.name for button in buttons] == ["knock"]
        panels = [button.rect for button in buttons]
        items = scene.painter.items(scene.snapshot())
        lines = [item.rect.inflate(-4, -4) for item in items if item.key[0] == "status"]
        panels += [FRect(line) for line in lines]
        hints = [item for item in scene.overlay_items() if item.key[0] == "hint"]
        assert len(hints) == hinted
        panels += [FRect(item.key[2]) for item in hints]
        for k, panel in enumerate(panels):
            covered = kept_clear(scene, panel)
            assert not covered, (size, language, panel, covered)
            assert panel.collidelist(panels[k + 1 :]) < 0, (size, language, panels)
