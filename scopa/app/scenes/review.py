"""The review: how the moves made at this screen compare with Master's.

The accuracy of a round (or of the match so far), the points the moves gave away, and the
three costliest moves, each with its position as its player saw it (hand and table, real
cards), the move played, Master's move and why, and a button to play that position again.

With several people at one screen each sees only their own review: they pick their name,
the screen is handed to them behind a cover, and going back hides it again. Only when every
one of them agrees are all the reviews shown to all.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

import pygame

from scopa.ai.review import TOLERANCE, MoveGrade, Review
from scopa.engine import Card

from .. import style
from ..coach_words import loss_line, move_phrase, points, reason_line
from ..table.scene import COVER_HOLD
from ..toasts import ToastBand
from ..widgets import Button, Choice
from ..wording import Seats
from .base import MenuScene
from .chart import figure_tiles

if TYPE_CHECKING:
    from collections.abc import Callable

    from ..app import App
    from ..coach import MatchReviews
    from ..matches import MatchCoordinator

PLAYED_GLOW = style.LACQUER
MASTER_GLOW = style.GREEN
ROWS = 3
"""The moves a review shows at a time (the costliest, or a page of them all)."""
SHOWN = 0.6
"""The least share of its width a card in a row of overlapping cards shows: its corner and
most of its face (the cards are made smaller when there are too many for that)."""


LIFTING_KEYS = (pygame.K_RETURN, pygame.K_SPACE, pygame.K_KP_ENTER)
"""The keys that lift the review's cover (once ``COVER_HOLD`` is over)."""


class ReviewScene(MenuScene):
    """``round_no``: the round the review opens on; ``scope``: 'round' or 'match'."""

    def __init__(
        self,
        app: App,
        coordinator: MatchCoordinator,
        round_no: int,
        scope: str = "round",
        *,
        past: bool = False,
    ) -> None:
        self.coordinator = coordinator
        self.round_no = round_no
        self.sheet_round = round_no
        """The round of the sheet the review was opened from (the one ``round_no`` may
        move away from, to another round reviewed)."""
        self.scope = scope
        self.past = past
        """A match finished earlier (``Matches.review_past``): its round is its last, not
        the one just played."""
        self.seats = Seats(coordinator.setup, app.t, coordinator.humans)
        self.stage = "review"
        self.seat = coordinator.humans[0]
        self.page: int | None = None
        """The page of every graded move on show (``ROWS`` to a page), or None: the
        costliest moves."""
        if coordinator.mode == "hotseat" and not coordinator.reviews_shared:
            self.stage = "who"
        self._waiting = ""
        self._waiting_moved = False
        self._cover_since, self._cover_press = 0.0, False
        """When (``age``) the cover came up, and whether a click begun under it is down."""
        self.asking: list[int] | None = None
        """The people still to be asked whether all reviews may be shown, the first of them
        called to the screen (each answers alone: one person said yes for everyone)."""
        self.declined_by: str | None = None
        """The name of the person who last kept their review private: said under the
        question of who is looking, in place of its usual line."""
        super().__init__(app)

    @property
    def reviews(self) -> MatchReviews:
        reviews = self.coordinator.reviews
        assert reviews is not None, "a review is opened only for a reviewed match"
        return reviews

    # --- what is shown (what is drawn, and what tests read) --------------------------------

    def who_detail(self) -> str:
        """The line under the question of who is looking: how it goes, or who kept their
        review private just now."""
        if self.declined_by is not None:
            return self.t("review.declined", name=self.declined_by)
        return self.t("review.who_detail")

    @property
    def private(self) -> bool:
        """Only one person may look: everyone else's review is hidden."""
        return self.coordinator.mode == "hotseat" and not self.coordinator.reviews_shared

    def review(self) -> Review | None:
        """The review on show: the round's or the match's so far (None while grading), of
        the moves the people made themselves."""
        return self._graded(whole=False)

    def _graded(self, *, whole: bool) -> Review | None:
        """The round's or the match's review so far, as ``review`` (``whole``: with the
        moves the computer made for the people too)."""
        if self.scope == "match":
            return self.reviews.match_review(whole=whole)
        return self.reviews.review(self.round_no, whole=whole)

    def given(self) -> int:
        """How many moves graded of the seat on show the computer made for it (a person's
        seat handed to it for a while): not theirs, so not in their review."""
        if self.reviews.own is None:
            return 0
        review, whole = self._graded(whole=False), self._graded(whole=True)
        if review is None or whole is None:
            return 0
        return len(whole.of(self.seat)) - len(review.of(self.seat))

    def waiting_text(self) -> str:
        """What stands in for the review while it is not ready ("" once it is)."""
        if self.review() is not None:
            return ""
        jobs = [self.reviews.job(self.round_no)] if self.scope == "round" else []
        if self.scope == "match":
            jobs = [self.reviews.job(n) for n in sorted(self.reviews.jobs)]
        if any(job is not None and job.error for job in jobs):
            return self.t("review.failed" if self.scope == "round" else "review.failed_match")
        if self.scope == "round":
            job = self.reviews.job(self.round_no)
            done = job.progress if job is not None else 0.0
        else:
            done = self.reviews.progress()
        return self.t("review.waiting", percent=round(done * 100))

    def grades(self) -> tuple[MoveGrade, ...]:
        """The moves in the rows: the costliest of the seat on show (at most three), or a
        page of all its graded moves in the order played (``page``)."""
        review = self.review()
        if review is None:
            return ()
        if self.page is None:
            return review.costliest(self.seat)
        return review.of(self.seat)[self.page * ROWS : (self.page + 1) * ROWS]

    def graded(self) -> int:
        """How many moves of the seat on show were graded (every move with a choice: a last
        card, played because it is the only one, is not)."""
        review = self.review()
        return 0 if review is None else len(review.of(self.seat))

    def summary(self) -> list[tuple[str, str]]:
        """The figures of the seat on show: accuracy, points lost, the choices that mattered
        it is computed on; with hints followed, how many (their moves are not graded, and
        the choices are said to be the player's own)."""
        review = self.review()
        if review is None:
            return []
        hints = self.coordinator.hinted
        accuracy = review.accuracy(self.seat, hints)
        shown = "\u2014" if accuracy is None else f"{round(accuracy)}%"
        hinted = [g for g in review.of(self.seat) if g.number in hints]
        given = self.given()
        counted = "review.decisions_own" if hinted or given else "review.decisions"
        tiles = [
            (self.t("review.accuracy"), shown),
            (self.t("review.lost"), points(self.app.t, self.lost(review))),
            (self.t(counted), str(len(review.own_decisions(self.seat, hints)))),
        ]
        if hinted:
            tiles.append((self.t("review.hinted"), str(len(hinted))))
        if given:
            tiles.append((self.t("review.given"), str(given)))
        return tiles

    def lost(self, review: Review) -> float:
        """The points the seat on show lost in ``review``; the match's is the sum of its
        rounds' as each round shows them (to the hundredth), so that the figures on show
        add up (2,36 and 0,58 made a match of 2,95)."""
        if self.scope == "round":
            return review.lost(self.seat)
        rounds = [self.reviews.review(n) for n in sorted(self.reviews.jobs)]
        return sum(round(part.lost(self.seat), 2) for part in rounds if part is not None)

    def by_round(self) -> list[tuple[int, float]]:
        """``(round, accuracy)`` of each round reviewed where a choice mattered."""
        out = []
        for round_no in sorted(self.reviews.jobs):
            review = self.reviews.review(round_no)
            accuracy = (
                None if review is None else review.accuracy(self.seat, self.coordinator.hinted)
            )
            if accuracy is not None:
                out.append((round_no, accuracy))
        return out

    def toast_band(self) -> ToastBand | None:
        """Beside the heading, on the sheet's empty corner at its left (a toast told as the
        next round began at a table online covered the heading); one too long for it goes
        under the heading, across the sheet."""
        gap = self.m.px(style.SPACE_S)
        wide = None
        if self.stage == "review":  # beside the choices of round and person, not over them
            choices = [c for c in (self.scope_choice, self.seat_choice) if c is not None]
            wide = (max(c.rect.right for c in choices) + gap, self.inner.right)
        return self.beside_heading(self.heading(), self.heading_box.bottom + gap, wide)

    def heading(self) -> str:
        if self.stage == "who":
            return self.t("review.who")
        if self.scope == "match":
            first = self.first_reviewed
            if first > 1:
                return self.t("review.heading_match_from", n=first)
            return self.t("review.heading_match")
        return self.t("review.heading_round", n=self.round_no)

    @property
    def first_reviewed(self) -> int:
        """The first round reviewed here: 1, unless this window came to the match later
        (a seat online taken back after the game was closed: the rounds before, played in
        a window gone, are reviewed nowhere, and the match's review says where it starts)."""
        return min(self.reviews.jobs, default=1)

    def who_line(self) -> str:
        """Whose moves these are, when several people play here."""
        if self.coordinator.mode != "hotseat":
            return ""
        return self.t("review.of_seat", name=self.seats.seat_name(self.seat))

    def played_line(self, grade: MoveGrade) -> str:
        """The move played, said to its player ("You played...") when they alone look, else
        naming them; told when a hint chose it (such moves are not counted in accuracy)."""
        if self.coordinator.mode == "solo" or self.private:
            said = move_phrase(self.app.t, "you", grade.played, self.deck, matta=grade.matta)
        else:
            name = self.seats.seat_name(grade.seat)
            said = move_phrase(self.app.t, "one", grade.played, self.deck, name, grade.matta)
        if grade.number in self.coordinator.hinted:  # (left out of the accuracy)
            return self.t("review.played_hinted", move=said)
        return said

    def master_line(self, grade: MoveGrade) -> str:
        if grade.played == grade.best:
            return self.t("review.master_same")
        return move_phrase(self.app.t, "master", grade.best, self.deck, matta=grade.matta)

    def empty_text(self) -> str:
        """Said in place of the costliest moves when there are none."""
        review = self.review()
        if review is None:
            return ""
        if not review.of(self.seat) and self.given():
            return self.t("review.all_given")
        if review.accuracy(self.seat) is None:
            if round(self.lost(review), 2) > 0:  # small losses, which add up: not "any card"
                return self.t("review.no_choice_close", tolerance=points(self.app.t, TOLERANCE))
            return self.t("review.no_choice")
        if review.accuracy(self.seat, self.coordinator.hinted) is None:  # not theirs to praise
            return self.t("review.all_hinted")
        return self.t("review.none_costly")

    @property
    def deck(self) -> str:
        return self.app.settings.deck_for(self.coordinator.setup.rules)

    # --- widgets ---------------------------------------------------------------------------

    def build(self) -> None:
        self.form.clear()
        self.back_button = Button(self.tr("review.back"), self.back)
        self.try_buttons: list[Button] = []
        self.name_buttons: list[Button] = []
        self.scope_choice: Choice | None = None
        self.seat_choice: Choice | None = None
        self.moves_choice: Choice | None = None
        self.show_all: Button | None = None
        if self.stage == "who":
            for seat in self.coordinator.humans:
                button = Button(self.seats.seat_name(seat), lambda seat=seat: self.pick(seat))
                self.name_buttons.append(button)
                self.form.add(button)
            self.show_all = Button(
                self.tr("review.show_all"), self.ask_to_share, hint=self.tr("review.show_all_hint")
            )
            self.form.add(self.show_all)
        elif self.stage == "review":
            over = self.coordinator.match.over
            first = self.first_reviewed
            whole = (
                self.tr("review.scope_match_from", n=first)
                if first > 1
                else self.tr("review.scope_match_over" if over else "review.scope_match")
            )
            rounds = sorted(self.reviews.jobs) or [self.sheet_round]
            this = self.tr("review.scope_last" if self.past else "review.scope_round")
            self.scope_choice = Choice(
                [
                    *[
                        (("round", n), this if n == self.sheet_round else self.round_named(n))
                        for n in rounds
                    ],
                    (("match", 0), whole),
                ],
                lambda: ("match", 0) if self.scope == "match" else ("round", self.round_no),
                self._set_scope,
                hint=self.tr(  # "reviewed so far" of a match over read oddly
                    "review.scope_hint_rounds"
                    if len(rounds) > 1
                    else "review.scope_hint_past"
                    if self.past or over
                    else "review.scope_hint"
                ),
            )
            self.form.add(self.scope_choice)
            if not self.private and self.coordinator.mode == "hotseat":
                self.seat_choice = Choice(
                    [(seat, self.seats.seat_name(seat)) for seat in self.coordinator.humans],
                    lambda: self.seat,
                    self._set_seat,
                )
                self.form.add(self.seat_choice)
            graded = self.graded()
            if self.page is not None and self.page * ROWS >= graded:
                self.page = None  # another round or person, with fewer moves
            if graded:
                pages = [
                    (page, self.moves_page(page, graded))
                    for page in range((graded + ROWS - 1) // ROWS)
                ]
                self.moves_choice = Choice(
                    [(None, self.tr("review.moves_costliest")), *pages],
                    lambda: self.page,
                    self._set_page,
                    hint=self.tr("review.moves_hint"),
                )
                self.form.add(self.moves_choice)
            # a position of a match held by a server cannot be dealt again here (its other
            # hands were never known)
            for index in range(0 if self.coordinator.remote else len(self.grades())):
                button = Button(
                    self.tr("review.try"),
                    lambda index=index: self.try_position(index),
                    hint=self.tr("review.try_hint"),
                    size=style.ROW_TITLE,
                )
                self.try_buttons.append(button)
                self.form.add(button)
        self.form.add(self.back_button)
        # the keys begin at the first choice (whose review, or the round or the match, the
        # moves below it), not at Back, which Escape is; never at a costly move's "Try it",
        # which may come with the grades while Enter is meant for what had the focus
        self.form.set_focus(self.form.widgets[0])

    def moves_page(self, page: int, graded: int) -> Callable[[], str]:
        """A page of every graded move, in the choice of which moves are on show ("Moves
        4–6 of 11")."""
        first = page * ROWS + 1
        last = min(graded, first + ROWS - 1)
        return lambda: self.t("review.moves_page", first=first, last=last, count=graded)

    def _set_page(self, page: int | None) -> None:
        self.page = page
        self._refresh()

    def round_named(self, number: int) -> Callable[[], str]:
        """A round reviewed, in the choice of what is on show ("Round 2")."""
        return lambda: self.t("review.scope_round_n", n=number)

    def _set_scope(self, scope: tuple[str, int]) -> None:
        """One round reviewed (``("round", n)``) or the whole match (``("match", 0)``)."""
        self.scope = scope[0]
        if scope[0] == "round":
            self.round_no = scope[1]
        self._first_page()
        self._refresh()

    def _set_seat(self, seat: int) -> None:
        self.seat = seat
        self._first_page()
        self._refresh()

    def _first_page(self) -> None:
        """Every move stays on show for another round or person, from its first."""
        if self.page is not None:
            self.page = 0

    def _refresh(self) -> None:
        """Widgets again for what is on show (a button per costly move), the focus kept."""
        form = self.form
        index = form.widgets.index(form.focus) if form.focus in form.widgets else None
        on_back = form.focus is self.back_button
        keyboard = form.keyboard_used
        self.build()
        self.layout()
        if on_back:  # Back stays Back: the costly moves' buttons come before it once graded
            index = form.widgets.index(self.back_button)
        if index is not None and index < len(form.widgets):
            form.set_focus(form.widgets[index])
            form.keyboard_used = keyboard

    def _restage(self, stage: str) -> None:
        if stage == "cover":
            self._cover_since, self._cover_press = self.age, False
        self.stage = stage
        self.build()
        self.layout()

    def pick(self, seat: int) -> None:
        """``seat``'s player asked for their review: the screen is handed to them first."""
        self.seat = seat
        self.declined_by = None
        self._restage("cover")

    def reveal(self) -> None:
        """The person called lifted the cover: their review shows, or they are asked whether
        everyone may see theirs."""
        if self.stage != "cover":
            return
        if self.asking is not None:
            left, self.asking = self.asking, None
            self._restage("who")
            if self.show_all is not None:  # answered, the keys go on from the button asked
                self.form.set_focus(self.show_all)
                self.form.keyboard_used = self.app.keys_last
            self._ask(left)
            return
        self._restage("review")

    def ask_to_share(self) -> None:
        """Ask each person here in turn whether everyone may see their review, each once
        the screen has been handed to them: the first too (whoever pressed the button,
        which nobody here had to say, answered for them)."""
        self.declined_by = None
        self._hand_on(list(self.coordinator.humans))

    def _hand_on(self, left: list[int]) -> None:
        """The screen goes to the next person to ask (the first, or the one after the last
        who agreed); with nobody left to ask, every review shows."""
        if not left:
            self.coordinator.reviews_shared = True
            self.coordinator.save()  # agreed for the rest of the match, kept with it
            self.seat = self.coordinator.humans[0]
            self._restage("review")
            return
        self.asking = left
        self.seat = left[0]
        self._restage("cover")

    def _ask(self, left: list[int]) -> None:
        seat, rest = left[0], left[1:]
        name = self.seats.seat_name(seat)

        def declined() -> None:
            self.declined_by = name

        over = "_over" if self.coordinator.match.over else ""  # no "rest of the match" then

        self.app.open(
            "confirm",
            question=self.tr(f"review.agree_question{over}", name=name),
            detail=self.tr(f"review.agree_detail{over}"),
            yes=self.tr("review.agree_yes"),
            no=self.tr("review.agree_no"),
            on_yes=lambda: self._hand_on(rest),
            on_no=declined,
        )

    def try_position(self, index: int) -> None:
        grades = self.grades()
        if index < len(grades):
            self.app.matches.practice(self.coordinator, grades[index])

    def back(self) -> None:
        """Back to the score sheet; with one person's review on show, back to the names
        (the review is hidden first)."""
        if self.stage in ("review", "cover") and self.private:
            self.asking = None  # (the screen was being handed on to be asked: not asked)
            self._restage("who")
            return
        self.app.back()

    def handle(self, event: pygame.event.Event) -> bool:
        if self.stage == "cover":
            self._cover_input(event)
            return True
        return super().handle(event)

    def _cover_input(self, event: pygame.event.Event) -> None:
        """The cover lifts on a click, or Enter, made once it has been up ``COVER_HOLD``:
        the second click of a name double-clicked (or Enter pressed twice on it) showed
        that person's review to whoever had picked it, the cover up a tenth of a second."""
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
            return
        calm = self.age - self._cover_since >= COVER_HOLD
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._cover_press = calm  # a click begun under the cover, not before it
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if self._cover_press and calm:
                self.reveal()
            self._cover_press = False
        elif event.type == pygame.KEYDOWN and event.key in LIFTING_KEYS and calm:
            self.reveal()

    def enter(self) -> None:
        super().enter()
        # Back from a practice or a dialog: the form is rebuilt for the stage on show, the
        # keys' place in it kept.
        self._refresh()

    # --- progress --------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        super().update(dt)
        waiting = self.waiting_text() if self.stage == "review" else ""
        self._waiting_moved = waiting != self._waiting
        if self._waiting_moved and not waiting:
            self._refresh()  # the review came: its costly moves get their buttons
        self._waiting = waiting

    @property
    def busy(self) -> bool:
        """Moving while the review on show is still graded: drawn again when its progress
        changes (and only then)."""
        return self._waiting_moved or super().busy

    # --- layout ----------------------------------------------------------------------------

    def layout(self) -> None:
        m = self.m
        inner = self.place_sheet(1.72, 0.95, 0.08, 0.05)
        self.inner = inner
        button_h = m.px(0.068)
        gap = m.px(style.SPACE_M)
        back_w = m.px(0.3)
        self.back_button.place(
            pygame.Rect(inner.right - back_w, inner.bottom - button_h, back_w, button_h)
        )
        self.footer = pygame.Rect(
            inner.left, inner.bottom - button_h, inner.w - back_w - gap, button_h
        )
        top = self.heading_box.bottom + m.px(style.SPACE_S)
        bottom = inner.bottom - button_h - gap
        if self.stage == "who":
            self._layout_who(pygame.Rect(inner.left, top, inner.w, bottom - top))
        elif self.stage == "review":
            self._layout_review(pygame.Rect(inner.left, top, inner.w, bottom - top))

    def _layout_who(self, area: pygame.Rect) -> None:
        m = self.m
        pen = self._detail_pen()
        self.detail_box = pygame.Rect(area.left, area.top, area.w, 2 * style.line_height(pen))
        width = min(area.w, m.px(0.7))
        row_h, gap = m.px(0.07), m.px(style.SPACE_S)
        buttons = [*self.name_buttons, self.show_all]
        y = self.detail_box.bottom + m.px(style.SPACE_M)
        for button in buttons:
            if button is None:
                continue
            button.place(pygame.Rect(area.centerx - width // 2, y, width, row_h))
            y += row_h + gap

    def _layout_review(self, area: pygame.Rect) -> None:
        m = self.m
        gap = m.px(style.SPACE_M)
        choice_h = m.px(0.05)
        choice_w = min(m.px(0.5), area.w // 3)
        left = area.left
        assert self.scope_choice is not None
        self.scope_choice.place(pygame.Rect(left, area.top, choice_w, choice_h))
        if self.seat_choice is not None:
            self.seat_choice.place(pygame.Rect(left + choice_w + gap, area.top, choice_w, choice_h))
        right = area.right
        if self.moves_choice is not None:
            right -= choice_w + gap
            self.moves_choice.place(pygame.Rect(right + gap, area.top, choice_w, choice_h))
        self.name_box = pygame.Rect(
            left + choice_w + gap, area.top, right - left - choice_w - gap, choice_h
        )
        top = area.top + choice_h + m.px(style.SPACE_S)
        # The figures' strip: room under each figure for a label of two lines (the four
        # tiles of a match played with hints, beside its chart).
        self.strip = pygame.Rect(left, top, area.w, m.px(0.14))
        label_h = style.line_height(self._label_pen())
        top = self.strip.bottom + m.px(style.SPACE_S)
        self.headers = pygame.Rect(left, top, area.w, label_h)
        top = self.headers.bottom + m.px(style.SPACE_XS)
        self.rows_area = pygame.Rect(left, top, area.w, area.bottom - top)
        row_gap = m.px(style.SPACE_S)
        row_h = (self.rows_area.h - (ROWS - 1) * row_gap) // ROWS
        self.rows = [
            pygame.Rect(left, top + k * (row_h + row_gap), area.w, row_h) for k in range(ROWS)
        ]
        pad = m.px(style.SPACE_S)
        # The columns of every row: what it cost and its button, the hand, the table, the
        # words (the whole rest of the row: a long capture is said in full).
        inside = self.rows[0].inflate(-2 * pad, 0)
        info_w = round(inside.w * 0.11)
        self.info_column = (inside.left, info_w)
        for row, button in zip(self.rows, self.try_buttons):
            button.place(self._info_boxes(row)[2])
        grades = self.grades()
        hands = max((len(grade.hand) for grade in grades), default=3)
        tables = max((len(grade.table) for grade in grades), default=4)
        height = self.rows[0].h - 2 * m.px(style.SPACE_XS)  # as ``_draw_row`` lays them
        hand_w = self._cards_width(hands, height, "review.hand", inside.w * 0.22)
        table_w = self._cards_width(tables, height, "review.table", inside.w * 0.26)
        x = inside.left + info_w + pad
        self.hand_column = (x, hand_w)
        x += hand_w + pad
        self.table_column = (x, table_w)
        x += table_w + 2 * pad
        self.badge_r = max(8, m.px(0.017))
        """The radius of the marks of the card played (a cross) and Master's (a tick)."""
        self.text_column = (x, inside.right - x)

    def _info_boxes(self, row: pygame.Rect) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
        """Where a row's loss, its round and its button go: one over the other in the first
        column, the three as a block in the middle of the row."""
        m = self.m
        x, w = self.info_column
        loss_h = style.line_height(self._loss_pen())
        where_h = style.line_height(self._note_pen())
        button_w, button_h = min(m.px(0.17), w), m.px(0.058)
        gap = m.px(style.SPACE_XS)
        top = row.centery - (loss_h + where_h + gap + button_h) // 2
        loss = pygame.Rect(x, top, w, loss_h)
        where = pygame.Rect(x, loss.bottom, w, where_h)
        button = pygame.Rect(x, where.bottom + gap, button_w, button_h)
        return loss, where, button

    def _cards_width(self, count: int, height: int, label: str, most: float) -> int:
        """A column wide enough for ``count`` cards side by side in a row ``height`` tall,
        their glows and its ``label`` (``_draw_cards``), at ``most`` and at least a tenth of
        the rows: a hand of three is not fanned on a wide screen, scopone's ten overlap."""
        width = min(style.card_width_for(height * 0.86), most)
        art = style.menu_art(self.app, self.deck)
        reach = art.glow(max(8, round(width)), MASTER_GLOW).get_width() - width + 1
        cards = width * (1 + 1.08 * (max(1, count) - 1)) + reach
        words = max(
            style.natural_width(self.t(key), self._label_pen())
            for key in (label, "review.empty_table")
        )
        least = max(self.rows[0].w * 0.1, words)
        return round(min(most, max(least, cards)))

    def _strip_parts(self, tiles: list[tuple[str, str]]) -> tuple[pygame.Rect, pygame.Rect]:
        """The figures' tiles and, for the match, the chart of accuracy by round beside
        them: the tiles take the whole strip for a round; for the match at least half of
        it, and more where each label needs it to read on one line (the chart keeps
        some 30 %)."""
        m, strip = self.m, self.strip
        if self.scope == "round" or not tiles:
            return strip, pygame.Rect(strip.right, strip.top, 0, strip.h)
        gap, inner_gap = m.px(style.SPACE_M), m.px(style.SPACE_S)
        pen = m.pen("ui", style.SMALL, style.INK_SOFT)
        widest = max(style.natural_width(label, pen) for label, _ in tiles)
        needed = len(tiles) * (widest + 2 * inner_gap) + inner_gap * (len(tiles) - 1)
        tiles_w = min(max(strip.w // 2, needed), strip.w * 7 // 10 - gap)
        chart = pygame.Rect(strip.left + tiles_w + gap, strip.top, strip.w - tiles_w - gap, strip.h)
        return pygame.Rect(strip.left, strip.top, tiles_w, strip.h), chart

    def _label_pen(self) -> style.Pen:
        return self.m.pen("ui", style.SMALL, style.INK_SOFT)

    def _loss_pen(self, grade: MoveGrade | None = None) -> style.Pen:
        """A costly move's loss in red; an accurate move's (every move on show) in green,
        as Master's own, or in the soft ink of a loss within the tolerance."""
        colour = style.LACQUER
        if grade is not None and grade.accurate:
            colour = style.GREEN if grade.played == grade.best else style.INK_SOFT
        return self.m.pen("ui_bold", style.ROW_TITLE, colour)

    def _detail_pen(self) -> style.Pen:
        return self.m.pen("ui", style.ROW_TITLE, style.INK_SOFT)

    def _note_pen(self) -> style.Pen:
        return self.m.pen("ui", style.ROW_NOTE, style.INK_SOFT)

    # --- drawing ---------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        if self.stage == "cover":
            self._draw_cover(surface)
            return
        super().draw(surface)

    def draw_content(self, surface: pygame.Surface) -> None:
        self.draw_sheet(surface, self.heading())
        if self.stage == "who":
            style.text(
                surface,
                self.who_detail(),
                self._detail_pen(),
                self.detail_box,
                align="center",
                lines=2,
            )
            return
        m = self.m
        name = self.who_line()
        if name and self.seat_choice is None:
            pen = m.pen("ui_bold", style.ROW_TITLE, style.INK)
            style.text(surface, name, pen, self.name_box, align="right")
        waiting = self.waiting_text()
        if waiting:
            pen = m.pen("text", style.SUBHEADING, style.INK_SOFT)
            box = pygame.Rect(
                self.strip.left,
                self.strip.top,
                self.strip.w,
                self.rows_area.bottom - self.strip.top,
            )
            style.text(surface, waiting, pen, box, align="center", lines=0)
            return
        tiles = self.summary()
        tiles_area, chart_area = self._strip_parts(tiles)
        figure_tiles(surface, tiles_area, self.m, tiles)
        if self.scope == "match":
            self._draw_by_round(surface, chart_area)
        grades = self.grades()
        if not grades:
            pen = m.pen("text", style.SUBHEADING, style.INK_SOFT)
            box = pygame.Rect(
                self.headers.left,
                self.headers.top,
                self.headers.w,
                self.rows_area.bottom - self.headers.top,
            )
            style.text(surface, self.empty_text(), pen, box, align="center", lines=0)
            return
        label = self._label_pen()
        for (x, w), key in ((self.hand_column, "review.hand"), (self.table_column, "review.table")):
            style.text(
                surface, self.t(key), label, pygame.Rect(x, self.headers.top, w, self.headers.h)
            )
        texts = self._row_texts(list(zip(self.rows, grades)))
        for row, grade, lines in zip(self.rows, grades, texts):
            self._draw_row(surface, row, grade, lines)

    def definition(self) -> str:
        """How accuracy is counted (written under the review), and what the costly moves
        not shown cost (the rows' losses fell short of the points lost, with no word why)."""
        words = self.t("review.definition", tolerance=points(self.app.t, TOLERANCE))
        review = self.review()
        if review is None:
            return words
        if self.page is not None:  # every move is on show, the costly ones among them
            return words
        shown = sum(round(grade.loss, 2) for grade in self.grades())  # as the rows say them
        rest = round(round(self.lost(review), 2) - shown, 2)
        if rest < 0.01:
            return words
        return words + " " + self.t("review.more_costly", points=points(self.app.t, rest))

    def draw_overlay(self, surface: pygame.Surface) -> None:
        if self._explaining():
            self.draw_hint(surface, self.footer, style.INK_SOFT)
        elif self.stage == "review" and self.review() is not None:
            pen = self._note_pen()
            style.text(surface, self.definition(), pen, self.footer, align="left", lines=0)

    def _explaining(self) -> bool:
        """The footer explains a control, in place of what the figures mean: the one under
        the pointer, or the one the keys reached. A control clicked keeps the focus, and its
        explanation stood there for good, the figures' never seen again by a mouse player."""
        form = self.form
        if not form.hint():
            return False
        hover = form.hover
        return form.keyboard_used or (hover is not None and hover.hint is not None)

    def _draw_by_round(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """Each round's accuracy on a pill of its own in ``area``, the latest rounds that
        fit."""
        m = self.m
        style.paper_card(surface, area, m)
        pen = m.pen("ui_bold", style.ROW_NOTE, style.INK_SOFT)
        pad = m.px(style.SPACE_S)
        title = pygame.Rect(
            area.left + pad,
            area.top + m.px(style.SPACE_XS),
            area.w - 2 * pad,
            style.line_height(pen),
        )
        style.text(surface, self.t("review.by_round"), pen, title, align="center")
        rounds = self.by_round()
        small = self._label_pen()
        if not rounds:  # no round held a choice of the player's own (all played on hints)
            rest = pygame.Rect(title.left, title.bottom, title.w, area.bottom - title.bottom)
            style.text(surface, "\u2014", m.pen("ui", style.ROW_TITLE, style.INK_SOFT), rest,
                       align="center")  # fmt: skip
            return
        value_pen = m.pen("ui_bold", style.ROW_NOTE, style.CREAM)
        pill_w = max(style.natural_width("100", value_pen) + m.px(style.SPACE_M), m.px(0.07))
        gap = m.px(style.SPACE_XS)
        fits = max(1, (title.w + gap) // (pill_w + gap))
        shown = rounds[-fits:]
        x = title.centerx - (len(shown) * (pill_w + gap) - gap) // 2
        label_h = style.line_height(small)
        for round_no, accuracy in shown:
            label = pygame.Rect(x, title.bottom + m.px(style.SPACE_XS), pill_w, label_h)
            style.text(surface, str(round_no), small, label, align="center")
            pill = pygame.Rect(x, label.bottom, pill_w, style.line_height(value_pen))
            pygame.draw.rect(surface, _accuracy_colour(accuracy), pill, border_radius=pill.h // 2)
            style.text(surface, str(round(accuracy)), value_pen, pill, align="center")
            x += pill_w + gap

    def _row_texts(
        self, rows: list[tuple[pygame.Rect, MoveGrade]]
    ) -> list[list[tuple[str, style.Pen]]]:
        """Each row's three lines (the move played, Master's, the reason) with their pens:
        wrapped onto as many lines as the row holds, and set smaller only when a row's
        words do not fit it whole so (as little as lets them fit). One size in every row,
        so the rows read alike; a row too long to fit at all is set at the smallest size,
        where the least of it is cut (the move played, ``_heights``): at the size of the
        others, its reason was cut short ("...and primiera and denies…")."""
        m = self.m
        w = self.text_column[1]
        texts = [
            [
                (self.played_line(grade), m.pen("ui", style.ROW_NOTE, style.LACQUER)),
                (self.master_line(grade), m.pen("ui_bold", style.ROW_NOTE, style.GREEN)),
                (reason_line(self.app.t, grade, self.deck), self._note_pen()),
            ]
            for _, grade in rows
        ]
        steps = [
            _smaller_by(lines, w, row.h - 2 * m.px(style.SPACE_XS))
            for (row, _), lines in zip(rows, texts)
        ]
        fitting = [step for step in steps if step is not None]
        step = max(fitting, default=0)
        return [
            _shrunk(lines, step if own is not None else _smallest_step(lines))
            for lines, own in zip(texts, steps)
        ]

    def _draw_row(
        self,
        surface: pygame.Surface,
        row: pygame.Rect,
        grade: MoveGrade,
        lines: list[tuple[str, style.Pen]],
    ) -> None:
        m = self.m
        style.paper_card(surface, row, m)
        pad = m.px(style.SPACE_XS)
        top, height = row.top + pad, row.h - 2 * pad
        loss_box, where, _ = self._info_boxes(row)
        words, pen = self.loss_words(grade, loss_box), self._loss_pen(grade)
        style.text(surface, words, pen, loss_box)
        style.text(surface, self.t("table.round", n=grade.round_no), self._note_pen(), where)
        played, best = grade.played.card, grade.best.card
        # a move as good as Master's ("As good") is marked as Master's is, not as one lost
        mark = MASTER_GLOW if round(grade.loss, 2) == 0 else PLAYED_GLOW
        hand_glow = {card: mark for card in (played,) if card is not None}
        if best is not None:
            hand_glow[best] = MASTER_GLOW
        table_glow = {card: mark for card in grade.played.captures}
        table_glow.update({card: MASTER_GLOW for card in grade.best.captures})
        x, w = self.hand_column
        hand = pygame.Rect(x, top, w, height)
        self._draw_cards(surface, hand, grade.hand, hand_glow, grade.matta)
        x, w = self.table_column
        table = pygame.Rect(x, top, w, height)
        self._draw_cards(surface, table, grade.table, table_glow, grade.matta)
        x, w = self.text_column
        heights = _heights(lines, w, height)
        y = top + (height - sum(heights)) // 2
        for (words, pen), need in zip(lines, heights):
            box = pygame.Rect(x, y, w, need)
            style.text(surface, words, pen, box, lines=0, least=pen.px)
            y += need

    def loss_words(self, grade: MoveGrade, room: pygame.Rect) -> str:
        """What a row's move lost, as it fits ``room``: "−1.52 points", else the figure
        alone (a loss just past the tolerance is written "−0.1001", and "−0.1001 points" was
        cut to "−0.1001 poi…"; the strip above says they are points lost)."""
        if grade.played == grade.best:
            return self.t("review.best")
        if round(grade.loss, 2) == 0:  # another move, worth as much
            return self.t("review.as_good")
        words = loss_line(self.app.t, grade.loss)
        if not style.fit(words, self._loss_pen(grade), room.w, room.h).elided:
            return words
        return self.t("review.loss_bare", points=points(self.app.t, grade.loss))

    def _draw_cards(
        self,
        surface: pygame.Surface,
        area: pygame.Rect,
        cards: tuple[Card, ...],
        glow: dict[Card, style.Color],
        matta: tuple[Card, int] | None = None,
    ) -> None:
        """``cards`` in a row across ``area``, overlapping when they must (and smaller when
        there are so many that each would show less than ``SHOWN`` of its width); a glow
        around the card played (red) and Master's (green), and the cards each takes. The
        glows go under every card: a glowing card never hides the one before it. The
        matta named (``matta``) wears the value it plays as ("= 2"), as at the table."""
        if not cards:
            pen = self._label_pen()
            style.text(surface, self.t("review.empty_table"), pen, area, align="center")
            return
        height = area.h * 0.86
        art = style.menu_art(self.app, self.deck)
        width = min(style.card_width_for(height), area.w)
        # The glows reach past the cards: the cards are laid out inside that reach, so no
        # glow spills over the words beside the column.
        reach = (art.glow(width, MASTER_GLOW).get_width() - width + 1) // 2
        area = area.inflate(-2 * reach, 0)
        width = max(8, min(width, area.w, round(area.w / (1 + SHOWN * (len(cards) - 1)))))
        step = width * 1.08
        if len(cards) > 1 and step * (len(cards) - 1) + width > area.w:
            step = (area.w - width) / (len(cards) - 1)
        centres = [(area.left + width / 2 + k * step, area.centery) for k in range(len(cards))]
        for card, centre in zip(cards, centres):
            colour = glow.get(card)
            if colour is not None:
                halo = art.glow(width, colour)
                surface.blit(halo, halo.get_rect(center=centre))
        for card, centre in zip(cards, centres):
            style.draw_card(surface, art, card, centre, width)
        r = min(self.badge_r, max(5, round(width * 0.24)))
        for card, centre in zip(cards, centres):  # a mark as well as a glow: not its hue alone
            colour = glow.get(card)
            if colour is not None:
                top = centre[1] - style.card_height(width) / 2
                draw_badge(surface, colour, (centre[0], top + r // 3), r)
        if matta is not None and matta[0] in cards:
            label = self.t("table.matta_badge", n=matta[1])
            pen = self.m.pen("ui_bold", style.SMALL, style.NIGHT)
            centre = centres[cards.index(matta[0])]
            tag = style.card_tag_area(label, pen, centre, width, self.m.px(style.SPACE_XS))
            style.draw_tag(surface, label, pen, tag)

    def _draw_cover(self, surface: pygame.Surface) -> None:
        """The screen shown while the device is handed to the one person called."""
        m = self.m
        style.draw_background(surface, self.app.settings.felt)
        style.veil(surface, self.app.settings.felt)
        art = style.menu_art(self.app, self.deck)
        width = m.px(0.11)
        for k, angle in enumerate((-12, 0, 12)):
            back = art.rotated_back(width, angle)
            surface.blit(back, back.get_rect(center=(m.w / 2 + (k - 1) * width * 0.45, m.h * 0.36)))
        name = self.seats.seat_name(self.seat)
        heading = m.pen("title", style.HEADING, style.SHINE)
        top = round(m.h * 0.36 + style.card_height(width) * 0.6)
        box = pygame.Rect(
            m.px(style.SPACE_XL),
            top,
            m.w - 2 * m.px(style.SPACE_XL),
            2 * style.line_height(heading),
        )
        used = style.text(
            surface,
            self.t("table.pass_to", name=name),
            heading,
            box,
            align="center",
            valign="top",
            lines=2,
        )
        line = m.pen("ui", style.ROW_TITLE, style.CREAM)
        box = pygame.Rect(box.left, used.bottom, box.w, 2 * style.line_height(line))
        style.text(
            surface,
            self.t("review.pass_ask_hint" if self.asking else "review.pass_hint", name=name),
            line,
            box,
            align="center",
            valign="top",
            lines=2,
        )
        small = m.pen("ui", style.SMALL, style.MIST)
        box = pygame.Rect(box.left, m.h - m.px(0.09), box.w, style.line_height(small))
        style.text(surface, self.t("review.hidden"), small, box, align="center")


def _shrunk(lines: list[tuple[str, style.Pen]], step: int) -> list[tuple[str, style.Pen]]:
    """``lines`` with their pens ``step`` pixels smaller, none below its readable least."""
    return [
        (words, replace(pen, px=max(style.smallest_px(pen.px), pen.px - step)))
        for words, pen in lines
    ]


def _smallest_step(lines: list[tuple[str, style.Pen]]) -> int:
    """How many pixels smaller ``lines`` can be set, each down to its readable least."""
    return max(pen.px - style.smallest_px(pen.px) for _, pen in lines)


def _smaller_by(lines: list[tuple[str, style.Pen]], width: int, height: int) -> int | None:
    """How many pixels smaller ``lines`` must be set to fit whole, one under the other, in
    a box ``width`` x ``height`` (each wrapped onto as many lines as it needs): 0 when
    they fit at their size; None when they do not fit even at the smallest."""
    for step in range(_smallest_step(lines) + 1):
        laid = [
            style.fit(words, pen, width, height, lines=0, least=pen.px)
            for words, pen in _shrunk(lines, step)
        ]
        if not any(fit.elided for fit in laid) and sum(fit.height for fit in laid) <= height:
            return step
    return None


def _heights(lines: list[tuple[str, style.Pen]], width: int, height: int) -> list[int]:
    """How tall each of a move's lines is, at its pen's size: as its words need. When they
    do not all fit, Master's move keeps what it needs first, then the reason, the move
    played last (its card is ringed in the hand drawn beside it), each leaving a line for
    those after it: the reason is what the row is for."""
    need = [
        style.fit(words, pen, width, height, lines=0, least=pen.px).height for words, pen in lines
    ]
    if sum(need) <= height:
        return need
    out = list(need)
    left = height
    order = (1, 2, 0)
    for k, index in enumerate(order):
        after = sum(style.line_height(lines[j][1]) for j in order[k + 1 :])
        out[index] = max(0, min(need[index], left - after))
        left -= out[index]
    return out


def _accuracy_colour(accuracy: float) -> style.Color:
    """Green for a round played like Master, gold for a fair one, red for a poor one."""
    if accuracy >= 80:
        return style.GREEN
    if accuracy >= 60:
        return style.GOLD_DEEP
    return style.LACQUER


def draw_badge(
    surface: pygame.Surface, colour: style.Color, centre: tuple[float, float], r: int
) -> None:
    """The mark of the card played (a cross on ``PLAYED_GLOW``) or of Master's (a tick on
    ``MASTER_GLOW``), on the card: the red and the green glows alone look alike to a
    colour-blind player."""
    x, y = round(centre[0]), round(centre[1])
    pygame.draw.circle(surface, style.CREAM, (x, y), r + max(1, r // 4))
    pygame.draw.circle(surface, colour, (x, y), r)
    width = max(2, round(r / 3))
    k = r * 0.5
    if colour == MASTER_GLOW:
        points = [(x - k, y), (x - k * 0.25, y + k * 0.75), (x + k, y - k * 0.7)]
        pygame.draw.lines(surface, style.CREAM, False, points, width)
    else:
        pygame.draw.line(surface, style.CREAM, (x - k, y - k), (x + k, y + k), width)
        pygame.draw.line(surface, style.CREAM, (x - k, y + k), (x + k, y - k), width)
