"""The Play button's quick match follows the player's rules, whatever they are."""

import pytest

from scopa.app.scenes.flow import quick_setup
from scopa.engine import PRESETS


@pytest.mark.parametrize("preset", list(PRESETS))
def test_quick_setup_plays_every_preset(app, preset):
    app.settings.rules = PRESETS[preset]
    app.settings.last_setup = None
    setup = quick_setup(app)
    assert setup.rules == PRESETS[preset]
    assert len(setup.seats) == setup.rules.players
    assert setup.mode == "solo" and setup.seats[0].human
    assert all(seat.level == "expert" for seat in setup.seats[1:])


def test_quick_setup_prefers_the_last_setup(app):
    app.settings.rules = PRESETS["scopone"]
    first = quick_setup(app)
    app.settings.last_setup = first
    assert quick_setup(app) is first
