"""Opponents against each other on duplicate deals, seats swapped.

Every deal is played once per seating: A holds each side in turn (its seats, partners
together) and B the others. 2 players: A then B at seat 0; teams: A's team at the even
seats then the odd; individual players: A at each seat in turn. Every seating gets the same
cards and dealer, so luck of the cards cancels out. Matches to the target are duplicated the
same way: a match's deals depend only on its seed.

    python tools/arena.py expert greedy --deals 600 --jobs 2
    python tools/arena.py master expert --players 4 --deals 0 --matches 100
    python tools/arena.py "master:worlds=20" expert --preset quindici
    python tools/arena.py master expert --preset cirulla --deals 600 --jobs 2
    python tools/arena.py expert greedy --players 6 --sides 3
    python tools/arena.py master master-v1 --deals 1000 --jobs 2
    python tools/arena.py oracle expert --deals 300 --jobs 2
    python tools/arena.py master master-v1 --deals 300 --save base.json
    python tools/arena.py "master:worlds=240" master-v1 --deals 300 --paired base.json

``--save`` keeps each deal's margin; ``--paired`` compares a run deal by deal with one saved
on the same deals (seed, rules and B alike). Two versions of a player that make most of the
same moves score alike on most deals, so the difference of their margins, deal by deal,
varies far less than either margin: a change too small to tell in two separate runs' intervals
shows in the paired one.

A player is a level, optionally with options: ``master:worlds=20,node_budget=4000``. Besides
the game's levels the arena knows the yardsticks of ``tools/yardsticks``: ``master-v1``, the
master frozen as first measured; ``oracle``, which cheats by searching the true position;
``peek``, which sees the other hands (``peek:when=informed`` only once another seat has played
this deal, ``when=blind`` only before; Master elsewhere); and ``ismcts``, a tree search over
what each seat knows.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import random
import sys
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scopa.ai import ALL_LEVELS, make_player  # noqa: E402
from scopa.engine import (  # noqa: E402
    DECK,
    PRESETS,
    Card,
    Match,
    Round,
    Rules,
    misdeal_reason,
)
from tools.yardsticks import YARDSTICKS, decide, make_yardstick  # noqa: E402


@dataclass(frozen=True)
class Setup:
    rules: Rules
    a: str
    b: str
    seed: int


def parse_player(spec: str, seed: int) -> Any:
    """``level`` or ``level:key=value,key=value`` (numbers are read as numbers, true and
    false as truth values)."""
    level, _, rest = spec.partition(":")
    options: dict[str, object] = {}
    for item in filter(None, rest.split(",")):
        key, sep, value = item.partition("=")
        if not sep:
            raise SystemExit(f"cannot read player option {item!r} in {spec!r}: write key=value")
        options[key.strip()] = _value(value.strip())
    try:
        player = make_yardstick(level, seed, **options)
        return player if player is not None else make_player(level, seed, **options)
    except (ValueError, TypeError) as error:
        raise SystemExit(f"cannot make player {spec!r}: {error}") from None


def _value(text: str) -> object:
    truth = {"true": True, "false": False}.get(text.lower())
    if truth is not None:
        return truth
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


def seatings(rules: Rules) -> list[tuple[bool, ...]]:
    """For each seating, which seats A holds (True) and which B holds: A holds one side
    (all its seats) at a time."""
    return [
        tuple(rules.side_of(seat) == side for seat in range(rules.players))
        for side in range(rules.sides)
    ]


def deal_deck(rules: Rules, seed: int, index: int) -> list[Card]:
    rng = random.Random(f"arena/{seed}/{index}")
    deck = list(DECK)
    while True:
        rng.shuffle(deck)
        start = rules.players * rules.hand_size
        if misdeal_reason(deck[start : start + rules.table_size], rules) is None:
            return deck


def margin(points: Sequence[float], rules: Rules, a_seats: tuple[bool, ...]) -> tuple[float, int]:
    """A's points minus B's (B's average over its sides), and the round's outcome for A."""
    a_sides = {rules.side_of(seat) for seat, mine in enumerate(a_seats) if mine}
    a_points = sum(points[side] for side in a_sides) / len(a_sides)
    b_points = [points[side] for side in range(rules.sides) if side not in a_sides]
    outcome = (a_points > max(b_points)) - (a_points < max(b_points))
    return a_points - sum(b_points) / len(b_points), outcome


def play_deal(task: tuple[Setup, int]) -> tuple[int, float, list[int], float, int]:
    """One duplicate deal: (its index, mean margin for A, outcomes per seating, seconds,
    decisions)."""
    setup, index = task
    rules = setup.rules
    deck = deal_deck(rules, setup.seed, index)
    dealer = index % rules.players
    margins, outcomes = [], []
    started = time.perf_counter()
    decisions = 0
    for a_seats in seatings(rules):
        players = [
            parse_player(setup.a if mine else setup.b, setup.seed + seat)
            for seat, mine in enumerate(a_seats)
        ]
        state = Round.deal(rules, deck, dealer=dealer)
        while not state.over:
            seat = state.turn
            state = state.play(decide(players[seat], state, seat))
            decisions += 1
        points = [float(score.total) for score in state.score()]
        value, outcome = margin(points, rules, a_seats)
        margins.append(value)
        outcomes.append(outcome)
    return index, sum(margins) / len(margins), outcomes, time.perf_counter() - started, decisions


def play_match(task: tuple[Setup, int]) -> list[int]:
    """One duplicate match to the target: per seating, 1 if A's side won, else 0."""
    setup, index = task
    rules = setup.rules
    results = []
    for a_seats in seatings(rules):
        players = [
            parse_player(setup.a if mine else setup.b, setup.seed + seat)
            for seat, mine in enumerate(a_seats)
        ]
        match = Match.new(rules, setup.seed * 1_000_003 + index, first_dealer=index % rules.players)
        while not match.over:
            seat = match.round.turn
            move = decide(players[seat], match.round, seat, match.totals)
            match, _ = match.apply(move, seat)
        a_sides = {rules.side_of(seat) for seat, mine in enumerate(a_seats) if mine}
        results.append(1 if match.winner in a_sides else 0)
    return results


def mean_ci(values: Sequence[float]) -> tuple[float, float]:
    """Mean and the half-width of its 95 % confidence interval."""
    n = len(values)
    if n == 0:
        return 0.0, 0.0
    mean = sum(values) / n
    if n == 1:
        return mean, float("inf")
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, 1.96 * math.sqrt(var / n)


def paired(run: dict, baseline: dict) -> str:
    """This run's margins less ``baseline``'s, deal by deal over the deals both played: the
    mean and its interval (a line to print), or why they cannot be compared."""
    for key in ("b", "rules", "seed"):
        if run[key] != baseline.get(key):
            return f"paired: not comparable, the saved run's {key} differs ({baseline.get(key)!r})"
    theirs = baseline.get("margins")
    if not isinstance(theirs, dict):
        return "paired: the saved run holds no margins"
    shared = [key for key in run["margins"] if key in theirs]
    if not shared:
        return "paired: the two runs share no deal"
    try:
        gaps = [run["margins"][key] - float(theirs[key]) for key in shared]
    except (TypeError, ValueError):
        return "paired: the saved run's margins are not numbers"
    mean, half = mean_ci(gaps)
    return (
        f"paired with {baseline.get('a')!r} over {len(gaps)} deals: {mean:+.3f} points/deal "
        f"(95% CI {mean - half:+.3f} .. {mean + half:+.3f})"
    )


def run_pool(func, tasks: list, jobs: int) -> Iterator:  # noqa: ANN001
    """Results of ``func`` over ``tasks`` in any order, on ``jobs`` processes."""
    if jobs <= 1:
        yield from map(func, tasks)
        return
    with multiprocessing.get_context("spawn").Pool(jobs) as pool:
        yield from pool.imap_unordered(func, tasks, chunksize=1)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("a", help=f"player A: {', '.join((*ALL_LEVELS, *YARDSTICKS))} "
                        "(options: level:k=v,...)")  # fmt: skip
    parser.add_argument("b", help="player B, same form")
    parser.add_argument("--preset", default="classic", choices=sorted(PRESETS))
    parser.add_argument("--players", type=int, help="2, 3, 4 or 6 (default: the preset's)")
    parser.add_argument("--no-teams", action="store_true", help="4 players each on their own")
    parser.add_argument("--sides", type=int, help="6 players: 2 teams of three (default), "
                        "3 teams of two or 6 on their own")  # fmt: skip
    parser.add_argument("--deals", type=int, default=200, help="duplicate deals (0: none)")
    parser.add_argument("--matches", type=int, default=0, help="duplicate matches to target")
    parser.add_argument("--target", type=int, help="match target (default: the preset's)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=max(1, (multiprocessing.cpu_count() or 1)))
    parser.add_argument("--save", type=Path, help="write each deal's margin for A to this file")
    parser.add_argument("--paired", type=Path, help="compare with a run saved by --save, "
                        "deal by deal")  # fmt: skip
    args = parser.parse_args(argv)

    rules = PRESETS[args.preset]
    try:
        changes: dict[str, object] = {}
        if args.players:
            changes["players"] = args.players
        if args.no_teams:
            changes["teams"] = False
        if args.sides:
            changes["six_sides"] = args.sides
        if args.target:
            changes["target"] = args.target
        rules = rules.with_(**changes)
    except ValueError as error:
        print(f"arena: {error}", file=sys.stderr)
        return 2
    for spec in (args.a, args.b):
        parse_player(spec, 0)
    baseline: dict[str, object] | None = None
    if args.paired is not None:
        try:
            baseline = json.loads(args.paired.read_text(encoding="utf-8"))
        except (OSError, ValueError) as error:
            print(f"arena: cannot read {args.paired}: {error}", file=sys.stderr)
            return 2
    setup = Setup(rules, args.a, args.b, args.seed)
    label = f"{args.preset}, {rules.players} players" + (
        ", teams" if rules.players == 4 and rules.teams else ""
    )
    if rules.players == 6:
        label += f", {rules.sides} sides"
    print(f"{args.a} (A) vs {args.b} (B): {label}, seed {args.seed}, jobs {args.jobs}")

    if args.deals > 0:
        started = time.perf_counter()
        margins: list[float] = []
        by_deal: dict[int, float] = {}
        outcomes: list[int] = []
        decisions = 0
        for index, value, seats, _, count in run_pool(
            play_deal, [(setup, i) for i in range(args.deals)], args.jobs
        ):
            margins.append(value)
            by_deal[index] = value
            outcomes.extend(seats)
            decisions += count
        mean, half = mean_ci(margins)
        won = outcomes.count(1)
        tied = outcomes.count(0)
        lost = outcomes.count(-1)
        elapsed = time.perf_counter() - started
        print(
            f"deals {len(margins)}: A's margin {mean:+.3f} points/deal "
            f"(95% CI {mean - half:+.3f} .. {mean + half:+.3f})"
        )
        print(f"rounds {len(outcomes)}: A won {won}, tied {tied}, lost {lost}")
        print(f"time {elapsed:.0f} s, {decisions} decisions")
        record = {
            "a": args.a,
            "b": args.b,
            "rules": repr(rules),
            "seed": args.seed,
            "margins": {str(index): value for index, value in sorted(by_deal.items())},
        }
        if args.save is not None:
            args.save.write_text(json.dumps(record, indent=1), encoding="utf-8")
        if baseline is not None:
            print(paired(record, baseline))
    if args.matches > 0:
        started = time.perf_counter()
        results: list[int] = []
        for seats in run_pool(play_match, [(setup, i) for i in range(args.matches)], args.jobs):
            results.extend(seats)
        mean, half = mean_ci([float(r) for r in results])
        print(
            f"matches {len(results)} to {rules.target}: A won {sum(results)} "
            f"({100 * mean:.1f}%, 95% CI {100 * (mean - half):.1f} .. {100 * (mean + half):.1f}%)"
            f" in {time.perf_counter() - started:.0f} s"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
