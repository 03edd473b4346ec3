"""Master: search over the worlds the seat cannot tell apart.

Each decision guesses many positions consistent with the observation, weighs each by how
well it explains the other seats' plays this deal (``inference``), draws the ``worlds`` to
search in proportion to those weights (``worlds.likely_worlds``), searches every legal
move in each with alpha-beta (``search``) and plays the move with the best average. Drawing
by weight, rather than searching uniform guesses and weighing their results, spends the
search on the positions the game is likely in: with a few uniform guesses one or two of
them carry most of the weight. When few cards remain the search reaches the end of the
round and scores it exactly; when the hidden cards can sit only one way (two players, last
deal) there is a single world and the play is exact.

With two players the other side's first reply is not assumed to be the one that hurts
most, as if that seat could see every card: it is expected as that seat plays, from what
it can see in the world (``expected_reply``), by the expert's judgement as softly or
sharply as its plays in the round's finished deals read (``style``). A trap an opponent
walks into is then worth setting, and a reply it would not find is not feared. Only a seat
read as following the judgement closely is expected so: one that plays otherwise may be
thinking further than the judgement, and the reply that hurts most is still feared from
it.

Partners share a side, so the search plays for the team while the partner's hand is
guessed like any other. On request (``match``) it plays for the match near its end
(``odds``). The work is bounded by a node budget, which keeps choices reproducible, and by
a time limit on the processor's time (``search_clock``: a busy computer searches as deep,
later), with one on the wall as a safety net.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from functools import partial

from scopa.engine import Board, Card, Move, Round, Rules

from .assess import Judge
from .inference import (
    POLICY_FLOOR,
    POLICY_TEMPERATURE,
    DealHistory,
    PolicyHistory,
    Styles,
    _PlayModel,
    shares,
)
from .odds import Stakes
from .player import Player, move_key
from .search import BoardSearcher, OutOfTime, Searcher, plies_within, search_clock
from .style import read_styles
from .view import View
from .worlds import distinct_worlds, likely_worlds, sample_world

TRUST = 0.03
"""The hottest style (``style.STYLES``) whose seat's replies are expected by the judgement;
a hotter one's are feared as the search fears them."""
EXPERT_BLEND = 0.05
"""Share of the expert's judgement added to the search value (settles near-ties sensibly)."""
WEIGHING_SHARE = 0.5
"""The share of the time limit that weighing guessed hands by the others' plays may take
before the search: the rest is for searching the worlds drawn from them."""
BUDGETS = {2: (24000, 120), 3: (18000, 60)}
"""Searched nodes per decision and worlds searched at most, by the number of players;
``MANY_BUDGET`` with four or more, whose search reaches less deep for the same nodes and
whose decisions were quick. With two players the worlds bind before the nodes: twice as
many as sixty beat the yardsticks by more, within the decision time (twice the nodes with
four players won no more matches)."""
MANY_BUDGET = (36000, 100)
WALL_LIMIT = 0.6
"""Seconds on the wall after which no further world is searched, whatever the processor's
time (``search_clock``) says: under the pause the table makes before a computer's card
moves, on a computer too busy to give the search its time."""


class MasterPlayer(Player):
    """Options: ``worlds`` sampled at most and ``node_budget`` searched nodes per decision
    (None: by the number of players, ``BUDGETS``);
    ``leaf_cap`` lines a world's search may look at (sets its depth); ``exact_cap`` lines
    allowed to reach the end of the round; ``time_limit`` seconds (None: 0.08 s with two
    players, 0.14 s with four; 0: no clock, fully reproducible); ``blend`` of the expert's
    judgement; ``infer`` world weighting ("policy", the default: the expert's judgement as
    a model of every play, in Scopa rules; True: only the plain signals of ``DealHistory``,
    which Cirulla always uses; False: none); ``heat`` and ``floor`` of that policy model,
    and ``styles``: when True, how closely each other seat follows it is read from its plays
    in the round's finished deals (``style``), and ``heat`` and ``floor`` serve until then;
    ``candidates`` guesses weighed before the ``worlds`` searched are drawn by weight (0:
    the searched worlds are drawn uniformly and weighed); ``deal_end`` when above 0, a
    world's search stops at the end of the hands dealt (at least that many plies deep)
    rather than reading the cards the world put in the stock; ``reply_width`` when above 0,
    other seats only consider their best moves by the expert's judgement from what they can
    see; ``match`` when True, near the end of a two-sided match the board search scores a
    round's points by the chance of winning the match they lead to (``odds``), not by their
    margin (off by default: against the expert it won fewer matches with four players, on
    two sets of deals, than playing for the margin); ``replies``: when True (Scopa rules,
    with the policy model, two players: with four it won no more matches and took twice
    the time), the other side's first reply is expected as that seat plays
    (``expected_reply``), by the styles at most ``trust`` hot; False: every reply is
    searched as the worst for this seat."""

    level = "master"

    def __init__(
        self,
        seed: int = 0,
        *,
        worlds: int | None = None,
        node_budget: int | None = None,
        leaf_cap: int | None = None,
        exact_cap: int | None = None,
        time_limit: float | None = None,
        blend: float = EXPERT_BLEND,
        infer: bool | str = "policy",
        reply_width: int = 0,
        heat: float = POLICY_TEMPERATURE,
        floor: float = POLICY_FLOOR,
        candidates: int = 400,
        deal_end: int = 0,
        match: bool = False,
        styles: bool = True,
        replies: bool = True,
        trust: float = TRUST,
    ) -> None:
        super().__init__(seed)
        self.replies = replies
        self.trust = trust
        self.styles = styles
        self.match = match
        self.deal_end = deal_end
        self.heat = heat
        self.floor = floor
        self.candidates = candidates
        self.worlds = worlds
        self.node_budget = node_budget
        self.leaf_cap = leaf_cap
        self.exact_cap = exact_cap
        self.time_limit = time_limit
        self.searched = 0
        """How many guessed worlds the last decision searched (the benchmarks read it)."""
        self.blend = blend
        self.infer = infer
        self.reply_width = reply_width

    def pick(self, view: View, rng: random.Random) -> Move:
        return self.ranked(view, rng)[0][1]

    def ranked(self, view: View, rng: random.Random) -> list[tuple[float, Move]]:
        """Every legal move with its value, best first."""
        players = view.players
        nodes, worlds = BUDGETS.get(players, MANY_BUDGET)
        budget = self.node_budget or nodes
        leaf_cap = self.leaf_cap or (400 if players == 2 else 600)
        exact_cap = self.exact_cap if self.exact_cap is not None else 0
        limit = self.time_limit if self.time_limit is not None else 0.06 * players / 2 + 0.02
        start = search_clock()
        deadline = start + limit if limit > 0 else None
        walled = time.perf_counter() + WALL_LIMIT if limit > 0 else None
        if distinct_worlds(view) == 1:
            max_worlds = 1
        else:
            max_worlds = self.worlds or worlds
        moves = view.moves
        totals = dict.fromkeys(moves, 0.0)
        searcher: Searcher | None = None
        use_board = Board.supports(view.rules) and not self.reply_width
        stakes = Stakes.of(view.rules, view.totals) if self.match and use_board else None
        fast = BoardSearcher(view.rules, view.side, stakes)
        history: DealHistory | None = None
        styles: dict[int, Styles] | None = None
        plain: Styles = ((1.0, self.heat, self.floor),)
        if self.infer == "policy" and not view.rules.cirulla:
            styles = read_styles(view) if self.styles else {}
            history = PolicyHistory(view, self.heat, self.floor, styles)
        elif self.infer:
            history = DealHistory(view)
        turns: dict[Move, _PlayModel] = {}

        def reply_model(world: Round, move: Move) -> _PlayModel:
            """The other side's turn after ``move``, ready to judge any hand it may hold
            there: what it can see is the same in every world."""
            found = turns.get(move)
            if found is None:
                found = turns[move] = turn_model(world.play(move))
            return found

        drawn: list[Round] = []
        if (
            history is not None
            and self.candidates > max_worlds > 1
            and (history.plays or history.silent)
        ):
            weighing = start + limit * WEIGHING_SHARE if deadline is not None else None
            drawn = likely_worlds(
                view, rng, history.weight_hands, max_worlds, self.candidates, weighing
            )
            drawn.reverse()
            history = self.read_again(history)
        sampled = 0
        weights = 0.0
        while sampled < max_worlds:
            world = drawn.pop() if drawn else sample_world(view, rng)
            weight = history.weight(world) if history is not None else 1.0
            depth, _ = plies_within(world, leaf_cap, exact_cap)
            if self.deal_end and world.stock:
                depth = min(depth, max(world.in_hands, self.deal_end))
            found: list[float] = []
            try:
                if use_board:
                    board = Board(world)
                    fast.new_world()
                    for move in moves:
                        board.make(move.card.index, move.capture_mask)  # type: ignore[union-attr]
                        value = None
                        if self.replies and styles is not None and depth > 1 and players == 2:
                            value = expected_reply(
                                board,
                                fast,
                                depth - 1,
                                styles.get(board.turn, plain),
                                self.trust,
                                partial(reply_model, world, move),
                            )
                        found.append(
                            fast.value(board, depth - 1, -1e9, 1e9) if value is None else value
                        )
                        board.unmake()
                else:
                    if searcher is None:
                        searcher = Searcher(world, view.side, self.reply_width)
                        searcher.deadline = fast.deadline
                    for move in moves:
                        plies = depth if move.card is None else depth - 1
                        found.append(searcher.value(world.play(move), plies, -1e9, 1e9))
            except OutOfTime:
                break
            for move, value in zip(moves, found):
                totals[move] += weight * value
            sampled += 1
            weights += weight
            if fast.nodes + (searcher.nodes if searcher else 0) >= budget:
                break
            if deadline is not None and search_clock() > deadline:
                break
            if walled is not None and time.perf_counter() > walled:
                break  # a computer so busy that the processor's time barely moves
            fast.deadline = deadline  # the first world always finishes
            if searcher is not None:
                searcher.deadline = deadline
        self.searched = sampled
        judge = Judge(view)
        scored = [
            (totals[move] / weights + self.blend * judge.assess(move).score, move) for move in moves
        ]
        scored = below_their_betters(view, scored)
        scored.sort(key=lambda item: (-item[0], move_key(item[1])))
        return scored

    def read_again(self, history: DealHistory) -> DealHistory | None:
        """How the worlds drawn by ``history``'s weights are weighed once more in the
        average (None: alike, as they were drawn in proportion to those weights)."""
        return None


DOMINATED_BY = 1e-6
"""How far below the move that is better in every world a dominated move is ranked."""


def point_cards(rules: Rules) -> frozenset[Card]:
    """The cards that score a point of their own: the settebello, and with their rules the
    seven of cups and the king of coins (Cirulla's, whose matta changes what a seven is,
    are left out: none)."""
    if rules.cirulla:
        return frozenset()
    cards = {Card(7, "D")}
    if rules.settebello_coppe:
        cards.add(Card(7, "C"))
    if rules.re_bello:
        cards.add(Card(10, "D"))
    return frozenset(cards)


def below_their_betters(view: View, scored: list[tuple[float, Move]]) -> list[tuple[float, Move]]:
    """``scored`` with each move that another is better than in every world ranked below
    it: a card that scores a point of its own laid on the table where a plain card of its
    rank could be laid instead (whoever could take the one could take the other), and a
    capture made with a plain card where the point card of its rank takes the same cards
    (it banks the point; the plain card stays in the hand, as able to take). The averages of
    a few guessed worlds could tip either way between the two, and a hint then said to lay
    the settebello where another seven did the same."""
    points = point_cards(view.rules)
    if not points:
        return scored
    value = {move: worth for worth, move in scored}
    better: dict[Move, float] = {}
    for move in value:
        card = move.card
        if card is None:
            continue
        for other in value:
            if other.card is None or other.card.rank != card.rank or other is move:
                continue
            if other.capture_mask != move.capture_mask:
                continue
            laid_point = not move.capture_mask and card in points and other.card not in points
            took_plain = move.capture_mask and card not in points and other.card in points
            if laid_point or took_plain:
                better[move] = max(better.get(move, -1e18), value[other])
    return [
        (min(worth, better[move] - DOMINATED_BY) if move in better else worth, move)
        for worth, move in scored
    ]


def turn_model(state: Round) -> _PlayModel:
    """The turn of the seat to act in ``state``, ready to judge every move of any hand it
    may hold there from what it can see (``_PlayModel.judged``)."""
    seen = View.of_round(state)
    return _PlayModel(seen, None, seen.table, POLICY_TEMPERATURE, POLICY_FLOOR)


def expected_reply(
    board: Board,
    searcher: BoardSearcher,
    depth: int,
    styles: Styles,
    trust: float,
    turn: Callable[[], _PlayModel],
) -> float | None:
    """The value of the position on ``board`` after a root move when the seat to reply is
    on another side, searched ``depth`` plies on. Each of ``styles`` (belief, heat, floor)
    the seat may play in counts in proportion to its belief: one at most ``trust`` hot
    expects the reply the expert's judgement picks from what the seat can see (``turn``
    judges every reply of the hand it holds in this world; each reply is weighed by its
    chance under that style, by the policy model); a hotter one, whose seat may be thinking
    further than the judgement, the reply that hurts the root side most, as the search would
    have it. None when there is nothing to expect otherwise than the search does: the round
    over, one legal reply, a seat of the root's side to move or no style trusted."""
    if board.over or board.side_of[board.turn] == searcher.root_side:
        return None
    trusted = [style for style in styles if style[1] <= trust]
    if not trusted:
        return None
    replies = turn().judged(board.hands[board.turn])
    if len(replies) < 2:
        return None
    scores = []
    values = []
    for index, capture, score in replies:
        scores.append(score)
        board.make(index, capture)
        values.append(searcher.value(board, depth - 1, -1e9, 1e9))
        board.unmake()
    worst = min(values)
    expected = worst
    for belief, heat, floor in trusted:
        expected -= belief * worst
        for chance, value in zip(shares(scores, heat, floor), values):
            expected += belief * chance * value
    return expected
