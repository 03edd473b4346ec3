"""The table: a match played by dragging cards, against computers or friends.

The engine holds the truth (``self.match``); the view shows where cards are drawn and
lags behind while the director plays the events of each move. Input is accepted only
when the show has caught up, from the seat whose turn it is. With several humans at one
screen, a cover hides every hand while the device changes hands.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from scopa.engine import Card, Match, Move, RoundScored
from scopa.settings import MatchSetup

from ..ai_worker import AiWorker
from ..cardart import CardArt
from ..scene import Scene
from ..tween import Tweener
from ..wording import Seats, capital
from .aids import AidsHost, AidsLayer
from .choice import ChoicePopup
from .computers import THINK_SECONDS, Computers
from .director import Banner, Director, Spark
from .drag import DragController
from .frame import Item
from .hud import background, draw_cover
from .input import Pick, TableInput
from .layout import TableLayout
from .painter import (
    GLOW_HOVER,
    GLOW_OPTION,
    GLOW_SELECTED,
    GLOW_TAKE,
    Painter,
    card_item,
)
from .snapshot import TableSnapshot
from .sprites import TableView
from .text import Writer
from .words import TableWords

if TYPE_CHECKING:
    from ..app import App
    from ..matches import MatchCoordinator

MESSAGE_SECONDS = 2.8


class TableScene(Scene):
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
        self.worker = worker if worker is not None else AiWorker()
        if len(self.humans) < rules.players:
            self.worker.warm()
        settings = app.settings
        self.art = CardArt(
            settings.deck_style, settings.corner_index, settings.language, font=app.font
        )
        self.tweener = Tweener()
        self.ui = Tweener()
        """Pointer feedback (lifting, sending a card back): never holds up the game."""
        self.cover: int | None = None
        self.bottom = self.humans[0] if self.humans else 0
        self.layout = TableLayout(app.size, rules, self.bottom)
        self.view = TableView(self.layout, rules.sides)
        self.director = Director(
            self.view,
            self.tweener,
            speed=settings.animation_speed,
            sound=app.audio.play,
            text=app.t,
            about=lambda key, side: self.seats.about(key, side),
            on_scored=self._show_scoring,
        )
        self._sync_shown()
        self.words = TableWords(
            coordinator,
            self.view,
            lambda: self.director.shown,
            lambda: self.app.t,
            lambda: self.app.settings.deck_style,
        )
        self.text = Writer(app.font)
        self.painter = Painter(self.text)
        self.drag = DragController(threshold=max(4.0, 8 * self.layout.unit))
        self.pick = Pick()
        self.input = TableInput(
            self.pick,
            self.view,
            self.drag,
            self.ui,
            moves=lambda: self.match.legal_moves(),
            seat=lambda: self.human_to_play,
            play=self.play,
            refuse=self._cannot,
            now=lambda: self.clock,
        )
        self.message = ""
        self.message_left = 0.0
        self.clock = 0.0
        self.fast_forward = False
        """Watch mode: the watcher clicked to see the match four times faster."""
        self.computers = Computers(
            self.worker,
            failed=lambda reason: self.app.notify(self.app.t("table.ai_failed", reason=reason)),
        )
        self.aids = AidsLayer(
            coordinator,
            self._aids_host(),
            worker_mode="inline" if self.worker.mode == "inline" else "thread",
        )
        self._background = background(app.size, self.layout)
        self._keep_card_sizes()
        self._apply_visibility(animate=False)
        self._warm_first_faces()
        if not match.round.history():
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

    def _aids_host(self) -> AidsHost:
        return AidsHost(
            viewpoint=self._viewpoint,
            awaiting=lambda: self.human_to_play,
            hands_busy=lambda: self.pick.choice is not None or self.drag.active,
            point_at=self.show_hint,
            take_back=lambda match: self.set_match(match, undone=True),
            notify=lambda text, seconds: self.app.notify(text, seconds),
            layout=lambda: self.layout,
            text=self.text,
            translator=lambda: self.app.t,
            deck_style=lambda: self.app.settings.deck_style,
            seat_name=lambda seat: self.seats.seat_name(seat),
            card_name=self.card_name,
        )

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
        for seat, hand in enumerate(self.view.hands):
            for card in hand:
                sprite = self.view.sprites[card]
                if seat not in visible:
                    sprite.turn = 0.0
                if animate and not self.tweener.moving(sprite):
                    self.view.settle(self.tweener, card, self.director.seconds(0.35))
                elif not animate:
                    self.view.snap(card)

    def _relayout(self, size: tuple[int, int]) -> None:
        self.tweener.finish_all()
        self.ui.finish_all()
        self.layout = TableLayout(size, self.setup.rules, self.bottom)
        self.view.layout = self.layout
        for card in self.view.sprites:
            self.view.snap(card)
        if self._background.get_size() != tuple(size):
            self._background = background(size, self.layout)
            self._keep_card_sizes()
        self.drag.threshold = max(4.0, 8 * self.layout.unit)
        self.input.relayout()

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
        self.art.glow(lay.hand_w, GLOW_HOVER)
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
        )

    def resize(self, size: tuple[int, int]) -> None:
        self.drag.cancel()
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
            self.pick.pointer = event.pos
        if event.type == pygame.WINDOWFOCUSLOST and self.input.focus_lost():
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            if not self.input.escape():
                self.app.open("pause")
            return True
        if self.cover is not None:
            if (event.type == pygame.MOUSEBUTTONUP and event.button == 1) or (
                event.type == pygame.KEYDOWN
                and event.key in (pygame.K_RETURN, pygame.K_SPACE, pygame.K_KP_ENTER)
            ):
                self.reveal()
            return True
        if self.aids.handle(event):
            return True
        if self.mode == "watch":
            if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
                self.fast_forward = not self.fast_forward
            return True
        if self.human_to_play is None and self.director.busy:
            if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
                self.director.hurry()
            return True
        return self.input.handle(event)

    def _cannot(self, card: Card, target: Card | None) -> None:
        """Say why ``card`` cannot be played that way (it goes back to the hand)."""
        named = {"card": self.card_name(card)}
        if target is not None:
            said = self.app.t("table.cannot_take", target=self.card_name(target), **named)
        else:
            said = self.app.t("table.cannot_play", **named)
        self.say(capital(said))

    def say(self, text: str) -> None:
        """A short message on the status line."""
        self.message = text
        self.message_left = MESSAGE_SECONDS

    def card_name(self, card: Card) -> str:
        return self.words.card_name(card)

    # --- turns ---------------------------------------------------------------------------

    @property
    def human_to_play(self) -> int | None:
        """The human seat whose input is awaited now (None while animating or covered)."""
        if self.match.over or self.director.busy or self.cover is not None:
            return None
        turn = self.match.turn
        if turn not in self.humans:
            return None
        if self.coordinator.needs_cover() is not None:
            return None
        return turn

    def update(self, dt: float) -> None:
        self.clock += dt
        self.aids.update(dt)
        if self.message_left > 0:
            self.message_left = max(0.0, self.message_left - dt)
        self.director.speed = self.app.settings.animation_speed
        self.director.fast_forward = self.fast_forward
        self.ui.update(dt)
        self._report_saving()
        self.director.update(dt)
        if not self.busy:
            self._use_idle_frame()
        if self.match.over or self.director.busy or self.cover is not None:
            return
        called = self.coordinator.needs_cover()
        if called is not None:
            self._raise_cover(called)
            return
        turn = self.match.turn
        if turn in self.humans:
            self.input.refresh_hover()
            return
        self._computer_turn(turn, dt)

    def _use_idle_frame(self) -> None:
        """Nothing moves: read and scale one more card face for the animations to come."""
        lay = self.layout
        self.art.warm_next((lay.hand_w, lay.table_w))

    def _computer_turn(self, seat: int, dt: float) -> None:
        pause = self.director.seconds(THINK_SECONDS) * (0.25 if self.fast_forward else 1)
        level = self.setup.seats[seat].level
        move = self.computers.turn(self.match, seat, level, dt, pause)
        if move is not None:
            self.play(move)

    def play(self, move: Move) -> None:
        """Submit ``move`` for the seat to play and start showing what it did."""
        self.computers.forget()
        self.ui.finish_all()
        self.drag.cancel()
        self.pick.clear()
        events = self.coordinator.apply(move)
        if self.coordinator.needs_cover() is not None:
            self.coordinator.screen_shared()  # the next person's hand must not show
            self._apply_visibility()
        self.director.show(events)

    def _raise_cover(self, seat: int) -> None:
        self.cover = seat
        self.coordinator.screen_shared()
        self.bottom = seat
        self._apply_visibility(animate=False)
        self._relayout(self.app.size)

    def reveal(self) -> None:
        """The next human is in front of the screen: show their hand."""
        if self.cover is None:
            return
        self.coordinator.take_screen(self.cover)
        self.cover = None
        self._apply_visibility()

    # --- saving and results --------------------------------------------------------------

    def _report_saving(self) -> None:
        for key, reason in self.coordinator.problems():
            self.app.notify(self.app.t(key, reason=reason), key=key)

    def _show_scoring(self) -> None:
        self.app.open("scoring", coordinator=self.coordinator)

    def enter(self) -> None:
        settings = self.app.settings
        if (settings.deck_style, settings.corner_index, settings.language) != (
            self.art.style,
            self.art.corner_index,
            self.art.language,
        ):
            self.art = CardArt(
                settings.deck_style, settings.corner_index, settings.language, font=self.app.font
            )
            self._keep_card_sizes()
        if self.director.blocked:
            self.director.resume()
        # Whatever covered the table (scoring, the menu, settings, rules) was looked at by
        # everyone: with several people here, the next hand waits behind the cover.
        self.coordinator.screen_shared()
        self._apply_visibility(animate=False)

    def leave(self) -> None:
        self.drag.cancel()
        self.pick.hovered = None
        self.painter.frames.forget()
        if self not in list(self.app.stack):
            self.close()
            return
        # Covered by a screen everyone looks at: with several people here, the hand on show
        # turns down under it (the menu's veil does not hide it).
        self.coordinator.screen_shared()
        self._apply_visibility(animate=False)

    def close(self) -> None:
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
        self.input.select(move.card)
        self.pick.preview = frozenset(move.captures)

    def _restore(self) -> None:
        """Lay out a match resumed mid-round by replaying its round instantly."""
        record = self.match.record()
        replay = record.replay(0)
        events = list(replay.opening_events())
        for move in record.moves:
            replay, step = replay.apply(move)
            scored = [i for i, e in enumerate(step) if isinstance(e, RoundScored)]
            events = step[scored[-1] + 1 :] if scored else events + step
        speed = self.director.speed
        self.director.speed = "instant"
        self.director.show(events)
        self.director.update(0.0)
        self.director.speed = speed

    # --- drawing -------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        self.painter.draw(surface, self.snapshot())

    def draw_changes(self, surface: pygame.Surface) -> list[pygame.Rect] | None:
        return self.painter.draw_changes(surface, self.snapshot())

    def snapshot(self) -> TableSnapshot:
        """What the table shows now, for the painter."""
        view = self.view
        moving = frozenset(self.tweener.targets() | self.ui.targets())
        dragged = self.drag.card if self.drag.dragging else None
        glowing = self.director.glowing or self.pick.preview
        landing = None
        if self.pick.landing and self.drag.dragging:
            slot = view.free_slot()
            landing = self.layout.table_slot(slot, max(len(view.slots), slot + 1))
        return TableSnapshot(
            layout=self.layout,
            view=view,
            art=self.art,
            background=self._background,
            moving=moving,
            dragged=dragged,
            glowing=glowing,
            glow_take=bool(self.director.glowing) or bool(self.pick.preview),
            selected=self.pick.selected,
            hovered=self.pick.hovered,
            active_seat=self.human_to_play,
            waiting=self._waiting_hands(),
            landing=landing,
            plates=self.words.plates(self.layout, covered=self.cover is not None, pulse=self.pulse),
            hud=self.words.hud(),
            stock_label=self.words.stock(),
            status=self._status(),
            banners=tuple(
                Banner(b.text, b.kind, b.scale, b.alpha, b.fade) for b in self.director.banners
            ),
            sparks=tuple(Spark(s.x, s.y, s.size, s.alpha) for s in self.director.sparks),
            overlays=tuple(self.overlay_items()),
        )

    def overlay_items(self) -> list[Item]:
        """Panels over the table: the aids, the capture choice, the cover."""
        items = self.aids.items(self.art)
        choice = self.pick.choice
        if choice is not None:
            title = capital(self.app.t("table.choose", card=self.card_name(choice.card)))
            items.append(choice.item(self.art, self.text, title, self.app.t("table.choose_hint")))
            items.append(card_item(self.art, self.view.sprites[choice.card], "chosen"))
        if self.cover is not None:
            texts = self.cover_texts()
            art, lay, text = self.art, self.layout, self.text
            items.append(
                Item(
                    ("cover", texts),
                    pygame.Rect((0, 0), lay.size),
                    lambda s: draw_cover(s, art, lay, text, *texts),
                )
            )
        return items

    def _waiting_hands(self) -> frozenset[int]:
        """Human hands shown face up while it is not their turn: drawn a little darker."""
        if self.mode == "watch" or self.match.over:
            return frozenset()
        shown = self.view.visible_seats & frozenset(self.humans)
        seat = self.human_to_play
        return shown - {seat} if seat is not None else shown

    def hud_texts(self) -> tuple[str, str, str]:
        return self.words.hud_texts()

    def status_text(self) -> tuple[str, tuple[int, int, int]] | None:
        """The line under the table: a message, whose turn it is, or who is thinking."""
        return self._status()

    def _status(self) -> tuple[str, tuple[int, int, int]] | None:
        return self.words.status(
            message=self.message if self.message_left > 0 else None,
            awaiting=self.human_to_play,
            choosing=self.pick.choice is not None,
            fast=self.fast_forward,
            animating=self.director.busy,
        )

    def cover_texts(self) -> tuple[str, str, str]:
        """The cover's heading, how to lift it, and the note under it."""
        return self.words.cover(self.cover if self.cover is not None else self.match.turn)

    @property
    def pulse(self) -> float:
        """The turn glow breathes while the table is moving, and holds still when idle
        (idle frames are not drawn)."""
        if not self.busy:
            return 1.0
        return 0.5 + 0.5 * math.sin(self.clock * 3.0)


__all__ = ["TableScene"]
