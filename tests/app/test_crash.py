"""An error of the game's own: the window vanished with no word said. The player is told
on screen, in their language, that the game must close and where the details are kept;
the details go to a file in the game's folder, and a match in progress is kept."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

import pygame

from scopa.app import crash
from scopa.app.app import App
from scopa.app.registry import default_scenes
from scopa.settings import Settings
from scopa.storage import Store

CRASHING = textwrap.dedent(
    """
    import sys
    import scopa.app.app as app_module
    import scopa.app.crash as crash
    from scopa.__main__ import main

    def run(self, max_frames=None):
        for _ in range(3):
            self.frame(0.016)
        raise RuntimeError("a fault of the game's own")

    app_module.App.run = run
    crash.SHOWN_FOR = 0.3
    sys.exit(main(["--size", "960x540"]))
    """
)


def crashed(home: Path, script: str) -> subprocess.CompletedProcess[str]:
    """The game run by ``script`` in a process of its own, on the folder ``home``; what
    it said as it stopped, once its error is known to be written in its report."""
    environment = {k: v for k, v in os.environ.items() if k != "DISPLAY"}
    environment.update(SCOPA_HOME=str(home), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    Store(home).save_settings(Settings(language="it", tutorial_done=True))
    result = subprocess.run(
        [sys.executable, "-c", script],
        env=environment,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 70, result.stderr
    report = home / crash.CRASH_FILE
    assert "RuntimeError: a fault of the game's own" in report.read_text(encoding="utf-8")
    return result


def test_an_error_of_the_game_is_told_and_its_details_kept(tmp_path):
    result = crashed(tmp_path, CRASHING)
    assert f"its details are in {tmp_path / crash.CRASH_FILE}" in result.stderr


OUT_OF_FILES = textwrap.dedent(
    """
    import errno, sys
    import scopa.app.app as app_module
    from scopa.__main__ import main

    class NoMoreFiles:
        def find_spec(self, name, path=None, target=None):
            if name.startswith("scopa"):
                raise OSError(errno.EMFILE, "Too many open files")
            return None

    def run(self, max_frames=None):
        for _ in range(3):
            self.frame(0.016)
        if "scopa.app.crash" in sys.modules:
            sys.modules["scopa.app.crash"].SHOWN_FOR = 0.3
        sys.meta_path.insert(0, NoMoreFiles())  # no module of the game's can be read now
        raise RuntimeError("a fault of the game's own")

    app_module.App.run = run
    sys.exit(main(["--size", "960x540"]))
    """
)


def test_an_error_met_with_no_file_left_to_open_is_still_told_and_kept(tmp_path):
    """Out of open files, the game failed, and its handler could not import the module
    that tells it: a bare traceback, no report, no screen."""
    crashed(tmp_path, OUT_OF_FILES)


def test_the_crash_screen_speaks_the_player_s_language_and_names_the_file(tmp_path):
    app = App(Store(tmp_path), size=(960, 540), scenes=default_scenes())
    try:
        app.set_language("it")
        report = crash.keep_report(tmp_path, ValueError("x"))
        assert report == tmp_path / crash.CRASH_FILE
        title, detail, close = crash.words(app.t, report)
        assert title == "Si è verificato un errore: Scopa deve chiudersi"
        assert str(report) in detail and "Continua" in detail
        surface = pygame.Surface((960, 540))
        crash.draw(surface, app, (title, detail, close))
        # a second report is added after the first, the latest kept
        crash.keep_report(tmp_path, KeyError("y"))
        text = report.read_text(encoding="utf-8")
        assert text.index("ValueError") < text.index("KeyError")
    finally:
        app.close()


def test_the_screen_closes_on_a_key(tmp_path):
    app = App(Store(tmp_path), size=(960, 540), scenes=default_scenes())
    try:
        enter = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0)
        threading.Timer(0.5, pygame.event.post, (enter,)).start()  # read once it shows
        start = time.monotonic()
        crash.tell(app, None, shown_for=30.0)
        assert time.monotonic() - start < 10  # closed by the key, not by the time
    finally:
        app.close()


def test_the_crash_screen_is_drawn_with_no_memory_left_for_the_felt(tmp_path, monkeypatch):
    """Out of memory, the felt behind the words could not be made, and the screen was
    never shown: the window closed without a word."""
    app = App(Store(tmp_path), size=(960, 540), scenes=default_scenes())
    try:
        surface = pygame.Surface((960, 540))
        lines = crash.words(app.t, None)
        crash.draw(surface, app, lines)  # the fonts as the game had them when it failed

        def no_memory(surface, felt):  # noqa: ANN001, ANN202
            raise pygame.error("Out of memory")

        monkeypatch.setattr(crash.style, "draw_background", no_memory)
        surface.fill((255, 0, 255))
        crash.draw(surface, app, lines)
        spots = [(x, y) for x in range(0, 960, 3) for y in range(0, 540, 3)]
        colours = {tuple(surface.get_at(spot)) for spot in spots}
        assert (255, 0, 255, 255) not in colours  # the felt's colour over the whole window
        assert len(colours) > 2  # and the words written on it
    finally:
        app.close()
