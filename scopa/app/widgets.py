"""Menu widgets: buttons, switches, selectors, sliders, name fields and a scrolling panel.

Every menu scene is a column of widgets in a :class:`Form`, which owns focus and input: the
mouse (hover, click, drag, wheel) and the keyboard (Tab / arrows move, Left/Right change a
value, Enter or Space activate, typing edits a name). Widgets read and write their value
through ``get``/``set`` callables, so the scene's data stays the single source of truth and
a language switch re-labels everything on the next frame (labels are callables too).

Sizes are fractions of the window (:class:`Metrics`); every look comes from :mod:`.style`.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Sequence
from typing import Any

import pygame

from . import style
from .style import Metrics

WINDOW_LOST = (pygame.WINDOWFOCUSLOST, pygame.WINDOWHIDDEN, pygame.WINDOWMINIMIZED)
"""The window lost the pointer's events: a button held (a card mid-drag, the cover's) is
held no more; its release may come elsewhere, unheard."""

Getter = Callable[[], Any]
Setter = Callable[[Any], None]
Text = str | Callable[[], str]
"""A label: words, or a function giving them in the language of the moment."""
Options = Sequence[tuple[Any, Text]]
"""A choice's options: each value with its label."""

TIE = 4
"""Pixels within which two widgets are as near to the focus's middle (Up and Down)."""


def resolve(text: Text) -> str:
    return text() if callable(text) else text


class Widget:
    """A rectangle that may take focus; ``rect`` is set by the scene's layout."""

    focusable = True

    def __init__(self, *, hint: Text | None = None, enabled: Callable[[], bool] | None = None):
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.hint = hint
        self._enabled = enabled
        self.greyed: Callable[[], None] | None = None
        """Told of a click on the widget while it is greyed (the screen may say why)."""
        self.panel: ScrollPanel | None = None
        self.base = pygame.Rect(0, 0, 0, 0)
        """Position inside the panel's content (when the widget sits in a panel)."""

    @property
    def enabled(self) -> bool:
        return self._enabled() if self._enabled is not None else True

    def place(self, rect: pygame.Rect) -> None:
        self.rect = pygame.Rect(rect)
        self.base = pygame.Rect(rect)

    def activate(self) -> None:
        """Enter, Space or a click."""

    def step(self, direction: int) -> bool:
        """Left (-1) or Right (+1); True when the widget used the key."""
        return False

    def press(self, pos: tuple[int, int]) -> None:
        """Mouse button down on the widget (default: activate on release)."""

    def release(self, pos: tuple[int, int]) -> None:
        if self.rect.collidepoint(pos):
            self.activate()

    def drag(self, pos: tuple[int, int]) -> None:
        """The mouse moved with the button held after pressing this widget."""

    def cancel(self) -> None:
        """A press on the widget ends without its release: the window lost the pointer
        (another window came in front, the button let go there) or was laid out again."""

    def text_input(self, text: str) -> bool:
        return False

    def key(self, event: pygame.event.Event) -> bool:
        """Keys other than navigation (a text field's Backspace)."""
        return False

    def draw(self, surface: pygame.Surface, m: Metrics, focused: bool, hovered: bool) -> None:
        raise NotImplementedError


class Label(Widget):
    """Text that never takes focus (headings, notes)."""

    focusable = False

    def __init__(
        self,
        text: Text,
        *,
        role: str = "ui",
        size: float = style.TEXT,
        color: style.Color = style.INK,
        align: str = "left",
    ) -> None:
        super().__init__()
        self.text, self.role, self.size, self.color, self.align = text, role, size, color, align

    def draw(self, surface: pygame.Surface, m: Metrics, focused: bool, hovered: bool) -> None:
        pen = m.pen(self.role, self.size, self.color)
        style.text(surface, resolve(self.text), pen, self.rect, align=self.align, lines=2)


class Button(Widget):
    """A wooden button; ``primary`` ones are red lacquer, for the one action the screen is for."""

    def __init__(
        self,
        text: Text,
        on_click: Callable[[], None],
        *,
        primary: bool = False,
        hint: Text | None = None,
        enabled: Callable[[], bool] | None = None,
        size: float = style.BUTTON_TEXT,
    ) -> None:
        super().__init__(hint=hint, enabled=enabled)
        self.text, self.on_click, self.primary, self.size = text, on_click, primary, size
        self.pressed = False

    def activate(self) -> None:
        if self.enabled:
            self.on_click()

    def press(self, pos: tuple[int, int]) -> None:
        self.pressed = True

    def release(self, pos: tuple[int, int]) -> None:
        self.pressed = False
        super().release(pos)

    def draw(self, surface: pygame.Surface, m: Metrics, focused: bool, hovered: bool) -> None:
        state = "disabled" if not self.enabled else "hot" if (focused or hovered) else "normal"
        style.button(
            surface,
            self.rect,
            m,
            m.app.font,
            resolve(self.text),
            m.text_px(self.size),
            state=state,
            primary=self.primary,
            pressed=self.pressed,
            focused=focused and self.enabled,
        )


class Tab(Button):
    """A button lacquered while ``chosen()`` says it is the one chosen (a section of the
    settings, a language)."""

    def __init__(
        self,
        text: Text,
        on_click: Callable[[], None],
        chosen: Callable[[], bool],
        *,
        hint: Text | None = None,
        enabled: Callable[[], bool] | None = None,
        size: float = style.ROW_TITLE,
        marked: bool = True,
    ):
        super().__init__(text, on_click, hint=hint, enabled=enabled, size=size)
        self.chosen = chosen
        self.marked = marked
        """The one chosen is marked under it (False: its words change instead, and the
        room under it is another row's)."""

    def draw(self, surface: pygame.Surface, m: Metrics, focused: bool, hovered: bool) -> None:
        self.primary = self.chosen()
        super().draw(surface, m, focused, hovered)
        if self.primary and self.marked:  # the lacquer's red alone is a hue, which
            # a colour-blind player could not tell from the wood's brown
            mark = pygame.Rect(0, 0, round(self.rect.w * 0.6), max(3, m.px(0.006)))
            mark.midtop = (self.rect.centerx, self.rect.bottom + max(2, m.px(0.004)))
            pygame.draw.rect(surface, style.INK, mark, border_radius=mark.h // 2)


class Control(Widget):
    """A value shown at the right of a :class:`SettingRow` (a switch, a selector, a slider)."""

    def draw_value(self, surface: pygame.Surface, rect: pygame.Rect, m: Metrics, hot: bool) -> None:
        raise NotImplementedError

    def drawn(self) -> pygame.Rect:
        """The part of ``rect`` the value is drawn in (all of it, unless said otherwise)."""
        return self.rect

    def draw(self, surface: pygame.Surface, m: Metrics, focused: bool, hovered: bool) -> None:
        """Alone on a screen (a row draws its own band for the focus): the keyboard's focus
        is ringed as a button's is."""
        self.draw_value(surface, self.rect, m, focused or hovered)
        if focused and self.enabled:
            drawn = pygame.Rect(self.drawn())
            style.focus_ring(surface, drawn, m, max(2, drawn.h // 4))


class Toggle(Control):
    def __init__(
        self,
        get: Getter,
        set: Setter,
        *,
        off_greyed: bool | Callable[[], bool] = False,
        greyed_shows: Callable[[], bool] | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(**kwargs)
        self.get, self.set = get, set
        self.off_greyed = off_greyed
        """Greyed, it shows off: a setting that cannot hold at all in the game as set (teams
        with two players, where it read on beside "each on their own"), or that another
        switch decides for now. Asked each time when a function."""
        self.greyed_shows = greyed_shows
        """Greyed, what it shows, where the game as set decides it (teams with six players,
        on beside "2 teams of 3", off beside "each on their own"); before ``off_greyed``."""

    def activate(self) -> None:
        if self.enabled:
            self.set(not self.get())

    def step(self, direction: int) -> bool:
        if self.enabled and bool(self.get()) != (direction > 0):
            self.set(direction > 0)
        return True

    def shown(self) -> bool:
        """Whether the switch shows on: greyed too (the scopa d'assi's own options, with the
        scopa d'assi off), it shows the value the rule will hold once it applies again;
        but what ``greyed_shows`` says where the game decides it, else off where it is
        ``off_greyed``."""
        if not self.enabled and self.greyed_shows is not None:
            return self.greyed_shows()
        greyed_off = self.off_greyed() if callable(self.off_greyed) else self.off_greyed
        if greyed_off and not self.enabled:
            return False
        return bool(self.get())

    def drawn(self) -> pygame.Rect:
        return style.switch_track(self.rect)

    def draw_value(self, surface: pygame.Surface, rect: pygame.Rect, m: Metrics, hot: bool) -> None:
        on = self.shown()
        word = m.app.t("switch_on" if on else "switch_off")
        style.draw_switch(surface, rect, m, on, self.enabled, hot, word)


class Choice(Control):
    """One of several options, cycled with the arrows shown at both ends."""

    def __init__(
        self,
        options: Options | Callable[[], Options],
        get: Getter,
        set: Setter,
        *,
        wrap: bool = True,
        fallback: Text = "\u2014",
        skip_refused: bool = False,
        skipped: Callable[[Any], None] | None = None,
        greyed_value: bool | Callable[[], bool] = False,
        **kwargs: Any,
    ) -> None:
        super().__init__(**kwargs)
        self.get, self.set, self.wrap = get, set, wrap
        self.greyed_value = greyed_value
        """Greyed, the option still shows (as a greyed switch shows on or off): a rule
        waiting for another shows what it will be; else a dash, as for what does not
        apply at all (a person's seat has no level). Asked each time when a function (a
        rule another switch decides for now shows a dash, not a value it does not play)."""
        self.skip_refused = skip_refused
        """An option ``set`` refuses (the value stays) is stepped over to the next one
        that is taken, as if it were not there: a rule's value that does not fit the other
        rules does not stop the arrows short of the ones beyond it. If none is taken, the
        value stays, with what the first refusal said."""
        self.skipped = skipped
        """Told the first option stepped over when a later one was taken (the screen may
        say why it was refused: the arrows had jumped past it without a word)."""
        self._options = options if callable(options) else list(options)
        self.fallback = fallback
        """Shown when the current value is none of the options."""

    @property
    def options(self) -> list[tuple[Any, Text]]:
        """The options as they are now: options given as a function are asked each time
        (the player's own rules are one once they are made)."""
        return list(self._options()) if callable(self._options) else self._options

    def index(self) -> int:
        values = [value for value, _ in self.options]
        current = self.get()
        return values.index(current) if current in values else -1

    def step(self, direction: int) -> bool:
        if not self.enabled or not self.options:
            return True
        index, count = self.index(), len(self.options)
        tried: list[Any] = []
        for steps in range(1, count if self.skip_refused else 2):
            target = index + direction * steps
            if self.wrap:
                target %= count
            elif not 0 <= target < count:
                break
            if target == index:
                break
            before = self.get()
            tried.append(self.options[target][0])
            self.set(tried[-1])
            if self.get() != before:
                if len(tried) > 1 and self.skipped is not None:
                    self.skipped(tried[0])
                return True
        if len(tried) > 1:  # none was taken: the refusal of the next one is what is said
            self.set(tried[0])
        return True

    def activate(self) -> None:
        self.step(+1)

    def release(self, pos: tuple[int, int]) -> None:
        if self.rect.collidepoint(pos):
            self.step(-1 if pos[0] < self.rect.centerx - self.rect.w // 4 else +1)

    def label(self) -> str:
        """The option shown: none (a dash) while greyed, unless ``greyed_value``."""
        index = self.index()
        shown = self.greyed_value() if callable(self.greyed_value) else self.greyed_value
        if index < 0 or not (self.enabled or shown):
            return resolve(self.fallback)
        return resolve(self.options[index][1])

    def draw_value(self, surface: pygame.Surface, rect: pygame.Rect, m: Metrics, hot: bool) -> None:
        index, last = self.index(), len(self.options) - 1
        ends = (False, False) if self.wrap or index < 0 else (index == 0, index == last)
        style.draw_selector(surface, rect, m, self.label(), self.enabled, hot, ends)


class Slider(Control):
    """A value from 0 to 1 (the volume): drag, click, or Left/Right by ``increment``."""

    def __init__(self, get: Getter, set: Setter, *, increment: float = 0.1, **kwargs: Any):
        super().__init__(**kwargs)
        self.get, self.set, self.increment = get, set, increment

    def step(self, direction: int) -> bool:
        if self.enabled:
            value = round(float(self.get()) + direction * self.increment, 4)
            self.set(min(1.0, max(0.0, value)))
        return True

    def _track(self) -> pygame.Rect:
        return style.slider_track(self.rect)

    def press(self, pos: tuple[int, int]) -> None:
        self.drag(pos)

    def drag(self, pos: tuple[int, int]) -> None:
        if not self.enabled:
            return
        track = self._track()
        value = (pos[0] - track.left) / max(1, track.w)
        self.set(round(min(1.0, max(0.0, value)), 2))

    def release(self, pos: tuple[int, int]) -> None:
        """The value was already set while dragging."""

    def draw_value(self, surface: pygame.Surface, rect: pygame.Rect, m: Metrics, hot: bool) -> None:
        style.draw_slider(surface, rect, m, float(self.get()), self.enabled, hot)


FieldState = tuple[str, int, "int | None"]
"""A name field's name, caret and the other end of its mark (Ctrl+Z brings one back)."""


class TextInput(Control):
    """A one-line name field: click or focus it and type, as in any program's fields.

    The caret goes where the name is clicked, and moves with Left and Right (Ctrl with
    them: a word at a time), Home and End; Shift with any of them marks the letters it
    passes, and so does a drag across the name; a double click marks a word, Ctrl+A the
    whole name. Typing replaces what is marked; Backspace deletes it, or the letter before
    the caret, Delete the one after (Ctrl with them, a word). Ctrl+C and Ctrl+X copy and cut
    what is marked, Ctrl+V types the clipboard's first line; Ctrl+Z takes the last change
    back (letters typed in a row together), Ctrl+Y or Ctrl+Shift+Z puts it again. A name
    the game gave ("You", "Player 2") is marked as editing starts, so that typing replaces
    it rather than adding to it. ``keep`` says what of a typed text the field takes (a name
    field leaves out the letters the game cannot draw, and says so); without it, every
    printable letter. ``done``, if given, runs when Enter ends the typing (an address typed
    is joined, as forms do); ``full``, when a letter typed finds the field full (said to
    the player: typing stopped without a sign)."""

    def __init__(
        self,
        get: Getter,
        set: Setter,
        *,
        max_length: int = 24,
        given: Callable[[], bool] | None = None,
        keep: Callable[[str], str] | None = None,
        done: Callable[[], None] | None = None,
        full: Callable[[int], None] | None = None,
        **kwargs: Any,
    ):
        super().__init__(**kwargs)
        self.get, self.set, self.max_length = get, set, max_length
        self.given = given
        self.keep = keep
        self.done = done
        self.full = full
        self._editing = False
        self._caret: int | None = None
        """The letter the caret stands before (None: the name's end)."""
        self._anchor: int | None = None
        """The other end of the letters marked, the caret being one (None: none marked)."""
        self._drawn: style.FieldText | None = None
        """Where the name was last written: what a click in it points at."""
        self._pressed: tuple[int, int] | None = None
        """When (ticks) and at which gap the last press in the name was: a second press
        there soon after is a double click."""
        self._dragging = False
        """The button pressed in the name is held: moving it marks letters."""
        self._undo: list[FieldState] = []
        self._redo: list[FieldState] = []
        """The name, caret and mark before each change (Ctrl+Z), and after each taken back
        (Ctrl+Y)."""
        self._typing_run = False
        """The last change was letters typed: the next letters join its step of undo."""

    @property
    def editing(self) -> bool:
        return self._editing

    @editing.setter
    def editing(self, value: bool) -> None:
        if value and not self._editing:
            self._caret = None
            given = self.given is not None and self.given() and bool(str(self.get()))
            self._anchor = 0 if given else None
            self._typing_run = False
        self._editing = value
        if not value:
            self._anchor = None
            self._dragging = False

    @property
    def caret(self) -> int:
        """The letter the caret stands before (the name's length: at its end)."""
        size = len(str(self.get()))
        return size if self._caret is None else max(0, min(self._caret, size))

    @caret.setter
    def caret(self, at: int) -> None:
        size = len(str(self.get()))
        self._caret = None if at >= size else max(0, at)

    @property
    def marked(self) -> tuple[int, int] | None:
        """The letters marked, from and to (None: none)."""
        if self._anchor is None:
            return None
        size = len(str(self.get()))
        ends = sorted((max(0, min(self._anchor, size)), self.caret))
        return None if ends[0] == ends[1] else (ends[0], ends[1])

    @property
    def selected(self) -> bool:
        """Some letters are marked (what is typed next replaces them)."""
        return self.marked is not None

    def mark(self, start: int, end: int) -> None:
        """Mark the letters from ``start`` to ``end``, the caret at ``end``."""
        self._anchor = start
        self.caret = end

    def activate(self) -> None:
        typed = self._editing
        self.editing = not self.editing and self.enabled
        if typed and self.done is not None:
            self.done()

    def press(self, pos: tuple[int, int]) -> None:
        was = self._editing
        self.editing = self.enabled
        if not self._editing or (self.selected and not was):
            return  # a name the game gave stays marked, to be typed over
        drawn = self._drawn
        if drawn is None or drawn.words != str(self.get()):
            return
        at = drawn.index_at(pos[0])
        now = pygame.time.get_ticks()
        last, self._pressed = self._pressed, (now, at)
        self._typing_run = False
        if last is not None and now - last[0] <= DOUBLE_CLICK_MS and abs(last[1] - at) <= 1:
            value = str(self.get())  # a double click marks the word clicked
            start = _word_start(value, min(len(value), at + 1))
            self.mark(start, _word_end(value, start))
            self._pressed = None
            return
        if pygame.key.get_mods() & pygame.KMOD_SHIFT:  # Shift and a click: marked up to it
            if self._anchor is None:
                self._anchor = self.caret
        else:
            self._anchor = at
        self.caret = at
        self._dragging = True

    def drag(self, pos: tuple[int, int]) -> None:
        drawn = self._drawn
        if self._dragging and drawn is not None and drawn.words == str(self.get()):
            self.caret = drawn.index_at(pos[0])

    def release(self, pos: tuple[int, int]) -> None:
        """Pressing already started editing; a drag ends."""
        self._dragging = False

    def cancel(self) -> None:
        self._dragging = False

    def _change(self, value: str, caret: int, *, typing: bool = False) -> None:
        """The name becomes ``value``, the caret at ``caret``, nothing marked; the name
        before is kept for Ctrl+Z (letters typed in a row, as one change)."""
        if not (typing and self._typing_run):
            self._undo = [*self._undo[-UNDO_STEPS + 1 :], self._state()]
        self._redo.clear()
        self._typing_run = typing
        self.set(value)
        self._anchor = None
        self.caret = min(caret, len(value))

    def _state(self) -> FieldState:
        return str(self.get()), self.caret, self._anchor

    def _restore(self, taken: list[FieldState], kept: list[FieldState]) -> None:
        """Ctrl+Z (``taken`` the undo steps) or Ctrl+Y (the redo ones)."""
        if not taken:
            return
        kept.append(self._state())
        value, caret, anchor = taken.pop()
        self.set(value)
        self.caret, self._anchor = caret, anchor
        self._typing_run = False

    def text_input(self, text: str) -> bool:
        if not self.enabled:
            return False
        if not self._editing:  # typed into a field reached with the keys: as if clicked
            self.editing = True
        value = str(self.get())
        start, end = self.marked or (self.caret, self.caret)
        before, after = value[:start], value[end:]
        clean = "".join(ch for ch in text if ch.isprintable())
        if clean and self.keep is not None:
            clean = self.keep(clean)

        def typed_in(part: str) -> tuple[str, str]:
            """The name up to the caret with ``part`` typed, and the whole name then."""
            typed = _tidy(before + part)
            return typed, _tidy(typed + after)

        if len(typed_in(clean)[1]) > self.max_length and self.full is not None:
            self.full(self.max_length)
        room = self.max_length - len(_tidy(before + after))
        clean = clean[: max(0, room + 1)]  # a blank the tidying takes out leaves its room
        typed, tidy = typed_in(clean)
        while len(tidy) > self.max_length and clean:
            clean = clean[:-1]
            typed, tidy = typed_in(clean)
        if tidy != value:
            self._change(tidy[: self.max_length], len(typed), typing=True)
            self.editing = True
        return True

    def key(self, event: pygame.event.Event) -> bool:
        if not self.enabled:
            return False
        ctrl = event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META)
        shift = event.mod & pygame.KMOD_SHIFT
        value = str(self.get())
        if ctrl and event.key == pygame.K_a:
            self.editing = True
            self.mark(0, len(value))
            return True
        if ctrl and event.key in (pygame.K_c, pygame.K_x):
            marked = self.marked
            if marked is not None:
                copy(value[marked[0] : marked[1]])
                if event.key == pygame.K_x:
                    self._change(_tidy(value[: marked[0]] + value[marked[1] :]), marked[0])
            return True
        if ctrl and event.key == pygame.K_v:
            lines = paste().strip().splitlines()
            if lines:  # a tab between two words is a space, as any blank
                self._typing_run = False  # a paste is taken back on its own
                self.text_input(" ".join(lines[0].split()))
            return True
        if ctrl and (event.key == pygame.K_y or (event.key == pygame.K_z and shift)):
            self._restore(self._redo, self._undo)
            return True
        if ctrl and event.key == pygame.K_z:
            self._restore(self._undo, self._redo)
            return True
        if event.key in (pygame.K_BACKSPACE, pygame.K_DELETE):
            self.editing = True
            self._delete(event.key == pygame.K_BACKSPACE, whole_word=bool(ctrl))
            return True
        if self._editing and event.key in (pygame.K_HOME, pygame.K_END):
            self._go(0 if event.key == pygame.K_HOME else len(value), bool(shift))
            return True
        if event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            return self._move(-1 if event.key == pygame.K_LEFT else 1, event.mod)
        return False

    def _delete(self, backwards: bool, *, whole_word: bool) -> None:
        """Backspace (``backwards``) or Delete: what is marked, else the letter (the word,
        ``whole_word``) before or after the caret."""
        value, at = str(self.get()), self.caret
        marked = self.marked
        if marked is not None:
            start, end = marked
        elif backwards:
            start = _word_start(value, at) if whole_word else max(0, at - 1)
            end = at
        else:
            start, end = at, _word_end(value, at) if whole_word else min(len(value), at + 1)
        joined = value[:start] + value[end:]
        tidy = _tidy(joined)
        if tidy != value:
            self._change(tidy, start - (len(joined) - len(joined.lstrip())))

    def step(self, direction: int) -> bool:
        return self._move(direction, 0)

    def _move(self, direction: int, mod: int) -> bool:
        """Left or Right while typing: the caret a letter (a word, with Ctrl) that way,
        marking the letters it passes with Shift; the focus stays in the name typed."""
        if not self._editing:
            return False
        value, at = str(self.get()), self.caret
        marked = self.marked
        if marked is not None and not mod & pygame.KMOD_SHIFT:
            # the mark goes, the caret at the side the arrow points to
            self._go(marked[0] if direction < 0 else marked[1], False)
        elif mod & pygame.KMOD_CTRL:
            ends = _word_start(value, at) if direction < 0 else _word_end(value, at)
            self._go(ends, bool(mod & pygame.KMOD_SHIFT))
        else:
            self._go(at + direction, bool(mod & pygame.KMOD_SHIFT))
        return True

    def _go(self, at: int, marking: bool) -> None:
        """The caret to ``at``; ``marking`` (Shift held): the letters it passes marked."""
        if marking and self._anchor is None:
            self._anchor = self.caret
        elif not marking:
            self._anchor = None
        self.caret = at
        self._typing_run = False

    def draw_value(self, surface: pygame.Surface, rect: pygame.Rect, m: Metrics, hot: bool) -> None:
        self._drawn = style.draw_field(
            surface,
            rect,
            m,
            str(self.get()),
            self.enabled,
            hot,
            self.editing,
            self.marked,
            None if self._caret is None else self.caret,
        )


DOUBLE_CLICK_MS = 400
"""Two presses in a name this close (milliseconds) at one place: a double click."""

UNDO_STEPS = 50
"""How many changes of a name Ctrl+Z can take back."""


def _tidy(text: str) -> str:
    """A name as a field keeps it: no blank before its first word, one between two, and one
    after its last when one was typed there (the space before the next word)."""
    tidy = " ".join(text.split())
    return tidy + " " if tidy and text[-1].isspace() else tidy


def _word_start(text: str, at: int) -> int:
    """Where the word before ``at`` starts (Ctrl+Left, Ctrl+Backspace)."""
    head = text[:at].rstrip()
    return head.rfind(" ") + 1


def _word_end(text: str, at: int) -> int:
    """Where the word after ``at`` ends (Ctrl+Right, Ctrl+Delete)."""
    rest = text[at:]
    words = rest.lstrip()
    blank = words.find(" ")
    return at + len(rest) - len(words) + (len(words) if blank < 0 else blank)


def copy(text: str) -> None:
    """Put ``text`` on the clipboard (nothing where there is no clipboard)."""
    with contextlib.suppress(pygame.error, AttributeError):
        pygame.scrap.put_text(text)


def paste() -> str:
    """The text on the clipboard ("" when there is none or no clipboard)."""
    try:
        text = pygame.scrap.get_text()
    except (pygame.error, AttributeError):
        return ""
    return text or ""


class SettingRow(Widget):
    """A label with its one-line explanation on the left and a control on the right.

    The whole row takes focus; keys and clicks on the control's area go to the control.
    ``picture``, given a height, draws what the control chooses (a card's back, say): shown
    before the control, the words making room for it.
    """

    def __init__(
        self,
        label: Text,
        control: Control,
        *,
        hint: Text | None = None,
        enabled: Callable[[], bool] | None = None,
        control_share: float = 0.36,
        picture: Callable[[int], pygame.Surface] | None = None,
    ) -> None:
        super().__init__(hint=hint, enabled=enabled)
        self.label, self.control, self.control_share = label, control, control_share
        self.picture = picture
        self.says_hint = False
        """The row's explanation was last drawn whole under its label: a screen's line of
        explanations need not say it again (``Form.hint``)."""
        self.inset: int | None = None
        """How far the words start from the row's left edge (None: a quarter of its
        height): rows of other heights above and below write from where they do."""
        if enabled is not None and control._enabled is None:
            control._enabled = enabled

    def place(self, rect: pygame.Rect) -> None:
        super().place(rect)
        self._place_control()

    def _place_control(self) -> None:
        width = int(self.rect.w * self.control_share)
        pad = self.rect.h // 6
        control = pygame.Rect(self.rect.right - width - pad, 0, width, int(self.rect.h * 0.62))
        control.centery = self.rect.centery
        self.control.rect = control

    def moved(self) -> None:
        self._place_control()

    def activate(self) -> None:
        self.control.activate()

    def step(self, direction: int) -> bool:
        return self.control.step(direction)

    def press(self, pos: tuple[int, int]) -> None:
        if self.control.rect.collidepoint(pos):
            self.control.press(pos)

    def release(self, pos: tuple[int, int]) -> None:
        if self.control.rect.collidepoint(pos):
            self.control.release(pos)
        elif self.rect.collidepoint(pos) and isinstance(self.control, Toggle):
            self.control.activate()

    def drag(self, pos: tuple[int, int]) -> None:
        self.control.drag(pos)

    def text_input(self, text: str) -> bool:
        return self.control.text_input(text)

    def key(self, event: pygame.event.Event) -> bool:
        return self.control.key(event)

    def text_area(self, m: Metrics) -> pygame.Rect:
        """Where the label and its explanation are written: from the row's left edge to a
        gap before what the control draws (a switch is narrower than its place)."""
        left = self.rect.left + (self.rect.h // 4 if self.inset is None else self.inset)
        pad = max(1, self.rect.h // 12)
        right = self.control.drawn().left - m.px(style.SPACE_M)
        if self.picture is not None:
            right -= self._picture_box(m).w + m.px(style.SPACE_M)
        return pygame.Rect(left, self.rect.top + pad, right - left, self.rect.h - 2 * pad)

    def _picture_box(self, m: Metrics) -> pygame.Rect:
        """Where ``picture`` is drawn: the row's height but a little, before the control."""
        assert self.picture is not None
        height = max(8, self.rect.h - 2 * m.px(style.SPACE_XS))
        picture = self.picture(height)
        box = picture.get_rect(centery=self.rect.centery)
        box.right = self.control.drawn().left - m.px(style.SPACE_M)
        return box

    def draw(self, surface: pygame.Surface, m: Metrics, focused: bool, hovered: bool) -> None:
        style.draw_row(surface, self.rect, m, focused, hovered)
        enabled = self.enabled
        title = m.pen("ui_bold", style.ROW_TITLE, style.INK if enabled else style.INK_DISABLED)
        note = m.pen("ui", style.ROW_NOTE, style.INK_SOFT if enabled else style.INK_DISABLED)
        area = self.text_area(m)
        if self.hint is None:
            style.text(surface, resolve(self.label), title, area, lines=2)
        else:
            hint = resolve(self.hint)
            head, body = split_row(area, title, note, hint)
            style.text(surface, resolve(self.label), title, head)
            style.text(surface, hint, note, body, valign="top", lines=0)
            laid = style.fit(hint, note, body.w, body.h, lines=0)
            self.says_hint = not (laid.elided or laid.cut)
        if self.picture is not None:
            box = self._picture_box(m)
            surface.blit(self.picture(box.h), box)
        self.control.draw_value(surface, self.control.rect, m, focused or hovered)


def split_row(
    area: pygame.Rect, title: style.Pen, note: style.Pen, hint: str
) -> tuple[pygame.Rect, pygame.Rect]:
    """A row's text area cut into its title (one line) and its note (the rest), the two
    centred together in the row."""
    title_h = style.line_height(title)
    laid = style.fit(hint, note, area.w, area.h - title_h, lines=0)
    top = area.top + max(0, (area.h - title_h - laid.height) // 2)
    head = pygame.Rect(area.left, top, area.w, title_h)
    return head, pygame.Rect(area.left, head.bottom, area.w, area.bottom - head.bottom)


class ScrollPanel:
    """A clipped viewport over a column taller than the window (settings, rules, stats)."""

    def __init__(self) -> None:
        self.viewport = pygame.Rect(0, 0, 0, 0)
        self.content_height = 0
        self.offset = 0
        self.children: list[Widget] = []

    def set_viewport(self, rect: pygame.Rect, content_height: int) -> None:
        self.viewport = pygame.Rect(rect)
        self.content_height = content_height
        self.scroll_to(self.offset)

    @property
    def max_offset(self) -> int:
        return max(0, self.content_height - self.viewport.h)

    def scroll_to(self, offset: int) -> None:
        self.offset = int(min(self.max_offset, max(0, offset)))
        for child in self.children:
            child.rect = child.base.move(0, -self.offset)
            if isinstance(child, SettingRow):
                child.moved()

    def scroll_by(self, amount: int) -> None:
        self.scroll_to(self.offset + amount)

    def reveal(self, widget: Widget, *, ends: bool = False) -> None:
        """Scroll just enough for ``widget`` to be fully visible; with ``ends`` (the keys
        moved the focus), for the last (first) that takes the focus, on towards the end
        (the start) as far as it stays in sight, so that what lies past it, greyed rows
        the keys never reach, comes into sight too (never under a press of the mouse: the
        row would move from under it before its release)."""
        top = widget.base.top - self.viewport.top
        bottom = widget.base.bottom - self.viewport.top
        if ends and widget.enabled and widget in self.children:
            at = self.children.index(widget)
            if not any(w.focusable and w.enabled for w in self.children[at + 1 :]):
                self.scroll_to(min(self.max_offset, top))
                return
            if not any(w.focusable and w.enabled for w in self.children[:at]):
                self.scroll_to(max(0, bottom - self.viewport.h))
                return
        if top < self.offset:
            self.scroll_to(top)
        elif bottom > self.offset + self.viewport.h:
            self.scroll_to(bottom - self.viewport.h)

    def add(self, widget: Widget) -> Widget:
        widget.panel = self
        self.children.append(widget)
        return widget

    def shows(self, pos: tuple[int, int]) -> bool:
        return self.viewport.collidepoint(pos)

    def draw_scrollbar(self, surface: pygame.Surface, m: Metrics) -> None:
        if self.max_offset <= 0:
            return
        style.draw_scrollbar(surface, self.viewport, m, self.offset, self.content_height)


class Form:
    """The widgets of one scene, with focus, hover, mouse capture and keyboard navigation."""

    def __init__(self, widgets: Sequence[Widget] = ()) -> None:
        self.widgets: list[Widget] = list(widgets)
        self.panels: list[ScrollPanel] = []
        self.focus: Widget | None = None
        self.hover: Widget | None = None
        self.captured: Widget | None = None
        self.keyboard_used = False
        self.covered = False
        """Another screen lies over this one and takes the keys: its focus is not ringed."""
        self.keys_last = False
        """The last thing the player did was a key: the focused widget is explained, not
        one the pointer happens to rest on."""

    def add(self, widget: Widget) -> Widget:
        self.widgets.append(widget)
        if widget.panel is not None and widget.panel not in self.panels:
            self.panels.append(widget.panel)
        return widget

    def remove(self, widget: Widget) -> None:
        """Take ``widget`` away (it no longer holds the focus, the hover or the mouse)."""
        self.widgets.remove(widget)
        if self.focus is widget:
            self.focus = None
        if self.hover is widget:
            self.hover = None
        if self.captured is widget:
            self.captured = None

    def clear(self) -> None:
        self.let_go()
        self.widgets.clear()
        self.panels.clear()
        self.focus = self.hover = None

    def let_go(self) -> None:
        """The widget pressed, if any, is let go without being released (``cancel``)."""
        captured, self.captured = self.captured, None
        if captured is not None:
            captured.cancel()

    def focusables(self) -> list[Widget]:
        return [w for w in self.widgets if w.focusable and w.enabled]

    def ringable(self) -> list[Widget]:
        """The focusables a screen may ring as it opens: not a field to type in (keys
        pressed next would go into it)."""
        return [w for w in self.focusables() if not isinstance(_typed(w), TextInput)]

    def widget_at(self, pos: tuple[int, int]) -> Widget | None:
        for widget in reversed(self.widgets):
            if not widget.focusable or not widget.rect.collidepoint(pos):
                continue
            if widget.panel is not None and not widget.panel.shows(pos):
                continue
            return widget
        return None

    def set_focus(self, widget: Widget | None) -> None:
        if isinstance(self.focus, SettingRow | TextInput) and widget is not self.focus:
            target = self.focus.control if isinstance(self.focus, SettingRow) else self.focus
            if isinstance(target, TextInput):
                target.editing = False
        self.focus = widget
        if widget is not None and widget.panel is not None:
            widget.panel.reveal(widget, ends=self.keys_last)

    def move_focus(self, direction: int) -> None:
        items = self.focusables()
        if not items:
            return
        if self.focus not in items:
            self.set_focus(items[0] if direction > 0 else items[-1])
        else:
            self.set_focus(items[(items.index(self.focus) + direction) % len(items)])

    def _move_across(self, direction: int) -> bool:
        """Left or Right on a widget that takes neither (a button): the focus goes to the
        nearest widget that way in the same row (buttons side by side); with no focus yet,
        to the first or the last. False: nothing lies that way."""
        items = self.focusables()
        if self.focus not in items:
            if not items:
                return False
            self.move_focus(direction)
            return True
        here = self.focus.rect
        beside = [
            widget
            for widget in items
            if widget.rect.top < here.bottom
            and here.top < widget.rect.bottom
            and (widget.rect.centerx - here.centerx) * direction > 0
        ]
        if not beside:
            return False
        self.set_focus(min(beside, key=lambda widget: abs(widget.rect.centerx - here.centerx)))
        return True

    def _move_vertically(self, direction: int) -> bool:
        """Down (or Up, ``direction`` -1): the focus goes to the nearest row that way, to
        the widget under (over) this one, else the nearest across that row: as the screen
        lies, not as the widgets were added (Down from New game on the title is Watch, under
        it, not Play online beside it), from a setting into a row of buttons to its main
        one; past the last row, round to the first. False: no
        focus yet, or a form that scrolls, whose order is the screen's."""
        items = self.focusables()
        if self.focus not in items or self.panels:
            return False  # rows scrolled out of sight lie where the screen does not show them
        here = self.focus.rect
        ahead = [
            widget
            for widget in items
            if (widget.rect.top >= here.bottom if direction > 0 else widget.rect.bottom <= here.top)
        ]
        wrapped = not ahead
        if wrapped:
            ahead = [widget for widget in items if widget is not self.focus]
            if not ahead:
                return True

        def gap(widget: Widget) -> int:
            rect = widget.rect
            if wrapped:  # from the far edge: the first row going down, the last going up
                return rect.top if direction > 0 else -rect.bottom
            return rect.top - here.bottom if direction > 0 else here.top - rect.bottom

        nearest = min(gap(widget) for widget in ahead)
        row = [widget for widget in ahead if gap(widget) < nearest + max(1, here.h // 2)]
        # from a setting into a row of buttons: the screen's main one, if that row holds it
        # (Down from the rules of a new game went to Back, under the rules' name, and Enter
        # left the screen)
        bar = not isinstance(self.focus, Button) and all(isinstance(w, Button) for w in row)
        main = [w for w in row if bar and isinstance(w, Button) and w.primary]
        under = [w for w in row if w.rect.left < here.right and here.left < w.rect.right]
        choices = main or under or row
        closest = min(abs(widget.rect.centerx - here.centerx) for widget in choices)
        # Two as near, within a few pixels (a wide button over two columns): the left one,
        # at every window size, however the pixels of the two distances round.
        self.set_focus(
            min(
                (w for w in choices if abs(w.rect.centerx - here.centerx) <= closest + TIE),
                key=lambda widget: widget.rect.left,
            )
        )
        return True

    def handle(self, event: pygame.event.Event) -> bool:
        """Feed one event; True when a widget used it."""
        if event.type in WINDOW_LOST:  # its button may be let go elsewhere, unheard
            self.let_go()
            return False
        if event.type == pygame.MOUSEMOTION:
            self.keys_last = False
            self.hover = self.widget_at(event.pos)
            style.set_pointer(self.hover is not None and self.hover.enabled)
            if self.captured is not None:
                self.captured.drag(event.pos)
            return self.hover is not None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            widget = self.widget_at(event.pos)
            if widget is not None and not widget.enabled and widget.greyed is not None:
                widget.greyed()
                return True
            if widget is None or not widget.enabled:
                return False
            self.keyboard_used = False
            self.set_focus(widget)
            self.captured = widget
            widget.press(event.pos)
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            widget, self.captured = self.captured, None
            if widget is None:
                return False
            widget.release(event.pos)
            return True
        if event.type == pygame.MOUSEWHEEL:
            pos = pygame.mouse.get_pos()
            for panel in self.panels:
                if panel.shows(pos) or len(self.panels) == 1:
                    panel.scroll_by(-event.y * max(1, panel.viewport.h // 8))
                    self.hover = self.widget_at(pos)  # the rows moved under the pointer
                    return True
            return False
        if event.type == pygame.TEXTINPUT and self.focus is not None:
            return self.focus.text_input(event.text)
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        return False

    def _key(self, event: pygame.event.Event) -> bool:
        key = event.key
        self.keyboard_used = self.keys_last = True
        if key == pygame.K_TAB:
            self.move_focus(-1 if event.mod & pygame.KMOD_SHIFT else +1)
            return True
        if key in (pygame.K_DOWN, pygame.K_UP):
            direction = +1 if key == pygame.K_DOWN else -1
            if not self._move_vertically(direction):
                self.move_focus(direction)  # nothing has the focus yet: the first or last
            return True
        if key in (pygame.K_LEFT, pygame.K_RIGHT):
            direction = -1 if key == pygame.K_LEFT else +1
            if self.focus is None:
                return self._move_across(direction)
            if _editing(self.focus):  # the caret moves in the name (by words, with Ctrl)
                return self.focus.key(event)
            return self.focus.step(direction) or self._move_across(direction)
        if self.focus is None:
            return False
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            if key == pygame.K_SPACE and _editing(self.focus):
                return True  # typed: the space comes as text input, like any letter
            self.focus.activate()
            return True
        return self.focus.key(event)

    def editing(self) -> bool:
        """A name field is taking typed text (Esc then ends editing, not the scene)."""
        return self.focus is not None and _editing(self.focus)

    def stop_editing(self) -> None:
        self.set_focus(self.focus)
        target = self.focus.control if isinstance(self.focus, SettingRow) else self.focus
        if isinstance(target, TextInput):
            target.editing = False

    def hint(self, keyed: bool = False, *, unsaid: bool = False) -> str:
        """The explanation of the widget under the mouse, else of the focused one (the
        focused one first after a key: the one a key would press); none while a screen
        covers this one (a question over the title had the title's line
        under it, as if it explained the question). ``keyed``: the focused widget is
        explained only after a key pressed here (a screen whose hint takes the place of
        something else, which a clicked switch, or the ring shown as the screen opened,
        kept hidden). ``unsaid``: none for a row that says its explanation itself, under
        its label (a screen's line under it would say it twice)."""
        if self.covered:
            return ""
        focus = self.focus if self.keys_last or not keyed else None
        order = (focus, self.hover) if self.keys_last else (self.hover, focus)
        for widget in order:
            if widget is not None and widget.hint is not None:
                if unsaid and getattr(widget, "says_hint", False):
                    return ""  # (a line under the screen repeated the row's explanation)
                return resolve(widget.hint)
        return ""

    def draw(self, surface: pygame.Surface, m: Metrics) -> None:
        clip = surface.get_clip()
        for widget in self.widgets:
            if widget.panel is not None:
                if not widget.rect.colliderect(widget.panel.viewport):
                    continue
                surface.set_clip(widget.panel.viewport.clip(clip))
            focused = widget is self.focus and self.keyboard_used and not self.covered
            # on the keys, the widget the pointer rests on is not lit as well: two rows lit
            # looked like two focuses
            hot = widget is self.hover and widget.enabled and not self.keys_last
            widget.draw(surface, m, focused, hot)
            surface.set_clip(clip)
        for panel in self.panels:
            panel.draw_scrollbar(surface, m)


def _typed(widget: Widget) -> Widget:
    """The widget itself, or the control of a settings row."""
    return widget.control if isinstance(widget, SettingRow) else widget


def _editing(widget: Widget) -> bool:
    target = _typed(widget)
    return isinstance(target, TextInput) and target.editing


def column(widgets: Sequence[Widget], area: pygame.Rect, row_height: int, gap: int) -> int:
    """Stack ``widgets`` down ``area`` (full width); returns the bottom of the last one."""
    y = area.top
    for widget in widgets:
        widget.place(pygame.Rect(area.left, y, area.w, row_height))
        y += row_height + gap
    return y - gap if widgets else area.top
