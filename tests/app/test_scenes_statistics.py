"""The statistics screen reads the real statistics file: the tiles and bars count the
matches recorded, and an empty record shows a friendly line instead of empty charts."""

from __future__ import annotations

import itertools
import random

import pygame
import pytest

from scopa.app import style
from scopa.app.scenes.statistics import StatisticsScene
from scopa.engine import Match, Rules
from scopa.i18n import tables
from scopa.settings import MatchSetup, SeatConfig

from .menu_helpers import frame, press, show


def play_out(seed: int) -> Match:
    match = Match.new(Rules(), seed)
    rng = random.Random(seed)
    while not match.over:
        match, _ = match.apply(rng.choice(match.legal_moves()))
    return match


def test_tiles_and_bars_count_the_recorded_matches(app, store) -> None:
    levels = ["beginner", "master", "master", "beginner", "expert"]
    won = {"beginner": [0, 0], "expert": [0, 0], "master": [0, 0]}
    scope = 0
    for seed, level in enumerate(levels):
        setup = MatchSetup((SeatConfig("Anna", True), SeatConfig("CPU", False, level)), Rules())
        match = play_out(seed)
        store.record_result(setup, match)
        won[level][0 if match.winner == 0 else 1] += 1
        scope += sum(scores[0].scope for scores in match.rounds)
    scene = StatisticsScene(app)
    app.stack.push(scene)
    frame(app)
    tiles = dict(scene.tiles())
    wins = sum(w for w, _ in won.values())
    assert tiles[app.t("st_played")] == "5"
    assert tiles[app.t("st_won")] == str(wins)
    assert tiles[app.t("st_lost")] == str(5 - wins)
    assert tiles[app.t("st_rate")] == f"{round(wins / 5 * 100)}%"
    assert tiles[app.t("st_scope")] == str(scope)
    bars = dict(scene.by_level())
    for level, (w, lost) in won.items():
        assert bars[app.t(f"level_{level}")] == (w, lost)


def test_each_figure_says_what_it_counts_under_the_pointer(app, store) -> None:
    """ "Best margin (without Undo)" and "Accuracy (last 10)" read as riddles to a player
    new to computers, and pointing at them said nothing."""
    setup = MatchSetup((SeatConfig("Anna", True), SeatConfig("CPU", False, "expert")), Rules())
    store.record_result(setup, play_out(1))
    scene = StatisticsScene(app)
    app.stack.push(scene)
    frame(app)
    assert len(scene.tile_boxes) == len(scene.tiles()) == len(scene.tile_hints())
    press(app, pygame.K_TAB)  # a widget focused by the keys: its explanation gives way
    for box, words in zip(scene.tile_boxes, scene.tile_hints()):
        drawn: list[style.Drawn] = []
        with style.watch_text(drawn.append):
            frame(
                app,
                pygame.event.Event(
                    pygame.MOUSEMOTION, pos=box.center, rel=(0, 0), buttons=(0, 0, 0)
                ),
            )
        assert words in [text.words for text in drawn], words
    accuracy = scene.tile_hints()[-1]
    assert accuracy == app.t("st_tile_hint_accuracy")


def test_partners_at_one_screen_against_the_computer_count_in_the_bars_by_level(app, store) -> None:
    """Two people partners against two Experts (scopone at one screen) were counted won or
    lost in the tiles and left out of "Against the computer: by level": the bars told a
    loss fewer than the tiles. They count there; rivals at one screen, no side the
    player's, do not."""
    rules = Rules.preset("scopone")
    team = MatchSetup(
        (SeatConfig("Anna", True), SeatConfig("X", False, "expert"),
         SeatConfig("Bruno", True), SeatConfig("Y", False, "expert")),
        rules,
    )  # fmt: skip
    rivals = MatchSetup(
        (SeatConfig("Anna", True), SeatConfig("Bruno", True), SeatConfig("Z", False, "expert")),
        Rules(players=3),
    )
    solo = MatchSetup((SeatConfig("Anna", True), SeatConfig("CPU", False, "expert")), Rules())
    won = [0, 0]
    for setup, seed in ((team, 1), (solo, 2), (rivals, 3)):
        rng = random.Random(seed)
        match = Match.new(setup.rules, seed)
        while not match.over:
            match, _ = match.apply(rng.choice(match.legal_moves()))
        store.record_result(setup, match)
        if setup is not rivals:
            won[0 if match.winner == 0 else 1] += 1
    scene = StatisticsScene(app)
    app.stack.push(scene)
    frame(app)
    tiles = dict(scene.tiles())
    assert (tiles[app.t("st_won")], tiles[app.t("st_lost")]) == (str(won[0]), str(won[1]))
    assert scene.by_level() == [(app.t("level_expert"), tuple(won))]


def test_no_matches_yet(app) -> None:
    scene = StatisticsScene(app)
    app.stack.push(scene)
    frame(app)
    assert dict(scene.tiles())[app.t("st_played")] == "0"
    assert scene.by_level() == []


def test_a_damaged_statistics_file_is_reported_not_fatal(app, store) -> None:
    store.stats_path.parent.mkdir(parents=True, exist_ok=True)
    store.stats_path.write_text("{not json", encoding="utf-8")
    scene = StatisticsScene(app)
    app.stack.push(scene)
    frame(app)
    assert dict(scene.tiles())[app.t("st_played")] == "0"
    assert app.toasts, "the player is told the file was set aside"


def test_grouping_by_kind_of_match_counts_hot_seat_matches(app, store) -> None:
    import pygame

    from .menu_helpers import press

    solo = MatchSetup((SeatConfig("Anna", True), SeatConfig("CPU", False, "expert")), Rules())
    hotseat = MatchSetup((SeatConfig("Anna", True), SeatConfig("Bruno", True)), Rules())
    first, second = play_out(1), play_out(2)
    store.record_result(solo, first)
    store.record_result(hotseat, second)
    scene = StatisticsScene(app)
    app.stack.push(scene)
    frame(app)
    scene.form.set_focus(scene.dimension_choice)
    press(app, pygame.K_RIGHT)
    assert scene.dimension == "mode"
    bars = dict(scene.groups())
    won = 1 if first.winner == 0 else 0
    assert bars[app.t("mode_solo")] == (won, 1 - won, 0)
    assert bars[app.t("mode_hotseat")] == (0, 0, 1)
    press(app, pygame.K_RIGHT)
    assert dict(scene.groups())[app.t("players_n", n=2)] == (won, 1 - won, 1)
    assert "st_other" in [key for _, key in scene.bar_keys()]


def test_the_legend_names_no_bar_the_charts_do_not_hold(app, store) -> None:
    """With only matches against the computer, the legend named "Hot-seat, among rivals",
    a colour no bar had."""
    solo = MatchSetup((SeatConfig("Anna", True), SeatConfig("CPU", False, "expert")), Rules())
    store.record_result(solo, play_out(1))
    scene = StatisticsScene(app)
    app.stack.push(scene)
    frame(app)
    for dimension in ("level", "mode", "players"):
        scene.dimension = dimension
        assert [key for _, key in scene.bar_keys()] == ["st_won", "st_lost"]


@pytest.mark.parametrize("language", ["en", "it"])
def test_only_matches_among_people_say_why_the_charts_of_solo_matches_are_bare(
    app, store, language
) -> None:
    """After one hot-seat match the tiles read "Played 1" over two empty charts (by level,
    and the recent results): each now says it shows matches against the computer."""
    from scopa.app import style

    app.settings = app.settings.with_(language=language)
    hotseat = MatchSetup((SeatConfig("Anna", True), SeatConfig("Bruno", True)), Rules())
    store.record_result(hotseat, play_out(2))
    scene = StatisticsScene(app)
    app.stack.push(scene)
    frame(app)
    drawn: list[style.Drawn] = []
    with style.watch_text(drawn.append):
        app.draw()
    notes = [text for text in drawn if text.words == app.t("st_solo_empty")]
    assert len(notes) == 2, [text.words for text in drawn]
    assert notes[0].used.colliderect(scene.left_chart)
    assert notes[1].used.colliderect(scene.right_chart)
    assert all(not note.elided for note in notes)


def blank_bands(surface, area) -> list[int]:  # noqa: ANN001
    """The heights of the runs of rows of ``area`` where nothing but paper is drawn (each
    row one colour from end to end: the paper's shading runs from top to bottom)."""
    runs, run = [], 0
    for y in range(area.top, area.bottom):
        row = {surface.get_at((x, y))[:3] for x in range(area.left, area.right, 2)}
        spread = max(max(c[i] for c in row) - min(c[i] for c in row) for i in range(3))
        if spread <= 6:
            run += 1
        elif run:
            runs.append(run)
            run = 0
    return [*runs, run] if run else runs


@pytest.mark.parametrize("size", [(960, 540), (1920, 1080), (1000, 1000)])
@pytest.mark.parametrize("language", ["en", "it"])
def test_a_fresh_player_sees_a_short_note_not_an_empty_sheet(app, size, language) -> None:
    scene = show(app, StatisticsScene(app), size, language)
    assert scene.form.widgets == [scene.back_button], "no groupings to choose among"
    window = app.screen.get_rect()
    assert window.contains(scene.panel) and scene.panel.contains(scene.back_button.rect)
    paper = scene.panel.inflate(-2 * scene.m.px(0.05), -2 * scene.m.px(0.05))
    gaps = blank_bands(app.screen, paper)
    assert max(gaps) <= scene.m.px(0.08), (gaps, "a wide empty band on the sheet")
    assert scene.panel.h <= window.h * 0.7, "the sheet is as tall as what it says"
    said = scene.empty_words()
    words = tables()
    assert said == tuple(words[language][key] for key in ("st_empty_title", "st_empty"))
    other = "en" if language == "it" else "it"
    assert all(said) and said != tuple(words[other][key] for key in ("st_empty_title", "st_empty"))


# --- the results chart ----------------------------------------------------------------------


def painted_rows(surface, area, colour) -> tuple[int, int]:  # noqa: ANN001
    """The first and last row of ``area`` where ``colour`` is painted."""
    import pygame

    mask = pygame.mask.from_threshold(surface.subsurface(area), colour, (1, 1, 1, 255))
    found = mask.get_bounding_rects()
    assert found, f"nothing painted in {colour}"
    return min(r.top for r in found), max(r.bottom for r in found)


def record_matches(store, count: int) -> None:  # noqa: ANN001
    """``count`` matches played to the end, won and lost as chance has it (margins of a few
    points either way, a win rate around a half)."""
    for seed in range(count):
        setup = MatchSetup((SeatConfig("Anna", True), SeatConfig("CPU", False, "expert")), Rules())
        store.record_result(setup, play_out(seed))


@pytest.mark.parametrize("size", [(960, 540), (1920, 1080)])
@pytest.mark.parametrize("language", ["en", "it"])
def test_the_win_rate_and_the_margin_each_have_their_own_scale(app, store, size, language):
    """A percentage (50 to 100) and a margin (-9 to +10 points) on one axis: the margin is a
    flat line near zero. Each line takes a good part of the height of its own chart, and
    no two words of the chart overlap."""
    import pygame

    from scopa.app.scenes.statistics import MARGIN, RATE

    record_matches(store, 14)
    scene = show(app, StatisticsScene(app), size, language)
    assert scene.trend == "results"
    inside = scene.right_chart.inflate(-2, -2)
    spreads = [
        bottom - top
        for top, bottom in (painted_rows(app.screen, inside, c) for c in (RATE, MARGIN))
    ]
    assert min(spreads) >= 0.6 * max(spreads), spreads

    drawn = scene.draw_trend(pygame.Surface(app.size), scene.trend_plot())
    assert len(drawn) == 2, "the win rate and the margin, each in a chart of its own"
    for chart in drawn:
        rows = [y for line in chart.points for _, y in line]
        assert max(rows) - min(rows) >= 0.6 * chart.plot.h, (chart.plot, rows)
        assert scene.right_chart.contains(chart.plot)
    assert drawn[0].plot.bottom < drawn[1].plot.top
    assert drawn[0].plot.left == drawn[1].plot.left, "the steps line up"
    labels = [label for chart in drawn for label in chart.labels]
    dots = [dot for chart in drawn for dot in chart.dots()]
    for i, label in enumerate(labels):
        assert scene.right_chart.contains(label), label
        assert label.collidelist(dots) == -1, label
        for other in labels[i + 1 :]:
            assert not label.colliderect(other), (label, other)


@pytest.mark.parametrize("language", ["en", "it"])
def test_records_say_that_matches_with_moves_taken_back_set_none(app, store, language) -> None:
    """One match played with Undo: its margin is charted but sets no best or worst margin
    (a record reached by trial and error is not one), and the tiles say so, not a bare
    dash that looks like a fault."""
    setup = MatchSetup((SeatConfig("Anna", True), SeatConfig("CPU", False, "expert")), Rules())
    store.record_result(setup, play_out(1), undone=True)
    scene = show(app, StatisticsScene(app), (960, 540), language)
    tiles = scene.tiles()
    undo = app.t("aids.undo").split("(")[0].strip().lower()
    for key in ("st_best", "st_worst"):
        ((label, value),) = [(label, value) for label, value in tiles if label == app.t(key)]
        assert value == "\u2014"
        assert "\n(" in label, label  # "(without aids)": matches with Undo or hints left out
        assert undo in app.t(f"st_tile_hint_{key[3:]}").lower()


@pytest.mark.parametrize("size", [(960, 540), (1920, 1080)])
@pytest.mark.parametrize("language", ["en", "it"])
def test_the_margin_chart_rings_the_matches_that_set_no_record(app, store, size, language):
    """The best margin read -16 while the chart showed a -6: that match was played with
    Undo, and nothing on the chart said so. Its dot is now a ring, and the legend names the
    ring, every entry in full."""
    from scopa.app import style
    from scopa.app.scenes.statistics import MARGIN

    setup = MatchSetup((SeatConfig("Anna", True), SeatConfig("CPU", False, "expert")), Rules())
    for seed in range(4):
        store.record_result(setup, play_out(seed), undone=seed == 2)
    scene = show(app, StatisticsScene(app), size, language)
    _, margins = scene.draw_trend(app.screen, scene.trend_plot())
    (points,) = margins.points
    middles = [tuple(app.screen.get_at(p))[:3] for p in points]
    assert middles == [MARGIN, MARGIN, style.PAPER_BRIGHT, MARGIN], middles
    assert (MARGIN, "st_undone") in scene.legend_entries()
    placed = scene._draw_legend(app.screen)
    pen = scene.m.pen("ui", style.SMALL, style.INK_SOFT)
    for (_, key), box in zip(scene.legend_entries(), placed, strict=True):
        assert box.w >= style.natural_width(app.t(key), pen), key  # never cut short
        assert scene.legend.contains(box), key
    for a, b in itertools.combinations(placed, 2):
        assert not a.colliderect(b)  # on one line or two (beside the past matches' button)

    scene.trend = "accuracy"  # no margins charted, no accuracy kept: no ring to name
    assert all(not key.startswith("st_undone") for _, key in scene.legend_entries())


@pytest.mark.parametrize("language", ["en", "it"])
def test_the_accuracy_chart_rings_the_matches_played_with_undo(app, store, language):
    """A match played with Undo was set apart on the margin chart, yet its accuracy stood
    on the accuracy chart as a plain dot, though plays taken back once their reply was
    seen grade better than the player's first choices. Its dot is a ring there too, named
    in the legend."""
    from scopa.app import style
    from scopa.app.scenes.statistics import ACCURACY
    from scopa.stats import match_key

    setup = MatchSetup((SeatConfig("Anna", True), SeatConfig("CPU", False, "expert")), Rules())
    for seed in range(3):
        match = play_out(seed)
        store.record_result(setup, match, undone=seed == 1)
        store.note_accuracy(match_key(match), 60.0 + 10 * seed)
    scene = show(app, StatisticsScene(app), (960, 540), language)
    scene.trend = "accuracy"
    (accuracy,) = scene.draw_trend(app.screen, scene.trend_plot())
    (points,) = accuracy.points
    middles = [tuple(app.screen.get_at(p))[:3] for p in points]
    assert middles == [ACCURACY, style.PAPER_BRIGHT, ACCURACY], middles
    assert (ACCURACY, "st_undone_accuracy") in scene.legend_entries()
    assert all(key != "st_undone" for _, key in scene.legend_entries())
    # the accuracy's line is not drawn in the won matches' green beside their bars
    colours = {key: colour for colour, key in [*scene.legend_entries(), *scene.bar_keys()]}
    assert colours["st_accuracy_line"] not in (colours["st_won"], colours["st_lost"])
    placed = scene._draw_legend(app.screen)
    assert all(scene.legend.contains(box) for box in placed)


def test_no_line_strikes_through_a_value_written_at_the_end_of_a_line(app) -> None:
    """After one match lost the win rate is a single dot of 0 % at the axis's start: its
    "0" is written on the chart's paper, not with the axis through it (it read as a
    crossed-out zero)."""
    import pygame

    from scopa.app import style
    from scopa.app.scenes.chart import Band, stacked_line_charts
    from scopa.app.scenes.statistics import MARGIN, RATE

    scene = show(app, StatisticsScene(app), (1920, 1080), "en")
    surface = pygame.Surface((900, 600))
    surface.fill(style.PAPER_BRIGHT)
    rate, margin = stacked_line_charts(
        surface,
        surface.get_rect(),
        scene.m,
        [Band("rate", [0], RATE, limits=(0, 100)), Band("margin", [-9], MARGIN, y_min=0)],
        ["1"],
    )
    for chart in (rate, margin):
        ((x, y),) = chart.points[0]
        beyond = [label for label in chart.labels if label.left > x]
        written = min(beyond, key=lambda label: abs(label.centery - y) + label.left - x)
        colours = {
            tuple(surface.get_at((x, y)))[:3]
            for x in range(written.left, written.right)
            for y in range(written.top, written.bottom)
        }
        assert tuple(style.INK_SOFT) not in colours and tuple(style.PAPER_LINE) not in colours


def test_one_lost_match_charts_a_margin_below_zero_and_no_negative_win_rate(app, store):
    """The first match lost: the margin's scale reaches up to 0 (not a scale round -9 alone,
    which reads like any other number), and the win rate of 0 % lies at the bottom of a
    percentage's scale (not in the middle of one running from -1 % to 1 %)."""
    import pygame

    from scopa.app.scenes.chart import Band, stacked_line_charts

    seed = next(s for s in range(50) if play_out(s).winner == 1)
    setup = MatchSetup((SeatConfig("Anna", True), SeatConfig("CPU", False, "expert")), Rules())
    stats = store.record_result(setup, play_out(seed))
    (result,) = stats.recent
    assert result.won is False and result.margin < 0
    scene = show(app, StatisticsScene(app), (1280, 720), "en")
    drawn = scene.draw_trend(pygame.Surface(app.size), scene.trend_plot())
    for chart in drawn:
        ((_, y),) = chart.points[0]
        assert y >= chart.plot.top + 0.75 * chart.plot.h, (chart.plot, y)
    # the same scales, read off the grid: 0 at the top of the margin's, and no rate below 0
    surface = pygame.Surface((600, 400))
    rate, margin = stacked_line_charts(
        surface,
        surface.get_rect(),
        scene.m,
        [Band("rate", [0], (0, 0, 0), limits=(0, 100)), Band("margin", [-9], (0, 0, 0), y_min=0)],
        ["1"],
    )
    assert rate.points[0][0][1] == rate.plot.bottom
    assert margin.points[0][0][1] > margin.plot.top + 0.75 * margin.plot.h


@pytest.mark.parametrize("size", [(960, 540), (1920, 1080)])
def test_lines_that_end_level_write_each_value_and_the_target_passes_behind(app, size):
    """Three sides tied at 3 write "3" three times side by side, each in its colour, not one
    over another; a value written on the dashed target line is not crossed by it."""
    import pygame

    from scopa.app import style
    from scopa.app.scenes.chart import line_chart

    app.resize(size)
    m = style.Metrics(app, app.size)
    area = pygame.Rect(0, 0, app.size[0] // 2, app.size[1] // 2)
    colors = [(200, 30, 30), (30, 30, 200), (230, 150, 20)]
    surface = pygame.Surface(app.size)
    drawn = line_chart(surface, area, m, [[0, 1, 3], [0, 2, 3], [0, 3, 3]], colors, target=11)
    assert drawn is not None
    ends = drawn.labels[-3:]
    for i, box in enumerate(ends):
        for other in ends[i + 1 :]:
            assert not box.colliderect(other), (box, other)
    surface = pygame.Surface(app.size)
    surface.fill((255, 255, 255))
    drawn = line_chart(surface, area, m, [[100]], [(30, 120, 60)], target=100)
    assert drawn is not None
    value = drawn.labels[-1]
    gold = [
        (x, y)
        for x in range(value.left, value.right)
        for y in range(value.top, value.bottom)
        if surface.get_at((x, y))[:3] == style.GOLD_DEEP[:3]
    ]
    assert not gold, gold[:5]


@pytest.mark.parametrize("size", [(960, 540), (1920, 1080)])
def test_lines_that_run_level_are_drawn_side_by_side_and_share_their_dots(app, size):
    """Two sides tied round after round: both colours show along the stretch they share
    and in every dot they share, not only the line drawn last."""
    import pygame

    from scopa.app import style
    from scopa.app.scenes.chart import line_chart

    app.resize(size)
    m = style.Metrics(app, app.size)
    area = pygame.Rect(0, 0, app.size[0] // 2, app.size[1] // 2)
    colors = [(200, 30, 30), (30, 30, 200), (30, 160, 60)]
    surface = pygame.Surface(app.size)
    surface.fill((255, 255, 255))
    drawn = line_chart(surface, area, m, [[0, 2, 4, 6], [0, 2, 4, 6], [0, 1, 1, 2]], colors)
    assert drawn is not None
    (a, b), dot = drawn.points[0][1:3], drawn.dot

    def seen(box: pygame.Rect) -> set[tuple[int, int, int]]:
        found = {
            tuple(surface.get_at((x, y))[:3])
            for x in range(box.left, box.right)
            for y in range(box.top, box.bottom)
        }
        return found & {colors[0], colors[1]}

    middle = pygame.Rect(0, 0, dot, dot * 2)
    middle.center = ((a[0] + b[0]) // 2, (a[1] + b[1]) // 2)
    assert seen(middle) == {colors[0], colors[1]}
    shared = pygame.Rect(0, 0, dot * 2, dot * 2)
    shared.center = b
    assert seen(shared) == {colors[0], colors[1]}


def test_a_bar_of_nothing_still_shows_beside_its_pair(app):
    """One match lost to Master, none won: the lost bar stood alone right of the level's
    name, and nothing said the empty place beside it was the wins. The empty bar is a
    stroke of its colour on the axis, with its 0."""
    import pygame

    from scopa.app import style
    from scopa.app.scenes.chart import bar_chart
    from scopa.app.style import Metrics

    m = Metrics(app, app.size)
    surface = pygame.Surface((600, 400))
    surface.fill((250, 246, 236))
    area = pygame.Rect(20, 20, 560, 360)
    drawn: list = []
    with style.watch_text(drawn.append):
        bar_chart(surface, area, m, [("Master", (0, 1))], ((0, 160, 0), (200, 0, 0)))
    assert sorted(text.words for text in drawn) == ["0", "1", "Master"]
    zero = next(text for text in drawn if text.words == "0")
    one = next(text for text in drawn if text.words == "1")
    assert zero.used.centerx < one.used.centerx  # the wins first, then the losses
    green = [(x, y) for x in range(area.left, area.right) for y in range(area.top, area.bottom)
             if tuple(surface.get_at((x, y)))[:3] == (0, 160, 0)]  # fmt: skip
    assert green and min(x for x, _ in green) < zero.used.centerx < max(x for x, _ in green)


def test_huge_counts_keep_their_labels_apart_and_their_grid_round(app):
    """A statistics file with counts near its limits (half a billion matches won and lost,
    margins of a billion) ran the bars' numbers into each other ("500000000500000000") and
    gave the margin's grid steps such as 333333334."""
    import pygame

    from scopa.app import style
    from scopa.app.scenes.chart import bar_chart, nice_ticks

    for low, high in ((-1e9, 1e9 + 1), (0, 10**12), (-3, 7), (0, 100)):
        tick, start, count = nice_ticks(low, high)
        assert str(tick).strip("0") in {"1", "2", "25", "5"}, (low, high, tick)
        assert start <= low and start + tick * count >= high and count <= 6
    m = style.Metrics(app, (960, 540))
    surface = pygame.Surface((420, 260))
    drawn: list = []
    with style.watch_text(drawn.append):
        groups = [(level, (500_000_000, 500_000_000)) for level in ("A", "B", "C")]
        bar_chart(surface, pygame.Rect(0, 0, 420, 260), m, groups, ((0, 160, 0), (200, 0, 0)))
    numbers = [text for text in drawn if text.words.isdigit()]
    assert [text.words for text in numbers] == ["500000000"] * 6
    assert not any(text.elided for text in numbers)
    for left, right in itertools.combinations([text.used for text in numbers], 2):
        assert not left.colliderect(right), (left, right)


def test_grouping_solo_matches_alone_draws_no_bar_for_undecided_ones(app, store) -> None:
    """Solo matches only, grouped by kind: a third grey bar of 0 stood beside won and lost
    (matches with no single winning side, as among rivals at one screen, of which there
    were none)."""
    solo = MatchSetup((SeatConfig("Anna", True), SeatConfig("CPU", False, "expert")), Rules())
    first = play_out(1)
    store.record_result(solo, first)
    scene = StatisticsScene(app)
    app.stack.push(scene)
    frame(app)
    scene.dimension = "mode"
    frame(app)
    won = 1 if first.winner == 0 else 0
    assert dict(scene.groups()) == {app.t("mode_solo"): (won, 1 - won)}


@pytest.mark.parametrize("language", ["en", "it"])
def test_the_played_tile_counts_the_matches_neither_won_nor_lost(app, store, language) -> None:
    """Played 2, Won 1, Lost 0 did not add up, and nothing on the tiles said why: a match
    between two people at the screen is neither won nor lost by the player. The tile says
    how many such matches it holds."""
    solo = MatchSetup((SeatConfig("Anna", True), SeatConfig("CPU", False, "expert")), Rules())
    rivals = MatchSetup((SeatConfig("Anna", True), SeatConfig("Bruno", True)), Rules())
    store.record_result(solo, play_out(1))
    scene = show(app, StatisticsScene(app), (960, 540), language)
    assert scene.tiles()[0][0] == app.t("st_played")  # every match won or lost: no note
    store.record_result(rivals, play_out(2))
    app.back()
    scene = show(app, StatisticsScene(app), (960, 540), language)
    label, value = scene.tiles()[0]
    assert value == "2"
    assert label == f"{app.t('st_played')}\n{app.t('st_played_other', n=1)}"


def game_results(store, games: dict[str, tuple[int, int]]) -> None:  # noqa: ANN001
    """Statistics holding, for each game named, that many matches won and lost."""
    from scopa.stats import MatchResult, Stats

    stats = Stats()
    for preset, (won, lost) in games.items():
        for k in range(won + lost):
            win = k < won
            totals = (11, 8) if win else (8, 11)
            margin = totals[0] - totals[1]
            result = MatchResult("solo", 2, preset, "expert", win, margin, 1, totals, 3)
            stats = stats.add(result)
    store.save_stats(stats)


@pytest.mark.parametrize("language", ["en", "it"])
def test_the_matches_are_grouped_by_game_the_classic_one_as_scopa(app, store, language) -> None:
    """Statistics counted every game together: a player of Cirulla and Scopa could not tell
    how each went. A fourth grouping gives each game its bars, in New game's order, the
    player's own rules last."""
    import pygame

    from .menu_helpers import press

    game_results(store, {"custom": (1, 0), "cirulla": (2, 3), "classic": (4, 1)})
    scene = show(app, StatisticsScene(app), (960, 540), language)
    scene.form.set_focus(scene.dimension_choice)
    for _ in range(3):
        press(app, pygame.K_RIGHT)
    assert scene.dimension == "game"
    assert scene.groups() == [
        (app.t("game_scopa"), (4, 1)),
        (app.t("preset_cirulla"), (2, 3)),
        (app.t("ng_my_rules"), (1, 0)),
    ]


@pytest.mark.parametrize("language", ["en", "it"])
def test_rules_of_ones_own_are_counted_with_the_game_they_change(app, store, language) -> None:
    """A Cirulla with one option changed counted under "My rules", with a Scopa d'assi of
    four changes, while Past matches named it "Cirulla (Clockwise)": a match is counted
    with the game its name gives it; results kept before, which say only "custom", still
    under "My rules"."""
    from scopa.stats import MatchResult

    cirulla = Rules(cirulla=True, cappotto=True, target=51, clockwise=True)
    assi = Rules(assi=True, napola=True, re_bello=True)
    for seed, rules in enumerate((Rules(cirulla=True, cappotto=True, target=51), cirulla, assi)):
        setup = MatchSetup((SeatConfig("Anna", True), SeatConfig("CPU", False, "expert")), rules)
        match = Match.new(rules, seed)
        rng = random.Random(seed)
        while not match.over:
            match, _ = match.apply(rng.choice(match.legal_moves()))
        store.record_result(setup, match)
    stats = store.load_stats()
    older = MatchResult("solo", 2, "custom", "expert", True, 3, 1, (11, 8), 3)
    store.save_stats(stats.add(older))
    scene = show(app, StatisticsScene(app), (960, 540), language)
    scene.dimension = "game"
    counted = {label: sum(counts) for label, counts in scene.groups()}
    assert counted == {
        app.t("preset_assi"): 1,
        app.t("preset_cirulla"): 2,
        app.t("ng_my_rules"): 1,
    }


def test_games_beyond_the_bars_that_fit_share_one(app, store) -> None:
    """Seven games and a newer version's: the four played most keep their own bars, in
    New game's order; the rest, the unknown one too, are counted together."""
    game_results(
        store,
        {
            "classic": (5, 0),
            "rulebook": (0, 1),
            "scopone_scientifico": (2, 2),
            "assi": (1, 0),
            "quindici": (0, 3),
            "cirulla": (3, 3),
            "custom": (1, 1),
            "a_newer_game": (1, 0),
        },
    )
    scene = show(app, StatisticsScene(app), (960, 540), "en")
    scene.dimension = "game"
    assert scene.groups() == [
        ("Scopa", (5, 0)),
        ("Scopone scientifico", (2, 2)),
        ("Scopa di quindici", (0, 3)),
        ("Cirulla", (3, 3)),
        ("Other games", (3, 2)),
    ]


# --- thousands of matches ---------------------------------------------------------------------


def thousands(store) -> None:  # noqa: ANN001
    """Statistics of ten thousand matches: thousands won and lost by game and by number of
    players, hundreds played among rivals at one screen."""
    from scopa.stats import Stats, Tally

    counts = {  # (preset, players): won, lost, among rivals
        ("classic", 2): (1971, 2314, 715),
        ("rulebook", 2): (455, 402, 143),
        ("scopone", 4): (426, 431, 143),
        ("assi", 2): (428, 429, 143),
        ("cirulla", 4): (423, 434, 143),
        ("quindici", 6): (425, 433, 142),
    }
    tallies = {}
    for (preset, players), (won, lost, rivals) in counts.items():
        tallies[("solo", players, preset, "expert")] = Tally(won + lost, won, lost)
        tallies[("hotseat", players, preset, "none")] = Tally(rivals)
    store.save_stats(Stats(tallies))


@pytest.mark.parametrize("size", [(960, 540), (1920, 1080)])
@pytest.mark.parametrize("language", ["en", "it"])
def test_thousands_of_matches_write_every_bar_s_count_whole_and_apart(app, store, size, language):
    """With thousands of matches the counts over the bars read "1…", "2…" (cut short to fit
    their bars) or ran into each other ("25692574"). Each is written whole at its full size,
    over its bar, apart from the other counts and clear of every bar."""
    from scopa.app import style

    thousands(store)
    scene = show(app, StatisticsScene(app), size, language)
    for dimension in ("level", "mode", "players", "game"):
        scene.dimension = dimension
        drawn: list[style.Drawn] = []
        with style.watch_text(drawn.append):
            bars = scene.draw_groups(app.screen, scene.groups_plot())
        wanted = [str(n) for _, counts in scene.groups() for n in counts]
        counts = [text for text in drawn if text.words.isdigit()]
        assert [text.words for text in counts] == wanted, dimension
        assert max(map(len, wanted)) == 4 or dimension == "level"
        apart = scene.m.px(0.004)
        for text, bar in zip(counts, bars.bars, strict=True):
            assert not text.elided and text.px == text.asked, (dimension, text)
            assert scene.left_chart.contains(text.used), (dimension, text)
            assert text.used.bottom <= bar.top, (dimension, text.words)  # over its own bar
            assert text.used.left < bar.right and bar.left < text.used.right
            assert text.used.collidelist(bars.bars) == -1, (dimension, text.words)
        for a, b in itertools.combinations([text.used for text in counts], 2):
            assert not a.inflate(apart, 0).colliderect(b), (dimension, a, b)


@pytest.mark.parametrize("size", [(960, 540), (1920, 1080)])
@pytest.mark.parametrize("language", ["en", "it"])
def test_the_played_tile_with_thousands_among_rivals_is_read_whole(app, store, size, language):
    """The tile read "Played (14 among riva…": the count of the matches among rivals, on a
    line of its own under "Played", was cut short at 960x540. Too long for the tile, it
    runs on with "Played" as one sentence over two lines, whole."""
    from scopa.app import style

    thousands(store)
    scene = show(app, StatisticsScene(app), size, language)
    label, value = scene.tiles()[0]
    assert value == "10000" and "1429" in label
    drawn: list[style.Drawn] = []
    with style.watch_text(drawn.append):
        app.draw()
    (played,) = [text for text in drawn if "1429" in text.words]
    assert not played.elided and played.px >= style.smallest_px(played.asked), played
    assert " ".join(played.lines).split() == label.split()  # every word of it, in order


# --- a dense chart, its bold line and its end ---------------------------------------------------


def many_results(store, count: int, *, undone_every: int = 11) -> None:  # noqa: ANN001
    """``count`` decided matches, a few of them played with Undo, reviewed too."""
    from scopa.stats import MatchResult, Stats

    rng = random.Random(count)
    stats = Stats()
    for k in range(count):
        margin = rng.choice([-9, -4, -2, 3, 5, 8, 11])
        totals = (11, 11 - margin) if margin > 0 else (11 + margin, 11)
        result = MatchResult("solo", 2, "classic", "expert", margin > 0, margin, 1, totals, 3,
                             undone=k % undone_every == 3, match_id=f"{k:x}/40",
                             accuracy=rng.uniform(40, 95))  # fmt: skip
        stats = stats.add(result)
    store.save_stats(stats)


@pytest.mark.parametrize("size", [(960, 540), (1920, 1080)])
@pytest.mark.parametrize("trend", ["results", "accuracy"])
def test_a_dense_chart_names_its_bold_line_and_no_rings_it_does_not_draw(app, store, size, trend):
    """Dense, the chart drew no rings for the matches played with Undo, yet the legend named
    them; the bold line (a running mean) was named nowhere. The legend names what is drawn:
    on a dense chart the bold line, with the matches it averages over; on a sparse one the
    rings."""
    from scopa.app import style

    many_results(store, 120)
    scene = show(app, StatisticsScene(app), size, "en")
    scene.trend = trend
    drawn = scene.draw_trend(app.screen, scene.trend_plot())
    assert drawn and all(chart.dense and not chart.rings for chart in drawn)
    assert scene.trend_dense()
    keys = [key for _, key in scene.legend_entries()]
    assert "st_mean" in keys
    assert not {"st_undone", "st_undone_accuracy"} & set(keys)
    said: list[style.Drawn] = []
    with style.watch_text(said.append):
        scene._draw_legend(app.screen)
    assert app.t("st_mean", n=10) in [text.words for text in said]

    app.back()  # a few matches: each dot drawn, the rings too, and named
    store.save_stats(type(scene.stats)())
    many_results(store, 6, undone_every=4)
    scene = show(app, StatisticsScene(app), size, "en")
    scene.trend = trend
    drawn = scene.draw_trend(app.screen, scene.trend_plot())
    assert not scene.trend_dense() and not any(chart.dense for chart in drawn)
    assert any(chart.rings for chart in drawn)
    keys = [key for _, key in scene.legend_entries()]
    assert "st_mean" not in keys and {"st_undone", "st_undone_accuracy"} & set(keys)


@pytest.mark.parametrize("size", [(960, 540), (1920, 1080)])
def test_the_end_of_a_dense_line_is_its_bold_mean_s(app, size) -> None:
    """The dot and the value at the end of a dense line were the last raw value, off the
    bold line (11 written well above where the bold line ended, near 2). Both are the bold
    line's: its last point, and its value."""
    import pygame

    from scopa.app import style
    from scopa.app.scenes.chart import line_chart, mean_window, running_mean

    app.resize(size)
    m = style.Metrics(app, app.size)
    area = pygame.Rect(0, 0, app.size[0] // 2, app.size[1] // 2)
    rng = random.Random(5)
    values = [rng.choice([-9, -2, 1, 3]) for _ in range(300)] + [25]  # a last spike
    colour = (30, 80, 160)
    surface = pygame.Surface(app.size)
    surface.fill(style.PAPER_BRIGHT)
    texts: list[style.Drawn] = []
    with style.watch_text(texts.append):
        drawn = line_chart(surface, area, m, [values], (colour,), x_labels=["1"] * len(values))
    assert drawn is not None and drawn.dense
    mean = running_mean(values, mean_window(len(values) - 1))[-1]
    assert round(mean) != values[-1]
    end = texts[-1]
    assert end.words == str(round(mean)) and end.role == "ui_bold"
    (means,) = drawn.means
    x, y = means[-1]
    assert abs(end.used.centery - y) <= drawn.dot, (end.used, y)
    assert end.used.left > x
    assert tuple(surface.get_at((x, y)))[:3] == colour  # the end's dot, on the bold line


def test_the_win_rate_s_dense_line_ends_on_the_rate_its_caption_names(app, store) -> None:
    """A player who had lost the last ten of many matches read "16" at the end of "Win rate
    over the last 10 (%)": a mean of that rate over ten more. The rate is its own bold line
    and ends on the rate over the last ten (0)."""
    from scopa.app import style
    from scopa.stats import MatchResult, Stats, rolling_win_rate

    stats = Stats()
    for k in range(400):
        won = k < 380 and k % 3 == 0  # a win in three, then ten and more lost in a row
        totals = (11, 8) if won else (8, 11)
        stats = stats.add(
            MatchResult("solo", 2, "classic", "expert", won, 3 if won else -3, 1, totals, 3)
        )
    store.save_stats(stats)
    assert round(rolling_win_rate(store.load_stats(), 10)[-1] * 100) == 0
    scene = StatisticsScene(app)
    app.stack.push(scene)
    frame(app)
    scene.trend = "results"
    texts: list[style.Drawn] = []
    with style.watch_text(texts.append):
        scene.draw(app.screen)
    assert scene.trend_dense()
    captions = [i for i, text in enumerate(texts) if text.words == app.t("st_trend_band")]
    assert captions
    rate_end = [t.words for t in texts[captions[0] + 1 :] if t.role == "ui_bold"]
    assert rate_end and rate_end[0] == "0", rate_end


# --- the win rate once older matches were dropped ----------------------------------------------


@pytest.mark.parametrize("language", ["en", "it"])
def test_with_older_matches_dropped_the_win_rate_starts_over_a_whole_window(app, store, language):
    """With more matches than the statistics keep, the win rate over the last 10 began with
    a spike: its first points were a rate over 1, 2, ... of the matches kept. The chart now
    starts at the tenth match kept, where the rate is over ten; the margins start there
    too, and the title counts the matches charted."""
    from scopa.app import style
    from scopa.stats import RECENT, MatchResult, Stats

    stats = Stats()
    outcomes = []
    for k in range(RECENT + 40):
        won = k % 4 == 0  # a win in four: the first match kept is a win
        outcomes.append(won)
        margin = 3 if won else -2
        totals = (11, 11 - margin) if won else (9, 11)
        stats = stats.add(MatchResult("solo", 2, "classic", "expert", won, margin, 1, totals, 3,
                                      undone=k == 40 + 12))  # fmt: skip
    store.save_stats(stats)
    kept = outcomes[-RECENT:]
    assert kept[0] is True  # the rate over that one match alone: 100 %
    scene = show(app, StatisticsScene(app), (960, 540), language)
    rates, margins, undone = scene.results()
    assert len(rates) == len(margins) == RECENT - 9
    assert rates[0] == round(100 * sum(kept[:10]) / 10) == 30
    assert margins[0] == (3 if kept[9] else -2)
    assert undone == {12 - 9}  # the 13th match kept, ringed, is the 4th charted
    drawn: list[style.Drawn] = []
    with style.watch_text(drawn.append):
        app.draw()
    words = [text.words for text in drawn]
    assert app.t("st_recent", n=RECENT - 9) in words
    assert str(RECENT - 9) in words  # the newest step, under the axis


def test_a_new_player_s_win_rate_is_the_rate_so_far(app, store) -> None:
    """Every match decided still kept: the line starts at the first match, with the rate
    over the matches so far (as many as there are)."""
    record_matches(store, 4)
    scene = show(app, StatisticsScene(app), (960, 540), "en")
    rates, margins, _ = scene.results()
    won = [r.won for r in scene.stats.recent]
    assert len(rates) == len(margins) == 4
    assert rates == [round(100 * sum(won[: k + 1]) / (k + 1)) for k in range(4)]


# --- the keys --------------------------------------------------------------------------------


def test_up_and_down_cross_the_choosers_side_by_side(app, store) -> None:
    """Left and Right turn the choosers over the charts: Up from the trend's went round to
    the buttons under the charts, and the grouping's chooser, beside it, was out of reach
    of the arrows. Down goes from the grouping's to the trend's, Up back; from there the
    keys go as the screen lies."""
    import pygame

    from .menu_helpers import press

    record_matches(store, 3)
    scene = show(app, StatisticsScene(app), (960, 540), "en")
    scene.form.set_focus(scene.dimension_choice)
    press(app, pygame.K_DOWN)
    assert scene.form.focus is scene.trend_choice
    press(app, pygame.K_UP)
    assert scene.form.focus is scene.dimension_choice
    press(app, pygame.K_DOWN)
    press(app, pygame.K_DOWN)  # under the trend's chooser: the past matches
    assert scene.form.focus is scene.past_button
    press(app, pygame.K_UP)
    assert scene.form.focus is scene.trend_choice
    press(app, pygame.K_UP)
    assert scene.form.focus is scene.dimension_choice
    press(app, pygame.K_UP)  # over the charts, at the heading's right
    assert scene.form.focus is scene.reset_button
    assert (scene.dimension, scene.trend) == ("level", "results")  # nothing turned


# --- the reset -------------------------------------------------------------------------------


@pytest.mark.parametrize("language", ["en", "it"])
def test_the_reset_asks_first_and_keeps_the_old_files_as_backups(app, store, language) -> None:
    """No way to start the statistics again but deleting files by hand. Reset asks first,
    saying what goes and where the old files stay; No keeps everything; Yes clears the
    counts, the charts and the past matches, keeps the files as backups and says where."""
    from scopa.app.scenes.confirm import ConfirmScene
    from scopa.storage import PastMatch

    from .menu_helpers import click

    setup = MatchSetup((SeatConfig("Anna", True), SeatConfig("CPU", False, "expert")), Rules())
    played = play_out(3)
    store.record_result(setup, played)
    store.keep_past(PastMatch("2026-01-02T03:04:05+00:00", setup, played.record(), played))
    stats_before = store.stats_path.read_bytes()
    past_before = store.past_path.read_bytes()
    scene = show(app, StatisticsScene(app), (960, 540), language)
    click(app, scene.reset_button)
    dialog = app.stack.top
    assert isinstance(dialog, ConfirmScene)
    detail = dialog.detail() if callable(dialog.detail) else dialog.detail
    assert detail == app.t("st_reset_detail", folder=str(store.data_dir))
    click(app, dialog.no_button)
    assert app.stack.top is scene and not scene.empty
    assert store.stats_path.read_bytes() == stats_before

    click(app, scene.reset_button)
    click(app, app.stack.top.yes_button)
    assert app.stack.top is scene and scene.empty
    assert store.load_stats().total().played == 0 and store.load_past() == []
    backups = [store.data_dir / "stats.json.bak", store.data_dir / "past.json.bak"]
    assert [path.read_bytes() for path in backups] == [stats_before, past_before]
    told = [toast.text for toast in app.toasts]
    assert told == [
        app.t(
            "st_reset_done",
            folder=str(store.data_dir),
            files=app.t("list.and", a="stats.json.bak", b="past.json.bak"),
            names=app.t("list.and", a="stats.json", b="past.json"),
        )
    ]
    assert scene.reset_button not in scene.form.widgets  # nothing left to reset
    # the notice under the sheet, not over the words that replaced the statistics (it hid
    # "No matches yet" for as long as it showed)
    from .menu_helpers import toasts_kept_clear

    taken = [scene.heading_box, scene.empty_title_box, scene.empty_body_box]
    toasts_kept_clear(app, scene.toast_band(), taken, 1)


def test_a_reset_keeps_the_match_left_unfinished_and_counts_it_when_it_ends(app, store) -> None:
    """The match left to Continue stays saved through a reset (the dialog says so), and
    is counted in the new statistics when it ends."""
    from .menu_helpers import click

    setup = MatchSetup((SeatConfig("Anna", True), SeatConfig("CPU", False, "expert")), Rules())
    store.record_result(setup, play_out(1))
    finished = play_out(7)
    unfinished = Match.new(Rules(), 7)
    for move in finished.moves()[:5]:
        unfinished, _ = unfinished.apply(move)
    store.save_match(setup, unfinished.record())
    scene = show(app, StatisticsScene(app), (960, 540), "en")
    click(app, scene.reset_button)
    dialog = app.stack.top
    detail = dialog.detail() if callable(dialog.detail) else dialog.detail
    assert detail == app.t("st_reset_detail_saved", folder=str(store.data_dir))
    click(app, dialog.yes_button)
    assert store.load_stats().total().played == 0
    saved = store.load_match()
    assert saved is not None and saved.record == unfinished.record()
    assert store.finish_match(setup, finished)
    assert store.load_stats().total().played == 1
    assert len(store.load_past()) == 1


def test_a_reset_that_cannot_be_made_says_so_and_changes_nothing(app, store) -> None:
    """Another copy of the game holds the folder: nothing is moved, and the player is told
    why, in words."""
    from .menu_helpers import click

    record_matches(store, 2)
    before = store.stats_path.read_bytes()
    scene = show(app, StatisticsScene(app), (960, 540), "en")
    click(app, scene.reset_button)
    store.locked_out = True
    click(app, app.stack.top.yes_button)
    assert store.stats_path.read_bytes() == before and not scene.empty
    reason = app.t("files.reason_other_copy")
    assert [toast.text for toast in app.toasts] == [app.t("st_reset_failed", reason=reason)]


@pytest.mark.parametrize("language", ["it", "en"])
@pytest.mark.parametrize("size", [(960, 540), (1920, 1080)])
def test_the_tiles_labels_share_one_size(app, store, language, size) -> None:  # noqa: ANN001
    """Each tile's label was set as large as its own tile allowed: "Peggior distacco (senza
    Annulla)" came out smaller than its neighbours, which read as a slip. Every label is set
    at the size the longest needs."""
    from scopa.app import style

    setup = MatchSetup((SeatConfig("Anna", True), SeatConfig("CPU", False, "expert")), Rules())
    store.record_result(setup, play_out(3))
    scene = show(app, StatisticsScene(app), size, language)
    labels = {label.split("\n")[0] for label, _ in scene.tiles()}
    run_on = {label.replace("\n", " ") for label, _ in scene.tiles()}  # (a second line too
    seen: list[style.Drawn] = []  # long for its tile runs on as one sentence)
    with style.watch_text(seen.append):
        app.draw()
    area = scene.tiles_area
    tiled = [
        t
        for t in seen
        if (t.words.split("\n")[0] in labels or t.words in run_on) and area.contains(t.box)
    ]
    assert len(tiled) == len(labels)
    assert len({text.px for text in tiled}) == 1, [(t.words, t.px) for t in tiled]
    # nine tiles in a small window: "Peggior distacco (sen..." was cut short in equal tiles
    assert not any(text.elided or text.cut for text in tiled), [t.words for t in tiled]


@pytest.mark.parametrize("language", ["en", "it"])
def test_won_and_lost_bars_are_told_apart_without_colour_and_keyed_on_the_keys(
    app, store, language
) -> None:
    """The won and lost bars were green and red alone (the same olive to a colour-blind
    player), and their key, under the charts, gave way to the keys' hints after any key:
    the lost bars are striped, and their key stands over them, whatever that line says."""
    setup = MatchSetup((SeatConfig("Anna", True), SeatConfig("CPU", False, "expert")), Rules())
    for seed in range(4):
        store.record_result(setup, play_out(seed))
    scene = show(app, StatisticsScene(app), (960, 540), language)
    press(app, pygame.K_TAB)  # on the keys: the hint under the charts
    drawn: list[style.Drawn] = []
    with style.watch_text(drawn.append):
        frame(app)
    words = [text.words for text in drawn]
    assert app.t("st_won") in words and app.t("st_lost") in words
    bars = scene.draw_groups(app.screen, scene.groups_plot())
    groups = scene.groups()
    lost = [bar for k, bar in enumerate(bars.bars) if k % len(groups[0][1]) == 1 and bar.h > 10]
    won = [bar for k, bar in enumerate(bars.bars) if k % len(groups[0][1]) == 0 and bar.h > 10]
    assert lost and won

    def tones(bar: pygame.Rect) -> int:
        inside = bar.inflate(-2, -2)
        return len({
            tuple(app.screen.get_at((x, y)))[:3]
            for x in range(inside.left, inside.right)
            for y in range(inside.top, inside.bottom)
        })  # fmt: skip

    assert all(tones(bar) > 1 for bar in lost)  # striped
    assert all(tones(bar) == 1 for bar in won)  # plain


@pytest.mark.parametrize("size", [(960, 540), (1920, 1080)])
@pytest.mark.parametrize("language", ["en", "it"])
@pytest.mark.parametrize("played", [False, True])
def test_a_damaged_file_s_notice_leaves_the_heading_readable(app, store, size, language, played):
    """The notice of statistics set aside as damaged lay over the heading of Statistics
    (and its reset button) for as long as it showed, then over the figures it spoke of."""
    from .menu_helpers import toasts_kept_clear

    store.stats_path.parent.mkdir(parents=True, exist_ok=True)
    if played:  # a file cut short: the matches before the cut kept, the sheet not empty
        solo = MatchSetup((SeatConfig("Anna", True), SeatConfig("CPU", False, "expert")), Rules())
        for seed in (3, 4):
            store.record_result(solo, play_out(seed))
        whole = store.stats_path.read_bytes()
        store.stats_path.write_bytes(whole[: len(whole) - 40])
    else:
        store.stats_path.write_bytes(bytes(range(256)) * 4)
    scene = show(app, StatisticsScene(app), size, language)
    assert scene.empty is not played and len(app.toasts) == 1
    box = scene.heading_box
    width = style.fit(app.t("statistics"), scene.heading_pen(), box.w, box.h).width
    heading = pygame.Rect(0, box.top, width, box.h)
    heading.centerx = box.centerx
    taken = [heading] if scene.empty else [heading, scene.reset_button.rect, scene.tiles_area]
    toasts_kept_clear(app, scene.toast_band(), taken, 1)


def test_a_tile_tells_the_wins_in_a_row_and_the_most(app, store) -> None:
    """The statistics told wins, losses and rates, not the run of wins a player keeps
    going: a tile tells the wins in a row the last matches end on, the most in a row
    under it."""
    app.set_language("en")
    alone = MatchSetup((SeatConfig("Anna", True), SeatConfig("CPU", False, "expert")), Rules())
    results = []
    for seed in range(8):
        match = play_out(seed)
        results.append(match.winner == 0)
        store.record_result(alone, match)
    current = len(results) - 1 - max((i for i, won in enumerate(results) if not won), default=-1)
    best = run = 0
    for won in results:
        run = run + 1 if won else 0
        best = max(best, run)
    scene = StatisticsScene(app)
    app.stack.push(scene)
    frame(app)
    assert dict(scene.tiles())[app.t("st_streak", n=best)] == str(current)


@pytest.mark.parametrize("language", ["en", "it"])
def test_margins_of_matches_all_won_or_all_lost_are_named_for_what_they_are(
    app, store, language
) -> None:
    """Two matches won read "Worst margin +5": no match was lost, and the figure is the
    closest win. The tile says so, and the best of matches all lost is the closest loss."""
    setup = MatchSetup((SeatConfig("Anna", True), SeatConfig("CPU", False, "expert")), Rules())
    matches = [play_out(seed) for seed in range(12)]
    for winner, named, unnamed, kept in (
        (0, "st_worst_won", "st_worst", "st_best"),  # all won: the worst is the closest win
        (1, "st_best_lost", "st_best", "st_worst"),  # all lost: the best is the closest loss
    ):
        store.reset_stats()
        for match in [match for match in matches if match.winner == winner][:2]:
            store.record_result(setup, match)
        scene = show(app, StatisticsScene(app), (960, 540), language)
        labels = [label for label, _ in scene.tiles()]
        assert app.t(named) in labels and app.t(unnamed) not in labels and app.t(kept) in labels
        app.stack.pop()
