"""The score sheet shows each side's real numbers, the totals and the chart data; Next round
goes back to the table; a finished match offers the rematch."""

from __future__ import annotations

import itertools
import math
import random

import pygame
import pytest

from scopa.app import style
from scopa.app.matches import MatchCoordinator
from scopa.app.scenes.scoring import CLICK_GRACE, RESULT_CLICK_GRACE, ScoringScene
from scopa.app.widgets import resolve
from scopa.app.wording import suit_name, target_line
from scopa.engine import DECK, Card, Match, Rules, parse_cards, score_round
from scopa.settings import MatchSetup, SeatConfig

from .menu_helpers import click, close_tables, frame, press, recorded, toasts_kept_clear
from .text_tour import first_round, play_out

# Side 0 holds the settebello, three sevens and 22 cards; side 1 the rest.
PILE_0 = list(parse_cards("7D 7C 7S 1D 2D 3D 4D 5D 6D 10D")) + [
    Card(rank, suit) for rank in range(1, 7) for suit in "CS"
]


def known_match(rules: Rules, scope: tuple[int, int], totals: tuple[int, ...], over=False):
    """A match whose one scored round gave side 0 ``PILE_0`` and side 1 the other cards."""
    cards = list(PILE_0)
    rest = [card for card in DECK if card not in cards]
    scores = score_round([cards, rest], scope, rules)
    start = Match.new(rules, 7)
    winner = 0 if over else None
    match = Match._make(rules, 7, 0, (), start.round, totals, (scores,), winner, False, None)
    return match, scores


SETUP = MatchSetup((SeatConfig("Giulia", True), SeatConfig("Marco", False)), Rules())


def test_the_sheet_shows_the_numbers_of_a_known_round(app) -> None:
    match, scores = known_match(Rules(), (2, 1), (9, 2))
    scene = ScoringScene(app, MatchCoordinator(SETUP, match))
    app.stack.push(scene)
    frame(app)
    sheet = {row.key: row for row in scene.sheet()}
    assert list(sheet) == ["carte", "denari", "settebello", "primiera", "scope", "round", "total"]
    assert sheet["carte"].cells == ("22", "18")
    assert sheet["carte"].points == (1, 0)
    assert sheet["denari"].cells == ("8", "2")
    assert sheet["settebello"].cells == ("\u2713", "\u2014")
    # Side 0 has no bastoni, so no primiera; side 1: 7B (21) + three face cards (10) = 51.
    assert sheet["primiera"].cells == ("\u2014", "51")
    assert sheet["primiera"].points == (0, 1)
    assert sheet["scope"].cells == ("2", "1")
    assert sheet["round"].cells == (str(scores[0].total), str(scores[1].total))
    assert sheet["total"].cells == ("9", "2")
    assert scene.names == ["Giulia", "Marco"]
    assert scene.progress() == [[0, scores[0].total], [0, scores[1].total]]


def test_variants_and_team_names_on_the_sheet(app) -> None:
    rules = Rules(players=4, seven_count=True, re_bello=True, napola=True)
    setup = MatchSetup(
        tuple(SeatConfig(n, i == 0) for i, n in enumerate(("Giulia", "Luca", "Marco", "Sara"))),
        rules,
    )
    match, scores = known_match(rules, (0, 0), (6, 0))
    scene = ScoringScene(app, MatchCoordinator(setup, match))
    sheet = {row.key: row for row in scene.sheet()}
    assert scene.names == ["Giulia & Marco", "Luca & Sara"]
    assert sheet["sette"].cells[0] == app.t("sevens_sixes", sevens=3, sixes=3)
    # the sixes, the tie-break, are named in words: "3 (6: 3)" read as a riddle
    assert sheet["sette"].cells[0] == "3 (sixes: 3)"
    app.set_language("it")
    italian = {row.key: row for row in ScoringScene(app, MatchCoordinator(setup, match)).sheet()}
    assert italian["sette"].cells[0] == "3 (sei: 3)"
    assert sheet["re_bello"].cells == ("\u2713", "\u2014")
    assert sheet["napola"].cells[0] == "7"  # ace to 7 of coins
    assert sheet["napola"].points[0] == 7
    app.stack.push(scene)
    frame(app)


def test_next_round_returns_to_the_table(app) -> None:
    from scopa.app.scenes.title import TitleScene

    title = TitleScene(app)
    app.stack.push(title)
    match, _ = known_match(Rules(), (0, 0), (3, 2))
    scene = ScoringScene(app, MatchCoordinator(SETUP, match))
    app.stack.push(scene)
    frame(app)
    assert scene.headline() == app.t("round_over", n=1)
    click(app, scene.buttons[-1])
    assert app.stack.top is title


def test_a_sheet_a_match_is_continued_on_takes_keys_almost_at_once(app) -> None:
    """Continue brought back the sheet of the round just scored; the first keys the
    player pressed there (Enter for the next round, H) did nothing for seconds, held off
    as if they had played the round's last cards."""
    from scopa.app.scenes.title import TitleScene

    title = TitleScene(app)
    app.stack.push(title)
    match, _ = known_match(Rules(), (0, 0), (3, 2))
    scene = ScoringScene(app, MatchCoordinator(SETUP, match), resumed=True)
    app.stack.push(scene)
    for _ in range(30):  # half a second
        frame(app)
    press(app, pygame.K_RETURN)
    assert app.stack.top is title  # on to the next round
    assert not scene.field_note()


def test_a_won_match_offers_rematch_and_title(app) -> None:
    from scopa.app.table.scene import TableScene

    match, _ = known_match(Rules(), (0, 0), (12, 4), over=True)
    assert match.over
    scene = ScoringScene(app, MatchCoordinator(SETUP, match))
    app.stack.push(scene)
    frame(app)
    assert scene.headline() == app.t("match_won.you")  # Giulia plays alone: "You win!"
    # the heading no longer names the round: the line under it does, for the rows below
    assert app.t("round_over", n=len(match.rounds)) in scene.result_line()
    replay = next(b for b in scene.buttons if b.text() == app.t("replay_deal"))
    # no match is left in progress to leave
    assert resolve(replay.hint) == app.t("replay_deal_hint_over")
    press(app, pygame.K_ESCAPE)  # the menu, over the result
    pause = app.stack.top
    assert type(pause).__name__ == "PauseScene"
    # Resume goes back to the sheet: its hint said "Back to the table"
    assert resolve(pause.buttons[0].hint) == app.t("resume_hint_scores")
    press(app, pygame.K_ESCAPE)
    assert app.stack.top is scene  # the result stays until a choice is made
    rematch = next(b for b in scene.buttons if b.text() == app.t("rematch"))
    app.frame(RESULT_CLICK_GRACE, [])  # past the moment the last sheet ignores clicks
    click(app, rematch)
    try:
        assert isinstance(app.stack.top, TableScene)
        assert app.stack.top.setup == SETUP
        # the match just over said over the rematch's table: a player who pressed on from
        # habit found a match at 0 - 0 without having seen who won
        said = app.t("rematch_after.you", score="12 \u2013 4")
        assert said in [toast.text for toast in app.toasts.shown()]
    finally:
        close_tables(app)


def test_the_rematch_s_word_of_the_last_match_goes_with_its_table(app) -> None:
    """ "Rematch! You won the last one" stays over the rematch's table, and goes with it: a
    player who left the table at once found it over the title."""
    match, _ = known_match(Rules(), (0, 0), (12, 4), over=True)
    scene = ScoringScene(app, MatchCoordinator(SETUP, match))
    app.stack.push(scene)
    frame(app)
    app.frame(RESULT_CLICK_GRACE, [])
    click(app, next(b for b in scene.buttons if b.text() == app.t("rematch")))
    said = app.t("rematch_after.you", score="12 \u2013 4")
    try:
        for _ in range(5):
            frame(app)
        assert said in [toast.text for toast in app.toasts.shown()]
        app.matches.leave()
        app.home()
        frame(app)
        assert type(app.stack.top).__name__ == "TitleScene"
        assert said not in [toast.text for toast in app.toasts]
    finally:
        close_tables(app)


def test_replaying_a_round_of_a_match_watched_does_not_say_a_match_is_deleted(app) -> None:
    """Watching, Replay this round asked as if the player's own match were at stake: "The
    match in progress is deleted... cannot be resumed", "Keep playing" (a match of theirs
    left to Continue stays untouched)."""
    watching = MatchSetup((SeatConfig("Giulia", False), SeatConfig("Marco", False)), Rules())
    assert watching.mode == "watch"
    for setup, detail, no in (
        (SETUP, "replay_detail", "keep_playing"),
        (watching, "replay_detail_watch", "keep_watching"),
    ):
        scene = ScoringScene(app, MatchCoordinator(setup, first_round(Rules(), 4)))
        app.stack.push(scene)
        frame(app)
        scene.replay_deal()
        asked = app.stack.top
        assert resolve(asked.detail) == app.t(detail)
        assert asked.no_button.text() == app.t(no)
        app.back()
        app.back()


@pytest.mark.parametrize("language", ["en", "it"])
def test_a_match_won_in_a_copy_kept_out_of_the_folder_says_it_is_not_counted(app, language) -> None:
    """A match won in a second copy of the game, while the first keeps the folder, was
    missing from the statistics, and neither the final sheet nor the statistics said why."""
    from scopa.app import style

    app.set_language(language)
    match, _ = known_match(Rules(), (0, 0), (12, 4), over=True)
    scene = ScoringScene(app, MatchCoordinator(SETUP, match))
    app.stack.push(scene)
    frame(app)

    def footer() -> list[str]:
        drawn: list[style.Drawn] = []
        with style.watch_text(drawn.append):
            scene.draw(app.screen)
        return [d.words for d in drawn if scene.footer.contains(d.used)]  # noqa: B023

    assert app.t("sheet_not_counted") not in footer()
    app.store.locked_out = True
    try:
        assert app.t("sheet_not_counted") in footer()
    finally:
        app.store.locked_out = False
    app.home()


@pytest.mark.parametrize("size", [(960, 540), (3840, 2160)])
def test_the_sheet_draws_at_any_size(app, size) -> None:
    app.resize(size)
    match, _ = known_match(Rules(), (1, 0), (4, 8))
    scene = ScoringScene(app, MatchCoordinator(SETUP, match))
    app.stack.push(scene)
    frame(app)
    window = pygame.Rect((0, 0), app.size)
    assert window.contains(scene.panel)
    for part in (scene.sheet_area, scene.chart_area, *(b.rect for b in scene.buttons)):
        assert scene.panel.contains(part), part
    assert not scene.sheet_area.colliderect(scene.chart_area)
    for button in scene.buttons:
        assert not button.rect.colliderect(scene.sheet_area)


@pytest.mark.parametrize("size", [(960, 540), (1920, 1080)])
def test_the_focus_ring_round_a_button_keeps_inside_the_sheet(app, size) -> None:
    """The ring round "Prossima smazzata", at the row's end, touched the sheet's frame."""
    from scopa.app import style

    app.resize(size)
    app.set_language("it")
    match, _ = known_match(Rules(), (1, 0), (4, 8))
    scene = ScoringScene(app, MatchCoordinator(SETUP, match))
    app.stack.push(scene)
    frame(app)
    reach = style.focus_reach(scene.m)
    for button in scene.buttons:
        assert scene.inner.contains(button.rect.inflate(2 * reach, 2 * reach)), button.text()


def first_sheet(app, setup: MatchSetup):  # noqa: ANN001, ANN201
    """The sheet of a match of ``setup`` after its first round (each play the first legal
    one), opened and drawn: the scene and the texts drawn on it."""
    from scopa.app import style

    match = Match.new(setup.rules, 3)
    while not match.rounds:
        match, _ = match.apply(match.legal_moves()[0])
    scene = ScoringScene(app, MatchCoordinator(setup, match))
    app.stack.push(scene)
    drawn: list[style.Drawn] = []
    with style.watch_text(drawn.append):
        frame(app)
    return scene, drawn


def six_sheet_headings(  # noqa: ANN001
    app, language: str, sides: int, names: tuple[str, ...], humans: tuple[int, ...] = (0,)
) -> list:
    """The sides' headings drawn on the first round's sheet of six ``names`` in ``sides``
    sides (people at the seats ``humans``), at 960x540 in ``language``."""
    from scopa.app.wording import NO_BREAK

    app.settings = app.settings.with_(language=language)
    app.resize((960, 540))
    rules = Rules(players=6, six_sides=sides)
    setup = MatchSetup(tuple(SeatConfig(n, i in humans) for i, n in enumerate(names)), rules)
    scene, drawn = first_sheet(app, setup)
    plain = {name.replace(NO_BREAK, " ") for name in scene.names}
    return [text for text in drawn if text.words.replace(NO_BREAK, " ") in plain]


@pytest.mark.parametrize("language", ["it", "en"])
@pytest.mark.parametrize("sides", [2, 3])
def test_six_players_long_side_names_are_written_whole_and_apart(app, language, sides) -> None:
    """Two teams of three long names took one line each, cut short and nearly touching."""

    names = ("Alessandra", "Giulia", "Massimiliano", "Bruno", "Francesca", "Carlo")
    heads = six_sheet_headings(app, language, sides, names)
    assert len(heads) == sides
    for text in heads:
        assert not text.elided and not text.cut, text.lines
        assert text.px >= text.asked, text  # at the size asked, not shrunk to fit
    blocks = sorted((text.used for text in heads), key=lambda used: used.left)
    for left, right in zip(blocks, blocks[1:]):
        assert right.left - left.right >= 8, (left, right)


@pytest.mark.parametrize("sides", [3, 6])
def test_every_side_s_name_on_the_sheet_reads_against_the_paper(app, sides) -> None:
    """Three pairs: the third pair's name was written in its ochre, 2.5 to 1 against the
    sheet (the green and the teal of six sides about 4): each is written dark enough to be
    read as small type (4.5 to 1), in its own hue."""

    from .menu_helpers import ink_on_paper

    names = ("Anna", "Bruno", "Carla", "Dario", "Elena", "Fabio")
    heads = six_sheet_headings(app, "en", sides, names)
    assert len(heads) == sides
    for text in heads:
        ink, paper, ratio = ink_on_paper(text.used)
        assert ratio >= 4.5, (text.words, ink, paper)


@pytest.mark.parametrize("sides", [2, 6])
def test_a_point_s_badge_sits_by_its_own_side_s_figure(app, sides) -> None:
    """Six sides at 960x540: a "+1" sat midway between its side's figure and the next
    side's ("68 +1 56"), read as either's. Each badge now follows its own figure closely,
    far from the next."""
    app.resize((960, 540))
    rules = Rules(players=6, six_sides=6) if sides == 6 else Rules()
    seats = tuple(SeatConfig(f"P{n}", n == 0) for n in range(rules.players))
    scene, drawn = first_sheet(app, MatchSetup(seats, rules))
    rows = [row for row in scene.sheet() if any(row.points)]
    assert rows
    badges = [text.used for text in drawn if text.words.startswith("+")]
    assert len(badges) == sum(1 for row in rows for p in row.points if p)
    cells = {cell for row in scene.sheet() for cell in row.cells}
    figures = [text.used for text in drawn if text.words in cells]
    for badge in badges:
        line = [f for f in figures if f.top < badge.centery < f.bottom]
        before = max((f for f in line if f.right <= badge.left), key=lambda f: f.right)
        after = [f for f in line if f.left >= badge.right]
        own = badge.left - before.right
        assert own <= scene.m.px(0.025), (badge, before)
        if after:
            assert min(f.left for f in after) - badge.right >= 2 * own + 6, (badge, after)


@pytest.mark.parametrize("language", ["it", "en"])
def test_a_side_s_heading_breaks_between_names_never_inside_one(app, language) -> None:
    """Three pairs read "Player" over "1 & Player 4", and a long name was cut in the middle:
    "Bartholomew-Alex" over "andrina & Paolo". Lines now break between the partners'
    names, and inside a name only after its hyphen."""
    from scopa.app.wording import NO_BREAK

    player = "Giocatore" if language == "it" else "Player"
    pair = (f"{player} 1", f"{player} 4")  # two people at the screen: the game's names
    names = (pair[0], "Bartholomew-Alexandrina", "Marco", pair[1], "Paolo", "Chiara")
    heads = six_sheet_headings(app, language, 3, names, humans=(0, 3))
    assert len(heads) == 3
    for text in heads:
        assert not text.cut, text.lines
        lines = [line.replace(NO_BREAK, " ") for line in text.lines]
        for name in pair:  # a name begun on a line ends on it
            if any(name.split()[0] in line.split() for line in lines):
                assert any(name in line for line in lines), lines
        long = [line for line in lines if "Bartholomew" in line or "Alexandrina" in line]
        assert not long or " ".join(lines).count("Bartholomew-") == 1, lines


@pytest.mark.parametrize("language", ["it", "en"])
def test_a_name_too_long_for_its_column_breaks_between_its_words(app, language) -> None:
    """Three pairs at 960x540: "Caterina de' Medic" over "i di T" and "Wolfgang Amadeu"
    over "s Mozart". A name too long for a line of its column now breaks between its
    words."""
    from scopa.app.wording import NO_BREAK

    names = (
        "Anna Maria",
        "Bob",
        "Marco",
        "Caterina de' Medici di T",
        "Wolfgang Amadeus Mozart",
        "Sara",
    )
    heads = six_sheet_headings(app, language, 3, names)
    assert len(heads) == 3
    words = {word for name in names for word in name.split()} | {"&", "e"}
    for text in heads:
        assert not text.cut and not text.elided, text.lines
        for line in text.lines:
            assert set(line.replace(NO_BREAK, " ").split()) <= words, text.lines


@pytest.mark.parametrize("size", [(960, 540), (1280, 800), (1920, 1080)])
@pytest.mark.parametrize("sides", [4, 6])
def test_the_headings_of_many_sides_alone_are_set_alike_and_never_break_a_word(
    app, size, sides
) -> None:
    """Six (or four) players each alone with long names: "Massimili" over "ano Conti",
    and each heading at its own size. The headings now share one size, and a word too
    long for a line is shortened with an ellipsis, never broken over two lines."""
    from scopa.app import style
    from scopa.app.wording import NO_BREAK

    app.resize(size)
    names = ("Maximiliana Wolkenstein", "Paolo Massimiliano Conti", "Chiara Benedetta Orsini",
             "Guglielmo Montemaggiore", "Annamaria Bonetti", "Pierangela Sforza")  # fmt: skip
    players = 6 if sides == 6 else 4
    rules = Rules(players=6, six_sides=6) if sides == 6 else Rules(players=4, teams=False)
    setup = MatchSetup(tuple(SeatConfig(n, i == 0) for i, n in enumerate(names[:players])), rules)
    scene, drawn = first_sheet(app, setup)
    first_row = scene.row_boxes["denari"].top - scene.row_boxes["denari"].h
    heads = [
        text
        for text in drawn
        if text.role == "ui_bold"
        and scene.sheet_area.top <= text.box[1] < first_row
        and text.box[0] < scene.sheet_area.right  # not the chart's title
    ]
    assert len(heads) == players
    assert len({text.px for text in heads}) == 1, {(t.words, t.px) for t in heads}
    words = {word for name in names for word in name.split()}
    for text in heads:
        for line in text.lines:
            for word in line.replace(NO_BREAK, " ").split():
                whole = word in words
                shortened = word.endswith(style.ELLIPSIS) and any(
                    w.startswith(word[:-1]) for w in words
                )
                assert whole or shortened, (word, text.lines)


def test_an_incomplete_primiera_shows_its_value_and_suits(app) -> None:
    match, _ = known_match(Rules(incomplete_primiera=True), (0, 0), (1, 1))
    sheet = {
        row.key: row
        for row in ScoringScene(
            app, MatchCoordinator(MatchSetup(SETUP.seats, match.rules), match)
        ).sheet()
    }
    assert sheet["primiera"].cells == (app.t("primiera_suits", value=63, suits=3), "51")
    assert sheet["primiera"].points == (0, 1)  # four suits beat three


def painted(surface, area, colour, tolerance):  # noqa: ANN001
    """The points of ``area`` painted within ``tolerance`` of ``colour``."""
    mask = pygame.mask.from_threshold(surface.subsurface(area), colour, (*tolerance, 255))
    return [
        (area.left + x, area.top + y)
        for x in range(area.w)
        for y in range(area.h)
        if mask.get_at((x, y))
    ]


@pytest.mark.parametrize("size", [(960, 540), (1280, 720), (1920, 1080)])
@pytest.mark.parametrize("language", ["en", "it"])
def test_the_first_dot_of_the_chart_keeps_clear_of_both_zeros(app, size, language) -> None:
    """Every line starts at 0 after round 0, where the "0" of each axis is written: the
    dot there keeps a clear gap from both, on the screen as drawn."""
    from scopa.app import style

    app.resize(size)
    app.set_language(language)
    match, _ = known_match(Rules(), (1, 0), (4, 8))
    scene = ScoringScene(app, MatchCoordinator(SETUP, match))
    app.stack.push(scene)
    for _ in range(30):  # past the fade-in
        frame(app)
    gap = scene.m.px(0.006)
    area = scene.chart_area
    blue = painted(app.screen, area, style.SIDE_COLORS[1], (2, 2, 2))
    left = min(x for x, _ in blue)
    dot = [(x, y) for x, y in blue if x <= left + scene.m.px(0.02)]
    top, bottom = min(y for _, y in dot), max(y for _, y in dot)
    right = max(x for x, _ in dot)
    ink = painted(app.screen, area, style.INK_SOFT, (60, 60, 60))
    beside = [x for x, y in ink if x < left and top - gap <= y <= bottom + gap]
    below = [y for x, y in ink if left <= x <= right and y > bottom]
    assert beside and below, "both zeros are written by the dot"
    assert left - max(beside) > gap, "the 0 of the points touches the dot"
    assert min(below) - bottom > gap, "the 0 of the rounds touches the dot"

    drawn = scene._draw_chart(pygame.Surface(app.size))
    assert drawn is not None
    first = drawn.dots()[0]
    assert drawn.points[0][0] == (drawn.plot.left, drawn.plot.bottom)
    for label in drawn.labels:
        assert not label.inflate(2 * gap, 2 * gap).colliderect(first), label


CHART_TITLES = {"en": "Points after each round", "it": "Punti dopo ogni smazzata"}


@pytest.mark.parametrize("language", ["en", "it"])
def test_the_chart_is_titled_for_the_running_totals_it_draws(app, language) -> None:
    """The chart draws each side's total after each round (3, then 5...) under the title
    "Points round by round", which reads as each round's own points."""
    from scopa.app import style

    app.set_language(language)
    _, scores = known_match(Rules(), (1, 0), (0, 0))
    totals = tuple(2 * score.total for score in scores)
    start = Match.new(Rules(), 7)
    match = Match._make(Rules(), 7, 0, (), start.round, totals, (scores, scores), None, False, None)
    scene = ScoringScene(app, MatchCoordinator(SETUP, match))
    app.stack.push(scene)
    frame(app)
    assert scene.progress() == [[0, s.total, 2 * s.total] for s in scores]  # running totals
    drawn: list[style.Drawn] = []
    with style.watch_text(drawn.append):
        scene._draw_chart(pygame.Surface(app.size))
    assert CHART_TITLES[language] in [text.words for text in drawn]


def test_a_key_pressed_as_the_result_appears_does_not_start_the_rematch(app) -> None:
    """The Return that played the match's last card, pressed again at once, lands on the
    result: it must not take the rematch before the result was read. Once the sheet has
    been up a moment, Return takes its default button as before."""
    from scopa.app.scenes.scoring import RESULT_GRACE, RESULT_KEY_GRACE
    from scopa.app.table.scene import TableScene

    match, _ = known_match(Rules(), (0, 0), (12, 4), over=True)
    scene = ScoringScene(app, MatchCoordinator(SETUP, match))
    app.stack.push(scene)
    frame(app)
    for key in (pygame.K_RETURN, pygame.K_SPACE, pygame.K_KP_ENTER, pygame.K_RETURN):
        press(app, key)
        assert app.stack.top is scene
    # Keys pressed on and on, every two seconds as two testers did to play on (or a
    # little before the last one's grace is over), while the player keeps playing by
    # keys: the result stays.
    keys = (pygame.K_RIGHT, pygame.K_RETURN)
    pressed = scene.age
    while scene.age < RESULT_GRACE + 5 * RESULT_KEY_GRACE:
        frame(app)
        if scene.age - pressed > min(2.0, RESULT_KEY_GRACE * 0.8):
            press(app, keys[round(scene.age * 10) % 2])
            pressed = scene.age
            assert app.stack.top is scene
    while scene.age < pressed + RESULT_KEY_GRACE:
        frame(app)
    press(app, pygame.K_RETURN)
    try:
        assert isinstance(app.stack.top, TableScene)  # the rematch, its default
    finally:
        close_tables(app)


def test_the_sheet_names_the_player_in_the_language_chosen_over_it(app) -> None:
    """The sheet's column for the player at this screen follows a language changed in the
    settings opened over it ("Tu", then "You")."""
    setup = MatchSetup((SeatConfig("You", True), SeatConfig("Marco", False)), Rules())
    app.set_language("it")
    match, _ = known_match(Rules(), (0, 0), (3, 2))
    scene = ScoringScene(app, MatchCoordinator(setup, match))
    app.stack.push(scene)
    frame(app)
    assert scene.names == [app.t("you"), "Marco"] == ["Tu", "Marco"]
    scene.choose_language("en")
    assert scene.names == ["You", "Marco"]


def cirulla_pair(
    scope: tuple[int, int], bonus: tuple[int, int], totals: tuple[int, int]
) -> tuple[MatchSetup, Match]:
    """Giulia against Marco at Cirulla after a round of ``scope`` scopas, ``bonus`` of them
    from bonuses, at ``totals``."""
    rules = Rules.preset("cirulla")
    cards = list(PILE_0)
    rest = [card for card in DECK if card not in cards]
    scores = score_round([cards, rest], scope, rules, bonus=bonus)
    start = Match.new(rules, 7)
    match = Match._make(rules, 7, 0, (), start.round, totals, (scores,), None, False, None)
    return MatchSetup((SeatConfig("Giulia", True), SeatConfig("Marco", False)), rules), match


def test_cirulla_s_bonuses_are_told_apart_in_the_scopas(app) -> None:
    """A knock's points count as scopas: "7" scopas after one sweep read wrong without a
    word that three were a bonus."""
    setup, match = cirulla_pair((4, 1), (3, 0), (8, 2))
    sheet = {row.key: row for row in ScoringScene(app, MatchCoordinator(setup, match)).sheet()}
    assert sheet["scope"].cells == ("4 (3 bonus)", "1")
    assert sheet["scope"].points == (4, 1)
    app.set_language("it")
    sheet = {row.key: row for row in ScoringScene(app, MatchCoordinator(setup, match)).sheet()}
    assert sheet["scope"].cells == ("4 (premio 3)", "1")  # not "3 premio": ungrammatical


@pytest.mark.parametrize("language", ["it", "en"])
def test_four_sides_bonuses_are_counted_in_brackets_the_label_names(app, language) -> None:
    """Four Cirulla players alone at 960x540: "4 (3 bo…" was cut, or every figure of the
    sheet was set smaller to let it fit. With more than three sides the cell reads "4 (3)"
    and the row's label says the brackets are the bonus; every figure keeps its size."""
    from scopa.app import style

    app.set_language(language)
    app.resize((960, 540))
    rules = Rules.preset("cirulla").with_(players=4, teams=False)
    cards = [[card for card in DECK if card.index % 4 == side] for side in range(4)]
    scores = score_round(cards, (4, 1, 0, 2), rules, bonus=(3, 0, 0, 1))
    start = Match.new(rules, 7)
    match = Match._make(rules, 7, 0, (), start.round, (8, 2, 0, 3), (scores,), None, False,
                        None)  # fmt: skip
    names = ("Giulia", "Marco", "Lucia", "Paolo")
    setup = MatchSetup(tuple(SeatConfig(n, i == 0) for i, n in enumerate(names)), rules)
    scene = ScoringScene(app, MatchCoordinator(setup, match))
    sheet = {row.key: row for row in scene.sheet()}
    assert sheet["scope"].cells == ("4 (3)", "1", "0", "2 (1)")
    assert sheet["scope"].label == app.t("scope_bonus_label", label=app.t("cat_scope"))
    app.stack.push(scene)
    drawn: list[style.Drawn] = []
    with style.watch_text(drawn.append):
        frame(app)
    cells = [text for text in drawn if text.words in ("4 (3)", "2 (1)", "1")]
    assert cells and not any(text.elided or text.cut for text in cells)
    assert all(text.px == text.asked for text in cells), {(t.words, t.px, t.asked) for t in cells}


@pytest.mark.parametrize("language", ["it", "en"])
def test_two_sides_bonuses_keep_every_figure_of_the_sheet_its_size(app, language) -> None:
    """Cirulla in Italian at 960x540: "15 (di cui 10 di premio)" took two lines, and every
    figure of the sheet was set smaller to match it."""
    from scopa.app import style

    app.set_language(language)
    app.resize((960, 540))
    setup, match = cirulla_pair((15, 3), (10, 3), (17, 5))
    scene = ScoringScene(app, MatchCoordinator(setup, match))
    app.stack.push(scene)
    drawn: list[style.Drawn] = []
    with style.watch_text(drawn.append):
        frame(app)
    row = {row.key: row for row in scene.sheet()}["scope"]
    told = {row.cells[0], *(row.compact[1][:1] if row.compact else ())}
    cells = [text for text in drawn if text.words in told]
    label = next(text for text in drawn if text.words == app.t("cat_carte"))
    assert cells and not any(text.elided or text.cut for text in cells)
    assert all(len(text.lines) == 1 and text.px == label.px for text in cells), [
        (text.lines, text.px, label.px) for text in cells
    ]
    if cells[0].words != row.cells[0]:  # said shorter: the label says what the brackets are
        assert any(text.words == row.compact[0] for text in drawn)


def test_a_match_left_on_a_score_sheet_continues_on_that_sheet(app, store) -> None:
    """Saved and left (or killed) on round 1's score sheet, Continue went straight to round
    2: the sheet, its review and its replay were never seen again."""

    from scopa.app.table import TableScene

    setup = MatchSetup((SeatConfig("Anna", True), SeatConfig("Bruno", False, "beginner")), Rules())
    sheet, _, _ = continued_on_the_first_sheet(app, store, setup)
    assert sheet.headline() == app.t("round_over", n=1)
    sheet.next_round()
    for _ in range(5):
        app.frame(1 / 30, [])
    table = app.stack.top
    assert isinstance(table, TableScene) and table.match.round.round_no == 2
    for _ in range(300):  # round 2 is dealt and played on, without the sheet again
        app.frame(1 / 30, [])
        if table.human_to_play is not None:
            break
    assert app.stack.top is table and table.human_to_play == 0


@pytest.mark.parametrize("hot_seat", [False, True])
def test_a_match_left_after_its_next_round_began_continues_at_the_table(
    app, store, hot_seat
) -> None:
    """Next round pressed, then the match saved and left before round 2's first card:
    Continue showed round 1's sheet again, as if it had never been read (at one screen,
    everyone pressed through it once more)."""
    from scopa.app.table import TableScene

    second = SeatConfig("Bruno", True) if hot_seat else SeatConfig("Bruno", False, "beginner")
    setup = MatchSetup((SeatConfig("Anna", True), second), Rules())
    sheet, _, _ = continued_on_the_first_sheet(app, store, setup)
    sheet.next_round()
    for _ in range(300):  # round 2 is dealt: its first card not played yet
        app.frame(1 / 30, [])
        table = app.stack.top
        if isinstance(table, TableScene) and not table.director.busy:
            break
    assert isinstance(table, TableScene) and table.match.round.round_no == 2
    assert not table.match.round.history()
    app.matches.leave()
    app.matches.current.flush()
    assert store.load_match().sheet_read
    assert app.matches.resume()
    for _ in range(5):
        app.frame(1 / 30, [])
    table = app.stack.top
    assert isinstance(table, TableScene), type(table).__name__
    assert table.match.round.round_no == 2


def test_a_match_left_on_its_sheet_after_a_restart_still_continues_on_it(app, store) -> None:
    """What the sheet read is kept for: a match left on the sheet itself, never read,
    comes back on it (the file holds no word of a sheet read)."""
    setup = MatchSetup((SeatConfig("Anna", True), SeatConfig("Bruno", False, "beginner")), Rules())
    sheet, _, _ = continued_on_the_first_sheet(app, store, setup)
    app.matches.leave()
    app.matches.current.flush()
    assert not store.load_match().sheet_read
    assert app.matches.resume()
    for _ in range(5):
        app.frame(1 / 30, [])
    assert isinstance(app.stack.top, ScoringScene)


def test_a_hot_seat_match_continued_on_its_sheet_turns_at_the_first_return(app, store) -> None:
    """At one screen a sheet waits for a key pressed with it in sight (the first may be
    meant for the cover): continued on its sheet after a restart, whoever pressed Continue
    sees it, and their first Return did nothing."""
    from scopa.app.table import TableScene

    setup = MatchSetup((SeatConfig("Anna", True), SeatConfig("Bruno", True)), Rules())
    sheet, _, _ = continued_on_the_first_sheet(app, store, setup)
    assert sheet.coordinator.mode == "hotseat"
    while sheet.age < sheet.keys_from + 0.1:
        app.frame(1 / 30, [])
    press(app, pygame.K_RETURN)
    for _ in range(5):
        app.frame(1 / 30, [])
    assert isinstance(app.stack.top, TableScene)
    assert app.stack.top.match.round.round_no == 2


def test_a_sheet_continued_shows_the_round_it_scores_on_the_table_behind_it(app, store) -> None:
    """Continued on round 1's sheet, the table behind it showed round 2 not yet dealt: its
    round and first deal on the score panel, nothing taken, the next dealer's button. It
    shows round 1 as it ended, as the sheet reached by playing does; round 2 is dealt after
    the sheet."""

    from scopa.app.table import TableScene

    setup = MatchSetup((SeatConfig("Anna", True), SeatConfig("Bruno", False, "beginner")), Rules())
    sheet, match, dealer = continued_on_the_first_sheet(app, store, setup)
    (table,) = [scene for scene in app.stack if isinstance(scene, TableScene)]
    snap = table.snapshot()
    assert snap.hud.round_line == app.t("table.round", n=1)
    assert snap.hud.deal_line == app.t("table.deal", n=6, total=6)
    assert [row.total for row in snap.hud.rows] == list(match.totals)
    taken = [table.view.count("pile", side) + len(table.view.markers[side]) for side in (0, 1)]
    assert taken == [side.cards for side in match.rounds[0]]
    assert [plate.dealer for plate in snap.plates] == [seat == dealer for seat in (0, 1)]
    sheet.next_round()
    for _ in range(300):  # then round 2 is dealt, its numbers on the panel
        app.frame(1 / 30, [])
        if table.human_to_play is not None:
            break
    assert app.stack.top is table and table.human_to_play == 0
    assert table.snapshot().hud.round_line == app.t("table.round", n=2)
    assert table.view.count("pile", 0) + table.view.count("pile", 1) == 0


@pytest.mark.parametrize("language", ["en", "it"])
def test_six_sides_read_the_seven_count_and_its_tie_break_whole(app, language) -> None:
    """Six sides each alone, with the seven-count: every cell of the row read "0 (…",
    the sixes that break a tie cut short. The sixes now show only beside the sides level
    on the most sevens, in brackets the row's label names, and nothing is cut."""
    from scopa.app import style

    app.resize((960, 540))
    app.set_language(language)
    rules = Rules(players=6, six_sides=6, seven_count=True, seven_count_aces=True)
    names = ("Anna", "Giulia", "Marco", "Chiara", "Luca", "Sara")
    setup = MatchSetup(tuple(SeatConfig(n, i == 0) for i, n in enumerate(names)), rules)
    for seed in range(40):
        match = Match.new(rules, seed)
        while not match.rounds:
            match, _ = match.apply(match.legal_moves()[seed % len(match.legal_moves())])
        sevens = [b.sevens for b in match.rounds[-1]]
        if sevens.count(max(sevens)) > 1:
            break
    else:
        raise AssertionError("no round with sides level on the sevens")
    scene = ScoringScene(app, MatchCoordinator(setup, match))
    app.stack.push(scene)
    drawn: list[style.Drawn] = []
    with style.watch_text(drawn.append):
        frame(app)
    (row,) = [row for row in scene.sheet() if row.key == "sette"]
    most = max(sevens)
    for b, cell in zip(match.rounds[-1], row.cells):
        short = app.t("sevens_sixes_short", sevens=b.sevens, sixes=b.sixes)
        assert cell == (short if b.sevens == most else str(b.sevens))
    assert row.label == app.t("sevens_sixes_label", sevens=app.t("cat_sette"))
    for text in drawn:
        if text.words in (*row.cells, row.label):
            assert not text.elided and not text.cut, text.lines


@pytest.mark.parametrize("size", [(960, 540), (1920, 1080)])
def test_six_each_alone_read_every_long_name_whole(app, size) -> None:
    """Six players each alone, "Massimiliano" and "Bartolomeo" among them: the headings
    were set small and "Massimili…" was cut still, at 1920x1080 too. Each name now takes
    two columns' width, the headings on two levels, and every one is whole."""
    from scopa.app import style

    app.resize(size)
    rules = Rules(players=6, six_sides=6)
    names = ("Anna", "Giulia", "Massimiliano", "Bartolomeo", "Paolo", "Chiara")
    setup = MatchSetup(tuple(SeatConfig(n, i == 0) for i, n in enumerate(names)), rules)
    match = first_round(rules, 3)
    scene = ScoringScene(app, MatchCoordinator(setup, match))
    app.stack.push(scene)
    drawn: list[style.Drawn] = []
    with style.watch_text(drawn.append):
        frame(app)
    headings = [text for text in drawn if text.words in names and text.role == "ui_bold"]
    assert sorted(text.words for text in headings) == sorted(names)
    assert not any(text.elided or text.cut for text in headings)
    assert len({text.px for text in headings}) == 1  # alike
    assert len({text.used.top for text in headings}) == 2  # on two levels


def test_cirulla_s_grande_and_piccola_cells_say_what_scores(app) -> None:
    """A side with every coin read "Grande 10 +5" and "Piccola 10 +6": the grande is the
    king, cavallo and fante of coins (a tick), and the piccola counts up to its most. Under
    Dossena's scale the grande read "5 +7", the run's length beside its points: a tick
    too, its points on the badge."""
    from scopa.app.scenes.scoring import CHECK

    cirulla = Rules.preset("cirulla")
    dossena = cirulla.with_(dossena_scale=True)
    coins = [card for card in DECK if card.suit == "D"]
    rest = [card for card in DECK if card.suit != "D"]
    for rules, grande, piccola in ((cirulla, CHECK, "6"), (dossena, CHECK, "5")):
        scores = score_round([coins + rest[:10], rest[10:]], (0, 0), rules)
        start = Match.new(rules, 7).round
        match = Match._make(rules, 7, 0, (), start, (0, 0), (scores,), None, False, None)
        setup = MatchSetup((SeatConfig("Anna", True), SeatConfig("Bruno", False)), rules)
        scene = ScoringScene(app, MatchCoordinator(setup, match))
        sheet = {row.key: row for row in scene.sheet()}
        assert sheet["grande"].cells[0] == grande, rules.dossena_scale
        assert sheet["piccola"].cells[0] == piccola == str(sheet["piccola"].points[0])


def test_left_and_right_go_along_the_row_of_buttons(app) -> None:
    """Right on the first of the sheet's buttons stayed there (only Up, Down and Tab moved
    the focus): a player pressing Right, then Enter for the next round, replayed the deal."""
    from scopa.app.scenes.scoring import KEY_GRACE

    match, _ = known_match(Rules(), (0, 0), (3, 2))
    scene = ScoringScene(app, MatchCoordinator(SETUP, match))
    app.stack.push(scene)
    while scene.age < KEY_GRACE * 2:  # keys pressed as the sheet comes up are not taken
        frame(app)
    row = [button for button in scene.buttons if button.enabled]  # Review: once graded
    first, *_, last = row
    assert len(row) >= 2 and scene.form.focus is last
    scene.form.set_focus(first)
    for button in row[1:]:
        press(app, pygame.K_RIGHT)
        assert scene.form.focus is button
    press(app, pygame.K_RIGHT)  # nothing further right: the focus stays on the last
    assert scene.form.focus is last
    press(app, pygame.K_LEFT)
    assert scene.form.focus is row[-2]


def test_the_keyboard_s_button_is_ringed_apart_from_the_one_under_the_pointer(app) -> None:
    """With the focus on one button and the pointer on another, both were drawn alike: a
    player could not tell which one Enter would press. The focus has a ring round it."""
    from scopa.app import style

    match, _ = known_match(Rules(), (0, 0), (3, 2))
    scene = ScoringScene(app, MatchCoordinator(SETUP, match))
    app.stack.push(scene)
    frame(app)
    focused, hovered = scene.buttons[0], scene.buttons[-1]
    scene.form.keyboard_used = True
    scene.form.set_focus(focused)
    scene.form.hover = hovered
    frame(app)
    app.draw()

    def around(button) -> set[tuple[int, int, int]]:  # noqa: ANN001
        """The colours just outside the button's sides (past its shadow's blur)."""
        rect = button.rect
        gap = max(2, style.Scale(app.size).px(0.004))
        points = [(rect.left - gap - 1, rect.centery), (rect.right + gap, rect.centery),
                  (rect.centerx, rect.top - gap - 1)]  # fmt: skip
        return {tuple(app.screen.get_at(point))[:3] for point in points}

    assert style.BRIGHT_GOLD in around(focused)
    assert style.BRIGHT_GOLD not in around(hovered)


@pytest.mark.parametrize(
    ("played", "changed", "expected"),
    [
        # Play's rules (the settings'), the target chosen under New game kept
        (
            Rules(target=16),
            Rules(assi=True, assi_scopa=True),
            Rules(target=16, assi=True, assi_scopa=True),
        ),
        # a preset's match keeps the preset, with the rule changed in the settings
        (Rules.preset("quindici"), Rules(napola=True), Rules.preset("quindici").with_(napola=True)),
        # a change its table cannot take (scopone's four players) leaves the rules as played
        (Rules(), Rules.preset("scopone"), Rules()),
    ],
)
def test_a_rematch_takes_the_rules_changed_in_the_settings_during_the_match(
    app, played, changed, expected
) -> None:
    """The settings said "Rule changes apply from the next new match", and the rematch
    dealt the rules of the match just played."""
    from scopa.app.table.scene import TableScene

    app.settings = app.settings.with_(rules=Rules(), tutorial_done=True)
    app.matches.start(MatchSetup(SETUP.seats, played))
    try:
        coordinator = app.stack.top.coordinator
        app.settings = app.settings.with_(rules=changed)  # Pause, Settings, a rule changed
        app.store.clear_match()  # the match ended: nothing saved is replaced
        app.matches.rematch(coordinator)
        table = app.stack.top
        assert isinstance(table, TableScene) and table.coordinator is not coordinator
        assert table.setup == MatchSetup(SETUP.seats, expected)
    finally:
        close_tables(app)


def test_a_resumed_match_s_rematch_takes_the_rules_changed_before_it_was_resumed(app) -> None:
    """A Classic match saved and left; Cirulla chosen in the settings on the title; the
    match continued and played out: its rematch dealt Classic again (the settings were
    taken as they stood when it was continued), while Play dealt Cirulla. The settings'
    rules when the match began are kept with its save."""
    from scopa.app.table.scene import TableScene

    app.settings = app.settings.with_(rules=Rules(), tutorial_done=True)
    app.matches.start(MatchSetup(SETUP.seats, Rules()))
    try:
        app.stack.top.coordinator.flush()
        close_tables(app)  # Save and leave
        app.settings = app.settings.with_(rules=Rules.preset("cirulla"))  # on the title
        assert app.matches.resume()  # Continue
        coordinator = app.stack.top.coordinator
        assert coordinator.setup.rules == Rules()  # the match keeps its own rules
        coordinator.flush()
        app.store.clear_match()  # the match ended: nothing saved is replaced
        app.matches.rematch(coordinator)
        table = app.stack.top
        assert isinstance(table, TableScene) and table.coordinator is not coordinator
        assert table.setup.rules == Rules.preset("cirulla")
    finally:
        close_tables(app)


def test_a_screen_under_a_question_shows_no_focus_of_its_own(app, monkeypatch) -> None:
    """Asked in turn whether their reviews may be shown, the second person saw two gold
    rings: the question's "No" and the review's Back dimmed behind it. Only the screen on
    top takes the keys, so only its focus is ringed."""
    from scopa.app.widgets import Button

    match, _ = known_match(Rules(), (0, 0), (3, 2))
    scene = ScoringScene(app, MatchCoordinator(SETUP, match))
    app.stack.push(scene)
    scene.form.keyboard_used = True
    scene.form.set_focus(scene.buttons[0])
    ringed: list[Button] = []
    draw = Button.draw

    def spy(self, surface, m, focused, hovered) -> None:  # noqa: ANN001
        if focused:
            ringed.append(self)
        draw(self, surface, m, focused, hovered)

    monkeypatch.setattr(Button, "draw", spy)
    app.draw()
    assert ringed == [scene.buttons[0]]
    app.open("confirm", question=lambda: "?", detail=lambda: "", yes=lambda: "Yes",
             no=lambda: "No", on_yes=lambda: None)  # fmt: skip
    question = app.stack.top
    ringed.clear()
    app.draw()
    assert ringed == [question.no_button]
    app.back()
    ringed.clear()
    app.draw()
    assert ringed == [scene.buttons[0]]  # uncovered, its focus is its own again


def test_a_round_whose_review_waits_behind_another_says_so(app) -> None:
    """The sheets of rounds 2 to 5 read "Reviewing… 0%" for minutes while Master graded
    round 1: a round waiting its turn says it waits, then counts once its grading starts."""
    from scopa.app.coach import ReviewJob

    class Reviews:
        def __init__(self, jobs: dict[int, ReviewJob]) -> None:
            self.jobs = jobs

        def job(self, round_no: int) -> ReviewJob | None:
            return self.jobs.get(round_no)

    _, scores = known_match(Rules(), (0, 0), (3, 2))
    start = Match.new(Rules(), 7)
    match = Match._make(Rules(), 7, 0, (), start.round, (6, 4), (scores, scores), None, False, None)
    first, second = ReviewJob(1, 1, (0,), 30), ReviewJob(2, 2, (0,), 60)
    first.total, first.done = 30, 12
    coordinator = MatchCoordinator(SETUP, match)
    coordinator.reviews = Reviews({1: first, 2: second})  # type: ignore[assignment]
    scene = ScoringScene(app, coordinator)
    app.stack.push(scene)
    frame(app)
    assert scene.review_label() == app.t("review.queued")
    second.total, second.done = 30, 3
    assert scene.review_label() == app.t("review.working", percent=10)
    second.total, second.done = None, 0
    first.error = "gone"  # the round before could not be graded: this one is next
    assert scene.review_label() == app.t("review.working", percent=0)


def test_return_tapped_about_once_a_second_does_not_turn_the_round_s_sheet(app) -> None:
    """A player tapping Return while the computers played the round's last cards saw its
    sheet for a moment: the tap that came 0.7 s after the one before took Next round (and,
    later, one 1.2 s after it)."""
    match, _ = known_match(Rules(), (0, 0), (3, 2))
    scene = ScoringScene(app, MatchCoordinator(SETUP, match))
    app.stack.push(scene)
    taps = 0
    pressed = scene.age
    while taps < 6:
        frame(app)
        if scene.age - pressed >= 1.3:
            press(app, pygame.K_RETURN)
            pressed = scene.age
            taps += 1
            assert app.stack.top is scene, f"turned by the tap at {scene.age:.1f} s"
    while scene.age < pressed + 2.0:  # the player stops and reads; then Return goes on
        frame(app)
    press(app, pygame.K_RETURN)
    try:
        assert app.stack.top is not scene
    finally:
        close_tables(app)


def test_the_menu_over_a_match_over_offers_the_main_menu_not_save_or_abandon(app) -> None:
    """Escape over the last sheet opened the menu of a match in play: "Save and leave"
    saved nothing, and "Abandon" promised the match would not count in the statistics,
    which already counted it. Over a match that is over, the menu offers the main menu."""
    match, _ = known_match(Rules(), (0, 0), (12, 4), over=True)
    coordinator = MatchCoordinator(SETUP, match)
    app.matches.current = coordinator
    scene = ScoringScene(app, coordinator)
    app.stack.push(scene)
    frame(app)
    press(app, pygame.K_ESCAPE)
    pause = app.stack.top
    words = [button.text() for button in pause.buttons]
    assert app.t("save_and_leave") not in words and app.t("abandon") not in words
    assert words[0] == app.t("resume") and words[-1] == app.t("to_title")
    assert resolve(pause.buttons[-1].hint) == app.t("to_title_over_hint")
    click(app, pause.buttons[-1])
    assert type(app.stack.top).__name__ == "TitleScene"


def test_a_click_as_the_last_sheet_appears_starts_no_rematch(app) -> None:
    """Watching computers, clicks on the table speed them up; the last sheet opened under
    one and took it: Rematch sits where each round's Next round was, and the next match
    began before its result was seen. The last sheet ignores clicks for a moment: long
    enough that a click a second after it came, where Next round was, starts nothing."""
    match, _ = known_match(Rules(), (0, 0), (12, 4), over=True)
    scene = ScoringScene(app, MatchCoordinator(SETUP, match))
    app.stack.push(scene)
    frame(app)
    rematch = next(b for b in scene.buttons if b.text() == app.t("rematch"))
    click(app, rematch)
    assert app.stack.top is scene
    app.frame(1.0, [])  # where Next round was: a second after the sheet came, still held
    click(app, rematch)
    assert app.stack.top is scene
    app.frame(RESULT_CLICK_GRACE, [])
    click(app, rematch)
    try:
        assert app.stack.top is not scene
    finally:
        close_tables(app)


def test_clicks_kept_up_as_the_last_sheet_appears_start_no_rematch_until_they_stop(app) -> None:
    """Clicking on and on (a careless player hurrying the last capture), the last sheet took
    a click once its moment was over: "You win!" was on screen for less than a second. As
    with the keys, each click while it waits holds the clicks off a moment more."""
    match, _ = known_match(Rules(), (0, 0), (12, 4), over=True)
    scene = ScoringScene(app, MatchCoordinator(SETUP, match))
    app.stack.push(scene)
    frame(app)
    rematch = next(b for b in scene.buttons if b.text() == app.t("rematch"))
    for _ in range(20):  # ten clicks a second, for two seconds
        click(app, rematch)
        app.frame(0.1, [])
        assert app.stack.top is scene
    app.frame(CLICK_GRACE, [])  # a pause: the result was seen
    click(app, rematch)
    try:
        assert app.stack.top is not scene
    finally:
        close_tables(app)


@pytest.mark.parametrize("sides", [2, 6])
def test_every_figure_of_the_sheet_is_set_at_one_size(app, sides) -> None:
    """Six players each alone at 960x540: "10", "61" and "72" were set smaller than "0" and
    "9" beside them, each figure shrunk to its own narrow column."""
    import random

    from scopa.app import style

    app.resize((960, 540))
    rules = Rules(players=6, six_sides=6) if sides == 6 else Rules()
    match = Match.new(rules, 7)
    rng = random.Random(1)
    while not match.rounds:
        match, _ = match.apply(rng.choice(match.legal_moves()))
    names = ("Anna Maria", "Bob", "Marco", "Caterina", "Wolfgang Amadeus", "Lucia")
    seats = tuple(SeatConfig(name, seat == 0) for seat, name in enumerate(names[: rules.players]))
    scene = ScoringScene(app, MatchCoordinator(MatchSetup(seats, rules), match))
    app.stack.push(scene)
    frame(app)
    seen: list[style.Drawn] = []
    with style.watch_text(seen.append):
        frame(app)
    figures = {cell for row in scene.sheet() for cell in row.cells if cell.isdigit()}
    assert any(len(cell) == 2 for cell in figures) and any(len(cell) == 1 for cell in figures)
    area = scene.sheet_area
    cells = [t for t in seen if t.words in figures and area.collidepoint(t.box[0], t.box[1])]
    width = max(t.box[2] for t in cells if len(t.words) == 2)  # a column's (not the chart's)
    cells = [t for t in cells if t.box[2] == width]
    assert {t.words for t in cells} == figures
    assert len({t.px for t in cells}) == 1, [(t.words, t.px) for t in cells]


def chart_pixels(scene: ScoringScene, app) -> bytes:  # noqa: ANN001
    return pygame.image.tobytes(app.screen.subsurface(scene.chart_area), "RGB")


def test_the_cards_behind_a_row_take_the_chart_s_place_by_pointer_click_and_keys(app) -> None:
    """A round played out at the table, then its sheet: the pointer on Primiera shows each
    side's best card of every suit in the chart's place, and leaving the row brings the
    chart back; a click keeps them in sight; Up and Down go through the rows with cards."""
    from scopa.app.table import TableScene

    from .table_helpers import coordinated, inline_worker, sheet_opens

    app.settings = app.settings.with_(animation_speed="instant", language="en")
    rules = Rules()
    seats = (SeatConfig("Anna", False, "beginner"), SeatConfig("Bruno", False, "expert"))
    setup = MatchSetup(seats, rules)
    table = TableScene(app, coordinated(app, setup, Match.new(rules, 11)), worker=inline_worker())
    app.stack.push(table)
    scene = sheet_opens(app, 20000)
    frame(app)
    chart = chart_pixels(scene, app)
    scores = table.match.rounds[-1]
    assert set(scene.row_boxes) >= {"denari", "primiera"}
    assert "carte" not in scene.row_boxes  # every card taken: the count says it
    assert ("scope" in scene.row_boxes) == any(b.scope for b in scores)

    def move(pos) -> None:  # noqa: ANN001
        frame(app, pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))

    move(scene.row_boxes["primiera"].center)
    key, cards = scene.behind()
    assert key == "primiera"
    for held, b in zip(cards, scores):
        best = {card.suit: value for card, value in held}
        assert len(best) == len({card.suit for card in b.captured})
        if b.primiera_complete:
            assert sum(best.values()) == b.primiera
    shown = chart_pixels(scene, app)
    assert shown != chart
    move((0, 0))  # away from the rows: the chart again
    assert scene.behind() is None
    assert chart_pixels(scene, app) == chart
    click(app, scene.row_boxes["denari"].center)
    move((0, 0))
    assert scene.behind()[0] == "denari"  # kept after the pointer left
    assert [len(held) for held in scene.behind()[1]] == [b.coins for b in scores]
    click(app, scene.row_boxes["denari"].center)
    move((0, 0))
    assert scene.behind() is None
    while scene.age < scene.keys_from:
        frame(app)
    rows = [row.key for row in scene.sheet() if row.key in scene.row_boxes]
    seen = []
    for _ in rows:
        press(app, pygame.K_DOWN)
        seen.append(scene.behind()[0])
    assert seen == rows
    press(app, pygame.K_DOWN)  # past the last: the chart
    assert scene.behind() is None
    press(app, pygame.K_UP)
    assert scene.behind()[0] == rows[-1]
    assert app.stack.top is scene  # the keys turned nothing


@pytest.mark.parametrize("size", [(960, 540), (1280, 800)])
def test_the_cards_behind_a_row_keep_each_side_s_count_whole_beside_a_long_name(app, size) -> None:
    """Two teams of three long names: "Maximiliana Wolkenstein, WWWW…" lost the count the
    cards are to be checked against. The name is shortened, the count never; and how to
    see the cards is told under the round's code, where there is always room."""
    from scopa.app import style

    app.resize(size)
    names = ("Maximiliana Wolkenstein", "Paolo Massimiliano Conti", "Chiara Benedetta Orsini",
             "Guglielmo Montemaggiore", "Annamaria Bonetti", "Pierangela Sforza")  # fmt: skip
    rules = Rules(players=6, six_sides=2)
    setup = MatchSetup(tuple(SeatConfig(n, i == 0) for i, n in enumerate(names)), rules)
    scene, drawn = first_sheet(app, setup)
    hint = app.t("sheet_behind_hint")
    assert any(hint in text.words and not text.elided for text in drawn)
    pos = scene.row_boxes["denari"].center
    drawn.clear()
    with style.watch_text(drawn.append):
        frame(app, pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    cells = {row.key: row.cells for row in scene.sheet()}["denari"]
    for cell in cells:
        tails = [text for text in drawn if text.words == f": {cell.split(' (')[0]}"]
        assert tails and not any(text.elided or text.cut for text in tails), cell


@pytest.mark.parametrize("size", [(960, 540), (1920, 1080)])
def test_the_settebello_behind_its_row_is_the_size_of_the_other_rows_cards(
    app, size, monkeypatch
) -> None:  # noqa: ANN001
    """The settebello alone behind its row (the other side empty) filled the panel's whole
    height: twice the size of the coins' or the primiera's cards, its shadow over the
    paper's edge."""
    from scopa.app import style

    app.resize(size)
    seats = (SeatConfig("Anna", True), SeatConfig("Bruno", False, "expert"))
    scene, _ = first_sheet(app, MatchSetup(seats, Rules()))
    drawn: list[pygame.Rect] = recorded(monkeypatch, style, "draw_card")
    widths = {}
    for key in ("settebello", "denari", "primiera"):
        drawn.clear()
        pos = scene.row_boxes[key].center
        frame(app, pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
        assert drawn and all(scene.chart_area.contains(rect) for rect in drawn), key
        widths[key] = max(rect.w for rect in drawn)
    assert widths["settebello"] <= max(widths["denari"], widths["primiera"]), widths


def continued_on_the_first_sheet(  # noqa: ANN001
    app, store, setup: MatchSetup
) -> tuple[ScoringScene, Match, int]:
    """A match of ``setup`` saved once its first round ended, continued from the title: its
    sheet, the match saved and the first round's dealer."""
    import random

    match = Match.new(setup.rules, 5)
    rng = random.Random(1)
    dealer = match.round.dealer
    while not match.rounds:
        dealer = match.round.dealer
        match, _ = match.apply(rng.choice(match.legal_moves()))
    return continued_on_its_sheet(app, store, setup, match), match, dealer


def continued_on_its_sheet(app, store, setup: MatchSetup, match: Match) -> ScoringScene:  # noqa: ANN001
    """``match``, saved as its last round ended, continued from the title: its sheet."""
    from scopa.app.scenes.title import TitleScene

    store.save_match(setup, match.record())
    app.settings = app.settings.with_(language="en", animation_speed="fast", tutorial_done=True)
    app.stack.push(TitleScene(app))
    assert app.matches.resume()
    for _ in range(5):
        app.frame(1 / 30, [])
    sheet = app.stack.top
    assert isinstance(sheet, ScoringScene)
    return sheet


@pytest.mark.parametrize("language", ["en", "it"])
def test_cirulla_s_scopas_row_shows_where_each_bonus_came_from(app, language) -> None:
    """ "5 (5 bonus)" said how many, not why: pointed at, the scopas' row shows each side's
    bonuses, the dealer's opening table and the hands shown by knocking, with their points
    under the first card of each."""
    from scopa.engine import DealerBonus, Declared

    app.set_language(language)
    rules = Rules.preset("cirulla")
    match = Match.new(rules, 31)
    rng = random.Random(31)
    while not match.rounds:  # the dealer's table of 30 for side 0, a knock each
        match, _ = match.apply(rng.choice(match.legal_moves()))
    scores = match.rounds[-1]
    assert [b.bonus for b in scores] == [5, 10]
    setup = MatchSetup((SeatConfig("Giulia", True), SeatConfig("Marco", False)), rules)
    scene = ScoringScene(app, MatchCoordinator(setup, match))
    app.stack.push(scene)
    frame(app)
    assert "scope" in scene.row_boxes
    frame(app, pygame.event.Event(pygame.MOUSEMOTION, pos=scene.row_boxes["scope"].center,
                                  rel=(0, 0), buttons=(0, 0, 0)))  # fmt: skip
    key, cards = scene.behind()
    assert key == "scope"
    bonuses = [e for e in match.round_events(1) if isinstance(e, DealerBonus | Declared)]
    for side, held in enumerate(cards):
        mine = [e for e in bonuses if e.side == side]
        swept = scores[side].scope - scores[side].bonus  # first, a card worth 1 for each
        assert [points for _, points in held[:swept]] == [1] * swept
        assert [card for card, _ in held[swept:]] == [card for e in mine for card in e.cards]
        assert [points for _, points in held[swept:] if points] == [e.points for e in mine]
        assert sum(points for _, points in held) == scores[side].scope
    note = "sheet_behind.scope_both" if scene.swept else "sheet_behind.scope_bonus"
    assert scene.behind_note("scope") == app.t(note)
    close_tables(app)


def scopas_pointed(app, scene: ScoringScene) -> list:  # noqa: ANN001
    """What the sheet drew with the pointer on its scopas' row."""
    from scopa.app import style

    drawn: list[style.Drawn] = []
    with style.watch_text(drawn.append):
        frame(app, pygame.event.Event(pygame.MOUSEMOTION, pos=scene.row_boxes["scope"].center,
                                      rel=(0, 0), buttons=(0, 0, 0)))  # fmt: skip
    return drawn


@pytest.mark.parametrize("language", ["en", "it"])
def test_the_matta_among_the_bonuses_shows_the_value_it_was_named(app, language) -> None:
    """The dealer's opening table of 30 counted the matta as a 9: among the bonuses' cards
    the 7 of cups carries "= 9", as it did on the table, and no other card a tag."""
    from scopa.app import style
    from scopa.engine import DealerBonus

    app.set_language(language)
    rules = Rules.preset("cirulla")
    match = first_round(rules, 0)
    (bonus,) = [e for e in match.round_events(1) if isinstance(e, DealerBonus)]
    assert bonus.named == 9 and rules.matta_card in bonus.cards
    setup = MatchSetup((SeatConfig("Giulia", True), SeatConfig("Marco", False)), rules)
    scene = ScoringScene(app, MatchCoordinator(setup, match))
    app.stack.push(scene)
    frame(app)
    assert scene.named == {rules.matta_card: 9}
    drawn = scopas_pointed(app, scene)
    tags = [text for text in drawn if text.words == app.t("table.matta_badge", n=9)]
    assert len(tags) == 1 and not tags[0].elided
    scene.pinned, scene.pointed = None, None
    drawn = []
    with style.watch_text(drawn.append):
        frame(app, pygame.event.Event(pygame.MOUSEMOTION, pos=(0, 0), rel=(0, 0),
                                      buttons=(0, 0, 0)))  # fmt: skip
    assert not [text for text in drawn if text.words == app.t("table.matta_badge", n=9)]
    close_tables(app)


def test_the_matta_s_tag_lies_over_the_card_after_it(app, monkeypatch) -> None:  # noqa: ANN001
    """Thirteen cards of scopas and bonuses at 960x540 overlapped so much that the next card
    covered the matta's "= 9": the tags are drawn over the side's cards."""
    from scopa.app import style
    from scopa.engine import DealerBonus

    app.resize((960, 540))
    rules = Rules.preset("cirulla")
    match = first_round(rules, 0)
    assert any(isinstance(e, DealerBonus) for e in match.round_events(1))
    setup = MatchSetup((SeatConfig("Giulia", True), SeatConfig("Marco", False)), rules)
    scene = ScoringScene(app, MatchCoordinator(setup, match))
    app.stack.push(scene)
    frame(app)
    order: list[object] = []
    draw_card, draw_tag = style.draw_card, style.draw_tag

    def card(surface, art, drawn, *args, **kwargs):  # noqa: ANN001, ANN002, ANN003, ANN202
        order.append(drawn)
        return draw_card(surface, art, drawn, *args, **kwargs)

    def tag(*args, **kwargs):  # noqa: ANN002, ANN003, ANN202
        order.append("tag")
        return draw_tag(*args, **kwargs)

    monkeypatch.setattr(style, "draw_card", card)
    monkeypatch.setattr(style, "draw_tag", tag)
    scopas_pointed(app, scene)
    before = order[: order.index("tag")]
    matta = before.index(rules.matta_card)
    assert len(before) - 1 > matta  # cards of its side came after it: drawn before the tag
    close_tables(app)


@pytest.mark.parametrize("language", ["en", "it"])
def test_in_teams_a_bonus_says_which_partner_knocked(app, language) -> None:
    """Four players in two teams: each knock's points are said with the name of the
    partner who knocked ("+3 · Luca"), as the side's name is both partners' (by initial,
    "+3 · L.", where the side's scopas beside it have no room for names: told one way)."""
    from scopa.app.scenes.flow import SEPARATOR
    from scopa.engine import Declared, Scopa

    app.set_language(language)
    rules = Rules.preset("cirulla").with_(players=4)
    match = first_round(rules, 11)
    knocks = [e for e in match.round_events(1) if isinstance(e, Declared)]
    assert [(e.seat, e.side) for e in knocks] == [(2, 0), (3, 1)]
    names = ("Giulia", "Marco", "Anna", "Luca")
    setup = MatchSetup(tuple(SeatConfig(n, i == 0) for i, n in enumerate(names)), rules)
    scene = ScoringScene(app, MatchCoordinator(setup, match))
    app.stack.push(scene)
    frame(app)
    words = {text.words for text in scopas_pointed(app, scene) if not text.elided}
    assert {f"+3{SEPARATOR}Anna", f"+3{SEPARATOR}A."} & words
    assert {f"+3{SEPARATOR}Luca", f"+3{SEPARATOR}L."} & words
    events = match.round_events(1)
    for side in (0, 1):  # who swept, then who knocked: a card swept and shown is told apart
        made = [e.seat for e in events if isinstance(e, Scopa) and e.side == side]
        made += [e.seat for e in knocks if e.side == side]
        assert [seat for (of, _), seat in sorted(scene.makers.items()) if of == side] == made
    close_tables(app)


def test_the_makers_are_told_one_way_along_the_whole_panel(app) -> None:  # noqa: ANN001
    """A side crowded with scopas told them "+1 Y" under the overlapping cards while the
    other side, with room, told "+1 · L.": two ways of saying one thing in one panel. The
    panel takes the one way that fits every side."""
    from scopa.app import style
    from scopa.app.scenes.flow import SEPARATOR

    rules = Rules.preset("cirulla").with_(players=4)
    names = ("Giulia", "Marco", "Anna", "Luca")
    setup = MatchSetup(tuple(SeatConfig(n, i == 0) for i, n in enumerate(names)), rules)
    scene = ScoringScene(app, MatchCoordinator(setup, first_round(rules, 11)))
    app.stack.push(scene)
    frame(app)
    scene.makers = {(0, 0): 0, (0, 1): 2, (0, 2): 0, (1, 0): 1, (1, 1): 3}
    pen = scene.m.pen("ui", style.SMALL * 0.9, style.INK_SOFT)
    wide = [pygame.Rect(0, 0, 400, 20)] * 2

    def told(width: int) -> list[str]:
        narrow = [pygame.Rect(0, 0, width, 20)] * 3
        sides = [
            (0, [(at, 1, under) for at, under in enumerate(narrow)]),
            (1, [(at, 1, under) for at, under in enumerate(wide)]),
        ]
        return [words for words, _ in scene._bonus_words(sides, pen)]

    crowded = next(
        width
        for width in range(8, 200)
        if all(SEPARATOR not in w for w in told(width)[:3])
        and all(w != "+1" for w in told(width)[:3])
    )
    words = told(crowded)
    assert all(SEPARATOR not in w and "\u2009" in w for w in words), words
    assert all(SEPARATOR in w for w in told(400)), told(400)  # room for all: names or initials
    close_tables(app)


def test_alone_a_bonus_says_its_points_only(app) -> None:
    """Two players: the side's name is the player's, so the bonus's line is "+2" alone."""
    rules = Rules.preset("cirulla")
    match = first_round(rules, 0)
    setup = MatchSetup((SeatConfig("Giulia", True), SeatConfig("Marco", False)), rules)
    scene = ScoringScene(app, MatchCoordinator(setup, match))
    app.stack.push(scene)
    frame(app)
    drawn = scopas_pointed(app, scene)
    assert "+2" in {text.words for text in drawn}
    assert not any(text.words.startswith("+2\u00a0") for text in drawn)
    close_tables(app)


@pytest.mark.parametrize("language", ["en", "it"])
def test_the_scopas_row_shows_the_card_that_swept_the_table_for_each_scopa(app, language) -> None:
    """The sheet said to point at a row to see its cards, but the scopas' row showed
    nothing: it shows, for each scopa, the card that swept the table, worth 1."""
    from scopa.engine import Captured, Scopa

    app.set_language(language)
    rules = Rules()
    for seed in range(40):
        match = first_round(rules, seed)
        if sum(b.scope for b in match.rounds[-1]) >= 2:
            break
    events = match.round_events(1)
    sweeps: list[list[Card]] = [[], []]
    for before, event in zip(events, events[1:]):
        if isinstance(event, Scopa):
            assert isinstance(before, Captured)
            sweeps[event.side].append(before.card)
    setup = MatchSetup((SeatConfig("Giulia", True), SeatConfig("Marco", False)), rules)
    scene = ScoringScene(app, MatchCoordinator(setup, match))
    app.stack.push(scene)
    frame(app)
    assert "scope" in scene.with_cards
    drawn = scopas_pointed(app, scene)
    key, cards = scene.behind()
    assert key == "scope"
    assert [[card for card, _ in held] for held in cards] == sweeps
    assert all(points == 1 for held in cards for _, points in held)
    panel = scene.chart_area
    words = [text.words for text in drawn if panel.contains(pygame.Rect(text.used))]
    assert app.t("sheet_behind.scope") in words
    assert words.count("+1") == sum(len(side) for side in sweeps)
    close_tables(app)


def test_a_sheet_of_a_table_held_by_a_server_tells_the_bonuses_without_their_cards(app) -> None:
    """A server tells a seat the scores, not the moves: the row still explains the bonuses,
    with no cards to show."""
    from scopa.app.remote import RemoteMatch

    rules = Rules.preset("cirulla")
    match, _ = known_match(rules, (4, 1), (8, 2))
    scores = score_round([list(PILE_0), [c for c in DECK if c not in PILE_0]], (4, 1), rules,
                         bonus=(3, 0))  # fmt: skip
    remote = RemoteMatch(rules, match.observe(0), at=0, status="playing", result=None,
                         rounds=(scores,))  # fmt: skip
    setup = MatchSetup((SeatConfig("Giulia", True), SeatConfig("Marco", False)), rules)
    coordinator = MatchCoordinator(setup, match)
    coordinator.match = remote  # type: ignore[assignment]
    scene = ScoringScene(app, coordinator)
    assert "scope" in scene.with_cards
    scene.pinned = "scope"
    assert scene.behind() == ("scope", [(), ()])


def test_a_knock_taken_back_is_not_among_the_bonuses_shown(app) -> None:
    """With declarations at the deal that may be taken back until play, the row shows the
    bonuses that stood: each side's points add up to its bonus scopas."""
    from scopa.engine import Retracted

    rules = Rules.preset("cirulla").with_(declare_at_deal=True, declare_until_play=True)
    setup = MatchSetup((SeatConfig("Giulia", True), SeatConfig("Marco", False)), rules)
    taken_back = 0
    for seed in range(30):
        match = Match.new(rules, seed)
        rng = random.Random(seed)
        while not match.rounds:
            match, _ = match.apply(rng.choice(match.legal_moves()))
        taken_back += any(isinstance(e, Retracted) for e in match.round_events(1))
        scene = ScoringScene(app, MatchCoordinator(setup, match))
        held = [sum(points for _, points in cards) for cards in scene.bonuses]
        assert held == [b.scope for b in match.rounds[-1]], seed
    assert taken_back >= 5


@pytest.mark.parametrize(
    ("rules", "every_suit"),
    [
        (Rules(), True),
        (Rules(seven_count=False, incomplete_primiera=True), False),
        (Rules.preset("cirulla"), True),
        (Rules.preset("cirulla").with_(primiera_requires_all_suits=False), False),
    ],
)
def test_the_primiera_s_cards_say_a_side_short_of_a_suit_has_none_where_it_does(
    app, rules, every_suit
):
    """A side without every suit has no primiera: its cell read "—", and the cards behind
    the row said only that the highest sum wins (51 against 79 read as a plain loss). The
    note says it wherever the rule holds."""
    setup = MatchSetup((SeatConfig("Giulia", True), SeatConfig("Marco", False)), rules)
    scene = ScoringScene(app, MatchCoordinator(setup, first_round(rules, 3)))
    app.stack.push(scene)
    frame(app)
    key = "primiera_all_suits" if every_suit else "primiera"
    assert scene.behind_note("primiera") == app.t(f"sheet_behind.{key}")
    close_tables(app)


@pytest.mark.parametrize(("faces", "said"), [("ten", None), ("southern", "the knight 9"),
                                             ("zero", "count nothing")])  # fmt: skip
def test_the_primiera_s_cards_say_what_the_face_cards_count_here(app, faces, said):
    """With the face cards at 8, 9 and 10 the note behind the primiera said only the usual
    scale (7 = 21, 6 = 18, ace = 16...), where a player checks what the knight counted."""
    app.set_language("en")
    rules = Rules(face_values=faces)
    setup = MatchSetup((SeatConfig("Giulia", True), SeatConfig("Marco", False)), rules)
    scene = ScoringScene(app, MatchCoordinator(setup, first_round(rules, 3)))
    app.stack.push(scene)
    frame(app)
    note = scene.behind_note("primiera")
    assert note.startswith(app.t("sheet_behind.primiera_all_suits"))
    assert (said is None) == (note == app.t("sheet_behind.primiera_all_suits"))
    assert said is None or said in note
    close_tables(app)


@pytest.mark.parametrize("long_names", [False, True])
@pytest.mark.parametrize("language", ["en", "it"])
@pytest.mark.parametrize("size", [(960, 540), (1920, 1080)])
def test_a_message_over_the_sheet_hides_neither_the_result_nor_a_row(
    app, size, language, long_names
):
    """A friend asking for a rematch was told over the result line ("Final score ...");
    with partners of long names, the heading left no room beside it, and the messages
    were told over the heading ("Massimiliano Bartolomeo and Giuseppina Lorenzo win!")."""
    from scopa.app import style
    from scopa.app.toasts import worded

    app.resize(size)
    app.set_language(language)
    setup = SETUP
    if long_names:
        names = ("Massimiliano Bartolomeo", "Marco", "Giuseppina Lorenzo", "Anna")
        setup = MatchSetup(tuple(SeatConfig(n, True) for n in names), Rules(players=4))
    match, _ = known_match(setup.rules, (0, 0), (12, 4), over=True)
    scene = ScoringScene(app, MatchCoordinator(setup, match))
    app.stack.push(scene)
    frame(app)
    app.notify(worded("online.rematch_wanted", name="Bruno"), 30)
    app.notify(worded("online.rematch_left", name="Massimiliano"), 30)
    frame(app)
    rows = pygame.Rect(scene.sheet_area.left, scene.result_box.top, scene.sheet_area.w, 1)
    rows.height = scene.sheet_area.bottom - rows.top
    box = scene.heading_box
    width = style.fit(scene.headline(), scene.heading_pen(), box.w, box.h).width
    heading = pygame.Rect(0, box.top, width, box.h)
    heading.centerx = box.centerx
    taken = [heading, scene.result_box, rows, *(w.rect for w in scene.form.widgets)]
    toasts_kept_clear(app, scene.toast_band(), taken, 2)


@pytest.mark.parametrize("size", [(960, 540), (1280, 720), (1920, 1080)])
@pytest.mark.parametrize("language", ["en", "it"])
def test_the_sheet_s_buttons_are_alike_and_write_their_labels_whole(app, size, language):
    """In Italian "Prossima smazzata" was set smaller than "Rigioca smazzata" and "Analisi"
    beside it: the buttons are as wide as the longest label needs, all alike."""
    from scopa.app import style

    app.resize(size)
    app.set_language(language)
    match, _ = known_match(Rules(), (1, 0), (4, 8))
    coordinator = MatchCoordinator(SETUP, match)
    scene = ScoringScene(app, coordinator)
    app.stack.push(scene)
    frame(app)
    assert len(scene.buttons) >= 2
    assert len({button.rect.size for button in scene.buttons}) == 1
    drawn: list[style.Drawn] = []
    with style.watch_text(drawn.append):
        app.draw()
    labels = {resolve(button.text) for button in scene.buttons}
    sizes = {text.px for text in drawn if text.words in labels}
    assert len(sizes) == 1, sizes


def test_enter_held_off_on_the_sheet_says_why(app) -> None:
    """Enter pressed on and on did nothing for a long while on the sheet, the focused button
    looking dead: a press held off says why on the sheet's line, and how long to leave the
    keys (only "just a moment", a player pressing every second was held off for minutes)."""
    from scopa.app.scenes.scoring import KEY_GRACE

    match, _ = known_match(Rules(), (0, 0), (4, 8))
    scene = ScoringScene(app, MatchCoordinator(SETUP, match))
    app.stack.push(scene)
    frame(app)
    press(app, pygame.K_RIGHT)  # the last card's key: held off, said nothing
    assert scene.field_note() == ""
    while scene.age <= KEY_GRACE:
        frame(app)
    press(app, pygame.K_RETURN)
    press(app, pygame.K_RETURN)
    assert app.stack.top is scene
    assert scene.field_note() == app.t("scores_keys_wait", n=math.ceil(KEY_GRACE))


def test_next_round_clicked_on_and_on_says_why_it_waits(app) -> None:
    """Next round clicked every fraction of a second, from the last cards on, never turned
    the sheet, each click holding the next off, and nothing said why (Enter said it): a
    button clicked while clicks are held off says so on the sheet's line."""
    match, _ = known_match(Rules(), (0, 0), (4, 8))
    scene = ScoringScene(app, MatchCoordinator(SETUP, match))
    app.stack.push(scene)
    frame(app)
    scene.hold_clicks(scene.buttons[0].rect.center)  # clicks made on the table as it came
    click(app, scene.buttons[0])
    assert scene.field_note() == ""  # the first clicks: the round's own, said nothing
    while scene.age <= 2.0:  # two seconds of clicks
        click(app, scene.buttons[0])
    click(app, scene.buttons[0])
    assert app.stack.top is scene
    assert scene.field_note() == app.t("scores_clicks_wait")


@pytest.mark.parametrize("language", ["en", "it"])
def test_a_seven_count_settled_down_to_the_aces_shows_the_aces(app, language) -> None:
    """Sevens and sixes level, the aces decided: the sheet showed "2 (sixes: 2)" for both
    sides, a point for one and no reason, and its note said the sixes break a tie."""
    app.set_language(language)
    rules = Rules(seven_count=True, seven_count_aces=True)
    pile = parse_cards("7D 7C 6D 6C 1D 1C 1S 2D")
    scores = score_round([pile, [card for card in DECK if card not in pile]], (0, 0), rules)
    assert [b.points["sette"] for b in scores] == [1, 0]
    start = Match.new(rules, 7)
    match = Match._make(rules, 7, 0, (), start.round, (1, 0), (scores,), None, False, None)
    setup = MatchSetup((SeatConfig("Giulia", True), SeatConfig("Marco", False)), rules)
    scene = ScoringScene(app, MatchCoordinator(setup, match))
    app.stack.push(scene)
    frame(app)
    t = app.t
    sette = {row.key: row for row in scene.sheet()}["sette"]
    aces = t("rank_plural_1")
    assert sette.cells == (
        t("sevens_sixes_then", sevens=2, sixes=2, count=3),
        t("sevens_sixes_then", sevens=2, sixes=2, count=1),
    )
    assert sette.label == t("sevens_sixes_then_label", sevens=t("cat_sette"), ranks=aces)
    scene.pinned = "sette"
    key, cards = scene.behind()
    assert {card.rank for card, _ in cards[0]} == {7, 6, 1}  # the aces that decided
    assert scene.behind_note("sette") == t("sheet_behind.sette_aces")
    plain = {row.key: row for row in known_match_sheet(app)}["sette"]
    assert plain.cells[0] == t("sevens_sixes", sevens=3, sixes=3)  # the sevens decided


@pytest.mark.parametrize("language", ["en", "it"])
def test_a_seven_count_down_to_the_aces_reads_whole_in_a_small_window(app, language) -> None:
    """At 960x540, two sides level on sevens and sixes read "2 (sixes: 2, aces:…": the aces
    that decided the point were cut off. Said shorter, the row's label names what the
    brackets count, and every figure is whole."""
    from scopa.app import style

    app.resize((960, 540))
    app.set_language(language)
    rules = Rules(players=6, six_sides=2, seven_count=True, seven_count_aces=True)
    pile = parse_cards("7D 7C 6D 6C 1D 1C 1S 2D")
    scores = score_round([pile, [card for card in DECK if card not in pile]], (0, 0), rules)
    start = Match.new(rules, 7)
    match = Match._make(rules, 7, 0, (), start.round, (1, 0), (scores,), None, False, None)
    names = ("Anna", "Giulia", "Marco", "Chiara", "Luca", "Sara")
    setup = MatchSetup(tuple(SeatConfig(n, i == 0) for i, n in enumerate(names)), rules)
    scene = ScoringScene(app, MatchCoordinator(setup, match))
    app.stack.push(scene)
    drawn: list[style.Drawn] = []
    with style.watch_text(drawn.append):
        frame(app)
    t = app.t
    aces = t("rank_plural_1")
    label = t("sevens_sixes_then_label", sevens=t("cat_sette"), ranks=aces)
    cells = {
        t("sevens_sixes_then", sevens=2, sixes=2, count=3),
        t("sevens_sixes_then", sevens=2, sixes=2, count=1),
    }
    shown = [text for text in drawn if text.words in cells or text.words == label]
    assert {text.words for text in shown} == {*cells, label}
    assert not any(text.elided or text.cut for text in shown), [t.lines for t in shown]


def known_match_sheet(app):  # noqa: ANN001, ANN201
    rules = Rules(seven_count=True, seven_count_aces=True)
    match, _ = known_match(rules, (0, 0), (1, 0))
    setup = MatchSetup(SETUP.seats, rules)
    return ScoringScene(app, MatchCoordinator(setup, match)).sheet()


@pytest.mark.parametrize("language", ["en", "it"])
def test_the_grande_s_note_names_the_courts_of_the_deck_in_play(app, language) -> None:
    """With French-suited cards the grande's note spoke of the cavallo and the fante of
    diamonds, beside cards showing a queen and a jack."""
    app.set_language(language)
    rules = Rules.preset("cirulla")
    runs = parse_cards("1D 2D 3D 4D 10D 9D 8D 7D")
    scores = score_round([runs, [card for card in DECK if card not in runs]], (0, 0), rules)
    start = Match.new(rules, 7)
    match = Match._make(rules, 7, 0, (), start.round, (5, 2), (scores,), None, False, None)
    setup = MatchSetup(SETUP.seats, rules)
    keys = {"napoletane": "sheet_behind.grande", "french": "sheet_behind.grande.french"}
    for deck, key in keys.items():
        app.settings = app.settings.with_(deck_style=deck)
        scene = ScoringScene(app, MatchCoordinator(setup, match))
        coins = suit_name(app.t, "D", deck)
        assert scene.behind_note("grande") == app.t(key, coins=coins)
    assert app.t("sheet_behind.grande.french", coins="x") != app.t("sheet_behind.grande", coins="x")


def test_a_tie_at_the_target_is_said_on_the_sheet_and_on_the_table(app, store) -> None:
    """Tied at 11 after a round, the sheet still said the match ends once a side has 11, and
    the table went on under "Playing to 11": the match read as one that missed its end. The
    sheet says another round decides, and the table calls it a tie-break."""
    import random

    from scopa.app.table import TableScene

    setup = MatchSetup((SeatConfig("Anna", True), SeatConfig("Bruno", False, "beginner")), Rules())
    match, rng = Match.new(setup.rules, 38), random.Random(38)
    while not (match.rounds and max(match.totals) >= 11 and not match.round.history()):
        match, _ = match.apply(rng.choice(match.legal_moves()))
    assert match.totals == (11, 11) and not match.over  # tied at the target
    sheet = continued_on_its_sheet(app, store, setup, match)
    assert sheet.result_line() == app.t("round_tied", points=11)
    sheet.next_round()
    for _ in range(5):
        app.frame(1 / 30, [])
    table = app.stack.top
    assert isinstance(table, TableScene)
    assert table.snapshot().hud.target == app.t("table.tie_break")


@pytest.mark.parametrize("language", ["en", "it"])
def test_the_note_over_the_scopas_and_bonuses_is_read_whole_at_the_smallest_size(
    app, language
) -> None:
    """Three players at Cirulla in the smallest window: the note over the cards behind the
    scopas (the sweeps, then the bonuses and where they came from) was cut short with an
    ellipsis, its end lost."""
    app.resize((960, 540))
    app.set_language(language)
    rules = Rules.preset("cirulla").with_(players=3)
    seats = (SeatConfig("Giulia", True), SeatConfig("Marco", False), SeatConfig("Lucia", False))
    setup = MatchSetup(seats, rules)
    for seed in range(40):
        scene = ScoringScene(app, MatchCoordinator(setup, first_round(rules, seed)))
        if scene.behind_note("scope") == app.t("sheet_behind.scope_both"):
            break
    else:
        raise AssertionError("no round of sweeps and bonuses found")
    app.stack.push(scene)
    frame(app)
    (note,) = [text for text in scopas_pointed(app, scene)
               if text.words == app.t("sheet_behind.scope_both")]  # fmt: skip
    assert not note.elided
    close_tables(app)


def test_a_match_won_at_the_target_is_no_tie_break_on_the_table(app, store) -> None:
    """The score panel said "Tie-break" beside 8 to 11 as the match was won: any side at
    the target was taken for a tie."""
    from scopa.app.table import TableScene

    from .table_helpers import settle

    setup = MatchSetup((SeatConfig("Anna", True), SeatConfig("Bruno", False, "beginner")), Rules())
    match, rng = Match.new(setup.rules, 5), random.Random(5)
    while not match.over:
        match, _ = match.apply(rng.choice(match.legal_moves()))
    assert max(match.totals) >= 11 and match.totals.count(max(match.totals)) == 1
    table = TableScene(app, MatchCoordinator(setup, match))
    app.stack.push(table)
    settle(app, table)
    assert table.words.hud_texts()[0] == target_line(app.t, 11)


def partners_scopas(
    app, size: tuple[int, int], names: tuple[str, ...], count: int
) -> tuple[ScoringScene, list[style.Drawn]]:  # noqa: ANN001
    """The sheet of a first round of four players in teams (one side swept five times),
    its scopas row pointed at, the first side's scopas made ``count`` in turn by the
    partners: the sheet and what is written under the scopas' cards."""
    app.resize(size)
    rules = Rules(players=4)
    rng = random.Random(368)  # a first round of random moves where a side swept five times
    match = Match.new(rules, 368)
    while not match.rounds:
        match, _ = match.apply(rng.choice(match.legal_moves()))
    assert max(b.scope for b in match.rounds[-1]) == 5
    setup = MatchSetup(tuple(SeatConfig(n, i == 0) for i, n in enumerate(names)), rules)
    scene = ScoringScene(app, MatchCoordinator(setup, match))
    app.stack.push(scene)
    frame(app)
    scopas_pointed(app, scene)
    key, cards = scene.behind()
    assert key == "scope" and sorted(len(held) for held in cards) == [0, 5]
    taken = {card for held in cards for card, _ in held}
    cards[0] = [(card, 1) for card in DECK if card not in taken][:count]
    scene.behind = lambda: (key, cards)  # type: ignore[method-assign]
    scene.makers = {(0, at): (0, 2)[at % 2] for at in range(count)}
    return scene, [text for text in scopas_pointed(app, scene) if text.words.startswith("+1")]


@pytest.mark.parametrize("size", [(960, 540), (1920, 1080)])
def test_the_scopas_of_partners_are_told_under_their_cards_apart(app, size) -> None:
    """Partners with many scopas: the cards overlap, and each "+1 · You" under them was
    given the whole card's width, running into the next ("+1 · You +1 · Marco +1")."""
    # eight scopas for the player's side, made in turn by the partners: the cards overlap
    _, under = partners_scopas(app, size, ("Al", "Bo", "Cy", "Di"), 8)  # short names
    assert len(under) >= 8
    for one, other in itertools.combinations(under, 2):
        assert not one.used.colliderect(other.used), (one.words, other.words)
    close_tables(app)


def test_a_long_name_too_wide_under_a_scopa_is_told_by_its_initial(app) -> None:
    """Partners named Maximilian and Christopher: their scopas read "+1" alone, where the
    name did not fit, and "+1 · Alice" on the other side: who made them was not told."""
    from scopa.app.scenes.flow import SEPARATOR

    names = ("Maximilian", "Bo", "Christopher", "Di")
    _, drawn = partners_scopas(app, (1920, 1080), names, 4)
    under = [text.words for text in drawn]
    told = [words for words in under if words != "+1"]  # the other side's: nobody's known
    assert len(told) == 4, under
    for words in told:
        assert words in {
            f"+1{SEPARATOR}Maximilian", f"+1{SEPARATOR}M.",
            f"+1{SEPARATOR}Christopher", f"+1{SEPARATOR}C.",
        }, words  # fmt: skip
    close_tables(app)


@pytest.mark.parametrize("size", [(960, 540), (1920, 1080)])
def test_the_partners_under_their_scopas_are_told_one_way_along_a_side(app, size) -> None:
    """Emma and Jack's many sweeps and knocks: "+1 · E." under the ones that overlap, and
    "+3 · Emma" under the last, whose card shows whole: one person told two ways. A side's
    makers are named in full only where all are; else by initial."""
    from scopa.app.scenes.flow import SEPARATOR

    _, drawn = partners_scopas(app, size, ("Emma", "Bo", "Jack", "Di"), 8)
    under = [text.words for text in drawn]
    full = [w for w in under if w.endswith((f"{SEPARATOR}Emma", f"{SEPARATOR}Jack"))]
    initials = [w for w in under if w.endswith(("E.", "J."))]  # "+1 · E.", or closer "+1 E."
    assert initials and not full, under
    assert len({w.removeprefix("+1").removeprefix("+3")[:-2] for w in initials}) == 1, under
    close_tables(app)


def test_a_round_replayed_is_given_no_code_that_names_other_cards(app) -> None:
    """The first round of a replay was coded by its match's seed, as if shuffled from it:
    the code named other cards (those of that seed's first round). It has none; the
    rounds after it, shuffled from the seed, have theirs."""
    from scopa.aids.replay import replay_match
    from scopa.app.wording import deal_id

    rules = Rules(target=21)
    setup = MatchSetup(SETUP.seats, rules)
    match = Match.new(rules, 77)
    rng = random.Random(5)
    while match.round.round_no < 2:
        match, _ = match.apply(rng.choice(match.legal_moves()))
    decks = [match.round_deck(1)] * 40  # every round dealt from cards given
    given = Match.new(rules, 77, decks=decks)
    while not given.over:
        given, _ = given.apply(rng.choice(given.legal_moves()))
    assert ScoringScene(app, MatchCoordinator(setup, given)).deal_code() == ""
    again = replay_match(match, 1, 424242)  # its next rounds from a seed as the game draws
    while not again.over:
        again, _ = again.apply(rng.choice(again.legal_moves()))
    last = ScoringScene(app, MatchCoordinator(setup, again))
    code = deal_id(again.seed, len(again.rounds), "2S")
    assert len(again.rounds) > 1 and last.deal_code() == app.t("table.deal_id", id=code)


@pytest.mark.parametrize("count", [5, 8, 10])
@pytest.mark.parametrize("size", [(960, 540), (1920, 1080)])
def test_a_crowded_row_of_partners_scopas_still_tells_who_made_each(app, size, count) -> None:
    """Ten scopas of one team at 960x540: the overlapping cards left no room for "+1 · A."
    and each read "+1", while the other side's fewer said their initials. Where the
    initial does not fit beside its separator, it goes closer: "+1 A.". Each is told apart
    from the next: at 1920x1080 eight of them ran on ("+1 · L.+1 · G.+1 · G."), as if one."""
    _, drawn = partners_scopas(app, size, ("Anna", "Bo", "Carlo", "Di"), count)
    under = [text.words for text in drawn]
    told = [words for words in under if words != "+1"]
    assert len(told) >= count, under
    for one, other in itertools.combinations(drawn, 2):
        assert not one.used.colliderect(other.used), (one.words, other.words)
    for top in {text.used.top for text in drawn}:
        row = sorted((text for text in drawn if text.used.top == top),
                     key=lambda text: text.used.left)  # fmt: skip
        for one, other in itertools.pairwise(row):
            assert other.used.left - one.used.right >= one.px // 4, (one.words, other.words)
    close_tables(app)


def test_a_round_s_code_names_its_match_s_seed_whole_or_is_not_shown(app) -> None:
    """The code under the sheet kept six digits of a seed of nineteen: it named some other
    shuffle as often as this one. A new match's seed is one six digits name whole; a match
    whose seed they do not (an older version's) shows no code."""
    from scopa.app.matches import new_seed
    from scopa.app.wording import CODE_DIGITS, CODED_SEEDS, deal_id

    coordinator = MatchCoordinator.fresh(SETUP)
    seed = coordinator.match.seed
    assert 0 <= seed < CODED_SEEDS and all(0 <= new_seed() < CODED_SEEDS for _ in range(50))
    code = deal_id(seed, 1).split("-")[0]
    assert sum(CODE_DIGITS.index(c) * len(CODE_DIGITS) ** k for k, c in enumerate(code)) == seed
    rng = random.Random(3)
    for tried in (seed, CODED_SEEDS + seed):
        match = Match.new(SETUP.rules, tried)
        while not match.over:
            match, _ = match.apply(rng.choice(match.legal_moves()))
        sheet = ScoringScene(app, MatchCoordinator(SETUP, match))
        shown = sheet.deal_code()
        coded = app.t("table.deal_id", id=deal_id(tried, len(match.rounds), "2S"))
        assert shown == (coded if tried < CODED_SEEDS else "")


def test_no_round_s_code_is_told_while_the_match_goes_on(app) -> None:
    """The code under a round's sheet named the match's seed: typed in another copy of the
    game with the next round's number, it dealt the round to come, every hand of it (a
    guest at a party of six saw them all). Mid-match the sheet tells no code (Replay this
    round still deals these cards again); the final sheet tells its last round's."""
    from scopa.app.wording import deal_id

    rng = random.Random(4)
    match = Match.new(SETUP.rules, 1234)
    while not match.rounds:
        match, _ = match.apply(rng.choice(match.legal_moves()))
    assert not match.over
    sheet = ScoringScene(app, MatchCoordinator(SETUP, match))
    assert sheet.deal_code() == ""
    seen: list[style.Drawn] = []
    app.stack.push(sheet)
    with style.watch_text(seen.append):
        frame(app)
    code = deal_id(1234, 1, "2S")
    assert not [text for text in seen if code in text.words]
    assert app.t("replay_deal") in [button.text() for button in sheet.buttons]
    close_tables(app)
    while not match.over:
        match, _ = match.apply(rng.choice(match.legal_moves()))
    final = ScoringScene(app, MatchCoordinator(SETUP, match))
    told = deal_id(1234, len(match.rounds), "2S")
    assert final.deal_code() == app.t("table.deal_id", id=told)


@pytest.mark.parametrize("sides", [3, 6])
def test_sides_wear_their_shapes_on_the_sheet_and_its_chart(app, monkeypatch, sides) -> None:  # noqa: ANN001
    """Three pairs' names, and the lines of their points on the chart, were told apart by
    a colour alone (the red and the ochre alike to a colour-blind player): each wears its
    side's shape, as its plates at the table do. Six alone wore theirs by their names, and
    their lines on the chart ended on plain dots."""
    from scopa.app import style

    drawn: list[int] = []
    shape = style.side_shape
    monkeypatch.setattr(
        style,
        "side_shape",
        lambda surface, side, *rest: drawn.append(side) or shape(surface, side, *rest),
    )
    names = ("Anna", "Bruno", "Carla", "Dario", "Elena", "Fabio")
    six_sheet_headings(app, "en", sides, names)
    assert sorted(set(drawn)) == list(range(sides))
    assert all(drawn.count(side) >= 2 for side in range(sides))


def test_lines_ending_level_show_each_side_s_shape(app, monkeypatch) -> None:  # noqa: ANN001
    """Two pairs tied at the last round: one's shape lay over the other's at the line's
    end, and only the colour of the numbers beside them told them apart."""
    from scopa.app import style
    from scopa.app.scenes.chart import line_chart
    from scopa.app.style.scale import Metrics

    centres: dict[int, tuple[float, float]] = {}
    monkeypatch.setattr(
        style, "side_shape", lambda surface, side, centre, *rest: centres.update({side: centre})
    )
    app.resize((960, 540))
    surface = pygame.Surface((400, 300))
    series = [[0, 2], [0, 2], [0, 1]]
    line_chart(surface, surface.get_rect(), Metrics(app, app.size), series, style.SIDE_COLORS,
               x_labels=["0", "1"], y_min=0, shapes=True)  # fmt: skip
    assert sorted(centres) == [0, 1, 2]
    (x0, y0), (x1, y1) = centres[0], centres[1]
    assert y0 == y1 and abs(x0 - x1) >= 4  # side by side, both in sight


def won_by(match: Match, winner: int, totals: tuple[int, ...]) -> Match:
    """``match`` as if ``winner`` had won it with ``totals``."""
    return Match._make(
        match.rules, 7, 0, (), match.round, totals, match.rounds, winner, False, None
    )


def test_rematches_keep_a_tally_of_the_matches_won_through_a_save(app) -> None:
    """A hot-seat evening of rematches: each final sheet said the score of that match
    alone, and who was ahead over the evening had to be kept on paper. From the first
    rematch on, the final sheet tells the matches each side won so far; the tally is saved
    with the match (a match left and continued keeps it) and a new match starts afresh."""
    from scopa.app.table.scene import TableScene

    app.set_language("en")
    app.settings = app.settings.with_(rules=Rules(), tutorial_done=True)
    first, _ = known_match(Rules(), (0, 0), (12, 4), over=True)  # Giulia (side 0) won
    sheet = ScoringScene(app, MatchCoordinator(SETUP, first))
    app.stack.push(sheet)
    frame(app)
    assert "so far" not in sheet.result_line()  # one match: nothing to tally
    app.frame(RESULT_CLICK_GRACE, [])
    click(app, next(b for b in sheet.buttons if b.text() == app.t("rematch")))
    try:
        table = app.stack.top
        assert isinstance(table, TableScene)
        coordinator = table.coordinator
        assert coordinator.won_before == (1, 0)
        coordinator.flush()
        close_tables(app)  # Save and leave: the tally is kept with the match
        assert app.matches.resume()  # Continue
        coordinator = app.stack.top.coordinator
        assert coordinator.won_before == (1, 0)
        second = won_by(first, 1, (5, 11))  # Marco wins this one
        coordinator.replace(second)
        sheet = ScoringScene(app, coordinator)
        assert sheet.result_line() == app.t(
            "match_tally", line=sheet._result(), tally="Giulia 1, Marco 1"
        )
        coordinator.flush()
        app.store.clear_match()  # the match ended: nothing saved is replaced
        app.matches.rematch(coordinator)
        assert app.stack.top.coordinator.won_before == (1, 1)
        app.set_language("it")
        third = app.stack.top.coordinator
        third.replace(won_by(first, 1, (2, 11)))
        assert (
            ScoringScene(app, third)
            .result_line()
            .endswith("\u00a0· partite vinte finora: Marco 2, Giulia 1")
        )
        third.flush()
        app.store.clear_match()
        app.matches.start(SETUP)  # a new match, not a rematch: no tally
        assert app.stack.top.coordinator.won_before == ()
    finally:
        close_tables(app)
    # three sides: the points are the Total row's; those who won none are left out
    three = Rules(players=3)
    seats = tuple(SeatConfig(name, True) for name in ("Anna", "Bruno", "Carla"))
    over = play_out(Match.new(three, 3), random.Random(3))
    coordinator = MatchCoordinator(MatchSetup(seats, three), over)
    won, second = over.winner, (over.winner + 1) % 3
    coordinator.won_before = tuple(int(side in (won, second)) for side in range(3))
    names = ("Anna", "Bruno", "Carla")
    tally = f"{names[won]} 2, {names[second]} 1"
    assert ScoringScene(app, coordinator).result_line() == app.t(
        "match_tally_round", n=len(over.rounds), tally=tally
    )


@pytest.mark.parametrize("language", ["en", "it"])
def test_the_last_sheet_of_a_win_says_the_wins_in_a_row(app, language) -> None:
    """A third win in a row ended as quietly as the first (the commercial apps count the
    run). The last sheet of a win says the run it extends, from the second win on, as the
    statistics count it; a loss says none."""
    app.set_language(language)
    won, _ = known_match(Rules(), (0, 0), (12, 4), over=True)  # Giulia, here, won
    lost = won_by(won, 1, (4, 12))
    for match, run in ((won, 1), (won, 2), (won, 3), (lost, 0)):
        app.store.record_result(SETUP, match)
        sheet = ScoringScene(app, MatchCoordinator(SETUP, match))
        said = app.t("match_streak", line=sheet._tallied(), n=run)
        assert (sheet.result_line() == said) == (run >= 2), (run, sheet.result_line())
        assert sheet.streak == (run if match is won else 0)


def test_the_wins_in_a_row_count_the_match_whose_result_is_still_being_written(app) -> None:
    """At 'instant' the last sheet opened before the saver's thread wrote the match's
    result: the sheet read the statistics without it, and said no run (two wins before,
    this the third). It counts this match in, once, written or not."""
    app.set_language("en")
    won, _ = known_match(Rules(), (0, 0), (12, 4), over=True)
    for seed in (8, 9):  # two other matches won before this one
        other = Match._make(won.rules, seed, 0, (), won.round, (11, 7), won.rounds, 0, False, None)
        app.store.record_result(SETUP, other)
    sheet = ScoringScene(app, MatchCoordinator(SETUP, won))  # not in the file yet
    assert sheet.streak == 3
    assert sheet.result_line() == app.t("match_streak", line=sheet._tallied(), n=3)
    app.store.record_result(SETUP, won)  # written now: counted once, not twice
    assert ScoringScene(app, MatchCoordinator(SETUP, won)).streak == 3


def test_the_wins_in_a_row_are_not_said_again_beside_a_tally_that_tells_them(app) -> None:
    """A third rematch won in a row read "matches won so far: Giulia 3, Marco 0 · 3 wins
    in a row": the run is said only where it is longer than the tally's."""
    app.set_language("en")
    won, _ = known_match(Rules(), (0, 0), (12, 4), over=True)
    for seed in (8, 9):
        other = Match._make(won.rules, seed, 0, (), won.round, (11, 7), won.rounds, 0, False, None)
        app.store.record_result(SETUP, other)
    coordinator = MatchCoordinator(SETUP, won)
    coordinator.won_before = (2, 0)  # the two wins were this row's rematches
    sheet = ScoringScene(app, coordinator)
    assert sheet.streak == 3 and sheet.result_line() == sheet._tallied()
    app.store.record_result(SETUP, Match._make(won.rules, 10, 0, (), won.round, (11, 7),
                                               won.rounds, 0, False, None))  # fmt: skip
    longer = ScoringScene(app, MatchCoordinator(SETUP, won))  # a win before the row began
    longer.coordinator.won_before = (2, 0)
    longer._streak = None
    assert longer.streak == 4
    assert longer.result_line() == app.t("match_streak", line=longer._tallied(), n=4)


def test_a_win_the_statistics_will_not_count_says_no_run(app) -> None:
    """A copy of the game kept out of the folder: its win is not counted, yet its sheet
    counted it in the run of wins it said ("3 wins in a row" beside "not counted")."""
    app.set_language("en")
    won, _ = known_match(Rules(), (0, 0), (12, 4), over=True)
    for seed in (8, 9):
        other = Match._make(won.rules, seed, 0, (), won.round, (11, 7), won.rounds, 0, False, None)
        app.store.record_result(SETUP, other)
    app.store.locked_out = True
    try:
        sheet = ScoringScene(app, MatchCoordinator(SETUP, won))
        assert sheet.not_counted and sheet.streak == 0
        assert sheet.result_line() == sheet._tallied()
    finally:
        app.store.locked_out = False


@pytest.mark.parametrize("size", [(960, 540), (1920, 1080)])
@pytest.mark.parametrize("players", [3, 4])
def test_the_primiera_s_cards_of_many_sides_are_drawn_large_enough_to_read(
    app, monkeypatch, size, players
):
    """Three sides' primiera cards lay one side under the other, 23 pixels wide at 960x540
    (47 at 1920x1080) with the room beside them empty: the sides go in two columns where
    their cards are larger so."""
    from scopa.app import style

    app.resize(size)
    names = ("Anna", "Bruno", "Carla", "Dario")[:players]
    rules = Rules(players=players, teams=False)
    setup = MatchSetup(tuple(SeatConfig(name, True) for name in names), rules)
    scene, _ = first_sheet(app, setup)
    widths: list[int] = []
    draw = style.draw_card
    monkeypatch.setattr(style, "draw_card", lambda *args: widths.append(args[-1]) or draw(*args))
    pos = scene.row_boxes["primiera"].center
    frame(app, pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    frame(app)
    assert widths and min(widths) >= 0.045 * size[0]


def test_a_row_no_side_holds_cards_behind_is_drawn_with_many_sides(app) -> None:
    """A row whose sides hold no cards behind it (Cirulla's bonuses, none made at a table of
    four on their own): choosing the sides' columns by their cards' width divided by none."""
    from scopa.app import style

    names = ("Anna", "Bruno", "Carla")
    setup = MatchSetup(tuple(SeatConfig(name, True) for name in names), Rules(players=3))
    scene, _ = first_sheet(app, setup)
    drawn: list = []
    with style.watch_text(drawn.append):
        scene._draw_behind(app.screen, "scope", [(), (), ()])
    assert [text.words for text in drawn if text.words in names] == list(names)


@pytest.mark.parametrize(("players", "six_sides", "shapes"), [(6, 6, 6), (3, 2, 3), (2, 2, 0)])
def test_the_sides_headings_wear_the_shapes_the_table_gives_them(
    app, monkeypatch, players, six_sides, shapes
) -> None:
    """Three sides or more alone wear shapes at the table (their colours alone may look
    alike): their headings on the sheet wore colours only."""
    from scopa.app.scenes import scoring

    drawn: list[int] = []
    monkeypatch.setattr(
        scoring.style, "side_shape", lambda surface, side, *rest: drawn.append(side)
    )
    rules = Rules(players=players, six_sides=six_sides)
    names = ("Anna", "Bruno", "Carla", "Dino", "Elio", "Fede")[:players]
    setup = MatchSetup(tuple(SeatConfig(n, i == 0) for i, n in enumerate(names)), rules)
    first_sheet(app, setup)
    assert sorted(set(drawn)) == list(range(shapes))


@pytest.mark.parametrize("language", ["it", "en"])
def test_sides_headings_a_little_too_long_are_all_set_on_one_line(app, language) -> None:
    """Two teams of three at 960x540: "Anna, Carla & Elio" on one line beside "Bruno, Dino"
    over "& Fede", their underlines at two heights. Set a little smaller, both keep to one
    line."""
    names = ("Anna", "Bruno", "Carla", "Dino", "Elio", "Fede")
    heads = six_sheet_headings(app, language, 2, names)
    assert len(heads) == 2
    assert [len(text.lines) for text in heads] == [1, 1], [text.lines for text in heads]
    assert heads[0].px == heads[1].px >= heads[0].asked * 0.85


@pytest.mark.parametrize("size", [(960, 540), (1920, 1080)])
def test_a_side_with_nothing_behind_a_row_leaves_no_gap_between_the_others(
    app, size, monkeypatch
) -> None:  # noqa: ANN001
    """Behind the scopas' row, a side with none kept half the panel empty under its name,
    the other side's cards far below: a side with nothing takes its name's room, and the
    next side's name comes right under it (or right under the cards before it)."""
    app.resize(size)
    seats = (SeatConfig("Anna", True), SeatConfig("Bruno", False, "expert"))
    scene, _ = first_sheet(app, MatchSetup(seats, Rules()))
    cards: list[pygame.Rect] = recorded(monkeypatch, style, "draw_card")
    heads: list[pygame.Rect] = []
    label = scene._behind_label

    def head(surface, pen, box, *args, **kwargs):  # noqa: ANN001, ANN002, ANN003, ANN202
        heads.append(pygame.Rect(box))
        return label(surface, pen, box, *args, **kwargs)

    monkeypatch.setattr(scene, "_behind_label", head)
    scopas = tuple((card, 1) for card in parse_cards("9S 6B 2D"))  # three, small side by side
    for held in ([(), scopas], [scopas, ()]):
        cards.clear()
        heads.clear()
        scene._draw_behind(pygame.Surface(size), "scope", held)
        first, second = heads
        above = first.bottom if not held[0] else max(rect.bottom for rect in cards)
        # (under the cards, a line for their points)
        assert 0 <= second.top - above <= scene.m.px(0.08), (held, first, second, cards)


@pytest.mark.parametrize("language", ["en", "it"])
def test_a_row_the_sides_tied_says_so(app, language) -> None:
    """Primiera 78 to 78: no "+1" for anybody and no word why, and a child asked who had
    won the primiera. A row the sides are level on at the top, its point given to no one,
    says "tie" beside each of their figures."""
    app.set_language(language)
    first = parse_cards("7D 1D 2D 3D 4D 7C 1C 2C 3C 4C 6S 5S 8S 9S 10S 6B 5B 8B 9B 10B")
    rest = [card for card in DECK if card not in first]
    rules = Rules()
    scores = score_round([list(first), rest], (0, 0), rules)
    start = Match.new(rules, 7)
    match = Match._make(rules, 7, 0, (), start.round, (1, 0), (scores,), None, False, None)
    scene = ScoringScene(app, MatchCoordinator(SETUP, match))
    app.stack.push(scene)
    sheet = {row.key: row for row in scene.sheet()}
    for key in ("carte", "denari", "primiera"):
        assert sheet[key].points == (0, 0) and sheet[key].tied == (True, True), key
    assert sheet["primiera"].cells == ("78", "78")
    assert not any(sheet["settebello"].tied) and sheet["settebello"].points == (1, 0)
    drawn: list[style.Drawn] = []
    with style.watch_text(drawn.append):
        frame(app)
    ties = [text for text in drawn if text.words == app.t("sheet_tie")]
    assert len(ties) == 6 and not any(text.elided for text in ties)
