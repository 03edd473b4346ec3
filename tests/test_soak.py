"""The soak tool: a short run passes, and its checks catch what they claim to catch."""

from __future__ import annotations

import random
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

from scopa.engine import GameRecord, Match, Move, Observation, Rules
from tests.tool_modules import load_tool

soak = load_tool("soak")


@pytest.mark.slow
def test_short_soak_passes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = soak.main(["--matches", "12", "--seed", "11", "--out", str(tmp_path)])  # 2 to 6 seats
    out = capsys.readouterr().out
    assert code == 0, out
    assert out.startswith("12 matches")
    assert "errors: 0" in out
    assert "expert" in out.split("opponents: ")[1].splitlines()[0]
    for players in ("2 ", "3 ", "4 "):
        assert players in out.split("players: ")[1].splitlines()[0]
    assert not list(tmp_path.iterdir())


def test_every_preset_and_player_count_is_scheduled() -> None:
    labels = {soak.preset_rules(n)[0] for n in range(100)}
    for name in ("classic", "rulebook", "scopone", "scopone_scientifico", "assi", "quindici",
                 "milanese", "classic/3p", "classic/4p", "milanese/2p"):  # fmt: skip
        assert name in labels


def test_random_rules_cover_every_toggle() -> None:
    rng = random.Random(1)
    seen: set[str] = set()
    for _ in range(300):
        seen.update(soak._toggles_on(soak.random_rules(rng)))
    defaults = set(Rules().to_dict()) - {"players"}
    assert defaults <= seen


class IllegalAfter:
    """A broken opponent: legal moves, then one that is not."""

    def __init__(self, seed: int, after: int = 10) -> None:
        self.calls = 0
        self.after = after

    def choose(self, obs: Observation) -> Move:
        self.calls += 1
        if self.calls > self.after:
            missing = next(
                m for m in map(Move.parse, ("1D", "2D", "3D", "4D")) if m.card not in obs.hand
            )
            return missing
        return obs.legal_moves[0]


def test_a_failing_match_is_reported_and_its_record_saved(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(soak, "make_player", lambda level, seed: IllegalAfter(seed))
    code = soak.main(["--matches", "2", "--seed", "3", "--out", str(tmp_path)])
    out = capsys.readouterr().out
    assert code == 1
    assert "errors: 2" in out and "IllegalMove" in out
    saved = sorted(tmp_path.iterdir())
    assert [p.name for p in saved] == ["soak-3-0.scopa", "soak-3-1.scopa"]
    text = saved[0].read_text()
    assert "# error: IllegalMove" in text
    record = GameRecord.parse(text)
    assert len(record.moves) >= 10
    assert record.replay().moves() == record.moves


def fake_match(**round_fields: object) -> SimpleNamespace:
    base = {"hands": (0, 0), "table": 0, "stock": tuple(range(40)), "piles": (0, 0)}
    return SimpleNamespace(round=SimpleNamespace(**{**base, **round_fields}))


def test_card_check_catches_a_lost_or_doubled_card() -> None:
    soak.check_cards(fake_match())
    with pytest.raises(soak.InvariantBroken, match="1 missing"):
        soak.check_cards(fake_match(stock=tuple(range(39))))
    with pytest.raises(soak.InvariantBroken, match="41 placed"):
        soak.check_cards(fake_match(table=1))


def test_score_check_catches_wrong_totals() -> None:
    rng = random.Random(2)
    match = Match.new(Rules(), 2)
    while not match.rounds:
        match, _ = match.apply(rng.choice(match.legal_moves()))
    soak.check_scores(match)
    wrong = SimpleNamespace(rules=match.rules, rounds=match.rounds, over=False,
                            totals=tuple(t + 1 for t in match.totals))  # fmt: skip
    with pytest.raises(soak.InvariantBroken, match="not the sum"):
        soak.check_scores(wrong)


def test_turn_check_catches_a_stuck_player() -> None:
    stuck = SimpleNamespace(over=False, turn=0, legal_moves=lambda: [])
    with pytest.raises(soak.InvariantBroken, match="no legal move"):
        soak.check_turn(stuck)


def test_record_check_catches_a_replay_that_differs() -> None:
    match = Match.new(Rules(), 5)
    match, _ = match.apply(match.legal_moves()[0])
    soak.check_record(match)
    assert soak.same_state(match, Match.new(Rules(), 5)) is not None


def test_score_check_catches_a_wrong_winner() -> None:
    finished = SimpleNamespace(rules=Rules(), rounds=(), totals=(0, 0), winner=1, cappotto=False)
    with pytest.raises(soak.InvariantBroken, match="won with totals"):
        soak.check_scores(finished)


def test_worker_processes_give_the_same_results(tmp_path: Path) -> None:
    alone = soak.run(6, jobs=1, seed=4, levels=("greedy", "beginner"))
    pooled = soak.run(6, jobs=2, seed=4, levels=("greedy", "beginner"))
    assert (pooled.matches, pooled.moves, pooled.rounds) == (
        alone.matches,
        alone.moves,
        alone.rounds,
    )
    assert not alone.failures and not pooled.failures


def test_a_broken_opponents_import_fails_every_match(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "scopa.ai", None)  # makes `import scopa.ai` fail
    assert soak.main(["--matches", "3", "--out", str(tmp_path)]) == 1
    assert "ModuleNotFoundError: import of scopa.ai" in capsys.readouterr().out
