"""The table cloth and the soft shadow and glow drawn under lifted or playable cards."""

from __future__ import annotations

import numpy as np

FELT_SIZE = 512
FELT_GREEN = np.array([30, 104, 62], dtype=np.float64)


def _periodic_noise(rng: np.random.Generator, size: int, sigma: float) -> np.ndarray:
    """White noise smoothed by a Gaussian in frequency space: tiles without seams."""
    white = rng.random((size, size)) - 0.5
    f = np.fft.fftfreq(size)
    fx, fy = np.meshgrid(f, f)
    kernel = np.exp(-2 * (np.pi * sigma) ** 2 * (fx**2 + fy**2))
    out = np.real(np.fft.ifft2(np.fft.fft2(white) * kernel))
    return out / (np.abs(out).max() or 1.0)


def draw_felt(size: int = FELT_SIZE) -> np.ndarray:
    """A tileable green baize: soft mottling, a fine nap and faint diagonal weave."""
    rng = np.random.Generator(np.random.PCG64(2024))
    mottle = _periodic_noise(rng, size, 40.0)
    grain = _periodic_noise(rng, size, 1.2)
    y, x = np.mgrid[0:size, 0:size]
    weave = np.sin(2 * np.pi * (x + y) * 64 / size) * np.sin(2 * np.pi * (x - y) * 64 / size)
    light = 1.0 + 0.07 * mottle + 0.06 * grain + 0.015 * weave
    rgb = np.clip(FELT_GREEN[None, None, :] * light[:, :, None], 0, 255)
    alpha = np.full((size, size, 1), 255.0)
    return np.round(np.concatenate([rgb, alpha], axis=2)).astype(np.uint8)


def _rounded_box_distance(w: int, h: int, margin: int, radius: float) -> np.ndarray:
    """Signed distance (pixels) from each pixel to a rounded card outline, inside < 0."""
    y, x = np.mgrid[0 : h + 2 * margin, 0 : w + 2 * margin].astype(np.float64) + 0.5
    cx, cy = (w + 2 * margin) / 2, (h + 2 * margin) / 2
    qx = np.abs(x - cx) - (w / 2 - radius)
    qy = np.abs(y - cy) - (h / 2 - radius)
    outside = np.hypot(np.maximum(qx, 0), np.maximum(qy, 0))
    inside = np.minimum(np.maximum(qx, qy), 0)
    return outside + inside - radius


def draw_halo(
    color: tuple[int, int, int], spread: float, strength: float, margin: int = 24
) -> np.ndarray:
    """A soft rounded halo around a 240x400 card, ``margin`` pixels bigger on each side.

    Drawn centred under a card it is a shadow (dark) or a highlight glow (gold); the
    app scales it with the card.
    """
    d = _rounded_box_distance(240, 400, margin, 14.0)
    a = strength * np.exp(-(np.maximum(d, 0) ** 2) / (2 * spread**2))
    a = np.where(d < 0, strength, a)
    h, w = d.shape
    rgba = np.zeros((h, w, 4))
    rgba[:, :, :3] = color
    rgba[:, :, 3] = 255 * a
    return np.round(rgba).astype(np.uint8)
