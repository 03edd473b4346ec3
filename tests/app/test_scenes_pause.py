"""The pause menu over a match: resume, the settings and rules on top, "save and leave"
keeps the match for Continue, "abandon" asks first and then deletes it."""

from __future__ import annotations

import random

import pygame
import pytest

from scopa.app.scenes.confirm import ConfirmScene
from scopa.app.scenes.pause import PauseScene
from scopa.app.scenes.scoring import ScoringScene
from scopa.app.scenes.settings import TABS
from scopa.app.scenes.title import TitleScene
from scopa.app.table.scene import COVER_HOLD, SHOWN_CALM, TableScene
from scopa.app.widgets import Button, resolve
from scopa.engine import Match, Rules
from scopa.settings import MatchSetup, SeatConfig
from tests.app.table_helpers import (
    centre_of,
    coordinated,
    drag,
    empty_felt,
    fixed_match,
    hold_enter,
    inline_worker,
    lift_cover,
    settle,
)
from tests.app.table_helpers import click as tclick

from .menu_helpers import LONG_CIRULLA, click, close_tables, frame, press

SETUP = MatchSetup((SeatConfig("Anna", True), SeatConfig("Bruno", False, "beginner")), Rules())


@pytest.fixture
def paused(app, store):
    from scopa.app.table.scene import TableScene

    match = Match.new(SETUP.rules, 3)
    rng = random.Random(2)
    for _ in range(3):
        match, _ = match.apply(rng.choice(match.legal_moves()))
    store.save_match(SETUP, match.record())
    app.stack.push(TitleScene(app))
    table = TableScene(app, coordinated(app, SETUP, match))
    app.stack.push(table)
    frame(app)
    press(app, pygame.K_ESCAPE)  # the table opens the pause menu
    assert isinstance(app.stack.top, PauseScene)
    yield app.stack.top, table
    close_tables(app)


def test_the_pause_menu_is_an_overlay(app, paused) -> None:
    pause, table = paused
    assert not pause.opaque
    assert list(app.stack)[-2] is table


def test_the_table_s_line_is_not_drawn_under_the_menu(app, paused) -> None:
    """A long line under the table ("Your turn: ...") showed its two ends on either side
    of the menu, read as broken words. Under the menu the line is left out; back at the
    table it shows again."""
    from scopa.app import style

    pause, table = paused
    line = table.status_text()
    assert line is not None
    drawn: list[style.Drawn] = []
    with style.watch_text(drawn.append):
        table.painter.frames = type(table.painter.frames)()  # drawn afresh
        frame(app)
    assert line[0] not in [text.words for text in drawn]
    press(app, pygame.K_ESCAPE)
    assert app.stack.top is table
    with style.watch_text(drawn.append):
        table.painter.frames = type(table.painter.frames)()
        frame(app)
    assert line[0] in [text.words for text in drawn]


def test_resume_and_escape_return_to_the_table(app, paused) -> None:
    pause, table = paused
    click(app, pause.buttons[0])
    assert app.stack.top is table
    press(app, pygame.K_ESCAPE)
    press(app, pygame.K_ESCAPE)
    assert app.stack.top is table


def test_return_takes_resume_the_menu_s_first_choice(app, paused) -> None:
    """Resume is drawn as the menu's choice: Return takes it, as on the score sheet."""
    pause, table = paused
    press(app, pygame.K_RETURN)
    assert app.stack.top is table


def test_settings_and_rules_open_over_the_pause(app, paused) -> None:
    pause, _ = paused
    click(app, pause.buttons[1])
    assert type(app.stack.top).__name__ == "SettingsScene"
    press(app, pygame.K_ESCAPE)
    click(app, pause.buttons[2])
    assert type(app.stack.top).__name__ == "RulesScene"
    press(app, pygame.K_ESCAPE)
    assert app.stack.top is pause


def test_save_and_leave_keeps_the_match_for_continue(app, paused, store) -> None:
    pause, _ = paused
    click(app, pause.buttons[3])
    title = app.stack.top
    assert isinstance(title, TitleScene) and len(app.stack) == 1
    assert store.load_match() is not None
    assert title.resume in title.form.widgets


def test_save_and_leave_on_the_keys_shows_the_focus_on_continue(app, paused) -> None:
    """Save and leave pressed with Enter left the title with no focus shown: the first
    Enter only showed it. The focus is on Continue, where Enter goes on."""
    pause, _ = paused
    for _ in range(3):
        press(app, pygame.K_DOWN)
    assert pause.form.focus is pause.buttons[3]
    press(app, pygame.K_RETURN)
    title = app.stack.top
    assert isinstance(title, TitleScene) and title.form.focus is title.resume
    assert title.keys_in_use


def test_abandon_asks_and_no_keeps_playing(app, paused, store) -> None:
    """ "Keep playing" left the menu on screen, its focus on Abandon: the next Enter, meant
    for a card, asked to abandon again. It goes back to the table, as it says."""
    pause, table = paused
    click(app, pause.buttons[4])
    dialog = app.stack.top
    assert isinstance(dialog, ConfirmScene)
    assert dialog.form.focus is dialog.no_button  # Enter alone never destroys a match
    press(app, pygame.K_RETURN)
    assert app.stack.top is table
    assert store.load_match() is not None


def test_abandon_confirmed_deletes_the_saved_match(app, paused, store) -> None:
    pause, _ = paused
    click(app, pause.buttons[4])
    click(app, app.stack.top.yes_button)
    title = app.stack.top
    assert isinstance(title, TitleScene) and len(app.stack) == 1
    assert store.load_match() is None
    assert title.resume not in title.form.widgets


def test_abandon_in_a_copy_another_keeps_the_folder_from_deletes_nothing(
    app, paused, store
) -> None:
    """In a copy another kept the folder from, Abandon said the saved match was deleted:
    it (rightly) was not, and the title still offered Continue."""
    pause, _ = paused
    store.locked_out = True
    click(app, pause.buttons[4])
    dialog = app.stack.top
    assert isinstance(dialog, ConfirmScene)
    assert resolve(dialog.detail) == app.t("abandon_detail_other_copy")
    click(app, dialog.yes_button)
    assert store.save_path.exists()  # kept, as said


def test_the_pause_menu_pauses_the_table(app) -> None:
    """Under the menu no computer plays and no card moves; Resume carries on."""
    from scopa.app.table.scene import TableScene

    from .table_helpers import inline_worker

    app.settings = app.settings.with_(animation_speed="normal", language="en")
    seats = (SeatConfig("Anna", False, "beginner"), SeatConfig("Bruno", False, "beginner"))
    setup = MatchSetup(seats, Rules())
    table = TableScene(app, coordinated(app, setup, Match.new(Rules(), 9)), worker=inline_worker())
    app.stack.push(table)
    for _ in range(12):  # the deal is under way
        frame(app)
    assert table.director.busy
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, PauseScene)
    moves = table.match.moves()
    where = {card: (s.x, s.y, s.turn) for card, s in table.view.sprites.items()}
    for _ in range(600):  # ten seconds under the menu
        frame(app)
    assert table.match.moves() == moves
    assert {card: (s.x, s.y, s.turn) for card, s in table.view.sprites.items()} == where
    press(app, pygame.K_ESCAPE)  # resume
    assert app.stack.top is table
    for _ in range(600):
        frame(app)
    assert len(table.match.moves()) > len(moves)
    table.close()


def brightest(surface: pygame.Surface, box: pygame.Rect) -> int:
    """The brightest channel of any pixel in ``box`` (a toast's cream letters)."""
    pixels = pygame.surfarray.pixels3d(surface.subsurface(box))
    return int(pixels.max())


def toast_panel(app) -> pygame.Rect:  # noqa: ANN001
    """Where the one toast is drawn: in the place the scene it is told over gives it."""
    (toast,) = app.toasts.shown()
    layer = app.toast_layer(toast)
    band = layer.toast_band() if layer is not None else None
    (panel,) = app.toasts.draw(pygame.Surface(app.size), app.font, band=band)
    return panel


def test_a_toast_of_the_table_is_shaded_and_waits_under_the_pause_menu(app, paused) -> None:
    pause, table = paused
    press(app, pygame.K_ESCAPE)  # back to the table
    assert app.stack.top is table
    app.notify(lambda t: "Nothing to take back", 3.0)
    frame(app)
    panel = toast_panel(app)
    bright = brightest(app.screen, panel)
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, PauseScene)
    (toast,) = list(app.toasts)
    left = toast.remaining
    for _ in range(5 * 60):  # five seconds with the menu up
        frame(app)
    assert toast.remaining == left, "its time stands still under the menu"
    assert not app.toasts_running
    seen = pygame.image.tobytes(app.screen.subsurface(panel), "RGB")
    told, app.toasts = app.toasts, type(app.toasts)()
    frame(app)
    unseen = pygame.image.tobytes(app.screen.subsurface(panel), "RGB")
    app.toasts = told
    frame(app)
    # the menu's shade covers it, or its sheet hides it whole
    assert brightest(app.screen, panel) < bright * 0.7 or seen == unseen, "not over the menu"
    press(app, pygame.K_ESCAPE)
    assert app.stack.top is table
    frame(app)
    assert toast.remaining < left
    assert brightest(app.screen, panel) == bright


def test_a_toast_told_over_the_pause_menu_stays_bright(app, paused) -> None:
    pause, table = paused
    press(app, pygame.K_ESCAPE)
    frame(app)
    app.notify(lambda t: "Nothing to take back", 3.0)
    frame(app)
    bright = brightest(app.screen, toast_panel(app))
    app.toasts = type(app.toasts)()
    press(app, pygame.K_ESCAPE)
    app.notify(lambda t: "Nothing to take back", 3.0)
    frame(app)
    assert app.toasts_running
    assert brightest(app.screen, toast_panel(app)) == bright


def pause_over(app, mode: str) -> PauseScene:  # noqa: ANN001
    """The pause menu over a match of ``mode``: one played ("solo", five buttons) or one of
    computers watched ("watch", four)."""
    from scopa.app.table.scene import TableScene

    app.stack.clear_to(TitleScene(app))
    setup = app.matches.watch_setup() if mode == "watch" else SETUP
    app.matches.start(setup, Match.new(setup.rules, 3))
    assert isinstance(app.stack.top, TableScene)
    press(app, pygame.K_ESCAPE)
    pause = app.stack.top
    assert isinstance(pause, PauseScene) and pause.watching == (mode == "watch")
    return pause


@pytest.mark.parametrize("size", [(960, 540), (1920, 1080), (1000, 1000)])
def test_the_pause_sheet_fits_its_buttons(app, size) -> None:
    app.resize(size)
    sheets = {}
    for mode in ("solo", "watch"):
        pause = pause_over(app, mode)
        last = pause.buttons[-1].rect
        sheets[mode] = (len(pause.buttons), pause.panel.h, pause.panel.bottom - last.bottom)
        step = pause.buttons[1].rect.top - pause.buttons[0].rect.top
        close_tables(app)
    (solo_count, solo_h, solo_margin), (watch_count, watch_h, watch_margin) = sheets.values()
    assert (solo_count, watch_count) == (5, 4)
    assert solo_margin == watch_margin, "no gap under fewer buttons"
    assert solo_h - watch_h == step, "one button less, one button's room less"


@pytest.mark.parametrize("size", [(960, 540), (1920, 1080)])
@pytest.mark.parametrize("language", ["en", "it"])
def test_the_pause_menu_names_the_game_the_match_plays(app, size, language) -> None:
    """The table shows the cards, not the rules chosen before the match: the menu under
    Esc says them, whole, between the heading and the buttons."""
    from scopa.app import style

    app.resize(size)
    app.set_language(language)
    rules = Rules(assi=True, re_bello=True, napola=True, seven_count=True, target=21)
    setup = MatchSetup(SETUP.seats, rules)
    app.stack.clear_to(TitleScene(app))
    app.matches.start(setup, Match.new(rules, 3))
    press(app, pygame.K_ESCAPE)
    pause = app.stack.top
    assert isinstance(pause, PauseScene)
    line = pause.game()
    for name in ("preset_assi", "rule_re_bello", "rule_napola", "rule_seven_count"):
        assert app.t(name) in line, (name, line)
    assert app.t("points_n", n=21) in line
    laid = style.fit(line, pause.game_pen(), pause.game_box.w, pause.game_box.h, lines=2)
    assert not laid.elided and laid.px == pause.game_pen().px, laid
    assert pause.heading_box.bottom <= pause.game_box.top
    assert pause.game_box.bottom < pause.buttons[0].rect.top
    assert pause.panel.contains(pause.hint_area)
    close_tables(app)


@pytest.mark.parametrize("size", [(960, 540), (1000, 1000)])
@pytest.mark.parametrize("language", ["en", "it"])
@pytest.mark.parametrize("mode", ["solo", "watch"])
def test_every_hint_of_the_pause_menu_fits_under_its_buttons(app, size, language, mode) -> None:
    from scopa.app import style

    app.resize(size)
    app.set_language(language)
    pause = pause_over(app, mode)
    area = pause.hint_area
    assert pause.panel.contains(area)
    for button in pause.buttons:
        laid = style.fit(button.hint(), pause.hint_pen(), area.w, area.h, lines=0)
        assert not laid.elided and laid.px == pause.hint_pen().px, (button.hint(), laid)
    close_tables(app)


def test_a_toast_of_the_table_ends_when_a_whole_screen_covers_the_table(app, paused) -> None:
    """Undo refused at the end of a round, then the round's review opened: "Nothing to take
    back" was drawn over the review's title. A screen over the whole window ends the toasts
    of the screen it covers; a file's problem is told wherever it comes up."""
    pause, table = paused
    press(app, pygame.K_ESCAPE)  # back to the table
    app.notify(lambda t: "Nothing to take back", 3.0)
    app.notify(lambda t: "The disk is full", 3.0, everywhere=True)
    frame(app)
    app.open("settings")
    assert app.stack.top.opaque
    frame(app)
    assert [toast.text for toast in app.toasts] == ["The disk is full"]
    app.back()
    frame(app)
    assert [toast.text for toast in app.toasts] == ["The disk is full"]


def test_a_deck_chosen_from_the_menu_shows_behind_it_at_once(app, paused) -> None:
    """The menu says cards, sound and language change at once; the table behind it kept
    the old deck until Resume."""
    pause, table = paused
    before = table.art.style
    chosen = "french" if before != "french" else "napoletane"
    app.open("settings")
    app.settings = app.settings.with_(deck_style=chosen)
    app.back()  # from the settings to the menu, over the table
    assert app.stack.top is pause
    seen: list[str] = []
    original = table.painter.draw
    table.painter.draw = lambda surface, snapshot: (
        seen.append(snapshot.art.style)
        or original(  # type: ignore[method-assign]
            surface, snapshot
        )
    )
    frame(app)
    assert seen == [chosen]


def test_a_cloth_and_backs_chosen_from_the_menu_lay_the_table_behind_it_at_once(
    app, paused, store
) -> None:
    """Settings opened from the menu over a match, a red cloth and the blue backs chosen on
    their rows: back at the menu, the table behind it is drawn on the red cloth with the
    blue backs, and so it is after Resume and after the next start."""
    pause, table = paused
    settings = app.open("settings")
    click(app, settings.tabs[TABS.index("game")])
    for key, value in (("set_felt", "red"), ("set_card_back", "piacentine")):
        row = next(row for row in settings.rows["game"] if row.label() == app.t(key))
        settings.form.set_focus(row)
        while row.control.get() != value:
            press(app, pygame.K_RIGHT)
    app.back()
    assert app.stack.top is pause
    seen = []
    original = table.painter.draw
    table.painter.draw = lambda surface, snapshot: (  # type: ignore[method-assign]
        seen.append(snapshot) or original(surface, snapshot)
    )
    frame(app)
    assert [snapshot.art.back_style for snapshot in seen] == ["piacentine"]
    middle = seen[0].background.get_at((app.size[0] // 2, app.size[1] // 2))
    assert middle.r > 1.5 * max(middle.g, middle.b)
    click(app, pause.buttons[0])  # Resume
    assert app.stack.top is table
    surface = pygame.Surface(app.size)
    table.draw(surface)
    assert surface.get_at((4, app.size[1] // 2)).r > 1.5 * surface.get_at((4, app.size[1] // 2)).g
    again = store.load_settings()
    assert (again.felt, again.card_back) == ("red", "piacentine")


def test_save_and_leave_asks_when_the_match_could_not_be_saved(app, paused, store) -> None:
    """A save the disk refused went on to the title without a word, and Continue then lost
    the match (or brought back an older one). Leaving now asks first; Keep playing stays."""
    pause, table = paused
    store.save_path.unlink()
    store.save_path.mkdir()  # where the save goes, a folder: every save fails
    click(app, pause.buttons[3])
    dialog = app.stack.top
    assert isinstance(dialog, ConfirmScene)
    assert dialog.form.focus is dialog.no_button
    press(app, pygame.K_RETURN)
    assert app.stack.top is pause
    store.save_path.rmdir()  # the disk has room again: leaving saves and goes
    click(app, pause.buttons[3])
    assert isinstance(app.stack.top, TitleScene)
    assert store.load_match() is not None


def test_leave_anyway_goes_to_the_title(app, paused, store) -> None:
    pause, _ = paused
    store.save_path.unlink()
    store.save_path.mkdir()
    click(app, pause.buttons[3])
    click(app, app.stack.top.yes_button)
    assert isinstance(app.stack.top, TitleScene) and len(app.stack) == 1


def ringed(app, monkeypatch) -> list[Button]:  # noqa: ANN001
    """The buttons the screen on top draws with the keyboard's focus ring, drawn now."""
    drawn: list[Button] = []
    original = Button.draw

    def spy(self, surface, m, focused, hovered):  # noqa: ANN001, ANN202
        if focused:
            drawn.append(self)
        return original(self, surface, m, focused, hovered)

    monkeypatch.setattr(Button, "draw", spy)
    app.draw()
    monkeypatch.undo()
    return drawn


def keys_play(app, table) -> None:  # noqa: ANN001
    """The person whose turn it is plays their first card from the keys."""
    press(app, pygame.K_RIGHT)
    press(app, pygame.K_RETURN)
    if table.pick.choice is not None:
        press(app, pygame.K_RETURN)


def mouse_play(app, table) -> None:  # noqa: ANN001
    """The person whose turn it is drags their first legal play onto what it takes."""
    move = table.match.legal_moves()[0]
    target = centre_of(table, move.captures[0]) if move.captures else empty_felt(table)
    drag(app, centre_of(table, move.card), target)
    choice = table.pick.choice
    if choice is not None:
        tclick(app, choice.rows[choice.options.index(move)].center)


def last_play_of_a_round() -> Match:
    """A match whose first round ends with the next play, the first seat's (the dealer
    plays last)."""
    match = Match.new(Rules(), 1, first_dealer=0)
    while True:
        after, _ = match.apply(match.legal_moves()[0])
        if after.rounds and match.turn == 0:
            return match
        if after.rounds:
            raise AssertionError("the round ends on the other seat's play")
        match = after


@pytest.mark.parametrize("under", ["table", "cover", "sheet"])
@pytest.mark.parametrize("hands", ["keys", "mouse"])
def test_the_pause_menu_rings_its_focus_for_a_player_on_the_keys_alone(
    app, monkeypatch, under, hands
) -> None:
    """The pause menu over a table never showed where the keys were (Resume unringed, for a
    player who played every card from the keys and paused with Esc), while the one over a
    score sheet did when the sheet's buttons had been reached with the keys. One rule for
    every pause menu, over the table or a hot-seat cover: the ring shows from the start for
    a player on the keys, and for one on the pointer from their first key; the score sheet
    between them hears the table."""
    app.settings = app.settings.with_(animation_speed="fast", language="en")
    second = SeatConfig("Bruno", under == "cover", "beginner")
    setup = MatchSetup((SeatConfig("Anna", True), second), Rules())
    match = fixed_match("7D 2C 10S", "1B 3B 8C", "7C 4S 5D 9B")
    if under == "sheet":
        match = last_play_of_a_round()
    table = TableScene(app, coordinated(app, setup, match), worker=inline_worker())
    app.stack.push(table)
    settle(app, table)
    if table.cover is not None:  # Anna takes the screen as she plays
        while table.clock - table.cover_since < COVER_HOLD:
            frame(app)
        if hands == "keys":
            hold_enter(app)  # held down, as the cover asks
            shown = table.clock
            while table.clock - shown < SHOWN_CALM:  # a look at the hand before the keys
                frame(app)
        else:
            lift_cover(app, table)
        settle(app, table)
    keys_play(app, table) if hands == "keys" else mouse_play(app, table)
    if under == "sheet":  # the last card's flight, then the round's score sheet
        for _ in range(3000):
            if isinstance(app.stack.top, ScoringScene):
                break
            frame(app)
    else:
        settle(app, table)
    assert (table.cover is not None) == (under == "cover")
    assert isinstance(app.stack.top, ScoringScene if under == "sheet" else TableScene)
    press(app, pygame.K_ESCAPE)
    pause = app.stack.top
    assert isinstance(pause, PauseScene)
    if hands == "keys":
        assert ringed(app, monkeypatch) == [pause.buttons[0]]  # Resume, where Enter goes
    else:
        assert ringed(app, monkeypatch) == []
        press(app, pygame.K_DOWN)  # the first key shows where the keys are
        assert ringed(app, monkeypatch) == [pause.buttons[1]]
    close_tables(app)


@pytest.mark.parametrize("language", ["en", "it"])
def test_settings_over_a_match_say_the_match_keeps_its_own_rules(app, language) -> None:
    """Opened from the pause menu of a Cirulla match for three, Settings showed the classic
    game for two (the rules of new matches) as if the match were that: its line says the
    match under way keeps its own, and names them."""
    from scopa.app.scenes.online import describe_rules
    from scopa.app.scenes.settings import SettingsScene

    app.set_language(language)
    rules = Rules.preset("cirulla").with_(players=3)
    seats = (SeatConfig("Anna", True), SeatConfig("Bruno", False), SeatConfig("Carla", False))
    app.stack.clear_to(TitleScene(app))
    app.matches.start(MatchSetup(seats, rules), Match.new(rules, 3))
    press(app, pygame.K_ESCAPE)
    click(app, app.stack.top.buttons[1])  # Settings
    settings = app.stack.top
    assert isinstance(settings, SettingsScene)
    assert settings.tab == "game"  # the cards, the language and the speed first
    click(app, settings.tabs[0])  # the match's rules
    assert settings.tab == "match"
    said, _ = settings.footer_line()
    assert said == app.t("rules_apply_note_playing", game=describe_rules(app, rules))
    assert app.t("preset_cirulla") in said and app.t("players_n", n=3) in said
    app.settings = app.settings.with_(rules=rules)
    assert settings.footer_line()[0] == app.t("rules_apply_note")  # the rules shown are its
    close_tables(app)
    app.stack.clear_to(TitleScene(app))
    app.open("settings")
    assert app.stack.top.footer_line()[0] == app.t("rules_apply_note")  # no match under it


@pytest.mark.parametrize("language", ["en", "it"])
def test_a_game_line_too_long_ends_on_a_whole_rule_and_how_many_more(app, language) -> None:
    """A Cirulla of many changes was cut off mid-rule under Pause: "... Low hand: 8 or
    less, Wild card (…", and which wild card was in force could not be read. The line
    keeps the rules it can whole and says how many more the Rules button lists."""
    from scopa.app import style
    from scopa.app.scenes.online import table_game

    app.resize((960, 540))
    app.set_language(language)
    rules = LONG_CIRULLA
    app.stack.clear_to(TitleScene(app))
    app.matches.start(MatchSetup(SETUP.seats, rules), Match.new(rules, 3))
    press(app, pygame.K_ESCAPE)
    pause = app.stack.top
    line = pause.game()
    laid = style.fit(line, pause.game_pen(), pause.game_box.w, pause.game_box.h, lines=2)
    assert not laid.elided, laid.lines
    _, changes = table_game(app, rules)
    shown = [change for change in changes if change in line]
    assert 0 < len(shown) < len(changes)
    assert changes[: len(shown)] == shown  # in order, none cut short
    more = len(changes) - len(shown)
    assert app.t("rules_more", n=more) in line or (more == 1 and app.t("rules_more_1") in line)
    close_tables(app)


def test_the_game_line_never_starts_a_line_with_its_separator(app) -> None:
    """Wrapped at 960x540, the second line of a game with many variants read "· 11 points":
    the dot stays with the part before it."""
    from scopa.app import style

    app.resize((960, 540))
    rules = Rules(assi=True, re_bello=True, napola=True, settebello_coppe=True)
    app.stack.clear_to(TitleScene(app))
    app.matches.start(MatchSetup(SETUP.seats, rules), Match.new(rules, 3))
    press(app, pygame.K_ESCAPE)
    pause = app.stack.top
    laid = style.fit(pause.game(), pause.game_pen(), pause.game_box.w, pause.game_box.h, lines=2)
    assert len(laid.lines) == 2
    assert not any(line.lstrip().startswith("\u00b7") for line in laid.lines), laid.lines
    close_tables(app)


@pytest.mark.parametrize("size", [(960, 540), (1920, 1080)])
@pytest.mark.parametrize("mode", ["solo", "hotseat", "watch"])
def test_a_button_in_the_corner_opens_the_menu_for_a_player_with_the_mouse(app, size, mode):
    """The menu (save and leave, settings, rules) opened with Esc alone, told only on the
    last page of the rules: a player with the mouse found no way to it. A button in the
    corner opens it, beside the aids and clear of them, and says its name and key under
    the pointer. Under the cover of a hot-seat hand-over a click lifts the cover, whatever
    lies beneath it."""
    from scopa.app.table.scene import TableScene

    from .table_helpers import inline_worker, lift_cover

    app.resize(size)
    app.settings = app.settings.with_(language="en")
    people = {"solo": 1, "hotseat": 2, "watch": 0}[mode]
    seats = tuple(
        SeatConfig(name, k < people, "beginner") for k, name in enumerate(("Anna", "Bruno"))
    )
    setup = MatchSetup(seats, Rules())
    table = TableScene(app, coordinated(app, setup, Match.new(Rules(), 9)), worker=inline_worker())
    app.stack.push(table)
    frame(app)
    button = table.layout.menu_rect
    assert pygame.Rect((0, 0), size).contains(button)
    for aid in table.aids.buttons():
        assert aid.rect.right < button.left
    # it says "Menu" at rest, whole and inside it: its three bars alone told a newcomer
    # nothing, and only the pointer on it named it
    from scopa.app import style

    drawn: list[style.Drawn] = []
    with style.watch_text(drawn.append):
        app.draw()
    (word,) = [text for text in drawn if text.words == app.t("table.menu_word")]
    assert not word.elided and pygame.Rect(button).contains(word.used)
    if mode == "hotseat":
        for _ in range(600):  # the deal, then the hand-over to the first to play
            if table.cover is not None:
                break
            frame(app)
        assert table.cover is not None
        tclick(app, button.center)  # a click on the cover is the cover's
        assert app.stack.top is table
        lift_cover(app, table)
    app.frame(
        1 / 60,
        [pygame.event.Event(pygame.MOUSEMOTION, pos=button.center, rel=(0, 0), buttons=(0, 0, 0))],
    )
    labels = [item for item in table.overlay_items() if item.key[0] == "menu label"]
    assert [item.key[1] for item in labels] == [app.t("table.menu")]
    tclick(app, button.center)
    assert isinstance(app.stack.top, PauseScene)
    click(app, app.stack.top.buttons[0])  # Resume
    assert app.stack.top is table
    # the pointer went to Resume, far from the corner: the button's name no longer shows
    assert not [item for item in table.overlay_items() if item.key[0] == "menu label"]
    table.close()


@pytest.mark.parametrize("language", ["en", "it"])
def test_settings_over_a_match_ended_say_what_its_rematch_plays(app, language) -> None:
    """Over the last score sheet, Settings said "the one under way keeps its own": none
    was under way, and nothing said which rules Rematch would deal. It says so now."""
    from scopa.app.matches import MatchCoordinator
    from scopa.app.scenes.online import describe_rules
    from scopa.app.scenes.settings import SettingsScene
    from tests.app.text_tour import play_out

    app.set_language(language)
    setup = MatchSetup((SeatConfig("Anna", True), SeatConfig("Bruno", False)), Rules())
    coordinator = MatchCoordinator(setup, play_out(Match.new(Rules(), 30), random.Random(0)))
    assert coordinator.match.over
    coordinator.settings_rules = Rules()
    app.matches.current = coordinator
    app.stack.push(ScoringScene(app, coordinator))
    app.settings = app.settings.with_(rules=Rules(napola=True))  # changed since it began
    settings = app.open("settings")
    assert isinstance(settings, SettingsScene)
    again = app.matches.rematch_rules(coordinator)
    assert again == Rules(napola=True)
    said, _ = settings.footer_line()
    assert said == app.t("rules_apply_note_over", game=describe_rules(app, again))
    app.matches.current = None


def final_sheet_of_classic(app, language: str):  # noqa: ANN001, ANN201
    """The final sheet of a classic match begun with the settings' rules (the current
    match): its coordinator and its Rematch button."""
    from scopa.app.matches import MatchCoordinator
    from tests.app.text_tour import play_out

    app.set_language(language)
    setup = MatchSetup((SeatConfig("Anna", True), SeatConfig("Bruno", False)), Rules())
    coordinator = MatchCoordinator(setup, play_out(Match.new(Rules(), 30), random.Random(0)))
    coordinator.settings_rules = Rules()
    app.matches.current = coordinator
    sheet = ScoringScene(app, coordinator)
    app.stack.push(sheet)
    frame(app)
    rematch = next(b for b in sheet.buttons if resolve(b.text) == app.t("rematch"))
    return coordinator, rematch


@pytest.mark.parametrize("language", ["en", "it"])
def test_the_rematch_button_says_the_rules_it_deals_when_the_settings_changed_them(
    app, language
) -> None:
    """Rules changed in the settings mid-match: Rematch on the last sheet dealt them with
    nothing said (a player expects a rematch to repeat the match). Its hint says which rules
    it deals, shown under the sheet while it has the focus."""
    from scopa.app.scenes.online import describe_rules

    coordinator, rematch = final_sheet_of_classic(app, language)
    assert resolve(rematch.hint) == ""  # the same rules: the sheet's line shows the deal
    app.settings = app.settings.with_(rules=Rules.preset("rulebook"))
    again = app.matches.rematch_rules(coordinator)
    assert again != Rules()
    said = app.t("rematch_hint_changed", game=describe_rules(app, again))
    assert resolve(rematch.hint) == said
    app.matches.current = None


@pytest.mark.parametrize("language", ["en", "it"])
def test_the_rematch_button_says_the_seats_changed_in_the_settings_wait(app, language) -> None:
    """Four players chosen in the settings mid-match: Rematch dealt the two of the match
    again (the same people, by design), with nothing said of the four chosen."""
    coordinator, rematch = final_sheet_of_classic(app, language)
    app.settings = app.settings.with_(rules=Rules(players=4))
    assert app.matches.rematch_rules(coordinator) == Rules()  # the same seats again
    assert resolve(rematch.hint) == app.t("rematch_hint_seats")
    app.matches.current = None


@pytest.mark.parametrize(
    ("changed", "expected"),
    [
        # another number of players: the same seats sit down again, to the new target
        (Rules(players=4, target=21), Rules(target=21)),
        # a deal this table cannot take: the napola chosen with it still applies
        (Rules(players=4, deal="scopone", napola=True), Rules(napola=True)),
    ],
)
def test_a_rematch_takes_every_settings_change_its_table_can_take(app, changed, expected) -> None:
    """One change the table could not take (four players for two seats) threw away every
    other change made in the settings: the rematch played to 11 though 21 was chosen."""
    from scopa.app.matches import MatchCoordinator

    setup = MatchSetup((SeatConfig("Anna", True), SeatConfig("Bruno", False)), Rules())
    coordinator = MatchCoordinator(setup, Match.new(Rules(), 30))
    coordinator.settings_rules = Rules()
    app.settings = app.settings.with_(rules=changed)
    assert app.matches.rematch_rules(coordinator) == expected


@pytest.mark.parametrize(
    ("played", "changed", "expected"),
    [
        # Cirulla is not played by six: its 51 points and cappotto, come with it, stay behind
        (Rules(players=6), Rules.preset("cirulla"), Rules(players=6)),
        # a target chosen apart from the switch still applies
        (Rules(players=6), Rules.preset("cirulla").with_(target=21), Rules(players=6, target=21)),
        # the classic game's napola, chosen before Cirulla was: played, as the classic is
        (
            Rules(players=6),
            Rules.preset("cirulla").with_(napola=True),
            Rules(players=6, napola=True),
        ),
        # played to 21: Cirulla's 51 came with it all the same
        (Rules(players=6, target=21), Rules.preset("cirulla"), Rules(players=6, target=21)),
        # Scopa d'assi in three pairs, then Cirulla (for two: it seats no six): the rematch
        # was the classic game in two teams of three, the partners changed
        (
            Rules(players=6, six_sides=3, assi=True),
            Rules.preset("cirulla"),
            Rules(players=6, six_sides=3, assi=True),
        ),
    ],
)
def test_a_rematch_leaves_behind_what_came_with_a_game_its_table_cannot_play(
    app, played, changed, expected
) -> None:
    """Six friends' rematch, after Cirulla was chosen in the settings, was the classic game
    to 51 points in which taking the ten coins ends the match: Cirulla's target and
    cappotto came along with a game six cannot play."""
    from scopa.app.matches import MatchCoordinator

    names = ("Anna", "Bruno", "Carla", "Dario", "Elena", "Franco")
    setup = MatchSetup(tuple(SeatConfig(name, True) for name in names), played)
    coordinator = MatchCoordinator(setup, Match.new(setup.rules, 30))
    coordinator.settings_rules = played
    app.settings = app.settings.with_(rules=changed)
    assert app.matches.rematch_rules(coordinator) == expected


def test_settings_from_the_pause_menu_open_on_the_game_s_tab(app, paused) -> None:
    """Mid-match the settings opened on the match's rules, which wait for the next match:
    a player come to change the cards, the language or the speed had to look for them.
    From the pause menu they open on the game's tab; from the title, on the match's."""
    pause, table = paused
    (settings,) = [b for b in pause.buttons if b.text() == app.t("settings")]
    click(app, settings)
    scene = app.stack.top
    assert type(scene).__name__ == "SettingsScene" and scene.tab == "game"
    app.home()
    frame(app)
    assert app.open("settings").tab == "match"


def test_settings_opened_from_the_keys_ring_the_tab_open(app, paused) -> None:
    """Esc, Down, Enter: the settings opened on the game's tab, ringed on the match's (the
    focus on one tab, another open, and the open tab told from the others by its red
    alone). The ring is on the open tab, which is marked under it too."""
    from scopa.app.style.scale import Metrics

    pause, table = paused
    press(app, pygame.K_DOWN)
    press(app, pygame.K_RETURN)
    scene = app.stack.top
    assert type(scene).__name__ == "SettingsScene" and scene.tab == "game"
    assert scene.keys_in_use and scene.form.focus is scene.tabs[3]
    surface = pygame.Surface(app.size)
    m = Metrics(app, app.size)
    darkest = []
    for tab in scene.tabs:  # the strip just under each tab: a dark mark under the open one
        surface.fill((240, 232, 212))
        tab.draw(surface, m, False, False)
        strip = pygame.Rect(tab.rect.left, tab.rect.bottom + 1, tab.rect.w, m.px(0.012))
        darkest.append(
            min(
                sum(surface.get_at((x, y))[:3])
                for x in range(strip.left, strip.right)
                for y in range(strip.top, strip.bottom)
            )
        )
    assert darkest[3] < 200 and min(darkest[:3]) > 400, darkest  # (the buttons' shadow: grey)


def test_a_copy_that_saves_nothing_says_before_leaving_that_the_match_ends(
    app, paused, store
) -> None:
    """A second copy of the game (another one keeps the folder) offered "Save and leave:
    Continue resumes this match later", and only once clicked said the match could not be
    saved "since it was last saved", though it never was. Its menu now says that leaving
    ends the match, and leaving asks so."""
    store.locked_out = True
    press(app, pygame.K_ESCAPE)  # back to the table, and the menu built again
    press(app, pygame.K_ESCAPE)
    pause = app.stack.top
    assert isinstance(pause, PauseScene)
    leave = pause.buttons[3]
    assert resolve(leave.text) == app.t("leave_unsaved")
    assert resolve(leave.hint) == app.t("leave_unsaved_hint")
    click(app, leave)
    dialog = app.stack.top
    assert isinstance(dialog, ConfirmScene)
    assert resolve(dialog.question) == app.t("other_copy_leave_question")
    assert resolve(dialog.detail) == app.t("other_copy_leave_detail")
    click(app, dialog.yes_button)
    assert isinstance(app.stack.top, TitleScene)


# --- the window closed while the match could not be saved ----------------------------------


def test_closing_the_window_asks_when_the_match_could_not_be_saved(app, paused, store) -> None:
    """The close button ended the game at once although the disk had refused the last
    saves: the plays since then were lost without a word, in hot seat other people's too.
    It asks as Save and leave does; Keep playing stays, asked again it quits."""
    pause, _ = paused
    store.save_path.unlink()
    store.save_path.mkdir()  # where the save goes, a folder: every save fails
    frame(app, pygame.event.Event(pygame.WINDOWCLOSE))
    dialog = app.stack.top
    assert isinstance(dialog, ConfirmScene) and app.running
    assert dialog.question() == app.t("leave_unsaved_question")
    assert dialog.detail() == app.t("quit_unsaved_detail")
    assert dialog.form.focus is dialog.no_button
    press(app, pygame.K_RETURN)  # Keep playing
    assert app.stack.top is pause and app.running
    frame(app, pygame.event.Event(pygame.WINDOWCLOSE))
    assert isinstance(app.stack.top, ConfirmScene)
    frame(app, pygame.event.Event(pygame.WINDOWCLOSE))  # closed again: it quits
    assert not app.running


def test_closing_the_window_of_a_saved_match_quits_at_once(app, paused) -> None:
    frame(app, pygame.event.Event(pygame.WINDOWCLOSE))
    assert not app.running


def test_a_copy_that_saves_nothing_asks_before_its_match_goes_with_the_window(
    app, paused, store
) -> None:
    store.locked_out = True
    try:
        frame(app, pygame.event.Event(pygame.WINDOWCLOSE))
        dialog = app.stack.top
        assert isinstance(dialog, ConfirmScene) and app.running
        assert dialog.detail() == app.t("other_copy_quit_detail")
        click(app, dialog.yes_button)
        assert not app.running
    finally:
        store.locked_out = False


def test_a_match_the_disk_refused_is_saved_once_more_as_the_game_closes(app, paused, store):
    """The folder could be written again by the time the game closed, but the plays made
    while it could not were lost: nothing tried once more."""
    _, table = paused
    coordinator = table.coordinator
    store.save_path.unlink()
    store.save_path.mkdir()
    match = coordinator.match
    match, _ = match.apply(match.legal_moves()[0])
    coordinator.match = match
    coordinator.save()
    assert not coordinator.saver.kept()
    store.save_path.rmdir()  # room again, but no play comes to save it
    app.close()
    saved = store.load_match()
    assert saved is not None and saved[1] == match.record()


def test_settings_the_disk_refused_are_saved_once_more_as_the_game_closes(app, store) -> None:
    store.settings_path.mkdir()  # where the settings go, a folder
    app.settings = app.settings.with_(language="it")
    app.save_settings()
    assert not app.settings_kept
    store.settings_path.rmdir()
    app.close()
    assert store.load_settings().language == "it"


@pytest.mark.parametrize(
    ("language", "named", "mine"),
    [
        ("en", "Scopa (Re bello)", "My rules · Scopa (Re bello)"),
        ("it", "Scopa (Re bello)", "Le mie regole · Scopa (Re bello)"),
    ],
)
def test_the_player_s_own_rules_have_one_name_on_every_screen(app, store, language, named, mine):
    """The same rules were "Scopa (Re bello)" over the pause, "My rules · Re bello" in New
    game and "Scopa with my rules" on the title and in the question over the saved match."""
    from scopa.app.scenes.new_game import NewGameScene

    rules = Rules(re_bello=True)
    app.settings = app.settings.with_(language=language, opponent_level="expert", rules=rules)
    app.set_language(language)
    app.stack.clear_to(TitleScene(app))
    setup = app.matches.quick_setup()
    app.matches.start(setup, Match.new(setup.rules, 3))
    press(app, pygame.K_ESCAPE)
    pause = app.stack.top
    assert isinstance(pause, PauseScene)
    assert named in pause.game().split("\xa0· ")
    click(app, pause.buttons[3])  # Save and leave
    title = app.stack.top
    assert isinstance(title, TitleScene) and title.saved is not None
    assert named in title._play_hint().split("\xa0· ")  # Play asks over the saved match
    app.open("new_game")
    frame(app)
    new_game = app.stack.top
    assert isinstance(new_game, NewGameScene)
    assert new_game.my_rules() == mine
    close_tables(app)


def test_settings_over_a_match_speak_of_the_cards_on_its_table(app) -> None:
    """Mid-way through a classic match (Neapolitan cards), Cirulla chosen for the next
    match: Settings from the pause showed the Genoese cards Cirulla would bring, and greyed
    the corners' switch ("Genoese cards always show them") for the Neapolitan cards on the
    table, which could no longer get their corners from the pause."""
    from scopa.app.scenes.settings import SettingsScene
    from scopa.app.table.scene import TableScene

    app.settings = app.settings.with_(rules=Rules())
    assert not app.settings.deck_chosen
    app.stack.clear_to(TitleScene(app))
    app.matches.start(SETUP, Match.new(SETUP.rules, 3))
    table = app.stack.top
    assert isinstance(table, TableScene)
    app.settings = app.settings.with_(rules=Rules.preset("cirulla"))  # for the next match
    press(app, pygame.K_ESCAPE)
    click(app, app.stack.top.buttons[1])  # Settings
    settings = app.stack.top
    assert isinstance(settings, SettingsScene) and settings.tab == "game"
    rows = {row.label(): row for row in settings.rows["game"]}
    cards, corners = rows[app.t("set_deck_style")], rows[app.t("set_corner_index")]
    assert cards.control.get() == "napoletane"  # the cards on the table
    assert corners.enabled
    before = app.settings.corner_index
    click(app, corners.control)
    assert app.settings.corner_index != before
    assert not app.settings.deck_chosen  # Cirulla still brings its own cards
    close_tables(app)


def test_large_values_chosen_over_a_match_show_on_its_table_and_are_kept(app) -> None:
    """Large values switched on from the menu over a table: the table back from it
    carries them at once; the choice is saved for the next start, and the menus' cards
    wear them too."""
    from scopa.app.scenes.settings import SettingsScene
    from scopa.app.style.cards import menu_art
    from scopa.engine import Card

    app.stack.clear_to(TitleScene(app))
    app.matches.start(SETUP, Match.new(SETUP.rules, 3))
    table = app.stack.top
    assert isinstance(table, TableScene) and not table.art.large_values
    plain = table.art.face(Card.parse("7D"), 59)
    press(app, pygame.K_ESCAPE)
    click(app, app.stack.top.buttons[1])  # Settings
    settings = app.stack.top
    assert isinstance(settings, SettingsScene) and settings.tab == "game"
    rows = {row.label(): row for row in settings.rows["game"]}
    click(app, rows[app.t("set_large_values")].control)
    assert app.settings.large_values and app.store.load_settings().large_values
    press(app, pygame.K_ESCAPE)
    press(app, pygame.K_ESCAPE)
    frame(app)
    assert app.stack.top is table and table.art.large_values
    large = table.art.face(Card.parse("7D"), 59)
    assert pygame.image.tobytes(large, "RGBA") != pygame.image.tobytes(plain, "RGBA")
    assert menu_art(app).large_values
    close_tables(app)
