"""Move-tree counts from a position, like chess perft: a cheap, exact fingerprint of the
move generator that data files in the tests pin down."""

from __future__ import annotations

from .round import Round


def perft(state: Round, depth: int) -> int:
    """The number of move sequences of length ``depth`` (fewer where the round ends)."""
    if depth == 0 or state.over:
        return 1
    moves = state.legal_moves()
    if depth == 1:
        return len(moves)
    return sum(perft(state.play(move), depth - 1) for move in moves)
