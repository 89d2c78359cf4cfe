"""Issue 33: a changed printed number changes the rule, in the legal list and the check alike.

Each test plays the printed number first, then a house rule that changes it by one (a factory
costing one more ore, a settlement one more wool, ...): with one card short the action is refused
citing its rule and is not listed; with enough it is listed and passes.
"""

from __future__ import annotations

import pytest
from catan_helpers import catan_main, empty_main, expect_illegal, give, put, road, seafarers_main

import gamekit
from gamekit.catan.actions import (
    BankTrade,
    BuildCity,
    BuildFactory,
    BuildRoad,
    BuildSettlement,
    BuildShip,
    BuyDevelopmentCard,
    EndTurn,
    Roll,
)


def edge(state, a, b):
    return state.topo.edge_between(a, b)


def _factory_position(**options):
    state = empty_main(**options)
    put(state, 0, 8, "settlement")
    road(state, 0, edge(state, 8, 12), edge(state, 12, 17))
    return state


def test_a_factory_costing_one_more_ore():
    """factories-building: "Kosten: 2 Lehm + 3 Erz"; with factory_cost 2 brick + 4 ore, three ore are
    one short (refused, not listed) and four are enough (listed, built)."""
    printed = _factory_position()
    give(printed, 0, brick=2, ore=3)
    assert BuildFactory(17) in printed.legal_actions()
    house = _factory_position(factory_cost={"brick": 2, "ore": 4})
    give(house, 0, brick=2, ore=3)
    assert BuildFactory(17) not in house.legal_actions()
    error = expect_illegal(house, BuildFactory(17), "factories-building")
    assert "2 brick, 4 ore" in str(error)
    give(house, 0, ore=1)
    assert BuildFactory(17) in house.legal_actions()
    house.apply(BuildFactory(17))
    assert house.hands[0] == [0, 0, 0, 0, 0]


def test_a_cheaper_investment():
    """factories-investment: "Kosten: 1 Lehm + 1 Erz"; with investment_cost 1 ore, one ore invests."""
    from gamekit.catan.actions import Invest

    state = _factory_position(investment_cost={"ore": 1})
    give(state, 0, brick=2, ore=4)
    state.apply(BuildFactory(17))
    assert Invest(17) in state.legal_actions()
    state.apply(Invest(17))
    assert state.hands[0] == [0, 0, 0, 0, 0]


def test_a_settlement_costing_one_more_wool():
    """catan-building-costs: a settlement is 1 brick, 1 lumber, 1 wool, 1 grain; with one more wool
    the printed hand is one short."""
    for cost, listed in (({"brick": 1, "lumber": 1, "wool": 1, "grain": 1}, True),
                         ({"brick": 1, "lumber": 1, "wool": 2, "grain": 1}, False)):
        state = catan_main(settlement_cost=cost)
        put(state, 0, 8)
        road(state, 0, edge(state, 8, 12), edge(state, 12, 17))
        give(state, 0, brick=1, lumber=1, wool=1, grain=1)
        assert (BuildSettlement(17) in state.legal_actions()) is listed
        if not listed:
            expect_illegal(state, BuildSettlement(17), "catan-building-costs")
            give(state, 0, wool=1)
            assert BuildSettlement(17) in state.legal_actions()
        state.apply(BuildSettlement(17))
        assert state.hands[0] == [0, 0, 0, 0, 0]


def test_a_city_and_a_development_card_at_house_prices():
    """catan-building-costs, catan-development-cards: a city of 2 grain + 2 ore and a development
    card of 1 grain are legal with exactly those cards, and cost exactly them."""
    state = catan_main(city_cost={"grain": 2, "ore": 2}, development_card_cost={"grain": 1})
    put(state, 0, 8)
    give(state, 0, grain=3, ore=2)
    assert BuildCity(8) in state.legal_actions() and BuyDevelopmentCard() in state.legal_actions()
    state.apply(BuildCity(8)).apply(BuyDevelopmentCard())
    assert state.hands[0] == [0, 0, 0, 0, 0]


def test_fewer_roads_per_player():
    """catan-building-costs: 15 roads each; with roads_per_player 3 the fourth road is refused."""
    state = catan_main(roads_per_player=3)
    put(state, 0, 8)
    road(state, 0, edge(state, 8, 12), edge(state, 12, 17), edge(state, 8, 4))
    give(state, 0, brick=1, lumber=1)
    assert state.pieces_left(0)["road"] == 0
    assert not any(isinstance(a, BuildRoad) for a in state.legal_actions())
    target = next(e for e in state.topo.node_edges[17] if state.edge_owner[e] == -1)
    expect_illegal(state, BuildRoad(target), "catan-road")


@pytest.mark.parametrize("game", ["seafarers", "trade-feud"])
def test_a_ship_costing_one_more_lumber(game):
    """seafarers-ship: a ship is 1 lumber + 1 wool; with ship_cost 2 lumber + 1 wool the printed
    hand is one short, in the Seafarers layer and in Trade Feud alike."""
    from gamekit.catan.base import scenario
    from gamekit.catan.seafarers import SEAFARERS

    def position(node, **options):
        state = seafarers_main(**options) if game == "seafarers" else scenario(3, game="trade-feud", turn=0, **options)
        put(state, 0, node)
        give(state, 0, lumber=1, wool=1)
        return state

    def ship_sites(state):
        return [a for a in state.legal_actions() if isinstance(a, BuildShip)]

    node = ship = None
    for v in range(len(seafarers_main().topo.nodes)):
        try:
            sites = ship_sites(position(v))
        except ValueError:  # no building may stand there
            continue
        if sites:
            node, ship = v, sites[0]
            break
    assert ship is not None
    position(node).apply(ship)
    house = position(node, ship_cost={"lumber": 2, "wool": 1})
    assert not ship_sites(house)
    expect_illegal(house, ship, "catan-building-costs")
    give(house, 0, lumber=1)
    assert ship in house.legal_actions()
    house.apply(ship)
    assert house.hands[0] == [0, 0, 0, 0, 0]
    assert SEAFARERS  # the layer's game, registered beside Trade Feud


def test_changed_numbers_are_saved_and_restored():
    """A house rule is part of the game: saved with it, restored, and checked again on restore."""
    game = gamekit.game("factories")
    state = game.new(players=3, seed=4, factory_cost={"ore": 4, "brick": 2}, roads_per_player=12,
                     development_deck=(10, 2, 2, 2, 5))
    again = game.from_json(state.to_json())
    assert again.options == state.options and again.COSTS["factory"] == (2, 0, 0, 0, 4)
    assert again.options.factory_cost == (("brick", 2), ("ore", 4)) and sum(again.dev_deck) == 21
    text = state.to_json().replace('"roads_per_player": 12', '"roads_per_player": 1')
    with pytest.raises(gamekit.InvalidSave, match="roads_per_player"):
        game.from_json(text)


@pytest.mark.parametrize("options, words", [
    ({"factory_cost": {"gold": 1}}, "factory_cost (factory cost, rule factories-building)"),
    ({"city_cost": {"ore": -1}}, "city_cost (city cost, rule catan-building-costs): the count of ore"),
    ({"roads_per_player": 2}, "roads_per_player (roads per player, rule catan-building-costs) must be an integer 3..72"),
    ({"development_deck": (14, 2)}, "development_deck (development cards by kind, rule catan-development-cards)"),
])
def test_a_bad_house_rule_is_refused_naming_the_setting(options, words):
    with pytest.raises(ValueError) as info:
        gamekit.game("factories").new(players=3, **options)
    assert words in str(info.value)


@pytest.mark.parametrize("name", ["catan", "trade-feud"])
def test_the_special_cards_worth_three(name):
    """catan-largest-army, catan-longest-road ("je 2 Siegpunkte wert"): with the special cards worth 3
    each, their holder has 2 points more than under the printed 2 each."""
    points = []
    for worth in (2, 3):
        state = gamekit.game(name).new(players=3, seed=5, largest_army_points=worth, longest_road_points=worth)
        before = state.victory_points(1)
        state.largest_army = state.longest_road = 1
        points.append(state.victory_points(1) - before)
    assert points == [4, 6]


def test_settlements_worth_three_points_win_sooner():
    """catan-victory: "settlements count 1, cities 2"; with settlement_points 3 (cities 3) the
    fourth settlement reaches the 10 points that win at once; with the printed 1 it is 4 points."""
    for worth, over in ((1, False), (3, True)):
        state = catan_main(settlement_points=worth, city_points=3)
        for node in (0, 10, 20):
            put(state, 0, node)
        road(state, 0, edge(state, 8, 12), edge(state, 12, 17))
        put(state, 0, 8)
        give(state, 0, brick=1, lumber=1, wool=1, grain=1)
        state.apply(BuildSettlement(17))
        assert state.victory_points(0) == 5 * worth
        assert state.is_over() is over and state.winners() == ([0] if over else [])


def test_a_city_worth_three_points():
    """catan-victory: a city counts 2 (printed), 3 under city_points 3; a city worth less than a
    settlement is refused, naming the settings."""
    for worth in (2, 3):
        state = catan_main(city_points=worth)
        put(state, 0, 8, "city")
        put(state, 0, 0)
        assert state.victory_points(0) == 1 + worth
    with pytest.raises(ValueError, match="city_points .* must be at least settlement_points"):
        catan_main(settlement_points=3, city_points=2)


def test_a_bank_trading_three_for_one():
    """catan-bank-trade: "four equal cards to the bank for any one card"; with bank_trade_rate 3 a
    player without harbours trades three wool for one ore (listed, done), and four are refused."""
    printed = catan_main()
    give(printed, 0, wool=4)
    expect_illegal(printed, BankTrade("wool", "ore", 3), "catan-harbour-trade")
    assert [a.count for a in printed.legal_actions() if isinstance(a, BankTrade) and a.get == "ore"] == [4]
    house = catan_main(bank_trade_rate=3)
    give(house, 0, wool=3)
    assert house.trade_rates(0, 2) == (3,)
    assert [a.count for a in house.legal_actions() if isinstance(a, BankTrade) and a.get == "ore"] == [3]
    expect_illegal(house, BankTrade("wool", "ore", 4), "catan-bank-trade")
    house.apply(BankTrade("wool", "ore", 3))
    assert house.hands[0] == [0, 0, 0, 0, 1]


def test_harbours_at_house_rates():
    """catan-harbour-trade: 3:1 at a 3:1 harbour, 2:1 at the resource's own; with harbour_trade_rate
    2 and resource_harbour_rate 1 the same harbours trade 2:1 and 1:1 (listed, done, the printed
    counts refused)."""
    state = catan_main(harbour_trade_rate=2, resource_harbour_rate=1)
    give(state, 0, wool=2, brick=1)
    put(state, 0, 1)  # a 3:1 harbour
    assert state.trade_rates(0, 2) == (2, 4)
    assert BankTrade("wool", "ore", 2) in state.legal_actions()
    expect_illegal(state, BankTrade("wool", "ore", 3), "catan-harbour-trade")
    put(state, 0, 16)  # the 2:1 brick harbour
    assert state.trade_rates(0, 0) == (1, 2, 4)
    assert BankTrade("brick", "grain", 1) in state.legal_actions()
    state.apply(BankTrade("brick", "grain", 1)).apply(BankTrade("wool", "ore", 2))
    assert state.hands[0] == [0, 0, 0, 1, 1]


def test_the_robber_on_a_twelve_too():
    """catan-robber, catan-production: on a 7 nothing is produced and the robber moves; with
    robber_rolls (7, 12) a 12 does the same (the settlement on the 12 gets nothing), where the
    printed rule pays it."""
    for rolls, robbed in (((7,), False), ((7, 12), True)):
        state = catan_main(robber_rolls=rolls)
        hex12 = state.board.number_hexes[12][0]
        put(state, 1, state.topo.hex_nodes[hex12][0])
        state.apply(EndTurn())
        state.force("2d6", (12, [6, 6])).apply(Roll())
        assert state.phase == ("robber" if robbed else "main")
        assert sum(state.hands[1]) == (0 if robbed else 1)


def test_a_bank_trading_one_for_one():
    """catan-bank-trade: with bank_trade_rate 1 a single card is listed for a trade with the bank
    (the list no longer looks only at pairs of cards, as the printed 2:1 at best allows)."""
    state = catan_main(bank_trade_rate=1)
    give(state, 0, wool=1)
    assert BankTrade("wool", "ore", 1) in state.legal_actions()
    state.apply(BankTrade("wool", "ore", 1))
    assert state.hands[0] == [0, 0, 0, 0, 1]
