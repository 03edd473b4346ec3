"""The project's benchmark: engine speed, opponents' decision time, the game's frame time,
start-up, memory and the cost of a still screen. A benchmark, not a test: it prints figures
against their targets.

    python tools/bench.py            # everything
    python tools/bench.py engine     # one section (engine, ai, app)
    python tools/bench.py --quick    # shorter runs
"""

from __future__ import annotations

import argparse
import importlib.util
import itertools
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

TOOLS = Path(__file__).resolve().parent
sys.path.insert(0, str(TOOLS.parent))

from scopa.engine import Board, Round, Rules  # noqa: E402
from scopa.engine.cards import RANK_OF  # noqa: E402


def random_deals(rules: Rules, deals: int, seed: int) -> float:
    """Random deals played to the end, per second (one core, no events)."""
    rng = random.Random(seed)
    uniform = rng.random  # a uniform pick, cheaper than rng.choice's rejection sampling
    start = time.perf_counter()
    for _ in range(deals):
        state = Round.deal_random(rules, rng)
        while not state.over:
            moves = state.legal_moves()
            state = state.play(moves[int(uniform() * len(moves))])
    return deals / (time.perf_counter() - start)


def random_deals_with_events(rules: Rules, deals: int, seed: int) -> float:
    """The same through ``apply``, which checks legality and reports events (the UI path)."""
    rng = random.Random(seed)
    start = time.perf_counter()
    for _ in range(deals):
        state = Round.deal_random(rules, rng)
        while not state.over:
            state, _ = state.apply(rng.choice(state.legal_moves()))
    return deals / (time.perf_counter() - start)


# --- a plain reference simulator -------------------------------------------------------------
# The classic two-player game written the obvious way: cards as (rank, suit) tuples in lists,
# itertools.combinations for the sums, the same rules and scoring as the engine. The
# engine's speed is reported against it, in one process, as a ratio: through the immutable
# ``Round`` (the game's path) and through the in-place ``Board`` (search and simulation).

PRIME = {7: 21, 6: 18, 1: 16, 5: 15, 4: 14, 3: 13, 2: 12, 8: 10, 9: 10, 10: 10}


def reference_options(card: tuple[int, str], table: list) -> list[tuple]:
    """The capture sets ``card`` may take from ``table`` (one equal card beats any sum)."""
    equal = [(other,) for other in table if other[0] == card[0]]
    if equal:
        return equal
    return [
        combo
        for size in range(2, len(table) + 1)
        for combo in itertools.combinations(table, size)
        if sum(c[0] for c in combo) == card[0]
    ]


def reference_score(piles: list[list], scope: list[int]) -> list[int]:
    points = [scope[0], scope[1]]

    def best(values: list[int]) -> None:
        if values[0] != values[1]:
            points[0 if values[0] > values[1] else 1] += 1

    best([len(pile) for pile in piles])
    best([sum(1 for c in pile if c[1] == "D") for pile in piles])
    for side, pile in enumerate(piles):
        if (7, "D") in pile:
            points[side] += 1
    primes = []
    for pile in piles:
        suits = [max((PRIME[c[0]] for c in pile if c[1] == suit), default=0) for suit in "DCSB"]
        primes.append(sum(suits) if all(suits) else 0)
    if primes[0] != primes[1] and max(primes):
        points[0 if primes[0] > primes[1] else 1] += 1
    return points


def reference_deal(rng: random.Random) -> list[int]:
    """One random deal played to the end and scored."""
    while True:
        deck = [(rank, suit) for suit in "DCSB" for rank in range(1, 11)]
        rng.shuffle(deck)
        hands = [deck[0:3], deck[3:6]]
        table = deck[6:10]
        if sum(1 for c in table if c[0] == 10) < 3:
            break
    stock = deck[10:]
    piles: list[list] = [[], []]
    scope = [0, 0]
    last = None
    turn = 0
    while True:
        if not hands[0] and not hands[1]:
            if not stock:
                break
            hands = [stock[0:3], stock[3:6]]
            stock = stock[6:]
        hand = hands[turn]
        card = hand.pop(int(rng.random() * len(hand)))
        options = reference_options(card, table)
        if options:
            taken = options[int(rng.random() * len(options))]
            for c in taken:
                table.remove(c)
            piles[turn].extend(taken)
            piles[turn].append(card)
            last = turn
            final = not stock and not hands[0] and not hands[1]
            if not table and not final:
                scope[turn] += 1
        else:
            table.append(card)
        turn = 1 - turn
    if last is not None:
        piles[last].extend(table)
    return reference_score(piles, scope)


def reference_deals(deals: int, rng: random.Random) -> float:
    """Processor seconds the reference takes to play ``deals`` random deals."""
    start = time.process_time()
    for _ in range(deals):
        reference_deal(rng)
    return time.process_time() - start


def scored_deals(rules: Rules, deals: int, rng: random.Random) -> float:
    """Processor seconds the engine takes to play ``deals`` random deals to the end and
    score them, through its public API."""
    uniform = rng.random
    start = time.process_time()
    for _ in range(deals):
        state = Round.deal_random(rules, rng)
        while not state.over:
            moves = state.legal_moves()
            state = state.play(moves[int(uniform() * len(moves))])
        state.score()
    return time.process_time() - start


def board_scored_deals(rules: Rules, deals: int, rng: random.Random) -> float:
    """``scored_deals`` through a ``Board``, the engine's position played in place, with the
    reference's random player: a random card of the hand, then a random one of the
    captures it may make (``Board.sets``), and the sides' points at the end."""
    uniform = rng.random
    deal = Board.deal_random
    ranks = RANK_OF
    start = time.process_time()
    for _ in range(deals):
        board = deal(rules, rng)
        sets = board.sets
        make = board.make
        cards = board.cards
        while not board.over:
            hand = cards()
            index = hand[int(uniform() * len(hand))]
            found = sets(ranks[index])
            make(index, found[int(uniform() * len(found))] if found else 0)
        board.totals()
    return time.process_time() - start


def board_listed_deals(rules: Rules, deals: int, rng: random.Random) -> float:
    """``board_scored_deals`` with a random one of every legal move listed (``moves``),
    as a player that ranks the moves does."""
    uniform = rng.random
    deal = Board.deal_random
    start = time.process_time()
    for _ in range(deals):
        board = deal(rules, rng)
        moves = board.moves
        make = board.make
        while not board.over:
            plays = moves(False)
            index, capture = plays[int(uniform() * len(plays))]
            make(index, capture)
        board.totals()
    return time.process_time() - start


def scored_vs_reference(
    deals: int, seed: int, chunk: int = 2000, engine: Callable[..., float] = scored_deals
) -> float:
    """How many times faster the engine plays and scores random two-player deals than the
    reference simulator, both in this process on processor time: the median of the ratios
    of back-to-back chunks of ``chunk`` deals, each side going first in every other pair, so
    that a busy spell of the machine spoils a pair or two rather than the figure. (Chunks of
    thousands of deals: switching sides leaves each side's data cold in the processor's
    caches for a moment, which with chunks of 500 cost the engine, whose capture caches are
    the bigger, a tenth of its figure; a simulator plays its deals one after another.)
    ``engine`` is the engine's side:
    ``scored_deals``, ``board_scored_deals`` or ``board_listed_deals``."""
    rules = Rules()
    engine_rng, reference_rng = random.Random(seed), random.Random(seed + 1)
    ratios = []
    for done in range(0, deals, chunk):
        size = min(chunk, deals - done)
        if len(ratios) % 2:
            engine_time = engine(rules, size, engine_rng)
            reference = reference_deals(size, reference_rng)
        else:
            reference = reference_deals(size, reference_rng)
            engine_time = engine(rules, size, engine_rng)
        ratios.append(reference / engine_time)
    return statistics.median(ratios)


def legal_moves_cost(rules: Rules, samples: int, seed: int) -> float:
    """Mean microseconds of one legal_moves() call on a fresh position (nothing cached on it)."""
    rng = random.Random(seed)
    positions = []
    while len(positions) < samples:
        state = Round.deal_random(rules, rng)
        while not state.over and len(positions) < samples:
            positions.append(Round._make(  # a fresh copy, with no moves cached on it
                state.rules, state.round_no, state.dealer, state.turn, state.hands, state.table,
                state.stock, state.piles, state.scope, state.last_capturer, state.deal_no,
                state.in_hands, state.over, (), None,
            ))  # fmt: skip
            state = state.play(rng.choice(state.legal_moves()))
    start = time.perf_counter()
    for position in positions:
        position.legal_moves()
    return (time.perf_counter() - start) / len(positions) * 1e6


def bench_engine(quick: bool) -> dict[str, float]:
    scale = 1 if quick else 4
    two, four = Rules(), Rules(players=4)
    # Warm the capture caches and the scoring tables, as a running game does.
    scored_deals(two, 2000 * scale, random.Random(99))
    board_scored_deals(two, 2000 * scale, random.Random(97))
    board_listed_deals(two, 2000 * scale, random.Random(96))
    random_deals(four, 1000 * scale, 98)
    return {
        "2p scored deals/s vs reference (Round)": scored_vs_reference(8000 * scale, 6),
        "2p scored deals/s vs reference (board)": scored_vs_reference(
            8000 * scale, 7, engine=board_scored_deals
        ),
        "2p scored deals/s vs reference (board, moves listed)": scored_vs_reference(
            8000 * scale, 8, engine=board_listed_deals
        ),
        "2p deals/s": random_deals(two, 3000 * scale, 1),
        "4p deals/s": random_deals(four, 2000 * scale, 2),
        "2p deals/s cold cache": _cold(two, 1000 * scale),
        "2p deals/s via apply+events": random_deals_with_events(two, 1500 * scale, 3),
        "legal_moves us/call": legal_moves_cost(two, 20000 * scale, 4),
    }


def _cold(rules: Rules, deals: int) -> float:
    # a rule set whose captures are not yet cached (rule sets that capture alike share
    # their capture table: another target would find it warm)
    return random_deals(rules.with_(capture_limit=3), deals, 5)


TARGETS = {
    "2p scored deals/s vs reference (Round)": (">=", 3),
    "2p scored deals/s vs reference (board)": (">=", 3),
    "2p deals/s": (">=", 5000),
    "Master p95 ms (2p)": ("<=", 100),
    "Master p95 ms (4p)": ("<=", 200),
    "Master p95 ms via the worker (2p)": ("<=", 100),
    "Master p95 ms via the worker (4p)": ("<=", 200),
    "worker poll: longest ms a frame waited": ("<=", 1),
    "frame_p99_ms": ("<=", 8),
    "frame_p99_ms_4_players": ("<=", 8),
    "first_frame_s": ("<=", 1),
    "first_frame_table_s": ("<=", 1),
    "peak_memory_mb": ("<=", 200),
    "idle_cpu_title_pct": ("<=", 5),
    "idle_cpu_settings_pct": ("<=", 5),
}


def _section(name: str):  # type: ignore[no-untyped-def]
    path = TOOLS / f"bench_{name}.py"
    if not path.exists():
        return None
    spec = importlib.util.spec_from_file_location(f"bench_{name}", path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.run


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawTextHelpFormatter
    )
    parser.add_argument("sections", nargs="*", default=["engine", "ai", "app"])
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    results: dict[str, float] = {}
    for section in args.sections:
        run = bench_engine if section == "engine" else _section(section)
        if run is None:
            print(f"[{section}] no benchmark (tools/bench_{section}.py is missing)")
            continue
        figures = run(quick=args.quick)
        results.update(figures)
        for key, value in figures.items():
            if isinstance(value, bool) or not isinstance(value, int | float):
                continue
            target = TARGETS.get(key)
            verdict = ""
            if target:
                op, limit = target
                ok = value >= limit if op == ">=" else value <= limit
                verdict = f"   target {op} {limit}: {'ok' if ok else 'MISSED'}"
            print(f"[{section}] {key:40s} {value:12.2f}{verdict}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
