"""The base game's numbers, written once: building costs, pieces, development cards, building kinds.

Every module of the Catan games takes them from here (the state checks and lists actions with
:data:`COSTS`, the save check counts pieces with :data:`PIECES`), so a rule's number is never
repeated as a literal.

>>> from gamekit.catan.rules import COSTS, cost_text
>>> cost_text(COSTS["settlement"])
'1 brick, 1 lumber, 1 wool, 1 grain'
"""

from __future__ import annotations

from collections.abc import Sequence

from . import RESOURCES

__all__ = [
    "BRICK", "LUMBER", "WOOL", "GRAIN", "ORE", "RES_INDEX",
    "COSTS", "PIECES",
    "DEVELOPMENT_CARDS", "DEVELOPMENT_DECK", "KNIGHT", "ROAD_BUILDING", "YEAR_OF_PLENTY", "MONOPOLY",
    "VICTORY_POINT",
    "EMPTY", "SETTLEMENT", "CITY", "KIND_NAMES",
    "BASE_RULES",
    "afford", "cost_text",
]  # fmt: skip

BRICK, LUMBER, WOOL, GRAIN, ORE = range(5)
#: A resource's index in :data:`~gamekit.catan.RESOURCES` (hands and the bank are lists of five counts).
RES_INDEX: dict[str, int] = {r: i for i, r in enumerate(RESOURCES)}

#: Rule ``catan-building-costs``: cards per resource (brick, lumber, wool, grain, ore).
COSTS: dict[str, tuple[int, int, int, int, int]] = {
    "road": (1, 1, 0, 0, 0),
    "settlement": (1, 1, 1, 1, 0),
    "city": (0, 0, 0, 2, 3),
    "development card": (0, 0, 1, 1, 1),
}

#: Pieces per player (rule ``catan-building-costs``).
PIECES: dict[str, int] = {"road": 15, "settlement": 5, "city": 4}

#: Rule ``catan-development-cards``: the kinds and how many of each the 25-card deck holds.
DEVELOPMENT_CARDS: tuple[str, ...] = ("knight", "road building", "year of plenty", "monopoly", "victory point")
DEVELOPMENT_DECK: tuple[int, ...] = (14, 2, 2, 2, 5)
KNIGHT, ROAD_BUILDING, YEAR_OF_PLENTY, MONOPOLY, VICTORY_POINT = range(5)

#: What stands on an intersection (``node_kind``); variants add kinds after these (factories: 3).
EMPTY, SETTLEMENT, CITY = 0, 1, 2
KIND_NAMES: tuple[str, ...] = ("empty", "settlement", "city")

#: Every rule label of the base game the engine cites (book labels), ``catan-board`` for the board itself.
BASE_RULES: tuple[str, ...] = (
    "catan-board", "catan-setup", "catan-production", "catan-robber", "catan-discard", "catan-building-costs",
    "catan-road", "catan-settlement", "catan-distance-rule", "catan-city", "catan-bank-trade",
    "catan-harbour-trade", "catan-player-trade", "catan-development-cards", "catan-largest-army",
    "catan-longest-road", "catan-victory",
)  # fmt: skip


def afford(hand: Sequence[int], cost: Sequence[int]) -> bool:
    """Whether ``hand`` holds at least ``cost`` of every resource (five counts each)."""
    b, lu, w, g, o = cost
    return hand[0] >= b and hand[1] >= lu and hand[2] >= w and hand[3] >= g and hand[4] >= o


def cost_text(cost: Sequence[int]) -> str:
    """A cost in words, for messages (``'2 grain, 3 ore'``)."""
    return ", ".join(f"{c} {RESOURCES[i]}" for i, c in enumerate(cost) if c)
