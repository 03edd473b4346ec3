"""Small builders for engine tests."""

from __future__ import annotations

from scopa.engine import DECK, Round, Rules, parse_cards


def position(
    rules: Rules,
    hands: list[str],
    table: str,
    *,
    piles: list[str] | None = None,
    stock: str | None = None,
    turn: int = 0,
    dealer: int | None = None,
    last_capturer: int = -1,
    **cirulla: object,
) -> Round:
    """A round from card texts; cards not placed anywhere go to the stock (or, when
    ``stock`` is given explicitly, to the first side's pile). ``cirulla`` passes Cirulla's
    state (``shown``, ``matta_value``, ``declared``, ``declaring``, ``bonus``, ``scope``) on."""
    hand_cards = [parse_cards(hand) for hand in hands]
    table_cards = parse_cards(table)
    pile_cards = (
        [list(parse_cards(pile)) for pile in piles] if piles else [[] for _ in range(rules.sides)]
    )
    placed = {card for group in [*hand_cards, table_cards, *pile_cards] for card in group}
    if stock is None:
        stock_cards = [card for card in DECK if card not in placed]
    else:
        stock_cards = list(parse_cards(stock))
        placed |= set(stock_cards)
        pile_cards[0].extend(card for card in DECK if card not in placed)
    return Round.from_parts(
        rules,
        hands=hand_cards,
        table=table_cards,
        stock=stock_cards,
        piles=pile_cards,
        dealer=(turn - 1) % rules.players if dealer is None else dealer,
        turn=turn,
        last_capturer=last_capturer,
        **cirulla,  # type: ignore[arg-type]
    )


def texts(options) -> list[str]:
    """Capture options as sorted texts like ['3B+7C']."""
    return sorted("+".join(str(card) for card in option) for option in options)
