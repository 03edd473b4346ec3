"""The string tables, one module per part of the game.

They are imported by name, not found by listing this folder: a one-file binary keeps its
modules in an archive with no folder to list, and a table left out there shows every text
as its key. ``tests/test_i18n.py`` fails when a module of this folder is missing here.
"""

from scopa.app.strings import (
    aids,
    cards,
    files,
    knock,
    lessons,
    matches,
    menus,
    online,
    options,
    review,
    rules,
    table,
)

MODULES = (
    aids,
    cards,
    files,
    knock,
    lessons,
    matches,
    menus,
    online,
    options,
    review,
    rules,
    table,
)
