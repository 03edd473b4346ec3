"""Words about a match setup: who plays whom, under which rules, and why rules cannot be
played."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from scopa.stats import matches_won

from .. import style
from ..wording import NO_BREAK, Seats, Text, join

if TYPE_CHECKING:
    from scopa.engine import Match, Rules, RulesError
    from scopa.settings import MatchSetup

    from ..app import App


SEPARATOR = style.PART_BREAK
"""Between the parts of a setup's line: the dot stays with the part before it, so a line
wrapped there never starts with it, and a line is wrapped there rather than inside a part."""


def rules_in_play(app: App) -> Rules | None:
    """The rules of the match on the stack under the screen on top (a screen opened from
    its pause menu), if any: they may differ from the settings', which are for new matches."""
    current = app.matches.current
    if current is not None and any(
        getattr(scene, "coordinator", None) is current for scene in app.stack
    ):
        return current.rules
    return None


def side_names(setup: MatchSetup, t: Text, *, whole: bool = False) -> list[str]:
    """A name per side as the table names it: the player's, or partners joined ("Giulia e
    Marco"), each seat named as the table will name it (with two people at the screen, "You"
    is "Player 1"); ``whole``: a line may break between partners, never inside a person's
    name ("Nonno Gennà")."""
    seats = Seats(setup, t)
    if not whole:
        return [seats.side_name(side) for side in range(setup.rules.sides)]
    return [
        seats.side_name(side, whole=True).replace(" ", NO_BREAK)
        if len(seats.seats_of(side)) == 1
        else seats.side_name(side, whole=True)
        for side in range(setup.rules.sides)
    ]


def scores_told(named: list[tuple[str, int]]) -> str:
    """Sides' names with their points, in a line ("Anna 6, Bruno 4"): with a colon where a
    name ends in a digit ("Zoë e Giocatore 5: 1, Lucia: 6"), which the points would read
    as part of ("Giocatore 5 1"); apart by semicolons where a name holds a comma (teams of
    three: "Anna, Carla e Elena 2; Bruno, Dario e Franco 1", the commas read as one list)."""
    mark = ": " if any(name[-1:].isdigit() for name, _ in named) else " "
    apart = "; " if any("," in name for name, _ in named) else ", "
    return apart.join(f"{name}{mark}{points}" for name, points in named)


def describe(
    app: App,
    setup: MatchSetup,
    rules_name: str = "",
    *,
    people: bool = False,
    fits: Callable[[str], bool] | None = None,
    whole: bool = False,
) -> str:
    """One line about a setup: players, rules and target ("2 players · Scopa · 11 points");
    ``rules_name`` tells the rules in place of their name. Rules that are no preset are
    named as every screen names them, by the game they are nearest to and what they change
    of it ("Scopa (Re bello)", see ``game_name``): as many changes as the line takes whole
    where ``fits`` says. ``people``: the names of several people at one screen too (whose
    match it is). ``whole``: a line wrapped breaks between the parts and the names, never
    inside a name or the way the players sit ("(2 coppie)")."""
    rules = setup.rules
    preset = rules.preset_name()
    if not rules_name and preset:  # the classic game is Scopa, as the statistics name it
        rules_name = app.t("game_scopa" if preset == "classic" else f"preset_{preset}")
    elif not rules_name:
        from .online import game_name

        def line_fits(game: str) -> bool:
            return fits is None or fits(describe(app, setup, game, people=people, whole=whole))

        return describe(app, setup, game_name(app, rules, line_fits), people=people, whole=whole)
    seats = Seats(setup, app.t)
    opponents = ", ".join(  # a name the game gave as the table says it ("Seat 2", "Posto 2")
        f"{seats.seat_name(n)} ({_level_tag(app, seat.level)})"
        for n, seat in enumerate(setup.seats)
        if not seat.human
    )
    parts = [seating(app, rules, whole=whole), rules_name, app.t("points_n", n=rules.target)]
    names = [seats.seat_name(n) for n, seat in enumerate(setup.seats) if seat.human]
    if whole:
        names = [name.replace(" ", NO_BREAK) for name in names]
    if len(names) > 1 and people:
        parts.append(join(app.t, names))
    if opponents:
        parts.append(opponents)
    return SEPARATOR.join(parts)


def seating(app: App, rules: Rules, *, whole: bool = False) -> str:
    """How many play and, where the table could sit them otherwise, how: "6 players (3
    teams of 2)", "4 players (2 teams of 2)", "4 players (each alone)", "2 players";
    ``whole``: the way they sit kept on one line."""
    players = app.t("players_n", n=rules.players)
    if rules.players == 6:
        sides = app.t(f"sides_{rules.six_sides}")
    elif rules.players == 4:
        sides = app.t("sides_pairs" if rules.teams else "sides_6")
    else:
        return players
    sides = sides[:1].lower() + sides[1:]
    if whole:
        sides = sides.replace(" ", NO_BREAK)
    return app.t("players_seated", players=players, sides=sides)


def saved_line(
    app: App,
    setup: MatchSetup,
    match: Match,
    *,
    people: bool = True,
    won_before: tuple[int, ...] = (),
    on_sheet: bool = False,
) -> Callable[..., str]:
    """What a saved match is, where it stands, in the language of the time it is read
    ("2 players · Scopa · 11 points · round 2: You 0, Giulia 4"; a match over: "... ·
    final score: You 11, Giulia 7"), with the matches won in its row of rematches
    (``won_before`` it: "... · matches won so far: You 2, Giulia 1"). ``people``: the
    names of several people at one screen told before the score too (see ``describe``).
    ``on_sheet``: left on a round's score sheet, the round told is that one ("... · after
    round 1: ..."), not the next, dealt but not begun."""
    round_no, totals, over = match.round.round_no, match.totals, match.over
    said_round = "saved_line_sheet" if on_sheet and match.rounds else "saved_line"
    if said_round == "saved_line_sheet":
        round_no = len(match.rounds)
    won = matches_won(won_before, match) if any(won_before) else ()

    def line(fits: Callable[[str], bool] | None = None) -> str:
        """The line; with ``fits``, naming as many of the rules' changes as it holds."""
        names = side_names(setup, app.t, whole=True)
        score = scores_told(list(zip(names, totals, strict=True)))

        def told(what: str) -> str:
            if over:
                said = app.t("saved_line_over", what=what, score=score)
            else:
                said = app.t(said_round, what=what, round=round_no, score=score)
            if len(won) == len(names):  # a rematch: the row's tally (a group's evening)
                tally = scores_told(list(zip(names, won, strict=True)))
                said = app.t("match_tally", line=said, tally=tally)
            return said

        if fits is None:
            return told(describe(app, setup, people=people, whole=True))
        fit = fits
        return told(
            describe(app, setup, people=people, fits=lambda what: fit(told(what)), whole=True)
        )

    return line


def _level_tag(app: App, level: str) -> str:
    """A computer's level beside its name, agreeing with "livello" whatever the name:
    "Giulia (livello esperto)", "Marco (expert)"."""
    tag = app.t(f"level_tag_{level}")
    return tag[:1].lower() + tag[1:]


CLASH_KEYS = {"scientifico_players": "err_scientifico_three"}
"""The message of a refused combination (``RulesError.clash``) when it is not ``err_<clash>``."""


def rules_problem(app: App, error: RulesError) -> str:
    """A player-facing sentence for a rules combination that cannot be played."""
    if error.clash is not None:
        return app.t(CLASH_KEYS.get(error.clash, f"err_{error.clash}"))
    return app.t("err_rules", reason=str(error))
