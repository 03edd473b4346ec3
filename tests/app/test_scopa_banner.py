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
