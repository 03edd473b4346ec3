"""Hosting a new table while a match at a table hosted here is unfinished: the friends
there wait for the host, at that table's address. Host a table asks first: back to that
table, close it for good (the friends are told), or neither."""

from __future__ import annotations

from scopa.app.scenes.confirm import ConfirmScene
from scopa.app.scenes.lobby import LobbyScene
from scopa.app.scenes.online import OnlineScene, waiting_table
from scopa.app.scenes.scoring import ScoringScene
from scopa.app.scenes.title import TitleScene
from scopa.app.widgets import resolve
from scopa.net.client import BackgroundClient, ServerError
from scopa.storage import Store

from .menu_helpers import click, frame
from .test_online import play_the_round_out, run_until, table_opens
from .test_online_rejoin import host_with_a_friend, join_from_the_menus, open_game


def ask_to_host_again(game) -> ConfirmScene:  # noqa: ANN001
    click(game, game.stack.top.online)
    online = game.stack.top
    assert isinstance(online, OnlineScene) and online.waiting
    # Join takes the host back to their own table: not "paste the address a friend sent"
    assert resolve(online.join_button.hint) == game.t("online.join_hint_own")
    click(game, online.host_button)
    question = game.stack.top
    assert isinstance(question, ConfirmScene), "Host a table opened a second table unasked"
    return question


def test_hosting_again_asks_and_cancel_or_back_keeps_the_table(tmp_path, monkeypatch):
    """Marco left a match unfinished and hosted a new table with no warning: Anna, at the
    old table's address, waited there for him, and the old one could no longer be reached
    or closed, while the title said at every start that it waited."""
    monkeypatch.setattr("scopa.app.hosting.DEFAULT_PORT", 0)
    game = open_game(Store(tmp_path / "marco"))
    friend = None
    try:
        address, friend = host_with_a_friend(game)
        game.close()
        game = open_game(Store(tmp_path / "marco"))
        question = ask_to_host_again(game)
        assert question.other_button is not None
        click(game, question.no_button)  # Cancel
        assert isinstance(game.stack.top, OnlineScene)
        assert waiting_table(game) == address
        click(game, game.stack.top.host_button)
        click(game, game.stack.top.yes_button)  # Back to the table
        table_opens(game)
        assert game.stack.top.coordinator.address == address
    finally:
        if friend is not None:
            friend.close()
        game.close()


def test_closing_the_table_for_good_tells_the_friends_and_the_title(tmp_path, monkeypatch):
    """Close it for good: the friend still at the old table, trying to get back, is told
    its host ended the match and stops trying; the new table opens; the title no longer
    says a match waits."""
    monkeypatch.setattr("scopa.app.hosting.DEFAULT_PORT", 0)
    monkeypatch.setattr("scopa.net.client.RETRY_EVERY", 0.05)
    monkeypatch.setattr("scopa.net.client.RETRY_MOST", 0.05)
    game = open_game(Store(tmp_path / "marco"))
    friend = None
    try:
        address, friend = host_with_a_friend(game)
        game.close()  # the host closed the game, the match unfinished
        friend.client.reconnect_for = None  # Anna's window waits for the host
        game = open_game(Store(tmp_path / "marco"))
        question = ask_to_host_again(game)
        click(game, question.other_button)  # Close it for good
        lobby = game.stack.top
        assert isinstance(lobby, LobbyScene)
        run_until(game, lambda: lobby.session.seated is not None)
        assert lobby.session.seated.address != address
        run_until(game, lambda: friend.client.lost)
        told = [item for item in friend.poll() if isinstance(item, ServerError)]
        assert [error.code for error in told] == ["ended"]
        lobby.back()
        frame(game)
        assert waiting_table(game) is None
        assert not game.home().table_waits
    finally:
        if friend is not None:
            friend.close()
        game.close()


def test_a_friend_at_a_table_its_host_ended_is_told_and_forgets_it(tmp_path, friends_table):
    """The friend at the old table waited for its host for ever. Told the host ended the
    match, the table says so, and the seat and the address are no longer kept."""
    server, _, address = friends_table
    game = open_game(Store(tmp_path / "bruno"))
    try:
        table = join_from_the_menus(game, address)
        assert game.store.load_seats() and game.settings.online_address
        assert server.end(table.coordinator.ticket.code, 0)
        run_until(game, lambda: table.lost)
        assert table.coordinator.ended
        assert table.absence.words(lost=True) == game.t("online.ended_by_host")
        assert table.status_text() is None  # not "Waiting for Anna to play" under it
        assert not game.store.load_seats() and not game.settings.online_address
        # leaving goes straight to the title: not "Leave the table? Your seat stays yours:
        # Play online takes you back to it", of a match nobody can go back to
        game.matches.leave()
        assert game.stack.top.__class__.__name__ == "TitleScene"
        click(game, game.stack.top.online)
        online = game.stack.top
        online.address = address
        click(game, online.join_button)
        lobby = game.stack.top
        run_until(game, lambda: lobby.session.error is not None)
        # not "The table refused: ...": nothing was asked of it that it refused
        assert lobby._trouble() == game.t("online.ended_by_host")
    finally:
        game.close()


def test_a_sheet_read_as_the_host_ends_the_match_deals_no_next_round(tmp_path, friends_table):
    """The host ended the match while the friends read a round's sheet: Next round dealt
    the round the server had dealt before the end, under "The host ended the match", and
    the table said it waited for the others to finish reading. The sheet says the match is
    over and offers the main menu instead."""
    server, anna, address = friends_table
    game = open_game(Store(tmp_path / "bruno"))
    try:
        table = join_from_the_menus(game, address)
        play_the_round_out(game, table, anna, lambda obs: obs.legal_moves[0])
        sheet = game.stack.top
        assert isinstance(sheet, ScoringScene) and not sheet.match.over
        assert server.end(table.coordinator.ticket.code, 0)
        run_until(game, lambda: table.coordinator.link.client.lost)
        assert table.coordinator.reading() == [] and not table.coordinator.others_ready()
        labels = [button.text() for button in sheet.buttons]
        assert game.t("next_round") not in labels and game.t("to_title") in labels
        assert game.t("online.ended_by_host") in sheet.others_ready_hint()
        click(game, next(b for b in sheet.buttons if b.text() == game.t("to_title")))
        assert isinstance(game.stack.top, TitleScene)
        assert not game.store.load_seats()
    finally:
        game.close()


def test_a_table_left_in_its_lobby_is_not_said_to_hold_a_match(tmp_path, monkeypatch):
    """The host's game killed while the table waited for its players: the next start said
    "A match at your table online is still under way", and Host a table asked about an
    unfinished match, where no card had been dealt. The seat knows its match had not begun
    (until it does): the title and Play online say the table waits for its players, and a
    new table is opened in its place unasked."""
    from scopa.app.scenes.online import waiting_seat

    from .test_online_rejoin import host_from_the_menus

    monkeypatch.setattr("scopa.app.hosting.DEFAULT_PORT", 0)
    game = open_game(Store(tmp_path / "marco"))
    friend = None
    try:
        lobby = host_from_the_menus(game)
        held = waiting_seat(game)
        assert held is not None and not held.begun
        address = lobby.session.seated.address
        game.matches.close()  # the game killed: the table served no more, the seat kept
        game.stack.clear_to(TitleScene(game))
        frame(game)
        title = game.stack.top
        assert title.table_waits
        assert title._online_hint() == game.t("online.lobby_waits_title")
        click(game, title.online)
        online = game.stack.top
        assert online.waiting and online.address_note() == "online.your_lobby_waits"
        assert resolve(online.join_button.hint) == game.t("online.join_hint_lobby")
        click(game, online.host_button)
        lobby = game.stack.top
        assert isinstance(lobby, LobbyScene), "asked about a match never dealt"
        run_until(game, lambda: lobby.session.seated is not None)
        assert lobby.session.seated.address != address
        friend = BackgroundClient(lobby.session.server.local_address)
        code = lobby.session.seated.address.rsplit("/", 1)[1]
        friend.submit(friend.client.join(code, "Bruno")).result(20)
        table_opens(game)
        held = waiting_seat(game)
        assert held is not None and held.begun  # dealt: now a match under way
    finally:
        if friend is not None:
            friend.close()
        game.close()
