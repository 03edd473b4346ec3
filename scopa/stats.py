"""Statistics of finished matches: pure values and the functions that update and chart them.

A finished match becomes one ``MatchResult`` seen from the human side (the side every human
seat sits on, when they all sit on one). ``Stats`` keeps one ``Tally`` per kind of match
(mode, player count, preset, computer level), so any grouping the statistics scene wants is a
sum of tallies, plus the recent results for charts and the best and worst match.

Matches where a player took moves back are counted and flagged (``undone``) but never become
the best or worst result: a record reached by trial and error is not a record.

A match played alone at this screen is reviewed by Master after it ends; its ``accuracy``
joins its result later (``with_accuracy``, found by ``match_id``). Both entries are written
only when they hold something, so files of matches never reviewed read as before.
"""

from __future__ import annotations

import zlib
from collections.abc import Callable, Iterable, Sequence
from dataclasses import asdict, dataclass, field, fields, replace
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any, TypeVar

from .engine.errors import quote_value
from .engine.rules import Rules, nearest_game
from .settings import MODES

if TYPE_CHECKING:
    from .engine import Match
    from .settings import MatchSetup

T = TypeVar("T")
SCHEMA = 1
RECENT = 500
"""How many recent results are kept for the charts."""
DIMENSIONS = ("mode", "players", "preset", "level")
MAX_COUNT = 10**9
"""The largest size any number in the statistics may have: far beyond what a player reaches,
yet small enough that sums, rates and chart scales stay ordinary numbers."""
MAX_TEXT = 64
"""The longest text (mode, preset, level, date) a result or a row may hold."""


class StatsError(ValueError):
    """Statistics data that cannot be read; the message names the field."""


@dataclass(frozen=True)
class MatchResult:
    """One finished match. ``won`` and ``margin`` are None when no single side is the humans'
    (hot-seat rivals, or computers only), and ``scope`` counts the scopas of the humans' side
    only: none then, so that the player's tally holds no one else's."""

    mode: str
    players: int
    preset: str
    level: str
    won: bool | None
    margin: int | None
    scope: int
    totals: tuple[int, ...]
    rounds: int
    undone: bool = False
    when: str = ""
    match_id: str = ""
    hinted: bool = False
    """The player made a move on Master's hint: counted, as a match with moves taken back
    is, and like it no record (a best margin made on Master's moves is not the player's)."""
    """Which match this is (``match_key``): where its review's accuracy is put."""
    accuracy: float | None = None
    """The player's accuracy (0-100) as Master's review graded it; None until reviewed."""
    decisions: int | None = None
    """How many of the player's moves the accuracy is of (the choices that mattered); None
    where the statistics were written without it."""

    @property
    def key(self) -> tuple[str, int, str, str]:
        return (self.mode, self.players, self.preset, self.level)

    @property
    def outright(self) -> bool:
        """Won without being ahead on points, or lost while not behind: the match was
        decided by something else (Cirulla's cappotto, or an opening table under the
        Luzzati rules), and its margin of points is no measure of the win."""
        if self.won is None or self.margin is None:
            return False
        return self.margin <= 0 if self.won else self.margin >= 0

    @property
    def record_margin(self) -> int | None:
        """The margin the best and worst margins are kept from: none for a match played with
        moves taken back or on hints (``aided``), nor for one decided other than on points
        (``outright``: a cappotto won 18 points behind was the player's worst margin)."""
        return None if self.aided or self.outright else self.margin

    @property
    def aided(self) -> bool:
        """Played with moves taken back or made on hints: counted, but no record."""
        return self.undone or self.hinted

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["totals"] = list(self.totals)
        for name, empty in OPTIONAL.items():
            if data[name] == empty:
                del data[name]
        return data

    @classmethod
    def from_dict(cls, data: Any) -> MatchResult:
        _expect(data, dict, "a match result")
        names = {f.name for f in fields(cls)}
        unknown = sorted(set(data) - names)
        if unknown:
            raise StatsError(f"a match result has an unknown entry {quote_value(unknown[0])}")
        missing = sorted(names - set(data) - {"undone", "when", *OPTIONAL})
        if missing:
            raise StatsError(f"a match result has no {quote_value(missing[0])}")
        for name in ("mode", "preset", "level", "when", "match_id"):
            _expect_text(data.get(name, ""), f"result '{name}'")
        _expect_mode(data["mode"], "result 'mode'")
        if data.get("accuracy") is not None:
            _expect_accuracy(data["accuracy"], "result 'accuracy'")
        if data.get("decisions") is not None:
            _expect_int(data["decisions"], "result 'decisions'")
        for name in ("players", "scope", "rounds"):
            _expect_int(data[name], f"result '{name}'")
        if data["won"] is not None:
            _expect(data["won"], bool, "result 'won'")
        if data["margin"] is not None:
            _expect_int(data["margin"], "result 'margin'")
        _expect(data.get("undone", False), bool, "result 'undone'")
        _expect(data.get("hinted", False), bool, "result 'hinted'")
        _expect(data["totals"], list, "result 'totals'")
        for total in data["totals"]:
            _expect_int(total, "result 'totals'")
        _agrees(data)
        return cls(**{**data, "totals": tuple(data["totals"])})


OPTIONAL: dict[str, Any] = {"match_id": "", "accuracy": None, "decisions": None, "hinted": False}
"""Entries of a result written only when they hold something (older files lack them)."""
ACCURACY_DIGITS = 6
"""Decimals an accuracy is kept to: enough that it shows as the review showed it (5 of 11
is 45 %, where 45.5 would show as 46 %)."""


@dataclass(frozen=True)
class Tally:
    """Counts for one kind of match; tallies add up with ``+``."""

    played: int = 0
    won: int = 0
    lost: int = 0
    scope: int = 0
    undone: int = 0
    best: int | None = None
    worst: int | None = None

    def __add__(self, other: Tally) -> Tally:
        """The two counted together; each count stops at ``MAX_COUNT``, the most a file
        holds (rows near it, from a damaged file, added up to a tally its reader refused)."""
        played = min(self.played + other.played, MAX_COUNT)
        won = min(self.won + other.won, played)
        return Tally(
            played,
            won,
            min(self.lost + other.lost, played - won),
            min(self.scope + other.scope, MAX_COUNT),
            min(self.undone + other.undone, MAX_COUNT),
            _pick(max, self.best, other.best),
            _pick(min, self.worst, other.worst),
        )

    @property
    def win_rate(self) -> float | None:
        decided = self.won + self.lost
        return self.won / decided if decided else None

    @classmethod
    def of(cls, result: MatchResult) -> Tally:
        clean = result.record_margin
        return cls(
            played=1,
            won=1 if result.won is True else 0,
            lost=1 if result.won is False else 0,
            scope=result.scope,
            undone=1 if result.undone else 0,
            best=clean,
            worst=clean,
        )


@dataclass(frozen=True)
class Stats:
    """Every statistic kept; immutable, ``add`` returns the updated copy."""

    tallies: dict[tuple[str, int, str, str], Tally] = field(default_factory=dict)
    recent: tuple[MatchResult, ...] = ()
    best: MatchResult | None = None
    worst: MatchResult | None = None

    def add(self, result: MatchResult) -> Stats:
        tallies = dict(self.tallies)
        tallies[result.key] = tallies.get(result.key, Tally()) + Tally.of(result)
        best, worst = self.best, self.worst
        margin = result.record_margin
        if margin is not None:
            if best is None or best.margin is None or margin > best.margin:
                best = result
            if worst is None or worst.margin is None or margin < worst.margin:
                worst = result
        recent = (*self.recent, result)[-RECENT:]
        return replace(self, tallies=tallies, recent=recent, best=best, worst=worst)

    def with_accuracy(self, match_id: str, accuracy: float, decisions: int | None = None) -> Stats:
        """The statistics with the review's ``accuracy`` (of ``decisions`` choices) put on
        the latest result of match ``match_id`` not reviewed yet (unchanged when there is
        none)."""
        _expect_accuracy(accuracy, "an accuracy")
        if decisions is not None:
            _expect_int(decisions, "a count of decisions")
        if not match_id:
            return self
        recent = list(self.recent)
        for index in range(len(recent) - 1, -1, -1):
            result = recent[index]
            if result.match_id == match_id and result.accuracy is None:
                kept = round(float(accuracy), ACCURACY_DIGITS)
                reviewed = replace(result, accuracy=kept, decisions=decisions)
                recent[index] = reviewed
                best = reviewed if self.best == result else self.best
                worst = reviewed if self.worst == result else self.worst
                return replace(self, recent=tuple(recent), best=best, worst=worst)
        return self

    def total(self, **where: Any) -> Tally:
        """The sum of the tallies matching ``where``, e.g. ``total(mode="solo")``."""
        unknown = sorted(set(where) - set(DIMENSIONS))
        if unknown:
            raise StatsError(f"no statistics dimension {quote_value(unknown[0])}")
        out = Tally()
        for key, tally in self.tallies.items():
            values = dict(zip(DIMENSIONS, key))
            if all(values[name] == value for name, value in where.items()):
                out = out + tally
        return out

    def by(self, dimension: str, **where: Any) -> list[tuple[Any, Tally]]:
        """Tallies grouped by one dimension ('mode', 'players', 'preset' or 'level'), in a
        stable order: the data of a bar chart."""
        if dimension not in DIMENSIONS:
            raise StatsError(f"no statistics dimension {quote_value(dimension)}")
        index = DIMENSIONS.index(dimension)
        values = sorted({key[index] for key in self.tallies}, key=str)
        rows = [(value, self.total(**{**where, dimension: value})) for value in values]
        return [(value, tally) for value, tally in rows if tally.played]

    # --- storage -----------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        return {
            "schema": SCHEMA,
            "tallies": [
                {**dict(zip(DIMENSIONS, key)), **asdict(tally)}
                for key, tally in sorted(self.tallies.items(), key=lambda item: str(item[0]))
            ],
            "recent": [result.to_dict() for result in self.recent],
            "best": None if self.best is None else self.best.to_dict(),
            "worst": None if self.worst is None else self.worst.to_dict(),
        }

    @classmethod
    def from_dict(cls, data: Any) -> Stats:
        _expect(data, dict, "the statistics")
        schema = data.get("schema")
        if isinstance(schema, int) and not isinstance(schema, bool) and schema > SCHEMA:
            raise StatsError(
                f"it was written by a newer version of the game (schema {quote_value(schema)})"
            )
        if schema != SCHEMA:
            raise StatsError(f"unknown statistics schema {quote_value(schema)}")
        _expect(data.get("tallies"), list, "statistics 'tallies'")
        _expect(data.get("recent"), list, "statistics 'recent'")
        tallies: dict[tuple[str, int, str, str], Tally] = {}
        for row in data["tallies"]:
            key, tally = _tally_from_dict(row)
            tallies[key] = tallies.get(key, Tally()) + tally
        recent = tuple(MatchResult.from_dict(item) for item in data["recent"])
        best, worst = (
            None if data.get(name) is None else MatchResult.from_dict(data[name])
            for name in ("best", "worst")
        )
        return cls(tallies, recent[-RECENT:], best, worst)


def salvage(data: Any) -> Stats | None:
    """What can still be read of damaged statistics (``Stats.from_dict`` refused them):
    every row of the tallies and every recent match that reads on its own (one whose
    accuracy alone is wrong, without it), and the best and worst results if they read; None
    when no match counted does (made again from the past matches then: a file less damaged
    kept less than one lost whole), or the file is of another version (its rows mean
    something else).

    A kind of match whose tally row is lost is counted again from the recent matches kept:
    the statistics said "no matches yet" over the matches they had just said were kept."""
    if not isinstance(data, dict) or data.get("schema") != SCHEMA:
        return None
    tallies: dict[tuple[str, int, str, str], Tally] = {}
    for key, tally in _readable(_tally_salvaged, data.get("tallies")):
        tallies[key] = tallies.get(key, Tally()) + tally
    recent = _readable(_result_salvaged, data.get("recent"))[-RECENT:]
    counted = set(tallies)
    unmeasured = {key for key, tally in tallies.items() if tally.best is None}
    for result in recent:
        if result.key not in counted:
            tallies[result.key] = tallies.get(result.key, Tally()) + Tally.of(result)
        elif result.key in unmeasured:  # its margins lost: the recent matches kept tell some
            tally, margins = tallies[result.key], Tally.of(result)
            best, worst = (
                _pick(max, tally.best, margins.best),
                _pick(min, tally.worst, margins.worst),
            )
            tallies[result.key] = replace(tally, best=best, worst=worst)
    if not tallies:  # no match counted: a best or a worst alone is no statistics
        return None
    best, worst = (
        next(iter(_readable(MatchResult.from_dict, [data.get(name)])), None)
        for name in ("best", "worst")
    )
    return Stats(tallies, tuple(recent), best, worst)


def _tally_salvaged(row: Any) -> tuple[tuple[str, int, str, str], Tally]:
    """A tally row as it reads; if only its best and worst margins do not, the row without
    them (its counts kept: a row lost is counted again from the recent matches alone)."""
    try:
        return _tally_from_dict(row)
    except StatsError:
        if not isinstance(row, dict) or (row.get("best"), row.get("worst")) == (None, None):
            raise
        return _tally_from_dict({**row, "best": None, "worst": None})


def _result_salvaged(data: Any) -> MatchResult:
    """A recent match as it reads; if only its accuracy does not, the match without it."""
    try:
        return MatchResult.from_dict(data)
    except StatsError:
        if not isinstance(data, dict) or data.get("accuracy") is None:
            raise
        return MatchResult.from_dict({**data, "accuracy": None})


def _readable(read: Callable[[Any], T], items: Any) -> list[T]:
    """``read`` of each of ``items`` (a list, else none) that reads; the others left out."""
    found = []
    for item in items if isinstance(items, list) else ():
        try:
            found.append(read(item))
        except (StatsError, TypeError, KeyError):
            continue
    return found


def match_key(match: Match) -> str:
    """A name for a match that tells it from the others of a player: its seed and how many
    moves it had; for a match dealt from cards given (a round replayed), what it was dealt
    and played as well, whatever its seed (a replay given its match's seed, and as long,
    was taken for that match: not counted, and kept in its place among the past
    matches)."""
    moves = match.moves()
    key = f"{match.seed:x}/{len(moves)}"
    if not match.decks:
        return key
    dealt = " ".join(" ".join(map(str, deck)) for deck in match.decks)
    played = " ".join(map(str, moves))
    return f"{key}/{zlib.crc32(f'{match.first_dealer} {dealt} | {played}'.encode()):08x}"


ONLINE = "online"
"""The kind of a match played at a server (set up in a lobby, not as ``MODES`` are)."""
COUNTED_MODES = (*MODES, ONLINE)
"""Every kind of match the statistics count."""
CUSTOM = "custom:"
"""How a result of rules of the player's own begins its ``preset``, before the game they
change ("custom:cirulla": a Cirulla of one's own is counted with Cirulla, as it is named);
results kept before say "custom" alone."""


def game_of(preset: str) -> str:
    """The game a result's ``preset`` is counted with: the preset, or the one rules of the
    player's own change ("custom:cirulla" is "cirulla"; "custom" of old stays)."""
    return preset.removeprefix(CUSTOM)


def opponents_levels(setup: MatchSetup, rules: Rules, sides: set[int]) -> list[str]:
    """The levels of the computers playing against ``sides`` (the people's), in seat order:
    a computer partner is no opponent; with no single side of people, every computer's."""
    return [
        config.level
        for seat, config in enumerate(setup.seats)
        if not config.human and (len(sides) != 1 or rules.side_of(seat) not in sides)
    ]


def matches_won(before: Sequence[int], match: Match) -> tuple[int, ...]:
    """The matches each side has won in a row of rematches: ``before`` (empty: none won
    yet), with ``match``'s once it is over; empty while none has been won."""
    won = list(before or (0,) * match.rules.sides)
    if match.over and match.winner is not None:
        won[match.winner] += 1
    return tuple(won) if any(won) else ()


def result_of(
    setup: MatchSetup,
    match: Match,
    *,
    undone: bool = False,
    hinted: bool = False,
    when: datetime | None = None,
    online: tuple[tuple[int, ...], str] | None = None,
) -> MatchResult:
    """The result of a finished ``match`` played with ``setup``; ``hinted``: a move was made
    on a hint; ``online``: a match at a server, the seats played here and the match's id
    (the others' people are friends)."""
    if not match.over:
        raise StatsError("only a finished match has a result")
    rules = match.rules
    sides = {rules.side_of(seat) for seat in (setup.humans if online is None else online[0])}
    side = next(iter(sides)) if len(sides) == 1 else None
    computers = set(opponents_levels(setup, rules, sides))
    level = "none" if not computers else computers.pop() if len(computers) == 1 else "mixed"
    # the tables each side swept (Cirulla scores a hand's bonus as scopas: not sweeps)
    scope_by_side = [
        sum(scores[s].scope - scores[s].bonus for scores in match.rounds)
        for s in range(rules.sides)
    ]
    if side is None:  # rivals at one screen, or computers only: no side is the player's
        won, margin, scope = None, None, 0
    else:
        others = [total for s, total in enumerate(match.totals) if s != side]
        won, margin = match.winner == side, match.totals[side] - max(others)
        scope = scope_by_side[side]
    stamp = (when or datetime.now(UTC)).isoformat(timespec="seconds")
    return MatchResult(
        mode=setup.mode if online is None else ONLINE,
        players=rules.players,
        preset=rules.preset_name() or f"{CUSTOM}{nearest_game(rules)[0]}",
        level=level,
        won=won,
        margin=margin,
        scope=scope,
        totals=tuple(match.totals),
        rounds=len(match.rounds),
        undone=undone,
        when=stamp,
        match_id=match_key(match) if online is None else online[1],
        hinted=hinted,
    )


# --- chart series ------------------------------------------------------------------------


def margin_series(stats: Stats, **where: Any) -> list[int]:
    """Margins of the recent decided matches, oldest first (a line chart)."""
    return [r.margin for r in _recent(stats, where) if r.margin is not None]


def undone_steps(stats: Stats, **where: Any) -> frozenset[int]:
    """Which steps of ``margin_series`` are matches played with moves taken back or on hints
    (``aided``): charted, yet no record (the chart marks them apart)."""
    decided = [r for r in _recent(stats, where) if r.margin is not None]
    return frozenset(i for i, r in enumerate(decided) if r.aided)


def rolling_win_rate(stats: Stats, window: int = 10, **where: Any) -> list[float]:
    """Share of wins over the last ``window`` decided matches, after each one."""
    if window < 1:
        raise StatsError("the window must hold at least one match")
    outcomes = [r.won for r in _recent(stats, where) if r.won is not None]
    out = []
    for end in range(1, len(outcomes) + 1):
        chunk = outcomes[max(0, end - window) : end]
        out.append(sum(chunk) / len(chunk))
    return out


def trend_start(stats: Stats, window: int = 10, **where: Any) -> int:
    """The first of the recent decided matches from which the results' trend is charted:
    the win rate over the last ``window`` is a whole window's from there. While the
    statistics hold every decided match (a new player's first ones), that is the first
    match, the rate so far before the window fills; once older matches were dropped
    (``RECENT`` are kept), the first matches kept hold no whole window, and their rate over
    one, two, ... matches drew a spike to 0 or 100 % at the start of the chart."""
    if window < 1:
        raise StatsError("the window must hold at least one match")
    kept = sum(1 for r in _recent(stats, where) if r.won is not None)
    total = stats.total(**where)
    dropped = total.won + total.lost > kept
    return window - 1 if dropped and kept >= window else 0


def accuracy_series(stats: Stats, **where: Any) -> list[float]:
    """The accuracy of the recent reviewed matches, oldest first (a line chart)."""
    return [r.accuracy for r in _recent(stats, where) if r.accuracy is not None]


def undone_accuracy_steps(stats: Stats, **where: Any) -> frozenset[int]:
    """Which steps of ``accuracy_series`` are matches played with moves taken back: a play
    taken back after its reply was seen grades better than it was played (the chart marks
    them apart)."""
    reviewed = [r for r in _recent(stats, where) if r.accuracy is not None]
    return frozenset(i for i, r in enumerate(reviewed) if r.undone)


def recent_accuracy(stats: Stats, count: int = 10, **where: Any) -> float | None:
    """The accuracy of the last ``count`` reviewed matches together (None: none reviewed):
    each weighs as many choices as it was of (0 % of one choice and 54 % of thirteen made
    27 %, where the fourteen choices were 50 % as good as Master's); a match kept without
    its count weighs as the others do on average (as one, when none has a count)."""
    found = [r for r in _recent(stats, where) if r.accuracy is not None][-count:]
    if not found:
        return None
    counted = [r.decisions for r in found if r.decisions]
    usual = sum(counted) / len(counted) if counted else 1.0
    weights = [float(r.decisions) if r.decisions else usual for r in found]
    return sum(w * (r.accuracy or 0.0) for w, r in zip(weights, found)) / sum(weights)


def win_streaks(stats: Stats, **where: Any) -> tuple[int, int]:
    """The wins in a row the recent decided matches end on, and the most in a row among
    them (``RECENT`` are kept). A loss ends a run, and so does a win with moves taken back
    (a record reached by trial and error is not a record), or made on hints; matches no
    side of the player's decided (rivals at one screen, computers watched) leave it as it
    was."""
    current = best = 0
    for result in _recent(stats, where):
        if result.won is None:
            continue
        current = current + 1 if result.won and not result.aided else 0
        best = max(best, current)
    return current, best


def scope_series(stats: Stats, **where: Any) -> list[int]:
    """Scopas of the recent matches, oldest first."""
    return [r.scope for r in _recent(stats, where)]


def _recent(stats: Stats, where: dict[str, Any]) -> Iterable[MatchResult]:
    unknown = sorted(set(where) - set(DIMENSIONS))
    if unknown:
        raise StatsError(f"no statistics dimension {quote_value(unknown[0])}")
    return [r for r in stats.recent if all(getattr(r, k) == v for k, v in where.items())]


def _pick(choose: Callable[[int, int], int], a: int | None, b: int | None) -> int | None:
    return b if a is None else a if b is None else choose(a, b)


def _agrees(data: dict[str, Any]) -> None:
    """A result that reads, entry by entry, must also hold together: its sides' totals,
    and its margin the lead (or gap) of one of them over the best of the others; a won or
    lost match has a margin, a match of no single side none. (A file edited to say a match
    was won by a billion points was drawn as such on the charts.)"""
    totals, won, margin = data["totals"], data["won"], data["margin"]
    if not 2 <= len(totals) <= max(2, data["players"]):
        raise StatsError(f"a match result has {len(totals)} totals for {data['players']} players")
    for name in ("scope", "rounds"):
        if data[name] < 0:
            raise StatsError(f"result '{name}' cannot be negative ({data[name]})")
    if (won is None) != (margin is None):
        raise StatsError("a match result has a margin without a result, or a result without")
    leads = {total - max(totals[:side] + totals[side + 1 :]) for side, total in enumerate(totals)}
    if margin is not None and margin not in leads:
        raise StatsError(f"a match result's margin {margin} is not one its totals give")


def _expect(value: Any, kind: type, what: str) -> None:
    if not isinstance(value, kind):
        raise StatsError(f"{what} must be a {kind.__name__}, not {quote_value(value)}")


def _expect_int(value: Any, what: str) -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        raise StatsError(f"{what} must be a whole number, not {quote_value(value)}")
    if not -MAX_COUNT <= value <= MAX_COUNT:
        raise StatsError(f"{what} is out of range ({quote_value(value)})")


def _expect_accuracy(value: Any, what: str) -> None:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise StatsError(f"{what} must be a number, not {quote_value(value)}")
    if not 0 <= value <= 100:  # not NaN, nor infinite, nor an integer too long for a float
        raise StatsError(f"{what} must be from 0 to 100, not {quote_value(value)}")


def _expect_text(value: Any, what: str) -> None:
    _expect(value, str, what)
    if len(value) > MAX_TEXT or not value.isprintable():
        raise StatsError(f"{what} must be a short printable text, not {quote_value(value)}")


def _expect_mode(value: str, what: str) -> None:
    """A kind of match this game counts (a newer game's, shown by a name this one lacks,
    is not read)."""
    if value not in COUNTED_MODES:
        raise StatsError(
            f"{what} must be one of {', '.join(COUNTED_MODES)}, not {quote_value(value)}"
        )


def _tally_from_dict(row: Any) -> tuple[tuple[str, int, str, str], Tally]:
    _expect(row, dict, "a statistics row")
    names = (*DIMENSIONS, *(f.name for f in fields(Tally)))
    unknown = sorted(set(row) - set(names))
    if unknown:
        raise StatsError(f"a statistics row has an unknown entry {quote_value(unknown[0])}")
    for name in ("mode", "preset", "level"):
        _expect_text(row.get(name), f"row '{name}'")
    _expect_mode(row["mode"], "row 'mode'")
    for name in ("players", "played", "won", "lost", "scope", "undone"):
        _expect_int(row.get(name), f"row '{name}'")
        if row[name] < 0:
            raise StatsError(f"row '{name}' cannot be negative ({row[name]})")
    for name in ("best", "worst"):
        if row.get(name) is not None:
            _expect_int(row[name], f"row '{name}'")
    if row.get("best") is not None and row.get("worst") is not None and row["best"] < row["worst"]:
        raise StatsError("a statistics row's best margin is below its worst")
    if row["won"] + row["lost"] > row["played"]:
        raise StatsError("a statistics row has more wins and losses than matches")
    key = (row["mode"], row["players"], row["preset"], row["level"])
    tally = Tally(**{f.name: row.get(f.name) for f in fields(Tally)})
    return key, tally
