"""Count move trees from fixed positions (like chess perft) and write the data files the
tests check: ``python tools/perft.py --write``."""

from __future__ import annotations

import argparse
import random
from pathlib import Path

from scopa.engine import DECK, PRESETS, Round, format_cards, parse_cards, perft

DATA = Path(__file__).resolve().parent.parent / "tests" / "engine" / "data" / "perft"

POSITIONS = [
    # (name, preset, dealer, deck seed or None for index order, depths)
    ("classic-ordered", "classic", 0, None, 12),
    ("classic-seed1", "classic", 1, 1, 12),
    ("classic-seed2", "classic", 0, 2, 12),
    ("rulebook-seed3", "rulebook", 0, 3, 12),
    ("quindici-seed4", "quindici", 1, 4, 12),
    ("assi-seed5", "assi", 0, 5, 12),
    ("scopone-seed6", "scopone", 3, 6, 5),
    ("scientifico-seed7", "scopone_scientifico", 2, 7, 4),
    ("milanese-seed8", "milanese", 0, 8, 4),
]


def deck_for(seed: int | None) -> list:
    deck = list(DECK)
    if seed is not None:
        random.Random(seed).shuffle(deck)
    return deck


def write() -> None:
    DATA.mkdir(parents=True, exist_ok=True)
    for name, preset, dealer, seed, depth in POSITIONS:
        rules = PRESETS[preset]
        deck = deck_for(seed)
        while True:
            try:
                state = Round.deal(rules, deck, dealer=dealer)
                break
            except ValueError:
                deck = deck[1:] + deck[:1]
        lines = [
            "# move-tree counts; regenerate with: python tools/perft.py --write",
            f"preset {preset}",
            f"dealer {dealer}",
            f"deck {format_cards(deck)}",
        ]
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
    state = Round.deal(
        PRESETS[fields["preset"]], parse_cards(fields["deck"]), dealer=int(fields["dealer"])
    )
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
