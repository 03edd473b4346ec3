"""Settings and match setups: defaults, round trips, and a clear error for every bad field."""

from __future__ import annotations

import tomllib

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scopa.engine import PRESETS, RULE_OPTIONS, Rules, RulesError
from scopa.settings import (
    ANIMATION_SPEEDS,
    CARD_BACKS,
    DECK_STYLES,
    FELTS,
    LEVELS,
    MatchSetup,
    SeatConfig,
    Settings,
    SettingsError,
    salvage,
)
from scopa.storage import toml_dumps


def test_first_start_defaults(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("LC_ALL", "LC_MESSAGES", "LANGUAGE"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "en_GB.UTF-8")
    settings = Settings()
    assert settings.language == "en"
    assert settings.rules == Rules()
    assert settings.last_setup is None
    assert settings.tutorial_done is False
    assert 0 <= settings.volume <= 1


@pytest.mark.parametrize(
    ("lang", "expected"), [("it_IT.UTF-8", "it"), ("it_CH", "it"), ("de_DE", "en"), ("C", "en")]
)
def test_language_follows_the_system_locale(
    monkeypatch: pytest.MonkeyPatch, lang: str, expected: str
) -> None:
    for name in ("LC_ALL", "LC_MESSAGES", "LANGUAGE"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", lang)
    assert Settings().language == expected


def test_solo_setup_is_one_human_against_computers_of_one_level() -> None:
    setup = MatchSetup.solo(Rules(players=3), level="master")
    assert [seat.human for seat in setup.seats] == [True, False, False]
    assert {seat.level for seat in setup.seats[1:]} == {"master"}
    assert setup.mode == "solo"
    assert setup.humans == (0,)


def test_modes() -> None:
    rules = Rules(players=4)
    people = tuple(SeatConfig(f"P{i}", i % 2 == 0) for i in range(4))
    computers = tuple(SeatConfig(f"C{i}", False, "beginner") for i in range(4))
    assert MatchSetup(people, rules).mode == "hotseat"
    assert MatchSetup(computers, rules).mode == "watch"


def test_setup_round_trip_every_preset() -> None:
    for rules in PRESETS.values():
        setup = MatchSetup.solo(rules)
        assert MatchSetup.from_dict(setup.to_dict()) == setup


seat_names = st.text(
    st.characters(blacklist_categories=("Cc", "Cs", "Zl", "Zp", "Cf", "Co", "Cn")),
    min_size=1,
    max_size=24,
).filter(lambda name: name.strip() and name.isprintable())


@given(
    name=seat_names,
    preset=st.sampled_from(sorted(PRESETS)),
    level=st.sampled_from(LEVELS),
    style=st.sampled_from(DECK_STYLES),
    speed=st.sampled_from(ANIMATION_SPEEDS),
    felt=st.sampled_from(FELTS),
    back=st.sampled_from(CARD_BACKS),
    volume=st.floats(0, 1),
    flags=st.lists(st.booleans(), min_size=5, max_size=5),
)
def test_settings_round_trip_through_toml(
    name: str,
    preset: str,
    level: str,
    style: str,
    speed: str,
    felt: str,
    back: str,
    volume: float,
    flags: list[bool],
) -> None:
    rules = Rules.preset(preset)
    setup = MatchSetup.solo(rules, level=level, name=name)
    settings = Settings(
        rules=rules.with_(capture_limit=None if flags[0] else 2),
        language="it",
        deck_style=style,
        corner_index=flags[1],
        large_values=flags[4],
        animation_speed=speed,
        felt=felt,
        card_back=back,
        volume=volume,
        muted=flags[2],
        fullscreen=flags[3],
        last_setup=setup,
        tutorial_done=flags[0],
        online_friends=3 if flags[1] else 0,
        online_partners=1 if flags[2] else -1,
        online_here=2 if flags[3] else 0,
        online_here_names=("Luca", "") if flags[0] else (),
    )
    text = toml_dumps(settings.to_dict())
    assert Settings.from_dict(tomllib.loads(text)) == settings


def test_every_rule_a_screen_offers_survives_the_file_as_chosen() -> None:
    """TOML has no null, so a rule set to None was left out of the file and read back as
    its default: Cirulla without the matta dealt with the 7 of cups wild after a restart
    (and the player's own rules were lost with it). Each value of each rule, in the rules,
    the player's own and the last table set, and in a file read back line by line."""
    base = Rules.preset("cirulla")
    for option in RULE_OPTIONS:
        for value in option.values:
            try:
                rules = base.with_(**{option.name: value})
            except RulesError:
                continue
            setup = MatchSetup.solo(rules, level="expert", name="Anna")
            settings = Settings(rules=rules, my_rules=rules.with_(target=21), last_setup=setup)
            text = toml_dumps(settings.to_dict())
            assert Settings.from_dict(tomllib.loads(text)) == settings, (option.name, value)
            salvaged = salvage(text)
            assert salvaged is not None and salvaged.rules == rules, (option.name, value)
            assert salvaged.my_rules == settings.my_rules, (option.name, value)


def test_missing_entries_take_defaults() -> None:
    settings = Settings.from_dict({"muted": True}, language="it")
    assert settings == Settings(language="it", muted=True)


BAD_SETTINGS = [
    ({"language": "fr"}, "language"),
    ({"language": 3}, "language"),
    ({"deck_style": "tarocchi"}, "deck_style"),
    ({"deck": "tarocchi"}, "deck"),
    ({"deck": 3}, "deck"),
    ({"corner_index": "yes"}, "corner_index"),
    ({"large_values": 1}, "large_values"),
    ({"animation_speed": "warp"}, "animation_speed"),
    ({"felt": "purple"}, "felt"),
    ({"felt": 3}, "felt"),
    ({"card_back": "tarocchi"}, "card_back"),
    ({"card_back": False}, "card_back"),
    ({"volume": 1.5}, "volume"),
    ({"volume": -0.1}, "volume"),
    ({"volume": "loud"}, "volume"),
    ({"volume": True}, "volume"),
    ({"volume": float("nan")}, "volume"),
    ({"muted": 1}, "muted"),
    ({"fullscreen": "no"}, "fullscreen"),
    ({"tutorial_done": None}, "tutorial_done"),
    ({"online_friends": 6}, "online_friends"),
    ({"online_friends": -1}, "online_friends"),
    ({"online_friends": True}, "online_friends"),
    ({"online_partners": 6}, "online_partners"),
    ({"online_partners": -2}, "online_partners"),
    ({"online_partners": False}, "online_partners"),
    ({"online_here": 6}, "online_here"),
    ({"online_here": -1}, "online_here"),
    ({"online_here": True}, "online_here"),
    ({"online_here_names": "Luca"}, "online_here_names"),
    ({"online_here_names": ["Luca"] * 6}, "online_here_names"),
    ({"online_here_names": ["L" * 25]}, "online_here_names"),
    ({"online_here_names": ["\u0007"]}, "online_here_names"),
    ({"online_here_names": [3]}, "online_here_names"),
    ({"rules": {"players": 5}}, "players"),
    ({"rules": {"deal": "scopone"}}, "scopone"),
    ({"rules": {"colour": "red"}}, "colour"),
    ({"rules": [1, 2]}, "rules"),
    ({"last_setup": {"seats": [], "rules": {}}}, "2-player match needs 2 seats"),
    ({"last_setup": {"seats": "me", "rules": {}}}, "seats"),
    ({"last_setup": {"rules": {}}}, "seats"),
    ({"last_setup": {"seats": [{"name": "A", "human": True}] * 2, "rules": 3}}, "rules"),
    ({"last_setup": {"seats": [{"name": "", "human": True}] * 2, "rules": {}}}, "seat name"),
    ({"last_setup": {"seats": [{"name": "A", "human": "y"}] * 2, "rules": {}}}, "human"),
    (
        {"last_setup": {"seats": [{"name": "A", "human": False, "level": "god"}] * 2, "rules": {}}},
        "level",
    ),
    ({"last_setup": {"seats": [{"name": "A"}] * 2, "rules": {}}}, "human"),
    ({"last_setup": {"seats": [7, 8], "rules": {}}}, "seat"),
    ({"sound": True}, "sound"),
]


@pytest.mark.parametrize(("data", "named"), BAD_SETTINGS)
def test_bad_field_is_refused_with_its_name(data: dict, named: str) -> None:
    with pytest.raises(SettingsError, match=named):
        Settings.from_dict(data, language="en")


def test_not_a_table() -> None:
    with pytest.raises(SettingsError, match="table"):
        Settings.from_dict(["language", "it"])


def test_with_checks_names_and_values() -> None:
    settings = Settings(language="en")
    assert settings.with_(muted=True).muted is True
    with pytest.raises(SettingsError, match="unknown setting"):
        settings.with_(sound=False)
    with pytest.raises(SettingsError, match="volume"):
        settings.with_(volume=2.0)


def test_a_bad_value_set_by_hand_is_refused_before_it_is_written() -> None:
    settings = Settings(language="en")
    settings.volume = 7.0
    with pytest.raises(SettingsError, match="volume"):
        settings.to_dict()


def test_setup_rules_must_match_seat_count() -> None:
    with pytest.raises(SettingsError, match="4-player match needs 4 seats"):
        MatchSetup((SeatConfig("A", True), SeatConfig("B", False)), Rules(players=4))


def test_seat_levels_are_the_opponents_levels() -> None:
    from scopa.ai import ALL_LEVELS

    assert set(LEVELS) == set(ALL_LEVELS)


# --- the deck: the player's, or the game's own -----------------------------------------------

CIRULLA = PRESETS["cirulla"]


def test_each_game_has_its_own_deck_until_the_player_chooses_one() -> None:
    settings = Settings(language="en")
    assert settings.deck_style == "napoletane" and not settings.deck_chosen
    assert settings.deck_for(CIRULLA) == "genovesi"
    cirulla = settings.with_(rules=CIRULLA)
    assert cirulla.deck_style == "genovesi"
    assert cirulla.with_(rules=Rules()).deck_style == "napoletane"
    assert Settings(rules=CIRULLA, language="en").deck_style == "genovesi"


def test_the_cards_show_their_own_back_until_the_player_chooses_one() -> None:
    settings = Settings()
    assert settings.felt == "green" and settings.card_back == ""
    assert [settings.back_for(deck) for deck in DECK_STYLES] == list(DECK_STYLES)
    chosen = settings.with_(card_back="piacentine")
    assert {chosen.back_for(deck) for deck in DECK_STYLES} == {"piacentine"}
    assert Settings.from_dict(tomllib.loads(toml_dumps(chosen.to_dict()))) == chosen


def test_a_chosen_deck_is_kept_in_every_game() -> None:
    chosen = Settings(language="en").with_(deck_style="napoletane")
    assert chosen.deck_chosen
    assert chosen.with_(rules=CIRULLA).deck_style == "napoletane"
    assert chosen.deck_for(CIRULLA) == "napoletane"
    french = Settings(rules=CIRULLA, language="en").with_(deck_style="french")
    assert french.with_(rules=Rules()).deck_style == "french"
    given_back = french.with_(deck_style=None)
    assert not given_back.deck_chosen and given_back.deck_style == "genovesi"


def test_the_choice_survives_the_file() -> None:
    chosen = Settings(rules=CIRULLA, language="en").with_(deck_style="napoletane")
    read = Settings.from_dict(tomllib.loads(toml_dumps(chosen.to_dict())))
    assert read == chosen and read.deck_style == "napoletane" and read.deck_chosen
    free = Settings(rules=CIRULLA, language="en")
    assert "deck" not in free.to_dict()
    read = Settings.from_dict(tomllib.loads(toml_dumps(free.to_dict())))
    assert read == free and not read.deck_chosen


@pytest.mark.parametrize(("stored", "chosen"), [("napoletane", False), ("french", True)])
def test_files_from_before_keep_a_deck_that_was_chosen(stored: str, chosen: bool) -> None:
    """Older files wrote the deck whether chosen or not, with the Neapolitan deck as the
    default: only another deck was a choice."""
    read = Settings.from_dict({"deck_style": stored, "rules": CIRULLA.to_dict()}, language="en")
    assert read.deck_chosen is chosen
    assert read.deck_style == (stored if chosen else "genovesi")


MINE = Rules.preset("cirulla").with_(luzzati_table_rules=True, stack_hand_bonuses=True)
"""Cirulla with two rules of the player's own."""


def test_the_player_s_own_rules_are_kept_while_a_preset_is_chosen() -> None:
    """Rules that are no preset are the player's own; a preset chosen after them leaves them
    kept, in the file too (they were lost: "My rules" could not be found again)."""
    assert Settings(language="en").my_rules is None
    settings = Settings(rules=MINE, language="en")
    assert settings.my_rules == MINE
    settings = settings.with_(rules=PRESETS["classic"])
    assert settings.my_rules == MINE
    read = Settings.from_dict(tomllib.loads(toml_dumps(settings.to_dict())))
    assert read == settings and read.my_rules == MINE
    changed = MINE.with_(no_decino=True)
    assert settings.with_(rules=changed).my_rules == changed  # the last made are kept


def test_files_from_before_read_the_player_s_own_rules_from_their_rules() -> None:
    """A file written before own rules were kept apart has only ``rules``: when they are no
    preset, they are the player's own."""
    read = Settings.from_dict({"rules": MINE.to_dict()}, language="en")
    assert read.rules == read.my_rules == MINE
    read = Settings.from_dict({"rules": PRESETS["cirulla"].to_dict()}, language="en")
    assert read.my_rules is None
    data = Settings(rules=MINE, language="en").to_dict()
    assert "my_rules" not in data  # the same rules are not written twice


def test_the_player_s_own_rules_are_checked_like_the_rules() -> None:
    with pytest.raises(SettingsError, match="my_rules.*colour"):
        Settings.from_dict({"my_rules": {"colour": "red"}}, language="en")
    with pytest.raises(SettingsError, match="my_rules"):
        Settings(language="en").with_(my_rules="cirulla")
    # a preset is offered as itself, not a second time as the player's own
    assert Settings(language="en", my_rules=PRESETS["scopone"]).my_rules is None


def test_a_match_saved_with_a_name_that_draws_nothing_still_loads(tmp_path) -> None:
    """Earlier versions took a seat named by a Hangul filler; a stricter check of names
    set the saved match aside on the update (no Continue) and the settings with it. Such a
    name still loads; the screens where names are typed give the seat the game's name."""
    from scopa.engine import Match, Rules
    from scopa.settings import MatchSetup, SeatConfig
    from scopa.storage import Store

    store = Store(tmp_path)
    setup = MatchSetup((SeatConfig("\u3164", True), SeatConfig("\u2800", False)), Rules())
    store.save_match(setup, Match.new(Rules(), 5).record())
    store.save_settings(Settings().with_(last_setup=setup, language="it"))
    again = Store(tmp_path)
    saved = again.load_match()
    assert saved is not None and saved.setup == setup
    assert again.load_settings().last_setup == setup
    assert not list(tmp_path.glob("*.bak"))
