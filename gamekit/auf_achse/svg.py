"""A dependency-free SVG picture of an Auf Achse position: the cities, the roads with their spaces
(event triangles marked), the ferries, and every truck.

The printed board is not in the seed, and neither is our network's drawing: the cities stand where
they lie on a map of Europe (their real longitude and latitude, in a simple projection), the spaces
of a road evenly between its two cities. A picture, not a rule.
"""

from __future__ import annotations

import math
from typing import Any
from xml.sax.saxutils import escape

from .actions import space_text

#: (longitude east, latitude north) of the network's cities, to a tenth of a degree.
PLACES = {
    "Flensburg": (9.4, 54.8), "Hamburg": (10.0, 53.6), "Rostock": (12.1, 54.1), "Bremen": (8.8, 53.1),
    "Rotterdam": (4.5, 51.9), "Brüssel": (4.4, 50.9), "Hannover": (9.7, 52.4), "Berlin": (13.4, 52.5),
    "Köln": (7.0, 50.9), "Leipzig": (12.4, 51.3), "Dresden": (13.7, 51.1), "Frankfurt": (8.7, 50.1),
    "Prag": (14.4, 50.1), "Nürnberg": (11.1, 49.5), "Stuttgart": (9.2, 48.8), "München": (11.6, 48.1),
    "Basel": (7.6, 47.6), "Zürich": (8.5, 47.4), "Salzburg": (13.0, 47.8), "Wien": (16.4, 48.2),
    "Innsbruck": (11.4, 47.3), "Graz": (15.4, 47.1), "Verona": (11.0, 45.4), "Trieste": (13.8, 45.6),
}
PLAYER_FILL = ("#d7301f", "#2b6cb0", "#2f855a", "#b7791f", "#6b46c1", "#c05621")
#: Their names, for the play pages' key ("you are red").
PLAYER_COLOUR_NAMES = ("red", "blue", "green", "ochre", "purple", "orange")
SCALE = 64.0
WEST, NORTH = 3.6, 55.4
WIDTH = round((16.9 - WEST) * SCALE * math.cos(math.radians(50)))
HEIGHT = round((NORTH - 44.9) * SCALE)


def xy(city: str) -> tuple[float, float]:
    lon, lat = PLACES[city]
    return round((lon - WEST) * SCALE * math.cos(math.radians(50)), 1), round((NORTH - lat) * SCALE, 1)


def space_xy(a: str, b: str, index: int, spaces: int) -> tuple[float, float]:
    (x1, y1), (x2, y2) = xy(a), xy(b)
    t = (index + 1) / (spaces + 1)
    return round(x1 + (x2 - x1) * t, 1), round(y1 + (y2 - y1) * t, 1)


def where_xy(state: Any, node: str) -> tuple[float, float]:
    """The picture's point of a node of the network: a city, or ``"<from>-<to>/<space>"``."""
    if node in PLACES:
        return xy(node)
    for a, b, spaces in state.net.roads:
        if node in spaces:
            return space_xy(a, b, spaces.index(node), len(spaces))
    raise ValueError(f"no space {node!r} on the network")  # pragma: no cover - positions come from the engine


def board_svg(state: Any) -> str:
    """The network with every truck, as SVG text with a title and a description in words."""
    parts = []
    net = state.net
    for a, b, spaces in net.roads:
        (x1, y1), (x2, y2) = xy(a), xy(b)
        dash = ' stroke-dasharray="6 4"' if spaces[0] in net.ferry_spaces else ""
        parts.append(f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="#888" stroke-width="2"{dash}/>')
        for i, space in enumerate(spaces):
            x, y = space_xy(a, b, i, len(spaces))
            if space in net.triangles:
                parts.append(f'<path d="M{x} {y - 4}L{x + 4} {y + 3}L{x - 4} {y + 3}Z" fill="#e0a800" stroke="#555" stroke-width="0.5"/>')
            else:
                parts.append(f'<circle cx="{x}" cy="{y}" r="2" fill="#bbb"/>')
    for city in state.net.cities:
        x, y = xy(city)
        parts.append(f'<circle cx="{x}" cy="{y}" r="5" fill="#fff" stroke="#333" stroke-width="1.5"/>')
        # Right of the city, or left of it near the picture's right edge; a white halo keeps the name
        # readable where road spaces (and the play page's spots) cross it.
        anchor = ' text-anchor="end"' if x > WIDTH - 70 else ""
        parts.append(f'<text x="{x - 7 if anchor else x + 7}" y="{y + 4}" font-size="12"{anchor} '
                     f'stroke="#fff" stroke-width="3" paint-order="stroke" style="fill: var(--gk-fg, #222)">{escape(city)}</text>')
    trucks = []
    for p, node in enumerate(state.position):
        if node is None:
            continue
        x, y = where_xy(state, node)
        dx = (p - (len(state.position) - 1) / 2) * 5
        parts.append(f'<rect x="{x + dx - 6}" y="{y - 14}" width="12" height="9" rx="2" fill="{PLAYER_FILL[p % 6]}" stroke="#111"/>'
                     f'<text x="{x + dx}" y="{y - 6.5}" font-size="8" text-anchor="middle" fill="#fff">{p + 1}</text>')
        trucks.append(f"player {p + 1}'s truck at {space_text(node)}")
    desc = ("Road map of the cities with their road spaces, event triangles and ferries (dashed). "
            + ("; ".join(trucks) + "." if trucks else "No truck is on the map yet."))
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" width="{WIDTH}" height="{HEIGHT}" '
            f'role="img" aria-labelledby="aa-title aa-desc"><title id="aa-title">Auf Achse: the road map</title>'
            f'<desc id="aa-desc">{escape(desc)}</desc>' + "".join(parts) + "</svg>")
