"""Driving the menu scenes with real pygame events through ``App.frame``."""

from __future__ import annotations

import pygame

from scopa.engine import Rules

FRAME = 1 / 60


def frame(app, *events: pygame.event.Event) -> None:  # noqa: ANN001
    app.frame(FRAME, list(events))


def show(app, scene, size: tuple[int, int], language: str):  # noqa: ANN001, ANN201
    """``scene`` opened in a window of ``size`` in ``language``, past its fade-in."""
    app.resize(size)
    app.set_language(language)
    app.stack.push(scene)
    for _ in range(20):
        frame(app)
    return scene


def click(app, target) -> None:  # noqa: ANN001
    """Move to, press and release the left button on a widget (or a point): one click, as
    a person makes it, not the second of a double click (``App`` drops that on a screen the
    first one opened)."""
    pos = target.rect.center if hasattr(target, "rect") else target
    pos = (round(pos[0]), round(pos[1]))
    app._last_press = None
    frame(
        app,
        pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1),
    )


def press(app, key: int, mod: int = 0) -> None:  # noqa: ANN001
    """One key pressed, as a person presses it: not Enter pressed twice at once (``App``
    drops the second on a screen the first one opened)."""
    app._last_answer = None
    frame(app, pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0))


def type_text(app, text: str) -> None:  # noqa: ANN001
    frame(app, pygame.event.Event(pygame.TEXTINPUT, text=text))


def close_tables(app) -> None:  # noqa: ANN001
    """Stop the computer players' workers of any table left on the stack."""
    for scene in list(app.stack):
        close = getattr(scene, "close", None)
        if close is not None:
            close()


def toasts_kept_clear(app, band, taken, count: int) -> None:  # noqa: ANN001
    """The ``count`` toasts told, drawn in ``band``: each in the window, read whole, over
    none of the rectangles ``taken``."""
    from scopa.app import style

    drawn: list[style.Drawn] = []
    with style.watch_text(drawn.append):
        panels = app.toasts.draw(app.screen, app.font, band=band)
    assert len(panels) == count
    assert not any(text.elided for text in drawn)
    for panel in panels:
        assert app.screen.get_rect().contains(panel)
        for rect in taken:
            assert not panel.colliderect(rect), (panel, rect)


LONG_CIRULLA = Rules.preset("cirulla").with_(
    clockwise=True, equal_rank_precedence=True, ace_sweep_is_scopa=False,
    piccola_max=7, low_hand_max=8, matta=9,
)  # fmt: skip
"""A Cirulla of more changed rules than a line of the menus holds at 960x540."""


def ink_on_paper(box: pygame.Rect) -> tuple[tuple[int, int, int], tuple[int, int, int], float]:
    """The words written in ``box`` on the screen as they read: their ink (the colour
    that stands out most), the paper under them (the commonest colour) and the contrast
    ratio of the two, as the accessibility guidelines reckon it."""
    from collections import Counter

    from scopa.app.style.palette import contrast

    screen = pygame.display.get_surface()
    colours = Counter(
        tuple(screen.get_at((x, y)))[:3]
        for x in range(box.left, box.right)
        for y in range(box.top, box.bottom)
    )
    paper = colours.most_common(1)[0][0]
    ink = max(colours, key=lambda colour: contrast(colour, paper))
    return ink, paper, contrast(ink, paper)  # type: ignore[return-value]


def recorded(monkeypatch, owner: object, name: str) -> list:  # noqa: ANN001
    """Every result ``owner.name`` gives while the test runs (a card drawn's place, a text's
    layout), in order: the function still runs as it would."""
    seen: list = []
    real = getattr(owner, name)

    def recording(*args, **kwargs):  # noqa: ANN002, ANN003, ANN202
        seen.append(real(*args, **kwargs))
        return seen[-1]

    monkeypatch.setattr(owner, name, recording)
    return seen
