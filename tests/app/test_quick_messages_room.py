"""Where the quick messages' list opens at a table online: clear of every seat's plate,
hand and pile, with any number of players and at any size, and this screen's own bubble
beside the list rather than under it."""

from __future__ import annotations

import pygame
import pytest

from scopa.app.remote import Allowance
from scopa.app.table.chat import QuickMessages, table_spot
from scopa.app.table.layout import TableLayout
from scopa.app.table.text import Writer
from scopa.engine import Rules

SIZES = [(960, 540), (1280, 720), (1920, 1080)]


def messages(app) -> QuickMessages:  # noqa: ANN001
    return QuickMessages(
        Writer(app.font), lambda: app.t, lambda phrase: None, lambda: Allowance(3, 5)
    )


@pytest.mark.parametrize("language", ["en", "it"])
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_the_open_list_covers_no_seat(app, players, size, language):
    app.set_language(language)
    lay = TableLayout(size, Rules(players=players))
    chat = messages(app)
    area, rows = chat.panel(table_spot(lay))
    window = pygame.Rect(0, 0, *size)
    assert window.contains(area)
    covered = [rect for rect in lay.seats_room if area.colliderect(rect)]
    assert not covered, f"the list at {area} covers {covered}"
    assert all(area.contains(row) for row in rows)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("players", [2, 3, 6])
def test_this_screen_s_own_bubble_shows_beside_the_open_list(app, players, size):
    lay = TableLayout(size, Rules(players=players))
    chat = messages(app)
    chat.hear(lay.bottom, "thanks")
    words = chat.words("thanks")
    shut = chat.bubble_rect(lay, lay.bottom, words)
    chat.open = True
    area = chat.panel(table_spot(lay))[0]
    rect = chat.bubble_rect(lay, lay.bottom, words, area)
    assert not rect.colliderect(area)
    assert pygame.Rect(0, 0, *size).contains(rect)
    (bubble,) = [item for item in chat.items(lay, button=True) if item.key[0] == "chat_bubble"]
    assert bubble.key[3] == tuple(rect)  # drawn there
    if not shut.colliderect(area):  # where the list leaves it be, it stays over the plate
        assert rect == shut
