import random
from dataclasses import fields

import pytest

from scopa.engine import (
    PRESETS,
    RULE_OPTIONS,
    RULE_SECTIONS,
    Card,
    Round,
    Rules,
    RulesError,
    rule_option,
)


def test_defaults_are_the_rules_page_defaults():
    assert Rules().to_dict() == {
        "players": 2,
        "teams": True,
        "deal": "scopa",
        "capture_limit": None,
        "fewest_cards": False,
        "seven_count": False,
        "incomplete_primiera": False,
        "face_values": "ten",
        "re_bello": False,
        "settebello_coppe": False,
        "napola": False,
        "cappotto": False,
        "target": 11,
        "scientifico_last_scopa": False,
        "assi": False,
        "assi_scopa": False,
        "assi_ace_takes_ace": True,
        "assi_redeal": False,
        "quindici": False,
        "six_sides": 2,
        "seven_count_aces": False,
        "cirulla": False,
        "clockwise": False,
        "luzzati_table_rules": False,
        "dealer_low_bonus": None,
        "equal_rank_precedence": False,
        "may_trail_capturing_card": False,
        "ace_sweep_is_scopa": True,
        "ace_on_ace_only": False,
        "low_hand_max": 9,
        "stack_hand_bonuses": False,
        "no_decino": False,
        "dossena_scale": False,
        "matta": 7,
        "declare_at_deal": False,
        "declare_until_play": False,
        "piccola_max": 6,
        "primiera_requires_all_suits": True,
    }


def test_settings_written_before_the_new_rules_still_read():
    """A settings file from before six players and Cirulla: the rules it names, defaults
    for the rest, and it plays exactly as it did."""
    old = {
        "players": 4, "teams": False, "deal": "scopa", "capture_limit": None,
        "fewest_cards": False, "seven_count": True, "incomplete_primiera": False,
        "face_values": "ten", "re_bello": False, "settebello_coppe": False, "napola": False,
        "cappotto": False, "target": 21, "scientifico_last_scopa": False, "assi": False,
        "assi_scopa": False, "assi_ace_takes_ace": True, "assi_redeal": False,
        "quindici": False,
    }  # fmt: skip
    rules = Rules.from_dict(old)
    assert rules == Rules(players=4, teams=False, seven_count=True, target=21)
    assert (rules.sides, rules.side_of(2), rules.cirulla) == (4, 2, False)
    assert {key: rules.to_dict()[key] for key in old} == old


def test_named_presets():
    assert Rules.preset("classic") == Rules()
    rulebook = Rules.preset("rulebook")
    assert (rulebook.capture_limit, rulebook.fewest_cards, rulebook.seven_count) == (2, True, True)
    assert Rules.preset("scopone").hand_size == 9
    scientifico = Rules.preset("scopone_scientifico")
    assert (scientifico.hand_size, scientifico.table_size, scientifico.sides) == (10, 0, 2)
    assert Rules.preset("assi").assi and Rules.preset("quindici").quindici
    cirulla = Rules.preset("cirulla")
    assert (cirulla.cirulla, cirulla.target, cirulla.cappotto, cirulla.players) == (
        True, 51, True, 2,
    )  # fmt: skip
    assert cirulla == Rules(cirulla=True, target=51, cappotto=True)
    with pytest.raises(RulesError, match="unknown preset"):
        Rules.preset("briscola")


@pytest.mark.parametrize("name", list(PRESETS))
def test_dict_round_trip(name):
    rules = PRESETS[name]
    assert Rules.from_dict(rules.to_dict()) == rules
    assert rules.preset_name() == name


@pytest.mark.parametrize(
    ("players", "teams", "deal", "hand", "table", "deals", "sides"),
    [
        (2, True, "scopa", 3, 4, 6, 2),
        (3, True, "scopa", 3, 4, 4, 3),
        (4, True, "scopa", 3, 4, 3, 2),
        (4, False, "scopa", 3, 4, 3, 4),
        (4, True, "scopone", 9, 4, 1, 2),
        (2, True, "scientifico", 20, 0, 1, 2),
        (4, True, "scientifico", 10, 0, 1, 2),
        (6, True, "scopa", 3, 4, 2, 2),
    ],
)
def test_deal_shapes(players, teams, deal, hand, table, deals, sides):
    rules = Rules(players=players, teams=teams, deal=deal)
    assert (rules.hand_size, rules.table_size, rules.deals_per_round, rules.sides) == (
        hand,
        table,
        deals,
        sides,
    )


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"colour": "red"}, "unknown rule 'colour'"),
        ({"players": 5}, "players"),
        ({"players": "2"}, "players"),
        ({"players": True}, "players"),
        ({"target": 12}, "target"),
        ({"quindici": "yes"}, "quindici"),
        ({"face_values": "high"}, "face_values"),
        ({"deal": "briscola"}, "deal"),
        ({"capture_limit": 0}, "capture_limit"),
        ({"deal": "scopone", "players": 2}, "scopone is played by 4 players"),
        ({"deal": "scientifico", "players": 3}, "2 players"),
        ({"deal": "scientifico", "players": 6}, "2 players"),
        ({"players": 5}, "2, 3, 4, 6"),
        ({"six_sides": 4}, "six_sides"),
        ({"matta": 8}, "matta"),
        ({"matta": "7C"}, "matta"),
        ({"dealer_low_bonus": 2}, "dealer_low_bonus"),
        ({"low_hand_max": 10}, "low_hand_max"),
        ({"piccola_max": 5}, "piccola_max"),
        ({"target": 50}, "target"),
        ({"cirulla": 1}, "cirulla"),
        ({"cirulla": True, "deal": "scopone", "players": 4}, "three cards at a time"),
        ({"cirulla": True, "players": 6}, "2, 3 or 4 players"),
        ({"cirulla": True, "players": 3, "luzzati_table_rules": True}, "two sides"),
    ],
)
def test_bad_rules_are_refused_clearly(data, message):
    with pytest.raises(RulesError, match=message):
        Rules.from_dict(data)


def test_from_dict_needs_a_mapping():
    with pytest.raises(RulesError):
        Rules.from_dict(["players", 2])


def test_with_changes_and_validates():
    assert Rules().with_(target=21).target == 21
    with pytest.raises(RulesError):
        Rules().with_(nonsense=1)
    with pytest.raises(RulesError):
        Rules().with_(deal="scopone")


def test_team_sides():
    rules = Rules(players=4)
    assert [rules.side_of(seat) for seat in range(4)] == [0, 1, 0, 1]
    solo = Rules(players=4, teams=False)
    assert [solo.side_of(seat) for seat in range(4)] == [0, 1, 2, 3]
    assert rules.seats_of(1) == (1, 3) and solo.seats_of(2) == (2,)


@pytest.mark.parametrize(
    ("six_sides", "sides", "seats"),
    [
        # two teams of three, partners at every other seat round the table
        (2, [0, 1, 0, 1, 0, 1], [(0, 2, 4), (1, 3, 5)]),
        # three teams of two, partners sitting opposite (three seats apart)
        (3, [0, 1, 2, 0, 1, 2], [(0, 3), (1, 4), (2, 5)]),
        # six players each on their own
        (6, [0, 1, 2, 3, 4, 5], [(seat,) for seat in range(6)]),
    ],
)
def test_six_player_sides(six_sides, sides, seats):
    rules = Rules(players=6, six_sides=six_sides)
    assert rules.sides == six_sides
    assert [rules.side_of(seat) for seat in range(6)] == sides
    assert [rules.seats_of(side) for side in range(rules.sides)] == seats
    assert rules.deal_order(5) == (0, 1, 2, 3, 4, 5)
    assert rules.deal_order(2) == (3, 4, 5, 0, 1, 2)
    # partners never play one after the other
    assert all(rules.side_of(seat) != rules.side_of(rules.next_seat(seat)) for seat in range(6))


def test_six_sides_is_the_default_and_ignored_with_fewer_players():
    assert Rules(players=6).sides == 2
    assert Rules(players=4, six_sides=3).sides == 2
    assert Rules(players=3, six_sides=6).sides == 3
    assert Rules(players=4, teams=False, six_sides=3).side_of(3) == 3


def test_the_matta_card():
    assert Rules.preset("cirulla").matta_card == Card.parse("7C")
    assert Rules(cirulla=True, matta=9).matta_card == Card.parse("9C")
    assert Rules(cirulla=True, matta=None).matta_card is None
    assert Rules().matta_card is None  # only Cirulla has one


def test_memo_is_not_part_of_the_value():
    import copy
    import pickle

    from scopa.engine import DECK, Round

    rules = Rules(players=4)
    Round.deal(rules, list(DECK))
    assert rules.seat_sides == (0, 1, 0, 1)
    assert "_memo" in rules.__dict__
    restored = pickle.loads(pickle.dumps(rules))
    assert restored == rules and hash(restored) == hash(rules)
    assert "_memo" not in rules.__reduce__()[1][1]
    assert len(pickle.dumps(rules)) == len(pickle.dumps(Rules(players=4)))
    assert copy.deepcopy(rules) == rules
    assert rules.to_dict() == Rules(players=4).to_dict()


def test_rule_sets_unpickled_alike_are_one_with_what_was_worked_out_for_it():
    """A computer's worker is sent the rules with every question: unpickled afresh each
    time, their capture tables and scoring were made again for every decision."""
    import pickle

    from scopa.engine.scoring import scoring_plan

    sent = pickle.dumps(Rules(players=3, target=21))
    first, second = pickle.loads(sent), pickle.loads(sent)
    assert first is second
    assert scoring_plan(first) is scoring_plan(pickle.loads(sent))
    assert pickle.loads(pickle.dumps(Rules(players=3))) is not first


def test_rule_sets_that_capture_alike_share_a_capture_table():
    from scopa.engine.captures import capture_table

    assert capture_table(Rules(target=21)) is capture_table(Rules(players=4, re_bello=True))
    assert capture_table(Rules(quindici=True)) is not capture_table(Rules())
    assert capture_table(Rules(capture_limit=2)) is not capture_table(Rules())


def test_deal_order_and_next_seat():
    rules = Rules(players=4)
    assert rules.deal_order(2) == (3, 0, 1, 2)
    assert [rules.next_seat(seat) for seat in range(4)] == [1, 2, 3, 0]
    assert Rules().deal_order(0) == (1, 0)


@pytest.mark.parametrize("players", [2, 3, 4, 6])
@pytest.mark.parametrize("deal", ["scopa", "scopone", "scientifico"])
def test_every_deal_is_whole(players, deal):
    try:
        rules = Rules(players=players, deal=deal)
    except RulesError:
        return
    assert rules.cards_per_deal == rules.players * rules.hand_size
    assert rules.table_size + rules.deals_per_round * rules.cards_per_deal == 40


@pytest.mark.parametrize(
    ("data", "clash"),
    [
        ({"cirulla": True, "deal": "scientifico"}, "cirulla_deal"),
        ({"cirulla": True, "players": 6}, "cirulla_players"),
        (
            {"cirulla": True, "players": 4, "teams": False, "luzzati_table_rules": True},
            "luzzati_sides",
        ),
        ({"players": 6, "deal": "scientifico"}, "scientifico_players"),
    ],
)
def test_cirulla_and_six_player_clashes(data, clash):
    with pytest.raises(RulesError) as refused:
        Rules.from_dict(data)
    assert refused.value.clash == clash
    for key in data:  # each value is fine alone
        Rules.from_dict({key: data[key]})


def test_dossena_s_scale_plays_its_own_low_table_and_piccola_beside_any_chosen():
    """Dossena's scale was refused beside a low table of 3 scopas or a piccola to the 7,
    rules it greys and does not read: the player had to change a value that would not
    count. They are kept as they are, for when it is off again, and its own are played."""
    from scopa.engine import dealer_bonus, piccola_points
    from scopa.engine.cards import mask_of
    from scopa.engine.scoring import napola_run

    low = [Card.parse(text) for text in ("1D", "2C", "2S", "3B")]  # 8: a low table
    run = napola_run(mask_of([Card.parse(f"{rank}D") for rank in range(1, 8)]))  # ace to 7
    chosen = Rules(cirulla=True, dealer_low_bonus=3, piccola_max=7)
    dossena = chosen.with_(dossena_scale=True)
    assert (dossena.dealer_low_bonus, dossena.piccola_max) == (3, 7)
    assert dealer_bonus(low, chosen)[0] == 3 and piccola_points(run, chosen) == 7
    assert dealer_bonus(low, dossena)[0] == 1 and piccola_points(run, dossena) == 5
    plain = Rules(cirulla=True, dossena_scale=True)
    assert dealer_bonus(low, plain) == dealer_bonus(low, dossena)
    assert piccola_points(run, plain) == piccola_points(run, dossena)
    for name in ("dealer_low_bonus", "piccola_max"):
        assert not rule_option(name).applies(dossena) and rule_option(name).applies(chosen)
    assert Rules.from_dict(dossena.to_dict()) == dossena


def test_greyed_cirulla_rules_are_not_checked_outside_cirulla():
    """Cirulla's own rules clash only while Cirulla is played: switching it off and on
    again never finds a clash that was not there."""
    rules = Rules(players=3, luzzati_table_rules=True, dossena_scale=True, piccola_max=7)
    assert not rules.cirulla
    with pytest.raises(RulesError):
        rules.with_(cirulla=True)
    assert Rules(cirulla=True, luzzati_table_rules=True, dealer_low_bonus=1,
                 dossena_scale=True).sides == 2  # fmt: skip


def test_refused_combinations_name_their_clash():
    with pytest.raises(RulesError) as scopone:
        Rules(deal="scopone")
    assert scopone.value.clash == "scopone_players"
    with pytest.raises(RulesError) as scientifico:
        Rules(players=3, deal="scientifico")
    assert scientifico.value.clash == "scientifico_players"
    with pytest.raises(RulesError) as alone:
        Rules(target=12)
    assert alone.value.clash is None
    import pickle

    restored = pickle.loads(pickle.dumps(scopone.value))
    assert restored.clash == "scopone_players" and str(restored) == str(scopone.value)


def test_the_direction_of_play_is_set_with_the_match_under_cirulla():
    """A player looked for "Clockwise" on the Match tab, with the players and the deal, and
    found it among the captures."""
    option = rule_option("clockwise")
    assert (option.section, option.parent) == ("match", "cirulla")


def test_rule_options_cover_every_rule_once():
    names = [option.name for option in RULE_OPTIONS]
    assert sorted(names) == sorted(field.name for field in fields(Rules))
    assert len(set(names)) == len(names)
    assert {option.section for option in RULE_OPTIONS} == set(RULE_SECTIONS)
    sections = [option.section for option in RULE_OPTIONS]
    assert sections == sorted(sections, key=RULE_SECTIONS.index), "grouped by section"
    for option in RULE_OPTIONS:
        default = getattr(Rules(), option.name)
        assert default in option.values, option.name
        assert len(set(option.values)) == len(option.values), option.name
        if option.kind == "bool":
            assert option.values == (False, True), option.name
            assert isinstance(default, bool)
        else:
            assert option.kind == "choice" and len(option.values) >= 2, option.name
        if option.parent is not None:
            parent = rule_option(option.parent)
            assert option.parent_values and set(option.parent_values) <= set(parent.values)
        else:
            assert option.parent_values == ()
    assert rule_option("deal").values == ("scopa", "scopone", "scientifico")
    with pytest.raises(RulesError, match="unknown rule"):
        rule_option("colour")
    for option in RULE_OPTIONS:  # every new rule's choices can be shown as they are
        if option.name not in ("deal", "face_values"):
            assert not any(isinstance(value, str) for value in option.values), option.name


def test_the_settings_choices_come_from_the_options():
    """What the settings screen offers today, as the options now say it."""
    choices = {o.name: o.values for o in RULE_OPTIONS if o.kind == "choice"}
    assert choices == {
        "players": (2, 3, 4, 6),
        "six_sides": (2, 3, 6),
        "deal": ("scopa", "scopone", "scientifico"),
        "target": (11, 16, 21, 26, 31, 51, 71, 101),
        "capture_limit": (None, 2, 3),
        "face_values": ("ten", "southern", "zero"),
        "piccola_max": (6, 7),
        "dealer_low_bonus": (None, 3, 1),
        "low_hand_max": (9, 8),
        "matta": (7, 9, None),
    }
    parents = {o.name: (o.parent, o.parent_values) for o in RULE_OPTIONS if o.parent}
    scopa_only = ("cirulla", (False,))
    cirulla = ("cirulla", (True,))
    assert parents == {
        "teams": ("players", (4,)),
        "six_sides": ("players", (6,)),
        "scientifico_last_scopa": ("deal", ("scientifico",)),
        "capture_limit": scopa_only,
        "fewest_cards": scopa_only,
        "quindici": scopa_only,
        "assi": scopa_only,
        "assi_scopa": ("assi", (True,)),
        "assi_ace_takes_ace": ("assi", (True,)),
        "assi_redeal": ("assi", (True,)),
        "seven_count": scopa_only,
        "seven_count_aces": ("seven_count", (True,)),
        "incomplete_primiera": ("seven_count", (False,)),
        "face_values": ("seven_count", (False,)),
        "re_bello": scopa_only,
        "settebello_coppe": scopa_only,
        "napola": scopa_only,
        "clockwise": cirulla,
        "luzzati_table_rules": cirulla,
        "dealer_low_bonus": cirulla,
        "equal_rank_precedence": cirulla,
        "may_trail_capturing_card": cirulla,
        "ace_sweep_is_scopa": cirulla,
        "ace_on_ace_only": cirulla,
        "low_hand_max": cirulla,
        "stack_hand_bonuses": cirulla,
        "no_decino": cirulla,
        "dossena_scale": cirulla,
        "matta": cirulla,
        "declare_at_deal": cirulla,
        "declare_until_play": ("declare_at_deal", (True,)),
        "piccola_max": cirulla,
        "primiera_requires_all_suits": cirulla,
    }
    assert not rule_option("teams").applies(Rules())
    assert rule_option("teams").applies(Rules(players=4))
    assert rule_option("face_values").applies(Rules())
    assert not rule_option("face_values").applies(Rules(seven_count=True))
    assert rule_option("six_sides").applies(Rules(players=6))
    assert not rule_option("six_sides").applies(Rules(players=4))


def test_a_rule_applies_only_while_its_parents_all_do():
    """Under Cirulla the assi and seven-count details are greyed with assi and seven-count,
    even when those hold the value their details wait for."""
    cirulla = Rules(cirulla=True, assi=True, seven_count=True, declare_at_deal=True)
    assert not rule_option("assi").applies(cirulla)
    assert not rule_option("assi_scopa").applies(cirulla)
    assert not rule_option("seven_count_aces").applies(cirulla)
    assert not rule_option("face_values").applies(cirulla)
    assert rule_option("declare_until_play").applies(cirulla)
    scopa = cirulla.with_(cirulla=False)
    assert rule_option("assi_scopa").applies(scopa)
    assert not rule_option("declare_until_play").applies(scopa)
    assert not rule_option("matta").applies(scopa)


@pytest.mark.parametrize("option", RULE_OPTIONS, ids=lambda option: option.name)
def test_every_offered_value_is_accepted_or_refused_only_in_combination(option):
    for value in option.values:
        try:
            rules = Rules().with_(**{option.name: value})
        except RulesError as error:
            assert error.clash is not None, (option.name, value, str(error))
            rules = Rules(players=4).with_(**{option.name: value})
        assert getattr(rules, option.name) == value
        assert Rules.from_dict(rules.to_dict()) == rules


def play_signature(rules: Rules, seed: int) -> list:
    """Everything a round shows: each position's moves, each event, the points."""
    rng = random.Random(seed)
    state = Round.deal_random(rules, rng, dealer=seed % rules.players)
    seen: list = [state.opening]
    while not state.over:
        moves = state.legal_moves()
        seen.append(tuple(move.text() for move in moves))
        state, events = state.apply(moves[rng.randrange(len(moves))])
        seen.append(events)
    seen.append([score.points for score in state.score()])
    return seen


@pytest.mark.parametrize(
    "option", [o for o in RULE_OPTIONS if o.parent], ids=lambda option: option.name
)
def test_a_greyed_rule_changes_nothing(option):
    parent = rule_option(option.parent)
    off = next(value for value in parent.values if value not in option.parent_values)
    base = Rules().with_(**{option.parent: off})
    assert not option.applies(base)
    variants = [base.with_(**{option.name: value}) for value in option.values]
    for seed in range(25):
        first = play_signature(variants[0], seed)
        for rules in variants[1:]:
            assert play_signature(rules, seed) == first, (option.name, seed)


def test_a_preset_is_the_same_game_to_any_target_and_at_any_table_it_leaves_free() -> None:
    """Classic Scopa for four is classic Scopa, Cirulla for three is Cirulla, scopone to 21 is
    scopone: only a change to how the game is played makes the rules a player's own."""
    assert Rules(players=4).preset_name() == "classic"
    assert Rules(players=4, teams=False).preset_name() == "classic"
    assert Rules(players=6, six_sides=3, target=21).preset_name() == "classic"
    assert PRESETS["cirulla"].with_(players=3).preset_name() == "cirulla"
    assert PRESETS["scopone"].with_(target=21).preset_name() == "scopone"
    assert PRESETS["scopone"].with_(teams=False).preset_name() is None
    assert Rules(players=4, re_bello=True).preset_name() is None


def test_a_preset_is_itself_at_another_table_it_is_dealt_to_and_with_rules_that_do_not_apply():
    """Scopone scientifico for two (20 cards each) is scopone scientifico; a rule greyed in
    the game played (Cirulla's clockwise or matta left as they were when the classic game
    was chosen again, the sides of six at four) makes no game the player's own. Each was
    read as the player's own rules, put in place of theirs."""
    assert PRESETS["scopone_scientifico"].with_(players=2).preset_name() == "scopone_scientifico"
    assert PRESETS["milanese"].with_(players=2).preset_name() == "milanese"
    assert PRESETS["scopone"].with_(six_sides=3).preset_name() == "scopone"
    assert Rules(players=3, clockwise=True).preset_name() == "classic"
    assert Rules(matta=9, low_hand_max=8).preset_name() == "classic"
    assert Rules(players=4, six_sides=3).preset_name() == "classic"
    assert Rules(assi_scopa=True).preset_name() == "classic"
    assert Rules(assi=True, assi_scopa=True).preset_name() is None


def test_a_preset_taken_keeps_the_table_it_may_be_played_at() -> None:
    four = Rules(players=4, teams=False, re_bello=True)
    assert four.with_preset("cirulla") == PRESETS["cirulla"].with_(players=4, teams=False)
    assert four.with_preset("scopone") == PRESETS["scopone"]
    six = Rules(players=6, six_sides=3)
    assert six.with_preset("cirulla") == PRESETS["cirulla"]  # Cirulla is not played by six
    assert six.with_preset("assi") == PRESETS["assi"].with_(players=6, six_sides=3)
    # Scopone's four came with scopone: the next preset brings its own table.
    assert PRESETS["scopone"].with_preset("classic") == Rules()
    assert PRESETS["scopone"].with_(target=21).with_preset("assi") == PRESETS["assi"]
    assert Rules(target=21).with_preset("classic") == Rules()
