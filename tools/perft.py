"""Count move trees from fixed positions (like chess perft) and write the data files the
tests check: ``python tools/perft.py --write``.

A position is a preset (and, optionally, rules changed from it), a dealer and a deck: a seed
to shuffle, index order, or the first cards written out (Cirulla's positions deal hands that
can be declared, the matta among them, so the trees count declarations too).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scopa.engine import (  # noqa: E402
    DECK,
    PRESETS,
    Round,
    Rules,
    format_cards,
    parse_cards,
    perft,
)

DATA = Path(__file__).resolve().parent.parent / "tests" / "engine" / "data" / "perft"

Deck = int | str | None
"""A seed to shuffle with, the first cards of the deck written out, or None (index order)."""

POSITIONS: list[tuple[str, str, dict[str, object], int, Deck, int]] = [
    # (name, preset, rules changed from it, dealer, deck, depths)
    ("classic-ordered", "classic", {}, 0, None, 12),
    ("classic-seed1", "classic", {}, 1, 1, 12),
    ("classic-seed2", "classic", {}, 0, 2, 12),
    ("rulebook-seed3", "rulebook", {}, 0, 3, 12),
    ("quindici-seed4", "quindici", {}, 1, 4, 12),
    ("assi-seed5", "assi", {}, 0, 5, 12),
    ("scopone-seed6", "scopone", {}, 3, 6, 5),
    ("scientifico-seed7", "scopone_scientifico", {}, 2, 7, 4),
    ("milanese-seed8", "milanese", {}, 0, 8, 4),
    ("six-threes-seed9", "classic", {"players": 6}, 4, 9, 9),
    ("six-pairs-seed10", "classic", {"players": 6, "six_sides": 3}, 1, 10, 9),
    ("cirulla-seed11", "cirulla", {}, 0, 11, 12),
    ("cirulla-seed12", "cirulla", {}, 1, 12, 12),
    # seat 1 holds a low hand with the matta (named 1 to 6), seat 0 three fives
    ("cirulla-declare", "cirulla", {}, 0, "7C 2S 1B 5D 5C 5S 4B 8D 9S 10C", 11),
    ("cirulla-4p-declare", "cirulla", {"players": 4}, 3,
     "2D 2C 2S 7C 1D 3B 9C 4S 3D 6B 6S 6D 8D 10S 4B 9S", 8),
    ("cirulla-at-deal", "cirulla", {"declare_at_deal": True, "declare_until_play": True}, 1,
     "7C 4B 3S 1S 1B 6C 5D 8D 9S 10C", 11),
    ("cirulla-toggles", "cirulla",
     {"equal_rank_precedence": True, "may_trail_capturing_card": True,
      "ace_on_ace_only": True, "matta": 9, "stack_hand_bonuses": True},
     0, "9C 2S 3B 2D 2C 2B 6D 9S 1C 5B", 7),
    ("cirulla-dealer-bonus", "cirulla", {"dealer_low_bonus": 3}, 0,
     "3S 8B 9S 4C 10B 7S 4B 7C 3B 6D", 12),
]  # fmt: skip


def deck_for(deck: Deck) -> list:
    if isinstance(deck, str):
        head = list(parse_cards(deck))
        return head + [card for card in DECK if card not in head]
    cards = list(DECK)
    if deck is not None:
        random.Random(deck).shuffle(cards)
    return cards


def write() -> None:
    DATA.mkdir(parents=True, exist_ok=True)
    for name, preset, changes, dealer, deck_spec, depth in POSITIONS:
        rules = PRESETS[preset].with_(**changes)
        deck = deck_for(deck_spec)
        while True:
            try:
                state = Round.deal(rules, deck, dealer=dealer)
                break
            except ValueError:
                deck = deck[1:] + deck[:1]
        lines = [
            "# move-tree counts; regenerate with: python tools/perft.py --write",
            f"preset {preset}",
        ]
        if changes:
            lines.append("rules " + json.dumps(changes, sort_keys=True))
        lines += [f"dealer {dealer}", f"deck {format_cards(deck)}"]
        for d in range(1, depth + 1):
            lines.append(f"perft {d} {perft(state, d)}")
        (DATA / f"{name}.perft").write_text("\n".join(lines) + "\n")
        print(name, lines[-1])


def read(path: Path) -> tuple[Round, list[tuple[int, int]]]:
    fields: dict[str, str] = {}
    counts = []
    for line in path.read_text().splitlines():
        if not line or line.startswith("#"):
            continue
        key, _, value = line.partition(" ")
        if key == "perft":
            depth, count = value.split()
            counts.append((int(depth), int(count)))
        else:
            fields[key] = value
    rules: Rules = PRESETS[fields["preset"]]
    if "rules" in fields:
        rules = rules.with_(**json.loads(fields["rules"]))
    state = Round.deal(rules, parse_cards(fields["deck"]), dealer=int(fields["dealer"]))
    return state, counts


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--write", action="store_true", help="rewrite the data files")
    args = parser.parse_args()
    if args.write:
        write()
    else:
        for path in sorted(DATA.glob("*.perft")):
            state, counts = read(path)
            for depth, count in counts:
                got = perft(state, depth)
                print(f"{path.stem} depth {depth}: {got} {'ok' if got == count else f'!= {count}'}")
