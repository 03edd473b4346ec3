"""Every default and toggle of the rules, as one immutable value.

``Rules()`` is exactly the defaults of the project's RULES.md; ``cirulla=True`` switches to
the Genoese game of CIRULLA.md, whose own toggles then apply (and the Scopa-only ones stop
applying). Settings store ``Rules.to_dict()``; ``Rules.from_dict()`` reads it back, filling
rules a file does not mention with their defaults, and refuses anything unknown or malformed
with a message that names the key. ``RULE_OPTIONS`` describes every field the way a settings
screen offers it (section, choices, the rule it depends on), so no screen has to know the
rules by heart.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict, dataclass, fields, replace
from typing import Any, Literal, TypeVar

from .cards import Card
from .errors import RulesError, quote_value

T = TypeVar("T")

PLAYERS = (2, 3, 4, 6)
SIX_SIDES = (2, 3, 6)
"""With six players: two teams of three, three teams of two, or six players on their own."""
DEALS = ("scopa", "scopone", "scientifico")
FACE_VALUES = ("ten", "southern", "zero")
TARGETS = (11, 16, 21, 26, 31, 51, 71, 101)
CAPTURE_LIMITS = (1, 2, 3, 4)
"""Every limit a rule set may hold; settings screens offer ``RULE_OPTIONS``' shorter list."""
MATTAS = (7, 9, None)
"""Cirulla's wild card, by its rank in coppe: the 7 (default), the queen (9), or none."""
DEALER_LOW_BONUSES = (None, 3, 1)
LOW_HAND_MAXES = (9, 8)
PICCOLA_MAXES = (6, 7)


_UNPICKLED: dict[Rules, Rules] = {}
"""The rule sets unpickled so far, each the first of its value: a computer's worker is sent
its rules with every question, and a rule set unpickled afresh each time had its capture
tables and scoring (``Rules.memo``) made again for every decision."""
UNPICKLED_KEPT = 64


def _unpickled(cls: type[Rules], state: dict[str, Any]) -> Rules:
    """The rule set of ``state``: the one unpickled before with that value, if any."""
    rules = object.__new__(cls)
    rules.__dict__.update(state)
    try:
        return _UNPICKLED[rules]
    except KeyError:
        if len(_UNPICKLED) >= UNPICKLED_KEPT:
            _UNPICKLED.clear()
        _UNPICKLED[rules] = rules
        return rules


@dataclass(frozen=True)
class Rules:
    """A complete rule set. Field names are the keys settings files use."""

    players: int = 2
    """2, 3, 4 or 6 seats."""
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
    """Points that end the match: one of ``TARGETS`` (11 for Scopa, 51 for Cirulla)."""
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
    six_sides: int = 2
    """With 6 players, how many sides: 2 teams of three (partners at every other seat), 3
    teams of two (partners sitting opposite) or 6 players each on their own."""
    seven_count_aces: bool = False
    """Seven-count: still tied after the sixes, compare the aces, then 5s, 4s, 3s and 2s."""
    cirulla: bool = False
    """Play Cirulla (CIRULLA.md): captures by equal rank, sum or fifteen, the sweeping ace,
    hand declarations with the matta, grande and piccola. The rules below apply to it; the
    Scopa-only ones (capture limit, fewest cards, quindici, assi, seven-count, re bello,
    settebello di coppe, napola) do not."""
    clockwise: bool = False
    """Cirulla: play and the deal go clockwise. Seats are numbered in playing order either
    way; this only says which way round the table they sit (it changes no score)."""
    luzzati_table_rules: bool = False
    """Cirulla, Giardini Luzzati tournaments (two sides): four of a kind on the opening
    table, or three of a kind and the matta, wins the game for the dealer's side; three of a
    kind otherwise is a misdeal, and the third misdeal in a row gives the game to the other
    side."""
    dealer_low_bonus: int | None = None
    """Cirulla: an opening table worth 9 or less also goes to the dealer, for this many
    scope (3, or 1); None: it does not."""
    equal_rank_precedence: bool = False
    """Cirulla: a table card of the played card's rank rules out the sums (a fifteen is still
    allowed)."""
    may_trail_capturing_card: bool = False
    """Cirulla: a card that can capture may be laid on the table instead."""
    ace_sweep_is_scopa: bool = True
    """Cirulla: an ace sweeping the table scores a scopa."""
    ace_on_ace_only: bool = False
    """Cirulla: with an ace on the table, an ace takes only an ace (no fifteen)."""
    low_hand_max: int = 9
    """Cirulla: a hand of three cards totalling at most this (9, or 8) is a low hand."""
    stack_hand_bonuses: bool = False
    """Cirulla: three of a kind that is also a low hand scores both bonuses (13)."""
    no_decino: bool = False
    """Cirulla: three of a kind scores no bonus."""
    dossena_scale: bool = False
    """Cirulla: Dossena's smaller scale: low hand 1, three of a kind 2 (3 when also a low
    hand), dealer's low opening 1, piccola up to 5 (to the 5 of coins), grande 5, 6 with the
    7 of coins, 7 with the 6 too. Its scale has its own low opening and piccola: beside it
    ``dealer_low_bonus`` and ``piccola_max`` keep whatever they hold, unread (as
    ``RuleOption.unless`` says), for when it is off again."""
    matta: int | None = 7
    """Cirulla: the wild card, by its rank in coppe (7: the 7 of cups; 9: the queen of
    hearts); None: no wild card."""
    declare_at_deal: bool = False
    """Cirulla: hands are declared straight after each deal, every player in turn declaring
    or passing before the first card is played (off: at the start of one's own turn)."""
    declare_until_play: bool = False
    """Cirulla, with declarations at the deal: a player may also declare at their own turn,
    and may take a declaration back, until they play their first card of the hand."""
    piccola_max: int = 6
    """Cirulla: the piccola runs up to the coin of this rank (6, or 7)."""
    primiera_requires_all_suits: bool = True
    """Cirulla: a side missing a suit cannot win the primiera (off: the sums are compared)."""

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
        _check_int("six_sides", self.six_sides, SIX_SIDES)
        if self.dealer_low_bonus is not None:
            _check_int("dealer_low_bonus", self.dealer_low_bonus, (3, 1))
        _check_int("low_hand_max", self.low_hand_max, LOW_HAND_MAXES)
        if self.matta is not None:
            _check_int("matta", self.matta, (7, 9))
        _check_int("piccola_max", self.piccola_max, PICCOLA_MAXES)
        if self.deal == "scopone" and self.players != 4:
            raise RulesError(
                "scopone is played by 4 players (9 cards each and 4 to the table)",
                clash="scopone_players",
            )
        if self.deal == "scientifico" and self.players not in (2, 4):
            raise RulesError(
                "scopone scientifico deals every card: it needs 2 players (20 each) or 4 (10 each)",
                clash="scientifico_players",
            )
        if self.cirulla:
            self._check_cirulla()

    def _check_cirulla(self) -> None:
        if self.deal != "scopa":
            raise RulesError(
                "cirulla is dealt three cards at a time with four to the table: "
                "it cannot be played with the scopone or scientifico deal",
                clash="cirulla_deal",
            )
        if self.players == 6:
            raise RulesError("cirulla is played by 2, 3 or 4 players", clash="cirulla_players")
        if self.luzzati_table_rules and self.sides != 2:
            raise RulesError(
                "the Luzzati table rules give the game to the dealer's side or to the other "
                "one: they need two sides (2 players, or 4 in teams)",
                clash="luzzati_sides",
            )

    # --- derived facts -------------------------------------------------------------------

    @property
    def sides(self) -> int:
        """How many scoring sides: 2 for four players in teams, ``six_sides`` for six
        players, else one per player."""
        if self.players == 4 and self.teams:
            return 2
        if self.players == 6:
            return self.six_sides
        return self.players

    @property
    def partners(self) -> bool:
        """Some seats share a side (four in teams, six in teams or pairs)."""
        return self.sides < self.players

    def side_of(self, seat: int) -> int:
        """The side ``seat`` scores for. Partners share one: with four in teams, seats 0 and
        2 against 1 and 3; with six, two teams alternate round the table (``seat % 2``) or
        three pairs sit opposite (``seat % 3``)."""
        if self.players == 4 and self.teams:
            return seat % 2
        if self.players == 6:
            return seat % self.six_sides
        return seat

    def seats_of(self, side: int) -> tuple[int, ...]:
        """The seats that score for ``side``, in playing order."""
        return tuple(seat for seat in range(self.players) if self.side_of(seat) == side)

    @property
    def goes_clockwise(self) -> bool:
        """Play and the deal go clockwise: Cirulla's rule, which the classic game keeps as
        it was (greyed) and never plays."""
        return self.clockwise and rule_option("clockwise").applies(self)

    @property
    def matta_card(self) -> Card | None:
        """Cirulla's wild card (the 7 of coppe by default), or None (no matta, or not
        Cirulla)."""
        if not self.cirulla or self.matta is None:
            return None
        return Card(self.matta, "C")

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

    def __reduce__(self) -> tuple[Callable[..., Rules], tuple[type[Rules], dict[str, Any]]]:
        return _unpickled, (type(self), self.__getstate__())

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
        """Read rules written by ``to_dict``; missing keys take their defaults (so a file
        written before a rule existed reads as it was played)."""
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
        """The name of the preset these rules are, if any: its every rule, to any target,
        and at any table it may be played at when it does not name the players itself (the
        classic game for four, Cirulla for three). Asked at every frame of a screen that
        names it, so worked out once per rule set."""
        return self.memo("preset_name", _preset_name)

    def with_preset(self, name: str, table: Rules | None = None) -> Rules:
        """The preset ``name`` at the table (``SEATING``) of ``table`` (of these rules when
        None), when the preset does not name the players itself and may be played at it;
        else the preset as it is. A table set by a preset that named its players (scopone's
        four) is that preset's, not kept: a screen stepping through the presets passes the
        table the player chose before it."""
        preset = Rules.preset(name)
        seated = self if table is None else table
        if preset.players != DEFAULT_PLAYERS or seated.names_its_players():
            return preset
        try:
            return preset.with_(**{field: getattr(seated, field) for field in SEATING})
        except RulesError:
            return preset

    def names_its_players(self) -> bool:
        """These rules are a preset that names its own players, at that table (the scopone
        games' four; scopone scientifico for two is at a table the player chose)."""
        current = self.preset_name()
        if current is None:
            return False
        own = PRESETS[current].players
        return own != DEFAULT_PLAYERS and self.players == own


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
SEATING = ("players", "teams", "six_sides")
"""The rules that say who sits at the table and who plays with whom, not how the game is
played: a preset that leaves the players as they are (the two of the default) is the same
game with any of them."""
DEFAULT_PLAYERS = Rules().players
_GAME_FIELDS = tuple(sorted(_FIELD_NAMES - {"target"}))
_SEATED_GAME_FIELDS = tuple(name for name in _GAME_FIELDS if name not in SEATING)


def _preset_name(rules: Rules) -> str | None:
    for name, preset in PRESETS.items():
        if preset == rules:
            return name
    for name, preset in PRESETS.items():
        free = preset.players == DEFAULT_PLAYERS
        if not free and rules.players != preset.players:
            try:  # at another table it may be dealt to: scopone scientifico for two
                preset = preset.with_(players=rules.players)
            except RulesError:
                continue
        if _game(preset, free) == _game(rules, free):
            return name
    return None


def _game(rules: Rules, any_table: bool) -> tuple[Any, ...]:
    """The rules that say which game is played, however long (all but the target) and, but
    when ``any_table``, by whom (the ``SEATING``), each as it stands where it applies (None
    where it does not: the Cirulla rules the classic game leaves as they were, the sides
    of six at four)."""
    names = _SEATED_GAME_FIELDS if any_table else _GAME_FIELDS
    return tuple(getattr(rules, name) if _applies(name, rules) else None for name in names)


def _applies(name: str, rules: Rules) -> bool:
    option = _OPTIONS_BY_NAME.get(name)
    return option is None or option.applies(rules)


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
    unless: tuple[str, ...] = ()
    """Switches that, on, leave this rule nothing to decide (both hand bonuses at once,
    without three of a kind; the piccola's end, on Dossena's scale)."""

    def applies(self, rules: Rules) -> bool:
        """Whether this rule matters under ``rules`` (a row is greyed when it does not).

        A rule applies when its parent holds one of ``parent_values`` and the parent applies
        itself (the assi details do not matter under Cirulla, which greys assi), and none of
        the switches it waits to be off (``unless``) is on.
        """
        if any(getattr(rules, name) for name in self.unless):
            return False
        if self.parent is None:
            return True
        if getattr(rules, self.parent) not in self.parent_values:
            return False
        return rule_option(self.parent).applies(rules)


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


SCOPA_ONLY = "cirulla"
"""The parent of the Scopa-only rules: they apply while ``cirulla`` is off."""

RULE_OPTIONS: tuple[RuleOption, ...] = (
    _choice("players", "match", PLAYERS),
    _toggle("teams", "match", parent="players", when=4),
    _choice("six_sides", "match", SIX_SIDES, parent="players", when=6),
    _choice("deal", "match", DEALS),
    _toggle("scientifico_last_scopa", "match", parent="deal", when="scientifico"),
    _choice("target", "match", TARGETS),
    _toggle("cappotto", "match"),
    _toggle("cirulla", "match"),
    _toggle("clockwise", "match", parent="cirulla"),
    _choice("capture_limit", "captures", (None, 2, 3), parent=SCOPA_ONLY, when=False),
    _toggle("fewest_cards", "captures", parent=SCOPA_ONLY, when=False),
    _toggle("quindici", "captures", parent=SCOPA_ONLY, when=False),
    _toggle("assi", "captures", parent=SCOPA_ONLY, when=False),
    _toggle("assi_scopa", "captures", parent="assi"),
    _toggle("assi_ace_takes_ace", "captures", parent="assi"),
    _toggle("assi_redeal", "captures", parent="assi"),
    _toggle("equal_rank_precedence", "captures", parent="cirulla"),
    _toggle("may_trail_capturing_card", "captures", parent="cirulla"),
    _toggle("ace_sweep_is_scopa", "captures", parent="cirulla"),
    _toggle("ace_on_ace_only", "captures", parent="cirulla"),
    _toggle("seven_count", "scoring", parent=SCOPA_ONLY, when=False),
    _toggle("seven_count_aces", "scoring", parent="seven_count"),
    _toggle("incomplete_primiera", "scoring", parent="seven_count", when=False),
    _choice("face_values", "scoring", FACE_VALUES, parent="seven_count", when=False),
    _toggle("re_bello", "scoring", parent=SCOPA_ONLY, when=False),
    _toggle("settebello_coppe", "scoring", parent=SCOPA_ONLY, when=False),
    _toggle("napola", "scoring", parent=SCOPA_ONLY, when=False),
    _toggle("primiera_requires_all_suits", "scoring", parent="cirulla"),
    # Dossena's scale has its own piccola and dealer's low opening
    replace(
        _choice("piccola_max", "scoring", PICCOLA_MAXES, parent="cirulla"),
        unless=("dossena_scale",),
    ),
    replace(
        _choice("dealer_low_bonus", "scoring", DEALER_LOW_BONUSES, parent="cirulla"),
        unless=("dossena_scale",),
    ),
    _toggle("luzzati_table_rules", "scoring", parent="cirulla"),
    _choice("low_hand_max", "scoring", LOW_HAND_MAXES, parent="cirulla"),
    # a hand both low and three of a kind: none without three of a kind, nor on Dossena's
    # scale, which scores such a hand as its own
    replace(
        _toggle("stack_hand_bonuses", "scoring", parent="cirulla"),
        unless=("no_decino", "dossena_scale"),
    ),
    _toggle("no_decino", "scoring", parent="cirulla"),
    _toggle("dossena_scale", "scoring", parent="cirulla"),
    _choice("matta", "scoring", MATTAS, parent="cirulla"),
    _toggle("declare_at_deal", "scoring", parent="cirulla"),
    _toggle("declare_until_play", "scoring", parent="declare_at_deal"),
)
"""Every rule field once, section by section, in the order a settings screen lists them.

Sections say where a screen may list a rule, not what it is: Cirulla's bonuses and
declarations are listed with the scoring, so the match section keeps to the table and the
game. A choice's values are numbers, None or the
words of the older rules, never new words, so every screen can show them as they are."""


def rule_option(name: str) -> RuleOption:
    """The ``RULE_OPTIONS`` entry of the rule ``name``."""
    option = _OPTIONS_BY_NAME.get(name)
    if option is None:
        raise RulesError(f"unknown rule {quote_value(name)}")
    return option


_OPTIONS_BY_NAME = {option.name: option for option in RULE_OPTIONS}


PRESETS: dict[str, Rules] = {
    "classic": Rules(),
    "rulebook": Rules(capture_limit=2, fewest_cards=True, seven_count=True),
    "scopone": Rules(players=4, deal="scopone"),
    "scopone_scientifico": Rules(players=4, deal="scientifico"),
    "assi": Rules(assi=True),
    "quindici": Rules(quindici=True),
    "milanese": Rules(players=4, deal="scientifico", assi=True, napola=True, target=21),
    "cirulla": Rules(cirulla=True, cappotto=True, target=51),
}
"""Named rule sets offered in the settings. 'milanese' combines scientifico, assi and napola;
'cirulla' is the Genoese game with every default of CIRULLA.md (to 51, cappotto wins)."""
NOT_GAMES = ("rulebook",)
"""Presets that are a way to play a game, not a game of their own: rules near them are told
as the game's, with what they change of it."""
TABLE = (*SEATING, "target")
"""The rules a new game sets apart from the rest: who sits where, and the target."""


def changed_options(rules: Rules, base: Rules | None = None) -> list[RuleOption]:
    """The rules (the ``TABLE`` aside) in which ``rules`` differ from the classic game's
    (or ``base``'s) at their table, where they apply. ``RulesError`` when ``base`` cannot be
    played by as many players as ``rules``."""
    seats = {name: getattr(rules, name) for name in TABLE}
    try:
        plain = (base or Rules()).with_(**seats)
    except RulesError:
        plain = (base or Rules()).with_(players=rules.players)
    return [
        option
        for option in RULE_OPTIONS
        if option.name not in TABLE
        and getattr(rules, option.name) != getattr(plain, option.name)
        and option.applies(rules)
    ]


def nearest_game(rules: Rules) -> tuple[str, list[RuleOption]]:
    """The preset of the game ``rules`` play and the rules they change of it: a preset's
    name and none; other rules, the preset they change the fewest rules of (Cirulla's among
    Cirulla's, ``NOT_GAMES`` aside), or the classic game when no preset is played by as
    many."""
    named = rules.preset_name()
    if named is not None:
        return named, []
    nearest: tuple[str, list[RuleOption]] | None = None
    for name, preset in PRESETS.items():
        if preset.cirulla != rules.cirulla or name in NOT_GAMES:
            continue
        try:
            changes = changed_options(rules, preset)
        except RulesError:  # not a game for as many players
            continue
        if nearest is None or len(changes) < len(nearest[1]):
            nearest = (name, changes)
    return nearest or ("classic", changed_options(rules))


FOLLOW_GAME: dict[str, dict[bool, Any]] = {
    "target": {False: Rules().target, True: PRESETS["cirulla"].target},
    "cappotto": {False: Rules().cappotto, True: PRESETS["cirulla"].cappotto},
}
"""The rules that follow the game switched to (by ``cirulla``), from the one's usual value
to the other's unless the player chose another: Cirulla is usually played to 51, and a
side that takes all ten coins in a round wins it outright (its cappotto)."""
