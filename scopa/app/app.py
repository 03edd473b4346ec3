"""The application: the window, the loop and the services scenes share.

Scenes get the ``App`` they belong to and reach everything through it (settings, storage,
translations, fonts, sound), so nothing is a module global and tests can build an App on a
temporary folder with the dummy video driver and step it frame by frame.
"""

from __future__ import annotations

import contextlib
import os
import time
import warnings
from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any

import pygame

from scopa.audio import Audio
from scopa.i18n import Translator
from scopa.log import log
from scopa.resources import asset_path, font_path
from scopa.settings import WINDOW_LIMITS

from .matches import Matches
from .scene import DOUBLE_CLICK, Scene, SceneStack, second_click
from .toasts import Toast, Toasts, Words

if TYPE_CHECKING:
    from scopa.settings import Settings
    from scopa.storage import Store

SYSTEM_QUIT = "scopa: ending as the system asked (a session closing, or a signal)"
"""Written to the log when the game ends so: nothing on screen did it, and the window
simply goes away."""
MIN_SIZE = (960, 540)
DEFAULT_SIZE = (1280, 720)
FRAME_ROOM = 80
"""Pixels of the desktop's height a first window leaves to its title bar and the taskbar."""
FPS = 60
IDLE_FPS = 15
"""When nothing moves, fewer frames: the game stays cool on laptops and shared machines."""
F11_CALM = 1.0
"""Seconds after F11 rebuilt the window in which another F11 is not a new press: the new
window, given the focus while the key is still taken for held, is told it was pressed
again (and the old one, losing it, that it was let go), which flipped full screen on and
off twice a second for as long as it went on."""
FILE_TOAST_SECONDS = 10.0
"""Messages about files are long (which file, what was wrong, where the backup is); their
time runs once the player is seen at the keys or the mouse (``SEEN_BY``)."""
SEEN_BY = (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.MOUSEMOTION, pygame.MOUSEWHEEL)
"""Events that tell the player is at the game, reading what it shows."""
ANSWER_KEYS = frozenset((pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE))

SceneFactory = Callable[..., Scene]
"""Makes a scene: ``factory(app, **params)``."""


class UnknownScene(KeyError):
    """A scene was asked for by a name the registry does not hold."""


FONTS_KEPT = 64
"""Fonts kept open at once, the ones used most recently (``App.font``): each holds its file
open, and every size of window asks for sizes of its own, so keeping all of them let a
player who resized the window again and again run out of open files."""


class Fonts:
    """The one font loader: ``fonts(role, px)``, a font for ``role`` ('ui', 'ui_bold',
    'title', 'symbols') at ``px`` pixels, the ones used most recently kept open
    (``FONTS_KEPT``). The style's caches of laid-out text are keyed by it, so it holds
    nothing of the app: a key naming the app itself kept every app made in one process
    alive, with its scenes and their pictures (a test run's workers grew by gigabytes)."""

    def __init__(self) -> None:
        self._kept: dict[tuple[str, int], pygame.font.Font] = {}

    def __call__(self, role: str, px: int) -> pygame.font.Font:
        key = (role, px)
        font = self._kept.pop(key, None)
        if font is None:
            path: str | None
            try:
                found = font_path(role)
                path = str(found) if found is not None else None
            except (FileNotFoundError, OSError, KeyError, ValueError):
                path = None
            try:
                font = pygame.font.Font(path, px)
            except (OSError, pygame.error):
                font = pygame.font.Font(None, px)
            while len(self._kept) >= FONTS_KEPT:  # the one used longest ago is let go
                del self._kept[next(iter(self._kept))]
        self._kept[key] = font  # last in the order: the one used most recently
        return font


TRACED = (
    pygame.MOUSEBUTTONDOWN,
    pygame.MOUSEBUTTONUP,
    pygame.WINDOWFOCUSGAINED,
    pygame.WINDOWFOCUSLOST,
    pygame.WINDOWCLOSE,
    pygame.WINDOWMOVED,
    pygame.WINDOWSHOWN,
    pygame.WINDOWHIDDEN,
    pygame.WINDOWENTER,
    pygame.WINDOWLEAVE,
)
"""The input events the trace tells of (``App.trace``)."""


class App:
    def __init__(
        self,
        store: Store,
        *,
        size: tuple[int, int] = DEFAULT_SIZE,
        settings: Settings | None = None,
        scenes: Mapping[str, SceneFactory] | None = None,
        kept_fullscreen: bool | None = None,
    ) -> None:
        # The window's close button sends WINDOWCLOSE alone, not QUIT after it: a game that
        # hosts a table asks first (``dispatch``). QUIT still comes from the system (the
        # session ending, SIGTERM) and ends the game at once.
        os.environ.setdefault("SDL_QUIT_ON_LAST_WINDOW_CLOSE", "0")
        pygame.display.init()
        pygame.font.init()
        self.store = store
        self.settings_kept = True
        """The settings' last change was written (a folder that cannot be written keeps
        none: they apply until the game is closed)."""
        self.settings = settings if settings is not None else store.load_settings()
        self.t = Translator(self.settings.language)
        self.stack = SceneStack()
        self.scenes: dict[str, SceneFactory] = dict(scenes or {})
        """The registry: scenes open each other by name, never by importing each other."""
        self.matches = Matches(self)
        self.trace: Callable[[str], None] | None = None
        """Automated checks: told what the table shows (see ``scopa.__main__``)."""
        self.watch_fast = False
        """The watcher last chose to see matches four times faster: the next match watched
        (a round replayed, a rematch) goes on so, as the next round does."""
        self.clock = pygame.time.Clock()
        self.running = True
        self.toasts = Toasts()
        self._shown_alone: Scene | None = None
        """The scene that drew the last frame shown, when it filled the window alone."""
        self._shown_size: tuple[int, int] | None = None
        self._exposed = False
        """The window system lost the window's picture: the next frame shows all of it."""
        self.elapsed = 0.0
        """Seconds of frames run (the time a double click is measured in)."""
        self._last_press: tuple[float, tuple[int, int], Scene | None] | None = None
        """When and where the last press of the left button was, and the screen it met."""
        self._swallowed = False
        """A double click's second press was not taken: nor is its release."""
        self._last_answer: tuple[float, Scene | None] | None = None
        """When the last key that answers (Enter) was pressed, and the screen it met."""
        self._moves = 0
        """Pointer motions since the last event the trace tells of (``_trace_input``)."""
        self._f11_down = False
        """F11 toggled full screen and was not let go since: the window it was pressed in is
        gone, and the key-downs that reach the new one are not a new press."""
        self._f11_at: float | None = None
        """When (``now``) F11 last toggled full screen (``F11_CALM``)."""
        self.now: Callable[[], float] = time.monotonic
        """The clock of real time (frames slowed by a window being built count less)."""
        self.keys_last = False
        """The player's last press was a key's, not the mouse's: a screen uncovered (the
        title under the first start's dialog, closed from the keys) shows its focus."""
        self._quit_question: Scene | None = None
        """The question a host is asked before quitting, while it may be open."""
        self.font = Fonts()
        """A font for a role ('ui', 'ui_bold', 'title', 'symbols') at a size in pixels."""
        self._windowed_size = _at_least_min(size)
        self._windowed_at: tuple[int, int] | None = None
        """Where the window was before it went full screen (``set_fullscreen``)."""
        self._written_size = self.settings.window_size
        self._kept_fullscreen = kept_fullscreen
        self._run_fullscreen = self.settings.fullscreen
        """The full screen saved (``kept_fullscreen``, None: as in ``settings``) where the
        command line asked for this run's window otherwise: the settings are written with
        it until the player switches (a launcher passing a size turned it off for good)."""
        """The window size the settings last written hold (as the game started, the one
        remembered): saved again at the end if the window's differs."""
        pygame.display.set_caption("Scopa")
        self._set_icon()
        self.screen = self._open_window(self.settings.fullscreen)
        self._laid_out = self.size
        """The window size the scenes were last laid out for."""
        self.audio = Audio(self.settings.volume, self.settings.muted)
        self.show_store_messages()

    # --- window ------------------------------------------------------------------------

    def _open_window(self, fullscreen: bool) -> pygame.Surface:
        if fullscreen:
            return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        return self._windowed(self._windowed_size)

    @staticmethod
    def _windowed(size: tuple[int, int]) -> pygame.Surface:
        """The window at ``size``, which its edges cannot drag below ``MIN_SIZE``: the
        window manager stops them there, where a smaller size would have the window built
        again at that size (``resize``), moved and no longer maximised."""
        screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        window = _window()
        if window is not None:
            window.minimum_size = MIN_SIZE
        return screen

    def _set_icon(self) -> None:
        # A missing icon leaves the system's default: nothing else depends on it.
        with contextlib.suppress(OSError, pygame.error):
            pygame.display.set_icon(pygame.image.load(str(asset_path("icons", "scopa-64.png"))))

    @property
    def size(self) -> tuple[int, int]:
        return self.screen.get_size()

    def set_muted(self, muted: bool) -> None:
        """The sound off, or on again, at once and for the next runs (Settings' Mute, M at
        the table)."""
        self.settings = self.settings.with_(muted=muted)
        self.audio.set_muted(muted)
        self.save_settings()

    def set_fullscreen(self, fullscreen: bool) -> None:
        """Full screen (F11, Settings) or a window again, of the size and in the place it
        had (``_to_the_corner``)."""
        if not fullscreen:
            self.screen = self._open_window(False)
            window, place = _window(), self._windowed_at
            if window is not None and place is not None:
                window.position = place
        else:
            self._windowed_size = self.size
            self._windowed_at = _to_the_corner()
            self.screen = self._open_window(True)
        self._lay_out()

    def resize(self, size: tuple[int, int]) -> None:
        """The window given ``size``, within ``MIN_SIZE`` and the largest a window can draw
        (``WINDOW_LIMITS``: a window stretched past it lost its picture, and the game with
        it, and is given that size back)."""
        size = self._windowed_size = _within_limits(size)
        # Remembered for the next run, written when the game closes (not at every step
        # of a window's edge being dragged).
        self.settings.window_width, self.settings.window_height = size
        if _size_of(self.screen) != size:
            self.screen = self._windowed(size)
        self._lay_out()

    def _lay_out(self) -> None:
        self._laid_out = self.size
        self.stack.resize(self.size)

    # --- navigation --------------------------------------------------------------------

    def make(self, name: str, **params: Any) -> Scene:
        """A new scene ``name`` (from the registry), not yet shown."""
        try:
            factory = self.scenes[name]
        except KeyError:
            raise UnknownScene(f"no scene is registered as {name!r}") from None
        return factory(self, **params)

    def open(self, name: str, **params: Any) -> Scene:
        """Show scene ``name`` over the current one."""
        scene = self.make(name, **params)
        self.stack.push(scene)
        return scene

    def swap(self, name: str, **params: Any) -> Scene:
        """Show scene ``name`` in place of the current one."""
        scene = self.make(name, **params)
        self.stack.replace(scene)
        return scene

    def back(self) -> None:
        """Close the current scene, uncovering the one below."""
        self.stack.pop()

    def home(self) -> Scene:
        """Leave every scene for the title (a match's last sheet left so is let go: a
        window closed on it keeps it, for its rematch)."""
        self.matches.left_sheet()
        scene = self.make("title")
        self.stack.clear_to(scene)
        return scene

    # --- services ----------------------------------------------------------------------

    def set_language(self, language: str) -> None:
        self.t = Translator(language)
        self.toasts.reword(self.t)

    def choose_language(self, language: str) -> None:
        """Speak ``language`` from now on, as the player chose: saved at once, and every
        text follows (labels are translated as they are drawn)."""
        self.settings = self.settings.with_(language=language)
        self.store.language_lost = False  # said: written with the settings from now on
        self.save_settings()
        self.set_language(language)

    def notify(
        self,
        words: Words,
        seconds: float = 6.0,
        *,
        key: str | None = None,
        everywhere: bool = False,
        until_seen: bool = False,
        bound: bool = False,
    ) -> bool:
        """Show a short message over every scene (problems with files, saved games, ...),
        in the player's language, and in another if they change it while it shows; False
        when it is not shown again (told already).

        ``key`` names a problem that may last: it is told once until ``toasts.resolve(key)``
        (or a few minutes pass), however often it is notified. The message belongs to the
        screen on top (see ``toasts``), or to none when ``everywhere`` (a file's problem,
        whatever screen it came up on). ``until_seen``: its time runs only once the player
        is seen at the keys or the mouse while it shows. ``bound``: it speaks of the screen
        on top alone, and goes when that screen closes.
        """
        owner = None if everywhere else self.stack.top
        return self.toasts.add(
            words(self.t), seconds, key=key, owner=owner, words=words, until_seen=until_seen,
            bound=bound and not everywhere,
        )  # fmt: skip

    def toast_layer(self, toast: Toast) -> Scene | None:
        """The scene a toast is drawn just above: the one it was told over while that one
        is in sight, else the lowest scene in sight. A sheet opened later covers it."""
        visible = self.stack.visible
        if not visible:
            return None
        return next((scene for scene in visible if scene is toast.owner), visible[0])

    def toast_in_sight(self, toast: Toast) -> bool:
        """Nothing covers the toast: its time runs; but not while the pointer rests on it
        (a long notice about a damaged file is read to its end, its backup's name noted),
        moved there since it showed: a toast that came up under the pointer resting after a
        drag would have stayed over the table's cards until the mouse moved), unless what it
        tells has ended."""
        drawn = toast.drawn
        if drawn is not None and not toast.ended and pygame.mouse.get_focused():
            pointer = pygame.mouse.get_pos()
            if drawn.collidepoint(pointer) and pointer != toast.pointer_then:
                return False
        layer = self.toast_layer(toast)
        return layer is self.stack.top and not (layer is not None and layer.toasts_wait())

    def _covered(self, toast: Toast) -> bool:
        """The toast's screen is still open but a whole screen covers it (the review over
        the table): what it said is about a screen out of sight. A toast that waits for
        its screen is not ended so."""
        owner = toast.owner
        if owner is None or toast.waits or owner in self.stack.visible:
            return False
        return any(scene is owner for scene in self.stack)

    def _left(self, toast: Toast) -> bool:
        """The toast speaks of its screen alone (``bound``), and that screen is closed."""
        return toast.bound and not any(scene is toast.owner for scene in self.stack)

    def hold_toasts(self) -> None:
        """While a scene that ``holds_toasts`` is open (the first-start dialog over the
        title), the toasts told over every screen wait for the screen under it: behind the
        dialog they were half hidden, their time standing still, and a table or tutorial
        opened from it took them over its top. They show once that screen is uncovered,
        or over whatever is in sight once it is gone (the tutorial ends on a new title),
        and from then on go over every screen again, as they were told."""
        scenes = list(self.stack)
        top = self.stack.top
        under = next((scenes[i - 1] for i, s in enumerate(scenes) if i and s.holds_toasts), None)
        for toast in self.toasts:
            if toast.waits:
                if toast.owner is top or toast.owner not in scenes:
                    toast.owner, toast.waits = None, False
            elif toast.owner is None and under is not None:
                toast.owner, toast.waits = under, True

    @property
    def toasts_running(self) -> bool:
        return any(self.toast_in_sight(toast) for toast in self.toasts.shown())

    def save_settings(self) -> None:
        written = self.settings
        if self._kept_fullscreen is not None:
            if written.fullscreen == self._run_fullscreen:
                written = written.with_(fullscreen=self._kept_fullscreen)
            else:  # switched by the player: their choice from now on
                self._kept_fullscreen = None
        self.settings_kept = self.store.save_settings(written)
        if self.settings_kept:
            self._written_size = self.settings.window_size
        merged, self.store.merged_settings = self.store.merged_settings, None
        if merged is not None:  # with what another copy of the game changed meanwhile
            language = self.settings.language
            self.settings = merged
            if merged.language != language:
                self.set_language(merged.language)
        self.show_store_messages()

    def show_store_messages(self) -> None:
        """Show (once, in the player's language) what the store found wrong while reading
        or writing files; problems that have ended may be told again if they come back."""
        for problem in self.store.take_messages():
            told = self.notify(  # (a player who looked away would not know what was lost)
                problem.render,
                FILE_TOAST_SECONDS,
                key=problem.topic or None,
                everywhere=True,
                until_seen=True,
            )
            if told:  # the log keeps the details, once as the player is told once
                details = (f"[{detail}]" for detail in problem.details())
                log("scopa:", problem, *details)
        for topic in self.store.take_recovered():
            self.toasts.resolve(topic)

    # --- loop --------------------------------------------------------------------------

    def frame(
        self,
        dt: float,
        events: Iterable[pygame.event.Event] | None = None,
        *,
        draw: bool | None = True,
        whole: bool = False,
        stalled: bool = False,
    ) -> bool:
        """One frame: input, update by ``dt`` seconds, then draw and show.

        ``draw=None`` draws only when something may have changed on screen (input came,
        or a scene was or is moving: the frame where a movement ends is drawn too);
        returns whether the frame was drawn. ``whole`` repaints and shows the whole window
        (not only what changed). ``stalled``: the game was held up (a starved or stopped
        process) while the events waited, when they were made is unknown: the presses
        among them are taken apart, not as a double click (two clicks a second apart, on
        a card and on it again, played it).
        """
        moving = draw is None and self.stack.busy
        self.elapsed += dt
        received = list(pygame.event.get() if events is None else events)
        pressed = False
        for event in received:  # where the player saw things: before a new size moves them
            if stalled and event.type == pygame.MOUSEBUTTONDOWN:
                if pressed:  # the press before is past a double click's reach
                    self.elapsed += DOUBLE_CLICK
                    self.stack.update(DOUBLE_CLICK)
                pressed = True
            self.dispatch(event)
        self._follow_window_surface()
        self.stack.update(dt)
        self.matches.follow()
        self.show_store_messages()
        if self.toasts:
            self.hold_toasts()
            self.toasts.forget(self._covered)
            self.toasts.forget(self._left)
        self.toasts.update(dt, self.toast_in_sight)
        if self._exposed:
            self._exposed = False
            draw = whole = True
        if draw is None:
            draw = moving or bool(received) or self.toasts_running or self.stack.busy
        if draw:
            self.show(whole=whole)
        return draw

    def _follow_window_surface(self) -> None:
        """The window system may change the window behind the game's back: pygame then
        gives it a new surface (a full-screen window minimised and restored) or a new size
        (the resize events a full-screen game ignores). Drawing on the old surface would
        crash; the scenes are laid out again for the size, and the picture shown whole."""
        current = pygame.display.get_surface()
        if current is None:
            return
        if current is not self.screen:
            self.screen = current
            self._exposed = True
        if current.get_size() != self._laid_out:
            self._exposed = True
            self._lay_out()

    def show(self, *, whole: bool = False) -> None:
        """Draw the frame and put it on screen.

        When one scene fills the window alone, as it did for the last frame, it repaints
        only what changed and only those rectangles are shown (a card gliding over a 4K
        table costs a few card-sized repaints); otherwise everything is drawn and shown.
        """
        top = self.stack.top
        alone = top is not None and self.stack.visible == [top] and not self.toasts.shown()
        size = self.screen.get_size()
        if alone and not whole and top is self._shown_alone and size == self._shown_size:
            assert top is not None
            rects = top.draw_changes(self.screen)
            if rects is None:
                pygame.display.flip()
            elif rects:
                pygame.display.update(rects)
        else:
            self.draw()
            pygame.display.flip()
        self._shown_alone = top if alone else None
        self._shown_size = size

    def dispatch(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            self.keys_last = True
        elif event.type == pygame.MOUSEBUTTONDOWN:
            self.keys_last = False
        if event.type in SEEN_BY and getattr(event, "rel", None) != (0, 0):
            # (a window opening under a resting pointer is told of a motion that moved
            # nothing: the player is not seen by it)
            self.toasts.seen()
        if event.type == pygame.QUIT:
            log(SYSTEM_QUIT)
            self.running = False
            return
        if event.type == pygame.WINDOWCLOSE:  # the close button: as Quit, asked again it quits
            if self._quit_question is not None and self._quit_question in self.stack:
                self._trace_input(event, "quits")
                self.quit()
            else:
                self._trace_input(event, "asks")
                self.ask_to_quit()
            return
        if event.type in (pygame.WINDOWEXPOSED, pygame.VIDEOEXPOSE):
            # Mapped again, made full screen or uncovered: what was shown is gone, and
            # showing only the pieces that change would leave the rest of it blank.
            self._exposed = True
            return
        if event.type == pygame.VIDEORESIZE and not self.settings.fullscreen:
            self.resize((event.w, event.h))
            return
        if self._through_new_screen(event):
            self._trace_input(event, "swallowed as a double click's")
            return
        if event.type == pygame.KEYUP and event.key == pygame.K_F11:
            self._f11_down = False
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            if self._f11_down:  # held, or its release lost with the window it was pressed in
                return
            now = self.now()
            if self._f11_at is not None and now - self._f11_at < F11_CALM:
                return  # the new window told of the press that built it
            self._f11_down, self._f11_at = True, now
            self.settings.fullscreen = not self.settings.fullscreen
            self.set_fullscreen(self.settings.fullscreen)
            self.save_settings()
            return
        taken = self.stack.handle(event)
        self._trace_input(event, "taken" if taken else "not taken")

    def _trace_input(self, event: pygame.event.Event, fate: str) -> None:
        """An input event of ``TRACED`` (a press or release of a mouse button, the window
        closed, shown, moved, or gaining or losing the pointer or the focus) to the trace,
        when tracing: where, the screens open, the motions since, and what became of it."""
        if self.trace is None:
            return
        if event.type == pygame.MOUSEMOTION:
            self._moves += 1
        if event.type not in TRACED:
            return
        scenes = ",".join(type(scene).__name__ for scene in self.stack)
        what = pygame.event.event_name(event.type)
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            what = f"{what} {event.button} at {event.pos}"
        moves, self._moves = self._moves, 0
        self.trace(f"{what} over {scenes} after {moves} motions: {fate}")

    def _through_new_screen(self, event: pygame.event.Event) -> bool:
        """Whether ``event`` (the left button) is the second press of a double click on a
        screen the first press opened, or that press's release, or Enter pressed again as
        quickly on a screen the first Enter opened (and each pressed on as quickly after
        it): none is taken."""
        if event.type == pygame.KEYDOWN and event.key in ANSWER_KEYS:
            now, top = self.elapsed, self.stack.top
            answered = self._last_answer
            if (
                answered is not None
                and now - answered[0] <= DOUBLE_CLICK
                and top is not answered[1]
            ):
                # and so is each pressed on as quickly after it: Space pressed every third
                # of a second pressed the title's Play once the lessons it closed were gone
                self._last_answer = (now, answered[1])
                return True
            self._last_answer = (now, top)
            return False
        if event.type not in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) or event.button != 1:
            return False
        if event.type == pygame.MOUSEBUTTONUP:
            swallowed, self._swallowed = self._swallowed, False
            return swallowed
        now, pos, top = self.elapsed, tuple(event.pos), self.stack.top
        last = self._last_press
        if last is not None and top is not last[2] and second_click(last[:2], (now, pos)):
            self._swallowed = True
            return True
        self._last_press = (now, pos, top)
        return False

    def draw(self) -> None:
        """The scenes in sight, bottom to top, each with the toasts told over it."""
        visible = self.stack.visible
        for scene in visible:
            scene.draw(self.screen)
            if self.toasts:
                self.toasts.draw(
                    self.screen,
                    self.font,
                    lambda toast, s=scene: self.toast_layer(toast) is s and not s.toasts_wait(),
                    scene.toast_band(),
                )
        if not visible and self.toasts:
            self.toasts.draw(self.screen, self.font)
        pointer = pygame.mouse.get_pos()
        for toast in self.toasts.shown():
            if toast.drawn is not None and toast.pointer_then is None:
                toast.pointer_then = pointer

    def run(
        self,
        first: Scene | Callable[[App], Scene] | None = None,
        *,
        max_frames: int | None = None,
    ) -> None:
        """Run until the window closes (or ``max_frames`` frames have been drawn).

        While nothing moves and no input comes, frames are neither drawn nor shown (a
        still table costs almost nothing), apart from one a second in case the window
        system lost the picture.
        """
        if first is not None:
            self.stack.push(first if isinstance(first, Scene) else first(self))
        frames = 0
        since_drawn = 0.0
        while self.running and len(self.stack):
            busy = self.stack.busy or self.toasts_running
            rate = FPS if busy or pygame.event.peek() else IDLE_FPS
            waited = self.clock.tick(rate) / 1000.0
            dt = min(waited, 0.1)
            since_drawn += dt
            must = frames == 0 or since_drawn >= 1.0
            stalled = waited > DOUBLE_CLICK
            if self.frame(dt, draw=True if must else None, whole=must, stalled=stalled):
                since_drawn = 0.0
                frames += 1
            if max_frames is not None and frames >= max_frames:
                break

    def quit(self) -> None:
        self.running = False

    def ask_to_quit(self) -> None:
        """Quit: the game ends, and a table it hosts stops with it, so its host is asked
        first: the friends at a match under way wait for the game to open again; those
        seated in the lobby lose the table. So is a player whose match at the table would
        lose plays with the game (``Matches.lost_on_quit``)."""
        hosting = self.matches.hosted_server() is not None and not self.matches.hosts_a_sheet()
        lobby = any(scene.hosts_friends for scene in self.stack)

        def said(key: str) -> Callable[[], str]:
            return lambda: self.t(key)

        lost = self.matches.lost_on_quit()
        if lost is not None:
            question, detail = lost
            self._quit_question = self.open(
                "confirm",
                question=said(question),
                detail=said(detail),
                on_yes=self.quit,
                yes=said("quit_anyway"),
                no=said("keep_playing"),
            )
            return
        if not hosting and not lobby and self.matches.seat_left_on_quit():
            self._quit_question = self.open(
                "confirm",
                question=said("online.quit_seated_question"),
                detail=said("online.quit_seated_detail"),
                on_yes=self.quit,
                yes=said("quit"),
                no=said("back"),
            )
            return
        if not hosting and not lobby:
            self.quit()
            return

        # A table whose match has begun comes back when the game opens again (its seat is
        # kept); one still filling up in the lobby is given up with the game.
        words = "quit_hosting" if lobby else "quit_hosted"
        self._quit_question = self.open(
            "confirm",
            question=said(f"online.{words}_question"),
            detail=said(f"online.{words}_detail"),
            on_yes=self.quit,
            yes=said("quit"),
            no=said("back"),
        )

    def close(self) -> None:
        """Leave every scene (letting them stop their workers) and close the window."""
        while len(self.stack):
            scene = self.stack.pop()
            closer = getattr(scene, "close", None)
            if closer is not None:
                closer()
        self.matches.close()
        if self.settings.window_size != self._written_size or not self.settings_kept:
            self.save_settings()  # (once more, for settings the disk refused until now)
        pygame.display.quit()


def starting_size(settings: Settings, asked: tuple[int, int] | None = None) -> tuple[int, int]:
    """The window's size at start: the size ``asked`` on the command line, or else the
    size the player last gave it, as far as the desktop allows today (it may be a smaller
    screen than then; a window of 16384 pixels would take gigabytes and show black for a
    long while), else the game's own, made smaller on a desktop it would not fit."""
    size = asked or settings.window_size
    pygame.display.init()
    desktops = pygame.display.get_desktop_sizes()
    # a size asked for with no screen behind it (the headless checks) is taken as it is
    screen = pygame.display.get_driver() not in ("dummy", "offscreen")
    if size is None:
        return first_size(desktops[0]) if desktops and screen else DEFAULT_SIZE
    if desktops and (asked is None or screen):
        size = (min(size[0], desktops[0][0]), min(size[1], desktops[0][1]))
    return _at_least_min(size)


def first_size(desktop: tuple[int, int]) -> tuple[int, int]:
    """The size a first window opens at on ``desktop``: the game's own, or on a smaller
    desktop the largest of its shape that leaves ``FRAME_ROOM`` for the window's title bar
    and the taskbar (the game's own overran a 1366x768 laptop's screen, and was larger than
    a 1024x600 one); never smaller than ``MIN_SIZE`` nor larger than the desktop."""
    width, height = desktop
    scale = min(1.0, width / DEFAULT_SIZE[0], (height - FRAME_ROOM) / DEFAULT_SIZE[1])
    size = _at_least_min((round(DEFAULT_SIZE[0] * scale), round(DEFAULT_SIZE[1] * scale)))
    return (min(size[0], width), min(size[1], height))


def _at_least_min(size: tuple[int, int]) -> tuple[int, int]:
    return (max(size[0], MIN_SIZE[0]), max(size[1], MIN_SIZE[1]))


def _window() -> pygame.Window | None:
    """The display module's window, if one is open."""
    if pygame.display.get_surface() is None:
        return None
    with warnings.catch_warnings():  # the display module's window, as it stands
        warnings.simplefilter("ignore", DeprecationWarning)
        return pygame.Window.from_display_module()


def _to_the_corner() -> tuple[int, int] | None:
    """The window put where the screen begins, as it goes full screen: with no window
    manager to place it (a bare X server), the full-screen window kept the place of the
    window it was made from, three quarters of the game off the screen. Returns where it
    was, to go back to (with one display only, whose corner is known)."""
    window = _window()
    if window is None or len(pygame.display.get_desktop_sizes()) != 1:
        return None
    was = window.position
    window.position = (0, 0)
    return was


def _within_limits(size: tuple[int, int]) -> tuple[int, int]:
    """``size`` at least ``MIN_SIZE`` and at most the largest window the settings keep."""
    width, height = _at_least_min(size)
    return (min(width, WINDOW_LIMITS[1]), min(height, WINDOW_LIMITS[1]))


def _size_of(screen: pygame.Surface) -> tuple[int, int] | None:
    """The window's size as drawn, or None when it has no picture any more (SDL drops it
    for a window over ``WINDOW_LIMITS``)."""
    try:
        return screen.get_size()
    except pygame.error:
        return None


def headless_environment() -> None:
    """Use SDL's dummy drivers (tests and the smoke check without a display)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
