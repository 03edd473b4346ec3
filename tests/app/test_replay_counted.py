"""A match started with "Replay this round" from the last sheet is a match of its own: it
is counted in the statistics and kept among the past matches beside the one it replayed,
though it has that match's seed and, at Scopa, as many plays when as many rounds."""

from __future__ import annotations

import pygame
import pytest

from scopa.app.ai_worker import AiWorker, first_legal
from scopa.app.scenes.scoring import RESULT_CLICK_GRACE, ScoringScene
from scopa.app.table import TableScene
from scopa.app.widgets import resolve
from scopa.engine import Match, Rules
from scopa.settings import MatchSetup, SeatConfig

from .menu_helpers import click, frame, press

FRAME = 1 / 30


def play_to_the_last_sheet(app, choose) -> ScoringScene:  # noqa: ANN001
    """The table played through, the person playing ``choose(legal moves)``, each round's
    sheet turned with Enter once it takes keys: the match's last sheet."""
    for _ in range(40000):
        top = app.stack.top
        if isinstance(top, ScoringScene) and top.match.over:
            return top
        if isinstance(top, ScoringScene) and top.age >= top.keys_from:
            press(app, pygame.K_RETURN)
            continue
        if isinstance(top, TableScene) and top.human_to_play is not None:
            top.play(choose(top.match.legal_moves()))
        frame(app)
    raise AssertionError("the match never ended")


@pytest.mark.slow
def test_a_match_replayed_from_the_last_sheet_is_counted_and_kept(english, store, monkeypatch):
    """Anna won, replayed the first round from the last sheet and lost the replay in as
    many rounds: the statistics said one match played, won, and Past matches listed only
    the loss, the match won and its review gone."""
    import scopa.app.table.scene as table_scene

    monkeypatch.setattr(
        table_scene, "AiWorker", lambda *a, **k: AiWorker(first_legal, mode="inline")
    )
    app = english
    app.settings = app.settings.with_(tutorial_done=True)
    rules = Rules()
    setup = MatchSetup((SeatConfig("Anna", True), SeatConfig("Bruno", False, "beginner")), rules)
    app.matches.start(setup, Match.new(rules, 1))
    first = play_to_the_last_sheet(app, lambda moves: moves[0])
    first.coordinator.flush()
    assert store.load_stats().total().won == 1
    app.frame(RESULT_CLICK_GRACE + 0.05, [])
    # its next rounds dealt from the seed of the match it replays, as they once were: the
    # two alike in seed and length (a fresh seed tells them apart as well)
    monkeypatch.setattr("scopa.app.matches.new_seed", lambda: first.match.seed)
    replay = app.t("replay_deal")
    click(app, next(b for b in first.buttons if resolve(b.text) == replay))
    assert isinstance(app.stack.top, TableScene)
    second = play_to_the_last_sheet(app, lambda moves: moves[-1])
    second.coordinator.flush()
    assert second.match.winner == 1
    assert len(second.match.rounds) == len(first.match.rounds)  # as long: the same key once
    total = store.load_stats().total()
    assert (total.played, total.won, total.lost) == (2, 1, 1)
    past = store.load_past()
    assert [p.match.winner for p in past] == [0, 1]
