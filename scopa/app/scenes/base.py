"""What every menu screen shares: a form of widgets, a felt background, Esc to go back,
and a layout recomputed from the window size."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from .. import style
from ..scene import HELP_KEY, Scene
from ..style import Metrics
from ..toasts import ToastBand, Words, worded
from ..widgets import Form

if TYPE_CHECKING:
    from ..app import App
    from ..matches import Matches

LANGUAGES = (("it", "Italiano"), ("en", "English"))
"""The languages the game speaks, each by its own name."""
NOTE_SECONDS = 5.0
"""How long a note about the field being typed in stays on the explanation line."""


class MenuScene(Scene):
    """Subclasses build their widgets once in ``build`` and place them in ``layout``."""

    FADE_IN = 0.18
    """Seconds a full-screen menu takes to appear (from the felt's darkness)."""
    ENTER_PRESSES = False
    """Enter before any key chose a button presses the first, when it is the main one."""
    HELP_KEY_OPENS = True
    """F1 opens the rules' page of every key (not over that page itself)."""
    OUTSIDE_GOES_BACK = False
    """A sheet over another screen (a question, a chooser): a click outside it goes back, as
    Esc does (a player on the mouse alone has a way back)."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.age = 0.0
        self.form = Form()
        self._field_note: tuple[Words, float] | None = None
        opener = app.stack.top
        # a player on the keyboard keeps seeing where the focus is in the screen they open,
        # a menu's or the table's (the pause menu, the score sheet)
        self.form.keyboard_used = opener is not None and opener.keys_in_use
        self.m = Metrics(app, app.size)
        self.build()
        self.layout()
        if self.form.keyboard_used and self.form.focus is None and not self.ENTER_PRESSES:
            # opened from the keys: the ring shows at once where they start (the first
            # control, where the first Enter or arrow would have put it), not only after
            # a key pressed to find it
            self.form.set_focus(next(iter(self.form.ringable()), None))

    @property
    def keys_in_use(self) -> bool:
        return self.form.keyboard_used

    def t(self, key: str, **params: object) -> str:
        return self.app.t(key, **params)

    def tr(self, key: str, **params: object) -> Callable[[], str]:
        """A label that follows the language: translated when drawn, not when built."""
        return lambda: self.app.t(key, **params)

    def build(self) -> None:
        """Create the widgets (once)."""

    def writable(self, typed: str) -> str:
        """What of ``typed`` a name may hold: the letters the game's fonts cannot draw are
        left out, and the player is told so (``TextInput``'s ``keep``)."""
        missing = style.unwritable(typed, self.app.font)
        if not missing:
            return typed
        self.tell_here(worded("cannot_draw"))
        return "".join(char for char in typed if char not in missing)

    def name_full(self, letters: int) -> None:
        """A name field took all the letters it holds (``TextInput``'s ``full``)."""
        self.tell_here(worded("name_full", n=letters))

    def tell_here(self, words: Words) -> None:
        """Say ``words`` on this screen's explanation line for ``NOTE_SECONDS``, in red:
        what a field refused is said among the screen's own words, near its buttons, not
        in a toast over the screen's heading."""
        self._field_note = (words, self.age + NOTE_SECONDS)

    def field_note(self) -> str:
        """The note on the explanation line while it lasts (``tell_here``), else ""."""
        if self._field_note is None or self.age >= self._field_note[1]:
            return ""
        return self._field_note[0](self.app.t)

    def choose_language(self, language: str) -> None:
        """Speak ``language`` from now on (``App.choose_language``)."""
        self.app.choose_language(language)

    def layout(self) -> None:
        """Place the widgets for the current window size."""

    def resize(self, size: tuple[int, int]) -> None:
        self.m = Metrics(self.app, size)
        self.layout()

    def enter(self) -> None:
        self.form.covered = False
        if self.m.w != self.app.size[0] or self.m.h != self.app.size[1]:
            self.resize(self.app.size)

    def update(self, dt: float) -> None:
        self.age += dt

    @property
    def busy(self) -> bool:
        """Moving without input: the fade-in, a widget held by the mouse, or a name field
        being edited (its caret blinks). Otherwise the menu is still, and the app draws it
        only when input comes, like a still table."""
        fading = self.opaque and self.age < self.FADE_IN
        note = self._field_note
        noted = note is not None and self.age < note[1] + 0.1  # and the frame it is gone
        return fading or noted or self.form.captured is not None or self.form.editing()

    def leave(self) -> None:
        # Covered before its fade-in ended (the first start's offer opens over the title at
        # once): a covered menu does not run, so it would stay dark under the cover.
        self.age = max(self.age, self.FADE_IN)
        self.form.covered = True
        style.set_pointer(False)

    def back(self) -> None:
        """Esc: leave this screen."""
        self.app.stack.pop()

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            if self.form.editing():
                self.form.stop_editing()
            else:
                self.back()
            return True
        if (
            self.OUTSIDE_GOES_BACK
            and event.type == pygame.MOUSEBUTTONDOWN
            and event.button == 1
            and not self.panel.collidepoint(event.pos)
        ):
            self.back()
            return True
        if event.type == pygame.KEYDOWN and event.key == HELP_KEY and self.HELP_KEY_OPENS:
            # every key, on the rules' page of them, from every screen as from the table
            # (only the table's F1 said where they were told)
            self.app.open("rules", page="keys")
            return True
        if (
            event.type == pygame.KEYDOWN
            and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER)
            and self.form.focus is None
            and self.form.focusables()
        ):
            # Enter before any key chose a button shows the focus on the first, as the
            # arrows do: a keyboard player starts with Enter, and nothing happened. Where
            # the screen's first button is plainly what Enter means (``ENTER_PRESSES``:
            # Continue or Play on the title), Enter presses it: a keyboard player pressed
            # Enter twice to start.
            self.form.keyboard_used = True
            self.form.move_focus(+1)
            first = self.form.focus
            if self.ENTER_PRESSES and first is not None and getattr(first, "primary", False):
                first.activate()
            return True
        return self.form.handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        style.draw_background(surface, self.app.settings.felt)
        self.draw_content(surface)
        self.form.draw(surface, self.m)
        self.draw_overlay(surface)
        if self.opaque and self.age < self.FADE_IN:
            style.fade(surface, round(255 * (1 - self.age / self.FADE_IN)), self.app.settings.felt)

    def place_sheet(self, width: float, height: float, pad_x: float, pad_y: float) -> pygame.Rect:
        """Lay out the paper sheet the screen is written on: ``self.panel``, ``width`` x
        ``height`` of the reference height in the middle of the window, and its heading at
        the top (``self.heading_box``); returns the sheet's inside (the heading's top)."""
        m = self.m
        self.panel = m.centered(width, height)
        inner = self.panel.inflate(-m.px(pad_x), -m.px(pad_y))
        height_px = style.line_height(self.heading_pen())
        self.heading_box = pygame.Rect(inner.left, inner.top, inner.w, height_px)
        return inner

    def heading_pen(self) -> style.Pen:
        return self.m.pen("title", style.HEADING, style.INK)

    def beside_heading(
        self, heading: str, below: float, wide: tuple[float, float] | None = None
    ) -> ToastBand:
        """Toasts beside the sheet's ``heading``, on its corner at the left; one too long
        for it goes from ``below``, across ``wide`` (the sheet's width): never over the
        heading, which told the players where they were."""
        box = self.heading_box
        gap = self.m.px(style.SPACE_S)
        width = style.fit(heading, self.heading_pen(), box.w, box.h).width
        right = max(box.left, box.centerx - width / 2 - gap)
        return ToastBand(box.left, right, box.bottom, below, wide or (box.left, box.right))

    def draw_sheet(self, surface: pygame.Surface, heading: str) -> pygame.Rect:
        """The paper sheet and its heading (see ``place_sheet``); returns the paper's inside."""
        paper = style.paper_panel(surface, self.panel, self.m)
        style.text(surface, heading, self.heading_pen(), self.heading_box, align="center")
        return paper

    def draw_content(self, surface: pygame.Surface) -> None:
        """Panels, titles and pictures under the widgets."""

    def draw_overlay(self, surface: pygame.Surface) -> None:
        """Anything over the widgets (the explanation line)."""

    def draw_hint(
        self,
        surface: pygame.Surface,
        area: pygame.Rect,
        color: style.Color = style.CREAM,
        resting: str = "",
        pointed: str = "",
        news: str = "",
    ) -> None:
        """The explanation of the widget under the mouse or focused, else ``resting`` (none
        under a screen that covers this one); a note told about a field (``tell_here``)
        before it while it lasts. ``pointed``: what explains the place under the pointer
        that is no widget (a figure of the statistics), over the focused widget's.
        ``news``: said over any widget's explanation (the screen knows it is not asked)."""
        note = self.field_note()
        if note:
            pen = self.m.pen("ui_bold", style.SMALL, style.LACQUER)
            style.text(surface, note, pen, area, align="center", lines=0)
            return
        under = "" if self.form.covered or self.form.hover is not None else pointed
        covered = self.form.covered
        text = ("" if covered else news) or under or self.form.hint(unsaid=True)
        text = text or ("" if covered else resting)
        if text:
            pen = self.m.pen("ui", style.SMALL, color)
            style.text(surface, text, pen, area, align="center", lines=0)


class NotesRead:
    """What a screen showing accuracies read of them: whether past matches graded again
    have written more since (``Matches.past_notes_made``)."""

    def __init__(self, matches: Matches) -> None:
        self.matches = matches
        self.read = matches.past_notes_made

    def take(self) -> bool:
        """More were written since last asked (the screen reads them again now)."""
        made = self.matches.past_notes_made
        new, self.read = made != self.read, made
        return new
