"""Matches: seeded deals, dealer rotation, target and ties, cappotto, records."""

import random

import pytest

from scopa.engine import (
    DECK,
    DealError,
    GameRecord,
    IllegalMove,
    Match,
    MatchWon,
    Move,
    NotationError,
    Redealt,
    Round,
    RoundScored,
    Rules,
)
from scopa.engine.match import _unique_top


def play_out(match: Match, seed: int = 0, rounds: int | None = None):
    rng = random.Random(seed)
    events = []
    while not match.over and (rounds is None or len(match.rounds) < rounds):
        match, step = match.apply(rng.choice(match.legal_moves()))
        events.extend(step)
    return match, events


def test_same_seed_same_match():
    a, _ = play_out(Match.new(Rules(), random.Random(11)), seed=5)
    b, _ = play_out(Match.new(Rules(), random.Random(11)), seed=5)
    assert a.moves() == b.moves() and a.totals == b.totals and a.seed == b.seed
    c = Match.new(Rules(), random.Random(12))
    assert c.round.hands != Match.new(Rules(), random.Random(11)).round.hands


def test_dealer_passes_to_the_right_each_round():
    match = Match.new(Rules(players=3), 99, first_dealer=1)
    dealers = [match.round.dealer]
    while not match.over:
        number = match.round.round_no
        match, _ = match.apply(match.legal_moves()[0])
        if match.round.round_no != number:
            dealers.append(match.round.dealer)
    assert dealers[:4] == [1, 2, 0, 1][: len(dealers[:4])]


def test_match_ends_at_target_with_a_unique_leader():
    match, events = play_out(Match.new(Rules(), 3), seed=1)
    assert match.over
    won = [e for e in events if isinstance(e, MatchWon)]
    assert len(won) == 1 and won[0].side == match.winner
    assert max(match.totals) >= 11
    assert sorted(match.totals)[-1] > sorted(match.totals)[-2]
    scored = [e for e in events if isinstance(e, RoundScored)]
    assert len(scored) == len(match.rounds)
    for side in range(2):
        assert match.totals[side] == sum(r[side].total for r in match.rounds)
    with pytest.raises(IllegalMove, match="over"):
        match.apply(Move.parse("1D"))


def test_ties_at_the_top_play_on():
    assert _unique_top([11, 11]) is None
    assert _unique_top([12, 11]) == 0
    assert _unique_top([3, 12, 12]) is None
    # find seeded matches whose totals tie at the target after a round: they go on
    for seed in range(300):
        match = Match.new(Rules(), seed)
        rng = random.Random(seed)
        while not match.over:
            before = len(match.rounds)
            match, _ = match.apply(rng.choice(match.legal_moves()))
            if (
                len(match.rounds) > before
                and max(match.totals) >= 11
                and len(set(match.totals)) == 1
            ):
                assert not match.over
                return
    pytest.fail("no seeded match tied at the target: the search above must find one")


def test_cappotto_logic_directly():
    from scopa.engine.round import Round

    rules = Rules(cappotto=True)
    coins = [card for card in DECK if card.suit == "D"]
    others = [card for card in DECK if card.suit != "D"]
    state = Round.from_parts(
        rules,
        hands=[[coins[0]], []],
        table=[],
        stock=[],
        piles=[coins[1:], others],
        dealer=1,
        turn=0,
        last_capturer=0,
    )
    match = Match._make(rules, 5, 0, (), state, (0, 0), (), None, False, None)
    match, events = match.apply(Move.parse("1D"))
    assert match.over and match.cappotto and match.winner == 0
    assert isinstance(events[-1], MatchWon) and events[-1].cappotto


def test_record_round_trip_and_replay():
    match, _ = play_out(Match.new(Rules.preset("quindici"), 77), seed=4)
    record = match.record()
    text = record.text()
    assert GameRecord.parse(text) == record
    replayed = GameRecord.parse(text).replay()
    assert replayed.totals == match.totals and replayed.winner == match.winner
    partial = record.replay(upto=10)
    assert len(partial.moves()) == 10


def test_record_with_explicit_decks():
    deck = list(reversed(DECK))
    match = Match.new(Rules(), 8, first_dealer=1, decks=[deck])
    match, _ = play_out(match, seed=1, rounds=1)
    record = match.record()
    assert "deck 1 10B" in record.text()
    again = GameRecord.parse(record.text()).replay()
    assert again.rounds == match.rounds


@pytest.mark.parametrize(
    "text",
    [
        "",
        "hello",
        "scopa-record 2\nrules {}\nseed 1\ndealer 0\nmoves\n",
        "scopa-record 1\nseed 1\ndealer 0\nmoves\n",
        'scopa-record 1\nrules {"players": 9}\nseed 1\ndealer 0\nmoves\n',
        "scopa-record 1\nrules {}\nseed x\ndealer 0\nmoves\n",
        "scopa-record 1\nrules {}\nseed 1\ndealer 5\nmoves\n",
        "scopa-record 1\nrules {}\nseed 1\ndealer 0\nmoves\n7Dx\n",
        "scopa-record 1\nrules {}\nseed 1\ndealer 0\nwhat 3\nmoves\n",
        "scopa-record 1\nrules {}\nseed 1\ndealer 0\ndeck 2 1D\nmoves\n",
    ],
)
def test_bad_records_are_refused_clearly(text):
    with pytest.raises(NotationError):
        GameRecord.parse(text)


def test_record_with_an_illegal_move_names_it():
    first = Match.new(Rules(), 1, first_dealer=0).legal_moves()[0]
    record = GameRecord(Rules(), 1, 0, (), (first, first))
    with pytest.raises(NotationError, match="move 2"):
        record.replay()


def test_observation_hides_other_hands_and_stock():
    match = Match.new(Rules(players=4), 21)
    seat = match.turn
    obs = match.observe(seat)
    assert obs.hand == match.round.hand(seat)
    assert obs.legal_moves and all(m in match.legal_moves() for m in obs.legal_moves)
    other = match.observe((seat + 1) % 4)
    assert other.legal_moves == ()
    hidden = set(obs.unseen())
    assert hidden == {card for s in range(4) if s != seat for card in match.round.hand(s)} | {
        DECK[i] for i in match.round.stock
    }
    assert obs.hand_sizes == (3, 3, 3, 3) and obs.stock_size == 24
    assert not any(name in repr(obs) for name in ("stock=(", "hands="))


def round_openings(match: Match) -> dict[int, tuple]:
    """Every round's dealer, hands, table and stock, from playing the match out."""
    rng = random.Random(match.seed)
    found = {}
    while True:
        r = match.round
        found.setdefault(r.round_no, (r.dealer, r.hands, r.table, r.stock))
        if match.over:
            return found
        match, _ = match.apply(rng.choice(match.legal_moves()))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_each_round_is_dealt_from_its_round_deck(players):
    match = Match.new(Rules(players=players, target=21), 1234 + players)
    openings = round_openings(match)
    last = match
    rng = random.Random(match.seed)
    while not last.over:
        last, _ = last.apply(rng.choice(last.legal_moves()))
    assert len(openings) >= 2
    for round_no, (dealer, hands, table, stock) in openings.items():
        assert last.round_dealer(round_no) == dealer
        deck = last.round_deck(round_no)
        assert sorted(deck) == list(DECK)
        again = Round.deal(last.rules, deck, dealer=dealer, round_no=round_no)
        assert (again.hands, again.table, again.stock) == (hands, table, stock)


def test_the_round_deck_is_the_shuffle_that_stood():
    match = Match.new(Rules(), 2041)  # this seed's first shuffle puts 3 kings on the table
    assert any(isinstance(event, Redealt) for event in match.opening_events())
    again = Round.deal(Rules(), match.round_deck(1), dealer=match.round_dealer(1))
    assert again.hands == match.round.hands and again.table == match.round.table


def test_explicit_decks_are_the_round_decks():
    deck = tuple(reversed(DECK))
    match = Match.new(Rules(), 3, first_dealer=0, decks=(deck,))
    assert match.round_deck(1) == deck


@pytest.mark.parametrize("round_no", [0, 2, -1, 1.0, True, "1"])
def test_a_round_not_yet_dealt_has_no_deck(round_no):
    match = Match.new(Rules(), 3)
    with pytest.raises(DealError, match="round"):
        match.round_deck(round_no)


def test_match_legal_moves_are_the_rounds_and_read_only():
    match = Match.new(Rules(), 5)
    assert match.legal_moves() is match.round.legal_moves()
    assert isinstance(match.legal_moves(), tuple)
    assert match.observe(match.turn).legal_moves == match.legal_moves()


@pytest.mark.parametrize("preset", ["classic", "cirulla"])
def test_a_round_s_events_are_those_told_as_it_was_played(preset: str) -> None:
    """Played again from the match's moves, each round tells what it told at the table:
    its deal first, its ``RoundScored`` last, every round's one after another."""
    match = Match.new(Rules.preset(preset), 31)
    told = list(match.opening_events())
    rng = random.Random(4)
    while not match.over:
        match, events = match.apply(rng.choice(match.legal_moves()))
        told.extend(events)
    assert isinstance(told[-1], MatchWon)
    again = []
    for round_no in range(1, len(match.rounds) + 1):
        events = match.round_events(round_no)
        assert isinstance(events[-1], RoundScored) and events[-1].round_no == round_no
        assert sum(isinstance(e, RoundScored) for e in events) == 1
        again.extend(events)
    assert again == told[:-1]
    with pytest.raises(ValueError, match="not been dealt"):
        match.round_events(len(match.rounds) + 1)


@pytest.mark.parametrize(
    "preset", ["classic", "cirulla", "scopone_scientifico", "assi", "quindici", "last_scopa"]
)
def test_the_observation_tells_a_scopa_as_the_round_does(preset):
    """A table held by a server knows only its seat's observation, and asked the round
    whether a capture sweeps (the capture choice marks the set that does): it crashed.
    The observation answers as the round does, for every legal move of random rounds,
    the matta named and the last card of the round among them."""
    import random

    if preset == "last_scopa":  # the scientifico's last card may sweep for a scopa
        rules = Rules(players=4, deal="scientifico", scientifico_last_scopa=True)
    else:
        rules = Rules.preset(preset)
    sweeps = 0
    for seed in range(40):
        rng = random.Random(seed)
        match = Match.new(rules, seed)
        while not match.over and match.round.round_no == 1:
            state, seat = match.round, match.turn
            obs = match.observe(seat)
            for move in obs.legal_moves:
                assert obs.is_scopa(move) == state.is_scopa(move), (seed, move)
                sweeps += state.is_scopa(move)
            moves = match.legal_moves()
            named = [move for move in moves if move.named]
            match, _ = match.apply(rng.choice(named or moves))
    assert sweeps > 20
