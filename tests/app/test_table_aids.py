"""The learning aids driven through the real table scene with pygame events."""

from __future__ import annotations

import threading
import time

import pygame
import pytest
from pygame import FRect

from scopa.ai import make_player
from scopa.aids.tracker import track
from scopa.app.ai_worker import AiWorker
from scopa.app.matches import MatchCoordinator
from scopa.app.scenes.confirm import ConfirmScene
from scopa.app.table import TableScene
from scopa.app.table.aids import TAP_SECONDS, hint_job, hint_seed
from scopa.app.table.frame import Item
from scopa.app.widgets import resolve
from scopa.engine import DECK, Card, Match, Move, Rules
from scopa.settings import MatchSetup, SeatConfig

from .menu_helpers import close_tables as close_tables_of
from .table_helpers import (
    FRAME,
    centre_of,
    click,
    coordinated,
    drag,
    empty_felt,
    fixed_match,
    inline_worker,
    mouse,
    pump,
    settle,
    sheet_opens,
    solo_setup,
)
from .test_table_match import view_matches_engine

C = Card.parse


def key(app, code: int, *, up: bool = False, mod: int = 0) -> None:
    kind = pygame.KEYUP if up else pygame.KEYDOWN
    app.frame(FRAME, [pygame.event.Event(kind, key=code, mod=mod, unicode="")])


def open_solo(app, match: Match, setup: MatchSetup | None = None) -> TableScene:
    scene = TableScene(app, coordinated(app, setup or solo_setup(), match), worker=inline_worker())
    app.stack.push(scene)
    settle(app, scene)
    return scene


def wait_for_turn(app, scene: TableScene, seat: int, limit: int = 3000) -> None:
    for _ in range(limit):
        if scene.human_to_play == seat:
            return
        app.frame(FRAME, [])
    raise AssertionError(f"seat {seat} never got the turn")


def button(scene: TableScene, name: str):
    return next(b for b in scene.aids.buttons() if b.name == name)


def snapshot(match: Match) -> tuple:
    r = match.round
    return (r.hands, r.table, r.stock, r.piles, r.scope, r.turn, r.deal_no, match.totals,
            match.moves())  # fmt: skip


# --- hint ----------------------------------------------------------------------------------


def test_hint_button_shows_masters_move_on_the_table(fast):
    scene = open_solo(fast, fixed_match("7D 2C 10S", "1B 3B 8C", "3C 4S 7C 9B"))
    click(fast, button(scene, "hint").rect.center)
    tip = scene.aids.hint
    assert tip is not None
    obs = scene.match.observe(0)
    assert tip.move in obs.legal_moves
    master = make_player("master", hint_seed(scene.match), time_limit=0).choose(obs)
    assert tip.move == master
    assert scene.selected == tip.move.card
    assert scene.preview == frozenset(tip.move.captures)
    assert tip.text("en")


def test_hint_key_then_enter_plays_the_hinted_move(fast):
    scene = open_solo(fast, fixed_match("5D 2C 10S", "1B 3B 8C", "3C 2S 7C 9B"))
    key(fast, pygame.K_h)
    move = scene.aids.hint.move
    key(fast, pygame.K_RETURN)
    assert scene.match.moves() == (move,)
    assert scene.aids.hint is None  # a hint belongs to the position it was asked for
    assert not button(scene, "hint").enabled  # the computer is to play


def test_h_pressed_before_the_turn_shows_the_hint_at_it(fast):
    """H pressed as the computer's card landed (or a knock's banner showed): the key was
    lost, the button greyed, and no hint came. The hint is asked for once the turn comes;
    a turn played meanwhile asks nothing more."""
    scene = open_solo(fast, fixed_match("5D 2C 10S", "1B 3B 8C", "3C 2S 7C 9B"))
    key(fast, pygame.K_RETURN)
    key(fast, pygame.K_RETURN)  # a card played: the computer's turn
    assert scene.human_to_play is None
    key(fast, pygame.K_h)
    assert scene.aids.hint is None
    wait_for_turn(fast, scene, 0)
    for _ in range(5):
        fast.frame(FRAME, [])
    hint = scene.aids.hint
    assert hint is not None and hint.move in scene.match.legal_moves()
    assert scene.selected == hint.move.card  # shown on the table, as H at the turn does


def test_a_move_played_as_the_hint_said_is_remembered_for_the_review(fast):
    """The review gave 100 % to a round played from hints without a word: the moves that
    followed a hint are kept (and forgotten when taken back)."""
    scene = open_solo(fast, fixed_match("5D 2C 10S", "1B 3B 8C", "3C 2S 7C 9B"))
    key(fast, pygame.K_h)
    key(fast, pygame.K_RETURN)
    assert scene.coordinator.hinted == {0}
    settle(fast, scene)
    while scene.human_to_play is None:
        pump(fast)
    played = len(scene.match.moves())
    key(fast, pygame.K_RETURN)  # chosen without a hint: not counted
    key(fast, pygame.K_RETURN)
    assert len(scene.match.moves()) > played and scene.coordinator.hinted == {0}
    settle(fast, scene)
    while scene.human_to_play is None:
        pump(fast)
    key(fast, pygame.K_u)
    key(fast, pygame.K_u)
    assert scene.match.moves() == () and scene.coordinator.hinted == set()


def test_the_first_move_made_on_a_hint_says_the_match_is_no_record(fast):
    """A match won on Master's hints counted as the player's own record: such a match
    counts, but not for the records, as one with moves taken back; the table says so once,
    at the first move made on a hint, as Undo's first says it."""
    scene = open_solo(fast, fixed_match("5D 2C 10S", "1B 3B 8C", "3C 2S 7C 9B"))
    told: list[str] = []
    say = scene.say
    scene.say = lambda words, *rest, **kw: told.append(words(fast.t)) or say(words, *rest, **kw)
    key(fast, pygame.K_h)
    key(fast, pygame.K_RETURN)
    first = fast.t("aids.hint_followed_first")
    assert scene.said() == first
    settle(fast, scene)
    while scene.human_to_play is None:
        pump(fast)
    key(fast, pygame.K_h)
    key(fast, pygame.K_RETURN)
    assert len(scene.coordinator.hinted) == 2
    assert told.count(first) == 1  # said once


def test_a_hint_seen_before_an_undo_counts_when_played_after_it(fast):
    """Hinted, another card played, taken back, and the hinted card played: the move
    counted as the player's own choice in the review (the hint was gone with the undo)."""
    scene = open_solo(fast, fixed_match("5D 2C 10S", "1B 3B 8C", "3C 2S 7C 9B"))
    key(fast, pygame.K_h)
    hinted = scene.aids.hint.move
    other = next(move for move in scene.match.legal_moves() if move.card != hinted.card)
    scene.play(other)
    settle(fast, scene)
    while scene.human_to_play is None:
        pump(fast)
    assert scene.coordinator.hinted == set()
    key(fast, pygame.K_u)
    assert scene.match.moves() == () and scene.aids.hint is None
    scene.play(hinted)
    assert scene.coordinator.hinted == {0}


def test_the_moves_played_from_hints_are_still_counted_after_continue(fast):
    """The review's count of moves played from hints began again from nothing when the
    match was left and continued: they are saved with the match."""
    scene = open_solo(fast, fixed_match("5D 2C 10S", "1B 3B 8C", "3C 2S 7C 9B"))
    key(fast, pygame.K_h)
    key(fast, pygame.K_RETURN)
    assert scene.coordinator.hinted == {0}
    settle(fast, scene)
    scene.coordinator.flush()
    fast.matches.leave()
    assert fast.matches.resume()
    assert fast.matches.current is not scene.coordinator
    assert fast.matches.current.hinted == {0}
    close_tables_of(fast)


def test_hint_matches_master_over_many_positions():
    """The layer's job is the same function the master player runs (no pygame needed)."""

    match = Match.new(Rules(players=3), 77)
    for _ in range(4):
        obs = match.observe(match.turn)
        seed = hint_seed(match)
        tip = hint_job("master", seed, obs)
        assert tip.move in obs.legal_moves
        assert tip.move == make_player("master", seed, time_limit=0).choose(obs)
        match, _ = match.apply(tip.move)


def test_the_play_keys_wait_for_a_hint_being_worked_out(fast):
    """Master's hint takes up to a second: Enter pressed meanwhile played the card the keys
    had chosen, and the hint came for a position already gone. The play keys wait for the
    hint, the line says it is being worked out, and Enter then plays the hinted move."""
    scene = open_solo(fast, fixed_match("5D 2C 10S", "1B 3B 8C", "3C 2S 7C 9B"))
    answer = threading.Event()

    def slow_hint(level, seed, obs):
        answer.wait(30)
        return hint_job(level, seed, obs)

    scene.aids.worker = AiWorker(slow_hint, mode="thread")
    key(fast, pygame.K_RIGHT)  # a card chosen with the keys, then the hint asked for
    key(fast, pygame.K_h)
    assert scene.aids.busy and scene.selected is not None
    assert scene.status_text()[0] == fast.t("aids.hint_working")
    for code in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE, pygame.K_UP):
        key(fast, code)
    assert scene.match.moves() == () and scene.pick.choice is None
    answer.set()
    deadline = time.monotonic() + 30
    while scene.aids.hint is None and time.monotonic() < deadline:
        pump(fast)
    move = scene.aids.hint.move
    assert scene.status_text()[0] != fast.t("aids.hint_working")
    key(fast, pygame.K_RETURN)
    assert scene.match.moves() == (move,)
    scene.aids.close()


# --- undo ----------------------------------------------------------------------------------


def two_plays_made(app) -> tuple[TableScene, object]:  # noqa: ANN001
    """A solo table where this player laid the 2 of cups, then took the 7 of cups with
    the 7 of coins, the computer answering each; with the match as it was before the
    second play (``snapshot``)."""
    scene = open_solo(app, fixed_match("7D 2C 10S", "1B 3B 8C", "7C 4S 5D 9B"))
    drag(app, centre_of(scene, C("2C")), empty_felt(scene))
    wait_for_turn(app, scene, 0)
    settle(app, scene)
    before = snapshot(scene.match)
    drag(app, centre_of(scene, C("7D")), centre_of(scene, C("7C")))
    wait_for_turn(app, scene, 0)
    settle(app, scene)
    return scene, before


def test_undo_restores_the_exact_previous_state(fast, store):
    scene, before = two_plays_made(fast)  # the computer has answered too
    assert len(scene.match.moves()) == 4
    assert button(scene, "undo").enabled
    click(fast, button(scene, "undo").rect.center)
    assert snapshot(scene.match) == before
    assert scene.human_to_play == 0
    view_matches_engine(scene)
    assert scene.coordinator.undone
    pump(fast, 3)
    view_matches_engine(scene)
    # and the game goes on from there: the same card can be played again
    drag(fast, centre_of(scene, C("7D")), centre_of(scene, C("7C")))
    assert scene.match.moves()[-1] == Move.parse("7Dx7C")
    scene.coordinator.flush()
    saved = store.load_match()
    assert saved is not None and saved[1].moves == scene.match.moves()


def test_a_double_click_on_undo_takes_back_one_play_and_its_words_stay(fast):
    """A double click on Undo took two plays back, and the second click's line took the
    place of the first's, which says once that the match no longer counts for the records."""
    scene, before = two_plays_made(fast)
    assert len(scene.match.moves()) == 4
    where = button(scene, "undo").rect.center
    click(fast, where)
    pump(fast, 6)  # a tenth of a second
    click(fast, (where[0] + 2, where[1] + 1))
    assert snapshot(scene.match) == before  # one play back, not two
    assert scene.said() == fast.t("aids.undo_done_first")
    pump(fast, 40)  # a moment later, a click is a click again
    click(fast, where)
    assert len(scene.match.moves()) == 0 and scene.said() == fast.t("aids.undo_done")


def test_a_double_click_on_the_tracker_opens_it(fast):
    """A double click on the tracker's button opened and closed it: the button looked dead."""
    scene = open_solo(fast, fixed_match("7D 2C 10S", "1B 3B 8C", "7C 4S 5D 9B"))
    where = button(scene, "tracker").rect.center
    click(fast, where)
    pump(fast, 6)
    click(fast, where)
    assert scene.aids.tracker_on
    pump(fast, 40)
    click(fast, where)  # a click a moment later closes it
    assert not scene.aids.tracker_on


def test_undo_with_ctrl_z_and_nothing_to_take_back_at_the_start(fast):
    scene = open_solo(fast, fixed_match("7D 2C 10S", "1B 3B 8C", "7C 4S 5D 9B"))
    assert not button(scene, "undo").enabled
    start = snapshot(scene.match)
    key(fast, pygame.K_u)
    assert snapshot(scene.match) == start and not scene.coordinator.undone
    drag(fast, centre_of(scene, C("10S")), empty_felt(scene))
    key(fast, pygame.K_z, mod=pygame.KMOD_LCTRL)
    assert snapshot(scene.match) == start and scene.coordinator.undone


def test_undo_is_refused_in_hot_seat(fast):
    rules = Rules()
    setup = MatchSetup((SeatConfig("Anna", True), SeatConfig("Bruno", True)), rules)
    scene = open_solo(fast, fixed_match("7D 2C 10S", "1B 3B 8C", "7C 4S 5D 9B"), setup)
    scene.reveal()
    settle(fast, scene)
    drag(fast, centre_of(scene, C("2C")), empty_felt(scene))
    played = snapshot(scene.match)
    assert len(played[-1]) == 1
    settle(fast, scene)
    pump(fast, 2)
    assert scene.cover == 1
    scene.reveal()
    assert not button(scene, "undo").enabled
    key(fast, pygame.K_u)
    assert snapshot(scene.match) == played
    assert not scene.coordinator.undone
    assert scene.said() == fast.t("aids.undo_hotseat")


def test_an_undone_match_is_noted_in_the_statistics(fast, store):
    scene = open_solo(fast, fixed_match("7D 2C 10S", "1B 3B 8C", "7C 4S 5D 9B"))
    drag(fast, centre_of(scene, C("2C")), empty_felt(scene))
    key(fast, pygame.K_u)
    assert scene.coordinator.undone
    rng_match = Match.new(Rules(), 5)
    import random

    rng = random.Random(5)
    while not rng_match.over:
        rng_match, _ = rng_match.apply(rng.choice(rng_match.legal_moves()))
    scene.set_match(rng_match)
    scene.coordinator.flush()
    results = store.load_stats().recent
    assert len(results) == 1 and results[0].undone


def test_a_resumed_match_remembers_a_play_was_taken_back(fast, store):
    """Undo, save and leave, Continue, finish: the statistics still note the undo."""
    import random

    from scopa.app.scenes.title import TitleScene

    scene = open_solo(fast, fixed_match("7D 2C 10S", "1B 3B 8C", "7C 4S 5D 9B"))
    drag(fast, centre_of(scene, C("2C")), empty_felt(scene))
    wait_for_turn(fast, scene, 0)
    key(fast, pygame.K_u)
    assert scene.coordinator.undone
    scene.coordinator.flush()
    fast.matches.leave()
    title = fast.stack.top
    assert isinstance(title, TitleScene)
    click(fast, title.resume.rect.center)
    resumed = fast.stack.top
    assert isinstance(resumed, TableScene) and resumed is not scene
    assert resumed.coordinator.undone
    rng = random.Random(3)
    match = resumed.match
    while not match.over:
        match, _ = match.apply(rng.choice(match.legal_moves()))
    resumed.coordinator.replace(match)  # the rest of the match, played out
    resumed.coordinator.flush()
    results = store.load_stats().recent
    assert len(results) == 1 and results[0].undone


# --- last trick and tracker ----------------------------------------------------------------


def test_holding_tab_shows_the_last_trick_and_releasing_hides_it(fast):
    scene = open_solo(fast, fixed_match("7D 2C 10S", "1B 3B 8C", "7C 4S 5D 9B"))
    drag(fast, centre_of(scene, C("7D")), centre_of(scene, C("7C")))
    wait_for_turn(fast, scene, 0)
    settle(fast, scene)
    plain = fast.screen.copy()
    key(fast, pygame.K_TAB)
    assert scene.aids.reviewing
    shown = fast.screen.copy()
    pump(fast, round(TAP_SECONDS / FRAME) + 2)  # held, not tapped
    key(fast, pygame.K_TAB, up=True)
    assert not scene.aids.reviewing
    after = fast.screen.copy()
    box = scene.layout.table_rect
    centre = (round(box.centerx), round(box.centery))
    assert shown.get_at(centre) != plain.get_at(centre)
    assert after.get_at(centre) == plain.get_at(centre)


def last_two_cards() -> Match:
    """A match of seed 7 at its first round's last two cards to play, seat 0's first."""
    match = Match.new(Rules(), 7, first_dealer=1)
    while True:
        r = match.round
        if match.turn == 0 and len(r.hand(0)) == 1 and len(r.hand(1)) == 1 and not r.stock:
            return match
        match, _ = match.apply(match.legal_moves()[0])


def panel_card_widths(scene: TableScene) -> tuple[Item, list[int]]:
    """The last capture's panel open on ``scene``, and the widths its cards are drawn at."""
    (panel,) = [i for i in scene.overlay_items() if i.key[0] == "review"]
    widths: list[int] = []
    drawn = scene.art.rotated
    scene.art.rotated = lambda card, width, *rest: widths.append(width) or drawn(card, width, *rest)
    try:
        panel.paint(pygame.Surface(scene.layout.size))
    finally:
        del scene.art.rotated
    return panel, widths


def test_the_last_capture_shows_its_cards_larger_than_the_table_s_small_ones(fast):
    """In a large window the last capture's cards were the table's smallest (60 pixels
    wide at 1920x1080), in a panel with room for more: half as large again now."""
    fast.resize((1920, 1080))
    scene = open_solo(fast, fixed_match("7D 2C 10S", "1B 3B 8C", "7C 4S 5D 9B"))
    drag(fast, centre_of(scene, C("7D")), centre_of(scene, C("7C")))
    wait_for_turn(fast, scene, 0)
    settle(fast, scene)
    key(fast, pygame.K_TAB)
    panel, widths = panel_card_widths(scene)
    assert len(widths) == 4  # each seat's card played; the taker and the card it took
    assert min(widths) >= scene.layout.mini_w * 1.5 - 1
    assert panel.rect.bottom <= scene.layout.status_top  # the turn's line in sight


def test_a_tap_on_tab_keeps_the_last_capture_open_until_the_next_tap(fast):
    scene = open_solo(fast, fixed_match("7D 2C 10S", "1B 3B 8C", "7C 4S 5D 9B"))
    key(fast, pygame.K_TAB)
    key(fast, pygame.K_TAB, up=True)
    assert scene.aids.reviewing
    pump(fast, 30)
    assert scene.aids.reviewing
    key(fast, pygame.K_TAB)
    assert not scene.aids.reviewing
    key(fast, pygame.K_TAB, up=True)
    assert not scene.aids.reviewing


def test_pressing_the_last_trick_button_shows_it_while_held(fast):
    scene = open_solo(fast, fixed_match("7D 2C 10S", "1B 3B 8C", "7C 4S 5D 9B"))
    rect = button(scene, "review").rect
    pos = (round(rect.centerx), round(rect.centery))
    fast.frame(FRAME, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)])
    assert scene.aids.reviewing
    pump(fast, round(TAP_SECONDS / FRAME) + 2)
    fast.frame(FRAME, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(5, 5), button=1)])
    assert not scene.aids.reviewing
    assert scene.match.moves() == ()


def seen_on_screen(scene: TableScene, seat: int) -> set[Card]:
    """Cards face up for ``seat`` on the drawn table: its hand, the table, every pile."""
    seen = set(scene.view.hands[seat])
    for card, place in scene.view.places.items():
        if place[0] in ("table", "pile", "marker"):
            seen.add(card)
    return seen


def test_tracker_counts_match_the_cards_really_seen(fast):
    scene = open_solo(fast, Match.new(Rules(), 31))
    assert not scene.aids.tracker_on  # off by default
    key(fast, pygame.K_t)
    assert scene.aids.tracker_on
    for _ in range(10):
        wait_for_turn(fast, scene, 0)
        settle(fast, scene)
        counts = {item.rank: item.count for item in track(scene.match.observe(0))}
        seen = seen_on_screen(scene, 0)
        for rank in range(1, 11):
            assert counts[rank] == sum(1 for c in DECK if c.rank == rank and c not in seen)
        legal = scene.match.legal_moves()
        scene.play(legal[len(legal) // 2])
    click(fast, button(scene, "tracker").rect.center)
    assert not scene.aids.tracker_on


def test_the_tracker_opens_as_it_was_left_after_a_restart(fast):
    """The tracker left open with the match saved was shut again on Continue, after every
    restart. It opens with the next table as it was left, and stays shut once shut."""
    from scopa.app.app import App
    from scopa.app.registry import default_scenes

    scene = open_solo(fast, Match.new(Rules(), 31))
    key(fast, pygame.K_t)
    assert scene.aids.tracker_on
    assert fast.store.load_settings().tracker
    again = App(fast.store, size=(960, 540), scenes=default_scenes())
    try:
        table = open_solo(again, Match.new(Rules(), 31))
        assert table.aids.tracker_on
        keys = [item.key[0] for item in table.overlay_items()]
        assert any(isinstance(k, tuple) and k[0] == "tracker" for k in keys)  # drawn
        key(again, pygame.K_t)
        assert not table.aids.tracker_on and not again.store.load_settings().tracker
    finally:
        close_tables_of(again)
        again.close()
    third = App(fast.store, size=(960, 540), scenes=default_scenes())
    try:
        assert not open_solo(third, Match.new(Rules(), 31)).aids.tracker_on
    finally:
        close_tables_of(third)
        third.close()


@pytest.mark.parametrize("size", [(960, 540), (1920, 1080)])
def test_the_tracker_shows_which_suits_of_each_rank_are_unseen(fast, size):
    """The four dots under each rank repeated its count, lit from the first: with "7: 2"
    nobody could tell whether the settebello was still out. Each dot is now a suit's place,
    lit in that suit's colour while its card is unseen (a legend names the colours)."""
    from scopa.app import style
    from scopa.app.cardart import SUIT_COLOURS
    from scopa.app.table.aids import TRACKER_MARK_CONTRAST, TRACKER_SUITS

    fast.resize(size)
    scene = open_solo(fast, Match.new(Rules(), 31))
    key(fast, pygame.K_t)
    (tracker,) = [item for item in scene.overlay_items() if item.key[0][0] == "tracker"]
    surface = pygame.Surface(size)
    tracker.paint(surface)
    area, counts = tracker.rect, track(scene.match.observe(0))
    cell = scene.aids.tracker_cell
    colours = {
        surface.map_rgb(style.mark_on_dark(colour, TRACKER_MARK_CONTRAST)): suit
        for suit, colour in SUIT_COLOURS.items()
    }
    pixels = pygame.PixelArray(surface)
    try:
        for k, item in enumerate(counts):
            x = area.centerx + cell * (k - (len(counts) - 1) / 2)
            lit = {
                colours[pixels[px, py]]
                for px in range(round(x - cell / 2), round(x + cell / 2))
                for py in range(area.top, round(area.bottom - area.h * 0.22))
                if pixels[px, py] in colours
            }
            assert lit == {card.suit for card in item.unseen}, (item.rank, item.unseen)
        legend = {
            colours[pixels[px, py]]
            for px in range(area.left, area.right)
            for py in range(round(area.bottom - area.h * 0.22), area.bottom)
            if pixels[px, py] in colours
        }
    finally:
        pixels.close()
    assert legend == set(TRACKER_SUITS)


def test_the_tracker_s_suit_marks_stand_out_from_its_panel(fast):
    """The swords' blue and the cups' red of the cards, as small marks on the tracker's
    dark panel, were 2.4 and 2.9 to 1 against it, fainter than the grey outline of a card
    already seen; then 3.3 to 1, the outline 3 to 1: a seen card and an unseen one looked
    alike to weak or colour-blind eyes. Each mark stands out by 4.5 to 1 at least, twice
    as much as that outline."""
    from collections import Counter

    from scopa.app.style.palette import contrast
    from scopa.app.table.aids import EMPTY_PIP

    fast.resize((960, 540))
    scene = open_solo(fast, Match.new(Rules(), 31))
    key(fast, pygame.K_t)
    pump(fast, 5)
    (tracker,) = [item for item in scene.overlay_items() if item.key[0][0] == "tracker"]
    surface = pygame.Surface(fast.size)
    surface.fill((24, 82, 54))  # the felt under the panel
    tracker.paint(surface)
    area = pygame.Rect(tracker.rect)
    legend = area.inflate(-4, 0)
    legend.top = round(area.bottom - area.h * 0.22)
    legend.h = area.bottom - legend.top - 2
    found = Counter(
        tuple(surface.get_at((x, y)))[:3]
        for x in range(legend.left, legend.right)
        for y in range(legend.top, legend.bottom)
    )
    panel = found.most_common(1)[0][0]
    blue = max((c for c in found if c[2] > c[0] + 60), key=found.__getitem__)
    red = max((c for c in found if c[0] > c[1] + 80), key=found.__getitem__)
    outline = contrast(EMPTY_PIP, panel)
    for mark in (blue, red):
        assert contrast(mark, panel) >= 4.5 and contrast(mark, panel) >= 2 * outline, (mark, panel)


def test_the_tracker_is_legible_in_a_small_window(fast):
    """At 960x540 the tracker was drawn in the table's smallest text (12 pixels), its suit
    dots two pixels wide: hard to read. Where it covers nothing, it is drawn larger."""
    fast.resize((960, 540))
    rules = Rules()
    setup = MatchSetup((SeatConfig("Anna", True), SeatConfig("CPU", False, "beginner")), rules)
    scene = open_solo(fast, Match.new(rules, 3), setup)
    key(fast, pygame.K_t)
    (tracker,) = [item for item in scene.overlay_items() if item.key[0][0] == "tracker"]
    # ten columns of 14-pixel ranks; four lines of it and two rows of dots 3.5 pixels across
    assert tracker.rect.w >= 10 * 14 * 1.75
    assert tracker.rect.h >= 4 * 14 * 1.25 + 8 * 3.5
    # its suit marks reach far enough to be told apart, filled or hollow (they were five
    # pixels high), and fit each rank's column as they lie in it
    spot = scene.aids._tracker_spot
    assert spot is not None
    size = spot[1][0]
    assert size.pip >= 5 and size.pip * 2.3 * size.across <= size.cell
    # a row a suit, a column a rank (two pairs under each rank read as a pair between two
    # ranks, the settebello's place hard to find)
    assert size.across == 1


def test_the_tracker_s_marks_are_told_apart_at_a_laptop_s_size(fast):
    """At 1366x768 the marks were still small (a reach of under six pixels, over a panel
    with room to spare under them): they reach 0.42 of the text's size, each rank's column
    wide enough for its two side by side."""
    fast.resize((1366, 768))
    rules = Rules()
    setup = MatchSetup((SeatConfig("Anna", True), SeatConfig("CPU", False, "beginner")), rules)
    scene = open_solo(fast, Match.new(rules, 3), setup)
    key(fast, pygame.K_t)
    spot = scene.aids._tracker_spot
    assert spot is not None
    size = spot[1][0]
    assert size.pip >= 6.5 and size.pip * 4.6 <= size.cell


@pytest.mark.parametrize("players", [2, 3, 4, 6])
@pytest.mark.parametrize("size", [(960, 540), (1280, 720), (1920, 1080)])
def test_the_tracker_hides_no_seat_s_name(fast, players, size):
    """With six players a seat sits at the top right, under the aids' buttons, where the
    tracker opens: it goes elsewhere then, leaving every name plate and hand in sight. Nor
    does it touch the side's shape over a plate's top (at three, 960x540, it lay on the
    right-hand seat's)."""
    from scopa.app.table.painter import side_shape_reach

    fast.resize(size)
    rules = Rules(players=players)
    others = [SeatConfig(f"CPU {n}", False, "beginner") for n in range(1, players)]
    scene = open_solo(
        fast, Match.new(rules, 3), MatchSetup((SeatConfig("Anna", True), *others), rules)
    )
    key(fast, pygame.K_t)
    (tracker,) = [item for item in scene.overlay_items() if item.key[0][0] == "tracker"]
    lay = scene.layout
    window = pygame.Rect((0, 0), size)
    assert window.contains(tracker.rect)
    for seat in range(players):
        plate = FRect(lay.place_of(seat).name_rect)
        reach = side_shape_reach(lay)
        plate.update(plate.x, plate.y - reach, plate.w, plate.h + reach)
        assert not tracker.rect.colliderect(plate), (seat, plate)


@pytest.mark.parametrize(
    "rules",
    [Rules(players=4), Rules.preset("scopone"), Rules(players=6, six_sides=6)],
    ids=["4", "scopone", "6 alone"],
)
@pytest.mark.parametrize("size", [(960, 540), (1920, 1080)])
@pytest.mark.parametrize("language", ["en", "it"])
def test_the_tracker_covers_no_pile_nor_its_count(fast, rules, size, language):
    """Four in teams: the other team's pile lies under the aids' buttons, where the tracker
    opened; it went to the bottom right instead, over the count of the player's own pile.
    It slides left of that pile, clear of every pile and count. Six each alone in a small
    window, with no corner clear, it lay over one's own pile's count: it hugs the corner
    then, headed in short where its long heading would still reach the count."""
    fast.set_language(language)
    fast.resize(size)
    others = [SeatConfig(f"CPU {n}", False, "beginner") for n in range(1, rules.players)]
    scene = open_solo(
        fast, Match.new(rules, 3), MatchSetup((SeatConfig("Anna", True), *others), rules)
    )
    key(fast, pygame.K_t)
    (tracker,) = [item for item in scene.overlay_items() if item.key[0][0] == "tracker"]
    lay = scene.layout
    for side in range(rules.sides):
        for part in (lay.pile_rect(side), lay.count_rect(side)):
            assert not tracker.rect.colliderect(part), (side, part, tracker.rect)
    for seat in range(rules.players):
        assert not tracker.rect.colliderect(lay.place_of(seat).name_rect), seat


def test_aids_are_off_while_watching(fast):
    rules = Rules()
    setup = MatchSetup((SeatConfig("Anna", False, "beginner"), SeatConfig("Bo", False)), rules)
    scene = open_solo(fast, Match.new(rules, 3), setup)
    key(fast, pygame.K_h)
    key(fast, pygame.K_t)
    assert scene.aids.hint is None and not scene.aids.tracker_on


# --- replay this deal ----------------------------------------------------------------------


def test_replay_this_deal_deals_the_same_hands(fast):
    import random

    rules = Rules()
    match = Match.new(rules, 99)
    rng = random.Random(1)
    while match.round.round_no < 3:
        match, _ = match.apply(rng.choice(match.legal_moves()))
    dealt = {}
    probe = Match.new(rules, 99)
    rng = random.Random(1)
    while probe.round.round_no < 3:
        dealt.setdefault(probe.round.round_no, (probe.round.hands, probe.round.table))
        probe, _ = probe.apply(rng.choice(probe.legal_moves()))
    for round_no in (1, 2):
        fast.matches.replay_deal(MatchCoordinator(solo_setup(rules), match), round_no)
        table = fast.stack.top
        assert isinstance(table, TableScene) and table.match.moves() == ()
        assert (table.match.round.hands, table.match.round.table) == dealt[round_no]
        settle(fast, table)
        view_matches_engine(table)


def test_replay_from_the_scoring_scene_deals_the_round_just_scored_again(app):
    from scopa.app.scenes.scoring import ScoringScene

    app.settings = app.settings.with_(animation_speed="instant", language="en")
    rules = Rules()
    scene = open_solo(app, Match.new(rules, 2718))
    dealt: dict[int, tuple] = {}
    sheet = None
    for _ in range(20000):
        top = app.stack.top
        if isinstance(top, ScoringScene):
            if len(top.match.rounds) == 2:
                sheet = top
                break
            ready = top.age >= top.keys_from  # a key pressed sooner is not taken
            keys = [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0)]
            app.frame(FRAME, keys if ready else [])
            continue
        current = scene.match.round
        if not current.history():
            dealt.setdefault(current.round_no, (current.dealer, current.hands, current.table))
        if scene.human_to_play is not None:
            scene.play(scene.match.legal_moves()[0])
        app.frame(FRAME, [])
    assert sheet is not None, "the second round was never scored"
    (replay,) = [b for b in sheet.buttons if b.on_click == sheet.replay_deal]
    click(app, replay.rect.center)
    # mid-match, the player is asked first; "keep playing" leaves everything as it was
    ask = app.stack.top
    assert isinstance(ask, ConfirmScene)
    click(app, ask.no_button.rect.center)
    assert app.stack.top is sheet
    click(app, replay.rect.center)
    ask = app.stack.top
    assert isinstance(ask, ConfirmScene)
    # the match left goes as an abandoned one: said, as Abandon says it (it read only "the
    # match in progress ends here", and a player found it gone from the statistics)
    assert app.t("abandon_detail").split(":")[1].split(".")[0].strip() in resolve(ask.detail)
    click(app, ask.yes_button.rect.center)
    table = app.stack.top
    assert isinstance(table, TableScene) and table is not scene
    again = table.match.round
    assert (again.dealer, again.hands, again.table) == dealt[2]
    assert table.match.moves() == ()
    assert app.store.load_stats().total().played == 0


def test_a_deal_replayed_from_the_last_sheet_is_saved_after_the_match_it_ends(english, store):
    """On a slow disk, the ended match's last saves (its finish, then its clearing from the
    save) were still being written when its deal was replayed from the last sheet: they
    came after the replay's first save, and the replayed match was no longer saved."""
    import random

    from scopa.app.table.saving import MatchSaver

    setup = solo_setup(Rules())
    coordinator = MatchCoordinator(setup, Match.new(setup.rules, 5), saver=MatchSaver(store))
    english.matches.current = coordinator
    rng = random.Random(5)
    while not coordinator.match.apply(coordinator.match.legal_moves()[0])[0].over:
        coordinator.apply(rng.choice(coordinator.match.legal_moves()))
    coordinator.flush()

    def slow(step: str) -> None:
        if step == "synced":
            time.sleep(0.2)

    store.checkpoint = slow
    coordinator.apply(coordinator.match.legal_moves()[0])  # the last card: its finish
    assert coordinator.match.over
    coordinator.ended_shown()  # the last sheet: then cleared from the save
    english.matches.replay_deal(coordinator, len(coordinator.match.rounds))
    replay = english.matches.current
    assert replay is not coordinator and not replay.match.over
    replay.flush()
    coordinator.flush()
    saved = store.load_match()
    assert saved is not None and saved.record == replay.match.record()
    close_tables_of(english)


def test_hot_seat_aids_take_the_viewers_side_and_vanish_under_the_cover(fast):
    rules = Rules()
    setup = MatchSetup((SeatConfig("Anna", True), SeatConfig("Bruno", True)), rules)
    scene = open_solo(fast, fixed_match("7D 2C 10S", "1B 3B 8C", "7C 4S 5D 9B"), setup)
    scene.reveal()
    settle(fast, scene)
    key(fast, pygame.K_t)
    assert scene.aids.tracker_on and scene.aids.seat == 0
    drag(fast, centre_of(scene, C("2C")), empty_felt(scene))
    settle(fast, scene)
    pump(fast, 2)
    assert scene.cover == 1 and scene.aids.seat is None
    assert not any(b.enabled for b in scene.aids.buttons())
    scene.reveal()
    assert scene.aids.seat == 1
    counts = {item.rank: item for item in track(scene.match.observe(1))}
    assert C("1B") not in counts[1].unseen  # Bruno's own ace is seen by Bruno


@pytest.mark.parametrize("size", [(960, 540), (1280, 720), (1920, 1080)])
def test_a_long_hint_keeps_to_the_table_clear_of_the_deck_s_count(fast, size):
    fast.resize(size)
    scene = open_solo(fast, fixed_match("2D 4C 8B", "2B 5B 8C", "3B 1B 10B 9C"))
    key(fast, pygame.K_h)
    pump(fast, 2)
    assert len(scene.aids.hint_line()) > 80  # the play and two cards taken, with the reason
    (hint,) = [item for item in scene.overlay_items() if item.key[0] == "hint"]
    area = pygame.Rect(hint.key[2])
    lay = scene.layout
    label = lay.stock_label(2 * lay.font_small * 1.3)
    assert not area.colliderect(label), (area, label)
    assert lay.table_rect.left <= area.left and area.right <= lay.table_rect.right


def test_enter_after_a_hint_takes_the_cards_the_hint_shows(fast):
    """The hinted knave could take two ways: Enter, then Enter in the choice, took the first
    way listed, not the one the hint showed glowing. Then Enter opened the choice, where
    other hints' Enter played at once, and a key meant for the next cover went to the
    choice: Enter plays what the hint shows, as it shows it."""
    scene = open_solo(fast, fixed_match("8B 4D 6S", "9C 9D 10B", "1C 2S 5S 7D"))
    key(fast, pygame.K_h)
    move = scene.aids.hint.move
    ways = [m for m in scene.match.legal_moves() if m.card == move.card and m.captures]
    assert len(ways) > 1 and ways[0] != move  # the hint is not the first way listed
    key(fast, pygame.K_RETURN)
    assert scene.pick.choice is None
    assert scene.match.moves() == (move,)


def test_a_card_chosen_after_a_hint_asks_which_cards_it_takes(fast):
    """Right, Left after the hint: the card is chosen by the keys, no longer by the hint,
    and Enter asks which cards it takes."""
    scene = open_solo(fast, fixed_match("8B 4D 6S", "9C 9D 10B", "1C 2S 5S 7D"))
    key(fast, pygame.K_h)
    move = scene.aids.hint.move
    assert scene.pick.selected == move.card == C("8B")
    key(fast, pygame.K_RIGHT)
    key(fast, pygame.K_LEFT)
    assert scene.pick.selected == move.card
    key(fast, pygame.K_RETURN)
    assert scene.pick.choice is not None and scene.match.moves() == ()


def test_the_hint_s_panel_is_not_left_under_the_capture_choice(fast):
    """A hint on show, then the choice of captures: the hint's panel stuck out below the
    choice, its sentence cut in half. The choice opens on the hint's capture: the panel
    is left out while it is open, and back once it is closed."""
    scene = open_solo(fast, fixed_match("8B 4D 6S", "9C 9D 10B", "1C 2S 5S 7D"))
    key(fast, pygame.K_h)
    assert any(item.key[0] == "hint" for item in scene.overlay_items())
    key(fast, pygame.K_RIGHT)
    key(fast, pygame.K_LEFT)
    key(fast, pygame.K_RETURN)
    assert scene.pick.choice is not None
    assert not any(item.key[0] == "hint" for item in scene.overlay_items())
    key(fast, pygame.K_ESCAPE)  # the card taken back: the hint shows again
    assert scene.pick.choice is None
    assert any(item.key[0] == "hint" for item in scene.overlay_items())


def test_escape_closes_the_last_capture_before_it_pauses(fast):
    """Tab, then Esc: the pause menu opened over the last capture's panel, which was still
    there after resuming."""
    scene = open_solo(fast, fixed_match("7D 2C 10S", "1B 3B 8C", "7C 4S 5D 9B"))
    key(fast, pygame.K_TAB)
    key(fast, pygame.K_TAB, up=True)
    assert scene.aids.reviewing
    key(fast, pygame.K_ESCAPE)
    assert not scene.aids.reviewing and fast.stack.top is scene
    key(fast, pygame.K_ESCAPE)
    assert fast.stack.top is not scene  # nothing left open: Esc pauses


@pytest.mark.parametrize("keys", [(pygame.K_RIGHT, pygame.K_RETURN), (pygame.K_RETURN,) * 2])
def test_keys_put_the_open_last_capture_away_before_they_play(fast, keys):
    """Tab, then Right and Enter: a card was played behind the last capture's panel, and
    its capture was never seen. The first key now puts the panel away; the next ones play."""
    scene = open_solo(fast, fixed_match("7D 2C 10S", "1B 3B 8C", "7C 4S 5D 9B"))
    settle(fast, scene)
    key(fast, pygame.K_TAB)
    key(fast, pygame.K_TAB, up=True)
    assert scene.aids.reviewing
    for code in keys:
        key(fast, code)
    assert not scene.aids.reviewing and scene.match.moves() == ()
    key(fast, pygame.K_RETURN)
    key(fast, pygame.K_RETURN)
    assert len(scene.match.moves()) == 1  # the keys play again once the panel is away


def test_a_digit_with_the_last_capture_open_raises_its_card_and_plays_nothing(fast):
    """With the last capture open, 1 only put the panel away: the card it names, in sight
    under the panel, was not raised, and 1 then Enter raised it only. The digit puts the
    panel away and raises its card; pressed again, it plays it."""
    scene = open_solo(fast, fixed_match("7D 2C 10S", "1B 3B 8C", "7C 4S 5D 9B"))
    settle(fast, scene)
    key(fast, pygame.K_TAB)
    key(fast, pygame.K_TAB, up=True)
    assert scene.aids.reviewing
    second = scene.view.hands[0][1]  # the card the 2 names: the second from the left
    key(fast, pygame.K_2)
    assert not scene.aids.reviewing and scene.match.moves() == ()
    assert scene.pick.selected == second
    key(fast, pygame.K_2)
    assert scene.match.moves()[-1].card == second


def test_a_click_puts_the_open_last_capture_away_and_plays_nothing(fast):
    scene = open_solo(fast, fixed_match("7D 2C 10S", "1B 3B 8C", "7C 4S 5D 9B"))
    settle(fast, scene)
    key(fast, pygame.K_TAB)
    key(fast, pygame.K_TAB, up=True)
    drag(fast, centre_of(scene, C("7D")), centre_of(scene, C("7C")))
    assert not scene.aids.reviewing and scene.match.moves() == ()
    drag(fast, centre_of(scene, C("7D")), centre_of(scene, C("7C")))
    assert scene.match.moves()[-1].card == C("7D")


def test_undo_after_the_last_card_says_the_round_is_over(fast):
    """U between the round's last card and its score sheet said "Nothing to take back in
    this round yet", of a round whose plays were all on the table."""
    scene = open_solo(fast, Match.new(Rules(), 5))
    for _ in range(20000):
        if scene.match.rounds:
            break
        if scene.human_to_play is not None:
            scene.play(scene.match.legal_moves()[0])
        fast.frame(FRAME, [])
    assert scene.match.rounds and fast.stack.top is scene
    key(fast, pygame.K_u)
    assert scene.said() == fast.t("aids.undo_round_over") and not fast.toasts


def test_the_tracker_never_counts_a_deal_before_it_is_on_show(fast):
    """At a round's end the match has dealt the next round while the table still plays out
    the last cards: the tracker counted the next table and hand as seen, on a screen the
    next person may be looking at. While the table is behind, it keeps the counts it had."""
    from scopa.app.scenes.scoring import ScoringScene

    scene = open_solo(fast, Match.new(Rules(), 31))
    key(fast, pygame.K_t)
    last_settled = None
    behind_frames = 0
    for _ in range(20000):
        if isinstance(fast.stack.top, ScoringScene):
            fast.back()  # the next round
        fast.frame(FRAME, [])
        if fast.stack.top is not scene:
            continue
        drawn = [item.key[0][3] for item in scene.overlay_items() if item.key[0][0] == "tracker"]
        if scene._behind():
            behind_frames += 1
            assert drawn in ([], [last_settled]), scene.match.round.round_no
        elif drawn:
            (last_settled,) = drawn
            assert last_settled == tuple(track(scene.match.observe(0)))
        if scene.match.round.round_no == 2 and not scene._behind() and scene.human_to_play == 0:
            break
        if scene.human_to_play == 0 and not scene.director.busy:
            scene.play(scene.match.legal_moves()[0])
    else:
        raise AssertionError("round 2 never came")
    assert behind_frames and last_settled is not None


@pytest.mark.parametrize("players", [3, 4, 6])
def test_the_last_capture_keeps_clear_of_the_line_that_says_whose_turn(fast, players):
    """With three players the last capture's panel, centred on the table, ran over the line
    under it ("Alessandra, your turn") at 960x540."""
    fast.resize((960, 540))
    rules = Rules(players=players)
    seats = [SeatConfig("Alessandra", True)]
    seats += [SeatConfig(f"CPU {n}", False, "greedy") for n in range(1, players)]
    scene = open_solo(fast, Match.new(rules, 3), MatchSetup(tuple(seats), rules))
    wait_for_turn(fast, scene, 0)
    settle(fast, scene)
    key(fast, pygame.K_TAB)
    key(fast, pygame.K_TAB, up=True)
    items = scene.painter.items(scene.snapshot())
    (status,) = {tuple(item.rect): item for item in items if item.key[0] == "status"}.values()
    (panel,) = {tuple(item.rect): item for item in items if item.key[0] == "review"}.values()
    assert panel.rect.bottom <= status.rect.top, (panel.rect, status.rect)
    assert panel.rect.top >= 0


def inked_mark(suit: str, radius: float, ring: int, french: bool) -> frozenset:
    from scopa.app.cardart import suit_mark

    surface = pygame.Surface((24, 24))
    suit_mark(surface, suit, (12, 12), radius, (255, 255, 255), ring=ring, french=french)
    return frozenset((x, y) for x in range(24) for y in range(24) if surface.get_at((x, y))[0])


@pytest.mark.parametrize("french", [False, True])
@pytest.mark.parametrize("radius", [2.25, 4.0, 7.0])
def test_the_tracker_s_suits_differ_by_shape_not_only_by_colour(radius, french):
    """The tracker told the suits by coloured dots alone, 4 pixels across: unreadable to
    weak eyes, and red, blue and green alike to colour-blind ones. Each suit has a shape
    of its own, in the same colour too, filled or as an outline."""
    for ring in (0, 1):
        shapes = {inked_mark(suit, radius, ring, french) for suit in "DCSB"}
        assert all(shapes) and len(shapes) == 4, (radius, ring)


def test_a_french_suited_deck_s_diamonds_are_marked_by_the_diamond():
    """With French-suited cards the tracker marked the spades with a diamond (the swords'
    mark) and the diamonds with a disc: a player read the spades as the diamonds. The
    diamonds have the diamond, and no other suit has it."""
    diamond = inked_mark("S", 4.0, 0, french=False)  # the swords' mark
    assert inked_mark("D", 4.0, 0, french=True) == diamond
    assert all(inked_mark(suit, 4.0, 0, french=True) != diamond for suit in "CSB")


def test_a_french_deck_s_heart_turned_upside_down_is_no_spade():
    """Hearts and spades were marked by a triangle on its point and one on its base: in the
    corner turned upside down, at the bottom of each card, a heart wore the spade's mark.
    The spade stands on a stem, which no heart has, whichever way it is turned."""
    spade = inked_mark("S", 7.0, 0, french=True)
    heart = inked_mark("C", 7.0, 0, french=True)
    turned = frozenset((23 - x, 23 - y) for x, y in heart)
    foot = {(x, 18) for x in (11, 12, 13)}  # under the lobes, at the middle
    assert foot & spade
    assert not foot & turned


class HeldHint:
    """A hint worker whose answer is held back until ``ready``."""

    mode = "thread"

    def __init__(self) -> None:
        self.answer = None
        self.ready = False

    def request(self, level, seed, observation) -> None:  # noqa: ANN001
        self.answer = hint_job(level, seed, observation)

    def poll(self):  # noqa: ANN201
        return self.answer if self.ready else None

    def pending(self) -> bool:
        return self.answer is not None and not self.ready

    def cancel(self) -> None:
        self.answer = None

    def close(self) -> None:
        pass


def test_a_hint_come_late_leaves_the_capture_being_chosen_alone(fast):
    """H pressed, then a card dropped that opened the capture choice before the hint came:
    the hint raised its own card in the hand under the open choice, and the table lit its
    cards while the choice ringed another set."""
    scene = open_solo(fast, fixed_match("6D 2C 10S", "1B 3B 8C", "6C 6S 4B 9B"))
    settle(fast, scene)
    scene.aids.worker = held = HeldHint()
    key(fast, pygame.K_h)
    drag(fast, centre_of(scene, C("6D")), empty_felt(scene))
    choice = scene.choice
    assert choice is not None and choice.card == C("6D")
    held.ready = True
    pump(fast, 10)
    assert scene.choice is choice and scene.pick.hinted is None
    assert scene.preview == frozenset(choice.chosen.captures)


def test_m_turns_the_sound_off_and_on_at_the_table_and_it_is_remembered(fast, store):
    """The sound could be turned off only through the menu, Settings, Game, Mute."""
    scene = open_solo(fast, fixed_match("7D 2C 10S", "1B 3B 8C", "7C 4S 5D 9B"))
    key(fast, pygame.K_m)
    assert fast.audio.muted and fast.settings.muted and store.load_settings().muted
    assert scene.said() == fast.t("table.sound_off")
    assert scene.match.moves() == () and scene.pick.selected is None  # no play, no card
    key(fast, pygame.K_m)
    assert not fast.audio.muted and not store.load_settings().muted
    assert scene.said() == fast.t("table.sound_on")
    key(fast, pygame.K_m, mod=pygame.KMOD_CTRL)  # another's shortcut: not the sound's
    assert not fast.audio.muted


@pytest.mark.parametrize("speed", ["instant", "normal"])
def test_a_match_resumed_after_a_capture_is_laid_out_without_a_sound(fast, monkeypatch, speed):
    """Continue laid the round out by showing it at once, and at 'instant', which plays the
    sound of what a play made, the round's capture was heard though nothing was played."""
    match = fixed_match("7D 2C 10S", "1B 3B 8C", "7C 4S 5D 9B")
    capture = next(move for move in match.legal_moves() if move.captures)
    match, _ = match.apply(capture)
    heard: list[str] = []
    monkeypatch.setattr(fast.audio, "play", heard.append)
    fast.settings = fast.settings.with_(animation_speed=speed)
    open_solo(fast, match)
    assert heard == []


def test_m_with_no_sound_device_says_the_game_stays_silent(fast, store, monkeypatch):
    """With no sound device, M said "Sound on" and nothing was ever heard: it says why."""
    scene = open_solo(fast, fixed_match("7D 2C 10S", "1B 3B 8C", "7C 4S 5D 9B"))
    monkeypatch.setattr(fast.audio, "available", False)
    key(fast, pygame.K_m)
    assert scene.said() == fast.t("table.sound_off")
    key(fast, pygame.K_m)
    assert not fast.settings.muted and scene.said() == fast.t("table.sound_none")


def test_the_sounds_of_a_table_left_die_away(fast, monkeypatch):
    """A match's fanfare, hurried, went on over the title: a table closed fades its
    sounds."""
    faded: list[int] = []
    open_solo(fast, fixed_match("7D 2C 10S", "1B 3B 8C", "7C 4S 5D 9B"))
    monkeypatch.setattr(fast.audio, "fade", lambda ms=300: faded.append(ms))
    fast.home()
    assert faded


def test_a_card_dragged_goes_over_the_hint_s_panel(fast):
    """The hint's panel was painted over the card dragged across it (the card slid under
    the panel): the card in the player's hand goes over every panel it crosses."""
    from tests.app.table_helpers import mouse

    scene = open_solo(fast, fixed_match("7D 2C 10S", "1B 3B 8C", "3C 4S 7C 9B"))
    key(fast, pygame.K_h)
    assert scene.aids.hint is not None
    start = scene.view.sprites[C("2C")].rect().center
    fast._last_press = None
    fast.frame(FRAME, [mouse(pygame.MOUSEBUTTONDOWN, start)])
    for k in range(1, 5):
        fast.frame(FRAME, [mouse(pygame.MOUSEMOTION, (start[0], start[1] - 12 * k))])
    snap = scene.snapshot()
    assert snap.dragged == C("2C")
    layers = [item.key for item in scene.painter.items(snap)]
    hint = max(i for i, k in enumerate(layers) if k[0] == "hint")
    dragged = next(i for i, k in enumerate(layers) if k[:2] == ("card", "dragged"))
    assert dragged > hint


def _last_card_played(app, speed: str) -> TableScene:  # noqa: ANN001
    """A solo table, the animations at ``speed``, where the person has just dragged the
    round's last card but one to the table (the computer plays the last)."""
    match = Match.new(Rules(), 7, first_dealer=1)
    while True:
        r = match.round
        if match.turn == 0 and len(r.hand(0)) == 1 and len(r.hand(1)) == 1 and not r.stock:
            break
        match, _ = match.apply(match.legal_moves()[0])
    app.settings = app.settings.with_(animation_speed=speed, language="en")
    scene = TableScene(app, coordinated(app, solo_setup(), match), worker=inline_worker())
    app.stack.push(scene)
    settle(app, scene)
    pump(app, 3)
    drag(app, centre_of(scene, scene.view.hands[0][0]), empty_felt(scene))
    return scene


def _round_ends_as_held(app, held: str) -> TableScene:  # noqa: ANN001
    """A solo table whose round ends (the sheet coming over it) while ``held`` (the
    tracker's button, or Tab) is held down, let go over the sheet; then the next round,
    the person to play."""

    scene = _last_card_played(app, "fast")
    tracker = next(b for b in scene.aids.buttons() if b.name == "tracker")
    app._last_press = None
    if held == "tab":
        app.frame(FRAME, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=0)])
    else:
        app.frame(FRAME, [mouse(pygame.MOUSEBUTTONDOWN, tracker.rect.center)])
    sheet = sheet_opens(app)
    if held == "tab":  # let go over the sheet, a long hold
        pump(app, round(TAP_SECONDS / FRAME) + 2)
        app.frame(FRAME, [pygame.event.Event(pygame.KEYUP, key=pygame.K_TAB, mod=0)])
    else:
        app.frame(FRAME, [mouse(pygame.MOUSEBUTTONUP, tracker.rect.center)])
    pump(app, 40)
    sheet.next_round()
    pump(app, 2)
    settle(app, scene)
    for _ in range(600):
        if scene.human_to_play == 0:
            break
        pump(app)
    assert scene.human_to_play == 0
    return scene


@pytest.mark.parametrize("held", ["tracker", "tab"])
def test_an_aid_held_as_the_round_ends_takes_nothing_from_the_next_round(app, held) -> None:  # noqa: ANN001
    """The tracker's button pressed as the computer's last card flew, the sheet came and
    the press was let go over it: in the next round the aids still held it, and took the
    drop of the first card dragged (the card went back to the hand, nothing played). Tab
    held so left the last capture's panel open over the new round."""
    scene = _round_ends_as_held(app, held)
    assert not scene.aids.reviewing
    before = len(scene.match.moves())
    drag(app, centre_of(scene, scene.view.hands[0][0]), empty_felt(scene))
    pump(app, 2)
    assert len(scene.match.moves()) == before + 1  # the card dragged is played


def test_the_last_capture_shown_as_a_round_ends_is_that_round_s(app) -> None:  # noqa: ANN001
    """Tab pressed as the round's last cards went to the piles showed a panel of dashes:
    the match was at the next round already, with nothing played, while the table still
    showed the round played out. The panel tells the round the table shows."""
    from scopa.aids.review import review

    scene = _last_card_played(app, "normal")
    for _ in range(600):
        if scene.match.round.round_no == 2:
            break
        pump(app)
    assert scene.match.round.round_no == 2 and scene._behind()
    played = scene.match.moves()
    again = Match.new(Rules(), 7, first_dealer=1)
    for move in played[:-1]:
        again, _ = again.apply(move)
    last_round = (*again.round.history(), (again.turn, played[-1]))
    shown = scene.aids._shown_history()
    assert shown == last_round
    rows = review(shown, 2)
    assert any(row.last_capture is not None for row in rows)
    scene.close()


@pytest.mark.parametrize("language", ["en", "it"])
def test_a_click_on_a_pile_shows_what_each_side_took_so_far(fast, language):
    """Clicking a pile did nothing, and nothing said how many coins each side held, whether
    the settebello was taken or who led the primiera before the round's sheet: the last
    capture opens on a click on a pile, with each side's cards, coins, the cards that score
    by themselves and the primiera as it stands."""
    from scopa.app import style
    from scopa.app.wording import count
    from scopa.engine.scoring import prime_values

    fast.set_language(language)
    t = fast.t
    match = Match.new(Rules(), 3)
    while sum(len(pile) for pile in match.observe(0).piles) < 8:  # captures on both sides
        match, _ = match.apply(max(match.legal_moves(), key=lambda m: len(m.captures)))
    scene = open_solo(fast, match)
    wait_for_turn(fast, scene, 0)
    assert not scene.aids.reviewing
    click(fast, scene.layout.pile_rect(1).center)
    assert scene.aids.reviewing
    drawn = []
    with style.watch_text(drawn.append):
        scene.draw(fast.screen)
    said = {text.words for text in drawn}
    assert t("aids.tally_title") in said
    values = prime_values(match.rules)
    for side, pile in enumerate(scene.match.observe(0).piles):  # (the engine's, not the view's)
        assert scene.seats.side_name(side) in said
        words = [count(t, "aids.tally_cards", len(pile)),
                 count(t, "aids.tally_coins", sum(card.suit == "D" for card in pile))]  # fmt: skip
        if Card.parse("7D") in pile:
            words.append(t("cat_settebello"))
        best: dict[str, int] = {}
        for card in pile:
            best[card.suit] = max(best.get(card.suit, 0), values[card.rank])
        short = 4 - len(best)
        if not pile:
            pass  # nothing taken: no primiera said
        elif short == 0:
            words.append(t("aids.tally_primiera", n=sum(best.values())))
        elif short == 1:
            words.append(t("aids.tally_primiera_lacking_one", n=sum(best.values())))
        else:
            words.append(t("aids.tally_primiera_lacking", n=sum(best.values()), k=short))
        line = "  \u00b7  ".join(words)
        assert line in said, (line, said)
        (text,) = [text for text in drawn if text.words == line]
        assert not text.elided
    click(fast, scene.layout.pile_rect(0).center)  # again: put away
    assert not scene.aids.reviewing


def test_the_tally_counts_the_round_s_last_cards_as_the_piles_show_them(fast):
    """The tally was worked out from the captures played: the cards left on the table at
    the round's end, which go to the last side to capture with no play of theirs, were
    missing from it while the table showed the round just played (piles of 16 and 24,
    the tally saying 16 and 19)."""
    from scopa.app.wording import count

    match = last_two_cards()
    scene = open_solo(fast, match)
    drag(fast, centre_of(scene, scene.view.hands[0][0]), empty_felt(scene))
    for _ in range(600):
        if scene.match.round.round_no == 2 and not scene.director.busy:
            break
        pump(fast)
    ended = scene.match.rounds[0]  # the round's sheet: every card to a side
    said = dict(scene.aids._tally())
    for side in range(match.rules.sides):
        cards = count(fast.t, "aids.tally_cards", len(ended[side].captured))
        assert said[scene.seats.side_name(side)].startswith(cards)
    assert sum(len(score.captured) for score in ended) == 40


def test_a_click_on_a_pile_while_the_computer_plays_hurries_it(fast):
    """The click that speeds the computers' cards up opened the panel when it fell on a
    pile."""
    match = fixed_match("7D 2C 10S", "1B 3B 8C", "3C 4S 7C 9B")
    scene = open_solo(fast, match)
    fast.settings = fast.settings.with_(animation_speed="normal")
    scene.play(Move.parse("7Dx7C"))
    for _ in range(400):
        pump(fast)
        if scene.human_to_play is None and scene.director.busy and scene.match.turn == 0:
            break
    assert scene.human_to_play is None and scene.director.busy
    hurried = []
    hurry = scene.director.hurry
    scene.director.hurry = lambda *a, **k: (hurried.append(1), hurry(*a, **k))[1]
    click(fast, scene.layout.pile_rect(1).center)
    assert hurried and not scene.aids.reviewing


def test_a_side_that_took_nothing_is_told_no_primiera(fast):
    """ "0 cards · 0 coins · primiera 0, 4 suits short": the primiera is not said of a
    side that took nothing yet."""
    scene = open_solo(fast, fixed_match("7D 2C 10S", "1B 3B 8C", "3C 4S 7C 9B"))
    said = dict(scene.aids._tally())
    for name in (scene.seats.side_name(0), scene.seats.side_name(1)):
        assert said[name] == "0 cards  \u00b7  0 coins"


def sheet_under_clicks(app, scene, where, every: float):  # noqa: ANN001, ANN201
    """The round's last card played from ``scene``, then a click at ``where`` every
    ``every`` seconds until the round's sheet comes: the sheet."""
    from scopa.app.scenes.scoring import ScoringScene

    drag(app, centre_of(scene, scene.view.hands[0][0]), empty_felt(scene))
    for _ in range(2000):
        if isinstance(app.stack.top, ScoringScene):
            return app.stack.top
        click(app, where)
        app.frame(every, [])
    raise AssertionError("the round's sheet never came")


def test_clicks_on_a_pile_as_the_round_ends_do_not_turn_its_sheet(fast):
    """A click on one's pile (for what each side took) made as the round's last cards
    flew fell on the round's sheet, come where the pile lay: it dealt the next round
    (or opened the review) before anyone read the sheet. Clicks made on the table as the
    sheet comes are held off it a moment, as at the match's end."""
    from scopa.app.scenes.scoring import UNMOVED_CLICKS

    match = last_two_cards()
    scene = open_solo(fast, match)
    pile = scene.layout.pile_rect(0).center
    sheet = sheet_under_clicks(fast, scene, pile, 0.1)  # the pile, ten times a second
    for _ in range(3):  # on where the pile was: the sheet's buttons now
        click(fast, pile)
        fast.frame(0.1, [])
        assert fast.stack.top is sheet
    fast.frame(UNMOVED_CLICKS, [])  # a pause: the sheet was seen (the pointer not moved)
    (button,) = [b for b in sheet.buttons if b.rect.collidepoint(pile)] or [sheet.buttons[-1]]
    click(fast, button.rect.center)
    assert fast.stack.top is not sheet


def test_clicks_a_second_apart_on_the_table_do_not_turn_the_round_s_sheet_unread(fast):
    """A player of 74 clicked on the table once a second to hurry the computer, the pointer
    resting where Next round comes: the sheet came and took the next click, gone in a third
    of a second. Clicks from a pointer that has not moved since wait until the sheet was up
    long enough to see; one moved to a button is taken."""
    from scopa.app.scenes.scoring import UNMOVED_CLICKS, ScoringScene

    match = last_two_cards()
    scene = open_solo(fast, match)
    ahead = ScoringScene(fast, MatchCoordinator(scene.setup, match))
    ahead.resize(fast.size)
    rest = ahead.buttons[-1].rect.center  # where Next round will come
    sheet = sheet_under_clicks(fast, scene, rest, 1.0)  # a click a second where it rests
    assert sheet.buttons[-1].rect.collidepoint(rest)
    for _ in range(2):  # a second apart, the pointer still where it rested
        click(fast, rest)
        assert fast.stack.top is sheet
        fast.frame(1.0, [])
    fast.frame(UNMOVED_CLICKS, [])
    click(fast, rest)  # the sheet was up long enough to be seen
    assert fast.stack.top is not sheet


def test_a_pointer_moved_to_the_sheet_after_clicks_on_the_table_clicks_it(fast):
    """The clicks held off from a pointer resting where it clicked on the table: one moved
    to the sheet's button since is meant for it (after the moment every such sheet waits)."""
    from scopa.app.scenes.scoring import CLICK_GRACE

    match = last_two_cards()
    scene = open_solo(fast, match)
    sheet = sheet_under_clicks(fast, scene, empty_felt(scene), 0.5)
    fast.frame(CLICK_GRACE, [])
    click(fast, sheet.buttons[-1].rect.center)  # moved there from the felt
    assert fast.stack.top is not sheet


@pytest.mark.parametrize("players", [2, 4, 6])
@pytest.mark.parametrize("size", [(960, 540), (1920, 1080)])
def test_the_last_capture_s_panel_leaves_the_aids_buttons_clear(fast, players, size):
    """Taller with what each side took, the panel reached over Hint and Undo at four
    players: a click on its top pressed the button under it (a hint shown behind it)."""
    fast.resize(size)
    rules = Rules(players=players)
    others = [SeatConfig(f"CPU {n}", False, "beginner") for n in range(1, players)]
    setup = MatchSetup((SeatConfig("Anna", True), *others), rules)
    scene = open_solo(fast, Match.new(rules, 3), setup)
    key(fast, pygame.K_TAB)
    (panel,) = [item for item in scene.overlay_items() if item.key[0] == "review"]
    for aid in scene.aids.buttons():
        assert not panel.rect.colliderect(aid.rect), aid.name
    assert panel.rect.bottom <= scene.layout.status_top


LONG_NAMES = ("Alessandro", "Francesca", "Massimiliano", "Benedetta", "Bartolomeo")


@pytest.mark.parametrize("names", ["short", "long"])
@pytest.mark.parametrize("sides", [2, 6])
@pytest.mark.parametrize("language", ["en", "it"])
def test_six_seats_last_capture_shows_cards_as_large_as_the_table_s(fast, sides, language, names):
    """Six players in a small window: the panel's six rows of seats left their cards a
    third of the table's small ones (16 pixels wide, their values unread). The seats go in
    two columns side by side, the cards at least as large as the table's small ones, in
    the window (with long names, two columns ran past its right edge in English, and in
    Italian, its headings longer, stayed one)."""
    fast.set_language(language)
    fast.resize((960, 540))
    rules = Rules(players=6, six_sides=sides)
    called = LONG_NAMES if names == "long" else [f"CPU {n}" for n in range(1, 6)]
    others = [SeatConfig(name, False, "beginner") for name in called]
    setup = MatchSetup((SeatConfig("Anna", True), *others), rules)
    match = Match.new(rules, 3)
    while len(match.moves()) < 12:
        match, _ = match.apply(max(match.legal_moves(), key=lambda move: len(move.captures)))
    scene = open_solo(fast, match, setup)
    wait_for_turn(fast, scene, 0)
    settle(fast, scene)
    key(fast, pygame.K_TAB)
    panel, widths = panel_card_widths(scene)
    assert len(widths) >= 6 and min(widths) >= scene.layout.mini_w, widths
    assert pygame.Rect(0, 0, 960, 540).contains(panel.rect)
    assert panel.rect.bottom <= scene.layout.status_top
    for aid in scene.aids.buttons():
        assert not panel.rect.colliderect(aid.rect), aid.name


def test_m_with_the_volume_at_nothing_says_where_it_is_turned_up(fast, store):
    """The volume at 0 % with the sound on: M said "Sound on" and nothing was heard."""
    fast.settings = fast.settings.with_(volume=0.0)
    scene = open_solo(fast, fixed_match("7D 2C 10S", "1B 3B 8C", "7C 4S 5D 9B"))
    key(fast, pygame.K_m)
    assert scene.said() == fast.t("table.sound_off")
    key(fast, pygame.K_m)
    assert not fast.settings.muted and scene.said() == fast.t("table.sound_silent")


@pytest.mark.parametrize("size", [(960, 540), (1920, 1080)])
@pytest.mark.parametrize("language", ["en", "it"])
def test_the_tracker_s_legend_says_a_hollow_mark_is_a_card_seen(fast, size, language):
    """The legend named the suits' colours, never the hollow marks beside them: a player
    asked what they were. Under the suits, a hollow mark reads "seen", whole, inside the
    panel, the panel no smaller for it."""
    from scopa.app import style
    from scopa.app.wording import suit_name

    fast.resize(size)
    fast.set_language(language)
    scene = open_solo(fast, Match.new(Rules(), 31))
    key(fast, pygame.K_t)
    (tracker,) = [item for item in scene.overlay_items() if item.key[0][0] == "tracker"]
    drawn: list[style.Drawn] = []
    with style.watch_text(drawn.append):
        tracker.paint(pygame.Surface(size))
    (seen,) = [text for text in drawn if text.words == fast.t("aids.tracker_seen")]
    assert not seen.elided and tracker.rect.contains(seen.used)
    coins = suit_name(fast.t, "D", scene.aids.host.deck_style())
    (name,) = [text for text in drawn if text.words == coins]
    assert name.used.bottom <= seen.used.top  # under the suits' line
