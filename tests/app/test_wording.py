"""What the player reads, as a native speaker expects it: "you" in a solo match, plural verbs
for partners, cards with their article and their deck's names, singular counts, the target
with its article, and one word for each thing. Sentences are read through the code that
shows them (scoring sheet, table banners, cover, score panel, hint, tutorial, rules)."""

from __future__ import annotations

import re

import pytest

from scopa.ai.hints import Hint
from scopa.app.matches import MatchCoordinator
from scopa.app.scenes.flow import describe
from scopa.app.scenes.rule_examples import EXAMPLES, caption_text
from scopa.app.scenes.scoring import ScoringScene
from scopa.app.scenes.tutorial import TutorialScene
from scopa.app.table import TableScene
from scopa.app.wording import Seats, card_list, card_name, count, italian_vowel_number, target_line
from scopa.engine import DECK, Card, LastCapture, Match, MatchWon, Move, Rules, score_round
from scopa.i18n import Translator, tables
from scopa.settings import MatchSetup, SeatConfig

from .table_helpers import coordinated, fixed_match, inline_worker, settle

C = Card.parse


def speak(app, language: str, deck: str = "napoletane") -> None:
    app.settings = app.settings.with_(language=language, deck_style=deck, animation_speed="fast")
    app.set_language(language)


def seats(*people: tuple[str, bool]) -> tuple[SeatConfig, ...]:
    return tuple(SeatConfig(name, human, "expert") for name, human in people)


def won_match(rules: Rules, winner: int, *, coins_to: int | None = None) -> Match:
    """A finished match won by side ``winner``, whose one round gave every coin to side 0 (or
    to ``coins_to``, a cappotto) and every other card to side 1."""
    start = Match.new(rules, 7)
    coins = [card for card in DECK if card.suit == "D"]
    rest = [card for card in DECK if card.suit != "D"]
    piles = [coins, rest] if not coins_to else [rest, coins]
    scores = score_round(piles, (0,) * rules.sides, rules)
    totals = tuple(12 if side == winner else 3 for side in range(rules.sides))
    cappotto = coins_to is not None
    return Match._make(rules, 7, 0, (), start.round, totals, (scores,), winner, cappotto, None)


SOLO = MatchSetup(seats(("Tu", True), ("Giulia", False)), Rules())
SOLO_TEAM = MatchSetup(
    seats(("Tu", True), ("Giulia", False), ("Marco", False), ("Lucia", False)),
    Rules(players=4, teams=True),
)
HOTSEAT_TEAMS = MatchSetup(
    seats(("Anna", True), ("Giulia", False), ("Bruno", True), ("Lucia", False)),
    Rules(players=4, teams=True),
)
WATCH = MatchSetup(seats(("Giulia", False), ("Marco", False)), Rules())


# --- who wins -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("language", "setup", "winner", "headline"),
    [
        ("it", SOLO, 0, "Hai vinto!"),
        ("en", SOLO, 0, "You win!"),
        ("it", SOLO, 1, "Vince Giulia!"),
        ("it", SOLO_TEAM, 0, "Ha vinto la tua squadra!"),
        ("en", SOLO_TEAM, 0, "Your team wins!"),
        ("it", SOLO_TEAM, 1, "Vincono Giulia e Lucia!"),
        ("it", HOTSEAT_TEAMS, 0, "Vincono Anna e Bruno!"),
        ("en", HOTSEAT_TEAMS, 0, "Anna and Bruno win!"),
        ("it", WATCH, 1, "Vince Marco!"),
        ("en", WATCH, 0, "Giulia wins!"),
    ],
)
def test_the_headline_of_a_won_match(app, language, setup, winner, headline) -> None:
    speak(app, language)
    scene = ScoringScene(
        app,
        MatchCoordinator(
            MatchSetup(setup.seats, (won_match(setup.rules, winner)).rules),
            won_match(setup.rules, winner),
        ),
    )
    assert scene.headline() == headline


def test_a_solo_player_with_any_name_is_you(app) -> None:
    speak(app, "it")
    setup = MatchSetup(seats(("Anna", True), ("Giulia", False)), Rules())
    assert (
        ScoringScene(
            app,
            MatchCoordinator(
                MatchSetup(setup.seats, (won_match(Rules(), 0)).rules), won_match(Rules(), 0)
            ),
        ).headline()
        == "Hai vinto!"
    )


def test_the_final_score_is_said_with_the_winner_s_points_first(app) -> None:
    """ "Giulia wins! Final score 3 – 12" put the loser's points first."""
    speak(app, "en")
    match = won_match(Rules(), 1)
    scene = ScoringScene(app, MatchCoordinator(MatchSetup(SOLO.seats, match.rules), match))
    assert scene.headline() == "Giulia wins!"
    assert scene.result_line() == "Round 1 · final score 12 \u2013 3"
    match = won_match(Rules(), 0)
    scene = ScoringScene(app, MatchCoordinator(MatchSetup(SOLO.seats, match.rules), match))
    assert scene.result_line() == "Round 1 · final score 12 \u2013 3"


def test_cappotto_wins_outright_and_names_the_deck_s_coins(app) -> None:
    speak(app, "en", "french")
    scene = ScoringScene(
        app,
        MatchCoordinator(
            MatchSetup(SOLO.seats, (won_match(Rules(cappotto=True), 0, coins_to=0)).rules),
            won_match(Rules(cappotto=True), 0, coins_to=0),
        ),
    )
    line = scene.result_line()
    assert line.startswith("Cappotto! All ten diamonds: the match is won outright")
    speak(app, "it")
    scene = ScoringScene(
        app,
        MatchCoordinator(
            MatchSetup(SOLO.seats, (won_match(Rules(cappotto=True), 0, coins_to=0)).rules),
            won_match(Rules(cappotto=True), 0, coins_to=0),
        ),
    )
    assert scene.result_line().startswith("Cappotto! Tutti e dieci i denari")


def test_the_coins_category_is_diamonds_with_the_french_deck(app) -> None:
    match = won_match(Rules(), 0)
    speak(app, "it", "french")
    assert {
        row.key: row.label
        for row in ScoringScene(
            app, MatchCoordinator(MatchSetup(SOLO.seats, (match).rules), match)
        ).sheet()
    }["denari"] == "Quadri"
    speak(app, "en", "french")
    assert {
        row.key: row.label
        for row in ScoringScene(
            app, MatchCoordinator(MatchSetup(SOLO.seats, (match).rules), match)
        ).sheet()
    }["denari"] == "Diamonds"
    speak(app, "en", "piacentine")
    assert {
        row.key: row.label
        for row in ScoringScene(
            app, MatchCoordinator(MatchSetup(SOLO.seats, (match).rules), match)
        ).sheet()
    }["denari"] == "Coins"


def test_an_incomplete_primiera_of_one_suit_says_one_suit(app) -> None:
    rules = Rules(incomplete_primiera=True)
    match = won_match(rules, 0)  # side 0 holds only coins
    speak(app, "it")
    cell = {
        row.key: row
        for row in ScoringScene(
            app, MatchCoordinator(MatchSetup(SOLO.seats, (match).rules), match)
        ).sheet()
    }["primiera"].cells[0]
    assert cell.endswith("(1 seme)")
    speak(app, "en")
    cell = {
        row.key: row
        for row in ScoringScene(
            app, MatchCoordinator(MatchSetup(SOLO.seats, (match).rules), match)
        ).sheet()
    }["primiera"].cells[0]
    assert cell.endswith("(1 suit)")


def test_the_scoring_sheet_labels_the_round_code(app) -> None:
    speak(app, "en")
    code = ScoringScene(
        app,
        MatchCoordinator(
            MatchSetup(SOLO.seats, (won_match(Rules(), 0)).rules), won_match(Rules(), 0)
        ),
    ).deal_code()
    # and says where it serves
    assert re.fullmatch(r"Code of this round: [0-9A-Z]{6}-1-2S \(New game deals it again\)", code)


# --- the table ----------------------------------------------------------------------------


def table(app, setup: MatchSetup) -> TableScene:
    match = fixed_match("7D 2C 10S", "1B 3B 8C", "7C 4S 5D 9B", setup.rules)
    scene = TableScene(app, coordinated(app, setup, match), worker=inline_worker())
    app.stack.push(scene)
    settle(app, scene)
    return scene


def banner_for(scene: TableScene, event) -> str:
    """The banner the table's director raises for ``event``."""
    scene.director.clear()
    scene.director.show([event])
    scene.director.update(0.0)
    return scene.director.banners[-1].text


@pytest.mark.parametrize(
    ("language", "last", "won"),
    [
        ("it", "Le ultime carte a te", "Hai vinto!"),
        ("en", "The last cards go to you", "You win!"),
    ],
)
def test_solo_banners_speak_to_you(app, language, last, won) -> None:
    speak(app, language)
    scene = table(app, SOLO)
    assert banner_for(scene, LastCapture(0, ())) == last
    assert banner_for(scene, MatchWon(0, (11, 3))) == won
    assert banner_for(scene, LastCapture(1, ())) != last
    assert "Giulia" in banner_for(scene, LastCapture(1, ()))


def test_banners_name_partners_with_a_plural_verb(app) -> None:
    speak(app, "it")
    scene = table(app, HOTSEAT_TEAMS)
    assert banner_for(scene, LastCapture(1, ())) == "Le ultime carte a Giulia e Lucia"
    assert banner_for(scene, MatchWon(0, (11, 3))) == "Vincono Anna e Bruno!"


def test_the_cover_hands_the_computer_to_the_next_player_by_name(app) -> None:
    speak(app, "it")
    setup = MatchSetup(seats(("Tu", True), ("Giulia", True)), Rules())
    scene = table(app, setup)
    scene.cover = 1
    title, hint = scene.cover_texts()[:2]
    assert title == "Passa lo schermo a Giulia"
    assert hint.startswith("Giulia:")
    scene.cover = 0  # the default name "Tu" means nothing when two people share the screen
    assert scene.cover_texts()[0] == "Passa lo schermo a Giocatore 1"
    speak(app, "en")
    scene.cover = 1
    assert scene.cover_texts()[0] == "Pass the screen to Giulia"


@pytest.mark.parametrize(
    ("target", "italian", "english"),
    [
        (11, "Si gioca agli 11", "Playing to 11"),
        (16, "Si gioca ai 16", "Playing to 16"),
        (21, "Si gioca ai 21", "Playing to 21"),
        (31, "Si gioca ai 31", "Playing to 31"),
    ],
)
def test_the_score_panel_says_what_the_match_is_played_to(app, target, italian, english) -> None:
    setup = MatchSetup(SOLO.seats, Rules(target=target))
    speak(app, "it")
    scene = table(app, setup)
    assert scene.hud_texts()[0] == italian
    speak(app, "en")
    assert scene.hud_texts()[0] == english


def test_the_target_article_follows_the_sound_of_the_number() -> None:
    it = Translator("it")
    assert target_line(it, 51) == "Si gioca ai 51"  # Cirulla's target
    assert target_line(it, 8) == "Si gioca agli 8"
    assert target_line(it, 81) == "Si gioca agli 81"
    assert target_line(it, 100) == "Si gioca ai 100"
    assert [n for n in range(1, 1000) if italian_vowel_number(n)] == [
        1,
        8,
        11,
        *range(80, 90),
        *range(800, 900),
    ]


def test_the_score_panel_names_rounds_and_deals(app) -> None:
    speak(app, "it")
    scene = table(app, SOLO)
    assert scene.hud_texts()[1:] == ("Smazzata 1", "Distribuzione 1 di 6")
    speak(app, "en")
    assert scene.hud_texts()[1:] == ("Round 1", "Deal 1 of 6")


def test_cards_taken_and_cards_in_hand_are_told_apart() -> None:
    for language in ("it", "en"):
        t = Translator(language)
        assert count(t, "table.taken", 12) != count(t, "table.in_hand", 12)
    it, en = Translator("it"), Translator("en")
    assert count(it, "table.taken", 12) == "12 carte"
    assert count(it, "table.taken", 1) == "1 carta"
    assert count(it, "table.in_hand", 3) == "3 in mano"
    assert count(en, "table.taken", 1) == "1 taken"
    assert count(en, "table.scope", 1) == "1 scopa"
    assert count(en, "table.scope", 2) == "2 scopas"
    assert count(it, "table.scope", 2) == "2 scope"
    assert count(en, "table.stock", 1) == "1 in the deck"


def test_a_refused_capture_names_both_cards_with_their_article(app) -> None:
    from .table_helpers import centre_of, drag

    speak(app, "it")
    scene = table(app, SOLO)
    drag(app, centre_of(scene, C("7D")), centre_of(scene, C("9B")))
    assert scene.said() == (
        "Con il 7 di denari non puoi prendere il cavallo di bastoni: devi prendere il 7 di coppe"
    )


def test_a_refused_capture_in_english_opens_with_a_capital(app) -> None:
    from .table_helpers import centre_of, drag

    speak(app, "en", "french")
    scene = table(app, SOLO)
    drag(app, centre_of(scene, C("7D")), centre_of(scene, C("9B")))
    assert (
        scene.said()
        == "The 7 of diamonds cannot take the queen of clubs: it must take the 7 of hearts"
    )


def test_computers_show_their_level_whatever_their_name(app) -> None:
    speak(app, "it")
    setup = MatchSetup(seats(("Tu", True), ("Lucia", False)), Rules())
    assert describe(app, setup).endswith("Lucia (livello esperto)")
    assert app.t("level_tag_master") == "Livello maestro"


def test_a_saved_match_of_people_at_one_screen_names_them(app) -> None:
    """Asked whether to start over a saved match of three people and three computers, the
    family read only the computers' names: whose match it was went unsaid."""
    speak(app, "it")
    people = (("Anna", True), ("Bruno", True), ("Carla", True))
    setup = MatchSetup(seats(*people, ("Giulia", False)), Rules(players=4))
    line = describe(app, setup, people=True)
    assert "Anna, Bruno e Carla" in line and line.endswith("Giulia (livello esperto)")
    alone = MatchSetup(seats(("Tu", True), ("Lucia", False)), Rules())
    assert "Tu" not in describe(app, alone, people=True)  # one person: the match is theirs


def test_the_hint_names_its_cards_and_lists_them_with_and(app) -> None:
    speak(app, "it")
    setup = MatchSetup(SOLO.seats, Rules())
    match = fixed_match("10S 2C 3B", "1B 3C 8C", "7C 1D 2S 9B", setup.rules)
    scene = TableScene(app, coordinated(app, setup, match), worker=inline_worker())
    app.stack.push(scene)
    settle(app, scene)
    move = Move.parse("10Sx7C+1D+2S")
    scene.aids.hint, scene.aids.hint_match = Hint(move, "most_cards", (("count", 4),)), scene.match
    assert scene.aids.hint_line() == (
        "Consiglio: gioca il re di spade e prendi l'asso di denari, il 2 di spade e "
        "il 7 di coppe (1 + 2 + 7 = 10) — prende 4 carte"
    )
    speak(app, "en", "french")
    assert scene.aids.hint_line().startswith(
        "Hint: play the king of spades and take the ace of diamonds, the 2 of spades and "
        "the 7 of hearts (1 + 2 + 7 = 10) — takes 4 cards"
    )


@pytest.mark.parametrize(
    ("rules", "hand", "table", "move", "said"),
    [
        (Rules(), "7S 2C 3B", "3C 4B 9B 10D", "7Sx3C+4B", "(3 + 4 = 7)"),  # a sum
        (Rules(), "9S 2C 3B", "3C 4B 9B 10D", "9Sx9B", ""),  # its equal: nothing to add
        (Rules(quindici=True), "7S 2C 3B", "3C 5B 9B 10D", "7Sx3C+5B", "(7 + 3 + 5 = 15)"),
    ],
)
def test_the_hint_says_how_a_capture_adds_up(app, rules, hand, table, move, said) -> None:
    """A child read "play the 7 and take the 3 and the 4" and did not see why: a capture
    of several cards says how they add up (by the fifteens where the game counts them)."""
    speak(app, "en")
    setup = MatchSetup(SOLO.seats, rules)
    match = fixed_match(hand, "1B 3D 8C", table, rules)
    scene = TableScene(app, coordinated(app, setup, match), worker=inline_worker())
    app.stack.push(scene)
    settle(app, scene)
    scene.aids.hint = Hint(Move.parse(move), "most_cards", (("count", 3),))
    scene.aids.hint_match = scene.match
    line = scene.aids.hint_line()
    assert (said in line) if said else ("=" not in line), line


# --- cards, lists, the tutorial and the rules -----------------------------------------------


@pytest.mark.parametrize(
    ("card", "deck", "italian", "english"),
    [
        ("1C", "napoletane", "l'asso di coppe", "the ace of cups"),
        ("10D", "napoletane", "il re di denari", "the king of coins"),
        ("2S", "piacentine", "il 2 di spade", "the 2 of swords"),
        ("8B", "napoletane", "il fante di bastoni", "the knave of batons"),
        ("9C", "napoletane", "il cavallo di coppe", "the knight of cups"),
        ("9C", "french", "la donna di cuori", "the queen of hearts"),
        ("8B", "french", "il fante di fiori", "the jack of clubs"),
        ("10D", "french", "il re di quadri", "the king of diamonds"),
        ("1S", "french", "l'asso di picche", "the ace of spades"),
        ("9C", "genovesi", "la donna di cuori", "the queen of hearts"),
        ("7C", "genovesi", "il 7 di cuori", "the 7 of hearts"),
        ("8B", "genovesi", "il fante di fiori", "the jack of clubs"),
    ],
)
def test_cards_are_named_with_their_article_and_deck(card, deck, italian, english) -> None:
    assert card_name(Translator("it"), C(card), deck) == italian
    assert card_name(Translator("en"), C(card), deck) == english


def test_lists_join_their_last_item_with_and() -> None:
    cards = [C("1C"), C("2S"), C("7D")]
    assert card_list(Translator("it"), cards) == "l'asso di coppe, il 2 di spade e il 7 di denari"
    assert card_list(Translator("en"), cards[:2]) == "the ace of cups and the 2 of swords"


def test_the_tutorial_names_the_settebello_of_the_chosen_deck(app) -> None:
    speak(app, "it", "french")
    scene = TutorialScene(app)
    app.stack.push(scene)
    settle(app, scene)  # the deal lands: the lesson speaks at the player's turn
    while scene.coach.step is not None and scene.coach.step.key != "scopa":
        scene.coach.index += 1
    assert not scene.watching
    _, text = scene.step_texts()
    assert "con il 7 di quadri, il settebello" in text
    assert "{" not in text
    speak(app, "en")
    _, text = scene.step_texts()
    assert "with the 7 of coins, the settebello" in text


def test_the_rules_captions_name_the_cards_drawn(app) -> None:
    speak(app, "it", "french")
    assert caption_text(app, EXAMPLES["scopa"]).startswith("La donna di cuori (9) prende 6 + 3")
    speak(app, "en")
    assert caption_text(app, EXAMPLES["primiera"]) == (
        "The 4 of swords, the 3 of cups, the king of coins and the knight of batons: "
        "14 + 13 + 10 + 10 = 47."
    )


# --- the tables themselves ----------------------------------------------------------------


def _texts(language: str) -> dict[str, str]:
    return tables()[language]


def test_words_a_native_player_would_stumble_on_are_gone() -> None:
    italian = " ".join(_texts("it").values())
    english = " ".join(_texts("en").values())
    for stumble in (
        "dispositivo",
        "Solitario",
        "Titolo",
        "scopare",
        "scarto",
        "Un punto a testa",
        "senza annulla)",
    ):
        assert stumble not in italian, stumble
    assert not re.search(r"\bai 11\b", italian)
    assert not re.search(r"\b[Tt]rick\b", english)
    assert not re.search(r"\bscope\b", english)  # English plural: scopas
    assert not re.search(r"\bscopas\b", italian)
    assert not re.search(r"\bsweep\b", english.replace("(a sweep)", ""))
    clubs = [k for k, v in _texts("en").items() if "clubs" in v and "french" not in k]
    assert clubs == []  # bastoni are batons in English


def test_the_variants_page_says_what_each_bonus_is_worth() -> None:
    """Re bello, settebello di coppe and napola are explained, not only named."""
    for language, words in (
        ("en", ("king of coins scores 1 point", "7 of cups", "ace, 2 and 3 of coins")),
        ("it", ("re di denari vale 1 punto", "7 di coppe", "asso, 2 e 3 di denari")),
    ):
        for said in words:
            assert said in _texts(language)["rules_p8_text"], (language, said)


def test_cappotto_is_described_as_winning_the_match() -> None:
    for language, words in (("it", "vince subito la partita"), ("en", "wins the match outright")):
        assert words in _texts(language)["rules_p8_text"]
        assert "cappotto aggiungono" not in _texts(language)["rules_p8_text"]


def test_round_deal_and_match_are_one_word_each() -> None:
    it, en = _texts("it"), _texts("en")
    assert it["table.deal"].startswith("Distribuzione")
    assert "Mano" not in it["table.deal"]
    assert "smazzata" in it["aids.tut.welcome.text"]
    assert "a round together" in en["aids.tut.welcome.text"]
    assert it["to_title"] == "Menu principale" and en["to_title"] == "Main menu"
    assert it["mode_solo"] == "Contro il computer"


def test_seats_say_you_only_in_a_solo_match() -> None:
    it = Translator("it")
    assert Seats(SOLO, it).you == 0
    assert Seats(HOTSEAT_TEAMS, it).you is None
    assert Seats(WATCH, it).you is None
    assert Seats(SOLO, it).about("table.last_cards", 0) == "Le ultime carte a te"
    assert Seats(SOLO_TEAM, it).about("table.last_cards", 0) == "Le ultime carte alla tua squadra"
    assert Seats(WATCH, it).about("table.last_cards", 0) == "Le ultime carte a Giulia"


def test_a_match_won_is_cheered_where_someone_here_won_it() -> None:
    """The match's end sounds as won for a side with someone of this screen on it (or when
    nobody here plays), as lost otherwise."""
    it = Translator("it")
    assert Seats(SOLO, it).cheers(0) and not Seats(SOLO, it).cheers(1)
    assert Seats(SOLO_TEAM, it).cheers(0) and not Seats(SOLO_TEAM, it).cheers(1)
    assert Seats(HOTSEAT_TEAMS, it).cheers(0) and not Seats(HOTSEAT_TEAMS, it).cheers(1)
    assert Seats(WATCH, it).cheers(0) and Seats(WATCH, it).cheers(1)
    online = Seats(HOTSEAT_TEAMS, it, here=(1,))  # a friend played seat 0 from elsewhere
    assert online.cheers(1) and not online.cheers(0)


def test_names_the_game_gave_are_said_in_the_language_of_the_moment() -> None:
    """A match set up in Italian, read in English: "Tu" is "You", a seat numbered in Italian
    ("Posto 3", "Giocatore 2") is numbered in English; a typed name stays as typed."""
    en = Translator("en")
    setup = MatchSetup(
        seats(("Tu", True), ("Giocatore 2", False), ("Posto 3", False), ("Posto 1", False)),
        Rules(players=4),
    )
    names = [Seats(setup, en).seat_name(seat) for seat in range(4)]
    assert names == ["You", "Seat 2", "Seat 3", "Posto 1"]
    hotseat = MatchSetup(seats(("Tu", True), ("Posto 2", True)), Rules())
    assert [Seats(hotseat, en).seat_name(seat) for seat in range(2)] == ["Player 1", "Player 2"]


def test_the_genoese_deck_is_named_as_french_suited() -> None:
    from scopa.app.wording import category_label, rank_label, suit_name

    for language, diamonds in (("it", "Quadri"), ("en", "Diamonds")):
        t = Translator(language)
        assert category_label(t, "denari", "genovesi") == diamonds
        assert suit_name(t, "C", "genovesi") == suit_name(t, "C", "french")
        assert rank_label(t, 9, "genovesi") == rank_label(t, 9, "french")
    assert category_label(Translator("en"), "grande", "genovesi") == "Grande"


def test_the_practice_is_called_by_one_name_on_its_table() -> None:
    """The score panel said "Prova" while the message over the same table said
    "Allenamento": one thing, one word."""
    from scopa.i18n import Translator

    for language in ("en", "it"):
        t = Translator(language)
        assert t("review.practice_intro").startswith(t("table.practice_line") + ":"), language


def test_the_tracker_names_the_face_cards_by_the_start_of_their_names() -> None:
    """The tracker labelled the knight "N", a chess letter a card player does not read as
    the knight. In Italian the face cards are F, C and R, the start of their names. In
    English it headed them "J Kn K" over cards whose corners print 8, 9 and 10 and whose
    names are the knave, the knight and the king: the knave's "J" started no name, and
    "Kn" two. English heads them by the numbers their corners print. A French-suited deck's
    are the starts of their names too: J, Q and K in English, and F, D and R in Italian
    (fante, donna, re: the English letters were read over an Italian screen)."""
    from scopa.app.wording import card_name, rank_label
    from scopa.engine import Card

    t = Translator("it")
    for rank in (8, 9, 10):
        name = card_name(t, Card(rank, "D"), "napoletane").split()
        word = name[1] if name[0] == "il" else name[0]
        label = rank_label(t, rank, "napoletane")
        assert word.lower().startswith(label.lower()), (rank, label)
    for deck in ("french", "genovesi"):
        for rank in (8, 9, 10):
            name = card_name(t, Card(rank, "D"), deck).split()[1]
            assert name.upper().startswith(rank_label(t, rank, deck)), (deck, rank)
    en = Translator("en")
    assert [rank_label(en, rank, "french") for rank in (8, 9, 10)] == ["J", "Q", "K"]
    assert [rank_label(en, rank, "napoletane") for rank in range(1, 11)] == [
        "A",
        *(str(rank) for rank in range(2, 11)),
    ]


def test_a_player_online_who_typed_no_name_is_called_by_the_seat_not_you_2() -> None:
    """Two players who kept the game's name "You" joined one table: the server numbered the
    second "You 2", and everyone saw "You 2" for a friend."""
    en = Translator("en")
    setup = MatchSetup(seats(("You", True), ("You 2", True)), Rules())
    assert [Seats(setup, en, (0,)).seat_name(seat) for seat in range(2)] == ["You", "Player 2"]
    assert Seats(setup, Translator("it"), (1,)).seat_name(0) == "Giocatore 1"


@pytest.mark.parametrize("language", ["en", "it"])
def test_the_sheet_s_next_round_is_not_worded_as_the_title_s_continue(language) -> None:
    """In Italian both read "Continua": the sheet's button, which deals the next round, and
    the title's, which resumes a saved match."""
    from scopa.i18n import Translator

    t = Translator(language)
    assert t("next_round") != t("continue")


@pytest.mark.parametrize(("language", "round_word"), [("en", "round"), ("it", "smazzata")])
def test_the_sheet_says_the_match_is_decided_at_a_round_s_end(language, round_word) -> None:
    """The sheet said "First to 11 points wins the match": the points are counted at the
    end of a round, and the side with the most then wins (RULES.md, Winning the match)."""
    from scopa.i18n import Translator

    words = Translator(language)("round_next", target=11)
    assert round_word in words and "11" in words
    assert "first" not in words.lower() and "primo" not in words


def test_the_final_score_of_three_sides_names_each_side(app) -> None:
    """ "Marco wins! Final score 12 – 3 – 8" read as the columns' order, which it was not:
    with three sides or more each side's points come with its name, from the most."""
    speak(app, "en")
    rules = Rules(players=3)
    start = Match.new(rules, 7)
    match = Match._make(rules, 7, 0, (), start.round, (3, 8, 12), (), 2, False, None)
    setup = MatchSetup(seats(("Anna", True), ("Bruno", True), ("Marco", False)), rules)
    scene = ScoringScene(app, MatchCoordinator(setup, match))
    assert scene.result_line() == "Final score Marco 12, Bruno 8, Anna 3"


@pytest.mark.parametrize("language", ["en", "it"])
def test_a_damaged_file_is_never_called_damaged_twice(language: str) -> None:
    """A file's message said it twice ("Your settings file was damaged: its text is
    damaged"): each cause tells what is wrong in other words than the sentence it ends
    (which says it of a match's moves, not of a file a newer version wrote)."""
    texts = _texts(language)
    word = "damaged" if language == "en" else "danneggiat"
    causes = [key for key in texts if key.startswith("files.cause_")]
    for message in (key for key in texts if "_salvaged_" in key):
        for cause in causes:
            said = texts[message].replace("{cause}", texts[cause])
            assert said.count(word) <= 1, (message, cause)


def test_dossena_s_scale_gives_the_piccola_s_and_the_grande_s_caps_in_points() -> None:
    """ "piccola fino al 5, grande fino a 7" named a card for the one and points for the
    other: a player read the grande as running to the 7 of coins. "At most 5 and 7 points"
    then left out how the grande grows, and three of a kind adding up to 9 or less."""
    from scopa.app.strings.options import STRINGS

    for key in ("rule_dossena_scale_hint", "rule_dossena_scale_hint_no_decino"):
        assert "piccola al massimo 5 punti; grande 5 punti, 6 col sette" in STRINGS["it"][key]
        assert "piccola at most 5 points; grande 5 points, 6 with the seven" in STRINGS["en"][key]
    assert "(3 se il tris fa 9 o meno)" in STRINGS["it"]["rule_dossena_scale_hint"]
    assert "(3 if they add up to 9 or less)" in STRINGS["en"]["rule_dossena_scale_hint"]


@pytest.mark.parametrize("language", ["en", "it"])
def test_new_game_and_settings_name_the_game_s_choice_alike(app, language) -> None:  # noqa: ANN001
    """The same choice (Classic, Scopone, Cirulla, ...) was "Regole" in New game and
    "Variante" in Settings ("Rules" and "Rules preset")."""
    app.set_language(language)
    assert app.t("ng_rules") == app.t("rule_preset")


@pytest.mark.parametrize("language", ["en", "it"])
def test_letting_a_person_here_go_does_not_read_as_leaving_oneself(app, language) -> None:  # noqa: ANN001
    """The button that lets a person here go read "Leave the table", the words of the
    host's own way out, as if the host were leaving: it frees their seat."""
    app.set_language(language)
    label = app.t("online.let_go")
    assert label != app.t("online.leave_table")
    assert {"en": "seat", "it": "posto"}[language] in label


def test_a_round_s_code_reads_back_as_typed_or_pasted() -> None:
    """A code read back to its seed, round and table, in any case, spaced, with O and I for
    0 and 1, the round left out for the first, the table left out as older versions wrote
    it; words that are no code are not read as one."""
    from scopa.app.wording import CODED_SEEDS, DealCode, deal_id, parse_deal_id

    for seed, round_no in ((0, 1), (123456, 3), (CODED_SEEDS - 1, 999)):
        for shape in ("", "2S", "4T", "3C"):
            code = deal_id(seed, round_no, shape)
            assert parse_deal_id(code) == DealCode(seed, round_no, shape)
            typed = " " + code.lower().replace("0", "o").replace("1", "i").replace("-", " - ")
            assert parse_deal_id(typed) == DealCode(seed, round_no, shape)
    assert parse_deal_id("2T4300") == DealCode(123456, 1, "")
    assert deal_id(123456, 3, "4N") == "2T4300-3-4N"
    wrongs = ("", "2T430", "2T4300-", "2T4300-0", "2T4300-1000", "2T43!0-1", "2T4300-²")
    tables = ("2T4300-1-", "2T4300-1-4", "2T4300-1-5S", "2T4300-1-3T", "2T4300-1-2S-2S")
    for wrong in (*wrongs, *tables):
        assert parse_deal_id(wrong) is None, wrong


@pytest.mark.parametrize(
    ("names", "briefs"),
    [
        (("Maria Antonietta", "Paolo"), ("Maria", "Paolo")),
        (("Marco Rossi", "Marco Bianchi"), ("Marco R.", "Marco B.")),
        (("Marco Rossi", "marco"), ("Marco R.", "marco")),
        (("Bartolomeo Wolfgang", "Bartolomeo Wanda"), ("Bartolomeo Wolfgang",
                                                       "Bartolomeo Wanda")),
        (("Anna Maria Rossi", "Anna Maria Bo", "Paolo"), ("Anna Maria R.", "Anna Maria Bo",
                                                          "Paolo")),
        (("Player 4", "Player 2"), ("Player 4", "Player 2")),
    ],
)  # fmt: skip
def test_partners_named_briefly_are_never_named_alike(app, names, briefs) -> None:
    """Partners named each by a first name at 960x540 read "Bartolomeo & Bartolomeo" where
    two shared it: a name is cut to as many words as tell it from every other seat's, the
    next word's initial where that does ("Marco R." beside "Marco B.")."""
    seats = tuple(SeatConfig(name, True) for name in names)
    seats += tuple(SeatConfig(f"Zed {n}", False) for n in range(4 - len(names)))
    setup = MatchSetup(seats, Rules(players=4))
    told = Seats(setup, app.t)
    assert [told.brief_name(seat) for seat in range(len(names))] == list(briefs)
