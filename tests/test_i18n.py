"""Every string table speaks both languages with the same keys and the same placeholders."""

from __future__ import annotations

import importlib
import pkgutil
from pathlib import Path

import pytest

from scopa import i18n
from scopa.app import strings

FOLDER = Path(i18n.__file__).resolve().parent / "app" / "strings"
MODULES = sorted(path.stem for path in FOLDER.glob("*.py") if path.stem != "__init__")


def test_there_are_string_modules() -> None:
    assert {"menus", "options", "rules"} <= set(MODULES)


def test_every_string_module_in_the_folder_is_imported_by_name() -> None:
    listed = sorted(module.__name__.rpartition(".")[2] for module in strings.MODULES)
    assert listed == MODULES, "add the new module to scopa/app/strings/__init__.py"


def test_tables_load_where_the_folder_cannot_be_searched(monkeypatch: pytest.MonkeyPatch) -> None:
    """A one-file binary holds the modules in an archive: finding them must not need a
    folder listing, or every text shows as its key."""
    i18n.tables.cache_clear()
    listed = {lang: dict(table) for lang, table in i18n.tables().items()}
    monkeypatch.setattr(pkgutil, "iter_modules", lambda *args, **kwargs: iter(()))
    monkeypatch.setattr(pkgutil, "walk_packages", lambda *args, **kwargs: iter(()))
    i18n.tables.cache_clear()
    try:
        merged = i18n.tables()
    finally:
        i18n.tables.cache_clear()
    assert merged == listed
    assert merged["it"]["aids.offer_title"] != "aids.offer_title"
    assert merged["en"]["quit"] == "Quit" and merged["it"]["settings"] == "Impostazioni"
    assert i18n.Translator("it")("settings") == "Impostazioni"


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


def test_italian_says_ad_before_a_name_that_begins_with_an_a() -> None:
    """The hot-seat cover read "Passa lo schermo a Anna": before a word beginning with an a
    Italian writes "ad", as it writes "ed" before an e."""
    italian, english = i18n.Translator("it"), i18n.Translator("en")
    assert italian("table.pass_to", name="Anna") == "Passa lo schermo ad Anna"
    assert italian("table.pass_to", name="Àlvaro") == "Passa lo schermo ad Àlvaro"
    assert italian("table.pass_to", name="Bruno") == "Passa lo schermo a Bruno"
    assert italian("table.last_cards.team", names="Anna e Carla") == (
        "Le ultime carte ad Anna e Carla"
    )
    assert english("table.pass_to", name="Anna") == "Pass the screen to Anna"


@pytest.mark.parametrize(
    ("environment", "expected"),
    [
        ({"LANG": "en_US.UTF-8", "LANGUAGE": "it"}, "it"),  # the list asked for first
        ({"LANG": "it_IT.UTF-8", "LANGUAGE": "fr:en_GB:it"}, "en"),  # its first we speak
        ({"LANG": "de_DE.UTF-8", "LANGUAGE": "fr:it_IT"}, "it"),
        ({"LANG": "it_IT.UTF-8", "LANGUAGE": "fr:de"}, "it"),  # none we speak: the locale's
        ({"LC_ALL": "C", "LANGUAGE": "it"}, "en"),  # under C the list is not read
        ({"LC_MESSAGES": "it_IT.UTF-8", "LANG": "en_US.UTF-8"}, "it"),
        ({"LC_ALL": "en_US.UTF-8", "LC_MESSAGES": "it_IT.UTF-8"}, "en"),
    ],
)
def test_the_system_language_reads_the_language_list_as_gettext_does(
    monkeypatch: pytest.MonkeyPatch, environment: dict[str, str], expected: str
) -> None:
    """A desktop set to Italian writes ``LANGUAGE=it`` beside ``LANG=en_US.UTF-8`` (its
    formats English): the game asked in English. The list in ``LANGUAGE`` comes first, its
    first language the game speaks, as every translated program reads it (not under the C
    locale, where it is ignored)."""
    for name in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        monkeypatch.delenv(name, raising=False)
    for name, value in environment.items():
        monkeypatch.setenv(name, value)
    assert i18n.system_language() == expected
