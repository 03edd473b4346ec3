"""What the other seats' plays this deal say about the cards they still hold.

A player who lays a card while holding one that sweeps the table, or that takes the
settebello, almost never exists. So a guessed world in which a seat held such a card and
did not use it is unlikely, and its weight in the master's average is cut. In Cirulla the
same goes for a seat that played (or passed) without declaring a hand it could have
declared. Everything here comes from the public history of the deal, so the weighting is as
fair as the rest.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from math import exp

from scopa.engine import Move, Round, declarations, scores_scopa, this_deal
from scopa.engine.cards import FULL_MASK

from .assess import FOLLOW_UP_WEIGHT, REPLY_CARD_SHARE, Judge, expected_take
from .values import RANK_MASKS, SETTEBELLO_BIT
from .view import View

MISSED_SWEEP = 0.1
MISSED_SETTEBELLO = 0.25
CAPTURED_INSTEAD_OF_SWEEP = 0.35
MISSED_DECLARATION = 0.05


class DealHistory:
    """Each play of the current deal by another seat, with the table it was made on."""

    def __init__(self, view: View) -> None:
        rules = view.rules
        dealt = rules.cards_per_deal
        played = dealt - view.cards_in_hands
        recent = this_deal(view.history, played)
        plays: list[tuple[int, Move, int]] = []
        silent: set[int] = set()
        declared: set[int] = set()
        table = view.table
        piles = list(view.piles)
        sizes = list(view.hand_sizes)
        befores: list[View] = []
        for seat, move in reversed(recent):
            card = move.card
            if card is None:
                if seat != view.seat:
                    (declared if move.is_declaration else silent).add(seat)
                continue
            sizes[seat] += 1
            table = unplay(view, seat, move, table, piles)
            if seat != view.seat:
                plays.append((seat, move, table))
                silent.add(seat)
                befores.append(
                    replace(
                        view, seat=seat, side=rules.side_of(seat), table=table,
                        piles=tuple(piles), hand_sizes=tuple(sizes), history=(),
                    )
                )  # fmt: skip
        plays.reverse()
        befores.reverse()
        self.plays = tuple(plays)
        self.befores = tuple(befores)
        """Per play of another seat: what that seat saw before it (its hand left to fill)."""
        self.view = view
        self.silent = tuple(sorted(silent - declared)) if rules.cirulla else ()
        """Seats that let their chance to declare this hand go by."""

    def weight(self, world: Round) -> float:
        """How believable ``world`` is given the plays of this deal (1: fully)."""
        return self.weight_hands(list(world.hands))

    def weight_hands(self, hands: list[int]) -> float:
        """``weight`` of a world with these hands (masks, one per seat)."""
        if not self.plays and not self.silent:
            return 1.0
        captures = self.view.captures
        rules = self.view.rules
        held = list(hands)
        for seat, move, _ in self.plays:
            held[seat] |= move.card.bit  # type: ignore[union-attr]
        weight = 1.0
        for seat in self.silent:
            if declarations(held[seat], rules):
                weight *= MISSED_DECLARATION
        for seat, move, table in self.plays:
            hand = held[seat]
            held[seat] &= ~move.card.bit
            sweep = False
            settebello = False
            others = hand & ~move.card.bit
            while others:
                low = others & -others
                others ^= low
                rank = (low.bit_length() - 1) // 4 + 1
                for taken in captures.sets(table, rank):
                    if scores_scopa(rules, table, rank, taken, False):
                        sweep = True
                    if taken & SETTEBELLO_BIT:
                        settebello = True
            if move.capture_mask:
                if sweep and move.capture_mask != table:
                    weight *= CAPTURED_INSTEAD_OF_SWEEP
            elif sweep:
                weight *= MISSED_SWEEP
            elif settebello:
                weight *= MISSED_SETTEBELLO
        return weight


Styles = tuple[tuple[float, float, float], ...]
"""Ways a seat may play, each as (belief, heat, floor): see ``PolicyHistory``."""

POLICY_TEMPERATURE = 0.3
"""How sharply the other seats are expected to prefer the expert's best moves (in points)."""
POLICY_FLOOR = 0.1
"""Share of a play explained by anything at all (a different style, a blunder)."""


class PolicyHistory(DealHistory):
    """Weighs a world by how likely the other seats' plays this deal are under a model of
    their policy: each seat, holding the cards the world gives it, picks among its legal
    moves by the expert's judgement from what it could see then, softly (``temperature``, in
    points), with ``floor`` of its plays left to anything (another style, a blunder). Scopa
    rules; Cirulla's declarations keep the hand-written signals of ``DealHistory``.

    Many worlds are weighed per decision, so each play's judgement is prepared once: what
    every card the seat might have held could do on that table (the gain, the risk it
    leaves, the table left), and the best follow-up a kept card would have on each table
    left. Weighing a world is then a few look-ups per card of the seat's hand. The risk it
    judged is worked out with the seat's other cards known to it, once per table left and
    the few of those cards that could take from it."""

    def __init__(
        self,
        view: View,
        temperature: float = POLICY_TEMPERATURE,
        floor: float = POLICY_FLOOR,
        styles: dict[int, Styles] | None = None,
    ) -> None:
        super().__init__(view)
        self.temperature = temperature
        self.floor = floor
        self._models = [
            _PlayModel(before, move, table, temperature, floor)
            for (_, move, table), before in zip(self.plays, self.befores)
        ]
        self.styles = {
            seat: mix
            for seat, mix in (styles or {}).items()
            if any(seat == played for played, _, _ in self.plays)
        }
        """Per seat whose play this deal is weighed by more than one style: each style
        (its belief, heat, floor), as ``style.read_styles`` gives them. Any other seat's
        plays are weighed at ``temperature`` and ``floor``."""

    def weight_hands(self, hands: list[int]) -> float:
        if not self.plays:
            return 1.0
        held = list(hands)
        for seat, move, _ in self.plays:
            held[seat] |= move.card.bit  # type: ignore[union-attr]
        styles = self.styles
        weight = 1.0
        mixed: dict[int, list[float]] = {}
        for (seat, move, _), model in zip(self.plays, self._models):
            hand = held[seat]
            held[seat] &= ~move.card.bit  # type: ignore[union-attr]
            mix = styles.get(seat)
            if mix is None:
                weight *= model.likelihood(hand)
                continue
            chances = model.likelihoods(hand, mix)
            found = mixed.get(seat)
            if found is None:
                mixed[seat] = [belief * chance for (belief, _, _), chance in zip(mix, chances)]
            else:
                for at, chance in enumerate(chances):
                    found[at] *= chance
        for beliefs in mixed.values():
            weight *= sum(beliefs)
        return weight


class _PlayModel:
    """One play of another seat, ready to say how likely it was from any hand; or, made
    without a play (``move`` None), a seat's turn, ready to judge every move of any hand
    there (``judged``)."""

    __slots__ = (
        "judge", "card", "capture", "heat", "floor", "_options", "_follow_ups", "_last",
        "_possible", "_count", "_odds", "_risks", "_takes",
    )  # fmt: skip

    def __init__(
        self, before: View, move: Move | None, table: int, heat: float, floor: float
    ) -> None:
        card = move.card.bit if move is not None else 0  # type: ignore[union-attr]
        seen = table | card
        for pile in before.piles:
            seen |= pile
        moves = (move,) if move is not None else ()
        self.judge = Judge(replace(before, hand=card, unseen=FULL_MASK & ~seen, moves=moves))
        self.card = card
        self.capture = move.capture_mask if move is not None else 0
        self.heat = heat
        self.floor = floor
        self._last = before.cards_in_hands == 1 and before.stock_size == 0
        self._options: dict[int, tuple[tuple[int, float, int], ...]] = {}
        self._follow_ups: dict[int, tuple[tuple[int, float], ...]] = {}
        self._possible = self.judge.view.unseen | card
        """Every card the seat might have held then."""
        self._count = self.judge.unseen_count - (
            before.hand_sizes[before.seat] - (1 if card else 0)
        )
        """The cards the next player's hand was dealt from, as that seat saw it: the unseen
        ones but for the seat's own others."""
        self._odds = self.judge.rank_odds(self.judge.view.unseen, self._count)
        self._risks: dict[tuple[int, int], float] = {}
        self._takes: dict[int, tuple[list[tuple[int, float, bool]], int]] = {}
        """Per table left: what each rank could take from it (``Judge.reply_takes``), and
        the cards of those ranks."""

    def options(self, card: int) -> tuple[tuple[int, float, int], ...]:
        """Each move of ``card`` (a bit) here: what it captures, its judgement without the
        follow-up and the risk, and the table it leaves."""
        found = self._options.get(card)
        if found is None:
            judge = self.judge
            index = card.bit_length() - 1
            view = judge.view
            out = []
            for taken in view.sets(view.table, view.value_of(index)) or (0,):
                assessed = judge.assess(Move.of(index, taken))
                base = assessed.score - FOLLOW_UP_WEIGHT * assessed.follow_up + assessed.risk
                out.append((taken, base, assessed.left))
            found = self._options[card] = tuple(out)
        return found

    def _ranked(self, left: int) -> tuple[tuple[int, float], ...]:
        """The cards the seat might have kept that could take something from ``left``, with
        the best each could take, best first: a hand's best follow-up is then the first of
        them it holds."""
        found = self._follow_ups.get(left)
        if found is None:
            follow_up = self.judge.follow_up
            worths = []
            rest = self._possible
            while rest:
                card = rest & -rest
                rest ^= card
                worth = follow_up(left, card)
                if worth > 0.0:
                    worths.append((worth, card))
            worths.sort(reverse=True)
            found = self._follow_ups[left] = tuple((card, worth) for worth, card in worths)
        return found

    def likelihood(self, hand: int) -> float:
        """How likely the seat, holding ``hand`` (with the card it played), made this play."""
        scores, chosen = self._scores(hand, self._ranked_follow_up)
        return _share(scores, chosen, self.heat, self.floor)

    def likelihoods(self, hand: int, styles: Styles, known: bool = False) -> list[float]:
        """``likelihood`` in each of ``styles`` (belief, heat, floor). ``known``: the hand
        is known for sure, as it is once its deal is over: its follow-ups are then worked
        out for its own cards alone, not prepared for every hand it might have been."""
        follow_up = self.judge.follow_up if known else self._ranked_follow_up
        scores, chosen = self._scores(hand, follow_up)
        return [_share(scores, chosen, heat, floor) for _, heat, floor in styles]

    def _scores(
        self, hand: int, follow_up: Callable[[int, int], float]
    ) -> tuple[list[float], float]:
        """The judgement of every move ``hand`` allowed, and of the move made."""
        scores: list[float] = []
        chosen = 0.0
        others = hand & ~self.card
        rest = hand
        while rest:
            card = rest & -rest
            rest ^= card
            kept = hand ^ card
            for taken, base, left in self.options(card):
                score = base
                if not self._last:
                    score -= self._risk(left, others)
                    if kept:
                        score += FOLLOW_UP_WEIGHT * follow_up(left, kept)
                if card == self.card and taken == self.capture:
                    chosen = score
                scores.append(score)
        return scores, chosen

    def judged(self, hand: int) -> list[tuple[int, int, float]]:
        """Every move ``hand`` allows (made without a play): its card's index, what it
        takes, and its judgement by the seat from what it can see, as ``Judge.assess``
        scores it for the seat holding ``hand``."""
        moves: list[tuple[int, int, float]] = []
        rest = hand
        while rest:
            card = rest & -rest
            rest ^= card
            kept = hand ^ card
            index = card.bit_length() - 1
            for taken, base, left in self.options(card):
                score = base
                if not self._last:
                    score -= self._risk(left, hand)
                    if kept:
                        score += FOLLOW_UP_WEIGHT * self._ranked_follow_up(left, kept)
                moves.append((index, taken, score))
        return moves

    def _risk(self, left: int, others: int) -> float:
        """The reply the seat risked leaving ``left``, as it judged it: its ``others``
        (the cards of its hand but the one it played, which is seen) are not in the next
        player's hand. Only those of a rank that could take something from ``left`` change
        the risk, so it is kept per table and those cards."""
        takes = self._takes.get(left)
        if takes is None:
            found_takes = self.judge.reply_takes(left) if left and self.judge.reply_hand else []
            takers = 0
            for rank, _, _ in found_takes:
                takers |= RANK_MASKS[rank]
            takes = self._takes[left] = (found_takes, takers)
        plan, takers = takes
        held = others & takers
        key = (left, held)
        found = self._risks.get(key)
        if found is None:
            worths, chances = self._odds
            options = []
            for rank, best, _ in plan:
                if held & RANK_MASKS[rank]:
                    worth, chance = self.judge.rank_odd(
                        rank, self.judge.view.unseen & ~held, self._count
                    )
                else:
                    worth, chance = worths[rank], chances[rank]
                if chance:
                    options.append((best + REPLY_CARD_SHARE * worth, chance))
            found = self._risks[key] = expected_take(options)
        return found

    def _ranked_follow_up(self, left: int, kept: int) -> float:
        """The best a card of ``kept`` could take from ``left`` next turn (0: none)."""
        for other, worth in self._ranked(left):
            if other & kept:
                return worth
        return 0.0


def _share(scores: list[float], chosen: float, heat: float, floor: float) -> float:
    """The chance of the move judged ``chosen`` among moves judged ``scores`` for a seat
    that picks the best ones softly (``heat``, in points), ``floor`` of the time anything."""
    if len(scores) < 2:
        return 1.0
    top = max(scores)
    total = 0.0
    for score in scores:
        total += exp((score - top) / heat)
    share = exp((chosen - top) / heat) / total
    return (1.0 - floor) * share + floor / len(scores)


def shares(scores: list[float], heat: float, floor: float) -> list[float]:
    """The chance of each move judged ``scores`` for a seat that picks the best ones
    softly (``heat``, in points), ``floor`` of the time anything (see ``_share``)."""
    top = max(scores)
    odds = [exp((score - top) / heat) for score in scores]
    scale = (1.0 - floor) / sum(odds)
    even = floor / len(scores)
    return [scale * chance + even for chance in odds]


def unplay(view: View, seat: int, move: Move, table: int, piles: list[int]) -> int:
    """Take back ``seat``'s card play ``move``: the table before it (returned) and the
    piles before it (``piles``, changed in place), from the table and piles after it."""
    bit = move.card.bit  # type: ignore[union-attr]
    if move.capture_mask:
        piles[view.rules.side_of(seat)] &= ~(move.capture_mask | bit)
        return table | move.capture_mask
    return table & ~bit
