"""The base game's rules (catan-*), each with a test citing its label; illegal actions raise
IllegalAction naming the rule and leave the saved state unchanged.

Positions use the fixed beginner board: hex 4 is hills (6), hex 0 mountains (10), hex 3 fields
(12), hex 5 pasture (4), hex 9 the desert; intersection 12 touches hexes 0, 3, 4 and 18 touches
hexes 4, 5, 9; intersection 1 has a 3:1 harbour, intersection 16 the 2:1 brick harbour.
"""

from __future__ import annotations

import pytest
from catan_helpers import GAME, catan_main, dice, empty_main, expect_illegal, give, hand, path_edges, put, road

import gamekit
from gamekit import IllegalAction
from gamekit.catan import RESOURCES
from gamekit.catan.actions import (
    AcceptTrade,
    BankTrade,
    BuildCity,
    BuildRoad,
    BuildSettlement,
    BuyDevelopmentCard,
    DeclineTrade,
    Discard,
    EndTurn,
    MoveRobber,
    OfferTrade,
    PlayKnight,
    PlayMonopoly,
    PlayRoadBuilding,
    PlayYearOfPlenty,
    Roll,
)
from gamekit.catan.rules import DEVELOPMENT_DECK, KNIGHT, VICTORY_POINT, YEAR_OF_PLENTY
from gamekit.rng import Rng


def edge(state, a, b):
    return state.topo.edge_between(a, b)


def roll_phase(state, turn=0):
    state.arrange(phase="roll")
    state.arrange(turn=turn)


def next_turn(state):
    """End the turn and roll a quiet 3 (1 + 2) for every player until it is ``state.turn``'s turn again."""
    me = state.turn
    state.apply(EndTurn())
    while state.turn != me:
        dice(state, 1, 2)
        state.apply(Roll())
        state.apply(EndTurn())
    dice(state, 1, 2)
    state.apply(Roll())


def hold_card(state, player, card, n=1):
    state.dev_deck[card] -= n
    state.dev_hands[player][card] += n


# -- catan-setup ---------------------------------------------------------------------------------


def test_catan_setup_snake_order_and_starting_resources():
    """catan-setup: snake order 0,1,2,3,3,2,1,0; the second settlement gives its hexes' resources."""
    state = GAME.new(players=4, seed=3, board="beginner")
    order = []
    while state.phase == "setup":
        order.append(state.current_player)
        settlements = state.legal_actions()
        assert all(isinstance(a, BuildSettlement) for a in settlements)
        state.apply(settlements[len(settlements) // 2])
        roads = state.legal_actions()
        assert roads and all(isinstance(a, BuildRoad) and state.setup_node in state.topo.edge_nodes[a.edge] for a in roads)
        state.apply(roads[0])
    assert order == [0, 1, 2, 3, 3, 2, 1, 0]
    assert state.phase == "roll" and state.current_player == 0
    for p in range(4):
        second = [v for v in state.buildings[p]][-1]
        expected = [0] * 5
        for h in state.topo.node_hexes[second]:
            if state.board.hex_resource[h] >= 0:
                expected[state.board.hex_resource[h]] += 1
        assert state.hands[p] == expected
        assert state.victory_points(p) == 2


def test_catan_setup_illegal():
    """catan-setup: the road comes after the settlement and touches it; the distance rule holds."""
    state = GAME.new(players=3, seed=0, board="beginner")
    expect_illegal(state, BuildRoad(0), "catan-setup")
    state.apply(BuildSettlement(12))
    expect_illegal(state, BuildSettlement(30), "catan-setup")
    expect_illegal(state, BuildRoad(edge(state, 3, 7)), "catan-setup")
    expect_illegal(state, Roll(), "catan-setup")
    state.apply(BuildRoad(edge(state, 12, 17)))
    expect_illegal(state, BuildSettlement(17), "catan-distance-rule")
    expect_illegal(state, BuildSettlement(12), "catan-settlement")


# -- catan-production ------------------------------------------------------------------------------


def test_catan_production_settlements_and_cities():
    """catan-production: the rolled number's hexes pay 1 per settlement and 2 per city."""
    state = empty_main()
    roll_phase(state)
    put(state, 1, 12, "settlement")
    put(state, 2, 18, "city")
    expect_illegal(state, EndTurn(), "catan-production")
    dice(state, 2, 4)
    state.apply(Roll())
    assert hand(state, 1) == {"brick": 1}
    assert hand(state, 2) == {"brick": 2}
    assert state.dice[:2] == [2, 4]
    assert state.log[-1]["chance"][0]["result"] == [6, [2, 4]]
    expect_illegal(state, Roll(), "catan-production")


def test_catan_production_robber_blocks_hex():
    """catan-robber: the robber's hex produces nothing."""
    state = empty_main()
    roll_phase(state)
    put(state, 1, 12, "settlement")
    state.robber = 4
    dice(state, 3, 3)
    state.apply(Roll())
    assert hand(state, 1) == {}


def test_catan_production_bank_shortage():
    """catan-production: a bank that cannot pay every claim on a resource pays nobody, unless only one player is owed it."""
    state = empty_main()
    put(state, 1, 12, "settlement")
    put(state, 2, 18, "city")
    give(state, 3, brick=17)
    roll_phase(state)
    dice(state, 2, 4)
    state.apply(Roll())
    assert hand(state, 1) == {} and hand(state, 2) == {} and state.bank[0] == 2
    # Only one player owed: they get what is left.
    state = empty_main()
    put(state, 2, 18, "city")
    give(state, 3, brick=18)
    roll_phase(state)
    dice(state, 2, 4)
    state.apply(Roll())
    assert hand(state, 2) == {"brick": 1} and state.bank[0] == 0


# -- catan-discard, catan-robber -------------------------------------------------------------------


def test_catan_discard_half_on_a_seven():
    """catan-discard: on a 7 players with more than seven cards discard half, rounded down, in turn order."""
    state = empty_main()
    roll_phase(state)
    give(state, 1, brick=5, ore=4)
    give(state, 2, wool=7)
    give(state, 3, grain=8, lumber=3)
    dice(state, 3, 4)
    state.apply(Roll())
    assert state.phase == "discard" and state.current_player == 1
    expect_illegal(state, Discard("grain"), "catan-discard")
    expect_illegal(state, MoveRobber(0), "catan-discard")
    for _ in range(4):
        state.apply(Discard("brick"))
    assert hand(state, 1) == {"brick": 1, "ore": 4}
    assert state.current_player == 3  # player 2 holds exactly seven: no discard
    for _ in range(5):
        state.apply(Discard("grain"))
    assert sum(state.hands[3]) == 6
    assert state.phase == "robber" and state.current_player == 0
    assert hand(state, 2) == {"wool": 7}


def test_catan_robber_moves_and_steals():
    """catan-robber: the robber moves to another hex and steals one random card from a player there."""
    state = empty_main()
    put(state, 1, 12, "settlement")
    put(state, 2, 29, "settlement")
    give(state, 1, ore=1)
    state.arrange(phase="robber")
    assert state.robber == 9
    expect_illegal(state, MoveRobber(9), "catan-robber")
    expect_illegal(state, MoveRobber(4, 2), "catan-robber")  # player 2 is not at hex 4
    expect_illegal(state, MoveRobber(4, -1), "catan-robber")  # player 1 is there with a card
    expect_illegal(state, MoveRobber(99), "catan-robber")
    legal = state.legal_actions()
    assert MoveRobber(4, 1) in legal and MoveRobber(8, 2) not in legal and MoveRobber(8, -1) in legal
    state.apply(MoveRobber(4, 1))
    assert state.robber == 4 and hand(state, 0) == {"ore": 1} and hand(state, 1) == {}
    assert state.phase == "main"
    assert state.log[-1]["chance"] == [{"what": "stolen card", "result": "ore"}]


# -- building --------------------------------------------------------------------------------------


def test_catan_building_costs():
    """catan-building-costs: building without the cards is illegal; building pays the bank."""
    state = empty_main()
    put(state, 0, 8, "settlement")
    road(state, 0, edge(state, 8, 12), edge(state, 12, 17))
    expect_illegal(state, BuildRoad(edge(state, 17, 22)), "catan-building-costs")
    expect_illegal(state, BuildSettlement(17), "catan-building-costs")
    expect_illegal(state, BuildCity(8), "catan-building-costs")
    expect_illegal(state, BuyDevelopmentCard(), "catan-building-costs")
    give(state, 0, brick=1, lumber=1)
    state.apply(BuildRoad(edge(state, 17, 22)))
    assert hand(state, 0) == {} and state.bank[:2] == [19, 19]


def test_catan_road_must_connect():
    """catan-road: a road touches an own road or building and does not pass another player's building."""
    state = empty_main()
    give(state, 0, brick=5, lumber=5)
    put(state, 0, 8, "settlement")
    road(state, 0, edge(state, 8, 12), edge(state, 12, 17))
    put(state, 1, 17, "settlement")
    expect_illegal(state, BuildRoad(edge(state, 29, 35)), "catan-road")  # far away
    expect_illegal(state, BuildRoad(edge(state, 17, 23)), "catan-road")  # through player 1's settlement
    expect_illegal(state, BuildRoad(edge(state, 8, 12)), "catan-road")  # taken
    expect_illegal(state, BuildRoad(500), "catan-road")
    legal = {a.edge for a in state.legal_actions() if isinstance(a, BuildRoad)}
    assert edge(state, 17, 23) not in legal and edge(state, 12, 7) in legal and edge(state, 8, 4) in legal
    state.apply(BuildRoad(edge(state, 7, 12)))


def test_catan_settlement_needs_own_road():
    """catan-settlement: a settlement touches an own road."""
    state = empty_main()
    give(state, 0, brick=2, lumber=2, wool=2, grain=2)
    put(state, 0, 8, "settlement")
    road(state, 0, edge(state, 8, 12), edge(state, 12, 17))
    road(state, 1, edge(state, 23, 29))
    expect_illegal(state, BuildSettlement(29), "catan-settlement")
    expect_illegal(state, BuildSettlement(8), "catan-settlement")
    state.apply(BuildSettlement(17))
    assert state.victory_points(0) == 2


def test_catan_distance_rule():
    """catan-distance-rule: no building on a neighbouring intersection."""
    state = empty_main()
    give(state, 0, brick=2, lumber=2, wool=2, grain=2)
    put(state, 0, 8, "settlement")
    road(state, 0, edge(state, 8, 12))
    expect_illegal(state, BuildSettlement(12), "catan-distance-rule")
    assert BuildSettlement(12) not in state.legal_actions()


def test_catan_city_replaces_own_settlement():
    """catan-city: a city replaces one of the player's settlements and counts two points."""
    state = empty_main()
    give(state, 0, grain=4, ore=6)
    put(state, 0, 8, "settlement")
    put(state, 1, 18, "settlement")
    expect_illegal(state, BuildCity(18), "catan-city")
    expect_illegal(state, BuildCity(30), "catan-city")
    state.apply(BuildCity(8))
    assert state.victory_points(0) == 2 and state.pieces_left(0)["settlement"] == 5
    expect_illegal(state, BuildCity(8), "catan-city")


# -- trading ------------------------------------------------------------------------------------


def test_catan_bank_trade_four_to_one():
    """catan-bank-trade: four equal cards for any one."""
    state = empty_main()
    give(state, 0, wool=5)
    expect_illegal(state, BankTrade("wool", "ore", 3), "catan-harbour-trade")
    expect_illegal(state, BankTrade("wool", "wool", 4), "catan-bank-trade")
    expect_illegal(state, BankTrade("brick", "ore", 4), "catan-bank-trade")
    assert BankTrade("wool", "ore", 4) in state.legal_actions()
    state.apply(BankTrade("wool", "ore", 4))
    assert hand(state, 0) == {"wool": 1, "ore": 1}


def test_catan_harbour_trade():
    """catan-harbour-trade: a settlement on a 3:1 harbour trades three, on a 2:1 brick harbour two brick."""
    state = empty_main()
    give(state, 0, brick=2, wool=3)
    put(state, 0, 1, "settlement")
    assert state.trade_rate(0, 2) == 3 and state.trade_rate(0, 0) == 3
    expect_illegal(state, BankTrade("wool", "ore", 2), "catan-harbour-trade")
    state.apply(BankTrade("wool", "ore", 3))
    put(state, 0, 16, "settlement")
    assert state.trade_rate(0, 0) == 2
    state.apply(BankTrade("brick", "grain", 2))
    assert hand(state, 0) == {"ore": 1, "grain": 1}


def test_catan_player_trade_offer_and_accept():
    """catan-player-trade: the offered player answers as their own decision."""
    state = empty_main()
    give(state, 0, brick=2)
    give(state, 2, wool=1)
    expect_illegal(state, OfferTrade(2, ("ore",), ("wool",)), "catan-player-trade")
    expect_illegal(state, OfferTrade(0, ("brick",), ("wool",)), "catan-player-trade")
    expect_illegal(state, OfferTrade(2, ("brick",), ("brick",)), "catan-player-trade")
    expect_illegal(state, OfferTrade(2, (), ("wool",)), "catan-player-trade")
    state.apply(OfferTrade(2, ("brick", "brick"), ("wool",)))
    assert state.current_player == 2 and state.phase == "trade"
    assert state.legal_actions() == [AcceptTrade(), DeclineTrade()]
    expect_illegal(state, EndTurn(), "catan-player-trade")
    state.apply(AcceptTrade())
    assert hand(state, 0) == {"wool": 1} and hand(state, 2) == {"brick": 2}
    assert state.current_player == 0 and state.phase == "main"


def test_catan_player_trade_setting_off_no_offers():
    """catan-player-trade (setting player_trades, the house variant "no trading between players"):
    with it off, no offer between players is listed and offering one raises IllegalAction naming the
    rule, the state unchanged; trades with the bank stay. With it on (the printed rule, the default) the
    same position lists the one-for-one offers."""
    for trades in (True, False):
        state = catan_main(player_trades=trades)
        assert state.options.player_trades is trades
        give(state, 0, brick=4)
        give(state, 1, wool=1)
        give(state, 2, ore=2)
        offers = [a for a in state.legal_actions() if isinstance(a, OfferTrade)]
        bank = [a for a in state.legal_actions() if isinstance(a, BankTrade)]
        assert len(bank) == 4  # 4 brick for each other resource, 4:1, with or without the setting
        if trades:
            assert offers == [OfferTrade(1, ("brick",), ("wool",)), OfferTrade(2, ("brick",), ("ore",))]
            state.apply(OfferTrade(2, ("brick", "brick"), ("ore", "ore")))
            assert state.phase == "trade" and state.current_player == 2
        else:
            assert offers == []
            err = expect_illegal(state, OfferTrade(1, ("brick",), ("wool",)), "catan-player-trade")
            assert "player_trades" in str(err)
            expect_illegal(state, OfferTrade(2, ("brick", "brick"), ("ore", "ore")), "catan-player-trade")
            state.apply(BankTrade("brick", "ore", 4))
            assert hand(state, 0) == {"ore": 1} and state.phase == "main"


def test_catan_player_trade_decline_and_cannot_pay():
    """catan-player-trade (assumption "player trades"): declining changes nothing; an offer asking
    for cards the other player does not hold is refused (hands are open: they could not accept), and
    the offers listed are exactly the one-for-one offers the check lets pass."""
    state = empty_main()
    give(state, 0, brick=1)
    give(state, 1, wool=1)
    expect_illegal(state, OfferTrade(1, ("brick",), ("ore",)), "catan-player-trade")
    expect_illegal(state, OfferTrade(1, ("brick",), ("wool", "wool")), "catan-player-trade")
    one_for_one = [OfferTrade(q, (g,), (t,)) for q in (1, 2, 3) for g in RESOURCES for t in RESOURCES]
    passing = []
    for offer in one_for_one:
        try:
            state.clone().apply(offer)
        except IllegalAction:
            continue
        passing.append(offer)
    assert passing == [a for a in state.legal_actions() if isinstance(a, OfferTrade)] == [
        OfferTrade(1, ("brick",), ("wool",))]
    state.apply(OfferTrade(1, ("brick",), ("wool",)))
    assert state.legal_actions() == [AcceptTrade(), DeclineTrade()]
    state.apply(DeclineTrade())
    assert hand(state, 0) == {"brick": 1} and hand(state, 1) == {"wool": 1} and state.current_player == 0


# -- development cards -------------------------------------------------------------------------------


def test_catan_development_cards_deck_and_not_the_turn_bought():
    """catan-development-cards: 25 cards; a card bought this turn cannot be played until the next."""
    assert sum(DEVELOPMENT_DECK) == 25 and DEVELOPMENT_DECK[KNIGHT] == 14
    state = empty_main(players=3)
    give(state, 0, wool=1, grain=1, ore=1)
    state.force("development card", "knight")
    state.apply(BuyDevelopmentCard())
    assert state.dev_hands[0][KNIGHT] == 1 and sum(state.dev_deck) == 24
    assert state.log[-1]["chance"] == [{"what": "development card", "result": "knight", "forced": True}]
    assert PlayKnight() not in state.legal_actions()
    expect_illegal(state, PlayKnight(), "catan-development-cards")
    expect_illegal(state, PlayMonopoly("ore"), "catan-development-cards")
    next_turn(state)
    assert PlayKnight() in state.legal_actions()
    state.apply(PlayKnight())
    assert state.phase == "robber" and state.knights[0] == 1


def test_catan_development_cards_one_per_turn_and_before_roll():
    """catan-development-cards: one card per turn, and it may come before the roll."""
    state = empty_main(players=3)
    roll_phase(state)
    hold_card(state, 0, KNIGHT, 2)
    assert PlayKnight() in state.legal_actions()
    state.apply(PlayKnight())
    state.apply(MoveRobber(4))
    assert state.phase == "roll"
    expect_illegal(state, PlayKnight(), "catan-development-cards")
    dice(state, 1, 2)
    state.apply(Roll())
    expect_illegal(state, PlayKnight(), "catan-development-cards")


def test_catan_development_cards_progress_cards():
    """catan-development-cards: year of plenty, monopoly and road building."""
    state = empty_main(players=3)
    hold_card(state, 0, YEAR_OF_PLENTY)
    state.apply(PlayYearOfPlenty("ore", "ore"))
    assert hand(state, 0) == {"ore": 2}

    state = empty_main(players=3)
    hold_card(state, 0, 3)  # monopoly
    give(state, 1, wool=2, ore=1)
    give(state, 2, wool=3)
    state.apply(PlayMonopoly("wool"))
    assert hand(state, 0) == {"wool": 5} and hand(state, 1) == {"ore": 1} and hand(state, 2) == {}

    state = empty_main(players=3)
    hold_card(state, 0, 1)  # road building
    put(state, 0, 8, "settlement")
    state.apply(PlayRoadBuilding())
    assert state.phase == "road_building"
    expect_illegal(state, EndTurn(), "catan-development-cards")
    state.apply(BuildRoad(edge(state, 8, 12)))
    state.apply(BuildRoad(edge(state, 12, 17)))
    assert state.phase == "main" and len(state.roads[0]) == 2 and hand(state, 0) == {}


def test_catan_development_cards_victory_points_count():
    """catan-development-cards: victory point cards count without being played."""
    state = empty_main(players=3)
    hold_card(state, 1, VICTORY_POINT, 2)
    assert state.victory_points(1) == 2 and state.scores()[1] == 2


def test_catan_largest_army():
    """catan-largest-army: three knights take it; another player needs more to take it away."""
    state = empty_main(players=3)
    state.knights[0] = 2
    hold_card(state, 0, KNIGHT)
    state.apply(PlayKnight())
    state.apply(MoveRobber(4))
    assert state.largest_army == 0 and state.victory_points(0) == 2
    state.apply(EndTurn())
    state.knights[1] = 2
    hold_card(state, 1, KNIGHT)
    state.apply(PlayKnight())
    state.apply(MoveRobber(9))
    assert state.largest_army == 0  # a tie does not take it
    state.knights[1] = 3
    state.dev_played = False
    hold_card(state, 1, KNIGHT)
    state.apply(PlayKnight())
    state.apply(MoveRobber(4))
    assert state.largest_army == 1 and state.victory_points(0) == 0


def test_catan_longest_road_five_segments_and_broken():
    """catan-longest-road: five segments take it; another player's building breaks the road."""
    state = empty_main()
    give(state, 0, brick=1, lumber=1)
    put(state, 0, 3, "settlement")
    path = [3, 7, 12, 17, 22, 28]
    road(state, 0, *path_edges(state, path[:5]))
    assert state.road_length[0] == 4 and state.longest_road == -1
    state.apply(BuildRoad(state.topo.edge_between(22, 28)))
    assert state.road_length[0] == 5 and state.longest_road == 0 and state.victory_points(0) == 3
    # Player 1 settles in the middle (at 17, touching their own road): the road breaks to 3 + 2.
    road(state, 1, edge(state, 17, 23))
    give(state, 1, brick=1, lumber=1, wool=1, grain=1)
    state.arrange(turn=1)
    state.apply(BuildSettlement(17))
    assert state.road_length[0] == 3 and state.longest_road == -1


def test_catan_longest_road_holder_keeps_on_tie():
    """catan-longest-road: the holder keeps it against an equal road."""
    state = empty_main()
    road(state, 0, *path_edges(state, [3, 7, 12, 17, 22, 28]))
    assert state.longest_road == 0
    road(state, 1, *path_edges(state, [41, 45, 49, 52, 48]))
    give(state, 1, brick=1, lumber=1)
    state.arrange(turn=1)
    state.apply(BuildRoad(edge(state, 48, 51)))
    assert state.road_length[1] == 5 and state.longest_road == 0


# -- catan-victory ---------------------------------------------------------------------------------


def test_catan_victory_ten_points_on_own_turn():
    """catan-victory: ten points on one's own turn win at once; the game is then over."""
    state = empty_main()
    for v in (0, 3, 8):
        put(state, 0, v if v != 0 else 10, "city")
    hold_card(state, 0, VICTORY_POINT, 3)
    road(state, 0, edge(state, 10, 15), edge(state, 15, 20))
    give(state, 0, brick=1, lumber=1, wool=1, grain=1)
    assert state.victory_points(0) == 9
    state.apply(BuildSettlement(20))
    assert state.is_over() and state.winner == 0 and state.winners() == [0]
    assert state.current_player is None and state.legal_actions() == []
    with pytest.raises(IllegalAction) as info:
        state.apply(EndTurn())
    assert info.value.rule == "protocol-game-over"


def test_catan_victory_only_on_own_turn():
    """catan-victory: a player who has ten points during another's turn wins when their turn begins."""
    state = empty_main()
    hold_card(state, 1, VICTORY_POINT, 5)
    for v in (10, 26, 35):
        put(state, 1, v, "settlement")
    put(state, 1, 45, "city")
    assert state.victory_points(1) == 10
    give(state, 0, ore=4)
    state.apply(BankTrade("ore", "wool", 4))
    assert not state.is_over()
    state.apply(EndTurn())
    assert state.winner == 1


@pytest.mark.parametrize("goal, wins", [(5, True), (6, False)])
def test_catan_victory_exactly_the_changed_goal(goal, wins):
    """catan-victory (with victory_points_to_win changed): a score exactly equal to the goal wins at
    once; one point below it plays on."""
    state = empty_main(victory_points_to_win=goal)
    put(state, 0, 10, "city")
    put(state, 0, 3, "settlement")
    put(state, 0, 8, "settlement")
    road(state, 0, edge(state, 10, 15), edge(state, 15, 20))
    give(state, 0, brick=1, lumber=1, wool=1, grain=1)
    assert state.victory_points(0) == 4 and not state.is_over()
    state.apply(BuildSettlement(20))
    assert state.victory_points(0) == 5
    assert state.is_over() is wins and (state.winners() == [0]) is wins


def test_catan_longest_road_kept_after_each_road_is_the_full_count():
    """catan-longest-road: the length the engine keeps after a road is built (worked out from the
    roads the new one joins) is the full count: two roads of 2 segments joined by a fifth segment make
    a road of 5, which takes the card, and a segment at its end makes 6; and in 20 seeded games each of the base game and of factories,
    after every road built, every player's length is what counting all their roads again gives."""
    state = empty_main()
    road(state, 0, *path_edges(state, [3, 7, 12]), *path_edges(state, [17, 22, 28]))
    assert state.road_length[0] == 2 and state.longest_road == -1
    give(state, 0, brick=1, lumber=1)
    state.apply(BuildRoad(edge(state, 12, 17)))
    assert state.road_length[0] == 5 and state.longest_road == 0 and state.victory_points(0) == 2
    give(state, 0, brick=1, lumber=1)  # a sixth segment at the road's end at 28
    state.apply(BuildRoad(edge(state, 28, next(m for m in state.topo.node_nodes[28] if m != 22))))
    assert state.road_length[0] == 6
    built = 0
    for name in ("catan", "factories"):
        for seed in range(20):
            game = gamekit.game(name).new(players=4, seed=seed)
            rng = Rng(seed)
            while not game.is_over():
                actions = game.legal_actions()
                action = actions[rng.randbelow(len(actions))]
                game.apply(action)
                if type(action) is BuildRoad:
                    built += 1
                    assert game.road_length == [game.longest_road_of(p) for p in range(4)]
    assert built > 1000


def test_catan_longest_road_tie_between_others_sets_the_card_aside():
    """catan-longest-road: the holder's road is broken while two other players tie for the longest
    (5 segments each): nobody has the card until one player alone has the longest."""
    state = empty_main()
    road(state, 0, *path_edges(state, [3, 7, 12, 17, 22, 28]))
    assert state.longest_road == 0 and state.victory_points(0) == 2
    road(state, 1, *path_edges(state, [41, 45, 49, 52, 48, 51]))
    road(state, 2, *path_edges(state, [1, 5, 2, 6, 10, 14]))
    assert state.road_length[1:3] == [5, 5] and state.longest_road == 0  # the holder keeps it on a tie
    # Player 3 settles at 17, in the middle of the holder's road: 3 + 2 segments.
    road(state, 3, edge(state, 17, 23))
    give(state, 3, brick=1, lumber=1, wool=1, grain=1)
    state.arrange(turn=3)
    state.apply(BuildSettlement(17))
    assert state.road_length[0] == 3 and state.longest_road == -1
    assert state.victory_points(0) == 0 and state.victory_points(1) == state.victory_points(2) == 0
    # Player 1 builds a sixth segment and alone has the longest road: the card is theirs.
    state.arrange(turn=1)
    give(state, 1, brick=1, lumber=1)
    extension = next(e for e in state.road_sites(1) if e not in path_edges(state, [41, 45, 49, 52, 48, 51])
                     and 51 in state.topo.edge_nodes[e])
    state.apply(BuildRoad(extension))
    assert state.road_length[1] == 6 and state.longest_road == 1 and state.victory_points(1) == 2


def test_catan_victory_reached_on_another_players_turn_by_longest_road():
    """catan-victory, the chapter's example: Longest Road changes hands during another player's turn
    when the holder's road is broken; the new holder, now at 10 points, wins when that turn ends."""
    state = empty_main()
    road(state, 2, *path_edges(state, [3, 7, 12, 17, 22, 28]))
    road(state, 1, *path_edges(state, [41, 45, 49, 52, 48, 51]))
    put(state, 1, 41, "city")
    put(state, 1, 51, "city")
    hold_card(state, 1, VICTORY_POINT, 4)
    assert state.longest_road == 2 and state.victory_points(1) == 8  # 2 cities * 2 + 4 cards
    road(state, 0, edge(state, 17, 23))
    give(state, 0, brick=1, lumber=1, wool=1, grain=1)
    state.apply(BuildSettlement(17))  # player 2's road: 3 + 2 segments; player 1's 5 stand alone
    assert state.longest_road == 1 and state.victory_points(1) == 10
    assert not state.is_over() and state.current_player == 0
    state.apply(EndTurn())  # player 1's turn begins
    assert state.is_over() and state.winners() == [1]
