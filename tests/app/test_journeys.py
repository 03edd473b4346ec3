"""Walks across the seams between scenes, as players make them: the first start, the pause
menu's settings under a match, leaving and coming back."""

from __future__ import annotations

import random
import time

import pygame
import pytest

from scopa.app import style
from scopa.app.scenes.review import ReviewScene
from scopa.app.scenes.rule_examples import EXAMPLES, draw_example
from scopa.app.scenes.title import TitleScene
from scopa.app.table import TableScene
from scopa.app.table.frame import FrameCache
from scopa.app.widgets import resolve
from scopa.engine import Match, Rules
from scopa.settings import MatchSetup, SeatConfig

from .menu_helpers import click as menu_click
from .menu_helpers import close_tables, frame, press
from .review_helpers import SOLO, reviewed
from .table_helpers import coordinated, inline_worker, pump, settle, solo_setup

pytestmark = pytest.mark.processes  # whole journeys, with the game's worker processes


def colours(surface: pygame.Surface, area: pygame.Rect) -> int:
    """How many different colours ``area`` of ``surface`` holds (one: a plain sheet)."""
    pixels = pygame.image.tobytes(surface.subsurface(area), "RGB")
    return len({pixels[i : i + 3] for i in range(0, len(pixels), 3)})


def test_first_start_shows_the_title_under_the_offer(app):
    """The title opens and the tutorial offer covers it at once: the title shows through
    the offer's veil, instead of staying dark at the first moment of its fade-in."""
    app.settings = app.settings.with_(tutorial_done=False)
    app.home()
    app.open("tutorial_offer")
    for _ in range(30):
        pump(app)
    offer = app.stack.top
    left_of_panel = pygame.Rect(0, 0, offer.panel.left, app.size[1])
    assert colours(app.screen, left_of_panel) > 50


def fresh_paint(scene: TableScene) -> pygame.Surface:
    """The table as a painter with no memory of earlier frames draws it."""
    surface = pygame.Surface(scene.app.size)
    remembered = scene.painter.frames
    scene.painter.frames = FrameCache()
    try:
        scene.draw(surface)
    finally:
        scene.painter.frames = remembered
    return surface


@pytest.mark.parametrize("change", [{}, {"deck_style": "piacentine"}, {"corner_index": False}])
def test_cards_changed_in_the_pause_settings_are_drawn_everywhere_on_resume(app, change):
    """Cards chosen in the settings over a match: on resume the table, the deck and the
    piles are drawn with them too, not only the hand."""
    app.settings = app.settings.with_(animation_speed="instant", language="en")
    setup = solo_setup()
    scene = TableScene(app, coordinated(app, setup), worker=inline_worker())
    app.stack.push(scene)
    settle(app, scene)
    pump(app, 3)
    press(app, pygame.K_ESCAPE)
    pause = app.stack.top
    menu_click(app, pause.buttons[1])  # Settings
    app.settings = app.settings.with_(**change)
    press(app, pygame.K_ESCAPE)  # back to the pause menu
    press(app, pygame.K_ESCAPE)  # resume
    assert app.stack.top is scene
    pump(app, 3)
    expected = fresh_paint(scene)
    assert pygame.image.tobytes(app.screen, "RGB") == pygame.image.tobytes(expected, "RGB")
    close_tables(app)


@pytest.mark.parametrize("kind", [pygame.WINDOWEXPOSED, pygame.VIDEOEXPOSE])
def test_a_window_that_lost_its_picture_is_shown_whole_at_once(app, monkeypatch, kind):
    """Mapped again, switched to full screen or uncovered, the window has lost its picture:
    the next frame shows all of it, even while cards move (when only their pieces would be
    shown) and when the table is still (when nothing would be shown)."""
    app.settings = app.settings.with_(animation_speed="normal", language="en")
    scene = TableScene(app, coordinated(app, solo_setup()), worker=inline_worker())
    app.stack.push(scene)
    pump(app, 5)
    shown: list[str] = []
    monkeypatch.setattr(pygame.display, "flip", lambda: shown.append("whole"))
    monkeypatch.setattr(pygame.display, "update", lambda rects=None: shown.append("pieces"))
    assert scene.director.busy  # the deal is moving
    app.frame(1 / 60, [pygame.event.Event(kind)], draw=None)
    assert shown == ["whole"]
    settle(app, scene)
    app.frame(1 / 60, [], draw=None)
    shown.clear()
    app.frame(1 / 60, [pygame.event.Event(kind)], draw=None)
    assert shown == ["whole"]
    close_tables(app)


def test_the_window_surface_replaced_by_the_window_system_is_the_one_drawn_on(app):
    """The window system changes the window behind the game's back (a full-screen window
    minimised and restored gets a new surface from pygame, and a full-screen game ignores
    resize events): the game draws on the window's surface as it is now, laid out for its
    size (drawing on the old surface crashed the game)."""
    app.settings = app.settings.with_(animation_speed="instant", language="en")
    scene = TableScene(app, coordinated(app, solo_setup()), worker=inline_worker())
    app.stack.push(scene)
    settle(app, scene)
    before = app.screen
    with pytest.warns(DeprecationWarning):
        window = pygame.Window.from_display_module()
    window.size = (before.get_width() - 24, before.get_height() - 24)
    pygame.event.pump()  # pygame gives the window its new surface
    pygame.event.clear()  # the events about it are not for the game
    app.frame(1 / 60, [])
    assert app.screen is pygame.display.get_surface()
    assert scene.layout.size == window.size
    expected = fresh_paint(scene)
    assert pygame.image.tobytes(app.screen, "RGB") == pygame.image.tobytes(expected, "RGB")
    close_tables(app)


@pytest.mark.parametrize("size", [(960, 540), (1280, 720), (1920, 1080)])
def test_the_review_rows_keep_a_clear_gap_between_the_cost_the_cards_and_the_words(app, size):
    """The glow around the card played and Master's stays inside its column: the cost on
    the left ("-0,6 punti") and the words on the right are never touched by it."""
    app.settings = app.settings.with_(animation_speed="instant", language="it")
    app.set_language("it")
    app.matches.coach_mode = "thread"
    app.resize(size)
    coordinator = reviewed(app, SOLO)
    app.home()
    app.stack.push(TableScene(app, coordinator, worker=inline_worker()))
    scoring = app.open("scoring", coordinator=coordinator)
    frame(app)
    menu_click(app, scoring.review_button)
    review = app.stack.top
    assert isinstance(review, ReviewScene) and review.grades()
    frame(app)
    info_x, info_w = review.info_column
    hand_x, hand_w = review.hand_column
    table_x, table_w = review.table_column
    text_x, _ = review.text_column
    gaps = [(info_x + info_w, hand_x), (table_x + table_w, text_x)]
    for row in review.rows[: len(review.grades())]:
        for left, right in gaps:
            assert right > left
            strip = pygame.Rect(left, row.top + 4, right - left, row.h - 8)
            assert colours(app.screen, strip) == 1, (size, row, left, right)
    close_tables(app)


LABELLED = sorted(n for n, e in EXAMPLES.items() if e.table_label and not e.six_sides)
"""The rules' examples with a label over their cards."""


@pytest.mark.parametrize("size", [(960, 540), (1920, 1080)])
@pytest.mark.parametrize("name", LABELLED)
def test_the_labels_over_the_rules_cards_sit_clear_of_the_felt(app, size, name):
    """Labels such as "Your pile: the best card of each suit" and "Table" are written
    above the felt of the cards, not with their feet on its wooden edge."""
    app.settings = app.settings.with_(language="en")
    app.set_language("en")
    app.resize(size)
    example = EXAMPLES[name]
    surface = pygame.Surface(app.size)
    surface.fill(style.PAPER)
    area = pygame.Rect(app.size[0] // 2, app.size[1] // 8, app.size[0] // 2 - 20, app.size[1])
    seen: list[style.Drawn] = []
    with style.watch_text(seen.append):
        draw_example(surface, app, example, area, style.Metrics(app, app.size))
    labels = [d for d in seen if d.words == app.t(example.table_label)]
    assert labels
    felt = {tuple(style.FELT), tuple(style.WOOD)}
    for label in labels:
        block = label.used.clip(surface.get_rect())
        pixels = pygame.image.tobytes(surface.subsurface(block), "RGB")
        touched = sum(tuple(pixels[i : i + 3]) in felt for i in range(0, block.w * block.h * 3, 3))
        assert touched == 0, (label.words, label.used)


def test_a_match_its_folder_would_not_keep_comes_back_as_played_here(app, store, monkeypatch):
    """In a folder that cannot be written, Continue brought back the match as it was last
    saved: one move before its end, to be won again, after it was played out; and moves
    behind the one left. The game holds the match further on than the disk: Continue
    brings it back as played here, and a match played out here is offered as ended (its
    result, which the folder refused, not counted yet) rather than forgotten uncounted."""
    from scopa.app.matches import MatchCoordinator
    from scopa.app.table.saving import MatchSaver
    from scopa.engine import Match

    setup = MatchSetup((SeatConfig("Anna", True), SeatConfig("Bruno", False)), Rules())
    coordinator = MatchCoordinator(setup, Match.new(setup.rules, 5), saver=MatchSaver(store))
    coordinator.settings_rules = Rules(napola=True)  # the settings when it began
    app.matches.current = coordinator
    rng = random.Random(2)
    for _ in range(5):
        coordinator.apply(rng.choice(coordinator.match.legal_moves()))
    coordinator.flush()
    for name in ("save_match", "clear_match", "save_stats"):  # the folder turned read-only
        monkeypatch.setattr(store, name, lambda *args, **kwargs: False)
    for _ in range(7):
        coordinator.apply(rng.choice(coordinator.match.legal_moves()))
    coordinator.flush()
    assert len(store.load_match()[1].moves) == 5
    saved = app.matches.saved()
    assert saved is not None and saved[1].moves == coordinator.match.record().moves
    assert saved.settings_rules == Rules(napola=True)  # its rematch takes changes since
    while not coordinator.match.over:
        coordinator.apply(rng.choice(coordinator.match.legal_moves()))
    coordinator.flush()
    assert store.load_match() is not None  # still on the disk, which could not forget it
    saved = app.matches.saved()
    assert saved is not None and saved.ended and not saved.counted
    assert saved[1].moves == coordinator.match.record().moves
    title = TitleScene(app)
    assert title.resume in title.form.widgets


def one_play_from_the_end(setup: MatchSetup):  # noqa: ANN201
    """A match of ``setup`` one play from its end, the play a computer's and its only one
    (whatever it chooses, the match ends with it)."""
    from scopa.engine import Match

    for seed in range(200):
        match = Match.new(setup.rules, seed)
        rng = random.Random(seed)
        while not match.over:
            moves = match.legal_moves()
            ending = [move for move in moves if match.apply(move)[0].over]
            if ending:
                if match.turn == 1 and len(moves) == 1:
                    return match
                break
            match, _ = match.apply(rng.choice(moves))
    raise AssertionError("no such match in the seeds tried")


@pytest.mark.parametrize("language", ["en", "it"])
def test_a_game_closed_during_the_match_s_last_play_shows_how_it_ended_next_time(
    app, store, tmp_path, language
):
    """Closed while the computer made the match's last play, the game counted the result
    but never showed it: the next start had no Continue and no word of how it ended. The
    match now stays saved until its last sheet is shown: Continue says it ended and opens
    that sheet; the result is counted once, and then the match is no longer offered."""
    from scopa.app.app import App
    from scopa.app.registry import default_scenes
    from scopa.app.scenes.flow import saved_line
    from scopa.app.scenes.scoring import ScoringScene
    from scopa.storage import Store

    setup = MatchSetup((SeatConfig("Anna", True), SeatConfig("Bruno", False, "beginner")), Rules())
    store.save_match(setup, one_play_from_the_end(setup).record())
    app.settings = app.settings.with_(language=language, animation_speed="slow", tutorial_done=True)
    app.stack.push(TitleScene(app))
    assert app.matches.resume()
    deadline = time.monotonic() + 30  # (the computer thinks in a process of its own: under
    while time.monotonic() < deadline:  # a loaded machine, 600 quick frames went by first)
        app.frame(1 / 30, [])
        if app.matches.current.match.over:
            break
        time.sleep(0.002)
    assert app.matches.current.match.over
    app.frame(1 / 30, [])
    assert isinstance(app.stack.top, TableScene), "the last card still on its way"
    app.close()  # the window closed before the last sheet

    again = App(Store(tmp_path), size=(1280, 720), scenes=default_scenes())
    assert again.store.load_stats().total().played == 1
    title = again.stack.top
    if not isinstance(title, TitleScene):
        title = TitleScene(again)
        again.stack.push(title)
    frame(again)
    assert title.resume in title.form.widgets
    saved = again.matches.saved()
    assert saved is not None and saved.ended
    line = saved_line(again, saved.setup, saved.match)()
    assert resolve(title.resume.hint) == again.t("continue_hint_ended", saved=line)
    assert again.t("saved_line_over", what="", score="").strip(" ·:") in line
    menu_click(again, title.resume)
    for _ in range(10):
        again.frame(1 / 30, [])
    sheet = again.stack.top
    assert isinstance(sheet, ScoringScene) and sheet.match.over
    assert sheet.match.winner is not None and "!" in sheet.headline()  # who won the match
    again.home()
    frame(again)
    title = again.stack.top
    assert isinstance(title, TitleScene) and title.resume not in title.form.widgets
    assert again.store.load_match() is None
    assert again.store.load_stats().total().played == 1, "counted once"
    again.close()


def test_a_game_closed_on_the_last_sheet_comes_back_to_it_with_its_rematch(tmp_path) -> None:
    """The window closed on a match's last sheet: the match was let go as the sheet
    showed, and with it the Rematch and the tally of the rematches won so far (closed a
    moment earlier, it came back). It comes back to that sheet, Rematch and tally in it;
    left for the title, it is let go."""
    from scopa.app.app import App
    from scopa.app.registry import default_scenes
    from scopa.app.scenes.scoring import ScoringScene
    from scopa.app.scenes.title import TitleScene
    from scopa.storage import Store

    store = Store(tmp_path)
    app = App(store, size=(1280, 720), scenes=default_scenes())
    app.settings = app.settings.with_(language="en", animation_speed="instant", tutorial_done=True)
    setup = MatchSetup((SeatConfig("Anna", True), SeatConfig("CPU", False, "greedy")), Rules())
    match = Match.new(setup.rules, 5)
    rng = random.Random(5)
    while True:  # to the last play of the match
        after, _ = match.apply(rng.choice(match.legal_moves()))
        if after.over:
            break
        match = after
    store.save_match(setup, match.record(), won_before=(1, 1))
    app.stack.push(TitleScene(app))
    assert app.matches.resume()
    table = app.stack.top
    table.play(after.moves()[-1])
    for _ in range(600):
        app.frame(1 / 30, [])
        if isinstance(app.stack.top, ScoringScene):
            break
    sheet = app.stack.top
    assert isinstance(sheet, ScoringScene) and sheet.match.over
    app.close()  # the window closed on the last sheet

    again = App(Store(tmp_path), size=(1280, 720), scenes=default_scenes())
    again.settings = again.settings.with_(language="en", tutorial_done=True)
    assert again.store.load_stats().total().played == 1  # counted once
    title = TitleScene(again)
    again.stack.push(title)
    assert title.saved is not None and title.saved.ended
    assert again.matches.resume()
    for _ in range(10):
        again.frame(1 / 30, [])
    sheet = again.stack.top
    assert isinstance(sheet, ScoringScene) and sheet.match.over
    assert again.t("rematch") in [button.text() for button in sheet.buttons]
    assert "so far" in sheet.result_line()  # the rematches' tally, kept
    again.home()
    assert again.store.load_match() is None  # left for the title: let go
    assert again.store.load_stats().total().played == 1
    again.close()


@pytest.mark.parametrize(("language", "said", "not_said"), [
    ("en", "after round 1:", "round 2"),
    ("it", "dopo la smazzata 1:", "smazzata 2"),
])  # fmt: skip
def test_a_match_left_on_a_round_s_sheet_is_told_as_that_round_s(
    tmp_path, language, said, not_said
) -> None:
    """A match whose window closed on its first round's sheet was told on the title as
    "round 2: Anna 1, CPU 3" while Continue opened that round's sheet: the line tells
    the round scored ("after round 1"), as Continue finds it."""
    from scopa.app.app import App
    from scopa.app.registry import default_scenes
    from scopa.app.scenes.scoring import ScoringScene
    from scopa.storage import Store

    store = Store(tmp_path)
    app = App(store, size=(1280, 720), scenes=default_scenes())
    app.settings = app.settings.with_(
        language=language, animation_speed="instant", tutorial_done=True
    )
    setup = MatchSetup((SeatConfig("Anna", True), SeatConfig("CPU", False, "greedy")), Rules())
    match = Match.new(setup.rules, 5)
    rng = random.Random(5)
    while not match.apply(match.legal_moves()[0])[0].rounds:  # to the first round's last play
        match, _ = match.apply(rng.choice(match.legal_moves()))
    store.save_match(setup, match.record())
    app.stack.push(TitleScene(app))
    assert app.matches.resume()
    if match.turn == 0:  # Anna's, played; else the computer's, played as the table opens
        app.stack.top.play(match.legal_moves()[0])
    deadline = time.monotonic() + 30
    while not isinstance(app.stack.top, ScoringScene) and time.monotonic() < deadline:
        app.frame(1 / 30, [])
        time.sleep(0.002)
    sheet = app.stack.top
    assert isinstance(sheet, ScoringScene) and not sheet.match.over
    app.close()  # the window closed on the first round's sheet

    again = App(Store(tmp_path), size=(1280, 720), scenes=default_scenes())
    again.set_language(language)
    title = TitleScene(again)
    again.stack.push(title)
    frame(again)
    line = resolve(title.resume.hint).replace("\xa0", " ")  # ("round 1" kept on one line)
    assert said in line and not_said not in line, line
    assert again.matches.resume()
    for _ in range(10):
        again.frame(1 / 30, [])
    assert isinstance(again.stack.top, ScoringScene), "Continue opens that sheet"
    again.close()
