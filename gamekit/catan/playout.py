"""Random playouts of the Catan games (``catan``, ``factories``): a random policy that prefers
building, so games end.

Used by the tests (many seeded games must end with a winner) and by ``benchmarks/catan_playout.py``.
The policy draws from its own :class:`~gamekit.rng.Rng`, never from the game's generator, so the
game's chance results depend only on the game's seed and the actions taken.
"""

from __future__ import annotations

from typing import Any

from ..rng import Rng
from .actions import (
    BankTrade,
    BuildCity,
    BuildFactory,
    BuildRoad,
    BuildSettlement,
    BuildShip,
    BuyDevelopmentCard,
    EndTurn,
    Invest,
    MoveShip,
    OfferTrade,
    PlayKnight,
    PlayMonopoly,
    PlayRoadBuilding,
    PlayYearOfPlenty,
)

__all__ = ["random_policy", "playout"]

_TIER_1 = (BuildCity, BuildSettlement)
_TIER_2 = (BuildFactory, Invest, BuyDevelopmentCard, PlayKnight, PlayRoadBuilding, PlayYearOfPlenty, PlayMonopoly)
_GROUP: dict[type, int] = {t: 0 for t in _TIER_1}
_GROUP.update({t: 1 for t in _TIER_2})
_GROUP.update({BuildRoad: 2, BuildShip: 2, BankTrade: 3, OfferTrade: 4, MoveShip: 4, EndTurn: 5})


def random_policy(state: Any, rng: Rng, actions: list[Any] | None = None) -> Any:
    """A random legal action that prefers cities and settlements, then factories, investments and
    development cards, then roads and ships; it trades with the bank half the time it can, offers a trade to
    another player (or moves a ship) now and then, and otherwise ends the turn. Outside the main phase: uniform."""
    if actions is None:
        actions = state.legal_actions()
    if len(actions) == 1 or state.phase != "main":
        return actions[rng.randbelow(len(actions))]
    groups: list[list[Any]] = [[], [], [], [], [], []]
    group_of = _GROUP
    for a in actions:
        groups[group_of[type(a)]].append(a)
    tier1, tier2, roads, trades, offers, end_list = groups
    end = end_list[0] if end_list else None
    for group in (tier1, tier2):
        if group:
            return group[rng.randbelow(len(group))]
    if roads:
        # Roads that reach a place for a settlement first; other roads only now and then, so that
        # the 15 roads are not all spent going nowhere.
        useful = [a for a in roads if _opens_a_site(state, a.edge)]
        if useful:
            return useful[rng.randbelow(len(useful))]
        if rng.randbelow(3) == 0:
            return roads[rng.randbelow(len(roads))]
    if trades and rng.randbelow(2):
        return trades[rng.randbelow(len(trades))]
    if offers and rng.randbelow(10) == 0:
        return offers[rng.randbelow(len(offers))]
    return end if end is not None else actions[rng.randbelow(len(actions))]


def _opens_a_site(state: Any, edge: int) -> bool:
    owner = state.node_owner
    topo = state.topo
    for v in topo.edge_nodes[edge]:
        if owner[v] == -1 and all(owner[m] == -1 for m in topo.node_nodes[v]):
            if not any(state.edge_owner[f] == state.turn for f in topo.node_edges[v]):
                return True
    return False


def playout(state: Any, rng: Rng, max_actions: int = 5000) -> int:
    """Play ``state`` on with :func:`random_policy` until the game ends or ``max_actions`` actions
    have been applied; returns the number of actions applied."""
    count = 0
    while not state.is_over() and count < max_actions:
        state.apply(random_policy(state, rng))
        count += 1
    return count
