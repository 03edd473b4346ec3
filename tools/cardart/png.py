"""A tiny deterministic PNG writer.

pygame's own writer may embed library-dependent chunks; writing the chunks ourselves with
zlib keeps the committed files byte-identical from one run to the next.
"""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

import numpy as np


def _chunk(kind: bytes, data: bytes) -> bytes:
    body = kind + data
    return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)


def _filtered_rows(rgba: np.ndarray) -> bytes:
    """Pick, per row, the PNG filter with the smallest sum of absolute residuals."""
    img = rgba.astype(np.int16)
    height = img.shape[0]
    left = np.zeros_like(img)
    left[:, 1:, :] = img[:, :-1, :]
    up = np.zeros_like(img)
    up[1:] = img[:-1]
    upleft = np.zeros_like(img)
    upleft[1:, 1:] = img[:-1, :-1]
    p = left + up - upleft
    pa, pb, pc = np.abs(p - left), np.abs(p - up), np.abs(p - upleft)
    paeth = np.where((pa <= pb) & (pa <= pc), left, np.where(pb <= pc, up, upleft))
    candidates = [
        img,
        img - left,
        img - up,
        img - ((left + up) >> 1),
        img - paeth,
    ]
    residuals = [(c % 256).astype(np.uint8) for c in candidates]
    scores = np.stack(
        [
            np.abs(r.astype(np.int8).astype(np.int32)).reshape(height, -1).sum(axis=1)
            for r in residuals
        ]
    )
    best = scores.argmin(axis=0)
    out = bytearray()
    for y in range(height):
        out.append(int(best[y]))
        out += residuals[best[y]][y].tobytes()
    return bytes(out)


def encode_png(rgba: np.ndarray) -> bytes:
    """PNG bytes of an (height, width, 4) uint8 RGBA array."""
    if rgba.ndim != 3 or rgba.shape[2] != 4 or rgba.dtype != np.uint8:
        raise ValueError("encode_png expects an (h, w, 4) uint8 array")
    height, width = rgba.shape[:2]
    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    data = zlib.compress(_filtered_rows(rgba), 9)
    return (
        b"\x89PNG\r\n\x1a\n"
        + _chunk(b"IHDR", header)
        + _chunk(b"IDAT", data)
        + _chunk(b"IEND", b"")
    )


def write_png(path: Path, rgba: np.ndarray) -> None:
    """Write ``rgba`` to ``path`` (parents created), only touching the file if it changed."""
    data = encode_png(rgba)
    path.parent.mkdir(parents=True, exist_ok=True)
    if path.exists() and path.read_bytes() == data:
        return
    path.write_bytes(data)
