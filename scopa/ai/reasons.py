"""One-line reasons for a hint, and the levels' names, in Italian and English.

A hint carries a reason *code* and its parameters; the sentence is made here, so the app can
show it in the player's language and tests can check the code without parsing text. A rank is
named as the player's deck names it: the 9 is a knight (cavallo) in an Italian deck and a
queen (donna) in a French one.
"""

from __future__ import annotations

LANGUAGES = ("it", "en")

TEXTS: dict[str, dict[str, str]] = {
    "en": {
        "only_move": "the only move",
        "scopa": "clears the table: scopa!",
        "settebello": "takes the settebello",
        "settebello_played": "captures with the settebello: its point is yours",
        "re_bello": "takes the re bello, worth a point",
        "settebello_coppe": "takes the settebello di coppe, worth a point",
        "re_bello_played": "captures with the re bello, worth a point",
        "settebello_coppe_played": "captures with the settebello di coppe, worth a point",
        "last_take": "takes the last {count} cards",
        "seven": "takes a 7, the best card for the primiera",
        "seven_count": "takes a 7, and the most sevens score a point",
        "no_sweep_sum": "leaves {total} on the table, so no scopa for anyone",
        "no_sweep": "leaves a table where nobody can make a scopa",
        "block": "lays {rank}, and nobody else holds a card of that rank",
        "anchor": "lays {rank}, and every other card of that rank is gone",
        "safe_lay": "lays a card that gives nothing away",
        "little_risk": "lays a card that gives little away",
        "least_harm": "the card that risks least to lay",
        "covered_sum": "makes {total} with a table card, and the hand keeps {rank} to take both",
        "keeps_for_later": "keeps {rank} for later, when it pays more",
        "keeps_settebello": "keeps the settebello for later, when it pays more",
        "looks_ahead": "over the next plays it pays more than any other card",
        "passes_scopa": "gives up the scopa: over the next plays this pays more",
        "most_cards": "takes {count} cards",
        "coin": "takes {count} cards of {coins}",
        "primiera": "banks {ranks}, of the cards worth most in the primiera (7, 6, ace)",
        "grande": "takes a card of the grande (the king, {knight} and {knave} of {coins})",
        "piccola": "takes a card of the piccola (the ace, 2 and 3 of {coins})",
        "capture": "the capture that pays most over the next plays",
        "only_capture": "the only capture there is",
        "keeps": "takes the same cards and keeps {rank} for later",
        "keeps_ace": "keeps the ace to sweep a fuller table later",
        "keeps_coin": "keeps the card of {coins}, plays another of its rank",
        "declare": "knock and show your hand for {points} scopas",
        "declare_matta": "knock, the matta as {rank}, for {points} scopas",
        "keep_hidden": "keep your cards hidden",
        "retract": "take the declaration back",
        "wins_by_end": "ends up winning {won}",
        "denies_by_end": "ends up denying them {won}",
        "wins_denies": "wins {won} and denies them {denied}",
    },
    "it": {
        "only_move": "l'unica mossa possibile",
        "scopa": "prende tutto: scopa!",
        "settebello": "prende il settebello",
        "settebello_played": "prende col settebello: il suo punto è tuo",
        "re_bello": "prende il re bello, che vale un punto",
        "settebello_coppe": "prende il settebello di coppe, che vale un punto",
        "re_bello_played": "prende col re bello, che vale un punto",
        "settebello_coppe_played": "prende col settebello di coppe, che vale un punto",
        "last_take": "prende le ultime {count} carte",
        "seven": "prende un 7, la carta migliore per la primiera",
        "seven_count": "prende un 7, e chi ha più sette fa il punto",
        "no_sweep_sum": "lascia {total} in tavola, così niente scopa",
        "no_sweep": "lascia una tavola su cui nessuno può fare scopa",
        "block": "cala {rank}, e nessun altro ha carte di quel valore",
        "anchor": "cala {rank}, e le altre carte di quel valore sono già uscite",
        "safe_lay": "cala una carta che non regala niente",
        "little_risk": "cala una carta che regala poco",
        "least_harm": "è la carta meno rischiosa da calare",
        "covered_sum": "fa {total} con una carta in tavola, ma in mano resta {rank} per prenderle",
        "keeps_for_later": "tiene {rank} per dopo, quando renderà di più",
        "keeps_settebello": "tiene il settebello per dopo, quando renderà di più",
        "looks_ahead": "nelle prossime giocate rende più di ogni altra carta",
        "passes_scopa": "rinuncia alla scopa: nelle prossime giocate questa rende di più",
        "most_cards": "prende {count} carte",
        "coin": "prende {count} carte di {coins}",
        "primiera": (
            "mette nel mazzetto {ranks}, tra le carte che valgono di più in primiera (7, 6, asso)"
        ),
        "grande": "prende una carta della grande (re, {knight} e {knave} di {coins})",
        "piccola": "prende una carta della piccola (asso, 2 e 3 di {coins})",
        "capture": "la presa che rende di più nelle prossime giocate",
        "only_capture": "l'unica presa possibile",
        "keeps": "prende le stesse carte e tiene {rank} per dopo",
        "keeps_ace": "tiene l'asso per pigliare una tavola più ricca",
        "keeps_coin": "tiene la carta di {coins}: ne gioca un'altra uguale",
        "declare": "bussa e mostra le carte per {points} scope",
        "declare_matta": "bussa, la matta come {rank}, per {points} scope",
        "keep_hidden": "tieni coperte le tue carte",
        "retract": "ritira la bussata",
        "wins_by_end": "a fine smazzata ti fa fare {won}",
        "denies_by_end": "a fine smazzata impedisce {rivals} di fare {won}",
        "wins_denies": "ti fa fare {won} e impedisce {rivals} di fare {denied}",
    },
}

RANK_NAMES: dict[str, tuple[str, ...]] = {
    "en": ("", "an ace", "a 2", "a 3", "a 4", "a 5", "a 6", "a 7", "a knave", "a knight",
           "a king"),
    "it": ("", "un asso", "un 2", "un 3", "un 4", "un 5", "un 6", "un 7",
           "un fante", "un cavallo", "un re"),
}  # fmt: skip
FRENCH_RANK_NAMES: dict[str, tuple[str, ...]] = {
    "en": (*RANK_NAMES["en"][:8], "a jack", "a queen", "a king"),
    "it": (*RANK_NAMES["it"][:8], "un fante", "una donna", "un re"),
}
COINS: dict[str, dict[bool, str]] = {
    "en": {False: "coins", True: "diamonds"},
    "it": {False: "denari", True: "quadri"},
}
"""The coin suit, by language and whether the deck is French."""
COURTS: dict[str, dict[bool, tuple[str, str]]] = {
    "en": {False: ("knight", "knave"), True: ("queen", "jack")},
    "it": {False: ("cavallo", "fante"), True: ("donna", "fante")},
}
"""The 9 and the 8 named alone, by language and whether the deck is French (the grande)."""

CODES = frozenset(TEXTS["en"])

SINGULAR: dict[str, dict[str, str]] = {
    "en": {
        "last_take": "takes the last card",
        "most_cards": "takes the one card",
        "coin": "takes a card of {coins}",
    },
    "it": {
        "last_take": "prende l'ultima carta",
        "most_cards": "prende l'unica carta",
        "coin": "prende una carta di {coins}",
    },
}
"""A reason told of one card, where its sentence counts them ("the last 1 cards")."""
ONE_SCOPA: dict[str, dict[str, str]] = {
    "en": {
        "declare": "knock and show your hand for a scopa",
        "declare_matta": "knock, the matta as {rank}, for a scopa",
    },
    "it": {
        "declare": "bussa e mostra le carte per una scopa",
        "declare_matta": "bussa, la matta come {rank}, per una scopa",
    },
}
"""A knock told of one scopa (Dossena's scale), where its sentence counts them."""
RIVALS: dict[str, dict[bool, str]] = {
    "en": {False: "them", True: "them"},
    "it": {False: "agli avversari", True: "all'avversario"},
}
"""The other side, by language and whether it is one player (``rivals`` 1): "impedisce
all'avversario" with two players, "agli avversari" in teams."""

POINT_NAMES: dict[str, dict[str, str]] = {
    "en": {
        "carte": "most cards",
        "denari": "most {coins}",
        "settebello": "settebello",
        "primiera": "primiera",
        "sette": "most sevens",
        "re_bello": "re bello",
        "settebello_coppe": "settebello di coppe",
        "napola": "napola",
        "napola_longer": "the longer napola",
        "grande": "grande",
        "piccola": "piccola",
    },
    "it": {
        "carte": "carte",
        "denari": "{coins}",
        "settebello": "settebello",
        "primiera": "primiera",
        "sette": "sette",
        "re_bello": "re bello",
        "settebello_coppe": "settebello di coppe",
        "napola": "napola",
        "napola_longer": "napola più lunga",
        "grande": "grande",
        "piccola": "piccola",
    },
}
"""The points of a round by their category (``scoring.categories``), as a reason lists
them ("the most cards, coins and primiera", "carte, denari e primiera"); a scopa is named
apart, and a napola made either way, which the play makes longer or keeps shorter, is the
longer napola."""
ITALIAN_ARTICLES = {
    "carte": "le",
    "denari": "i",
    "settebello": "il",
    "primiera": "la",
    "sette": "i",
    "re_bello": "il",
    "settebello_coppe": "il",
    "napola": "la",
    "napola_longer": "la",
    "grande": "la",
    "piccola": "la",
}
"""The article of each point named alone in Italian ("la primiera"); a list goes without,
as players say it ("carte, denari e primiera")."""
AND = {"en": " and ", "it": " e "}
OR = {"en": " or ", "it": " o "}
TIMES = {"en": ("two", "three", "four"), "it": ("due", "tre", "quattro")}
PLURAL_RANKS: dict[str, tuple[str, ...]] = {
    "en": ("", "aces", "2s", "3s", "4s", "5s", "6s", "7s", "knaves", "knights", "kings"),
    "it": ("", "assi", "2", "3", "4", "5", "6", "7", "fanti", "cavalli", "re"),
}
FRENCH_PLURAL_RANKS: dict[str, tuple[str, ...]] = {
    "en": (*PLURAL_RANKS["en"][:8], "jacks", "queens", "kings"),
    "it": (*PLURAL_RANKS["it"][:8], "fanti", "donne", "re"),
}
SWEEP: dict[str, tuple[str, str]] = {
    "en": (
        "{reason}, but {cards} still unseen could make a scopa",
        "{reason}, but {cards} still unseen could make a scopa",
    ),
    "it": (
        "{reason}, ma {cards} ancora da vedere può fare scopa",
        "{reason}, ma {cards} ancora da vedere possono fare scopa",
    ),
}
"""A reason with the scopa its move leaves to the next player (``sweep``): said of one
card, then of more."""


def rank_times(rank: int, count: int, lang: str, french: bool = False) -> str:
    """``count`` cards of one rank (2 to 4): "two 6s", "due assi", "two kings"."""
    plural = (FRENCH_PLURAL_RANKS if french else PLURAL_RANKS)[lang][rank]
    return f"{TIMES[lang][count - 2]} {plural}"


def ranks_counted(ranks: list[int], lang: str, french: bool) -> list[str]:
    """Cards named by rank, one per copy, as a list of words: each rank once, with its
    count ("a 7", "two 6s", "due assi")."""
    named = FRENCH_RANK_NAMES if french else RANK_NAMES
    return [
        named[lang][rank]
        if ranks.count(rank) == 1
        else rank_times(rank, ranks.count(rank), lang, french)
        for rank in dict.fromkeys(ranks)
    ]


MOST = "most "
"""How English names the points for the most of something ("most cards"): said once in a
list, for all that follow."""
SCOPA_WON = {"en": "a scopa", "it": "una scopa"}


def points_named(won: str, lang: str, coins: str) -> str:
    """The categories ``won`` (comma-separated) as a reason says them."""
    names = won.split(",")
    points = [name for name in names if name != "scope"]
    words = [POINT_NAMES[lang][name].format(coins=coins) for name in points]
    if words and words[0].startswith(MOST):  # "the most cards, coins and primiera"
        words = [words[0], *(word.removeprefix(MOST) for word in words[1:])]
    parts = []
    if words:
        listed = ", ".join(words[:-1]) + AND[lang] + words[-1] if len(words) > 1 else words[0]
        if lang == "en":
            listed = listed if listed.startswith("the ") else "the " + listed
        elif len(words) == 1:
            article = ITALIAN_ARTICLES[points[0]]
            listed = f"{article} {listed}"
        parts.append(listed)
    if "scope" in names:
        parts.append(SCOPA_WON[lang])
    return AND[lang].join(parts)


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


def reason_text(
    code: str, params: dict[str, object], lang: str, deck_style: str = "napoletane"
) -> str:
    """The sentence for a reason code in ``lang`` ("it" or "en"), naming cards as the deck
    ``deck_style`` does ("french": jack, queen, king and diamonds)."""
    if lang not in TEXTS:
        raise ValueError(f"no hint texts in language {lang!r}; choose one of {LANGUAGES}")
    if code not in CODES:
        raise ValueError(f"unknown hint reason {code!r}")
    french = deck_style in ("french", "genovesi")
    values = dict(params)
    values["coins"] = COINS[lang][french]
    values["knight"], values["knave"] = COURTS[lang][french]
    rank = values.get("rank")
    if isinstance(rank, int):
        values["rank"] = (FRENCH_RANK_NAMES if french else RANK_NAMES)[lang][rank]
    ranks = values.get("ranks")
    if isinstance(ranks, str):  # "7,6,1": a 7, a 6 and an ace; "6,6": two 6s
        names = ranks_counted([int(r) for r in ranks.split(",")], lang, french)
        values["ranks"] = (
            ", ".join(names[:-1]) + AND[lang] + names[-1] if len(names) > 1 else names[0]
        )
    for key in ("won", "denied"):
        named = values.get(key)
        if isinstance(named, str):
            values[key] = points_named(named, lang, str(values["coins"]))
    values["rivals"] = RIVALS[lang][values.get("rivals") == 1]
    if values.get("count", 1) == 1 and code in SINGULAR[lang]:  # (a card of coins told
        # without its count: one)
        said = SINGULAR[lang][code].format(**values)
    elif values.get("points") == 1 and code in ONE_SCOPA[lang]:
        said = ONE_SCOPA[lang][code].format(**values)
    else:
        said = TEXTS[lang][code].format(**values)
    sweep = values.get("sweep")
    if not isinstance(sweep, str) or not sweep:
        return said
    told = [int(rank) for rank in sweep.split(",")]
    cards = OR[lang].join(ranks_counted(told, lang, french))
    return SWEEP[lang][len(told) > 1].format(reason=said, cards=cards)
