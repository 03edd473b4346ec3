"""The table's flights interrupted: a resize, a pause, a card raised and another played.
Each card ends where it belongs, and is seen getting there."""

from __future__ import annotations

import math

import pygame
import pytest

from scopa.app.table import TableScene
from scopa.engine import Card, Move

from . import test_table_play
from .table_helpers import (
    FRAME,
    centre_of,
    click,
    coordinated,
    drag,
    fixed_match,
    inline_worker,
    pump,
    settle,
    solo_setup,
)

C = Card.parse


def open_table(app, speed: str = "normal") -> TableScene:  # noqa: ANN001
    """The seven of coins to play, able to take the seven of cups, at ``speed``."""
    app.settings = app.settings.with_(animation_speed=speed, language="en")
    return test_table_play.open_table(app, "7D 2C 10S", "1B 3B 8C", "7C 4S 5D 9B")


def test_a_card_landing_on_its_capture_stays_there_as_the_window_changes_size(app):
    """Resized (or switched to full screen) as the seven landed across the seven it
    takes, the card went to the deck face down, and flew from there to the pile."""
    scene = open_table(app)
    drag(app, centre_of(scene, C("7D")), centre_of(scene, C("7C")))
    for _ in range(60):
        if scene.view.places[C("7D")][0] == "moving":
            break
        pump(app)
    assert scene.view.places[C("7D")][0] == "moving"
    pump(app, 4)
    app.resize((1000, 800))
    played, taken = scene.view.sprites[C("7D")], scene.view.sprites[C("7C")]
    stock = scene.layout.stock_centre
    assert math.dist((played.x, played.y), stock) > scene.layout.table_w
    assert played.turn == 1.0  # face up, across the card it takes, in the new layout
    assert abs(played.x - taken.x) < scene.layout.table_w
    assert abs(played.y - taken.y) < scene.layout.table_h


@pytest.mark.parametrize("speed", ["fast", "instant"])
@pytest.mark.parametrize("raised_by", ["click", "hint"])
def test_a_card_raised_and_not_played_goes_back_into_line(app, speed, raised_by):
    """At the fast speeds, the two of clubs raised (clicked, or hinted) and the seven
    played stayed where it was in the hand of three, a gap beside it until the next play."""
    scene = open_table(app, speed)
    if raised_by == "click":
        click(app, centre_of(scene, C("2C")))
    else:
        scene.show_hint(next(m for m in scene.match.legal_moves() if m.card == C("2C")))
    pump(app, 10)
    drag(app, centre_of(scene, C("7D")), centre_of(scene, C("7C")))
    assert scene.match.moves()[0] == Move.parse("7Dx7C")
    settle(app, scene)
    pump(app, 30)
    for card in scene.view.hands[0]:
        sprite, target = scene.view.sprites[card], scene.view.target(card)
        assert (sprite.x, sprite.y, sprite.lift) == pytest.approx(
            (target["x"], target["y"], 0.0), abs=0.5
        ), card


def test_a_pause_mid_deal_holds_the_cards_where_they_fly(app):
    """Paused as the cards were dealt, the hands showed dealt behind the menu; resumed,
    some cards jumped back into the air and the last ones were never seen dealt."""
    app.settings = app.settings.with_(animation_speed="normal", language="en")
    match = fixed_match("7D 2C 10S", "1B 3B 8C", "7C 4S 5D 9B")
    scene = TableScene(app, coordinated(app, solo_setup(), match), worker=inline_worker())
    app.stack.push(scene)
    pump(app, 36)
    cards = [*scene.view.hands[0], *scene.view.hands[1]]

    def flying() -> list[Card]:
        return [card for card in cards if scene.tweener.moving(scene.view.sprites[card])]

    def where() -> list[tuple[float, float]]:
        return [(scene.view.sprites[c].x, scene.view.sprites[c].y) for c in cards]

    in_the_air = flying()
    assert in_the_air, "the deal was over before the pause"
    before = where()
    escape = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0)
    app.frame(FRAME, [escape])
    assert app.stack.top is not scene
    assert where() == before  # held where they were, behind the menu
    app.frame(FRAME, [escape])
    assert app.stack.top is scene
    assert flying() == in_the_air  # each goes on from where it was
    settle(app, scene)
    for card in cards:
        sprite, target = scene.view.sprites[card], scene.view.target(card)
        assert (sprite.x, sprite.y) == pytest.approx((target["x"], target["y"]), abs=0.5)
