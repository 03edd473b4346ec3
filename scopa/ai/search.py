"""Alpha-beta over one guessed world, scored from one side's point of view.

Declarations, passes and retractions (Cirulla) are searched like plays but take no card,
so they do not count against the depth.

The root side maximises its points minus the best other side's; every other seat plays
against it (with two sides, teams included, this is exact minimax; with three or more it
is the cautious "paranoid" reading). Partners share a side, so a partner's points are the
searcher's own. Leaves are scored by ``estimate`` plus what the player to move can take at
once, so a search that stops just before a sweep still sees it coming.
"""

from __future__ import annotations

from collections.abc import Sequence
from time import thread_time

from scopa.engine import Board, Move, Round, Rules, declarations
from scopa.engine.captures import scores_scopa
from scopa.engine.cards import RANK_OF
from scopa.engine.moves import DECLARE

from .assess import Judge
from .estimate import estimate, estimate_piles, final_points, lead, points_in_play, two_sided
from .odds import Stakes
from .values import SCOPA_VALUE, base_values, mask_value
from .view import View

INFINITY = float("inf")
CLOCK_EVERY = 255
"""The clock is read once in this many nodes (a mask: one less than a power of two)."""


def search_clock() -> float:
    """The clock a search's time limit is counted on: the processor time of the thread
    that searches. Counted on the wall, a busy computer (other programs, the game drawing
    beside it) cut the search short, and Master threw away a settebello it keeps when
    idle; on the processor's time a busy computer gets the same search, later."""
    return thread_time()


class OutOfTime(Exception):
    """A search passed its deadline; the world it was in is left out."""


QUIET_SHARE = 0.8
"""How much of the mover's best immediate capture a leaf credits to it."""


class Searcher:
    def __init__(self, state: Round, root_side: int, reply_width: int = 0) -> None:
        self.rules = state.rules
        self.root_side = root_side
        self.root_seat = state.turn
        self.reply_width = reply_width
        self.values = base_values(state.rules)
        self.nodes = 0
        self.deadline: float | None = None

    def plies_within(self, state: Round, leaf_cap: int, exact_cap: int = 0) -> tuple[int, bool]:
        return plies_within(state, leaf_cap, exact_cap)

    def value(self, state: Round, depth: int, alpha: float, beta: float) -> float:
        self.nodes += 1
        deadline = self.deadline
        if deadline is not None and not self.nodes & CLOCK_EVERY and search_clock() > deadline:
            raise OutOfTime
        if state.over:
            return self._margin(final_points(state))
        if depth == 0:
            return self._leaf(state)
        moves: Sequence[Move] = state.legal_moves()
        if len(moves) > 1:
            if self.reply_width and state.turn != self.root_seat and _hidden_from_mover(state):
                moves = self._plausible(state, moves)
            else:
                moves = sorted(moves, key=_order_key)
        if state.side_of(state.turn) == self.root_side:
            best = -INFINITY
            for move in moves:
                child = depth if move.card is None else depth - 1
                score = self.value(state.play(move), child, alpha, beta)
                if score > best:
                    best = score
                    if best > alpha:
                        alpha = best
                        if alpha >= beta:
                            break
            return best
        best = INFINITY
        for move in moves:
            child = depth if move.card is None else depth - 1
            score = self.value(state.play(move), child, alpha, beta)
            if score < best:
                best = score
                if best < beta:
                    beta = best
                    if alpha >= beta:
                        break
        return best

    def _plausible(self, state: Round, moves: Sequence[Move]) -> list[Move]:
        """The moves another seat would really consider, judged from what *it* can see:
        it does not know this world's hidden cards, so it must not play as if it did."""
        judge = Judge(View.of_round(state))
        ranked = sorted(moves, key=lambda move: -judge.assess(move).score)
        return ranked[: self.reply_width]

    def _leaf(self, state: Round) -> float:
        points = estimate(state)
        gain = 0.0
        for move in state.legal_moves():
            taken = move.capture_mask
            if move.code == DECLARE:
                best = max(
                    points for _, points in declarations(state.hands[state.turn], self.rules)
                )
                gain = max(gain, best / QUIET_SHARE)
            elif taken:
                worth = mask_value(self.values, taken | move.card.bit)
                if taken == state.table and state.is_scopa(move):
                    worth += SCOPA_VALUE
                if worth > gain:
                    gain = worth
        points[state.side_of(state.turn)] += QUIET_SHARE * gain
        return self._margin(points)

    def _margin(self, points: list[float]) -> float:
        mine = points[self.root_side]
        others = max(points[side] for side in range(len(points)) if side != self.root_side)
        return mine - others


def best_capture(board: Board, values: tuple[float, ...]) -> float:
    """What the player to act on ``board`` could take at once at best (a scopa included),
    in ``values`` (``base_values``); 0 when no card captures."""
    rules = board.rules
    table = board.table
    last_play = board.last_play()
    gain = 0.0
    hand = board.hands[board.turn]
    while hand:
        low = hand & -hand
        hand ^= low
        rank = RANK_OF[low.bit_length() - 1]
        for taken in board.sets(rank):
            worth = mask_value(values, taken | low)
            if taken == table and scores_scopa(rules, table, rank, taken, last_play):
                worth += SCOPA_VALUE
            if worth > gain:
                gain = worth
    return gain


def plies_within(state: Round, leaf_cap: int, exact_cap: int = 0) -> tuple[int, bool]:
    """How deep to search ``state`` so that about ``leaf_cap`` lines are looked at, or
    to the end of the round if that takes at most ``exact_cap`` lines; True as the
    second value when the depth reaches the end of the round."""
    rules = state.rules
    players = rules.players
    sizes = [hand.bit_count() for hand in state.hands]
    stock = len(state.stock)
    turn = state.turn
    lines = 1.0
    plies = 0
    depth = 0
    while True:
        if not any(sizes):
            if not stock:
                if lines <= max(leaf_cap, exact_cap):
                    return plies, True
                return depth, False
            sizes = [rules.hand_size] * players
            stock -= rules.cards_per_deal
            turn = rules.deal_order(state.dealer)[0]
        lines *= sizes[turn] * 1.3
        if lines > leaf_cap and plies and not depth:
            depth = plies
        if lines > exact_cap and depth:
            return depth, False
        sizes[turn] -= 1
        turn = rules.next_seat(turn)
        plies += 1


def _hidden_from_mover(state: Round) -> bool:
    """Whether the player to act cannot deduce every other hand (cards left in the stock,
    or in more than one other hand); otherwise it plays with full knowledge."""
    if state.stock:
        return True
    holders = sum(1 for seat, hand in enumerate(state.hands) if hand and seat != state.turn)
    return holders > 1


def _order_key(move: Move) -> int:
    """Declarations first, then captures, bigger ones first: the usual best replies, for
    earlier cut-offs."""
    if move.code == DECLARE:
        return -20
    return -move.capture_mask.bit_count()


EXACT, LOWER, UPPER = 0, 1, 2
"""What a remembered value is: the position's value, or a bound on it (at least, at most)."""
REMEMBER_DEPTH = 2
"""Positions searched at least this deep are remembered; shallower ones cost less to search
again than to look up."""
LEAF_MEMORY = 1 << 15
"""Leaf parts kept per rule set (``_LeafParts``) before they are forgotten and start again."""


class _LeafParts:
    """The two parts of a leaf's estimate that depend on a few of its facts, kept across
    worlds and decisions (the same ones come back: the seat's own hand and the table are
    the same in every world it guesses): the best capture of a hand on a table, by hand,
    table and whether it is the round's last card; and the two sides' ``lead``, by their
    piles and the difference in scope."""

    __slots__ = ("gains", "leads")

    def __init__(self, rules: Rules) -> None:
        self.gains: dict[int, float] = {}
        self.leads: dict[tuple[int, int, int], float] = {}


class BoardSearcher:
    """``Searcher`` on a ``Board``: the same values, found by playing moves in place and
    taking them back (Scopa rules; Cirulla keeps ``Searcher``).

    Within one world the same position is often reached in several orders (two cards laid
    one way round or the other) and again under every root move: each position searched
    deep enough is remembered with its value or bound, which makes searching to the end of
    the round cheap enough for the last two deals. A new world (``new_world``) starts afresh:
    its stock may hold other cards.
    """

    def __init__(self, rules: Rules, root_side: int, stakes: Stakes | None = None) -> None:
        self.rules = rules
        self.root_side = root_side
        self.stakes = stakes
        """With two sides near the end of a match: points are scored for the match."""
        self.values = base_values(rules)
        self.nodes = 0
        self.deadline: float | None = None
        self._finals: dict[tuple[int, ...], float] = {}
        self._known: dict[tuple[int, ...], tuple[float, int]] = {}
        """Positions of this world searched at least ``REMEMBER_DEPTH`` plies deep: their
        value and whether it is exact or only a bound (the search cut off there)."""
        self._two = rules.sides == 2
        self._parts = rules.memo("leaf_parts", _LeafParts)
        self._sign = 1.0 if root_side == 0 else -1.0
        """Side 0's values turned into the root side's (two sides)."""
        self._points, self._seven_count = two_sided(rules)

    def new_world(self) -> None:
        """Forget the positions remembered: the next search is of another world, whose
        stock may hold other cards."""
        self._known.clear()

    def value(self, board: Board, depth: int, alpha: float, beta: float) -> float:
        self.nodes += 1
        deadline = self.deadline
        if deadline is not None and not self.nodes & CLOCK_EVERY and search_clock() > deadline:
            raise OutOfTime
        if board.over:
            return self._final(board)
        if depth == 0:
            return self._leaf(board)
        if depth < REMEMBER_DEPTH:
            return self._search(board, depth, alpha, beta)
        key = (*board.hands, board.table, *board.piles, *board.scope, board.last, board.turn, depth)
        known = self._known.get(key)
        if known is not None:
            found, bound = known
            if bound == EXACT or (found >= beta if bound == LOWER else found <= alpha):
                return found
        found = self._search(board, depth, alpha, beta)
        self._known[key] = (
            found,
            LOWER if found >= beta else UPPER if found <= alpha else EXACT,
        )
        return found

    def _search(self, board: Board, depth: int, alpha: float, beta: float) -> float:
        moves = board.moves()
        make = board.make
        unmake = board.unmake
        if board.side_of[board.turn] == self.root_side:
            best = -INFINITY
            for index, capture in moves:
                make(index, capture)
                score = self.value(board, depth - 1, alpha, beta)
                unmake()
                if score > best:
                    best = score
                    if best > alpha:
                        alpha = best
                        if alpha >= beta:
                            break
            return best
        best = INFINITY
        for index, capture in moves:
            make(index, capture)
            score = self.value(board, depth - 1, alpha, beta)
            unmake()
            if score < best:
                best = score
                if best < beta:
                    beta = best
                    if alpha >= beta:
                        break
        return best

    def _final(self, board: Board) -> float:
        key = (*board.piles, *board.scope)
        found = self._finals.get(key)
        if found is None:
            totals = board.totals()
            if self.stakes is not None:
                found = self._sign * self.stakes.worth(*totals)
            else:
                found = self._margin(totals)
            self._finals[key] = found
        return found

    def _leaf(self, board: Board) -> float:
        rules = self.rules
        parts = self._parts
        gains = parts.gains
        key = (board.hands[board.turn] << 40 | board.table) << 1 | board.last_play()
        gain = gains.get(key)
        if gain is None:
            if len(gains) >= LEAF_MEMORY:
                gains.clear()
            gain = gains[key] = best_capture(board, self.values)
        mover = board.side_of[board.turn]
        piles = board.piles
        scope = board.scope
        if self._two:
            leads = parts.leads
            pair = (piles[0], piles[1], scope[0] - scope[1])
            ahead = leads.get(pair)
            if ahead is None:
                if len(leads) >= LEAF_MEMORY:
                    leads.clear()
                ahead = leads[pair] = lead(self._points, self._seven_count, *pair)
            ahead += QUIET_SHARE * gain if mover == 0 else -QUIET_SHARE * gain
            stakes = self.stakes
            if stakes is not None:
                made = points_in_play(self._points, piles[0], piles[1], scope[0] + scope[1])
                ahead = stakes.worth((made + ahead) / 2, (made - ahead) / 2)
            return self._sign * ahead
        points = estimate_piles(rules, piles, scope)
        points[mover] += QUIET_SHARE * gain
        return self._margin(points)

    def _margin(self, points: list[float]) -> float:
        mine = points[self.root_side]
        others = max(points[side] for side in range(len(points)) if side != self.root_side)
        return mine - others
