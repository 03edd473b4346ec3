"""The settings screen: every rule toggle is there, changes are saved at once, sub-options
are greyed under their parent, and the language switches the rendered text at once."""

from __future__ import annotations

import dataclasses

import pygame
import pytest

from scopa.app.app import F11_CALM
from scopa.app.cardart import CardArt
from scopa.app.scenes.settings import TABS, SettingsScene, value_label
from scopa.app.widgets import resolve
from scopa.engine import PRESETS, Rules
from scopa.storage import Store

from .menu_helpers import LONG_CIRULLA, click, frame, press


@pytest.fixture
def scene(app):
    settings = SettingsScene(app)
    app.stack.push(settings)
    frame(app)
    return settings


def row(scene, key):
    for tab in TABS:
        for candidate in scene.rows[tab]:
            if candidate.label() == scene.t(key):
                return tab, candidate
    raise AssertionError(f"no row {key}")


def open_row(app, scene, key):
    tab, found = row(scene, key)
    click(app, scene.tabs[TABS.index(tab)])
    scene.form.set_focus(found)  # scrolled into view
    frame(app)
    return found


def test_every_rule_has_a_row() -> None:
    keys = {f"rule_{field.name}" for field in dataclasses.fields(Rules)}
    from scopa.app.strings.options import STRINGS

    assert keys <= set(STRINGS["en"])


def test_every_rule_row_is_on_screen(app, scene) -> None:
    window = pygame.Rect((0, 0), app.size)
    for field in dataclasses.fields(Rules):
        found = open_row(app, scene, f"rule_{field.name}")
        assert found in scene.form.widgets
        assert scene.scroll.viewport.contains(found.rect), field.name
        assert window.contains(found.control.rect), field.name


def test_a_toggle_clicked_is_saved_for_the_next_start(app, scene, tmp_path) -> None:
    found = open_row(app, scene, "rule_re_bello")
    click(app, found.control)
    assert app.settings.rules.re_bello
    assert Store(tmp_path).load_settings().rules.re_bello
    assert row(scene, "rule_preset")[1].control.label() == app.t("ng_my_rules")
    click(app, found.control)
    assert not Store(tmp_path).load_settings().rules.re_bello


def test_my_rules_are_kept_while_the_presets_are_tried(app, scene, tmp_path) -> None:
    """Cirulla with two rules changed reads "My rules"; one click right and one back on the
    preset's arrows left plain Cirulla, the two changes lost without a word. They are an
    entry of the presets, every rule as it was, and they are still there after a restart."""
    app.settings = app.settings.with_(language="en", rules=Rules())
    app.set_language("en")
    preset = open_row(app, scene, "rule_preset").control
    left = (preset.rect.left + 5, preset.rect.centery)
    right = (preset.rect.right - 5, preset.rect.centery)
    click(app, left)  # from the first preset round to the last: Cirulla
    assert app.settings.rules == Rules.preset("cirulla")
    for key in ("rule_luzzati_table_rules", "rule_stack_hand_bonuses"):
        click(app, open_row(app, scene, key).control)
    mine = Rules.preset("cirulla").with_(luzzati_table_rules=True, stack_hand_bonuses=True)
    assert app.settings.rules == mine
    open_row(app, scene, "rule_preset")
    click(app, right)
    assert app.settings.rules == Rules.preset("classic")
    click(app, left)
    assert app.settings.rules == mine
    assert preset.label() == "My rules"  # as New game calls them
    click(app, left)
    assert app.settings.rules == Rules.preset("cirulla")

    app.settings = Store(tmp_path).load_settings()  # the game started again
    again = SettingsScene(app)
    app.stack.push(again)
    frame(app)
    preset = open_row(app, again, "rule_preset").control
    assert preset.label() == "Cirulla"
    click(app, (preset.rect.right - 5, preset.rect.centery))  # from the last round to the first
    assert app.settings.rules == mine and preset.label() == "My rules"


def test_a_change_the_folder_would_not_keep_is_not_said_saved(app, scene, monkeypatch) -> None:
    """With a settings file that cannot be written, the line beside Back still said "Every
    change is saved at once"."""
    click(app, scene.tabs[TABS.index("game")])
    assert scene.footer_line()[0] == app.t("settings_saved_note")
    monkeypatch.setattr(app.store, "save_settings", lambda settings: False)
    found = open_row(app, scene, "rule_re_bello")
    click(app, found.control)
    assert app.settings.rules.re_bello  # it applies, though it could not be saved
    assert scene.footer_line()[0] == app.t("settings_not_kept_note")
    monkeypatch.undo()
    click(app, found.control)
    click(app, scene.tabs[TABS.index("game")])
    assert scene.footer_line()[0] == app.t("settings_saved_note")


def test_a_greyed_choice_shows_the_value_its_rule_holds(app, scene) -> None:
    """While Cirulla was off its greyed switches showed their values but its greyed
    choices (piccola, low hand, wild card) a dash: a player could not see what they would
    be. A choice that cannot be at this table (six players' sides with two) keeps its
    dash, as teams with two players shows off."""
    app.settings = app.settings.with_(rules=Rules())
    for key, shown in (
        ("rule_piccola_max", scene._value_label("piccola_max", 6)),
        ("rule_low_hand_max", scene._value_label("low_hand_max", 9)),
        ("rule_matta", scene._value_label("matta", 7)),
        ("rule_six_sides", "\u2014"),
    ):
        found = open_row(app, scene, key)
        assert not found.enabled
        assert found.control.label() == resolve(shown), key


def test_sub_toggles_are_greyed_until_their_parent_is_on(app, scene) -> None:
    assi_scopa = open_row(app, scene, "rule_assi_scopa")
    assert not assi_scopa.enabled
    click(app, assi_scopa.control)
    assert not app.settings.rules.assi_scopa  # a greyed row ignores clicks
    click(app, row(scene, "rule_assi")[1].control)
    assert assi_scopa.enabled
    click(app, assi_scopa.control)
    assert app.settings.rules.assi_scopa
    assert not row(scene, "rule_scientifico_last_scopa")[1].enabled
    faces = open_row(app, scene, "rule_face_values")
    assert faces.enabled
    click(app, row(scene, "rule_seven_count")[1].control)
    assert not faces.enabled and not row(scene, "rule_incomplete_primiera")[1].enabled


def test_a_greyed_switch_shows_the_value_its_rule_holds(app, scene) -> None:
    """Without the scopa d'assi its ace-takes-ace option is greyed but on (it is, once
    the scopa d'assi is played) and the scientifico's last scopa greyed and off: each knob
    is drawn on its own side, as on an enabled switch. Both knobs rested in the middle,
    neither on nor off. Teams with two players, which cannot be at all, shows off."""
    from scopa.app.style import PAPER_SHADE

    app.settings = app.settings.with_(rules=Rules())
    assert app.settings.rules.teams
    for key, on in (
        ("rule_assi_ace_takes_ace", True),
        ("rule_scientifico_last_scopa", False),
        ("rule_teams", False),
    ):
        found = open_row(app, scene, key)
        assert not found.enabled
        assert getattr(app.settings.rules, key[5:]) is (on or key == "rule_teams")
        scene.form.set_focus(None)
        for _ in range(30):  # past the fade-in
            frame(app)
        track = found.control.drawn()
        knob_x = {True: track.right - track.h // 2, False: track.left + track.h // 2}
        drawn = {side: app.screen.get_at((x, track.centery))[:3] for side, x in knob_x.items()}
        assert drawn[on] == tuple(PAPER_SHADE)[:3], key
        assert drawn[not on] != tuple(PAPER_SHADE)[:3], key


def test_a_preset_sets_the_rules_and_an_impossible_change_is_refused_with_a_message(
    app, scene
) -> None:
    preset = open_row(app, scene, "rule_preset")
    while app.settings.rules != Rules.preset("scopone"):
        press(app, pygame.K_RIGHT)
    players = open_row(app, scene, "rule_players")
    press(app, pygame.K_LEFT)
    assert app.settings.rules.players == 4
    assert scene.error == app.t("err_scopone_players")
    frame(app)
    assert preset.control.label() == app.t("preset_scopone")
    assert players.control.label() == "4"


def test_the_presets_stepped_through_keep_the_players_chosen_past_the_scopone_games(
    app, scene
) -> None:
    """Four players in teams, the presets stepped through: past the scopone games (which
    are four of their own) Scopa d'assi came with two players, teams off; New game keeps
    the four there, as the rules say a preset that names no players does."""
    open_row(app, scene, "rule_players")
    while app.settings.rules.players != 4:
        press(app, pygame.K_RIGHT)
    open_row(app, scene, "rule_teams")
    if not app.settings.rules.teams:
        press(app, pygame.K_RETURN)
    assert (app.settings.rules.players, app.settings.rules.teams) == (4, True)
    open_row(app, scene, "rule_preset")
    seen = []
    while app.settings.rules.preset_name() != "assi":
        press(app, pygame.K_RIGHT)
        seen.append(app.settings.rules.preset_name())
    assert "scopone_scientifico" in seen
    assert app.settings.rules == Rules.preset("assi").with_(players=4, teams=True)
    press(app, pygame.K_RIGHT)  # the next one: Scopa di quindici
    assert (app.settings.rules.players, app.settings.rules.teams) == (4, True)


def test_the_presets_stepped_through_keep_a_table_of_six_past_cirulla(app, scene) -> None:
    """Six in three pairs, the presets stepped through: Cirulla, not played by six, came
    with its two players, and every preset after it too, round to the classic game."""
    open_row(app, scene, "rule_players")
    while app.settings.rules.players != 6:
        press(app, pygame.K_RIGHT)
    scene.set_rule("six_sides", 3)
    open_row(app, scene, "rule_preset")
    seen = []
    told = []
    for _ in range(len(PRESETS) + 1):  # once round, past the player's own rules
        press(app, pygame.K_RIGHT)
        rules = app.settings.rules
        seen.append((rules.preset_name(), rules.players))
        if rules.preset_name() == "cirulla":  # the two players it came with, said so
            told.append(scene.footer_line()[0])
    assert ("cirulla", 2) in seen
    game = app.t("preset_cirulla")
    assert told == [app.t("players_back_for_game", game=game, was=6, n=2)]
    assert [players for name, players in seen if name == "classic"] == [6]
    assert (app.settings.rules.players, app.settings.rules.six_sides) == (6, 3)


def test_two_players_chosen_for_scopone_scientifico_stay_for_the_next_preset(app, scene):
    """Scopone scientifico, then two players (twenty cards each): the next preset came at
    scopone's four, the two chosen forgotten, as if the preset had set them."""
    scene.set_rule("players", 4)  # the table of four the player chose
    scene.set_preset("scopone_scientifico")
    scene.set_rule("players", 2)
    assert app.settings.rules.preset_name() == "scopone_scientifico"
    # what the row says of it holds at two as at four (it said "4 players, 10 cards each")
    assert "20" in scene._preset_hint() and "10" in scene._preset_hint()
    scene.set_preset("assi")
    assert app.settings.rules == Rules.preset("assi")  # at the two chosen
    scene.set_preset("scopone")
    assert app.settings.rules.players == 4  # scopone's own four
    scene.set_preset("quindici")
    assert app.settings.rules.players == 2


def test_the_preset_row_says_what_the_chosen_preset_is(app, scene) -> None:
    """The row always said "A ready set of rules": Regolamento or Milanese told the player
    nothing, though New game says what each is."""
    open_row(app, scene, "rule_preset")
    while app.settings.rules != Rules.preset("milanese"):
        press(app, pygame.K_RIGHT)
    assert app.t("preset_milanese_hint") in scene.form.hint()


def test_the_preset_row_says_the_player_s_own_rules_are_theirs(app, scene) -> None:
    """With My rules chosen the row said "A ready set of rules", as of a preset; it now
    says what New game says of them."""
    app.settings = app.settings.with_(rules=Rules().with_(napola=True))
    open_row(app, scene, "rule_preset")
    assert scene.form.hint().startswith(app.t("ng_my_rules_hint"))


def test_what_a_refusal_said_is_not_said_on_another_tab(app, scene) -> None:
    """Players stepped past three at a scopone scientifico: why three was skipped stayed
    beside Back on the Game tab, about nothing there."""
    app.settings = app.settings.with_(rules=Rules.preset("scopone_scientifico"))
    open_row(app, scene, "rule_players")
    press(app, pygame.K_LEFT)
    why = app.t("err_scientifico_three")
    assert scene.footer_line()[0] == app.t("rule_skipped", value="3", why=why)
    click(app, scene.tabs[TABS.index("game")])
    assert scene.footer_line()[0] == app.t("settings_saved_note")


def test_language_switch_changes_the_rendered_text(app, scene) -> None:
    app.settings = app.settings.with_(language="en")
    app.set_language("en")
    frame(app)
    english = pygame.image.tobytes(app.screen, "RGB")
    language = open_row(app, scene, "set_language")
    assert scene.tabs[0].text() == "Match"
    click(app, language.control)
    assert app.settings.language == "it"
    assert scene.tabs[0].text() == "Partita"
    frame(app)
    assert pygame.image.tobytes(app.screen, "RGB") != english
    assert app.store.load_settings().language == "it"


def test_volume_follows_the_keyboard_and_is_saved_on_leaving(app, scene, tmp_path) -> None:
    volume = open_row(app, scene, "set_volume")
    before = app.settings.volume
    press(app, pygame.K_LEFT)
    press(app, pygame.K_LEFT)
    assert app.settings.volume == pytest.approx(before - 0.2)
    press(app, pygame.K_ESCAPE)
    assert Store(tmp_path).load_settings().volume == pytest.approx(before - 0.2)
    assert volume.enabled


def test_dragging_the_volume_slider(app, scene) -> None:
    slider = open_row(app, scene, "set_volume").control
    track = slider._track()
    start = (track.left + track.w // 2, track.centery)
    end = (track.left + track.w // 4, track.centery)
    frame(
        app,
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1),
        pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(0, 0), buttons=(1, 0, 0)),
        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1),
    )
    assert app.settings.volume == pytest.approx(0.25, abs=0.02)
    assert app.store.load_settings().volume == pytest.approx(0.25, abs=0.02)


def test_cards_and_speed_are_remembered(app, scene, tmp_path) -> None:
    click(app, open_row(app, scene, "set_deck_style").control)
    click(app, open_row(app, scene, "set_corner_index").control)
    speed = open_row(app, scene, "set_animation_speed")
    press(app, pygame.K_RIGHT)
    saved = Store(tmp_path).load_settings()
    assert saved.deck_style == "piacentine"
    assert saved.corner_index is False
    assert saved.animation_speed == "fast"
    assert speed.control.label() == app.t("speed_fast")


def test_full_screen_is_applied_saved_and_laid_out_again(app, scene, tmp_path) -> None:
    toggle = open_row(app, scene, "set_fullscreen")
    click(app, toggle.control)
    assert app.settings.fullscreen and Store(tmp_path).load_settings().fullscreen
    assert (scene.m.w, scene.m.h) == app.size
    assert app.screen.get_rect().contains(scene.panel)
    click(app, open_row(app, scene, "set_fullscreen").control)
    assert not Store(tmp_path).load_settings().fullscreen
    assert (scene.m.w, scene.m.h) == app.size


def test_f11_toggles_full_screen_once_per_press(app, tmp_path) -> None:
    """F11 rebuilds the window; its release, sent to the window that was, never came, and
    the key-downs that kept coming flipped full screen on and off twice a second. One press,
    one toggle: the next toggle waits for the key to be let go."""
    down = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0, unicode="")
    up = pygame.event.Event(pygame.KEYUP, key=pygame.K_F11, mod=0, unicode="")
    app.frame(1 / 60, [down])
    assert app.settings.fullscreen
    for _ in range(3):  # no release between: the same press
        app.frame(1 / 60, [down])
        assert app.settings.fullscreen and Store(tmp_path).load_settings().fullscreen
    later = app.now() + F11_CALM
    app.now = lambda: later  # a moment later
    app.frame(1 / 60, [up, down])
    assert not app.settings.fullscreen
    app.frame(1 / 60, [up])


def test_f11_is_not_pressed_again_by_the_window_it_built(app, tmp_path) -> None:
    """F11 with a card held in the hand: the window built for full screen, given the focus,
    was told F11 was pressed (the one gone, that it was let go), and full screen went on
    and off twice a second, the screen black, until F11 was pressed again. A press within
    a moment of the toggle is not a new one; a later one toggles."""
    down = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0, unicode="")
    up = pygame.event.Event(pygame.KEYUP, key=pygame.K_F11, mod=0, unicode="")
    now = [100.0]
    app.now = lambda: now[0]
    app.frame(1 / 60, [down])
    assert app.settings.fullscreen
    now[0] += 0.5
    app.frame(0.4, [up])  # let go as the old window lost the focus...
    app.frame(0.1, [down])  # ...and pressed as the new one got it: no window built again
    assert app.settings.fullscreen and Store(tmp_path).load_settings().fullscreen
    now[0] += 1.0
    app.frame(1 / 60, [up])
    app.frame(1 / 60, [down])  # the player's next press
    assert not app.settings.fullscreen and not Store(tmp_path).load_settings().fullscreen


@pytest.mark.parametrize("sizes", [((960, 540), (1920, 1080)), ((1920, 1080), (960, 540))])
def test_the_row_in_hand_stays_in_sight_when_the_window_changes_size(app, scene, sizes) -> None:
    """Full screen switched on from the last row of a tab: laid out again at the new size,
    the list shows that row, not the rows its old scroll offset now falls on."""
    app.resize(sizes[0])
    frame(app)
    found = open_row(app, scene, "set_fullscreen")
    assert scene.scroll.offset > 0
    app.resize(sizes[1])
    frame(app)
    assert scene.form.focus is found
    assert scene.scroll.viewport.contains(found.rect), (scene.scroll.viewport, found.rect)


@pytest.mark.parametrize("language", ["en", "it"])
def test_the_players_row_says_cirulla_is_not_played_by_six(app, scene, language) -> None:
    """With Cirulla the arrows pass over six, and the row still said "2, 3, 4 or 6 seats"."""
    app.set_language(language)
    row = open_row(app, scene, "rule_players")
    assert scene.form.hint() == app.t("rule_players_hint")
    scene.set_preset("cirulla")
    frame(app)
    scene.form.set_focus(row)
    assert scene.form.hint() == app.t("rule_players_hint_cirulla")
    assert "6" not in app.t("rule_players_hint_cirulla").split("(")[0]


def test_mute_silences_the_sound_at_once_and_greys_the_volume(app, scene, tmp_path) -> None:
    volume = open_row(app, scene, "set_volume")
    click(app, open_row(app, scene, "set_muted").control)
    assert app.audio.muted and Store(tmp_path).load_settings().muted
    assert not volume.enabled
    # greyed, it took no click and said nothing of why: pointed at, it says
    at = volume.control.rect.center
    frame(app, pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=(1, 1), buttons=(0, 0, 0)))
    assert scene.form.hint() == app.t("set_volume_hint_muted")
    press(app, pygame.K_ESCAPE)
    app.stack.push(scene)
    click(app, open_row(app, scene, "set_muted").control)
    assert not app.audio.muted and volume.enabled
    scene.form.set_focus(volume)
    press(app, pygame.K_RIGHT)
    assert app.audio.volume == pytest.approx(app.settings.volume)


def test_a_volume_changed_is_heard_at_once(app, scene, monkeypatch) -> None:
    """The slider played nothing: its level was heard only at the next card. A card's sound
    plays at the new volume, once however fast the slider is dragged."""
    heard: list[tuple[str, float]] = []
    monkeypatch.setattr(app.audio, "play", lambda name: heard.append((name, app.audio.volume)))
    volume = open_row(app, scene, "set_volume")
    scene.form.set_focus(volume)
    press(app, pygame.K_LEFT)
    press(app, pygame.K_LEFT)
    assert len(heard) == 1 and heard[0][1] < 0.8
    pygame.time.wait(160)  # the level the keys (a slider dragged fast) ended on is heard too
    frame(app)
    assert len(heard) == 2 and heard[1][1] == pytest.approx(app.settings.volume)
    frame(app)
    assert len(heard) == 2  # once
    pygame.time.wait(160)
    press(app, pygame.K_RIGHT)
    assert len(heard) == 3 and heard[2][1] == pytest.approx(app.settings.volume)


def test_the_volume_says_when_there_is_no_sound_device(app, scene, monkeypatch) -> None:
    volume = open_row(app, scene, "set_volume")
    monkeypatch.setattr(app.audio, "available", False)
    scene.form.set_focus(volume)
    assert scene.form.hint() == app.t("set_volume_hint_no_device")


def test_page_keys_and_arrows_on_a_tab_switch_sections(app, scene) -> None:
    press(app, pygame.K_PAGEDOWN)
    assert scene.tab == "captures"
    scene.form.set_focus(scene.tabs[1])
    press(app, pygame.K_RIGHT)
    assert scene.tab == "scoring" and scene.form.focus is scene.tabs[2]
    press(app, pygame.K_LEFT)
    press(app, pygame.K_LEFT)
    assert scene.tab == "match"
    press(app, pygame.K_PAGEUP)
    assert scene.tab == "game"
    rows = scene.rows["game"]
    assert all(row in scene.form.widgets for row in rows)
    assert not any(row in scene.form.widgets for row in scene.rows["match"])


def test_the_arrows_step_from_the_focused_tab_and_go_down_into_its_rows(app, scene) -> None:
    """Focus on Scoring while Match was open: Right opened Captures, the focus going
    backwards. And Down walked along the four tabs before reaching a row; Up from the first
    row went to the last tab. Left and Right now step from the focused tab, Down goes into
    the open tab's rows and Up comes back to that tab."""
    assert scene.tab == "match"
    scene.form.keyboard_used = True
    scene.form.set_focus(scene.tabs[2])  # Scoring focused, Match open
    press(app, pygame.K_RIGHT)
    assert scene.tab == "game" and scene.form.focus is scene.tabs[3]
    press(app, pygame.K_LEFT)
    assert scene.tab == "scoring" and scene.form.focus is scene.tabs[2]
    press(app, pygame.K_DOWN)
    first = scene.shown_rows()[0]
    assert scene.form.focus is first
    press(app, pygame.K_UP)
    assert scene.form.focus is scene.tabs[2]


def test_down_from_the_tabs_lights_only_the_focused_row_not_the_pointer_s(app, scene) -> None:
    """The pointer resting on the first rows, Down from the tabs into them ringed the first
    row and left the one under the pointer lit too: two rows lit, as two focuses."""
    scene.form.keyboard_used = True
    scene.form.set_focus(scene.tabs[0])
    second = scene.shown_rows()[1]
    frame(app, pygame.event.Event(pygame.MOUSEMOTION, pos=second.rect.center, rel=(0, 0),
                                  buttons=(0, 0, 0)))  # fmt: skip
    assert scene.form.hover is second and not scene.form.keys_last
    press(app, pygame.K_DOWN)
    assert scene.form.focus is scene.shown_rows()[0]
    assert scene.form.keys_last  # the row under the pointer is not lit beside it
    press(app, pygame.K_UP)
    press(app, pygame.K_RIGHT)  # a tab switched on the keys: the same
    assert scene.form.keys_last


# --- the rules added with Cirulla and six players ----------------------------------------------


@pytest.mark.parametrize("language", ["it", "en"])
def test_every_choice_shows_a_word_of_the_language_for_each_value(app, scene, language) -> None:
    from scopa.engine import RULE_OPTIONS

    app.set_language(language)
    for option in RULE_OPTIONS:
        found = open_row(app, scene, f"rule_{option.name}")
        assert found.label() != f"rule_{option.name}"
        assert found.hint() != f"rule_{option.name}_hint"
        if option.kind != "choice":
            continue
        labels = [resolve_label(text) for _, text in found.control.options]
        assert len(set(labels)) == len(labels), option.name
        for label in labels:
            assert label and "_" not in label, (option.name, label)


def resolve_label(text) -> str:  # noqa: ANN001
    return text() if callable(text) else text


def test_cirulla_rows_are_greyed_until_cirulla_is_on(app, scene) -> None:
    matta = open_row(app, scene, "rule_matta")
    assert not matta.enabled
    assert not row(scene, "rule_clockwise")[1].enabled
    assert row(scene, "rule_quindici")[1].enabled
    click(app, open_row(app, scene, "rule_cirulla").control)
    assert app.settings.rules.cirulla
    assert matta.enabled and row(scene, "rule_clockwise")[1].enabled
    assert not row(scene, "rule_quindici")[1].enabled
    assert not row(scene, "rule_seven_count")[1].enabled
    assert not row(scene, "rule_declare_until_play")[1].enabled
    click(app, open_row(app, scene, "rule_declare_at_deal").control)
    assert row(scene, "rule_declare_until_play")[1].enabled


@pytest.mark.parametrize("blocking", ["no_decino", "dossena_scale"])
def test_both_hand_bonuses_are_greyed_while_no_hand_can_have_both(app, scene, blocking) -> None:
    """Both hand bonuses (13 for a hand low and three of a kind) stayed on beside No three
    of a kind, or Dossena's scale, which leave no such hand: a switch that did nothing. It
    is greyed while either is on, and a click on it says which."""
    app.settings = app.settings.with_(rules=PRESETS["cirulla"])
    both = open_row(app, scene, "rule_stack_hand_bonuses")
    assert both.enabled
    click(app, open_row(app, scene, f"rule_{blocking}").control)
    assert getattr(app.settings.rules, blocking)
    assert not both.enabled
    click(app, open_row(app, scene, "rule_stack_hand_bonuses").control)
    assert not app.settings.rules.stack_hand_bonuses
    said = app.t(
        "greyed_off", rule=app.t("rule_stack_hand_bonuses"), parent=app.t(f"rule_{blocking}")
    )
    assert scene.footer_line()[0] == said
    click(app, open_row(app, scene, f"rule_{blocking}").control)
    assert both.enabled


@pytest.mark.parametrize("rule", ["piccola_max", "dealer_low_bonus"])
def test_dossena_s_scale_greys_the_piccola_and_the_low_opening_it_sets_itself(
    app,
    scene,
    rule: str,  # noqa: ANN001
) -> None:
    """On Dossena's scale the piccola ends at 5 and a low opening scores 1 whatever the
    rows of the piccola's end (6) and of the dealer's low table (none) said beside it,
    live: greyed, a click saying why."""
    app.settings = app.settings.with_(rules=PRESETS["cirulla"])
    row_of = open_row(app, scene, f"rule_{rule}")
    assert row_of.enabled
    click(app, open_row(app, scene, "rule_dossena_scale").control)
    assert app.settings.rules.dossena_scale and not row_of.enabled
    assert row_of.control.label() == "\u2014"  # not "To the 6" or "Off", which it does not play
    before = getattr(app.settings.rules, rule)
    click(app, open_row(app, scene, f"rule_{rule}").control)
    assert getattr(app.settings.rules, rule) == before
    said = app.t("greyed_off", rule=app.t(f"rule_{rule}"), parent=app.t("rule_dossena_scale"))
    assert scene.footer_line()[0] == said


def test_six_sides_and_the_seven_count_to_the_aces_follow_their_parents(app, scene) -> None:
    sides = open_row(app, scene, "rule_six_sides")
    aces = row(scene, "rule_seven_count_aces")[1]
    assert not sides.enabled and not aces.enabled
    players = open_row(app, scene, "rule_players")
    while app.settings.rules.players != 6:
        press(app, pygame.K_RIGHT)
    assert sides.enabled
    scene.form.set_focus(open_row(app, scene, "rule_six_sides"))
    press(app, pygame.K_RIGHT)
    assert app.settings.rules.six_sides == 3
    assert sides.control.label() == app.t("sides_3")
    click(app, open_row(app, scene, "rule_seven_count").control)
    assert aces.enabled
    click(app, open_row(app, scene, "rule_seven_count_aces").control)
    assert app.settings.rules.seven_count_aces
    assert players.control.label() == "6"


@pytest.mark.parametrize("language", ["it", "en"])
def test_cirulla_with_six_players_is_refused_in_words(app, scene, language) -> None:
    app.set_language(language)
    players = open_row(app, scene, "rule_players")
    while app.settings.rules.players != 6:
        press(app, pygame.K_RIGHT)
    click(app, open_row(app, scene, "rule_cirulla").control)
    assert not app.settings.rules.cirulla
    assert scene.error == app.t("err_cirulla_players") != "err_cirulla_players"
    frame(app)  # the message is drawn
    assert players.control.label() == "6"


def test_every_clash_of_the_engine_has_a_message_in_both_languages(app) -> None:
    import re
    from pathlib import Path

    from scopa.app.scenes.flow import rules_problem
    from scopa.engine import RulesError
    from scopa.engine import rules as engine_rules

    attempts = [
        {"players": 3, "deal": "scopone"},
        {"players": 3, "deal": "scientifico"},
        {"cirulla": True, "deal": "scopone", "players": 4},
        {"cirulla": True, "players": 6},
        {"cirulla": True, "players": 3, "luzzati_table_rules": True},
    ]
    clashes = set()
    for language in ("it", "en"):
        app.set_language(language)
        for changes in attempts:
            with pytest.raises(RulesError) as refused:
                Rules(**changes)
            clashes.add(refused.value.clash)
            words = rules_problem(app, refused.value)
            assert words != f"err_{refused.value.clash}" and not words.startswith("err_")
            assert app.t("err_rules", reason="") not in words
    assert None not in clashes and len(clashes) == len(attempts)
    source = Path(engine_rules.__file__).read_text(encoding="utf-8")
    assert clashes == set(re.findall(r'clash="(\w+)"', source))  # every clash there is


def test_the_cirulla_preset_deals_genoese_cards_until_a_deck_is_chosen(app, scene) -> None:
    preset = open_row(app, scene, "rule_preset")
    while app.settings.rules != Rules.preset("cirulla"):
        press(app, pygame.K_RIGHT)
    assert preset.control.label() == app.t("preset_cirulla")
    deck = open_row(app, scene, "set_deck_style")
    assert deck.control.label() == app.t("deck_genovesi")
    matta = row(scene, "rule_matta")[1]
    app.set_language("en")
    assert matta.control.label() == "The 7 of hearts"
    scene.form.set_focus(deck)
    while app.settings.deck_style != "napoletane":
        press(app, pygame.K_RIGHT)
    assert matta.control.label() == "The 7 of cups"
    set_preset = open_row(app, scene, "rule_preset")
    press(app, pygame.K_LEFT)
    assert app.settings.rules != Rules.preset("cirulla")
    press(app, pygame.K_RIGHT)
    assert app.settings.rules == Rules.preset("cirulla")
    assert app.settings.deck_style == "napoletane"
    assert app.store.load_settings().deck_for(Rules.preset("cirulla")) == "napoletane"
    assert set_preset.control.label() == app.t("preset_cirulla")


def test_a_deal_cirulla_cannot_use_says_so_not_that_players_are_wrong(app, scene) -> None:
    open_row(app, scene, "rule_players")
    press(app, pygame.K_RIGHT)
    press(app, pygame.K_RIGHT)
    assert app.settings.rules.players == 4
    click(app, open_row(app, scene, "rule_cirulla").control)
    open_row(app, scene, "rule_deal")
    press(app, pygame.K_RIGHT)
    assert app.settings.rules.deal == "scopa"
    assert scene.error == app.t("err_cirulla_deal")


def test_the_rules_of_the_game_played_come_before_the_other_games_greyed_ones(app, scene) -> None:
    click(app, scene.tabs[TABS.index("captures")])
    first = [row.label() for row in scene.shown_rows()][:2]
    assert first == [app.t("rule_capture_limit"), app.t("rule_fewest_cards")]
    click(app, scene.tabs[TABS.index("match")])
    click(app, open_row(app, scene, "rule_cirulla").control)
    click(app, scene.tabs[TABS.index("scoring")])
    shown = scene.shown_rows()
    games = [scene.games[row] for row in shown]
    assert games == [True] * games.count(True) + [False] * games.count(False)
    assert not any(row.enabled for row, game in zip(shown, games) if game is False)
    assert shown[0].label() == app.t("rule_primiera_requires_all_suits")
    assert scene.form.widgets.index(shown[0]) < scene.form.widgets.index(shown[-1])


def test_who_sits_at_the_table_is_set_on_the_match_tab(app, scene) -> None:
    """Players, teams and how six players sit are one question, asked in one place."""
    click(app, scene.tabs[TABS.index("match")])
    labels = [row.label() for row in scene.shown_rows()]
    seats = [app.t(f"rule_{name}") for name in ("players", "teams", "six_sides")]
    assert all(label in labels for label in seats)
    at = labels.index(seats[0])
    assert labels[at : at + 3] == seats


def test_cirulla_for_three_stays_cirulla_here_and_on_the_title(app, scene) -> None:
    """Three players chosen, then the Cirulla preset: the three stay, the preset reads
    Cirulla (not the player's own rules), and so does the title's line about Play."""
    app.settings = app.settings.with_(language="en", rules=Rules(), opponent_level="expert")
    app.set_language("en")
    players = open_row(app, scene, "rule_players")
    press(app, pygame.K_RIGHT)
    assert app.settings.rules.players == 3
    preset = open_row(app, scene, "rule_preset")
    press(app, pygame.K_LEFT)  # from the first preset to the last: Cirulla
    assert app.settings.rules == Rules.preset("cirulla").with_(players=3)
    assert players.control.label() == "3"
    assert preset.control.label() == app.t("preset_cirulla")
    click(app, open_row(app, scene, "rule_players").control)  # any change of seats
    assert preset.control.label() == app.t("preset_cirulla")
    app.home()
    frame(app)
    hint = app.stack.top._play_hint()
    assert app.t("preset_cirulla") in hint and app.t("ng_my_rules") not in hint, hint


def test_a_switch_row_s_explanation_runs_up_to_the_switch(app, scene) -> None:
    """A switch is drawn narrower than the place kept for a control: its row's explanation
    is written up to just before the switch, not wrapped at the edge of that place."""
    from scopa.app import style

    found = open_row(app, scene, "rule_re_bello")
    found.hint = " ".join(["explanation"] * 40)
    scene.form.set_focus(None)
    for _ in range(20):  # past the fade-in
        frame(app)
    track = style.switch_track(found.control.rect)
    assert track.left > found.control.rect.left + found.rect.h  # the switch leaves room
    band = pygame.Rect(found.control.rect.left, found.rect.top, 0, found.rect.h)
    band.w = track.left - band.left
    screen = app.screen
    inked = [
        x
        for x in range(band.left, band.right - 2)
        for y in range(band.top + 2, band.bottom - 2)
        if sum(screen.get_at((x, y))[:3]) < 400
    ]
    assert inked, "the explanation stops where the switch's place begins"
    assert max(inked) < track.left - scene.m.px(style.SPACE_M) // 2


@pytest.mark.parametrize("language", ["en", "it"])
def test_cirulla_switched_on_goes_to_its_usual_51_and_says_so(
    app, scene, language, tmp_path
) -> None:
    """Cirulla's points come by the dozen (a knock, grande and piccola): switched on at
    Scopa's 11, the match goes to Cirulla's usual 51, with a word why; switched off again,
    back to 11. A target the player chose stays."""
    app.set_language(language)
    cirulla = open_row(app, scene, "rule_cirulla")
    click(app, cirulla.control)
    assert app.settings.rules.cirulla and app.settings.rules.target == 51
    # said beside Back, where it neither covers the heading nor piles up with the next
    # with Cirulla's cappotto, as the game is usually played
    assert scene.footer_line()[0] == app.t(
        "both_follow_game_on", n=51, game=app.t("game_word_cirulla")
    )
    assert Store(tmp_path).load_settings().rules.target == 51
    click(app, cirulla.control)
    assert not app.settings.rules.cirulla and app.settings.rules.target == 11
    said = app.t("both_follow_game_off", n=11, game=app.t("game_word_scopa"))
    assert scene.footer_line()[0] == said and not app.toasts.shown()
    scene.set_rule("target", 21)
    # a target chosen by hand is no news: "Matches now go to 21, as Scopa is usually
    # played" was said of it, as if 21 were the usual target
    assert scene.footer_line()[0] == app.t("rules_apply_note")
    scene.set_rule("cappotto", True)
    click(app, cirulla.control)
    assert app.settings.rules.cirulla and app.settings.rules.target == 21
    assert app.settings.rules.cappotto
    assert scene.footer_line()[0] == app.t("rules_apply_note")


def test_a_cappotto_chosen_for_scopa_is_kept_through_cirulla_and_back(app, scene) -> None:
    """Cappotto turned on for Scopa, Cirulla switched on and off again: the cappotto was
    off, silently (on in Cirulla, it was taken for Cirulla's usual one). Switched back, a
    rule the switch left as it was is as it was; one that followed the game is said."""
    scene.set_rule("cappotto", True)
    cirulla = open_row(app, scene, "rule_cirulla")
    click(app, cirulla.control)
    assert app.settings.rules.cappotto and app.settings.rules.target == 51
    click(app, cirulla.control)
    assert app.settings.rules.cappotto and app.settings.rules.target == 11
    scene.set_rule("target", 21)  # at a target of their own, the cappotto alone follows
    scene.set_rule("cappotto", False)
    click(app, cirulla.control)
    assert app.settings.rules.cappotto and app.settings.rules.target == 21
    assert scene.footer_line()[0] == app.t(
        "cappotto_follows_game_on", game=app.t("game_word_cirulla")
    )
    click(app, cirulla.control)
    assert not app.settings.rules.cappotto and app.settings.rules.target == 21
    assert scene.footer_line()[0] == app.t(
        "cappotto_follows_game_off", game=app.t("game_word_scopa")
    )


def test_the_napola_brings_its_usual_target_and_takes_it_back(app, scene) -> None:
    """The napola's own line says a match with it is usually played to 21, and turning it
    on left the match at 11 without a word. Turned on at the usual 11, the target follows
    it to 21, said; turned off again as it left it, back to 11, said; a target of the
    player's own stays."""
    scene.set_rule("napola", True)
    assert app.settings.rules.napola and app.settings.rules.target == 21
    assert scene.footer_line()[0] == app.t("target_follows_napola_on", n=21)
    scene.set_rule("napola", False)
    assert not app.settings.rules.napola and app.settings.rules.target == 11
    assert scene.footer_line()[0] == app.t("target_follows_napola_off", n=11)
    scene.set_rule("target", 16)  # a target of their own: it stays, nothing said of it
    scene.set_rule("napola", True)
    assert app.settings.rules.target == 16
    assert scene.footer_line()[0] != app.t("target_follows_napola_on", n=21)
    scene.set_rule("napola", False)
    assert app.settings.rules.target == 16
    scene.set_rule("target", 11)
    scene.set_rule("napola", True)
    scene.set_rule("target", 31)  # chosen after: turning the napola off leaves it
    scene.set_rule("napola", False)
    assert app.settings.rules.target == 31


def test_down_walks_every_row_of_a_long_tab_though_some_are_out_of_sight(app) -> None:
    """Down from the Deal row went to Back: the rows below it, scrolled out of sight, were
    passed over. In a form that scrolls, Down goes down the rows one by one."""
    app.resize((960, 540))
    scene = SettingsScene(app)
    app.stack.push(scene)
    frame(app)
    form = scene.form
    order = [widget for widget in form.focusables() if widget not in scene.tabs]
    assert any(widget.panel is not None for widget in order)
    form.keyboard_used = True
    form.set_focus(order[0])
    seen = [form.focus]
    for _ in range(len(order) - 1):
        press(app, pygame.K_DOWN)
        seen.append(form.focus)
    assert seen == order


@pytest.mark.parametrize("tab", TABS)
def test_the_keys_bring_the_end_of_every_tab_into_sight(app, tab) -> None:
    """The scoring tab ends with greyed rows the keys never reach: on its last row that
    takes the focus the scroll bar still showed more below, and nothing brought it in."""
    app.resize((960, 540))
    scene = SettingsScene(app)
    app.stack.push(scene)
    frame(app)
    click(app, scene.tabs[TABS.index(tab)])
    panels = scene.form.panels
    rows = [w for w in scene.form.focusables() if w.panel is not None]
    if not panels or not rows:
        return
    if len(rows) < 2:
        return
    panel = rows[-1].panel
    scene.form.set_focus(rows[-2])
    press(app, pygame.K_DOWN)  # to the last row: as near the end as leaves it in sight
    assert scene.form.focus is rows[-1]
    assert panel.offset == min(panel.max_offset, rows[-1].base.top - panel.viewport.top)
    assert panel.viewport.contains(rows[-1].rect)
    scene.form.set_focus(rows[1])
    press(app, pygame.K_UP)
    assert scene.form.focus is rows[0] and panel.offset == 0


def test_cirulla_switched_on_brings_its_cappotto_and_is_the_cirulla_of_the_rules(
    app, scene
) -> None:
    """Switching Cirulla on left the cappotto off (Cirulla's default: all the coins win
    the game), and the ready-made rules read "Custom" instead of "Cirulla". The cappotto
    follows the game as the target does."""
    cirulla = open_row(app, scene, "rule_cirulla")
    click(app, cirulla.control)
    assert app.settings.rules.cappotto and app.settings.rules.preset_name() == "cirulla"
    click(app, cirulla.control)
    assert not app.settings.rules.cappotto and app.settings.rules.preset_name() == "classic"


def test_the_arrows_step_over_a_value_that_does_not_fit_to_the_next_that_does(app, scene) -> None:
    """With two players, Right on the deal stopped on the scopone's nine cards each (not for
    two) and never reached the scientifico, which is; with the scientifico, the players
    stayed at 2 on Right and Left though the message said four may play. A value the other
    rules refuse is stepped over; with none to take, the message says why."""
    assert app.settings.rules.players == 2 and app.settings.rules.deal == "scopa"
    deal = open_row(app, scene, "rule_deal")
    press(app, pygame.K_RIGHT)
    assert app.settings.rules.deal == "scientifico"
    assert scene.error == ""
    players = open_row(app, scene, "rule_players")
    press(app, pygame.K_RIGHT)
    assert app.settings.rules.players == 4
    press(app, pygame.K_LEFT)
    assert app.settings.rules.players == 2
    press(app, pygame.K_LEFT)  # round the end, past the six (not for the scientifico)
    assert app.settings.rules.players == 4
    frame(app)
    assert players.control.label() == "4"
    assert deal.control.label() == app.t("deal_scientifico")


def test_the_rows_name_suits_and_courts_as_the_deck_does(app, scene) -> None:
    """With French cards on, the score sheet said diamonds, and the settings still spoke
    of the king of coins and the seven of cups, cards no longer on screen."""
    _, re_bello = row(scene, "rule_re_bello")
    _, cups = row(scene, "rule_settebello_coppe")
    assert "coins" in re_bello.hint() and "cups" in cups.hint()
    app.settings = app.settings.with_(deck_style="french")
    assert "diamonds" in re_bello.hint() and "coins" not in re_bello.hint()
    assert "hearts" in cups.hint()
    app.settings = app.settings.with_(rules=Rules.preset("cirulla"), deck_style=None)
    assert "diamonds" in re_bello.hint()  # Cirulla's own deck, the Genoese, is French-suited
    app.set_language("it")
    assert "quadri" in re_bello.hint()


def test_french_suited_cards_always_show_their_values_in_the_corners(app, scene) -> None:
    """French cards without the values in the corners had a jack, a queen and a king told
    apart only by their pictures: every French-suited deck is printed with them. They
    always show; the switch is greyed for those decks and says why."""
    from scopa.app.table import TableScene

    from .table_helpers import coordinated, inline_worker, solo_setup

    _, corners = row(scene, "set_corner_index")
    app.settings = app.settings.with_(corner_index=False, deck_style="napoletane")
    assert corners.enabled
    app.settings = app.settings.with_(deck_style="french")
    assert not corners.enabled and "French" in corners.hint()
    table = TableScene(app, coordinated(app, solo_setup()), worker=inline_worker())
    assert table.art.style == "french" and table.art.corner_index
    app.settings = app.settings.with_(deck_style="napoletane")
    table.enter()  # back from the menu: the cards as now set
    assert table.art.style == "napoletane" and not table.art.corner_index
    table.close()


def test_the_target_stops_at_the_shortest_and_the_longest_game(app, scene) -> None:
    """As in New game: one step past 11 never gives 101."""
    found = open_row(app, scene, "rule_target")
    for _ in range(12):
        press(app, pygame.K_LEFT)
    assert scene.rules.target == 11 and found.control.label() == "11"
    for _ in range(12):
        press(app, pygame.K_RIGHT)
    assert scene.rules.target == 101


def test_cirulla_s_deal_is_refused_as_cirulla_s_at_any_number_of_players(app, scene) -> None:
    """With two players, Cirulla refused the scopone's deal by sending the player to change
    the players first, which could never make it playable."""
    click(app, open_row(app, scene, "rule_cirulla").control)
    assert app.settings.rules.cirulla and app.settings.rules.players == 2
    open_row(app, scene, "rule_deal")
    press(app, pygame.K_RIGHT)
    assert app.settings.rules.deal == "scopa"
    assert scene.error == app.t("err_cirulla_deal")


def test_a_number_of_players_stepped_over_says_why(app, scene) -> None:
    """With the Luzzati rules on, the arrows went from 2 players to 4 without a word, where
    the Teams switch said why: three players make three sides."""
    click(app, open_row(app, scene, "rule_cirulla").control)
    app.settings = app.settings.with_(rules=app.settings.rules.with_(luzzati_table_rules=True))
    open_row(app, scene, "rule_players")
    said = app.t("rule_skipped", value="3", why=app.t("err_luzzati_sides"))
    press(app, pygame.K_RIGHT)
    assert app.settings.rules.players == 4
    assert scene.footer_line()[0] == said
    press(app, pygame.K_LEFT)  # back to 2, over the 3 again
    assert app.settings.rules.players == 2
    assert scene.footer_line()[0] == said
    open_row(app, scene, "rule_target")
    press(app, pygame.K_RIGHT)  # nothing stepped over: nothing said of it
    assert scene.footer_line()[0] != said


@pytest.mark.parametrize("language", ["en", "it"])
def test_an_option_the_arrows_passed_over_is_named_beside_back(app, scene, language) -> None:
    """The deal stepped from Scopa past Scopone (four players only) to the Scientifico and
    back: "Scopone is played by 4 players" stayed beside Back, and a player took it that
    the rules chosen were wrong. It names what was passed over."""
    app.settings = app.settings.with_(language=language)
    app.set_language(language)
    open_row(app, scene, "rule_deal")
    press(app, pygame.K_RIGHT)
    assert app.settings.rules.deal == "scientifico"
    scopone = value_label(app.t, "deal", "scopone", app.settings.deck_style or "")
    said = scene.footer_line()[0]
    assert said == app.t("rule_skipped", value=scopone, why=app.t("err_scopone_players"))
    press(app, pygame.K_LEFT)
    assert app.settings.rules.deal == "scopa"
    assert scopone in scene.footer_line()[0]


@pytest.mark.parametrize("language", ["en", "it"])
def test_a_greyed_rule_clicked_says_what_it_waits_for(app, scene, language) -> None:
    """Last-card scopa, greyed with Scopa's deal, answered a click with nothing: a player
    could not find out how to set it. Beside Back it now says what it waits for, the rule
    furthest up that holds it greyed."""
    app.settings = app.settings.with_(language=language, rules=Rules())
    app.set_language(language)
    last = open_row(app, scene, "rule_scientifico_last_scopa")
    assert not last.enabled
    click(app, last)
    deal = value_label(app.t, "deal", "scientifico", "")
    rule, parent = app.t("rule_scientifico_last_scopa"), app.t("rule_deal")
    assert scene.footer_line()[0] == app.t("greyed_choice", rule=rule, parent=parent, value=deal)
    assert not app.settings.rules.scientifico_last_scopa  # a greyed rule stays as it was

    app.settings = app.settings.with_(rules=Rules.preset("cirulla"))
    frame(app)
    ace = open_row(app, scene, "rule_assi_scopa")
    click(app, ace)  # greyed by Scopa d'assi, itself greyed under Cirulla: Cirulla is why
    said = app.t("greyed_scopa_only", rule=app.t("rule_assi_scopa"))
    assert scene.footer_line()[0] == said

    app.settings = app.settings.with_(rules=Rules())
    frame(app)
    aces = open_row(app, scene, "rule_seven_count_aces")
    click(app, aces)
    said = app.t("greyed_on", rule=app.t("rule_seven_count_aces"), parent=app.t("rule_seven_count"))
    assert scene.footer_line()[0] == said


@pytest.mark.parametrize("language", ["en", "it"])
def test_settings_over_the_title_say_which_rules_the_saved_match_keeps(
    app, store, language
) -> None:
    """With a Cirulla match saved, Settings opened from the title and set to the classic
    game said only "Rule changes apply from the next new match": not that Continue still
    plays Cirulla, as every other screen said of a match kept."""
    from scopa.app import style
    from scopa.app.scenes.title import TitleScene
    from scopa.engine import Match
    from scopa.settings import MatchSetup, SeatConfig

    app.resize((960, 540))
    app.set_language(language)
    cirulla = LONG_CIRULLA
    setup = MatchSetup((SeatConfig("Anna", True), SeatConfig("Bruno", False)), cirulla)
    store.save_match(setup, Match.new(cirulla, 7).record())
    app.settings = app.settings.with_(rules=Rules())
    app.stack.clear_to(TitleScene(app))
    scene = app.open("settings")
    assert isinstance(scene, SettingsScene) and scene.tab == "match"
    frame(app)
    said, pen = scene.footer_line()
    assert said.startswith(app.t("rules_apply_note_saved", game="").strip())
    assert app.t("preset_cirulla") + " (" in said and app.t("players_n", n=2) in said
    # too many rules for the line: whole ones and how many more, not one cut off
    laid = style.fit(said, pen, scene.footer.w, scene.footer.h, lines=0)
    assert not laid.elided, laid.lines
    app.settings = app.settings.with_(rules=cirulla)  # the saved match's: nothing to tell
    assert scene.footer_line()[0] == app.t("rules_apply_note")
    store.clear_match()
    app.stack.clear_to(TitleScene(app))
    assert app.open("settings").footer_line()[0] == app.t("rules_apply_note")


def test_a_window_taller_than_16_9_shows_more_settings_at_once(app) -> None:
    """At 1280x1024 the settings kept a 16:9 sheet in a band of the screen's middle, six
    rows of a tab at a time, the rest scrolled. The sheet takes the window's height."""
    from scopa.app.scenes.title import TitleScene

    shown = {}
    for size in ((1280, 720), (1280, 1024)):
        app.resize(size)
        app.stack.clear_to(TitleScene(app))
        scene = app.open("settings")
        frame(app)
        assert pygame.Rect((0, 0), size).contains(scene.panel)
        rows = scene.rows[scene.tab]
        shown[size] = sum(1 for row in rows if row.base.bottom <= scene.scroll.viewport.bottom)
    assert shown[(1280, 1024)] >= shown[(1280, 720)] + 3, shown


QUOTES = {"it": ("«", "»"), "en": ("“", "”")}
"""How each language quotes the name of a setting in a sentence."""


@pytest.mark.parametrize("language", ["it", "en"])
def test_a_greyed_rule_s_message_quotes_its_name_whatever_its_number(app, scene, language) -> None:
    """A greyed row clicked said "Regole dei Giardini Luzzati è una regola..." and "Face
    cards in primiera only counts...": a plural name in a singular sentence. Every such
    message quotes the name of the rule and of the setting it waits for, in one way."""
    app.set_language(language)
    left, right = QUOTES[language]
    t = app.t
    click(app, open_row(app, scene, "rule_luzzati_table_rules"))  # greyed: Cirulla is off
    said = scene.footer_line()[0]
    assert said == t("greyed_cirulla_only", rule=t("rule_luzzati_table_rules"))
    assert f"{left}{t('rule_luzzati_table_rules')}{right}" in said
    assert f"{left}{t('rule_cirulla')}{right}" in said  # the switch it waits for
    assert not app.settings.rules.luzzati_table_rules

    scene.set_rule("seven_count", True)
    click(app, open_row(app, scene, "rule_face_values"))
    said = scene.footer_line()[0]
    rule, parent = t("rule_face_values"), t("rule_seven_count")
    assert said == t("greyed_off", rule=rule, parent=parent)
    assert f"{left}{rule}{right}" in said and f"{left}{parent}{right}" in said

    click(app, open_row(app, scene, "rule_scientifico_last_scopa"))
    said = scene.footer_line()[0]
    rule, parent = t("rule_scientifico_last_scopa"), t("rule_deal")
    assert f"{left}{rule}{right}" in said and f"{left}{parent}{right}" in said
    assert f"{left}{t('deal_scientifico')}{right}" in said  # the value, quoted as well


@pytest.mark.parametrize("language", ["it", "en"])
def test_every_greyed_message_quotes_the_settings_it_names_alike(language) -> None:
    """One message quoted the other setting ("con l'opzione «Conta dei sette»"), another
    did not ("con Distribuzione: Scientifico"): every one quotes every setting it names."""
    import re

    from scopa.app.strings.options import STRINGS

    left, right = QUOTES[language]
    table = STRINGS[language]
    messages = {key: text for key, text in table.items() if key.startswith("greyed_")}
    assert len(messages) == 5
    for key, text in messages.items():
        for name in re.findall(r"\{(\w+)\}", text):
            assert f"{left}{{{name}}}{right}" in text, (key, name)


def test_the_italian_settings_write_the_game_s_name_one_way(app, scene) -> None:
    """The settings wrote "la cirulla" in one line and "la Cirulla" in the next. In the
    middle of a sentence the games are written as Italian writes them, "la cirulla", "a
    scopa"; as a name on a row ("Cirulla", quoted when a sentence names the row) they are
    names. The line about the target that follows the game does so too."""
    import re

    from scopa.app.strings.options import STRINGS
    from scopa.i18n import Translator

    midway = re.compile(r"(?<![«\w])\w+[ ,]+(Cirulla|Scopa)\b(?!»)")
    for key, text in STRINGS["it"].items():
        sentence = text.removeprefix("Cirulla: ")  # a row's tag, as "Scientifico: "
        assert not midway.search(sentence), (key, text)
    app.set_language("it")
    click(app, open_row(app, scene, "rule_cirulla").control)
    said = scene.footer_line()[0]
    assert said == app.t("both_follow_game_on", n=51, game="cirulla")
    assert said.endswith(" a cirulla")
    click(app, open_row(app, scene, "rule_cirulla").control)
    assert scene.footer_line()[0].endswith(" a scopa")
    # what is dealt three at a time is the cards, not the game
    assert not re.search(r"cirulla si distribuisce", app.t("err_cirulla_deal"), re.I)
    assert not re.search(r"cirulla is dealt", Translator("en")("err_cirulla_deal"), re.I)


@pytest.mark.parametrize("language", ["it", "en"])
def test_dossena_s_scale_comes_on_beside_a_low_table_of_3_and_a_piccola_to_7(
    app, scene, language
) -> None:
    """With the dealer's low table at 3 scopas or the piccola to the 7, Dossena's scale
    was refused ("Dossena's scale gives the dealer's low table 1 scopa, not 3"), though it
    greys both rows and plays its own values. It comes on, says what it plays there, and
    the player's choices come back when it goes off."""
    app.set_language(language)
    app.settings = app.settings.with_(rules=PRESETS["cirulla"])
    scene.set_rule("dealer_low_bonus", 3)
    scene.set_rule("piccola_max", 7)
    low = open_row(app, scene, "rule_dealer_low_bonus")
    piccola = row(scene, "rule_piccola_max")[1]
    click(app, open_row(app, scene, "rule_dossena_scale").control)
    rules = app.settings.rules
    assert rules.dossena_scale and scene.error == ""
    assert scene.footer_line()[0] == app.t("dossena_own_values")
    assert not low.enabled and not piccola.enabled
    assert low.control.label() == piccola.control.label() == "\u2014"
    assert app.store.load_settings().rules.dossena_scale
    click(app, open_row(app, scene, "rule_dossena_scale").control)
    assert not app.settings.rules.dossena_scale
    assert low.control.label() == app.t("low_bonus_3")
    assert piccola.control.label() == app.t("piccola_7")


@pytest.mark.parametrize("language", ["it", "en"])
@pytest.mark.parametrize("table", [{"players": 3}, {"players": 4, "teams": False}])
def test_cirulla_switched_on_at_a_table_of_more_sides_leaves_the_luzzati_rules_off(
    app, scene, language, table
) -> None:
    """The Luzzati rules, left on from a game for two, refused Cirulla for three ("they
    need two sides"), and their own switch, greyed without Cirulla, could not be reached:
    each message sent the player to the other. Cirulla comes on, the Luzzati rules off,
    and the line says so beside what followed the game."""
    app.set_language(language)
    app.settings = app.settings.with_(rules=PRESETS["cirulla"].with_(luzzati_table_rules=True))
    cirulla = open_row(app, scene, "rule_cirulla")
    click(app, cirulla.control)
    assert not app.settings.rules.cirulla and app.settings.rules.luzzati_table_rules
    for name, value in table.items():
        scene.set_rule(name, value)
    assert app.settings.rules.sides > 2
    click(app, open_row(app, scene, "rule_cirulla").control)
    rules = app.settings.rules
    assert rules.cirulla and not rules.luzzati_table_rules and scene.error == ""
    assert rules.target == 51
    said = scene.footer_line()[0]
    assert app.t("luzzati_off_for_sides") in said
    assert app.t("both_follow_game_on", n=51, game=app.t("game_word_cirulla")) in said
    luzzati = open_row(app, scene, "rule_luzzati_table_rules")
    assert luzzati.enabled  # reachable now, to be refused with the reason again
    click(app, luzzati.control)
    assert not app.settings.rules.luzzati_table_rules
    assert scene.error == app.t("err_luzzati_sides")


def test_cirulla_switched_off_again_gives_the_luzzati_rules_back(app, scene) -> None:
    """Cirulla on at a table of three turned the Luzzati rules off; switched off again, the
    Luzzati rules stayed off, and back at two sides Cirulla came without what the player had
    chosen for it. Switched back, they are as the player left them, with no word of them
    turned off."""
    app.settings = app.settings.with_(rules=PRESETS["cirulla"].with_(luzzati_table_rules=True))
    click(app, open_row(app, scene, "rule_cirulla").control)
    scene.set_rule("players", 3)
    click(app, open_row(app, scene, "rule_cirulla").control)
    assert not app.settings.rules.luzzati_table_rules
    click(app, open_row(app, scene, "rule_cirulla").control)
    assert not app.settings.rules.cirulla and app.settings.rules.luzzati_table_rules
    assert app.t("luzzati_off_for_sides") not in scene.footer_line()[0]
    scene.set_rule("players", 2)
    click(app, open_row(app, scene, "rule_cirulla").control)
    assert app.settings.rules.cirulla and app.settings.rules.luzzati_table_rules
    assert app.store.load_settings().rules.luzzati_table_rules


def test_cirulla_switched_on_for_two_keeps_the_luzzati_rules(app, scene) -> None:
    """Two sides: nothing stands in the Luzzati rules' way, and they stay as chosen."""
    app.settings = app.settings.with_(rules=Rules(luzzati_table_rules=True))
    click(app, open_row(app, scene, "rule_cirulla").control)
    assert app.settings.rules.cirulla and app.settings.rules.luzzati_table_rules
    assert app.t("luzzati_off_for_sides") not in scene.footer_line()[0]


@pytest.mark.parametrize("language", ["it", "en"])
def test_a_row_s_explanation_reads_right_beside_the_other_rules(app, scene, language) -> None:
    """With no matta the Luzzati row still spoke of "three and the matta"; beside No three
    of a kind, Dossena's row of "three of a kind 2"; beside Until your first card, Show
    hands at the deal of "not at their turn"."""
    app.set_language(language)
    t = app.t
    cirulla = PRESETS["cirulla"]
    app.settings = app.settings.with_(rules=cirulla)
    luzzati = open_row(app, scene, "rule_luzzati_table_rules")
    dossena = row(scene, "rule_dossena_scale")[1]
    at_deal = row(scene, "rule_declare_at_deal")[1]
    plain = (luzzati.hint(), dossena.hint(), at_deal.hint())
    assert plain == tuple(
        t(f"rule_{name}_hint")
        for name in ("luzzati_table_rules", "dossena_scale", "declare_at_deal")
    )
    app.settings = app.settings.with_(
        rules=cirulla.with_(
            matta=None, no_decino=True, declare_at_deal=True, declare_until_play=True
        )
    )
    assert "matta" not in luzzati.hint().lower()
    assert luzzati.hint() == t("rule_luzzati_table_rules_hint_no_matta")
    assert dossena.hint() == t("rule_dossena_scale_hint_no_decino")
    assert at_deal.hint() == t("rule_declare_at_deal_hint_until_play")


@pytest.mark.parametrize("language", ["it", "en"])
def test_the_deal_s_row_explains_the_deal_chosen(app, scene, language) -> None:
    """The Deal row said "How many cards each player is dealt at a time" whether Scopa,
    Scopone or Scientifico was chosen: scientifico's deal (every card, none on the table,
    the first player laying on the empty table) was told only on a match's rules page."""
    app.set_language(language)
    t = app.t
    app.settings = app.settings.with_(rules=Rules(players=4, teams=True))
    deal = open_row(app, scene, "rule_deal")
    assert deal.hint() == t("rule_deal_hint")
    for chosen in ("scopone", "scientifico"):
        app.settings = app.settings.with_(rules=Rules(players=4, teams=True, deal=chosen))
        assert deal.hint() == t(f"deal_{chosen}_hint")


@pytest.mark.parametrize("language", ["it", "en"])
def test_scopa_d_assi_s_explanation_says_what_an_ace_does_in_this_game(app, language) -> None:
    """With Ace takes an ace off, the page of the game's rules said "where an ace lies
    there, Ace takes an ace makes it take just that ace", of a switch off in the game: the
    scopa d'assi is told as it is played, an ace sweeping even an ace (and the Settings'
    row the same, beside the switch)."""
    from scopa.app.scenes.settings import hint_key, rules_explained

    app.set_language(language)
    t = app.t
    sweeps = PRESETS["assi"].with_(assi_ace_takes_ace=False)
    (line, *_) = rules_explained(t, sweeps, "napoletane", PRESETS["classic"])
    switch = t("rule_assi_ace_takes_ace")
    assert switch not in line, line
    assert hint_key("assi", sweeps) != hint_key("assi", PRESETS["assi"])
    # with the switch on, told as played too: an ace lying there taken alone (its wording
    # leant on the switch's name, "with Ace takes an ace on", and read clumsily)
    assert switch not in t(hint_key("assi", PRESETS["assi"]))


@pytest.mark.parametrize("blocking", ["no_decino", "dossena_scale"])
def test_both_hand_bonuses_greyed_by_another_switch_show_off(app, scene, blocking) -> None:
    """Greyed by Dossena's scale, Both hand bonuses showed "On" beside the piccola's row
    showing a dash, as if the bonuses were stacked: a rule another switch decides shows no
    value it does not play (off, for a switch), and its own again once free."""
    app.settings = app.settings.with_(rules=PRESETS["cirulla"].with_(stack_hand_bonuses=True))
    both = open_row(app, scene, "rule_stack_hand_bonuses")
    assert both.control.shown()
    click(app, open_row(app, scene, f"rule_{blocking}").control)
    assert not both.enabled and not both.control.shown()
    assert app.settings.rules.stack_hand_bonuses  # kept, for when it applies again
    click(app, open_row(app, scene, f"rule_{blocking}").control)
    assert both.enabled and both.control.shown()


@pytest.mark.parametrize("game", ["scopa", "cirulla"])
def test_page_down_from_a_row_keeps_a_row_focused(app, scene, game) -> None:
    """PageDown from a row opened the next section with no focus ring left anywhere, and the
    next Tab started over at the tabs: the focus goes to the first row on screen (with
    Cirulla, Scopa's greyed rows come after Cirulla's own)."""
    if game == "cirulla":
        app.settings = app.settings.with_(rules=PRESETS["cirulla"])
    first = open_row(app, scene, "set_language")
    assert scene.form.focus is first
    for _ in TABS:
        press(app, pygame.K_PAGEDOWN)
        shown = [row for row in scene.shown_rows() if row.enabled]  # the arrows pass greyed
        assert scene.form.focus is shown[0], scene.tab
        if len(shown) > 1:
            press(app, pygame.K_DOWN)
            assert scene.form.focus is shown[1], scene.tab


def cloth_beside_the_sheet(app, scene) -> tuple[int, int, int]:  # noqa: ANN001
    """The colour of the cloth at the middle of the window's left edge, beside the sheet."""
    surface = pygame.Surface(app.size)
    scene.draw(surface)
    return tuple(surface.get_at((scene.panel.left // 2, app.size[1] // 2)))[:3]


def test_a_cloth_chosen_lays_the_menus_at_once_and_is_remembered(app, scene, tmp_path) -> None:
    scene.age = scene.FADE_IN
    green = cloth_beside_the_sheet(app, scene)
    assert green[1] > max(green[0], green[2])
    cloth = open_row(app, scene, "set_felt")
    assert cloth.control.label() == app.t("felt_green")
    press(app, pygame.K_RIGHT)
    press(app, pygame.K_RIGHT)
    assert cloth.control.label() == app.t("felt_red")
    red = cloth_beside_the_sheet(app, scene)
    assert red[0] > 2 * max(red[1], red[2])
    assert Store(tmp_path).load_settings().felt == "red"


def test_the_backs_row_shows_the_back_chosen_and_it_is_remembered(app, scene, tmp_path) -> None:
    backs = open_row(app, scene, "set_card_back")
    assert backs.control.label() == app.t("back_own")
    own = pygame.image.tobytes(backs.picture(60), "RGBA")
    assert own == pygame.image.tobytes(CardArt("napoletane", font=app.font).back(36), "RGBA")
    while backs.control.get() != "piacentine":
        press(app, pygame.K_RIGHT)
    assert backs.control.label() == app.t("back_piacentine")
    chosen = CardArt("napoletane", font=app.font, back="piacentine").back(36)
    assert pygame.image.tobytes(backs.picture(60), "RGBA") == pygame.image.tobytes(chosen, "RGBA")
    assert Store(tmp_path).load_settings().card_back == "piacentine"
    words = backs.text_area(scene.m)
    assert not words.colliderect(backs._picture_box(scene.m))  # the words make room for it
    assert backs._picture_box(scene.m).right < backs.control.drawn().left


def test_the_values_rows_show_a_card_as_the_switches_draw_it(app, scene) -> None:
    """Large values and the values in the corners were switched blind: nothing on the
    page showed what they change. Beside each, the settebello as the faces show now."""
    from scopa.engine import Card

    large = open_row(app, scene, "set_large_values")
    seven = Card(7, "D")
    plain = CardArt("napoletane", True, font=app.font).face(seven, 36)
    assert pygame.image.tobytes(large.picture(60), "RGBA") == pygame.image.tobytes(plain, "RGBA")
    click(app, large.control)
    assert app.settings.large_values
    drawn = CardArt("napoletane", True, font=app.font, large_values=True).face(seven, 36)
    assert pygame.image.tobytes(large.picture(60), "RGBA") == pygame.image.tobytes(drawn, "RGBA")
    _, corners = row(scene, "set_corner_index")
    assert pygame.image.tobytes(corners.picture(60), "RGBA") == pygame.image.tobytes(drawn, "RGBA")
    words = large.text_area(scene.m)
    assert not words.colliderect(large._picture_box(scene.m))  # the words make room for it


@pytest.mark.parametrize(("sides", "shown"), [(2, True), (3, True), (6, False)])
@pytest.mark.parametrize("kept", [True, False])
def test_greyed_teams_at_six_players_show_whether_partners_play(app, kept, sides, shown):
    """At six players the greyed Teams switch showed off beside "2 teams of 3": it shows
    on where partners play (two teams, three pairs), off where each plays alone, whatever
    it holds for four players."""
    rules = Rules(players=6, six_sides=sides, teams=kept)
    app.settings = app.settings.with_(rules=rules)
    scene = SettingsScene(app)
    app.stack.push(scene)
    frame(app)
    teams = open_row(app, scene, "rule_teams")
    assert not teams.enabled
    assert teams.control.shown() is shown
    assert app.settings.rules.teams is kept  # kept, for four players


def test_settings_another_copy_changed_are_the_game_s_once_it_saves_its_own(app, tmp_path):
    """Two copies of the game on one folder: the first changed the cloth and the language and
    closed; the second, saving a change of its own, wrote its settings whole and the other's
    were gone. The file keeps both changes, and the game shows the settings the file holds."""
    app.settings = app.settings.with_(language="en", felt="green")
    app.save_settings()
    other = Store(tmp_path)
    other.save_settings(other.load_settings().with_(felt="slate", language="it"))
    app.settings = app.settings.with_(volume=0.3)
    app.save_settings()
    assert (app.settings.felt, app.settings.volume, app.settings.language) == ("slate", 0.3, "it")
    assert app.t.language == "it"
    assert Store(tmp_path).load_settings() == app.settings


def test_a_game_played_by_four_is_not_said_not_played_by_four_after_scopone(app) -> None:
    """Scopone scientifico's four at the table (a match of it begun, its rules the
    settings'), the presets stepped on: "Scopa di quindici is not played by 4: the table is
    back to 2 players", of a game played by four. Scopone's four were its own: the next
    game takes its own table, and nothing false is said."""
    app.settings = app.settings.with_(rules=Rules.preset("scopone_scientifico"))
    scene = SettingsScene(app)
    app.stack.push(scene)
    frame(app)
    open_row(app, scene, "rule_preset")
    told = []
    for _ in range(len(PRESETS) + 1):
        press(app, pygame.K_RIGHT)
        name = app.settings.rules.preset_name()
        if name not in ("scopone", "scopone_scientifico", "milanese"):
            told.append((name, scene.footer_line()[0]))
    said = [(name, line) for name, line in told if "4" in line and "2" in line]
    assert not said, said
