"""The first start, over the title: the language to play in (saved at once, every text
switching with it), then the tutorial or not. A still offer rests like any menu."""

from __future__ import annotations

import pygame
import pytest

from scopa.app import style
from scopa.app.scenes.tutorial_offer import TutorialOffer

from .menu_helpers import FRAME, click, close_tables, frame, press


def open_offer(app) -> TutorialOffer:  # noqa: ANN001
    app.home()
    offer = app.open("tutorial_offer")
    assert isinstance(offer, TutorialOffer)
    frame(app)
    return offer


def choose_italian(app, offer: TutorialOffer):  # noqa: ANN001, ANN201
    """Click Italiano in the offer; the button, and every text the next frame drew."""
    italiano = next(b for b in offer.languages if b.text == "Italiano")
    drawn: list[str] = []
    with style.watch_text(lambda text: drawn.append(text.words)):
        click(app, italiano)
        app.draw()
    return italiano, drawn


def test_a_still_offer_is_not_drawn_again_until_input_comes(app) -> None:
    offer = open_offer(app)
    for _ in range(3):
        frame(app)
    assert not offer.busy and not app.stack.busy
    assert not app.frame(FRAME, [], draw=None)


def test_choosing_italian_saves_it_and_every_text_switches(app, store) -> None:
    app.settings = app.settings.with_(language="en")
    app.set_language("en")
    offer = open_offer(app)
    italiano, drawn = choose_italian(app, offer)
    assert app.settings.language == "it" and store.load_settings().language == "it"
    assert app.t.language == "it"
    # (the title's name and line under the dialog are not drawn while it is up)
    assert {"Prima volta a scopa?", "Insegnami a giocare"} <= set(drawn)
    assert "New to Scopa?" not in drawn
    assert italiano.chosen() and not offer.form.widgets[1].chosen()
    assert offer.panel.contains(offer.take_button.rect)


def test_the_tutorial_is_taken_or_declined_after_the_language(app, store) -> None:
    offer = open_offer(app)
    english = next(b for b in offer.languages if b.text == "English")
    click(app, english)
    click(app, offer.decline_button)
    assert app.stack.top is not offer and store.load_settings().tutorial_done
    assert store.load_settings().language == "en"
    offer = open_offer(app)
    press(app, pygame.K_ESCAPE)
    assert app.stack.top is not offer


def test_a_message_told_before_the_language_is_chosen_is_read_in_the_language_chosen(
    tmp_path,
) -> None:
    """A settings file the game sets aside is told as it starts, in the system's language;
    the player then picks Italian in the first-start dialog, and the message still on screen
    is read in Italian, not left in English until it ends."""
    from scopa.app.app import App
    from scopa.app.registry import default_scenes
    from scopa.storage import Store

    (tmp_path / "settings.toml").write_text("volume = 0.5\n", encoding="utf-8")
    store = Store(tmp_path)
    settings = store.load_settings().with_(language="en")
    app = App(store, size=(1280, 720), settings=settings, scenes=default_scenes())
    try:
        told = [toast.text for toast in app.toasts]
        assert told and all("settings" in text.lower() for text in told), told
        english = set(told)
        _, drawn = choose_italian(app, open_offer(app))
        now = [toast.text for toast in app.toasts]
        assert len(now) == len(told) and not english & set(now), now
        assert all("impostazioni" in text.lower() for text in now), now
        assert not english & set(drawn)
    finally:
        pygame.display.quit()


def test_the_focus_ring_of_a_language_clears_the_word_language_over_it(app) -> None:  # noqa: ANN001
    """The gold ring round Italiano or English, in focus, touched the word "Language"
    written just over the buttons."""
    for size in ((960, 540), (1920, 1080)):
        app.resize(size)
        offer = open_offer(app)
        scale = style.Scale(app.size)
        outset = max(2, scale.px(0.004)) + max(2, scale.px(0.003)) + 1  # ring and its edge
        for button in offer.languages:
            assert offer.caption_box.bottom + outset <= button.rect.top, size
        app.back()


def damaged_first_start(tmp_path, monkeypatch):  # noqa: ANN001, ANN201
    """The game started for the first time (no settings yet) on a folder whose saved match
    and statistics are damaged: the first-start dialog shows, and every file is told of
    (the statistics were told only once the player opened them)."""
    from scopa.__main__ import open_first_screens
    from scopa.app.app import App
    from scopa.app.registry import default_scenes
    from scopa.storage import Store

    monkeypatch.delenv("SCOPA_START", raising=False)
    (tmp_path / "match.json").write_text("{broken", encoding="utf-8")
    (tmp_path / "stats.json").write_bytes(b"\x00\x01 not statistics")
    store = Store(tmp_path)
    settings = store.load_settings().with_(language="en")
    app = App(store, size=(960, 540), settings=settings, scenes=default_scenes())
    open_first_screens(app)
    for _ in range(30):
        frame(app)
    return app


def drawn_texts(app) -> list[style.Drawn]:  # noqa: ANN001
    """Every text the app draws in one frame."""
    drawn: list[style.Drawn] = []
    with style.watch_text(drawn.append):
        app.draw()
    return drawn


def test_file_notices_at_the_first_start_wait_for_the_dialog_and_show_on_the_title(
    tmp_path, monkeypatch
) -> None:
    """Damaged files told as the game starts for the first time: behind the
    first-start dialog the first notice was half covered and the second cut off, their time
    standing still. They wait, unseen, until the dialog closes; then they show in full on
    the title, clear of its panel, and their time runs once the player is seen there."""
    from scopa.app.app import FILE_TOAST_SECONDS
    from scopa.app.scenes.title import TitleScene
    from scopa.app.toasts import reading_seconds

    def given(text: str) -> float:
        return max(FILE_TOAST_SECONDS, reading_seconds(text))

    app = damaged_first_start(tmp_path, monkeypatch)
    try:
        offer = app.stack.top
        assert isinstance(offer, TutorialOffer)
        notices = [toast.text for toast in app.toasts]
        assert len(notices) == 2, notices
        assert any("statistics" in notice for notice in notices)
        assert not {d.words for d in drawn_texts(app)} & set(notices), "seen behind the dialog"
        assert all(toast.remaining == given(toast.text) for toast in app.toasts)
        click(app, offer.decline_button)
        assert isinstance(app.stack.top, TitleScene)
        shown = [d for d in drawn_texts(app) if d.words in notices]
        assert [d.words for d in shown] == notices
        screen = app.screen.get_rect()
        for said in shown:
            assert not said.elided and not said.cut and screen.contains(said.used), said
        for _ in range(30):
            frame(app)
        assert all(toast.remaining == given(toast.text) for toast in app.toasts)
        moved = pygame.event.Event(pygame.MOUSEMOTION, pos=(3, 3), rel=(1, 1), buttons=(0,) * 3)
        frame(app, moved)
        for _ in range(30):
            frame(app)
        assert all(toast.remaining < given(toast.text) for toast in app.toasts)
    finally:
        pygame.display.quit()


def test_file_notices_at_the_first_start_are_not_carried_over_the_tutorial(
    tmp_path, monkeypatch
) -> None:
    """The player takes the tutorial from the first-start dialog: the notices of damaged
    files stay off its lessons (they sat over its top), and are told on the title the
    tutorial ends on."""
    from scopa.app.scenes.title import TitleScene
    from scopa.app.scenes.tutorial import TutorialScene

    app = damaged_first_start(tmp_path, monkeypatch)
    try:
        notices = [toast.text for toast in app.toasts]
        click(app, app.stack.top.take_button)
        tutorial = app.stack.top
        assert isinstance(tutorial, TutorialScene)
        for _ in range(60):
            frame(app)
        assert not {d.words for d in drawn_texts(app)} & set(notices)
        assert [toast.text for toast in app.toasts] == notices, "kept for later"
        tutorial.skip()
        frame(app)
        assert isinstance(app.stack.top, TitleScene)
        assert [d.words for d in drawn_texts(app) if d.words in notices] == notices
    finally:
        close_tables(app)
        pygame.display.quit()


def started_on_damaged_settings(folder, text: str):  # noqa: ANN001, ANN201
    """The game as it starts on a settings file reading ``text`` (damaged, in Italian): on
    the title, the notice of the damaged file on show in Italian."""
    from scopa.__main__ import open_first_screens
    from scopa.app.app import App
    from scopa.app.registry import default_scenes
    from scopa.app.scenes.title import TitleScene
    from scopa.storage import Store

    (folder / "settings.toml").write_text(text)
    store = Store(folder)
    app = App(store, size=(960, 540), settings=store.load_settings(), scenes=default_scenes())
    open_first_screens(app)
    frame(app)
    assert isinstance(app.stack.top, TitleScene)
    notices = [toast.text for toast in app.toasts]
    assert notices and all("impostazioni" in text.lower() for text in notices), notices
    return app


def test_a_returning_player_whose_settings_are_damaged_is_not_taken_for_a_new_one(
    tmp_path, monkeypatch
) -> None:
    """A settings file cut short, its language still readable: the game started on the
    first-start dialog ("New to Scopa?"), the player's language and the notice of the
    damaged file hidden behind it. What reads is kept, the title opens, and the notice is
    read there at once, in the player's language."""
    monkeypatch.delenv("SCOPA_START", raising=False)
    app = started_on_damaged_settings(tmp_path, 'language = "it"\nvolume = 0.4\nrules = [\n')
    try:
        assert app.settings.language == "it" and app.settings.volume == 0.4
        notices = [toast.text for toast in app.toasts]
        assert {d.words for d in drawn_texts(app)} >= set(notices)
    finally:
        pygame.display.quit()


def test_a_returning_player_whose_settings_cannot_be_read_at_all_is_not_taken_for_a_new_one(
    tmp_path, monkeypatch
) -> None:
    """Settings of random bytes, nothing of them readable: the game opened on "New to
    Scopa?", in English, and told why only once the player had answered it. The backup it
    made says the player was here before: the title opens, with the notice on it (under
    the question of the language lost with them, kept by Esc)."""
    from scopa.__main__ import open_first_screens
    from scopa.app.app import App
    from scopa.app.registry import default_scenes
    from scopa.app.scenes.title import TitleScene
    from scopa.storage import Store

    monkeypatch.delenv("SCOPA_START", raising=False)
    monkeypatch.setenv("LC_ALL", "C.UTF-8")
    store = Store(tmp_path)
    (tmp_path / "settings.toml").write_bytes(bytes(range(256)) * 4)
    app = App(store, size=(960, 540), settings=store.load_settings(), scenes=default_scenes())
    try:
        open_first_screens(app)
        frame(app)
        press(app, pygame.K_ESCAPE)  # the language asked: the one spoken kept
        assert isinstance(app.stack.top, TitleScene) and app.settings.language == "en"
        notices = [toast.text for toast in app.toasts]
        assert any("settings" in notice for notice in notices), notices
        assert {d.words for d in drawn_texts(app)} >= set(notices)
    finally:
        pygame.display.quit()


def test_results_or_a_saved_match_tell_of_a_player_here_before(tmp_path) -> None:
    from scopa.__main__ import played_here_before
    from scopa.engine import Match, Rules
    from scopa.settings import MatchSetup, SeatConfig
    from scopa.stats import Stats
    from scopa.storage import Store

    seats = (SeatConfig("Anna", True), SeatConfig("Bruno", False, "beginner"))
    setup = MatchSetup(seats, Rules())
    fresh, played, saved = (Store(tmp_path / name) for name in ("fresh", "played", "saved"))
    assert not played_here_before(fresh, fresh.load_stats())
    match = Match.new(Rules(), 1)
    while not match.over:
        match, _ = match.apply(match.legal_moves()[0])
    played.finish_match(setup, match)
    played.clear_match()
    assert played_here_before(played, played.load_stats())
    saved.save_match(setup, Match.new(Rules(), 1).record())
    assert played_here_before(saved, Stats())


def test_a_player_of_years_whose_statistics_are_set_aside_is_not_taken_for_a_new_one(
    tmp_path, monkeypatch
) -> None:
    """A player whose results were there at the first start was never offered the tutorial,
    and the settings kept saying so: the day the statistics file was set aside (too big,
    damaged), the game greeted them with "New to Scopa?" over the notice telling why."""
    from scopa.__main__ import open_first_screens
    from scopa.app.app import App
    from scopa.app.registry import default_scenes
    from scopa.app.scenes.title import TitleScene
    from scopa.engine import Match, Rules
    from scopa.settings import MatchSetup, SeatConfig
    from scopa.storage import Store

    monkeypatch.delenv("SCOPA_START", raising=False)
    store = Store(tmp_path)
    setup = MatchSetup((SeatConfig("Anna", True), SeatConfig("Bruno", False)), Rules())
    match = Match.new(Rules(), 1)
    while not match.over:
        match, _ = match.apply(match.legal_moves()[0])
    store.finish_match(setup, match)
    store.clear_match()
    for start in range(2):
        if start:  # the next day: the file was damaged, and is set aside as the game starts
            store.stats_path.write_bytes(b"\x00" * 64)
            store = Store(tmp_path)
        app = App(store, size=(960, 540), settings=store.load_settings(), scenes=default_scenes())
        try:
            open_first_screens(app)
            frame(app)
            assert isinstance(app.stack.top, TitleScene), (start, app.stack.top)
            assert Store(tmp_path).load_settings().tutorial_done
        finally:
            app.close()
            pygame.display.quit()


def test_a_first_start_still_offers_the_tutorial(tmp_path, monkeypatch) -> None:
    from scopa.__main__ import open_first_screens
    from scopa.app.app import App
    from scopa.app.registry import default_scenes
    from scopa.storage import Store

    monkeypatch.delenv("SCOPA_START", raising=False)
    store = Store(tmp_path)
    app = App(store, size=(960, 540), settings=store.load_settings(), scenes=default_scenes())
    try:
        open_first_screens(app)
        frame(app)
        assert isinstance(app.stack.top, TutorialOffer)
    finally:
        pygame.display.quit()


class FullDisk:
    """A log on a full disk: every write fails, as standard error did on one."""

    def write(self, text: str) -> int:
        raise OSError(28, "No space left on device")

    def flush(self) -> None:
        raise OSError(28, "No space left on device")


def test_a_log_that_cannot_be_written_never_closes_the_game(tmp_path, monkeypatch) -> None:
    """On a full disk a save failed, and the game closed writing the failure to its log,
    before the player was told: the log was on the full disk too. A damaged settings file
    did the same at the start. The notice shows; the log loses the line."""
    import sys

    from scopa.log import log, log_exception

    monkeypatch.delenv("SCOPA_START", raising=False)
    monkeypatch.setattr(sys, "stderr", FullDisk())
    log("scopa: nowhere to write this")
    log_exception(ValueError("nor this"))
    app = started_on_damaged_settings(tmp_path, 'language = "it"\nrules = [\n')
    try:
        app.dispatch(pygame.event.Event(pygame.QUIT))  # the system's quit is logged too
        assert not app.running
    finally:
        pygame.display.quit()


def test_the_dialog_closed_from_the_keys_leaves_the_title_s_focus_shown(app) -> None:
    """A player on the keys closed the first start's dialog and found no focus on the
    title: the first Enter only showed it."""
    offer = open_offer(app)
    title = app.stack._scenes[0]
    offer.form.set_focus(offer.decline_button)
    press(app, pygame.K_RETURN)  # No thanks, from the keys
    assert app.stack.top is title
    assert title.form.focus is title.play and title.keys_in_use


def test_the_dialog_closed_with_the_mouse_leaves_the_title_as_it_was(app) -> None:
    offer = open_offer(app)
    title = app.stack._scenes[0]
    click(app, offer.decline_button)
    assert app.stack.top is title and title.form.focus is None


@pytest.mark.parametrize("language", ["en", "it"])
def test_the_language_question_is_asked_in_both_languages(app, language) -> None:
    """An Italian on a computer set to English met "Language" over the choice, and a red
    button for an English tutorial: the question is put in both languages."""
    app.settings = app.settings.with_(language=language)
    app.set_language(language)
    open_offer(app)
    drawn: list[str] = []
    with style.watch_text(lambda text: drawn.append(text.words)):
        app.draw()
    (caption,) = [words for words in drawn if "Language" in words]
    assert "Lingua" in caption


def test_where_enter_goes_is_ringed_from_the_start(app, monkeypatch) -> None:  # noqa: ANN001
    """Enter began the lessons from a screen that showed no focus: a player on the keys
    could not see what it would do."""
    offer = open_offer(app)
    button = offer.take_button
    ringed: list[bool] = []
    draw = type(button).draw

    def watched(widget, surface, m, focused, hovered):  # noqa: ANN001, ANN202
        if widget is button:
            ringed.append(focused)
        return draw(widget, surface, m, focused, hovered)

    monkeypatch.setattr(type(button), "draw", watched)
    app.draw()
    assert offer.form.focus is button and ringed == [True]


@pytest.mark.parametrize("size", [(960, 540), (1920, 1080)])
def test_a_cirulla_player_is_offered_cirulla_and_its_lessons(app, store, size) -> None:
    """A family that plays Cirulla found its lessons only by choosing Cirulla in the
    settings first (the first start spoke of Scopa alone). The first start offers it:
    Cirulla becomes the game played and remembered, its lessons open, and Play then deals
    Cirulla."""
    from scopa.aids.cirulla_lessons import LESSONS
    from scopa.app.scenes.cirulla_lesson import CirullaLessonScene
    from scopa.app.scenes.title import TitleScene

    app.resize(size)
    offer = open_offer(app)
    click(app, next(b for b in offer.languages if b.text == "Italiano"))
    drawn: list[style.Drawn] = []
    with style.watch_text(drawn.append):
        frame(app, pygame.event.Event(pygame.MOUSEMOTION, pos=offer.cirulla_button.rect.center,
                                      rel=(0, 0), buttons=(0, 0, 0)))  # fmt: skip
    hint = app.t("aids.offer_cirulla_hint", n=len(LESSONS))
    (said,) = [text for text in drawn if text.words == hint]
    assert offer.panel.contains(pygame.Rect(said.used)) and not said.cut and not said.elided
    assert offer.panel.contains(offer.cirulla_button.rect)
    click(app, offer.cirulla_button)
    assert isinstance(app.stack.top, CirullaLessonScene)
    kept = store.load_settings()
    assert kept.rules.preset_name() == "cirulla" and kept.tutorial_done
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, TitleScene)
    assert app.matches.quick_setup().rules.cirulla
    close_tables(app)


def started_on_an_english_computer(folder, monkeypatch, settings: bytes):  # noqa: ANN001, ANN201
    """The game as it starts, its screens open, on a computer whose system speaks English,
    with a settings file of ``settings``."""
    from scopa.__main__ import open_first_screens
    from scopa.app.app import App
    from scopa.app.registry import default_scenes
    from scopa.storage import Store

    monkeypatch.delenv("SCOPA_START", raising=False)
    monkeypatch.setenv("LC_ALL", "C.UTF-8")
    store = Store(folder)
    (folder / "settings.toml").write_bytes(settings)
    app = App(store, size=(960, 540), settings=store.load_settings(), scenes=default_scenes())
    open_first_screens(app)
    frame(app)
    return app


@pytest.mark.parametrize("damage", [b"", bytes(range(256)) * 4, b"volume = 0.4\nrules = [\n"])
def test_a_player_whose_language_was_lost_with_the_settings_is_asked_it_again(
    tmp_path, monkeypatch, damage: bytes
) -> None:
    """An Italian player's settings damaged (empty, garbage, cut before its language) on a
    computer whose system speaks English: the game went on in English without a word, the
    notice of the damage itself in English, and the first start's question was not asked
    again (the player was known by the backup). Now the title asks, in both languages;
    Italiano is taken at once, saved, and the notice is read in Italian."""
    from scopa.app.scenes.confirm import ConfirmScene
    from scopa.app.scenes.title import TitleScene
    from scopa.storage import Store

    app = started_on_an_english_computer(tmp_path, monkeypatch, damage)
    try:
        question = app.stack.top
        assert isinstance(question, ConfirmScene)
        drawn = {d.words for d in drawn_texts(app)}
        assert {"Which language? · Quale lingua?", "Italiano", "English"} <= drawn
        # the language spoken now (the system's) is the one put forward, red and ringed:
        # the red button was the other one
        assert question.no_button.text == "English" and question.no_button.primary
        assert not question.yes_button.primary and question.form.focus is question.no_button
        click(app, question.yes_button)
        assert isinstance(app.stack.top, TitleScene)
        assert app.settings.language == "it" and Store(tmp_path).load_settings().language == "it"
        notices = [toast.text for toast in app.toasts]
        assert notices and all("impostazioni" in text.lower() for text in notices), notices
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("answer", ["yes", "no"])
def test_the_language_is_asked_again_until_it_is_answered(tmp_path, monkeypatch, answer) -> None:
    """The game asked the language lost with the settings, and was closed before the answer
    (killed, a power cut): the settings it had saved meanwhile held the system's language
    as if chosen, and the question never came again. It comes until answered, either way."""
    from scopa.app.scenes.confirm import ConfirmScene
    from scopa.app.scenes.title import TitleScene

    app = started_on_an_english_computer(tmp_path, monkeypatch, b"")
    assert isinstance(app.stack.top, ConfirmScene)
    app.settings = app.settings.with_(window_width=1000, window_height=600)
    app.save_settings()  # settings saved as the question waits (a window resized, say)
    pygame.display.quit()  # closed unanswered
    settings = (tmp_path / "settings.toml").read_bytes()
    app = started_on_an_english_computer(tmp_path, monkeypatch, settings)
    try:
        question = app.stack.top
        assert isinstance(question, ConfirmScene), "asked again"
        assert app.settings.window_width == 1000  # the rest was kept
        click(app, question.yes_button if answer == "yes" else question.no_button)
        assert isinstance(app.stack.top, TitleScene)
    finally:
        pygame.display.quit()
    spoken = "it" if answer == "yes" else "en"
    settings = (tmp_path / "settings.toml").read_bytes()
    app = started_on_an_english_computer(tmp_path, monkeypatch, settings)
    try:
        assert isinstance(app.stack.top, TitleScene), "answered: not asked again"
        assert app.settings.language == spoken
    finally:
        pygame.display.quit()


def test_settings_damaged_with_their_language_readable_ask_nothing(tmp_path, monkeypatch) -> None:
    """The language read from a damaged file is the player's: not asked again."""
    from scopa.app.scenes.title import TitleScene

    app = started_on_an_english_computer(tmp_path, monkeypatch, b'language = "en"\nrules = [\n')
    try:
        assert isinstance(app.stack.top, TitleScene)
    finally:
        pygame.display.quit()


@pytest.mark.parametrize(
    "size, large", [((960, 540), True), ((1366, 768), True), ((1600, 900), False)]
)
def test_a_first_start_in_a_small_window_turns_the_large_values_on(
    tmp_path, monkeypatch, size, large
) -> None:
    """At 960x540 a card's printed value is a few pixels high, and Large values, which
    the player read them by, was off and buried in Settings. A first start in a window
    narrower than 1600 turns them on (saved: Settings turns them off again): at 1366x768
    the printed values were ten pixels high; a larger one leaves the cards as printed."""
    from scopa.__main__ import open_first_screens
    from scopa.app.app import App
    from scopa.app.registry import default_scenes
    from scopa.storage import Store

    monkeypatch.delenv("SCOPA_START", raising=False)
    store = Store(tmp_path)
    app = App(store, size=size, settings=store.load_settings(), scenes=default_scenes())
    try:
        open_first_screens(app)
        frame(app)
        assert isinstance(app.stack.top, TutorialOffer)
        assert app.settings.large_values == large == store.load_settings().large_values
    finally:
        close_tables(app)
        pygame.display.quit()


@pytest.mark.parametrize(
    "size, large", [((960, 540), True), ((1366, 768), True), ((1600, 900), False)]
)
def test_settings_lost_whole_take_a_first_start_s_large_values(
    tmp_path, monkeypatch, size, large
) -> None:
    """Settings damaged past reading (empty, garbage) were said to go on "with the default
    settings", but Large values, which a first start in a small window turns on, was off:
    the cards' values went small. Lost whole, they are a first start's in this window."""
    from scopa.__main__ import open_first_screens
    from scopa.app.app import App
    from scopa.app.registry import default_scenes
    from scopa.storage import Store

    monkeypatch.delenv("SCOPA_START", raising=False)
    (tmp_path / "settings.toml").write_bytes(b"\x00\xff\x13 garbage")
    store = Store(tmp_path)
    app = App(store, size=size, settings=store.load_settings(), scenes=default_scenes())
    try:
        open_first_screens(app)
        frame(app)
        assert app.settings.large_values == large == store.load_settings().large_values
    finally:
        close_tables(app)
        pygame.display.quit()


def test_settings_kept_in_part_keep_the_large_values_they_say(tmp_path, monkeypatch) -> None:
    """A damaged file whose Large values still reads keeps the player's word for them."""
    from scopa.__main__ import open_first_screens
    from scopa.app.app import App
    from scopa.app.registry import default_scenes
    from scopa.storage import Store

    monkeypatch.delenv("SCOPA_START", raising=False)
    (tmp_path / "settings.toml").write_text("large_values = false\nrules = [\n")
    store = Store(tmp_path)
    app = App(store, size=(960, 540), settings=store.load_settings(), scenes=default_scenes())
    try:
        open_first_screens(app)
        frame(app)
        assert app.settings.large_values is False
    finally:
        close_tables(app)
        pygame.display.quit()
