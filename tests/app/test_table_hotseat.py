"""Hot-seat privacy: a cover between human turns, and no hand drawn for the wrong eyes."""

from __future__ import annotations

import pygame
import pytest

from scopa.app import style
from scopa.app.cardart import CardArt
from scopa.app.table import TableScene
from scopa.app.table.words import News
from scopa.app.wording import capital, join
from scopa.engine import Card, Move, Rules
from scopa.settings import MatchSetup, SeatConfig

from .table_helpers import (
    FRAME,
    centre_of,
    click,
    coordinated,
    drag,
    empty_felt,
    fixed_match,
    hold_enter,
    inline_worker,
    lift_cover,
    pump,
    settle,
    sheet_opens,
)

C = Card.parse


@pytest.fixture
def faces(monkeypatch):
    """Every card face drawn, in order (the art is the only way a face reaches the screen)."""
    drawn: list[Card] = []
    original = CardArt.face

    def spy(self, card, width):
        drawn.append(card)
        return original(self, card, width)

    monkeypatch.setattr(CardArt, "face", spy)
    return drawn


def hotseat_table(app, seats):
    setup = MatchSetup(seats, Rules())
    match = fixed_match("7D 2C 10S", "1B 3B 8C", "7C 4S 5D 9B")
    scene = TableScene(app, coordinated(app, setup, match), worker=inline_worker())
    app.stack.push(scene)
    return scene


def test_cover_between_two_humans_and_no_other_face_drawn(app, faces):
    app.settings = app.settings.with_(animation_speed="fast", language="en")
    anna, bruno = {C("7D"), C("2C"), C("10S")}, {C("1B"), C("3B"), C("8C")}
    scene = hotseat_table(app, (SeatConfig("Anna", True), SeatConfig("Bruno", True)))
    settle(app, scene)
    pump(app)
    assert scene.cover == 0 and scene.human_to_play is None
    assert faces and not set(faces) & (anna | bruno)  # the deal showed no hand

    faces.clear()
    lift_cover(app, scene)
    assert scene.cover is None
    settle(app, scene)
    assert scene.human_to_play == 0
    pump(app, 3)
    assert anna <= set(faces) and not set(faces) & bruno

    drag(app, centre_of(scene, C("2C")), empty_felt(scene))
    assert scene.match.turn == 1
    faces.clear()
    settle(app, scene)
    pump(app, 2)
    assert scene.cover == 1
    assert not set(faces) & ((anna - {C("2C")}) | bruno)
    assert scene.layout.bottom == 1  # Bruno will find his hand at the bottom

    faces.clear()
    lift_cover(app, scene)
    settle(app, scene)
    pump(app, 3)
    assert scene.human_to_play == 1
    assert bruno <= set(faces) and not set(faces) & (anna - {C("2C")})
    for card in bruno:
        assert scene.view.sprites[card].y > scene.layout.table_rect.bottom


def test_human_sees_own_hand_while_a_computer_plays_between_humans(app, faces):
    app.settings = app.settings.with_(animation_speed="instant", language="en")
    rules = Rules().with_(players=3)
    seats = (
        SeatConfig("Anna", True),
        SeatConfig("CPU", False, "beginner"),
        SeatConfig("Carlo", True),
    )
    setup = MatchSetup(seats, rules)
    from scopa.engine import Match

    scene = TableScene(
        app, coordinated(app, setup, Match.new(rules, 3, first_dealer=2)), worker=inline_worker()
    )
    app.stack.push(scene)
    settle(app, scene)
    pump(app)
    assert scene.cover == 0
    lift_cover(app, scene)
    settle(app, scene)
    assert scene.human_to_play == 0
    move = scene.match.legal_moves()[0]
    scene.play(move)
    faces.clear()
    for _ in range(200):
        pump(app)
        if scene.cover is not None:
            break
        assert not set(faces) & set(scene.view.hands[2])
    assert scene.cover == 2


def test_solo_never_shows_the_computer_hand(app, faces):
    app.settings = app.settings.with_(animation_speed="fast", language="en")
    scene = hotseat_table(app, (SeatConfig("Anna", True), SeatConfig("CPU", False, "beginner")))
    settle(app, scene)
    pump(app, 3)
    assert scene.cover is None and scene.human_to_play == 0
    assert not set(faces) & {C("1B"), C("3B"), C("8C")}


def test_the_cover_is_drawn_as_soon_as_the_cards_have_landed(app, monkeypatch):
    """The app skips still frames; the one where the show ends (and the cover goes up) is
    drawn at once."""
    app.settings = app.settings.with_(animation_speed="fast", language="en")
    scene = hotseat_table(app, (SeatConfig("Anna", True), SeatConfig("Bruno", True)))
    drawn = []
    monkeypatch.setattr(pygame.display, "flip", lambda: drawn.append(scene.cover))
    monkeypatch.setattr(pygame.display, "update", lambda rects: drawn.append(scene.cover))
    for _ in range(600):
        app.frame(1 / 30, [], draw=None)
        if scene.cover is not None:
            break
    assert scene.cover == 0
    assert drawn and drawn[-1] == 0


# --- the privacy property over whole journeys -----------------------------------------------


def journey_seats(players: int, humans: int) -> tuple[SeatConfig, ...]:
    names = ("Anna", "Bruno", "Carla", "Dario")
    return tuple(SeatConfig(names[seat], seat < humans, "beginner") for seat in range(players))


@pytest.mark.parametrize(
    ("players", "humans", "seed"),
    [(2, 2, 1), (3, 3, 2), (3, 2, 3), (4, 4, 4), (4, 3, 5), (4, 2, 6)],
)
def test_no_hand_is_ever_drawn_for_the_wrong_eyes(app, faces, players, humans, seed):
    """Random hot-seat matches crossing round ends, pauses, refused undos and a resume from
    the saved match: a face of a hand is drawn only for the person who lifted the cover
    since the last screen everyone looked at, and only until they have played (a hand
    stayed face up through the computers' turns after it, and the next hand dealt to it
    came face up, while the next person waited at the screen)."""
    import random

    from scopa.app.scenes.pause import PauseScene
    from scopa.app.scenes.scoring import ScoringScene
    from scopa.app.scenes.title import TitleScene
    from scopa.engine import Match

    app.settings = app.settings.with_(animation_speed="instant", language="en")
    rules = Rules(players=players, target=11)
    setup = MatchSetup(journey_seats(players, humans), rules)
    rng = random.Random(seed)
    scene = TableScene(app, coordinated(app, setup, Match.new(rules, seed)), worker=inline_worker())
    app.stack.push(scene)
    allowed: set[int] = set()
    seen_scoring = resumed = 0

    def check() -> None:
        for card in faces:
            place = scene.view.places[card]
            # a card still drawn in a hand but out of it is on its way: everyone sees it
            if place[0] == "hand" and card in scene.match.round.hand(place[1]):
                assert place[1] in allowed, f"{card} of seat {place[1]} drawn for {allowed}"
        faces.clear()

    for _ in range(4000):
        top = app.stack.top
        if scene.match.over and not scene.director.busy and not isinstance(top, ScoringScene):
            break
        if isinstance(top, ScoringScene):
            allowed = set()
            seen_scoring += 1
            if scene.match.over or (seen_scoring >= 2 and resumed) or seen_scoring >= 3:
                break  # (round ends and a resume cross every seam: no whole match needed)
            app.frame(FRAME, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0)])
            check()
            continue
        assert top is scene
        if scene.cover is not None:
            allowed = {scene.cover}
            lift_cover(app, scene)
            check()
            continue
        roll = rng.random()
        if roll < 0.03:
            allowed = set()
            app.frame(FRAME, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0)])
            assert isinstance(app.stack.top, PauseScene)
            check()
            app.frame(FRAME, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0)])
            check()
            continue
        if roll < 0.05:
            app.frame(FRAME, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_u, mod=0)])
            check()
            continue
        if roll < 0.06 and not resumed:
            resumed += 1
            allowed = set()
            scene.coordinator.flush()
            app.matches.leave()
            assert isinstance(app.stack.top, TitleScene)
            check()
            click(app, app.stack.top.resume.rect.center)
            scene = app.stack.top
            assert isinstance(scene, TableScene)
            check()
            continue
        player = scene.human_to_play
        if player is not None and rng.random() < 0.5:
            scene.play(rng.choice(scene.match.legal_moves()))
            if scene.match.turn != player:  # played: the next person may come to the screen
                allowed = set()
        pump(app)
        check()
    assert seen_scoring >= 1


def test_partners_wear_their_side_colour_on_the_table(app):
    """With teams, a player sees at a glance who their partner is: partners' plates (and
    their score row) share a colour, opponents' differ; without teams there are none."""
    from scopa.engine import Match

    app.settings = app.settings.with_(animation_speed="instant", language="en")
    rules = Rules.preset("scopone")
    seats = tuple(SeatConfig(name, True) for name in ("Anna", "Bruno", "Carla", "Dario"))
    scene = TableScene(
        app,
        coordinated(app, MatchSetup(seats, rules), Match.new(rules, 4)),
        worker=inline_worker(),
    )
    app.stack.push(scene)
    settle(app, scene)
    plates = scene.snapshot().plates
    colours = [plate.side_colour for plate in plates]
    assert None not in colours
    assert colours[0] == colours[2] and colours[1] == colours[3] and colours[0] != colours[1]
    rows = scene.snapshot().hud.rows
    assert rows[0].colour == colours[0] and rows[1].colour == colours[1]
    scene.close()
    solo = hotseat_table(app, (SeatConfig("Anna", True), SeatConfig("Bruno", True)))
    assert all(plate.side_colour is None for plate in solo.snapshot().plates)


def test_a_card_played_in_hot_seat_stays_face_up_while_it_lands(app):
    """Anna's capture flew to the table face down: her hand was hidden for the handover
    while the card was still on its way, and it was turned down with the hand."""
    app.settings = app.settings.with_(animation_speed="normal", language="en")
    scene = hotseat_table(app, (SeatConfig("Anna", True), SeatConfig("Bruno", True)))
    settle(app, scene)
    lift_cover(app, scene)
    settle(app, scene)
    assert scene.human_to_play == 0
    drag(app, centre_of(scene, C("7D")), centre_of(scene, C("7C")))
    assert scene.match.moves()[-1].card == C("7D")
    sprite = scene.view.sprites[C("7D")]
    flown = 0
    for _ in range(200):
        if scene.view.places[C("7D")][0] in ("pile", "marker"):
            break  # taken: into the pile, face down like every card taken
        assert sprite.turn > 0.99, "the card played is seen by everyone"
        flown += 1
        pump(app)
    assert flown > 5


def anna_to_play(app) -> TableScene:  # noqa: ANN001
    """Anna and Bruno at one screen: Anna lifted her cover, her 2 of cups to play."""
    app.settings = app.settings.with_(animation_speed="fast", language="en")
    scene = hotseat_table(app, (SeatConfig("Anna", True), SeatConfig("Bruno", True)))
    settle(app, scene)
    pump(app)
    lift_cover(app, scene)
    settle(app, scene)
    return scene


def anna_lays_her_two(app, scene: TableScene) -> TableScene:  # noqa: ANN001
    drag(app, centre_of(scene, C("2C")), empty_felt(scene))
    settle(app, scene)
    return scene


def covered_for_bruno(app) -> TableScene:  # noqa: ANN001
    """Anna and Bruno at one screen: Anna lifted her cover and laid her 2 of cups; the
    cover is down for Bruno (who holds the ace and 3 of batons and the 8 of cups)."""
    return anna_lays_her_two(app, anna_to_play(app))


def test_the_cover_does_not_lift_on_the_last_player_s_second_press(app, faces):
    """Enter pressed twice to play (or a second click) lifted the cover as it came down,
    and showed the next person's hand to the one who had just played."""
    bruno = {C("1B"), C("3B"), C("8C")}
    scene = covered_for_bruno(app)
    pump(app)
    assert scene.cover == 1
    enter = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r")
    app.frame(FRAME, [enter])
    click(app, (app.size[0] / 2, app.size[1] / 2))
    pump(app, 3)
    assert scene.cover == 1  # still down: Anna is still at the keyboard
    released = pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=(100, 100))
    pump(app, 30)
    app.frame(FRAME, [released])  # a button let go that was pressed before it could lift
    assert scene.cover == 1
    faces.clear()
    hold_enter(app)  # Bruno, in front of the screen now, holds it down
    assert scene.cover is None
    pump(app, 3)
    assert bruno <= set(faces)


def test_a_message_said_to_one_person_goes_with_the_screen_passed_on(app):
    """A message said to Anna (a refusal, "Anna, choose No knock first...") stayed under
    the table once the screen was passed to Bruno, over the line telling him his turn: a
    message goes with the cover that hands the screen on."""
    scene = anna_to_play(app)
    scene.say(lambda t: "Anna, a message long enough to take its time to read through")
    anna_lays_her_two(app, scene)
    assert scene.cover == 1
    assert scene.said() is None


def test_a_hand_turns_down_once_played_while_computers_play_before_the_next_person(app):
    """Anna, a computer, then Carla: Anna's two cards left stayed face up while the
    computer thought, and so did her next three when she dealt them to herself, with Carla
    waiting at the screen. They turn down as soon as her card is played."""
    from scopa.engine import Match

    app.settings = app.settings.with_(animation_speed="fast", language="en")
    rules = Rules(players=3)
    seats = (SeatConfig("Anna", True), SeatConfig("Bruno", False, "beginner"),
             SeatConfig("Carla", True))  # fmt: skip
    scene = TableScene(app, coordinated(app, MatchSetup(seats, rules), Match.new(rules, 7)),
                       worker=inline_worker())  # fmt: skip
    app.stack.push(scene)
    turned_down = 0
    for _ in range(6000):
        if scene.match.round.round_no > 1 or scene.match.over:
            break
        if scene.cover is not None:
            settle(app, scene)
            lift_cover(app, scene)
            continue
        player = scene.human_to_play
        if player is not None and not scene.director.busy:
            assert scene.view.visible_seats == frozenset({player})
            scene.play(scene.match.legal_moves()[0])
            if scene.match.turn != player:
                assert scene.view.visible_seats == frozenset()
                hand = scene.match.round.hand(player)
                assert not any(scene.view.face_shown(card) for card in hand)
                turned_down += 1
        pump(app)
        assert scene.view.visible_seats <= frozenset({scene.match.turn})  # the one to play
    assert turned_down >= 8  # each person's plays through the round's deals
    scene.close()


def test_the_press_that_lifts_the_cover_does_not_turn_the_score_sheet(app):
    """At one screen each person presses Enter to lift the cover when their turn comes.
    At the end of a round the next person, handed the screen a moment after the last card
    (the sheet's grace long over), pressed Enter for the cover as ever: the sheet in its
    place went on to the next round, and nobody saw the scores. A sheet reached at one
    screen turns only for a key pressed once it has been seen: the first key only shows
    where the focus is."""
    from scopa.app.table.scene import COVER_HOLD
    from scopa.engine import Match

    app.settings = app.settings.with_(animation_speed="fast", language="en")
    setup = MatchSetup((SeatConfig("Anna", True), SeatConfig("Bruno", True)), Rules())
    match = Match.new(Rules(), 1)
    while sum(len(match.round.hand(seat)) for seat in range(2)) + len(match.round.stock) > 1:
        match, _ = match.apply(match.legal_moves()[0])  # up to the round's last card
    scene = TableScene(app, coordinated(app, setup, match), worker=inline_worker())
    app.stack.push(scene)
    settle(app, scene)
    enter = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r")

    def press_after(seconds: float) -> None:
        pump(app, round(seconds / FRAME))
        app.frame(FRAME, [enter])

    pump(app)
    assert scene.cover is not None
    pump(app, round((COVER_HOLD + 0.1) / FRAME))
    hold_enter(app)  # the cover lifts
    press_after(0.5)  # the last card chosen...
    press_after(0.5)  # ... and played
    assert scene.match.round.round_no == 2
    sheet = sheet_opens(app)
    # the ring shows only once that first key has: drawn before, it made the key that
    # showed it seem dropped by a button in focus
    assert not sheet.keys_in_use
    press_after(2.0)  # the next person, at the screen, for the cover they expect
    assert app.stack.top is sheet and sheet.keys_in_use
    assert sheet.field_note() == app.t("scores_seen")  # not a press that seemed lost
    press_after(0.5)  # pressed again at once: still the sheet
    assert app.stack.top is sheet
    press_after(2.0)  # once read
    assert app.stack.top is scene


@pytest.mark.parametrize("size", [(960, 540), (1280, 720), (1920, 1080)])
def test_the_mouse_hold_that_lifts_the_cover_does_not_act_on_the_score_sheet(app, size):
    """The mouse's twin of the test above: the next person held the mouse's button down where
    the cover's button always is, and the sheet in its place took it as a click on Replay
    this round, which sits there (leave the match to replay the round?). A hold is not a
    click there; a click, once the sheet was seen, still acts."""
    from scopa.app.scenes.scoring import ScoringScene
    from scopa.app.table.scene import COVER_PRESS
    from scopa.engine import Match

    from .table_helpers import mouse

    app.resize(size)
    app.settings = app.settings.with_(animation_speed="fast", language="en")
    setup = MatchSetup((SeatConfig("Anna", True), SeatConfig("Bruno", True)), Rules())
    match = Match.new(Rules(), 3)
    while sum(len(match.round.hand(seat)) for seat in range(2)) + len(match.round.stock) > 2:
        match, _ = match.apply(match.legal_moves()[0])
    scene = TableScene(app, coordinated(app, setup, match), worker=inline_worker())
    app.stack.push(scene)
    settle(app, scene)
    spot = None
    for _ in range(3000):
        if isinstance(app.stack.top, ScoringScene):
            break
        if scene.cover is not None:
            spot = scene.cover_button()  # where each person lifts the cover
            lift_cover(app, scene)
            continue
        if scene.human_to_play is not None:
            scene.play(scene.match.legal_moves()[0])
        pump(app)
    sheet = app.stack.top
    assert isinstance(sheet, ScoringScene) and spot is not None
    pump(app, round(2.0 / FRAME))  # the next person comes to the screen
    (under,) = [button for button in sheet.buttons if button.rect.colliderect(spot)]
    spot = under.rect.clip(spot).center  # a place on both
    app._last_press = None
    app.frame(FRAME, [mouse(pygame.MOUSEMOTION, spot), mouse(pygame.MOUSEBUTTONDOWN, spot)])
    pump(app, round((COVER_PRESS + 0.1) / FRAME))
    app.frame(FRAME, [mouse(pygame.MOUSEBUTTONUP, spot)])
    assert app.stack.top is sheet
    pump(app, round(0.5 / FRAME))
    click(app, under.rect.center)  # a click, the sheet seen, acts as ever
    assert app.stack.top is not sheet


def test_a_click_on_the_menu_button_over_the_cover_opens_the_menu_not_the_hand(app, faces):
    """The corner's menu button shows through the cover: a partner reaching for it lifted
    the cover and showed the next person's hand instead."""
    from scopa.app.scenes.pause import PauseScene

    app.settings = app.settings.with_(animation_speed="fast", language="en")
    scene = hotseat_table(app, (SeatConfig("Anna", True), SeatConfig("Bruno", True)))
    settle(app, scene)
    pump(app)
    assert scene.cover == 0
    pump(app, 60)  # past the moment the cover ignores clicks
    faces.clear()
    click(app, scene.layout.menu_rect.center)
    pump(app, 3)
    assert isinstance(app.stack.top, PauseScene)
    assert scene.coordinator.holder is None and not set(faces) & set(scene.match.round.hand(0))


def anna_at_the_table(app, size: tuple[int, int]) -> TableScene:  # noqa: ANN001
    """A hot-seat table of two people, Anna's cover lifted: her turn."""
    from scopa.engine import Match

    app.resize(size)
    app.settings = app.settings.with_(animation_speed="fast", language="en")
    setup = MatchSetup((SeatConfig("Anna", True), SeatConfig("Bruno", True)), Rules())
    scene = TableScene(app, coordinated(app, setup, Match.new(Rules(), 1)), worker=inline_worker())
    app.stack.push(scene)
    settle(app, scene)
    lift_cover(app, scene)
    settle(app, scene)
    return scene


@pytest.mark.parametrize("size", [(960, 540), (1920, 1080)])
def test_one_more_click_on_the_table_after_a_drop_does_not_show_the_next_hand(app, size):
    """Anna dropped her card and clicked the table once more, a second later, to be sure
    it took: the cover that had just come down for Bruno lifted, and his hand showed with
    Anna at the screen. A click lifts the cover on its button only."""
    scene = anna_at_the_table(app, size)
    seat = scene.human_to_play
    card = scene.view.hands[seat][0]
    drag(app, centre_of(scene, card), scene.layout.table_rect.center)
    middle = scene.layout.table_rect.center
    covered = False
    for _ in range(int(3.0 / (4 * FRAME))):  # a click on the table a few times a second
        pump(app, 4)
        click(app, middle)
        covered = covered or scene.cover is not None
        assert scene.cover is not None or not covered, "a click on the table lifted the cover"
    assert covered and scene.cover != seat
    lift_cover(app, scene)  # the button lifts it
    assert scene.cover is None


def two_at_one_screen(app, size=(1920, 1080)):  # noqa: ANN001, ANN201
    """``anna_at_the_table``, her card played from the middle of her hand: the cover down
    for Bruno."""
    scene = anna_at_the_table(app, size)
    seat = scene.human_to_play
    card = scene.view.hands[seat][1]
    scene.play(next(m for m in scene.match.legal_moves() if m.card == card))
    return scene, seat


@pytest.mark.parametrize("size", [(960, 540), (1920, 1080)])
def test_clicks_on_without_moving_from_the_hand_played_never_show_the_next_hand(app, size):
    """Anna played from the middle of her hand and clicked on there, the pointer resting:
    the cover's button lay under it, and one of her clicks showed Bruno's hand. A press on
    the button counts once the pointer has come to it from elsewhere."""
    scene, seat = two_at_one_screen(app, size)
    rest = scene.cover_button().center
    covered = False
    for _ in range(40):  # a click every few frames, the pointer still
        pump(app, 4)
        click(app, rest)
        covered = covered or scene.cover is not None
        assert scene.cover is not None or not covered, "a click from the hand lifted the cover"
    assert covered and not scene.cover_button_lit()
    lift_cover(app, scene)  # Bruno's pointer comes to the button: it lifts
    assert scene.cover is None and scene.human_to_play != seat


@pytest.mark.parametrize("gap", [8 * FRAME, 0.55, 0.9])
def test_enter_pressed_on_and_on_never_shows_the_next_hand_nor_does_space(app, gap):
    """Enter pressed a few times a second, past the cover's first second, lifted it; so did
    Space, which the cover never offered and which hurries the computers. Enter tapped
    about twice a second (0.55 s apart) went through the cover too, then played a card
    for the next person and lifted the cover after theirs."""
    from scopa.app.table.scene import KEY_CALM

    scene, seat = two_at_one_screen(app)
    enter = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r")
    space = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ")
    covered = False
    frames = max(1, round(gap / FRAME))
    for _ in range(round(5.0 / (frames * FRAME))):  # Enter every ``gap`` for five seconds
        pump(app, frames)
        app.frame(FRAME, [enter])
        covered = covered or scene.cover is not None
        assert scene.cover is not None or not covered, "Enter pressed on lifted the cover"
    assert covered
    pump(app, round(KEY_CALM / FRAME) + 1)
    app.frame(FRAME, [space])
    assert scene.cover is not None
    pump(app, round(KEY_CALM / FRAME) + 1)
    hold_enter(app)  # Bruno's Enter, held after a moment with nothing pressed
    assert scene.cover is None and scene.human_to_play != seat
    played = len(scene.match.moves())
    pump(app, 6)
    app.frame(FRAME, [enter])  # once more at once: it plays nothing unseen
    pump(app, 30)
    assert len(scene.match.moves()) == played


@pytest.mark.parametrize("size", [(960, 540), (1920, 1080)])
def test_a_press_on_the_cover_s_button_too_soon_is_told_how_to_lift_it(app, size):
    """Bruno held "Show my cards" as the cover came down (the last card's scopa still
    flying): nothing happened and nothing was said, and he had to guess he must press again.
    The cover says to let go, wait a moment and hold the button."""
    from scopa.app.table.scene import COVER_PRESS

    from .table_helpers import hold, mouse

    scene, seat = two_at_one_screen(app, size)
    while scene.cover is None:  # Anna's card on its way: the cover comes down after it
        pump(app)
    button = scene.cover_button().center
    away = (button[0], button[1] - scene.cover_button().h * 3)
    app.frame(FRAME, [mouse(pygame.MOUSEMOTION, away)])  # Bruno's pointer, come from elsewhere
    app.frame(FRAME, [mouse(pygame.MOUSEMOTION, button)])
    app._last_press = None
    app.frame(FRAME, [mouse(pygame.MOUSEBUTTONDOWN, button)])  # within the cover's first second
    name = scene.seats.seat_name(scene.cover)
    assert scene.cover_texts()[1] == app.t("table.pass_wait_click", name=name)
    pump(app, round(COVER_PRESS / FRAME) * 3)
    assert scene.cover is not None  # held on: nothing shown
    app.frame(FRAME, [mouse(pygame.MOUSEBUTTONUP, button)])
    cover_may_lift(app, scene)
    hold(app, scene, button, COVER_PRESS + FRAME)
    assert scene.cover is None  # let go, a moment, held: his cards


def cover_may_lift(app, scene) -> None:  # noqa: ANN001
    """Wait until the cover may be lifted: its hold over, a moment with nothing pressed."""
    from scopa.app.table.scene import COVER_CALM, COVER_HOLD

    since = scene.clock
    while scene.clock - scene.cover_since < COVER_HOLD or scene.clock - since < COVER_CALM:
        app.frame(FRAME, [])


@pytest.mark.parametrize("size", [(960, 540), (1920, 1080)])
def test_a_triple_click_on_the_cover_shows_the_hand_and_plays_nothing(app, size):
    """Bruno triple-clicked "Show my cards": the first click lifted the cover, the next two
    fell on the card of his hand under the button as a double click, and played it before
    he had seen his hand. Clicks come to the hand only a moment after it is shown."""
    from scopa.app.table.scene import COVER_PRESS

    from .table_helpers import hold, mouse

    app.resize(size)
    app.settings = app.settings.with_(animation_speed="fast", language="en")
    setup = MatchSetup((SeatConfig("Anna", True), SeatConfig("Bruno", True)), Rules())
    match = fixed_match("7D 2C 10S", "3B 6C 8C", "1D 9B 10D 5S")
    scene = TableScene(app, coordinated(app, setup, match), worker=inline_worker())
    app.stack.push(scene)
    settle(app, scene)
    lift_cover(app, scene)
    settle(app, scene)
    card = scene.view.hands[0][1]
    scene.play(next(m for m in scene.match.legal_moves() if m.card == card))
    settle(app, scene)
    assert scene.cover == 1
    cover_may_lift(app, scene)
    button = scene.cover_button().center
    app.frame(FRAME, [mouse(pygame.MOUSEMOTION, (button[0], button[1] - 60))])
    app.frame(FRAME, [mouse(pygame.MOUSEMOTION, button)])
    played = len(scene.match.moves())
    under = scene.view.hand_card_at(1, button)  # the middle card, playable one way only
    assert under is not None and len([m for m in scene.match.legal_moves() if m.card == under]) == 1
    hold(app, scene, button, COVER_PRESS + FRAME)  # the press that lifts it, let go
    assert scene.cover is None
    for _ in range(2):  # two clicks more, about 70 ms apart
        app._last_press = None
        app.frame(
            FRAME, [mouse(pygame.MOUSEBUTTONDOWN, button), mouse(pygame.MOUSEBUTTONUP, button)]
        )
        pump(app, 4)
    pump(app, 60)
    assert len(scene.match.moves()) == played and scene.human_to_play == 1


@pytest.mark.parametrize("size", [(960, 540), (1920, 1080)])
def test_a_pointer_resting_on_the_cover_s_button_lifts_it_once_moved_on_it(app, size):
    """Bruno's pointer lay where the button came down (Anna's, from her hand): his clicks did
    nothing, the button looking ready, until the pointer left it and came back. A move of
    his own on the button, once the cover's first second is over, readies it too; the
    pointer still, it stays unready (Anna's clicks on)."""
    from scopa.app.table.scene import COVER_PRESS

    from .table_helpers import hold, mouse

    scene, seat = two_at_one_screen(app, size)
    rest = scene.cover_button().center
    cover_may_lift(app, scene)
    app._last_press = None
    app.frame(FRAME, [mouse(pygame.MOUSEBUTTONDOWN, rest)])
    pump(app, round(COVER_PRESS / FRAME) + 2)
    app.frame(FRAME, [mouse(pygame.MOUSEBUTTONUP, rest)])
    assert scene.cover is not None  # still, it was Anna's
    # and the cover says why the button did nothing (it looked ready, and was not)
    name = scene.seats.seat_name(scene.cover)
    assert scene.cover_texts()[1] == app.t("table.pass_move", name=name)
    step = scene.drag.threshold * 2
    app.frame(FRAME, [mouse(pygame.MOUSEMOTION, (rest[0] + step, rest[1]))])
    cover_may_lift(app, scene)
    hold(app, scene, (rest[0] + step, rest[1]), COVER_PRESS + FRAME)
    assert scene.cover is None and scene.human_to_play != seat


def piero_sweeps_next(app, language: str, *, carla_human: bool) -> TableScene:  # noqa: ANN001
    """Anna (and Carla, at one screen) with Piero, a computer, between them: Anna plays
    first, and any of Piero's fives sweeps what her 5 of swords leaves; settled."""
    from scopa.engine import Match

    from .table_helpers import deck

    app.settings = app.settings.with_(animation_speed="fast", language=language)
    app.set_language(language)
    rules = Rules(players=3)
    carla = SeatConfig("Carla", True) if carla_human else SeatConfig("Carla", False, "expert")
    seats = (SeatConfig("Anna", True), SeatConfig("Piero", False, "expert"), carla)
    table = deck("5S 8D 9B", "5B 5C 5D", "6S 8C 9C", "1B 2S 3C 4D")
    match = Match.new(rules, 1, first_dealer=2, decks=(table,))
    scene = TableScene(app, coordinated(app, MatchSetup(seats, rules), match),
                       worker=inline_worker())  # fmt: skip
    app.stack.push(scene)
    settle(app, scene)
    return scene


@pytest.mark.parametrize("language", ["en", "it"])
def test_the_cover_tells_the_next_person_of_the_scopas_made_since_their_last_play(app, language):
    """Computers sweeping one after another before the cover came up left the next person
    to guess who had made the scopas from the score panel: the cover names them."""
    from scopa.engine import Move

    scene = piero_sweeps_next(app, language, carla_human=True)
    pump(app)
    assert scene.cover == 0
    assert scene.cover_texts().news == ()  # nothing made yet
    lift_cover(app, scene)
    settle(app, scene)
    scene.play(Move.parse("5Sx1B+4D"))  # leaves 2 + 3: any of Piero's fives sweeps
    for _ in range(400):
        pump(app)
        if scene.cover is not None:
            break
    assert scene.cover == 2 and scene.match.round.scope[1] == 1
    told = scene.cover_texts().news
    # Carla has not played yet this round: not "since your last play"; Anna's play too
    swept = next(move for player, move in scene.match.observe(2).history if player == 1)
    t, words = app.t, scene.words
    assert told == (
        t("table.news_so_far"),
        capital(t("table.took_by", name="Anna", cards=join(t, [words.card_name(C("1B")),
              words.card_name(C("4D"))]), card=words.card_name(C("5S")))),
        capital(t("table.swept_by", name="Piero", card=words.card_name(swept.card),
              cards=join(t, [words.card_name(card) for card in swept.captures]))),
    )  # fmt: skip
    drawn = []
    with style.watch_text(drawn.append):
        scene.draw(app.screen)
    for said in told:
        (line,) = [text for text in drawn if text.words == said]
        assert not line.elided and app.screen.get_rect().contains(line.used)
    button = scene.cover_button()
    assert all(text.used.bottom <= button.top for text in drawn if text.words in told)
    scene.close()


@pytest.mark.parametrize("size", [(960, 540), (1920, 1080)])
@pytest.mark.parametrize("language", ["en", "it"])
def test_one_click_back_on_the_hand_never_shows_the_next_hand(app, size, language):
    """Anna played on the table, then moved back to her hand and clicked there once, two
    seconds later: the cover's button lay there and Bruno's hand showed. The button lifts
    the cover only held down a moment; a click too short says so."""
    from scopa.app.table.scene import COVER_PRESS

    from .table_helpers import hold, mouse

    app.set_language(language)
    scene, seat = two_at_one_screen(app, size)
    middle = scene.layout.table_rect.center
    app.frame(FRAME, [mouse(pygame.MOUSEMOTION, middle)])
    pump(app, round(2.0 / FRAME))
    button = scene.cover_button().center
    app.frame(FRAME, [mouse(pygame.MOUSEMOTION, button)])
    click(app, button)  # Anna's click, back on her hand
    pump(app, 20)
    assert scene.cover is not None and scene.human_to_play != seat
    name = scene.seats.seat_name(scene.cover)
    assert scene.cover_texts()[1] == app.t("table.pass_hold", name=name)
    pump(app, round(1.0 / FRAME))
    hold(app, scene, button, COVER_PRESS / 2)  # let go halfway: still covered
    assert scene.cover is not None
    pump(app, round(1.0 / FRAME))
    held: list[float] = []
    app._last_press = None
    app.frame(FRAME, [mouse(pygame.MOUSEBUTTONDOWN, button)])
    while scene.cover is not None and len(held) < 120:
        held.append(scene.cover_progress())
        app.frame(FRAME, [])
    assert scene.cover is None  # Bruno held it: his hand shows
    assert held == sorted(held) and 0 < held[1] < held[-1] <= 1  # the button filled
    app.frame(FRAME, [mouse(pygame.MOUSEBUTTONUP, button)])
    pump(app, 30)
    assert scene.human_to_play == scene.coordinator.holder  # the release played nothing


def test_the_cover_answers_each_try_that_does_not_lift_it_and_takes_the_next_at_once(app):
    """The next person pressed again at once after "keep the button pressed", and nothing
    filled (the press came too soon after the last); an Enter too soon, a press slid off
    the button or a window resized under the press said nothing, or (the resize) lifted
    the cover all the same."""
    from scopa.app.table.scene import COVER_PRESS

    from .table_helpers import hold, mouse

    scene, seat = two_at_one_screen(app, (960, 540))
    cover_may_lift(app, scene)
    name = scene.seats.seat_name(scene.cover)
    button = scene.cover_button().center
    above = (button[0], scene.cover_button().top - 30)
    app.frame(FRAME, [mouse(pygame.MOUSEMOTION, above)])
    enter = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r")
    space = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ")
    app.frame(FRAME, [space])
    pump(app, 20)
    app.frame(FRAME, [enter])  # too soon after the last press: no lift, but a word why
    assert scene.cover is not None and scene.cover_answering()
    assert scene.cover_texts()[1] == app.t("table.pass_wait", name=name)
    cover_may_lift(app, scene)
    hold(app, scene, button, COVER_PRESS / 3)  # a click: "keep the button pressed"
    assert scene.cover is not None
    assert scene.cover_texts()[1] == app.t("table.pass_hold", name=name)
    app._last_press = None
    app.frame(FRAME, [mouse(pygame.MOUSEBUTTONDOWN, button)])  # pressed again at once
    pump(app, 3)
    assert scene.cover_progress() > 0
    app.frame(FRAME, [mouse(pygame.MOUSEMOTION, above)])  # slid off: it stops, and says so
    assert scene.cover_progress() == 0 and scene.cover is not None
    app.frame(FRAME, [mouse(pygame.MOUSEBUTTONUP, above)])
    app._last_press = None
    app.frame(FRAME, [mouse(pygame.MOUSEMOTION, button), mouse(pygame.MOUSEBUTTONDOWN, button)])
    pump(app, 3)
    app.resize((1280, 720))  # the window changed under the press: the button moved
    pump(app, round(COVER_PRESS / FRAME) + 3)
    assert scene.cover is not None
    hold(app, scene, scene.cover_button().center, COVER_PRESS + FRAME)  # held as it should be
    assert scene.cover is None and scene.human_to_play != seat
    scene._tell_cover("table.pass_hold")  # (an answer a moment before the next cover)
    scene.play(scene.match.legal_moves()[0])
    settle(app, scene)
    assert scene.cover == seat and not scene.cover_answering()  # its own, not the last one's


def test_a_tap_of_enter_on_the_cover_shows_no_hand_a_hold_does(app, faces):
    """Papà Luca played with Enter and tapped it once more, 1.4 s later: the cover, down
    for Mamma Anna, lifted on her hand while he was still at the keys. Enter lifts it as
    the button does, held down until it fills; a tap says to hold it."""
    from scopa.app.table.scene import COVER_HOLD, KEY_CALM

    bruno = {C("1B"), C("3B"), C("8C")}
    scene = covered_for_bruno(app)
    assert scene.cover == 1
    pump(app, round(max(COVER_HOLD, KEY_CALM) / FRAME) + 2)
    faces.clear()
    tap = [pygame.event.Event(kind, key=pygame.K_RETURN, mod=0)
           for kind in (pygame.KEYDOWN, pygame.KEYUP)]  # fmt: skip
    app.frame(FRAME, tap[:1])
    pump(app, 3)
    app.frame(FRAME, tap[1:])
    pump(app, 30)
    assert scene.cover == 1 and not bruno & set(faces)
    assert scene._cover_told == "table.pass_hold_key"  # the cover says to hold it
    pump(app, round(KEY_CALM / FRAME) + 2)
    hold_enter(app)
    assert scene.cover is None
    pump(app, 3)
    assert bruno <= set(faces)


def test_enter_pressed_as_the_cover_comes_down_is_told_to_wait_not_ignored(app):
    """Bruno pressed Enter as the cover came down (in its first second, when no key lifts
    it) and held it: nothing moved and nothing said why, however long he held it. The
    cover answers at once that it wants a moment with no key pressed, then Enter held."""
    from scopa.app.table.scene import COVER_HOLD

    scene = covered_for_bruno(app)
    assert scene.cover == 1 and scene.clock - scene.cover_since < COVER_HOLD
    app.frame(FRAME, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0)])
    pump(app, round(COVER_HOLD / FRAME) + 2)  # held on, past the cover's first second
    assert scene.cover == 1 and scene.cover_answering()
    assert scene.cover_texts()[1] == app.t("table.pass_wait", name="Bruno")
    app.frame(FRAME, [pygame.event.Event(pygame.KEYUP, key=pygame.K_RETURN, mod=0)])
    cover_may_lift(app, scene)
    hold_enter(app)  # pressed again, as it says: it lifts
    assert scene.cover is None


@pytest.mark.parametrize("by", ["enter", "button"])
def test_the_cover_held_as_the_menu_opens_does_not_lift_by_itself_after_it(app, by):
    """Anna held Enter (or the cover's button) and pressed Esc: the menu opened, the key
    was let go over it, and the table never heard it. Back at the table, the cover lifted
    by itself a moment later, nobody touching anything, her hand shown to whoever looked."""
    from scopa.app.table.scene import COVER_CALM, COVER_HOLD, COVER_PRESS, KEY_CALM

    from .table_helpers import mouse

    app.settings = app.settings.with_(animation_speed="fast", language="en")
    scene = hotseat_table(app, (SeatConfig("Anna", True), SeatConfig("Bruno", True)))
    settle(app, scene)
    pump(app)
    assert scene.cover == 0
    button = scene.cover_button().center
    app.frame(FRAME, [mouse(pygame.MOUSEMOTION, (button[0], button[1] - 60))])
    while scene.clock - scene.cover_since < COVER_HOLD + max(KEY_CALM, COVER_CALM) + 0.1:
        pump(app)
    if by == "enter":
        app.frame(FRAME, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0)])
    else:
        app.frame(FRAME, [mouse(pygame.MOUSEMOTION, button), mouse(pygame.MOUSEBUTTONDOWN, button)])
    assert scene.cover_progress() > 0 or scene._cover_pressed
    escape = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0)
    app.frame(FRAME, [escape])
    pause = app.stack.top
    assert pause is not scene
    if by == "enter":  # let go over the menu
        app.frame(FRAME, [pygame.event.Event(pygame.KEYUP, key=pygame.K_RETURN, mod=0)])
    else:
        app.frame(FRAME, [mouse(pygame.MOUSEBUTTONUP, button)])
    pump(app, 30)
    app.frame(FRAME, [escape])  # back to the table
    assert app.stack.top is scene
    pump(app, round(COVER_PRESS / FRAME) * 3)
    assert scene.cover == 0  # nothing held: the cover stays down


def test_the_cover_held_as_the_window_loses_the_focus_does_not_lift_by_itself(fast):
    """The cover's button pressed, then the window lost the focus before it was let go (the
    release never heard): the cover lifted on its own a moment later, showing the next
    person's hand to whoever was there."""
    from scopa.app.table.scene import COVER_CALM, COVER_HOLD, COVER_PRESS

    from .table_helpers import mouse

    scene = hotseat_table(fast, (SeatConfig("Anna", True), SeatConfig("Bruno", True)))
    settle(fast, scene)
    pump(fast)
    assert scene.cover == 0
    while scene.clock - scene.cover_since < COVER_HOLD + COVER_CALM + 0.1:
        fast.frame(FRAME, [])
    button = scene.cover_button()
    fast.frame(FRAME, [mouse(pygame.MOUSEMOTION, (button.centerx, button.top - 20))])
    fast._last_press = None
    lost = pygame.event.Event(pygame.WINDOWFOCUSLOST)
    fast.frame(FRAME, [mouse(pygame.MOUSEMOTION, button.center),
                       mouse(pygame.MOUSEBUTTONDOWN, button.center), lost])  # fmt: skip
    pump(fast, round((COVER_PRESS + 0.2) / FRAME))
    assert scene.cover == 0
    lift_cover(fast, scene)  # held again, once back, it lifts
    assert scene.cover is None


def test_the_press_that_lifted_the_cover_let_go_unheard_takes_no_card_s_drop(fast):
    """The cover lifted under the button held down, the window lost the focus before it
    was let go (the release never heard): the first card then dragged to the table was
    not played, its drop taken for that release."""
    from scopa.app.table.scene import COVER_CALM, COVER_HOLD, COVER_PRESS, SHOWN_CALM

    from .table_helpers import mouse

    scene = hotseat_table(fast, (SeatConfig("Anna", True), SeatConfig("Bruno", True)))
    settle(fast, scene)
    pump(fast)
    while scene.clock - scene.cover_since < COVER_HOLD + COVER_CALM + 0.1:
        fast.frame(FRAME, [])
    button = scene.cover_button()
    fast.frame(FRAME, [mouse(pygame.MOUSEMOTION, (button.centerx, button.top - 20))])
    fast._last_press = None
    fast.frame(FRAME, [mouse(pygame.MOUSEMOTION, button.center),
                       mouse(pygame.MOUSEBUTTONDOWN, button.center)])  # fmt: skip
    pump(fast, round((COVER_PRESS + 0.1) / FRAME))
    assert scene.cover is None  # lifted, the button still held
    fast.frame(FRAME, [pygame.event.Event(pygame.WINDOWFOCUSLOST)])  # let go elsewhere
    fast.frame(FRAME, [pygame.event.Event(pygame.WINDOWFOCUSGAINED)])
    pump(fast, round((SHOWN_CALM + 0.2) / FRAME))
    settle(fast, scene)
    before = len(scene.match.moves())
    drag(fast, centre_of(scene, scene.view.hands[0][0]), empty_felt(scene))
    pump(fast, 2)
    assert len(scene.match.moves()) == before + 1


def test_a_message_told_while_the_screen_passes_waits_for_the_cover_to_lift(app):
    """The cards the computer played for two friends away, told as the screen passed, lay
    over the cover's cards, read by nobody yet: what is told waits, its time still, for the
    one who lifts the cover."""
    from scopa.app.toasts import worded

    scene = covered_for_bruno(app)
    assert scene.cover is not None
    app.notify(worded("online.played_for_you", cards="the 4 of coins, the king of cups"), 6.0)
    (toast,) = list(app.toasts)
    for _ in range(300):  # ten seconds: longer than it shows for
        app.frame(1 / 30, [])
    assert toast in list(app.toasts) and toast.drawn is None
    lift_cover(app, scene)
    app.frame(1 / 30, [])
    assert scene.cover is None and toast.drawn is not None


@pytest.mark.parametrize("size", [(960, 540), (1920, 1080)])
def test_six_seats_news_fits_between_the_cover_s_words_and_its_button(app, size):
    """Six people at one screen: the five others' cards since a person's last turn, each
    a long line in Italian, all told between the cover's words and its button, none cut
    off; with more lines than there is room for, the latest are the ones told."""
    app.resize(size)
    app.set_language("it")
    rules = Rules(players=6)
    seats = tuple(SeatConfig(f"Giocatrice {seat + 1}", True) for seat in range(6))
    scene = TableScene(app, coordinated(app, MatchSetup(seats, rules)), worker=inline_worker())
    app.stack.push(scene)
    settle(app, scene)
    sweep = Move.parse("10Dx1C+2C+3C+4C")
    news = [News("took" if seat % 2 else "scopa", seat, sweep) for seat in range(1, 6)]
    for many in (news, news * 3):
        scene.cover = 0
        scene._cover_news = (True, tuple(many))
        told = scene.cover_texts().news
        drawn = []
        with style.watch_text(drawn.append):
            scene.draw(app.screen)
        lines = [text for text in drawn if text.words in told]
        hint = next(text for text in drawn if text.words == scene.cover_texts().hint)
        button = scene.cover_button()
        assert lines[0].words == told[0] and lines[-1].words == told[-1]
        assert all(not text.elided for text in lines)
        assert all(hint.used.bottom <= text.used.top for text in lines)
        assert all(text.used.bottom <= button.top for text in lines)
        if many is news:
            assert len(lines) == len(told) == 6
    scene.close()


@pytest.mark.parametrize("felt", ["blue", "red", "slate"])
def test_the_cover_s_veil_is_the_near_black_of_the_cloth_chosen(app, felt):
    """On a red cloth the cover turned the whole screen bottle green: its veil was one
    colour, the green cloth's. It is the chosen cloth's near black."""
    app.settings = app.settings.with_(felt=felt)
    rules = Rules()
    seats = (SeatConfig("Anna", True), SeatConfig("Bruno", True))
    scene = TableScene(app, coordinated(app, MatchSetup(seats, rules)), worker=inline_worker())
    app.stack.push(scene)
    settle(app, scene)
    assert scene.cover is not None
    surface = pygame.Surface(app.size)
    scene.draw(surface)
    corner = surface.get_at((app.size[0] // 2, 3))[:3]
    veil = style.cloth(felt).veil
    assert all(abs(a - b) <= 12 for a, b in zip(corner, veil)), (corner, veil)
    assert corner != style.cloth("green").veil
    scene.close()


@pytest.mark.parametrize("language", ["en", "it"])
def test_a_capture_of_many_cards_is_told_by_their_number_whole_on_the_cover(app, language):
    """An ace that took a table of eight cards was named card by card on one line, which
    ran off the cover at 960x540, the card that took them cut off. More than three cards
    taken are told by their number; the line, with the longest names, is read whole."""
    from scopa.settings import MAX_NAME

    app.resize((960, 540))
    app.set_language(language)
    rules = Rules(players=6)
    seats = tuple(SeatConfig(f"{seat + 1}" * MAX_NAME, True) for seat in range(6))
    scene = TableScene(app, coordinated(app, MatchSetup(seats, rules)), worker=inline_worker())
    app.stack.push(scene)
    settle(app, scene)
    ace = Move.parse("1Dx2C+3C+4C+5C+6S+7S+8B+9B")
    four = Move.parse("10Dx1C+2C+3C+4C")
    three = Move.parse("6Cx1B+2B+3B")
    scene.cover = 0
    news = (News("scopa", 1, ace), News("took", 2, four), News("took", 3, three))
    scene._cover_news = (True, news)
    told = scene.cover_texts().news
    t, name = app.t, scene.seats.seat_name
    ace_name = scene.words.card_name(C("1D"))
    assert told[1] == capital(t("table.swept_many_by", name=name(1), n=8, card=ace_name))
    assert str(4) in told[2] and scene.words.card_name(C("1C")) not in told[2]
    assert scene.words.card_name(C("1B")) in told[3]  # three are still named
    drawn = []
    with style.watch_text(drawn.append):
        scene.draw(app.screen)
    lines = [text for text in drawn if text.words in told]
    assert len(lines) == len(told) and not any(text.elided for text in lines)
    scene.close()


@pytest.mark.parametrize("language", ["en", "it"])
def test_the_cover_writes_a_name_as_its_player_wrote_it(app, language):
    """A player named "dani" in small letters read "Dani" on the cover, opening the line of
    their play, and "dani" on their plate. The name is written as typed, everywhere."""
    app.set_language(language)
    seats = (SeatConfig("anna", True), SeatConfig("dani", True))
    scene = TableScene(app, coordinated(app, MatchSetup(seats, Rules())), worker=inline_worker())
    app.stack.push(scene)
    settle(app, scene)
    for kind, move in (("laid", Move.parse("3C")), ("took", Move.parse("3Cx3S"))):
        line = scene.words.news_line(News(kind, 1, move))
        assert "dani" in line and "Dani" not in line, line
    scene.close()


def test_the_status_line_writes_a_name_as_its_player_wrote_it(app):
    """The status line opens with a capital: "dani does not knock" read "Dani does not
    knock". A line opening with a player's name keeps it as typed."""
    app.set_language("en")
    seats = (SeatConfig("anna", True), SeatConfig("dani", True))
    scene = TableScene(app, coordinated(app, MatchSetup(seats, Rules())), worker=inline_worker())
    app.stack.push(scene)
    settle(app, scene)
    scene.say(lambda t: t("table.passed.one", name="dani"))
    assert scene.said() == "dani does not knock"
    scene.say(lambda t: t("table.scopa"))
    said = scene.said()
    assert said is not None and said[:1].isupper()
    scene.close()


@pytest.mark.parametrize("size", [(960, 540), (1920, 1080)])
def test_a_cover_that_tells_only_the_latest_plays_says_more_came_before(app, size):
    """Eight things made since a person's last turn (knocks and plays of Cirulla at four):
    the cover told the latest six, or as many as fit, under "Since your last turn", as if
    that were all. An ellipsis over them says more came before; the newest is last."""
    from scopa.app.table.scene import COVER_NEWS

    app.resize(size)
    app.set_language("en")
    seats = tuple(SeatConfig(name, True) for name in ("Anna", "Bruno", "Carla", "Dario"))
    rules = Rules(players=4)
    scene = TableScene(app, coordinated(app, MatchSetup(seats, rules)), worker=inline_worker())
    app.stack.push(scene)
    settle(app, scene)
    moves = ["1C", "2C", "3C", "4C", "5C", "6C", "8C", "9C"]
    news = tuple(News("laid", 1 + k % 3, Move.parse(move)) for k, move in enumerate(moves))
    scene.cover = 0
    scene._cover_news = (True, news)
    words = scene.cover_texts()
    assert words.earlier and len(words.news) == 1 + COVER_NEWS
    assert words.news[-1] == scene.words.news_line(news[-1])
    drawn = []
    with style.watch_text(drawn.append):
        scene.draw(app.screen)
    texts = [text.words for text in drawn]
    told = [text for text in texts if text in words.news[1:] or text == style.ELLIPSIS]
    assert told[0] == style.ELLIPSIS and told[-1] == words.news[-1]
    from scopa.app.table import hud

    counts = []  # the more room, never fewer lines: with room for some more than all of
    for bottom in range(100, 3000, 10):  # them, a slice counted from the end drew two
        drawn.clear()
        with style.watch_text(drawn.append):
            hud._draw_news(app.screen, scene.layout, scene.text, words.news, 0, bottom, True)
        counts.append(len(drawn))
    assert counts == sorted(counts) and counts[-1] == 2 + COVER_NEWS, counts
    scene._cover_news = (True, news[-2:])  # all of it: no ellipsis
    assert not scene.cover_texts().earlier
    drawn.clear()
    with style.watch_text(drawn.append):
        scene.draw(app.screen)
    assert style.ELLIPSIS not in [text.words for text in drawn]
    scene.close()


@pytest.mark.parametrize("language", ["en", "it"])
def test_the_scopa_banner_names_who_made_it(app, language):
    """A big "Scopa!" read the same whoever swept: a computer's sweep showed as one's own
    but for the plate lit. The banner names the seat; one's own stays "Scopa!"."""
    from scopa.engine import Move

    scene = piero_sweeps_next(app, language, carla_human=False)
    scene.play(Move.parse("5Sx1B+4D"))  # leaves 2 + 3: any of Piero's fives sweeps
    shown: set[str] = set()
    for _ in range(400):
        pump(app)
        shown |= {banner.text for banner in scene.director.banners}
        if scene.match.round.scope[1] and not scene.director.busy:
            break
    assert app.t("table.scopa_by.one", name="Piero") in shown
    assert app.t("table.scopa") not in shown
    assert app.t("table.scopa_by.one", name="Piero") == {
        "en": "Scopa by Piero!", "it": "Scopa di Piero!"}[language]  # fmt: skip
    scene.close()
