"""Rule ``trade-feud-stall``: when can nobody reach the target any more? (Trade Feud, :mod:`.trade_feud`)

On a small map building can run out while victory point tokens only change hands, and the text has no
end but the target. :func:`best_reachable` proves, for a position, that nobody can ever win, or says
it cannot prove it. It never guesses: it returns a bound per player only when

1. **no settlement can ever be built again** and **no trade connection can ever form again** (by any
   sequence of actions of all players, with any dice), and
2. then each player's points can still grow only by city upgrades, victory point cards, Largest Army
   and Longest Trade Route, and the bound counts all of those that are not ruled out.

How 1 is proved. Only a connection returns pieces, so in a future without connections and without new
settlements roads never leave the map, nor do a trade connection's ships, nor the ships of a route that
no ship move can ever start to take apart (every end at an own building or at another such ship: the
*stuck* ships). Every other ship may leave its edge. For each player the function grows the set of
edges the player might ever hold (from the player's buildings and pieces, roads on land edges and
ships on sea edges, never through another player's building, never onto a permanent piece, never where
an intersection without a building already has two permanent pieces), and stops at once with ``None``
when a piece could touch another player's building, touch another player's piece (a connection or a
refusal that may not last), reach a site for a settlement, or when two players might place pieces at
the same intersection. It refuses only what is refused for ever: an intersection with another
player's connection edge, and one where another player's closed route of permanent pieces passes.
If the first connection or settlement of any future were possible, the action making it would be one of
the placements this search tries, so ``None`` is returned whenever either may still come.

How 2 is bounded, for each player: tokens now; + one per settlement that may still become a city (at
most the cities left); + victory point cards in hand and all left in the deck; + 2 for Largest Army
unless the player can never have more knights than the holder has now (knights played, in hand and in
the deck); + 2 for Longest Trade Route unless the longest route the player could ever hold (at most the
edges the player might hold, counted per connected part, 15 roads and 15 ships) is shorter than 5 or
no longer than another player's route of permanent pieces, which never shrinks.

Exactly, by exploration (:func:`explore`), when the bound above is not enough: for each player, every
arrangement of the player's roads and ships reachable by the player's own builds and ship moves, one
action a turn, with the other players' pieces where they are and the pirate off the map (it only
forbids, so this is a superset of what the player can do), each tried with the engine's own predicates.
None may offer a placement that forms a connection or a site for a settlement. Then the futures of the
players are independent, provided no two players may place or lift a piece at the same intersection and
every other player's piece at an intersection where a player may place or lift one is a connection's or
part of a closed route for ever: whether a placement is legal depends only on the pieces at its
intersections, and those never change under another player's actions. So each player's routes are
exactly those of the arrangements found, and each player's route never goes below the shortest of them.
The bound is then 2 as above with these longest and shortest routes. More than :data:`ARRANGEMENTS`
arrangements for a player: no proof.

Seed 1919 (random play, 4 players) is proved dead only this way; see the test
``test_stall_1919_player_3_cannot_lengthen_the_route``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .rules import CITY, KNIGHT, SETTLEMENT, VICTORY_POINT

__all__ = ["best_reachable", "least_bound", "least_bound_reaches", "connection_now", "stuck_ships"]


def stuck_ships(state: Any, player: int) -> set[int]:
    """The player's ships that no ship move can ever start to take away (rule ``seafarers-moving``:
    only a ship with an end without an own building and without another own ship moves): the largest
    set of the player's ships in which every ship has, at each end, an own building or another ship of
    the set; and the ships of trade connections, which never move."""
    topo, ship_owner, node_owner = state.topo, state.ship_owner, state.node_owner
    fixed = set(state.connection_edges)
    stuck = {e for e in state.ships[player]}
    changed = True
    while changed:
        changed = False
        for e in sorted(stuck):
            if e in fixed:
                continue
            for v in topo.edge_nodes[e]:
                if node_owner[v] != player and not any(f != e and f in stuck for f in topo.node_edges[v]
                                                       if ship_owner[f] == player):
                    stuck.discard(e)
                    changed = True
                    break
    return stuck


def _closed_for_ever(state: Any, node: int, others: list[int], permanent: list[bool]) -> bool:
    """Rule ``trade-feud-connection-illegal``: at ``node`` (no building) another player's pieces
    ``others`` are two permanent pieces of one player whose route runs on permanent pieces to that
    player's buildings both ways: a closed route for ever, which nobody may join."""
    if len(others) != 2 or not all(permanent[f] for f in others):
        return False
    owner = state.owner_at
    q = owner(others[0])
    if owner(others[1]) != q:
        return False
    topo, node_owner = state.topo, state.node_owner
    for first in others:
        here, edge, seen = topo.edge_other[first][node], first, {first}
        while node_owner[here] != q:
            if node_owner[here] != -1:
                return False  # broken by a third player's building: an open route
            nxt = [f for f in topo.node_edges[here] if f not in seen and owner(f) == q]
            if len(nxt) != 1 or not permanent[nxt[0]]:
                return False
            edge = nxt[0]
            seen.add(edge)
            here = topo.edge_other[edge][here]
    return True


#: Route facts already found, by the pieces on the map (a game that stalls comes back to the same few):
#: the facts of each proof, the exploration's found only when the regions' are not enough.
_CACHE: dict[tuple[Any, ...], list[Any]] = {}
_CACHE_SIZE = 256
_LATER = "not yet"


def best_reachable(state: Any) -> list[int] | None:
    """The most victory points each player could still reach, when no settlement and no trade
    connection can ever come again (see the module's docstring); ``None`` when one may."""
    board = (state.players, tuple(state.node_owner), tuple(state.node_kind), tuple(state.edge_owner),
             tuple(state.ship_owner), tuple(state.connection_edges))
    facts = _CACHE.get(board)
    if facts is None:
        if connection_now(state):
            return None  # both proofs fail (see connection_now)
        if len(_CACHE) >= _CACHE_SIZE:
            _CACHE.clear()
        facts = _CACHE[board] = [_region_facts(state), _LATER]
    if facts[0] is not None:
        best = _totals(state, *facts[0])
        if max(best) < state.options.victory_points_to_win:
            return best  # the cheap proof is enough
    if facts[1] is _LATER:
        facts[1] = _explored_facts(state)
    found = [f for f in facts if f is not None]
    if not found:
        return None
    n = state.players
    return _totals(state, [min(f[0][p] for f in found) for p in range(n)], [max(f[1][p] for f in found) for p in range(n)])


def connection_now(state: Any) -> bool:
    """Whether a trade connection can form with the next piece, so that both proofs of
    :func:`best_reachable` fail and it answers ``None`` (the quick answer in most positions of a game
    that goes on). True when

    * some player has a piece to build now (one of :meth:`road_sites` with roads left, of
      :meth:`ship_sites` with ships left, each found by asking :meth:`road_site` and :meth:`ship_site`
      at the free edges next to the player's buildings and pieces) at which ``connection_at`` finds a
      trade connection: the exploration (:func:`explore`) offers every such placement in the player's
      first arrangement (it lists a superset: the pirate off the map), so it stops there with an
      event, or earlier; and
    * some player has such a site (with pieces left or not) whose edge, seen with every piece on the
      map permanent, meets a connection at an end and is refused at neither (:func:`_end_status`):
      the proof by regions reaches that edge from the player's own pieces and buildings in each of
      its rounds (it is free, and never permanent), and with fewer permanent pieces it still meets
      the connection and is still not refused (the docstring of :func:`_end_status`), so each round
      finds an event.
    """
    n = state.players
    edge_owner, ship_owner = state.edge_owner, state.ship_owner
    edge_nodes, node_edges = state.topo.edge_nodes, state.topo.node_edges
    conn = set(state.connection_edges)
    owners = state.route_owner()
    most = [o != -1 or e in conn for e, o in enumerate(owners)]  # every piece permanent
    bare = _bare_nodes(state, owners, conn)
    explored = regions = False

    def builds(p: int) -> list[int]:
        # every free edge where a road or ship of p may go lies at p's building or at an end of p's piece
        near = set(state.buildings[p])
        for e in state.roads[p] + state.ships[p]:
            near.update(edge_nodes[e])
        return sorted({f for v in near for f in node_edges[v]
                       if edge_owner[f] == -1 and ship_owner[f] == -1 and not most[f]})

    for p in range(n):
        ships_left, roads_left = len(state.ships[p]) < state.PIECES["ship"], len(state.roads[p]) < state.PIECES["road"]
        for f in builds(p):
            status = [_end_status(state, x, f, p, conn, most, owners, bare) for x in edge_nodes[f]]
            if status[0] == status[1] == "free":
                continue  # no other player's building or piece at either end: connection_at finds nothing
            road, ship = state.road_site(p, f), state.ship_site(p, f)  # one of road_sites or ship_sites?
            if not road and not ship:
                continue
            if not regions:
                regions = "connection" in status and "refused" not in status
            if not explored and ((road and roads_left) or (ship and ships_left)) and state.connection_at(p, f) is not None:
                explored = True
            if explored and regions:
                return True
    return False


def _region_facts(state: Any) -> tuple[list[int], list[int]] | None:
    """The proof by regions (the module's docstring, 1 and 2)."""
    edge_owner, ship_owner = state.edge_owner, state.ship_owner
    n = state.players
    conn = set(state.connection_edges)
    stuck = [stuck_ships(state, p) for p in range(n)]
    permanent = [edge_owner[e] >= 0 or e in conn or (ship_owner[e] >= 0 and e in stuck[ship_owner[e]])
                 for e in range(len(edge_owner))]
    while True:
        region, grounded, event = _regions(state, conn, permanent)
        if not grounded:
            return None if event else _region_routes(state, region, permanent)
        # A player who can never place a ship on another edge can never move one either: all that
        # player's ships stay (rule seafarers-moving needs a place to go), which may shut out more.
        for p in grounded:
            for e in state.ships[p]:
                permanent[e] = True


def _regions(state: Any, conn: set[int], permanent: list[bool]) -> tuple[list[tuple[set[int], set[int]]], list[int], bool]:
    """For each player the (roads, ships) the player might hold before the first new settlement or
    trade connection; the players with a ship that is not permanent yet who cannot place a ship on a
    new edge before then (so their ships stay until then); whether a settlement or a connection may
    come (true when in doubt)."""
    topo, board = state.topo, state.board
    node_owner = state.node_owner
    node_edges, edge_nodes = topo.node_edges, topo.edge_nodes
    sea, land = board.sea_edge, board.land_edge
    owners = state.route_owner()
    bare = _bare_nodes(state, owners, conn)
    placed: list[set[int]] = []  # the nodes where each player might place a new piece
    region: list[tuple[set[int], set[int]]] = []
    grounded = []
    event = False
    for p in range(state.players):
        sails = False  # a ship placement forming a connection
        roads, ships = set(state.roads[p]), set(state.ships[p])
        new_nodes: set[int] = set()
        queue = [(v, k) for v in state.buildings[p] for k in (0, 1)]
        queue += [(v, 0) for e in roads for v in topo.edge_nodes[e] if node_owner[v] in (-1, p)]
        queue += [(v, 1) for e in ships for v in topo.edge_nodes[e] if node_owner[v] in (-1, p)]
        seen = set(queue)
        meets: dict[int, str] = {}  # what a piece of p on an edge meets at its ends, found once per edge
        while queue:
            v, kind = queue.pop()
            held = ships if kind else roads
            for e in node_edges[v]:
                if e in held or not (sea[e] if kind else land[e]):
                    continue
                if permanent[e]:
                    continue  # a road, a connection's ship or a ship that stays for ever
                meet = meets.get(e)
                if meet is None:
                    status = [_end_status(state, x, e, p, conn, permanent, owners, bare) for x in edge_nodes[e]]
                    meet = meets[e] = "refused" if "refused" in status else "connection" if "connection" in status else "free"
                if meet == "refused":
                    continue  # refused for ever (rules trade-feud-connection-illegal, trade-feud-branching)
                if meet == "connection":
                    event = True  # a connection, or a refusal that may not last
                    sails = sails or kind == 1
                    continue
                held.add(e)
                for x in edge_nodes[e]:
                    new_nodes.add(x)
                    if (x, kind) not in seen:
                        seen.add((x, kind))
                        queue.append((x, kind))
        if any(_may_settle(state, p, x) for x in _touched(topo, roads | ships)):
            event = True
        if any(new_nodes & placed[q] for q in range(p)):
            event = True  # two players might place pieces at one intersection: a connection
        placed.append(new_nodes)
        region.append((roads, ships))
        mine = state.ships[p]
        if not sails and len(ships) == len(mine) and not all(permanent[e] for e in mine):
            grounded.append(p)
    return region, grounded, event


def _bare_nodes(state: Any, owners: Sequence[int], conn: set[int]) -> list[bool]:
    """For each intersection: no building, and no piece and no trade connection on any of its edges
    (``owners``: the owner of the piece on each edge)."""
    node_owner, node_edges = state.node_owner, state.topo.node_edges
    return [node_owner[x] == -1 and all(owners[f] == -1 and f not in conn for f in node_edges[x])
            for x in range(len(node_owner))]


def _end_status(state: Any, x: int, e: int, p: int, conn: set[int], permanent: list[bool],
                owners: Sequence[int] | None = None, bare: list[bool] | None = None) -> str:
    """What a piece of ``p`` on ``e`` meets at its end ``x``: ``"connection"`` (another player's
    building, or another player's pieces that do not refuse it for ever), ``"refused"`` (another
    player's connection edge or closed route of permanent pieces, or two permanent pieces at an
    intersection without a building) or ``"free"``. ``owners``: the owner of the piece on each edge
    (``state.route_owner()``), and ``bare`` (:func:`_bare_nodes`), when the caller has them: at a bare
    intersection a piece meets nothing (``permanent`` marks only edges with a piece or of a connection).

    The answer grows with ``permanent`` only towards ``"refused"``: a ``"connection"`` or ``"free"``
    found with more permanent pieces holds with fewer, and ``"connection"`` never turns ``"free"``."""
    if bare is not None and bare[x]:
        return "free"
    node_owner = state.node_owner
    if node_owner[x] != -1 and node_owner[x] != p:
        return "connection"
    if owners is None:
        owners = state.route_owner()
    edges = state.topo.node_edges[x]
    others = [f for f in edges if f != e and owners[f] != -1 and owners[f] != p]
    if others:
        if any(f in conn for f in others) or _closed_for_ever(state, x, others, permanent):
            return "refused"
        return "connection"
    if node_owner[x] == -1 and sum(1 for f in edges if f != e and permanent[f]) >= 2:
        return "refused"
    return "free"


def _touched(topo: Any, edges: set[int]) -> set[int]:
    return {v for e in edges for v in topo.edge_nodes[e]}


def _may_settle(state: Any, player: int, node: int) -> bool:
    """Rule ``catan-settlement`` for a node the player's pieces might reach: a site under the distance
    rule (buildings never leave), off every trade connection (rule ``trade-feud-connection-fixed``),
    and a settlement piece the player has or gets back by building a city."""
    if state.node_owner[node] != -1 or not state.distance_ok(node) or not state.board.land_node[node]:
        return False
    if state.on_connection(node):
        return False
    kinds = [state.node_kind[v] for v in state.buildings[player]]
    settlements, cities = kinds.count(SETTLEMENT), kinds.count(CITY)
    return settlements < state.PIECES["settlement"] or cities < state.PIECES["city"]


def _region_routes(state: Any, region: list[tuple[set[int], set[int]]], permanent: list[bool]) -> tuple[list[int], list[int]]:
    """For each player a route the player may never reach (the ``need`` of :func:`_totals` when the
    path search rules it out, else "any") and the route of permanent pieces, which never shrinks."""
    from .roads import longest_route

    n, topo, node_owner = state.players, state.topo, state.node_owner
    floor = []
    for q in range(n):
        mine = [e for e in state.roads[q] + state.ships[q] if permanent[e]]
        floor.append(longest_route(topo, node_owner, (state.edge_owner, state.ship_owner), q, mine))
    longest = []
    for p in range(n):
        roads, ships = region[p]
        need = max([5] + [floor[q] + 1 for q in range(n) if q != p])
        longest.append(99 if _route_of(state, p, roads, ships, permanent, need) else need - 1)
    return longest, floor


#: How many arrangements of one player's pieces :func:`explore` may visit before it gives up.
ARRANGEMENTS = 4000


class Futures:
    """What :func:`explore` found for one player: ``edges`` the player's pieces occupy in some
    reachable arrangement, ``fixed`` the edges they occupy in all of them, ``longest`` and ``shortest``
    the longest and the shortest Longest Trade Route (rule ``seafarers-trade-route``) over them, and
    ``event``: some arrangement offers a placement that forms a trade connection or a site for a
    settlement the player could build."""

    __slots__ = ("edges", "fixed", "longest", "shortest", "event")

    def __init__(self) -> None:
        self.edges: set[int] = set()
        self.fixed: set[int] | None = None
        self.longest, self.shortest, self.event = 0, 99, False


def explore(state: Any, player: int, limit: int | None = None) -> Futures | None:
    """Every arrangement of the player's roads and ships that the player's own builds (with the
    pieces left) and ship moves can reach, one action a turn, the other players' pieces where they
    are and the pirate off the map (it only forbids), tried with the engine's own predicates
    (``road_sites``, ``ship_sites``, ``movable_ships``, ``move_targets``, ``connection_at``,
    ``building_sites``); ``None`` after ``limit`` (default :data:`ARRANGEMENTS`) arrangements."""
    limit = ARRANGEMENTS if limit is None else limit
    scratch = state.clone()
    scratch.pirate_edges = lambda: ()  # the pirate can go anywhere; without it, every action it forbids is open
    scratch.changed()  # a change by hand: the sites kept with the pirate (copied from ``state``) do not hold here
    scratch.ship_moved, scratch.new_ships = False, []
    edge_owner, ship_owner = scratch.edge_owner, scratch.ship_owner
    start = (frozenset(state.roads[player]), frozenset(state.ships[player]))
    seen, queue, out = {start}, [start], Futures()
    settle = _settlers(state, player)

    def put(roads: frozenset[int], ships: frozenset[int]) -> None:
        for e in scratch.roads[player]:
            edge_owner[e] = -1
        for e in scratch.ships[player]:
            ship_owner[e] = -1
        for e in roads:
            edge_owner[e] = player
        for e in ships:
            ship_owner[e] = player
        scratch.roads[player], scratch.ships[player] = sorted(roads), sorted(ships)  # what _derive would list
        scratch.count_pieces()
        scratch.changed()

    while queue:
        roads, ships = queue.pop()
        put(roads, ships)
        here = roads | ships
        out.edges |= here
        out.fixed = set(here) if out.fixed is None else out.fixed & here
        length = scratch.longest_road_of(player)
        out.longest, out.shortest = max(out.longest, length), min(out.shortest, length)
        if settle and scratch.building_sites(player):
            out.event = True
            return out
        nexts = []
        for e in scratch.movable_ships(player):
            nexts += [(roads, ships - {e} | {f}, f, e) for f in scratch.move_targets(player, e)]
        if len(ships) < scratch.PIECES["ship"]:
            nexts += [(roads, ships | {f}, f, -1) for f in scratch.ship_sites(player)]
        if len(roads) < scratch.PIECES["road"]:
            nexts += [(roads | {f}, ships, f, -1) for f in scratch.road_sites(player)]
        for new_roads, new_ships, f, lifted in nexts:
            if scratch.connection_at(player, f, lifted) is not None:
                out.event = True
                return out
            key = (new_roads, new_ships)
            if key not in seen:
                if len(seen) >= limit:
                    return None
                seen.add(key)
                queue.append(key)
    return out


def _settlers(state: Any, player: int) -> bool:
    """Whether the player has a settlement piece or can get one back by building a city."""
    kinds = [state.node_kind[v] for v in state.buildings[player]]
    return kinds.count(SETTLEMENT) < state.PIECES["settlement"] or kinds.count(CITY) < state.PIECES["city"]


def _explored_facts(state: Any) -> tuple[list[int], list[int]] | None:
    """The proof by exploration (see the module's docstring, "Exactly"): the bounds, or ``None``
    when it does not hold."""
    n, topo, owner = state.players, state.topo, state.owner_at
    futures = []
    for p in range(n):
        found = explore(state, p)
        if found is None or found.event:
            return None
        futures.append(found)
    conn = set(state.connection_edges)
    stuck = [stuck_ships(state, p) for p in range(n)]
    edge_owner, ship_owner = state.edge_owner, state.ship_owner
    permanent = [edge_owner[e] >= 0 or e in conn or (ship_owner[e] >= 0 and e in stuck[ship_owner[e]])
                 for e in range(len(edge_owner))]
    changing = [{v for e in f.edges - f.fixed for v in topo.edge_nodes[e]} for f in futures]  # type: ignore[operator]
    for p in range(n):
        for q in range(n):
            if q != p and changing[p] & changing[q]:
                return None  # two players may place or lift pieces at one intersection
        for v in changing[p]:
            others = [f for f in topo.node_edges[v] if owner(f) not in (-1, p)]
            if others and not (any(f in conn for f in others) or _closed_for_ever(state, v, others, permanent)):
                return None  # another player's piece there whose route may still change
    return [f.longest for f in futures], [f.shortest for f in futures]


def least_bound(state: Any) -> list[int]:
    """For each player, a number :func:`best_reachable`'s bound is never below, found without looking at
    the routes (no route counted but the Longest Trade Route held now): tokens, city upgrades, victory
    point cards in hand and in the deck, Largest Army where not ruled out. When a player's number reaches
    the target, no bound can show the game dead, so the search need not run."""
    none = (0,) * state.players  # a longest route of 0 never reaches the 5 a route needs
    return [_total(state, p, none, none) for p in range(state.players)]


def least_bound_reaches(state: Any, target: int) -> bool:
    """Whether some player's :func:`least_bound` reaches ``target`` (``max(least_bound(state)) >= target``),
    asked player by player until one does."""
    none = (0,) * state.players
    for p in range(state.players):
        if _total(state, p, none, none) >= target:
            return True
    return False


def _totals(state: Any, longest: list[int], shortest: list[int]) -> list[int]:
    """:func:`_total` for each player."""
    return [_total(state, p, longest, shortest) for p in range(state.players)]


def _total(state: Any, p: int, longest: Sequence[int], shortest: Sequence[int]) -> int:
    """Tokens + city upgrades + victory point cards + Largest Army and Longest Trade Route where not
    ruled out, for player ``p``, given each player's longest reachable route and the route no player can
    go below."""
    kinds = state.building_counts(p)  # the buildings of each kind (kept until they change)
    deck, hand = state.dev_deck, state.dev_hands[p]
    opts = state.options
    upgrade = opts.city_points - opts.settlement_points  # the tokens a city upgrade gives (rule trade-feud-tokens)
    points = state.tokens[p] + upgrade * min(kinds[SETTLEMENT], state.PIECES["city"] - kinds[CITY]) + hand[VICTORY_POINT]
    points += deck[VICTORY_POINT]
    holder = state.largest_army
    if holder == p:
        points += opts.largest_army_points
    else:
        knights = state.knights[p] + hand[KNIGHT] + deck[KNIGHT]
        if knights >= opts.largest_army_knights and (holder < 0 or knights > state.knights[holder]):
            points += opts.largest_army_points
    reach = longest[p]
    least = opts.longest_road_length
    if state.longest_road == p or (reach >= least and reach >= max([least] + [shortest[q] + 1 for q in range(state.players)
                                                                      if q != p])):
        points += opts.longest_road_points
    return points


#: How many steps the search for a long route may take before it gives up and answers "maybe".
SEARCH_STEPS = 200_000


def _route_of(state: Any, player: int, roads: set[int], ships: set[int], permanent: list[bool], need: int) -> bool:
    """Whether the player might ever hold a route of ``need`` pieces (rule ``seafarers-trade-route``):
    a path over edges the player might hold that changes between roads and ships only at an own
    building, never passes another player's building, passes an intersection without a building once
    and leaves it at most two pieces (rule ``trade-feud-branching``, the permanent pieces off the path
    counted), with at most 15 roads and 15 ships on the map. True also when the search would take more
    than :data:`SEARCH_STEPS` steps (a "maybe" keeps the game going)."""
    topo, node_owner = state.topo, state.node_owner
    edges = roads | ships
    if len(edges) < need:
        return False
    kind = {e: (2 if e in roads else 1) if e in ships else 0 for e in edges}  # 2: a road or a ship
    stay_ships = sum(1 for e in state.ships[player] if permanent[e])
    ship_room = state.PIECES["ship"] - stay_ships  # ships the path may take besides its permanent ones
    road_room = state.PIECES["road"] - len(state.roads[player])  # new roads
    perm_at = [sum(1 for f in topo.node_edges[v] if permanent[f]) for v in range(len(node_owner))]
    used: set[int] = set()
    visited: set[int] = set()
    steps = 0

    def cost(e: int, k: int) -> tuple[int, int]:
        if permanent[e]:
            return 0, 0
        return (1, 0) if k == 1 else (0, 1 if state.edge_owner[e] != player else 0)

    def extend(v: int, length: int, k: int, ship_use: int, road_use: int) -> bool:
        nonlocal steps
        steps += 1
        if length >= need or steps > SEARCH_STEPS:
            return True
        if node_owner[v] not in (-1, player):
            return False
        for f in topo.node_edges[v]:
            if f in used or f not in kind:
                continue
            w = topo.edge_other[f][v]
            for fk in ((0, 1) if kind[f] == 2 else (kind[f],)):
                if k >= 0 and fk != k and node_owner[v] != player:
                    continue
                if node_owner[w] == -1 and (w in visited or perm_at[w] - (1 if permanent[f] else 0) > 1):
                    continue
                if node_owner[v] == -1:
                    before = [g for g in topo.node_edges[v] if g in used]
                    off_path = perm_at[v] - sum(1 for g in (f, *before) if permanent[g])
                    if off_path > (0 if before else 1):
                        continue
                ds, dr = cost(f, fk)
                if ship_use + ds > ship_room or road_use + dr > road_room:
                    continue
                used.add(f)
                if node_owner[w] == -1:
                    visited.add(w)
                found = extend(w, length + 1, fk, ship_use + ds, road_use + dr)
                used.discard(f)
                visited.discard(w)
                if found:
                    return True
        return False

    for v in sorted({x for e in edges for x in topo.edge_nodes[e]}):
        visited.clear()
        if node_owner[v] == -1:
            visited.add(v)
        if extend(v, 0, -1, 0, 0):
            return True
    return False
