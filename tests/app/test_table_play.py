"""Playing on the table with real pygame mouse and keyboard events."""

from __future__ import annotations

import re

import pygame
import pytest

from scopa.app import style
from scopa.app.table import TableScene
from scopa.app.table.frame import FrameCache
from scopa.app.wording import capital
from scopa.engine import PRESETS, Card, Match, Move, Rules
from scopa.settings import MatchSetup, SeatConfig

from .table_helpers import (
    FRAME,
    centre_of,
    click,
    coordinated,
    drag,
    empty_felt,
    fixed_match,
    inline_worker,
    pump,
    settle,
    solo_setup,
)

C = Card.parse


def open_table(app, first: str, second: str, table: str, rules: Rules | None = None) -> TableScene:
    scene = TableScene(
        app,
        coordinated(app, solo_setup(rules), fixed_match(first, second, table, rules)),
        worker=inline_worker(),
    )
    app.stack.push(scene)
    settle(app, scene)
    assert scene.human_to_play == 0
    return scene


def test_the_card_played_stays_over_the_cards_it_takes_on_their_way_to_the_pile(app):
    """The seven laid across the seven it took slid under it as both flew to the pile (the
    cards taken were raised after it): the card played goes on top, as it lay."""
    scene = open_table(app, "7D 2C 10S", "1B 3B 8C", "7C 4S 5D 9B")
    scene.play(Move.parse("7Dx7C"))
    for _ in range(200):
        if scene.view.places[C("7D")][0] == "pile":
            break
        app.frame(FRAME, [])
    assert scene.view.places[C("7D")] == ("pile", 0)
    assert scene.view.sprites[C("7D")].z > scene.view.sprites[C("7C")].z


def test_the_score_box_counts_the_cards_taken_as_they_land_on_the_pile(app):
    """A capture on its way: the score box said "2 taken" as the cards left the table,
    while the pile's own number, counting them as they land, still said 0 (a sweep in
    the tutorial: "11 taken" beside a 7)."""
    from scopa.app.wording import count

    app.settings = app.settings.with_(animation_speed="normal", language="en")
    scene = open_table(app, "7D 2C 10S", "1B 3B 8C", "7C 4S 5D 9B")
    scene.play(Move.parse("7Dx7C"))
    seen: set[str] = set()
    for detail, taken, _ in score_box_as_cards_land(app, scene, 400):
        assert detail.startswith(count(app.t, "table.taken", taken)), (detail, taken)
        seen.add(detail)
        if not scene.director.busy and taken == 2:
            break
    assert len(seen) >= 2  # it counted up as they landed


def score_box_as_cards_land(app, scene: TableScene, frames: int):  # noqa: ANN001, ANN201
    """Frame after frame: what the score box says of the first side, how many cards have
    landed on its pile, and how many of them across it as its scopas: each seen there at
    rest once, whatever moves it after (a scopa's card from the pile to lie across it,
    closing up beside another)."""
    rested: dict[Card, set[str]] = {}
    for _ in range(frames):
        app.frame(FRAME, [])
        snap = scene.snapshot()
        view = scene.view
        for card, place in view.places.items():
            if place in (("pile", 0), ("marker", 0)) and id(view.sprites[card]) not in snap.moving:
                rested.setdefault(card, set()).add(place[0])
        taken = sum(1 for card in rested if view.places[card] in (("pile", 0), ("marker", 0)))
        scopas = sum(1 for card, seen in rested.items() if "marker" in seen)
        yield snap.hud.rows[0].detail, taken, scopas


def test_the_score_box_counts_a_scopa_as_its_card_lands_with_the_cards_taken(app):
    """A sweep on its way: the score box said "0 taken · 1 scopa" (at scopone, "3 taken ·
    3 scopas", a count no pile can make) while the cards flew: the scopa was counted as the
    sweep began, its cards as they landed. Both are counted as they land."""
    from scopa.app.wording import count

    app.settings = app.settings.with_(animation_speed="normal", language="en")
    scene = open_table(app, "10D 2C 10S", "1D 3B 8C", "1B 2S 3C 4S")
    scene.play(Move.parse("10Dx1B+2S+3C+4S"))
    seen: set[str] = set()
    for detail, taken, scopas in score_box_as_cards_land(app, scene, 600):
        told = (
            f"{count(app.t, 'table.taken', taken)}  \u00b7  {count(app.t, 'table.scope', scopas)}"
        )
        assert detail == told, (detail, taken, scopas)
        seen.add(detail)
        if not scene.director.busy and taken == 5:
            break
    assert len(seen) >= 2 and told.endswith(count(app.t, "table.scope", 1))


def test_the_score_box_never_counts_down_as_a_second_scopa_lands(app):
    """A second scopa: as its card went across the pile, the first one's closed up to make
    room, and the score box, counting every card on the move as not landed yet, read "4
    taken · 0 scopas" for a moment between "5 taken · 1 scopa" and "7 taken · 2 scopas"
    (in Cirulla, "17 cards · 0 scopas" after 18 and 2). A card moving within its pile, or
    from the pile to its place across it, was counted there already."""
    import re

    app.settings = app.settings.with_(animation_speed="normal", language="en")
    scene = open_table(app, "10D 3D 5C", "3B 3S 3C", "1B 2S 6C 1S")
    scene.play(Move.parse("10Dx1B+2S+6C+1S"))
    counts: list[tuple[int, int]] = []
    for _ in range(2000):
        app.frame(FRAME, [])
        numbers = re.findall(r"\d+", scene.snapshot().hud.rows[0].detail)
        counts.append((int(numbers[0]), int(numbers[1])))
        if scene.human_to_play == 0 and not scene.director.busy and len(scene.match.moves()) == 2:
            scene.play(Move.parse(f"3Dx{scene.match.moves()[1].card}"))
        if len(scene.match.moves()) == 3 and not scene.director.busy:
            break
    assert counts[-1] == (7, 2), counts[-1]
    for before, after in zip(counts, counts[1:], strict=False):
        assert after[0] >= before[0] and after[1] >= before[1], (before, after)


def test_a_long_message_under_the_table_stays_long_enough_to_read(app):
    """ "Con il cavallo di spade non puoi prendere il 4 di bastoni: devi prendere 2 + 7"
    was gone in under three seconds, before a slow reader reached its end: a message stays
    as long as a toast of its words would, at the least."""
    from scopa.app.table.scene import NOTICING_SECONDS
    from scopa.app.toasts import reading_seconds

    scene = open_table(app, "9S 2C 10S", "1B 3B 8C", "4B 2D 7C 5S")
    words = "Con il cavallo di spade non puoi prendere il 4 di bastoni: devi prendere 2 + 7"
    scene.say(lambda t: words)
    assert reading_seconds(words) > 4
    for _ in range(round((NOTICING_SECONDS + reading_seconds(words) - 0.2) * 30)):
        app.frame(FRAME, [])
    assert scene.said() == words
    for _ in range(30):
        app.frame(FRAME, [])
    assert scene.said() is None


def test_a_line_under_the_table_waits_for_a_slow_reader(app):
    """ "Con il cavallo di bastoni prendi il cavallo di bastoni: una carta che può prendere
    deve prendere" went in under four seconds, before a player of 74 had read it: a line of
    twelve words stays for the time to notice it and to read it at 150 words a minute."""
    scene = open_table(app, "9S 2C 10S", "1B 3B 8C", "4B 2D 7C 5S")
    words = "Uno due tre quattro cinque sei sette otto nove dieci undici dodici"
    scene.say(lambda t: words)
    for _ in range(round(6.6 * 30)):  # 2 seconds to notice it, 0.4 a word
        app.frame(FRAME, [])
    assert scene.said() == words


def test_drag_plays_a_card_and_captures(fast, store):
    scene = open_table(fast, "7D 2C 10S", "1B 3B 8C", "7C 4S 5D 9B")
    start = centre_of(scene, C("7D"))
    drag(fast, start, centre_of(scene, C("7C")))
    assert scene.match.moves() == (Move.parse("7Dx7C"),)
    settle(fast, scene)
    assert scene.view.places[C("7D")] == ("pile", 0)
    assert scene.view.places[C("7C")] == ("pile", 0)
    assert C("7C") not in scene.view.slots
    scene.coordinator.flush()
    saved = store.load_match()
    assert saved is not None and saved[1].moves[:1] == (Move.parse("7Dx7C"),)


def dragging_the_seven(fast) -> tuple[TableScene, tuple[int, int]]:  # noqa: ANN001
    """A table where the 7 of coins, pressed, is dragged over the empty felt (and where)."""
    scene = open_table(fast, "7D 2C 10S", "1B 3B 8C", "7C 4S 5D 9B")
    start = centre_of(scene, C("7D"))
    fast.frame(FRAME, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1)])
    target = empty_felt(scene)
    fast.frame(
        FRAME, [pygame.event.Event(pygame.MOUSEMOTION, pos=target, rel=(0, 0), buttons=(1, 0, 0))]
    )
    assert scene.drag.dragging
    return scene, target


def test_dragging_highlights_what_the_card_would_take(fast):
    scene, target = dragging_the_seven(fast)
    assert scene.preview == frozenset({C("7C")})
    sprite = scene.view.sprites[C("7D")]
    assert sprite.rect().collidepoint(target)  # the card follows the pointer


def test_laying_a_card_that_takes_nothing(fast):
    scene = open_table(fast, "2C 7D 10S", "1B 3B 8C", "7C 4S 5D 9B")
    drag(fast, centre_of(scene, C("10S")), empty_felt(scene))
    assert scene.match.moves() == (Move.parse("10S"),)
    settle(fast, scene)
    assert C("10S") in scene.view.slots


def test_ambiguous_drop_offers_the_choice_and_a_click_resolves_it(fast):
    scene = open_table(fast, "6D 2C 10S", "1B 3B 8C", "6C 6S 4B 9B")
    drag(fast, centre_of(scene, C("6D")), empty_felt(scene))
    assert scene.match.moves() == ()
    assert scene.choice is not None
    options = [move.captures for move in scene.choice.options]
    assert sorted(options) == sorted([(C("6C"),), (C("6S"),)])
    index = options.index((C("6S"),))
    click(fast, scene.choice.rows[index].center)
    assert scene.match.moves() == (Move.parse("6Dx6S"),)
    assert scene.choice is None


def test_dropping_on_a_table_card_picks_the_set_containing_it(fast):
    scene = open_table(fast, "6D 2C 10S", "1B 3B 8C", "6C 6S 4B 9B")
    drag(fast, centre_of(scene, C("6D")), centre_of(scene, C("6C")))
    assert scene.choice is None
    assert scene.match.moves() == (Move.parse("6Dx6C"),)


def test_escape_with_a_card_raised_pauses_and_down_lowers_it(fast):
    """Esc with a card raised only lowered it: a player who meant to pause went on pressing
    the menu's keys on the table (Down, Enter, Enter), and played a card. Esc pauses, the
    card still raised when play resumes; Down lowers it."""
    scene = open_table(fast, "6D 2C 10S", "1B 3B 8C", "6C 6S 4B 9B")
    press = [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode="")]
    fast.frame(FRAME, press)
    assert scene.selected == C("2C")
    fast.frame(FRAME, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="")])
    assert fast.stack.top is not scene and type(fast.stack.top).__name__ == "PauseScene"
    fast.stack.top.back()  # Resume
    fast.frame(FRAME)
    assert fast.stack.top is scene and scene.selected == C("2C")
    fast.frame(FRAME, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0, unicode="")])
    assert scene.selected is None and scene.match.moves() == ()


def test_choice_by_keyboard_and_escape_takes_the_card_back(fast):
    scene = open_table(fast, "6D 2C 10S", "1B 3B 8C", "6C 6S 4B 9B")
    right = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode="")
    keys = [right, right]  # the hand is shown in rank order: 2C, 6D, 10S
    fast.frame(FRAME, keys)
    assert scene.selected == C("6D")
    fast.frame(FRAME, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="")])
    assert scene.choice is not None
    fast.frame(FRAME, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="")])
    assert scene.choice is None and scene.match.moves() == ()
    assert scene.selected == C("6D")  # back in the hand, still chosen for the keys
    fast.frame(FRAME, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="")])
    fast.frame(FRAME, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0, unicode="")])
    chosen = scene.choice.chosen
    fast.frame(FRAME, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="")])
    assert scene.match.moves() == (chosen,)


def test_the_first_enter_chooses_the_card_the_pointer_rests_on(fast):
    """The pointer resting on the middle card raised it, as a card chosen is raised; Enter
    then chose the card on the left, and two cards stood raised. Enter chooses the card
    raised under the pointer (the first on the left when the pointer is on none)."""
    scene = open_table(fast, "6D 2C 10S", "1B 3B 8C", "6C 6S 4B 9B")
    enter = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="")
    at = centre_of(scene, C("6D"))  # the middle card: the hand is in rank order
    fast.frame(
        FRAME, [pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=(0, 0), buttons=(0, 0, 0))]
    )
    assert scene.pick.hovered == C("6D")
    fast.frame(FRAME, [enter])
    assert scene.selected == C("6D")
    fast.frame(
        FRAME, [pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(0, 0), buttons=(0, 0, 0))]
    )
    scene.input.select(None)
    fast.frame(FRAME, [enter])
    assert scene.selected == C("2C")


@pytest.mark.parametrize(("key", "chosen"), [(pygame.K_LEFT, "2C"), (pygame.K_RIGHT, "10S")])
def test_the_first_arrow_steps_from_the_card_the_pointer_rests_on(fast, key, chosen):
    """The pointer resting on the middle card raised it a little (at one screen, where
    "Show my cards" lies under the hand); Left then chose the card on the right, from the
    hand's end, and Enter played a card nobody meant: the arrows step from that card."""
    scene = open_table(fast, "6D 2C 10S", "1B 3B 8C", "6C 6S 4B 9B")
    at = centre_of(scene, C("6D"))  # the middle card: the hand is in rank order
    fast.frame(
        FRAME, [pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=(0, 0), buttons=(0, 0, 0))]
    )
    assert scene.pick.hovered == C("6D") and scene.selected is None
    fast.frame(FRAME, [pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="")])
    assert scene.selected == C(chosen)


def test_illegal_drop_returns_the_card_smoothly(fast):
    scene = open_table(fast, "7D 2C 10S", "1B 3B 8C", "3C 4S 5B 9B")
    home = centre_of(scene, C("7D"))
    drag(fast, home, centre_of(scene, C("5B")))  # the 7 may take 3+4, never the 5
    assert scene.match.moves() == ()
    assert "5" in scene.said()
    sprite = scene.view.sprites[C("7D")]
    assert scene.ui.moving(sprite)  # on its way back, not teleported
    away = sprite.rect().center
    assert away != pytest.approx(home, abs=2)
    pump(fast, 20)
    assert (sprite.x, sprite.y) == pytest.approx(home, abs=1.5)  # home (maybe lifted by hover)
    assert scene.view.places[C("7D")] == ("hand", 0)


def test_the_status_line_follows_the_language_chosen_while_it_shows(fast):
    """The message of a refused play reads in Italian once the language becomes Italian,
    as the rest of the table does, before its time is up."""
    fast.set_language("en")
    scene = open_table(fast, "7D 2C 10S", "1B 3B 8C", "3C 4S 5B 9B")
    drag(fast, centre_of(scene, C("7D")), centre_of(scene, C("5B")))
    english = scene.status_text()[0]
    fast.set_language("it")
    names = {"card": scene.card_name(C("7D")), "target": scene.card_name(C("5B"))}
    assert names["card"] == "il 7 di denari"
    taken = "3 + 4"  # a sum told by its values
    told = capital(fast.t("table.must_take_other", options=taken, **names))
    assert scene.status_text()[0] == told != english


@pytest.mark.parametrize("language", ["en", "it"])
def test_a_sum_refused_by_the_rulebook_s_limits_says_which(fast, language):
    """With captures of at most two cards, the 6 dropped on the 2 of a 1 + 2 + 3 was told
    only that it "cannot take the 2 of swords", a sum that adds up: the limit went unsaid.
    So did the fewest cards, the 7 dropped on the ace of a 1 + 2 + 4 beside a 3 + 4."""
    fast.set_language(language)
    limited = Rules(capture_limit=2)
    scene = open_table(fast, "6D 2C 10S", "1B 3B 8C", "1S 2S 3S 5B", limited)
    drag(fast, centre_of(scene, C("6D")), centre_of(scene, C("2S")))
    assert scene.match.moves() == ()
    names = {"card": scene.card_name(C("6D")), "target": scene.card_name(C("2S"))}
    assert scene.status_text()[0] == capital(fast.t("table.capture_limit", n=2, **names))
    scene.close()
    fewest = Rules(fewest_cards=True)
    scene = open_table(fast, "7D 2C 10S", "1B 3B 8C", "1S 2S 4S 3C", fewest)
    drag(fast, centre_of(scene, C("7D")), centre_of(scene, C("1S")))
    assert scene.match.moves() == ()
    names = {"card": scene.card_name(C("7D")), "target": scene.card_name(C("1S"))}
    assert scene.status_text()[0] == capital(fast.t("table.fewest_cards", **names))
    scene.close()
    # Cirulla's Equal card first is the fewest cards too: the 8 takes 3 + 5, not 1 + 3 + 4
    cirulla = PRESETS["cirulla"].with_(equal_rank_precedence=True)
    scene = open_table(fast, "8D 9C 10S", "2B 6B 9B", "1S 3S 4C 5B", cirulla)
    drag(fast, centre_of(scene, C("8D")), centre_of(scene, C("1S")))
    assert scene.match.moves() == ()
    names = {"card": scene.card_name(C("8D")), "target": scene.card_name(C("1S"))}
    assert scene.status_text()[0] == capital(fast.t("table.fewest_cards", **names))
    scene.close()
    # ...and where a card of its rank is on the table, that card is what refuses the sum
    # (the 4 on 3 + 1, with the 4 of swords there: "takes one of fewer cards" was wrong,
    # the fifteen of 4 + 10 + 1 still allowed)
    scene = open_table(fast, "4B 9C 10S", "2B 6B 9B", "4S 10D 1C 3B", cirulla)
    drag(fast, centre_of(scene, C("4B")), centre_of(scene, C("3B")))
    assert scene.match.moves() == ()
    names = {"card": scene.card_name(C("4B")), "target": scene.card_name(C("3B"))}
    assert scene.status_text()[0] == capital(fast.t("table.equal_first", **names))


@pytest.mark.parametrize("language", ["en", "it"])
def test_a_player_on_the_keys_is_told_the_keys_not_to_drag(fast, language):
    """The line under the table said "drag a card onto the table" to a player choosing
    cards with the arrows; it tells the keys once they are used, and the pointer's way
    again once the pointer takes a card (a card clicked: how the pointer plays it)."""
    fast.set_language(language)
    scene = open_table(fast, "7D 2C 10S", "1B 3B 8C", "3C 4S 5B 9B")
    assert scene.status_text()[0] == fast.t("table.your_turn")
    fast.frame(FRAME, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode="")])
    assert scene.status_text()[0] == fast.t("table.your_turn_keys")
    click(fast, centre_of(scene, C("7D")))
    assert scene.status_text()[0] == fast.t("table.your_turn_selected")


def test_a_sum_refused_for_a_card_of_the_same_rank_says_so(fast):
    """The 6 dropped on the 2 (2 + 4 = 6) with a 6 on the table was told only that it
    "cannot take the 2 of swords": the rule (its rank first) went unsaid."""
    fast.set_language("en")
    scene = open_table(fast, "6D 2C 10S", "1B 3B 8C", "6C 2S 4B 9B")
    drag(fast, centre_of(scene, C("6D")), centre_of(scene, C("2S")))
    assert scene.match.moves() == ()
    names = {"card": scene.card_name(C("6D")), "target": scene.card_name(C("6C"))}
    assert scene.status_text()[0] == capital(fast.t("table.must_take_equal", **names))
    pump(fast, 30)
    drag(fast, centre_of(scene, C("10S")), centre_of(scene, C("2S")))  # no rank to blame
    names = {"card": scene.card_name(C("10S")), "target": scene.card_name(C("2S"))}
    taken = "4 + 6"  # the sum it takes, which it must
    told = capital(fast.t("table.must_take_other", options=taken, **names))
    assert scene.status_text()[0] == told


def test_a_refusal_goes_with_the_next_play_made_right(fast):
    """The line saying why the 6 went back ("it must take the 6 of cups") stayed on after
    the 6 took the 6 of cups as it should, read as said of the play just made."""
    fast.set_language("en")
    scene = open_table(fast, "6D 2C 10S", "1B 3B 8C", "6C 2S 4B 9B")
    drag(fast, centre_of(scene, C("6D")), centre_of(scene, C("2S")))
    names = {"card": scene.card_name(C("6D")), "target": scene.card_name(C("6C"))}
    refused = capital(fast.t("table.must_take_equal", **names))
    assert scene.status_text()[0] == refused
    pump(fast, 10)
    drag(fast, centre_of(scene, C("6D")), centre_of(scene, C("6C")))
    assert scene.match.moves()[0].captures == (C("6C"),)
    assert scene.said() is None
    status = scene.status_text()
    assert status is None or status[0] != refused
    scene.close()


def test_a_card_dropped_on_one_it_makes_no_sum_with_is_not_told_of_sums(fast):
    """The 6 dropped on the 5 (no ace on the table to make 6) with a 6 there was told that "a
    card of its rank comes before any sum": there was no sum to speak of."""
    fast.set_language("en")
    scene = open_table(fast, "6D 2C 10S", "1B 3B 8C", "6C 5S 4B 9B")
    drag(fast, centre_of(scene, C("6D")), centre_of(scene, C("5S")))
    assert scene.match.moves() == ()
    names = {"card": scene.card_name(C("6D")), "target": scene.card_name(C("5S"))}
    taken = scene.card_name(C("6C"))
    assert scene.status_text()[0] == capital(
        fast.t("table.must_take_other", options=taken, **names)
    )


@pytest.mark.parametrize("language", ["en", "it"])
def test_a_card_that_must_take_dropped_elsewhere_is_told_what_it_takes(fast, language):
    """The 5 of coins dropped on the 7 of cups, a 5 of batons on the table, was told only
    that it "cannot take the 7 of cups": not that it must take, nor what. It says both,
    the captures named (up to two) or counted."""
    fast.set_language(language)
    scene = open_table(fast, "5D 2C 10S", "1B 3B 8C", "8D 5B 7C 9B")
    drag(fast, centre_of(scene, C("5D")), centre_of(scene, C("7C")))
    assert scene.match.moves() == ()
    names = {"card": scene.card_name(C("5D")), "target": scene.card_name(C("7C"))}
    taken = scene.card_name(C("5B"))
    assert scene.status_text()[0] == capital(
        fast.t("table.must_take_other", options=taken, **names)
    )
    scene.close()
    sums = [(C("1S"), C("6S")), (C("2C"), C("5C")), (C("3B"), C("4B")), (C("1S"), C("2C"), C("4B"))]
    told = scene._must_take_other(fast.t, C("5D"), C("7C"), sums[:2])  # two: named
    either = {"en": "1 + 6 or 2 + 5", "it": "1 + 6 o 2 + 5"}[language]
    assert told == fast.t("table.must_take_other", options=either, **names)
    told = scene._must_take_other(fast.t, C("5D"), C("7C"), sums)  # more than two: counted
    assert told == fast.t("table.must_take_some", n=4, **names)


@pytest.mark.parametrize("language", ["en", "it"])
def test_a_card_refused_at_quindici_is_told_what_the_two_make(fast, language):
    """At Scopa di quindici the 5 dropped on the knave was told only that it "cannot take
    the knave of cups": a player new to the fifteens wants the sum (5 + 8 = 13)."""
    fast.set_language(language)
    scene = open_table(fast, "5C 2C 10S", "2B 6B 9D", "8C 10B 1S 3B", Rules(quindici=True))
    drag(fast, centre_of(scene, C("5C")), centre_of(scene, C("8C")))
    assert scene.match.moves() == ()
    names = {"card": scene.card_name(C("5C")), "target": scene.card_name(C("8C"))}
    told = capital(fast.t("table.quindici_sum", a=5, b=8, total=13, **names))
    assert scene.status_text()[0] == told
    assert "5 + 8 = 13" in told and "15" in told
    scene.close()
    # the 2 and the 3 that would make Scopa's sum of 5 say nothing at quindici
    scene = open_table(fast, "5C 2C 10S", "2B 6B 9D", "2S 3B 10B 4D", Rules(quindici=True))
    drag(fast, centre_of(scene, C("5C")), centre_of(scene, C("2S")))
    assert scene.match.moves() == ()
    names = {"card": scene.card_name(C("5C")), "target": scene.card_name(C("2S"))}
    told = capital(fast.t("table.quindici_sum", a=5, b=2, total=7, **names))
    assert scene.status_text()[0] == told


@pytest.mark.parametrize("language", ["en", "it"])
def test_a_card_laid_on_the_cloth_that_must_take_says_why_it_took(fast, language):
    """A newcomer dropped the 4 on the open cloth to lay it down: it took 2 + 2, and
    nothing said why. The capture stands (a card that can take must), and the line under
    the table says so."""
    fast.set_language(language)
    scene = open_table(fast, "4B 9C 10S", "1B 3B 8C", "2C 2S 1D 9B")
    drag(fast, centre_of(scene, C("4B")), empty_felt(scene))
    assert scene.match.moves() == (Move.parse("4Bx2C+2S"),)
    said = capital(fast.t("table.must_take", card=scene.card_name(C("4B"))))
    assert scene.status_text()[0] == said
    pump(fast, 30)
    scene.close()


def test_a_card_dropped_among_the_table_cards_takes_without_a_telling_off(fast):
    """A player who dropped the 4 in the gap between the two 2s, to take them, was told "a
    card that can take is not laid down", as if the drop had broken a rule."""
    fast.set_language("en")
    scene = open_table(fast, "4B 9C 10S", "1B 3B 8C", "2C 2S 1D 9B")
    left = scene.view.sprites[C("2C")].rect()
    right = scene.view.sprites[C("2S")].rect()
    gap = ((left.right + right.left) / 2, left.centery)
    assert scene.view.table_card_at(gap) is None
    drag(fast, centre_of(scene, C("4B")), gap)
    assert scene.match.moves() == (Move.parse("4Bx2C+2S"),)
    assert scene.said() is None
    pump(fast, 30)
    scene.close()


def test_a_card_that_asks_which_cards_it_takes_is_not_told_it_must_take(fast):
    """The 4 dropped on the open cloth with 4 or 2 + 2 to take opened the choice of capture
    and, under it, said "a card that can take is not laid down": the choice already says
    that it takes."""
    fast.set_language("en")
    scene = open_table(fast, "4B 9C 10S", "1B 3B 8C", "1C 3S 2C 2S")
    drag(fast, centre_of(scene, C("4B")), empty_felt(scene))
    assert scene.input.pick.choice is not None
    assert scene.said() is None
    scene.close()


@pytest.mark.parametrize("language", ["en", "it"])
def test_a_card_dropped_on_a_card_it_cannot_take_says_it_takes_nothing(fast, language):
    """The ace dropped on the 8 was laid without a word: a beginner thought the drop had
    taken the 8."""
    fast.set_language(language)
    scene = open_table(fast, "1C 9C 10S", "1B 3B 8C", "8D 5S 6D 9B")
    drag(fast, centre_of(scene, C("1C")), centre_of(scene, C("8D")))
    assert scene.match.moves() == (Move.parse("1C"),)
    names = {"card": scene.card_name(C("1C")), "target": scene.card_name(C("8D"))}
    assert scene.status_text()[0] == capital(fast.t("table.takes_nothing", **names))
    pump(fast, 30)
    scene.close()


def test_a_card_dropped_off_the_table_away_from_the_hand_says_where_to_drop(fast):
    """A card dropped on the score panel went back to the hand without a word."""
    scene = open_table(fast, "7D 2C 10S", "1B 3B 8C", "3C 4S 5B 9B")
    drag(fast, centre_of(scene, C("7D")), scene.layout.hud_rect.center)
    assert scene.match.moves() == ()
    assert scene.status_text()[0] == capital(fast.t("table.drop_missed"))
    pump(fast, 30)
    scene.close()


def test_drop_outside_the_table_is_no_move(fast):
    scene = open_table(fast, "7D 2C 10S", "1B 3B 8C", "3C 4S 5B 9B")
    home = centre_of(scene, C("7D"))
    drag(fast, home, (home[0] + 5, home[1] - scene.layout.hand_h * 0.3))
    assert scene.match.moves() == ()
    pump(fast, 20)
    sprite = scene.view.sprites[C("7D")]
    assert (sprite.x, sprite.y) == pytest.approx(home, abs=1.5)


def test_click_a_card_then_the_table(fast):
    scene = open_table(fast, "7D 2C 10S", "1B 3B 8C", "3C 4S 5B 9B")
    click(fast, centre_of(scene, C("7D")))
    assert scene.selected == C("7D")
    assert scene.preview == frozenset({C("3C"), C("4S")})
    click(fast, centre_of(scene, C("4S")))
    assert scene.match.moves() == (Move.parse("7Dx3C+4S"),)


def test_no_input_while_the_computer_plays(fast):
    scene = open_table(fast, "7D 2C 10S", "1B 3B 8C", "7C 4S 5D 9B")
    drag(fast, centre_of(scene, C("2C")), empty_felt(scene))
    assert scene.match.turn == 1 and scene.human_to_play is None
    before = scene.match.moves()
    drag(fast, centre_of(scene, C("7D")), empty_felt(scene))
    assert scene.match.moves()[: len(before)] == before
    assert all(move.card != C("7D") for move in scene.match.moves())


def test_computer_replies_and_the_view_follows_the_engine(fast):
    scene = open_table(fast, "7D 2C 10S", "1B 3B 8C", "7C 4S 5D 9B")
    drag(fast, centre_of(scene, C("2C")), empty_felt(scene))
    for _ in range(400):
        pump(fast)
        if scene.human_to_play == 0:
            break
    assert len(scene.match.moves()) == 2
    round_ = scene.match.round
    assert sorted(scene.view.hands[0]) == sorted(round_.hand(0))
    assert sorted(c for c in scene.view.slots if c) == sorted(round_.table_cards())


def test_window_resize_relays_the_table(fast):
    scene = open_table(fast, "7D 2C 10S", "1B 3B 8C", "7C 4S 5D 9B")
    fast.frame(FRAME, [pygame.event.Event(pygame.VIDEORESIZE, w=960, h=540, size=(960, 540))])
    window = pygame.Rect(0, 0, 960, 540)
    for card in (*scene.view.hands[0], *(c for c in scene.view.slots if c)):
        assert window.contains(scene.view.sprites[card].rect())
    drag(fast, centre_of(scene, C("7D")), empty_felt(scene))
    assert scene.match.moves() == (Move.parse("7Dx7C"),)


@pytest.mark.parametrize("interruption", ["resize", "escape"])
def test_a_drag_cut_short_sends_the_card_back_and_puts_out_the_glow(fast, interruption):
    """The window resized, or Escape pressed, with a card dragged over the table: the card
    went back to the hand (Escape opened the menu), but the cards it could take kept
    glowing with nothing selected, and a click on them did nothing."""
    from .table_helpers import mouse

    scene = open_table(fast, "7D 2C 10S", "1B 3B 8C", "7C 4S 5D 9B")
    start, over = centre_of(scene, C("7D")), centre_of(scene, C("7C"))
    fast.frame(FRAME, [mouse(pygame.MOUSEBUTTONDOWN, start)])
    for k in range(1, 9):
        at = (start[0] + (over[0] - start[0]) * k / 8, start[1] + (over[1] - start[1]) * k / 8)
        fast.frame(FRAME, [mouse(pygame.MOUSEMOTION, at)])
    assert scene.drag.active and scene.preview
    if interruption == "resize":
        fast.frame(FRAME, [pygame.event.Event(pygame.VIDEORESIZE, w=1280, h=720, size=(1280, 720))])
    else:
        fast.frame(FRAME, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0)])
        assert fast.stack.top is scene  # Escape let go of the card; the menu waits
    fast.frame(FRAME, [mouse(pygame.MOUSEBUTTONUP, centre_of(scene, C("7C")))])
    settle(fast, scene)
    assert not scene.drag.active and not scene.preview and scene.pick.selected is None
    assert scene.match.moves() == ()
    assert scene.view.places[C("7D")][0] == "hand"
    drag(fast, centre_of(scene, C("7D")), centre_of(scene, C("7C")))  # and play goes on
    assert scene.match.moves() == (Move.parse("7Dx7C"),)


@pytest.mark.parametrize(
    "keys",
    [
        (pygame.K_1, pygame.K_1),  # the first card: chosen, then played
        (pygame.K_RETURN, pygame.K_SPACE),  # the card under the pointer: chosen, then played
        (pygame.K_RIGHT, pygame.K_UP),
    ],
)
def test_keys_pressed_with_a_card_held_play_nothing(fast, keys):
    """A digit pressed twice while the 10 was dragged played the first card of the hand
    (the held one went back); Enter then Space played the held card wherever the pointer
    was, the button still down. The card held is the one the player is playing."""
    from .table_helpers import mouse

    scene = open_table(fast, "7D 2C 10S", "1B 3B 8C", "7C 4S 5D 9B")
    start, over = centre_of(scene, C("10S")), empty_felt(scene)
    fast.frame(FRAME, [mouse(pygame.MOUSEBUTTONDOWN, start)])
    for k in range(1, 9):
        at = (start[0] + (over[0] - start[0]) * k / 16, start[1] + (over[1] - start[1]) * k / 16)
        fast.frame(FRAME, [mouse(pygame.MOUSEMOTION, at)])
    assert scene.drag.active
    for key in keys:
        fast.frame(FRAME, [pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="")])
        fast.frame(FRAME, [pygame.event.Event(pygame.KEYUP, key=key, mod=0)])
    assert scene.match.moves() == ()
    assert scene.drag.card == C("10S") and scene.pick.selected in (None, C("10S"))
    fast.frame(FRAME, [mouse(pygame.MOUSEBUTTONUP, over)])  # let go on the cloth: laid
    settle(fast, scene)
    assert scene.match.moves()[0] == Move.parse("10S")


def test_the_computer_waits_a_readable_moment_before_playing(app):
    from scopa.app.table.scene import THINK_SECONDS

    app.settings = app.settings.with_(animation_speed="normal", language="en")
    scene = open_table(app, "7D 2C 10S", "1B 3B 8C", "7C 4S 5D 9B")
    drag(app, centre_of(scene, C("2C")), empty_felt(scene))
    settle(app, scene)
    waited = 0.0
    while len(scene.match.moves()) < 2:
        pump(app)
        waited += FRAME
        assert waited < 5
    assert waited >= THINK_SECONDS - FRAME


def test_set_match_shows_an_earlier_position_exactly(fast):
    from .test_table_match import view_matches_engine

    scene = open_table(fast, "7D 2C 10S", "1B 3B 8C", "7C 4S 5D 9B")
    before = scene.match
    drag(fast, centre_of(scene, C("7D")), centre_of(scene, C("7C")))
    pump(fast, 5)  # mid-animation
    scene.set_match(before)
    assert scene.match is before and not scene.director.busy
    view_matches_engine(scene)
    assert scene.human_to_play == 0
    scene.coordinator.flush()
    drag(fast, centre_of(scene, C("2C")), empty_felt(scene))
    assert scene.match.moves() == (Move.parse("2C"),)


def test_show_hint_raises_the_card_and_lights_what_it_takes(fast):
    scene = open_table(fast, "7D 2C 10S", "1B 3B 8C", "3C 4S 5B 9B")
    scene.show_hint(Move.parse("7Dx3C+4S"))
    assert scene.selected == C("7D")
    assert scene.preview == frozenset({C("3C"), C("4S")})
    fast.frame(FRAME, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="")])
    assert scene.match.moves() == (Move.parse("7Dx3C+4S"),)


def test_a_hinted_card_clicked_stays_chosen_and_a_click_on_the_table_plays_it(fast):
    """A click on the card a hint raised lowered it: the player who clicked it to play it
    (then the table, as one plays by clicks) had to click it a second time first."""
    scene = open_table(fast, "7D 2C 10S", "1B 3B 8C", "3C 4S 5B 9B")
    scene.show_hint(Move.parse("7Dx3C+4S"))
    click(fast, centre_of(scene, C("7D")))
    assert scene.selected == C("7D")
    click(fast, centre_of(scene, C("4S")))
    assert scene.match.moves() == (Move.parse("7Dx3C+4S"),)


def test_a_card_under_a_resting_pointer_lifts_once_the_deal_has_landed(fast):
    scene = TableScene(
        fast,
        coordinated(fast, solo_setup(), fixed_match("7D 2C 10S", "1B 3B 8C", "7C 4S 5D 9B")),
        worker=inline_worker(),
    )
    fast.stack.push(scene)
    slot = scene.layout.hand_slots(0, 3, True)[2]
    fast.frame(
        FRAME,
        [pygame.event.Event(pygame.MOUSEMOTION, pos=slot.centre, rel=(0, 0), buttons=(0, 0, 0))],
    )
    assert scene.hovered is None  # still dealing
    settle(fast, scene)
    pump(fast, 10)
    assert scene.hovered == C("10S")
    assert scene.view.sprites[C("10S")].lift > 0


def test_a_card_that_takes_nothing_shows_where_it_will_lie(fast):
    scene = open_table(fast, "7D 2C 10S", "1B 3B 8C", "7C 4S 5D 9B")
    start = centre_of(scene, C("10S"))
    fast.frame(FRAME, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1)])
    spot = empty_felt(scene)
    fast.frame(
        FRAME, [pygame.event.Event(pygame.MOUSEMOTION, pos=spot, rel=(0, 0), buttons=(1, 0, 0))]
    )
    assert scene.pick.landing and not scene.preview
    fast.frame(FRAME, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=spot, button=1)])
    assert not scene.pick.landing
    assert scene.match.moves() == (Move.parse("10S"),)


def test_a_still_table_is_not_redrawn_until_something_happens(fast, monkeypatch):
    scene = open_table(fast, "7D 2C 10S", "1B 3B 8C", "7C 4S 5D 9B")
    pump(fast, 2)
    flips = []
    monkeypatch.setattr(pygame.display, "flip", lambda: flips.append(1))
    monkeypatch.setattr(pygame.display, "update", lambda rects: flips.append(1))
    assert fast.frame(FRAME, [], draw=None) is False
    assert not flips
    moved = pygame.event.Event(
        pygame.MOUSEMOTION, pos=centre_of(scene, C("7D")), rel=(0, 0), buttons=(0, 0, 0)
    )
    assert fast.frame(FRAME, [moved], draw=None) is True
    assert flips == [1]


def test_losing_the_window_mid_drag_sends_the_card_home(fast):
    scene = open_table(fast, "7D 2C 10S", "1B 3B 8C", "7C 4S 5D 9B")
    home = centre_of(scene, C("7D"))
    fast.frame(FRAME, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=home, button=1)])
    spot = empty_felt(scene)
    fast.frame(
        FRAME, [pygame.event.Event(pygame.MOUSEMOTION, pos=spot, rel=(0, 0), buttons=(1, 0, 0))]
    )
    assert scene.drag.dragging
    fast.frame(FRAME, [pygame.event.Event(pygame.WINDOWFOCUSLOST)])
    assert not scene.drag.active
    pump(fast, 20)
    sprite = scene.view.sprites[C("7D")]
    assert (sprite.x, sprite.y) == pytest.approx(home, abs=1.5)
    assert scene.match.moves() == ()


def test_a_press_with_the_last_release_never_heard_sends_the_dragged_card_home(fast):
    """A card dragged onto the felt whose release never came (let go off the window, a
    touch screen, a remote desktop), then another card pressed: the new drag began and the
    first card stayed lying on the felt, though still in the hand."""
    scene = open_table(fast, "7D 2C 10S", "1B 3B 8C", "7C 4S 5D 9B")
    home, other = centre_of(scene, C("7D")), centre_of(scene, C("2C"))
    fast.frame(FRAME, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=home, button=1)])
    spot = empty_felt(scene)
    fast.frame(
        FRAME, [pygame.event.Event(pygame.MOUSEMOTION, pos=spot, rel=(0, 0), buttons=(1, 0, 0))]
    )
    assert scene.drag.dragging and scene.drag.card == C("7D")
    fast._last_press = None
    fast.frame(FRAME, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=other, button=1)])
    assert scene.drag.card == C("2C")
    fast.frame(FRAME, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=other, button=1)])
    pump(fast, 40)
    sprite = scene.view.sprites[C("7D")]
    assert (sprite.x, sprite.y) == pytest.approx(home, abs=1.5)
    assert scene.match.moves() == ()


def test_faces_are_read_on_idle_frames_never_while_cards_move(fast, monkeypatch):
    from scopa.app.cardart import CardArt
    from scopa.engine import DECK

    scene = open_table(fast, "7D 2C 10S", "1B 3B 8C", "7C 4S 5D 9B")
    lay = scene.layout
    assert all(scene.art.ready(c, lay.hand_w) for c in (C("7D"), C("2C"), C("10S")))
    assert all(scene.art.ready(c, lay.table_w) for c in (C("7C"), C("4S"), C("5D"), C("9B")))
    warmed_while_busy = []
    original = CardArt.warm_next

    def spy(self, widths):
        warmed_while_busy.append(scene.director.busy)
        return original(self, widths)

    monkeypatch.setattr(CardArt, "warm_next", spy)
    pump(fast, 100)
    assert warmed_while_busy and not any(warmed_while_busy)
    assert all(scene.art.ready(c, lay.table_w) and scene.art.ready(c, lay.hand_w) for c in DECK)


def test_no_face_is_read_in_the_frame_an_animation_ends(fast, monkeypatch):
    """That frame still paints the cards coming to rest: reading a face then would add to
    the slowest frames."""
    from scopa.app.cardart import CardArt

    scene = open_table(fast, "7D 2C 10S", "1B 3B 8C", "7C 4S 5D 9B")
    calls = []
    original = CardArt.warm_next

    def spy(self, widths):
        calls.append(1)
        return original(self, widths)

    monkeypatch.setattr(CardArt, "warm_next", spy)
    busy_frames_that_warmed = 0
    for frame in range(400):
        if frame % 100 == 0 and scene.human_to_play is not None and not scene.busy:
            scene.play(scene.match.legal_moves()[0])
        busy = scene.director.busy
        before = len(calls)
        pump(fast, 1)
        if busy and len(calls) > before:
            busy_frames_that_warmed += 1
    assert calls and busy_frames_that_warmed == 0


def test_a_double_click_plays_a_card_with_one_outcome(fast):
    scene = open_table(fast, "7D 2C 10S", "1B 3B 8C", "7C 4S 5D 9B")
    centre = centre_of(scene, C("2C"))  # takes nothing: it can only be laid
    click(fast, centre)
    assert scene.selected == C("2C") and scene.match.moves() == ()
    click(fast, centre)
    assert scene.match.moves() == (Move.parse("2C"),)


def test_two_clicks_queued_while_the_game_was_held_up_are_not_a_double_click(fast):
    """The game held up a moment (a starved computer): a click on the 2 of cups and another
    one a second and a half later reached it together, and played the card as a double
    click. Presses whose times are unknown are taken apart: the card chosen, then put down."""
    from .table_helpers import mouse

    scene = open_table(fast, "7D 2C 10S", "1B 3B 8C", "7C 4S 5D 9B")
    centre = centre_of(scene, C("2C"))  # takes nothing: it can only be laid
    fast._last_press = None
    clicks = [mouse(kind, centre) for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)]
    fast.frame(FRAME, clicks * 2, stalled=True)
    pump(fast, 10)
    assert scene.match.moves() == () and scene.selected is None


def test_a_double_click_on_a_card_with_choices_only_selects_it(fast):
    """...and it stays chosen, the line under the table saying how to play it: the second
    click lowered it, and a player who double-clicked saw nothing happen, no word why."""
    scene = open_table(fast, "7D 2C 10S", "1B 3B 8C", "3C 4S 5D 2B")
    centre = centre_of(scene, C("7D"))  # the settebello takes 3C+4S or 5D+2B
    click(fast, centre)
    # the line under the table offers no double click for it (it did, to no effect)
    assert scene.status_text()[0] == fast.t("table.your_turn_choose")
    click(fast, centre)
    assert scene.match.moves() == ()
    assert scene.choice is None
    assert scene.selected == C("7D")
    assert scene.status_text()[0] == fast.t("table.your_turn_choose")


def test_two_clicks_far_apart_in_time_do_not_play(fast):
    scene = open_table(fast, "7D 2C 10S", "1B 3B 8C", "7C 4S 5D 9B")
    centre = centre_of(scene, C("2C"))
    click(fast, centre)
    pump(fast, 30)  # a second later
    click(fast, centre)
    assert scene.match.moves() == ()


def test_the_aid_buttons_are_drawn_in_every_look_on_idle_frames(fast):
    """The first time Undo becomes possible or a hint is asked for, its new look is ready."""
    from scopa.app import style
    from scopa.app.style import Scale
    from scopa.app.style.surfaces import gradient

    scene = open_table(fast, "7D 2C 10S", "1B 3B 8C", "7C 4S 5D 9B")
    pump(fast, 30)
    lay = scene.layout
    before = gradient.cache_info().misses
    for button in scene.aids.buttons():
        for state in ("normal", "hot", "disabled"):
            for primary in (False, True):
                scratch = pygame.Surface((400, 200), pygame.SRCALPHA)
                size = (round(button.rect.width), round(button.rect.height))
                style.button(
                    scratch,
                    pygame.Rect((10, 10), size),
                    Scale(lay.size),
                    scene.text.font,
                    fast.t(f"aids.{button.name}"),
                    lay.font_small,
                    state=state,
                    primary=primary,
                )
    assert gradient.cache_info().misses == before


def test_the_number_on_a_pile_counts_its_scopa_cards_too(fast):
    """The card of a scopa lies face up across its pile: the number beside the pile counts
    it with the others, as the score panel's "5 taken" and the score sheet do (it said 4)."""
    fast.settings = fast.settings.with_(language="en")
    fast.set_language("en")
    scene = open_table(fast, "10S 6C 7D", "5B 6B 8C", "1C 2B 3S 4D")
    drag(fast, centre_of(scene, C("10S")), centre_of(scene, C("4D")))
    settle(fast, scene)
    assert scene.view.markers[0] == [C("10S")]
    surface = pygame.Surface(fast.size)
    seen: list[style.Drawn] = []
    scene.painter.frames = FrameCache()
    with style.watch_text(seen.append):
        scene.draw(surface)
    _, pile_y = scene.layout.pile_centre(0)
    beside_pile = [
        d.words for d in seen if d.words.isdigit() and d.used.top < pile_y < d.used.bottom
    ]
    assert beside_pile == ["5"]
    assert any(d.words.startswith("5 taken") for d in seen)


def test_a_card_played_from_the_keyboard_lies_flat_on_the_table(fast):
    """A card chosen with the arrows is raised in the hand; played with Return, it lies on
    the table level with the others, not raised above them for the rest of the round."""
    scene = open_table(fast, "7D 2C 10S", "1B 3B 8C", "4C 5S 6B 9B")
    key = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode="")
    fast.frame(FRAME, [key])
    assert scene.selected == C("2C")
    pump(fast, 30)
    sprite = scene.view.sprites[C("2C")]
    assert sprite.lift > 0  # raised in the hand: the card chosen
    fast.frame(FRAME, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="")])
    assert scene.match.moves()[0] == Move.parse("2C")
    settle(fast, scene)
    assert C("2C") in scene.view.slots
    assert sprite.lift == 0
    level = {round(scene.view.sprites[card].rect().top) for card in scene.view.slots if card}
    assert len(level) == 1, level


@pytest.mark.parametrize("size", [(960, 540), (1280, 720), (1920, 1080)])
def test_a_card_raised_in_the_hand_leaves_the_status_line_clear(fast, size):
    """A card chosen with the arrows rises toward the status line ("Your turn: ...") and
    must not cover its bottom edge."""
    fast.resize(size)
    scene = open_table(fast, "7D 2C 10S", "1B 3B 8C", "4C 5S 6B 9B")
    fast.frame(FRAME, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode="")])
    pump(fast, 30)
    raised = scene.view.sprites[scene.selected].rect()
    status = [item for item in scene.painter.items(scene.snapshot()) if item.key[0] == "status"]
    assert len(status) == 1
    assert status[0].rect.bottom < raised.top, (status[0].rect, raised)


def test_an_ace_refused_the_table_in_scopa_d_assi_says_why(fast):
    """In scopa d'assi an ace dropped on a 5, with an ace on the table, was told only that
    it "cannot take the 5 of swords": with an ace there it takes just that ace."""
    fast.set_language("en")
    scene = open_table(fast, "1D 2C 10S", "1B 3B 8C", "1C 5S 4B 9B", Rules(assi=True))
    drag(fast, centre_of(scene, C("1D")), centre_of(scene, C("5S")))
    assert scene.match.moves() == ()
    names = {"card": scene.card_name(C("1D")), "target": scene.card_name(C("1C"))}
    assert scene.status_text()[0] == capital(fast.t("table.ace_takes_ace", **names))


def test_the_trace_tells_each_press_what_took_it_and_the_table_s_state(fast):
    """For a check driving a real window: why a card dragged there was not played."""
    traced: list[str] = []
    fast.trace = traced.append
    scene = open_table(fast, "7D 2C 10S", "1B 3B 8C", "7C 4S 5D 9B")
    start = centre_of(scene, C("7D"))
    drag(fast, start, centre_of(scene, C("7C")))
    assert scene.match.moves() == (Move.parse("7Dx7C"),)
    x, y = (round(v) for v in start)
    assert "table to play 0 turn 0 busy False cover None lost False online None" in traced[0]
    assert traced[1] == f"MouseButtonDown 1 at ({x}, {y}) over TableScene after 0 motions: taken"
    assert traced[-1].startswith("MouseButtonUp 1 at ")
    assert re.search(r"over TableScene after [1-9]\d* motions: taken$", traced[-1])


@pytest.mark.parametrize("size", [(960, 540), (1024, 768), (1280, 720), (1920, 1080)])
def test_the_line_under_the_table_keeps_clear_of_a_second_row_of_cards(fast, size):
    """With seven cards or more on the table, the line under it ("Waiting for Bruno to
    play") lay over the bottom of the second row at 960x540."""
    fast.resize(size)
    scene = open_table(fast, "7D 2C 10S", "1B 3B 8C", "3C 4S 5B 9B")
    (status,) = [i for i in scene.painter.items(scene.snapshot()) if i.key[0] == "status"]
    lay = scene.layout
    for count in range(7, 13):
        lowest = max(lay.table_slot(slot, count).bottom for slot in range(count))
        assert lowest + lay.margin * 0.25 <= status.rect.top, (count, lowest, status.rect)


@pytest.mark.parametrize("key", [pygame.K_h, pygame.K_RETURN, pygame.K_TAB])
def test_any_key_of_play_tells_the_keys_not_to_drag(fast, key):
    """A keyboard player who had pressed only Enter, Tab or H (a hint) was still told to
    "drag a card onto the table"; the pause's Escape and a modifier say nothing."""
    fast.set_language("en")
    scene = open_table(fast, "7D 2C 10S", "1B 3B 8C", "3C 4S 5B 9B")
    for quiet in (pygame.K_LSHIFT, pygame.K_F11):
        fast.frame(FRAME, [pygame.event.Event(pygame.KEYDOWN, key=quiet, mod=0, unicode="")])
        assert scene.status_text()[0] == fast.t("table.your_turn")
    fast.frame(FRAME, [pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="")])
    assert scene.status_text()[0] == fast.t("table.your_turn_keys")


def test_arrows_pressed_while_the_computer_plays_choose_a_card_once_the_turn_comes(fast):
    """A player on the keys pressed Right while the other seat's card was still moving:
    the key was lost, and no card was chosen when the turn came. The arrows pressed then
    choose the card once the turn comes; Enter pressed then plays nothing."""
    scene = open_table(fast, "7D 2C 10S", "1B 3B 8C", "7C 4S 5D 9B")
    key = {
        name: pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="")
        for name, code in (("right", pygame.K_RIGHT), ("enter", pygame.K_RETURN))
    }
    scene.play(Move.parse("2C"))
    fast.frame(FRAME, [])
    assert scene.human_to_play is None
    fast.frame(FRAME, [key["right"], key["right"], key["enter"]])
    for _ in range(2000):
        if scene.human_to_play == 0:
            break
        fast.frame(FRAME, [])
    settle(fast, scene)
    pump(fast, 2)
    hand = list(scene.view.hands[0])
    assert len(scene.match.moves()) == 2  # the computer's reply, and no card played for us
    assert scene.selected == hand[1]


def test_two_arrows_in_one_frame_leave_only_the_card_chosen_raised(fast):
    """Right twice before a frame was drawn (two keys at once, or the arrows kept while the
    computer played) left the first card raised beside the chosen one: it was still on its
    way up when the second key sent it back, and was told it was down already."""
    scene = open_table(fast, "7D 2C 10S", "1B 3B 8C", "7C 4S 5D 9B")
    right = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode="")
    fast.frame(FRAME, [right, right])
    pump(fast, 30)
    hand = list(scene.view.hands[0])
    assert scene.selected == hand[1]
    lifts = [scene.view.sprites[card].lift for card in hand]
    assert lifts[1] > 0 and lifts[0] == 0 and lifts[2] == 0, lifts


def test_a_card_chosen_before_the_menu_is_still_raised_after_it(fast):
    """A card clicked once rises, chosen; Menu then Resume left it chosen (it glowed, and
    the table took it) but level with the others, as if not chosen."""
    from scopa.app.scenes.pause import PauseScene

    scene = open_table(fast, "7D 2C 10S", "1B 3B 8C", "7C 4S 5D 9B")
    click(fast, centre_of(scene, C("2C")))
    pump(fast, 30)
    assert scene.selected == C("2C") and scene.view.sprites[C("2C")].lift > 0
    click(fast, scene.layout.menu_rect.center)  # the corner's button, with the mouse
    pause = fast.stack.top
    assert isinstance(pause, PauseScene)
    pump(fast, 10)
    from .menu_helpers import click as menu_click

    menu_click(fast, pause.buttons[0])  # Resume
    assert fast.stack.top is scene
    pump(fast, 30)
    assert scene.selected == C("2C")
    assert scene.view.sprites[C("2C")].lift > 0


def test_the_plates_are_laid_out_again_in_a_language_chosen_over_the_table(fast):
    """Italian chosen in the settings over an English table: the computer's plate, as wide
    as "Beginner" wanted, read "Principiante", and "Livello principiante" only once the
    window had changed size. The table is laid out again in the new language."""
    fast.resize((960, 540))
    scene = open_table(fast, "7D 2C 10S", "1B 3B 8C", "7C 4S 5D 9B")
    fast.open("pause")
    fast.set_language("it")
    fast.frame(FRAME, [])
    fast.back()
    fast.frame(FRAME, [])
    fresh = scene._table_layout(fast.size)
    assert scene.layout.place_of(1).name_rect == fresh.place_of(1).name_rect
    assert scene.layout.place_of(0).name_rect == fresh.place_of(0).name_rect


def test_the_table_behind_the_pause_is_laid_out_in_the_language_chosen_there(fast):
    """Italian chosen from the pause over an English table: behind the menu the plates kept
    the widths English wanted, the levels said in short ("Principiante" for "Livello
    principiante"), until the menu closed. The table behind is the table as it will be."""
    fast.resize((960, 540))
    scene = open_table(fast, "7D 2C 10S", "1B 3B 8C", "7C 4S 5D 9B")
    fast.open("pause")
    fast.frame(FRAME, [])
    fast.set_language("it")
    fast.frame(FRAME, [])  # the pause drawn, the table behind it
    assert fast.stack.top is not scene  # the pause is still open
    fresh = scene._table_layout(fast.size)
    assert scene.layout.place_of(1).name_rect == fresh.place_of(1).name_rect
    assert scene.layout.place_of(0).name_rect == fresh.place_of(0).name_rect


def computer_card_on_its_way(app) -> TableScene:  # noqa: ANN001
    """A table where the player laid the 2 of cups and the computer's reply is on its way,
    the turn the player's again once it lands."""
    scene = open_table(app, "7D 2C 10S", "1B 3B 8C", "7C 4S 5D 9B")
    scene.play(Move.parse("2C"))
    for _ in range(600):
        app.frame(FRAME, [])
        if scene.director.busy and scene.match.turn == 0 and len(scene.match.moves()) == 2:
            break
    return scene


def test_a_double_click_whose_first_click_hurried_the_cards_plays_the_card(fast):
    """A double click on a card as the other seat's card landed: the first click hurried
    it, the second only raised the card, and a second double click was needed. The click
    that hurried counts as the first of the double click."""
    from scopa.app.table.input import DOUBLE_CLICK

    from .table_helpers import mouse

    scene = computer_card_on_its_way(fast)
    assert scene.human_to_play is None
    legal = scene.match.legal_moves()
    (card,) = [c for c in scene.view.hands[0] if sum(m.card == c for m in legal) == 1][:1]
    at = centre_of(scene, card)
    first = scene.clock
    fast.frame(FRAME, [mouse(pygame.MOUSEBUTTONDOWN, at), mouse(pygame.MOUSEBUTTONUP, at)])
    while scene.director.busy:
        fast.frame(FRAME, [])
    assert scene.human_to_play == 0 and scene.clock - first < DOUBLE_CLICK
    fast.frame(FRAME, [mouse(pygame.MOUSEBUTTONDOWN, at), mouse(pygame.MOUSEBUTTONUP, at)])
    assert len(scene.match.moves()) == 3 and scene.match.moves()[-1].card == card


def test_clicks_that_hurry_the_computer_play_no_card_of_the_player_s(fast):
    """Clicks made again and again to hurry the computer's card, the pointer resting on a
    card of the hand: the first click once the turn came back was taken for the second of
    a double click whose first was the last hurrying one, and played the card under the
    pointer, never chosen. A run of hurrying clicks is hurrying (as Space is), not the
    first half of a double click."""
    from .table_helpers import mouse

    scene = open_table(fast, "7D 2C 10S", "1B 3B 8C", "7C 4S 5D 9B")
    scene.play(Move.parse("2C"))
    at = None
    for _ in range(200):  # clicks about twelve a second, to hurry the computer's answer
        if at is None and len(scene.match.moves()) == 2:  # its card on the way
            legal = scene.match.legal_moves()
            card = next(c for c in scene.view.hands[0] if sum(m.card == c for m in legal) == 1)
            at = centre_of(scene, card)
        ours = scene.human_to_play == 0
        spot = at or centre_of(scene, C("7D"))
        fast.frame(FRAME, [mouse(pygame.MOUSEBUTTONDOWN, spot), mouse(pygame.MOUSEBUTTONUP, spot)])
        if ours:
            break
        pump(fast, 4)
    assert at is not None
    assert len(scene.match.moves()) == 2, f"{scene.match.moves()[-1]} was played"
    assert scene.human_to_play == 0
    for _ in range(4):  # the clicking goes on a moment into the turn: still no double click,
        pump(fast, 11)  # nor a card chosen (a click on the table then played it)
        fast.frame(FRAME, [mouse(pygame.MOUSEBUTTONDOWN, at), mouse(pygame.MOUSEBUTTONUP, at)])
        assert scene.selected is None
    assert len(scene.match.moves()) == 2, f"{scene.match.moves()[-1]} was played"
    pump(fast, 40)  # a pause: then a double click plays the card again
    for _ in range(2):
        fast._last_press = None
        fast.frame(FRAME, [mouse(pygame.MOUSEBUTTONDOWN, at), mouse(pygame.MOUSEBUTTONUP, at)])
        pump(fast, 3)
    assert len(scene.match.moves()) == 3


def test_a_card_dropped_as_the_window_is_resized_is_played(fast):
    """A card dropped on the king, the window made larger straight after: the card went
    back to the hand without a word. The window's new size was taken in before the drop
    of the same frame, which the new layout cancelled as if the drag were still going on.
    The drop lands where the player saw it; the table is then laid out again."""
    scene = open_table(fast, "7D 2C 10S", "1B 3B 8C", "7C 4S 5D 9B")
    start, end = centre_of(scene, C("7D")), centre_of(scene, C("7C"))
    fast._last_press = None
    fast.frame(FRAME, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1)])
    for k in range(1, 9):
        pos = (start[0] + (end[0] - start[0]) * k / 8, start[1] + (end[1] - start[1]) * k / 8)
        fast.frame(
            FRAME, [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0))]
        )
    width, height = fast.screen.get_size()
    pygame.display.set_mode((width + 160, height + 90), pygame.RESIZABLE)  # the window system
    drop = (round(end[0]), round(end[1]))
    fast.frame(FRAME, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=drop, button=1)])
    assert scene.match.moves() == (Move.parse("7Dx7C"),)
    settle(fast, scene)
    assert scene.layout.size == (width + 160, height + 90)
    assert scene.view.places[C("7D")] == ("pile", 0)


def test_a_card_clicked_in_the_hand_says_how_it_is_played(fast):
    """Clicked, a card rose with its capture shown, and the line still said to drag a card:
    nothing told that a click on the table (or a second click on the card) plays it."""
    scene = open_table(fast, "7D 2C 10S", "1B 3B 8C", "7C 4S 5D 9B")
    assert scene.status_text()[0] == fast.t("table.your_turn")
    click(fast, centre_of(scene, C("7D")))
    pump(fast, 2)
    assert scene.pick.selected == C("7D")
    assert scene.status_text()[0] == fast.t("table.your_turn_selected")
    click(fast, centre_of(scene, C("7C")))
    assert scene.match.moves() == (Move.parse("7Dx7C"),)


@pytest.mark.parametrize("keys", [(pygame.K_3, pygame.K_3), (pygame.K_KP3, pygame.K_RETURN)])
def test_a_card_is_chosen_and_played_by_its_number(fast, keys):
    """A digit only told how to use the arrows: it now chooses the card at its place in
    the hand (1 the first from the left), and the same digit again (or Enter) plays it."""
    scene = open_table(fast, "7D 2C 10S", "1B 3B 8C", "4C 5S 6B 9B")
    press = [pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="") for key in keys]
    fast.frame(FRAME, [press[0]])
    assert scene.selected == C("10S") and not scene.match.moves()
    fast.frame(FRAME, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_9, mod=0, unicode="9")])
    assert scene.selected == C("10S")  # no ninth card: nothing changes
    fast.frame(FRAME, [press[1]])
    assert scene.match.moves()[0].card == C("10S")


def test_a_card_chosen_on_the_keys_comes_down_when_another_is_put_back(fast):
    """The 10 of swords chosen with "3" (raised), then the 2 of cups picked up with the
    mouse and brought back to the hand: nothing was chosen any more, yet the 10 stayed
    raised, and Enter, Enter played the 2 under the pointer, not the card seen raised."""
    from .table_helpers import mouse

    scene = open_table(fast, "7D 2C 10S", "1B 3B 8C", "3C 4S 7C 9B")
    on_2c = centre_of(scene, C("2C"))
    fast.frame(FRAME, [mouse(pygame.MOUSEMOTION, on_2c)])
    pump(fast, 10)
    fast.frame(FRAME, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_3, mod=0, unicode="3")])
    pump(fast, 10)
    ten = scene.view.sprites[C("10S")]
    assert scene.selected == C("10S") and ten.lift > 0
    fast._last_press = None
    fast.frame(FRAME, [mouse(pygame.MOUSEBUTTONDOWN, on_2c)])
    for dy in (-40, -80, -120, -80, -40, 0):  # carried towards the table, and brought back
        fast.frame(FRAME, [mouse(pygame.MOUSEMOTION, (on_2c[0], on_2c[1] + dy))])
    fast.frame(FRAME, [mouse(pygame.MOUSEBUTTONUP, on_2c)])
    pump(fast, 15)
    assert scene.selected is None and ten.lift == 0.0  # nothing chosen, nothing raised
    assert not scene.match.moves()


def test_a_card_held_over_the_line_under_the_table_is_drawn_over_it(fast):
    """The card held in a drag, passing over the line under the table ("your turn: drag a
    card onto the table"), was drawn under it, cut across by the line."""
    from .table_helpers import mouse

    scene = open_table(fast, "7D 2C 10S", "1B 3B 8C", "3C 4S 5B 9B")
    start = centre_of(scene, C("7D"))
    fast._last_press = None
    fast.frame(FRAME, [mouse(pygame.MOUSEBUTTONDOWN, start)])
    line = scene.layout.status_centre
    for k in range(1, 9):
        pos = (start[0] + (line[0] - start[0]) * k / 8, start[1] + (line[1] - start[1]) * k / 8)
        fast.frame(FRAME, [mouse(pygame.MOUSEMOTION, pos)])
    items, _ = scene.painter.layered(scene.snapshot())
    keys = [item.key[:2] for item in items]
    status = next(i for i, key in enumerate(keys) if key[0] == "status")
    held = keys.index(("card", "dragged"))
    assert held > status
    fast.frame(FRAME, [mouse(pygame.MOUSEBUTTONUP, start)])
    scene.close()


def test_a_card_chosen_in_a_hand_of_nine_is_drawn_over_its_neighbours(fast):
    """Scopone deals nine cards: the card chosen with the arrows rose, and the next card
    covered half of it (the hand was drawn left to right whatever was lifted)."""
    rules = Rules.preset("scopone")
    seats = tuple(
        SeatConfig(name, seat == 0, "beginner")
        for seat, name in enumerate(("Anna", "Bruno", "Carla", "Dario"))
    )
    scene = TableScene(
        fast, coordinated(fast, MatchSetup(seats, rules), Match.new(rules, 3)),
        worker=inline_worker(),
    )  # fmt: skip
    fast.stack.push(scene)
    settle(fast, scene)
    for _ in range(600):
        if scene.human_to_play == 0 and not scene.busy:
            break
        fast.frame(FRAME, [])
    hand = sorted(scene.view.hands[0], key=lambda card: scene.view.sprites[card].x)
    assert len(hand) == 9
    for _ in range(5):  # the fifth card from the left: one on each side of it
        fast.frame(FRAME, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0,
                                              unicode="", scancode=0)])  # fmt: skip
    for _ in range(30):
        fast.frame(FRAME, [])
    chosen = scene.pick.selected
    assert chosen in hand[1:-1] and scene.view.sprites[chosen].lift > 0
    painted = [item.key for item in scene.painter.items(scene.snapshot())]
    at = {card: next(i for i, key in enumerate(painted) if _names(key, card)) for card in hand}
    assert all(at[chosen] > at[card] for card in hand if card != chosen)


def _names(key: object, card: Card) -> bool:
    """Whether a painted item's key is the still card ``card`` (its face's name first)."""
    return isinstance(key, tuple) and key[:2] == ("card", "still") and key[2][0] == str(card)


def test_up_after_down_raises_the_card_lowered_again(fast):
    """Down lowered the card chosen; Up then raised the first card of the hand, not it (a
    player on the keys chose their card again at every second thought)."""
    scene = open_table(fast, "6D 2C 10S", "1B 3B 8C", "6C 6S 4B 9B")

    def key(code: int) -> None:
        fast.frame(FRAME, [pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="")])

    for code in (pygame.K_RIGHT, pygame.K_RIGHT, pygame.K_DOWN):  # 2C, 6D, lowered
        key(code)
    assert scene.selected is None
    key(pygame.K_UP)
    assert scene.selected == C("6D") and scene.match.moves() == ()
    key(pygame.K_DOWN)
    key(pygame.K_RIGHT)  # on from the card lowered
    assert scene.selected == C("10S")


def test_the_turn_is_lit_where_the_show_has_come_to(fast):
    """The gold plate followed the engine, ahead of what was shown: during the deal it lit
    the first player before any card was dealt, and a play still flying lit the next seat
    (online, several plays shown one by one lit a seat whose turn was still to come)."""
    scene = TableScene(
        fast,
        coordinated(fast, solo_setup(), fixed_match("7D 2C 10S", "1B 3B 8C", "7C 4S 5D 9B")),
        worker=inline_worker(),
    )
    fast.stack.push(scene)
    pump(fast, 2)

    def lit() -> tuple[list[int], list[int]]:
        snapshot = scene.snapshot()
        plates = [n for n, plate in enumerate(snapshot.plates) if plate.active]
        return plates, [n for n, row in enumerate(snapshot.hud.rows) if row.active]

    assert scene.director.busy and lit() == ([], [])  # dealing: no one's turn yet
    settle(fast, scene)
    assert lit() == ([0], [0])
    drag(fast, centre_of(scene, C("7D")), centre_of(scene, C("7C")))
    pump(fast)
    assert scene.match.turn == 1 and scene.director.busy
    assert lit() == ([0], [0])  # the card still flies: it is still the player's play
    for _ in range(2000):
        if not scene.director.shown.playing:
            break
        pump(fast)
    assert lit() == ([scene.match.turn], [scene.match.turn])


@pytest.mark.parametrize("how", ["hidden", "released_unheard"])
def test_a_card_dragged_as_the_window_hides_goes_back_to_the_hand(fast, how):
    """The window minimised mid-drag, the button let go while it was hidden: back, the card
    followed the pointer with no button held, and the next click on the table played it
    (the 8 took 6 and 2 where the player only meant to bring the window back)."""
    scene, target = dragging_the_seven(fast)
    if how == "hidden":
        fast.frame(FRAME, [pygame.event.Event(pygame.WINDOWHIDDEN)])
    else:  # the release never came: the next motion has no button held
        fast.frame(
            FRAME,
            [pygame.event.Event(pygame.MOUSEMOTION, pos=target, rel=(0, 0), buttons=(0, 0, 0))],
        )
    assert not scene.drag.active and not scene.preview
    click(fast, centre_of(scene, C("7C")))
    assert scene.match.moves() == ()  # the click played nothing
    settle(fast, scene)
    assert scene.view.places[C("7D")][0] == "hand"


def space(app) -> None:  # noqa: ANN001
    app.frame(FRAME, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ")])


def test_space_tapped_to_hurry_the_computer_plays_no_card_of_the_player_s(fast):
    """Space hurries the computer's card; tapped on about six times a second to hurry it,
    the taps that came once the turn was the player's chose a card, then played it, unseen;
    so did two taps a second apart, one choosing, one playing. Space chooses and plays
    nothing: Enter does."""
    scene = open_table(fast, "7D 2C 10S", "1B 3B 8C", "7C 4S 5D 9B")
    scene.play(Move.parse("2C"))
    for _ in range(600):  # the computer's card on its way
        fast.frame(FRAME, [])
        if scene.director.busy and scene.match.turn == 0 and len(scene.match.moves()) == 2:
            break
    assert scene.human_to_play is None and scene.director.busy
    for _ in range(6):  # about six a second
        space(fast)
        pump(fast, 4)
    assert scene.human_to_play == 0
    assert len(scene.match.moves()) == 2 and scene.selected is None
    pump(fast, 40)  # a rest (over half a second)
    space(fast)
    pump(fast, 40)
    space(fast)
    assert len(scene.match.moves()) == 2 and scene.selected is None
    enter = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r")
    fast.frame(FRAME, [enter])
    assert scene.selected is not None  # chosen, not played
    fast.frame(FRAME, [enter])
    assert len(scene.match.moves()) == 3


def right(app) -> None:  # noqa: ANN001
    app.frame(FRAME, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0)])


def test_a_click_on_the_felt_plays_no_card_chosen_on_the_keys(fast):
    """A card chosen with the arrows, never clicked: a click on the bare felt (the window
    woken, say) played it, though only a card clicked goes where the table is clicked."""
    scene = open_table(fast, "7D 2C 10S", "1B 3B 8C", "7C 4S 5D 9B")
    right(fast)
    right(fast)
    pump(fast, 5)
    assert scene.selected is not None and not scene.pick.clicked
    click(fast, empty_felt(scene))
    assert scene.match.moves() == ()


def test_the_card_chosen_is_raised_again_once_the_window_changes_size(fast):
    """Chosen (Enter or a click on the table plays it), then the window resized: it lay
    flat in the hand among the others, though still the one chosen."""
    scene = open_table(fast, "6D 2C 10S", "1B 3B 8C", "6C 6S 4B 9B")
    right(fast)
    pump(fast, 10)
    card = scene.selected
    assert card is not None and scene.view.sprites[card].lift > 0
    fast.resize((1100, 650))
    pump(fast, 20)
    assert scene.selected == card and scene.view.sprites[card].lift > 0


def test_a_card_pressed_as_the_cards_land_is_dragged_once_they_have(fast):
    """A card of the hand pressed as the other seat's card was still on its way, and
    dragged to the table: the press hurried the card and was gone, so nothing followed the
    pointer and the release played nothing, without a word. The drag begins from the press
    at the first move once the turn is the player's."""
    from .table_helpers import mouse

    scene = computer_card_on_its_way(fast)
    assert scene.human_to_play is None
    legal = scene.match.legal_moves()
    card = next(c for c in scene.view.hands[0] if sum(m.card == c for m in legal) == 1)
    at = centre_of(scene, card)
    fast.frame(FRAME, [mouse(pygame.MOUSEBUTTONDOWN, at)])  # hurries the card on its way
    while scene.director.busy:
        fast.frame(FRAME, [])
    assert scene.human_to_play == 0
    end = empty_felt(scene)
    for k in range(1, 9):  # on to the table, the button held all along
        x, y = at[0] + (end[0] - at[0]) * k / 8, at[1] + (end[1] - at[1]) * k / 8
        fast.frame(FRAME, [mouse(pygame.MOUSEMOTION, (x, y))])
        assert scene.drag.card == card
    fast.frame(FRAME, [mouse(pygame.MOUSEBUTTONUP, end)])
    assert len(scene.match.moves()) == 3 and scene.match.moves()[-1].card == card


def test_a_card_carried_to_the_table_before_the_turn_came_is_played_as_it_is_let_go(fast):
    """The pointer had carried the card pressed as the cards moved all the way to the table
    before they landed, and rested there: let go once the turn was the player's, it played
    nothing. Let go, it is the drag it was."""
    from .table_helpers import mouse

    scene = computer_card_on_its_way(fast)
    legal = scene.match.legal_moves()
    card = next(c for c in scene.view.hands[0] if sum(m.card == c for m in legal) == 1)
    at, end = centre_of(scene, card), empty_felt(scene)
    fast.frame(FRAME, [mouse(pygame.MOUSEBUTTONDOWN, at), mouse(pygame.MOUSEMOTION, end)])
    while scene.director.busy:
        fast.frame(FRAME, [])
    assert scene.human_to_play == 0
    fast.frame(FRAME, [mouse(pygame.MOUSEBUTTONUP, end)])
    assert len(scene.match.moves()) == 3 and scene.match.moves()[-1].card == card


def test_a_card_carried_and_let_go_before_the_turn_came_says_why_it_stayed(fast):
    """A card pressed as the computer's card flew, carried to the table and let go before
    the turn came: it stayed in the hand with nothing said, as if the game had missed it."""
    from .table_helpers import mouse

    scene = computer_card_on_its_way(fast)
    at, end = centre_of(scene, C("10S")), empty_felt(scene)
    fast.frame(FRAME, [mouse(pygame.MOUSEBUTTONDOWN, at), mouse(pygame.MOUSEMOTION, end)])
    fast.frame(FRAME, [mouse(pygame.MOUSEBUTTONUP, end)])
    assert len(scene.match.moves()) == 2
    assert scene.said() == fast.t("table.drag_too_early")
    while scene.director.busy:  # the turn comes: a click alone plays nothing
        fast.frame(FRAME, [])
    assert scene.human_to_play == 0 and len(scene.match.moves()) == 2


@pytest.mark.parametrize("felt", ["green", "red"])
def test_the_card_under_the_pointer_glows_in_a_pale_tint_of_the_cloth(fast, felt):
    """On the red cloth the pale green glow round the card under the pointer read olive:
    the glow is a pale tint of the cloth chosen."""
    fast.settings = fast.settings.with_(felt=felt)
    scene = open_table(fast, "1D 2C 3S", "4D 5C 6S", "7D 8C 9S 10B")
    card = Card.parse("2C")
    scene.pick.hovered = card
    snap = scene.snapshot()
    assert snap.hover_glow == style.cloth(felt).hover
    item = scene.painter._static_card(snap, scene.view.sprites[card])
    assert style.cloth(felt).hover in item.key
    if felt == "red":
        red, green, blue = snap.hover_glow
        assert red > green > 0 and red > blue  # warm, not the green's olive


def test_a_digit_pressed_as_the_other_s_card_lands_chooses_its_card_and_plays_nothing(fast):
    """A card's digit pressed the moment the computer's card landed was lost with no word
    (a card dragged then is told "too soon"): a player on the keys pressed it twice, and
    nothing rose. The digits are kept for the turn as the arrows are: they choose the card,
    however many times pressed, and play nothing until the player sees the table."""
    scene = computer_card_on_its_way(fast)
    assert scene.director.busy and scene.human_to_play is None
    one = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_1, mod=0, unicode="1")
    fast.frame(FRAME, [one])
    fast.frame(FRAME, [one])  # once to choose, once to play: both before the turn
    while scene.director.busy:
        fast.frame(FRAME, [])
    fast.frame(FRAME, [])
    assert scene.human_to_play == 0 and len(scene.match.moves()) == 2  # nothing played
    first = scene.view.hands[0][0]
    assert scene.selected == first
    fast.frame(FRAME, [one])  # pressed again, seeing the table: played
    assert len(scene.match.moves()) == 3 and scene.match.moves()[-1].card == first


def test_the_line_under_the_table_goes_with_the_deal_it_spoke_of(fast):
    """The line under the table, said of a card laid ("the king cannot take the 7: it takes
    nothing, and stays on the table"), still showed through the replies, the next deal and
    into the next round. A new deal takes it away once dealt; the score sheet too."""
    fast.set_language("en")
    scene = open_table(fast, "2D 3D 4D", "5C 6C 5S", "8C 9D 10B 7S")  # Anna takes nothing

    def my_turn() -> None:
        for _ in range(100):
            pump(fast, 2)
            settle(fast, scene)
            if scene.human_to_play == 0:
                return
        raise AssertionError("the turn never came back")

    for card in ("2D", "3D"):
        scene.play(Move.parse(card))
        my_turn()
    drag(fast, centre_of(scene, C("4D")), centre_of(scene, C("8C")))
    assert scene.match.moves()[-1] == Move.parse("4D")
    assert scene.said() is not None  # it takes nothing: said
    my_turn()  # Bruno's last card, then the next deal
    assert scene.match.round.deal_no == 2
    assert scene.said() is None
    scene.close()


def test_why_a_card_laid_on_the_cloth_took_is_said_once_at_a_table(fast):
    """Every capture dropped on the open cloth, the usual way of playing one, was met with
    "a card that can take must take, even if you lay it on the open cloth", the rule read
    as a rebuke at each of them. It is said the first time only."""
    fast.set_language("en")
    scene = open_table(fast, "4B 9C 6S", "1B 3B 8C", "2C 2S 1D 9B")
    drag(fast, centre_of(scene, C("4B")), empty_felt(scene))
    assert scene.match.moves() == (Move.parse("4Bx2C+2S"),)
    assert scene.said() is not None
    for _ in range(100):
        pump(fast, 2)
        settle(fast, scene)
        if scene.human_to_play == 0:
            break
    scene.message_left = 0.0  # (read)
    (take,) = [m for m in scene.match.legal_moves() if m.card == C("9C")]
    assert (
        take.captures and len([m for m in scene.match.legal_moves() if m.card == C("9C")]) == 1
    ), "the 9 has one capture to make"
    drag(fast, centre_of(scene, C("9C")), empty_felt(scene))
    assert scene.match.moves()[-1] == take
    assert scene.said() is None
    scene.close()


def until_the_player_s_turn(app, scene: TableScene) -> bool:  # noqa: ANN001
    """Frames until the player is to play again; whether the table, while the computer's
    card was on its way, wrote no name on it."""
    nameless = False
    for _ in range(2000):
        app.frame(FRAME, [])
        if scene.director.busy and scene.match.turn == 0:
            nameless = nameless or scene.last_laid() is None
        if scene.human_to_play == 0:
            return nameless
    raise AssertionError("the player's turn never came back")


def test_the_card_a_computer_laid_carries_its_name_until_the_next_play(app):
    """A computer's card, laid in a second among the others, left no trace of which it was:
    it carries the name of who laid it until the next play, on the screen too. A card the
    player laid and one still flying carry none."""
    scene = open_table(app, "3S 4C 8D", "2B 1D 2C", "8S 5S 7S 4B")  # its cards take nothing
    scene.play(Move.parse("3S"))
    assert scene.last_laid() is None  # the player's own card
    assert until_the_player_s_turn(app, scene)
    seat, laid = scene.match.round.history()[-1]
    assert seat == 1 and laid.card is not None and not laid.captures
    name = scene.seats.seat_name(1)
    assert scene.last_laid() == (laid.card, name)
    drawn: list[str] = []
    with style.watch_text(lambda text: drawn.append(text.words)):
        scene.painter.frames = FrameCache()
        app.draw()
    assert name in drawn
    scene.play(Move.parse("4Cx4B"))
    assert scene.last_laid() is None


def test_a_card_a_computer_took_with_carries_no_name(app):
    scene = open_table(app, "3S 4C 8D", "10C 6B 1D", "10S 6S 1S 9B")  # its cards all take
    scene.play(Move.parse("3S"))
    until_the_player_s_turn(app, scene)
    seat, move = scene.match.round.history()[-1]
    assert seat == 1 and move.captures
    assert scene.last_laid() is None


def test_a_double_click_begun_as_a_new_hand_is_dealt_plays_none_of_its_cards(fast):
    """A child double-clicked the last card of the hand, then again at the same place as
    "nothing happened": the first click of the second pair hurried the new hand's deal,
    the second landed on a card of it, and that card was played before it was ever seen.
    A click that hurried begins a double click only on a card that lay in the hand then."""
    from scopa.app.table.input import DOUBLE_CLICK

    from .table_helpers import mouse

    scene = open_table(fast, "7D 2C 10S", "1B 3B 8C", "7C 4S 5D 9B")
    while len(scene.view.hands[0]) > 1:
        scene.play(scene.match.legal_moves()[0])
        for _ in range(600):
            fast.frame(FRAME, [])
            if scene.human_to_play == 0 and not scene.director.busy:
                break
        assert scene.human_to_play == 0
    (last,) = scene.view.hands[0]
    at = centre_of(scene, last)
    moves = len(scene.match.moves())
    scene.play(scene.match.legal_moves()[0])
    for _ in range(600):  # the computer's last card played, the new hands on their way
        fast.frame(FRAME, [])
        if len(scene.view.hands[0]) == 3 and scene.director.busy:
            break
    assert len(scene.match.moves()) == moves + 2 and scene.human_to_play is None
    first = scene.clock
    fast.frame(FRAME, [mouse(pygame.MOUSEBUTTONDOWN, at), mouse(pygame.MOUSEBUTTONUP, at)])
    while scene.director.busy:
        fast.frame(FRAME, [])
    assert scene.human_to_play == 0 and scene.clock - first < DOUBLE_CLICK
    assert scene.view.hand_card_at(0, at) is not None  # a card of the new hand lies there
    fast.frame(FRAME, [mouse(pygame.MOUSEBUTTONDOWN, at), mouse(pygame.MOUSEBUTTONUP, at)])
    assert len(scene.match.moves()) == moves + 2, f"{scene.match.moves()[-1]} was played"


def test_a_card_carried_onto_a_table_card_is_not_played_on_another_the_table_moved_there(fast):
    """A card pressed as the computer's card flew, carried onto a card of the table and held
    there: the computer's card landed, the table was laid out again, and the card let go
    was played on whatever card had slid under the pointer. It stays in the hand, and the
    line says why: the player drags it again on the table as it is."""
    from .table_helpers import mouse

    scene = computer_card_on_its_way(fast)
    aimed = C("9B")
    at, end = centre_of(scene, C("7D")), centre_of(scene, aimed)
    fast.frame(FRAME, [mouse(pygame.MOUSEBUTTONDOWN, at), mouse(pygame.MOUSEMOTION, end)])
    while scene.director.busy:
        fast.frame(FRAME, [])
    assert scene.human_to_play == 0
    assert scene.view.table_card_at(end) != aimed  # another card, or none, there now
    fast.frame(FRAME, [mouse(pygame.MOUSEBUTTONUP, end)])
    assert len(scene.match.moves()) == 2, f"{scene.match.moves()[-1]} was played"
    assert scene.said() == fast.t("table.drag_table_changed")


def hand_s_last_card_played(app) -> TableScene:  # noqa: ANN001
    """A table where the player has just played the last card of the first hand (the
    computer's last card and the next hands to come)."""
    scene = open_table(app, "7D 2C 10S", "1B 3B 8C", "7C 4S 5D 9B")
    while len(scene.view.hands[0]) > 1 or scene.human_to_play != 0:
        if scene.human_to_play == 0 and not scene.director.busy:
            scene.play(scene.match.legal_moves()[0])
        app.frame(FRAME, [])
    scene.play(scene.match.legal_moves()[0])
    return scene


def test_clicks_on_a_new_hand_just_landed_choose_nothing_until_it_has_been_seen(fast):
    """A child clicking on and on as the new hand came: once it had landed, the next two
    clicks were a double click on a card of it, played barely seen. For a moment after a
    new hand lands a click on it does nothing; then a double click plays as ever."""
    from scopa.app.table.scene import DEALT_CALM

    from .table_helpers import mouse

    scene = hand_s_last_card_played(fast)
    for _ in range(900):  # the new hands dealt, the player's turn once they land
        fast.frame(FRAME, [])
        if len(scene.view.hands[0]) == 3 and scene.human_to_play == 0 and not scene.director.busy:
            break
    assert scene.hand_just_dealt()
    moves = len(scene.match.moves())
    card = next(
        c for c in scene.view.hands[0] if sum(m.card == c for m in scene.match.legal_moves()) == 1
    )
    at = centre_of(scene, card)
    for _ in range(2):
        fast.frame(FRAME, [mouse(pygame.MOUSEBUTTONDOWN, at), mouse(pygame.MOUSEBUTTONUP, at)])
    assert len(scene.match.moves()) == moves and scene.selected is None
    landed = scene.clock
    while scene.clock - landed < DEALT_CALM:
        fast.frame(FRAME, [])
    assert not scene.hand_just_dealt()
    for _ in range(2):
        fast.frame(FRAME, [mouse(pygame.MOUSEBUTTONDOWN, at), mouse(pygame.MOUSEBUTTONUP, at)])
    assert len(scene.match.moves()) == moves + 1 and scene.match.moves()[-1].card == card


def test_the_table_rests_after_a_hand_s_last_play_before_the_next_hands_come(app):
    """The computer's forced last card of a hand and the next hands came within half a
    second of the player's last card: no one could see what it had taken. At the usual
    speed the table rests a moment after a hand's last play, then deals."""
    from scopa.app.table.director import LOOK_BEFORE_DEAL

    app.settings = app.settings.with_(animation_speed="normal")
    scene = hand_s_last_card_played(app)
    rested_from = None
    for _ in range(2000):
        app.frame(FRAME, [])
        if len(scene.view.hands[1]) == 0 and len(scene.match.moves()) >= 6:
            moving = any(scene.tweener.moving(sprite) for sprite in scene.view.sprites.values())
            if not moving and rested_from is None:
                rested_from = scene.clock  # the hand's last play shown, all at rest
        if len(scene.view.hands[0]) == 3:
            break
    assert rested_from is not None, "the next hands came before the last play had landed"
    assert scene.clock - rested_from >= LOOK_BEFORE_DEAL * 0.9
