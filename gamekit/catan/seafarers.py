"""The Seafarers layer: the base game with sea, ships and the pirate, as far as Trade Feud needs it.

Not a game of its own in the registry (the project plays it only inside Trade Feud); :data:`SEAFARERS`
is a :class:`~gamekit.Game` for tests and notebooks, on the island map of :mod:`gamekit.catan.maps`.

>>> state = SEAFARERS.new(players=3, seed=1)
>>> state.pirate == state.board.topology.hex_index[(-1, -1, 2)]
True

The Seafarers rules the engine uses, in our own words (labels as in the book):

* ``seafarers-sea``: the map lists sea hexes; they produce nothing. An edge with a sea hex beside it
  is a sea edge; an edge with land on one side and sea on the other is a coast edge and may take a
  road or a ship, never both.
* ``seafarers-ship``: a ship costs 1 lumber + 1 wool (15 per player). It goes on a free sea edge
  that touches the player's own settlement or city, or the player's own ship at an intersection
  where no other player's building stands. Ships and roads join only at the player's own
  settlement or city. A settlement may be built at an intersection reached by an own road or ship.
* ``seafarers-moving``: once per turn, after the roll, a player may move one ship that ends a shipping
  route (one of its ends has neither an own building nor another own ship) and that was not built
  this turn, to another edge where a ship could be built.
* ``seafarers-pirate``: the pirate stands on a sea hex. On a 7 or a knight the player moves the robber
  (if it is in play) or the pirate to another sea hex and steals one card from a player with a ship
  on an edge of that hex. No ship is built on or moved from an edge of the pirate's hex.
* ``seafarers-trade-route``: Longest Trade Route replaces Longest Road: roads and ships count
  together, a route changes between road and ship only at an own settlement or city, and another
  player's building breaks it; five pieces at least, 2 victory points.
* Road building (``catan-development-cards``) places two free roads or ships, in any mix; in the
  setup the piece next to a settlement may be a road or a ship.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from itertools import chain
from typing import Any, ClassVar

from ..core import Game, IllegalAction
from ..settings import cost_counts, printed
from ..validation import is_integer
from . import RESOURCES
from .actions import (
    SEAFARERS_ACTION_TYPES,
    BuildRoad,
    BuildSettlement,
    BuildShip,
    MovePirate,
    MoveRobber,
    MoveShip,
)
from .base import CatanState
from .base_options import CatanOptions
from .maps import islands_board, pirate_start
from .roads import longest_route, longest_route_from, settlement_site, settlement_sites
from .rules import BASE_RULES, afford
from .rules import COSTS as BASE_COSTS

__all__ = ["SeafarersOptions", "SeafarersState", "SEAFARERS", "COSTS", "SHIPS", "RULES"]

#: Rule ``seafarers-ship``: a ship costs 1 lumber + 1 wool.
COSTS: dict[str, tuple[int, int, int, int, int]] = {**BASE_COSTS, "ship": (0, 1, 1, 0, 0)}
#: Ships per player (rule ``seafarers-ship``).
SHIPS = 15

#: Every rule label the Seafarers layer cites: the base game's and its own.
RULES: tuple[str, ...] = BASE_RULES + (
    "seafarers-sea", "seafarers-ship", "seafarers-moving", "seafarers-pirate", "seafarers-trade-route",
)  # fmt: skip

_ship = cache(BuildShip)
move_ship_action = cache(MoveShip)
_pirate = cache(MovePirate)


@cache
def _pirate_moves(h: int, mask: int) -> tuple[MovePirate, ...]:
    """The pirate's moves to hex ``h`` robbing each player in the bit mask ``mask`` (0: nobody to rob,
    one move robbing nobody; -1: no move, the pirate's own hex)."""
    if mask < 0:
        return ()
    if not mask:
        return (_pirate(h, -1),)
    return tuple(_pirate(h, q) for q in range(mask.bit_length()) if mask >> q & 1)


@dataclass(frozen=True)
class SeafarersOptions(CatanOptions):
    """The base game's settings on a map with sea; ``robber_in_play`` = False takes the robber out
    (as Trade Feud does), leaving the pirate."""

    board: str = "islands"
    robber_in_play: bool = True
    #: Rule ``seafarers-ship``: what a ship costs (printed: 1 lumber, 1 wool).
    ship_cost: tuple[tuple[str, int], ...] = printed(
        (("lumber", 1), ("wool", 1)), "seafarers-ship", "ship cost", cost=RESOURCES, high=19)
    #: Rule ``seafarers-ship``: the ships each player has (printed: 15).
    ships_per_player: int = printed(15, "seafarers-ship", "ships per player", low=3, high=72)

    BOARDS: ClassVar[tuple[str, ...]] = ("islands",)

    def __post_init__(self) -> None:
        super().__post_init__()
        self._yes_no("robber_in_play")
        if not self.red_numbers_apart:
            raise ValueError("red_numbers_apart reshuffles a random board; the island map is fixed, so it stays True")

    def costs(self) -> dict[str, tuple[int, ...]]:
        """The base game's costs in force and a ship's (rule ``seafarers-ship``), five counts each."""
        return {**super().costs(), "ship": cost_counts(self.ship_cost, RESOURCES)}

    def pieces(self) -> dict[str, int]:
        """The base game's pieces and the ships each player has (rule ``seafarers-ship``)."""
        return {**super().pieces(), "ship": self.ships_per_player}

    def make_board(self, rng: Any = None, draw: Any = None) -> Any:
        """Rule ``seafarers-sea``: the island map (:func:`~gamekit.catan.maps.islands_board`)."""
        return islands_board()


class SeafarersState(CatanState):
    """The base game with ships and the pirate. Besides the base game's attributes: ``ship_owner``
    per edge (-1: no ship), derived ``ships`` per player, ``pirate`` (a sea hex), ``ship_moved`` this
    turn and ``new_ships`` (the edges of ships built this turn)."""

    action_types = SEAFARERS_ACTION_TYPES
    options: SeafarersOptions
    COSTS = COSTS
    HOME_RULE: ClassVar[dict[type, str]] = {
        **CatanState.HOME_RULE,
        BuildShip: "seafarers-ship",
        MoveShip: "seafarers-moving",
        MovePirate: "seafarers-pirate",
    }
    PHASE_ACTIONS: ClassVar[dict[str, tuple[type, ...]]] = {
        **CatanState.PHASE_ACTIONS,
        "setup": (BuildSettlement, BuildRoad, BuildShip),
        "robber": (MoveRobber, MovePirate),
        "main": CatanState.PHASE_ACTIONS["main"] + (BuildShip, MoveShip),
        "road_building": (BuildRoad, BuildShip),
    }

    # -- setup ---------------------------------------------------------------------------------
    def _setup_more(self) -> None:
        self.ship_owner = [-1] * len(self.topo.edges)
        self.pirate = pirate_start(self.board)
        self.ship_moved = False
        self.new_ships: list[int] = []

    def _derive(self) -> None:
        self.ships: list[list[int]] = [[] for _ in range(self.players)]
        for e, p in enumerate(self.ship_owner):
            if p >= 0:
                self.ships[p].append(e)
        super()._derive()
        self.count_pieces()

    def count_pieces(self) -> None:
        """Count, from the pieces on the map, what the rules of ships read at an intersection: ``_busy``,
        for each intersection the number of its edges that hold a road or a ship (anyone's), and
        ``_ship_at``, for each player and intersection the number of the player's ships that end there
        (rules ``seafarers-ship``: a ship joins an own ship there; ``seafarers-moving``: a ship ends a
        route there). The engine keeps both as ships and roads are placed, moved or sent back
        (:meth:`_piece_put`, :meth:`_piece_lifted`); code that changes pieces by hand calls
        :meth:`_derive`, which counts them afresh. With them, ``_lone_ship``: for each player, the
        intersections where exactly one of their ships ends, each with that ship's edge (the ends of the
        player's shipping routes, read by :meth:`ship_sites` and :meth:`movable_ships`)."""
        edge_nodes = self.topo.edge_nodes
        n = len(self.node_owner)
        busy = [0] * n
        ship_at = [[0] * n for _ in range(self.players)]
        for e, (r, q) in enumerate(zip(self.edge_owner, self.ship_owner)):
            if r >= 0 or q >= 0:
                a, b = edge_nodes[e]
                busy[a] += 1
                busy[b] += 1
                if q >= 0:
                    own = ship_at[q]
                    own[a] += 1
                    own[b] += 1
        lone: list[dict[int, int]] = [{} for _ in range(self.players)]
        for e, q in enumerate(self.ship_owner):
            if q >= 0:
                own, ends = ship_at[q], lone[q]
                for v in edge_nodes[e]:
                    if own[v] == 1:
                        ends[v] = e
        self._busy, self._ship_at, self._lone_ship = busy, ship_at, lone

    def _piece_put(self, edge: int, ship: int = -1) -> None:
        """Keep :meth:`count_pieces`'s counts for a road or (with ``ship``, its owner) a ship placed on ``edge``."""
        a, b = self.topo.edge_nodes[edge]
        busy = self._busy
        busy[a] += 1
        busy[b] += 1
        if ship >= 0:
            own, lone = self._ship_at[ship], self._lone_ship[ship]
            for v in (a, b):
                n = own[v] = own[v] + 1
                if n == 1:
                    lone[v] = edge
                elif n == 2:
                    del lone[v]

    def _piece_lifted(self, edge: int, ship: int = -1) -> None:
        """Keep :meth:`count_pieces`'s counts for a road or (with ``ship``, its owner) a ship taken off ``edge``."""
        a, b = self.topo.edge_nodes[edge]
        busy = self._busy
        busy[a] -= 1
        busy[b] -= 1
        if ship >= 0:
            own, lone = self._ship_at[ship], self._lone_ship[ship]
            for v in (a, b):
                n = own[v] = own[v] - 1
                if n == 0:
                    del lone[v]
                elif n == 1:  # the one ship left there (a ship put in the same step is counted after)
                    ship_owner = self.ship_owner
                    lone[v] = next(f for f in self.topo.node_edges[v] if f != edge and ship_owner[f] == ship)

    def _new_turn(self) -> None:
        self.ship_moved = False
        self.new_ships = []

    # -- queries -------------------------------------------------------------------------------
    def pieces_left(self, player: int) -> dict[str, int]:
        left = super().pieces_left(player)
        left["ship"] = self.PIECES["ship"] - len(self.ships[player])
        return left

    def route_owner(self) -> Sequence[int]:
        """The owner of the road or ship on each edge (-1: none)."""
        return [r if r >= 0 else s for r, s in zip(self.edge_owner, self.ship_owner)]

    def pirate_edges(self) -> tuple[int, ...]:
        """Rule ``seafarers-pirate``: the edges of the pirate's hex, where no ship may be built or moved."""
        return self.topo.hex_edges[self.pirate]

    def road_site(self, player: int, edge: int) -> bool:
        """Rules ``catan-road``, ``seafarers-sea``: as in the base game, and no ship on the edge."""
        return self.ship_owner[edge] == -1 and super().road_site(player, edge)

    def road_sites(self, player: int) -> list[int]:
        ship_owner = self.ship_owner
        return [e for e in super().road_sites(player) if ship_owner[e] == -1]

    def _do_BuildRoad(self, action: BuildRoad) -> None:
        self._piece_put(action.edge)  # counted as the road goes down (the base game's step reads no count before)
        super()._do_BuildRoad(action)

    def _setup_road(self, edge: int) -> bool:
        return self.ship_owner[edge] == -1 and super()._setup_road(edge)

    def building_site(self, player: int, node: int) -> bool:
        """Rules ``catan-settlement``, ``seafarers-ship``: a site reached by an own road or ship."""
        return settlement_site(self.board, self.node_owner, self.route_owner(), player, node)

    def building_sites(self, player: int) -> list[int]:
        return settlement_sites(self.board, self.node_owner, self.route_owner(), player,
                                self.roads[player] + self.ships[player])  # fmt: skip

    def ship_site(self, player: int, edge: int, ship_owner: list[int] | None = None, lifted: int = -1) -> bool:
        """Rules ``seafarers-ship``, ``seafarers-pirate``: a free sea edge, not at the pirate,
        connected to an own settlement, city or ship (``ship_owner`` to ask with the ship on edge
        ``lifted`` taken off): :meth:`ship_sites_among` asked of the one edge."""
        return bool(self.ship_sites_among(player, (edge,), ship_owner, lifted))

    def ship_sites_among(self, player: int, edges: Any, ship_owner: list[int] | None = None,
                         lifted: int = -1) -> list[int]:
        """The rules of :meth:`ship_site` asked of each of ``edges`` at once: those where a ship of
        ``player`` may go, in the order given (the one predicate of ship sites: :meth:`ship_site` asks it
        of one edge, :meth:`ship_sites` of the edges near the player's pieces; a variant adds its own
        rules here). A free sea edge off the pirate's hex is connected (rule ``seafarers-ship``) at an end
        with an own settlement or city, or with no building and an own ship there (``_ship_at``, the ship on
        ``lifted`` not counted). ``ship_owner`` is the state's with at most the ship on ``lifted`` taken off
        (only the test for a free edge reads it; without it, the lifted ship's own edge is not free)."""
        ship_owner = self.ship_owner if ship_owner is None else ship_owner
        edge_owner, sea, pirate = self.edge_owner, self.board.sea_edge, self.topo.hex_edges[self.pirate]
        node_owner, edge_nodes, own = self.node_owner, self.topo.edge_nodes, self._ship_at[player]
        gone = edge_nodes[lifted] if lifted >= 0 else ()  # one own ship fewer at the lifted ship's ends
        out = []
        for e in edges:
            if edge_owner[e] == -1 and ship_owner[e] == -1 and sea[e] and e not in pirate:
                a, b = edge_nodes[e]
                owner = node_owner[a]
                if owner == player or (owner == -1 and own[a] > (a in gone)):
                    out.append(e)
                    continue
                owner = node_owner[b]
                if owner == player or (owner == -1 and own[b] > (b in gone)):
                    out.append(e)
        return out

    def ship_sites(self, player: int, ship_owner: list[int] | None = None, lifted: int = -1) -> list[int]:
        """Every edge where :meth:`ship_site` holds (they all touch an own ship or building; ``ship_owner``
        is the state's with at most the ship on ``lifted`` taken off)."""
        ship_owner = self.ship_owner if ship_owner is None else ship_owner
        topo = self.topo
        edge_nodes, node_edges = topo.edge_nodes, topo.node_edges
        # ship_owner: the state's ships, less the lifted one
        ends = {v for e in self.ships[player] if ship_owner[e] == player for v in edge_nodes[e]}
        ends.update(self.buildings[player])
        edge_owner, sea, pirate = self.edge_owner, self.board.sea_edge, self.pirate_edges()
        # the free sea edges off the pirate's hex there (as road_sites takes the free edges), each then asked
        candidates = {f for v in ends for f in node_edges[v]
                      if ship_owner[f] == -1 and edge_owner[f] == -1 and sea[f] and f not in pirate}
        return sorted(self.ship_sites_among(player, candidates, ship_owner, lifted))

    def movable_ships(self, player: int) -> list[int]:
        """Rule ``seafarers-moving``: the player's ships that end a shipping route (an end with
        neither an own building nor another own ship), not built this turn, not at the pirate."""
        if self.ship_moved:
            return []
        node_owner, new_ships = self.node_owner, self.new_ships
        pirate = self.pirate_edges()
        # the player's ships at an intersection with no other own ship (_lone_ship) and no own building
        out = {e for v, e in self._lone_ship[player].items() if node_owner[v] != player}
        if new_ships:
            out.difference_update(new_ships)
        out.difference_update(pirate)
        return sorted(out)

    def move_targets(self, player: int, edge: int) -> list[int]:
        """Rule ``seafarers-moving``: the edges where ``player``'s ship on ``edge`` may be moved to."""
        lifted = list(self.ship_owner)
        lifted[edge] = -1
        return [f for f in self.ship_sites(player, lifted, edge) if f != edge]

    def longest_road_of(self, player: int) -> int:
        """Rule ``seafarers-trade-route``: roads and ships, joined at own settlements and cities."""
        return longest_route(self.topo, self.node_owner, (self.edge_owner, self.ship_owner), player,
                             self.roads[player] + self.ships[player])  # fmt: skip

    def _longest_road_with(self, player: int, edge: int) -> int:
        """Rule ``seafarers-trade-route``: :meth:`longest_road_of` ``player`` just after their road on
        ``edge`` was built (:meth:`_longest_route_with`)."""
        return self._longest_route_with(player, edge, 0)

    def _longest_route_with(self, player: int, edge: int, kind: int) -> int:
        """Rule ``seafarers-trade-route``: :meth:`longest_road_of` ``player`` just after their piece of
        ``kind`` (0 a road, 1 a ship) on ``edge`` was added. A piece added takes no path away: the longer
        of the route before and the longest path through the new piece (:meth:`_route_through`), or,
        when that piece joins pieces at both its ends, the whole count."""
        through = self._route_through(player, edge, kind)
        if through < 0:
            return self.longest_road_of(player)
        before = self.road_length[player]
        return before if before >= through else through

    def _route_through(self, player: int, edge: int, kind: int) -> int:
        """The most of ``player``'s pieces in one path along their piece of ``kind`` on ``edge`` when an
        end of it is a dead end (there a path cannot go on: another player's building, or no other own
        piece it may go on to: of any kind at an own building, else of the same kind): one more than
        the longest path from its other end (:func:`~gamekit.catan.roads.longest_route_from`); -1 when a
        path may go on at both ends (rule ``seafarers-trade-route``)."""
        node_owner, edge_owner, ship_owner = self.node_owner, self.edge_owner, self.ship_owner
        same = ship_owner if kind else edge_owner
        node_edges = self.topo.node_edges
        ends = []
        for v in self.topo.edge_nodes[edge]:
            owner = node_owner[v]
            if owner == player:
                for f in node_edges[v]:
                    if f != edge and (edge_owner[f] == player or ship_owner[f] == player):
                        ends.append(v)
                        break
            elif owner == -1:
                for f in node_edges[v]:
                    if f != edge and same[f] == player:
                        ends.append(v)
                        break
        if not ends:
            return 1
        if len(ends) == 2:
            return -1
        return 1 + longest_route_from(self.topo, node_owner, (edge_owner, ship_owner), player, ends[0], kind, edge)

    # -- legal actions -------------------------------------------------------------------------
    def _setup_edge_actions(self, node: int) -> list[Any]:
        acts = super()._setup_edge_actions(node)
        pirate = self.pirate_edges()
        acts.extend(_ship(e) for e in self.topo.node_edges[node]
                    if self.board.sea_edge[e] and self.ship_owner[e] == -1 and self.edge_owner[e] == -1
                    and e not in pirate)  # fmt: skip
        return acts

    def free_edge_actions(self, player: int) -> list[Any]:
        acts = super().free_edge_actions(player)
        if self.pieces_left(player)["ship"]:
            acts.extend(self.ship_actions(player))
        return acts

    def _more_main_actions(self, p: int, acts: list[Any]) -> None:
        if afford(self.hands[p], self.COSTS["ship"]) and len(self.ships[p]) < self.PIECES["ship"]:
            acts.extend(self.ship_actions(p))
        acts.extend(self.move_actions(p))

    def ship_actions(self, player: int) -> Sequence[Any]:
        """A ``BuildShip`` for each of :meth:`ship_sites` (whether the player may pay is the caller's)."""
        return [_ship(e) for e in self.ship_sites(player)]

    def move_actions(self, player: int) -> Sequence[Any]:
        """Rule ``seafarers-moving``: a ``MoveShip`` for each of :meth:`movable_ships` to each of its
        :meth:`move_targets`."""
        return [move_ship_action(e, f) for e in self.movable_ships(player) for f in self.move_targets(player, e)]

    def robber_actions(self) -> list[Any]:
        """Rules ``catan-robber``, ``seafarers-pirate``: the robber (if in play) or the pirate: a move to
        every sea hex but the pirate's, with every player it may rob there (:meth:`_victim_marks`), or with
        nobody (each hex's moves listed once for the players there, :func:`_pirate_moves`)."""
        acts = super().robber_actions() if self.options.robber_in_play else []
        marks = self._victim_marks(self._robbable(self.turn))
        marks[self.pirate] = -1  # the pirate's own hex: no move there
        hexes = self.board.sea_hexes
        acts.extend(chain.from_iterable(map(_pirate_moves, hexes, map(marks.__getitem__, hexes))))
        return acts

    def pirate_victims(self, p: int, h: int) -> list[int]:
        """Rule ``seafarers-pirate``: players other than ``p`` with a ship on an edge of ``h`` and a card."""
        return self._victims_among((h,), self._robbable(p))[0]

    def _robbable(self, p: int) -> list[bool]:
        """For each player, whether the pirate moved by ``p`` may rob them (another player, with a card)."""
        return [q != p and any(hand) for q, hand in enumerate(self.hands)]

    def _victims_among(self, hexes: Any, robbable: list[bool]) -> list[list[int]]:
        """:meth:`pirate_victims` at each of ``hexes``, given :meth:`_robbable` (:meth:`_victim_marks`)."""
        marks = self._victim_marks(robbable)
        return [[q for q in range(self.players) if marks[h] >> q & 1] for h in hexes]

    def _victim_marks(self, robbable: list[bool]) -> list[int]:
        """:meth:`pirate_victims` at every hex, given :meth:`_robbable`: for each hex, the owners of the
        ships on its edges, as a bit mask of players (:meth:`pirate_victims` asks it of one hex,
        :meth:`robber_actions` of every sea hex), found from the ships of the players it may rob: the hexes
        beside their edges (most sea hexes have no ship: nothing is asked of them)."""
        edge_hexes = self.topo.edge_hexes
        marks = [0] * len(self.topo.hexes)
        for q, ships in enumerate(self.ships):
            if ships and robbable[q]:
                bit = 1 << q
                for h in set(chain.from_iterable(map(edge_hexes.__getitem__, ships))):
                    marks[h] |= bit
        return marks

    # -- checking ------------------------------------------------------------------------------
    def _check_BuildRoad(self, action: BuildRoad) -> None:
        e = self._valid_edge(action.edge, "catan-road")
        if self.ship_owner[e] != -1:
            raise IllegalAction(f"edge {e} has a ship", "seafarers-sea")
        super()._check_BuildRoad(action)

    def _check_BuildShip(self, action: BuildShip) -> None:
        e = self._valid_edge(action.edge, "seafarers-ship")
        p = self.current_player
        if self.edge_owner[e] != -1 or self.ship_owner[e] != -1:
            raise IllegalAction(f"edge {e} is taken", "seafarers-ship")
        if not self.board.sea_edge[e]:
            raise IllegalAction(f"edge {e} has no sea beside it", "seafarers-sea")
        if e in self.pirate_edges():
            raise IllegalAction(f"the pirate blocks edge {e}", "seafarers-pirate")
        if self.phase == "setup":
            if self.setup_node < 0:
                raise IllegalAction("place the settlement first, then its ship", "catan-setup")
            if self.setup_node not in self.topo.edge_nodes[e]:
                raise IllegalAction(f"the setup ship must touch the settlement just placed at {self.setup_node}",
                                    "catan-setup")
            return
        if not self.pieces_left(p)["ship"]:  # type: ignore[arg-type]
            raise IllegalAction(f"no ships left ({self.PIECES['ship']} per player)", "seafarers-ship")
        if not self.ship_site(p, e):  # type: ignore[arg-type]
            raise IllegalAction(f"edge {e} is not connected to your ships, settlements or cities", "seafarers-ship")
        if self.phase == "main":
            self._need(p, "ship", "catan-building-costs")  # type: ignore[arg-type]

    def _check_MoveShip(self, action: MoveShip) -> None:
        e = self._valid_edge(action.edge, "seafarers-moving")
        to = self._valid_edge(action.to, "seafarers-moving")
        p = self.turn
        if self.ship_owner[e] != p:
            raise IllegalAction(f"you have no ship on edge {e}", "seafarers-moving")
        if self.ship_moved:
            raise IllegalAction("one ship may be moved per turn", "seafarers-moving")
        if e in self.new_ships:
            raise IllegalAction("a ship built this turn cannot be moved yet", "seafarers-moving")
        pirate = self.pirate_edges()
        if e in pirate or to in pirate:
            raise IllegalAction("the pirate blocks moving ships on its edges", "seafarers-pirate")
        if e not in self.movable_ships(p):
            raise IllegalAction(f"the ship on edge {e} does not end an open shipping route", "seafarers-moving")
        if to not in self.move_targets(p, e):
            raise IllegalAction(f"a ship from edge {e} cannot go to edge {to}", "seafarers-moving")

    def _check_MoveRobber(self, action: MoveRobber) -> None:
        if not self.options.robber_in_play:
            raise IllegalAction("the robber is out of play; move the pirate", "seafarers-pirate")
        super()._check_MoveRobber(action)

    def _check_MovePirate(self, action: MovePirate) -> None:
        h, victim = action.hex, action.victim
        if not is_integer(h) or h not in self.board.sea_hexes:
            raise IllegalAction(f"the pirate moves to a sea hex, not {h!r}", "seafarers-pirate")
        if h == self.pirate:
            raise IllegalAction("the pirate must move to another hex", "seafarers-pirate")
        victims = self.pirate_victims(self.turn, h)
        if victims and victim not in victims:
            raise IllegalAction(f"steal from one of players {victims} at hex {h}", "seafarers-pirate")
        if not victims and victim != -1:
            raise IllegalAction(f"nobody has a ship at hex {h}", "seafarers-pirate")

    # -- carrying out --------------------------------------------------------------------------
    def _place(self, player: int, node: int, kind: int) -> None:
        super()._place(player, node, kind)
        # an own building joins roads and ships; another's breaks routes (rule seafarers-trade-route): the
        # routes that change are those of the players with a road or ship at the intersection
        edge_owner, ship_owner = self.edge_owner, self.ship_owner
        for q in {o for e in self.topo.node_edges[node] for o in (edge_owner[e], ship_owner[e]) if o != -1}:
            self.road_length[q] = self.longest_road_of(q)
        self.award_longest_road()

    def _do_BuildShip(self, action: BuildShip) -> None:
        e = action.edge
        p = self.current_player
        assert p is not None
        if self.phase == "main":
            self._pay(p, "ship")
            self.new_ships.append(e)
        self.ship_owner[e] = p
        self.ships[p].append(e)
        self._piece_put(e, p)
        self.road_length[p] = self._longest_route_with(p, e, 1)
        self.award_longest_road()
        if self.phase == "setup":
            self._setup_next()
        elif self.phase == "road_building":
            self.new_ships.append(e)
            self.free_roads -= 1
            if self.free_roads <= 0 or not self.free_edge_actions(p):
                self.phase = self.resume

    def _do_PlayRoadBuilding(self, action: Any) -> None:
        super()._do_PlayRoadBuilding(action)
        left = self.pieces_left(self.turn)
        self.free_roads = min(self.options.road_building_roads, left["road"] + left["ship"])

    def _do_MoveShip(self, action: MoveShip) -> None:
        p = self.turn
        # Rule seafarers-trade-route: without the ship the route is at most as long as before (and as
        # long when no path along the ship where it was reached that length; one less when every piece was
        # on such a path, as the ship ended it); with it where it goes, the longest path through it
        # (:meth:`_route_through`) is added. Otherwise everything is counted.
        e, to, ship_owner = action.edge, action.to, self.ship_owner
        ship_owner[e] = -1
        ship_owner[to] = p
        self.ships[p].remove(e)
        self.ships[p].append(to)
        self._piece_lifted(e, p)
        self._piece_put(to, p)
        self.ship_moved = True
        before = self.road_length[p]
        after = self._route_through(p, to, 1)
        if after >= before:
            length = after  # at least as long as any path without it
        elif after < 0:
            length = self.longest_road_of(p)
        else:
            ship_owner[e], ship_owner[to] = p, -1  # the ship where it was, for a moment: the paths along it then
            through = self._route_through(p, e, 1)
            ship_owner[e], ship_owner[to] = -1, p
            if 0 <= through < before:
                length = before
            elif through == before and len(self.roads[p]) + len(self.ships[p]) == before:
                # every piece was on the path along the ship: without the ship, the rest of that path is the
                # longest (no path of the pieces left has as many), so the longer of it and the new path
                length = after if after >= before - 1 else before - 1
            else:
                length = self.longest_road_of(p)
        self.road_length[p] = length
        self.award_longest_road()

    def _do_MovePirate(self, action: MovePirate) -> None:
        self.pirate = action.hex
        if action.victim >= 0:
            self._steal_from(action.victim)
        self.phase = self.resume

    #: The Seafarers layer's own mutable fields (see ``CatanState.MUTABLE``).
    MUTABLE = {**CatanState.MUTABLE, "ship_owner": "list", "_busy": "list", "new_ships": "list",
               "_ship_at": "nested", "_lone_ship": "nested", "ships": "nested"}

    # -- copying and saving --------------------------------------------------------------------
    def _data_more(self, data: dict[str, Any]) -> None:
        data.update(ship_owner=self.ship_owner, pirate=self.pirate, ship_moved=self.ship_moved,
                    new_ships=self.new_ships)  # fmt: skip

    def _read_state(self, data: Any) -> dict[str, Any]:
        """The base game's attributes, then the ships and the pirate (rules ``seafarers-ship``,
        ``seafarers-pirate``)."""
        from ..validation import flag, integer, integers, listing

        values = super()._read_state(data)
        board = values["board"]
        edges, n = len(board.topology.edges), self.players
        ship_owner = integers(data["ship_owner"], "ship_owner", edges, -1, n - 1)
        for e, p in enumerate(ship_owner):
            if p >= 0 and (not board.sea_edge[e] or values["edge_owner"][e] != -1):
                raise ValueError(f"the ship on edge {e} is not on a free sea edge")
        for p in range(n):
            if ship_owner.count(p) > self.PIECES["ship"]:
                raise ValueError(f"player {p} has more than {self.PIECES['ship']} ships")
        pirate = integer(data["pirate"], "pirate", 0, len(board.topology.hexes) - 1)
        if pirate not in board.sea_hexes:
            raise ValueError("the pirate stands on a sea hex")
        new_ships = integers(listing(data["new_ships"], "new_ships (edges)"), "new_ships", None, 0, edges - 1)
        if any(ship_owner[e] != values["turn"] for e in new_ships):
            raise ValueError("new_ships are edges of the active player's ships")
        values.update(ship_owner=ship_owner, pirate=pirate, ship_moved=flag(data["ship_moved"], "ship_moved"),
                      new_ships=new_ships)  # fmt: skip
        return values


#: The base game with the Seafarers layer as a :class:`gamekit.Game` (not registered: the layer under Trade Feud).
SEAFARERS = Game(
    "seafarers",
    "Catan with the Seafarers layer",
    SeafarersState,
    SeafarersOptions,
    min_players=3,
    max_players=4,
    description="The base game on a map with sea: ships, moving ships, the pirate, Longest Trade Route.",
    action_space="gamekit.catan.actions:action_space",
    play_view="gamekit.web.play_tables:CATAN_VIEW",
)
