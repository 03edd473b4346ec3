"""Cirulla at the table: knocking is a visible action (a button and K), the matta's value is
picked among those that make a bonus, a shown hand stays face up for everyone, the bonuses
count on the score panel and the sheet has Grande and Piccola."""

from __future__ import annotations

import pygame
import pytest

from scopa.ai.hints import Hint
from scopa.app import style
from scopa.app.cardart import LARGE_VALUE, CardArt
from scopa.app.scenes.scoring import ScoringScene
from scopa.app.table import TableScene
from scopa.app.table.words import NEWS, News
from scopa.app.wording import capital, count, join
from scopa.engine import PRESETS, Card, Declared, Match, Move, Rules
from scopa.settings import MatchSetup, SeatConfig

from .table_helpers import (
    FRAME,
    centre_of,
    click,
    coordinated,
    deck,
    drag,
    empty_felt,
    inline_worker,
    lift_cover,
    mouse,
    pump,
    settle,
)

C = Card.parse
CIRULLA = PRESETS["cirulla"]


def cirulla_table(app, first: str, second: str = "4B 8C 9C", table: str = "4S 5D 9B 10C",
                  *, humans: int = 1) -> TableScene:  # fmt: skip
    seats = (SeatConfig("Anna", True), SeatConfig("Bruno", humans > 1, "beginner"))
    match = Match.new(CIRULLA, 1, first_dealer=1, decks=(deck(first, second, table),))
    scene = TableScene(app, coordinated(app, MatchSetup(seats, CIRULLA), match),
                       worker=inline_worker())  # fmt: skip
    app.stack.push(scene)
    settle(app, scene)
    pump(app, 2)
    return scene


def test_a_low_hand_knocks_with_the_button(fast):
    scene = cirulla_table(fast, "1D 2C 3S")
    buttons = scene.knock_buttons()
    assert [b.name for b in buttons] == ["knock"]
    assert "+3" in buttons[0].label
    click(fast, buttons[0].rect.center)
    assert scene.match.moves() == (Move.parse("!"),)
    settle(fast, scene)
    assert all(scene.view.face_shown(card) for card in scene.view.hands[0])
    # the bonus counts with the scopas, apart from the sweeps: "3 scopas" read as three
    # sweeps that nobody made
    assert scene.snapshot().hud.rows[0].detail.endswith(fast.t("table.scope", n=0) + " +3")
    assert scene.knock_buttons() == []  # once knocked, nothing more to knock this deal


def test_a_hand_that_knocked_says_on_its_plate_that_everyone_sees_it(fast):
    """A knocked hand turns face up for the other seats; the player's own cards look as
    they always do, so the plate says they are shown, until they are played."""
    scene = cirulla_table(fast, "1D 2C 3S")
    (plate,) = [p for p in scene.snapshot().plates if p.name == "Anna"]
    assert plate.detail == fast.t("table.in_hand", n=3)
    click(fast, scene.knock_buttons()[0].rect.center)
    settle(fast, scene)
    (plate,) = [p for p in scene.snapshot().plates if p.name == "Anna"]
    assert plate.detail == fast.t("table.in_hand_shown", n=3)
    fast.set_language("it")
    (plate,) = [p for p in scene.snapshot().plates if p.name == "Anna"]
    assert plate.detail == "3 in mano, scoperte"


def test_k_knocks_too(fast):
    scene = cirulla_table(fast, "1D 2C 3S")
    fast.frame(FRAME, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_k, mod=0, unicode="k")])
    assert scene.match.moves() == (Move.parse("!"),)


def test_the_matta_is_named_in_a_picker_of_the_values_that_pay(fast):
    scene = cirulla_table(fast, "7C 2C 3S")
    (knock,) = scene.knock_buttons()
    click(fast, knock.rect.center)
    assert scene.knock.picking and scene.match.moves() == ()
    values = scene.knock_buttons()
    assert [b.label for b in values] == ["1", "2", "3", "4"]  # 2 + 3 + value stays 9 or less
    click(fast, values[2].rect.center)
    assert scene.match.moves() == (Move.parse("!7C=3"),)
    settle(fast, scene)
    badge = scene.snapshot().matta
    assert badge is not None and badge[0] == C("7C") and "3" in badge[1]


@pytest.mark.parametrize("size", [(960, 540), (1920, 1080)])
def test_the_picker_starts_on_the_value_the_knock_button_promised_and_shows_each_bonus(fast, size):
    """3, 3 and the matta: the button said "Knock: +10"; the picker opened on 1 (a low hand,
    +3), and Enter knocked for 3. It opens on the value that pays what the button said,
    each value shows what it pays, and the table's cards stay in sight above it, and the
    hand beside it (it covered the hand at 960x540, the cards the values pay by)."""
    fast.resize(size)
    scene = cirulla_table(fast, "3B 3S 7C")
    (knock,) = scene.knock_buttons()
    assert knock.label == fast.t("table.knock_points", n=10)
    key(fast, pygame.K_k, "k")
    values = scene.knock_buttons()
    assert [(b.label, b.points) for b in values] == [("1", 3), ("2", 3), ("3", 10)]
    assert scene.knock.focused(values).label == "3"
    shown = [item.key[1] for item in scene.overlay_items() if item.key[0] == "matta points"]
    assert shown == ["+3", "+3", "+10"]
    panel = scene.knock.picker_panel(scene.layout, values)
    assert pygame.Rect((0, 0), size).contains(panel)
    for card in [card for card in scene.view.slots if card is not None]:
        assert not panel.colliderect(scene.view.sprites[card].rect()), card
    for card in scene.view.hands[0]:
        assert not panel.colliderect(scene.view.sprites[card].rect()), card
    key(fast, pygame.K_RETURN, "\r")
    assert scene.match.moves() == (Move.parse("!7C=3"),)


def test_a_hint_to_play_a_card_closes_the_matta_s_picker_and_shows(fast):
    """The matta's picker open, H: Master would rather play a card. The card rose under
    the picker, the hint's words hidden by it, and Enter, still the picker's, knocked:
    the opposite of the hint nobody could read. The picker closes: the card raised and
    the hint in sight."""
    scene = cirulla_table(fast, "7C 2C 3S")
    click(fast, scene.knock_buttons()[0].rect.center)
    assert scene.knock.picking
    play = next(move for move in scene.match.legal_moves() if move.is_play)
    scene.show_hint(play)
    assert not scene.knock.picking and scene.pick.selected == play.card


def test_escape_closes_the_picker_without_knocking(fast):
    scene = cirulla_table(fast, "7C 2C 3S")
    click(fast, scene.knock_buttons()[0].rect.center)
    fast.frame(FRAME, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="")])
    assert not scene.knock.picking and scene.match.moves() == ()
    assert type(fast.stack.top) is TableScene  # not the pause menu


def test_a_computers_shown_hand_is_drawn_face_up_and_no_other_card_of_it(fast, monkeypatch):
    drawn: list[Card] = []
    original = CardArt.face
    monkeypatch.setattr(
        CardArt, "face", lambda self, card, width: drawn.append(card) or original(self, card, width)
    )
    scene = cirulla_table(fast, "4B 8C 9C", second="1D 2C 3S")  # Bruno holds the low hand
    scene.play(next(m for m in scene.match.legal_moves() if m.is_play))
    shown: set[Card] = set()
    for _ in range(600):
        pump(fast)
        declared = [e for e in scene.match.round.history() if not e[1].is_play]
        if declared:
            shown = {C("1D"), C("2C"), C("3S")}
            break
    settle(fast, scene)
    pump(fast, 2)
    assert shown and shown <= set(scene.view.shown)
    hidden = set(scene.view.hands[1]) - scene.view.shown
    assert not hidden & set(drawn[-40:])


def test_the_score_sheet_has_grande_and_piccola(app):
    app.settings = app.settings.with_(animation_speed="instant", language="en")
    seats = (SeatConfig("Anna", False, "beginner"), SeatConfig("Bruno", False, "beginner"))
    scene = TableScene(app, coordinated(app, MatchSetup(seats, CIRULLA), Match.new(CIRULLA, 3)),
                       worker=inline_worker())  # fmt: skip
    app.stack.push(scene)
    for _ in range(5000):
        pump(app)
        if isinstance(app.stack.top, ScoringScene):
            break
    sheet = app.stack.top
    assert isinstance(sheet, ScoringScene)
    keys = [row.key for row in sheet.sheet()]
    assert "grande" in keys and "piccola" in keys
    labels = {row.key: row.label for row in sheet.sheet()}
    assert labels["grande"] == "Grande" and labels["piccola"] == "Piccola"
    scene.close()


def test_declared_events_reach_the_table_of_every_level(app):
    """Computers knock too: over a few rounds of Cirulla between computers some hand is
    declared, and the table shows the declaration (banner, face-up cards)."""
    app.settings = app.settings.with_(animation_speed="instant", language="en")
    seats = (SeatConfig("Anna", False, "expert"), SeatConfig("Bruno", False, "master"))
    scene = TableScene(app, coordinated(app, MatchSetup(seats, CIRULLA), Match.new(CIRULLA, 8)),
                       worker=inline_worker())  # fmt: skip
    app.stack.push(scene)
    seen = 0
    original = scene.director._declared

    def counting(event: Declared) -> float:
        nonlocal seen
        seen += 1
        return original(event)

    scene.director._declared = counting
    for _ in range(20000):
        pump(app)
        if isinstance(app.stack.top, ScoringScene):
            app.back()
        if seen or scene.match.over:
            break
    scene.close()
    assert seen


def test_cirulla_is_dealt_with_its_own_deck_until_the_player_chooses_one(fast):
    assert not fast.settings.rules.cirulla  # the settings hold Scopa's rules
    scene = cirulla_table(fast, "1D 2C 3S")
    assert scene.art.style == "genovesi"
    scene.close()
    fast.settings = fast.settings.with_(deck_style="napoletane")
    scene = cirulla_table(fast, "1D 2C 3S")
    assert scene.art.style == "napoletane"
    scene.close()


@pytest.mark.parametrize("hand", ["1D 2C 3S", "1D 2S 7C"])  # the second holds the matta
def test_the_hint_to_knock_sits_clear_of_the_knock_button_and_says_it_once(fast, hand):
    """With the matta the hint is longer ("..., the matta as an ace: 3 points"): it went
    over the table cards' corners, and the matta's chooser opened at once over it."""
    for size in ((960, 540), (1920, 1080)):
        fast.resize(size)
        for language, word in (("en", "knock"), ("it", "bussa")):
            fast.settings = fast.settings.with_(language=language)
            fast.set_language(language)
            scene = cirulla_table(fast, hand)
            fast.frame(FRAME, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0,
                                                  unicode="h")])  # fmt: skip
            pump(fast, 2)
            assert scene.aids.hint is not None and scene.aids.hint.move.is_declaration
            line = scene.aids.hint_line()
            assert line.lower().count(word) == 1, line
            (hint,) = [item for item in scene.overlay_items() if item.key[0] == "hint"]
            area = pygame.Rect(hint.key[2])
            (knock,) = scene.knock_buttons()
            assert not area.colliderect(knock.rect), (size, area, knock.rect)
            assert area.top >= 0 and area.bottom <= size[1]
            for card in scene.match.round.table_cards():  # nor does it hide a card's corner
                rect = scene.view.sprites[card].rect()
                assert not area.colliderect(rect), (size, language, card, area, rect)
            assert not scene.knock.picking
            assert (scene.aids.hint.move.matta is not None) == ("7C" in hand)
            fast.stack.pop()


def test_enter_after_the_hint_to_knock_knocks(fast):
    """After any other hint Enter plays it; after "knock and show your cards" it did
    nothing, and only K knocked."""
    scene = cirulla_table(fast, "1D 2C 3S")
    fast.frame(FRAME, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode="h")])
    pump(fast, 2)
    assert scene.aids.hint.move.is_declaration
    fast.frame(FRAME, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0,
                                          unicode="\r")])  # fmt: skip
    assert scene.match.moves() == (Move.parse("!"),)


def test_a_knock_hinted_to_one_person_is_not_lit_for_the_next_at_the_screen(fast):
    """Anna asked for a hint, was told to knock, and played a card instead: Bruno, at the
    same screen and able to knock too, found his knock lit as if Master had told him, and
    his first Enter (the keys' way to choose a card) knocked for him, his hand laid face up
    for everyone."""
    scene = cirulla_table(fast, "1D 2C 3S", "1B 2B 3C", humans=2)
    lift_cover(fast, scene)
    assert scene.human_to_play == 0
    fast.frame(FRAME, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode="h")])
    pump(fast, 2)
    assert scene.aids.hint.move.is_declaration
    assert any(scene.knock.lit(button) for button in scene.knock_buttons())
    card = C("3S")
    for _ in range(2):  # the first drop is held back once, with the reminder of the knock
        if not scene.match.moves():
            drag(fast, centre_of(scene, card), empty_felt(scene))
            pump(fast, 2)
    assert [move.card for move in scene.match.moves()] == [card]
    settle(fast, scene)
    lift_cover(fast, scene)
    assert scene.human_to_play == 1
    buttons = scene.knock_buttons()
    assert [button.name for button in buttons if button.name == "knock"]  # he may knock
    assert not any(scene.knock.lit(button) for button in buttons)
    fast.frame(FRAME, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0,
                                          unicode="\r")])  # fmt: skip
    pump(fast, 2)
    assert len(scene.match.moves()) == 1
    assert not scene.match.round.shown[1]


def test_enter_after_the_hint_to_knock_knocks_though_a_card_was_chosen(fast):
    """A card chosen on the keys, then H: the hint said to knock and lit the button, the
    card stayed raised, and Enter played it without the knock, its bonus lost (Enter
    plays every other hint). The hint to knock puts the chosen card down."""
    scene = cirulla_table(fast, "1D 2C 3S")
    fast.frame(FRAME, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode="")])
    assert scene.selected is not None
    fast.frame(FRAME, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode="h")])
    pump(fast, 2)
    assert scene.aids.hint.move.is_declaration
    assert scene.selected is None
    fast.frame(FRAME, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0,
                                          unicode="\r")])  # fmt: skip
    assert scene.match.moves() == (Move.parse("!"),)


def test_enter_after_the_hint_to_knock_with_the_matta_knocks_with_the_value_hinted(fast):
    """The hint lights the knock button; Enter opens the matta's chooser with the hinted
    value lit, and Enter again knocks with it."""
    scene = cirulla_table(fast, "1D 2S 7C")
    fast.frame(FRAME, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode="h")])
    pump(fast, 2)
    hinted = scene.aids.hint.move
    assert hinted.is_declaration and hinted.matta is not None
    enter = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r")
    fast.frame(FRAME, [enter])
    assert scene.knock.picking
    (lit,) = [button for button in scene.knock_buttons() if scene.knock.lit(button)]
    assert lit.move == hinted
    assert not [item for item in scene.overlay_items() if item.key[0] == "hint"]
    fast.frame(FRAME, [enter])
    assert scene.match.moves() == (hinted,)


@pytest.mark.parametrize("language", ["en", "it"])
def test_a_match_the_first_table_decides_ends_on_its_score_sheet_saying_why(fast, language):
    """With the Luzzati rules a first table of four of a kind gives the dealer the match:
    the table stayed as dealt, nothing could be played and no sheet came."""
    fast.set_language(language)
    rules = CIRULLA.with_(luzzati_table_rules=True)
    seats = (SeatConfig("Anna", True), SeatConfig("Bruno", False, "beginner"))
    match = Match.new(
        rules, 1, first_dealer=1, decks=(deck("1B 2C 3S", "4B 8C 9C", "5D 5C 5S 5B"),)
    )
    assert match.over and match.won_at_deal
    scene = TableScene(
        fast, coordinated(fast, MatchSetup(seats, rules), match), worker=inline_worker()
    )
    fast.stack.push(scene)
    for _ in range(600):
        if isinstance(fast.stack.top, ScoringScene):
            break
        pump(fast)
    sheet = fast.stack.top
    assert isinstance(sheet, ScoringScene)
    assert sheet.result_line() == fast.t("match_at_deal.four_of_a_kind", score="0 \u2013 0")
    assert sheet.headline() == fast.t("match_won.one", name="Bruno")
    # in the chart's place (a lone dot at 0, its two labels over each other), the table
    # that decided it
    assert sheet.dealt() == tuple(C(text) for text in ["5D", "5C", "5S", "5B"])
    drawn: list[str] = []
    with style.watch_text(lambda text: drawn.append(text.words)):
        sheet.draw(fast.screen)
    assert fast.t("dealt_title") in drawn and fast.t("chart_title") not in drawn


def declaring_table(app, first: str, second: str, **rules: bool) -> TableScene:  # noqa: ANN001
    """Cirulla with the hands shown at the deal (and ``rules``): Anna, to play first,
    holds ``first``, and must knock or pass before any card."""
    cirulla = CIRULLA.with_(declare_at_deal=True, **rules)
    seats = (SeatConfig("Anna", True), SeatConfig("Bruno", False, "beginner"))
    decks = (deck(first, second, "4S 5D 9B 10C"),)
    match = Match.new(cirulla, 1, first_dealer=1, decks=decks)
    scene = TableScene(
        app, coordinated(app, MatchSetup(seats, cirulla), match), worker=inline_worker()
    )
    app.stack.push(scene)
    settle(app, scene)
    pump(app, 2)
    assert scene.match.round.declaring and scene.human_to_play == 0
    return scene


def declaring_at_one_screen(app, first: str, second: str, dealer: int = 1) -> TableScene:  # noqa: ANN001
    """As ``declaring_table``, with Bruno beside Anna at this screen: a hand with nothing
    to knock with is asked for its pass (alone, it passes by itself). The seat after the
    ``dealer`` (Anna, unless Bruno is) declares first, the cover lifted for it."""
    cirulla = CIRULLA.with_(declare_at_deal=True)
    seats = (SeatConfig("Anna", True), SeatConfig("Bruno", True))
    decks = (deck(first, second, "4S 5D 9B 10C"),)
    match = Match.new(cirulla, 1, first_dealer=dealer, decks=decks)
    scene = TableScene(
        app, coordinated(app, MatchSetup(seats, cirulla), match), worker=inline_worker()
    )
    app.stack.push(scene)
    settle(app, scene)
    lift_cover(app, scene)
    settle(app, scene)
    assert scene.match.round.declaring and scene.human_to_play == 1 - dealer
    return scene


def test_alone_a_hand_with_nothing_to_show_at_the_deal_passes_by_itself(fast):
    """Alone against the computer, with the hands shown at the deal, every deal stopped on
    "nothing to knock with, choose No knock", and a card dragged was refused until then:
    there was nothing to decide. The pass is made, the card plays, and Undo takes back the
    card, never the pass."""
    fast.set_language("en")
    cirulla = CIRULLA.with_(declare_at_deal=True)
    seats = (SeatConfig("Anna", True), SeatConfig("Bruno", False, "beginner"))
    decks = (deck("4B 8C 9C", "5B 6C 7S", "4S 5D 9B 10C"),)
    match = Match.new(cirulla, 1, first_dealer=1, decks=decks)  # Anna declares first
    scene = TableScene(
        fast, coordinated(fast, MatchSetup(seats, cirulla), match), worker=inline_worker()
    )
    fast.stack.push(scene)
    for _ in range(600):
        if scene.human_to_play == 0 and not scene.match.round.declaring:
            break
        fast.frame(FRAME, [])
    settle(fast, scene)
    assert [who for who, move in scene.match.round.history()] == [0, 1]  # both passed
    assert scene.human_to_play == 0 and scene.knock_buttons() == []
    assert scene.status_text()[0] == fast.t("table.your_turn")
    drag(fast, centre_of(scene, Card.parse("8C")), empty_felt(scene))
    assert scene.match.round.history()[-1] == (0, Move.parse("8C"))
    settle(fast, scene)
    for _ in range(600):  # Bruno's reply
        if scene.human_to_play == 0:
            break
        fast.frame(FRAME, [])
    key(fast, pygame.K_u, "u")
    settle(fast, scene)
    assert [who for who, move in scene.match.round.history()] == [0, 1]  # the passes stay
    key(fast, pygame.K_u, "u")
    settle(fast, scene)
    assert [who for who, move in scene.match.round.history()] == [0, 1]
    assert not scene.match.round.declaring and scene.human_to_play == 0


def test_a_card_played_before_the_knock_at_the_deal_is_refused_with_the_reason(fast):
    """With the hands shown at the deal, the line said "drag a card onto the table", and
    the card then dragged was refused as "cannot be played now", without a reason."""
    fast.set_language("en")
    scene = declaring_table(fast, "1D 2C 3S", "4B 8C 9C", declare_until_play=True)
    assert "knock" in scene.status_text()[0] and "drag" not in scene.status_text()[0]
    drag(fast, centre_of(scene, Card.parse("2C")), empty_felt(scene))
    assert scene.match.moves() == ()
    assert scene.status_text()[0].startswith("Knock, or choose No knock, before you play the 2 of")


def key(app, code: int, text: str = "") -> None:  # noqa: ANN001
    app.frame(FRAME, [pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode=text)])


def test_the_matta_picker_is_chosen_with_the_arrows_and_enter_and_no_card_is_played(fast):
    """The arrows moved the selection in the hand under the picker, and Enter then played
    that card: the picker went and the knock was lost."""
    fast.resize((960, 540))
    scene = cirulla_table(fast, "1B 2S 7C")
    key(fast, pygame.K_k, "k")
    assert scene.knock.picking
    values = scene.knock_buttons()
    assert [b.label for b in values] == ["1", "2", "3", "4", "5", "6"]
    key(fast, pygame.K_RIGHT)  # from the first value (no hint on show) to the third
    key(fast, pygame.K_RIGHT)
    key(fast, pygame.K_RETURN, "\r")
    assert scene.match.moves() == (Move.parse("!7C=3"),)
    settle(fast, scene)
    assert len(scene.view.hands[0]) == 3  # no card of the hand was played


def test_the_status_line_asks_for_the_matta_s_value_while_its_picker_is_open(fast):
    """The line under the table went on saying "drag a card onto the table" while the
    picker, which takes every key and click, waited for a value."""
    scene = cirulla_table(fast, "1B 2S 7C")
    assert scene.status_text()[0] == fast.t("table.your_turn_knock")
    key(fast, pygame.K_k, "k")
    assert scene.knock.picking
    assert scene.status_text()[0] == fast.t("table.matta_status")
    key(fast, pygame.K_ESCAPE)
    assert scene.status_text()[0] == fast.t("table.your_turn_knock_keys")  # K: on the keys


def test_the_status_line_says_a_card_played_at_once_gives_the_bonus_up(fast):
    """A hand worth a bonus showed the Knock button, but the line under the table said only
    to play a card, and Enter did: the bonus went unclaimed without a word. The line says
    to knock first; once knocked, or with nothing to knock with, it says to play."""
    scene = cirulla_table(fast, "1D 2C 3S")
    assert scene.status_text()[0] == fast.t("table.your_turn_knock")
    click(fast, scene.knock_buttons()[0].rect.center)
    settle(fast, scene)
    assert scene.status_text()[0] == fast.t("table.your_turn")
    plain = cirulla_table(fast, "8D 9D 10S")
    assert plain.knock_buttons() == []
    assert plain.status_text()[0] == fast.t("table.your_turn")


def test_the_arrows_go_round_the_matta_picker_and_space_chooses(fast):
    scene = cirulla_table(fast, "1B 2S 7C")
    key(fast, pygame.K_k, "k")
    key(fast, pygame.K_LEFT)  # round to the last value, 6
    key(fast, pygame.K_UP)  # 5
    for _ in range(3):
        key(fast, pygame.K_DOWN)  # 6, round to 1, 2
    key(fast, pygame.K_SPACE, " ")
    assert scene.match.moves() == (Move.parse("!7C=2"),)


def test_the_arrows_leave_the_hand_alone_while_the_matta_picker_is_open(fast):
    scene = cirulla_table(fast, "1B 2S 7C")
    key(fast, pygame.K_k, "k")
    for code in (pygame.K_RIGHT, pygame.K_RIGHT, pygame.K_LEFT, pygame.K_UP, pygame.K_DOWN):
        key(fast, code)
        pump(fast, 4)
        assert scene.selected is None
        assert all(scene.view.sprites[card].lift == 0 for card in scene.view.hands[0])
    assert scene.knock.picking and scene.match.moves() == ()
    values = scene.knock_buttons()
    focus = [item for item in scene.overlay_items() if item.key[0] == "matta focus"]
    assert len(focus) == 1 and focus[0].key[1] == values[1].label  # and the focus shows


def test_a_digit_names_the_matta_at_once(fast):
    scene = cirulla_table(fast, "1B 2S 7C")
    key(fast, pygame.K_k, "k")
    key(fast, pygame.K_9, "9")  # not a value on offer: nothing happens
    key(fast, pygame.K_0, "0")
    assert scene.knock.picking and scene.match.moves() == ()
    key(fast, pygame.K_5, "5")
    assert scene.match.moves() == (Move.parse("!7C=5"),)
    assert not scene.knock.picking


def test_the_keypad_digits_name_the_matta_too(fast):
    scene = cirulla_table(fast, "1B 2S 7C")
    click(fast, scene.knock_buttons()[0].rect.center)
    key(fast, pygame.K_KP4, "4")
    assert scene.match.moves() == (Move.parse("!7C=4"),)


def test_k_knocks_with_the_matta_named_a_king_where_only_a_king_pays(fast):
    """Two kings and the matta: the matta named a king is the one bonus, and K knocks with
    it at once (no picker: there is nothing else to name it)."""
    scene = cirulla_table(fast, "7C 10B 10S")
    key(fast, pygame.K_k, "k")
    assert scene.match.moves() == (Move.parse("!7C=10"),)


@pytest.mark.parametrize(
    ("code", "text"), [(pygame.K_0, "0"), (pygame.K_KP0, "")], ids=["row", "keypad"]
)
def test_zero_names_the_matta_a_king_in_its_picker(fast, code, text):
    """The digits named the matta 1 to 9 and nothing named the king: 0 does, from the row
    of digits or the keypad."""
    from scopa.app.table.knock import KnockBar

    scene = cirulla_table(fast, "7C 10B 10S")
    played: list[Move] = []
    bar = KnockBar(scene.knock.text, lambda: fast.t, played.append)
    bar.picking = True
    offered = [Move.parse("!7C=9"), Move.parse("!7C=10")]
    values = bar.buttons(scene.layout, offered, scene.view.hands[0], CIRULLA)
    assert [b.label for b in values] == ["9", "10"]
    bar.handle(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode=text), values,
               scene.layout)  # fmt: skip
    assert played == [Move.parse("!7C=10")]


def test_the_picker_opened_after_the_hint_starts_on_the_hinted_value(fast):
    scene = cirulla_table(fast, "1D 2S 7C")
    key(fast, pygame.K_h, "h")
    pump(fast, 2)
    hinted = scene.aids.hint.move
    assert hinted.is_declaration and hinted.matta is not None
    key(fast, pygame.K_k, "k")
    values = scene.knock_buttons()
    key(fast, pygame.K_RIGHT)  # from the hinted value to the next
    key(fast, pygame.K_RETURN, "\r")
    (after,) = [b for b in values if b.move.named == (hinted.named % len(values)) + 1]
    assert scene.match.moves() == (after.move,)


def test_a_click_between_the_values_keeps_the_matta_picker_open(fast):
    """A click in the gap between two values, inside the picker, closed it without a
    knock or a word."""
    fast.resize((960, 540))
    scene = cirulla_table(fast, "1B 3S 7C")
    click(fast, scene.knock_buttons()[0].rect.center)
    values = scene.knock_buttons()
    assert [b.label for b in values] == ["1", "2", "3", "4", "5"]
    gap = ((values[1].rect.right + values[2].rect.left) / 2, values[1].rect.centery)
    assert not any(b.rect.collidepoint(gap) for b in values)
    panel = scene.knock.picker_panel(scene.layout, values)
    for pos in (gap, (panel.left + 3, panel.top + 3), (panel.centerx, panel.bottom - 3)):
        click(fast, pos)
        assert scene.knock.picking and scene.match.moves() == (), pos
    click(fast, (panel.left - 10, panel.centery))  # outside it the picker closes, as before
    assert not scene.knock.picking and scene.match.moves() == ()


def test_the_pointer_moves_the_pickers_focus_and_leaves_the_hand_alone(fast):
    from .table_helpers import mouse

    scene = cirulla_table(fast, "1B 2S 7C")
    key(fast, pygame.K_k, "k")
    fast.frame(FRAME, [mouse(pygame.MOUSEMOTION, centre_of(scene, C("2S")))])
    pump(fast, 6)  # the hand under the picker does not lift to the pointer
    assert scene.hovered is None
    assert all(scene.view.sprites[card].lift == 0 for card in scene.view.hands[0])
    four = scene.knock_buttons()[3]
    fast.frame(FRAME, [mouse(pygame.MOUSEMOTION, four.rect.center)])
    key(fast, pygame.K_RETURN, "\r")  # the value pointed at is the one chosen
    assert scene.match.moves() == (Move.parse("!7C=4"),)


def test_k_while_dragging_a_card_sends_it_back_and_the_release_plays_nothing(fast):
    from .table_helpers import mouse

    scene = cirulla_table(fast, "1B 2S 7C")
    start, end = centre_of(scene, C("2S")), empty_felt(scene)
    fast._last_press = None
    fast.frame(FRAME, [mouse(pygame.MOUSEBUTTONDOWN, start)])
    for k in range(1, 5):
        middle = (start[0] + (end[0] - start[0]) * k / 4, start[1] + (end[1] - start[1]) * k / 4)
        fast.frame(FRAME, [mouse(pygame.MOUSEMOTION, middle)])
    assert scene.drag.dragging
    key(fast, pygame.K_k, "k")
    assert scene.knock.picking and not scene.drag.active
    fast.frame(FRAME, [mouse(pygame.MOUSEBUTTONUP, end)])
    assert scene.knock.picking and scene.match.moves() == ()


def test_the_last_capture_lies_over_the_knock_buttons(fast):
    """Tab's last capture, over the table, was drawn under the knock button."""
    scene = cirulla_table(fast, "1B 2S 3C")
    assert scene.knock_buttons()
    key(fast, pygame.K_TAB)
    kinds = [item.key[0] for item in scene.overlay_items()]
    assert "review" in kinds
    knock = [n for n, kind in enumerate(kinds) if kind not in ("review", "aid", "tracker")]
    assert knock and max(knock) < kinds.index("review"), kinds


def review_words(app, scene: TableScene) -> list[str]:  # noqa: ANN001
    """The words the last capture's panel writes."""
    from scopa.app import style

    (item,) = [item for item in scene.overlay_items() if item.key[0] == "review"]
    drawn: list[style.Drawn] = []
    with style.watch_text(drawn.append):
        item.paint(pygame.Surface(app.size, pygame.SRCALPHA))
    return [text.words for text in drawn]


def test_the_dealer_s_take_of_the_opening_table_is_their_last_capture(fast):
    """The dealer took the opening table (1 + 2 + 5 + 7 = 15) for the bonus, and the last
    capture's panel said "—" for them: the take is shown, as the table, then the cards;
    after a restart of the match it still is."""
    scene = cirulla_table(fast, "4B 8C 9C", second="3D 6S 10C", table="1D 2C 5S 7B")
    settle(fast, scene)
    assert scene.director.shown.opening_take == (1, tuple(map(C, ["1D", "2C", "5S", "7B"])))
    scene.aids.reviewing = True
    assert fast.t("aids.review_opening") in review_words(fast, scene)
    scene.play(next(m for m in scene.match.legal_moves() if m.is_play))
    settle(fast, scene)
    scene.close()
    fast.stack.pop()
    assert fast.matches.resume()  # the match as saved, opened afresh
    again = fast.stack.top
    assert isinstance(again, TableScene) and again is not scene
    settle(fast, again)
    again.aids.reviewing = True
    assert fast.t("aids.review_opening") in review_words(fast, again)


@pytest.mark.parametrize("language", ["en", "it"])
@pytest.mark.parametrize(
    ("table", "total", "named"), [("1D 2C 5S 7B", 15, 0), ("4B 7C 3B 6D", 15, 2)]
)
def test_the_opening_table_s_banner_says_what_it_made_and_that_it_counts_as_scopas(
    fast, language, table, total, named
):
    """ "The opening table goes to Bruno: +1", over four cards flying away before the first
    play: it said neither that they made 15 nor that the point is a scopa. The matta counts
    as the value it was named (4 + 3 + 6 and the 7 of cups named 2), and the banner says
    so: "makes 15" over cards whose faces add up to 20 read as a mistake."""
    fast.set_language(language)
    seats = (SeatConfig("Anna", True), SeatConfig("Bruno", False, "beginner"))
    match = Match.new(CIRULLA, 1, first_dealer=1, decks=(deck("4D 8S 9S", "3D 6S 10S", table),))
    scene = TableScene(fast, coordinated(fast, MatchSetup(seats, CIRULLA), match),
                       worker=inline_worker())  # fmt: skip
    fast.stack.push(scene)
    told: set[str] = set()
    for _ in range(2000):
        told |= {banner.text for banner in scene.director.banners}
        fast.frame(FRAME, [])
        if not scene.director.busy and scene.match.turn == 0:
            break
    sweeps = fast.t("table.scope_1")
    if named:
        total = fast.t("table.dealer_total_matta", total=total, n=named)
    said = fast.t("table.dealer_bonus.one", name="Bruno", total=total, sweeps=sweeps)
    assert said in told, told
    scene.close()


def test_the_matta_s_value_goes_with_it_while_it_is_dragged(fast):
    """Named 6 by a knock, the 7 of cups in hand carried "= 6"; dragged, the card went
    over its own badge, and the value it would take as was gone from sight until it
    landed. The badge is drawn on the card dragged, over it."""
    scene = cirulla_table(fast, "7C 1D 2S")
    scene.play(Move.declare(C("7C"), 6))
    settle(fast, scene)
    start = centre_of(scene, C("7C"))
    fast._last_press = None
    fast.frame(FRAME, [mouse(pygame.MOUSEBUTTONDOWN, start)])
    for k in range(1, 5):
        fast.frame(FRAME, [mouse(pygame.MOUSEMOTION, (start[0], start[1] - 30 * k))])
    snap = scene.snapshot()
    assert snap.dragged == C("7C")
    keys = [item.key[0] for item in scene.painter.items(snap)]
    dragged = max(i for i, key in enumerate(keys) if key == "card")
    badge = keys.index("badge")
    assert badge > dragged, keys
    fast.frame(FRAME, [mouse(pygame.MOUSEBUTTONUP, start)])
    settle(fast, scene)


def test_the_last_capture_writes_on_the_matta_the_value_it_took_as(fast):
    """The matta, named 6 by a knock, took the 9 (6 + 9 = 15): the last capture's panel
    showed a plain 7 of cups taking a 9, which reads as a mistake. It carries "= 6", as the
    table wrote it while the matta was in play."""
    scene = cirulla_table(fast, "7C 1D 2S")
    scene.play(Move.declare(C("7C"), 6))
    settle(fast, scene)
    taking = [m for m in scene.match.legal_moves() if m.card == C("7C") and m.captures]
    assert (C("9B"),) in [m.captures for m in taking]
    scene.play(next(m for m in taking if m.captures == (C("9B"),)))
    settle(fast, scene)
    scene.aids.reviewing = True
    assert fast.t("table.matta_badge", n=6) in review_words(fast, scene)


def test_no_opening_take_is_shown_where_the_table_gave_none(fast):
    scene = cirulla_table(fast, "1D 2C 3S")
    settle(fast, scene)
    assert scene.director.shown.opening_take is None
    scene.aids.reviewing = True
    assert fast.t("aids.review_opening") not in review_words(fast, scene)


def test_no_knock_is_chosen_with_n_from_the_keyboard(fast):
    """With the hands shown at the deal and a hand that cannot knock, "No knock" was the
    only way on and no key reached it: N chooses it, as K knocks."""
    scene = declaring_at_one_screen(fast, "4B 8C 9C", "1D 2C 3S")
    assert [b.name for b in scene.knock_buttons()] == ["pass"]
    assert "(N)" in scene.knock_buttons()[0].label
    key(fast, pygame.K_n, "n")
    assert scene.match.moves() == (Move.parse("-"),)


def test_a_hand_with_nothing_to_knock_with_is_not_asked_to_knock(fast):
    """With the hands shown at the deal, a hand with no bonus read "knock, or choose No
    knock", and its only button was No knock."""
    fast.set_language("en")
    scene = declaring_at_one_screen(fast, "4B 8C 9C", "1D 2C 3S")
    assert [b.name for b in scene.knock_buttons()] == ["pass"]
    assert scene.status_text()[0] == fast.t("table.your_turn_pass_then_play_named", name="Anna")
    drag(fast, centre_of(scene, Card.parse("8C")), empty_felt(scene))
    assert scene.match.moves() == ()
    assert scene.status_text()[0].startswith("Nothing to knock with: choose No knock before")


@pytest.mark.parametrize("language", ["en", "it"])
def test_the_knocks_at_the_deal_are_told_as_knocks_not_plays(fast, monkeypatch, language):
    """With the hands shown at the deal, a friend deciding whether to knock was said to be
    about to play."""
    fast.set_language(language)
    scene = declaring_table(fast, "1D 2C 3S", "4B 8C 9C")  # Anna may knock, and passes
    coordinator = scene.coordinator
    friend = MatchSetup((coordinator.seats[0], SeatConfig("Bruno", True)), coordinator.rules)
    monkeypatch.setattr(coordinator, "setup", friend)  # Bruno at another screen
    monkeypatch.setattr(coordinator, "kind", lambda seat: "local" if seat == 0 else "remote")
    key(fast, pygame.K_n, "n")
    assert scene.match.round.declaring and scene.match.turn == 1
    for _ in range(600):
        if not scene.director.busy:
            break
        fast.frame(FRAME, [])
    assert scene.status_text()[0] == fast.t("table.friend_declares", name="Bruno")


def second_to_declare(app, first: str, second: str) -> TableScene:  # noqa: ANN001
    """Cirulla with the hands shown at the deal, Bruno, a computer (dealt ``first``), to
    declare and play first, Anna (dealt ``second``) after him; the table waits for Anna's
    declaration."""
    cirulla = CIRULLA.with_(declare_at_deal=True)
    seats = (SeatConfig("Anna", True), SeatConfig("Bruno", False, "beginner"))
    match = Match.new(cirulla, 1, first_dealer=0, decks=(deck(first, second, "4S 5D 9B 10C"),))
    scene = TableScene(
        app, coordinated(app, MatchSetup(seats, cirulla), match), worker=inline_worker()
    )
    app.stack.push(scene)
    for _ in range(600):  # Bruno passes
        if scene.human_to_play == 0:
            break
        app.frame(FRAME, [])
    settle(app, scene)
    pump(app, 2)
    assert scene.match.round.declaring and scene.human_to_play == 0
    assert scene.match.round.plays_next == 1
    return scene


@pytest.mark.parametrize("language", ["en", "it"])
def test_only_the_seat_that_plays_next_is_told_to_play_after_its_declaration(fast, language):
    """With the hands shown at the deal, every seat was told to knock or pass "then play",
    the dealer too, though the seat after the dealer plays once all have declared. Anna,
    to play first, is told to play then; declaring after Bruno, who plays first, she is
    not. (A hand with nothing to knock with is asked only at one screen: see below.)"""
    fast.set_language(language)
    scene = declaring_table(fast, "1D 2C 3S", "4B 8C 9C")
    assert scene.status_text()[0] == fast.t("table.your_turn_declare_then_play")
    scene = second_to_declare(fast, "4B 8C 9C", "1D 2C 3S")
    assert scene.status_text()[0] == fast.t("table.your_turn_declare")


@pytest.mark.parametrize("language", ["en", "it"])
def test_at_one_screen_only_the_seat_that_plays_next_is_told_to_play_after(fast, language):
    """The same at one screen, where the line names the player whose turn it is."""
    fast.set_language(language)
    scene = declaring_at_one_screen(fast, "4B 8C 9C", "5B 6C 7S", dealer=0)  # Bruno, Anna
    assert scene.status_text()[0] == fast.t("table.your_turn_pass_then_play_named", name="Bruno")
    key(fast, pygame.K_n, "n")
    settle(fast, scene)
    lift_cover(fast, scene)
    settle(fast, scene)
    assert scene.human_to_play == 0 and scene.match.round.declaring
    assert scene.status_text()[0] == fast.t("table.your_turn_pass_named", name="Anna")
    key(fast, pygame.K_n, "n")  # the declarations over: Bruno plays, as he was told
    settle(fast, scene)
    assert not scene.match.round.declaring and scene.match.turn == 1


def test_a_seat_at_another_screen_knows_who_plays_next_from_what_it_sees():
    """The line at a table held on another computer is worded from the seat's view: it
    knows, as the engine does, the seat that plays once the declarations end."""
    from scopa.app.remote import RemoteRound

    cirulla = CIRULLA.with_(declare_at_deal=True)
    decks = (deck("4B 8C 9C", "5B 6C 7S", "4S 5D 9B 10C"),)
    match = Match.new(cirulla, 1, first_dealer=0, decks=decks)
    for _ in range(2):
        assert match.round.declaring
        for seat in range(2):
            assert RemoteRound(match.observe(seat)).plays_next == match.round.plays_next == 1
        match, _ = match.apply(Move.parse("-"))
    assert not match.round.declaring and match.turn == 1


def test_k_with_no_bonus_in_hand_says_there_is_nothing_to_knock_for(fast):
    """K with a hand worth no bonus did nothing and said nothing: the line under the table
    says why, and no card is played."""
    scene = cirulla_table(fast, "8D 9D 10S")
    assert scene.knock_buttons() == []
    key(fast, pygame.K_k, "k")
    assert scene.status_text()[0] == fast.t("table.nothing_to_knock")
    assert scene.match.moves() == ()
    assert len(scene.view.hands[0]) == 3


@pytest.mark.parametrize("language", ["en", "it"])
def test_k_after_a_card_of_the_hand_played_says_it_is_too_late(fast, language):
    """A low hand played a card without knocking; K at the next turn said the hand "is
    worth no bonus", which it was: the knock comes before the hand's first card."""
    fast.set_language(language)
    scene = cirulla_table(fast, "1D 2C 3S")
    assert scene.knock_buttons()
    scene.play(next(m for m in scene.match.legal_moves() if m.is_play))
    for _ in range(3000):
        fast.frame(FRAME, [])
        if scene.human_to_play == 0 and not scene.director.busy:
            break
    assert scene.knock_buttons() == []
    key(fast, pygame.K_k, "k")
    assert scene.status_text()[0] == fast.t("table.knock_too_late")


def test_a_computer_s_hand_that_knocked_says_shown_on_its_plate_too(fast):
    """A computer that knocked showed its cards face up, and its plate still gave its
    level, where a person's says the hand is shown."""
    scene = cirulla_table(fast, "4D 8B 9S", "1B 2S 3C")
    scene.play(next(move for move in scene.match.legal_moves() if move.is_play))
    for _ in range(400):
        pump(fast)
        if any(not move.is_play for move in scene.match.moves()[1:]) and not scene.busy:
            break
    settle(fast, scene)
    held = len(scene.view.hands[1])
    assert held and all(scene.view.face_shown(card) for card in scene.view.hands[1])
    (plate,) = [p for p in scene.snapshot().plates if p.name == "Bruno"]
    assert plate.detail == count(fast.t, "table.in_hand_shown", held)


@pytest.mark.parametrize("language", ["en", "it"])
def test_a_hand_that_could_knock_is_reminded_once_before_its_first_card_goes(fast, language):
    """A low hand (1 + 2 + 3, worth 3) played a card on the keys, Enter twice, and the three
    points were gone without a word. The first card is held back once, raised, with the
    bonus and the key said; the same key plays it."""
    fast.set_language(language)
    scene = cirulla_table(fast, "1D 2C 3S")
    key(fast, pygame.K_RETURN)
    key(fast, pygame.K_RETURN)
    assert scene.match.moves() == ()
    card = scene.pick.selected
    assert card is not None and card in scene.match.round.hand(0)
    said = fast.t("table.knock_first", n=3, card=scene.card_name(card))
    assert scene.said() == said[0].upper() + said[1:]
    key(fast, pygame.K_RETURN)
    assert [move.card for move in scene.match.moves()] == [card]


def test_a_card_dragged_by_a_hand_that_could_knock_goes_back_once_then_plays(fast):
    scene = cirulla_table(fast, "1D 2C 3S")
    drag(fast, centre_of(scene, C("2C")), empty_felt(scene))
    assert scene.match.moves() == ()
    settle(fast, scene)
    assert scene.view.places[C("2C")][0] == "hand"
    drag(fast, centre_of(scene, C("2C")), empty_felt(scene))
    assert [move.card for move in scene.match.moves()] == [C("2C")]


def test_no_reminder_once_knocked_nor_for_the_card_a_hint_plays(fast):
    scene = cirulla_table(fast, "1D 2C 3S")
    scene.play(Move.parse("!"))
    settle(fast, scene)
    drag(fast, centre_of(scene, C("2C")), empty_felt(scene))
    assert [move.card for move in scene.match.moves() if move.is_play] == [C("2C")]

    fresh = cirulla_table(fast, "1D 2C 3S")
    fresh.aids.hint = Hint(Move.parse("3S"), "only_move")
    fresh.aids.hint_match = fresh.match
    drag(fast, centre_of(fresh, C("3S")), empty_felt(fresh))
    assert [move.card for move in fresh.match.moves()] == [C("3S")]


@pytest.mark.parametrize("until_play", [True, False])
def test_k_says_why_a_hand_worth_a_bonus_knocks_no_more(fast, until_play):
    """A buona knocked at the deal, then taken back: K said "this hand is worth no bonus",
    of a buona, as if the game had miscounted it. A knock taken back is not made again
    (the hand stays shown); with knocks at the deal only, a hand that passed then knocks
    no more. K says which."""
    fast.set_language("en")
    scene = declaring_table(fast, "1D 2C 3S", "4B 8C 9C", declare_until_play=until_play)
    first = Move.parse("!") if until_play else Move.parse("-")
    scene.play(first)
    for _ in range(3000):
        fast.frame(FRAME, [])
        if scene.human_to_play == 0 and not scene.match.round.declaring and not scene.busy:
            break
    if until_play:
        (retract,) = [m for m in scene.match.legal_moves() if m.kind == "retract"]
        scene.play(retract)
        settle(fast, scene)
        expected = "table.knock_taken_back"
    else:
        expected = "table.knock_at_deal_only"
    assert scene.human_to_play == 0 and scene.knock_buttons() == []
    key(fast, pygame.K_k, "k")
    assert scene.status_text()[0] == fast.t(expected)
    assert len(scene.view.hands[0]) == 3


def test_k_on_a_hand_worth_nothing_says_so_where_knocks_are_made_at_the_deal(fast):
    """Knocks at the deal only, a hand worth no bonus (never asked, it passed by itself):
    K said "you passed on this hand then" to a player asked nothing. It says the hand is
    worth no bonus, as it does where a hand knocks until its first card."""
    fast.set_language("en")
    cirulla = CIRULLA.with_(declare_at_deal=True)
    seats = (SeatConfig("Anna", True), SeatConfig("Bruno", False, "beginner"))
    decks = (deck("4B 8C 9C", "1D 2C 3S", "4S 5D 9B 10C"),)
    match = Match.new(cirulla, 1, first_dealer=1, decks=decks)
    scene = TableScene(
        fast, coordinated(fast, MatchSetup(seats, cirulla), match), worker=inline_worker()
    )
    fast.stack.push(scene)
    for _ in range(3000):
        fast.frame(FRAME, [])
        if scene.human_to_play == 0 and not scene.match.round.declaring and not scene.busy:
            break
    assert scene.human_to_play == 0 and len(scene.view.hands[0]) == 3
    key(fast, pygame.K_k, "k")
    assert scene.status_text()[0] == fast.t("table.nothing_to_knock")


def anna_and_bruno(app, rules: Rules, *cards: str) -> TableScene:  # noqa: ANN001
    """Anna and Bruno at one screen, Bruno dealing ``cards`` (Anna's hand, Bruno's, the
    table): the table pushed, not yet settled."""
    seats = (SeatConfig("Anna", True), SeatConfig("Bruno", True))
    match = Match.new(rules, 1, first_dealer=1, decks=(deck(*cards),))
    scene = TableScene(
        app, coordinated(app, MatchSetup(seats, rules), match), worker=inline_worker()
    )
    app.stack.push(scene)
    return scene


def both_may_knock(app) -> TableScene:  # noqa: ANN001
    """Anna and Bruno at one screen, knocks until the first card: Anna holds 3 5 and the
    matta (an ace makes a low hand of it), Bruno a low hand; Anna declares first."""
    cirulla = CIRULLA.with_(declare_at_deal=True, declare_until_play=True)
    return anna_and_bruno(app, cirulla, "3S 5B 7C", "2D 3D 4C", "4S 5D 9B 10C")


def test_a_knock_taken_back_leaves_the_other_hand_s_matta_its_value(fast):
    """Anna knocked naming her matta an ace; Bruno took his own knock back: the "= 1" on
    Anna's 7 of cups went with it, while the card still took as an ace (a sweep of a 4 by
    a 7, with nothing on the table to say why)."""
    scene = both_may_knock(fast)
    for text in ("!7C=1", "!", "3S"):  # Anna knocks, Bruno knocks, Anna plays
        scene.play(Move.parse(text))
        settle(fast, scene)
    assert scene._matta_label() == (C("7C"), fast.t("table.matta_badge", n=1))
    scene.play(Move.parse("!-"))  # Bruno takes his knock back
    settle(fast, scene)
    assert scene.match.round.matta_value == 1
    assert scene._matta_label() == (C("7C"), fast.t("table.matta_badge", n=1))


def test_a_knock_with_the_matta_taken_back_makes_it_a_plain_card_again(fast):
    scene = both_may_knock(fast)
    for text in ("!7C=1", "!", "!-"):  # Anna knocks, Bruno knocks, Anna takes hers back
        scene.play(Move.parse(text))
        settle(fast, scene)
    assert scene.match.round.matta_value == 0 and scene._matta_label() is None


@pytest.mark.parametrize("language", ["en", "it"])
def test_the_cover_tells_the_knocks_made_and_taken_back_since_the_person_last_played(
    fast, language
):
    """The cover said "Since your last play: a scopa by Marco" to a person who had not
    played yet, and never that someone had knocked or taken a knock back: a family passing
    the screen learnt it only from a +3 on the score panel."""
    fast.set_language(language)
    t = fast.t
    scene = both_may_knock(fast)
    settle(fast, scene)
    assert scene.cover == 0 and scene.cover_texts().news == ()
    laid = capital(t("table.laid_by", name="Anna", card=scene.card_name(C("3S")), cards=""))
    expected = {  # each hand low (3 5 and the matta as an ace; 2 3 4): three scope each
        "!7C=1": (1, (t("table.news_so_far"), t("table.knock_by_points", name="Anna", n=3))),
        "!": (0, (t("table.news_since"), t("table.knock_by_points", name="Bruno", n=3))),
        "3S": (1, (t("table.news_since"), laid)),  # Anna's knock was told to Bruno before
        "!-": (0, (t("table.news_since"), t("table.retract_by", name="Bruno"))),
    }
    for text, (seat, news) in expected.items():
        scene.play(Move.parse(text))
        settle(fast, scene)
        if text == "!-":  # Bruno plays his card too before Anna's turn
            scene.play(next(m for m in scene.match.legal_moves() if m.is_play))
            settle(fast, scene)
            card = scene.match.moves()[-1]
            kind = "took" if card.captures else "laid"
            news = (*news, scene.words.news_line(News(kind, 1, card)))
        assert scene.cover == seat and scene.cover_texts().news == news, text


@pytest.mark.parametrize("language", ["en", "it"])
def test_the_cover_tells_who_did_not_knock_at_the_deal_and_what_a_knock_scored(fast, language):
    """Hands shown at the deal: the covers after it said nothing of who had passed or
    knocked before (only a banner on the open table, before anyone took the screen), and a
    knock was told without what it scored. The passes are told, those in a row on one
    line, and a knock with its scope (a low hand, 1 2 3: three)."""
    fast.set_language(language)
    t = fast.t
    rules = CIRULLA.with_(declare_at_deal=True, players=3)
    seats = (SeatConfig("Anna", True), SeatConfig("Bruno", True), SeatConfig("Carla", True))
    dealt = deck("1D 2C 9S", "4B 8C 9C", "1S 2B 3B", "4S 5B 9B 10C")
    match = Match.new(rules, 1, first_dealer=2, decks=(dealt,))
    scene = TableScene(
        fast, coordinated(fast, MatchSetup(seats, rules), match), worker=inline_worker()
    )
    fast.stack.push(scene)
    settle(fast, scene)
    for text in ("-", "-"):  # Anna, then Bruno: no knock
        scene.play(Move.parse(text))
        settle(fast, scene)
    assert scene.cover == 2  # Carla, to knock or pass
    both = join(t, ["Anna", "Bruno"])
    assert scene.cover_texts().news == (
        t("table.news_so_far"),
        capital(t("table.pass_by_many", name=both)),
    )
    scene.play(Move.parse("!"))  # Carla knocks
    settle(fast, scene)
    assert scene.cover == 0  # Anna, to play the first card
    assert scene.cover_texts().news == (
        t("table.news_since"),
        t("table.pass_by", name="Bruno"),
        t("table.knock_by_points", name="Carla", n=3),
    )


@pytest.mark.parametrize("language", ["en", "it"])
def test_a_computer_passing_at_the_deal_says_so(fast, language):
    """A computer that passed at the deal did it with nothing on screen: its card played
    after the people had declared looked like the wrong seat playing first."""
    fast.set_language(language)
    cirulla = CIRULLA.with_(declare_at_deal=True)
    seats = (SeatConfig("Anna", True), SeatConfig("Bruno", False, "beginner"))
    match = Match.new(
        cirulla, 1, first_dealer=0, decks=(deck("4B 8C 9C", "1D 2C 3S", "4S 5D 9B 10C"),)
    )
    scene = TableScene(
        fast, coordinated(fast, MatchSetup(seats, cirulla), match), worker=inline_worker()
    )
    fast.stack.push(scene)
    said = set()
    for _ in range(600):  # Bruno passes
        said.update(banner.text for banner in scene.director.banners)
        if scene.human_to_play == 0:
            break
        fast.frame(FRAME, [])
    assert scene.match.round.history()[0][1].kind == "pass"
    assert fast.t("table.passed.one", name="Bruno") in said


def test_undo_after_a_knock_and_a_card_says_both_are_taken_back(fast):
    """Knocking, then playing: Undo takes back the card and the knock made with it (one
    turn), but said only "Play taken back", the knock's going left unsaid."""
    scene = cirulla_table(fast, "1D 2C 3S")
    fast.frame(FRAME, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_k, mod=0, unicode="k")])
    settle(fast, scene)
    scene.play(scene.match.legal_moves()[0])
    settle(fast, scene)
    scene.aids.undo()
    assert scene.match.moves() == ()
    assert scene.said() == fast.t("aids.undo_done_knock_first")
    assert scene.knock_buttons()  # the knock is offered again


def key_n(app) -> None:  # noqa: ANN001
    app.frame(FRAME, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_n, mod=0, unicode="n")])


def to_anna_s_card(app, scene) -> None:  # noqa: ANN001
    """Frames until Bruno passed too and Anna plays a card, the table at rest."""
    for _ in range(600):
        if scene.human_to_play == 0 and not scene.match.round.declaring:
            break
        app.frame(FRAME, [])
    settle(app, scene)
    pump(app, 30)
    assert scene.human_to_play == 0


def test_no_knock_pressed_as_a_card_is_dragged_sends_the_card_home(fast):
    """N (No knock) with a card held under the pointer: the pass was played and the card
    left lying on the felt where the pointer was, its place in the hand empty into the next
    turn (a press on that felt picked it up). It goes back into the hand."""
    from .table_helpers import mouse

    scene = declaring_table(fast, "1D 2C 3S", "4B 8C 9C")
    card = C("2C")
    fast._last_press = None
    fast.frame(FRAME, [mouse(pygame.MOUSEBUTTONDOWN, centre_of(scene, card))])
    felt = empty_felt(scene)
    fast.frame(FRAME, [mouse(pygame.MOUSEMOTION, felt)])
    assert scene.drag.dragging
    key_n(fast)
    assert scene.match.moves() == (Move.parse("-"),) and not scene.drag.active
    to_anna_s_card(fast, scene)
    sprite, home = scene.view.sprites[card], scene.view.target(card)
    assert abs(sprite.x - home["x"]) < 0.5 and abs(sprite.y - home["y"]) < 0.5
    assert scene.view.hand_card_at(0, felt) is None


def test_no_knock_pressed_with_a_card_raised_lowers_it(fast):
    """A card raised with the arrows, then N: the card stayed raised, chosen no more, and
    the next Enter chose another card than the one on show."""
    scene = declaring_table(fast, "1D 2C 3S", "4B 8C 9C")
    for _ in range(2):
        fast.frame(FRAME, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0)])
    pump(fast, 10)
    card = scene.selected
    assert card is not None and scene.view.sprites[card].lift > 0
    key_n(fast)
    assert scene.match.moves() == (Move.parse("-"),)
    to_anna_s_card(fast, scene)
    assert scene.selected is None
    assert all(scene.view.sprites[c].lift == 0 for c in scene.view.hands[0])


def test_k_under_the_capture_choice_does_not_say_the_hand_is_worth_nothing(fast):
    """A hand worth a knock, its capture being chosen: K said "this hand is worth no
    bonus" (the knock's buttons are only hidden under the choice). It does nothing."""
    scene = cirulla_table(fast, "1D 2C 3S", table="3B 3C 9B 10C")
    assert [b.name for b in scene.knock_buttons()] == ["knock"]
    for _ in range(2):  # the first drop may be held back once (the knock's reminder)
        drag(fast, centre_of(scene, C("3S")), empty_felt(scene))
        pump(fast, 12)
        if scene.choice is not None:
            break
    assert scene.choice is not None
    fast.frame(FRAME, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_k, mod=0, unicode="k")])
    assert scene.choice is not None
    assert scene.said() != fast.t("table.nothing_to_knock")


@pytest.mark.parametrize("language", ["it", "en"])
def test_a_hint_names_the_matta_by_the_value_it_was_named(fast, language):
    """The matta named an ace sweeps the table: the hint read "play the 7 of hearts and take
    the 4 of spades, the 5 of diamonds..." (a 7 taking 28?). It names the matta and its value."""
    fast.settings = fast.settings.with_(language=language)
    fast.set_language(language)
    scene = cirulla_table(fast, "1B 2S 7C")
    key(fast, pygame.K_k, "k")
    key(fast, pygame.K_RETURN, "\r")  # the matta as 1: 1 + 2 + 1, a low hand
    assert scene.match.moves() == (Move.parse("!7C=1"),)
    settle(fast, scene)
    sweep = next(m for m in scene.match.legal_moves() if m.card == C("7C") and m.captures)
    scene.aids.hint = Hint(sweep, "scopa")
    line = scene.aids.hint_line()
    assert fast.t("aids.matta_as", n=1) in line
    assert scene.card_name(C("7C")) not in line
    scene.aids.hint = Hint(next(m for m in scene.match.legal_moves() if m.card == C("2S")), "scopa")
    assert scene.card_name(C("2S")) in scene.aids.hint_line()


@pytest.mark.parametrize("until_play", [True, False])
def test_k_after_a_knock_that_stands_says_the_hand_has_knocked(fast, until_play):
    """K pressed again after a knock said "You took your knock back" while the knock stood
    (its +3 on the board, and at times no way to take it back at all)."""
    fast.set_language("en")
    if until_play:  # knocked at the deal, the knock may still be taken back
        scene = declaring_table(fast, "1D 2C 3S", "4B 8C 9C", declare_until_play=True)
        key(fast, pygame.K_k, "k")
        for _ in range(3000):
            fast.frame(FRAME, [])
            if scene.human_to_play == 0 and not scene.match.round.declaring and not scene.busy:
                break
    else:  # knocked at one's turn: it stands for the deal
        scene = cirulla_table(fast, "1D 2C 3S")
        key(fast, pygame.K_k, "k")
        settle(fast, scene)
    assert scene.match.round.has_declared(0) and scene.human_to_play == 0
    key(fast, pygame.K_k, "k")
    assert scene.status_text()[0] == fast.t("table.knock_already")
    assert scene.match.round.has_declared(0)


def test_r_takes_a_knock_back_where_the_rules_let_it(fast):
    """The button taking a knock back had no key: a player on the keys could not use it."""
    fast.set_language("en")
    scene = declaring_table(fast, "1D 2C 3S", "4B 8C 9C", declare_until_play=True)
    key(fast, pygame.K_k, "k")
    for _ in range(3000):
        fast.frame(FRAME, [])
        if scene.human_to_play == 0 and not scene.match.round.declaring and not scene.busy:
            break
    (button,) = scene.knock_buttons()
    assert button.name == "retract" and button.label == "Take the knock back (R)"
    key(fast, pygame.K_r, "r")
    settle(fast, scene)
    assert scene.match.moves()[-1].kind == "retract"
    assert not scene.match.round.has_declared(0)


@pytest.mark.parametrize(
    ("moves", "said"),
    [
        ("!", "aids.undo_done_knock_alone"),  # a knock made at the deal
        ("! !-", "aids.undo_done_knock_alone"),  # a knock and its taking back
        ("!-", "aids.undo_done_retract"),
        ("! 3S", "aids.undo_done_knock"),
        ("3S", "aids.undo_done"),
    ],
)
def test_undo_says_what_of_a_player_s_moves_it_took_back(moves, said):
    """A knock and its taking back undone together said "Play and knock taken back", of
    no card played."""
    from scopa.app.table.aids import undone_words

    assert undone_words([Move.parse(text) for text in moves.split()]) == said


def test_undo_of_a_knock_and_its_taking_back_says_the_knock_went(fast):
    """No knock at the deal, a knock at Anna's turn and its taking back, then Undo: it went
    back to before the knock, saying "Play and knock taken back" of no card played."""
    fast.set_language("en")
    scene = declaring_table(fast, "1D 2C 3S", "4B 8C 9C", declare_until_play=True)
    key_n(fast)
    for _ in range(3000):
        fast.frame(FRAME, [])
        if scene.human_to_play == 0 and not scene.match.round.declaring and not scene.busy:
            break
    key(fast, pygame.K_k, "k")
    settle(fast, scene)
    key(fast, pygame.K_r, "r")
    settle(fast, scene)
    assert [move.kind for move in scene.match.moves()][-2:] == ["declare", "retract"]
    scene.aids.undo()
    assert [move.kind for move in scene.match.moves()] == ["pass", "pass"]
    assert scene.said() == fast.t("aids.undo_done_knock_alone_first")


@pytest.mark.parametrize("language", ["en", "it"])
def test_the_cover_tells_each_thing_made_apart(fast, language):
    """ "So far this round: Anna knocked, a scopa by Anna and Carlo knocked" read as a
    scopa made by Anna and Carlo: each thing is told apart."""
    fast.set_language(language)
    t = fast.t
    scene = both_may_knock(fast)
    settle(fast, scene)
    sweep = Move.parse("10Cx4S+5D+9B")
    news = (News("knock", 0, Move.parse("!7C=1")), News("scopa", 0, sweep),
            News("knock", 1, Move.parse("!")))  # fmt: skip
    told = scene.words.cover(1, news, played=False).news
    taken = join(t, [scene.card_name(C(card)) for card in ("4S", "5D", "9B")])
    swept = t("table.swept_by", name="Anna", cards=taken, card=scene.card_name(C("10C")))
    assert told == (t("table.news_so_far"), t("table.knock_by", name="Anna"), capital(swept),
                    t("table.knock_by", name="Bruno"))  # fmt: skip


@pytest.mark.parametrize("language", ["en", "it"])
@pytest.mark.parametrize("first", ["1D 2C 3S", "4B 8C 9C"])
def test_the_word_to_knock_or_pass_at_the_deal_is_read_whole_at_the_smallest_size(
    fast, language, first
):
    """At 960x540 "Massimiliano, tocca a te mostrare la mano: bussa, oppure scegli Non
    busso; quando tutti avranno scelto, la prima c…" lost who plays first."""
    fast.set_language(language)
    fast.resize((960, 540))
    cirulla = CIRULLA.with_(declare_at_deal=True, declare_until_play=True)
    cirulla = cirulla.with_(players=3)  # the side seats leave the line its narrowest
    seats = (SeatConfig("Massimiliano", True), SeatConfig("Bartolomeo", True),
             SeatConfig("Carla", True))  # fmt: skip
    decks = (deck(first, "5S 6C 9D", "2B 6S 7D", "4S 5D 9B 10C"),)
    match = Match.new(cirulla, 1, first_dealer=2, decks=decks)
    scene = TableScene(
        fast, coordinated(fast, MatchSetup(seats, cirulla), match), worker=inline_worker()
    )
    fast.stack.push(scene)
    settle(fast, scene)
    lift_cover(fast, scene)
    settle(fast, scene)
    assert scene.match.round.declaring and scene.human_to_play == 0
    said = scene.status_text()[0]
    assert said.startswith("Massimiliano")
    drawn: list[style.Drawn] = []
    with style.watch_text(drawn.append):
        scene.draw(fast.screen)
    (line,) = [text for text in drawn if text.words == said]
    assert not line.elided and not line.cut, said


def test_undo_after_no_knock_at_the_deal_says_it_is_final(fast):
    """U after No knock at the deal said "Nothing to take back in this round yet", as if
    the player had done nothing: a No knock is final (the others chose after it)."""
    fast.set_language("en")
    scene = declaring_table(fast, "1D 2C 3S", "4B 8C 9C", declare_until_play=False)
    key_n(fast)
    settle(fast, scene)
    assert [move.kind for move in scene.match.moves()][:1] == ["pass"]
    scene.aids.undo()
    assert scene.said() == fast.t("aids.undo_pass_stays")


def test_the_matta_held_beside_the_capture_choice_wears_its_value(fast):
    """The matta named 2 dropped on the table, which it takes two ways: "Which cards does
    the 7 of cups take?" held a plain 7 beside sets that only a 2 takes."""
    seats = (SeatConfig("Anna", True), SeatConfig("CPU", False, "beginner"))
    decks = (deck("7C 2S 2B", "9D 9C 9S", "1D 5B 6S 7D"),)  # 2 + 13: 1+5+7 or 6+7
    match = Match.new(CIRULLA, 1, first_dealer=1, decks=decks)
    scene = TableScene(
        fast, coordinated(fast, MatchSetup(seats, CIRULLA), match), worker=inline_worker()
    )
    fast.stack.push(scene)
    settle(fast, scene)
    scene.play(Move.parse("!7C=2"))  # three 2s
    settle(fast, scene)
    assert scene.human_to_play == 0
    drag(fast, centre_of(scene, C("7C")), empty_felt(scene))
    assert scene.pick.choice is not None and scene.pick.choice.card == C("7C")
    seen: list[style.Drawn] = []
    with style.watch_text(seen.append):
        fast.draw()
    assert fast.t("table.matta_badge", n=2) in [text.words for text in seen]
    # the question names it at its value too (it asked what "the 7 of cups" takes)
    worth = fast.t("table.matta_worth", card=scene.card_name(C("7C")), n=2)
    title = capital(fast.t("table.choose", card=worth))
    assert title in [text.words for text in seen]


@pytest.mark.parametrize("language", ["en", "it"])
def test_the_cover_says_the_value_the_matta_was_played_at(fast, language):
    """Anna knocked naming her matta an ace and played it: Bruno's cover said "Anna took
    ... with the 7 of cups", a 7 that seemed to take what a 7 cannot. It says the value."""
    fast.set_language(language)
    t = fast.t
    scene = both_may_knock(fast)
    settle(fast, scene)
    for text in ("!7C=1", "!"):  # Anna knocks naming the matta an ace, Bruno knocks
        scene.play(Move.parse(text))
        settle(fast, scene)
    matta = next(move for move in scene.match.legal_moves() if move.card == C("7C"))
    scene.play(matta)
    settle(fast, scene)
    assert scene.cover == 1
    line = scene.cover_texts().news[-1]
    assert line in {scene.words.news_line(News(kind, 0, matta, 1)) for kind in NEWS}
    assert t("table.matta_worth", card=scene.card_name(C("7C")), n=1) in line


@pytest.mark.parametrize("language", ["en", "it"])
def test_the_cover_says_the_value_the_matta_was_taken_at(fast, language):
    """Anna named her matta a 4 and laid it; Bruno took it with a 4 and a 7 of spades, a
    fifteen of 4, 4 and 7. Anna's cover said "Bruno took the 7 of cups and the 7 of spades
    with the 4 of coins", a sum of 18 that seemed no capture. It says the value the matta
    kept on the table."""
    fast.set_language(language)
    t = fast.t
    scene = anna_and_bruno(fast, CIRULLA, "2S 3B 7C", "4D 8B 9C", "6D 7S 9B 10C")
    settle(fast, scene)
    for text in ("!7C=4", "7C"):
        scene.play(Move.parse(text))
        settle(fast, scene)
    while scene.match.turn == 1 and any(m.kind == "pass" for m in scene.match.legal_moves()):
        scene.play(next(m for m in scene.match.legal_moves() if m.kind == "pass"))
        settle(fast, scene)
    taking = Move.parse("4Dx7C+7S")
    assert taking in scene.match.legal_moves()
    scene.play(taking)
    settle(fast, scene)
    for _ in range(3):
        fast.frame(1 / 30, [])
    assert scene.cover == 0
    line = scene.cover_texts().news[-1]
    assert t("table.matta_worth", card=scene.card_name(C("7C")), n=4) in line
    assert scene.card_name(C("7S")) in line and scene.card_name(C("4D")) in line


def test_with_large_values_the_matta_named_says_on_its_labels_the_value_it_plays_as(fast):
    """Named 6 by a knock, the 7 of cups plays as a 6 for the rest of the round; with large
    values, its labels (read instead of the printed index) still said 7 beside its "= 6"."""
    fast.settings = fast.settings.with_(large_values=True)
    scene = cirulla_table(fast, "7C 1D 2S")
    art, matta = scene.art, C("7C")
    width = scene.layout.hand_w
    own = art.face(matta, width).copy()
    scene.play(Move.declare(matta, 6))
    settle(fast, scene)
    assert scene.snapshot().matta == (matta, fast.t("table.matta_badge", n=6))
    art = scene.art
    assert art.face_name(matta) == "7C=6"
    named = art.face(matta, width)
    plain = CardArt(art.style, art.corner_index, font=fast.font, large_values=True)
    six = plain.face(C("6C"), width)
    inset, pad = max(2, round(width * 0.05)), max(2, round(width * 0.035))
    digit = pygame.Rect(inset + pad, inset + pad, round(width * 0.12), round(width * LARGE_VALUE))

    def pixels(face: pygame.Surface) -> bytes:  # the label's digit, top left
        return pygame.image.tobytes(face.subsurface(digit), "RGB")

    assert pixels(named) != pixels(own)  # its label changed, to the 6's digit
    same = sum(a == b for a, b in zip(pixels(named), pixels(six), strict=True))
    assert same / len(pixels(six)) > 0.97
    seven = sum(a == b for a, b in zip(pixels(own), pixels(six), strict=True))
    assert seven / len(pixels(six)) < 0.9  # (a 7 is not a 6)
    assert art.face_name(C("6C")) == "6C"  # (no other card changes)
    scene.close()


def play_then_pass(app, scene: TableScene, move: str, to: int) -> None:  # noqa: ANN001
    """The person at the screen lifts the cover, plays ``move``, and the cover comes up
    for seat ``to``."""
    lift_cover(app, scene)
    settle(app, scene)
    scene.play(Move.parse(move))
    for _ in range(400):
        pump(app)
        if scene.cover == to:
            return
    raise AssertionError(f"the cover never came up for seat {to}")


@pytest.mark.parametrize("language", ["en", "it"])
def test_the_cover_tells_of_the_opening_table_the_dealer_took(fast, language):
    """The opening table made 15 and went to the dealer as the screen first passed: the
    first person's cover told nothing, the next one's only the card laid since, and the
    dealer's "+1" on the score panel stood unexplained."""
    fast.set_language(language)
    t = fast.t
    scene = anna_and_bruno(fast, CIRULLA, "4D 8S 9S", "3D 6S 10S", "1B 2C 5S 7B")
    settle(fast, scene)
    pump(fast)
    assert scene.cover == 0 and scene.match.round.scope[1] == 1
    opened = t("table.dealer_bonus.one", name="Bruno", total=15, sweeps=count(t, "table.scope", 1))
    assert scene.cover_texts().news == (t("table.news_so_far"), opened)
    play_then_pass(fast, scene, "4D", 1)
    laid = t("table.laid_by", name="Anna", card=scene.words.card_name(C("4D")))
    assert scene.cover_texts().news == (t("table.news_so_far"), opened, capital(laid))
    play_then_pass(fast, scene, "3D", 0)
    told = scene.cover_texts().news  # Anna has played: only what came after her
    assert told == (t("table.news_since"), capital(t("table.laid_by", name="Bruno",
                    card=scene.words.card_name(C("3D")))))  # fmt: skip
    scene.close()


@pytest.mark.parametrize("size", [(960, 540), (1920, 1080)])
def test_every_value_of_the_matta_s_picker_is_clicked_over_the_own_pile(fast, size):
    """The picker of the matta's value lies over the player's own pile: a click on its
    "1" opened the panel of the last capture (the pile's click, handled first), and the
    matta was never named; only the keys named it. The open picker takes its clicks."""
    from scopa.app.table.scene import TableScene as Scene

    fast.resize(size)
    seats = (SeatConfig("Anna", True), SeatConfig("Bruno", False, "beginner"))
    # Anna deals: the table's 15 is hers (her pile), Bruno lays, then Anna's matta knocks
    match = Match.new(CIRULLA, 1, first_dealer=0,
                      decks=(deck("8C 9C 10B", "7C 1D 1S", "4S 5D 3B 3C"),))  # fmt: skip
    scene = Scene(fast, coordinated(fast, MatchSetup(seats, CIRULLA), match),
                  worker=inline_worker())  # fmt: skip
    fast.stack.push(scene)
    settle(fast, scene)
    for _ in range(40):
        if scene.human_to_play == 0 and scene.knock_buttons():
            break
        pump(fast, 5)
        settle(fast, scene)
    assert scene.human_to_play == 0
    (knock,) = [b for b in scene.knock_buttons() if b.name == "knock"]
    click(fast, knock.rect.center)
    assert scene.knock.picking
    values = scene.knock_buttons()
    pile = scene.layout.pile_rect(0)
    assert any(pile.colliderect(b.rect) for b in values), "no value lies over the pile"
    (one,) = [b for b in values if b.label == "1"]
    click(fast, one.rect.center)
    assert not scene.aids.reviewing
    assert Move.parse("!7C=1") in scene.match.moves()


@pytest.mark.parametrize("language", ["it", "en"])
@pytest.mark.parametrize(("hand", "kind"), [("1D 2C 3S", "low"), ("6D 6C 6S", "decino")])
def test_a_knock_is_told_by_the_name_of_its_bonus(fast, language, hand, kind):
    """ "Bussi: +3", "Giulia bussa: +10": a Cirulla player hears "buona" or "decino", and
    the banner said only the points. It names the bonus."""
    fast.set_language(language)
    scene = cirulla_table(fast, hand)
    (knock,) = [b for b in scene.knock_buttons() if b.name == "knock"]
    click(fast, knock.rect.center)
    said: set[str] = set()
    for _ in range(30):
        pump(fast, 1)
        said.update(banner.text for banner in scene.director.banners)
    name = fast.t(f"table.knock_kind.{kind}")
    points = 3 if kind == "low" else 10
    told = fast.t("table.knocked.you", kind=name, n=points)
    assert told in said and name in told, said
    names = {"low": {"it": "buona", "en": "a low hand"},
             "decino": {"it": "decino", "en": "three of a kind"}}  # fmt: skip
    assert name == names[kind][language]


@pytest.mark.parametrize(
    ("changes", "most"),
    [({}, 6), ({"piccola_max": 7}, 7), ({"dossena_scale": True}, 5)],
)
def test_the_piccola_s_words_on_the_sheet_name_its_cap(fast, changes, most):
    """The sheet's words behind the Piccola said "3 points up to the three, 1 more for each
    next", and not where it stops: a run of ace to 7 scored 6. They name its cap, as the
    rules set it."""
    from scopa.app.matches import MatchCoordinator

    fast.set_language("en")
    rules = CIRULLA.with_(**changes)
    match = Match.new(rules, 3)
    while not match.rounds:
        match, _ = match.apply(match.legal_moves()[0])
    seats = (SeatConfig("Anna", True), SeatConfig("Bruno", False, "beginner"))
    sheet = ScoringScene(fast, MatchCoordinator(MatchSetup(seats, rules), match))
    assert sheet.behind_note("piccola").endswith(f", {most} at most")
