"""The actions of the Catan games: small frozen values with a readable ``str``.

:data:`CATAN_ACTION_TYPES` are the base game's; :data:`ACTION_TYPES` adds those of factories
(``BuildFactory``, ``Invest``, ``PlacePeg``, ``RotateFactory``).

Intersections (``node``), edges (``edge``) and hexes (``hex``) are ids of the board's
:class:`~gamekit.catan.board.Topology`; resources are their names (``"brick"``, ...).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from . import RESOURCES

__all__ = [
    "Roll",
    "EndTurn",
    "BuildRoad",
    "BuildSettlement",
    "BuildCity",
    "BuildFactory",
    "Invest",
    "PlacePeg",
    "Discard",
    "MoveRobber",
    "RotateFactory",
    "BankTrade",
    "OfferTrade",
    "AcceptTrade",
    "DeclineTrade",
    "BuyDevelopmentCard",
    "PlayKnight",
    "PlayRoadBuilding",
    "PlayYearOfPlenty",
    "PlayMonopoly",
    "ACTION_TYPES",
    "CATAN_ACTION_TYPES",
    "BuildShip",
    "MoveShip",
    "MovePirate",
    "SEAFARERS_ACTION_TYPES",
]


@dataclass(frozen=True, slots=True)
class Roll:
    """Roll for production (rules ``catan-production``, ``factories-production``)."""

    def __str__(self) -> str:
        return "roll"


@dataclass(frozen=True, slots=True)
class EndTurn:
    """Pass the dice to the next player (rule ``catan-turn``)."""

    def __str__(self) -> str:
        return "end turn"


@dataclass(frozen=True, slots=True)
class BuildRoad:
    """A road on an edge (rule ``catan-road``; free during setup and road building)."""

    edge: int

    def __str__(self) -> str:
        return f"road on edge {self.edge}"


@dataclass(frozen=True, slots=True)
class BuildSettlement:
    """A settlement on an intersection (rules ``catan-settlement``, ``catan-distance-rule``)."""

    node: int

    def __str__(self) -> str:
        return f"settlement at {self.node}"


@dataclass(frozen=True, slots=True)
class BuildCity:
    """Upgrade an own settlement to a city (rule ``catan-city``)."""

    node: int

    def __str__(self) -> str:
        return f"city at {self.node}"


@dataclass(frozen=True, slots=True)
class BuildFactory:
    """A factory on an intersection (rule ``factories-building``)."""

    node: int

    def __str__(self) -> str:
        return f"factory at {self.node}"


@dataclass(frozen=True, slots=True)
class Invest:
    """Invest in an own factory and roll the d6 (rule ``factories-investment``)."""

    node: int

    def __str__(self) -> str:
        return f"invest in factory at {self.node}"


@dataclass(frozen=True, slots=True)
class PlacePeg:
    """Put the peg an investment gave into a free hole (0-2) of that factory."""

    hole: int

    def __str__(self) -> str:
        return f"peg into hole {self.hole}"


@dataclass(frozen=True, slots=True)
class Discard:
    """Discard one card after a 7 (rule ``catan-discard``)."""

    resource: str

    def __str__(self) -> str:
        return f"discard {self.resource}"


@dataclass(frozen=True, slots=True)
class MoveRobber:
    """Move the robber to a hex and steal from ``victim`` (-1: nobody) (rule ``catan-robber``)."""

    hex: int
    victim: int = -1

    def __str__(self) -> str:
        steal = f", steal from player {self.victim}" if self.victim >= 0 else ""
        return f"robber to hex {self.hex}{steal}"


@dataclass(frozen=True, slots=True)
class RotateFactory:
    """Instead of moving the robber, turn a factory one position (+1 clockwise, -1 back) (rule ``solcher-robber``)."""

    node: int
    step: int

    def __str__(self) -> str:
        way = "clockwise" if self.step == 1 else "anticlockwise"
        return f"rotate factory at {self.node} {way}"


@dataclass(frozen=True, slots=True)
class BankTrade:
    """Give ``count`` equal cards to the bank for one card (rules ``catan-bank-trade``, ``catan-harbour-trade``)."""

    give: str
    get: str
    count: int = 4

    def __str__(self) -> str:
        return f"trade {self.count} {self.give} for 1 {self.get}"


@dataclass(frozen=True, slots=True)
class OfferTrade:
    """Offer cards to another player for cards of theirs (rule ``catan-player-trade``)."""

    to: int
    give: tuple[str, ...]
    get: tuple[str, ...]

    def __str__(self) -> str:
        return f"offer player {self.to} {' '.join(self.give)} for {' '.join(self.get)}"


@dataclass(frozen=True, slots=True)
class AcceptTrade:
    """The offered player accepts (rule ``catan-player-trade``)."""

    def __str__(self) -> str:
        return "accept trade"


@dataclass(frozen=True, slots=True)
class DeclineTrade:
    """The offered player declines (rule ``catan-player-trade``)."""

    def __str__(self) -> str:
        return "decline trade"


@dataclass(frozen=True, slots=True)
class BuyDevelopmentCard:
    """Buy a development card (rule ``catan-development-cards``)."""

    def __str__(self) -> str:
        return "buy development card"


@dataclass(frozen=True, slots=True)
class PlayKnight:
    """Play a knight: move the robber (rules ``catan-development-cards``, ``catan-largest-army``)."""

    def __str__(self) -> str:
        return "play knight"


@dataclass(frozen=True, slots=True)
class PlayRoadBuilding:
    """Play road building: two free roads (rule ``catan-development-cards``)."""

    def __str__(self) -> str:
        return "play road building"


@dataclass(frozen=True, slots=True)
class PlayYearOfPlenty:
    """Play year of plenty: two resources from the bank (rule ``catan-development-cards``).

    The two resources are kept in the order of :data:`~gamekit.catan.RESOURCES`, so one choice has
    one form: ``PlayYearOfPlenty("ore", "wool") == PlayYearOfPlenty("wool", "ore")``.
    """

    first: str
    second: str

    def __post_init__(self) -> None:
        a, b = self.first, self.second
        if a in RESOURCES and b in RESOURCES and RESOURCES.index(a) > RESOURCES.index(b):
            object.__setattr__(self, "first", b)
            object.__setattr__(self, "second", a)

    def __str__(self) -> str:
        return f"play year of plenty: {self.first} and {self.second}"


@dataclass(frozen=True, slots=True)
class PlayMonopoly:
    """Play monopoly: every other player hands over all cards of one resource (rule ``catan-development-cards``)."""

    resource: str

    def __str__(self) -> str:
        return f"play monopoly on {self.resource}"


@dataclass(frozen=True, slots=True)
class BuildShip:
    """A ship on an edge beside the sea (rule ``seafarers-ship``; free in the setup)."""

    edge: int

    def __str__(self) -> str:
        return f"ship on edge {self.edge}"


@dataclass(frozen=True, slots=True)
class MoveShip:
    """Move the ship at the open end of a shipping route to another edge (rule ``seafarers-moving``)."""

    edge: int
    to: int

    def __str__(self) -> str:
        return f"move ship from edge {self.edge} to edge {self.to}"


@dataclass(frozen=True, slots=True)
class MovePirate:
    """Move the pirate to a sea hex and steal from ``victim`` (-1: nobody) (rule ``seafarers-pirate``)."""

    hex: int
    victim: int = -1

    def __str__(self) -> str:
        steal = f", steal from player {self.victim}" if self.victim >= 0 else ""
        return f"pirate to hex {self.hex}{steal}"


#: The actions of the base game (``catan``).
CATAN_ACTION_TYPES: tuple[type, ...] = (
    Roll,
    EndTurn,
    BuildRoad,
    BuildSettlement,
    BuildCity,
    Discard,
    MoveRobber,
    BankTrade,
    OfferTrade,
    AcceptTrade,
    DeclineTrade,
    BuyDevelopmentCard,
    PlayKnight,
    PlayRoadBuilding,
    PlayYearOfPlenty,
    PlayMonopoly,
)

#: Every action of Catan with factories (``factories``): the base game's and the factories' own.
ACTION_TYPES: tuple[type, ...] = (
    Roll,
    EndTurn,
    BuildRoad,
    BuildSettlement,
    BuildCity,
    BuildFactory,
    Invest,
    PlacePeg,
    Discard,
    MoveRobber,
    RotateFactory,
    BankTrade,
    OfferTrade,
    AcceptTrade,
    DeclineTrade,
    BuyDevelopmentCard,
    PlayKnight,
    PlayRoadBuilding,
    PlayYearOfPlenty,
    PlayMonopoly,
)

#: The actions of the base game with the Seafarers layer: ships and the pirate.
SEAFARERS_ACTION_TYPES: tuple[type, ...] = CATAN_ACTION_TYPES + (BuildShip, MoveShip, MovePirate)


def action_space(state: Any) -> dict[type, list[Any]]:
    """Every action with fields of Catan, the factories game and Trade Feud, for OpenSpiel (declared
    on each game; see :mod:`gamekit.openspiel`), by the ids of the board's topology (``state.topo``):
    road by edge; settlement, city (and factory, invest) by intersection; peg by hole 0-2; discard
    by resource; robber: hex x victim (-1 for nobody, then players 0..n-1); rotate factory:
    intersection x step (-1, +1); bank trade: give x get x count (the rates in force: 2, 3, 4 as printed); offer: player x one
    resource given x one received (the only offers the engine makes); year of plenty by pair
    (first <= second in resource order); monopoly by resource; ship by edge; move ship: edge x
    edge; pirate: hex x victim. (The adapter keeps the types of the variant's ``action_types``.)"""
    from ..core import every

    topo = state.topo
    nodes, edges, hexes = range(len(topo.nodes)), range(len(topo.edges)), range(len(topo.hexes))
    victims = range(-1, state.players)
    one = [(r,) for r in RESOURCES]
    opts = state.options  # the rates in force (printed 2:1, 3:1, 4:1: rules catan-harbour-trade, catan-bank-trade)
    rates = sorted({opts.resource_harbour_rate, opts.harbour_trade_rate, opts.bank_trade_rate})
    return {
        BuildRoad: every(BuildRoad, edges),
        BuildSettlement: every(BuildSettlement, nodes),
        BuildCity: every(BuildCity, nodes),
        BuildFactory: every(BuildFactory, nodes),
        Invest: every(Invest, nodes),
        PlacePeg: every(PlacePeg, range(3)),
        Discard: every(Discard, RESOURCES),
        MoveRobber: every(MoveRobber, hexes, victims),
        RotateFactory: every(RotateFactory, nodes, (-1, 1)),
        BankTrade: every(BankTrade, RESOURCES, RESOURCES, rates),
        OfferTrade: every(OfferTrade, range(state.players), one, one),
        PlayYearOfPlenty: [PlayYearOfPlenty(a, b) for i, a in enumerate(RESOURCES) for b in RESOURCES[i:]],
        PlayMonopoly: every(PlayMonopoly, RESOURCES),
        BuildShip: every(BuildShip, edges),
        MoveShip: every(MoveShip, edges, edges),
        MovePirate: every(MovePirate, hexes, victims),
    }
