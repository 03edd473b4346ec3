"""The review in words: a move said as a whole phrase of the player's language, a loss in
points with the language's decimal mark, and the verdict on a position played again."""

from __future__ import annotations

from scopa.ai.reasons import FRENCH_RANK_NAMES, RANK_NAMES, reason_text
from scopa.ai.review import TOLERANCE, MoveGrade
from scopa.engine import Card, Move

from .wording import Text, capital, card_name, deck_family, join


def language(t: Text) -> str:
    """The language a translator speaks ("it" or "en")."""
    return str(getattr(t, "language", "en"))


def points(t: Text, value: float) -> str:
    """A number of points with two decimals, written as the language writes it ("1,50"),
    so that the losses listed side by side read alike ("0,3" beside "0,11" did not); a loss
    above ``TOLERANCE`` that two decimals would show within it gets as many more as it
    takes to read above it ("0,1001", not "0,10", for a move counted as a mistake)."""
    text = f"{value:.2f}"
    digits = 2
    while value > TOLERANCE and float(text) <= TOLERANCE and digits < 4:
        digits += 1
        text = f"{value:.{digits}f}"
    return text.replace(".", ",") if language(t) == "it" else text


def move_phrase(
    t: Text, who: str, move: Move, deck: str, name: str = "", matta: tuple[Card, int] | None = None
) -> str:
    """``move`` as a sentence about ``who``: 'you', 'one' (``name``) or 'master';
    ``matta``: the matta and the value named for it, said where it is played or taken ("the
    7 of hearts as a 2": "the 7 of hearts, taking the 2" read as a move no rule allows)."""

    def named(card: Card) -> str:
        if matta is None or card != matta[0]:
            return card_name(t, card, deck)
        return t(
            "review.matta_as", card=card_name(t, card, deck), rank=rank_name(t, matta[1], deck)
        )

    if move.is_play:
        card = named(move.card)  # type: ignore[arg-type]
        if move.captures:
            cards = join(t, [named(taken) for taken in move.captures])
            return t(f"review.take.{who}", card=card, cards=cards, name=name)
        return t(f"review.lay.{who}", card=card, name=name)
    if move.named:  # a knock naming the matta says its value: two knocks differ by it
        return t(f"review.declare_matta.{who}", name=name, rank=rank_name(t, move.named, deck))
    return t(f"review.{move.kind}.{who}", name=name)


def rank_name(t: Text, rank: int, deck: str) -> str:
    """A rank as a card of it is named ("a 2", "a knave"; "a jack" in a French deck)."""
    french = deck_family(deck) == "french"
    return (FRENCH_RANK_NAMES if french else RANK_NAMES)[language(t)][rank]


def reason_line(t: Text, grade: MoveGrade, deck: str) -> str:
    """Why Master's move is good, in one line ("Why: takes the settebello")."""
    reason = reason_text(grade.reason, dict(grade.params), language(t), deck)
    return t("review.why", reason=reason)


def loss_line(t: Text, loss: float) -> str:
    return t("review.loss", points=points(t, loss))


def practice_verdict(t: Text, grade: MoveGrade, move: Move, deck: str) -> str:
    """What Master thinks of ``move``, played again at the position of ``grade``."""
    try:
        loss = grade.loss_of(move)
    except ValueError:
        loss = grade.loss
    if loss <= TOLERANCE:
        return t("review.verdict_good")
    reason = reason_text(grade.reason, dict(grade.params), language(t), deck)
    return t(
        "review.verdict_bad",
        loss=t("review.points", points=points(t, loss)),
        master=capital(move_phrase(t, "master", grade.best, deck, matta=grade.matta)),
        reason=reason if reason.endswith((".", "!", "?", "\u2026")) else f"{reason}.",
    )


__all__ = ["loss_line", "move_phrase", "points", "practice_verdict", "reason_line"]
