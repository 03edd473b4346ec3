"""Peek: a player that sees every hand but not the order of the stock.

It searches as the oracle does (``master_v1.search``, the same depth and blend), but over
``worlds`` positions that keep every hand and the table as they truly are and shuffle the
stock. Against the same opponent, the oracle's edge then splits in two: what knowing the
other hands is worth (peek's edge), which a fair player can only approach by reading the
plays, and what knowing the stock's order adds (the oracle's edge less peek's), which no
fair player can have. A cheat by design, for the arena only.

``when`` splits peek's edge once more, by what a fair player could have read at the
decision: ``"informed"`` peeks only once another seat has played a card this deal (its
remaining cards are what the plays speak of), ``"blind"`` only before (the hands just
dealt, which no play has spoken of yet); otherwise it plays as today's Master. Against
Master, the first is what better reading of the plays could win at most, the second what
nothing fair can.
"""

from __future__ import annotations

import random

from scopa.ai.master import MasterPlayer
from scopa.engine import Move, Round, cards_of, observe
from scopa.engine.cards import DECK

from .master_v1.assess import Judge
from .master_v1.master import EXPERT_BLEND
from .master_v1.player import move_key
from .master_v1.search import Searcher
from .master_v1.view import View


class PeekPlayer:
    level = "peek"
    sees_all = True

    def __init__(
        self,
        seed: int = 0,
        *,
        worlds: int = 32,
        leaf_cap: int | None = None,
        blend: float = EXPERT_BLEND,
        when: str = "always",
    ) -> None:
        if when not in ("always", "informed", "blind"):
            raise ValueError(f"when is always, informed or blind, not {when!r}")
        self.seed = int(seed)
        self.worlds = worlds
        self.leaf_cap = leaf_cap
        self.blend = blend
        self.when = when
        self.master = MasterPlayer(self.seed, time_limit=0)

    def choose(self, obs: object) -> Move:
        raise TypeError("peek plays from the true position: use choose_state")

    def choose_state(self, state: Round) -> Move:
        if self.when != "always" and (self.when == "informed") != informed(state):
            return self.master.choose(observe(state, state.turn))
        return self.ranked(state)[0][1]

    def ranked(self, state: Round) -> list[tuple[float, Move]]:
        """Every legal move in ``state`` with its value averaged over the stock's orders,
        best first."""
        moves = state.legal_moves()
        if len(moves) == 1:
            return [(0.0, moves[0])]
        view = View.of(observe(state, state.turn))
        leaf_cap = self.leaf_cap or (400 if state.rules.players == 2 else 600)
        rng = random.Random(f"peek/{self.seed}/{state.hands}/{state.table}/{sorted(state.stock)}")
        totals = dict.fromkeys(moves, 0.0)
        worlds = [state] if not state.stock else [_shuffled(state, rng) for _ in range(self.worlds)]
        for world in worlds:
            searcher = Searcher(world, view.side)
            depth, _ = searcher.plies_within(world, leaf_cap)
            for move in moves:
                plies = depth if move.card is None else depth - 1
                totals[move] += searcher.value(world.play(move), plies, -1e9, 1e9)
        judge = Judge(view)
        scored = [
            (totals[move] / len(worlds) + self.blend * judge.assess(move).score, move)
            for move in moves
        ]
        scored.sort(key=lambda item: (-item[0], move_key(item[1])))
        return scored


def informed(state: Round) -> bool:
    """Whether another seat than the one to act has played a card this deal: whether any
    card of this deal has been played (the seat to act plays again only after every other
    seat has)."""
    return state.in_hands < state.rules.cards_per_deal


def _shuffled(state: Round, rng: random.Random) -> Round:
    """``state`` with its stock in another order."""
    stock = sorted(state.stock)  # the order it had is not seen
    rng.shuffle(stock)
    return with_stock(state, stock)


def with_stock(state: Round, stock: list[int]) -> Round:
    """``state`` with ``stock`` (card indices, the next card first) as its stock."""
    return Round.from_parts(
        state.rules,
        hands=[cards_of(hand) for hand in state.hands],
        table=cards_of(state.table),
        stock=[DECK[index] for index in stock],
        piles=[cards_of(pile) for pile in state.piles],
        dealer=state.dealer,
        turn=state.turn,
        scope=state.scope,
        last_capturer=state.last_capturer,
        deal_no=state.deal_no,
        round_no=state.round_no,
    )
