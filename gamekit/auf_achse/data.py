"""The fixed data of Auf Achse: the road network, the contracts and the event cards.

All three are assumptions (the printed map and cards are not in the seed), shipped as JSON files next
to this module and validated once when first loaded:

* ``network.json`` (rule ``auf-achse-board``): the cities and the roads between them. A road from
  city A to city B of ``n`` road spaces is the chain A, ``A-B/0``, ..., ``A-B/n-1``, B of nodes;
  ``triangles`` lists the spaces (by index) that carry an event triangle; ``ferry`` marks the two
  ferry links, which the engine treats as roads.
* ``contracts.json`` (rule ``auf-achse-contracts``): 54 contracts, each with start and destination
  city, goods (a label) and the number of goods cubes, freight revenue, and the cost of offers 1-5.
* ``events.json`` (rule ``auf-achse-events``): 28 event cards of five kinds.

>>> net = network()
>>> net.is_city("Berlin"), net.is_city("Berlin-Leipzig/0")
(True, False)
>>> net.distance("Berlin", "Trieste")
21
>>> contracts()[0].start, contracts()[0].destination, contracts()[0].cost(4), contracts()[0].revenue
('Berlin', 'Trieste', 2800, 3900)
"""

from __future__ import annotations

import json
from collections import deque
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any

__all__ = ["Contract", "EventCard", "Network", "network", "contracts", "events", "EVENT_KINDS"]

EVENT_KINDS = ("pay", "receive", "skip", "extra", "to_city", "jam")


def _load(name: str) -> Any:
    return json.loads(resources.files(__package__).joinpath(name).read_text(encoding="utf-8"))


class Network:
    """The road network as a graph of cities and road spaces (rule ``auf-achse-board``)."""

    def __init__(self, cities: list[str], roads: list[dict[str, Any]]) -> None:
        if len(set(cities)) != len(cities) or not cities:
            raise ValueError("network.json: the cities must be distinct and not empty")
        self.cities: tuple[str, ...] = tuple(cities)
        self._city_set = frozenset(cities)
        adjacency: dict[str, list[str]] = {c: [] for c in cities}
        triangles: set[str] = set()
        ferries: set[str] = set()
        self.roads: list[tuple[str, str, tuple[str, ...]]] = []
        for road in roads:
            a, b, n = road["from"], road["to"], road["spaces"]
            if a not in self._city_set or b not in self._city_set or a == b:
                raise ValueError(f"network.json: a road joins two different cities, not {a!r} and {b!r}")
            if not isinstance(n, int) or n < 1:
                raise ValueError(f"network.json: road {a}-{b} needs at least one road space")
            spaces = tuple(f"{a}-{b}/{i}" for i in range(n))
            for i in road["triangles"]:
                if not 0 <= i < n:
                    raise ValueError(f"network.json: road {a}-{b} has no space {i} for a triangle")
                triangles.add(spaces[i])
            if road.get("ferry"):
                ferries.update(spaces)
            chain = (a, *spaces, b)
            for u, v in zip(chain, chain[1:]):
                adjacency.setdefault(u, []).append(v)
                adjacency.setdefault(v, []).append(u)
            self.roads.append((a, b, spaces))
        self.adjacent: dict[str, tuple[str, ...]] = {u: tuple(vs) for u, vs in adjacency.items()}
        self.triangles = frozenset(triangles)
        self.ferry_spaces = frozenset(ferries)
        self.nodes: tuple[str, ...] = tuple(adjacency)
        self._distances: dict[str, dict[str, int]] = {}
        unreachable = set(self.nodes) - set(self.distances_from(cities[0]))
        if unreachable:
            raise ValueError(f"network.json: not connected, e.g. {sorted(unreachable)[:3]}")

    def is_city(self, node: str) -> bool:
        return node in self._city_set

    def is_triangle(self, node: str) -> bool:
        """A road space with an event triangle (rule ``auf-achse-events``)."""
        return node in self.triangles

    def distances_from(self, node: str) -> dict[str, int]:
        """Steps (pips) from ``node`` to every node, ignoring other trucks."""
        found = self._distances.get(node)
        if found is None:
            found = {node: 0}
            queue = deque([node])
            while queue:
                u = queue.popleft()
                for v in self.adjacent[u]:
                    if v not in found:
                        found[v] = found[u] + 1
                        queue.append(v)
            self._distances[node] = found
        return found

    def distance(self, a: str, b: str) -> int:
        return self.distances_from(a)[b]

    def nearest_city(self, node: str) -> str:
        """The city fewest steps away (ties: the first in ``network.json``'s list); rule ``auf-achse-events``."""
        d = self.distances_from(node)
        return min(self.cities, key=lambda c: (d[c], self.cities.index(c)))


@dataclass(frozen=True)
class Contract:
    """One contract card (rule ``auf-achse-contracts``): carry ``amount`` goods cubes from ``start`` to
    ``destination`` for ``revenue``; ``costs`` are the prices of offers 1 to 5 (rule ``auf-achse-offers``)."""

    id: int
    start: str
    destination: str
    goods: str
    amount: int
    revenue: int
    costs: tuple[int, int, int, int, int]

    def cost(self, offer: int) -> int:
        """The price of offer 1-5 on this card's cost table."""
        return self.costs[offer - 1]

    def net(self, offer: int) -> int:
        """What is left of the freight revenue after paying offer ``offer``."""
        return self.revenue - self.cost(offer)

    def __str__(self) -> str:
        return f"{self.start}–{self.destination} ({self.amount} {self.goods}, {self.revenue:,} €)"


@dataclass(frozen=True)
class EventCard:
    """One event card (rule ``auf-achse-events``)."""

    id: int
    kind: str
    amount: int
    text: str


@lru_cache(maxsize=1)
def network() -> Network:
    """The road network of the board (``network.json``): cities, roads as chains of road spaces,
    event triangles and the ferry links (rule ``auf-achse-board``)."""
    data = _load("network.json")
    return Network(list(data["cities"]), list(data["roads"]))


@lru_cache(maxsize=1)
def contracts() -> tuple[Contract, ...]:
    """The 54 contracts (``contracts.json``), each checked: two different cities, five rising
    costs, 1 to 6 goods and a revenue above the highest offer (rule ``auf-achse-contracts``)."""
    net = network()
    cards = []
    for i, c in enumerate(_load("contracts.json")["contracts"]):
        card = Contract(c["id"], c["start"], c["destination"], c["goods"], c["amount"], c["revenue"], tuple(c["costs"]))
        if card.id != i:
            raise ValueError(f"contracts.json: card {i} has id {card.id}")
        if not (net.is_city(card.start) and net.is_city(card.destination)) or card.start == card.destination:
            raise ValueError(f"contracts.json: card {i} needs two different cities")
        if len(card.costs) != 5 or any(x >= y for x, y in zip(card.costs, card.costs[1:])) or card.costs[0] <= 0:
            raise ValueError(f"contracts.json: card {i} needs five rising costs")
        if not 1 <= card.amount <= 6 or card.revenue <= card.costs[-1]:
            raise ValueError(f"contracts.json: card {i} needs 1-6 goods and a revenue above offer 5")
        cards.append(card)
    return tuple(cards)


@lru_cache(maxsize=1)
def events() -> tuple[EventCard, ...]:
    """The 28 event cards (``events.json``), each checked (rule ``auf-achse-events``)."""
    cards = []
    for i, e in enumerate(_load("events.json")["events"]):
        card = EventCard(e["id"], e["kind"], e["amount"], e["text"])
        if card.id != i or card.kind not in EVENT_KINDS or card.amount < 0:
            raise ValueError(f"events.json: card {i} is malformed")
        cards.append(card)
    return tuple(cards)
