"""The assets finder names real files, and every file it names loads."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import subprocess
import sys
import wave
from pathlib import Path

import pygame
import pytest

from scopa import resources
from scopa.engine import DECK, Card
from scopa.resources import (
    CARD_SIZE,
    DECK_STYLES,
    FONT_FILES,
    ICON_SIZES,
    SOUND_NAMES,
    asset_path,
    card_back_path,
    card_face_path,
    card_halo_path,
    felt_path,
    font_path,
    icon_path,
    sound_path,
)


@pytest.fixture(scope="module", autouse=True)
def _pygame():
    pygame.display.init()
    pygame.font.init()
    yield
    pygame.font.quit()
    pygame.display.quit()


def test_default_style_is_first_and_napoletane():
    assert DECK_STYLES[0] == resources.DEFAULT_STYLE == "napoletane"
    assert set(DECK_STYLES) == {
        "napoletane",
        "piacentine",
        "siciliane",
        "trevisane",
        "french",
        "genovesi",
    }


def test_card_paths_follow_the_contract():
    card = Card.parse("7D")
    assert card_face_path("napoletane", card).as_posix().endswith("cards/napoletane/7D.png")
    assert (
        card_face_path("french", "10B", corner_index=False)
        .as_posix()
        .endswith("cards/french/plain/10B.png")
    )
    assert card_back_path("piacentine").as_posix().endswith("cards/piacentine/back.png")


@pytest.mark.parametrize(
    "call",
    [
        lambda: card_face_path("tarocchi", "7D"),
        lambda: card_face_path("napoletane", "11D"),
        lambda: card_face_path("napoletane", "7X"),
        lambda: card_back_path("Napoletane"),
        lambda: sound_path("boing"),
        lambda: icon_path(17),
        lambda: font_path("comic"),
        lambda: asset_path(),
        lambda: card_halo_path("sparkle"),
    ],
)
def test_bad_names_are_refused_with_a_clear_error(call):
    with pytest.raises(ValueError):
        call()


@pytest.mark.parametrize("style", DECK_STYLES)
def test_each_style_has_40_distinct_faces_and_a_back_in_both_variants(style):
    for corner_index in (True, False):
        pixels = set()
        for card in DECK:
            path = card_face_path(style, card, corner_index)
            image = pygame.image.load(str(path))
            assert image.get_size() == CARD_SIZE, path
            pixels.add(pygame.image.tobytes(image, "RGBA"))
        assert len(pixels) == 40
    back = pygame.image.load(str(card_back_path(style)))
    assert back.get_size() == CARD_SIZE
    assert pygame.image.tobytes(back, "RGBA") not in pixels


@pytest.mark.parametrize("style", DECK_STYLES)
def test_faces_have_transparent_rounded_corners_and_an_opaque_middle(style):
    image = pygame.image.load(str(card_face_path(style, "1D")))
    assert image.get_at((0, 0)).a == 0
    assert image.get_at((239, 399)).a == 0
    assert image.get_at((120, 200)).a == 255


def test_corner_index_variant_differs_only_where_the_index_is():
    with_index = pygame.image.load(str(card_face_path("napoletane", "5C")))
    plain = pygame.image.load(str(card_face_path("napoletane", "5C", corner_index=False)))
    assert with_index.get_at((30, 38)) != plain.get_at((30, 38))
    assert with_index.get_at((120, 200)) == plain.get_at((120, 200))


def test_table_felt_and_card_halos_load():
    felt = pygame.image.load(str(felt_path()))
    assert min(felt.get_size()) >= 256
    for kind in ("shadow", "glow"):
        halo = pygame.image.load(str(card_halo_path(kind)))
        assert halo.get_size() == (CARD_SIZE[0] + 48, CARD_SIZE[1] + 48)
        assert halo.get_at((0, 0)).a == 0 and halo.get_at((144, 224)).a > 100


@pytest.mark.parametrize("size", ICON_SIZES)
def test_icons_exist_at_every_size(size):
    icon = pygame.image.load(str(icon_path(size)))
    assert icon.get_size() == (size, size)


def test_ico_file_lists_every_size():
    data = asset_path("icons", "scopa.ico").read_bytes()
    assert data[:4] == b"\x00\x00\x01\x00"
    assert int.from_bytes(data[4:6], "little") == len(ICON_SIZES)


@pytest.mark.parametrize("role", sorted(FONT_FILES))
def test_every_font_role_renders_text_and_suits(role):
    path = font_path(role)
    assert path is not None and path.is_file()
    font = pygame.font.Font(str(path), 24)
    assert font.render("Scopa! Settebello", True, (0, 0, 0)).get_width() > 50
    if role in ("ui", "symbols"):
        for symbol in "\u2660\u2661\u2662\u2663\u2665\u2666":
            glyph = font.metrics(symbol)
            assert glyph and glyph[0] is not None, f"{role} lacks {symbol!r}"


def test_fonts_ship_with_their_licences():
    fonts = asset_path("fonts")
    assert (fonts / "LICENSE-DejaVu.txt").read_text().strip()
    assert "OFL" in (fonts / "LICENSE-EBGaramond.txt").read_text()
    assert "Apache License" in (fonts / "LICENSE-Droid.txt").read_text()


def test_missing_font_falls_back_to_pygame_default(monkeypatch, tmp_path):
    monkeypatch.setattr(resources, "_candidate_roots", lambda: iter([tmp_path]))
    assert font_path("ui") is None
    assert pygame.font.Font(font_path("ui"), 20).render("x", True, (0, 0, 0))


@pytest.mark.parametrize("name", SOUND_NAMES)
def test_sounds_are_short_44k_16bit_wavs(name):
    with wave.open(str(sound_path(name))) as w:
        assert w.getframerate() == 44100
        assert w.getsampwidth() == 2
        seconds = w.getnframes() / w.getframerate()
    assert 0.05 < seconds < 2.5


def test_lookup_prefers_the_installed_package_then_checkout_then_bundle(monkeypatch, tmp_path):
    packaged, bundle = tmp_path / "pkg", tmp_path / "bundle"
    (bundle / "assets" / "table").mkdir(parents=True)
    (bundle / "assets" / "table" / "only-in-bundle.png").write_bytes(b"x")
    monkeypatch.setattr(sys, "_MEIPASS", str(bundle), raising=False)
    assert (
        asset_path("table", "only-in-bundle.png")
        == bundle / "assets" / "table" / "only-in-bundle.png"
    )
    assert (
        asset_path("table", "felt.png")
        == Path(resources.__file__).resolve().parent.parent / "assets" / "table" / "felt.png"
    )
    assert packaged not in list(resources._candidate_roots())


def test_runtime_needs_neither_numpy_nor_the_generators():
    code = (
        "import sys; sys.modules['numpy'] = None\n"
        "import scopa.resources, scopa.audio\n"
        "assert 'cardart' not in sys.modules\n"
        "print(scopa.resources.card_face_path('napoletane', '7D').is_file())\n"
    )
    env = dict(os.environ, SDL_AUDIODRIVER="dummy", SDL_VIDEODRIVER="dummy")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip().endswith("True")
