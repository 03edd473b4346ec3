"""The window opens at the size the player last gave it, within today's desktop."""

from __future__ import annotations

import os
import subprocess
import sys
import warnings

import pygame
import pytest

from scopa.app.app import DEFAULT_SIZE, MIN_SIZE, App, starting_size
from scopa.app.registry import default_scenes
from scopa.settings import WINDOW_LIMITS, Settings, SettingsError
from scopa.storage import Store


def _resize(app: App, size: tuple[int, int]) -> None:
    app.dispatch(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))


def test_a_resized_window_opens_at_that_size_next_time(tmp_path):
    first = App(Store(tmp_path), size=starting_size(Store(tmp_path).load_settings()))
    assert first.size == DEFAULT_SIZE
    _resize(first, (1000, 600))
    _resize(first, (1010, 610))  # dragging an edge: the last size counts
    first.close()
    settings = Store(tmp_path).load_settings()
    assert settings.window_size == (1010, 610)
    second = App(Store(tmp_path), size=starting_size(settings), scenes=default_scenes())
    try:
        assert second.size == (1010, 610)
    finally:
        second.close()


def test_the_window_s_edges_stop_at_the_smallest_size(tmp_path):
    """Dragged below 960x540, the window was built again at that size (a new window,
    moved, no longer maximised): the window manager is told where its edges stop, at
    the start and after every size the window is given."""
    app = App(Store(tmp_path))
    try:
        for size in (None, (1280, 720), (800, 450)):
            if size is not None:
                _resize(app, size)
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", DeprecationWarning)
                window = pygame.Window.from_display_module()
            assert window.minimum_size == MIN_SIZE
        assert app.size == MIN_SIZE  # a size below it still lays out at it
    finally:
        app.close()


def test_a_window_never_resized_writes_no_settings_on_closing(tmp_path):
    store = Store(tmp_path)
    App(store).close()
    assert not store.settings_path.exists()


def test_a_remembered_size_bigger_than_the_desktop_is_cut_to_it():
    pygame.display.init()
    desktop = pygame.display.get_desktop_sizes()[0]
    settings = Settings(window_width=desktop[0] + 500, window_height=desktop[1] + 300)
    assert starting_size(settings) == desktop
    assert starting_size(Settings()) == DEFAULT_SIZE


@pytest.mark.parametrize(
    ("desktop", "first"),
    [
        ((1920, 1080), DEFAULT_SIZE),
        ((1366, 768), (1223, 688)),
        ((1024, 600), MIN_SIZE),
        ((960, 540), MIN_SIZE),
        ((800, 600), (800, 540)),
    ],
)
def test_a_first_window_fits_the_desktop_with_room_for_its_frame(monkeypatch, desktop, first):
    """With no size remembered, the window opened at the game's own 1280x720 whatever the
    desktop: on a 1366x768 laptop its title bar and the taskbar took its bottom edge (the
    hand's cards), and a 1024x600 screen could not hold it at all."""
    pygame.display.init()
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [desktop])
    monkeypatch.setattr(pygame.display, "get_driver", lambda: "x11")
    size = starting_size(Settings())
    assert size == first
    assert size[0] / size[1] == pytest.approx(16 / 9, abs=0.01) or size[1] == MIN_SIZE[1]


def test_settings_keep_the_window_size_and_refuse_a_strange_one():
    settings = Settings(window_width=1400, window_height=800)
    assert Settings.from_dict(settings.to_dict()).window_size == (1400, 800)
    assert Settings().window_size is None
    for width, height in ((100, 800), (1400, 0), (99999, 800)):
        with pytest.raises(SettingsError, match="window"):
            Settings(window_width=width, window_height=height)
    with pytest.raises(SettingsError):
        Settings.from_dict({"window_width": "wide", "window_height": 800})


def test_a_damaged_window_size_in_the_file_keeps_a_backup_and_the_game_starts(tmp_path):
    store = Store(tmp_path)
    store.settings_path.write_text("window_width = 5\nwindow_height = 5\n", encoding="utf-8")
    settings = store.load_settings()
    assert settings.window_size is None
    assert any(path.name.startswith("settings.toml.bak") for path in tmp_path.iterdir())
    assert store.take_messages()


def test_a_window_given_back_its_first_size_after_a_save_at_another_opens_at_it(tmp_path):
    """Made smaller, a setting changed there (the settings written with the small size),
    then made its first size again and closed: it opened small the next time (the size was
    written again only if it differed from the size the game opened at)."""
    store = Store(tmp_path)
    store.save_settings(Settings(window_width=1280, window_height=720))
    app = App(store, size=starting_size(store.load_settings()))
    _resize(app, (960, 540))
    app.settings = app.settings.with_(felt="blue")
    app.save_settings()  # a setting changed in the small window
    _resize(app, (1280, 720))
    app.close()
    settings = Store(tmp_path).load_settings()
    assert settings.window_size == (1280, 720) and settings.felt == "blue"


def test_the_game_opens_at_the_remembered_size(tmp_path):
    Store(tmp_path).save_settings(Settings(window_width=1000, window_height=600))
    shot = tmp_path / "shot.png"
    environment = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    environment.update(
        SCOPA_HOME=str(tmp_path),
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
        SCOPA_SCREENSHOT=str(shot),
    )
    result = subprocess.run(
        [sys.executable, "-m", "scopa", "--smoke"],
        env=environment,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    assert pygame.image.load(str(shot)).get_size() == (1000, 600)


def open_files() -> int:
    return len(os.listdir("/proc/self/fd"))


@pytest.mark.slow
@pytest.mark.skipif(not os.path.isdir("/proc/self/fd"), reason="counts files through /proc")
def test_resizing_the_window_again_and_again_does_not_open_a_file_each_time(tmp_path):
    """Every size of window asks for fonts of its own sizes, and each font held its file
    open for the length of the game: a player dragging the window's edge round and round
    (a size at each step) ran the game out of open files, and then it could not save."""
    app = App(Store(tmp_path), size=(960, 540), scenes=default_scenes())
    app.settings = app.settings.with_(language="en", tutorial_done=True)
    app.home()
    app.open("settings")
    for _ in range(5):
        app.frame(1 / 60, [])
    before = open_files()
    for step in range(250):  # up to 2,950 x 2,040, a few pixels at a time
        app.frame(
            1 / 60, [pygame.event.Event(pygame.VIDEORESIZE, w=960 + 8 * step, h=540 + 6 * step)]
        )
    assert open_files() - before < 70  # the fonts kept open, and a few files more
    pygame.display.quit()


def test_a_window_stretched_past_the_largest_size_is_given_it_back_and_the_game_goes_on(
    tmp_path,
):
    """A window made 17000 pixels wide lost its picture (SDL draws none past 16384) and
    the game stopped; the size it kept was one the settings refuse, so that closing the
    game raised again and nothing chosen in it was written."""
    store = Store(tmp_path)
    app = App(store, scenes=default_scenes())
    app.home()
    _resize(app, (17000, 800))
    app.frame(1 / 60, [])
    assert app.size == (WINDOW_LIMITS[1], 800)
    assert app.settings.window_size == (WINDOW_LIMITS[1], 800)
    app.set_muted(True)  # a settings write in the middle of the game
    app.close()
    assert Store(tmp_path).load_settings().window_size == (WINDOW_LIMITS[1], 800)
