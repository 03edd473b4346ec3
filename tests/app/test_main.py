"""The entry point: the smoke check, a missing display, bad options."""

from __future__ import annotations

import argparse
import os
import subprocess
import sys

import pytest

from scopa.__main__ import build_parser, parse_size


def run(args, tmp_path, **env):
    environment = {
        k: v
        for k, v in os.environ.items()
        if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")
    }
    environment.update(SCOPA_HOME=str(tmp_path), SDL_AUDIODRIVER="dummy", **env)
    return subprocess.run(
        [sys.executable, "-m", "scopa", *args],
        env=environment,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_smoke_draws_a_frame_and_exits_zero(tmp_path):
    result = run(["--smoke", "--size", "960x540"], tmp_path, SDL_VIDEODRIVER="dummy")
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr


def test_a_size_below_the_smallest_window_says_what_it_opens_at(tmp_path):
    result = run(["--smoke", "--size", "800x600"], tmp_path, SDL_VIDEODRIVER="dummy")
    assert result.returncode == 0, result.stderr
    assert "at least 960x540, so it opens at 960x600" in result.stderr


def test_smoke_straight_to_a_table(tmp_path):
    result = run(
        ["--smoke"], tmp_path, SDL_VIDEODRIVER="dummy", SCOPA_START="table", SCOPA_SEED="7"
    )
    assert result.returncode == 0, result.stderr
    import random

    from scopa.engine import Match, Rules
    from scopa.storage import Store

    saved = Store(tmp_path).load_match()
    expected = Match.new(Rules(), random.Random(7)).seed
    assert saved is not None and saved[1].seed == expected and saved[1].moves == ()


def test_no_display_is_one_clear_line_and_exit_2(tmp_path):
    if not sys.platform.startswith("linux"):
        pytest.skip("display detection is checked on Linux")
    result = run(["--smoke"], tmp_path)
    assert result.returncode == 2
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and "display" in lines[0]
    assert "Traceback" not in result.stderr


def test_size_option():
    assert parse_size("1280x720") == (1280, 720)
    args = build_parser().parse_args(["--size", "1920X1080", "--fullscreen"])
    assert args.size == (1920, 1080) and args.fullscreen
    with pytest.raises(SystemExit):
        build_parser().parse_args(["--size", "big"])
    with pytest.raises(SystemExit):
        build_parser().parse_args(["--size", "10x10"])
    with pytest.raises(argparse.ArgumentTypeError, match="from 320x240 to 16384x16384") as e:
        parse_size("10x10")  # it said "out of range", and not what the range is
    from scopa.app.app import MIN_SIZE

    least = f"{MIN_SIZE[0]}x{MIN_SIZE[1]}"  # (the range, then what a size under it gives:
    assert f"under {least} opens the window at {least}" in str(e.value)  # not "at least")


def test_the_help_names_the_other_commands():
    """``scopa --help`` listed the window's options only: nothing said that ``scopa serve``
    and ``scopa bot``, which the README describes, exist."""
    shown = " ".join(build_parser().format_help().split())
    assert "'scopa serve'" in shown and "'scopa bot'" in shown


def test_the_help_tells_where_the_keys_are_and_where_the_files_go():
    """A newcomer's ``scopa --help`` said nothing of F1 (every key, in the game) nor of
    ``SCOPA_HOME`` (where the files go)."""
    shown = " ".join(build_parser().format_help().split())
    assert "F1 shows every key" in shown and "F11" in shown
    assert "SCOPA_HOME=FOLDER keeps them all in FOLDER" in shown


@pytest.mark.parametrize(("args", "full"), [(["--size", "1200x700"], False), ([], True)])
def test_a_size_asked_on_the_command_line_opens_a_window_over_the_full_screen_saved(
    tmp_path, monkeypatch, args, full
):
    """Full screen saved in the settings: ``--size`` opened the full screen anyway, the
    size asked for ignored. It opens a window of that size (without it, the full screen)."""
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    monkeypatch.setenv("SCOPA_HOME", str(tmp_path))
    import pygame

    from scopa.__main__ import main
    from scopa.app import app as app_module
    from scopa.storage import Store

    store = Store(tmp_path)
    store.save_settings(store.load_settings().with_(fullscreen=True, language="en"))
    opened: list[tuple[bool, tuple[int, int]]] = []
    real = app_module.App.__init__

    def watched(self, *a, **kw) -> None:  # noqa: ANN001, ANN002, ANN003
        real(self, *a, **kw)
        opened.append((self.settings.fullscreen, self.size))

    monkeypatch.setattr(app_module.App, "__init__", watched)
    try:
        assert main(["--smoke", *args]) == 0
    finally:
        pygame.display.quit()
    ((fullscreen, size),) = opened
    assert fullscreen is full
    if not full:
        assert size == (1200, 700)
    # the window asked for is this run's: the full screen stays the player's choice (a
    # launcher passing a size turned it off for good)
    assert Store(tmp_path).load_settings().fullscreen


def test_the_full_screen_switched_in_a_run_asked_for_a_window_is_the_player_s_choice(
    tmp_path, monkeypatch
):
    """A run with a window asked for on the command line keeps the full screen saved, until
    the player switches it: from then on their choice is written, whichever it is."""
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    import pygame

    from scopa.app.app import App
    from scopa.settings import Settings
    from scopa.storage import Store

    store = Store(tmp_path)
    app = App(store, size=(960, 540), settings=Settings(fullscreen=False), kept_fullscreen=True)
    try:
        app.save_settings()
        assert store.load_settings().fullscreen  # kept, as saved before this run
        for wanted in (True, False):  # F11 twice: the second is the player's choice too
            app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0))
            app.dispatch(pygame.event.Event(pygame.KEYUP, key=pygame.K_F11, mod=0))
            app._f11_at = None  # (presses apart, not one press the new window told of)
            assert app.settings.fullscreen is wanted
            assert store.load_settings().fullscreen is wanted
    finally:
        app.close()
        pygame.display.quit()
