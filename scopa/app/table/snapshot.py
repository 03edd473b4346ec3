"""What the table shows at one instant, as plain read-only values.

The scene builds a snapshot each frame from its collaborators (the coordinator's match, the
view's sprites, the pointer, the director's banners, the aids); the painter draws from the
snapshot alone. The painter never reaches into the scene, so what is drawn is exactly what
the snapshot says, and a test can read the same values the screen shows.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame
from pygame import FRect

from scopa.engine import Card

from .. import style
from ..cardart import CardArt
from .director import Banner, Confetto, Spark
from .frame import Item
from .layout import TableLayout
from .sprites import TableView

Colour = tuple[int, int, int]


@dataclass(frozen=True)
class PlateView:
    """A seat's name plate: its name, what it holds or how well it plays, the turn, the
    dealer's button and, with partners, the colour of its side."""

    rect: FRect
    name: str
    detail: str
    active: bool
    dealer: bool
    dealer_mark: str
    side_colour: Colour | None
    pulse: float
    short: str = ""
    """``detail`` said shorter, for a plate too narrow for it ("Principiante")."""
    side: int | None = None
    """With partners, the seat's side: its shape (``side_shape``) goes with its colour."""


@dataclass(frozen=True)
class ScoreRow:
    name: str
    total: int
    detail: str
    active: bool
    colour: Colour | None
    short: str = ""
    """``detail`` said shorter, for a panel too narrow for it (the cards taken counted
    without their word: "18 · 6 scopas +10", a Cirulla hand's bonus at its end)."""
    bonus: str = ""
    """Cirulla: the scopas a hand's bonus gave the side this round ("+10"), written beside
    the total where the panel has no room for ``detail`` (four sides or more)."""
    side: int | None = None
    """With partners, the side: its shape marks its line, as it marks its plates."""
    brief: str = ""
    """Partners' ``name`` each by their first name ("Niccolò, Bartolomeo & Paolo"), for a
    panel where the whole would be cut short and a partner lost with its end."""


@dataclass(frozen=True)
class HudView:
    target: str
    round_line: str
    deal_line: str
    rows: tuple[ScoreRow, ...]


@dataclass(frozen=True)
class TableSnapshot:
    layout: TableLayout
    view: TableView
    art: CardArt
    background: pygame.Surface
    moving: frozenset[int]
    """``id`` of every sprite in flight."""
    dragged: Card | None
    glowing: frozenset[Card]
    glow_take: bool
    """The glowing table cards would be taken (else they are options to choose from)."""
    selected: Card | None
    hovered: Card | None
    active_seat: int | None
    """The seat whose hand takes input now (its selected and hovered cards glow)."""
    waiting: frozenset[int]
    """Hands on show whose turn it is not: drawn a little darker."""
    landing: FRect | None
    plates: tuple[PlateView, ...]
    hud: HudView
    stock_label: str
    status: tuple[str, Colour] | None
    status_room: FRect | None
    """Where the status line goes: None, on its own row under the table; else in this room
    (beside Cirulla's buttons, which took its row)."""
    banners: tuple[Banner, ...]
    sparks: tuple[Spark, ...]
    confetti: tuple[Confetto, ...]
    overlays: tuple[Item, ...]
    """Panels over the table, painted last (aids, the capture choice, the cover)."""
    matta: tuple[Card, str] | None = None
    """Cirulla: the matta and the value named for it, written on it while it shows."""
    laid: tuple[Card, str] | None = None
    """The card the last play laid on the table and the name of who laid it, written on it
    while it lies there (``TableScene.last_laid``)."""
    hover_glow: Colour = style.CLOTHS["green"].hover
    """The glow round the card of the hand under the pointer (the cloth's ``hover``)."""
