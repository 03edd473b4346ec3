"""How the table writes: pens on the app's fonts (``App.font``) for the style's one text
primitive, ``style.text``, at the sizes the table's layout gives."""

from __future__ import annotations

from ..style import Color, FontSource, Pen


class Writer:
    def __init__(self, font: FontSource) -> None:
        self.font = font

    def pen(self, role: str, px: int, colour: Color, shadow: Color | None = None) -> Pen:
        return Pen(self.font, role, px, colour, shadow)
