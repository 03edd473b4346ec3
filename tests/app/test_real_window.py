"""The real program in a real X window: a card dragged with xdotool changes the table.

Starts its own Xvfb (on a display nobody else uses), launches ``python -m scopa`` straight
onto a solo table (``SCOPA_START=table``, ``SCOPA_SEED``), drags a card of the human's hand onto the
table with xdotool, and reads the match the game saves after every move. Skipped when
Xvfb or xdotool is missing, except under CI (env ``CI`` set), where that is a failure.
"""

from __future__ import annotations

import contextlib
import os
import random
import shutil
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tests.processes import ready_in_time, stop

WINDOW = (1280, 720)
SEED = "20241"


def need(tool: str) -> str:
    path = shutil.which(tool)
    if path is None:
        if os.environ.get("CI"):
            pytest.fail(f"{tool} is required for the real-window test in CI but is not installed")
        pytest.skip(f"{tool} is not installed")
    return path


def wait_until(check, seconds: float):  # noqa: ANN001, ANN201
    """What ``check()`` gives once it gives something, or None after ``seconds``."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        value = check()
        if value:
            return value
        time.sleep(0.1)
    return None


def wait_for(check, timeout: float, what: str):
    value = wait_until(check, timeout)
    if not value:
        pytest.fail(f"timed out waiting for {what}")
    return value


@contextlib.contextmanager
def x_display(screen: str) -> Iterator[str]:
    """An Xvfb of its own (``screen`` like "1600x900x24") for the length of the block.

    It takes a display number at random among high ones and tries another when that one
    turns out to be taken (a lock file, or the server exits at once): two test runs side
    by side never share a display, as they could if each looked for an unused number and
    then started a server on it, and the low numbers a desktop may use are left alone. It
    never resets (``-noreset``): by default an X server resets whenever its last client
    leaves, as each xdotool call does, and a game connecting at that moment could be cut off.
    """
    xvfb = need("Xvfb")
    need("xdotool")
    chooser = random.Random()
    for _attempt in range(20):
        number = chooser.randrange(200, 20000)
        if Path(f"/tmp/.X{number}-lock").exists() or Path(f"/tmp/.X11-unix/X{number}").exists():
            continue
        server = subprocess.Popen(
            [xvfb, f":{number}", "-screen", "0", screen, "-nolisten", "tcp", "-noreset"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        socket = Path(f"/tmp/.X11-unix/X{number}")
        if not ready_in_time(server, socket.exists, 30):  # taken after all: another number
            stop(server)
            continue
        try:
            yield f":{number}"
        finally:
            stop(server)
        return
    pytest.fail("Xvfb did not start on any display")


@pytest.fixture
def xserver():
    with x_display("1600x900x24") as display:
        yield display


def window_of(
    game: subprocess.Popen,
    display: str,
    seconds: float = 60,
    said: Callable[[], str] | None = None,
) -> str:
    """The game's window once it shows and its place can be read; if it never does, the
    failure says what the game was doing (still starting, or stopped and why): what it
    wrote to its pipes, or ``said()`` for a game whose output goes to a file.

    Only windows on show count (``--onlyvisible``) and only one whose geometry reads
    back: a window looked up at the instant it is made, or a helper window of the
    toolkit, would have none."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        found = xdotool(display, "search", "--onlyvisible", "--pid", str(game.pid)).split()
        for window in found:
            if "X" in geometry_of(display, window):
                return window
        if game.poll() is not None:
            break
        time.sleep(0.2)
    status = game.poll()
    out, err = stop(game, 15)
    output = said() if said is not None else ""
    pytest.fail(
        f"no window after {seconds:g} s (exit status {status}):\n"
        f"{(out or b'').decode()[-1500:]}\n{(err or b'').decode()[-3000:]}{output}"
    )


def geometry_of(display: str, window: str) -> dict[str, str]:
    """X, Y, WIDTH, HEIGHT of a window as xdotool reads them (empty if it is gone)."""
    lines = xdotool(display, "getwindowgeometry", "--shell", window).splitlines()
    return dict(line.split("=", 1) for line in lines if "=" in line)


def xdotool(display: str, *args: str) -> str:
    result = subprocess.run(
        ["xdotool", *args],
        env={**os.environ, "DISPLAY": display},
        capture_output=True,
        text=True,
        timeout=20,
    )
    return result.stdout.strip()


def drag(display: str, start: tuple[int, int], end: tuple[int, int]) -> None:
    """Press on ``start``, move in small steps to ``end`` and release, as a hand would."""
    xdotool(display, "mousemove", str(start[0]), str(start[1]))
    time.sleep(0.2)
    xdotool(display, "mousedown", "1")
    for k in range(1, 13):
        x = start[0] + (end[0] - start[0]) * k // 12
        y = start[1] + (end[1] - start[1]) * k // 12
        xdotool(display, "mousemove", str(x), str(y))
        time.sleep(0.03)
    xdotool(display, "mouseup", "1")


def game_environment(display: str, home: Path, **extra: str) -> dict[str, str]:
    """The environment of a game in a real window on ``display``, its files in ``home``
    (and ``extra``): SDL's own video driver, no sound device; and the window class a
    program started with pygame hands on to the programs it starts (these tests' own
    pygame set it: the game's window took it, and its launcher no longer found it)."""
    env = {
        **os.environ,
        "DISPLAY": display,
        "SCOPA_HOME": str(home),
        "SDL_AUDIODRIVER": "dummy",
        "SDL_VIDEO_X11_WMCLASS": "__main__.py",
        **extra,
    }
    env.pop("SDL_VIDEODRIVER", None)
    return env


def solo_table(display: str, home: Path) -> subprocess.Popen:
    """The game opened straight at a solo table of a fixed deal (``SEED``)."""
    return subprocess.Popen(
        [sys.executable, "-m", "scopa", "--size", f"{WINDOW[0]}x{WINDOW[1]}"],
        env=game_environment(display, home, SCOPA_START="table", SCOPA_SEED=SEED),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )


CLOSE_WINDOW = """
import sys
from Xlib import X, protocol
from Xlib.display import Display

connection = Display(sys.argv[1])
target = connection.create_resource_object("window", int(sys.argv[2]))
protocols = connection.intern_atom("WM_PROTOCOLS")
delete = connection.intern_atom("WM_DELETE_WINDOW")
message = protocol.event.ClientMessage(
    window=target, client_type=protocols, data=(32, [delete, X.CurrentTime, 0, 0, 0])
)
target.send_event(message, event_mask=X.NoEventMask)
connection.close()
"""


def close_window(display: str, window: str) -> None:
    """Press the window's close button, as a window manager passes it on: the
    WM_DELETE_WINDOW message of the window's WM_PROTOCOLS (xdotool has no command for it).
    Sent from a process of its own: python-xlib waits on its socket with ``select``, which
    fails once a long test run has opened over 1,024 files."""
    subprocess.run([sys.executable, "-c", CLOSE_WINDOW, display, window], check=True, timeout=20)


def test_the_close_button_ends_a_solo_game_and_keeps_its_match(xserver, tmp_path):
    """The window's close button ends the game at once (a table hosted for friends would
    be asked about first), the match saved for Continue."""
    from scopa.settings import Settings
    from scopa.storage import Store

    store = Store(tmp_path)
    store.save_settings(Settings(language="en", animation_speed="fast"))
    game = solo_table(xserver, tmp_path)
    try:
        window = window_of(game, xserver)
        # started as ``python -m scopa``, its class was "__main__.py": a desktop's task bar
        # could not match it to the game's launcher, nor a script find it by its class
        assert window in xdotool(xserver, "search", "--classname", "^scopa$").split()
        wait_for(lambda: store.load_match() is not None, 30, "the match saved")
        for _ in range(5):  # a close sent in the window's first moments may be lost
            close_window(xserver, window)
            if wait_until(lambda: game.poll() is not None, 4):
                break
        out, err = game.communicate(timeout=20)
        assert game.returncode == 0, err.decode()[-3000:]
        assert store.load_match() is not None
    finally:
        stop(game)


def test_drag_a_card_in_a_real_window(xserver, tmp_path):
    from scopa.app.table.layout import TableLayout
    from scopa.settings import Settings
    from scopa.storage import Store

    store = Store(tmp_path)
    store.save_settings(Settings(language="en", animation_speed="fast"))
    game = solo_table(xserver, tmp_path)
    try:
        window = window_of(game, xserver)
        geometry = geometry_of(xserver, window)
        if "X" not in geometry:  # the window went: say why the game stopped
            status = game.poll()
            _, err = game.communicate(timeout=15) if status is not None else (b"", b"")
            pytest.fail(f"the game's window went away (exit status {status}): {err.decode()}")
        left, top = int(geometry["X"]), int(geometry["Y"])
        assert (int(geometry["WIDTH"]), int(geometry["HEIGHT"])) == WINDOW

        def human_to_play():
            saved = store.load_match()
            if saved is None:
                return None
            match = saved[1].replay()
            return match if match.turn == 0 and not match.over else None

        match = wait_for(human_to_play, 30, "the human's turn")
        before = len(match.moves())
        hand = sorted(match.round.hand(0))
        legal = match.legal_moves()
        card = min(hand, key=lambda c: sum(m.card == c for m in legal))  # fewest choices
        layout = TableLayout(WINDOW, match.rules, 0)
        slot = layout.hand_slots(0, len(hand), True)[hand.index(card)]
        start = (left + round(slot.centre[0]), top + round(slot.centre[1]))
        table = layout.table_rect
        end = (left + round(table.left + table.width * 0.08), top + round(table.bottom - 8))

        def played():
            saved = store.load_match()
            moves = saved[1].moves if saved else ()
            return moves if len(moves) > before else None

        moves = None
        for _attempt in range(6):  # a drag made while the deal still animates is ignored
            time.sleep(1.0)
            drag(xserver, start, end)
            moves = wait_until(played, 3)
            if moves is None:  # several sets to take: the choice is open, take the first
                xdotool(xserver, "key", "Return")
                moves = wait_until(played, 3)
            if moves is not None:
                break
        assert moves is not None, "the dragged card was never played"
        assert moves[before].card == card
        assert game.poll() is None, game.stderr.read().decode() if game.stderr else ""
    finally:
        stop(game)


def test_two_x_servers_started_together_get_displays_of_their_own():
    with x_display("640x480x24") as first, x_display("800x600x24") as second:
        assert first != second
        assert xdotool(first, "getdisplaygeometry") == "640 480"
        assert xdotool(second, "getdisplaygeometry") == "800 600"


def test_a_window_asked_bigger_than_the_screen_opens_at_the_screen_s_size(xserver, tmp_path):
    """``--size 16384x16384`` opened a window that size: gigabytes of memory, and black
    for half a minute. It opens at the screen's size, and says so."""
    picture = tmp_path / "first.png"
    env = game_environment(xserver, tmp_path, SCOPA_SCREENSHOT=str(picture))
    result = subprocess.run(
        [sys.executable, "-m", "scopa", "--smoke", "--size", "16384x16384"],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    assert "so the window opens at 1600x900" in result.stderr
    import pygame

    assert pygame.image.load(str(picture)).get_size() == (1600, 900)


def test_f11_fills_the_screen_from_its_corner_and_gives_the_window_its_place_back(
    xserver, tmp_path
):
    """With no window manager to place it, F11 made a window the screen's size where the
    small one had been: three quarters of the game off the screen."""
    from scopa.app.app import F11_CALM
    from scopa.settings import Settings
    from scopa.storage import Store

    Store(tmp_path).save_settings(Settings(language="en", tutorial_done=True))
    game = subprocess.Popen(
        [sys.executable, "-m", "scopa", "--size", "960x540"],
        env=game_environment(xserver, tmp_path),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )

    def placed() -> tuple[int, int, int, int] | None:
        window = window_of(game, xserver)
        shape = geometry_of(xserver, window)
        if "X" not in shape:
            return None
        return tuple(int(shape[name]) for name in ("X", "Y", "WIDTH", "HEIGHT"))  # type: ignore[return-value]

    try:
        windowed = wait_for(placed, 60, "the window")
        assert windowed[2:] == (960, 540) and windowed[:2] != (0, 0)
        for wanted in ((0, 0, 1600, 900), windowed):
            x, y, width, height = placed() or windowed
            xdotool(xserver, "mousemove", str(x + width // 2), str(y + height - 10))
            time.sleep(F11_CALM + 0.2)  # (a press sooner is the one that built the window)
            xdotool(xserver, "key", "F11")
            wait_for(lambda wanted=wanted: placed() == wanted, 20, f"the window at {wanted}")
    finally:
        stop(game)
