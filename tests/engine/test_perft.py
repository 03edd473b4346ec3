"""Move-tree counts from fixed positions, pinned in data files (tests/engine/data/perft),
and every node of the shallow trees checked against the brute-force capture rules."""

from pathlib import Path

import pytest

from scopa.engine import Round, declarations, perft
from tests.tool_modules import load_tool

from .test_captures import cirulla_reference, reference

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "engine" / "data" / "perft"


def load_perft():
    return load_tool("perft", "perft_tool")


FILES = sorted(DATA.glob("*.perft"))


def test_data_files_exist():
    assert len(FILES) >= 8
    names = {path.stem for path in FILES}
    assert {"cirulla-declare", "cirulla-at-deal", "six-threes-seed9", "six-pairs-seed10"} <= names


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_perft_counts(path):
    state, counts = load_perft().read(path)
    assert counts
    for depth, count in counts:
        assert perft(state, depth) == count, f"depth {depth}"


def reference_specials(state: Round) -> list[str]:
    """Cirulla's declarations, passes and retractions as CIRULLA.md R21 and its toggle say."""
    rules = state.rules
    seat = state.turn
    hand = state.hands[seat]
    offered = []
    for named, _ in declarations(hand, rules):
        offered.append(f"!{rules.matta_card}={named}" if named else "!")
    if state.declaring:
        return [*offered, "-"]
    if len(state.hand(seat)) != 3:
        return []
    own_turn = not rules.declare_at_deal or rules.declare_until_play
    if state.has_declared(seat):
        return ["!-"] if rules.declare_at_deal and rules.declare_until_play else []
    return offered if own_turn and not state.shown[seat] else []


def check_tree(state: Round, depth: int) -> int:
    if depth == 0 or state.over:
        return 1
    hand = state.hand(state.turn)
    table = list(state.table_cards())
    expected = []
    if state.rules.cirulla:
        expected += reference_specials(state)
    for card in hand if not state.declaring else ():
        if state.rules.cirulla:
            sets = cirulla_reference(card, table, state.rules, state.matta_value)
        else:
            sets = reference(card, table, state.rules)
        expected += [f"{card}x{s}" if s else str(card) for s in sets] if sets else [str(card)]
    assert sorted(m.text() for m in state.legal_moves()) == sorted(expected)
    return sum(check_tree(state.play(move), depth - 1) for move in state.legal_moves())


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_trees_match_brute_force_rules(path):
    state, counts = load_perft().read(path)
    depth = 8 if state.rules.hand_size == 3 else 3
    if state.rules.players == 6 or state.rules.may_trail_capturing_card:
        depth = 6
    assert check_tree(state, depth) == perft(state, depth)
