"""UI monkey: random mouse and key events through every scene, with the window resized,
checking after every event that nothing raised and that the engine's invariants hold.

    python tools/monkey.py                  # an hour
    python tools/monkey.py --frames 3000    # a short run (the test suite runs one)
    python tools/monkey.py --minutes 5 --seed 7

It runs headless (SDL's dummy drivers) on a scratch folder, so it never touches the
player's settings or saved match.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import time
import traceback
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame  # noqa: E402

from scopa.engine import Match  # noqa: E402
from scopa.engine.cards import FULL_MASK  # noqa: E402

KEYS = [
    pygame.K_LEFT,
    pygame.K_RIGHT,
    pygame.K_UP,
    pygame.K_DOWN,
    pygame.K_RETURN,
    pygame.K_SPACE,
    pygame.K_ESCAPE,
    pygame.K_TAB,
    pygame.K_h,
    pygame.K_u,
    pygame.K_t,
    pygame.K_PAGEUP,
    pygame.K_PAGEDOWN,
    pygame.K_BACKSPACE,
    pygame.K_a,
    pygame.K_z,
]
SIZES = [(960, 540), (1280, 720), (1366, 768), (1600, 900), (1920, 1080), (1100, 820)]


@dataclass
class Report:
    frames: int = 0
    events: int = 0
    resizes: int = 0
    restarts: int = 0
    scenes: Counter[str] = field(default_factory=Counter)
    checked_states: int = 0
    failures: list[str] = field(default_factory=list)
    slowest: tuple[float, str] = (0.0, "")
    """The longest frame, in seconds, and the scene on top as it began."""


FREEZE = 5.0
"""Seconds a frame may take before the monkey calls it a freeze (a failure): far above a
busy machine's slowest frame, far below a search that never ends."""


def check_match(match: Match) -> None:
    """The engine's invariants on a match the UI holds."""
    state = match.round
    seen = 0
    stock = 0
    for index in state.stock:
        stock |= 1 << index
    for mask in (*state.hands, *state.piles, state.table, stock):
        if seen & mask:
            raise AssertionError("a card is in two places")
        seen |= mask
    if seen != FULL_MASK:
        raise AssertionError("a card is missing")
    if not match.over and not state.over and not state.legal_moves():
        raise AssertionError("no legal move before the end of the round")
    if match.totals != tuple(
        sum(scores[side].total for scores in match.rounds) for side in range(len(match.totals))
    ):
        raise AssertionError("totals differ from the sum of the rounds")


def random_event(rng: random.Random, size: tuple[int, int]) -> list[pygame.event.Event]:
    width, height = size
    roll = rng.random()

    def spot(bottom_bias: bool = False) -> tuple[int, int]:
        if bottom_bias and rng.random() < 0.6:
            return rng.randrange(width), rng.randrange(height * 2 // 3, height)
        return rng.randrange(width), rng.randrange(height)

    if roll < 0.35:
        pos = spot()
        return [
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1),
        ]
    if roll < 0.55:
        start, end = spot(bottom_bias=True), spot()
        events = [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1)]
        for k in range(1, 5):
            x = start[0] + (end[0] - start[0]) * k // 4
            y = start[1] + (end[1] - start[1]) * k // 4
            events.append(
                pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y), rel=(0, 0), buttons=(1, 0, 0))
            )
        events.append(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
        return events
    if roll < 0.70:
        return [pygame.event.Event(pygame.MOUSEMOTION, pos=spot(), rel=(0, 0), buttons=(0, 0, 0))]
    if roll < 0.78:
        return [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=rng.choice([-1, 1]), flipped=False)]
    if roll < 0.80:
        return [pygame.event.Event(pygame.TEXTINPUT, text=rng.choice("aèZ 9"))]
    key = rng.choice(KEYS)
    return [
        pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0),
        pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode="", scancode=0),
    ]


def run(
    frames: int | None = None,
    seconds: float | None = None,
    seed: int = 0,
    home: Path | None = None,
    resize_every: int = 400,
) -> Report:
    """Drive a real App with random input; stop after ``frames`` frames or ``seconds``."""
    from scopa.app.app import App
    from scopa.app.registry import default_scenes
    from scopa.storage import Store

    rng = random.Random(seed)
    report = Report()
    folder = home or Path(tempfile.mkdtemp(prefix="scopa-monkey-"))
    store = Store(folder)
    settings = store.load_settings()
    settings.tutorial_done = bool(rng.random() < 0.7)
    settings.animation_speed = "fast"
    app = App(store, size=(1280, 720), settings=settings, scenes=default_scenes())
    app.home()
    deadline = time.monotonic() + seconds if seconds else None
    try:
        while True:
            if frames is not None and report.frames >= frames:
                break
            if deadline is not None and time.monotonic() >= deadline:
                break
            if not app.running or not len(app.stack):
                report.restarts += 1
                app.running = True
                app.home()
            events: list[pygame.event.Event] = []
            if rng.random() < 0.5:
                events = random_event(rng, app.size)
            if resize_every and report.frames % resize_every == resize_every - 1:
                width, height = rng.choice(SIZES)
                events.append(pygame.event.Event(pygame.VIDEORESIZE, w=width, h=height))
                report.resizes += 1
            dt = rng.choice([1 / 60, 1 / 30, 1 / 10, 0.25])
            on_top = type(app.stack.top).__name__
            began = time.perf_counter()
            try:
                app.frame(dt, events)
            except Exception:  # the monkey reports every failure with its traceback
                report.failures.append(traceback.format_exc())
                break
            took = time.perf_counter() - began
            report.slowest = max(report.slowest, (took, on_top))
            if took > FREEZE:
                report.failures.append(f"a frame over {on_top} took {took:.1f} s (a freeze)")
            report.frames += 1
            report.events += len(events)
            top = app.stack.top
            if top is not None:
                report.scenes[type(top).__name__] += 1
            for scene in app.stack:
                match = getattr(scene, "match", None)
                if isinstance(match, Match):
                    try:
                        check_match(match)
                    except AssertionError as error:
                        report.failures.append(f"{type(scene).__name__}: {error}")
                    report.checked_states += 1
            if report.failures:
                break
    finally:
        close = getattr(app, "close", None)
        if close is not None:
            close()
        pygame.display.quit()
    return report


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawTextHelpFormatter
    )
    parser.add_argument("--frames", type=int, help="stop after this many frames")
    parser.add_argument("--minutes", type=float, default=60.0, help="or after this long (60)")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    start = time.monotonic()
    report = run(
        frames=args.frames,
        seconds=None if args.frames else args.minutes * 60,
        seed=args.seed,
    )
    elapsed = time.monotonic() - start
    print(
        f"{report.frames} frames, {report.events} events, {report.resizes} resizes, "
        f"{report.restarts} restarts, {report.checked_states} states checked in {elapsed:.0f} s"
    )
    print("scenes on top:", ", ".join(f"{name} {n}" for name, n in report.scenes.most_common()))
    print(f"slowest frame: {report.slowest[0] * 1000:.0f} ms over {report.slowest[1]}")
    for failure in report.failures:
        print("FAILURE:\n" + failure)
    return 1 if report.failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
