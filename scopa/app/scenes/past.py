"""The last matches played at this screen, alone against the computer or with friends in
hot seat, newest first: each opens Master's review of the whole match, from which a costly
position can be played again. In hot seat the review asks who is looking, as at the end of
the match, and shows each person only their own.

The matches are kept by the store (``PastMatch``, the newest ``PAST_KEPT``); their reviews
are not: Master grades a match again when it is opened (with its progress shown, and kept
while the game runs, ``Matches.review_past``), as it graded it when it ended. The match just
played out while the game runs opens with the review made as it was played.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from datetime import UTC, datetime

import pygame

from scopa.engine import PRESETS
from scopa.stats import MatchResult, opponents_levels, result_of
from scopa.storage import PAST_KEPT, PAST_MODES, PastMatch

from .. import style
from ..style import Metrics
from ..toasts import ToastBand
from ..widgets import Button, ScrollPanel, Widget
from ..wording import Seats, count, join
from .base import MenuScene, NotesRead
from .online import game_name

ROW_H = 0.1
"""A match's row, of the reference height: two lines of words and a band's margins."""
SCORE_W, ACCURACY_W = 0.24, 0.16
"""The result's and the accuracy's columns, at a row's right, of the reference height."""
WON = style.GREEN
LOST = style.LACQUER


NAMED_LEVELS = ("beginner", "expert", "master")
"""The computer levels a player chooses, each with its name (a file may hold another)."""


class PastRow(Widget):
    """One past match: what was played and when at the left, the accuracy and the result
    at the right (no accuracy for a hot-seat match, each person's being theirs: its names
    take that room); a click opens its review."""

    def __init__(self, scene: PastScene, past: PastMatch, on_click: Callable[[], None]) -> None:
        hint = "past.row_hint" if graded(past) else "past.row_hint_people"
        super().__init__(hint=scene.tr(hint))
        self.scene, self.past, self.on_click = scene, past, on_click

    def activate(self) -> None:
        self.on_click()

    def draw(self, surface: pygame.Surface, m: Metrics, focused: bool, hovered: bool) -> None:
        style.draw_row(surface, self.rect, m, focused, hovered)
        scene = self.scene
        pad = m.px(style.SPACE_M)
        inner = self.rect.inflate(-2 * pad, -m.px(style.SPACE_S))
        big = m.pen("ui_bold", style.ROW_TITLE, style.INK)
        small = m.pen("ui", style.ROW_NOTE, style.INK_SOFT)
        with_accuracy, without = scene.title_sizes(inner)
        size = with_accuracy if graded(self.past) else without
        top = pygame.Rect(inner.left, inner.top, *size)
        title, when, result, won, accuracy = scene.row_texts(self.past, (big, top.size))
        bottom = pygame.Rect(top.left, top.bottom, top.w, inner.h - top.h)
        sized = replace(big, px=scene.title_px(big, with_accuracy, without))  # every row's alike
        style.text(surface, title, sized, top, valign="bottom", least=sized.px)
        style.text(surface, when, small, bottom, valign="top")
        colour = style.INK if won is None else WON if won else LOST
        score = pygame.Rect(inner.right - m.px(SCORE_W), inner.top, m.px(SCORE_W), inner.h)
        note = scene.row_note(self.past)
        if note:  # a cappotto won behind on points: "Won 24-28" said nothing of it
            score.h = top.h
            under = pygame.Rect(score.left, bottom.top, score.w, bottom.h)
            style.text(surface, note, small, under, align="right", valign="top")
            valign = "bottom"
        else:
            valign = "middle"
        pen = m.pen("ui_bold", style.ROW_TITLE, colour)
        style.text(surface, result, pen, score, align="right", valign=valign)
        if not accuracy:  # a hot-seat match: nobody's grade on the list
            return
        figure = pygame.Rect(score.left - m.px(ACCURACY_W), inner.top, m.px(ACCURACY_W), top.h)
        style.text(surface, accuracy, big, figure, align="right", valign="bottom")
        label = pygame.Rect(figure.left, bottom.top, figure.w, bottom.h)
        style.text(surface, scene.t("review.accuracy"), small, label, align="right", valign="top")


AIDED = {
    (True, False): "past.with_undo",
    (False, True): "past.with_hints",
    (True, True): "past.with_undo_hints",
}
"""What a match's row says by its date of the aids played with: (Undo, hints) to its words."""


class PastScene(MenuScene):
    """A scrolled list of the past matches, or a note while there are none."""

    def build(self) -> None:
        self.kept = list(reversed(self.app.store.load_past()))
        self.app.matches.grade_kept()  # those whose accuracy is lacking: graded again
        self.accuracy: dict[str, float] = {}
        """The accuracy of each match reviewed, by its key (read as the list shows)."""
        self.notes = NotesRead(self.app.matches)
        self._reread = False
        self.older = False
        """The statistics count matches at this screen this list lacks: an earlier version
        of the game counted them, and kept nothing to review them by."""
        self._texts: dict[tuple[object, ...], tuple[str, str, str, bool | None, str]] = {}
        self._results: dict[str, MatchResult] = {}
        """Each row's match as the statistics count it (``_result``)."""
        self._sizes: dict[tuple[object, ...], int] = {}
        self.app.show_store_messages()
        self.scroll = ScrollPanel()
        self.rows: list[PastRow] = []
        for past in self.kept:
            row = PastRow(self, past, lambda past=past: self.open_review(past))
            self.scroll.add(row)
            self.form.add(row)
            self.rows.append(row)
        self.back_button = Button(self.tr("back"), self.back)
        self.form.add(self.back_button)
        if not self.rows:
            self.form.set_focus(self.back_button)
        elif self.form.keyboard_used:  # opened from the keys: the newest match, ringed
            self.form.set_focus(self.rows[0])
        # (opened by the pointer, the first Down goes to the newest match, not past it)

    def enter(self) -> None:
        """Shown, or back from a review: the accuracy of a match graded meanwhile (its end
        left it unknown, the review opened from here gave it) is on its row."""
        super().enter()
        self._read_accuracy()

    def update(self, dt: float) -> None:
        super().update(dt)
        self._reread = self.notes.take()
        if self._reread:  # a review left while graded has written its accuracy
            self._read_accuracy()

    @property
    def busy(self) -> bool:
        """Drawn again (once) when an accuracy comes while the list is on show."""
        return self._reread or super().busy

    def _read_accuracy(self) -> None:
        self.notes.take()
        stats = self.app.store.load_stats()
        kept = {past.key for past in self.kept}
        moments = [moment_of(past.when) for past in self.kept]
        since = min((moment for moment in moments if moment is not None), default=None)
        self.older = any(
            r.mode in PAST_MODES
            and r.match_id not in kept
            and (since is None or (moment_of(r.when) or since) > since)
            for r in stats.recent
        )
        accuracy = {r.match_id: r.accuracy for r in stats.recent if r.accuracy is not None}
        if accuracy != self.accuracy:
            self.accuracy = accuracy
            self._texts.clear()

    def open_review(self, past: PastMatch) -> None:
        self.app.matches.review_past(past)

    # --- what is shown (what is drawn, and what tests read) --------------------------------

    def intro(self) -> str:
        """The line under the heading: how many matches, and what opening one does; or, with
        none, which matches will come here; and that those an earlier version of the game
        counted are not among them, when the statistics count some (or, where their file
        was found damaged, that they were lost with it, and where it is kept)."""
        store = self.app.store
        damaged = [store.backups[path] for path in store.past_paths if path in store.backups]
        if damaged:  # not an earlier version's: the matches lost with a damaged file
            key = "past.intro_damaged" if self.kept else "past.empty_damaged"
            return self.t(key, backup=damaged[0], n=PAST_KEPT)
        if not self.kept:
            return self.t("past.empty_older" if self.older else "past.empty", n=PAST_KEPT)
        if self.older:  # "your last match" would be one that is not
            return self.t("past.intro_older")
        return count(self.t, "past.intro", len(self.kept))

    def title_sizes(self, inner: pygame.Rect) -> tuple[tuple[int, int], tuple[int, int]]:
        """The box of a row's title, in a row whose inside is ``inner``: with the accuracy
        beside it (a match alone), and without (a hot-seat match, whose names take its room)."""
        m = self.m
        gap = m.px(style.SPACE_M)
        wide = inner.w - m.px(SCORE_W) - gap
        return (wide - m.px(ACCURACY_W), inner.h // 2), (wide, inner.h // 2)

    def title_px(
        self, pen: style.Pen, with_accuracy: tuple[int, int], without: tuple[int, int]
    ) -> int:
        """The size every row's title is written at, each in its box (``title_sizes``): the
        size the longest title needs (one drawn smaller than its neighbours made the list
        uneven)."""
        key = ("px", self.app.t.language, pen, with_accuracy, without)
        known = self._sizes.get(key)
        if known is None:
            sizes = [with_accuracy if graded(past) else without for past in self.kept]
            known = self._sizes[key] = min(
                (
                    style.fit(self.row_texts(past, (pen, size))[0], pen, *size).px
                    for past, size in zip(self.kept, sizes, strict=True)
                ),
                default=pen.px,
            )
        return known

    def row_texts(
        self, past: PastMatch, room: tuple[style.Pen, tuple[int, int]] | None = None
    ) -> tuple[str, str, str, bool | None, str]:
        """A row's words: the game and its opponents, when it ended, the result, whether
        the player won, and the accuracy Master's review gave ("—" before any review). A
        hot-seat match names its people; people who played against each other are told who
        won (``won`` None), and no one's accuracy is shown (empty). With
        ``room`` (the title's pen and box), the game is named with as many of its changes
        as the title then holds at its size (see ``game_name``). Worded once in each
        language (a row is drawn again at every move of the pointer)."""
        key = (past.key, self.app.t.language, room)
        known = self._texts.get(key)
        if known is None:
            known = self._texts[key] = self._worded(past, room)
        return known

    def row_note(self, past: PastMatch) -> str:
        """The words under a row's result, if any: a match decided other than on points
        (Cirulla's cappotto, a table of the Luzzati rules) says so, whoever won it (rivals
        at this screen too: "24–28 · Anna won" said nothing of it)."""
        result = self._result(past)
        if result.won is not None:
            return self.t("past.outright") if result.outright else ""
        first, second = self._winners_points(past)
        return self.t("past.outright") if first <= second else ""

    def _winners_points(self, past: PastMatch) -> tuple[int, int]:
        """The winners' points and the best of the others' (a match over has a winner)."""
        totals, winner = self._result(past).totals, past.match.winner or 0
        return totals[winner], max(t for side, t in enumerate(totals) if side != winner)

    def _result(self, past: PastMatch) -> MatchResult:
        """``past``'s match as the statistics count it, worked out once for its row."""
        result = self._results.get(past.key)
        if result is None:
            result = self._results[past.key] = result_of(
                past.setup, past.match, undone=past.undone, hinted=bool(past.hinted)
            )
        return result

    def _worded(
        self, past: PastMatch, room: tuple[style.Pen, tuple[int, int]] | None
    ) -> tuple[str, str, str, bool | None, str]:
        setup, rules = past.setup, past.setup.rules
        result = self._result(past)
        seats = Seats(setup, self.t)
        rivals = result.won is None  # people on several sides: nobody's win or loss
        # Rivals are named with every seat, a computer among them (it may have won);
        # people on one side, with the level of the computers they played against.
        named_seats = range(rules.players) if rivals else setup.humans
        people = join(self.t, [seats.seat_name(seat) for seat in named_seats])
        if rivals:
            level = ""
        elif result.level != "mixed":
            level = self.t(f"level_{result.level}")
        else:  # "against Expert and Master", not "against Mixed" (read as a name)
            sides = {rules.side_of(seat) for seat in setup.humans}
            levels = dict.fromkeys(opponents_levels(setup, rules, sides))  # not a partner
            named = [self.t(f"level_{name}") for name in levels if name in NAMED_LEVELS]
            level = join(self.t, named) if len(named) > 1 else self.t("st_mixed")

        preset = rules.preset_name()
        usual = PRESETS[preset].players if preset in PRESETS else 2  # (scopone's four)

        key = "past.title"
        if not graded(past):  # people at one screen, named
            key = "past.title_rivals" if rivals else "past.title_people"

        def titled(game: str) -> str:
            if rules.players > 2 or rules.players != usual:  # a scopone of two, told so
                key_n = f"{key}_players"
                return self.t(key_n, game=game, level=level, people=people, n=rules.players)
            return self.t(key, game=game, level=level, people=people)

        def fits(game: str) -> bool:
            if room is None:
                return True
            pen, (width, height) = room
            laid = style.fit(titled(game), pen, width, height)
            return laid.px >= pen.px and not laid.elided

        if rules.preset_name() == "classic":  # the game, not the way it is set
            title = titled(self.t("game_scopa"))
        else:  # as every screen names it, with the changes the title holds at its size
            title = titled(game_name(self.app, rules, fits))
        when = self.when_text(past.ended)
        won: bool | None
        if rivals:  # the winners' points against the best of the others', and their names
            winner = past.match.winner or 0
            first, second = self._winners_points(past)
            score = self.t("past.score", first=first, second=second)
            names = [seats.seat_name(seat) for seat in seats.seats_of(winner)]
            team, name = len(names) > 1, join(self.t, names)  # in a sentence: "and", not "&"
            when = self.t("past.won_by_team" if team else "past.won_by", when=when, name=name)
            won = None
        else:
            mine = result.totals[rules.side_of(setup.humans[0])]
            won = bool(result.won)
            theirs = mine - (result.margin or 0)
            score = self.t("past.won" if won else "past.lost", mine=mine, theirs=theirs)
        aided = AIDED.get((past.undone, bool(past.hinted)))  # (plays hinted: their accuracy
        if aided is not None:  # is the hints', and said so)
            when = self.t(aided, when=when)
        if not graded(past):
            return title, when, score, won, ""
        accuracy = self.accuracy.get(past.key)
        figure = "\u2014" if accuracy is None else f"{round(accuracy)}%"
        return title, when, score, won, figure

    def when_text(self, ended: datetime) -> str:
        return when_said(self.t, ended)

    def handle(self, event: pygame.event.Event) -> bool:
        """Home and End go to the first and the last match, Page Up and Page Down a list's
        window at a time (the last of twenty was nineteen presses of an arrow away)."""
        jumps = (pygame.K_HOME, pygame.K_END, pygame.K_PAGEUP, pygame.K_PAGEDOWN)
        if event.type == pygame.KEYDOWN and event.key in jumps and self.rows:
            self.form.keyboard_used = True
            rows = self.rows
            at = rows.index(self.form.focus) if self.form.focus in rows else 0
            page = max(1, self.scroll.viewport.h // max(1, rows[0].rect.h))
            index = {
                pygame.K_HOME: 0,
                pygame.K_END: len(rows) - 1,
                pygame.K_PAGEUP: max(0, at - page),
                pygame.K_PAGEDOWN: min(len(rows) - 1, at + page),
            }[event.key]
            self.form.set_focus(rows[index])
            self.scroll.reveal(rows[index])
            return True
        return super().handle(event)

    # --- layout and drawing ----------------------------------------------------------------

    def _pens(self) -> tuple[style.Pen, style.Pen]:
        m = self.m
        return m.pen("ui", style.ROW_NOTE, style.INK_SOFT), m.pen("ui", style.SMALL, style.INK_SOFT)

    def layout(self) -> None:
        m = self.m
        inner = self.place_sheet(1.45, 0.95, 0.08, 0.05)
        intro_pen, _ = self._pens()
        gap = m.px(style.SPACE_M)
        self.intro_box = pygame.Rect(inner.left, self.heading_box.bottom, inner.w, 0)
        self.intro_box.h = 2 * style.line_height(intro_pen)
        button_h, button_w = m.px(0.068), m.px(0.3)
        self.back_button.place(
            pygame.Rect(inner.right - button_w, inner.bottom - button_h, button_w, button_h)
        )
        self.hint_box = pygame.Rect(inner.left, inner.bottom - button_h, 0, button_h)
        self.hint_box.w = inner.w - button_w - gap
        top = self.intro_box.bottom + m.px(style.SPACE_S)
        viewport = pygame.Rect(inner.left, top, inner.w, inner.bottom - button_h - gap - top)
        bar = style.scrollbar_width(m)
        row_h, row_gap = m.px(ROW_H), m.px(style.SPACE_XS)
        y = viewport.top
        for row in self.rows:
            row.place(pygame.Rect(viewport.left, y, viewport.w - 2 * bar, row_h))
            y += row_h + row_gap
        self.scroll.set_viewport(viewport, y - row_gap - viewport.top)

    def toast_band(self) -> ToastBand | None:
        """Beside the heading, on the sheet's corner at its left; one too long for it (a
        damaged file's notice) goes under the line under the heading, over the list, not
        over the heading and that line."""
        below = self.intro_box.bottom + self.m.px(style.SPACE_S)
        return self.beside_heading(self.t("past.heading"), below)

    def draw_content(self, surface: pygame.Surface) -> None:
        self.draw_sheet(surface, self.t("past.heading"))
        intro_pen, _ = self._pens()
        style.text(surface, self.intro(), intro_pen, self.intro_box, align="center", lines=2)

    def draw_overlay(self, surface: pygame.Surface) -> None:
        if self.form.hint():
            self.draw_hint(surface, self.hint_box, style.INK_SOFT)


def when_said(t: Callable[..., str], ended: datetime) -> str:
    """When a match ended, in the player's time: today's and yesterday's by name."""
    local = ended.astimezone()
    time = f"{local.hour:02d}:{local.minute:02d}"
    days = (datetime.now().astimezone().date() - local.date()).days
    if days == 0:
        return t("past.today", time=time)
    if days == 1:
        return t("past.yesterday", time=time)
    months = t("past.months").split()
    month = months[local.month - 1] if len(months) == 12 else str(local.month)
    return t("past.date", day=local.day, month=month, year=local.year, time=time)


def moment_of(when: str) -> datetime | None:
    """The moment an ISO 8601 time names (None for none, or one that does not read): the
    statistics write it in UTC, the past matches with the player's offset."""
    try:
        moment = datetime.fromisoformat(when)
    except ValueError:
        return None
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def graded(past: PastMatch) -> bool:
    """Whether the list shows a match's accuracy: a match of one person alone. At a hot-seat
    match each person's grades are their own, seen in its review behind the cover."""
    return past.alone
