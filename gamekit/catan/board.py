"""The Catan board: hexes in cube coordinates, intersections and edges derived once from the layout.

Rule ``catan-board`` (in our own words): the island is made of terrain hexes. Each land hex
except the desert carries a number token 2-12 (no 7); a hex produces its resource when the dice
sum shows its number. Buildings stand on *intersections* (the corners where up to three hexes
meet), roads on *edges* (the sides between two hexes). Harbours lie on coastal edges; a player
with a settlement or city on either end of a harbour's edge trades at its rate.

Geometry (after catanatron's ``coordinate_system``): a hex is a cube coordinate ``(q, r, s)``
with ``q + r + s == 0``; hexes are pointy-topped. The six neighbour directions, clockwise from
east, are :data:`DIRECTIONS`. An intersection is *the set of the three hexes around it* (some of
them may be sea or off the board), an edge *the set of the two hexes on either side*; these keys
are derived once by :class:`Topology` from the list of hexes and numbered in reading order (top
to bottom, left to right), so every id is stable for a given layout.

The standard board (:func:`standard_board`, :func:`beginner_board`) lists the 19 land hexes
only: the sea around them is implied. The Trade Feud scenario builds a :class:`Topology` from
land *and* sea hexes (``terrain == "sea"``) and reuses everything here.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import Any

from ..rng import Rng
from ..validation import is_integer
from . import RESOURCES

__all__ = [
    "Cube",
    "DIRECTIONS",
    "TERRAINS",
    "TERRAIN_RESOURCE",
    "HARBOUR_KINDS",
    "STANDARD_HEXES",
    "STANDARD_TERRAINS",
    "STANDARD_NUMBERS",
    "STANDARD_HARBOURS",
    "Topology",
    "Board",
    "topology",
    "standard_board",
    "beginner_board",
    "random_board",
]

Cube = tuple[int, int, int]

#: Neighbour directions of a pointy-topped hex, clockwise from east (y grows downwards).
DIRECTIONS: tuple[Cube, ...] = ((1, 0, -1), (0, 1, -1), (-1, 1, 0), (-1, 0, 1), (0, -1, 1), (1, -1, 0))

#: Terrain hex kinds and what they produce (rule ``catan-production``); the desert and the sea nothing.
TERRAIN_RESOURCE: dict[str, str | None] = {
    "hills": "brick",
    "forest": "lumber",
    "pasture": "wool",
    "fields": "grain",
    "mountains": "ore",
    "desert": None,
    "sea": None,
}
TERRAINS: tuple[str, ...] = tuple(TERRAIN_RESOURCE)

#: Harbour kinds: "3:1" trades any three equal cards, a resource name trades two of that resource.
HARBOUR_KINDS: tuple[str, ...] = ("3:1",) + RESOURCES

SQRT3 = math.sqrt(3.0)


def _add(a: Cube, b: Cube) -> Cube:
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2])


def hex_centre(h: Cube, size: float = 1.0) -> tuple[float, float]:
    """The centre of hex ``h`` in the plane (pointy-topped, y downwards)."""
    q, r, _ = h
    return (size * SQRT3 * (q + r / 2), size * 1.5 * r)


def hex_corner(h: Cube, k: int, size: float = 1.0) -> tuple[float, float]:
    """Corner ``k`` of hex ``h``: the corner between neighbour directions ``k`` and ``k+1``."""
    cx, cy = hex_centre(h, size)
    a = math.radians(30 + 60 * k)
    return (cx + size * math.cos(a), cy + size * math.sin(a))


class Topology:
    """Intersections, edges and their adjacencies, derived once from a list of hexes.

    Attributes (all tuples, indexed by id):

    * ``hexes``: the cube coordinates, in the given order; ``hex_index`` maps back;
    * ``nodes``: each intersection's key (a frozenset of three hex coordinates); ``node_xy`` its
      position for a hex of size 1;
    * ``edges``: each edge's key (a frozenset of two hex coordinates); ``edge_nodes`` its two ends;
    * ``node_nodes``, ``node_edges``: the neighbouring intersections and edges of an intersection;
    * ``node_hexes``: the listed hexes around an intersection (ids); ``node_slots``: the three hexes
      around it clockwise, as hex ids or -1 where none is listed (a factory's holes face these);
    * ``hex_nodes``, ``hex_edges``: the six corners / sides of a hex, clockwise from the corner at
      the lower right;
    * ``edge_hexes``: the listed hexes beside an edge (one for a coastal edge of the standard board).
    """

    def __init__(self, hexes: Sequence[Cube]) -> None:
        hexes = tuple(tuple(h) for h in hexes)  # type: ignore[misc]
        for h in hexes:
            if len(h) != 3 or sum(h) != 0 or not all(isinstance(c, int) for c in h):
                raise ValueError(f"a hex is a cube coordinate (q, r, s) with q + r + s == 0, not {h!r}")
        if len(set(hexes)) != len(hexes):
            raise ValueError("a hex is listed twice")
        self.hexes: tuple[Cube, ...] = hexes
        self.hex_index: dict[Cube, int] = {h: i for i, h in enumerate(hexes)}

        node_keys: dict[frozenset, tuple[float, float]] = {}
        edge_keys: dict[frozenset, tuple[frozenset, frozenset]] = {}
        corner_keys: list[list[frozenset]] = []
        side_keys: list[list[frozenset]] = []
        for h in hexes:
            corners = []
            for k in range(6):
                key = frozenset((h, _add(h, DIRECTIONS[k]), _add(h, DIRECTIONS[(k + 1) % 6])))
                if key not in node_keys:
                    xs = [hex_centre(c) for c in key]
                    node_keys[key] = (sum(x for x, _ in xs) / 3, sum(y for _, y in xs) / 3)
                corners.append(key)
            corner_keys.append(corners)
            sides = []
            for k in range(6):
                key = frozenset((h, _add(h, DIRECTIONS[k])))
                # The side towards direction k runs from corner k-1 to corner k.
                edge_keys.setdefault(key, (corners[(k - 1) % 6], corners[k]))
                sides.append(key)
            side_keys.append(sides)

        def reading(xy: tuple[float, float]) -> tuple[float, float]:
            return (round(xy[1], 6), round(xy[0], 6))

        nodes = sorted(node_keys, key=lambda key: reading(node_keys[key]))
        node_id = {key: i for i, key in enumerate(nodes)}

        def edge_mid(key: frozenset) -> tuple[float, float]:
            a, b = edge_keys[key]
            (ax, ay), (bx, by) = node_keys[a], node_keys[b]
            return ((ax + bx) / 2, (ay + by) / 2)

        edges = sorted(edge_keys, key=lambda key: reading(edge_mid(key)))
        edge_id = {key: i for i, key in enumerate(edges)}

        self.nodes: tuple[frozenset, ...] = tuple(nodes)
        self.node_index: dict[frozenset, int] = node_id
        self.node_xy: tuple[tuple[float, float], ...] = tuple(node_keys[k] for k in nodes)
        self.edges: tuple[frozenset, ...] = tuple(edges)
        self.edge_index: dict[frozenset, int] = edge_id
        self.edge_nodes: tuple[tuple[int, int], ...] = tuple(
            tuple(sorted((node_id[edge_keys[k][0]], node_id[edge_keys[k][1]]))) for k in edges  # type: ignore[misc]
        )
        node_edges: list[list[int]] = [[] for _ in nodes]
        node_nodes: list[list[int]] = [[] for _ in nodes]
        for e, (a, b) in enumerate(self.edge_nodes):
            node_edges[a].append(e)
            node_edges[b].append(e)
            node_nodes[a].append(b)
            node_nodes[b].append(a)
        self.node_edges: tuple[tuple[int, ...], ...] = tuple(tuple(x) for x in node_edges)
        self.node_nodes: tuple[tuple[int, ...], ...] = tuple(tuple(x) for x in node_nodes)
        #: For each edge, a dict from one end to the other (for walking along roads).
        self.edge_other: tuple[dict[int, int], ...] = tuple({a: b, b: a} for a, b in self.edge_nodes)
        index = self.hex_index
        self.node_hexes: tuple[tuple[int, ...], ...] = tuple(
            tuple(sorted(index[h] for h in key if h in index)) for key in nodes
        )
        slots = []
        for key, (x, y) in zip(nodes, self.node_xy):
            around = sorted(key, key=lambda h: math.atan2(hex_centre(h)[1] - y, hex_centre(h)[0] - x))
            slots.append(tuple(index.get(h, -1) for h in around))
        self.node_slots: tuple[tuple[int, int, int], ...] = tuple(slots)  # type: ignore[assignment]
        self.hex_nodes: tuple[tuple[int, ...], ...] = tuple(tuple(node_id[k] for k in cs) for cs in corner_keys)
        self.hex_edges: tuple[tuple[int, ...], ...] = tuple(tuple(edge_id[k] for k in ss) for ss in side_keys)
        self.edge_hexes: tuple[tuple[int, ...], ...] = tuple(
            tuple(sorted(index[h] for h in key if h in index)) for key in edges
        )
        hex_neighbours = []
        for h in hexes:
            hex_neighbours.append(tuple(index[_add(h, d)] for d in DIRECTIONS if _add(h, d) in index))
        self.hex_neighbours: tuple[tuple[int, ...], ...] = tuple(hex_neighbours)

    def __repr__(self) -> str:
        return f"<Topology: {len(self.hexes)} hexes, {len(self.nodes)} intersections, {len(self.edges)} edges>"

    def edge_between(self, a: int, b: int) -> int:
        """The edge joining intersections ``a`` and ``b`` (``ValueError`` if they are not neighbours)."""
        for e in self.node_edges[a]:
            if b in self.edge_other[e] and self.edge_other[e][a] == b:
                return e
        raise ValueError(f"intersections {a} and {b} are not neighbours")

    def coastal_edges(self, land: Iterable[int] | None = None) -> list[int]:
        """Edges with land on exactly one side, clockwise around the centre of the board."""
        land_set = set(range(len(self.hexes)) if land is None else land)
        coast = [e for e, hs in enumerate(self.edge_hexes) if sum(h in land_set for h in hs) == 1]
        cx = sum(x for x, _ in self.node_xy) / len(self.node_xy)
        cy = sum(y for _, y in self.node_xy) / len(self.node_xy)

        def angle(e: int) -> float:
            a, b = self.edge_nodes[e]
            x = (self.node_xy[a][0] + self.node_xy[b][0]) / 2 - cx
            y = (self.node_xy[a][1] + self.node_xy[b][1]) / 2 - cy
            return (math.atan2(y, x) + math.pi / 2 + 1e-9) % (2 * math.pi)  # clockwise from the top

        return sorted(coast, key=angle)


@lru_cache(maxsize=16)
def topology(hexes: tuple[Cube, ...]) -> Topology:
    """The (cached) topology of a tuple of hexes: geometry is derived once per layout."""
    return Topology(hexes)


# -- the standard board ---------------------------------------------------------------------------


def _radius_two() -> tuple[Cube, ...]:
    out = []
    for r in range(-2, 3):
        for q in range(-2, 3):
            s = -q - r
            if abs(s) <= 2:
                out.append((q, r, s))
    return tuple(out)


#: The 19 land hexes of the base game, in reading order (rows of 3, 4, 5, 4, 3).
STANDARD_HEXES: tuple[Cube, ...] = _radius_two()

#: The base game's 18 terrain hexes plus the desert (rule ``catan-board``).
STANDARD_TERRAINS: tuple[str, ...] = (
    ("hills",) * 3 + ("forest",) * 4 + ("pasture",) * 4 + ("fields",) * 4 + ("mountains",) * 3 + ("desert",)
)

#: The base game's 18 number tokens.
STANDARD_NUMBERS: tuple[int, ...] = (2, 3, 3, 4, 4, 5, 5, 6, 6, 8, 8, 9, 9, 10, 10, 11, 11, 12)

#: The base game's nine harbours: four 3:1 harbours and one 2:1 harbour per resource.
STANDARD_HARBOURS: tuple[str, ...] = ("3:1",) * 4 + RESOURCES

#: Which of the 30 coastal edges (clockwise from the top) carry a harbour: every third or fourth.
STANDARD_HARBOUR_SLOTS: tuple[int, ...] = (0, 3, 6, 10, 13, 16, 20, 23, 26)

#: The fixed "beginner" layout (the starting map printed in the base game), rows top to bottom.
BEGINNER_LAYOUT: tuple[tuple[str, int | None], ...] = (
    ("mountains", 10), ("pasture", 2), ("forest", 9),
    ("fields", 12), ("hills", 6), ("pasture", 4), ("hills", 10),
    ("fields", 9), ("forest", 11), ("desert", None), ("forest", 3), ("mountains", 8),
    ("forest", 8), ("mountains", 3), ("fields", 4), ("pasture", 5),
    ("hills", 5), ("fields", 6), ("pasture", 11),
)  # fmt: skip
#: Harbours of the fixed layout, in the order of STANDARD_HARBOUR_SLOTS.
BEGINNER_HARBOURS: tuple[str, ...] = ("3:1", "grain", "ore", "3:1", "wool", "3:1", "3:1", "brick", "lumber")


class Board:
    """A board: a :class:`Topology` plus terrain, number tokens and harbours.

    ``terrain[h]`` and ``numbers[h]`` (``None`` for the desert and the sea) are indexed by hex id;
    ``harbours`` maps an edge id to its kind (``"3:1"`` or a resource). Derived once:
    ``hex_resource`` (resource index or -1), ``number_hexes`` (number to hex ids) and
    ``node_harbour`` (intersection to harbour kind).
    """

    def __init__(
        self,
        hexes: Sequence[Cube],
        terrain: Sequence[str],
        numbers: Sequence[int | None],
        harbours: dict[int, str] | Iterable[tuple[int, str]] = (),
    ) -> None:
        topo = topology(tuple(tuple(h) for h in hexes))  # type: ignore[misc]
        n = len(topo.hexes)
        terrain = tuple(terrain)
        numbers = tuple(numbers)
        if len(terrain) != n or len(numbers) != n:
            raise ValueError(f"a board of {n} hexes needs {n} terrains and {n} numbers")
        for t, num in zip(terrain, numbers):
            if t not in TERRAIN_RESOURCE:
                raise ValueError(f"unknown terrain {t!r}; terrains are {TERRAINS}")
            if TERRAIN_RESOURCE[t] is None:
                if num is not None:
                    raise ValueError(f"the {t} carries no number token, not {num!r}")
            elif not is_integer(num) or not 2 <= num <= 12 or num == 7:
                raise ValueError(f"a {t} hex needs a number token 2-6 or 8-12, not {num!r}")
        harbour_map = dict(harbours.items() if isinstance(harbours, dict) else harbours)
        land = {i for i, t in enumerate(terrain) if t != "sea"}
        node_harbour: dict[int, str] = {}
        for e, kind in harbour_map.items():
            if not is_integer(e) or not 0 <= e < len(topo.edges):
                raise ValueError(f"a harbour lies on an edge id 0-{len(topo.edges) - 1}, not {e!r}")
            if kind not in HARBOUR_KINDS:
                raise ValueError(f"unknown harbour kind {kind!r}; kinds are {HARBOUR_KINDS}")
            beside = [h for h in topo.edge_hexes[e] if h in land]
            listed = len(topo.edge_hexes[e])
            if len(beside) != 1 or (listed == 2 and terrain[[h for h in topo.edge_hexes[e] if h not in land][0]] != "sea"):
                raise ValueError(f"harbour edge {e} is not on the coast")
            for node in topo.edge_nodes[e]:
                if node in node_harbour:
                    raise ValueError(f"two harbours share intersection {node}")
                node_harbour[node] = kind
        self.topology = topo
        self.terrain: tuple[str, ...] = terrain
        self.numbers: tuple[int | None, ...] = numbers
        self.harbours: dict[int, str] = dict(sorted(harbour_map.items()))
        self.node_harbour: dict[int, str] = node_harbour
        self.hex_resource: tuple[int, ...] = tuple(
            RESOURCES.index(TERRAIN_RESOURCE[t]) if TERRAIN_RESOURCE[t] else -1 for t in terrain  # type: ignore[arg-type]
        )
        number_hexes: dict[int, list[int]] = {k: [] for k in range(2, 13)}
        for h, num in enumerate(numbers):
            if num is not None:
                number_hexes[num].append(h)
        self.number_hexes: dict[int, tuple[int, ...]] = {k: tuple(v) for k, v in number_hexes.items()}
        self.land_hexes: tuple[int, ...] = tuple(sorted(land))
        #: For each edge, whether a land hex lies beside it (a road may go there, rule ``catan-road``);
        #: on the standard board every edge, on a map with sea hexes not those between two sea hexes.
        self.land_edge: tuple[bool, ...] = tuple(any(h in land for h in hs) for hs in topo.edge_hexes)
        #: The listed sea hexes (maps with sea, rule ``seafarers-sea``) and, for each edge, whether a
        #: listed sea hex lies beside it (a ship may go there).
        self.sea_hexes: tuple[int, ...] = tuple(h for h, t in enumerate(terrain) if t == "sea")
        self.sea_edge: tuple[bool, ...] = tuple(any(terrain[h] == "sea" for h in hs) for hs in topo.edge_hexes)
        #: For each intersection, whether a land hex touches it (a building may stand there).
        self.land_node: tuple[bool, ...] = tuple(any(h in land for h in hs) for hs in topo.node_hexes)

    # -- convenience views ----------------------------------------------------------------------
    @property
    def hexes(self) -> tuple[Cube, ...]:
        return self.topology.hexes

    def desert(self) -> int | None:
        """The first desert hex (the robber's start, rule ``catan-robber``); ``None`` if there is none."""
        for h, t in enumerate(self.terrain):
            if t == "desert":
                return h
        return None

    def resource_of(self, h: int) -> str | None:
        """The resource hex ``h`` produces (``None`` for the desert, the sea or ``h == -1``)."""
        return None if h < 0 else TERRAIN_RESOURCE[self.terrain[h]]

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Board) and self.to_data() == other.to_data()

    def __repr__(self) -> str:
        return f"<Board: {len(self.land_hexes)} land hexes, {len(self.harbours)} harbours>"

    def to_data(self) -> dict[str, Any]:
        """JSON-ready: the hexes with terrain and number, and the harbours by edge id."""
        return {
            "hexes": [[q, r, s, t, n] for (q, r, s), t, n in zip(self.topology.hexes, self.terrain, self.numbers)],
            "harbours": [[e, k] for e, k in self.harbours.items()],
        }

    @classmethod
    def from_data(cls, data: Any) -> Board:
        """The board :meth:`to_data` wrote; ``ValueError`` when it is malformed. A board never
        changes, so restoring the same board again gives the board built the first time."""
        if not isinstance(data, dict) or not isinstance(data.get("hexes"), list) or not isinstance(data.get("harbours"), list):
            raise ValueError("a board is an object with 'hexes' and 'harbours' lists")
        for row in data["hexes"]:
            if not isinstance(row, list) or len(row) != 5:
                raise ValueError(f"a board hex is [q, r, s, terrain, number], not {row!r}")
        for row in data["harbours"]:
            if not isinstance(row, list) or len(row) != 2:
                raise ValueError(f"a harbour is [edge, kind], not {row!r}")
        try:
            key = (tuple(map(tuple, data["hexes"])), tuple(map(tuple, data["harbours"])))
            hash(key)
        except TypeError:  # something unhashable (a list, an object) where a number or a name belongs
            raise ValueError(f"a board holds numbers and names only, not {data!r}") from None
        if any(type(v) is bool for rows in key for row in rows for v in row):  # True == 1 to the cache
            raise ValueError(f"a board holds numbers and names, not true or false: {data!r}")
        return _board_from_rows(cls, *key)

    def _repr_svg_(self) -> str:
        from .svg import board_svg

        return board_svg(self)


def _standard_harbour_edges() -> tuple[int, ...]:
    coast = topology(STANDARD_HEXES).coastal_edges()
    return tuple(coast[i] for i in STANDARD_HARBOUR_SLOTS)


def standard_board(terrain: Sequence[str], numbers: Sequence[int | None], harbours: Sequence[str]) -> Board:
    """The 19-hex board set by hand: terrains and numbers in reading order, the nine harbour kinds
    clockwise from the top (at the standard harbour places)."""
    if len(harbours) != len(STANDARD_HARBOUR_SLOTS):
        raise ValueError(f"the standard board has {len(STANDARD_HARBOUR_SLOTS)} harbours")
    return Board(STANDARD_HEXES, terrain, numbers, list(zip(_standard_harbour_edges(), harbours)))


def beginner_board() -> Board:
    """The fixed layout printed in the base game for a first game."""
    return standard_board([t for t, _ in BEGINNER_LAYOUT], [n for _, n in BEGINNER_LAYOUT], BEGINNER_HARBOURS)


def random_board(rng: Rng, red_numbers_apart: bool = True, draw: Any = None) -> Board:
    """A standard board shuffled with ``rng``: terrains, number tokens and harbours.

    With ``red_numbers_apart`` the number tokens are shuffled again until no two red numbers (6 or
    8) are on neighbouring hexes, 6-6 and 8-8 included: the base game's rule for a variable set-up.
    ``draw`` (a state's :meth:`~gamekit.State.draw`) makes each shuffle a declared chance event
    (``board terrains``, ``number tokens``, ``harbours``); it uses the generator exactly as
    ``rng.shuffle`` does, so a seed gives the same board either way.
    """
    from ..chance import shuffle

    def shuffled(items: list[Any], what: str) -> list[Any]:
        if draw is not None:
            return list(draw(shuffle(items, what)))
        rng.shuffle(items)
        return items

    topo = topology(STANDARD_HEXES)
    terrain = shuffled(list(STANDARD_TERRAINS), "board terrains")
    while True:
        tokens = shuffled(list(STANDARD_NUMBERS), "number tokens")
        numbers: list[int | None] = []
        it = iter(tokens)
        for t in terrain:
            numbers.append(None if t == "desert" else next(it))
        if not red_numbers_apart:
            break
        red = {h for h, n in enumerate(numbers) if n in (6, 8)}
        if not any(nb in red for h in red for nb in topo.hex_neighbours[h]):
            break
    harbours = shuffled(list(STANDARD_HARBOURS), "harbours")
    return standard_board(terrain, numbers, harbours)


@lru_cache(maxsize=64)
def _board_from_rows(cls: type[Board], hexes: tuple[tuple[Any, ...], ...], harbours: tuple[tuple[Any, ...], ...]) -> Board:
    """The board of saved rows (built once for each board: boards are immutable)."""
    return cls([row[:3] for row in hexes], [row[3] for row in hexes], [row[4] for row in hexes], harbours)
