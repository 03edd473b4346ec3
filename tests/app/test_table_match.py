"""A whole match through the table and scoring scenes, and the view kept true to the engine."""

from __future__ import annotations

import pygame

from scopa.app.table import TableScene
from scopa.engine import Match, Rules
from scopa.settings import MatchSetup, SeatConfig

from .table_helpers import FRAME, coordinated, inline_worker, pump, settle


def view_matches_engine(scene: TableScene) -> None:
    """Once the show has caught up, every card is drawn where the engine has it."""
    round_ = scene.match.round
    view = scene.view
    for seat in range(scene.setup.rules.players):
        assert sorted(view.hands[seat]) == sorted(round_.hand(seat)), f"hand of seat {seat}"
    assert sorted(c for c in view.slots if c) == sorted(round_.table_cards())
    for side in range(scene.setup.rules.sides):
        shown = {c for c, p in view.places.items() if p in (("pile", side), ("marker", side))}
        assert shown == set(round_.pile(side)), f"pile of side {side}"
        assert len(view.markers[side]) == round_.scope[side]


def test_whole_match_through_table_and_scoring_scenes(app, store):
    from scopa.app.scenes.scoring import ScoringScene

    app.settings = app.settings.with_(animation_speed="instant", language="en")
    rules = Rules().with_(target=11)
    seats = (SeatConfig("Anna", False, "beginner"), SeatConfig("Bruno", False, "expert"))
    setup = MatchSetup(seats, rules)
    scene = TableScene(app, coordinated(app, setup, Match.new(rules, 2024)), worker=inline_worker())
    app.stack.push(scene)
    scorings = 0
    for _ in range(20000):
        top = app.stack.top
        if isinstance(top, ScoringScene):
            scorings += 1
            assert top.match is scene.match
            if scene.match.over:
                break
            enter = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r")
            while top.age < top.keys_from:  # the sheet is read before Return turns it
                app.frame(FRAME, [])
            app.frame(FRAME, [enter])
            assert app.stack.top is scene, "the scoring scene did not give the table back"
            continue
        assert top is scene
        pump(app)
        if not scene.director.busy and not scene.match.over and scene.match.round.history():
            view_matches_engine(scene)
    assert scene.match.over
    assert scorings == len(scene.match.rounds)
    scene.coordinator.flush()
    assert store.load_match() is None  # watching never touches the saved match
    assert store.load_stats().total().played == 0  # nor the player's statistics


def test_resumed_match_is_laid_out_as_saved(app):
    app.settings = app.settings.with_(animation_speed="instant", language="en")
    rules = Rules()
    setup = MatchSetup((SeatConfig("Anna", True), SeatConfig("CPU", False, "beginner")), rules)
    match = Match.new(rules, 99)
    while len(match.round.history()) < 9 or match.turn != 0:
        match, _ = match.apply(match.legal_moves()[-1])
    scene = TableScene(app, coordinated(app, setup, match), worker=inline_worker())
    app.stack.push(scene)
    settle(app, scene)
    view_matches_engine(scene)
    assert scene.human_to_play == 0


def test_every_move_is_saved(app, store):
    app.settings = app.settings.with_(animation_speed="instant", language="en")
    rules = Rules()
    seats = (SeatConfig("Anna", False, "beginner"), SeatConfig("Bruno", False, "beginner"))
    scene = TableScene(
        app,
        coordinated(app, MatchSetup(seats, rules), Match.new(rules, 5), saved=True),
        worker=inline_worker(),
    )
    app.stack.push(scene)
    for _ in range(200):
        pump(app)
        if len(scene.match.moves()) >= 5:
            break
    scene.coordinator.flush()
    saved = store.load_match()
    assert saved is not None
    assert saved[1].moves == scene.match.moves()
    assert saved[1].replay().round.hands == scene.match.round.hands


def test_match_end_records_the_result_and_forgets_the_match_once_its_sheet_is_left(
    app, store, monkeypatch
):
    """The table's own bookkeeping, whatever the scoring scene does between rounds: the
    match over is counted, and kept until its last sheet is left for the title."""
    monkeypatch.setattr(TableScene, "_show_scoring", lambda self: self.director.resume())
    app.settings = app.settings.with_(animation_speed="instant", language="en")
    rules = Rules().with_(target=11)
    seats = (SeatConfig("Anna", False, "greedy"), SeatConfig("Bruno", False, "greedy"))
    scene = TableScene(
        app,
        coordinated(app, MatchSetup(seats, rules), Match.new(rules, 77), saved=True),
        worker=inline_worker(),
    )
    app.stack.push(scene)
    for _ in range(20000):
        pump(app)
        if scene.match.over and not scene.director.busy:
            break
    assert scene.match.over
    scene.coordinator.flush()
    ended = store.load_match()
    assert ended is not None and ended.ended and ended.record == scene.match.record()
    assert store.load_stats().total().played == 1
    scene.coordinator.ended_shown()
    scene.coordinator.flush()
    assert store.load_match() is not None  # its last sheet on show: kept, for its rematch
    scene.coordinator.let_go()  # that sheet left for the title
    assert store.load_match() is None
    assert store.load_stats().total().played == 1


def test_scores_on_show_change_only_when_the_round_is_scored(app):
    app.settings = app.settings.with_(animation_speed="fast", language="en")
    seats = (SeatConfig("Anna", False, "greedy"), SeatConfig("Bruno", False, "greedy"))
    scene = TableScene(
        app,
        coordinated(app, MatchSetup(seats, Rules()), Match.new(Rules(), 31)),
        worker=inline_worker(),
    )
    scene.director.on_scored = scene.director.resume  # no scoring scene between rounds
    app.stack.push(scene)
    ended = None
    for frame in range(20000):
        pump(app)
        shown = scene.director.shown
        if ended is None and scene.match.round.round_no == 2:
            ended = frame
            assert shown.round_no == 1 and shown.totals == (0, 0)  # engine ahead of the show
        if shown.round_no == 2:
            break
    assert ended is not None and frame > ended
    assert scene.director.shown.round_no == 2
    assert scene.director.shown.totals == scene.match.totals
