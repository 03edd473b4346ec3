"""Move-tree counts from fixed positions, pinned in data files (tests/engine/data/perft),
and every node of the shallow trees checked against the brute-force capture rules."""

import importlib.util
from pathlib import Path

import pytest

from scopa.engine import Round, perft

from .test_captures import reference

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "engine" / "data" / "perft"


def load_tool():
    spec = importlib.util.spec_from_file_location("perft_tool", ROOT / "tools" / "perft.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


FILES = sorted(DATA.glob("*.perft"))


def test_data_files_exist():
    assert len(FILES) >= 8


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_perft_counts(path):
    state, counts = load_tool().read(path)
    assert counts
    for depth, count in counts:
        assert perft(state, depth) == count, f"depth {depth}"


def check_tree(state: Round, depth: int) -> int:
    if depth == 0 or state.over:
        return 1
    hand = state.hand(state.turn)
    table = list(state.table_cards())
    expected = []
    for card in hand:
        sets = reference(card, table, state.rules)
        expected += [f"{card}x{s}" for s in sets] if sets else [str(card)]
    assert sorted(m.text() for m in state.legal_moves()) == sorted(expected)
    return sum(check_tree(state.play(move), depth - 1) for move in state.legal_moves())


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_trees_match_brute_force_rules(path):
    state, counts = load_tool().read(path)
    depth = 8 if state.rules.hand_size == 3 else 3
    assert check_tree(state, depth) == perft(state, depth)
