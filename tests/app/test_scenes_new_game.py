"""The new-game screen: the choices made with the mouse and keyboard become the MatchSetup
the table starts with, are remembered, and impossible rules get a message, not a crash."""

from __future__ import annotations

import re

import pygame
import pytest

from scopa.app import style
from scopa.app.matches import COMPUTER_NAMES
from scopa.app.scenes.base import NOTE_SECONDS
from scopa.app.scenes.new_game import NewGameScene
from scopa.app.scenes.settings import MINE
from scopa.engine import PRESETS, Rules
from scopa.settings import Settings
from scopa.storage import Store

from .menu_helpers import FRAME, click, close_tables, frame, press, type_text


@pytest.fixture
def scene(app):
    from scopa.app.scenes.title import TitleScene

    app.stack.push(TitleScene(app))
    new_game = NewGameScene(app)
    app.stack.push(new_game)
    frame(app)
    yield new_game
    close_tables(app)


def seat(scene, n):
    """(label, name field, human/computer, level) of seat ``n``."""
    return scene.seat_widgets[n]


def test_four_players_in_teams_with_a_second_human(app, scene, tmp_path) -> None:
    from scopa.app.table.scene import TableScene

    players = scene.players_row.control
    click(app, (players.rect.right - 5, players.rect.centery))  # right arrow: 3
    click(app, (players.rect.right - 5, players.rect.centery))  # 4
    assert scene.players == 4
    assert scene.teams_row.enabled
    _, name, kind, level = seat(scene, 2)
    click(app, kind)  # seat 3 becomes human
    click(app, name)
    for _ in range(len(scene.names[2])):
        press(app, pygame.K_BACKSPACE)
    type_text(app, "Marco")
    _, _, _, level3 = seat(scene, 3)
    click(app, (level3.rect.right - 5, level3.rect.centery))  # beginner -> expert
    click(app, (level3.rect.right - 5, level3.rect.centery))  # expert -> master
    first = app.t("player_n", n=1)  # two people at the screen: nobody is "you"
    pairs = ((first, "Marco"), ("Giulia", "Lucia"))
    ours, theirs = (app.t("table.and", a=a, b=b) for a, b in pairs)
    assert scene.matchup() == f"{ours} {app.t('ng_against')} {theirs}"  # as the table says it
    click(app, scene.start_button)

    table = app.stack.top
    assert isinstance(table, TableScene)
    setup = table.setup
    assert setup.rules.players == 4 and setup.rules.teams
    assert [s.human for s in setup.seats] == [True, False, True, False]
    assert setup.seats[2].name == "Marco"
    assert setup.seats[3].level == "master"
    assert setup.seats[1].level == "beginner"
    assert Store(tmp_path).load_settings().last_setup == setup


def test_a_match_of_computers_only_started_here_keeps_its_choices_too(app, scene) -> None:
    """Every seat a computer, Start opens a match to watch: the rules, the seats and the
    names typed were not kept (the next New game came back at two, the classic game),
    though a match of people keeps them."""
    from scopa.app.table.scene import TableScene

    choose_players(app, scene, 4)
    scene._set_preset("scopone")
    _, name, kind, _ = seat(scene, 1)
    click(app, name)
    for _ in range(len(scene.names[1])):
        press(app, pygame.K_BACKSPACE)
    type_text(app, "Nonna")
    click(app, seat(scene, 0)[2])  # the first seat a computer too
    assert not any(scene.humans[:4])
    click(app, scene.start_button)
    table = app.stack.top
    assert isinstance(table, TableScene) and table.mode == "watch"
    assert app.settings.rules.preset_name() == "scopone"
    again = NewGameScene(app)
    assert again.players == 4 and again.preset == "scopone"
    assert again.names[1] == "Nonna" and not any(again.humans[:4])
    assert app.matches.saved() is None  # watched: nothing saved over Continue


def test_the_sides_are_named_as_the_table_names_them(app, scene) -> None:
    """In Italian partners are "Tu e Marco" at the table: New game says it the same way,
    not "Tu & Marco"."""
    app.set_language("it")
    choose_players(app, scene, 4)
    assert scene.matchup().startswith(app.t("table.and", a=app.t("you"), b=scene.names[2]))
    assert " e " in scene.matchup() and "&" not in scene.matchup()


def test_keyboard_sets_the_preset_and_the_target(app, scene) -> None:
    scene.form.set_focus(scene.preset_row)
    assert scene.preset == "classic"  # as chosen in Settings
    press(app, pygame.K_RIGHT)
    assert scene.preset == "rulebook"
    scene.form.set_focus(scene.target_row)
    press(app, pygame.K_RIGHT)
    press(app, pygame.K_RIGHT)
    assert scene.target == 21
    assert scene.setup().rules == PRESETS["rulebook"].with_(target=21)


def test_a_target_chosen_stays_for_rules_played_to_the_same_target(app, scene) -> None:
    """21 chosen, then the rules turned to Scopone: the target went back to 11, though the
    target is the match's length, not the game's. It stays for every rules played to the
    target it was chosen over; Cirulla, played to 51, takes its own, and the classic game
    again brings the 21 back."""
    scene.form.set_focus(scene.target_row)
    press(app, pygame.K_RIGHT)
    press(app, pygame.K_RIGHT)
    assert scene.target == 21
    for preset, target in (("scopone", 21), ("cirulla", 51), ("rulebook", 21), ("classic", 21)):
        scene._set_preset(preset)
        assert scene.target == target, preset
        assert scene.target_row.control.label() == str(target)
    scene._set_preset("cirulla")
    scene.form.set_focus(scene.target_row)
    press(app, pygame.K_RIGHT)  # a target chosen over Cirulla's 51 is Cirulla's alone
    chosen = scene.target
    assert chosen != 51
    scene._set_preset("classic")
    assert scene.target == app.settings.rules.target
    scene._set_preset("cirulla")
    assert scene.target == chosen


@pytest.mark.parametrize("language", ["en", "it"])
def test_the_rules_hint_never_names_a_target_other_than_the_one_chosen(app, language) -> None:
    app.set_language(language)
    scene = NewGameScene(app)
    app.stack.push(scene)
    for preset in PRESETS:
        scene._set_preset(preset)
        scene.target = 16 if scene.target != 16 else 21  # a target of the player's own
        hint = scene._preset_hint()
        assert not re.search(r"\b(11|21|51)\b", hint), (preset, hint)  # the row says it


def test_choosing_scopone_seats_four_players(app, scene) -> None:
    scene._set_preset("scopone")
    frame(app)
    assert scene.players == 4
    assert scene.setup().rules.deal == "scopone"
    assert scene.error == ""


def test_impossible_rules_show_a_message_and_start_nothing(app, scene) -> None:
    scene._set_preset("scopone")
    players = scene.players_row.control
    click(app, (players.rect.left + 5, players.rect.centery))  # 4 -> 3
    assert scene.players == 3
    assert scene.error == app.t("err_scopone_players")
    assert not scene.start_button.enabled  # greyed: it looked ready, and did nothing
    click(app, scene.start_button)
    assert app.stack.top is scene
    frame(app)  # the message is drawn without trouble
    click(app, (players.rect.right - 5, players.rect.centery))  # 3 -> 4
    assert scene.players == 4 and scene.start_button.enabled


def test_an_empty_name_becomes_the_game_s_name_for_the_seat(app, scene) -> None:
    """An emptied field named the seat "Seat 2", kept for every later Play ("Seat 2
    wins!"): a person gets the game's name for a person, a computer a computer's name."""
    for n in (0, 1):
        _, name, _, _ = seat(scene, n)
        click(app, name)
        for _ in range(30):
            press(app, pygame.K_BACKSPACE)
        assert scene.names[n] == ""
    first, second = scene.setup().seats
    assert first.name == app.t("you")
    assert second.name in COMPUTER_NAMES and second.name != app.t("ng_seat", n=2)


def test_a_name_that_draws_nothing_becomes_the_game_s_name_for_the_seat(app, scene) -> None:
    """A Hangul filler or a blank braille cell is printable text, and named a seat that
    showed no name at all: the seat is named as one left empty."""
    scene.names[0], scene.defaults[0] = "\u3164", False
    scene.names[1], scene.defaults[1] = "\u2800 ", False
    first, second = scene.setup().seats
    assert first.name == app.t("you")
    assert second.name in COMPUTER_NAMES


def test_a_name_reached_with_the_keys_is_replaced_by_what_is_typed(app, scene) -> None:
    """Tab to the first seat's name, then type: the letters went after the game's "You"
    ("YouBea"); a name the game gave is replaced, as when the field is clicked."""
    _, name, _, _ = seat(scene, 0)
    while scene.form.focus is not name:
        press(app, pygame.K_TAB)
    assert not scene.form.editing()
    type_text(app, "Bea")
    assert scene.names[0] == "Bea"
    type_text(app, "trice")
    assert scene.names[0] == "Beatrice"  # then typing goes on after the name


def test_escape_ends_typing_first_then_leaves(app, scene) -> None:
    _, name, _, _ = seat(scene, 1)
    click(app, name)
    assert scene.form.editing()
    press(app, pygame.K_ESCAPE)
    assert not scene.form.editing() and app.stack.top is scene
    press(app, pygame.K_ESCAPE)
    assert app.stack.top is not scene


def test_starts_from_the_last_setup(app, store) -> None:
    from scopa.settings import MatchSetup, SeatConfig

    last = MatchSetup(
        (
            SeatConfig("Anna", False, "beginner"),
            SeatConfig("Bruno", False, "master"),
            SeatConfig("Carla", True, "expert"),
        ),
        Rules(players=3, target=16),
    )
    app.settings = app.settings.with_(last_setup=last, rules=Rules(players=3, target=16))
    scene = NewGameScene(app)
    assert scene.setup() == last


def test_new_game_opens_at_the_last_match_table_with_everyone_as_they_sat(
    app, scene, store
) -> None:
    """After a six-player hot-seat evening, New game opens at six with every friend at the
    screen as before; at two players it seats the player against a computer, not a friend
    at the screen, and six brings the friends back."""
    from scopa.settings import MatchSetup, SeatConfig

    friends = ("Anna", "Bruno", "Carla", "Dario", "Elena", "Franco")
    last = MatchSetup(
        tuple(SeatConfig(name, True) for name in friends), Rules(players=6, six_sides=6)
    )
    app.settings = app.settings.with_(last_setup=last, rules=last.rules)
    scene = NewGameScene(app)
    app.stack.push(scene)
    frame(app)
    assert (scene.players, scene.six_sides) == (6, 6)
    assert scene.setup() == last
    players = scene.players_row.control
    for _ in range(3):  # 6, 2 (round), 3, 4
        click(app, (players.rect.right - 5, players.rect.centery))
        if scene.players == 2:
            assert [seat.human for seat in scene.setup().seats] == [True, False]
    click(app, (players.rect.right - 5, players.rect.centery))  # 6
    assert scene.players == 6
    assert scene.setup().seats == last.seats


def test_a_hot_seat_match_for_three_comes_back_at_three(app, store) -> None:
    """Three players, the second a friend at the screen: New game opens that way again (the
    scopone games keep their four)."""
    from scopa.settings import MatchSetup, SeatConfig

    seats = (SeatConfig("Player 1", True), SeatConfig("Bea", True), SeatConfig("Marco", False))
    last = MatchSetup(seats, Rules(players=3))
    app.settings = app.settings.with_(last_setup=last, rules=last.rules)
    assert NewGameScene(app).setup() == last
    app.settings = app.settings.with_(rules=PRESETS["scopone_scientifico"])
    assert NewGameScene(app).players == 4


def test_players_chosen_in_the_settings_since_the_last_match_open_new_game(app, store) -> None:
    """Four players at the last match, three chosen in the Settings since: New game opened
    at the last match's four, though the Settings said three and Play started three. It
    opens at three, the friend at the screen still in her seat; back at four, everyone
    sits as last time."""
    from scopa.settings import MatchSetup, SeatConfig

    seats = (
        SeatConfig("Anna", True),
        SeatConfig("Bea", True),
        SeatConfig("Marco", False),
        SeatConfig("Luca", False),
    )
    last = MatchSetup(seats, Rules(players=4))
    app.settings = app.settings.with_(last_setup=last, rules=Rules(players=3))
    scene = NewGameScene(app)
    assert scene.players == 3 == app.matches.quick_setup().rules.players
    assert [seat.human for seat in scene.setup().seats] == [True, True, False]
    assert [seat.name for seat in scene.setup().seats][:2] == ["Anna", "Bea"]
    scene.players_row.control.step(+1)
    assert scene.setup() == last


def test_seats_chosen_here_stay_as_the_player_count_changes(app, scene) -> None:
    _, _, kind, _ = seat(scene, 1)
    click(app, kind)  # seat 2 becomes human
    players = scene.players_row.control
    click(app, (players.rect.right - 5, players.rect.centery))  # 3
    assert scene.humans[:3] == [True, True, False]


def test_the_rules_are_those_of_the_settings_not_of_the_last_match(app, store) -> None:
    """Set scientifico in the settings after a classic match: New game offers scientifico."""
    from scopa.engine import PRESETS
    from scopa.settings import MatchSetup, SeatConfig

    last = MatchSetup((SeatConfig("Anna", True), SeatConfig("Bruno", False)), PRESETS["classic"])
    chosen = PRESETS["scopone_scientifico"]
    app.settings = app.settings.with_(last_setup=last, rules=chosen)
    scene = NewGameScene(app)
    assert scene.rules() == chosen
    assert [seat.name for seat in scene.setup().seats][:2] == ["Anna", "Bruno"]


def test_default_names_never_repeat_a_seated_name(app, store) -> None:
    from scopa.settings import MatchSetup, SeatConfig

    last = MatchSetup((SeatConfig("Giulia", True), SeatConfig("Marco", False)), Rules())
    app.settings = app.settings.with_(last_setup=last, rules=Rules())
    scene = NewGameScene(app)
    assert scene.players == 2  # the last match's table
    scene.players_row.control.step(+1)
    scene.players_row.control.step(+1)
    names = [seat.name.casefold() for seat in scene.setup().seats]
    assert len(set(names)) == 4


def test_two_seats_with_one_name_cannot_start(app, store) -> None:
    scene = NewGameScene(app)
    scene.names[1] = scene.names[0]
    assert not scene._check()
    assert scene.error == app.t("ng_same_name", name=scene.names[0])


@pytest.mark.parametrize(
    "first, second",
    [("Zo\u00eb", "Zoe\u0308"), ("Marco", "\uff2darco"), ("Anna", "\u0410nna"),
     ("Zo\u00eb", "Zoe"), ("Jos\u00e9", "JOSE")],  # told apart by an accent alone, across a room
)  # fmt: skip
def test_two_seats_named_alike_in_other_letters_cannot_start(app, store, first, second) -> None:
    """ "Zoë" typed with its letter and "Zoë" typed as "e" and a mark (a dead key, a name
    pasted from a file) started a match with two players drawn alike: names are compared
    as the online table compares them (full-width and other alphabets' look-alikes too)."""
    scene = NewGameScene(app)
    scene.names[0], scene.names[1] = first, second
    scene.defaults[0] = scene.defaults[1] = False
    assert not scene._check()
    assert scene.error == app.t("ng_same_name", name=second)


def test_a_computer_is_never_named_like_a_person_in_other_letters(app) -> None:
    from scopa.app.matches import free_names

    assert "Marco" not in free_names(["\uff2darco", "Giulia"], 3)
    assert "Giulia" not in free_names(["Giuli\u0430"], 2)  # a Cyrillic a


# --- six players and Cirulla --------------------------------------------------------------------


def choose_players(app, scene, players: int) -> None:
    control = scene.players_row.control
    while scene.players != players:
        click(app, (control.rect.right - 5, control.rect.centery))


def test_six_players_in_three_pairs(app, scene) -> None:
    choose_players(app, scene, 6)
    assert scene.sides_row in scene.form.widgets and scene.teams_row not in scene.form.widgets
    shown = [seat(scene, n)[1] for n in range(6)]
    assert all(field in scene.form.widgets for field in shown)
    sides = scene.sides_row.control
    click(app, (sides.rect.right - 5, sides.rect.centery))
    assert sides.label() == app.t("sides_3")
    rules = scene.setup().rules
    assert rules.players == 6 and rules.six_sides == 3 and rules.sides == 3
    names = [s.name.casefold() for s in scene.setup().seats]
    assert len(set(names)) == 6
    you = app.t("you")
    pairs = [" & ".join(scene.seat_names()[s] for s in rules.seats_of(side)) for side in range(3)]
    assert scene.matchup() == f"{pairs[0]}, {pairs[1]}, {pairs[2]}: each pair on its own"
    assert scene.matchup().startswith(f"{you} & ")
    assert scene.error == ""


def test_three_players_alone_are_not_each_against_the_next(app, scene) -> None:
    """With three alone the summary read "You against Giulia against Marco"."""
    choose_players(app, scene, 3)
    names = scene.seat_names()
    assert scene.matchup() == f"{names[0]}, {names[1]} and {names[2]}, each on their own"
    app.set_language("it")
    names = scene.seat_names()
    assert scene.matchup() == f"{names[0]}, {names[1]} e {names[2]}, ognuno per sé"


FRIENDS = ("Anna", "Bruno", "Carla", "Dario", "Franco", "Gina")
SIDES_TOLD = {
    (6, False, 3): {
        "it": "Anna e Dario, Bruno e Franco, Carla e Gina: ogni coppia per sé",
        "en": "Anna & Dario, Bruno & Franco, Carla & Gina: each pair on its own",
    },
    (6, False, 2): {
        "it": "Anna, Carla e Franco contro Bruno, Dario e Gina",
        "en": "Anna, Carla & Franco against Bruno, Dario & Gina",
    },
    (6, False, 6): {
        "it": "Anna, Bruno, Carla, Dario, Franco e Gina, ognuno per sé",
        "en": "Anna, Bruno, Carla, Dario, Franco and Gina, each on their own",
    },
    (4, True, 2): {
        "it": "Anna e Carla contro Bruno e Dario",
        "en": "Anna & Carla against Bruno & Dario",
    },
    (4, False, 2): {
        "it": "Anna, Bruno, Carla e Dario, ognuno per sé",
        "en": "Anna, Bruno, Carla and Dario, each on their own",
    },
}


@pytest.mark.parametrize("language", ["it", "en"])
@pytest.mark.parametrize("table", list(SIDES_TOLD), ids=lambda t: f"{t[0]}p-teams{t[1]}-{t[2]}")
def test_the_line_under_the_seats_tells_every_side_apart(app, language, table) -> None:
    """With three pairs the Italian line read "Tu e Lucia, Giulia e Paolo e Marco e Chiara,
    coppia contro coppia": the pairs, each joined by "e", were joined by "e" again, so the
    last four names read as one side."""
    from scopa.settings import MatchSetup, SeatConfig

    players, teams, six_sides = table
    rules = Rules(players=players, teams=teams, six_sides=six_sides)
    seats = tuple(SeatConfig(name, n == 0) for n, name in enumerate(FRIENDS[:players]))
    app.settings = app.settings.with_(last_setup=MatchSetup(seats, rules), rules=rules)
    app.set_language(language)
    scene = NewGameScene(app)
    assert scene.rules() == rules
    assert scene.matchup() == SIDES_TOLD[table][language]


def seat_colours(app, scene) -> list[tuple[int, ...]]:  # noqa: ANN001
    """The colour of each seat's side marker, as drawn."""
    app.frame(1.0, [])  # past the fade-in
    colours = []
    for n in range(scene.players):
        label = seat(scene, n)[0].rect
        r = max(3, label.h // 7)
        colours.append(tuple(app.screen.get_at((label.right - r * 3, label.centery)))[:3])
    return colours


@pytest.mark.parametrize("six_sides", [2, 3, 6])
def test_the_side_markers_follow_the_sides_of_six_players(app, scene, six_sides) -> None:
    choose_players(app, scene, 6)
    scene.six_sides = six_sides
    rules = scene.rules()
    colours = seat_colours(app, scene)
    for n in range(6):
        assert colours[n] == style.SIDE_COLORS[rules.side_of(n)], n
    assert len(set(colours)) == rules.sides


def test_rules_that_cannot_seat_the_players_still_colour_the_seats_by_the_teams_shown(
    app, scene
) -> None:
    """Scopone scientifico for six, in two teams of three: the message said it cannot be
    played and the six seats took six colours, as if everyone played alone."""
    scene._set_preset("scopone_scientifico")
    choose_players(app, scene, 6)
    scene.six_sides = 2
    scene._check()
    assert scene.error and scene.sides_row.control.label() == app.t("sides_2")
    colours = seat_colours(app, scene)
    assert colours == [style.SIDE_COLORS[n % 2] for n in range(6)]


def test_back_to_four_players_shows_the_teams_toggle_again(app, scene) -> None:
    choose_players(app, scene, 6)
    choose_players(app, scene, 2)  # the choice wraps round
    choose_players(app, scene, 4)
    assert scene.teams_row in scene.form.widgets and scene.sides_row not in scene.form.widgets
    assert all(seat(scene, n)[1] not in scene.form.widgets for n in (4, 5))
    assert len(scene.setup().seats) == 4


def test_cirulla_is_played_to_51_and_not_by_six(app, scene) -> None:
    choose_players(app, scene, 6)
    scene.form.set_focus(scene.preset_row)
    press(app, pygame.K_LEFT)  # from the first preset (Settings' classic) round to the last
    assert scene.preset == "cirulla"
    assert scene.target == 51
    assert scene.target_row.control.label() == "51"
    assert scene.players == 4  # as many of the six as Cirulla seats, not two of them
    # and said: two of the six went without a word (Settings said it)
    cirulla = app.t("preset_cirulla")
    assert scene.field_note() == app.t("players_back_for_game", game=cirulla, was=6, n=4)
    assert scene.setup().rules == PRESETS["cirulla"].with_(players=4)
    choose_players(app, scene, 2)
    assert scene.setup().rules == PRESETS["cirulla"] and scene.error == ""
    choose_players(app, scene, 6)
    assert scene.error == app.t("err_cirulla_players")
    click(app, scene.start_button)
    assert app.stack.top is scene


def test_four_players_keep_their_seats_when_cirulla_is_chosen(app, scene) -> None:
    choose_players(app, scene, 4)
    scene._set_preset("cirulla")
    assert scene.players == 4 and scene.target == 51
    scene._set_preset("classic")  # the preset chosen in Settings
    assert scene.target == app.settings.rules.target


def test_six_seats_fit_the_smallest_window_in_both_languages(app) -> None:
    from scopa.app.scenes.title import TitleScene

    app.resize((960, 540))
    for language in ("it", "en"):
        app.set_language(language)
        app.stack.push(TitleScene(app))
        scene = NewGameScene(app)
        app.stack.push(scene)
        choose_players(app, scene, 6)
        frame(app)
        placed = [w.rect for w in scene.form.widgets]
        for i, a in enumerate(placed):
            assert scene.panel.contains(a)
            for b in placed[i + 1 :]:
                assert not a.colliderect(b), (a, b)
        assert scene.message_box.h >= scene.m.px(0.05)
        assert scene.message_box.top >= scene.preset_row.rect.bottom
        assert scene.message_box.bottom <= scene.back_button.rect.top


def test_six_names_never_repeat_one_seated(app, store) -> None:
    from scopa.settings import MatchSetup, SeatConfig

    last = MatchSetup((SeatConfig("Lucia", True), SeatConfig("Giulia", False)), Rules())
    app.settings = app.settings.with_(last_setup=last, rules=Rules())
    scene = NewGameScene(app)
    for _ in range(3):  # 3, 4, 6
        scene.players_row.control.step(+1)
    names = [seat.name.casefold() for seat in scene.setup().seats]
    assert names[:2] == ["lucia", "giulia"] and len(set(names)) == 6


def test_the_matchup_names_the_seats_as_the_table_will(app, scene) -> None:
    """With two people at the screen nobody is "you": the line under the seats names them
    as the table's plates and cover do ("Player 1 against Player 2"), not "You against
    ..." for a match that then asks to hand the computer to Player 1."""
    from scopa.app.table.scene import TableScene

    _, _, kind, _ = seat(scene, 1)
    click(app, kind)  # seat 2 becomes human
    assert scene.humans[:2] == [True, True]
    first = app.t("player_n", n=1)
    second = app.t("player_n", n=2)
    assert scene.matchup() == f"{first} {app.t('ng_against')} {second}"
    click(app, scene.start_button)
    table = app.stack.top
    assert isinstance(table, TableScene)
    assert table.words.seats.seat_name(0) == first


# --- names the game gives, in the language of the moment -----------------------------------


def open_new_game(app) -> NewGameScene:
    app.home()
    app.open("new_game")
    frame(app)
    scene = app.stack.top
    assert isinstance(scene, NewGameScene)
    return scene


def switch_language_in_settings(app, language: str) -> None:
    """Title, Settings, the language choice, Back: as a player does it."""
    from scopa.app.scenes.settings import SettingsScene

    app.home()
    app.open("settings")
    frame(app)
    settings = app.stack.top
    assert isinstance(settings, SettingsScene)
    settings.set_language(language)
    press(app, pygame.K_ESCAPE)
    frame(app)


def test_the_default_name_follows_the_language_chosen_after_an_italian_match(app) -> None:
    """A match set up in Italian keeps "Tu" in the settings; in English New game shows "You"
    in the field as in the line under the seats and at the table, and with two people at
    the screen "Player 1" everywhere."""
    from scopa.app.table.scene import TableScene

    app.settings = app.settings.with_(language="it", tutorial_done=True)
    app.set_language("it")
    scene = open_new_game(app)
    assert seat(scene, 0)[1].get() == "Tu"
    click(app, scene.start_button)
    assert isinstance(app.stack.top, TableScene)
    close_tables(app)
    assert app.settings.last_setup.seats[0].name == "Tu"

    switch_language_in_settings(app, "en")
    scene = open_new_game(app)
    field = seat(scene, 0)[1]
    assert field.get() == "You"
    assert scene.matchup().startswith("You ")
    _, _, kind, _ = seat(scene, 1)
    click(app, kind)  # seat 2 becomes human: two people at the screen
    assert field.get() == "Player 1"
    assert scene.matchup().startswith("Player 1 ")
    click(app, kind)  # a computer again
    click(app, scene.start_button)
    click(app, app.stack.top.yes_button)  # the Italian match, saved, may be replaced
    table = app.stack.top
    assert isinstance(table, TableScene)
    assert table.words.seats.seat_name(0) == field.get() == "You"
    close_tables(app)


def test_a_typed_name_is_kept_whatever_the_language(app) -> None:
    app.settings = app.settings.with_(language="it", tutorial_done=True)
    app.set_language("it")
    scene = open_new_game(app)
    _, name, _, _ = seat(scene, 0)
    click(app, name)
    for _ in range(30):
        press(app, pygame.K_BACKSPACE)
    type_text(app, "Tuono")
    press(app, pygame.K_RETURN)
    click(app, scene.start_button)
    close_tables(app)

    switch_language_in_settings(app, "en")
    scene = open_new_game(app)
    assert seat(scene, 0)[1].get() == "Tuono"
    assert scene.matchup().startswith("Tuono ")


def test_a_computer_saved_with_the_seat_s_number_gets_a_computer_s_name(app) -> None:
    """A match set up with an emptied field was kept with "Posto 2" for its computer:
    New game and Play give that computer a computer's name, in either language."""
    from scopa.settings import MatchSetup, SeatConfig

    last = MatchSetup((SeatConfig("Anna", True), SeatConfig("Posto 2", False)), Rules())
    app.settings = app.settings.with_(language="en", last_setup=last, rules=Rules())
    app.set_language("en")
    scene = open_new_game(app)
    assert [seat(scene, n)[1].get() for n in range(2)] == ["Anna", COMPUTER_NAMES[0]]
    assert scene.matchup() == f"Anna {app.t('ng_against')} {COMPUTER_NAMES[0]}"
    assert [s.name for s in app.matches.quick_setup().seats] == ["Anna", COMPUTER_NAMES[0]]


def test_computers_start_at_the_level_the_player_chose_or_beginner_before_any(app) -> None:
    """Fresh from the tutorial, played against a beginner, a newcomer found the computers
    of New game at Expert: until the player has chosen a level (Play asks it), they are
    beginners; then they are at the level chosen."""
    scene = NewGameScene(app)
    app.stack.push(scene)
    frame(app)
    assert {seat.level for seat in scene.setup().seats[1:]} == {"beginner"}
    app.back()
    app.settings = app.settings.with_(opponent_level="master")
    scene = NewGameScene(app)
    app.stack.push(scene)
    frame(app)
    assert {seat.level for seat in scene.setup().seats[1:]} == {"master"}


def test_greyed_teams_show_off_and_a_person_no_level(app, scene) -> None:
    """With two players the greyed Teams switch read on beside "each on their own": it
    shows off, and a person's seat shows no level; both are as they were once they
    apply."""
    assert scene.players == 2 and scene.teams
    teams = scene.teams_row.control
    assert not teams.enabled and not teams.shown()
    _, _, kind, level = seat(scene, 1)
    shown = level.label()
    assert shown == app.t("level_beginner")
    click(app, kind)  # seat 2 becomes a person
    assert level.label() == "\u2014"
    click(app, kind)
    assert level.label() == shown
    players = scene.players_row.control
    click(app, (players.rect.right - 5, players.rect.centery))  # 3
    click(app, (players.rect.right - 5, players.rect.centery))  # 4
    assert teams.enabled and teams.shown()


def test_typing_replaces_the_name_the_game_gave_and_adds_to_a_typed_one(app, scene) -> None:
    """Click the field showing "You" and type "Bob": the name is "Bob", not "YouBob". A
    name the player typed is added to as before."""
    _, name, _, _ = seat(scene, 0)
    assert scene.setup().seats[0].name == app.t("you")
    click(app, name)
    type_text(app, "Bob")
    assert scene.setup().seats[0].name == "Bob"
    press(app, pygame.K_ESCAPE)  # typing ends
    click(app, name)
    type_text(app, "by")
    assert scene.setup().seats[0].name == "Bobby"


def test_a_look_at_scopone_among_the_rules_leaves_the_players_as_chosen(app, scene) -> None:
    """Three players chosen, then the rules flipped through: the scopone games seat four,
    and every later game of three-card hands is at three again (not four for good)."""
    players = scene.players_row.control
    click(app, (players.rect.right - 5, players.rect.centery))  # 3
    scene.form.set_focus(scene.preset_row)
    seen = {}
    for _ in range(len(PRESETS)):
        press(app, pygame.K_RIGHT)
        seen[scene.preset] = scene.players
    for name, rules in PRESETS.items():
        assert seen[name] == (rules.players if rules.deal != "scopa" else 3), name


def test_rules_for_two_only_met_on_the_way_leave_the_players_as_chosen(app) -> None:
    """The settings' rules are for two (Cirulla with the Luzzati table rules): three
    players chosen with the classic rules, the rules flipped left past them to Cirulla,
    which three can play, seat three again, not the two the settings' rules needed."""
    from scopa.app.scenes.title import TitleScene

    rules = Rules(cirulla=True, luzzati_table_rules=True, target=51)
    app.settings = app.settings.with_(rules=rules, last_setup=None)
    app.stack.push(TitleScene(app))
    scene = NewGameScene(app)
    app.stack.push(scene)
    frame(app)
    scene.form.set_focus(scene.preset_row)
    press(app, pygame.K_RIGHT)
    assert scene.preset == "classic"
    players = scene.players_row.control
    click(app, (players.rect.right - 5, players.rect.centery))
    assert scene.players == 3
    scene.form.set_focus(scene.preset_row)
    press(app, pygame.K_LEFT)  # the settings' rules: two only
    assert scene.players == 2
    press(app, pygame.K_LEFT)
    assert scene.preset == "cirulla" and scene.players == 3
    press(app, pygame.K_RIGHT)
    press(app, pygame.K_RIGHT)
    assert scene.preset == "classic" and scene.players == 3


def test_a_name_the_game_gives_another_seat_is_refused_with_a_reason(app, scene) -> None:
    """ "You" typed for a computer's seat would be shown as "Seat 2" at the table: New game
    says why instead of starting, and starts once the name is the player's own."""
    app.set_language("en")
    click(app, seat(scene, 0)[1])
    type_text(app, "Anna")  # replaces "You"
    _, name, _, _ = seat(scene, 1)
    click(app, name)
    press(app, pygame.K_a, mod=pygame.KMOD_LCTRL)
    type_text(app, "You")
    press(app, pygame.K_ESCAPE)
    assert scene.error == app.t("ng_game_name", name="You", n=2)
    click(app, scene.start_button)
    assert app.stack.top is scene
    click(app, name)
    press(app, pygame.K_a, mod=pygame.KMOD_LCTRL)
    type_text(app, "Yolanda")
    assert scene.error == ""


def test_a_name_in_another_alphabet_is_drawn_with_its_letters_everywhere(app, scene) -> None:
    """ "Иван" typed for seat 1: the serif line under the seats, whose font has no Cyrillic,
    and every text at the table write the name in a font that has its letters, never as
    boxes."""
    from scopa.app import style

    drawn = []
    _, name, _, _ = seat(scene, 0)
    click(app, name)
    type_text(app, "Иван")
    with style.watch_text(drawn.append):
        frame(app)
        click(app, scene.start_button)
        for _ in range(90):
            frame(app)
    named = [text for text in drawn if "Иван" in text.words]
    assert {text.role for text in named} >= {"ui"}  # the field, the seat at the table
    for text in named:
        assert not style.lacks(app.font(text.role, style.GLYPH_PX), text.words), text
    assert style.lacks(app.font("text", style.GLYPH_PX), "Иван")  # so it fell back


def test_a_character_no_font_can_draw_is_left_out_of_a_name_with_a_word_why(app, scene) -> None:
    """Letters the game cannot draw at all (an emoji, Korean) would show as boxes: the name
    field leaves them out and a message says so, in the player's language."""
    _, name, _, _ = seat(scene, 0)
    click(app, name)
    type_text(app, "Zoë민준🙂")
    assert scene.setup().seats[0].name == "Zoë"
    frame(app)
    assert scene.field_note() == app.t(
        "cannot_draw"
    )  # on the explanation line, not over the heading
    assert not app.toasts.shown()
    type_text(app, "!")
    assert scene.setup().seats[0].name == "Zoë!"


def test_a_heart_as_a_phone_writes_it_is_left_out_of_a_name_not_fatal(app, scene) -> None:
    """A phone keyboard writes a heart with an invisible mark after it (U+FE0F, which asks
    for the emoji's picture): the mark draws nothing, its picture could not be made, and
    typing it stopped the game."""
    _, name, _, _ = seat(scene, 0)
    click(app, name)
    for _ in range(30):
        press(app, pygame.K_BACKSPACE)
    type_text(app, "Anna\u2764\ufe0f Bo\u034f")
    frame(app)
    assert scene.setup().seats[0].name == "Anna\u2764 Bo"  # the heart is DejaVu's
    assert scene.field_note() == app.t("cannot_draw")


def test_letters_left_out_of_a_name_leave_no_blanks_behind(app, scene) -> None:
    """Typed "민준 محمد Zoë", the field read "  Zoë": the spaces between the letters it
    could not draw (Korean; Arabic, which it would write backwards) stayed, before the
    name."""
    _, name, _, _ = seat(scene, 1)
    click(app, name)
    for _ in range(30):
        press(app, pygame.K_BACKSPACE)
    for letter in "민준 محمد Zoë  Ann ":  # typed one key at a time
        type_text(app, letter)
    assert name.get() == "Zoë Ann "
    type_text(app, "  ")
    assert name.get() == "Zoë Ann "
    type_text(app, " 지아 Bo")  # pasted at once
    assert scene.setup().seats[1].name == "Zoë Ann Bo"


@pytest.mark.parametrize("typed", ["李明", "山田 さくら"])
def test_a_name_in_chinese_or_japanese_is_kept_and_drawn(app, scene, typed) -> None:
    """Chinese and Japanese names were left out as letters no font of the game's drew (a
    friend online named 李雷 was "Player 4" on every screen): they are written by the
    fallback font, whole, in the field and on the table."""
    _, name, _, _ = seat(scene, 1)
    click(app, name)
    for _ in range(30):
        press(app, pygame.K_BACKSPACE)
    type_text(app, typed)
    frame(app)
    assert name.get() == typed and scene.field_note() != app.t("cannot_draw")
    assert scene.setup().seats[1].name == typed
    pen = style.able(typed, style.Pen(app.font, "ui_bold", 24, style.CREAM))
    assert pen.role == "ui_bold"  # DejaVu Sans, with the letters of Droid Sans Fallback
    assert not style.lacks(app.font(pen.role, 24), typed)


def test_my_rules_say_which_rules_they_are(app):
    """ "My rules" alone told nothing of the variants chosen in Settings: rules of one's own
    are listed by their names in Settings."""
    mine = Rules(assi=True, assi_ace_takes_ace=False, re_bello=True, napola=True)
    app.settings = app.settings.with_(language="en", rules=mine)
    app.set_language("en")
    scene = open_new_game(app)
    assert scene.preset == MINE
    assert scene._preset_hint() == "Your own rules, made in Settings"
    assert scene.my_rules() == ("My rules · Scopa d'assi (Ace takes an ace: off, Re bello, Napola)")
    app.set_language("it")
    assert scene.my_rules() == (
        "Le mie regole · Scopa d'assi (Asso prende asso: no, Re bello, Napola)"
    )
    # "Le mie regole: Distribuzione: Scientifico": the heading's colon before a rule's own
    app.settings.rules = Rules(deal="scientifico")
    assert scene.my_rules().count(":") == 1, scene.my_rules()
    scene._set_preset("scopone")
    assert scene.my_rules() == ""  # a preset chosen here says what it is in its own hint


def test_my_rules_are_those_settings_call_so(app):
    """New game's "My rules" are the rules Settings keeps as the player's own, even while a
    preset is chosen there; it opens on the preset or the own rules chosen in Settings."""
    mine = Rules.preset("cirulla").with_(low_hand_max=8, no_decino=True)
    app.settings = app.settings.with_(rules=mine)
    app.settings = app.settings.with_(rules=Rules.preset("scopone"))
    scene = open_new_game(app)
    assert scene.preset == "scopone"
    assert [value for value, _ in scene.preset_row.control.options][0] == MINE
    scene._set_preset(MINE)
    assert scene.base_rules() == mine  # at the table chosen here, scopone's four
    assert scene.setup().rules == mine.with_(players=4, teams=scene.teams)
    app.settings = Settings(language="en")  # never made any
    scene = open_new_game(app)
    assert MINE not in [value for value, _ in scene.preset_row.control.options]
    assert scene.preset == "classic"


def test_a_computer_made_a_person_loses_the_computer_s_name(app, scene) -> None:
    """Seat 2 made a person kept "Giulia", the name the game gave the computer, while seat
    1 became "Player 1": now both are named as people, and back to a computer, seat 2 is
    given a computer's name again. A name typed stays whatever the seat's kind."""
    _, name, kind, _ = seat(scene, 1)
    assert scene.shown_name(1) == "Giulia"
    click(app, kind)  # a person
    assert scene.seat_names()[:2] == [app.t("player_n", n=1), app.t("player_n", n=2)]
    click(app, kind)  # a computer again
    assert scene.shown_name(1) == "Giulia" and scene.shown_name(0) == app.t("you")
    click(app, name)
    type_text(app, "Bruno")
    press(app, pygame.K_RETURN)
    click(app, kind)
    typed = scene.shown_name(1)
    assert typed.endswith("Bruno")
    click(app, kind)
    assert scene.shown_name(1) == typed


def test_a_name_typed_past_what_it_holds_is_said_to_be_full(app, scene) -> None:
    """Typing stopped at the name's last letter without a sign: the player is told."""
    from scopa.settings import MAX_NAME

    _, name, _, _ = seat(scene, 1)
    click(app, name)
    type_text(app, "Anna Maria Lucia Benedetta Rossi")
    assert len(scene.shown_name(1)) == MAX_NAME
    assert scene.field_note() == app.t("name_full", n=MAX_NAME)
    assert not app.toasts.shown()  # a toast covered the screen's heading
    drawn: list[style.Drawn] = []
    with style.watch_text(drawn.append):
        frame(app)
    (said,) = [text for text in drawn if text.words == app.t("name_full", n=MAX_NAME)]
    assert scene.hint_area.contains(said.used)
    for _ in range(round(NOTE_SECONDS / FRAME) + 2):
        frame(app)
    assert scene.field_note() == ""


def test_seats_the_player_count_makes_computers_get_computers_names(app, store) -> None:
    """After a four-player evening with friends at the screen, six players (or two) made
    the friends' seats computers still named as people: the table showed a computer
    called "Seat 2", and the matchup read "You against Seat 2"."""
    from scopa.settings import MatchSetup, SeatConfig

    seats = (
        SeatConfig("Player 1", True),
        SeatConfig("Player 2", True),
        SeatConfig("Marco", False),
        SeatConfig("Player 4", True),
    )
    last = MatchSetup(seats, Rules(players=4))
    app.settings = app.settings.with_(language="en", last_setup=last, rules=last.rules)
    scene = NewGameScene(app)
    app.stack.push(scene)
    frame(app)
    players = scene.players_row.control
    click(app, (players.rect.right - 5, players.rect.centery))  # 6
    assert scene.players == 6
    names = scene.seat_names()
    computers = [names[seat] for seat in range(6) if not scene.humans[seat]]
    assert computers and all(name in COMPUTER_NAMES for name in computers), names
    assert len(set(names)) == 6
    click(app, (players.rect.right - 5, players.rect.centery))  # 2
    assert scene.players == 2 and scene.seat_names()[1] in COMPUTER_NAMES
    assert "Seat" not in scene.matchup()
    for _ in range(2):  # 3, 4: the friends are back, as people
        click(app, (players.rect.right - 5, players.rect.centery))
    assert scene.players == 4
    assert scene.setup().seats == seats


def test_the_rules_stay_put_under_the_pointer_whatever_the_players(app, scene) -> None:
    """At six players, choosing scopone (four) moved the rules up by two seats: the next
    click at the same spot turned seat 6 into a person or a computer. The rules and the
    target keep their place for every number of players."""
    places = set()
    for players in (2, 3, 4, 6):
        scene._set_players(players)
        frame(app)
        places.add((tuple(scene.preset_row.rect), tuple(scene.target_row.rect)))
        last_seat = scene.seat_widgets[players - 1][0].rect
        assert last_seat.bottom <= scene.preset_row.rect.top
    assert len(places) == 1


def test_friends_at_three_stay_at_the_screen_when_a_fourth_seat_is_added(app, store) -> None:
    """Three players, the second a friend at the screen (as last time): four players made
    the friend a computer again, and a group had to set everyone again."""
    from scopa.settings import MatchSetup, SeatConfig

    seats = (SeatConfig("Anna", True), SeatConfig("Bruno", True), SeatConfig("Marco", False))
    app.settings = app.settings.with_(
        language="en", last_setup=MatchSetup(seats, Rules(players=3)), rules=Rules(players=3)
    )
    scene = NewGameScene(app)
    app.stack.push(scene)
    frame(app)
    assert scene.players == 3 and scene.humans[:3] == [True, True, False]
    players = scene.players_row.control
    click(app, (players.rect.right - 5, players.rect.centery))  # 4
    assert scene.players == 4
    assert [seat.human for seat in scene.setup().seats] == [True, True, False, False]
    assert [seat.name for seat in scene.setup().seats][:2] == ["Anna", "Bruno"]


@pytest.mark.parametrize("size", [(960, 540), (1920, 1080)])
def test_the_columns_names_sit_clear_of_the_first_seat_s_focus_ring(app, size) -> None:
    """The focus ring round the first seat's name field covered the foot of "Name" over
    it: the columns' names now end where the ring begins."""
    app.resize(size)
    scene = NewGameScene(app)
    app.stack.push(scene)
    frame(app)
    _, name, _, _ = seat(scene, 0)
    assert scene.header_box.bottom <= name.rect.top - style.focus_reach(scene.m)


def test_the_target_stops_at_the_shortest_and_the_longest_game(app, scene) -> None:
    """One press too many on the left arrow of the target went from 11 to 101: the family
    asking for the shortest game got the longest, unnoticed until they played."""
    scene.form.set_focus(scene.target_row)
    for _ in range(12):
        press(app, pygame.K_LEFT)
    assert scene.target == 11
    for _ in range(12):
        press(app, pygame.K_RIGHT)
    assert scene.target == 101


@pytest.mark.parametrize("size", [(960, 540), (1280, 720)])
def test_down_from_the_rules_goes_to_start_not_back(app, scene, size) -> None:
    """Down from the rules landed on Back, a little nearer than Start, and Enter then left
    the screen: with no button under it, Down goes to the screen's main one."""
    app.resize(size)
    frame(app)
    scene.form.set_focus(scene.preset_row)
    press(app, pygame.K_DOWN)  # the round's code, under the rules
    assert scene.form.focus is scene.code_row
    press(app, pygame.K_DOWN)
    assert scene.form.focus is scene.start_button


def test_the_rules_of_a_match_started_here_are_offered_again_and_played_by_play(app) -> None:
    """After a match of scopone started here, New game offered the classic game again, and
    Play played it: the rules chosen here are the rules in force, as if chosen in the
    settings. The player's own rules stay kept."""
    from scopa.engine import PRESETS

    mine = Rules(re_bello=True)
    app.settings = app.settings.with_(rules=mine)
    scene = NewGameScene(app)
    app.stack.push(scene)
    frame(app)
    scene._set_preset("scopone")
    scene.start()
    close_tables(app)
    assert app.settings.rules.preset_name() == "scopone"
    assert app.settings.my_rules == mine
    again = NewGameScene(app)
    assert again.preset == "scopone" and again.rules() == PRESETS["scopone"]
    assert app.matches.quick_setup().rules.preset_name() == "scopone"


@pytest.mark.parametrize(
    ("players", "sides", "preset", "seated"),
    [(6, 3, "scopone", 4), (2, None, "scopone_scientifico", 2)],
)
def test_a_preset_started_here_at_any_table_leaves_the_player_s_own_rules(
    app, players, sides, preset, seated
) -> None:
    """Scopone started after six in three pairs had been chosen (the sides of six went with
    it, though four have none), and scopone scientifico for two (dealt 20 each): both read
    as the player's own rules, put in place of theirs, and were named "Scopone with my
    rules" from then on."""
    mine = Rules(re_bello=True, napola=True)
    app.settings = app.settings.with_(rules=mine).with_(rules=Rules())
    assert app.settings.my_rules == mine
    scene = NewGameScene(app)
    app.stack.push(scene)
    frame(app)
    scene._set_players(players)
    if sides is not None:
        scene.six_sides = sides
    scene._set_preset(preset)
    scene._set_players(seated)
    scene.start()
    close_tables(app)
    played = app.matches.current.rules if app.matches.current else app.settings.rules
    assert played.players == seated and played.preset_name() == preset
    assert app.settings.my_rules == mine
    assert NewGameScene(app).preset == preset


@pytest.mark.parametrize("answer", ["keep", "resume", "replace"])
def test_a_new_game_keeps_its_choices_only_once_its_match_starts(app, store, answer) -> None:
    """New game kept its rules, seats and level in the settings before asking whether to
    replace the saved match: after "Keep the saved one", Play dealt Cirulla, and the saved
    classic match's Rematch dealt Cirulla too (taken for a change made in Settings). Once
    the new match starts they are the settings', and no change for its own rematch."""
    from scopa.app.scenes.confirm import ConfirmScene
    from scopa.app.scenes.title import TitleScene
    from scopa.app.table.scene import TableScene

    from .test_scenes_title import saved_match

    saved_match(store)
    before = app.settings
    app.stack.push(TitleScene(app))
    scene = NewGameScene(app)
    app.stack.push(scene)
    frame(app)
    scene._set_preset("cirulla")
    scene.start()
    question = app.stack.top
    assert isinstance(question, ConfirmScene)
    button = {"keep": "no_button", "resume": "other_button", "replace": "yes_button"}[answer]
    click(app, getattr(question, button))
    kept = Store(store.data_dir).load_settings()
    table = app.stack.top
    if answer == "replace":
        assert app.settings.rules.cirulla and kept.rules.cirulla
        assert isinstance(table, TableScene) and table.match.rules.cirulla
        assert table.coordinator.settings_rules == app.settings.rules
    else:
        assert app.settings == before and kept == before
    if answer == "resume":
        assert isinstance(table, TableScene) and not table.match.rules.cirulla
        assert app.matches.rematch_rules(table.coordinator) == table.match.rules
    close_tables(app)
    # kept or resumed, the saved match stands, and New game still holds what was chosen
    # there (it opened as the settings had it); started, it opens on the match's choices
    assert NewGameScene(app).preset == "cirulla"


def test_what_was_chosen_and_typed_comes_back_after_esc(app, scene) -> None:
    """Esc (the key pressed by mistake) threw away a name typed letter by letter, the
    players and the rules chosen: the screen opened again as the settings had it."""
    _, name, _, _ = seat(scene, 0)
    click(app, name)
    for _ in range(len(scene.names[0])):
        press(app, pygame.K_BACKSPACE)
    type_text(app, "Niccolò")
    press(app, pygame.K_ESCAPE)  # ends the typing
    scene._set_players(4)
    scene._set_preset("scopone")
    chosen = scene.setup()
    press(app, pygame.K_ESCAPE)
    assert app.stack.top is not scene
    again = NewGameScene(app)
    app.stack.push(again)
    frame(app)
    assert again.setup() == chosen and again.shown_name(0) == "Niccolò"
    assert again.players == 4 and again.preset == "scopone"
    assert seat(again, 3)[1] in again.form.widgets  # the fourth seat laid out
    click(app, again.back_button)  # Back keeps it too
    third = NewGameScene(app)
    assert third.setup() == chosen
    app.settings = app.settings.with_(rules=Rules(re_bello=True))  # changed in Settings
    assert NewGameScene(app).setup() != chosen  # made over other settings: not brought back


def test_a_match_started_from_the_screen_leaves_no_choice_to_come_back(app, scene) -> None:
    scene._set_preset("scopone")
    press(app, pygame.K_ESCAPE)
    again = NewGameScene(app)
    app.stack.push(again)
    frame(app)
    assert again.preset == "scopone"
    again._set_preset("cirulla")
    again.start()
    close_tables(app)
    assert app.matches.new_game_draft is None
    assert NewGameScene(app).preset == "cirulla"  # the settings' now, as started


def test_a_name_typed_as_another_seat_s_game_name_in_another_language_cannot_start(app, store):
    """ "Giocatore 2" typed for the first seat beside a second left as "Player 2": started,
    and once the game spoke Italian both seats were "Giocatore 2", the cover calling either.
    A typed name is compared with the game's name of every other seat in every language."""
    app.set_language("en")
    scene = NewGameScene(app)
    scene.humans[1] = True
    scene.defaults[1] = True
    scene.names[0], scene.defaults[0] = "Giocatore 2", False
    assert scene.shown_name(1) == "Player 2"
    assert not scene._check()
    assert scene.error == app.t("ng_same_name", name="Giocatore 2")
    scene.names[0] = "Anna"  # nobody else's name in any language: it plays
    assert scene._check(), scene.error


def test_a_person_named_like_a_computer_the_game_named_takes_the_name(app, store):
    """A friend called Lucia beside a computer the game had named Lucia: Start was refused
    ("Two seats are called Lucia") until the computer was renamed by hand. The computer
    takes another name of its own; a computer's name typed by the player stays."""
    app.set_language("en")
    scene = NewGameScene(app)
    scene.players_row.control.step(+1)  # three seats: the player, two computers
    computer = scene.names[2]
    assert scene.given[2] and not scene.humans[2]
    _, field, _, _ = scene.seat_widgets[1]
    scene.humans[1] = True
    field.set(computer)
    assert scene.shown_name(1) == computer and scene.shown_name(2) != computer
    assert scene._check(), scene.error


def test_ctrl_v_types_the_clipboard_into_a_name(app, scene, monkeypatch) -> None:  # noqa: ANN001
    """Ctrl+V in a seat's name did nothing (online it pasted): it types the clipboard's
    first line there, through the same filter as the keys."""
    from scopa.app import widgets

    _, name, _, _ = seat(scene, 1)
    click(app, name)
    press(app, pygame.K_a, pygame.KMOD_CTRL)  # the name marked: what comes replaces it
    monkeypatch.setattr(widgets, "paste", lambda: "  Margherita\tRossi\nsecond line")
    press(app, pygame.K_v, pygame.KMOD_CTRL)
    assert name.get() == "Margherita Rossi"  # a tab between words: a space
    monkeypatch.setattr(widgets, "paste", lambda: "")
    press(app, pygame.K_v, pygame.KMOD_CTRL)  # nothing on the clipboard: nothing changes
    assert scene.setup().seats[1].name == "Margherita Rossi"


def test_a_computer_s_name_the_game_gave_is_replaced_by_what_is_typed(app, scene) -> None:  # noqa: ANN001
    """Typing into a computer's seat named by the game ("Giulia") wrote after it
    ("GiuliaCarla"), and Ctrl+V the same, where the players' own "Player 2" is replaced:
    the game's name is marked as the typing starts."""
    _, name, kind, _ = seat(scene, 1)
    assert not scene.humans[1]  # a computer, its name the game's
    given = name.get()
    click(app, name)
    type_text(app, "Carla")
    assert name.get() == "Carla" and given != "Carla"


def test_a_round_s_code_typed_deals_that_round_s_cards_again(app, scene) -> None:
    """The score sheet showed a round's code that nothing in the game could take: typed in
    New game, it deals that round's cards again, from the same dealer; a code mistyped is
    said so, and starts nothing."""
    import random

    from scopa.app.table import TableScene
    from scopa.app.wording import deal_id
    from scopa.engine import Match

    played = Match.new(scene.setup().rules, 123456)
    rng = random.Random(1)
    while played.round.round_no < 3:
        played, _ = played.apply(rng.choice(played.legal_moves()))
    click(app, scene.code_row)
    type_text(app, "2t4300 - 3x")  # a letter too many
    assert scene.error == app.t("ng_bad_code") and not scene._check()
    press(app, pygame.K_BACKSPACE)
    assert scene.error == ""
    click(app, scene.start_button)
    table = app.stack.top
    assert isinstance(table, TableScene)
    dealt = table.match.round
    assert deal_id(123456, 3) == "2T4300-3"
    assert dealt.dealer == played.round.dealer
    assert dealt.table_cards() == played.round.table_cards()
    assert all(dealt.hand(seat) == played.round.hand(seat) for seat in range(2))


def test_a_round_s_code_of_another_table_says_which_and_deals_there(app, scene) -> None:
    """A code from a sheet of scopone scientifico at four, typed at a game of two: the same
    seed deals other cards to two players, and the round was dealt, unlike the one named,
    with no word (a friend given the code played another deal). The code names its table:
    the screen says which and starts nothing until it is chosen; then it deals that round."""
    import random

    from scopa.app.table import TableScene
    from scopa.app.wording import deal_id
    from scopa.engine import Match, Rules

    rules = Rules.preset("scopone_scientifico")
    played = Match.new(rules, 123456)
    rng = random.Random(2)
    while played.round.round_no < 2:
        played, _ = played.apply(rng.choice(played.legal_moves()))
    code = deal_id(123456, 2, "4T")
    assert code == "2T4300-2-4T"
    click(app, scene.code_row)
    type_text(app, code.lower())
    told = app.t("ng_code_table", n=4, game=app.t("preset_scopone_scientifico"))
    assert scene.error == told and not scene._check()
    click(app, scene.start_button)
    assert app.stack.top is scene  # nothing started
    scene._set_preset("scopone_scientifico")
    scene._set_players(4)
    assert scene.error == "" and scene._check()
    click(app, scene.start_button)
    table = app.stack.top
    assert isinstance(table, TableScene)
    dealt = table.match.round
    assert dealt.dealer == played.round.dealer
    assert all(dealt.hand(seat) == played.round.hand(seat) for seat in range(4))


def test_enter_in_the_round_code_goes_on_to_start_and_a_code_refused_is_mended(app, scene):
    """On the keys, Enter in the code's field did nothing, and Start refused for the code
    kept the focus on Start: the field was two keys back. Enter goes on to Start when the
    code deals here; a code Start refuses takes the focus back to its field."""
    click(app, scene.code_row)
    type_text(app, "2T4300-3-4T")  # another table's
    press(app, pygame.K_RETURN)
    assert scene.form.focus is not scene.start_button
    press(app, pygame.K_BACKSPACE)
    press(app, pygame.K_BACKSPACE)
    type_text(app, "2S")
    press(app, pygame.K_RETURN)  # typed: on to Start
    assert scene.form.focus is scene.start_button and scene.form.keyboard_used
    scene.code = "2T4300-3-4T"
    click(app, scene.start_button)
    assert scene.error and scene.form.focus is scene.code_row
    scene._set_preset("scopone_scientifico")  # (the players follow the game's own four)
    scene.form.set_focus(scene.start_button)
    scene.code = "bad"
    press(app, pygame.K_RETURN)
    assert scene.error == app.t("ng_bad_code") and scene.form.focus is scene.code_row


@pytest.mark.parametrize("size", [(960, 540), (1920, 1080)])
def test_the_round_code_s_words_start_under_the_game_s(app, scene, size) -> None:
    """The Round code's label sat a few pixels left of the Variant's above it (each row
    wrote from a quarter of its own height in)."""
    app.resize(size)
    frame(app)
    m = scene.m
    assert scene.code_row.text_area(m).left == scene.preset_row.text_area(m).left


@pytest.mark.parametrize(
    ("players", "sides", "shapes"), [(6, 6, 6), (3, 2, 3), (2, 2, 0), (6, 2, 6)]
)
def test_the_seats_wear_the_shapes_they_wear_at_the_table(
    app, scene, monkeypatch, players, sides, shapes
) -> None:
    """Six players each alone: six small dots told apart by their colour alone, where the
    table gives each side a shape of its own. Seats wear their sides' shapes wherever the
    table does (partners, or three sides or more)."""
    drawn: list[int] = []
    monkeypatch.setattr(style, "side_shape", lambda surface, side, *rest: drawn.append(side))
    scene._set_players(players)
    scene._set("six_sides")(sides)
    frame(app)
    assert len(drawn) == shapes
    if shapes:
        assert sorted(set(drawn)) == list(range(min(players, scene.table_rules().sides)))


@pytest.mark.parametrize("language", ["en", "it"])
def test_a_row_s_explanation_is_not_said_again_under_the_screen(app, scene, language) -> None:  # noqa: ANN001
    """The round's code typed, its row's explanation read twice: under its label and again
    between Back and Start. Only what is not on the screen already is said there (a seat's
    name field, which has no line of its own)."""
    from scopa.app import style

    app.set_language(language)
    click(app, scene.code_row)
    type_text(app, "81N1T0")
    drawn: list[style.Drawn] = []
    with style.watch_text(drawn.append):
        frame(app)
    said = app.t("ng_code_hint")
    assert [text.words for text in drawn].count(said) == 1
    _, name, _, _ = seat(scene, 0)
    click(app, name)
    drawn.clear()
    with style.watch_text(drawn.append):
        frame(app)
    assert scene.form.hint() and any(text.words == scene.form.hint() for text in drawn)


def test_a_table_scopone_seated_is_not_said_cut_down_for_cirulla(app, scene) -> None:
    """Six chosen, then scopone (its own four), then Cirulla: "Cirulla is not played by 6:
    the table is back to 4 players" was said of a table of four. Said only of a table that
    lost players."""
    choose_players(app, scene, 6)
    scene.form.set_focus(scene.preset_row)
    while scene.preset != "scopone":
        press(app, pygame.K_RIGHT)
    assert scene.players == 4
    scene.tell_here(lambda t: "")  # (what stepping there said, gone)
    while scene.preset != "cirulla":
        press(app, pygame.K_RIGHT)
    assert scene.players == 4
    assert scene.field_note() == ""


@pytest.mark.parametrize("language", ["en", "it"])
@pytest.mark.parametrize("players", [2, 6])
def test_a_match_of_computers_alone_is_said_to_be_watched_and_not_kept(
    app, scene, language, players
) -> None:
    """A computer put in the player's own seat started a match to watch, not counted nor
    kept, without a word on the screen that started it."""
    from scopa.app import style

    app.resize((960, 540))
    app.set_language(language)
    for _ in range(4):
        if scene.players == players:
            break
        control = scene.players_row.control
        click(app, (control.rect.right - 5, control.rect.centery))
    assert scene.players == players

    def said() -> list[style.Drawn]:
        drawn: list[style.Drawn] = []
        with style.watch_text(drawn.append):
            frame(app)
        bare = app.t("ng_watched_bare")
        return [text for text in drawn if bare.split(":")[0] in text.words]

    assert said() == []  # the player plays
    _, _, kind, _ = seat(scene, 0)
    click(app, kind)  # the player's seat: a computer
    assert not any(scene.humans[:players])
    told = said()
    assert len(told) == 1 and not told[0].elided
    assert told[0].words in (
        app.t("ng_watched", matchup=scene.matchup()),
        app.t("ng_watched_bare"),
    )
    if players == 2:  # two names fit beside it
        assert scene.matchup() in told[0].words
