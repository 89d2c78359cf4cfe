"""The play pages' board as the table (issue 31, "The board is the table"): every place of each
game's board where a move can lie, drawn over the engine's picture as something to press.

A *place* is a spot of the engine's own board picture (its coordinates are the picture's): a Catan
intersection, edge or hex; an ITC lane, a transport on it, a continent or the grey market; an Auf
Achse city or road space; a Transportspelet city. The view lists every place with the legal moves
that lie there (their texts) and every move with its places, so the page can light a move's place
when the move is hovered or focused, and the other way round.

Nothing here decides a rule. A place with no legal move can still be pressed: :func:`press` asks
the engine what it says to the move the player meant there (the same kind of move as one that is
legal elsewhere now, or the game's usual move at such a place) and returns the engine's own
:class:`~gamekit.IllegalAction` (from ``state.refusal``), which names its rule.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable
from typing import Any

from ..core import IllegalAction

#: The longest group of moves shown whole; a longer one is folded (its first moves stay in view
#: when it holds the first move, so the keyboard's next move is always there).
SHOWN = 8
#: A folded group of more moves than this is folded again, by what else its moves say (a card,
#: a vehicle), when that makes a few smaller parts.
PARTS_FROM = 24


@dataclasses.dataclass(frozen=True)
class Place:
    """A spot of the board's picture: ``id`` (``"<kind>:<value>"``), what it is in words, its
    shape in the picture's coordinates (a circle ``cx, cy, r`` or a box ``x, y, w, h``), a short
    ``mark`` drawn on it when a move lies there (an intersection's number), and the values of the
    action fields that name it (``{"node": 12}``, ``{"route": "truck", "lane": 1}``)."""

    id: str
    label: str
    shape: dict[str, float]
    values: dict[str, Any]
    mark: str = ""

    @property
    def kind(self) -> str:
        return self.id.split(":", 1)[0]


@dataclasses.dataclass(frozen=True)
class BoardLayout:
    """One game family's places: ``places(state)`` lists them all, ``of(state, action)`` says where
    an action lies (``(place id, the action's fields that name it)`` pairs), ``usual(state, place)``
    is the move the player most likely means at a place when no move of its kind is legal now."""

    places: Callable[[Any], list[Place]]
    of: Callable[[Any, Any], list[tuple[str, tuple[str, ...]]]]
    usual: Callable[[Any, Place], Any]


# -- Catan, Factories, Trade Feud: intersections, edges, hexes ---------------------------------------

def _catan_places(state: Any) -> list[Place]:
    from ..catan.board import hex_centre
    from ..catan.svg import SIZE

    topo = state.board.topology
    node_xy = [(x * SIZE, y * SIZE) for x, y in topo.node_xy]
    out = []
    for h, cube in enumerate(topo.hexes):
        x, y = hex_centre(cube, SIZE)
        # below the hex's number token, which stays readable
        out.append(Place(f"hex:{h}", f"hex {h} ({state.board.terrain[h]})",
                         {"cx": round(x, 1), "cy": round(y + SIZE * 0.56, 1), "r": round(SIZE * 0.22, 1)}, {"hex": h}, str(h)))
    for e, (a, b) in enumerate(topo.edge_nodes):
        (ax, ay), (bx, by) = node_xy[a], node_xy[b]
        out.append(Place(f"edge:{e}", f"edge {e}", {"cx": round((ax + bx) / 2, 1), "cy": round((ay + by) / 2, 1),
                                                     "r": round(SIZE * 0.16, 1)}, {"edge": e, "to": e}, str(e)))
    for n, (x, y) in enumerate(node_xy):
        out.append(Place(f"node:{n}", f"intersection {n}", {"cx": round(x, 1), "cy": round(y, 1),
                                                             "r": round(SIZE * 0.2, 1)}, {"node": n}, str(n)))
    return out


def _catan_of(state: Any, action: Any) -> list[tuple[str, tuple[str, ...]]]:
    from ..catan.actions import OfferTrade

    if isinstance(action, OfferTrade):
        return []  # its "to" is the player offered the trade, no edge
    out = []
    for field, kind in (("node", "node"), ("to", "edge"), ("edge", "edge"), ("hex", "hex")):
        value = getattr(action, field, None)
        if isinstance(value, int) and not isinstance(value, bool):
            out.append((f"{kind}:{value}", (field,)))
    return out


def _catan_usual(state: Any, place: Place) -> Any:
    from ..catan import actions

    kind, value = place.kind, next(iter(place.values.values()))
    if kind == "node":
        return actions.BuildSettlement(value)
    if kind == "edge":
        return actions.BuildRoad(value)
    return actions.MoveRobber(value, -1)


# -- ITC: the lanes, the transports on them, the continents and the grey market -----------------------

def _itc_lane_names() -> list[tuple[str, int]]:
    from ..itc.data import LANE_ROUTE, LANES, ROUTES

    names, seen = [], {}
    for lane in range(LANES):
        route = ROUTES[LANE_ROUTE[lane]]
        seen[route] = seen.get(route, 0) + 1
        names.append((route, seen[route]))
    return names


def _itc_places(state: Any) -> list[Place]:
    from ..itc.data import PLACES
    from ..itc.svg import lane_box, place_box

    out = []
    for lane, (route, number) in enumerate(_itc_lane_names()):
        x, y, w, h = lane_box(state, lane)
        out.append(Place(f"lane:{route}-{number}", f"{route} lane {number}", {"x": x, "y": y, "w": w, "h": h},
                         {"route": route, "lane": number}))
    for lane, column in enumerate(state.lanes):
        for field, card in enumerate(column):
            if card >= 0:
                x, y, w, h = lane_box(state, lane, field)
                out.append(Place(f"card:{card}", f"transport card {card}", {"x": x, "y": y, "w": w, "h": h},
                                 {"card": card}))
    for i, name in enumerate(PLACES):
        x, y, w, h = place_box(state, i)
        out.append(Place(f"place:{name}", name, {"x": x, "y": y, "w": w, "h": h}, {"place": name, "continent": name}))
    return out


def _itc_of(state: Any, action: Any) -> list[tuple[str, tuple[str, ...]]]:
    from ..itc import actions

    out = []
    card = getattr(action, "card", None)
    if isinstance(action, actions.PlaceTransport):
        out.append((f"lane:{action.route}-{action.lane}", ("route", "lane")))
    elif isinstance(card, int) and card >= 0 and any(card in column for column in state.lanes):
        out.append((f"card:{card}", ("card",)))
        if isinstance(action, actions.MoveTransport):
            route = next(r for lane, (r, _n) in enumerate(_itc_lane_names()) if card in state.lanes[lane])
            out.append((f"lane:{route}-{action.lane}", ()))
    for field in ("place", "continent"):
        value = getattr(action, field, None)
        if isinstance(value, str):
            out.append((f"place:{value}", (field,)))
    if isinstance(action, actions.Attack):
        out.append(("place:grey market", ()))
    return out


def _itc_usual(state: Any, place: Place) -> Any:
    from ..itc import actions

    if place.kind == "lane":
        hand = state.hands[state.current_player]
        return actions.PlaceTransport(hand[0] if hand else 0, place.values["route"], place.values["lane"])
    if place.kind == "card":
        return actions.ExpressMove(place.values["card"])
    return actions.Sell(place.values["place"], 1)


# -- Auf Achse: the cities and the road spaces ----------------------------------------------------

def _auf_achse_places(state: Any) -> list[Place]:
    from ..auf_achse.actions import space_text
    from ..auf_achse.svg import space_xy, xy

    out = []
    for a, b, spaces in state.net.roads:
        for i, space in enumerate(spaces):
            x, y = space_xy(a, b, i, len(spaces))
            out.append(Place(f"space:{space}", space_text(space), {"cx": x, "cy": y, "r": 5},
                             {"to": space, "city": space, "space": space}))
    for city in state.net.cities:
        x, y = xy(city)
        out.append(Place(f"space:{city}", city, {"cx": x, "cy": y, "r": 8}, {"to": city, "city": city, "space": city}))
    return out


def _auf_achse_of(state: Any, action: Any) -> list[tuple[str, tuple[str, ...]]]:
    for field in ("to", "city", "space"):
        value = getattr(action, field, None)
        if isinstance(value, str):
            return [(f"space:{value}", (field,))]
    return []


def _auf_achse_usual(state: Any, place: Place) -> Any:
    from ..auf_achse.actions import Step

    return Step(place.values["to"])


# -- Transportspelet: the cities --------------------------------------------------------------------

def _transport_places(state: Any) -> list[Place]:
    from ..transportspelet.data import CITIES
    from ..transportspelet.svg import city_xy

    return [Place(f"city:{c}", c, {"cx": x, "cy": y, "r": 5}, {"stop": c}) for c in CITIES for x, y in [city_xy(c)]]


def _transport_of(state: Any, action: Any) -> list[tuple[str, tuple[str, ...]]]:
    stop = getattr(action, "stop", None)
    return [(f"city:{stop}", ("stop",))] if isinstance(stop, str) else []


def _transport_usual(state: Any, place: Place) -> Any:
    from ..transportspelet.actions import Dispatch

    own = [t for t in state.transports[state.current_player] if t is not None]
    return Dispatch(own[0].card if own else 0, "train", place.values["stop"], False)


#: The boards of the play pages' games, each declared with its game (in its play view,
#: :class:`~gamekit.web.play_tables.PlayView`'s ``board``).
CATAN_BOARD = BoardLayout(_catan_places, _catan_of, _catan_usual)
ITC_BOARD = BoardLayout(_itc_places, _itc_of, _itc_usual)
AUF_ACHSE_BOARD = BoardLayout(_auf_achse_places, _auf_achse_of, _auf_achse_usual)
TRANSPORTSPELET_BOARD = BoardLayout(_transport_places, _transport_of, _transport_usual)


# -- what the page gets -----------------------------------------------------------------------------

def _layout(state: Any) -> BoardLayout | None:
    """The board layout ``state``'s game declares in its play view (none: the board is a picture)."""
    from .play_tables import play_view

    return play_view(state).board


def board_places(state: Any, actions: Iterable[Any] | None) -> list[dict[str, Any]]:
    """Every place of the board, each with the texts of the legal moves that lie there (``actions``:
    the legal moves of the person to move, or ``None`` when nobody may act on the board now)."""
    layout = _layout(state)
    if layout is None:
        return []
    from .play_tables import move_words

    places = layout.places(state)
    here: dict[str, list[str]] = {p.id: [] for p in places}
    words: dict[str, list[str]] = {p.id: [] for p in places}
    for a in actions or ():
        for place_id, _fields in layout.of(state, a):
            if place_id in here:
                here[place_id].append(str(a))
                words[place_id].append(move_words(state, a))
    # "actions": the moves' protocol texts (what a press sends); "labels": the same moves in words.
    return [{"id": p.id, "label": p.label, "shape": p.shape, "mark": p.mark, "actions": here[p.id],
             "labels": words[p.id]} for p in places]


def last_move_places(state: Any, action: Any) -> list[dict[str, Any]]:
    """The places of the board ``action`` (just played) acted on, each with its label and shape:
    where the page marks a computer's move as it shows it (empty for a move on no place)."""
    layout = _layout(state)
    if layout is None:
        return []
    wanted = [place_id for place_id, _fields in layout.of(state, action)]
    if not wanted:
        return []
    places = {p.id: p for p in layout.places(state)}
    return [{"id": p.id, "label": p.label, "shape": p.shape} for place_id in dict.fromkeys(wanted)
            if (p := places.get(place_id)) is not None]


def _words(field: str, value: Any) -> str:
    return f"{field.replace('_', ' ')} {value}"


def grouped_moves(state: Any, actions: list[Any]) -> list[dict[str, Any]]:
    """The legal moves in groups by kind (``title``), in the engine's order, each move with its
    text and its places on the board; a group that is long is marked ``fold`` (and, longer still,
    split into ``parts`` by its moves' other fields: "card 28, vehicle train")."""
    from .play import move_kind
    from .play_tables import move_words

    layout = _layout(state)
    groups: dict[str, dict[str, Any]] = {}
    for a in actions:
        where = layout.of(state, a) if layout else []
        group = groups.setdefault(move_kind(a), {"title": move_kind(a), "moves": [], "on_board": False, "_actions": []})
        group["moves"].append({"label": move_words(state, a), "action": str(a), "places": [p for p, _f in where]})
        group["on_board"] = group["on_board"] or bool(where)
        group["_actions"].append((a, {f for _p, fields in where for f in fields}))
    out = []
    for group in groups.values():
        acts = group.pop("_actions")
        group["fold"] = len(group["moves"]) > SHOWN
        if len(group["moves"]) > PARTS_FROM and dataclasses.is_dataclass(acts[0][0]):
            parts: dict[str, list[dict[str, str]]] = {}
            for (a, place_fields), move in zip(acts, group["moves"]):
                key = ", ".join(_words(f.name, getattr(a, f.name)) for f in dataclasses.fields(a)
                                if f.name not in place_fields and not isinstance(getattr(a, f.name), bool))
                parts.setdefault(key or group["title"], []).append(move)
            if 1 < len(parts) <= 12:
                group["parts"] = [{"title": title, "moves": moves} for title, moves in parts.items()]
        out.append(group)
    return out


def press(state: Any, place_id: Any, meant: Any = None) -> IllegalAction | dict[str, Any]:
    """What the engine says to a press on ``place_id``, a place where no legal move lies: the
    refusal (``state.refusal``) of the move meant there, of the same kind as a move legal
    elsewhere now (a settlement at another intersection), or else of the game's usual move at such
    a place, its message naming that kind ("Build city at intersection 9: ..."). When moves of several
    kinds could be meant there (a settlement or a city), the press names none of them for the
    player: it answers the choice (``{"place", "label", "kinds"}``), and a press with ``meant`` (one
    of those kinds) answers that kind's refusal. A place with legal moves is no refusal: choose one
    of them."""
    from .play import move_kind

    layout = _layout(state)
    places = {p.id: p for p in layout.places(state)} if layout else {}
    place = places.get(place_id) if isinstance(place_id, str) else None
    if place is None:
        raise ValueError(f"there is no place {place_id!r} on this board")
    legal = state.legal_actions()
    if any(p == place.id for a in legal for p, _f in layout.of(state, a)):
        raise ValueError(f"moves lie at {place.label}: choose one of them")
    meant_here = []
    for a in legal:
        for p, fields in layout.of(state, a):
            if p.split(":", 1)[0] == place.kind and fields and all(f in place.values for f in fields):
                meant_here.append(dataclasses.replace(a, **{f: place.values[f] for f in fields}))
    refused: dict[str, IllegalAction] = {}  # by kind of move, the first refusal of each kind
    for candidates in (meant_here, [layout.usual(state, place)]):  # the usual move when no legal kind is meant
        for candidate in candidates:
            kind = move_kind(candidate)
            if kind not in refused and (refusal := state.refusal(candidate)) is not None:
                refused[kind] = refusal
        if refused:
            break
    if meant is not None:
        if meant not in refused:
            raise ValueError(f"the moves meant at {place.label} are {', '.join(refused) or 'none'}, not {meant!r}")
        refused = {meant: refused[meant]}
    if len(refused) > 1:
        return {"place": place.id, "label": place.label, "kinds": list(refused)}
    for kind, refusal in refused.items():
        return IllegalAction(f"{kind} at {place.label}: {refusal.reason}", refusal.rule)
    raise ValueError(f"no move lies at {place.label} now")  # pragma: no cover - the list and the check agree
