"""Repainting only what changed must leave exactly the picture a whole repaint draws."""

from __future__ import annotations

import random

import pygame
import pytest

from scopa.app.table import TableScene
from scopa.engine import Match, Rules
from scopa.settings import MatchSetup, SeatConfig

from .table_helpers import FRAME, centre_of, coordinated, inline_worker, mouse

SIZES = [(960, 540), (1920, 1080)]


def whole_picture(scene: TableScene, size: tuple[int, int]) -> bytes:
    surface = pygame.Surface(size)
    scene.painter.draw(surface, scene.snapshot())
    scene.painter.frames.forget()  # the next frame shown is compared against the screen
    return pygame.image.tobytes(surface, "RGB")


@pytest.mark.parametrize(("size", "players"), [(SIZES[0], 2), (SIZES[0], 4), (SIZES[1], 2)])
def test_every_frame_shown_equals_a_whole_repaint(app, size, players):
    app.resize(size)
    app.settings = app.settings.with_(animation_speed="normal", language="en")
    rules = Rules() if players == 2 else Rules.preset("scopone")
    names = ("Anna", "Bruno", "Carla", "Dario")
    seats = tuple(SeatConfig(names[s], s == 0, "beginner") for s in range(players))
    scene = TableScene(
        app,
        coordinated(app, MatchSetup(seats, rules), Match.new(rules, 11)),
        worker=inline_worker(),
    )
    app.stack.push(scene)
    rng = random.Random(players)
    partial = compared = 0
    shown_updates: list[int] = []
    original_update = pygame.display.update

    def counting_update(rects):  # noqa: ANN001
        shown_updates.append(len(rects))
        original_update(rects)

    pygame.display.update = counting_update
    try:
        for frame in range(500):
            events = []
            seat = scene.human_to_play
            if seat is not None and rng.random() < 0.08:
                card = rng.choice(scene.view.hands[seat])
                start = centre_of(scene, card)
                events = [mouse(pygame.MOUSEMOTION, start), mouse(pygame.MOUSEBUTTONDOWN, start)]
                end = scene.layout.table_rect.center
                for k in range(1, 4):
                    step = (
                        start[0] + (end[0] - start[0]) * k / 3,
                        start[1] + (end[1] - start[1]) * k / 3,
                    )
                    events.append(mouse(pygame.MOUSEMOTION, step))
                events.append(mouse(pygame.MOUSEBUTTONUP, end))
            elif rng.random() < 0.2:
                where = (rng.randrange(size[0]), rng.randrange(size[1]))
                events = [
                    pygame.event.Event(pygame.MOUSEMOTION, pos=where, rel=(0, 0), buttons=(0, 0, 0))
                ]
            before = len(shown_updates)
            app.frame(FRAME, events)
            if app.stack.top is not scene:
                app.back()  # the scoring sheet: next round
                continue
            if len(shown_updates) > before:
                partial += 1
            if frame % 7 == 0 or len(shown_updates) > before:
                screen = pygame.image.tobytes(app.screen, "RGB")
                assert screen == whole_picture(scene, size), f"frame {frame} differs"
                compared += 1
                app.frame(FRAME, [], whole=True)  # the comparison forgot the frame shown
    finally:
        pygame.display.update = original_update
        scene.close()
    assert partial > 50 and compared > 50


@pytest.mark.parametrize(
    "rules", [Rules.preset("scopone"), Rules(players=6, six_sides=3)], ids=["four", "pairs"]
)
def test_no_item_paints_outside_its_rectangle(app, rules):
    """The frame's contract: an item may touch only its rectangle (what it paints outside
    would stay behind on screen when it moves); the sides' shapes over the plates too."""
    import numpy as np

    app.settings = app.settings.with_(animation_speed="normal", language="en")
    names = ("Anna", "Bruno", "Carla", "Dario", "Elena", "Fabio")
    seats = tuple(SeatConfig(names[s], False, "beginner") for s in range(rules.players))
    scene = TableScene(
        app, coordinated(app, MatchSetup(seats, rules), Match.new(rules, 5)), worker=inline_worker()
    )
    app.stack.push(scene)
    seen: set = set()
    checked = 0
    sentinel = (1, 2, 3)
    for frame in range(400):
        app.frame(FRAME, [])
        if app.stack.top is not scene:
            app.back()
            continue
        if frame % 3:
            continue
        if checked >= 200:
            break
        for item in scene.painter.items(scene.snapshot()):
            if item.key in seen or item.key[0] == "cloth":
                continue
            seen.add(item.key)
            probe = pygame.Surface(app.size)
            probe.fill(sentinel)
            item.paint(probe)
            pixels = pygame.surfarray.pixels3d(probe)
            xs, ys = np.nonzero((pixels != np.array(sentinel)).any(axis=2))
            del pixels
            if len(xs):
                painted = pygame.Rect(
                    int(xs.min()),
                    int(ys.min()),
                    int(xs.max() - xs.min()) + 1,
                    int(ys.max() - ys.min()) + 1,
                )
                assert item.rect.contains(painted), (item.key, item.rect, painted)
            checked += 1
    scene.close()
    assert checked > 100
