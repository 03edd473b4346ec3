"""Input becomes intent, intent becomes a legal move.

The pointer and the keys pick a card and a target ("card X dropped on zone Y"); the
engine's legal moves decide what that means: play it, ask which set to take, or send the
card back with the reason. ``TableInput`` is given what it needs (the view it reads cards
from, the drag controller, the tweens for pointer feedback, the legal moves, the seat whose
input is awaited and what to do with a move or a refusal) and keeps its own state in a
``Pick``; it knows nothing of scenes, menus or turns.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from scopa.engine import Card, Move

from ..tween import Tweener
from .choice import WAIT_ANGLE, ChoicePopup
from .drag import Click, DragController, Drop
from .sprites import TableView

MAX_TILT = 12.0
"""Degrees a dragged card leans into its movement, like a card held by one corner."""
DOUBLE_CLICK = 0.45
"""Seconds between two clicks on one card that play it (when it can be played one way)."""


PLAY_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_UP)
"""The keys that play the card chosen (or, with none chosen, choose one). Not Space, the
key that hurries the computers: tapped to hurry them, it went on once the turn came, one
tap choosing a card and the next playing it."""
HAND_KEYS = (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_DOWN, *PLAY_KEYS)
"""The keys that choose a card of the hand, play it, or lower it again."""
CARD_KEYS = {
    **{pygame.K_1 + number: number for number in range(9)},
    **{pygame.K_KP1 + number: number for number in range(9)},
}
"""The digit keys, each naming a card of the hand by its place from the left (1: the first)."""
NOT_PLAYING_KEYS = frozenset(
    {
        pygame.K_ESCAPE,
        pygame.K_F11,
        pygame.K_m,
        pygame.K_LSHIFT,
        pygame.K_RSHIFT,
        pygame.K_LCTRL,
        pygame.K_RCTRL,
        pygame.K_LALT,
        pygame.K_RALT,
        pygame.K_LGUI,
        pygame.K_RGUI,
    }
)
"""Keys that say nothing of how the player plays (the pause, full screen, a modifier)."""


@dataclass
class Pick:
    """What the pointer and the keys have picked on the table."""

    selected: Card | None = None
    hovered: Card | None = None
    choice: ChoicePopup | None = None
    preview: frozenset[Card] = frozenset()
    """The table cards the picked card would take (they glow)."""
    landing: bool = False
    """The dragged card would be laid: its place on the table is outlined."""
    pointer: tuple[int, int] | None = None
    hinted: Move | None = None
    """The move a hint points at, while its card stays the one picked: the keys play it."""
    clicked: bool = False
    """The card ``selected`` was clicked (not chosen with the keys): a click on the table,
    or a second click on it, plays it."""
    lowered: Card | None = None
    """The card Down lowered: Up raises it again, the arrows go on from it."""

    def clear(self) -> None:
        self.selected = None
        self.lowered = None
        self.clicked = False
        self.choice = None
        self.preview = frozenset()
        self.landing = False
        self.hinted = None


class TableInput:
    def __init__(
        self,
        pick: Pick,
        view: TableView,
        drag: DragController,
        ui: Tweener,
        *,
        moves: Callable[[], Sequence[Move]],
        seat: Callable[[], int | None],
        sweeps: Callable[[Move], bool] = lambda move: False,
        play: Callable[[Move], None],
        refuse: Callable[[Card, Card | None], None],
        now: Callable[[], float],
        must_take: Callable[[Card], None] = lambda card: None,
        missed: Callable[[Card], None] = lambda card: None,
        takes_nothing: Callable[[Card, Card], None] = lambda card, target: None,
        held: Callable[[Card], bool] = lambda card: False,
        leaves_w: Callable[[int], float] = lambda px: 0.0,
        fresh: Callable[[], bool] = lambda: False,
    ) -> None:
        self.pick = pick
        self.view = view
        self.drag = drag
        self.ui = ui
        self.moves = moves
        self.sweeps = sweeps
        """Whether a move scores a scopa (the capture choice marks the sets that do)."""
        self.seat = seat
        self.play = play
        self.refuse = refuse
        self.now = now
        self.must_take = must_take
        """Told when a card dropped on the open cloth, as if to lay it, must take instead."""
        self.missed = missed
        """Told when a card dropped off the table, away from the hand, goes back to it."""
        self.takes_nothing = takes_nothing
        """Told when a card dropped on a table card, as if to take it, takes nothing and is
        laid (a beginner took the drop for a capture)."""
        self.held = held
        """Asked before a legal card is played: True holds it back this once (Cirulla's
        reminder of a knock left unclaimed). A card dropped goes back to the hand; one
        chosen on the keys stays raised, for the same key to play it."""
        self.fresh = fresh
        """Whether the hand was dealt a moment ago: a click on a card of it does nothing
        yet (a drag is taken)."""
        self.leaves_w = leaves_w
        """The width of the capture choice's words heading what each set leaves, at a
        size in pixels (``ChoicePopup``)."""
        self._last_click: tuple[Card, float] | None = None
        self._hurried: tuple[Card, float] | None = None
        """The card a click that last hurried the cards still moving was on, and when
        (``waited``), when it may be the first of a double click."""
        self._run_at = -DOUBLE_CLICK
        """When the last click of the current run of clicks was made (each click of a run
        comes within ``DOUBLE_CLICK`` of the one before)."""
        self._run_waits = 0
        """How many clicks of the current run were made while the turn was another seat's:
        past one, the run is hurrying, and makes no double click until it ends."""
        self._press_opened = False
        """The capture choice was opened by the button's press (a card clicked, then the
        table): the release that ends that same click is not a click off the choice."""
        self._choice_press: tuple[int | None, bool] | None = None
        """Where the last press on an open capture choice went: the set under it, and
        whether it was inside the choice (``_handle_choice``)."""
        self.keyboard = False
        """The player is on the keys, not the pointer (the line under the table, and the
        tutorial's lessons, then tell the keys' way to play): see ``notice``."""

    # --- events --------------------------------------------------------------------------

    def notice(self, event: pygame.event.Event) -> None:
        """Whether the player is on the keys or the pointer, from any event at the table
        (whoever's turn, over the cover too): a key of play (Enter, H for a hint, Tab...)
        says the keys though no arrow chose a card yet; a click anywhere brings the
        pointer back."""
        if event.type == pygame.KEYDOWN and event.key not in NOT_PLAYING_KEYS:
            self.keyboard = True
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.keyboard = False

    def handle(self, event: pygame.event.Event) -> bool:
        """A pointer or key event while a human may play; True (every such event is ours)."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._press_opened = False
        if self.pick.choice is not None:
            return self._handle_choice(event)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._press(event.pos)
        elif event.type == pygame.MOUSEMOTION:
            self._motion(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self._release(event.pos)
        elif event.type == pygame.KEYDOWN and not self.drag.active:
            # a card held under the pointer is the card being played: the keys that choose
            # and play cards wait for it (a digit played another card, Space the held one
            # wherever the pointer was)
            self._key(event.key)
        return True

    def escape(self) -> bool:
        """Esc: close the capture choice, or let go of a card dragged (it goes back, and
        what it could take stops glowing); False if neither was open, and Esc pauses (a
        card chosen stays chosen: Esc that only lowered it left a player who meant to
        pause pressing the menu's keys on the table, and the second Enter played a card)."""
        choice = self.pick.choice
        if choice is not None:  # the card goes back still chosen: the keys go on from it
            self.cancel_choice()
            self.select(choice.card)
            return True
        if self.drag.active and self.focus_lost():
            return True
        self.drag.cancel()
        return False

    def focus_lost(self) -> bool:
        """The window lost the pointer (or changed size) mid-drag: the card goes back, and
        the cards it could take stop glowing (the button may be released where we never
        hear of it)."""
        card = self.drag.card
        if card is None:
            return False
        self.drag.cancel()
        self.send_back(card)
        return True

    def _hand(self) -> list[Card]:
        seat = self.seat()
        return [] if seat is None else list(self.view.hands[seat])

    def _press(self, pos: tuple[int, int]) -> None:
        self.focus_lost()  # a card still dragged: its release was never heard, it goes home
        seat = self.seat()
        if seat is None:
            return
        card = self.view.hand_card_at(seat, pos)
        if card is not None:
            sprite = self.view.sprites[card]
            self.drag.press(card, pos, (sprite.x, sprite.y - sprite.lift))
            return
        hurrying = self._run_waits > 1 and self.now() - self._run_at <= DOUBLE_CLICK
        if (
            self.pick.selected is not None
            and self.pick.clicked
            and self._over_table(pos)
            and not hurrying  # a click of a run that hurried the computers: no play
        ):
            # a card clicked goes where the table is clicked; one chosen on the keys (or
            # raised by a hint) is not played by a click that only woke the window
            self._resolve(self.pick.selected, pos)
            self._press_opened = self.pick.choice is not None

    def _motion(self, pos: tuple[int, int]) -> None:
        pick = self.pick
        if self.drag.active:
            if self.drag.motion(pos):
                card = self.drag.card
                assert card is not None
                sprite = self.view.sprites[card]
                self.ui.animate(sprite, duration=0.0, lift=0.0)
                x, y = self.drag.centre()
                swing = (x - sprite.x) / max(1.0, self.view.layout.hand_w) * -40.0
                sprite.angle = max(-MAX_TILT, min(MAX_TILT, sprite.angle * 0.6 + swing))
                self.ui.animate(sprite, duration=0.3, easing="out_cubic", angle=0.0)
                sprite.x, sprite.y = x, y
                self.view.raise_(card)
                pick.preview = self._outcome(card, pos)
                pick.landing = not pick.preview and self._over_table(pos)
            return
        seat = self.seat()
        hovered = self.view.hand_card_at(seat, pos) if seat is not None else None
        if hovered != pick.hovered:
            pick.hovered = hovered
            self.lift_hand()
        if pick.selected is not None:
            pick.preview = self._outcome(pick.selected, pos)

    def _release(self, pos: tuple[int, int]) -> None:
        self.pick.landing = False
        intent = self.drag.release(pos)
        if isinstance(intent, Click):
            if self.fresh():  # a click of a burst made as the hand was dealt: not a choice
                self._last_click = None
                return
            if self._double_click(intent.card):
                return
            if self._run_waits > 1:  # one of a run of clicks that hurried: it chooses no
                return  # card either (a click on the table then played it, never chosen)
            if intent.card != self.pick.selected:
                self.select(intent.card)
            elif self.pick.clicked:
                self.select(None)  # a second click on the card chosen lowers it
            # a card raised by a hint (or the keys) and clicked is chosen by the click: it
            # stays up, to be played where the table is clicked (lowered, a lesson that
            # raises its card raised it again, and no click ever played it)
            self.pick.clicked = self.pick.selected is not None
        elif isinstance(intent, Drop):
            self.pick.preview = frozenset()
            self._last_click = None
            self._resolve(intent.card, pos)

    def waited(self, pos: tuple[int, int], seen: Card | None, *, hurrying: bool) -> None:
        """A click at ``pos`` while the turn is another seat's, on ``seen``, the card of the
        hand resting there (None: no card, or one still being dealt); ``hurrying``: it
        hurried the cards still moving (a deal, a computer's card), and may be the first of
        a double click on ``seen``, the second coming once they have landed. One of a run of
        clicks is not: they hurry, or wait, as Space tapped does (the first click after the
        run played the card under the pointer, never chosen); nor is a click on no card
        seen (a click as the new hand flew in, the second landing on a card of it, played
        a card never seen)."""
        now = self.now()
        self._clicked(now, waiting=True)
        alone = self._run_waits == 1
        self._hurried = (seen, now) if hurrying and alone and seen is not None else None

    def _clicked(self, now: float, *, waiting: bool) -> None:
        """A click at ``now``: the run of clicks it belongs to, and whether it waited."""
        if now - self._run_at > DOUBLE_CLICK:
            self._run_waits = 0  # a new run
        self._run_at = now
        if waiting:
            self._run_waits += 1

    def _double_click(self, card: Card) -> bool:
        """A second click on the same card soon after the first plays it, when it can be
        played only one way (the first may have hurried the cards as they landed)."""
        now = self.now()
        self._clicked(now, waiting=False)
        last, self._last_click = self._last_click, (card, now)
        hurried, self._hurried = self._hurried, None
        if self._run_waits > 1:  # clicked on from the computer's turn into the player's:
            return False  # the clicks that hurried it, not a double click
        if last is None and hurried is not None and hurried[0] == card:
            last = hurried
        if last is None or last[0] != card or now - last[1] > DOUBLE_CLICK:
            return False
        self._last_click = None
        moves = [move for move in self.moves() if move.card == card]
        if len(moves) > 1:  # several ways: it stays chosen (the second click lowered it,
            self.select(card)  # and the line saying how to play it went with it)
            self.pick.clicked = True
            return True
        if len(moves) != 1:
            return False
        if self.held(card):
            self.send_back(card)
        else:
            self.play(moves[0])
        return True

    def choose_place(self, number: int) -> None:
        """Raise the card at place ``number`` of the hand (0: the first), as its digit does,
        without playing it even if it is raised already."""
        hand = self._hand()
        if number < len(hand):
            self.keyboard = True
            self.select(hand[number])

    def _key(self, key: int) -> None:
        hand = self._hand()
        if not hand:
            return
        selected = self.pick.selected
        if key in HAND_KEYS:
            self.keyboard = True
        number = CARD_KEYS.get(key)
        if number is not None:  # a card by its place in the hand: a second press plays it
            if number < len(hand):
                self.keyboard = True
                card = hand[number]
                if card == selected:
                    self._resolve(card, None)
                else:
                    self.select(card)
        elif key in (pygame.K_LEFT, pygame.K_RIGHT):
            step = 1 if key == pygame.K_RIGHT else -1
            lowered, hovered = self.pick.lowered, self.pick.hovered
            # from the card chosen, else the one lowered, else the one the pointer rests on
            # and raises a little (from the ends, Left chose the card on the right of it:
            # at one screen, a card dealt under "Show my cards" was played by mistake)
            start = next((card for card in (selected, lowered, hovered) if card in hand), None)
            if start is not None:
                index = (hand.index(start) + step) % len(hand)
            else:
                index = 0 if step > 0 else len(hand) - 1
            self.select(hand[index])
        elif key == pygame.K_DOWN:  # Up plays the card raised; Down lowers it again
            if selected in hand:
                self.pick.lowered = selected
            self.select(None)
        elif key in PLAY_KEYS:
            if selected in hand:
                self._resolve(selected, None)
            else:  # nothing chosen yet: the card lowered, raised again, else the one the
                # pointer rests on, else the first, to be played with the same key
                lowered, hovered = self.pick.lowered, self.pick.hovered
                self.select(lowered if lowered in hand else hovered if hovered in hand else hand[0])

    def _handle_choice(self, event: pygame.event.Event) -> bool:
        pick = self.pick
        choice = pick.choice
        assert choice is not None
        if event.type == pygame.MOUSEMOTION:
            index = choice.option_at(event.pos)
            if index is not None:
                choice.selected = index
            pick.preview = frozenset(choice.chosen.captures)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._choice_press = (choice.option_at(event.pos), choice.rect.collidepoint(event.pos))
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            # a click is a press and a release on the same place: a press outside let go
            # over a set chose it, one on a set let go outside took the card back
            index = choice.option_at(event.pos)
            pressed, self._choice_press = self._choice_press, None
            if self._press_opened:  # the click that opened it ends
                self._press_opened = False
            elif index is not None and (pressed is None or pressed[0] == index):
                self.play(choice.options[index])
            elif not choice.rect.collidepoint(event.pos) and (pressed is None or not pressed[1]):
                self.cancel_choice()
        elif event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_UP, pygame.K_LEFT, pygame.K_DOWN, pygame.K_RIGHT):
                choice.move_selection(
                    -1 if event.key in (pygame.K_UP, pygame.K_LEFT) else 1,
                    down=event.key in (pygame.K_UP, pygame.K_DOWN),
                )
                pick.preview = frozenset(choice.chosen.captures)
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.play(choice.chosen)
        return True

    # --- picking -------------------------------------------------------------------------

    def select(self, card: Card | None) -> None:
        self.pick.hinted = None
        self.pick.clicked = False
        self.pick.selected = card
        self.pick.preview = self._outcome(card, None) if card is not None else frozenset()
        self.lift_hand()

    def lift_hand(self) -> None:
        """Raise the selected card, and the hovered one a little."""
        seat = self.seat()
        if seat is None:
            return
        lay = self.view.layout
        for card in self.view.hands[seat]:
            if card == self.drag.card and self.drag.dragging:
                continue
            lift = lay.lift if card == self.pick.selected else 0.0
            if card == self.pick.hovered and card != self.pick.selected:
                lift = lay.lift * 0.35
            sprite = self.view.sprites[card]
            heading = self.ui.heading(sprite, "lift")  # a card on its way up goes back down
            if (sprite.lift if heading is None else heading) != lift:
                self.ui.animate(sprite, duration=0.12, lift=lift)

    def refresh_hover(self) -> None:
        """The pointer may have come to rest on a card while cards were still moving (or
        gone from the window: nothing is under it)."""
        seat = self.seat()
        pointer = self.pick.pointer
        if seat is None or self.drag.active or self.pick.choice is not None:
            return
        hovered = None if pointer is None else self.view.hand_card_at(seat, pointer)
        if hovered != self.pick.hovered:
            self.pick.hovered = hovered
            self.lift_hand()

    def relayout(self) -> None:
        """The window changed size: an open choice is laid out again, and the card played
        waits beside it again; else the card chosen is raised again (laid out afresh, every
        card lay flat, the one still chosen too)."""
        choice = self.pick.choice
        if choice is not None:
            choice = ChoicePopup(
                choice.card, choice.options, self.view.layout, choice.sweeps, choice.table,
                self.leaves_w,
            )  # fmt: skip
            choice.selected = self.pick.choice.selected
            self.pick.choice = choice
            self._wait_beside(choice, 0.0)
        else:
            self.lift_hand()

    # --- from intent to move -------------------------------------------------------------

    def _over_table(self, pos: tuple[float, float]) -> bool:
        lay = self.view.layout
        zone = lay.table_rect.inflate(lay.table_w, lay.table_w * 0.6)
        return zone.collidepoint(pos) or self.view.table_card_at(pos) is not None

    def _near_table_cards(self, pos: tuple[float, float]) -> bool:
        """Whether ``pos`` is among the table's cards (on one, or within half a card's
        width of one: in a gap between them), where a card is dropped to take, not laid."""
        reach = self.view.layout.table_w / 2
        return any(
            self.view.sprites[card].rect().inflate(reach * 2, reach * 2).collidepoint(pos)
            for card in self.view.slots
            if card is not None
        )

    def _candidates(self, card: Card, target: Card | None) -> list[Move]:
        moves = [move for move in self.moves() if move.card == card]
        if target is not None and any(move.captures for move in moves):
            return [move for move in moves if target in move.captures]
        return moves

    def _outcome(self, card: Card, pos: tuple[float, float] | None) -> frozenset[Card]:
        """The table cards the card would take if dropped at ``pos`` (all options if open)."""
        target = self.view.table_card_at(pos) if pos is not None else None
        moves = self._candidates(card, target) or self._candidates(card, None)
        return frozenset(c for move in moves for c in move.captures)

    def _resolve(self, card: Card, pos: tuple[float, float] | None) -> None:
        """A card was dropped (or chosen with the keyboard): play it, ask, or send it back."""
        if pos is not None and not self._over_table(pos):
            if pos[1] < self.view.layout.raised_top:  # not let go back over the hand
                self.missed(card)
            self.send_back(card)
            return
        target = self.view.table_card_at(pos) if pos is not None else None
        moves = self._candidates(card, target)
        if not moves:
            self.refuse(card, target)
            self.send_back(card)
            return
        if self.held(card):
            if pos is not None:
                self.send_back(card)
            return
        if (
            pos is not None
            and len(moves) == 1
            and moves[0].captures
            and not self._near_table_cards(pos)
        ):
            self.must_take(card)  # laid on the open cloth, yet it took at once: say why
        if target is not None and not any(move.captures for move in moves):
            self.takes_nothing(card, target)  # dropped on a card it cannot take: laid
        hinted = self.pick.hinted
        if pos is None and hinted is not None and hinted in moves:
            moves = [hinted]  # the keys play what the hint shows, as it glows
        if len(moves) == 1:
            self.play(moves[0])
            return
        lay = self.view.layout
        sweeps = frozenset(move for move in moves if self.sweeps(move))
        table = tuple(slot for slot in self.view.slots if slot is not None)
        choice = ChoicePopup(card, moves, lay, sweeps, table, self.leaves_w)
        shown = self.pick.preview  # the cards glowing (a hint's) are the ones chosen first
        for index, move in enumerate(choice.options):
            if shown and frozenset(move.captures) == shown:
                choice.selected = index
        self.pick.choice = choice
        self.pick.preview = frozenset(choice.chosen.captures)
        self.pick.selected = card
        self._wait_beside(choice, 0.3)

    def _wait_beside(self, choice: ChoicePopup, duration: float) -> None:
        """The card played goes to wait beside its choice (at once for no ``duration``)."""
        sprite = self.view.sprites[choice.card]
        x, y = choice.waiting_spot(sprite.w)
        self.ui.animate(
            sprite, duration=duration, easing="out_back", x=x, y=y, lift=0.0, angle=WAIT_ANGLE
        )

    def send_back(self, card: Card) -> None:
        self.pick.preview = frozenset()
        self.pick.selected = None
        self.lift_hand()  # a card chosen before, on the keys, comes down: none is chosen now
        self.view.settle(self.ui, card, 0.3, easing="out_back")

    def cancel_choice(self) -> None:
        choice = self.pick.choice
        if choice is not None:
            self.pick.choice = None
            self.send_back(choice.card)
