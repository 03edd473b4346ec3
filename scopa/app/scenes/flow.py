"""Moving between screens: starting a match, going back to the title, describing a setup."""

from __future__ import annotations

from typing import TYPE_CHECKING

from scopa.settings import MatchSetup, SeatConfig

if TYPE_CHECKING:
    from scopa.engine import Match, Rules

    from ..app import App

COMPUTER_NAMES = ("Giulia", "Marco", "Lucia", "Paolo", "Chiara", "Luca")


def open_table(app: App, setup: MatchSetup, match: Match | None = None) -> None:
    """Start (or resume) ``setup`` on the table, with the title underneath to return to."""
    from scopa.app.table.scene import TableScene

    from .title import TitleScene

    app.stack.clear_to(TitleScene(app))
    app.stack.push(TableScene(app, setup, match=match))


def to_title(app: App) -> None:
    from .title import TitleScene

    app.stack.clear_to(TitleScene(app))


def quick_setup(app: App) -> MatchSetup:
    """The Play button's match: the last setup used, else the player against Experts with
    the rules of the settings (one opponent by default; the seats the rules call for, e.g.
    a partner and two opponents for scopone)."""
    if app.settings.last_setup is not None:
        return app.settings.last_setup
    rules: Rules = app.settings.rules
    others = tuple(
        SeatConfig(COMPUTER_NAMES[seat - 1], False, "expert") for seat in range(1, rules.players)
    )
    return MatchSetup((SeatConfig(app.t("you"), True, "expert"), *others), rules)


def watch_setup(app: App) -> MatchSetup:
    """Computers only, with the player's rules, to learn by watching."""
    rules: Rules = app.settings.rules
    seats = tuple(
        SeatConfig(COMPUTER_NAMES[seat], False, "master") for seat in range(rules.players)
    )
    return MatchSetup(seats, rules)


def side_names(setup: MatchSetup) -> list[str]:
    """A name per side: the player's, or partners joined ("Giulia & Marco")."""
    rules = setup.rules
    names: list[list[str]] = [[] for _ in range(rules.sides)]
    for seat, config in enumerate(setup.seats):
        names[rules.side_of(seat)].append(config.name)
    return [" & ".join(group) for group in names]


def describe(app: App, setup: MatchSetup) -> str:
    """One line about a setup: players, rules and target ("2 players · Classic · 11 points")."""
    rules = setup.rules
    preset = rules.preset_name()
    rules_name = app.t(f"preset_{preset}") if preset else app.t("preset_custom")
    computers = [seat for seat in setup.seats if not seat.human]
    opponents = ", ".join(f"{seat.name} ({_level_tag(app, seat.level)})" for seat in computers)
    parts = [app.t("players_n", n=rules.players), rules_name, app.t("points_n", n=rules.target)]
    if opponents:
        parts.append(opponents)
    return " · ".join(parts)


def _level_tag(app: App, level: str) -> str:
    """A computer's level beside its name, agreeing with "livello" whatever the name:
    "Giulia (livello esperto)", "Marco (expert)"."""
    tag = app.t(f"level_tag_{level}")
    return tag[:1].lower() + tag[1:]


def rules_problem(app: App, error: Exception, base: Rules, players: int) -> str:
    """A player-facing sentence for a rules combination that cannot be played."""
    if base.deal == "scopone" and players != 4:
        return app.t("err_scopone_players")
    if base.deal == "scientifico" and players == 3:
        return app.t("err_scientifico_three")
    return app.t("err_rules", reason=str(error))
