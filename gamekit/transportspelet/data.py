"""The printed material the rule text does not give, as data next to the engine, loaded and checked once.

The seed text names a board, three freight tariffs, 50 transport cards and four telegram decks, but
prints none of them. These files stand in for them and can be replaced by the printed
game's values without touching the rules:

* ``map.json``: the cities (with latitude and longitude, only for the picture and the cards'
  distances) and, for each mode (ship, train, car, plane), its routes: pairs of cities and the
  number of rings (step spaces) between them (rule ``transport-board``);
* ``rules.json``: the freight tariffs (freight by mode and by the number of steps of a leg, rule
  ``transport-tariffs``), the movement bonus of each vehicle (rule ``transport-movement``), the
  insurance terms (rule ``transport-insurance``) and the contents list (rule ``transport-contents``);
* ``cards.json``: the 50 transport cards: origin, destination, distance in km, cargo, restriction
  1/2/3, sale value and insurance premium (rule ``transport-cards``);
* ``telegrams.json``: twelve telegrams per mode, each a text and an effect (rule ``transport-telegrams``).

**Spaces.** Every city and every ring is a *space*, numbered once: the cities first (``0 ..
len(CITIES) - 1``), then the rings. Each route has a row of rings *for each direction* (an assumption:
the map is missing, and two pieces meeting head on in a single row could never pass, since no piece
may jump another). A *path* is the tuple of spaces a piece goes through from one city to another in
one mode: the start city first, the stop last. :func:`path` gives the shortest one (fewest steps, ties
broken by the order of the routes in ``map.json``), so a leg is fixed by its mode and its stop.
"""

from __future__ import annotations

import heapq
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..validation import require_int

__all__ = [
    "MODES",
    "CITIES",
    "CITY_INDEX",
    "ROUTES",
    "CARDS",
    "TELEGRAMS",
    "TARIFFS",
    "MOVEMENT_BONUS",
    "INSURANCE",
    "CONTENTS",
    "BANKNOTE_TOTAL",
    "N_SPACES",
    "TransportCard",
    "Telegram",
    "Route",
    "path",
    "legs",
    "freight",
    "reachable",
    "space_name",
    "network_cities",
    "read_telegrams",
]

HERE = Path(__file__).resolve().parent

#: The four modes of transport, slowest first (rule ``transport-movement``); each vehicle has its mode's name.
MODES: tuple[str, ...] = ("ship", "train", "car", "plane")

#: Telegram effects and the one field each needs, if any (rule ``transport-telegrams``).
EFFECT_FIELDS: dict[str, tuple[str, ...]] = {
    "delay": (),
    "hold": ("rolls",),
    "steps": ("steps",),
    "extra_roll": (),
    "damage": ("percent",),
    "loss": (),
    "redirect": ("city",),
    "pay": ("amount",),
    "receive": ("amount",),
}


@dataclass(frozen=True)
class TransportCard:
    """A transport card (rule ``transport-cards``)."""

    id: int
    origin: str
    destination: str
    distance: int
    cargo: str
    restriction: int
    sale_value: int
    premium: int

    def allowed_modes(self) -> tuple[str, ...]:
        """The modes its restriction allows (rule ``transport-restriction``): 1 sea only, 2 any, 3 air only."""
        return ("ship",) if self.restriction == 1 else ("plane",) if self.restriction == 3 else MODES

    def __str__(self) -> str:
        return (f"card {self.id}: {self.cargo}, {self.origin} to {self.destination} ({self.distance:,} km), "
                f"restriction {self.restriction}, sale {self.sale_value:,}, premium {self.premium:,}")


@dataclass(frozen=True)
class Telegram:
    """A telegram: its deck (a mode), its text and its effect (a ``kind`` and its fields)."""

    id: str
    mode: str
    text: str
    kind: str
    value: Any  # the effect's one field (rolls, steps, percent, city, amount), or None

    def __str__(self) -> str:
        return f"{self.mode} telegram: {self.text}"


@dataclass(frozen=True)
class Route:
    """A route of one mode between two cities with ``rings`` step spaces in each direction."""

    mode: str
    a: str
    b: str
    rings: int


def _load(name: str) -> Any:
    with open(HERE / name, encoding="utf-8") as f:
        return json.load(f)


def _fail(message: str) -> None:
    raise ValueError(f"transportspelet data: {message}")


def _int(value: Any, low: int, what: str, high: int | None = None) -> int:
    try:
        return require_int(value, what, low, high)
    except ValueError as err:
        raise ValueError(f"transportspelet data: {err}") from None


# -- map ---------------------------------------------------------------------------------------
_map = _load("map.json")
#: The cities of the map, in the order of ``map.json``.
CITIES: tuple[str, ...] = tuple(c["name"] for c in _map["cities"])
COORDINATES: dict[str, tuple[float, float]] = {c["name"]: (float(c["lat"]), float(c["lon"])) for c in _map["cities"]}
if len(set(CITIES)) != len(CITIES) or not CITIES:
    _fail("city names must be unique")
CITY_INDEX: dict[str, int] = {name: i for i, name in enumerate(CITIES)}

#: Each mode's routes between cities (ship, train, car, plane: rule ``transport-board``).
ROUTES: dict[str, tuple[Route, ...]] = {}
if set(_map["routes"]) != set(MODES):
    _fail(f"map.json must give routes for exactly {MODES}")
for _mode in MODES:
    _routes = []
    for a, b, rings in _map["routes"][_mode]:
        if a not in CITY_INDEX or b not in CITY_INDEX or a == b:
            _fail(f"{_mode} route {a}-{b} joins unknown or equal cities")
        _routes.append(Route(_mode, a, b, _int(rings, 1, f"rings of {_mode} route {a}-{b}")))
    pairs = [frozenset((r.a, r.b)) for r in _routes]
    if len(set(pairs)) != len(pairs):
        _fail(f"a {_mode} route is listed twice")
    ROUTES[_mode] = tuple(_routes)

# Ring spaces: for each route and direction, a row of ring ids (numbered after the cities).
_rings: dict[tuple[str, str, str], tuple[int, ...]] = {}
_space_names: list[str] = list(CITIES)
for _mode in MODES:
    for r in ROUTES[_mode]:
        for x, y in ((r.a, r.b), (r.b, r.a)):
            ids = []
            for k in range(r.rings):
                ids.append(len(_space_names))
                _space_names.append(f"{_mode} ring {k + 1} of {r.rings} from {x} to {y}")
            _rings[(_mode, x, y)] = tuple(ids)
#: How many spaces (cities and rings) the board has.
N_SPACES = len(_space_names)
#: For each ring space: (mode, from city, to city, its number counted from the first city, rings in the row).
RING_PLACE: dict[int, tuple[str, str, str, int, int]] = {
    ring: (mode, x, y, k + 1, len(ids)) for (mode, x, y), ids in _rings.items() for k, ring in enumerate(ids)
}

_adjacent: dict[str, dict[str, list[tuple[str, int]]]] = {m: {} for m in MODES}
for _mode in MODES:
    for r in ROUTES[_mode]:
        _adjacent[_mode].setdefault(r.a, []).append((r.b, r.rings + 1))
        _adjacent[_mode].setdefault(r.b, []).append((r.a, r.rings + 1))


def network_cities(mode: str) -> tuple[str, ...]:
    """The cities that ``mode``'s network reaches (in map order)."""
    return tuple(c for c in CITIES if c in _adjacent[mode])


def _shortest_paths(mode: str, start: str) -> dict[str, tuple[int, ...]]:
    adj = _adjacent[mode]
    best: dict[str, tuple[int, int, tuple[int, ...]]] = {}
    order = 0
    queue: list[tuple[int, int, str, tuple[int, ...]]] = [(0, 0, start, (CITY_INDEX[start],))]
    while queue:
        dist, _, city, spaces = heapq.heappop(queue)
        if city in best:
            continue
        best[city] = (dist, 0, spaces)
        for nxt, weight in adj.get(city, ()):
            if nxt not in best:
                order += 1
                heapq.heappush(queue, (dist + weight, order, nxt, spaces + _rings[(mode, city, nxt)] + (CITY_INDEX[nxt],)))
    return {city: spaces for city, (_, _, spaces) in best.items()}


_PATHS: dict[tuple[str, str], dict[str, tuple[int, ...]]] = {
    (m, c): _shortest_paths(m, c) for m in MODES for c in CITIES if c in _adjacent[m]
}


def path(mode: str, start: str, stop: str) -> tuple[int, ...] | None:
    """The spaces of the shortest ``mode`` path from ``start`` to ``stop`` (both cities, start first),
    or ``None`` if that network does not join them."""
    table = _PATHS.get((mode, start))
    return None if table is None else table.get(stop)


def reachable(mode: str, start: str) -> tuple[str, ...]:
    """The cities a leg in ``mode`` can stop at from ``start`` (in map order; empty if ``start`` is
    not in that network)."""
    table = _PATHS.get((mode, start), {})
    return tuple(c for c in CITIES if c in table and c != start)


def space_name(space: int) -> str:
    """A readable name of a space: a city's name or, for a ring, its route and place."""
    return _space_names[space]


for _mode in MODES:  # each network is connected, so any leg can reach any city of its network
    cities_of_mode = network_cities(_mode)
    if cities_of_mode and set(_PATHS[(_mode, cities_of_mode[0])]) != set(cities_of_mode):
        _fail(f"the {_mode} network is not connected")

# -- rules.json: tariffs, movement, insurance, contents ------------------------------------------
_rules = _load("rules.json")
#: Freight by mode: ``(most steps, freight)`` bands, in increasing order (rule ``transport-tariffs``).
TARIFFS: dict[str, tuple[tuple[int, int], ...]] = {}
for _mode in MODES:
    bands = tuple((int(s), int(p)) for s, p in _rules["freight_tariffs"]["bands"][_mode])
    if not bands or any(b[0] <= a[0] or b[1] < a[1] for a, b in zip(bands, bands[1:])):
        _fail(f"{_mode} tariff bands must rise")
    TARIFFS[_mode] = bands
for _a, _b in zip(MODES, MODES[1:]):  # faster costs more (rule transport-tariffs)
    if any(pa >= pb for (_, pa), (_, pb) in zip(TARIFFS[_a], TARIFFS[_b])):
        _fail(f"{_b} freight must be dearer than {_a} freight in every band")

#: Steps a vehicle moves on top of the die (rule ``transport-movement``).
MOVEMENT_BONUS: dict[str, int] = {m: _int(_rules["movement_bonus"][m], 0, f"bonus of {m}") for m in MODES}
#: Insurance terms (rule ``transport-insurance``).
INSURANCE: dict[str, Any] = dict(_rules["insurance"])
_int(INSURANCE["certificates"], 0, "insurance certificates")
_int(INSURANCE["loss_pays_percent"], 0, "insurance loss_pays_percent")
if not isinstance(INSURANCE["damage_covered"], bool):
    _fail("insurance damage_covered must be true or false")
#: The contents list (rule ``transport-contents``).
CONTENTS: dict[str, Any] = dict(_rules["contents"])
#: The bank's money in banknotes: 30 x 1,000 + 20 x 5,000 + 30 x 10,000 + 20 x 50,000 + 50 x 100,000.
BANKNOTE_TOTAL: int = sum(value * count for value, count in CONTENTS["banknotes"])
if sum(count for _, count in CONTENTS["banknotes"]) != 150:
    _fail("the contents list has 150 banknotes")


def freight(mode: str, steps: int) -> int:
    """The freight for a leg of ``steps`` steps in ``mode`` (rule ``transport-tariffs``)."""
    for most, price in TARIFFS[mode]:
        if steps <= most:
            return price
    raise ValueError(f"no {mode} tariff for a leg of {steps} steps")


# -- cards ------------------------------------------------------------------------------------
#: The 50 transport cards, numbered 1 to 50 (rule ``transport-cards``).
CARDS: tuple[TransportCard, ...] = tuple(TransportCard(**c) for c in _load("cards.json")["cards"])
if len(CARDS) != CONTENTS["transport_cards"] or [c.id for c in CARDS] != list(range(1, len(CARDS) + 1)):
    _fail("cards.json must hold the transport cards numbered 1..50")
for _c in CARDS:
    if _c.origin not in CITY_INDEX or _c.destination not in CITY_INDEX or _c.origin == _c.destination:
        _fail(f"card {_c.id} joins unknown or equal cities")
    if _c.restriction not in (1, 2, 3):
        _fail(f"card {_c.id} has restriction {_c.restriction}, not 1, 2 or 3")
    for _what in ("distance", "sale_value", "premium"):
        _int(getattr(_c, _what), 1, f"card {_c.id} {_what}")
    if _c.restriction != 2:  # a sea-only or air-only card must be deliverable in its one mode
        _m = _c.allowed_modes()[0]
        if path(_m, _c.origin, _c.destination) is None:
            _fail(f"card {_c.id} cannot go from {_c.origin} to {_c.destination} by {_m}")
    for _m in _c.allowed_modes():  # the longest single-mode leg of any card has a tariff
        _p = path(_m, _c.origin, _c.destination)
        if _p is not None:
            freight(_m, len(_p) - 1)

# -- telegrams ----------------------------------------------------------------------------------
#: The bounds of each effect's number: a hold of at least one roll, a damage of 1 to 100 percent, a
#: charge or a reward of at least 1; more or fewer steps by any whole number but 0.
_EFFECT_BOUNDS: dict[str, tuple[int, int | None]] = {
    "hold": (1, None), "damage": (1, 100), "pay": (1, None), "receive": (1, None), "steps": (-100, 100)}


def read_telegrams(raw: Any) -> dict[str, tuple[Telegram, ...]]:
    """The four telegram decks from the contents of ``telegrams.json`` (rule ``transport-telegrams``),
    every effect checked: a known kind with exactly its field, the number in its bounds, a new
    destination a city of the deck's network, twelve telegrams a deck, ids unique. Raises
    ``ValueError`` naming the first fault."""
    if not isinstance(raw, dict) or set(raw) != set(MODES):
        _fail(f"telegrams.json must hold a deck for each of {MODES}")
    decks: dict[str, tuple[Telegram, ...]] = {}
    ids: set[str] = set()
    for mode in MODES:
        deck = []
        for t in raw[mode]:
            if not isinstance(t, dict) or not isinstance(t.get("id"), str) or not isinstance(t.get("text"), str) \
                    or not isinstance(t.get("effect"), dict):
                _fail(f"a {mode} telegram needs an id, a text and an effect: {t!r}")
            effect = dict(t["effect"])
            kind = effect.pop("kind", None)
            if kind not in EFFECT_FIELDS or set(effect) != set(EFFECT_FIELDS[kind]):
                _fail(f"telegram {t['id']} has an unknown effect {t['effect']!r}")
            value = effect[EFFECT_FIELDS[kind][0]] if EFFECT_FIELDS[kind] else None
            if kind == "redirect" and (value not in CITY_INDEX or value not in network_cities(mode)):
                _fail(f"telegram {t['id']} redirects to {value!r}, not a city of the {mode} network")
            if kind in _EFFECT_BOUNDS:
                low, high = _EFFECT_BOUNDS[kind]
                _int(value, low, f"telegram {t['id']} {EFFECT_FIELDS[kind][0]}", high)
                if kind == "steps" and value == 0:
                    _fail(f"telegram {t['id']} changes the steps by 0")
            if t["id"] in ids:
                _fail(f"telegram id {t['id']} is used twice")
            ids.add(t["id"])
            deck.append(Telegram(t["id"], mode, t["text"], kind, value))
        if len(deck) != CONTENTS["telegrams_per_deck"]:
            _fail(f"the {mode} deck has {len(deck)} telegrams, not {CONTENTS['telegrams_per_deck']}")
        decks[mode] = tuple(deck)
    return decks


#: Each mode's telegram cards, in the order of ``telegrams.json`` (rule ``transport-telegrams``).
TELEGRAMS: dict[str, tuple[Telegram, ...]] = read_telegrams(_load("telegrams.json"))
#: Every telegram by its id.
TELEGRAM_BY_ID: dict[str, Telegram] = {t.id: t for deck in TELEGRAMS.values() for t in deck}


#: For each mode and start city: every stop a leg can reach with its freight, in map order
#: (precomputed once; rule ``transport-tariffs``).
_LEGS: dict[tuple[str, str], tuple[tuple[str, int], ...]] = {
    (m, c): tuple((stop, freight(m, len(path(m, c, stop)) - 1)) for stop in reachable(m, c))
    for m in MODES for c in network_cities(m)
}


def legs(mode: str, start: str) -> tuple[tuple[str, int], ...]:
    """``(stop, freight)`` for every leg in ``mode`` from ``start`` (empty if not in that network)."""
    return _LEGS.get((mode, start), ())
