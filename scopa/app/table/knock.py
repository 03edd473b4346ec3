"""Cirulla's knocking at the table: the buttons of the moves that play no card.

When the player whose turn it is may declare (knock and show the hand for its bonus),
decline a declaration at the deal or take one back, a button for each shows under the
table's cards, above the status line or on its row (``under``), with a key (K knocks). A
hand holding the matta opens a small picker of the values the matta may be named (only
those that make a bonus) before knocking: while it is open every key is its own (the
arrows move its focus, Enter or Space chooses, a digit names a value at once, 0 the king),
as in the capture choice. The moves come from the engine's legal moves;
this only offers them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

import pygame
from pygame import FRect

from scopa.engine import Card, Move, declarations

from .. import style
from ..style import Scale
from .choice import SELECTED
from .frame import Item, box
from .layout import TableLayout
from .text import Writer
from .under import Row, above_status

KNOCK_KEY = pygame.K_k
PASS_KEY = pygame.K_n
"""Chooses No knock, where the hand must knock or pass before a card is played."""
RETRACT_KEY = pygame.K_r
"""Takes the knock back, where the rules let a knock made at the deal be taken back."""
CHOOSE_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
BACK_KEYS = (pygame.K_LEFT, pygame.K_UP)
ON_KEYS = (pygame.K_RIGHT, pygame.K_DOWN)


def may_knock(moves: Sequence[Move]) -> bool:
    """Whether a knock is among the legal ``moves`` (with the hands shown at the deal, a
    hand with nothing to knock with may only pass)."""
    return any(move.is_declaration for move in moves)


KING = 10
"""The value 0 names: the matta may be named 1 to 10, and a key types one digit."""


def digit(event: pygame.event.Event) -> int | None:
    """The value a digit key names, from the row or the keypad: 1 to 9, and 0 for the king
    (10); None for any other key."""
    typed = getattr(event, "unicode", "")
    if len(typed) == 1 and typed in "0123456789":
        return int(typed) or KING
    if event.key in (pygame.K_0, pygame.K_KP0):
        return KING
    if pygame.K_1 <= event.key <= pygame.K_9:
        return int(event.key - pygame.K_0)
    if pygame.K_KP1 <= event.key <= pygame.K_KP9:
        return int(event.key - pygame.K_KP1 + 1)
    return None


@dataclass(frozen=True)
class KnockButton:
    name: str
    """"knock", "pass", "retract" or "value" (a value for the matta in the picker)."""
    label: str
    rect: FRect
    move: Move | None
    """The move played (None: knocking opens the matta's picker)."""
    points: int = 0
    """A value of the matta's picker: the bonus the hand is worth with the matta so named."""


class KnockBar:
    def __init__(
        self,
        text: Writer,
        translator: Callable[[], Callable[..., str]],
        play: Callable[[Move], None],
    ) -> None:
        self.text = text
        self.translator = translator
        self.play = play
        self.picking = False
        """The matta's picker is open."""
        self.suggested: Move | None = None
        """The move a hint points at: its button lights up."""
        self.focus: Move | None = None
        """The value the keys (or the pointer) reached in the picker; None: it is at the
        value a hint points at, else at the first."""
        self._pressed: str | None = None
        self.pointer: tuple[int, int] = (-1, -1)
        self.row: Row | None = None
        """The row under the table the buttons were last laid in (None: no buttons, or
        the matta's picker)."""

    def let_go(self) -> None:
        """A button held down was let go unheard (a screen came over the table)."""
        self._pressed = None

    def forget(self) -> None:
        """The hint's lit button and the matta's picker go: the turn they were shown for is
        over (a hint lit for one person lit the next one's knock at the same screen)."""
        self.suggested = None
        self.picking = False
        self.focus = None

    # --- what is offered -------------------------------------------------------------------

    @staticmethod
    def specials(moves: Sequence[Move]) -> list[Move]:
        return [move for move in moves if not move.is_play]

    def points(self, move: Move, hand: Sequence[Card], rules: object) -> int:
        mask = 0
        for card in hand:
            mask |= card.bit
        for named, points in declarations(mask, rules):  # type: ignore[arg-type]
            if named == move.named:
                return points
        return 0

    def buttons(
        self,
        layout: TableLayout,
        moves: Sequence[Move],
        hand: Sequence[Card],
        rules: object,
        aside: Callable[[bool], float] = lambda on_status: 0.0,
        row_for: Callable[[float, float], Row] | None = None,
    ) -> list[KnockButton]:
        """The buttons in a row under the table's cards (``row_for``, for their width and
        height: above the status line, or on its row where the cards leave no room
        above it), with room at their left for ``aside`` (the width the hint, or the status
        line's words on its row, want there), or for as much of it as the row leaves them:
        the hint then takes two lines there."""
        t = self.translator()
        specials = self.specials(moves)
        if not specials:
            self.picking = False
            self.suggested = None
            self.row = None
            return []
        declares = [move for move in specials if move.is_declaration]
        if self.picking and len(declares) > 1:
            self.row = None
            return self._picker(layout, declares, hand, rules)
        self.picking = False
        out: list[tuple[str, str, Move | None]] = []
        if declares:
            best = max(self.points(move, hand, rules) for move in declares)
            label = t("table.knock_points", n=best)
            out.append(("knock", label, declares[0] if len(declares) == 1 else None))
        for move in specials:
            if move.kind == "pass":
                out.append(("pass", t("table.pass"), move))
            elif move.kind == "retract":
                out.append(("retract", t("table.retract"), move))
        height = round(layout.font_normal * 1.9)
        gap = layout.margin * 0.6
        scale = Scale(layout.size)
        fonts = self.text.font
        widths = [
            style.button_width(fonts, label, layout.font_small, scale, height)
            for _, label, _ in out
        ]
        total = sum(widths) + gap * (len(out) - 1)
        row = (row_for or (lambda w, h: above_status(layout, ())))(total, height)
        self.row = row
        wanted = aside(row.on_status)
        if wanted:  # the room at their left, as much of it as the row has
            wanted = max(0.0, min(wanted, row.room.width - gap - total)) + gap
        group = row.place(FRect(0, 0, wanted + total, height), layout.status_centre[0])
        left = group.left + wanted
        buttons = []
        for (name, label, move), width in zip(out, widths):
            buttons.append(KnockButton(name, label, FRect(left, group.top, width, height), move))
            left += width + gap
        return buttons

    def _picker(
        self, layout: TableLayout, declares: list[Move], hand: Sequence[Card], rules: object
    ) -> list[KnockButton]:
        """One small button per value the matta may be named, each with the bonus it makes
        under it, in a row beside the player's hand, or over it where the window leaves no
        room beside it (the table stays in sight, for a value that stays with the matta in
        play, and the hand too where it can: the values pay by the cards with it), apart
        enough for the focus ring round one."""
        size = layout.font_normal * 2.2
        gap = layout.margin * 0.8
        total = len(declares) * size + (len(declares) - 1) * gap
        cx = layout.table_rect.centerx
        # the pane (see ``picker_panel``) ends a little above the window's bottom edge
        top = layout.size[1] - layout.margin * 0.6 - layout.font_normal * 2.3 - size
        left = cx - total / 2
        out = []
        for move in sorted(declares, key=lambda m: m.named):
            label = str(move.named)
            points = self.points(move, hand, rules)
            out.append(KnockButton("value", label, FRect(left, top, size, size), move, points))
            left += size + gap
        panel = self.picker_panel(layout, out)
        slots = layout.hand_slots(layout.bottom, len(hand), True)
        hand_right = max(slot.centre[0] + slot.width / 2 for slot in slots) if slots else cx
        start = hand_right + layout.margin * 1.5
        if start + panel.width <= layout.size[0] - layout.margin * 0.5:
            shift = start - panel.left
            out = [replace(button, rect=button.rect.move(shift, 0)) for button in out]
        return out

    def picker_panel(self, layout: TableLayout, buttons: list[KnockButton]) -> FRect:
        """The picker's pane: its title and note over the row of values, wide enough for
        the longest of them."""
        t = self.translator()
        title = self.text.pen("title", layout.font_normal, style.BRIGHT_GOLD)
        note = self.text.pen("ui", layout.font_small, style.MIST)
        words = max(
            style.natural_width(t("table.matta_title"), title),
            style.natural_width(t("table.matta_hint"), note),
        )
        area = buttons[0].rect.unionall([b.rect for b in buttons[1:]])
        panel = area.inflate(layout.margin * 2, layout.font_normal * 6.4).move(
            0, -layout.font_normal * 0.9
        )  # the title and the note above the values, what each pays below them
        width = max(panel.width, words + layout.margin * 2)
        panel.inflate_ip(width - panel.width, 0)
        return panel

    # --- input ---------------------------------------------------------------------------

    def handle(
        self,
        event: pygame.event.Event,
        buttons: list[KnockButton],
        layout: TableLayout,
        free: bool = True,
    ) -> bool:
        """Clicks on the buttons, K to knock, N for No knock, and Enter for the button a
        hint lit when no card is ``free`` of a selection (the matta's picker, open, takes
        every key and click); True when used."""
        if not buttons:
            return False
        if self.picking:
            return self._handle_picker(event, buttons, layout)
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and free:
                lit = next((b for b in buttons if self.lit(b)), None)
                if lit is not None:
                    self._use(lit)
                    return True
            name = {KNOCK_KEY: "knock", PASS_KEY: "pass", RETRACT_KEY: "retract"}.get(event.key)
            chosen = next((b for b in buttons if b.name == name), None)
            if chosen is not None:
                self._use(chosen)
                return True
            return False
        if event.type == pygame.MOUSEMOTION:
            self.pointer = event.pos
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            hit = _at(buttons, event.pos)
            if hit is not None:
                self._pressed = hit.name + hit.label
                return True
            return False
        return self._release(event, buttons)

    def _handle_picker(
        self, event: pygame.event.Event, values: list[KnockButton], layout: TableLayout
    ) -> bool:
        """The picker is open: every key is its own (none reaches the hand under it), Esc
        closes it, and a click anywhere in its pane but on a value does nothing; one
        outside closes it."""
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.picking = False
            elif event.key in BACK_KEYS + ON_KEYS:
                step = -1 if event.key in BACK_KEYS else 1
                index = values.index(self.focused(values)) + step
                self.focus = values[index % len(values)].move
            elif event.key in CHOOSE_KEYS:
                self._use(self.focused(values))
            else:
                named = digit(event)
                hit = next((b for b in values if named and b.label == str(named)), None)
                if hit is not None:
                    self._use(hit)
            return True
        if event.type == pygame.MOUSEMOTION:  # the hand under the pane does not lift
            self.pointer = event.pos
            hit = _at(values, event.pos)
            if hit is not None:
                self.focus = hit.move
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            hit = _at(values, event.pos)
            if hit is not None:
                self._pressed = hit.name + hit.label
            elif not self.picker_panel(layout, values).collidepoint(event.pos):
                self.picking = False
            return True
        return self._release(event, values)

    def _release(self, event: pygame.event.Event, buttons: list[KnockButton]) -> bool:
        """The left button let go: the button it was pressed on, if let go on it, is used."""
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self._pressed:
            pressed, self._pressed = self._pressed, None
            hit = _at(buttons, event.pos)
            if hit is not None and hit.name + hit.label == pressed:
                self._use(hit)
            return True
        return False

    def focused(self, buttons: list[KnockButton]) -> KnockButton | None:
        """The value the picker's focus is on (None when the picker is not open)."""
        values = [button for button in buttons if button.name == "value"]
        if not values:
            return None
        reached = next((b for b in values if b.move == self.focus), None)  # each has one
        best = max(values, key=lambda b: b.points)  # the bonus the knock button promised
        return reached or next((b for b in values if self.lit(b)), best)

    def lit(self, button: KnockButton) -> bool:
        """Whether a hint points at ``button``: its move, or the knock of a declaration."""
        suggested = self.suggested
        return suggested is not None and (
            button.move == suggested or (button.name == "knock" and suggested.is_declaration)
        )

    def _use(self, button: KnockButton) -> None:
        if button.move is None:  # the chooser opens; a hinted value stays lit in it
            self.picking = True
            self.focus = None  # at the hinted value, else the one that pays most
            return
        self.suggested = None
        self.picking = False
        self.play(button.move)

    # --- drawing -------------------------------------------------------------------------

    def items(self, layout: TableLayout, buttons: list[KnockButton]) -> list[Item]:
        if not buttons:
            return []
        items = []
        scale = Scale(layout.size)
        if buttons[0].name == "value":
            t = self.translator()
            panel = self.picker_panel(layout, buttons)
            title = self.text.pen("title", layout.font_normal, style.BRIGHT_GOLD)
            note = self.text.pen("ui", layout.font_small, style.MIST)
            words = (t("table.matta_title"), t("table.matta_hint"))

            def paint_panel(surface: pygame.Surface) -> None:
                style.dark_panel(surface, panel, scale, alpha=255, border=style.BRIGHT_GOLD)
                line = layout.font_normal * 1.5
                top = panel.top + layout.margin * 0.5
                head = FRect(panel.left, top, panel.width, line)
                style.text(surface, words[0], title, head, align="center")
                below = FRect(panel.left, top + line, panel.width, line)
                style.text(surface, words[1], note, below, align="center")

            items.append(Item(("matta panel", words, tuple(panel)), box(panel), paint_panel))
        fonts, px = self.text.font, layout.font_small
        focused = self.focused(buttons)
        for button in buttons:
            if button == focused:
                items.append(self._focus_ring(layout, button))
            hot = button.rect.collidepoint(self.pointer) or self.lit(button)
            primary = button.name in ("knock", "value")
            rect = button.rect

            def paint(
                surface: pygame.Surface,
                rect: FRect = rect,
                label: str = button.label,
                hot: bool = hot,
                primary: bool = primary,
            ) -> None:
                state = "hot" if hot else "normal"
                style.button(surface, rect, scale, fonts, label, px, state=state, primary=primary)

            key = ("knock button", button.name, button.label, hot, primary, tuple(rect))
            items.append(Item(key, box(rect, style.button_reach(scale)), paint))
            if button.name == "value":
                items.append(self._points_item(layout, button))
        return items

    def _points_item(self, layout: TableLayout, button: KnockButton) -> Item:
        """Under a value of the picker, the bonus the knock makes with it ("+10")."""
        words = self.translator()("table.matta_points", n=button.points)
        pen = self.text.pen("ui_bold", layout.font_small, style.BRIGHT_GOLD)
        under = FRect(0, 0, button.rect.width + layout.margin * 0.8, style.line_height(pen))
        under.midtop = (button.rect.centerx, button.rect.bottom + layout.font_normal * 0.15)

        def paint(surface: pygame.Surface) -> None:
            style.text(surface, words, pen, under, align="center")

        return Item(("matta points", words, tuple(under)), box(under), paint)

    def _focus_ring(self, layout: TableLayout, button: KnockButton) -> Item:
        """The picker's focus around its value, drawn as the capture choice's."""
        unit = layout.unit
        pad = max(2, round(layout.margin * 0.3))  # clear of the values beside it
        ring = button.rect.inflate(2 * pad, 2 * pad)
        radius = round(min(18 * unit, ring.height / 3))
        width = max(2, round(3 * unit))

        def paint(surface: pygame.Surface) -> None:
            glow = pygame.Surface((round(ring.width), round(ring.height)), pygame.SRCALPHA)
            pygame.draw.rect(glow, (*SELECTED, 70), glow.get_rect(), border_radius=radius)
            pygame.draw.rect(glow, SELECTED, glow.get_rect(), width, radius)
            surface.blit(glow, (round(ring.left), round(ring.top)))

        return Item(("matta focus", button.label, tuple(ring)), box(ring), paint)


def _at(buttons: list[KnockButton], pos: tuple[int, int]) -> KnockButton | None:
    """The button under ``pos``, if any."""
    return next((button for button in buttons if button.rect.collidepoint(pos)), None)
