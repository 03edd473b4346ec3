"""Every text a player reads, in Italian and English.

The tables live in ``scopa/app/strings/*.py`` (one module per part of the game, each with a
``STRINGS = {"en": {...}, "it": {...}}``, all listed in ``scopa.app.strings.MODULES``); this
module merges them and looks keys up.
Placeholders use ``str.format`` names: ``t("pass_to", name="Giulia")``.
"""

from __future__ import annotations

import locale
import os
import string
from functools import lru_cache

LANGUAGES = ("it", "en")


@lru_cache(maxsize=1)
def tables() -> dict[str, dict[str, str]]:
    """All string tables merged: ``{"en": {key: text}, "it": {...}}``."""
    from scopa.app.strings import MODULES

    merged: dict[str, dict[str, str]] = {lang: {} for lang in LANGUAGES}
    for module in MODULES:
        for lang, table in module.STRINGS.items():
            for key, text in table.items():
                if key in merged[lang]:
                    raise ValueError(f"string key {key!r} is defined twice ({module.__name__})")
                merged[lang][key] = text
    return merged


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def system_language() -> str:
    """'it' when the system speaks Italian, else 'en': as gettext reads it, the list of
    languages in ``LANGUAGE`` first (its first one the game speaks), unless the locale is
    C or none is set; then the locale's own (``LC_ALL``, ``LC_MESSAGES``, ``LANG``)."""
    spoken = next(
        (value for name in ("LC_ALL", "LC_MESSAGES", "LANG") if (value := os.environ.get(name))),
        None,
    )
    if spoken is None:
        try:
            spoken = locale.getlocale()[0] or ""
        except ValueError:
            spoken = ""
    if spoken.split(".")[0] not in ("", "C", "POSIX"):
        for asked in os.environ.get("LANGUAGE", "").split(":"):
            code = asked.lower()[:2]
            if code in LANGUAGES:
                return code
    return "it" if spoken.lower().startswith("it") else "en"


class Translator:
    def __init__(self, language: str) -> None:
        self.language = language if language in LANGUAGES else "en"

    def __call__(self, key: str, **params: object) -> str:
        table = tables()
        text = table[self.language].get(key)
        if text is None:
            text = table["en"].get(key, key)
        if params and self.language == "it":
            text = euphonic_ad(text, params)
        try:
            return text.format(**params) if params else text
        except (KeyError, IndexError, ValueError):
            return text


def euphonic_ad(text: str, params: dict[str, object]) -> str:
    """An Italian ``text`` whose "a" before a name that begins with an a is "ad" ("Passa lo
    schermo ad Anna", not "a Anna"), as "e" before an e is "ed" (``wording.join``)."""
    for name, value in params.items():
        if isinstance(value, str) and value[:1] in ("a", "A", "à", "À"):
            text = text.replace(f" a {{{name}}}", f" ad {{{name}}}")
    return text
