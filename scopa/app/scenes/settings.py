"""Every rule toggle and preset, plus language, cards, animation, sound and the window.

Each change is applied and saved at once (the volume when the slider is let go or the
screen is left), so nothing is lost if the game closes. Rules here are the defaults of new
matches: a match in progress keeps the rules it started with.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from scopa.engine import (
    FOLLOW_GAME,
    PRESETS,
    RULE_OPTIONS,
    Card,
    RuleOption,
    Rules,
    RulesError,
    changed_options,
    rule_option,
)
from scopa.i18n import Translator
from scopa.settings import (
    ANIMATION_SPEEDS,
    CARD_BACKS,
    DECK_STYLES,
    FELTS,
    FRENCH_SUITED_DECKS,
)

from .. import style
from ..toasts import Words, worded
from ..widgets import (
    Button,
    Choice,
    Control,
    ScrollPanel,
    SettingRow,
    Slider,
    Tab,
    Text,
    Toggle,
    resolve,
)
from ..wording import capital, card_name, deck_text, italian_vowel_number
from .base import LANGUAGES, MenuScene
from .flow import rules_in_play, rules_problem

if TYPE_CHECKING:
    from ..app import App

TABS = ("match", "captures", "scoring", "game")
VOLUME_SAMPLE_MS = 150
"""A volume changed plays a card's sound at it, at most this often (a slider dragged)."""
SAMPLE_FACE = Card(7, "D")
"""The card beside the switches of the values in the corners: the settebello."""
MINE = "mine"
NAPOLA_TARGET = PRESETS["milanese"].target
"""The target a match with the napola is usually played to (21), which the napola brings."""
LUZZATI = "luzzati_table_rules"
"""The preset choice meaning the player's own rules ("My rules"), here and in New game."""


VALUE_WORDS = {
    "deal": "deal",
    "face_values": "faces",
    "six_sides": "sides",
    "dealer_low_bonus": "low_bonus",
    "low_hand_max": "low_hand",
    "piccola_max": "piccola",
}
"""The string key prefix naming each value of a rule whose values need words: the value
(or ``none`` for None) follows it, as in ``sides_3`` or ``low_bonus_none``."""
VALUE_HINTS = ("deal",)
"""The rules whose values each have their own explanation (``deal_scientifico_hint``),
which the page of a match's rules gives in place of the rule's."""
VALUES_EXPLAINED = (("matta", None), ("cappotto", False))
"""Single values of other rules that have their own explanation on that page
(``matta_none_hint``): no matta is no card that whoever shows it names; no cappotto is
all ten coins scoring their points (not what a cappotto would do)."""
NONE_WORDS = {"capture_limit": "limit_none", "matta": "matta_none"}
"""The word for None of a rule whose other values speak for themselves: a number (the
capture limit), or a card named as the deck names it (the matta). Other numbers (players,
target) are shown as they are."""
DEAL_CLASHES = ("scopone_players", "scientifico_players")
"""The clashes a deal has with the number of players (the message names the deal)."""


def hint_key(name: str, rules: Rules) -> str:
    """The key of the explanation of rule ``name`` that reads right beside the other rules
    of ``rules``: with no matta, the Luzzati rules' without "three and the matta"; with no
    three of a kind, Dossena's without "three of a kind 2"; beside Until your first card (a
    hand shown at one's turn too), Show hands at the deal's without "not at their turn";
    with Ace takes an ace off, the scopa d'assi's ace sweeping even an ace; a deal other
    than Scopa's, what it deals (not only "how many cards at a time")."""
    if name == "luzzati_table_rules" and rules.matta is None:
        return "rule_luzzati_table_rules_hint_no_matta"
    if name == "dossena_scale" and rules.no_decino:
        return "rule_dossena_scale_hint_no_decino"
    if name == "declare_at_deal" and rules.declare_at_deal and rules.declare_until_play:
        return "rule_declare_at_deal_hint_until_play"
    if name == "assi" and not rules.assi_ace_takes_ace:
        return "rule_assi_hint_sweeps_aces"
    if name == "deal" and rules.deal != "scopa" and not rules.cirulla:
        return f"deal_{rules.deal}_hint"  # the deal chosen, told (scientifico's lead too)
    return f"rule_{name}_hint"


def explanation_key(name: str, rules: Rules) -> str:
    """The key of what the value rule ``name`` holds in ``rules`` does, where the game's
    rules are told (``rules_explained``): the value's own (``VALUE_HINTS``,
    ``VALUES_EXPLAINED``), else the rule's explanation (``hint_key``)."""
    value = getattr(rules, name)
    if name in VALUE_HINTS or (name, value) in VALUES_EXPLAINED:
        said = "none" if value is None else "off" if value is False else value
        return f"{name}_{said}_hint"
    return hint_key(name, rules)


def value_label(t: Translator, name: str, value: Any, deck_style: str) -> str:
    """How a choice shows ``value`` of rule ``name``, in the language of ``t``."""
    prefix = VALUE_WORDS.get(name)
    if prefix is not None:
        return t(f"{prefix}_{'none' if value is None else value}")
    if value is None:
        return t(NONE_WORDS[name])
    if name == "matta":
        return capital(card_name(t, Card(value, "C"), deck_style))
    return str(value)


def change_said(t: Translator, option: RuleOption, rules: Rules, deck_style: str) -> str:
    """The rule ``option`` as ``rules`` change it, by the settings' names, in a game's
    brackets ("Napola", "Deal: Scopone", "Wild card: None")."""
    name = option.name
    label = unbracketed(t(f"rule_{name}"))  # the list goes in the game's brackets
    value = getattr(rules, name)
    if option.kind != "bool":
        return f"{label}: {unbracketed(value_label(t, name, value, deck_style))}"
    return label if value else t("rule_turned_off", rule=label)


def unbracketed(text: str) -> str:
    """``text`` without what it says in brackets ("Wild card (matta)" is "Wild card")."""
    return re.sub(r"\s*\([^()]*\)", "", text)


def followed(key: str, target: int, game: str) -> Words:
    """The message ``key`` of what followed the game switched to (the target, the
    cappotto), naming the game by the string ``game`` in the language it is read in
    ("as Cirulla is usually played", "come si gioca di solito a cirulla")."""
    return lambda t: t(key, n=target, game=t(game))


GAME_TAGS = ("Cirulla: ", "Scopa d'assi: ")
"""How the settings' explanation of a rule of one game alone begins, in every language (its
rules beside another's in Settings), left out on the page of a game's rules: "Ace takes an
ace: off. When it is on: scopa d'assi: with an ace..." read two labels in a row."""


def shows_off_greyed(option: RuleOption) -> bool:
    """Whether the switch of ``option``, greyed, shows off rather than the value it holds:
    a rule the table's seats rule out (teams with two players, where it read on beside
    "each on their own"), here and in New game."""
    return option.parent == "players"


def rules_explained(t: Translator, rules: Rules, deck_style: str, base: Rules) -> list[str]:
    """Each rule of ``rules`` that differs from ``base``'s, with what it does, as the
    settings explain it ("Fewest cards: among several captures, you must take..."), a
    line each; none when ``base`` cannot be played by as many players. The target is told
    too when it is not ``base``'s: the book names its game's usual one."""
    try:
        changed = {option.name for option in changed_options(rules, base)}
    except RulesError:
        return []
    if rules.target != base.target:
        changed.add("target")
    lines = []
    for option in (option for option in RULE_OPTIONS if option.name in changed):
        name = option.name
        value = getattr(rules, name)
        label = t(f"rule_{name}")
        # what the value chosen does, beside the others: the deal chosen told as it goes
        # ("10 each, none on the table"), not as the choice the setting makes
        hint = deck_text(t, explanation_key(name, rules), deck_style).rstrip(".")
        for tag in GAME_TAGS:  # the game's book says it already
            hint = hint.removeprefix(tag)
        own = (name, value) in VALUES_EXPLAINED  # the value has its own explanation
        if option.kind == "bool" and not value and not own:  # "When it is on: ..."
            hint = hint[:1].lower() + hint[1:]
        else:
            hint = capital(hint)
        if option.kind != "bool" or own:
            if option.kind == "bool":  # "Cappotto: off. Capturing all ten coins..."
                words = t("switch_on" if value else "switch_off").lower()
            else:  # mid-sentence: "Piccola: to the 7.", not "Piccola: To the 7."
                words = value_label(t, name, value, deck_style)
                words = words[:1].lower() + words[1:]
            lines.append(t("rules_mine_value", rule=label, value=words, hint=hint))
        else:
            lines.append(t("rules_mine_on" if value else "rules_mine_off", rule=label, hint=hint))
    return lines


def game_of(option: RuleOption) -> bool | None:
    """The game a rule belongs to: True for Cirulla's own rules, False for those only Scopa
    has (however deep under ``cirulla`` they hang), None for the rules of both."""
    while option.parent is not None:
        if option.parent == "cirulla":
            return bool(option.parent_values[0])
        option = rule_option(option.parent)
    return None


class SettingsScene(MenuScene):
    def __init__(self, app: App, tab: str = "match") -> None:
        self._first_tab = tab if tab in TABS else "match"
        """The tab it opens on: the game's, mid-match, where the rules wait for the next
        match and the cards, language and speed are what a player comes to change."""
        self._table = app.settings.rules
        """The last rules whose table (players, teams) the player chose: the presets
        stepped through seat theirs, past the scopone games that seat their own four."""
        self._saved_rules: Rules | None = None
        """The rules of the match saved for Continue, opened with no match under it."""
        if rules_in_play(app) is None:
            saved = app.matches.saved()
            if saved is not None and not saved.ended:
                self._saved_rules = saved.setup.rules
        super().__init__(app)
        if self.form.focus in self.tabs:  # opened from the keys: ringed on the tab open
            self.form.set_focus(self.tabs[TABS.index(self.tab)])

    def build(self) -> None:
        self.tab = self._first_tab
        self.error = ""
        self.news: Words | None = None
        """What the last change brought along, said beside Back until the next change."""
        self._switched: dict[str, tuple[Any, Any]] = {}
        """What the last switch between Scopa and Cirulla made of the rules that follow the
        game (``FOLLOW_GAME``) and of the Luzzati rules, before and after: switched back, a
        rule still as it was made is given its value back (a cappotto the player chose in
        Scopa, say, or the Luzzati rules a table of more sides turned off)."""
        self.volume_dirty = False
        self._heard_at = -VOLUME_SAMPLE_MS
        """When (ms) a card's sound last let the volume chosen be heard."""
        self._sample_owed = False
        """The volume changed since: its sound is to be heard (``_play_sample``)."""
        self.scroll = ScrollPanel()
        self.tabs = [
            Tab(self.tr(f"tab_{name}"), self._opener(name), self._is_open(name)) for name in TABS
        ]
        self.back_button = Button(self.tr("back"), self.back)
        self.rows: dict[str, list[SettingRow]] = {name: [] for name in TABS}
        self.games: dict[SettingRow, bool | None] = {}
        """Which game each rule row is for: True Cirulla, False Scopa, None both."""
        self._build_rows()

    def _opener(self, name: str) -> Callable[[], None]:
        def open_tab() -> None:
            if name != self.tab:  # what the last change said was of the tab left
                self.error, self.news = "", None
            self.tab = name
            self.scroll.offset = 0
            self.layout()

        return open_tab

    def _is_open(self, name: str) -> Callable[[], bool]:
        return lambda: self.tab == name

    # --- rows -----------------------------------------------------------------------------

    def _row(
        self,
        tab: str,
        key: str,
        control: Control,
        enabled: Callable[[], bool] | None = None,
        rule: str | None = None,
        picture: Callable[[int], pygame.Surface] | None = None,
    ) -> None:
        hint = self._hint(key, rule)
        row = SettingRow(self.tr(key), control, hint=hint, enabled=enabled, picture=picture)
        self.rows[tab].append(row)

    def _hint(self, key: str, rule: str | None = None) -> Callable[[], str]:
        """A row's explanation, naming suits and courts as the deck the rules are dealt
        with does (diamonds and hearts, the queen, with French-suited cards). The volume,
        greyed while the sound is off, says so (its slider took no click, and nothing said
        why), as it says when there is no sound device to hear. Cirulla's players are not
        six: the players' row says so. A ``rule``'s row says what it does beside the other
        rules (``hint_key``)."""

        def hint() -> str:
            audio = getattr(self.app, "audio", None)
            if key == "set_volume" and audio is not None and not audio.available:
                return self.app.t("set_volume_hint_no_device")
            if key == "set_volume" and self.app.settings.muted:
                return self.app.t("set_volume_hint_muted")
            if key == "rule_players" and self.rules.cirulla:  # its arrows pass over six
                return self.app.t("rule_players_hint_cirulla")
            deck = self.app.settings.deck_for(self.rules)
            if rule is not None:  # as it reads beside the other rules
                return deck_text(self.app.t, hint_key(rule, self.rules), deck)
            return deck_text(self.app.t, f"{key}_hint", deck)

        return hint

    def _rule_row(self, option: RuleOption) -> None:
        """A row for one rule, as the engine describes it (greyed while it does not apply)."""
        name = option.name
        enabled = None if option.parent is None else (lambda: option.applies(self.rules))
        control: Control
        if option.kind == "bool":
            control = Toggle(
                lambda: getattr(self.rules, name),
                lambda v: self.set_rule(name, v),
                # decided by another switch (Dossena's scale plays no hand bonuses of its
                # own), it shows off, as a choice so decided shows a dash: not a value played
                off_greyed=lambda: shows_off_greyed(option) or self._decided(option),
                greyed_shows=(lambda: self.rules.partners) if name == "teams" else None,
            )
        else:
            labels = [(value, self._value_label(name, value)) for value in option.values]
            control = Choice(
                labels,
                lambda: getattr(self.rules, name),
                lambda v: self.set_rule(name, v),
                skip_refused=True,
                skipped=lambda value: self._skipped(name, value),
                greyed_value=lambda: not shows_off_greyed(option) and not self._decided(option),
                wrap=name != "target",  # one step past the shortest game never gives the longest
            )
        self._row(option.section, f"rule_{name}", control, enabled, rule=name)
        row = self.rows[option.section][-1]
        self.games[row] = game_of(option)
        if option.parent is not None:
            row.greyed = lambda: self._greyed(option)

    def _decided(self, option: RuleOption) -> bool:
        """Another switch decides ``option`` for now (Dossena's scale has its own piccola):
        greyed, it shows a dash, not a value that is not played."""
        return any(getattr(self.rules, name) for name in option.unless)

    def _greyed(self, option: RuleOption) -> None:
        """A greyed rule clicked: say beside Back what it waits for (the switch of a rule
        of the scientifico's deal, greyed, answered a click with nothing)."""
        rules, child, failing = self.rules, option, option
        blocking = next((name for name in option.unless if getattr(rules, name)), None)
        if blocking is not None and dataclasses.replace(option, unless=()).applies(rules):
            # its game is on: another switch leaves it nothing to decide
            rule, other = self.t(f"rule_{option.name}"), self.t(f"rule_{blocking}")
            self.error, self.news = "", worded("greyed_off", rule=rule, parent=other)
            return
        while child.parent is not None:  # the rule furthest up that it waits for
            if getattr(rules, child.parent) not in child.parent_values:
                failing = child
            child = rule_option(child.parent)
        child = failing
        assert child.parent is not None
        wanted = child.parent_values[0]
        rule, parent = self.t(f"rule_{option.name}"), self.t(f"rule_{child.parent}")
        words: Words
        if child.parent == "cirulla":
            words = worded("greyed_cirulla_only" if wanted else "greyed_scopa_only", rule=rule)
        elif isinstance(wanted, bool):
            words = worded("greyed_on" if wanted else "greyed_off", rule=rule, parent=parent)
        else:
            value = self._value_label(child.parent, wanted)
            words = lambda t: t(  # noqa: E731
                "greyed_choice", rule=rule, parent=parent, value=resolve(value)
            )
        self.error, self.news = "", words

    def _skipped(self, name: str, value: Any) -> None:
        """The arrows stepped over ``value`` of rule ``name``, which the other rules
        refuse: say why beside Back, as a refusal is said."""
        try:
            self.rules.with_(**{name: value})
        except RulesError as error:
            refused, label = error, self._value_label(name, value)
            # what was passed over, by name: the reason alone ("Scopone is played by 4
            # players") stayed beside Back and read as the rules chosen being wrong
            self.news = lambda t: t(
                "rule_skipped", value=resolve(label), why=rules_problem(self.app, refused)
            )

    def _value_label(self, name: str, value: Any) -> Text:
        """How a choice shows ``value`` of rule ``name``, in the player's language."""
        if name in VALUE_WORDS or value is None or name == "matta":
            return lambda: value_label(self.t, name, value, self.app.settings.deck_style)
        return str(value)

    def _presets(self) -> list[tuple[str, Text]]:
        """The presets, after the player's own rules once there are some (as New game
        offers them): a preset tried out leaves them there to come back to."""
        mine = [(MINE, self.tr("ng_my_rules"))] if self.app.settings.my_rules is not None else []
        return mine + [(name, self.tr(f"preset_{name}")) for name in PRESETS]

    def deck_shown(self) -> str:
        """The cards the Cards row and the corners' switch speak of: those of the match
        under the pause, as they change at once (the next match's game may bring others
        while no deck is chosen), else those a new match would be dealt."""
        playing = rules_in_play(self.app)
        return self.app.settings.deck_for(playing if playing is not None else self.rules)

    def _back_shown(self, height: int) -> pygame.Surface:
        """The back the cards show now, ``height`` tall."""
        art = style.menu_art(self.app, self.deck_shown())
        return art.back(style.card_width_for(height))

    def _face_shown(self, height: int) -> pygame.Surface:
        """A card as the faces show now (their values in the corners, large or not),
        ``height`` tall: the switches' effect seen as they are turned."""
        art = style.menu_art(self.app, self.deck_shown())
        return art.face(SAMPLE_FACE, style.card_width_for(height))

    def _build_rows(self) -> None:
        preset = Choice(self._presets, lambda: self.rules.preset_name() or MINE, self.set_preset)
        row = SettingRow(self.tr("rule_preset"), preset, hint=self._preset_hint)
        self.rows["match"].append(row)
        for option in RULE_OPTIONS:
            self._rule_row(option)

        self._row(
            "game",
            "set_language",
            Choice(list(LANGUAGES), lambda: self.app.settings.language, self.set_language),
        )
        self._row(
            "game",
            "set_deck_style",
            Choice(
                [(s, self.tr(f"deck_{s}")) for s in DECK_STYLES],
                self.deck_shown,
                lambda v: self.change(deck_style=v),
            ),
        )
        self._row(
            "game",
            "set_corner_index",
            Toggle(lambda: self.app.settings.corner_index, lambda v: self.change(corner_index=v)),
            lambda: self.deck_shown() not in FRENCH_SUITED_DECKS,
            picture=self._face_shown,
        )
        self._row(
            "game",
            "set_large_values",
            Toggle(lambda: self.app.settings.large_values, lambda v: self.change(large_values=v)),
            picture=self._face_shown,
        )
        self._row(
            "game",
            "set_felt",
            Choice(
                [(s, self.tr(f"felt_{s}")) for s in FELTS],
                lambda: self.app.settings.felt,
                lambda v: self.change(felt=v),
            ),
        )
        self._row(
            "game",
            "set_card_back",
            Choice(
                [(s, self.tr(f"back_{s or 'own'}")) for s in CARD_BACKS],
                lambda: self.app.settings.card_back,
                lambda v: self.change(card_back=v),
            ),
            picture=self._back_shown,
        )
        self._row(
            "game",
            "set_animation_speed",
            Choice(
                [(s, self.tr(f"speed_{s}")) for s in ANIMATION_SPEEDS],
                lambda: self.app.settings.animation_speed,
                lambda v: self.change(animation_speed=v),
                wrap=False,
            ),
        )
        self._row(
            "game",
            "set_volume",
            Slider(lambda: self.app.settings.volume, self.set_volume),
            lambda: not self.app.settings.muted,
        )
        self._row("game", "set_muted", Toggle(lambda: self.app.settings.muted, self.set_muted))
        self._row(
            "game",
            "set_fullscreen",
            Toggle(lambda: self.app.settings.fullscreen, self.set_fullscreen),
        )
        self._row(
            "game",
            "set_quick_messages",
            Toggle(
                lambda: self.app.settings.quick_messages,
                lambda v: self.change(quick_messages=v),
            ),
        )

    # --- changes --------------------------------------------------------------------------

    @property
    def rules(self) -> Rules:
        return self.app.settings.rules

    def change(self, save: bool = True, *, seated: bool = True, **changes: Any) -> None:
        """Take ``changes`` in; ``seated``: the rules changed sit at the table the player
        chose (not a preset taken, which may have to bring its own)."""
        self.app.settings = self.app.settings.with_(**changes)
        if seated and not self.rules.names_its_players():
            self._table = self.rules
        self.error = ""
        self.news = None
        if save:
            self.app.save_settings()

    def set_rule(self, name: str, value: Any) -> None:
        changes = {name: value}
        games = name == "cirulla" and bool(value) != self.rules.cirulla
        before = self.rules
        if name == "napola" and bool(value) != before.napola:
            target = self._napola_target(before, bool(value))
            if target is not None:
                changes["target"] = target
        if games:
            for rule, usual in FOLLOW_GAME.items():
                now = getattr(before, rule)
                was, made = self._switched.get(rule, (now, None))
                if made == now:  # as the switch there made it: back to what it was
                    changes[rule] = was
                elif now == usual[not value]:
                    changes[rule] = usual[bool(value)]
            if value and before.luzzati_table_rules and before.sides != 2:
                # Luzzati left on for two, greyed while Cirulla was off: refusing Cirulla
                # for its sake sent the player to a switch they could not reach
                changes["luzzati_table_rules"] = False
            was, made = self._switched.get(LUZZATI, (None, None))
            if not value and made is not None and made == before.luzzati_table_rules:
                changes[LUZZATI] = was  # as the player left them for a game for two
        try:
            rules = self.rules.with_(**changes)
        except RulesError as error:
            if name == "deal" and self.rules.cirulla:  # whatever the players: Cirulla's deal
                self.error = self.t("err_cirulla_deal")
            elif name == "deal" and error.clash in DEAL_CLASHES:
                self.error = self.t("err_deal_players", deal=self.t(f"deal_{value}"))
            else:
                self.error = rules_problem(self.app, error)
            return
        self.change(rules=rules)
        if name == "dossena_scale" and value:  # its own rows greyed: what it plays there
            self.news = worded("dossena_own_values")
        if "target" in changes and name == "napola":  # what the napola brought along
            key = "target_follows_napola_on" if value else "target_follows_napola_off"
            self.news = worded(key, n=rules.target)
        if not games:
            return
        self._switched = {
            rule: (getattr(before, rule), getattr(rules, rule)) for rule in (*FOLLOW_GAME, LUZZATI)
        }
        said: list[Words] = []
        game = "game_word_cirulla" if rules.cirulla else "game_word_scopa"
        target = rules.target != before.target
        if rules.cappotto != before.cappotto:  # what followed the game: said
            state = "on" if rules.cappotto else "off"
            key = f"both_follow_game_{state}" if target else f"cappotto_follows_game_{state}"
            said.append(followed(key, rules.target, game))
        elif target:
            vowel = "_vowel" if italian_vowel_number(rules.target) else ""
            said.append(followed(f"target_follows_game{vowel}", rules.target, game))
        if before.luzzati_table_rules and not rules.luzzati_table_rules:
            said.append(worded("luzzati_off_for_sides"))
        if said:
            self.news = lambda t: ". ".join(words(t) for words in said)

    def _napola_target(self, before: Rules, napola: bool) -> int | None:
        """The target the napola switched on (``napola``) or off brings: from the usual 11
        to the 21 a match with the napola is usually played to (its own line says so), and
        back from the 21 it made; None where the player chose a target of their own."""
        usual = Rules().target
        made = self._switched.pop("napola_target", None)
        if napola and before.target == usual:
            self._switched["napola_target"] = (usual, NAPOLA_TARGET)
            return NAPOLA_TARGET
        if not napola and made == (usual, NAPOLA_TARGET) and before.target == NAPOLA_TARGET:
            return usual
        return None

    def _preset_hint(self) -> str:
        """What the preset chosen is (Regolamento, Milanese... told a player nothing), or
        what the row is for, with the player's own rules."""
        name = self.rules.preset_name()
        if not name:
            return self.t("rule_preset_hint", mine=self.t("ng_my_rules_hint"))
        return self.t("rule_preset_chosen_hint", what=self.t(f"preset_{name}_hint"))

    def set_preset(self, name: str) -> None:
        """A preset at this table, or the player's own rules as they were made."""
        mine = self.app.settings.my_rules
        if name == MINE and mine is not None:
            self.change(rules=mine)
        else:
            table = self._table
            rules = self.rules.with_preset(name, table)
            self.change(rules=rules, seated=False)
            # a game not played by as many (Cirulla by six) took its own two players: said,
            # as the target and the cappotto that follow a game are; not of a table the
            # scopone seated (its own four: "Scopa di quindici is not played by 4" was said)
            own = rules.names_its_players() or table.names_its_players()
            if rules.players != table.players and not own:
                game = self.t(f"preset_{name}")
                self.news = worded("players_back_for_game", game=game, was=table.players,
                                   n=rules.players)  # fmt: skip

    def set_language(self, language: str) -> None:
        self.error = ""
        self.choose_language(language)

    def set_volume(self, volume: float) -> None:
        self.change(save=False, volume=float(volume))
        self.volume_dirty = True
        audio = getattr(self.app, "audio", None)
        if audio is not None:
            audio.set_volume(float(volume))
            self._sample_owed = True  # the new level heard, not guessed
            self._play_sample()

    def _play_sample(self) -> None:
        """A card's sound at the volume chosen, at most every ``VOLUME_SAMPLE_MS``: one owed
        while a slider is dragged is played once the time comes, at the level it ended on."""
        audio = getattr(self.app, "audio", None)
        now = pygame.time.get_ticks()
        if audio is None or not self._sample_owed or now - self._heard_at < VOLUME_SAMPLE_MS:
            return
        self._heard_at, self._sample_owed = now, False
        audio.play("play")

    def update(self, dt: float) -> None:
        super().update(dt)
        self._play_sample()

    def set_muted(self, muted: bool) -> None:
        self.change(save=False, muted=muted)
        self.app.set_muted(muted)

    def set_fullscreen(self, fullscreen: bool) -> None:
        self.change(fullscreen=fullscreen)
        self.app.set_fullscreen(fullscreen)

    def leave(self) -> None:
        super().leave()
        if self.volume_dirty:
            self.volume_dirty = False
            self.app.save_settings()

    def switch_tab(self, direction: int) -> None:
        """Open the next (or previous) section: the one beside the focused tab (the focus
        went backwards when it stepped from the open one), which keeps the focus; else
        beside the open one, the focus on the first of its rows on screen that the arrows
        stop at (the row focused went with its section: no ring was left, and Tab began
        again at the tabs)."""
        focus = self.form.focus
        on_tab = focus in self.tabs
        start = self.tabs.index(focus) if on_tab else TABS.index(self.tab)
        index = (start + direction) % len(TABS)
        self._opener(TABS[index])()
        if on_tab:
            self.form.set_focus(self.tabs[index])
        elif focus is not None:  # the first row on screen the arrows stop at (not greyed)
            first = next((row for row in self.shown_rows() if row.enabled), None)
            if first is not None:
                self.form.set_focus(first)

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            tab_keys = {pygame.K_PAGEUP: -1, pygame.K_PAGEDOWN: +1}
            if self.form.focus in self.tabs:
                tab_keys.update({pygame.K_LEFT: -1, pygame.K_RIGHT: +1})
            if event.key in tab_keys:
                self.form.keyboard_used = self.form.keys_last = True
                self.switch_tab(tab_keys[event.key])
                return True
            if event.key in (pygame.K_UP, pygame.K_DOWN) and self._across_tabs(event.key):
                return True
        used = super().handle(event)
        if event.type == pygame.MOUSEBUTTONUP and self.volume_dirty:
            self.volume_dirty = False
            self.app.save_settings()
        return used

    def _across_tabs(self, key: int) -> bool:
        """Down from the tabs goes into the open section's first row (it walked along the
        tabs, four presses to reach it), Up from that row back to the open tab."""
        rows = [row for row in self.shown_rows() if row in self.form.focusables()]
        focus = self.form.focus
        if key == pygame.K_DOWN and focus in self.tabs and rows:
            target = rows[0]
        elif key == pygame.K_UP and rows and focus is rows[0]:
            target = self.tabs[TABS.index(self.tab)]
        else:
            return False
        self.form.keyboard_used = self.form.keys_last = True  # (the pointer's row unlit)
        self.form.set_focus(target)
        return True

    # --- layout ---------------------------------------------------------------------------

    def layout(self) -> None:
        m = self.m
        focus = self.form.focus
        self.form.clear()
        # as tall as the window (its rows scroll): a window taller than 16:9 (5:4, on its
        # side) showed six rows in a band of the screen's middle
        inner = self.place_sheet(1.5, 0.95 * self.app.size[1] / m.ref, 0.08, 0.05)
        tab_h, gap = m.px(0.062), m.px(style.SPACE_S)
        y = self.heading_box.bottom + gap
        tab_w = (inner.w - gap * (len(TABS) - 1)) // len(TABS)
        for i, tab in enumerate(self.tabs):
            tab.place(pygame.Rect(inner.left + i * (tab_w + gap), y, tab_w, tab_h))
            self.form.add(tab)
        top = y + tab_h + gap * 2
        button_h = m.px(0.068)
        bottom = inner.bottom - button_h - gap
        viewport = pygame.Rect(inner.left, top, inner.w, bottom - top)
        rows = self.shown_rows()
        self.scroll.children.clear()
        row_h = m.px(0.105)
        content = pygame.Rect(viewport.left, viewport.top, viewport.w - m.px(style.SPACE_M), 0)
        for i, row in enumerate(rows):
            row.place(pygame.Rect(content.left, content.top + i * row_h, content.w, row_h))
            self.scroll.add(row)
            self.form.add(row)
        self.scroll.set_viewport(viewport, len(rows) * row_h)
        self.form.panels = [self.scroll]
        button_w = m.px(0.3)
        self.back_button.place(
            pygame.Rect(inner.right - button_w, inner.bottom - button_h, button_w, button_h)
        )
        self.form.add(self.back_button)
        self.footer = pygame.Rect(
            inner.left, inner.bottom - button_h, inner.w - button_w - gap * 2, button_h
        )
        if focus in self.form.widgets:
            self.form.focus = focus
            if focus in self.scroll.children:  # its old offset may now show other rows
                self.scroll.reveal(focus)

    def shown_rows(self) -> list[SettingRow]:
        """The open tab's rows: those of both games, then those of the game the rules play
        (Cirulla or Scopa), then the other game's, greyed (so Cirulla's own settings are not
        found under a column of Scopa's greyed ones). The order changes only when Cirulla is
        switched, on another tab."""
        cirulla = self.rules.cirulla

        def rank(row: SettingRow) -> int:
            game = self.games.get(row)
            return 0 if game is None else 1 if game == cirulla else 2

        return sorted(self.rows[self.tab], key=rank)

    def draw_content(self, surface: pygame.Surface) -> None:
        self.draw_sheet(surface, self.t("settings"))

    def footer_line(self) -> tuple[str, style.Pen]:
        """What the line beside Back says, and how: a change refused (red), a change the
        folder would not keep, what a change brought along (the target that follows the
        game), or when changes apply."""
        m = self.m
        if self.error:
            return self.error, m.pen("ui_bold", style.ROW_NOTE, style.LACQUER)
        if not self.app.settings_kept:  # the folder would not keep the last change
            return self.t("settings_not_kept_note"), m.pen("ui_bold", style.ROW_NOTE, style.INK)
        if self.news is not None:
            return self.news(self.app.t), m.pen("ui_bold", style.ROW_NOTE, style.INK)
        soft = m.pen("ui", style.ROW_NOTE, style.INK_SOFT)
        if self.tab == "game":
            return self.t("settings_saved_note"), soft
        from .online import describe_rules  # the online screens use these settings

        def about(key: str, rules: Rules) -> str:
            """``key`` telling of ``rules``: as many of their changes as the line holds."""

            def fits(game: str) -> bool:
                box = self.footer
                return not style.fit(self.t(key, game=game), soft, box.w, box.h, lines=0).elided

            return self.t(key, game=describe_rules(self.app, rules, fits=fits))

        playing = rules_in_play(self.app)
        current = self.app.matches.current
        if playing is not None and current is not None and current.match.over:
            # over a match ended: what its rematch will play (at a server, the table's)
            rematch = playing if current.remote else self.app.matches.rematch_rules(current)
            return about("rules_apply_note_over", rematch), soft
        elif playing is not None and playing != self.app.settings.rules:  # over a match
            # whose rules are not the ones shown here
            return about("rules_apply_note_playing", playing), soft
        elif playing is None and self._saved_rules not in (None, self.app.settings.rules):
            assert self._saved_rules is not None  # Continue plays by the rules it began with
            return about("rules_apply_note_saved", self._saved_rules), soft
        return self.t("rules_apply_note"), soft

    def draw_overlay(self, surface: pygame.Surface) -> None:
        words, pen = self.footer_line()
        style.text(surface, words, pen, self.footer, lines=0)
