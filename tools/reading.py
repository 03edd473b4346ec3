"""How much Master's reading of the other seat's plays says about the cards it still holds.

Master weighs each guessed world by how likely the other seats' plays this deal are in it
(``inference``). This measures that reading without playing a match: it plays 2-player
deals between A (seat 0, the reader) and B, and at each decision of A made after B played
this deal, weighs the true hidden hands and ``--guesses`` uniform guesses at them. The
evidence a model gives is log2(weight of the truth / mean weight of the guesses): 0 bits
when it cannot tell the truth from a guess, more the more it favours the truth. Each model
prints its mean over the decisions, with a 95% interval, and split by how many of B's plays
this deal there were to read.

``--exact`` adds B's own policy as the model: a guess weighs 1 if B, holding the guessed
cards, makes every play it made this deal, and ``MISMATCH`` otherwise. For a player that
always makes the same move from the same observation (the game's levels and yardsticks do),
that is the most any reading of its plays could say; the gap to the policy model is what a
better model of B could still win. It replays B's decision for every guess, so it is slow.

    python tools/reading.py --deals 40
    python tools/reading.py --deals 20 --exact --guesses 60
    python tools/reading.py --b expert --deals 40
"""

from __future__ import annotations

import argparse
import math
import random
import sys
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scopa.ai.inference import (  # noqa: E402
    POLICY_FLOOR,
    POLICY_TEMPERATURE,
    DealHistory,
    PolicyHistory,
    shares,
)
from scopa.ai.master import MasterPlayer  # noqa: E402
from scopa.ai.style import read_styles  # noqa: E402
from scopa.ai.view import View  # noqa: E402
from scopa.ai.worlds import sample_world  # noqa: E402
from scopa.engine import Move, Observation, Round, Rules, cards_of, observe  # noqa: E402
from scopa.engine.cards import FULL_MASK  # noqa: E402
from tools.arena import mean_ci, parse_player  # noqa: E402
from tools.yardsticks import decide  # noqa: E402

MISMATCH = 0.02
"""The weight ``--exact`` gives a guess in which B would have played otherwise (not 0: a
model that rules out the truth would score minus infinity)."""

Plays = list[tuple[Round, Move]]
"""B's plays this deal: the position before each and the move made."""
Weigh = Callable[[list[int]], float]


def make(spec: str, seed: int) -> Any:
    """A player as the arena reads it (``arena.parse_player``), fair ones only."""
    found = parse_player(spec, seed)
    if getattr(found, "sees_all", False):
        raise SystemExit(f"{spec} sees every card: its plays say nothing to read")
    return found


def decisions(a: Any, b: Any, deals: int, seed: int) -> list[tuple[Round, Plays]]:
    """Each decision of A (seat 0) with a choice to make after B played this deal: the
    position and B's plays this deal."""
    rules = Rules()
    rng = random.Random(seed)
    found: list[tuple[Round, Plays]] = []
    for deal in range(deals):
        state = Round.deal_random(rules, rng, dealer=deal % 2)
        plays: Plays = []
        deal_no = state.deal_no
        while not state.over:
            if state.deal_no != deal_no:
                plays, deal_no = [], state.deal_no
            if state.turn == 0 and plays and len(state.legal_moves()) > 1:
                found.append((state, list(plays)))
            move = decide(a if state.turn == 0 else b, state, state.turn)
            if state.turn == 1:
                plays.append((state, move))
            state = state.play(move)
    return found


def guessed(before: Round, hand: int) -> Observation:
    """What B saw before a play of ``before`` had it held ``hand`` (a mask)."""
    seen = observe(before, 1)
    placed = before.hands[0] | hand | before.table
    for pile in before.piles:
        placed |= pile
    world = Round.from_parts(
        before.rules,
        hands=[cards_of(before.hands[0]), cards_of(hand)],
        table=list(seen.table),
        stock=list(cards_of(FULL_MASK & ~placed)),
        piles=[list(pile) for pile in seen.piles],
        dealer=seen.dealer,
        turn=1,
        scope=seen.scope,
        last_capturer=seen.last_capturer,
        deal_no=seen.deal_no,
        round_no=seen.round_no,
    )
    return replace(seen, hand=cards_of(hand), legal_moves=world.legal_moves())


def replayed(plays: Plays, chance: Callable[[Observation, Move], float]) -> Weigh:
    """A model of B's plays: a guess weighs the ``chance`` of each play of B this deal from
    what B would have seen holding the guessed cards with the ones it played since. Each
    hand is judged once."""
    known: dict[tuple[int, int], float] = {}

    def weigh(hands: list[int]) -> float:
        later = 0
        weight = 1.0
        for at in range(len(plays) - 1, -1, -1):
            before, move = plays[at]
            later |= move.card.bit  # type: ignore[union-attr]
            hand = hands[1] | later
            found = known.get((at, hand))
            if found is None:
                found = known[at, hand] = chance(guessed(before, hand), move)
            weight *= found
        return weight

    return weigh


def exact(b: Any, plays: Plays) -> Weigh:
    """B's own policy as the model: whether B, holding the guessed cards, plays as it did."""
    return replayed(plays, lambda seen, move: 1.0 if b.choose(seen) == move else MISMATCH)


def searched(worlds: int, heat: float, plays: Plays, cap: int | None = None) -> Weigh:
    """A searcher's judgement as the model: each move B had, valued by Master's search over
    ``worlds`` guessed worlds (``cap`` lines each, None: Master's; no reading of the plays,
    the replies feared), chosen as the policy model chooses by the expert's judgement
    (softly, ``heat`` points, and ``POLICY_FLOOR`` of the time anything)."""
    master = MasterPlayer(
        1, worlds=worlds, node_budget=1 << 40, time_limit=0, infer=False, replies=False,
        leaf_cap=cap,
    )  # fmt: skip

    def chance(seen: Observation, move: Move) -> float:
        if len(seen.legal_moves) < 2:
            return 1.0
        ranked = master.ranked(View.of(seen), random.Random(seen.hand_mask))
        scores = [score for score, _ in ranked]
        return shares(scores, heat, POLICY_FLOOR)[[found for _, found in ranked].index(move)]

    return replayed(plays, chance)


def evidence(
    found: list[tuple[Round, Plays]],
    models: dict[str, Callable[[View, Plays], Weigh]],
    guesses: int,
    seed: int,
) -> dict[str, dict[int, list[float]]]:
    """Per model, per number of B's plays read: the bits of evidence at each decision."""
    rng = random.Random(seed)
    out: dict[str, dict[int, list[float]]] = {name: {} for name in models}
    for state, plays in found:
        view = View.of(observe(state, 0))
        drawn = [list(sample_world(view, rng).hands) for _ in range(guesses)]
        for name, model in models.items():
            weigh = model(view, plays)
            mean = sum(weigh(hands) for hands in drawn) / guesses
            bits = math.log2(weigh(list(state.hands)) / mean)
            out[name].setdefault(len(plays), []).append(bits)
    return out


def interval(values: list[float]) -> str:
    mean, half = mean_ci(values)
    return f"{mean:+.3f} (95% CI {mean - half:+.3f} .. {mean + half:+.3f})"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--a", default="master-v1", help="the reader's player (its plays)")
    parser.add_argument("--b", default="master-v1", help="the player read")
    parser.add_argument("--deals", type=int, default=40)
    parser.add_argument("--guesses", type=int, default=200)
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--searched", type=int, default=0, help="Master's search over this "
                        "many worlds as a model too")  # fmt: skip
    parser.add_argument("--heat", type=float, default=0.05, help="the searched model's heat")
    parser.add_argument("--cap", type=int, help="the searched model's lines per world")
    parser.add_argument("--exact", action="store_true", help="B's own policy as a model too")
    args = parser.parse_args(argv)
    b = make(args.b, args.seed + 9)
    found = decisions(make(args.a, args.seed + 7), b, args.deals, args.seed)
    models: dict[str, Callable[[View, Plays], Weigh]] = {
        "signals": lambda view, _: DealHistory(view).weight_hands,
        "policy": lambda view, _: (
            PolicyHistory(view, POLICY_TEMPERATURE, POLICY_FLOOR).weight_hands
        ),
        "policy, heat 0.1": lambda view, _: PolicyHistory(view, 0.1, 0.05).weight_hands,
        "as Master reads": lambda view, _: (
            PolicyHistory(view, POLICY_TEMPERATURE, POLICY_FLOOR, read_styles(view)).weight_hands
        ),
    }
    if args.searched:
        models[f"searched, {args.searched} worlds"] = lambda _, plays: searched(
            args.searched, args.heat, plays, args.cap
        )
    if args.exact:
        models["B's own policy"] = lambda _, plays: exact(b, plays)
    print(f"{len(found)} decisions of {args.a} reading {args.b}, {args.deals} deals, "
          f"{args.guesses} guesses each: bits of evidence towards the true hands")  # fmt: skip
    for name, split in evidence(found, models, args.guesses, args.seed).items():
        every = [bits for values in split.values() for bits in values]
        parts = ", ".join(
            f"{plays} read {sum(values) / len(values):+.2f} ({len(values)})"
            for plays, values in sorted(split.items())
        )
        print(f"  {name:20s} {interval(every)}; {parts}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
