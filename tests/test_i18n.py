"""Every string table speaks both languages with the same keys and the same placeholders."""

from __future__ import annotations

import importlib
import pkgutil

import pytest

from scopa import i18n
from scopa.app import strings

MODULES = sorted(info.name for info in pkgutil.iter_modules(strings.__path__))


def test_there_are_string_modules() -> None:
    assert {"menus", "options", "rules"} <= set(MODULES)


@pytest.mark.parametrize("name", MODULES)
def test_module_has_the_same_keys_in_both_languages(name: str) -> None:
    table = importlib.import_module(f"scopa.app.strings.{name}").STRINGS
    assert set(table) == {"en", "it"}
    only_en = sorted(set(table["en"]) - set(table["it"]))
    only_it = sorted(set(table["it"]) - set(table["en"]))
    assert not only_en, f"{name}: missing in Italian: {only_en}"
    assert not only_it, f"{name}: missing in English: {only_it}"


@pytest.mark.parametrize("name", MODULES)
def test_module_has_the_same_placeholders_in_both_languages(name: str) -> None:
    table = importlib.import_module(f"scopa.app.strings.{name}").STRINGS
    for key, english in table["en"].items():
        italian = table["it"][key]
        assert i18n.placeholders(english) == i18n.placeholders(italian), key
        assert english.strip() and italian.strip(), f"{key} is empty"


def test_merged_tables_have_unique_keys_and_format_cleanly() -> None:
    i18n.tables.cache_clear()
    merged = i18n.tables()
    assert set(merged["en"]) == set(merged["it"])
    for lang in ("en", "it"):
        for text in merged[lang].values():
            names = i18n.placeholders(text)
            text.format(**{name: "x" for name in names})  # raises on a malformed brace


def test_a_placeholder_mismatch_is_caught() -> None:
    assert i18n.placeholders("Vince {name}!") != i18n.placeholders("{who} wins!")


def test_translator_switches_language() -> None:
    assert i18n.Translator("it")("play") == "Gioca"
    assert i18n.Translator("en")("play") == "Play"
    assert i18n.Translator("en")("match_won.one", name="Giulia") == "Giulia wins!"
