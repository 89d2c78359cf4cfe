"""The factories rules (factories-*, solcher-*) in play; illegal actions raise IllegalAction with
the rule's label and leave the saved state unchanged.

Beginner board: intersection 12 touches hexes 0 (mountains), 3 (fields) and 4 (hills, 6);
intersection 18 touches 4 (hills), 5 (pasture) and 9 (desert).
"""

from __future__ import annotations

import itertools

import pytest
from catan_helpers import GAME, dice, empty_main, expect_illegal, give, hand, put, road

from gamekit.catan.actions import (
    BuildFactory,
    BuildSettlement,
    EndTurn,
    Invest,
    MoveRobber,
    PlacePeg,
    Roll,
    RotateFactory,
)
from gamekit.catan.production import factory_yield
from gamekit.dice import COLOURS


def edge(state, a, b):
    return state.topo.edge_between(a, b)


def with_factory(state, player, node, pegs, rotation=0):
    """A factory at ``node`` whose hole facing each listed hex holds the listed peg ({hex: peg})."""
    put(state, player, node, "factory")
    f = state.factories[node]
    f[1] = rotation
    slots = state.topo.node_slots[node]
    for h, peg in pegs.items():
        hole = next(i for i in range(3) if slots[(i + rotation) % 3] == h)
        f[2 + hole] = peg
        if peg > 0:
            state.pegs_left[player].remove(peg)
        else:
            state.blanks_left[player] -= 1
    return f


def test_factories_players():
    """factories-players: three or four players."""
    assert (GAME.min_players, GAME.max_players) == (3, 4)
    for n in (2, 5):
        with pytest.raises(ValueError):
            GAME.new(players=n)


def test_factories_setup_material():
    """factories-setup: three factories, pegs numbered 1-6 and three blank pegs per player."""
    state = GAME.new(players=3, seed=1)
    for p in range(3):
        assert state.pieces_left(p)["factory"] == 3
        assert state.pegs_left[p] == [1, 2, 3, 4, 5, 6] and state.blanks_left[p] == 3
    assert not state.factories


def test_factories_building():
    """factories-building: 2 brick + 3 ore, a free intersection by an own road; no victory point."""
    state = empty_main()
    put(state, 0, 8, "settlement")
    road(state, 0, edge(state, 8, 12), edge(state, 12, 17))
    expect_illegal(state, BuildFactory(17), "factories-building")  # no cards
    give(state, 0, brick=2, ore=3)
    expect_illegal(state, BuildFactory(30), "factories-building")  # no road there
    expect_illegal(state, BuildFactory(8), "factories-building")  # taken
    assert BuildFactory(17) in state.legal_actions()
    state.apply(BuildFactory(17))
    assert hand(state, 0) == {} and state.factories[17] == [0, 0, -1, -1, -1]
    assert state.victory_points(0) == 1 and state.is_derelict(17)


def test_factories_distance_rule():
    """catan-distance-rule: a factory counts as a building both ways."""
    state = empty_main()
    give(state, 0, brick=3, ore=3, lumber=1, wool=1, grain=1)
    put(state, 0, 8, "settlement")
    road(state, 0, edge(state, 8, 12), edge(state, 12, 17), edge(state, 17, 22))
    expect_illegal(state, BuildFactory(12), "catan-distance-rule")
    state.apply(BuildFactory(17))
    expect_illegal(state, BuildSettlement(22), "catan-distance-rule")
    assert BuildSettlement(22) not in state.legal_actions()


def test_factories_one_per_turn():
    """factories-building: at most one factory per turn."""
    state = empty_main(players=3)
    give(state, 0, brick=4, ore=6)
    put(state, 0, 3, "settlement")
    road(state, 0, edge(state, 3, 7), edge(state, 7, 12), edge(state, 12, 17), edge(state, 17, 22))
    state.apply(BuildFactory(12))
    assert not any(isinstance(a, BuildFactory) for a in state.legal_actions())
    expect_illegal(state, BuildFactory(22), "factories-building")
    state.apply(EndTurn())
    for _ in range(2):
        dice(state, 1, 2)
        state.apply(Roll())
        state.apply(EndTurn())
    dice(state, 1, 2)
    state.apply(Roll())
    state.apply(BuildFactory(22))
    assert sorted(state.factories) == [12, 22]


def test_factories_setup_limit_of_three():
    """factories-setup: no fourth factory."""
    state = empty_main()
    for v in (3, 29, 41):
        put(state, 0, v, "factory")
    road(state, 0, edge(state, 17, 22))
    give(state, 0, brick=2, ore=3)
    expect_illegal(state, BuildFactory(22), "factories-setup")


def test_factories_investment_places_the_rolled_peg():
    """factories-investment: 1 brick + 1 ore, a d6 roll; the new number goes into a free hole of one's choice."""
    state = empty_main()
    put(state, 0, 12, "factory")
    expect_illegal(state, Invest(12), "factories-investment")  # no brick and ore
    give(state, 0, brick=3, ore=3)
    expect_illegal(state, Invest(18), "factories-investment")  # no factory there
    put(state, 1, 29, "factory")
    expect_illegal(state, Invest(29), "factories-investment")  # not one's own
    state.force("investment d6", 4)
    state.apply(Invest(12))
    assert state.phase == "peg" and state.pending_peg == [12, 4]
    assert state.log[-1]["chance"] == [{"what": "investment d6", "result": 4, "forced": True}]
    assert state.legal_actions() == [PlacePeg(0), PlacePeg(1), PlacePeg(2)]
    expect_illegal(state, EndTurn(), "factories-investment")
    state.apply(PlacePeg(1))
    assert state.factories[12][2:] == [-1, 4, -1] and state.pegs_left[0] == [1, 2, 3, 5, 6]
    assert hand(state, 0) == {"brick": 2, "ore": 2} and not state.is_derelict(12)
    state.force("investment d6", 1)
    state.apply(Invest(12))
    expect_illegal(state, PlacePeg(1), "factories-investment")
    state.apply(PlacePeg(2))
    state.force("investment d6", 6)
    state.apply(Invest(12))  # one hole left: the peg goes straight in
    assert state.factories[12][2:] == [6, 4, 1] and state.phase == "main"


def test_factories_no_investing_into_a_full_factory():
    """factories-investment: a factory with three pegs takes no more."""
    state = empty_main()
    with_factory(state, 0, 12, {0: 1, 3: 2, 4: 3})
    give(state, 0, brick=1, ore=1)
    expect_illegal(state, Invest(12), "factories-investment")
    assert Invest(12) not in state.legal_actions()


def test_factories_failed_investment():
    """factories-failed-investment: a number already in an own factory puts a blank peg in; with no
    blank left, the lowest unplaced numbered peg is turned over."""
    state = empty_main()
    with_factory(state, 0, 12, {0: 5})
    put(state, 0, 29, "factory")
    give(state, 0, brick=5, ore=5)
    state.blanks_left[0] = 1
    state.force("investment d6", 5)  # 5 again, into another factory
    state.apply(Invest(29))
    assert state.pending_peg == [29, 0] and state.blanks_left[0] == 0
    state.apply(PlacePeg(0))
    assert state.factories[29][2:] == [0, -1, -1] and state.pegs_left[0] == [1, 2, 3, 4, 6]
    state.force("investment d6", 5)  # 5 again: no blank left, peg 1 is turned over
    state.apply(Invest(29))
    assert state.pending_peg == [29, 0] and state.pegs_left[0] == [2, 3, 4, 6]
    state.apply(PlacePeg(2))
    assert state.is_derelict(29)


def test_factories_derelict_factory_produces_nothing():
    """factories-derelict: a factory holding only blank pegs yields nothing."""
    state = empty_main()
    with_factory(state, 0, 12, {4: 0, 0: 0})
    assert state.is_derelict(12)
    for w, r in itertools.product(range(1, 7), repeat=2):
        assert state.factory_production((w, r)) == {}


def test_factories_production_red_die():
    """factories-production: the red die's number picks the pegs; each gives the resource of the hex it faces."""
    state = empty_main()
    with_factory(state, 1, 12, {4: 5, 0: 3})  # peg 5 faces hills, peg 3 faces mountains
    state.arrange(phase="roll", turn=0)
    dice(state, 3, 5)  # white 3, red 5: the sum 8 pays no one here
    state.apply(Roll())
    assert hand(state, 1) == {"brick": 1}
    state.arrange(phase="roll")
    dice(state, 5, 3)  # red 3
    state.apply(Roll())
    assert hand(state, 1) == {"brick": 1, "ore": 1}


def test_factories_production_red_die_picks_factories():
    """factories-production, reading (b) (setting red_die_picks="factories"): the red die picks every
    factory holding its number, and all visible pegs of that factory pay; a blocked peg pays nothing
    but still lets the red die pick its factory."""
    state = empty_main(red_die_picks="factories")
    with_factory(state, 1, 12, {4: 5, 0: 3, 3: 6})  # 5 faces hills, 3 mountains, 6 fields
    state.arrange(phase="roll", turn=0)
    dice(state, 3, 5)  # white 3, red 5: the factory holds a 5
    state.apply(Roll())
    assert hand(state, 1) == {"brick": 1, "ore": 1, "grain": 1}
    assert state.factory_production((1, 2)) == {}  # no peg 2: the factory is not picked
    state.robber = 0  # on the mountains, facing peg 3
    assert state.factory_production((1, 3)) == {"blue": {"brick": 1, "grain": 1}}
    # the default reading (a): only the peg showing the red die's number pays
    default = empty_main()
    with_factory(default, 1, 12, {4: 5, 0: 3, 3: 6})
    assert default.factory_production((3, 5)) == {"blue": {"brick": 1}}


def test_factories_production_on_a_seven():
    """factories-production: with factories_produce_on_seven (default) a 7 still lets the red die pick pegs."""
    for setting, expected in ((True, {"brick": 1}), (False, {})):
        state = empty_main(factories_produce_on_seven=setting)
        with_factory(state, 1, 12, {4: 4})
        state.arrange(phase="roll")
        dice(state, 3, 4)
        state.apply(Roll())
        assert hand(state, 1) == expected and state.phase == "robber"


def test_factories_robber_blocks_only_its_peg():
    """factories-robber: the robber on a hex blocks only the peg facing it."""
    state = empty_main()
    with_factory(state, 1, 12, {4: 2, 3: 6})  # peg 2 faces hills, peg 6 fields
    state.robber = 4
    assert state.factory_production((1, 2)) == {}
    assert state.factory_production((1, 6)) == {"blue": {"grain": 1}}
    state.robber = 3
    assert state.factory_production((1, 2)) == {"blue": {"brick": 1}}


def test_factories_do_not_protect_from_the_robber_and_steal_setting():
    """factories-robber: one steals from settlements and cities, not from a factory's owner (setting)."""
    state = empty_main()
    put(state, 1, 12, "factory")
    give(state, 1, ore=1)
    state.arrange(phase="robber")
    assert MoveRobber(4, -1) in state.legal_actions()
    state = empty_main(robber_steals_from_factory_owners=True)
    put(state, 1, 12, "factory")
    give(state, 1, ore=1)
    state.arrange(phase="robber")
    assert MoveRobber(4, 1) in state.legal_actions() and MoveRobber(4, -1) not in state.legal_actions()


def test_factory_breaks_longest_road_and_has_no_harbour():
    """factories-building: an opponent's factory breaks a road; a factory on a harbour gives no rate."""
    state = empty_main()
    road(state, 0, *[edge(state, a, b) for a, b in [(3, 7), (7, 12), (12, 17), (17, 22), (22, 28)]])
    assert state.longest_road == 0
    road(state, 1, edge(state, 17, 23))
    give(state, 1, brick=2, ore=3)
    state.arrange(turn=1)
    state.apply(BuildFactory(17))
    assert state.road_length[0] == 3 and state.longest_road == -1
    put(state, 1, 1, "factory")
    assert state.trade_rate(1, 0) == 4


def test_solcher_production_in_play():
    """solcher-production: the colour die picks the player; pegs match either die; a double pays twice."""
    state = empty_main(production_rule="solcher", player_colours=("yellow", "red", "green", "blue"))
    with_factory(state, 2, 12, {4: 1, 0: 5})  # green: 1 faces hills, 5 faces mountains
    with_factory(state, 3, 18, {4: 2, 5: 3})  # blue: 2 faces hills, 3 faces pasture
    assert state.factory_production((1, 5), "red") == {}
    assert state.factory_production((1, 5), "green") == {"green": {"brick": 1, "ore": 1}}
    assert state.factory_production((2, 2), "blue") == {"blue": {"brick": 2}}
    assert state.factory_production((2, 3), "blue") == {"blue": {"brick": 1, "wool": 1}}
    state.arrange(phase="roll")
    dice(state, 2, 2, "blue")
    state.apply(Roll())
    assert hand(state, 3) == {"brick": 2} and hand(state, 2) == {}
    assert state.dice == [2, 2, "blue"]
    assert [c["what"] for c in state.log[-1]["chance"]] == ["2d6", "colour die"]


@pytest.mark.parametrize("rule,picks", [("basic", "pegs"), ("basic", "factories"), ("solcher", "pegs")])
def test_engine_production_matches_factory_yield(rule, picks):
    """factories-production / solcher-production: the engine and the pure function agree on every roll."""
    state = empty_main(production_rule=rule, red_die_picks=picks)
    with_factory(state, 0, 12, {4: 1, 0: 5, 3: 0})
    with_factory(state, 1, 18, {4: 2, 9: 6})
    with_factory(state, 2, 29, {8: 3, 13: 4, 9: 5})
    state.robber = 0
    values = state.factory_values()
    for w, r in itertools.product(range(1, 7), repeat=2):
        for colour in COLOURS if rule == "solcher" else [None]:
            assert state.factory_production((w, r), colour) == factory_yield(values, (w, r), colour, rule, picks)


def test_solcher_robber_rotates_a_factory():
    """solcher-robber: instead of moving the robber and stealing, turn any factory one position."""
    state = empty_main(robber_may_rotate_factory=True)
    with_factory(state, 1, 12, {4: 5})
    give(state, 1, ore=1)
    state.arrange(phase="robber")
    assert RotateFactory(12, 1) in state.legal_actions() and RotateFactory(12, -1) in state.legal_actions()
    expect_illegal(state, RotateFactory(18, 1), "solcher-robber")
    expect_illegal(state, RotateFactory(12, 2), "solcher-robber")
    before = state.factory_hex(12, [i for i in range(3) if state.factories[12][2 + i] == 5][0])
    state.apply(RotateFactory(12, 1))
    hole = [i for i in range(3) if state.factories[12][2 + i] == 5][0]
    assert state.factory_hex(12, hole) != before and state.factories[12][1] == 1
    assert state.robber == 9 and hand(state, 0) == {} and state.phase == "main"


def test_solcher_robber_needs_the_setting():
    """solcher-robber: without robber_may_rotate_factory there is no rotating."""
    state = empty_main()
    with_factory(state, 1, 12, {4: 5})
    state.arrange(phase="robber")
    assert not any(isinstance(a, RotateFactory) for a in state.legal_actions())
    expect_illegal(state, RotateFactory(12, 1), "solcher-robber")


def test_options_are_validated():
    with pytest.raises(ValueError):
        GAME.new(players=4, production_rule="other")
    with pytest.raises(ValueError):
        GAME.new(players=4, player_colours=("red", "red", "blue", "white"))
    with pytest.raises(ValueError):
        GAME.new(players=4, nonsense=1)
