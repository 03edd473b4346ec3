"""What the player chose: settings, and the seats and rules of a match.

Pure values: no pygame, no files (``scopa.storage`` reads and writes them). ``from_dict``
checks every field and raises ``SettingsError`` naming the field, so a damaged file is
reported as such instead of half-loading.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field, fields, replace
from typing import Any

from .engine import RULE_OPTIONS, Rules, RulesError
from .engine.errors import quote_value
from .i18n import LANGUAGES, system_language
from .resources import DECK_STYLES, DEFAULT_STYLE

ANIMATION_SPEEDS = ("slow", "normal", "fast", "instant")
LEVELS = ("beginner", "expert", "master", "greedy")
"""Computer levels a seat may have ('greedy' is the yardstick, not offered in the menus)."""
OFFERED_LEVELS = ("beginner", "expert", "master")
"""The levels a player chooses from."""
MAX_NAME = 24
BLANK_LOOKING = frozenset("\u115f\u1160\u3164\uffa0\u2800\u17b4\u17b5\u180e\u2028\u2029")
"""Characters that draw as nothing, though Python counts them printable (fillers of Hangul,
the blank braille cell): a name of them alone showed as no name at all."""


def shows_something(name: str) -> bool:
    """Whether ``name`` draws at least one letter or sign."""
    return any(not (char.isspace() or char in BLANK_LOOKING) for char in name)


MAX_ADDRESS = 120
"""The longest table address (a code, or a host and port) the game keeps."""
MODES = ("solo", "hotseat", "watch")
CIRULLA_DECK = "genovesi"
"""The deck Cirulla is dealt with when the player has chosen none: the French-suited
Genoese pattern it is played with in Genoa (CIRULLA.md)."""


def default_deck(rules: Rules) -> str:
    """The deck a game is dealt with when the player has chosen none: the Genoese cards for
    Cirulla, the Neapolitan ones for every other game."""
    return CIRULLA_DECK if rules.cirulla else DEFAULT_STYLE


FRENCH_SUITED_DECKS = ("french", "genovesi")
"""The decks whose courts (jack, queen, king) are told apart by the value printed in their
corners, as every such deck is printed: the corners always show it."""


FELTS = ("green", "blue", "red", "slate")
"""The cloths the table and the menus may be laid with (``Settings.felt``), the first the
game's own."""
CARD_BACKS = ("", *DECK_STYLES)
"""The backs the cards may be given (``Settings.card_back``): "" each deck's own, else the
back of that deck, whatever the deck dealt."""


def shows_corners(deck: str, corner_index: bool) -> bool:
    """Whether ``deck``'s cards are drawn with their values in the corners, the setting
    being ``corner_index`` (the French-suited decks always are)."""
    return corner_index or deck in FRENCH_SUITED_DECKS


class SettingsError(ValueError):
    """A settings value or a match setup that cannot be used; the message names the field,
    and ``setting`` the setting of ``Settings`` whose value it is ("": none of them)."""

    def __init__(self, message: str, setting: str = "") -> None:
        super().__init__(message)
        self.setting = setting


def _volume(value: int) -> float | int:
    """A volume written as a whole number, as the number it is (1 is 1.0); one beyond every
    volume is left whole, for the check to refuse by its range (an integer of hundreds of
    digits has no float: converting it raised ``OverflowError``, which no reader expects)."""
    return float(value) if -1 <= value <= 1 else value


def _check_type(where: str, value: Any, kind: type | tuple[type, ...]) -> None:
    if kind is not bool and isinstance(value, bool) and kind in (int, float, (int, float)):
        raise SettingsError(f"{where} must be a number, not {quote_value(value)}")
    if not isinstance(value, kind):
        names = {bool: "true or false", str: "text", int: "a whole number", dict: "a table"}
        if isinstance(kind, type):
            wanted = names.get(kind, "a number")
        else:
            wanted = "a list" if list in kind else "a number"
        raise SettingsError(f"{where} must be {wanted}, not {quote_value(value)}")


def _check_choice(where: str, value: Any, choices: tuple[str, ...]) -> None:
    if value not in choices:
        allowed = ", ".join(repr(choice) for choice in choices)
        # (the value first: the log cuts a long message, the list of choices grows)
        raise SettingsError(f"{where} is {quote_value(value)}, not one of {allowed}")


def _check_setting(
    name: str, value: Any, kind: type | tuple[type, ...], choices: tuple[str, ...] | None
) -> None:
    """``_check_type`` and ``_check_choice`` of setting ``name``, its error naming it."""
    try:
        _check_type(f"setting '{name}'", value, kind)
        if choices is not None:
            _check_choice(f"setting '{name}'", value, choices)
    except SettingsError as error:
        error.setting = name
        raise


def _check_keys(where: str, data: Any, known: tuple[str, ...]) -> None:
    _check_type(where, data, dict)
    unknown = sorted(set(data) - set(known))
    if unknown:
        raise SettingsError(f"{where} has an unknown entry {quote_value(unknown[0])}")


def _rules(where: str, data: Any) -> Rules:
    try:
        return Rules.from_dict(_untabled(data))
    except (RulesError, TypeError) as error:
        raise SettingsError(f"{where}: {error}") from None


@dataclass(frozen=True)
class SeatConfig:
    """One seat: who sits there and, for a computer seat, how well it plays."""

    name: str
    human: bool
    level: str = "expert"

    def __post_init__(self) -> None:
        _check_type("seat name", self.name, str)
        # (a name that draws nothing, which earlier versions took, still loads: the screens
        # where names are typed give such a seat the game's name instead)
        if not self.name.strip() or len(self.name) > MAX_NAME or not self.name.isprintable():
            raise SettingsError(
                f"seat name must be 1 to {MAX_NAME} printable characters, "
                f"not {quote_value(self.name)}"
            )
        _check_type("seat 'human'", self.human, bool)
        _check_choice("seat level", self.level, LEVELS)

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "human": self.human, "level": self.level}

    @classmethod
    def from_dict(cls, data: Any) -> SeatConfig:
        _check_keys("a seat", data, ("name", "human", "level"))
        if "name" not in data or "human" not in data:
            raise SettingsError("a seat needs a 'name' and 'human'")
        return cls(data["name"], data["human"], data.get("level", "expert"))


@dataclass(frozen=True)
class MatchSetup:
    """The seats (in playing order) and rules of one match."""

    seats: tuple[SeatConfig, ...]
    rules: Rules

    def __post_init__(self) -> None:
        if not isinstance(self.rules, Rules):
            raise SettingsError(f"match rules must be Rules, not {quote_value(self.rules)}")
        if not isinstance(self.seats, tuple) or not all(
            isinstance(seat, SeatConfig) for seat in self.seats
        ):
            raise SettingsError("match seats must be a tuple of SeatConfig")
        if len(self.seats) != self.rules.players:
            raise SettingsError(
                f"a {self.rules.players}-player match needs {self.rules.players} seats, "
                f"not {len(self.seats)}"
            )

    @classmethod
    def solo(
        cls, rules: Rules | None = None, level: str = "expert", name: str = "You"
    ) -> MatchSetup:
        """The player in seat 0 against computers of one level (the Play button's match)."""
        rules = Rules() if rules is None else rules
        others = tuple(
            SeatConfig(f"CPU {seat}" if rules.players > 2 else "CPU", False, level)
            for seat in range(1, rules.players)
        )
        return cls((SeatConfig(name, True, level), *others), rules)

    @property
    def humans(self) -> tuple[int, ...]:
        return tuple(seat for seat, config in enumerate(self.seats) if config.human)

    @property
    def mode(self) -> str:
        """'solo' (one human), 'hotseat' (several humans) or 'watch' (computers only)."""
        count = len(self.humans)
        return "watch" if count == 0 else "solo" if count == 1 else "hotseat"

    def to_dict(self) -> dict[str, Any]:
        return {
            "seats": [seat.to_dict() for seat in self.seats],
            "rules": self.rules.to_dict(),
        }

    @classmethod
    def from_dict(cls, data: Any) -> MatchSetup:
        _check_keys("the match setup", data, ("seats", "rules"))
        if "seats" not in data or "rules" not in data:
            raise SettingsError("the match setup needs 'seats' and 'rules'")
        if not isinstance(data["seats"], list):
            raise SettingsError(f"match seats must be a list, not {quote_value(data['seats'])}")
        seats = tuple(SeatConfig.from_dict(seat) for seat in data["seats"])
        return cls(seats, _rules("match rules", data["rules"]))


Seating = tuple[tuple[int, tuple[int, ...]], ...]
"""Who played the seats of a match whose players changed while it went on (Who plays):
from each move on (by how many moves came before it, the first from 0), the seats people
at the screen played. Empty: the setup's seats throughout."""


def reseated(
    seating: Seating, before: tuple[int, ...], after: tuple[int, ...], played: int
) -> Seating:
    """``seating`` (of a match whose people played ``before``) with people playing ``after``
    from move ``played`` on."""
    entries = [entry for entry in seating or ((0, before),) if entry[0] < played]
    if not entries or entries[-1][1] != after:
        entries.append((played, after))
    return () if len(entries) == 1 else tuple(entries)


def seating_until(seating: Seating, played: int) -> Seating:
    """``seating`` of the match's first ``played`` moves (the rest taken back, or lost with
    a damaged save): a change made after them holds from the next move."""
    entries: list[tuple[int, tuple[int, ...]]] = []
    for start, humans in seating:
        start = min(start, played)
        while entries and entries[-1][0] == start:
            entries.pop()  # (changed again before any move)
        if not entries or entries[-1][1] != humans:
            entries.append((start, humans))
    return () if len(entries) <= 1 else tuple(entries)


def computer_played(seating: Seating, seat: int, number: int) -> bool:
    """The computer chose move ``number`` of ``seat`` (a person plays it now, or played
    it once): False for a match whose seats never changed hands."""
    humans = None
    for start, people in seating:
        if start > number:
            break
        humans = people
    return humans is not None and seat not in humans


_SCALARS: dict[str, tuple[type | tuple[type, ...], tuple[str, ...] | None]] = {
    "language": (str, LANGUAGES),
    "corner_index": (bool, None),
    "large_values": (bool, None),
    "felt": (str, FELTS),
    "card_back": (str, CARD_BACKS),
    "animation_speed": (str, ANIMATION_SPEEDS),
    "volume": ((int, float), None),
    "muted": (bool, None),
    "fullscreen": (bool, None),
    "tutorial_done": (bool, None),
    "tutorial_step": (int, None),
    "cirulla_lesson": (int, None),
    "cirulla_solved": (int, None),
    "opponent_level": (str, ("", *OFFERED_LEVELS)),
    "window_width": (int, None),
    "window_height": (int, None),
    "online_name": (str, None),
    "online_address": (str, None),
    "online_friends": (int, None),
    "online_partners": (int, None),
    "online_here": (int, None),
    "online_here_names": ((list, tuple), None),
    "quick_messages": (bool, None),
    "tracker": (bool, None),
}
MAX_FRIENDS = 5
"""The most friends a table online has room for (six seats, the host's among them)."""
MAX_LESSONS = 99
"""The most lessons a walkthrough's place may count (its scene keeps it within its own)."""
WINDOW_LIMITS = (320, 16384)
"""The smallest and largest width or height a remembered window may have."""


@dataclass
class Settings:
    """Everything remembered between runs. ``Settings()`` is the first-start state.

    Mutable so the menus can change one field at a time; ``validate()`` runs when it is
    made and again before it is written, so a bad value never reaches the file.

    The deck is the one rule of this module with two sources: a player who has chosen a deck
    keeps it in every game; until then each game is dealt with its own deck
    (:func:`default_deck`). ``deck_for(rules)`` answers for any game; ``deck_style`` is the
    answer for the rules of these settings.
    """

    rules: Rules = field(default_factory=Rules)
    language: str = field(default_factory=system_language)
    deck_style: str | None = None
    """The deck the player chose (``with_(deck_style=...)`` chooses one; None gives the
    choice back to the game). Once made, the settings always hold a deck here: the chosen
    one, or the game's own for ``rules``."""
    corner_index: bool = True
    large_values: bool = False
    """Each card's value drawn large in its corners, to be read on a small card."""
    felt: str = FELTS[0]
    """The cloth the table and the menus are laid with."""
    card_back: str = ""
    """The deck whose back the cards show ("": the back of the deck dealt)."""
    animation_speed: str = "normal"
    volume: float = 0.8
    muted: bool = False
    fullscreen: bool = False
    last_setup: MatchSetup | None = None
    tutorial_done: bool = False
    tutorial_step: int = 0
    """The lesson of the tutorial the player was at when the game closed: it starts again
    there (0 once the lessons are done, skipped or dealt again)."""
    cirulla_lesson: int = 0
    """The Cirulla lesson the player left the walkthrough at: it opens there again (0, the
    first, once the last was solved)."""
    cirulla_solved: int = 0
    """How many of the Cirulla lessons, from the first, the player has solved: Next passes
    them without their being solved again."""
    opponent_level: str = ""
    """The level Play puts the computers at ("" until the player has chosen one)."""
    window_width: int = 0
    window_height: int = 0
    """The size the window was last given (0 by 0: never resized, the game's own)."""
    online_name: str = ""
    """The name the player last typed to play online ("": none, the game's own)."""
    online_address: str = ""
    """The table the player last joined (its code or address), offered again."""
    online_friends: int = 0
    """How many friends the player last hosted a table for (0: none yet)."""
    online_partners: int = -1
    """How many of those friends the player sat on their own side, at a table in teams
    (-1: none chosen yet, the friends sitting in turn from the next seat)."""
    online_here: int = 0
    """How many other people played at the player's screen at the last table hosted."""
    online_here_names: tuple[str, ...] = ()
    """The names typed for the other people at the player's screen, in their order ("":
    none typed, the game's own)."""
    quick_messages: bool = True
    """At a table online, the friends' quick messages are shown and this player may send
    them (off: neither)."""
    tracker: bool = False
    """The card tracker was left open at the table (T): it opens with the next table."""
    my_rules: Rules | None = None
    """The player's own rules: the last rules made in the settings that are no preset
    (None before any). Kept while a preset is chosen, so that stepping through the presets
    comes back to them with every rule as it was."""
    deck_chosen: bool = field(init=False)
    """The player chose ``deck_style``; else it follows the game (:func:`default_deck`)."""

    def __post_init__(self) -> None:
        self.deck_chosen = self.deck_style is not None
        if self.deck_style is None and isinstance(self.rules, Rules):
            self.deck_style = default_deck(self.rules)
        if isinstance(self.rules, Rules) and self.rules.preset_name() is None:
            self.my_rules = self.rules
        elif isinstance(self.my_rules, Rules) and self.my_rules.preset_name() is not None:
            self.my_rules = None  # a preset is offered as itself
        self.validate()
        self.online_here_names = tuple(self.online_here_names)  # a file's list, kept as one

    def deck_for(self, rules: Rules) -> str:
        """The deck a match of ``rules`` is dealt with: the player's, or the game's own."""
        if self.deck_chosen and self.deck_style is not None:
            return self.deck_style
        return default_deck(rules)

    def back_for(self, deck: str) -> str:
        """The deck whose back the cards of ``deck`` show: the player's choice, or its own."""
        return self.card_back or deck

    def validate(self) -> None:
        """Raise ``SettingsError`` naming the first field that holds a bad value."""
        if not isinstance(self.rules, Rules):
            raise SettingsError(f"rules must be Rules, not {quote_value(self.rules)}")
        for name, (kind, choices) in _SCALARS.items():
            _check_setting(name, getattr(self, name), kind, choices)
        _check_setting("deck_style", self.deck_style, str, DECK_STYLES)
        if not 0.0 <= self.volume <= 1.0:
            shown = quote_value(self.volume)
            raise SettingsError(f"setting 'volume' must be from 0 to 1, not {shown}", "volume")
        size = (self.window_width, self.window_height)
        low, high = WINDOW_LIMITS
        if size != (0, 0) and not all(low <= length <= high for length in size):
            shown = quote_value(f"{size[0]}x{size[1]}")
            raise SettingsError(
                f"the window's size must be from {low} to {high} each way, not {shown}"
            )
        for name in ("tutorial_step", "cirulla_lesson", "cirulla_solved"):
            value = getattr(self, name)
            if isinstance(value, bool) or not 0 <= value <= MAX_LESSONS:
                shown = quote_value(value)
                raise SettingsError(
                    f"setting '{name}' must be from 0 to {MAX_LESSONS}, not {shown}"
                )
        if isinstance(self.online_friends, bool) or not 0 <= self.online_friends <= MAX_FRIENDS:
            shown = quote_value(self.online_friends)
            raise SettingsError(
                f"setting 'online_friends' must be from 0 to {MAX_FRIENDS}, not {shown}"
            )
        partners = self.online_partners
        if isinstance(partners, bool) or not -1 <= partners <= MAX_FRIENDS:
            shown = quote_value(partners)
            raise SettingsError(
                f"setting 'online_partners' must be from -1 to {MAX_FRIENDS}, not {shown}"
            )
        here = self.online_here
        if isinstance(here, bool) or not 0 <= here <= MAX_FRIENDS:
            shown = quote_value(here)
            raise SettingsError(
                f"setting 'online_here' must be from 0 to {MAX_FRIENDS}, not {shown}"
            )
        names = self.online_here_names
        if len(names) > MAX_FRIENDS or not all(
            isinstance(name, str) and len(name) <= MAX_NAME and name.isprintable() for name in names
        ):
            shown = quote_value(names)
            raise SettingsError(
                f"setting 'online_here_names' must be at most {MAX_FRIENDS} names of at most "
                f"{MAX_NAME} printable characters, not {shown}"
            )
        for name, longest in (("online_name", MAX_NAME), ("online_address", MAX_ADDRESS)):
            text = getattr(self, name)
            if len(text) > longest or not text.isprintable():
                shown = quote_value(text)
                raise SettingsError(
                    f"setting '{name}' must be at most {longest} printable characters, not {shown}"
                )
        if self.my_rules is not None and not isinstance(self.my_rules, Rules):
            raise SettingsError(f"my_rules must be Rules, not {quote_value(self.my_rules)}")
        if self.last_setup is not None and not isinstance(self.last_setup, MatchSetup):
            shown = quote_value(self.last_setup)
            raise SettingsError(f"last_setup must be a MatchSetup, not {shown}")

    @property
    def window_size(self) -> tuple[int, int] | None:
        """The size the window was last given, if it ever was."""
        if not self.window_width:
            return None
        return self.window_width, self.window_height

    def with_(self, **changes: Any) -> Settings:
        """A copy with some settings changed (checked like any other). Changing
        ``deck_style`` chooses that deck; a deck not chosen follows the new rules."""
        unknown = sorted(set(changes) - {f.name for f in fields(self) if f.init})
        if unknown:
            raise SettingsError(f"unknown setting {quote_value(unknown[0])}")
        if "deck_style" not in changes and not self.deck_chosen:
            changes["deck_style"] = None
        return replace(self, **changes)

    def to_dict(self) -> dict[str, Any]:
        """Plain data; ``None`` values are left out (TOML has no null). A chosen deck is
        written as ``deck``; a deck that follows the game is not written at all."""
        self.validate()
        data: dict[str, Any] = {name: getattr(self, name) for name in _SCALARS}
        data["online_here_names"] = list(self.online_here_names)
        if self.deck_chosen:
            data["deck"] = self.deck_style
        data["volume"] = float(self.volume)
        data["rules"] = _table(self.rules)
        if self.my_rules is not None and self.my_rules != self.rules:
            data["my_rules"] = _table(self.my_rules)
        if self.last_setup is not None:
            setup = self.last_setup.to_dict()
            setup["rules"] = _table(self.last_setup.rules)
            data["last_setup"] = setup
        return data

    @classmethod
    def from_dict(cls, data: Any, *, language: str | None = None) -> Settings:
        """Read ``to_dict`` output; missing entries take their defaults.

        ``language`` is the default used when the data has none (tests pass it to avoid
        depending on the machine's locale).
        """
        known = (*_SCALARS, "deck", LEGACY_DECK, "rules", "my_rules", "last_setup")
        _check_keys("the settings", data, known)
        values: dict[str, Any] = {k: v for k, v in data.items() if k in _SCALARS}
        values["deck_style"] = _chosen_deck(data)
        if "language" not in values and language is not None:
            values["language"] = language
        if "volume" in values and isinstance(values["volume"], int):
            _check_setting("volume", values["volume"], (int, float), None)
            values["volume"] = _volume(values["volume"])
        if "rules" in data:
            values["rules"] = _rules("rules", data["rules"])
        if "my_rules" in data:  # only while a preset is chosen; files from before never
            values["my_rules"] = _rules("my_rules", data["my_rules"])
        if "last_setup" in data:
            values["last_setup"] = MatchSetup.from_dict(data["last_setup"])
        return cls(**values)


def _table(rules: Rules) -> dict[str, Any]:
    """Rules as a TOML table. TOML has no null: a rule set to ``None`` is left out where
    that is its default, and written ``false`` where it is not (``matta = false``: no
    wild card; left out, it would read back as the 7 of cups)."""
    return {
        name: NONE_WRITTEN if value is None else value
        for name, value in rules.to_dict().items()
        if value is not None or _DEFAULT_RULES[name] is not None
    }


NONE_WRITTEN = False
"""How a settings file writes a rule set to ``None`` whose default is something else."""
_DEFAULT_RULES = Rules().to_dict()
_NONE_AMONG = frozenset(option.name for option in RULE_OPTIONS if None in option.values)
"""The rules that may be ``None`` (none of them is a toggle: ``false`` is never a value)."""


def _untabled(data: Any) -> Any:
    """A rules table as ``_table`` wrote it, with its ``None`` back."""
    if not isinstance(data, dict):
        return data
    return {
        name: None if name in _NONE_AMONG and value is NONE_WRITTEN else value
        for name, value in data.items()
    }


LEGACY_DECK = "deck_style"
"""The entry older files kept the deck in, written whether chosen or not."""


def _chosen_deck(data: dict[str, Any]) -> str | None:
    """The deck a settings file says the player chose (None: none, the game's own).

    Files written before the decks followed the game hold ``deck_style`` always, with the
    Neapolitan deck as the default: only another deck there was a choice.
    """
    if "deck" in data:
        chosen = data["deck"]
        _check_setting("deck", chosen, str, DECK_STYLES)
        return str(chosen)
    if LEGACY_DECK in data:
        legacy = data[LEGACY_DECK]
        _check_setting("deck_style", legacy, str, DECK_STYLES)
        return None if legacy == DEFAULT_STYLE else str(legacy)
    return None


SALVAGED_LINES = 5000
"""Lines of a damaged settings file looked at for what can still be read (a good file has
under two hundred)."""


def salvage(text: str) -> Settings | None:
    """What can still be read of a damaged settings file (``salvaged``)."""
    return salvaged(text)[0]


def salvaged(text: str) -> tuple[Settings | None, frozenset[str]]:
    """What can still be read of a damaged settings file, and the names of its top-level
    settings read (the language among them, or not): every entry that reads on its own
    line and holds a good value, the rest at its default (the tutorial's offer counts as
    answered: the file is a returning player's); None when nothing reads.

    A file cut short, or with a line mangled by hand, so loses only what was damaged: the
    language, the rules (the player's own too) and the last table set stay where their
    lines read. Rules that hold only together (scopone's deal and its four players) are
    taken in as many rounds as they need; a rule that clashes with the others whatever the
    order is left out.
    """
    top: dict[str, Any] = {}
    rules: dict[str, Any] = {}
    mine: dict[str, Any] = {}
    setup_rules: dict[str, Any] = {}
    seats: list[dict[str, Any]] = []
    section = ""
    for line in text.splitlines()[:SALVAGED_LINES]:
        entry = line.strip()
        if entry.startswith("["):
            section = entry.strip("[] \t")
            if entry.startswith("[[") and section == "last_setup.seats":
                seats.append({})
            continue
        if not entry or entry.startswith("#"):
            continue
        try:
            read = tomllib.loads(entry)
        except (ValueError, RecursionError):  # TOML's errors, and its over-long integers
            continue
        tables = {"": top, "rules": rules, "my_rules": mine, "last_setup.rules": setup_rules}
        into = tables.get(section)
        if section == "last_setup.seats" and seats:
            into = seats[-1]
        if into is not None:
            into.update(read)
    # A settings file is written once the first start's questions are answered: whoever's
    # file this was has had them, unless its own line says otherwise.
    settings = Settings(tutorial_done=True)
    found = False
    read: set[str] = set()
    size = ("window_width", "window_height")
    if all(name in top for name in size):  # each holds only with the other: read together
        try:
            settings = settings.with_(**{name: top[name] for name in size})
        except (SettingsError, ValueError, TypeError):
            pass
        else:
            found = True
            read.update(size)
    for name, value in top.items():
        if name in size:
            continue
        try:
            if name in ("deck", LEGACY_DECK):
                chosen = _chosen_deck({name: value})
                if chosen is None:
                    continue
                settings = settings.with_(deck_style=chosen)
            elif name in _SCALARS:
                if name == "volume" and isinstance(value, int) and not isinstance(value, bool):
                    value = _volume(value)
                settings = settings.with_(**{name: value})
            else:
                continue
        except (SettingsError, ValueError, TypeError):
            continue
        found = True
        read.add(name)
    if mine:
        settings = settings.with_(my_rules=_rules_that_read(mine))
        found = True
    if rules:
        settings = settings.with_(rules=_rules_that_read(rules))
        found = True
    if seats and setup_rules:
        try:
            last = MatchSetup.from_dict({"seats": seats, "rules": setup_rules})
        except (SettingsError, ValueError, TypeError):
            pass
        else:
            settings = settings.with_(last_setup=last)
            found = True
    return (settings if found else None), frozenset(read)


def _rules_that_read(entries: dict[str, Any]) -> Rules:
    """The default rules with every one of ``entries`` that can be taken in (``salvage``)."""
    rules = Rules()
    waiting = _untabled(entries)
    while waiting:
        taken = []
        for name, value in waiting.items():
            try:
                rules = rules.with_(**{name: value})
            except (RulesError, ValueError, TypeError):
                continue
            taken.append(name)
        if not taken:
            break
        for name in taken:
            del waiting[name]
    return rules
