"""Sound is a nicety: no device, no file or a broken file means silence, not a crash."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from scopa import audio as audio_module
from scopa.audio import Audio
from scopa.resources import SOUND_NAMES


@pytest.fixture
def mixer():
    yield
    pygame.mixer.quit()


def test_mixer_init_failure_means_silence(monkeypatch, capsys, mixer):
    pygame.mixer.quit()

    def broken(*args, **kwargs):
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "init", broken)
    a = Audio(volume=0.5, muted=False)
    assert not a.available
    # said in the log as the game's other lines are, under its name
    assert "scopa: sound is off: the audio device" in capsys.readouterr().err
    for name in SOUND_NAMES:
        a.play(name)
    a.set_volume(0.1)
    a.set_muted(True)
    a.set_muted(False)
    a.preload()


def test_muting_lets_the_sounds_playing_die_away(monkeypatch, mixer):
    """Muting cut a sound dead, which clicks: it fades it out, quickly."""
    a = Audio(volume=0.7, muted=False)
    assert a.available
    calls: list[tuple[str, int]] = []
    monkeypatch.setattr(pygame.mixer, "stop", lambda: calls.append(("stop", 0)))
    monkeypatch.setattr(pygame.mixer, "fadeout", lambda ms: calls.append(("fadeout", ms)))
    a.set_muted(True)
    assert calls == [("fadeout", audio_module.MUTE_FADE_MS)] and 0 < calls[0][1] <= 100


def test_every_sound_loads_with_the_dummy_driver(mixer):
    a = Audio(volume=0.7, muted=False)
    assert a.available, "SDL's dummy audio driver (built into pygame-ce) did not open"
    for name in SOUND_NAMES:
        sound = a._sound(name)
        assert sound is not None, name
        assert 0.05 < sound.get_length() < 2.5
        a.play(name)


def test_missing_or_corrupt_file_silences_only_that_sound(monkeypatch, tmp_path, capsys, mixer):
    a = Audio(volume=0.7, muted=False)
    assert a.available, "SDL's dummy audio driver (built into pygame-ce) did not open"
    corrupt = tmp_path / "deal.wav"
    corrupt.write_bytes(b"RIFF\x00\x00not a wave at all")
    real = audio_module.sound_path

    def fake(name):
        if name == "deal":
            return corrupt
        if name == "play":
            return tmp_path / "missing.wav"
        return real(name)

    monkeypatch.setattr(audio_module, "sound_path", fake)
    a.play("deal")
    a.play("play")
    a.play("capture")
    assert a._sounds["deal"] is None and a._sounds["play"] is None
    assert a._sounds["capture"] is not None
    said = capsys.readouterr().err
    assert "scopa: sound 'deal' is silent" in said and "scopa: sound 'play' is silent" in said


def test_volume_is_clamped_and_mute_keeps_the_volume(mixer):
    a = Audio(volume=3.0, muted=True)
    assert a.volume == 1.0 and a.muted
    a.set_volume(-1)
    assert a.volume == 0.0
    a.set_volume(float("nan"))
    assert a.volume == 0.8
    a.set_volume(0.3)
    a.set_muted(True)
    a.set_muted(False)
    assert a.volume == 0.3 and not a.muted


def test_unknown_sound_name_is_a_clear_error(mixer):
    with pytest.raises(ValueError, match="unknown sound"):
        Audio(0.5, False).play("trumpet")
