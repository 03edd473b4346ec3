"""The tutorial through the real scene: scripted mouse drags and clicks complete it."""

from __future__ import annotations

import pygame
import pytest

from scopa.__main__ import open_first_screens
from scopa.aids.tutorial import HUMAN, STEPS, tutorial_match
from scopa.app import style
from scopa.app.scenes.confirm import ConfirmScene
from scopa.app.scenes.level import LevelScene
from scopa.app.scenes.title import TitleScene
from scopa.app.scenes.tutorial import TutorialScene
from scopa.app.scenes.tutorial_offer import TutorialOffer
from scopa.app.table import TableScene
from scopa.engine import Card, Match, Move

from .menu_helpers import close_tables
from .table_helpers import FRAME, centre_of, click, drag, mouse, pump, settle

C = Card.parse


def wait_for_human(app, scene: TutorialScene, limit: int = 3000) -> None:
    """Until the player is to play (the lesson read a moment: the keys are taken then)."""
    for _ in range(limit):
        ready = scene.step_age >= scene.keys_from
        if (scene.human_to_play == HUMAN and ready) or scene.coach.step is None:
            return
        if scene.coach.step.key == "score":
            return
        app.frame(FRAME, [])
    raise AssertionError("the human never got the turn")


def press(app, scene: TutorialScene, name: str) -> None:
    rect = dict(scene.buttons())[name]
    click(app, rect.center)


def lessons_begun(app) -> TutorialScene:  # noqa: ANN001
    """The tutorial opened and its welcome passed with Next: the first lesson deals."""
    scene = TutorialScene(app)
    app.stack.push(scene)
    settle(app, scene)
    press(app, scene, "next")
    return scene


def test_the_tutorial_completes_with_scripted_input(fast, store):
    scene = TutorialScene(fast)
    fast.stack.push(scene)
    settle(fast, scene)
    assert scene.coach.step.key == "welcome"
    press(fast, scene, "next")
    lessons = [step for step in STEPS if step.moves]
    for step in lessons:
        wait_for_human(fast, scene)
        assert scene.coach.step is step
        (move,) = step.moves
        # the lesson's card is raised and what it takes glows before the player moves
        assert scene.selected == move.card and scene.preview == frozenset(move.captures)
        drag(fast, centre_of(scene, move.card), centre_of(scene, move.captures[0]))
        assert scene.match.moves()[-1] == move
    assert scene.coach.step.key == "finish"
    assert scene.match.round.scope[0] == 1  # the settebello swept the table
    # "Finish for me" was red, the look of what Enter does, where Enter plays a card
    from scopa.app import style

    drawn: dict[str, bool] = {}
    button = style.button

    def seen(surface, rect, scale, font, words, px, **kwargs):  # noqa: ANN001, ANN003, ANN202
        drawn[words] = kwargs.get("primary", False)
        return button(surface, rect, scale, font, words, px, **kwargs)

    style.button = seen
    try:
        scene._draw_coach(pygame.Surface(fast.size))
    finally:
        style.button = button
    assert drawn[fast.t("aids.tut.finish_for_me")] is False
    normal = scene.director.factor
    press(fast, scene, "finish_for_me")
    fast.frame(FRAME, [])
    assert scene.director.factor <= normal / 4  # the coach plays the rest quickly ...
    assert scene.status_text()[0] == fast.t("aids.tut.playing_for_you")  # ... and says so
    assert scene.status_text()[0] != fast.t("table.your_turn")
    for _ in range(6000):
        if scene.coach.step is not None and scene.coach.step.key == "score":
            break
        fast.frame(FRAME, [])
    assert scene.coach.step.key == "score"
    assert scene.scores is not None and scene.scores[HUMAN].points["settebello"] == 1
    assert not any(plate.active for plate in scene.snapshot().plates)  # nobody's turn now
    assert scene.scores[HUMAN].scope >= 1
    # the settebello's row: a tick and its point for the player, a dash (it was blank) for
    # the other side
    assert scene.score_cell("settebello", HUMAN) == "\u2713  +1"
    assert scene.score_cell("settebello", 1 - HUMAN) == "\u2014"
    cards = scene.scores[HUMAN].cards
    assert scene.score_cell("carte", HUMAN).split()[0] == str(cards)
    # The lessons are over: "Skip the tutorial" beside "Back to the menu" skipped nothing;
    # a match can follow at once.
    assert scene.button_names() == ["play", "done", "again"]
    pump(fast, 2)
    press(fast, scene, "done")
    assert scene.coach.done
    assert fast.settings.tutorial_done
    assert store.load_settings().tutorial_done
    assert store.load_match() is None, "the tutorial's deal is never saved as a match"
    assert scene not in list(fast.stack)


@pytest.mark.parametrize("size", [(960, 540), (1920, 1080)])
def test_the_lesson_s_words_are_as_large_as_its_title(fast, size):
    """The lesson's words, what a learner reads first, were set in the table's smallest
    type (11 pixels at 960x540) in a narrow column: as large as the lesson's title now,
    the panel taller for them, inside the window."""
    fast.resize(size)
    scene = TutorialScene(fast)
    fast.stack.push(scene)
    settle(fast, scene)
    _, text = scene.step_texts()
    drawn: list[style.Drawn] = []
    with style.watch_text(drawn.append):
        scene._draw_coach(pygame.Surface(size))
    sizes = {d.px for d in drawn if d.words == text}
    assert sizes == {scene.layout.font_normal}, sizes
    assert scene.layout.font_normal > scene.layout.font_small
    box, _ = scene._coach_box()
    assert box.bottom <= size[1]


@pytest.mark.parametrize("card_first", [True, False])
def test_the_lesson_s_card_is_played_by_clicks(fast, card_first):
    """The lesson raises its card, which looks chosen. A player who clicked it, then the
    table (as the rules say one may play), lowered it with the first click, the lesson
    raised it again as its hint, and the click on the table played nothing, with no word
    why; and a click on the table alone did nothing either."""
    scene = lessons_begun(fast)
    for step in [step for step in STEPS if step.moves][:3]:
        wait_for_human(fast, scene)
        (move,) = step.moves
        assert scene.selected == move.card
        if card_first:
            click(fast, centre_of(scene, move.card))
            assert scene.selected == move.card, "the click lowered the lesson's card"
        click(fast, centre_of(scene, move.captures[0]))
        assert scene.match.moves()[-1] == move


def test_the_line_under_the_table_says_what_the_lesson_says(fast):
    """The lesson said "drag your king onto the king", and the line under the table, the
    card raised for it, "click the table where the card goes, or double-click the card":
    two orders at once. For the card the lesson raised the line says to drag it too."""
    fast.set_language("en")
    scene = lessons_begun(fast)
    step = next(step for step in STEPS if step.moves)
    wait_for_human(fast, scene)
    assert scene.selected == step.moves[0].card
    pump(fast, 2)
    assert scene.status_text()[0] == fast.t("table.your_turn")


def test_a_play_the_lesson_does_not_want_goes_back(fast):
    scene = lessons_begun(fast)
    wait_for_human(fast, scene)
    before = scene.match
    drag(fast, centre_of(scene, C("3S")), scene.layout.table_rect.midtop)
    assert scene.match is before
    assert "king" in scene.said()
    settle(fast, scene)
    assert scene.view.places[C("3S")] == ("hand", HUMAN)


def test_an_enter_pressed_on_as_a_lesson_s_words_appear_does_not_skip_them(fast):
    """Enters pressed on while Giulia played went on to skip the next lesson's words
    before they could be read. A lesson's words take Enter as read only after a moment."""
    from scopa.app.scenes.tutorial import NEXT_GRACE

    scene = TutorialScene(fast)
    fast.stack.push(scene)
    enter = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0)
    fast.frame(FRAME, [])
    assert scene.coach.step.key == "welcome" and scene.coach.step.wait == "next"
    fast.frame(FRAME, [enter])  # at once: not read yet
    assert scene.coach.step.key == "welcome"
    for _ in range(round(NEXT_GRACE / FRAME) + 1):
        fast.frame(FRAME, [])
    fast.frame(FRAME, [enter])
    assert scene.coach.step.key == "single"


def test_space_pressed_on_and_on_turns_no_lesson_over_until_the_keys_rest(fast):
    """Space pressed every third of a second (the key that hurries the computers) while the
    round was finished for the player turned the last lesson over within a moment of its
    coming, unread. Each key pressed too soon makes the lesson wait a moment longer, and
    a player pressing on is told to leave the keys."""
    from scopa.app.scenes.tutorial import NEXT_GRACE

    scene = TutorialScene(fast)
    fast.stack.push(scene)
    space = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0)
    fast.frame(FRAME, [])
    assert scene.coach.step.key == "welcome"
    every = round(0.3 / FRAME)
    for _ in range(12):  # over three seconds of Space, a press each third of a second
        for _ in range(every):
            fast.frame(FRAME, [])
        fast.frame(FRAME, [space])
    assert scene.coach.step.key == "welcome"
    assert scene.said() == fast.t("aids.tut.keys_wait")
    for _ in range(round(NEXT_GRACE / FRAME) + 1):  # the keys left a moment
        fast.frame(FRAME, [])
    fast.frame(FRAME, [space])
    assert scene.coach.step.key == "single"


def test_enter_pressed_on_goes_through_no_lesson_s_play_unread(fast):
    """Enter pressed six times a tenth of a second apart on the welcome: it closed, the
    next lesson's play (the king takes the king) was made from the keys and the lesson
    after it came, the one between never read."""
    from scopa.app.scenes.tutorial import NEXT_GRACE

    scene = TutorialScene(fast)
    fast.stack.push(scene)
    enter = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0)
    for _ in range(round(NEXT_GRACE / FRAME) + 2):
        fast.frame(FRAME, [])
    for _ in range(6):
        fast.frame(FRAME, [enter])
        for _ in range(round(0.1 / FRAME)):
            fast.frame(FRAME, [])
    assert scene.coach.step.key == "single" and scene.match.moves() == ()
    for _ in range(10):  # pressed on past a moment: the player is told to leave the keys
        fast.frame(FRAME, [enter])
        for _ in range(round(0.1 / FRAME)):
            fast.frame(FRAME, [])
    assert scene.match.moves() == () and scene.said() == fast.t("aids.tut.keys_wait")


def test_keys_pressed_while_the_computer_plays_are_not_told_to_wait(fast):
    """Enter pressed on while the computer answered a lesson's play told the player to
    leave the keys, where Enter had nothing to do: no card of theirs was to play. The
    lesson's card is still held back a moment after, but nothing is said meanwhile."""
    from scopa.app.scenes.tutorial import NEXT_GRACE

    scene = TutorialScene(fast)
    fast.stack.push(scene)
    enter = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0)
    for _ in range(round(NEXT_GRACE / FRAME) + 2):
        fast.frame(FRAME, [])
    fast.frame(FRAME, [enter])
    assert scene.coach.step.key == "single"
    for _ in range(round(NEXT_GRACE / FRAME) + 2):
        fast.frame(FRAME, [])
    scene.play(scene.coach.step.moves[0])
    pressed = 0
    while scene.coach.step.key != "sum" or scene.watching:
        assert pressed < 400, "the computer never answered"
        fast.frame(FRAME, [enter])
        pressed += 1
        assert scene.said() != fast.t("aids.tut.keys_wait")
    assert scene.match.moves()[-1] != scene.coach.step.moves[0]  # nothing played from keys


def test_space_pressed_on_as_the_lessons_close_presses_nothing_on_the_title(fast):
    """The lessons closed by Space, Space pressed on every third of a second pressed the
    title's focused button: a match began (or the saved one came back) unasked."""
    fast.stack.push(TitleScene(fast))
    fast.frame(FRAME, [])
    scene = TutorialScene(fast)
    fast.stack.push(scene)
    space = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0)
    fast.frame(FRAME, [space])
    scene.ask_to_leave = scene.skip  # the press that closes the lessons: as Escape's
    escape = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0)
    fast.frame(FRAME, [escape])
    back = fast.stack.top
    assert isinstance(back, TitleScene) and scene not in fast.stack
    fast.frame(FRAME, [space])
    for _ in range(8):
        for _ in range(round(0.3 / FRAME)):
            fast.frame(FRAME, [])
        fast.frame(FRAME, [space])
        assert list(fast.stack) == [back], list(fast.stack)


def test_the_welcome_waits_for_next_and_enter_works(fast):
    scene = TutorialScene(fast)
    fast.stack.push(scene)
    settle(fast, scene)
    drag(fast, centre_of(scene, C("10B")), centre_of(scene, C("10S")))
    assert scene.match.moves() == ()
    assert scene.said() == fast.t("aids.tut.read_first")  # not a drag that does nothing
    fast.frame(FRAME, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0)])
    assert scene.coach.step.key == "single"


@pytest.mark.parametrize("language", ["en", "it"])
@pytest.mark.parametrize("deck", ["napoletane", "french"])
def test_the_welcome_says_what_the_face_cards_count_in_the_deck_s_own_words(fast, language, deck):
    """Lesson 2 said "your king matches the king", the card showed a 10, and no lesson
    said what a knave, a knight or a king counts."""
    from scopa.app.wording import card_name

    fast.set_language(language)
    fast.settings = fast.settings.with_(deck_style=deck)
    scene = TutorialScene(fast)
    fast.stack.push(scene)
    settle(fast, scene)
    _, text = scene.step_texts()
    for rank in (8, 9, 10):
        face = card_name(fast.t, Card(rank, "D"), deck).split()[1]  # "the knave of coins"
        assert f"{face}\u00a0{rank}" in text, (face, rank, text)


def first_capture_played(app) -> TutorialScene:  # noqa: ANN001
    """The lessons opened, the welcome read and the first lesson's capture played."""
    scene = TutorialScene(app)
    app.stack.push(scene)
    settle(app, scene)
    press(app, scene, "next")
    wait_for_human(app, scene)
    drag(app, centre_of(scene, C("10B")), centre_of(scene, C("10S")))
    assert scene.match.moves() == (Move.parse("10Bx10S"),)
    return scene


def test_start_again_deals_the_lesson_afresh(fast):
    scene = first_capture_played(fast)
    press(fast, scene, "again")
    ask = fast.stack.top  # a card played: the progress is lost only if the player says so
    assert isinstance(ask, ConfirmScene) and ask.question() == fast.t("aids.tut.again_question")
    click(fast, ask.yes_button.rect.center)
    assert scene.match.moves() == () and scene.coach.index == 0
    assert scene.match.round.hands == tutorial_match().round.hands
    settle(fast, scene)
    assert scene.view.places[C("10B")] == ("hand", HUMAN)


def test_skip_marks_the_tutorial_done(fast, store):
    scene = TutorialScene(fast)
    fast.stack.push(scene)
    pump(fast)
    press(fast, scene, "skip")
    assert store.load_settings().tutorial_done
    assert scene not in list(fast.stack)


def test_skip_after_a_card_played_asks_first_as_start_again_does(fast, store):
    """Start again, just above it, asked before losing the lessons' progress; Skip, a slip
    of the pointer away, left at once."""
    scene = first_capture_played(fast)
    press(fast, scene, "skip")
    ask = fast.stack.top
    assert isinstance(ask, ConfirmScene) and ask.question() == fast.t("aids.tut.leave_question")
    fast.back()  # keep learning
    assert fast.stack.top is scene and not store.load_settings().tutorial_done


def test_the_lessons_show_no_button_to_the_table_s_pause_menu(fast):
    """The table's corner button opens its pause menu, whose Abandon would end the player's
    saved match: the lessons leave it out (Skip and Esc ask before leaving them)."""
    scene = first_capture_played(fast)
    assert not [item for item in scene.overlay_items() if item.key[0] == "menu button"]
    click(fast, scene.layout.menu_rect.center)
    assert fast.stack.top is scene


def test_offered_at_first_start_only(fast, store, monkeypatch):
    monkeypatch.delenv("SCOPA_START", raising=False)
    open_first_screens(fast)
    offer = fast.stack.top
    assert isinstance(offer, TutorialOffer)
    fast.frame(FRAME, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0)])
    assert isinstance(fast.stack.top, TutorialScene)
    fast.home()
    fast.settings = fast.settings.with_(tutorial_done=True)
    open_first_screens(fast)
    assert isinstance(fast.stack.top, TitleScene)


def test_declining_the_offer_is_remembered(fast, store, monkeypatch):
    monkeypatch.delenv("SCOPA_START", raising=False)
    open_first_screens(fast)
    offer = fast.stack.top
    assert isinstance(offer, TutorialOffer)
    fast.frame(FRAME, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0)])
    assert fast.stack.top is not offer
    assert store.load_settings().tutorial_done


def test_the_first_start_shows_the_offer_over_the_title(fast, monkeypatch):
    monkeypatch.delenv("SCOPA_START", raising=False)
    open_first_screens(fast)
    fast.run(max_frames=1)
    scenes = list(fast.stack)
    assert isinstance(scenes[-2], TitleScene)
    assert isinstance(scenes[-1], TutorialOffer)
    while len(fast.stack):
        fast.stack.pop()
    fast.settings = fast.settings.with_(tutorial_done=True)
    open_first_screens(fast)
    fast.run(max_frames=1)
    assert isinstance(fast.stack.top, TitleScene)


def test_the_title_opens_the_tutorial(fast):
    title = TitleScene(fast)
    fast.stack.push(title)
    pump(fast)
    (button,) = [b for b in title.grid if b.on_click == title.on_tutorial]
    click(fast, button.rect.center)
    assert isinstance(fast.stack.top, TutorialScene)
    pump(fast)
    press(fast, fast.stack.top, "skip")
    assert type(fast.stack.top).__name__ == "TitleScene"


def test_escape_leaves_the_tutorial_and_the_saved_match_stays(fast, store):
    from scopa.engine import Rules
    from scopa.settings import MatchSetup

    saved = Match.new(Rules(), 5)
    saved, _ = saved.apply(saved.legal_moves()[0])
    store.save_match(MatchSetup.solo(Rules()), saved.record())
    scene = TutorialScene(fast)
    fast.stack.push(scene)
    pump(fast)
    escape = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0)
    fast.frame(FRAME, [escape])
    question = fast.stack.top
    assert isinstance(question, ConfirmScene) and scene in list(fast.stack)
    assert question.question() == fast.t("aids.tut.leave_question")
    click(fast, question.yes_button.rect.center)
    assert scene not in list(fast.stack)
    assert type(fast.stack.top).__name__ != "PauseScene"
    kept = store.load_match()
    assert kept is not None and kept[1].moves == saved.moves()


def test_escape_in_a_lesson_asks_before_the_lessons_are_left(fast):
    """Escape went straight back to the title, and the tutorial began again from its first
    lesson: a new player pressing Escape to read something lost the lesson."""
    scene = TutorialScene(fast)
    fast.stack.push(scene)
    pump(fast)
    press(fast, scene, "next")
    step = scene.coach.step
    fast.frame(FRAME, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0)])
    question = fast.stack.top
    assert isinstance(question, ConfirmScene)
    click(fast, question.no_button.rect.center)
    assert fast.stack.top is scene and scene.coach.step is step


def test_the_button_that_plays_the_round_for_the_player_says_so_in_both_languages():
    """Under "play as you like until every card is played", "Finisci tu" ("you finish") read
    as an order to the player; the button plays the round for them."""
    from scopa.i18n import Translator

    assert Translator("en")("aids.tut.finish_for_me") == "Finish for me"
    assert Translator("it")("aids.tut.finish_for_me") == "Finisci per me"


def test_the_aids_keys_say_they_wait_for_the_first_match(fast):
    """H, U and T did nothing in the lessons, and said nothing (Tab goes round the coach's
    buttons there)."""
    scene = TutorialScene(fast)
    fast.stack.push(scene)
    pump(fast)
    for code in (pygame.K_h, pygame.K_u, pygame.K_t):
        scene.message_left = 0
        fast.frame(FRAME, [pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="")])
        assert scene.said() == fast.t("aids.tut.aids_off"), code


def test_a_lesson_speaks_of_the_table_only_once_it_lies_so(fast):
    """The capture by sum's words ("ace + 2 make 3: drag your 3 onto the ace") showed while
    the king was still flying and before the computer had laid the ace. Until the player's
    turn the coach asks to watch the table; then the lesson speaks."""
    scene = lessons_begun(fast)
    wait_for_human(fast, scene)
    (king,) = STEPS[1].moves
    drag(fast, centre_of(scene, king.card), centre_of(scene, king.captures[0]))
    assert scene.coach.step.key == "sum"
    watch = fast.t("aids.tut.watch")
    seen = []
    for _ in range(3000):
        if scene.human_to_play == HUMAN:
            break
        seen.append((scene.step_texts()[1], scene.match.turn))
        fast.frame(FRAME, [])
    assert seen and all(words == watch for words, _ in seen)
    assert {turn for _, turn in seen} == {HUMAN, 1 - HUMAN}  # the computer's play, then its flight
    assert C("1C") in scene.match.round.table_cards()
    assert scene.step_texts() == (fast.t("aids.tut.sum.title"), fast.t("aids.tut.sum.text"))


FILE_NOTICE = (
    "Your last result could not be saved: the disk is full. Free some space on it; the "
    "game tries again after the next match, and your statistics are kept until then."
)


def test_toasts_over_the_lessons_keep_clear_of_the_coach(fast):
    """A toast told over the tutorial (a file that could not be saved) went over the middle
    of the window, across the coach's words and buttons at its side."""
    for size in ((960, 540), (1920, 1080)):
        fast.resize(size)
        scene = TutorialScene(fast)
        fast.stack.push(scene)
        settle(fast, scene)
        fast.notify(lambda t: "The lesson is the help here")
        fast.notify(lambda t: FILE_NOTICE)
        drawn: list[style.Drawn] = []
        with style.watch_text(drawn.append):
            panels = fast.toasts.draw(fast.screen, fast.font, band=scene.toast_band())
        assert len(panels) == 2
        coach = scene.coach_rect()
        for panel in panels:
            assert fast.screen.get_rect().contains(panel), (size, panel)
            assert not panel.colliderect(coach), (size, panel, coach)
        (said,) = [d for d in drawn if d.words == FILE_NOTICE]
        assert not said.elided and not said.cut, said
        fast.toasts.forget(lambda toast: True)
        scene.close()
        fast.stack.pop()


def key(app, code: int, mod: int = 0) -> None:
    app.frame(FRAME, [pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode="")])


def test_the_coach_s_buttons_are_reached_from_the_keys(fast, store):
    """The lesson's buttons (Start again, Skip tutorial, Finish for me) could be pressed
    only with the pointer: Tab goes round them, shown as the keyboard's focus, and Enter
    presses the one it is on."""
    scene = TutorialScene(fast)
    fast.stack.push(scene)
    settle(fast, scene)
    assert scene.button_names() == ["next", "again", "skip"]
    key(fast, pygame.K_TAB)
    assert scene.focus == "next"
    key(fast, pygame.K_TAB)
    key(fast, pygame.K_TAB)
    assert scene.focus == "skip"
    key(fast, pygame.K_TAB, pygame.KMOD_SHIFT)
    assert scene.focus == "again"
    key(fast, pygame.K_RIGHT)  # the cards' keys take over from the buttons
    assert scene.focus is None
    key(fast, pygame.K_TAB, pygame.KMOD_SHIFT)
    assert scene.focus == "skip"
    key(fast, pygame.K_RETURN)  # Enter, maybe meant for a card: the lessons are not lost
    ask = fast.stack.top
    assert isinstance(ask, ConfirmScene) and ask.question() == fast.t("aids.tut.leave_question")
    click(fast, ask.yes_button.rect.center)
    assert store.load_settings().tutorial_done
    assert scene not in list(fast.stack)


def test_start_again_from_the_keys_asks_first(fast):
    """Tab, then Enter meant for a card, started the lessons again at once: progress lost."""
    scene = TutorialScene(fast)
    fast.stack.push(scene)
    settle(fast, scene)
    key(fast, pygame.K_TAB)
    key(fast, pygame.K_TAB)
    assert scene.focus == "again"
    key(fast, pygame.K_RETURN)
    ask = fast.stack.top
    assert isinstance(ask, ConfirmScene) and ask.question() == fast.t("aids.tut.again_question")
    click(fast, ask.no_button.rect.center)
    assert fast.stack.top is scene and scene.coach.step.key == "welcome"


@pytest.mark.parametrize("language", ["en", "it"])
def test_the_lessons_tell_a_player_on_the_keys_the_keys_way_to_play(fast, language):
    """The coach told a player on the keys to drag the king, while the line under the table
    told the arrows and Enter. Once a key of play is pressed (Enter for Next) the lessons
    say the keys' way too, and the dragging again once the pointer is used."""
    fast.settings = fast.settings.with_(language=language)
    fast.set_language(language)
    scene = TutorialScene(fast)
    fast.stack.push(scene)
    settle(fast, scene)
    key(fast, pygame.K_RETURN)  # Next, from the keys
    wait_for_human(fast, scene)
    assert scene.coach.step.key == "single"
    assert scene.step_texts()[1] == fast.t("aids.tut.single.keys")
    assert scene.status_text()[0] == fast.t("table.your_turn_keys")
    key(fast, pygame.K_RETURN)  # the lesson's card is chosen: Enter plays it
    assert scene.match.moves()[-1] == STEPS[1].moves[0]
    wait_for_human(fast, scene)
    assert scene.coach.step.key == "sum"
    assert scene.step_texts()[1] == fast.t("aids.tut.sum.keys")
    panel = scene.coach_rect()
    click(fast, (panel.left + 4, panel.top + 4))  # the pointer, on the coach's words
    assert scene.step_texts()[1] == fast.t("aids.tut.sum.text")
    assert scene.status_text()[0] == fast.t("table.your_turn")
    for text in (fast.t(f"aids.tut.{lesson}.keys") for lesson in ("single", "sum")):
        assert "drag" not in text.lower() and "trascin" not in text.lower()


def to_the_last_lesson(app, scene: TutorialScene) -> None:
    """From the welcome to "Play the round out", every lesson played from the keys."""
    key(app, pygame.K_RETURN)  # Next
    for step in (step for step in STEPS if step.moves):
        wait_for_human(app, scene)
        assert scene.coach.step is step
        for _ in range(2):  # the lesson's card is chosen: Enter plays it (or opens its choice)
            if scene.match.moves() and scene.match.moves()[-1] == step.moves[0]:
                break
            key(app, pygame.K_RETURN)
        assert scene.match.moves()[-1] == step.moves[0]
    wait_for_human(app, scene)
    assert scene.coach.step.key == "finish"


def test_a_double_click_on_finish_for_me_does_not_press_the_button_come_under_it(fast):
    """ "Finish for me" goes when pressed and "Start again" slides up into its place: the
    second press of a double click landed on it and asked to restart the lessons."""
    scene = TutorialScene(fast)
    fast.stack.push(scene)
    settle(fast, scene)
    to_the_last_lesson(fast, scene)
    spot = dict(scene.buttons())["finish_for_me"].center
    fast._last_press = None
    twice = [mouse(kind, spot) for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)] * 2
    fast.frame(FRAME, twice[:2])
    assert scene.coach.autoplay
    assert dict(scene.buttons())["again"].collidepoint(spot)  # it came under the pointer
    fast.frame(FRAME, twice[2:])
    assert fast.stack.top is scene and scene.match.moves()
    # nor a second press a second later (a careless double click, slower than the system's)
    pump(fast, round(1.0 / FRAME))
    click(fast, spot)
    assert fast.stack.top is scene
    pump(fast, round(1.6 / FRAME))  # a click of its own, later, presses it
    click(fast, spot)
    ask = fast.stack.top
    assert isinstance(ask, ConfirmScene) and ask.question() == fast.t("aids.tut.again_question")


def rings(scene: TutorialScene, monkeypatch) -> list[str]:
    """The coach's buttons drawn with the keyboard's focus ring."""
    ringed: list[str] = []
    plain = style.button

    def button(surface, rect, scale, font, words, *args, focused=False, **kwargs):
        if focused:
            ringed.append(words)
        return plain(surface, rect, scale, font, words, *args, focused=focused, **kwargs)

    monkeypatch.setattr(style, "button", button)
    scene._draw_coach(pygame.Surface(scene.layout.size))
    monkeypatch.setattr(style, "button", plain)
    return ringed


def test_the_button_enter_presses_is_ringed_for_a_player_on_the_keys(fast, monkeypatch):
    """Opened from the keys (or once a key is pressed), Enter pressed Next with nothing to
    show it would: the button Enter presses wears the focus ring, as in the menus."""
    monkeypatch.delenv("SCOPA_START", raising=False)
    open_first_screens(fast)
    assert isinstance(fast.stack.top, TutorialOffer)
    key(fast, pygame.K_RETURN)  # Show me how to play, from the keys
    scene = fast.stack.top
    assert isinstance(scene, TutorialScene)
    settle(fast, scene)
    assert rings(scene, monkeypatch) == [fast.t("aids.tut.next")]
    key(fast, pygame.K_TAB)  # Tab goes on from the button ringed
    assert rings(scene, monkeypatch) == [fast.t("aids.tut.again")]
    panel = scene.coach_rect()
    click(fast, (panel.left + 4, panel.top + 4))  # the pointer: no ring
    assert rings(scene, monkeypatch) == []
    key(fast, pygame.K_RIGHT)  # a key again: the ring comes back where Enter presses
    assert rings(scene, monkeypatch) == [fast.t("aids.tut.next")]
    key(fast, pygame.K_RETURN)
    assert scene.coach.step.key == "single"


def test_the_last_lesson_raises_a_card_for_a_player_on_the_keys(fast):
    """ "Play the round out" raised no card: a player on the keys could not see which one
    Enter would play. A card of the hand is picked at each turn, as Enter would pick it."""
    scene = TutorialScene(fast)
    fast.stack.push(scene)
    settle(fast, scene)
    to_the_last_lesson(fast, scene)
    pump(fast, 2)
    hand = list(scene.view.hands[HUMAN])
    assert scene.selected == hand[0]
    pump(fast, 10)
    assert scene.view.sprites[hand[0]].lift == scene.layout.lift
    played = len(scene.match.moves())
    key(fast, pygame.K_RETURN)
    assert len(scene.match.moves()) in (played + 1, played)  # played, or its choice opened
    if scene.pick.choice is not None:
        key(fast, pygame.K_RETURN)
    assert scene.match.moves()[played].card == hand[0]


def test_a_game_closed_in_the_lessons_starts_them_again_where_it_was(fast, store):
    """Closed at the fifth lesson (called away, the window shut), the game began the
    lessons again at the first. They start again at the lesson reached, its table as the
    lessons before it left it, and say so (a child found himself in the middle of a round
    without a word); skipped or done, they start from the first once more."""
    from scopa.app.app import App
    from scopa.app.registry import default_scenes

    scene = lessons_begun(fast)
    lessons = [step for step in STEPS if step.moves]
    for step in lessons[:3]:
        wait_for_human(fast, scene)
        (move,) = step.moves
        drag(fast, centre_of(scene, move.card), centre_of(scene, move.captures[0]))
    wait_for_human(fast, scene)
    reached = scene.coach.step
    assert reached is lessons[3]
    position = scene.match.observe(HUMAN)
    fast.close()  # the window shut in the middle of the lessons
    again = App(store, size=(960, 540), scenes=default_scenes())
    try:
        again.settings = again.settings.with_(animation_speed="fast")
        resumed = TutorialScene(again)
        again.stack.push(resumed)
        settle(again, resumed)
        wait_for_human(again, resumed)
        assert resumed.coach.step is reached
        # said so: the leave dialog says the lessons start again from the first
        n = resumed.coach.index + 1
        assert again.t("aids.tut.resumed", n=n) in [toast.text for toast in again.toasts]
        seen = resumed.match.observe(HUMAN)
        assert (seen.hand, seen.table) == (position.hand, position.table)
        (move,) = reached.moves
        drag(again, centre_of(resumed, move.card), centre_of(resumed, move.captures[0]))
        assert resumed.match.moves()[-1] == move  # the lesson goes on from there
        resumed.skip()
        assert store.load_settings().tutorial_step == 0
        assert TutorialScene(again).coach.step is STEPS[0]
    finally:
        again.close()


def test_escape_mid_drag_only_lets_the_card_go_back_as_at_the_table(fast):
    """Esc pressed to put back a card being dragged in a lesson also asked "Leave the
    lessons?": at the table the same Esc only lets the card go."""
    scene = lessons_begun(fast)
    step = next(step for step in STEPS if step.moves)
    wait_for_human(fast, scene)
    (move,) = step.moves
    start = centre_of(scene, move.card)
    fast.frame(FRAME, [mouse(pygame.MOUSEBUTTONDOWN, start)])
    for k in range(1, 6):
        fast.frame(FRAME, [mouse(pygame.MOUSEMOTION, (start[0], start[1] - 30 * k))])
    assert scene.input.drag.dragging
    fast.frame(FRAME, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0)])
    assert fast.stack.top is scene and not scene.input.drag.active
    assert not scene.match.moves() or scene.match.moves()[-1] != move
    fast.frame(FRAME, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0)])
    assert isinstance(fast.stack.top, ConfirmScene)  # Esc with nothing held asks, as before
    click(fast, fast.stack.top.no_button.rect.center)


@pytest.mark.parametrize(("language", "size"), [("en", (960, 540)), ("it", (1920, 1080))])
def test_the_line_under_the_table_keeps_clear_of_the_coach(fast, language, size) -> None:
    """From the sixth lesson, its panel grown down to the line under the table, the keys'
    line ran under the panel, cut off: "(F1: every ke". It keeps left of the panel, whole."""
    fast.settings = fast.settings.with_(language=language)
    fast.set_language(language)
    fast.resize(size)
    scene = TutorialScene(fast)
    fast.stack.push(scene)
    settle(fast, scene)
    to_the_last_lesson(fast, scene)
    words = fast.t("table.your_turn_keys")
    assert scene.status_text()[0] == words
    drawn: list[style.Drawn] = []
    with style.watch_text(drawn.append):
        fast.draw()
    (line,) = [d for d in drawn if d.words == words]
    coach = scene.coach_rect()
    assert pygame.Rect(line.used).right <= coach.left, (line.used, coach)
    assert not line.cut and not line.elided, line
    scene.close()


def test_f1_in_the_lessons_opens_the_keys_without_the_table_s_menu(fast) -> None:
    """F1 in the lessons opened the page of every key over the table's menu, whose Save and
    leave and Abandon the lessons keep away (Abandon would give up the match saved): the
    page opens over the lessons alone, and Esc goes back to them."""
    from scopa.app.scenes.pause import PauseScene
    from scopa.app.scenes.rules import RulesScene

    scene = TutorialScene(fast)
    fast.stack.push(scene)
    settle(fast, scene)
    key(fast, pygame.K_F1)
    assert isinstance(fast.stack.top, RulesScene) and fast.stack.top.page_id == "keys"
    assert not any(isinstance(under, PauseScene) for under in fast.stack)
    key(fast, pygame.K_ESCAPE)
    assert fast.stack.top is scene
    scene.close()


def test_the_lessons_end_on_a_match_to_play(fast, store):  # noqa: ANN001
    """A newcomer at the lessons' end had only "Back to the menu", then the title's Play:
    "Play a match now" starts one as Play does (the level asked the first time), the
    lessons done."""
    scene = TutorialScene(fast)
    fast.stack.push(scene)
    settle(fast, scene)
    scene.coach.restart(next(n for n, step in enumerate(STEPS) if step.key == "score"))
    pump(fast, 2)
    assert scene.button_names()[0] == "play" and scene.ringed() is None
    press(fast, scene, "play")
    assert fast.settings.tutorial_done and store.load_settings().tutorial_done
    level = fast.stack.top
    assert isinstance(level, LevelScene), level
    assert scene not in list(fast.stack)
    level.on_choice("beginner")
    pump(fast, 2)
    table = fast.stack.top
    assert isinstance(table, TableScene) and not isinstance(table, TutorialScene)
    assert table.coordinator.setup.seats[1].level == "beginner"
    close_tables(fast)
