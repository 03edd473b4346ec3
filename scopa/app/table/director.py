"""Turns the engine's events into timed animations ("beats") on the table view.

A beat is a function run when its turn comes; it moves cards (tweens) and returns how
many seconds to wait before the next beat. The scoring beat also holds the show
(``blocked``) until ``resume()``, called when the scoring scene gives the table back.
Every duration is multiplied by the animation speed, so 'instant' plays a whole match in
a few frames and tests need no clock.
"""

from __future__ import annotations

import math
import random
from collections import deque
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import partial

from scopa.engine import (
    Captured,
    Card,
    DealerBonus,
    Dealt,
    DealWon,
    Declared,
    Event,
    Laid,
    LastCapture,
    MatchWon,
    Passed,
    Played,
    Redealt,
    Retracted,
    RoundScored,
    Scopa,
)
from scopa.engine.cards import SETTEBELLO

from ..tween import Tweener
from ..wording import count
from .disguise import Disguise
from .sprites import TableView

SPEEDS = {"slow": 1.6, "normal": 1.0, "fast": 0.5, "instant": 0.0}
LOOK_BEFORE_DEAL = 0.7
"""Seconds the table rests after a hand's last play before the next hands are dealt (at
the usual speed): the computer's forced last card and the new hands came within half a
second of the player's, and what it took was never seen."""
OTHERS_CAPTURE = 1.15
"""Seconds (at normal speed) another seat's card lies on what it takes, which glows, before
they go to its pile: the computer's capture, gone in under half a second, went unread."""
LOUDEST_FIRST = ("win", "lose", "round_end", "scopa", "capture", "play", "deal", "shuffle")
"""At 'instant' a play and all it makes are shown at once: the sound of the one that
matters most is heard, not all of them on top of each other."""
Beat = Callable[[], float]


@dataclass
class Shown:
    """The round, hand and totals as the table shows them (behind the engine while the
    show catches up, so the score never changes before the cards that made it move)."""

    round_no: int = 1
    deal_no: int = 1
    dealer: int = 0
    totals: tuple[int, ...] = ()
    bonus: dict[int, int] = field(default_factory=dict)
    """Cirulla: points each side made this round from bonuses (the dealer's table and the
    declarations), counted with its scopas."""
    matta: int = 0
    """Cirulla: the value named for the matta while it is in play (0: none)."""
    opening_take: tuple[int, tuple[Card, ...]] | None = None
    """Cirulla: the dealer and the opening table they took for the dealer's bonus this
    round (a capture made with no card played: the last capture's panel shows it)."""
    playing: bool = False
    """Plays, a deal or a score are still being shown: whose turn the engine says is not
    yet the table's (online, several plays come at once and are shown one by one)."""
    acting: int | None = None
    """While ``playing``, the seat whose card is being shown played (None: a deal, no one's
    turn yet)."""


@dataclass(eq=False)
class Spark:
    """A fleck of gold thrown out by a scopa."""

    x: float
    y: float
    size: float
    alpha: float = 255.0


@dataclass(eq=False)
class Confetto:
    """A scrap of coloured paper thrown up as a match is won here, that turns as it falls."""

    x: float
    y: float
    size: float
    colour: int
    """Its place in ``CONFETTI_COLOURS``."""
    spin: float = 0.0
    """How far it has turned over (radians): its face narrows and widens as it turns."""
    tilt: float = 0.0
    """Its angle in the window's plane (radians)."""
    alpha: float = 255.0


CONFETTI = 90
"""Scraps of paper thrown up for a match won here."""
CONFETTI_RISE = (2.0, 3.4)
"""The fall's shape: a scrap's height goes as ``rise t² - (rise - 1) t`` (thrown up and
pulled down at once), ``rise`` between these: it rises a twelfth to a half of the way it
then falls."""


def _thrown(rise: float, t: float) -> float:
    return rise * t * t - (rise - 1) * t


@dataclass(eq=False)
class Banner:
    """Big text over the table: "Scopa!", the last capture, a redeal."""

    text: str
    kind: str = "scopa"
    scale: float = 0.2
    alpha: float = 0.0
    fade: float = 1.0


def opening_sum(cards: Iterable[Card], matta: Card | None, named: int) -> int:
    """What Cirulla's opening table made, the matta among it at the value named for it."""
    return sum(named if card == matta and named else card.rank for card in cards)


def opening_made(text: Callable[..., str], total: int, named: int) -> str | int:
    """What the opening table made as the banner and the cover say it: "15", or "15,
    the matta as 2" where the matta was named a value."""
    return text("table.dealer_total_matta", total=total, n=named) if named else total


class Director:
    """Queues beats for events and plays them in order as time passes."""

    def __init__(
        self,
        view: TableView,
        tweener: Tweener,
        *,
        speed: str = "normal",
        sound: Callable[[str], None] = lambda name: None,
        cheers: Callable[[int], bool] = lambda side: True,
        text: Callable[..., str] = lambda key, **kw: key,
        about: Callable[..., str] = lambda key, side, **params: f"{key} {side}",
        about_seat: Callable[..., str] = lambda key, seat, **params: f"{key} {seat}",
        on_scored: Callable[[], None] = lambda: None,
        matta: Card | None = None,
    ) -> None:
        self.view = view
        self.matta = matta
        """Cirulla's wild card (None: none is played), counted as named in the opening table."""
        self.tweener = tweener
        self.speed = speed
        self.sound = sound
        self.cheers = cheers
        """Whether the match won by a side is cheered here (someone here is on it, or
        nobody here plays): else its end sounds as a match lost."""
        self._heard: str | None = None
        """At 'instant', the sound of this frame's shows that matters most, still to play."""
        self._silent = False
        """A match laid out again is shown without a sound (``lay_out``)."""
        self.text = text
        self.about = about
        self.about_seat = about_seat
        """The phrase ``key`` said of one seat ("Bussi", "Giulia bussa")."""
        """The phrase ``key`` said of a side ("Hai vinto!", "Vince Giulia!")."""
        self.on_scored = on_scored
        self.beats: deque[Beat] = deque()
        self.wait = 0.0
        self.blocked = False
        self.boost = 1.0
        self.fast_forward = False
        """Watch mode at four times the speed, until the watcher clicks again."""
        self.glowing: frozenset[Card] = frozenset()
        self.banners: list[Banner] = []
        self.sparks: list[Spark] = []
        self.confetti: list[Confetto] = []
        self.shown = Shown()
        self.disguise: Disguise | None = None
        """Stand-ins for hands this screen may not know (a match held by a server)."""

    @property
    def factor(self) -> float:
        boost = min(self.boost, 0.25 if self.fast_forward else 1.0)
        return SPEEDS.get(self.speed, 1.0) * boost

    def seconds(self, value: float) -> float:
        return value * self.factor

    @property
    def busy(self) -> bool:
        return bool(self.beats) or self.wait > 0 or self.blocked or self.tweener.busy

    def resume(self) -> None:
        """The scene that paused the show (scoring) is gone: carry on."""
        self.blocked = False

    def update(self, dt: float) -> None:
        self.tweener.update(dt)
        if self.blocked:
            return
        self.wait -= dt
        while self.wait <= 0 and self.beats and not self.blocked:
            self.wait += self.seconds(self.beats.popleft()())
        if self._heard is not None:
            self.sound(self._heard)
            self._heard = None
        if not self.beats and self.wait <= 0 and not self.blocked:
            self.wait = 0.0
            if not self.tweener.busy:
                self.boost = 1.0
        self.shown.playing = bool(self.beats) or self.wait > 0
        if not self.shown.playing:
            self.shown.acting = None

    def clear(self) -> None:
        """Drop whatever is still to be shown (the match shown was replaced)."""
        self.beats.clear()
        self.wait = 0.0
        self.blocked = False
        self.glowing = frozenset()
        self.banners.clear()
        self.sparks.clear()
        self.confetti.clear()

    def then(self, beat: Callable[[], object]) -> None:
        """Run ``beat`` once everything queued before it has been shown (it takes no time
        of its own)."""

        def run() -> float:
            beat()
            return 0.0

        self.beats.append(run)

    def sheet(self) -> None:
        """Show the scoring scene once everything queued has been shown: for a round whose
        end was not shown (a window cut off as it ended)."""
        self.beats.append(self._scored)

    def hurry(self) -> None:
        """The watcher clicked: play what is queued four times faster."""
        self.boost = 0.25

    # --- events -> beats -----------------------------------------------------------------

    def show(self, events: Sequence[Event]) -> None:
        # A match the next deal's table decides (Cirulla's Luzzati rules) is scored once,
        # after that table is shown with what it decided: not first on the round's sheet,
        # which the match's end would make its last, before anyone saw why.
        won_at_deal = any(isinstance(event, MatchWon) and event.at_deal for event in events)
        won = any(isinstance(event, MatchWon) for event in events)
        scored = False
        misdeals = 0  # in a row at this deal (Luzzati: the third ends the game)
        for i, event in enumerate(events):
            if isinstance(event, Dealt):
                misdeals = 0
                self._deal(event)
            elif isinstance(event, Played):
                follow = events[i + 1] if i + 1 < len(events) else None
                sweep = i + 2 < len(events) and isinstance(events[i + 2], Scopa)
                self._play(event, follow, called=not sweep)
            elif isinstance(event, Scopa):
                played = next((e.card for e in reversed(events[:i]) if isinstance(e, Played)), None)
                # the round's very last play scores one only by the house rule: said so
                last = any(isinstance(e, RoundScored) for e in events[i + 1 :])
                self._scopa(event, played, last=last)
            elif isinstance(event, LastCapture):
                self._last_capture(event)
            elif isinstance(event, RoundScored):
                scored = True
                self.beats.append(partial(self._round_scored, event, last=won))
            elif isinstance(event, MatchWon):
                told = event.at_deal and any(isinstance(e, DealWon) for e in events[:i])
                # the deal's banner said who wins: the table that won lies in sight
                self.beats.append(self._table_in_sight if told else partial(self._won, event))
                if event.at_deal:
                    self.beats.append(self._scored)
            elif isinstance(event, Redealt):
                misdeals += event.cause == "three_of_a_kind"
                self.beats.append(partial(self._redealt, event, misdeals))
            elif isinstance(event, DealerBonus):
                self.beats.append(partial(self._bonus_table, event))
                self.beats.append(partial(self._dealer_bonus, event))
            elif isinstance(event, Declared):
                self.beats.append(partial(self._declared, event))
            elif isinstance(event, Retracted):
                self.beats.append(partial(self._retracted, event))
            elif isinstance(event, Passed):
                self.beats.append(partial(self._passed, event))
            elif isinstance(event, DealWon):
                self.beats.append(partial(self._deal_won, event))
            ends = i + 1 == len(events) or isinstance(events[i + 1], (Dealt, Redealt))
            if scored and ends and not won_at_deal:
                self.beats.append(self._scored)
                scored = False
        self.shown.playing = self.shown.playing or bool(self.beats)

    def lay_out(self, events: Sequence[Event]) -> None:
        """Show ``events`` done, at once and in silence: a match laid out again (resumed, a
        play taken back) is no play heard."""
        speed, self.speed, self._silent = self.speed, "instant", True
        try:
            self.show(events)
            self.update(0.0)
        finally:
            self.speed, self._silent = speed, False

    def _sound(self, name: str, hold: float) -> float:
        if self._silent:
            return hold
        if self.factor > 0:
            self.sound(name)
        elif self._heard is None or LOUDEST_FIRST.index(name) < LOUDEST_FIRST.index(self._heard):
            self._heard = name
        return hold

    def _round_scored(self, event: RoundScored, *, last: bool = False) -> float:
        """The round's end; ``last``: the match's too, whose own sound follows alone."""
        self.shown.totals = tuple(event.totals)
        return 0.9 if last else self._sound("round_end", 0.9)

    def _scored(self) -> float:
        """Hold the show while the scoring scene is up (it may also resume at once)."""
        self.blocked = True
        self.confetti.clear()  # (hurried, the sheet came as the last scraps fell)
        self.wait = 0.0
        self.on_scored()
        return 0.0

    def _banner(self, text: str, kind: str, seconds: float) -> None:
        if self.factor <= 0:
            return
        for shown in list(self.banners):  # one at a time: the one still up gives way now
            self.banners.remove(shown)
        banner = Banner(text, kind)
        self.banners.append(banner)

        def gone() -> None:
            if banner in self.banners:
                self.banners.remove(banner)

        self.tweener.animate(
            banner, duration=self.seconds(0.4), easing="out_back", scale=1.0, alpha=255.0
        )
        self.tweener.animate(
            banner,
            duration=self.seconds(0.35),
            delay=self.seconds(seconds),
            fade=0.0,
            easing="linear",
            on_finished=gone,
        )

    def _burst(self, count: int = 28) -> None:
        """Gold flecks fly out from the middle of the table and fade."""
        if self.factor <= 0:
            return
        lay = self.view.layout
        cx, cy = lay.banner_centre
        reach = lay.table_rect.width * 0.42
        for k in range(count):
            angle = 2 * math.pi * k / count + (k % 3) * 0.21
            distance = reach * (0.55 + 0.45 * ((k * 7) % 5) / 4)
            spark = Spark(cx, cy, max(2.0, lay.unit * (4 + (k % 4) * 2)))
            self.sparks.append(spark)

            def gone(spark: Spark = spark) -> None:
                if spark in self.sparks:
                    self.sparks.remove(spark)

            self.tweener.animate(
                spark,
                duration=self.seconds(1.1),
                easing="out_cubic",
                x=cx + math.cos(angle) * distance,
                y=cy + math.sin(angle) * distance * 0.6,
            )
            self.tweener.animate(
                spark,
                duration=self.seconds(0.6),
                delay=self.seconds(0.55),
                easing="linear",
                alpha=0.0,
                on_finished=gone,
            )

    def _celebrate(self, side: int) -> None:
        """A match won here: scraps of paper are thrown up from under the banner, spread
        over the table and fall past its edge, turning. Not at 'instant', nor for a match
        laid out again."""
        if self.factor <= 0 or self._silent:
            return
        lay = self.view.layout
        cx, cy = lay.banner_centre
        width, height = lay.size
        rng = random.Random(side * 1009 + sum(self.shown.totals))  # its own: not the deal's
        for k in range(CONFETTI):
            confetto = Confetto(
                cx + rng.uniform(-0.08, 0.08) * width,
                cy,
                lay.unit * rng.uniform(14, 24),
                k % 5,
                tilt=rng.uniform(0, math.pi),
            )
            self.confetti.append(confetto)

            def gone(confetto: Confetto = confetto) -> None:
                if confetto in self.confetti:
                    self.confetti.remove(confetto)

            flight = self.seconds(rng.uniform(1.2, 1.7))  # gone before the sheet comes
            self.tweener.animate(
                confetto,
                duration=flight,
                easing="linear",
                x=confetto.x + rng.uniform(-0.55, 0.55) * width,
                spin=rng.uniform(6, 14) * (1 if k % 2 else -1),
                tilt=confetto.tilt + rng.uniform(-2.0, 2.0),
            )
            self.tweener.animate(
                confetto,
                duration=flight,
                easing=partial(_thrown, rng.uniform(*CONFETTI_RISE)),
                y=height * rng.uniform(1.05, 1.2),
            )
            self.tweener.animate(
                confetto,
                duration=flight * 0.25,
                delay=flight * 0.75,
                easing="linear",
                alpha=0.0,
                on_finished=gone,
            )

    # --- dealing -------------------------------------------------------------------------

    def _deal(self, event: Dealt) -> None:
        def numbers() -> float:
            if event.round_no != self.shown.round_no or event.table:
                self.shown.bonus = {}
                self.shown.matta = 0
                self.shown.opening_take = None
                self.view.shown.clear()
            self.shown.round_no, self.shown.deal_no = event.round_no, event.deal_no
            self.shown.dealer = event.dealer
            self.shown.acting = None  # a deal: no one's turn yet (not the last to play)
            return 0.0

        if event.deal_no > 1:  # a hand's last play: seen before the next hands come
            self.beats.append(lambda: LOOK_BEFORE_DEAL)
        self.beats.append(numbers)
        if event.table:
            self.beats.append(self._gather)
        self.beats.append(lambda: self._deal_hands(event))
        if event.table:
            self.beats.append(lambda: self._deal_table(event.table))

    def _gather(self) -> float:
        """Every card back to the stock, then a riffle shuffle."""
        moved = self._to_stock()
        self.beats.appendleft(self._riffle)
        return 0.5 if moved else 0.0

    def _to_stock(self) -> bool:
        """Every card on its way back to the stock; whether any had to move."""
        view = self.view
        moved = False
        for card in list(view.places):
            if view.places[card][0] != "stock":
                view.put(card, ("stock",))
                view.raise_(card)
                view.settle(self.tweener, card, self.seconds(0.45), easing="in_out_cubic")
                moved = True
        view.slots = []
        view.markers = [[] for _ in range(view.sides)]
        return moved

    def _riffle(self) -> float:
        """Two halves of the deck split apart and fall back together, card by card."""
        if self.factor <= 0:
            return 0.0
        view = self.view
        cards = [c for c, place in view.places.items() if place == ("stock",)][-12:]
        split = view.layout.table_w * 0.62
        for i, card in enumerate(cards):
            sprite = view.sprites[card]
            side = -1 if i % 2 else 1
            home = view.target(card)

            def back(card: Card = card, delay: int = i) -> None:
                view.raise_(card)
                view.settle(
                    self.tweener, card, self.seconds(0.22), delay=self.seconds(0.03 * delay)
                )

            self.tweener.animate(
                sprite,
                duration=self.seconds(0.28),
                easing="out_cubic",
                x=home["x"] + side * split,
                y=home["y"] - view.layout.table_h * 0.08,
                angle=side * 8.0,
                on_finished=back,
            )
        self._sound("shuffle", 0.0)
        return 0.28 + 0.03 * len(cards) + 0.3

    def _deal_hands(self, event: Dealt) -> float:
        if self.disguise is not None:
            event = self.disguise.dealt(event)
        view = self.view
        order = self.view.layout.rules.deal_order(event.dealer)
        for seat in order:
            for card in event.hands[seat]:
                view.put(card, ("hand", seat))
        step = 0.07
        delay = 0.0
        for seat in order:
            for card in view.hands[seat]:
                view.raise_(card)
                view.settle(self.tweener, card, self.seconds(0.4), delay=self.seconds(delay))
                delay += step
        self._sound("deal", 0.0)
        return delay + 0.3

    def _deal_table(self, table: Sequence[Card]) -> float:
        view = self.view
        delay = 0.0
        for card in table:
            view.put(card, ("table", view.free_slot()))
        for card in table:
            view.raise_(card)
            view.settle(self.tweener, card, self.seconds(0.45), delay=self.seconds(delay))
            delay += 0.1
        return delay + 0.4

    # --- playing -------------------------------------------------------------------------

    def _play(self, event: Played, follow: Event | None, *, called: bool = True) -> None:
        """``called``: a capture of the settebello is said (not when a scopa's banner, which
        says more, comes next)."""
        if isinstance(follow, Captured):
            self.beats.append(lambda: self._to_target(event, follow))
            if called and SETTEBELLO in (follow.card, *follow.cards):
                self.beats.append(lambda: self._settebello(follow))
            self.beats.append(lambda: self._take(follow))
        elif isinstance(follow, Laid):
            self.beats.append(lambda: self._lay(event))

    def _lay(self, event: Played) -> float:
        self.shown.acting = event.seat
        if self.disguise is not None:
            self.disguise.played(event.seat, event.card)
        view = self.view
        view.put(event.card, ("table", view.free_slot()))
        view.raise_(event.card)
        view.settle(self.tweener, event.card, self.seconds(0.4), easing="out_cubic")
        view.settle_table(self.tweener, self.seconds(0.35))
        view.settle_hand(self.tweener, event.seat, self.seconds(0.3))
        return self._sound("play", 0.55)

    def _to_target(self, event: Played, captured: Captured) -> float:
        """The played card lands across the first card it takes; the taken cards glow."""
        self.shown.acting = event.seat
        if self.disguise is not None:
            self.disguise.played(event.seat, event.card)
        view = self.view
        card = event.card
        view.remove(card)
        view.places[card] = ("moving", captured.cards[0])  # across the first card it takes
        view.raise_(card)
        view.settle(self.tweener, card, self.seconds(0.4), easing="out_cubic")
        view.settle_hand(self.tweener, event.seat, self.seconds(0.3))
        self.glowing = frozenset(captured.cards)
        # another seat's capture stays in sight a moment longer: what it took is read
        # before it goes (one's own, one knows)
        hold = 0.75 if event.seat in view.visible_seats else OTHERS_CAPTURE
        return self._sound("play", hold)

    def _settebello(self, event: Captured) -> float:
        """The settebello taken is said as the cards go to the pile (the capture seen
        first): the one card of the deck worth a point by itself, watched for by all."""
        self._banner(self.about_seat("table.settebello_to", event.seat), "info", 0.9)
        return 0.0

    def _take(self, event: Captured) -> float:
        view = self.view
        self.glowing = frozenset()
        for card in (*event.cards, event.card):  # the card played over those it takes, as
            view.raise_(card)  # it lay (raised first, it slid under them on the way)
        delay = 0.0
        for card in (event.card, *event.cards):
            view.put(card, ("pile", event.side))
            view.settle(
                self.tweener,
                card,
                self.seconds(0.5),
                delay=self.seconds(delay),
                easing="in_out_cubic",
            )
            delay += 0.05
        view.compact_table()
        view.settle_table(self.tweener, self.seconds(0.45))
        return self._sound("capture", 0.45 + delay)

    def _scopa(self, event: Scopa, played: Card | None, *, last: bool = False) -> None:
        def beat() -> float:
            view = self.view
            if played is not None:
                view.put(played, ("marker", event.side))
                view.raise_(played)
                view.settle(self.tweener, played, self.seconds(0.5), easing="out_back")
                for card in view.markers[event.side]:  # the others close up to make room
                    if card != played:
                        view.settle(self.tweener, card, self.seconds(0.3))
            # whose: the plate lit and a card flying to a pile left the others guessing
            key = "table.scopa_last_card" if last else "table.scopa_by"
            self._banner(self.about_seat(key, event.seat), "scopa", 1.3)
            self._burst()
            return self._sound("scopa", 1.5)

        self.beats.append(beat)

    def _last_capture(self, event: LastCapture) -> None:
        def beat() -> float:
            view = self.view
            self._banner(self.about("table.last_cards", event.side), "info", 1.1)
            delay = 0.3
            for card in event.cards:
                view.put(card, ("pile", event.side))
                view.raise_(card)
                view.settle(self.tweener, card, self.seconds(0.55), delay=self.seconds(delay))
                delay += 0.08
            return self._sound("capture", delay + 0.8)

        self.beats.append(beat)

    # --- Cirulla's bonuses ----------------------------------------------------------------

    def _add_bonus(self, side: int, points: int) -> None:
        bonus = dict(self.shown.bonus)
        bonus[side] = bonus.get(side, 0) + points
        self.shown.bonus = bonus

    def _bonus_table(self, event: DealerBonus) -> float:
        """The opening table that made the dealer's bonus lies lit a moment, once dealt, in
        sight before the banner (over the table) says what it made and it goes."""
        self.glowing = frozenset(event.cards)
        return 0.9

    def _dealer_bonus(self, event: DealerBonus) -> float:
        """The opening table made the dealer's bonus: its cards go to the dealer's pile."""
        self.glowing = frozenset()
        view = self.view
        self._add_bonus(event.side, event.points)
        self.shown.opening_take = (event.dealer, event.cards)
        if event.named:
            self.shown.matta = event.named
        delay = 0.3
        for card in event.cards:
            view.put(card, ("pile", event.side))
            view.raise_(card)
            view.settle(self.tweener, card, self.seconds(0.55), delay=self.seconds(delay))
            delay += 0.08
        view.compact_table()
        view.settle_table(self.tweener, self.seconds(0.45))
        # what the table made (15, 30, or little) and that it counts as scopas, as it goes
        total = opening_sum(event.cards, self.matta, event.named)
        sweeps = count(self.text, "table.scope", event.points)
        made = opening_made(self.text, total, event.named)
        words = self.about("table.dealer_bonus", event.side, total=made, sweeps=sweeps)
        self._banner(words, "info", 2.2)
        return self._sound("scopa", delay + 1.2)

    def _declared(self, event: Declared) -> float:
        """A hand knocked: its cards turn face up for everyone, its points are counted."""
        view = self.view
        self._add_bonus(event.side, event.points)
        if event.named:
            self.shown.matta = event.named
        if self.disguise is not None:
            self.disguise.shown(event.seat, event.cards)
        view.shown.update(event.cards)
        view.settle_hand(self.tweener, event.seat, self.seconds(0.45))
        kind = self.text(f"table.knock_kind.{event.kind}")  # buona or decino, by its name
        words = self.about_seat("table.knocked", event.seat, kind=kind, n=event.points)
        self._banner(words, "info", 1.3)
        return self._sound("scopa", 1.4)

    def _retracted(self, event: Retracted) -> float:
        self._add_bonus(event.side, -event.points)
        if self.matta is not None and self.view.places.get(self.matta) == ("hand", event.seat):
            self.shown.matta = 0  # its own matta is a plain card again (another's keeps its value)
        self._banner(self.about_seat("table.retracted", event.seat), "info", 1.0)
        return 1.1

    def _passed(self, event: Passed) -> float:
        """A hand shown nothing at the deal: said, briefly (a computer passing silently
        looked like the wrong seat playing first)."""
        self._banner(self.about_seat("table.passed", event.seat), "info", 0.9)
        return 0.5

    def _deal_won(self, event: DealWon) -> float:
        self._banner(self.about(f"table.deal_won.{event.cause}", event.side), "scopa", 1.6)
        return self._match_end(event.side)

    def _table_in_sight(self) -> float:
        """A moment to look at the table that won the match at the deal, before its sheet."""
        return 1.4

    def _won(self, event: MatchWon) -> float:
        self._banner(self.about("table.wins", event.side), "scopa", 1.6)
        return self._match_end(event.side)

    def _match_end(self, side: int) -> float:
        """The match's end as heard and seen here: cheered, with paper thrown up, when
        someone here won it (or nobody here plays), else the sound of a match lost."""
        if self.cheers(side):
            self._celebrate(side)
            return self._sound("win", 1.8)
        return self._sound("lose", 1.8)

    def _redealt(self, event: Redealt, misdeals: int = 0) -> float:
        """A redeal: every card back to the stock, the table that forced it laid face up
        (the aces, the kings, the three of a kind: what the banner speaks of), then said
        with its cause; the deal that follows gathers it again."""
        moved = self._to_stock()
        self.beats.appendleft(lambda: self._say_redeal(event, misdeals))  # once it lies
        self.beats.appendleft(lambda: self._deal_table(event.table))
        return 0.5 if moved else 0.0

    def _say_redeal(self, event: Redealt, misdeals: int) -> float:
        """The redeal's banner, with its cause: kings, an ace (assi), aces (Cirulla) or,
        under the Luzzati rules, three of a kind, the ``misdeals``-th misdeal in a row."""
        if event.cause == "kings" and sum(card.rank == 10 for card in event.table) == 4:
            words = self.text("table.redeal_kings_4")
        elif event.cause == "kings":
            words = self.text("table.redeal_kings")
        elif event.cause == "aces":
            aces = min(4, max(2, sum(card.rank == 1 for card in event.table)))
            words = self.text(f"table.redeal_aces_{aces}")
        elif event.cause == "three_of_a_kind":
            words = self.text("table.redeal_three_of_a_kind", n=max(1, misdeals))
        else:  # the scopa d'assi's: an ace, or several ("An ace" of two read as one)
            aces = min(4, sum(card.rank == 1 for card in event.table))
            words = self.text("table.redeal_ace" if aces < 2 else f"table.redeal_aces_{aces}")
        self._banner(words, "info", 1.6)
        return 2.0  # the banner gone (1.6 s, then its fade) before the table is gathered
