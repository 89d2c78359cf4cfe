"""Services for the Trade Feud chapter's widget "Build a trade connection" (chapter ``trade-feud``).

A small sea around the north island of the island map (:mod:`gamekit.catan.maps`) with three
players' settlements. The reader places ships and roads for any of the three players; every
placement is the engine's own action (:class:`~gamekit.catan.actions.BuildShip`,
:class:`~gamekit.catan.actions.BuildRoad`) applied to a Trade Feud game, so an illegal one is refused
with the engine's reason and rule label (rules ``seafarers-ship``, ``catan-road``,
``trade-feud-branching``, ``trade-feud-connection-illegal``, ...). When a placement forms a trade
connection (rule ``trade-feud-connection``), the view says who contributed more pieces, which token
moves and which pieces go back.

The situation is the list of placements made; each call replays them on the scenario's position
(a few engine actions), so a refused placement leaves the situation exactly as it was.
"""

from __future__ import annotations

import math
from typing import Any

from ..catan.actions import BuildRoad, BuildShip
from ..catan.board import hex_centre
from ..catan.svg import PLAYER_FILL, SIZE, TERRAIN_COLOURS
from ..catan.trade_feud import TradeFeudState, scenario
from ..validation import is_integer
from . import service

#: The scenario: three players' settlements around the north island (intersections of the island
#: map) and the ships already at sea: Red's route leaves 10 along the coast towards White's
#: settlement at 12 (the chapter's figure), Blue's lies on the south coast at 29.
SETTLEMENTS: tuple[tuple[int, int], ...] = ((0, 10), (2, 12), (1, 29))
START_SHIPS: tuple[tuple[int, int], ...] = ((0, 16), (1, 35))
#: The hexes shown: the north island and the sea around it (axial q, r).
ISLAND: tuple[tuple[int, int], ...] = ((0, -2), (1, -2), (2, -2))
PIECES: dict[str, type] = {"ship": BuildShip, "road": BuildRoad}
PIECE_LABELS = {"ship": "Ship", "road": "Road"}
MAX_PLACEMENTS = 60
HISTORY_SHOWN = 30


_SCENARIO: TradeFeudState | None = None


def _scenario() -> TradeFeudState:
    """The scenario's position (a fresh copy: the engine's clone of the position set up once)."""
    global _SCENARIO
    if _SCENARIO is None:
        _SCENARIO = _set_up()
    return _SCENARIO.clone()  # type: ignore[return-value]


def _set_up() -> TradeFeudState:
    """The scenario's position: a three-player game after its setup, the pieces above placed, a token
    for each settlement (rule ``trade-feud-tokens``): the engine's :func:`~gamekit.catan.trade_feud.scenario`."""
    return scenario(players=3, seed=0, settlements=SETTLEMENTS, ships=START_SHIPS)


def _window(state: TradeFeudState) -> tuple[list[int], list[int]]:
    """The hexes shown (the island and its neighbours) and the edges of those hexes."""
    topo = state.topo
    island = [topo.hex_index[(q, r, -q - r)] for q, r in ISLAND]
    near = {h for h in island}
    for h in island:
        q, r, s = topo.hexes[h]
        for dq, dr in ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)):
            cube = (q + dq, r + dr, s - dq - dr)
            if cube in topo.hex_index:
                near.add(topo.hex_index[cube])
    hexes = sorted(near)
    edges = sorted({e for h in hexes for e in topo.hex_edges[h]})
    return hexes, edges


def _name(state: TradeFeudState, player: int) -> str:
    return state.colours[player].capitalize()


def _edge_text(state: TradeFeudState, edge: int) -> str:
    """An edge by its number, its two intersections (as the board shows them) and where it lies."""
    a, b = state.topo.edge_nodes[edge]
    kinds = sorted(state.board.terrain[h] for h in state.topo.edge_hexes[edge])
    if kinds == ["sea"]:
        where = "out at sea, at the edge of the board"
    elif len(kinds) == 1:
        where = f"on the outer side of the {kinds[0]}"
    elif kinds == ["sea", "sea"]:
        where = "out at sea"
    elif kinds[0] == kinds[1]:
        where = f"between two {kinds[0]} hexes"
    else:
        where = f"between the {kinds[0]} and the {kinds[1]}"
    return f"edge {edge} (intersections {a}–{b}, {where})"


def _place(state: TradeFeudState, player: int, piece: str, edge: Any) -> None:
    """One placement through the engine: it is ``player``'s turn, the piece's cost is handed over (the
    widget is about where pieces go, not about paying), then the engine checks and applies it."""
    if piece not in PIECES:
        raise ValueError(f"a piece is one of {sorted(PIECES)}")
    if not is_integer(edge):
        raise ValueError("an edge is a whole number")
    state.give_turn(player)
    state.hand_over(player, state.COSTS[piece])
    state.apply(PIECES[piece](edge))


def replay(placed: list[Any]) -> TradeFeudState:
    """The widget's scenario with the ``placed`` pieces (``[player, piece, edge]`` each) laid in
    order through the engine (rule ``trade-feud-connection``): the position the service answers
    about, for a test or a notebook to read."""
    state = _scenario()
    for item in placed:
        player, piece, edge = item
        _place(state, player, piece, edge)
    return state


def _validate(s: Any) -> dict[str, Any]:
    if not isinstance(s, dict):
        raise ValueError("the situation is a JSON object")
    placed = s.get("placed", [])
    if not isinstance(placed, list) or len(placed) > MAX_PLACEMENTS:
        raise ValueError(f"placed lists at most {MAX_PLACEMENTS} placements")
    for item in placed:
        if not (isinstance(item, list) and len(item) == 3 and item[0] in (0, 1, 2) and item[1] in PIECES):
            raise ValueError("each placement is [player 0-2, 'ship' or 'road', edge]")
    player, piece = s.get("player", 0), s.get("piece", "ship")
    if player not in (0, 1, 2) or piece not in PIECES:
        raise ValueError("player is 0-2 and piece 'ship' or 'road'")
    return {"placed": [list(x) for x in placed], "player": player, "piece": piece,
            "history": [str(h) for h in s.get("history", [])][-HISTORY_SHOWN:]}


def _connection_lines(state: TradeFeudState, link: dict[str, Any]) -> dict[str, Any]:
    """Rule ``trade-feud-connection`` in words: who contributed more, the token, the pieces returned."""
    closer, other = link["closer"], link["other"]
    winner, loser = link["winner"], link["loser"]
    mine, theirs = link["pieces"]
    tie = " (a tie: the one who closed it)" if mine == theirs else ""
    token = (f"{_name(state, loser)} gives a victory point token to {_name(state, winner)}." if link["token_moved"]
             else f"{_name(state, loser)} has no token left to give: nothing moves.")
    returned = [f"{_edge_text(state, e)}" for e in link["returned"]]
    return {
        "title": f"Trade connection between {_name(state, closer)} and {_name(state, other)} at intersection {link['at']}",
        "contributed": (f"Pieces contributed: {_name(state, closer)} {mine}, {_name(state, other)} {theirs}. "
                        f"{_name(state, winner)} contributed more{tie}."),
        "token": token,
        "returned": (f"Pieces returned to {_name(state, other)}: " + "; ".join(returned) + "."
                     if returned else "No pieces return: every piece of both routes belongs to the connection."),
        "fixed": "The connection's ships no longer move, and no settlement goes on its intersections.",
    }


def _board(state: TradeFeudState, player: int, piece: str, returned: list[int], allowed: set[int]) -> dict[str, Any]:
    topo, board = state.topo, state.board
    hexes, edges = _window(state)
    fills = [PLAYER_FILL.get(c, "#888888") for c in state.colours]
    xy = {v: (topo.node_xy[v][0] * SIZE, topo.node_xy[v][1] * SIZE) for e in edges for v in topo.edge_nodes[e]}
    xs, ys = [x for x, _ in xy.values()], [y for _, y in xy.values()]
    pad = SIZE * 0.35
    view_box = f"{min(xs) - pad:.1f} {min(ys) - pad:.1f} {max(xs) - min(xs) + 2 * pad:.1f} {max(ys) - min(ys) + 2 * pad:.1f}"
    shapes = []
    for h in hexes:
        cx, cy = hex_centre(topo.hexes[h], SIZE)
        corners = " ".join(f"{cx + SIZE * math.cos(math.radians(30 + 60 * k)):.1f},"
                           f"{cy + SIZE * math.sin(math.radians(30 + 60 * k)):.1f}" for k in range(6))
        shapes.append({"points": corners, "fill": TERRAIN_COLOURS[board.terrain[h]]})
    fixed = set(state.connection_edges)
    drawn = []
    for e in edges:
        a, b = topo.edge_nodes[e]
        (ax, ay), (bx, by) = xy[a], xy[b]
        owner = state.piece_owner(e)
        item: dict[str, Any] = {"edge": e, "x1": round(ax, 1), "y1": round(ay, 1), "x2": round(bx, 1), "y2": round(by, 1)}
        if owner >= 0:
            kind = "ship" if state.ship_owner[e] >= 0 else "road"
            item.update(owner=owner, fill=fills[owner], piece=kind, connection=e in fixed,
                        label=f"{_name(state, owner)}'s {kind} on {_edge_text(state, e)}"
                        + (", part of a trade connection" if e in fixed else ""))
        else:
            # Marked on the board: where the engine allows the chosen piece now (not merely "a
            # ship could lie here": most of those edges are refused by the rules).
            item.update(owner=-1, legal=e in allowed, returned=e in returned,
                        label=f"Place {_name(state, player)}'s {piece} on {_edge_text(state, e)}"
                        + (" (allowed now)" if e in allowed else ""))
        drawn.append(item)
    nodes = [{"x": round(xy[v][0], 1), "y": round(xy[v][1], 1), "fill": fills[p],
              "label": f"{_name(state, p)}'s settlement at intersection {v}"}
             for v, p in enumerate(state.node_owner) if p >= 0 and v in xy]
    px, py = hex_centre(topo.hexes[state.pirate], SIZE)
    pirate = {"x": round(px, 1), "y": round(py, 1), "r": SIZE * 0.22} if state.pirate in hexes else None
    pieces_text = []
    for p in range(state.players):
        ships = [e for e in state.ships[p] if e in set(edges)]
        roads = [e for e in state.roads[p] if e in set(edges)]
        pieces_text.append(f"{_name(state, p)}: settlement at {', '.join(str(v) for v in state.buildings[p])}; "
                           f"ships on edges {', '.join(map(str, sorted(ships))) or 'none'}; "
                           f"roads on edges {', '.join(map(str, sorted(roads))) or 'none'}")
    return {
        "viewBox": view_box,
        "hexes": shapes,
        "edges": drawn,
        "nodes": nodes,
        "pirate": pirate,
        "label": ("A small sea around an island of three land hexes; the pirate's hex blocks its edges. "
                  + "; ".join(pieces_text) + ". "
                  + (f"{_name(state, player)}'s {piece} is allowed on edge{'' if len(allowed) == 1 else 's'} "
                     + ", ".join(map(str, sorted(allowed))) + "." if allowed
                     else f"{_name(state, player)}'s {piece} is allowed on no edge here now.")),
        "key": (f"Edges with their numbers; the highlighted ones are where {_name(state, player)}'s {piece} is "
                "allowed now (the others are refused, and a click on one says why)."),
    }


def _view(s: dict[str, Any], state: TradeFeudState, announce: str = "", new_link: dict[str, Any] | None = None) -> dict[str, Any]:
    player, piece = s["player"], s["piece"]
    _, edges = _window(state)
    window = set(edges)
    legal = [a for a in state_for(state, player).legal_actions() if isinstance(a, (BuildShip, BuildRoad)) and a.edge in window]
    kinds = {BuildShip: "ship", BuildRoad: "road"}
    places = [{"edge": a.edge, "piece": kinds[type(a)],
               "label": f"{PIECE_LABELS[kinds[type(a)]]} on {_edge_text(state, a.edge)}"} for a in legal]
    links = [_connection_lines(state, link) for link in state.connections]
    returned = new_link["returned"] if new_link else []
    allowed = {p["edge"] for p in places if p["piece"] == piece}
    return {
        "players": [{"player": p, "label": _name(state, p), "fill": PLAYER_FILL.get(state.colours[p], "#888888"),
                     "pressed": p == player} for p in range(state.players)],
        "players_caption": "Place pieces for:",
        "pieces": [{"piece": k, "label": PIECE_LABELS[k], "pressed": k == piece} for k in PIECES],
        "pieces_caption": "Piece to place on the board:",
        "board": _board(state, player, piece, returned, allowed),
        "legal_caption": (f"Where {_name(state, player)} may place a piece now ({len(places)}), from the engine's legal "
                          "actions (try any other free edge on the board to see why it is refused):"),
        "legal": places,
        "tokens": "Victory point tokens: " + ", ".join(f"{_name(state, p)} {state.tokens[p]}" for p in range(state.players)),
        "connections": links,
        "latest": len(links) - 1 if new_link else None,
        "announce": announce,
        "reset_label": "Start again",
        "cost_note": "Each piece's cost is handed to the player before it is placed: only where it goes matters here.",
    }


def state_for(state: TradeFeudState, player: int) -> TradeFeudState:
    """The position with ``player`` to act in the main phase (what :func:`_place` does before a placement),
    so the legal placements listed are the engine's for that player."""
    view: TradeFeudState = state.clone()  # type: ignore[assignment]
    view.give_turn(player)
    view.hand_over(player, [max(a, b) for a, b in zip(view.COSTS["ship"], view.COSTS["road"])])
    return view


@service("trade-feud.connection")
def connection(situation: dict[str, Any] | None = None, action: dict[str, Any] | None = None) -> dict[str, Any]:
    """Advance the widget. Actions: ``{"kind": "player", "player": p}``, ``{"kind": "piece", "piece":
    "ship" | "road"}``, ``{"kind": "place", "edge": e}`` (optionally with ``"piece"``), ``{"kind": "reset"}``.
    A placement the rules forbid raises :class:`~gamekit.IllegalAction` (the situation stays as it was)."""
    s = _validate(situation) if situation is not None else {"placed": [], "player": 0, "piece": "ship", "history": []}
    state = replay(s["placed"])
    kind = (action or {}).get("kind")
    announce, new_link = "", None
    if kind == "player":
        p = action.get("player")
        if p not in range(state.players) or isinstance(p, bool):
            raise ValueError(f"a player is 0-{state.players - 1}")
        s["player"] = p
        announce = f"Placing pieces for {_name(state, p)}."
    elif kind == "piece":
        piece = action.get("piece")
        if piece not in PIECES:
            raise ValueError(f"a piece is one of {sorted(PIECES)}")
        s["piece"] = piece
        announce = f"Placing {piece}s."
    elif kind == "place":
        if len(s["placed"]) >= MAX_PLACEMENTS:
            raise ValueError(f"at most {MAX_PLACEMENTS} placements: start again")
        piece = action.get("piece", s["piece"])
        before = len(state.connections)
        _place(state, s["player"], piece, action.get("edge"))
        s["placed"].append([s["player"], piece, action["edge"]])
        text = f"{_name(state, s['player'])} placed a {piece} on {_edge_text(state, action['edge'])}"
        if len(state.connections) > before:
            new_link = {**state.connections[-1]}
            lines = _connection_lines(state, new_link)
            text += f". {lines['title']}. {lines['contributed']} {lines['token']}"
        s["history"].append(text)
        announce = text + ("" if text.endswith(".") else ".")
    elif kind == "reset":
        s = {"placed": [], "player": 0, "piece": "ship", "history": []}
        state = _scenario()
        announce = "Started again from the scenario's position."
    elif kind is not None:
        raise ValueError(f"unknown action {kind!r}")
    s["history"] = s["history"][-HISTORY_SHOWN:]
    return {"situation": s, "view": _view(s, state, announce, new_link)}
