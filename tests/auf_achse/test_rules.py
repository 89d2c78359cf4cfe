"""One test (or a few) per rule of Auf Achse, each citing its book label, and the worked example of page 4."""

from __future__ import annotations

import json

import pytest
from aa_helpers import (
    BLUE,
    GAME,
    GREEN,
    RED,
    YELLOW,
    check_invariants,
    driving,
    grab,
    load_onto,
    placed,
    refused,
    road,
    take_public,
)

import gamekit
from gamekit.auf_achse import (
    ASSUMPTIONS,
    Bid,
    BuyTrailer,
    ChooseContract,
    Decline,
    EndTurn,
    KeepInHand,
    Load,
    Pass,
    PlaceSign,
    PlaceTruck,
    ReturnTrailer,
    Roll,
    Step,
    Stop,
    TakeContract,
    Unload,
    UseDie,
    contracts,
    events,
    network,
)

BERLIN_TRIESTE = 0  # the worked example's card


def arrive_exactly(s, city: str = "Berlin", via: str = "Leipzig"):
    """The current player drives the last pip of a roll into ``city``."""
    driving(s, road(via, city)[-1], 1)
    s.apply(Step(city))
    assert s.phase == "city" and s.exact
    return s


# -- the worked example (label auf-achse-example) -------------------------------------------------

def test_worked_auction_example():
    """label auf-achse-example: red chooses Berlin-Trieste; yellow passes; blue names offer 2 at once;
    green offer 3; red matches; blue passes; green raises to 4; red passes. Green pays 2,800 at once,
    earns 3,900 in Trieste: a profit of 1,100."""
    s = placed(4)
    take_public(s, BERLIN_TRIESTE, 0)
    arrive_exactly(s)
    card = s.cards[BERLIN_TRIESTE]
    assert (card.start, card.destination, card.cost(4), card.revenue) == ("Berlin", "Trieste", 2_800, 3_900)
    s.apply(ChooseContract(0))
    assert s.current_player == YELLOW  # red's left neighbour bids first
    s.apply(Pass())
    assert s.current_player == BLUE
    s.apply(Bid(2))  # skips offer 1
    s.apply(Bid(3))  # green
    assert s.current_player == RED
    s.apply(Bid(3))  # red matches: enough for the chooser
    assert s.auction.leader == RED and s.current_player == BLUE
    s.apply(Pass())
    assert s.current_player == GREEN
    s.apply(Bid(4))
    assert s.current_player == RED
    s.apply(Pass())
    assert s.auction is None and s.cash[GREEN] == 5_000 - 2_800
    assert s.cash[RED] == s.cash[BLUE] == s.cash[YELLOW] == 5_000
    assert s.price_paid(BERLIN_TRIESTE) == 2_800 and s.auction_result(BERLIN_TRIESTE) == (GREEN, 4, 2_800)
    # green's truck stands in Berlin with room: green may lay the contract out and load it at once
    assert s.phase == "loading" and s.current_player == GREEN
    assert s.legal_actions() == [Load(BERLIN_TRIESTE), KeepInHand()]
    s.apply(Load(BERLIN_TRIESTE))
    assert BERLIN_TRIESTE in s.loaded[GREEN] and s.phase == "city" and s.current_player == RED
    s.apply(EndTurn())
    s.player = GREEN
    arrive_exactly(s, "Trieste", via="Graz")
    s.apply(Unload(BERLIN_TRIESTE))
    assert s.cash[GREEN] == 5_000 - 2_800 + 3_900
    assert s.cash[GREEN] - 5_000 == 1_100


# -- setup ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("players,public", [(2, 12), (3, 16), (4, 20), (5, 24), (6, 24)])
def test_setup_money_hands_and_public_deck(players, public):
    """label auf-achse-setup: 5,000 each, 3 private contracts, 12/16/20/24 public ones, 4 face up."""
    s = GAME.new(players=players, seed=3)
    assert s.cash == [5_000] * players
    assert all(len(h) == 3 for h in s.hands)
    assert len(s.row) == 4 and None not in s.row
    assert len(s.public_deck) + 4 == public
    assert s.phase == "setup" and s.legal_actions()[0] == PlaceTruck("Flensburg")


def test_setup_trucks_are_placed_on_any_space_in_turn():
    """label auf-achse-setup (setting start_anywhere: any city or road space, at most two trucks on
    a road space, no ferry)"""
    s = GAME.new(players=3, seed=1)
    s.apply(PlaceTruck("Berlin-Leipzig/0"))
    s.apply(PlaceTruck("Berlin-Leipzig/0"))
    refused(s, PlaceTruck("Berlin-Leipzig/0"), "auf-achse-setup")  # a third truck on one road space
    refused(s, PlaceTruck("Rotterdam-Flensburg/0"), "auf-achse-setup")  # a ferry
    refused(s, PlaceTruck("Atlantis"), "auf-achse-setup")
    s.apply(PlaceTruck("Berlin"))
    assert s.position == ["Berlin-Leipzig/0", "Berlin-Leipzig/0", "Berlin"] and s.phase == "roll"


def test_road_spaces_are_named_in_words():
    """A road space is shown to the reader by its road and its place on it, counted from 1 from the
    city named first (the buttons, the log and the map's description), never by its internal id."""
    s = GAME.new(players=2, seed=1)
    assert str(PlaceTruck("Berlin-Leipzig/0")) == "place truck on Berlin–Leipzig, space 1 from Berlin"
    assert str(PlaceTruck("Berlin")) == "place truck in Berlin"
    assert str(Step("Hamburg-Rostock/3")) == "step to Hamburg–Rostock, space 4 from Hamburg"
    assert s.parse_action("place truck on Berlin–Leipzig, space 1 from Berlin") == PlaceTruck("Berlin-Leipzig/0")
    from gamekit.web.play_tables import holdings

    assert "truck not placed yet" in holdings(s, 0, 0)
    s.apply(PlaceTruck("Berlin-Leipzig/0"))
    assert "truck at Berlin–Leipzig, space 1 from Berlin" in holdings(s, 0, 0)
    from gamekit.auf_achse.svg import board_svg

    assert "player 1's truck at Berlin–Leipzig, space 1 from Berlin" in board_svg(s)


def test_setup_trucks_are_placed_in_cities_in_turn():
    """label auf-achse-setup (start_anywhere=False: in a city)"""
    s = GAME.new(players=3, seed=1, start_anywhere=False)
    refused(s, PlaceTruck("Berlin-Leipzig/0"), "auf-achse-setup")
    refused(s, Roll(), "auf-achse-setup")
    for p, city in enumerate(("Berlin", "Wien", "Berlin")):
        assert s.current_player == p
        s.apply(PlaceTruck(city))
    assert s.position == ["Berlin", "Wien", "Berlin"] and s.phase == "roll" and s.current_player == 0


def test_data_files():
    """labels auf-achse-board, auf-achse-contracts, auf-achse-events"""
    net = network()
    for city in ("Flensburg", "Rostock", "Rotterdam", "Brüssel", "Berlin", "Verona", "Trieste", "Wien", "Graz"):
        assert net.is_city(city)
    ferry_ends = {(a, b) for a, b, spaces in net.roads if set(spaces) <= net.ferry_spaces}
    assert ferry_ends == {("Rotterdam", "Flensburg"), ("Flensburg", "Rostock")}
    assert net.triangles and all(not net.is_city(t) for t in net.triangles)
    assert len(contracts()) == 54 and len(events()) == 28
    shown = next(a.default for a in ASSUMPTIONS if a.setting == "road network (network.json)")  # the chapter's figures
    assert shown.startswith(f"{len(net.cities)} cities, {len(net.roads)} roads") and f"{len(net.triangles)} event" in shown
    for c in contracts():  # the formula of the assumption, card by card
        assert c.revenue == round((150 * net.distance(c.start, c.destination) + 150 * c.amount) / 100) * 100
        assert list(c.costs) == [k * (c.revenue * 18 // 100 // 100 * 100) for k in range(1, 6)]


# -- movement -------------------------------------------------------------------------------------

def test_two_dice_use_one_and_a_six_is_any_move():
    """label auf-achse-movement"""
    s = placed(2)
    s.apply(Roll())
    assert len(s.dice) == 2 and s.log[-1]["chance"][0]["result"] == s.dice
    s.dice = [2, 5]
    assert [a.pips for a in s.legal_actions()] == [2, 5]
    refused(s, UseDie(4), "auf-achse-movement")
    s.dice = [6, 3]
    assert [a.pips for a in s.legal_actions()] == [1, 2, 3, 4, 5, 6]
    s.apply(UseDie(4))
    assert s.phase == "moving" and s.remaining == 4


def test_moving_takes_exactly_the_pips_and_never_twice_the_same_place():
    """label auf-achse-movement"""
    s = driving(placed(2), "Berlin", 3)
    first = road("Berlin", "Leipzig")[0]
    s.apply(Step(first))
    refused(s, Step("Berlin"), "auf-achse-movement")  # no way back in the same move
    refused(s, Step("Wien"), "auf-achse-movement")  # not next to here
    refused(s, Stop(), "auf-achse-movement")  # pips are given up only in a city
    s.apply(Step(road("Berlin", "Leipzig")[1]))
    assert s.remaining == 1 and s.phase == "moving"


def test_road_space_holds_two_trucks_a_truck_may_overtake():
    """label auf-achse-road-spaces (setting overtaking): a third truck may drive through a road space
    holding two trucks but not stop there; with its last pip it may not enter."""
    s = placed(4)
    first, second = road("Berlin", "Leipzig")[:2]
    s.position[BLUE] = s.position[GREEN] = first
    driving(s, "Berlin", 2)  # two pips: through the full space to the next
    assert Step(first) in s.legal_actions()
    s.apply(Step(first))
    assert s.trucks_at(first) == 3 and s.legal_actions() == [Step(second)]  # no stop as the third truck
    refused(s, Stop(), "auf-achse-road-spaces")
    s.apply(Step(second))
    assert s.trucks_at(first) == 2 and s.position[RED] == second
    t = placed(4)
    t.position[BLUE] = t.position[GREEN] = first
    driving(t, "Berlin", 1)  # one pip: it would end on the full space
    assert Step(first) not in t.legal_actions()
    refused(t, Step(first), "auf-achse-road-spaces")
    u = placed(4)
    u.position[BLUE] = u.position[GREEN] = first
    driving(u, "Berlin", 2)
    u.roadworks_at = second  # the way on is closed: no overtaking into a dead end
    assert Step(first) not in u.legal_actions()


def test_road_space_holds_two_trucks_a_city_any_number():
    """label auf-achse-road-spaces (overtaking=False): a third truck may not enter a road space."""
    s = placed(4, overtaking=False)  # all four trucks in Berlin: any number in a city
    space = road("Berlin", "Leipzig")[0]
    s.position[BLUE] = s.position[GREEN] = space
    driving(s, "Berlin", 2)
    assert Step(space) not in s.legal_actions()
    refused(s, Step(space), "auf-achse-road-spaces")
    s.position[GREEN] = "Berlin"
    s.apply(Step(space))
    assert s.trucks_at(space) == 2


def test_a_blocked_truck_stops_where_it_is():
    """label auf-achse-movement (assumption: a truck that cannot go on stops)"""
    s = placed(4)
    a, b = road("Basel", "Zürich")[0], road("Stuttgart", "Basel")[-1]
    s.position[YELLOW] = s.position[BLUE] = a
    s.position[GREEN] = "Zürich"
    driving(s, b, 3)
    s.apply(Step("Basel"))
    assert Stop() in s.legal_actions()  # in a city
    s.apply(Stop())
    assert s.phase == "city" and not s.exact


# -- events ---------------------------------------------------------------------------------------

def _triangle_approach():
    net = network()
    for _a, _b, spaces in net.roads:
        for i, space in enumerate(spaces):
            if space in net.triangles and i > 0 and spaces[i - 1] not in net.triangles:
                return spaces[i - 1], space
    raise LookupError


def test_an_exact_stop_on_a_triangle_draws_an_event_card():
    """label auf-achse-events"""
    before_space, triangle = _triangle_approach()
    s = driving(placed(2, seed=4), before_space, 1)
    deck = len(s.event_deck)
    s.apply(Step(triangle))
    assert len(s.event_deck) == deck - 1 and len(s.event_discard) == 1
    assert s.log[-1]["chance"][0]["what"] == "event card"


def test_driving_over_a_triangle_draws_nothing():
    """label auf-achse-events"""
    before_space, triangle = _triangle_approach()
    s = driving(placed(2, seed=4), before_space, 2)
    s.apply(Step(triangle))
    assert s.phase == "moving" and not s.event_discard


def _event_first(s, kind: str) -> None:
    card = next(e.id for e in s.event_cards if e.kind == kind)
    s.event_deck.remove(card)
    s.event_deck.insert(0, card)


def test_an_unpaid_event_card_stays_until_the_player_can_pay_double():
    """label auf-achse-events (setting unpaid_event="double"): no credit; the card stays with the
    player, who pays twice its sum once the cash allows it, not one euro earlier."""
    before_space, triangle = _triangle_approach()
    s = placed(2, seed=2)
    _event_first(s, "pay")
    card = s.event_deck[0]
    amount = s.event_cards[card].amount
    s.cash[0], s.bank = amount - 100, s.bank + s.cash[0] - (amount - 100)
    driving(s, before_space, 1).apply(Step(triangle))
    assert s.owed[0] == [card] and s.cash[0] == amount - 100 and card not in s.event_discard
    check_invariants(s)
    s.player, s.phase = 0, "city"
    s.position[0] = "Berlin"
    s.cash[0], s.bank = 2 * amount - 1, s.bank - (amount + 99)  # one euro short of double
    s.apply(EndTurn())
    assert s.owed[0] == [card]
    s.cash[0], s.bank = s.cash[0] + 1, s.bank - 1
    s.apply(Roll())  # yellow's action; after every action the debts are settled
    assert s.owed[0] == [] and s.cash[0] == 0 and card in s.event_discard
    assert sum(s.cash) + s.bank == 1_000_000


def test_event_payments_give_no_credit_and_conserve_money():
    """label auf-achse-events (unpaid_event="all_cash")"""
    before_space, triangle = _triangle_approach()
    s = placed(2, seed=2, unpaid_event="all_cash")
    _event_first(s, "pay")
    amount = s.event_cards[s.event_deck[0]].amount
    s.cash[0], s.bank = amount - 100, s.bank + s.cash[0] - (amount - 100)
    driving(s, before_space, 1).apply(Step(triangle))
    assert s.cash[0] == 0 and sum(s.cash) + s.bank == 1_000_000
    assert s.current_player == 1 and s.phase == "roll"


def test_an_event_card_that_moves_the_truck_into_a_city_allows_no_public_contract():
    """label auf-achse-public-contracts: not when an event card moved you into the city."""
    before_space, triangle = _triangle_approach()
    s = placed(2, seed=2)
    _event_first(s, "to_city")
    driving(s, before_space, 1).apply(Step(triangle))
    assert s.phase == "city" and s.by_event and s.net.is_city(s.position[0])
    assert not any(isinstance(a, (ChooseContract, Decline)) for a in s.legal_actions())
    refused(s, ChooseContract(0), "auf-achse-public-contracts")
    refused(s, Decline(), "auf-achse-public-contracts")
    s.apply(EndTurn())


def test_skip_and_extra_turn_events():
    """label auf-achse-events"""
    before_space, triangle = _triangle_approach()
    s = placed(3, seed=2)
    _event_first(s, "skip")
    driving(s, before_space, 1).apply(Step(triangle))
    assert s.current_player == 1
    s.player, s.phase = 2, "roll"
    s.position[2] = "Wien"
    driving(s, "Wien", 1)
    s.apply(Step(road("Wien", "Graz")[0]))
    assert s.current_player == 1  # player 0 misses this turn
    assert s.skip_next == [False, False, False]
    s2 = placed(2, seed=2)
    _event_first(s2, "extra")
    driving(s2, before_space, 1).apply(Step(triangle))
    assert s2.current_player == 0 and s2.phase == "roll"


# -- public contracts -----------------------------------------------------------------------------

def test_arriving_with_the_full_roll_offers_the_public_contracts():
    """label auf-achse-public-contracts"""
    s = arrive_exactly(placed(3))
    actions = s.legal_actions()
    assert [a for a in actions if isinstance(a, ChooseContract)] == [ChooseContract(k) for k in range(4)]
    assert Decline() in actions and EndTurn() not in actions
    refused(s, EndTurn(), "auf-achse-declining")


def test_no_public_contract_after_giving_up_pips():
    """label auf-achse-public-contracts: pips given up to load or unload: no public contract."""
    s = placed(3)
    driving(s, road("Leipzig", "Berlin")[-1], 3)
    s.apply(Step("Berlin"))
    s.apply(Stop())
    assert s.phase == "city" and not s.exact
    refused(s, ChooseContract(0), "auf-achse-public-contracts")
    refused(s, Decline(), "auf-achse-public-contracts")
    assert EndTurn() in s.legal_actions()


def test_no_public_contract_while_driving():
    """label auf-achse-public-contracts"""
    s = driving(placed(3), "Berlin", 2)
    refused(s, ChooseContract(0), "auf-achse-public-contracts")


def test_auction_order_starts_left_of_the_chooser_and_a_pass_is_final():
    """label auf-achse-auction-order"""
    s = placed(4)
    s.player = BLUE
    arrive_exactly(s)
    s.apply(ChooseContract(0))
    assert s.current_player == GREEN
    s.apply(Bid(1))
    assert s.current_player == RED
    s.apply(Pass())
    assert s.current_player == YELLOW
    s.apply(Bid(2))
    assert s.current_player == BLUE  # the chooser
    s.apply(Bid(2))  # matches
    assert s.current_player == GREEN  # red passed: skipped from now on
    s.apply(Pass())
    assert s.current_player == YELLOW
    refused(s, Bid(2), "auf-achse-chooser-matches")
    s.apply(Pass())
    assert s.auction is None and s.current_player == BLUE
    card = s.hands[BLUE][-1]
    assert s.cash[BLUE] == 5_000 - s.cards[card].cost(2)


def test_bidding_below_or_at_the_current_offer_is_refused():
    """label auf-achse-chooser-matches: only the chooser may match; the others must raise."""
    s = arrive_exactly(placed(4))
    s.apply(ChooseContract(0))
    s.apply(Bid(3))  # yellow
    refused(s, Bid(2), "auf-achse-chooser-matches")  # blue below
    refused(s, Bid(3), "auf-achse-chooser-matches")  # blue equal
    s.apply(Pass())
    s.apply(Pass())  # green
    refused(s, Bid(2), "auf-achse-offers")  # red, the chooser, below the offer
    s.apply(Bid(3))
    assert s.auction is not None and s.auction.leader == RED and s.current_player == YELLOW


def test_offers_are_numbered_one_to_five():
    """label auf-achse-offers"""
    s = arrive_exactly(placed(3))
    s.apply(ChooseContract(0))
    refused(s, Bid(0), "auf-achse-offers")
    refused(s, Bid(6), "auf-achse-offers")
    assert [a for a in s.legal_actions() if isinstance(a, Bid)] == [Bid(k) for k in range(1, 6)]


def test_a_house_rule_lowers_the_highest_offer():
    """label auf-achse-offers: the offers "von 1– 5 durchnummeriert" are the setting highest_offer
    (printed 5); a house rule of 3 lists and allows offers 1 to 3 only, and a save cannot hold more."""
    s = arrive_exactly(placed(3, highest_offer=3))
    s.apply(ChooseContract(0))
    assert [a for a in s.legal_actions() if isinstance(a, Bid)] == [Bid(1), Bid(2), Bid(3)]
    refused(s, Bid(4), "auf-achse-offers")
    s.apply(Bid(3))
    saved = json.loads(s.to_json())
    saved["state"]["auction"]["offer"] = 4
    with pytest.raises(gamekit.InvalidSave, match="highest_offer"):
        GAME.from_json(json.dumps(saved))
    with pytest.raises(ValueError, match="highest_offer"):
        placed(3, highest_offer=6)


def test_no_credit_bidding_without_the_cash_is_refused():
    """label auf-achse-payment: the price is paid at once; no credit."""
    s = arrive_exactly(placed(3))
    card = s.cards[s.row[0]]
    s.cash[YELLOW], s.bank = card.cost(2), s.bank + 5_000 - card.cost(2)
    s.apply(ChooseContract(0))
    refused(s, Bid(3), "auf-achse-payment")
    assert max(a.offer for a in s.legal_actions() if isinstance(a, Bid)) == 2
    s.apply(Bid(2))
    s.apply(Pass())  # blue
    s.apply(Pass())  # red
    assert s.cash[YELLOW] == 0 and card.id in s.hands[YELLOW]


def test_nobody_else_bids_the_chooser_takes_it_free():
    """label auf-achse-payment"""
    s = arrive_exactly(placed(3))
    card = s.row[2]
    s.apply(ChooseContract(2))
    s.apply(Pass())
    s.apply(Pass())
    assert s.auction is None and card in s.hands[RED] and s.cash == [5_000] * 3


def test_the_row_slides_in_arrow_direction_and_the_corner_is_refilled():
    """label auf-achse-sliding"""
    s = arrive_exactly(placed(3))
    row, top = list(s.row), s.public_deck[0]
    s.apply(ChooseContract(1))
    assert s.row == [row[0], row[2], row[3], top]


def test_declining_removes_the_contract_next_to_the_loading_yard():
    """label auf-achse-declining"""
    s = arrive_exactly(placed(3))
    row, top = list(s.row), s.public_deck[0]
    s.apply(Decline())
    assert s.removed == [row[0]] and s.row == [row[1], row[2], row[3], top]
    assert EndTurn() in s.legal_actions()
    refused(s, Decline(), "auf-achse-public-contracts")  # once per arrival


def test_the_row_runs_dry():
    """label auf-achse-sliding: without a face-down pile the corner stays empty."""
    s = arrive_exactly(placed(3))
    s.unused += s.public_deck
    s.public_deck = []
    row = list(s.row)
    s.apply(Decline())
    assert s.row == [row[1], row[2], row[3], None]


# -- contracts, loading, delivery -----------------------------------------------------------------

def test_winning_a_contract_it_goes_in_hand_and_is_loaded_in_its_start_city():
    """label auf-achse-taking-contract, auf-achse-loading"""
    s = placed(2)
    take_public(s, BERLIN_TRIESTE, 0)
    arrive_exactly(s)
    s.apply(ChooseContract(0))
    s.apply(Pass())
    assert BERLIN_TRIESTE in s.hands[RED] and Load(BERLIN_TRIESTE) in s.legal_actions()
    s.apply(Load(BERLIN_TRIESTE))
    assert BERLIN_TRIESTE in s.loaded[RED] and s.goods_supply == 48 - 5 and s.free_room(RED) == 1


def test_loading_needs_the_start_city_and_room():
    """label auf-achse-loading"""
    s = placed(2)
    arrive_exactly(s, "Wien", via="Graz")
    s.hands[RED].append(grab(s, BERLIN_TRIESTE))
    refused(s, Load(BERLIN_TRIESTE), "auf-achse-loading")  # in Wien, not Berlin
    s.position[RED] = "Berlin"
    assert Load(BERLIN_TRIESTE) in s.legal_actions()
    other = next(c.id for c in s.cards if c.amount >= 2 and c.id in s.unused + s.public_deck)
    load_onto(s, RED, other)  # 5 + 2 or more goods do not fit on 6 places
    refused(s, Load(BERLIN_TRIESTE), "auf-achse-loading")
    short = placed(2, goods_cubes=4)  # a supply of only 4 cubes: 5 goods cannot be loaded yet
    short.position[RED] = "Berlin"
    short.phase = "city"
    short.hands[RED].append(grab(short, BERLIN_TRIESTE))
    refused(short, Load(BERLIN_TRIESTE), "auf-achse-loading")


def test_delivery_pays_the_revenue_and_returns_the_goods():
    """label auf-achse-delivery"""
    s = placed(2)
    take_public(s, BERLIN_TRIESTE, 0)
    arrive_exactly(s)
    s.apply(ChooseContract(0))
    s.apply(Pass())
    s.apply(Load(BERLIN_TRIESTE))
    refused(s, Unload(BERLIN_TRIESTE), "auf-achse-delivery")  # not in Trieste
    s.apply(EndTurn())
    s.player = RED
    arrive_exactly(s, "Trieste", via="Verona")
    s.apply(Unload(BERLIN_TRIESTE))
    assert s.cash[RED] == 5_000 + 3_900 and s.goods_supply == 48 and s.delivered[RED] == [BERLIN_TRIESTE]


# -- trailers -------------------------------------------------------------------------------------

def test_trailers_large_and_small():
    """label auf-achse-trailers: four large (+6 goods, 3,000) and four small (+4 goods, 2,000)."""
    s = arrive_exactly(placed(3))
    s.apply(Decline())
    assert s.trailer_supply == {"large": 4, "small": 4}
    s.apply(BuyTrailer("large"))
    assert s.cash[RED] == 2_000 and s.capacity(RED) == 12 and s.trailer_supply["large"] == 3
    refused(s, BuyTrailer("small"), "auf-achse-trailers")  # one trailer per truck (assumption)
    s.apply(EndTurn())
    s.player = YELLOW
    arrive_exactly(s)
    s.apply(Decline())
    s.apply(BuyTrailer("small"))
    assert s.cash[YELLOW] == 3_000 and s.capacity(YELLOW) == 10


def test_trailers_cost_cash_and_run_out():
    """label auf-achse-trailers"""
    s = arrive_exactly(placed(3))
    s.apply(Decline())
    s.cash[RED], s.bank = 2_999, s.bank + 5_000 - 2_999
    refused(s, BuyTrailer("large"), "auf-achse-trailers")
    s.trailer_supply["small"] = 0
    s.trailers[YELLOW] = ["small"] * 4  # (the four small ones on other trucks)
    refused(s, BuyTrailer("small"), "auf-achse-trailers")
    refused(s, BuyTrailer("huge"), "auf-achse-trailers")


# -- end and winner -------------------------------------------------------------------------------

def _clear_public(s) -> None:
    s.removed += [c for c in s.row if c is not None] + s.public_deck
    s.row = [None] * len(s.row)
    s.public_deck = []


def test_the_game_ends_when_the_public_contracts_are_gone_and_one_player_is_done():
    """label auf-achse-end: both conditions, in either order, end the game at once."""
    s = placed(2)
    _clear_public(s)
    s.unused += s.hands[RED][1:]
    s.hands[RED] = s.hands[RED][:1]
    card = s.cards[s.hands[RED][0]]
    s.position[RED] = card.start
    s.phase = "city"
    s.apply(Load(card.id))
    assert not s.is_over()
    s.apply(EndTurn())
    s.player = RED
    neighbour = next(b if a == card.destination else a for a, b, _ in s.net.roads if card.destination in (a, b))
    arrive_exactly(s, card.destination, via=neighbour)
    s.apply(Unload(card.id))
    assert s.is_over() and s.current_player is None and s.legal_actions() == []


def test_the_end_also_comes_when_the_last_public_contract_goes_second():
    """label auf-achse-end"""
    s = placed(3)
    s.unused += s.hands[YELLOW]
    s.hands[YELLOW] = []  # yellow has finished all own contracts
    s.removed += s.public_deck
    s.public_deck = []
    s.removed += [c for c in s.row[1:] if c is not None]
    s.row = [s.row[0], None, None, None]
    arrive_exactly(s)
    assert not s.is_over()
    s.apply(Decline())
    assert s.is_over()


def test_most_cash_wins_and_unfinished_contracts_earn_nothing():
    """label auf-achse-winner"""
    s = placed(3)
    s.unused += s.hands[YELLOW]
    s.hands[YELLOW] = []
    s.cash[BLUE] += 1_000
    s.bank -= 1_000
    _clear_public(s)
    driving(s, road("Leipzig", "Berlin")[-1], 1).apply(Step("Berlin"))
    assert s.is_over()
    assert s.scores() == {0: 5_000, 1: 5_000, 2: 6_000} and s.winners() == [BLUE]
    assert s.hands[RED]  # red's contracts were never done and count for nothing


# -- children's variant ---------------------------------------------------------------------------

def test_children_setup():
    """label auf-achse-children: five contracts in hand, ten public contracts, four face up, no trailers."""
    s = GAME.new(players=4, seed=1, children=True)
    assert all(len(h) == 5 for h in s.hands) and len(s.public_deck) + 4 == 10 and None not in s.row
    assert s.trailer_supply == {"large": 0, "small": 0}


def test_children_first_to_arrive_takes_the_contract_without_auction():
    """label auf-achse-children"""
    s = placed(3, children=True)
    take_public(s, BERLIN_TRIESTE, 2)
    arrive_exactly(s)
    assert not any(isinstance(a, (ChooseContract, Decline, BuyTrailer)) for a in s.legal_actions())
    refused(s, ChooseContract(0), "auf-achse-children")
    refused(s, BuyTrailer("large"), "auf-achse-children")
    top = s.public_deck[0]
    s.apply(TakeContract(2))
    assert BERLIN_TRIESTE in s.loaded[RED] and s.cash == [5_000] * 3  # loaded at once, nothing paid
    assert s.row[2] == top  # the freed space is refilled; no sliding


def test_children_take_into_hand_when_the_goods_do_not_fit():
    """label auf-achse-children: without room the card goes into the hand; load later in the start city."""
    s = placed(3, children=True)
    take_public(s, BERLIN_TRIESTE, 0)
    own = next(c.id for c in s.cards if c.amount >= 2 and c.id in s.unused + s.public_deck)
    load_onto(s, RED, own)
    arrive_exactly(s)
    s.apply(TakeContract(s.row.index(BERLIN_TRIESTE)))
    assert BERLIN_TRIESTE in s.hands[RED] and BERLIN_TRIESTE not in s.loaded[RED]
    s.loaded[RED].remove(own)  # (room made, as if unloaded here)
    s.goods_supply += s.cards[own].amount
    s.unused.append(own)
    refused(s, Load(BERLIN_TRIESTE), "auf-achse-children")  # only on coming back to Berlin
    s.apply(EndTurn())
    s.player = RED
    arrive_exactly(s)
    s.apply(Load(BERLIN_TRIESTE))


def test_children_take_only_in_the_start_city():
    """label auf-achse-children"""
    s = placed(3, children=True)
    arrive_exactly(s, "Trieste", via="Graz")
    slots = [k for k, c in enumerate(s.row) if c is not None and s.cards[c].start != "Trieste"]
    refused(s, TakeContract(slots[0]), "auf-achse-children")
    s2 = arrive_exactly(placed(3))
    refused(s2, TakeContract(0), "auf-achse-public-contracts")


def test_equal_cash_shares_the_win():
    """label auf-achse-winner (assumption: ties share the win)"""
    s = placed(3)
    s.unused += s.hands[YELLOW]
    s.hands[YELLOW] = []
    _clear_public(s)
    driving(s, road("Leipzig", "Berlin")[-1], 1).apply(Step("Berlin"))
    assert s.is_over() and s.winners() == [RED, YELLOW, BLUE]


def test_an_event_sends_the_truck_to_the_nearest_city():
    """label auf-achse-events (assumption: nearest city)"""
    before_space, triangle = _triangle_approach()
    s = placed(2, seed=2)
    _event_first(s, "to_city")
    driving(s, before_space, 1).apply(Step(triangle))
    d = s.net.distances_from(triangle)
    assert d[s.position[0]] == min(d[c] for c in s.net.cities)


# -- published rules of the 2007 edition (issue 19) -----------------------------------------------

def test_ferries_take_three_and_two_pips_for_nothing():
    """label auf-achse-board (assumption "ferry links"): Rotterdam-Flensburg 3 pips, Flensburg-Rostock
    2 pips, no fare."""
    net = network()
    assert net.distance("Rotterdam", "Flensburg") == 3 and net.distance("Flensburg", "Rostock") == 2
    s = placed(2, cities=("Rotterdam", "Berlin"))
    driving(s, "Rotterdam", 3)
    for space in road("Rotterdam", "Flensburg"):
        s.apply(Step(space))
    s.apply(Step("Flensburg"))
    assert s.phase == "city" and s.exact and s.cash[RED] == 5_000


def _roll_a_one(s):
    """The current player has rolled 1 and 3 and uses the 1."""
    s.dice, s.phase = [1, 3], "die"
    s.apply(UseDie(1))
    return s


def test_using_a_one_moves_the_roadworks_sign_which_closes_its_space():
    """label auf-achse-signs (setting roadworks): after a move of 1 the player puts the roadworks sign
    on a free road space (no city, no truck, no ferry); no truck enters or passes it."""
    s = placed(2)
    _roll_a_one(s)
    first = road("Berlin", "Leipzig")[0]
    s.apply(Step(first))
    assert s.phase == "sign" and s.current_player == RED
    spaces = {a.space for a in s.legal_actions()}
    assert first not in spaces and "Leipzig" not in spaces and not spaces & s.net.ferry_spaces
    refused(s, PlaceSign(first), "auf-achse-signs")  # a truck stands there
    refused(s, EndTurn(), "auf-achse-signs")
    closed = road("Berlin", "Dresden")[0]
    s.apply(PlaceSign(closed))
    assert s.roadworks_at == closed and s.current_player == YELLOW and s.phase == "roll"
    driving(s, "Berlin", 2)
    assert Step(closed) not in s.legal_actions()
    refused(s, Step(closed), "auf-achse-signs")
    # a 6 used as 1 moves it too, and it must move
    s.position[YELLOW], s.phase = "Berlin", "die"
    s.dice = [6, 4]
    s.apply(UseDie(1))
    s.apply(Step(road("Berlin", "Leipzig")[0]))
    assert PlaceSign(closed) not in s.legal_actions()
    refused(s, PlaceSign(closed), "auf-achse-signs")


def test_pips_may_be_given_up_in_front_of_a_sign():
    """label auf-achse-signs: a truck may stop on the road space before a sign (assumption "giving up pips")."""
    s = placed(2)
    spaces = road("Berlin", "Hamburg")
    s.roadworks_at = spaces[2]
    driving(s, spaces[0], 3)
    refused(s, Stop(), "auf-achse-movement")  # on the road, not in front of the sign
    s.apply(Step(spaces[1]))
    assert Stop() in s.legal_actions()
    s.apply(Stop())
    assert s.position[RED] == spaces[1] and s.current_player == YELLOW


def test_without_roadworks_a_one_is_only_a_move():
    """label auf-achse-signs (roadworks=False)"""
    s = placed(2, roadworks=False)
    _roll_a_one(s)
    s.apply(Step(road("Berlin", "Leipzig")[0]))
    assert s.phase == "roll" and s.roadworks_at is None


def test_a_jam_event_puts_the_sign_for_one_round():
    """label auf-achse-signs: an event card brings the traffic-jam sign; it is lifted when its placer's
    next turn begins."""
    before_space, triangle = _triangle_approach()
    s = placed(2, seed=2)
    _event_first(s, "jam")
    driving(s, before_space, 1).apply(Step(triangle))
    assert s.phase == "sign" and s.placing == "jam"
    closed = road("Berlin", "Dresden")[0]
    s.apply(PlaceSign(closed))
    assert s.jam_at == closed and s.current_player == YELLOW
    driving(s, "Berlin", 1)
    refused(s, Step(closed), "auf-achse-signs")
    s.apply(Step(road("Berlin", "Leipzig")[0]))  # yellow's turn ends: red's begins
    assert s.current_player == RED and s.jam_at is None


def test_event_cards_leave_the_game():
    """label auf-achse-events (setting event_cards_leave): a used card is out of the game; with the
    deck used up a triangle draws nothing."""
    before_space, triangle = _triangle_approach()
    s = placed(2, seed=2)
    s.event_discard, s.event_deck = s.event_deck[:27], s.event_deck[27:]
    driving(s, before_space, 1).apply(Step(triangle))
    assert s.event_deck == [] and len(s.event_discard) == 28
    s.player, s.position[RED] = RED, before_space
    driving(s, before_space, 1).apply(Step(triangle))
    assert s.event_deck == [] and s.log[-1].get("chance") is None and s.current_player == YELLOW


def test_the_event_deck_is_mostly_positive():
    """label auf-achse-events (assumption "event cards"): of 28 cards, most help the player."""
    kinds = [e.kind for e in events()]
    good = sum(k in ("receive", "extra", "to_city", "jam") for k in kinds)
    assert len(kinds) == 28 and good > 28 - good


def test_a_trailer_may_be_handed_back_for_the_refund():
    """label auf-achse-trailers (setting trailer_refund): in a city, if the goods still fit."""
    s = arrive_exactly(placed(3))
    s.apply(Decline())
    s.apply(BuyTrailer("small"))
    assert s.cash[RED] == 3_000
    big = next(c.id for c in s.cards if c.amount >= 3)
    load_onto(s, RED, big)
    load_onto(s, RED, next(c.id for c in s.cards if c.amount >= 4 and c.id != big))
    assert s.load_on(RED) > 6
    refused(s, ReturnTrailer("small"), "auf-achse-trailers")  # the goods would not fit
    s.goods_supply += sum(s.cards[c].amount for c in s.loaded[RED])
    s.loaded[RED] = []
    refused(s, ReturnTrailer("large"), "auf-achse-trailers")
    s.apply(ReturnTrailer("small"))
    assert s.cash[RED] == 3_500 and s.trailers[RED] == [] and s.trailer_supply["small"] == 4
    t = arrive_exactly(placed(3, trailer_refund=None))
    t.apply(Decline())
    t.apply(BuyTrailer("small"))
    refused(t, ReturnTrailer("small"), "auf-achse-trailers")


def test_an_out_of_turn_winner_may_keep_the_contract_in_hand():
    """label auf-achse-taking-contract: "kann ... sofort": the winner in the start city chooses."""
    s = placed(4)
    take_public(s, BERLIN_TRIESTE, 0)
    arrive_exactly(s)
    s.apply(ChooseContract(0))
    for action in (Bid(1), Pass(), Pass(), Pass()):  # yellow bids, the others pass
        s.apply(action)
    assert s.phase == "loading" and s.current_player == YELLOW
    refused(s, EndTurn(), "auf-achse-taking-contract")
    s.apply(KeepInHand())
    assert BERLIN_TRIESTE in s.hands[YELLOW] and s.phase == "city" and s.current_player == RED
    assert s.price_paid(BERLIN_TRIESTE) == 700 and s.cash[YELLOW] == 4_300
