"""Input becomes intent, intent becomes a legal move.

Mixed into ``TableScene``: the pointer and the keys pick a card and a target ("card X
dropped on zone Y"); the engine's legal moves decide what that means: play it, ask which
set to take, or send the card back with the reason.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from scopa.engine import Card, Match, Move

from ..wording import capital, card_name
from .choice import ChoicePopup
from .drag import Click, Drop

if TYPE_CHECKING:
    from ..app import App
    from ..cardart import CardArt
    from ..tween import Tweener
    from .aids import AidsLayer
    from .director import Director
    from .drag import DragController
    from .layout import TableLayout
    from .sprites import TableView

MAX_TILT = 12.0
"""Degrees a dragged card leans into its movement, like a card held by one corner."""
MESSAGE_SECONDS = 2.8


class TableInput:
    """The table scene's input handling (see the module docstring)."""

    if TYPE_CHECKING:
        app: App
        art: CardArt
        match: Match
        view: TableView
        layout: TableLayout
        director: Director
        drag: DragController
        ui: Tweener
        aids: AidsLayer
        mode: str
        cover: int | None
        selected: Card | None
        hovered: Card | None
        choice: ChoicePopup | None
        preview: frozenset[Card]
        landing: bool
        pointer: tuple[int, int] | None
        fast_forward: bool
        message: str
        message_left: float

        @property
        def human_to_play(self) -> int | None: ...

        def play(self, move: Move) -> None: ...

        def reveal(self) -> None: ...

    # --- input ---------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self.pointer = event.pos
        if event.type == pygame.WINDOWFOCUSLOST and self.drag.card is not None:
            card = self.drag.card  # the button may be released where we never hear of it
            self.drag.cancel()
            self._send_back(card)
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            return self._escape()
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
        if self.choice is not None:
            return self._handle_choice(event)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._press(event.pos)
        elif event.type == pygame.MOUSEMOTION:
            self._motion(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self._release(event.pos)
        elif event.type == pygame.KEYDOWN:
            self._key(event.key)
        return True

    def _escape(self) -> bool:
        if self.choice is not None:
            self._cancel_choice()
            return True
        if self.selected is not None:
            self._select(None)
            return True
        self.drag.cancel()
        self.app.open("pause")
        return True

    def _hand(self) -> list[Card]:
        seat = self.human_to_play
        return [] if seat is None else list(self.view.hands[seat])

    def _press(self, pos: tuple[int, int]) -> None:
        seat = self.human_to_play
        if seat is None:
            return
        card = self.view.hand_card_at(seat, pos)
        if card is not None:
            sprite = self.view.sprites[card]
            self.drag.press(card, pos, (sprite.x, sprite.y - sprite.lift))
            return
        if self.selected is not None and self._over_table(pos):
            self._resolve(self.selected, pos)

    def _motion(self, pos: tuple[int, int]) -> None:
        if self.drag.active:
            if self.drag.motion(pos):
                card = self.drag.card
                assert card is not None
                sprite = self.view.sprites[card]
                self.ui.animate(sprite, duration=0.0, lift=0.0)
                x, y = self.drag.centre()
                swing = (x - sprite.x) / max(1.0, self.layout.hand_w) * -40.0
                sprite.angle = max(-MAX_TILT, min(MAX_TILT, sprite.angle * 0.6 + swing))
                self.ui.animate(sprite, duration=0.3, easing="out_cubic", angle=0.0)
                sprite.x, sprite.y = x, y
                self.view.raise_(card)
                self.preview = self._outcome(card, pos)
                self.landing = not self.preview and self._over_table(pos)
            return
        seat = self.human_to_play
        hovered = self.view.hand_card_at(seat, pos) if seat is not None else None
        if hovered != self.hovered:
            self.hovered = hovered
            self._lift_hand()
        if self.selected is not None:
            self.preview = self._outcome(self.selected, pos)

    def _release(self, pos: tuple[int, int]) -> None:
        self.landing = False
        intent = self.drag.release(pos)
        if isinstance(intent, Click):
            self._select(None if intent.card == self.selected else intent.card)
        elif isinstance(intent, Drop):
            self.preview = frozenset()
            self._resolve(intent.card, pos)

    def _key(self, key: int) -> None:
        hand = self._hand()
        if not hand:
            return
        if key in (pygame.K_LEFT, pygame.K_RIGHT):
            step = 1 if key == pygame.K_RIGHT else -1
            if self.selected in hand:
                index = (hand.index(self.selected) + step) % len(hand)
            else:
                index = 0 if step > 0 else len(hand) - 1
            self._select(hand[index])
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE, pygame.K_UP) and (
            self.selected in hand
        ):
            self._resolve(self.selected, None)

    def _handle_choice(self, event: pygame.event.Event) -> bool:
        choice = self.choice
        assert choice is not None
        if event.type == pygame.MOUSEMOTION:
            index = choice.option_at(event.pos)
            if index is not None:
                choice.selected = index
            self.preview = frozenset(choice.chosen.captures)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            index = choice.option_at(event.pos)
            if index is not None:
                self.play(choice.options[index])
            elif not choice.rect.collidepoint(event.pos):
                self._cancel_choice()
        elif event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_UP, pygame.K_LEFT, pygame.K_DOWN, pygame.K_RIGHT):
                choice.move_selection(-1 if event.key in (pygame.K_UP, pygame.K_LEFT) else 1)
                self.preview = frozenset(choice.chosen.captures)
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.play(choice.chosen)
        return True

    def _select(self, card: Card | None) -> None:
        self.selected = card
        self.preview = self._outcome(card, None) if card is not None else frozenset()
        self._lift_hand()

    def _lift_hand(self) -> None:
        seat = self.human_to_play
        if seat is None:
            return
        for card in self.view.hands[seat]:
            if card == self.drag.card and self.drag.dragging:
                continue
            lift = self.layout.lift if card == self.selected else 0.0
            if card == self.hovered and card != self.selected:
                lift = self.layout.lift * 0.35
            sprite = self.view.sprites[card]
            if sprite.lift != lift:
                self.ui.animate(sprite, duration=0.12, lift=lift)

    # --- from intent to move -------------------------------------------------------------

    def _over_table(self, pos: tuple[float, float]) -> bool:
        zone = self.layout.table_rect.inflate(self.layout.table_w, self.layout.table_w * 0.6)
        return zone.collidepoint(pos) or self.view.table_card_at(pos) is not None

    def _candidates(self, card: Card, target: Card | None) -> list[Move]:
        moves = [move for move in self.match.legal_moves() if move.card == card]
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
            self._send_back(card)
            return
        target = self.view.table_card_at(pos) if pos is not None else None
        moves = self._candidates(card, target)
        if not moves:
            named = {"card": self.card_name(card)}
            if target is not None:
                said = self.app.t("table.cannot_take", target=self.card_name(target), **named)
            else:
                said = self.app.t("table.cannot_play", **named)
            self._say(capital(said))
            self._send_back(card)
            return
        if len(moves) == 1:
            self.play(moves[0])
            return
        self.choice = ChoicePopup(card, moves, self.layout)
        self.preview = frozenset(self.choice.chosen.captures)
        self.selected = card
        lay = self.layout
        beside = self.choice.rect.left - lay.table_w * 0.75
        self.ui.animate(
            self.view.sprites[card],
            duration=0.3,
            easing="out_back",
            x=max(lay.table_w * 0.6, beside),
            y=self.choice.rect.centery,
            lift=0.0,
            angle=-6.0,
        )

    def _send_back(self, card: Card) -> None:
        self.preview = frozenset()
        self.selected = None
        self.view.settle(self.ui, card, 0.3, easing="out_back")

    def _cancel_choice(self) -> None:
        if self.choice is not None:
            card = self.choice.card
            self.choice = None
            self._send_back(card)

    def _say(self, text: str) -> None:
        self.message = text
        self.message_left = MESSAGE_SECONDS

    def card_name(self, card: Card) -> str:
        """The card as a sentence names it, in the deck the player chose ("il re di denari",
        "the queen of hearts")."""
        return card_name(self.app.t, card, self.app.settings.deck_style)
