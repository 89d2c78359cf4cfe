"""The board (rule catan-board): geometry derived from cube coordinates, number tokens, harbours."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from gamekit.catan.board import (
    DIRECTIONS,
    STANDARD_HEXES,
    STANDARD_NUMBERS,
    STANDARD_TERRAINS,
    Board,
    Topology,
    beginner_board,
    random_board,
    standard_board,
    topology,
)
from gamekit.rng import Rng


def test_standard_board_counts():
    """catan-board: 19 hexes, 54 intersections, 72 edges."""
    topo = topology(STANDARD_HEXES)
    assert len(topo.hexes) == 19
    assert len(topo.nodes) == 54
    assert len(topo.edges) == 72
    assert all(sum(h) == 0 for h in topo.hexes)


def test_adjacency_counts():
    topo = topology(STANDARD_HEXES)
    # Intersections touch 1, 2 or 3 land hexes: 18 + 12 + 24 on the standard board.
    assert Counter(len(h) for h in topo.node_hexes) == {1: 18, 2: 12, 3: 24}
    # Each intersection has 2 or 3 neighbours (coast / inland), each hex 6 corners and 6 sides.
    assert Counter(len(n) for n in topo.node_nodes) == {2: 18, 3: 36}
    assert all(len(set(ns)) == 6 for ns in topo.hex_nodes)
    assert all(len(set(es)) == 6 for es in topo.hex_edges)
    assert sum(len(e) for e in topo.node_edges) == 2 * 72
    # Hex neighbours: the centre has 6, the corner hexes 3.
    assert Counter(len(n) for n in topo.hex_neighbours) == {6: 7, 4: 6, 3: 6}
    # An edge's two ends are neighbours, and both are corners of every hex beside it.
    for e, (a, b) in enumerate(topo.edge_nodes):
        assert b in topo.node_nodes[a]
        for h in topo.edge_hexes[e]:
            assert a in topo.hex_nodes[h] and b in topo.hex_nodes[h]
    # Every intersection has three slots around it; the listed ones are its hexes.
    for v, slots in enumerate(topo.node_slots):
        assert len(slots) == 3
        assert sorted(h for h in slots if h >= 0) == list(topo.node_hexes[v])


def test_ids_are_stable_and_in_reading_order():
    a, b = Topology(STANDARD_HEXES), Topology(STANDARD_HEXES)
    assert a.nodes == b.nodes and a.edges == b.edges
    ys = [y for _, y in a.node_xy]
    assert ys == sorted(ys)
    assert topology(STANDARD_HEXES) is topology(STANDARD_HEXES)  # derived once


def test_coast_and_harbours():
    """catan-harbour-trade: nine harbours, all on the coast, no two sharing an intersection."""
    topo = topology(STANDARD_HEXES)
    coast = topo.coastal_edges()
    assert len(coast) == 30
    for board in (beginner_board(), random_board(Rng(5))):
        assert len(board.harbours) == 9
        assert Counter(board.harbours.values()) == {"3:1": 4, "brick": 1, "lumber": 1, "wool": 1, "grain": 1, "ore": 1}
        for e in board.harbours:
            assert e in coast and len(topo.edge_hexes[e]) == 1
        assert len(board.node_harbour) == 18


def test_harbour_off_the_coast_is_refused():
    topo = topology(STANDARD_HEXES)
    inland = next(e for e, hs in enumerate(topo.edge_hexes) if len(hs) == 2)
    with pytest.raises(ValueError, match="coast"):
        Board(STANDARD_HEXES, STANDARD_TERRAINS, [None if t == "desert" else 5 for t in STANDARD_TERRAINS],
              [(inland, "3:1")])


def test_random_board_tokens_and_seed():
    b1, b2 = random_board(Rng(11)), random_board(Rng(11))
    assert b1 == b2
    assert sorted(b1.terrain) == sorted(STANDARD_TERRAINS)
    assert sorted(n for n in b1.numbers if n) == sorted(STANDARD_NUMBERS)
    desert = b1.desert()
    assert b1.numbers[desert] is None
    assert any(random_board(Rng(s)).terrain != b1.terrain for s in range(3))


def test_random_board_red_numbers_apart():
    topo = topology(STANDARD_HEXES)
    for seed in range(40):
        b = random_board(Rng(seed))
        red = [h for h, n in enumerate(b.numbers) if n in (6, 8)]
        assert not any(nb in red for h in red for nb in topo.hex_neighbours[h])


def test_board_set_by_hand_and_round_trip():
    b = beginner_board()
    assert b.terrain[0] == "mountains" and b.numbers[0] == 10 and b.terrain[9] == "desert"
    assert Board.from_data(b.to_data()) == b
    coast = topology(STANDARD_HEXES).coastal_edges()
    kinds = [b.harbours[coast[i]] for i in (0, 3, 6, 10, 13, 16, 20, 23, 26)]
    assert standard_board(b.terrain, b.numbers, kinds) == b
    with pytest.raises(ValueError):
        standard_board(b.terrain[:-1] + ("desert",), b.numbers[:-1] + (5,), ["3:1"] * 9)


def test_a_restored_board_is_built_once_and_still_checked():
    """Restoring the same board twice gives the one board built the first time (boards never change);
    a malformed board is refused however often it comes, even when it equals a cached one to Python
    (``True == 1``)."""
    data = random_board(Rng(77)).to_data()
    first = Board.from_data(data)
    assert Board.from_data(json.loads(json.dumps(data))) is first
    bad = json.loads(json.dumps(data))
    bad["hexes"][0][4] = 7
    for _ in range(2):
        with pytest.raises(ValueError, match="number token"):
            Board.from_data(bad)
    truthy = json.loads(json.dumps(data))
    row = next(row for row in truthy["hexes"] if row[0] == 1)
    row[0] = True  # equal to 1, and so to the cached board's key
    with pytest.raises(ValueError, match="true or false"):
        Board.from_data(truthy)
    unhashable = json.loads(json.dumps(data))
    unhashable["hexes"][0][3] = ["forest"]
    with pytest.raises(ValueError, match="numbers and names"):
        Board.from_data(unhashable)


def test_sea_hexes_extend_the_topology():
    """The Trade Feud scenario adds sea hexes: the same derivation gives its intersections and edges."""
    ring3 = [h for h in _radius(3) if max(map(abs, h)) == 3]
    hexes = list(STANDARD_HEXES) + ring3
    topo = topology(tuple(hexes))
    assert len(topo.hexes) == 37
    terrain = list(STANDARD_TERRAINS) + ["sea"] * len(ring3)
    numbers = [None if t in ("desert", "sea") else 5 for t in terrain]
    board = Board(hexes, terrain, numbers)
    assert len(board.land_hexes) == 19
    # The old coast is now between land and listed sea hexes.
    assert sum(1 for hs in topo.edge_hexes if len(hs) == 2 and (hs[0] < 19) != (hs[1] < 19)) == 30


def _radius(n):
    return [(q, r, -q - r) for q in range(-n, n + 1) for r in range(-n, n + 1) if abs(q + r) <= n]


def test_directions_are_unit_steps():
    assert len(set(DIRECTIONS)) == 6 and all(sum(d) == 0 and sorted(map(abs, d)) == [0, 1, 1] for d in DIRECTIONS)


def test_board_svg():
    svg = beginner_board()._repr_svg_()
    assert svg.startswith("<svg") and svg.count("<polygon") >= 19


def test_custom_board_option():
    """catan-board: a game on a board set by hand (the setting board='custom')."""
    import gamekit

    b = beginner_board()
    coast = topology(STANDARD_HEXES).coastal_edges()
    kinds = tuple(b.harbours[coast[i]] for i in (0, 3, 6, 10, 13, 16, 20, 23, 26))
    layout = tuple(zip(reversed(b.terrain), reversed(b.numbers)))
    game = gamekit.game("factories")
    state = game.new(players=3, seed=0, board="custom", custom_layout=layout, custom_harbours=kinds)
    assert state.board.terrain == tuple(reversed(b.terrain)) and state.robber == 9
    assert game.from_json(state.to_json()).to_json() == state.to_json()
    with pytest.raises(ValueError):
        game.new(players=3, board="custom", custom_layout=layout[:-1], custom_harbours=kinds)
    with pytest.raises(ValueError):
        game.new(players=3, custom_layout=layout)
