"""What a moving frame costs at 4K: only the pixels that change are repainted, and a card
in flight is not scaled or turned again for each piece of the window it crosses."""

from __future__ import annotations

import pygame
import pytest

from scopa.app.cardart import CardArt, card_height
from scopa.app.table import TableScene
from scopa.app.table.frame import merge
from scopa.app.table.sprites import CardSprite, fly
from scopa.app.table.words import PULSE_STEPS
from scopa.app.tween import Tweener
from scopa.engine import Card

from .table_helpers import coordinated, inline_worker, settle, solo_setup

WINDOW = pygame.Rect(0, 0, 3840, 2160)


def area(rects: list[pygame.Rect]) -> int:
    return sum(rect.w * rect.h for rect in rects)


def test_cards_flying_side_by_side_are_repainted_apart_not_as_one_box() -> None:
    # Three cards, each a little further along a diagonal than the one before: their
    # bounding box is mostly empty cloth.
    cards = [pygame.Rect(1500 + 250 * n, 1300 - 180 * n, 340, 570) for n in range(3)]
    pieces = merge(cards, WINDOW)
    assert area(pieces) <= area(cards)
    box = cards[0].unionall(cards[1:])
    assert area(pieces) < 0.8 * box.w * box.h


def test_a_card_moving_a_little_is_one_piece() -> None:
    before, after = pygame.Rect(1000, 1000, 340, 570), pygame.Rect(1012, 1006, 340, 570)
    assert merge([before, after], WINDOW) == [before.union(after)]


def test_a_rectangle_inside_another_is_joined_to_it() -> None:
    outer, inner = pygame.Rect(0, 0, 500, 500), pygame.Rect(100, 100, 50, 50)
    assert merge([outer, inner], WINDOW) == [outer]


def test_a_card_turning_over_is_narrowed_once_however_often_it_is_painted(app) -> None:
    art = CardArt(font=app.font)
    art.keep_sizes([300])
    first = art.squeezed(Card.parse("7D"), 300, True, 0.0, 0.5)
    assert first.get_size() == (150, card_height(300))
    assert art.squeezed(Card.parse("7D"), 300, True, 0.0, 0.5) is first
    turned = art.squeezed(Card.parse("7D"), 300, True, 40.0, 0.5, rough=True)
    assert art.squeezed(Card.parse("7D"), 300, True, 40.0, 0.5, rough=True) is turned
    assert art.shadow_at(300, 40.0, 0.5, True) is art.shadow_at(300, 40.0, 0.5, True)


def test_a_back_narrowed_to_a_sliver_and_the_whole_back_are_kept_apart(app) -> None:
    # A back 60 pixels wide lying crosswise, narrowed to one pixel in the middle of its
    # turn, and the same back whole (a pile's): one must not be handed out for the other.
    art = CardArt(font=app.font)
    tall = card_height(60)
    assert art.squeezed(Card.parse("7D"), 60, False, 90.0, 0.02).get_size() == (tall, 1)
    assert art.rotated_back(60, 90.0).get_size() == (tall, 60)
    assert art.squeezed(Card.parse("7D"), 60, False, 90.0, 0.02).get_size() == (tall, 1)


def test_a_narrowed_shadow_is_as_tall_as_the_card_shadow_and_narrower() -> None:
    pygame.init()
    art = CardArt(font=lambda name, size: pygame.font.Font(None, size))
    art.keep_sizes([300])
    whole, narrow = art.shadow(300), art.shadow_at(300, 0.0, 0.5)
    assert abs(narrow.get_height() - whole.get_height()) <= 4
    assert narrow.get_width() < 0.7 * whole.get_width()


def test_the_caches_of_a_big_screen_hold_as_many_cards_as_those_of_a_small_one(app) -> None:
    small, big = CardArt(font=app.font), CardArt(font=app.font)
    small.keep_sizes([80, 150])
    big.keep_sizes([160, 300])
    assert big._rotated.budget >= 3 * small._rotated.budget
    assert big._tilted.budget >= 3 * small._tilted.budget


def test_the_turn_glow_breathes_in_steps(app) -> None:
    scene = TableScene(app, coordinated(app, solo_setup()), worker=inline_worker())
    app.stack.push(scene)
    settle(app, scene)  # dealt: someone's turn (no one's while the cards fly)
    levels = set()
    for n in range(200):
        for plate in scene.words.plates(scene.layout, covered=False, pulse=n / 199):
            if plate.active:
                levels.add(plate.pulse)
    assert 2 <= len(levels) <= PULSE_STEPS + 1


def flight(start: dict, end: dict, steps: int = 40) -> list[CardSprite]:
    sprite = CardSprite(Card.parse("7D"), **start)
    tweener = Tweener()
    fly(tweener, sprite, duration=1.0, **end)
    frames = []
    for _ in range(steps):
        tweener.update(1.0 / steps)
        frames.append(CardSprite(**{**sprite.__dict__}))
    return frames


def no_face_shown_turned(frames: list[CardSprite]) -> bool:
    """A face is only ever painted upright: a card swings round while its back shows."""
    return all(f.angle == 0.0 for f in frames if f.face_up)


def test_a_card_going_face_down_to_a_pile_turns_over_before_it_swings_round() -> None:
    frames = flight(
        {"x": 0, "y": 0, "w": 100, "turn": 1.0, "angle": 0.0},
        {"x": 500, "y": 300, "w": 60, "turn": 0.0, "angle": 90.0},
    )
    assert no_face_shown_turned(frames)
    assert any(0.0 < f.turn < 1.0 for f in frames)
    assert frames[-1].turn == 0.0 and frames[-1].angle == 90.0 and frames[-1].x == 500
    assert 0 < frames[len(frames) // 4].x < 500  # it travels all the while


def test_a_card_going_face_up_swings_round_before_it_turns_over() -> None:
    frames = flight(
        {"x": 0, "y": 0, "w": 60, "turn": 0.0, "angle": 180.0},
        {"x": 500, "y": 300, "w": 100, "turn": 1.0, "angle": 0.0},
    )
    assert no_face_shown_turned(frames)
    assert any(0.0 < f.angle < 180.0 for f in frames)
    assert frames[-1].turn == 1.0 and frames[-1].angle == 0.0


def test_a_card_that_only_moves_keeps_one_tween() -> None:
    sprite = CardSprite(Card.parse("7D"), turn=1.0)
    tweener = Tweener()
    fly(tweener, sprite, duration=1.0, x=10.0, y=10.0, turn=1.0, angle=0.0)
    assert len(tweener) == 1


@pytest.mark.parametrize("angle", [0.0, 8.0, 37.0, 90.0, 143.0])
@pytest.mark.parametrize(
    ("lift", "glow", "rough"), [(0, False, False), (40, False, True), (0, True, False)]
)
def test_a_card_paints_only_inside_its_area_and_its_area_is_tight(app, angle, lift, glow, rough):
    from scopa.app.table.painter import GLOW_TAKE, _card_area, _frozen, _paint_card

    art = CardArt(font=app.font)
    art.keep_sizes([236, 300])
    sprite = _frozen(art, CardSprite(Card.parse("7D"), 1000, 800, 300, 1.0, angle, lift), rough)
    canvas = pygame.Surface((2000, 1600), pygame.SRCALPHA)
    _paint_card(art, sprite, False, True, GLOW_TAKE if glow else None, False, rough, canvas)
    painted = canvas.get_bounding_rect()
    area = _card_area(sprite, glow=glow)
    assert area.contains(painted)
    assert area.w * area.h <= 1.25 * painted.w * painted.h
