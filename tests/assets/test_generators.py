"""The asset generators are deterministic and the committed assets are what they draw.

Regenerating everything takes a minute, so a sample is redrawn here; ``tools/gen_*.py``
rebuild the rest. Committed images are compared by pixels with a small tolerance so that a
different FreeType, pygame-ce or FFT build on another machine does not fail the check,
while stale art does; byte-for-byte determinism is checked by drawing twice here.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import sys
import wave
from pathlib import Path

import pytest

np = pytest.importorskip("numpy")
import pygame  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))

import gen_cards  # noqa: E402
import gen_icons  # noqa: E402
import gen_sounds  # noqa: E402

SAMPLE = {
    "napoletane": ("7D", "9B"),
    "piacentine": ("3S", "10C"),
    "siciliane": ("1D", "8C"),
    "trevisane": ("7S", "9D"),
    "french": ("8S", "9C"),
    "genovesi": ("1D", "10S"),
}


def _pixels(path: Path) -> np.ndarray:
    image = pygame.image.load(str(path))
    return np.frombuffer(pygame.image.tobytes(image, "RGBA"), np.uint8).astype(np.int16)


def _assert_same_picture(new: Path, committed: Path) -> None:
    a, b = _pixels(new), _pixels(committed)
    assert a.shape == b.shape, committed
    diff = np.abs(a - b)
    # Another pygame-ce or FreeType build may rasterise an edge one sub-pixel differently;
    # stale art (a moved or recoloured shape) changes far more than this.
    assert diff.mean() < 1.0 and (diff > 24).mean() < 0.02, f"{committed} is stale: rerun tools/"


@pytest.fixture(scope="module", autouse=True)
def _pygame():
    pygame.init()
    yield
    pygame.quit()


@pytest.mark.slow
def test_cards_regenerate_identically_and_match_the_committed_files(tmp_path):
    first, second = tmp_path / "a", tmp_path / "b"
    for style, cards in SAMPLE.items():
        backs = style in ("piacentine", "siciliane", "trevisane", "genovesi")
        written = gen_cards.generate(first, [style], cards, backs=backs)
        gen_cards.generate(second, [style], cards, backs=backs)
        for path in written:
            twin = second / path.relative_to(first)
            assert path.read_bytes() == twin.read_bytes(), path
            _assert_same_picture(path, ROOT / "assets" / "cards" / path.relative_to(first))


def test_table_and_halos_match(tmp_path):
    for path in gen_cards.generate_table(tmp_path / "cards", tmp_path / "table"):
        rel = path.relative_to(tmp_path)
        _assert_same_picture(path, ROOT / "assets" / rel)


def test_icons_regenerate_identically(tmp_path):
    a = gen_icons.generate(tmp_path / "a", (16, 64))
    b = gen_icons.generate(tmp_path / "b", (16, 64))
    for x, y in zip(a, b, strict=True):
        assert x.read_bytes() == y.read_bytes()
    _assert_same_picture(a[1], ROOT / "assets" / "icons" / "scopa-64.png")


def test_sounds_regenerate_identically_and_match(tmp_path):
    for name in ("deal", "scopa"):
        a = gen_sounds.generate(tmp_path / "a", [name])[0]
        b = gen_sounds.generate(tmp_path / "b", [name])[0]
        assert a.read_bytes() == b.read_bytes()
        with wave.open(str(a)) as new, wave.open(str(ROOT / "assets" / "sounds" / a.name)) as old:
            x = np.frombuffer(new.readframes(new.getnframes()), "<i2").astype(np.int32)
            y = np.frombuffer(old.readframes(old.getnframes()), "<i2").astype(np.int32)
        assert x.shape == y.shape and np.abs(x - y).max() <= 2


def test_sounds_are_normalised_and_end_in_silence():
    for name in gen_sounds.SOUNDS:
        with wave.open(str(ROOT / "assets" / "sounds" / f"{name}.wav")) as w:
            x = np.frombuffer(w.readframes(w.getnframes()), "<i2").astype(np.int32)
        peak = np.abs(x).max()
        assert 0.35 * 32767 < peak < 0.7 * 32767, name
        assert abs(x[-1]) <= 1, name


def test_png_writer_round_trips_through_pygame(tmp_path):
    from cardart.png import write_png

    rng = np.random.Generator(np.random.PCG64(1))
    rgba = rng.integers(0, 256, (7, 5, 4), dtype=np.uint8)
    write_png(tmp_path / "x.png", rgba)
    loaded = _pixels(tmp_path / "x.png").reshape(7, 5, 4)
    assert (loaded == rgba).all()
    with pytest.raises(ValueError):
        write_png(tmp_path / "y.png", rgba[:, :, :3].copy())


def test_generators_refuse_unknown_names(tmp_path):
    with pytest.raises(SystemExit):
        gen_cards.generate(tmp_path, ["tarocchi"], ["7D"])
    with pytest.raises(SystemExit):
        gen_cards.generate(tmp_path, ["french"], ["11D"])
