"""Sound effects that never stop the game.

A machine without a sound device, a broken mixer or a missing or damaged sound file must
mean silence (with a warning in the log), not a crash: sound is a nicety.
"""

from __future__ import annotations

import contextlib

import pygame

from scopa.log import log
from scopa.resources import SOUND_NAMES, sound_path

MUTE_FADE_MS = 40
"""Muting lets the sounds playing die away this fast: a wave cut dead clicks."""
LEAVE_FADE_MS = 300
"""A table left (for the title, say) lets its sounds die away over this long."""


class Audio:
    """Plays the named effects of :data:`scopa.resources.SOUND_NAMES`.

    ``volume`` is 0..1 (clamped); ``muted`` silences without forgetting the volume.
    """

    def __init__(self, volume: float = 0.8, muted: bool = False) -> None:
        self.volume = _clamp(volume)
        self.muted = bool(muted)
        self.available = False
        self._sounds: dict[str, pygame.mixer.Sound | None] = {}
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(frequency=44100, size=-16, channels=2, buffer=512)
            self.available = bool(pygame.mixer.get_init())
        except Exception as exc:  # any failure of the device means silence
            log(f"scopa: sound is off: the audio device could not be opened ({exc})")
            self.available = False

    def _sound(self, name: str) -> pygame.mixer.Sound | None:
        if name in self._sounds:
            return self._sounds[name]
        sound: pygame.mixer.Sound | None = None
        try:
            sound = pygame.mixer.Sound(str(sound_path(name)))
        except Exception as exc:  # missing or corrupt file: that one sound is silent
            log(f"scopa: sound {name!r} is silent: {exc}")
        self._sounds[name] = sound
        return sound

    def play(self, name: str) -> None:
        """Play an effect; unknown names are a programming error and raise ValueError."""
        if name not in SOUND_NAMES:
            raise ValueError(f"unknown sound {name!r}; expected one of {', '.join(SOUND_NAMES)}")
        if self.muted or not self.available or self.volume <= 0:
            return
        sound = self._sound(name)
        if sound is None:
            return
        try:
            sound.set_volume(self.volume)
            sound.play()
        except pygame.error as exc:
            log(f"scopa: sound {name!r} could not be played: {exc}")

    def set_volume(self, volume: float) -> None:
        self.volume = _clamp(volume)

    def set_muted(self, muted: bool) -> None:
        self.muted = bool(muted)
        if self.muted:
            self.fade(MUTE_FADE_MS)

    def fade(self, ms: int = LEAVE_FADE_MS) -> None:
        """Let every sound playing die away over ``ms`` (cut dead, one clicked)."""
        if self.available:
            with contextlib.suppress(pygame.error):
                pygame.mixer.fadeout(ms)

    def preload(self) -> None:
        """Load every sound now, so the first play of each has no disk delay."""
        if self.available:
            for name in SOUND_NAMES:
                self._sound(name)


def _clamp(volume: float) -> float:
    try:
        v = float(volume)
    except (TypeError, ValueError):
        return 0.8
    if v != v:  # NaN
        return 0.8
    return min(1.0, max(0.0, v))
