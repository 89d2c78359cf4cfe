"""Reading a saved base game (:meth:`CatanState._read_state <gamekit.catan.base.CatanState._read_state>`):
every field is checked and built in locals; the state takes them over only when all are sound.

A variant's state reads its own fields after these (``FactoriesState._read_state``). The helpers
:func:`whole` and :func:`wholes` check integers and lists of them. Nothing here imports a state
module, so there is no import cycle.
"""

from __future__ import annotations

from typing import Any

from .board import Board
from .rules import CITY, DEVELOPMENT_DECK, EMPTY, PIECES, SETTLEMENT, afford

__all__ = ["read_state", "whole", "wholes"]


def whole(value: Any, name: str, low: int, high: int) -> int:
    """``value`` if it is an integer ``low..high``, else ``ValueError``."""
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ValueError(f"{name} must be an integer {low}..{high}, not {value!r}")
    return value


def wholes(value: Any, name: str, length: int, low: int, high: int) -> list[int]:
    """A list of ``length`` integers ``low..high`` (a new list), else ``ValueError``."""
    if not isinstance(value, list) or len(value) != length:
        raise ValueError(f"{name} must be a list of {length} integers")
    if not value or (set(map(type, value)) == {int} and low <= min(value) and max(value) <= high):
        return list(value)  # the usual case, checked at C speed
    return [whole(v, f"{name}[{i}]", low, high) for i, v in enumerate(value)]


def read_state(state: Any, data: Any) -> dict[str, Any]:
    """The attributes of a :class:`~gamekit.catan.base.CatanState` read from ``data``: the board,
    the pieces, hands and bank, development cards, the robber, the phase and what it waits for."""
    if not isinstance(data, dict):
        raise ValueError("the saved state must be an object")
    n = state.players
    opts = state.options
    board = Board.from_data(data["board"])
    topo = board.topology
    nodes, edges = len(topo.nodes), len(topo.edges)
    phase = data["phase"]
    if not isinstance(phase, str) or phase not in state.PHASE_ACTIONS:
        raise ValueError(f"unknown phase {phase!r}")
    turn = whole(data["turn"], "turn", 0, n - 1)
    setup_length = len(state._setup_order())
    setup_index = whole(data["setup_index"], "setup_index", 0, setup_length)
    setup_node = whole(data["setup_node"], "setup_node", -1, nodes - 1)
    if (phase == "setup") != (setup_index < setup_length):
        raise ValueError(f"the setup ends after {setup_length} settlements, each with its road")
    node_owner = wholes(data["node_owner"], "node_owner", nodes, -1, n - 1)
    node_kind = wholes(data["node_kind"], "node_kind", nodes, EMPTY, len(state.KIND_NAMES) - 1)
    for v in range(nodes):
        if (node_owner[v] == -1) != (node_kind[v] == EMPTY):
            raise ValueError(f"intersection {v}: an owner needs a building and a building an owner")
        if node_owner[v] >= 0 and not board.land_node[v]:
            raise ValueError(f"intersection {v} lies in the sea and cannot carry a building")
        if node_owner[v] >= 0 and any(node_owner[m] >= 0 for m in topo.node_nodes[v]):
            raise ValueError(f"intersection {v} breaks the distance rule")
    edge_owner = wholes(data["edge_owner"], "edge_owner", edges, -1, n - 1)
    for e, p in enumerate(edge_owner):
        if p >= 0 and not board.land_edge[e]:
            raise ValueError(f"edge {e} lies between two sea hexes and cannot carry a road")
    for p in range(n):
        kinds = [node_kind[v] for v in range(nodes) if node_owner[v] == p]
        if kinds.count(SETTLEMENT) > PIECES["settlement"] or kinds.count(CITY) > PIECES["city"]:
            raise ValueError(f"player {p} has more settlements or cities than pieces")
        if edge_owner.count(p) > PIECES["road"]:
            raise ValueError(f"player {p} has more than {PIECES['road']} roads")
    if not isinstance(data["hands"], list) or len(data["hands"]) != n:
        raise ValueError(f"hands must be {n} lists")
    hands = [wholes(h, f"hands[{p}]", 5, 0, opts.bank_per_resource) for p, h in enumerate(data["hands"])]
    bank = wholes(data["bank"], "bank", 5, 0, opts.bank_per_resource)
    for r in range(5):
        if bank[r] + sum(h[r] for h in hands) != opts.bank_per_resource:
            raise ValueError(f"resource {r}: bank plus hands must be {opts.bank_per_resource}")
    dev_deck = wholes(data["dev_deck"], "dev_deck", 5, 0, max(DEVELOPMENT_DECK))
    if not isinstance(data["dev_hands"], list) or len(data["dev_hands"]) != n:
        raise ValueError(f"dev_hands must be {n} lists")
    dev_hands = [wholes(h, f"dev_hands[{p}]", 5, 0, max(DEVELOPMENT_DECK)) for p, h in enumerate(data["dev_hands"])]
    knights = wholes(data["knights"], "knights", n, 0, DEVELOPMENT_DECK[0])
    for k in range(5):
        used = dev_deck[k] + sum(h[k] for h in dev_hands) + (sum(knights) if k == 0 else 0)
        if used > DEVELOPMENT_DECK[k] or (k in (0, 4) and used != DEVELOPMENT_DECK[k]):
            raise ValueError(f"development cards of kind {k} do not add up")
    dev_new = wholes(data["dev_new"], "dev_new", 5, 0, max(DEVELOPMENT_DECK))
    if any(dev_new[k] > dev_hands[turn][k] for k in range(5)):
        raise ValueError("dev_new counts cards the player does not hold")
    dev_played = data["dev_played"]
    if not isinstance(dev_played, bool):
        raise ValueError("dev_played must be true or false")
    largest_army = whole(data["largest_army"], "largest_army", -1, n - 1)
    if largest_army >= 0 and knights[largest_army] < 3:
        raise ValueError("Largest Army needs three knights")
    longest_road = whole(data["longest_road"], "longest_road", -1, n - 1)
    robber = data["robber"]
    if robber is not None and (whole(robber, "robber", 0, len(topo.hexes) - 1) not in board.land_hexes):
        raise ValueError("the robber stands on a land hex")
    if robber is None and board.desert() is not None:
        raise ValueError("the robber is on the board (it starts on the desert)")
    discards = data["discards"]
    if not isinstance(discards, list) or not all(isinstance(d, list) and len(d) == 2 for d in discards):
        raise ValueError("discards are a list of [player, cards]")
    discards = [[whole(d[0], "discarding player", 0, n - 1), whole(d[1], "cards to discard", 1, 1000)]
                for d in discards]  # fmt: skip
    offer = data["offer"]
    if offer is not None:
        if not isinstance(offer, list) or len(offer) != 4:
            raise ValueError("an offer is [from, to, give, get]")
        offer = [whole(offer[0], "offer from", 0, n - 1), whole(offer[1], "offer to", 0, n - 1),
                 wholes(offer[2], "offer give", 5, 0, 1000), wholes(offer[3], "offer get", 5, 0, 1000)]  # fmt: skip
        if offer[0] == offer[1]:
            raise ValueError("an offer goes to another player")
        if not any(offer[2]) or not any(offer[3]) or any(g and t for g, t in zip(offer[2], offer[3])):
            raise ValueError("an offer gives at least one card for at least one other card")
        if not afford(hands[offer[0]], offer[2]):
            raise ValueError("the offering player does not hold the cards offered")
    free_roads = whole(data["free_roads"], "free_roads", 0, 2)
    resume = data["resume"]
    if resume not in ("roll", "main"):
        raise ValueError("resume is 'roll' or 'main'")
    dice = data["dice"]
    if not isinstance(dice, list) or len(dice) not in (0, state.DICE):
        raise ValueError(f"dice are {state.DICE} dice or none")
    winner = data["winner"]
    if winner is not None:
        whole(winner, "winner", 0, n - 1)
    if (phase == "over") != (winner is not None):
        raise ValueError("the game is over exactly when there is a winner")
    if phase == "discard" and not discards:
        raise ValueError("the discard phase needs players to discard")
    if (phase == "trade") != (offer is not None) or (offer is not None and offer[0] != turn):
        raise ValueError("an offer by the active player waits exactly in the trade phase")
    return {
        "board": board,
        "phase": phase,
        "turn": turn,
        "setup_index": setup_index,
        "setup_node": setup_node,
        "node_owner": node_owner,
        "node_kind": node_kind,
        "edge_owner": edge_owner,
        "hands": hands,
        "bank": bank,
        "dev_deck": dev_deck,
        "dev_hands": dev_hands,
        "dev_new": dev_new,
        "dev_played": dev_played,
        "knights": knights,
        "largest_army": largest_army,
        "longest_road": longest_road,
        "robber": robber,
        "discards": discards,
        "offer": offer,
        "free_roads": free_roads,
        "resume": resume,
        "dice": list(dice),
        "winner": winner,
    }
