"""Every move of a review, page by page: beside the three costliest, the moves graded in the
order they were played, Master's own and those as good told as such, each with its
position to play again."""

from __future__ import annotations

from dataclasses import replace

import pytest

from scopa.ai.review import MoveGrade
from scopa.app import style
from scopa.app.scenes.review import ROWS, ReviewScene

from .menu_helpers import click, frame
from .test_scenes_review_rows import grade, open_review

MOVES = (
    grade("4S", "4S", "4S 10B 9S", "1B 2D 6B", 0.0, 0),  # Master's own
    grade("10Bx1B+2D+7D", "4S", "4S 10B", "1B 2D 7D 8C", 1.9, 2),  # costly
    grade("9S", "3C", "9S 3C", "1B 6B", 0.04, 4),  # within the tolerance
    grade("3Cx1B+2D", "3Cx1B+2D", "3C 5D 6S", "1B 2D", 0.0, 6),  # Master's own
    grade("5D", "6S", "5D 6S", "4S", 0.0, 8),  # another move, worth as much
    grade("6Sx4S+2D", "6Sx6B", "6S 7D", "4S 2D 6B", 0.6, 10),  # costly
    grade("7D", "7D", "7D 1C", "8C", 0.0, 12),  # Master's own
)
"""Giulia's seven graded moves of a round, in the order played."""
COSTLIEST = (MOVES[1], MOVES[5], MOVES[2])
"""The rows of the costliest: the two mistakes, then the move that lost within the
tolerance."""


def pages_seen(app, scene: ReviewScene) -> list[tuple[MoveGrade, ...]]:  # noqa: ANN001
    """The rows of each page the moves' choice steps through, from the costliest on."""
    choice = scene.moves_choice
    assert choice is not None, "a review with graded moves offers them all"
    seen = [scene.grades()]
    for _ in range(len(choice.options) - 1):
        click(app, scene.moves_choice)
        seen.append(scene.grades())
    return seen


@pytest.mark.parametrize("language", ["it", "en"])
def test_every_graded_move_is_shown_page_by_page_in_the_order_played(app, language) -> None:  # noqa: ANN001
    """The review listed only the three costliest moves: the other four of this round were
    nowhere to be seen, nor what they were worth. Its choice of moves steps from the
    costliest to every move graded, three to a page, in the order played, each page told
    ("Moves 4–6 of 7"), and back round to the costliest."""
    costliest = COSTLIEST
    scene = open_review(app, MOVES, (960, 540), language, costliest)
    pages = pages_seen(app, scene)
    assert pages == [costliest, MOVES[:3], MOVES[3:6], MOVES[6:]]
    assert len(scene.rows) == ROWS
    labels = [scene.t("review.moves_page", first=4, last=6, count=7)]
    click(app, scene.moves_choice)  # round again: the costliest
    assert scene.grades() == costliest
    click(app, scene.moves_choice)
    click(app, scene.moves_choice)
    seen: list[style.Drawn] = []
    with style.watch_text(seen.append):
        frame(app)
    drawn = {text.words: text for text in seen}
    assert labels[0] in drawn and not drawn[labels[0]].elided


@pytest.mark.parametrize("size", [(960, 540), (1920, 1080)])
@pytest.mark.parametrize("language", ["it", "en"])
def test_a_move_as_good_as_masters_is_told_so_not_as_a_loss(app, language, size) -> None:  # noqa: ANN001
    """Among every move, Master's own reads "Best" in green, with Master "would have made
    the same move" (not its move said twice); another worth as much reads "As good"; one
    within the tolerance its small loss in the soft ink, a costly one its loss in red.
    Each is written whole."""
    scene = open_review(app, MOVES, size, language, COSTLIEST)
    scene._set_page(0)
    frame(app)
    seen: list[style.Drawn] = []
    with style.watch_text(seen.append):
        frame(app)
    drawn = {text.words: text for text in seen}
    best, costly, near = MOVES[:3]
    assert scene.master_line(best) == scene.t("review.master_same")
    assert scene.master_line(costly) != scene.t("review.master_same")
    for move, colour in ((best, style.GREEN), (costly, style.LACQUER), (near, style.INK_SOFT)):
        box = scene._info_boxes(scene.rows[MOVES.index(move)])[0]
        words = scene.loss_words(move, box)
        assert words in drawn and not drawn[words].elided, words
        assert scene._loss_pen(move).colour == colour
    assert scene.loss_words(best, box) == scene.t("review.best")
    scene._set_page(1)
    frame(app)
    even = MOVES[4]
    box = scene._info_boxes(scene.rows[1])[0]
    assert scene.loss_words(even, box) == scene.t("review.as_good")
    seen.clear()
    with style.watch_text(seen.append):
        frame(app)
    drawn = {text.words: text for text in seen}
    for words in (scene.t("review.as_good"), scene.master_line(even)):
        assert words in drawn and not drawn[words].elided, words


def test_try_it_on_a_page_plays_that_rows_position(app, monkeypatch) -> None:  # noqa: ANN001
    """A row's "Try it" on a page of every move plays its own position again, not that of
    the costliest move in the same place."""
    scene = open_review(app, MOVES, (960, 540), "en", COSTLIEST)
    played: list[MoveGrade] = []
    monkeypatch.setattr(app.matches, "practice", lambda coordinator, g: played.append(g))
    scene._set_page(2)
    frame(app)
    assert len(scene.try_buttons) == 1
    click(app, scene.try_buttons[0])
    assert played == [MOVES[6]]


def test_another_person_or_round_shows_every_move_from_its_first(app) -> None:  # noqa: ANN001
    """Turned to the other person's moves (fewer of them), the page on show stayed the
    third, past their last: every move stays on show, from the first page."""
    marco = tuple(replace(g, seat=1, number=g.number + 1) for g in MOVES[:2])
    scene = open_review(app, (*MOVES, *marco), (960, 540), "en", COSTLIEST)
    scene._set_page(2)
    assert scene.seat_choice is not None
    click(app, scene.seat_choice)
    assert scene.seat == 1 and scene.page == 0
    assert scene.grades() == marco
    choice = scene.moves_choice
    assert choice is not None and len(choice.options) == 2  # the costliest and one page


def test_a_move_chosen_by_a_hint_is_said_so(app) -> None:  # noqa: ANN001
    """A move a hint chose, in the list of every move, read as the player's own: its line
    says a hint advised it (such moves are not counted in the accuracy)."""
    scene = open_review(app, MOVES, (960, 540), "en", COSTLIEST)
    scene.coordinator.hinted = {MOVES[0].number}
    assert scene.played_line(MOVES[0]).endswith(", as a hint advised")
    assert not scene.played_line(MOVES[2]).endswith(", as a hint advised")
