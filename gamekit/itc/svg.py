"""A dependency-free SVG picture of an ITC position (``ItcState._repr_svg_``), rule ``itc-board``.

Left: the ten lanes of the four routes, transports moving from bottom to top; each card shows
its number, a neutral transport is grey, a player's card has the player's colour. Right: the six
continents and the grey market with their goods cubes by colour and the sales markers per player.
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

from .data import COLOURS, LANE_ROUTE, LANES, PLACES, ROUTES

if TYPE_CHECKING:  # pragma: no cover
    from .state import ItcState

__all__ = ["board_svg", "lane_box", "place_box", "PLAYER_COLOURS"]

#: Display colours of the players' stones (not the goods' colours).
PLAYER_COLOURS = ("#d62728", "#1f77b4", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b")
#: Their names, for the play pages' key ("you are red").
PLAYER_COLOUR_NAMES = ("red", "blue", "green", "orange", "purple", "brown")
ROUTE_FILL = {"truck": "#d9d9d9", "train": "#f4c7c3", "ship": "#c6dbef", "plane": "#c7e9c0"}
GOODS_FILL = {"black": "#222", "white": "#fff", "red": "#d62728", "green": "#2ca02c", "yellow": "#f2c500",
              "blue": "#1f5fbf"}


def _desc(state: ItcState) -> str:
    """The position in words, for readers who cannot see the picture."""
    scores = ", ".join(f"player {p + 1} {s:,}" for p, s in enumerate(state.score))
    on_routes = []
    for r, route in enumerate(ROUTES):
        cards = sum(1 for lane in range(LANES) if LANE_ROUTE[lane] == r for card in state.lanes[lane] if card >= 0)
        on_routes.append(f"{cards} on the {route} route")
    places = []
    for i, place in enumerate(PLACES):
        cubes = sum(state.goods[i])
        markers = sum(state.markers[i])
        places.append(f"{place}: {cubes} goods cubes, {markers} sales markers")
    mafia = f" The Mafia: player {state.controller + 1}." if state.controller >= 0 else ""
    return (f"Scores: {scores}. Transport cards {', '.join(on_routes)}. " + "; ".join(places) + "." + mafia)


#: The picture's grid: a field's side, the gap between lanes, the top of the lanes, a place's row.
CELL, GAP, TOP, ROW = 34, 6, 40, 46
#: A place's row: its goods cubes a colour each, ``GOODS_STEP`` apart, then the players' sales markers.
GOODS_STEP, MARKERS_AT = 34, 210


def lane_box(state: ItcState, lane: int, field: int | None = None) -> tuple[float, float, float, float]:
    """Where a lane (``field`` None) or one of its fields is drawn: ``x, y, width, height`` (the
    play pages press there)."""
    rows = max(len(col) for col in state.lanes)
    x = 4 + lane * (CELL + GAP)
    base = TOP + rows * (CELL + 4)
    if field is None:
        top = base - len(state.lanes[lane]) * (CELL + 4)
        return x, top, CELL, base - top
    return x, base - (field + 1) * (CELL + 4), CELL, CELL


def place_box(state: ItcState, i: int) -> tuple[float, float, float, float]:
    """Where continent (or grey market) ``i`` is drawn, its name, goods and every player's sales
    markers: ``x, y, width, height`` (the play pages press there and zoom to it)."""
    return LANES * (CELL + GAP) + 10, TOP + i * ROW - 14, MARKERS_AT + 26 * state.players + 12, ROW - 4


def board_svg(state: ItcState) -> str:
    """The position as SVG text."""
    cell, gap = CELL, GAP
    rows = max(len(col) for col in state.lanes)
    board_w = LANES * (cell + gap)
    top = TOP
    height = max(top + rows * (cell + 4) + 40, top + 7 * 46 + 20)
    width = board_w + 430
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="11" role="img">',
        "<title>ITC position</title>",
        f"<desc>{escape(_desc(state))}</desc>",
        f'<text x="4" y="14" font-weight="bold">Scores: '
        f'{escape(", ".join(f"P{p + 1} {s:,}" for p, s in enumerate(state.score)))}</text>',
    ]
    for lane in range(LANES):
        route = ROUTES[LANE_ROUTE[lane]]
        x = 4 + lane * (cell + gap)
        col = state.lanes[lane]
        base = top + rows * (cell + 4)
        for field, card in enumerate(col):
            y = base - (field + 1) * (cell + 4)
            out.append(f'<rect x="{x}" y="{y}" width="{cell}" height="{cell}" fill="{ROUTE_FILL[route]}" '
                       f'stroke="#888"/>')
            if card >= 0:
                owner = state.owner[card]
                fill = "#999" if owner < 0 else PLAYER_COLOURS[owner % len(PLAYER_COLOURS)]
                out.append(f'<rect x="{x + 3}" y="{y + 3}" width="{cell - 6}" height="{cell - 6}" rx="4" '
                           f'fill="{fill}"><title>{escape(state.cards.describe(card))}</title></rect>')
                out.append(f'<text x="{x + cell / 2}" y="{y + cell / 2 + 4}" text-anchor="middle" '
                           f'fill="#fff">{card}</text>')
        out.append(f'<text x="{x + cell / 2}" y="{base + 14}" text-anchor="middle">{escape(route[:5])}</text>')
    px = board_w + 16
    for i, place in enumerate(PLACES):
        y = top + i * 46
        mafia = f" (Mafia: P{state.controller + 1})" if i == 6 and state.controller >= 0 else ""
        out.append(f'<text x="{px}" y="{y}" font-weight="bold">{escape(place + mafia)}</text>')
        gx = px
        for c, n in enumerate(state.goods[i]):
            if n:
                colour = COLOURS[c]
                out.append(f'<rect x="{gx}" y="{y + 6}" width="14" height="14" fill="{GOODS_FILL[colour]}" '
                           f'stroke="#444"><title>{n} {colour}</title></rect>')
                out.append(f'<text x="{gx + 17}" y="{y + 17}">{n}</text>')
                gx += GOODS_STEP
        mx = px + MARKERS_AT
        for p, m in enumerate(state.markers[i]):
            if m:
                out.append(f'<circle cx="{mx}" cy="{y + 13}" r="7" fill="{PLAYER_COLOURS[p % 6]}">'
                           f"<title>player {p + 1}: {m} sales markers</title></circle>")
                out.append(f'<text x="{mx + 9}" y="{y + 17}">{m}</text>')
                mx += 26
    out.append("</svg>")
    return "".join(out)
