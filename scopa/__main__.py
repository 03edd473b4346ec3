"""Start the game: ``scopa`` or ``python -m scopa``; ``scopa serve`` and ``scopa bot`` run
the network server and the headless player instead (``scopa.net.cli``).

Options: ``--size WxH`` for the window, ``--fullscreen``, and ``--smoke`` (open the window,
draw the first frame, exit 0: used by the packaging checks). Without a display the
program says so in one line and exits with status 2.

For automated checks only, the environment can skip the title screen:
``SCOPA_START=table`` opens a solo table directly and ``SCOPA_SEED=<int>`` fixes its
shuffle (with ``SCOPA_HOME`` pointing at a scratch folder for the saved match).
``SCOPA_FIRST_FRAME_FILE`` makes ``--smoke`` write the time its first frame was shown
(``tools/bench_app.py`` measures the start-up with it), and ``SCOPA_SCREENSHOT=<path>`` save
the screen as a PNG once the first frame's opening fades are over
(``tools/build_binary.py --check`` compares the binary's picture with the source's).
``SCOPA_START=host`` hosts a table of two people and ``SCOPA_START=join`` with
``SCOPA_JOIN=<address>`` joins one; ``SCOPA_TRACE_FILE`` then receives a line for each
update from the server, each event the table shows and each press of the mouse button
with what took it (the two-windows check); the game then also writes the stacks of its
threads to stderr on SIGUSR1, for a check that finds it stuck.
"""

from __future__ import annotations

import argparse
import faulthandler
import os
import signal
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING

from scopa.log import log, log_exception

if TYPE_CHECKING:
    from scopa.app.app import App
    from scopa.stats import Stats
    from scopa.storage import Store

EXIT_NO_DISPLAY = 2
EXIT_CRASHED = 70
"""The exit status after an error of the game's own (``EX_SOFTWARE``)."""
WINDOW_CLASS = "scopa"
"""The window's class (X11 WM_CLASS), the name of the game's launcher."""
SCREENSHOT_SETTLE = 1.0  # seconds the screen moves on after the first frame before its picture
NO_DISPLAY = (
    "scopa: cannot open a window: no display available (is DISPLAY or WAYLAND_DISPLAY set?)"
)


def _display_possible() -> bool:
    """False on Linux with no X11/Wayland display and no SDL driver chosen by hand."""
    if not sys.platform.startswith("linux") or os.environ.get("SDL_VIDEODRIVER"):
        return True
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def parse_size(text: str) -> tuple[int, int]:
    try:
        width, height = (int(part) for part in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"expected WIDTHxHEIGHT such as 1280x720, not {text!r}"
        ) from None
    if width < 320 or height < 240 or width > 16384 or height > 16384:
        raise argparse.ArgumentTypeError(
            f"window size {text} cannot be used: give one from 320x240 to 16384x16384 (a "
            "size under 960x540 opens the window at 960x540)"
        )
    return width, height


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="scopa",
        description="Scopa, the Italian card game.",
        epilog=(
            "In the game, F1 shows every key and what the mouse does, and F11 turns full "
            "screen on and off. Settings, the saved match and the statistics are kept in "
            "the system's folders for programs' files; SCOPA_HOME=FOLDER keeps them all in "
            "FOLDER instead. Other commands: 'scopa serve' runs a server for tables online, "
            "'scopa bot' seats a computer player at a table online; each takes --help."
        ),
    )
    parser.add_argument("--size", type=parse_size, metavar="WxH", help="window size, e.g. 1280x720")
    parser.add_argument("--fullscreen", action="store_true", help="start in full screen")
    parser.add_argument(
        "--smoke", action="store_true", help="draw the first frame and exit (installation check)"
    )
    return parser


LARGE_VALUES_BELOW = 1600
"""A first start in a window narrower than this turns the large values on (Settings, Game):
a card's printed value is a few pixels high there (ten at 1366x768, and the first window
on a large screen is 1280x720)."""


def open_first_screens(app: App) -> None:
    """The title screen (with the tutorial offered over it at the first start), or a solo
    table when asked for one (automated checks)."""
    start = os.environ.get("SCOPA_START", "")
    if start in ("host", "join"):
        # Automated checks of play over the network: host a table of two people (its match
        # begins as the friend sits), or join the one at SCOPA_JOIN; SCOPA_TRACE_FILE
        # receives what the table shows.
        app.home()
        if start == "host":
            seats = [{"kind": "human"}, {"kind": "human"}]
            app.open("lobby", mode="host", seats=seats, player="Anna", starts=False)
        else:
            app.open("lobby", mode="join", address=os.environ.get("SCOPA_JOIN", ""), player="Bruno")
        return
    if start == "table":
        import random

        from scopa.engine import Match

        seed_text = os.environ.get("SCOPA_SEED", "")
        seed = int(seed_text) if seed_text.lstrip("-").isdigit() else None
        setup = app.matches.quick_setup(level="expert")
        shuffle = None if seed is None else Match.new(setup.rules, random.Random(seed))
        app.matches.start(setup, shuffle)
        return
    stats = app.store.load_stats()  # a damaged statistics file is told now, with the others
    app.home()
    if not app.settings.tutorial_done:
        if not played_here_before(app.store, stats):
            if app.size[0] < LARGE_VALUES_BELOW:  # a small window: values read at a glance
                app.settings = app.settings.with_(large_values=True)
                app.save_settings()
            app.open("tutorial_offer")  # (it asks the language first)
            return
        # offered no more: the statistics set aside one day (damaged) would make a player
        # of years a stranger, greeted by the offer over the notice that says why
        app.settings = app.settings.with_(tutorial_done=True)
        app.save_settings()
    if app.store.language_lost:
        if app.size[0] < LARGE_VALUES_BELOW and "large_values" not in app.store.settings_read:
            # the settings lost with the language: the defaults a first start takes here
            app.settings = app.settings.with_(large_values=True)
            app.save_settings()
        ask_language_again(app)


def ask_language_again(app: App) -> None:
    """The settings were damaged and the player's language lost with them: the game spoke
    the system's, the notice of the damage too, to an Italian on an English system. Asked
    in both languages; No (and Esc) keeps the one spoken now. Either answer is written at
    once (unanswered, the game closed, it is asked again at the next start)."""
    from scopa.app.scenes.base import LANGUAGES

    spoken = app.settings.language
    other = next(code for code, _ in LANGUAGES if code != spoken)
    names = dict(LANGUAGES)
    app.open(
        "confirm",
        question=lambda: app.t("language_lost_question"),
        detail=lambda: app.t("language_lost_detail"),
        yes=names[other],
        no=names[spoken],
        on_yes=lambda: app.choose_language(other),
        on_no=lambda: app.choose_language(spoken),
        no_first=True,  # the system's language, likeliest the player's, put forward
    )


def played_here_before(store: Store, stats: Stats) -> bool:
    """Whether the game's files tell of earlier starts, though the settings do not say the
    tutorial was offered: they were damaged and set aside (a returning player, greeted as
    a stranger before reading why), or there are results or a saved match."""
    from scopa.storage import backup_numbers

    backups = backup_numbers(store.settings_path)
    return bool(stats.tallies) or os.path.lexists(store.save_path) or bool(backups)


def _tracer(path: Path):  # noqa: ANN202 - a line writer
    def write(line: str) -> None:
        with path.open("a", encoding="utf-8") as stream:
            stream.write(line + "\n")

    return write


def main(argv: list[str] | None = None) -> int:
    import multiprocessing

    multiprocessing.freeze_support()  # the computer players' worker in a frozen build
    words = sys.argv[1:] if argv is None else argv
    if words[:1] in (["serve"], ["bot"]):  # the server and the headless player: no window
        from scopa.net.cli import main as net_main

        return net_main(words)
    args = build_parser().parse_args(argv)
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    # The window's class, by which a desktop matches the window to the game's launcher (SDL
    # reads it as the display starts; it would take "__main__.py" from ``python -m scopa``,
    # and from the environment of a program started with pygame that started the game).
    os.environ["SDL_VIDEO_X11_WMCLASS"] = WINDOW_CLASS
    if not _display_possible():
        log(NO_DISPLAY)
        return EXIT_NO_DISPLAY
    import pygame

    try:
        pygame.display.init()
        driver = pygame.display.get_driver()
    except pygame.error as error:
        log(f"scopa: cannot open a window: no display available ({error})")
        return EXIT_NO_DISPLAY
    if driver == "offscreen" and os.environ.get("SDL_VIDEODRIVER") != "offscreen":
        pygame.display.quit()
        log(NO_DISPLAY)
        return EXIT_NO_DISPLAY
    from scopa.storage import Store

    store = Store()
    store.lock()  # a second copy on the same folder runs, but saves nothing (and says so)
    try:
        return _run(store, args)
    finally:
        store.unlock()


def _run(store: Store, args: argparse.Namespace) -> int:
    import pygame

    from scopa.app import crash  # here, not when it is needed: then no file may open
    from scopa.app.app import MIN_SIZE, App, starting_size
    from scopa.app.registry import default_scenes

    if args.size is not None and (args.size[0] < MIN_SIZE[0] or args.size[1] < MIN_SIZE[1]):
        shown = "x".join(str(max(asked, least)) for asked, least in zip(args.size, MIN_SIZE))
        log(f"scopa: the window is at least {MIN_SIZE[0]}x{MIN_SIZE[1]}, so it opens at {shown}")
    saved = settings = store.load_settings()
    if args.fullscreen:
        settings = settings.with_(fullscreen=True)
    elif args.size is not None:  # a window of that size asked for, over the full screen saved
        settings = settings.with_(fullscreen=False)
    kept = saved.fullscreen if saved.fullscreen != settings.fullscreen else None
    try:
        size = starting_size(settings, args.size)
        if args.size is not None and any(got < asked for got, asked in zip(size, args.size)):
            log(
                f"scopa: the screen is smaller than {args.size[0]}x{args.size[1]}, so the "
                f"window opens at {size[0]}x{size[1]}"
            )
        app = App(
            store, size=size, settings=settings, scenes=default_scenes(), kept_fullscreen=kept
        )
    except pygame.error as error:
        log(f"scopa: cannot open a window: {error}")
        return EXIT_NO_DISPLAY
    try:
        trace = os.environ.get("SCOPA_TRACE_FILE")
        if trace:
            app.trace = _tracer(Path(trace))
            if hasattr(signal, "SIGUSR1"):
                faulthandler.register(signal.SIGUSR1, all_threads=True)
        open_first_screens(app)
        app.run(max_frames=1 if args.smoke else None)
        stamp = os.environ.get("SCOPA_FIRST_FRAME_FILE")
        if args.smoke and stamp:
            Path(stamp).write_text(repr(time.time()))
        screenshot = os.environ.get("SCOPA_SCREENSHOT")
        if args.smoke and screenshot:
            # Past the opening fades, the picture no longer depends on how fast the start was.
            app.frame(SCREENSHOT_SETTLE, [])
            pygame.image.save(pygame.display.get_surface(), screenshot)
    except Exception as error:  # the game's own fault: told on screen, its details kept
        report = crash.keep_report(store.data_dir, error)
        log_exception(error)
        where = f"; its details are in {report}" if report else ""
        log(f"scopa: an error the game did not expect stopped it{where}")
        crash.tell(app, report)
        return EXIT_CRASHED
    finally:
        app.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
