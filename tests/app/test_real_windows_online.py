"""Two real game windows on one X server: one hosts a table, the other joins it, and a card
dragged with xdotool in the window whose turn it is appears on the other window's table.

Each window writes what its table shows to a trace file (``SCOPA_TRACE_FILE``): the card
the dragging window played must be the card the other window shows being played.
"""

from __future__ import annotations

import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.processes import stop

from .test_real_window import (
    close_window,
    drag,
    game_environment,
    geometry_of,
    wait_for,
    wait_until,
    window_of,
    x_display,
    xdotool,
)

WINDOW = (960, 540)
OUTPUT = "output.txt"


@pytest.fixture
def wide_xserver():
    with x_display("2000x700x24") as display:
        yield display


def launch(display: str, home: Path, trace: Path, **extra: str) -> subprocess.Popen:
    """The game, started on ``display`` with ``home`` for its files; what it writes goes to
    a file there (``written``): a pipe nobody reads until the end could fill and stop it."""
    from scopa.settings import Settings
    from scopa.storage import Store

    Store(home).save_settings(Settings(language="en", animation_speed="fast", tutorial_done=True))
    env = game_environment(display, home, SCOPA_TRACE_FILE=str(trace), **extra)
    size = f"{WINDOW[0]}x{WINDOW[1]}"
    with (home / OUTPUT).open("wb") as output:
        return subprocess.Popen(
            [sys.executable, "-m", "scopa", "--size", size],
            env=env,
            stdout=output,
            stderr=subprocess.STDOUT,
        )


def written(home: Path) -> str:
    """The end of what the game started with ``home`` wrote."""
    path = home / OUTPUT
    return path.read_bytes()[-6000:].decode(errors="replace") if path.exists() else ""


def lines(path: Path) -> list[str]:
    return path.read_text(encoding="utf-8").splitlines() if path.exists() else []


def place(display: str, game: subprocess.Popen, home: Path, x: int) -> tuple[int, int]:
    """Move the game's window to ``x`` on top of the others, with the keyboard's focus;
    where it then is. A window manager gives the focus to the window clicked; there is
    none here, and the window shown last keeps it: the keys meant for the other (Return
    for a choice of captures the drop opened) would go there."""
    window = window_of(game, display, said=lambda: written(home))
    xdotool(display, "windowmove", window, str(x), "0")
    xdotool(display, "windowraise", window)
    xdotool(display, "windowfocus", window)
    time.sleep(0.5)
    geometry = geometry_of(display, window)
    if "X" not in geometry:  # the window went: say why the game stopped
        status = game.poll()
        pytest.fail(f"the game's window went away (exit status {status}): {written(home)}")
    return int(geometry["X"]), int(geometry["Y"])


def report(
    traces: dict[str, Path], processes: dict[str, subprocess.Popen], homes: dict[str, Path]
) -> str:
    """What each game traced and, asked on SIGUSR1, where each of its threads stands (a
    game found stuck): for a failure to say why the drag went unplayed."""
    for game in processes.values():
        if game.poll() is None:
            game.send_signal(signal.SIGUSR1)
    time.sleep(1)
    told = []
    for name, game in processes.items():
        stop(game, 15)
        told.append(f"--- {name}'s trace:\n" + "\n".join(lines(traces[name])[-40:]))
        told.append(f"--- what {name} wrote:\n{written(homes[name])}")
    return "\n".join(told)


def test_a_card_dragged_in_one_window_appears_in_the_other(wide_xserver, tmp_path):
    from scopa.app.table.layout import TableLayout
    from scopa.engine import Rules

    display = wide_xserver
    traces = {"host": tmp_path / "host.txt", "join": tmp_path / "join.txt"}
    homes = {"host": tmp_path / "host", "join": tmp_path / "join"}
    host = launch(display, homes["host"], traces["host"], SCOPA_START="host")
    games = [host]
    try:
        address = wait_for(
            lambda: next(
                (
                    line.split(" ", 1)[1]
                    for line in lines(traces["host"])
                    if line.startswith("address ")
                ),
                None,
            ),
            40,
            "the hosted table's address",
        )
        joiner = launch(
            display, homes["join"], traces["join"], SCOPA_START="join", SCOPA_JOIN=address
        )
        games.append(joiner)
        processes, lefts = {"host": host, "join": joiner}, {"host": 0, "join": 1000}
        origins = {
            name: place(display, processes[name], homes[name], lefts[name]) for name in processes
        }

        def state(name: str) -> tuple[int, int] | None:
            for line in reversed(lines(traces[name])):
                found = re.match(r"at (\d+) turn (\d+) seat (\d+)", line)
                if found:
                    return int(found[2]), int(found[3])
            return None

        turn, _ = wait_for(lambda: state("host"), 60, "the host's table")
        wait_for(lambda: state("join"), 60, "the joining table")
        mover = next(name for name in ("host", "join") if state(name)[1] == turn)
        other = "join" if mover == "host" else "host"
        layout = TableLayout(WINDOW, Rules(), bottom=turn)
        slot = layout.hand_slots(turn, 3, True)[0]
        centre = layout.table_rect.center

        def played(name: str) -> str | None:
            return next(
                (
                    line.split()[2]
                    for line in lines(traces[name])
                    if line.startswith(f"Played {turn} ")
                ),
                None,
            )

        card = None
        for _ in range(8):  # the deal may still be on show: the hand takes input after it
            time.sleep(1.5)
            # placed again each time: a window that comes up late under a loaded machine
            # may still be settling, or lie over the other, when first placed
            left, top = origins[mover] = place(
                display, processes[mover], homes[mover], lefts[mover]
            )
            start = (left + round(slot.centre[0]), top + round(slot.centre[1]))
            end = (left + round(centre[0]), top + round(layout.table_rect.top + 10))
            drag(display, start, end)
            card = wait_until(lambda: played(mover), 4)
            if card is None:
                xdotool(display, "key", "Return")  # a choice of captures: the first one
                card = wait_until(lambda: played(mover), 2)
            if card is not None:
                break
        if card is None:
            pytest.fail(
                f"the dragged card was never played by {mover} (seat {turn}), dragged from "
                f"{start} to {end} of windows at {origins}, the pointer last at "
                f"{xdotool(display, 'getmouselocation')}\n{report(traces, processes, homes)}"
            )
        assert wait_for(lambda: played(other), 20, "the play on the other table") == card
    finally:
        for game in games:
            game.terminate()
        for game in games:
            stop(game, 15)


def test_the_close_button_asks_a_host_before_it_ends_the_table(wide_xserver, tmp_path):
    """Closing the window of a game that hosts a match with a friend ended the table with
    it, without a word. The close button asks, as Quit does; pressed again while it asks,
    it ends the game."""
    display = wide_xserver
    homes = {name: tmp_path / name for name in ("host", "join")}
    traces = {name: tmp_path / f"{name}.txt" for name in homes}
    host = launch(display, homes["host"], traces["host"], SCOPA_START="host")
    games = [host]
    try:
        address = wait_for(
            lambda: next(
                (line.split(" ", 1)[1] for line in lines(traces["host"]) if "address " in line),
                None,
            ),
            40,
            "the hosted table's address",
        )
        games.append(
            launch(display, homes["join"], traces["join"], SCOPA_START="join", SCOPA_JOIN=address)
        )
        for name in homes:
            wait_for(
                lambda name=name: any(line.startswith("at ") for line in lines(traces[name])),
                60,
                f"the {name}'s table",
            )
        window = window_of(host, display, said=lambda: written(homes["host"]))

        def closed(fate: str) -> bool:
            """The close button pressed until the game's trace says what it did with it (an
            X server without a window manager may lose a close sent at the window's first
            moments); whether it did ``fate``."""

            def told() -> list[str]:
                return [line for line in lines(traces["host"]) if line.startswith("WindowClose")]

            before = len(told())
            for _ in range(5):
                close_window(display, window)
                if wait_until(lambda: len(told()) > before, 2):
                    return told()[before].endswith(f": {fate}")
            return False

        assert closed("asks"), lines(traces["host"])[-6:]
        time.sleep(1)
        assert host.poll() is None, f"the game ended without asking: {written(homes['host'])}"
        assert closed("quits"), lines(traces["host"])[-6:]
        assert host.wait(30) == 0, written(homes["host"])
    finally:
        for game in games:
            stop(game, 15)
