"""The aids' texts exist in both languages with the same placeholders."""

from scopa.app.strings.aids import STRINGS
from scopa.i18n import placeholders


def test_both_languages_have_the_same_keys_and_placeholders():
    assert set(STRINGS["en"]) == set(STRINGS["it"])
    for key, text in STRINGS["en"].items():
        assert placeholders(text) == placeholders(STRINGS["it"][key]), key
        assert text.strip() and STRINGS["it"][key].strip(), key


def test_every_tutorial_step_and_aid_has_its_texts():
    from scopa.aids.tutorial import STEPS
    from scopa.app.table.aids import FEATURES

    for step in STEPS:
        assert f"aids.tut.{step.key}.title" in STRINGS["en"]
        assert f"aids.tut.{step.key}.text" in STRINGS["en"]
        if step.moves:
            assert f"aids.tut.wrong.{step.key}" in STRINGS["en"]
        if step.keys:  # the lesson tells a player on the keys their way to play
            assert f"aids.tut.{step.key}.keys" in STRINGS["en"]
    for name in FEATURES:
        assert f"aids.{name}" in STRINGS["en"]
    for rank in range(1, 11):
        assert f"aids.rank.{rank}" in STRINGS["en"]
