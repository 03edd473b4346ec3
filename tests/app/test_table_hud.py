"""The score panel writes every side's name whole: with six at one screen the sides are
three partners each ("Player 1, Marco and Paolo"), and the panel grows to hold them, short
of the name plates at the top of the window (where it meets one, the name may be set a
little smaller, never cut)."""

from __future__ import annotations

import pygame
import pytest

from scopa.app import style
from scopa.app.table import TableScene
from scopa.app.table.director import Banner
from scopa.app.table.hud import Plate, banner_fit, dealer_disc, draw_plate, plate_pad
from scopa.app.table.layout import TableLayout
from scopa.app.table.painter import hud_needs
from scopa.app.wording import count
from scopa.engine import Match, Rules
from scopa.settings import MatchSetup, SeatConfig

from .table_helpers import coordinated, inline_worker, solo_setup

NAMES = ("Marco", "Lucia", "Paolo", "Chiara", "Giulia")


def six_at_one_screen(app, size, language, humans: int) -> TableScene:  # noqa: ANN001
    app.resize(size)
    app.set_language(language)
    you = SeatConfig(app.t("you"), True)
    others = [SeatConfig(name, seat < humans, "beginner") for seat, name in enumerate(NAMES, 1)]
    rules = Rules(players=6)
    setup = MatchSetup((you, *others), rules)
    scene = TableScene(app, coordinated(app, setup, Match.new(rules, 4)), worker=inline_worker())
    app.stack.push(scene)
    app.frame(1 / 30, [])
    return scene


@pytest.mark.parametrize("size", [(960, 540), (1920, 1080)])
@pytest.mark.parametrize("language", ["en", "it"])
@pytest.mark.parametrize("humans", [6, 1])
def test_every_side_is_named_whole_on_the_score_panel(app, size, language, humans) -> None:
    scene = six_at_one_screen(app, size, language, humans)
    lay = scene.layout
    items = scene.painter.items(scene.snapshot())
    (panel,) = [item for item in items if item.key[0] == "hud"]
    rows = [item for item in items if item.key[0] == "hud row"]
    assert len(rows) == 2
    if humans == 6:
        assert app.t("player_n", n=1) in rows[0].key[1].name
    for item in rows:
        row, band = item.key[1], pygame.FRect(item.key[3])
        pen = scene.text.pen("ui_bold", lay.font_normal, style.CREAM)
        room = scene.painter.hud_name_box(row, band, lay)
        laid = style.fit(row.name, pen, room.width, room.height)
        # Whole, and at most a step or two smaller where the panel meets the top seat's plate.
        assert not laid.elided and laid.px >= 0.9 * pen.px, (row.name, room.width, laid.px)
        assert panel.rect.contains(pygame.Rect(band.left, band.top, room.w, room.h))
    for place in lay.seats:
        assert not panel.rect.colliderect(place.name_rect), place.position
    scene.close()


@pytest.mark.parametrize("size", [(960, 540), (1280, 720), (1920, 1080)])
@pytest.mark.parametrize("players", [4, 6])
def test_a_computer_s_level_is_read_whole_on_its_plate(app, monkeypatch, size, players) -> None:
    """The top seat's plate is narrow in scopone at 960x540: "Livello principia..." was
    cut. A plate too narrow for "PC, principiante" says "Principiante"."""
    app.resize(size)
    app.set_language("it")
    rules = Rules.preset("scopone") if players == 4 else Rules(players=6)
    seats = [SeatConfig(app.t("you"), True)]
    seats += [SeatConfig(name, False, "beginner") for name in NAMES[: players - 1]]
    written: list[tuple[str, float, float]] = []
    draw = style.text

    def text(surface, words, pen, box, *args, **kwargs):  # noqa: ANN001, ANN002, ANN003, ANN202
        written.append((words, style.natural_width(words, pen), box.width))
        return draw(surface, words, pen, box, *args, **kwargs)

    monkeypatch.setattr(style, "text", text)
    scene = TableScene(
        app,
        coordinated(app, MatchSetup(tuple(seats), rules), Match.new(rules, 4)),
        worker=inline_worker(),
    )
    app.stack.push(scene)
    app.frame(1 / 30, [])
    levels = [entry for entry in written if entry[0] in ("PC, principiante", "Principiante")]
    assert levels
    for words, width, room in levels:
        assert width <= room + 0.5, (words, width, room)
    # and every plate says it alike: the top seat's "Principiante" beside the others'
    # "PC, principiante" read as two levels
    assert len({words for words, _, _ in levels}) == 1, levels
    scene.close()


def test_with_partners_each_pile_s_count_wears_its_side_s_colour(app) -> None:
    """Scopone: both piles lay at the bottom right, one by Anna and one below Bruno's hand,
    and nothing said whose was whose. The count wears the side's colour, as the plates and
    the score lines do, bright enough to see on its dark badge; without partners it wears
    none."""
    app.resize((1920, 1080))
    for rules, coloured in ((Rules.preset("scopone"), True), (Rules(), False)):
        seats = [SeatConfig(app.t("you"), True)]
        seats += [SeatConfig(name, False, "beginner") for name in NAMES[: rules.players - 1]]
        match = Match.new(rules, 4)
        while not all(match.round.piles):  # every side has taken something
            match, _ = match.apply(match.legal_moves()[0])
        scene = TableScene(app, coordinated(app, MatchSetup(tuple(seats), rules), match),
                           worker=inline_worker())  # fmt: skip
        app.stack.push(scene)
        app.frame(1 / 30, [])
        piles = [item for item in scene.painter.items(scene.snapshot()) if item.key[0] == "pile"]
        assert len(piles) == rules.sides
        colours = {item.key[-1] for item in piles}
        if coloured:
            assert colours == {style.side_mark(side) for side in range(rules.sides)}
            for item in piles:
                # The deep red and blue of the sides were hard to see as a thin ring on the
                # dark badge: the mark stands out from it.
                assert style.contrast(item.key[-1], style.NIGHT) >= 3.5, item.key[-1]
                surface = pygame.Surface(app.size)
                item.paint(surface)
                area = item.rect.clip(surface.get_rect())
                seen = {tuple(surface.get_at((x, y)))[:3] for x in range(area.left, area.right)
                        for y in range(area.top, area.bottom)}  # fmt: skip
                assert item.key[-1] in seen
        else:
            assert colours == {None}
        scene.close()
        app.stack.pop()


def test_a_side_s_mark_keeps_its_colour_and_stands_out_from_the_dark_panels() -> None:
    for side in range(len(style.SIDE_COLORS)):
        colour, mark = style.side_colour(side), style.side_mark(side)
        assert style.contrast(mark, style.NIGHT) >= style.MARK_CONTRAST
        assert max(mark) >= max(colour)
        if style.contrast(colour, style.NIGHT) >= style.MARK_CONTRAST:
            assert mark == colour  # bright enough already: left alone
        for first, second in ((0, 1), (0, 2), (1, 2)):  # the same hue, only brighter
            assert abs(mark[first] * colour[second] - mark[second] * colour[first]) <= 255 * 2


@pytest.mark.parametrize("size", [(960, 540), (1280, 720)])
def test_two_long_names_that_begin_alike_are_told_apart_on_their_plates(app, size) -> None:
    """ "Massimiliano Alessandro" and "Massimiliano Alessandri" both read "Massimiliano
    Al…" on their plates: the seats could not be told apart. Names cut short alike keep
    their start and end."""
    app.resize(size)
    names = ("Massimiliano Alessandro", "Massimiliano Alessandri", "Bice", "Carlo", "Dario")
    seats = [SeatConfig("Anna", True), *(SeatConfig(name, False, "beginner") for name in names)]
    rules = Rules(players=6, six_sides=6)  # (narrow plates: at three, long names fit whole)
    setup = MatchSetup(tuple(seats), rules)
    seen: list[style.Drawn] = []
    with style.watch_text(seen.append):  # from the start: words once drawn are kept drawn
        scene = TableScene(
            app, coordinated(app, setup, Match.new(rules, 4)), worker=inline_worker()
        )
        app.stack.push(scene)
        app.frame(1 / 30, [])
        app.draw()
    rects = [pygame.FRect(plate.rect) for plate in scene.snapshot().plates]
    on_plates = [text for text in seen if any(rect.contains(text.box) for rect in rects)]
    assert len({text.words for text in on_plates if text.words.startswith("Massimi")}) == 2
    cut = {text.lines for text in on_plates if text.words.startswith("Massimi") and text.elided}
    plates = [text for text in seen if style.ELLIPSIS in text.words and text.role == "ui_bold"]
    assert not cut, cut  # nothing cut where it is written: the plates were given room
    shown = {text.words for text in plates}
    assert len(shown) == 2 and all(word.startswith("Massimi") for word in shown), shown
    assert {word[-7:] for word in shown} == {"ssandro", "ssandri"}
    scene.close()


@pytest.mark.parametrize(
    "rules", [Rules(players=3), Rules(players=6, six_sides=6)], ids=["three", "six"]
)
def test_each_of_many_sides_wears_on_the_table_the_colour_it_has_on_the_sheet(app, rules) -> None:
    """Six players each alone: the score sheet and its chart told the players apart by
    colour only, and the table showed none, so a player learnt their colour at the end of
    the round. Each plate, score line and pile wears its side's colour."""
    app.resize((960, 540))
    seats = [SeatConfig(app.t("you"), True)]
    seats += [SeatConfig(name, False, "beginner") for name in NAMES[: rules.players - 1]]
    match = Match.new(rules, 4)
    while not all(match.round.piles):
        match, _ = match.apply(match.legal_moves()[0])
    scene = TableScene(app, coordinated(app, MatchSetup(tuple(seats), rules), match),
                       worker=inline_worker())  # fmt: skip
    app.stack.push(scene)
    app.frame(1 / 30, [])
    marks = [style.side_mark(side) for side in range(rules.sides)]
    snapshot = scene.snapshot()
    assert [plate.side_colour for plate in snapshot.plates] == marks
    assert [row.colour for row in snapshot.hud.rows] == marks
    piles = [item for item in scene.painter.items(snapshot) if item.key[0] == "pile"]
    assert {item.key[-1] for item in piles} == set(marks)
    scene.close()
    app.stack.pop()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_long_names_are_written_whole_on_their_plates_in_a_large_window(app, players) -> None:
    """At 1920x1080 a 24-letter name was cut on its plate with room to spare beside it:
    the plates grow for long names where the window has room. Each plate of the table laid
    out is drawn as the painter draws it, the dealer's button on it (the least room); the
    top seat's plate leaves the room beside it to the score panel, which names it whole."""
    app.resize((1920, 1080))
    names = ("Ludovica Sforza Visconti", "Bartolomeo Colleoni Jr.", "Caterina de Medici Sr.")
    scene, seats, rules = table_of_long_names(app, "Pierluigi Francesco Neri", names, players)
    layout = scene.layout
    needed = hud_needs([config.name for config in seats], layout, scene.text)
    tops = [seat for seat in range(players) if layout.place_of(seat).position == "top"]
    plain = TableLayout((1920, 1080), rules, scene.bottom)
    if any(layout.place_of(s).name_rect.width > plain.place_of(s).name_rect.width for s in tops):
        # grown, the top plate keeps clear of the score panel as wide as it wants to be
        assert layout.hud_width_for(needed) >= needed - 0.5
    for seat, config in enumerate(seats):
        place = layout.place_of(seat)
        if place.position == "top":  # its name is the score panel's too, which comes first
            continue
        rect = place.name_rect
        seen: list[style.Drawn] = []
        with style.watch_text(seen.append):
            plate = Plate(config.name, "Beginner", False, True, "D")
            draw_plate(app.screen, rect, plate, layout, scene.text, 0.0)
        (written,) = [text for text in seen if text.words == config.name]
        assert not written.elided, config.name
        assert written.px >= 0.75 * layout.font_normal, config.name
    scene.close()


def test_the_top_plate_leaves_the_score_panel_room_for_a_long_name(app) -> None:
    """Grown for a long name, the top seat's plate took the room the score panel widens
    into: "Maestro Giuseppe Gari…" on the panel at 1920x1080. The panel comes first."""
    app.resize((1920, 1080))
    seats = (SeatConfig("Anna", True), SeatConfig("Maestro Giuseppe Garibal", False, "master"))
    rules = Rules()
    setup = MatchSetup(seats, rules)
    scene = TableScene(app, coordinated(app, setup, Match.new(rules, 4)), worker=inline_worker())
    app.stack.push(scene)
    seen: list[style.Drawn] = []
    with style.watch_text(seen.append):
        for _ in range(120):  # the deal, then the score panel
            app.frame(1 / 30, [])
    panel = scene.layout.hud_rect
    on_panel = [
        text
        for text in seen
        if text.words.startswith("Maestro") and text.box[1] < panel.top + panel.h * 3
        and text.box[0] < scene.layout.place_of(1).name_rect.left
    ]  # fmt: skip
    assert on_panel and not any(text.elided for text in on_panel), on_panel
    assert all(text.px == text.asked for text in on_panel), on_panel  # not shrunk either
    scene.close()


@pytest.mark.parametrize("language", ["it", "en"])
def test_a_friend_the_computer_plays_for_is_said_so_whole_on_a_narrow_plate(
    app, monkeypatch, language
) -> None:
    """Online at 960x540, the top plate of four read "Gioca il com…" while the computer
    played for a friend gone: a plate too narrow for it says it short, as the levels do."""
    app.resize((960, 540))
    app.set_language(language)
    rules = Rules.preset("scopone")
    names = ("Anna", "Carla", "Bruno", "Dario")
    seats = tuple(SeatConfig(name, True) for name in names)
    scene = TableScene(
        app, coordinated(app, MatchSetup(seats, rules), Match.new(rules, 4)), worker=inline_worker()
    )
    monkeypatch.setattr(scene, "_stood_in", lambda: frozenset({2}))
    app.stack.push(scene)
    app.frame(1 / 30, [])
    seen: list[style.Drawn] = []
    with style.watch_text(seen.append):
        for item in scene.painter.items(scene.snapshot()):
            if item.key[0] == "plate":
                item.paint(app.screen)
    said = {app.t("table.stood_in"), app.t("table.stood_in_short")}
    (line,) = [text for text in seen if text.words in said]
    assert not line.elided, line
    scene.close()


@pytest.mark.parametrize("language", ["it", "en"])
def test_a_hand_laid_open_is_said_whole_on_its_plate_beside_the_dealer_s_button(
    app, language
) -> None:
    """A Cirulla player who knocked read "3 in mano, scope…" on their plate at 960x540:
    a plate is now as wide as its longest second line wants, beside the dealer's button."""
    from scopa.app.wording import count

    app.resize((960, 540))
    app.set_language(language)
    rules = Rules.preset("cirulla")
    seats = (SeatConfig("Anna", True), SeatConfig("Bruno", False, "beginner"))
    setup = MatchSetup(seats, rules)
    scene = TableScene(app, coordinated(app, setup, Match.new(rules, 4)), worker=inline_worker())
    app.stack.push(scene)
    app.frame(1 / 30, [])
    shown = count(app.t, "table.in_hand_shown", 3)
    for seat, name in enumerate(("Anna", "Bruno")):  # the computer's knocked hand too
        rect = scene.layout.place_of(seat).name_rect
        seen: list[style.Drawn] = []
        with style.watch_text(seen.append):
            draw_plate(app.screen, rect, Plate(name, shown, True, True, "M"), scene.layout,
                       scene.text, 0.0)  # fmt: skip
        (line,) = [text for text in seen if text.words == shown]
        assert not line.elided and line.px == line.asked, (seat, line)
    scene.close()


@pytest.mark.parametrize("size", [(960, 540), (1920, 1080)])
def test_the_last_cards_banner_is_read_on_its_own_plate_whatever_lies_under_it(
    app,  # noqa: ANN001
    size: tuple[int, int],
) -> None:
    """The last cards' banner lay on a thin glass the table's cards showed through, busy
    behind its words: once it is shown, only its dark plate is seen behind them."""
    app.resize(size)
    scene = TableScene(app, coordinated(app, solo_setup()), worker=inline_worker())
    app.stack.push(scene)
    words = scene.director.about("table.last_cards", 0)
    scene.director.banners.append(Banner(words, "info", scale=1.0, alpha=255.0))
    (banner,) = [item for item in scene.painter.items(scene.snapshot()) if item.key[0] == "banner"]
    lay = scene.layout
    laid = banner_fit(Banner(words, "info"), lay, scene.text)
    behind = pygame.FRect(0, 0, laid.width, laid.height).inflate(lay.margin, lay.margin * 0.5)
    behind.center = lay.banner_centre
    looks = []
    for under in ((255, 255, 255), (0, 0, 0)):  # a card's face, the darkest cloth
        layer = pygame.Surface(size)
        layer.fill(under)
        banner.paint(layer)
        looks.append(layer.subsurface(behind))
    assert pygame.image.tobytes(looks[0], "RGB") == pygame.image.tobytes(looks[1], "RGB")
    plate = looks[0].get_at((0, 0))  # beside the words, above their shadow
    assert style.contrast(style.CREAM, (plate.r, plate.g, plate.b)) >= 7
    scene.close()


@pytest.mark.parametrize("size", [(960, 540), (1920, 1080)])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_plate_grown_for_a_long_name_keeps_it_clear_of_the_dealer_s_button(
    app,  # noqa: ANN001
    size: tuple[int, int],
    players: int,
) -> None:
    """Grown just as wide as a long name wanted, a plate wrote it up against the dealer's
    button: the words end a plate's margin short of the button, on every plate."""
    app.resize(size)
    names = ("Ludovica Sforza Visconti", "Bartolomeo Colleoni", "Caterina de Medici Sr.")
    scene, seats, rules = table_of_long_names(app, "Pierluigi Francesco", names, players)
    layout = scene.layout
    plain = TableLayout(size, rules, scene.bottom)
    grown = 0
    for seat, config in enumerate(seats):
        rect = layout.place_of(seat).name_rect
        grown += rect.width > plain.place_of(seat).name_rect.width
        seen: list[style.Drawn] = []
        with style.watch_text(seen.append):
            plate = Plate(config.name, "Beginner", False, True, "D")
            draw_plate(app.screen, rect, plate, layout, scene.text, 0.0)
        button = dealer_disc(rect, scene.text)
        for text in seen:
            if text.words != "D":
                # (words are set on whole pixels: half a pixel's rounding, as the text tour's)
                gap = button.left - text.used.right
                assert gap >= plate_pad(layout) - 0.5, (text.words, gap, plate_pad(layout))
    assert grown
    scene.close()


def table_of_long_names(  # noqa: ANN001
    app, name: str, others: tuple[str, ...], players: int
) -> tuple[TableScene, list[SeatConfig], Rules]:
    """A table of ``players`` each alone, the person ``name`` and computers named from
    ``others``, open in ``app`` after its first frame: the scene, its seats and rules."""
    seats = [SeatConfig(name, True)]
    seats += [SeatConfig(other, False, "beginner") for other in others[: players - 1]]
    rules = Rules(players=players, teams=False)
    setup = MatchSetup(tuple(seats), rules)
    scene = TableScene(app, coordinated(app, setup, Match.new(rules, 4)), worker=inline_worker())
    app.stack.push(scene)
    app.frame(1 / 30, [])
    return scene, seats, rules


@pytest.mark.parametrize("players", [3, 4, 6])
@pytest.mark.parametrize("language", ["en", "it"])
@pytest.mark.parametrize("keys", [False, True])
def test_the_status_line_keeps_clear_of_the_seats_beside_the_table(
    app, players, language, keys
) -> None:
    """At 960x540 with six at one screen, "WWW…W, it's your turn: …" ran across the hand
    and the pile of the seat on the right, at the status line's height: the line keeps
    between the seats beside it, the person's name shortened rather than the words
    about what to do."""
    from .table_helpers import lift_cover

    app.resize((960, 540))
    app.set_language(language)
    name = "W" * 24
    seats = [SeatConfig(name, True)]
    seats += [SeatConfig(other, True) for other in NAMES[: players - 1]]
    rules = Rules(players=players)
    setup = MatchSetup(tuple(seats), rules)
    scene = TableScene(app, coordinated(app, setup, Match.new(rules, 4)), worker=inline_worker())
    app.stack.push(scene)
    app.frame(1 / 30, [])
    while scene.human_to_play != 0:
        if scene.cover is not None:
            lift_cover(app, scene)
        else:
            scene.play(scene.match.legal_moves()[0])
        for _ in range(60):
            app.frame(1 / 30, [])
    scene.input.keyboard = keys  # the longest line: which keys play
    drawn: list[style.Drawn] = []
    with style.watch_text(drawn.append):
        items = scene.painter.items(scene.snapshot())
        surface = pygame.Surface(app.size)
        for item in items:
            if item.key[0] == "status":
                item.paint(surface)
    (status,) = [item for item in items if item.key[0] == "status"]
    lay = scene.layout
    for rect in lay.seats_room:
        if rect.top > status.rect.bottom or rect.bottom < status.rect.top:
            continue
        assert not status.rect.colliderect(rect), (status.rect, rect)
    (line,) = [text for text in drawn if "WWW" in text.words]
    assert not line.elided and not line.cut, line


@pytest.mark.parametrize("size", [(960, 540), (1920, 1080)])
def test_three_long_names_keep_the_score_panel_off_the_table_s_frame(app, size) -> None:
    """Three players with long names: the score panel, reaching down beside the table,
    grew over the frame's corner; and a name made smaller to fit stood beside names
    written larger. The panel stops at the frame; its names are written at one size."""
    app.resize(size)
    names = ("Massimiliano Bartolomeo", "Gianfranco Leopoldo")
    seen: list[style.Drawn] = []
    with style.watch_text(seen.append):
        scene, seats, _ = table_of_long_names(app, "Pierluigi Francesco Neri", names, 3)
        app.draw()
    ((x, y, w, h),) = [item.key[1] for item in scene.painter.items(scene.snapshot())
                       if item.key[0] == "hud"]  # fmt: skip
    lay = scene.layout
    frame = lay.table_rect.inflate(2 * lay.margin, 2 * lay.margin)
    assert x + w <= max(frame.left, lay.hud_rect.right) + 0.5
    sizes = {text.px for text in seen if text.words in {seat.name for seat in seats}
             and text.box[1] < y + h}  # fmt: skip
    assert len(sizes) == 1, [
        (t.words, t.px, t.box, t.role) for t in seen if t.words in {s.name for s in seats}
    ]
    scene.close()
    app.stack.pop()


@pytest.mark.parametrize("language", ["en", "it"])
def test_a_cirulla_hand_s_bonus_stays_in_sight_on_a_narrow_score_panel(
    app,  # noqa: ANN001
    monkeypatch: pytest.MonkeyPatch,
    language: str,
) -> None:
    """At 960x540 a side with 18 cards, 6 scopas and a three of a kind's 10 read
    "18 taken · 6 scopas +…": the bonus the line is there to tell was cut. Every side's
    line then counts the cards without their word, the bonus whole."""
    app.resize((960, 540))
    app.set_language(language)
    rules = Rules.preset("cirulla")
    setup = MatchSetup((SeatConfig("Giulia", True), SeatConfig("Massimiliano", False)), rules)
    scene = TableScene(app, coordinated(app, setup, Match.new(rules, 3)), worker=inline_worker())
    app.stack.push(scene)
    app.frame(1 / 30, [])
    view = scene.view
    piles = {0: 9, 1: 12}
    monkeypatch.setattr(view, "count", lambda kind, index=None: piles.get(index, 0))
    view.markers[1] = list(Match.new(rules, 5).round.hand(0)[:3]) * 2  # six scope
    scene.director.shown.bonus = {1: 10}
    scene.director.shown.totals = (22, 40)
    seen: list[style.Drawn] = []
    with style.watch_text(seen.append):
        for item in scene.painter.items(scene.snapshot()):
            if item.key[0] == "hud row":
                item.paint(app.screen)
    said = [drawn.words for drawn in seen]
    bonus = app.t("table.scope_bonus", sweeps=count(app.t, "table.scope", 6), n=10)
    assert f"18  \u00b7  {bonus}" in said
    assert f"9  \u00b7  {count(app.t, 'table.scope', 0)}" in said  # alike on every line
    assert not any(drawn.elided for drawn in seen)


def test_a_pile_of_cards_taken_never_reads_as_a_card_of_the_hand_beside_it(app) -> None:
    """By the window's side a hidden hand lies turned, as a pile does: with six players a
    side's pile of a few cards, one back beside the hand's backs, read as one more card of
    the hand. A pile of two or more shows a card across it at a slant; the hand's lie
    square."""
    from scopa.app.cardart import CardArt
    from scopa.app.table.hud import draw_stack

    art = CardArt("napoletane", font=app.font)
    width = 80

    def painted(count: int, askew: bool) -> pygame.Rect:
        surface = pygame.Surface((400, 400), pygame.SRCALPHA)
        draw_stack(surface, art, (200, 200), width, count, turned=True, askew=askew)
        return surface.get_bounding_rect(min_alpha=200)

    square = painted(1, askew=True)  # one card: as a hand's card (nothing to tell apart)
    assert painted(1, askew=False) == square
    pile = painted(3, askew=True)
    assert pile.h > square.h + width * 0.1  # the slanted card reaches past the square ones
    assert painted(3, askew=False).h <= square.h + 2


@pytest.mark.parametrize("size", [(960, 540), (1920, 1080)])
def test_a_pile_s_count_is_drawn_in_the_room_kept_for_it_clear_of_every_plate(app, size) -> None:
    """Six each alone: the upper left seat's count sat on its plate's edge. The layout
    chose a place for a count one line of the small font high, and the painter drew it a
    few pixels taller, over what the layout had kept it clear of. A count is drawn as tall
    as its room, and its room keeps a little apart from every plate."""
    app.resize(size)
    rules = Rules(players=6, six_sides=6)
    names = ("Anna", "Giulia", "Massimiliano", "Bartolomeo", "Paolo", "Chiara")
    setup = MatchSetup(tuple(SeatConfig(name, seat == 0) for seat, name in enumerate(names)), rules)
    scene = TableScene(app, coordinated(app, setup, Match.new(rules, 3)), worker=inline_worker())
    app.stack.push(scene)
    app.frame(1 / 30, [])
    snap = scene.snapshot()
    layout = snap.layout
    seen: list[style.Drawn] = []
    with style.watch_text(seen.append):
        for side in range(rules.sides):
            scene.painter._pile(snap.art, layout, side, 8, 8).paint(app.screen)
    drawn = [pygame.FRect(text.box) for text in seen if text.words == "8"]
    assert len(drawn) == rules.sides
    plates = [pygame.FRect(layout.place_of(seat).name_rect) for seat in range(rules.players)]
    for side in range(rules.sides):
        room = layout.count_rect(side)
        (tag,) = [box for box in drawn if box.colliderect(room)]
        assert tag.top >= room.top - 0.5 and tag.bottom <= room.bottom + 0.5, (side, tag, room)
        apart = layout.margin * 0.2
        assert room.inflate(apart, apart).collidelist(plates) < 0, (side, room)


@pytest.mark.parametrize("size", [(960, 540), (1920, 1080)])
@pytest.mark.parametrize("language", ["en", "it"])
def test_with_four_alone_a_hand_s_bonus_shows_on_the_score_panel(app, size, language) -> None:
    """With four sides the panel shows names and totals alone (the cards taken show on
    the piles): a knock's 10 was seen once on the table, then nowhere until the round's
    sheet. A side's bonus of the round is written beside its total, whole, clear of the
    name and of the other lines."""
    app.resize(size)
    app.set_language(language)
    rules = Rules.preset("cirulla").with_(players=4, teams=False)
    names = ("Anna", "Bruno", "Massimiliano", "Dora")
    setup = MatchSetup(
        tuple(SeatConfig(name, seat == 0, "beginner") for seat, name in enumerate(names)), rules
    )
    scene = TableScene(app, coordinated(app, setup, Match.new(rules, 3)), worker=inline_worker())
    app.stack.push(scene)
    app.frame(1 / 30, [])
    assert scene.layout.hud_compact
    scene.director.shown.bonus = {2: 10, 3: 3}
    seen: list[style.Drawn] = []
    with style.watch_text(seen.append):
        for item in scene.painter.items(scene.snapshot()):
            if item.key[0] == "hud row":
                item.paint(app.screen)
    said = {drawn.words: drawn for drawn in seen}
    assert "+10" in said and "+3" in said, sorted(said)
    assert not any(drawn.elided for drawn in seen)
    ten, name = said["+10"], said["Massimiliano"]
    assert not ten.used.colliderect(name.used)
    assert not ten.used.colliderect(said["0"].used)
    scene.close()
    app.stack.pop()


def test_three_pairs_are_told_apart_by_a_shape_as_well_as_a_colour(app) -> None:
    """Six players as three pairs: which plate went with which pair, and with which line of
    the score panel, was told by a colour alone (the red and the ochre pairs look alike to a
    colour-blind player). Each side's plates and its line wear a shape of its own."""
    from scopa.app.style import SIDE_SHAPES

    rules = Rules(players=6, six_sides=3)
    app.resize((960, 540))
    seats = [SeatConfig(app.t("you"), True)]
    seats += [SeatConfig(name, False, "beginner") for name in NAMES[:5]]
    scene = TableScene(app, coordinated(app, MatchSetup(tuple(seats), rules), Match.new(rules, 4)),
                       worker=inline_worker())  # fmt: skip
    app.stack.push(scene)
    app.frame(1 / 30, [])
    snapshot = scene.snapshot()
    assert [plate.side for plate in snapshot.plates] == [rules.side_of(s) for s in range(6)]
    assert [row.side for row in snapshot.hud.rows] == [0, 1, 2]
    assert len({SIDE_SHAPES[side] for side in range(rules.sides)}) == 3
    scene.close()


@pytest.mark.parametrize("size", [(960, 540), (1920, 1080)])
def test_the_score_panel_s_shapes_are_big_enough_to_tell_apart_and_clear_of_the_names(
    app, monkeypatch, size
) -> None:
    """At 960x540 the shapes before the sides' names on the score panel were about 8 pixels
    wide: the red disc and the blue diamond read alike by shape. They are at least 10 wide,
    and each name starts after its shape."""
    rules = Rules(players=6, six_sides=3)
    app.resize(size)
    seats = [SeatConfig(app.t("you"), True)]
    seats += [SeatConfig(name, False, "beginner") for name in NAMES[:5]]
    drawn: list[tuple[int, tuple[float, float], float]] = []
    shape = style.side_shape
    monkeypatch.setattr(
        style,
        "side_shape",
        lambda surface, side, centre, r, *rest: (
            drawn.append((side, centre, r)) or shape(surface, side, centre, r, *rest)
        ),
    )
    names: list[style.Drawn] = []
    with style.watch_text(names.append):
        scene = TableScene(app, coordinated(app, MatchSetup(tuple(seats), rules),
                           Match.new(rules, 4)), worker=inline_worker())  # fmt: skip
        app.stack.push(scene)
        app.frame(1 / 30, [])
    for row in scene.snapshot().hud.rows:
        name = next(text for text in names if text.words == row.name)
        centre, r = min(
            ((c, r) for side, c, r in drawn if side == row.side),
            key=lambda shape: (
                abs(shape[0][1] - name.used.centery) + abs(shape[0][0] - name.used.left)
            ),
        )
        assert r >= 5
        assert centre[0] + r < name.used.left
    scene.close()


@pytest.mark.parametrize("size", [(960, 540), (1280, 720), (1920, 1080)])
def test_a_name_s_accented_capital_keeps_clear_of_the_plate_s_band_and_border(app, size):
    """The accent of "È" and the tilde of "Ñ" crossed the gold border of the plate of the
    seat to play, and the band of the side's colour along its top: the plate's lines are
    written under the band and over the border, at their full size."""
    from scopa.app.table.hud import name_pen, plate_band, plate_pen
    from scopa.app.table.text import Writer

    app.resize(size)
    layout = TableLayout(size, Rules(players=4))
    text = Writer(app.font)
    rect = layout.place_of(0).name_rect
    border = style.dark_panel_line(style.Scale(size))
    seen: list[style.Drawn] = []
    with style.watch_text(seen.append):
        plate = Plate("Èlia Ñuñez", "3 in hand", True, False)
        draw_plate(app.screen, rect, plate, layout, text, 0.0)
    (name,) = [drawn for drawn in seen if drawn.words == "Èlia Ñuñez"]
    (detail,) = [drawn for drawn in seen if drawn.words == "3 in hand"]
    assert name.used.top >= rect.top + plate_band(layout) - 0.5
    assert detail.used.bottom <= rect.bottom - border + 0.5
    assert name.px == name_pen(layout, text).px and detail.px == plate_pen(layout, text).px


@pytest.mark.parametrize("sides", [2, 3])
@pytest.mark.parametrize("language", ["en", "it"])
def test_partners_with_long_names_are_each_named_on_a_small_score_panel(
    app, language, sides
) -> None:
    """Six at 960x540 in two teams of three with long names: the panel wrote "Niccolò,
    Bartolomeo Wolfgan…", the third partner lost with the end. Partners a side's line
    cannot hold whole are each named by their first name, every one in sight."""
    app.resize((960, 540))
    app.set_language(language)
    names = ("Niccolò", "Zoë", "Bartolomeo Wolfgang", "Maria Antonietta Bartolo", "Paolo",
             "Chiara")  # fmt: skip
    seats = [SeatConfig(name, seat < 3, "beginner") for seat, name in enumerate(names)]
    rules = Rules(players=6, six_sides=sides)
    setup = MatchSetup(tuple(seats), rules)
    seen: list[style.Drawn] = []
    with style.watch_text(seen.append):
        match = Match.new(rules, 4)
        scene = TableScene(app, coordinated(app, setup, match), worker=inline_worker())
        app.stack.push(scene)
        app.frame(1 / 30, [])
        app.draw()
    items = scene.painter.items(scene.snapshot())
    rows = [item.key[1] for item in items if item.key[0] == "hud row"]
    assert len(rows) == sides
    for row in rows:
        drawn = [text for text in seen if text.words == row.name]
        assert drawn and not any(text.elided for text in drawn), (row.name, drawn)
        partners = [names[seat] for seat in range(6) if rules.side_of(seat) == row.side]
        for partner in partners:
            assert partner.split()[0] in row.name, (partner, row.name)
    assert any("Bartolomeo Wolfgang" not in row.name for row in rows)  # (the whole: cut)
    scene.close()
    app.stack.pop()


@pytest.mark.parametrize("size", [(960, 540), (1920, 1080)])
@pytest.mark.parametrize("language", ["en", "it"])
def test_the_dealer_s_button_says_what_it_means_under_the_pointer(app, size, language) -> None:
    """A "D" (an "M" in Italian) stood by a plate with nothing to say what it was: with the
    pointer on it, who deals, who plays first and where the deal goes next are said beside
    it, whole and within the window; the pointer elsewhere, nothing."""
    from .table_helpers import mouse

    app.resize(size)
    app.set_language(language)
    for dealer in (0, 1):
        match = next(
            m for seed in range(40) if (m := Match.new(Rules(), seed)).round.dealer == dealer
        )
        scene = TableScene(app, coordinated(app, solo_setup(), match), worker=inline_worker())
        app.stack.push(scene)
        app.frame(1 / 30, [])
        assert scene.director.shown.dealer == dealer
        disc = dealer_disc(scene.layout.place_of(dealer).name_rect, scene.text)
        app.frame(1 / 30, [mouse(pygame.MOUSEMOTION, disc.center)])
        (tip,) = [item for item in scene.overlay_items() if item.key[0] == "dealer tip"]
        key = "table.dealer_tip.you" if dealer == 0 else "table.dealer_tip.one"
        words = app.t(key, mark=app.t("table.dealer_mark"), name="CPU")
        assert tip.key[1] == words
        panel = pygame.FRect(tip.key[2])
        assert pygame.FRect((0, 0), size).contains(panel)
        pen = scene.text.pen("ui", scene.layout.font_small, style.CREAM)
        room = panel.inflate(-scene.layout.margin, -scene.layout.margin)
        assert not style.fit(words, pen, room.w, room.h, lines=0).elided
        app.frame(1 / 30, [mouse(pygame.MOUSEMOTION, (size[0] // 2, size[1] // 2))])
        assert not [item for item in scene.overlay_items() if item.key[0] == "dealer tip"]
        scene.close()
        app.stack.pop()


@pytest.mark.parametrize("language", ["en", "it"])
def test_a_round_dealt_all_at_once_is_not_told_as_deal_1_of_1(app, language) -> None:
    """Scopone deals every card at once: the score panel read "Distribuzione 1 di 1", a
    count with nothing to count. It says the round has a single deal; a round of several
    deals still counts them."""
    app.set_language(language)
    for rules, line in (
        (Rules.preset("scopone"), app.t("table.deal_single")),
        (Rules(), app.t("table.deal", n=1, total=6)),
    ):
        seats = [SeatConfig(app.t("you"), True)]
        seats += [SeatConfig(name, False, "beginner") for name in NAMES[: rules.players - 1]]
        setup = MatchSetup(tuple(seats), rules)
        scene = TableScene(
            app, coordinated(app, setup, Match.new(rules, 4)), worker=inline_worker()
        )
        app.stack.push(scene)
        app.frame(1 / 30, [])
        assert scene.snapshot().hud.deal_line == line
        scene.close()
        app.stack.pop()


@pytest.mark.parametrize("language", ["en", "it"])
def test_a_computer_s_plate_says_it_is_a_computer(app, language) -> None:
    """A computer's plate read "Beginner" where a person's read "3 in hand": nothing said
    the seat was a computer, to a newcomer at a party of six. It says so, and its level."""
    app.set_language(language)
    seats = (SeatConfig(app.t("you"), True), SeatConfig("Giulia", False, "beginner"))
    rules = Rules()
    scene = TableScene(
        app,
        coordinated(app, MatchSetup(seats, rules), Match.new(rules, 4)),
        worker=inline_worker(),
    )
    app.stack.push(scene)
    app.frame(1 / 30, [])
    (plate,) = [p for p in scene.snapshot().plates if p.name == "Giulia"]
    assert plate.detail == {"en": "CPU, beginner", "it": "PC, principiante"}[language]
    scene.close()
