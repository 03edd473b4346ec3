"""The arena's yardsticks (master-v1, the oracle, peek, ismcts, reader) exist for measuring
only: the game cannot reach them by any level it may send, load or save, the oracle really
sees every card, and peek every hand but not the order of the stock."""

from __future__ import annotations

import ast
import json
import random
from pathlib import Path

import pytest

from scopa import settings as settings_module
from scopa.ai import ALL_LEVELS, LEVELS, make_player
from scopa.app.ai_worker import AiWorker, choose_move
from scopa.engine import PRESETS, Move, Round, Rules, observe
from scopa.settings import MatchSetup, SeatConfig, Settings, SettingsError
from scopa.storage import Store
from tools.yardsticks import YARDSTICKS, decide, make_yardstick
from tools.yardsticks.peek import informed, with_stock

ROOT = Path(__file__).resolve().parents[2]
YARDSTICK_NAMES = sorted(YARDSTICKS)


def a_position(rules: Rules, seed: int = 3) -> Round:
    """A position early in the first deal, with cards in every hand."""
    rng = random.Random(seed)
    state = Round.deal_random(rules, rng)
    for _ in range(rules.players - 1):
        state = state.play(rng.choice(state.legal_moves()))
    return state


def test_the_yardsticks_are_ismcts_master_v1_the_oracle_peek_and_reader() -> None:
    assert YARDSTICK_NAMES == ["ismcts", "master-v1", "oracle", "peek", "reader"]
    assert not set(YARDSTICKS) & set(ALL_LEVELS)


@pytest.mark.parametrize("level", YARDSTICK_NAMES)
def test_make_player_refuses_them(level: str) -> None:
    with pytest.raises(ValueError, match="unknown level"):
        make_player(level, 1)


@pytest.mark.parametrize("level", YARDSTICK_NAMES)
def test_the_settings_refuse_them_as_levels(level: str) -> None:
    assert level not in settings_module.LEVELS and level not in settings_module.OFFERED_LEVELS
    with pytest.raises(SettingsError):
        SeatConfig("CPU", False, level)
    with pytest.raises(SettingsError):
        SeatConfig.from_dict({"name": "CPU", "human": False, "level": level})
    with pytest.raises(SettingsError):
        Settings.from_dict({**Settings().to_dict(), "opponent_level": level})


@pytest.mark.parametrize("level", YARDSTICK_NAMES)
def test_a_saved_match_or_settings_file_naming_them_is_set_aside(
    level: str, tmp_path: Path
) -> None:
    store = Store(tmp_path)
    assert store.save_match(MatchSetup.solo(level="master"), _record())
    saved = json.loads(store.save_path.read_text())
    saved["setup"]["seats"][1]["level"] = level
    store.save_path.write_text(json.dumps(saved))
    assert store.load_match() is None
    assert store.take_messages()

    assert store.save_settings(Settings(opponent_level="master"))
    text = store.settings_path.read_text()
    assert 'opponent_level = "master"' in text
    store.settings_path.write_text(text.replace('"master"', json.dumps(level)))
    assert store.load_settings() == Settings()
    assert store.take_messages()


@pytest.mark.parametrize("level", YARDSTICK_NAMES)
def test_the_apps_worker_cannot_build_them(level: str) -> None:
    state = a_position(Rules())
    obs = observe(state, state.turn)
    with pytest.raises(ValueError, match="unknown level"):
        choose_move(level, 1, obs)
    worker = AiWorker(mode="inline")
    worker.request(level, 1, obs)
    assert isinstance(worker.poll(), ValueError)


def test_every_level_the_game_may_send_is_a_fair_player() -> None:
    """Whatever string a seat's level may hold, the worker builds a player that takes an
    observation; none of them is a yardstick."""
    state = a_position(Rules())
    obs = observe(state, state.turn)
    for level in settings_module.LEVELS:
        player = make_player(level, 1)
        assert type(player).__module__.startswith("scopa.ai.")
        assert not getattr(player, "sees_all", False)
        assert player.choose(obs) in obs.legal_moves
    assert set(LEVELS) <= set(settings_module.LEVELS)


def test_the_game_never_imports_the_tools() -> None:
    for path in sorted((ROOT / "scopa").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            else:
                continue
            assert not any(name.split(".")[0] == "tools" for name in names), path


def test_the_oracle_refuses_an_observation_and_sees_the_hidden_cards() -> None:
    oracle = make_yardstick("oracle", 1)
    state = a_position(Rules(), seed=8)
    with pytest.raises(TypeError):
        oracle.choose(observe(state, state.turn))
    # Two worlds the seat cannot tell apart: the oracle may choose differently in them,
    # a fair player never does. Find a pair where it does, to show it reads the true hands.
    rng = random.Random(2)
    differed = 0
    for seed in range(40):
        state = a_position(PRESETS["classic"], seed)
        other = _swap_unseen(state, rng)
        assert observe(state, state.turn) == observe(other, other.turn)
        if decide(oracle, state, state.turn) != decide(oracle, other, other.turn):
            differed += 1
    assert differed >= 1


def test_peek_reads_the_hands_but_not_the_order_of_the_stock() -> None:
    peek = make_yardstick("peek", 1, worlds=8)
    state = a_position(Rules(), seed=8)
    with pytest.raises(TypeError):
        peek.choose(observe(state, state.turn))
    rng = random.Random(3)
    differed = 0
    for seed in range(40):
        state = a_position(PRESETS["classic"], seed)
        restacked = with_stock(state, list(reversed(state.stock)))
        assert decide(peek, restacked, restacked.turn) == decide(peek, state, state.turn)
        other = _swap_unseen(state, rng)
        if decide(peek, state, state.turn) != decide(peek, other, other.turn):
            differed += 1
    assert differed >= 1


@pytest.mark.parametrize("players", [2, 4])
def test_peek_can_peek_only_where_the_plays_could_tell_or_only_where_not(players: int) -> None:
    """``when="informed"`` peeks only once another seat has played a card this deal,
    ``when="blind"`` only before. Where it does not peek it plays today's Master's move from
    the observation, so swapping the cards the seat cannot see changes nothing there."""
    rng = random.Random(players)
    rules = Rules(players=players)
    peeks = {when: make_yardstick("peek", 1, worlds=4, when=when) for when in ("informed", "blind")}
    always = make_yardstick("peek", 1, worlds=4)
    master = make_player("master", 1, time_limit=0, node_budget=1500, worlds=6)
    for peek in peeks.values():
        peek.master = master
    checked = {True: 0, False: 0}
    state = Round.deal_random(rules, rng)
    while not state.over:
        others_played = any(
            hand.bit_count() < rules.hand_size
            for seat, hand in enumerate(state.hands)
            if seat != state.turn
        )
        assert informed(state) == others_played
        if len(state.legal_moves()) > 1 and checked[others_played] < 3:
            checked[others_played] += 1
            fair = master.choose(observe(state, state.turn))
            peeked = decide(always, state, state.turn)
            other = _swap_unseen(state, rng)
            for when, peek in peeks.items():
                if (when == "informed") == others_played:
                    assert decide(peek, state, state.turn) == peeked
                else:
                    assert decide(peek, state, state.turn) == fair
                    assert decide(peek, other, other.turn) == fair
        state = state.play(rng.choice(state.legal_moves()))
    assert checked == {True: 3, False: 3}
    with pytest.raises(ValueError, match="when"):
        make_yardstick("peek", 1, when="sometimes")


def test_master_v1_plays_from_the_observation() -> None:
    master_v1 = make_yardstick("master-v1", 1, time_limit=0, node_budget=800)
    state = a_position(Rules())
    move = decide(master_v1, state, state.turn)
    assert move in state.legal_moves()
    assert master_v1.level == "master-v1"


@pytest.mark.parametrize("players", [2, 4])
def test_ismcts_plays_from_the_observation_alone(players: int) -> None:
    """Its move is a legal one, and the same in every position its seat cannot tell apart."""
    ismcts = make_yardstick("ismcts", 1, iterations=150, worlds=10)
    _plays_alike_where_its_seat_cannot_tell(ismcts, Rules(players=players), 4, random.Random(4))


def test_ismcts_sweeps_and_takes_the_settebello() -> None:
    from .helpers import position

    ismcts = make_yardstick("ismcts", 2, iterations=300, worlds=20)
    assert decide(ismcts, position("7B 2D 10S", "3C 4S"), 0) == Move.parse("7Bx3C+4S")
    assert decide(ismcts, position("7S 3C 9B", "7D 2B 10C 4S"), 0) == Move.parse("7Sx7D")


def test_ismcts_grows_one_tree_over_the_worlds() -> None:
    """The root's statistics add up to the iterations spent below it; with one world left
    to guess (two players, last deal) it plays the exact search's move."""
    from scopa.ai.player import decision_rng
    from scopa.ai.view import View

    ismcts = make_yardstick("ismcts", 3, iterations=200, worlds=10)
    state = a_position(Rules(), 5)
    obs = observe(state, state.turn)
    view = View.of(obs)
    ranked = ismcts.ranked(view, decision_rng(3, obs))
    assert sorted(map(str, (move for _, move in ranked))) == sorted(map(str, obs.legal_moves))
    root = ismcts.grow(view, decision_rng(3, obs))
    assert sorted(root) == sorted((m.card.index, m.capture_mask) for m in obs.legal_moves)
    assert sum(visits for visits, _, _ in root.values()) == 200
    assert all(seen == 200 for _, _, seen in root.values())

    from .helpers import position

    last = position("5C 7D", "5S 1C", stock_size=0)
    last = type(last).from_parts(
        last.rules, hands=[last.hand(0), last.hand(1)[:2]], table=last.table_cards(), stock=(),
        piles=[last.pile(0) + last.hand(1)[2:], last.pile(1)], dealer=1, turn=0,
    )  # fmt: skip
    exact = make_player("master", 3, time_limit=0)
    assert decide(ismcts, last, 0) == exact.choose(observe(last, 0))


def test_reader_plays_from_the_observation_alone() -> None:
    """Its move is a legal one, and the same in every position its seat cannot tell apart,
    the other seat's hand included, which its reading searches from that seat's view."""
    reader = make_yardstick("reader", 1, time_limit=0, worlds=6, read_worlds=3, cap=60)
    _plays_alike_where_its_seat_cannot_tell(reader, Rules(), 3, random.Random(6))


def test_reader_finds_a_skipped_sweep_unlikely() -> None:
    """Seat 1 laid a 10 on 3+4: a hand with a seven, which would have swept the table, is
    weighed far below one that could take nothing."""
    from scopa.ai.inference import PolicyHistory
    from scopa.ai.view import View
    from scopa.engine import parse_cards
    from scopa.engine.cards import DECK
    from tools.yardsticks.reader import SearchedReading

    rules = Rules()

    def rest(used: str) -> list:
        taken = set(parse_cards(used))
        return [card for card in DECK if card not in taken]

    start = Round.from_parts(
        rules, hands=[parse_cards("8C 9S 10B"), parse_cards("2D 6B 10S")],
        table=parse_cards("3C 4S"), stock=rest("8C 9S 10B 2D 6B 10S 3C 4S"), piles=[(), ()],
        dealer=0, turn=1,
    )  # fmt: skip
    state = start.play(Move.parse("10S"))
    reading = SearchedReading(PolicyHistory(View.of(observe(state, 0))), 8, 100, 0.05)
    mine = sum(card.bit for card in parse_cards("8C 9S 10B"))

    def weight(hand: str) -> float:
        return reading.weight_hands([mine, sum(card.bit for card in parse_cards(hand))])

    sweeps = weight("7D 6B")
    assert 0 < sweeps < 0.2 * weight("5C 6B")
    assert reading.known  # each hand judged is kept
    assert weight("7D 6B") == sweeps


def _plays_alike_where_its_seat_cannot_tell(
    player: object, rules: Rules, positions: int, rng: random.Random
) -> None:
    """In each of ``positions`` positions, ``player``'s move is a legal one, and the same
    once the cards its seat cannot see are dealt otherwise."""
    for seed in range(positions):
        state = a_position(rules, seed)
        move = decide(player, state, state.turn)
        assert move in state.legal_moves()
        other = _swap_unseen(state, rng)
        assert other.hands != state.hands
        assert decide(player, other, other.turn) == move


def _swap_unseen(state: Round, rng: random.Random) -> Round:
    from .helpers import shuffle_unseen

    for _ in range(20):
        other = shuffle_unseen(state, rng)
        if other.hands != state.hands:
            return other
    return other


def _record():  # noqa: ANN202
    from scopa.engine import Match

    match = Match.new(Rules(), 5)
    return match.record()


FROZEN = [
    ("classic", 1, "2Sx2D", -2.6454),
    ("classic", 2, "10Cx10D", -0.0523),
    ("classic", 3, "4D", 0.2148),
    ("4p", 0, "5S", -0.8775),
    ("4p", 1, "6Cx6B", -0.1864),
    ("4p", 2, "6Sx1S+5B", 0.7719),
    ("4p", 3, "3C", -0.7727),
    ("cirulla", 0, "2Bx3B+4C+6C", 0.9492),
    ("cirulla", 1, "5Sx5B", -1.8424),
    ("cirulla", 2, "8C", 2.2169),
    ("cirulla", 3, "8Cx8D", -1.3896),
]
"""master-v1's best move and its value in seeded positions, as first measured."""


def test_master_v1_stays_frozen() -> None:
    from tools.yardsticks.master_v1.player import decision_rng
    from tools.yardsticks.master_v1.view import View

    found = []
    for name, rules in (
        ("classic", PRESETS["classic"]),
        ("4p", Rules(players=4)),
        ("cirulla", PRESETS["cirulla"]),
    ):
        rng = random.Random(f"frozen/{name}")
        for seed in range(4):
            state = Round.deal_random(rules, rng)
            for _ in range(rng.randrange(12)):
                if state.over:
                    break
                state = state.play(rng.choice(state.legal_moves()))
            if state.over or len(state.legal_moves()) < 2:
                continue
            player = make_yardstick("master-v1", seed, time_limit=0)
            obs = observe(state, state.turn)
            score, move = player.ranked(View.of(obs), decision_rng(seed, obs))[0]
            found.append((name, seed, str(move), round(score, 4)))
    assert found == FROZEN
