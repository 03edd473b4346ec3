"""What went wrong on the way to a table is said in the lobby, in the player's language, and
never closes the game: an address that cannot be read, a damaged file of the tables hosted
here (set aside, and a new one made), a wss:// table whose certificate is not trusted, and
anything this game did not expect (logged with its traceback)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from scopa.app.app import App
from scopa.app.hosting import LocalServer
from scopa.app.online import OnlineSession
from scopa.app.registry import default_scenes
from scopa.app.scenes.confirm import ConfirmScene
from scopa.app.scenes.lobby import LobbyScene
from scopa.app.scenes.online import OnlineScene
from scopa.engine import Rules
from scopa.net.client import BackgroundClient
from scopa.net.store import StoreError
from scopa.storage import HeldSeat, Store
from tests.net.helpers import make_certificate, serving_tls_on_a_thread

from .menu_helpers import click, frame
from .test_online import run_until, table_opens

GARBAGE = b"these are not the tables you are looking for\n" * 50


@pytest.fixture
def online(app, monkeypatch) -> OnlineScene:  # noqa: ANN001
    """The Play online screen, in English; a table hosted here takes any free port."""
    monkeypatch.setattr("scopa.app.hosting.DEFAULT_PORT", 0)
    app.settings = app.settings.with_(language="en", tutorial_done=True)
    app.open("online")
    scene = app.stack.top
    assert isinstance(scene, OnlineScene)
    return scene


def join(app, online: OnlineScene, address: str) -> LobbyScene:  # noqa: ANN001
    online.address = address
    click(app, online.join_button)
    lobby = app.stack.top
    assert isinstance(lobby, LobbyScene)
    return lobby


def host(app, online: OnlineScene) -> LobbyScene:  # noqa: ANN001
    click(app, online.host_button)
    lobby = app.stack.top
    assert isinstance(lobby, LobbyScene)
    return lobby


def in_italian(app) -> None:  # noqa: ANN001
    app.settings = app.settings.with_(language="it")
    app.set_language("it")


# --- B5: an address that cannot be read ------------------------------------------------------


@pytest.mark.parametrize(
    "address", ["ws://[::1", "[", "192.168.1.20]:8765/ABCDE", "ws://[zz]:80/ABCDE-FGHIJ-KLM"]
)
def test_an_address_with_a_bracket_unmatched_is_explained_now_and_after_a_restart(
    app, online, tmp_path, address
) -> None:
    """urllib's ValueError ("Invalid IPv6 URL") closed the game from the lobby; and the
    address, kept for the next time, closed it again at the next Join."""
    lobby = join(app, online, address)
    frame(app)
    assert lobby._status()[0] == app.t("online.bad_address")
    click(app, lobby.leave_button)
    assert app.stack.top is online
    again = App(Store(tmp_path), size=(1280, 720), scenes=default_scenes())
    in_italian(again)
    again.open("online")
    back = again.stack.top
    assert back.address == address  # what was typed is kept, to be put right
    lobby = join(again, back, back.address)
    frame(again)
    assert lobby._status()[0] == again.t("online.bad_address")
    assert lobby._status()[0].startswith("Questo non è")


# --- B6: the file of the tables hosted here --------------------------------------------------


def spoil(path: Path, how: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    if how == "garbage":
        path.write_bytes(GARBAGE)
    else:
        path.mkdir()
        (path / "inside").write_bytes(GARBAGE)


def tables_in(path: Path) -> int:
    db = sqlite3.connect(path)
    try:
        return int(db.execute("SELECT COUNT(*) FROM tables").fetchone()[0])
    finally:
        db.close()


@pytest.mark.parametrize("how", ["garbage", "folder"])
def test_a_damaged_file_of_hosted_tables_is_set_aside_and_the_table_opens(
    app, online, tmp_path, how
) -> None:
    """Open a table with a damaged hosted.sqlite3 raised StoreError ("file is not a
    database") out of the frame; now the file is kept as a backup, a new one is made, and
    the player is told where the old one is, in their language."""
    path = tmp_path / "hosted.sqlite3"
    spoil(path, how)
    in_italian(app)
    lobby = host(app, online)
    run_until(app, lambda: lobby.session.seated is not None or lobby.session.error is not None)
    assert lobby.session.error is None
    backup = tmp_path / "hosted.sqlite3.bak"
    said = app.t("online.hosted_set_aside", backup=backup.name, folder=str(tmp_path))
    assert said.startswith("L'elenco dei tavoli che ospiti")
    assert said in [toast.text for toast in app.toasts.shown()]
    if how == "garbage":
        assert backup.read_bytes() == GARBAGE  # nothing of it is lost
    else:
        assert (backup / "inside").read_bytes() == GARBAGE
    assert tables_in(path) == 1  # the new file holds the table just opened
    frame(app)
    assert [toast.text for toast in app.toasts.shown()].count(said) == 1  # told once
    click(app, lobby.leave_button)


def test_a_seat_at_a_table_lost_with_the_damaged_file_is_told_so_and_forgotten(
    app, online, tmp_path
) -> None:
    """Rejoining a table hosted here whose file was damaged said only "no table has this
    code (is the match over?)", and the seat stayed remembered for ever; now the lobby says
    the table went with the unreadable list, and the seats held at tables hosted here are
    forgotten (a seat at a friend's table is kept)."""
    store = app.store
    lost = HeldSeat("ws://127.0.0.1:1", "k3fzq8ta9mwex", 0, "a" * 32, hosted=True)
    friends = HeldSeat("ws://192.0.2.1:8765", "m4gzr9tb0nxey", 1, "b" * 32)
    assert store.hold_seat(lost) and store.hold_seat(friends)
    spoil(tmp_path / "hosted.sqlite3", "garbage")
    in_italian(app)
    lobby = join(app, online, "k3fz-q8ta-9mwex")
    run_until(app, lambda: lobby.session.error is not None)
    frame(app)
    assert lobby.session.error_kind == "lost"
    assert lobby._status()[0] == app.t("online.hosted_table_lost")
    assert lobby._status()[0].startswith("Questo tavolo era nell'elenco")
    assert store.load_seats() == [friends]
    backup = tmp_path / "hosted.sqlite3.bak"
    assert backup.read_bytes() == GARBAGE
    said = app.t("online.hosted_set_aside", backup=backup.name, folder=str(tmp_path))
    assert said in [toast.text for toast in app.toasts.shown()]
    click(app, lobby.leave_button)


@pytest.mark.parametrize("language", ["it", "en"])
def test_a_seat_at_a_table_hosted_here_that_the_file_no_longer_holds_is_forgotten(
    app, online, tmp_path, language
) -> None:
    """With the file of hosted tables removed (or a copy of the folder that lost its last
    writes), the title said at every start that the table still waited, and Join answered
    "no table has this code: check it letter by letter", a code the player never typed.
    The lobby says the table is no longer among those hosted here, and its seat is
    forgotten: the title waits no more (a seat at a friend's table is kept)."""
    store = app.store
    gone = HeldSeat("ws://127.0.0.1:1", "k3fzq8ta9mwex", 0, "a" * 32, hosted=True)
    friends = HeldSeat("ws://192.0.2.1:8765", "m4gzr9tb0nxey", 1, "b" * 32)
    assert store.hold_seat(gone) and store.hold_seat(friends)
    assert not (tmp_path / "hosted.sqlite3").exists()
    app.set_language(language)
    lobby = join(app, online, "k3fz-q8ta-9mwex")
    run_until(app, lambda: lobby.session.error is not None)
    frame(app)
    assert lobby._status()[0] == app.t("online.hosted_table_gone")
    assert store.load_seats() == [friends]
    click(app, lobby.leave_button)
    app.home()
    frame(app)
    title = app.stack.top
    assert not title.table_waits


def test_a_table_opened_after_the_file_was_set_aside_keeps_its_own_seat(
    app, online, tmp_path
) -> None:
    """The seats of the lost tables are forgotten before the new table's is held."""
    store = app.store
    store.hold_seat(HeldSeat("ws://127.0.0.1:1", "k3fzq8ta9mwex", 0, "a" * 32, hosted=True))
    spoil(tmp_path / "hosted.sqlite3", "garbage")
    click(app, online.host_button)
    question = app.stack.top
    assert isinstance(question, ConfirmScene)  # a match at that table was under way
    click(app, question.other_button)  # close it for good: it is gone already
    lobby = app.stack.top
    assert isinstance(lobby, LobbyScene)
    run_until(app, lambda: lobby.session.seated is not None or lobby.session.error is not None)
    assert lobby.session.error is None
    (seat,) = store.load_seats()
    assert seat.hosted and seat.code == lobby.session.seated.ticket.code
    click(app, lobby.leave_button)


def test_a_file_of_hosted_tables_that_cannot_be_set_aside_is_said_in_the_lobby(
    app, online, tmp_path, monkeypatch
) -> None:
    """A damaged file that cannot be moved (a read-only folder): the table is not opened,
    the lobby says why, and the game goes on."""
    path = tmp_path / "hosted.sqlite3"
    spoil(path, "garbage")

    def refuse(*_: object) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr("scopa.app.hosting.os.replace", refuse)
    lobby = host(app, online)
    run_until(app, lambda: lobby.session.error is not None)
    frame(app)
    assert lobby.session.error_kind == "store"
    assert lobby._status()[0] == app.t("online.hosted_unusable", folder=str(tmp_path))
    assert path.read_bytes() == GARBAGE
    click(app, lobby.leave_button)
    assert app.stack.top is online


def test_the_server_hosted_here_keeps_a_damaged_file_under_a_free_backup_name(tmp_path) -> None:
    """``.bak`` is taken: ``.bak2``, as the game's other files; the log beside the file goes
    with it; where it went is said once."""
    path = tmp_path / "hosted.sqlite3"
    spoil(path, "folder")
    (tmp_path / "hosted.sqlite3-wal").write_bytes(b"an old log")
    (tmp_path / "hosted.sqlite3.bak").write_bytes(b"an older backup")
    server = LocalServer(tmp_path, port=0)
    try:
        server.start()
        backup = tmp_path / "hosted.sqlite3.bak2"
        assert server.take_set_aside() == backup and server.take_set_aside() is None
        assert (backup / "inside").read_bytes() == GARBAGE
        assert (tmp_path / "hosted.sqlite3.bak2-wal").read_bytes() == b"an old log"
        assert (tmp_path / "hosted.sqlite3.bak").read_bytes() == b"an older backup"
        link = BackgroundClient(server.local_address)
        try:  # the new file keeps tables
            seats = [{"kind": "human"}, {"kind": "human"}]
            link.submit(link.client.create(Rules(), seats, "Anna")).result(20)
        finally:
            link.close()
    finally:
        server.stop()


def test_the_server_hosted_here_keeps_the_newest_backups_only(tmp_path) -> None:
    """A table file damaged again and again does not fill the folder: the oldest backup
    goes, with its log, once five newer ones are kept."""
    path = tmp_path / "hosted.sqlite3"
    for number in range(1, 6):
        backup = tmp_path / ("hosted.sqlite3.bak" + ("" if number == 1 else str(number)))
        backup.write_bytes(b"backup %d" % number)
        (tmp_path / (backup.name + "-wal")).write_bytes(b"log %d" % number)
    path.write_bytes(GARBAGE)
    server = LocalServer(tmp_path, port=0)
    try:
        server.start()
        assert server.take_set_aside() == tmp_path / "hosted.sqlite3.bak6"
    finally:
        server.stop()
    assert not (tmp_path / "hosted.sqlite3.bak").exists()
    assert not (tmp_path / "hosted.sqlite3.bak-wal").exists()
    for number in range(2, 6):
        assert (tmp_path / f"hosted.sqlite3.bak{number}").read_bytes() == b"backup %d" % number
        assert (tmp_path / f"hosted.sqlite3.bak{number}-wal").read_bytes() == b"log %d" % number
    assert (tmp_path / "hosted.sqlite3.bak6").read_bytes() == GARBAGE


def test_a_folder_where_no_table_file_can_be_made_is_a_store_error(tmp_path) -> None:
    (tmp_path / "data").write_text("a file where the folder should be")
    server = LocalServer(tmp_path / "data" / "inside", port=0)
    with pytest.raises((StoreError, OSError)):
        server.start()
    assert server.take_set_aside() is None


# --- B7: wss:// tables -----------------------------------------------------------------------


@pytest.fixture(scope="module")
def certificate(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, str]:
    return make_certificate(tmp_path_factory.mktemp("tls"))


def test_a_table_whose_certificate_is_not_trusted_is_explained(
    app, online, tmp_path, certificate
) -> None:
    """Joining by a wss:// address raised "ssl=None is incompatible with a wss:// URI" out
    of the frame; a certificate this computer does not trust is now said as such."""
    with serving_tls_on_a_thread(tmp_path / "server", certificate) as address:
        in_italian(app)
        lobby = join(app, online, f"{address}/ABCDE-FGHIJ-KLM")
        run_until(app, lambda: lobby.session.error is not None)
        frame(app)
    server = address.split("//", 1)[1]
    assert lobby.session.error_kind == "untrusted"
    assert lobby._status()[0] == app.t("online.untrusted", server=server)
    assert app.stack.top is lobby


def test_a_wss_table_with_a_trusted_certificate_is_joined_from_the_menus(
    app, online, tmp_path, certificate, monkeypatch
) -> None:
    monkeypatch.setenv("SSL_CERT_FILE", certificate[0])  # the system trusts it
    monkeypatch.delenv("SSL_CERT_DIR", raising=False)
    with serving_tls_on_a_thread(tmp_path / "server", certificate) as address:
        friend = BackgroundClient(address)
        try:
            seats = [{"kind": "human"}, {"kind": "human"}]
            ticket = friend.submit(friend.client.create(Rules(), seats, "Anna")).result(20)
            join(app, online, f"{address}/{ticket.code}")
            table_opens(app)
            assert app.stack.top.coordinator.seat == 1
        finally:
            friend.close()
            app.matches.close()
            app.home()


# --- anything else ---------------------------------------------------------------------------


def test_anything_unexpected_while_joining_is_logged_and_said(app, online, capsys, monkeypatch):
    """check() let through all but a few kinds of error: any other closed the game."""

    def fail(*_: object) -> None:
        raise RuntimeError("a fault of the game's own")

    monkeypatch.setattr(OnlineSession, "_sit", fail)
    lobby = join(app, online, "ws://127.0.0.1:9/ABCDE-FGHIJ-KLM")
    run_until(app, lambda: lobby.session.error is not None)
    frame(app)
    assert lobby.session.error_kind == "failed"
    assert lobby._status()[0] == app.t("online.cannot_reach", server="127.0.0.1:9")
    err = capsys.readouterr().err
    assert "Traceback" in err and "RuntimeError: a fault of the game's own" in err
    click(app, lobby.leave_button)
    assert app.stack.top is online


def test_anything_unexpected_while_opening_a_table_is_logged_and_said(
    app, online, capsys, monkeypatch
):
    def fail(*_: object) -> None:
        raise KeyError("a fault of the game's own")

    monkeypatch.setattr(LocalServer, "start", fail)
    in_italian(app)
    lobby = host(app, online)
    run_until(app, lambda: lobby.session.error is not None)
    frame(app)
    assert lobby._status()[0] == app.t("online.cannot_host")
    assert lobby._status()[0].startswith("Non è stato possibile aprire il tavolo")
    assert "KeyError" in capsys.readouterr().err
    click(app, lobby.leave_button)
    assert app.stack.top is online


def test_a_table_nothing_answered_for_can_be_looked_for_again(app, online) -> None:
    """Nothing answered at the address: the lobby offered only Leave, and the player had
    to go back and type it again. Try again looks once more, where it looked first."""
    lobby = join(app, online, "ws://127.0.0.1:9/ABCDE-FGHIJ-KLM")
    run_until(app, lambda: lobby.session.error is not None)
    frame(app)
    assert lobby.session.error_kind == "reach"
    assert lobby.retry_button in lobby.form.widgets and lobby.retry_button.rect.w > 0
    first = lobby.session
    click(app, lobby.retry_button)
    assert lobby.session is not first and lobby.session.error is None
    assert lobby.retry_button not in lobby.form.widgets
    assert lobby._status()[0] == app.t("online.connecting", server="127.0.0.1:9")
    run_until(app, lambda: lobby.session.error is not None)
    frame(app)
    assert lobby.retry_button in lobby.form.widgets
    click(app, lobby.leave_button)
    assert app.stack.top is online


def test_a_bad_address_is_not_offered_to_be_tried_again(app, online) -> None:
    lobby = join(app, online, "ws://[::1")
    run_until(app, lambda: lobby.session.error is not None)
    frame(app)
    assert lobby.retry_button not in lobby.form.widgets


def test_ws_typed_for_a_table_served_over_tls_says_to_type_wss(
    app, online, tmp_path, certificate
) -> None:
    """ws:// typed for a wss:// table said "cannot be reached: check the address, and that
    the game holding the table is still open", of a server that answered."""
    with serving_tls_on_a_thread(tmp_path / "server", certificate) as address:
        plain = "ws://" + address.removeprefix("wss://")
        lobby = join(app, online, f"{plain}/ABCDE-FGHIJ-KLM")
        run_until(app, lambda: lobby.session.error is not None)
        frame(app)
    assert lobby.session.error_kind == "scheme_wss"
    server = plain.split("//", 1)[1]
    assert lobby._status()[0] == app.t("online.scheme_wss", server=server)
    assert "wss://" in lobby._status()[0]
