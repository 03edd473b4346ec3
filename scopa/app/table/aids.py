"""The learning aids on the table: hint, undo, the last capture and the card tracker.

A row of small buttons in the top-right corner, each with a key: H asks Master for a hint
(its card is raised, the cards it takes glow, the reason is written above the hand), U takes
your last play back when you play alone against computers, holding Tab (or the button)
shows the last card played and the last capture of every seat, T shows which ranks are still
unseen. What each aid says is decided in ``scopa.aids``; this layer only asks and draws.

The layer is given what it needs: the match in progress (its coordinator) and an
``AidsHost`` of the few things only the table knows (whose point of view may be shown,
whose input is awaited, how to point at a move or take plays back).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import pygame
from pygame import FRect

from scopa.ai import hint
from scopa.ai.hints import Hint
from scopa.ai.review import position_seed
from scopa.aids import review, track, undo_allowed, undo_point
from scopa.aids.undo import dealt_since, plays_back
from scopa.engine import Card, Match, Move, Observation, Rules
from scopa.engine.scoring import categories, point_card_categories, primiera_so_far

from .. import style
from ..ai_worker import AiWorker
from ..cardart import SUIT_COLOURS, CardArt, suit_mark
from ..scene import second_click
from ..style import Scale
from ..toasts import Words, worded
from ..wording import card_list, category_label, count, deck_family, rank_label, suit_name
from .frame import Item, box
from .layout import SCOPE_SHOWN, TableLayout, card_rect
from .painter import side_shape_reach
from .text import Writer
from .under import Row, above_status, beside_hand, on_status

FEATURES = ("hint", "undo", "review", "tracker")
HINT_COLOUR = (130, 236, 160)
EMPTY_PIP = (66, 82, 70)
"""The outline of a card seen in the tracker: faint beside the marks of the cards unseen,
twice and more as bright (at 3 to 1 a seen club and an unseen one looked alike to eyes
that cannot tell the green)."""
TRACKER_MARK_CONTRAST = 5.5
"""How far the tracker's marks stand out from its dark panel (as far as each hue goes)."""
TRACKER_SUITS = ("D", "C", "S", "B")
"""The tracker's four rows of marks under the ranks, from the top: coins (so the
settebello is the 7's first), cups, swords, batons."""
OTHER_HANDS_WEIGHT = 0.2
"""How much covering another seat's hand counts against a place for the tracker, beside a
name, a pile or its count (the hand is face down, and its size is on the seat's plate)."""
HINT_KEY = pygame.K_h
KEYS = {HINT_KEY: "hint", pygame.K_u: "undo", pygame.K_t: "tracker"}
TRACKER_MIN_PX = 16
"""The size of the tracker's text in a small window, in pixels, where it covers nothing at
that size: its ranks, counts and suits are read at a glance beside the play (the table's
own smallest text is 12)."""
TRACKER_PIP_SHARE = 0.42
"""The reach of the tracker's suit marks in shares of its text's size (their shape and
colour tell the suit; at 0.3 they were five pixels high at 960x540, hard to tell apart,
and at 0.36 still small at 1366x768)."""
TRACKER_GRIDS = ((1, 3.4, 2.5), (2, 5.0, 2.6))
"""How the tracker lays its marks under each rank, the first that leaves the table in sight
at a size read at a glance: one suit a row (a column a rank: read as the table of the
forty cards), else in two pairs (the panel half as tall, where a seat sits under the aids'
buttons); with the least a rank's column is wide, in reaches (its marks and a gap), and
the step from one mark to the next."""
TOOK_ROOM = 5.2
"""The width of the last capture's column of cards taken, in cards' widths (a card and
four more, a little apart)."""
TOOK_CLOSER = (TOOK_ROOM, 4.4, 3.6, 3.0)
"""The narrower columns of cards taken tried, their cards laid closer, for the seats to go
in two columns in a small window (long names, Italian's longer headings)."""
TRACKER_NARROW = 1.6
"""The least width of a rank's column, in sizes of its text, where the tracker finds no
room that covers nothing (its "10" stays clear of its neighbours)."""
REVIEW_MIN_CARD = 44
"""The width of the last capture's cards in a small window, in pixels, where the panel
holds them (the table's small cards are 30 pixels wide at 960x540)."""
TABLE_CARDS_CLEAR = 8
"""The tracker keeps clear of where this many cards lie on the table (two rows of four)."""
REVIEW_KEY = pygame.K_TAB
TAP_SECONDS = 0.35
"""A press of the last-capture key shorter than this is a tap: the panel stays open."""
DOUBLED = "doubled"
"""``_pressed`` for the second press of a double click on an aid's button (``second_click``),
taken as nothing, its release too (a double click on Undo took two plays back)."""


def undone_words(moves: Sequence[Move]) -> str:
    """What Undo says it took back of a player's ``moves`` (their own, in the plays taken
    back): a card ("Play taken back"), a card and the knock before it, a knock alone (made
    and taken back again, or made at the deal), or the taking back of a knock (No knock at
    the deal is never taken back: ``plays_back``)."""
    played = any(move.card is not None for move in moves)
    knocked = any(move.kind == "declare" for move in moves)
    if played:
        return "aids.undo_done_knock" if knocked else "aids.undo_done"
    if knocked:
        return "aids.undo_done_knock_alone"
    if any(move.kind == "retract" for move in moves):
        return "aids.undo_done_retract"
    return "aids.undo_done"


@dataclass(frozen=True)
class TrackerSize:
    """The tracker's text size, and its column, suit dot and legend's words at that size."""

    px: int
    cell: float
    pip: float
    widths: list[float]
    legend_w: float
    across: int = 2
    """The suits' marks side by side under a rank (``TRACKER_GRIDS``)..."""
    step: float = 2.6
    """...and from one to the next, in reaches."""
    seen: str = ""
    """The word under the legend for a hollow mark (a card seen), "" where there is no room."""


def hint_job(level: str, seed: int, obs: Observation) -> Any:
    """Master's move and its reason (runs off the render loop, like a computer's move).

    No wall-clock limit: the node budget alone bounds the search, so the hint is the move
    ``make_player("master", seed, time_limit=0)`` plays, however busy the machine is.
    """
    return hint(obs, seed, time_limit=0)


def hint_seed(match: Match) -> int:
    """The seed of the hint at this position: the one its review grades the move with, so
    following the hints costs nothing in the review."""
    return position_seed(match.seed, len(match.moves()))


@dataclass
class AidButton:
    name: str
    rect: FRect
    enabled: bool
    active: bool


@dataclass(frozen=True)
class AidsHost:
    """What the aids need from the table they sit on."""

    viewpoint: Callable[[], int | None]
    """The seat whose point of view the aids may take (None: nobody's hand may show)."""
    awaiting: Callable[[], int | None]
    """The seat whose play is awaited now."""
    hands_busy: Callable[[], bool]
    """A capture is being chosen or a card dragged: no aid interrupts it."""
    point_at: Callable[[Move], None]
    take_back: Callable[[Match], None]
    notify: Callable[[Words, float], None]
    say: Callable[[Words], None]
    """A short word on the line under the table (what undo did, or why not): there it
    hides none of the cards, which a toast over the table may."""
    layout: Callable[[], TableLayout]
    text: Writer
    translator: Callable[[], Any]
    """The app's translator now (it changes with the language)."""
    deck_style: Callable[[], str]
    seat_name: Callable[[int], str]
    card_name: Callable[[Card], str]
    behind: Callable[[], bool] = lambda: False
    """The table still shows an earlier deal or round than the match is at (the cards of
    the next are on their way): what the aids tell must not run ahead of it."""
    controls: Callable[[], tuple[FRect, Row] | None] = lambda: None
    """The buttons laid under the table now (Cirulla's knock), if any, and the row they lie
    in: the hint goes beside them on that row."""
    table_cards: Callable[[], Sequence[FRect]] = lambda: ()
    """Where the cards lying on the table are: the hint keeps clear of them."""
    hand: Callable[[], FRect | None] = lambda: None
    """Where the hand at the bottom is, a card of it raised: the hint keeps clear of it."""
    opening_take: Callable[[], tuple[int, tuple[Card, ...]] | None] = lambda: None
    """Cirulla: the dealer and the opening table they took for their bonus this round, as
    the table has shown it (None: no such take)."""
    side_name: Callable[[int], str] = lambda side: str(side + 1)
    """A side's name: one seat's, or partners' joined."""
    taken: Callable[[int], tuple[Card, ...]] = lambda side: ()
    """The cards a side's pile holds as the table shows it, its scopa cards among them."""
    tracked: Callable[[bool], None] = lambda on: None
    """The tracker was opened or closed (T): remembered, the next table opens as this one
    was left."""


class AidsLayer:
    """The aids' buttons, keys and panels, over the table."""

    def __init__(
        self,
        coordinator: Any,
        host: AidsHost,
        features: tuple[str, ...] = FEATURES,
        *,
        worker_mode: str = "thread",
        refused: dict[str, str] | None = None,
    ) -> None:
        self.coordinator = coordinator
        self.host = host
        self.features = tuple(name for name in FEATURES if name in features)
        self.refused = refused or {}
        """Aids not offered here whose key still answers, by what it says (Undo at a table
        online: its U said nothing, as if the key were dead)."""
        self.tracker_on = False
        self._ended_round: tuple[int, tuple[tuple[int, Move], ...]] | None = None
        """The plays of the round just played out, for the match of as many moves."""
        self.reviewing = False
        self.hint: Any = None
        self.hint_match: Match | None = None
        self._hints_seen: dict[tuple[object, tuple[Move, ...]], Move] = {}
        """The move each hint shown suggested, by the position it was shown at: one seen
        before an undo came back there is followed as much as one on show."""
        self.asking_for: Match | None = None
        self.pointer: tuple[int, int] = (-1, -1)
        self._pressed: str | None = None
        self._clicked: tuple[float, str, tuple[int, int]] | None = None
        """When, which and where an aid's button was last clicked (``_doubled``)."""
        self._tracked: tuple | None = None
        self._tracker_spot: tuple[tuple, tuple[TrackerSize, FRect, str]] | None = None
        """The tracker's size and place last worked out, for which layout and words
        (``_tracker_fit``)."""
        self.tracker_cell = 0.0
        """The width of each rank's column in the tracker last laid out."""
        self._clock = 0.0
        self._opened_at: float | None = None
        """When the press that opened the last capture began (None once let go)."""
        self.worker = AiWorker(hint_job, mode=worker_mode)

    @property
    def match(self) -> Match:
        return self.coordinator.match

    @property
    def busy(self) -> bool:
        """A hint is being worked out: the frame that shows it must be drawn."""
        return self.asking_for is not None

    # --- what is offered now -----------------------------------------------------------

    @property
    def seat(self) -> int | None:
        """The seat whose point of view the aids take (None when no one's may be shown)."""
        return self.host.viewpoint()

    def available(self, name: str) -> bool:
        if name not in self.features or self.seat is None:
            return False
        if name == "hint":
            return self.host.awaiting() is not None and not self.host.hands_busy()
        if name in ("tracker", "review"):  # no panel opens under a capture being chosen
            return not self.host.hands_busy()
        if name == "undo":
            humans = [seat.human for seat in self.coordinator.seats]
            floor = self.coordinator.undo_floor
            return (
                undo_allowed(humans)
                and not self.host.hands_busy()
                and plays_back(self.match, self.coordinator.humans[0], floor) > 0
            )
        return True

    def buttons(self) -> list[AidButton]:
        lay = self.host.layout()
        t = self.host.translator()
        font, scale = self.host.text.font, Scale(lay.size)
        height = lay.font_normal * 1.9
        right = lay.menu_rect.left - lay.margin * 0.4
        out: list[AidButton] = []
        for name in reversed(self.features):
            label = t(f"aids.{name}")
            width = style.button_width(font, label, lay.font_small, scale, round(height))
            rect = FRect(right - width, lay.margin, width, height)
            right = rect.left - lay.margin * 0.4
            active = (name == "tracker" and self.tracker_on) or (
                name == "review" and self.reviewing
            )
            if name == "hint":
                active = self.asking_for is not None or self._hint_shown()
            out.append(AidButton(name, rect, self.available(name), active))
        out.reverse()
        return out

    def warm(self) -> None:
        """Draw every button in each of its looks once, off screen: the first time one
        changes (Undo becoming possible, a hint asked for) then costs its frame nothing."""
        if self.seat is None:
            return
        lay = self.host.layout()
        t = self.host.translator()
        font, scale = self.host.text.font, Scale(lay.size)
        reach = style.button_reach(scale)
        for button in self.buttons():
            size = (round(button.rect.width), round(button.rect.height))
            scratch = pygame.Surface((size[0] + 2 * reach, size[1] + 2 * reach), pygame.SRCALPHA)
            rect = pygame.Rect((reach, reach), size)
            for state in ("normal", "hot", "disabled"):
                for primary in (False, True):
                    style.button(
                        scratch,
                        rect,
                        scale,
                        font,
                        t(f"aids.{button.name}"),
                        lay.font_small,
                        state=state,
                        primary=primary,
                    )

    def _hint_shown(self) -> bool:
        return self.hint is not None and self.hint_match is self.match

    def followed(self, move: Move) -> bool:
        """Whether ``move`` is the one the hint on show suggests, or the one suggested here
        before an undo brought the match back."""
        hint = self.hint
        if hint is not None and self.hint_match is self.match and hint.move == move:
            return True
        return self._hints_seen.get(_position(self.match)) == move

    # --- input -------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> bool:
        """React to the aids' keys and buttons; True when the event was theirs.

        The last capture (Tab or its button) shows while held and stays when tapped: a
        tap toggles it, a hold shows it until the key is let go.
        """
        if self.seat is None:
            self.reviewing = False
            return False
        if event.type == pygame.KEYDOWN:
            mod = getattr(event, "mod", 0)
            if event.key == pygame.K_z and mod & pygame.KMOD_CTRL:
                return self.use("undo")
            if modified(event):
                return False
            if event.key in (REVIEW_KEY, pygame.K_t) and self.host.hands_busy():
                return True  # no panel opens under the capture being chosen (or mid-drag)
            if event.key == REVIEW_KEY and "review" in self.features:
                self._review_down()
                return True
            name = KEYS.get(event.key)
            return self.use(name) if name is not None else False
        if event.type == pygame.KEYUP and event.key == REVIEW_KEY:
            self._review_up()
            return "review" in self.features
        if event.type == pygame.MOUSEMOTION:
            self.pointer = event.pos
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.host.hands_busy():
                return False
            hit = self._button_at(event.pos)
            self._pressed = None if hit is None else hit.name  # (a release unheard: gone)
            if hit is None and self._pile_at(event.pos):
                self.use("review")  # a pile clicked: what each side took so far
                return True
            if hit is None:
                return False
            if self._doubled(hit.name, event.pos):
                self._pressed = DOUBLED
                return True
            if hit.name == "review" and hit.enabled:
                self._review_down()
                self._clicked = (self._clock, hit.name, event.pos)
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self._pressed:
            pressed, self._pressed = self._pressed, None
            if pressed == DOUBLED:
                return True
            if pressed == "review":
                self._review_up()
                return True
            hit = self._button_at(event.pos)
            if hit is not None and hit.name == pressed:
                self._clicked = (self._clock, pressed, event.pos)
                self.use(pressed)
            return True
        return False

    def _doubled(self, name: str, pos: tuple[int, int]) -> bool:
        """Whether a press on ``name``'s button at ``pos`` is the second of a double click
        (a key pressed twice is meant twice: only the pointer's)."""
        last = self._clicked
        return (
            last is not None
            and last[1] == name
            and second_click((last[0], last[2]), (self._clock, pos))
        )

    def let_go(self) -> None:
        """The pointer's button or Tab, held down, was let go unheard (a screen came over
        the table): a button pressed is pressed no more, and the last capture held open
        closes as it would (a tap's stays)."""
        self._pressed = None
        if self._opened_at is not None:
            self._review_up()

    def _review_down(self) -> None:
        """Tab or the button pressed: open the last capture, or close it if a tap left it
        open."""
        if self.reviewing:
            self.reviewing = False
            self._opened_at = None
        else:
            self.reviewing = True
            self._opened_at = self._clock

    def _review_up(self) -> None:
        """Let go: after a long hold the panel closes; after a tap it stays open."""
        if self._opened_at is not None and self._clock - self._opened_at >= TAP_SECONDS:
            self.reviewing = False
        self._opened_at = None

    def _pile_at(self, pos: tuple[float, float]) -> bool:
        """Whether ``pos`` is on a side's pile or its count, while a person's play is
        awaited (else a click hurries the computers)."""
        if "review" not in self.features or not self.available("review"):
            return False
        if self.host.awaiting() is None:  # the computers play: a click hurries them
            return False
        lay = self.host.layout()
        parts = [(lay.pile_rect(side), lay.count_rect(side)) for side in range(lay.sides)]
        return any(part.collidepoint(pos) for pair in parts for part in pair)

    def _button_at(self, pos: tuple[float, float]) -> AidButton | None:
        return next((b for b in self.buttons() if b.rect.collidepoint(pos)), None)

    def use(self, name: str) -> bool:
        """Run the aid ``name`` (a click or its key); True when it is offered here at all."""
        if name not in self.features:
            said = self.refused.get(name)
            if said is not None:
                self.host.say(worded(said))
            return said is not None
        if name == "tracker":
            self.tracker_on = not self.tracker_on
            self.host.tracked(self.tracker_on)
        elif name == "hint":
            self.ask_hint()
        elif name == "undo":
            self.undo()
        elif name == "review":
            self.reviewing = not self.reviewing
        return True

    # --- the aids ----------------------------------------------------------------------

    def ask_hint(self) -> None:
        if not self.available("hint"):
            return
        if self._hint_shown():
            self.host.point_at(self.hint.move)
            return
        seat = self.host.awaiting()
        assert seat is not None
        graded = self._practised()
        if graded is not None:  # the review's own answer: Master names one move there
            self.hint, self.hint_match = graded, self.match
            self._hints_seen[_position(self.match)] = graded.move
            self.host.point_at(graded.move)
            return
        self.asking_for = self.match
        self.worker.request("master", hint_seed(self.match), self.match.observe(seat))
        self._collect_hint()

    def _practised(self) -> Hint | None:
        """At a reviewed position played again, the move its review named Master's, with
        its reason. Worked out again there (the practice's own seed and score, its history
        begun at the position), the hint could name another move than the review beside it
        did."""
        practice = self.coordinator.practice
        if practice is None or len(self.match.moves()) != practice.start:
            return None
        grade = practice.grade
        if grade.best not in self.match.legal_moves():
            return None
        return Hint(grade.best, grade.reason, grade.params)

    def _collect_hint(self) -> None:
        answer = self.worker.poll()
        if answer is None:
            return
        asked, self.asking_for = self.asking_for, None
        if isinstance(answer, BaseException) or asked is not self.match:
            return
        if answer.move not in self.match.legal_moves():
            return
        self.hint, self.hint_match = answer, asked
        self._hints_seen[_position(asked)] = answer.move
        self.host.point_at(answer.move)

    def undo(self) -> None:
        """Take back the human's last play and the computers' replies after it."""
        humans = [seat.human for seat in self.coordinator.seats]
        if not undo_allowed(humans):
            self.host.say(worded("aids.undo_hotseat"))
            return
        # A card being dragged or waiting for its capture to be chosen goes back to the hand
        # with the position taken back (``take_back`` lays the table out afresh).
        seat, floor = self.coordinator.humans[0], self.coordinator.undo_floor
        point = undo_point(self.match, seat, floor)
        if point is None:
            match = self.match
            ended = match.over or (
                match.rounds and not match.round.history() and self.host.awaiting() is None
            )  # the last card is played: the round is scored, the next not begun
            passed = any(who == seat and move.kind == "pass" for who, move in match.round.history())
            said = (
                "aids.undo_round_over"
                if ended
                else "aids.undo_new_deal"
                if dealt_since(match, seat, floor)
                else "aids.undo_practice"
                if floor and len(match.moves()) == floor
                else "aids.undo_pass_stays"  # No knock at the deal: the others' knocks seen
                if passed
                else "aids.undo_nothing"
            )
            self.host.say(worded(said))
            return
        self.hint = None
        # the match leaves the records: said once (a practice, counted nowhere, has none)
        first = not self.coordinator.undone and self.coordinator.practice is None
        gone = self.match.round.history()[-point.taken_back :]  # all of this deal
        self.host.take_back(point.match)
        said = undone_words([move for who, move in gone if who == seat])
        self.host.say(worded(f"{said}_first" if first else said))

    def update(self, dt: float) -> None:
        self._clock += dt
        if self.asking_for is not None:
            if self.asking_for is not self.match:
                self.worker.cancel()
                self.asking_for = None
            else:
                self._collect_hint()
        if self.hint is not None and self.hint_match is not self.match:
            self.hint = None

    def close(self) -> None:
        self.worker.close()

    # --- drawing -----------------------------------------------------------------------

    def items(self, art: CardArt) -> list[Item]:
        """The aids as items for the table's frame (nothing when no view may be shown)."""
        seat = self.seat
        if seat is None:
            return []
        out = [self._button_item(button) for button in self.buttons()]
        if self.tracker_on:
            counts = self._counts(seat)
            if counts is not None:
                out.append(self._tracker_item(counts))
        if self._hint_shown():
            out.append(self._hint_item())
        if self.reviewing:
            out.append(self._review_item(art))
        return out

    def _button_item(self, button: AidButton) -> Item:
        lay = self.host.layout()
        hovered = button.enabled and button.rect.collidepoint(self.pointer)
        state = "hot" if hovered else "normal" if button.enabled else "disabled"
        words = self.host.translator()(f"aids.{button.name}")
        rect, font = button.rect, self.host.text.font

        def paint(surface: pygame.Surface) -> None:
            scale, px = Scale(lay.size), lay.font_small
            style.button(surface, rect, scale, font, words, px, state=state, primary=button.active)

        key = ("aid", button.name, words, button.enabled, button.active, hovered)
        return Item((key, tuple(rect)), box(rect, style.button_reach(Scale(lay.size))), paint)

    def _below_buttons(self) -> float:
        lay = self.host.layout()
        return lay.margin + lay.font_normal * 1.9 + lay.margin * 0.4

    def _tracker_item(self, counts: tuple) -> Item:
        lay, t, text = self.host.layout(), self.host.translator(), self.host.text
        deck = self.host.deck_style()
        headings = (t("aids.tracker_title"), t("aids.tracker_title_short"))
        names = [suit_name(t, suit, deck) for suit in TRACKER_SUITS]
        seen = t("aids.tracker_seen")  # under the suits' marks, the hollow one's: a card seen
        french = deck_family(deck) == "french"

        size, area, heading = self._tracker_fit(headings, names, len(counts), seen)
        px, cell, pip, widths, legend_w = size.px, size.cell, size.pip, size.widths, size.legend_w
        title = text.pen("ui", px, style.BRIGHT_GOLD)
        legend = text.pen("ui", px, style.CREAM)
        line = style.line_height(title)
        self.tracker_cell = cell

        def paint(surface: pygame.Surface) -> None:
            style.dark_panel(surface, area, Scale(lay.size), border=style.BRIGHT_GOLD, alpha=200)
            inside = area.inflate(-lay.margin * 1.2, 0)
            top = area.top + lay.margin * 0.25
            style.text(surface, heading, title, FRect(inside.left, top, inside.width, line))
            top += line + lay.margin * 0.1
            for k, item in enumerate(counts):
                x = area.centerx + cell * (k - (len(counts) - 1) / 2)
                colour = style.MIST if item.gone else style.CREAM
                rank = text.pen("ui_bold", px, colour)
                spot = FRect(x - cell / 2, top, cell, line)
                style.text(surface, rank_label(t, item.rank, deck), rank, spot, align="center")
                shade = style.BRIGHT_GOLD if item.count else style.MIST
                number = text.pen("ui", px, shade)
                spot = spot.move(0, line)
                style.text(surface, str(item.count), number, spot, align="center")
                y = spot.bottom + pip * 1.4
                unseen = {card.suit for card in item.unseen}
                # a suit's place, lit while unseen: a row a suit under the rank's column
                # where there is room, else two side by side, two rows
                across, step = size.across, pip * size.step
                for p, suit in enumerate(TRACKER_SUITS):
                    row, col = divmod(p, across)
                    centre = (x + (col - (across - 1) / 2) * step, y + row * step)
                    if suit in unseen:
                        suit_mark(surface, suit, centre, pip, _mark(suit), french=french)
                    else:
                        ring = max(1, round(pip / 3))
                        suit_mark(surface, suit, centre, pip, EMPTY_PIP, ring, french)
            x = area.centerx - legend_w / 2
            y = area.bottom - lay.margin * 0.25 - line
            if size.seen:
                y -= line  # the suits' line, over the hollow mark's
            for suit, name, name_w in zip(TRACKER_SUITS, names, widths, strict=True):
                mark = (x + pip, y + line / 2)
                suit_mark(surface, suit, mark, pip, _mark(suit), french=french)
                style.text(surface, name, legend, FRect(x + pip * 3, y, name_w, line))
                x += name_w + pip * 2
            if size.seen:  # a place left hollow: a card seen
                x, y = area.centerx - legend_w / 2, y + line
                ring = max(1, round(pip / 3))
                mark = (x + pip, y + line / 2)
                suit_mark(surface, TRACKER_SUITS[0], mark, pip, EMPTY_PIP, ring, french)
                room = FRect(x + pip * 3, y, legend_w - pip * 3, line)
                style.text(surface, size.seen, legend, room)

        key = ("tracker", heading, deck, tuple(counts), tuple(names), seen)
        return Item((key, tuple(area)), box(area), paint)

    def _tracker_fit(
        self, headings: tuple[str, ...], names: list[str], columns: int, seen: str = ""
    ) -> tuple[TrackerSize, FRect, str]:
        """The tracker's size, place and heading: as large as leaves the seats, piles and
        counts in sight, to be read at a glance in a small window too, else as small as
        the table's own smallest text; headed in full where that leaves them in sight, else
        in short (at six players in a small window, the long heading's width covered one's
        own pile's count). Worked out once per layout and words (each size tried weighs
        every spot against every part of the table)."""
        lay, text = self.host.layout(), self.host.text
        key = (lay, headings, tuple(names), columns, seen)
        known = self._tracker_spot
        if known is not None and known[0] == key:
            return known[1]
        least = max(2.0, lay.unit * 4.5)  # the marks' reach when nothing larger leaves room
        sizes = range(max(lay.font_small, TRACKER_MIN_PX), lay.font_small - 1, -1)
        tried = [
            (heading, *grid, px, max(px * TRACKER_PIP_SHARE, least), 1.75)
            for heading in headings
            for grid in TRACKER_GRIDS
            for px in sizes
        ]
        # the last try: the ranks' columns as narrow as their labels allow
        last = (headings[-1], *TRACKER_GRIDS[-1], lay.font_small, least, TRACKER_NARROW)
        # with the hollow mark's line under the legend where some size leaves everything in
        # sight so, else without it (scopone at 960x540 has no room for a line more)
        told = [(said, *tried_one) for said in dict.fromkeys((seen, "")) for tried_one in tried]
        told += [("", *last)]
        for said, heading, across, reach, step, px, pip, wide in told:
            roomy = lay.font_normal * 1.55 if wide > TRACKER_NARROW else 0.0
            cell = max(roomy, px * wide, pip * reach)
            title = text.pen("ui", px, style.BRIGHT_GOLD)
            room = lay.size[0] - 2 * lay.margin - lay.margin * 1.2
            title_w = min(room, style.natural_width(heading, title))
            legend = text.pen("ui", px, style.CREAM)
            widths = [pip * 3 + style.natural_width(name, legend) for name in names]
            legend_w = sum(widths) + pip * 2 * (len(names) - 1)
            legend_w = max(legend_w, pip * 3 + style.natural_width(said, legend))
            width = max(cell * columns, title_w, legend_w) + lay.margin * 1.2
            rows = len(TRACKER_SUITS) // across - 1
            lines = 5 if said else 4  # the heading, ranks, counts, the legend's one or two
            height = style.line_height(title) * lines + lay.margin * 0.6 + (4.4 + step * rows) * pip
            area, covers = self._tracker_area(width, height)
            if not covers:
                break
        fit = (TrackerSize(px, cell, pip, widths, legend_w, across, step, said), area, heading)
        self._tracker_spot = (key, fit)
        return fit

    def _tracker_area(self, width: float, height: float) -> tuple[FRect, bool]:
        """Where the tracker goes: under the aids' buttons (slid left past a pile lying
        there: the other team's, at four), unless a seat's name, hand or pile lies there
        (six players seat someone at the top right); then the first corner clear of the
        seats, the score panel, the table and the deck, or the spot that covers least of
        them, another seat's cards face down counting for little (their number is on the
        seat's plate), a pile's count for much (``_keep_clear``); and whether it covers
        any of them."""
        lay = self.host.layout()
        (w, h), m = lay.size, lay.margin
        below = self._below_buttons()
        along = [w - m - width - k * m for k in range(int((w / 2) // m))]
        tight = m * 0.25  # the corners hugged, where a margin's width covered a count
        spots = (
            *((x, below) for x in along if x + width > w / 2),
            (w - m - width, h - m - height),
            (m, lay.hud_rect.bottom + m * 0.5),
            (m, h - m - height),
            (w - tight - width, h - tight - height),
            (tight, h - tight - height),
        )
        best, least = FRect(*spots[0], width, height), float("inf")
        keep_clear = self._keep_clear()
        for x, y in spots:
            area = FRect(x, y, width, height)
            covered = sum(weight * _area(area.clip(other)) for other, weight in keep_clear)
            if covered < least:
                best, least = area, covered
            if not covered:
                break
        return best, least > 0

    def _keep_clear(self) -> list[tuple[FRect, float]]:
        """What the tracker keeps clear of, each with how much covering it counts."""
        lay = self.host.layout()
        stock = FRect(0, 0, lay.table_h, lay.table_h)
        stock.center = lay.stock_centre
        # where the table's cards lie, as many as it mostly holds (its felt's empty edge
        # may be covered)
        cards = [lay.table_slot(slot, TABLE_CARDS_CLEAR) for slot in range(TABLE_CARDS_CLEAR)]
        parts = [
            (lay.hud_rect, 1.0),
            (cards[0].unionall(cards[1:]), 0.5),
            (stock, 1.0),
            (lay.stock_label(lay.font_small * 2.6), 1.0),
        ]
        reach = side_shape_reach(lay)  # the side's shape over a plate's top
        for seat in range(lay.players):
            plate = FRect(lay.place_of(seat).name_rect)
            parts.append((FRect(plate.x, plate.y - reach, plate.w, plate.h + reach), 1.0))
            weight = 1.0 if seat == lay.bottom else OTHER_HANDS_WEIGHT
            for visible in (False, True):
                cards = [card_rect(slot) for slot in lay.hand_slots(seat, lay.hand_size, visible)]
                parts.append((cards[0].unionall(cards[1:]), weight))
        for side in range(lay.sides):
            parts.append((lay.pile_rect(side), 1.0))
            parts.extend((lay.marker_rect(side, i, SCOPE_SHOWN), 1.0) for i in range(SCOPE_SHOWN))
            parts.append((lay.count_rect(side), 3.0))  # small, and read often
        return parts

    def _counts(self, seat: int) -> tuple | None:
        """The tracker's counts, worked out once per position and seat. While the table is
        behind the match (a new deal or round not yet on show) they stay those last worked
        out: the match's would count the next hand and table as seen before anyone sees
        them. None when there are none for this seat yet."""
        key = (self.match, seat)
        if self._tracked is None or self._tracked[0] != key:
            if self.host.behind():
                if self._tracked is not None and self._tracked[0][1] == seat:
                    return self._tracked[1]
                return None
            self._tracked = (key, track(self.match.observe(seat)))
        return self._tracked[1]

    def hint_line(self) -> str:
        """The shown hint as the player reads it: the play, then why."""
        t = self.host.translator()
        deck = self.host.deck_style()
        move: Move = self.hint.move
        if not move.is_play:  # a knock, a pass or taking one back: the reason says it all
            return t("aids.hint_alone", reason=self.hint.text(t.language, deck))
        assert move.card is not None
        card = self.host.card_name(move.card)
        rules, seat = self.match.rules, self.seat
        value = move.card.rank
        if rules.cirulla and move.card == rules.matta_card and seat is not None:
            named = self.match.observe(seat).matta_value
            if named:  # a 7 taking 3 + 6 + 10 read as a riddle: the matta, named an ace
                card = t("aids.matta_as", n=named)
                value = named
        if move.captures:
            play = t("aids.hint_takes", card=card, cards=card_list(t, move.captures, deck))
            summed = _sum_said(rules, value, move.captures)
            if summed:  # a child read "take the 3 and the 4" and did not see why
                play = t("aids.hint_sum", play=play, sum=summed)
        else:
            play = t("aids.hint_lays", card=card)
        return t("aids.hint_line", play=play, reason=self.hint.text(t.language, deck))

    def _hint_box(
        self, width: float, height: float | None = None, lines: int = 2
    ) -> tuple[str, Any, FRect, FRect, style.Fit]:
        """The shown hint's line, its pen, the room for its text, its box (at most
        ``width`` by ``height``: two lines at their full size by default) and how its words
        are laid out in it, to be placed by the caller."""
        lay = self.host.layout()
        line = self.hint_line()
        pen = self.host.text.pen("ui", lay.font_normal, HINT_COLOUR)
        pad_x, pad_y = lay.margin * 1.4, lay.margin * 0.6
        if height is None:
            height = 2 * style.line_height(pen) + pad_y
        room = FRect(0, 0, width - pad_x, height - pad_y)
        laid = style.fit(line, pen, room.width, room.height, lines=lines)
        area = FRect(0, 0, laid.width, laid.height).inflate(pad_x, pad_y)
        return line, pen, room, area, laid

    def hint_width(self) -> float:
        """The width the hint's box wants on one line (0: no hint shows)."""
        if self.seat is None or not self._hint_shown():
            return 0.0
        lay = self.host.layout()
        pen = self.host.text.pen("ui", lay.font_normal, HINT_COLOUR)
        return style.natural_width(self.hint_line(), pen) + lay.margin * 1.4

    def hint_height(self) -> float:
        """The height of the hint's box on two lines at their full size (0: none shows)."""
        if self.seat is None or not self._hint_shown():
            return 0.0
        lay = self.host.layout()
        pen = self.host.text.pen("ui", lay.font_normal, HINT_COLOUR)
        return 2 * style.line_height(pen) + lay.margin * 0.6

    def hint_on_status(self) -> bool:
        """The hint on show takes the status line's row (see ``under``)."""
        if self.seat is None or not self._hint_shown():
            return False
        return self._hint_place()[5]

    def _hint_place(self) -> tuple[str, Any, FRect, FRect, int, bool]:
        """The shown hint's line, pen, text room and box, placed, with the lines it may
        take, and whether it took the status line's row (its words give way). Beside
        Cirulla's buttons, in the room they left it on their row; else just above the status
        line, or on its row, where its words fit whole (at their full size where either
        place has room for them); else beside the hand, where they are written largest:
        never over a card on the table (``under``)."""
        lay = self.host.layout()
        x = lay.status_centre[0]
        controls = self.host.controls()
        if controls is not None:
            buttons, row = controls
            gap = lay.margin * 0.6
            height = row.room.height if row.on_status else None
            line, pen, room, area, _ = self._hint_box(buttons.left - gap - row.room.left, height)
            area.midright = (buttons.left - gap, buttons.centery)
            room.center = area.center
            return line, pen, room, area, 2, row.on_status
        cards = self.host.table_cards()
        near = [self._hint_in(above_status(lay, cards), 2), self._hint_in(on_status(lay, cards))]
        hand = self.host.hand()
        far = [self._hint_in(row) for row in beside_hand(lay, cards, hand)] if hand else []
        full = self.host.text.pen("ui", lay.font_normal, HINT_COLOUR).px
        chosen = (
            next((at for at in near if at is not None and at[5] >= full), None)
            or next((at for at in near if at is not None), None)
            or max((at for at in far if at is not None), key=lambda at: at[5], default=None)
        )
        if chosen is None:  # nowhere whole: on the status line's row all the same
            row = on_status(lay, cards)
            chosen = (row, *self._hint_box(row.room.width, row.room.height, 0)[:4], 0, 0)
        row, line, pen, room, area, _, limit = chosen
        target = x
        if hand is not None and any(at is chosen for at in far):  # by the hand's side
            target = hand.left if row.room.right <= hand.left else hand.right
        area = row.place(area, target)
        room.center = area.center
        return line, pen, room, area, limit, row.on_status

    def _hint_in(self, row: Row, limit: int = 0) -> tuple | None:
        """The hint laid out in ``row`` (on at most ``limit`` lines; 0: as many as the row
        holds): the row, its line, pen, text room and box, its size and ``limit``; None
        where its words do not fit whole."""
        height = row.room.height
        if limit:
            height = min(height, self.hint_height())
        if row.room.width <= 0 or height <= 0:
            return None
        line, pen, room, area, laid = self._hint_box(row.room.width, height, limit)
        if laid.elided or area.height > row.room.height or area.width > row.room.width:
            return None
        return row, line, pen, room, area, laid.px, limit

    def _hint_item(self) -> Item:
        lay = self.host.layout()
        line, pen, room, area, lines, _ = self._hint_place()

        def paint(surface: pygame.Surface) -> None:
            style.dark_panel(surface, area, Scale(lay.size), border=HINT_COLOUR, alpha=200)
            style.text(surface, line, pen, room, align="center", lines=lines)

        return Item(("hint", line, tuple(area)), box(area), paint)

    def _shown_history(self) -> tuple[tuple[int, Move], ...]:
        """The plays of the round the table shows: the match's own, or, while the table
        still shows the round just played out (its last cards on their way to the piles),
        that round's: the next one's, none yet, showed a panel of dashes."""
        match = self.match
        history = match.round.history()
        if history or not isinstance(match, Match) or match.round.round_no == 1:
            return history
        if not self.host.behind():
            return history
        moves = match.moves()
        if self._ended_round is not None and self._ended_round[0] == len(moves):
            return self._ended_round[1]
        again = Match.new(match.rules, match.seed, first_dealer=match.first_dealer,
                          decks=match.decks)  # fmt: skip
        ended: tuple[tuple[int, Move], ...] = ()
        for move in moves:  # played again to the end of the round before this one
            before, seat = again.round.history(), again.turn
            again, _ = again.apply(move)
            if again.round.round_no == match.round.round_no:
                ended = (*before, (seat, move))
                break
        self._ended_round = (len(moves), ended)
        return ended

    def _tally(self) -> list[tuple[str, str]]:
        """What each side took so far this round, as the panel says it under the last
        captures (a side's name, then its words): the cards, the coins with the cards that
        score by themselves among them, and the primiera as it stands, with the suits it
        still lacks: what a player weighs the last deals on. As the table shows the piles
        (the round's last cards in them once they went there)."""
        rules = self.match.rules
        t, deck = self.host.translator(), self.host.deck_style()
        scored = categories(rules)
        coin_words = "aids.tally_coins"
        if deck_family(deck) == "french":
            coin_words += ".french"
        out = []
        for side in range(rules.sides):
            cards = self.host.taken(side)
            coins = sum(card.suit == "D" for card in cards)
            parts = [count(t, "aids.tally_cards", len(cards)), count(t, coin_words, coins)]
            parts += [
                category_label(t, category, deck)
                for card, category in point_card_categories(rules)
                if card in cards
            ]
            if "primiera" in scored and cards:  # (none taken: no primiera to speak of)
                worth, lacking = primiera_so_far(cards, rules)
                if not lacking:
                    parts.append(t("aids.tally_primiera", n=worth))
                elif lacking == 1:
                    parts.append(t("aids.tally_primiera_lacking_one", n=worth))
                else:
                    parts.append(t("aids.tally_primiera_lacking", n=worth, k=lacking))
            out.append((self.host.side_name(side), "  \u00b7  ".join(parts)))
        return out

    def _review_item(self, art: CardArt) -> Item:
        lay, t, text = self.host.layout(), self.host.translator(), self.host.text
        rules = self.match.rules
        matta = rules.matta_card if rules.cirulla else None
        rows = review(self._shown_history(), rules.players, matta)
        names = [self.host.seat_name(seat) for seat in range(rules.players)]
        head_pen = text.pen("ui", lay.font_small, style.MIST)
        title_pen = text.pen("title", lay.font_large, style.BRIGHT_GOLD)
        head_h, title_h = style.line_height(head_pen), style.line_height(title_pen)
        controls = self.host.controls()  # Cirulla's knock, on its row above the turn's line
        floor = lay.status_top if controls is None else min(lay.status_top, controls[0].top)
        opening = self.host.opening_take()
        tally = self._tally()
        tally_pen = text.pen("ui", lay.font_small, style.CREAM)
        tally_name = text.pen("ui_bold", lay.font_small, style.CREAM)
        tally_h = style.line_height(tally_pen)
        tally_head = t("aids.tally_title")
        below = head_h + tally_h * len(tally) + lay.margin * 0.6
        whole_tally, whole_below = tally, below
        # from under the aids' buttons (a click on the panel pressed the one it covered)
        # to the turn
        ceiling = self._below_buttons()
        room = floor - ceiling - lay.margin * 0.3
        name_pen = text.pen("ui_bold", lay.font_normal, style.CREAM)
        name_w = max(style.natural_width(name, name_pen) for name in names) + lay.margin
        played_words, took_words = t("aids.review_played"), t("aids.review_took")
        heading = t("aids.review_title")
        opening_word = t("aids.review_opening")
        mark = text.pen("ui", lay.font_normal, style.MIST)
        widest = lay.size[0] - 2 * lay.margin

        def columns_w(card_w: int, took: float = TOOK_ROOM) -> tuple[float, float]:
            """The widths of the columns of the card played and the capture (``took``
            cards' widths at least, its cards laid closer where it is less)."""
            played_w = max(card_w * 1.5, style.natural_width(played_words, head_pen) + lay.margin)
            took_w = max(card_w * took, style.natural_width(took_words, head_pen))
            if opening is not None:  # its word, the arrow, and its cards a little apart
                lead = max(card_w, style.natural_width(opening_word, mark))
                took_w = max(took_w, lead + card_w * (1.6 + 1.08 * (len(opening[1]) - 1)))
            return played_w, took_w

        def sized(across: int, tally: list, below: float, least: int) -> tuple[int, list, float]:
            """The cards' width with the seats in ``across`` columns side by side, and the
            tally kept: as large as the room above the turn holds; under ``least`` wide,
            the tally is left out for them."""
            lines = math.ceil(len(rows) / across)
            # cards read at a glance: half as large again as the table's small ones (at
            # least ``REVIEW_MIN_CARD`` in a small window), smaller only for the panel to fit
            card_w = max(round(lay.mini_w * 1.5), REVIEW_MIN_CARD)
            while True:  # many seats: smaller cards, for the panel to keep above the turn
                card_h = art.face(Card.parse("1D"), card_w).get_height()
                row_h = card_h + lay.margin * 0.8
                height = title_h + lay.margin * 0.6 + head_h + row_h * lines + lay.margin
                if height + below <= room:
                    return card_w, tally, below
                if card_w <= least:
                    if not tally:
                        return card_w, tally, below
                    # six players in a small window: the cards keep what room there is,
                    # and what each side took is left to the score panel's counts
                    tally, below = [], 0.0
                    card_w = max(round(lay.mini_w * 1.5), REVIEW_MIN_CARD)
                    continue
                card_w = max(least, int(card_w * 0.9))

        across, took_room = 1, TOOK_ROOM
        card_w, tally, below = sized(1, tally, below, lay.mini_w // 2)
        if len(rows) > 3 and card_w < lay.mini_w:
            # the seats' rows would leave their cards smaller than the table's: in two
            # columns side by side, where the window is wide enough for them (the tally
            # left out sooner than the cards made smaller than the table's)
            two_w, two_tally, two_below = sized(2, whole_tally, whole_below, lay.mini_w)

            def two_wide(took: float) -> float:
                return 2 * (name_w + sum(columns_w(two_w, took))) + lay.margin * 3

            # long names, or Italian's longer headings: the captures' cards laid closer
            took = next((took for took in TOOK_CLOSER if two_wide(took) <= widest), None)
            if two_w > card_w and took is not None:
                across, took_room = 2, took
                card_w, tally, below = two_w, two_tally, two_below
        card_h = art.face(Card.parse("1D"), card_w).get_height()
        row_h = card_h + lay.margin * 0.8
        lines = math.ceil(len(rows) / across)
        height = title_h + lay.margin * 0.6 + head_h + row_h * lines + lay.margin + below
        played_w, took_w = columns_w(card_w, took_room)
        column_w = name_w + played_w + took_w
        gap = lay.margin
        side_w = max((style.natural_width(name, tally_name) for name, _ in tally), default=0)
        side_w += lay.margin
        said_w = max((style.natural_width(words, tally_pen) for _, words in tally), default=0)
        width = max(across * column_w + (across - 1) * gap, side_w + said_w) + lay.margin * 2
        width = min(width, widest)
        inner = width - 2 * lay.margin
        side_w = min(side_w, max(inner - said_w, inner * 0.4))
        area = FRect(0, 0, width, height)
        area.center = lay.table_rect.center
        # in the window: at six players the table's middle is right of the window's, and a
        # panel of two columns ran past its edge
        area.right = min(area.right, lay.size[0] - lay.margin)
        area.left = max(area.left, lay.margin)
        area.bottom = min(area.bottom, floor - lay.margin * 0.3)  # the turn in sight
        area.top = max(area.top, ceiling)
        arrow = text.pen("ui_bold", lay.font_normal, style.BRIGHT_GOLD)
        tag_pen = text.pen("ui_bold", lay.font_small, style.NIGHT)

        def tag(surface: pygame.Surface, x: float, y: float, named: int) -> None:
            """The value the matta stood for, on it at ``x``, ``y`` as the table wrote it
            while it was in play (over the card laid after it)."""
            label = t("table.matta_badge", n=named)
            bottom = (x + card_w / 2, y + card_h)
            area = style.tag_area(label, tag_pen, bottom, lay.margin * 0.6)
            style.draw_tag(surface, label, tag_pen, area)

        def none(surface: pygame.Surface, x: float, y: float) -> None:
            spot = FRect(x, y, card_w * 1.5, card_h)
            style.text(surface, "\u2014", mark, spot)

        def paint(surface: pygame.Surface) -> None:
            style.dark_panel(surface, area, Scale(lay.size), border=style.BRIGHT_GOLD, alpha=255)
            left = area.left + lay.margin
            inside = FRect(left, area.top + lay.margin * 0.4, area.width - 2 * lay.margin, title_h)
            style.text(surface, heading, title_pen, inside, align="center")
            top = inside.bottom + lay.margin * 0.2
            for column in range(across):
                played_x = left + column * (column_w + gap) + name_w
                took_x = played_x + played_w
                spot = FRect(played_x, top, played_w, head_h)
                style.text(surface, played_words, head_pen, spot)
                style.text(surface, took_words, head_pen, FRect(took_x, top, took_w, head_h))
            for index, row in enumerate(rows):
                column, line = divmod(index, lines)
                x0 = left + column * (column_w + gap)
                played_x = x0 + name_w
                took_x = played_x + played_w
                y = top + head_h + line * row_h
                spot = FRect(x0, y, name_w - lay.margin * 0.5, card_h)
                style.text(surface, names[row.seat], name_pen, spot)
                if row.last_play is not None:
                    played = row.last_play.card
                    surface.blit(art.rotated(played, card_w, True, 0.0), (played_x, y))
                    if row.named and played == matta and row.last_play == row.last_capture:
                        tag(surface, played_x, y, row.named)
                else:
                    none(surface, played_x, y)
                taker: Card | None = None
                cards: tuple[Card, ...] = ()
                if row.last_capture is not None:
                    taker, cards = row.last_capture.card, row.last_capture.captures
                elif opening is not None and opening[0] == row.seat:
                    cards = opening[1]  # the dealer took the opening table: no card played
                if cards:
                    x = took_x
                    named_at: float | None = None
                    if taker is not None:
                        surface.blit(art.rotated(taker, card_w, True, 0.0), (x, y))
                        named_at = x if taker == matta else None
                        lead = card_w
                    else:  # the table's word where the card played would be
                        lead = max(card_w, style.natural_width(opening_word, mark))
                        style.text(surface, opening_word, mark, FRect(x, y, lead, card_h))
                    spot = FRect(x + lead, y, card_w * 0.6, card_h)
                    style.text(surface, "\u2192", arrow, spot, align="center")
                    x += lead + card_w * 0.6
                    room = min(area.right - lay.margin, x0 + column_w) - x - card_w
                    step = min(card_w * 1.08, room / max(1, len(cards) - 1))
                    for taken in cards:
                        surface.blit(art.rotated(taken, card_w, True, 0.0), (x, y))
                        named_at = x if taken == matta else named_at
                        x += step
                    if row.named and named_at is not None:
                        tag(surface, named_at, y, row.named)
                else:
                    none(surface, took_x, y)
            y = top + head_h + lines * row_h
            # what each side took so far: the cards, coins and primiera the last deals
            # are played for
            if not tally:
                return
            y += lay.margin * 0.2
            inner = area.width - 2 * lay.margin
            style.text(surface, tally_head, head_pen, FRect(left, y, inner, head_h))
            y += head_h
            for name, words in tally:
                style.text(
                    surface, name, tally_name, FRect(left, y, side_w - lay.margin * 0.5, tally_h)
                )
                said = FRect(left + side_w, y, inner - side_w, tally_h)
                style.text(surface, words, tally_pen, said)
                y += tally_h

        key = (
            "review", tuple(names), tuple(rows), heading, played_words, took_words,
            tuple(area), opening, opening_word, tuple(tally), tally_head, across,
        )  # fmt: skip
        return Item(key, box(area), paint)


def _area(rect: FRect) -> float:
    return rect.w * rect.h


def modified(event: pygame.event.Event) -> bool:
    """A key pressed with Ctrl, Alt or the system's key held (a shortcut of another's)."""
    return bool(getattr(event, "mod", 0) & (pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META))


def _position(match: Match) -> tuple[object, tuple[Move, ...]]:
    """A position of the match at this table: its deal and the moves made since."""
    return (match.seed, match.moves())


def _mark(suit: str) -> style.Color:
    """A suit's colour as the tracker's mark on its dark panel: bright enough to be seen
    (the swords' blue and the cups' red, as on the cards, were fainter than the outline
    of a card already seen)."""
    return style.mark_on_dark(SUIT_COLOURS[suit], TRACKER_MARK_CONTRAST)


def _sum_said(rules: Rules, value: int, taken: Sequence[Card]) -> str:
    """How a capture of several cards adds up, for the hint ("3 + 4 = 7"; "7 + 3 + 5 = 15"
    by the fifteens of Scopa di quindici and Cirulla): empty for a card taken by its equal,
    or a capture that adds up neither way (an ace sweeping the table, a matta among them)."""
    if rules.cirulla and rules.matta_card in taken:
        return ""
    ranks = [card.rank for card in taken]
    if len(ranks) > 1 and sum(ranks) == value and not rules.quindici:
        return f"{' + '.join(map(str, ranks))} = {value}"
    if (rules.quindici or rules.cirulla) and value + sum(ranks) == 15:
        return f"{' + '.join(map(str, [value, *ranks]))} = 15"
    return ""
