"""The table: a match played by dragging cards, against computers or friends.

The engine holds the truth (``self.match``); the view shows where cards are drawn and
lags behind while the director plays the events of each move. Input is accepted only
when the show has caught up, from the seat whose turn it is. With several humans at one
screen, a cover hides every hand while the device changes hands.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Sequence
from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING, NamedTuple, cast

import pygame

from scopa.engine import Card, Dealt, Event, Match, Move, Observation, RoundScored
from scopa.engine.cards import mask_of
from scopa.engine.cirulla import dealer_bonus, declaration_points, declarations
from scopa.log import log
from scopa.settings import MatchSetup

from .. import style
from ..ai_worker import AiWorker
from ..remote import CaughtUp, RemoteMatch, SharedScreen
from ..scene import HELP_KEY, Scene
from ..toasts import ToastBand, Words, reading_seconds, worded
from ..tween import Tweener
from ..widgets import WINDOW_LOST
from ..wording import Seats, capital, count, join, opening
from .absence import AbsenceBanner
from .aids import FEATURES, HINT_KEY, AidsHost, AidsLayer, modified
from .chat import SAID_KEY, QuickMessages, seat_messages, table_spot
from .choice import ChoicePopup, ChoiceWords
from .computers import THINK_SECONDS, Computers
from .director import Banner, Confetto, Director, Spark, opening_sum
from .disguise import Disguise
from .drag import DragController
from .frame import Item, box
from .hud import background, cover_button, dealer_disc, draw_cover, plate_width
from .input import CARD_KEYS, HAND_KEYS, PLAY_KEYS, Pick, TableInput
from .knock import KNOCK_KEY, KnockBar, KnockButton, may_knock
from .layout import TableLayout, card_rect
from .menu import MenuButton
from .painter import (
    GLOW_OPTION,
    GLOW_SELECTED,
    GLOW_TAKE,
    Painter,
    card_item,
    hud_needs,
)
from .snapshot import TableSnapshot
from .sprites import TableView
from .text import Writer
from .under import Row, row_under
from .words import CoverWords, News, TableWords

if TYPE_CHECKING:
    from ..app import App
    from ..matches import MatchCoordinator
    from ..remote import RemoteCoordinator

MESSAGE_SECONDS = 2.8
NOTICING_SECONDS = 2.0
"""How long the line under the table stays besides the time to read its words: the time to
see that something was said there, and to look down at it (a player of 74 lost the end
of a twelve-word line)."""
MUST_TAKE_NAMED = 2
"""A card dropped on one it may not take, when it must take: its captures are named up to
this many (more are counted), the line under the table holding them."""
SLOW_ANSWER = 4.0
"""Seconds a play sent online waits for the table's word before the line says the table is
slow to answer (a host's computer busy or stalled: it said only "on its way" for half a
minute, until the link was called lost)."""
COVER_HOLD = 1.0
"""Seconds the cover ignores clicks and keys once it is down: the player who just played
may still be pressing (Enter twice, a second click), and would lift it on the next
person's hand. A click lifts it only on the cover's button, pressed after that, too (a
click anywhere lifted it: one more click on the table, a second after a card was dropped
there to be sure it took, showed the next person's hand)."""
COVER_CALM = 0.5
"""Seconds with no key nor click pressed before the press on the cover's button: clicks
one after another are the last player's, going on past ``COVER_HOLD``."""
KEY_CALM = 1.0
"""Seconds with no key nor click pressed before the Enter that lifts the cover: Enter
tapped on about twice a second (the last player's way to hurry their play) went through
the next person's cover, then played a card for them and lifted the cover after."""
COVER_PRESS = 0.45
"""Seconds the cover's button is held down before it lifts (filling as it is held): one
click, of the last player's back on the hand they played from, lifted it under them."""
SHOWN_CALM = 0.4
"""Seconds after the cover lifts before a click or a key comes to the hand it showed: the
clicks that follow the one that lifted it (a double or triple click on the button) fell
on the card under the button as a double click on it, and played it unseen; so did an
Enter pressed once more."""
DEALT_CALM = 0.6
"""Seconds after a new hand has landed before a click on a card of it chooses or plays it:
a burst of clicks made as it was dealt (a child clicking on and on as "nothing happened")
chose a card of it and played it, barely seen. A drag, which is meant, is taken at once."""
NEW_HAND_CALM = 0.5
"""Seconds a player's first turn of a round after a score sheet takes no key that chooses
or plays a card, each such key pressed meanwhile starting them again: Enter pressed on and
on to be done with the score sheet chose the first card of the new hand and played it
unseen (the computer leading at once at the fastest speed)."""
TAPPED_SECONDS = 3.0
"""How long the cover says how to lift it after a try that did not (a click too short, a
press the button was not ready for, an Enter too soon)."""
ARM_MOVE = 3.0
"""Pixels the pointer resting on the cover's button as it came down moves before a press
there counts (the last player's, still, clicking on: held, it would lift the cover)."""
CLICKS_HELD = 2.0
"""Seconds before the round's sheet comes within which a click on the table holds the
sheet's clicks off (``ScoringScene.hold_clicks``)."""
COVER_NEWS = 6
"""What the others made that the cover tells, at most: the latest (the five others' cards at
six, or three cards and three knocks at a Cirulla table of four)."""
SHOWN_ON = (Banner, Confetto, Spark)
"""What the director shows over the table that goes on as the window changes size."""
HAND_KNOCKED = 3
"""The cards of a hand knocked with (Cirulla's hands are of three)."""
COVER_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER)
"""The keys that lift the cover (not Space, which hurries the computers' plays)."""
EARLY_KEYS = (pygame.K_LEFT, pygame.K_RIGHT, *CARD_KEYS, HINT_KEY)
EARLY_KEYS_KEPT = 8
"""The arrows and digits kept, at most, while another seat plays (``TableScene.early_keys``)."""
IDLE_AFTER = 2
"""Frames without movement before an idle frame is used to prepare pictures to come (the aid
buttons' looks, card faces)."""

SOUND_KEY = pygame.K_m
"""Turns the sound off, and on again (``TableScene.toggle_sound``)."""


class EarlyPress(NamedTuple):
    """A press on the hand kept while another seat played (``TableScene._early_drag``)."""

    pos: tuple[int, int]
    card: Card | None
    """The card of the hand seen resting under it (None: none, or one still dealt)."""
    aimed: Card | None
    """The table card under the pointer as it last moved (None: the open cloth)."""


def _knock_points(seen: Observation, at: int) -> int:
    """The scope the knock made at ``at`` of the round's history scored, as the table
    showed it: the hand knocked is the cards its seat played after it, and those still
    shown face up in its hand (0 where they are not all known)."""
    history, rules = seen.history, seen.rules
    player, move = history[at]
    after = history[at + 1 :]
    played = [later.card for seat, later in after if seat == player and later.card is not None]
    again = any(seat == player and later.is_declaration for seat, later in after)
    shown = () if again or not seen.shown else seen.shown[player]
    hand = [*played, *shown][:HAND_KNOCKED]
    if len(hand) < HAND_KNOCKED:
        return 0
    return declaration_points(mask_of(hand), move.named, rules)


class TableScene(Scene):
    menu_button = True
    """The corner's button that opens the pause menu, as Esc does."""

    def __init__(
        self, app: App, coordinator: MatchCoordinator, *, worker: AiWorker | None = None
    ) -> None:
        super().__init__(app)
        self.coordinator = coordinator
        setup = coordinator.setup
        rules = setup.rules
        match = coordinator.match
        self.humans = coordinator.humans
        self.mode = coordinator.mode
        self.remote = coordinator.remote
        """The match is held by a server: moves go there, what happened comes back."""
        self.worker = worker if worker is not None else AiWorker(mode=app.matches.ai_mode)
        if len(self.humans) < rules.players and not self.remote:
            self.worker.warm()
        settings = app.settings
        self._art_key = style.art_key(settings, settings.deck_for(rules))
        self.art = style.card_art(self._art_key, app.font)
        self.tweener = Tweener()
        self.ui = Tweener()
        """Pointer feedback (lifting, sending a card back): never holds up the game."""
        self.cover: int | None = None
        self._cover_news: tuple[bool, tuple[News, ...]] = (False, ())
        """What the others made that the cover tells of (``_news_since``)."""
        self._made_for: dict[int, set[tuple[int, int]]] = {}
        """Per seat here, the plays the computer made for it while its person was away, as
        (round, place in the round's history): not the person's own turns (``_news_since``)."""
        self.cover_since = 0.0
        """When (``clock``) the cover came down."""
        self._cover_pressed = False
        """The mouse went down on the cover's button once it could be lifted (and holds)."""
        self._cover_key: int | None = None
        """The key held down on the cover (Enter), which lifts it as the button held does."""
        self._cover_pressed_at = 0.0
        """When (``clock``) it went down: the cover lifts ``COVER_PRESS`` later."""
        self._cover_tapped_at = -TAPPED_SECONDS
        """When a try to lift the cover did not (``_cover_told``: how it is lifted)."""
        self._cover_told = "table.pass_hold"
        """What the cover says after a try that did not lift it, by the key of its line."""
        self._release_kept = False
        """The button that lifted the cover is still held: its release is not the hand's."""
        self._watching = 0
        """How many watched the table online when last looked (``_see_who_watches``)."""
        self._cover_armed = False
        """The pointer came to the cover's button from elsewhere since the cover came down:
        a press there is the next person's, not the one who played pressing on."""
        self._pressed_at = -COVER_CALM
        """When (``clock``) a key or the mouse's button was last pressed at the table."""
        self._cover_rest: tuple[int, int] | None = None
        """Where the pointer lay when the cover came down."""
        self._shown_at = -SHOWN_CALM
        """When (``clock``) a click last lifted the cover."""
        """When (``clock``) Space last hurried the table, or was kept from the hand after."""
        self.bottom = self.humans[0] if self.humans else 0
        self.text = Writer(app.font)
        self.layout = self._table_layout(app.size)
        self.view = TableView(self.layout, rules.sides)
        self.director = Director(
            self.view,
            self.tweener,
            speed=settings.animation_speed,
            sound=app.audio.play,
            cheers=lambda side: self.seats.cheers(side),
            text=app.t,
            about=lambda key, side, **params: self.seats.about(key, side, **params),
            about_seat=lambda key, seat, **params: self.seats.about_seat(key, seat, **params),
            on_scored=self._show_scoring,
            matta=rules.matta_card if rules.cirulla else None,
        )
        self._sync_shown()
        self.words = TableWords(
            coordinator,
            self.view,
            lambda: self.director.shown,
            lambda: self.app.t,
            lambda: self.deck,
        )
        self.painter = Painter(self.text)
        self.drag = DragController(threshold=max(4.0, 8 * self.layout.unit))
        self.pick = Pick()
        self.input = TableInput(
            self.pick,
            self.view,
            self.drag,
            self.ui,
            moves=lambda: self.match.legal_moves(),
            sweeps=lambda move: self.match.round.is_scopa(move),
            seat=lambda: self.human_to_play,
            play=self.play,
            refuse=self._cannot,
            now=lambda: self.clock,
            must_take=self._told_must_take,
            missed=lambda card: self.refuse(lambda t: t("table.drop_missed")),
            held=self._knock_first,
            fresh=self.hand_just_dealt,
            leaves_w=lambda px: style.natural_width(
                self.app.t("table.choose_leaves"), self.text.pen("ui", px, style.MIST)
            ),
            takes_nothing=lambda card, target: self.say(
                lambda t: t(
                    "table.takes_nothing", card=self.card_name(card), target=self.card_name(target)
                )
            ),
        )
        opener = app.stack.top
        # a player who came from the menus on the keys is told the keys' way to play from
        # the first turn (it said to drag a card until a key was pressed at the table)
        self.input.keyboard = opener is not None and opener.keys_in_use
        self.message: Words | None = None
        """The status line's message, worded as it shows (the language may change)."""
        self.message_left = 0.0
        self.refusal = False
        """The message says why a card went back to the hand (``refuse``)."""
        self._must_take_told = False
        """A card laid on the open cloth that took at once was told why (``must_take``)."""
        self.clock = 0.0
        self._turn: tuple[int, int] | None = None
        """The turn the player was last given (rounds scored, plays made in the round)."""
        self._turn_since = 0.0
        """When it came (``NEW_HAND_CALM``)."""
        self._hand_seen: frozenset[Card] | None = None
        """The cards of the hand on show when it last held any (None: none seen yet)."""
        self._hand_landed = -DEALT_CALM
        """When the cards last dealt to it had all landed (None: still on their way)."""
        self._clicked_at: float | None = None
        """When the mouse's button last went down on the table (``clock``)."""
        self.still_frames = 0
        self.warmed_buttons: tuple[int, int] | None = None
        self.lost = False
        """The connection to the server could not be brought back."""
        self._line: tuple[tuple[str, tuple[int, int, int]] | None, str | None] | None = None
        """The line under the table as last seen (at a server: ``_see_the_line``)."""
        self._line_moved = False
        self.fast_forward = self.mode == "watch" and self.app.watch_fast
        """Watch mode: the watcher clicked to see the match four times faster."""
        self.early_keys: list[int] = []
        """Arrows pressed while another seat played, in order: they choose a card in the
        player's hand once their turn comes (a key is not lost to a card still moving)."""
        self.early_press: EarlyPress | None = None
        """Where the button went down while the cards still moved, held since (``_early_drag``)."""
        self.knock = KnockBar(self.text, lambda: self.app.t, self.play)
        self._knock_reminded: tuple[int, int, int] | None = None
        """The round, deal and seat whose hand was last reminded of its knock
        (``_knock_first``): once a hand."""
        self.menu = MenuButton(self.text, lambda: self.app.t, lambda: self.app.open("pause"))
        self.absence = AbsenceBanner(
            self.text,
            lambda: self.app.t,
            cast("RemoteCoordinator", coordinator),
            lambda seat: self.seats.seat_name(seat),
            leave=lambda: self.app.matches.leave(),
        )
        self.chat: QuickMessages | None = None
        """Quick messages between the players of a table online (None at a match here)."""
        if self.remote:
            remote = cast("RemoteCoordinator", coordinator)
            self.chat = seat_messages(
                remote, self.text, lambda: self.app.t, lambda: self.app.audio.play("message")
            )
        self.computers = Computers(
            self.worker,
            failed=lambda reason: self.app.notify(worded("table.ai_failed", reason=reason)),
        )
        self.aids = AidsLayer(
            coordinator,
            self._aids_host(),
            tuple(name for name in FEATURES if not (self.remote and name == "undo")),
            worker_mode="inline" if self.worker.mode == "inline" else "thread",
            refused={"undo": "aids.undo_online"} if self.remote else None,
        )
        self.aids.tracker_on = app.settings.tracker and "tracker" in self.aids.features
        if self.remote:
            self.director.disguise = Disguise(self.view, coordinator.seat, rules.hand_size)
        self._background = background(app.size, self.layout, app.settings.felt)
        self._felt = app.settings.felt
        """The cloth the background was laid with."""
        self._keep_card_sizes()
        self._apply_visibility(animate=False)
        self._warm_first_faces()
        self._sheet_first = (
            coordinator.resumed
            and bool(match.rounds)
            and (match.over or (not match.round.history() and coordinator.sheet_unread()))
        )
        """Left on a round's score sheet (or before the next round's first card): the
        sheet, with its review, comes back before the next round is dealt; a match left
        during its last play comes back on its last sheet."""
        if self.remote:
            self._open_remote()
        elif self._sheet_first:  # the round scored lies behind its sheet, as it ended
            self._restore(ended=True)
            if not match.over:
                self.director.show(match.opening_events())
        elif not match.round.history():
            self.director.show(match.opening_events())
        else:
            self._restore()
        self.draw(pygame.Surface(app.size))  # fonts and texts ready before the first frame

    @property
    def setup(self) -> MatchSetup:
        return self.coordinator.setup

    @property
    def match(self) -> Match:
        """The truth, held by the coordinator (the view lags behind while it animates)."""
        return self.coordinator.match

    @property
    def viewer(self) -> int | None:
        """The seat of the person in front of the screen (None: nobody's hand may show)."""
        return self.coordinator.holder

    # What the pointer picked (kept by the input; read here by the aids, tests, the coach).

    @property
    def selected(self) -> Card | None:
        return self.pick.selected

    @property
    def hovered(self) -> Card | None:
        return self.pick.hovered

    @property
    def choice(self) -> ChoicePopup | None:
        return self.pick.choice

    @property
    def preview(self) -> frozenset[Card]:
        return self.pick.preview

    def _remember_tracker(self, on: bool) -> None:
        """The tracker opened or closed here: the next table, after a restart too, opens
        with it as it was left (it was shut again at each Continue)."""
        self.app.settings = self.app.settings.with_(tracker=on)
        self.app.save_settings()

    def _aids_host(self) -> AidsHost:
        return AidsHost(
            viewpoint=self._viewpoint,
            awaiting=lambda: self.human_to_play,
            hands_busy=lambda: self.pick.choice is not None or self.drag.active,
            point_at=self.show_hint,
            take_back=self._take_back,
            notify=self.app.notify,
            say=self.say,
            layout=lambda: self.layout,
            text=self.text,
            translator=lambda: self.app.t,
            deck_style=lambda: self.deck,
            seat_name=lambda seat: self.seats.seat_name(seat),
            side_name=lambda side: self.seats.side_name(side),
            taken=self._taken,
            tracked=self._remember_tracker,
            card_name=self.card_name,
            behind=self._behind,
            opening_take=lambda: self.director.shown.opening_take,
            controls=self._controls,
            table_cards=self.table_cards,
            hand=self._bottom_hand,
        )

    def _taken(self, side: int) -> tuple[Card, ...]:
        """The cards of ``side``'s pile and scopa cards, as the table shows them."""
        places = (("pile", side), ("marker", side))
        return tuple(card for card, place in self.view.places.items() if place in places)

    def _behind(self) -> bool:
        shown, now = self.director.shown, self.match.round
        return (shown.round_no, shown.deal_no) != (now.round_no, now.deal_no)

    def _controls(self) -> tuple[pygame.FRect, Row] | None:
        if self.knock.picking:
            return None
        buttons = self.knock_buttons()
        if not buttons or self.knock.row is None:
            return None
        return buttons[0].rect.unionall([button.rect for button in buttons]), self.knock.row

    def _bottom_hand(self) -> pygame.FRect | None:
        """The hand at the bottom as drawn at rest, with room for a card of it raised."""
        lay = self.layout
        cards = self.view.hands[lay.bottom] if lay.bottom < len(self.view.hands) else []
        if not cards:
            return None
        slots = lay.hand_slots(lay.bottom, len(cards), True)
        hand = card_rect(slots[0]).unionall([card_rect(slot) for slot in slots[1:]])
        return pygame.FRect(hand.left, lay.raised_top, hand.width, hand.bottom - lay.raised_top)

    def table_cards(self) -> list[pygame.FRect]:
        """Where the cards lying on the table are drawn, at rest."""
        slots = self.view.slots
        lay = self.layout
        return [lay.table_slot(at, len(slots)) for at, card in enumerate(slots) if card]

    def _take_back(self, match: Match) -> None:
        """Undo: ``match``, plays taken back; at a practice, the verdict on the try goes
        with it (it stayed over the hand for seconds after U)."""
        self.set_match(match, undone=True)
        practice = getattr(self.coordinator, "practice", None)
        if practice is not None:
            practice.withdraw(self.app.toasts)

    def _viewpoint(self) -> int | None:
        """Whose point of view the aids may take: none behind the cover or when watching."""
        if self.cover is not None or self.mode == "watch":
            return None
        if self.mode == "solo":
            return self.humans[0]
        return self.viewer

    # --- who sees what -------------------------------------------------------------------

    @property
    def visible_seats(self) -> frozenset[int]:
        if self.cover is not None:
            return frozenset()
        return self.coordinator.visible_seats

    def _apply_visibility(self, *, animate: bool = True) -> None:
        """Turn hands up or down to match who may see them; hiding is instant, always."""
        visible = frozenset(self.visible_seats)
        self.view.visible_seats = visible
        played: set[Card] = set()
        if not self.remote:  # here the truth holds every hand: a card out of them is played
            rules, truth = self.setup.rules, self.match.round
            played = {card for hand in self.view.hands for card in hand}
            played -= {card for seat in range(rules.players) for card in truth.hand(seat)}
        choice = self.pick.choice
        waiting = None if choice is None else choice.card
        for hand in self.view.hands:
            for card in hand:
                if card in played:  # on its way out of the hand: seen by everyone
                    continue
                sprite = self.view.sprites[card]
                if not self.view.face_shown(card):
                    sprite.turn = 0.0
                if card == waiting:  # it waits beside the choice still open, where it was
                    sprite.turn = self.view.target(card)["turn"]
                    continue
                if self.tweener.moving(sprite):  # on its way still (dealt): it goes on
                    continue
                if animate:
                    self.view.settle(self.tweener, card, self.director.seconds(0.35))
                else:
                    self.view.snap(card)

    def _relayout(self, size: tuple[int, int]) -> None:
        # the cards go to their places at once; a banner, its sparks and the paper thrown
        # up go on (a window resized as the match was won lost its banner and its paper)
        self.tweener.finish_all(keep=lambda target: isinstance(target, SHOWN_ON))
        self.ui.finish_all()
        self.layout = self._table_layout(size)
        self.view.layout = self.layout
        for card in self.view.sprites:
            self.view.snap(card)
        if self._background.get_size() != tuple(size):
            self._lay_cloth(size)
            self._keep_card_sizes()
        self.drag.threshold = max(4.0, 8 * self.layout.unit)
        self.input.relayout()

    def _lay_cloth(self, size: tuple[int, int]) -> None:
        """The background at ``size``, laid with the cloth the settings choose now."""
        self._felt = self.app.settings.felt
        self._background = background(size, self.layout, self._felt)

    def _table_layout(self, size: tuple[int, int]) -> TableLayout:
        """The table laid out for ``size``, each plate as wide as its seat's name wants
        where there is room, the score panel as wide as its sides' names want (in the
        language of the time: ``enter`` lays the table out again in another)."""
        self._laid_out_in = self.app.t.language
        rules = self.coordinator.setup.rules
        plain = TableLayout(size, rules, self.bottom)
        seats = Seats(self.coordinator.setup, self.app.t, self.humans)
        t = self.app.t
        widths = []
        for seat, config in enumerate(self.coordinator.setup.seats):
            # the longest second line the plate shows: a hand laid open, or the level
            shown = "table.in_hand_shown" if rules.cirulla else "table.in_hand"
            detail = (
                count(t, shown, rules.hand_size)
                if config.human
                else t(f"plate_level_{config.level}")
            )
            details = [detail]
            if rules.cirulla and not config.human:  # a computer's hand that knocked, laid open
                details.append(count(t, "table.in_hand_shown", rules.hand_size))
            if config.human and self.remote:  # a friend gone, whom the computer may play for
                details.extend((t("table.stood_in"), t("table.away")))
            name = seats.seat_name(seat)
            widths.append(max(plate_width(name, plain, self.text, d) for d in details))
        sides = [seats.side_name(side) for side in range(rules.sides)]
        return TableLayout(size, rules, self.bottom, widths, hud_needs(sides, plain, self.text))

    def _keep_card_sizes(self) -> None:
        """Register the layout's card widths and make their shadows and glows up front,
        so no frame of the first animations pays for them."""
        lay = self.layout
        sizes = {lay.hand_w, lay.table_w, lay.other_w, lay.open_w, lay.pile_w, lay.mini_w}
        self.art.keep_sizes(sizes)
        for width in sizes:
            self.art.shadow(width)
            self.art.shadow(width, turned=True)
            self.art.back(width)
        self.art.glow(lay.table_w, GLOW_TAKE)
        self.art.glow(lay.table_w, GLOW_OPTION)
        self.art.glow(lay.hand_w, GLOW_SELECTED)
        self.art.glow(lay.hand_w, style.cloth(self._felt).hover)
        self.art.dim(lay.hand_w)

    @property
    def busy(self) -> bool:
        """Something moves on screen (the app draws at full rate only then). A computer
        thinking is not: the window rests and leaves the processor to its worker."""
        return (
            self.director.busy
            or self.ui.busy
            or self.drag.active
            or self.aids.busy
            or self.message_left > 0
            or bool(self.director.banners)
            or bool(self.director.sparks)
            or bool(self.director.confetti)
            or self._line_moved
            or self._cover_pressed  # the cover's button fills as it is held
            or self.clock - self._cover_tapped_at < TAPPED_SECONDS + 0.1
            or (self.chat is not None and self.chat.busy)
        )

    @property
    def keys_in_use(self) -> bool:
        """The player plays from the keys (``TableInput.notice``): the pause menu and the
        score sheet opened over the table ring their focus from the start."""
        return self.input.keyboard

    def resize(self, size: tuple[int, int]) -> None:
        self.input.focus_lost()  # a card mid-drag goes back to the hand, and its glow goes
        self._cover_pressed = False  # the cover's button moved from under the press
        self._relayout(size)

    @property
    def seats(self) -> Seats:
        """How sentences name the seats: "you" alone against computers, else by name."""
        return self.words.seats

    def side_name(self, side: int) -> str:
        return self.words.side_name(side)

    # --- input ---------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self.pick.pointer = self.menu.pointer = event.pos
        if event.type == pygame.MOUSEBUTTONDOWN:
            self._clicked_at = self.clock
        if event.type == pygame.MOUSEBUTTONDOWN and self.app.trace is not None:
            self.app.trace(self._input_state())
        if event.type in WINDOW_LOST:
            self._let_go_held()  # (let go where the window never hears of it)
            if self.input.focus_lost():
                return True
        if (
            event.type == pygame.MOUSEMOTION
            and self.input.drag.active
            and not getattr(event, "buttons", (1,))[0]
            and self.input.focus_lost()
        ):  # the button was let go where the window never heard of it (hidden meanwhile):
            return True  # the card goes back, not played by the next click
        if self._chat_handled(event):
            return True
        self.input.notice(event)
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            if self.knock.picking:
                self.knock.picking = False
            elif self.input.escape():
                pass
            elif self.aids.reviewing:  # the last capture's panel closes before anything opens
                self.aids.reviewing = False
            else:
                self.app.open("pause")
            return True
        if event.type == pygame.KEYDOWN and event.key == SOUND_KEY and not modified(event):
            self.toggle_sound()
            return True
        if event.type == pygame.KEYDOWN and event.key == HELP_KEY:
            # every key, on the rules' page of them: over the menu, as Esc then Rules opens
            # it (at one screen, the cover comes down as the table is back); over a table
            # with no menu (the lessons: its Abandon would give up the match saved), alone
            if self.menu_button:
                self.app.open("pause")
                self.app.open("rules", page="keys", resumes=True)
            else:
                self.app.open("rules", page="keys")
            return True
        pressing = event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN)
        quiet = self.clock - self._pressed_at
        if pressing:
            self._pressed_at = self.clock
        if self.cover is not None:
            if self.remote and self.absence.handle(event):
                return True  # the banner's button, over the cover, shows no hand
            calm = quiet >= (KEY_CALM if event.type == pygame.KEYDOWN else COVER_CALM)
            return self._cover_input(event, calm=calm)
        if event.type == pygame.MOUSEBUTTONUP and self._release_kept:
            self._release_kept = False  # the press that lifted the cover, let go
            return True
        clicking = event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.KEYDOWN)
        if clicking and self.clock - self._shown_at < SHOWN_CALM:
            return True  # the clicks (or keys) after the one that lifted the cover
        if self.menu_button and self.menu.handle(event, self.layout):
            return True
        self._keep_hint(event)
        buttons = self.knock_buttons()
        if self.knock.picking and self._knock_handled(event, buttons):
            return True  # the matta's picker, open over the own pile, before the pile's click
        if self.aids.handle(event):
            return True
        if self.aids.reviewing and (
            event.type == pygame.KEYDOWN
            or (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1)
        ):  # the last capture's panel, left open, covers the table: a key or a click only
            self.aids.reviewing = False  # puts it away (a card played behind it went unseen)
            key = getattr(event, "key", None)
            if key in CARD_KEYS and self.human_to_play is not None:
                # a digit names a card of the hand, in sight below the panel: it is raised
                # as well, and plays nothing yet (pressed again, as always, it plays)
                self.input.choose_place(CARD_KEYS[key])
            return True
        if self.remote and self.absence.handle(event):
            return True
        if self.remote and not self.absence.coordinator.online:
            # no play could reach the table (the line under it says the play waits): a card
            # dragged goes back to the hand rather than wait there to be played, unasked,
            # when the link comes back
            self.input.focus_lost()
            return True
        if not self.knock.picking and self._knock_handled(event, buttons):  # (asked above)
            return True
        if (
            event.type == pygame.KEYDOWN
            and event.key == KNOCK_KEY
            and self.setup.rules.cirulla
            and self.human_to_play is not None
            and self.pick.choice is None  # (its buttons are only hidden under the choice)
        ):  # K with no knock to make: said, not silently dropped
            self.say(worded(self._no_knock_words(self.human_to_play)))
            return True
        clicked = event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
        spaced = event.type == pygame.KEYDOWN and event.key == pygame.K_SPACE
        if self.mode == "watch":
            if clicked or spaced:  # the keyboard's click: Space
                self.fast_forward = self.app.watch_fast = not self.fast_forward
            return True
        if self._keeps_early(event):
            return True
        self._early_drag(event)
        if self.human_to_play is None and clicked:
            seen = self._resting_card_at(event.pos)
            self.input.waited(event.pos, seen, hurrying=self.director.busy)
        if self.human_to_play is None and self.director.busy:
            if clicked or spaced:
                self.director.hurry()
            return True
        if spaced:  # the hurrying key chooses and plays no card (``PLAY_KEYS``)
            return True
        if self._waits_for_hint(event):
            return True
        if self._new_hand_calm(event):
            return True
        return self.input.handle(event)

    def _watch_the_hand(self) -> None:
        """Note when cards dealt to the hand on show have all landed (``DEALT_CALM``); the
        first hand seen (dealt as the table opened, or found there as a match resumed) is
        not new: the click that opened the table is no burst."""
        viewer = self.viewer
        hand = frozenset(self.view.hands[viewer]) if viewer is not None else frozenset()
        seen = self._hand_seen
        if hand:
            self._hand_seen = hand
            if seen is not None and hand - seen:
                self._hand_landed = None  # new cards: dealt
        if self._hand_landed is None and not any(
            self.tweener.moving(self.view.sprites[card]) for card in hand
        ):
            self._hand_landed = self.clock

    def hand_just_dealt(self) -> bool:
        """The hand on show was dealt a moment ago (or is still being dealt): a click on
        one of its cards does nothing yet (``DEALT_CALM``)."""
        landed = self._hand_landed
        return landed is None or self.clock - landed < DEALT_CALM

    def _new_hand_calm(self, event: pygame.event.Event) -> bool:
        """A key that chooses or plays a card, pressed within ``NEW_HAND_CALM`` of the
        player's first turn of the round (or of the last such key): taken for a key of the
        sheet pressed on, it does nothing (see ``NEW_HAND_CALM``)."""
        seat = self.human_to_play
        if (
            event.type != pygame.KEYDOWN
            or (event.key not in HAND_KEYS and event.key not in CARD_KEYS)
            or seat is None
            or not self.match.rounds  # (no sheet before the first)
            or any(played == seat for played, _ in self.match.round.history())
            or self.clock - self._turn_since >= NEW_HAND_CALM
        ):
            return False
        self._turn_since = self.clock
        return True

    def _no_knock_words(self, seat: int) -> str:
        """Why K knocks nothing for ``seat`` now: a card of this hand is played, the hand
        has knocked already (shown, its knock standing), the knock was taken back (the hand
        stays shown: it is not knocked twice), these rules knock at the deal only, or the
        hand is worth no bonus."""
        rules, round_ = self.setup.rules, self.match.round
        if len(round_.hand(seat)) < rules.hand_size:  # a card of this hand played already
            return "table.knock_too_late"
        if round_.has_declared(seat):
            return "table.knock_already"
        if round_.shown[seat]:
            return "table.knock_taken_back"
        if not declarations(mask_of(round_.hand(seat)), rules):
            return "table.nothing_to_knock"  # (never asked at the deal: no "you passed")
        if rules.declare_at_deal and not rules.declare_until_play:
            return "table.knock_at_deal_only"
        return "table.nothing_to_knock"

    def _keep_hint(self, event: pygame.event.Event) -> None:
        """H pressed alone at the table while the player's turn is not yet there (a knock's
        banner, the other's card landing): kept with the early keys, the hint is asked for
        at the turn (the key was lost, and nothing came of it). Before the aids, which
        take the key and find no hint to give yet."""
        if event.type == pygame.KEYDOWN and event.key == HINT_KEY and not modified(event):
            self._keeps_early(event)

    def _keeps_early(self, event: pygame.event.Event) -> bool:
        """An arrow or a digit pressed while another seat plays, by a player whose hand is
        on show with nobody else to pass the screen to: kept for their turn (``early_keys``;
        a digit pressed the moment the other's card landed was lost with no word, where a
        card dragged then is told too soon). Keys that play are not kept, nor does a digit
        pressed twice play its card: a card is played only once the player sees the
        table."""
        if (
            event.type != pygame.KEYDOWN
            or event.key not in EARLY_KEYS
            or self.human_to_play is not None
            or self.mode != "solo"
            or self.match.over
        ):
            return False
        self.early_keys = [*self.early_keys, event.key][-EARLY_KEYS_KEPT:]
        return True

    def _early_drag(self, event: pygame.event.Event) -> None:
        """A card pressed as the cards still moved (the new hand dealt, the other's card on
        its way), and dragged on once they landed: the press hurried them and was gone, so
        the card stayed put under a pointer that went on to the table. The press is kept,
        and the drag begins from it at the first move once the turn is the player's (the
        card then follows the pointer, and what it would take glows); let go before the
        turn came, the card stays and the line says why.

        The pointer carried to the table before the turn came and let go after it: the
        card pressed is played there only if the player saw it, resting in the hand, as
        they pressed it, and the card under the pointer is still the one they carried it
        to (the table laid out again as the computer's card landed slid another under
        it, and the card let go was played on that one; a press on the new hand as it was
        dealt played a card never seen). Else it stays, and the line says why."""
        early = self.early_press
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.early_press = None
            moved = early is not None and math.dist(early.pos, event.pos) >= self.drag.threshold
            if early is not None and moved and self.human_to_play is not None:
                card = early.card  # carried there, the turn come since
                if card is None or card not in self.view.hands[self.human_to_play]:
                    self.say(worded("table.drag_too_early"))
                elif self.view.table_card_at(event.pos) != early.aimed:
                    self.say(worded("table.drag_table_changed"))
                else:
                    self._press_at(self.view.sprites[card].rect().center)
            elif moved and not self.match.over:  # let go before the turn came: said, not lost
                self.say(worded("table.drag_too_early"))
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            waits = self.human_to_play is None and self.mode == "solo" and not self.match.over
            self.early_press = None
            if waits:
                pressed = self._resting_card_at(event.pos)
                self.early_press = EarlyPress(event.pos, pressed, None)
        elif event.type == pygame.MOUSEMOTION and early is not None:
            if not event.buttons[0]:  # let go where the window did not hear it
                self.early_press = None
            elif self.human_to_play is not None:
                self.early_press = None  # from the card pressed, where it lies now (the
                card = early.card  # hand laid out again): not one it was still being dealt
                if card is not None and card in self.view.hands[self.human_to_play]:
                    self._press_at(self.view.sprites[card].rect().center)
            else:
                self.early_press = early._replace(aimed=self.view.table_card_at(event.pos))

    def _press_at(self, pos: tuple[float, float]) -> None:
        """The press kept, made now where its card lies."""
        self.input.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos))

    def _resting_card_at(self, pos: tuple[float, float]) -> Card | None:
        """The card of the hand on show under ``pos``, resting in its place: none still
        on its way there (a card being dealt has not been seen)."""
        viewer = self.viewer
        if viewer is None:
            return None
        card = self.view.hand_card_at(viewer, pos)
        if card is None or self.tweener.moving(self.view.sprites[card]):
            return None
        return card

    def _play_early_keys(self) -> None:
        """The arrows and digits pressed before the player's turn choose their card now
        (a digit its card, however many times it was pressed: it plays nothing yet); H
        asks for the hint."""
        keys, self.early_keys = self.early_keys, []
        for key in keys:
            if key == HINT_KEY:
                self.aids.ask_hint()
            elif key in CARD_KEYS:
                self.input.choose_place(CARD_KEYS[key])
            else:
                self.input.handle(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0))

    def _waits_for_hint(self, event: pygame.event.Event) -> bool:
        """A key that would play (Enter, Space, Up) while the hint asked for is worked
        out: it plays nothing. The player asked Master and pressed on, expecting the
        hinted move, not the card the keys had chosen before; the hint, when it comes,
        chooses its card, and the same key plays it."""
        return (
            event.type == pygame.KEYDOWN
            and event.key in PLAY_KEYS
            and self.aids.busy
            and self.pick.choice is None
        )

    def _input_state(self) -> str:
        """What decides whether the table takes a card now, in a line (for the trace)."""
        online = self.absence.coordinator.online if self.remote else None
        return (
            f"table to play {self.human_to_play} turn {self.match.turn} "
            f"busy {self.director.busy} cover {self.cover} lost {self.lost} online {online} "
            f"reviewing {self.aids.reviewing} selected {self.pick.selected}"
        )

    def _knock_handled(self, event: pygame.event.Event, buttons: list[KnockButton]) -> bool:
        """``event`` was for the knock's buttons or the matta's picker."""
        if not self.knock.handle(event, buttons, self.layout, free=self.pick.selected is None):
            return False
        if self.knock.picking:  # K mid-drag: the card goes back, the picker has the keys
            self.input.focus_lost()
        return True

    def knock_buttons(self) -> list[KnockButton]:
        """Cirulla: the buttons of the moves that play no card (knock, pass, take back),
        when the person whose turn it is may make one."""
        seat = self.human_to_play
        if seat is None or self.pick.choice is not None or not self.setup.rules.cirulla:
            self.knock.picking = False
            return []
        moves = self.match.legal_moves()
        hand = self.match.round.hand(seat)
        lay, cards, tall = self.layout, self.table_cards(), self.aids.hint_height()

        def row(width: float, height: float) -> Row:
            return row_under(lay, cards, width, max(height, tall))

        return self.knock.buttons(lay, moves, hand, self.setup.rules, self._beside_knock, row)

    def _knock_first(self, card: Card) -> bool:
        """Cirulla: the first card played by a hand that could knock is held back once,
        with the bonus and the way to knock said, and played when played again. The knock
        is the player's to claim, and a card played on the keys without a look at the
        buttons lost the bonus at once. A card the hint on show plays goes at once: the
        hint already weighed the knock."""
        seat = self.human_to_play
        if seat is None or not self.setup.rules.cirulla or self.match.round.declaring:
            return False
        moves = self.match.legal_moves()
        knocks = [move for move in moves if move.is_declaration]
        hint = self.aids.hint if self.aids.hint_match is self.match else None
        if not knocks or (hint is not None and hint.move.card == card):
            return False
        state = self.match.round
        here = (state.round_no, state.deal_no, seat)
        if self._knock_reminded == here:
            return False
        self._knock_reminded = here
        hand = state.hand(seat)
        points = max(self.knock.points(move, hand, self.setup.rules) for move in knocks)
        name = self.card_name(card)
        self.say(lambda t: t("table.knock_first", n=points, card=name))
        return True

    def _beside_knock(self, on_status: bool) -> float:
        """The width wanted at the left of Cirulla's buttons: the hint's; on the status
        line's row, which they took, the status line's words when no hint shows there (a
        message, which the hint gives way to, or whose turn it is)."""
        said = on_status and self.said() is not None
        hint = 0.0 if said else self.aids.hint_width()
        status = self._status()
        if hint or not on_status or status is None:
            return hint
        return self.painter.status_width(status, self.layout)

    def _cannot(self, card: Card, target: Card | None) -> None:
        """Say why ``card`` cannot be played that way (it goes back to the hand)."""
        name = self.card_name
        plays = [m for m in self.match.legal_moves() if m.card == card]
        takes = [m.captures for m in plays if m.captures]
        laid = any(not m.captures for m in plays)
        equal = [c for (c,) in (t for t in takes if len(t) == 1) if c.rank == card.rank]
        only_equal = bool(takes) and len(equal) == len(takes) and target not in equal
        sums = [  # the sums of the table the target was part of, that make the card's rank
            cards
            for size in range(2, card.rank + 1)
            for cards in itertools.combinations(self.match.round.table_cards(), size)
            if target in cards and sum(c.rank for c in cards) == card.rank
        ]
        summed = bool(sums)
        rules = self.setup.rules
        quindici = rules.quindici and not rules.cirulla
        limit = rules.capture_limit
        plain = not (rules.cirulla or rules.quindici) and not only_equal and bool(takes)
        # the fewest cards among the sums: Scopa's rule, or Cirulla's Equal card first
        precedence = rules.cirulla and rules.equal_rank_precedence
        fewest = (plain and rules.fewest_cards) or (precedence and not only_equal and bool(takes))
        if only_equal and rules.assi and card.rank == 1:
            # Scopa d'assi: the ace would sweep the table, but an ace there is all it takes
            self.refuse(lambda t: t("table.ace_takes_ace", target=name(equal[0]), card=name(card)))
        elif only_equal and summed:
            # a sum it could make, but a card of its rank is on the table: the rule to learn
            self.refuse(
                lambda t: t("table.must_take_equal", target=name(equal[0]), card=name(card))
            )
        elif plain and summed and limit is not None and all(len(c) > limit for c in sums):
            # the sum adds up: the rulebook's limit of cards is what refuses it
            self.refuse(
                lambda t: t("table.capture_limit", target=name(target), card=name(card), n=limit)
            )
        elif summed and precedence and equal:
            # Cirulla's Equal card first: the card of its rank refuses the sum (a fifteen
            # may still be taken, so it is no "must take that card")
            self.refuse(lambda t: t("table.equal_first", target=name(target), card=name(card)))
        elif summed and fewest:  # a sum of fewer cards is there
            self.refuse(lambda t: t("table.fewest_cards", target=name(target), card=name(card)))
        elif self.match.round.declaring:  # hands shown at the deal: knock or pass first
            knocks = may_knock(self.match.legal_moves())
            key = "table.declare_first" if knocks else "table.pass_first"
            self.refuse(lambda t: t(key, card=name(card)))
        elif target is not None and quindici and card.rank + target.rank != 15:
            # of the fifteens, the one a player new to them missed: what the two make
            total = card.rank + target.rank
            self.refuse(
                lambda t: t(
                    "table.quindici_sum",
                    target=name(target),
                    card=name(card),
                    a=card.rank,
                    b=target.rank,
                    total=total,
                )
            )
        elif target is not None and takes and not laid:  # it must take, and not that card
            self.refuse(lambda t: self._must_take_other(t, card, target, takes))
        elif target is not None:
            self.refuse(lambda t: t("table.cannot_take", target=name(target), card=name(card)))
        else:
            self.refuse(lambda t: t("table.cannot_play", card=name(card)))

    def _must_take_other(
        self, t: Callable[..., str], card: Card, target: Card, takes: list[tuple[Card, ...]]
    ) -> str:
        """Why ``card`` did not take ``target``: it must take, and what (a card by its name,
        a sum by its values, "2 + 3"; more captures than a line names, counted)."""
        name = self.card_name
        if len(takes) > MUST_TAKE_NAMED:
            return t("table.must_take_some", target=name(target), card=name(card), n=len(takes))
        options = join(
            t,
            [
                name(cards[0]) if len(cards) == 1 else " + ".join(str(c.rank) for c in cards)
                for cards in takes
            ],
            "or",
        )
        return t("table.must_take_other", target=name(target), card=name(card), options=options)

    def toggle_sound(self) -> None:
        """M: the sound off, or on again, as Settings' Mute (and remembered with it)."""
        muted = not self.app.settings.muted
        self.app.set_muted(muted)
        if muted:
            self.say(worded("table.sound_off"))
        elif not self.app.audio.available:  # on, but heard only where there is a device
            self.say(worded("table.sound_none"))
        elif self.app.settings.volume <= 0:  # on, at a volume of nothing
            self.say(worded("table.sound_silent"))
        else:
            self.say(worded("table.sound_on"))

    def _told_must_take(self, card: Card) -> None:
        """A card laid on the open cloth took at once: why, said the first time at this
        table only (said at every such drop, the rule read as a rebuke for the usual way
        of playing a capture, the capture itself in sight)."""
        if self._must_take_told:
            return
        self._must_take_told = True
        self.say(lambda t: t("table.must_take", card=self.card_name(card)))

    def say(self, words: Words) -> None:
        """A short message on the status line, worded (and capitalised) as it shows: for
        ``MESSAGE_SECONDS``, or the time to notice it and read it (a refusal that named the
        captures owed went before a slow reader reached its end)."""
        self.message = words
        self.refusal = False
        said = NOTICING_SECONDS + reading_seconds(words(self.app.t))
        self.message_left = max(MESSAGE_SECONDS, said)

    def refuse(self, words: Words) -> None:
        """``say`` why a card went back to the hand: said until the next play, which it is
        no longer about (it stayed on, beside the play made right)."""
        self.say(words)
        self.refusal = True

    def said(self) -> str | None:
        """The status line's message, if one shows."""
        if self.message is None or self.message_left <= 0:
            return None
        names = (self.seats.seat_name(seat) for seat in range(self.match.rules.players))
        return opening(self.message(self.app.t), names)

    def card_name(self, card: Card) -> str:
        return self.words.card_name(card)

    # --- turns ---------------------------------------------------------------------------

    @property
    def human_to_play(self) -> int | None:
        """The human seat whose input is awaited now (None while animating or covered, and
        once the table's server is lost for good: no play could reach it)."""
        if self.match.over or self.director.busy or self.cover is not None or self.lost:
            return None
        turn = self.match.turn
        if turn not in self.humans:
            return None
        if self.remote and (self.coordinator.reading() or self.coordinator.telling_read):
            return None  # the round waits for the friends still at the score sheet
        if self.remote and self.coordinator.checking:  # awake from a stall: where is it?
            return None
        if self.remote and self.coordinator.sending:  # a play on its way: none other is
            return None  # taken until the server says what became of it
        if self.remote and self.coordinator.stood_in_for_me():  # until taken back
            return None
        if self.coordinator.needs_cover() is not None:
            return None
        return turn

    def _see_who_watches(self) -> None:
        """Others came to watch this table by its code (its public cards only): the players
        are told, once for each who came (they were never told: a stranger on the network
        could follow a friends' match unseen)."""
        watching = self.words.watching()
        came = watching - self._watching
        self._watching = watching
        if came > 0:
            key = "table.watched_many" if came > 1 else "table.watched"
            self.app.notify(worded(key, n=watching), 8.0)

    def update(self, dt: float) -> None:
        if self._sheet_first:
            self._sheet_first = False
            self._show_scoring(resumed=True)
            return
        self.clock += dt
        self.aids.update(dt)
        if self.message_left > 0:
            self.message_left = max(0.0, self.message_left - dt)
        self.director.speed = self.app.settings.animation_speed
        self.director.fast_forward = self.fast_forward
        self.ui.update(dt)
        self._report_saving()
        if self.remote:
            self._hear_the_server()
            self._see_the_line()
            self._see_who_watches()
        if self.chat is not None:
            self.chat.update(dt, seen=self.cover is None)  # held under the cover, then read
            if not self.chat_on():
                self.chat.open = False
        self.director.update(dt)
        self._watch_the_hand()
        self.still_frames = 0 if self.busy else self.still_frames + 1
        if self.still_frames > IDLE_AFTER:
            self._use_idle_frame()
        if self.mode == "hotseat":
            self._keep_hands_private()
        self._hold_cover()
        if self.match.over or self.director.busy or self.cover is not None:
            return
        called = self.coordinator.needs_cover()
        if called is not None:
            self._raise_cover(called)
            return
        turn = self.match.turn
        if turn in self.humans:
            now = (len(self.match.rounds), len(self.match.round.history()))
            if self._turn != now:
                self._turn, self._turn_since = now, self.clock
            passing = self._nothing_to_show()
            if passing is not None:
                self.play(passing)
                return
            if self.early_keys and self.human_to_play == turn:
                self._play_early_keys()
            if not self.knock.picking:  # the hand under the matta's picker does not lift
                self.input.refresh_hover()
            return
        if not self.remote:  # at a server, the server plays its computers
            self._computer_turn(turn, dt)

    # --- a match held by a server --------------------------------------------------------

    def _open_remote(self) -> None:
        """Show the match as the server first told it: from its opening deal, or, joining
        a match under way, laid out from this seat's view."""
        from_start = any(isinstance(event, Dealt) for event in self.coordinator.first_events)
        if from_start:
            self.director.show(self.coordinator.first_events)
            if self.app.trace is not None:
                match = self.match
                self.app.trace(f"at {match.at} turn {match.turn} seat {self.coordinator.seat}")
        else:
            self._restore_view(self.match.observe(self.coordinator.seat))

    def _played_for(self, played: dict[int, list[Card]], alone: bool, t: Callable[..., str]) -> str:
        """The cards the computer played for the seats here while their players were away:
        for "you" when one person plays at this screen (``alone``), else by name (the
        people sharing it could not tell whose hand each card left)."""
        if alone:
            cards = [card for seat_cards in played.values() for card in seat_cards]
            return t("online.played_for_you", cards=", ".join(map(self.card_name, cards)))
        each = [
            t(
                "online.played_for_seat",
                name=self.seats.seat_name(seat),
                cards=", ".join(map(self.card_name, cards)),
            )
            for seat, cards in played.items()
        ]
        return t("online.played_for_people", plays="; ".join(each))

    def _chat_handled(self, event: pygame.event.Event) -> bool:
        """The quick messages' button, Q and their open list; before the keys are noticed
        (``TableInput.notice``): Q and the phrases' digits play no card, and the line under
        the table goes on saying how the player plays. Not over the matta's picker, whose
        keys are its own."""
        chat = self.chat
        if chat is None or not self.chat_on() or self.knock.picking:
            return False
        if not chat.handle(event, table_spot(self.layout)):
            return False
        if chat.open:  # a card mid-drag goes back: the list has the keys and the clicks
            self.input.focus_lost()
        return True

    def chat_on(self) -> bool:
        """This screen may send quick messages now: a seat's player in front of it (not a
        watcher, nor the cover between turns), the link up, and the setting on."""
        return (
            self.chat is not None
            and self.mode != "watch"
            and self.app.settings.quick_messages
            and self.cover is None
            and not self.lost
            and self.absence.coordinator.online
        )

    def _hear_said(self) -> None:
        """The quick messages said at the table: each in a bubble by its seat's plate, a
        friend's with a soft chime (none with the setting off); under the cover between
        turns at a screen shared online, they wait for it to lift."""
        chat = self.chat
        assert chat is not None
        coordinator = self.absence.coordinator
        for said in coordinator.take_said():
            if self.app.settings.quick_messages and said.seat < len(self.coordinator.seats):
                # a friend's is heard too, not only seen (this player's own needs no chime)
                chat.hear(said.seat, said.phrase, chime=said.seat not in self.humans)
        if not self.app.settings.quick_messages:
            chat.bubbles.clear()
        if coordinator.say_refused():  # too soon for the server: the bubble will not come
            self.say(worded("chat.wait"))

    def _hear_the_server(self) -> None:
        self._hear_said()
        arrival = self.coordinator.arrivals()
        trace = self.app.trace
        for events in arrival.events:
            if isinstance(events, CaughtUp):  # moves made while this window was cut off
                self.director.then(partial(self._catch_up, events.match))
                continue
            self._show_events(events)
            if trace is not None:
                match = self.match
                trace(f"at {match.at} turn {match.turn} seat {self.coordinator.seat}")
                for event in events:
                    seat, card = getattr(event, "seat", ""), getattr(event, "card", "")
                    trace(f"{type(event).__name__} {seat} {card}".rstrip())
        if self.coordinator.sheet_missed():  # back between rounds: the sheet the others read
            self.director.sheet()
        played = {
            seat: cards
            for seat, moves in sorted(arrival.played_for_you.items())
            if (cards := [move.card for move in moves if move.card is not None])
        }
        for seat, moves in arrival.played_for_you.items():
            seen = self._seen_by(seat)
            if seen is not None:
                made = self._made_for.setdefault(seat, set())
                made.update(
                    (seen.round_no, at)
                    for at, (player, move) in enumerate(seen.history)
                    if player == seat and move in moves
                )
        if played:  # back at the table: the cards gone from the hands are accounted for
            alone = len(self.coordinator.humans) == 1
            self.app.notify(partial(self._played_for, played, alone), 12.0)
        if arrival.refused:
            self.say(worded("table.refused"))
            self.pick.clear()
            seat = self.coordinator.seat
            self.view.settle_hand(self.ui, seat, 0.3)
        if arrival.unreadable and not self.lost:
            log("scopa: cannot read the table:", arrival.unreadable)
            self.lost = True
            self.app.notify(worded("online.unreadable"), 12.0)
        if arrival.taken and not self.lost:
            self.lost = True  # the banner over the table says where the seat went, and stays
            self._apply_visibility()  # the hand is played there now: none is shown here
        if arrival.lost and not self.lost:
            self.lost = True  # the banner over the table says so, and stays

    def _see_the_line(self) -> None:
        """At a server the line under the table, and the banner over it, follow what the
        server says of the others (a friend away, still reading the score sheet) and the
        clock (the wait for a friend away counts down), while nothing moves here: the frame
        either changes in is drawn."""
        line = (self.status_text(), self.absence.words(lost=self.lost))
        self._line_moved = line != self._line
        self._line = line

    def _catch_up(self, match: RemoteMatch) -> None:
        """Show ``match``, reached by moves this window was not told of, at once: its round
        laid out afresh from this seat's view, its numbers on the score panel, and the
        sheet of a round that ended meanwhile (the match's, if it ended)."""
        missed = match.over or match.round.round_no > self.director.shown.round_no
        self._lay_out(match)
        if missed:  # a round ended while this window was cut off: its sheet, as others saw
            self.director.sheet()

    def _lay_out(self, match: RemoteMatch) -> None:
        """Show ``match`` at once, as its seat sees it (no animation)."""
        self.drag.cancel()
        self.pick.clear()
        self.tweener.finish_all()
        self.director.glowing = frozenset()
        shown = self.director.shown
        shown.totals = match.totals
        shown.round_no, shown.deal_no = match.round.round_no, match.round.deal_no
        shown.dealer = match.round.dealer
        disguise = self.director.disguise
        if disguise is not None:
            disguise.seat = match.observation.seat
        self._restore_view(match.observation)
        self._apply_visibility(animate=False)

    def _restore_view(self, obs: Observation) -> None:
        """Lay out a round under way from one seat's view: its hand, the table, every pile
        with its scopas' cards across it, the other hands as stand-ins (a hand that knocked
        face up), the rest of the deck; Cirulla's bonuses, the matta's value and the opening
        table the dealer took."""
        view, rules = self.view, self.setup.rules
        view.reset()
        for card in obs.table:
            view.put(card, ("table", view.free_slot()))
        for card in obs.hand:
            view.put(card, ("hand", obs.seat))
        scopa_cards = obs.scopa_cards()
        for side, pile in enumerate(obs.piles):
            for card in pile:
                if card not in scopa_cards[side]:
                    view.put(card, ("pile", side))
            for card in scopa_cards[side]:  # face up across the pile, oldest first
                view.put(card, ("marker", side))
        disguise = self.director.disguise
        if disguise is not None:  # the view was reset: no card stands in for another yet
            disguise.standins.clear()
        for seat, size in enumerate(obs.hand_sizes):
            shown = obs.shown[seat] if seat < len(obs.shown) else ()
            view.shown.update(shown)  # a hand that knocked, this seat's too: face up to all
            if seat == obs.seat or disguise is None:
                continue
            for card in shown:
                view.put(card, ("hand", seat))
            for _ in range(size - len(shown)):
                card = disguise.spare(set())
                disguise.standins.add(card)
                view.put(card, ("hand", seat))
        for card in view.sprites:
            view.snap(card)
        shown = self.director.shown
        shown.bonus = {side: points for side, points in enumerate(obs.bonus) if points}
        shown.matta = obs.matta_value
        taken = obs.opening_take()
        shown.opening_take = (obs.dealer, taken) if taken else None
        del rules

    def _use_idle_frame(self) -> None:
        """Nothing has moved for a few frames: draw the aid buttons' looks once, or read
        and scale one more card face for the animations to come (never in the frame an
        animation ends, which still paints)."""
        lay = self.layout
        if self.warmed_buttons != lay.size:
            self.warmed_buttons = lay.size
            self.aids.warm()
            return
        self.art.warm_next((lay.hand_w, lay.table_w))

    def _computer_turn(self, seat: int, dt: float) -> None:
        pause = self.director.seconds(THINK_SECONDS) * (0.25 if self.fast_forward else 1)
        level = self.setup.seats[seat].level
        move = self.computers.turn(self.match, seat, level, dt, pause)
        if move is not None:
            self.play(move)

    def play(self, move: Move) -> None:
        """Submit ``move`` for the seat to play and start showing what it did."""
        if self.refusal:  # why the card before went back: past now
            self.message, self.refusal = None, False
        self.computers.forget()
        self.ui.finish_all()
        # a card held or raised that this move does not play (Cirulla's No knock, pressed
        # as a card was dragged or chosen) goes back into the hand, not left on the felt
        kept = [card for card in (self.drag.card, self.pick.selected) if card is not None]
        self.drag.cancel()
        self.pick.clear()
        self.knock.forget()
        for card in dict.fromkeys(kept):  # by the director's tweens, at its speed: its
            if card != move.card and self.view.places[card][0] == "hand":  # hand closing up
                seconds = self.director.seconds(0.3)  # after the card played takes it over
                self.view.settle(self.tweener, card, seconds, easing="out_back")
        if self.aids.followed(move):
            if not self.coordinator.hinted and self._hints_cost_records():
                self.say(worded("aids.hint_followed_first"))  # said once, as Undo's is
            self.coordinator.hinted.add(len(self.match.moves()))
        holder = self.coordinator.holder
        events = self.coordinator.apply(move)
        if self.mode == "hotseat" and (self.remote or self.match.turn != holder):
            # The next person's hand must not show, nor the hand of the one who played to
            # the next person waiting at the screen (the computers' turns, a new deal). At
            # a server the move is only sent: it is the next one's turn once it is taken.
            self.coordinator.screen_shared()
            self._apply_visibility()
        self._show_events(events)

    def _show_events(self, events: Sequence[Event]) -> None:
        """Play ``events`` out on the table. A new deal among them takes the line under the
        table's message with it, once dealt: said of a play of the deal before ("the 3 of
        coins cannot take the 7 of cups..."), it still showed through the replies, the next
        deal, and into the next round."""
        self.director.show(events)
        if any(isinstance(event, Dealt) for event in events):
            self.director.then(self._forget_message)

    def _forget_message(self) -> None:
        self.message_left = 0.0

    def _keep_hands_private(self) -> None:
        """At one screen shared by several people, a hand shows only while the turn is its
        player's, and the cover waits only for the one whose turn it is. Online the turn may
        go on without a play made here (the computer played for a seat here, its player
        having let the turn go by, or away): the hand on show stayed face up through the
        others' turns, a partner beside it, and the cover still called for a player whose
        turn was over."""
        if self.match.over:
            return
        turn = self.match.turn
        if self.cover is not None and turn != self.cover:
            self.cover = None  # the next to play here, if any, gets a cover of their own
        if self.cover is not None and self.remote and self.coordinator.ended:
            self.cover = None  # its host ended the match: nobody is to play, only to leave
        holder = self.coordinator.holder
        if holder is not None and turn != holder:
            self.coordinator.screen_shared()
            self._apply_visibility()

    def _nothing_to_show(self) -> Move | None:
        """Cirulla's hands shown at the deal, alone against the computers: the pass of a
        hand with nothing to knock with, made for the player (there is nothing to decide,
        and a player had to choose No knock at every deal). With friends at this screen or
        online it is still asked for: a pass made at once would tell them the hand has
        nothing to show."""
        if self.mode != "solo" or self.remote or self.human_to_play is None:
            return None
        if not self.match.round.declaring:
            return None
        moves = self.match.legal_moves()
        if len(moves) == 1 and moves[0].kind == "pass":
            return moves[0]
        return None

    def _cover_input(self, event: pygame.event.Event, *, calm: bool) -> bool:
        """The cover takes every event: it lifts on its button held down ``COVER_PRESS``
        (``_hold_cover``), pressed by a pointer come to it from elsewhere since it came
        down (the last player's, resting there on the hand they played from, clicking on,
        showed the next hand), or on Enter, each pressed ``calm`` (after a moment with
        nothing pressed) once ``COVER_HOLD`` is over; the corner's menu opens over it."""
        pos = getattr(event, "pos", None)
        on_button = pos is not None and self.cover_button().collidepoint(pos)
        if event.type == pygame.MOUSEMOTION and (not on_button or self._moved_on(pos)):
            self._cover_armed = True
        if (
            event.type == pygame.MOUSEMOTION
            and not on_button
            and self._cover_pressed
            and self._cover_key is None
        ):
            self._cover_pressed = False  # the press slid off the button: it lifts nothing
            self._tell_cover("table.pass_hold")
        pressed = event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
        if self.clock - self.cover_since < COVER_HOLD:
            if event.type == pygame.KEYDOWN and event.key in COVER_KEYS:
                self._tell_cover("table.pass_wait")  # (held on, it would say nothing)
            elif pressed and on_button and self._cover_armed:  # held on, it said nothing
                self._tell_cover("table.pass_wait_click")
            return True
        if self.menu_button and self.menu.handle(event, self.layout):
            return True  # the corner's menu opens over the cover: no hand is shown
        answering = self.clock - self._cover_tapped_at < TAPPED_SECONDS
        if pressed:
            # (pressed again at once after a try the cover answered: the next person's)
            ready = on_button and self._cover_armed and (calm or answering)
            self._cover_pressed, self._cover_pressed_at = ready, self.clock
            if on_button and not self._cover_armed:
                self._tell_cover("table.pass_move")
            elif on_button and not ready:  # pressed hard on another press: say so
                self._tell_cover("table.pass_wait_click")
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if self._cover_pressed and on_button:  # let go too soon: the cover says to hold
                self._tell_cover("table.pass_hold")
            self._cover_pressed = False
        elif event.type == pygame.KEYDOWN and event.key in COVER_KEYS:
            if self._cover_key is not None and self._cover_pressed:
                pass  # held on (the system repeating it): the hold goes on
            elif calm:  # held down as the button is (a tap of the last player's lifts nothing)
                self._cover_key = event.key
                self._cover_pressed, self._cover_pressed_at = True, self.clock
            else:
                self._tell_cover("table.pass_wait")
        elif event.type == pygame.KEYUP and event.key == self._cover_key:
            if self._cover_pressed:  # let go too soon
                self._tell_cover("table.pass_hold_key")
            self._cover_pressed, self._cover_key = False, None
        return True

    def _tell_cover(self, key: str) -> None:
        """A try that did not lift the cover: its line says how it is lifted (``key``)."""
        self._cover_told, self._cover_tapped_at = key, self.clock

    def _hold_cover(self) -> None:
        """The cover's button held down long enough lifts it (a frame's business: the
        button fills as it is held)."""
        if self.cover is None or not self._cover_pressed:
            return
        if self.clock - self._cover_pressed_at >= COVER_PRESS:
            self._cover_pressed = False
            self.reveal()
            self._shown_at = self.clock  # a double click's second press is not the hand's
            self._release_kept = self._cover_key is None  # the pointer's press, let go later
            self._cover_key = None

    def cover_answering(self) -> bool:
        """The cover's line answers a try that did not lift it (drawn brighter)."""
        return self.cover is not None and self.clock - self._cover_tapped_at < TAPPED_SECONDS

    def cover_progress(self) -> float:
        """How far the cover's button has been held towards lifting it (0 to 1)."""
        if self.cover is None or not self._cover_pressed:
            return 0.0
        return min(1.0, (self.clock - self._cover_pressed_at) / COVER_PRESS)

    def _moved_on(self, pos: tuple[int, int]) -> bool:
        """The pointer, resting on the cover's button as it came down, was moved on it past
        the cover's first second: a hand of the next person's (the last player's clicks
        on, the pointer still, never lift it; neither did a move of the next person's
        that stayed on the button, which then looked ready and was not)."""
        rest = self._cover_rest
        return (
            self.clock - self.cover_since >= COVER_HOLD
            and rest is not None
            and math.dist(pos, rest) >= ARM_MOVE
        )

    def cover_button_lit(self) -> bool:
        """The cover's button is under a pointer that may press it (``_cover_input``)."""
        pointer = self.pick.pointer
        return (
            self._cover_armed and pointer is not None and self.cover_button().collidepoint(pointer)
        )

    def _raise_cover(self, seat: int) -> None:
        self.cover = seat
        self.message_left = 0.0  # said to the one who played: it goes as the screen passes on
        self._cover_news = self._news_since(seat)
        self.cover_since = self.clock
        self._cover_pressed, self._cover_key = False, None
        self._cover_tapped_at = -TAPPED_SECONDS  # the last cover's answers were another's
        pointer = self.pick.pointer
        self._cover_armed = pointer is None or not self.cover_button().collidepoint(pointer)
        self._cover_rest = pointer
        self.coordinator.screen_shared()
        self.bottom = seat
        self._apply_visibility(animate=False)
        self._relayout(self.app.size)

    def toasts_wait(self) -> bool:
        """While the screen passes between people, what is told waits for the cover to
        lift (it lay over the cover's cards, read by nobody yet)."""
        return self.cover is not None

    def reveal(self) -> None:
        """The next human is in front of the screen: show their hand."""
        if self.cover is None:
            return
        self.coordinator.take_screen(self.cover)
        self.cover = None
        disguise = self.director.disguise
        if disguise is not None and disguise.seat != self.coordinator.seat:
            # several people here at a server's table: the one in front of the screen now
            # sees it from their seat, their hand known and the others' stood in for
            self._lay_out(cast("RemoteMatch", self.match))
        self._apply_visibility()

    # --- saving and results --------------------------------------------------------------

    def _report_saving(self) -> None:
        for key, reason in self.coordinator.problems():
            self.app.notify(worded(key, reason=reason), key=key)

    def _show_scoring(self, *, resumed: bool = False) -> None:
        """The round's score sheet; ``resumed``: the match was continued on it. Clicks
        made on the table just before are held off it (``hold_clicks``): its buttons come
        where the pile lies, and a click meant for the pile skipped the sheet unread."""
        self.message_left = 0.0  # of the round just scored: not over the next one's table
        sheet = self.app.open("scoring", coordinator=self.coordinator, resumed=resumed)
        clicked = self._clicked_at
        hold = getattr(sheet, "hold_clicks", None)
        if hold is not None and clicked is not None and self.clock - clicked < CLICKS_HELD:
            pointer = self.pick.pointer
            hold(None if pointer is None else (round(pointer[0]), round(pointer[1])))
        if self.match.over and not self.remote:
            self.coordinator.ended_shown()

    @property
    def deck(self) -> str:
        """The deck this match is dealt with: the player's choice, or the game's own."""
        return self.app.settings.deck_for(self.setup.rules)

    def _refresh_art(self) -> None:
        """The cards and the cloth as the settings draw them now: a deck, back, corner,
        language or cloth chosen from the menu over the table shows behind the menu at once,
        as the menu says it does (a language, with the plates as wide as its words want)."""
        if self.app.t.language != self._laid_out_in:
            self._relayout(self.app.size)
        settings = self.app.settings
        if settings.felt != self._felt:
            self._lay_cloth(self._background.get_size())
        key = style.art_key(settings, self.deck)
        if key != self._art_key:
            self._art_key, self.art = key, style.card_art(key, self.app.font)
            self._keep_card_sizes()

    def enter(self) -> None:
        self._refresh_art()  # the plates' words in another language: as wide as they want
        if self.director.blocked:
            self.director.resume()
        # Whatever covered the table (scoring, the menu, settings, rules) was looked at by
        # everyone: with several people here, the next hand waits behind the cover.
        self.coordinator.screen_shared()
        if self.remote:  # the quick messages are this table's to show again: those told
            self.coordinator.bubbles_shown = True  # over the screen that covered it go
            self.app.toasts.forget(lambda toast: (toast.key or "").startswith(SAID_KEY))
        self._apply_visibility(animate=False)
        # the pointer went on over the screen that covered the table: it is where the
        # window says now, not where the table last saw it (a card of the next hand rose
        # under it, the pointer long gone to the sheet's Next round)
        self.pick.pointer = pygame.mouse.get_pos() if pygame.mouse.get_focused() else None
        self.input.refresh_hover()
        chosen = self.pick.selected
        if chosen is not None and self.view.face_shown(chosen) and self.pick.choice is None:
            self.input.lift_hand()  # the card chosen before the menu opened rises again
            # (not the card waiting beside the capture choice: it waits where it is)

    def _let_go_held(self) -> None:
        """What was held down is let go where the table never hears of it (over a screen
        come over it, or with the window's focus lost): the cover's button or Enter (held
        on, it lifted the cover by itself, nobody there), an aid's or a knock's button (its
        release would take the next card's drop), the press that lifted the cover (whose
        release it awaits, and took the next drop for)."""
        self._cover_pressed, self._cover_key = False, None
        self._release_kept = False
        self.aids.let_go()
        self.knock.let_go()

    def leave(self) -> None:
        if self.remote:  # what is said meanwhile is told over the screen that covers it
            self.coordinator.bubbles_shown = False
        if self.chat is not None:  # (left open at the round's end, it came back with the
            self.chat.open = False  # next, and its digits took the card meant)
        self.drag.cancel()
        self.early_keys = []
        self.pick.hovered = None
        self._let_go_held()  # (let go over the screen that came over the table, unheard)
        # Where the pointer is once the screen over the table goes is unknown until it moves:
        # no button stays lit (nor the menu's name under it) for a pointer long gone.
        self.menu.pointer = self.aids.pointer = (-1, -1)
        self.painter.frames.forget()
        if self not in list(self.app.stack):
            self.close()
            return
        # Covered by a screen everyone looks at: with several people here, the hand on show
        # turns down under it (the menu's veil does not hide it).
        self.coordinator.screen_shared()
        self._apply_visibility(animate=False)

    def close(self) -> None:
        self.app.audio.fade()  # the match's fanfare, hurried, is not heard over the title
        self.computers.close()
        self.aids.close()
        self.coordinator.close()
        self._report_saving()

    def set_match(self, match: Match, *, undone: bool = False) -> None:
        """Show ``match`` at once in place of the current one (``undone``: a play was taken
        back; the tutorial's fresh start)."""
        self.computers.forget()
        self.drag.cancel()
        self.pick.clear()
        self.knock.forget()
        self.pick.hovered = None
        self.director.clear()
        self.tweener.finish_all()
        self.ui.finish_all()
        self.coordinator.replace(match, undone=undone)
        self._sync_shown()
        self.view.reset()
        self._restore()
        self._apply_visibility(animate=False)

    def _warm_first_faces(self) -> None:
        """Ready the faces the first animation turns up (the table, the hands on show),
        so the deal does not stop to read files."""
        round_ = self.match.round
        lay = self.layout
        self.art.warm(round_.table_cards(), (lay.table_w,))
        for seat in self.visible_seats:
            width = lay.hand_w if lay.place_of(seat).position == "bottom" else lay.open_w
            self.art.warm(round_.hand(seat), (width,))

    def _sync_shown(self) -> None:
        """The numbers on show are the engine's (a new or replaced match)."""
        shown = self.director.shown
        shown.totals = self.match.totals
        shown.round_no = self.match.round.round_no
        shown.deal_no = self.match.round.deal_no
        shown.dealer = self.match.round.dealer

    def show_hint(self, move: Move) -> None:
        """Point at ``move``: its card is raised and the cards it takes glow."""
        if self.human_to_play is None or move not in self.match.legal_moves():
            return
        if self.pick.choice is not None or self.drag.active:
            return  # come late: the card in hand, or its capture being chosen, stays so
        if not move.is_play:  # a knock: its button (or the matta's value) lights up
            # The button lights up beside the hint; the matta's chooser opens when it is
            # pressed, with the hinted value lit (opened at once, it hid the hint). A card
            # chosen before goes down: Enter, which plays a chosen card, then knocks.
            self.knock.suggested = move
            self.knock.picking = False
            if self.pick.selected is not None:
                self.input.select(None)
            return
        self.knock.picking = False  # the matta's picker, open, hid the card the hint raised
        self.input.select(move.card)
        self.pick.preview = frozenset(move.captures)
        self.pick.hinted = move

    def _restore(self, *, ended: bool = False) -> None:
        """Lay out a match resumed mid-round by replaying its round instantly; ``ended``:
        resumed on the last round's sheet, that round as it ended (its cards taken, its
        round and deal on the score panel), short of its scoring, which the sheet shows."""
        record = self.match.record()
        replay = record.replay(0)
        events = list(replay.opening_events())
        last: list[Event] = []
        for move in record.moves:
            replay, step = replay.apply(move)
            scored = [i for i, e in enumerate(step) if isinstance(e, RoundScored)]
            if scored:
                start = scored[-2] + 1 if len(scored) > 1 else 0
                last = (events if start == 0 else []) + list(step[start : scored[-1]])
                events = list(step[scored[-1] + 1 :])
            else:
                events += step
        self.director.lay_out(last if ended else events)

    # --- drawing -------------------------------------------------------------------------

    def toast_band(self) -> ToastBand | None:
        """Between the score panel (as wide as it may grow) and the aids' buttons, above
        the seats there (the plate, hand and pile of a seat at the top); a toast too long
        or too tall for that room goes below the buttons and the score panel (and online
        below the banner over the table, and its button; at a practice, under the table),
        between the seats at the window's sides."""
        lay = self.layout
        width, height = lay.size
        left = lay.hud_rect.left + lay.hud_width_for(math.inf) + lay.margin
        buttons = self.aids.buttons()
        right = max(left, min((b.rect.left for b in buttons), default=width) - lay.margin)
        lowest = max((b.rect.bottom for b in buttons), default=0.0)
        room = lay.seats_room
        floor = min((r.top for r in room if r.right > left and r.left < right), default=height)
        below = max(lowest, lay.hud_bottom_guess()) + lay.margin * 0.5
        banner = self.absence.shown if self.remote else None
        if banner is not None:  # online, the banner over the table (and its button) stay clear
            below = max(below, banner.bottom + lay.margin * 0.5)
        if self.coordinator.practice is not None:
            # a play tried again: its verdict, long, is read under the table (where the line
            # about the play stood), across the middle, the other hand and its reply in sight
            centre, half = width / 2, lay.status_width / 2
            wide = (centre - half, centre + half)
            under = lay.table_rect.centery  # the player's own hand, not the top seat's
            hand = min(
                (r.top for r in room if r.left < centre < r.right and r.top > under),
                default=height,
            )
            # ending over the hand's top, its cards' corners hidden: up over the table's
            # empty felt instead, as far as the cards lying there
            lying = max((card.bottom for card in self.table_cards()), default=0.0)
            rise = max(lying, lay.table_rect.centery) + lay.margin * 0.5
            return ToastBand(
                left,
                right,
                floor - lay.margin * 0.5,
                lay.table_rect.bottom,
                wide,
                rise=(rise, hand - lay.margin * 0.5),
            )
        beside = [r for r in room if r.bottom > below and r.top < below + height / 3]
        low = max((r.right for r in beside if r.centerx < width / 2), default=0.0)
        high = min((r.left for r in beside if r.centerx > width / 2), default=width)
        wide = (low + lay.margin * 0.5, max(low, high - lay.margin * 0.5))
        return ToastBand(left, right, floor - lay.margin * 0.5, below, wide)

    def draw(self, surface: pygame.Surface) -> None:
        self.painter.draw(surface, self.snapshot())

    def draw_changes(self, surface: pygame.Surface) -> list[pygame.Rect] | None:
        return self.painter.draw_changes(surface, self.snapshot())

    def snapshot(self) -> TableSnapshot:
        """What the table shows now, for the painter."""
        self._refresh_art()
        matta = self.setup.rules.matta_card if self.setup.rules.cirulla else None
        if matta is not None:  # with large values, its labels say the value it plays as
            self.art.name_matta(matta, self.director.shown.matta or None)
        view = self.view
        moving = frozenset(self.tweener.targets() | self.ui.targets())
        dragged = self.drag.card if self.drag.dragging else None
        glowing = self.director.glowing or self.pick.preview
        status, status_room = self._status_place()
        landing = None
        if self.pick.landing and self.drag.dragging:
            slot = view.free_slot()
            landing = self.layout.table_slot(slot, max(len(view.slots), slot + 1))
        return TableSnapshot(
            layout=self.layout,
            view=view,
            art=self.art,
            background=self._background,
            hover_glow=style.cloth(self._felt).hover,
            moving=moving,
            dragged=dragged,
            glowing=glowing,
            glow_take=bool(self.director.glowing) or bool(self.pick.preview),
            selected=self.pick.selected,
            hovered=self.pick.hovered,
            active_seat=self.human_to_play,
            waiting=self._waiting_hands(),
            landing=landing,
            plates=self.words.plates(
                self.layout,
                covered=self.turn_hidden(),
                pulse=self.pulse,
                played=frozenset() if self.choice is None else frozenset((self.choice.card,)),
                stood_in=self._stood_in(),
                away=self._away(),
            ),
            hud=self.words.hud(moving),
            stock_label=self.words.stock(),
            status=status,
            status_room=status_room,
            banners=tuple(
                Banner(b.text, b.kind, b.scale, b.alpha, b.fade) for b in self.director.banners
            ),
            sparks=tuple(Spark(s.x, s.y, s.size, s.alpha) for s in self.director.sparks),
            confetti=tuple(replace(c) for c in self.director.confetti),
            overlays=tuple(self.overlay_items()),
            matta=self._matta_label(),
            laid=self.last_laid(),
        )

    def _hints_cost_records(self) -> bool:
        """A move made on a hint keeps this match out of the records (``stats``): a match of
        one side of people here against the computers, not a practice nor one online."""
        coordinator = self.coordinator
        if self.remote or coordinator.practice is not None or not coordinator.humans:
            return False
        rules = self.match.rules
        return len({rules.side_of(seat) for seat in coordinator.humans}) == 1

    def last_laid(self) -> tuple[Card, str] | None:
        """The card the round's last play laid on the table, with the name of who laid it,
        once the table shows it lying there and until the next play: a computer's card, laid
        in a second among the others, left no trace of which it was (the person in front
        of the screen knows their own: None for it, as for a capture, a knock or a card
        in flight)."""
        if self.director.busy or self.covered:
            return None
        last = self.match.round.last_played  # (drawn every frame: not the whole history)
        if last is None:
            return None
        seat, move = last
        card = move.card
        if card is None or move.captures or seat == self.viewer:
            return None
        if self.view.places.get(card, ("",))[0] != "table":
            return None
        return card, self.seats.seat_name(seat)

    def _matta_label(self) -> tuple[Card, str] | None:
        """The matta with the value named for it, while a value is named and it shows."""
        named = self.director.shown.matta
        card = self.setup.rules.matta_card if self.setup.rules.cirulla else None
        if not named or card is None or not self.view.face_shown(card):
            return None
        if self.view.places[card][0] not in ("table", "hand"):
            return None
        return card, self.app.t("table.matta_badge", n=named)

    def _status_place(self) -> tuple[tuple[str, tuple[int, int, int]] | None, pygame.FRect | None]:
        """The status line's words and where they go (None: on their own row). Where the
        hint or Cirulla's buttons took the row (``under``), a message shows there all the
        same (the hint gives way to it), beside the buttons; the hint takes the place of
        whose turn it is. Under a menu or a question over the table it is left out: its
        ends stood out on either side of the menu, read as broken words."""
        status = self._status()
        if status is None or self.covered:
            return None, None
        said = self.said() is not None
        if (
            self.coordinator.practice is not None
            and not said
            and any(self.app.toast_layer(toast) is self for toast in self.app.toasts.shown())
        ):  # a practice's word is read where whose turn it is stood (``toast_band``)
            return None, None
        buttons = self.knock_buttons()
        row = self.knock.row if buttons else None
        if row is not None and row.on_status:
            if self.aids.hint_on_status() and not said:
                return None, None
            rect = buttons[0].rect.unionall([button.rect for button in buttons])
            width = self._beside_knock(True)
            gap = self.layout.margin * 0.6
            return status, pygame.FRect(rect.left - gap - width, rect.top, width, rect.height)
        if self.aids.hint_on_status() and not said:
            return None, None
        return status, None

    def overlay_items(self) -> list[Item]:
        """Panels over the table: the menu button, the aids, the capture choice, the cover."""
        items = self.menu.items(self.layout) if self.menu_button else []
        items += self.aids.items(self.art)
        if self.knock.picking:  # the hint was taken: its value is lit in the chooser
            items = [item for item in items if item.key[0] != "hint"]
        if self.said() is not None and self.aids.hint_on_status():  # a message instead
            items = [item for item in items if item.key[0] != "hint"]
        if self.pick.choice is not None:  # it opens on the hint's capture: the hint's panel
            items = [item for item in items if item.key[0] != "hint"]  # stuck out under it
        # the last capture, opened over the table, lies over Cirulla's knock buttons too
        review = [item for item in items if item.key[0] == "review"]
        items = [item for item in items if item.key[0] != "review"]
        items.extend(self.knock.items(self.layout, self.knock_buttons()))
        items.extend(review)
        absence: list[Item] = []
        if self.remote:
            covered = self.cover is not None
            cards = () if covered else self.table_cards()
            absence = self.absence.items(self.layout, lost=self.lost, cards=cards, high=covered)
        if self.cover is None:
            items.extend(absence)
        if self.chat is not None and self.cover is None:
            items.extend(self.chat.items(self.layout, button=self.chat_on()))
        choice = self.pick.choice
        # shown only to the one choosing (it names their card): not under the cover nor
        # under the menu, with nobody holding a screen several people share
        if choice is not None and self.cover is None and self.view.face_shown(choice.card):
            matta = self._matta_label()
            card = self.card_name(choice.card)
            if matta is not None and matta[0] == choice.card:  # it takes as the value named
                card = self.app.t("table.matta_worth", card=card, n=self.director.shown.matta)
            title = capital(self.app.t("table.choose", card=card))
            hint, lay_word = self.app.t("table.choose_hint"), self.app.t("table.choose_lay")
            scopa = self.app.t("table.scopa")
            leaves = self.app.t("table.choose_leaves")
            words = ChoiceWords(title, hint, lay_word, scopa, matta, leaves)
            items.append(choice.item(self.art, self.text, words))
            chosen = self.view.sprites[choice.card]
            items.append(card_item(self.art, chosen, "chosen"))
            if matta is not None and matta[0] == choice.card:  # held as it plays: "= 2"
                items.append(self.painter.badge(chosen, matta[1], self.layout))
        tip = self._dealer_tip()
        if tip is not None:
            items.append(tip)
        if self.cover is not None:
            texts = self.cover_texts()
            art, lay, text, felt = self.art, self.layout, self.text, self._felt
            hot = self.cover_button_lit()
            held = round(self.cover_progress(), 2)
            lit = self.cover_answering()
            items.append(
                Item(
                    ("cover", texts, felt, hot, held, lit),
                    pygame.Rect((0, 0), lay.size),
                    lambda s: draw_cover(s, art, lay, text, texts, felt, hot, held, lit),
                )
            )
            # who the table waits for, and its button, stay in sight over the cover (they
            # show no hand): the people passing the screen see why nothing moves
            items.extend(absence)
        return items

    def _dealer_tip(self) -> Item | None:
        """With the pointer on the dealer's button, what it means, beside it: who deals this
        round, who plays first, and where the deal goes next (a letter the table never
        explained). None elsewhere, under the cover, and while a capture is chosen."""
        if self.cover is not None or self.pick.choice is not None:
            return None
        lay, text = self.layout, self.text
        dealer = self.director.shown.dealer
        plate = lay.place_of(dealer).name_rect
        disc = dealer_disc(plate, text)
        if not disc.inflate(lay.margin * 0.4, lay.margin * 0.4).collidepoint(self.aids.pointer):
            return None
        mark = self.app.t("table.dealer_mark")
        words = self.seats.about_seat("table.dealer_tip", dealer, mark=mark)
        pen = text.pen("ui", lay.font_small, style.CREAM)
        width, height = lay.size
        pad = lay.margin * 0.5
        fitted = style.fit(words, pen, min(width * 0.34, width - 4 * pad), height * 0.4, lines=0)
        panel = pygame.FRect(0, 0, fitted.width + 2 * pad, fitted.height + 2 * pad)
        panel.centerx = disc.centerx
        if plate.bottom + panel.h + pad <= height:
            panel.top = plate.bottom + pad * 0.5
        else:  # a plate at the window's foot: the words above it
            panel.bottom = plate.top - pad * 0.5
        panel.clamp_ip(pygame.FRect((pad, pad), (width - 2 * pad, height - 2 * pad)))
        scale = style.Scale(lay.size)

        def paint(surface: pygame.Surface) -> None:
            style.dark_panel(surface, panel, scale, border=style.BRIGHT_GOLD, alpha=225)
            style.text(surface, words, pen, panel.inflate(-2 * pad, -2 * pad), lines=0)

        return Item(("dealer tip", words, tuple(panel)), box(panel, 4), paint)

    def _waiting_hands(self) -> frozenset[int]:
        """Human hands shown face up while it is not their turn: drawn a little darker."""
        if self.mode == "watch" or self.match.over:
            return frozenset()
        shown = self.view.visible_seats & frozenset(self.humans)
        seat = self.human_to_play
        return shown - {seat} if seat is not None else shown

    def hud_texts(self) -> tuple[str, str, str]:
        return self.words.hud_texts()

    def turn_hidden(self) -> bool:
        """No plate glows for the seat to play: the cover is up, or the table is lost (its
        server gone, or the seat taken up in another window: nobody plays here)."""
        return self.cover is not None or self.lost

    def status_text(self) -> tuple[str, tuple[int, int, int]] | None:
        """The line under the table: a message, whose turn it is, or who is thinking."""
        return self._status()

    def _status(self) -> tuple[str, tuple[int, int, int]] | None:
        if self.lost:  # play stopped for good: the banner over the table says why
            return None
        return self.words.status(
            message=self.said(),
            awaiting=self.human_to_play,
            choosing=self.pick.choice is not None,
            fast=self.fast_forward,
            picking=self.knock.picking,
            animating=self.director.busy,
            away=frozenset(self.absence.coordinator.away()) if self.remote else frozenset(),
            stood_in=self._stood_in(),
            offline=self.remote and not self.absence.coordinator.online,
            keys=self.input.keyboard,
            hinting=self.aids.busy,
            reading=frozenset(self.coordinator.reading()) if self.remote else frozenset(),
            reading_left=self._reading_left(),
            checking=self.remote and self.coordinator.checking,
            sending=self.remote and self.coordinator.sending,
            slow=self.remote and self.coordinator.sending_for() >= SLOW_ANSWER,
            selected=self._ways_selected(),
            nudged=self._nudged(),
        )

    def _ways_selected(self) -> int:
        """How many ways the card clicked in the hand may be played (0: none clicked)."""
        card = self.pick.selected
        if card is None or not self.pick.clicked:
            return 0
        return sum(1 for move in self.match.legal_moves() if move.card == card)

    def _reading_left(self) -> int | None:
        """Online, the whole seconds until the round goes on without the friends still at
        the score sheet (None: nobody is)."""
        if not self.remote:
            return None
        left = self.coordinator.reading_wait()
        return None if left is None else math.ceil(left)

    def _nudged(self) -> int | None:
        """Online, this player kept the turn a while: the seconds left before the friends
        may let the computer play for them (None: nothing to say; 0: they may now)."""
        if not self.remote or not self.coordinator.keeping_friends_waiting():
            return None
        return max(0, math.ceil(self.coordinator.idle_grace - self.coordinator.turn_lasted()))

    def _away(self) -> frozenset[int]:
        """Friends gone from an online table, the match waiting for them (no computer plays
        for them yet)."""
        return frozenset(self.coordinator.away()) if self.remote else frozenset()

    def _stood_in(self) -> frozenset[int]:
        """Friends gone from an online table for whom the computer plays."""
        return frozenset(self.absence.coordinator.stood_in()) if self.remote else frozenset()

    def cover_texts(self) -> CoverWords:
        """The cover's heading, how to lift it, the note under it, its button, and what the
        others made since the person's last turn. Online, a person who keeps the cover up
        keeps the friends waiting: the note tells how long before the friends may let the
        computer play for them (it was told only once the hand showed)."""
        if self.cover is None:
            return self.words.cover(self.match.turn)
        played, news = self._cover_news
        told = news[-COVER_NEWS:]
        words = self.words.cover(self.cover, told, played=played, earlier=len(told) < len(news))
        name = self.seats.seat_name(self.cover)
        if self.cover_answering():  # a try that did not lift it: how it is lifted
            words = words._replace(hint=self.app.t(self._cover_told, name=name))
        nudged = self._nudged()
        if nudged is not None:  # online, the friends wait: how long before they need not
            note = "table.cover_overdue" if nudged == 0 else "table.cover_waited"
            words = words._replace(note=self.app.t(note, seconds=nudged, name=name))
        return words

    def _news_since(self, seat: int) -> tuple[bool, tuple[News, ...]]:
        """Whether ``seat`` has played this round, and what the others made since it last
        did (since the deal, if it has not), in turn, each with its seat and move: a card
        laid (``"laid"``), a capture (``"took"``) or a sweep (``"scopa"``), Cirulla's knock
        (``"knock"``, with the scope it scored), a knock taken back (``"retract"``) and no
        knock at the deal (``"pass"``, the seats passing one after another together); a
        play of Cirulla's matta with the value named for it (``named``: a 7 that took an
        ace took it as one). The person who takes the screen saw none of it: it was made
        behind the cover, or before the last person passed it on (computers sweeping one
        after another left the next person guessing who had made them). A card the
        computer played for the seat, its person away online, is not the person's turn:
        what came before it is told too."""
        seen = self._seen_by(seat)
        if seen is None:
            return False, ()
        history = seen.history
        made_for = self._made_for.get(seat, set())  # the computer's, the person away
        mine = [
            at
            for at, (player, _) in enumerate(history)
            if player == seat and (seen.round_no, at) not in made_for
        ]
        start = mine[-1] + 1 if mine else 0
        sweeps = set(seen.scopa_plays())
        news = []
        opening_take = seen.opening_take() if not mine else ()
        if opening_take:  # taken at the deal, as the screen passed to the first person
            points, named = dealer_bonus(opening_take, seen.rules)
            total = opening_sum(opening_take, seen.rules.matta_card, named)
            news.append(News("opening", seen.dealer, None, named, total=total, points=points))
        named, holder = 0, -1  # the value named for Cirulla's matta, and by whom
        matta = self.setup.rules.matta_card
        for at, (player, move) in enumerate(history):
            if move.is_declaration and move.matta is not None:
                named, holder = move.named, player
            elif move.kind == "retract" and player == holder:
                named = 0  # the matta a plain card again
            if at < start or player == seat:
                continue
            worth = named if move.is_play and move.card == matta else 0
            taken = (matta, named) if named and matta in move.captures else None
            if at in sweeps:
                news.append(News("scopa", player, move, worth, taken))
            elif move.is_play:
                news.append(News("took" if move.captures else "laid", player, move, worth, taken))
            elif move.is_declaration:
                points = _knock_points(seen, at)
                news.append(News("knock", player, move, points=points))
            elif move.kind == "retract":
                news.append(News("retract", player, move))
            elif move.kind == "pass" and news and news[-1].kind == "pass":
                last = news[-1]
                news[-1] = last._replace(also=(*last.also, player))
            elif move.kind == "pass":
                news.append(News("pass", player, move))
        return bool(mine), tuple(news)

    def _seen_by(self, seat: int) -> Observation | None:
        """What ``seat`` may see of the round now: online, as its link last heard it (None
        where this screen holds no link for it)."""
        if not self.remote:
            return self.match.observe(seat)
        if not isinstance(self.coordinator, SharedScreen) or seat not in self.coordinator.parts:
            return None
        return self.coordinator.parts[seat].match.observe(seat)

    def cover_button(self) -> pygame.FRect:
        """Where the cover's button is: a click lifts the cover there only."""
        return cover_button(self.layout, self.text, self.cover_texts().button)

    @property
    def pulse(self) -> float:
        """The turn glow breathes while the table is moving, and holds still when idle
        (idle frames are not drawn)."""
        if not self.busy:
            return 1.0
        return 0.5 + 0.5 * math.sin(self.clock * 3.0)


__all__ = ["TableScene"]
