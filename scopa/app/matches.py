"""The match in progress, and the one place that starts, resumes and ends matches.

``MatchCoordinator`` is one match: its setup (seats and the rules it was started with), its
state, who sits in each seat (someone at this screen, a computer, or a remote player), its
save slot and who last held the screen. ``Matches`` (``app.matches``) is how every screen
starts one: Play, New game, Continue, Watch, Rematch, Replay this deal and the tutorial all
come through here, so two promises are kept in one place:

- a saved match is never replaced without asking (Watch and the tutorial are not saved at
  all, so they never touch it);
- a hand is never shown to someone who may not see it: with several people at one screen,
  every screen they all look at (scoring, pause, settings, rules, a resumed match) hands the
  screen back to nobody, and the next person's turn starts behind the cover.

Every match played by people at this screen is reviewed as it goes: when a round ends, the
coach (``scopa.app.coach``) grades the moves made at this screen off the render loop, and a
solo match's accuracy is kept with it in the statistics once the whole match is graded. A
reviewed position can be played again (``practice``): a match of its own, never saved, over
the screens it was opened from, which come back when it ends.
"""

from __future__ import annotations

import dataclasses
import random
import secrets
import time
from collections.abc import Callable, Iterable
from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING, Any, Literal, cast

from scopa.ai.review import MoveGrade, Review, position_match
from scopa.aids import replay_match
from scopa.engine import PRESETS, IllegalMove, Match, Move, RoundScored, Rules, RulesError
from scopa.engine.rules import SEATING
from scopa.net.protocol import name_key
from scopa.settings import (
    MAX_ADDRESS,
    MatchSetup,
    SeatConfig,
    Seating,
    computer_played,
    reseated,
    seating_until,
)
from scopa.stats import Stats, match_key, matches_won
from scopa.storage import HeldSeat, PastMatch, SavedMatch, sheet_waits

from .coach import Coach, MatchReviews, ReviewJob
from .coach_words import practice_verdict
from .online import grouped, table_code, with_code
from .remote import ROUND_BEGAN, RemoteCoordinator, SharedScreen
from .scenes.flow import describe, saved_line
from .table.chat import SAID_KEY
from .table.saving import MatchSaver
from .toasts import Toast, worded
from .wording import CODED_SEEDS, Seats, is_default_name, join

if TYPE_CHECKING:
    from scopa.engine import Event, Rules

    from .app import App
    from .scene import Scene

SeatKind = Literal["local", "computer", "remote"]

VERDICT_SECONDS = 20.0
"""How long a play at a practice is judged on screen: long enough to read Master's move
and its reason while the others play on (a few seconds went while the computer thought)."""


QUIT_WAIT = 5.0
"""Seconds the game, as it ends, waits for the review of a match just finished here: the
accuracy the statistics keep with its result comes from it."""
COMPUTER_NAMES = ("Giulia", "Marco", "Lucia", "Paolo", "Chiara", "Luca", "Sara", "Franco")
"""Names for computer seats, in the order they are offered."""


def new_seed() -> int:
    """A new match's seed: one a round's code names whole (``CODED_SEEDS``), a billion and
    a half shuffles of each round."""
    return secrets.randbelow(CODED_SEEDS)


def named_computers(seats: tuple[SeatConfig, ...]) -> tuple[SeatConfig, ...]:
    """``seats`` with each computer that holds the game's name for its seat ("Seat 2", as a
    name field left empty once gave it) given a computer's name instead."""
    names = [config.name for config in seats]
    for seat, config in enumerate(seats):
        if not config.human and is_default_name(config.name, seat):
            (names[seat],) = free_names(names[:seat] + names[seat + 1 :], 1)
    return tuple(replace(config, name=name) for config, name in zip(seats, names))


def free_names(taken: list[str] | tuple[str, ...], count: int) -> list[str]:
    """``count`` computer names, none alike (``name_key``) to a name already seated."""
    used = {name_key(name.strip()) for name in taken}
    names = []
    for name in COMPUTER_NAMES:
        if len(names) == count:
            break
        if name_key(name) not in used:
            names.append(name)
            used.add(name_key(name))
    number = 1
    while len(names) < count:
        candidate = f"CPU {number}"
        if name_key(candidate) not in used:
            names.append(candidate)
            used.add(name_key(candidate))
        number += 1
    return names


class MatchCoordinator:
    """One match in progress (see the module docstring).

    ``saver`` is the save slot: every move is written there, off the render loop; the
    finished match is recorded in the statistics and stays there until its last sheet is
    shown. ``None`` means the match is not kept (watching computers, the tutorial, a
    practice).
    ``coach``: the rounds are reviewed as they end, for the seats played at this screen.
    """

    practice: Practice | None = None
    """Set on a reviewed position played again (see ``Matches.practice``)."""
    undo_floor = 0
    """How many of the match's first moves no play taken back may undo: a practice's moves
    up to its position."""
    remote = False
    """The match is played here; a server's match is a ``RemoteCoordinator``."""
    settings_rules: Rules | None = None
    """The rules of the settings when the match began (kept with its save, for a resumed
    one): the rematch takes the rules changed there since (``Matches.rematch``)."""
    won_before: tuple[int, ...] = ()
    """The matches each side won in the rematches that led to this one (empty: none),
    kept with its save: its last sheet tells the tally (``matches_won``)."""

    def __init__(
        self,
        setup: MatchSetup,
        match: Match,
        *,
        saver: MatchSaver | None = None,
        undone: bool = False,
        resumed: bool = False,
        coach: Coach | None = None,
        hinted: frozenset[int] = frozenset(),
        shared: bool = False,
        noter: MatchSaver | None = None,
        earlier: MatchReviews | None = None,
        counted: bool = True,
        sheet_read: bool = False,
        seating: Seating = (),
    ) -> None:
        """``earlier``: the reviews of this match as it was left in this game (continued
        now), whose rounds graded or being graded are not graded again; ``counted``: a
        match resumed over is in the statistics (False: they refused it, it is counted
        as its last sheet shows); ``sheet_read``: resumed after the sheet of the round
        last scored was read, before the next round's first card."""
        if match.rules != setup.rules:
            raise ValueError("the match and its setup have different rules")
        self.setup = setup
        self.match = match
        self.saver = saver
        self.noter = noter
        """Where a match not saved here notes the accuracy its review gives: a past match
        graded again, whose accuracy its end left unknown (the game closed first)."""
        self.noted: Callable[[], None] | None = None
        """Told once the accuracy is written in the statistics (a screen listing it reads
        it again)."""
        self.undone = undone
        """A play was taken back in this match (the statistics keep it apart)."""
        self.resumed = resumed
        self.seating = seating
        """Who played the seats as the match went on, when its players changed (Who plays,
        saved with the match): a person is reviewed on the moves they made themselves, not
        on those the computer made for them."""
        self.hinted: set[int] = set(hinted)
        """The moves (by how many moves came before each) played as the hint on show
        said: the review tells how many of a player's moves followed a hint (saved with
        the match)."""
        self.holder: int | None = None
        """The seat of the person in front of the screen, whose hand may be on show (with
        several people at one screen: None until someone takes the screen)."""
        self.recorded = resumed and match.over and counted
        """The match's result was asked to be counted (a match resumed over was counted as
        it was loaded, unless the statistics refused it)."""
        self.shown = False
        """Its last score sheet was shown (``ended_shown``)."""
        self.let_gone = False
        """That sheet was left for the title (``let_go``): the match is no longer saved."""
        self.sheets_read = len(match.rounds) - (1 if sheet_waits(match, sheet_read) else 0)
        """How many of the rounds scored had their sheet read (``sheet_read``): the
        sheet of the last, unread, comes back first when the match is continued."""
        if self.mode == "solo":
            self.holder = self.humans[0]
        self.reviews: MatchReviews | None = None
        """The reviews of the rounds played (None: this match is not reviewed)."""
        if coach is not None and self.humans:
            later = noter is not None  # a past match: after the rounds being played
            self.reviews = MatchReviews(
                coach, self.humans, self._reviewed, later=later, own=self.own_move
            )
            if earlier is not None:
                self.reviews.carry(earlier)
            if match.rounds:
                self.reviews.round_over(match)
        self.reviews_shared = shared
        """With several people here, everyone agreed that all reviews may be shown to all
        (for the rest of the match: saved with it)."""
        self.discarded = False
        """The player gave the match up, or another took its place: it is never saved
        again (a save refused earlier is not tried again as its table closes)."""

    def discard(self, kept: Iterable[ReviewJob] = ()) -> None:
        """Given up, or replaced: never saved again, and its rounds not yet graded are
        not (but those ``kept``, carried to the same match continued)."""
        self.discarded = True
        if self.reviews is not None:
            self.reviews.withdraw(but=kept)  # nobody will open them

    @classmethod
    def fresh(
        cls,
        setup: MatchSetup,
        *,
        saver: MatchSaver | None = None,
        seed: int | None = None,
        coach: Coach | None = None,
    ) -> MatchCoordinator:
        """A new match of ``setup``, shuffled from ``seed`` (a random one if None)."""
        match = Match.new(setup.rules, new_seed() if seed is None else random.Random(seed))
        return cls(setup, match, saver=saver, coach=coach)

    # --- who sits where --------------------------------------------------------------------

    @property
    def rules(self) -> Rules:
        return self.setup.rules

    @property
    def seats(self) -> tuple[SeatConfig, ...]:
        return self.setup.seats

    @property
    def humans(self) -> tuple[int, ...]:
        """The seats played by people at this screen."""
        return tuple(seat for seat in range(len(self.seats)) if self.kind(seat) == "local")

    @property
    def mode(self) -> str:
        """'solo' (one person here), 'hotseat' (several) or 'watch' (computers only)."""
        return self.setup.mode

    def kind(self, seat: int) -> SeatKind:
        return "local" if self.seats[seat].human else "computer"

    def name(self, seat: int) -> str:
        return self.seats[seat].name

    # --- the screen ------------------------------------------------------------------------

    @property
    def visible_seats(self) -> frozenset[int]:
        """The hands that may be drawn face up now."""
        if self.mode == "watch":
            return frozenset(range(len(self.seats)))
        if self.mode == "solo":
            return frozenset(self.humans)
        return frozenset() if self.holder is None else frozenset({self.holder})

    def screen_shared(self) -> None:
        """Everyone looked at one screen (scoring, pause, settings, rules, a resume): with
        several people here, nobody holds the screen until the next one takes it."""
        if self.mode == "hotseat":
            self.holder = None

    def take_screen(self, seat: int) -> None:
        """``seat``'s player is in front of the screen (they lifted the cover)."""
        if self.kind(seat) != "local":
            raise ValueError(f"seat {seat} is not played at this screen")
        self.holder = seat

    def needs_cover(self) -> int | None:
        """The seat to call to the screen before anything else happens, if any: a person
        here must play and someone else (or nobody) holds the screen."""
        if self.mode != "hotseat" or self.match.over:
            return None
        turn = self.match.turn
        if self.kind(turn) == "local" and self.holder != turn:
            return turn
        return None

    # --- the match -------------------------------------------------------------------------

    def apply(self, move: Move) -> list[Event]:
        """Play ``move`` for the seat whose turn it is; save; return what happened."""
        if move not in self.match.legal_moves():
            reason = self.match.round.why_illegal(move) or "not a legal move here"
            raise IllegalMove(f"{move}: {reason}")
        self.match, events = self.match.apply(move)
        self._save()
        if self.reviews is not None and any(isinstance(e, RoundScored) for e in events):
            self.reviews.round_over(self.match)
        return events

    def _reviewed(self, review: Review) -> None:
        """The whole match is graded (the coach's thread): the accuracy of the one person
        who played it here is kept with its result, of the moves they chose themselves (a
        move a hint chose is Master's; a match played on hints alone keeps none). Hot-seat
        matches keep none: the statistics are one player's."""
        saver = self.saver or self.noter
        if saver is None or self.mode != "solo":
            return
        hinted = frozenset(self.hinted)
        accuracy = review.accuracy(self.humans[0], hinted)
        if accuracy is not None:
            decisions = len(review.own_decisions(self.humans[0], hinted))
            saver.note_accuracy(match_key(self.match), accuracy, then=self.noted,
                                decisions=decisions)  # fmt: skip

    def own_move(self, grade: MoveGrade) -> bool:
        """``grade``'s move was chosen by the person playing its seat, not by the computer
        playing it for a while."""
        return not computer_played(self.seating, grade.seat, grade.number)

    def sheet_read(self) -> None:
        """The score sheet of the round last scored was read: the next round is under way
        (saved so, a match continued before its first card goes on at the table)."""
        if self.sheets_read < len(self.match.rounds):
            self.sheets_read = len(self.match.rounds)
            self._save()

    def sheet_unread(self) -> bool:
        """The round last scored has its sheet still to read (a match left on it, or
        before the next round's first card with the sheet not yet closed)."""
        return self.match.over or self.sheets_read < len(self.match.rounds)

    def replace(self, match: Match, *, undone: bool = False) -> None:
        """Show ``match`` in place of the current one (a play taken back)."""
        if match.rules != self.setup.rules:
            raise ValueError("the replacement match has other rules")
        self.match = match
        self.sheets_read = min(self.sheets_read, len(match.rounds))
        if undone:
            self.undone = True
        played = len(match.moves())
        self.hinted = {number for number in self.hinted if number < played}  # taken back
        self.seating = seating_until(self.seating, played)
        self._save()

    def save(self) -> None:
        """Keep the match as it is now (a new match is saved before its first move)."""
        self._save()

    def _save(self) -> None:
        if self.saver is None:
            return
        kept = {
            "undone": self.undone,
            "hinted": frozenset(self.hinted),
            "shared": self.reviews_shared,
            "settings_rules": self.settings_rules,
            "won_before": self.won_before,
            "seating": self.seating,
        }
        if not self.match.over:
            match = self.match  # its next round not begun, the sheet before it read
            read = bool(match.rounds) and not match.round.history() and not self.sheet_unread()
            self.saver.save(self.setup, match.record(), **kept, sheet_read=read)
        elif not self.recorded:
            self.recorded = True
            self.saver.finish(self.setup, self.match, **kept)

    def matches_won(self) -> tuple[int, ...]:
        """The matches each side has won in this row of rematches, this one's result in
        (once it is over): empty while no match of the row has ended."""
        return matches_won(self.won_before, self.match)

    def ended_shown(self) -> None:
        """The match is over and its last score sheet is on screen. It stays saved, as
        ended, until that sheet is left for the title (``let_go``): a game closed on it
        comes back to it, its Rematch and the rematches' tally with it (closed there, the
        row of rematches ended unasked)."""
        if self.saver is not None and self.match.over and not self.shown:
            if not self.recorded:  # continued over, its result refused when it was loaded
                self._save()
            self.shown = True

    def let_go(self) -> None:
        """The last sheet was left for the title: Continue no longer brings the match back
        (once its result is written)."""
        if self.saver is not None and self.shown and not self.let_gone:
            self.let_gone = True
            self.saver.shown()
            self.saver.flush()

    def count_again(self) -> bool:
        """The result of the match over that the statistics refused (a full disk) is asked
        for once more (the player may have made room), and the match let go once it is in
        them if its last sheet was left (``let_go``); True when it is counted now. Only
        while it is the match of the save slot: a match another has replaced would write
        itself over the other."""
        if self.saver is None or self.discarded or not self.uncounted():
            return False
        self.recorded = False
        self._save()
        if self.let_gone:
            self.saver.shown()
        self.saver.flush()
        return not self.uncounted()

    def uncounted(self) -> bool:
        """The match is over and the statistics refused its result (once it was asked)."""
        return self.saver is not None and self.match.over and self.saver.finish_failed()

    def problems(self) -> list[tuple[str, str]]:
        """Saves that failed since the last call: ``(message key, reason)``."""
        return [] if self.saver is None else self.saver.problems()

    def flush(self) -> None:
        """Wait for the saves asked so far (before the files are touched otherwise)."""
        if self.saver is not None:
            self.saver.flush()

    def kept(self) -> bool:
        """Saved once more now, whether the match is kept as it is (True when nothing is
        saved for it: watched, practice, given up)."""
        if self.saver is None or self.discarded:
            return True
        self._save()
        return self.saver.kept()

    def close(self) -> None:
        if self.saver is not None:
            if not self.discarded and not self.saver.kept():  # refused until now: once
                self._save()  # more as the table closes (never over the next match's save)
            self.saver.close()


class Practice:
    """A reviewed position played again: the grade of the move made there, the match it
    came from, and what the scenes showed when it was opened."""

    def __init__(self, grade: MoveGrade, source: MatchCoordinator, start: int) -> None:
        self.grade = grade
        self.source = source
        self.start = start
        """Moves the practice match holds at the position (its first move is the try)."""
        self.table: Scene | None = None
        self.previous: Any = None
        self.verdicts: list[Any] = []
        """The words of each verdict told on a try: taken down once the try is taken back
        (``withdraw``)."""

    def withdraw(self, toasts: Any) -> None:
        """The try was taken back: its verdict ("... press U to try again") goes from the
        screen (it stayed over the hand for seconds after U)."""
        verdicts, self.verdicts = self.verdicts, []
        toasts.forget(lambda toast: any(toast.words is words for words in verdicts))


class PracticeCoordinator(MatchCoordinator):
    """A practice match: never saved nor reviewed; the play made at the position is
    compared with Master's at once."""

    def __init__(self, setup: MatchSetup, match: Match, practice: Practice, tell: Any) -> None:
        super().__init__(setup, match)
        self.practice = practice
        self.undo_floor = practice.start  # the position is practised, not what led to it
        self._tell = tell

    def apply(self, move: Move) -> list[Event]:
        practice = cast("Practice", self.practice)
        at_position = len(self.match.moves()) == practice.start
        trying = self.match.turn == practice.grade.seat
        events = super().apply(move)
        if at_position:
            self._tell(move)
        elif trying:  # played on: the try's verdict would read as one on this card
            self._tell(None)
        return events


PAST_REVIEWS_KEPT = 4
"""Reviews of past matches kept while the game runs (opened again at once)."""


SAID_SECONDS = 4.0
"""How long a quick message said while the table is covered is told."""


def said_words(seats: Seats, seat: int, phrase: str, t: Callable[..., str]) -> str:
    """A quick message as a screen over the table tells it: "Bruno: Good game!", the seat
    named as the table names it ("Player 1" for a name the game gave, in the window's
    language; "You" for this screen's own)."""
    name = Seats(seats.setup, t, seats.here).seat_name(seat)
    return t("chat.from", name=name, words=t(f"chat.{phrase}"))


class Matches:
    """Starts, resumes and ends matches for every screen (see the module docstring)."""

    coach_mode = "process"
    """How the coach grades off the render loop ('process'; tests may ask for 'thread')."""
    ai_mode = "process"
    """How the tables' computer players think off the render loop ('process'; tests may ask
    for 'thread': each table starts a worker process of its own)."""
    grades_kept = True
    """Whether the kept matches whose accuracy the statistics lack are graded again unasked
    (``grade_kept``; the tests of other things turn it off: a whole match's grading would
    run beside them)."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.current: Any = None
        """The match in progress: a ``MatchCoordinator``, or a ``RemoteCoordinator``."""
        self._began_told: tuple[str, int] | None = None
        """The table and round last told begun without this player (``follow``)."""
        self.sessions: list[Any] = []
        """Online sessions whose server runs in this game (stopped when the game ends)."""
        self._coach: Coach | None = None
        self._practices: list[Practice] = []
        self._grading: list[MatchCoordinator] = []
        """Matches played out here whose review went on after the next match opened (a
        rematch at once): their accuracy is still waited for as the game ends."""
        self._past: dict[str, MatchCoordinator] = {}
        """Past matches whose review was opened, by their key: graded once while the game
        runs (the newest ``PAST_REVIEWS_KEPT``)."""
        self.new_game_draft: tuple[Any, dict[str, Any]] | None = None
        """New game's choices left with Back, and the settings they were made over: brought
        back the next time it opens, until a match is started from it."""
        self.past_notes_made = 0
        """How many accuracies past matches graded again have written (counted on the
        saving thread): the past matches' list reads them again when it grows."""
        self._past_notes: MatchSaver | None = None
        """Where the past matches graded again note their accuracy (``MatchCoordinator.noter``)."""
        self._regrading: dict[str, MatchCoordinator] = {}
        """Past matches graded again unasked for the accuracy the statistics lack
        (``grade_kept``), by their key: each asked once while the game runs."""

    @property
    def coach(self) -> Coach:
        """The worker that reviews the rounds (started with the first review)."""
        if self._coach is None:
            self._coach = Coach(self.coach_mode)
        return self._coach

    # --- what is saved ---------------------------------------------------------------------

    def left_sheet(self) -> None:
        """The player goes to the title: a match over whose last sheet was shown is let
        go (``let_go``)."""
        current = self.current
        if isinstance(current, MatchCoordinator) and current.shown:
            current.let_go()

    def saved(self) -> SavedMatch | None:
        """The unfinished match kept on disk, if any (damaged files are set aside)."""
        if self.current is not None and getattr(self.current, "saver", None) is not None:
            self.current.flush()
            if isinstance(self.current, MatchCoordinator) and self.current.count_again():
                self.app.notify(worded("match_counted_now"), 6.0)  # its refusal's notice went
        self.app.store.note_due()  # a review's accuracy a full disk refused (its notice goes)
        found = self.app.store.load_match()
        self.app.show_store_messages()
        return self._further_here(found)

    def _further_here(self, found: SavedMatch | None) -> SavedMatch | None:
        """``found``, unless this game played its match on past it (its saves failed: a
        folder that cannot be written): then the match as it is here, or none once it was
        played out here (Continue brought back a match already over)."""
        current = self.current
        if found is None or not isinstance(current, MatchCoordinator) or current.saver is None:
            return found
        _, record = found
        mine = current.match.record()
        if not mine.continues(record) or len(mine.moves) <= len(record.moves):
            return found
        if current.match.over and not current.uncounted():
            return None
        hinted = frozenset(current.hinted)
        return SavedMatch(
            current.setup,
            mine,
            current.undone,
            hinted,
            current.reviews_shared,
            current.settings_rules,
            current.match,
            counted=not current.match.over,
            won_before=current.won_before,
            seating=current.seating,
        )

    # --- the matches a player can start ----------------------------------------------------

    def quick_setup(self, level: str | None = None) -> MatchSetup:
        """The Play button's match: the player against computers with the rules chosen in
        the settings. The seats (names, levels) are those of the last match set up when it
        had as many seats and one person; else computers at the level of the settings (or
        ``level``)."""
        settings = self.app.settings
        rules = settings.rules
        last = settings.last_setup
        reuse = last is not None and last.rules.players == rules.players and last.mode == "solo"
        if level is None and last is not None and reuse:
            return MatchSetup(named_computers(last.seats), rules)
        level = level or settings.opponent_level or "expert"
        you = self.app.t("you")
        names = free_names([you], rules.players - 1)
        others = tuple(SeatConfig(name, False, level) for name in names)
        return MatchSetup((SeatConfig(you, True, level), *others), rules)

    def watch_setup(self) -> MatchSetup:
        """Computers only, with the player's rules, to learn by watching; none named as
        the people who play here are (a computer called Marco, Marco watching)."""
        settings = self.app.settings
        rules = settings.rules
        last = settings.last_setup
        people = [seat.name for seat in last.seats if seat.human] if last is not None else []
        names = free_names([*people, settings.online_name], rules.players)
        return MatchSetup(tuple(SeatConfig(name, False, "master") for name in names), rules)

    def play(self) -> None:
        """The title's Play: at once against computers, the level asked the first time."""
        if self.needs_level():
            self.app.open("level", on_choice=self._play_at)
            return
        self.start(self.quick_setup())

    def needs_level(self) -> bool:
        """Play must first ask how strong the computers should be (nobody has said yet)."""
        settings = self.app.settings
        return not settings.opponent_level and settings.last_setup is None

    def _play_at(self, level: str) -> None:
        self.app.settings = self.app.settings.with_(opponent_level=level)
        self.app.save_settings()
        self.start(self.quick_setup(level))

    def start(
        self,
        setup: MatchSetup,
        match: Match | None = None,
        *,
        chosen: Callable[[], None] | None = None,
        won_before: tuple[int, ...] = (),
    ) -> None:
        """Open a new match of ``setup`` (``match``: an exact start, e.g. a replayed deal),
        after asking before a saved match is replaced. ``chosen`` runs first once the match
        really starts (New game keeps its choices then, not when the player says no);
        ``won_before``: the tally of the rematches before it."""
        if setup.mode == "watch":  # nothing saved: no saved match to ask about
            if chosen is not None:
                chosen()
            watched = self._coordinator(setup, match, saver=None)
            watched.won_before = won_before
            self._open(watched)
            return

        def go() -> None:
            if chosen is not None:
                chosen()
            coordinator = self._coordinator(setup, match, saver=MatchSaver(self.app.store))
            coordinator.won_before = won_before
            coordinator.save()
            self._open(coordinator)

        self.confirm_replacing_saved(go, setup)

    def _coordinator(
        self, setup: MatchSetup, match: Match | None, *, saver: MatchSaver | None
    ) -> MatchCoordinator:
        coach = self.coach if setup.humans else None
        if match is None:
            coordinator = MatchCoordinator.fresh(setup, saver=saver, coach=coach)
        else:
            coordinator = MatchCoordinator(setup, match, saver=saver, coach=coach)
        coordinator.settings_rules = self.app.settings.rules  # saved with it from the start
        return coordinator

    def confirm_replacing_saved(self, go: Callable[[], None], new: MatchSetup) -> None:
        """Run ``go`` at once when no match is saved (or only one over, already counted),
        else only if the player agrees, told which match is saved and which one, ``new``,
        would take its place (the rules changed since, say)."""
        saved = self.saved()
        if saved is None or (saved.ended and saved.counted):
            go()
            return
        line = saved_line(
            self.app,
            saved.setup,
            saved.match,
            won_before=saved.won_before,
            on_sheet=saved.on_sheet,
        )
        detail = "replace_saved_detail" if saved.counted else "replace_uncounted_detail"
        self.app.open(
            "confirm",
            question=lambda: self.app.t("replace_saved_question"),
            detail=lambda: self.app.t(detail, saved=line(), new=describe(self.app, new)),
            yes=lambda: self.app.t("replace_saved_yes"),
            no=lambda: self.app.t("replace_saved_no"),
            on_yes=go,
            # "Keep the saved one" left the player on the menu to look for Continue
            other=lambda: self.app.t("replace_saved_resume"),
            on_other=self.resume,
            other_first=True,
        )

    def resume(self) -> bool:
        """Continue the saved match where it was; False if there is none (any more)."""
        saved = self.saved()
        if saved is None:
            return False
        setup, record = saved
        left = self.current  # the same match, left to the title earlier: its rounds graded
        earlier = None
        if (
            isinstance(left, MatchCoordinator)
            and left.reviews is not None
            and record.continues(left.match.record())
        ):
            earlier = left.reviews
        coordinator = MatchCoordinator(
            setup,
            saved.match,
            saver=MatchSaver(self.app.store),
            undone=saved.undone,
            hinted=saved.hinted,
            shared=saved.shared,
            resumed=True,
            coach=self.coach if setup.humans else None,
            earlier=earlier,
            counted=saved.counted,
            sheet_read=saved.sheet_read,
            seating=saved.seating,
        )
        coordinator.settings_rules = saved.settings_rules  # None: the settings as they are
        coordinator.won_before = saved.won_before
        self._open(coordinator)
        return True

    def reseat(self, seats: tuple[SeatConfig, ...]) -> None:
        """The people at one screen changed who plays the seats of the match under way
        (one handed to the computer at a level, or taken back): the match goes on as it
        is, saved with its new seats, its table laid again as Continue lays it (whoever
        plays next called to the screen)."""
        current = self.current
        if not isinstance(current, MatchCoordinator) or current.match.over:
            return
        before = current.humans
        setup = MatchSetup(seats, current.setup.rules)
        if setup.mode != current.mode:  # several people stay several (a match of its kind)
            return
        coordinator = MatchCoordinator(
            setup,
            current.match,
            saver=current.saver,
            undone=current.undone,
            hinted=frozenset(current.hinted),
            shared=current.reviews_shared,
            resumed=True,
            coach=self.coach if setup.humans else None,
            earlier=current.reviews,
            sheet_read=not current.sheet_unread(),
            seating=reseated(current.seating, before, setup.humans, len(current.match.moves())),
        )
        coordinator.settings_rules = current.settings_rules
        coordinator.won_before = current.won_before
        current.saver = None  # the same saver goes on with the match: not closed with it
        coordinator.save()  # (with its new seats, before the table is laid again)
        self._open(coordinator)
        gone = [seat for seat in before if seat not in setup.humans]
        back = [seat for seat in setup.humans if seat not in before]
        self.app.toasts.forget(_told_seats)  # (the change before it, still up, said otherwise)
        for key, changed in (("seats.now_computer", gone), ("seats.now_person", back)):
            if changed:
                self.app.notify(partial(_seats_named, key, setup, changed), 6.0, bound=True)

    def watch(self) -> None:
        """Computers play each other; nothing is saved, so Continue still offers the
        player's own match."""
        self.start(self.watch_setup())

    def rematch(self, coordinator: MatchCoordinator) -> None:
        """The same seats again, from a new shuffle, with ``rematch_rules``; the tally of
        matches won goes on (of the same sides)."""
        setup = coordinator.setup
        rules = self.rematch_rules(coordinator)
        won = coordinator.matches_won()
        self.start(
            MatchSetup(setup.seats, rules), won_before=won if len(won) == rules.sides else ()
        )

    def seats_changed(self, coordinator: MatchCoordinator) -> bool:
        """Who sits at the table (players, teams) changed in the settings since the match
        of ``coordinator`` began: its rematch keeps its own seats (``rematch_rules``)."""
        before, now = coordinator.settings_rules, self.app.settings.rules
        return before is not None and any(
            getattr(before, name) != getattr(now, name) for name in SEATING
        )

    def rematch_rules(self, coordinator: MatchCoordinator) -> Rules:
        """The rules a rematch of ``coordinator``'s match plays: those of the match, with
        every rule changed in the settings since it began (they say changes apply from the
        next new match), where its table can take them; the same people sit down again,
        the same partners together."""
        played = coordinator.setup.rules
        before, now = coordinator.settings_rules, self.app.settings.rules
        if before is None or before == now:
            return played
        was = before.to_dict()
        changed = {
            name: value
            for name, value in now.to_dict().items()
            if was[name] != value and name not in SEATING
        }
        try:
            return played.with_(**changed)
        except RulesError:
            pass
        # Some change does not fit this table (a deal for another number of players, say):
        # the others still apply, each on its own.
        rules = played
        for name, value in changed.items():
            try:
                rules = rules.with_(**{name: value})
            except RulesError:
                continue
        if "cirulla" in changed and rules.cirulla != now.cirulla:
            # the game switched to is not played at this table: what came with it (the
            # preset's own values: Cirulla's 51 points and cappotto, no scopa d'assi)
            # stays behind with it; what was chosen apart (a napola, 21 points) applies
            game = PRESETS["cirulla"] if now.cirulla else Rules()
            came = {
                name: getattr(played, name)
                for name, value in changed.items()
                if getattr(game, name) == value
            }
            try:
                rules = rules.with_(**came)
            except RulesError:
                return played
        return rules

    def replay_deal(self, coordinator: MatchCoordinator, round_no: int) -> None:
        """A new match whose first round deals round ``round_no`` again (the same cards to
        the same seats). The scoring screen has already asked before leaving a match in
        progress, so that match's save is replaced without asking twice."""
        replay = replay_match(coordinator.match, round_no, new_seed())  # its next rounds unknown
        if coordinator.setup.mode == "watch":
            self._open(MatchCoordinator(coordinator.setup, replay))
            return
        coordinator.flush()  # its last saves (an ended match's finish, its clearing) first
        fresh = self._coordinator(coordinator.setup, replay, saver=MatchSaver(self.app.store))
        fresh.save()
        self._open(fresh)

    # --- playing a reviewed position again ---------------------------------------------------

    @property
    def practising(self) -> bool:
        """The match on the table is a reviewed position played again."""
        return getattr(self.current, "practice", None) is not None

    def practice(self, coordinator: MatchCoordinator, grade: MoveGrade) -> None:
        """Play the position of ``grade`` again, alone against computers (the other people
        here are played by Master), from what its seat saw then: over the screens it is
        opened from, never saved, and the play made there compared with Master's."""
        match = position_match(coordinator.match.record(), grade.number)
        seats = tuple(
            SeatConfig(config.name, seat == grade.seat, "master" if config.human else config.level)
            for seat, config in enumerate(coordinator.setup.seats)
        )
        setup = MatchSetup(seats, coordinator.setup.rules)
        practice = Practice(grade, coordinator, len(match.moves()))
        practice.previous = self.current
        deck = self.app.settings.deck_for(setup.rules)
        intro = worded("review.practice_intro")

        def tell(move: Move | None) -> None:
            """The verdict on the play tried (``move``), or (None) played on from it: its
            verdict gone."""
            if move is None:
                practice.withdraw(self.app.toasts)
                return

            def words(t: Any) -> str:
                return practice_verdict(t, grade, move, deck)

            practice.verdicts.append(words)
            # its first words have done their work: the verdict takes their place (both
            # stood under the table, where the room holds one)
            self.app.toasts.forget(lambda toast: toast.words is intro)
            self.app.notify(words, VERDICT_SECONDS)

        practising = PracticeCoordinator(setup, match, practice, tell)
        self.current = practising
        self._practices.append(practice)
        practice.table = self.app.open("table", coordinator=practising)
        self.app.notify(intro, 7.0)

    def review_past(self, past: PastMatch) -> None:
        """Open Master's review of a match finished earlier (``PastMatch``): graded again
        off the render loop, as it was when it ended, its progress on show. A match the
        first table decided (the Luzzati rules) had no play to grade: said, not opened (its
        review waited at 0 % for good)."""
        if not past.match.rounds:
            self.app.notify(worded("past.nothing_played"), 6.0)
            return
        played = self._played_here(past.key)
        if played is not None:  # the match just played out here: graded already, or being
            played.reviews_shared = False  # (asked again, as below)
            rounds = len(past.match.rounds)
            self.app.open("review", coordinator=played, round_no=rounds, scope="match", past=True)
            return
        coordinator = self._past.pop(past.key, None) or self._regrading.pop(past.key, None)
        if (
            coordinator is not None
            and coordinator.reviews is not None
            and coordinator.reviews.failed
        ):
            coordinator.reviews.withdraw()  # nobody will see its rounds still waiting
            coordinator = None
        if coordinator is None:
            coordinator = self._graded_again(past)
        # Whoever opens it now is asked again: an agreement to show every review was the
        # people's of that moment (kept by the list while the game ran, it showed them all
        # to whoever came to the screen next, and was forgotten once it closed).
        coordinator.reviews_shared = False
        self._past[past.key] = coordinator  # the newest last
        while len(self._past) > PAST_REVIEWS_KEPT:
            dropped = self._past.pop(next(iter(self._past)))
            if dropped.reviews is not None:
                dropped.reviews.withdraw()
        rounds = len(past.match.rounds)
        self.app.open("review", coordinator=coordinator, round_no=rounds, scope="match", past=True)
        if coordinator.reviews is not None:  # the review on screen before those left
            self.coach.prefer(coordinator.reviews.jobs.values())

    def grade_kept(self, stats: Stats | None = None) -> int:
        """Grade again the matches kept in Past matches, played alone here, whose accuracy
        the statistics lack (made again from those matches when their file was lost, or
        the game closed while Master still graded one): off the render loop, after any
        round being played, each accuracy joining its result as it comes (the screens
        that show it read it again). Each is asked once while the game runs; returns how
        many were asked now. ``stats``: the statistics as just read (else read here)."""
        if not self.grades_kept:
            return 0
        stats = self.app.store.load_stats() if stats is None else stats
        lacking = {r.match_id for r in stats.recent if r.mode == "solo" and r.accuracy is None}
        if not lacking:  # (the kept matches are not read for nothing)
            return 0
        asked = 0
        for past in reversed(self.app.store.load_past()):  # the newest first
            key = past.key
            if (
                key not in lacking
                or not past.alone
                or not past.match.rounds
                or key in self._regrading
                or key in self._past
                or self._played_here(key) is not None
            ):
                continue
            self._regrading[key] = self._graded_again(past)
            asked += 1
        return asked

    def forget_kept(self) -> None:
        """The statistics and the matches kept were reset: none is graded again for them."""
        for coordinator in self._regrading.values():
            coordinator.discard()
        self._regrading.clear()

    def _graded_again(self, past: PastMatch) -> MatchCoordinator:
        """A past match to be graded again, its accuracy noted in the statistics as it comes
        (after the rounds being played)."""
        if self._past_notes is None:
            self._past_notes = MatchSaver(self.app.store)
        coordinator = MatchCoordinator(
            past.setup,
            past.match,
            resumed=True,
            coach=self.coach,
            hinted=past.hinted,
            noter=self._past_notes,
            seating=past.seating,
        )
        coordinator.noted = self._past_noted
        return coordinator

    def _past_noted(self) -> None:
        self.past_notes_made += 1

    def end_practice(self) -> None:
        """Leave the practice: the screens it was opened from come back."""
        if not self._practices:
            return
        practice = self._practices.pop()
        stack = self.app.stack
        while len(stack) and practice.table in list(stack):
            self.app.back()
        self.app.toasts.forget(lambda toast: toast.owner is practice.table)  # its verdict
        self.current = practice.previous

    def practice_again(self) -> None:
        """The same position once more, from the start."""
        if not self._practices:
            return
        practice = self._practices[-1]
        self.end_practice()
        self.practice(practice.source, practice.grade)

    def tutorial(self, *, keys: bool = False) -> None:
        """Open the lessons; ``keys``: from the keys (they show the keys' way at once).
        With Cirulla the game chosen, Cirulla's: a player come for it found them only on
        the rules' Cirulla pages."""
        if self.app.settings.rules.cirulla:
            self.app.open("cirulla_lesson")
            return
        self.app.open("tutorial", keys=keys)

    # --- leaving ---------------------------------------------------------------------------

    def leave(self) -> None:
        """Back to the title; the match stays saved for Continue. A seat at a table held by
        a server is left only once the player agrees (it can be taken back later), and so
        is a match the disk would not save (the plays since its last save are lost)."""
        current = self.current
        if self.practising:
            self.end_practice()
            return
        if current is not None and current.remote and (current.match.over or current.ended):
            self.leave_finished(current)  # nothing is left there (but a rematch)
        elif current is not None and current.remote and current.taken_elsewhere:
            self.app.home()  # played from another window now: nothing here to keep or hand over
        elif current is not None and current.remote and current.lost:
            # given up: the server can no longer be asked to let the computer play
            suffix = self.seats_here_suffix()
            self._home_if_agreed(
                "online.leave_question", "online.leave_detail" + suffix, "online.leave",
                "online.stay",
            )  # fmt: skip
        elif current is not None and current.remote:
            suffix = self.seats_here_suffix()
            details = ("online.leave_detail" + suffix, "online.leave_computer" + suffix)
            computer = ("online.hand_over_short", self._leave_to_the_computer)
            self._home_if_agreed(
                "online.leave_question", details, "online.leave", "online.stay", other=computer
            )
        elif current is not None and self.app.store.locked_out:  # it was never saved
            self._home_if_agreed(
                "other_copy_leave_question", "other_copy_leave_detail", "leave_anyway",
                "keep_playing",
            )  # fmt: skip
        elif current is not None and not current.kept():
            self._home_if_agreed(
                "leave_unsaved_question", "leave_unsaved_detail", "leave_anyway", "keep_playing"
            )
        else:
            self.app.home()

    def lost_on_quit(self) -> tuple[str, str] | None:
        """The question and its detail (keys of the texts) to ask before the game ends
        while the match at the table would lose plays with it: the disk would not save it
        (its last play too, on its last sheet), or another copy of the game keeps the
        saves; None when nothing would be lost. At a practice, of the match it was opened
        over (still under it)."""
        current = self.current
        practice = getattr(current, "practice", None)
        if practice is not None:
            current = practice.source
        if current is None or current.remote:
            return None
        if getattr(current, "saver", None) is None:  # watched: nothing is kept of it
            return None
        if not self._on_screen(current):
            # Left already, once the player agreed to lose it; but a match over whose last
            # sheet was left for the title is held here still (Continue shows how it ended),
            # its save behind it: the result would go with the game.
            if current.match.over and not self.app.store.locked_out:
                current.count_again()  # (room made since: written now)
                if not current.kept():
                    return "leave_unsaved_question", "quit_unsaved_result_detail"
            return None
        if self.app.store.locked_out:  # nothing is kept: a match over has nothing to lose
            return (
                None
                if current.match.over
                else ("other_copy_leave_question", "other_copy_quit_detail")
            )
        if not current.kept():
            return "leave_unsaved_question", "quit_unsaved_detail"
        return None

    def seat_left_on_quit(self) -> bool:
        """Whether the game ending would leave a seat at a friend's match under way: the
        friends wait for this player, and the table's line says so; a window closed by
        mistake cost them that wait with no question asked (the host was asked)."""
        current = self.current
        return (
            current is not None
            and current.remote
            and not current.match.over
            # a match its host ended, a seat played from another window or lost for good,
            # or played by the computer already: nobody waits for this player
            and not (current.host_ended or current.taken_elsewhere or current.lost)
            and not current.stood_in_for_me()
            and self._on_screen(current)
        )

    def _on_screen(self, coordinator: Any) -> bool:
        """Whether a screen of the stack shows ``coordinator``'s match (not left already)."""
        return any(getattr(scene, "coordinator", None) is coordinator for scene in self.app.stack)

    def leave_finished(self, coordinator: Any) -> None:
        """Leave the final sheet of a match at a server: its seat, kept for a rematch while
        the player was at the sheet, is forgotten with its address, and the friends are told
        not to wait for a rematch with this player."""
        coordinator.decline_rematch()
        self.forget_table(coordinator.ticket.code, coordinator.address)
        self.app.home()

    def seats_here_suffix(self) -> str:
        """ "_many" when the match at a server is played by several people at this screen
        (their seats are spoken of, not "your seat"), else ""."""
        return "_many" if len(getattr(self.current, "parts", ())) > 1 else ""

    def _home_if_agreed(
        self,
        question: str,
        detail: str | tuple[str, ...],
        yes: str,
        no: str,
        *,
        other: tuple[str, Callable[[], None]] | None = None,
    ) -> None:
        """Ask (each a key of the texts; the detail may be sentences of several), and go
        back to the title on yes; ``other``, a third answer (its text's key, what it
        does)."""
        t = self.app.t
        third: dict[str, Any] = {}
        if other is not None:
            third = {"other": lambda: t(other[0]), "on_other": other[1]}
        sentences = (detail,) if isinstance(detail, str) else detail
        self.app.open(
            "confirm",
            question=lambda: t(question),
            detail=lambda: " ".join(t(key) for key in sentences),
            yes=lambda: t(yes),
            no=lambda: t(no),
            on_yes=self.app.home,
            **third,
        )

    def _leave_to_the_computer(self) -> None:
        """Leave a table held by a server, the computer playing this screen's seats at once
        until their players take them back: friends went on waiting for a player gone for
        good, until the seat could be handed over a minute later."""
        current = self.current
        parts = getattr(current, "parts", None)
        for part in parts.values() if parts else [current]:
            if not part.stood_in_for_me():
                part.hand_over([part.seat])
        self.app.home()

    # --- over the network ------------------------------------------------------------------

    def online(self) -> None:
        self.app.open("online")

    def open_remote(self, coordinator: Any, session: Any) -> None:
        """The table of a match held by a server (the lobby's session hosts or joined it);
        its rounds are reviewed from what this seat saw as it played."""
        if coordinator.reviews is None:
            coordinator.reviews = MatchReviews(
                self.coach,
                coordinator.humans,
                lambda review: self._online_reviewed(coordinator, review),
            )
        code = coordinator.ticket.code
        seats = self.app.store.load_seats()
        coordinator.hosted = coordinator.hosted or any(h.hosted for h in seats if h.code == code)
        for held in seats:
            if held.code == code and not held.begun:  # no longer a table waiting for players
                self.app.store.hold_seat(dataclasses.replace(held, begun=True))
        self.current = coordinator
        if session is not None:  # (a rematch's is the match before's)
            self.sessions.append(session)
        self.app.home()
        self.app.open("table", coordinator=coordinator)

    def rematch_remote(self, coordinator: Any) -> bool:
        """Go on to the rematch of the match at a server once its table is open and this
        seat sat there (``RemoteCoordinator.successor``); False until then. The rematch
        plays on the same link, its seat held and its address offered as the last one's
        were."""
        if isinstance(coordinator, SharedScreen):
            everyone = coordinator.successors()
            if everyone is None:
                return False
            parts = coordinator.parts
            found = [(parts[seat], everyone[seat]) for seat in sorted(everyone)]
        else:
            one = coordinator.successor()
            if one is None:
                return False
            found = [(coordinator, one)]
        self.app.store.drop_seat(coordinator.ticket.code)  # kept for the rematch, now begun
        tally = coordinator.tally()  # the matches won so far, by the names of each side
        successors = []
        for part, (ticket, table, first, following) in found:
            held = HeldSeat(
                ticket.server, ticket.code, ticket.seat, ticket.token, coordinator.hosted
            )
            self.app.store.hold_seat(held)
            address = with_code(part.address, ticket.code)
            reached = with_code(part.reached, ticket.code)
            successors.append(
                RemoteCoordinator(
                    part.link,
                    ticket,
                    table,
                    first,
                    address=address,
                    reached=reached,
                    following=following,
                    on_over=partial(self.table_over, ticket.code, address),
                )
            )
            successors[-1].won_by_side = tally
        reached = successors[0].reached
        if len(reached) <= MAX_ADDRESS and reached.isprintable():
            self.app.settings = self.app.settings.with_(online_address=reached)
            self.app.save_settings()
        successor = successors[0] if len(successors) == 1 else SharedScreen(successors)
        successor.hosted = coordinator.hosted
        self.open_remote(successor, None)
        return True

    def follow(self) -> None:
        """Each frame: what the server of the match online says while a screen covers its
        table (the sheet, the review): a round begun without this player is told once."""
        current = self.current
        if not getattr(current, "remote", False):
            return
        if isinstance(current, SharedScreen):
            current.listen()  # the seats not on show hear the server too, the sheet up
        parts = current.parts.values() if isinstance(current, SharedScreen) else [current]
        for part in parts:
            self._follow_the_table(part, hosted=current.hosted)
        self._tell_said(current)
        if not current.round_began_without_me():
            return
        told = (current.ticket.code, len(current.rounds))
        if told != self._began_told:
            self._began_told = told
            self.app.toasts.resolve(ROUND_BEGAN)  # told again for each round (``told``)
            self.app.notify(worded(ROUND_BEGAN), 10.0, everywhere=True, key=ROUND_BEGAN)

    def _tell_said(self, current: RemoteCoordinator | SharedScreen) -> None:
        """The quick messages said at the table while a screen covers it (the sheet, the
        menu): each told as "Bruno: Good game!" (on top, the table shows them in bubbles
        by the plates: they are its to take, even one heard after it looked)."""
        if current.bubbles_shown:
            return
        said = current.take_said()
        if not said or not self.app.settings.quick_messages:
            return
        seats = Seats(current.setup, self.app.t, current.humans)
        for item in said:
            if item.seat < len(current.seats):
                words = partial(said_words, seats, item.seat, item.phrase)
                # (told over the screen on top; the table, back, shows the next in bubbles)
                self.app.notify(words, SAID_SECONDS, key=f"{SAID_KEY}.{item.number}")

    def _follow_the_table(self, current: RemoteCoordinator, *, hosted: bool) -> None:
        """The link, unable to get back to the table's server, found the table at another
        by its code on the network (the host's game moved it): the seat is held there, and
        that address offered under Play online, and the player told."""
        ticket = current.link.client.ticket
        if ticket is None or ticket.code != current.ticket.code:
            return
        asked = current.ticket.server
        if ticket.server == asked:
            return
        current.ticket = ticket
        held = HeldSeat(ticket.server, ticket.code, ticket.seat, ticket.token, hosted)
        self.app.store.hold_seat(held)
        current.reached = f"{ticket.server}/{grouped(ticket.code)}"
        if len(current.reached) <= MAX_ADDRESS and current.reached.isprintable():
            self.app.settings = self.app.settings.with_(online_address=current.reached)
            self.app.save_settings()
        found = worded("online.found_elsewhere", asked=asked, found=ticket.server)
        self.app.notify(found, 12.0, everywhere=True)

    def table_over(self, code: str, address: str, ended: bool) -> None:
        """The match at the table ``code`` is over (``ended``: its host ended it for good).
        Its seats are forgotten, but at a friend's table whose match was played out: kept
        while its final sheet may lead to a rematch (a window closed on the sheet comes
        back to it), and forgotten once the player leaves the sheet."""
        held = [seat for seat in self.app.store.load_seats() if seat.code == code]
        current = self.current
        if not ended and getattr(current, "remote", False) and current.match.over:
            self.count_online(current)
        if ended or any(seat.hosted for seat in held):
            self.forget_table(code, address)

    def count_online(self, coordinator: Any) -> None:
        """The match at a server played to its end, counted in the statistics once, for
        the seats played at this screen (the table's code and the match's length and score
        tell it from a rematch at the same table)."""
        match = coordinator.match
        key = online_key(coordinator)
        self.app.store.record_online(
            coordinator.setup, match, tuple(coordinator.humans), key,
            hinted=bool(coordinator.hinted),
        )  # fmt: skip

    def _online_reviewed(self, coordinator: Any, review: Review) -> None:
        """A match at a server played to its end is graded (the coach's thread): the
        accuracy of the one person who played it here is kept with its result, as a solo
        match's is, when every round of it was graded here (a window that came to the
        match later saw only its last rounds). Its result is counted first, if it was not
        yet: the accuracy goes with it."""
        if len(coordinator.humans) != 1:
            return  # people sharing a screen: the statistics are one player's
        rounds = range(1, len(coordinator.match.rounds) + 1)
        if any(round_no not in review.rounds for round_no in rounds):
            return
        hinted = frozenset(coordinator.hinted)
        accuracy = review.accuracy(coordinator.humans[0], hinted)
        if accuracy is None:
            return
        self.count_online(coordinator)
        decisions = len(review.own_decisions(coordinator.humans[0], hinted))
        self.app.store.note_accuracy(online_key(coordinator), accuracy, decisions)

    def forget_table(self, code: str, address: str) -> None:
        """The match at the table ``code`` is over: its seat is forgotten, and its address
        is no longer offered under Play online (joining it would only say the match is
        over)."""
        self.app.store.drop_seat(code)
        self.forget_address(address)

    def forget_address(self, address: str) -> None:
        """Play online no longer offers ``address`` (the table kept under it, written as it
        was then, or as the player typed it)."""
        kept = self.app.settings.online_address
        code = table_code(address)
        if kept and (kept == address or (code is not None and table_code(kept) == code)):
            self.app.settings = self.app.settings.with_(online_address="")
            self.app.save_settings()

    def hosts_a_sheet(self) -> bool:
        """The game hosts no match to come back to, only the final sheet of the one at this
        screen: quitting loses its rematch alone (the friends are told there is none), not
        a match the friends wait to go on with."""
        current = self.current
        if not (getattr(current, "remote", False) and current.hosted and current.match.over):
            return False
        code = current.ticket.code
        return not any(seat.hosted and seat.code != code for seat in self.app.store.load_seats())

    def hosted_server(self) -> Any:
        """The server this game runs for the tables it hosts (a ``LocalServer``), if one
        still runs: a table hosted here is served again by it, never by a second one."""
        for session in reversed(self.sessions):
            if session.server is not None:
                return session.server
        return None

    def close(self) -> None:
        """The game ends: servers started here stop, and so does the coach (once the
        reviews asked for are done)."""
        for session in self.sessions:
            session.stop_server()
        self.sessions.clear()
        self._keep_last_accuracy()
        if self._coach is not None:
            self._coach.close()
            self._coach = None

    def _keep_last_accuracy(self) -> None:
        """Matches played alone here that have ended while Master still grades them (the
        current one, and any left for a rematch): their accuracy joins their result in the
        statistics before the game ends (``QUIT_WAIT`` seconds at most in all; a review that
        fails or takes longer is left)."""
        deadline = time.monotonic() + QUIT_WAIT
        for finished in [*self._grading, self._finished(self.current)]:
            if finished is None:
                continue
            if finished.reviews.wait(max(0.0, deadline - time.monotonic())):
                finished.saver.close()  # the accuracy noted is written
        self._grading.clear()
        if self._past_notes is not None:  # those noted by past matches graded again
            self._past_notes.close()

    def _played_here(self, key: str) -> MatchCoordinator | None:
        """The match of ``key`` as it was played out here while the game runs (the last one,
        or one whose review went on after the next opened), its review not failed: opened
        from the past matches, it was graded all over again, "still grading" for seconds
        after the final sheet had its grades."""
        practice = getattr(self.current, "practice", None)
        current = practice.source if practice is not None else self.current
        for played in (current, *self._grading):
            if (
                isinstance(played, MatchCoordinator)
                and played.reviews is not None
                and not played.reviews.failed
                and played.match.over
                and match_key(played.match) == key
            ):
                return played
        return None

    @staticmethod
    def _finished(current: Any) -> MatchCoordinator | None:
        """``current`` (or the match a practice came from) when it is a match played
        alone here, saved and over, whose accuracy its review brings."""
        practice = getattr(current, "practice", None)
        finished = practice.source if practice is not None else current
        if not isinstance(finished, MatchCoordinator) or finished.reviews is None:
            return None
        if finished.saver is None or finished.mode != "solo" or not finished.match.over:
            return None
        return finished

    def abandon(self) -> None:
        """Give the match up: its save is deleted (it is not counted as played). A match
        that is not saved (a practice, computers watched) leaves the saved one alone."""
        if self.practising:
            self.end_practice()
            return
        if self.current is not None and getattr(self.current, "saver", None) is None:
            self.app.home()
            return
        if self.current is not None:
            self.current.flush()
            self.current.discard()  # its table's closing must not write it back
        self.app.store.clear_match()
        self.app.show_store_messages()
        self.app.home()

    def _open(self, coordinator: MatchCoordinator) -> None:
        """The table for ``coordinator``, with the title underneath to return to."""
        self._practices.clear()
        if coordinator.settings_rules is None:
            coordinator.settings_rules = self.app.settings.rules
        before = self._finished(self.current)
        if before is not None and before is not coordinator:
            self._grading.append(before)
        self._grading = [match for match in self._grading if not match.reviews.wait(0)]
        replaced = self.current  # given up, unless over (it is still counted as it closes)
        if isinstance(replaced, MatchCoordinator) and replaced is not coordinator:
            if replaced.match.over:  # still counted as its table closes
                replaced.discarded = False
            else:
                carried = () if coordinator.reviews is None else coordinator.reviews.jobs.values()
                replaced.discard(carried)
        self.current = coordinator
        self.app.home()
        self.app.open("table", coordinator=coordinator)


__all__ = [
    "COMPUTER_NAMES",
    "MatchCoordinator",
    "Matches",
    "Practice",
    "PracticeCoordinator",
    "SeatKind",
    "free_names",
]


def _seats_named(key: str, setup: MatchSetup, seats: list[int], t: Callable[..., str]) -> str:
    """The message ``key`` naming ``seats`` of ``setup`` in the language of ``t``."""
    seated = Seats(setup, t)
    return t(key, names=join(t, [seated.seat_name(seat) for seat in seats]))


def _told_seats(toast: Toast) -> bool:
    """``toast`` tells who plays a seat now (``Matches.reseat``)."""
    return isinstance(toast.words, partial) and toast.words.func is _seats_named


def online_key(coordinator: Any) -> str:
    """The name a match at a server is counted by (``count_online``): the table's code and
    the match's length and score tell it from a rematch at the same table."""
    match = coordinator.match
    totals = "-".join(str(total) for total in match.totals)
    return f"online/{coordinator.ticket.code}/{match.at}/{totals}"
