"""Dealing, turns, captures, scope and the end of a round, on explicit positions."""

import contextlib
import copy
import random

import pytest

from scopa.engine import (
    DECK,
    Captured,
    Card,
    DealerBonus,
    DealError,
    Dealt,
    IllegalMove,
    Laid,
    LastCapture,
    Move,
    Played,
    Redealt,
    Round,
    Rules,
    Scopa,
    misdeal_cause,
    observe,
    parse_cards,
    round_rng,
    shuffled_deck,
)
from scopa.engine.round import first_table

from .helpers import position


def deck_with(first: str) -> list[Card]:
    """A deck starting with the given cards, the rest in index order."""
    head = list(parse_cards(first))
    return head + [card for card in DECK if card not in head]


def test_deal_order_from_the_dealers_right():
    deck = list(DECK)
    state = Round.deal(Rules(players=3), deck, dealer=1)
    # seat 2 (dealer's right) gets the first three cards, then seat 0, then the dealer
    assert state.hand(2) == tuple(DECK[0:3])
    assert state.hand(0) == tuple(DECK[3:6])
    assert state.hand(1) == tuple(DECK[6:9])
    assert state.table_cards() == tuple(DECK[9:13])
    assert state.turn == 2
    assert len(state.stock) == 27


def test_three_kings_on_the_table_must_be_redealt():
    deck = deck_with("1D 1C 1S 2D 2C 2S 10D 10C 10S 3D")
    with pytest.raises(DealError, match="3 kings"):
        Round.deal(Rules(), deck)
    two_kings = deck_with("1D 1C 1S 2D 2C 2S 10D 10C 3S 3D")
    assert Round.deal(Rules(), two_kings).table_cards() == parse_cards("3D 3S 10D 10C")


def test_assi_redeal_toggle():
    deck = deck_with("2D 2C 2S 3D 3C 3S 1D 5C 6S 7B")
    Round.deal(Rules(assi=True), deck)
    with pytest.raises(DealError, match="ace"):
        Round.deal(Rules(assi=True, assi_redeal=True), deck)


def test_random_deal_reports_redeals():
    rules = Rules(assi=True, assi_redeal=True)
    for seed in range(40):
        state = Round.deal_random(rules, random.Random(seed))
        assert not any(card.rank == 1 for card in state.table_cards())
        assert isinstance(state.opening[-1], Dealt)
    redealt = [Round.deal_random(rules, random.Random(seed)).opening for seed in range(40)]
    assert any(len(opening) > 1 for opening in redealt)


def test_bad_decks():
    with pytest.raises(DealError):
        Round.deal(Rules(), DECK[:39])
    with pytest.raises(DealError):
        Round.deal(Rules(), [DECK[0]] * 40)
    with pytest.raises(DealError):
        Round.deal(Rules(), DECK, dealer=2)


def test_a_capture_and_its_events():
    state = position(Rules(), ["7D 2C 9B", "1C 1S 1B"], "3C 4S 8B")
    assert sorted(m.text() for m in state.legal_moves()) == ["2C", "7Dx3C+4S", "9B"]
    after, events = state.apply(Move.parse("7Dx3C+4S"))
    assert events == [
        Played(0, Card.parse("7D")),
        Captured(0, 0, Card.parse("7D"), parse_cards("3C 4S")),
    ]
    assert after.table_cards() == parse_cards("8B")
    assert set(parse_cards("7D 3C 4S")) <= set(after.pile(0))
    assert after.turn == 1 and after.last_capturer == 0


def test_compulsory_capture_and_free_choice_of_card():
    state = position(Rules(), ["7D 2C 9B", "1C 1S 1B"], "3C 4S 8B")
    with pytest.raises(IllegalMove, match="must take"):
        state.apply(Move.parse("7D"))
    # laying a card that cannot capture is fine even though another card could capture
    after, events = state.apply(Move.parse("2C"))
    assert isinstance(events[-1], Laid)
    assert Card.parse("2C") in after.table_cards()


def test_illegal_moves_leave_the_state_unchanged():
    state = position(Rules(), ["7D 2C 9B", "1C 1S 1B"], "3C 4S 8B")
    before = (state.hands, state.table, state.piles, state.turn)
    for text, reason in [
        ("1C", "not in the hand"),
        ("7Dx3C", r"may take: 3C\+4S"),
        ("9Bx8B", "takes cards that are not on the table|it is laid"),
        ("2Cx1D", "not on the table"),
    ]:
        with pytest.raises(IllegalMove, match=reason):
            state.apply(Move.parse(text))
    with pytest.raises(IllegalMove, match="turn"):
        state.apply(Move.parse("7Dx3C+4S"), seat=1)
    assert (state.hands, state.table, state.piles, state.turn) == before


def test_scopa_and_the_next_player_must_lay():
    state = position(Rules(), ["9D 2C", "5C 1S"], "6C 3B")
    after, events = state.apply(Move.parse("9Dx3B+6C"))
    assert Scopa(0, 0) in events and after.scope == (1, 0)
    assert all(not move.captures for move in after.legal_moves())


def test_last_play_never_scores_a_scopa_and_table_goes_to_last_capturer():
    # stock empty, each player one card: seat 1 (the dealer) plays the last card of the round
    state = position(Rules(), ["2C", "5D"], "5C", stock="", dealer=1, turn=0)
    state, events = state.apply(Move.parse("2C"))
    assert isinstance(events[-1], Laid)
    state, events = state.apply(Move.parse("5Dx5C"))
    assert not any(isinstance(e, Scopa) for e in events)
    assert state.over and state.scope == (0, 0)
    # the 2 left on the table goes to seat 1's side, the last to capture
    assert LastCapture(1, parse_cards("2C")) in events
    assert Card.parse("2C") in state.pile(1)
    assert state.table == 0


def test_nobody_captured_leaves_the_table_to_nobody():
    state = position(Rules(), ["2C", "3D"], "", stock="", dealer=1, piles=["", ""])
    state, _ = state.apply(Move.parse("2C"))
    state, events = state.apply(Move.parse("3D"))
    assert state.over and not any(isinstance(e, LastCapture) for e in events)


def test_scientifico_last_card_scopa_toggle():
    for toggle, scope in ((False, (0, 0)), (True, (0, 1))):
        rules = Rules(deal="scientifico", scientifico_last_scopa=toggle)
        state = position(rules, ["", "5D"], "5C", stock="", dealer=1, turn=1)
        state, _ = state.apply(Move.parse("5Dx5C"))
        assert state.scope == scope


def test_assi_sweep_scores_only_with_its_toggle():
    for toggle, scope in ((False, (0, 0)), (True, (1, 0))):
        rules = Rules(assi=True, assi_scopa=toggle)
        state = position(rules, ["1D 2D", "3C 4C"], "5C 7S")
        state, events = state.apply(Move.parse("1Dx5C+7S"))
        assert state.scope == scope and state.table == 0
    # taking a lone ace with an ace is an ordinary capture: a scopa
    state = position(Rules(assi=True), ["1D 2D", "3C 4C"], "1C")
    state, _ = state.apply(Move.parse("1Dx1C"))
    assert state.scope == (1, 0)


def test_new_hands_are_dealt_when_every_hand_is_empty():
    deck = list(DECK)
    state = Round.deal(Rules(), deck, dealer=1)
    deals = [state.deal_no]
    rng = random.Random(3)
    dealt_events = 0
    while not state.over:
        state, events = state.apply(rng.choice(state.legal_moves()))
        dealt_events += sum(isinstance(e, Dealt) for e in events)
        deals.append(state.deal_no)
    assert dealt_events == 5 and max(deals) == 6
    assert sum(bin(p).count("1") for p in state.piles) == 40


def test_turn_order_is_counter_clockwise_and_leader_is_dealers_right():
    state = Round.deal(Rules(players=4), list(DECK), dealer=2)
    seats = []
    while state.deal_no == 1:
        seats.append(state.turn)
        state = state.play(state.legal_moves()[0])
    assert seats == [3, 0, 1, 2] * 3
    assert state.turn == 3


def test_from_parts_checks_every_card_is_somewhere():
    with pytest.raises(DealError):
        Round.from_parts(
            Rules(), hands=[(), ()], table=(), stock=(), piles=[(), ()], dealer=0, turn=1
        )


def test_history_and_last_play_flag():
    state = position(Rules(), ["2C", "5D"], "5C", stock="", dealer=1, turn=0)
    assert not state.last_play
    state = state.play(Move.parse("2C"))
    assert state.last_play
    assert [(seat, move.text()) for seat, move in state.history()] == [(0, "2C")]


def test_legal_moves_cannot_be_spoiled_by_a_caller():
    state = position(Rules(), ["7D 2C 9B", "1C 1S 1B"], "3C 4S 8B")
    moves = state.legal_moves()
    assert isinstance(moves, tuple)
    with contextlib.suppress(AttributeError):
        moves.clear()  # type: ignore[attr-defined]
    with contextlib.suppress(TypeError):
        moves[0] = Move.parse("9B")  # type: ignore[index]
    assert sorted(m.text() for m in state.legal_moves()) == ["2C", "7Dx3C+4S", "9B"]
    assert state.play(Move.parse("9B")).turn == 1
    assert state.why_illegal(Move.parse("2C")) is None


def test_is_scopa_names_the_takes_that_score():
    state = position(Rules(), ["9D 2C 5S", "5C 1S"], "6C 3B")
    assert state.is_scopa(Move.parse("9Dx3B+6C"))
    assert not state.is_scopa(Move.parse("2C"))
    last = position(Rules(), ["", "5D"], "5C", stock="", dealer=1, turn=1)
    assert not last.is_scopa(Move.parse("5Dx5C"))  # the round's last card
    scientifico = Rules(deal="scientifico", scientifico_last_scopa=True)
    last = position(scientifico, ["", "5D"], "5C", stock="", dealer=1, turn=1)
    assert last.is_scopa(Move.parse("5Dx5C"))
    assi = position(Rules(assi=True), ["1D 2D", "3C 4C"], "5C 7S")
    assert not assi.is_scopa(Move.parse("1Dx5C+7S"))
    assert position(Rules(assi=True), ["1D 2D", "3C 4C"], "1C").is_scopa(Move.parse("1Dx1C"))


def test_is_scopa_agrees_with_the_scopa_event_under_every_rule():
    rng = random.Random(31)
    variants = [
        Rules(),
        Rules(players=4),
        Rules(deal="scientifico"),
        Rules(deal="scientifico", scientifico_last_scopa=True),
        Rules(players=4, deal="scientifico", scientifico_last_scopa=True),
        Rules(assi=True),
        Rules(assi=True, assi_scopa=True),
        Rules(assi=True, assi_scopa=True, assi_ace_takes_ace=False),
        Rules(quindici=True),
        Rules(capture_limit=2, fewest_cards=True),
    ]
    scopas = 0
    for rules in variants:
        for _ in range(40):
            state = Round.deal_random(rules, rng)
            while not state.over:
                for move in state.legal_moves():
                    _, events = state.apply(move)
                    scored = any(isinstance(event, Scopa) for event in events)
                    assert state.is_scopa(move) == scored, (rules, state, move)
                    scopas += scored
                state = state.play(rng.choice(state.legal_moves()))
    assert scopas > 100


def test_redeals_carry_their_cause():
    kings = parse_cards("10D 10C 10S 3D")
    assert misdeal_cause(kings, Rules()) == "kings"
    assert misdeal_cause(parse_cards("10D 10C 10S 10B"), Rules()) == "kings"
    assert misdeal_cause(parse_cards("10D 10C 1S 3D"), Rules()) is None
    ace = parse_cards("1D 5C 6S 7B")
    assert misdeal_cause(ace, Rules(assi=True)) is None
    assert misdeal_cause(ace, Rules(assi=True, assi_redeal=True)) == "ace"
    assert misdeal_cause(ace, Rules(assi_redeal=True)) is None  # only under assi
    causes = set()
    shuffles = [round_rng(2041, 1)]  # its first shuffle puts three kings on the table
    shuffles += [random.Random(seed) for seed in range(20)]
    for rng in shuffles:
        for rules in (Rules(), Rules(assi=True, assi_redeal=True)):
            for event in Round.deal_random(rules, copy.deepcopy(rng)).opening:
                if isinstance(event, Redealt):
                    assert event.cause == misdeal_cause(event.table, rules)
                    causes.add(event.cause)
    assert causes == {"kings", "ace"}


def test_the_shuffled_deck_is_the_one_dealt():
    for rules in (Rules(), Rules(players=3), Rules(assi=True, assi_redeal=True)):
        for seed in range(30):
            deck = shuffled_deck(rules, random.Random(seed))
            assert sorted(deck) == list(DECK)
            assert misdeal_cause(first_table(deck, rules), rules) is None
            dealt = Round.deal_random(rules, random.Random(seed), dealer=1)
            again = Round.deal(rules, deck, dealer=1)
            assert (again.hands, again.table, again.stock) == (
                dealt.hands,
                dealt.table,
                dealt.stock,
            )


def shuffled_by_random(rules: Rules, rng: random.Random) -> tuple[Card, ...]:
    """The documented deal: ``rng.shuffle`` the deck until its table stands."""
    deck = list(DECK)
    while True:
        rng.shuffle(deck)
        if misdeal_cause(first_table(deck, rules), rules) is None:
            return tuple(deck)


@pytest.mark.parametrize(
    "rules",
    [Rules(), Rules(assi=True, assi_redeal=True), Rules(players=4, deal="scientifico")],
)
def test_a_seed_deals_what_random_shuffle_deals(rules):
    """A seed in a record replays its match: dealing draws exactly the numbers
    ``Random.shuffle`` draws, and leaves the generator where it leaves it."""
    for seed in range(200):
        mine, theirs = random.Random(seed), random.Random(seed)
        deck = shuffled_by_random(rules, theirs)
        assert shuffled_deck(rules, mine) == deck
        assert mine.random() == theirs.random()
        dealt = Round.deal_random(rules, random.Random(seed), dealer=seed % rules.players)
        again = Round.deal(rules, deck, dealer=seed % rules.players)
        assert (dealt.hands, dealt.table, dealt.stock) == (again.hands, again.table, again.stock)
        assert dealt.opening[-1] == again.opening[-1]


def test_the_opening_is_the_deal_however_late_it_is_read():
    """A deal's events are made when first read: read after the round has moved on, or
    from a round dealt with the same rules, number and dealer, they are still its own."""
    for rules in (Rules(), Rules(players=4), Rules(assi=True, assi_redeal=True)):
        for seed in range(40):
            dealer = seed % rules.players
            dealt = Round.deal_random(rules, round_rng(seed, 1), dealer=dealer, round_no=3)
            other = Round.deal_random(rules, round_rng(seed + 1, 1), dealer=dealer, round_no=3)
            state = dealt
            for _ in range(5):
                state = state.play(state.legal_moves()[0])
            assert state.opening == ()
            again = Round.deal_random(rules, round_rng(seed, 1), dealer=dealer, round_no=3)
            assert dealt.opening == again.opening
            assert other.opening[-1] != dealt.opening[-1]
            deck = shuffled_deck(rules, round_rng(seed, 1))
            event = dealt.opening[-1]
            assert isinstance(event, Dealt)
            assert (event.round_no, event.deal_no, event.dealer) == (3, 1, dealer)
            assert event.table == first_table(deck, rules)
            assert [set(hand) for hand in event.hands] == [
                set(dealt.hand(seat)) for seat in range(rules.players)
            ]


def test_rounds_sharing_rules_keep_their_own_number_and_dealer():
    rules = Rules(players=3)
    rounds = [
        Round.deal_random(rules, random.Random(seed), dealer=dealer, round_no=round_no)
        for seed, (round_no, dealer) in enumerate([(1, 0), (1, 2), (7, 2), (7, 0)])
    ]
    for state, (round_no, dealer) in zip(rounds, [(1, 0), (1, 2), (7, 2), (7, 0)]):
        moved = state.play(state.legal_moves()[0])
        assert (moved.round_no, moved.dealer, moved.rules) == (round_no, dealer, rules)
        assert state.opening[-1].round_no == round_no


def test_applied_events_tell_what_changed():
    """``play`` is the fast path every simulation takes; ``apply`` reports the same play
    as events: each one matches the change between the two positions."""
    rng = random.Random(5)
    presets = [Rules(), Rules(players=3), Rules(players=4), Rules.preset("scopone")]
    presets += [Rules(players=4, deal="scientifico", scientifico_last_scopa=True)]
    presets += [Rules(assi=True, assi_scopa=True), Rules(quindici=True, capture_limit=2)]
    presets += [Rules(players=6, six_sides=3)]
    for rules in presets:
        for _ in range(30):
            state = Round.deal_random(rules, rng, dealer=rng.randrange(rules.players))
            while not state.over:
                move = rng.choice(state.legal_moves())
                played = state.play(move)
                applied, events = state.apply(move)
                fields = ("turn", "hands", "table", "stock", "piles", "scope", "last_capturer")
                fields += ("deal_no", "in_hands", "over", "round_no", "dealer")
                for name in fields:
                    assert getattr(played, name) == getattr(applied, name), name
                assert (
                    played.history() == applied.history() == state.history() + ((state.turn, move),)
                )
                seat, side = state.turn, state.side_of(state.turn)
                assert events[0] == Played(seat, move.card)
                if move.capture_mask:
                    assert events[1] == Captured(seat, side, move.card, move.captures)
                else:
                    assert events[1] == Laid(seat, move.card)
                rest = events[2:]
                gained = [played.scope[s] - state.scope[s] for s in range(rules.sides)]
                if any(gained):
                    assert rest[0] == Scopa(seat, side) and gained[side] == 1
                    rest = rest[1:]
                if played.deal_no != state.deal_no:
                    hands = tuple(played.hand(s) for s in range(rules.players))
                    assert rest == [Dealt(state.round_no, played.deal_no, state.dealer, hands, ())]
                elif played.over and played.last_capturer >= 0:
                    capture = move.capture_mask
                    left = state.table ^ capture if capture else state.table | move.bit
                    taken = tuple(card for card in DECK if left & card.bit)
                    assert rest == ([LastCapture(played.last_capturer, taken)] if left else [])
                else:
                    assert rest == []
                state = played


@pytest.mark.parametrize(
    "rules",
    [
        Rules(),
        Rules(players=4),
        Rules(players=6),
        Rules(assi=True),
        Rules(assi=True, assi_scopa=True),
        Rules(quindici=True),
        Rules(cirulla=True),
        Rules(cirulla=True, ace_sweep_is_scopa=False),
    ],
    ids=["classic", "four", "six", "assi", "assi_scopa", "quindici", "cirulla", "cirulla_ace"],
)
def test_a_seat_s_view_tells_which_cards_scored_the_round_s_scope(rules):
    """A window that comes to a round under way lays each scopa's card across its pile, as
    it would have on seeing the play: the view's plays and table tell which they were."""
    rng = random.Random(7)
    seen = 0
    for _ in range(80):
        state = Round.deal_random(rules, rng)
        scored: list[list[Card]] = [[] for _ in range(rules.sides)]
        while not state.over:
            found = observe(state, state.turn).scopa_cards()
            assert found == tuple(map(tuple, scored)), state
            move = rng.choice(state.legal_moves())
            if state.is_scopa(move):
                scored[rules.side_of(state.turn)].append(move.card)
                seen += 1
            state = state.play(move)
    assert seen > 10


@pytest.mark.parametrize(
    "rules",
    [Rules(cirulla=True), Rules(cirulla=True, players=4), Rules(cirulla=True, dealer_low_bonus=3)],
    ids=["cirulla", "four", "low"],
)
def test_a_seat_s_view_tells_the_opening_table_the_dealer_took(rules):
    """A window that comes to a Cirulla round under way shows, with the last tricks, the
    opening table the dealer took for their bonus, as it would have on seeing the deal."""
    rng = random.Random(5)
    seen = 0
    for _ in range(300):
        state = Round.deal_random(rules, rng)
        bonus = [event for event in state.opening if isinstance(event, DealerBonus)]
        taken = tuple(sorted(bonus[0].cards, key=lambda card: card.index)) if bonus else ()
        seen += bool(bonus)
        while not state.over:
            for seat in range(rules.players):
                assert observe(state, seat).opening_take() == taken, state
            state = state.play(rng.choice(state.legal_moves()))
        assert observe(state, 0).opening_take() == ()
    assert seen > 10


@pytest.mark.parametrize("players", [2, 3, 4])
def test_plays_next_names_the_seat_that_plays_once_the_declarations_end(players):
    """With the hands shown at the deal each seat declares or passes in turn, from the seat
    that then plays the first card: each seat's view knows it while the others declare."""
    rules = Rules.preset("cirulla").with_(players=players, declare_at_deal=True)
    for seed in range(8):
        state = Round.deal_random(rules, random.Random(seed), dealer=seed % players)
        if not state.declaring:  # the opening table ended the deal
            continue
        first = state.plays_next
        assert first == state.turn
        while state.declaring:
            assert state.plays_next == first
            assert (state.turn == first) == (state.declarations_due == players)
            for seat in range(players):
                assert observe(state, seat, (0,) * rules.sides).plays_next == first
            state, _ = state.apply(next(m for m in state.legal_moves() if not m.is_play))
        assert state.turn == first == state.plays_next


def test_the_last_play_is_the_last_of_the_history() -> None:
    rng = random.Random(8)
    state = Round.deal_random(Rules(), rng)
    assert state.last_played is None
    while not state.over:
        state = state.play(rng.choice(state.legal_moves()))
        assert state.last_played == state.history()[-1]
