"""The player's record: matches won and lost by mode and by computer level, scopas, the
best and worst margins, and the trend of recent matches."""

from __future__ import annotations

import pygame

from scopa.stats import Stats, Tally, margin_series, rolling_win_rate

from .. import theme
from ..widgets import Button, Choice
from .base import MenuScene
from .chart import bar_chart, line_chart

WON = (44, 120, 74)
LOST = (170, 40, 44)
OTHER = (150, 136, 116)
DIMENSIONS = ("level", "mode", "players")


class StatisticsScene(MenuScene):
    def build(self) -> None:
        self.stats: Stats = self.app.store.load_stats()
        self.app.show_store_messages()
        self.dimension = "level"
        self.dimension_choice = Choice(
            [(name, self.tr(f"st_by_{name}")) for name in DIMENSIONS],
            lambda: self.dimension,
            self._set_dimension,
            hint=self.tr("st_by_hint"),
        )
        self.back_button = Button(self.tr("back"), self.back)
        self.form.add(self.dimension_choice)
        self.form.add(self.back_button)

    def _set_dimension(self, name: str) -> None:
        self.dimension = name

    # --- figures (what is drawn, and what tests read) -------------------------------------

    def tiles(self) -> list[tuple[str, str]]:
        total: Tally = self.stats.total()
        rate = total.win_rate
        signed = lambda v: "\u2014" if v is None else f"{v:+d}"  # noqa: E731
        return [
            (self.t("st_played"), str(total.played)),
            (self.t("st_won"), str(total.won)),
            (self.t("st_lost"), str(total.lost)),
            (self.t("st_rate"), "\u2014" if rate is None else f"{round(rate * 100)}%"),
            (self.t("st_scope"), str(total.scope)),
            (self.t("st_best"), signed(total.best)),
            (self.t("st_worst"), signed(total.worst)),
        ]

    def by_level(self) -> list[tuple[str, tuple[int, ...]]]:
        """Won and lost against each computer level (solo matches)."""
        return [
            (
                self.t(f"level_{level}")
                if level in ("beginner", "expert", "master")
                else self.t("st_mixed"),
                (tally.won, tally.lost),
            )
            for level, tally in self.stats.by("level", mode="solo")
        ]

    def groups(self) -> list[tuple[str, tuple[int, ...]]]:
        """The bars of the chosen grouping: won, lost and (hot-seat, watched) undecided."""
        if self.dimension == "level":
            return self.by_level()
        out: list[tuple[str, tuple[int, ...]]] = []
        for value, tally in self.stats.by(self.dimension):
            if self.dimension == "mode":
                label = self.t(f"mode_{value}")
            else:
                label = self.t("players_n", n=value)
            out.append((label, (tally.won, tally.lost, tally.played - tally.won - tally.lost)))
        return out

    # --- layout and drawing ---------------------------------------------------------------

    def layout(self) -> None:
        m = self.m
        self.panel = m.centered(1.72, 0.95, 0.5)
        inner = self.panel.inflate(-m.px(0.08), -m.px(0.05))
        button_h = m.px(0.068)
        self.back_button.place(
            pygame.Rect(inner.right - m.px(0.3), inner.bottom - button_h, m.px(0.3), button_h)
        )
        self.inner = inner
        self.tiles_area = pygame.Rect(inner.left, inner.top + m.px(0.1), inner.w, m.px(0.12))
        top = self.tiles_area.bottom + m.px(0.03)
        bottom = inner.bottom - button_h - m.px(0.02)
        gap = m.px(0.03)
        half = (inner.w - gap) // 2
        self.left_chart = pygame.Rect(inner.left, top, half, bottom - top)
        self.dimension_choice.place(
            pygame.Rect(
                self.left_chart.left + m.px(0.03),
                self.left_chart.top + m.px(0.012),
                half - m.px(0.06),
                m.px(0.048),
            )
        )
        self.right_chart = pygame.Rect(inner.left + half + gap, top, half, bottom - top)
        self.legend = pygame.Rect(
            inner.left, inner.bottom - button_h, inner.w - m.px(0.33), button_h
        )

    def draw_content(self, surface: pygame.Surface) -> None:
        m = self.m
        paper = theme.draw_panel(surface, self.panel, m)
        theme.draw_text(
            surface,
            self.t("statistics"),
            m.font("title", theme.HEADING),
            theme.INK,
            (paper.centerx, self.inner.top + m.px(0.045)),
            "center",
        )
        if self.stats.total().played == 0:
            font = m.font("text", theme.SUBHEADING)
            theme.draw_text(
                surface,
                self.t("st_empty"),
                font,
                theme.INK_SOFT,
                paper.center,
                "center",
                fit=self.inner.w,
            )
            return
        self._draw_tiles(surface)
        self._card(surface, self.left_chart, "")
        plot = self._plot(self.left_chart)
        plot.top += m.px(0.03)
        plot.h -= m.px(0.03)
        bar_chart(surface, plot, m, self.groups(), (WON, LOST, OTHER))
        self._card(surface, self.right_chart, self.t("st_recent"))
        margins = margin_series(self.stats)
        rates = [round(r * 100) for r in rolling_win_rate(self.stats)]
        if margins:
            line_chart(
                surface,
                self._plot(self.right_chart),
                m,
                [margins, rates],
                (theme.SIDE_COLORS[1], theme.GOLD_DEEP),
                x_labels=[str(i + 1) for i in range(len(margins))],
            )
        self._draw_legend(surface)

    def _draw_tiles(self, surface: pygame.Surface) -> None:
        m, area = self.m, self.tiles_area
        tiles = self.tiles()
        gap = m.px(0.015)
        w = (area.w - gap * (len(tiles) - 1)) // len(tiles)
        for i, (label, value) in enumerate(tiles):
            box = pygame.Rect(area.left + i * (w + gap), area.top, w, area.h)
            pygame.draw.rect(surface, (255, 252, 243), box, border_radius=m.px(0.012))
            pygame.draw.rect(
                surface, theme.PAPER_LINE, box, max(1, m.px(0.002)), border_radius=m.px(0.012)
            )
            theme.draw_text(
                surface,
                value,
                m.font("title", theme.HEADING),
                theme.INK,
                (box.centerx, box.top + round(box.h * 0.42)),
                "center",
                fit=box.w,
            )
            theme.draw_text(
                surface,
                label,
                m.font("ui", theme.SMALL),
                theme.INK_SOFT,
                (box.centerx, box.top + round(box.h * 0.8)),
                "center",
                fit=box.w - gap,
            )

    def _card(self, surface: pygame.Surface, rect: pygame.Rect, title: str) -> None:
        m = self.m
        pygame.draw.rect(surface, (255, 252, 243), rect, border_radius=m.px(0.012))
        pygame.draw.rect(
            surface, theme.PAPER_LINE, rect, max(1, m.px(0.002)), border_radius=m.px(0.012)
        )
        theme.draw_text(
            surface,
            title,
            m.font("ui_bold", theme.ROW_NOTE),
            theme.INK_SOFT,
            (rect.centerx, rect.top + m.px(0.025)),
            "center",
        )

    def _plot(self, rect: pygame.Rect) -> pygame.Rect:
        m = self.m
        plot = rect.inflate(-m.px(0.05), -m.px(0.03))
        plot.top += m.px(0.04)
        plot.h -= m.px(0.04)
        return plot

    def _draw_legend(self, surface: pygame.Surface) -> None:
        m = self.m
        font = m.font("ui", theme.SMALL)
        x, y = self.legend.left, self.legend.centery
        r = m.px(0.009)
        for color, key in (
            (WON, "st_won"),
            (LOST, "st_lost"),
            (OTHER, "st_other"),
            (theme.SIDE_COLORS[1], "st_margin"),
            (theme.GOLD_DEEP, "st_trend"),
        ):
            pygame.draw.circle(surface, color, (x + r, y), r)
            rect = theme.draw_text(
                surface, self.t(key), font, theme.INK_SOFT, (x + r * 3, y), "midleft"
            )
            x = rect.right + m.px(0.035)
