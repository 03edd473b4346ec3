"""One-line reasons for a hint, and the levels' names, in Italian and English.

A hint carries a reason *code* and its parameters; the sentence is made here, so the app can
show it in the player's language and tests can check the code without parsing text.
"""

from __future__ import annotations

LANGUAGES = ("it", "en")

TEXTS: dict[str, dict[str, str]] = {
    "en": {
        "only_move": "the only move",
        "scopa": "sweeps the table: scopa!",
        "settebello": "takes the settebello",
        "last_take": "takes the last {count} cards",
        "seven": "takes a 7, the best card for the primiera",
        "no_sweep_sum": "leaves {total} on the table: no sweep",
        "no_sweep": "leaves a table nobody can sweep",
        "block": "blocks with {rank}: you hold the last ones",
        "anchor": "lays {rank}: the others are all gone",
        "safe_lay": "lays a card that gives nothing away",
        "least_harm": "lays the card that risks least",
        "most_cards": "takes {count} cards",
        "coin": "takes a coin",
        "capture": "takes the best pair",
    },
    "it": {
        "only_move": "l'unica mossa possibile",
        "scopa": "prende tutto: scopa!",
        "settebello": "prende il settebello",
        "last_take": "prende le ultime {count} carte",
        "seven": "prende un sette, la carta migliore per la primiera",
        "no_sweep_sum": "lascia {total} in tavola: niente scopa",
        "no_sweep": "lascia una tavola che nessuno può scopare",
        "block": "blocca con {rank}: gli ultimi li hai tu",
        "anchor": "cala {rank}: gli altri sono già usciti",
        "safe_lay": "cala una carta che non regala niente",
        "least_harm": "cala la carta meno rischiosa",
        "most_cards": "prende {count} carte",
        "coin": "prende un denaro",
        "capture": "prende la coppia migliore",
    },
}

RANK_NAMES: dict[str, tuple[str, ...]] = {
    "en": ("", "an ace", "a 2", "a 3", "a 4", "a 5", "a 6", "a 7", "a knave", "a knight",
           "a king"),
    "it": ("", "un asso", "un due", "un tre", "un quattro", "un cinque", "un sei", "un sette",
           "un fante", "un cavallo", "un re"),
}  # fmt: skip

CODES = frozenset(TEXTS["en"])

LEVEL_NAMES: dict[str, dict[str, str]] = {
    "en": {"beginner": "Beginner", "expert": "Expert", "master": "Master", "greedy": "Greedy"},
    "it": {
        "beginner": "Principiante",
        "expert": "Esperto",
        "master": "Maestro",
        "greedy": "Ingordo",
    },
}


def level_name(level: str, lang: str) -> str:
    """The name a player reads for a level ("Maestro", "Master")."""
    if lang not in LEVEL_NAMES:
        raise ValueError(f"no level names in language {lang!r}; choose one of {LANGUAGES}")
    try:
        return LEVEL_NAMES[lang][level]
    except KeyError:
        raise ValueError(f"unknown level {level!r}") from None


def reason_text(code: str, params: dict[str, object], lang: str) -> str:
    """The sentence for a reason code in ``lang`` ("it" or "en")."""
    if lang not in TEXTS:
        raise ValueError(f"no hint texts in language {lang!r}; choose one of {LANGUAGES}")
    if code not in CODES:
        raise ValueError(f"unknown hint reason {code!r}")
    values = dict(params)
    rank = values.get("rank")
    if isinstance(rank, int):
        values["rank"] = RANK_NAMES[lang][rank]
    return TEXTS[lang][code].format(**values)
