"""One test (or more) per rule label of the ITC chapter; illegal actions leave the state unchanged."""

from __future__ import annotations

import json
import random

import pytest
from helpers import expect_illegal
from itc_helpers import GAME, at_act, check_invariants, play_random, put, setup_done, take_card

import gamekit
from gamekit import IllegalAction
from gamekit.itc import (
    Attack,
    ChooseDice,
    DeliverTransport,
    Discard,
    DrawActionCard,
    EndTurn,
    ExpressMove,
    ItcOptions,
    KeepDie,
    MoveTransport,
    PlaceSalesMarker,
    PlaceTransport,
    PlayCard,
    Sell,
    scenario,
)
from gamekit.itc.data import (
    COLOURS,
    CONTINENTS,
    GREY,
    LANE_ROUTE,
    PLACES,
    RESALE_VALUE,
    ROUTE_LANES,
    ROUTES,
    TRANSPORT_VALUE,
    parse_transport_cards,
)

# -- itc-goal, itc-end ----------------------------------------------------------------------------


def test_itc_goal_is_a_setting():
    """itc-goal: 200,000 by default, settable; nonsense is refused."""
    assert GAME.default_options().goal == 200_000
    assert GAME.new(players=2, seed=1, goal=50_000).options.goal == 50_000
    with pytest.raises(ValueError):
        GAME.new(players=2, seed=1, goal=0)
    with pytest.raises(ValueError):
        GAME.new(players=2, seed=1, no_such_setting=1)
    with pytest.raises(ValueError):
        ItcOptions(lane_lengths=(6, 5, 4))


def test_itc_hand_limit_settings_are_consistent():
    """itc-hand-limit, itc-setup: no setting may leave a player over the hand limit before their
    first turn: a limit of at least one card, and no more start cards than the limit."""
    for bad in ({"hand_limit": 0}, {"hand_limit": 1, "start_transport_cards": 2},
                {"hand_limit": 3, "start_transport_cards": 4}):
        with pytest.raises(ValueError):
            ItcOptions(**bad)
    assert ItcOptions(hand_limit=2, start_transport_cards=2).hand_limit == 2


@pytest.mark.parametrize("players,seed", [(2, 11), (3, 12), (5, 13)])
def test_itc_end_the_round_is_finished(players, seed):
    """itc-end: once a player reaches the goal the round is played to its end (the last turn is
    the start player's right-hand neighbour's), then the game is over."""
    s = GAME.new(players=players, seed=seed, goal=30_000)
    rng = random.Random(seed)
    reached_at = []

    def watch(state, n):
        if not reached_at and max(state.score) >= state.options.goal and state.log[-1]["action"]["type"] == "EndTurn":
            reached_at.append(len(state.log) - 1)  # the first turn to end with the goal reached

    play_random(s, rng, every=watch)
    assert s.is_over() and s.current_player is None and s.legal_actions() == []
    last = s.log[-1]
    assert last["text"] == str(EndTurn())
    assert last["player"] == (s.start_player - 1) % players
    assert max(s.score) >= 30_000
    best = max(s.score)
    assert s.winners() == [p for p in range(players) if s.score[p] == best]
    with pytest.raises(IllegalAction) as info:
        s.apply(EndTurn())
    assert info.value.rule == "protocol-game-over"
    # the goal was first reached in this round: after the turn that ended with the goal reached,
    # only the rest of that round was played, each player in turn up to the last of the round
    assert reached_at
    reacher = s.log[reached_at[0]]["player"]
    later = [e["player"] for e in s.log[reached_at[0] + 1:] if e["action"]["type"] == "EndTurn"]
    assert later == [(reacher + k) % players for k in range(1, len(later) + 1)]
    assert len(later) == (s.start_player - 1 - reacher) % players


# -- itc-setup ------------------------------------------------------------------------------------


def test_itc_setup_order_mafia_and_start():
    """itc-setup: two transport cards each; five rounds of markers, the start player moving on;
    then the next player puts a stone into the Mafia and the one after starts."""
    n = 3
    s = GAME.new(players=n, seed=5)
    for hand in s.hands:
        assert len(hand) == 2 and all(s.cards.kind[c] == "transport" for c in hand)
    first = s.first_setup
    order = []
    while s.phase == "setup":
        order.append(s.current_player)
        s.apply(s.legal_actions()[-1])
    assert order == [(first + r + i) % n for r in range(5) for i in range(n)]
    mafia = (first + 4) % n
    assert s.controller == mafia
    assert s.stones[mafia] == 35 - 5 - 1  # 35 stones each (setting stones_per_player), 5 setup markers, the Mafia's stone
    assert s.start_player == s.turn == (mafia + 1) % n
    assert s.phase == "draw"
    assert all(sum(s.markers[c][p] for c in range(6)) == 5 for p in range(n))
    assert all(s.markers[GREY][p] == 0 for p in range(n))


@pytest.mark.parametrize("players", [2, 4, 6])
def test_itc_setup_deals_from_a_shuffled_deck(players):
    """itc-setup: "Die beiden Stapel Spielkarten werden phänomenal gut gemischt". The start hands
    are ordinary transport cards, and after the deal the deck is as well shuffled as before: the
    neutral cards are not left piled on top. Over 300 seeds the mean number of neutral cards among
    the top six is close to a shuffled deck's 6 x 15/(93 - dealt) (about 1.0-1.1), far from the
    1.6-2.9 that skipping neutral cards while dealing leaves there."""
    seeds = range(300)
    neutral_on_top = 0
    for seed in seeds:
        s = GAME.new(players=players, seed=seed)
        assert all(not s.cards.neutral[c] for hand in s.hands for c in hand)
        neutral_on_top += sum(s.cards.neutral[c] for c in s.t_deck[-6:])
    dealt = 2 * players
    expected = 6 * 15 / (93 - dealt)
    mean = neutral_on_top / len(seeds)
    assert abs(mean - expected) < 0.2, (mean, expected)


def test_itc_setup_never_the_grey_market():
    """itc-setup: setup markers go into continents only."""
    s = GAME.new(players=2, seed=1)
    assert PlaceSalesMarker("grey market") not in s.legal_actions()
    expect_illegal(s, PlaceSalesMarker("grey market"), "itc-setup")
    expect_illegal(s, PlaceSalesMarker("Atlantis"), "itc-board")


def test_itc_setup_lead_of_three_at_most():
    """itc-setup: no player more than three markers ahead of the next-highest in a continent."""
    s = GAME.new(players=2, seed=1)
    p = s.current_player
    s.markers[0][p] = 3
    s.stones[p] -= 3
    assert PlaceSalesMarker("North America") not in s.legal_actions()
    expect_illegal(s, PlaceSalesMarker("North America"), "itc-setup")
    other = 1 - p
    s.markers[0][other] = 1
    s.stones[other] -= 1
    assert PlaceSalesMarker("North America") in s.legal_actions()


# -- itc-turn-sequence, itc-dice, itc-red-die ------------------------------------------------------


def test_itc_turn_sequence_steps_in_order():
    """itc-turn, itc-turn-sequence: draw an action card, choose two dice, keep one, act, end the turn."""
    s = setup_done(players=2, seed=2)
    assert s.legal_actions() == [DrawActionCard()]
    for wrong in (ChooseDice("blue", "green"), KeepDie("blue"), EndTurn(), Attack(), PlaceSalesMarker("Europe")):
        expect_illegal(s, wrong, "itc-turn-sequence")
    hand = len(s.hands[s.turn])
    s.apply(DrawActionCard())
    customs = s.cards.kind[s.log[-1]["chance"][0]["result"]].startswith("customs")
    assert len(s.hands[s.turn]) == hand + (0 if customs else 1)
    assert s.legal_actions() == [ChooseDice("blue", "green"), ChooseDice("blue", "red"), ChooseDice("green", "red")]
    expect_illegal(s, DrawActionCard(), "itc-turn-sequence")
    s.apply(ChooseDice("blue", "green"))
    expect_illegal(s, EndTurn(), "itc-turn-sequence")
    s.apply(KeepDie("green"))
    player = s.turn
    s.apply(EndTurn())
    assert s.turn == (player + 1) % 2 and s.phase == "draw"


def test_itc_dice_choose_roll_keep():
    """itc-dice: two different dice in the order blue, green, red; both are rolled (and logged);
    only a rolled die can be kept; blue gives transport points, green continent points (d8)."""
    s = setup_done(players=2, seed=4)
    s.apply(DrawActionCard())
    expect_illegal(s, ChooseDice("blue", "blue"), "itc-dice")
    # no rule orders the two dice: either order is the same choice
    assert ChooseDice("green", "blue") == ChooseDice("blue", "green") in s.legal_actions()
    assert str(ChooseDice("red", "green")) == "choose green and red"
    s.apply(ChooseDice("blue", "green"))
    chance = s.log[-1]["chance"]
    assert [c["what"] for c in chance] == ["blue die", "green die"]
    blue, green = chance[0]["result"], chance[1]["result"]
    assert 1 <= blue <= 6 and 1 <= green <= 8
    expect_illegal(s, KeepDie("red"), "itc-dice")
    t = s.clone()
    s.apply(KeepDie("blue"))
    assert (s.transport_points, s.continent_points, s.leftover_points) == (blue, 0, 0)
    t.apply(KeepDie("green"))
    assert (t.transport_points, t.continent_points, t.leftover_points) == (0, green, 0)


def test_itc_dice_green_is_an_eight_sided_die():
    """itc-dice: over many seeded rolls the green die shows 1..8 and the blue die 1..6."""
    seen = {"blue": set(), "green": set()}
    for seed in range(60):
        s = setup_done(players=2, seed=seed)
        s.apply(DrawActionCard())
        s.apply(ChooseDice("blue", "green"))
        for c in s.log[-1]["chance"]:
            seen[c["what"].split()[0]].add(c["result"])
    assert seen == {"blue": set(range(1, 7)), "green": set(range(1, 9))}


@pytest.mark.parametrize("red", [1, 3, 6])
def test_itc_red_die_cards_and_leftover_points(red):
    """itc-red-die: draw as many transport cards as the red die shows; the rest of its six points
    are leftover points, usable for transports or continents."""
    s = setup_done(players=2, seed=7)
    s.apply(DrawActionCard())
    s.force("red die", red).apply(ChooseDice("blue", "red"))
    p = s.turn
    # make the next cards ordinary transport cards
    ordinary = [c for c in s.t_deck if not s.cards.neutral[c]]
    s.t_deck[:] = [c for c in s.t_deck if s.cards.neutral[c]] + ordinary
    hand = len(s.hands[p])
    s.apply(KeepDie("red"))
    assert len(s.hands[p]) == hand + red
    assert s.leftover_points == 6 - red and s.transport_points == 0 and s.continent_points == 0
    assert len(s.log[-1]["chance"][0]["result"]) == red
    if red < 6:
        kinds = {type(a).__name__ for a in s.legal_actions()}
        assert {"PlaceTransport", "PlaceSalesMarker"} <= kinds  # both areas open to leftover points


# -- itc-board, itc-transport-cards, itc-goods -----------------------------------------------------


def test_itc_board_routes_lanes_and_places():
    """itc-board: truck 2 lanes (longest), train 3, ship 3, plane 2 (shortest); six continents and
    the grey market; lane lengths are a setting."""
    s = GAME.new(players=2, seed=0)
    assert [len(ROUTE_LANES[r]) for r in range(4)] == [2, 3, 3, 2]
    lengths = [len(s.lanes[ROUTE_LANES[r][0]]) for r in range(4)]
    assert lengths == list(s.options.lane_lengths)
    assert lengths[0] == max(lengths) and lengths[3] == min(lengths)
    assert len(CONTINENTS) == 6 and "North America" in CONTINENTS and PLACES[GREY] == "grey market"
    t = GAME.new(players=2, seed=0, lane_lengths=(8, 6, 5, 2))
    assert [len(t.lanes[ROUTE_LANES[r][0]]) for r in range(4)] == [8, 6, 5, 2]


def test_itc_goods_values():
    """itc-goods: six colours with transport and resale values, cheapest first."""
    assert TRANSPORT_VALUE == {"blue": 6000, "yellow": 4500, "green": 3500, "red": 3000, "white": 2500,
                               "black": 2000}
    assert RESALE_VALUE == {"blue": 4000, "yellow": 3000, "green": 2500, "red": 2000, "white": 1500,
                            "black": 1000}
    assert list(COLOURS) == sorted(COLOURS, key=RESALE_VALUE.get)


def test_itc_transport_cards_data_and_profits():
    """itc-transport-cards: the deck is validated data; each card's profit for a route is its goods'
    transport value times the route's percentage (rounded down to 500), less the robbed good's value
    for the lower figure."""
    import importlib.resources

    raw = json.loads(importlib.resources.files("gamekit.itc").joinpath("cards.json").read_text())
    cards = raw["transport_cards"]
    s = GAME.new(players=2, seed=0)
    table = s.cards
    assert table.n_transport == len(cards) == 93
    assert sum(1 for c in cards if c["kind"] == "neutral") == 15
    assert table.size - table.n_transport == 80
    pct = {"truck": 150, "train": 125, "ship": 100, "plane": 75}  # setting route_profit_percent
    # itc-goods: the printed transport value of each goods colour
    value = {"blue": 6_000, "yellow": 4_500, "green": 3_500, "red": 3_000, "white": 2_500, "black": 2_000}
    for i, c in enumerate(cards):
        if c["kind"] != "transport":
            continue
        full = sum(value[g] for g in c["goods"])
        lost = full - value[c["goods"][c["robbed"]]]
        for r in c["routes"]:
            upper, lower = table.profit[i][ROUTES.index(r)]
            assert upper == full * pct[r] // 100 // 500 * 500
            assert lower == lost * pct[r] // 100 // 500 * 500
    for bad in (
        {"transport_cards": [{"kind": "transport", "routes": ["truck", "truck"], "goods": ["red"], "robbed": 0}]},
        {"transport_cards": [{"kind": "transport", "routes": ["truck", "ship"], "goods": ["pink"], "robbed": 0}]},
        {"transport_cards": [{"kind": "transport", "routes": ["truck", "ship"], "goods": ["red"], "robbed": 1}]},
        {"transport_cards": [{"kind": "neutral", "routes": ["truck", "ship"], "goods": ["red"], "destination": "Mars"}]},
        {"cards": []},
    ):
        with pytest.raises(ValueError):
            parse_transport_cards(bad)


# -- itc-transport-points, itc-lane-colours, itc-markers -------------------------------------------


def _own_transport(s, routes=None):
    card = take_card(s, "transport", routes=routes)
    s.hands[s.turn].append(card)
    return card


def test_itc_transport_points_place_move_and_leave():
    """itc-transport-points: each point places a card on a bottom field (own stone on it), moves it
    one field up, or moves it off the top field."""
    s = at_act(players=2, seed=8, kept="blue", points=6)
    p = s.turn
    card = _own_transport(s, routes=("truck", "plane"))
    stones = s.stones[p]
    s.apply(PlaceTransport(card, "plane", 1))
    lane = ROUTE_LANES[3][0]
    assert s.lanes[lane][0] == card and s.owner[card] == p and s.transport_points == 5 and s.stones[p] == stones - 1
    s.apply(MoveTransport(card, 1))
    s.apply(MoveTransport(card, 1))
    assert s.at_field[card] == 2 == len(s.lanes[lane]) - 1
    expect_illegal(s, MoveTransport(card, 1), "itc-transport-points")
    score = s.score[p]
    s.apply(DeliverTransport(card, "Europe"))
    assert s.at_lane[card] == -1 and s.stones[p] == stones and s.transport_points == 2
    assert s.score[p] > score
    check_invariants(s)


def test_itc_transport_points_needed():
    """itc-transport-points: no transport point (green die kept), no transport action."""
    s = at_act(players=2, seed=8, kept="green", points=3)
    card = _own_transport(s)
    route = ROUTES[s.cards.routes[card][0]]
    assert not any(isinstance(a, PlaceTransport) for a in s.legal_actions())
    expect_illegal(s, PlaceTransport(card, route, 1), "itc-transport-points")


def test_itc_transport_points_not_someone_elses_card():
    """itc-transport-points: only your own transports move; a card must reach the top field to leave."""
    s = at_act(players=2, seed=8, kept="blue", points=3)
    other = 1 - s.turn
    theirs = take_card(s, "transport", routes=("truck", "train"))
    put(s, theirs, "train", 1, 0, other)
    expect_illegal(s, MoveTransport(theirs, 1), "itc-transport-points")
    mine = take_card(s, "transport", routes=("truck", "train"))
    put(s, mine, "truck", 1, 1, s.turn)
    expect_illegal(s, DeliverTransport(mine, "Asia"), "itc-transport-points")
    expect_illegal(s, MoveTransport(999, 1), "itc-transport-points")


def test_itc_transport_limit_per_route():
    """itc-transport-points (setting transport_limit_per_route): two transports per owner and route."""
    s = at_act(players=2, seed=9, kept="blue", points=3)
    p = s.turn
    for lane, field in ((1, 2), (2, 3)):
        card = take_card(s, "transport", routes=("truck", "ship"))
        put(s, card, "truck", lane, field, p)
    third = _own_transport(s, routes=("truck", "ship"))
    assert PlaceTransport(third, "truck", 1) not in s.legal_actions()
    assert PlaceTransport(third, "ship", 1) in s.legal_actions()
    expect_illegal(s, PlaceTransport(third, "truck", 1), "itc-transport-points")


def test_itc_lane_colours():
    """itc-lane-colours: a card goes only on a lane of one of its two colours."""
    s = at_act(players=2, seed=10, kept="blue", points=2)
    card = _own_transport(s, routes=("ship", "plane"))
    expect_illegal(s, PlaceTransport(card, "truck", 1), "itc-lane-colours")
    expect_illegal(s, PlaceTransport(card, "train", 2), "itc-lane-colours")
    s.apply(PlaceTransport(card, "ship", 3))
    assert LANE_ROUTE[s.at_lane[card]] == ROUTES.index("ship")


def test_itc_markers_run_out():
    """itc-markers: sales markers and transport markers are the player's stones; none left, none placed."""
    s = at_act(players=2, seed=10, kept="green", points=3)
    p = s.turn
    s.markers[1][p] += s.stones[p]
    s.stones[p] = 0
    expect_illegal(s, PlaceSalesMarker("Europe"), "itc-markers")
    assert not any(isinstance(a, (PlaceSalesMarker, Attack)) for a in s.legal_actions())


# -- itc-full-rows --------------------------------------------------------------------------------


def _full_plane_row(kept):
    s = setup_done(players=2, seed=12)
    s.apply(DrawActionCard())
    s.apply(ChooseDice("blue", "green"))
    p = s.turn
    mine = take_card(s, "transport", routes=("ship", "plane"))
    theirs = take_card(s, "transport", routes=("ship", "plane"))
    put(s, mine, "plane", 1, 0, p)
    put(s, theirs, "plane", 2, 0, 1 - p)
    s.apply(KeepDie(kept))
    return s, p, mine, theirs


def test_itc_full_rows_force_a_move():
    """itc-full-rows: a full row holding the active player's card obliges them to move it if they can."""
    s, p, mine, theirs = _full_plane_row("blue")
    assert s.obliged == [(3, 0)]
    assert EndTurn() not in s.legal_actions()
    expect_illegal(s, EndTurn(), "itc-full-rows")
    s.apply(MoveTransport(mine, 1))
    assert EndTurn() in s.legal_actions()
    s.apply(EndTurn())
    assert s.at_lane[mine] >= 0


def test_itc_full_rows_cards_lost_when_a_possible_move_was_not_made():
    """itc-full-rows: the player could move their card out of the full row (a blue point) but spent
    the point elsewhere; at the end of the turn their cards in that row are lost and their goods go
    to the grey market."""
    s, p, mine, theirs = _full_plane_row("blue")
    s.transport_points = 1
    other = take_card(s, "transport", routes=("truck", "train"))
    put(s, other, "truck", 1, 0, p)
    assert s.obliged == [(3, 0)]
    assert s.could_free == [(3, 0)]  # noted when the die was kept: a blue point could move the card
    s.apply(MoveTransport(other, 1))  # the only point goes elsewhere
    assert GAME.from_json(s.to_json()).to_json() == s.to_json()
    assert EndTurn() in s.legal_actions()
    grey = list(s.goods[GREY])
    stones = s.stones[p]
    s.apply(EndTurn())
    assert s.at_lane[mine] == -1 and mine in s.t_discard
    assert s.at_lane[theirs] >= 0  # the other player's card stays
    assert s.stones[p] == stones + 1
    added = [a - b for a, b in zip(s.goods[GREY], grey)]
    expected = [0] * 6
    for g in s.cards.goods[mine]:
        expected[g] += 1
    assert added == expected
    check_invariants(s)


def test_itc_full_rows_kept_green_die_loses_nothing():
    """itc-full-rows: "sofern dies möglich ist". A player who kept the green die has no transport
    point all turn, so no move was possible and nothing is lost, even though the blue die they
    rolled and could have kept would have moved the card (the die not kept does not count)."""
    s, p, mine, theirs = _full_plane_row("green")
    assert s.chosen == ("blue", "green") and s.rolls["blue"] >= 1
    assert s.obliged == [(3, 0)]
    assert EndTurn() in s.legal_actions()
    s.apply(EndTurn())
    assert s.at_lane[mine] >= 0 and s.owner[mine] == p
    assert sum(s.pending_grey) == 0
    check_invariants(s)


def test_itc_full_rows_blocked_card_is_not_lost():
    """itc-full-rows: a card in a full row whose field ahead and fields diagonally ahead are all
    taken cannot move, however many points the player has; it is not lost."""
    s = setup_done(players=3, seed=12)
    s.apply(DrawActionCard())
    s.apply(ChooseDice("blue", "green"))
    p = s.turn
    b, c = (p + 1) % 3, (p + 2) % 3
    mine = take_card(s, "transport", routes=("ship", "plane"))
    put(s, mine, "plane", 1, 0, p)
    put(s, take_card(s, "transport", routes=("ship", "plane")), "plane", 2, 0, b)
    put(s, take_card(s, "transport", routes=("ship", "plane")), "plane", 1, 1, b)
    put(s, take_card(s, "transport", routes=("ship", "plane")), "plane", 2, 1, c)
    s.apply(KeepDie("blue"))
    assert s.transport_points >= 1 and s.obliged == [(3, 0)]
    assert not any(getattr(a, "card", None) == mine for a in s.legal_actions())
    assert EndTurn() in s.legal_actions()
    s.apply(EndTurn())
    assert s.at_lane[mine] >= 0 and s.owner[mine] == p
    check_invariants(s)


def test_itc_full_rows_only_rows_full_when_the_turn_starts():
    """itc-full-rows, itc-neutral-transports (assumption "rows full at the start"): a row that an old
    neutral transport fills as it moves up in step 4 does not oblige the player."""
    s = setup_done(players=2, seed=13)
    s.apply(DrawActionCard())
    s.force("red die", 1).apply(ChooseDice("blue", "red"))
    p = s.turn
    mine = take_card(s, "transport", routes=("ship", "plane"))
    put(s, mine, "plane", 1, 1, p)
    old = take_card(s, "neutral", routes=("truck", "plane"))
    put(s, old, "plane", 2, 0, -1)
    new = take_card(s, "neutral", routes=("truck", "train"))
    s.t_deck.append(new)
    s.apply(KeepDie("red"))
    assert (s.at_lane[old], s.at_field[old]) == (ROUTE_LANES[3][1], 1)  # the old neutral moved up
    assert s.row_full(3, 1)
    assert s.obliged == []
    assert EndTurn() in s.legal_actions()
    s.apply(EndTurn())
    assert s.at_lane[mine] >= 0


def test_itc_full_rows_not_from_new_neutral_transports():
    """itc-full-rows, itc-neutral-transports: a row filled by a neutral transport placed this turn
    does not oblige the active player."""
    s = setup_done(players=2, seed=13)
    s.apply(DrawActionCard())
    s.force("red die", 1).apply(ChooseDice("blue", "red"))
    p = s.turn
    mine = take_card(s, "transport", routes=("ship", "plane"))
    put(s, mine, "plane", 1, 0, p)
    neutral = take_card(s, "neutral", routes=("ship", "plane"))
    s.t_deck.append(neutral)
    s.apply(KeepDie("red"))
    assert s.lanes[ROUTE_LANES[3][1]][0] == neutral  # as far right as its colours allow
    assert s.obliged == []
    assert EndTurn() in s.legal_actions()


# -- itc-neutral-transports -----------------------------------------------------------------------


def test_itc_neutral_transports_move_and_place():
    """itc-neutral-transports: on the board they move one field (diagonally only when blocked);
    new ones go as far right as their colours allow; one that cannot be placed lapses and its goods
    reach the grey market at the end of the turn."""
    s = at_act(players=2, seed=14, kept="green", points=1)
    n1 = take_card(s, "neutral", routes=("truck", "train"))
    blocker = take_card(s, "transport", routes=("truck", "train"))
    put(s, n1, "truck", 1, 0, -1)
    put(s, blocker, "truck", 1, 1, 1 - s.turn)
    s.move_neutrals()
    assert (s.at_lane[n1], s.at_field[n1]) == (ROUTE_LANES[0][1], 1)  # diagonal, into truck lane 2
    s.move_neutrals()
    assert (s.at_lane[n1], s.at_field[n1]) == (ROUTE_LANES[0][1], 2)  # straight on
    # placement: as far right as possible, the limit of two neutral transports per route
    n2 = take_card(s, "neutral", routes=("train", "plane"))
    s.place_neutral(n2)
    assert s.at_lane[n2] == ROUTE_LANES[3][1]
    n3 = take_card(s, "neutral", routes=("train", "plane"))
    s.place_neutral(n3)
    assert s.at_lane[n3] == ROUTE_LANES[3][0]
    n4 = take_card(s, "neutral", routes=("ship", "plane"))
    s.place_neutral(n4)  # plane is at its limit of 2 neutral transports
    assert s.at_lane[n4] == ROUTE_LANES[2][2]
    # a card that cannot be placed lapses
    for lane in ROUTE_LANES[0] + ROUTE_LANES[1]:
        if s.lanes[lane][0] < 0:
            filler = take_card(s, "transport", routes=("truck", "train"))
            s.lanes[lane][0] = filler
            s.at_lane[filler], s.at_field[filler] = lane, 0
            s.owner[filler] = -1
    lapsing = take_card(s, "neutral", routes=("truck", "train"))
    s.place_neutral(lapsing)
    assert s.at_lane[lapsing] == -1 and lapsing in s.t_discard
    assert sum(s.pending_grey) == len(s.cards.goods[lapsing])


def test_itc_neutral_transports_arrive_without_profit():
    """itc-neutral-transports, itc-arrival: a neutral transport leaving the top goes to its printed
    destination; nobody profits; the Mafia robs its last good."""
    s = at_act(players=2, seed=15, kept="green", points=1)
    n = take_card(s, "neutral")
    route = ROUTES[s.cards.routes[n][0]]
    top = s.options.lane_lengths[ROUTES.index(route)] - 1
    put(s, n, route, 1, top, -1)
    scores = list(s.score)
    dest = s.cards.destination[n]
    before, grey = list(s.goods[dest]), list(s.goods[GREY])
    s.move_neutrals()
    assert s.at_lane[n] == -1 and s.score == scores
    goods = s.cards.goods[n]
    assert s.goods[GREY][goods[-1]] == grey[goods[-1]] + 1
    assert sum(s.goods[dest]) - sum(before) == len(goods) - 1


# -- itc-arrival, itc-grey-market-goods -----------------------------------------------------------


def _at_top(s, owner, routes=("truck", "plane"), route="plane", under=-1):
    card = take_card(s, "transport", routes=routes)
    top = s.options.lane_lengths[ROUTES.index(route)] - 1
    put(s, card, route, 1, top, owner, under)
    return card, route


def test_itc_arrival_robbed_by_the_mafia():
    """itc-arrival, itc-grey-market-goods: a transport that is not the Mafia controller's loses its
    robbed good to the grey market and earns the lower figure; the rest go into the continent,
    and the arriving player may not sell them this turn."""
    s = at_act(players=2, seed=16, kept="blue", points=3)
    p = s.turn
    if s.controller == p:
        s.controller = 1 - p
        s.stones[p] += 1
        s.stones[1 - p] -= 1
    card, route = _at_top(s, p)
    asia = CONTINENTS.index("Asia")
    s.goods_supply += sum(s.goods[asia])
    s.goods[asia] = [0] * 6
    grey, before = list(s.goods[GREY]), list(s.goods[asia])
    score = s.score[p]
    s.apply(DeliverTransport(card, "Asia"))
    upper, lower = s.cards.profit[card][ROUTES.index(route)]
    assert s.score[p] - score == lower < upper
    goods = s.cards.goods[card]
    robbed = goods[s.cards.robbed[card]]
    assert s.goods[GREY][robbed] == grey[robbed] + 1
    assert sum(s.goods[asia]) - sum(before) == len(goods) - 1
    # the fresh goods cannot be sold by this player now
    s.transport_points, s.continent_points = 0, 3
    s.markers[asia][p] += 5
    s.stones[p] -= 5
    assert not any(isinstance(a, Sell) and a.place == "Asia" for a in s.legal_actions())
    expect_illegal(s, Sell("Asia", 1), "itc-selling")
    check_invariants(s)
    # in the next turn (another player's) they can be sold
    t = s.clone()
    t.fresh = {}
    assert t.sellable_counts(asia) == t.goods[asia]


def test_itc_arrival_controller_keeps_everything_and_overflow():
    """itc-arrival: the Mafia's controller is not robbed (upper figure); goods without room in the
    continent go to the grey market (setting continent_capacity)."""
    s = at_act(players=2, seed=17, kept="blue", points=3, continent_capacity=1)
    p = s.turn
    if s.controller != p:
        s.stones[s.controller] += 1
        s.controller = p
        s.stones[p] -= 1
    card, route = _at_top(s, p)
    score = s.score[p]
    grey = sum(s.goods[GREY])
    s.apply(DeliverTransport(card, "Africa"))
    assert s.score[p] - score == s.cards.profit[card][ROUTES.index(route)][0]
    goods = s.cards.goods[card]
    distinct = len(set(goods))
    africa = CONTINENTS.index("Africa")
    assert sum(s.goods[africa]) == distinct
    assert sum(s.goods[GREY]) - grey == len(goods) - distinct


# -- itc-continent-points, itc-placing-markers ----------------------------------------------------


def test_itc_placing_markers_costs_a_continent_point():
    """itc-placing-markers, itc-continent-points: one point, one marker in a continent."""
    s = at_act(players=2, seed=18, kept="green", points=2)
    p = s.turn
    europe = CONTINENTS.index("Europe")
    m = s.markers[europe][p]
    s.apply(PlaceSalesMarker("Europe"))
    s.apply(PlaceSalesMarker("Europe"))
    assert s.markers[europe][p] == m + 2 and s.continent_points == 0
    expect_illegal(s, PlaceSalesMarker("Europe"), "itc-continent-points")


# -- itc-grey-market, itc-grey-market-fight, itc-organisation -------------------------------------


def _non_controller_turn(seed=19, points=3, **options):
    for k in range(40):
        s = at_act(players=2, seed=seed + k, kept="green", points=points, **options)
        if s.controller != s.turn:
            return s
    raise AssertionError("no seed found")


def test_itc_grey_market_only_controller_places():
    """itc-grey-market: only the Mafia's controller places sales markers there."""
    s = _non_controller_turn()
    assert PlaceSalesMarker("grey market") not in s.legal_actions()
    expect_illegal(s, PlaceSalesMarker("grey market"), "itc-grey-market")
    expect_illegal(s, Sell("grey market", 1), "itc-grey-market-goods")


def test_itc_grey_market_one_attack_per_turn():
    """itc-grey-market: a player who does not control it may attack once per turn; the controller
    never."""
    s = _non_controller_turn(points=4)
    s.apply(Attack())
    if s.controller == s.turn:
        expect_illegal(s, Attack(), "itc-grey-market")
    else:
        assert Attack() not in s.legal_actions()
        expect_illegal(s, Attack(), "itc-grey-market")


def test_itc_grey_market_fight_follows_the_rolls():
    """itc-grey-market-fight: the logged rolls decide the fight: the higher die removes a marker,
    ties again, until one side has none; the winner holds the Mafia."""
    outcomes = set()
    for seed in range(30):
        s = _non_controller_turn(seed=100 + seed, points=3)
        p, ctrl = s.turn, s.controller
        held = s.markers[GREY][ctrl] = seed % 4
        s.stones[ctrl] -= held
        s.apply(Attack())
        rolls = s.log[-1]["chance"][0]["result"]
        a, d = 3, held + 1
        for ra, rd in rolls:
            assert 1 <= ra <= 6 and 1 <= rd <= 8
            if ra > rd:
                d -= 1
            elif rd > ra:
                a -= 1
        assert (a == 0) != (d == 0)
        if a:
            outcomes.add("won")
            assert s.controller == p and s.markers[GREY][ctrl] == 0
            assert s.markers[GREY][p] == a  # surviving attack markers stay as sales markers
        else:
            outcomes.add("lost")
            assert s.controller == ctrl and s.markers[GREY][ctrl] == d - 1
        assert s.continent_points == 2
        check_invariants(s)
    assert outcomes == {"won", "lost"}


def test_itc_grey_market_after_a_won_attack_markers_one_to_one():
    """itc-grey-market: after a successful attack the remaining points add markers 1:1."""
    for seed in range(60):
        s = _non_controller_turn(seed=200 + seed, points=3)
        p = s.turn
        s.apply(Attack())
        if s.controller == p:
            m = s.markers[GREY][p]
            s.apply(PlaceSalesMarker("grey market"))
            assert s.markers[GREY][p] == m + 1
            return
    raise AssertionError("no attack won in 60 seeds")


def test_itc_organisation_only_for_the_controller():
    """itc-organisation: only the controller uses it: two free sales markers in the grey market;
    no action card twice in a turn (itc-action-cards)."""
    s = _non_controller_turn()
    p = s.turn
    for _ in range(2):
        s.hands[p].append(take_card(s, "organisation"))
    assert PlayCard("organisation") not in s.legal_actions()
    expect_illegal(s, PlayCard("organisation"), "itc-organisation")
    s.stones[s.controller] += 1
    s.controller = p
    s.stones[p] -= 1
    s.apply(PlayCard("organisation"))
    assert s.markers[GREY][p] == 2 and s.continent_points == 3
    expect_illegal(s, PlayCard("organisation"), "itc-action-cards")
    expect_illegal(s, PlayCard("express"), "itc-action-cards")


# -- itc-action-cards, itc-hand-limit -------------------------------------------------------------


def test_itc_action_cards_drawn_every_turn():
    """itc-action-cards: every turn starts by drawing an action card."""
    s = setup_done(players=2, seed=20)
    card = take_card(s, "express")
    s.a_deck.append(card)
    s.apply(DrawActionCard())
    assert card in s.hands[s.turn]
    assert s.log[-1]["chance"] == [{"what": "action card", "result": card}]


def test_itc_action_cards_no_card_twice_per_turn():
    """itc-action-cards: no action card may be played twice in one turn."""
    s = at_act(players=2, seed=21, kept="blue", points=4)
    p = s.turn
    for _ in range(2):
        s.hands[p].append(take_card(s, "express"))
    a = _own_transport(s, routes=("truck", "ship"))
    b = _own_transport(s, routes=("truck", "ship"))
    s.apply(PlaceTransport(a, "ship", 1, "express"))
    assert PlaceTransport(b, "ship", 2, "express") not in s.legal_actions()
    expect_illegal(s, PlaceTransport(b, "ship", 2, "express"), "itc-action-cards")
    s.apply(PlaceTransport(b, "ship", 2))


def test_itc_hand_limit_at_the_end_of_the_turn():
    """itc-hand-limit: at most six cards at the end of the turn; the rest are discarded."""
    s = at_act(players=2, seed=22, kept="green", points=0)
    p = s.turn
    while len(s.hands[p]) < 7:
        s.hands[p].append(take_card(s, "mega"))
    assert EndTurn() not in s.legal_actions()
    expect_illegal(s, EndTurn(), "itc-hand-limit")
    card = s.hands[p][0]
    s.apply(Discard(card))
    assert card in s.t_discard or card in s.a_discard
    expect_illegal(s, Discard(s.hands[p][0]), "itc-hand-limit")
    s.apply(EndTurn())


# -- itc-express, itc-smuggling, itc-customs-check ------------------------------------------------


def test_itc_express_moves_to_the_top_with_blue_points_only():
    """itc-express: placed with a transport (blue or red leftover points), an Express transport moves
    only with blue points, and one blue point takes it to the top field of its lane."""
    s = at_act(players=2, seed=23, kept="blue", points=3)
    p = s.turn
    s.hands[p].append(take_card(s, "express"))
    card = _own_transport(s, routes=("truck", "train"))
    s.apply(PlaceTransport(card, "truck", 1, "express"))
    assert ExpressMove(card) in s.legal_actions()
    s.apply(ExpressMove(card))
    assert s.at_field[card] == s.options.lane_lengths[0] - 1
    expect_illegal(s, ExpressMove(card), "itc-express")
    # with red leftover points it cannot move at all
    s.transport_points, s.leftover_points = 0, 2
    s.kept = "red"
    assert not any(getattr(a, "card", None) == card for a in s.legal_actions())
    expect_illegal(s, DeliverTransport(card, "Asia"), "itc-express")


def test_itc_smuggling_pays_on_arrival():
    """itc-smuggling: a smuggling card under a transport that leaves its route unchecked pays the
    route's smuggling value on top of the profit."""
    s = at_act(players=2, seed=24, kept="blue", points=2)
    p = s.turn
    smuggle = take_card(s, "smuggling")
    card, route = _at_top(s, p, routes=("truck", "plane"), route="truck", under=smuggle)
    score = s.score[p]
    s.apply(DeliverTransport(card, "Europe"))
    reasons = [e[2] for e in s.log[-1]["score"]]
    assert "smuggling by truck" in reasons
    assert s.score[p] - score == sum(e[1] for e in s.log[-1]["score"])
    # 5,000 on the truck route (the printed amounts are 5,000, 10,000, 15,000, 20,000; setting smuggling_values)
    assert [e[1] for e in s.log[-1]["score"] if e[2] == "smuggling by truck"] == [5_000]
    assert smuggle in s.a_discard


def test_itc_customs_check_per_route():
    """itc-customs-check: a customs check drawn for a route fines every smuggling transport on that
    route (it may go below zero) and discards the smuggling card; other routes are untouched."""
    s = setup_done(players=2, seed=25)
    p, q = s.turn, 1 - s.turn
    sm1, sm2, exp = take_card(s, "smuggling"), take_card(s, "smuggling"), take_card(s, "express")
    on_plane = take_card(s, "transport", routes=("truck", "plane"))
    on_truck = take_card(s, "transport", routes=("truck", "plane"))
    express_plane = take_card(s, "transport", routes=("ship", "plane"))
    put(s, on_plane, "plane", 1, 1, q, sm1)
    put(s, on_truck, "truck", 1, 1, q, sm2)
    put(s, express_plane, "plane", 2, 0, p, exp)
    customs = take_card(s, "customs-plane")
    s.a_deck.append(customs)
    s.apply(DrawActionCard())
    assert s.score[q] == -s.options.smuggling_values[3] == -20_000
    assert s.under[on_plane] == -1 and sm1 in s.a_discard
    assert s.under[on_truck] == sm2 and s.under[express_plane] == exp
    assert customs in s.a_discard and customs not in s.hands[p]
    assert s.log[-1]["score"] == [[q, -20_000, "customs check on the plane route"]]
    check_invariants(s)


def test_itc_mega_transport_bonus():
    """itc-action-cards (Mega transport, an assumption): +50 % of the profit on arrival."""
    s = at_act(players=2, seed=26, kept="blue", points=2)
    p = s.turn
    mega = take_card(s, "mega")
    card, route = _at_top(s, p, under=mega)
    s.apply(DeliverTransport(card, "Asia"))
    events = s.log[-1]["score"]
    assert events[1][2] == "mega transport" and events[1][1] == events[0][1] // 2


# -- saving -----------------------------------------------------------------------------------------


def test_itc_malformed_saves_raise_invalid_save():
    """A malformed save raises gamekit.InvalidSave and never half-loads."""
    s = at_act(players=3, seed=27, kept="blue", points=3)
    good = json.loads(s.to_json())
    assert GAME.from_json(s.to_json()).to_json() == s.to_json()

    def broken(change):
        data = json.loads(json.dumps(good))
        change(data)
        return json.dumps(data)

    corruptions = [
        lambda d: d["state"].pop("phase"),
        lambda d: d["state"].__setitem__("phase", "dancing"),
        lambda d: d["state"]["hands"][0].append(d["state"]["hands"][1][0]),  # a card twice
        lambda d: d["state"]["transport_deck"].pop(),  # a card missing
        lambda d: d["state"]["goods"]["Europe"].__setitem__(0, 3),  # cubes from nowhere
        lambda d: d["state"]["stones"].__setitem__(0, 99),
        lambda d: d["state"]["scores"].__setitem__(0, "lots"),
        lambda d: d["state"].__setitem__("turn", 7),
        lambda d: d["state"]["points"].__setitem__("transport", -1),
        lambda d: d["state"]["board"].append({"card": 0, "lane": 0, "field": 99, "owner": 0, "under": -1}),
        lambda d: d["state"].__setitem__("controller", -1),
        lambda d: d["state"]["markers"].pop("Asia"),
        lambda d: d["state"].__setitem__("could_free", [[3, 0]]),  # not an obliged row
        lambda d: d["state"].pop("could_free"),
        lambda d: d["options"].__setitem__("hand_limit", 0),
        lambda d: d["options"].__setitem__("goal", -5),
        lambda d: d["options"].__setitem__("mafia_robbery", "sometimes"),
        lambda d: d.__setitem__("rng", ["x", "y"]),
        lambda d: d.__setitem__("state", []),
    ]
    for change in corruptions:
        with pytest.raises(gamekit.InvalidSave):
            GAME.from_json(broken(change))
    with pytest.raises(gamekit.InvalidSave):
        GAME.from_json("{not json")


def test_itc_grey_market_goods_sold_by_the_controller():
    """itc-grey-market-goods: goods in the grey market are sold by its controller, by the selling
    rule (itc-selling), with the markers there."""
    s = at_act(players=2, seed=30, kept="green", points=3)
    p = s.turn
    if s.controller != p:
        s.stones[s.controller] += 1
        s.controller = p
        s.stones[p] -= 1
    s.goods_supply -= 3
    s.goods[GREY][0] += 2  # black
    s.goods[GREY][5] += 1  # blue
    black, blue = s.goods[GREY][0], s.goods[GREY][5]
    assert Sell("grey market", 1) not in s.legal_actions()
    s.apply(PlaceSalesMarker("grey market"))
    if black > 1:
        expect_illegal(s, Sell("grey market", 1), "itc-selling")
        for _ in range(black - 1):
            s.continent_points += 1
            s.apply(PlaceSalesMarker("grey market"))
    score = s.score[p]
    s.continent_points = 2
    s.apply(Sell("grey market", 1))
    assert s.score[p] - score == black * 1000 and s.goods[GREY][0] == 0 and s.goods[GREY][5] == blue


def test_itc_protocol_registration_and_assumptions():
    """The game registers as "itc"; every setting of ItcOptions is documented as an assumption
    in gamekit/itc/options.py."""
    import dataclasses

    import gamekit.itc.options as options_module

    assert gamekit.game("itc") is GAME and "itc" in gamekit.games()
    documented = {a.setting for a in options_module.ASSUMPTIONS}
    given_by_text = {"attack_markers", "hand_limit", "start_transport_cards", "setup_rounds", "setup_lead_limit"}
    # issue 33: a number the text prints is a setting listed apart from the assumptions, with its rule label
    printed = {f.name for f in dataclasses.fields(ItcOptions) if f.metadata.get("kind") == "printed"}
    assert all(f.metadata["rule"].startswith("itc-") for f in dataclasses.fields(ItcOptions) if f.name in printed)
    given_by_text |= printed
    for field in dataclasses.fields(ItcOptions):
        # (the module docstring lists ASSUMPTIONS and the other settings by construction)
        assert field.name in documented or field.name in given_by_text, field.name
    for a in options_module.ASSUMPTIONS:
        assert a.rule.startswith("itc-") and a.why and a.default and a.title
    # every assumption is shown as a note under its rule in the chapter
    from pathlib import Path

    chapter = (Path(__file__).resolve().parents[2] / "book" / "itc" / "rules.md").read_text(encoding="utf-8")
    for rule in {a.rule for a in options_module.ASSUMPTIONS}:
        assert f'assumptions(ASSUMPTIONS, "{rule}")' in chapter, rule


def test_itc_neutral_transports_step_four_in_play():
    """itc-neutral-transports, itc-turn-sequence step 4: when the red die brings a neutral card,
    the neutral transports on the board move first (one at the top arrives at its destination),
    then the new one is placed; it does not go into the hand."""
    s = setup_done(players=3, seed=31)
    s.apply(DrawActionCard())
    s.force("red die", 1).apply(ChooseDice("green", "red"))
    old = take_card(s, "neutral", routes=("truck", "train"))
    top = s.options.lane_lengths[0] - 1
    put(s, old, "truck", 2, top, -1)
    new = take_card(s, "neutral", routes=("ship", "plane"))
    s.t_deck.append(new)
    dest = s.cards.destination[old]
    before = sum(s.goods[dest])
    hand = list(s.hands[s.turn])
    s.apply(KeepDie("red"))
    assert s.at_lane[old] == -1 and old in s.t_discard
    assert sum(s.goods[dest]) - before == len(s.cards.goods[old]) - 1  # the Mafia robbed the last good
    assert s.at_lane[new] == ROUTE_LANES[3][1] and s.at_field[new] == 0
    assert s.hands[s.turn] == hand and s.leftover_points == 5
    check_invariants(s)


def test_itc_express_placed_with_leftover_points():
    """itc-express: an Express card may be placed with red leftover points (but then not moved)."""
    s = at_act(players=2, seed=32, kept="red", points=2)
    p = s.turn
    s.hands[p].append(take_card(s, "express"))
    card = _own_transport(s, routes=("truck", "train"))
    s.apply(PlaceTransport(card, "train", 3, "express"))
    assert s.leftover_points == 1 and s.cards.kind[s.under[card]] == "express"
    assert ExpressMove(card) not in s.legal_actions() and MoveTransport(card, 3) not in s.legal_actions()
    expect_illegal(s, MoveTransport(card, 3), "itc-express")


# -- itc-goal, itc-end: the boundaries --------------------------------------------------------------


def _finish_turns(s, turns: int) -> None:
    """End the current turn, then play ``turns`` more turns that score nothing (blue die kept, no point used)."""
    s.apply(EndTurn())
    for _ in range(turns):
        if s.is_over():
            return
        s.apply(DrawActionCard())
        s.apply(ChooseDice("blue", "green"))
        s.apply(KeepDie("blue"))
        while len(s.hands[s.turn]) > 6:
            s.apply(Discard(s.hands[s.turn][0]))
        s.apply(EndTurn())


@pytest.mark.parametrize("score, over", [(200_000, True), (199_999, False), (200_001, True)])
def test_itc_end_on_a_score_exactly_at_the_goal(score, over):
    """itc-goal, itc-end: "Sobald ein Spieler die 200.000 Euro erreicht oder überschreitet": a score
    of exactly 200,000 reaches the goal (the round is then finished and the game is over); one euro
    below does not."""
    s = scenario(players=2, seed=3, player=0, kept="blue", points=0, scores=[score, 0])
    _finish_turns(s, 1)  # the start player's turn ends, then the second (last) player's turn of the round
    assert s.is_over() is over
    assert s.winners() == ([0] if over else [])


def test_itc_a_tie_names_every_tied_player_as_a_winner():
    """itc-end: "Wer danach das höchste Ergebnis erreicht hat, ist Sieger": players tied on the
    highest score are all winners; a lower score is not."""
    s = scenario(players=3, seed=3, player=0, kept="blue", points=0, scores=[210_000, 150_000, 210_000])
    _finish_turns(s, 2)
    assert s.is_over() and s.winners() == [0, 2]
    s = scenario(players=3, seed=3, player=0, kept="blue", points=0, scores=[210_000, 210_000, 210_000])
    _finish_turns(s, 2)
    assert s.is_over() and s.winners() == [0, 1, 2]


def test_itc_grey_market_attack_with_five_markers():
    """itc-grey-market: one point buys "drei Angriffssteine"; with the setting attack_markers 5 the
    attacker fights with five markers: the logged rolls end the fight only when counted from five."""
    for seed in range(10):
        s = _non_controller_turn(seed=300 + seed, points=3, attack_markers=5)
        p, ctrl = s.turn, s.controller
        held = s.markers[GREY][ctrl]
        stones = s.stones[p]
        s.apply(Attack())
        a, d = 5, held + 1
        for ra, rd in s.log[-1]["chance"][0]["result"]:
            if ra > rd:
                d -= 1
            elif rd > ra:
                a -= 1
        assert (a == 0) != (d == 0)
        if a:
            assert s.controller == p and s.markers[GREY][p] == a and s.stones[p] == stones - a - 1
        else:
            assert s.stones[p] == stones and s.controller == ctrl
