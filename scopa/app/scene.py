"""Scenes and the stack that holds them.

A scene is one screen (title, table, scoring, ...). Events go to the top scene first and
down the stack until one consumes them; ``update`` takes seconds; ``draw`` must not change
state. Overlays (pause menu, dialogs) set ``opaque = False`` so the scene below still shows.

Showing is not running: a scene under an overlay is drawn (it shows through) but only the
top scene updates, so a table under the pause menu is paused: no computer plays, no card
moves. A scene that must go on while covered says so with ``runs_covered = True``.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from .app import App
    from .toasts import ToastBand


DOUBLE_CLICK = 0.5
"""Seconds within which a second press where the first one was makes a double click..."""
DOUBLE_CLICK_REACH = 6
"""...pixels from it. A double click's second press on a screen the first one opened is
not taken: it would answer a question the player has not seen (Play's level question
opens with Expert under the pointer). So with Enter pressed twice as quickly (``ANSWER_KEYS``):
the second press does not answer the screen the first one opened."""


def second_click(
    first: tuple[float, tuple[int, int]], press: tuple[float, tuple[int, int]]
) -> bool:
    """Whether ``press`` (time, place) is a double click's second after the press ``first``:
    soon after it (``DOUBLE_CLICK``) and as good as in its place (``DOUBLE_CLICK_REACH``)."""
    return press[0] - first[0] <= DOUBLE_CLICK and math.dist(press[1], first[1]) <= (
        DOUBLE_CLICK_REACH
    )


POINTER_MOVED = 3
"""Pixels a pointer resting where it was moves to count as moved (a hand resting on the
mouse does not): clicks from a pointer left where it clicked before, or where it lay as a
screen came, are not yet meant for that screen."""

HELP_KEY = pygame.K_F1
"""The key that opens the rules' page of every key, from every screen."""


class Scene:
    opaque = True
    """An opaque scene covers the whole window: scenes below it are not drawn."""
    modal = True
    """A modal scene consumes every event, even those it ignores."""
    runs_covered = False
    """Keep updating while another scene is on top of this one (none does today: a covered
    scene waits)."""
    resume_hint = "resume_hint"
    """The text under Resume on a pause menu opened over this scene: where it goes back to
    ("Back to the table")."""
    hosts_friends = False
    """Friends are seated at a table this scene hosts (the lobby once one has joined): the
    game asks before it quits, as it does with a match hosted here under way."""
    holds_toasts = False
    """While this scene is open, the toasts told over every screen (a file's problem) wait,
    unseen, for the screen under it to be uncovered (the first-start dialog: see
    ``App.hold_toasts``)."""

    def __init__(self, app: App) -> None:
        self.app = app

    @property
    def busy(self) -> bool:
        """Something is moving: the app draws at full rate. A still scene may say False
        (the app then draws it only when input comes)."""
        return True

    @property
    def covered(self) -> bool:
        """Another screen lies over this one (a dialog or a menu, this one drawn under it)."""
        return self.app.stack.top is not self

    @property
    def keys_in_use(self) -> bool:
        """The player here is on the keys, not the pointer: a menu opened over this scene
        rings its focus from the start (one opened by a player on the pointer rings it from
        their first key)."""
        return False

    def enter(self) -> None:
        """Called when the scene becomes the top of the stack (pushed, or uncovered)."""

    def leave(self) -> None:
        """Called when the scene stops being the top (popped, replaced or covered)."""

    def handle(self, event: pygame.event.Event) -> bool:
        """React to one input event; return True when it is consumed."""
        return False

    def update(self, dt: float) -> None:
        """Advance time by ``dt`` seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the scene. Must not change state."""

    def draw_changes(self, surface: pygame.Surface) -> list[pygame.Rect] | None:
        """Draw what changed since this scene last drew the whole window; the rectangles
        to show, or None when everything was drawn (the default: scenes that never move
        much just draw everything)."""
        self.draw(surface)
        return None

    def resize(self, size: tuple[int, int]) -> None:
        """The window changed size; recompute the layout."""

    def toast_band(self) -> ToastBand | None:
        """Where a toast told over this scene hides none of its controls (``Toasts.draw``);
        None: the middle of the whole width, at the top."""
        return None

    def toasts_wait(self) -> bool:
        """Whether the toasts told over this scene wait for now, unseen, their time
        standing still (the screen passing between people: the words are for the one who
        takes it). Not ``holds_toasts``: a scene open over others that holds back the
        toasts told over every screen."""
        return False


class SceneStack:
    def __init__(self) -> None:
        self._scenes: list[Scene] = []

    def __len__(self) -> int:
        return len(self._scenes)

    def __iter__(self):  # type: ignore[no-untyped-def]
        return iter(list(self._scenes))

    @property
    def top(self) -> Scene | None:
        return self._scenes[-1] if self._scenes else None

    def push(self, scene: Scene) -> None:
        if self._scenes:
            self._scenes[-1].leave()
        self._scenes.append(scene)
        scene.enter()

    def pop(self) -> Scene | None:
        if not self._scenes:
            return None
        scene = self._scenes.pop()
        scene.leave()
        if self._scenes:
            self._scenes[-1].enter()
        return scene

    def replace(self, scene: Scene) -> None:
        """Swap the top scene for ``scene``."""
        if self._scenes:
            self._scenes.pop().leave()
        self._scenes.append(scene)
        scene.enter()

    def clear_to(self, scene: Scene) -> None:
        """Leave every scene and start afresh from ``scene`` (e.g. back to the title)."""
        while self._scenes:
            self._scenes.pop().leave()
        self._scenes.append(scene)
        scene.enter()

    def handle(self, event: pygame.event.Event) -> bool:
        for scene in reversed(self._scenes):
            if scene.handle(event) or scene.modal:
                return True
        return False

    def update(self, dt: float) -> None:
        """The top scene runs; a covered one only if it says it runs covered."""
        for scene in self._running():
            scene.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        for scene in self._visible():
            scene.draw(surface)

    def resize(self, size: tuple[int, int]) -> None:
        for scene in list(self._scenes):
            scene.resize(size)

    @property
    def busy(self) -> bool:
        """Something moves on screen: only running scenes can move."""
        return any(scene.busy for scene in self._running())

    def _running(self) -> list[Scene]:
        return [
            scene
            for i, scene in enumerate(self._scenes)
            if i == len(self._scenes) - 1 or scene.runs_covered
        ]

    @property
    def visible(self) -> list[Scene]:
        """The scenes drawn, bottom to top: the topmost opaque one and those above it."""
        return self._visible()

    def _visible(self) -> list[Scene]:
        start = 0
        for i in range(len(self._scenes) - 1, -1, -1):
            if self._scenes[i].opaque:
                start = i
                break
        return self._scenes[start:]
