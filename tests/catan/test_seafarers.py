"""The Seafarers layer (seafarers-*) on the island map: sea, ships, moving ships, the pirate, Longest
Trade Route; random games end; saves round-trip; illegal actions name their rule and change nothing.

Positions: on the island map (gamekit.catan.maps) hex 5 is the north island's forest; intersection 10 is
its top corner (one land hex, two sea hexes); the pirate starts on sea hex 10.
"""

from __future__ import annotations

import json

import pytest
from catan_helpers import give, put, road, seafarers_main, ships
from helpers import expect_illegal

import gamekit
from gamekit import InvalidSave
from gamekit.catan.actions import BuildRoad, BuildSettlement, BuildShip, MovePirate, MoveRobber, MoveShip
from gamekit.catan.playout import playout, random_policy
from gamekit.catan.seafarers import SEAFARERS, SeafarersOptions
from gamekit.rng import Rng

TOP = 10  # the north island's top corner


def sea_path(state, start, length):
    """Edges of a path of ``length`` sea-only edges (two sea hexes beside) from intersection ``start``."""
    topo, board = state.topo, state.board
    path, node, seen = [], start, {start}
    while len(path) < length:
        e = next(f for f in topo.node_edges[node] if not board.land_edge[f] and f not in path
                 and topo.edge_other[f][node] not in seen and f not in topo.hex_edges[state.pirate])
        path.append(e)
        node = topo.edge_other[e][node]
        seen.add(node)
    return path, node


def coast_path(state, start, length):
    """Edges of a path of ``length`` coast edges (land on one side, sea on the other) from ``start``."""
    topo, board = state.topo, state.board
    path, node, seen = [], start, {start}
    while len(path) < length:
        e = next(f for f in topo.node_edges[node] if board.land_edge[f] and board.sea_edge[f]
                 and topo.edge_other[f][node] not in seen)
        path.append(e)
        node = topo.edge_other[e][node]
        seen.add(node)
    return path, node


def test_seafarers_sea_produces_nothing_and_edges_take_one_piece():
    """seafarers-sea: sea hexes have no resource; a coast edge takes a road or a ship, never both; no
    road between two sea hexes."""
    state = seafarers_main()
    board, topo = state.board, state.topo
    assert all(board.hex_resource[h] == -1 and board.numbers[h] is None for h in board.sea_hexes)
    put(state, 0, TOP)
    coast = [e for e in topo.node_edges[TOP] if board.land_edge[e] and board.sea_edge[e]]
    sea_only = [e for e in topo.node_edges[TOP] if not board.land_edge[e]]
    assert len(coast) == 2 and len(sea_only) == 1
    give(state, 0, brick=2, lumber=3, wool=1)
    state.apply(BuildShip(coast[0]))
    expect_illegal(state, BuildRoad(coast[0]), "seafarers-sea")
    state.apply(BuildRoad(coast[1]))
    expect_illegal(state, BuildShip(coast[1]), "seafarers-ship")
    expect_illegal(state, BuildRoad(sea_only[0]), "catan-road")
    inland = next(e for h in board.land_hexes for e in topo.hex_edges[h] if not board.sea_edge[e])
    expect_illegal(state, BuildShip(inland), "seafarers-sea")


def test_seafarers_ship_cost_and_connection():
    """seafarers-ship: 1 lumber + 1 wool; from an own settlement or ship, not from a road's end; a
    settlement may be built where an own ship arrives."""
    state = seafarers_main()
    put(state, 0, TOP)
    (first, second, third), end = sea_path(state, TOP, 3)
    expect_illegal(state, BuildShip(first), "catan-building-costs")
    give(state, 0, lumber=3, wool=3)
    assert BuildShip(first) in state.legal_actions()
    expect_illegal(state, BuildShip(second), "seafarers-ship")
    state.apply(BuildShip(first))
    assert state.hands[0] == [0, 2, 2, 0, 0]
    state.apply(BuildShip(second)).apply(BuildShip(third))
    assert state.ships[0] == [first, second, third]
    assert state.pieces_left(0)["ship"] == 12
    # another player's building at a ship's end stops the route there
    state2 = seafarers_main()
    state2.pirate = state2.board.sea_hexes[-1]  # far away
    put(state2, 0, TOP)
    (c1, c2), far = coast_path(state2, TOP, 2)
    ships(state2, 0, c1, c2)
    beyond = [e for e in state2.topo.node_edges[far] if e != c2 and state2.board.sea_edge[e]]
    give(state2, 0, lumber=1, wool=1)
    assert beyond and all(BuildShip(e) in state2.legal_actions() for e in beyond)
    put(state2, 1, far)
    for e in beyond:
        expect_illegal(state2, BuildShip(e), "seafarers-ship")


def test_seafarers_settlement_reached_by_ship():
    """seafarers-ship: an intersection reached by an own ship is a building site."""
    state = seafarers_main()
    put(state, 0, TOP)
    path, end = coast_path(state, TOP, 2)
    ships(state, 0, *path)
    assert state.building_sites(0) == [end]
    give(state, 0, brick=1, lumber=1, wool=1, grain=1)
    state.apply(BuildSettlement(end))
    assert state.node_owner[end] == 0 and state.victory_points(0) == 2


def test_seafarers_moving_the_end_ship_once_per_turn():
    """seafarers-moving: only a ship ending an open route, not one built this turn, once per turn; a
    ship between two own settlements (a closed route) stays."""
    state = seafarers_main()
    put(state, 0, TOP)
    (first, second), end = sea_path(state, TOP, 2)
    ships(state, 0, first, second)
    assert state.movable_ships(0) == [second]
    expect_illegal(state, MoveShip(first, second), "seafarers-moving")
    targets = [a.to for a in state.legal_actions() if isinstance(a, MoveShip) and a.edge == second]
    assert targets and first not in targets and second not in targets
    to = targets[0]
    assert MoveShip(second, to) in state.legal_actions()
    state.apply(MoveShip(second, to))
    assert state.ship_owner[to] == 0 and state.ship_owner[second] == -1
    expect_illegal(state, MoveShip(to, second), "seafarers-moving")
    state.apply("end turn")
    state.arrange(turn=0, phase="main")
    state.ship_moved = False
    give(state, 0, lumber=1, wool=1)
    built = next(e for e in state.ship_sites(0) if e not in (to,))
    state.apply(BuildShip(built))
    if built in state.movable_ships(0) or built not in state.new_ships:
        raise AssertionError("a ship built this turn is not movable")
    expect_illegal(state, MoveShip(built, second), "seafarers-moving")


def test_seafarers_closed_route_ships_do_not_move():
    """seafarers-moving: ships between two own settlements form a closed route and stay."""
    state = seafarers_main()
    put(state, 0, TOP)
    (first, second), end = coast_path(state, TOP, 2)
    ships(state, 0, first, second)
    assert state.movable_ships(0) == [second]
    put(state, 0, end)
    assert state.movable_ships(0) == []
    expect_illegal(state, MoveShip(second, sea_path(state, TOP, 1)[0][0]), "seafarers-moving")


def test_seafarers_pirate_steals_from_ships_and_blocks_its_edges():
    """seafarers-pirate: on a 7 the pirate moves to a sea hex and steals from a player with a ship
    there; ships are neither built nor moved on its edges; the robber may be out of play."""
    state = seafarers_main(robber_in_play=False)
    topo = state.topo
    put(state, 1, TOP)
    (first,), _ = sea_path(state, TOP, 1)
    ships(state, 1, first)
    target = next(h for h in topo.edge_hexes[first] if h in state.board.sea_hexes)
    give(state, 1, ore=1)
    state.phase, state.resume = "robber", "main"
    assert all(isinstance(a, MovePirate) for a in state.legal_actions())
    expect_illegal(state, MoveRobber(5, -1), "seafarers-pirate")
    expect_illegal(state, MovePirate(target, -1), "seafarers-pirate")
    expect_illegal(state, MovePirate(5, 1), "seafarers-pirate")  # a land hex
    state.apply(MovePirate(target, 1))
    assert state.hands[0][4] == 1 and state.pirate == target and state.log[-1]["chance"]
    # the pirate's edges: no ship built or moved there
    state.arrange(turn=1)
    give(state, 1, lumber=1, wool=1)
    blocked = [e for e in topo.hex_edges[target] if TOP in topo.edge_nodes[e] and state.ship_owner[e] == -1
               and state.edge_owner[e] == -1]  # free sea edges at player 1's settlement: buildable but for the pirate
    assert blocked
    for e in topo.hex_edges[target]:
        assert BuildShip(e) not in state.legal_actions()
    expect_illegal(state, BuildShip(blocked[0]), "seafarers-pirate")
    expect_illegal(state, MoveShip(first, first), "seafarers-pirate")
    state.pirate = state.board.sea_hexes[-1]  # far away
    assert BuildShip(blocked[0]) in state.legal_actions()


def test_seafarers_trade_route_joins_roads_and_ships_at_own_buildings():
    """seafarers-trade-route: roads and ships count together only through an own settlement or city;
    five pieces take Longest Trade Route (2 points)."""
    state = seafarers_main()
    topo, board = state.topo, state.board
    put(state, 0, TOP)
    (s1, s2, s3), _ = sea_path(state, TOP, 3)
    ships(state, 0, s1, s2, s3)
    coast = [e for e in topo.node_edges[TOP] if board.land_edge[e]]
    r1 = coast[0]
    nxt = topo.edge_other[r1][TOP]
    r2 = next(e for e in topo.node_edges[nxt] if e != r1 and board.land_edge[e] and state.ship_owner[e] == -1)
    road(state, 0, r1, r2)
    assert state.road_length[0] == 5 and state.longest_road == 0
    assert state.victory_points(0) == 1 + 2
    # without the settlement where road and ship meet, they do not join
    bare = seafarers_main()
    ships(bare, 0, s1, s2, s3)
    road(bare, 0, r1, r2)
    assert bare.road_length[0] == 3 and bare.longest_road == -1



def _longest_trail(topo, node_owner, owners, player, pieces):
    """seafarers-trade-route by its definition: every path of the player's pieces, from every intersection,
    piece by piece (kinds change only at an own building; another player's building ends a path)."""
    kind = {}
    for e in pieces:
        for k, owner in enumerate(owners):
            if owner[e] == player:
                kind[e] = k

    def walk(node, used, k):
        if node_owner[node] not in (-1, player) and used:
            return len(used)
        best = len(used)
        for e in topo.node_edges[node]:
            if e in kind and e not in used and (not used or node_owner[node] == player or kind[e] == k):
                best = max(best, walk(topo.edge_other[e][node], used | {e}, kind[e]))
        return best

    return max([walk(v, frozenset(), -1) for v in range(len(node_owner))], default=0)


def test_seafarers_trade_route_is_the_longest_path_piece_by_piece():
    """seafarers-trade-route: the search that walks lines of one kind whole (roads.longest_route) finds the
    longest path the definition finds piece by piece, in 1,200 random positions of up to 12 pieces of each
    of three players, roads and ships, with buildings (loops, branches, lines broken by other buildings)."""
    from gamekit.catan.roads import longest_route

    state = seafarers_main()
    topo = state.topo
    rng = Rng(21)
    edges, nodes = len(topo.edges), len(topo.nodes)
    compared = 0
    for _ in range(400):
        dense = rng.randbelow(100)
        roads, boats, owner = [-1] * edges, [-1] * edges, [-1] * nodes
        for e in range(edges):
            roll = rng.randbelow(200)
            if roll < dense:
                roads[e] = rng.randbelow(3)
            elif roll < 2 * dense:
                boats[e] = rng.randbelow(3)
        for v in range(nodes):
            if rng.randbelow(100) < dense // 6:
                owner[v] = rng.randbelow(3)
        for p in range(3):
            mine = ([e for e in range(edges) if roads[e] == p][:12] + [e for e in range(edges) if boats[e] == p][:12])
            assert longest_route(topo, owner, (roads, boats), p, mine) == _longest_trail(topo, owner, (roads, boats), p, mine)
            compared += 1
    assert compared == 1200
    # a closed loop without a building: six ships round a hex make a route of 6, with a seventh ship off it 7
    roads, boats, owner = [-1] * edges, [-1] * edges, [-1] * nodes
    ring = list(topo.hex_edges[state.pirate])
    for e in ring:
        boats[e] = 0
    assert longest_route(topo, owner, (roads, boats), 0, ring) == 6
    corner = topo.edge_nodes[ring[0]][0]
    tail = next(e for e in topo.node_edges[corner] if e not in ring)
    boats[tail] = 0
    assert longest_route(topo, owner, (roads, boats), 0, ring + [tail]) == 7


def test_seafarers_trade_route_kept_after_each_piece_is_the_full_count():
    """seafarers-trade-route: the length kept after a ship or road is built (the longer of the route before
    and the longest path along the new piece where an end of it is a dead end) or a ship moved (its path
    where it was and where it goes, compared with the route before) is the full count, after every such
    action of 12 seeded uniform random Trade Feud games."""
    changed = 0
    for seed in range(12):
        game = gamekit.game("trade-feud").new(players=3 + seed % 2, seed=seed)
        rng = Rng(300 + seed)
        while not game.is_over() and len(game.log) < 3000:
            actions = game.legal_actions()
            action = actions[rng.randbelow(len(actions))]
            game.apply(action)
            if type(action) in (BuildShip, MoveShip, BuildRoad):
                changed += 1
                assert game.road_length == [game.longest_road_of(p) for p in range(game.players)]
    assert changed > 1000


def test_counts_at_intersections_kept_as_pieces_change_are_the_counts_of_the_map():
    """seafarers-ship, seafarers-moving: the pieces at each intersection, each player's ships ending there and
    the one ship where only one ends (what the ship rules read, kept as roads and ships are placed, moved and sent back by a trade connection)
    are after every such action the counts made afresh from the map, along seeded uniform random games of
    the Seafarers layer and of Trade Feud; so are a clone's and a restored save's."""
    from gamekit.catan.trade_feud import TRADE_FEUD

    changed = connected = 0
    for seed in range(8):
        game = (SEAFARERS if seed % 2 else TRADE_FEUD).new(players=3 + seed % 2, seed=seed)
        rng = Rng(700 + seed)
        while not game.is_over() and len(game.log) < 2500:
            actions = game.legal_actions()
            action = actions[rng.randbelow(len(actions))]
            connections = len(getattr(game, "connections", ()))
            game.apply(action)
            if type(action) in (BuildShip, MoveShip, BuildRoad):
                changed += 1
                connected += len(getattr(game, "connections", ())) > connections
                fresh = game.clone()
                fresh.count_pieces()
                assert (game._busy, game._ship_at, game._lone_ship) == (fresh._busy, fresh._ship_at, fresh._lone_ship), (
                    seed, len(game.log))
        for other in (game.clone(), game.game.from_json(game.to_json())):
            assert (other._busy, other._ship_at, other._lone_ship) == (game._busy, game._ship_at, game._lone_ship)
    assert changed > 1000 and connected > 0


def test_seafarers_trade_route_from_an_end():
    """seafarers-trade-route: the longest path from an intersection (roads.longest_route_from) changes kind
    only at an own building: three ships in a line from a settlement, a road on the other side of it."""
    from gamekit.catan.roads import longest_route_from

    state = seafarers_main()
    topo = state.topo
    put(state, 0, TOP)
    (s1, s2, s3), _ = sea_path(state, TOP, 3)
    ships(state, 0, s1, s2, s3)
    owners = (state.edge_owner, state.ship_owner)
    far = topo.edge_other[s3][topo.edge_other[s2][topo.edge_other[s1][TOP]]]
    assert longest_route_from(topo, state.node_owner, owners, 0, far, 1) == 3
    assert longest_route_from(topo, state.node_owner, owners, 0, far, 1, s3) == 0
    assert longest_route_from(topo, state.node_owner, owners, 0, far, 0) == 0  # come by road: no ship follows


def test_setup_piece_may_be_a_ship():
    """catan-setup with seafarers-ship: the piece next to a setup settlement is a road or a ship."""
    state = SEAFARERS.new(players=3, seed=2)
    state.apply(BuildSettlement(TOP))
    kinds = {type(a) for a in state.legal_actions()}
    assert kinds == {BuildRoad, BuildShip}
    (first,), _ = sea_path(state, TOP, 1)
    state.apply(BuildShip(first))
    assert state.ship_owner[first] == 0 and state.current_player == 1


def test_random_seafarers_games_end_and_keep_the_rules():
    """Seeded games (robber in play or not) end; every ship on a free sea edge, no edge with two pieces,
    resources conserved; saves round-trip and go on identically."""
    for seed in range(40):
        state = SEAFARERS.new(players=3 + seed % 2, seed=seed, robber_in_play=bool(seed % 2))
        rng = Rng(seed)
        steps = 0
        while not state.is_over() and steps < 5000:
            state.apply(random_policy(state, rng))
            steps += 1
            if steps % 50 == 0:
                for e, p in enumerate(state.ship_owner):
                    assert p == -1 or (state.board.sea_edge[e] and state.edge_owner[e] == -1)
                assert all(state.bank[r] + sum(h[r] for h in state.hands) == 19 for r in range(5))
        assert state.is_over(), seed
        if seed % 10 == 0:
            assert SEAFARERS.from_json(state.to_json()).to_json() == state.to_json()


def test_check_agrees_with_legal_actions_for_ships_and_the_pirate():
    state = SEAFARERS.new(players=4, seed=5)
    rng = Rng(5)
    step = 0
    topo = state.topo
    while not state.is_over() and step < 3000:
        if step % 13 == 0 and state.phase in ("main", "robber", "setup", "road_building"):
            legal = set(state.legal_actions())
            pool = [BuildShip(e) for e in range(len(topo.edges))]
            pool += [MovePirate(h, q) for h in state.board.sea_hexes for q in range(-1, 4)]
            pool += [MoveShip(e, f) for e in state.ships[state.turn] for f in range(len(topo.edges))]
            for action in pool:
                ok = state.refusal(action) is None
                assert ok == (action in legal), (state.phase, action)
        state.apply(random_policy(state, rng))
        step += 1
    assert state.is_over()


def test_malformed_seafarers_saves_are_refused():
    state = SEAFARERS.new(players=3, seed=4)
    playout(state, Rng(4), 300)
    data = json.loads(state.to_json())
    land = state.board.land_hexes[0]
    inland = next(e for e in range(len(state.topo.edges)) if not state.board.sea_edge[e])
    for key, value in (("pirate", land), ("ship_moved", 1), ("new_ships", [inland])):
        broken = json.loads(json.dumps(data))
        broken["state"][key] = value
        with pytest.raises(InvalidSave):
            SEAFARERS.from_data(broken)
    broken = json.loads(json.dumps(data))
    broken["state"]["ship_owner"][inland] = 0
    with pytest.raises(InvalidSave):
        SEAFARERS.from_data(broken)


def test_a_setting_of_the_random_board_is_refused_on_the_fixed_island_map():
    """seafarers-sea: the island map is fixed, so the base game's red_numbers_apart (which reshuffles
    a random board) cannot be turned off; other boards are refused too."""
    with pytest.raises(ValueError, match="island map is fixed"):
        SeafarersOptions(red_numbers_apart=False)
    game = gamekit.game("trade-feud")
    with pytest.raises(ValueError, match="island map is fixed"):
        game.new(players=3, seed=1, red_numbers_apart=False)
    with pytest.raises(ValueError):
        game.new(players=3, seed=1, board="random")
    assert game.new(players=3, seed=1).options.red_numbers_apart


def test_pirate_moves_rob_the_players_with_a_ship_on_an_edge_of_the_hex():
    """seafarers-pirate: along uniform random games (the Seafarers layer with the robber out, and Trade Feud;
    4 players, seeds 0-1, 3,000 actions each), every list of the pirate's moves is, for each sea hex but the
    pirate's in the map's order, a move robbing each other player with a card and a ship on an edge of that
    hex (asked edge by edge), or one move robbing nobody (181 lists); pirate_victims says the same of each hex."""
    asked = 0
    for game, options in ((SEAFARERS, {"robber_in_play": False}), (gamekit.game("trade-feud"), {})):
        for seed in range(2):
            state = game.new(players=4, seed=seed, **options)
            rng = Rng(60 + seed)
            for _ in range(3000):
                if state.is_over():
                    break
                if state.phase == "robber":
                    p, ship_owner, hex_edges = state.turn, state.ship_owner, state.topo.hex_edges
                    expected = []
                    for h in state.board.sea_hexes:
                        victims = sorted({ship_owner[e] for e in hex_edges[h] if ship_owner[e] not in (-1, p) and any(state.hands[ship_owner[e]])})
                        assert state.pirate_victims(p, h) == victims
                        if h != state.pirate:
                            expected += [MovePirate(h, q) for q in victims] or [MovePirate(h, -1)]
                    assert state.legal_actions() == expected
                    asked += 1
                state.apply(random_policy(state, rng))
    assert asked == 181  # lists checked
