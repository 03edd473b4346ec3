"""Card pictures are loaded once per deck, whoever draws them: the table and the menus share
one copy, and only the decks in use stay loaded."""

from __future__ import annotations

from scopa.app import cardart
from scopa.app.cardart import CardArt


def test_two_painters_of_one_deck_share_its_loaded_pictures(app) -> None:
    table = CardArt("napoletane", font=app.font)
    menus = CardArt("napoletane", font=app.font)
    table.face("7D", 120)
    assert menus._source("7D") is table._source("7D") is not None


def test_only_the_decks_in_use_stay_loaded(app) -> None:
    for deck in ("napoletane", "piacentine", "siciliane", "trevisane", "french", "genovesi"):
        CardArt(deck, font=app.font).face("7D", 80)
    assert len(cardart._SOURCES) <= cardart.SOURCE_DECKS
    assert ("genovesi", True) in cardart._SOURCES
