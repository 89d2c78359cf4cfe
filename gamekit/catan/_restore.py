"""Validating a saved factories game (``FactoriesState._restore``): every field is checked and
built in locals; the state takes them over only when all of them are sound."""

from __future__ import annotations

from typing import Any

from .board import Board
from .production import NUMBERS

__all__ = ["restore_state"]


def _int(value: Any, name: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ValueError(f"{name} must be an integer {low}..{high}, not {value!r}")
    return value


def _ints(value: Any, name: str, length: int, low: int, high: int) -> list[int]:
    if not isinstance(value, list) or len(value) != length:
        raise ValueError(f"{name} must be a list of {length} integers")
    return [_int(v, f"{name}[{i}]", low, high) for i, v in enumerate(value)]


def restore_state(state: Any, data: Any) -> dict[str, Any]:
    """The attributes of a :class:`~gamekit.catan.factories.FactoriesState` read from ``data``."""
    from .factories import CITY, DEVELOPMENT_DECK, EMPTY, FACTORY, PHASES, PIECES, SETTLEMENT

    if not isinstance(data, dict):
        raise ValueError("the factories state must be an object")
    n = state.players
    opts = state.options
    board = Board.from_data(data["board"])
    topo = board.topology
    nodes, edges = len(topo.nodes), len(topo.edges)
    phase = data["phase"]
    if phase not in PHASES:
        raise ValueError(f"unknown phase {phase!r}")
    turn = _int(data["turn"], "turn", 0, n - 1)
    setup_index = _int(data["setup_index"], "setup_index", 0, 2 * n)
    setup_node = _int(data["setup_node"], "setup_node", -1, nodes - 1)
    if (phase == "setup") != (setup_index < 2 * n):
        raise ValueError("the setup ends after two settlements and roads per player")
    node_owner = _ints(data["node_owner"], "node_owner", nodes, -1, n - 1)
    node_kind = _ints(data["node_kind"], "node_kind", nodes, EMPTY, FACTORY)
    for v in range(nodes):
        if (node_owner[v] == -1) != (node_kind[v] == EMPTY):
            raise ValueError(f"intersection {v}: an owner needs a building and a building an owner")
        if node_owner[v] >= 0 and any(node_owner[m] >= 0 for m in topo.node_nodes[v]):
            raise ValueError(f"intersection {v} breaks the distance rule")
    edge_owner = _ints(data["edge_owner"], "edge_owner", edges, -1, n - 1)
    for p in range(n):
        kinds = [node_kind[v] for v in range(nodes) if node_owner[v] == p]
        if kinds.count(SETTLEMENT) > PIECES["settlement"] or kinds.count(CITY) > PIECES["city"]:
            raise ValueError(f"player {p} has more settlements or cities than pieces")
        if kinds.count(FACTORY) > opts.factories_per_player:
            raise ValueError(f"player {p} has more than {opts.factories_per_player} factories")
        if edge_owner.count(p) > PIECES["road"]:
            raise ValueError(f"player {p} has more than {PIECES['road']} roads")
    if not isinstance(data["hands"], list) or len(data["hands"]) != n:
        raise ValueError(f"hands must be {n} lists")
    hands = [_ints(h, f"hands[{p}]", 5, 0, opts.bank_per_resource) for p, h in enumerate(data["hands"])]
    bank = _ints(data["bank"], "bank", 5, 0, opts.bank_per_resource)
    for r in range(5):
        if bank[r] + sum(h[r] for h in hands) != opts.bank_per_resource:
            raise ValueError(f"resource {r}: bank plus hands must be {opts.bank_per_resource}")
    dev_deck = _ints(data["dev_deck"], "dev_deck", 5, 0, max(DEVELOPMENT_DECK))
    if not isinstance(data["dev_hands"], list) or len(data["dev_hands"]) != n:
        raise ValueError(f"dev_hands must be {n} lists")
    dev_hands = [_ints(h, f"dev_hands[{p}]", 5, 0, max(DEVELOPMENT_DECK)) for p, h in enumerate(data["dev_hands"])]
    knights = _ints(data["knights"], "knights", n, 0, DEVELOPMENT_DECK[0])
    for k in range(5):
        used = dev_deck[k] + sum(h[k] for h in dev_hands) + (sum(knights) if k == 0 else 0)
        if used > DEVELOPMENT_DECK[k] or (k in (0, 4) and used != DEVELOPMENT_DECK[k]):
            raise ValueError(f"development cards of kind {k} do not add up")
    dev_new = _ints(data["dev_new"], "dev_new", 5, 0, max(DEVELOPMENT_DECK))
    if any(dev_new[k] > dev_hands[turn][k] for k in range(5)):
        raise ValueError("dev_new counts cards the player does not hold")
    dev_played = data["dev_played"]
    if not isinstance(dev_played, bool):
        raise ValueError("dev_played must be true or false")
    largest_army = _int(data["largest_army"], "largest_army", -1, n - 1)
    if largest_army >= 0 and knights[largest_army] < 3:
        raise ValueError("Largest Army needs three knights")
    longest_road = _int(data["longest_road"], "longest_road", -1, n - 1)
    robber = _int(data["robber"], "robber", 0, len(topo.hexes) - 1)
    if robber not in board.land_hexes:
        raise ValueError("the robber stands on a land hex")
    if not isinstance(data["factories"], list):
        raise ValueError("factories must be a list")
    factories: dict[int, list[int]] = {}
    for row in data["factories"]:
        if not isinstance(row, list) or len(row) != 6:
            raise ValueError(f"a factory is [node, owner, rotation, hole, hole, hole], not {row!r}")
        v = _int(row[0], "factory node", 0, nodes - 1)
        owner = _int(row[1], "factory owner", 0, n - 1)
        if node_owner[v] != owner or node_kind[v] != FACTORY or v in factories:
            raise ValueError(f"factory at {v} does not match the board")
        factories[v] = [owner, _int(row[2], "rotation", 0, 2)] + [_int(h, "hole", -1, 6) for h in row[3:]]
    if len(factories) != node_kind.count(FACTORY):
        raise ValueError("every factory on the board needs its pegs")
    if not isinstance(data["pegs_left"], list) or len(data["pegs_left"]) != n:
        raise ValueError(f"pegs_left must be {n} lists")
    pegs_left = []
    for p, left in enumerate(data["pegs_left"]):
        if not isinstance(left, list) or left != sorted(set(left)) or any(x not in NUMBERS for x in left):
            raise ValueError(f"pegs_left[{p}] must be distinct numbers 1-6, smallest first")
        shown = [h for f in factories.values() if f[0] == p for h in f[2:] if h > 0]
        if len(set(shown)) != len(shown) or set(shown) & set(left):
            raise ValueError(f"player {p}'s pegs do not add up")
        pegs_left.append(list(left))
    blanks_left = _ints(data["blanks_left"], "blanks_left", n, 0, opts.blank_pegs)
    factories_built = _int(data["factories_built"], "factories_built", 0, opts.factories_per_turn)
    discards = data["discards"]
    if not isinstance(discards, list):
        raise ValueError("discards must be a list")
    discards = [[_int(d[0], "discarding player", 0, n - 1), _int(d[1], "cards to discard", 1, 1000)]
                if isinstance(d, list) and len(d) == 2 else _bad("a discard is [player, cards]") for d in discards]
    offer = data["offer"]
    if offer is not None:
        if not isinstance(offer, list) or len(offer) != 4:
            raise ValueError("an offer is [from, to, give, get]")
        offer = [_int(offer[0], "offer from", 0, n - 1), _int(offer[1], "offer to", 0, n - 1),
                 _ints(offer[2], "offer give", 5, 0, 1000), _ints(offer[3], "offer get", 5, 0, 1000)]
    pending_peg = data["pending_peg"]
    if pending_peg is not None:
        if not isinstance(pending_peg, list) or len(pending_peg) != 2 or pending_peg[0] not in factories:
            raise ValueError("a pending peg is [factory node, peg]")
        pending_peg = [pending_peg[0], _int(pending_peg[1], "peg", 0, 6)]
    free_roads = _int(data["free_roads"], "free_roads", 0, 2)
    resume = data["resume"]
    if resume not in ("roll", "main"):
        raise ValueError("resume is 'roll' or 'main'")
    dice = data["dice"]
    if not isinstance(dice, list) or len(dice) not in (0, 3):
        raise ValueError("dice are [die, die, colour] or empty")
    winner = data["winner"]
    if winner is not None:
        _int(winner, "winner", 0, n - 1)
    if (phase == "over") != (winner is not None):
        raise ValueError("the game is over exactly when there is a winner")
    if phase == "discard" and not discards:
        raise ValueError("the discard phase needs players to discard")
    if phase == "trade" and (offer is None or offer[0] != turn):
        raise ValueError("the trade phase needs an offer by the active player")
    if phase == "peg" and pending_peg is None:
        raise ValueError("the peg phase needs a pending peg")
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
        "factories": factories,
        "pegs_left": pegs_left,
        "blanks_left": blanks_left,
        "factories_built": factories_built,
        "discards": discards,
        "offer": offer,
        "pending_peg": pending_peg,
        "free_roads": free_roads,
        "resume": resume,
        "dice": list(dice),
        "winner": winner,
    }


def _bad(message: str) -> Any:
    raise ValueError(message)
