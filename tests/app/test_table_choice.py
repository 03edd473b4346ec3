"""While the capture choice is open, the deck and the count of cards left in it stay in sight:
the card waiting beside the choice and the choice itself keep clear of them."""

from __future__ import annotations

import pygame
import pytest

from scopa.app.table import TableScene
from scopa.app.table.frame import Item
from scopa.app.table.words import MESSAGE
from scopa.engine import Card, Match, Rules
from scopa.settings import MatchSetup, SeatConfig

from .table_helpers import centre_of, click, coordinated, deck, empty_felt, inline_worker, settle

SIZES = [(960, 540), (1280, 720), (1920, 1080), (1000, 1000)]
HANDS = {
    2: ("6D 2C 10S", "1B 3B 8C"),
    3: ("6D 2C 10S", "1B 3B 8C", "1S 2S 3S"),
    4: ("6D 2C 10S", "1B 3B 8C", "1S 2S 3S", "1D 2D 3D"),
    6: ("6D 2C 10S", "1B 3B 8C", "1S 2S 3S", "1D 2D 3D", "4C 5C 7C", "4D 5B 7B"),
}
"""Seat 0 plays first and holds the 6 of coins, which takes either 6 on the table."""
TABLE = "6C 6S 4B 9B"
TRAILING = Rules(cirulla=True, may_trail_capturing_card=True)
"""Cirulla with the card that takes allowed to be laid: the choice offers laying it too."""


def open_choice(  # noqa: ANN001
    app, players: int, size: tuple[int, int], arrived: bool = True, rules: Rules | None = None
) -> TableScene:
    app.resize(size)
    rules = rules or Rules(players=players)
    others = [SeatConfig(f"CPU {i}", False, "beginner") for i in range(1, players)]
    setup = MatchSetup((SeatConfig("Giulia", True), *others), rules)
    match = Match.new(rules, 1, first_dealer=players - 1, decks=(deck(*HANDS[players], TABLE),))
    scene = TableScene(app, coordinated(app, setup, match), worker=inline_worker())
    app.stack.push(scene)
    settle(app, scene)
    assert scene.human_to_play == 0
    scene.input._resolve(Card.parse("6D"), None)
    if arrived:
        scene.ui.finish_all()  # the card has come to wait beside the choice
    assert scene.choice is not None
    return scene


def deck_count_ink(scene: TableScene) -> pygame.Rect:
    """The pixels the deck's count is written with, measured from the painted stock."""
    items = scene.painter.items(scene.snapshot())
    (stock,) = [item for item in items if item.key[0] == "stock"]
    layer = pygame.Surface(scene.layout.size, pygame.SRCALPHA)
    stock.paint(layer)
    below = scene.layout.stock_label(0).top
    band = pygame.Rect(0, below, layer.get_width(), layer.get_height() - below)
    ink = layer.subsurface(band).get_bounding_rect()
    assert ink.w and ink.h, "the count is written under the deck"
    return ink.move(0, below)


@pytest.mark.parametrize("players", [2, 6])
@pytest.mark.parametrize("size", SIZES)
def test_the_deck_count_stays_in_sight_beside_the_choice(fast, players, size) -> None:
    scene = open_choice(fast, players, size)
    ink = deck_count_ink(scene)
    overlays = scene.overlay_items()
    (held,) = [item for item in overlays if item.key[0] == "chosen"]
    assert not held.rect.colliderect(ink), (held.rect, ink)
    assert not scene.choice.rect.colliderect(ink), (scene.choice.rect, ink)
    window = pygame.Rect((0, 0), size)
    assert window.contains(scene.view.sprites[Card.parse("6D")].rect())
    assert window.contains(scene.choice.rect)


def painted(item: Item, size: tuple[int, int]) -> pygame.Rect:
    """Every pixel ``item`` paints, soft shadows too."""
    layer = pygame.Surface(size, pygame.SRCALPHA)
    item.paint(layer)
    return layer.get_bounding_rect()


@pytest.mark.parametrize("players", [2, 3, 4, 6])
@pytest.mark.parametrize("size", [(960, 540), (1280, 720), (1920, 1080)])
def test_the_choice_and_the_card_waiting_beside_it_lie_clear_of_the_deck(
    fast,  # noqa: ANN001
    players: int,
    size: tuple[int, int],
) -> None:
    """The card played waited over the deck, left of the popup: the deck and its count
    now show whole beside them, the popup moving right to make the card room."""
    scene = open_choice(fast, players, size)
    (stock,) = [item for item in scene.painter.items(scene.snapshot()) if item.key[0] == "stock"]
    deck = painted(stock, size)
    assert scene.layout.deck_rect.contains(deck), (scene.layout.deck_rect, deck)
    (held,) = [item for item in scene.overlay_items() if item.key[0] == "chosen"]
    card = painted(held, size)
    assert not card.colliderect(scene.layout.deck_rect), (card, scene.layout.deck_rect)
    assert not scene.choice.rect.colliderect(scene.layout.deck_rect)
    window = pygame.Rect((0, 0), size)
    assert window.contains(card) and window.contains(scene.choice.rect)


@pytest.mark.parametrize("players", [2, 6])
@pytest.mark.parametrize("size", [(960, 540), (1280, 720), (1920, 1080)])
def test_the_card_waits_clear_of_the_choice_s_border(fast, players, size) -> None:
    """The played card leant over the popup's gold border at 960x540."""
    scene = open_choice(fast, players, size)
    (held,) = [item for item in scene.overlay_items() if item.key[0] == "chosen"]
    layer = pygame.Surface(fast.size, pygame.SRCALPHA)
    held.paint(layer)
    card = layer.get_bounding_rect(min_alpha=200)  # the card leaning, not its soft shadow
    assert card.right < scene.choice.rect.left, (card, scene.choice.rect)


def test_nothing_on_the_table_shows_through_the_choice(fast) -> None:
    """The table's cards showed faintly through the popup, behind its sets of cards."""
    scene = open_choice(fast, 2, (960, 540))
    (popup,) = [item for item in scene.overlay_items() if item.key[0] == "choice"]
    looks = []
    for under in ((255, 255, 255), (0, 0, 0)):
        layer = pygame.Surface(fast.size)
        layer.fill(under)
        popup.paint(layer)
        inside = scene.choice.rect.inflate(-40, -40)  # within its rounded corners
        looks.append(pygame.image.tobytes(layer.subsurface(inside), "RGB"))
    assert looks[0] == looks[1]


def test_the_card_waits_beside_the_choice_again_when_the_window_changes_size(fast) -> None:
    scene = open_choice(fast, 2, (1920, 1080))
    scene.choice.move_selection(1)
    fast.resize((960, 540))
    fast.frame(1 / 30, [])
    assert scene.choice is not None and scene.choice.selected == 1
    sprite = scene.view.sprites[Card.parse("6D")]
    assert (sprite.x, sprite.y) == scene.choice.waiting_spot(sprite.w)
    (held,) = [item for item in scene.overlay_items() if item.key[0] == "chosen"]
    assert not held.rect.colliderect(deck_count_ink(scene))


def test_a_window_resized_while_the_card_flies_to_the_choice_keeps_it_beside_the_choice(
    fast,  # noqa: ANN001
) -> None:
    scene = open_choice(fast, 2, (1920, 1080), arrived=False)
    fast.frame(1 / 30, [])  # the card is on its way
    fast.resize((960, 540))
    for _ in range(30):
        fast.frame(1 / 30, [])
    sprite = scene.view.sprites[Card.parse("6D")]
    assert scene.choice is not None
    assert (sprite.x, sprite.y) == pytest.approx(scene.choice.waiting_spot(sprite.w))


@pytest.mark.parametrize("language", ["en", "it"])
def test_laying_a_card_that_could_take_is_an_option_named_in_words(fast, language) -> None:
    """Cirulla, a card that takes may be laid: the choice's row for laying it holds no card
    to show, so it says what it does (it was an empty box)."""
    from scopa.app import style

    fast.set_language(language)
    scene = open_choice(fast, 2, (960, 540), rules=TRAILING)
    choice = scene.choice
    assert choice is not None
    lays = [i for i, move in enumerate(choice.options) if not move.captures]
    assert lays == [len(choice.options) - 1]  # last: Enter at once takes the first set
    drawn = []
    with style.watch_text(drawn.append):
        for item in scene.overlay_items():
            item.paint(pygame.Surface(fast.size, pygame.SRCALPHA))
    row = choice.rows[lays[0]]
    words = [text for text in drawn if text.words == fast.t("table.choose_lay")]
    assert len(words) == 1 and row.contains(words[0].used) and not words[0].elided


def test_up_and_down_move_through_the_grid_of_sets_by_lines(fast) -> None:
    """Four options in two columns: Down goes to the set below (it went to the one on the
    right), Left and Right go in reading order, and Up from the top goes round to the
    bottom of the same column."""
    scene = open_choice(fast, 2, (960, 540), rules=TRAILING)
    choice = scene.choice
    assert choice is not None and len(choice.options) == 4 and choice.columns == 2

    def key(code: int) -> int:
        fast.frame(1 / 30, [pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="")])
        return choice.selected

    assert key(pygame.K_DOWN) == 2
    assert key(pygame.K_DOWN) == 0  # round to the top of the column
    assert key(pygame.K_RIGHT) == 1
    assert key(pygame.K_DOWN) == 3
    assert key(pygame.K_RIGHT) == 0  # reading order, round to the first
    assert key(pygame.K_UP) == 2
    assert key(pygame.K_LEFT) == 1
    assert choice.rows[2].top > choice.rows[0].top and choice.rows[2].left == choice.rows[0].left


def test_the_card_waiting_for_the_choice_is_not_counted_in_the_hand(fast) -> None:
    """The card played waits beside the choice: the plate says 2 in hand, as the hand
    shows, and 3 again when Esc takes it back."""
    scene = open_choice(fast, 2, (960, 540))
    (plate,) = [p for p in scene.snapshot().plates if p.name == "Giulia"]
    assert plate.detail == fast.t("table.in_hand", n=2)
    fast.frame(1 / 30, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0)])
    assert scene.choice is None
    (plate,) = [p for p in scene.snapshot().plates if p.name == "Giulia"]
    assert plate.detail == fast.t("table.in_hand", n=3)


def played_once(app) -> TableScene:  # noqa: ANN001
    """A table where Giulia played the 2 of cups and the computer answered: her turn again,
    a play to take back."""
    rules = Rules()
    setup = MatchSetup((SeatConfig("Giulia", True), SeatConfig("CPU", False, "beginner")), rules)
    cards = deck("6D 2C 10S", "1B 1C 1S", TABLE)  # the aces take nothing: the 6s stay
    scene = TableScene(
        app,
        coordinated(app, setup, Match.new(rules, 1, first_dealer=1, decks=(cards,))),
        worker=inline_worker(),
    )
    app.stack.push(scene)
    settle(app, scene)
    scene.play(next(m for m in scene.match.legal_moves() if m.card == Card.parse("2C")))
    for _ in range(3000):
        app.frame(1 / 30, [])
        if scene.human_to_play == 0 and not scene.director.busy:
            break
    return scene


def test_undo_while_the_choice_is_open_takes_back_the_last_play(fast) -> None:
    """U with the choice open said "Nothing to take back in this round yet", though a play
    had been made: the choice was put first. The choice closes with the card back in the
    hand, and the last play is taken back."""
    scene = played_once(fast)
    scene.input._resolve(Card.parse("6D"), None)
    assert scene.choice is not None
    fast.frame(1 / 30, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_u, mod=0, unicode="u")])
    assert scene.said() == fast.t("aids.undo_done_first") and not fast.toasts
    assert scene.choice is None and scene.match.moves() == ()
    assert set(scene.match.round.hand(0)) == {Card.parse(c) for c in ["6D", "2C", "10S"]}


@pytest.mark.parametrize("language", ["en", "it"])
def test_the_word_of_a_play_taken_back_hides_none_of_the_table_s_cards(fast, language) -> None:
    """At 960x540 the word of undo, a toast, had no room above the table and went over the
    top row of its cards, hiding their values just as the player was to play again. It is
    said on the line under the table."""
    fast.resize((960, 540))
    fast.set_language(language)
    scene = played_once(fast)
    fast.frame(1 / 30, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_u, mod=0, unicode="u")])
    settle(fast, scene)
    assert not fast.toasts
    assert scene._status() == (fast.t("aids.undo_done_first"), MESSAGE)


def test_the_first_play_taken_back_says_the_match_sets_no_record(fast) -> None:
    """One play taken back left the match out of the statistics' records, and only the
    statistics' legend said so, later: the first undo of a match says it; later ones
    only that the play was taken back."""
    scene = played_once(fast)
    u = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_u, mod=0, unicode="u")
    fast.frame(1 / 30, [u])
    assert scene.said() == fast.t("aids.undo_done_first")
    assert scene.coordinator.undone
    scene.play(next(m for m in scene.match.legal_moves() if m.is_play))
    for _ in range(600):
        fast.frame(1 / 30, [])
        if scene.human_to_play == 0 and not scene.director.busy:
            break
    fast.frame(1 / 30, [u])
    assert scene.said() == fast.t("aids.undo_done")


def test_the_keyboard_chooses_a_card_when_none_is_and_keeps_it_after_the_choice_closes(
    fast,
) -> None:
    """Enter with no card chosen did nothing, and said nothing; after Escape closed the
    capture choice no card was chosen either, so Enter did nothing again."""

    def key(code: int) -> None:
        fast.frame(1 / 30, [pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="")])

    scene = open_choice(fast, 2, (960, 540))
    key(pygame.K_ESCAPE)
    assert scene.choice is None and scene.pick.selected == Card.parse("6D")
    key(pygame.K_RETURN)  # the same card again: the choice opens again
    scene.ui.finish_all()
    assert scene.choice is not None
    key(pygame.K_ESCAPE)
    key(pygame.K_DOWN)  # and the card is let go
    assert scene.choice is None and scene.pick.selected is None
    key(pygame.K_RETURN)  # the card let go, chosen again (not the first of the hand)
    assert scene.pick.selected == Card.parse("6D") and scene.match.moves() == ()


@pytest.mark.parametrize("code", [pygame.K_TAB, pygame.K_t])
def test_the_capture_being_chosen_keeps_the_aids_panels_shut(fast, code) -> None:
    """Tab in the capture choice opened the last capture's panel under it, and the next
    Enter only put that away instead of taking the capture chosen."""
    scene = open_choice(fast, 2, (960, 540))
    for kind in (pygame.KEYDOWN, pygame.KEYUP):
        fast.frame(1 / 30, [pygame.event.Event(kind, key=code, mod=0, unicode="")])
    assert not scene.aids.reviewing and not scene.aids.tracker_on
    assert scene.choice is not None
    chosen = scene.choice.chosen
    fast.frame(
        1 / 30, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r")]
    )
    assert scene.match.moves()[-1] == chosen  # Enter takes the capture chosen


def two_people_choosing(app) -> TableScene:  # noqa: ANN001
    """Giulia and Bruno at one screen, Giulia's cover lifted and her choice open for the
    6 of coins."""
    rules = Rules()
    setup = MatchSetup((SeatConfig("Giulia", True), SeatConfig("Bruno", True)), rules)
    match = Match.new(rules, 1, first_dealer=1, decks=(deck(*HANDS[2], TABLE),))
    scene = TableScene(app, coordinated(app, setup, match), worker=inline_worker())
    app.stack.push(scene)
    cover_lifted(app, scene)
    assert scene.human_to_play == 0
    scene.input._resolve(Card.parse("6D"), None)
    scene.ui.finish_all()
    assert scene.choice is not None
    return scene


def cover_lifted(app, scene: TableScene) -> None:  # noqa: ANN001
    """Frames until the cover comes down, then lifted by the one it waits for."""
    for _ in range(600):
        if scene.cover is not None:
            break
        app.frame(1 / 30, [])
    scene.reveal()
    settle(app, scene)


def test_the_card_waits_beside_the_choice_after_the_menu_and_the_cover(fast) -> None:
    """Two people at the screen, the choice open: the menu opened and closed, the cover
    lifted again, and the card waiting beside the choice was drawn back in the hand (three
    cards shown, the plate saying two). It waits beside the choice again, face up."""
    scene = two_people_choosing(fast)
    fast.open("pause")
    fast.frame(1 / 30, [])
    fast.back()
    cover_lifted(fast, scene)
    fast.frame(1 / 30, [])
    scene.ui.finish_all()
    assert scene.choice is not None
    card = Card.parse("6D")
    sprite = scene.view.sprites[card]
    assert (sprite.x, sprite.y) == scene.choice.waiting_spot(sprite.w)
    assert scene.view.face_shown(card) and sprite.turn == 1.0
    fast.open("pause")  # under the menu, with nobody holding the screen: face down
    fast.frame(1 / 30, [])
    assert sprite.turn == 0.0 and (sprite.x, sprite.y) == scene.choice.waiting_spot(sprite.w)
    fast.back()


def test_the_choice_is_not_shown_to_the_next_person_under_the_cover_or_the_menu(fast) -> None:
    """Two people at the screen, the choice open: the menu opened and closed, the cover
    came down for the one choosing, and their choice, "Which cards does the 6 of coins
    take?", could be read through it by whoever sat at the screen. It shows again to the
    one who lifts the cover."""
    scene = two_people_choosing(fast)

    def choices_drawn() -> list[object]:
        return [item.key for item in scene.overlay_items() if item.key[0] == "choice"]

    assert choices_drawn()
    fast.open("pause")
    fast.frame(1 / 30, [])
    assert not choices_drawn()  # nobody holds the screen under the menu
    fast.back()
    for _ in range(600):
        if scene.cover is not None:
            break
        fast.frame(1 / 30, [])
    assert scene.cover == 0 and scene.choice is not None
    assert not choices_drawn(), "read through the cover"
    scene.reveal()
    fast.frame(1 / 30, [])
    assert choices_drawn()


def test_the_card_waiting_beside_the_choice_stays_at_its_spot_after_the_menu(fast) -> None:
    """The choice open, the menu opened and closed: the card waiting beside the choice
    rose a card's lift above its spot (the menu's close raised the card chosen, which is
    that card)."""
    scene = open_choice(fast, 2, (1280, 720))
    sprite = scene.view.sprites[Card.parse("6D")]
    fast.open("pause")
    fast.frame(1 / 30, [])
    fast.back()
    for _ in range(20):
        fast.frame(1 / 30, [])
    assert scene.choice is not None and sprite.lift == 0.0
    assert (sprite.x, sprite.y) == scene.choice.waiting_spot(sprite.w)


@pytest.mark.parametrize("players", [2, 4, 6])
@pytest.mark.parametrize("size", [(960, 540), (1920, 1080)])
def test_two_single_cards_to_choose_lie_side_by_side_clear_of_the_table_s_line(
    fast, players, size
) -> None:
    """The 6 of coins takes either 6: the two stacked one over the other made a tall box,
    which hid the line under the table saying why it opened ("The knave of coins must
    take...")."""
    scene = open_choice(fast, players, size)
    choice = scene.choice
    assert choice.columns == 2 and len({row.top for row in choice.rows}) == 1
    assert choice.rect.bottom <= scene.layout.status_top


@pytest.mark.parametrize("size", [(960, 540), (1920, 1080)])
def test_three_single_cards_to_choose_lie_on_one_line(fast, size) -> None:
    """The 6 of coins takes any of three 6s: the third went alone on a second line, the
    box reaching up over a seat's hand and leaving a wide empty corner."""
    fast.resize(size)
    rules = Rules()
    setup = MatchSetup((SeatConfig("Giulia", True), SeatConfig("CPU", False, "beginner")), rules)
    match = Match.new(
        rules, 1, first_dealer=1, decks=(deck("6D 2C 10S", "1B 3B 8C", "6C 6S 6B 9B"),)
    )
    scene = TableScene(fast, coordinated(fast, setup, match), worker=inline_worker())
    fast.stack.push(scene)
    settle(fast, scene)
    scene.input._resolve(Card.parse("6D"), None)
    choice = scene.choice
    assert len(choice.options) == 3
    assert choice.columns == 3 and len({row.top for row in choice.rows}) == 1
    assert choice.rect.bottom <= scene.layout.status_top


def test_the_panels_buttons_are_greyed_while_a_capture_is_chosen(fast) -> None:
    """Last capture and Tracker stayed bright over the capture choice, yet a click on one
    only put the card back (no panel opens under a capture being chosen): they are greyed
    as Hint and Undo are, and bright again once the choice is gone."""
    scene = open_choice(fast, 2, (1280, 720))
    shown = {button.name: button.enabled for button in scene.aids.buttons()}
    assert shown["tracker"] is False and shown["review"] is False
    scene.input.cancel_choice()
    shown = {button.name: button.enabled for button in scene.aids.buttons()}
    assert shown["tracker"] is True and shown["review"] is True


SWEEP_HANDS = ("3D 9C 8B", "1D 2D 6C")
SWEEP_TABLE = "1B 2S 4C 5D"
"""Cirulla: the 3 of coins takes the ace and the 2 (a sum of 3), or the whole table (3 and
1 + 2 + 4 + 5 make fifteen)."""


@pytest.mark.parametrize("size", [(960, 540), (1920, 1080)])
@pytest.mark.parametrize("language", ["it", "en"])
def test_the_set_that_sweeps_the_table_is_marked_scopa_in_the_choice(fast, language, size):
    """The choice did not say which set was a scopa: the player had to count the table.
    The word sits under the set's cards, clear of their corners and of the ring round it."""
    from scopa.app import style

    fast.set_language(language)
    fast.resize(size)
    rules = Rules.preset("cirulla")
    setup = MatchSetup((SeatConfig("Giulia", True), SeatConfig("CPU", False, "beginner")), rules)
    match = Match.new(rules, 1, first_dealer=1, decks=(deck(*SWEEP_HANDS, SWEEP_TABLE),))
    scene = TableScene(fast, coordinated(fast, setup, match), worker=inline_worker())
    fast.stack.push(scene)
    settle(fast, scene)
    scene.input._resolve(Card.parse("3D"), None)
    scene.ui.finish_all()
    choice = scene.choice
    assert choice is not None
    sizes = sorted(len(move.captures) for move in choice.options)
    assert sizes == [2, 4]
    drawn = []
    with style.watch_text(drawn.append):
        for item in scene.overlay_items():
            item.paint(pygame.Surface(fast.size, pygame.SRCALPHA))
    marks = [text for text in drawn if text.words == fast.t("table.scopa")]
    (sweep,) = [i for i, move in enumerate(choice.options) if len(move.captures) == 4]
    assert len(marks) == 1 and not marks[0].elided
    assert choice.rect.contains(marks[0].used)
    row = choice.rows[sweep]  # under the cards of its set, clear of them and of its ring
    assert row.left <= marks[0].used.centerx <= row.right
    assert marks[0].used.top >= row.bottom

    others = [row for i, row in enumerate(choice.rows) if i != sweep]
    assert not any(row.colliderect(marks[0].used) for row in others)


def test_a_card_clicked_then_the_table_clicked_opens_the_choice(fast) -> None:  # noqa: ANN001
    """A card with two captures, clicked, then the table clicked where it goes: the choice
    opened on the press and the same click's release, off the choice, closed it at once,
    the card back in the hand without a word (a drag there opened it)."""
    scene = open_choice(fast, 2, (1280, 720))
    scene.input.cancel_choice()
    scene.input.send_back(Card.parse("6D"))
    settle(fast, scene)
    assert scene.choice is None
    click(fast, centre_of(scene, Card.parse("6D")))
    assert scene.input.pick.selected == Card.parse("6D")
    fast.frame(0.5, [])  # not the second click of a double click
    click(fast, empty_felt(scene))
    choice = scene.choice
    assert choice is not None and choice.card == Card.parse("6D")
    click(fast, choice.rect.move(choice.rect.w, 0).center)  # a click away closes it
    assert scene.choice is None


def test_a_press_off_the_choice_let_go_over_a_set_chooses_nothing(fast) -> None:  # noqa: ANN001
    """A press outside the capture choice, let go over one of its sets, played that set:
    the choice says a click outside takes the card back, and a click is a press and a
    release on one place. Neither happens; a click on a set still plays it."""
    from .table_helpers import mouse

    scene = open_choice(fast, 2, (1280, 720))
    choice = scene.choice
    assert choice is not None
    outside, first = choice.rect.move(choice.rect.w, 0).center, choice.rows[0].center
    fast.frame(0.05, [mouse(pygame.MOUSEBUTTONDOWN, outside)])
    fast.frame(0.05, [mouse(pygame.MOUSEMOTION, first), mouse(pygame.MOUSEBUTTONUP, first)])
    assert scene.choice is choice and len(scene.match.moves()) == 0
    fast.frame(0.05, [mouse(pygame.MOUSEBUTTONDOWN, first)])
    fast.frame(0.05, [mouse(pygame.MOUSEMOTION, outside), mouse(pygame.MOUSEBUTTONUP, outside)])
    assert scene.choice is choice and len(scene.match.moves()) == 0  # a set let go off: stays
    fast._last_press = None
    click(fast, first)
    assert scene.choice is None and len(scene.match.moves()) == 1


@pytest.mark.parametrize("language", ["en", "it"])
@pytest.mark.parametrize("size", SIZES)
def test_each_set_shows_what_it_leaves_on_the_table(fast, language, size) -> None:
    """The choice hid the table, and with it what each set leaves there, which decides the
    next player's sweep. Under each set the cards it leaves are drawn, headed "Left on the
    table" (read whole), inside the choice and clear of the other sets."""
    from scopa.app import style

    fast.set_language(language)
    scene = open_choice(fast, 2, size)
    choice = scene.choice
    table = [Card.parse(text) for text in TABLE.split()]
    drawn: list[style.Drawn] = []
    faces: list[tuple[Card, int]] = []
    face = scene.art.face

    def recorded(card: Card, width: int) -> pygame.Surface:
        faces.append((card, width))
        return face(card, width)

    scene.art.face = recorded  # type: ignore[method-assign]
    try:
        (popup,) = [item for item in scene.overlay_items() if item.key[0] == "choice"]
        with style.watch_text(drawn.append):
            popup.paint(pygame.Surface(fast.size, pygame.SRCALPHA))
    finally:
        del scene.art.face
    heads = [text for text in drawn if text.words == fast.t("table.choose_leaves")]
    assert len(heads) == len(choice.options) == 2
    assert not any(head.elided for head in heads)  # "Left on the t..." at 960x540
    small = [card for card, width in faces if width < choice.card_w]
    for i, move in enumerate(choice.options):
        left = [card for card in table if card not in move.captures]
        assert len(left) == 3
        assert all(card in small for card in left), (move, small)
        spot = choice.left_rect(i)
        assert choice.rect.contains(spot)
        assert not any(row.colliderect(spot) for row in choice.rows)
        assert spot.contains(heads[i].used) or spot.collidepoint(heads[i].used.center)


@pytest.mark.parametrize("size", [(960, 540), (1920, 1080)])
def test_the_matta_left_on_the_table_wears_its_value_under_the_sets(fast, size) -> None:
    """The matta named 3 lies on the table: a set that takes it shows it with its "= 3",
    and a set that leaves it showed a bare 7 of cups under "Leaves", a 7 that counts as a
    3 for the next player's sweep. It wears its value there too."""
    from scopa.app import style
    from scopa.app.table.choice import ChoicePopup, ChoiceWords
    from scopa.app.table.layout import TableLayout
    from scopa.engine import Move

    fast.resize(size)
    scene = open_choice(fast, 2, size)  # (for its art and writer)
    rules = Rules.preset("cirulla")
    matta = Card.parse("7C")
    table = tuple(Card.parse(text) for text in ("5S", "7C", "8C", "8B", "9D", "10C"))
    options = [Move.parse(text) for text in ("7Sx5S+7C", "7Sx8C", "7Sx8B")]
    popup = ChoicePopup(Card.parse("7S"), options, TableLayout(size, rules), table=table)
    words = ChoiceWords("?", "", "", "", (matta, "= 3"), "Leaves")
    drawn: list[style.Drawn] = []
    with style.watch_text(drawn.append):
        popup.draw(pygame.Surface(size, pygame.SRCALPHA), scene.art, scene.text, words)
    tags = [text.used for text in drawn if text.words == "= 3"]
    for index, left in enumerate(popup.left):
        spot = popup.left_rect(index)
        inside = [tag for tag in tags if spot.colliderect(tag)]
        assert (matta in left) == bool(inside), (index, left)


@pytest.mark.parametrize("size", SIZES)
def test_the_cards_a_set_leaves_lie_side_by_side_where_its_row_holds_them(fast, size) -> None:
    """At 960x540 the cards a set leaves lay half over each other under a row with room for
    them side by side: two cards read as one, their values hard to tell. They lie apart
    where the row holds them, and overlap, corners in sight, only where it does not; always
    within the room under their set."""
    from scopa.app.table.choice import LEFT_STEP

    scene = open_choice(fast, 2, size)
    choice = scene.choice
    width = choice.left_w
    for index, left in enumerate(choice.left):
        spot, step = choice.left_rect(index), choice.left_step(index)
        laid = width + step * (len(left) - 1)
        apart = width * (1 + 1.08 * (len(left) - 1))  # side by side, a gap between
        assert laid <= spot.width + 0.5
        assert laid >= min(spot.width, apart) - 1, (spot, width, step)  # the room used
        assert step >= width * LEFT_STEP
