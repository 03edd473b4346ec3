import pytest

from scopa.engine import PRESETS, Rules, RulesError


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
    }


def test_named_presets():
    assert Rules.preset("classic") == Rules()
    rulebook = Rules.preset("rulebook")
    assert (rulebook.capture_limit, rulebook.fewest_cards, rulebook.seven_count) == (2, True, True)
    assert Rules.preset("scopone").hand_size == 9
    scientifico = Rules.preset("scopone_scientifico")
    assert (scientifico.hand_size, scientifico.table_size, scientifico.sides) == (10, 0, 2)
    assert Rules.preset("assi").assi and Rules.preset("quindici").quindici
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
    assert "_memo" not in restored.__dict__
    assert len(pickle.dumps(rules)) == len(pickle.dumps(Rules(players=4)))
    assert copy.deepcopy(rules) == rules
    assert rules.to_dict() == Rules(players=4).to_dict()
