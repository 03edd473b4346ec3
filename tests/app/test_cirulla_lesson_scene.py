"""The walkthrough of what Cirulla changes, driven with the mouse and keyboard: cards are
played by clicking them, captures and the matta's value are chosen with buttons, a move the
lesson does not want is refused with a word, and the lessons are reached from the rules."""

from __future__ import annotations

import pygame
import pytest

from scopa.aids.cirulla_lessons import LESSONS, RULES
from scopa.app.scenes.cirulla_lesson import CirullaLessonScene
from scopa.app.scenes.rules import RulesScene
from scopa.engine import Card, Declared, Scopa

from .menu_helpers import FRAME, click, frame, press, show
from .table_helpers import mouse

C = Card.parse


@pytest.fixture
def scene(app):
    lesson = CirullaLessonScene(app)
    app.stack.push(lesson)
    frame(app)
    return lesson


def card_button(scene, text: str):
    return next(button for button in scene.hand_buttons if button.card is C(text))


def index_of(key: str) -> int:
    return next(i for i, lesson in enumerate(LESSONS) if lesson.key == key)


def test_the_rules_cirulla_pages_open_the_walkthrough(app) -> None:
    rules = RulesScene(app, book="cirulla")
    app.stack.push(rules)
    frame(app)
    assert rules.lesson_button in rules.form.widgets
    click(app, rules.lesson_button)
    assert isinstance(app.stack.top, CirullaLessonScene)
    press(app, pygame.K_ESCAPE)
    assert app.stack.top is rules


def solve_up_to(app, lesson: CirullaLessonScene, key: str) -> None:  # noqa: ANN001
    """Each lesson answered and Next pressed, as a player does, up to the lesson ``key``."""
    while lesson.walk.lesson.key != key:
        lesson.try_answer()
        assert lesson.walk.done, lesson.walk.lesson.key
        click(app, lesson.next_button)


def test_the_walkthrough_opens_again_at_the_lesson_it_was_left_at(app) -> None:
    """Closed at lesson 4 of 8 (by a key meant for something else, say), it began again at
    lesson 1: it opens where it was left, and from the first once the last is done."""
    rules = RulesScene(app, book="cirulla")
    app.stack.push(rules)
    frame(app)
    click(app, rules.lesson_button)
    lesson = app.stack.top
    solve_up_to(app, lesson, "ace_on_ace")
    press(app, pygame.K_ESCAPE)
    click(app, rules.lesson_button)
    again = app.stack.top
    assert isinstance(again, CirullaLessonScene) and again is not lesson
    assert again.walk.lesson.key == "ace_on_ace" and not again.walk.done
    solve_up_to(app, again, LESSONS[-1].key)
    again.try_answer()
    assert again.walk.done
    click(app, again.back_button)
    click(app, rules.lesson_button)
    assert app.stack.top.walk.index == 0


def test_the_walkthrough_keeps_its_place_from_one_run_to_the_next(app, store) -> None:
    """Called away at the fifth lesson, the game closed: the walkthrough began again at the
    first, and Next stayed greyed until each lesson was solved again. It opens at the fifth,
    and Next (or Back, then Next) passes the lessons solved without their being solved
    again; the next lesson still waits to be solved."""
    from scopa.app.app import App
    from scopa.app.registry import default_scenes

    at = next(i for i in range(3, len(LESSONS)) if LESSONS[i].plays)  # the fifth, say
    lesson = CirullaLessonScene(app)
    app.stack.push(lesson)
    frame(app)
    solve_up_to(app, lesson, LESSONS[at].key)
    app.close()  # the window closed on the lesson, not left by its button
    again = App(store, size=(960, 540), scenes=default_scenes())
    try:
        reopened = CirullaLessonScene(again)
        again.stack.push(reopened)
        frame(again)
        assert reopened.walk.index == at and not reopened.walk.done
        assert not reopened.next_button.enabled  # not solved yet
        click(again, reopened.prev_button)
        click(again, reopened.prev_button)
        assert reopened.walk.index == at - 2 and reopened.next_button.enabled
        click(again, reopened.next_button)
        click(again, reopened.next_button)
        assert reopened.walk.index == at and not reopened.next_button.enabled
    finally:
        again.close()


def test_a_wrong_card_is_refused_then_the_fifteen_is_taken(app, scene) -> None:
    assert not scene.next_button.enabled
    click(app, card_button(scene, "8B"))  # 8 takes the 7: not the lesson's move
    assert scene.message()[1] == "refused"
    assert scene.message()[0].startswith(app.t("lessons.not_this", ask="")[:8])
    click(app, card_button(scene, "5C"))  # two captures: the choice is offered
    # on the way to the move asked for: the refusal of the 8 no longer stands over it
    assert scene.message() == (app.t("lessons.fifteen.ask"), "ask")
    assert sorted(b.text() for b in scene.choices) == sorted(
        [app.t("lessons.take", cards="10"), app.t("lessons.take", cards="7 + 3")]
    )
    assert scene.form.focus is scene.choices[0]
    king = next(b for b in scene.choices if b.text() == app.t("lessons.take", cards="10"))
    click(app, king)
    assert scene.walk.done and scene.message()[1] == "done"
    assert [key for key, _, _ in scene.rows()][-1] == "lessons.taken"
    click(app, scene.next_button)
    assert scene.walk.index == 1


@pytest.mark.parametrize("language", ["en", "it"])
def test_a_capture_the_lesson_did_not_ask_for_is_not_called_wrong(app, scene, language) -> None:
    """8 + 7 = 15 is a capture by fifteen, yet the fifteen's lesson answered "Not that
    one": every move a lesson turns down is one the rules allow, and it says so."""
    app.set_language(language)
    click(app, card_button(scene, "8B"))
    words, mood = scene.message()
    assert mood == "refused"
    allowed = {"en": "is allowed too", "it": "si può fare"}[language]
    assert allowed in words and words.endswith(app.t("lessons.fifteen.ask")), words


def table_card(scene, text: str):
    return scene.table_buttons[C(text)]


def test_the_fifteen_is_taken_as_the_lesson_says_by_clicking_the_king(app, scene) -> None:
    for language in ("en", "it"):
        app.set_language(language)
        scene.go(index_of("fifteen"))
        frame(app)
        click(app, table_card(scene, "10S"))  # nothing picked yet: the king alone is no move
        assert not scene.walk.done and scene.walk.refused is None
        click(app, card_button(scene, "5C"))
        assert scene.picked() is C("5C")
        click(app, table_card(scene, "10S"))
        assert scene.walk.done and scene.message()[1] == "done"
        taken = scene.rows()[-1]
        assert taken[0] == "lessons.taken" and taken[1] == (C("5C"), C("10S"))


def test_a_card_dragged_onto_the_table_plays_as_at_the_table(app, scene) -> None:
    """Dragging a card, the table's way to play, did nothing in the lessons (only a click
    played): the ace dragged onto the cloth sweeps it; the 9 let go on the 6 it takes
    narrows the captures to those taking the 6; a card let go off the table goes back."""
    from .table_helpers import drag

    scene.go(index_of("sweep"))
    frame(app)
    ace = card_button(scene, "1C")
    drag(app, ace.rect.center, scene.heading_box.center)
    assert not scene.walk.events and scene.picked() is None  # back in the hand
    start = ace.rect.center
    app.frame(FRAME, [mouse(pygame.MOUSEBUTTONDOWN, start)])
    app.frame(FRAME, [mouse(pygame.MOUSEMOTION, scene.felt().center)])
    assert ace.held_at == scene.felt().center  # carried under the pointer
    app.frame(FRAME, [mouse(pygame.MOUSEBUTTONUP, scene.felt().center)])
    assert any(isinstance(e, Scopa) for e in scene.walk.events)

    scene.go(index_of("choice"))
    frame(app)
    drag(app, card_button(scene, "9C").rect.center, table_card(scene, "6D").rect.center)
    assert sorted(b.text() for b in scene.choices) == sorted(
        [app.t("lessons.take", cards="6"), app.t("lessons.take", cards="6 + 3")]
    )


@pytest.mark.parametrize("how", ["focus lost", "laid out again"])
def test_a_card_carried_as_the_window_loses_the_pointer_goes_back_to_the_hand(
    app, scene, how
) -> None:
    """A card dragged as another window came in front (its button let go there, unheard)
    stayed out of the hand, floating, and the next click on the cloth played it; a resize
    mid-drag left it floating too."""
    scene.go(index_of("sweep"))
    frame(app)
    ace = card_button(scene, "1C")
    app._last_press = None
    app.frame(FRAME, [mouse(pygame.MOUSEBUTTONDOWN, ace.rect.center)])
    app.frame(FRAME, [mouse(pygame.MOUSEMOTION, scene.heading_box.center)])
    assert ace.held_at is not None
    if how == "focus lost":
        app.frame(FRAME, [pygame.event.Event(pygame.WINDOWFOCUSLOST)])
        app.frame(FRAME, [pygame.event.Event(pygame.WINDOWFOCUSGAINED)])
    else:
        app.resize((1100, 650))
        frame(app)
    assert ace.held_at is None and scene.form.captured is None
    spot = scene.felt().midright
    click(app, (spot[0] - 3, spot[1]))  # a click on the cloth, to come back to the window
    assert not scene.walk.events


def test_left_and_right_go_along_the_hand_as_at_the_table(app, scene) -> None:
    """Left and Right did nothing in the lessons (at the table they go along the hand):
    only Tab, then Down, reached the cards."""
    import pygame

    from .menu_helpers import press

    scene.go(index_of("fifteen"))
    frame(app)
    hand = sorted(scene.hand_buttons, key=lambda button: button.rect.centerx)
    assert len(hand) == 3
    scene.form.set_focus(hand[0])
    for button in hand[1:]:
        press(app, pygame.K_RIGHT)
        assert scene.form.focus is button
    press(app, pygame.K_LEFT)
    assert scene.form.focus is hand[-2]


def test_a_table_card_in_several_captures_narrows_the_choice(app, scene) -> None:
    scene.go(index_of("choice"))
    frame(app)
    click(app, card_button(scene, "9C"))
    assert len(scene.choices) == 3
    click(app, table_card(scene, "5B"))  # the 9 takes no 5: nothing happens
    assert len(scene.choices) == 3
    click(app, table_card(scene, "6D"))  # 6 + 3, or the 6 alone
    assert sorted(b.text() for b in scene.choices) == sorted(
        [app.t("lessons.take", cards="6"), app.t("lessons.take", cards="6 + 3")]
    )
    scene.form.hover = scene.choices[0]
    assert scene.glowing() == frozenset(scene.offered[0].captures)
    click(app, table_card(scene, "3S"))  # only 6 + 3 takes the 3: not the lesson's move
    assert scene.walk.refused is not None and not scene.walk.done


def test_escape_takes_back_the_card_whose_captures_are_offered(app, scene) -> None:
    """Escape with the captures of the 9 offered closed the whole walkthrough: at the
    table it takes the card back, and so it does here."""
    scene.go(index_of("choice"))
    frame(app)
    nine = card_button(scene, "9C")
    scene.form.set_focus(nine)
    press(app, pygame.K_RETURN)
    assert len(scene.choices) == 3
    press(app, pygame.K_ESCAPE)
    assert app.stack.top is scene and not scene.choices and not scene.walk.done
    assert scene.form.focus is nine
    press(app, pygame.K_ESCAPE)  # with no choice open, Escape closes as before
    assert app.stack.top is not scene


def test_enter_after_a_lesson_solved_goes_to_the_next_on_its_first_card(app, scene) -> None:
    """A lesson solved on the keys left the focus nowhere: Enter then reached Close and
    left the walkthrough, and the next lesson began with nothing focused."""
    scene.go(index_of("fifteen"))
    frame(app)
    move = scene.walk.lesson.moves[0]
    scene.form.set_focus(card_button(scene, str(move.card)))
    press(app, pygame.K_RETURN)
    while scene.choices and not scene.walk.done:
        chosen = next(b for b, m in zip(scene.choices, scene.offered, strict=True) if m == move)
        scene.form.set_focus(chosen)
        press(app, pygame.K_RETURN)
    assert scene.walk.done and scene.form.focus is scene.next_button
    press(app, pygame.K_RETURN)
    assert app.stack.top is scene and scene.walk.index == index_of("fifteen") + 1
    if scene.walk.lesson.plays:
        assert scene.form.focus in scene.hand_buttons


def test_every_lesson_can_be_finished_from_the_keyboard(app, scene) -> None:
    for index, lesson in enumerate(LESSONS):
        assert scene.walk.index == index
        if lesson.plays:
            move = lesson.moves[0]
            card = None if move.is_declaration else card_button(scene, str(move.card))
            target = scene.knock_button if card is None else card
            scene.form.set_focus(target)
            press(app, pygame.K_RETURN)
            while not scene.walk.done and scene.choices:
                press(app, pygame.K_RETURN)  # the first choice left, refused or taken
                if not scene.walk.done:
                    scene.form.set_focus(target)
                    press(app, pygame.K_RETURN)
                    for _ in range(len(scene.choices) - 1):
                        press(app, pygame.K_DOWN)
            assert scene.walk.done, lesson.key
        frame(app)
        if index < len(LESSONS) - 1:
            scene.form.set_focus(scene.next_button)
            press(app, pygame.K_RETURN)
    assert not scene.next_button.enabled


def test_the_ace_sweeps_for_a_scopa(app, scene) -> None:
    scene.go(index_of("sweep"))
    frame(app)
    click(app, card_button(scene, "1C"))
    assert any(isinstance(e, Scopa) for e in scene.walk.events)
    assert scene._row_label("lessons.table") == app.t("lessons.table_empty")


def test_the_matta_is_named_with_a_button_and_the_value_is_told(app, scene) -> None:
    app.set_language("en")
    scene.go(index_of("matta"))
    frame(app)
    assert scene.message()[0].startswith("The 7 of hearts is the matta")
    click(app, scene.knock_button)
    labels = [b.text() for b in scene.choices]
    assert labels == [app.t("cirulla.matta_as", n=1), app.t("cirulla.matta_as", n=2)]
    click(app, scene.choices[1])
    (declared,) = [e for e in scene.walk.events if isinstance(e, Declared)]
    assert declared.named == 2 and declared.points == 3
    assert app.t("lessons.matta.done", named=2) == scene.message()[0]
    assert scene.knock_button not in scene.form.widgets


def test_a_digit_names_the_matta_in_the_lesson_as_at_the_table(app, scene) -> None:
    """The keys page says the keys 1 to 9 name the matta's value; in the lesson 2 only
    moved the focus ring to "The matta as 1"."""
    app.set_language("en")
    scene.go(index_of("matta"))
    frame(app)
    press(app, pygame.K_k)
    assert scene.choices
    app.frame(1 / 30, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_2, mod=0, unicode="2")])
    (declared,) = [e for e in scene.walk.events if isinstance(e, Declared)]
    assert declared.named == 2


def test_the_matta_named_carries_its_value_as_at_the_table(app, scene) -> None:
    """After "The matta as 2" the 7 in hand was a plain 7, where the table writes "= 2" on
    it: the lesson writes it so too."""
    from scopa.app import style

    app.set_language("en")
    scene.go(index_of("matta"))
    frame(app)
    badge = app.t("table.matta_badge", n=2)

    def drawn() -> list[str]:
        seen: list[style.Drawn] = []
        with style.watch_text(seen.append):
            app.draw()
        return [text.words for text in seen]

    assert badge not in drawn()
    click(app, scene.knock_button)
    click(app, scene.choices[1])
    frame(app)
    assert badge in drawn()


def test_the_dealer_s_matta_carries_the_value_the_lesson_says(app, scene) -> None:
    """The dealer's table: "named 2, it makes 4 + 2 + 3 + 6 = 15" over a plain 7 of cups,
    where the other lessons and the table write "= 2" on it."""
    from scopa.app import style

    app.set_language("en")
    scene.go(index_of("dealer"))
    frame(app)
    seen: list[style.Drawn] = []
    with style.watch_text(seen.append):
        app.draw()
    assert app.t("table.matta_badge", n=2) in [text.words for text in seen]


def test_k_knocks_as_at_the_table(app, scene) -> None:
    """The rules' page of keys says K knocks: in the lesson on knocking it does, and
    elsewhere it does nothing."""
    scene.go(index_of("fifteen"))
    frame(app)
    press(app, pygame.K_k)
    assert not any(isinstance(e, Declared) for e in scene.walk.events)
    scene.go(index_of("knock"))
    frame(app)
    press(app, pygame.K_k)
    (declared,) = [e for e in scene.walk.events if isinstance(e, Declared)]
    assert declared.points == 3 and scene.walk.done


def test_the_chosen_deck_names_the_matta(app, scene) -> None:
    app.set_language("en")
    app.settings = app.settings.with_(deck_style="napoletane")
    scene.go(index_of("matta"))
    assert scene.message()[0].startswith("The 7 of cups is the matta")
    assert scene.deck == "napoletane"


def test_the_dealer_lesson_says_what_the_engine_named(app, scene) -> None:
    app.set_language("it")
    scene.go(index_of("dealer"))
    frame(app)
    assert scene.walk.done and scene.next_button.enabled
    assert "contata come 2, fa 4 + 2 + 3 + 6 = 15" in scene.message()[0]


def painted_rows(surface, area, wanted) -> list[tuple[int, int]]:  # noqa: ANN001
    """The (x, y) points of ``area`` whose colour ``wanted(r, g, b)`` accepts."""
    data = pygame.image.tobytes(surface.subsurface(area), "RGB")
    return [
        (area.left + i // 3 % area.w, area.top + i // 3 // area.w)
        for i in range(0, len(data), 3)
        if wanted(data[i], data[i + 1], data[i + 2])
    ]


def glowing(r: int, g: int, b: int) -> bool:
    """Green enough to be the halo of a card taken (the paper is slightly red)."""
    return g - r >= 25


def ink(r: int, g: int, b: int) -> bool:
    """The soft ink of small words (not the green of a halo)."""
    return max(r, g, b) < 190 and g - r < 10


@pytest.mark.parametrize("size", [(960, 540), (1024, 576), (1100, 620), (960, 720)])
@pytest.mark.parametrize("language", ["en", "it"])
def test_the_glow_of_the_cards_taken_keeps_clear_of_the_lesson_number(app, size, language):
    """At 960x540 the halo round the "You take" cards came down to "lesson 1 of 8": every
    lesson, answered, keeps a clear gap between the two, as laid out and as drawn."""
    scene = show(app, CirullaLessonScene(app), size, language)
    gap = scene.m.px(0.015)
    art = scene_art(scene)
    checked = 0
    for index in range(len(LESSONS)):
        scene.go(index)
        scene.try_answer()
        frame(app)
        rows = scene.rows()
        if rows[-1][0] != "lessons.taken":
            continue
        checked += 1
        label, cards_box = scene.row_boxes[-1]
        card = pygame.Rect(cards_box.left, 0, scene.card_w, scene.card_h)
        card.centery = cards_box.centery
        halo = card.inflate(2 * art.glow_reach(scene.card_w), 2 * art.glow_reach(scene.card_w))
        words = scene.progress_box()
        assert halo.bottom + gap <= scene.back_button.rect.top, (index, halo, words)
        assert label.bottom <= halo.top, "the halo keeps off the words over the cards"

        below = pygame.Rect(scene.panel.left, card.bottom, scene.panel.w, 0)
        below.h = scene.back_button.rect.bottom - below.top
        text = painted_rows(app.screen, words, ink)
        assert text, "the lesson's number is written"
        left, right = min(x for x, _ in text), max(x for x, _ in text)
        top = min(y for _, y in text)
        halo_points = [
            y for x, y in painted_rows(app.screen, below, glowing) if left - gap <= x <= right + gap
        ]
        if halo_points:
            assert top - max(halo_points) > gap, (index, top, max(halo_points))
    assert checked >= 3, "lessons that end with cards taken"


def scene_art(scene):  # noqa: ANN001
    from scopa.app import style

    return style.menu_art(scene.app, scene.deck)


@pytest.mark.parametrize(("deck", "suit"), [("genovesi", "diamonds"), ("napoletane", "coins")])
def test_the_scoring_lesson_names_the_suit_its_cards_show(app, scene, deck, suit) -> None:
    """Dealt with the Genoese cards (Cirulla's own), the scoring lesson spoke of the king
    of coins beside a king of diamonds."""
    app.set_language("en")
    app.settings = app.settings.with_(deck_style=deck)
    scene.go(index_of("scoring"))
    words, _ = scene.message()
    assert f"of {suit}" in words and f"of {({'diamonds', 'coins'} - {suit}).pop()}" not in words


@pytest.mark.parametrize("language", ["it", "en"])
def test_the_scoring_lesson_names_the_target_the_player_s_cirulla_is_played_to(
    app, scene, language
) -> None:
    """With Cirulla set to 31 the rules pages said 31 and the scoring lesson "else it is
    played to 51", whatever the settings; a piccola to the 7 or no cappotto went unsaid.
    The lesson names the target in force and, where the player's Cirulla scores otherwise,
    says where to read how."""
    app.set_language(language)
    scene.go(index_of("scoring"))
    usual, _ = scene.message()
    assert "51" in usual and app.t("lessons.scoring.yours") not in usual
    cirulla = RULES.with_(target=31)
    app.settings = app.settings.with_(rules=cirulla)
    words, _ = scene.message()
    assert "31" in words and "51" not in words and app.t("lessons.scoring.yours") not in words
    app.settings = app.settings.with_(rules=cirulla.with_(piccola_max=7))
    words, _ = scene.message()
    assert app.t("lessons.scoring.yours") in words
    app.settings = app.settings.with_(rules=RULES.with_(cirulla=False))  # Scopa: the usual
    words, _ = scene.message()
    assert words == usual


@pytest.mark.parametrize("language", ["it", "en"])
def test_the_last_lesson_says_it_is_the_last(app, language) -> None:
    """At the ninth lesson Next was only greyed, nothing said: the lessons were over."""
    app.set_language(language)
    lesson = CirullaLessonScene(app)
    app.stack.push(lesson)
    lesson.go(len(LESSONS) - 1)
    frame(app)
    assert lesson.message()[0].endswith(app.t("lessons.finished"))
    assert not lesson.next_button.enabled
    lesson.go(len(LESSONS) - 2)
    assert app.t("lessons.finished") not in lesson.message()[0]
