"""The Catan base game on its own (``catan``): seeded random games end with a winner, saves
round-trip and are checked whole, a clone shares nothing mutable, every listed action is legal and
only those; maps with sea hexes and without a desert; the fixes of issue 8 item 17 and issue 9.

Positions use the beginner board: intersection 1 has a 3:1 harbour, intersection 16 the 2:1 brick harbour.
"""

from __future__ import annotations

import json

import pytest
from catan_helpers import catan_main, give, put, road
from helpers import expect_illegal

import gamekit
from gamekit import InvalidSave
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
from gamekit.catan.base import CatanState
from gamekit.catan.board import STANDARD_HEXES, Board
from gamekit.catan.playout import playout, random_policy
from gamekit.catan.roads import road_site, road_sites, settlement_site, settlement_sites
from gamekit.catan.rules import YEAR_OF_PLENTY
from gamekit.rng import Rng

CATAN = gamekit.game("catan")
FACTORIES = gamekit.game("factories")
MAX_ACTIONS = 5000


def check_invariants(state) -> None:
    total = state.options.bank_per_resource
    for r in range(5):
        assert state.bank[r] + sum(h[r] for h in state.hands) == total
        assert state.bank[r] >= 0 and all(h[r] >= 0 for h in state.hands)
    for v, owner in enumerate(state.node_owner):
        if owner >= 0:
            assert state.board.land_node[v]
            assert all(state.node_owner[m] == -1 for m in state.topo.node_nodes[v]), f"distance rule broken at {v}"
    for e, owner in enumerate(state.edge_owner):
        assert owner == -1 or state.board.land_edge[e]
    for p in range(state.players):
        left = state.pieces_left(p)
        assert min(left.values()) >= 0


# -- random play ---------------------------------------------------------------------------------


def test_hundreds_of_base_games_end_with_a_winner():
    """catan-victory: 200 seeded base games (3 and 4 players, random and beginner boards) end with one
    winner who has 10 points; every resource card is in the bank or a hand."""
    for seed in range(200):
        options = {"board": "beginner"} if seed % 7 == 0 else {}
        state = CATAN.new(players=3 + seed % 2, seed=seed, **options)
        playout(state, Rng(seed), MAX_ACTIONS)
        assert state.is_over(), f"seed {seed} did not end in {MAX_ACTIONS} actions"
        assert state.winners() == [state.winner] and state.victory_points(state.winner) >= 10
        assert all(state.bank[r] + sum(h[r] for h in state.hands) == 19 for r in range(5))


@pytest.mark.parametrize("seed", range(6))
def test_base_invariants_every_step(seed):
    """catan-distance-rule, catan-production: invariants after every action; the road and site
    lists are their predicates applied to every edge and intersection."""
    state = CATAN.new(players=4, seed=seed)
    rng = Rng(seed + 1)
    steps = 0
    while not state.is_over() and steps < MAX_ACTIONS:
        if steps % 11 == 0 and state.phase != "setup":
            board, node_owner, edge_owner = state.board, state.node_owner, state.edge_owner
            for p in range(state.players):
                assert road_sites(board, node_owner, edge_owner, p, state.roads[p], state.buildings[p]) == [
                    e for e in range(len(edge_owner)) if road_site(board, node_owner, edge_owner, p, e)]
                assert settlement_sites(board, node_owner, edge_owner, p, state.roads[p]) == [
                    v for v in range(len(node_owner)) if settlement_site(board, node_owner, edge_owner, p, v)]
        state.apply(random_policy(state, rng))
        check_invariants(state)
        steps += 1
    assert state.is_over()


def _pool(state):
    topo = state.topo
    pool = [Roll(), EndTurn(), AcceptTrade(), DeclineTrade(), BuyDevelopmentCard(), PlayKnight(), PlayRoadBuilding()]
    pool += [BuildRoad(e) for e in range(len(topo.edges))]
    pool += [k(v) for k in (BuildSettlement, BuildCity) for v in range(len(topo.nodes))]
    pool += [Discard(r) for r in RESOURCES] + [PlayMonopoly(r) for r in RESOURCES]
    pool += [MoveRobber(h, q) for h in range(len(topo.hexes)) for q in range(-1, state.players)]
    pool += [BankTrade(g, t, c) for g in RESOURCES for t in RESOURCES for c in (2, 3, 4)]
    pool += [PlayYearOfPlenty(a, b) for i, a in enumerate(RESOURCES) for b in RESOURCES[i:]]
    return pool


@pytest.mark.parametrize("seed", range(2))
def test_check_agrees_with_legal_actions(seed):
    """An action passes the check exactly when legal_actions lists it (one-for-one offers aside)."""
    state = CATAN.new(players=4, seed=seed)
    rng = Rng(seed)
    step = 0
    while not state.is_over() and step < MAX_ACTIONS:
        if step % 17 == 0:
            legal = set(state.legal_actions())
            for action in _pool(state):
                refusal = state.refusal(action)
                ok = refusal is None
                assert ok or refusal.rule
                assert ok == (action in legal), (state.phase, action)
        state.apply(random_policy(state, rng))
        step += 1
    assert state.is_over()


# -- saving, restoring, copying --------------------------------------------------------------------


def test_base_save_round_trip_and_replay():
    """A saved base game restores exactly and goes on exactly as the original."""
    for seed in range(5):
        state = CATAN.new(players=3 + seed % 2, seed=seed)
        playout(state, Rng(seed), 120 + 50 * seed)
        text = state.to_json()
        restored = CATAN.from_json(text)
        assert type(restored) is CatanState and restored.to_json() == text
        assert restored.legal_actions() == state.legal_actions()
        a, b = Rng(9), Rng(9)
        while not state.is_over():
            state.apply(random_policy(state, a))
            restored.apply(random_policy(restored, b))
        assert restored.to_json() == state.to_json()


def test_a_factories_save_is_not_a_base_game():
    state = FACTORIES.new(players=4, seed=1)
    with pytest.raises(InvalidSave):
        CATAN.from_json(state.to_json())


def _mutables(value, path, seen):
    """Every list, dict and set reachable from ``value`` (through tuples too), with its path."""
    if isinstance(value, (list, dict, set)):
        if id(value) in seen:
            return
        seen.add(id(value))
        yield path, value
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, (list, tuple)) else ()
    for key, item in items:
        yield from _mutables(item, f"{path}[{key!r}]", seen)


IMMUTABLE = {"game", "options", "board", "topo"}  # shared on purpose: never changed after setup
# The values kept for the state's class and settings (``@kept(on="options")``, such as what a hand
# affords): shared on purpose by every state of that class and settings, holding only answers that
# depend on nothing else (issue 33: the engine's shared fields, gamekit.core.State.ENGINE_SHARED).
IMMUTABLE |= {"_by_options"}


@pytest.mark.parametrize("name", ["catan", "factories"])
def test_a_clone_shares_no_mutable_attribute(name):
    """Along a whole game (offers, discards, pending pegs included), a clone shares no list, dict or
    set with its original, nor its generator. The log's entries are written once and never changed,
    so the two logs share them (copying them would make a clone cost as much as the game's length);
    the log lists themselves (its rows and the readable entries made from them) are separate. So is
    the text of the rows a save has written (``_log_json``: a string and the row it ended with)."""
    state = gamekit.game(name).new(players=4, seed=3)
    rng = Rng(3)
    step = 0
    while not state.is_over():
        if step % 5 == 0:
            copy = state.clone()
            assert copy.rng is not state.rng and copy.rng.getstate() == state.rng.getstate()
            assert copy._rows is not state._rows and copy._entries is not state._entries
            assert copy.log is not state.log and copy.log == state.log
            log = {"_rows", "_entries", "_log_json"}
            original = {id(v): p for k, x in vars(state).items() if k not in IMMUTABLE | log
                        for p, v in _mutables(x, k, set())}  # fmt: skip
            for k, x in vars(copy).items():
                if k not in IMMUTABLE | log:
                    for path, v in _mutables(x, k, set()):
                        assert id(v) not in original, f"{path} is shared with the original's {original[id(v)]}"
            assert copy.to_json() == state.to_json()
        state.apply(random_policy(state, rng))
        step += 1


def test_a_saved_offer_the_giver_cannot_pay_is_refused():
    """catan-player-trade (issue 9): a saved offer whose giver lacks the cards is not a game."""
    state = catan_main()
    give(state, 0, brick=1)
    give(state, 1, wool=1)
    state.apply(OfferTrade(1, ("brick",), ("wool",)))
    data = json.loads(state.to_json())
    assert CATAN.from_data(json.loads(json.dumps(data))).to_json() == state.to_json()
    data["state"]["hands"][0][0] = 0
    data["state"]["bank"][0] += 1
    with pytest.raises(InvalidSave, match="offered"):
        CATAN.from_data(data)


def test_engine_bugs_are_not_hidden_as_invalid_saves(monkeypatch):
    """An AttributeError while restoring is an engine bug: from_data lets it through (issue 9)."""
    text = catan_main().to_json()

    def broken(self, data):
        raise AttributeError("a bug")

    monkeypatch.setattr(CatanState, "_read_state", broken)
    with pytest.raises(AttributeError):
        CATAN.from_json(text)


# -- maps with sea hexes, maps without a desert ----------------------------------------------------


def _ring(n):
    return [(q, r, -q - r) for q in range(-n, n + 1) for r in range(-n, n + 1)
            if abs(q + r) <= n and max(abs(q), abs(r), abs(q + r)) == n]  # fmt: skip


def _on_board(board: Board, seed: int = 0) -> CatanState:
    """A base game at its start, on ``board`` (which lists the standard land hexes first)."""
    data = CATAN.new(players=4, seed=seed, board="beginner").to_data()
    topo = board.topology
    data["state"].update(board=board.to_data(), node_owner=[-1] * len(topo.nodes), node_kind=[0] * len(topo.nodes),
                         edge_owner=[-1] * len(topo.edges), robber=board.desert())  # fmt: skip
    return CATAN.from_data(data)


def _sea_board() -> Board:
    start = CATAN.new(players=4, seed=0, board="beginner").board
    ring = _ring(3)
    return Board(list(STANDARD_HEXES) + ring, list(start.terrain) + ["sea"] * len(ring),
                 list(start.numbers) + [None] * len(ring))  # fmt: skip


def test_no_road_between_two_sea_hexes_and_no_settlement_in_the_sea():
    """catan-road, catan-settlement: with the sea listed, an edge between two sea hexes is no road
    site, an intersection of three sea hexes no building site."""
    state = _on_board(_sea_board())
    board, topo = state.board, state.topo
    sea_edges = [e for e in range(len(topo.edges)) if not board.land_edge[e]]
    sea_nodes = [v for v in range(len(topo.nodes)) if not board.land_node[v]]
    assert sea_edges and sea_nodes
    assert not {a.node for a in state.legal_actions()} & set(sea_nodes)
    expect_illegal(state, BuildSettlement(sea_nodes[0]), "catan-settlement")
    coast = next(v for v in range(len(topo.nodes)) if board.land_node[v] and any(e in sea_edges for e in topo.node_edges[v]))
    state.apply(BuildSettlement(coast))
    listed = {a.edge for a in state.legal_actions()}
    into_sea = [e for e in topo.node_edges[coast] if e in sea_edges]
    assert listed == {e for e in topo.node_edges[coast] if e not in sea_edges}
    expect_illegal(state, BuildRoad(into_sea[0]), "catan-road")


def test_random_games_on_a_map_with_sea_end_and_keep_to_land():
    for seed in range(20):
        state = _on_board(_sea_board(), seed)
        playout(state, Rng(seed), MAX_ACTIONS)
        assert state.is_over()
        check_invariants(state)


def test_a_map_without_a_desert():
    """catan-robber: without a desert the robber starts off the board (None) until the first 7 or
    knight; such a game saves, restores and ends."""
    start = CATAN.new(players=4, seed=0, board="beginner").board
    terrain = ["hills" if t == "desert" else t for t in start.terrain]
    numbers = [5 if n is None else n for n in start.numbers]
    board = Board(STANDARD_HEXES, terrain, numbers, start.harbours)
    assert board.desert() is None
    state = _on_board(board)
    assert state.robber is None
    assert CATAN.from_json(state.to_json()).to_json() == state.to_json()
    assert "robber" not in state._repr_svg_()
    playout(state, Rng(1), MAX_ACTIONS)
    assert state.is_over() and state.robber is not None
    data = json.loads(CATAN.new(players=4, seed=0).to_json())
    data["state"]["robber"] = None  # a board with a desert: the robber stands on it
    with pytest.raises(InvalidSave):
        CATAN.from_data(data)


# -- issue 8 item 17 -----------------------------------------------------------------------------


def test_year_of_plenty_has_one_form():
    """catan-development-cards: the two resources of year of plenty in either order are one action."""
    assert PlayYearOfPlenty("ore", "wool") == PlayYearOfPlenty("wool", "ore")
    assert str(PlayYearOfPlenty("ore", "wool")) == "play year of plenty: wool and ore"
    state = catan_main()
    state.dev_hands[0][YEAR_OF_PLENTY] = 1
    state.dev_deck[YEAR_OF_PLENTY] -= 1
    listed = [a for a in state.legal_actions() if isinstance(a, PlayYearOfPlenty)]
    assert PlayYearOfPlenty("ore", "wool") in listed and len(listed) == len(set(listed)) == 15
    state.apply(PlayYearOfPlenty("ore", "wool"))
    assert state.log[-1]["action"] == {"type": "PlayYearOfPlenty", "first": "wool", "second": "ore"}
    assert state.hands[0] == [0, 0, 1, 0, 1]


def test_four_to_one_stays_allowed_at_a_harbour():
    """catan-harbour-trade, catan-bank-trade: a harbour is an offer, not a duty; 2:1 only at the
    resource's own harbour."""
    state = catan_main()
    give(state, 0, wool=8, brick=9)
    put(state, 0, 1)  # 3:1 harbour
    assert state.trade_rates(0, 2) == (3, 4)
    listed = [a for a in state.legal_actions() if isinstance(a, BankTrade) and a.give == "wool" and a.get == "ore"]
    assert listed == [BankTrade("wool", "ore", 3), BankTrade("wool", "ore", 4)]
    state.apply(BankTrade("wool", "ore", 4))
    expect_illegal(state, BankTrade("wool", "ore", 2), "catan-harbour-trade")
    put(state, 0, 16)  # 2:1 brick harbour
    assert state.trade_rates(0, 0) == (2, 3, 4) and state.trade_rates(0, 2) == (3, 4)
    for count in (2, 3, 4):
        state.apply(BankTrade("brick", "grain", count))
    assert state.hands[0] == [0, 0, 4, 3, 1]
    expect_illegal(state, BankTrade("wool", "grain", 5), "catan-harbour-trade")


#: Rule catan-building-costs, as the chapter prints it: "A road costs 1 brick + 1 lumber. A settlement
#: costs 1 brick + 1 lumber + 1 wool + 1 grain. A city costs 2 grain + 3 ore. A development card costs
#: 1 ore + 1 wool + 1 grain."
PRINTED_COSTS = {
    "road": {"brick": 1, "lumber": 1},
    "settlement": {"brick": 1, "lumber": 1, "wool": 1, "grain": 1},
    "city": {"grain": 2, "ore": 3},
    "development card": {"ore": 1, "wool": 1, "grain": 1},
}


def _site_position():
    """Player 0 with a settlement at 12 and a road of two from it: a free site at the road's end."""
    state = catan_main()
    put(state, 0, 12)
    topo = state.topo
    first = topo.node_edges[12][0]
    middle = topo.edge_other[first][12]
    second = next(e for e in topo.node_edges[middle] if e != first)
    road(state, 0, first, second)
    return state


@pytest.mark.parametrize("what, action", [("road", BuildRoad), ("settlement", BuildSettlement), ("city", BuildCity),
                                          ("development card", BuyDevelopmentCard)])
def test_catan_building_costs_as_printed(what, action):
    """catan-building-costs: with exactly the printed cost the action is listed and paid (the hand is
    empty after it); one card short of any part of it, it is neither listed nor legal."""
    cost = PRINTED_COSTS[what]
    for short in [None, *cost]:
        state = _site_position()
        give(state, 0, **cost)
        if short is not None:
            give(state, 0, **{short: -1})
        listed = [a for a in state.legal_actions() if isinstance(a, action)]
        if short is not None:
            assert not listed, (what, short)
            continue
        assert listed
        state.apply(listed[0])
        assert state.hands[0] == [0, 0, 0, 0, 0], what
        assert sum(state.bank) == 5 * 19


def test_catan_building_costs_pieces_as_printed():
    """catan-building-costs: "Each player has 15 roads, 5 settlements and 4 cities"."""
    state = catan_main()
    assert state.pieces_left(0) == {"road": 15, "settlement": 5, "city": 4}


def test_a_scenario_is_checked_as_a_save_and_a_refused_one_changes_nothing():
    """protocol: a position set up by hand (scenario, arrange) is checked as a save is; an impossible
    one raises ValueError and leaves the state exactly as it was."""
    from gamekit.catan.base import scenario

    state = scenario(4, board="beginner", turn=2, cities=[(2, 12)], roads=[(2, 0)], hands={2: {"ore": 3}})
    assert state.current_player == 2 and state.phase == "main" and state.victory_points(2) == 2
    assert state.hands[2] == [0, 0, 0, 0, 3] and state.bank[4] == 19 - 3
    before = state.to_json()
    for bad in ({"settlements": [(0, state.topo.node_nodes[12][0])]},  # beside the city: the distance rule
                {"ships": [(0, 0)]},  # the base game has no ships
                {"hands": {0: {"ore": 17}}},  # the bank holds 16 ore
                {"phase": "nowhere"}):
        with pytest.raises(ValueError):
            state.arrange(**bad)
        assert state.to_json() == before
