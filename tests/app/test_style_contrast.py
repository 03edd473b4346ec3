"""The paper's words are read by weak eyes too: explanations in small type stand out from
the paper as much as the accessibility guidelines ask of small text (7 to 1), and greyed
words still read (4.5 to 1, as small type asks) while plainly fainter than live ones."""

from __future__ import annotations

import pytest

from scopa.app.style.palette import INK, INK_DISABLED, INK_SOFT, PAPER, PAPER_SHADE


def luminance(colour: tuple[int, int, int]) -> float:
    def channel(value: int) -> float:
        v = value / 255
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4

    r, g, b = colour[:3]
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def contrast(a: tuple[int, int, int], b: tuple[int, int, int]) -> float:
    light, dark = sorted((luminance(a), luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


@pytest.mark.parametrize("paper", [PAPER, PAPER_SHADE], ids=["paper", "shaded"])
def test_the_paper_s_words_stand_out_enough(paper) -> None:
    assert contrast(INK, paper) >= 7
    assert contrast(INK_SOFT, PAPER) >= 7  # the grey explanations were 4.9 to 1
    assert contrast(INK_SOFT, paper) >= 6
    # greyed words read too (3.5 to 1 was lost to weak eyes), plainly fainter than live ones
    assert 4.5 <= contrast(INK_DISABLED, PAPER) < contrast(INK_SOFT, PAPER) * 0.7


def test_words_in_a_side_s_colour_read_as_small_type_on_every_paper() -> None:
    """A side's name or a chart's last value, in the side's colour: the ochre read 2.5 to 1
    on the sheet. Darkened as words, each reads 4.5 to 1 on the darkest paper, its hue kept."""
    from scopa.app.style.palette import PAPER_BRIGHT, SIDE_COLORS, ink_of

    for colour in SIDE_COLORS:
        for paper in (PAPER, PAPER_SHADE, PAPER_BRIGHT):
            assert contrast(ink_of(colour), paper) >= 4.5, (colour, paper)
        words = ink_of(colour)
        assert max(words) > 0 and all(
            abs(a / max(colour) - b / max(words)) < 0.05 for a, b in zip(colour, words)
        )  # the same hue, darker


def test_a_greyed_setting_s_note_reads_three_to_one_on_the_settings_sheet(app) -> None:  # noqa: ANN001
    """The note of a greyed row says how to turn it on ("With 4 players: ..."): it was
    2.8 to 1 against the settings' sheet, darker than the paper the grey was chosen for."""

    from scopa.app import style

    from .menu_helpers import ink_on_paper

    app.settings = app.settings.with_(language="en")
    app.resize((960, 540))
    app.open("settings")
    for _ in range(30):  # the sheet faded in
        app.frame(1 / 60, [])
    drawn: list[style.Drawn] = []
    with style.watch_text(drawn.append):
        app.frame(1 / 60, [])
    (note,) = [text for text in drawn if text.words == app.t("rule_teams_hint")]
    ink, paper, ratio = ink_on_paper(note.used)
    assert ratio >= 3, (ink, paper)
