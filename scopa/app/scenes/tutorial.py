"""The tutorial: the real table with a coach beside it, playing one scripted deal.

``TutorialScene`` is a table whose computer answers from the tutorial's script and whose
human plays are checked against the lesson of the moment (a play the lesson does not want
goes back to the hand with a word of why). Nothing is saved and no result is recorded. The
lessons themselves (deck, accepted moves, order) are in ``scopa.aids.tutorial``."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame
from pygame import FRect

from scopa.aids.tutorial import (
    COMPUTER,
    HUMAN,
    STEPS,
    Coach,
    lesson_match,
    plain_move,
    resumable,
    tutorial_chooser,
    tutorial_match,
    tutorial_rules,
)
from scopa.engine import Card, Move
from scopa.settings import MatchSetup, SeatConfig

from .. import style
from ..ai_worker import AiWorker
from ..matches import MatchCoordinator
from ..scene import second_click
from ..style import Pen, Scale
from ..table.aids import KEYS, REVIEW_KEY, AidsLayer
from ..table.frame import Item, box
from ..table.scene import TableScene
from ..toasts import worded
from ..wording import card_name, category_label, deck_family, suit_name

if TYPE_CHECKING:
    from ..app import App
    from ..toasts import ToastBand

AUTOPLAY_PAUSE = 0.35
"""Seconds between the player's cards when the coach finishes the round for them."""
AID_KEYS = frozenset({*KEYS, REVIEW_KEY})
"""The keys of the table's aids, which the lessons do without (they say so); Tab goes
round the coach's buttons there."""
NEXT_GRACE = 0.8
"""Seconds a step's words show before Enter takes them as read (Next): Enters pressed on
while the computer played skipped the next lesson's words before they could be read."""
SLID_UNDER = 1.5
"""Seconds after a coach's button is pressed during which a press in its place on another
button, which slid there as the panel changed ("Start again" where "Finish for me" was), is
not taken."""
LESSONS = [step.key for step in STEPS]
CATEGORIES = ("carte", "denari", "settebello", "primiera", "scope")


def tutorial_setup(app: App) -> MatchSetup:
    return MatchSetup(
        (
            SeatConfig(app.t("table.you_name"), True, "beginner"),
            SeatConfig("Giulia", False, "beginner"),
        ),
        tutorial_rules(),
    )


class TutorialScene(TableScene):
    menu_button = False
    """Not the table's pause menu, whose Abandon would end the player's saved match: the
    lessons have their own buttons, Skip among them, and Esc asks before leaving them."""

    def __init__(self, app: App, *, keys: bool = False) -> None:
        self.coach = Coach()
        self.scores: tuple | None = None
        self.autoplay_wait = 0.0
        self.pressed: str | None = None
        self.focus: str | None = None
        """The coach's button the keyboard is on (Tab goes round them, Enter presses it)."""
        self.last_pressed: tuple[float, tuple[int, int], str] | None = None
        """When, where and which of the coach's buttons the pointer last pressed."""
        self.swallowed = False
        """The press under way is a double click's second, not taken (nor its release)."""
        self._step_seen: object = None
        self._raised_for_lesson: object = None
        """The card the lesson raised itself (``update``): the line under the table keeps
        to the lesson's words for it ("drag"), not a card clicked's ("click the table")."""
        self.step_age = 0.0
        """Seconds the coach's step has been shown (``NEXT_GRACE``)."""
        self.keys_from = NEXT_GRACE
        """The step's age from which Enter takes its words as read: each Enter or Space
        pressed sooner puts it ``NEXT_GRACE`` later (``handle``)."""
        worker = AiWorker(tutorial_chooser, mode="inline")
        # The lesson's deal is not a match to resume, nor a result to count: no save slot.
        # It starts at the lesson the player was at when the game closed.
        start = resumable(app.settings.tutorial_step)
        self.coach.restart(start)
        self._resumed = start > 0
        """The lessons start again where a game closed in them left them: said once open."""
        coordinator = MatchCoordinator(tutorial_setup(app), lesson_match(start))
        super().__init__(app, coordinator, worker=worker)
        self.aids = AidsLayer(
            self.coordinator, self._aids_host(), features=(), worker_mode="inline"
        )
        self.director.on_scored = self._round_scored
        self.input.keyboard = keys
        """Opened from the keys (``keys``), the lessons show the keys' way at once."""

    # --- the coach ---------------------------------------------------------------------

    @property
    def human_to_play(self) -> int | None:
        """No card moves while the coach is talking (a step that waits for Next)."""
        step = self.coach.step
        if step is None or step.wait == "next":
            return None
        return super().human_to_play

    def play(self, move: Move) -> None:
        """Human plays pass the lesson first; the computer's come from the script."""
        if self.match.turn == HUMAN and not self.coach.accepts(move):
            self._refuse(move)
            return
        if self.match.turn == HUMAN:
            self.coach.played(move)
        super().play(move)

    def _refuse(self, move: Move) -> None:
        self.pick.clear()
        self.view.settle(self.ui, move.card, 0.3, easing="out_back")
        step = self.coach.step
        if step is not None and step.moves:
            wrong, cards = f"aids.tut.wrong.{step.key}", self.card_words
        else:
            wrong, cards = "aids.tut.wrong.next", dict
        self.say(lambda t: t("aids.tut.not_this", what=t(wrong, **cards())))

    def _round_scored(self) -> None:
        """The round is over: the director waits here while the coach explains the score."""
        self.scores = self.match.rounds[-1] if self.match.rounds else None
        self.coach.round_over()

    def next_step(self) -> None:
        step = self.coach.step
        if step is None or step.wait != "next":
            return
        self.coach.next()
        if self.coach.done:
            self.finish()

    def finish_for_me(self) -> None:
        """The coach plays the rest of the round for the player, quickly (as watching
        computers sped up), and says so instead of "your turn"."""
        step = self.coach.step
        if step is not None and step.key == "finish":
            self.coach.autoplay = True
            self.fast_forward = True

    def playing_for_you(self) -> bool:
        step = self.coach.step
        return step is not None and step.key == "finish" and self.coach.autoplay

    def _status(self) -> tuple[str, tuple[int, int, int]] | None:
        if self.playing_for_you() and not self.match.over and self.message_left <= 0:
            return self.app.t("aids.tut.playing_for_you"), style.MIST
        return super()._status()

    def again(self) -> None:
        """Deal the lesson again from the start."""
        self.coach.restart()
        self.scores = None
        self.set_match(tutorial_match())
        self._keep_step()

    def skip(self) -> None:
        self.finish()

    def ask_to_start_again(self) -> None:
        self._ask_first("again", self.again)

    def ask_to_leave(self) -> None:
        """Escape: leave the lessons only if the player says so (a player pressing Escape
        to read something would lose the lesson they were in)."""
        self._ask_first("leave", self.skip)

    def _ask_first(self, what: str, then: Callable[[], None]) -> None:
        """Ask before ``what`` ("leave", "again") loses the lessons' progress, then do it."""
        app = self.app
        app.open(
            "confirm",
            question=lambda: app.t(f"aids.tut.{what}_question"),
            on_yes=then,
            detail=lambda: app.t(f"aids.tut.{what}_detail"),
            yes=lambda: app.t(f"aids.tut.{what}"),
            no=lambda: app.t("aids.tut.stay"),
        )

    def finish(self) -> None:
        """Done or skipped: not offered again at start-up, and started from the first lesson
        if taken again; back to the title."""
        settings = self.app.settings
        if not settings.tutorial_done or settings.tutorial_step:
            self.app.settings = settings.with_(tutorial_done=True, tutorial_step=0)
            self.app.save_settings()
        self.app.home()

    def _keep_step(self) -> None:
        """The lesson the player is at, kept for a game closed in the middle of the lessons
        (they start again there: a player called away at the fifth began at the first)."""
        if self.coach.done:
            return
        step = resumable(self.coach.index)
        if self.app.settings.tutorial_step != step:
            self.app.settings = self.app.settings.with_(tutorial_step=step)
            self.app.save_settings()

    def update(self, dt: float) -> None:
        super().update(dt)
        if self._resumed and self.app.stack.top is self:
            self._resumed = False  # (the leave dialog says they start from the first)
            n = self.coach.index + 1
            self.app.notify(worded("aids.tut.resumed", n=n), 8.0, bound=True)
        step = self.coach.step
        if step is not self._step_seen:
            self._step_seen, self.step_age = step, 0.0
            self.keys_from = NEXT_GRACE
            self._keep_step()
        else:
            self.step_age += dt
        if step is None or self.human_to_play is None:
            return
        if step.moves and self.selected is None and self.drag.card is None:
            self.show_hint(step.moves[0])
            # the lesson's card, raised, is the one chosen: a click on the table plays it
            self.pick.clicked = self.selected is not None and not self.app.keys_last
            self._raised_for_lesson = self.selected
        elif self._card_for_the_keys():
            self.input.select(self.view.hands[HUMAN][0])  # the card Enter would pick
        if step.key == "finish" and self.coach.autoplay:
            self.autoplay_wait += dt
            if self.autoplay_wait >= self.director.seconds(AUTOPLAY_PAUSE):
                self.autoplay_wait = 0.0
                self.play(plain_move(self.match.legal_moves()))

    def _ways_selected(self) -> int:
        """As at any table, but for the card the lesson raised: the panel says to drag it,
        and the line under the table said to click the table or double-click it, two
        orders at once for a first-time player. It says to drag it too (a click on the
        table still plays it)."""
        if self.selected is not None and self.selected == self._raised_for_lesson:
            return 0
        return super()._ways_selected()

    def _card_for_the_keys(self) -> bool:
        """A lesson where any card may be played, to a player on the keys with no card
        raised (nor a button of the coach's reached with Tab): one is raised, so they see
        which card Enter plays, as in a lesson that names its card."""
        return (
            self.input.keyboard
            and not self.coach.autoplay
            and self.focus is None
            and self.selected is None
            and self.drag.card is None
            and self.pick.choice is None
            and bool(self.view.hands[HUMAN])
        )

    # --- input ---------------------------------------------------------------------------

    def turn_hidden(self) -> bool:
        """The lessons end on the round's score: nobody is to play next."""
        step = self.coach.step
        return super().turn_hidden() or (step is not None and step.key == "score")

    def button_names(self) -> list[str]:
        step = self.coach.step
        names = []
        if step is not None and step.wait == "next":  # (the last: a match now, or the menu)
            names.extend(["play", "done"] if step.key == "score" else ["next"])
        if step is not None and step.key == "finish" and not self.coach.autoplay:
            names.append("finish_for_me")
        if step is not None and step.key == "score":  # the last lesson: nothing left to skip
            return [*names, "again"]
        return [*names, "again", "skip"]

    def buttons(self) -> list[tuple[str, FRect]]:
        """The coach's buttons, under its text."""
        box, text_bottom = self._coach_box()
        lay = self.layout
        height, gap = lay.font_normal * 1.8, lay.margin * 0.35
        y = text_bottom + lay.margin * 0.5
        out = []
        for name in self.button_names():
            rect = FRect(box.left + lay.margin * 0.6, y, box.width - lay.margin * 1.2, height)
            out.append((name, rect))
            y += height + gap
        return out

    def handle(self, event: pygame.event.Event) -> bool:
        # Enter for Next, Tab round the buttons: the keys, though the table never hears them
        ringed = self.ringed()  # before a key (the first of a player on the pointer) shows it
        self.input.notice(event)
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and self.choice is None:
            if self.input.drag.active and self.input.focus_lost():
                return True  # a card held goes back, and only that, as at the table
            # not the table's pause menu: its "abandon" would clear the player's saved match
            self.ask_to_leave()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_TAB:
            names = self.button_names()  # the coach's buttons, in the order they stand
            step = -1 if event.mod & pygame.KMOD_SHIFT else 1
            at = names.index(ringed) if ringed in names else (-1 if step > 0 else 0)
            self.focus = names[(at + step) % len(names)]
            return True
        if event.type == pygame.KEYDOWN and event.key in AID_KEYS:
            self.say(lambda t: t("aids.tut.aids_off"))  # the lesson is the help here
            return True
        if (
            event.type == pygame.KEYDOWN
            and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
            and self.focus in self.button_names()
        ):
            focus, self.focus = self.focus, None
            self.press(focus, keys=True)
            return True
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
            self.focus = None  # the pointer, or the keys of the cards, take over
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            hit = self._button_at(event.pos)
            if hit is not None:
                self.swallowed = self._came_under(event.pos, hit)
                self.pressed = None if self.swallowed else hit
                return True
            step = self.coach.step
            if step is not None and step.wait == "next" and self._own_card_at(event.pos):
                self.say(lambda t: t("aids.tut.read_first"))  # the cards wait for Next
                return True
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.swallowed:
            self.swallowed = False
            return True
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.pressed:
            pressed, self.pressed = self.pressed, None
            if self._button_at(event.pos) == pressed:
                self.last_pressed = (self.app.elapsed, tuple(event.pos), pressed)
                self.press(pressed)
            return True
        elif event.type == pygame.KEYDOWN and event.key in (
            pygame.K_RETURN,
            pygame.K_KP_ENTER,
            pygame.K_SPACE,
        ):
            step = self.coach.step
            if step is not None and step.wait != "next" and self.step_age < self.keys_from:
                # nor does one play the card a lesson just raised before its words are seen
                # (Enter pressed on six times went through a lesson's play unread)
                return self._held_off()
            if step is not None and step.wait == "next":
                if step is self._step_seen and self.step_age >= self.keys_from:
                    self.next_step()
                    return True
                # too soon: a key pressed on, not the words read (Space pressed every third
                # of a second as the computers finished the round turned the last lesson
                # over unread)
                return self._held_off()
        return super().handle(event)

    def _held_off(self) -> bool:
        """A key pressed too soon: the lesson waits for the keys to rest a moment longer,
        and, pressed on past the first moment (a key that seemed dead), says so; not while
        the computer plays or cards move (no card of the player's to play: nothing is
        kept from them)."""
        if self.step_age > NEXT_GRACE and not self.watching:
            self.say(lambda t: t("aids.tut.keys_wait"))
        self.keys_from = self.step_age + NEXT_GRACE
        return True

    def _came_under(self, pos: tuple[int, int], name: str) -> bool:
        """Whether a press on button ``name`` is a double click's second, on a button the
        first one moved under the pointer ("Finish for me" goes, "Start again" slides up
        into its place): it is not taken, as the app takes none on a screen a first press
        opened."""
        last = self.last_pressed
        if last is None or name == last[2]:
            return False
        # a hand slower than a double click's still meant the button it pressed first
        soon = self.app.elapsed - last[0] <= SLID_UNDER
        return soon and second_click((self.app.elapsed, last[1]), (self.app.elapsed, pos))

    def ringed(self) -> str | None:
        """The button Enter presses, ringed as the keyboard's focus: the one Tab reached,
        else, for a player on the keys, Next (or Play a match now) while the coach waits
        for it. None where Enter plays a card, or for a player on the pointer."""
        names = self.button_names()
        if self.focus in names:
            return self.focus
        step = self.coach.step
        if self.input.keyboard and step is not None and step.wait == "next" and names:
            return names[0]
        return None

    def _own_card_at(self, pos: tuple[float, float]) -> bool:
        return self.view.hand_card_at(HUMAN, pos) is not None

    def _button_at(self, pos: tuple[float, float]) -> str | None:
        return next((name for name, rect in self.buttons() if rect.collidepoint(pos)), None)

    def press(self, name: str, *, keys: bool = False) -> None:
        """Run the coach button ``name`` (next, play, done, finish_for_me, again, skip); one
        that would lose the lessons' progress asks first, when a card has been played or
        the keys pressed it (Enter, meant for a card, on a button Tab had reached)."""
        if name in ("next", "done"):
            self.next_step()
        elif name == "play":
            self.next_step()  # the lessons done, the title under
            self.app.matches.play()  # as its Play: the level asked the first time
        elif name == "finish_for_me":
            self.finish_for_me()
        elif name == "again":
            if self.match.moves() or keys:
                self.ask_to_start_again()
            else:
                self.again()
        elif name == "skip":
            if self.match.moves() or keys:
                self.ask_to_leave()
            else:
                self.skip()

    # --- drawing -------------------------------------------------------------------------

    def coach_rect(self) -> FRect:
        return self._coach_box()[0]

    def _status_place(self) -> tuple[tuple[str, tuple[int, int, int]] | None, FRect | None]:
        """As at any table, the line kept left of the coach's panel (from the sixth lesson,
        the panel grown down to it, the keys' line ran under it: "(F1: every ke")."""
        status, spot = super()._status_place()
        if status is None or self.cover is not None:
            return status, spot
        lay = self.layout
        coach = self.coach_rect()
        edge = coach.left - lay.margin * 0.5
        if spot is None:
            width, (x, y) = lay.status_width, lay.status_centre
            spot = FRect(x - width / 2, y - lay.font_normal, width, 2 * lay.font_normal)
            if spot.bottom < coach.top or spot.top > coach.bottom or spot.right <= edge:
                return status, None  # clear of the panel: on its row, as ever
        if spot.right > edge:
            spot = FRect(spot.left, spot.top, max(1.0, edge - spot.left), spot.height)
        return status, spot

    def toast_band(self) -> ToastBand | None:
        """The table's room for toasts, kept left of the coach's panel: a toast told over
        the lessons (a file that could not be saved) hides neither their words nor their
        buttons. One that goes lower down stays centred over the table, only narrower."""
        band = super().toast_band()
        if band is None:
            return None
        edge = self.coach_rect().left - self.layout.margin * 0.5
        low, high = band.wide
        middle = (low + high) / 2
        reach = max(0.0, min(middle - low, edge - middle))
        return band._replace(
            right=max(band.left, min(band.right, edge)), wide=(middle - reach, middle + reach)
        )

    def card_words(self) -> dict[str, str]:
        """The cards the lessons name, as the chosen deck names them (the seven of coins is
        the seven of diamonds in a French deck)."""
        deck = self.deck
        t = self.app.t
        return {
            "settebello": card_name(t, Card.parse("7D"), deck),
            "coins": suit_name(t, "D", deck),
            "figures": t(f"aids.tut.figures.{deck_family(deck)}"),
        }

    def step_texts(self) -> tuple[str, str]:
        """The current lesson's title and text, with its cards named; told the keys' way
        to play while the player is on the keys (as the line under the table is)."""
        step = self.coach.step
        if step is None:
            return "", ""
        words = self.card_words()
        t = self.app.t
        title = t(f"aids.tut.{step.key}.title", **words)
        if self.watching:
            return title, t("aids.tut.watch")
        text = "keys" if step.keys and self.input.keyboard else "text"
        return title, t(f"aids.tut.{step.key}.{text}", **words)

    @property
    def watching(self) -> bool:
        """A lesson that asks for a play, while the table does not lie as its words say yet:
        the computer's card still to come or cards still moving."""
        step = self.coach.step
        return step is not None and bool(step.moves) and super().human_to_play is None

    def _coach_words(self, large: bool = True) -> list[tuple[str, Pen]]:
        """The coach's texts (the lesson's number, its title, its words) and their pens:
        the lesson's words as large as the title's where the panel has room for them
        (``large``; they are what the player reads first), else the table's small type."""
        lay, t = self.layout, self.app.t
        step = self.coach.step
        if step is None:
            return []
        title, text = self.step_texts()
        body = lay.font_normal if large else lay.font_small
        return [
            (
                t("aids.tut.step", n=self.coach.index + 1, total=len(STEPS)),
                self.text.pen("ui", lay.font_small, style.MIST),
            ),
            (title, self.text.pen("ui_bold", lay.font_normal, style.BRIGHT_GOLD)),
            (text, self.text.pen("ui", body, style.CREAM)),
        ]

    def _coach_texts(self, width: float, large: bool = True) -> list[tuple[str, Pen, float]]:
        """The coach's texts with the height each takes laid out ``width`` pixels wide."""
        tall = self.layout.size[1]
        return [
            (words, pen, style.fit(words, pen, width, tall, lines=0).height)
            for words, pen in self._coach_words(large)
        ]

    def _coach_box(self) -> tuple[FRect, float]:
        """The coach panel, sized to its text, scores and buttons; and where the text ends."""
        return self._coach_layout()[:2]

    def _coach_layout(self) -> tuple[FRect, float, bool]:
        """``_coach_box``, and whether the lesson's words are set large (room for them)."""
        lay = self.layout
        w, h = lay.size
        left = lay.table_rect.right + lay.margin * 1.5
        width = max(w - lay.margin - left, lay.font_normal * 9)
        top = h * 0.13
        pad = lay.margin * 0.6
        step = self.coach.step
        buttons = len(self.button_names()) * (lay.font_normal * 1.8 + lay.margin * 0.35)
        for large in (True, False):
            texts = self._coach_texts(width - 2 * pad, large)
            text_bottom = top + pad + sum(height for _, _, height in texts)
            if step is not None and step.key == "score" and self.scores is not None:
                text_bottom += lay.margin * 0.5 + self._score_line() * 7.5
            height = text_bottom - top + lay.margin * 0.5 + buttons + pad
            if top + height <= h - lay.margin:  # inside the window
                break
        return FRect(w - lay.margin - width, top, width, height), text_bottom, large

    def _score_line(self) -> float:
        return style.line_height(self.text.pen("ui", self.layout.font_small, style.CREAM))

    def _hot_button(self) -> str | None:
        pointer = self.pick.pointer
        return None if pointer is None else self._button_at(pointer)

    def overlay_items(self) -> list[Item]:
        items = super().overlay_items()
        if self.cover is None:
            area, _, large = self._coach_layout()  # laid out once for the frame
            texts = tuple(words for words, _ in self._coach_words(large))
            scores = repr(self.scores)
            buttons = (tuple(self.button_names()), self._hot_button(), self.ringed())
            key = ("coach", texts, buttons, scores, tuple(area))
            reach = style.button_reach(Scale(self.layout.size))
            items.append(Item(key, box(area, reach), self._draw_coach))
        return items

    def _draw_coach(self, surface: pygame.Surface) -> None:
        lay, t = self.layout, self.app.t
        box, _, large = self._coach_layout()
        scale = Scale(lay.size)
        style.dark_panel(surface, box, scale, border=style.BRIGHT_GOLD, alpha=230)
        step = self.coach.step
        if step is None:
            return
        pad = lay.margin * 0.6
        x, y = box.left + pad, box.top + pad
        width = box.width - 2 * pad
        for words, pen, height in self._coach_texts(width, large):
            style.text(surface, words, pen, FRect(x, y, width, height), valign="top", lines=0)
            y += height
        if step.key == "score" and self.scores is not None:
            self._draw_scores(surface, x, y + lay.margin * 0.5, width)
        hot, ringed = self._hot_button(), self.ringed()
        for name, rect in self.buttons():
            # (not "Finish for me": the lesson's card is played by Enter, not by it)
            primary = name in ("next", "play")
            state = "hot" if name in (hot, ringed) else "normal"
            words = t(f"aids.tut.{name}")
            style.button(
                surface,
                rect,
                scale,
                self.text.font,
                words,
                lay.font_small,
                state=state,
                primary=primary,
                focused=name == ringed,
            )

    def score_cell(self, category: str, side: int) -> str:
        """What the lesson's score table shows of ``category`` for ``side``: the count, a
        tick for the settebello or a dash without it, and the point it made."""
        assert self.scores is not None
        score = self.scores[side]
        won = score.points.get(category, 0)
        counts = {"carte": score.cards, "denari": score.coins, "primiera": score.primiera}
        counts["scope"] = score.scope
        shown = "\u2713" if won else "\u2014"
        value = str(counts[category]) if category in counts else shown
        return value + (f"  +{won}" if won else "")

    def _draw_scores(self, surface: pygame.Surface, x: float, y: float, width: float) -> None:
        lay, t, text = self.layout, self.app.t, self.text
        assert self.scores is not None
        names = (self.seats.seat_name(HUMAN), self.seats.seat_name(COMPUTER))
        line = self._score_line()
        column_w = width * 0.3
        columns = (x + width * 0.55, x + width * 0.85)
        quiet = text.pen("ui", lay.font_small, style.MIST)
        for name, cx in zip(names, columns):
            style.text(
                surface, name, quiet, FRect(cx - column_w / 2, y, column_w, line), align="center"
            )
        y += line
        label_w = width * 0.4
        for category in CATEGORIES:
            name = category_label(t, category, self.deck)
            plain = text.pen("ui", lay.font_small, style.CREAM)
            style.text(surface, name, plain, FRect(x, y, label_w, line))
            for side, cx in enumerate(columns):
                won = self.scores[side].points.get(category, 0)
                shown = self.score_cell(category, side)
                pen = text.pen("ui_bold", lay.font_small, style.BRIGHT_GOLD) if won else quiet
                style.text(
                    surface, shown, pen, FRect(cx - column_w / 2, y, column_w, line), align="center"
                )
            y += line
        total = text.pen("ui_bold", lay.font_small, style.CREAM)
        style.text(surface, t("aids.tut.cat.total"), total, FRect(x, y, label_w, line * 1.4))
        big = text.pen("ui_bold", lay.font_normal, style.BRIGHT_GOLD)
        for side, cx in enumerate(columns):
            spot = FRect(cx - column_w / 2, y, column_w, line * 1.4)
            style.text(surface, str(self.scores[side].total), big, spot, align="center")
