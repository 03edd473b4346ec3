"""The table layout fits every window from 960x540 to 4K and seats go counter-clockwise."""

from __future__ import annotations

import pytest
from pygame import FRect

from scopa.app.table.layout import SCOPE_SHOWN, TableLayout, card_rect
from scopa.engine import Rules

SIZES = [(960, 540), (1280, 720), (1024, 768), (1920, 1080), (2560, 1080), (3840, 2160)]
HANDS = {2: 3, 3: 3, 4: 9}


def rules(players: int, sides: int | None = None) -> Rules:
    """The rules of a table of ``players`` (four: scopone, the longest hands)."""
    if players == 4:
        return Rules.preset("scopone").with_(teams=sides != 4)
    return Rules(players=players)


def inside(rect: FRect, size: tuple[int, int]) -> bool:
    return (
        rect.left >= -0.5
        and rect.top >= -0.5
        and rect.right <= size[0] + 0.5
        and (rect.bottom <= size[1] + 0.5)
    )


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_everything_is_inside_the_window(size, players):
    lay = TableLayout(size, rules(players), bottom=0)
    for seat in range(players):
        assert inside(lay.place_of(seat).name_rect, size)
        for visible in (False, True):
            for slot in lay.hand_slots(seat, HANDS[players], visible):
                rect = FRect(0, 0, slot.width, slot.width * 5 / 3)
                if abs(slot.angle) % 180 == 90:
                    rect.size = (rect.height, rect.width)
                rect.center = slot.centre
                assert inside(rect, size), (seat, visible, rect)
    for slot in range(12):
        assert inside(lay.table_slot(slot, 12), size)
    assert inside(lay.table_rect, size)


@pytest.mark.parametrize("size", SIZES)
def test_readable_sizes_scale_with_the_window(size):
    lay = TableLayout(size, Rules())
    assert lay.font_small >= 12 and lay.hand_w >= 60
    assert lay.hand_w / size[1] == pytest.approx(150 / 1080, rel=0.25)


def test_next_seat_sits_on_the_right_counter_clockwise():
    lay = TableLayout((1920, 1080), rules(4), bottom=2)
    bottom, right, top, left = (lay.place_of(seat) for seat in (2, 3, 0, 1))
    assert (bottom.position, right.position, top.position, left.position) == (
        "bottom",
        "right",
        "top",
        "left",
    )
    assert right.hand_centre[0] > bottom.hand_centre[0] > left.hand_centre[0]
    assert top.hand_centre[1] < right.hand_centre[1] < bottom.hand_centre[1]


@pytest.mark.parametrize("players", [3, 4])
def test_clockwise_play_seats_the_next_player_on_the_left(players):
    """Cirulla's Clockwise setting changed nothing on screen: the next player still sat on
    the right. Play going clockwise, the next seat sits on the left, then across."""
    cirulla = Rules.preset("cirulla").with_(players=players)
    for bottom in range(players):
        lay = TableLayout((1920, 1080), cirulla.with_(clockwise=True), bottom=bottom)
        usual = TableLayout((1920, 1080), cirulla, bottom=bottom)
        after = (bottom + 1) % players
        assert lay.place_of(after).position == "left" and usual.place_of(after).position == "right"
        before = (bottom - 1) % players
        assert lay.place_of(before).position == "right"
        assert lay.place_of(before).hand_centre[0] > lay.place_of(bottom).hand_centre[0]


@pytest.mark.parametrize("players", [3, 4])
def test_cirulla_s_clockwise_left_on_turns_nothing_round_in_the_classic_game(players):
    """Clockwise, a Cirulla rule, stays as it was when the classic game is chosen again
    (greyed there, and the engine plays it not): the classic table was laid out clockwise
    all the same, the next player on the left."""
    classic = Rules(players=players, clockwise=True)
    lay = TableLayout((1920, 1080), classic, bottom=0)
    assert lay.place_of(1).position == "right"


def test_table_slots_do_not_overlap():
    lay = TableLayout((960, 540), rules(4))
    for count in (4, 6, 8, 12):
        rects = [lay.table_slot(i, count) for i in range(count)]
        for i, a in enumerate(rects):
            for b in rects[i + 1 :]:
                assert not a.colliderect(b), count


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_top_right_corner_is_left_to_the_aids_buttons(size, players):
    lay = TableLayout(size, rules(players), bottom=0)
    corner = FRect(size[0] * 0.55, 0, size[0] * 0.45, lay.toolbar_bottom)
    for seat in range(players):
        place = lay.place_of(seat)
        assert not place.name_rect.colliderect(corner), (seat, place.position)
        pile = FRect(0, 0, lay.pile_h * 1.6, lay.pile_w)
        pile.center = place.pile_centre
        assert not pile.colliderect(corner), (seat, place.position)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize(("players", "sides"), [(2, 2), (3, 3), (4, 2), (4, 4)])
def test_nothing_sits_under_the_score_panel(size, players, sides):
    lay = TableLayout(size, rules(players, sides), bottom=0)
    for seat in range(players):
        place = lay.place_of(seat)
        assert not place.name_rect.colliderect(lay.hud_rect), (seat, place.position)
        for visible in (False, True):
            for slot in lay.hand_slots(seat, HANDS[players], visible):
                rect = FRect(0, 0, slot.width, slot.width * 5 / 3)
                if abs(slot.angle) % 180 == 90:
                    rect.size = (rect.height, rect.width)
                rect.center = slot.centre
                assert not rect.colliderect(lay.hud_rect), (seat, visible)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_hands_stay_off_the_table(size, players):
    lay = TableLayout(size, rules(players), bottom=0)
    for seat in range(players):
        for visible in (False, True):
            for slot in lay.hand_slots(seat, HANDS[players], visible):
                rect = FRect(0, 0, slot.width, slot.width * 5 / 3)
                if abs(slot.angle) % 180 == 90:
                    rect.size = (rect.height, rect.width)
                rect.center = slot.centre
                assert not rect.colliderect(lay.table_rect), (seat, visible, lay.place_of(seat))


ARRANGEMENTS = [
    Rules(),
    Rules(players=3),
    Rules.preset("scopone"),
    Rules(players=4, teams=False),
    Rules(players=6, six_sides=2),
    Rules(players=6, six_sides=3),
    Rules(players=6, six_sides=6),
    Rules.preset("cirulla").with_(players=3, clockwise=True),
    Rules.preset("cirulla").with_(players=4, clockwise=True),
]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("rules", ARRANGEMENTS, ids=lambda r: f"{r.players}p{r.sides}s")
@pytest.mark.parametrize("names", ["short", "long"])
def test_seats_piles_and_panels_never_overlap(size, rules, names):
    """Every seat's plate and hand (hidden or shown), every pile, the stock, the score panel
    and the aids' corner each keep their own place, inside the window, off the table; with
    names too long for any plate too, the plates grown as far as they may, clear of the
    table's frame."""
    widths = [10_000.0] * rules.players if names == "long" else []
    lay = TableLayout(size, rules, bottom=0, plate_widths=widths)
    window = FRect(0, 0, *size)
    frame = lay.table_rect.inflate(2 * lay.margin, 2 * lay.margin)
    for seat in range(rules.players):
        assert not lay.place_of(seat).name_rect.colliderect(frame), seat
    parts: list[tuple[str, FRect]] = [("score panel", lay.hud_rect), ("table", lay.table_rect)]
    stock = FRect(0, 0, lay.table_w * 1.15, lay.table_h * 1.15)
    stock.center = lay.stock_centre
    parts.append(("stock", stock))
    parts.append(("aids", FRect(size[0] * 0.55, 0, size[0] * 0.45, lay.toolbar_bottom)))
    for side in range(rules.sides):
        parts.append((f"pile {side}", lay.pile_rect(side)))
        parts.append((f"pile {side} count", lay.count_rect(side)))
        for index in range(SCOPE_SHOWN):
            parts.append((f"pile {side} scopa {index}", lay.marker_rect(side, index, SCOPE_SHOWN)))
    for seat in range(rules.players):
        place = lay.place_of(seat)
        parts.append((f"plate {seat}", place.name_rect))
        for visible in (False, True) if seat else (True,):
            cards = [card_rect(s) for s in lay.hand_slots(seat, rules.hand_size, visible)]
            hand = cards[0].unionall(cards[1:])
            parts.append((f"hand {seat}{'+' if visible else ''}", hand))
    for name, rect in parts:
        assert window.contains(rect), (name, rect)
    for i, (name, rect) in enumerate(parts):
        for other, second in parts[i + 1 :]:
            if {name, other} == {"table", "stock"}:
                continue
            if name.split()[:2] == other.split()[:2] and "scopa" not in name + other:
                continue  # the count may lie on its own stack...
            if name.split()[:2] == other.split()[:2] and "count" not in name + other:
                continue  # ...and the scopa cards across it, clear of the count
            if name.startswith("hand") and other.startswith("hand") and name[:6] == other[:6]:
                continue
            # a pixel of slack: edges may touch
            assert not rect.inflate(-2, -2).colliderect(second.inflate(-2, -2)), (
                name,
                rect,
                other,
                second,
            )


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_plate_grows_for_a_long_name_where_the_window_has_room(players):
    """At 1920x1080 a plate is as wide as its name wants (a little more than usual), or
    grows as far as it may; a short name keeps the usual plate."""
    usual = TableLayout((1920, 1080), rules(players), bottom=1)
    wanted = usual.plate_size[0] * 1.2
    lay = TableLayout((1920, 1080), rules(players), bottom=1, plate_widths=[wanted, 50.0, 9e9, 10])
    assert lay.place_of(0).name_rect.width == pytest.approx(wanted)
    assert lay.place_of(1).name_rect == usual.place_of(1).name_rect
    if players > 2:
        grown = lay.place_of(2).name_rect.width
        assert usual.plate_size[0] < grown <= usual.plate_size[0] * 1.6


@pytest.mark.parametrize("size", [*SIZES, (1280, 800), (1366, 768), (1440, 900), (1600, 900)])
@pytest.mark.parametrize("rules", ARRANGEMENTS, ids=lambda r: f"{r.players}p{r.sides}s")
def test_the_line_under_the_table_keeps_clear_of_every_card_on_it(size, rules):
    """At 960x540 the line under the table ("Waiting for Bruno to play") lay over the
    bottom edge of a second row of cards. Whatever the seats, the window and the cards on
    the table (one row, or two of as many as a deck could leave there), every card ends
    above the line's panel at its tallest."""
    lay = TableLayout(size, rules)
    line = FRect(0, lay.status_top, size[0], 2 * (lay.status_centre[1] - lay.status_top))
    for count in range(1, 41):
        for slot in range(count):
            card = lay.table_slot(slot, count)
            assert card.bottom + lay.margin * 0.25 <= line.top, (count, slot, card, line)
            assert not card.colliderect(line)


@pytest.mark.parametrize("size", [*SIZES, (1280, 800), (1366, 768)])
@pytest.mark.parametrize("rules", ARRANGEMENTS, ids=lambda r: f"{r.players}p{r.sides}s")
def test_a_pile_s_count_lies_beside_it_not_on_it(size, rules):
    """The number of cards a side has taken was written on the outer end of its pile for a
    seat at the window's side, hiding the pile's card. Whoever sits at the bottom, every
    count lies within the window by its own pile (and the scopa cards across it), on none
    of the piles, the scopa cards, the hands, the names, the table, the deck or the aids."""
    for bottom in range(rules.players):
        lay = TableLayout(size, rules, bottom=bottom)
        window = FRect(0, 0, *size).inflate(-lay.margin * 0.5, -lay.margin * 0.5)
        taken = [
            ("table", lay.table_rect.inflate(2 * lay.margin, 2 * lay.margin)),
            ("deck", lay.deck_rect),
            ("score panel", lay.hud_rect),
            ("aids", FRect(size[0] * 0.55, 0, size[0] * 0.45, lay.toolbar_bottom)),
        ]
        for seat in range(rules.players):
            taken.append((f"plate {seat}", lay.place_of(seat).name_rect))
            for visible in (False, True):
                cards = [card_rect(s) for s in lay.hand_slots(seat, rules.hand_size, visible)]
                taken.append((f"hand {seat}", cards[0].unionall(cards[1:])))
        for side in range(rules.sides):
            taken.append((f"pile {side}", lay.pile_rect(side)))
            taken += [
                (f"pile {side} scopa", lay.marker_rect(side, index, SCOPE_SHOWN))
                for index in range(SCOPE_SHOWN)
            ]
        for side in range(rules.sides):
            count = lay.count_rect(side)
            assert window.contains(count), (bottom, side, count)
            for name, rect in taken:  # a pixel of slack: edges may touch
                assert not count.inflate(-2, -2).colliderect(rect), (bottom, side, count, name)
            own = lay.pile_rect(side).unionall(
                [lay.marker_rect(side, index, SCOPE_SHOWN) for index in range(SCOPE_SHOWN)]
            )
            near = own.inflate(2 * lay.margin, 2 * lay.margin)
            assert near.colliderect(count), (bottom, side, count, own)  # by its own pile


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize(
    "rules",
    [Rules.preset("scopone"), Rules.preset("scopone_scientifico"), Rules(players=4, teams=True)],
    ids=["scopone", "scientifico", "three-card hands"],
)
def test_the_other_team_s_pile_lies_on_their_side_not_beside_ours(size, rules):
    """Four players in teams: the other team's pile lay below the right seat's hand, which
    a long hand pushed down beside the bottom seat's pile (at 960x540 they touched, their
    scopa cards read as ours). It lies over the right seat's plate, in the upper right."""
    lay = TableLayout(size, rules, bottom=0)
    ours, theirs = lay.pile_rect(0), lay.pile_rect(1)
    assert theirs.centery < size[1] / 2 < theirs.centerx
    assert theirs.bottom <= lay.place_of(1).name_rect.top
    assert ours.top - theirs.bottom > size[1] / 3


@pytest.mark.parametrize("size", [(2560, 1080), (3440, 1440)])
@pytest.mark.parametrize("players", [3, 4, 6])
def test_an_ultra_wide_window_seats_everyone_by_the_table_as_at_16_9(size, players):
    """At 3440x1440 the side seats sat at the window's far edges, some 600 pixels of bare
    cloth from the table, and a wider table pushed the deck under the left seat's hand.
    They sit where a 16:9 window of the same height seats them, the table as wide."""
    w, h = size
    wide = TableLayout(size, Rules(players=players), bottom=0)
    narrow = TableLayout((h * 16 // 9, h), Rules(players=players), bottom=0)
    shift = (w - narrow.size[0]) / 2
    # (as wide before the 16:9 one narrows to clear its score panel, far from the wide one's)
    narrow_width = narrow.table_rect.width + 2 * narrow.narrowed
    assert wide.table_rect.width + 2 * wide.narrowed == pytest.approx(narrow_width)
    for seat in range(players):
        here, there = wide.place_of(seat).name_rect, narrow.place_of(seat).name_rect
        assert here.left == pytest.approx(there.left + shift, abs=1)
        assert here.top == pytest.approx(there.top, abs=1)
        for open_ in (False, True):  # face up too, as watched (it sat at the far edge)
            hand = wide.hand_slots(seat, 3, open_)
            assert hand[0].centre[0] == pytest.approx(
                narrow.hand_slots(seat, 3, open_)[0].centre[0] + shift, abs=1
            )
    assert not wide.deck_rect.colliderect(wide.place_of(players - 1).name_rect)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize(
    "table", [(2, None), (3, None), (4, 4), (4, 2), (6, 6), (6, 3), (6, 2)], ids=str
)
def test_the_score_panel_leaves_the_table_s_frame_whole(size, table):
    """Three players' score panel, a line taller, reached down over the table frame's
    top-left corner (the frame's line hidden under it) at 960x540 and 1280x720: the frame
    keeps clear of a panel that reaches below its rounded corner."""
    from scopa.app.table.layout import FRAME_RADIUS

    players, sides = table
    game = Rules(players=6, six_sides=sides) if players == 6 else rules(players, sides)
    lay = TableLayout(size, game, bottom=0)
    panel = FRect(lay.hud_rect.topleft, (lay.hud_rect.width, lay.hud_height(lay.sides)))
    frame = lay.table_rect.inflate(2 * lay.margin, 2 * lay.margin)
    corner = frame.top + FRAME_RADIUS * lay.unit
    assert panel.bottom <= corner or panel.right <= frame.left, (panel, frame)
