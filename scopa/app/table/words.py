"""What the table says: the names of seats and sides, the name plates, the score panel,
the status line and the cover's words.

The scene asks; the painter draws the values returned. Kept apart from the scene so that
how the table speaks (the player as "you" alone against computers, by name otherwise; the
deck's own card names) is one small module, read and tested on its own.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from scopa.engine import Card, Move

from .. import style
from ..wording import Seats, card_name, count, join, opening, target_line
from .director import Shown, opening_made
from .knock import may_knock
from .layout import TableLayout, sides_coloured
from .painter import MESSAGE
from .snapshot import HudView, PlateView, ScoreRow
from .sprites import TableView

if TYPE_CHECKING:
    from ..matches import MatchCoordinator

Colour = tuple[int, int, int]

NEWS = {
    "laid": "table.laid_by",
    "took": "table.took_by",
    "scopa": "table.swept_by",
    "knock": "table.knock_by",
    "retract": "table.retract_by",
    "pass": "table.pass_by",
}
"""How the cover words what another seat made since the person's last play."""
NEWS_MANY = {"took": "table.took_many_by", "scopa": "table.swept_many_by"}
"""How it words a capture of more than ``NAMED_TAKEN`` cards: by their number."""
WATCHING_MOST = 99
"""The most spectators the players are told of (a server's word past it reads as this)."""
NAMED_TAKEN = 3
"""The most cards taken that the cover names one by one (an ace that took a whole table
named on one line ran off the screen, the card that took them cut off)."""


class News(NamedTuple):
    """One thing another seat made that the cover tells: its kind (a key of ``NEWS``), the
    seat, and the move."""

    kind: str
    seat: int
    move: Move | None
    """None for Cirulla's opening table (``"opening"``), taken at the deal by no play."""
    named: int = 0
    """The value named for the card played, Cirulla's matta (0: its own)."""
    taken_named: tuple[Card, int] | None = None
    """Cirulla's matta among the cards taken, and the value named for it that it kept on
    the table (a 7 taken as a 4 by a fifteen of 4, 4 and 7)."""
    total: int = 0
    """Cirulla's opening table: what its cards made (15, 30, or little)."""
    points: int = 0
    """Cirulla's opening table: the scope it gave the dealer; a knock: the scope it
    scored."""
    also: tuple[int, ...] = ()
    """The seats that passed right after ``seat`` did (``"pass"``): told on one line."""


class CoverWords(NamedTuple):
    """What the cover says: to whom the screen passes, how to lift the cover, the note
    under its button, the button, and what the others made since the person's last turn
    (a heading and a line for each thing, none when nothing was made)."""

    title: str
    hint: str
    note: str
    button: str
    news: tuple[str, ...] = ()
    earlier: bool = False
    """More was made before the lines of ``news`` than the cover tells (an ellipsis over
    them says so)."""


PULSE_STEPS = 16
"""The turn glow breathes in this many steps: smooth to the eye, and the plate is painted
again every few frames rather than every frame."""


class TableWords:
    def __init__(
        self,
        coordinator: MatchCoordinator,
        view: TableView,
        shown: Callable[[], Shown],
        translator: Callable[[], Any],
        deck_style: Callable[[], str],
    ) -> None:
        self.coordinator = coordinator
        self.view = view
        self.shown = shown
        self.translator = translator
        self.deck_style = deck_style

    @property
    def t(self) -> Any:
        return self.translator()

    @property
    def seats(self) -> Seats:
        """How sentences name the seats: "you" alone against computers, else by name."""
        return Seats(self.coordinator.setup, self.t, self.coordinator.humans)

    def side_name(self, side: int) -> str:
        return self.seats.side_name(side)

    def card_name(self, card: Card) -> str:
        """The card as a sentence names it, in the deck the player chose ("il re di denari",
        "the queen of hearts")."""
        return card_name(self.t, card, self.deck_style())

    # --- plates and the score panel --------------------------------------------------------

    def turn(self) -> int | None:
        """The seat whose turn the table has come to: the engine's is ahead while plays are
        still shown (online, several come at once), so the seat whose play is being shown
        (no one's during a deal); None once the match is over."""
        match, shown = self.coordinator.match, self.shown()
        if match.over:
            return None
        return shown.acting if shown.playing else match.turn

    def plates(
        self,
        layout: TableLayout,
        *,
        covered: bool,
        pulse: float,
        played: frozenset[Card] = frozenset(),
        stood_in: frozenset[int] = frozenset(),
        away: frozenset[int] = frozenset(),
    ) -> tuple[PlateView, ...]:
        """Each seat's plate: its name, the cards in its hand (people: and whether everyone
        sees them, a hand that knocked) or its level (computers), whose turn it is, the
        dealer and, with partners, the side's colour.
        ``played``: cards out of the hand though not played yet (the one waiting beside the
        capture choice), not counted in it. ``stood_in``: friends gone online for whom the
        computer plays, which their plates say for as long as it does; ``away``: friends
        gone whom the match waits for, which their plates say too."""
        t, rules = self.t, self.coordinator.rules
        seats = self.seats
        turn = self.turn()
        marked = sides_coloured(rules)
        plates = []
        for seat, config in enumerate(self.coordinator.seats):
            short = ""
            held = [card for card in self.view.hands[seat] if card not in played]
            on_show = held and all(card in self.view.shown for card in held)
            if seat in stood_in:
                detail, short = t("table.stood_in"), t("table.stood_in_short")
            elif seat in away:
                detail = t("table.away")
            elif config.human or on_show:  # a computer's hand that knocked: said shown too
                detail = count(t, "table.in_hand_shown" if on_show else "table.in_hand", len(held))
            else:
                detail = t(f"plate_level_{config.level}")  # a computer, said so
                short = t(f"level_{config.level}")
            active = seat == turn and not covered
            colour = style.side_mark(rules.side_of(seat))
            plates.append(
                PlateView(
                    rect=layout.place_of(seat).name_rect,
                    name=seats.seat_name(seat),
                    detail=detail,
                    active=active,
                    dealer=seat == self.shown().dealer,
                    dealer_mark=t("table.dealer_mark"),
                    side_colour=colour if marked else None,
                    pulse=round(pulse * PULSE_STEPS) / PULSE_STEPS if active else 0.0,
                    short=short,
                    side=rules.side_of(seat) if marked else None,
                )
            )
        return tuple(plates)

    def hud_texts(self) -> tuple[str, str, str]:
        """The score panel's lines around the scores: what the match is played to, the
        round, and the deal within the round ("Si gioca agli 11", "Smazzata 2",
        "Distribuzione 3 di 6")."""
        rules, t, shown = self.coordinator.rules, self.t, self.shown()
        practice = self.coordinator.practice
        deals = rules.deals_per_round  # all dealt at once (scopone): "Deal 1 of 1" said nothing
        deal = (
            t("table.deal_single") if deals == 1 else t("table.deal", n=shown.deal_no, total=deals)
        )
        if practice is not None:  # a reviewed round played again, from where the match stood
            return (t("table.practice_line"), t("table.round", n=practice.grade.round_no), deal)
        top = max(shown.totals, default=0)
        tied = top >= rules.target and shown.totals.count(top) > 1
        return (  # sides tied at the top past the target play on: a line stuck on the target
            # read as a match that missed its end (a match won there is no tie-break)
            t("table.tie_break") if tied else target_line(t, rules.target),
            t("table.round", n=shown.round_no),
            deal,
        )

    def watching(self) -> int:
        """How many watch a table online by its code (its server's word; 0 at this screen,
        or where that word is no count)."""
        table = getattr(self.coordinator, "table", None)
        seen = table.get("spectators") if isinstance(table, dict) else None
        if not isinstance(seen, int) or isinstance(seen, bool) or seen <= 0:
            return 0
        return min(seen, WATCHING_MOST)

    def practice_before(self) -> tuple[int, ...]:
        """Each side's points before the round a practice plays again, in the match it was
        tried from: its score panel read 0 to 0 where the match stood at 2 to 7, which near
        the target weighs on the play tried (0 for each side away from a practice)."""
        sides = self.coordinator.rules.sides
        practice = self.coordinator.practice
        if practice is None:
            return (0,) * sides
        earlier = practice.source.match.rounds[: practice.grade.round_no - 1]
        return tuple(sum(scores[side].total for scores in earlier) for side in range(sides))

    def hud(self, moving: frozenset[int] = frozenset()) -> HudView:
        """The score panel; ``moving``: the ids of the sprites on their way (a card taken
        is counted once it lands, as its pile's number counts it)."""
        t, rules = self.t, self.coordinator.rules
        shown = self.shown()
        marked = sides_coloured(rules)
        turn = self.turn()
        before = self.practice_before()
        rows = []
        view = self.view
        flying = [
            (place, view.arriving(card, ("pile", "marker")), view.arriving(card, ("marker",)))
            for card, place in view.places.items()
            if place[0] in ("pile", "marker") and id(view.sprites[card]) in moving
        ]
        for side in range(rules.sides):
            pile = view.count("pile", side) + len(view.markers[side])
            # counted as they land, as the pile's number counts them ("11 taken" beside a 7);
            # a card going from the pile to lie across it as a scopa's, or closing up beside
            # another there, was counted already
            pile -= sum(1 for place, taking, _ in flying if place[1] == side and taking)
            # a scopa counted as its card lands, with the cards it took (not "3 taken · 3
            # scopas" as they fly, a count no pile can make)
            scope = len(view.markers[side])
            scope -= sum(
                1 for place, _, sweeping in flying if place == ("marker", side) and sweeping
            )
            bonus = shown.bonus.get(side, 0)
            swept = count(t, "table.scope", scope)
            if bonus:  # Cirulla: the scope a hand's bonus scores, apart from the sweeps
                swept = t("table.scope_bonus", sweeps=swept, n=bonus)
            short = f"{pile}  \u00b7  {swept}"
            detail = f"{count(t, 'table.taken', pile)}  \u00b7  {swept}"
            colour = style.side_mark(side) if marked else None
            active = turn is not None and rules.side_of(turn) == side
            name, total = self.side_name(side), shown.totals[side] + before[side]
            extra = f"+{bonus}" if bonus else ""
            side_of = side if marked else None
            brief = self.seats.side_name(side, brief=True)
            brief = "" if brief == name else brief
            row = ScoreRow(name, total, detail, active, colour, short, extra, side_of, brief)
            rows.append(row)
        target, round_line, deal_line = self.hud_texts()
        return HudView(target, round_line, deal_line, tuple(rows))

    def stock(self) -> str:
        return count(self.t, "table.stock", self.view.count("stock"))

    # --- the status line and the cover -----------------------------------------------------

    def status(
        self,
        *,
        message: str | None,
        awaiting: int | None,
        choosing: bool,
        fast: bool,
        picking: bool = False,
        animating: bool,
        away: frozenset[int] = frozenset(),
        stood_in: frozenset[int] = frozenset(),
        offline: bool = False,
        keys: bool = False,
        hinting: bool = False,
        reading: frozenset[int] = frozenset(),
        reading_left: int | None = None,
        checking: bool = False,
        sending: bool = False,
        slow: bool = False,
        selected: int = 0,
        nudged: int | None = None,
    ) -> tuple[str, Colour] | None:
        """The line under the table: a message, whose turn it is (what to do: play a card,
        or knock for a hand's bonus before it, which a card played gives up; knock or pass
        at the deal; or name the matta's value while its picker is open; ``offline``, the
        link to the table's server down: that the play waits for it; ``keys``, the hand last
        played from the keys: with which keys; ``hinting``, a hint asked for and not yet
        worked out: that it is, as the keys of play wait for it), or who is thinking
        (not a friend ``away``: the match waits for them, as the banner over the table says;
        for a friend ``stood_in``, the computer playing their seat; friends still
        ``reading`` the last round's score sheet: the round waits for them, ``reading_left``
        seconds at most; ``checking``:
        the window, awake from a stall, asks the server where the table is; ``sending``: a
        play made here is on its way to the server, which has not said yet what became of
        it (``slow``: for a while); ``selected``: the ways a card clicked in the hand may be
        played, which a click on the table plays (or asks how), and a second click too
        where there is one;
        ``nudged``: this player online has kept the turn a while, and the friends may let
        the computer play for them after that many seconds)."""
        t, coordinator = self.t, self.coordinator
        match = coordinator.match
        if message:
            return message, MESSAGE
        if coordinator.mode == "watch":
            return t("table.watch_fast" if fast else "table.watch_hint"), style.MIST
        if sending and not match.over:
            return t("online.sending_slow" if slow else "online.sending"), style.MIST
        if checking and not match.over:
            return t("online.checking"), style.MIST
        if reading and not match.over and not animating:
            names = join(t, [self.seats.seat_name(seat) for seat in sorted(reading)])
            key = "online.reading_many" if len(reading) > 1 else "online.reading"
            if reading_left is not None:  # when the round goes on without them
                return t(f"{key}_left", names=names, seconds=reading_left), style.MIST
            return t(key, names=names), style.MIST
        if awaiting is not None and offline:  # a card dragged now would reach no one
            return t("online.turn_waits"), style.MIST
        if awaiting is not None and picking:  # the matta's picker is open: name a value
            return t("table.matta_status"), style.CREAM
        if awaiting is not None and hinting and not choosing:
            return t("aids.hint_working"), style.MIST
        if awaiting is not None and nudged == 0 and not choosing:  # the wait is over
            return t("online.your_turn_overdue"), style.CREAM
        if awaiting is not None and nudged is not None and not choosing:
            return t("online.your_turn_waited", seconds=nudged), style.CREAM
        if awaiting is not None and not choosing:
            # Cirulla's hands shown at the deal: a knock or a pass comes before any card (a
            # hand with nothing to knock with is told so, not offered a knock it lacks); the
            # seat to play once every seat has declared is told to play then, no other
            turn_key = "table.your_turn_keys" if keys else "table.your_turn"
            round_ = match.round
            knocks = may_knock(match.legal_moves())
            if selected and not keys and not round_.declaring and not knocks:
                # a double click plays a card only one way: not offered for the others
                key = "table.your_turn_selected" if selected == 1 else "table.your_turn_choose"
                return t(key), style.CREAM
            if not round_.declaring and knocks:
                # a hand worth a bonus: a card played at once gives it up, so say so
                turn_key = "table.your_turn_knock_keys" if keys else "table.your_turn_knock"
            elif round_.declaring:
                turn_key = "table.your_turn_declare" if knocks else "table.your_turn_pass"
                if round_.plays_next == awaiting:
                    turn_key += "_then_play"
            if coordinator.mode == "hotseat":
                name = self.seats.seat_name(awaiting)
                return t(f"{turn_key}_named", name=name), style.CREAM
            return t(turn_key), style.CREAM
        turn = match.turn
        if not match.over and turn not in coordinator.humans and turn not in away and not animating:
            name = self.seats.seat_name(turn)
            if turn in stood_in:
                return t("table.stand_in_turn", name=name), style.MIST
            if coordinator.seats[turn].human:  # a friend at another screen: maybe not thinking
                key = "table.friend_declares" if match.round.declaring else "table.friend_turn"
                return t(key, name=name), style.MIST
            return t("table.thinking", name=name), style.MIST
        return None

    def cover(
        self, seat: int, news: Sequence[News] = (), *, played: bool = True, earlier: bool = False
    ) -> CoverWords:
        """The cover's words for ``seat``, with what the others made since its last turn
        (``news``, in turn; ``played``: else since the deal), each on a line of its own;
        ``earlier``: more was made before those."""
        t = self.t
        name = self.seats.seat_name(seat)
        told: tuple[str, ...] = ()
        if news:
            heading = t("table.news_since" if played else "table.news_so_far")
            told = (heading, *(self.news_line(item) for item in news))
        return CoverWords(
            t("table.pass_to", name=name),
            t("table.pass_hint", name=name),
            t("table.hidden"),
            t("table.show_cards"),
            told,
            earlier and bool(told),
        )

    def news_line(self, news: News) -> str:
        """One thing another seat made, as the cover tells it: "Anna took the 3 of cups
        with the 3 of swords"."""
        move = news.move
        if move is None:  # the opening table, taken by the dealer at the deal
            total = opening_made(self.t, news.total, news.named)
            sweeps = count(self.t, "table.scope", news.points)
            name = self.seats.seat_name(news.seat)
            return self.t("table.dealer_bonus.one", name=name, total=total, sweeps=sweeps)
        name = self.seats.seat_name(news.seat)
        if news.kind == "pass":  # no knock at the deal: the seats in turn, on one line
            names = [name, *(self.seats.seat_name(seat) for seat in news.also)]
            key = "table.pass_by_many" if news.also else "table.pass_by"
            return opening(self.t(key, name=join(self.t, names)), names)
        if news.kind == "knock" and news.points:
            return opening(self.t("table.knock_by_points", name=name, n=news.points), [name])
        card = self.card_name(move.card) if move.is_play else ""
        if news.named:  # the matta, named a value: a 7 that took an ace took it as one
            card = self.t("table.matta_worth", card=card, n=news.named)
        names = [self.card_name(other) for other in move.captures]
        if news.taken_named is not None:  # the matta taken at the value named for it
            matta, value = news.taken_named
            at = move.captures.index(matta)
            names[at] = self.t("table.matta_worth", card=names[at], n=value)
        taken = join(self.t, names)
        many = len(move.captures) > NAMED_TAKEN and news.kind in NEWS_MANY
        key = NEWS_MANY[news.kind] if many else NEWS[news.kind]
        return opening(self.t(key, name=name, card=card, cards=taken, n=len(move.captures)), [name])
