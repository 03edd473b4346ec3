"""A scopa made at the table is celebrated where the player looks: "Scopa!" over the table
for more than a second at the normal speed, drawn on the window, not only kept in a list."""

from __future__ import annotations

import pytest

from scopa.app import style
from scopa.app.table import TableScene
from scopa.engine import Card, Move

from .table_helpers import coordinated, fixed_match, inline_worker, settle, solo_setup

FRAME = 1 / 60


@pytest.mark.parametrize("language", ["en", "it"])
def test_a_scopa_shows_its_banner_for_more_than_a_second(app, language) -> None:
    app.settings = app.settings.with_(language=language, animation_speed="normal")
    app.set_language(language)
    match = fixed_match("7D 2C 10S", "1B 3B 8C", "1C 2S 3D 1S")
    scene = TableScene(app, coordinated(app, solo_setup(), match), worker=inline_worker())
    app.stack.push(scene)
    settle(app, scene)
    sweep = Move(Card.parse("7D"), frozenset(Card.parse(c) for c in ("1C", "2S", "3D", "1S")))
    assert sweep in scene.match.legal_moves()
    scene.play(sweep)
    frames: list[int] = []  # the frames that showed it, bright
    for number in range(240):  # four seconds
        drawn: list[style.Drawn] = []
        with style.watch_text(drawn.append):
            app.frame(FRAME, [])
        bright = any(b.text == "Scopa!" and b.alpha > 200 for b in scene.director.banners)
        if bright and any(text.words == "Scopa!" for text in drawn):
            frames.append(number)
    assert len(frames) * FRAME > 1.2, frames
    assert frames[0] * FRAME < 2.0  # as the cards taken reach the pile, not long after


def test_the_match_won_keeps_its_banner_and_paper_as_the_window_changes_size(app) -> None:
    """The window resized as a match was won: its banner and the paper thrown up went at
    once (every tween of the table was finished, the cards' and theirs), and the sheet
    came over an empty table. The cards go to their places; the banner and paper go on."""
    from scopa.engine import MatchWon

    app.settings = app.settings.with_(language="en", animation_speed="instant")
    scene = TableScene(
        app, coordinated(app, solo_setup(), fixed_match("7D 2C 10S", "1B 3B 8C", "7C 4S 5D 9B")),
        worker=inline_worker(),
    )  # fmt: skip
    app.stack.push(scene)
    settle(app, scene)
    app.settings = app.settings.with_(animation_speed="normal")
    scene.director.speed = "normal"
    scene.director.show([MatchWon(0, (11, 4))])
    for _ in range(6):
        app.frame(1 / 60, [])
    assert scene.director.banners and scene.director.confetti
    app.resize((1280, 720))
    app.frame(1 / 60, [])
    assert scene.director.banners and scene.director.confetti
    assert any(c.alpha > 0 for c in scene.director.confetti)
