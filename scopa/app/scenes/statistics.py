"""The player's record: matches won and lost by computer level, kind of match, number of
players and game, scopas, the best and worst margins, the trend of recent matches, and the
accuracy Master's reviews gave the player's matches over time."""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence

import pygame

from scopa.engine.rules import PRESETS
from scopa.stats import (
    MatchResult,
    Stats,
    Tally,
    accuracy_series,
    game_of,
    margin_series,
    recent_accuracy,
    rolling_win_rate,
    trend_start,
    undone_accuracy_steps,
    undone_steps,
    win_streaks,
)
from scopa.storage import FileProblem, Param

from .. import style
from ..toasts import ToastBand
from ..widgets import Button, Choice
from ..wording import count, join
from .base import MenuScene, NotesRead
from .chart import (
    Band,
    Bars,
    Drawn,
    bar_chart,
    draw_ring,
    figure_tiles,
    hatch,
    is_dense,
    line_chart,
    line_plot,
    mean_window,
    stacked_line_charts,
    stacked_plots,
)
from .past import moment_of, when_said

WON = style.GREEN
LOST = style.SIDE_COLORS[0]
OTHER = (150, 136, 116)
DIMENSIONS = ("level", "mode", "players", "game")
GAME_BARS = 5
"""The most games the chart by game gives a bar each (their names still fit under them at
960x540); the games played least beyond them share one bar."""
TRENDS = ("results", "accuracy")
ACCURACY = style.SIDE_COLORS[1]
"""The accuracy's line, in its own chart: the results' margin's blue, never beside the won
matches' green."""
MARGIN = style.SIDE_COLORS[1]
RATE = style.GOLD_DEEP
PAST_W = 0.36
"""The past matches' button, of the reference height (beside Back, under the charts)."""
RATE_WINDOW = 10
"""The matches the win rate of the results' chart is taken over (its caption says so)."""
RESET_TOAST_SECONDS = 14.0
"""How long the word of a reset stays (it names the backups and their folder)."""


def worded_reason(reason: Param, t: Callable[..., str]) -> str:
    """A reason the store gives, in the language of ``t``."""
    return reason.render(t) if isinstance(reason, FileProblem) else reason


class StatisticsScene(MenuScene):
    def build(self) -> None:
        self.stats: Stats = self.app.store.load_stats()
        self._results: tuple[list[int], list[int], frozenset[int]] | None = None
        self.app.matches.grade_kept(self.stats)  # those lacking an accuracy: graded again
        self.notes = NotesRead(self.app.matches)
        self._reread = False
        self.empty = self.stats.total().played == 0
        """No match finished yet: a short note on a small sheet instead of empty charts."""
        self.app.show_store_messages()
        self.dimension = "level"
        self.dimension_choice = Choice(
            [(name, self.tr(f"st_by_{name}")) for name in DIMENSIONS],
            lambda: self.dimension,
            self._set_dimension,
            hint=self.tr("st_by_hint"),
        )
        self.trend = "results"
        self.trend_choice = Choice(
            [(name, self.tr(f"st_chart_{name}")) for name in TRENDS],
            lambda: self.trend,
            self._set_trend,
            hint=self.tr("st_chart_hint"),
        )
        self.back_button = Button(self.tr("back"), self.back)
        self.past_button = Button(
            self.tr("past.button"),
            lambda: self.app.open("past"),
            hint=self.tr("past.button_hint"),
        )
        self.reset_button = Button(
            self.tr("st_reset"),
            self.ask_reset,
            hint=self.tr("st_reset_hint"),
            size=style.ROW_TITLE,
        )
        self.past_shown = not self.empty or self.app.store.has_past()
        """The past matches are reached from here: with no statistics too, when those were
        set aside (damaged, or of a newer version) and the matches kept are still there."""
        if not self.empty:  # nothing to group or chart yet: the note and the way back
            self.form.add(self.dimension_choice)
            self.form.add(self.trend_choice)
        if self.past_shown:
            self.form.add(self.past_button)
        self.form.add(self.back_button)
        if not self.empty:  # last in turn: never the first thing the keys ring
            self.form.add(self.reset_button)

    def update(self, dt: float) -> None:
        super().update(dt)
        self._reread = self.notes.take()
        if self._reread:  # a kept match graded again has written its accuracy
            self.stats = self.app.store.load_stats()
            self._results = None

    @property
    def busy(self) -> bool:
        """Drawn again (once) when an accuracy comes while the statistics are on show."""
        return self._reread or super().busy

    def _set_dimension(self, name: str) -> None:
        self.dimension = name

    def _set_trend(self, name: str) -> None:
        self.trend = name

    tile_boxes: Sequence[pygame.Rect] = ()
    """Where each figure's tile was drawn (``tile_hints`` says what each counts)."""
    pointer: tuple[int, int] | None = None
    """Where the pointer is in the window (None: out of it): on the trend chart, the match
    under it is read out."""

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.pointer = event.pos
        elif event.type == pygame.WINDOWLEAVE:
            self.pointer = None
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_DOWN):
            beside = self._chooser_beside(-1 if event.key == pygame.K_UP else +1)
            if beside is not None:
                self.form.keyboard_used = self.form.keys_last = True
                self.form.set_focus(beside)
                return True
        return super().handle(event)

    def _chooser_beside(self, direction: int) -> Choice | None:
        """The chooser that Up (``direction`` -1) or Down leads to from the focused one:
        Left and Right turn the two choosers side by side over the charts, so Down goes
        from the grouping's to the trend's beside it, and Up back (Up from the trend's
        went round to the buttons under the charts, and the grouping's was never
        reached); from the other ends, the keys go as the screen lies."""
        row = [self.dimension_choice, self.trend_choice]
        if self.empty or self.form.focus not in row:
            return None
        at = row.index(self.form.focus) + direction
        return row[at] if 0 <= at < len(row) else None

    # --- the reset -------------------------------------------------------------------------

    def ask_reset(self) -> None:
        """Reset asks first, saying what goes, where the old files stay, and that a match
        left unfinished is kept."""
        folder = str(self.app.store.data_dir)
        saved = os.path.isfile(self.app.store.save_path)
        self.app.open(
            "confirm",
            question=self.tr("st_reset_question"),
            on_yes=self.reset,
            detail=self.tr("st_reset_detail_saved" if saved else "st_reset_detail", folder=folder),
            yes=self.tr("st_reset_yes"),
            no=self.tr("st_reset_no"),
        )

    def reset(self) -> None:
        """Clear the statistics and the past matches (kept as backups, and the player told
        where), then show the screen as a new player sees it."""
        store = self.app.store
        done = store.reset_stats()
        if done.reason is None:
            self.app.matches.forget_kept()
        self.app.show_store_messages()
        if done.reason is not None:
            reason = done.reason
            self.app.notify(
                lambda t: t("st_reset_failed", reason=worded_reason(reason, t)),
                RESET_TOAST_SECONDS,
                until_seen=True,
            )
            return
        if done.kept:
            names = [path.name for path, _ in done.kept]
            files = [backup.name for _, backup in done.kept]
            key = "st_reset_done_1" if len(files) == 1 else "st_reset_done"
            folder = str(store.data_dir)
            self.app.notify(
                lambda t: t(key, folder=folder, files=join(t, files), names=join(t, names)),
                RESET_TOAST_SECONDS,
                until_seen=True,
            )
        self.form.clear()
        self.build()
        self.layout()
        if self.form.keyboard_used:
            self.form.set_focus(self.back_button)

    # --- figures (what is drawn, and what tests read) -------------------------------------

    def tiles(self) -> list[tuple[str, str]]:
        total: Tally = self.stats.total()
        rate = total.win_rate
        signed = lambda v: "\u2014" if v is None else f"{v:+d}"  # noqa: E731
        other = total.played - total.won - total.lost  # hot-seat rivals, computers watched
        current, best = win_streaks(self.stats)
        played = self.t("st_played")
        if other:
            played = f"{played}\n{self.t('st_played_other', n=other)}"
        return [
            (played, str(total.played)),
            (self.t("st_won"), str(total.won)),
            (self.t("st_lost"), str(total.lost)),
            (self.t("st_rate"), "\u2014" if rate is None else f"{round(rate * 100)}%"),
            (self.t("st_streak", n=best), str(current)),
            (self.t("st_scope"), str(total.scope)),
            (
                self.t("st_best" if total.best is None or total.best >= 0 else "st_best_lost"),
                signed(total.best),
            ),
            (
                self.t("st_worst" if total.worst is None or total.worst <= 0 else "st_worst_won"),
                signed(total.worst),
            ),
            (self.t("st_accuracy"), self.accuracy_tile()),
        ]

    def tile_hints(self) -> list[str]:
        """What each of ``tiles`` counts, said under the pointer ("Best margin (without
        Undo)" and "Accuracy (last 10)" read as riddles to a player new to computers)."""
        total: Tally = self.stats.total()
        best = "best" if total.best is None or total.best >= 0 else "best_lost"
        worst = "worst" if total.worst is None or total.worst <= 0 else "worst_won"
        keys = ("played", "won", "lost", "rate", "streak", "scope", best, worst, "accuracy")
        return [self.t(f"st_tile_hint_{key}") for key in keys]

    def tile_hint_at(self, pos: tuple[int, int] | None) -> str:
        """The explanation of the tile under ``pos``, if one is."""
        if pos is None:
            return ""
        for box, words in zip(self.tile_boxes, self.tile_hints()):
            if box.collidepoint(pos):
                return words
        return ""

    def accuracy_tile(self) -> str:
        """The mean accuracy of the last reviewed matches ("—" before the first review)."""
        accuracy = recent_accuracy(self.stats)
        return "\u2014" if accuracy is None else f"{round(accuracy)}%"

    def accuracies(self) -> list[float]:
        """The accuracy of each reviewed match, oldest first (the accuracy chart)."""
        return accuracy_series(self.stats)

    def undone_steps(self) -> frozenset[int]:
        """The steps of the chart shown played with moves taken back: ringed, and named in
        the legend (the best and worst margins leave them out; an accuracy graded after
        plays taken back is not the player's first choice)."""
        if self.trend == "accuracy":
            return undone_accuracy_steps(self.stats)
        return self.results()[2]

    def results(self) -> tuple[list[int], list[int], frozenset[int]]:
        """The results' chart: the win rate over the last ``RATE_WINDOW`` (in %) and the
        margin after each recent decided match, and the steps played with moves taken back.
        Once older matches were dropped, the chart starts where the rate is a whole
        window's (``trend_start``): its first steps were a rate over 1, 2, ... matches."""
        if self._results is None:  # (the statistics shown do not change: worked out once)
            start = trend_start(self.stats, RATE_WINDOW)
            rates = [round(r * 100) for r in rolling_win_rate(self.stats, RATE_WINDOW)]
            undone = frozenset(i - start for i in undone_steps(self.stats) if i >= start)
            self._results = rates[start:], margin_series(self.stats)[start:], undone
        return self._results

    def by_level(self) -> list[tuple[str, tuple[int, ...]]]:
        """Won and lost against each computer level: alone, and with partners here or
        online against the computer (those were counted won and lost above, and left out
        here: the bars told a loss fewer than the tiles)."""
        return [
            (
                self.t(f"level_{level}")
                if level in ("beginner", "expert", "master")
                else self.t("st_mixed"),
                (tally.won, tally.lost),
            )
            for level, tally in self.stats.by("level")
            if level != "none" and tally.won + tally.lost
        ]

    def groups(self) -> list[tuple[str, tuple[int, ...]]]:
        """The bars of the chosen grouping: won, lost and (hot-seat, watched) undecided."""
        if self.dimension == "level":
            return self.by_level()
        if self.dimension == "game":
            rows = self.by_game()
        else:
            rows = []
            for value, tally in self.stats.by(self.dimension):
                if self.dimension == "mode":
                    label = self.t(f"mode_{value}")
                else:
                    label = self.t("players_n", n=value)
                rows.append((label, tally))
        out = [
            (label, (tally.won, tally.lost, tally.played - tally.won - tally.lost))
            for label, tally in rows
        ]
        if not any(counts[2] for _, counts in out):  # no undecided match: no empty bar for it
            out = [(label, counts[:2]) for label, counts in out]
        return out

    def by_game(self) -> list[tuple[str, Tally]]:
        """The matches of each game, in the order New game lists the games, the player's own
        rules last: the classic game is "Scopa", as Past matches calls it. Beyond
        ``GAME_BARS`` games, those played least (and any a newer version named) share a bar."""
        order = list(PRESETS)
        games: dict[str, Tally] = {}
        others = Tally()
        for value, tally in self.stats.by("preset"):
            game = game_of(value)  # rules of one's own with the game they change
            if game in PRESETS or game == "custom":
                games[game] = games.get(game, Tally()) + tally
            else:
                others = others + tally
        known = list(games.items())
        known.sort(key=lambda row: order.index(row[0]) if row[0] in PRESETS else len(order))
        if len(known) + (1 if others.played else 0) > GAME_BARS:  # the last bar is shared
            kept = sorted(known, key=lambda row: -row[1].played)[: GAME_BARS - 1]
            for row in known:
                if row not in kept:
                    others = others + row[1]
            known = [row for row in known if row in kept]
        rows = [(self._game_label(value), tally) for value, tally in known]
        if others.played:
            rows.append((self.t("st_other_games"), others))
        return rows

    def _game_label(self, preset: str) -> str:
        if preset == "classic":
            return self.t("game_scopa")
        if preset == "custom":
            return self.t("ng_my_rules")
        return self.t(f"preset_{preset}")

    # --- layout and drawing ---------------------------------------------------------------

    def empty_words(self) -> tuple[str, str]:
        """What a player with no finished match reads: there is nothing yet, and what will
        come here."""
        return self.t("st_empty_title"), self.t("st_empty")

    def _empty_pens(self) -> tuple[style.Pen, style.Pen]:
        m = self.m
        return (
            m.pen("title", style.SUBHEADING, style.INK),
            m.pen("ui", style.ROW_TITLE, style.INK_SOFT),
        )

    def layout(self) -> None:
        if self.empty:
            self._layout_empty()
            return
        m = self.m
        inner = self.place_sheet(1.72, 0.95, 0.08, 0.05)
        button_h = m.px(0.068)
        button_w = m.px(0.3)
        self.back_button.place(
            pygame.Rect(inner.right - button_w, inner.bottom - button_h, button_w, button_h)
        )
        past_w = m.px(PAST_W)
        past_x = self.back_button.rect.left - m.px(style.SPACE_L) - past_w
        self.past_button.place(pygame.Rect(past_x, inner.bottom - button_h, past_w, button_h))
        # the reset at the heading's right, apart from the way on and the way back
        reset_h = min(self.heading_box.h, m.px(0.06))
        label = self.t("st_reset")
        reset_w = style.button_width(self.app.font, label, m.text_px(style.ROW_TITLE), m, reset_h)
        reset_w = max(reset_w, m.px(0.2))
        reset = pygame.Rect(inner.right - reset_w, 0, reset_w, reset_h)
        reset.centery = self.heading_box.centery
        self.reset_button.place(reset)
        self.inner = inner
        top = self.heading_box.bottom + m.px(style.SPACE_S)
        self.tiles_area = pygame.Rect(inner.left, top, inner.w, m.px(0.15))
        top = self.tiles_area.bottom + m.px(style.SPACE_M)
        bottom = inner.bottom - button_h - m.px(style.SPACE_M)
        gap = m.px(style.SPACE_L)
        half = (inner.w - gap) // 2
        self.left_chart = pygame.Rect(inner.left, top, half, bottom - top)
        self.dimension_choice.place(
            pygame.Rect(
                self.left_chart.left + m.px(style.SPACE_L),
                self.left_chart.top + m.px(style.SPACE_S),
                half - 2 * m.px(style.SPACE_L),
                m.px(0.05),
            )
        )
        self.right_chart = pygame.Rect(inner.left + half + gap, top, half, bottom - top)
        self.trend_choice.place(
            pygame.Rect(
                self.right_chart.left + m.px(style.SPACE_L),
                self.right_chart.top + m.px(style.SPACE_S),
                half - 2 * m.px(style.SPACE_L),
                m.px(0.05),
            )
        )
        self.legend = pygame.Rect(
            inner.left, inner.bottom - button_h, past_x - gap - inner.left, button_h
        )

    def _layout_empty(self) -> None:
        """A sheet as tall as its words: the heading, a rule, the note, the way back."""
        m = self.m
        title_pen, body_pen = self._empty_pens()
        title, body = self.empty_words()
        width = min(m.w, m.px(1.15))
        pad_x, pad_y = m.px(0.07), m.px(0.05)
        inner_w = width - 2 * pad_x
        space = m.px(style.SPACE_L)
        button_h, button_w = m.px(0.068), m.px(0.3)
        heading_h = style.line_height(self.heading_pen())
        title_h = style.fit(title, title_pen, inner_w, m.h, lines=0).height
        body_h = style.fit(body, body_pen, inner_w, m.h, lines=0).height
        height = heading_h + 2 * space + title_h + m.px(style.SPACE_S) + body_h
        height += space + button_h
        self.panel = pygame.Rect(0, 0, width, min(m.h, height + 2 * pad_y))
        self.panel.center = (m.w // 2, m.h // 2)
        inner = self.panel.inflate(-2 * pad_x, -2 * pad_y)
        self.inner = inner
        self.heading_box = pygame.Rect(inner.left, inner.top, inner.w, heading_h)
        self.ornament_y = self.heading_box.bottom + space
        self.empty_title_box = pygame.Rect(inner.left, self.ornament_y + space, inner.w, title_h)
        top = self.empty_title_box.bottom + m.px(style.SPACE_S)
        self.empty_body_box = pygame.Rect(inner.left, top, inner.w, body_h)
        button = pygame.Rect(0, inner.bottom - button_h, button_w, button_h)
        button.centerx = inner.centerx
        if self.past_shown:  # the past matches and the way back, side by side
            past_w = m.px(PAST_W)
            left = inner.centerx - (past_w + space + button_w) // 2
            self.past_button.place(pygame.Rect(left, button.top, past_w, button_h))
            button.left = left + past_w + space
        self.back_button.place(button)

    def _draw_empty(self, surface: pygame.Surface) -> None:
        m = self.m
        self.draw_sheet(surface, self.t("statistics"))
        style.draw_ornament(surface, (self.panel.centerx, self.ornament_y), m.px(0.4), m)
        title_pen, body_pen = self._empty_pens()
        title, body = self.empty_words()
        style.text(surface, title, title_pen, self.empty_title_box, align="center", lines=0)
        style.text(surface, body, body_pen, self.empty_body_box, align="center", lines=0)

    def toast_band(self) -> ToastBand | None:
        """Beside the heading, on the sheet's corner at its left; one too long for it (a
        damaged file's notice) goes under the figures' tiles, over the charts: not over
        the heading (the player was told where they were, and the statistics' reset beside
        it stays in reach) nor over the figures the notice speaks of. With no statistics,
        under the sheet (the notice of a reset covered what replaced them)."""
        gap = self.m.px(style.SPACE_S)
        if self.empty:  # the sheet as tall as its words: under it, not over "No matches yet"
            wide = (self.panel.left, self.panel.right)
            return self.beside_heading(self.t("statistics"), self.panel.bottom + gap, wide)
        return self.beside_heading(self.t("statistics"), self.tiles_area.bottom + gap)

    def draw_content(self, surface: pygame.Surface) -> None:
        if self.empty:
            self._draw_empty(surface)
            return
        self.draw_sheet(surface, self.t("statistics"))
        self.tile_boxes = figure_tiles(surface, self.tiles_area, self.m, self.tiles())
        self._card(surface, self.left_chart, "")
        plot = self.groups_plot()
        if self.groups():
            self.draw_bar_key(surface)
            self.draw_groups(surface, plot)
        else:  # by level, with only matches among people: say why the chart is bare
            self._note(surface, plot, self.t("st_solo_empty"))
        self._card(surface, self.right_chart, "")
        pen, box = self._trend_title()
        style.text(surface, self._trend_words(), pen, box, align="center", valign="top", lines=2)
        self.draw_readout(surface, self.draw_trend(surface, self.trend_plot()))

    def bar_key_box(self) -> pygame.Rect:
        """Where the bars' key is written: under the grouping's chooser, over the bars."""
        m = self.m
        height = style.line_height(m.pen("ui", style.SMALL, style.INK_SOFT))
        chooser = self.dimension_choice.rect
        return pygame.Rect(chooser.left, chooser.bottom + m.px(style.SPACE_S), chooser.w, height)

    def groups_plot(self) -> pygame.Rect:
        """Where the bars of the chosen grouping are drawn: under their key."""
        plot = self._plot(self.left_chart)
        plot.top = self.bar_key_box().bottom + self.m.px(style.SPACE_XS)
        plot.h = self._plot(self.left_chart).bottom - plot.top
        return plot

    def draw_groups(self, surface: pygame.Surface, plot: pygame.Rect) -> Bars:
        """The bars of the chosen grouping in ``plot``; returns where they and their counts
        went. The lost matches' bars are striped: told from the won ones by more than their
        red."""
        return bar_chart(surface, plot, self.m, self.groups(), (WON, LOST, OTHER), hatched={1})

    def bar_keys(self) -> list[tuple[style.Color, str]]:
        """What the bars' key names, each with its colour: won, lost, and undecided where
        there are some."""
        bars = [(WON, "st_won"), (LOST, "st_lost")]
        if any(len(counts) > 2 for _, counts in self.groups()):  # undecided matches' bars
            bars.append((OTHER, "st_other"))  # named only where there are some
        return bars

    def draw_bar_key(self, surface: pygame.Surface) -> list[pygame.Rect]:
        """The bars' key over them, in their card, a swatch of each bar (the lost one
        striped) and its name: read whatever the line under the charts says (the keys'
        hints take its place). Returns where each name went."""
        m = self.m
        pen = m.pen("ui", style.SMALL, style.INK_SOFT)
        box = self.bar_key_box()
        side = max(6, round(box.h * 0.6))
        gap = m.px(0.025)
        keys = self.bar_keys()
        widths = [side + m.px(0.008) + style.natural_width(self.t(key), pen) for _, key in keys]
        x = box.centerx - (sum(widths) + gap * (len(keys) - 1)) // 2
        placed = []
        for (color, key), width in zip(keys, widths):
            swatch = pygame.Rect(x, 0, side, side)
            swatch.centery = box.centery
            if color == LOST:
                hatch(surface, swatch, m, color)
            else:
                pygame.draw.rect(surface, color, swatch)
            words = pygame.Rect(swatch.right + m.px(0.008), box.top, width - side, box.h)
            placed.append(style.text(surface, self.t(key), pen, words))
            x += width + gap
        return placed

    def _trend_words(self) -> str:
        """The trend chart's title, with how many matches it holds (the statistics keep the
        last ones only: its steps, numbered from 1, are not the player's first matches)."""
        key = "st_recent" if self.trend == "results" else "st_accuracy_title"
        held = len(self.results()[1] if self.trend == "results" else self.accuracies())
        return self.t(f"{key}_0") if not held else count(self.t, key, held)

    def _trend_title(self) -> tuple[style.Pen, pygame.Rect]:
        """The pen and the box of the words over the trend chart."""
        m = self.m
        pen = m.pen("ui_bold", style.ROW_NOTE, style.INK_SOFT)
        box = pygame.Rect(self.trend_choice.rect)
        box.top, box.h = (
            self.trend_choice.rect.bottom + m.px(style.SPACE_XS),
            2 * style.line_height(pen),
        )
        return pen, box

    def trend_plot(self) -> pygame.Rect:
        """Where the trend chart is drawn: under its words, which take one line or two."""
        m = self.m
        pen, box = self._trend_title()
        used = style.fit(self._trend_words(), pen, box.w, box.h, lines=2).height
        plot = self._plot(self.right_chart)
        plot.top = box.top + used + m.px(style.SPACE_S)
        plot.h = self._plot(self.right_chart).bottom - plot.top
        return plot

    def draw_trend(self, surface: pygame.Surface, plot: pygame.Rect) -> list[Drawn]:
        """The chosen trend in ``plot``: the accuracy of each reviewed match, or the recent
        results, the win rate and the margin each on its own scale. Returns where the lines
        and the labels went."""
        m = self.m
        if self.trend == "accuracy":
            values = self._accuracy_values()
            if not values:
                self._note(surface, plot, self.t("st_accuracy_empty"))
                return []
            drawn = line_chart(
                surface,
                plot,
                m,
                [values],
                (ACCURACY,),
                x_labels=[str(i + 1) for i in range(len(values))],
                y_min=0,
                target=100,
                hollow=self.undone_steps(),
            )
            return [] if drawn is None else [drawn]
        bands = self._bands()
        if not bands[1].values:  # only matches among people, which no side wins for the player
            self._note(surface, plot, self.t("st_solo_empty"))
            return []
        labels = [str(i + 1) for i in range(len(bands[1].values))]
        return stacked_line_charts(surface, plot, m, bands, labels)

    def trend_matches(self) -> list[MatchResult]:
        """The match of each step of the trend chart, oldest first."""
        recent = self.stats.recent
        if self.trend == "accuracy":
            return [r for r in recent if r.accuracy is not None]
        decided = [r for r in recent if r.margin is not None]
        return decided[trend_start(self.stats, RATE_WINDOW) :]

    def pointed_step(self, drawn: list[Drawn]) -> int | None:
        """The step of the trend chart ``drawn`` the pointer is over (the nearest across
        its plot), or None."""
        if self.pointer is None or not drawn or not drawn[0].points[0]:
            return None
        plot = drawn[0].plot.unionall([part.plot for part in drawn[1:]])
        dot = drawn[0].dot
        if not plot.inflate(4 * dot, 2 * dot).collidepoint(self.pointer):
            return None
        steps = len(drawn[0].points[0]) - 1
        share = (self.pointer[0] - plot.left) / max(1, plot.w)
        return min(steps, max(0, round(share * steps)))

    def readout(self, step: int) -> list[str]:
        """What the trend chart says of the match at ``step``: which and when, and its
        accuracy, or its result and the win rate after it."""
        matches = self.trend_matches()
        if not 0 <= step < len(matches):
            return []
        match = matches[step]
        moment = moment_of(match.when) if match.when else None
        lines = [
            self.t("st_point", n=step + 1)
            if moment is None
            else self.t("st_point_when", n=step + 1, when=when_said(self.t, moment))
        ]
        if self.trend == "accuracy":
            assert match.accuracy is not None
            key = "st_point_accuracy_undo" if match.undone else "st_point_accuracy"
            lines.append(self.t(key, value=round(match.accuracy)))
            if match.decisions:  # (0 % of one choice reads otherwise than of thirteen)
                many = "st_point_choices_1" if match.decisions == 1 else "st_point_choices"
                lines.append(self.t(many, n=match.decisions))
            return lines
        margin = f"{match.margin:+d}".replace("-", "\u2212")
        lines.append(self.t("st_point_won" if match.won else "st_point_lost", margin=margin))
        if match.undone:
            lines.append(self.t("st_undone"))
        rates = self.results()[0]
        if step < len(rates):
            lines.append(self.t("st_point_rate", n=RATE_WINDOW, value=rates[step]))
        return lines

    def draw_readout(self, surface: pygame.Surface, drawn: list[Drawn]) -> None:
        """With the pointer on the trend chart, a line down through the match under it,
        its points ringed, and what it was (``readout``) on a panel beside the line."""
        step = self.pointed_step(drawn)
        lines = [] if step is None else self.readout(step)
        if step is None or not lines:
            return
        m = self.m
        points = [line[step] for part in drawn for line in part.points if step < len(line)]
        top = min(part.plot.top for part in drawn)
        bottom = max(part.plot.bottom for part in drawn)
        x = points[0][0]
        thin = max(1, m.px(0.0015))
        pygame.draw.line(surface, style.INK_SOFT, (x, top), (x, bottom), thin)
        dot = drawn[0].dot
        for point in points:
            pygame.draw.circle(surface, style.INK, point, dot + 2 * thin, 2 * thin)
        pen = m.pen("ui", style.ROW_NOTE, style.CREAM)
        pad = m.px(style.SPACE_S)
        words = "\n".join(lines)
        room = self.right_chart.inflate(-2 * pad, -2 * pad)
        fitted = style.fit(words, pen, room.w * 0.7, room.h, lines=0)
        panel = pygame.Rect(0, 0, fitted.width + 2 * pad, fitted.height + 2 * pad)
        panel.top = top
        panel.left = x + pad
        if panel.right > room.right:  # past the chart's right: on the line's left
            panel.right = x - pad
        panel.clamp_ip(room)
        style.dark_panel(surface, panel, m, border=style.BRIGHT_GOLD, alpha=225)
        style.text(surface, words, pen, panel.inflate(-2 * pad, -2 * pad), lines=0)

    def _accuracy_values(self) -> list[int]:
        """The accuracy chart's values, as it writes them (whole percentages)."""
        return [round(value) for value in self.accuracies()]

    def _bands(self) -> list[Band]:
        """The results' chart: the win rate over its scale of 0 to 100, the margin over
        one that shows 0, each match played with Undo ringed on the margin's line."""
        rates, margins, undone = self.results()
        return [
            Band(self.t("st_trend_band"), rates, RATE, limits=(0, 100), averaged=True),
            Band(self.t("st_margin"), margins, MARGIN, y_min=0, hollow=undone),
        ]

    def trend_steps(self) -> int:
        """How many matches the trend chart shows."""
        if self.trend == "accuracy":
            return len(self.accuracies())
        return len(self.results()[1])

    def trend_dense(self) -> bool:
        """Whether the trend chart is drawn dense (``chart.is_dense``): its lines pale
        under their bold running means, with no rings. The legend names what is drawn:
        the bold line, or the rings."""
        steps = self.trend_steps()
        if steps < 2:
            return False
        area = self.trend_plot()
        if self.trend == "accuracy":
            found = line_plot(area, self.m, [self._accuracy_values()], target=100,
                              x_axis=True, y_min=0)  # fmt: skip
            plots = [] if found is None else [found]
        else:
            plots = stacked_plots(area, self.m, self._bands())
        return bool(plots) and is_dense(self.m, plots[0].w, steps - 1)

    def _note(self, surface: pygame.Surface, plot: pygame.Rect, words: str) -> None:
        """Words in place of a chart with nothing to draw."""
        pen = self.m.pen("ui", style.ROW_TITLE, style.INK_SOFT)
        style.text(surface, words, pen, plot, align="center", lines=0)

    def draw_overlay(self, surface: pygame.Surface) -> None:
        if self.empty:
            return
        pointed = "" if self.covered or self.form.hover else self.tile_hint_at(self.pointer)
        if pointed or self.form.hint(keyed=True):  # a figure pointed at, over the focus's
            self.draw_hint(surface, self.legend, style.INK_SOFT, pointed=pointed)
        else:
            self._draw_legend(surface)

    def _card(self, surface: pygame.Surface, rect: pygame.Rect, title: str) -> int:
        """A sheet for a chart with its title; returns the height the title takes."""
        m = self.m
        style.paper_card(surface, rect, m)
        if not title:
            return 0
        pen = m.pen("ui_bold", style.ROW_NOTE, style.INK_SOFT)
        box = rect.inflate(-2 * m.px(style.SPACE_M), 0)
        box.top, box.h = rect.top + m.px(style.SPACE_S), 2 * style.line_height(pen)
        used = style.text(surface, title, pen, box, align="center", valign="top", lines=2)
        return used.bottom - rect.top

    def _plot(self, rect: pygame.Rect) -> pygame.Rect:
        m = self.m
        plot = rect.inflate(-m.px(style.SPACE_XL), -m.px(style.SPACE_L))
        plot.top += m.px(0.04)
        plot.h -= m.px(0.04)
        return plot

    def legend_entries(self) -> list[tuple[style.Color, str]]:
        """What the legend under the charts names, each with its colour: the lines shown,
        and the marks on them that are drawn: the rings of matches played with Undo, or, on
        a dense chart, which draws no rings, its bold line (the bars have their key over
        them)."""
        lines = [(RATE, "st_trend"), (MARGIN, "st_margin")]
        if self.trend == "accuracy":
            lines = [(ACCURACY, "st_accuracy_line")]
        if self.trend_dense():
            lines.append((style.INK_SOFT, "st_mean"))
        elif self.undone_steps():
            if self.trend == "accuracy":
                lines.append((ACCURACY, "st_undone_accuracy"))
            else:
                lines.append((MARGIN, "st_undone"))
        return lines

    def legend_words(self, key: str) -> str:
        """An entry of the legend in words (the bold line says what it averages over)."""
        if key == "st_mean":
            return self.t(key, n=mean_window(self.trend_steps() - 1))
        return self.t(key)

    def _draw_legend(self, surface: pygame.Surface) -> list[pygame.Rect]:
        """The legend under the charts; returns where each entry's words went. Entries that
        do not fit in one line go on two (the line beside the past matches' button)."""
        m = self.m
        pen = m.pen("ui", style.SMALL, style.INK_SOFT)
        r = m.px(0.009)
        entries = self.legend_entries()
        widths = [style.natural_width(self.legend_words(key), pen) + r * 3 for _, key in entries]
        least = m.px(0.01)
        rows = [list(range(len(entries)))]
        if sum(widths) + least * (len(entries) - 1) > self.legend.w:
            first: list[int] = []
            used = 0
            for index, width in enumerate(widths):  # the first line as full as it goes
                if first and used + least + width > self.legend.w:
                    break
                used += width + (least if first else 0)
                first.append(index)
            rows = [first, list(range(len(first), len(entries)))]
        height = self.legend.h // len(rows)
        placed = []
        for number, row in enumerate(rows):
            top = self.legend.top + number * height
            # The gap between entries narrows before any entry's words are cut short.
            words = sum(widths[index] for index in row)
            spare = (self.legend.w - words) // max(1, len(row) - 1)
            gap = max(least, min(m.px(0.035), spare))
            x, y = self.legend.left, top + height // 2
            for index in row:
                color, key = entries[index]
                if key == "st_mean":  # a stroke of a bold line
                    stroke = max(2, m.px(0.005))
                    pygame.draw.line(surface, color, (x, y), (x + 2 * r, y), stroke)
                else:
                    pygame.draw.circle(surface, color, (x + r, y), r)
                if key in ("st_undone", "st_undone_accuracy"):
                    draw_ring(surface, (x + r, y), r, max(2, m.px(0.005)))
                box = pygame.Rect(x + r * 3, top, self.legend.right - x - r * 3, height)
                used_box = style.text(surface, self.legend_words(key), pen, box)
                placed.append(used_box)
                x = used_box.right + gap
        return placed
