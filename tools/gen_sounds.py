"""Synthesise the game's sound effects into ``assets/sounds`` (44.1 kHz, 16-bit mono WAV).

    python tools/gen_sounds.py [--out DIR]

Card noises are shaped noise bursts (paper on cloth); the scopa, round-end and win cues
are soft bell tones (falling ones for a match lost). Seeded noise and fixed parameters
make every run write the same bytes.
"""

from __future__ import annotations

import argparse
import wave
from collections.abc import Callable, Sequence
from pathlib import Path

import numpy as np

RATE = 44100
PEAK = 0.6  # about -4.4 dBFS: loud enough, with headroom when cues overlap
# The dense shuffle crackle sounds louder than a single snap at the same peak.
LEVEL = {"shuffle": 0.7, "deal": 0.85, "lose": 0.8, "message": 0.62}
ROOT = Path(__file__).resolve().parents[1]


def _noise(seconds: float, seed: int) -> np.ndarray:
    rng = np.random.Generator(np.random.PCG64(seed))
    return rng.random(int(seconds * RATE)) * 2.0 - 1.0


def _lowpass(x: np.ndarray, cutoff: float, taps: int = 101) -> np.ndarray:
    """Windowed-sinc FIR low-pass (numpy only, no scipy at hand)."""
    n = np.arange(taps) - (taps - 1) / 2
    kernel = np.sinc(2 * cutoff / RATE * n) * np.hamming(taps)
    kernel /= kernel.sum()
    return np.convolve(x, kernel, mode="same")


def _bandpass(x: np.ndarray, low: float, high: float) -> np.ndarray:
    return _lowpass(x, high) - _lowpass(x, low)


def _env(length: int, attack: float, decay: float) -> np.ndarray:
    """Linear attack then exponential decay (``decay`` = time constant in seconds)."""
    t = np.arange(length) / RATE
    a = np.clip(t / max(attack, 1e-4), 0, 1)
    return a * np.exp(-np.maximum(t - attack, 0) / decay)


def _place(buf: np.ndarray, sound: np.ndarray, at: float) -> None:
    start = int(at * RATE)
    end = min(len(buf), start + len(sound))
    buf[start:end] += sound[: end - start]


def _flick(seed: int, bright: float = 1.0, length: float = 0.09) -> np.ndarray:
    """One card snapping or sliding: a short bright noise burst over a soft thump."""
    n = _noise(length, seed)
    snap = _bandpass(n, 1500 * bright, 7000 * bright) * _env(len(n), 0.002, 0.018)
    t = np.arange(len(n)) / RATE
    thump = np.sin(2 * np.pi * 130 * t) * _env(len(n), 0.003, 0.025) * 0.5
    return snap + thump


def _bell(freq: float, seconds: float, decay: float) -> np.ndarray:
    """A warm bell: a few inharmonic partials with their own decays."""
    t = np.arange(int(seconds * RATE)) / RATE
    out = np.zeros_like(t)
    for ratio, amp, dec in (
        (1.0, 1.0, 1.0),
        (2.0, 0.45, 0.6),
        (3.01, 0.2, 0.4),
        (4.16, 0.12, 0.25),
    ):
        out += amp * np.sin(2 * np.pi * freq * ratio * t) * np.exp(-t / (decay * dec))
    return out * np.clip(t / 0.004, 0, 1)


def shuffle() -> np.ndarray:
    buf = np.zeros(int(1.0 * RATE))
    rng = np.random.Generator(np.random.PCG64(11))
    t = 0.04
    i = 0
    while t < 0.85:
        _place(buf, _flick(100 + i, bright=0.8 + 0.4 * rng.random(), length=0.05) * 0.55, t)
        t += 0.012 + 0.02 * (t / 0.85) + 0.006 * rng.random()
        i += 1
    _place(buf, _flick(7, bright=0.6, length=0.12) * 1.2, 0.9 - 0.02)
    return buf


def deal() -> np.ndarray:
    buf = np.zeros(int(0.18 * RATE))
    swish = _bandpass(_noise(0.12, 3), 2500, 9000) * _env(int(0.12 * RATE), 0.04, 0.03) * 0.5
    _place(buf, swish, 0.0)
    _place(buf, _flick(4, length=0.08), 0.06)
    return buf


def play() -> np.ndarray:
    buf = np.zeros(int(0.16 * RATE))
    _place(buf, _flick(5, bright=0.7, length=0.14) * 1.3, 0.0)
    return buf


def capture() -> np.ndarray:
    buf = np.zeros(int(0.42 * RATE))
    _place(buf, _flick(6, bright=0.8), 0.0)
    _place(buf, _flick(8, bright=0.9) * 0.7, 0.07)
    sweep = _bandpass(_noise(0.3, 9), 800, 5000) * _env(int(0.3 * RATE), 0.12, 0.07) * 0.45
    _place(buf, sweep, 0.1)
    return buf


def scopa() -> np.ndarray:
    buf = np.zeros(int(1.1 * RATE))
    _place(buf, _flick(10, bright=0.7) * 1.2, 0.0)
    for k, f in enumerate((523.25, 659.25, 783.99, 1046.5)):
        _place(buf, _bell(f, 0.9, 0.35) * 0.35, 0.05 + 0.07 * k)
    return buf


def round_end() -> np.ndarray:
    buf = np.zeros(int(1.0 * RATE))
    _place(buf, _bell(783.99, 0.9, 0.4) * 0.4, 0.0)
    _place(buf, _bell(523.25, 0.9, 0.45) * 0.45, 0.16)
    return buf


def win() -> np.ndarray:
    buf = np.zeros(int(1.8 * RATE))
    notes = ((523.25, 0.0), (659.25, 0.13), (783.99, 0.26), (1046.5, 0.42))
    for f, at in notes:
        _place(buf, _bell(f, 1.3, 0.45) * 0.35, at)
    for f in (523.25, 659.25, 783.99):
        _place(buf, _bell(f, 1.2, 0.6) * 0.22, 0.62)
    return buf


def lose() -> np.ndarray:
    """The match lost: two soft falling tones settling on a low one, no fanfare."""
    buf = np.zeros(int(1.6 * RATE))
    for f, at, amp in ((392.0, 0.0, 0.32), (329.63, 0.22, 0.3), (261.63, 0.5, 0.34)):
        _place(buf, _bell(f, 1.1, 0.5) * amp, at)
    return buf


def message() -> np.ndarray:
    """A friend's quick message: two small rising tones, soft, over by the time it is read."""
    buf = np.zeros(int(0.5 * RATE))
    _place(buf, _bell(1174.66, 0.4, 0.12) * 0.3, 0.0)
    _place(buf, _bell(1567.98, 0.4, 0.14) * 0.3, 0.07)
    return buf


SOUNDS: dict[str, Callable[[], np.ndarray]] = {
    "shuffle": shuffle,
    "deal": deal,
    "play": play,
    "capture": capture,
    "scopa": scopa,
    "round_end": round_end,
    "win": win,
    "lose": lose,
    "message": message,
}


def to_pcm(signal: np.ndarray, level: float = 1.0) -> bytes:
    """Normalise to ``level`` x :data:`PEAK`, fade the tail to silence, quantise to 16-bit."""
    peak = float(np.max(np.abs(signal))) or 1.0
    out = signal / peak * PEAK * level
    fade = min(len(out), int(0.02 * RATE))
    out[-fade:] *= np.linspace(1.0, 0.0, fade)
    return np.round(out * 32767).astype("<i2").tobytes()


def write_wav(path: Path, signal: np.ndarray, level: float = 1.0) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(to_pcm(signal, level))


def generate(out: Path, names: Sequence[str] = tuple(SOUNDS)) -> list[Path]:
    """Write the named sounds under ``out``; returns the paths."""
    paths = []
    for name in names:
        path = out / f"{name}.wav"
        write_wav(path, SOUNDS[name](), LEVEL.get(name, 1.0))
        paths.append(path)
    return paths


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--out", type=Path, default=ROOT / "assets" / "sounds")
    args = parser.parse_args(argv)
    for path in generate(args.out):
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
