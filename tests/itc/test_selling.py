"""Selling (rules itc-selling, itc-selling-example-1, itc-selling-example-2) as pure functions and in play."""

from __future__ import annotations

import pytest
from helpers import expect_illegal
from hypothesis import given, settings
from hypothesis import strategies as st
from itc_helpers import at_act

from gamekit.itc import PlaceSalesMarker, Sell
from gamekit.itc.data import COLOURS, CONTINENTS, PLACES
from gamekit.itc.selling import best_plan, sale_options, sellable

NORTH_AMERICA_1 = {"black": 7, "red": 1, "green": 3, "yellow": 8, "blue": 4}
RESALE = {"black": 1000, "white": 1500, "red": 2000, "green": 2500, "yellow": 3000, "blue": 4000}


def test_itc_selling_example_1_pure():
    """itc-selling-example-1, itc-selling-profits: 6 markers and a green 4. Selling at once is impossible (black needs 7
    markers); one point places a 7th marker, three points sell black, red and green."""
    assert sellable(NORTH_AMERICA_1, markers=6, points=4).colours == ()
    sale = sellable(NORTH_AMERICA_1, markers=7, points=3)
    assert sale.colours == ("black", "red", "green")
    assert sale.cubes == (7, 1, 3)
    assert sale.profit == 7 * 1000 + 1 * 2000 + 3 * 2500 == 16_500
    assert sale.markers_returned == 3 and sale.points == 3
    plan = best_plan(NORTH_AMERICA_1, markers=6, points=4)
    assert plan.place == 1 and plan.sale == sale


def test_itc_selling_example_1_player_b():
    """itc-selling-example-1: after A's sale, B (5 markers) needs four points to sell the yellow
    goods (three markers to reach 8, one sale) and five to sell yellow and blue."""
    rest = {"yellow": 8, "blue": 4}
    assert best_plan(rest, markers=5, points=3).profit == 0
    four = best_plan(rest, markers=5, points=4)
    assert (four.place, four.sale.colours, four.profit) == (3, ("yellow",), 24_000)
    five = best_plan(rest, markers=5, points=5)
    assert (five.place, five.sale.colours, five.profit) == (3, ("yellow", "blue"), 40_000)
    # A's alternative in the text: two markers bring A to eight, enough for the yellow goods
    assert sellable(NORTH_AMERICA_1, markers=8, points=4).colours == ("black", "red", "green", "yellow")


def test_itc_selling_example_2_pure():
    """itc-selling-example-2: 3 markers and 4 points; the largest colour has 2 cubes, but each
    colour sold returns a marker, so only black, red and green can be sold."""
    goods = {"black": 2, "red": 1, "green": 1, "yellow": 1}
    sale = sellable(goods, markers=3, points=4)
    assert sale.colours == ("black", "red", "green")
    assert sale.markers_returned == 3
    assert sale.profit == 2 * 1000 + 2000 + 2500
    assert [s.colours for s in sale_options(goods, 3, 4)] == [("black",), ("black", "red"), ("black", "red", "green")]


def test_itc_selling_rejects_bad_input():
    """itc-selling: the pure functions validate their input."""
    with pytest.raises(ValueError):
        sellable({"purple": 1}, 1, 1)
    with pytest.raises(ValueError):
        sellable({"black": -1}, 1, 1)
    with pytest.raises(ValueError):
        sellable({"black": 1}, -1, 1)


def _brute_force(goods: dict[str, int], markers: int, points: int) -> tuple[str, ...]:
    """The rule read directly: the sold colours are the k cheapest present colours for some k;
    allowed if k <= points, k <= markers and every sold count <= markers. Take the largest k."""
    present = [c for c in COLOURS if goods.get(c, 0)]
    best: tuple[str, ...] = ()
    for k in range(len(present) + 1):
        sold = present[:k]
        if k <= points and k <= markers and all(goods[c] <= markers for c in sold):
            best = tuple(sold)
    return best


@settings(max_examples=200, deadline=None)
@given(
    st.dictionaries(st.sampled_from(COLOURS), st.integers(0, 12)),
    st.integers(0, 12),
    st.integers(0, 8),
)
def test_itc_selling_matches_the_rule_read_directly(goods, markers, points):
    """itc-selling: the largest sale equals a brute-force reading of the rule, and its profit is
    the resale value of the cubes sold."""
    sale = sellable(goods, markers, points)
    assert sale.colours == _brute_force(goods, markers, points)
    assert sale.profit == sum(goods[c] * RESALE[c] for c in sale.colours)
    # never sell a more expensive colour while a cheaper one present stays
    present = [c for c in COLOURS if goods.get(c, 0)]
    assert list(sale.colours) == present[: len(sale.colours)]
    # the best plan is at least as good as any split between placing and selling
    plan = best_plan(goods, markers, points)
    for place in range(points + 1):
        assert plan.profit >= sellable(goods, markers + place, points - place).profit


def _north_america_state(markers: int, points: int):
    s = at_act(players=2, seed=3, kept="green", points=points)
    p = s.turn
    na = PLACES.index("North America")
    moved = markers - s.markers[na][p]
    s.markers[na][p] += moved
    s.stones[p] -= moved
    cubes = sum(NORTH_AMERICA_1.values())
    s.goods_supply -= cubes - sum(s.goods[na])
    s.goods[na] = [NORTH_AMERICA_1.get(c, 0) for c in COLOURS]
    return s, p, na


def test_itc_selling_example_1_in_play():
    """itc-selling-example-1 played through the engine: selling with 6 markers is refused; after one
    more marker, Sell(3 colours) earns 16,500 and returns three markers."""
    s, p, na = _north_america_state(markers=6, points=4)
    assert Sell("North America", 1) not in s.legal_actions()
    expect_illegal(s, Sell("North America", 3), "itc-selling")
    score = s.score[p]
    s.apply(PlaceSalesMarker("North America"))
    assert [a for a in s.legal_actions() if isinstance(a, Sell) and a.place == "North America"] == [
        Sell("North America", 1), Sell("North America", 2), Sell("North America", 3)]
    s.apply(Sell("North America", 3))
    assert s.score[p] - score == 16_500
    assert s.markers[na][p] == 4
    assert s.goods[na] == [0, 0, 0, 0, 8, 4]
    assert s.continent_points == 0
    assert s.log[-1]["score"] == [[p, 16_500, "sale in North America"]]


def test_itc_selling_example_2_in_play():
    """itc-selling-example-2 in the engine: 3 markers, green 4: selling four colours is refused."""
    s, p, na = _north_america_state(markers=3, points=4)
    s.goods_supply += sum(s.goods[na])
    s.goods[na] = [2, 0, 1, 1, 1, 0]
    s.goods_supply -= 5
    expect_illegal(s, Sell("North America", 4), "itc-selling")
    s.apply(Sell("North America", 3))
    assert s.goods[na] == [0, 0, 0, 0, 1, 0]
    assert s.markers[na][p] == 0


def test_itc_continent_points_needed_to_sell():
    """itc-continent-points: a sale of k colours needs k points."""
    s, p, na = _north_america_state(markers=8, points=2)
    expect_illegal(s, Sell("North America", 3), "itc-continent-points")
    assert CONTINENTS[0] == "North America"
