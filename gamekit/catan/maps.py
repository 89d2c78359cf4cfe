"""Maps with sea for the Seafarers layer and the Trade Feud scenario, shipped as data.

The scenario's own map ("Bauen Sie das Szenario wie abgebildet auf") is missing from the text, so
:data:`ISLANDS` is ours: three islands in a sea, 10 land hexes (two of each terrain, no desert: the
robber is out of play in Trade Feud), every land hex on a coast, a ring of sea around them, and the
pirate's start hex marked. Two islands are rows of three hexes; the west island has four, three of
which meet at an inner intersection (no settlement may be founded there in Trade Feud). There is
room for four players' three settlements each on the coasts under the distance rule.

Hexes are axial ``(q, r)`` (the cube coordinate's ``s`` is ``-q - r``), as in :mod:`gamekit.catan.board`.

>>> board = islands_board()
>>> len(board.land_hexes), len(board.sea_hexes), board.desert() is None
(10, 27, True)
"""

from __future__ import annotations

from .board import DIRECTIONS, Board

__all__ = ["ISLANDS", "ISLANDS_HARBOURS", "ISLANDS_PIRATE", "islands_board", "pirate_start"]

#: The land hexes of the island map: (q, r, terrain, number token).
ISLANDS: tuple[tuple[int, int, str, int], ...] = (
    (0, -2, "forest", 6), (1, -2, "pasture", 3), (2, -2, "hills", 10),     # the north island
    (2, 0, "fields", 9), (1, 1, "mountains", 5), (0, 2, "forest", 4),      # the south-east island
    (-2, 2, "hills", 11), (-2, 1, "fields", 8), (-2, 0, "pasture", 10),    # the west island ...
    (-1, 0, "mountains", 9),                                               # ... with an inner intersection
)  # fmt: skip

#: Harbours: (land hex q, r, direction index into DIRECTIONS towards the sea, kind).
ISLANDS_HARBOURS: tuple[tuple[int, int, int, str], ...] = (
    (1, -2, 4, "3:1"), (1, 1, 0, "ore"), (-2, 1, 3, "3:1"), (-1, 0, 0, "wool"),
)

#: The pirate's start hex (the sea hex "marked with a black ship"): between the north and the west island.
ISLANDS_PIRATE: tuple[int, int] = (-1, -1)

_RADIUS = 3  # the land lies within radius 2; radius 3 is the sea around it


def _cube(q: int, r: int) -> tuple[int, int, int]:
    return (q, r, -q - r)


def islands_board() -> Board:
    """The island map as a :class:`~gamekit.catan.board.Board`: land and sea hexes listed."""
    land = {_cube(q, r): (t, n) for q, r, t, n in ISLANDS}
    hexes, terrain, numbers = [], [], []
    for r in range(-_RADIUS, _RADIUS + 1):
        for q in range(-_RADIUS, _RADIUS + 1):
            h = _cube(q, r)
            if max(map(abs, h)) <= _RADIUS:
                hexes.append(h)
                t, n = land.get(h, ("sea", None))
                terrain.append(t)
                numbers.append(n)
    board = Board(hexes, terrain, numbers)
    topo = board.topology
    harbours = []
    for q, r, d, kind in ISLANDS_HARBOURS:
        a = _cube(q, r)
        b = tuple(x + y for x, y in zip(a, DIRECTIONS[d]))
        harbours.append((topo.edge_index[frozenset((a, b))], kind))
    return Board(hexes, terrain, numbers, harbours)


def pirate_start(board: Board) -> int:
    """The hex id of :data:`ISLANDS_PIRATE` on ``board``."""
    return board.topology.hex_index[_cube(*ISLANDS_PIRATE)]
