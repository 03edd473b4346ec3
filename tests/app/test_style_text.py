"""The one text primitive: a text too wide for its box is wrapped where the box has room,
else set smaller but never unreadably small, else cut with an ellipsis; a word is cut only
when no size can hold it; and whoever watches hears of every text drawn."""

from __future__ import annotations

import pygame
import pytest

from scopa.app import style
from scopa.app.style.text import OPERATORS
from scopa.resources import font_path


@pytest.fixture(scope="module")
def fonts():  # noqa: ANN201
    pygame.font.init()
    loaded: dict[tuple[str, int], pygame.font.Font] = {}

    def font(role: str, px: int) -> pygame.font.Font:
        if (role, px) not in loaded:
            loaded[(role, px)] = pygame.font.Font(str(font_path(role)), px)
        return loaded[(role, px)]

    return font


def pen(fonts, px: int = 20) -> style.Pen:  # noqa: ANN001
    return style.Pen(fonts, "ui", px, (0, 0, 0))


SENTENCE = "A short guided round teaches the captures, the scopa and the score."


def test_a_text_that_fits_is_set_as_asked(fonts) -> None:
    laid = style.fit("Play", pen(fonts), 400, 100, lines=2)
    assert laid.lines == ("Play",) and laid.px == 20 and not laid.cut and not laid.elided


def test_wrapping_comes_before_shrinking_where_the_box_has_room(fonts) -> None:
    one_line = style.natural_width(SENTENCE, pen(fonts))
    step = style.line_height(pen(fonts))
    laid = style.fit(SENTENCE, pen(fonts), one_line * 0.6, step * 3, lines=0)
    assert laid.px == 20 and len(laid.lines) == 2
    assert " ".join(laid.lines) == SENTENCE


def test_one_line_of_room_sets_the_text_smaller_but_never_unreadable(fonts) -> None:
    width = style.natural_width(SENTENCE, pen(fonts)) * 0.85
    laid = style.fit(SENTENCE, pen(fonts), width, 100, lines=1)
    assert laid.lines == (SENTENCE,) and style.smallest_px(20) <= laid.px < 20
    assert laid.width <= width


def test_past_the_smallest_size_the_text_ends_with_an_ellipsis(fonts) -> None:
    width = style.natural_width(SENTENCE, pen(fonts)) * 0.4
    laid = style.fit(SENTENCE, pen(fonts), width, 100, lines=1)
    assert laid.px == style.smallest_px(20) == 15
    assert laid.elided and laid.lines[0].endswith(style.ELLIPSIS) and laid.width <= width


def test_the_smallest_size_is_three_quarters_and_never_under_eleven_pixels() -> None:
    assert style.smallest_px(40) == 30
    assert style.smallest_px(14) == 11
    assert style.smallest_px(8) == 11


def test_a_word_wider_than_any_line_is_cut_at_the_largest_size_that_fits(fonts) -> None:
    path = "/home/giulia/" + "una_cartella_dal_nome_davvero_lungo/" * 3 + "scopa"
    words = f"It was kept in {path} as before."
    laid = style.fit(words, pen(fonts), 300, 1000, lines=0)
    assert laid.px == 20 and laid.cut and not laid.elided
    assert "".join(laid.lines).replace(" ", "") == words.replace(" ", "")
    assert all(fonts("ui", 20).size(line)[0] <= 300 for line in laid.lines)


def test_a_long_word_breaks_after_its_hyphens_before_it_is_cut(fonts) -> None:
    """A name such as "Bartholomew-Alexandrina" was cut wherever the line ended."""
    path = "/home/giulia/" + "una-cartella-dal-nome-davvero-lungo/" * 3 + "scopa"
    words = f"It was kept in {path} as before."
    laid = style.fit(words, pen(fonts), 300, 1000, lines=0)
    assert laid.px == 20 and not laid.cut and not laid.elided
    assert "".join(laid.lines).replace(" ", "") == words.replace(" ", "")
    assert laid.lines[1:3] == ("in /home/giulia/una-cartella-", "dal-nome-davvero-lungo/una-")
    assert style.wrap("Bartholomew-Alexandrina", fonts("ui", 20), 150) == (
        "Bartholomew-",
        "Alexandrina",
    )
    assert style.wrap("1-0 e-mail", fonts("ui", 20), 30)[0] == "1-0"  # numbers stay whole


def test_a_word_broken_after_its_hyphen_is_never_joined_again_with_a_space(fonts) -> None:
    """The rulebook preset's hint read "seven- count" once its last word was given company:
    every line is a piece of the text as written, at any width."""
    font = fonts("ui", 14)
    for words in (
        "As the beginners' rulebook: at most 2 cards a capture, seven-count",
        "Come il regolamento per principianti: al massimo 2 carte, conta-sette",
    ):
        for width in range(60, 600, 2):
            lines = style.wrap(words, font, width)
            assert all(line in words for line in lines), (width, lines)


def test_wrap_keeps_spaces_inside_lines_and_newlines(fonts) -> None:
    font = fonts("ui", 20)
    assert style.wrap("3 taken  ·  0 scopas", font, 1000) == ("3 taken  ·  0 scopas",)
    assert style.wrap("one\ntwo", font, 1000) == ("one", "two")


@pytest.mark.parametrize(
    "words",
    [
        "Cirulla: premi più piccoli: buona 1, decino 2, piccola fino al 5, grande fino a 7",
        "Conta dei sette ancora pari dopo i sei: si contano gli assi, poi i 5, i 4, i 3 e i 2",
        "When the sevens are level after the sixes, count the aces, then the 5s and so on to 2",
        "Il Maestro avrebbe giocato il 7 di coppe, che prenderebbe il 2 di denari e il 5",
    ],
)
def test_no_line_ends_on_a_short_word_nor_leaves_one_word_alone(fonts, words: str) -> None:
    """Italian hints read "fino a" over a lone "7" and "e i" over "2" at some widths: a
    short word goes down with the word after it, and the line before gives the last one
    company, at every width from narrow to wide."""
    font = pen(fonts).fonts("ui", 20)
    widest = max(font.size(word)[0] for word in words.split())
    for width in range(max(120, widest), font.size(words)[0], 3):
        lines = style.wrap(words, font, width)
        assert " ".join(lines) == words
        for line in lines:
            assert font.size(line)[0] <= width
        for line in lines[:-1]:
            last = line.split()[-1]
            assert not (len(last) <= 2 and (last.isalpha() or last.isdigit())), (width, lines)
        assert len(lines) == 1 or len(lines[-1].split()) > 1, (width, lines)


@pytest.mark.parametrize("words", ["How a round is scored", "Una presa semplice"])
def test_keeping_the_last_line_company_leaves_no_word_alone_on_the_line_before(
    fonts, words: str
) -> None:
    """A lesson's heading read "How" over "a round is scored", and "Una" over "presa
    semplice": the last line took words from the line before until only one was left
    there. The line before keeps two words at least ("How a round" over "is scored",
    "Una presa" over "semplice")."""
    font = pen(fonts).fonts("ui", 20)
    widest = max(font.size(word)[0] for word in words.split())
    for width in range(widest, font.size(words)[0], 2):
        lines = style.wrap(words, font, width)
        assert " ".join(lines) == words
        if len(lines) == 2:
            assert len(lines[0].split()) > 1, (width, lines)


def test_drawing_tells_the_watcher_the_box_given_and_the_block_used(fonts) -> None:
    surface = pygame.Surface((400, 200))
    surface.fill((255, 255, 255))
    box = pygame.FRect(10.5, 20.25, 300, 60)
    seen: list[style.Drawn] = []
    with style.watch_text(seen.append):
        used = style.text(surface, SENTENCE, pen(fonts), box, align="center", lines=0)
    style.text(surface, "not watched", pen(fonts), box)
    (drawn,) = seen
    assert drawn.words == SENTENCE and drawn.role == "ui" and drawn.asked == 20
    assert drawn.box == (10.5, 20.25, 300, 60) and drawn.used == used
    assert box.contains(pygame.FRect(used))
    assert pygame.transform.average_color(surface, used)[0] < 250  # written there


def test_rendered_lines_kept_stay_within_their_budget(fonts) -> None:
    """Pages of text read long ago give way: a session of many screens does not keep every
    line it ever drew."""
    import importlib

    text_module = importlib.import_module("scopa.app.style.text")
    surface = pygame.Surface((900, 60))
    box = pygame.Rect(0, 0, 900, 60)
    for n in range(3000):
        style.text(surface, f"Line number {n} of a long page of rules", pen(fonts, 28), box)
    kept = text_module._rendered.values()
    assert sum(image.get_width() * image.get_height() for image in kept) <= (
        text_module.RENDER_BUDGET + 900 * 60
    )
    style.text(surface, "Line number 2999 of a long page of rules", pen(fonts, 28), box)
    assert len(text_module._rendered) > 10  # the lines on screen are still kept


@pytest.mark.parametrize(
    ("words", "sums"),
    [
        (
            "6 and 4 on the table: don't lay the 3 (4 + 3 = 7) nor the ace (6 + 1 = 7).",
            ("3 (4 + 3 = 7)", "(6 + 1 = 7)."),
        ),
        (
            "Quindici: table 1, 3, 4, 7. A 4 takes 4 + 7 (4 + 4 + 7 = 15) or 1 + 3 + 7.",
            ("4 + 7 (4 + 4 + 7 = 15)", "or 1 + 3 + 7."),
        ),
    ],
)
def test_a_sum_is_not_broken_across_lines(fonts, words: str, sums: tuple[str, ...]) -> None:
    """The rules' captions broke "(6 +" over "1 = 7)": a sign of a sum keeps the numbers on
    both its sides on its line, at every width where the sum fits one."""
    font = pen(fonts).fonts("ui", 20)
    widest = max(font.size(part)[0] for part in sums)
    for width in range(widest + 1, font.size(words)[0], 3):
        lines = style.wrap(words, font, width)
        assert " ".join(lines) == words
        for line in lines:
            assert line.split()[0] not in OPERATORS, (width, lines)
            assert line.split()[-1] not in OPERATORS, (width, lines)


def test_the_accuracy_tile_keeps_its_number_with_its_word(fonts) -> None:
    """The statistics' tile read "Accuracy (last" over "10)" at 1920x1080."""
    from scopa.i18n import Translator

    font = fonts("ui", 20)
    for language in ("en", "it"):
        label = Translator(language)("st_accuracy")
        for width in range(60, 400, 4):
            lines = style.wrap(label, font, width)
            assert not any(line.startswith("10") for line in lines), (language, width, lines)


@pytest.mark.parametrize(
    "words", ["Bartholomew-Maximilian Smith", "Supercalifragilisticexpialidocious"]
)
def test_a_name_cut_short_keeps_its_letters_as_written(fonts, words: str) -> None:
    """ "Bartholomew-Maximilian" cut short on its plate read "Bartholomew- Max…": the lines
    it was broken into were joined again with a space after the hyphen."""
    for width in range(60, 260, 10):
        laid = style.fit(words, pen(fonts, 16), width, 30, lines=1)
        (line,) = laid.lines
        if laid.elided:
            assert words.startswith(line.removesuffix("\u2026")), (width, line)


@pytest.mark.parametrize("align", ["center", "left"])
def test_a_centred_paragraph_is_wrapped_into_even_lines(fonts, align: str) -> None:
    """A centred paragraph ended in "the score." under a full line; centred, its lines are
    now as even as its number of lines allows (one pixel narrower and it takes a line
    more), while text aligned to a side fills each line before the next."""
    one_line = style.natural_width(SENTENCE, pen(fonts))
    box = pygame.Rect(0, 0, round(one_line * 0.8), 200)
    surface = pygame.Surface(box.size)
    seen: list[style.Drawn] = []
    with style.watch_text(seen.append):
        style.text(surface, SENTENCE, pen(fonts), box, align=align, lines=0)
    (drawn,) = seen
    font = fonts("ui", 20)
    widths = [font.size(line)[0] for line in drawn.lines]
    assert len(widths) == 2 and " ".join(drawn.lines) == SENTENCE
    greedy = style.wrap(SENTENCE, font, box.w)
    if align == "left":
        assert drawn.lines == greedy
        return
    assert font.size(greedy[1])[0] < box.w // 3  # the case: a short last line
    assert min(widths) > 0.6 * max(widths)
    assert len(style.wrap(SENTENCE, font, max(widths) - 1)) > 2
    assert drawn.used.w == max(widths)


def test_a_line_of_parts_breaks_between_its_parts(fonts) -> None:
    """The title's "Si parte subito: 2 giocatori · Le mie / regole · 21 punti…" split a
    part: a line that lists parts is wrapped between them, each dot ending its line."""
    font = fonts("ui", 20)
    words = style.PART_BREAK.join(
        ("Si parte subito: 2 giocatori", "Le mie regole", "21 punti", "Giulia (livello maestro)")
    )
    width = font.size(f"Si parte subito: 2 giocatori{style.PART_BREAK}Le mie")[0] + 2
    lines = style.wrap(words, font, width)
    assert len(lines) > 1 and all(font.size(line)[0] <= width for line in lines)
    assert all(line.endswith("\u00a0·") for line in lines[:-1]), lines
    assert " ".join(lines) == words.replace(style.PART_BREAK, "\u00a0· ")


def test_a_font_the_app_lets_go_is_not_kept_by_the_letters_checked(app) -> None:  # noqa: ANN001
    """After many window sizes the game held 98 font files open where it keeps 64 fonts:
    the letters each font was asked about were remembered by the font itself, which kept
    every font let go alive, and its file open."""
    import gc
    import weakref

    from scopa.app.app import FONTS_KEPT

    first = app.font("ui", 20)
    assert style.lacks(first, "caffè \U0010fffd") == "\U0010fffd"
    gone = weakref.ref(first)
    del first
    for px in range(21, 21 + FONTS_KEPT + 4):  # sizes enough for the first to be let go
        assert style.lacks(app.font("ui", px), "è \U0010fffd") == "\U0010fffd"
    gc.collect()
    assert gone() is None


def test_an_app_closed_is_not_kept_by_the_text_laid_out(store) -> None:  # noqa: ANN001
    """Every app made in one process stayed alive after it closed, with its scenes and their
    pictures: the caches of text laid out were keyed by the app's own font loader, a method
    of the app (a run of the tests grew by gigabytes)."""
    import gc
    import weakref

    from scopa.app.app import App
    from scopa.app.registry import default_scenes

    from .menu_helpers import click, frame

    app = App(store, size=(960, 540), scenes=default_scenes())
    app.settings = app.settings.with_(language="en", tutorial_done=True)
    title = app.home()
    frame(app)
    click(app, title.play)  # the next screen's words laid out too
    frame(app)
    assert style.fit("Scopa", style.Pen(app.font, "ui", 20, (0, 0, 0)), 200, 40).lines
    gone = weakref.ref(app)
    app.close()
    del app, title
    gc.collect()
    assert gone() is None
