"""Positions for opponent tests, built card by card."""

from __future__ import annotations

import random

from scopa.engine import DECK, Observation, Round, Rules, observe, parse_cards


def position(
    hand: str,
    table: str,
    *,
    piles: tuple[str, ...] = ("", ""),
    rules: Rules | None = None,
    seed: int = 0,
    stock_size: int | None = None,
    **cirulla: object,
) -> Round:
    """Seat 0 to play ``hand`` on ``table``; the other cards dealt at random to the other
    hands (3 each) and the stock (``stock_size`` of them, default: all the rest).
    ``cirulla`` passes Cirulla's state on (``declaring``, ``shown``...)."""
    rules = rules or Rules()
    mine = parse_cards(hand)
    on_table = parse_cards(table)
    pile_cards = [parse_cards(text) for text in piles]
    used = set(mine) | set(on_table) | {card for pile in pile_cards for card in pile}
    rest = [card for card in DECK if card not in used]
    random.Random(seed).shuffle(rest)
    hands = [list(mine)]
    for _ in range(rules.players - 1):
        hands.append(rest[:3])
        rest = rest[3:]
    if stock_size is not None:
        pile_cards[0] = (*pile_cards[0], *rest[stock_size:])
        rest = rest[:stock_size]
    return Round.from_parts(
        rules, hands=hands, table=on_table, stock=rest, piles=pile_cards, dealer=rules.players - 1,
        turn=0, **cirulla,  # type: ignore[arg-type]
    )  # fmt: skip


def seat_view(state: Round) -> Observation:
    return observe(state, state.turn)


def random_positions(rules: Rules, count: int, seed: int) -> list[Round]:
    """Positions at random points of random rounds, each with the player to act (in
    Cirulla, hands are declared whenever they can be, so many positions hold shown hands)."""
    rng = random.Random(seed)
    out: list[Round] = []
    while len(out) < count:
        state = Round.deal_random(rules, rng, dealer=rng.randrange(rules.players))
        for _ in range(rng.randrange(40 - rules.table_size)):
            if state.over:
                break
            moves = state.legal_moves()
            declares = [move for move in moves if move.is_declaration]
            state = state.play(rng.choice(declares or moves))
        if not state.over:
            out.append(state)
    return out


def shuffle_unseen(state: Round, rng: random.Random) -> Round:
    """The same position for the player to act, with the cards it cannot see (other hands
    but for the cards a declaration shows, and the stock) dealt again at random in the same
    sizes."""
    seat = state.turn
    shown = state.shown
    hidden = [card for other, hand in enumerate(state.hands) if other != seat
              for card in _cards(hand & ~shown[other])]  # fmt: skip
    hidden += [DECK[index] for index in state.stock]
    rng.shuffle(hidden)
    hands = []
    for other, hand in enumerate(state.hands):
        if other == seat:
            hands.append(_cards(hand))
        else:
            size = (hand & ~shown[other]).bit_count()
            hands.append(_cards(shown[other]) + hidden[:size])
            hidden = hidden[size:]
    cirulla = {}
    if state.rules.cirulla:
        cirulla = {
            "shown": [_cards(mask) for mask in shown],
            "matta_value": state.matta_value,
            "declared": [s for s in range(state.rules.players) if state.has_declared(s)],
            "declaring": state.declarations_due,
            "bonus": state.bonus,
        }
    moved = Round.from_parts(
        state.rules, hands=hands, table=state.table_cards(), stock=hidden,
        piles=[state.pile(side) for side in range(state.rules.sides)], dealer=state.dealer,
        turn=seat, scope=state.scope, last_capturer=state.last_capturer,
        deal_no=state.deal_no, round_no=state.round_no, **cirulla,
    )  # fmt: skip
    moved._history = state._history  # the plays so far are public: they stay the same
    return moved


def _cards(mask: int) -> list:
    return [card for card in DECK if mask & card.bit]
