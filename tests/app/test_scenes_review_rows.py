"""The rows of the review: a long capture is said whole, at full size where the row has room
for it wrapped, and the cards of a full table each show."""

from __future__ import annotations

import math
from dataclasses import replace

import pygame
import pytest

from scopa.ai.review import MoveGrade, Review
from scopa.app import style
from scopa.app.coach import ReviewJob
from scopa.app.coach_words import reason_line
from scopa.app.matches import MatchCoordinator
from scopa.app.scenes.review import ReviewScene
from scopa.engine import Card, Match, Move, Rules

from .menu_helpers import frame
from .review_helpers import HOTSEAT

C = Card.parse
SIX = "1B 2D 6B 7D 8C 9B"
"""The table of the round the king of batons could sweep three cards of, the settebello
among them."""


def grade(played: str, best: str, hand: str, table: str, loss: float, number: int) -> MoveGrade:
    return MoveGrade(
        round_no=1,
        number=number,
        seat=0,
        hand=tuple(C(text) for text in hand.split()),
        table=tuple(C(text) for text in table.split()),
        played=Move.parse(played),
        best=Move.parse(best),
        loss=loss,
        spread=3.0,
        reason="settebello",
    )


LONG_CAPTURES = (
    grade("4S", "10Bx1B+2D+7D", "4S 10B", SIX, 2.4, 0),
    grade("10Cx1B+2D+7D", "10Bx1B+2D+3C+4S", "10C 10B 9S", "1B 2D 3C 4S 7D 8C", 0.9, 2),
    grade("10Bx4S+6B", "10Bx2D+8C", "10B", "1B 2D 4S 6B 8C 9B", 0.3, 4),
)
"""A lay where Master's king would take three cards, a king that took three where Master's
would take four, and a king that took two where Master's would take two others."""


def open_review(app, grades: tuple[MoveGrade, ...], size: tuple[int, int], language: str,
                shown: tuple[MoveGrade, ...] | None = None):  # noqa: ANN001, ANN201  # fmt: skip
    """The review of Giulia's moves at a shared hot-seat screen, of ``grades``, showing
    ``shown`` (all of them when None)."""
    app.settings = app.settings.with_(animation_speed="instant", language=language)
    app.set_language(language)
    app.resize(size)
    app.matches.coach_mode = "thread"
    coordinator = MatchCoordinator(HOTSEAT, Match.new(Rules(), 1), coach=app.matches.coach)
    coordinator.reviews_shared = True
    job = ReviewJob(1, 1, (0, 1), 0)
    job.review = Review((0, 1), grades, (1,))
    coordinator.reviews.jobs = {1: job}  # type: ignore[union-attr]
    scene = app.open("review", coordinator=coordinator, round_no=1)
    scene.age = scene.FADE_IN
    assert isinstance(scene, ReviewScene) and scene.grades() == (shown or grades)
    return scene


def moves_drawn(app, scene: ReviewScene) -> list[style.Drawn]:  # noqa: ANN001
    """How the next frame writes each row's move played and Master's."""
    kinds = (scene.played_line, scene.master_line)
    lines = {kind(grade) for grade in scene.grades() for kind in kinds}
    seen: list[style.Drawn] = []
    with style.watch_text(seen.append):
        frame(app)
    drawn = [text for text in seen if text.words in lines]
    assert len(drawn) == len(lines), [text.words for text in drawn]
    return drawn


@pytest.mark.parametrize("language", ["it", "en"])
def test_a_king_taking_three_is_said_whole_at_the_smallest_window(app, language) -> None:  # noqa: ANN001
    """At 960x540 "Il Maestro giocherebbe il re di bastoni e prenderebbe l'asso di bastoni,
    il 2 di denari…" was cut before the settebello its reason spoke of: every move is said
    whole, at a readable size."""
    scene = open_review(app, LONG_CAPTURES, (960, 540), language)
    for text in moves_drawn(app, scene):
        assert not text.elided, (text.words, text.lines)
        assert text.px >= style.smallest_px(scene.m.text_px(style.ROW_NOTE)), text


@pytest.mark.parametrize("language", ["it", "en"])
def test_a_long_move_wraps_at_full_size_where_the_row_has_room(app, language) -> None:  # noqa: ANN001
    """At 1920x1080 every "Il Maestro giocherebbe…" was set smaller than the lines round
    it, where three lines at full size had room: the words wrap before they shrink (the
    rows of kings taking three and two cards)."""
    scene = open_review(app, LONG_CAPTURES[::2], (1920, 1080), language)
    full = scene.m.text_px(style.ROW_NOTE)
    for text in moves_drawn(app, scene):
        assert not text.elided and text.px == full, (text.words, text.px, full)


def test_each_card_of_a_full_table_shows_untouched_beside_the_next(app, monkeypatch) -> None:  # noqa: ANN001
    """Six cards on the table, three glowing: each glow was drawn over the card before it,
    hiding most of what the next card left of it. Each card now shows untouched up to the
    next card (but for its own mark, a tick or a cross, on its top), and that is at least
    ``SHOWN`` of its width."""
    from scopa.app.scenes import review

    scene = open_review(app, LONG_CAPTURES[:1], (960, 540), "it")
    laid: list[tuple[Card, pygame.Rect, int]] = []
    draw = style.draw_card

    def spy(surface, art, card, centre, width, **kwargs) -> pygame.Rect:  # noqa: ANN001
        rect = draw(surface, art, card, centre, width, **kwargs)
        laid.append((card, rect, width))
        return rect

    monkeypatch.setattr(style, "draw_card", spy)
    app.draw()
    table = [item for item in laid if item[0] in LONG_CAPTURES[0].table]
    assert [card for card, _, _ in table] == list(LONG_CAPTURES[0].table)
    art = style.menu_art(app, scene.deck)
    shadow = max(2, table[0][2] // 10)  # the next card's shadow falls a little to its left
    for (card, rect, width), (_, after, _) in zip(table, table[1:]):
        shown = after.left - rect.left
        assert shown >= review.SHOWN * width, (card, shown, width)
        face = art.rotated(card, width, True, 0)
        r = min(scene.badge_r, max(5, round(width * 0.24)))  # as ``_draw_cards`` marks it
        mark = (rect.centerx, rect.top + r // 3), r + max(1, r // 4) + 1
        same = total = 0
        for x in range(rect.left, after.left - shadow):
            for y in range(rect.top, rect.bottom, 2):
                if math.dist((x, y), mark[0]) <= mark[1]:
                    continue  # its own mark
                colour = face.get_at((x - rect.left, y - rect.top))
                if colour.a >= 250:  # the face, not its rounded corners
                    total += 1
                    seen = app.screen.get_at((x, y))
                    same += all(abs(a - b) <= 8 for a, b in zip(seen[:3], colour[:3]))
        assert total and same / total > 0.95, (card, same, total)


@pytest.mark.parametrize("size", [(960, 540), (1920, 1080)])
@pytest.mark.parametrize("language", ["it", "en"])
@pytest.mark.parametrize(
    ("reason", "params"),
    [
        ("wins_by_end", (("won", "carte,denari,primiera"),)),
        ("keeps_coin", ()),
        (
            "wins_denies",
            (("won", "carte,settebello,primiera"), ("denied", "denari"), ("rivals", 1)),
        ),
    ],
)
def test_the_longest_reasons_are_said_whole(app, language, size, reason, params) -> None:  # noqa: ANN001
    """The longest reasons a review gives: what Master's line wins by the end of the round,
    three points named (and what it denies the other side besides: "...settebello and
    primiera and denies…" was cut at 960x540), and the coin kept, with a long capture above
    them."""
    from dataclasses import replace

    costly = replace(LONG_CAPTURES[1], loss=3.9, reason=reason, params=params)
    scene = open_review(app, (costly, LONG_CAPTURES[0]), size, language)
    said = reason_line(app.t, costly, scene.deck)
    assert "denari" in said if language == "it" else "coins" in said
    seen: list[style.Drawn] = []
    with style.watch_text(seen.append):
        frame(app)
    (text,) = [text for text in seen if text.words == said]
    assert not text.elided and not text.cut, (text.words, text.lines)
    assert text.px >= style.smallest_px(scene.m.text_px(style.ROW_NOTE)), text


@pytest.mark.parametrize("size", [(960, 540), (1920, 1080)])
@pytest.mark.parametrize("language", ["it", "en"])
def test_what_the_moves_not_shown_lost_is_said_under_the_rows(app, language, size) -> None:  # noqa: ANN001
    """Points lost said 2,79 and the three rows added up to 2,66, with no word of the
    fourth costly move: the words under the review say what the others lost, so that the
    figures add up."""
    from dataclasses import replace

    fourth = replace(LONG_CAPTURES[2], loss=0.13, number=6)
    scene = open_review(app, (*LONG_CAPTURES, fourth), size, language, LONG_CAPTURES)
    said = app.t("review.more_costly", points="0,13" if language == "it" else "0.13")
    assert scene.definition().endswith(said)
    seen: list[style.Drawn] = []
    with style.watch_text(seen.append):
        frame(app)
    (text,) = [text for text in seen if text.words == scene.definition()]
    assert not text.elided and not text.cut, (text.words, text.lines)
    app.back()
    scene = open_review(app, LONG_CAPTURES, size, language)
    assert not scene.definition().endswith(said)  # every costly move has its row


def test_the_words_under_the_rows_come_back_once_the_pointer_leaves_a_control_clicked(app):  # noqa: ANN001
    """A click on the round / match choice left its explanation in the footer for good: a
    mouse player never read again what the figures mean, nor what the moves not listed
    lost."""
    from dataclasses import replace

    from .menu_helpers import click

    fourth = replace(LONG_CAPTURES[2], loss=0.13, number=6)
    scene = open_review(app, (*LONG_CAPTURES, fourth), (960, 540), "en", LONG_CAPTURES)
    choice = scene.scope_choice
    assert choice is not None
    click(app, choice)
    moved = pygame.event.Event(pygame.MOUSEMOTION, pos=(2, 2), rel=(-5, -5), buttons=(0,) * 3)
    frame(app, moved)
    seen: list[style.Drawn] = []
    with style.watch_text(seen.append):
        frame(app)
    assert scene.definition() in [text.words for text in seen]
    hover = pygame.event.Event(
        pygame.MOUSEMOTION, pos=choice.rect.center, rel=(5, 5), buttons=(0,) * 3
    )
    frame(app, hover)
    seen.clear()
    with style.watch_text(seen.append):
        frame(app)
    assert app.t("review.scope_hint") in [text.words for text in seen]


@pytest.mark.parametrize("place", ["hand", "table"])
def test_the_matta_named_wears_its_value_in_the_row(app, place) -> None:  # noqa: ANN001
    """The row showed the matta named 2 as a plain 7 of cups, in the hand that played it as
    a 2, or on the table where a 2 took it: it wears "= 2", as at the table."""
    if place == "hand":
        played = grade("7Cx2S", "10Bx8D+2S", "7C 10B 4S", "10S 8D 2S", 1.6, 0)
    else:
        played = grade("2Sx7C", "2Sx2B", "2S 4S", "7C 2B", 0.8, 0)
    named = replace(played, matta=(C("7C"), 2))
    scene = open_review(app, (named,), (960, 540), "en")
    seen: list[style.Drawn] = []
    with style.watch_text(seen.append):
        frame(app)
    assert "= 2" in [text.words for text in seen]
    taken = "the 7 of cups as a 2"
    assert taken in scene.played_line(named), scene.played_line(named)


@pytest.mark.parametrize("size", [(960, 540), (1280, 720), (1920, 1080)])
@pytest.mark.parametrize("language", ["it", "en"])
def test_a_loss_just_past_the_tolerance_is_written_whole(app, language, size) -> None:  # noqa: ANN001
    """A mistake just past the tolerance is written with the decimals that show it past it
    ("−0.1001 points"): its row cut it to "−0.1001 poi…". Every loss is written whole, its
    figure at least."""
    from scopa.app.coach_words import points

    near = tuple(replace(g, loss=loss) for g, loss in zip(LONG_CAPTURES, (2.4, 1.2501, 0.1001)))
    open_review(app, near, size, language)
    figures = [points(app.t, g.loss) for g in near]
    seen: list[style.Drawn] = []
    with style.watch_text(seen.append):
        frame(app)
    for figure in figures:
        (text,) = [text for text in seen if text.words.startswith(f"\u2212{figure}")]
        assert not (text.elided or text.cut), text.lines
