"""The card tracker: which cards one seat has not seen yet, counted by rank.

Counting cards is what separates a regular from a beginner (above all the 7s and the face
cards). The tracker is computed from an ``Observation`` only, so it can never leak a card the
seat could not know: unseen means in another hand or still in the stock.
"""

from __future__ import annotations

from dataclasses import dataclass

from scopa.engine import Card, Observation

RANKS = tuple(range(1, 11))


@dataclass(frozen=True)
class RankCount:
    """One rank of the tracker: the cards of that rank the seat has not seen."""

    rank: int
    unseen: tuple[Card, ...]

    @property
    def count(self) -> int:
        return len(self.unseen)

    @property
    def gone(self) -> bool:
        """All four are in sight (hand, table or piles): nobody else can hold one."""
        return not self.unseen


def track(obs: Observation) -> tuple[RankCount, ...]:
    """Per rank from ace to king, the cards ``obs.seat`` has not seen.

    Seen cards are the seat's hand, the table and every pile (captures are made face up).
    """
    unseen = obs.unseen()
    return tuple(
        RankCount(rank, tuple(card for card in unseen if card.rank == rank)) for rank in RANKS
    )


def unseen_total(counts: tuple[RankCount, ...]) -> int:
    return sum(item.count for item in counts)
