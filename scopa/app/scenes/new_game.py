"""Choose who plays (2-4 seats, each human or computer with a level and a name), teams,
the rules and the target; Start remembers the choice and opens the table."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from scopa.engine import PRESETS, Rules, RulesError, rule_option
from scopa.settings import MAX_NAME, MatchSetup, SeatConfig, SettingsError

from .. import theme
from ..matches import free_names
from ..widgets import Button, Choice, Label, SettingRow, TextInput, Toggle
from .base import MenuScene
from .flow import rules_problem, side_names

LEVELS = ("beginner", "expert", "master")
MINE = "settings"
"""The preset choice meaning "the rules in my settings"."""


class NewGameScene(MenuScene):
    def build(self) -> None:
        app = self.app
        last = app.settings.last_setup
        rules = app.settings.rules
        you = app.t("you")
        self.names = [you, *free_names([you], 3)]
        self.humans = [True, False, False, False]
        level = app.settings.opponent_level or "expert"
        self.levels = [level] * 4
        # The rules are those of the settings (a match set up earlier does not bring its
        # own back); the seats are the last ones used, where there were as many.
        self.preset = MINE
        self.players = rules.players
        self.teams = rules.teams
        self.target = rules.target
        if last is not None:
            for seat, config in enumerate(last.seats):
                self.names[seat] = config.name
                self.humans[seat] = config.human
                self.levels[seat] = config.level if config.level in LEVELS else "expert"
            taken = self.names[: len(last.seats)]
            self.names[len(last.seats) :] = free_names(taken, 4 - len(last.seats))
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
            Toggle(lambda: self.teams, self._set("teams")),
            hint=self.tr("ng_teams_hint"),
            enabled=lambda: rule_option("teams").applies(Rules(players=self.players)),
        )
        self.seat_widgets: list[tuple[Label, TextInput, Choice, Choice]] = []
        for seat in range(4):
            self.seat_widgets.append(self._seat(seat))
        presets = [(MINE, self.tr("ng_my_rules"))] + [
            (name, self.tr(f"preset_{name}")) for name in PRESETS
        ]
        self.preset_row = SettingRow(
            self.tr("ng_rules"),
            Choice(presets, lambda: self.preset, self._set_preset),
            hint=self._preset_hint,
            control_share=0.46,
        )
        self.target_row = SettingRow(
            self.tr("rule_target"),
            Choice(
                [(n, str(n)) for n in rule_option("target").values],
                lambda: self.target,
                self._set("target"),
            ),
            hint=self.tr("ng_target_hint"),
        )
        self.back_button = Button(self.tr("back"), self.back)
        self.start_button = Button(self.tr("start"), self.start, primary=True)
        self._check()

    def _seat(self, seat: int) -> tuple[Label, TextInput, Choice, Choice]:
        number = Label(lambda: self.t("ng_seat", n=seat + 1), role="ui_bold", size=theme.ROW_TITLE)

        def set_name(value: str) -> None:
            self.names[seat] = value
            self._check()

        def set_human(value: bool) -> None:
            self.humans[seat] = value
            self._check()

        def set_level(value: str) -> None:
            self.levels[seat] = value

        name = TextInput(
            lambda: self.names[seat], set_name, max_length=MAX_NAME, hint=self.tr("ng_name_hint")
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

    def _set(self, name: str) -> Callable[[object], None]:
        def setter(value: object) -> None:
            setattr(self, name, value)
            self._check()

        return setter

    def _set_players(self, value: int) -> None:
        self.players = value
        self._check()
        self.layout()

    def _set_preset(self, value: str) -> None:
        self.preset = value
        if value != MINE:
            fixed = PRESETS[value]
            if fixed.deal != "scopa" or fixed.players != 2:
                self.players = fixed.players
            self.target = fixed.target
        self._check()
        self.layout()

    def _preset_hint(self) -> str:
        return (
            self.t("ng_my_rules_hint")
            if self.preset == MINE
            else self.t(f"preset_{self.preset}_hint")
        )

    # --- the setup -------------------------------------------------------------------------

    def base_rules(self) -> Rules:
        return self.app.settings.rules if self.preset == MINE else PRESETS[self.preset]

    def rules(self) -> Rules:
        """The chosen rules; raises RulesError for a combination that cannot be played."""
        return self.base_rules().with_(players=self.players, teams=self.teams, target=self.target)

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

    def seat_names(self) -> list[str]:
        return [
            self.names[seat].strip() or self.t("ng_seat", n=seat + 1)
            for seat in range(self.players)
        ]

    def repeated_name(self) -> str | None:
        """A name given to two seats, if any."""
        seen: set[str] = set()
        for name in self.seat_names():
            if name.casefold() in seen:
                return name
            seen.add(name.casefold())
        return None

    def matchup(self) -> str:
        """Who plays against whom ("Tu & Marco contro Giulia & Lucia")."""
        try:
            names = side_names(self.setup())
        except (RulesError, SettingsError):
            return ""
        return f" {self.t('ng_against')} ".join(names)

    def _check(self) -> bool:
        same = self.repeated_name()
        if same is not None:
            self.error = self.t("ng_same_name", name=same)
            return False
        try:
            self.setup()
        except RulesError as error:
            self.error = rules_problem(self.app, error)
            return False
        except SettingsError:
            self.error = self.t("ng_bad_name")
            return False
        self.error = ""
        return True

    def start(self) -> None:
        if not self._check():
            return
        setup = self.setup()
        levels = [seat.level for seat in setup.seats if not seat.human]
        level = levels[0] if levels else self.app.settings.opponent_level
        self.app.settings = self.app.settings.with_(last_setup=setup, opponent_level=level)
        self.app.save_settings()
        self.app.matches.start(setup)

    # --- layout ----------------------------------------------------------------------------

    def layout(self) -> None:
        m = self.m
        focus = self.form.focus
        self.form.clear()
        self.panel = m.centered(1.55, 0.94, 0.5)
        inner = self.panel.inflate(-m.px(0.09), -m.px(0.05))
        row_h, gap = m.px(0.078), m.px(0.012)
        y = inner.top + m.px(0.09)
        half = (inner.w - gap * 2) // 2
        self.players_row.place(pygame.Rect(inner.left, y, half, row_h))
        self.teams_row.place(pygame.Rect(inner.left + half + gap * 2, y, half, row_h))
        self.form.add(self.players_row)
        self.form.add(self.teams_row)
        y += row_h + gap * 2
        self.header_y = y + m.px(0.012)
        y += m.px(0.035)
        seat_h = m.px(0.058)
        cols = self._columns(inner)
        for seat, (number, name, kind, level) in enumerate(self.seat_widgets):
            if seat >= self.players:
                continue
            number.place(pygame.Rect(cols[0][0], y, cols[0][1], seat_h))
            name.place(pygame.Rect(cols[1][0], y, cols[1][1], seat_h))
            kind.place(pygame.Rect(cols[2][0], y, cols[2][1], seat_h))
            level.place(pygame.Rect(cols[3][0], y, cols[3][1], seat_h))
            for widget in (number, name, kind, level):
                self.form.add(widget)
            y += seat_h + gap
        y = max(
            y + gap, inner.top + m.px(0.09) + row_h + gap * 2 + m.px(0.035) + 4 * (seat_h + gap)
        )
        self.preset_row.place(pygame.Rect(inner.left, y, half, row_h))
        self.target_row.place(pygame.Rect(inner.left + half + gap * 2, y, half, row_h))
        self.form.add(self.preset_row)
        self.form.add(self.target_row)
        self.error_y = y + row_h + m.px(0.03)
        button_h, button_w = m.px(0.075), m.px(0.34)
        bottom = inner.bottom - button_h
        self.back_button.place(pygame.Rect(inner.left, bottom, button_w, button_h))
        self.start_button.place(pygame.Rect(inner.right - button_w, bottom, button_w, button_h))
        self.form.add(self.back_button)
        self.form.add(self.start_button)
        self.hint_area = pygame.Rect(inner.left, bottom, inner.w, button_h)
        if focus in self.form.widgets:
            self.form.focus = focus

    def _columns(self, inner: pygame.Rect) -> list[tuple[int, int]]:
        gap = self.m.px(0.02)
        shares = (0.17, 0.37, 0.22, 0.24)
        width = inner.w - gap * 3
        out, x = [], inner.left
        for share in shares:
            out.append((x, round(width * share)))
            x += round(width * share) + gap
        return out

    def draw_content(self, surface: pygame.Surface) -> None:
        m = self.m
        paper = theme.draw_panel(surface, self.panel, m)
        font = m.font("title", theme.HEADING)
        theme.draw_text(
            surface,
            self.t("new_game"),
            font,
            theme.INK,
            (paper.centerx, paper.top + m.px(0.05)),
            "center",
        )
        cols = self._columns(self.panel.inflate(-m.px(0.09), -m.px(0.05)))
        small = m.font("ui", theme.ROW_NOTE)
        for (x, _), key in zip(cols[1:], ("ng_name", "ng_who", "ng_level")):
            theme.draw_text(
                surface, self.t(key), small, theme.INK_SOFT, (x, self.header_y), "midleft"
            )
        for seat in range(self.players):
            label = self.seat_widgets[seat][0].rect
            side = self.rules_side(seat)
            color = theme.SIDE_COLORS[side % len(theme.SIDE_COLORS)]
            r = max(3, label.h // 7)
            pygame.draw.circle(surface, color, (label.right - r * 3, label.centery), r)

    def rules_side(self, seat: int) -> int:
        """The side ``seat`` plays for under the chosen rules (its seat if they cannot be
        played)."""
        try:
            return self.rules().side_of(seat)
        except RulesError:
            return seat

    def draw_overlay(self, surface: pygame.Surface) -> None:
        m = self.m
        if self.error:
            font = m.font("ui_bold", theme.ROW_NOTE)
            theme.draw_text(
                surface,
                self.error,
                font,
                theme.LACQUER,
                (self.panel.centerx, self.error_y),
                "center",
                fit=self.panel.w - m.px(0.1),
            )
        else:
            theme.draw_text(
                surface,
                self.matchup(),
                m.font("text", theme.SUBHEADING),
                theme.INK_SOFT,
                (self.panel.centerx, self.error_y + m.px(0.02)),
                "center",
                fit=self.panel.w - m.px(0.1),
            )
            area = self.hint_area.inflate(-2 * m.px(0.36), 0)
            self.draw_hint(surface, area, theme.INK_SOFT)
