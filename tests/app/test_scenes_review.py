"""The review through the real scenes: from the score sheet to the review, a costly position
played again and back; each person at a shared screen sees only their own review unless
all agree; a practice never touches the saved match."""

from __future__ import annotations

import math
from dataclasses import replace

import pygame
import pytest

from scopa.app import style
from scopa.app.coach import ReviewJob
from scopa.app.scenes.review import ReviewScene
from scopa.app.scenes.scoring import ScoringScene
from scopa.app.table import TableScene
from scopa.app.table.scene import COVER_HOLD
from scopa.engine import Move
from scopa.settings import MatchSetup, SeatConfig

from .menu_helpers import click, close_tables, frame, press
from .review_helpers import BLUNDER, HOTSEAT, SOLO, reviewed
from .table_helpers import inline_worker, settle

MOVES_SAID = tuple(
    f"{who} {verb}" for who in ("You", "Giulia", "Marco") for verb in ("played", "laid")
)
"""How a review starts the lines about the moves made (none may show to the wrong person)."""


def drawn_texts(app) -> list[str]:  # noqa: ANN001
    """Every text the next frame writes."""
    seen: list[style.Drawn] = []
    with style.watch_text(seen.append):
        frame(app)
    return [text.words for text in seen]


def lift(app) -> None:  # noqa: ANN001
    """The person called, the review's cover up a moment, clicks to lift it."""
    app.stack.top.age += COVER_HOLD
    click(app, (10, 10))


def test_a_name_double_clicked_does_not_lift_the_cover_it_brings(english) -> None:  # noqa: ANN001
    """A name picked with a double click (or Enter pressed twice on it) showed that
    person's costliest moves to whoever picked it: the second press lifted the cover, up a
    tenth of a second. The cover lifts on a press made once it has been up a moment."""
    app = english
    _, _, scoring = on_scoring(app, HOTSEAT)
    click(app, scoring.review_button)
    scene = app.stack.top
    marco = scene.name_buttons[1].rect.center
    click(app, marco)
    click(app, marco)  # the double click's second
    assert scene.stage == "cover"
    press(app, pygame.K_RETURN)
    assert scene.stage == "cover"
    frame(app, pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=marco))
    scene.age += COVER_HOLD
    frame(app, pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=marco))
    assert scene.stage == "cover"  # a press begun before the moment, let go after it
    press(app, pygame.K_RETURN)  # Marco, the screen his
    assert scene.stage == "review" and scene.seat == 1


def on_scoring(app, setup: MatchSetup = SOLO, *, saved: bool = False):  # noqa: ANN001, ANN201
    """The table of a reviewed match under its score sheet, the round just ended."""
    coordinator = reviewed(app, setup, saved=saved)
    app.home()
    table = TableScene(app, coordinator, worker=inline_worker())
    app.stack.push(table)
    scoring = app.open("scoring", coordinator=coordinator)
    frame(app)
    return coordinator, table, scoring


def practising(app, number: int):  # noqa: ANN001, ANN201
    """The position of the player's move ``number`` of a reviewed round, tried from its
    review over the score sheet: the move's grade, the practice's table and the sheet."""
    coordinator, _, scoring = on_scoring(app)
    grade = next(g for g in coordinator.reviews.review(1).of(0) if g.number == number)
    app.matches.practice(coordinator, grade)
    practice = app.stack.top
    settle(app, practice)
    return grade, practice, scoring


def test_a_practice_s_word_takes_the_place_of_the_line_under_the_table(english) -> None:  # noqa: ANN001
    """A position tried again from the review: its word ("Practice: play it again. H: a
    hint...") was drawn over the line under the table, which showed through above it, two
    dark plates one on the other. The line gives way to it while it shows."""
    app = english
    _, practice, _ = practising(app, 0)
    frame(app)
    assert [toast.text for toast in app.toasts.shown()] == [app.t("review.practice_intro")]
    assert practice.snapshot().status is None
    for toast in app.toasts:
        toast.remaining = 0.01
    for _ in range(3):
        frame(app)
    assert not app.toasts.shown() and practice.snapshot().status is not None
    close_tables(app)


def test_the_sheet_offers_the_review_and_opens_it(english) -> None:  # noqa: ANN001
    app = english
    coordinator, _, scoring = on_scoring(app)
    assert scoring.review_label() == "Review" and scoring.review_button.enabled
    assert scoring.buttons[-1].enabled  # Next round never waits for the review
    click(app, scoring.review_button)
    scene = app.stack.top
    assert isinstance(scene, ReviewScene)
    assert scene.stage == "review" and scene.seat == 0 and scene.scope == "round"
    review = coordinator.reviews.review(1)
    grades = review.costliest(0)
    assert scene.grades() == grades and grades
    assert any(grade.played == Move.parse(BLUNDER) for grade in review.of(0))
    texts = drawn_texts(app)
    assert f"{round(review.accuracy(0))}%" in texts
    assert scene.played_line(grades[0]) in texts and scene.master_line(grades[0]) in texts
    assert any(text.startswith("Accuracy: when the choice mattered") for text in texts)
    press(app, pygame.K_ESCAPE)
    assert app.stack.top is scoring


def test_the_cards_played_and_master_s_wear_a_mark_not_only_a_colour(english, monkeypatch) -> None:  # noqa: ANN001
    """The card played and Master's were told apart by a red and a green glow alone (the
    same olive to a colour-blind player): each wears a mark, a cross or a tick."""
    from scopa.app.scenes import review as review_module

    app = english
    coordinator, _, scoring = on_scoring(app)
    click(app, scoring.review_button)
    scene = app.stack.top
    assert isinstance(scene, ReviewScene)
    marks: list[tuple[int, int, int]] = []
    sizes: list[int] = []
    drawn = review_module.draw_badge
    monkeypatch.setattr(
        review_module,
        "draw_badge",
        lambda surface, colour, centre, r: (
            marks.append(colour) or sizes.append(r) or drawn(surface, colour, centre, r)
        ),
    )
    frame(app)
    rows = len(scene.grades())
    played, master = review_module.PLAYED_GLOW, review_module.MASTER_GLOW
    assert marks.count(played) >= rows  # on the card played (and those it took)
    assert marks.count(master) >= rows  # on Master's card (and those it would take)
    # Big enough to read on a small screen: they were 12 pixels across at 960x540.
    assert min(sizes) >= app.screen.get_height() * 0.015


def test_the_blunder_is_among_the_costliest_with_its_reason(english) -> None:  # noqa: ANN001
    app = english
    coordinator, _, scoring = on_scoring(app)
    click(app, scoring.review_button)
    scene = app.stack.top
    blunder = next(g for g in coordinator.reviews.review(1).of(0) if g.number == 0)
    assert blunder.played == Move.parse(BLUNDER) and blunder.loss > 0.5
    assert scene.played_line(blunder) == "You played the king of swords, taking the king of coins"
    assert scene.master_line(blunder) == (
        "Master would have played the 4 of coins, taking the ace of cups and the 3 of batons"
    )


def test_a_position_is_played_again_and_the_review_comes_back(english, store) -> None:  # noqa: ANN001
    app = english
    coordinator, table, scoring = on_scoring(app, saved=True)
    coordinator.flush()
    saved_before = store.load_match()
    assert saved_before is not None
    click(app, scoring.review_button)
    review_scene = app.stack.top
    grade = review_scene.grades()[0]
    click(app, review_scene.try_buttons[0])
    practice = app.stack.top
    assert isinstance(practice, TableScene) and practice is not table
    assert practice.coordinator.practice.grade == grade
    assert app.matches.practising and app.matches.current is practice.coordinator
    round_ = practice.match.round
    assert round_.hand(grade.seat) == grade.hand
    assert set(round_.table_cards()) == set(grade.table)
    assert practice.visible_seats == frozenset({grade.seat})
    # the score panel names the round reviewed, not "Round 1" of a match to 11 at 0-0
    target_line, round_line, _ = practice.words.hud_texts()
    assert target_line == "Practice"
    assert round_line == f"Round {grade.round_no}"
    assert any("Practice" in toast.text for toast in app.toasts)
    settle(app, practice)
    practice.play(grade.best)
    assert any(toast.text == "Well played: as good as Master's move." for toast in app.toasts)
    press(app, pygame.K_ESCAPE)
    pause = app.stack.top
    labels = [button.text() for button in pause.buttons]
    assert "Back to the review" in labels and "Abandon match" not in labels
    click(app, pause.buttons[labels.index("Back to the review")])
    assert app.stack.top is review_scene
    # the verdict spoke of the practice: it does not stay over the review's title
    assert not any(toast.text.startswith("Well played") for toast in app.toasts)
    assert app.matches.current is coordinator and not app.matches.practising
    assert practice not in list(app.stack)
    coordinator.flush()
    assert store.load_match() == saved_before  # the practice saved nothing over it
    click(app, review_scene.back_button)
    assert app.stack.top is scoring
    click(app, scoring.buttons[-1])  # Next round
    assert app.stack.top is table


def test_quitting_at_a_practice_asks_first_when_the_match_under_it_lost_plays(
    english,  # noqa: ANN001
    store,  # noqa: ANN001
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The disk refused the match's last plays: quitting from its score sheet asks first,
    but quitting from a position tried from its review (the match's table still under
    it) ended the game at once, the plays lost without a word."""
    app = english
    coordinator, table, scoring = on_scoring(app, saved=True)
    coordinator.flush()
    monkeypatch.setattr(store, "save_match", lambda *args, **kwargs: False)  # a full disk
    coordinator.save()
    coordinator.flush()
    assert not coordinator.kept()
    asked = app.matches.lost_on_quit()
    assert asked == ("leave_unsaved_question", "quit_unsaved_detail")
    grade = coordinator.reviews.review(1).of(0)[0]
    app.matches.practice(coordinator, grade)
    settle(app, app.stack.top)
    assert app.matches.practising and table in list(app.stack)
    assert app.matches.lost_on_quit() == asked
    app.ask_to_quit()
    assert app.running  # asked, not gone
    close_tables(app)


def test_a_costly_play_at_the_practice_says_what_master_would_do(english) -> None:  # noqa: ANN001
    app = english
    blunder, practice, scoring = practising(app, 0)
    practice.play(blunder.played)
    told = [toast.text for toast in app.toasts if toast.text.startswith("This loses")]
    assert told and "Master would have played the 4 of coins" in told[0]
    # it stays to be read while the computers play on (it went within a few seconds)
    for _ in range(60 * 12):
        app.frame(1 / 60, [])
    assert any(toast.text.startswith("This loses") for toast in app.toasts)
    app.matches.end_practice()
    assert app.stack.top is scoring


def test_a_practice_s_score_panel_shows_where_the_match_stood(english) -> None:  # noqa: ANN001
    """A position of round 3 tried again read 0 to 0 where the match stood at 2 to 7: near
    the target the score weighs on the play tried. The panel shows the match's points
    before the round (none before the first)."""
    app = english
    grade, practice, _ = practising(app, 0)
    frame(app)
    assert [row.total for row in practice.words.hud().rows] == [0, 0]  # round 1: none before
    source = practice.coordinator.practice.source
    after_first = [scores.total for scores in source.match.rounds[0]]
    assert any(after_first)
    practice.coordinator.practice.grade = replace(grade, round_no=2)  # as if from round 2
    assert [row.total for row in practice.words.hud().rows] == after_first
    assert practice.words.hud().round_line == app.t("table.round", n=2)
    app.matches.end_practice()


def test_the_verdict_on_a_try_goes_with_the_try_taken_back(english) -> None:  # noqa: ANN001
    """ "This loses ... Press U to try again": U pressed, the verdict stayed over the hand
    for seconds, the cards' corners under it, the next try made beneath it."""
    app = english
    blunder, practice, _ = practising(app, 0)
    practice.play(blunder.played)
    for _ in range(3000):  # Master answers for the other seat
        if practice.human_to_play == 0:
            break
        frame(app)
    assert any(toast.text.startswith("This loses") for toast in app.toasts)
    press(app, pygame.K_u)
    assert practice.said() == app.t("aids.undo_done")
    assert not any(toast.text.startswith("This loses") for toast in app.toasts)
    app.matches.end_practice()


def test_the_verdict_on_a_try_goes_once_the_next_card_is_played(english) -> None:  # noqa: ANN001
    """ "Well played: as good as Master's move" stayed on after the player's next card,
    at a position never graded: it read as a verdict on that one. Played on, the try's
    verdict goes."""
    app = english
    blunder, practice, _ = practising(app, 0)
    practice.play(blunder.played)
    for _ in range(3000):  # Master answers for the other seat
        if practice.human_to_play == 0 and not practice.director.busy:
            break
        frame(app)
    assert any(toast.text.startswith("This loses") for toast in app.toasts)
    practice.play(practice.match.legal_moves()[0])
    assert not any(toast.text.startswith("This loses") for toast in app.toasts)
    app.matches.end_practice()


@pytest.mark.parametrize("size", [(960, 540), (1920, 1080)])
def test_the_practice_s_verdict_hides_neither_the_other_hand_nor_the_table(english, size) -> None:  # noqa: ANN001
    """The verdict on a play tried again ("This loses 4.01 points...", three lines) lay
    across the opponent's hand and the top of the table: the card the opponent still
    held, and its reply flying to its pile, were hidden while it was read. It is read
    under the table, where the line about the play made stood, or over the table's empty
    felt where it would end over the player's own cards."""
    app = english
    app.resize(size)
    blunder, practice, _ = practising(app, 0)
    frame(app)
    # a line short enough to be read under the table is read there, not over its cards
    (intro,) = [toast for toast in app.toasts if toast.text == app.t("review.practice_intro")]
    assert intro.drawn is not None and intro.drawn.top >= practice.layout.table_rect.bottom - 1
    practice.play(blunder.played)
    frame(app)
    (verdict,) = [toast for toast in app.toasts if toast.text.startswith("This loses")]
    assert verdict.drawn is not None
    lay = practice.layout
    (top,) = [seat for seat in range(lay.players) if seat != lay.bottom]
    from scopa.app.table.layout import card_rect

    hand = [pygame.Rect(card_rect(slot)) for slot in lay.hand_slots(top, lay.hand_size, False)]
    assert not any(verdict.drawn.colliderect(card) for card in hand)
    # nor the player's own cards' corners: at 960x540 its two lines ended over them
    mine = [pygame.Rect(card_rect(slot)) for slot in lay.hand_slots(lay.bottom, 3, True)]
    assert not any(verdict.drawn.colliderect(card) for card in mine)
    assert not any(verdict.drawn.colliderect(card) for card in practice.table_cards())
    assert verdict.drawn.bottom <= size[1]


def test_the_hint_at_a_practised_position_names_the_review_s_move(english) -> None:  # noqa: ANN001
    """The hint at a position tried from its review was worked out again, with the
    practice's own seed and a score back at 0-0: it could name another move than the one
    the review beside it called Master's (seed 5, move 13 of one match: 6Bx2B+4D in the
    review, 7Cx3C+4D as the hint). At the position the hint is the review's move, with its
    reason; after it, hints are worked out as anywhere."""
    app = english
    coordinator, _, scoring = on_scoring(app)
    grade = next(g for g in coordinator.reviews.review(1).of(0) if g.number == 2)
    others = [move for move, _ in grade.values if move != grade.best]
    assert others
    graded = replace(grade, best=others[-1], reason="settebello", params=())
    app.matches.practice(coordinator, graded)
    practice = app.stack.top
    settle(app, practice)
    press(app, pygame.K_h)
    for _ in range(600):
        if practice.aids.hint is not None:
            break
        frame(app)
    hint = practice.aids.hint
    assert hint is not None and hint.move == others[-1] and hint.reason == "settebello"
    app.matches.end_practice()
    assert app.stack.top is scoring


def test_undo_at_a_practice_goes_back_no_further_than_the_position_tried(english) -> None:  # noqa: ANN001
    """Try it on a move that was not the round's first: Undo was offered at once and took
    back the player's move before it, leaving the position under review. It is off until
    the player plays from the position, then takes back only what was played since."""
    app = english
    grade, practice, scoring = practising(app, 2)
    position = practice.match.moves()
    assert len(position) == 2 and practice.human_to_play == 0

    def undo_offered() -> bool:
        return next(b for b in practice.aids.buttons() if b.name == "undo").enabled

    assert not undo_offered()
    press(app, pygame.K_u)
    assert practice.match.moves() == position and not practice.coordinator.undone
    assert practice.said() == app.t("aids.undo_practice")
    practice.play(grade.best)
    for _ in range(3000):  # Master answers for the other seat
        if practice.human_to_play == 0:
            break
        frame(app)
    assert len(practice.match.moves()) == 4 and undo_offered()
    press(app, pygame.K_u)
    assert practice.match.moves() == position
    # a practice counts nowhere: not "the match still counts, but not for the records"
    assert practice.said() == app.t("aids.undo_done")
    assert not undo_offered()
    app.matches.end_practice()
    assert app.stack.top is scoring


def test_the_practice_round_ends_on_once_more_or_back(english) -> None:  # noqa: ANN001
    app = english
    coordinator, _, scoring = on_scoring(app)
    grade = coordinator.reviews.review(1).costliest(0)[0]
    app.matches.practice(coordinator, grade)
    practice = app.stack.top
    for _ in range(3000):
        if isinstance(app.stack.top, ScoringScene):
            break
        frame(app)
        if practice.human_to_play is not None:
            practice.play(practice.match.legal_moves()[0])
    sheet = app.stack.top
    assert isinstance(sheet, ScoringScene) and sheet.coordinator is practice.coordinator
    labels = [button.text() for button in sheet.buttons]
    assert labels == ["Once more", "Back to the review"]
    # A practice of round 2 was headed "Round 1" over "First to 11 points wins the match".
    assert sheet.headline() == f"Practice: round {grade.round_no} played again"
    assert sheet.result_line() == app.t("review.practice_sheet_note")
    assert app.t("round_next", target=11) not in drawn_texts(app)
    # no "Total" of the round's points again, read as the match's beside that note
    assert [row.key for row in sheet.sheet()][-1] == "round"
    click(app, sheet.buttons[0])
    again = app.stack.top
    assert isinstance(again, TableScene) and again is not practice
    assert again.match.round.hand(grade.seat) == grade.hand
    app.matches.end_practice()
    assert app.stack.top is scoring


def test_the_review_s_cover_is_the_near_black_of_the_cloth_chosen(english) -> None:  # noqa: ANN001
    """The review passing the screen to one person was veiled bottle green on a red cloth,
    as the table's cover once was: its veil is the chosen cloth's near black, as the
    table's."""
    app = english
    app.settings = app.settings.with_(felt="red")
    _, _, scoring = on_scoring(app, HOTSEAT)
    click(app, scoring.review_button)
    scene = app.stack.top
    click(app, scene.name_buttons[1])
    assert scene.stage == "cover"
    surface = pygame.Surface(app.size)
    scene.draw(surface)
    corner = surface.get_at((app.size[0] // 2, 3))[:3]
    veil, green = style.cloth("red").veil, style.cloth("green").veil
    assert all(abs(a - b) <= 6 for a, b in zip(corner, veil)), (corner, veil)
    assert math.dist(corner, veil) < math.dist(corner, green), (corner, veil, green)


def test_each_person_sees_only_their_own_review(english) -> None:  # noqa: ANN001
    app = english
    _, _, scoring = on_scoring(app, HOTSEAT)
    click(app, scoring.review_button)
    scene = app.stack.top
    assert scene.stage == "who"
    texts = drawn_texts(app)
    assert "Who is looking?" in texts
    assert not any(text.startswith(MOVES_SAID) for text in texts)
    click(app, scene.name_buttons[1])  # Marco
    assert scene.stage == "cover"
    texts = drawn_texts(app)
    assert "Pass the screen to Marco" in texts
    assert not any(text.startswith(MOVES_SAID) for text in texts)
    lift(app)
    assert scene.stage == "review" and scene.seat == 1 and scene.seat_choice is None
    assert all(grade.seat == 1 for grade in scene.grades())
    texts = drawn_texts(app)
    assert "Marco's moves" in texts
    assert not any(text.startswith(MOVES_SAID[2:4]) for text in texts)
    press(app, pygame.K_ESCAPE)  # hides it again: back to the names
    assert scene.stage == "who" and app.stack.top is scene
    press(app, pygame.K_ESCAPE)
    assert app.stack.top is scoring


def test_the_agreement_to_share_reviews_lasts_the_match_after_the_game_is_closed(
    english,  # noqa: ANN001
) -> None:
    """Everyone agreed to share their reviews "for the rest of this match": after the game
    was closed and opened again, Continue asked them again, and the sheet's button still
    said each player sees only their own."""
    app = english
    coordinator, _, scoring = on_scoring(app, HOTSEAT, saved=True)
    hint = scoring.review_button.hint
    assert hint() == app.t("review.button_hint_many")
    click(app, scoring.review_button)
    click(app, app.stack.top.show_all)
    lift(app)  # Giulia takes the screen
    click(app, app.stack.top.yes_button)
    lift(app)  # Marco takes the screen
    click(app, app.stack.top.yes_button)
    assert coordinator.reviews_shared
    assert hint() == app.t("review.button_hint_shared")
    coordinator.flush()
    close_tables(app)
    app.home()
    assert app.matches.resume()  # the game opened again on the saved match
    assert app.stack.top.coordinator.reviews_shared


def test_all_reviews_are_shown_only_when_everyone_agrees(english) -> None:  # noqa: ANN001
    app = english
    coordinator, _, scoring = on_scoring(app, HOTSEAT)
    click(app, scoring.review_button)
    scene = app.stack.top
    click(app, scene.show_all)
    # whoever pressed it, Giulia is asked once the screen is hers (the one who pressed it
    # answered for her)
    assert app.stack.top is scene and scene.stage == "cover" and scene.seat == 0
    lift(app)
    ask = app.stack.top
    # the agreement lasts the match, and the question says so (it read as one review's)
    assert ask.question() == "Giulia, may everyone see your reviews for the rest of this match?"
    click(app, ask.yes_button)
    # Giulia answered for herself: the screen goes to Marco before he is asked (one person
    # said yes for everyone, the questions one after another)
    assert app.stack.top is scene and scene.stage == "cover" and scene.seat == 1
    assert "Marco: click or press Enter, to be asked" in " ".join(drawn_texts(app))
    lift(app)
    ask = app.stack.top
    assert ask.question() == "Marco, may everyone see your reviews for the rest of this match?"
    click(app, ask.no_button)
    assert app.stack.top is scene and scene.stage == "who"
    assert not coordinator.reviews_shared
    # said under the question, where a toast covered the screen's heading
    assert (
        scene.who_detail() == "Marco keeps their review private: each player sees only their own."
    )
    assert "Marco keeps their review private" in " ".join(drawn_texts(app))
    assert not any("Marco keeps their review private" in toast.text for toast in app.toasts)
    click(app, scene.show_all)
    lift(app)
    click(app, app.stack.top.yes_button)
    lift(app)
    click(app, app.stack.top.yes_button)
    assert coordinator.reviews_shared and app.stack.top is scene
    assert scene.stage == "review" and scene.seat_choice is not None
    assert all(grade.seat == 0 for grade in scene.grades())
    click(app, scene.seat_choice)  # the right half: the next person
    assert scene.seat == 1 and all(grade.seat == 1 for grade in scene.grades())
    assert "Marco played" in " ".join(drawn_texts(app))
    press(app, pygame.K_ESCAPE)
    assert app.stack.top is scoring


def test_asked_on_the_last_sheet_the_question_does_not_speak_of_the_rest_of_the_match(
    english,  # noqa: ANN001
) -> None:
    """On the last sheet, the match over, each person was asked to show their reviews "for
    the rest of this match", until it ends: it had ended."""
    from .review_helpers import play_out

    app = english
    coordinator, _, scoring = on_scoring(app, HOTSEAT)
    click(app, scoring.review_button)
    scene = app.stack.top
    played = coordinator.match
    play_out(coordinator)
    click(app, scene.show_all)
    lift(app)
    ask = app.stack.top
    assert ask.question() == "Giulia, may everyone see your reviews of this match?"
    assert "until the match ends" not in ask.detail()
    click(app, ask.no_button)
    coordinator.match = played


def test_moves_played_as_a_hint_said_are_counted_on_the_review(english) -> None:  # noqa: ANN001
    """A round played from hints read 100 % and "no costly move" without a word of the
    hints: their number now shows beside the accuracy (and nothing when none was used)."""
    app = english
    coordinator, _, scoring = on_scoring(app)
    click(app, scoring.review_button)
    scene = app.stack.top
    assert [label for label, _ in scene.summary()] == [
        "Accuracy", "Points lost", "Choices that mattered"
    ]  # fmt: skip
    mine = scene.review().of(scene.seat)
    coordinator.hinted = {grade.number for grade in mine[:2]}
    assert scene.summary()[-1] == ("Choices made on a hint (not graded)", "2")
    assert "Choices made on a hint (not graded)" in drawn_texts(app)


def reviewed_decisions(app):  # noqa: ANN001, ANN201
    """A round's review opened from its sheet: the match's coordinator, the review's
    scene, the review and the moves of its seat that mattered."""
    coordinator, _, scoring = on_scoring(app)
    click(app, scoring.review_button)
    scene = app.stack.top
    review = scene.review()
    return coordinator, scene, review, review.decisions(scene.seat)


def test_the_choices_beside_the_accuracy_are_those_it_is_computed_on(english) -> None:  # noqa: ANN001
    """A round read 0 %, 6 choices that mattered, 5 hints followed: as if one choice of the
    player's own had mattered, and been wrong, where five had. Accuracy leaves out the moves
    a hint chose; the choices beside it now leave them out too, and say so."""
    app = english
    coordinator, scene, review, decisions = reviewed_decisions(app)
    assert len(decisions) > 2
    coordinator.hinted = {grade.number for grade in decisions[:2]}
    own = decisions[2:]
    tiles = dict(scene.summary())
    assert tiles["Own choices that mattered"] == str(len(own))
    accurate = 100 * sum(grade.accurate for grade in own) / len(own)
    assert tiles["Accuracy"] == f"{round(accurate)}%"
    hinted = [grade for grade in review.of(scene.seat) if grade.number in coordinator.hinted]
    assert tiles["Choices made on a hint (not graded)"] == str(len(hinted))


def test_the_review_s_accuracy_is_the_statistics_one_without_the_moves_a_hint_chose(
    english,  # noqa: ANN001
) -> None:
    """The review said 84 % where the statistics said 40 % for the same match: the
    statistics leave out the moves a hint chose, the review counted them (as Master's own,
    free). Both now count only the player's own choices."""
    app = english
    coordinator, scene, review, decisions = reviewed_decisions(app)
    coordinator.hinted = {grade.number for grade in decisions if grade.accurate}
    mine = review.accuracy(scene.seat, frozenset(coordinator.hinted))
    assert mine is None or mine < review.accuracy(scene.seat)
    shown = "\u2014" if mine is None else f"{round(mine)}%"
    assert scene.summary()[0] == ("Accuracy", shown)
    assert coordinator.reviews.review(1) is not None
    by_round = dict(scene.by_round())
    assert by_round.get(1) == mine


def test_a_round_played_from_hints_alone_is_not_praised(english) -> None:  # noqa: ANN001
    """Every choice that mattered followed a hint: the review said "No costly move: every
    choice that mattered was as good as Master's", praise for the hints' moves."""
    app = english
    coordinator, scene, review, decisions = reviewed_decisions(app)
    assert decisions  # (the words said where no costly move is listed)
    assert scene.empty_text() == app.t("review.none_costly")
    coordinator.hinted = {grade.number for grade in review.of(scene.seat)}
    assert scene.empty_text() == app.t("review.all_hinted")


def test_small_losses_where_no_choice_mattered_are_not_any_card_as_well(english) -> None:  # noqa: ANN001
    """A round of choices all within 0.10 points of Master's, which added up to 0.14: the
    tiles read "Points lost 0.14" over "No choice mattered: any card would have done as
    well"."""
    from scopa.ai.review import Review

    app = english
    _, scene, review, _ = reviewed_decisions(app)
    grades = review.of(scene.seat)
    close = [replace(g, spread=0.05, loss=0.07 if n < 2 else 0.0) for n, g in enumerate(grades)]
    scene.review = lambda: Review(review.seats, tuple(close))  # type: ignore[method-assign]
    assert dict(scene.summary())["Points lost"] == "0.14"
    assert scene.empty_text() == app.t("review.no_choice_close", tolerance="0.10")
    even = [replace(g, loss=0.0) for g in close]
    scene.review = lambda: Review(review.seats, tuple(even))  # type: ignore[method-assign]
    assert scene.empty_text() == app.t("review.no_choice")


def test_the_match_review_covers_every_round(english) -> None:  # noqa: ANN001
    app = english
    coordinator, _, scoring = on_scoring(app)
    click(app, scoring.review_button)
    scene = app.stack.top
    click(app, scene.scope_choice)
    assert scene.scope == "match"
    assert scene.review() == coordinator.reviews.match_review()
    assert scene.by_round() == [(1, coordinator.reviews.review(1).accuracy(0))]
    assert "Accuracy by round (%)" in drawn_texts(app)


@pytest.mark.parametrize("language", ["en", "it"])
def test_a_match_reviewed_from_a_later_round_says_where_it_starts(english, language) -> None:  # noqa: ANN001
    """A seat online taken back after its window was closed: the rounds played in the window
    gone are reviewed nowhere, and "The match reviewed", "Whole match", showed rounds 2 to
    5 as the match. The review says which round it starts from."""
    app = english
    app.set_language(language)
    coordinator, _, _ = on_scoring(app)
    reviews = coordinator.reviews
    reviews.jobs = {2: reviews.jobs[1]}  # as the window come back in round 2 sees it
    scene = app.open("review", coordinator=coordinator, round_no=2, scope="round")
    frame(app)
    click(app, scene.scope_choice)
    assert scene.scope == "match"
    assert scene.heading() == app.t("review.heading_match_from", n=2)
    assert app.t("review.scope_match_from", n=2) in drawn_texts(app)
    assert [round_no for round_no, _ in scene.by_round()] == [2]


def test_a_watched_match_offers_no_review_and_a_hot_seat_one_asks_who(english) -> None:  # noqa: ANN001
    app = english
    watch = MatchSetup((SeatConfig("Anna", False), SeatConfig("Bruno", False)), SOLO.rules)
    coordinator = app.matches._coordinator(watch, None, saver=None)
    assert coordinator.reviews is None
    hot = app.matches._coordinator(HOTSEAT, None, saver=None)
    assert hot.reviews is not None and hot.reviews.seats == (0, 1)


def test_leaving_a_watched_match_keeps_the_saved_one(english, store) -> None:  # noqa: ANN001
    """Watching computers saves nothing: stopping it must not delete the player's saved
    match either."""
    app = english
    coordinator = reviewed(app, SOLO, saved=True)
    coordinator.flush()
    saved = store.load_match()
    assert saved is not None
    app.matches.watch()
    table = app.stack.top
    assert isinstance(table, TableScene) and table.mode == "watch"
    press(app, pygame.K_ESCAPE)
    pause = app.stack.top
    click(app, pause.buttons[-1])  # Stop watching
    assert not any(isinstance(scene, TableScene) for scene in app.stack)
    assert store.load_match() == saved


def test_the_keys_find_their_place_again_after_a_question_is_answered(english) -> None:  # noqa: ANN001
    """On the keyboard, a person who declined to share their review came back to a screen
    with no button in focus: the review is built again after a question, and its focus
    went back to Back unseen. It stays where the keys left it."""
    app = english
    _, _, scoring = on_scoring(app, HOTSEAT)
    click(app, scoring.review_button)
    scene = app.stack.top
    scene.form.keyboard_used = True
    scene.form.set_focus(scene.show_all)
    press(app, pygame.K_RETURN)
    scene.age += COVER_HOLD  # the cover up a moment
    press(app, pygame.K_RETURN)  # the cover lifted: the screen is Giulia's
    press(app, pygame.K_RETURN)  # "No, keep them private", where the question's focus is
    assert app.stack.top is scene and scene.stage == "who"
    assert scene.form.focus is scene.show_all and scene.form.keyboard_used


def test_the_keyboard_s_selector_is_ringed_as_a_button_is(english) -> None:  # noqa: ANN001
    """Tab to This round / Match so far darkened its border a shade, hard to see beside
    the gold ring of a button in focus."""
    app = english
    _, _, scoring = on_scoring(app)
    click(app, scoring.review_button)
    scene = app.stack.top
    choice = scene.scope_choice
    scene.form.keyboard_used = True
    scene.form.set_focus(choice)
    scene.age = scene.FADE_IN  # faded in
    app.draw()
    rect = choice.drawn()
    reach = style.button_reach(style.Scale(app.size))

    def colours(points) -> set[tuple[int, ...]]:  # noqa: ANN001
        return {tuple(app.screen.get_at(point))[:3] for point in points}

    y, x = rect.centery, rect.centerx
    for side in (
        [(rect.left - k, y) for k in range(1, reach)],
        [(rect.right + k, y) for k in range(reach)],
        [(x, rect.top - k) for k in range(1, reach)],
    ):
        assert style.BRIGHT_GOLD in colours(side)


@pytest.mark.parametrize("size", [(1920, 1080), (960, 540)])
def test_a_hand_of_three_lies_side_by_side_where_the_row_has_room(
    english, size, monkeypatch
) -> None:  # noqa: ANN001
    """At 1920x1080 each row's three cards of the hand overlapped by half, with a wide gap
    before the words: the columns of cards are as wide as their cards and glows."""
    app = english
    app.resize(size)
    _, _, scoring = on_scoring(app)
    click(app, scoring.review_button)
    scene = app.stack.top
    scene.age = scene.FADE_IN
    laid: list[tuple[float, float, int]] = []
    draw = style.draw_card

    def spy(surface, art, card, centre, width, **kwargs) -> None:  # noqa: ANN001
        laid.append((centre[0], centre[1], width))
        draw(surface, art, card, centre, width, **kwargs)

    monkeypatch.setattr(style, "draw_card", spy)
    app.draw()
    rows: dict[float, list[tuple[float, int]]] = {}
    hand = scene.hand_column
    for x, y, width in laid:
        if hand[0] <= x <= hand[0] + hand[1]:
            rows.setdefault(y, []).append((x, width))
    assert rows and any(len(cards) == 3 for cards in rows.values())
    for cards in rows.values():
        for (x, width), (after, _) in zip(cards, cards[1:]):
            assert after - x >= width, (size, cards)
    assert scene.text_column[1] >= scene.rows[0].w * 0.3


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720), (960, 540)])
@pytest.mark.parametrize("language", ["en", "it"])
def test_each_kind_of_line_is_set_at_one_size_in_every_row(english, size, language) -> None:  # noqa: ANN001
    """Master's move was set smaller in the rows where it ran long and larger in the
    others, so the rows read unevenly: a line set smaller to fit is set so in every row."""
    app = english
    app.set_language(language)
    app.resize(size)
    _, _, scoring = on_scoring(app)
    click(app, scoring.review_button)
    scene = app.stack.top
    scene.age = scene.FADE_IN
    grades = scene.grades()
    assert len(grades) > 1
    said = scene.master_line

    def master_line(grade):  # noqa: ANN001, ANN202
        """A capture of many cards names them all: its row's line runs long."""
        words = said(grade)
        return f"{words}; {words}" if grade is grades[0] else words

    scene.master_line = master_line
    seen: list[style.Drawn] = []
    with style.watch_text(seen.append):
        frame(app)
    for kind in (scene.played_line, scene.master_line):
        lines = [kind(grade) for grade in grades]
        sizes = [(text.words, text.px) for text in seen if text.words in lines]
        assert len(sizes) == len(grades), (kind.__name__, sizes)
        assert len({px for _, px in sizes}) == 1, (size, language, kind.__name__, sizes)


def test_a_line_too_long_for_its_row_leaves_the_others_their_size(english, monkeypatch) -> None:  # noqa: ANN001
    """A reason that could not fit its row even at the smallest size set every row's reason
    at that smallest size: the others keep their size (it alone is set at the smallest,
    where the least of it is cut)."""
    app = english
    app.resize((960, 540))
    _, _, scoring = on_scoring(app)
    click(app, scoring.review_button)
    scene = app.stack.top
    scene.age = scene.FADE_IN
    grades = scene.grades()
    seen: list[style.Drawn] = []
    with style.watch_text(seen.append):
        frame(app)
    reasons = {text.words: text.px for text in seen if text.words.startswith("Why")}
    assert reasons
    size = max(reasons.values())
    from scopa.app.scenes import review

    said = review.reason_line

    def reason_line(t, grade, deck):  # noqa: ANN001, ANN202
        words = said(t, grade, deck)
        return words + ", and so on" * 12 if grade is grades[0] else words

    monkeypatch.setattr(review, "reason_line", reason_line)
    seen.clear()
    with style.watch_text(seen.append):
        frame(app)
    reasons = [text for text in seen if text.words.startswith("Why")]
    others = [text for text in reasons if not text.words.endswith("and so on")]
    assert others and {text.px for text in others} == {size}, [(t.words, t.px) for t in reasons]


def test_enter_after_the_review_closed_by_the_mouse_goes_on_to_the_next_round(english) -> None:  # noqa: ANN001
    """Review clicked, then Back clicked: Enter opened the review again (the focus was on
    its button, unringed). It now goes on, as the sheet's red button says."""
    app = english
    coordinator, table, scoring = on_scoring(app)
    click(app, scoring.review_button)
    review = app.stack.top
    assert isinstance(review, ReviewScene)
    click(app, review.back_button)
    assert app.stack.top is scoring
    while scoring.age < scoring.keys_from:
        frame(app)
    press(app, pygame.K_RETURN)
    assert app.stack.top is table  # the next round, not the review


@pytest.mark.parametrize("language", ["en", "it"])
def test_a_knock_naming_the_matta_says_the_value_named(app, language) -> None:  # noqa: ANN001
    """ "You knocked and showed your hand" over "Master would knock and show the hand",
    costing two points: the two read alike, the values named for the matta unsaid."""
    from scopa.app.coach_words import move_phrase

    app.set_language(language)
    mine = move_phrase(app.t, "you", Move.parse("!7C=5"), "napoletane")
    best = move_phrase(app.t, "master", Move.parse("!7C=1"), "napoletane")
    assert mine != app.t("review.declare.you") and best != app.t("review.declare.master")
    assert ("a 5" if language == "en" else "un 5") in mine
    assert ("an ace" if language == "en" else "un asso") in best
    plain = move_phrase(app.t, "you", Move.parse("!"), "napoletane")
    assert plain == app.t("review.declare.you")  # a knock without the matta, as before


@pytest.mark.parametrize("language", ["en", "it"])
@pytest.mark.parametrize("size", [(960, 540), (1920, 1080)])
def test_a_message_over_the_review_leaves_its_heading_readable(english, size, language) -> None:  # noqa: ANN001
    """At a table online, "the next round has begun at your table" was told over the
    review's heading ("Round 2 reviewed"), which could not be read; in Italian, too long
    for the corner beside it, it went over the choice of round below."""
    from scopa.app.toasts import worded

    from .menu_helpers import toasts_kept_clear

    app = english
    app.settings = app.settings.with_(language=language)
    app.set_language(language)
    app.resize(size)
    _, _, scoring = on_scoring(app)
    click(app, scoring.review_button)
    scene = app.stack.top
    assert isinstance(scene, ReviewScene)
    app.notify(worded("online.round_began"), 30)
    frame(app)
    box = scene.heading_box
    width = style.fit(scene.heading(), scene.heading_pen(), box.w, box.h).width
    heading = pygame.Rect(0, box.top, width, box.h)
    heading.centerx = box.centerx
    toasts_kept_clear(app, scene.toast_band(), [heading, scene.scope_choice.rect], 1)


def test_the_match_s_points_lost_are_the_sum_of_its_rounds_as_shown(english) -> None:  # noqa: ANN001
    """Rounds that lost 2,36 and 0,58 made a match of 2,95 (each figure rounded alone):
    the match's figure is now the sum of the rounds' as they show."""
    app = english
    coordinator, _, scoring = on_scoring(app)
    reviews = coordinator.reviews
    first = reviews.job(1)
    grade = first.review.of(0)[0]
    second = ReviewJob(first.number + 1, 2, first.seats, first.moves + 1)
    first.review = replace(first.review, grades=(replace(grade, loss=2.3649),))
    second.review = replace(first.review, grades=(replace(grade, round_no=2, loss=0.5849),))
    reviews.jobs[2] = second
    click(app, scoring.review_button)
    scene = app.stack.top
    assert dict(scene.summary())["Points lost"] == "2.36"
    click(app, scene.scope_choice)  # the next round reviewed
    assert (scene.scope, scene.round_no) == ("round", 2)
    assert dict(scene.summary())["Points lost"] == "0.58"
    click(app, scene.scope_choice)
    assert scene.scope == "match"
    assert dict(scene.summary())["Points lost"] == "2.94"


def test_a_match_review_that_failed_says_the_match(english) -> None:  # noqa: ANN001
    """The review of the whole match, a round of it failed to be graded, said "Master could
    not review this round"."""
    coordinator, _, _ = on_scoring(english)
    failed = ReviewJob(99, 1, (0,), 0)
    failed.error = "the review worker stopped"
    coordinator.reviews.jobs[1] = failed
    match_review = english.open("review", coordinator=coordinator, round_no=1, scope="match")
    assert match_review.waiting_text() == "Master could not review this match."
    english.back()
    round_review = english.open("review", coordinator=coordinator, round_no=1)
    assert round_review.waiting_text() == "Master could not review this round."
    close_tables(english)


@pytest.mark.parametrize("language", ["en", "it"])
def test_a_matta_named_is_said_as_the_value_it_plays(app, language) -> None:  # noqa: ANN001
    """A review's row read "You played the 7 of cups, taking the 2 of clubs" of the matta
    named 2, a capture no rule allows as it was told: the row says the 7 played as a 2, as
    the table's "= 2" tag showed it."""
    from scopa.ai.review import grade_move
    from scopa.app.coach_words import move_phrase
    from scopa.engine import Card, Rules, observe
    from tests.engine.helpers import position

    app.set_language(language)
    state = position(Rules.preset("cirulla"), ["7C 3S", "9D 9C"], "2B 5D", turn=0, matta_value=2)
    played = Move.parse("7Cx2B")
    grade = grade_move(observe(state, 0), played, 1, 0, 7)
    assert grade.matta == (Card.parse("7C"), 2)
    said = move_phrase(app.t, "you", played, "napoletane", matta=grade.matta)
    as_two = "the 7 of cups as a 2" if language == "en" else "il 7 di coppe come un 2"
    assert as_two in said
    plain = position(Rules.preset("cirulla"), ["7C 3S", "9D 9C"], "2B 5D", turn=0)
    assert grade_move(observe(plain, 0), Move.parse("7Cx2B+5D"), 1, 0, 7).matta is None


def test_a_match_with_no_choice_of_one_s_own_shows_a_dash_by_round(english) -> None:  # noqa: ANN001
    """A match played all on hints: the box "Accuracy by round (%)" kept its title over
    nothing. It shows a dash, as the tiles do for what was not graded."""
    from scopa.app import style

    coordinator, _, _ = on_scoring(english)
    scene = english.open("review", coordinator=coordinator, round_no=1, scope="match")
    frame(english)
    scene.by_round = lambda: []  # no round held a choice of the player's own
    drawn: list[style.Drawn] = []
    with style.watch_text(drawn.append):
        scene.draw_content(english.screen)
    _, chart = scene._strip_parts(scene.summary())
    dashes = [text for text in drawn if text.words == "\u2014" and chart.contains(text.used)]
    assert dashes, [text.words for text in drawn]
    close_tables(english)


def test_a_move_as_good_as_master_s_is_not_marked_as_a_mistake(english, monkeypatch) -> None:
    """A row said "As good" (another move, worth as much as Master's) over the card played
    glowing red with a cross, the mark of a move that lost: both cards are marked good."""

    from scopa.app.scenes.review import MASTER_GLOW, PLAYED_GLOW

    app = english
    _, _, scoring = on_scoring(app)
    click(app, scoring.review_button)
    scene = app.stack.top
    scene.age = scene.FADE_IN
    costly = next(g for g in scene.grades() if g.played.card != g.best.card)
    even = replace(costly, loss=0.002)
    monkeypatch.setattr(scene, "grades", lambda: (even,))
    glows: list[dict] = []
    draw_cards = scene._draw_cards

    def spy(surface, area, cards, glow, matta) -> None:  # noqa: ANN001
        glows.append(dict(glow))
        draw_cards(surface, area, cards, glow, matta)

    monkeypatch.setattr(scene, "_draw_cards", spy)
    scene.layout()
    app.draw()
    assert scene.loss_words(even, scene.rows[0]) == app.t("review.as_good")
    hand = glows[0]
    assert hand[even.played.card] == MASTER_GLOW and hand[even.best.card] == MASTER_GLOW
    assert PLAYED_GLOW not in [colour for glow in glows for colour in glow.values()]
