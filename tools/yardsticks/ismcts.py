"""ISMCTS: a tree over what each seat knows, searched across guessed worlds.

Master searches each guessed world on its own and averages: in every world its own later
moves, and the other seats' replies, are chosen knowing that world's cards. This player
grows one tree per seat's knowledge instead (multiple-observer information-set Monte
Carlo tree search): a node is what the seat to act knows (the plays since the decision
and its own hand), so a seat's statistics at a node mix every world it cannot tell apart,
and neither side plays as if it saw the other's cards. Each iteration takes the next
guessed world (drawn by how well it explains the others' plays, as Master's are), walks
the tree by UCB over the moves that world allows, adds one move, and scores the position
reached with a short alpha-beta in that world (Master's search and leaf).

An experiment for the arena; never offered in the game.
"""

from __future__ import annotations

import random
from math import log, sqrt

from scopa.ai.inference import POLICY_FLOOR, POLICY_TEMPERATURE, PolicyHistory
from scopa.ai.master import MasterPlayer
from scopa.ai.player import Player, move_key
from scopa.ai.search import BoardSearcher
from scopa.ai.view import View
from scopa.ai.worlds import distinct_worlds, likely_worlds, sample_world
from scopa.engine import Board, Move

INFINITY = float("inf")


class IsmctsPlayer(Player):
    """Options: ``iterations`` walks of the tree per decision; ``worlds`` guessed, taken in
    turn (drawn from ``candidates`` by the policy model's ``heat`` and ``floor``);
    ``explore`` the UCB constant, in points; ``tree_depth`` plies a walk may go down the
    tree; ``leaf_depth`` plies of alpha-beta that score where a walk stops; ``prior`` when
    above 0, a new node's moves are all scored at once and count as that many visits;
    ``time_limit`` of the exact search where one world is left (0: none)."""

    level = "ismcts"

    def __init__(
        self,
        seed: int = 0,
        *,
        iterations: int = 3000,
        worlds: int = 100,
        explore: float = 1.0,
        tree_depth: int = 8,
        leaf_depth: int = 2,
        candidates: int = 400,
        heat: float = POLICY_TEMPERATURE,
        floor: float = POLICY_FLOOR,
        time_limit: float = 0,
        prior: float = 0.0,
    ) -> None:
        super().__init__(seed)
        self.iterations = iterations
        self.worlds = worlds
        self.explore = explore
        self.tree_depth = tree_depth
        self.leaf_depth = leaf_depth
        self.candidates = candidates
        self.heat = heat
        self.floor = floor
        self.time_limit = time_limit
        self.prior = prior
        self._exact = MasterPlayer(seed, time_limit=time_limit)

    def pick(self, view: View, rng: random.Random) -> Move:
        return self.ranked(view, rng)[0][1]

    def ranked(self, view: View, rng: random.Random) -> list[tuple[float, Move]]:
        """Every legal move with its mean value at the root, the most visited first (the
        exact search's values where one world is left, or in Cirulla)."""
        if not Board.supports(view.rules) or distinct_worlds(view) == 1:
            return self._exact.ranked(view, rng)
        root = self.grow(view, rng)
        prior = self.prior
        ranked = []
        for move in view.moves:
            play = (move.card.index, move.capture_mask)  # type: ignore[union-attr]
            visits, total, _ = root[play]
            mean = total / visits if visits else -INFINITY
            ranked.append((visits - prior, mean, move))
        ranked.sort(key=lambda item: (-item[0], -item[1], move_key(item[2])))
        return [(mean, move) for _, mean, move in ranked]

    def grow(self, view: View, rng: random.Random) -> dict[tuple[int, int], list]:
        """The tree's root for ``view``: per play (card index, capture mask), its visits,
        their total value for the seat's side and how often it could be chosen."""
        rules = view.rules
        history = PolicyHistory(view, self.heat, self.floor)
        if history.plays:
            guessed = likely_worlds(view, rng, history.weight_hands, self.worlds, self.candidates)
        else:
            guessed = [sample_world(view, rng) for _ in range(self.worlds)]
        boards = [Board(world) for world in guessed]
        searchers = [BoardSearcher(rules, view.side) for _ in boards]
        root_side = view.side
        side_of = boards[0].side_of
        explore = self.explore
        tree_depth = self.tree_depth
        prior = self.prior
        leaf_depth = self.leaf_depth
        tree: dict[tuple, dict[tuple[int, int], list]] = {}
        count = len(boards)
        for step in range(self.iterations):
            board = boards[step % count]
            searcher = searchers[step % count]
            path: tuple[tuple[int, int], ...] = ()
            trail: list[tuple[list, float]] = []
            value = None
            while not board.over and len(path) < tree_depth:
                seat = board.turn
                plays = board.moves()
                sign = 1.0 if side_of[seat] == root_side else -1.0
                key = (path, board.hands[seat])
                node = tree.get(key)
                if node is None:
                    node = tree[key] = {}
                    if prior:
                        value = sign * self._score_children(node, board, searcher, plays, sign)
                        break
                fresh = None
                for play in plays:
                    entry = node.get(play)
                    if entry is None:
                        entry = node[play] = [0, 0.0, 0]
                    entry[2] += 1
                    if fresh is None and not entry[0]:
                        fresh = play
                expanded = fresh is not None
                if fresh is None:
                    best = -INFINITY
                    for play in plays:
                        visits, total, seen = node[play]
                        score = total / visits + explore * sqrt(log(seen) / visits)
                        if score > best:
                            best = score
                            fresh = play
                trail.append((node[fresh], sign))
                board.make(*fresh)
                path += (fresh,)
                if expanded:
                    break
            if value is None:
                value = searcher.value(board, leaf_depth, -INFINITY, INFINITY)
            for _ in path:
                board.unmake()
            for entry, sign in trail:
                entry[0] += 1
                entry[1] += sign * value
        return tree[((), view.hand)]

    def _score_children(
        self, node: dict, board: Board, searcher: BoardSearcher, plays: list, sign: float
    ) -> float:
        """Fill a new ``node`` with every play scored by the leaf search, counted as
        ``prior`` visits; the best score for the seat to act (``sign`` turns the root side's
        values into its own)."""
        best = -INFINITY
        for play in plays:
            board.make(*play)
            found = sign * searcher.value(board, self.leaf_depth, -INFINITY, INFINITY)
            board.unmake()
            node[play] = [self.prior, self.prior * found, 0]
            best = max(best, found)
        return best
