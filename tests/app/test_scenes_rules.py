"""The rules screen: pages turn with the keys and buttons, each page of both books (Scopa,
Cirulla) has text in both languages, the book shown first is the game's, and the worked
examples are the rulebooks' (checked against the engine)."""

from __future__ import annotations

import pygame
import pytest

from scopa.app import style
from scopa.app.scenes.rule_examples import EXAMPLES, MATTA, PAGE_EXAMPLES, caption_text
from scopa.app.scenes.rules import BOOKS, RulesScene
from scopa.app.wording import capital
from scopa.engine import (
    PRESETS,
    Card,
    Rules,
    capture_options,
    dealer_bonus,
    declarations,
    grande_points,
    parse_cards,
    piccola_points,
    primiera,
)
from scopa.engine.cards import mask_of
from scopa.engine.scoring import grande_run, napola_run

from .menu_helpers import click, frame, press


def test_pages_turn_with_keys_and_buttons(app) -> None:
    scene = RulesScene(app)
    app.stack.push(scene)
    frame(app)
    assert scene.page == 1 and not scene.prev_button.enabled
    press(app, pygame.K_RIGHT)
    click(app, scene.next_button)
    assert scene.page == 3
    press(app, pygame.K_LEFT)
    assert scene.page == 2
    for _ in range(scene.pages * 8):  # (a view at a time: a long page takes several)
        press(app, pygame.K_PAGEDOWN)
    assert scene.page == scene.pages and not scene.next_button.enabled


@pytest.mark.parametrize("language", ["it", "en"])
@pytest.mark.parametrize("book", list(BOOKS))
def test_every_page_draws_in_both_languages(app, language, book) -> None:
    app.set_language(language)
    scene = RulesScene(app, book=book)
    app.stack.push(scene)
    titles = set()
    for page in range(1, scene.pages + 1):
        scene.page = page
        scene.layout()
        frame(app)
        assert not scene.text().startswith("rules_") and not scene.title().startswith("rules_")
        titles.add(scene.title())
    assert len(titles) == scene.pages == len(BOOKS[book])


@pytest.mark.parametrize("size", [(960, 540), (1152, 648), (1920, 1080)])
@pytest.mark.parametrize("book", list(BOOKS))
def test_no_caption_runs_under_the_scrollbar(app, size, book) -> None:
    """The Italian knock page's caption ended under the scrollbar ("non basterebbe.)" lost
    its parenthesis): the examples' column keeps clear of it."""
    from scopa.app import style

    app.set_language("it")
    app.resize(size)
    scene = RulesScene(app, book=book)
    app.stack.push(scene)
    for page in range(1, scene.pages + 1):
        scene.page = page
        scene.layout()
        frame(app)
        track = scene.body.right - style.scrollbar_width(scene.m)
        drawn: list[style.Drawn] = []
        with style.watch_text(drawn.append):
            app.draw()
        for text in drawn:
            if text.used.colliderect(scene.body):
                assert text.used.right <= track, (page, text.words, text.used, track)


def wheel(app, x: int, y: int) -> None:  # noqa: ANN001
    frame(app, pygame.event.Event(pygame.MOUSEWHEEL, x=x, y=y))


def test_the_wheel_turns_the_pages_once_per_turn_of_it(app) -> None:
    """The wheel (two fingers on a touchpad) did nothing on a page that fits: it turns the
    page past the page's end, down for the next and up for the one before, or sideways;
    a touchpad's glide, still sending turns, turns one page, not the whole book."""
    from scopa.app.scenes.rules import WHEEL_TURN

    app.resize((1920, 1080))
    scene = RulesScene(app)
    app.stack.push(scene)
    frame(app)
    assert scene.content_height() <= scene.body.h  # the first page fits
    for _ in range(5):  # one glide
        wheel(app, 0, -1)
    assert scene.page == 2
    scene.age += WHEEL_TURN
    wheel(app, 0, -1)
    scene.age += WHEEL_TURN
    wheel(app, 0, 1)
    assert scene.page == 2
    scene.age += WHEEL_TURN
    wheel(app, -1, 0)
    assert scene.page == 1


def test_a_small_window_scrolls_a_long_page(app) -> None:
    app.resize((960, 540))
    scene = RulesScene(app)
    app.stack.push(scene)
    scene.page = 3
    frame(app)
    overflow = scene.content_height() - scene.body.h
    if overflow > 0:
        press(app, pygame.K_DOWN)
        assert scene.offset > 0
        frame(app, pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=50))
        assert scene.offset == 0


def on_a_long_page(app, longer: float = 1.0) -> tuple[RulesScene, int]:  # noqa: ANN001
    """The rules at 960x540, at the first page more than ``longer`` times as tall as the
    view."""
    app.resize((960, 540))
    scene = RulesScene(app)
    app.stack.push(scene)
    page = next(
        page
        for page in range(1, scene.pages + 1)
        if (setattr(scene, "page", page), scene.content_height() > longer * scene.body.h)[1]
    )
    return scene, page


def test_end_and_home_reach_the_end_and_the_top_of_a_long_page(app) -> None:
    """A long page scrolled only with the wheel and the arrows: End and Home did nothing."""
    scene, page = on_a_long_page(app)
    assert scene.page == page and scene.offset == 0
    press(app, pygame.K_END)
    assert scene.offset == scene.content_height() - scene.body.h
    press(app, pygame.K_HOME)
    assert scene.offset == 0


def test_a_long_page_read_halfway_stays_there_when_the_window_changes_size(app) -> None:
    """A page read halfway down went back to its top when the window changed size: the
    reader lost their place. The view keeps its share of the page; a page turned to still
    opens at its top."""
    scene, page = on_a_long_page(app, 1.2)
    scene.layout()
    frame(app)
    scene.scroll(scene.content_height())  # to its end
    share = scene.offset / scene.content_height()
    assert share > 0.1
    app.resize((1280, 720))
    frame(app)
    assert scene.page == page and scene.offset > 0
    limit = scene.content_height() - scene.body.h
    assert scene.offset == pytest.approx(min(limit, share * scene.content_height()), abs=2)
    press(app, pygame.K_LEFT)
    assert scene.offset == 0


def _darkest_at(surface: pygame.Surface, rect: pygame.Rect) -> int:
    """The darkest of the pixels in ``rect``, by their darkest channel."""
    return min(min(surface.get_at((x, y))[:3]) for x in range(rect.left, rect.right)
               for y in range(rect.top, rect.bottom))  # fmt: skip


@pytest.mark.parametrize("language", ["it", "en"])
def test_a_line_cut_by_the_end_of_a_long_page_fades_into_it(app, language) -> None:
    """The Cirulla page cut its last line through the middle, just above the lesson's
    button: it looked broken. The ends where more of the page lies fade into the paper."""
    app.set_language(language)
    app.resize((960, 540))
    scene = RulesScene(app)
    app.stack.push(scene)
    scene.open_book("cirulla")
    scene.age = scene.FADE_IN  # faded in
    frame(app)
    assert scene.content_height() > scene.body.h
    text_col, _ = scene._columns()
    text_col = text_col.inflate(-20, 0)  # the lines, not the edge of the sheet beside them
    edge = pygame.Rect(text_col.left, scene.body.bottom - 2, text_col.w, 2)
    top = pygame.Rect(text_col.left, scene.body.top, text_col.w, 2)
    ink = _darkest_at(app.screen, scene.body.inflate(0, -scene.body.h // 2))
    assert _darkest_at(app.screen, edge) > ink + 100  # paper there, not the line's ink
    press(app, pygame.K_END)
    frame(app)
    assert _darkest_at(app.screen, top) > ink + 100  # scrolled: the top fades the same way


def test_space_reads_on_down_a_long_page_then_to_the_next_and_shift_space_reads_back(
    app,
) -> None:
    """Space did nothing on the rules. Like Page Down it reads on: a view at a time down a
    long page (a line of the last view kept in sight), then to the next page; Shift+Space
    reads back the same way, to the end of the page before."""
    app.resize((960, 540))
    scene = RulesScene(app)
    app.stack.push(scene)
    frame(app)
    page = next(
        page
        for page in range(1, scene.pages)
        if (setattr(scene, "page", page), scene.layout(), scene.content_height() > scene.body.h)[2]
    )
    scene.layout()
    frame(app)
    end = scene.content_height() - scene.body.h
    press(app, pygame.K_SPACE)
    assert scene.page == page and 0 < scene.offset < scene.body.h
    assert scene.offset == min(end, scene.body.h - style.line_height(scene._body_pen()))
    for _ in range(10):
        if scene.offset == end:
            break
        press(app, pygame.K_SPACE)
    assert scene.page == page and scene.offset == end
    press(app, pygame.K_SPACE, pygame.KMOD_LSHIFT)
    assert scene.page == page and 0 <= scene.offset < end
    press(app, pygame.K_END)
    press(app, pygame.K_SPACE)
    assert scene.page == page + 1 and scene.offset == 0
    press(app, pygame.K_SPACE, pygame.KMOD_RSHIFT)
    assert scene.page == page and scene.offset == end


@pytest.mark.parametrize("size", [(960, 540), (1920, 1080)])
def test_the_view_stays_put_past_the_book_s_last_view_and_its_first(app, size) -> None:
    """Space at the end of the last page jumped back to its top (and on, up and down,
    forever); so did Right or Page Down there, and Left or Page Up on the first page read
    down. Past the book's ends nothing moves."""
    app.resize(size)
    scene = RulesScene(app)
    app.stack.push(scene)
    frame(app)
    for _ in range(200):
        before = (scene.page, scene.offset)
        press(app, pygame.K_SPACE)
        if (scene.page, scene.offset) == before:
            break
    assert scene.page == scene.pages
    end = max(0, scene.content_height() - scene.body.h)
    assert scene.offset == end
    for key in (pygame.K_SPACE, pygame.K_RIGHT, pygame.K_PAGEDOWN):
        press(app, key)
        assert (scene.page, scene.offset) == (scene.pages, end)
    scene.page = 1
    scene.layout()
    press(app, pygame.K_END)
    down = scene.offset
    for key in (pygame.K_LEFT, pygame.K_PAGEUP):
        press(app, key)
        assert (scene.page, scene.offset) == (1, down)


def test_space_presses_the_button_the_focus_ring_shows_on_the_rules(app) -> None:
    """A player who moved the focus with the keyboard presses it with Space, as on every
    screen: Space reads on only when no focus ring shows."""
    scene = RulesScene(app)
    app.stack.push(scene)
    frame(app)
    scene.form.keyboard_used = True
    scene.form.set_focus(scene.back_button)
    press(app, pygame.K_SPACE)
    assert scene not in list(app.stack)


def test_enter_read_to_the_last_page_leaves_the_focus_where_enter_still_works(app) -> None:
    """Enter on Next, page after page: at the last page Next greyed kept the focus, no ring
    showed, and Enter did nothing. The focus goes to Close, and from the first page back
    to Next."""
    scene = RulesScene(app)
    app.stack.push(scene)
    frame(app)
    press(app, pygame.K_TAB)  # the keys used: the ring shows
    scene.form.set_focus(scene.next_button)
    for _ in range(scene.pages - 1):
        press(app, pygame.K_RETURN)
    assert scene.page == scene.pages
    assert scene.form.focus is scene.back_button
    scene.form.set_focus(scene.prev_button)
    for _ in range(scene.pages - 1):
        press(app, pygame.K_RETURN)
    assert scene.page == 1 and scene.form.focus is scene.next_button
    scene.form.set_focus(scene.back_button)
    press(app, pygame.K_RETURN)
    assert scene not in list(app.stack)


def test_every_example_is_on_a_page() -> None:
    shown = {name for names in PAGE_EXAMPLES.values() for name in names}
    assert shown == set(EXAMPLES)
    pages = {page for book in BOOKS.values() for page in book}
    assert set(PAGE_EXAMPLES) <= pages


def _options(played: str, table: str, rules: Rules | None = None) -> set[frozenset[Card]]:
    rules = rules or Rules()
    return {
        frozenset(option)
        for option in capture_options(Card.parse(played), parse_cards(table), rules)
    }


def test_the_capture_examples_agree_with_the_engine() -> None:
    for name in ("sum", "priority", "scopa"):
        example = EXAMPLES[name]
        table = " ".join(example.table)
        taken = {frozenset(parse_cards(option)) for option in example.takes}
        assert _options(example.played[0], table) == taken, name
    quindici = EXAMPLES["quindici"]
    taken = {frozenset(parse_cards(option)) for option in quindici.takes}
    assert _options("4C", " ".join(quindici.table), Rules(quindici=True)) == taken


def test_the_primiera_example_is_worth_47() -> None:
    example = EXAMPLES["primiera"]
    assert primiera(parse_cards(example.table)) == 47 == sum(int(v) for v in example.values)
    assert example.total == "= 47"


def test_the_never_leave_seven_example() -> None:
    example = EXAMPLES["seven"]
    for card in example.played:
        left = [*parse_cards(example.table), Card.parse(card)]
        assert any(a.rank + b.rank == 7 for a in left for b in left if a is not b)


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_measured_height_is_the_drawn_height(app, name) -> None:
    from scopa.app.scenes.rule_examples import draw_example, example_height
    from scopa.app.style import Metrics

    m = Metrics(app, app.size)
    area = pygame.Rect(10, 10, 600, 600)
    drawn = draw_example(app.screen, app, EXAMPLES[name], area, m)
    assert drawn == example_height(EXAMPLES[name], area.w, m)


@pytest.mark.parametrize("name", ["quindici", "priority"])
def test_a_card_a_capture_leaves_is_veiled_apart_from_the_cards_taken(
    app, monkeypatch, name
) -> None:
    """In the quindici example "4 takes 1 + 3 + 7", the 4 left on the table sat among the
    cards taken, told apart only by their green glow on the green felt: at 960x540 all four
    looked taken. A card a capture leaves is veiled, one framed as the wrong capture too
    (the king takes the king, not the 7 and the 3: framed red and green alone, they looked
    alike to a player who cannot tell the two colours)."""
    import dataclasses

    from scopa.app.scenes import rule_examples
    from scopa.app.scenes.rule_examples import draw_example
    from scopa.app.style import Metrics

    app.resize((960, 540))
    m = Metrics(app, app.size)
    example = EXAMPLES[name]
    row = next(i for i, taken in enumerate(example.takes) if len(taken) < len(example.table))
    left = next(card for card in example.table if card not in example.takes[row])
    drawn: list[tuple[str, pygame.Rect]] = []
    drawing = style.draw_card

    def noted(surface, art, card, *args, **kwargs):  # noqa: ANN001, ANN002, ANN003, ANN202
        rect = drawing(surface, art, card, *args, **kwargs)
        drawn.append((str(card), rect))
        return rect

    monkeypatch.setattr(rule_examples.style, "draw_card", noted)

    def brightness(chosen: rule_examples.Example) -> float:
        surface = pygame.Surface(app.size)
        drawn.clear()
        draw_example(surface, app, chosen, pygame.Rect(10, 10, 900, 500), m)
        rect = [rect for card, rect in drawn if card == left][row].inflate(-8, -8)
        pixels = pygame.image.tobytes(surface.subsurface(rect), "RGB")
        return sum(pixels) / len(pixels)

    plain = dataclasses.replace(example, takes=((),) * len(example.takes))  # nothing taken
    assert brightness(example) < brightness(plain) * 0.85


# --- the books ----------------------------------------------------------------------------------

CIRULLA = PRESETS["cirulla"]


def test_the_book_button_switches_between_scopa_and_cirulla(app) -> None:
    scene = RulesScene(app)
    app.stack.push(scene)
    frame(app)
    assert scene.book == "scopa" and scene.book_button.text() == app.t("rules_book_cirulla")
    press(app, pygame.K_RIGHT)
    click(app, scene.book_button)
    assert scene.book == "cirulla" and scene.page == 1
    assert scene.title() == app.t("rules_c1_title")
    assert scene.book_button.text() == app.t("rules_book_scopa")
    click(app, scene.book_button)
    assert scene.book == "scopa"


def test_the_first_book_is_the_game_of_the_settings(app) -> None:
    app.settings = app.settings.with_(rules=CIRULLA)
    assert RulesScene(app).book == "cirulla"
    app.settings = app.settings.with_(rules=Rules())
    assert RulesScene(app).book == "scopa"


def test_the_pause_menu_opens_the_book_of_the_match_in_play(app) -> None:
    from scopa.settings import MatchSetup

    from .menu_helpers import close_tables

    app.matches.start(MatchSetup.solo(CIRULLA, name=app.t("you")))
    frame(app)
    app.open("pause")
    frame(app)
    app.stack.top.on_rules()
    assert isinstance(app.stack.top, RulesScene) and app.stack.top.book == "cirulla"
    close_tables(app)


def test_rules_from_the_pause_menu_of_cirulla_set_up_in_new_game_open_the_cirulla_book(
    app,
) -> None:
    """The way a player takes: Classic in the settings, Cirulla chosen in New game, Esc at
    the table and the menu's Rules button, in Italian."""
    from scopa.app.scenes.new_game import NewGameScene
    from scopa.app.scenes.pause import PauseScene
    from scopa.app.table import TableScene

    from .menu_helpers import close_tables

    app.settings = app.settings.with_(rules=Rules(), language="it", animation_speed="instant")
    app.set_language("it")
    title = app.home()
    frame(app)
    click(app, title.new_game)
    new_game = app.stack.top
    assert isinstance(new_game, NewGameScene)
    new_game.form.set_focus(new_game.preset_row)
    press(app, pygame.K_LEFT)  # from Classic round to the last preset
    assert new_game.preset == "cirulla"
    click(app, new_game.start_button)
    table = app.stack.top
    assert isinstance(table, TableScene) and table.setup.rules.cirulla
    for _ in range(30):
        frame(app)
    press(app, pygame.K_ESCAPE)
    pause = app.stack.top
    assert isinstance(pause, PauseScene)
    (rules_button,) = [b for b in pause.buttons if b.text() == app.t("rules")]
    click(app, rules_button)
    scene = app.stack.top
    assert isinstance(scene, RulesScene) and scene.book == "cirulla"
    assert scene.title() == app.t("rules_c1_title")
    close_tables(app)


def test_the_six_players_page_is_in_the_scopa_book() -> None:
    assert "p9" in BOOKS["scopa"]


def test_cirulla_examples_use_the_genoese_cards_unless_a_deck_was_chosen(app) -> None:
    app.set_language("en")
    scene = RulesScene(app, book="cirulla")
    assert scene.deck == "genovesi"
    words = caption_text(app, EXAMPLES["c_dealer_15"], scene.deck)
    assert words.startswith("The 7 of hearts is the matta")
    app.settings = app.settings.with_(deck_style="piacentine")
    assert scene.deck == "piacentine"
    assert caption_text(app, EXAMPLES["c_dealer_15"], scene.deck).startswith("The 7 of cups")
    assert caption_text(app, EXAMPLES["c_piccola"], "genovesi").endswith(
        "of diamonds: a piccola of 4 (without the 4 it would be 3)."
    )


@pytest.mark.parametrize("name", ["c_fifteen", "c_choice", "c_must", "c_sweep", "c_ace_on_ace"])
def test_the_cirulla_captures_agree_with_the_engine(name) -> None:
    example = EXAMPLES[name]
    taken = {frozenset(parse_cards(option)) for option in example.takes}
    assert _options(example.played[0], " ".join(example.table), CIRULLA) == taken


def test_the_dealers_tables_make_15_with_the_matta_named_2_and_30() -> None:
    fifteen = EXAMPLES["c_dealer_15"]
    assert dealer_bonus(parse_cards(" ".join(fifteen.table)), CIRULLA) == (1, 2)
    assert [int(v) for v in fifteen.values] == [
        2 if card == MATTA else Card.parse(card).rank for card in fifteen.table
    ]
    assert sum(int(v) for v in fifteen.values) == 15 and fifteen.total == "= 15"
    thirty = EXAMPLES["c_dealer_30"]
    assert dealer_bonus(parse_cards(" ".join(thirty.table)), CIRULLA) == (2, 0)
    assert sum(int(v) for v in thirty.values) == 30 and thirty.total == "= 30"


def test_the_hands_shown_score_what_the_captions_say() -> None:
    low = EXAMPLES["c_low_hand"]
    assert declarations(mask_of(parse_cards(" ".join(low.table))), CIRULLA) == ((0, 3),)
    assert not declarations(mask_of(parse_cards("3S 3B 4C")), CIRULLA)  # 10: no low hand
    matta = EXAMPLES["c_matta"]
    options = dict(declarations(mask_of(parse_cards(" ".join(matta.table))), CIRULLA))
    assert options == {1: 3, 2: 3}
    assert sum(int(v) for v in matta.values) == 8 and matta.values[0] == "1"
    decino = EXAMPLES["c_decino"]
    options = dict(declarations(mask_of(parse_cards(" ".join(decino.table))), CIRULLA))
    assert options == {9: 10}


def test_the_runs_of_coins_score_what_they_say() -> None:
    grande = mask_of(parse_cards(" ".join(EXAMPLES["c_grande"].table)))
    assert grande_points(grande_run(grande), CIRULLA) == 5 and EXAMPLES["c_grande"].total == "= 5"
    piccola = mask_of(parse_cards(" ".join(EXAMPLES["c_piccola"].table)))
    assert piccola_points(napola_run(piccola), CIRULLA) == 4
    broken = mask_of(parse_cards("1D 2D 3D 5D"))
    assert piccola_points(napola_run(broken), CIRULLA) == 3


@pytest.mark.parametrize("six_sides", [2, 3, 6])
def test_the_six_seats_are_coloured_by_their_sides(app, six_sides) -> None:
    from scopa.app import style
    from scopa.app.scenes.rule_examples import draw_example, seating
    from scopa.app.style import Metrics

    m = Metrics(app, app.size)
    area = pygame.Rect(10, 10, 600, 600)
    app.screen.fill((0, 0, 0))
    draw_example(app.screen, app, EXAMPLES[f"six_{six_sides}"], area, m)
    centres, radius, _ = seating(area, m)
    rules = Rules(players=6, six_sides=six_sides)
    for seat, (x, y) in enumerate(centres):
        colour = tuple(app.screen.get_at((x, y + radius - max(3, radius // 3))))[:3]
        assert colour == style.SIDE_COLORS[rules.side_of(seat)], seat
    assert "p9" in PAGE_EXAMPLES and f"six_{six_sides}" in PAGE_EXAMPLES["p9"]


@pytest.mark.parametrize("language", ["en", "it"])
def test_the_winning_page_names_every_target_a_match_may_be_played_to(language) -> None:
    import re

    from scopa.engine.rules import TARGETS
    from scopa.i18n import Translator

    text = Translator(language)("rules_p6_text")
    assert set(map(int, re.findall(r"\d+", text))) >= set(TARGETS), text


@pytest.mark.parametrize("language", ["en", "it"])
@pytest.mark.parametrize("size", [(960, 540), (1280, 720), (1920, 1080)])
def test_a_page_over_by_a_caption_line_draws_its_pictures_smaller_not_scrolled(
    app, size, language
) -> None:
    """Capturing scrolled at every size for the last line of its second caption, and the
    scroll cut its first line under the heading: its pictures are drawn a little smaller
    instead (never below ``FIGURE_SHRINK`` of their column), and the page fits."""
    from scopa.app.scenes.rules import FIGURE_SHRINK

    app.set_language(language)
    app.resize(size)
    scene = RulesScene(app, "scopa")
    app.stack.push(scene)
    scene.page = 3  # Capturing
    assert scene.title() == app.t("rules_p3_title")
    scene.layout()
    frame(app)
    assert scene.content_height() <= scene.body.h
    assert FIGURE_SHRINK <= scene.figure_share < 1.0


@pytest.mark.parametrize("language", ["it", "en"])
def test_both_books_end_on_the_keys_the_table_answers_to(app, language) -> None:
    """A player found the keys only on the aids' buttons: both books now end on a page of
    the mouse and the keys, and it names the keys the table really answers to."""
    import re

    from scopa.app.table.aids import KEYS, REVIEW_KEY
    from scopa.app.table.knock import KNOCK_KEY, PASS_KEY, RETRACT_KEY
    from scopa.app.table.scene import SOUND_KEY

    assert BOOKS["scopa"][-1] == BOOKS["cirulla"][-1] == "keys"
    app.set_language(language)
    text = app.t("rules_keys_text")
    named = set(re.findall(r"\b([A-Z]|Tab|Esc|F11)\b", text)) - {"A"}  # "A double click"
    bound = {
        pygame.key.name(key).upper() for key in (*KEYS, KNOCK_KEY, PASS_KEY, RETRACT_KEY, SOUND_KEY)
    }
    assert bound | {pygame.key.name(REVIEW_KEY).title()} <= named
    assert named - {"Z", "Esc", "F11"} <= bound | {"Tab"}, named


@pytest.mark.parametrize("language", ["it", "en"])
def test_the_keys_page_says_when_n_does_anything_and_which_key_names_the_king(
    app, language
) -> None:
    """The page said "N passes" and "the keys 1 to 9 give the matta its value": with
    Cirulla's own rules there is no pass to choose (a player who does not knock plays a
    card), and the matta may be named a king. It now says N chooses No knock with the
    hands shown at the deal, and that 0 names the king."""
    import re

    from scopa.app.table.knock import KING, digit
    from scopa.engine import Match

    app.set_language(language)
    (cirulla,) = [line for line in app.t("rules_keys_text").split("\n") if " K " in line]
    no_knock = app.t("table.pass").removesuffix(" (N)")
    assert re.search(rf"\bN\b[^.;]*{no_knock}", cirulla)
    assert app.t("rule_declare_at_deal") in cirulla  # the setting N belongs to
    offered = {move.kind for move in Match.new(PRESETS["cirulla"], 3).legal_moves()}
    at_deal = PRESETS["cirulla"].with_(declare_at_deal=True)
    assert "pass" not in offered and "pass" in {m.kind for m in Match.new(at_deal, 3).legal_moves()}
    assert re.search(r"\b0\b", cirulla)  # and the key that names the king
    zero = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_0, mod=0, unicode="0")
    assert digit(zero) == KING == 10


def _cut_lines(app, scene: RulesScene) -> list[tuple[str, int]]:  # noqa: ANN001
    """The lines of the page's text and captions drawn across an end of its viewport,
    each with the darkest channel of what shows of it there (paper: nothing of it shows).
    The words inside a picture go with the picture."""
    import numpy as np

    drawn: list[style.Drawn] = []
    with style.watch_text(drawn.append):
        app.draw()
    body = scene.body
    words = set(scene.text().split("\n"))
    words |= {caption_text(app, EXAMPLES[name], scene.deck) for name, _, _ in scene._figures(1)}
    cut = []
    for text in drawn:
        if not text.used.colliderect(body) or text.words not in words:
            continue
        step = text.used.h // len(text.lines)
        for k, line in enumerate(text.lines):
            band = pygame.Rect(text.used.left, text.used.top + k * step, text.used.w, step)
            inside = band.clip(body)
            if inside.h and inside != band and line.strip():
                darkest = 255
                for part in _beside_cues(inside, scene.cues):  # (the chevron is no line)
                    pixels = pygame.surfarray.pixels3d(app.screen.subsurface(part))
                    darkest = min(darkest, int(np.min(pixels)))
                    del pixels
                cut.append((line, darkest))
    return cut


def _beside_cues(band: pygame.Rect, cues: list[pygame.Rect]) -> list[pygame.Rect]:
    """The parts of ``band`` left and right of the chevrons saying more lies below."""
    parts = [band]
    for cue in cues:
        out = []
        for part in parts:
            if not part.colliderect(cue):
                out.append(part)
                continue
            left = pygame.Rect(part.left, part.top, cue.left - part.left, part.h)
            right = pygame.Rect(cue.right, part.top, part.right - cue.right, part.h)
            out += [piece for piece in (left, right) if piece.w > 0]
        parts = out
    return parts


@pytest.mark.parametrize("size", [(960, 540), (1920, 1080)])
@pytest.mark.parametrize("language", ["it", "en"])
@pytest.mark.parametrize("book", list(BOOKS))
def test_a_scrolled_page_shows_its_lines_whole_or_not_at_all(app, book, language, size) -> None:
    """The Italian Cirulla page at 960x540 cut its last line ("lo stesso mazziere
    ridistribuisce") through the middle above the lesson's button: it looked broken. On
    every page, read from its top, a wheel's turn at a time and at its end, a line across
    an end of the view is left out: the paper shows there (a little shaded towards the
    sheet's foot), not the ink of half a line."""
    app.set_language(language)
    app.resize(size)
    scene = RulesScene(app, book=book)
    app.stack.push(scene)
    scene.age = scene.FADE_IN  # faded in
    frame(app)
    paper = min(app.screen.get_at((scene.body.left + 1, scene.inner.top + 1))[:3])
    for page in range(1, scene.pages + 1):
        scene.page = page
        scene.layout()
        end = scene.content_height() - scene.body.h
        wheel = scene.m.px(0.08)
        for offset in sorted({*range(0, max(0, end), wheel), max(0, end)}):
            scene.offset = offset
            for line, darkest in _cut_lines(app, scene):
                assert darkest >= paper - 30, (page, offset, line, darkest)  # paper shades


@pytest.mark.parametrize("size", [(960, 540), (1920, 1080)])
@pytest.mark.parametrize("language", ["it", "en"])
@pytest.mark.parametrize("book", list(BOOKS))
def test_a_page_scrolls_only_for_more_to_read(app, book, language, size) -> None:
    """The Cirulla book's first page at 1920x1080 showed its last line whole but faded,
    and a scrollbar, for nothing below it but the space a paragraph leaves after it. A
    page scrolls as far as its last line or picture, no further."""
    app.set_language(language)
    app.resize(size)
    scene = RulesScene(app, book=book)
    app.stack.push(scene)
    frame(app)
    for page in range(1, scene.pages + 1):
        scene.page = page
        scene.layout()
        text_col, figure_col = scene._columns()
        lines, captions = scene._lines(text_col.w, None if figure_col is None else figure_col.w)
        ends = [lines[-1][1]]
        if figure_col is not None:
            space = scene.m.px(0.045)
            ends.append(sum(f + c + space for _, f, c in scene._figures(figure_col.w)) - space)
        assert scene.content_height() == max(ends), page


@pytest.mark.parametrize("language", ["en", "it"])
def test_the_book_opens_on_the_rules_the_game_changes(app, language) -> None:
    """With regional rules on, the book still described only its own game: a player who
    chose Fewest cards read that every sum is taken. Its first page now lists what the
    game in force changes, each rule with what it does, as Settings explains it."""
    app.set_language(language)
    t = app.t
    plain = RulesScene(app)
    assert plain.pages == len(BOOKS["scopa"]) and plain.page_id == "p1"

    rules = Rules(fewest_cards=True, face_values="southern", assi=True, assi_scopa=True)
    app.settings = app.settings.with_(rules=rules)
    scene = RulesScene(app)
    app.stack.push(scene)
    frame(app)
    assert scene.pages == len(BOOKS["scopa"]) + 1
    assert scene.page_id == "mine" and scene.title() == t("rules_mine_title")
    lines = scene.text().split("\n")
    assert lines[0] == t("rules_mine_intro")
    hint = t("rule_fewest_cards_hint")
    fewest = t("rules_mine_on", rule=t("rule_fewest_cards"), hint=hint)
    assert fewest in lines
    assert any(line.startswith(t("rule_face_values") + ": ") for line in lines)
    assert any(line.startswith(t("rule_assi_scopa")) for line in lines)
    assert len(lines) == 5  # the intro and the four rules changed, no more
    press(app, pygame.K_RIGHT)
    assert scene.page_id == "p1"
    click(app, scene.book_button)  # Cirulla's book is not the game's: no such page
    assert scene.book == "cirulla" and scene.page_id == "c1"

    cirulla = PRESETS["cirulla"].with_(equal_rank_precedence=True)
    app.settings = app.settings.with_(rules=cirulla)
    book = RulesScene(app)
    assert book.book == "cirulla" and book.page_id == "mine"
    explained = t("rule_equal_rank_precedence_hint").rstrip(".").removeprefix("Cirulla: ")
    equal = t("rules_mine_on", rule=t("rule_equal_rank_precedence"), hint=capital(explained))
    assert equal in book.text().split("\n")
    assert "Cirulla: " not in book.text()  # the book is Cirulla's


@pytest.mark.parametrize("language", ["en", "it"])
def test_the_page_of_a_scopone_s_rules_says_how_its_cards_are_dealt(app, language) -> None:
    """Scopone scientifico chosen, the book's first page said of the deal only what the
    setting is for ("How many cards each player is dealt at a time"): not that all are
    dealt, none on the table. It says how the deal chosen goes."""
    app.set_language(language)
    t = app.t
    for preset, deal in (("scopone_scientifico", "scientifico"), ("scopone", "scopone")):
        app.settings = app.settings.with_(rules=PRESETS[preset].with_(napola=True))
        scene = RulesScene(app)
        assert scene.page_id == "mine"
        line = next(line for line in scene.text().split("\n") if line.startswith(t("rule_deal")))
        assert t(f"deal_{deal}_hint") in line
        assert t("rule_deal_hint") not in line


@pytest.mark.parametrize("language", ["en", "it"])
def test_the_first_page_names_the_suits_of_a_french_deck(app, language) -> None:
    """With the French cards chosen, the first page still spoke only of denari, coppe,
    spade and bastoni, and of the seven of coins as the settebello, beside a picture of
    the seven of diamonds: it says which suit stands for which."""
    app.set_language(language)
    app.settings = app.settings.with_(deck_style="french")
    scene = RulesScene(app)
    app.stack.push(scene)
    frame(app)
    assert scene.page == 1
    text = scene.text()
    assert ("diamonds" if language == "en" else "quadri") in text
    assert ("seven of diamonds" if language == "en" else "sette di quadri") in text
    app.settings = app.settings.with_(deck_style="napoletane")
    assert scene.text() == app.t("rules_p1_text")


@pytest.mark.parametrize("deck", ["napoletane", "french"])
def test_the_italian_first_page_says_six_players_have_a_page_of_their_own(app, deck) -> None:
    """The page said six players had "una pagina apposta", a page on purpose: it is
    "apposita", a page of their own."""
    import re

    app.set_language("it")
    app.settings = app.settings.with_(deck_style=deck)
    scene = RulesScene(app, "scopa")
    text = scene.text()
    assert "in sei c'è una pagina apposita" in text
    assert not re.search(r"\bapposta\b", text)


def _line(scene: RulesScene, rule: str) -> str:
    """The line of the page of the game's rules that tells ``rule``."""
    return next(line for line in scene.text().split("\n") if line.startswith(rule))


def _told(t, key: str) -> str:  # noqa: ANN001
    """The explanation ``key`` as the page of the game's rules tells it (the book is
    Cirulla's: its tag left out)."""
    return capital(t(key).removeprefix("Cirulla: "))


@pytest.mark.parametrize("language", ["en", "it"])
def test_the_page_of_the_game_s_rules_tells_no_matta_as_none(app, language) -> None:
    """With no matta, the page said of the Luzzati rules "or three and the matta", and of
    the matta "None. Whoever shows it names its value"; beside Until your first card it
    said hands are shown "right after the deal, not at their turn", and the next line that
    they may be shown at one's turn; beside No three of a kind, Dossena's "three of a kind
    2". Each line now reads right beside the others."""
    app.set_language(language)
    t = app.t
    rules = PRESETS["cirulla"].with_(
        luzzati_table_rules=True,
        matta=None,
        declare_at_deal=True,
        declare_until_play=True,
        dossena_scale=True,
        no_decino=True,
    )
    app.settings = app.settings.with_(rules=rules)
    scene = RulesScene(app)
    assert scene.page_id == "mine"
    luzzati = _line(scene, t("rule_luzzati_table_rules"))
    assert "matta" not in luzzati.lower()
    matta = _line(scene, t("rule_matta"))
    assert matta.startswith(f"{t('rule_matta')}: {t('matta_none').lower()}. ")
    assert _told(t, "rule_matta_hint") not in scene.text()  # "whoever shows it"
    assert t("matta_none_hint") in matta
    at_deal = _line(scene, t("rule_declare_at_deal"))
    until = _line(scene, t("rule_declare_until_play"))
    plain = _told(t, "rule_declare_at_deal_hint")
    assert plain not in at_deal  # "not at their turn", beside "also at your turn"
    assert _told(t, "rule_declare_at_deal_hint_until_play") in at_deal
    assert until.startswith(t("rule_declare_until_play") + ". ")
    dossena = _line(scene, t("rule_dossena_scale"))
    assert _told(t, "rule_dossena_scale_hint") not in dossena
    assert _told(t, "rule_dossena_scale_hint_no_decino") in dossena

    app.settings = app.settings.with_(rules=rules.with_(matta=7, declare_until_play=False))
    with_matta = RulesScene(app)
    assert "matta" in _line(with_matta, t("rule_luzzati_table_rules")).lower()
    plain_at_deal = _line(with_matta, t("rule_declare_at_deal"))
    assert plain in plain_at_deal


@pytest.mark.parametrize("language", ["en", "it"])
def test_a_game_to_another_target_says_so_and_its_pages_name_it(app, language) -> None:
    """Cirulla to 31 (or 16) had no page of its own rules, or one without the target, and
    its pages said it was played to 51. The first page names the target when it is not
    the book's usual one, and the pages that state it state the one in force."""
    app.set_language(language)
    t = app.t
    app.settings = app.settings.with_(rules=PRESETS["cirulla"].with_(target=31))
    scene = RulesScene(app)
    assert scene.book == "cirulla" and scene.page_id == "mine"
    assert _line(scene, t("rule_target")).startswith(f"{t('rule_target')}: 31. ")
    texts = {}
    for page in range(1, scene.pages + 1):
        scene.page = page
        texts[scene.page_id] = scene.text()
    for page in ("c1", "c8"):
        assert "31" in texts[page] and "51" not in texts[page], page
    scene.open_book("scopa")  # not the game's book: its own usual game, no page of changes
    assert scene.page_id == "p1"

    app.settings = app.settings.with_(rules=PRESETS["cirulla"])  # to 51: nothing to tell
    usual = RulesScene(app)
    assert usual.page_id == "c1" and "51" in usual.text() and "31" not in usual.text()

    app.settings = app.settings.with_(rules=Rules(target=21))
    scopa = RulesScene(app)
    assert scopa.page_id == "mine"
    assert _line(scopa, t("rule_target")).startswith(f"{t('rule_target')}: 21. ")
    scopa.open_book("cirulla")  # Cirulla's book for a game of Scopa: Cirulla's usual 51
    assert "51" in scopa.text() and "21" not in scopa.text()


@pytest.mark.parametrize("language", ["en", "it"])
def test_a_cirulla_without_the_cappotto_is_not_said_to_end_on_one(app, language) -> None:
    """Cirulla to 31 with the cappotto counted as points: the page of the target read "When
    a side reaches 31 points... A cappotto ends the match at once", beside a first page
    saying it does not. The pages say what a cappotto does in the game in force."""
    app.set_language(language)
    t = app.t
    for cappotto in (True, False):
        app.settings = app.settings.with_(
            rules=PRESETS["cirulla"].with_(target=31, cappotto=cappotto)
        )
        scene = RulesScene(app)
        texts = {}
        for page in range(1, scene.pages + 1):
            scene.page = page
            texts[scene.page_id] = scene.text()
        won, scored = t("rules_cappotto_won"), t("rules_cappotto_scored")
        assert (won in texts["c7"], scored in texts["c7"]) == (cappotto, not cappotto)
        assert (t("rules_cappotto_ends").strip() in texts["c8"]) == cappotto
        assert "  " not in texts["c8"] and " \n" not in texts["c8"]


@pytest.mark.parametrize("language", ["it", "en"])
def test_a_window_taller_than_16_9_shows_more_of_a_page_at_once(app, language) -> None:
    """At 960x960 the rules kept a 16:9 sheet in a band of the window's middle, and a page
    scrolled with a third of the window empty: the sheet takes the window's height, and
    the pages scroll only for what even that height cannot hold."""
    app.set_language(language)
    scene = RulesScene(app, "cirulla")
    app.stack.push(scene)
    scrolled: dict[tuple[int, int], list[str]] = {}
    body: dict[tuple[int, int], int] = {}
    for size in ((960, 540), (960, 960)):
        app.resize(size)
        frame(app)
        assert pygame.Rect((0, 0), size).contains(scene.panel)
        assert scene.panel.h >= 0.9 * size[1]
        scrolled[size] = []
        for page in range(1, scene.pages + 1):
            scene.page = page
            scene.layout()
            body[size] = scene.body.h
            if scene.content_height() > scene.body.h:
                scrolled[size].append(scene.page_id)
    assert body[(960, 960)] >= 1.8 * body[(960, 540)]
    assert set(scrolled[(960, 960)]) < set(scrolled[(960, 540)]), scrolled


@pytest.mark.parametrize("language", ["en", "it"])
def test_the_page_of_the_game_s_rules_tells_what_ten_coins_do_with_no_cappotto(
    app, language
) -> None:
    """Cirulla with the cappotto off read "Cappotto: off. When it is on: capturing all ten
    coins wins the match outright", what the game played does not do: it says what the
    ten coins do in it."""
    app.set_language(language)
    t = app.t
    app.settings = app.settings.with_(rules=PRESETS["cirulla"].with_(cappotto=False))
    scene = RulesScene(app)
    assert scene.page_id == "mine"
    cappotto = _line(scene, t("rule_cappotto"))
    assert cappotto.startswith(f"{t('rule_cappotto')}: {t('switch_off').lower()}. "), cappotto
    assert "outright" not in cappotto and "vince subito" not in cappotto
    assert "match goes on" in cappotto or "la partita continua" in cappotto


def test_the_rules_opened_from_the_keys_ring_next_page_not_close(app) -> None:
    """Rules opened from the title with the keys: the ring was on Close, and a reader's
    first Enter left the book. It is on Next page (Enter reads on)."""
    app.settings = app.settings.with_(language="en")
    title = app.open("title")
    title.form.keyboard_used = True
    title.form.set_focus(title.rules)
    press(app, pygame.K_RETURN)
    scene = app.stack.top
    assert isinstance(scene, RulesScene) and scene.keys_in_use
    assert scene.form.focus is scene.next_button
    press(app, pygame.K_RETURN)
    assert app.stack.top is scene and scene.page == 2


@pytest.mark.parametrize("language", ["en", "it"])
def test_a_page_longer_than_the_window_says_there_is_more_below(app, language) -> None:
    """Pages 8 and 9 at 960x540 ran on below the window with nothing but a thin scrollbar
    and a faded line to say so, read as the page's end. A mark (a chevron on a disc) stands
    at the foot of each column that goes on, until the end is scrolled into view; a page
    that fits has none."""
    scene, page = on_a_long_page(app)
    app.set_language(language)
    scene.page = page
    frame(app)
    assert scene.cues and all(scene.body.collidepoint(cue.center) for cue in scene.cues)
    scene.scroll(1 << 20)
    frame(app)
    assert scene.cues == []
    app.resize((1920, 1080))
    scene.page, scene.offset = 1, 0
    frame(app)
    assert scene.content_height() <= scene.body.h and scene.cues == []


@pytest.mark.parametrize("language", ["en", "it"])
def test_the_mark_of_more_below_stands_over_no_line(app, language) -> None:
    """The chevron saying more lies below stood over the last line shown, hiding words of
    it ("quanti sono i denari di fila a … tire dall'asso"). It has a room of its own under
    the lines, none of them under it."""
    scene, page = on_a_long_page(app)
    app.set_language(language)
    scene.page = page
    frame(app)
    seen: list[style.Drawn] = []
    with style.watch_text(seen.append):
        frame(app)
    assert scene.cues
    shown = [view for _, _, view, _, _ in scene._views()]  # where lines show, whole
    parts = [text.used.clip(view) for text in seen for view in shown]
    parts = [part for part in parts if part.w and part.h]
    assert parts
    for cue in scene.cues:
        for part in parts:
            assert not cue.colliderect(part), (cue, part)


def test_f1_at_the_table_opens_the_page_of_every_key_over_the_menu(app) -> None:
    """No key told a player of the keys what the keys do: the list was on the rules' last
    page, reached by Esc, Rules and nine pages turned. F1 at the table opens it, over the
    menu (the match waits meanwhile); Esc goes back to the table it was pressed at (it
    left the player on the menu, a second Esc away), Close too."""
    from scopa.app.scenes.pause import PauseScene
    from scopa.app.table import TableScene

    from .table_helpers import coordinated, inline_worker, solo_setup

    app.resize((960, 540))
    table = TableScene(app, coordinated(app, solo_setup()), worker=inline_worker())
    app.stack.push(table)
    frame(app)
    press(app, pygame.K_F1)
    rules = app.stack.top
    assert isinstance(rules, RulesScene) and rules.page_id == "keys"
    assert app.t("table.your_turn_keys").split("(")[-1].startswith("F1")
    assert isinstance(list(app.stack)[-2], PauseScene)
    press(app, pygame.K_ESCAPE)
    assert app.stack.top is table
    press(app, pygame.K_F1)
    click(app, app.stack.top.back_button)
    assert app.stack.top is table
    app.open("pause")  # the rules opened from the menu go back to the menu
    click(app, app.stack.top.buttons[2])
    assert isinstance(app.stack.top, RulesScene)
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, PauseScene)
    table.close()


def test_page_down_reads_a_view_on_as_space_does(app) -> None:
    """Page Down turned the page, over the half of a long page not yet read (at 960x540 the
    variants ran on below): it reads on a view, as Space does, and then turns the page;
    Page Up goes back the same way."""
    scene, page = on_a_long_page(app)
    scene.page = page
    frame(app)
    press(app, pygame.K_PAGEDOWN)
    assert scene.page == page and scene.offset > 0
    press(app, pygame.K_PAGEUP)
    assert scene.page == page and scene.offset == 0


def test_f1_opens_the_page_of_every_key_from_every_screen(app) -> None:
    """F1 said where the keys were told at the table only: on the title, in the menus and
    on the score sheet it did nothing, the keys' page nine pages into the rules."""
    from scopa.app.scenes.settings import SettingsScene
    from scopa.app.scenes.title import TitleScene

    app.resize((960, 540))
    for scene in (TitleScene(app), SettingsScene(app)):
        app.stack.push(scene)
        frame(app)
        press(app, pygame.K_F1)
        rules = app.stack.top
        assert isinstance(rules, RulesScene) and rules.page_id == "keys"
        press(app, pygame.K_F1)  # over the rules: they are open already
        assert app.stack.top is rules
        press(app, pygame.K_ESCAPE)
        assert app.stack.top is scene
