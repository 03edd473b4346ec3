"""The Play button's quick match follows the rules chosen in the settings."""

import pytest

from scopa.app.scenes.flow import SEPARATOR
from scopa.engine import PRESETS
from scopa.settings import MatchSetup, SeatConfig


@pytest.mark.parametrize("preset", list(PRESETS))
def test_quick_setup_plays_every_preset(app, preset):
    app.settings.rules = PRESETS[preset]
    app.settings.last_setup = None
    setup = app.matches.quick_setup()
    assert setup.rules == PRESETS[preset]
    assert len(setup.seats) == setup.rules.players
    assert setup.mode == "solo" and setup.seats[0].human
    assert all(seat.level == "expert" for seat in setup.seats[1:])


def test_quick_setup_keeps_the_last_seats_but_takes_the_settings_rules(app):
    """Set scientifico in the settings after a classic match: Play plays scientifico."""
    seats = (SeatConfig("Anna", True), SeatConfig("Bruno", False, "master"))
    app.settings.last_setup = MatchSetup(seats, PRESETS["classic"])
    app.settings.rules = PRESETS["scopone_scientifico"].with_(players=2)
    setup = app.matches.quick_setup()
    assert setup.rules == app.settings.rules
    assert [seat.name for seat in setup.seats] == ["Anna", "Bruno"]


def test_play_names_the_player_s_own_rules_as_every_screen_does(app):
    """The title said Play would play "Custom" rules, then "Scopa with my rules" where the
    pause said "Scopa (Napola)": the game they are nearest to and what they change of it."""
    from scopa.app.scenes.flow import describe

    app.settings = app.settings.with_(language="en", rules=PRESETS["classic"].with_(napola=True))
    app.set_language("en")
    assert describe(app, app.matches.quick_setup()).split(SEPARATOR)[1] == "Scopa (Napola)"
    # a line about a match names as many changes as its room takes, and how many more
    many = PRESETS["classic"].with_(napola=True, re_bello=True, seven_count=True)
    app.settings = app.settings.with_(rules=many)
    told = describe(app, app.matches.quick_setup()).split(SEPARATOR)[1]
    assert told == "Scopa (Seven-count, Re bello, Napola)", told
    short = describe(app, app.matches.quick_setup(), fits=lambda line: len(line) < 75)
    assert short.split(SEPARATOR)[1] == "Scopa (Seven-count, +2 more)", short


@pytest.mark.parametrize(
    ("players", "seating", "en", "it"),
    [
        (6, {"six_sides": 2}, "6 players (2 teams of 3)", "6 giocatori (2 squadre da 3)"),
        (6, {"six_sides": 3}, "6 players (3 teams of 2)", "6 giocatori (3 coppie)"),
        (6, {"six_sides": 6}, "6 players (each alone)", "6 giocatori (ognuno per sé)"),
        (4, {"teams": False}, "4 players (each alone)", "4 giocatori (ognuno per sé)"),
        (4, {}, "4 players (2 teams of 2)", "4 giocatori (2 coppie)"),
        (2, {}, "2 players", "2 giocatori"),
    ],
)
def test_a_table_is_told_with_how_it_sits(app, players, seating, en, it):
    """Play online told a table of six as "6 players · Classic · 11 points": two teams of
    three, three pairs or each alone could not be checked there before hosting. Four in
    teams were told "4 players" where six in teams were told theirs, as if alone."""
    from scopa.app.scenes.online import describe_rules

    rules = PRESETS["classic"].with_(players=players, **seating)
    for language, told in (("en", en), ("it", it)):
        app.set_language(language)
        assert describe_rules(app, rules).split(SEPARATOR)[0] == told


@pytest.mark.parametrize("language", ["en", "it"])
def test_the_rules_left_out_of_a_name_are_told_as_a_count(app, language):
    """The Italian pause read "Cirulla (Asso pigliatutto fa scopa: no, un'altra)", the
    "one more" reading as the name of a rule: the count reads as one ("+1 altra")."""
    from scopa.app.wording import count

    app.set_language(language)
    for n in (1, 3):
        assert count(app.t, "rules_more", n).startswith(f"+{n} "), count(app.t, "rules_more", n)


@pytest.mark.parametrize(
    ("language", "items", "said"),
    [
        ("it", ["Principiante", "Esperto"], "Principiante ed Esperto"),
        ("it", ["Anna", "Bruno", "Elena"], "Anna, Bruno ed Elena"),
        ("it", ["Esperto", "Maestro"], "Esperto e Maestro"),
        ("en", ["Beginner", "Expert"], "Beginner and Expert"),
    ],
)
def test_a_list_says_ed_before_a_word_beginning_with_e_in_italian(app, language, items, said):
    """A past match read "contro Principiante e Esperto": Italian says "ed" there."""
    from scopa.app.wording import join

    app.set_language(language)
    assert join(app.t, items) == said


def test_the_classic_game_is_scopa_on_every_screen(app):
    """The classic game was "Classic" on the pause and the title, "Scopa" in Past matches
    and the statistics' chart by game: it is Scopa everywhere a game is named."""
    from scopa.app.scenes.flow import describe
    from scopa.app.scenes.online import game_name

    app.settings = app.settings.with_(language="en", rules=PRESETS["classic"])
    app.set_language("en")
    assert describe(app, app.matches.quick_setup()).split(SEPARATOR)[1] == "Scopa"
    assert game_name(app, PRESETS["classic"]) == app.t("game_scopa")


@pytest.mark.parametrize("language", ["en", "it"])
def test_a_games_changes_have_no_brackets_inside_its_brackets(app, language):
    """A Cirulla without the matta was "Cirulla (Clockwise, Wild card (matta): None)": a
    change inside the game's brackets is told without brackets of its own."""
    from scopa.app.scenes.online import game_name

    app.set_language(language)
    named = game_name(app, PRESETS["cirulla"].with_(matta=None, clockwise=True))
    inside = named[named.index("(") + 1 : named.rindex(")")]
    assert "(" not in inside and ")" not in inside, named
    assert inside.count(",") == 1, named


@pytest.mark.parametrize("language", ["en", "it"])
def test_a_name_ending_in_a_digit_is_set_apart_from_its_score(app, language):
    """A seat left with the game's name ("Player 5") read "Zoë and Player 5 1" on the
    title's line and the final sheet: the points are set apart by a colon there."""
    from scopa.app.scenes.flow import saved_line
    from scopa.engine import Match, Rules

    app.set_language(language)
    rules = Rules(players=6, six_sides=3)  # three pairs: Zoë and the fourth seat
    fourth = app.t("player_n", n=4)  # a person whose name was left empty
    seats = [SeatConfig(name, name in ("Zoë", fourth), "expert")
             for name in ("Zoë", "B", "C", fourth, "D", "E")]  # fmt: skip
    setup = MatchSetup(tuple(seats), rules)
    line = saved_line(app, setup, Match.new(rules, 1))().replace("\xa0", " ")  # (names whole)
    assert f"{fourth}: 0" in line and f"{fourth} 0" not in line, line


def test_teams_of_three_are_set_apart_by_semicolons_in_a_line_of_points() -> None:
    """Two teams of three in a line of points (the tally of the rematches): "Anna, Carla
    and Elena 2, Bruno, Dario and Franco 1", one list of commas, read as six sides."""
    from scopa.app.scenes.flow import scores_told

    teams = [("Anna, Carla and Elena", 2), ("Bruno, Dario and Franco", 1)]
    assert scores_told(teams) == "Anna, Carla and Elena 2; Bruno, Dario and Franco 1"
    assert scores_told([("Anna", 6), ("Bruno", 4)]) == "Anna 6, Bruno 4"


@pytest.mark.parametrize(("language", "shown"), [("en", "Seat 2"), ("it", "Posto 2")])
def test_a_computer_the_game_named_is_described_as_the_table_names_it(app, language, shown) -> None:
    """A match's line (Continue's, the pause's) named a computer by the name kept in the
    file, "Player 2", where the table and the scores said "Seat 2" (and "Posto 2" in
    Italian)."""
    from scopa.app.scenes.flow import describe
    from scopa.engine import Rules
    from scopa.settings import MatchSetup, SeatConfig

    app.set_language(language)
    seats = (SeatConfig("Anna", True), SeatConfig("Player 2", False, "beginner"))
    setup = MatchSetup(seats, Rules())
    assert describe(app, setup).split(SEPARATOR)[-1].startswith(f"{shown} (")
