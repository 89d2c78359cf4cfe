"""Issue 33: Auf Achse's printed numbers as settings change the rule in the legal list and the check alike."""

from __future__ import annotations

from aa_helpers import RED, driving, placed, refused, road

from gamekit.auf_achse import BuyTrailer, Decline, Step


def _in_berlin(**options):
    s = placed(3, **options)
    driving(s, road("Leipzig", "Berlin")[-1], 1)
    s.apply(Step("Berlin"))
    s.apply(Decline())
    return s


def test_a_large_trailer_costing_500_more():
    """auf-achse-trailers: "6 zusätzliche Waren zum Preis von 3000 €"; at 3,500 a player with 3,000 €
    cannot buy one (refused, not listed), with 3,500 € they can, and it carries the printed 6 more."""
    s = _in_berlin()
    s.cash[RED], s.bank = 3_000, s.bank + 2_000
    assert BuyTrailer("large") in s.legal_actions()
    house = _in_berlin(large_trailer_cost=3_500)
    house.cash[RED], house.bank = 3_000, house.bank + 2_000
    assert BuyTrailer("large") not in house.legal_actions()
    refused(house, BuyTrailer("large"), "auf-achse-trailers")
    house.cash[RED], house.bank = 3_500, house.bank - 500
    assert BuyTrailer("large") in house.legal_actions()
    house.apply(BuyTrailer("large"))
    assert house.cash[RED] == 0 and house.capacity(RED) == 12


def test_a_bigger_small_trailer_and_truck():
    """auf-achse-trailers, auf-achse-loading: a truck of 7 goods with a small trailer of 5 carries 12."""
    s = _in_berlin(truck_capacity=7, small_trailer_goods=5)
    assert s.capacity(RED) == 7
    s.apply(BuyTrailer("small"))
    assert s.capacity(RED) == 12 and s.cash[RED] == 3_000


def test_more_starting_money():
    """auf-achse-setup: 5,000 € each; with starting_money 6,000 each player starts with 6,000 €."""
    assert placed(3, starting_money=6_000).cash == [6_000] * 3
