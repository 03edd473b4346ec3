"""Shared helpers for the table scene tests: fixed deals, real mouse events, frame pumping."""

from __future__ import annotations

import pygame

from scopa.app.ai_worker import AiWorker, choose_move
from scopa.app.matches import MatchCoordinator
from scopa.app.table.saving import MatchSaver
from scopa.engine import DECK, Card, Match, Rules
from scopa.settings import MatchSetup, SeatConfig

FRAME = 1 / 30


def deck(*groups: str) -> list[Card]:
    """A 40-card deck starting with the given cards (e.g. '7D 2C 10S'), then the rest."""
    head = [Card.parse(text) for group in groups for text in group.split()]
    return head + [card for card in DECK if card not in head]


def fixed_match(first_hand: str, second_hand: str, table: str, rules: Rules | None = None) -> Match:
    """A 2-player match where seat 0 (dealt first, plays first) holds ``first_hand``."""
    rules = rules or Rules()
    return Match.new(rules, 1, first_dealer=1, decks=(deck(first_hand, second_hand, table),))


def solo_setup(rules: Rules | None = None) -> MatchSetup:
    rules = rules or Rules()
    return MatchSetup((SeatConfig("Giulia", True), SeatConfig("CPU", False, "beginner")), rules)


def inline_worker() -> AiWorker:
    """Computer moves chosen by the real players, in the test's own thread."""
    return AiWorker(choose_move, mode="inline")


def coordinated(app, setup: MatchSetup, match: Match | None = None, *, saved: bool | None = None):  # noqa: ANN001, ANN201
    """A match in progress for a table: ``match`` (or a new one from seed 1) of ``setup``,
    saved in the app's store like a match started from the menus (by default, as the menus
    do, every match but one of computers only)."""
    match = Match.new(setup.rules, 1) if match is None else match
    if saved is None:
        saved = setup.mode != "watch"
    saver = MatchSaver(app.store) if saved else None
    coordinator = MatchCoordinator(setup, match, saver=saver)
    app.matches.current = coordinator
    coordinator.save()
    return coordinator


def pump(app, frames: int = 1) -> None:  # noqa: ANN001
    for _ in range(frames):
        app.frame(FRAME, [])


def settle(app, scene, limit: int = 2000) -> None:  # noqa: ANN001
    """Run frames until the table has finished animating (or fail after ``limit``)."""
    for _ in range(limit):
        if not scene.director.busy:
            return
        app.frame(FRAME, [])
    raise AssertionError("the table never stopped animating")


def sheet_opens(app, limit: int = 600):  # noqa: ANN001, ANN201
    """Run frames until the score sheet is the scene on top (or fail after ``limit``);
    returns it."""
    from scopa.app.scenes.scoring import ScoringScene

    for _ in range(limit):
        if isinstance(app.stack.top, ScoringScene):
            break
        pump(app)
    sheet = app.stack.top
    assert isinstance(sheet, ScoringScene)
    return sheet


def mouse(kind: int, pos: tuple[float, float]) -> pygame.event.Event:
    pos = (round(pos[0]), round(pos[1]))
    if kind == pygame.MOUSEMOTION:
        return pygame.event.Event(kind, pos=pos, rel=(0, 0), buttons=(1, 0, 0))
    return pygame.event.Event(kind, pos=pos, button=1)


def drag(app, start: tuple[float, float], end: tuple[float, float], steps: int = 8) -> None:  # noqa: ANN001
    """Press at ``start``, move in steps (a frame each) to ``end`` and release there (a
    drag of its own, not a double click's second press)."""
    app._last_press = None
    app.frame(FRAME, [mouse(pygame.MOUSEBUTTONDOWN, start)])
    for k in range(1, steps + 1):
        x = start[0] + (end[0] - start[0]) * k / steps
        y = start[1] + (end[1] - start[1]) * k / steps
        app.frame(FRAME, [mouse(pygame.MOUSEMOTION, (x, y))])
    app.frame(FRAME, [mouse(pygame.MOUSEBUTTONUP, end)])


def click(app, pos: tuple[float, float]) -> None:  # noqa: ANN001
    """One click, as a person makes it: not the second of a double click (``App`` drops
    that on a screen the first one opened)."""
    app._last_press = None
    app.frame(FRAME, [mouse(pygame.MOUSEBUTTONDOWN, pos), mouse(pygame.MOUSEBUTTONUP, pos)])


def hold_enter(app) -> None:  # noqa: ANN001
    """Enter held down on the hot-seat cover until it lifts (``COVER_PRESS``), then let go:
    a tap lifts nothing (the last player's, pressed on)."""
    from scopa.app.table.scene import COVER_PRESS

    app.frame(FRAME, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0)])
    pump(app, round(COVER_PRESS / FRAME) + 2)
    app.frame(FRAME, [pygame.event.Event(pygame.KEYUP, key=pygame.K_RETURN, mod=0)])


def lift_cover(app, scene, pos: tuple[float, float] | None = None) -> None:  # noqa: ANN001
    """Hold the hot-seat cover's button down once it may be lifted (``COVER_HOLD`` after
    it came down), the pointer coming to it from above, as the next person does, until it
    lifts (``COVER_PRESS``), then let go and look at the hand a moment (``SHOWN_CALM``:
    clicks sooner are a double click's, not theirs)."""
    from scopa.app.table.scene import COVER_CALM, COVER_HOLD, COVER_PRESS, SHOWN_CALM

    assert scene.cover is not None
    since = scene.clock
    while scene.clock - scene.cover_since < COVER_HOLD or scene.clock - since < COVER_CALM:
        app.frame(FRAME, [], draw=None)  # and a moment with nothing pressed (drawn as the
        # window draws it: only what moves)
    target = pos or scene.cover_button().center
    start = (target[0], max(0.0, scene.cover_button().top - 20))  # to the button from above
    app.frame(FRAME, [mouse(pygame.MOUSEMOTION, start)])
    hold(app, scene, target, COVER_PRESS + 2 * FRAME)
    if scene.cover is None:
        shown = scene.clock
        while scene.clock - shown < SHOWN_CALM:
            app.frame(FRAME, [], draw=None)


def hold(app, scene, pos: tuple[float, float], seconds: float) -> None:  # noqa: ANN001
    """The left button pressed at ``pos`` and held ``seconds`` (of the scene's clock)."""
    app._last_press = None
    app.frame(FRAME, [mouse(pygame.MOUSEMOTION, pos), mouse(pygame.MOUSEBUTTONDOWN, pos)])
    since = scene.clock
    while scene.clock - since < seconds:
        app.frame(FRAME, [])
    app.frame(FRAME, [mouse(pygame.MOUSEBUTTONUP, pos)])


def centre_of(scene, card: Card) -> tuple[float, float]:  # noqa: ANN001
    return scene.view.sprites[card].rect().center


def empty_felt(scene) -> tuple[float, float]:  # noqa: ANN001
    """A point on the table zone that no table card covers."""
    rect = scene.layout.table_rect
    for fx in (0.06, 0.94, 0.5):
        for fy in (0.1, 0.9, 0.5):
            pos = (rect.left + rect.width * fx, rect.top + rect.height * fy)
            if scene.view.table_card_at(pos) is None:
                return pos
    raise AssertionError("no free spot on the table")


def crowded_match(rules: Rules, at_least: int, knock: bool = False) -> Match:
    """A match where seat 0 is to play a card (``knock``: may knock) with at least
    ``at_least`` cards on the table: from the first seed that gets there, every seat laying
    a card down whenever it may, and knocking never (the same match each run)."""
    for seed in range(1, 2000):
        match = Match.new(rules, seed)
        while not match.over and match.round.round_no == 1:
            moves = match.legal_moves()
            if match.turn == 0 and len(match.round.table_cards()) >= at_least:
                wanted = [move for move in moves if move.is_declaration or not knock]
                if any(move.is_play or knock for move in wanted):
                    return match
            lays = [move for move in moves if move.is_play and not move.captures]
            passes = [move for move in moves if move.kind == "pass"]
            match, _ = match.apply((lays or passes or list(moves))[0])
    raise AssertionError(f"no seed lays {at_least} cards on the table")
