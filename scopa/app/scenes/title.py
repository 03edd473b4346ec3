"""The title screen: one click to play, and the way to everything else."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from scopa.aids.cirulla_lessons import LESSONS as CIRULLA_LESSONS

from .. import style
from ..scene import POINTER_MOVED
from ..toasts import ToastBand
from ..widgets import Button
from .base import MenuScene
from .flow import describe, saved_line
from .online import describe_rules, joined_seat, waiting_seat

if TYPE_CHECKING:
    from scopa.storage import HeldSeat, SavedMatch

LEFT_FAN = ("7B", "7S", "7C", "7D")
RIGHT_FAN = ("1D", "2D", "3D", "10D")
FAN_X, FAN_Y = 0.13, 0.80
"""The middle of the left fan, in fractions of the window (the right one mirrors it)."""
ORNAMENT_SHARE = 0.5
"""The ornament under the game's name, the widest line of the heading (``Metrics.px``)."""
COLUMN_LINES = 9
"""The most lines a toast beside the heading is broken into: a damaged file's notice names
its folder and the copy kept, and is read whole there."""
NARROWEST_BAND = 0.2
"""The narrowest room beside the heading, in shares of the window's width, that toasts
are put in (a narrower one would break them into too many lines)."""


class TitleScene(MenuScene):
    ENTER_PRESSES = True  # Continue, or Play

    def build(self) -> None:
        self.saved: SavedMatch | None = None
        self.play = Button(self.tr("play"), self.on_play, primary=True, hint=self._play_hint)
        self.resume = Button(
            self.tr("continue"), self.on_continue, primary=True, hint=self._continue_hint
        )
        self._saved_line: Callable[[], str] | None = None
        self._continue_said: tuple[tuple, str] | None = None
        """Continue's line, and for which match, language and room (``_continue_hint``)."""
        self._saved_short: Callable[[], str] | None = None
        """The saved match told without the names of the people at one screen."""
        self.new_game = Button(self.tr("new_game"), self.on_new_game, hint=self.tr("new_game_hint"))
        self.watch = Button(self.tr("watch"), self.on_watch, hint=self.tr("watch_hint"))
        self.rules = Button(self.tr("rules"), self.on_rules, hint=self.tr("rules_hint"))
        self.tutorial = Button(self.tr("aids.tutorial"), self.on_tutorial, hint=self._tutorial_hint)
        self.settings = Button(self.tr("settings"), self.on_settings, hint=self.tr("settings_hint"))
        self.statistics = Button(
            self.tr("statistics"), self.on_statistics, hint=self.tr("statistics_hint")
        )
        self.quit = Button(self.tr("quit"), self.on_quit, hint=self.tr("quit_hint"))
        self.online = Button(self.tr("online"), self.on_online, hint=self._online_hint)
        self.table_waits = False
        """A match at a table hosted here is under way, or the table waits for its players
        (``waiting_seat``)."""
        self._waiting: HeldSeat | None = None
        """The seat held there."""
        self.seat_waits = False
        """This window holds a seat at a friend's table whose end it has not seen
        (``joined_seat``): Play online takes it back."""
        self._rested: tuple[int, int] | None = pygame.mouse.get_pos()
        """Where the pointer rested as the title came, until it moves (``draw_overlay``)."""
        self.grid = [
            self.new_game,
            self.online,
            self.watch,
            self.rules,
            self.tutorial,
            self.settings,
            self.statistics,
            self.quit,
        ]
        self._check_saved()

    def handle(self, event: pygame.event.Event) -> bool:
        rested = self._rested
        if (
            event.type == pygame.MOUSEMOTION
            and rested
            and math.dist(event.pos, rested) >= POINTER_MOVED
        ):
            self._rested = None  # the pointer is the player's now: it explains
        return super().handle(event)

    def on_quit(self) -> None:
        """Quit; a table this game hosts closes with it, so its host is asked first."""
        self.app.ask_to_quit()

    def _check_saved(self) -> None:
        self.saved = self.app.matches.saved()
        saved = self.saved
        self._saved_line = self._saved_short = None
        if saved is not None:
            won = saved.won_before
            sheet = saved.on_sheet
            self._saved_line = saved_line(
                self.app, saved.setup, saved.match, won_before=won, on_sheet=sheet
            )
            self._saved_short = saved_line(
                self.app, saved.setup, saved.match, people=False, won_before=won, on_sheet=sheet
            )
        self.play.primary = self.saved is None  # one red button: Continue when there is a save
        held = waiting_seat(self.app)
        self._waiting = held
        self.table_waits = held is not None
        self.seat_waits = not self.table_waits and joined_seat(self.app) is not None
        self.online.primary = self.table_waits or self.seat_waits

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.table_waits and self._played_out():
            self._check_saved()  # friends finished it while its host was away: it waits no more

    def _played_out(self) -> bool:
        """The match said to wait was since played to its end at this game's server (never
        waits: the server keeps the tables it saw end)."""
        server = self.app.matches.hosted_server()
        code = "" if self._waiting is None else self._waiting.code
        return server is not None and server.played_out(code)

    def _waits_words(self) -> str:
        if not self.table_waits:
            return "online.seat_waits_title"
        begun = self._waiting is None or self._waiting.begun
        if not begun:
            return "online.lobby_waits_title"
        if self.app.matches.hosted_server() is not None:  # the host left the table, not the
            return "online.table_waits_title_served"  # game: the friends are still there
        return "online.table_waits_title"

    def _online_hint(self) -> str:
        return self.t(self._waits_words() if self.online.primary else "online_hint")

    def enter(self) -> None:
        super().enter()
        self._check_saved()
        self.layout()
        if self.form.keyboard_used or self.app.keys_last:
            # come back on the keys (Save and leave pressed with Enter, the tutorial's end,
            # the first start's dialog closed from the keys, Esc on a screen clicked open):
            # the focus shows where Enter goes on, on the main button if none had it (the
            # first Enter only showed it; the button clicked before was opened again, unseen)
            self.form.keyboard_used = True
            if self.form.focus is None:
                self.form.set_focus(self._opener())

    def _opener(self) -> Button:
        """The button the keys come back to: Watch after watching (left to the title, as
        Statistics gives it back to its button), else the main one."""
        current = self.app.matches.current
        if current is not None and current.setup.mode == "watch":
            return self.watch
        return self.resume if self.saved else self.play

    def _continue_hint(self) -> str:
        """What Continue resumes: the saved match, where it stands (Play beside it may
        start another game). Worked out once for the match, the language and the room
        under the buttons (said at rest too, it was fitted again at every frame drawn)."""
        if self._saved_line is None or self.saved is None:  # no match saved: no Continue
            return ""
        key = (self.app.t.language, tuple(self.hint_box), self._saved_line)
        if self._continue_said is None or self._continue_said[0] != key:
            self._continue_said = (key, self._continue_words())
        return self._continue_said[1]

    def _continue_words(self) -> str:
        assert self._saved_line is not None and self.saved is not None
        key = "continue_hint_ended" if self.saved.ended else "continue_hint_saved"

        def fits(saved: str) -> bool:
            return not self._hint_cut(self.t(key, saved=saved))

        said = self.t(key, saved=self._saved_line(fits))
        if self._saved_short is not None and self._hint_cut(said):
            # several long names at one screen would push the score out of the line: the
            # names are on the score already
            said = self.t(key, saved=self._saved_short(fits))
        return said

    def _hint_cut(self, words: str) -> bool:
        """Whether ``words`` would be cut short under the buttons (see ``draw_hint``)."""
        pen = self.m.pen("ui", style.SMALL, style.CREAM)
        return style.fit(words, pen, self.hint_box.w, self.hint_box.h, lines=0).elided

    def _tutorial_hint(self) -> str:
        """The Scopa tutorial's, or with Cirulla the game chosen, its lessons'."""
        if self.app.settings.rules.cirulla:
            return self.t("aids.tutorial_hint_cirulla", n=len(CIRULLA_LESSONS))
        return self.t("aids.tutorial_hint")

    def _play_hint(self) -> str:
        if self.app.matches.needs_level():  # (the game it deals: Cirulla, once chosen)
            return self.t("play_hint_first", what=describe_rules(self.app, self.app.settings.rules))
        setup = self.app.matches.quick_setup()
        # over a match saved unfinished, Play asks before it starts anything
        key = "play_hint_saved" if self.saved is not None and not self.saved.ended else "play_hint"

        def fits(what: str) -> bool:
            return not self._hint_cut(self.t(key, what=what))

        return self.t(key, what=describe(self.app, setup, fits=fits))

    def layout(self) -> None:
        m = self.m
        focus = self.form.focus
        self.form.clear()
        width = m.px(0.62)
        tall, short, gap = m.px(0.085), m.px(0.068), m.px(0.018)
        x = m.w // 2 - width // 2
        y = round(m.h * 0.42)
        main = [self.resume, self.play] if self.saved else [self.play]
        if len(main) == 2:
            half = (width - gap) // 2
            self.resume.place(pygame.Rect(x, y, half, tall))
            self.play.place(pygame.Rect(x + half + gap, y, half, tall))
        else:
            self.play.place(pygame.Rect(x, y, width, tall))
        for widget in main:
            self.form.add(widget)
        y += tall + gap * 3 // 2
        half = (width - gap) // 2
        for i, button in enumerate(self.grid):
            col, row = i % 2, i // 2
            left = x + col * (half + gap)
            if i == len(self.grid) - 1 and col == 0:
                left = m.w // 2 - half // 2  # an odd last button sits in the middle
            button.place(pygame.Rect(left, y + row * (short + gap), half, short))
            self.form.add(button)
        if focus in self.form.widgets:
            self.form.focus = focus
        self.hint_box = self.hint_area()

    # --- actions ---------------------------------------------------------------------------

    def on_play(self) -> None:
        self.app.matches.play()

    def on_continue(self) -> None:
        if not self.app.matches.resume():
            self._check_saved()
            self.layout()

    def on_new_game(self) -> None:
        self.app.open("new_game")

    def on_online(self) -> None:
        self.app.matches.online()

    def on_watch(self) -> None:
        self.app.matches.watch()

    def on_settings(self) -> None:
        self.app.open("settings")

    def on_rules(self) -> None:
        self.app.open("rules")

    def on_tutorial(self) -> None:
        self.app.matches.tutorial(keys=self.keys_in_use)

    def on_statistics(self) -> None:
        self.app.open("statistics")

    def back(self) -> None:
        """Esc on the title does nothing: quitting is a deliberate button."""

    # --- drawing ---------------------------------------------------------------------------

    def draw_content(self, surface: pygame.Surface) -> None:
        m = self.m
        self.fan_rects: list[pygame.Rect] = []
        """Where the fans' cards were drawn."""
        self._draw_fan(surface, LEFT_FAN, (round(m.w * FAN_X), round(m.h * FAN_Y)), -1)
        self._draw_fan(surface, RIGHT_FAN, (round(m.w * (1 - FAN_X)), round(m.h * FAN_Y)), 1)
        if self.covered:
            # Under a dialog (the first start's, the level's, Play's question) the name is
            # left out: a dialog sized for a 16:9 window, in a taller or wider one, left
            # the name's top peeking out over its sheet.
            self.heading_rect = pygame.Rect(m.w // 2, round(m.h * 0.2), 0, 0)
            return
        lettering = m.pen("title", style.TITLE, style.GOLD)
        box = style.box_at(lettering, (m.w // 2, round(m.h * 0.2)), m.w)
        title = style.draw_title(surface, "Scopa", m, box)
        style.draw_ornament(surface, (m.w // 2, title.bottom + m.px(0.01)), m.px(ORNAMENT_SHARE), m)
        pen = m.pen("text", style.SUBHEADING, style.CREAM)
        where = (m.w // 2, title.bottom + m.px(style.SPACE_XL))
        tagline = style.text(
            surface, self.t("tagline"), pen, style.box_at(pen, where, m.w), align="center"
        )
        self.heading_rect = title.union(tagline)
        """Where the game's name and its line were drawn."""

    def _fan_card_width(self) -> int:
        """The width of the fans' cards; 0 when the window is too narrow for the fans."""
        width = style.card_width_for(self.m.px(0.30))
        return width if self.m.w >= width * 9 else 0

    def _fan_reach(self) -> int:
        """How far in from the window's side the fans' cards reach (0: no fans)."""
        width = self._fan_card_width()
        if not width:
            return 0
        spread = width * 0.42
        outer = (len(LEFT_FAN) - 1) / 2 * spread + style.card_height(width) * 0.62
        return round(self.m.w * FAN_X + outer)

    def _fan_top(self) -> float:
        """How far down the fans' cards begin (the window's height: no fans)."""
        width = self._fan_card_width()
        if not width:
            return float(self.m.h)
        height = style.card_height(width)
        n = len(RIGHT_FAN)
        tops = []
        for i in range(n):
            k = i - (n - 1) / 2
            turn = math.radians(5 + k * 7)
            reach = width * abs(math.sin(turn)) + height * abs(math.cos(turn))
            tops.append(self.m.h * FAN_Y + abs(k) * height * 0.04 - reach / 2)
        return min(tops)

    def toast_band(self) -> ToastBand | None:
        """Beside the game's name, right of it and of the buttons, down to the fan of cards
        there: a message told as the game starts (a file restored, a table waiting online)
        hides neither the name nor a button. None (the top's middle) in a window too narrow
        for that room."""
        m = self.m
        gap = m.px(style.SPACE_S)
        reach = max(
            m.w / 2 + m.px(ORNAMENT_SHARE) / 2,
            max((widget.rect.right for widget in self.form.widgets), default=0),
        )
        left, right = reach + gap, m.w - gap
        if right - left < m.w * NARROWEST_BAND:
            return None
        top = m.h / 30
        return ToastBand(left, right, self._fan_top() - gap, top, (left, right), COLUMN_LINES)

    def _draw_fan(
        self, surface: pygame.Surface, cards: tuple[str, ...], base: tuple[int, int], side: int
    ) -> None:
        width = self._fan_card_width()
        if not width:
            return
        art = style.menu_art(self.app)
        height = style.card_height(width)
        spread = width * 0.42
        n = len(cards)
        for i, card in enumerate(cards):
            k = i - (n - 1) / 2
            angle = -side * 5 - k * 7
            centre = (base[0] + k * spread, base[1] + abs(k) * height * 0.04)
            self.fan_rects.append(style.draw_card(surface, art, card, centre, width, angle=angle))

    def draw_overlay(self, surface: pygame.Surface) -> None:
        # a table online that waits for this player is said under the buttons while no
        # button is explained there: pointed at Play online only, a returning friend saw
        # a red button and clicked Play; else the match Continue resumes, told only under
        # the pointer, left a group to guess which match the red button would bring back
        # (and while the pointer rests where it was as the title came: a host opening the
        # game again, the pointer left over Play, read Play's line, not the friends waiting)
        if self.online.primary:
            resting = self.t(self._waits_words())
            asked = self._rested is None or self.form.keys_last
            self.draw_hint(surface, self.hint_box, resting=resting, news="" if asked else resting)
            return
        self.draw_hint(surface, self.hint_box, resting=self._continue_hint())

    def hint_area(self) -> pygame.Rect:
        """Where the explanation of a button goes: under the buttons, between the fans of
        cards (the Play line names every seat and may take two lines), a margin above the
        window's edge (a line that ran to it read as cut)."""
        m = self.m
        top = max(widget.rect.bottom for widget in self.form.widgets) + m.px(style.SPACE_S)
        side = max(self._fan_reach(), m.px(style.SPACE_XL))
        return pygame.Rect(side, top, m.w - 2 * side, m.h - top - m.px(style.SPACE_S))
