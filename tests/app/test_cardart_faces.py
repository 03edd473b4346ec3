"""Every card face as the game scales it: opaque where the card is, clear outside its rounded
corners."""

from __future__ import annotations

import pygame
import pytest

from scopa.app.cardart import CardArt
from scopa.engine import Card
from scopa.resources import DECK_STYLES


@pytest.mark.parametrize("style", DECK_STYLES)
@pytest.mark.parametrize("width", [40, 70, 160])
def test_a_card_hides_what_lies_under_it(app, style, width) -> None:  # noqa: ANN001
    """``smoothscale`` shrinks an opaque face to an alpha of 253: every card let the cards
    and the felt under it show through (the ace under the 2 of a fanned hand, the grain of
    the felt). A face and a back are opaque up to their rounded corners, which stay clear."""
    art = CardArt(style, True, "en", font=app.font)
    for picture in (art.face(Card.parse("2D"), width), art.back(width)):
        w, h = picture.get_size()
        inside = [(w // 2, h // 2), (1, h // 2), (w - 2, h // 2), (w // 2, 0), (w // 2, h - 1)]
        assert [picture.get_at(spot).a for spot in inside] == [255] * len(inside)
        assert picture.get_at((0, 0)).a < 128 and picture.get_at((w - 1, h - 1)).a < 128
        under = pygame.Surface((w, h))
        under.fill((200, 20, 20))
        under.blit(picture, (0, 0))
        alone = pygame.Surface((w, h))
        alone.fill((20, 200, 20))
        alone.blit(picture, (0, 0))
        assert under.get_at((w // 2, h // 2)) == alone.get_at((w // 2, h // 2))
