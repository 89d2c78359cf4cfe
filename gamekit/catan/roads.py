"""Roads and building sites as pure functions on the board graph (rules ``catan-road``,
``catan-settlement``, ``catan-distance-rule``, ``catan-longest-road``).

Each rule is one predicate; the list of all places where a player may build is that predicate
applied to the places near the player's pieces, so the list and the check of a single action can
never disagree. The arguments are the board's :class:`~gamekit.catan.board.Topology` and the
owners: ``node_owner[v]`` (-1: free) for intersections and ``edge_owner[e]`` (-1: free) for edges.
They know nothing of a game's state, so other pieces on edges (Seafarers' ships) can be given the
same way.

>>> from gamekit.catan.board import beginner_board
>>> board = beginner_board()
>>> topo = board.topology
>>> nodes, edges = [-1] * len(topo.nodes), [-1] * len(topo.edges)
>>> nodes[12] = 0
>>> road_sites(board, nodes, edges, 0, [], [12]) == sorted(topo.node_edges[12])
True
>>> edges[topo.node_edges[12][0]] = 0
>>> longest_road(topo, nodes, edges, 0, [topo.node_edges[12][0]])
1
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

__all__ = [
    "is_site",
    "built_or_beside",
    "touches_own",
    "settlement_site",
    "settlement_sites",
    "road_connected",
    "road_site",
    "road_sites",
    "longest_road",
    "longest_road_from",
    "longest_route",
    "longest_route_from",
]


def is_site(board: Any, node_owner: Sequence[int], node: int) -> bool:
    """Rule ``catan-distance-rule``: ``node`` is free, touches land, and no neighbouring
    intersection has a building."""
    if node_owner[node] != -1 or not board.land_node[node]:
        return False
    for m in board.topology.node_nodes[node]:
        if node_owner[m] != -1:
            return False
    return True


def built_or_beside(topo: Any, buildings: Iterable[Iterable[int]]) -> set[int]:
    """The intersections with a building (of ``buildings``, one list per player) or next to one: where rule
    ``catan-distance-rule`` rules a settlement out, for every intersection at once (a land intersection is a
    site, :func:`is_site`, exactly when it is not among them)."""
    nodes = topo.node_nodes
    taken: set[int] = set()
    for built in buildings:
        for v in built:
            taken.add(v)
            taken.update(nodes[v])
    return taken


def touches_own(topo: Any, edge_owner: Sequence[int], player: int, node: int) -> bool:
    """An edge at ``node`` belongs to ``player``."""
    for e in topo.node_edges[node]:
        if edge_owner[e] == player:
            return True
    return False


def settlement_site(board: Any, node_owner: Sequence[int], edge_owner: Sequence[int], player: int, node: int) -> bool:
    """Rules ``catan-settlement``, ``catan-distance-rule``: a site that touches an own road."""
    return is_site(board, node_owner, node) and touches_own(board.topology, edge_owner, player, node)


def settlement_sites(
    board: Any, node_owner: Sequence[int], edge_owner: Sequence[int], player: int, roads: Iterable[int]
) -> list[int]:
    """Every intersection where :func:`settlement_site` holds (they all lie at an end of an own road)."""
    edge_nodes = board.topology.edge_nodes
    candidates = {v for e in roads for v in edge_nodes[e] if node_owner[v] == -1}
    return sorted([v for v in candidates if settlement_site(board, node_owner, edge_owner, player, v)])


def road_connected(topo: Any, node_owner: Sequence[int], edge_owner: Sequence[int], player: int, edge: int) -> bool:
    """Rule ``catan-road``: an end of ``edge`` has an own building, or an own road that is not cut
    off there by another player's building."""
    node_edges = topo.node_edges
    for v in topo.edge_nodes[edge]:
        owner = node_owner[v]
        if owner == player:
            return True
        if owner == -1:
            for e in node_edges[v]:  # touches_own, inline: this runs for every candidate edge
                if edge_owner[e] == player:
                    return True
    return False


def road_site(board: Any, node_owner: Sequence[int], edge_owner: Sequence[int], player: int, edge: int) -> bool:
    """Rule ``catan-road``: ``edge`` is free, has land beside it (an edge between two sea hexes
    carries no road) and is connected to the player's roads or buildings."""
    return (
        edge_owner[edge] == -1
        and board.land_edge[edge]
        and road_connected(board.topology, node_owner, edge_owner, player, edge)
    )


def road_sites(
    board: Any,
    node_owner: Sequence[int],
    edge_owner: Sequence[int],
    player: int,
    roads: Iterable[int],
    buildings: Iterable[int],
) -> list[int]:
    """Every edge where :func:`road_site` holds (they all touch an own road or building)."""
    topo = board.topology
    node_edges, edge_nodes = topo.node_edges, topo.edge_nodes
    ends = {v for e in roads for v in edge_nodes[e]}
    ends.update(buildings)
    candidates = {f for v in ends for f in node_edges[v] if edge_owner[f] == -1}
    return sorted([e for e in candidates if road_site(board, node_owner, edge_owner, player, e)])


def longest_road(
    topo: Any, node_owner: Sequence[int], edge_owner: Sequence[int], player: int, roads: Sequence[int]
) -> int:
    """Rule ``catan-longest-road``: the most of ``player``'s road segments in one path that uses no
    segment twice; another player's building breaks the path at its intersection."""
    return longest_route(topo, node_owner, (edge_owner,), player, roads)


def longest_route(
    topo: Any, node_owner: Sequence[int], owners: Sequence[Sequence[int]], player: int, pieces: Sequence[int]
) -> int:
    """The most of ``player``'s pieces on edges in one path that uses no edge twice (rules
    ``catan-longest-road``, ``seafarers-trade-route``). ``owners`` holds one owner list per kind of
    piece (roads; roads and ships); the path changes from one kind to another only at the player's
    own building, and another player's building breaks it. ``pieces`` are the player's edges.

    Every path is tried (a depth-first search over the player's pieces, the edges used kept as the
    bits of one integer). With one kind of piece, the search starts only where a longest path may
    start: at an intersection with an odd number of the player's pieces, at another player's
    building (which a path may end at but not pass), and at one intersection of a network that has
    neither (a ring, walked round). A longest path that started anywhere else could be made longer
    by the unused piece there. With several kinds, it starts anywhere but where exactly two pieces
    of one kind meet without a building, and walks the lines between such starts whole
    (:func:`_longest_route_kinds`)."""
    if len(pieces) < 2:
        return len(pieces)
    edge_nodes = topo.edge_nodes
    single = len(owners) == 1
    if single:
        return _longest_road(edge_nodes, node_owner, owners[0], player, pieces)
    return _longest_route_kinds(edge_nodes, node_owner, owners, player, pieces)


def _longest_route_kinds(edge_nodes: Sequence[tuple[int, int]], node_owner: Sequence[int],
                         owners: Sequence[Sequence[int]], player: int, pieces: Sequence[int]) -> int:
    """:func:`longest_route` with several kinds of piece (rule ``seafarers-trade-route``).

    Any intersection may start a longest path but one without a building where exactly two of the
    player's pieces meet, both of one kind (a *link* of a line): a path starting there along one of them
    could take the other first, unless it comes back through it, a closed loop, which may start at any of
    its intersections (the path passes each of them with one kind). A network with no start is such a
    loop, its length the whole of it.

    A path that reaches a link of a line may always go on along the line (the piece on its other side
    is unused: the path could only have used it by passing through the link before, along the piece it
    comes by now), and gains by it; so the search walks whole lines at once, each line one step of its
    length, from one start to the next (a depth-first search over the lines, those used kept as the bits
    of one integer). Its longest path is the longest path piece by piece."""
    adjacent: dict[int, list[tuple[int, int, int]]] = {}  # intersection: (piece number, other end, kind)
    kinds = len(owners)
    first, second = owners[0], owners[-1]
    skipped = 0  # pieces not the player's
    for i, e in enumerate(pieces):
        if kinds == 2:  # roads and ships, the usual case
            kind = 1 if second[e] == player else 0 if first[e] == player else -1
        else:
            kind = -1
            for k, owner_list in enumerate(owners):
                if owner_list[e] == player:
                    kind = k
        if kind < 0:
            skipped += 1
            continue
        a, b = edge_nodes[e]
        links = adjacent.get(a)
        if links is None:
            adjacent[a] = [(i, b, kind)]
        else:
            links.append((i, b, kind))
        links = adjacent.get(b)
        if links is None:
            adjacent[b] = [(i, a, kind)]
        else:
            links.append((i, a, kind))
    inner: set[int] = set()  # the links of lines
    lines: dict[int, list[tuple[int, int, int, int]]] = {}  # a start: (line bit, far end, kind, length)
    blocked = []
    for v, links in adjacent.items():
        owner = node_owner[v]
        if owner == -1:
            if len(links) == 2 and links[0][2] == links[1][2]:
                inner.add(v)
            else:
                lines[v] = []
        else:
            lines[v] = []
            if owner != player:
                blocked.append(v)
    taken: set[int] = set()  # the pieces in a line found
    bit = 1
    for v, out in lines.items():
        for i, here, kind in adjacent[v]:
            if i in taken:
                continue
            taken.add(i)
            length = 1
            while here in inner:  # along the line to its far end
                one, two = adjacent[here]
                if one[0] == i:
                    i, here = two[0], two[1]
                else:
                    i, here = one[0], one[1]
                taken.add(i)
                length += 1
            out.append((bit, here, kind, length))
            if here != v:
                lines[here].append((bit, v, kind, length))
            bit <<= 1
    best = 0
    if len(taken) < len(pieces) - skipped:
        for v, links in adjacent.items():  # the pieces of no line: closed loops of links, each walked round
            if links[0][0] not in taken:
                length, i, here = 0, -1, v
                while True:
                    one, two = adjacent[here]
                    if one[0] == i:
                        i, here = two[0], two[1]
                    else:
                        i, here = one[0], one[1]
                    taken.add(i)
                    length += 1
                    if here == v:
                        break
                best = max(best, length)
    starts = lines
    if blocked:  # a path ends at another player's building: none goes on from there (but it may start there)
        lines = dict(lines)
        for v in blocked:
            lines[v] = []

    def walk(node: int, used: int, length: int, kind: int) -> int:
        best = length
        through = node_owner[node] == player
        for b, other, k, n in lines[node]:
            if not used & b and (through or k == kind):
                found = walk(other, used | b, length + n, k)
                if found > best:
                    best = found
        return best

    for out in starts.values():
        for b, other, k, n in out:
            found = walk(other, b, n, k)
            if found > best:
                best = found
    return best


def _longest_road(edge_nodes: Sequence[tuple[int, int]], node_owner: Sequence[int], owner: Sequence[int], player: int,
                  pieces: Sequence[int]) -> int:
    """:func:`longest_route` with one kind of piece (rule ``catan-longest-road``): the same search,
    without the changes of kind to follow."""
    adjacent: dict[int, list[tuple[int, int]]] = {}
    bit = 1
    for e in pieces:
        if owner[e] != player:
            continue
        a, b = edge_nodes[e]
        links = adjacent.get(a)
        if links is None:
            adjacent[a] = [(bit, b)]
        else:
            links.append((bit, b))
        links = adjacent.get(b)
        if links is None:
            adjacent[b] = [(bit, a)]
        else:
            links.append((bit, a))
        bit <<= 1
    blocked = {v for v in adjacent if node_owner[v] != -1 and node_owner[v] != player}

    def walk(node: int, used: int, length: int) -> int:
        best = length
        for b, other in adjacent[node]:
            if not used & b:
                found = walk(other, used | b, length + 1) if other not in blocked else length + 1
                if found > best:
                    best = found
        return best

    starts = [v for v, links in adjacent.items() if len(links) & 1 or v in blocked]
    reached: set[int] = set()
    for v in starts:  # every network with a start in it
        if v not in reached:
            _network(adjacent, v, reached)  # type: ignore[arg-type]
    for v in adjacent:  # a network without one is a ring: any of its intersections will do
        if v not in reached:
            starts.append(v)
            _network(adjacent, v, reached)  # type: ignore[arg-type]
    best = 0
    for v in starts:
        for b, other in adjacent[v]:
            found = walk(other, b, 1) if other not in blocked else 1
            if found > best:
                best = found
    return best


def longest_road_from(topo: Any, node_owner: Sequence[int], edge_owner: Sequence[int], player: int,
                      roads: Sequence[int], start: int, skip: int = -1) -> int:
    """Rule ``catan-longest-road``: the most of ``player``'s road segments (among ``roads``, leaving
    out the edge ``skip``) in one path from the intersection ``start`` that uses no segment twice;
    another player's building breaks the path at its intersection (it may end there). ``start``
    itself is taken to be passable. A road just built at a dead end of the player's roads lengthens
    them by one segment more than this from its other end."""
    edge_nodes = topo.edge_nodes
    adjacent: dict[int, list[tuple[int, int]]] = {}
    bit = 1
    for e in roads:
        if e == skip or edge_owner[e] != player:
            continue
        a, b = edge_nodes[e]
        adjacent.setdefault(a, []).append((bit, b))
        adjacent.setdefault(b, []).append((bit, a))
        bit <<= 1

    def walk(node: int, used: int, length: int) -> int:
        best = length
        for b, other in adjacent.get(node, ()):
            if not used & b:
                owner = node_owner[other]
                if owner == -1 or owner == player:
                    found = walk(other, used | b, length + 1)
                else:
                    found = length + 1
                if found > best:
                    best = found
        return best

    return walk(start, 0, 0)


def longest_route_from(topo: Any, node_owner: Sequence[int], owners: Sequence[Sequence[int]], player: int,
                       start: int, kind: int, skip: int = -1) -> int:
    """Rule ``seafarers-trade-route``: the most of ``player``'s pieces (``owners``: the owner of the
    road and of the ship on each edge, kinds 0 and 1) in one path from the intersection ``start``,
    leaving out the edge ``skip``, that uses no edge twice, having come to ``start`` by a piece of kind
    ``kind``: it changes kind only at the player's own building, and another player's building breaks
    it (it may end there). ``start`` itself is taken to be passable (with an own building, by any
    kind). A piece of kind ``kind`` on ``skip`` with a dead end lengthens the player's route through it
    by one piece more than this from its other end. The search walks from ``start`` only."""
    node_edges, edge_other = topo.node_edges, topo.edge_other
    roads, ships = owners[0], owners[1]

    def walk(node: int, used: int, length: int, kind: int) -> int:
        best = length
        through = node_owner[node] == player
        for f in node_edges[node]:
            if ships[f] == player:
                if not (kind or through):
                    continue
                k = 1
            elif roads[f] == player and (through or not kind):
                k = 0
            else:
                continue
            b = 1 << f
            if used & b:
                continue
            other = edge_other[f][node]
            owner = node_owner[other]
            if owner == -1 or owner == player:
                found = walk(other, used | b, length + 1, k)
            else:
                found = length + 1
            if found > best:
                best = found
        return best

    return walk(start, 1 << skip if skip >= 0 else 0, 0, kind)


def _network(adjacent: dict[int, list[tuple[int, int, int]]], start: int, reached: set[int]) -> None:
    """Add to ``reached`` every intersection joined to ``start`` by the pieces in ``adjacent``."""
    stack = [start]
    reached.add(start)
    while stack:
        for link in adjacent[stack.pop()]:
            other = link[1]
            if other not in reached:
                reached.add(other)
                stack.append(other)
