"""The score sheet after each round: every category for every side, the round's points,
the running totals and a chart of the match so far; at the end, the result and a rematch.
A row that counts particular cards (the coins, the primiera, the settebello...) shows them
in the chart's place while the pointer is on it, or once it is clicked or reached by the
Up and Down keys: each side's cards, the primiera's with their values. Under Cirulla the
scopas' row, when bonuses are among them, shows where each came from: the hands shown by
knocking and the dealer's opening table, each with its points.

While Master reviews the round (off the render loop), its button tells how far it got
("Reviewing… 40 %") and opens the review once it is ready; nothing else waits for it. A
reviewed position played again ends here: once more, or back to the review.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, cast

import pygame

from scopa.aids.replay import deal_shape
from scopa.engine import (
    Breakdown,
    Captured,
    Card,
    DealerBonus,
    Declared,
    Event,
    Match,
    Retracted,
    Scopa,
    cards_behind,
    categories,
    incomplete_counts,
    piccola_cap,
    piccola_points,
    seven_count_decider,
)
from scopa.stats import result_of, win_streaks

from .. import style
from ..remote import ROUND_BEGAN
from ..scene import POINTER_MOVED
from ..table.chat import QuickMessages, Spot, seat_messages
from ..table.layout import sides_coloured
from ..table.text import Writer
from ..toasts import ToastBand, Words, worded
from ..widgets import Button, resolve
from ..wording import (
    CODED_SEEDS,
    Seats,
    category_label,
    deal_id,
    deck_text,
    join,
    suit_name,
)
from .base import MenuScene
from .chart import Drawn, line_chart
from .flow import SEPARATOR, scores_told
from .title import NARROWEST_BAND

if TYPE_CHECKING:
    from ..app import App
    from ..matches import MatchCoordinator, Practice
    from ..remote import RemoteCoordinator

REMATCH_SAID = 8.0
"""Seconds the rematch's table says who won the match before it."""
CHECK = "\u2713"
DASH = "\u2014"


KEY_GRACE = 1.6
"""Seconds the score sheet ignores keys after it appears, and after each key pressed while
it ignores them: keys tapped in a row to play the last cards (or while the computers play
them) never reach it; a player who stops to read it is past this when the next key comes."""
RESULT_GRACE = 2.0
"""The same at the end of the match, whose sheet opens on the rematch..."""
RESULT_KEY_GRACE = 3.0
"""...where each key pressed while it waits holds the keys off this long: Enter pressed
every two seconds to play on (or to lift the cover for the next person at one screen)
reached the rematch before anyone saw who won."""
RESUMED_GRACE = 0.4
"""Seconds a sheet a match was continued on waits for keys (a key held on Continue)."""
HELD_PRESS = 0.35
"""Seconds a press on a sheet not yet seen at one screen is held before it is taken for the
next person's hold on the cover's button (which lifts it in 0.45 s), not a click: let go,
it presses nothing (it fell on Replay this round, which sits where that button does)."""
PRESS_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
"""The keys that press the focused button (a press held off is told why)."""
OVERLAP = 0.35
"""The least of its width a card behind a row shows beside the next, where a row of them
would not fit their band side by side (its corner's index still in sight)."""
CLICK_GRACE = 0.6
"""Seconds the last sheet of a match ignores the mouse's button, and after each click made
meanwhile: clicks made on the table (to speed up computers watched, or hurrying the last
capture), or on each round's Next round where Rematch now sits, must not start the next
match before the result was seen."""
UNMOVED_CLICKS = 2.5
"""Seconds a sheet come under clicks made on the table takes no click from a pointer that
has not moved since: the time to see that the round is over."""
CLICKS_TOLD_AFTER = 2.0
"""The sheet's age from which a button clicked while clicks are held off says why (a player
clicking Next round on and on, every click holding the next off, saw a dead button)."""
RESULT_CLICK_GRACE = 1.5
"""Seconds the last sheet ignores the mouse's button as it comes: a player clicking where
each round's Next round was, a second after it came, started a rematch unread."""
TOLD_TOGETHER = 2.5
"""Seconds within which friends' rematch news is told as one message: the people at one
screen ask with one click, but each seat's word reaches this window on its own."""


def _winner_first(totals: tuple[int, ...], winner: int | None) -> list[int]:
    """The sides' points as a result is said, the winner's first ("Giulia wins! 11 – 4"),
    the others in their order."""
    if winner is None or not 0 <= winner < len(totals):
        return list(totals)
    return [totals[winner], *totals[:winner], *totals[winner + 1 :]]


ONE_LINE_SHRINK = 0.85
"""How much smaller than their size the sides' headings may be set to keep each on one line
(``_alike``)."""


def _alike(
    headings: list[str], pen: style.Pen, widths: list[int], height: int, lines: int
) -> tuple[style.Pen, list[str]]:
    """The columns' headings set alike: at the largest size where each fits its own of
    ``widths`` x ``height`` on at most ``lines`` lines with no word cut or dropped, all at
    one size (each at its own, a long name stood out smaller than its neighbours). When none
    does, at the smallest size, a word too long for a line is shortened ("Wolkenste…"), not
    broken over two ("Wolkenste" over "in"). Set a little smaller, when that keeps every
    heading on one line: one side's names broken over two lines beside another's on one
    read as uneven, their underlines at two heights."""
    smallest = style.smallest_px(pen.px)
    for one_line in (True, False) if lines > 1 else (False,):
        floor = max(smallest, round(pen.px * ONE_LINE_SHRINK)) if one_line else smallest
        for px in range(pen.px, floor - 1, -1):
            sized = replace(pen, px=px)
            laid = [style.fit(words, sized, room, height, lines=1 if one_line else lines,
                              least=px) for words, room in zip(headings, widths)]  # fmt: skip
            if not any(fit.cut or fit.elided for fit in laid):
                return sized, headings
    sized = replace(pen, px=style.smallest_px(pen.px))
    shortened = []
    for words, room in zip(headings, widths):
        kept = []
        for word in words.split(" "):
            if style.natural_width(word, sized) > room:
                word = style.fit(word, sized, room, height, lines=1, least=sized.px).lines[0]
            kept.append(word)
        shortened.append(" ".join(kept))
    return sized, shortened


@dataclass(frozen=True)
class SheetRow:
    """One line of the score sheet: a label, what each side had, and the points it made."""

    key: str
    label: str
    cells: tuple[str, ...]
    points: tuple[int | None, ...]
    compact: tuple[str, tuple[str, ...]] | None = None
    """A label and cells that say the same in less room ("Scopas (bonus)": "4 (3)"), for a
    sheet whose figures would all be set smaller to let the cells fit."""
    tied: tuple[bool, ...] = ()
    """Per side, level with another at the top of a row whose point no one took (a tie):
    said beside its figure, where a point would be."""

    def compacted(self) -> SheetRow:
        if self.compact is None:
            return self
        label, cells = self.compact
        return replace(self, label=label, cells=cells, compact=None)


CONTESTED: dict[str, Callable[[Breakdown], tuple[int, ...]]] = {
    "carte": lambda b: (b.cards,),
    "denari": lambda b: (b.coins,),
    "primiera": lambda b: (b.primiera_complete, b.primiera),  # four suits beat fewer
    "sette": lambda b: (b.sevens,),
}
"""The rows whose point goes to the side with the most, and what is compared (its last
figure the count itself: none at the top, no tie)."""


def _tied(category: str, scores: tuple[Breakdown, ...]) -> tuple[bool, ...]:
    """Per side, whether it is level with another at the top of ``category``'s row, its
    point taken by no one (empty: not a row the most wins, or no tie)."""
    figure = CONTESTED.get(category)
    if figure is None:
        return ()
    values = [figure(b) for b in scores]
    top = max(values)
    if top[-1] <= 0 or values.count(top) < 2:
        return ()
    return tuple(value == top for value in values)


class ScoringScene(MenuScene):
    opaque = False
    resume_hint = "resume_hint_scores"

    def __init__(self, app: App, coordinator: MatchCoordinator, *, resumed: bool = False) -> None:
        self.coordinator = coordinator
        self.match, self.setup = coordinator.match, coordinator.setup
        self._streak: int | None = None
        """The wins in a row this match extends (``streak``), once read."""
        super().__init__(app)
        self.keys_from = RESULT_GRACE if self.match.over else KEY_GRACE
        """The sheet's age from which it takes keys (a sheet a match was continued on almost
        at once: no key that played the round is still going, and the first keys pressed
        there were taken for nothing)."""
        if resumed:
            self.keys_from = RESUMED_GRACE
        self.unmoved_until = 0.0
        """Until this age the sheet takes no click from a pointer not moved since it came
        (``hold_clicks``), from where it was then."""
        self._unmoved_at: tuple[int, int] = (0, 0)
        self.clicks_from = RESULT_CLICK_GRACE if self.match.over else 0.0
        """The last sheet's age from which it takes the mouse's button: each click before
        holds the clicks off ``CLICK_GRACE`` more, as a key holds the keys off."""
        self.seen = resumed or coordinator.mode != "hotseat"
        """A key was pressed with the sheet in sight. At one screen shared by several people
        the next of them, handed the screen after the last card, presses Enter for the
        cover that comes between turns, long after the sheet's grace: that first key only
        shows where the focus is, and the sheet turns for a key pressed after it. A sheet
        ``resumed`` (a match continued on it) is in sight of whoever continued it."""
        if not self.seen:  # no ring before that key, which shows it: else it seemed dropped
            self.form.keyboard_used = False
        self._pressed_at: float | None = None
        """When the mouse's button went down on a sheet not yet ``seen`` (``HELD_PRESS``)."""
        self.named: dict[Card, int] = {}
        """The matta among the bonuses' cards, with the value it was named (as the table
        showed it)."""
        self.makers: dict[tuple[int, int], int] = {}
        """Per side and place among its cards (``bonuses``) of the first card of each scopa
        and bonus, the seat that made it (the partner who swept, knocked or dealt, in a side
        of two or more). A card may be there twice: the matta shown by a knock, then played
        to sweep."""
        self.swept = False
        """Some side swept the table this round (a scopa made by a play)."""
        self.bonuses = self._scopas()
        """Per side, the card that swept the table for each scopa of the round, then the
        cards of each Cirulla bonus; the first of each with its points (empty for a table
        held by a server, which tells no moves)."""
        self.with_cards = frozenset(
            category
            for category in categories(self.match.rules)
            for scored in self.match.rounds[-1:]
            if any(cards_behind(category, b, self.match.rules) for b in scored)
            or (category == "scope" and any(self.bonuses))
            or (category == "scope" and self.match.rules.cirulla and any(b.bonus for b in scored))
        )
        """The rows of the round that count particular cards some side took (the scopas:
        the cards that swept, and Cirulla's bonuses)."""
        self.row_boxes: dict[str, pygame.Rect] = {}
        """Where those rows were drawn (by category)."""
        self.pointed: str | None = None
        """The row under the pointer: the chart gives way to the cards behind it."""
        self._told: set[tuple[str, int]] = set()
        """What was told of the rematch at a server (a friend's wish, a friend gone)."""
        self._told_last: dict[str, tuple[float, list[int], Words]] = {}
        """Of each kind of rematch news, when (``age``) it was last told, of whom, in what
        words: news of others a moment later is told with it, in one message."""
        self.pinned: str | None = None
        """The row clicked (or tapped, or reached by Up and Down): its cards stay in sight
        until it is clicked again."""

    @property
    def names(self) -> list[str]:
        """Each side's name, in the language of the moment ("You", "Tu"), to head its
        column: broken over lines between the partners' names only."""
        seats = Seats(self.setup, self.app.t, self.coordinator.humans)
        return [seats.side_name(side, whole=True) for side in range(self.setup.rules.sides)]

    def hold_clicks(self, pointer: tuple[int, int] | None = None) -> None:
        """Clicks were being made on the table as the sheet came (on a pile, now clicked
        for what each side took, that the sheet's buttons cover as it comes, or hurrying
        the last cards): the sheet takes the mouse's button once ``CLICK_GRACE`` passed
        with none, as the match's last sheet does; and, until ``UNMOVED_CLICKS`` passed,
        only from a pointer moved since (a click a second on the table to hurry the
        computers, the pointer resting where Next round came, turned the sheet unread in a
        third of a second). ``pointer``: where it was last seen on the table."""
        self.clicks_from = max(self.clicks_from, self.age + CLICK_GRACE)
        self.unmoved_until = self.age + UNMOVED_CLICKS
        self._unmoved_at = pointer if pointer is not None else pygame.mouse.get_pos()

    def handle(self, event: pygame.event.Event) -> bool:
        """Keys wait until the sheet has been up a moment (``keys_from``) with none pressed
        for ``KEY_GRACE``: the keys that played the round's last cards, pressed on, must not
        also turn the sheet (or start the rematch) before it was read; at one screen shared
        by several people, until it was seen (``seen``). Escape, which turns nothing, opens
        the menu at once."""
        waiting = self.age < self.keys_from
        grace = RESULT_KEY_GRACE if self.match.over else KEY_GRACE
        if waiting and event.type == pygame.KEYDOWN and event.key != pygame.K_ESCAPE:
            self.keys_from = max(self.keys_from, self.age + grace)
            if event.key in PRESS_KEYS and self.age > KEY_GRACE:  # a button that seemed dead
                # how long to leave the keys, said (pressed every second, a player
                # was held off for minutes, told only "just a moment")
                self.tell_here(worded("scores_keys_wait", n=math.ceil(grace)))
            return True
        if not self.seen and event.type == pygame.KEYDOWN and event.key != pygame.K_ESCAPE:
            self.seen = True  # at one screen: the press meant for the cover (see ``seen``)
            self.keys_from = self.age + grace
            self.form.keyboard_used = True
            if event.key in PRESS_KEYS:  # its ring alone: the press seemed lost
                self.tell_here(worded("scores_seen"))
            return True
        if not self.seen and event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._pressed_at = self.age
        elif not self.seen and event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            pressed, self._pressed_at = self._pressed_at, None
            if pressed is not None and self.age - pressed >= HELD_PRESS:
                self.seen = True  # the mouse's hold meant for the cover
                self.form.captured = None
                return True
        pointed = event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN)
        if pointed and self.unmoved_until:
            x, y = self._unmoved_at
            if math.hypot(event.pos[0] - x, event.pos[1] - y) >= POINTER_MOVED:
                self.unmoved_until = 0.0  # the pointer came to the sheet: its clicks are meant
        clicked = event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)
        if clicked and (self.age < self.clicks_from or self.age < self.unmoved_until):
            if event.type == pygame.MOUSEBUTTONDOWN:  # clicking on and on: not yet
                self.clicks_from = max(self.clicks_from, self.age + CLICK_GRACE)
                if self.age > CLICKS_TOLD_AFTER and self.form.widget_at(event.pos) is not None:
                    # a button clicked on and on seemed dead: why it waits, said (as keys)
                    self.tell_here(worded("scores_clicks_wait"))
            return True
        chat, spot = self.chat, self.chat_spot
        if chat is not None and spot is not None and self.chat_on() and chat.handle(event, spot):
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_DOWN):
            self.step_row(+1 if event.key == pygame.K_DOWN else -1)
            return True
        if event.type == pygame.MOUSEMOTION:
            self.pointed = self.row_at(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            row = self.row_at(event.pos)
            if row is not None:
                self.pinned = None if self.pinned == row else row
                return True
        return super().handle(event)

    def step_row(self, direction: int) -> None:
        """Up and Down: the next row that counts particular cards has them shown (the
        buttons go along Left and Right); past the last, the chart comes back."""
        rows = [row.key for row in self.sheet() if row.key in self.row_boxes]
        if not rows:
            return
        self.pointed = None
        if self.pinned not in rows:
            self.pinned = rows[0 if direction > 0 else -1]
            return
        at = rows.index(self.pinned) + direction
        self.pinned = rows[at] if 0 <= at < len(rows) else None

    def row_at(self, pos: tuple[int, int]) -> str | None:
        """The row at ``pos`` that counts particular cards, if any."""
        for key, box in self.row_boxes.items():
            if box.collidepoint(pos):
                return key
        return None

    # --- the numbers ----------------------------------------------------------------------

    def sheet(self) -> list[SheetRow]:
        """The score sheet of the last round, as text (what is drawn, and what tests read):
        only the totals when the first table decided the match before a round was played."""
        if not self.match.rounds:
            totals = tuple(str(t) for t in self.match.totals)
            return [SheetRow("total", self.t("sheet_total"), totals, (None,) * len(totals))]
        scores: tuple[Breakdown, ...] = self.match.rounds[-1]
        rows = []
        for category in categories(self.match.rules):
            cells = tuple(self._cell(category, b) for b in scores)
            points = tuple(b.points.get(category, 0) for b in scores)
            label = category_label(self.t, category, self.app.settings.deck_for(self.setup.rules))
            compact = None
            if category == "sette":
                label, cells, compact = self._sevens(label, scores)
            if category == "scope" and any(b.bonus for b in scores):
                # where "4 (3 bonus)" is too wide (beside many sides, or in Italian, "4 (di
                # cui 3 di premio)"), the label says what the brackets count
                compact = (
                    self.t("scope_bonus_label", label=label),
                    tuple(
                        self.t("scope_bonus_short", count=b.scope, bonus=b.bonus)
                        if b.bonus
                        else str(b.scope)
                        for b in scores
                    ),
                )
                if len(scores) > 3:
                    label, cells, compact = *compact, None
            tied = _tied(category, scores) if not any(points) else ()
            rows.append(SheetRow(category, label, cells, points, compact, tied))
        rows.append(
            SheetRow(
                "round",
                self.t("sheet_round"),
                tuple(str(b.total) for b in scores),
                (None,) * len(scores),
            )
        )
        if self.practice is not None:  # its round's points alone: a "Total" of the same
            return rows  # points read as the match's, beside "the match's score is unchanged"
        rows.append(
            SheetRow(
                "total",
                self.t("sheet_total"),
                tuple(str(t) for t in self.match.totals),
                (None,) * len(scores),
            )
        )
        return rows

    def _sevens(
        self, label: str, scores: tuple[Breakdown, ...]
    ) -> tuple[str, tuple[str, ...], tuple[str, tuple[str, ...]] | None]:
        """The seven-count's row: each side's sevens and, in words, its sixes (which break
        a tie), said shorter where the words do not fit (``SheetRow.compact``: the counts in
        brackets, the row's label saying what they count); the rank that decided after the
        sixes is always in brackets. Beside many sides the columns are too narrow for the
        words: the sixes are shown only for the sides level on the most sevens, where they
        (or the counts after them) decide, in brackets, and the row's label says what the
        brackets count."""
        if len(scores) <= 3:
            decider = seven_count_decider(scores, self.match.rules)
            if decider is not None:
                # down to the aces: the sides level on 7s and 6s show the rank that decided,
                # in brackets the label names (in words, "2 (sixes: 2, aces: 3)", it was cut)
                top = max((b.sevens, b.sixes) for b in scores)
                ranks = self.t(f"rank_plural_{decider}")
                cells = tuple(
                    self.t("sevens_sixes_then", sevens=b.sevens, sixes=b.sixes,
                           count=sum(card.rank == decider for card in b.captured))
                    if (b.sevens, b.sixes) == top
                    else self.t("sevens_sixes_short", sevens=b.sevens, sixes=b.sixes)
                    for b in scores
                )  # fmt: skip
                return self.t("sevens_sixes_then_label", sevens=label, ranks=ranks), cells, None
            words = tuple(self.t("sevens_sixes", sevens=b.sevens, sixes=b.sixes) for b in scores)
            short = tuple(
                self.t("sevens_sixes_short", sevens=b.sevens, sixes=b.sixes) for b in scores
            )
            return label, words, (self.t("sevens_sixes_label", sevens=label), short)
        most = max(b.sevens for b in scores)
        if sum(b.sevens == most for b in scores) == 1:
            return label, tuple(str(b.sevens) for b in scores), None
        cells = tuple(
            self.t("sevens_sixes_short", sevens=b.sevens, sixes=b.sixes)
            if b.sevens == most
            else str(b.sevens)
            for b in scores
        )
        return self.t("sevens_sixes_label", sevens=label), cells, None

    def _cell(self, category: str, b: Breakdown) -> str:
        if category == "carte":
            return str(b.cards)
        if category == "denari":
            return str(b.coins)
        if category in ("settebello", "re_bello", "settebello_coppe"):
            return CHECK if b.points.get(category, 0) else DASH
        if category == "primiera":
            if b.primiera_complete:
                return str(b.primiera)
            suits = len({card.suit for card in b.captured})
            if not b.primiera or not suits:
                return DASH
            key = "primiera_suits_1" if suits == 1 else "primiera_suits"
            return self.t(key, value=b.primiera, suits=suits)
        if category == "scope":
            if b.bonus:  # Cirulla's bonuses count as scopas: the sheet says how many
                return self.t("scope_bonus", count=b.scope, bonus=b.bonus)
            return str(b.scope)
        rules = self.match.rules
        if category == "napola":
            return str(b.napola_run) if b.napola_run else DASH
        if category == "piccola":  # the coins of the run that count, which are its points
            return str(piccola_points(b.napola_run, rules)) if b.napola_run else DASH
        if category == "grande":
            # king, cavallo and fante of coins (Dossena's scale counts the 7 and 6 too, in
            # its points: the run's length beside them, "5 +7", read as a contradiction)
            return CHECK if b.grande_run else DASH
        return str(b.points.get(category, 0))

    def behind(self) -> tuple[str, list[tuple[tuple[Card, int], ...]]] | None:
        """The row whose cards are in sight (pointed at, else clicked) and each side's cards
        behind it (``cards_behind``; the bonuses' for the scopas); None when no side has
        any or no row is chosen."""
        key = self.pointed or self.pinned
        if key not in self.with_cards:
            return None
        if key == "scope":
            return key, self.bonuses
        scores, rules = self.match.rounds[-1], self.match.rules
        decider = seven_count_decider(scores, rules) if key == "sette" else None
        return key, [cards_behind(key, b, rules, decider) for b in scores]

    def _scopas(self) -> list[tuple[tuple[Card, int], ...]]:
        """Each side's scopas of the last round: the card that swept the table for each,
        worth 1, then Cirulla's bonuses, the cards of each with its points on the first (the
        hands shown, less any taken back, and the dealer's opening table)."""
        sides = len(self.match.totals)
        rounds = self.match.rounds
        told = self._round_told() if rounds and any(b.scope for b in rounds[-1]) else None
        if told is None:
            return [()] * sides  # no scopa, or nothing to tell where the scopas came from
        found: list[tuple[int, int, int, tuple[Card, ...], int]] = []  # the seat that
        # knocked or dealt, side, points, cards, the value named for the matta among them
        out: list[list[tuple[Card, int]]] = [[] for _ in range(sides)]
        sweeping: Card | None = None
        for event in told:
            if isinstance(event, Captured):
                sweeping = event.card
            elif isinstance(event, Scopa) and sweeping is not None:
                self.makers[event.side, len(out[event.side])] = event.seat
                out[event.side].append((sweeping, 1))
                self.swept = True
            elif isinstance(event, Declared):
                found.append((event.seat, event.side, event.points, event.cards, event.named))
            elif isinstance(event, DealerBonus):
                found.append((event.dealer, event.side, event.points, event.cards, event.named))
            elif isinstance(event, Retracted):
                last = max(i for i, bonus in enumerate(found) if bonus[0] == event.seat)
                del found[last]
        matta = self.match.rules.matta_card
        for seat, side, points, cards, named in found:
            self.makers[side, len(out[side])] = seat
            out[side].extend((card, points if i == 0 else 0) for i, card in enumerate(cards))
            if named and matta in cards:
                self.named[matta] = named
        return [tuple(held) for held in out]

    def _round_told(self) -> tuple[Event, ...] | None:
        """The events of the round just scored: played again from the match's moves, or
        as a window at a server's table heard them (None: it missed some of them)."""
        round_no = len(self.match.rounds)
        if isinstance(self.match, Match):
            return self.match.round_events(round_no) if self.match.moves() else None
        return self.match.round_events(round_no)

    def behind_note(self, key: str) -> str:
        """What the cards of row ``key`` say, in a sentence."""
        if key == "scope":
            rounds = self.match.rounds
            bonus = bool(rounds) and any(b.bonus for b in rounds[-1])
            if not bonus:
                return self.t("sheet_behind.scope")
            return self.t("sheet_behind.scope_both" if self.swept else "sheet_behind.scope_bonus")
        deck = self.app.settings.deck_for(self.setup.rules)
        if key == "grande" and self.match.rules.dossena_scale:
            key = "grande_dossena"
        elif key == "primiera" and not incomplete_counts(self.match.rules):
            key = "primiera_all_suits"  # a side short of a suit has no primiera: its "—"
        elif key == "sette" and self.match.rules.seven_count_aces:
            key = "sette_aces"
        coins = suit_name(self.t, "D", deck)
        most = piccola_cap(self.match.rules)
        note = deck_text(self.t, f"sheet_behind.{key}", deck, coins=coins, most=most)
        rules = self.match.rules
        if key.startswith("primiera") and rules.face_values != "ten" and not rules.cirulla:
            # the scale's face cards as this match counts them: the player checks them here
            note += ". " + deck_text(self.t, f"sheet_behind.faces_{rules.face_values}", deck)
        return note

    def progress(self) -> list[list[int]]:
        """Each side's running total after each round, starting from 0."""
        sides = len(self.match.totals)
        lines = [[0] for _ in range(sides)]
        for scores in self.match.rounds:
            for side in range(sides):
                lines[side].append(lines[side][-1] + scores[side].total)
        return lines

    def headline(self) -> str:
        match = self.match
        practice = self.practice
        if practice is not None:  # its round alone, from the position: not the match's
            return self.t("review.practice_sheet", n=practice.grade.round_no)
        if match.winner is None:
            return self.t("round_over", n=len(match.rounds))
        seats = Seats(self.setup, self.app.t, self.coordinator.humans)
        return seats.about("match_won", match.winner)

    def result_line(self) -> str:
        match = self.match
        if self.practice is not None:
            return self.t("review.practice_sheet_note")
        if not match.over:
            top = max(match.totals)
            if top >= match.rules.target:  # tied at the top: the match goes on
                return self.t("round_tied", points=top)
            return self.t("round_next", target=match.rules.target)
        line = self._tallied()
        if self.streak >= 2 and self.streak > self._won_in_row():
            # a win that extends a run, from the second (and not a run the tally of these
            # rematches tells already: "You 3, CPU 0 · 3 wins in a row")
            line = self.t("match_streak", line=line, n=self.streak)
        return line

    def _won_in_row(self) -> int:
        """The matches the side played here won in this row of rematches (0: none told)."""
        won = self.matches_won()
        humans = self.coordinator.humans
        if sum(won) < 2 or not humans:
            return 0
        return won[self.match.rules.side_of(humans[0])]

    def _tallied(self) -> str:
        """The match's result, with the matches each side won in this row of rematches."""
        match = self.match
        won = self.matches_won()
        if sum(won) < 2:  # no rematch before it
            return self._result()
        seats = Seats(self.setup, self.app.t, self.coordinator.humans)
        ranked = sorted(range(len(won)), key=lambda side: (-won[side], side))
        if len(won) > 2:  # of many sides, those who won one (the line holds no more)
            ranked = [side for side in ranked if won[side]]
        tally = scores_told([(seats.side_name(side), won[side]) for side in ranked])
        if len(won) > 2 and match.rounds and not match.cappotto and not match.deal_won_cause:
            # the points of every side are the Total row's: the round, then the tally
            return self.t("match_tally_round", n=len(match.rounds), tally=tally)
        return self.t("match_tally", line=self._result(), tally=tally)

    @property
    def streak(self) -> int:
        """The wins in a row, as the statistics count them (``win_streaks``), that this
        match, won here, extends (0: lost, a practice, or not counted). Read once, with
        this match's result counted in: it may not be in the file yet (written as the sheet
        opens, by the saver's thread, and at a server as the sheet is left)."""
        if self._streak is None:
            self._streak = 0
            counted = not self.not_counted  # (another copy of the game keeps them)
            if self.match.over and self.practice is None and self.coordinator.mode != "watch":
                self._streak = self._read_streak() if counted else 0
        return self._streak

    def _read_streak(self) -> int:
        from ..matches import online_key  # (the matches open this scene)

        coordinator, match = self.coordinator, self.match
        if self.remote:
            key = online_key(coordinator)
            result = result_of(self.setup, match, online=(tuple(coordinator.humans), key))
        else:
            result = result_of(
                self.setup, match, undone=coordinator.undone, hinted=bool(coordinator.hinted)
            )
        stats = self.app.store.load_stats()
        if not any(known.match_id == result.match_id for known in stats.recent):
            stats = stats.add(result)
        return win_streaks(stats)[0] if result.won else 0

    def matches_won(self) -> tuple[int, ...]:
        """The matches each side won in this row of rematches, this one's in (empty: none,
        or a practice's)."""
        if self.practice is not None:
            return ()
        won = getattr(self.coordinator, "matches_won", None)
        return () if won is None else won()

    def _result(self) -> str:
        match = self.match
        score = self.final_score()
        cause = match.deal_won_cause
        if cause is not None:
            return self.t(f"match_at_deal.{cause}", score=score)
        if match.cappotto:
            coins = suit_name(self.t, "D", self.app.settings.deck_for(self.setup.rules))
            return self.t("match_cappotto", score=score, coins=coins)
        if not match.rounds:  # a match whose rounds this window was not told of
            return self.t("match_score", score=score)
        return self.t("match_score_round", score=score, n=len(match.rounds))  # the rows'

    def final_score(self) -> str:
        """The match's points as its result is said: of two sides the winner's first
        ("12 \u2013 3"); of more, each with its side's name, from the most points ("Marco 12,
        Bruno 8, Anna 3"), since bare numbers read as the columns' order."""
        totals = self.match.totals
        if len(totals) <= 2:
            return " \u2013 ".join(str(t) for t in _winner_first(totals, self.match.winner))
        seats = Seats(self.setup, self.app.t, self.coordinator.humans)
        ranked = sorted(range(len(totals)), key=lambda side: (-totals[side], side))
        return scores_told([(seats.side_name(side), totals[side]) for side in ranked])

    @property
    def practice(self) -> Practice | None:
        """The reviewed position played again, when this sheet ends one."""
        return self.coordinator.practice

    @property
    def remote(self) -> bool:
        """The match is held by a server: its shuffle is not known here, and this screen
        cannot deal its cards again or start another match with the friends at the table."""
        return self.coordinator.remote

    @property
    def not_counted(self) -> bool:
        """A match played to its end here that the statistics will not count: another
        copy of the game keeps them (a win vanished from them without a word)."""
        return (
            self.match.over
            and not self.remote
            and self.practice is None
            and self.coordinator.mode != "watch"
            and self.app.store.locked_out
        )

    @property
    def counted_later(self) -> bool:
        """The match is over and the statistics refused its result (a full disk): it is
        counted by itself once they can be written, and the sheet says so (it said nothing,
        and a player who quit thought it counted)."""
        uncounted = getattr(self.coordinator, "uncounted", None)
        return self.match.over and self.practice is None and uncounted is not None and uncounted()

    @property
    def review_missed(self) -> bool:
        """A match online whose last sheet this game came back to with no review: Master
        reviews the plays this game saw, and it saw none of this match's (the sheet of a
        friend whose game had closed lost its Review button without a word)."""
        return (
            self.remote
            and self.match.over
            and bool(self.match.rounds)
            and (self.review_button is None)
        )

    def deal_code(self) -> str:
        """The code of the round just scored, labelled (it names these very cards); none
        online, where the server shuffled, nor for a round dealt from cards given (a round
        replayed: the code of its match's seed named other cards), nor for a match whose
        seed six digits do not name whole (an older version's: the code named others too).
        Told on the final sheet only: a code names its match's seed, from which every round
        after it is dealt, and one read mid-match, typed with the next round's number in
        another copy of the game, dealt the round to come, every hand in it."""
        if self.remote or not self.match.rounds or len(self.match.rounds) <= len(self.match.decks):
            return ""
        if not self.match.over:
            return ""
        if not 0 <= self.match.seed < CODED_SEEDS:
            return ""
        code = deal_id(self.match.seed, len(self.match.rounds), deal_shape(self.match.rules))
        return self.t("table.deal_id", id=code)

    # --- widgets --------------------------------------------------------------------------

    def build(self) -> None:
        self.review_button: Button | None = None
        self._review_label = ""
        self._review_moved = False
        if self.practice is not None:
            matches = self.app.matches
            self.buttons = [
                Button(
                    self.tr("review.practice_again"),
                    matches.practice_again,
                    hint=self.tr("review.practice_again_hint"),
                ),
                Button(
                    self.tr("review.end_practice"),
                    matches.end_practice,
                    primary=True,
                    hint=self.tr("review.end_practice_hint"),
                ),
            ]
        else:
            self._build_buttons()
        self.chat = self._quick_messages()
        self.chat_spot: Spot | None = None
        for button in self.buttons:
            self.form.add(button)
        self.form.set_focus(self.buttons[-1])

    def _quick_messages(self) -> QuickMessages | None:
        """At a table online, the quick messages' button at the row's start: "Good game!"
        is said at the final sheet (what is said while it is up, this player's own too,
        shows as a toast over it: ``Matches.follow``). None with the setting off: the row
        keeps no room for it."""
        if not self.remote or self.practice is not None or self.coordinator.mode == "watch":
            return None
        if not self.app.settings.quick_messages:
            return None
        remote = cast("RemoteCoordinator", self.coordinator)
        return seat_messages(remote, Writer(self.app.font), lambda: self.app.t)

    def chat_on(self) -> bool:
        """The quick messages may be sent from here now (the setting on, the link up)."""
        coordinator = self.coordinator
        return (
            self.chat is not None
            and self.app.settings.quick_messages
            and bool(getattr(coordinator, "online", False))
            and not getattr(coordinator, "lost", True)
        )

    def _build_buttons(self) -> None:
        if self.match.over and self.remote:
            self.buttons = [
                Button(self.tr("to_title"), self._leave_table),
                Button(
                    self.rematch_label,
                    self.coordinator.ask_rematch,
                    primary=True,
                    hint=self.rematch_hint,
                    enabled=self._may_ask_rematch,
                ),
            ]
        elif self.match.over:
            self.buttons = [
                Button(self.tr("to_title"), self.app.home),
                Button(self.tr("rematch"), self.rematch, primary=True, hint=self.rematch_rules),
            ]
        else:
            hint = self.others_ready_hint if self.remote else None
            label = self._next_label if self.remote else self.tr("next_round")
            self.buttons = [Button(label, self.next_round, primary=True, hint=hint)]
        if self._review_job() is not None:
            hint = (
                "review.button_hint_many"
                if len(self.coordinator.humans) > 1
                else ("review.button_hint")
            )
            self.review_button = Button(
                self.review_label,
                self.open_review,
                hint=self._review_hint(hint),
                enabled=lambda: self.review_ready,
            )
            self.buttons.insert(0, self.review_button)
        if not self.remote and self.match.rounds:
            hint = "replay_deal_hint_over" if self.match.over else "replay_deal_hint"
            replay = Button(self.tr("replay_deal"), self.replay_deal, hint=self.tr(hint))
            self.buttons.insert(0, replay)

    # --- the review -----------------------------------------------------------------------

    def _reviews(self):  # noqa: ANN202 - a MatchReviews, or None when this match has none
        return getattr(self.coordinator, "reviews", None)

    def _review_job(self):  # noqa: ANN202 - a ReviewJob, or None when this match has no review
        reviews = self._reviews()
        if reviews is None or not self.match.rounds:
            return None
        return reviews.job(len(self.match.rounds))

    @property
    def review_ready(self) -> bool:
        job = self._review_job()
        return job is not None and job.review is not None

    def review_label(self) -> str:
        """The review button: how far Master got, then "Review" once it is ready."""
        job = self._review_job()
        if job is None or job.review is not None:
            return self.t("review.button")
        if job.error is not None:
            return self.t("review.unavailable")
        reviews = self._reviews()
        if (
            job.total is None
            and reviews is not None
            and any(
                other.round_no < job.round_no and not other.finished
                for other in reviews.jobs.values()
            )
        ):
            return self.t("review.queued")  # Master grades the rounds before it first
        return self.t("review.working", percent=round(job.progress * 100))

    def _review_hint(self, key: str):  # noqa: ANN202 - a label that follows the job
        def hint() -> str:
            job = self._review_job()
            if job is not None and job.error is not None:
                return self.t("review.unavailable_hint")
            if key == "review.button_hint_many" and self.coordinator.reviews_shared:
                return self.t("review.button_hint_shared")
            return self.t(key)

        return hint

    def open_review(self) -> None:
        if self.review_ready:
            scope = "match" if self.match.over else "round"
            self.app.open(
                "review",
                coordinator=self.coordinator,
                round_no=len(self.match.rounds),
                scope=scope,
            )

    def enter(self) -> None:
        """Back from a screen opened here (the review) by the mouse: the focus is on the
        round's own button again, unringed, so that Enter goes on (it opened the review
        once more, with nothing on screen to say why). The keys' focus stays where the
        keys left it."""
        super().enter()
        if not self.form.keyboard_used and self.buttons:
            self.form.set_focus(self.buttons[-1])

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.chat is not None and not self.chat_on():
            self.chat.open = False  # the link down, or the setting off: it goes
        label = self.review_label() if self.review_button is not None else ""
        if self.remote and self.match.over and self.practice is None:
            self._follow_rematch()
            label += "\n" + self.rematch_label() + "\n" + self.rematch_hint()
        elif self.remote and self.practice is None:
            label += "\n" + self.others_ready_hint()
        self._review_moved = label != self._review_label
        self._review_label = label

    @property
    def busy(self) -> bool:
        """While the review is worked out its button is drawn again as its percentage
        moves, and the rematch's words as the friends answer (and only then: the sheet
        itself stands still)."""
        chat = self.chat is not None and self.chat.busy  # its list greyed, until it lights up
        return self._review_moved or chat or super().busy

    def rematch(self) -> None:
        """The rematch dealt, the match just over said over its table: a player who pressed
        on from habit (the red button where Next round stood) found a match at 0 – 0
        without having seen who won."""
        winner, score = self.match.winner, self.final_score()
        seats = Seats(self.setup, self.app.t, self.coordinator.humans)
        self.app.matches.rematch(self.coordinator)
        started = self.app.matches.current not in (None, self.coordinator)  # (not asked first)
        if winner is not None and started:
            said = seats.about("rematch_after", winner, score=score)
            self.app.notify(lambda t: said, REMATCH_SAID, bound=True)

    def rematch_rules(self) -> str:
        """The rules the rematch deals when they are not the match's: those changed in the
        settings since it began (a player who changed them mid-match and forgot found
        another game dealt with nothing said); or that the seats changed there wait for a
        new match. Nothing when they are the same, or when the line under the sheet says
        the result is not counted (said first)."""
        from .online import describe_rules  # (the online screens tell a table's game so)

        if self.not_counted:
            return ""
        rules = self.app.matches.rematch_rules(self.coordinator)
        if rules != self.coordinator.setup.rules:
            return self.t("rematch_hint_changed", game=describe_rules(self.app, rules))
        if self.app.matches.seats_changed(self.coordinator):  # kept out: the same people
            return self.t("rematch_hint_seats")
        return ""

    # --- a rematch at a server --------------------------------------------------------------

    def _may_ask_rematch(self) -> bool:
        return not self.coordinator.rematch_asked and not self.coordinator.declined()

    def rematch_label(self) -> str:
        """The rematch's button at a server: whether the rematch waits, once asked."""
        coordinator = self.coordinator
        if not coordinator.rematch_asked or coordinator.rematch_failed or coordinator.declined():
            return self.t("rematch")
        if coordinator.rematch_next is None and (
            coordinator.rematch_awaited() or coordinator.left_table()
        ):
            return self.t("online.rematch_waiting")
        return self.t("online.rematch_starting")

    def rematch_hint(self) -> str:
        """What the rematch waits for: the friends still to ask, by name."""
        coordinator = self.coordinator
        if coordinator.rematch_failed:
            return self.t("online.rematch_failed")
        if coordinator.rematch_next is None and coordinator.lost:  # the table is gone
            return self.t("online.rematch_hint_lost")
        declined = coordinator.declined()
        if declined and coordinator.rematch_next is None:  # gone for good: no rematch here
            return self._naming("online.rematch_hint_declined", declined)  # (link up or not)
        if coordinator.rematch_next is None and not coordinator.online:  # it waits for the
            # table to be back (its host's game closed): said, not "waiting for Anna"
            return self.t("online.rematch_hint_offline")
        gone = coordinator.left_table()
        if gone and coordinator.rematch_next is None:  # it waits for them to come back
            asked = coordinator.rematch_asked
            return self._naming(
                "online.rematch_hint_back" if asked else "online.rematch_hint_left", gone
            )
        if not coordinator.rematch_asked:
            wanted = coordinator.rematch_wanted()
            if not wanted:
                return self.t("online.rematch_hint")
            return self._naming("online.rematch_hint_wanted", wanted)
        awaited = coordinator.rematch_awaited()
        if not awaited:
            return self.t("online.rematch_hint_starting")
        return self._naming("online.rematch_hint_waiting", awaited)

    def _naming(self, key: str, seats: list[int]) -> str:
        """``key`` (its ``_many`` form for several) naming the players of ``seats``."""
        names = join(self.t, [self.coordinator.name(seat) for seat in seats])
        return self.t(key + ("_many" if len(seats) > 1 else ""), names=names)

    def _follow_rematch(self) -> None:
        """At a server, the match over: each friend who asks for a rematch, or leaves, is
        told once (those heard at once, in one message: the people at one screen ask with
        one click); a rematch that cannot start is said; once its table is open and this
        seat sat there, the rematch's table takes the screen."""
        coordinator = self.coordinator
        moving = coordinator.rematch_next is not None  # the others leave for its table
        for key, seats in (
            ("online.rematch_wanted", coordinator.rematch_wanted()),
            ("online.rematch_left", [] if moving else coordinator.left_table()),
            ("online.rematch_declined", [] if moving else coordinator.declined()),
        ):
            fresh = [seat for seat in seats if (key, seat) not in self._told]
            if fresh:  # the people of one screen, who ask as one click, told as one
                self._told.update((key, seat) for seat in fresh)
                last = self._told_last.get(key)
                if last is not None and self.age - last[0] < TOLD_TOGETHER:
                    # heard a moment apart (each seat's word comes on its own): one message
                    self.app.toasts.forget(lambda toast, said=last[2]: toast.words is said)
                    fresh = [*last[1], *fresh]
                names = join(self.t, [coordinator.name(seat) for seat in fresh])
                many = "_many" if len(fresh) > 1 else ""
                words = worded(key + many, name=names)
                self._told_last[key] = (self.age, fresh, words)
                self.app.notify(words, 6.0)
        if coordinator.rematch_failed and ("failed", -1) not in self._told:
            self._told.add(("failed", -1))
            self.app.notify(worded("online.rematch_failed"), 12.0)
        if self.app.matches.rematch_remote(coordinator):
            self._forget_told()  # of the match before: not over the rematch's table

    def _leave_table(self) -> None:
        """Main menu, the match at a server over: what the friends said of a rematch is
        not carried to the title, where nothing answers it."""
        self._forget_told()
        self.app.matches.leave_finished(self.coordinator)

    def _forget_told(self) -> None:
        self.app.toasts.forget(lambda toast: toast.owner is self)

    def replay_deal(self) -> None:
        """Replay this round's cards in a new match; mid-match, only once the player agrees
        to leave the match in progress."""

        def replay() -> None:
            self.app.matches.replay_deal(self.coordinator, len(self.match.rounds))

        if self.match.over:
            replay()
            return
        watched = self.coordinator.setup.mode == "watch"  # nothing of the player's is lost
        self.app.open(
            "confirm",
            question=self.tr("replay_question"),
            on_yes=replay,
            detail=self.tr("replay_detail_watch" if watched else "replay_detail"),
            yes=self.tr("replay_deal"),
            no=self.tr("keep_watching" if watched else "keep_playing"),
        )

    def _ended(self) -> bool:
        """At a server, the match unfinished: its host ended it for good."""
        return not self.match.over and self.coordinator.host_ended

    def _next_label(self) -> str:
        return self.t("to_title" if self._ended() else "next_round")

    def news(self) -> str:
        """At a server between two rounds, what the table's people did that the line under
        the sheet says whatever the pointer rests on (``others_ready_hint``): the friends
        ready and the round about to begin without the people here was said only under
        Next round, hidden by the pointer left on Review after reading it."""
        if not self.remote or self.match.over or self.practice is not None:
            return ""
        return self.others_ready_hint()

    def others_ready_hint(self) -> str:
        """At a server: that the friends read their sheets, and the round waits for this
        player alone; or that it waited long enough, and began; or that a friend left the
        table, and the match will wait for them; or that the host ended the match, and no
        round follows."""
        if self._ended():
            return self.t("online.ended_by_host")
        if self.coordinator.round_began_without_me():
            return self.t("online.round_began")
        gone = self.coordinator.left_table()
        if gone:  # (the sheet looked the same: the round was dealt, and only then said)
            return self._naming("online.sheet_left", gone)
        left = self.coordinator.others_ready_wait()
        if left is None:  # some friends wait, others read theirs still: who, and how long
            ready = self.coordinator.ready_before_me()
            left = self.coordinator.ready_before_me_wait()
            if not ready or left is None:
                return ""
            names = join(self.t, [self.coordinator.name(seat) for seat in ready])
            key = "online.some_ready" + ("_many" if len(ready) > 1 else "")
            return self.t(key, names=names, seconds=max(1, math.ceil(left)))
        # the round begins without this player after a while: how long, counting down
        return self.t("online.others_ready", seconds=max(1, math.ceil(left)))

    def next_round(self) -> None:
        """Give the table back: the next round is dealt (at a server, the friends are told
        this player read the sheet: the round waits for those still reading it). At a
        table whose host ended the match: the main menu, the table forgotten (the round the
        server dealt before the end is not shown)."""
        if self.remote and self._ended():
            self._leave_table()
            return
        if not self.match.over:
            if self.remote:
                self.coordinator.round_read()
                self.app.toasts.resolve(ROUND_BEGAN)  # back at the table: no longer news
                self.app.toasts.forget(lambda toast: toast.key == ROUND_BEGAN)
            else:
                self.coordinator.sheet_read()
            self.app.back()

    def toast_band(self) -> ToastBand:
        """Beside the heading, on the sheet's empty corner above its rows (a friend asking
        for a rematch covered the result); a toast too long for it, or every toast where a
        long heading leaves the corner too narrow, goes over the chart, never over the
        heading, the rows, the result or a button."""
        m = self.m
        gap = m.px(style.SPACE_S)
        box = self.heading_box
        heading = style.fit(self.headline(), self.heading_pen(), box.w, box.h).width
        left, right = self.inner.left, box.centerx - heading / 2 - gap
        if right - left < m.w * NARROWEST_BAND:
            right = left  # (partners of long names: "... and ... win!")
        chart = self.chart_area
        return ToastBand(left, right, self.result_box.top, chart.top, (chart.left, chart.right))

    def back(self) -> None:
        """Esc: the menu, as on the table (never the next round by accident)."""
        self.app.open("pause")

    def layout(self) -> None:
        m = self.m
        inner = self.place_sheet(1.72, 0.95, 0.08, 0.05)
        result = self._result_pen()
        self.result_box = pygame.Rect(inner.left, self.heading_box.bottom, inner.w, 0)
        # on two lines where one does not hold it (the sides' points and the tally of the
        # rematches, of six long names), the rest of the sheet a line lower
        self.result_lines = 1 if style.natural_width(self.result_line(), result) <= inner.w else 2
        self.result_box.h = style.line_height(result) * self.result_lines
        button_h, gap = m.px(0.072), m.px(style.SPACE_M)
        # the focus ring round a button at the row's end clear of the sheet's frame ("Prossima
        # smazzata" ringed touched it)
        reach = style.focus_reach(m) + 1
        chat = button_h + gap if self.chat is not None else 0  # its square button, first
        room = (inner.w - 2 * reach - chat - gap * (len(self.buttons) - 1)) // len(self.buttons)
        # as wide as the longest label needs, all alike ("Prossima smazzata" was set
        # smaller than the buttons beside it), as far as the row holds them
        fonts = self.app.font
        needed = max(
            style.button_width(fonts, resolve(b.text), m.text_px(b.size), m, button_h)
            for b in self.buttons
        )
        width = min(room, max(min(m.px(0.36), room), needed))
        x = inner.right - reach
        bottom = inner.bottom - reach
        if self.chat is not None:
            square = pygame.FRect(inner.left + reach, bottom - button_h, button_h, button_h)
            margin, px = m.px(style.SPACE_XL), m.text_px(style.SMALL)
            self.chat_spot = Spot(self.app.size, margin, px, square, rightwards=True)
        for button in reversed(self.buttons):
            button.place(pygame.Rect(x - width, bottom - button_h, width, button_h))
            x -= width + gap
        footer_h = 2 * style.line_height(m.pen("ui", style.SMALL, style.INK_SOFT))
        footer_top = bottom - button_h - m.px(style.SPACE_S) - footer_h
        self.footer = pygame.Rect(inner.left, footer_top, inner.w, footer_h)
        top = self.result_box.bottom + m.px(style.SPACE_M)
        body = pygame.Rect(inner.left, top, inner.w, footer_top - m.px(style.SPACE_S) - top)
        split = round(body.w * (0.56 if len(self.names) <= 2 else 0.64))
        self.sheet_area = pygame.Rect(body.left, body.top, split - gap, body.h)
        self.chart_area = pygame.Rect(
            body.left + split + gap, body.top, body.w - split - gap, body.h
        )
        self.inner = inner

    def _result_pen(self) -> style.Pen:
        return self.m.pen("ui", style.ROW_TITLE, style.INK_SOFT)

    # --- drawing --------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        style.shade(surface, 170)
        m = self.m
        self.draw_sheet(surface, self.headline())
        pen, lines = self._result_pen(), self.result_lines
        style.text(surface, self.result_line(), pen, self.result_box, align="center", lines=lines)
        self._draw_sheet(surface)
        behind = self.behind()
        if behind is not None:
            self._draw_behind(surface, *behind)
        elif self.dealt():
            self._draw_dealt(surface)
        else:
            self._draw_chart(surface)
        self.form.draw(surface, m)
        if self.chat is not None and self.chat_spot is not None and self.chat_on():
            for item in self.chat.controls(self.chat_spot):
                item.paint(surface)
        news = self.news()  # (over any button's explanation)
        if news or self.form.hint() or self.field_note():
            self.draw_hint(surface, self.footer, style.INK_SOFT, news=news)
        else:
            pen = m.pen("ui", style.SMALL, style.INK_SOFT)
            words = self.deal_code()
            if self.not_counted:  # said where the rows' hint goes: the result's fate first
                pen, words = m.pen("ui", style.SMALL, style.LACQUER), self.t("sheet_not_counted")
            elif self.counted_later:
                pen = m.pen("ui", style.SMALL, style.LACQUER)
                words = self.t("sheet_not_counted_yet")
            elif self.review_missed:
                words = self.t("sheet_review_missed")
            elif self.row_boxes:  # how to see the cards behind a row, under the round's code
                words = "\n".join(filter(None, (words, self.t("sheet_behind_hint"))))
            style.text(surface, words, pen, self.footer, align="center", lines=2)

    def _draw_sheet(self, surface: pygame.Surface) -> None:
        m, area = self.m, self.sheet_area
        rows = self.sheet()
        sides = len(self.names)
        label_w = round(area.w * (0.34 if sides <= 2 else 0.28))
        col_w = (area.w - label_w) // sides
        head = m.pen("ui_bold", style.ROW_NOTE if sides > 2 else style.ROW_TITLE * 0.9, style.INK)
        gap = m.px(style.SPACE_S)
        names = [
            f"\u2605 {name}" if self.match.over and side == self.match.winner else name
            for side, name in enumerate(self._headings(head, col_w - gap))
        ]
        # A side of two or three names, too long for its column, takes up to three lines;
        # four or six players each alone, a name too long for its column, on two levels, each
        # name as wide as two columns ("Massimili…" was cut though its neighbours had room)
        long = any(style.natural_width(name, head) > col_w - gap for name in names)
        rules = self.setup.rules
        staggered = long and sides > 3 and rules.sides == rules.players
        row_h = min(m.px(0.062), area.h // (len(rows) + (3 if long else 1)))
        head_h = round(row_h * 2.2) if long else row_h
        lines = 1 if staggered or not long else 3
        boxes = []
        for side in range(sides):
            column = pygame.Rect(area.left + label_w + col_w * side, area.top, col_w, head_h)
            box = column.inflate(-gap, -m.px(style.SPACE_XS))
            if staggered:
                half = head_h // 2
                reach = min(
                    col_w - gap // 2, column.centerx - area.left, area.right - column.centerx
                )
                box = pygame.Rect(0, 0, 2 * reach - gap, half - m.px(style.SPACE_XS))
                box.midtop = (column.centerx, area.top + half * (side % 2))
            boxes.append(box)
        head, names = _alike(names, head, [box.w for box in boxes], boxes[0].h, lines)
        for side, (name, box) in enumerate(zip(names, boxes)):
            color = style.side_colour(side)
            used = style.text(
                surface, name, head.tinted(style.ink_of(color)), box, align="center",
                lines=lines, least=head.px,
            )  # fmt: skip
            y = used.bottom + m.px(0.003)
            pygame.draw.line(surface, color, (used.left, y), (used.right, y), max(1, m.px(0.003)))
            if sides_coloured(self.match.rules):  # its shape, as its plates and line wear it
                r = max(4, m.px(0.008))
                style.side_shape(surface, side, (used.left - r * 2, used.centery), r, color)
        label = m.pen("ui", style.ROW_TITLE * 0.9, style.INK)
        bold = m.pen("ui_bold", style.ROW_TITLE * 0.9, style.INK)
        labels = {False: label, True: bold}  # the rows' names keep their size
        badge = m.pen("ui_bold", style.ROW_NOTE, style.CREAM)
        badge_w = max(
            style.natural_width(words, badge) for words in ("+10", self.t("sheet_tie"))
        ) + m.px(style.SPACE_M)
        pad = m.px(style.SPACE_S)
        cell_w = col_w - badge_w - 2 * pad

        # Every figure at one size, the size the widest of them fits at (with six columns
        # "72" was set smaller than "9" beside it)
        def fitted(rows: list[SheetRow]) -> int:
            figures = [(cell, bold if row.key in ("round", "total") else label)
                       for row in rows for cell in row.cells]  # fmt: skip
            return min((style.fit(cell, pen, cell_w, row_h, lines=1).px for cell, pen in figures),
                       default=label.px)  # fmt: skip

        px = fitted(rows)
        if px < label.px and any(row.compact for row in rows):  # said shorter, not smaller
            rows = [row.compacted() for row in rows]
            px = fitted(rows)
        label, bold = replace(label, px=min(px, label.px)), replace(bold, px=min(px, bold.px))
        # Each column: its figures right-aligned (as wide as the widest), each point's badge
        # just after its figure, the two centred under the side's name; a badge at the
        # column's edge, midway to the next side's figure, read as either side's.
        widest = max((style.natural_width(cell, bold if row.key in ("round", "total") else label)
                      for row in rows for cell in row.cells), default=0)  # fmt: skip
        slot = min(cell_w, widest)
        space = m.px(style.SPACE_XS)
        inset = max(0, (col_w - slot - space - badge_w) // 2)
        y = area.top + head_h
        self.row_boxes = {}
        chosen = self.behind()
        for index, row in enumerate(rows):
            rect = pygame.Rect(area.left, y, area.w, row_h)
            if row.key in self.with_cards:
                self.row_boxes[row.key] = rect
            summary = row.key in ("round", "total")
            if summary:
                band = pygame.Surface(rect.size, pygame.SRCALPHA)
                band.fill((*style.GOLD, 55 if row.key == "total" else 30))
                surface.blit(band, rect)
            elif index % 2 == 0:
                band = pygame.Surface(rect.size, pygame.SRCALPHA)
                band.fill((*style.PAPER_LINE, 60))
                surface.blit(band, rect)
            name_box = pygame.Rect(rect.left + pad, rect.top, label_w - 2 * pad, rect.h)
            style.text(surface, row.label, labels[summary], name_box)
            for side, (cell, points) in enumerate(zip(row.cells, row.points)):
                left = area.left + label_w + col_w * side + inset
                box = pygame.Rect(left, rect.top, slot, rect.h)
                pen = bold if summary else label
                style.text(surface, cell, pen, box, align="right", lines=2)
                place = pygame.Rect(box.right + space, rect.top, badge_w, rect.h)
                if points:
                    self._badge(surface, f"+{points}", badge, place)
                elif row.tied and row.tied[side]:
                    self._badge(surface, self.t("sheet_tie"), badge, place, style.INK_SOFT)
            if chosen is not None and chosen[0] == row.key:
                width = max(1, m.px(0.003))
                pygame.draw.rect(surface, style.GOLD_DEEP, rect, width, border_radius=m.px(0.006))
            y += row_h

    def _headings(self, pen: style.Pen, width: int) -> list[str]:
        """The columns' headings: each side's name (``names``), broken only between
        partners' names, unless one of them is itself too long for the column: that side's
        heading then breaks between words, not inside one ("Wolfgang Amadeu" over "s")."""
        seats = Seats(self.setup, self.app.t, self.coordinator.humans)
        headings = []
        for side, whole in enumerate(self.names):
            names = [seats.seat_name(seat) for seat in seats.seats_of(side)]
            long = any(style.natural_width(name, pen) > width for name in names)
            headings.append(seats.side_name(side) if long else whole)
        return headings

    def _badge(
        self,
        surface: pygame.Surface,
        words: str,
        pen: style.Pen,
        place: pygame.Rect,
        colour: style.Color = style.GREEN,
    ) -> None:
        """The points a cell made, on a green pill at the left of ``place`` (a tie, on a
        brown one)."""
        pill = pygame.Rect(0, 0, place.w - self.m.px(style.SPACE_XS), style.line_height(pen))
        pill.midleft = place.midleft
        pygame.draw.rect(surface, colour, pill, border_radius=pill.h // 2)
        style.text(surface, words, pen, pill, align="center")

    def _draw_behind(
        self, surface: pygame.Surface, key: str, cards: list[tuple[tuple[Card, int], ...]]
    ) -> None:
        """In the chart's place, the cards behind row ``key``: each side's in a band with
        its name and its figure, the primiera's values under its cards, a bonus's points
        under its cards (with the partner who made it) and the value named for the matta on
        it."""
        m, area = self.m, self.chart_area
        frame = area.inflate(-m.px(0.01), 0)
        style.paper_card(surface, frame, m)
        inside = frame.inflate(-2 * m.px(style.SPACE_M), -2 * m.px(style.SPACE_S))
        title = m.pen("ui_bold", style.ROW_NOTE, style.INK)
        rows = {row.key: row for row in self.sheet()}
        box = pygame.Rect(inside.left, inside.top, inside.w, style.line_height(title))
        style.text(surface, rows[key].label, title, box, align="center")
        note = m.pen("ui", style.SMALL, style.INK_SOFT)
        words = self.behind_note(key)
        # a third line when the note needs it (Cirulla's bonuses, three columns at the
        # smallest size): cut short, the end of what it explains was lost
        lines = len(style.fit(words, note, inside.w, inside.h, lines=3, least=note.px).lines)
        box = pygame.Rect(
            inside.left, box.bottom, inside.w, max(2, lines) * style.line_height(note)
        )
        used = style.text(surface, words, note, box, align="center", lines=max(2, lines))
        top = max(used.bottom, box.top + style.line_height(note)) + m.px(style.SPACE_S)
        name_pen = m.pen("ui_bold", style.SMALL, style.INK)
        value_pen = m.pen("ui", style.SMALL * 0.9, style.INK_SOFT)
        tag_pen = m.pen("ui_bold", style.SMALL * 0.9, style.NIGHT)
        valued = key in ("primiera", "scope")
        name_h = style.line_height(name_pen)
        value_h = style.line_height(value_pen) if valued else 0
        space = m.px(style.SPACE_S)
        most = max(len(held) for held in cards)
        # the bonuses apart, each from the next (a bonus's first card carries its points)
        apart = m.px(style.SPACE_M)
        gaps = [sum(1 for i, (_, v) in enumerate(held) if i and v) if key == "scope" else 0
                for held in cards]  # fmt: skip

        empty = sum(1 for held in cards if not held)
        short = name_h + space  # a side with nothing to show: its name and its figure
        stacked = empty and empty < len(cards)  # one column: the others close up under it

        def laid(across: int) -> tuple[int, int, int, int, float]:
            """(band's width, band's height, room for the cards, their width, the width they
            would have side by side) with the sides in ``across`` columns: as large as the
            band's height allows, the cards overlapping (down to ``OVERLAP`` of each in
            sight) where a row of them would not fit side by side."""
            down = -(-len(cards) // across)
            band_w, band_h = inside.w // across, (inside.bottom - top) // down
            if across == 1 and stacked:  # the sides with nothing take their name's room
                band_h = (inside.bottom - top - empty * short) // (len(cards) - empty)
            # no larger than where two sides lie one under the other: the settebello alone
            # beside an empty side filled the whole height, twice the size of any other
            # row's cards, its shadow over the paper's edge
            tall = min(band_h, (inside.bottom - top) // 2)
            card_h = tall - name_h - value_h - 2 * space  # its shadow clear of the next side
            room = band_w - 2 * space  # clear of the side beside
            wide = room - max(gaps) * apart
            tallest = style.card_width_for(card_h)
            width = min(tallest, round(wide / (1 + (most - 1) * OVERLAP)))
            return band_w, band_h, room, width, min(tallest, wide / max(1, most))

        # in one column, or two where the cards read larger so (three sides' primiera were
        # 47 pixels wide at 1920x1080, one side under the other, the room beside them empty)
        across = max((1, 2)[: len(cards)], key=lambda n: (laid(n)[4], -n))
        band_w, band_h, room, width, _ = laid(across)
        art = style.menu_art(self.app, self.app.settings.deck_for(self.setup.rules))
        told: list[tuple[int, list[tuple[int, int, pygame.Rect]]]] = []  # each side's bonuses
        tags: list[tuple[str, pygame.Rect]] = []
        tall = min(band_h, (inside.bottom - top) // 2)  # a side's cards, name and values
        below = top
        for side, held in enumerate(cards):
            column, line = side % across, side // across
            band = pygame.Rect(inside.left + band_w * column, top + band_h * line, band_w, band_h)
            if across == 1 and stacked:  # one under the other, each as tall as it needs:
                band.top, band.h = below, tall if held else short  # (a side with no scopa
                below = band.bottom  # left a gap of half the panel between the others)
            head = pygame.Rect(band.left + space, band.top, room, name_h)
            figure = rows[key].cells[side]
            pen = name_pen.tinted(style.ink_of(style.side_colour(side)))
            self._behind_label(surface, pen, head, self.names[side], figure)
            if not held:
                continue
            spaced = gaps[side] * apart
            step = width + m.px(style.SPACE_XS)
            if len(held) > 1:
                step = min(step, (room - width - spaced) / (len(held) - 1))
            x = band.centerx - (step * (len(held) - 1) + spaced) / 2
            cy = head.bottom + m.px(style.SPACE_XS) + style.card_height(width) // 2
            bonuses: list[tuple[int, int, pygame.Rect]] = []
            for index, (card, value) in enumerate(held):
                if index and value and key == "scope":
                    x += apart
                rect = style.draw_card(surface, art, card, (round(x), cy), width)
                named = self.named.get(card) if key == "scope" else None
                if named:  # the matta, with the value it was named, as the table showed it
                    label = self.app.t("table.matta_badge", n=named)
                    area = style.card_tag_area(label, tag_pen, rect.center, rect.w, space)
                    tags.append((label, area))
                if valued and value:
                    under = pygame.Rect(rect.left, rect.bottom, rect.w, value_h)
                    words = str(value)
                    if key == "scope":  # under the bonus's cards, with who made it in a team
                        count = next((i for i, (_, v) in enumerate(held[index + 1 :]) if v),
                                     len(held) - index - 1) + 1  # fmt: skip
                        # as far as the next bonus's cards: a card they overlap shows less
                        last = index + count == len(held)
                        seen = rect.w if last else min(rect.w, round(step + apart))
                        under.w = round(step * (count - 1)) + seen
                        bonuses.append((index, value, under))  # worded once all are known
                    else:
                        style.text(surface, words, value_pen, under, align="center")
                x += step
            told.append((side, bonuses))
        for words, under in self._bonus_words(told, value_pen):
            style.text(surface, words, value_pen, under, align="center")
        for label, area in tags:  # over the cards: the next one hid it where they overlap
            style.draw_tag(surface, label, tag_pen, area)

    def _bonus_words(
        self, told: list[tuple[int, list[tuple[int, int, pygame.Rect]]]], pen: style.Pen
    ) -> list[tuple[str, pygame.Rect]]:
        """Under the cards of each scopa or bonus of each side (``told``: a side, and for
        each of its bonuses its first card's place among the side's, its points, the room
        under it): its points, and in a side of partners who made it: by name where every
        one fits so ("+3 · Anna"), else by initial where the partners' differ ("+3 · A."),
        where it fits. One way for the whole panel where it can be: a side crowded with
        scopas told "+1Y" beside the other's "+1 · L.", two ways of saying one thing; a
        long name fitted under some and not others ("+10 · E." beside "+3 · Emma"), and a
        partner's seemed to have none."""
        seats = Seats(self.setup, self.app.t, self.coordinator.humans)
        plain = [(f"+{points}", under) for _, bonuses in told for _, points, under in bonuses]
        named = [
            (side, bonuses, [self.makers.get((side, at)) for at, _, _ in bonuses])
            for side, bonuses in told
            if len(self.setup.rules.seats_of(side)) >= 2
        ]
        if not any(seat is not None for _, _, makers in named for seat in makers):
            return plain

        def said(by: Callable[[int], str], separator: str = SEPARATOR) -> list[str]:
            return [
                f"+{points}" if seat is None else f"+{points}{separator}{by(seat)}"
                for _, bonuses, makers in named
                for seat, (_, points, _) in zip(makers, bonuses, strict=True)
            ]

        unders = [under for _, bonuses, _ in named for _, _, under in bonuses]
        points = [points for _, bonuses, _ in named for _, points, _ in bonuses]
        others = [  # sides of one: their points alone
            (f"+{p}", under)
            for side, bonuses in told
            if len(self.setup.rules.seats_of(side)) < 2
            for _, p, under in bonuses
        ]
        gap = pen.px // 3  # each apart from the next: "+1 · L.+1 · G." read as one
        tiers = [(said(seats.seat_name), pen, gap)]
        partners = [seat for side, _, _ in named for seat in self.setup.rules.seats_of(side)]
        initial = {seat: seats.seat_name(seat)[:1].upper() for seat in partners}
        # "A." would not tell Anna from Alberto: by initial only where a side's differ
        if all(
            len({initial[seat] for seat in self.setup.rules.seats_of(side)})
            == len(self.setup.rules.seats_of(side))
            for side, _, _ in named
        ):
            smaller = replace(pen, px=max(1, round(pen.px * 0.85)))
            tiers += [  # "+1 · A.", then where the separator leaves no room "+1 A.", "+1 A"
                (said(lambda seat: f"{initial[seat]}."), pen, gap),
                (said(lambda seat: f"\u2009{initial[seat]}.", separator=""), smaller, gap),
                (said(lambda seat: f"\u2009{initial[seat]}", separator=""), smaller, gap),
            ]

        def laid(tier: tuple[list[str], style.Pen, int]) -> list[tuple[str, pygame.Rect] | None]:
            words_of, used, apart = tier
            return [
                (words, under.inflate(-apart, 0))
                if style.natural_width(words, used) <= under.w - apart
                else None
                for words, under in zip(words_of, unders, strict=True)
            ]

        placed = [laid(tier) for tier in tiers]  # each laid once, drawn at every frame
        for told_so in placed:  # the makers told one way all along the panel, where they can be
            if all(place is not None for place in told_so):
                return others + [place for place in told_so if place is not None]
        return others + [  # else each as it fits, the points alone where nothing does
            next(
                (told_so[i] for told_so in placed if told_so[i] is not None),
                (f"+{points[i]}", under),
            )
            for i, under in enumerate(unders)
        ]

    def _behind_label(
        self, surface: pygame.Surface, pen: style.Pen, box: pygame.Rect, name: str, cell: str
    ) -> None:
        """A side's name and its figure over its cards ("Giulia: 81"), centred in ``box``:
        the name shortened where it must be, the figure always whole. The cell's words in
        brackets are left to the sheet ("65 (3 suits)": the cards show the suits)."""
        tail = f": {cell.split(' (')[0]}"
        tail_w = style.natural_width(tail, pen)
        name_w = min(style.natural_width(name, pen), box.w - tail_w)
        left = box.centerx - (name_w + tail_w) // 2
        used = style.text(
            surface, name, pen, pygame.Rect(left, box.top, name_w, box.h), least=pen.px
        )
        style.text(surface, tail, pen, pygame.Rect(used.right, box.top, tail_w + 1, box.h))

    def dealt(self) -> tuple[Card, ...]:
        """The table that decided the match at the deal before any round was scored (the
        Luzzati rules): in the chart's place, which would be a single dot at 0, the cards
        the headline's reason speaks of. None otherwise (an empty tuple)."""
        match = self.match
        if not match.over or match.rounds or match.deal_won_cause is None:
            return ()
        return match.round.table_cards()

    def _draw_dealt(self, surface: pygame.Surface) -> None:
        m, area = self.m, self.chart_area
        frame = area.inflate(-m.px(0.01), 0)
        style.paper_card(surface, frame, m)
        inside = frame.inflate(-2 * m.px(style.SPACE_M), -2 * m.px(style.SPACE_S))
        pen = m.pen("ui_bold", style.ROW_NOTE, style.INK)
        box = pygame.Rect(inside.left, inside.top, inside.w, style.line_height(pen))
        style.text(surface, self.t("dealt_title"), pen, box, align="center")
        cards = self.dealt()
        space = m.px(style.SPACE_S)
        room = pygame.Rect(
            inside.left, box.bottom + space, inside.w, inside.bottom - box.bottom - space
        )
        gap = m.px(style.SPACE_XS)
        width = min(  # clear of the frame's edges, their shadows too
            style.card_width_for(min(room.h * 0.8, m.px(0.3))),
            (room.w * 0.88 - gap * (len(cards) - 1)) // max(1, len(cards)),
        )
        art = style.menu_art(self.app, self.app.settings.deck_for(self.setup.rules))
        x = room.centerx - ((width + gap) * len(cards) - gap) / 2 + width / 2
        for card in cards:
            style.draw_card(surface, art, card, (round(x), room.centery), width)
            x += width + gap

    def _draw_chart(self, surface: pygame.Surface) -> Drawn | None:
        """Each side's total after each round; returns where the dots and the labels went."""
        m, area = self.m, self.chart_area
        frame = area.inflate(-m.px(0.01), 0)
        style.paper_card(surface, frame, m)
        pen = m.pen("ui_bold", style.ROW_NOTE, style.INK_SOFT)
        box = frame.inflate(-2 * m.px(style.SPACE_M), 0)
        box.top, box.h = frame.top + m.px(style.SPACE_S), style.line_height(pen)
        style.text(surface, self.t("chart_title"), pen, box, align="center")
        plot = frame.inflate(-m.px(0.04), -m.px(0.04))
        plot.top = box.bottom + m.px(style.SPACE_S)
        plot.h = frame.bottom - m.px(0.02) - plot.top
        progress = self.progress()
        labels = [str(i) for i in range(len(progress[0]))]
        return line_chart(
            surface,
            plot,
            m,
            progress,
            style.SIDE_COLORS,
            target=self.match.rules.target,
            x_labels=labels,
            shapes=sides_coloured(self.match.rules),  # as the names above wear them
            y_min=0,
        )
