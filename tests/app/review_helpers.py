"""Matches brought to the end of a round for the review's tests: the people here play
first a known blunder, then random moves, up to the last card of the round."""

from __future__ import annotations

import random

from scopa.app.matches import MatchCoordinator
from scopa.app.table.saving import MatchSaver
from scopa.engine import DECK, Card, Match, Move, Rules
from scopa.settings import MatchSetup, SeatConfig

BLUNDER_DECK = ("4D 9C 10S", "6C 6S 5B", "1C 2S 3B 10D")
"""Seat 0 holds 4D 9C 10S over 1C 2S 3B 10D: taking the 10 leaves 1+2+3 = 6, a sweep for
the 6 the next player holds."""
BLUNDER = "10Sx10D"

SOLO = MatchSetup((SeatConfig("Giulia", True), SeatConfig("Marco", False, "expert")), Rules())
HOTSEAT = MatchSetup((SeatConfig("Giulia", True), SeatConfig("Marco", True)), Rules())


def blunder_deck() -> list[Card]:
    head = [Card.parse(text) for group in BLUNDER_DECK for text in group.split()]
    return head + [card for card in DECK if card not in head]


def last_card_left(match: Match) -> bool:
    """One card is left to play in the round."""
    round_ = match.round
    return not round_.stock and sum(hand.bit_count() for hand in round_.hands) == 1


def before_round_end(app, setup: MatchSetup, *, saved: bool = False, seed: int = 3):  # noqa: ANN001, ANN201
    """A reviewed match of ``setup`` whose first move was the blunder, played at random up
    to the last card of its first round (which seat 1 plays)."""
    match = Match.new(setup.rules, 11, first_dealer=1, decks=(blunder_deck(),))
    saver = MatchSaver(app.store) if saved else None
    coordinator = MatchCoordinator(setup, match, saver=saver, coach=app.matches.coach)
    app.matches.current = coordinator
    coordinator.apply(Move.parse(BLUNDER))
    rng = random.Random(seed)
    while not last_card_left(coordinator.match):
        coordinator.apply(rng.choice(coordinator.match.legal_moves()))
    assert coordinator.match.turn == 1
    return coordinator


def finish_round(coordinator) -> None:  # noqa: ANN001
    """Play the round's last card (the coordinator asks for its review)."""
    coordinator.apply(coordinator.match.legal_moves()[0])
    assert coordinator.match.rounds


def play_out(coordinator, seed: int = 4) -> None:  # noqa: ANN001
    """Random moves to the end of the match."""
    rng = random.Random(seed)
    while not coordinator.match.over:
        coordinator.apply(rng.choice(coordinator.match.legal_moves()))


def reviewed(app, setup: MatchSetup = SOLO, *, saved: bool = False):  # noqa: ANN001, ANN201
    """A match whose first round just ended, with its review ready."""
    coordinator = before_round_end(app, setup, saved=saved)
    finish_round(coordinator)
    job = coordinator.reviews.job(1)
    assert app.matches.coach.wait(job, 120), "the review never finished"
    assert job.review is not None, job.error
    return coordinator


__all__ = [
    "BLUNDER",
    "HOTSEAT",
    "SOLO",
    "before_round_end",
    "finish_round",
    "play_out",
    "reviewed",
]
