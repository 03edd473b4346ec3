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
"""

from __future__ import annotations

import os
import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Literal

from scopa.aids import replay_match
from scopa.engine import IllegalMove, Match, Move
from scopa.settings import MatchSetup, SeatConfig

from .table.saving import MatchSaver

if TYPE_CHECKING:
    from scopa.engine import Event, Rules
    from scopa.storage import SavedMatch

    from .app import App

SeatKind = Literal["local", "computer", "remote"]

COMPUTER_NAMES = ("Giulia", "Marco", "Lucia", "Paolo", "Chiara", "Luca", "Sara", "Franco")
"""Names for computer seats, in the order they are offered."""


def new_seed() -> int:
    return int.from_bytes(os.urandom(8), "big") >> 1


def free_names(taken: list[str] | tuple[str, ...], count: int) -> list[str]:
    """``count`` computer names, none equal (ignoring case) to a name already seated."""
    used = {name.strip().casefold() for name in taken}
    names = []
    for name in COMPUTER_NAMES:
        if len(names) == count:
            break
        if name.casefold() not in used:
            names.append(name)
            used.add(name.casefold())
    number = 1
    while len(names) < count:
        candidate = f"CPU {number}"
        if candidate.casefold() not in used:
            names.append(candidate)
            used.add(candidate.casefold())
        number += 1
    return names


class MatchCoordinator:
    """One match in progress (see the module docstring).

    ``saver`` is the save slot: every move is written there, off the render loop, and the
    finished match is recorded in the statistics before the slot is cleared. ``None``
    means the match is not kept (watching computers, the tutorial).
    """

    def __init__(
        self,
        setup: MatchSetup,
        match: Match,
        *,
        saver: MatchSaver | None = None,
        undone: bool = False,
        resumed: bool = False,
    ) -> None:
        if match.rules != setup.rules:
            raise ValueError("the match and its setup have different rules")
        self.setup = setup
        self.match = match
        self.saver = saver
        self.undone = undone
        """A play was taken back in this match (the statistics keep it apart)."""
        self.resumed = resumed
        self.holder: int | None = None
        """The seat of the person in front of the screen, whose hand may be on show (with
        several people at one screen: None until someone takes the screen)."""
        self.recorded = False
        if self.mode == "solo":
            self.holder = self.humans[0]

    @classmethod
    def fresh(
        cls, setup: MatchSetup, *, saver: MatchSaver | None = None, seed: int | None = None
    ) -> MatchCoordinator:
        """A new match of ``setup``, shuffled from ``seed`` (a random one if None)."""
        match = Match.new(setup.rules, random.Random(new_seed() if seed is None else seed))
        return cls(setup, match, saver=saver)

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
        return events

    def replace(self, match: Match, *, undone: bool = False) -> None:
        """Show ``match`` in place of the current one (a play taken back)."""
        if match.rules != self.setup.rules:
            raise ValueError("the replacement match has other rules")
        self.match = match
        if undone:
            self.undone = True
        self._save()

    def save(self) -> None:
        """Keep the match as it is now (a new match is saved before its first move)."""
        self._save()

    def _save(self) -> None:
        if self.saver is None:
            return
        if self.match.over:
            if not self.recorded:
                self.recorded = True
                self.saver.finish(self.setup, self.match, undone=self.undone)
        else:
            self.saver.save(self.setup, self.match.record(), undone=self.undone)

    def problems(self) -> list[tuple[str, str]]:
        """Saves that failed since the last call: ``(message key, reason)``."""
        return [] if self.saver is None else self.saver.problems()

    def flush(self) -> None:
        """Wait for the saves asked so far (before the files are touched otherwise)."""
        if self.saver is not None:
            self.saver.flush()

    def close(self) -> None:
        if self.saver is not None:
            self.saver.close()


class Matches:
    """Starts, resumes and ends matches for every screen (see the module docstring)."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.current: MatchCoordinator | None = None

    # --- what is saved ---------------------------------------------------------------------

    def saved(self) -> SavedMatch | None:
        """The unfinished match kept on disk, if any (damaged files are set aside)."""
        if self.current is not None and self.current.saver is not None:
            self.current.flush()
        found = self.app.store.load_match()
        self.app.show_store_messages()
        return found

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
            return MatchSetup(last.seats, rules)
        level = level or settings.opponent_level or "expert"
        you = self.app.t("you")
        names = free_names([you], rules.players - 1)
        others = tuple(SeatConfig(name, False, level) for name in names)
        return MatchSetup((SeatConfig(you, True, level), *others), rules)

    def watch_setup(self) -> MatchSetup:
        """Computers only, with the player's rules, to learn by watching."""
        rules = self.app.settings.rules
        names = free_names([], rules.players)
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

    def start(self, setup: MatchSetup, match: Match | None = None) -> None:
        """Open a new match of ``setup`` (``match``: an exact start, e.g. a replayed deal),
        after asking before a saved match is replaced."""
        if setup.mode == "watch":
            self._open(self._coordinator(setup, match, saver=None))
            return

        def go() -> None:
            coordinator = self._coordinator(setup, match, saver=MatchSaver(self.app.store))
            coordinator.save()
            self._open(coordinator)

        self.confirm_replacing_saved(go)

    @staticmethod
    def _coordinator(
        setup: MatchSetup, match: Match | None, *, saver: MatchSaver | None
    ) -> MatchCoordinator:
        if match is None:
            return MatchCoordinator.fresh(setup, saver=saver)
        return MatchCoordinator(setup, match, saver=saver)

    def confirm_replacing_saved(self, go: Callable[[], None]) -> None:
        """Run ``go`` at once when no match is saved, else only if the player agrees."""
        saved = self.saved()
        if saved is None:
            go()
            return
        self.app.open(
            "confirm",
            question=lambda: self.app.t("replace_saved_question"),
            detail=lambda: self.app.t("replace_saved_detail"),
            yes=lambda: self.app.t("replace_saved_yes"),
            no=lambda: self.app.t("replace_saved_no"),
            on_yes=go,
        )

    def resume(self) -> bool:
        """Continue the saved match where it was; False if there is none (any more)."""
        saved = self.saved()
        if saved is None:
            return False
        setup, record = saved
        coordinator = MatchCoordinator(
            setup,
            record.replay(),
            saver=MatchSaver(self.app.store),
            undone=saved.undone,
            resumed=True,
        )
        self._open(coordinator)
        return True

    def watch(self) -> None:
        """Computers play each other; nothing is saved, so Continue still offers the
        player's own match."""
        self.start(self.watch_setup())

    def rematch(self, coordinator: MatchCoordinator) -> None:
        """The same seats and rules again, from a new shuffle."""
        self.start(coordinator.setup)

    def replay_deal(self, coordinator: MatchCoordinator, round_no: int) -> None:
        """A new match whose first round deals round ``round_no`` again (the same cards to
        the same seats). The scoring screen has already asked before leaving a match in
        progress, so that match's save is replaced without asking twice."""
        replay = replay_match(coordinator.match, round_no)
        if coordinator.setup.mode == "watch":
            self._open(MatchCoordinator(coordinator.setup, replay))
            return
        fresh = MatchCoordinator(coordinator.setup, replay, saver=MatchSaver(self.app.store))
        fresh.save()
        self._open(fresh)

    def tutorial(self) -> None:
        self.app.open("tutorial")

    # --- leaving ---------------------------------------------------------------------------

    def leave(self) -> None:
        """Back to the title; the match stays saved for Continue."""
        if self.current is not None:
            self.current.flush()
        self.app.home()

    def abandon(self) -> None:
        """Give the match up: its save is deleted (it is not counted as played)."""
        if self.current is not None:
            self.current.flush()
        self.app.store.clear_match()
        self.app.show_store_messages()
        self.app.home()

    def _open(self, coordinator: MatchCoordinator) -> None:
        """The table for ``coordinator``, with the title underneath to return to."""
        self.current = coordinator
        self.app.home()
        self.app.open("table", coordinator=coordinator)


__all__ = ["COMPUTER_NAMES", "MatchCoordinator", "Matches", "SeatKind", "free_names"]
