"""Every default and toggle of the rules, as one immutable value.

``Rules()`` is exactly the defaults of the project's RULES.md. Settings store
``Rules.to_dict()``; ``Rules.from_dict()`` reads it back and refuses anything unknown or
malformed with a message that names the key. ``RULE_OPTIONS`` describes every field the way a
settings screen offers it (section, choices, the rule it depends on), so no screen has to
know the rules by heart.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict, dataclass, fields, replace
from typing import Any, Literal, TypeVar

from .errors import RulesError, quote_value

T = TypeVar("T")

PLAYERS = (2, 3, 4)
DEALS = ("scopa", "scopone", "scientifico")
FACE_VALUES = ("ten", "southern", "zero")
TARGETS = (11, 16, 21, 31)
CAPTURE_LIMITS = (1, 2, 3, 4)
"""Every limit a rule set may hold; settings screens offer ``RULE_OPTIONS``' shorter list."""


@dataclass(frozen=True)
class Rules:
    """A complete rule set. Field names are the keys settings files use."""

    players: int = 2
    """2, 3 or 4 seats."""
    teams: bool = True
    """With 4 players: two teams of partners sitting opposite (off: four individual players)."""
    deal: str = "scopa"
    """'scopa' (3 cards a hand, 4 to the table), 'scopone' (9 each, 4 to the table, 4 players)
    or 'scientifico' (every card dealt, none to the table)."""
    capture_limit: int | None = None
    """At most this many cards in a capture set (the rulebook plays 2); None: no limit."""
    fewest_cards: bool = False
    """Among all capturing sets, one with the fewest cards must be taken."""
    seven_count: bool = False
    """Score most sevens (then most sixes) instead of primiera."""
    incomplete_primiera: bool = False
    """A side missing a suit still has a primiera: four suits beat fewer, else sums compare."""
    face_values: str = "ten"
    """Primiera value of fante/cavallo/re: 'ten' (all 10), 'southern' (8/9/10) or 'zero'."""
    re_bello: bool = False
    """The king of coins scores a point."""
    settebello_coppe: bool = False
    """The seven of cups scores a point too (Calabria)."""
    napola: bool = False
    """Ace, two and three of coins score the length of the unbroken coin run."""
    cappotto: bool = False
    """A side that captures all ten coins wins the match at once."""
    target: int = 11
    """Points that end the match: 11, 16, 21 or 31."""
    scientifico_last_scopa: bool = False
    """Scopone scientifico: the dealer's last card may score a scopa."""
    assi: bool = False
    """Scopa d'assi: an ace takes every card on the table."""
    assi_scopa: bool = False
    """Scopa d'assi: taking the table with an ace counts as a scopa."""
    assi_ace_takes_ace: bool = True
    """Scopa d'assi: with an ace already on the table, an ace takes just that ace."""
    assi_redeal: bool = False
    """Scopa d'assi: an ace among the first table cards forces a redeal."""
    quindici: bool = False
    """Scopa di quindici: a card takes any set that sums with it to 15."""

    def __post_init__(self) -> None:
        for field in fields(self):
            value = getattr(self, field.name)
            if field.type == "bool" and not isinstance(value, bool):
                shown = quote_value(value)
                raise RulesError(f"rule '{field.name}' must be true or false, not {shown}")
        _check_int("players", self.players, PLAYERS)
        _check_choice("deal", self.deal, DEALS)
        _check_choice("face_values", self.face_values, FACE_VALUES)
        _check_int("target", self.target, TARGETS)
        if self.capture_limit is not None:
            _check_int("capture_limit", self.capture_limit, CAPTURE_LIMITS)
        if self.deal == "scopone" and self.players != 4:
            raise RulesError(
                "scopone is played by 4 players (9 cards each and 4 to the table)",
                clash="scopone_players",
            )
        if self.deal == "scientifico" and self.players == 3:
            raise RulesError(
                "scopone scientifico deals every card: it needs 2 players (20 each) or 4 (10 each)",
                clash="scientifico_players",
            )

    # --- derived facts -------------------------------------------------------------------

    @property
    def sides(self) -> int:
        """How many scoring sides: 2 for four players in teams, else one per player."""
        return 2 if self.players == 4 and self.teams else self.players

    def side_of(self, seat: int) -> int:
        return seat % 2 if self.players == 4 and self.teams else seat

    def next_seat(self, seat: int) -> int:
        """The seat on the right of ``seat``: it plays next, and deals the next round."""
        return (seat + 1) % self.players

    def deal_order(self, dealer: int) -> tuple[int, ...]:
        """Every seat in the order it is dealt to and plays: the dealer's right first, the
        dealer last."""
        return tuple((dealer + 1 + k) % self.players for k in range(self.players))

    @property
    def seat_sides(self) -> tuple[int, ...]:
        """``side_of`` every seat, in seat order."""
        return self.memo("seat_sides", _seat_sides)

    def memo(self, key: str, make: Callable[[Rules], T]) -> T:
        """A value derived from these rules, made once per Rules object.

        Rounds are made by the thousand a second during search; this keeps their per-rules
        set-up (capture tables, seat sides) to a dictionary look-up. The memo is not part of
        the value: it is not compared, hashed, stored or pickled.
        """
        memo: dict[str, Any] | None = self.__dict__.get("_memo")
        if memo is None:
            memo = {}
            object.__setattr__(self, "_memo", memo)
        try:
            value: T = memo[key]
        except KeyError:
            value = memo[key] = make(self)
        return value

    def __getstate__(self) -> dict[str, Any]:
        return {key: value for key, value in self.__dict__.items() if key != "_memo"}

    @property
    def hand_size(self) -> int:
        if self.deal == "scopa":
            return 3
        if self.deal == "scopone":
            return 9
        return 40 // self.players

    @property
    def table_size(self) -> int:
        """Cards dealt face up to the table at the start of a round."""
        return 0 if self.deal == "scientifico" else 4

    @property
    def cards_per_deal(self) -> int:
        """Cards dealt to the hands at each deal (every seat's ``hand_size``)."""
        return self.hand_size * self.players

    @property
    def deals_per_round(self) -> int:
        """How many times the hands are dealt in one round (every deal is whole)."""
        return (40 - self.table_size) // self.cards_per_deal

    def with_(self, **changes: Any) -> Rules:
        """A copy with some rules changed (validated like any other)."""
        unknown = sorted(set(changes) - _FIELD_NAMES)
        if unknown:
            raise RulesError(f"unknown rule {quote_value(unknown[0])}")
        return replace(self, **changes)

    # --- storage -------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: Any) -> Rules:
        """Read rules written by ``to_dict``; missing keys take their defaults."""
        if not isinstance(data, dict):
            raise RulesError(f"rules must be a table of settings, not {type(data).__name__}")
        unknown = sorted(set(data) - _FIELD_NAMES)
        if unknown:
            raise RulesError(f"unknown rule {quote_value(unknown[0])}")
        return cls(**data)

    @classmethod
    def preset(cls, name: str) -> Rules:
        try:
            return PRESETS[name]
        except KeyError:
            known = ", ".join(PRESETS)
            raise RulesError(f"unknown preset {name!r}; the presets are: {known}") from None

    def preset_name(self) -> str | None:
        """The name of the preset these rules equal, if any."""
        for name, rules in PRESETS.items():
            if rules == self:
                return name
        return None


def _seat_sides(rules: Rules) -> tuple[int, ...]:
    return tuple(rules.side_of(seat) for seat in range(rules.players))


def _check_int(name: str, value: Any, allowed: tuple[int, ...]) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value not in allowed:
        choices = ", ".join(str(item) for item in allowed)
        raise RulesError(f"rule '{name}' must be one of {choices}, not {quote_value(value)}")


def _check_choice(name: str, value: Any, allowed: tuple[str, ...]) -> None:
    if value not in allowed:
        choices = ", ".join(repr(item) for item in allowed)
        raise RulesError(f"rule '{name}' must be one of {choices}, not {quote_value(value)}")


_FIELD_NAMES = frozenset(field.name for field in fields(Rules))

RuleSection = Literal["match", "captures", "scoring"]
RULE_SECTIONS: tuple[RuleSection, ...] = ("match", "captures", "scoring")
"""The sections a settings screen groups the rules into, in order."""


@dataclass(frozen=True)
class RuleOption:
    """How one rule is offered to a player: what a settings row needs to be built.

    ``values`` are the choices in the order they are shown (``(False, True)`` for a toggle);
    each is a value ``Rules`` accepts, though some only together with other rules (scopone
    needs 4 players). A rule with a ``parent`` only matters while that rule holds one of
    ``parent_values`` (teams need 4 players; the assi details need assi): a screen greys it
    otherwise, and the engine ignores it.
    """

    name: str
    """The ``Rules`` field, and the key settings files use."""
    section: RuleSection
    kind: Literal["bool", "choice"]
    values: tuple[Any, ...]
    parent: str | None = None
    parent_values: tuple[Any, ...] = ()

    def applies(self, rules: Rules) -> bool:
        """Whether this rule matters under ``rules`` (a row is greyed when it does not)."""
        return self.parent is None or getattr(rules, self.parent) in self.parent_values


def _toggle(
    name: str, section: RuleSection, parent: str | None = None, when: Any = True
) -> RuleOption:
    return RuleOption(name, section, "bool", (False, True), parent, (when,) if parent else ())


def _choice(
    name: str,
    section: RuleSection,
    values: tuple[Any, ...],
    parent: str | None = None,
    when: Any = True,
) -> RuleOption:
    return RuleOption(name, section, "choice", values, parent, (when,) if parent else ())


RULE_OPTIONS: tuple[RuleOption, ...] = (
    _choice("players", "match", PLAYERS),
    _toggle("teams", "match", parent="players", when=4),
    _choice("deal", "match", DEALS),
    _toggle("scientifico_last_scopa", "match", parent="deal", when="scientifico"),
    _choice("target", "match", TARGETS),
    _toggle("cappotto", "match"),
    _choice("capture_limit", "captures", (None, 2, 3)),
    _toggle("fewest_cards", "captures"),
    _toggle("quindici", "captures"),
    _toggle("assi", "captures"),
    _toggle("assi_scopa", "captures", parent="assi"),
    _toggle("assi_ace_takes_ace", "captures", parent="assi"),
    _toggle("assi_redeal", "captures", parent="assi"),
    _toggle("seven_count", "scoring"),
    _toggle("incomplete_primiera", "scoring", parent="seven_count", when=False),
    _choice("face_values", "scoring", FACE_VALUES, parent="seven_count", when=False),
    _toggle("re_bello", "scoring"),
    _toggle("settebello_coppe", "scoring"),
    _toggle("napola", "scoring"),
)
"""Every rule field once, section by section, in the order a settings screen lists them."""


def rule_option(name: str) -> RuleOption:
    """The ``RULE_OPTIONS`` entry of the rule ``name``."""
    for option in RULE_OPTIONS:
        if option.name == name:
            return option
    raise RulesError(f"unknown rule {name!r}")


PRESETS: dict[str, Rules] = {
    "classic": Rules(),
    "rulebook": Rules(capture_limit=2, fewest_cards=True, seven_count=True),
    "scopone": Rules(players=4, deal="scopone"),
    "scopone_scientifico": Rules(players=4, deal="scientifico"),
    "assi": Rules(assi=True),
    "quindici": Rules(quindici=True),
    "milanese": Rules(players=4, deal="scientifico", assi=True, napola=True, target=21),
}
"""Named rule sets offered in the settings. 'milanese' combines scientifico, assi and napola."""
