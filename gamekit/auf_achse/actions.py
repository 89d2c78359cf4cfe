"""The actions of Auf Achse: small frozen values with a readable ``str``."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

__all__ = [
    "ACTION_TYPES",
    "PlaceTruck",
    "Roll",
    "UseDie",
    "Step",
    "Stop",
    "Load",
    "Unload",
    "BuyTrailer",
    "ChooseContract",
    "Decline",
    "Bid",
    "Pass",
    "TakeContract",
    "EndTurn",
    "PlaceSign",
    "KeepInHand",
    "ReturnTrailer",
]


def space_text(node: str) -> str:
    """A city or road space in words: ``Berlin`` as it is; the road space ``Berlin-Leipzig/0`` as
    "Berlin–Leipzig, space 1 from Berlin" (counted from 1, from the city named first)."""
    road, slash, index = node.rpartition("/")
    if not slash or "-" not in road or not index.isdigit():
        return node
    first, second = road.split("-", 1)
    return f"{first}–{second}, space {int(index) + 1} from {first}"


@dataclass(frozen=True)
class PlaceTruck:
    """Setup: put your truck in a city (rule ``auf-achse-setup``)."""

    city: str

    def __str__(self) -> str:
        return f"place truck {'on' if '/' in self.city else 'in'} {space_text(self.city)}"


@dataclass(frozen=True)
class Roll:
    """Roll both dice (rule ``auf-achse-movement``)."""

    def __str__(self) -> str:
        return "roll"


@dataclass(frozen=True)
class UseDie:
    """Use one die for ``pips`` (a 6 may be used as any of 1-6; rule ``auf-achse-movement``)."""

    pips: int

    def __str__(self) -> str:
        return f"move {self.pips}"


@dataclass(frozen=True)
class Step:
    """Drive one step to the neighbouring city or road space ``to`` (rule ``auf-achse-movement``)."""

    to: str

    def __str__(self) -> str:
        return f"step to {space_text(self.to)}"


@dataclass(frozen=True)
class Stop:
    """End the move here, giving up the pips left (in a city), or because the truck cannot go on
    (rule ``auf-achse-movement``)."""

    def __str__(self) -> str:
        return "stop"


@dataclass(frozen=True)
class Load:
    """Load a contract's goods here, its start city (rule ``auf-achse-loading``)."""

    contract: int

    def __str__(self) -> str:
        return f"load contract {self.contract}"


@dataclass(frozen=True)
class Unload:
    """Deliver a loaded contract here, its destination, for its freight revenue (rule ``auf-achse-delivery``)."""

    contract: int

    def __str__(self) -> str:
        return f"unload contract {self.contract}"


@dataclass(frozen=True)
class BuyTrailer:
    """Buy a ``large`` or ``small`` trailer (rule ``auf-achse-trailers``)."""

    kind: str

    def __str__(self) -> str:
        return f"buy {self.kind} trailer"


@dataclass(frozen=True)
class ChooseContract:
    """Choose the face-up public contract on space ``slot`` (0 = next to the loading yard) for auction
    (rule ``auf-achse-public-contracts``)."""

    slot: int

    def __str__(self) -> str:
        return f"choose public contract {self.slot}"


@dataclass(frozen=True)
class Decline:
    """No interest in a public contract: the one next to the loading yard leaves the game
    (rule ``auf-achse-declining``)."""

    def __str__(self) -> str:
        return "decline public contracts"


@dataclass(frozen=True)
class Bid:
    """Name offer ``offer`` (1-5) in the auction (rule ``auf-achse-offers``)."""

    offer: int

    def __str__(self) -> str:
        return f"bid offer {self.offer}"


@dataclass(frozen=True)
class Pass:
    """Pass in the auction: out of it (rule ``auf-achse-auction-order``)."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True)
class TakeContract:
    """Children's variant: take the face-up contract on ``slot``, whose start city you reached
    (rule ``auf-achse-children``)."""

    slot: int

    def __str__(self) -> str:
        return f"take public contract {self.slot}"


@dataclass(frozen=True)
class EndTurn:
    """End your turn (rule ``auf-achse-turn``)."""

    def __str__(self) -> str:
        return "end turn"


@dataclass(frozen=True)
class PlaceSign:
    """Put the roadworks sign (after using a 1) or the traffic-jam sign (by an event card) on road
    space ``space``, closing it (rule ``auf-achse-signs``)."""

    space: str

    def __str__(self) -> str:
        return f"put the sign on {self.space}"


@dataclass(frozen=True)
class KeepInHand:
    """After winning a public contract out of turn in its start city: keep it in hand instead of
    loading it at once (rule ``auf-achse-taking-contract``)."""

    def __str__(self) -> str:
        return "keep the contract in hand"


@dataclass(frozen=True)
class ReturnTrailer:
    """Hand a ``large`` or ``small`` trailer back to the supply for the refund (rule ``auf-achse-trailers``)."""

    kind: str

    def __str__(self) -> str:
        return f"hand back the {self.kind} trailer"


#: Every kind of Auf Achse action (the log's action types, for saving and loading).
ACTION_TYPES: tuple[type, ...] = (PlaceTruck, Roll, UseDie, Step, Stop, Load, Unload, BuyTrailer, ChooseContract,
                                  Decline, Bid, Pass, TakeContract, EndTurn, PlaceSign, KeepInHand, ReturnTrailer)


def action_space(state: Any) -> dict[type, list[Any]]:
    """Every Auf Achse action with fields, for OpenSpiel (declared on the game; see
    :mod:`gamekit.openspiel`): place truck on a node (the network's cities and road spaces, its
    order: a truck may start on any space with ``start_anywhere``); use die 1-6; step to a node;
    load and unload by contract (0 to the contract table's size - 1); buy trailer (large, small);
    choose public contract by slot (0 to the longest face-up row the options allow, less 1); bid
    offer 1-5; take public contract by slot; put the sign on a node; hand back a trailer."""
    from ..core import every
    from .options import TRAILER_KINDS

    net = state.net
    contracts = range(len(state.cards))
    slots = range(max(len(state.row), state.options.face_up, state.options.public_contracts_children))
    return {
        PlaceTruck: every(PlaceTruck, net.nodes),  # a city, or any space with start_anywhere
        UseDie: every(UseDie, range(1, 7)),
        Step: every(Step, net.nodes),
        Load: every(Load, contracts),
        Unload: every(Unload, contracts),
        BuyTrailer: every(BuyTrailer, TRAILER_KINDS),
        ChooseContract: every(ChooseContract, slots),
        Bid: every(Bid, range(1, state.options.highest_offer + 1)),  # rule auf-achse-offers: 1-5 as printed
        TakeContract: every(TakeContract, slots),
        PlaceSign: every(PlaceSign, net.nodes),
        ReturnTrailer: every(ReturnTrailer, TRAILER_KINDS),
    }
