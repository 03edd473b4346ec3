"""The director turns engine events into beats in the order a player should see them."""

from __future__ import annotations

import random

from scopa.app.table.director import Director
from scopa.app.table.layout import TableLayout
from scopa.app.table.sprites import TableView
from scopa.app.tween import Tweener
from scopa.engine import (
    Card,
    Dealt,
    DealWon,
    Match,
    MatchWon,
    Played,
    Redealt,
    RoundScored,
    Rules,
    Scopa,
)
from scopa.engine.cards import SETTEBELLO


def director(calls: list[str], speed: str = "normal", here: int | None = None) -> Director:
    """``here``: the side of the one playing at this screen (None: both cheered)."""
    view = TableView(TableLayout((1280, 720), Rules()), 2)
    return Director(
        view,
        Tweener(),
        speed=speed,
        sound=lambda name: calls.append(f"sound:{name}"),
        cheers=lambda side: here is None or side == here,
        text=lambda key, **kw: calls.append(key) or key,
        about=lambda key, side, **kw: calls.append(key) or key,
        on_scored=lambda: calls.append("scored"),
    )


def run(show: Director, seconds: float = 30.0) -> None:
    for _ in range(int(seconds * 30)):
        show.update(1 / 30)
        if show.blocked or not show.busy:
            return


def test_scoring_comes_before_the_redeal_of_the_next_round():
    calls: list[str] = []
    show = director(calls)
    match = Match.new(Rules(), 3)
    scores = match.round.score()
    dealt = match.opening_events()[-1]
    assert isinstance(dealt, Dealt)
    kings = tuple(Card.parse(t) for t in ("10D", "10C", "10S", "1B"))
    show.show([RoundScored(1, scores, (0, 0)), Redealt(0, kings, "kings"), dealt])
    run(show)
    assert show.blocked and "scored" in calls
    assert "table.redeal_kings" not in calls  # shown after the scoring scene
    show.resume()
    run(show)
    assert calls.index("scored") < calls.index("table.redeal_kings")


def test_a_deal_puts_every_card_where_the_engine_dealt_it():
    show = director([], speed="instant")
    match = Match.new(Rules(), random.Random(4))
    show.show(match.opening_events())
    run(show)
    view = show.view
    for seat in range(2):
        assert sorted(view.hands[seat]) == sorted(match.round.hand(seat))
    assert sorted(c for c in view.slots if c) == sorted(match.round.table_cards())
    assert view.count("stock") == len(match.round.stock)


def test_sounds_follow_the_events():
    calls: list[str] = []
    show = director(calls)
    match = Match.new(Rules(), 4)
    show.show(match.opening_events())
    run(show)
    move = match.legal_moves()[0]
    match, events = match.apply(move)
    show.show(events)
    run(show)
    sounds = [c for c in calls if c.startswith("sound:")]
    assert sounds[:2] == ["sound:shuffle", "sound:deal"]
    assert sounds[2] == "sound:play"
    assert (move.captures != ()) == ("sound:capture" in sounds)


def sounds(calls: list[str]) -> list[str]:
    return [call.removeprefix("sound:") for call in calls if call.startswith("sound:")]


def test_the_match_s_end_sounds_once_won_or_lost_as_it_is_for_this_screen():
    """Losing the match played the winner's fanfare, and after the round's own chime: the
    match's end sounds once, as won for the side of the one here, as lost for the other."""
    match = Match.new(Rules(), 3)
    scores = match.round.score()
    for here, winner, heard in ((0, 0, "win"), (0, 1, "lose"), (None, 1, "win")):
        calls: list[str] = []
        show = director(calls, here=here)
        show.show([RoundScored(1, scores, (11, 4)), MatchWon(winner, (11, 4))])
        run(show)
        assert sounds(calls) == [heard], (here, winner)
        show.resume()
    calls = []
    show = director(calls, here=0)
    show.show([RoundScored(1, scores, (5, 4))])  # a round ended, the match goes on
    run(show)
    assert sounds(calls) == ["round_end"]


def test_at_instant_speed_a_play_sounds_once_as_what_it_made():
    """At 'instant' speed every sound was silent (Mute off, the volume up): a play and
    what it makes sound once, as what matters most of it (a capture's, not the lay's)."""
    calls: list[str] = []
    show = director(calls, speed="instant")
    match = Match.new(Rules(), 4)
    show.show(match.opening_events())
    run(show)
    assert sounds(calls) == ["deal"]  # the deal's, over the shuffle's, in the same frame
    for _ in range(30):
        move = match.legal_moves()[0]
        match, events = match.apply(move)
        del calls[:]
        show.show(events)
        show.update(1 / 30)
        if move.captures:
            break
    assert move.captures and sounds(calls) in (["capture"], ["scopa"], ["round_end"])
    show.update(1 / 30)
    assert len(sounds(calls)) == 1  # nothing more after the frame that showed it


def test_captured_cards_leave_no_gap_on_the_table():
    show = director([], speed="instant")
    match = Match.new(Rules(), 4)
    show.show(match.opening_events())
    run(show)
    for _ in range(12):
        move = match.legal_moves()[-1]
        match, events = match.apply(move)
        show.show(events)
        run(show)
        if match.round.round_no > 1:
            break
        assert None not in show.view.slots
        assert sorted(show.view.slots) == sorted(match.round.table_cards())


def test_a_redeal_says_its_cause():
    """Every redeal under Cirulla read "An ace on the table": two aces, and the Luzzati
    three of a kind (a misdeal, of which the third in a row loses the game), say so."""
    calls: list[str] = []
    show = director(calls, speed="instant")
    aces = tuple(Card.parse(t) for t in ("1D", "1C", "4S", "9B"))
    three = tuple(Card.parse(t) for t in ("5D", "5C", "5S", "9B"))
    show.show([Redealt(0, aces, "aces"), Redealt(0, three, "three_of_a_kind"),
               Redealt(0, three, "three_of_a_kind")])  # fmt: skip
    run(show)
    assert [c for c in calls if c.startswith("table.redeal")] == [
        "table.redeal_aces_2", "table.redeal_three_of_a_kind", "table.redeal_three_of_a_kind"
    ]  # fmt: skip


def test_a_match_won_at_the_next_deal_is_scored_after_that_deal_is_shown():
    """Cirulla with the Luzzati rules: the deal after a round's last play put four of a
    kind on the table and won the match. The round's sheet came up at once as the final
    one, and the deal and its banner were never shown; the sheet now comes after them."""
    calls: list[str] = []
    show = director(calls)
    match = Match.new(Rules(), 3)
    dealt = match.opening_events()[-1]
    four = tuple(Card.parse(t) for t in ("5D", "5C", "5S", "5B"))
    won = DealWon(0, 1, four, "four_of_a_kind")
    show.show([RoundScored(1, match.round.score(), (4, 5)), dealt, won,
               MatchWon(1, (4, 5), at_deal=True)])  # fmt: skip
    run(show)
    assert show.blocked and calls.count("scored") == 1
    assert calls.index("table.deal_won.four_of_a_kind") < calls.index("scored")


def test_a_match_won_at_its_first_deal_ends_on_the_score_sheet():
    """Decided by its very first table, a match left the player on a table where nothing
    could be played, and no sheet came."""
    calls: list[str] = []
    show = director(calls)
    dealt = Match.new(Rules(), 3).opening_events()[-1]
    four = tuple(Card.parse(t) for t in ("5D", "5C", "5S", "5B"))
    show.show([dealt, DealWon(0, 1, four, "four_of_a_kind"), MatchWon(1, (0, 0), at_deal=True)])
    run(show)
    assert show.blocked and calls[-1] == "scored"


def test_a_redeal_lays_the_table_that_forced_it_before_saying_so():
    """ "Two aces on the table: deal again" showed over an empty table: the aces it spoke of
    were never seen. The table that forced the redeal is laid face up while the banner says
    why, and the deal that follows gathers it and deals afresh."""
    calls: list[str] = []
    show = director(calls)
    match = Match.new(Rules(), 3)
    dealt = match.opening_events()[-1]
    aces = tuple(Card.parse(t) for t in ("1D", "1C", "4S", "9B"))
    show.show([Redealt(0, aces, "aces"), dealt])
    under_banner: list[set[Card]] = []  # the cards face up on the table while it shows
    for _ in range(30 * 30):
        show.update(1 / 30)
        if any(b.text == "table.redeal_aces_2" and b.alpha > 0 for b in show.banners):
            table = [card for card in show.view.slots if card is not None]
            under_banner.append({c for c in table if show.view.sprites[c].face_up})
        if not show.busy:
            break
    assert under_banner and all(cards == set(aces) for cards in under_banner)
    assert sorted(c for c in show.view.slots if c) == sorted(dealt.table)


def test_no_seat_s_turn_is_shown_while_the_next_round_is_dealt():
    """The last card of a round played, its sheet read: as the next round was dealt, the
    plate of the one who played last glowed as if it were their turn."""
    show = director([], speed="normal")
    match = Match.new(Rules(), random.Random(6))
    show.show(match.opening_events())
    run(show)
    rng = random.Random(6)
    while True:
        match, events = match.apply(rng.choice(match.legal_moves()))
        if any(isinstance(e, RoundScored) for e in events):
            break
    last = next(e.seat for e in events if isinstance(e, Played))
    show.show(events)
    run(show)
    assert show.blocked  # the round's sheet
    show.resume()
    dealing = False
    for _ in range(30 * 30):
        show.update(1 / 30)
        if show.view.count("stock") < 40 and show.shown.round_no == 2:
            dealing = True
            assert show.shown.acting is None, f"seat {last}'s turn shown during the deal"
        if not show.busy:
            break
    assert dealing


def test_the_scopa_d_assi_s_redeal_counts_the_aces():
    """The scopa d'assi's redeal read "An ace on the table" of two aces."""
    calls: list[str] = []
    show = director(calls, speed="instant")
    one = tuple(Card.parse(t) for t in ("1D", "4C", "4S", "9B"))
    two = tuple(Card.parse(t) for t in ("1D", "1C", "4S", "9B"))
    show.show([Redealt(0, one, "ace"), Redealt(0, two, "ace")])
    run(show)
    assert [c for c in calls if c.startswith("table.redeal")] == [
        "table.redeal_ace", "table.redeal_aces_2"
    ]  # fmt: skip


def test_a_match_won_at_the_deal_says_so_once_then_leaves_its_table_in_sight():
    """Four of a kind won the match at the deal: "Four of a kind on the table: Bruno
    wins!", then "Bruno wins!" over the four cards that decided it, and the sheet at once.
    The deal's banner says who wins; the table that won lies in sight, no words over it,
    a moment before the sheet."""
    calls: list[str] = []
    show = director(calls)
    dealt = Match.new(Rules(), 3).opening_events()[-1]
    four = tuple(Card.parse(t) for t in ("9D", "9C", "9S", "9B"))
    show.show([dealt, DealWon(0, 1, four, "four_of_a_kind"), MatchWon(1, (0, 0), at_deal=True)])
    clear = 0.0  # how long the table lay with no banner over it, once the deal's had shown
    said = False
    for _ in range(30 * 30):
        show.update(1 / 30)
        said = said or "table.deal_won.four_of_a_kind" in calls
        if said and not any(banner.alpha > 1 for banner in show.banners):
            clear += 1 / 30
        if show.blocked:
            break
    assert show.blocked and calls[-1] == "scored"
    assert "table.wins" not in calls
    assert clear >= 1.0, clear


def test_the_table_that_made_the_dealer_s_bonus_lies_in_sight_before_it_goes():
    """The opening table made the dealer's bonus: its cards flew to the dealer's pile as
    the banner came up, over them, so that the table that made it was seen for only a
    moment. They lie there, lit, before the banner and their flight."""
    from scopa.engine import PRESETS, DealerBonus

    calls: list[str] = []
    show = director(calls)
    show.view = TableView(TableLayout((1280, 720), PRESETS["cirulla"]), 2)
    opening = Match.new(PRESETS["cirulla"], 0).opening_events()
    (bonus,) = [event for event in opening if isinstance(event, DealerBonus)]
    show.show(opening)
    lit = 0.0  # how long the four lay on the table lit, no banner over them
    for _ in range(30 * 30):
        show.update(1 / 30)
        lying = all(show.view.places.get(card, ("",))[0] == "table" for card in bonus.cards)
        if lying and show.glowing == frozenset(bonus.cards) and not show.banners:
            lit += 1 / 30
        if not show.busy:
            break
    assert lit >= 0.7, lit
    assert all(show.view.places[card] == ("pile", bonus.side) for card in bonus.cards)


def test_a_banner_gives_way_to_the_next_one_rather_than_lie_under_it():
    """ "Giulia does not knock" came up while "The opening table makes 15" still showed:
    one lay over the middle of the other, neither readable. A banner coming takes the
    place of the one still shown, at once."""
    calls: list[str] = []
    show = director(calls)
    show._banner("The opening table makes 15", "info", 2.2)
    for _ in range(30):
        show.update(1 / 30)
    show._banner("Giulia does not knock", "info", 0.9)
    for _ in range(10):  # a third of a second
        show.update(1 / 30)
    shown = [banner.text for banner in show.banners if banner.alpha * banner.fade > 1]
    assert shown == ["Giulia does not knock"], shown


def test_a_match_laid_out_again_makes_no_sound():
    """A match resumed (or a play taken back) is laid out by showing its round at once:
    since 'instant' plays the sound of what a play made, Continue and Undo sounded the
    round's loudest capture (a scopa's fanfare) though nothing was played."""
    calls: list[str] = []
    show = director(calls, speed="normal")
    match = Match.new(Rules(), 4)
    events = list(match.opening_events())
    for _ in range(6):
        match, step = match.apply(match.legal_moves()[0])
        events += step
    assert any(isinstance(event, Played) for event in events)
    show.lay_out(events)
    show.update(1 / 30)
    assert sounds(calls) == [] and show.speed == "normal"


def test_a_capture_made_by_another_seat_stays_in_sight_longer_than_one_s_own():
    """The computer's card landed on what it took and was gone with it in under half a
    second: a player could not see what was taken. Another seat's capture glows in sight
    about a second; a capture of one's own goes on sooner (one knows what one took)."""
    from scopa.engine import Captured

    glow: dict[int, float] = {}
    match = Match.new(Rules(), 4)
    show = director([])
    show.view.visible_seats = frozenset({0})
    show.show(match.opening_events())
    run(show)
    while len(glow) < 2 and match.round.round_no == 1:
        seat = match.turn
        moves = match.legal_moves()
        match, events = match.apply(max(moves, key=lambda move: len(move.captures)))
        show.show(events)
        lit = 0.0
        for _ in range(300):
            show.update(1 / 60)
            lit += 1 / 60 if show.glowing else 0.0
            if not show.busy:
                break
        if any(isinstance(event, Captured) for event in events) and seat not in glow:
            glow[seat] = lit
    assert glow[1] >= 0.8 and glow[0] < glow[1] - 0.2, glow


def test_a_match_won_here_throws_paper_up_that_is_gone_before_its_sheet():
    """The end of a match won was a banner and a sound alone: a match won here (or
    watched) throws scraps of paper up over the table, which fall past its edge before the
    sheet comes; a match lost here throws none, nor one shown at once."""
    match = Match.new(Rules(), 3)
    scores = match.round.score()
    for here, speed, thrown in ((0, "normal", True), (None, "slow", True), (1, "normal", False),
                                (0, "instant", False)):  # fmt: skip
        calls: list[str] = []
        show = director(calls, speed=speed, here=here)
        show.show([RoundScored(1, scores, (11, 4)), MatchWon(0, (11, 4))])
        most, risen, fell = 0, False, False
        for _ in range(30 * 10):
            show.update(1 / 30)
            most = max(most, len(show.confetti))
            top = min((c.y for c in show.confetti), default=None)
            risen = risen or (top is not None and top < show.view.layout.banner_centre[1] - 50)
            fell = fell or any(c.y > show.view.layout.size[1] for c in show.confetti)
            if show.blocked:
                break
        assert show.blocked and "scored" in calls
        assert (most > 0) == thrown, (here, speed)
        assert risen == thrown and fell == thrown, (here, speed)
        assert show.confetti == []  # none left over the sheet


def settebello_taken(*, sweep: bool) -> tuple[Match, list]:
    """A match, the settebello about to be taken (by a move that sweeps the table, or not),
    the events before that play and the play's own."""
    for seed in range(400):
        match = Match.new(Rules(), seed)
        before = list(match.opening_events())
        while not match.over:
            moves = match.legal_moves()
            for move in moves:
                if SETTEBELLO in (move.card, *move.captures):
                    after, events = match.apply(move)
                    if any(isinstance(event, Scopa) for event in events) == sweep:
                        return match, [before, events]
            match, events = match.apply(moves[0])
            before += events
            if any(isinstance(event, RoundScored) for event in events):
                break
    raise AssertionError("no deal takes the settebello so")


def banners_seen(show: Director) -> list[str]:
    seen: list[str] = []
    for _ in range(30 * 20):
        show.update(1 / 30)
        seen += [banner.text for banner in show.banners if banner.text not in seen]
        if show.blocked or not show.busy:
            break
    return seen


def test_the_settebello_taken_is_said_unless_a_scopa_says_more():
    """A capture was said only when it swept the table: the settebello, the one card worth
    a point by itself, went to a pile as any other card."""
    for sweep in (False, True):
        show = director([])
        _, (before, events) = settebello_taken(sweep=sweep)
        show.lay_out(before)
        show.show(events)
        seen = banners_seen(show)
        taking = next(event.seat for event in events if isinstance(event, Played))
        if sweep:
            assert seen == [f"table.scopa_by {taking}"], seen
        else:
            assert seen == [f"table.settebello_to {taking}"], seen


def last_card_scopa() -> tuple[Match, list[list]]:
    """Scopone scientifico for two with the last-card scopa: a round whose very last play
    sweeps the table, and the events before it."""
    rules = Rules(deal="scientifico", scientifico_last_scopa=True)
    for seed in range(200):
        match = Match.new(rules, seed)
        before = list(match.opening_events())
        rng = random.Random(seed)
        while True:
            moves = match.legal_moves()
            if match.round.last_play:
                sweeps = [
                    move for move in moves if len(move.captures) == match.round.table.bit_count()
                ]
                if sweeps:
                    after, events = match.apply(sweeps[0])
                    if any(isinstance(event, Scopa) for event in events):
                        return match, [before, events]
                break
            match, events = match.apply(rng.choice(moves))
            before += events
    raise AssertionError("no round ends on a sweep")


def test_a_scopa_at_the_last_card_says_the_house_rule_made_it():
    """With the last-card scopa, the dealer's very last card sweeping the table scored
    "Scopa!" as any other, where a player who plays the usual rule took it for a bug."""
    show = director([])
    _, (before, events) = last_card_scopa()
    assert any(isinstance(event, RoundScored) for event in events)
    show.lay_out(before)
    show.show(events)
    seen = banners_seen(show)
    taking = next(event.seat for event in events if isinstance(event, Played))
    assert f"table.scopa_last_card {taking}" in seen, seen
    assert f"table.scopa_by {taking}" not in seen
