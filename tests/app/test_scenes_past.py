"""Past matches through the real scenes: a match played out alone is listed under the
statistics with its result and accuracy; its review opens again (graded again off the
render loop), a costly position is played again from it, and each screen comes back."""

from __future__ import annotations

import threading
import time
from datetime import datetime, timedelta

import pygame
import pytest

from scopa.app import style
from scopa.app.matches import MatchCoordinator
from scopa.app.scenes.past import PastScene
from scopa.app.scenes.review import ReviewScene
from scopa.app.scenes.statistics import StatisticsScene
from scopa.app.table import TableScene
from scopa.app.table.saving import MatchSaver
from scopa.app.table.scene import COVER_HOLD
from scopa.engine import Rules

from .menu_helpers import click, frame, press, show
from .review_helpers import HOTSEAT, SOLO, before_round_end, play_out
from .table_helpers import settle

WAIT_SECONDS = 120


def played_out(app, setup=SOLO):  # noqa: ANN001, ANN201
    """A reviewed match of ``setup`` played to its end and counted, its accuracy noted."""
    coordinator = before_round_end(app, setup, saved=True)
    play_out(coordinator)
    assert coordinator.reviews.wait(WAIT_SECONDS), "the review never finished"
    coordinator.flush()
    coordinator.saver.flush()
    return coordinator


def played_before(app, setup=SOLO):  # noqa: ANN001, ANN201
    """``played_out``, in an earlier run of the game: its review is not kept, and opening
    it from the list grades it again."""
    coordinator = played_out(app, setup)
    app.matches.current = None
    return coordinator


def review_ready(app, scene: ReviewScene) -> None:  # noqa: ANN001
    """Frames until the review on show is graded."""
    job_wait = scene.reviews.wait  # the match is over: told once every round is graded
    assert job_wait(WAIT_SECONDS) or scene.review() is not None
    frame(app)
    assert scene.waiting_text() == ""


def test_a_past_match_s_review_opens_again_and_its_positions_are_played(english, store) -> None:  # noqa: ANN001
    app = english
    coordinator = played_out(app)
    accuracy = store.load_stats().recent[-1].accuracy
    assert accuracy is not None
    saved = store.save_path.read_bytes()  # the match over, until its last sheet is shown
    app.matches.current = None
    app.home()
    statistics = show(app, StatisticsScene(app), (960, 540), "en")
    click(app, statistics.past_button)
    past = app.stack.top
    assert isinstance(past, PastScene) and len(past.rows) == 1
    title, when, result, won, figure = past.row_texts(past.kept[0])
    mine, theirs = coordinator.match.totals
    assert title == "Scopa against Expert" and when.startswith("Today, ")
    assert result == f"{'Won' if won else 'Lost'} {mine}\u2013{theirs}"
    assert won == (mine > theirs) and figure == f"{round(accuracy)}%"
    click(app, past.rows[0])
    review = app.stack.top
    assert isinstance(review, ReviewScene) and review.scope == "match"
    # its rounds are told as the match's last, not as the one just played; each round can
    # be looked at (only the last and the whole match could)
    rounds = len(coordinator.match.rounds)
    labels = [label() for _, label in review.scope_choice.options]
    assert labels == [*(f"Round {n}" for n in range(1, rounds)), "Last round", "Whole match"]
    assert review.scope_choice.hint() == (
        "See any round reviewed, or the whole match"
        if rounds > 1
        else "See the last round or the whole match"  # not "so far"
    )
    review_ready(app, review)
    graded = review.review()
    assert graded is not None
    assert graded.rounds == tuple(range(1, rounds + 1))
    review.scope_choice.set(("round", 1))
    assert review.heading() == "Round 1 review" and review.review().rounds == (1,)
    review.scope_choice.set(("match", 0))
    shown = dict(review.summary())
    assert shown["Accuracy"] == f"{round(accuracy)}%"  # as it was graded when it ended
    grade = review.grades()[0]
    click(app, review.try_buttons[0])
    practice = app.stack.top
    assert isinstance(practice, TableScene) and app.matches.practising
    assert practice.match.round.hand(grade.seat) == grade.hand
    settle(app, practice)
    press(app, pygame.K_ESCAPE)
    pause = app.stack.top
    labels = [button.text() for button in pause.buttons]
    click(app, pause.buttons[labels.index("Back to the review")])
    assert app.stack.top is review and app.matches.current is None
    press(app, pygame.K_ESCAPE)
    assert app.stack.top is past
    press(app, pygame.K_ESCAPE)
    assert app.stack.top is statistics
    assert store.save_path.read_bytes() == saved  # nothing was saved over it


@pytest.mark.parametrize(
    ("rules", "game"),
    [
        (Rules(), "Scopa"),
        (Rules.preset("cirulla"), "Cirulla"),
        (Rules(re_bello=True, napola=True), "Scopa (Re bello, Napola)"),
    ],
)
def test_a_past_match_of_the_player_s_own_rules_is_told_so(english, rules, game) -> None:  # noqa: ANN001
    """A match of the player's own rules was "Scopa" in the list, as if the classic game:
    it is named as every screen names it, by the game and what it changes of it."""
    scene = PastScene(english)
    assert scene.row_texts(past_of(rules))[0] == f"{game} against Expert"


@pytest.mark.parametrize(
    ("language", "title"),
    [
        ("en", "Scopa, 3 players, against Expert and Master"),
        ("it", "Scopa, 3 giocatori, contro Esperto e Maestro"),
    ],
)
def test_a_past_match_against_several_levels_names_them(english, language, title) -> None:  # noqa: ANN001
    """A match against an Expert and a Master read "against Mixed", as if the opponent
    were called so: the levels are named."""
    import random

    from scopa.engine import Match
    from scopa.settings import MatchSetup, SeatConfig
    from scopa.storage import PastMatch

    rules = Rules(players=3)
    seats = (SeatConfig("Giulia", True), SeatConfig("Marco", False, "expert"),
             SeatConfig("Lucia", False, "master"))  # fmt: skip
    match, rng = Match.new(rules, 5), random.Random(5)
    while not match.over:
        match, _ = match.apply(rng.choice(match.legal_moves()))
    past = PastMatch("2026-12-04T10:00:00+00:00", MatchSetup(seats, rules), match.record(), match)
    english.set_language(language)
    assert PastScene(english).row_texts(past)[0] == title


def test_a_past_review_opened_again_is_not_graded_again(english, store) -> None:  # noqa: ANN001
    app = english
    played_out(app)
    app.home()
    past = show(app, PastScene(app), (960, 540), "en")
    click(app, past.rows[0])
    first = app.stack.top
    review_ready(app, first)
    press(app, pygame.K_ESCAPE)
    jobs = dict(first.reviews.jobs)
    click(app, past.rows[0])
    again = app.stack.top
    assert again is not first and again.reviews.jobs == jobs
    assert again.waiting_text() == ""


def test_a_hot_seat_match_is_listed_and_its_review_asks_who_is_looking(english, store) -> None:  # noqa: ANN001
    """A match of two people at this screen was counted in Statistics and lost from here
    once its last sheet was left: its review could never be opened again. It is kept and
    listed with who played and who won, no one's accuracy on the list, and its review asks
    who is looking before it shows anyone's moves."""
    app = english
    coordinator = before_round_end(app, HOTSEAT)
    coordinator.saver = MatchSaver(store)
    play_out(coordinator)
    coordinator.saver.flush()
    assert store.load_stats().total().played == 1
    app.home()
    past = show(app, PastScene(app), (960, 540), "en")
    assert len(past.rows) == 1 and "at this screen" in past.intro()
    title, when, result, won, figure = past.row_texts(past.kept[0])
    match = coordinator.match
    winner = ("Giulia", "Marco")[match.winner]
    assert title == "Scopa: Giulia and Marco"
    assert when.startswith("Today, ") and when.endswith(f" · {winner} won")
    assert result == f"{max(match.totals)}\u2013{min(match.totals)}"
    assert won is None and figure == ""
    assert past.rows[0].hint() == app.t("past.row_hint_people")
    assert app.t("review.accuracy") not in drawn(app)
    click(app, past.rows[0])
    review = app.stack.top
    assert isinstance(review, ReviewScene) and review.stage == "who"
    assert review.reviews.wait(WAIT_SECONDS), "the review never finished"
    said = tuple(f"{who} {verb}" for who in ("Giulia", "Marco") for verb in ("played", "laid"))
    texts = drawn(app)
    assert "Who is looking?" in texts and not any(text.startswith(said) for text in texts)
    click(app, review.name_buttons[1])  # Marco
    assert review.stage == "cover" and "Pass the screen to Marco" in drawn(app)
    review.age += COVER_HOLD
    click(app, (10, 10))
    assert review.stage == "review" and review.seat == 1
    assert review.grades() and all(grade.seat == 1 for grade in review.grades())
    assert not any(text.startswith(said[:2]) for text in drawn(app))  # not Giulia's


def drawn(app) -> list[str]:  # noqa: ANN001
    """Every text the next frame writes."""
    seen: list[style.Drawn] = []
    with style.watch_text(seen.append):
        frame(app)
    return [text.words for text in seen]


@pytest.mark.parametrize("language", ["en", "it"])
def test_past_matches_at_one_screen_name_the_people_and_the_winners(app, store, language) -> None:  # noqa: ANN001
    """Partners against the computer read as the player alone does, named; rivals say
    who won, a side of two in the plural."""
    import random

    from scopa.engine import Match
    from scopa.settings import MatchSetup, SeatConfig
    from scopa.storage import PastMatch

    app.set_language(language)
    t = app.t
    when = datetime.now().astimezone().isoformat(timespec="seconds")
    scopone = Rules.preset("scopone_scientifico")
    partners = MatchSetup(
        (
            SeatConfig("Anna", True),
            SeatConfig("CPU 1", False, "expert"),
            SeatConfig("Bruno", True),
            SeatConfig("CPU 3", False, "expert"),
        ),
        scopone,
    )
    people = ("Anna", "Bruno", "Carla", "Dario")
    teams = MatchSetup(tuple(SeatConfig(n, True) for n in people), scopone)
    kept = []
    for k, setup in enumerate((partners, teams)):
        rng, match = random.Random(k), Match.new(setup.rules, 300 + k)
        while not match.over:
            match, _ = match.apply(rng.choice(match.legal_moves()))
        kept.append(match)
        store.keep_past(PastMatch(when, setup, match.record(), match))
    past = app.open("past")
    frame(app)
    assert isinstance(past, PastScene) and len(past.rows) == 2
    game = t("preset_scopone_scientifico")
    both = t("list.and", a="Anna", b="Bruno")
    rows = {past_match.setup: past.row_texts(past_match) for past_match in past.kept}
    title, _, result, won, figure = rows[partners]
    level = t("level_expert")
    assert title == t("past.title_people_players", game=game, n=4, people=both, level=level)
    mine, theirs = kept[0].totals
    assert won == (kept[0].winner == 0) and figure == ""
    assert result == t("past.won" if won else "past.lost", mine=mine, theirs=theirs)
    title, when_text, result, won, figure = rows[teams]
    everyone = t("list.and", a="Anna, Bruno, Carla", b="Dario")
    assert title == t("past.title_rivals_players", game=game, n=4, people=everyone)
    winners = ("Anna", "Carla") if kept[1].winner == 0 else ("Bruno", "Dario")
    named = t("list.and", a=winners[0], b=winners[1])  # a sentence's "and", not "&"
    assert when_text == t("past.won_by_team", when=past.when_text(past.kept[0].ended), name=named)
    assert won is None and figure == ""
    assert result == t("past.score", first=max(kept[1].totals), second=min(kept[1].totals))


@pytest.mark.parametrize("size", [(960, 540), (1920, 1080)])
@pytest.mark.parametrize("language", ["en", "it"])
def test_the_keys_walk_the_list_and_open_a_match(english, store, size, language) -> None:  # noqa: ANN001
    app = english
    for seed in range(9):  # more than the sheet shows at once: the list scrolls
        coordinator = MatchCoordinator.fresh(SOLO, saver=MatchSaver(store), seed=seed)
        play_out(coordinator, seed)
        coordinator.saver.flush()
    app.home()
    past = show(app, PastScene(app), size, language)
    assert len(past.rows) == 9 and past.form.focus is None
    assert past.scroll.max_offset > 0
    press(app, pygame.K_DOWN)  # the first Down: the newest match (it went to the second)
    assert past.form.focus is past.rows[0]
    for _ in range(8):
        press(app, pygame.K_DOWN)
    assert past.form.focus is past.rows[8]
    assert past.scroll.viewport.contains(past.rows[8].rect)  # scrolled into sight
    press(app, pygame.K_RETURN)
    review = app.stack.top
    assert isinstance(review, ReviewScene)
    assert review.coordinator.match.record() == past.kept[8].record


@pytest.mark.parametrize(
    ("language", "names"),
    [
        ("en", "Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec"),
        ("it", "gen feb mar apr mag giu lug ago set ott nov dic"),
    ],
)
def test_a_date_names_its_month_and_today_and_yesterday_by_name(english, language, names) -> None:  # noqa: ANN001
    app = english
    past = show(app, PastScene(app), (960, 540), language)
    now = datetime.now().astimezone()
    today = past.when_text(now)
    assert today.startswith({"en": "Today, ", "it": "Oggi, "}[language])
    assert today.endswith(f"{now.hour:02d}:{now.minute:02d}")
    yesterday = past.when_text(now - timedelta(days=1))
    assert yesterday.startswith({"en": "Yesterday, ", "it": "Ieri, "}[language])
    for month, name in enumerate(names.split(), start=1):
        when = datetime(2024, month, 17, 9, 5).astimezone()
        assert past.when_text(when) == f"17 {name} 2024, 09:05"


@pytest.mark.parametrize("size", [(960, 540), (1920, 1080)])
@pytest.mark.parametrize("language", ["en", "it"])
def test_a_damaged_list_s_notice_leaves_the_heading_and_its_line_readable(
    english,  # noqa: ANN001
    store,  # noqa: ANN001
    size,
    language,
) -> None:
    """A damaged past.json's notice covered the list's heading and the line under it."""
    from scopa.app import style

    from .menu_helpers import toasts_kept_clear

    store.past_path.write_text('{"schema": 1, "matches": "garbage"}')
    app = english
    past = show(app, PastScene(app), size, language)
    assert past.rows == [] and len(app.toasts) == 1
    box = past.heading_box
    width = style.fit(app.t("past.heading"), past.heading_pen(), box.w, box.h).width
    heading = pygame.Rect(0, box.top, width, box.h)
    heading.centerx = box.centerx
    toasts_kept_clear(app, past.toast_band(), [heading, past.intro_box], 1)


@pytest.mark.parametrize("language", ["en", "it"])
def test_a_list_lost_with_a_damaged_file_says_so_once_its_notice_is_gone(
    english,  # noqa: ANN001
    store,  # noqa: ANN001
    language,
) -> None:
    """past.json filled with random bytes, a match counted in the statistics: once the
    notice faded the list was empty under "matches played with an earlier version of Scopa
    are only counted in Statistics", a cause it was not. The list says its file was
    damaged, and where it is kept."""
    import random

    from scopa.engine import Match
    from scopa.stats import result_of
    from scopa.storage import PAST_KEPT

    app = english
    match, rng = Match.new(Rules(), 5), random.Random(5)
    while not match.over:
        match, _ = match.apply(rng.choice(match.legal_moves()))
    store.save_stats(store.load_stats().add(result_of(SOLO, match)))
    store.past_path.write_bytes(bytes(random.Random(1).randrange(256) for _ in range(500)))
    past = show(app, PastScene(app), (960, 540), language)
    backup = store.past_path.name + ".bak"
    assert (store.past_path.parent / backup).exists()
    assert past.intro() == app.t("past.empty_damaged", backup=backup, n=PAST_KEPT)
    assert backup in past.intro() and past.rows == []


def test_an_accuracy_graded_from_the_list_is_kept_and_shown_on_its_row(english, store) -> None:  # noqa: ANN001
    """The game closed before the match's review ended (it waits 5 s at most): its row
    said "—". Its review opened from here gave an accuracy, which was dropped: the row said
    "—" again, then and at every later start, and the statistics never had it."""
    app = english
    coordinator = MatchCoordinator.fresh(SOLO, saver=MatchSaver(store), seed=4)
    play_out(coordinator, 4)
    coordinator.saver.flush()
    assert store.load_stats().recent[-1].accuracy is None  # reviewed by nobody
    app.home()
    past = show(app, PastScene(app), (960, 540), "en")
    assert past.row_texts(past.kept[0])[4] == "\u2014"
    click(app, past.rows[0])
    review = app.stack.top
    review_ready(app, review)
    app.matches.close()  # the game ends: what was noted is written
    accuracy = store.load_stats().recent[-1].accuracy
    assert accuracy is not None
    assert dict(review.summary())["Accuracy"] == f"{round(accuracy)}%"
    press(app, pygame.K_ESCAPE)
    assert app.stack.top is past and past.row_texts(past.kept[0])[4] == f"{round(accuracy)}%"


def test_a_past_review_that_failed_is_graded_again_when_opened_again(
    english,  # noqa: ANN001
    store,  # noqa: ANN001
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """It said "Master could not review this round" at every opening until the game ended."""
    from scopa.app import coach as coach_module

    app = english
    played_before(app)
    app.home()
    past = show(app, PastScene(app), (960, 540), "en")
    real = coach_module.grade_round

    def broken(*args, **kwargs):  # noqa: ANN002, ANN003, ANN202
        raise RuntimeError("no memory left")

    monkeypatch.setattr(coach_module, "grade_round", broken)
    click(app, past.rows[0])
    first = app.stack.top
    assert first.reviews.wait(WAIT_SECONDS) is False
    assert any(job.error for job in first.reviews.jobs.values())
    press(app, pygame.K_ESCAPE)
    monkeypatch.setattr(coach_module, "grade_round", real)
    click(app, past.rows[0])
    again = app.stack.top
    review_ready(app, again)
    assert again.review() is not None


@pytest.mark.parametrize("language", ["en", "it"])
def test_the_past_matches_are_reached_when_the_statistics_were_set_aside(
    english,  # noqa: ANN001
    store,  # noqa: ANN001
    language: str,
) -> None:
    """A statistics file gone (deleted; a damaged one was set aside so, before they were
    made again from the matches kept) left its sheet empty, and with it no way to the
    twenty matches still kept."""
    app = english
    coordinator = MatchCoordinator.fresh(SOLO, saver=MatchSaver(store), seed=2)
    play_out(coordinator, 2)
    coordinator.saver.flush()
    store.stats_path.unlink()
    app.home()
    statistics = show(app, StatisticsScene(app), (960, 540), language)
    assert statistics.empty and statistics.past_button in statistics.form.widgets
    assert not statistics.past_button.rect.colliderect(statistics.back_button.rect)
    assert statistics.panel.contains(statistics.past_button.rect)
    click(app, statistics.past_button)
    assert isinstance(app.stack.top, PastScene) and len(app.stack.top.rows) == 1


def test_the_keys_focus_stays_as_the_review_comes(english, store) -> None:  # noqa: ANN001
    """On the keys, the focus began on Back, where Right did nothing (the round's chooser
    and the moves were a Down away, round the list): it begins on the chooser. As the
    review came, the focus once went to the first costly move's "Try it", and Enter meant
    for what had it opened a practice: it stays where it was."""
    app = english
    played_before(app)
    app.home()
    past = show(app, PastScene(app), (960, 540), "en")
    press(app, pygame.K_DOWN)
    press(app, pygame.K_RETURN)
    review = app.stack.top
    assert isinstance(review, ReviewScene)
    assert review.form.focus is review.scope_choice and review.form.keyboard_used
    assert review.waiting_text() != ""  # graded again: not yet there
    review_ready(app, review)
    assert review.try_buttons and review.form.focus is review.scope_choice
    scope = review.scope
    press(app, pygame.K_RIGHT)
    assert review.scope != scope and review.form.focus is review.scope_choice
    press(app, pygame.K_DOWN)
    assert review.form.focus is review.try_buttons[0]
    press(app, pygame.K_ESCAPE)
    assert app.stack.top is past


def test_an_accuracy_graded_while_the_list_is_on_show_comes_to_its_row(english, store) -> None:  # noqa: ANN001
    """Back to the list before the review was graded: once graded, its accuracy was in the
    statistics and the row still said "—" until the list was opened again."""
    app = english
    coordinator = MatchCoordinator.fresh(SOLO, saver=MatchSaver(store), seed=4)
    play_out(coordinator, 4)
    coordinator.saver.flush()
    app.home()
    past = show(app, PastScene(app), (960, 540), "en")
    click(app, past.rows[0])
    review = app.stack.top
    assert review.waiting_text() != ""
    press(app, pygame.K_ESCAPE)
    assert app.stack.top is past
    assert review.reviews.wait(WAIT_SECONDS)
    for _ in range(200):  # the accuracy is written on the saving thread, then read
        frame(app)
        if past.row_texts(past.kept[0])[4] != "\u2014":
            break
        time.sleep(0.01)
    accuracy = store.load_stats().recent[-1].accuracy
    assert accuracy is not None and past.row_texts(past.kept[0])[4] == f"{round(accuracy)}%"


def test_a_failed_past_review_opened_again_leaves_nothing_of_it_waiting(
    english,  # noqa: ANN001
    store,  # noqa: ANN001
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """One round's grading failed while the others waited: opened again, the review's
    rounds were graded after the old one's, which nobody would see."""
    from scopa.app import coach as coach_module

    app = english
    played_out(app)
    app.home()
    past = show(app, PastScene(app), (960, 540), "en")
    real = coach_module.grade_round
    gate = threading.Event()

    def first_fails(record, round_no, seats, tell):  # noqa: ANN001, ANN202
        if round_no == 1:
            raise RuntimeError("no memory left")
        gate.wait(30)  # the others wait behind the one in hand
        return real(record, round_no, seats, tell)

    monkeypatch.setattr(coach_module, "grade_round", first_fails)
    click(app, past.rows[0])
    first = app.stack.top
    for _ in range(200):
        if first.reviews.failed:
            break
        time.sleep(0.02)
    press(app, pygame.K_ESCAPE)
    old = set(first.reviews.jobs.values())
    click(app, past.rows[0])
    coach = app.matches.coach
    waiting = {job for job, _, _ in coach._waiting}
    gate.set()
    assert not (old & waiting), "the failed review's rounds still wait"


def test_a_folder_that_cannot_be_looked_in_opens_the_statistics_empty(
    english,  # noqa: ANN001
    store,  # noqa: ANN001
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Whether past matches are kept was asked of the disk bare: a folder that cannot be
    searched raised from the statistics' screen (every other read tells and goes on)."""
    import pathlib

    real = pathlib.Path.stat

    def refused(self, *args, **kwargs):  # noqa: ANN001, ANN002, ANN003, ANN202
        if self.name == "past.json":
            raise PermissionError(13, "Permission denied", str(self))
        return real(self, *args, **kwargs)

    monkeypatch.setattr(pathlib.Path, "stat", refused)
    statistics = show(english, StatisticsScene(english), (960, 540), "en")
    assert statistics.empty and statistics.past_button not in statistics.form.widgets


def test_a_past_match_s_rules_are_named_at_the_title_s_size(english) -> None:  # noqa: ANN001
    """A title naming a game with two changes was drawn smaller than its neighbours to
    hold them: a title names as many changes as it holds at its size, and says how many
    it leaves out ("Scopa d'assi (3 changes)" where none fits whole)."""
    from scopa.app import style

    past = past_of(Rules(assi=True, assi_ace_takes_ace=False, re_bello=True, napola=True))
    scene = PastScene(english)
    pen = style.Pen(english.font, "ui_bold", 20, style.INK)
    wide = scene.row_texts(past, (pen, (2000, 40)))[0]
    assert wide == "Scopa d'assi (Ace takes an ace: off, Re bello, Napola) against Expert"
    narrow = scene.row_texts(past, (pen, (480, 40)))[0]
    assert narrow == "Scopa d'assi (3 changes) against Expert", narrow
    laid = style.fit(narrow, pen, 480, 40)
    assert laid.px == 20 and not laid.elided


def test_a_match_the_first_table_decided_says_it_has_nothing_to_review(english) -> None:  # noqa: ANN001
    """A Cirulla match won at the deal (the Luzzati rules), opened from Past matches: its
    review said "Master is still reviewing: 0%" for good, there being no play to grade."""
    from scopa.engine import Match
    from scopa.settings import MatchSetup, SeatConfig
    from scopa.storage import PastMatch

    match = Match.new(Rules.preset("cirulla").with_(luzzati_table_rules=True), 3560)
    assert match.over and not match.rounds  # its first table decided it
    setup = MatchSetup(
        (SeatConfig("Giulia", True), SeatConfig("Marco", False, "expert")), match.rules
    )
    english.store.keep_past(PastMatch("2026-12-04T10:00:00+00:00", setup, match.record(), match))
    english.open("past")
    scene = english.stack.top
    assert isinstance(scene, PastScene)
    scene.rows[0].activate()
    assert english.stack.top is scene
    assert english.t("past.nothing_played") in [toast.text for toast in english.toasts.shown()]


def past_of(rules: Rules, seed: int = 5):  # noqa: ANN201
    """A match of ``rules`` against an Expert played to its end at random (``seed``), as
    the list of past matches keeps it."""
    import random

    from scopa.engine import Match
    from scopa.settings import MatchSetup, SeatConfig
    from scopa.storage import PastMatch

    setup = MatchSetup((SeatConfig("Giulia", True), SeatConfig("Marco", False, "expert")), rules)
    match, rng = Match.new(rules, seed), random.Random(seed)
    while not match.over:
        match, _ = match.apply(rng.choice(match.legal_moves()))
    return PastMatch("2026-12-04T10:00:00+00:00", setup, match.record(), match)


def test_home_end_and_the_page_keys_go_along_the_list(english) -> None:  # noqa: ANN001
    """End, Home, Page Down did nothing in a list of twenty: the last match was nineteen
    presses of an arrow away."""
    for seed in range(20):
        english.store.keep_past(past_of(Rules(), seed))
    english.open("past")
    scene = english.stack.top
    assert isinstance(scene, PastScene) and len(scene.rows) == 20
    frame(english)
    press(english, pygame.K_END)
    assert scene.form.focus is scene.rows[-1]
    press(english, pygame.K_HOME)
    assert scene.form.focus is scene.rows[0]
    press(english, pygame.K_PAGEDOWN)
    down = scene.rows.index(scene.form.focus)
    assert down > 1
    press(english, pygame.K_PAGEUP)
    assert scene.form.focus is scene.rows[0]


def test_a_scopone_of_two_says_how_many_played(english) -> None:  # noqa: ANN001
    """A scopone scientifico for two read "Scopone scientifico against Expert", the usual
    one of four "..., 4 players, ...": the unusual table was the one left unsaid."""
    from scopa.engine import PRESETS

    scene = PastScene(english)
    two = scene.row_texts(past_of(PRESETS["scopone_scientifico"].with_(players=2)))[0]
    assert english.t("players_n", n=2) in two or "2 players" in two, two
    assert "2 players" not in scene.row_texts(past_of(Rules()))[0]


def test_the_list_s_titles_are_written_at_one_size(english) -> None:  # noqa: ANN001
    """A title too long for its row even as "(2 changes)" ("Scopone, 4 giocatori, contro
    Principiante, Esperto e Maestro") was drawn smaller, beside rows at full size: the
    list looked uneven. Every title is written at the size the longest needs."""
    import random

    from scopa.app import style
    from scopa.engine import PRESETS, Match
    from scopa.settings import MatchSetup, SeatConfig
    from scopa.storage import PastMatch

    app = english
    rules = PRESETS["scopone"].with_(napola=True, re_bello=True)
    seats = [SeatConfig("Giulia", True)]
    seats += [
        SeatConfig(n, False, lv) for n, lv in (("A", "beginner"), ("B", "expert"), ("C", "master"))
    ]
    long = MatchSetup(tuple(seats), rules)
    match, rng = Match.new(rules, 2), random.Random(2)
    while not match.over:
        match, _ = match.apply(rng.choice(match.legal_moves()))
    app.store.keep_past(past_of(Rules(), 1))
    app.store.keep_past(PastMatch("2026-12-04T11:00:00+00:00", long, match.record(), match))
    app.store.keep_past(past_of(Rules(), 3))
    show(app, PastScene(app), (960, 540), "it")
    titles = {app.t("game_scopa"), app.t("preset_scopone")}
    seen: list[style.Drawn] = []
    with style.watch_text(seen.append):
        frame(app)
    drawn = [text for text in seen if text.words.split(" ")[0].rstrip(",") in {
        t.split(" ")[0] for t in titles}]  # fmt: skip
    assert len(drawn) == 3, [text.words for text in seen]
    assert len({text.px for text in drawn}) == 1, [(text.words, text.px) for text in drawn]
    assert not any(text.elided for text in drawn if text.words.startswith(app.t("game_scopa")))


def test_a_computer_partner_is_not_named_among_the_opponents(english) -> None:  # noqa: ANN001
    """Scopone with an Expert partner against a Master and a Beginner read "against Master,
    Expert and Beginner": the partner is no opponent."""
    import random

    from scopa.engine import PRESETS, Match
    from scopa.settings import MatchSetup, SeatConfig
    from scopa.storage import PastMatch

    rules = PRESETS["scopone"]
    seats = (
        SeatConfig("Giulia", True),
        SeatConfig("B", False, "master"),
        SeatConfig("C", False, "expert"),  # the partner
        SeatConfig("D", False, "beginner"),
    )
    match, rng = Match.new(rules, 2), random.Random(2)
    while not match.over:
        match, _ = match.apply(rng.choice(match.legal_moves()))
    past = PastMatch("2026-12-04T11:00:00+00:00", MatchSetup(seats, rules), match.record(), match)
    title = PastScene(english).row_texts(past)[0]
    assert "Master" in title and "Beginner" in title and "Expert" not in title, title


def test_matches_an_earlier_version_counted_are_said_not_kept_here(english, store) -> None:  # noqa: ANN001
    """After an update from a version that kept no past matches, the list was empty with
    no word while Statistics counted the matches, and later "your last match" headed one
    that was not: the matches counted but not kept are said to be of an earlier version."""
    import random

    from scopa.engine import Match
    from scopa.stats import result_of
    from scopa.storage import PAST_KEPT, PastMatch

    app = english

    def finished(seed: int) -> Match:
        match, rng = Match.new(Rules(), seed), random.Random(seed)
        while not match.over:
            match, _ = match.apply(rng.choice(match.legal_moves()))
        return match

    def count(match: Match, when: datetime) -> None:
        store.save_stats(store.load_stats().add(result_of(SOLO, match, when=when)))

    def intro() -> str:
        app.home()
        return show(app, PastScene(app), (960, 540), "en").intro()

    now = datetime.now().astimezone()
    count(finished(1), now - timedelta(days=2))  # by the earlier version: counted alone
    assert intro() == app.t("past.empty_older", n=PAST_KEPT)
    kept = finished(2)
    count(kept, now - timedelta(days=1))
    when = (now - timedelta(days=1)).isoformat(timespec="seconds")
    store.keep_past(PastMatch(when, SOLO, kept.record(), kept))
    assert intro() == app.t("past.intro_1")  # the one before it is older than the list
    count(finished(3), now)  # the earlier version again, after it
    assert intro() == app.t("past.intro_older")


@pytest.mark.parametrize("language", ["en", "it"])
def test_a_match_won_behind_on_points_says_so_in_its_row(app, store, language) -> None:  # noqa: ANN001
    """A Cirulla match won by cappotto 24 to 28 read "Won 24–28", a win that seemed no
    win. Its row says it was not won on points."""
    import random

    from scopa.app import style
    from scopa.engine import Match
    from scopa.settings import MatchSetup
    from scopa.storage import PastMatch

    app.set_language(language)
    rules = Rules.preset("cirulla")
    rng, match = random.Random(1374), Match.new(rules, 1374)
    while not match.over:
        match, _ = match.apply(rng.choice(match.legal_moves()))
    assert match.cappotto and match.winner == 0 and match.totals == (24, 28)
    setup = MatchSetup.solo(rules, level="expert")
    when = datetime.now().astimezone().isoformat(timespec="seconds")
    store.keep_past(PastMatch(when, setup, match.record(), match))
    past = app.open("past")
    frame(app)
    assert isinstance(past, PastScene) and len(past.rows) == 1
    _, _, result, won, _ = past.row_texts(past.kept[0])
    assert won and result == app.t("past.won", mine=24, theirs=28)
    assert past.row_note(past.kept[0]) == app.t("past.outright")
    drawn = []
    with style.watch_text(drawn.append):
        app.draw()
    told = {text.words: text for text in drawn}
    assert result in told and app.t("past.outright") in told
    assert told[app.t("past.outright")].used.top >= told[result].used.bottom  # under it


def _kept(store, setup, seed: int = 5):  # noqa: ANN001, ANN202
    """``setup``'s match played out at random and kept among the past matches."""
    import random

    from scopa.engine import Match
    from scopa.storage import PastMatch

    rng, match = random.Random(seed), Match.new(setup.rules, seed)
    while not match.over:
        match, _ = match.apply(rng.choice(match.legal_moves()))
    when = datetime.now().astimezone().isoformat(timespec="seconds")
    store.keep_past(PastMatch(when, setup, match.record(), match))
    return match


def test_people_against_computers_of_two_levels_are_named(app, store) -> None:  # noqa: ANN001
    """Partners at one screen against an Expert and a Master read "{0} against Expert and
    Master": the names were written over by the sides they play on."""
    from scopa.settings import MatchSetup, SeatConfig

    app.set_language("en")
    seats = (
        SeatConfig("Anna", True),
        SeatConfig("CPU 1", False, "expert"),
        SeatConfig("Carla", True),
        SeatConfig("CPU 3", False, "master"),
    )
    _kept(store, MatchSetup(seats, Rules.preset("scopone_scientifico")))
    past = app.open("past")
    frame(app)
    title = past.row_texts(past.kept[0])[0]
    assert title == "Scopone scientifico, 4 players: Anna and Carla against Expert and Master"


def test_rivals_with_a_computer_among_them_name_it(app, store) -> None:  # noqa: ANN001
    """ "Scopa, 3 players: Anna and Niccolò", then "CPU won": a computer played and won
    unnamed. Rivals are named with every seat."""
    from scopa.settings import MatchSetup, SeatConfig

    app.set_language("en")
    seats = (SeatConfig("Anna", True), SeatConfig("Niccolò", True), SeatConfig("Bot", False))
    match = _kept(store, MatchSetup(seats, Rules(players=3)))
    past = app.open("past")
    frame(app)
    title, when, *_ = past.row_texts(past.kept[0])
    assert title == "Scopa, 3 players: Anna, Niccolò and Bot"
    assert when.endswith(f"{('Anna', 'Niccolò', 'Bot')[match.winner]} won")


def test_a_hot_seat_row_s_names_take_the_accuracy_s_room(app, store) -> None:  # noqa: ANN001
    """Four default names at 1920x1080 in Italian lost the fourth to an ellipsis, the room
    of an accuracy never shown on the row left empty."""
    from scopa.settings import MatchSetup, SeatConfig

    app.resize((1920, 1080))
    app.set_language("it")
    seats = tuple(SeatConfig(f"Player {n + 1}", True) for n in range(4))
    _kept(store, MatchSetup(seats, Rules.preset("scopone_scientifico")))
    past = app.open("past")
    frame(app)
    title = past.row_texts(past.kept[0])[0]
    assert title.endswith("Giocatore 3 e Giocatore 4")
    drawn: list[style.Drawn] = []
    with style.watch_text(drawn.append):
        frame(app)
    (written,) = [text for text in drawn if text.words == title]
    assert not written.elided


def test_a_past_match_s_reviews_shown_to_all_are_asked_for_again(english, store) -> None:  # noqa: ANN001
    """Everyone's agreement to show all the reviews of a past match was kept while the game
    ran: the row opened again later showed every review to whoever came to the screen."""
    _kept(store, HOTSEAT)
    past = show(english, PastScene(english), (960, 540), "en")
    click(english, past.rows[0])
    review = english.stack.top
    assert isinstance(review, ReviewScene) and review.stage == "who"
    review.coordinator.reviews_shared = True  # as everyone's yes leaves it
    press(english, pygame.K_ESCAPE)
    while english.stack.top is not past:
        press(english, pygame.K_ESCAPE)
    click(english, past.rows[0])
    again = english.stack.top
    assert isinstance(again, ReviewScene) and again.stage == "who"


@pytest.mark.parametrize("language", ["en", "it"])
def test_rivals_won_behind_on_points_say_so_in_their_row(app, store, language) -> None:  # noqa: ANN001
    """The Cirulla cappotto won 24 to 28, played by two people at one screen, read
    "24–28 · Anna won" with nothing of how: rivals' rows say "not on points" too."""
    from scopa.settings import MatchSetup, SeatConfig

    app.set_language(language)
    seats = (SeatConfig("Anna", True), SeatConfig("Luca", True))
    match = _kept(store, MatchSetup(seats, Rules.preset("cirulla")), seed=1374)
    assert match.cappotto and match.winner == 0 and match.totals == (24, 28)
    past = app.open("past")
    frame(app)
    _, when, result, won, _ = past.row_texts(past.kept[0])
    assert won is None and result == app.t("past.score", first=24, second=28)
    assert past.row_note(past.kept[0]) == app.t("past.outright")


def test_the_match_just_played_opens_from_the_list_with_the_grades_it_was_given(
    english, store
) -> None:  # noqa: ANN001
    """Opened from the list after its final sheet, the match just played was graded all
    over again, "Master is still grading: 71 %" for seconds where the sheet had its grades:
    the review is the one made as it was played."""
    app = english
    coordinator = played_out(app)
    app.home()
    past = show(app, PastScene(app), (960, 540), "en")
    click(app, past.rows[0])
    review = app.stack.top
    assert isinstance(review, ReviewScene)
    assert review.reviews is coordinator.reviews
    frame(app)
    assert review.waiting_text() == ""


def test_statistics_made_again_get_their_accuracies_back(english, store) -> None:  # noqa: ANN001
    """A statistics file lost whole is made again from the matches kept, which do not keep
    their accuracies: the accuracy chart and its figure stayed empty for good (each match
    had to be opened from the list to be graded again). The matches kept are graded again
    unasked, and each accuracy comes to the screen on show."""
    app = english
    app.matches.grades_kept = True
    played_before(app)
    accuracy = store.load_stats().recent[-1].accuracy
    assert accuracy is not None
    store.stats_path.write_bytes(b"\x00\xff garbage")  # lost whole
    app.home()
    statistics = show(app, StatisticsScene(app), (960, 540), "it")
    assert len(statistics.stats.recent) == 1  # made again from the match kept
    for _ in range(WAIT_SECONDS * 20):  # graded off the render loop, written, then read
        frame(app)
        if statistics.stats.recent[-1].accuracy is not None:
            break
        time.sleep(0.05)
    assert statistics.stats.recent[-1].accuracy == accuracy
    assert statistics.accuracies() == [accuracy]
    app.matches.close()  # the game ends: what was noted is written
    assert store.load_stats().recent[-1].accuracy == accuracy


def test_a_match_kept_is_graded_again_once_while_the_game_runs(
    english,  # noqa: ANN001
    store,  # noqa: ANN001
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Opened again and again, the statistics ask Master for a kept match's grades once; the
    list opening it takes that grading rather than beginning another."""
    app = english
    app.matches.grades_kept = True
    coordinator = MatchCoordinator.fresh(SOLO, saver=MatchSaver(store), seed=4)
    play_out(coordinator, 4)
    coordinator.saver.flush()
    assert store.load_stats().recent[-1].accuracy is None  # the game closed unreviewed
    asked = []
    submit = app.matches.coach.submit

    def counted(*args, **kwargs):  # noqa: ANN002, ANN003, ANN202
        asked.append(args)
        return submit(*args, **kwargs)

    monkeypatch.setattr(app.matches.coach, "submit", counted)
    app.home()
    show(app, StatisticsScene(app), (960, 540), "en")
    rounds = len(coordinator.match.rounds)
    assert len(asked) == rounds  # each round, graded after any being played
    show(app, StatisticsScene(app), (960, 540), "en")
    past = show(app, PastScene(app), (960, 540), "en")
    click(app, past.rows[0])
    review = app.stack.top
    assert isinstance(review, ReviewScene)
    review_ready(app, review)
    assert len(asked) == rounds


@pytest.mark.parametrize(
    ("hinted", "undone", "said"),
    [
        (frozenset({0, 4}), False, "past.with_hints"),
        (frozenset({4}), True, "past.with_undo_hints"),
        (frozenset(), True, "past.with_undo"),
    ],
)
def test_a_match_played_with_hints_says_so_by_its_accuracy(english, hinted, undone, said) -> None:  # noqa: ANN001
    """A match played almost move by move as the hints said read "Won 14–3, 100%", as if
    the player had found every move: its row says hints were played, as it says Undo."""
    import random

    from scopa.engine import Match
    from scopa.settings import MatchSetup
    from scopa.storage import PastMatch

    rules = Rules()
    rng, match = random.Random(3), Match.new(rules, 3)
    while not match.over:
        match, _ = match.apply(rng.choice(match.legal_moves()))
    setup = MatchSetup.solo(rules, level="expert")
    ended = datetime.now().astimezone()
    when = ended.isoformat(timespec="seconds")
    english.store.keep_past(PastMatch(when, setup, match.record(), match, hinted, undone))
    past = english.open("past")
    frame(english)
    _, told, _, _, _ = past.row_texts(past.kept[0])
    assert told == english.t(said, when=past.when_text(past.kept[0].ended))
