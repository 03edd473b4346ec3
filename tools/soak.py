"""Soak test: thousands of computer-only matches under every preset, toggle mix and player count
(six players in each arrangement, Cirulla with random mixes of its toggles).

After every move it checks the engine's invariants: each of the 40 cards is in exactly one
place; the player to act has a legal move until the match ends (and only that seat does);
the totals are the sum of the round scores; every breakdown adds up. At every round's end and
at the match's end the game record must survive its text form and replay to the same state.
A failure prints what went wrong and saves the match's record (with the error as comments)
so ``GameRecord.parse`` can load it to reproduce the bug; the exit code is then 1.

    .venv/bin/python tools/soak.py                     # 10,000 matches
    .venv/bin/python tools/soak.py --matches 500 --jobs 2 --seed 7
    .venv/bin/python tools/soak.py --matches 200 --players 6 --levels expert
    .venv/bin/python tools/soak.py --matches 200 --cirulla --levels master-quick
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scopa.engine import (  # noqa: E402
    PRESETS,
    Captured,
    Declared,
    GameRecord,
    Laid,
    Match,
    Move,
    Passed,
    Played,
    Retracted,
    RoundScored,
    Rules,
    RulesError,
)

ALL_CARDS = (1 << 40) - 1
DEFAULT_LEVELS = ("greedy", "beginner", "expert", "master-quick")
QUICK_MASTER = {"worlds": 2, "node_budget": 150, "leaf_cap": 30, "time_limit": 0}
"""A master that searches little: the same code paths as the full one, at soak speed."""
MAX_MOVES = 5000
"""A match this long is stuck (real matches take a few hundred moves)."""
MAX_SAVED_FAILURES = 20


class InvariantBroken(AssertionError):
    """The engine reached a state its rules forbid."""


# --- opponents ----------------------------------------------------------------------------


def make_player(level: str, seed: int) -> Any:
    from scopa.ai import make_player as make

    if level == "master-quick":
        return make("master", seed, **QUICK_MASTER)
    return make(level, seed)


# --- what to play -------------------------------------------------------------------------


@dataclass(frozen=True)
class Only:
    """Which matches to play: a player count, Cirulla or not (None: any)."""

    players: int | None = None
    cirulla: bool | None = None


def random_rules(rng: random.Random, only: Only = Only()) -> Rules:
    """Any valid combination of every toggle (within ``only``)."""
    while True:
        players = only.players or rng.choice((2, 3, 4, 4, 6))
        cirulla = rng.random() < 0.3 if only.cirulla is None else only.cirulla
        try:
            return Rules(
                players=players,
                teams=rng.random() < 0.7,
                six_sides=rng.choice((2, 3, 6)),
                deal="scopa"
                if cirulla
                else rng.choice(("scopa", "scopa", "scopone", "scientifico")),
                capture_limit=rng.choice((None, None, 1, 2, 3)),
                fewest_cards=rng.random() < 0.3,
                seven_count=rng.random() < 0.3,
                incomplete_primiera=rng.random() < 0.3,
                face_values=rng.choice(("ten", "southern", "zero")),
                re_bello=rng.random() < 0.3,
                settebello_coppe=rng.random() < 0.3,
                napola=rng.random() < 0.3,
                cappotto=rng.random() < 0.3,
                target=rng.choice((11, 11, 16, 21, 31)),
                scientifico_last_scopa=rng.random() < 0.5,
                assi=rng.random() < 0.3,
                assi_scopa=rng.random() < 0.5,
                assi_ace_takes_ace=rng.random() < 0.7,
                assi_redeal=rng.random() < 0.3,
                quindici=rng.random() < 0.25,
                seven_count_aces=rng.random() < 0.5,
                cirulla=cirulla,
                clockwise=rng.random() < 0.3,
                luzzati_table_rules=rng.random() < 0.3,
                dealer_low_bonus=rng.choice((None, None, 3, 1)),
                equal_rank_precedence=rng.random() < 0.3,
                may_trail_capturing_card=rng.random() < 0.3,
                ace_sweep_is_scopa=rng.random() < 0.7,
                ace_on_ace_only=rng.random() < 0.3,
                low_hand_max=rng.choice((9, 9, 8)),
                stack_hand_bonuses=rng.random() < 0.3,
                no_decino=rng.random() < 0.2,
                dossena_scale=rng.random() < 0.2,
                matta=rng.choice((7, 7, 9, None)),
                declare_at_deal=rng.random() < 0.3,
                declare_until_play=rng.random() < 0.5,
                piccola_max=rng.choice((6, 6, 7)),
                primiera_requires_all_suits=rng.random() < 0.7,
            )
        except RulesError:
            continue


def preset_rules(index: int, only: Only = Only()) -> tuple[str, Rules]:
    """Every preset in turn, under every player count it allows (within ``only``)."""
    variants = []
    for name, rules in PRESETS.items():
        for players in (2, 3, 4, 6):
            try:
                variant = rules.with_(players=players)
            except RulesError:
                continue
            if only.players not in (None, players) or only.cirulla not in (None, rules.cirulla):
                continue
            variants.append((name if players == rules.players else f"{name}/{players}p", variant))
    return variants[index % len(variants)]


def pick_setup(
    index: int, seed: int, levels: tuple[str, ...], only: Only = Only()
) -> tuple[str, Rules, list[str], int]:
    rng = random.Random(f"soak/{seed}/{index}")
    if index % 3 == 0:
        label, rules = preset_rules(index // 3, only)
    else:
        rules = random_rules(rng, only)
        label = rules.preset_name() or ("cirulla-mixed" if rules.cirulla else "mixed")
    seats = [rng.choice(levels) for _ in range(rules.players)]
    return label, rules, seats, rng.getrandbits(48)


# --- invariants ---------------------------------------------------------------------------


def check_cards(match: Match) -> None:
    current = match.round
    stock = 0
    for index in current.stock:
        stock |= 1 << index
    places = [*current.hands, current.table, *current.piles]
    count = len(current.stock) + sum(place.bit_count() for place in places)
    places.append(stock)
    union = 0
    for place in places:
        union |= place
    if union != ALL_CARDS or count != 40:
        missing = (ALL_CARDS & ~union).bit_count()
        raise InvariantBroken(
            f"cards: {count} placed, {missing} missing (each must be in one place)"
        )


def check_turn(match: Match) -> None:
    legal = match.legal_moves()
    if match.over:
        if legal:
            raise InvariantBroken("the match is over but moves are offered")
        return
    if not legal:
        raise InvariantBroken(f"seat {match.turn} has no legal move before the round ended")
    for seat in range(match.rules.players):
        seen = match.observe(seat).legal_moves
        expected = tuple(legal) if seat == match.turn else ()
        if tuple(seen) != expected:
            raise InvariantBroken(f"seat {seat} sees moves {seen} but the match offers {legal}")


def check_scores(match: Match) -> None:
    sums = [sum(scores[side].total for scores in match.rounds) for side in range(match.rules.sides)]
    if tuple(sums) != tuple(match.totals):
        raise InvariantBroken(f"totals {match.totals} are not the sum of the rounds {sums}")
    for number, scores in enumerate(match.rounds, start=1):
        for side, breakdown in enumerate(scores):
            if sum(breakdown.points.values()) != breakdown.total:
                raise InvariantBroken(f"round {number} side {side}: points do not add up")
    winner = match.winner
    at_deal = getattr(match, "won_at_deal", False)  # a Luzzati table decides no points
    if winner is not None and not match.cappotto and not at_deal:
        top = max(match.totals)
        if match.totals[winner] != top or top < match.rules.target or match.totals.count(top) > 1:
            raise InvariantBroken(f"side {winner} won with totals {match.totals}")


def check_events(before: Match, move: Move, events: Iterable[Any]) -> None:
    seat = before.turn
    events = list(events)
    if move.card is None:
        check_declaring_events(before, move, events)
        return
    played = [e for e in events if isinstance(e, Played)]
    if played != [Played(seat, move.card)]:
        raise InvariantBroken(f"{move} by seat {seat} gave play events {played}")
    captured = [e for e in events if isinstance(e, Captured)]
    laid = [e for e in events if isinstance(e, Laid)]
    if move.captures:
        if len(captured) != 1 or set(captured[0].cards) != set(move.captures) or laid:
            raise InvariantBroken(f"{move} gave capture events {captured} {laid}")
    elif captured or len(laid) != 1:
        raise InvariantBroken(f"{move} was laid but the events say {captured} {laid}")


def check_declaring_events(before: Match, move: Move, events: list[Any]) -> None:
    """A declaration, pass or retraction moves no card and says what it did."""
    seat = before.turn
    if any(isinstance(e, (Played, Captured, Laid)) for e in events):
        raise InvariantBroken(f"{move} by seat {seat} moved a card: {events}")
    kind = {"declare": Declared, "pass": Passed, "retract": Retracted}[move.kind]
    said = [e for e in events if isinstance(e, kind)]
    if len(said) != 1 or said[0].seat != seat:
        raise InvariantBroken(f"{move} by seat {seat} gave events {events}")
    if isinstance(said[0], Declared) and said[0].points <= 0:
        raise InvariantBroken(f"{move} by seat {seat} declared for no points")


def same_state(a: Match, b: Match) -> str | None:
    """The first difference between two matches, or None."""
    for name in ("rules", "seed", "first_dealer", "totals", "rounds", "winner", "cappotto"):
        if getattr(a, name) != getattr(b, name):
            return f"match.{name} differs"
    for name in ("round_no", "dealer", "turn", "hands", "table", "stock", "piles", "scope",
                 "last_capturer", "deal_no", "over", "shown", "matta_value", "bonus",
                 "declarations_due", "decided"):  # fmt: skip
        if getattr(a.round, name) != getattr(b.round, name):
            return f"round.{name} differs"
    if a.moves() != b.moves():
        return "the move lists differ"
    return None


def check_record(match: Match) -> None:
    record = match.record()
    text = record.text()
    parsed = GameRecord.parse(text)
    if parsed != record or parsed.text() != text:
        raise InvariantBroken("the game record does not survive its text form")
    difference = same_state(parsed.replay(), match)
    if difference:
        raise InvariantBroken(f"the replayed record differs from the match: {difference}")


# --- one match ----------------------------------------------------------------------------


@dataclass
class Outcome:
    index: int
    label: str
    players: int
    levels: list[str]
    moves: int = 0
    rounds: int = 0
    error: str | None = None
    record: str | None = None
    toggles: list[str] = field(default_factory=list)


def play_match(index: int, seed: int, levels: tuple[str, ...], only: Only = Only()) -> Outcome:
    label, rules, seats, match_seed = pick_setup(index, seed, levels, only)
    outcome = Outcome(index, label, rules.players, seats, toggles=_toggles_on(rules))
    match: Match | None = None
    try:
        players = [make_player(level, match_seed + seat) for seat, level in enumerate(seats)]
        match = Match.new(rules, match_seed)
        check_cards(match)
        check_turn(match)
        while not match.over:
            if outcome.moves >= MAX_MOVES:
                raise InvariantBroken(f"no winner after {MAX_MOVES} moves")
            before = match
            move = players[match.turn].choose(match.observe(match.turn))
            match, events = match.apply(move, seat=before.turn)
            outcome.moves += 1
            check_events(before, move, events)
            check_cards(match)
            check_turn(match)
            check_scores(match)
            if any(isinstance(event, RoundScored) for event in events):
                check_record(match)
        outcome.rounds = len(match.rounds)
    except Exception as error:  # noqa: BLE001 - every failure is reported, none stops the soak
        outcome.error = f"{type(error).__name__}: {error}"
        if match is not None:
            outcome.record = match.record().text()
    return outcome


def _toggles_on(rules: Rules) -> list[str]:
    default = Rules(players=rules.players)
    return [f.name for f in fields(Rules) if getattr(rules, f.name) != getattr(default, f.name)]


def _play(args: tuple[int, int, tuple[str, ...], Only]) -> Outcome:
    return play_match(*args)


# --- many matches -------------------------------------------------------------------------


@dataclass
class Summary:
    matches: int = 0
    moves: int = 0
    rounds: int = 0
    seconds: float = 0.0
    failures: list[Outcome] = field(default_factory=list)
    labels: Counter[str] = field(default_factory=Counter)
    players: Counter[int] = field(default_factory=Counter)
    toggles: Counter[str] = field(default_factory=Counter)
    levels: Counter[str] = field(default_factory=Counter)

    def add(self, outcome: Outcome) -> None:
        self.matches += 1
        self.moves += outcome.moves
        self.rounds += outcome.rounds
        self.labels[outcome.label] += 1
        self.players[outcome.players] += 1
        self.toggles.update(outcome.toggles)
        self.levels.update(outcome.levels)
        if outcome.error:
            self.failures.append(outcome)


def run(
    matches: int,
    *,
    jobs: int = 1,
    seed: int = 1,
    levels: tuple[str, ...] = DEFAULT_LEVELS,
    progress: Callable[[Summary], None] | None = None,
    only: Only = Only(),
) -> Summary:
    summary = Summary()
    started = time.perf_counter()
    tasks = [(index, seed, levels, only) for index in range(matches)]
    if jobs <= 1:
        outcomes: Iterable[Outcome] = map(_play, tasks)
        pool = None
    else:
        pool = multiprocessing.get_context("spawn" if sys.platform == "win32" else None).Pool(jobs)
        outcomes = pool.imap_unordered(_play, tasks, chunksize=8)
    try:
        for outcome in outcomes:
            summary.add(outcome)
            if progress is not None and summary.matches % 500 == 0:
                summary.seconds = time.perf_counter() - started
                progress(summary)
    finally:
        if pool is not None:
            pool.close()
            pool.join()
    summary.seconds = time.perf_counter() - started
    return summary


def save_failure(outcome: Outcome, seed: int, folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"soak-{seed}-{outcome.index}.scopa"
    lines = [
        f"# soak seed {seed}, match {outcome.index} ({outcome.label}), seats {outcome.levels}",
        f"# error: {outcome.error}",
        f"# reproduce: tools/soak.py --seed {seed} --only {outcome.index} (with the same "
        "--players, --cirulla and --levels)",
    ]
    body = outcome.record or "# (the match could not even start)\n"
    path.write_text("\n".join(lines) + "\n" + body, encoding="utf-8")
    return path


def report(summary: Summary) -> str:
    rate = summary.matches / summary.seconds if summary.seconds else 0.0
    lines = [
        f"{summary.matches} matches, {summary.rounds} rounds, {summary.moves} moves "
        f"in {summary.seconds:.1f} s ({rate:.1f} matches/s, "
        f"{summary.moves / max(summary.seconds, 1e-9):.0f} moves/s)",
        "opponents: " + _counts(summary.levels),
        "players: " + _counts(summary.players),
        "rule sets: " + _counts(summary.labels),
        "toggles on: " + _counts(summary.toggles),
        f"errors: {len(summary.failures)}",
    ]
    return "\n".join(lines)


def _counts(counter: Counter[Any]) -> str:
    return ", ".join(f"{key} {count}" for key, count in sorted(counter.items(), key=str))


def _progress(summary: Summary) -> None:
    print(f"... {summary.matches} matches, {len(summary.failures)} errors", flush=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=10_000)
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--levels",
        default=",".join(DEFAULT_LEVELS),
        help="computer levels drawn for the seats (master-quick: a small search)",
    )
    parser.add_argument("--only", type=int, help="play just this match number (to reproduce)")
    parser.add_argument("--players", type=int, choices=(2, 3, 4, 6),
                        help="only matches with this many players")  # fmt: skip
    parser.add_argument("--cirulla", action="store_true", help="only Cirulla matches")
    parser.add_argument("--out", type=Path, default=Path("soak-failures"),
                        help="folder for the records of failing matches")  # fmt: skip
    args = parser.parse_args(argv)
    levels = tuple(level.strip() for level in args.levels.split(",") if level.strip())
    only = Only(args.players, True if args.cirulla else None)
    if args.cirulla and args.players == 6:
        parser.error("cirulla is played by 2, 3 or 4 players")
    if args.only is not None:
        outcome = play_match(args.only, args.seed, levels, only)
        summary = Summary()
        summary.add(outcome)
    else:
        summary = run(args.matches, jobs=args.jobs, seed=args.seed, levels=levels,
                      progress=_progress, only=only)  # fmt: skip
    print(report(summary))
    for outcome in summary.failures[:MAX_SAVED_FAILURES]:
        path = save_failure(outcome, args.seed, args.out)
        print(f"FAILED match {outcome.index} ({outcome.label}): {outcome.error}\n  record: {path}")
    return 1 if summary.failures else 0


if __name__ == "__main__":
    sys.exit(main())
