"""How well the leaf of Master's search foretells a deal's margin, and what a fit would change.

The search scores a leaf by the piles (``estimate.lead``: the scope, the point cards, and
the cards, coins and primiera majorities as chances) plus a share of the mover's best
capture. This plays random deals between Expert players (one move in ten random, for
variety), takes every position on the way, and fits the final margin by least squares on
those parts, on the cards the sides still hold (sevens, point cards: what a leaf could
also read in a guessed world), and on two controls that are the same for every move a
search compares (the turn's side, the cards each side holds). It prints the leaf's mean
squared miss, the fit's, and the fitted weight of each part beside the leaf's own.

    python tools/fit_leaf.py --players 4 --deals 20000 --jobs 2
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import numpy as np  # noqa: E402

from scopa.ai import make_player  # noqa: E402
from scopa.ai.estimate import COINS, SEVENS, _lead, primiera_key, two_sided  # noqa: E402
from scopa.ai.search import QUIET_SHARE, BoardSearcher, best_capture  # noqa: E402
from scopa.engine import Board, Round, Rules, observe  # noqa: E402

PARTS = (
    ("scope", 1.0), ("point cards", 1.0), ("cards majority", 1.0), ("coins majority", 1.0),
    ("primiera majority", 1.0), ("mover's best capture", QUIET_SHARE), ("turn's side", 0.0),
    ("cards held", 0.0), ("sevens held", 0.0), ("point cards held", 0.0),
)  # fmt: skip
"""Each part of a position's value (side 0's less side 1's) and its weight in the leaf."""


def parts(board: Board, leaf: BoardSearcher) -> list[float]:
    """``PARTS`` of ``board`` (two sides, Scopa rules without the seven-count)."""
    first, second = board.piles
    points, _ = two_sided(board.rules)
    piled = [
        float(board.scope[0] - board.scope[1]),
        float((first & points).bit_count() - (second & points).bit_count()),
        _lead(first.bit_count(), second.bit_count(), 40, 0.35),
        _lead((first & COINS).bit_count(), (second & COINS).bit_count(), 10, 0.6),
        _lead(primiera_key(first), primiera_key(second), 22.0, 0.35),
    ]
    best = best_capture(board, leaf.values)
    capture = best if board.side_of[board.turn] == 0 else -best
    mine = theirs = 0
    for seat, hand in enumerate(board.hands):
        if board.side_of[seat]:
            theirs |= hand
        else:
            mine |= hand
    return [
        *piled,
        capture,
        1.0 if board.side_of[board.turn] == 0 else -1.0,
        float(mine.bit_count() - theirs.bit_count()),
        float((mine & SEVENS).bit_count() - (theirs & SEVENS).bit_count()),
        float((mine & points).bit_count() - (theirs & points).bit_count()),
    ]


def positions(task: tuple[int, int, int]) -> tuple[list[list[float]], list[float]]:
    """Per position of ``deals`` self-play deals: its ``parts`` and the deal's final margin
    (side 0's points less side 1's)."""
    players, seed, deals = task
    rules = Rules(players=players)
    rng = random.Random(seed)
    experts = [make_player("expert", seed + seat) for seat in range(players)]
    leaf = BoardSearcher(rules, 0)
    rows: list[list[float]] = []
    margins: list[float] = []
    for deal in range(deals):
        state = Round.deal_random(rules, rng, dealer=deal % players)
        found = []
        while not state.over:
            found.append(parts(Board(state), leaf))
            if rng.random() < 0.1:
                move = rng.choice(state.legal_moves())
            else:
                move = experts[state.turn].choose(observe(state, state.turn))
            state = state.play(move)
        totals = [score.total for score in state.score()]
        rows.extend(found)
        margins.extend([float(totals[0] - totals[1])] * len(found))
    return rows, margins


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--players", type=int, default=4, choices=(2, 4))
    parser.add_argument("--deals", type=int, default=20000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    chunks = 20
    tasks = [(args.players, args.seed * 1000 + i, args.deals // chunks) for i in range(chunks)]
    with multiprocessing.Pool(args.jobs) as pool:
        results = pool.map(positions, tasks)
    x = np.array([row for rows, _ in results for row in rows])
    y = np.array([margin for _, margins in results for margin in margins])
    current = np.array([weight for _, weight in PARTS])
    fitted, *_ = np.linalg.lstsq(x, y, rcond=None)
    print(f"{len(y)} positions of {args.deals} deals, {args.players} players")
    print(
        f"mean squared miss of the final margin: the leaf {np.mean((y - x @ current) ** 2):.4f}, "
        f"the fit {np.mean((y - x @ fitted) ** 2):.4f} (the margin's variance {np.var(y):.4f})"
    )
    print(f"  {'part':22s} {'leaf':>6s} {'fit':>7s}")
    for (name, weight), fit in zip(PARTS, fitted):
        print(f"  {name:22s} {weight:6.2f} {fit:+7.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
