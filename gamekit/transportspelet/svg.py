"""A dependency-free SVG picture of a Transportspelet position (``TransportState._repr_svg_``), rule
``transport-board``: the cities, the four networks' routes, and every piece on its city or ring.
The widget "Roll and move" draws the same map from the same coordinates.
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING, Any

from .data import CITIES, COORDINATES, MODES, RING_PLACE, ROUTES

if TYPE_CHECKING:  # pragma: no cover
    from .state import TransportState

__all__ = ["board_svg", "city_xy", "space_xy", "pieces", "MODE_COLOURS", "PLAYER_COLOURS", "WIDTH", "HEIGHT"]

#: Display colours of the four networks and of the players' pieces (pictures only, not rules).
MODE_COLOURS = {"ship": "#2b6cb0", "train": "#9b2c2c", "car": "#6b6b6b", "plane": "#2f855a"}
PLAYER_COLOURS = ("#c05600", "#6b46c1", "#1f7a4d", "#b7288a", "#1f5fad", "#8a6d00")
#: Their names, for the play pages' key ("you are orange").
PLAYER_COLOUR_NAMES = ("orange", "purple", "green", "pink", "blue", "olive")
WIDTH, HEIGHT = 372, 260


def city_xy(city: str) -> tuple[float, float]:
    """A city's place in the picture (from its latitude and longitude)."""
    lat, lon = COORDINATES[city]
    return round((lon + 11) * 9.2, 1), round((61.5 - lat) * 10.5, 1)


def space_xy(space: int) -> tuple[float, float]:
    """A space's place: a city's, or along its route for a ring (each direction's row a little to its right)."""
    if space < len(CITIES):
        return city_xy(CITIES[space])
    _mode, a, b, k, n = RING_PLACE[space]
    (x1, y1), (x2, y2) = city_xy(a), city_xy(b)
    t = k / (n + 1)
    dx, dy = x2 - x1, y2 - y1
    length = max((dx * dx + dy * dy) ** 0.5, 1.0)
    side = 2.5
    return round(x1 + t * dx - dy / length * side, 1), round(y1 + t * dy + dx / length * side, 1)


def pieces(state: TransportState) -> list[dict[str, Any]]:
    """Every piece on the board: where it is drawn, its colour and a sentence saying what it is."""
    out = []
    for p, ts in enumerate(state.transports):
        for t in ts:
            if t is not None and t.path:
                x, y = space_xy(t.path[t.pos])
                out.append({"x": x, "y": y, "player": p, "colour": PLAYER_COLOURS[p % len(PLAYER_COLOURS)],
                            "label": f"player {p + 1}: card {t.card} by {t.vehicle}, {state.where(t.card)}"})
    return out


def board_svg(state: TransportState) -> str:
    """The map with the pieces, as SVG text with a text alternative."""
    shown = pieces(state)
    alt = ("Map of the cities and the four networks; pieces: " + "; ".join(p["label"] for p in shown)
           if shown else "Map of the cities and the four networks; no piece is out.")
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" width="{WIDTH * 2}" '
             f'role="img" aria-label="{escape(alt)}" font-family="sans-serif">', f"<title>{escape(alt)}</title>",
             f'<rect width="{WIDTH}" height="{HEIGHT}" fill="#ffffff"/>']
    for mode in MODES:
        for r in ROUTES[mode]:
            (x1, y1), (x2, y2) = city_xy(r.a), city_xy(r.b)
            parts.append(f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="{MODE_COLOURS[mode]}" '
                         'stroke-width="1.6" opacity="0.75"/>')
    for c in CITIES:
        x, y = city_xy(c)
        parts.append(f'<circle cx="{x}" cy="{y}" r="3" fill="#fff" stroke="#222"/>'
                     f'<text x="{x + 4}" y="{y - 3}" font-size="7" fill="#222">{escape(c)}</text>')
    for p in shown:
        parts.append(f'<circle cx="{p["x"]}" cy="{p["y"]}" r="4.5" fill="{p["colour"]}" stroke="#222" stroke-width="1.2">'
                     f'<title>{escape(p["label"])}</title></circle>')
    for i, mode in enumerate(MODES):
        parts.append(f'<line x1="{6 + i * 50}" y1="{HEIGHT - 6}" x2="{20 + i * 50}" y2="{HEIGHT - 6}" '
                     f'stroke="{MODE_COLOURS[mode]}" stroke-width="3"/>'
                     f'<text x="{23 + i * 50}" y="{HEIGHT - 3}" font-size="8" fill="#222">{mode}</text>')
    parts.append("</svg>")
    return "".join(parts)
