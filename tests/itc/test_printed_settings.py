"""Issue 33: ITC's printed numbers as settings (goods values) change what a sale and a transport pay."""

from __future__ import annotations

import pytest

import gamekit
from gamekit.itc import card_table, scenario
from gamekit.itc.data import COLOURS

NA = "North America"


def test_a_changed_resale_value_changes_the_sale():
    """itc-selling: the text's example sells black, red and green for 7 x 1,000 + 2,000 + 3 x 2,500 =
    16,500; with green at 3,000 the same sale pays 18,000."""
    goods = {NA: {"black": 7, "red": 1, "green": 3, "yellow": 8, "blue": 4}}
    for values, profit in (((1_000, 1_500, 2_000, 2_500, 3_000, 4_000), 16_500),
                           ((1_000, 1_500, 2_000, 3_000, 3_000, 4_000), 18_000)):
        state = scenario(players=2, seed=1, points=4, goods=goods, markers={NA: [8, 0]}, resale_values=values)
        assert state.sale(NA, 3).profit == profit


def test_a_changed_transport_value_changes_every_card_with_that_colour():
    """itc-goods: "Blau (6.000/4.000)" ...: a blue cube's transport value is part of each card's profit;
    with blue worth 1,000 more, a card with blue goods pays more on each of its routes."""
    game = gamekit.game("itc")
    printed = card_table(game.default_options())
    house = card_table(game.make_options(transport_values=(2_000, 2_500, 3_000, 3_500, 4_500, 7_000)))
    blue = COLOURS.index("blue")
    for card, goods in enumerate(printed.goods):
        for r in printed.routes[card]:
            if blue in goods:
                assert house.profit[card][r][0] > printed.profit[card][r][0]
            else:
                assert house.profit[card][r] == printed.profit[card][r]


def test_resale_values_must_keep_the_order_of_sale():
    with pytest.raises(ValueError, match="resale_values"):
        gamekit.game("itc").new(players=2, resale_values=(5_000, 1_500, 2_000, 2_500, 3_000, 4_000))


def test_a_sales_marker_costing_two_points():
    """itc-placing-markers: "Pro Aktionspunkt ... darf ein Verkaufsstein ... plaziert werden"; with
    marker_cost 2 one continent point is too few (refused, not listed) and two place one marker."""
    from gamekit.itc.actions import PlaceSalesMarker

    printed = scenario(players=2, seed=1, points=1)
    assert PlaceSalesMarker(NA) in printed.legal_actions()
    house = scenario(players=2, seed=1, points=1, marker_cost=2)
    assert PlaceSalesMarker(NA) not in house.legal_actions()
    with pytest.raises(gamekit.IllegalAction) as info:
        house.apply(PlaceSalesMarker(NA))
    assert info.value.rule == "itc-continent-points" and "2 continent points" in str(info.value)
    house = scenario(players=2, seed=1, points=2, marker_cost=2)
    house.apply(PlaceSalesMarker(NA))
    assert house.markers[0][0] == 1 and house.continent_points == 0
    assert PlaceSalesMarker(NA) not in house.legal_actions()


def test_a_red_die_of_eight_points():
    """itc-red-die: "Er hat immer sechs Aktionspunkte ... Eine rote 4 bedeutet, daß der Spieler vier
    Karten ziehen muß und zwei Punkte ... zur Verfügung hat"; with red_die_points 8 a red 4 draws
    four cards and leaves four points."""
    from gamekit.itc.actions import ChooseDice, DrawActionCard, KeepDie

    for points, left in ((6, 2), (8, 4)):
        state = gamekit.game("itc").new(players=2, seed=3, setup_rounds=0, red_die_points=points)
        state.apply(DrawActionCard())
        state.force("red die", 4).apply(ChooseDice("blue", "red")).apply(KeepDie("red"))
        assert state.leftover_points == left
