"""A window that comes back to a match under way (closed and opened again, its seat taken
back) shows it as the other windows do: the scores of the rounds played while it was away,
so its score sheet counts the rounds and charts them as theirs do, and the table's cards
lying in the order the others see them."""

from __future__ import annotations

import asyncio
import contextlib
import random
import threading
from collections.abc import Callable, Iterator
from pathlib import Path

import pygame
import pytest

from scopa.app.app import App
from scopa.app.hosting import LocalServer
from scopa.app.online import grouped
from scopa.app.scenes.scoring import ScoringScene
from scopa.app.table import TableScene
from scopa.app.wording import count
from scopa.engine import Breakdown, Card, DealerBonus, Match, Move, RoundScored, Rules
from scopa.net.client import BackgroundClient, Update
from scopa.storage import Store

from .menu_helpers import click
from .test_online import run_until
from .test_online_rejoin import join_from_the_menus, open_game, play_until, seat_held

SEED = 11
"""The match's shuffle (each window's plays, and so the table, are the same every run)."""


@pytest.fixture(autouse=True)
def seeded(monkeypatch):
    """Every table here is shuffled by ``SEED`` (autouse: before the table is made)."""
    monkeypatch.setattr("scopa.net.table.new_seed", lambda: SEED)


def play_a_round(anna: BackgroundClient, bruno: BackgroundClient) -> list[tuple[Breakdown, ...]]:
    """Both seats play their first legal move until a round is scored and the next dealt;
    the scores, as Anna's window was told them."""
    scored: list[tuple[Breakdown, ...]] = []

    def dealt_again(number: int, update: Update) -> bool:
        if number == 0:
            scored.extend(e.scores for e in update.events if isinstance(e, RoundScored))
        return bool(scored) and update.status == "playing"

    play_until((anna, bruno), dealt_again)
    return scored


def test_a_friend_back_at_the_table_has_the_rounds_played_before(tmp_path, friends_table):
    server, anna, address = friends_table
    store = Store(tmp_path / "bruno")
    bruno = seat_held(server, address, store)
    try:
        scored = play_a_round(anna, bruno)
    finally:
        bruno.close()
    game = open_game(store)
    try:
        table = join_from_the_menus(game, address)
        assert table.coordinator.seat == 1
        assert table.match.rounds == tuple(scored)
        assert table.match.round.round_no == 2
        sheet = ScoringScene(game, table.coordinator)
        assert sheet.headline() == game.t("round_over", n=1)
        totals = [sum(scores[side].total for scores in scored) for side in range(2)]
        assert [line[-1] for line in sheet.progress()] == totals == list(table.match.totals)
    finally:
        game.close()


def laid_out(table: TableScene) -> list[Card]:
    """The table's cards from left to right, as this window lays them."""
    return [card for card in table.view.slots if card is not None]


def shuffled(cards: list[Card]) -> bool:
    """Not in the deck's order (the order the engine keeps the table in)."""
    return cards != sorted(cards, key=lambda card: card.index)


class Turns:
    """Anna's word from the server, kept until she plays."""

    def __init__(self, anna: BackgroundClient) -> None:
        self.anna = anna
        self.latest: Update | None = None

    def hers(self) -> Update | None:
        """Anna's last position, when it is her turn."""
        for item in self.anna.poll():
            if isinstance(item, Update):
                self.latest = item
        latest = self.latest
        return latest if latest is not None and latest.my_turn else None

    def play(self, update: Update) -> None:
        move = update.observation.legal_moves[0]
        self.anna.submit(self.anna.client.play(move, update.at)).result(10)
        self.latest = None


def test_the_table_lies_in_the_same_order_after_the_window_comes_back(tmp_path, friends_table):
    _, anna, address = friends_table
    game = open_game(Store(tmp_path / "bruno"))
    try:
        table = join_from_the_menus(game, address)
        turns = Turns(anna)
        while not (any(table.match.observation.piles) and shuffled(laid_out(table))):
            assert table.match.at < 30, "no capture left the table out of the deck's order"
            run_until(game, lambda: table.human_to_play is not None or turns.hers() is not None)
            at = table.match.at
            update = turns.hers()
            if update is not None:
                turns.play(update)
            else:
                table.play(table.match.legal_moves()[0])
            run_until(game, lambda at=at: table.match.at > at and not table.director.busy)
        seen = laid_out(table)
        game.close()

        game = open_game(Store(tmp_path / "bruno"))
        table = join_from_the_menus(game, address)
        run_until(game, lambda: not table.director.busy)
        assert laid_out(table) == seen
    finally:
        game.close()
        pygame.display.quit()


def back_after(
    server,
    anna: BackgroundClient,
    address: str,
    store: Store,
    done: Callable[[Update], bool],
    choose: Callable[[tuple[Move, ...]], Move] = lambda moves: moves[0],
) -> tuple[Update, App, TableScene]:
    """Bruno plays (each seat its first legal move, or the one ``choose`` picks) until
    ``done`` says so of an update, closes the game, and opens it again on his seat: the
    last update, his game, his table."""
    bruno = seat_held(server, address, store)
    seen: list[Update] = []

    def seen_done(number: int, update: Update) -> bool:
        seen.append(update)
        return done(update) and update.status == "playing"

    try:
        play_until((anna, bruno), seen_done, choose=choose)
    finally:
        bruno.close()
    game = open_game(store)
    return seen[-1], game, join_from_the_menus(game, address)


def scopas_said(
    game: App, table: TableScene, scope: tuple[int, ...], bonus: tuple[int, ...] = ()
) -> bool:
    """Each side's plate counts ``scope`` scopas: the sweeps, and apart from them those
    of Cirulla's ``bonus`` ("1 scopa +3")."""
    rows = table.words.hud().rows
    bonus = bonus or (0,) * len(scope)
    said = []
    for n, extra in zip(scope, bonus, strict=True):
        swept = count(game.t, "table.scope", n - extra)
        said.append(game.t("table.scope_bonus", sweeps=swept, n=extra) if extra else swept)
    return all(row.detail.endswith(words) for row, words in zip(rows, said, strict=True))


def test_a_friend_back_at_the_table_sees_the_scopas_made_this_round(tmp_path, friends_table):
    """Bruno closed the game after a scopa: back at the table, the scopa's card lies across
    its side's pile again and the plate counts it, as in Anna's window."""
    server, anna, address = friends_table
    swept = back_after(server, anna, address, Store(tmp_path / "bruno"),
                       lambda update: any(update.observation.scope))  # fmt: skip
    last, game, table = swept
    try:
        scope = last.observation.scope
        assert table.match.observation.scope == scope
        assert [len(cards) for cards in table.view.markers] == list(scope)
        assert scopas_said(game, table, scope)
    finally:
        game.close()


@contextlib.contextmanager
def cirulla_table(tmp_path: Path) -> Iterator[tuple[LocalServer, BackgroundClient, str]]:
    """A Cirulla table of two held by a server on another computer, Anna in the first seat:
    the server, Anna's link and the table's address."""
    server = LocalServer(tmp_path / "host", port=0)
    server.start()
    anna = BackgroundClient(server.local_address)
    try:
        seats = [{"kind": "human"}, {"kind": "human"}]
        ticket = anna.submit(anna.client.create(Rules(cirulla=True), seats, "Anna", 0)).result(20)
        yield server, anna, f"{server.local_address}/{grouped(ticket.code)}"
    finally:
        anna.close()
        server.stop()


def test_a_friend_back_at_a_cirulla_table_sees_the_bonuses_made_this_round(tmp_path):
    """The points a side made this round from Cirulla's bonuses count among its scopas on
    its plate, in a window come back to the round as in the others."""
    with cirulla_table(tmp_path) as (server, anna, address):
        last, game, table = back_after(server, anna, address, Store(tmp_path / "bruno"),
                                       lambda update: any(update.observation.bonus))  # fmt: skip
        try:
            scope = last.observation.scope
            assert table.match.observation.scope == scope
            assert scopas_said(game, table, scope, last.observation.bonus)
        finally:
            game.close()


KNOCKS = 1
"""A shuffle whose opening table Bruno, the dealer, takes for his bonus, and whose hand he
then knocks with (each seat knocking whenever it may)."""


def knocking(moves: tuple[Move, ...]) -> Move:
    """A knock when there is one, else the first legal move."""
    return next((move for move in moves if move.is_declaration), moves[0])


def test_a_friend_back_after_knocking_sees_his_hand_said_shown(tmp_path, monkeypatch):
    """Bruno knocked (his hand face up for everyone) and closed the game: back at the
    table his plate says his hand is shown, as Anna's window says it, not only held."""
    monkeypatch.setattr("scopa.net.table.new_seed", lambda: KNOCKS)
    with cirulla_table(tmp_path) as (server, anna, address):
        last, game, table = back_after(server, anna, address, Store(tmp_path / "bruno"),
                                       lambda update: bool(update.observation.shown[1]),
                                       knocking)  # fmt: skip
        try:
            shown = last.observation.shown[1]
            assert shown and set(shown) <= set(table.view.hands[1])
            plate = table.words.plates(table.layout, covered=False, pulse=0.0)[1]
            held = len(table.view.hands[1])
            assert plate.detail == count(game.t, "table.in_hand_shown", held)
        finally:
            game.close()


def shows(table: TableScene, update: Update) -> bool:
    """``table`` lays out what ``update`` tells its seat: the table's cards in the order
    the other windows lay them, every hand and pile, the scopas across them."""
    obs, view = update.observation, table.view
    return (
        laid_out(table) == list(obs.table)
        and view.hands[obs.seat] == list(obs.hand)
        and [len(hand) for hand in view.hands] == list(obs.hand_sizes)
        and [view.count("pile", side) + len(view.markers[side]) for side in range(2)]
        == [len(pile) for pile in obs.piles]
        and [len(cards) for cards in view.markers] == list(obs.scope)
    )


@contextlib.contextmanager
def cut_off(link: BackgroundClient) -> Iterator[None]:
    """``link``'s connection drops, and it comes back only when the block ends."""
    client = link.client
    gate = threading.Event()
    reopen = client._open

    async def held() -> None:
        await asyncio.to_thread(gate.wait, 20)
        await reopen()

    client._open = held  # type: ignore[method-assign]
    try:
        link.submit(client._ws.close()).result(10)
        yield
    finally:
        gate.set()


def test_a_window_cut_off_while_moves_were_made_shows_the_table_as_it_is_now(
    tmp_path, friends_table
):
    """Bruno's link dropped while Anna played: it came back with the table as it is now,
    but his window kept showing it as he last saw it (her card still in her hand, none of
    it on the table)."""
    _, anna, address = friends_table
    game = open_game(Store(tmp_path / "bruno"))
    try:
        table = join_from_the_menus(game, address)
        turns = Turns(anna)
        run_until(game, lambda: table.human_to_play is not None or turns.hers() is not None)
        if turns.hers() is None:
            table.play(table.match.legal_moves()[0])
        run_until(game, lambda: turns.hers() is not None and not table.director.busy)
        link = table.coordinator.link
        with cut_off(link):
            run_until(game, lambda: not link.client.online)
            update = turns.hers()
            assert update is not None
            turns.play(update)
        run_until(game, lambda: link.client.online and table.match.at > update.at)
        run_until(game, lambda: not table.director.busy)
        back = link.client.last
        assert back is not None and back.catching_up and back.at == update.at + 1
        assert shows(table, back)
        assert scopas_said(game, table, back.observation.scope)
        shown, seen = table.director.shown, back.observation
        assert (shown.round_no, shown.deal_no, shown.dealer, shown.totals) == (
            seen.round_no, seen.deal_no, seen.dealer, seen.totals
        )  # fmt: skip
    finally:
        game.close()
        pygame.display.quit()


def test_a_friend_back_at_a_cirulla_round_sees_the_opening_table_the_dealer_took(
    tmp_path, monkeypatch
):
    """Bruno dealt and took the opening table for his bonus: back at the table after
    closing the game, the last tricks (Tab) show that take, as in Anna's window."""
    monkeypatch.setattr("scopa.net.table.new_seed", lambda: KNOCKS)
    opening = Match.new(Rules(cirulla=True), random.Random(KNOCKS)).opening_events()
    (bonus,) = [event for event in opening if isinstance(event, DealerBonus)]
    with cirulla_table(tmp_path) as (server, anna, address):
        last, game, table = back_after(server, anna, address, Store(tmp_path / "bruno"),
                                       lambda update: update.at >= 2)  # fmt: skip
        try:
            assert last.observation.round_no == 1
            dealer, cards = table.director.shown.opening_take or (None, ())
            assert (dealer, set(cards)) == (bonus.dealer, set(bonus.cards))
        finally:
            game.close()


def holds_the_round_s_last_card(update: Update) -> bool:
    """Anna is to play the last card of the round."""
    obs = update.observation
    return obs.stock_size == 0 and sum(obs.hand_sizes) == 1 and len(obs.hand) == 1


ENDS_ON_ANNA = 3
"""A shuffle whose match ends with a round whose last card is Anna's (each seat playing
its first legal move), as does its first round."""


@pytest.fixture
def ends_on_anna(monkeypatch):
    """The table made next is shuffled by ``ENDS_ON_ANNA`` (ask for it before the table)."""
    monkeypatch.setattr("scopa.net.table.new_seed", lambda: ENDS_ON_ANNA)


def test_a_window_cut_off_as_a_round_ends_shows_the_sheet_it_missed(
    tmp_path, ends_on_anna, friends_table
):
    """Bruno's link dropped as Anna played a round's last card, the match's last among
    them: back, his window laid out the next deal (or the final position) and went on, the
    round's sheet, with its scores and the match's result, never shown to him."""
    _, anna, address = friends_table
    game = open_game(Store(tmp_path / "bruno"))
    try:
        table = join_from_the_menus(game, address)
        turns = Turns(anna)
        missed: list[bool] = []  # per round whose end Bruno missed: the match's last
        while not table.match.over:
            assert table.match.round.round_no < 12, "the match did not end"
            top = game.stack.top
            if isinstance(top, ScoringScene):  # a round's end Bruno saw: on to the next
                click(game, top.buttons[-1])
                continue
            run_until(
                game,
                lambda: (
                    isinstance(game.stack.top, ScoringScene)
                    or (table.human_to_play is not None and not table.director.busy)
                    or turns.hers() is not None
                ),
            )
            update = turns.hers()
            if update is not None and holds_the_round_s_last_card(update):
                link = table.coordinator.link
                rounds = len(table.match.rounds)
                with cut_off(link):
                    run_until(game, lambda link=link: not link.client.online)
                    turns.play(update)
                run_until(game, lambda rounds=rounds: len(table.match.rounds) > rounds)
                run_until(game, lambda: isinstance(game.stack.top, ScoringScene))
                sheet = game.stack.top
                assert link.client.last is not None and link.client.last.catching_up
                if table.match.over:
                    assert sheet.headline() != game.t("round_over", n=len(table.match.rounds))
                else:
                    assert sheet.headline() == game.t("round_over", n=len(table.match.rounds))
                assert [line[-1] for line in sheet.progress()] == list(table.match.totals)
                missed.append(table.match.over)
            elif update is not None:
                turns.play(update)
            elif isinstance(game.stack.top, TableScene) and table.human_to_play is not None:
                at = table.match.at
                table.play(table.match.legal_moves()[0])
                run_until(game, lambda at=at: table.match.at > at)
        assert missed[0] is False and missed[-1] is True
        assert isinstance(game.stack.top, ScoringScene)
    finally:
        game.close()
        pygame.display.quit()
