"""The pause menu over the table: resume, settings, rules, leave or abandon (over the last
sheet of a match over, the main menu: the match is counted and nothing is left to keep).
Under its heading, the game the match plays and what it changes of it ("Scopa d'assi (Re
bello)"): the table shows the cards, not the rules chosen in Settings before the match.

Two ways out of a match played, because players mean two different things. "Save and
leave" keeps the match: the title then offers Continue, exactly where it was. "Abandon"
gives the match up: after a confirmation the saved match is deleted (it is not counted in
the statistics, which only hold finished matches), so Continue no longer offers it. A match
of computers watched is never saved: its one way out is to stop watching. A match held by a
server does not stop for the menu at all: it says so, and its way out is to leave the table.
While this window is cut off from that server the match does not go on for this seat: the
menu says the window is getting back to the table (and the match waits at this seat's
turn), or that it can no longer follow the match.
"""

from __future__ import annotations

import pygame

from .. import style
from ..remote import RemoteCoordinator, SharedScreen
from ..scene import Scene
from ..widgets import Button, column
from .base import MenuScene
from .online import describe_rules

WIDTH, PAD_X, PAD_Y = 0.84, 0.12, 0.06
"""The sheet's width and its margins across and down (fractions of the reference height)."""
BUTTON_H = 0.074
HINT_LINES = 2
GAME_LINES = 2
"""Lines the game's name and its changes may take under the heading (``PauseScene.game``)."""
COPIED_SHOWN = 2.0
"""Seconds the hint says the table's address was copied."""


class PauseScene(MenuScene):
    opaque = False
    copied = 0.0
    """Seconds left to say the address was copied."""

    def build(self) -> None:
        if self.online:
            self._build_online()
        else:
            self._build_offline()
        self.form.set_focus(self.buttons[0])  # Return takes the way back to the table

    def _build_offline(self) -> None:
        # Resume goes back to the screen the menu was opened over: the table, or a sheet
        under = self.app.stack.top
        back_to = under.resume_hint if under is not None else Scene.resume_hint
        self.buttons = [
            Button(self.tr("resume"), self.back, primary=True, hint=self.tr(back_to)),
            Button(self.tr("settings"), self.on_settings, hint=self.tr("pause_settings_hint")),
            Button(self.tr("rules"), self.on_rules, hint=self.tr("rules_hint")),
        ]
        if self.app.matches.practising:  # a reviewed position played again: nothing is kept
            self.buttons.append(
                Button(
                    self.tr("review.end_practice"),
                    self.app.matches.end_practice,
                    hint=self.tr("review.end_practice_hint"),
                )
            )
        elif self.watching:  # computers only: nothing is saved, nothing to give up
            self.buttons.append(
                Button(
                    self.tr("stop_watching"),
                    self.app.matches.leave,
                    hint=self.tr("stop_watching_hint"),
                )
            )
        elif self.finished:  # over and counted: nothing to keep for later or to give up
            self.buttons.append(
                Button(self.tr("to_title"), self.app.home, hint=self.tr("to_title_over_hint"))
            )
        else:
            if self.shared_screen:  # who plays each seat, changed as people come and go
                self.buttons.append(
                    Button(
                        self.tr("seats.button"), self.on_seats, hint=self.tr("seats.button_hint")
                    )
                )
            # A copy of the game that another copy keeps from the folder saves nothing.
            leave = "leave_unsaved" if self.app.store.locked_out else "save_and_leave"
            self.buttons += [
                Button(self.tr(leave), self.on_leave, hint=self.tr(f"{leave}_hint")),
                Button(self.tr("abandon"), self.on_abandon, hint=self.tr("abandon_hint")),
            ]
        for button in self.buttons:
            self.form.add(button)

    def _build_online(self) -> None:
        """A match held by a server goes on while this menu is open (the others play, and
        wait only for this seat's turn): nothing here claims to pause, save or delete it."""
        self.buttons = [
            Button(
                self.tr("online.back_to_table"),
                self.back,
                primary=True,
                hint=self._back_hint,
            ),
            Button(self.tr("settings"), self.on_settings, hint=self.tr("pause_settings_hint")),
            Button(self.tr("rules"), self.on_rules, hint=self.tr("rules_hint")),
            Button(
                self.tr("online.leave_table"),
                self.on_leave,
                hint=lambda: self.t("online.leave_detail" + self.app.matches.seats_here_suffix()),
            ),
        ]
        if self.address():  # for a friend who lost it, or a table its host served anew
            copy = Button(self.tr("online.copy_address"), self.on_copy, hint=self._copy_hint)
            self.buttons.insert(1, copy)
        for button in self.buttons:
            self.form.add(button)

    def address(self) -> str:
        """The address of the table the match online is played at ("" if not known)."""
        current = self.app.matches.current
        return current.address if isinstance(current, (RemoteCoordinator, SharedScreen)) else ""

    def _copy_hint(self) -> str:
        if self.copied > 0:
            return self.t("online.copied")
        return self.t("online.copy_address_hint", address=self.address())

    def on_copy(self) -> None:
        try:
            pygame.scrap.put_text(self.address())
            self.copied = COPIED_SHOWN
        except (pygame.error, AttributeError):
            self.copied = 0.0

    def update(self, dt: float) -> None:
        super().update(dt)
        self.copied = max(0.0, self.copied - dt)

    @property
    def online(self) -> bool:
        """The match under the menu is held by a server: it does not stop for this menu."""
        current = self.app.matches.current
        return current is not None and current.remote

    def _back_hint(self) -> str:
        key = ONLINE_WORDS[self.connection][1]
        if key in ("online.back_to_table_hint", "online.paused_reconnecting_hint"):
            key += self.app.matches.seats_here_suffix()  # the turns of everyone here
        return self.t(key)

    @property
    def connection(self) -> str:
        """How this window holds the match at a server: 'on' (connected), 'back' (the link
        dropped and is being brought back), 'lost' (for good), or 'over' (played out)."""
        current = self.app.matches.current
        if not isinstance(current, (RemoteCoordinator, SharedScreen)):
            return "on"
        if current.match.over:  # its final sheet under the menu: nothing goes on
            return "over"
        if current.online:
            return "on"
        return "lost" if current.lost else "back"

    @property
    def finished(self) -> bool:
        """The match under the menu is over (its last sheet): it is in the statistics, and
        there is nothing to save for Continue or to abandon."""
        current = self.app.matches.current
        return current is not None and current.match.over

    @property
    def shared_screen(self) -> bool:
        """The match under the menu is played by several people at this screen."""
        current = self.app.matches.current
        return current is not None and current.mode == "hotseat"

    def on_seats(self) -> None:
        self.app.open("seats")

    @property
    def watching(self) -> bool:
        """The match under the menu is one of computers watched (never saved)."""
        current = self.app.matches.current
        return current is not None and current.mode == "watch"

    def game(self) -> str:
        """The game the match under the menu plays, with what it changes of it ("Scopa
        d'assi (Re bello)"; "" with no match): as many of its changes as the sheet's lines
        hold whole, and how many more (the Rules button lists them all)."""
        current = self.app.matches.current
        if current is None:
            return ""
        pen, width = self.game_pen(), self.m.px(WIDTH) - self.m.px(PAD_X)

        def fits(words: str) -> bool:
            return not style.fit(words, pen, width, 10**6, lines=GAME_LINES).elided

        return describe_rules(self.app, current.rules, fits=fits)

    def layout(self) -> None:
        """The sheet fits what it holds: the heading and the game's line under it, the
        buttons of this match (four or five), and room under them for a hint of two
        lines."""
        m = self.m
        button_h, gap = m.px(BUTTON_H), m.px(style.SPACE_M)
        heading_h = style.line_height(self.heading_pen())
        hint_h = HINT_LINES * style.line_height(self.hint_pen())
        game_pen = self.game_pen()
        width = m.px(WIDTH) - m.px(PAD_X)  # the game's line is fitted to it too
        game_lines = len(style.fit(self.game(), game_pen, width, 10**6, lines=GAME_LINES).lines)
        game_h = game_lines * style.line_height(game_pen) if self.game() else 0
        count = len(self.buttons)
        inside = heading_h + game_h + gap + count * button_h + count * gap + hint_h
        height = (inside + m.px(PAD_Y)) / m.ref
        inner = self.place_sheet(WIDTH, height, PAD_X, PAD_Y)
        self.game_box = pygame.Rect(inner.left, self.heading_box.bottom, inner.w, game_h)
        top = self.game_box.bottom + gap
        area = pygame.Rect(inner.left, top, inner.w, inner.bottom - top)
        y = column(self.buttons, area, button_h, gap) + gap
        self.hint_area = pygame.Rect(inner.left, y, inner.w, inner.bottom - y)

    def hint_pen(self) -> style.Pen:
        return self.m.pen("ui", style.SMALL, style.INK_SOFT)

    def game_pen(self) -> style.Pen:
        return self.m.pen("ui", style.ROW_NOTE, style.INK_SOFT)

    def on_settings(self) -> None:
        self.app.open("settings", tab="game")  # mid-match, the rules wait for the next

    def on_rules(self) -> None:
        self.app.open("rules")

    def on_leave(self) -> None:
        self.app.matches.leave()

    def on_abandon(self) -> None:
        self.app.open(
            "confirm",
            question=self.tr("abandon_question"),
            on_yes=self.app.matches.abandon,
            # a copy another keeps the folder from deletes nothing (nor saves anything)
            detail=self.tr(
                "abandon_detail_other_copy" if self.app.store.locked_out else "abandon_detail"
            ),
            yes=self.tr("abandon"),
            no=self.tr("keep_playing"),
            on_no=self._keep_playing,
        )

    def _keep_playing(self) -> None:
        """ "Keep playing" goes back to the table, as it says: it left the menu on screen, on
        Abandon, where the next Enter (meant for a card) asked to abandon again."""
        if self.app.stack.top is self:
            self.back()

    def draw(self, surface: pygame.Surface) -> None:
        style.shade(surface, 140)
        m = self.m
        heading = ONLINE_WORDS[self.connection][0] if self.online else "pause"
        self.draw_sheet(surface, self.t(heading))
        if self.game_box.h:
            style.text(
                surface, self.game(), self.game_pen(), self.game_box, align="center",
                lines=GAME_LINES,
            )  # fmt: skip
        self.form.draw(surface, m)
        self.draw_hint(surface, self.hint_area, style.INK_SOFT)


ONLINE_WORDS = {
    "on": ("online.goes_on", "online.back_to_table_hint"),
    "back": ("online.paused_reconnecting", "online.paused_reconnecting_hint"),
    "lost": ("online.paused_lost", "online.paused_lost_hint"),
    "over": ("online.played_out", "online.back_to_sheet_hint"),
}
"""The heading of the menu over a match online, and the hint of the way back to the table,
for each state of the connection (``PauseScene.connection``)."""
