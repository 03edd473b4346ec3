"""The tutorial offered over the title at the first start: take it, or not now.

Kept apart from the tutorial scene so the title shows without loading the table.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
from pygame import FRect

from ..scene import Scene

if TYPE_CHECKING:
    from ..app import App

GOLD = (232, 196, 108)
CREAM = (250, 242, 222)
SOFT = (196, 214, 196)
INK = (16, 28, 20)


def rounded(surface: pygame.Surface, rect: FRect, unit: float, border: tuple, alpha: int) -> None:
    box = pygame.Surface((round(rect.width), round(rect.height)), pygame.SRCALPHA)
    radius = round(14 * unit)
    pygame.draw.rect(box, (*INK, alpha), box.get_rect(), border_radius=radius)
    pygame.draw.rect(box, border, box.get_rect(), max(2, round(3 * unit)), radius)
    surface.blit(box, rect.topleft)


class TutorialOffer(Scene):
    """At the first start, over the title: take the tutorial, or not now."""

    opaque = False

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.pressed: str | None = None

    def buttons(self) -> list[tuple[str, pygame.Rect]]:
        w, h = self.app.size
        bw, bh = round(w * 0.25), round(h * 0.075)
        y = round(h * 0.56)
        return [
            ("tutorial", pygame.Rect(w // 2 - bw - w // 80, y, bw, bh)),
            ("skip", pygame.Rect(w // 2 + w // 80, y, bw, bh)),
        ]

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.take()
            elif event.key == pygame.K_ESCAPE:
                self.decline()
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.pressed = self._at(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.pressed:
            pressed, self.pressed = self.pressed, None
            if self._at(event.pos) == pressed:
                self.take() if pressed == "tutorial" else self.decline()
        return True

    def _at(self, pos: tuple[int, int]) -> str | None:
        return next((name for name, rect in self.buttons() if rect.collidepoint(pos)), None)

    def take(self) -> None:
        self.app.back()
        self.app.matches.tutorial()

    def decline(self) -> None:
        """Not now: the tutorial stays on the title, and is not offered at start again."""
        self.app.settings = self.app.settings.with_(tutorial_done=True)
        self.app.save_settings()
        self.app.back()

    def draw(self, surface: pygame.Surface) -> None:
        w, h = self.app.size
        veil = pygame.Surface((w, h), pygame.SRCALPHA)
        veil.fill((6, 16, 10, 170))
        surface.blit(veil, (0, 0))
        unit = min(w / 1920, h / 1080)
        box = FRect(0, 0, w * 0.56, h * 0.36)
        box.center = (w / 2, h * 0.5)
        rounded(surface, box, unit, GOLD, 250)
        t = self.app.t
        title = self.app.font("title", max(24, round(h * 0.06))).render(
            t("aids.offer_title"), True, GOLD
        )
        surface.blit(title, title.get_rect(midtop=(w / 2, box.top + h * 0.04)))
        line = self.app.font("ui", max(14, round(h * 0.028))).render(
            t("aids.offer_text"), True, CREAM
        )
        surface.blit(line, line.get_rect(midtop=(w / 2, box.top + h * 0.13)))
        font = self.app.font("ui_bold", max(14, round(h * 0.03)))
        for name, rect in self.buttons():
            primary = name == "tutorial"
            rounded(surface, FRect(rect), unit, GOLD if primary else SOFT, 240)
            key = "aids.offer_yes" if primary else "aids.offer_no"
            label = font.render(t(key), True, GOLD if primary else CREAM)
            surface.blit(label, label.get_rect(center=rect.center))
