"""Reading a saved base game (:meth:`CatanState._read_state <gamekit.catan.base.CatanState._read_state>`):
every field is checked and built in locals; the state takes them over only when all are sound.

The checks are :mod:`gamekit.validation`'s, shared by every game's restore. :func:`read_state`
reads the save in three parts, each a function returning the attributes it read: the pieces on
the board (:func:`read_pieces`), the cards (:func:`read_cards`) and whose turn it is and what
the game waits for (:func:`read_turn`). A variant's state reads its own fields after these
(``FactoriesState._read_state``). Nothing here imports a state module, so there is no import cycle.
"""

from __future__ import annotations

from typing import Any

from ..validation import each, flag, integer, integers, listing, one_of, optional
from .board import Board
from .rules import CITY, EMPTY, SETTLEMENT, afford

__all__ = ["read_state", "read_pieces", "read_cards", "read_turn"]


def read_state(state: Any, data: Any) -> dict[str, Any]:
    """The attributes of a :class:`~gamekit.catan.base.CatanState` read from ``data``: the board,
    the pieces, hands and bank, development cards, the robber, the phase and what it waits for."""
    if not isinstance(data, dict):
        raise ValueError("the saved state must be an object")
    board = Board.from_data(data["board"])
    values: dict[str, Any] = {"board": board}
    values.update(read_pieces(state, data, board))
    turn = integer(data["turn"], "turn", 0, state.players - 1)
    values.update(read_cards(state, data, turn))
    values.update(read_turn(state, data, board, values))
    return values


def read_pieces(state: Any, data: dict[str, Any], board: Board) -> dict[str, Any]:
    """``node_owner``, ``node_kind`` and ``edge_owner``: buildings on land, the distance rule
    kept, roads on land, no player with more pieces than the box holds."""
    n, topo = state.players, board.topology
    nodes, edges = len(topo.nodes), len(topo.edges)
    node_owner = integers(data["node_owner"], "node_owner", nodes, -1, n - 1)
    node_kind = integers(data["node_kind"], "node_kind", nodes, EMPTY, len(state.KIND_NAMES) - 1)
    for v in range(nodes):
        if (node_owner[v] == -1) != (node_kind[v] == EMPTY):
            raise ValueError(f"intersection {v}: an owner needs a building and a building an owner")
        if node_owner[v] >= 0 and not board.land_node[v]:
            raise ValueError(f"intersection {v} lies in the sea and cannot carry a building")
        if node_owner[v] >= 0 and any(node_owner[m] >= 0 for m in topo.node_nodes[v]):
            raise ValueError(f"intersection {v} breaks the distance rule")
    edge_owner = integers(data["edge_owner"], "edge_owner", edges, -1, n - 1)
    for e, p in enumerate(edge_owner):
        if p >= 0 and not board.land_edge[e]:
            raise ValueError(f"edge {e} lies between two sea hexes and cannot carry a road")
    pieces = state.PIECES
    for p in range(n):
        kinds = [node_kind[v] for v in range(nodes) if node_owner[v] == p]
        if kinds.count(SETTLEMENT) > pieces["settlement"] or kinds.count(CITY) > pieces["city"]:
            raise ValueError(f"player {p} has more settlements or cities than pieces")
        if edge_owner.count(p) > pieces["road"]:
            raise ValueError(f"player {p} has more than {pieces['road']} roads")
    return {"node_owner": node_owner, "node_kind": node_kind, "edge_owner": edge_owner}


def read_cards(state: Any, data: dict[str, Any], turn: int) -> dict[str, Any]:
    """The resource cards (hands and bank add up to the supply) and the development cards (the
    deck, hands and knights played add up to the box; cards bought this turn are held by the
    player to act, ``turn``), with Largest Army."""
    n, per_resource = state.players, state.options.bank_per_resource
    deck = state.options.development_deck
    most = max(deck)
    hands = each(data["hands"], "hands", lambda h, where: integers(h, where, 5, 0, per_resource), n)
    bank = integers(data["bank"], "bank", 5, 0, per_resource)
    for r in range(5):
        if bank[r] + sum(h[r] for h in hands) != per_resource:
            raise ValueError(f"resource {r}: bank plus hands must be {per_resource}")
    dev_deck = integers(data["dev_deck"], "dev_deck", 5, 0, most)
    dev_hands = each(data["dev_hands"], "dev_hands", lambda h, where: integers(h, where, 5, 0, most), n)
    knights = integers(data["knights"], "knights", n, 0, deck[0])
    for k in range(5):
        used = dev_deck[k] + sum(h[k] for h in dev_hands) + (sum(knights) if k == 0 else 0)
        if used > deck[k] or (k in (0, 4) and used != deck[k]):
            raise ValueError(f"development cards of kind {k} do not add up")
    dev_new = integers(data["dev_new"], "dev_new", 5, 0, most)
    if any(dev_new[k] > dev_hands[turn][k] for k in range(5)):
        raise ValueError("dev_new counts cards the player does not hold")
    largest_army = integer(data["largest_army"], "largest_army", -1, n - 1)
    if largest_army >= 0 and knights[largest_army] < state.options.largest_army_knights:
        raise ValueError(f"Largest Army needs {state.options.largest_army_knights} knights")
    return {"hands": hands, "bank": bank, "dev_deck": dev_deck, "dev_hands": dev_hands, "knights": knights,
            "dev_new": dev_new, "dev_played": flag(data["dev_played"], "dev_played"), "largest_army": largest_army}


def _read_offer(offer: Any, n: int, hands: list[list[int]]) -> list[Any] | None:
    """A player's trade offer waiting for an answer, ``[from, to, give, get]``, or ``None``."""
    if offer is None:
        return None
    listing(offer, "an offer [from, to, give, get]", 4)
    offer = [integer(offer[0], "offer from", 0, n - 1), integer(offer[1], "offer to", 0, n - 1),
             integers(offer[2], "offer give", 5, 0, 1000), integers(offer[3], "offer get", 5, 0, 1000)]  # fmt: skip
    if offer[0] == offer[1]:
        raise ValueError("an offer goes to another player")
    if not any(offer[2]) or not any(offer[3]) or any(g and t for g, t in zip(offer[2], offer[3])):
        raise ValueError("an offer gives at least one card for at least one other card")
    if not afford(hands[offer[0]], offer[2]):
        raise ValueError("the offering player does not hold the cards offered")
    return offer


def read_turn(state: Any, data: dict[str, Any], board: Board, values: dict[str, Any]) -> dict[str, Any]:
    """Whose turn it is and what the game waits for: the phase and the founding round, the robber,
    the players to discard, an offer, free roads, the dice and the winner, each fitting the phase.
    ``values`` holds what :func:`read_pieces` and :func:`read_cards` read."""
    n, topo = state.players, board.topology
    phase = one_of(data["phase"], "phase", state.PHASE_ACTIONS)
    turn = integer(data["turn"], "turn", 0, n - 1)
    setup_length = len(state.setup_turns())
    setup_index = integer(data["setup_index"], "setup_index", 0, setup_length)
    setup_node = integer(data["setup_node"], "setup_node", -1, len(topo.nodes) - 1)
    if (phase == "setup") != (setup_index < setup_length):
        raise ValueError(f"the setup ends after {setup_length} settlements, each with its road")
    longest_road = integer(data["longest_road"], "longest_road", -1, n - 1)
    robber = optional(data["robber"], "robber", 0, len(topo.hexes) - 1)
    if robber is not None and robber not in board.land_hexes:
        raise ValueError("the robber stands on a land hex")
    if robber is None and board.desert() is not None:
        raise ValueError("the robber is on the board (it starts on the desert)")
    discards = each(data["discards"], "discards", lambda d, where: listing(d, f"{where} (player, cards)", 2))
    discards = [[integer(d[0], "discarding player", 0, n - 1), integer(d[1], "cards to discard", 1, 1000)]
                for d in discards]  # fmt: skip
    offer = _read_offer(data["offer"], n, values["hands"])
    free_roads = integer(data["free_roads"], "free_roads", 0, state.options.road_building_roads)
    resume = one_of(data["resume"], "resume", ("roll", "main"))
    dice = data["dice"]
    if not isinstance(dice, list) or len(dice) not in (0, state.DICE):
        raise ValueError(f"dice are {state.DICE} dice or none")
    winner = optional(data["winner"], "winner", 0, n - 1)
    if (phase == "over") != (winner is not None):
        raise ValueError("the game is over exactly when there is a winner")
    if phase == "discard" and not discards:
        raise ValueError("the discard phase needs players to discard")
    if (phase == "trade") != (offer is not None) or (offer is not None and offer[0] != turn):
        raise ValueError("an offer by the active player waits exactly in the trade phase")
    if offer is not None and not state.options.player_trades:
        raise ValueError("an offer between players needs the setting player_trades")
    return {"phase": phase, "turn": turn, "setup_index": setup_index, "setup_node": setup_node,
            "longest_road": longest_road, "robber": robber, "discards": discards, "offer": offer,
            "free_roads": free_roads, "resume": resume, "dice": list(dice), "winner": winner}
