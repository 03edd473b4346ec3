"""The pointer over the score sheet: back at the table, the next hand is not lifted under
where the pointer last was over the table (it had gone on to the sheet's Next round)."""

from __future__ import annotations

import pygame

from scopa.app.table import TableScene
from scopa.engine import Match, Rules
from scopa.settings import MatchSetup

from .table_helpers import (
    click,
    coordinated,
    drag,
    empty_felt,
    inline_worker,
    mouse,
    pump,
    settle,
    sheet_opens,
)


def at_the_last_card() -> Match:
    """A match whose first round ends with seat 0's last card, seat 0 to play."""
    for seed in range(1, 200):
        match = Match.new(Rules(), seed)
        while match.round.round_no == 1 and not match.over:
            obs = match.observe(match.turn)
            if match.turn == 0 and sum(obs.hand_sizes) == 1 and obs.stock_size == 0:
                return match
            match, _ = match.apply(match.legal_moves()[0])
    raise AssertionError("no such match")


def table_at_the_last_card(app) -> TableScene:  # noqa: ANN001
    """The table of ``at_the_last_card``'s match against the computer, settled."""
    setup = MatchSetup.solo(Rules(), "beginner")
    scene = TableScene(app, coordinated(app, setup, at_the_last_card()), worker=inline_worker())
    app.stack.push(scene)
    settle(app, scene)
    return scene


def test_no_card_of_the_next_hand_rises_under_a_pointer_gone_to_the_sheet(fast, monkeypatch):
    scene = table_at_the_last_card(fast)
    (last,) = scene.match.round.hand(0)
    where = scene.view.sprites[last].rect().center
    drag(fast, where, empty_felt(scene))
    fast.frame(1 / 60, [mouse(pygame.MOUSEMOTION, where)])  # resting where the hand was
    sheet = sheet_opens(fast, 3000)
    button = sheet.buttons[-1].rect.center
    # the real pointer, as the window reads it: over the sheet's Next round
    monkeypatch.setattr(pygame.mouse, "get_focused", lambda: True)
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: button)
    click(fast, button)
    assert fast.stack.top is scene
    settle(fast, scene)
    pump(fast, 30)
    assert scene.match.round.round_no == 2 and scene.pick.hovered is None
    assert all(scene.view.sprites[card].lift == 0 for card in scene.match.round.hand(0))


def test_enter_pressed_on_as_the_sheet_goes_plays_no_card_of_the_new_hand(fast):
    """The sheet clicked away at the fastest speed, the new round dealt at once (led by the
    player here, or by the computer playing at once), and Enter pressed on three times
    meant for the sheet: the first chose the new hand's first card and the next played it,
    unseen. Keys that choose or play wait until the new hand has been in sight a moment;
    the keys then play as always."""
    from scopa.app.table.scene import NEW_HAND_CALM

    fast.settings = fast.settings.with_(animation_speed="instant")
    scene = table_at_the_last_card(fast)
    (last,) = scene.match.round.hand(0)
    drag(fast, scene.view.sprites[last].rect().center, empty_felt(scene))
    sheet = sheet_opens(fast, 3000)
    pump(fast, 120)  # (read a moment: a click as it came was not taken)
    click(fast, sheet.buttons[-1].rect.center)
    assert fast.stack.top is scene
    for _ in range(600):  # (the player leads this one)
        pump(fast)
        if scene.human_to_play == 0:
            break
    assert scene.match.round.round_no == 2 and scene.human_to_play == 0
    enter = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r")
    for _ in range(3):
        fast.frame(0.1, [enter])
    assert scene.pick.selected is None and not any(s == 0 for s, _ in scene.match.round.history())
    fast.frame(NEW_HAND_CALM, [])
    fast.frame(0.1, [enter])
    assert scene.pick.selected == scene.match.round.hand(0)[0]  # chosen, as always
    fast.frame(0.1, [enter])
    settle(fast, scene)
    assert any(seat == 0 for seat, _ in scene.match.round.history())
