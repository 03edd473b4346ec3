"""The title screen: one click plays, Continue resumes the saved match exactly, Watch seats
only computers, and the other buttons open their screens."""

from __future__ import annotations

import random

import pygame
import pytest

from scopa.app import style
from scopa.app.app import DOUBLE_CLICK
from scopa.app.scenes.confirm import ConfirmScene
from scopa.app.scenes.level import LevelScene
from scopa.app.scenes.title import TitleScene
from scopa.app.table.scene import TableScene
from scopa.app.widgets import resolve
from scopa.engine import Match, Rules
from scopa.settings import MatchSetup, SeatConfig

from .menu_helpers import click, close_tables, frame, press, toasts_kept_clear


@pytest.fixture
def title(app):
    scene = TitleScene(app)
    app.stack.push(scene)
    frame(app)
    yield scene
    close_tables(app)


def top(app):
    return app.stack.top


def choose_level(app, level: str) -> None:
    dialog = top(app)
    assert isinstance(dialog, LevelScene)
    (button,) = [b for b in dialog.buttons if b.text() == app.t(f"level_{level}")]
    click(app, button)


def test_the_first_play_asks_the_level_and_remembers_it(app, title, store) -> None:
    click(app, title.play)
    choose_level(app, "beginner")
    table = top(app)
    assert isinstance(table, TableScene)
    seats = table.setup.seats
    assert len(seats) == 2
    assert seats[0].human and not seats[1].human and seats[1].level == "beginner"
    assert isinstance(list(app.stack)[0], TitleScene)
    assert store.load_settings().opponent_level == "beginner"
    app.home()
    click(app, top(app).play)  # a saved match now: asked whether to replace it
    question = top(app)
    assert isinstance(question, ConfirmScene)
    click(app, question.yes_button)
    assert isinstance(top(app), TableScene)  # no second question about the level
    assert top(app).setup.seats[1].level == "beginner"


def test_escape_on_the_level_question_starts_nothing(app, title) -> None:
    click(app, title.play)
    press(app, pygame.K_ESCAPE)
    assert top(app) is title
    assert app.settings.opponent_level == ""


def test_a_click_outside_the_level_question_starts_nothing(app, title) -> None:
    """A player on the mouse alone had no way back from the level question but to choose:
    a click outside its sheet goes back, as from a question; one on the sheet does not."""
    click(app, title.play)
    dialog = top(app)
    click(app, (dialog.panel.centerx, dialog.panel.top + 4))
    assert top(app) is dialog
    click(app, (dialog.panel.left // 2, dialog.panel.centery))
    assert top(app) is title
    assert app.settings.opponent_level == ""


def test_back_on_the_level_question_starts_nothing(app, title) -> None:
    """The level question had no button but the levels: a player looking for a way out
    saw none (Esc and a click outside were unsaid). Back, under the levels, goes back."""
    click(app, title.play)
    dialog = top(app)
    assert dialog.panel.contains(dialog.back_button.rect)
    assert all(not dialog.back_button.rect.colliderect(b.rect) for b in dialog.buttons)
    click(app, dialog.back_button)
    assert top(app) is title
    assert app.settings.opponent_level == ""


@pytest.mark.parametrize("size", [(960, 540), (1920, 1080)])
def test_the_level_question_s_buttons_and_their_shadows_keep_inside_its_gold_line(
    app, title, size
) -> None:
    """Back's shadow lay on the sheet's gold line (at 1920x1080 as at 960x540)."""
    from scopa.app import style

    app.frame(1 / 60, [pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1])])
    click(app, title.play)
    dialog = top(app)
    frame(app)
    line = style.paper_line(dialog.panel, dialog.m)
    reach = style.button_reach(dialog.m)
    for button in (*dialog.buttons, dialog.back_button):
        assert line.contains(button.rect.inflate(2 * reach, 2 * reach)), button.text()


def test_play_follows_the_rules_chosen_in_the_settings(app, title) -> None:
    """Set scientifico in the settings, press Play: scientifico (not the last match's)."""
    from scopa.engine import PRESETS

    last = MatchSetup((SeatConfig("Anna", True), SeatConfig("Bruno", False)), PRESETS["classic"])
    app.settings = app.settings.with_(last_setup=last, rules=PRESETS["scopone_scientifico"])
    click(app, title.play)
    assert top(app).setup.rules == PRESETS["scopone_scientifico"]


def test_play_uses_the_last_setup(app, title) -> None:
    setup = MatchSetup(
        (
            SeatConfig("Anna", True),
            SeatConfig("Bruno", False, "master"),
            SeatConfig("Carla", False, "beginner"),
        ),
        Rules(players=3, target=16),
    )
    app.settings = app.settings.with_(last_setup=setup, rules=setup.rules)
    click(app, title.play)
    assert top(app).setup == setup


def test_continue_appears_only_with_a_saved_match_and_resumes_it_exactly(app, store) -> None:
    setup = MatchSetup((SeatConfig("Anna", True), SeatConfig("Bruno", False)), Rules())
    match = Match.new(setup.rules, 42)
    rng = random.Random(1)
    for _ in range(7):
        match, _ = match.apply(rng.choice(match.legal_moves()))
    without = TitleScene(app)
    assert without.resume not in without.form.widgets
    store.save_match(setup, match.record())
    scene = TitleScene(app)
    app.stack.push(scene)
    frame(app)
    assert scene.resume in scene.form.widgets
    click(app, scene.resume)
    table = top(app)
    try:
        assert table.setup == setup
        assert table.match.record().text() == match.record().text()
        resumed, saved = table.match.round, match.round
        for field in ("hands", "table", "stock", "piles", "turn", "scope", "deal_no"):
            assert getattr(resumed, field) == getattr(saved, field), field
    finally:
        close_tables(app)


def test_only_continue_is_red_when_a_match_is_saved(app, store) -> None:
    scene = TitleScene(app)
    assert scene.play.primary
    setup = MatchSetup((SeatConfig("Anna", True), SeatConfig("Bruno", False)), Rules())
    store.save_match(setup, Match.new(setup.rules, 42).record())
    scene = TitleScene(app)
    assert scene.resume.primary and not scene.play.primary
    store.clear_match()
    scene.enter()
    assert scene.play.primary and scene.resume not in scene.form.widgets


def test_left_and_right_go_between_the_buttons_side_by_side(app, store) -> None:
    """Right on Continue did not reach Play beside it; nor did any arrow across the grid."""
    saved_match(store)
    scene = TitleScene(app)
    app.stack.push(scene)
    frame(app)
    press(app, pygame.K_RIGHT)  # no focus yet: the first button
    assert scene.form.focus is scene.resume
    press(app, pygame.K_RIGHT)
    assert scene.form.focus is scene.play
    press(app, pygame.K_LEFT)
    assert scene.form.focus is scene.resume
    scene.form.set_focus(scene.new_game)
    press(app, pygame.K_RIGHT)
    beside = scene.form.focus
    assert beside is not scene.new_game and beside in scene.grid
    assert abs(beside.rect.centery - scene.new_game.rect.centery) < beside.rect.h / 2


def test_watch_seats_only_computers(app, title) -> None:
    click(app, title.watch)
    assert top(app).setup.mode == "watch"


def saved_match(store, moves: int = 5) -> Match:
    setup = MatchSetup((SeatConfig("Anna", True), SeatConfig("Bruno", False)), Rules())
    match = Match.new(setup.rules, 42)
    rng = random.Random(1)
    for _ in range(moves):
        match, _ = match.apply(rng.choice(match.legal_moves()))
    store.save_match(setup, match.record())
    return match


def test_watching_leaves_the_saved_match_alone(app, store) -> None:
    """Watch, then back to the title: Continue resumes the player's match, not the demo."""
    match = saved_match(store)
    app.home()
    frame(app)
    click(app, top(app).watch)
    table = top(app)
    assert isinstance(table, TableScene) and table.setup.mode == "watch"
    for _ in range(40):
        frame(app)
    press(app, pygame.K_ESCAPE)
    click(app, top(app).buttons[3])  # save and leave
    title = top(app)
    assert isinstance(title, TitleScene)
    click(app, title.resume)
    resumed = top(app)
    assert isinstance(resumed, TableScene)
    assert resumed.match.record().text() == match.record().text()


@pytest.mark.parametrize("answer", ["keep", "resume", "replace"])
def test_play_asks_before_replacing_a_saved_match(app, store, answer) -> None:
    match = saved_match(store)
    app.settings = app.settings.with_(opponent_level="expert")
    title = app.home()
    frame(app)
    click(app, title.play)
    question = top(app)
    assert isinstance(question, ConfirmScene)
    assert store.load_match()[1].moves == match.moves()  # nothing replaced while asking
    # the red button, the one to press, is the saved match continued: it was the new match,
    # which threw the saved one away for a player who clicked the red one as ever
    assert question.other_button is not None and question.other_button.primary
    assert not question.yes_button.primary
    if answer == "keep":
        click(app, question.no_button)
        assert top(app) is title
        assert store.load_match()[1].moves == match.moves()
    elif answer == "resume":  # "Keep the saved one" left the player to find Continue
        click(app, question.other_button)
        table = top(app)
        assert isinstance(table, TableScene)
        assert table.match.moves() == match.moves()
    else:
        click(app, question.yes_button)
        table = top(app)
        assert isinstance(table, TableScene)
        table.coordinator.flush()
        assert store.load_match()[1].moves == ()


def test_play_s_hint_says_it_asks_first_over_a_saved_match(app, store) -> None:
    """The line under Play said "Start at once" over a saved match, though Play asks
    first whether to replace it."""
    app.settings = app.settings.with_(language="en", opponent_level="expert")
    title = app.home()
    frame(app)
    assert title._play_hint().startswith("Start at once: ")
    saved_match(store)
    title = app.home()
    frame(app)
    hint = title._play_hint()
    assert hint.startswith("A new match in place of the saved one (asked first): "), hint


@pytest.mark.parametrize(
    ("language", "game"),
    [("en", "Cirulla (Show hands at the deal)"), ("it", "Cirulla (Accusi alla distribuzione)")],
)
def test_play_s_hint_names_the_game_of_the_player_s_own_rules(app, language, game) -> None:
    """Cirulla switched on over the player's own rules (a target of 21): Play's line and
    the question over a saved match said "My rules", and the match dealt was Cirulla."""
    from scopa.engine import Rules

    app.set_language(language)
    rules = Rules.preset("cirulla").with_(target=21, declare_at_deal=True)
    assert rules.preset_name() is None
    app.settings = app.settings.with_(language=language, opponent_level="expert", rules=rules)
    title = app.home()
    frame(app)
    hint = title._play_hint()
    assert f"\xa0· {game}\xa0· 21 " in hint, hint
    assert app.t("ng_my_rules") not in hint


@pytest.mark.parametrize("language", ["en", "it"])
def test_the_first_play_s_hint_names_the_game_it_deals(app, language) -> None:
    """The first start's "Play Cirulla" made Cirulla the game; Play's line then said only
    that a level was asked first, and a newcomer who wanted Scopa was dealt Cirulla."""
    from scopa.app.scenes.online import describe_rules
    from scopa.engine import Rules

    app.set_language(language)
    app.settings = app.settings.with_(language=language, rules=Rules.preset("cirulla"))
    title = app.home()
    frame(app)
    assert app.matches.needs_level()
    hint = title._play_hint()
    assert describe_rules(app, app.settings.rules) in hint, hint
    assert "Cirulla" in hint and "51" in hint, hint


def test_new_game_asks_before_replacing_a_saved_match(app, store) -> None:
    match = saved_match(store)
    title = app.home()
    frame(app)
    click(app, title.new_game)
    new_game = top(app)
    click(app, new_game.start_button)
    question = top(app)
    assert isinstance(question, ConfirmScene)
    click(app, question.no_button)
    assert top(app) is new_game
    assert store.load_match()[1].moves == match.moves()


@pytest.mark.parametrize(
    ("button", "name"),
    [
        ("new_game", "NewGameScene"),
        ("settings", "SettingsScene"),
        ("rules", "RulesScene"),
        ("statistics", "StatisticsScene"),
    ],
)
def test_buttons_open_their_screens_and_escape_comes_back(app, title, button, name) -> None:
    click(app, getattr(title, button))
    assert type(top(app)).__name__ == name
    press(app, pygame.K_ESCAPE)
    assert top(app) is title


def test_quit_stops_the_app_but_escape_on_the_title_does_not(app, title) -> None:
    press(app, pygame.K_ESCAPE)
    assert app.running and top(app) is title
    click(app, title.quit)
    assert not app.running


def test_keyboard_alone_starts_a_match(app, title) -> None:
    press(app, pygame.K_DOWN)
    assert title.form.focus is title.play
    press(app, pygame.K_RETURN)
    assert isinstance(top(app), LevelScene)
    press(app, pygame.K_RETURN)
    assert isinstance(top(app), TableScene)
    # and the table speaks of the keys from the first turn, not of dragging a card
    assert top(app).keys_in_use


def test_the_first_enter_continues_a_saved_match(app, store) -> None:
    """A keyboard player with a match saved pressed Enter: it only showed the focus on
    Continue, red, and a second Enter was needed. The first continues it."""
    saved_match(store)
    scene = TitleScene(app)
    app.stack.push(scene)
    frame(app)
    assert scene.form.focus is None and scene.resume.primary
    press(app, pygame.K_RETURN)
    try:
        assert isinstance(top(app), TableScene)
    finally:
        close_tables(app)


def test_a_match_started_with_the_mouse_speaks_of_dragging(app, title) -> None:
    click(app, title.play)
    if isinstance(top(app), LevelScene):
        click(app, top(app).form.focusables()[0])
    assert isinstance(top(app), TableScene) and not top(app).keys_in_use


@pytest.mark.parametrize("size", [(960, 540), (1280, 720), (1920, 1080)])
@pytest.mark.parametrize("language", ["it", "en"])
def test_the_play_line_reads_whole_between_the_fans_of_cards(app, size, language) -> None:
    """With six players the Play button's line names five computers: it is written whole,
    clear of the cards fanned at the window's bottom corners."""
    from scopa.app import style

    app.resize(size)
    app.set_language(language)
    app.settings = app.settings.with_(rules=Rules(players=6), opponent_level="expert")
    scene = TitleScene(app)
    app.stack.push(scene)
    scene.form.set_focus(scene.play)
    line = scene.form.hint()
    assert "6" in line
    drawn: list[style.Drawn] = []
    with style.watch_text(drawn.append):
        for _ in range(20):
            frame(app)
    hints = [text for text in drawn if text.words == line]
    assert hints
    hint = hints[-1]
    assert not hint.elided
    assert scene.fan_rects or size[0] < 1000
    for card in scene.fan_rects:
        assert not hint.used.colliderect(card), (hint.used, card)


def test_the_level_question_opened_from_the_keyboard_shows_where_the_focus_is(app, title) -> None:
    """Opened with Enter, the question moved its focus with the arrows but drew no ring
    (a form draws its focus only once the keyboard is in use): Enter then started a level
    the player could not see chosen."""
    title.form.set_focus(title.play)
    press(app, pygame.K_RETURN)
    dialog = top(app)
    assert isinstance(dialog, LevelScene)
    assert dialog.form.keyboard_used  # the ring is on the first level from the start
    press(app, pygame.K_DOWN)
    assert dialog.form.focus is dialog.buttons[1] and dialog.form.keyboard_used
    app.back()
    clicked = TitleScene(app)
    app.stack.push(clicked)
    frame(app)
    click(app, clicked.play)  # with the mouse: no ring until the keyboard is used
    assert not top(app).form.keyboard_used
    app.back()


def test_a_double_click_on_play_does_not_answer_the_level_question(app, title) -> None:
    """The level question opens with Expert under Play: a double click on Play answered it
    with the second press, and the player met Expert without seeing the question. A click
    there after a moment is an answer."""
    at = (round(title.play.rect.centerx), round(title.play.rect.centery))

    def press_and_release() -> None:
        frame(
            app,
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=at, button=1),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=at, button=1),
        )

    press_and_release()
    dialog = top(app)
    assert isinstance(dialog, LevelScene)
    assert any(button.rect.collidepoint(at) for button in dialog.buttons)
    press_and_release()
    assert top(app) is dialog  # the question is still asked
    assert app.settings.opponent_level == ""
    for _ in range(round(DOUBLE_CLICK * 60) + 1):  # a moment later
        frame(app)
    press_and_release()
    assert isinstance(top(app), TableScene)


def test_enter_pressed_twice_at_once_does_not_answer_the_level_question(app, title) -> None:
    """Enter on Play opens the level question with its focus on Beginner: a second Enter
    as quick as a double click answered it unseen. A moment later, Enter answers."""

    def enter() -> None:
        frame(app, pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode=""))

    title.form.set_focus(title.play)
    enter()
    dialog = top(app)
    assert isinstance(dialog, LevelScene)
    enter()
    assert top(app) is dialog and app.settings.opponent_level == ""
    for _ in range(round(DOUBLE_CLICK * 60) + 1):  # a moment later
        frame(app)
    enter()
    assert isinstance(top(app), TableScene)


def test_up_and_down_go_as_the_buttons_lie(app, title) -> None:  # noqa: ANN001
    """Down from New game went to Play online, beside it, then to Watch: the keys followed
    the order the buttons were made in. They follow the screen: Down goes to the button
    under, Up to the one over, and past the last row round to the first."""
    form = title.form
    named = {resolve(button.text): button for button in form.focusables()}
    form.keyboard_used = True
    form.set_focus(named[app.t("new_game")])
    press(app, pygame.K_DOWN)
    assert form.focus is named[app.t("watch")]
    press(app, pygame.K_DOWN)
    press(app, pygame.K_DOWN)
    assert form.focus is named[app.t("statistics")]
    press(app, pygame.K_DOWN)  # round to the top: Play, over both columns
    assert form.focus is named[app.t("play")]
    form.set_focus(named[app.t("quit")])
    press(app, pygame.K_UP)
    assert form.focus is named[app.t("settings")]


@pytest.mark.parametrize("size", [(960, 540), (1280, 720), (1920, 1080), (1000, 1000)])
def test_down_from_play_lands_on_the_same_button_at_every_size(app, title, size) -> None:  # noqa: ANN001
    """Play lies over both columns: Down from it went to New game at 960x540 but to Play
    online at 1920x1080, as the pixels of the two distances rounded. A tie goes left, at
    every size. Enter before any key has chosen a button presses the main one, Play (it
    only showed the focus: a keyboard player pressed Enter twice to start)."""
    app.resize(size)
    frame(app)
    form = title.form
    named = {resolve(button.text): button for button in form.focusables()}
    assert form.focus is None
    press(app, pygame.K_RETURN)
    assert isinstance(top(app), LevelScene)
    press(app, pygame.K_ESCAPE)
    assert top(app) is title
    assert form.focus is named[app.t("play")]
    press(app, pygame.K_DOWN)
    assert form.focus is named[app.t("new_game")]
    press(app, pygame.K_UP)
    assert form.focus is named[app.t("play")]
    press(app, pygame.K_UP)  # round to the bottom row: its left button
    assert form.focus is named[app.t("statistics")]


def test_the_title_s_explanation_line_goes_under_the_level_question(app, title) -> None:
    """Under "How strong should your opponents be?", the title's line still read "Start at
    once against the computer: first choose how well it plays", as if it explained the
    question. A covered screen shows no explanation; back on top, it shows it again."""
    from scopa.app import style

    click(app, title.play)
    assert isinstance(top(app), LevelScene)
    assert title.form.hint() == ""
    drawn: list = []
    with style.watch_text(drawn.append):
        frame(
            app, pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(0, 0), buttons=(0, 0, 0))
        )
    assert not any(resolve(title.play.hint) in text.words for text in drawn)
    press(app, pygame.K_ESCAPE)
    assert top(app) is title and title.form.hint() == resolve(title.play.hint)


@pytest.mark.parametrize("size", [(960, 540), (1920, 1080)])
@pytest.mark.parametrize("language", ["it", "en"])
def test_notices_told_at_the_start_hide_neither_the_name_nor_a_button(
    app, store, size, language
) -> None:
    """A table waiting online and a folder the game cannot write in, told as the title
    opens: their panels sit beside the game's name, clear of it, of every button and of
    the fan of cards, and read whole."""
    from scopa.app.toasts import worded

    saved_match(store)
    app.resize(size)
    app.set_language(language)
    scene = TitleScene(app)
    app.stack.push(scene)
    app.notify(worded("online.your_table_waits"), 30)
    app.notify(
        worded(
            "files.folder_not_writable",
            folder="/home/anna/.local/share/scopa",
            reason="read-only file system",
        ),
        30,
        everywhere=True,
    )
    frame(app)
    taken = [scene.heading_rect, *scene.fan_rects, *(w.rect for w in scene.form.widgets)]
    toasts_kept_clear(app, scene.toast_band(), taken, 2)


def left_on_its_first_sheet(app, store) -> tuple[MatchSetup, Match]:  # noqa: ANN001
    """A match of Anna against Bruno (expert) saved on its first round's sheet."""
    setup = MatchSetup((SeatConfig("Anna", True), SeatConfig("Bruno", False)), Rules())
    match = Match.new(setup.rules, 42)
    while not match.rounds:
        match, _ = match.apply(match.legal_moves()[0])
    store.save_match(setup, match.record())
    app.settings = app.settings.with_(opponent_level="expert")
    return setup, match


@pytest.mark.parametrize("language", ["en", "it"])
def test_continue_and_the_question_before_replacing_say_what_match_is_saved(
    app, store, language
) -> None:
    """Continue's line said only "Resume the match where you left it", and the question
    before Play replaced the saved match did not say which match it would delete, while
    Play beside it might start another game. Both now say what the saved match is and
    where it stands."""
    from scopa.app.scenes.flow import describe

    app.set_language(language)
    setup, match = left_on_its_first_sheet(app, store)
    title = app.home()
    frame(app)
    said = resolve(title.resume.hint)
    assert describe(app, setup) in said, said
    # (left on the first round's sheet, which Continue opens: that round is told)
    assert f"1: Anna {match.totals[0]}, Bruno {match.totals[1]}" in said, said
    click(app, title.play)
    question = top(app)
    assert isinstance(question, ConfirmScene)
    detail = resolve(question.detail)
    assert describe(app, setup) in detail and f"Bruno {match.totals[1]}" in detail
    click(app, question.no_button)


@pytest.mark.parametrize("language", ["en", "it"])
def test_the_question_before_replacing_says_which_match_would_take_its_place(
    app, store, language
) -> None:
    """Asked whether to start a new match over a saved scientifico, a purist read the saved
    match told in detail, and nothing of the new one, played by the rules changed since in
    Settings (Scopa di quindici): the question names both."""
    from scopa.app.scenes.flow import describe
    from scopa.engine import PRESETS

    app.set_language(language)
    saved = MatchSetup(
        tuple(SeatConfig(name, name == "Anna", "expert") for name in ("Anna", "B", "C", "D")),
        PRESETS["scopone_scientifico"],
    )
    store.save_match(saved, Match.new(saved.rules, 42).record())
    new = MatchSetup(
        (SeatConfig("Anna", True), SeatConfig("Bruno", False, "expert")), Rules(quindici=True)
    )
    app.home()
    frame(app)
    app.matches.start(new)
    frame(app)
    question = top(app)
    assert isinstance(question, ConfirmScene)
    detail = resolve(question.detail)
    assert describe(app, saved, whole=True) in detail and describe(app, new) in detail, detail
    click(app, question.no_button)


@pytest.mark.parametrize("language", ["en", "it"])
def test_continue_s_line_breaks_with_its_dot_at_a_line_s_end(app, store, language) -> None:
    """Continue's line about a match left on its first sheet, at 960x540 in Italian, broke
    before the dot of its last part ("· dopo la smazzata 1: Anna 3, Bruno 1" opening the
    third line): a line breaks after a part's dot, as between the parts before it."""
    app.resize((960, 540))
    app.set_language(language)
    setup, match = left_on_its_first_sheet(app, store)
    seen: list[style.Drawn] = []
    with style.watch_text(seen.append):
        app.home()
        frame(app)
        app.draw()
    said = [text for text in seen if "Bruno" in text.words and len(text.lines) > 1]
    assert said, [text.words for text in seen]
    for text in said:
        assert not any(line.lstrip().startswith("·") for line in text.lines), text.lines


@pytest.mark.parametrize("language", ["en", "it"])
def test_continue_s_line_keeps_the_score_of_six_long_names_at_the_smallest_window(
    app, store, language
) -> None:
    """Six at one screen with long names, at 960x540: Continue's line ran to the window's
    edge and was cut before the score ("... Player 2, Player 4…"). The names of the people
    here, told on the score already, are left out where the whole line would be cut."""
    app.resize((960, 540))
    app.set_language(language)
    names = ("Massimiliano Bartolomeo", "Giovanbattista Rossi", "Mariangela Esposito")
    seats = [SeatConfig(names[n // 2] if n % 2 == 0 else f"P{n}", n < 4) for n in range(6)]
    setup = MatchSetup(tuple(seats), Rules(players=6, six_sides=2))
    match = Match.new(setup.rules, 42)
    store.save_match(setup, match.record())
    title = app.home()
    frame(app)
    said = resolve(title.resume.hint)
    assert said.endswith(" 0") or said.endswith(" 0.")  # the score, to its last figure
    pen = title.m.pen("ui", style.SMALL, style.CREAM)
    box = title.hint_box
    assert not style.fit(said, pen, box.w, box.h, lines=0).elided, said


@pytest.mark.parametrize("language", ["en", "it"])
def test_tutorial_opens_cirulla_s_lessons_when_cirulla_is_the_game(app, language) -> None:
    """A Cirulla player's Tutorial taught Scopa: Cirulla's lessons were found only on the
    rules' Cirulla pages. With Cirulla the game chosen, Tutorial opens them, and says so."""
    from scopa.aids.cirulla_lessons import LESSONS
    from scopa.app.scenes.cirulla_lesson import CirullaLessonScene
    from scopa.app.scenes.tutorial import TutorialScene

    app.set_language(language)
    app.settings = app.settings.with_(rules=Rules.preset("cirulla"))
    title = app.home()
    frame(app)
    assert resolve(title.tutorial.hint) == app.t("aids.tutorial_hint_cirulla", n=len(LESSONS))
    click(app, title.tutorial)
    assert isinstance(top(app), CirullaLessonScene)
    app.settings = app.settings.with_(rules=Rules())
    title = app.home()
    frame(app)
    assert resolve(title.tutorial.hint) == app.t("aids.tutorial_hint")
    click(app, title.tutorial)
    assert isinstance(top(app), TutorialScene)
    close_tables(app)


@pytest.mark.parametrize("button", ["rules", "settings", "new_game", "statistics", "online"])
def test_a_screen_opened_from_the_keys_shows_where_the_keys_are(app, title, button) -> None:  # noqa: ANN001
    """A keyboard player opening Rules, Settings, New game, Statistics or Play online saw
    no focus anywhere (Statistics' one button, Back, unringed) until a key found one: the
    ring shows at once, on the control the first key would have gone to, never a field
    to type in."""
    press(app, pygame.K_DOWN)  # on the keys: the title's focus shows
    title.form.set_focus(getattr(title, button))
    press(app, pygame.K_RETURN)
    opened = app.stack.top
    assert opened is not title
    form = opened.form
    assert form.keyboard_used and form.focus is not None
    # where the first key would have gone; in the rules, Next page (Enter reads on)
    assert form.focus is (opened.next_button if button == "rules" else form.ringable()[0])
    app.back()
    click(app, getattr(title, button))  # by the mouse: nothing ringed
    assert not app.stack.top.form.keyboard_used


def test_the_title_names_as_many_of_the_rules_changes_as_every_other_screen(app) -> None:
    """Play's line on the title named two of three changes ("Scopa d'assi (Asso prende
    asso: no, Re bello, un'altra)") where New game, the pause and Settings named all three:
    every screen names as many as its line holds."""
    from scopa.app.scenes.online import game_name

    app.set_language("it")
    rules = Rules(assi=True, assi_ace_takes_ace=False, re_bello=True, napola=True)
    app.settings = app.settings.with_(language="it", opponent_level="expert", rules=rules)
    title = app.home()
    frame(app)
    assert game_name(app, rules) in title._play_hint()
    assert "+1 altra" not in title._play_hint()


def test_leaving_watch_from_the_keys_gives_the_focus_back_to_watch(app, store) -> None:
    """Watch opened and left with the keys came back with the focus on Continue: it is
    back on Watch, as Statistics and Past matches give it back to their buttons."""
    saved_match(store)
    app.home()
    frame(app)
    title = top(app)
    title.form.keyboard_used = True
    title.form.set_focus(title.watch)
    press(app, pygame.K_RETURN)
    assert isinstance(top(app), TableScene) and top(app).setup.mode == "watch"
    for _ in range(10):
        frame(app)
    press(app, pygame.K_ESCAPE)
    pause = top(app)
    pause.form.set_focus(pause.buttons[3])  # stop watching
    press(app, pygame.K_RETURN)
    back = top(app)
    assert isinstance(back, TitleScene)
    frame(app)
    assert back.form.focus is back.watch


def test_back_on_the_keys_from_a_screen_clicked_open_shows_where_enter_goes(app, title) -> None:
    """Rules clicked open, then left with Esc: the title's line explained Rules and Enter
    opened it again, with no ring on any button: Enter went where nothing showed."""
    click(app, title.rules)
    assert app.stack.top is not title
    press(app, pygame.K_ESCAPE)
    assert app.stack.top is title
    assert title.keys_in_use and title.form.focus is title.rules


@pytest.mark.parametrize("size", [(1024, 768), (2560, 1080), (960, 540)])
def test_the_game_s_name_does_not_peek_out_over_a_dialog(app, size) -> None:
    """A dialog over the title is sized for a 16:9 window: in a 4:3 or an ultra-wide one
    the top of the name "Scopa" showed above its sheet. Under a dialog the name is not
    drawn; the title alone draws it again."""
    app.resize(size)
    scene = TitleScene(app)
    app.stack.push(scene)
    click(app, scene.play)  # the level question, the first time
    assert isinstance(top(app), LevelScene)
    drawn: list[style.Drawn] = []
    with style.watch_text(drawn.append):
        frame(app)
    assert "Scopa" not in [text.words for text in drawn]
    press(app, pygame.K_ESCAPE)
    assert top(app) is scene
    with style.watch_text(drawn.append):
        frame(app)
    assert "Scopa" in [text.words for text in drawn]


@pytest.mark.parametrize("language", ["en", "it"])
def test_the_match_continue_resumes_is_said_with_nothing_pointed_at(app, store, language) -> None:
    """The line saying which match Continue brings back came only with the pointer on it:
    a group deciding whether to resume read a red button and nothing else. It is said
    under the buttons while no other button is explained there."""
    from .test_online_rejoin import resting_words

    app.set_language(language)
    app.settings = app.settings.with_(opponent_level="expert")
    saved_match(store)
    title = app.home()
    frame(app)
    told = resolve(title.resume.hint)
    assert told
    assert told in resting_words(app, title)
    title.form.hover = title.settings  # another button explained: its own line, alone
    drawn: list[style.Drawn] = []
    with style.watch_text(drawn.append):
        title.draw_overlay(app.screen)
    words = [text.words for text in drawn]
    assert resolve(title.settings.hint) in words and told not in words
    title.form.hover = None
    click(app, title.play)  # the question before replacing it covers the title: no line
    question = top(app)
    assert isinstance(question, ConfirmScene)
    drawn.clear()
    with style.watch_text(drawn.append):
        title.draw_overlay(app.screen)
    assert told not in [text.words for text in drawn]
    click(app, question.no_button)
    store.clear_match()
    title.enter()
    assert resting_words(app, title) == []


@pytest.mark.parametrize("language", ["en", "it"])
def test_continue_tells_the_rematches_won_so_far(app, store, language) -> None:
    """An evening of rematches left mid-match: the title's Continue line and the question
    before replacing it told the match and its score, not the matches won before it (the
    tally the group came back for)."""
    from scopa.app.scenes.flow import scores_told

    app.set_language(language)
    app.settings = app.settings.with_(opponent_level="expert")
    setup = MatchSetup((SeatConfig("Anna", True), SeatConfig("Bruno", False)), Rules())
    store.save_match(setup, Match.new(setup.rules, 42).record(), won_before=(2, 1))
    title = app.home()
    frame(app)
    tally = scores_told([("Anna", 2), ("Bruno", 1)])
    said = resolve(title.resume.hint)
    assert app.t("match_tally", line="", tally=tally).strip(" ·") in said, said
    click(app, title.play)
    question = top(app)
    assert isinstance(question, ConfirmScene)
    assert tally in resolve(question.detail)
    click(app, question.no_button)


def test_watch_names_no_computer_as_the_people_here(app, title) -> None:
    """Marco, who plays here, watched the computers: one of them was called Marco too."""
    people = (SeatConfig("Marco", True), SeatConfig("Giulia", True), SeatConfig("CPU", False))
    app.settings = app.settings.with_(
        last_setup=MatchSetup(people, Rules(players=3)), online_name="Lucia", rules=Rules()
    )
    click(app, title.watch)
    names = [seat.name for seat in top(app).setup.seats]
    assert not {"Marco", "Giulia", "Lucia"} & set(names), names
    close_tables(app)


@pytest.mark.parametrize("language", ["it", "en"])
def test_the_line_of_a_family_s_saved_match_keeps_its_parts_whole_clear_of_the_edge(
    app, store, language
) -> None:
    """A family's scopone left in round 2, at 960x540: Continue's line ran to four lines
    whose last touched the window's bottom edge, broken in "(2 / coppie)" and "smazzata /
    2" (in English "(2 teams / of 2)", "round / 1", "Nonno / Gennà"). Each part stays
    whole, each name too, and the line keeps a margin above the edge."""
    from scopa.app import style

    app.resize((960, 540))
    app.set_language(language)
    rules = Rules.preset("scopone")
    seats = (
        SeatConfig("Nonno Gennà", True),
        SeatConfig("Lucìa", True),
        SeatConfig("Marco", False, "master"),
        SeatConfig("Ciro", True),
    )
    setup = MatchSetup(seats, rules)
    match = Match.new(rules, 7)
    rng = random.Random(3)
    while match.round.round_no < 2:
        match, _ = match.apply(rng.choice(match.legal_moves()))
    store.save_match(setup, match.record())
    scene = TitleScene(app)
    app.stack.push(scene)
    scene.form.set_focus(scene.resume)
    line = scene.form.hint()
    drawn: list[style.Drawn] = []
    with style.watch_text(drawn.append):
        for _ in range(20):
            frame(app)
    (hint, *_) = [text for text in reversed(drawn) if text.words == line]
    assert not hint.elided
    assert hint.used.bottom <= 540 - scene.m.px(style.SPACE_S), hint.used
    words = {"it": ("coppie)", "1:", "Gennà"), "en": ("of 2)", "1:", "Gennà")}[language]
    for said in hint.lines[1:]:  # nor a name broken in two ("Nonno" over "Gennà")
        assert not said.startswith(words), hint.lines
