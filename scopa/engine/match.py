"""A match: rounds until a side reaches the target, the deal passing to the right.

Every shuffle comes from the match's seed, so a seed and the moves replay a whole match;
``decks`` can fix the deck of the first rounds instead (tests, tutorials, shared deals).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

from .cards import Card
from .errors import DealError, IllegalMove, RulesError
from .events import DealWon, Event, MatchWon, RoundScored
from .moves import Move
from .observation import Observation, observe
from .round import Round, shuffled_deck
from .rules import Rules
from .scoring import Breakdown

if TYPE_CHECKING:
    from .record import GameRecord


def round_rng(seed: int, round_no: int) -> random.Random:
    """The shuffler of one round of a seeded match (stable across runs and platforms)."""
    return random.Random(f"scopa/{seed}/{round_no}")


def _unique_top(totals: Sequence[int]) -> int | None:
    top = max(totals)
    leaders = [side for side, total in enumerate(totals) if total == top]
    return leaders[0] if len(leaders) == 1 else None


class Match:
    """The state of a whole match; immutable like ``Round``."""

    __slots__ = (
        "rules",
        "seed",
        "first_dealer",
        "decks",
        "round",
        "totals",
        "rounds",
        "winner",
        "cappotto",
        "_moves",
    )

    rules: Rules
    seed: int
    first_dealer: int
    decks: tuple[tuple[Card, ...], ...]
    round: Round
    totals: tuple[int, ...]
    rounds: tuple[tuple[Breakdown, ...], ...]
    winner: int | None
    cappotto: bool
    _moves: tuple | None

    @classmethod
    def new(
        cls,
        rules: Rules,
        rng: random.Random | int,
        *,
        first_dealer: int | None = None,
        decks: Sequence[Sequence[Card]] = (),
    ) -> Match:
        """A new match. ``rng`` (a seeded ``random.Random``, or a seed) fixes every deal."""
        if not isinstance(rules, Rules):
            raise RulesError(f"expected Rules, got {rules!r}")
        seed = rng.getrandbits(63) if isinstance(rng, random.Random) else int(rng)
        if first_dealer is None:
            first_dealer = random.Random(f"scopa/{seed}/dealer").randrange(rules.players)
        fixed = tuple(tuple(deck) for deck in decks)
        first = cls._deal(rules, seed, fixed, 1, first_dealer)
        winner = first.decided if first.decided >= 0 else None
        return cls._make(rules, seed, first_dealer, fixed, first, (0,) * rules.sides, (), winner,
                         False, None)  # fmt: skip

    @staticmethod
    def _deal(
        rules: Rules, seed: int, decks: tuple[tuple[Card, ...], ...], round_no: int, dealer: int
    ) -> Round:
        if round_no <= len(decks):
            return Round.deal(rules, decks[round_no - 1], dealer=dealer, round_no=round_no)
        return Round.deal_random(rules, round_rng(seed, round_no), dealer=dealer, round_no=round_no)

    @classmethod
    def _make(
        cls, rules: Rules, seed: int, first_dealer: int, decks: tuple[tuple[Card, ...], ...],
        current: Round, totals: tuple[int, ...], rounds: tuple[tuple[Breakdown, ...], ...],
        winner: int | None, cappotto: bool, moves: tuple | None,
    ) -> Match:  # fmt: skip
        match = object.__new__(cls)
        match.rules = rules
        match.seed = seed
        match.first_dealer = first_dealer
        match.decks = decks
        match.round = current
        match.totals = totals
        match.rounds = rounds
        match.winner = winner
        match.cappotto = cappotto
        match._moves = moves
        return match

    # --- asking ------------------------------------------------------------------------

    @property
    def over(self) -> bool:
        return self.winner is not None

    @property
    def won_at_deal(self) -> bool:
        """The match ended on an opening table (Cirulla's Luzzati rules), not on points."""
        return self.winner is not None and self.round.decided >= 0

    @property
    def deal_won_cause(self) -> str | None:
        """Why the opening table ended the match (``DealWon.cause``), or None when it did
        not (``won_at_deal``)."""
        if not self.won_at_deal:
            return None
        return next(e.cause for e in self.round.opening if isinstance(e, DealWon))

    @property
    def turn(self) -> int:
        return self.round.turn

    def legal_moves(self) -> tuple[Move, ...]:
        return () if self.over else self.round.legal_moves()

    def round_dealer(self, round_no: int) -> int:
        """Who deals round ``round_no``: the deal passes to the right every round."""
        return (self.first_dealer + round_no - 1) % self.rules.players

    def round_deck(self, round_no: int) -> tuple[Card, ...]:
        """The 40 cards in the order round ``round_no`` was dealt from (the shuffle that
        stood, after any redeal). Dealing it again with ``round_dealer`` gives the same
        hands, table and stock; rounds not dealt yet are refused (``DealError``)."""
        if isinstance(round_no, bool) or not isinstance(round_no, int):
            raise DealError(f"a round is numbered from 1, not {round_no!r}")
        if not 1 <= round_no <= self.round.round_no:
            raise DealError(f"round {round_no} has not been dealt in this match")
        if round_no <= len(self.decks):
            return tuple(self.decks[round_no - 1])
        return shuffled_deck(self.rules, round_rng(self.seed, round_no))

    def observe(self, seat: int) -> Observation:
        """What ``seat`` may see now."""
        if not 0 <= seat < self.rules.players:
            raise IllegalMove(f"there is no seat {seat}")
        return observe(self.round, seat, self.totals)

    def opening_events(self) -> tuple[Event, ...]:
        """The events of the current round's deal (for showing a match that just began);
        a match the first table decided ends them with ``MatchWon``."""
        if self.won_at_deal and not self.rounds:
            return (*self.round.opening, MatchWon(self.round.decided, self.totals, at_deal=True))
        return self.round.opening

    def round_events(self, round_no: int) -> tuple[Event, ...]:
        """Every event of round ``round_no`` (from 1) as it was told, from its deal to its
        ``RoundScored``: the match played again from its first deal with its moves."""
        if not 1 <= round_no <= self.round.round_no:
            raise ValueError(f"round {round_no} has not been dealt")
        again = Match.new(self.rules, self.seed, first_dealer=self.first_dealer, decks=self.decks)
        found: list[Event] = list(again.round.opening) if round_no == 1 else []
        playing = 1
        for move in self.moves():
            again, told = again.apply(move)
            for event in told:
                if playing == round_no:
                    found.append(event)
                if isinstance(event, RoundScored):
                    playing += 1
            if playing > round_no:
                break
        return tuple(found)

    def moves(self) -> tuple[Move, ...]:
        """Every move of the match, oldest first."""
        out = []
        node = self._moves
        while node is not None:
            node, move = node
            out.append(move)
        out.reverse()
        return tuple(out)

    # --- playing -----------------------------------------------------------------------

    def apply(self, move: Move, seat: int | None = None) -> tuple[Match, list[Event]]:
        """Play ``move``; finish the round (score, next deal) and the match when due."""
        if self.over:
            raise IllegalMove("the match is over")
        current, events = self.round.apply(move, seat)
        moves = (self._moves, move)
        if not current.over:
            return self._make(self.rules, self.seed, self.first_dealer, self.decks, current,
                              self.totals, self.rounds, None, False, moves), events  # fmt: skip
        scores = current.score()
        totals = tuple(total + score.total for total, score in zip(self.totals, scores))
        rounds = (*self.rounds, scores)
        events.append(RoundScored(current.round_no, scores, totals))
        winner: int | None = None
        cappotto = False
        if self.rules.cappotto:
            winner = next((side for side, s in enumerate(scores) if s.coins == 10), None)
            cappotto = winner is not None
        if winner is None and max(totals) >= self.rules.target:
            winner = _unique_top(totals)
        if winner is not None:
            events.append(MatchWon(winner, totals, cappotto))
            return self._make(self.rules, self.seed, self.first_dealer, self.decks, current,
                              totals, rounds, winner, cappotto, moves), events  # fmt: skip
        dealer = self.rules.next_seat(current.dealer)
        following = self._deal(self.rules, self.seed, self.decks, current.round_no + 1, dealer)
        events.extend(following.opening)
        if following.decided >= 0:
            winner = following.decided
            events.append(MatchWon(winner, totals, at_deal=True))
        return self._make(self.rules, self.seed, self.first_dealer, self.decks, following,
                          totals, rounds, winner, False, moves), events  # fmt: skip

    def record(self) -> GameRecord:
        from .record import GameRecord

        return GameRecord(self.rules, self.seed, self.first_dealer, self.decks, self.moves())

    def __repr__(self) -> str:
        return f"<Match seed {self.seed} round {self.round.round_no} totals {self.totals}>"
