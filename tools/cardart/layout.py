"""Where the pips of a number card go.

Italian cards carry no numerals: the value is the count of symbols, so the arrangements
are the familiar ones (pairs in two columns, the odd one in the middle) that the eye counts
at a glance. The corners stay clear for the optional index.
"""

from __future__ import annotations

from cardart.suits import FRENCH_SUITED

W, H = 240, 400
CX, CY = W / 2, H / 2
LEFT, RIGHT = 73.0, 167.0
TOP, MID, BOTTOM = 98.0, 200.0, 302.0

Pip = tuple[float, float, float]  # x, y, rotation in degrees

_LAYOUTS: dict[int, list[tuple[float, float]]] = {
    1: [(CX, CY)],
    2: [(CX, TOP), (CX, BOTTOM)],
    3: [(CX, TOP), (CX, MID), (CX, BOTTOM)],
    4: [(LEFT, TOP + 14), (RIGHT, TOP + 14), (LEFT, BOTTOM - 14), (RIGHT, BOTTOM - 14)],
    5: [(LEFT, TOP), (RIGHT, TOP), (CX, MID), (LEFT, BOTTOM), (RIGHT, BOTTOM)],
    6: [(LEFT, TOP), (RIGHT, TOP), (LEFT, MID), (RIGHT, MID), (LEFT, BOTTOM), (RIGHT, BOTTOM)],
    7: [
        (LEFT, TOP),
        (RIGHT, TOP),
        (CX, (TOP + MID) / 2),
        (LEFT, MID),
        (RIGHT, MID),
        (LEFT, BOTTOM),
        (RIGHT, BOTTOM),
    ],
}


# The Italian seven: two, three across the middle, two, so it reads as "six and one more".
_ITALIAN_SEVEN = [
    (LEFT, TOP),
    (RIGHT, TOP),
    (CX - 58, MID),
    (CX, MID),
    (CX + 58, MID),
    (LEFT, BOTTOM),
    (RIGHT, BOTTOM),
]


def pip_positions(count: int, flip_lower: bool, italian: bool = False) -> list[Pip]:
    """Pip centres for a number card; ``flip_lower`` turns the lower half upside down.

    French pips are drawn as on real cards, the lower ones reversed; Italian symbols all
    stand upright as on Neapolitan and Piacentine decks.
    """
    if count not in _LAYOUTS:
        raise ValueError(f"no pip layout for {count}")
    layout = _ITALIAN_SEVEN if italian and count == 7 else _LAYOUTS[count]
    out: list[Pip] = []
    for x, y in layout:
        angle = 180.0 if flip_lower and y > CY + 1 else 0.0
        out.append((x, y, angle))
    return out


def pip_size(style: str, suit: str, count: int) -> float:
    """Symbol height for a card of ``count`` pips; long swords and clubs are drawn taller."""
    if style in FRENCH_SUITED:
        return {1: 130.0, 7: 58.0}.get(count, 66.0)
    if count == 1:
        return {"D": 158.0, "C": 196.0, "S": 290.0, "B": 280.0}[suit]
    base = {"D": 68.0, "C": 86.0, "S": 104.0, "B": 104.0}[suit]
    if count == 7:
        return base * {"D": 0.82, "C": 0.86}.get(suit, 0.9)
    if count in (3, 5, 6) and suit in "SB":
        return base * 0.94
    return base
