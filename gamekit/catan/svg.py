"""Pictures of Catan boards and game states as SVG text (standard library only).

:func:`board_svg` draws the hexes coloured by terrain, number tokens (6 and 8 in red) and
harbours; :func:`state_svg` adds roads, settlements, cities, factories with their pegs (a hole
points at the hex it faces; a blank peg shows as a grey dot, a numbered one its number) and the
robber. Boards and states show themselves in a notebook through ``_repr_svg_``. The words of a
picture (its caption, description and tooltips) number the players from 1, as the play pages do;
the engine's API counts them from 0.
"""

from __future__ import annotations

import math
from html import escape
from typing import Any

from .board import Board, hex_centre

__all__ = ["board_svg", "state_svg", "TERRAIN_COLOURS", "PLAYER_FILL"]

TERRAIN_COLOURS = {
    "hills": "#c8693a",
    "forest": "#2f7a3a",
    "pasture": "#9ccf5a",
    "fields": "#e8c547",
    "mountains": "#8d8d9a",
    "desert": "#e6d7a8",
    "sea": "#6aa6d8",
}
PLAYER_FILL = {
    "red": "#d1302f",
    "blue": "#2f5fd1",
    "white": "#f4f4f4",
    "orange": "#f08a1c",
    "green": "#2e9e44",
    "yellow": "#e9d234",
}
SIZE = 40.0


def _frame(board: Board, margin: float = 1.9) -> tuple[float, float, float, float]:
    xs = [hex_centre(h, SIZE)[0] for h in board.hexes]
    ys = [hex_centre(h, SIZE)[1] for h in board.hexes]
    m = SIZE * margin
    return min(xs) - m, min(ys) - m, max(xs) - min(xs) + 2 * m, max(ys) - min(ys) + 2 * m


def point_of(board: Board, node: int) -> tuple[float, float]:
    """Where intersection ``node`` is drawn on the board picture (the picture's own coordinates)."""
    x, y = board.topology.node_xy[node]
    return x * SIZE, y * SIZE


_xy = point_of


def _board_parts(board: Board) -> list[str]:
    parts = []
    topo = board.topology
    for h, cube in enumerate(topo.hexes):
        cx, cy = hex_centre(cube, SIZE)
        corners = " ".join(
            f"{cx + SIZE * math.cos(math.radians(30 + 60 * k)):.1f},{cy + SIZE * math.sin(math.radians(30 + 60 * k)):.1f}"
            for k in range(6)
        )
        terrain = board.terrain[h]
        parts.append(f'<polygon points="{corners}" fill="{TERRAIN_COLOURS[terrain]}" stroke="#5b4a32" '
                     f'stroke-width="1.5"><title>hex {h}: {terrain}</title></polygon>')
        number = board.numbers[h]
        if number is not None:
            colour = "#c0392b" if number in (6, 8) else "#222"
            parts.append(f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{SIZE * 0.3:.1f}" fill="#f8f1dc" stroke="#5b4a32"/>')
            parts.append(f'<text x="{cx:.1f}" y="{cy + 4:.1f}" text-anchor="middle" font-size="13" '
                         f'font-weight="bold" fill="{colour}">{number}</text>')
    cxs = sum(hex_centre(h, SIZE)[0] for h in topo.hexes) / len(topo.hexes)
    cys = sum(hex_centre(h, SIZE)[1] for h in topo.hexes) / len(topo.hexes)
    for e, kind in board.harbours.items():
        a, b = topo.edge_nodes[e]
        (ax, ay), (bx, by) = _xy(board, a), _xy(board, b)
        mx, my = (ax + bx) / 2, (ay + by) / 2
        # Out to sea, square to the harbour's edge (away from its land hex): the label then sits in
        # the sea hex beside it, clear of the coast's intersections and of every number token.
        land = [h for h in topo.edge_hexes[e] if board.terrain[h] != "sea"]
        if land:
            hx, hy = hex_centre(topo.hexes[land[0]], SIZE)
            dx, dy = mx - hx, my - hy
        else:
            dx, dy = mx - cxs, my - cys
        d = math.hypot(dx, dy) or 1.0
        px, py = mx + dx / d * SIZE * 0.5, my + dy / d * SIZE * 0.5
        lx, ly = mx + dx / d * SIZE * 0.8, my + dy / d * SIZE * 0.8
        label = "3:1" if kind == "3:1" else f"2:1 {kind}"
        parts.append(f'<line x1="{ax:.1f}" y1="{ay:.1f}" x2="{px:.1f}" y2="{py:.1f}" stroke="#7a5a2a" stroke-width="2"/>')
        parts.append(f'<line x1="{bx:.1f}" y1="{by:.1f}" x2="{px:.1f}" y2="{py:.1f}" stroke="#7a5a2a" stroke-width="2"/>')
        parts.append(f'<text x="{lx:.1f}" y="{ly + 3:.1f}" text-anchor="middle" font-size="9" fill="#222" '
                     f'stroke="#fff" stroke-width="2.5" paint-order="stroke">{escape(label)}</text>')
    return parts


def _board_desc(board: Board) -> str:
    """The board in words, for readers who cannot see the picture."""
    from collections import Counter

    land = Counter(t for t in board.terrain if t != "sea")
    terrain = ", ".join(f"{n} {t}" for t, n in sorted(land.items()))
    return f"A board of {sum(land.values())} land hexes ({terrain}) with number tokens and harbours."


def _wrap(board: Board, parts: list[str], title: str, extra_height: float = 0.0, desc: str = "") -> str:
    x, y, w, h = _frame(board)
    desc = desc or _board_desc(board)
    head = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{w:.0f}" height="{h + extra_height:.0f}" '
            f'viewBox="{x:.1f} {y:.1f} {w:.1f} {h + extra_height:.1f}" font-family="sans-serif" role="img">'
            f'<title>{escape(title)}</title><desc>{escape(desc)}</desc><rect x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="{h + extra_height:.1f}" '
            f'fill="#b9dcf2"/>')
    return head + "".join(parts) + "</svg>"


def board_svg(board: Board) -> str:
    """The board alone: terrain, number tokens and harbours."""
    return _wrap(board, _board_parts(board), "Catan board")


def state_svg(state: Any) -> str:
    """A game state of a Catan game: the board with every piece and the robber."""
    board: Board = state.board
    topo = board.topology
    parts = _board_parts(board)
    fills = [PLAYER_FILL.get(c, "#888") for c in state.colours]
    if state.robber is not None:  # off the board on a map without a desert (until it first moves)
        rx, ry = hex_centre(topo.hexes[state.robber], SIZE)
        parts.append(f'<circle cx="{rx - SIZE * 0.45:.1f}" cy="{ry:.1f}" r="{SIZE * 0.16:.1f}" fill="#222">'
                     f'<title>robber</title></circle>')
    for e, p in enumerate(state.edge_owner):
        if p >= 0:
            a, b = topo.edge_nodes[e]
            (ax, ay), (bx, by) = _xy(board, a), _xy(board, b)
            sx, sy = ax + (bx - ax) * 0.15, ay + (by - ay) * 0.15
            tx, ty = ax + (bx - ax) * 0.85, ay + (by - ay) * 0.85
            parts.append(f'<line x1="{sx:.1f}" y1="{sy:.1f}" x2="{tx:.1f}" y2="{ty:.1f}" stroke="#222" '
                         f'stroke-width="8" stroke-linecap="round"/>')
            parts.append(f'<line x1="{sx:.1f}" y1="{sy:.1f}" x2="{tx:.1f}" y2="{ty:.1f}" stroke="{fills[p]}" '
                         f'stroke-width="5" stroke-linecap="round"><title>road of player {p + 1}</title></line>')
    for e, p in enumerate(getattr(state, "ship_owner", ())):  # the Seafarers layer's ships
        if p >= 0:
            a, b = topo.edge_nodes[e]
            (ax, ay), (bx, by) = _xy(board, a), _xy(board, b)
            mx, my = (ax + bx) / 2, (ay + by) / 2
            s = SIZE * 0.14
            parts.append(f'<polygon points="{mx - s * 1.4:.1f},{my - s * 0.2:.1f} {mx + s * 1.4:.1f},{my - s * 0.2:.1f} '
                         f'{mx + s * 0.8:.1f},{my + s * 0.7:.1f} {mx - s * 0.8:.1f},{my + s * 0.7:.1f}" fill="{fills[p]}" '
                         f'stroke="#222" stroke-width="1.5"><title>ship of player {p + 1}</title></polygon>')
    pirate = getattr(state, "pirate", None)
    if pirate is not None:
        px, py = hex_centre(topo.hexes[pirate], SIZE)
        parts.append(f'<circle cx="{px:.1f}" cy="{py:.1f}" r="{SIZE * 0.2:.1f}" fill="#111">'
                     f'<title>pirate</title></circle>')
    for v, p in enumerate(state.node_owner):
        if p < 0:
            continue
        x, y = _xy(board, v)
        kind = state.node_kind[v]
        if kind == 1:
            s = SIZE * 0.16
            parts.append(f'<polygon points="{x - s:.1f},{y + s:.1f} {x + s:.1f},{y + s:.1f} {x + s:.1f},{y - s * 0.3:.1f} '
                         f'{x:.1f},{y - s * 1.2:.1f} {x - s:.1f},{y - s * 0.3:.1f}" fill="{fills[p]}" stroke="#222" '
                         f'stroke-width="1.5"><title>settlement of player {p + 1}</title></polygon>')
        elif kind == 2:
            s = SIZE * 0.2
            parts.append(f'<polygon points="{x - s * 1.2:.1f},{y + s:.1f} {x + s * 1.2:.1f},{y + s:.1f} '
                         f'{x + s * 1.2:.1f},{y - s * 0.4:.1f} {x:.1f},{y - s * 0.4:.1f} {x:.1f},{y - s:.1f} '
                         f'{x - s * 0.6:.1f},{y - s * 1.6:.1f} {x - s * 1.2:.1f},{y - s:.1f}" fill="{fills[p]}" '
                         f'stroke="#222" stroke-width="1.5"><title>city of player {p + 1}</title></polygon>')
        else:
            parts.extend(_factory(state, v, x, y, fills[p], p))
    if state.winner is not None:
        status = f"over: player {state.winner + 1} wins"
    else:
        status = f"player {state.current_player + 1} to act ({state.phase.replace('_', ' ')})"
    dice = state.dice
    if dice:
        status += f"; dice {dice[0]} {dice[1]}" + (f" {dice[2]}" if len(dice) > 2 and dice[2] else "")
    points = ", ".join(f"P{p + 1} {state.victory_points(p)}" for p in range(state.players))
    x0, y0, w, h = _frame(board)
    parts.append(f'<text x="{x0 + 6:.1f}" y="{y0 + h + 14:.1f}" font-size="12">{escape(status)}; points: {points}</text>')
    pieces = []
    for p in range(state.players):
        kinds = [state.node_kind[v] for v, o in enumerate(state.node_owner) if o == p]
        roads = sum(1 for o in state.edge_owner if o == p)
        ships = sum(1 for o in getattr(state, "ship_owner", ()) if o == p)
        others = sum(k not in (1, 2) for k in kinds)
        pieces.append(f"player {p + 1} ({state.colours[p]}): {state.victory_points(p)} points, {kinds.count(1)} settlements, "
                      f"{kinds.count(2)} cities" + (f", {others} factories" if others else "") + f", {roads} roads"
                      + (f", {ships} ships" if ships else ""))
    desc = f"{_board_desc(board)} Game {status}. " + "; ".join(pieces) + "."
    return _wrap(board, parts, state.game.title, extra_height=20, desc=desc)


def _factory(state: Any, v: int, x: float, y: float, fill: str, owner: int) -> list[str]:
    f = state.factories[v]
    topo = state.topo
    r = SIZE * 0.3
    out = [f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r:.1f}" fill="{fill}" stroke="#222" stroke-width="1.5">'
           f'<title>factory of player {owner + 1}{" (derelict)" if state.is_derelict(v) else ""}</title></circle>']
    key = sorted(topo.nodes[v], key=lambda h: math.atan2(hex_centre(h)[1] - topo.node_xy[v][1],
                                                           hex_centre(h)[0] - topo.node_xy[v][0]))
    for hole in range(3):
        cube = key[(hole + f[1]) % 3]
        hx, hy = hex_centre(cube, SIZE)
        d = math.hypot(hx - x, hy - y) or 1.0
        px, py = x + (hx - x) / d * r * 0.55, y + (hy - y) / d * r * 0.55
        peg = f[2 + hole]
        out.append(f'<circle cx="{px:.1f}" cy="{py:.1f}" r="{r * 0.36:.1f}" '
                   f'fill="{"#333" if peg < 0 else "#fff" if peg > 0 else "#aaa"}" stroke="#222" stroke-width="0.8"/>')
        if peg > 0:
            out.append(f'<text x="{px:.1f}" y="{py + 3:.1f}" text-anchor="middle" font-size="8" '
                       f'font-weight="bold">{peg}</text>')
    return out
