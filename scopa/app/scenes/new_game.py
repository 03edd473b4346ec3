"""Choose who plays (2, 3, 4 or 6 seats, each human or computer with a level and a name),
the teams (partners at four; at six two teams of three, three pairs or everyone alone), the
rules and the target; Start remembers the choice and opens the table."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from scopa.aids.replay import coded_match, deal_shape
from scopa.engine import PRESETS, Rules, RulesError, rule_option
from scopa.engine.rules import PLAYERS
from scopa.net.protocol import name_key
from scopa.settings import MAX_NAME, MatchSetup, SeatConfig, SettingsError, shows_something

from .. import style
from ..matches import COMPUTER_NAMES, free_names, named_computers, new_seed
from ..table.layout import sides_coloured
from ..widgets import Button, Choice, Label, SettingRow, TextInput, Toggle
from ..wording import default_name, default_names, is_default_name, join, parse_deal_id
from .base import MenuScene
from .flow import rules_problem, side_names
from .online import game_name
from .settings import MINE, shows_off_greyed

LEVELS = ("beginner", "expert", "master")
DRAFT = ("names", "defaults", "typed", "given", "humans", "levels", "players", "teams",
         "six_sides", "target", "preset", "chosen_target", "chosen_players",
         "kinds_chosen", "code")  # fmt: skip
"""What the screen keeps of a choice left with Back or Esc (``NewGameScene.back``)."""
SEATS = max(PLAYERS)
"""Seats the screen can fill (the most players a game has)."""
MAX_CODE = 20
"""The most a round's code typed may hold (six digits, the round and the table, spaced)."""
TOP_ROW = {False: 0.105, True: 0.092}
SEAT_ROW = {False: 0.058, True: 0.05}
"""The heights of the players' row and of a seat's row (fractions of the reference height),
with up to four seats and with more: six seats are drawn a little tighter."""


def _copied(value: object) -> object:
    return list(value) if isinstance(value, list) else value


class NewGameScene(MenuScene):
    def build(self) -> None:
        app = self.app
        last = app.settings.last_setup
        rules = app.settings.rules
        you = app.t("you")
        self.names = [you, *free_names([you], SEATS - 1)]
        self.defaults = [True] + [False] * (SEATS - 1)
        """Which seats keep the game's name for them (:meth:`shown_name`), not a typed one."""
        self.typed = [False] * SEATS
        """Which seats' names were typed here (a computer's name typed is kept for a person)."""
        self.given = [False] + [True] * (SEATS - 1)
        """Which seats hold a computer's name the game gave them (a friend called Franco
        keeps his name when his seat is a computer for a while)."""
        self.level = app.settings.opponent_level or "beginner"
        self.last = last
        self.kinds_chosen = False
        """Whether a seat's kind or level was chosen here (the player count then leaves them)."""
        self._told_mine: dict[tuple[object, ...], str] = {}
        """The line naming the player's own rules, by what it depends on (``my_rules``)."""
        # The rules are those of the settings, with their table (players, teams, sides): a
        # match started here made its rules the settings' too, so they are the last match's
        # unless the settings changed since (three players chosen there opened here at the
        # last match's four, and Play started three). The seats are the last match's where
        # it had as many.
        self.preset = rules.preset_name() or MINE
        self.players = rules.players
        self.teams = rules.teams
        self.six_sides = rules.six_sides
        self.target = rules.target
        self.chosen_target: tuple[int, int] | None = None
        """A target chosen here, with the target of the rules it was chosen over: kept for
        every rules played to that same target (classic to scopone), where another rules'
        own target (Cirulla's 51) would otherwise replace it."""
        self.chosen_players = self.players
        """The players chosen (here, or at the last match's table): brought back after a
        look at rules played by another number (the scopone games are four; some rules are
        for two only)."""
        if last is not None:
            for seat, config in enumerate(named_computers(last.seats)):
                self.names[seat] = config.name
                self.defaults[seat] = is_default_name(config.name, seat)
                self.given[seat] = not config.human and config.name in COMPUTER_NAMES
            taken = self.names[: len(last.seats)]
            self.names[len(last.seats) :] = free_names(taken, SEATS - len(last.seats))
        self._seat_kinds()
        self.error = ""

        self.players_row = SettingRow(
            self.tr("ng_players"),
            Choice(
                [(n, str(n)) for n in rule_option("players").values],
                lambda: self.players,
                self._set_players,
            ),
            hint=self.tr("ng_players_hint"),
        )
        self.teams_row = SettingRow(
            self.tr("rule_teams"),
            Toggle(
                lambda: self.teams,
                self._set("teams"),
                off_greyed=shows_off_greyed(rule_option("teams")),
            ),
            hint=self.tr("ng_teams_hint"),
            enabled=lambda: rule_option("teams").applies(Rules(players=self.players)),
        )
        self.sides_row = SettingRow(
            self.tr("ng_six_sides"),
            Choice(
                [(n, self.tr(f"sides_{n}")) for n in rule_option("six_sides").values],
                lambda: self.six_sides,
                self._set("six_sides"),
            ),
            hint=self.tr("ng_six_sides_hint"),
            control_share=0.44,
        )
        self.seat_widgets: list[tuple[Label, TextInput, Choice, Choice]] = []
        for seat in range(SEATS):
            self.seat_widgets.append(self._seat(seat))
        mine = [(MINE, self.tr("ng_my_rules"))] if app.settings.my_rules is not None else []
        presets = mine + [(name, self.tr(f"preset_{name}")) for name in PRESETS]
        self.preset_row = SettingRow(
            self.tr("ng_rules"),
            Choice(presets, lambda: self.preset, self._set_preset),
            hint=self._preset_hint,
            control_share=0.42,
        )
        self.target_row = SettingRow(
            self.tr("rule_target"),
            Choice(
                [(n, str(n)) for n in rule_option("target").values],
                lambda: self.target,
                self._set_target,
                wrap=False,  # one step past the shortest game never gives the longest
            ),
            hint=self.tr("ng_target_hint"),
            control_share=0.3,
        )
        self.code = ""
        """A round's code typed (from a score sheet): the match deals that round's cards."""
        self.code_refused = False
        """The code typed is what Start is refused for (``_check``)."""
        self.code_row = SettingRow(
            self.tr("ng_code"),
            TextInput(
                lambda: self.code, self._set_code, max_length=MAX_CODE, done=self._code_typed
            ),
            hint=self.tr("ng_code_hint"),
            control_share=0.3,
        )
        self.back_button = Button(self.tr("back"), self.back)
        self.start_button = Button(
            self.tr("start"), self.start, primary=True, enabled=self.playable
        )
        self._restore_draft()
        self._check()

    # --- a choice left unstarted -----------------------------------------------------------

    def _draft_basis(self) -> tuple[object, ...]:
        """What the screen's first choices are made of: a draft made over other settings
        (rules changed in Settings since, a match started) is not brought back."""
        settings = self.app.settings
        return settings.rules, settings.my_rules, settings.last_setup, settings.opponent_level

    def back(self) -> None:
        """Leave without starting: what was chosen and typed comes back the next time the
        screen opens while the game runs (Esc, pressed by mistake, lost a name typed)."""
        self._keep_draft()
        super().back()

    def _keep_draft(self) -> None:
        kept = {name: _copied(getattr(self, name)) for name in DRAFT}
        self.app.matches.new_game_draft = (self._draft_basis(), kept)

    def _restore_draft(self) -> None:
        draft = self.app.matches.new_game_draft
        if draft is None or draft[0] != self._draft_basis():
            return
        for name, value in draft[1].items():
            setattr(self, name, _copied(value))

    def _seat(self, seat: int) -> tuple[Label, TextInput, Choice, Choice]:
        number = Label(lambda: self.t("ng_seat", n=seat + 1), role="ui_bold", size=style.ROW_TITLE)

        def set_name(value: str) -> None:
            self.names[seat] = value
            self.defaults[seat] = self.given[seat] = False
            self.typed[seat] = True
            self._make_way(seat)
            self._check()

        def set_human(value: bool) -> None:
            if value != self.humans[seat] and not self.typed[seat]:
                self._rename(seat, human=value)
            self.humans[seat] = value
            self.kinds_chosen = True
            self._check()

        def set_level(value: str) -> None:
            self.levels[seat] = value
            self.kinds_chosen = True

        name = TextInput(
            lambda: self.shown_name(seat),
            set_name,
            max_length=MAX_NAME,
            hint=self.tr("ng_name_hint"),
            given=lambda: self.defaults[seat] or self.given[seat],
            keep=self.writable,
            full=self.name_full,
        )
        kind = Choice(
            [(True, self.tr("ng_human")), (False, self.tr("ng_computer"))],
            lambda: self.humans[seat],
            set_human,
            hint=self.tr("ng_kind_hint"),
        )
        level = Choice(
            [(lv, self.tr(f"level_{lv}")) for lv in LEVELS],
            lambda: self.levels[seat],
            set_level,
            wrap=False,
            hint=lambda: self.t(f"level_{self.levels[seat]}_hint"),
            enabled=lambda: not self.humans[seat],
        )
        return number, name, kind, level

    def _set_target(self, value: int) -> None:
        self.chosen_target = (value, self.base_rules().target)
        self.target = value
        self._check()

    def _set(self, name: str) -> Callable[[object], None]:
        def setter(value: object) -> None:
            setattr(self, name, value)
            self._check()

        return setter

    def _rename(self, seat: int, *, human: bool) -> None:
        """A computer made a person loses the computer's name the game gave it ("Giulia"
        became a person called so) for the game's name for a person ("Player 2"); a person
        with the game's name made a computer gets a computer's name again."""
        if human and not self.defaults[seat] and self.given[seat]:
            self.defaults[seat], self.given[seat] = True, False
        elif not human and self.defaults[seat]:
            taken = [self.shown_name(other) for other in range(SEATS) if other != seat]
            (self.names[seat],) = free_names(taken, 1)
            self.defaults[seat], self.given[seat] = False, True

    def _seat_kinds(self) -> None:
        """Who plays each seat: as in the last match set up when it had as many seats (the
        friends of a six-player evening come back at six); else, for three or more, as the
        seats were shown before the number of players changed (friends set at three stay at
        four), or at first as they sat at the last match (three players chosen in the
        settings since a match of four); for two, the player against computers, as Play
        seats them."""
        last = self.last
        before: list[bool] | None = getattr(self, "humans", None)
        levels: list[str] | None = getattr(self, "levels", None)
        self.humans = [True] + [False] * (SEATS - 1)
        self.levels = [self.level] * SEATS
        same = last is not None and len(last.seats) == self.players
        if last is not None and (same or (before is None and self.players > 2)):
            for seat, config in enumerate(last.seats[: self.players]):
                self.humans[seat] = config.human
                self.levels[seat] = config.level if config.level in LEVELS else "expert"
        elif before is not None and levels is not None and self.players > 2:
            self.humans, self.levels = list(before), list(levels)
        for seat in range(SEATS):  # named as its new kind is (a computer was "Seat 2")
            if before is not None and before[seat] != self.humans[seat] and not self.typed[seat]:
                self._rename(seat, human=self.humans[seat])

    def _seat_count(self, players: int) -> None:
        self.players = players
        if not self.kinds_chosen:
            self._seat_kinds()

    def _set_players(self, value: int) -> None:
        self._seat_count(value)
        self.chosen_players = value
        self._check()
        self.layout()

    def _set_preset(self, value: str) -> None:
        """Take a preset's rules and its target (Cirulla is played to 51), or the target
        chosen here where the preset is played to the target it was chosen over (21
        chosen for the classic game stays for scopone, not for Cirulla). The players are
        those chosen, unless the rules need their own number (the scopone games are four;
        the rulebook's rules are for two), or as many of them as the rules can seat (Cirulla,
        not for six, keeps four): flipping through the rules leaves the players as chosen
        for every rules that can seat them."""
        self.preset = value
        rules = self.base_rules()
        fewer = [n for n in PLAYERS if n <= self.chosen_players and self._seats(rules, n)]
        shown = self.players
        if rules.deal != "scopa" or not fewer:
            self._seat_count(rules.players)
        else:
            self._seat_count(fewer[-1])
            # said, as Settings says (two of six went without a word); not of a table the
            # rules before seated (scopone's four): "not played by 6" of a table of four
            if fewer[-1] != self.chosen_players and value != MINE and shown != fewer[-1]:
                was, now = self.chosen_players, fewer[-1]
                self.tell_here(
                    lambda t: t("players_back_for_game", game=t(f"preset_{value}"), was=was, n=now)
                )
        chosen = self.chosen_target
        self.target = chosen[0] if chosen and chosen[1] == rules.target else rules.target
        self._check()
        self.layout()

    @staticmethod
    def _seats(rules: Rules, players: int) -> bool:
        """Whether ``rules`` can be played by ``players``."""
        try:
            rules.with_(players=players)
        except RulesError:
            return False
        return True

    def _preset_hint(self) -> str:
        if self.preset != MINE:
            return self.t(f"preset_{self.preset}_hint")
        return self.t("ng_my_rules_hint")

    def my_rules(self, fits: Callable[[str], bool] | None = None) -> str:
        """With the player's own rules chosen: which they are, as every screen names them
        ("My rules · Scopa (Re bello)"; "" otherwise, or for the classic game's): with
        ``fits``, as many of their changes as it takes whole."""
        if self.preset != MINE:
            return ""
        rules = self.base_rules()
        if rules.preset_name() == "classic":
            return ""

        def told(game: str) -> str:
            return self.t("ng_my_rules_with", game=game)

        return told(game_name(self.app, rules, None if fits is None else lambda g: fits(told(g))))

    # --- the setup -------------------------------------------------------------------------

    def base_rules(self) -> Rules:
        """The rules of the choice: the player's own as Settings keeps them; the preset
        chosen in Settings as it is there (to its target there); another preset as it is."""
        settings = self.app.settings
        if self.preset == MINE:
            mine = settings.my_rules
            return settings.rules if mine is None or settings.rules.preset_name() is None else mine
        if self.preset == settings.rules.preset_name():
            return settings.rules
        return PRESETS[self.preset]

    def rules(self) -> Rules:
        """The chosen rules; raises RulesError for a combination that cannot be played."""
        return self.base_rules().with_(
            players=self.players, teams=self.teams, six_sides=self.six_sides, target=self.target
        )

    def playable(self) -> bool:
        """Whether the rules chosen can be played (Start is greyed while they cannot: the
        line above it says why)."""
        try:
            self.rules()
        except RulesError:
            return False
        return True

    def setup(self) -> MatchSetup:
        """The chosen match; raises RulesError or SettingsError when it cannot be played
        (two seats with one name included: nobody could tell them apart)."""
        same = self.repeated_name()
        if same is not None:
            raise SettingsError(f"two seats are named {same!r}")
        seats = []
        for seat, name in enumerate(self.seat_names()):
            seats.append(SeatConfig(name, self.humans[seat], self.levels[seat]))
        return MatchSetup(tuple(seats), self.rules())

    def _make_way(self, seat: int) -> None:
        """A computer's name the game gave it, typed as a person's in ``seat`` ("Lucia"),
        goes to the person: the computer takes another (it had to be retyped by hand)."""
        typed = name_key(self.names[seat])
        for other in range(SEATS):
            if other != seat and self.given[other] and name_key(self.names[other]) == typed:
                taken = [self.shown_name(each) for each in range(SEATS) if each != other]
                (self.names[other],) = free_names(taken, 1)

    def shown_name(self, seat: int) -> str:
        """The name in the field of ``seat``: the one the player typed, kept as typed; else
        the game's name for the seat as the table will show it, in the language of the
        moment ("You", "Player 1" with two people at the screen)."""
        return self.names[seat] if not self.defaults[seat] else self.game_name(seat)

    def game_name(self, seat: int) -> str:
        """The game's name for ``seat`` as the table will show it ("You", "Player 2",
        "Seat 3")."""
        people = [other for other in range(self.players) if self.humans[other]]
        return default_name(self.t, seat, human=self.humans[seat], alone=people == [seat])

    def seat_names(self) -> list[str]:
        """The names the table will show: a seat whose field was left empty is named as the
        game names it, a person by the game's name for a person ("You", "Player 2"), a
        computer by a computer's name no other seat has ("Giulia")."""
        names = [self.shown_name(seat).strip() for seat in range(self.players)]
        names = [name if shows_something(name) else "" for name in names]  # a Hangul filler
        blank = [seat for seat, name in enumerate(names) if not name]
        computers = [seat for seat in blank if not self.humans[seat]]
        given = free_names([name for name in names if name], len(computers))
        for seat, name in zip(computers, given):
            names[seat] = name
        for seat in blank:
            if self.humans[seat]:
                names[seat] = self.game_name(seat)
        return names

    def repeated_name(self) -> str | None:
        """A name given to two seats, if any (alike as ``name_key`` compares names: "Zoë"
        typed with its letter or with a mark after an "e" is one name)."""
        seen: set[str] = set()
        for name in self.seat_names():
            if name_key(name) in seen:
                return name
            seen.add(name_key(name))
        # a seat left with the game's name is shown by another in another language: a
        # name typed as that one ("Giocatore 2" beside "Player 2") is the same name then
        games = {
            name_key(other)
            for seat in range(self.players)
            if self.defaults[seat]
            for other in default_names(seat)
        }
        for seat, name in enumerate(self.seat_names()):
            if not self.defaults[seat] and name_key(name) in games - {
                name_key(own) for own in default_names(seat)
            }:
                return name
        return None

    def matchup(self) -> str:
        """Who plays against whom, as the table names the sides ("Tu e Marco contro Giulia e
        Lucia"; with three sides or more "Tu, Giulia e Marco, ognuno per sé", not "Tu
        contro Giulia contro Marco"). Three pairs are listed with commas alone ("Tu e Lucia,
        Giulia e Paolo, Marco e Chiara: ogni coppia per sé"): each pair is already joined
        by "e", and a last "e" between pairs made the last four names read as one side."""
        try:
            setup = self.setup()
            names = side_names(setup, self.t)
        except (RulesError, SettingsError):
            return ""
        if len(names) <= 2:
            return f" {self.t('ng_against')} ".join(names)
        if setup.rules.players == len(names):
            return self.t("ng_each_alone", names=join(self.t, names))
        return self.t("ng_pair_by_pair", names=", ".join(names))

    def told_matchup(self, fits: Callable[[str], bool]) -> str:
        """The matchup as the screen says it: with no person at the table, that the match
        is watched, not kept (a computer put in the player's own seat started one without a
        word), the names left out where they make it too long to ``fits``."""
        matchup = self.matchup()
        if not matchup or any(self.humans[: self.players]):
            return matchup
        said = self.t("ng_watched", matchup=matchup)
        return said if fits(said) else self.t("ng_watched_bare")

    def game_named(self) -> int | None:
        """A seat whose typed name is one the game gives another seat or kind of player
        ("You" for a computer): the table would show the game's name instead."""
        for seat in range(self.players):
            name = self.names[seat].strip()
            typed = not self.defaults[seat]
            if typed and is_default_name(name, seat) and self.game_name(seat) != name:
                return seat
        return None

    def _check(self) -> bool:
        self.code_refused = False
        same = self.repeated_name()
        if same is not None:
            self.error = self.t("ng_same_name", name=same)
            return False
        named = self.game_named()
        if named is not None:
            self.error = self.t("ng_game_name", name=self.names[named].strip(), n=named + 1)
            return False
        try:
            setup = self.setup()
        except RulesError as error:
            self.error = rules_problem(self.app, error)
            return False
        except SettingsError:
            self.error = self.t("ng_bad_name")
            return False
        coded = parse_deal_id(self.code) if self.code.strip() else None
        self.code_refused = bool(self.code.strip()) and coded is None
        if self.code_refused:
            self.error = self.t("ng_bad_code")
            return False
        if coded is not None and coded.shape and coded.shape != deal_shape(setup.rules):
            self.error = self._other_table(coded.shape)
            self.code_refused = True
            return False
        self.error = ""
        return True

    def _other_table(self, shape: str) -> str:
        """Why a round's code dealt at another table (``deal_shape``) is not dealt at this
        one: the same seed deals other cards there. The players it had, and the game whose
        deal it had."""
        players, dealt = int(shape[:-1]), shape[-1]
        game = {"S": "classic", "N": "scopone", "T": "scopone_scientifico", "C": "cirulla"}
        return self.t("ng_code_table", n=players, game=self.t(f"preset_{game[dealt]}"))

    def _set_code(self, value: str) -> None:
        self.code = value
        self._check()

    def _code_typed(self) -> None:
        """Enter ended the code's typing: on to Start, ringed, when the code deals here (it
        did nothing: Start was two keys away); a code refused keeps the field, its reason
        said under it."""
        if self._check():
            self.form.set_focus(self.start_button)
            self.form.keyboard_used = True

    def start(self) -> None:
        if not self._check():
            if self.code_refused:
                self.form.set_focus(self.code_row)  # the code to mend, not Start again
            return
        setup = self.setup()
        coded = parse_deal_id(self.code) if self.code.strip() else None
        match = None
        if coded is not None:
            match = coded_match(setup.rules, coded.seed, coded.round_no, then=new_seed())
        levels = [seat.level for seat in setup.seats if not seat.human]
        level = levels[0] if levels else self.app.settings.opponent_level

        def keep() -> None:
            # the rules chosen here are the rules in force from now on, as if chosen in the
            # settings: the next New game offers them again, Play plays them (both went back
            # to the settings' classic game after a match of scopone; the player's own rules
            # stay kept while a preset is played). Only once the match starts: a player who
            # keeps the saved match instead keeps the settings too.
            self.app.settings = self.app.settings.with_(
                last_setup=setup, opponent_level=level, rules=setup.rules
            )
            self.app.save_settings()
            self.app.matches.new_game_draft = None  # started: the next one starts from it

        self._keep_draft()  # till the match starts: the saved one resumed instead keeps it
        self.app.matches.start(setup, match, chosen=keep)

    # --- layout ----------------------------------------------------------------------------

    def layout(self) -> None:
        m = self.m
        focus = self.form.focus
        self.form.clear()
        inner = self.place_sheet(1.6, 0.96, 0.09, 0.05)
        many = self.players > 4
        row_h, gap = m.px(TOP_ROW[many]), m.px(style.SPACE_S)
        y = self.heading_box.bottom
        half = (inner.w - gap * 2) // 2
        sides = self.sides_row if self.players == SEATS else self.teams_row
        self.players_row.place(pygame.Rect(inner.left, y, half, row_h))
        sides.place(pygame.Rect(inner.right - half, y, half, row_h))
        self.form.add(self.players_row)
        self.form.add(sides)
        y += row_h + gap
        header = m.pen("ui", style.ROW_NOTE, style.INK_SOFT)
        # the columns' names a little up from the first seat: clear of its focus ring
        reach = style.focus_reach(m)
        self.header_box = pygame.Rect(inner.left, y - reach, inner.w, style.line_height(header))
        y = self.header_box.bottom + reach
        seat_h = m.px(SEAT_ROW[many])
        step = seat_h + gap // 2
        cols = self._columns(inner)
        for seat, widgets in enumerate(self.seat_widgets):
            if seat >= self.players:
                continue
            for (x, w), widget in zip(cols, widgets):
                widget.place(pygame.Rect(x, y + seat * step, w, seat_h))
                self.form.add(widget)
        # The rules sit where six seats end, whatever the number of players: choosing
        # scopone (four players) from six moved them up under the pointer, and the next
        # click turned a seat into a person or a computer.
        y = self.heading_box.bottom + m.px(TOP_ROW[True]) + gap + self.header_box.h
        y += SEATS * (m.px(SEAT_ROW[True]) + gap // 2) + gap // 2
        wide = round((inner.w - gap * 2) * 0.62)
        row_h = m.px(0.105)  # the rules' explanation may take two lines
        self.preset_row.place(pygame.Rect(inner.left, y, wide, row_h))
        self.target_row.place(
            pygame.Rect(inner.left + wide + gap * 2, y, inner.w - wide - gap * 2, row_h)
        )
        self.form.add(self.preset_row)
        self.form.add(self.target_row)
        # a round's code, under the game and the target: the words about the match under it
        code_h = m.px(0.072)
        code_top = y + row_h + gap // 2
        self.code_row.place(pygame.Rect(inner.left, code_top, inner.w, code_h))
        self.code_row.inset = row_h // 4  # its words under the game's, not a little left
        self.form.add(self.code_row)
        button_h, button_w = m.px(0.075), m.px(0.34)
        bottom = inner.bottom - button_h
        below = code_top + code_h
        self.message_box = pygame.Rect(inner.left, below, inner.w, bottom - below)
        self.back_button.place(pygame.Rect(inner.left, bottom, button_w, button_h))
        self.start_button.place(pygame.Rect(inner.right - button_w, bottom, button_w, button_h))
        self.form.add(self.back_button)
        self.form.add(self.start_button)
        between = inner.w - 2 * button_w - 2 * m.px(style.SPACE_M)
        self.hint_area = pygame.Rect(0, bottom, between, button_h)
        self.hint_area.centerx = inner.centerx
        if focus in self.form.widgets:
            self.form.focus = focus

    def _columns(self, inner: pygame.Rect) -> list[tuple[int, int]]:
        gap = self.m.px(style.SPACE_M)
        shares = (0.17, 0.37, 0.22, 0.24)
        width = inner.w - gap * 3
        out, x = [], inner.left
        for share in shares:
            out.append((x, round(width * share)))
            x += round(width * share) + gap
        return out

    def draw_content(self, surface: pygame.Surface) -> None:
        m = self.m
        self.draw_sheet(surface, self.t("new_game"))
        cols = self._columns(self.panel.inflate(-m.px(0.09), -m.px(0.05)))
        header = m.pen("ui", style.ROW_NOTE, style.INK_SOFT)
        for (x, w), key in zip(cols[1:], ("ng_name", "ng_who", "ng_level")):
            box = pygame.Rect(x, self.header_box.top, w, self.header_box.h)
            style.text(surface, self.t(key), header, box)
        shaped = sides_coloured(self.table_rules())
        for seat in range(self.players):
            label = self.seat_widgets[seat][0].rect
            side = self.rules_side(seat)
            color = style.side_colour(side)
            r = max(3, label.h // 7)
            if shaped:  # partners' seats, or three sides or more: their shapes, as at the
                # table (six small dots told apart by their colour alone)
                r = max(4, label.h // 6)
                style.side_shape(surface, side, (label.right - r * 2.5, label.centery), r, color)
            else:
                pygame.draw.circle(surface, color, (label.right - r * 3, label.centery), r)

    def rules_side(self, seat: int) -> int:
        """The side ``seat`` plays for at the table chosen (players, teams, sides), as the
        teams box shows it: rules that cannot seat those players (scopone for six) still
        colour the seats by the teams shown, not each seat apart."""
        return self.table_rules().side_of(seat)

    def table_rules(self) -> Rules:
        """The table chosen alone (players, teams, sides), whatever game is played there."""
        return Rules(players=self.players, teams=self.teams, six_sides=self.six_sides)

    def draw_overlay(self, surface: pygame.Surface) -> None:
        m = self.m
        if self.error:
            pen = m.pen("ui_bold", style.ROW_NOTE, style.LACQUER)
            style.text(surface, self.error, pen, self.message_box, align="center", lines=0)
        else:
            pen = m.pen("text", style.SUBHEADING, style.INK_SOFT)
            box = self.message_box
            note = m.pen("ui", style.ROW_NOTE, style.INK_SOFT)
            height = min(box.h // 2, 2 * style.line_height(note))
            under = pygame.Rect(box.left, box.bottom - height, box.w, height)

            style_of, language = self.app.settings.deck_style, self.app.t.language
            key = (self.preset, self.base_rules(), style_of, language, under.size)
            mine = self._told_mine.get(key)
            if mine is None:  # worked out once: every preset is weighed to name the game

                def fits(words: str) -> bool:
                    return not style.fit(words, note, under.w, under.h, lines=2).elided

                mine = self._told_mine[key] = self.my_rules(fits)
            if mine:
                style.text(surface, mine, note, under, align="center", lines=2)
                box = pygame.Rect(box.left, box.top, box.w, box.h - height)
            told = self.told_matchup(
                lambda words: not style.fit(words, pen, box.w, box.h, lines=2).elided
            )
            style.text(surface, told, pen, box, align="center", lines=2)
            self.draw_hint(surface, self.hint_area, style.INK_SOFT)
