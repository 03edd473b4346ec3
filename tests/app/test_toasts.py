"""Toasts: file messages are readable (wrapped inside the window), in the player's language,
shown once, and a problem that lasts (a full disk) is told once rather than after every move."""

from __future__ import annotations

import errno
import re
from pathlib import Path

import pygame
import pytest

from scopa.app import style
from scopa.app.app import App
from scopa.app.scenes.statistics import StatisticsScene
from scopa.app.scenes.title import TitleScene
from scopa.app.table import TableScene
from scopa.app.toasts import MAX_SHOWN, REPEAT_AFTER, WIDTH_SHARE, Toast, ToastBand, Toasts
from scopa.engine import Match, Rules
from scopa.settings import MatchSetup, SeatConfig, Settings
from scopa.storage import Store, shortened_path

from .menu_helpers import recorded
from .table_helpers import coordinated, inline_worker, pump

SIZES = [(960, 540), (1280, 720)]
LONG_FOLDER = "/home/giulia/.local/share/" + "una-cartella-dal-nome-davvero-lungo/" * 3 + "scopa"


def fonts(role: str, px: int) -> pygame.font.Font:
    return pygame.font.Font(None, px)


def damaged_stats(root: Path) -> Store:
    """A store whose statistics file holds a result the game cannot use."""
    store = Store(root)
    root.mkdir(parents=True, exist_ok=True)
    store.stats_path.write_text('{"schema": 1, "tallies": [], "recent": [{"mode": "solo"}]}')
    return store


@pytest.fixture
def long_root(tmp_path: Path) -> Path:
    return tmp_path / LONG_FOLDER.strip("/")


@pytest.mark.parametrize("size", SIZES, ids=["960x540", "1280x720"])
@pytest.mark.parametrize("language", ["en", "it"])
def test_a_long_file_message_fits_the_window(
    size: tuple[int, int], language: str, long_root: Path
) -> None:
    store = damaged_stats(long_root)
    store.load_stats()
    app = App(store, size=size, settings=Settings(language=language))
    try:
        (toast,) = list(app.toasts)
        assert shortened_path(str(long_root)) in toast.text and "stats.json.bak" in toast.text
        assert str(long_root).endswith("una-cartella-dal-nome-davvero-lungo/scopa")
        width, height = app.size
        one_line = app.font("ui", max(14, height // 40)).size(toast.text)[0]
        assert one_line > width, "the message is longer than the window: it must wrap"
        app.frame(0.016, [])
        panels = app.toasts.draw(app.screen, app.font)
        (panel,) = panels
        assert app.screen.get_rect().contains(panel)
        assert panel.width <= WIDTH_SHARE * width
        assert panel.height <= height // 3
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("language", ["en", "it"])
def test_a_folder_that_cannot_be_used_is_one_message_read_whole(
    language: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A home whose name is too long, as the game starts on it: eight messages, one a file,
    three at a time over the title, each with the long name across four lines and cut at
    its end. One says it all, the name shortened in its middle, and reads to its end."""
    store = Store(tmp_path / ("a" * 300))
    store.lock()
    laid: list[style.Fit] = recorded(monkeypatch, style, "fit")
    app = App(store, size=(960, 540), settings=Settings(language=language, tutorial_done=True))
    try:
        app.frame(0.016, [])
        app.save_settings()
        (toast,) = list(app.toasts)
        assert ("a" * 300) not in toast.text and "\u2026" in toast.text
        laid.clear()
        (panel,) = app.toasts.draw(app.screen, app.font)
        assert laid and not any(fit.elided or fit.cut for fit in laid)
        assert panel.height <= 540 // 4
    finally:
        pygame.display.quit()


def notice_shown(
    root: Path, monkeypatch: pytest.MonkeyPatch, at: tuple[int, int]
) -> tuple[App, Toast, list[tuple[int, int]]]:
    """A damaged file's notice, shown once, the player seen at the mouse, the pointer at
    ``at`` (the list's one item: where it is)."""
    store = damaged_stats(root)
    store.load_stats()
    app = App(store, size=(960, 540), settings=Settings(language="en"))
    pointer = [at]
    monkeypatch.setattr(pygame.mouse, "get_focused", lambda: True)
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: pointer[0])
    (toast,) = list(app.toasts)
    app.frame(
        0.016,
        [pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(1, 1), buttons=(0, 0, 0))],
    )
    assert toast.drawn is not None
    return app, toast, pointer


def test_a_toast_stays_while_the_pointer_rests_on_it(
    long_root: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A damaged file's notice (which file, what was wrong, where its backup is) went after
    about ten seconds, while the player was still reading it, and could not be read again:
    it stays while the pointer rests on it, and goes its way once the pointer leaves."""
    app, toast, pointer = notice_shown(long_root, monkeypatch, (0, 0))
    try:
        pointer[0] = toast.drawn.center
        for _ in range(60):  # a minute
            app.frame(1.0, [], draw=True)
        assert toast in list(app.toasts)
        pointer[0] = (5, 5)
        for _ in range(60):
            app.frame(1.0, [], draw=True)
        assert toast not in list(app.toasts)
    finally:
        pygame.display.quit()


def test_a_problem_s_toast_goes_once_it_has_ended_though_the_pointer_rests_on_it(
    long_root: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The notice "the match could not be saved" stayed over the table for the rest of the
    round once the match was saved again: the pointer, back from the menu's Resume, rested
    on it, and a notice under the pointer is kept to be read. One no longer true is not."""
    app, toast, pointer = notice_shown(long_root, monkeypatch, (0, 0))
    try:
        pointer[0] = toast.drawn.center
        toast.key = toast.key or "the problem"
        app.toasts.resolve(toast.key)  # (as a match saved again resolves its notice)
        for _ in range(5):
            app.frame(1.0, [], draw=True)
        assert toast not in list(app.toasts)
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("size", SIZES, ids=["960x540", "1280x720"])
def test_at_most_three_toasts_show_and_they_fit(size: tuple[int, int]) -> None:
    pygame.font.init()
    surface = pygame.Surface(size)
    toasts = Toasts()
    for n in range(5):
        toasts.add(f"Message {n}: " + "a rather long sentence about a file " * 12)
    panels = toasts.draw(surface, fonts)
    assert len(panels) == MAX_SHOWN
    for panel in panels:
        assert surface.get_rect().contains(panel)
        assert panel.width <= WIDTH_SHARE * size[0]
    assert all(a.bottom < b.top for a, b in zip(panels, panels[1:]))


def test_toasts_risen_to_the_band_s_lowest_line_are_not_drawn_over_each_other() -> None:
    """A practice's first words ("Practice: play it again...") and the verdict on the play
    tried came up in the same place under the table, one over the other: each toast laid
    lower down rose alone to end at the band's lowest line."""
    pygame.font.init()
    surface = pygame.Surface((960, 540))
    toasts = Toasts()
    toasts.add("Practice: play it again. H: a hint. U: take back. Nothing is saved.", 7.0)
    toasts.add("Well played: worth as much as Master's move.", 7.0)
    # a stretch along the top too narrow for them: both go below, and rise to end at 400
    band = ToastBand(0, 60, 100, 380, (180, 780), rise=(150, 400))
    first, second = toasts.draw(surface, fonts, band=band)
    assert first.bottom < second.top
    assert second.bottom <= 400 and first.top >= 150


def test_waiting_toasts_show_when_earlier_ones_end() -> None:
    toasts = Toasts()
    for n in range(5):
        toasts.add(f"message {n}", 2.0)
    toasts.update(1.5)
    assert [t.text for t in toasts.shown()] == ["message 0", "message 1", "message 2"]
    toasts.update(1.0)
    assert [t.text for t in toasts.shown()] == ["message 3", "message 4"]
    assert all(t.remaining == 2.0 for t in toasts.shown()), "their time starts when they show"
    toasts.update(2.0)
    assert not toasts


def test_a_lasting_problem_is_told_once_until_it_ends_or_minutes_pass() -> None:
    toasts = Toasts()
    assert toasts.add("The disk is full.", 1.0, key="write:match")
    toasts.update(2.0)
    assert not toasts
    assert not toasts.add("The disk is full.", 1.0, key="write:match")
    assert not toasts
    toasts.resolve("write:match")
    assert toasts.add("The disk is full.", 1.0, key="write:match")
    toasts.update(REPEAT_AFTER + 1)
    assert toasts.add("The disk is full.", 1.0, key="write:match")


def test_a_problem_that_ended_takes_its_toast_away_within_a_moment() -> None:
    """The notice that the match could not be saved stayed for seconds after the next save
    worked."""
    toasts = Toasts()
    assert toasts.add("The match could not be saved.", 10.0, key="write:match")
    assert toasts.add("Something else.", 10.0)
    toasts.update(1.0)
    toasts.resolve("write:match")
    toasts.update(1.0)
    assert [t.text for t in toasts.shown()] == ["Something else."]


def test_the_same_text_on_screen_is_not_stacked_but_kept_longer() -> None:
    toasts = Toasts()
    assert toasts.add("Nothing to undo", 2.0)
    toasts.update(1.5)
    assert not toasts.add("Nothing to undo", 2.0)
    assert len(toasts) == 1 and next(iter(toasts)).remaining == 2.0


def test_a_damaged_file_found_at_start_is_shown_once(
    store: Store, capsys: pytest.CaptureFixture[str]
) -> None:
    store.save_settings(Settings())
    written = store.settings_path.read_text()
    store.settings_path.write_text(re.sub(r"(?m)^volume = .*$", 'volume = "loud"', written))
    settings = store.load_settings()
    app = App(store, size=(1280, 720), settings=settings)
    try:
        app.stack.push(TitleScene(app))
        for _ in range(5):
            app.frame(0.016, [])
        texts = [toast.text for toast in app.toasts]
        assert len(texts) == 1 and "settings file" in texts[0], texts
        assert "loud" not in texts[0]  # the program's words are for the log
        (line,) = [line for line in capsys.readouterr().err.splitlines() if "settings" in line]
        assert line.startswith("scopa: ") and "loud" in line
    finally:
        pygame.display.quit()


def test_a_lost_saved_match_is_told_until_the_player_is_back_to_read_it(store: Store) -> None:
    """The notice that the saved match could not be resumed went after ten seconds; a
    player who had looked away found a title with no Continue and no word of why. Its time
    runs from the first move of the mouse or press of a key while it shows."""
    store.save_path.write_text('{"schema": 1, "setup"')  # cut short
    app = App(store, size=(1280, 720), settings=Settings(language="en"))
    try:
        app.stack.push(TitleScene(app))
        for _ in range(100):
            app.frame(1.0, [])  # a hundred seconds away from the game
        (toast,) = [toast for toast in app.toasts if "saved match" in toast.text]
        # the window opening under a resting pointer: a motion that moved nothing
        still = pygame.event.Event(pygame.MOUSEMOTION, pos=(9, 9), rel=(0, 0), buttons=(0,) * 3)
        app.frame(0.1, [still])
        app.frame(30.0, [])
        assert toast in list(app.toasts)
        app.frame(0.1, [MOVED])
        app.frame(toast.remaining - 0.5, [])
        assert toast in list(app.toasts)  # read for as long as any other
        app.frame(1.0, [])
        assert toast not in list(app.toasts)
    finally:
        pygame.display.quit()


def test_file_messages_speak_the_players_language(tmp_path: Path) -> None:
    store = damaged_stats(tmp_path)
    app = App(store, size=(1280, 720), settings=Settings(language="it"))
    try:
        app.stack.push(StatisticsScene(app))
        app.frame(0.016, [])
        (toast,) = list(app.toasts)
        assert toast.text.startswith("Il file delle statistiche non è utilizzabile")
        assert "stats.json.bak" in toast.text and "ripartono da zero" in toast.text
    finally:
        pygame.display.quit()


class Disk:
    """A disk that can fill up: the store's writes fail while ``full``."""

    def __init__(self) -> None:
        self.full = True

    def __call__(self, step: str) -> None:
        if self.full and step == "written":
            raise OSError(errno.ENOSPC, "No space left on device")


def watch_match(app: App) -> TableScene:
    app.settings = app.settings.with_(animation_speed="instant", language="en")
    seats = (SeatConfig("Anna", False, "beginner"), SeatConfig("Bruno", False, "beginner"))
    coordinator = coordinated(app, MatchSetup(seats, Rules()), Match.new(Rules(), 8), saved=True)
    scene = TableScene(app, coordinator, worker=inline_worker())
    app.stack.push(scene)
    return scene


def play_moves(app: App, scene: TableScene, count: int) -> None:
    target = len(scene.match.moves()) + count
    for _ in range(3000):
        pump(app)
        if len(scene.match.moves()) >= target:
            break
    assert len(scene.match.moves()) >= target
    scene.coordinator.flush()
    pump(app, 2)


MOVED = pygame.event.Event(pygame.MOUSEMOTION, pos=(3, 3), rel=(1, 1), buttons=(0, 0, 0))


def test_a_full_disk_is_told_once_not_after_every_move(tmp_path: Path) -> None:
    disk = Disk()
    store = Store(tmp_path, checkpoint=disk)
    app = App(store, size=(1280, 720), settings=Settings(language="en"))
    try:
        scene = watch_match(app)
        play_moves(app, scene, 6)
        told = [toast.text for toast in app.toasts if "could not be saved" in toast.text]
        assert len(told) == 1, told
        assert "the disk is full" in told[0]
        app.frame(0.1, [MOVED])  # the player is seen: the toast's time runs
        app.frame(20.0, [])  # the toast ends; the disk is still full
        play_moves(app, scene, 3)
        assert not [toast for toast in app.toasts if "could not be saved" in toast.text]
        disk.full = False  # space was freed: saves work again ...
        play_moves(app, scene, 1)
        assert store.load_match() is not None
        disk.full = True  # ... and when the disk fills again, the player is told again
        play_moves(app, scene, 2)
        told = [toast.text for toast in app.toasts if "could not be saved" in toast.text]
        assert len(told) == 1, told
    finally:
        scene.close()
        pygame.display.quit()


VERDICT = (
    "Così perdi 1,0 punti rispetto al Maestro. Il Maestro avrebbe giocato il 4 di denari e "
    "preso l'asso di coppe e il 3 di bastoni. Perché: lascia 12 in tavola: niente "
    "scopa. Premi U per riprovare."
)


@pytest.mark.parametrize("size", [(960, 540), (1280, 720), (1920, 1080)])
@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_over_the_table_toasts_hide_neither_the_aids_buttons_nor_the_score(
    tmp_path: Path, size: tuple[int, int], players: int
) -> None:
    """A short toast between the score panel and the buttons; one too long for that room
    (the practice's verdict) below them both, the whole width, read in full."""
    app = App(Store(tmp_path), size=size, settings=Settings(language="it"))
    try:
        app.settings = app.settings.with_(animation_speed="instant")
        rules = Rules(players=players)
        seats = (SeatConfig("Giulia", True),) + tuple(
            SeatConfig(f"CPU {n}", False, "beginner") for n in range(1, players)
        )
        coordinator = coordinated(app, MatchSetup(seats, rules), Match.new(rules, 3))
        scene = TableScene(app, coordinator, worker=inline_worker())
        app.stack.push(scene)
        pump(app, 3)
        app.notify(lambda t: "La tua ultima giocata è stata annullata")
        app.notify(lambda t: VERDICT)
        drawn: list[style.Drawn] = []
        with style.watch_text(drawn.append):
            panels = app.toasts.draw(app.screen, app.font, band=scene.toast_band())
        assert len(panels) == 2
        lay = scene.layout
        hud = pygame.Rect(
            lay.hud_rect.left,
            lay.hud_rect.top,
            lay.hud_width_for(float("inf")),
            lay.hud_bottom_guess() - lay.hud_rect.top,
        )
        buttons = [button.rect for button in scene.aids.buttons()]
        for panel in panels:
            assert app.screen.get_rect().contains(panel)
            assert not panel.colliderect(hud), (panel, hud)
            for button in buttons:
                assert not panel.colliderect(button), (panel, button)
        short, verdict = panels
        assert verdict.top > max(button.bottom for button in buttons), "below them"
        for room in lay.seats_room:  # between the seats at the window's sides
            assert not verdict.colliderect(room), (verdict, room)
        if short.top < min(button.bottom for button in buttons):  # beside the buttons...
            for room in lay.seats_room:  # ...above the seats at the top
                assert not short.colliderect(room), (short, room)
        else:
            assert short.top > max(button.bottom for button in buttons)
        (said,) = [d for d in drawn if d.words == VERDICT]
        assert not said.elided and said.px >= said.asked, said
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("language", ["it", "en"])
@pytest.mark.parametrize("size", [(960, 540), (1920, 1080)])
def test_the_practice_intro_reads_on_one_line_over_the_table(
    tmp_path: Path, size: tuple[int, int], language: str
) -> None:
    """The practice's opening notice goes below the buttons, over the table's top: on two
    lines it hid the corners of the cards the player came to study, for seven seconds."""
    app = App(Store(tmp_path), size=size, settings=Settings(language=language))
    try:
        app.settings = app.settings.with_(animation_speed="instant")
        rules = Rules()
        seats = (SeatConfig("Giulia", True), SeatConfig("CPU", False, "beginner"))
        coordinator = coordinated(app, MatchSetup(seats, rules), Match.new(rules, 3))
        scene = TableScene(app, coordinator, worker=inline_worker())
        app.stack.push(scene)
        pump(app, 3)
        intro = app.t("review.practice_intro")
        app.notify(lambda t: intro)
        drawn: list[style.Drawn] = []
        with style.watch_text(drawn.append):
            app.toasts.draw(app.screen, app.font, band=scene.toast_band())
        (said,) = [d for d in drawn if d.words == intro]
        assert len(said.lines) == 1 and not said.elided and said.px >= said.asked, said
    finally:
        pygame.display.quit()


def test_a_lasting_problem_is_written_to_the_log_once_as_it_is_told_once(app, capsys) -> None:
    """A disk that stays full wrote "scopa: The match could not be saved…" to the log
    after every move, though the player was told once."""
    from scopa.storage import FileProblem

    for _ in range(3):
        problem = FileProblem(
            "files.match_not_saved", {"folder": "/tmp", "reason": "no room"}, "write:match"
        )
        app.store._tell(problem)
        app.show_store_messages()
    assert capsys.readouterr().err.count("scopa:") == 1


def test_a_long_message_stays_long_enough_to_be_read_through() -> None:
    """A damaged file's notice of sixty words went in the ten seconds a file's message is
    given, too soon to read it; a short one keeps the time it was given."""
    toasts = Toasts()
    long_text = " ".join(["word"] * 60)
    toasts.add(long_text, 10.0)
    toasts.add("Nothing to undo", 2.0)
    toasts.update(20.0)
    assert [t.text for t in toasts.shown()] == [long_text]
    toasts.update(6.5)  # 24 seconds: sixty words at a slow reader's pace
    assert not toasts


def test_a_toast_that_came_up_under_the_resting_pointer_goes_in_its_time(
    long_root: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A notice told at the table came up where the pointer lay after a card dropped
    there, and stayed over the table's cards until the mouse moved."""
    app, toast, pointer = notice_shown(long_root, monkeypatch, (480, 40))
    try:
        assert toast.drawn.collidepoint(pointer[0])
        for _ in range(60):  # a minute, the pointer still where it was
            app.frame(1.0, [], draw=True)
        assert toast not in list(app.toasts)
    finally:
        pygame.display.quit()
