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


def _value_height(face: pygame.Surface, plain: pygame.Surface, darker: int = 160) -> int:
    """The height in pixels of the value in a face's top-left corner: the first run of rows
    with ink (dark or red: darker than ``darker``, the faint edges of a small printed digit
    too by default) where the face without its index has none."""

    def ink(colour: pygame.Color) -> bool:
        return 0.299 * colour.r + 0.587 * colour.g + 0.114 * colour.b < darker

    w, h = face.get_size()
    rows = [
        y
        for y in range(h // 2)
        if any(ink(face.get_at((x, y))) and not ink(plain.get_at((x, y))) for x in range(w // 2))
    ]
    assert rows, "no value in the corner"
    run = 1
    while run < len(rows) and rows[run] == rows[0] + run:
        run += 1
    return run


def _label(face: pygame.Surface, plain: pygame.Surface) -> pygame.Rect:
    """The inside of the large value's label in a face's top-left corner (clear of its
    rounded edges): where it differs from the face without it."""
    w, h = face.get_size()
    changed = [
        (x, y)
        for x in range(w // 2)
        for y in range(h // 3)
        if face.get_at((x, y)) != plain.get_at((x, y))
    ]
    xs, ys = [x for x, _ in changed], [y for _, y in changed]
    label = pygame.Rect(min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1)
    return label.inflate(-8, -8)


@pytest.mark.parametrize("style", DECK_STYLES)
@pytest.mark.parametrize("card", ["7D", "10C", "1S"])
def test_large_values_are_read_on_a_small_card(app, style, card) -> None:  # noqa: ANN001
    """A table card at 960x540 is 59 pixels wide: its printed value, six pixels high, is
    hard to read. With large values each face carries its value over twice as high, a
    quarter of the card's width, with its suit's mark under it, in the top-left corner and,
    turned, in the bottom-right one (the open hands of the side seats lie on their side,
    each card's strip in sight holding one of the two: with one label only, a six-player
    table watched showed a lone "0" for a king)."""
    width = 59
    face = Card.parse(card)
    printed = CardArt(style, True, "en", font=app.font).face(face, width)
    plain = CardArt(style, False, "en", font=app.font).face(face, width)
    large = CardArt(style, True, "en", font=app.font, large_values=True)
    drawn = large.face(face, width)
    small = _value_height(printed, plain)
    big = _value_height(drawn, plain, darker=100)  # the digits' core (not the label's edge)
    assert big >= width * 0.25 and big >= 2 * small, (small, big)
    # the same label, turned, in the bottom-right corner (inside its rounded edges)
    inner = _label(drawn, plain)
    turned = pygame.transform.rotate(drawn, 180)
    assert pygame.image.tobytes(turned.subsurface(inner), "RGBA") == pygame.image.tobytes(
        drawn.subsurface(inner), "RGBA"
    )
    # a plain deck chosen (no printed values) still shows them large, and the backs stay
    alone = CardArt(style, False, "en", font=app.font, large_values=True)
    assert _value_height(alone.face(face, width), plain, darker=100) == big
    assert pygame.image.tobytes(large.back(width), "RGBA") == pygame.image.tobytes(
        CardArt(style, True, "en", font=app.font).back(width), "RGBA"
    )


@pytest.mark.parametrize("style", DECK_STYLES)
def test_a_large_value_s_label_tells_the_suit_too(app, style) -> None:  # noqa: ANN001
    """The faces under large values are read without their printed index, whose value
    stood over the suit's symbol: where a fan or a pile left only the corner in sight (the
    title's fanned 2 and 3 of coins), a bare number on blank paper told no suit. The label
    carries the suit's mark under the value: two sevens' labels differ, four ways."""
    width = 59
    art = CardArt(style, True, "en", font=app.font, large_values=True)
    plain = CardArt(style, False, "en", font=app.font)
    inside = _label(art.face(Card(7, "D"), width), plain.face(Card(7, "D"), width))
    labels = {
        pygame.image.tobytes(art.face(Card(7, suit), width).subsurface(inside), "RGBA")
        for suit in "DCSB"
    }
    assert len(labels) == 4


@pytest.mark.parametrize("width", [16, 20])
def test_a_tiny_card_with_large_values_shows_one_label_upright(app, width) -> None:  # noqa: ANN001
    """Under about 24 pixels wide the turned label lay over the upright one: only an
    upside-down value showed. A card too small for two keeps the upright one."""
    art = CardArt("napoletane", True, "en", font=app.font, large_values=True)
    plain = CardArt("napoletane", False, "en", font=app.font)
    drawn, bare = art.face(Card(7, "D"), width), plain.face(Card(7, "D"), width)
    w, h = drawn.get_size()
    lower = pygame.Rect(0, h * 3 // 4, w, h - h * 3 // 4)
    assert pygame.image.tobytes(drawn.subsurface(lower), "RGBA") == pygame.image.tobytes(
        bare.subsurface(lower), "RGBA"
    )
    top = pygame.Rect(0, 0, w, h // 4)
    assert pygame.image.tobytes(drawn.subsurface(top), "RGBA") != pygame.image.tobytes(
        bare.subsurface(top), "RGBA"
    )


@pytest.mark.parametrize("style", DECK_STYLES)
def test_a_large_6_and_9_are_underlined(app, style) -> None:  # noqa: ANN001
    """The label in the bottom corner is turned, as on printed cards: big on a small card,
    a turned 9 read as a 6 beside a real one. A 6 and a 9 are underlined, as printed
    cards do; a 7 is not."""
    width = 59
    art = CardArt(style, True, "en", font=app.font, large_values=True)
    plain = CardArt(style, False, "en", font=app.font)

    def runs(text: str) -> list[tuple[int, int]]:
        """The runs of rows in the label holding dark ink, each with the widest stretch
        of ink on one of its rows."""
        face, bare = art.face(Card.parse(text), width), plain.face(Card.parse(text), width)
        inside = _label(face, bare)

        def dark(x: int, y: int) -> bool:
            colour = face.get_at((x, y))
            return max(colour.r, colour.g, colour.b) < 110

        found: list[tuple[int, int]] = []
        before = False
        for y in range(inside.top, inside.bottom):
            inked = [x for x in range(inside.left, inside.right) if dark(x, y)]
            if inked and not before:
                found.append((y, 0))
            if inked:
                found[-1] = (found[-1][0], max(found[-1][1], max(inked) - min(inked) + 1))
            before = bool(inked)
        return found

    for text in ("6S", "9S"):
        value, line = runs(text)[:2]  # the value, then its line right under it
        assert line[1] >= value[1] * 0.6, (text, runs(text))
    seven = runs("7S")
    assert len(seven) == 1 or seven[1][1] < seven[0][1] * 0.6, seven  # the suit, not a line
