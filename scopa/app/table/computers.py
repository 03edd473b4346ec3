"""The computer seats' turns: ask the worker once, wait for its answer and a readable pause.

The worker thinks off the render loop (``AiWorker``); this only asks, polls and paces. A
player that fails, or answers with a move that is not legal, is replaced for that move by
the simplest legal one, and the player is told once.
"""

from __future__ import annotations

from collections.abc import Callable

from scopa.engine import Match, Move

from ..ai_worker import AiWorker, first_legal

THINK_SECONDS = 0.8
"""At least this long (at normal speed) before a computer's card moves: readable pace."""


class Computers:
    def __init__(self, worker: AiWorker, *, failed: Callable[[str], None]) -> None:
        self.worker = worker
        self.failed = failed
        """Called once, with the reason, the first time a player fails."""
        self._asked = False
        self._answer: Move | BaseException | None = None
        self._thinking = 0.0
        self._told = False

    def turn(self, match: Match, seat: int, level: str, dt: float, pause: float) -> Move | None:
        """The move of the computer at ``seat`` once it is ready and ``pause`` seconds
        have passed since it was asked; None while it thinks."""
        if not self._asked:
            self._asked = True
            self._answer = None
            self._thinking = 0.0
            seed = (match.seed * 7919 + len(match.moves())) & ((1 << 62) - 1)
            self.worker.request(level, seed, match.observe(seat))
        self._thinking += dt
        if self._answer is None:
            self._answer = self.worker.poll()
            if self._answer is None:
                return None
        if self._thinking < pause:
            return None
        answer = self._answer
        move = answer if isinstance(answer, Move) else None
        if move is None or move not in match.legal_moves():
            if not self._told:
                self._told = True
                self.failed(str(answer)[:80])
            move = first_legal("", 0, match.observe(seat))
        return move

    def forget(self) -> None:
        """Whatever was asked no longer matters (a move was played, the match replaced)."""
        self._asked = False
        self._answer = None
        self.worker.cancel()

    def close(self) -> None:
        self.worker.close()
