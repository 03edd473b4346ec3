"""Every screen of the game with every text it can show, driven through the real scenes.

``Tour(app, look).run()`` walks the game in the app's language: the title (with and without
a saved match), the first start's offer, the level question, New game (up to six players,
and Cirulla), Settings on every tab with every value (those of Cirulla and six players
too, and every refused combination), the rules on every page of both books, the
walkthrough of what Cirulla changes, the statistics empty and full, the pause
menu and its dialogs, score sheets of rounds and of won matches (cappotto, teams, names),
Master's review of a round and of a match (hot-seat too) with a position played again,
tables alone, in hot-seat and watched (cover, banners, status lines, hint, tracker, last
capture, capture choice, redeals), the tutorial on every step and the messages about files.
At every stop it draws the whole window and calls ``look(place)``: the text-fit test
checks what was written there; a person saves a screenshot.
"""

from __future__ import annotations

import concurrent.futures
import json
import random
import socket
import threading
import time
from collections.abc import Callable, Iterator
from datetime import datetime, timedelta
from functools import partial
from pathlib import Path
from types import SimpleNamespace
from unittest import mock

import pygame

from scopa.ai.hints import Hint
from scopa.aids.tutorial import HUMAN, STEPS
from scopa.app import crash
from scopa.app.ai_worker import AiWorker
from scopa.app.matches import MatchCoordinator, said_words
from scopa.app.remote import Arrival
from scopa.app.scenes.base import LANGUAGES
from scopa.app.scenes.lobby import REFUSALS, TABLE_SILENT_SECONDS
from scopa.app.scenes.new_game import NewGameScene
from scopa.app.scenes.online import describe_rules
from scopa.app.scenes.rules import BOOKS
from scopa.app.scenes.scoring import ScoringScene
from scopa.app.scenes.settings import MINE, TABS
from scopa.app.scenes.title import TitleScene
from scopa.app.scenes.tutorial import TutorialScene
from scopa.app.table import TableScene
from scopa.app.table.aids import hint_job
from scopa.app.table.frame import FrameCache
from scopa.app.table.hud import dealer_disc
from scopa.app.table.words import News
from scopa.app.toasts import worded
from scopa.app.widgets import Choice
from scopa.app.wording import Seats
from scopa.engine import (
    DECK,
    PRESETS,
    Card,
    LastCapture,
    Match,
    MatchWon,
    Move,
    Redealt,
    Round,
    Rules,
    rule_option,
    score_round,
)
from scopa.net.client import BackgroundClient, Update
from scopa.net.codes import parse_address
from scopa.net.protocol import PHRASES
from scopa.settings import MatchSetup, SeatConfig
from scopa.stats import MatchResult, Stats, Tally, match_key, result_of
from scopa.storage import FileProblem, HeldSeat, PastMatch, StatsReset

from .review_tour import review_stops
from .table_helpers import (
    centre_of,
    coordinated,
    empty_felt,
    fixed_match,
    inline_worker,
    lift_cover,
    solo_setup,
)
from .table_helpers import deck as deck_of

Look = Callable[[str], None]
FRAME = 1 / 30
C = Card.parse
LONG_FOLDER = "/home/giulia/.local/share/" + "una-cartella-dal-nome-davvero-lungo/" * 3 + "scopa"
FILE_SENTENCES = (
    "settings_set_aside",
    "match_set_aside",
    "stats_set_aside",
    "settings_left",
    "settings_salvaged_set_aside",
    "settings_salvaged_left",
    "stats_salvaged_set_aside",
    "match_salvaged_set_aside",
    "match_salvaged_left",
    "match_mended_set_aside",
    "match_mended_left",
    "stats_salvaged_left",
    "stats_rebuilt_set_aside",
    "stats_rebuilt_left",
    "match_left",
    "stats_left",
    "settings_not_saved",
    "match_not_saved",
    "stats_not_saved",
    "seats_set_aside",
    "seats_left",
    "seats_not_saved",
    "past_set_aside",
    "past_salvaged_set_aside",
    "past_left",
    "past_salvaged_left",
    "past_not_saved",
    "match_not_removed",
    "unread_now",
    "other_copy",
    "lock_stuck",
    "other_copy_gone",
    "match_further_elsewhere",
    "match_other_kept",
    "match_brought_back",
    "settings_brought_back",
    "folder_not_writable",
    "folder_unusable",
    "folder_restored",
)
FILE_CAUSES = {
    "cause_not_text": {},
    "cause_empty": {},
    "cause_syntax": {"format": "TOML"},
    "cause_big_number": {},
    "cause_not_a_number": {},
    "cause_too_deep": {},
    "cause_no_format": {},
    "cause_newer": {},
    "cause_no_schema": {},
    "cause_unknown_schema": {"schema": "7"},
    "cause_content": {"detail": "rules.target = 'undici'"},
    "cause_tally": {"detail": "'won_before' must list the matches each side won"},
    "cause_seat_name": {"seat": 2, "detail": "seat 2's name 42 could not be used"},
    "cause_listed_twice": {},
    "cause_too_large": {"size": "12.4 MB", "limit": "1 MB"},
    "cause_folder": {},
}
FILE_REASONS = (
    "reason_denied", "reason_disk_full", "reason_read_only", "reason_in_the_way",
    "reason_a_folder", "reason_gone", "reason_name_too_long", "reason_disk_error",
    "reason_link_loop", "reason_too_many_open", "reason_no_memory",
    "reason_unknown",
)  # fmt: skip
FILE_KINDS = ("kind_pipe", "kind_device", "kind_socket", "kind_special")


def mouse(kind: int, pos: tuple[float, float]) -> pygame.event.Event:
    pos = (round(pos[0]), round(pos[1]))
    if kind == pygame.MOUSEMOTION:
        return pygame.event.Event(kind, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    return pygame.event.Event(kind, pos=pos, button=1)


def key(code: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0)


def key_up(code: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYUP, key=code, mod=0, unicode="", scancode=0)


class TurnOf:
    """A match seen as if ``turn`` were to play (all else as ``match``): a banner worded
    by whose turn it is, shown for another's."""

    def __init__(self, match, turn: int) -> None:  # noqa: ANN001
        self._match, self.turn = match, turn

    def __getattr__(self, name: str):  # noqa: ANN204
        return getattr(self._match, name)


def play_out(match: Match, rng: random.Random) -> Match:
    while not match.over:
        match, _ = match.apply(rng.choice(match.legal_moves()))
    return match


def first_round(rules: Rules, seed: int) -> Match:
    """A match after its first round, played with random moves."""
    match = Match.new(rules, seed)
    rng = random.Random(seed)
    while not match.rounds:
        match, _ = match.apply(rng.choice(match.legal_moves()))
    return match


def brink(rules: Rules, last_side: int, winner: int) -> Match:
    """A match one move from its end, whose last move (everyone playing their first legal
    move) gives the last cards to ``last_side`` and the match to ``winner``."""
    for seed in range(500):
        match = Match.new(rules, seed)
        while True:
            move = match.legal_moves()[0]
            after, events = match.apply(move)
            if after.over:
                last = [e.side for e in events if isinstance(e, LastCapture)]
                won = [e.side for e in events if isinstance(e, MatchWon)]
                if last == [last_side] and won == [winner]:
                    return match
                break
            match = after
    raise AssertionError("no deal ends that way")


def cappotto(players: int = 2) -> Match:
    """A match won by a cappotto: one side took all ten coins in the first round."""

    def coins(move: Move) -> int:
        return sum(card.suit == "D" for card in move.captures)

    rules = Rules(cappotto=True, players=players)
    for seed in range(500):
        match = Match.new(rules, seed)
        while not match.over and not match.rounds:
            moves = match.legal_moves()
            if match.turn == 0:
                move = max(moves, key=lambda m: (coins(m), len(m.captures)))
            else:
                move = min(moves, key=lambda m: (coins(m), m.card.suit == "D"))
            match, _ = match.apply(move)
        if match.over and match.cappotto:
            return match
    raise AssertionError("no cappotto found")


def won_at_deal() -> dict[str, Match]:
    """Cirulla matches with the Luzzati rules that their first table decided, by cause."""
    rules = Rules.preset("cirulla").with_(luzzati_table_rules=True)
    hands = "1B 2C 3S 4B 8C 9C"
    tables = {"four_of_a_kind": "5D 5C 5S 5B", "three_and_matta": "10D 10S 10B 7C",
              "misdeals": "5D 5C 5S 9B"}  # fmt: skip
    out = {}
    for cause, table in tables.items():
        cards = [C(text) for text in f"{hands} {table}".split()]
        cards += [card for card in DECK if card not in cards]
        first = Round.deal(rules, cards, dealer=1, misdeals=2)
        out[cause] = Match._make(rules, 1, 1, (), first, (0, 0), (), first.decided, False, None)
    return out


def redealt(rules: Rules, cause: str) -> Match:
    """A new match whose first deal was redealt for ``cause``."""
    for seed in range(5000):
        match = Match.new(rules, seed)
        if any(isinstance(e, Redealt) and e.cause == cause for e in match.opening_events()):
            return match
    raise AssertionError(f"no deal redealt for {cause}")


class Tour:
    def __init__(self, app, look: Look) -> None:  # noqa: ANN001
        self.app = app
        self.look = look

    @property
    def t(self) -> Callable[..., str]:
        return self.app.t

    # --- moving about ----------------------------------------------------------------------

    def frames(self, count: int = 1, *events: pygame.event.Event) -> None:
        self.app._last_answer = None  # each key a press of its own, not a double press
        self.app.frame(FRAME, list(events))
        for _ in range(count - 1):
            self.app.frame(FRAME, [], draw=None)

    def show(self, place: str) -> None:
        """Draw the whole window afresh (the table too) and look at it."""
        for scene in self.app.stack:
            if hasattr(scene, "painter"):
                scene.painter.frames = FrameCache()
        self.app.draw()
        self.look(place)

    def hover(self, target) -> None:  # noqa: ANN001
        pos = target.rect.center if hasattr(target, "rect") else target
        self.frames(1, mouse(pygame.MOUSEMOTION, pos))

    def click(self, target) -> None:  # noqa: ANN001
        """One click, as a person makes it (not the second of a double click)."""
        pos = target.rect.center if hasattr(target, "rect") else target
        self.app._last_press = None
        self.frames(
            1,
            mouse(pygame.MOUSEMOTION, pos),
            mouse(pygame.MOUSEBUTTONDOWN, pos),
            mouse(pygame.MOUSEBUTTONUP, pos),
        )

    def drag(self, start: tuple[float, float], end: tuple[float, float]) -> None:
        self.app._last_press = None  # a drag of its own, not a double click's second press
        self.app.frame(FRAME, [mouse(pygame.MOUSEBUTTONDOWN, start)])
        for k in range(1, 7):
            x = start[0] + (end[0] - start[0]) * k / 6
            y = start[1] + (end[1] - start[1]) * k / 6
            moved = mouse(pygame.MOUSEMOTION, (x, y))
            moved.buttons = (1, 0, 0)
            self.app.frame(FRAME, [moved])
        self.app.frame(FRAME, [mouse(pygame.MOUSEBUTTONUP, end)])

    def open_menu(self, name: str, **params: object):  # noqa: ANN201
        scene = self.app.open(name, **params)
        self.frames(8)
        return scene

    def rematch_online(self, coordinator) -> None:  # noqa: ANN001
        """A round's sheet at a server, the friends ready for the next round; the final
        sheet and its rematch: offered, asked and waiting for one friend or several,
        starting, failed; a friend's wish, a friend gone."""
        app, match = self.app, coordinator.match
        coordinator.others_ready = lambda: True
        sheet = ScoringScene(app, coordinator)
        app.stack.push(sheet)
        sheet.age = 10.0
        self.frames(2)
        self.hover_all(sheet, "online, the round's sheet, the friends ready for the next")
        del coordinator.others_ready
        coordinator.ready_before_me_wait = lambda: 42.0
        for ready in ([1], [1, 2]):  # some ready, others reading theirs still
            coordinator.ready_before_me = lambda ready=ready: ready
            self.hover_all(sheet, f"online, the round's sheet, {len(ready)} friend(s) ready")
        del coordinator.ready_before_me, coordinator.ready_before_me_wait
        for gone in ([1], [1, 2]):
            coordinator.left_table = lambda gone=gone: gone
            self.hover_all(sheet, f"online, the round's sheet, {len(gone)} friend(s) gone")
        del coordinator.left_table
        sheet.chat.open = True
        self.show("online, the round's sheet, the quick messages to send")
        sheet.chat.open = False
        for phrase in PHRASES:
            seats = Seats(coordinator.setup, app.t, coordinator.humans)
            app.notify(partial(said_words, seats, 1, phrase), 4.0)
            self.show(f"online, the round's sheet, a quick message: {phrase}")
            app.toasts._toasts.clear()
        sheet.tell_here(worded("scores_keys_wait", n=2))  # Enter pressed on and on, held off
        self.show("the round's sheet, keys held off")
        sheet.tell_here(worded("scores_clicks_wait"))  # Next round clicked on and on
        self.show("the round's sheet, clicks held off")
        sheet.tell_here(worded("scores_seen"))  # at one screen, the first key
        self.show("the round's sheet, seen at one screen")
        sheet._field_note = None
        coordinator.round_began_without_me = lambda: True
        app.matches.follow()  # told over whatever screen is up
        self.hover_all(sheet, "online, the round's sheet, the next round begun without you")
        del coordinator.round_began_without_me
        app.toasts.forget(lambda toast: True)
        app.back()
        self.frames(2)
        status, result = match.status, match.result
        match.status = "over"
        match.result = {"winner": 0, "totals": [11, 4, 3], "cappotto": False, "seats": [0]}
        sheet = ScoringScene(app, coordinator)
        app.stack.push(sheet)
        sheet.age = 10.0
        self.frames(2)
        self.hover_all(sheet, "online, the final sheet")
        missed = ScoringScene.review_missed  # back after the plays: none reviewed here
        ScoringScene.review_missed = property(lambda scene: True)  # type: ignore[method-assign]
        sheet.form.hover = sheet.form.focus = None
        self.show("online, the final sheet with no review of plays not seen here")
        ScoringScene.review_missed = missed  # type: ignore[method-assign]
        coordinator.rematch_wanted, coordinator.left_table = (lambda: [1]), (lambda: [2])
        self.hover_all(sheet, "online, a friend wants a rematch, another left")
        coordinator.left_table = lambda: [1, 2]
        self.hover_all(sheet, "online, two friends left: the rematch waits for them")
        coordinator.left_table = list
        app.toasts.forget(lambda toast: True)  # the news of the friends gone is read
        for declined in ([1], [1, 2]):  # gone for good from the final sheet
            coordinator.declined = lambda declined=declined: declined
            self.hover_all(sheet, f"online, {declined} will play no rematch")
        del coordinator.declined
        self.hover_all(sheet, "online, a friend wants a rematch")
        coordinator.rematch_wanted = lambda: [1, 2]
        self.hover_all(sheet, "online, two friends want a rematch")
        coordinator._asked = concurrent.futures.Future()  # asked: the server not yet told
        for awaited in ([1], [1, 2], []):
            coordinator.rematch_awaited = lambda awaited=awaited: awaited
            self.hover_all(sheet, f"online, the rematch asked, awaiting {awaited}")
        for gone in ([1], [1, 2]):  # asked, and waiting for friends to come back
            coordinator.left_table = lambda gone=gone: gone
            self.hover_all(sheet, f"online, the rematch asked, {gone} gone")
        coordinator.left_table = list
        for news in ("rematch_wanted", "left_table", "declined"):  # two heard at once
            sheet._told.clear()
            app.toasts.forget(lambda toast: True)
            setattr(coordinator, news, lambda: [1, 2])
            self.frames(2)
            self.show(f"online, two friends at once: {news}")
        coordinator.left_table = list
        del coordinator.declined
        app.toasts.forget(lambda toast: True)
        coordinator.rematch_failed = True
        self.hover_all(sheet, "online, the rematch failed")
        coordinator.rematch_failed = False
        kind = type(coordinator)
        for name, value, place in (("online", False, "the link lost, coming back"),
                                   ("lost", True, "the link lost for good")):  # fmt: skip
            with mock.patch.object(kind, name, new_callable=mock.PropertyMock) as said:
                said.return_value = value
                self.hover_all(sheet, f"online, the rematch asked, {place}")
        del coordinator.rematch_wanted, coordinator.left_table, coordinator.rematch_awaited
        coordinator._asked, coordinator.rematch_failed = None, False
        match.status, match.result = status, result
        app.toasts.forget(lambda toast: True)
        app.back()
        self.frames(2)

    def hover_all(self, scene, place: str) -> None:  # noqa: ANN001
        """Every widget under the pointer in turn (its explanation shows)."""
        self.show(place)
        for widget in list(scene.form.widgets):
            if widget.focusable and widget.hint is not None:
                if widget.panel is not None:
                    widget.panel.reveal(widget)
                self.hover(widget)
                self.show(f"{place}: {widget.hint() if callable(widget.hint) else widget.hint}")
        self.hover((0, 0))

    def home(self) -> None:
        for scene in list(self.app.stack):
            close = getattr(scene, "close", None)
            if close is not None:
                close()
        self.app.home()
        self.frames(8)

    # --- the tour --------------------------------------------------------------------------

    def run(self) -> None:
        self.title()
        self.offer()
        self.level()
        self.new_game()
        self.settings()
        self.rules()
        self.cirulla_lessons()
        self.statistics()
        self.scoring()
        review_stops(self)
        self.tables()
        self.cirulla_tables()
        self.online()
        self.tutorial()
        self.files()
        self.crash()

    def title(self) -> None:
        app = self.app
        app.settings = app.settings.with_(opponent_level="", last_setup=None)
        app.store.clear_match()
        self.home()
        self.hover_all(app.stack.top, "title")
        match = Match.new(Rules(), 3)
        match, _ = match.apply(match.legal_moves()[0])
        app.store.save_match(MatchSetup.solo(Rules(), name=self.t("you")), match.record())
        app.settings = app.settings.with_(opponent_level="expert")
        self.home()
        self.hover_all(app.stack.top, "title with a saved match")
        app.matches.start(MatchSetup.solo(Rules(), name=self.t("you")))
        self.frames(8)
        self.hover_all(app.stack.top, "start a new match over the saved one?")
        app.back()
        scored = first_round(Rules(), 3)  # left on its first round's sheet
        app.store.save_match(MatchSetup.solo(Rules(), name=self.t("you")), scored.record())
        self.home()
        self.hover_all(app.stack.top, "title with a match left on a round's sheet")
        ended = play_out(Match.new(Rules(), 3), random.Random(3))
        you = MatchSetup.solo(Rules(), name=self.t("you"))
        app.store.save_match(you, ended.record(), counted=True)  # closed during its last play
        self.home()
        self.hover_all(app.stack.top, "title with a match that ended unseen")
        app.store.save_match(you, ended.record(), counted=False)  # the statistics refuse it
        with mock.patch.object(app.store, "save_stats", return_value=False):
            app.matches.start(you)
            self.frames(8)
            self.hover_all(app.stack.top, "start a new match over one not counted?")
            app.store.clear_match()  # (the title uncovered would count it)
            app.back()
        app.notify(worded("match_counted_now"), 12.0)
        self.show("title, a finished match the statistics refused is counted at last")
        app.toasts.forget(lambda toast: True)
        rules = app.settings.rules
        app.settings = app.settings.with_(rules=Rules.preset("cirulla"))  # Cirulla's lessons
        self.home()
        self.hover(app.stack.top.tutorial)
        self.show("title, the tutorial of Cirulla")
        app.settings = app.settings.with_(rules=rules)
        from scopa.__main__ import ask_language_again

        ask_language_again(app)  # the settings damaged, the language lost with them
        self.frames(8)
        self.hover_all(app.stack.top, "title, the language lost asked again")
        app.back()

    def offer(self) -> None:
        scene = self.open_menu("tutorial_offer")
        self.show("first start")
        language = self.app.settings.language
        for button in scene.languages:
            self.click(button)
            self.show(f"first start in {self.app.settings.language}")
        (spoken,) = [b for b, (code, _) in zip(scene.languages, LANGUAGES) if code == language]
        self.click(spoken)
        self.hover_all(scene, "first start")
        self.app.back()

    def level(self) -> None:
        scene = self.open_menu("level", on_choice=lambda level: None)
        self.hover_all(scene, "level")
        self.app.back()

    def new_game(self) -> None:
        app = self.app
        before = app.settings
        app.settings = app.settings.with_(last_setup=None, rules=Rules(re_bello=True))
        app.settings = app.settings.with_(rules=Rules())  # the player's own rules are kept
        scene: NewGameScene = self.open_menu("new_game")
        self.hover_all(scene, "new game")
        for players in (3, 4):
            scene._set_players(players)
            self.frames(1)
            self.show(f"new game, {players} players")
        scene.teams = True
        scene._check()
        self.hover_all(scene, "new game, teams")
        preset = scene.preset_row.control
        assert isinstance(preset, Choice)
        for _ in preset.options:
            preset.step(+1)
            self.show(f"new game, rules {scene.preset}")
        scene._set_preset(MINE)
        for level in range(3):
            scene.seat_widgets[1][3].step(+1 if level < 2 else -2)
            self.show("new game, levels")
        scene.seat_widgets[1][2].step(+1)
        self.show("new game, a second human")
        scene._set_code("2T43A0-3X")  # a round's code mistyped: said how it reads
        self.show("new game, a round's code mistyped")
        for shape in ("4S", "4N", "4T", "3C"):  # a round's code of another table
            scene._set_code(f"2T43A0-3-{shape}")
            self.show(f"new game, a round's code of another table: {shape}")
        scene._set_code("")
        scene.names[1] = scene.shown_name(0)  # "Player 1", as the first seat shows it
        scene.defaults[1] = False
        scene._check()
        self.show("new game, two seats with one name")
        scene.names[1] = "Giulia Maria Anna Rossi B"
        scene._check()
        self.show("new game, a name that cannot be used")
        scene.names[0], scene.defaults[0] = "Anna", False
        scene.names[1] = app.t("you")
        scene._check()
        self.show("new game, a name the game gives")
        self.click(scene.seat_widgets[1][1])
        self.frames(1, pygame.event.Event(pygame.TEXTINPUT, text="Иван민"))
        self.show("new game, a name in another alphabet, a letter the game cannot draw")
        self.frames(1, pygame.event.Event(pygame.TEXTINPUT, text="Bartolomeo" * 3))
        self.show("new game, a name longer than a name holds")
        self.frames(1, key(pygame.K_ESCAPE))
        scene.defaults[0] = True
        scene.names[1] = "Giulia"
        scene.target = 7
        scene._check()
        self.show("new game, rules that cannot be played")
        scene.target = 11
        scene.names[1] = "Giulia"
        scene._set_preset("scopone")
        scene._set_players(2)
        self.show("new game, scopone for two")
        scene._set_preset("scopone_scientifico")
        scene._set_players(3)
        self.show("new game, scientifico for three")
        scene._set_preset(MINE)
        scene._set_players(6)
        self.frames(1)
        self.hover_all(scene, "new game, six players")
        sides = scene.sides_row.control
        assert isinstance(sides, Choice)
        for _ in sides.options:
            sides.step(+1)
            scene._check()
            self.show(f"new game, six players, {scene.six_sides} sides")
        scene._set_preset("cirulla")
        self.show("new game, cirulla")
        scene._set_players(6)
        self.show("new game, cirulla for six")
        scene._set_preset(MINE)
        scene._set_players(2)
        self.hover_all(scene, "new game, my rules")
        app.settings.rules = Rules(
            players=6, seven_count=True, re_bello=True, napola=True, settebello_coppe=True,
            capture_limit=2, assi=True, assi_ace_takes_ace=False,
        )  # fmt: skip
        scene._set_players(6)
        self.show("new game, my rules, the longest list of changes")
        for seat in (0, 1):  # no person at the table: a match to watch
            scene.seat_widgets[seat][2].step(+1)
        self.show("new game, six computers")
        scene._set_players(2)
        self.show("new game, two computers")
        for seat in (0, 1):
            scene.seat_widgets[seat][2].step(+1)
        app.settings = before
        scene._set_players(2)
        app.back()

    def settings(self) -> None:
        app = self.app
        scene = self.open_menu("settings")
        shown = self.settings_values(scene, set())
        for rules in (
            Rules.preset("cirulla"),
            Rules(players=6, seven_count=True),
            Rules(players=4, teams=True, deal="scientifico"),  # the deal chosen, explained
            Rules(players=4, teams=True, deal="scopone"),
        ):
            scene.set_preset("classic")
            app.settings = app.settings.with_(rules=rules)
            shown = self.settings_values(scene, shown)
        deck = app.settings.deck_style
        for rules in (Rules(), Rules.preset("cirulla")):  # French cards: diamonds, hearts
            app.settings = app.settings.with_(rules=rules, deck_style="french")
            for tab in scene.tabs:
                self.click(tab)
                for row in list(scene.rows[scene.tab]):
                    scene.form.set_focus(row)
                    self.show(f"settings, french cards, {scene.tab}, {row.label()}")
        app.settings = app.settings.with_(deck_style=deck, muted=True)  # the volume greyed
        scene.tab = "game"
        scene.layout()
        volume = next(row for row in scene.rows["game"] if row.label() == self.t("set_volume"))
        scene.form.keys_last = True  # the focus explained, greyed as it is
        scene.form.set_focus(volume)
        self.show("settings, the volume while the sound is off")
        app.settings = app.settings.with_(muted=False)
        available, app.audio.available = app.audio.available, False
        self.show("settings, the volume with no sound device")
        app.audio.available = available
        scene.tab = "match"
        scene.layout()
        scene.set_preset("classic")
        scene.set_rule("players", 6)
        scene.set_preset("cirulla")  # not played by six: its two, said
        self.show("settings, cirulla chosen at a table of six")
        scene.set_preset("classic")
        scene.set_rule("players", 2)
        scene.set_rule("deal", "scopone")
        self.show("settings, a deal for other players")
        app.settings_kept = False
        scene.error = ""
        self.show("settings, a change the folder would not keep")
        app.settings_kept = True
        refused = (
            (Rules(players=6), "cirulla", True),
            (Rules(players=4, deal="scopone"), "cirulla", True),
            (Rules(cirulla=True, players=3), "luzzati_table_rules", True),
        )
        for rules, name, value in refused:
            app.settings = app.settings.with_(rules=rules)
            scene.set_rule(name, value)
            self.show(f"settings, {name} refused: {scene.error}")
        # what a switch brought along: Dossena's own low table and piccola beside the
        # player's; the Luzzati rules set aside for a table of three, at Cirulla's 51 or not
        scoring = scene.tabs[TABS.index("scoring")]
        for rules, name in (
            (Rules(cirulla=True, dealer_low_bonus=3, piccola_max=7), "dossena_scale"),
            (Rules(players=3, luzzati_table_rules=True), "cirulla"),
            (Rules(players=4, teams=False, target=21, cappotto=True, luzzati_table_rules=True),
             "cirulla"),
        ):  # fmt: skip
            app.settings = app.settings.with_(rules=rules)
            scene._switched = {}  # no switch of this visit made these rules
            self.click(scoring)
            scene.set_rule(name, True)
            self.show(f"settings, {name} switched on: {scene.footer_line()[0]}")
            for row in list(scene.rows["scoring"]):  # the rows it greyed or set, explained
                scene.form.set_focus(row)
                self.show(f"settings, {name} switched on, {row.label()}")
        scene.tab = "match"
        scene.layout()
        scene.set_preset("classic")
        for name in ("deal", "players"):  # the arrows pass over Scopone's deal, then 3
            app.settings = app.settings.with_(rules=Rules(deal="scientifico"))
            tab, found = next(
                (tab, row)
                for tab in TABS
                for row in scene.rows[tab]
                if row.label() == scene.t(f"rule_{name}")
            )
            self.click(scene.tabs[TABS.index(tab)])
            scene.form.set_focus(found)
            self.frames(2, key(pygame.K_LEFT if name == "deal" else pygame.K_RIGHT))
            self.show(f"settings, the {name} passed over: {scene.footer_line()[0]}")
        greyed = (  # a greyed rule clicked: what it waits for, of each kind
            (Rules(), "scientifico_last_scopa"),
            (Rules(), "seven_count_aces"),
            (Rules(seven_count=True), "incomplete_primiera"),
            (Rules(), "matta"),
            (Rules(), "luzzati_table_rules"),
            (Rules.preset("cirulla"), "assi_scopa"),
            (Rules.preset("cirulla").with_(dossena_scale=True), "piccola_max"),
        )
        for rules, name in greyed:
            app.settings = app.settings.with_(rules=rules)
            scene._greyed(rule_option(name))
            self.show(f"settings, {name} greyed, clicked: {scene.footer_line()[0]}")
        scene.set_preset("classic")
        scene.set_rule("cirulla", True)
        self.show("settings, cirulla goes to 51")
        scene.set_rule("cirulla", False)
        self.show("settings, scopa goes back to 11")
        scene.set_rule("cappotto", True)  # the player's own cappotto stays: the target alone
        scene.set_rule("cirulla", True)
        self.show("settings, cirulla goes to 51, the cappotto kept")
        scene.set_rule("cirulla", False)
        self.show("settings, scopa goes back to 11, the cappotto kept")
        scene.set_rule("target", 21)  # a target of the player's own: the cappotto alone
        scene.set_rule("cappotto", False)
        scene.set_rule("cirulla", True)
        self.show("settings, cirulla's cappotto at the player's target")
        scene.set_rule("cirulla", False)
        self.show("settings, scopa's cappotto at the player's target")
        scene.set_preset("classic")
        scene.set_rule("napola", True)
        self.show("settings, the napola goes to 21")
        scene.set_rule("napola", False)
        self.show("settings, without the napola back to 11")
        scene.set_preset("classic")
        app.back()
        # a match saved by other rules: Continue keeps them, told as far as the line goes
        cirulla = Rules.preset("cirulla")
        many = dict(clockwise=True, equal_rank_precedence=True, ace_sweep_is_scopa=False)
        more = dict(piccola_max=7, low_hand_max=8, matta=9, no_decino=True, stack_hand_bonuses=True)
        seats = (SeatConfig("Anna", True), SeatConfig("Bruno", False))
        longer = (cirulla.with_(**many, **more), cirulla.with_(**many, matta=9))
        longer += (cirulla.with_(**many, piccola_max=7, low_hand_max=8, matta=9),)  # one more
        for kept in (cirulla, *longer):
            app.store.save_match(MatchSetup(seats, kept), Match.new(kept, 7).record())
            scene = self.open_menu("settings")
            self.show(f"settings over a saved match: {scene.footer_line()[0]}")
            app.store.clear_match()
            app.back()
        assert len(TABS) == len(scene.tabs)

    def settings_values(self, scene, shown: set[str]) -> set[str]:  # noqa: ANN001
        """Every tab, and every value of each choice that applies and was not shown yet;
        returns the rows whose values were shown."""
        for tab in scene.tabs:
            self.click(tab)
            self.show(f"settings, {scene.tab}")
            for row in list(scene.rows[scene.tab]):
                scene.form.set_focus(row)
                control = row.control
                label = row.label()
                if isinstance(control, Choice) and control.enabled and label not in shown:
                    shown.add(label)
                    start = control.get()
                    for value, _ in control.options:
                        control.set(value)
                        self.frames(1)
                        self.show(f"settings, {scene.tab}, {label}: {control.label()}")
                    control.set(start)
                else:
                    self.show(f"settings, {scene.tab}, {label}")
            self.hover(scene.back_button)
        return shown

    def rules(self) -> None:
        scene = self.open_menu("rules")
        for book in BOOKS:
            scene.open_book(book)
            for page in range(1, scene.pages + 1):
                self.show(f"rules, {book}, page {page}")
                scene.scroll(1 << 20)
                self.show(f"rules, {book}, page {page}, scrolled")
                self.frames(1, key(pygame.K_RIGHT))
            self.hover_all(scene, f"rules, {book}")
        self.app.back()
        # rules not the book's: its first page lists what they change (a rule turned off,
        # one turned on, one with a value)
        kept = self.app.settings
        changed = PRESETS["cirulla"].with_(
            equal_rank_precedence=True, ace_sweep_is_scopa=False, dealer_low_bonus=3
        )
        self.app.settings = kept.with_(rules=changed)
        scene = self.open_menu("rules")
        self.show("rules, the rules the game changes")
        scene.scroll(1 << 20)
        self.show("rules, the rules the game changes, scrolled")
        self.app.back()
        # each line as it reads beside the others (no matta, no three of a kind, hands shown
        # until the first card) and a target not the book's
        told = PRESETS["cirulla"].with_(
            luzzati_table_rules=True, matta=None, no_decino=True, dossena_scale=True,
            declare_at_deal=True, declare_until_play=True, target=31,
        )  # fmt: skip
        sweeps = PRESETS["assi"].with_(assi_ace_takes_ace=False, target=21)  # an ace an ace
        for rules in (told, PRESETS["cirulla"].with_(target=16, cappotto=False), sweeps):
            self.app.settings = kept.with_(rules=rules)
            scene = self.open_menu("rules")
            self.show(f"rules, the rules a game to {rules.target} changes")
            scene.scroll(1 << 20)
            self.show(f"rules, the rules a game to {rules.target} changes, scrolled")
            for page in ("c1", "c7", "c8") if rules.cirulla else ():  # the target, cappotto
                scene.page = scene._book_pages().index(page) + 1
                scene.layout()
                self.show(f"rules, cirulla to {rules.target}, {page}")
                scene.scroll(1 << 20)
                self.show(f"rules, cirulla to {rules.target}, {page}, scrolled")
            self.app.back()
        no_cappotto = PRESETS["cirulla"].with_(cappotto=False)  # the ten diamonds, by name
        self.app.settings = kept.with_(rules=no_cappotto, deck_style="french")
        self.open_menu("rules")
        self.show("rules, the rules a cirulla with no cappotto changes, french cards")
        self.app.back()
        self.app.settings = kept.with_(rules=told)  # its rows explained beside each other
        scene = self.open_menu("settings")
        scene.tab = "scoring"
        scene.layout()
        for row in list(scene.rows["scoring"]):
            scene.form.set_focus(row)
            self.show(f"settings, every line beside the others, {row.label()}")
        self.app.back()
        for preset in ("scopone", "milanese"):  # the deal chosen told as it goes
            self.app.settings = kept.with_(rules=PRESETS[preset].with_(re_bello=True))
            scene = self.open_menu("rules")
            self.show(f"rules, the rules a {preset} game changes")
            scene.scroll(1 << 20)
            self.show(f"rules, the rules a {preset} game changes, scrolled")
            self.app.back()
        self.app.settings = kept.with_(deck_style="french")  # which suit stands for which
        scene = self.open_menu("rules")
        self.show("rules, the first page with the French cards")
        scene.scroll(1 << 20)
        self.show("rules, the first page with the French cards, scrolled")
        self.app.back()
        self.app.settings = kept

    def cirulla_lessons(self) -> None:
        scene = self.open_menu("cirulla_lesson")
        for index, lesson in enumerate(scene.lessons):
            scene.go(index)
            self.frames(1)
            self.hover_all(scene, f"cirulla lesson {lesson.key}")
            if not lesson.plays:
                continue
            move = lesson.moves[0]
            wrong = [b for b in scene.hand_buttons if b.enabled and b.card is not move.card]
            for button in wrong[:1]:
                self.click(button)
                while scene.choices:
                    self.click(scene.choices[0])
                self.show(f"cirulla lesson {lesson.key}, refused")
            self.click(scene.knock_button if move.is_declaration else scene.card_buttons[move.card])
            if scene.choices:
                self.show(f"cirulla lesson {lesson.key}, choices")
                self.click(scene.choices[scene.offered.index(move)])
            assert scene.walk.done, lesson.key
            self.show(f"cirulla lesson {lesson.key}, done")
        before = self.app.settings
        for deck in ("genovesi", "napoletane"):  # the scoring told of diamonds, then of coins
            self.app.settings = before.with_(deck_style=deck)
            scene.go(next(i for i, lesson in enumerate(scene.lessons) if lesson.key == "scoring"))
            self.frames(1)
            self.show(f"cirulla lesson scoring, {deck} cards")
        mine = Rules.preset("cirulla").with_(target=31, piccola_max=7, cappotto=False)
        self.app.settings = before.with_(rules=mine)  # the player's Cirulla scores otherwise
        self.frames(1)
        self.show("cirulla lesson scoring, the player's own Cirulla")
        self.app.settings = before
        self.app.back()

    def statistics(self) -> None:
        app = self.app
        self.open_menu("statistics")
        self.show("statistics, empty")
        app.back()
        solo_expert = MatchSetup(
            (SeatConfig("Tu", True), SeatConfig("CPU", False, "expert")), Rules()
        )
        for winner in (0, 1):  # the margins of matches all won, then all lost
            match = next(
                m
                for seed in range(20)
                if (m := play_out(Match.new(Rules(), seed), random.Random(seed))).winner == winner
            )
            app.store.record_result(solo_expert, match)
            scene = self.open_menu("statistics")
            self.show(f"statistics, matches all {'won' if winner == 0 else 'lost'}")
            for n, box in enumerate(scene.tile_boxes):  # what each figure counts
                self.hover(box.center)
                self.show(f"statistics, matches all {'won' if winner == 0 else 'lost'}, tile {n}")
            self.hover((0, 0))
            app.back()
            app.store.reset_stats()
        hotseat = MatchSetup((SeatConfig("Anna", True), SeatConfig("Bruno", True)), Rules())
        app.store.record_result(hotseat, play_out(Match.new(hotseat.rules, 99), random.Random(9)))
        self.open_menu("statistics")
        self.show("statistics, matches among people only")
        app.back()
        names = ("Giulia", "Marco", "Lucia", "Paolo")
        setups = [
            MatchSetup((SeatConfig("Tu", True), SeatConfig("CPU", False, level)), Rules())
            for level in ("beginner", "expert", "master")
        ]
        setups.append(
            MatchSetup(
                (
                    SeatConfig("Tu", True),
                    SeatConfig("A", False, "beginner"),
                    SeatConfig("B", False, "master"),
                ),
                Rules(players=3),
            )
        )
        setups.append(MatchSetup((SeatConfig("Anna", True), SeatConfig("Bruno", True)), Rules()))
        setups.append(MatchSetup(tuple(SeatConfig(n, False) for n in names[:2]), Rules()))
        setups.append(
            MatchSetup(
                tuple(SeatConfig(n, i == 0) for i, n in enumerate(names)), Rules.preset("scopone")
            )
        )
        solo = (SeatConfig("Tu", True), SeatConfig("CPU", False, "expert"))
        for rules in (  # the chart by game: its longest names, and more games than bars
            Rules.preset("scopone_scientifico").with_(players=2),
            Rules.preset("quindici"),
            Rules.preset("cirulla"),
            Rules(capture_limit=2),
        ):
            setups.append(MatchSetup(solo, rules))
        rng = random.Random(5)
        reviewed: list[tuple[str, float]] = []
        for k in range(14):
            setup = setups[k % len(setups)]
            undone = k == 3  # a match played with Undo: its ring is named in the legend
            played = play_out(Match.new(setup.rules, k), rng)
            app.store.record_result(setup, played, undone=undone)
            if setup.humans and k % 2:  # reviewed: on the accuracy chart, k = 3 ringed
                reviewed.append((match_key(played), 55.0 + 3 * k))
        scene = self.open_menu("statistics")
        for _ in range(4):
            self.show(f"statistics by {scene.dimension}")
            scene.dimension_choice.step(+1)
        self.hover_all(scene, "statistics")
        scene.trend_choice.step(+1)
        self.show("statistics, no accuracy kept yet")
        app.back()
        for n, (key, accuracy) in enumerate(reviewed):  # the first of one choice, read so
            app.store.note_accuracy(key, accuracy, 1 if n == 0 else 6 + n)
        scene = self.open_menu("statistics")
        scene.trend_choice.step(+1)
        self.show(f"statistics, the {scene.trend} chart")
        self.hover_all(scene, "statistics")
        self.read_trend(scene, "accuracy")
        scene.trend_choice.step(+1)
        self.read_trend(scene, "results")
        app.back()
        own = Rules(assi=True, assi_ace_takes_ace=False, re_bello=True, napola=True)
        mine = MatchSetup((SeatConfig("Tu", True), SeatConfig("CPU", False, "expert")), own)
        three = MatchSetup(setups[3].seats, Rules(players=3, settebello_coppe=True))
        # rules of one's own: "Scopa d'assi (3 changes)", "Scopa (1 change), 3 players, ..."
        # and at one screen: two rivals, partners against the computer, two teams of people
        pair = MatchSetup((SeatConfig("Anna", True), SeatConfig("Niccolò", True)), Rules())
        scientifico = Rules.preset("scopone_scientifico")
        partners = MatchSetup(
            tuple(SeatConfig(n, i % 2 == 0, "master") for i, n in enumerate(names)), scientifico
        )
        teams = MatchSetup(tuple(SeatConfig(n, True) for n in names), scientifico)
        self.past_matches([*setups[:4], mine, three, pair, partners, teams])
        kept = app.store.load_stats()  # a player with one match against the computer
        app.store.save_stats(Stats())
        solo = setups[1]
        one = play_out(Match.new(solo.rules, 77), random.Random(7))
        app.store.record_result(solo, one)
        app.store.note_accuracy(match_key(one), 64.0)
        scene = self.open_menu("statistics")
        self.show("statistics, one match won or lost")
        scene.trend_choice.step(+1)
        self.show("statistics, one match reviewed")
        app.back()
        self.statistics_at_length()
        self.statistics_reset()
        app.store.save_stats(kept)

    def read_trend(self, scene, name: str) -> None:  # noqa: ANN001
        """The pointer on the trend chart's first, a ringed and its last match: each read
        out."""
        drawn = scene.draw_trend(pygame.Surface(self.app.size), scene.trend_plot())
        line = drawn[-1].points[0]
        rings = [line.index(ring) for ring in drawn[-1].rings if ring in line]
        for step in sorted({0, *rings[:1], len(line) - 1}):
            self.hover(line[step])
            self.show(f"statistics, the {name} chart read at match {step + 1}")
        self.hover((0, 0))

    def statistics_at_length(self) -> None:
        """Thousands of matches (every bar's count written whole) and hundreds of results
        kept, some with Undo: dense charts, their bold lines named in the legend."""
        app = self.app
        rng = random.Random(12)
        stats = Stats()
        for k in range(300):
            margin = rng.choice([-9, -4, 3, 6, 11])
            totals = (11, 11 - margin) if margin > 0 else (11 + margin, 11)
            result = MatchResult("solo", 2, "classic", "expert", margin > 0, margin, 1, totals,
                                 3, undone=k % 11 == 3, match_id=f"{k:x}/40",
                                 accuracy=rng.uniform(40, 95))  # fmt: skip
            stats = stats.add(result)
        tallies = {
            ("solo", players, preset, level): Tally(won + lost, won, lost)
            for (preset, players, level), (won, lost) in {
                ("classic", 2, "expert"): (1971, 2314),
                ("scopone_scientifico", 4, "master"): (4426, 4431),
                ("quindici", 3, "beginner"): (428, 1429),
                ("cirulla", 6, "expert"): (2423, 434),
                ("custom", 2, "master"): (1455, 1402),
            }.items()
        }
        tallies[("hotseat", 4, "assi", "none")] = Tally(12715)
        app.store.save_stats(Stats(tallies, stats.recent))
        scene = self.open_menu("statistics")
        for trend in ("results", "accuracy"):
            for _ in range(4):
                self.show(f"statistics of thousands of matches by {scene.dimension}, {trend}")
                scene.dimension_choice.step(+1)
            self.read_trend(scene, f"dense {trend}")
            scene.trend_choice.step(+1)
        app.back()

    def statistics_reset(self) -> None:
        """The reset of the statistics: asked (a match left unfinished, or none), done (the
        statistics and the past matches kept as backups, or the statistics alone), and
        refused by the system."""
        app = self.app
        solo = MatchSetup((SeatConfig("Tu", True), SeatConfig("CPU", False, "expert")), Rules())
        played = play_out(Match.new(solo.rules, 5), random.Random(5))
        when = datetime.now().astimezone().isoformat(timespec="seconds")
        app.store.save_stats(Stats())
        app.store.record_result(solo, played)
        app.store.keep_past(PastMatch(when, solo, played.record(), played))
        scene = self.open_menu("statistics")
        self.click(scene.reset_button)
        self.frames(8)
        self.show("statistics, reset them?")
        app.back()
        app.store.save_match(solo, Match.new(solo.rules, 6).record())
        self.click(scene.reset_button)
        self.frames(8)
        self.show("statistics, reset them? a match left unfinished")
        self.click(app.stack.top.yes_button)  # type: ignore[attr-defined]
        self.frames(8)
        self.show("statistics reset, both files kept")
        app.store.clear_match()
        app.toasts = type(app.toasts)()
        app.back()
        app.store.record_result(solo, played)  # the statistics alone: one file kept
        scene = self.open_menu("statistics")
        self.click(scene.reset_button)
        self.frames(8)
        self.click(app.stack.top.yes_button)  # type: ignore[attr-defined]
        self.frames(8)
        self.show("statistics reset, one file kept")
        app.toasts = type(app.toasts)()
        app.back()
        app.store.record_result(solo, played)
        scene = self.open_menu("statistics")
        refused = StatsReset((), FileProblem("files.reason_denied"))
        with mock.patch.object(app.store, "reset_stats", return_value=refused):
            scene.reset()
        self.frames(2)
        self.show("statistics, the reset refused")
        app.toasts = type(app.toasts)()
        files = self.t("list.and", a="stats.json.bak12", b="past.json.bak3")
        names = self.t("list.and", a="stats.json", b="past.json")
        app.notify(worded("st_reset_done", folder=LONG_FOLDER, files=files, names=names))
        self.show("statistics reset, in a folder of a long name")
        app.toasts = type(app.toasts)()
        app.open(
            "confirm",
            question=scene.tr("st_reset_question"),
            on_yes=lambda: None,
            detail=scene.tr("st_reset_detail_saved", folder=LONG_FOLDER),
            yes=scene.tr("st_reset_yes"),
            no=scene.tr("st_reset_no"),
        )
        self.frames(8)
        self.show("statistics, reset them? a folder of a long name")
        app.back()
        app.back()

    def past_matches(self, setups: list[MatchSetup]) -> None:
        """The list of past matches, empty then with matches of each kind: won and lost,
        today, yesterday and long ago, with Undo, reviewed or not."""
        app = self.app
        app.store.save_stats(Stats())  # the matches counted so far were never kept here
        self.open_menu("past")
        self.show("past matches, none yet")
        app.back()
        now = datetime.now().astimezone()
        rng = random.Random(11)
        early = play_out(Match.new(setups[0].rules, 199), rng)  # an earlier version's: counted
        result = result_of(setups[0], early, when=now - timedelta(days=800))
        app.store.save_stats(app.store.load_stats().add(result))
        self.open_menu("past")
        self.show("past matches, none kept, one counted by an earlier version")
        app.back()
        for k, setup in enumerate(setups * 2):
            played = play_out(Match.new(setup.rules, 200 + k), rng)
            ended = now - timedelta(days=(0, 1, 40, 400)[k % 4])
            when = ended.isoformat(timespec="seconds")
            hinted = frozenset({0}) if k in (3, 4) else frozenset()  # with hints, and Undo
            undone = k in (2, 4)
            past = PastMatch(when, setup, played.record(), played, hinted, undone)
            app.store.keep_past(past)
            result = result_of(setup, played, undone=undone, when=ended)
            app.store.save_stats(app.store.load_stats().add(result))
            if k % 3:
                app.store.note_accuracy(match_key(played), 40.0 + 3 * k)
        cirulla = Rules.preset("cirulla")  # won by cappotto behind on points: said so
        cappotto = play_out(Match.new(cirulla, 1374), random.Random(1374))
        solo = MatchSetup.solo(cirulla, level="expert")
        when = now.isoformat(timespec="seconds")
        app.store.keep_past(PastMatch(when, solo, cappotto.record(), cappotto))
        scene = self.open_menu("past")
        self.hover_all(scene, "past matches")
        app.matches.coach_mode = "thread"
        alone = next(row for row in scene.rows if row.past.alone)
        scene.scroll.reveal(alone)
        self.click(alone)  # its review, graded again
        self.show("past matches, a match's review")
        self.hover(app.stack.top.scope_choice)  # type: ignore[attr-defined]
        self.show("past matches, a match's review, its choice of rounds told")
        app.stack.top.scope_choice.step(-1)  # type: ignore[attr-defined]
        self.show("past matches, a match's review, its last round")
        app.back()
        newest = max(app.store.load_past(), key=lambda past: past.when)
        for path in (app.store.past_path, app.store.past_together_path):
            path.unlink(missing_ok=True)
        app.store.keep_past(newest)
        app.back()
        self.open_menu("past")
        self.show("past matches, one")
        later = play_out(Match.new(setups[0].rules, 198), rng)  # after it, not kept
        result = result_of(setups[0], later, when=now + timedelta(minutes=1))
        app.store.save_stats(app.store.load_stats().add(result))
        app.back()
        self.open_menu("past")
        self.show("past matches, one, a later one counted by an earlier version")
        app.notify(worded("past.nothing_played"))  # a match its first table decided, opened
        self.show("past matches, one decided at the deal")
        app.toasts = type(app.toasts)()
        app.back()
        path = app.store.past_path
        listed = json.loads(path.read_text())
        listed["matches"].append({"damaged": True})  # one match lost with it, one kept
        path.write_text(json.dumps(listed))
        self.open_menu("past")
        app.toasts = type(app.toasts)()
        self.show("past matches, one lost with a damaged file")
        app.back()
        path.write_bytes(bytes(random.Random(3).randrange(256) for _ in range(300)))
        self.open_menu("past")
        app.toasts = type(app.toasts)()
        self.show("past matches, all lost with a damaged file")
        app.back()
        app.store.backups.clear()

    # --- score sheets ----------------------------------------------------------------------

    def sheet(self, setup: MatchSetup, match: Match, place: str) -> ScoringScene:
        scene = ScoringScene(self.app, MatchCoordinator(setup, match))
        self.app.stack.push(scene)
        self.frames(2)
        self.hover_all(scene, place)
        for row, box in list(scene.row_boxes.items()):
            self.hover(box.center)
            self.show(f"{place}, the cards behind {row}")
        self.hover((0, 0))
        return scene

    def rematches(self, solo: MatchSetup) -> None:
        """The rematch's table saying who won the match before it: you, your team, another,
        another team."""
        app = self.app
        team = MatchSetup(
            (solo.seats[0], SeatConfig("Marco", False), SeatConfig("Lucia", False),
             SeatConfig("Paolo", False)),
            Rules(players=4, teams=True),
        )  # fmt: skip
        for setup in (solo, team):
            for winner in (0, 1):
                match = play_out(Match.new(setup.rules, 50 + winner), random.Random(winner))
                seed = 60
                while match.winner != winner:
                    seed += 1
                    match = play_out(Match.new(setup.rules, seed), random.Random(seed))
                app.store.clear_match()  # (a match saved would be asked about first)
                app.toasts = type(app.toasts)()
                scene = ScoringScene(app, MatchCoordinator(setup, match))
                app.stack.push(scene)
                self.frames(2)
                scene.rematch()
                self.frames(4)
                self.show(f"table, a rematch, side {winner} won the match before")
                self.home()

    def scoring(self) -> None:
        app = self.app
        you = self.t("you")
        solo = MatchSetup((SeatConfig(you, True), SeatConfig("Giulia", False)), Rules())
        scene = self.sheet(solo, first_round(Rules(), 4), "scoring, a round")
        scene.replay_deal()
        self.frames(8)
        self.show("scoring, leave to replay the round?")
        app.back()
        app.back()
        deck = app.settings.deck_style
        for faces, cards in (("southern", deck), ("southern", "french"), ("zero", deck)):
            # the face cards' values said behind the primiera, as the deck names them
            app.settings = app.settings.with_(deck_style=cards)
            rules = Rules(face_values=faces)
            scene = ScoringScene(
                app, MatchCoordinator(MatchSetup(solo.seats, rules), first_round(rules, 4))
            )
            app.stack.push(scene)
            self.frames(2)
            self.hover(scene.row_boxes["primiera"].center)
            self.show(f"scoring, the cards behind the primiera, face cards {faces} ({cards})")
            self.hover((0, 0))
            app.back()
        app.settings = app.settings.with_(deck_style=deck)
        watching = MatchSetup((SeatConfig("Giulia", False), SeatConfig("Marco", False)), Rules())
        scene = self.sheet(watching, first_round(Rules(), 4), "scoring, a round watched")
        scene.replay_deal()
        self.frames(8)
        self.show("scoring, leave the match watched to replay the round?")
        app.back()
        self.frames(1, key(pygame.K_ESCAPE))
        self.show("scoring, the menu")
        app.back()
        app.back()
        capp = cappotto()
        self.sheet(MatchSetup(solo.seats, capp.rules), capp, "scoring, cappotto")
        app.store.locked_out = True  # won in a copy another keeps the folder from
        self.show("scoring, a match won not counted")
        app.store.locked_out = False
        sheet = app.stack.top
        sheet.coordinator.uncounted = lambda: True  # its result refused by a full disk
        self.show("scoring, a match won counted once there is room")
        del sheet.coordinator.uncounted
        app.back()
        tied, rng = Match.new(Rules(), 38), random.Random(38)  # 11 all after round 4
        while not (tied.rounds and max(tied.totals) >= 11 and not tied.round.history()):
            tied, _ = tied.apply(rng.choice(tied.legal_moves()))
        self.sheet(solo, tied, "scoring, tied at the target")
        app.back()
        table = self.table(solo, tied)
        self.settle(table)
        self.show("table, a tie-break round")
        self.home()
        for cause, decided in won_at_deal().items():
            setup = MatchSetup(solo.seats, decided.rules)
            self.sheet(setup, decided, f"scoring, cirulla, the first table won ({cause})")
            app.back()
        for winner in (0, 1):
            match = play_out(Match.new(Rules(), 30 + winner), random.Random(winner))
            if match.winner != winner:
                match = play_out(Match.new(Rules(), 40 + winner), random.Random(9 + winner))
            scene = self.sheet(solo, match, f"scoring, side {match.winner} won")
            scene.coordinator.won_before = (2, 1)  # after rematches: the tally
            self.show(f"scoring, side {match.winner} won, the tally of the rematches")
            scene.coordinator.won_before = ()
            app.matches.current = scene.coordinator
            app.open("pause")  # over a match over: the main menu, not save or abandon
            self.frames(8)
            self.hover_all(app.stack.top, "scoring, the menu over a match over")
            if winner == 0:  # four players chosen there: the rematch keeps the two
                scene.coordinator.settings_rules = Rules()
                app.settings = app.settings.with_(rules=Rules(players=4))
                app.back()
                self.hover_all(scene, "scoring, the seats changed in the settings")
                app.settings = app.settings.with_(rules=Rules())
                app.open("pause")
                self.frames(8)
            app.open("settings")
            self.frames(2)
            self.show("settings over a match over: what its rematch plays")
            app.back()
            app.back()
            self.hover_all(scene, "scoring, the rematch's rules")
            kept = app.settings
            scene.coordinator.settings_rules = Rules()
            app.settings = kept.with_(rules=Rules.preset("rulebook").with_(napola=True))
            self.hover_all(scene, "scoring, the rematch's rules changed in the settings")
            app.settings = kept
            app.matches.current = None
            app.back()
        self.rematches(solo)
        names = ("Giulia", "Marco", "Lucia", "Paolo")
        every = Rules(
            players=4,
            teams=True,
            napola=True,
            re_bello=True,
            settebello_coppe=True,
            incomplete_primiera=True,
        )
        for humans in ((0,), (0, 1, 2, 3)):
            seats = [SeatConfig(n, i in humans) for i, n in enumerate(names)]
            if humans == (0,):
                seats[0] = SeatConfig(you, True)
            setup = MatchSetup(tuple(seats), every)
            for seed in (1, 2):
                match = play_out(Match.new(every, seed), random.Random(seed))
                self.sheet(setup, match, f"scoring, teams, humans {humans}")
                app.back()
        four = Rules(players=4, teams=False, incomplete_primiera=True)
        for seed in (1, 324):
            match = first_round(four, seed)
            self.sheet(MatchSetup(every_seats(names), four), match, "scoring, four alone")
            app.back()
        three = Rules(players=3, seven_count=True, incomplete_primiera=True)
        seats3 = (SeatConfig(you, True), SeatConfig("Giulia", False), SeatConfig("Marco", False))
        for seed in range(6):
            match = play_out(Match.new(three, seed), random.Random(seed))
            self.sheet(MatchSetup(seats3, three), match, "scoring, three players")
            app.back()
        six = Rules(players=6, six_sides=6, seven_count=True, seven_count_aces=True)
        longest = ("Massimiliano", "Mariachiara", "Bartolomeo", "Annamaria", "Gianluca", "Rosalba")
        seats = tuple(SeatConfig(n, i == 0) for i, n in enumerate(longest))
        over = play_out(Match.new(six, 5), random.Random(5))
        capp = cappotto(3)
        for setup, match, tally in (
            (MatchSetup(seats, six), over, (3, 2, 2, 1, 1, 0)),
            (MatchSetup(seats[:3], capp.rules), capp, (1, 2, 1)),
        ):  # the longest names: the line of the points and the tally on two lines
            coordinator = MatchCoordinator(setup, match)
            coordinator.won_before = tally
            app.stack.push(ScoringScene(app, coordinator))
            self.frames(2)
            self.show(f"scoring, {setup.rules.players} alone, the tally of the rematches")
            app.back()
        sixes = ("Anna", "Giulia", "Marco", "Chiara", "Luca", "Sara")
        seats6 = tuple(SeatConfig(n, i == 0) for i, n in enumerate(sixes))
        for seed in range(40):  # a round where sides are level on the most sevens
            match = first_round(six, seed)
            sevens = [b.sevens for b in match.rounds[-1]]
            if sevens.count(max(sevens)) > 1:
                self.sheet(MatchSetup(seats6, six), match, "scoring, six alone, sevens level")
                app.back()
                break
        cirulla = Rules.preset("cirulla").with_(players=4, teams=False)
        cards = [[card for card in DECK if card.index % 4 == side] for side in range(4)]
        scores = score_round(cards, (13, 12, 11, 10), cirulla, bonus=(10, 10, 10, 10))
        start = Match.new(cirulla, 7)
        knocked = Match._make(cirulla, 7, 0, (), start.round, (23, 22, 21, 20), (scores,), None,
                              False, None)  # fmt: skip
        setup = MatchSetup(every_seats(names), cirulla)
        self.sheet(setup, knocked, "scoring, cirulla, scopas with bonuses, four alone")
        app.back()
        pair = cirulla.with_(players=2)
        halves = [[card for card in DECK if card.index % 2 == side] for side in range(2)]
        scores = score_round(halves, (13, 2), pair, bonus=(10, 0))
        start = Match.new(pair, 7)
        knocked = Match._make(pair, 7, 0, (), start.round, (23, 2), (scores,), None, False, None)
        self.sheet(MatchSetup(solo.seats, pair), knocked, "scoring, cirulla, scopas with bonuses")
        app.back()
        played = first_round(pair, 31)  # the dealer's table of 30 and a knock each
        self.sheet(
            MatchSetup(solo.seats, pair), played, "scoring, cirulla, where bonuses came from"
        )
        app.back()
        runs = [C(text) for text in ("1D", "2D", "3D", "4D", "10D", "9D", "8D", "7D")]
        piles = [runs, [card for card in DECK if card not in runs]]
        dossena = cirulla.with_(players=2, dossena_scale=True)
        for rules in (every.with_(players=2, teams=False), dossena):
            start = Match.new(rules, 7)
            scores = (score_round(piles, (0, 0), rules),)
            scored = Match._make(rules, 7, 0, (), start.round, (5, 2), scores, None, False, None)
            self.sheet(MatchSetup(solo.seats, rules), scored, "scoring, runs of coins")
            app.back()
        app.settings = app.settings.with_(deck_style="french")  # the grande's courts named so
        for rules in (cirulla.with_(players=2), dossena):
            start = Match.new(rules, 7)
            scores = (score_round(piles, (0, 0), rules),)
            scored = Match._make(rules, 7, 0, (), start.round, (5, 2), scores, None, False, None)
            self.sheet(MatchSetup(solo.seats, rules), scored, "scoring, runs of coins, french")
            app.back()
        app.settings = app.settings.with_(deck_style="napoletane")
        aces = Rules(seven_count=True, seven_count_aces=True)
        order = (1, 5, 4, 3, 2)
        for at, rank in enumerate(order):  # sevens and sixes level: each rank that decides
            pile = [C(text) for text in ("7D", "7C", "6D", "6C")]
            pile += [Card(tied, suit) for tied in order[:at] for suit in "DC"]
            pile += [Card(rank, suit) for suit in "DCS"]
            start = Match.new(aces, 7)
            scores = (score_round([pile, [c for c in DECK if c not in pile]], (0, 0), aces),)
            scored = Match._make(aces, 7, 0, (), start.round, (1, 0), scores, None, False, None)
            self.sheet(MatchSetup(solo.seats, aces), scored, f"scoring, sevens settled by {rank}s")
            app.back()
        app.settings = app.settings.with_(deck_style="french")
        self.sheet(MatchSetup(every_seats(names), every), first_round(every, 3), "scoring, french")
        app.back()
        app.settings = app.settings.with_(deck_style="napoletane")

    # --- tables ----------------------------------------------------------------------------

    def table(self, setup: MatchSetup, match: Match, worker: AiWorker | None = None) -> TableScene:
        self.home()
        scene = TableScene(
            self.app, coordinated(self.app, setup, match), worker=worker or inline_worker()
        )
        self.app.stack.push(scene)
        return scene

    def settle(self, scene: TableScene, limit: int = 3000) -> None:
        for _ in range(limit):
            if not scene.director.busy and self.app.stack.top is scene:
                return
            self.app.frame(FRAME, [], draw=None)

    def uncover(self, scene: TableScene) -> None:
        """The cover over a table at one screen lifted, once it came (if it comes)."""
        for _ in range(600):
            if scene.cover is not None:
                lift_cover(self.app, scene)
                return
            self.frames(1)

    def play_until(self, scene: TableScene, done: Callable[[], bool]) -> None:
        """The human plays its first legal move at each turn, frame by frame, until
        ``done`` (3000 frames at most)."""
        for _ in range(3000):
            if done():
                return
            if scene.human_to_play is not None:
                scene.play(scene.match.legal_moves()[0])
            self.frames(1)

    def watch_table(self, scene: TableScene, place: str, frames: int = 600) -> None:
        """Run the table, looking at every banner, status line and screen on top of it."""
        seen: set[object] = set()
        for _ in range(frames):
            top = self.app.stack.top
            if top is not scene:
                if type(top).__name__ not in seen:
                    seen.add(type(top).__name__)
                    self.frames(8)
                    self.hover_all(top, f"{place}: {type(top).__name__}")
                return
            news = [b.text for b in scene.director.banners if b.alpha > 200] + [scene.status_text()]
            for item in news:
                if item is not None and item not in seen:
                    seen.add(item)
                    self.show(f"{place}: {item}")
            seat = scene.human_to_play
            if seat is not None:
                scene.play(scene.match.legal_moves()[0])
            self.app.frame(FRAME, [], draw=None)

    def tables(self) -> None:
        app = self.app
        app.settings = app.settings.with_(animation_speed="fast")
        you = self.t("you")
        solo = MatchSetup((SeatConfig(you, True), SeatConfig("Giulia", False, "beginner")), Rules())
        scene = self.table(solo, fixed_match("10D 5C 8D", "1C 2C 6S", "1B 2B 3S 4S"))
        self.settle(scene)
        self.show("table, your turn")
        dealt = scene.director.shown.dealer
        for dealer in (0, 1):  # the pointer on the dealer's button: what it means
            scene.director.shown.dealer = dealer
            disc = dealer_disc(scene.layout.place_of(dealer).name_rect, scene.text)
            self.hover(disc.center)
            self.show(f"table, the dealer's button explained, seat {dealer} deals")
        scene.director.shown.dealer = dealt
        self.hover((0, 0))
        scene.pick.selected = C("10D")  # clicked in the hand: it takes one way only
        scene.pick.clicked = True
        scene.input.keyboard = False  # a click brings the pointer back
        self.show("table, a card clicked in the hand")
        scene.pick.selected = C("5C")  # 1 + 4 or 2 + 3: no double click plays it
        self.show("table, a card clicked that takes more than one way")
        scene.pick.clear()
        answer = threading.Event()
        scene.aids.worker = AiWorker(held_hint(answer), mode="thread")
        self.frames(2, key(pygame.K_h))
        self.show("table, a hint being worked out")
        answer.set()
        self.wait(lambda: scene.aids.hint is not None)
        self.frames(2)
        self.show("table, a hint")
        self.frames(1, key(pygame.K_t))
        self.show("table, the tracker")
        self.frames(1, key(pygame.K_t))
        self.frames(1, key(pygame.K_TAB), key_up(pygame.K_TAB))
        self.show("table, the last capture (none yet)")
        self.frames(1, key(pygame.K_TAB), key_up(pygame.K_TAB))
        for button in scene.aids.buttons():
            self.hover(button.rect.center)
            self.show("table, an aid under the pointer")
        self.hover(scene.layout.menu_rect.center)
        self.show("table, the menu button under the pointer")
        self.hover((0, 0))
        self.frames(1, key(pygame.K_u))
        self.show("table, nothing to undo")
        self.drag(centre_of(scene, C("8D")), centre_of(scene, C("2B")))
        self.show("table, the 8 cannot take the 2")
        self.frames(90)
        self.drag(centre_of(scene, C("5C")), empty_felt(scene))
        self.frames(10)
        self.show("table, which capture")
        self.frames(1, key(pygame.K_ESCAPE))
        self.frames(10)
        self.drag(centre_of(scene, C("10D")), centre_of(scene, C("1B")))
        for _ in range(200):
            self.frames(1)
            if any(b.kind == "scopa" and b.alpha > 200 for b in scene.director.banners):
                break
        self.show("table, scopa")
        self.settle(scene)
        for _ in range(400):
            status = scene.status_text()
            if status is not None and status[0] == self.t("table.thinking", name="Giulia"):
                break
            self.frames(1)
        self.show("table, the computer thinks")
        self.settle(scene)
        self.frames(1, key(pygame.K_TAB), key_up(pygame.K_TAB))
        self.show("table, the last capture")
        self.frames(1, key(pygame.K_TAB), key_up(pygame.K_TAB))
        self.frames(1, key(pygame.K_u))
        self.show("table, a play taken back, the first of the match")
        scene.say(worded("aids.undo_done"))  # as a later one is told
        self.show("table, a play taken back")
        scene.say(worded("aids.hint_followed_first"))
        self.show("table, the first move made on a hint")
        scene.say(worded("aids.undo_pass_stays"))
        self.show("table, undo after No knock")
        scene.say(worded("table.drag_too_early"))
        self.show("table, a card carried before the turn and let go")
        scene.say(worded("table.drag_table_changed"))
        self.show("table, a card carried before the turn, the table changed under it")
        for kind in ("knock", "knock_alone", "retract"):  # Cirulla's
            for said in (f"aids.undo_done_{kind}_first", f"aids.undo_done_{kind}"):
                scene.say(worded(said))
                self.show(f"table, undo of a {kind} said")
        muted = app.settings.muted
        self.frames(1, key(pygame.K_m))
        self.show("table, the sound turned off or on with M")
        self.frames(1, key(pygame.K_m))
        self.show("table, the sound turned on or off again with M")
        assert app.settings.muted == muted
        available, app.audio.available = app.audio.available, False  # no sound device
        for _ in range(2):
            self.frames(1, key(pygame.K_m))
            self.show("table, the sound turned on or off with M, with no sound device")
        app.audio.available = available
        assert app.settings.muted == muted
        scene.say(worded("table.sound_silent"))  # (M with the volume at 0 %)
        self.show("table, the sound turned on with M, its volume at nothing")
        app.open("pause")
        self.frames(8)
        self.hover_all(app.stack.top, "pause")
        before = app.settings
        app.settings = before.with_(rules=Rules.preset("milanese"))  # new matches' rules
        settings = self.open_menu("settings")
        self.show("settings over a match, its rules kept")
        settings.back()
        app.settings = before
        self.frames(2)
        app.stack.top.on_abandon()
        self.frames(8)
        self.show("pause, abandon?")
        app.back()
        coordinator = scene.coordinator
        coordinator.kept = lambda: False  # type: ignore[method-assign]  # a disk that refuses
        app.stack.top.on_leave()
        self.frames(8)
        self.show("pause, leave what could not be saved?")
        app.back()
        app.ask_to_quit()  # the window's close button
        self.frames(8)
        self.hover_all(app.stack.top, "pause, quit with what could not be saved?")
        del coordinator.kept
        app.back()
        finished = ("leave_unsaved_question", "quit_unsaved_result_detail")  # (its sheet left)
        app.matches.lost_on_quit = lambda: finished  # type: ignore[method-assign]
        app.ask_to_quit()
        self.frames(8)
        self.show("quit with a finished match the disk refused?")
        del app.matches.lost_on_quit
        app.back()
        app.back()
        app.store.locked_out = True  # another copy of the game keeps the folder
        app.open("pause")
        self.frames(8)
        self.hover_all(app.stack.top, "pause, a copy that saves nothing")
        app.stack.top.on_leave()
        self.frames(8)
        self.show("pause, leave a match this copy cannot save?")
        app.back()
        app.stack.top.on_abandon()
        self.frames(8)
        self.show("pause, abandon a match this copy cannot save?")
        app.back()
        app.ask_to_quit()
        self.frames(8)
        self.show("pause, quit a match this copy cannot save?")
        app.store.locked_out = False
        app.back()
        app.back()
        self.frames(2)
        app.settings = app.settings.with_(deck_style="french")
        scene.enter()
        self.frames(1, key(pygame.K_t))
        self.show("table, french tracker")
        self.frames(1, key(pygame.K_t))
        app.settings = app.settings.with_(deck_style="napoletane")

        self.cards_named(scene)
        scene = self.table(solo, fixed_match("1C 2C 3C", "4D 5D 6D", "5S 6S 8B 9B"))
        self.settle(scene)
        self.frames(2, key(pygame.K_h))
        self.frames(2)
        self.show("table, a hint to lay a card")
        warning = (("ranks", "7,6,1"), ("sweep", "10,10,9,1"))  # the longest reason, warned
        scene.aids.hint = Hint(scene.match.legal_moves()[0], "primiera", warning)
        scene.aids.hint_match = scene.match
        self.frames(2)
        self.show("table, a hint that warns of the scopa it leaves")

        scene = self.table(solo, brink(Rules(), 0, 0))
        self.play_until(scene, lambda: scene.match.over)
        self.frames(1, key(pygame.K_u))
        self.show("table, undo after the last card")
        scene = self.table(solo, Match.new(Rules(), 5, first_dealer=1))
        self.play_until(
            scene, lambda: scene.match.round.deal_no == 2 and scene.human_to_play is not None
        )
        self.frames(1, key(pygame.K_u))
        self.show("table, no undo past the new deal")
        self.frames(1, key(pygame.K_RIGHT))
        self.show("table, your turn told from the keys")
        scene = self.table(solo, brink(Rules(), 0, 0))
        self.watch_table(scene, "table, you win")
        scene = self.table(solo, brink(Rules(), 1, 1))
        self.watch_table(scene, "table, Giulia wins")

        names = ("Giulia", "Marco", "Lucia", "Paolo")
        teams = Rules.preset("scopone")
        seats = list(every_seats(names))
        seats[0] = SeatConfig(you, True)
        for last, winner in ((0, 0), (1, 1)):
            scene = self.table(MatchSetup(tuple(seats), teams), brink(teams, last, winner))
            self.watch_table(scene, "table, teams")
        named = MatchSetup(tuple(SeatConfig(n, True) for n in names), teams)
        for last, winner in ((0, 0), (1, 1)):
            scene = self.table(named, brink(teams, last, winner))
            self.watch_table(scene, "table, hot-seat teams")
        scene = self.table(named, Match.new(teams, 4))  # a friend online the computer plays
        scene._stood_in = lambda: frozenset({2})  # type: ignore[method-assign]
        self.settle(scene)
        self.show("table, the computer plays for a friend across the table")

        hotseat = MatchSetup((SeatConfig("Anna", True), SeatConfig(you, True)), Rules())
        scene = self.table(hotseat, Match.new(Rules(), 5))
        self.settle(scene)
        self.frames(2)
        self.show("table, the cover")
        for told in (
            "table.pass_hold",
            "table.pass_move",
            "table.pass_wait",
            "table.pass_wait_click",
            "table.pass_hold_key",
        ):
            scene._tell_cover(told)  # a try that did not lift it: how it is lifted
            self.show(f"table, the cover answering a try ({told})")
        for left in (88, 0):  # online, the friends kept waiting: how long they wait still
            scene._nudged = lambda left=left: left  # type: ignore[method-assign]
            self.show(f"table, the cover online, {left} s before the computer may play")
        del scene._nudged
        lift_cover(app, scene)
        self.settle(scene)
        self.frames(2)
        self.show("table, hot-seat turn")
        self.frames(1, key(pygame.K_RIGHT))
        self.show("table, hot-seat turn told from the keys")
        self.frames(1, key(pygame.K_u))
        self.show("table, no undo in hot-seat")
        app.open("pause")
        self.frames(8)
        self.hover_all(app.stack.top, "pause, several people at this screen")
        seats = self.open_menu("seats")
        self.hover_all(seats, "who plays")
        seats.choices[1].step(+1)  # one person left: refused, and why
        self.show("who plays, one person left")
        seats.choices[1].step(-1)
        app.back()
        app.back()

        # a computer sweeps between two people: the next one's cover names who made it
        three = Rules(players=3)
        swept = MatchSetup(
            (SeatConfig("Anna", True), SeatConfig("Marco", False, "expert"),
             SeatConfig(you, True)), three,
        )  # fmt: skip
        dealt = deck_of("5S 8D 9B", "5B 5C 5D", "6S 8C 9C", "1B 2S 3C 4D")
        scene = self.table(swept, Match.new(three, 1, first_dealer=2, decks=(dealt,)))
        self.settle(scene)
        lift_cover(app, scene)
        self.settle(scene)
        scene.play(Move.parse("5Sx1B+4D"))  # leaves 2 + 3, which every five of Marco's sweeps
        self.play_until(scene, lambda: scene.cover is not None)
        self.frames(2)
        self.show("table, the cover after a computer's scopa")
        many = (Move.parse("10Dx1C+2C+3C+4C"), Move.parse("1Dx2C+3C+4C+5C"))
        matta = News("took", 1, Move.parse("7Cx1B"), 1)  # (Cirulla's, named an ace)
        scene._cover_news = (
            True,
            (News("took", 1, many[0]), News("scopa", 1, many[1]), matta),
        )
        self.frames(1)
        self.show("table, the cover telling captures of many cards, and the matta's value")
        opening = News("opening", 1, None, 2, total=15, points=2)  # (the matta named 2)
        scene._cover_news = (False, (opening, News("scopa", 1, many[1])))
        self.frames(1)
        self.show("table, the cover telling of the opening table the dealer took")
        passes = (News("pass", 1, Move.parse("-"), also=(0,)), News("pass", 0, Move.parse("-")))
        knock = News("knock", 1, Move.parse("!"), points=3)  # (with what it scored)
        scene._cover_news = (True, (*passes, knock))
        self.frames(1)
        self.show("table, the cover telling who did not knock at the deal, and a knock")
        scene._cover_news = (False, ())
        people = (SeatConfig("Anna", True), SeatConfig("Marco", True), SeatConfig(you, True))
        app.matches.current = scene.coordinator
        app.matches.reseat(people)  # Marco comes to the table
        self.uncover(app.stack.top)  # (what is told waits for the cover to lift)
        self.frames(4)
        self.show("table, a person plays again")
        app.toasts._toasts.clear()
        app.matches.reseat(swept.seats)  # and goes
        self.uncover(app.stack.top)
        self.frames(4)
        self.show("table, the computer plays for a person now")
        app.toasts._toasts.clear()
        close = app.stack.top
        if isinstance(close, TableScene):
            close.close()

        watch = MatchSetup(tuple(SeatConfig(n, False, "beginner") for n in names[:2]), Rules())
        scene = self.table(watch, Match.new(Rules(), 6))
        self.settle(scene)
        self.show("table, watching")
        self.click((app.size[0] // 2, app.size[1] // 2))
        self.show("table, watching fast")
        app.open("pause")
        self.frames(8)
        self.hover_all(app.stack.top, "pause, watching")
        app.back()

        three = Rules(players=3, target=21)
        seats3 = (
            SeatConfig(you, True),
            SeatConfig("Giulia", False, "greedy"),
            SeatConfig("Marco", False, "master"),
        )
        scene = self.table(MatchSetup(seats3, three), Match.new(three, 2))
        self.settle(scene)
        self.show("table, three players")

        assi = Rules(assi=True, assi_redeal=True)
        for rules, cause in ((Rules(), "kings"), (assi, "ace")):
            scene = self.table(MatchSetup(solo.seats, rules), redealt(rules, cause))
            self.banner(scene, f"table, redeal ({cause})")
        four = tuple(C(f"10{suit}") for suit in "DCSB")
        scene.director.show([Redealt(0, four, "kings")])
        self.banner(scene, "table, redeal (four kings)", self.t("table.redeal_kings_4"))
        for aces in (2, 3, 4):
            table = tuple(C(f"1{suit}") for suit in "DCSB"[:aces]) + (C("5D"),) * (4 - aces)
            scene.director.show([Redealt(0, table, "aces")])
            words = self.t(f"table.redeal_aces_{aces}")
            self.banner(scene, f"table, redeal ({aces} aces)", words)
        three = tuple(C(f"5{suit}") for suit in "DCS") + (C("7B"),)
        scene.director.show([Redealt(0, three, "three_of_a_kind")] * 2)
        words = self.t("table.redeal_three_of_a_kind", n=2)
        self.banner(scene, "table, a misdeal (three of a kind)", words)
        for seat, whose in ((0, "you"), (1, "another")):
            words = scene.director.about_seat("table.settebello_to", seat)
            scene.director._banner(words, "info", 1.1)
            self.banner(scene, f"table, the settebello taken ({whose})", words)
            words = scene.director.about_seat("table.scopa_last_card", seat)
            scene.director._banner(words, "scopa", 1.3)
            self.banner(scene, f"table, a scopa at the last card ({whose})", words)

        broken = AiWorker(lambda level, seed, obs: "no move", mode="inline")
        scene = self.table(solo, Match.new(Rules(), 8), worker=broken)
        for _ in range(300):
            if app.toasts:
                break
            if scene.human_to_play is not None:
                scene.play(scene.match.legal_moves()[0])
            self.frames(1)
        self.show("table, the computer failed")
        self.home()
        app.toasts = type(app.toasts)()

    def cirulla_tables(self) -> None:
        """Cirulla at the table: the knock button, the matta's picker, the pass and the
        take-back of declarations at the deal, the hint to knock, and every banner of the
        opening table, of a knock, of a take-back and of a game won by the deal."""
        you = self.t("you")
        cirulla = Rules.preset("cirulla")
        seats = (SeatConfig(you, True), SeatConfig("Giulia", False, "beginner"))
        solo = MatchSetup(seats, cirulla)
        scene = self.table(solo, fixed_match("1D 2C 3S", "4B 8C 9C", "4S 5D 9B 10C", cirulla))
        self.settle(scene)
        self.show("cirulla, a low hand to knock with")
        for button in scene.knock_buttons():
            self.hover(button.rect.center)
            self.show("cirulla, the knock button under the pointer")
        self.frames(2, key(pygame.K_h))
        self.frames(2)
        self.show("cirulla, the hint to knock")
        self.frames(1, key(pygame.K_k))
        self.banner(scene, "cirulla, you knock")
        self.settle(scene)
        self.show("cirulla, your hand shown after the knock")
        self.frames(2, key(pygame.K_k))
        self.show("cirulla, K once the hand has knocked")
        self.play_until(scene, lambda: scene.match.round.hands[0].bit_count() == 1)
        self.settle(scene)
        self.show("cirulla, the last card of a hand shown")
        friends = MatchSetup((SeatConfig("Anna", True), SeatConfig("Bruno", True)), cirulla)
        scene = self.table(friends, fixed_match("1D 2C 3S", "4B 8C 9C", "4S 5D 9B 10C", cirulla))
        self.settle(scene)
        lift_cover(self.app, scene)
        self.settle(scene)
        self.show("cirulla, hot-seat, a low hand to knock with")
        self.frames(2, key(pygame.K_RIGHT))
        self.show("cirulla, hot-seat, a low hand to knock with, on the keys")

        scene = self.table(solo, fixed_match("7C 2C 3S", "4B 8C 9C", "4S 5D 9B 10C", cirulla))
        self.settle(scene)
        self.click(scene.knock_buttons()[0])
        self.frames(2)
        self.show("cirulla, what the matta is worth")
        self.frames(1, key(pygame.K_ESCAPE))
        self.frames(1, key(pygame.K_k))
        self.frames(2)
        self.show("cirulla, the matta's value asked for from the keyboard")
        self.frames(1, key(pygame.K_RETURN))  # the matta named 1
        self.settle(scene)
        sweep = next(m for m in scene.match.legal_moves() if m.card == C("7C") and m.captures)
        scene.aids.hint, scene.aids.hint_match = Hint(sweep, "scopa"), scene.match
        self.frames(2)
        self.show("cirulla, a hint to play the matta named a value")

        scene = self.table(solo, fixed_match("8D 9D 10S", "4B 8C 9C", "4S 5D 9B 10C", cirulla))
        self.settle(scene)
        self.frames(2, key(pygame.K_k))
        self.show("cirulla, K with nothing to knock for")

        scene = self.table(solo, fixed_match("1D 2C 3S", "4B 8C 9C", "4S 5D 9B 10C", cirulla))
        self.settle(scene)
        scene.play(next(m for m in scene.match.legal_moves() if m.is_play))  # no knock
        self.play_until(scene, lambda: scene.human_to_play == 0 and not scene.director.busy)
        self.frames(2, key(pygame.K_k))
        self.show("cirulla, K after the hand's first card")

        scene = self.table(solo, fixed_match("1D 2C 3S", "4B 8C 9C", "4S 5D 9B 10C", cirulla))
        self.settle(scene)
        self.drag(centre_of(scene, C("2C")), empty_felt(scene))
        self.frames(10)
        self.show("cirulla, a card played by a hand that could knock")

        trail = cirulla.with_(may_trail_capturing_card=True)
        deal = fixed_match("6D 2C 10S", "1B 3B 8C", "6C 6S 4B 9B", trail)
        scene = self.table(MatchSetup(seats, trail), deal)
        self.settle(scene)
        self.drag(centre_of(scene, C("6D")), empty_felt(scene))
        self.frames(10)
        self.show("cirulla, which capture, or none")
        self.frames(1, key(pygame.K_ESCAPE))

        at_deal = cirulla.with_(declare_at_deal=True, declare_until_play=True)
        deal = fixed_match("1D 2C 3S", "4B 8C 9C", "4S 5D 9B 10C", at_deal)
        scene = self.table(MatchSetup(seats, at_deal), deal)
        self.settle(scene)
        self.show("cirulla, knock or pass at the deal")
        self.drag(centre_of(scene, C("2C")), empty_felt(scene))
        self.frames(10)
        self.show("cirulla, a card played before the knock or the pass")
        self.frames(1, key(pygame.K_k))
        for _ in range(300):  # Giulia passes, then the play begins
            if any(b.name == "retract" for b in scene.knock_buttons()):
                break
            self.frames(1)
        self.settle(scene)
        self.show("cirulla, a knock that can be taken back")
        retract = next(b for b in scene.knock_buttons() if b.name == "retract")
        self.click(retract)
        self.banner(scene, "cirulla, you take the knock back")
        self.settle(scene)
        self.frames(2, key(pygame.K_k))
        self.show("cirulla, K after the knock was taken back")
        deal_only = cirulla.with_(declare_at_deal=True)
        deal = fixed_match("1D 2C 3S", "4B 8C 9C", "4S 5D 9B 10C", deal_only)
        scene = self.table(MatchSetup(seats, deal_only), deal)
        self.settle(scene)
        scene.play(Move.parse("-"))  # a pass at the deal
        self.banner(scene, "cirulla, you pass at the deal", self.t("table.passed.you"))
        passed = self.t("table.passed.one", name="Giulia")
        self.banner(scene, "cirulla, a computer passes at the deal", passed)
        self.play_until(scene, lambda: scene.human_to_play == 0 and not scene.busy)
        self.frames(2, key(pygame.K_k))
        self.show("cirulla, K at the turn of a hand that passed at the deal")
        both = MatchSetup((SeatConfig("Anna", True), SeatConfig("Bruno", True)), at_deal)
        places = {"1D 2C 3S": "knock or pass", "4B 8C 9C": "nothing to knock with"}
        for first, second in (("1D 2C 3S", "4B 8C 9C"), ("4B 8C 9C", "1D 2C 3S")):
            scene = self.table(both, fixed_match(first, second, "4S 5D 9B 10C", at_deal))
            self.settle(scene)
            lift_cover(self.app, scene)
            self.settle(scene)
            self.frames(2)
            self.show(f"cirulla, hot-seat, {places[first]} at the deal, then play")
            if first == "4B 8C 9C":  # a card dragged before the pass is asked for it
                self.drag(centre_of(scene, C("8C")), empty_felt(scene))
                self.frames(10)
                self.show("cirulla, hot-seat, a card played before the pass")
            self.frames(1, key(pygame.K_n))  # Anna passes; Bruno declares, Anna plays
            self.settle(scene)
            lift_cover(self.app, scene)
            self.settle(scene)
            self.frames(2)
            self.show(f"cirulla, hot-seat, {places[second]} at the deal, the other plays")
        # the cover tells the next person of the knocks made and taken back since
        scene = self.table(both, fixed_match("3S 5B 7C", "2D 3D 4C", "4S 5D 9B 10C", at_deal))
        self.settle(scene)
        for text, what in (("!7C=1", "a knock before their first play"),
                           ("!", "a knock since their last play"), ("3S", ""), ("!-", ""),
                           ("4Cx4S", "a knock taken back")):  # fmt: skip
            scene.play(Move.parse(text))
            self.settle(scene)
            if what:
                self.frames(2)
                self.show(f"cirulla, hot-seat, the cover telling {what}")
        solo_at_deal = MatchSetup(solo.seats, at_deal)
        scene = self.table(
            solo_at_deal, fixed_match("4B 8C 9C", "1D 2C 3S", "4S 5D 9B 10C", at_deal)
        )
        self.settle(scene)
        self.show("cirulla, nothing to knock with at the deal")
        for yours, place in (("1D 2C 3S", "knock or pass"), ("5B 6C 7S", "nothing to knock with")):
            head = [C(name) for name in f"4B 8C 9C {yours} 4S 5D 9B 10C".split()]
            order = head + [card for card in DECK if card not in head]
            second = Match.new(at_deal, 1, first_dealer=0, decks=(order,))
            scene = self.table(solo_at_deal, second)  # Giulia passes, and plays first
            for _ in range(600):
                if scene.human_to_play == 0:
                    break
                self.frames(1)
            self.settle(scene)
            self.show(f"cirulla, {place} at the deal, Giulia plays first")
        scene = self.table(
            solo_at_deal, fixed_match("4B 8C 9C", "1D 2C 3S", "4S 5D 9B 10C", at_deal)
        )
        self.settle(scene)
        coordinator = scene.coordinator  # Giulia, a friend at another screen, knocks next
        coordinator.setup = MatchSetup((solo.seats[0], SeatConfig("Giulia", True)), at_deal)
        coordinator.kind = lambda seat: "local" if seat == 0 else "remote"  # type: ignore[method-assign]
        self.frames(1, key(pygame.K_n))
        self.settle(scene)
        self.show("cirulla, a friend online knocks or passes at the deal")
        scene = self.table(
            solo_at_deal, fixed_match("4B 8C 9C", "1D 2C 3S", "4S 5D 9B 10C", at_deal)
        )
        self.settle(scene)
        self.drag(centre_of(scene, C("8C")), empty_felt(scene))
        self.frames(10)
        self.show("cirulla, a card played before the pass")

        fifteen = fixed_match("4B 8C 9C", "3D 6S 10C", "1D 2C 5S 7B", cirulla)
        scene = self.table(solo, fifteen)  # the dealer takes the opening table
        self.settle(scene)
        self.frames(1, key(pygame.K_TAB), key_up(pygame.K_TAB))
        self.show("cirulla, the last capture: the dealer took the opening table")
        self.frames(1, key(pygame.K_TAB), key_up(pygame.K_TAB))
        kept = self.app.settings
        self.app.settings = kept.with_(deck_style="genovesi")  # a diamond taken, so said
        scene = self.table(solo, fifteen)
        self.settle(scene)
        self.frames(1, key(pygame.K_TAB), key_up(pygame.K_TAB))
        self.show("cirulla, the last capture with the Genoese cards")
        self.frames(1, key(pygame.K_TAB), key_up(pygame.K_TAB))
        self.app.settings = kept
        two_suits = fixed_match("7D 2C 10S", "1B 3B 8C", "3C 4S 7C 9B")
        scene = self.table(solo_setup(), two_suits)
        self.settle(scene)
        scene.play(Move.parse("7Dx7C"))  # two suits taken: the primiera lacks two
        self.settle(scene)
        self.frames(1, key(pygame.K_TAB), key_up(pygame.K_TAB))
        self.show("table, the last capture: a primiera two suits short")
        self.frames(1, key(pygame.K_TAB), key_up(pygame.K_TAB))

        four = Rules.preset("cirulla").with_(players=4)
        names = ("Giulia", "Marco", "Lucia")
        teams = MatchSetup(
            (SeatConfig(you, True), *(SeatConfig(n, False, "beginner") for n in names)), four
        )
        for setup, rules in ((solo, cirulla), (teams, four)):
            scene = self.table(setup, Match.new(rules, 4))
            self.settle(scene)
            director = scene.director
            words: list[str] = []
            for side in range(2):
                sweeps = director.text("table.scope", n=2)
                words.append(director.about("table.dealer_bonus", side, total=30, sweeps=sweeps))
                with_matta = director.text("table.dealer_total_matta", total=15, n=10)
                words.append(
                    director.about("table.dealer_bonus", side, total=with_matta, sweeps=sweeps)
                )
                for cause in ("four_of_a_kind", "three_and_matta", "misdeals"):
                    words.append(director.about(f"table.deal_won.{cause}", side))
            for seat in range(rules.players):
                for kind, points in (("low", 3), ("decino", 10), ("both", 13)):
                    named = director.text(f"table.knock_kind.{kind}")
                    words.append(director.about_seat("table.knocked", seat, kind=named, n=points))
                words.append(director.about_seat("table.retracted", seat))
            for text in dict.fromkeys(words):
                director.banners.clear()
                director._banner(text, "info", 2.0)
                self.banner(scene, f"cirulla banner: {text}", text)
        self.home()

    def wait(self, condition: Callable[[], object], seconds: float = 30.0) -> None:
        """Run frames in real time until ``condition`` holds (a server answers)."""
        deadline = time.monotonic() + seconds
        while not condition():
            if time.monotonic() > deadline:
                raise AssertionError("the tour waited in vain")
            self.frames(1)
            time.sleep(0.005)

    def online(self) -> None:
        """Play online: the screen to host or join, the lobby in every state (a bad address,
        connecting, a table that cannot be reached or refuses, waiting, copied, a friend
        ready), then the table with a friend away, a refused play, the connection lost and
        the question on leaving. A real server runs on this computer."""
        app = self.app
        kept = app.settings
        # rules that are no preset: the lobby tells the game and each of its changes
        changed = Rules(players=3, target=21, re_bello=True, napola=True, seven_count=True)
        app.settings = app.settings.with_(rules=changed)
        self.home()
        app.settings = app.settings.with_(rules=Rules(players=6, six_sides=2))
        self.home()
        teams = self.open_menu("online")
        for value, _ in teams.friends_row.control.options:  # on whose side the friends sit
            teams.friends_row.control.set(value)
            self.show(f"online, friends at a table in teams: {value}")
        teams.friends_row.control.set(teams.friends_row.control.options[0][0])
        teams.here_row.control.set(5)  # more than the settings' table seats: Host says why
        self.show("online, too many people here to host")
        teams.friends_row.control.set(teams.friends_row.control.options[-1][0])
        self.show("online, no room left here to host")
        teams.friends_row.control.set(teams.friends_row.control.options[0][0])
        teams.here_row.control.set(2)  # two more people at this screen, taking turns
        self.show("online, people here with the host")
        teams.friends_row.control.set((2, 2))  # two friends on the host's team: no room
        teams.form.hover = teams.host_button
        self.show("online, the people here on the other team")
        teams.here_row.control.set(1)
        teams.form.hover = teams.host_button
        self.show("online, the person here on the other team")
        teams.friends_row.control.set(teams.friends_row.control.options[0][0])
        teams.here_row.control.set(2)
        self.click(teams.host_button)
        lobby = app.stack.top
        self.wait(lambda: len((lobby.session.table or {}).get("seats", [])) == 6)
        self.show("online, the lobby with people here")
        self.wait(lambda: lobby.seat_buttons)  # a free seat may be taken, by whoever moves
        self.hover_all(lobby, "online, the lobby's seats to choose")
        for mode in ("host", "join"):  # (the host's Leave closes the table: no way back)
            lobby.mode = mode
            self.click(lobby.let_go_buttons[min(lobby.let_go_buttons)])
            self.frames(2)
            self.hover_all(app.stack.top, f"online, a person here leaves the table? ({mode})")
            app.back()
            self.frames(2)
        lobby.mode = "host"
        lobby.tell_here(worded("online.here_let_go", name="Carla"))
        self.show("online, a person here left the table")
        lobby.tell_here(worded("online.name_numbered", typed="Anna", name="Anna 2"))
        self.show("online, a name typed that someone goes by")
        lobby.tell_here(worded("online.name_of_a_seat"))
        self.show("online, a name typed that the game gives another seat")
        app.notify(worded("online.short_of_seats", n=1), 10.0)  # joining, one found no seat
        self.show("online, no seat for one of the people here")
        app.toasts.forget(lambda toast: True)
        for code in ("seat_taken", "begun", "internal"):
            lobby.session.move_refused = code
            self.frames(1)  # a seat chosen the server would not give: said beside Leave
            self.show(f"online, the seat not changed: {code}")
        self.click(lobby.leave_button)
        self.frames(2)
        app.settings = app.settings.with_(online_here=0)  # nobody else here from now on
        app.settings = app.settings.with_(rules=changed)
        self.home()
        scene = self.open_menu("online")
        self.hover_all(scene, "online")
        scene.address = scene.offered = "ws://192.168.1.20:8765/ABCDE-FGHIJ-KLM"
        for waits in ("waiting", "rejoining"):  # Join back to this player's table, or seat
            setattr(scene, waits, True)
            self.hover(scene.join_button)
            self.show(f"online, join back: {waits}")
            setattr(scene, waits, False)
        scene.address = scene.offered = ""
        scene.address = "ws://scopa.example.org:8765"  # a server's, no table's: one opens there
        self.hover(scene.join_button)
        self.show("online, join at a server: a new table there")

        scene.address = "scopa://nowhere"
        self.click(scene.join_button)
        self.show("online, not an address")
        app.back()
        self.frames(2)
        scene.address = f"ws://127.0.0.1:{closed_port()}/ABCDE-FGHIJ-KLM"
        self.click(scene.join_button)
        lobby = app.stack.top
        self.show("online, connecting")
        self.wait(lambda: lobby.session.error is not None)
        self.show("online, cannot reach")
        lobby.by_code = True
        self.show("online, cannot reach the table of a code")
        for wanted in ("wss", "ws"):  # an answer, as a server of the other scheme gives
            lobby.session.error_kind = f"scheme_{wanted}"
            self.show(f"online, a table that may need {wanted}://")
        app.back()
        self.frames(2)
        scene.address = "KPJTF-33ZJM-P38"  # a bare code: asked of the local network
        self.click(scene.join_button)
        lobby = app.stack.top
        self.show("online, looking for the code")
        self.wait(lambda: lobby.session.error is not None)
        self.show("online, nobody holds the code")
        app.back()
        self.frames(2)

        scene.friends = 2
        self.click(scene.host_button)
        lobby = app.stack.top
        self.show("online, opening a table")
        self.wait(lambda: lobby.session.seated is not None and lobby.session.table)
        self.show("online, the lobby")
        client = lobby.session.seated.link.client
        frame = client.table
        client.table = {**frame, "rules": Rules(players=4, teams=True).to_dict()}
        self.show("online, the lobby of a table in teams")
        client.table = {**frame, "rules": Rules.preset("quindici").to_dict()}
        self.frames(2)
        self.hover(lobby.variants_button)  # a game of its own, explained
        self.show("online, the lobby of a table of scopa di quindici")
        self.hover((0, 0))
        client.table = None  # seated, the table's first word not come
        self.show("online, seated, the table awaited")
        lobby.unanswered = TABLE_SILENT_SECONDS
        self.show("online, seated, the table says nothing")
        client.table = frame
        lobby.copied = 2.0
        self.show("online, the address copied")
        lobby.copied = 0.0
        address = parse_address(lobby.session.seated.address)
        server = address.server.rsplit(":", 1)[1]
        local = f"ws://127.0.0.1:{server}"

        wrong = app.open("lobby", mode="join", address=f"{local}/ZZZZZ-ZZZZZ-ZZZ", player="Anna")
        self.wait(lambda: wrong.session.error is not None)
        self.show("online, the table refused")
        for refusal in (*sorted(REFUSALS), "internal"):
            wrong.session.error_code = refusal
            self.show(f"online, the table refused: {refusal}")
        wrong.session.error_code = "removed"
        self.show("online, taken off the table by its host")
        wrong.session.error_code = "closed"
        self.show("online, the host closed the table before its match began")
        wrong.session.error_kind = "over"
        self.show("online, the match at the table is over")
        wrong.session.error_kind = "unreadable"
        self.show("online, the table's frames cannot be read")
        wrong.session.error_kind = "untrusted"
        self.show("online, the table's certificate is not trusted")
        wrong.session.error_kind = "store"
        self.show("online, the tables hosted here cannot be kept")
        wrong.session.error_kind = "lost"
        self.show("online, the table went with the damaged list of tables hosted here")
        wrong.session.error_kind = "gone"
        self.show("online, the table is no longer in the list of tables hosted here")
        wrong.session.error_kind = "two_answers"
        self.show("online, two computers answered for the code")
        wrong.mode, wrong.session.error_kind = "host", "failed"
        self.show("online, a table that could not be opened here")
        wrong.mode = "join"
        wrong.back()
        self.frames(2)

        friends = [BackgroundClient(local) for _ in range(2)]
        try:
            friends[0].submit(friends[0].client.join(str(address.code), "Bruno")).result(20)
            self.wait(lambda: sum(bool(s.get("taken")) for s in lobby.session.table["seats"]) > 1)
            self.show("online, a friend is ready")
            app.ask_to_quit()  # a friend seated in the lobby loses the table with the game
            self.frames(4)
            self.hover_all(app.stack.top, "online, quit and close the table filling up?")
            app.back()
            self.frames(2)
            lobby.back()  # Leave, with a friend seated: the table closes for them
            self.frames(2)
            self.hover_all(app.stack.top, "online, close the table a friend sits at?")
            app.back()
            self.frames(2)
            friends[1].submit(friends[1].client.join(str(address.code), "Carla")).result(20)
            self.wait(lambda: lobby.startable)  # everyone here: the host starts the match
            self.hover_all(lobby, "online, everyone is here")
            self.click(lobby.variants_button)  # what the table's variants change
            self.frames(2)
            self.show("online, the lobby's variants explained")
            app.back()
            self.hover((0, 0))  # (the pointer off the button: the lobby's own line shows)
            self.frames(2)
            full = client.table
            client.table = {  # as a friend's lobby shows it: the host starts the match
                **full,
                "seats": [{**info, "starts": info["seat"] == 1} for info in full["seats"]],
            }
            self.show("online, everyone is here, a friend's lobby")
            friendly = client.table
            for gone in ([2], [1, 2]):  # seats taken, their people away: not "everyone"
                for seen in (full, friendly):  # the host's lobby, a friend's
                    client.table = {**seen, "seats": [
                        {**info, "connected": info["connected"] and info["seat"] not in gone}
                        for info in seen["seats"]]}  # fmt: skip
                    self.show(f"online, every seat taken, {gone} away")
            client.table = {**full, "status": "playing"}  # dealt: this window's seats next
            self.show("online, the match begins, a friend's lobby")
            client.table = full
            with mock.patch.object(type(client), "online", False):
                client.server_left = True  # the game holding the table closed
                self.show("online, a friend's lobby, the host's game closed")
                client.server_left = False
            self.click(lobby.seat_buttons[("remove", 2)])
            self.frames(2)
            self.hover_all(app.stack.top, "online, remove a friend?")
            app.back()
            self.frames(2)
            for code in ("bad_message", "begun", "internal"):
                lobby.session.remove_refused = code
                self.frames(1)  # the friend moved or left meanwhile: said beside Leave
                self.show(f"online, the friend not removed: {code}")
            lobby.session.seat_kind_refused = "seat_taken"
            self.frames(1)  # a friend sat down as the host gave the seat to a computer
            self.show("online, no computer seated: a friend took the seat")
            lobby.session.rename_refused = "internal"
            self.frames(1)
            self.show("online, the name not changed")
            for name in ("Dario", "Player 3"):  # a person at this screen taken off the table
                lobby.session.others_removed = [(2, name)]
                self.frames(1)
                self.show(f"online, a person here removed: {name}")
            lobby.session.start_refused = "internal"
            self.frames(1)
            self.show("online, the match could not be started")
            self.click(lobby.start_button)
            self.wait(lambda: isinstance(app.stack.top, TableScene))
            table = app.stack.top
            self.settle(table)
            self.show("online, the table")
            for key in ("table.watched", "table.watched_many"):
                app.notify(worded(key, n=12), 12.0)
                self.show(f"online, the table watched by others: {key}")
                app.toasts.forget(lambda toast: True)
            app.open("pause")
            self.hover_all(app.stack.top, "online, the menu over the match")
            app.back()
            with mock.patch.object(type(app.matches), "seats_here_suffix", lambda self: "_many"):
                app.open("pause")  # several people at this screen: their turns
                self.hover_all(app.stack.top, "online, the menu over the match, people here")
                app.back()
                app.matches.leave()
                self.frames(4)
                self.hover_all(app.stack.top, "online, leave the table?, people here")
                app.back()
            self.frames(2)
            match = table.match  # its final sheet under the menu
            status, result = match.status, match.result
            match.status, match.result = "over", {"winner": 0, "totals": [11, 4]}
            app.open("pause")
            self.hover_all(app.stack.top, "online, the menu over the match played out")
            app.back()
            match.status, match.result = status, result
            self.frames(2)

            coordinator = table.coordinator
            self.wait(lambda: table.human_to_play is not None or friends_play(friends) and False)
            at = table.match.at
            table.play(next(m for m in table.match.legal_moves() if m.is_play))
            self.wait(lambda: table.match.at > at and not table.director.busy)
            self.show("online, a friend to play")
            chat = table.chat
            for phrase in PHRASES:  # every quick message, in a bubble by every plate
                for seat in range(len(coordinator.seats)):
                    chat.hear(seat, phrase)
                self.show(f"online, quick messages: {phrase}")
            chat.bubbles.clear()
            chat.open = True
            self.show("online, the quick messages to send")
            allowance = coordinator.allowance
            while allowance.ready:
                allowance.spend()
            self.show("online, the quick messages spent for now")
            chat.open = False
            self.frames(2)
            coordinator.idle = lambda: [table.match.turn]  # as once the turn lasted long
            self.show("online, a friend lets the turn go by")
            self.hover(table.absence.button.center)
            self.show("online, let the computer play for a friend here, under the pointer")
            del coordinator.idle
            coordinator.stood_in = lambda: [table.match.turn]  # as once handed over
            self.show("online, the computer plays a friend's turn")
            del coordinator.stood_in
            coordinator.stood_in_for_me = lambda: True  # as once the friends handed it over
            self.show("online, the computer plays for this player")
            self.hover(table.absence.button.center)
            self.show("online, take the seat back, under the pointer")
            del coordinator.stood_in_for_me
            here, coordinator.here = coordinator.here, frozenset({coordinator.seat, 2})
            for seats in ([2], [coordinator.seat, 2]):  # people here taking turns
                coordinator.stood_in_here = lambda seats=seats: seats
                self.show(f"online, the computer plays for {seats} here")
                self.hover(table.absence.button.center)
                self.show(f"online, take {seats} back, under the pointer")
            del coordinator.stood_in_here
            coordinator.here = here
            for reading in ([1], [1, 2]):
                coordinator.reading = lambda reading=reading: reading
                self.show(f"online, the round waits for {reading} at the score sheet")
                coordinator.reading_wait = lambda: 42.0  # the minute counted down
                self.show(f"online, the round waits for {reading} at the score sheet, 42 s")
                del coordinator.reading_wait
            del coordinator.reading
            coordinator._checking = concurrent.futures.Future()  # awake from a stall
            self.show("online, the window asks where the table is after a stall")
            coordinator._checking = None
            # (at a step no update reaches while it is shown: nothing is taken of it)
            sending, coordinator._sending = coordinator._sending, (10**9, None, None)
            self.show("online, a play on its way to the server")
            sent_at, coordinator._sent_at = coordinator._sent_at, -(10.0**6)
            self.show("online, a play on its way a while: the table slow to answer")
            coordinator._sent_at = sent_at
            coordinator._sending = sending
            arrivals = coordinator.arrivals
            cards = [Move(card) for card in table.match.observation.hand[:2]]
            coordinator.arrivals = lambda: Arrival(played_for_you={coordinator.seat: cards})
            table._hear_the_server()
            coordinator.arrivals = arrivals
            self.show("online, told the cards the computer played while this seat was away")
            hand = table.match.observation.hand
            by_seat = {0: list(hand[:2]), 1: list(hand[2:3])}  # people sharing a screen
            app.notify(partial(table._played_for, by_seat, False), 12.0)
            self.show("online, told the cards the computer played for each person here")
            self.wait(lambda: table.human_to_play is not None or friends_play(friends) and False)
            coordinator.keeping_friends_waiting = lambda: True  # as after a long turn
            self.show("online, this player's turn kept the friends waiting")
            coordinator.turn_lasted = lambda: coordinator.idle_grace  # and the wait is over
            self.show("online, this player's turn kept the friends waiting too long")
            del coordinator.keeping_friends_waiting, coordinator.turn_lasted
            coordinator.match.at += 5  # the table is out of step with the server
            table.play(next(m for m in table.match.legal_moves() if m.is_play))
            self.wait(lambda: table.message_left > 0)
            self.show("online, a play the table refused")

            self.rematch_online(coordinator)

            friends[1].close()
            self.wait(lambda: coordinator.away())
            real = coordinator.match  # at their turn: the match waits for them
            coordinator.match = TurnOf(real, coordinator.away()[0])
            self.show("online, a friend away")
            coordinator.clock = lambda: time.monotonic() + 3600  # gone for an hour
            self.show("online, let the computer play for a friend away")
            self.hover(table.absence.button.center)
            self.show("online, let the computer play, under the pointer")
            # the button's words in full, under the banner (beside it, over a table of two
            # full rows, they are few: which the cards dealt here decide)
            table.table_cards = lambda: ()
            self.show("online, let the computer play for a friend away, in full")
            gone, seen = coordinator._gone, coordinator._read
            coordinator.away = lambda: [1, 2]  # two friends away (a couple at one computer)
            coordinator._gone = {1: time.monotonic(), 2: time.monotonic()}
            coordinator.may_hand_over = lambda: [1, 2]
            self.show("online, let the computer play for two friends away")
            del table.table_cards
            coordinator.may_hand_over = list
            self.show("online, waiting for two friends away")
            coordinator.away = lambda: [1, 2, 0]  # three (the words of a table of four)
            self.show("online, waiting for one of three friends away")
            coordinator.may_hand_over = lambda: [1, 2, 0]
            self.show("online, let the computer play for three friends away")
            coordinator.away, coordinator.may_hand_over = lambda: [1, 2], list
            coordinator.match = TurnOf(real, 0)  # another's turn: play goes on, said so
            self.show("online, two friends away at another's turn")
            coordinator.may_hand_over = lambda: [1, 2]
            self.show("online, let the computer play for two friends away, at another's turn")
            coordinator.away, coordinator.may_hand_over = lambda: [1], list
            self.show("online, a friend away at another's turn")
            coordinator.may_hand_over = lambda: [1]
            self.show("online, let the computer play for a friend away, at another's turn")
            coordinator.match = real
            coordinator.may_hand_over = list
            del coordinator.away, coordinator.may_hand_over
            coordinator._gone, coordinator._read = gone, seen
            coordinator.clock = time.monotonic
            coordinator.away, coordinator.stood_in = list, lambda: [2]  # as once handed over
            self.show("online, the computer plays for a friend away")
            coordinator.stood_in = list
            for seats in ([1], [1, 2]):  # one friend back, then two (a couple)
                coordinator.gone = lambda seats=seats: seats
                self.frames(1)
                coordinator.gone = list
                self.show(f"online, {len(seats)} friends back")
            del coordinator.away, coordinator.stood_in, coordinator.gone
            table.say(worded("aids.undo_online"))  # U at a table online, as it answers
            self.show("online, U says undo is off")
            table.message = None
            app.notify(worded("online.name_kept", name="Bruno"))  # a new name typed, too late
            self.show("online, back in one's seat under the name it had")
            app.toasts = type(app.toasts)()
            app.matches.hosted_server = lambda: None  # as a friend's window: no table in it
            app.ask_to_quit()  # its close button, in the middle of the match
            self.frames(8)
            self.hover_all(app.stack.top, "online, quit in the middle of a friend's match?")
            app.back()
            del app.matches.hosted_server

            app.matches.leave()
            self.frames(4)
            self.hover_all(app.stack.top, "online, leave the table?")
            app.back()
            self.frames(2)
            title = next(scene for scene in app.stack if isinstance(scene, TitleScene))
            title.on_quit()  # Quit on the title while this game hosts the table
            self.frames(4)
            self.hover_all(app.stack.top, "online, quit while the table hosted waits?")
            app.back()
            self.frames(2)

            app.matches.close()  # the server stops: the table tries to get back
            self.wait(lambda: not coordinator.online)
            self.show("online, the game holding the table closed")
            coordinator.link.client.server_left = False  # as when a line drops
            self.show("online, reconnecting")
            clock = coordinator.clock
            coordinator.clock = lambda: clock() + 60.0  # down a long while
            self.show("online, reconnecting a long while")
            coordinator.clock = clock
            kind = type(table)
            turn = kind.human_to_play
            kind.human_to_play = property(lambda scene: coordinator.seat)  # type: ignore[assignment]
            table.message = None  # the line says the turn, not the last play refused
            self.show("online, reconnecting at this window's turn")
            kind.human_to_play = turn  # type: ignore[method-assign]
            app.open("pause")
            self.hover_all(app.stack.top, "online, the menu over the match, reconnecting")
            app.back()
            with mock.patch.object(type(app.matches), "seats_here_suffix", lambda self: "_many"):
                app.open("pause")  # several people at this screen: their seats
                self.hover_all(app.stack.top, "online, the menu, reconnecting, people here")
                app.back()
            self.frames(2)
            table.lost = True
            self.show("online, the connection lost for good")
            coordinator.ended = True
            self.show("online, the host ended the match")
            coordinator.ended = False
            with mock.patch.object(type(coordinator), "taken_elsewhere", True):
                self.show("online, the seat taken up from another window, in the banner")
            coordinator.link.close()
            app.open("pause")
            self.hover_all(app.stack.top, "online, the menu over the match, disconnected")
            app.back()
            self.frames(2)
            app.notify(worded("online.unreadable"), 12.0)
            self.show("online, the table's frames cannot be read mid-match")
            app.notify(worded("online.seat_taken_elsewhere"), 12.0)
            self.show("online, the seat taken up from another window")
            app.toasts.forget(lambda toast: True)  # the notices above, drawn already
            plays = describe_rules(app, changed)
            app.notify(lambda t: t("online.table_plays", rules=plays), 12.0)
            self.show("online, a friend's table tells its game as the match begins")
            app.toasts.forget(lambda toast: True)
            team = lambda t: t("online.table_plays_partners", rules=plays, names="Giulia")  # noqa: E731
            app.notify(team, 12.0)
            self.show("online, a friend's table in teams tells the partner as the match begins")
            backup = {"backup": "hosted.sqlite3.bak", "folder": str(app.store.data_dir)}
            app.notify(worded("online.hosted_set_aside", **backup), 12.0)
            self.show("online, the file of the tables hosted here set aside")
            app.toasts.forget(lambda toast: True)  # the notices above, drawn already
            asked = "ws://192.168.100.200:65535/ABCDE-FGHIJ-KLM"
            found = "ws://192.168.100.201:65534"
            app.notify(worded("online.found_elsewhere", asked=asked, found=found), 12.0)
            self.show("online, the table found away from its address")
            app.toasts.forget(lambda toast: True)
            words = worded("online.found_elsewhere_no_table", asked=asked, found=found)
            app.notify(words, 12.0)
            self.show("online, the table found away from an address another server took")
            app.toasts.forget(lambda toast: True)
            app.notify(worded("online.hosted_moved", asked="8765", found=found), 12.0)
            self.show("online, the table hosted here came back on another port")
        finally:
            for friend in friends:
                friend.close()
            app.matches.close()
        app.toasts.resolve("table_waits")  # told already when the title was up before
        self.home()
        self.show("online, the title with a match at the table hosted here under way")
        served = SimpleNamespace(played_out=lambda code: False)  # the host only left it
        app.matches.hosted_server = lambda: served  # type: ignore[method-assign]
        self.home()
        self.show("online, the title with friends at the table hosted here")
        self.open_menu("online")
        self.show("online, join back the friends at the table hosted here")
        app.back()
        del app.matches.hosted_server
        self.home()
        scene = self.open_menu("online")
        self.hover_all(scene, "online, a match at the table hosted here under way")
        self.click(scene.host_button)  # asked first: back to it, close it, or neither
        self.frames(4)
        self.hover_all(app.stack.top, "online, host again while a match waits?")
        app.back()
        self.frames(2)
        app.store.drop_hosted_seats()
        lobby = HeldSeat("ws://192.168.100.200:65535", "ABCDE-FGHIJ-KLM", 0, "token", True, False)
        app.store.hold_seat(lobby)  # a table hosted here left in its lobby
        self.home()
        self.hover_all(app.stack.top, "online, the title with a table hosted here still waiting")
        scene = self.open_menu("online")
        self.hover_all(scene, "online, a table hosted here waiting for its players")
        app.back()
        app.store.drop_hosted_seats()
        joined = HeldSeat("ws://192.168.100.200:65535", "ABCDE-FGHIJ-KLM", 1, "token")
        app.store.hold_seat(joined)  # a seat at a friend's table, its window closed
        self.home()
        self.hover_all(app.stack.top, "online, the title with a seat at a friend's table")
        scene = self.open_menu("online")
        self.hover_all(scene, "online, a seat at a friend's table to take back")
        app.back()
        self.frames(2)
        app.store.drop_seat(joined.code)
        self.home()
        app.settings = kept

    def cards_named(self, scene: TableScene) -> None:
        """Every card named on the status line, in both decks (the longest names are there)."""
        app = self.app
        for deck in ("napoletane", "french"):
            app.settings = app.settings.with_(deck_style=deck)
            for card in DECK:
                target = C("9S") if card != C("9S") else C("9B")
                scene._cannot(card, target)
                self.show(f"table, {deck}: {card} cannot take {target}")
            scene._cannot(card, None)
            self.show(f"table, {deck}: a card that cannot be played")
            names = {"card": scene.card_name(C("9S")), "target": scene.card_name(C("9B"))}
            scene.say(lambda t, names=names: t("table.must_take_equal", **names))
            self.show(f"table, {deck}: a card that must take its own rank")
            scene.say(lambda t, card=names["card"]: t("table.must_take", card=card))
            self.show(f"table, {deck}: a card laid on the cloth that must take")
            scene.say(lambda t, names=names: t("table.capture_limit", n=2, **names))
            self.show(f"table, {deck}: a sum past the capture limit")
            scene.say(lambda t, names=names: t("table.fewest_cards", **names))
            self.show(f"table, {deck}: a sum of more cards than the fewest")
            scene.say(lambda t, names=names: t("table.equal_first", **names))
            self.show(f"table, {deck}: a sum refused for a card of its rank, Equal card first")
            scene.say(lambda t, names=names: t("table.takes_nothing", **names))
            self.show(f"table, {deck}: a card dropped on one it cannot take, laid")
            sums = [(C("8S"), C("1B")), (C("6C"), C("3S")), (C("4B"), C("3C"), C("2D"))]
            scene.say(lambda t, sums=sums: scene._must_take_other(t, C("9D"), C("10B"), sums))
            self.show(f"table, {deck}: a card that must take dropped elsewhere, its captures")
            scene.say(lambda t, sums=sums: scene._must_take_other(t, C("9D"), C("10B"), sums * 2))
            self.show(f"table, {deck}: a card that must take dropped elsewhere, many captures")
            scene.say(lambda t, names=names: t("table.quindici_sum", a=9, b=10, total=19, **names))
            self.show(f"table, {deck}: quindici, what the two cards make")
            scene.say(lambda t: t("table.drop_missed"))
            self.show(f"table, {deck}: a card dropped off the table")
            names = {"card": scene.card_name(C("1D")), "target": scene.card_name(C("1C"))}
            scene.say(lambda t, names=names: t("table.ace_takes_ace", **names))
            self.show(f"table, {deck}: scopa d'assi, an ace that must take the ace")
        app.settings = app.settings.with_(deck_style="napoletane")
        scene.message_left = 0

    def banner(self, scene: TableScene, place: str, words: str | None = None) -> None:
        """Wait for a banner (saying ``words``) over the table and look at it."""
        for _ in range(300):
            shown = [b for b in scene.director.banners if b.alpha > 200]
            if any(words is None or b.text == words for b in shown):
                break
            self.frames(1)
        self.show(place)

    def tutorial(self) -> None:
        app = self.app
        self.home()
        scene = TutorialScene(app)
        app.stack.push(scene)
        self.settle(scene)
        self.show("tutorial, welcome")
        kept = app.settings
        app.settings = app.settings.with_(deck_style="french")  # the jack, the queen
        self.show("tutorial, welcome, with French cards")
        app.settings = kept
        scene._refuse(STEPS[1].moves[0])
        self.show("tutorial, welcome: read on")
        self.click(centre_of(scene, STEPS[1].moves[0].card))
        self.show("tutorial, welcome: a card clicked before Next")
        scene.say(lambda t: t("aids.tut.keys_wait"))
        self.show("tutorial, welcome: keys pressed on and on")
        app.notify(worded("aids.tut.resumed", n=6), 8.0, bound=True)
        self.show("tutorial, the lessons begun again where a game closed in them left them")
        app.toasts.forget(lambda toast: True)
        self.press(scene, "next")
        app.frame(FRAME, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0)])
        self.hover_all(app.stack.top, "tutorial, leave the lessons?")
        app.back()
        self.frames(2)
        scene.ask_to_start_again()
        self.frames(8)
        self.hover_all(app.stack.top, "tutorial, start the lessons again?")
        app.back()
        self.frames(2)
        self.frames(1, key(pygame.K_h))
        self.show("tutorial, the aids wait for the first match")
        scene.message_left = 0
        for step in [step for step in STEPS if step.moves]:
            self.wait_for_human(scene)
            self.frames(1, key(pygame.K_TAB))  # the keys: the lesson tells the keys' way
            self.show(f"tutorial, {step.key}, told from the keys")
            panel = scene.coach_rect()
            self.click((panel.left + 4, panel.top + 4))  # the pointer: the dragging again
            self.show(f"tutorial, {step.key}")
            (move,) = step.moves
            scene._refuse(move)
            self.show(f"tutorial, {step.key}: not this one")
            self.drag(centre_of(scene, move.card), centre_of(scene, move.captures[0]))
            if scene.watching:
                self.show(f"tutorial, after {step.key}: watch the table")
        self.wait_for_human(scene)
        self.show("tutorial, finish")
        self.press(scene, "finish_for_me")
        for _ in range(6000):
            if scene.coach.step is not None and scene.coach.step.key == "score":
                break
            app.frame(FRAME, [], draw=None)
        self.frames(2)
        self.show("tutorial, score")
        for name, rect in scene.buttons():
            self.hover(rect.center)
            self.show(f"tutorial, score, {name}")
        self.home()

    def press(self, scene: TutorialScene, name: str) -> None:
        self.click(dict(scene.buttons())[name].center)

    def wait_for_human(self, scene: TutorialScene) -> None:
        for _ in range(3000):
            step = scene.coach.step
            if scene.human_to_play == HUMAN or step is None or step.key == "score":
                return
            self.app.frame(FRAME, [], draw=None)
        raise AssertionError("the human never got the turn")

    # --- messages about files --------------------------------------------------------------

    def files(self) -> None:
        app = self.app
        self.home()
        for batch in batches(list(self.file_problems()), 3):
            app.toasts = type(app.toasts)()
            for problem in batch:
                app.notify(problem.render, 10.0)
            self.show("messages about files")
        app.toasts = type(app.toasts)()
        for key_, params in (
            ("table.save_failed", {"reason": "the disk is full"}),
            ("table.stats_failed", {"reason": "permission denied"}),
        ):
            app.notify(worded(key_, **params))
        self.show("messages about saving")
        app.toasts = type(app.toasts)()

    def crash(self) -> None:
        """The screen an error of the game's own leaves, its report written or not."""
        surface = self.app.screen
        for report in (Path(LONG_FOLDER) / crash.CRASH_FILE, None):
            for online in (False, True):
                crash.draw(surface, self.app, crash.words(self.app.t, report, online))
                self.look("an error of the game's own")

    def file_problems(self) -> Iterator[FileProblem]:
        folder = LONG_FOLDER
        path = str(Path(folder) / "stats.json")
        causes = [FileProblem(f"files.{k}", p) for k, p in FILE_CAUSES.items()]
        causes += [
            FileProblem("files.cause_not_regular", {"kind": FileProblem(f"files.{kind}")})
            for kind in FILE_KINDS
        ]
        causes.append(
            FileProblem("files.cause_unreadable", {"reason": FileProblem("files.reason_denied")})
        )
        causes += [
            FileProblem("files.cause_setting", {"setting": FileProblem(label), "detail": "x"})
            for label in ("set_animation_speed", "set_card_back")
        ]
        reasons = [FileProblem(f"files.{r}") for r in FILE_REASONS]
        reasons.append(FileProblem("files.reason_other_copy"))
        reasons.append(FileProblem("files.reason_system", {"code": "22"}))
        for k, sentence in enumerate(FILE_SENTENCES + FILE_SENTENCES):
            params = {
                "cause": causes[k % len(causes)],
                "reason": reasons[k % len(reasons)],
                "backup": "stats.json.bak",
                "folder": folder,
                "path": path,
                "files": "match.json, settings.toml, stats.json",
            }
            yield FileProblem(f"files.{sentence}", params)
        for cause in causes:
            params = {"cause": cause, "backup": "stats.json.bak", "folder": "/tmp"}
            yield FileProblem("files.stats_set_aside", params)


def held_hint(answer: threading.Event) -> Callable[..., object]:
    """Master's hint, given only once ``answer`` is set: the table shows it being worked
    out for as long as the tour looks."""

    def hint(level: str, seed: int, obs: object) -> object:
        answer.wait(60)
        return hint_job(level, seed, obs)  # type: ignore[arg-type]

    return hint


def friends_play(friends: list[BackgroundClient]) -> None:
    """Friends at other computers play their turns (the first move they may make)."""
    for friend in friends:
        for item in friend.poll():
            if isinstance(item, Update) and item.my_turn and item.observation.legal_moves:
                move = item.observation.legal_moves[0]
                friend.submit(friend.client.play(move, item.at))


def closed_port() -> int:
    """A port of this computer where nothing listens."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def batches(items: list, size: int) -> Iterator[list]:
    for start in range(0, len(items), size):
        yield items[start : start + size]


def every_seats(names: tuple[str, ...]) -> tuple[SeatConfig, ...]:
    return tuple(SeatConfig(n, i == 0) for i, n in enumerate(names))


__all__ = ["Tour"]
