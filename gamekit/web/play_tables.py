"""What the play pages show of each player: visible holdings, the viewer's own hidden things, and
what the player to move must do now, in words. Read from the engine's state; nothing is computed
here that the engine decides (scores, legal moves and the end are the engine's)."""

from __future__ import annotations

from typing import Any

RESOURCE_NAMES = ("brick", "lumber", "wool", "grain", "ore")
DEV_NAMES = ("knight", "victory point", "road building", "year of plenty", "monopoly")
PHASES = {
    "setup": "place your starting pieces",
    "roll": "roll the dice",
    "main": "build, trade or end the turn",
    "discard": "discard half of your cards",
    "robber": "move the robber",
    "trade": "answer the trade offer",
    "road_building": "build the free roads",
    "plan": "dispatch or continue your transports, or roll",
    "draw": "draw or play action cards",
    "die": "choose the die to drive with",
    "moving": "drive your truck",
    "city": "load, unload or take contracts",
    "auction": "bid in the auction",
}


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def phase_text(state: Any) -> str:
    phase = getattr(state, "phase", "")
    return PHASES.get(phase, str(phase).replace("_", " ") or "act")


def holdings(state: Any, player: int, viewer: int | None) -> list[str]:
    """What everyone sees of ``player`` (and, if ``player`` is the viewer, a little more)."""
    name = state.game.name
    try:
        if name in ("catan", "factories", "trade-feud"):
            return _catan(state, player)
        if name == "itc":
            return [f"{_plural(len(state.hands[player]), 'card')} in hand", f"{state.stones[player]} stones left"]
        if name == "auf-achse":
            return [f"cash {state.cash[player]:,}", _truck(state.position[player]),
                    f"{_plural(len(state.hands[player]), 'contract')} in hand",
                    f"{_plural(len(state.loaded[player]), 'load')} on the truck"]
        if name == "transportspelet":
            moving = [t for t in state.transports[player] if t is not None]
            return [f"cash {state.cash[player]:,}, debt {state.debt[player]:,}",
                    "; ".join(f"card {t.card} {'by ' + t.vehicle if t.started else 'not started'}" for t in moving)
                    or "no transport"]
    except (AttributeError, IndexError, KeyError, TypeError):  # a view, never a reason to fail
        pass
    return []


def colour(state: Any, player: int) -> dict[str, str]:
    """The player's colour on the board: its name ("red") and the fill the picture draws it with."""
    name = state.game.name
    if name in ("catan", "factories", "trade-feud"):
        from ..catan.svg import PLAYER_FILL

        return {"name": state.colours[player], "fill": PLAYER_FILL.get(state.colours[player], "#888888")}
    if name == "itc":
        from ..itc.svg import PLAYER_COLOUR_NAMES
        from ..itc.svg import PLAYER_COLOURS as fills
    elif name == "auf-achse":
        from ..auf_achse.svg import PLAYER_COLOUR_NAMES
        from ..auf_achse.svg import PLAYER_FILL as fills
    elif name == "transportspelet":
        from ..transportspelet.svg import PLAYER_COLOUR_NAMES
        from ..transportspelet.svg import PLAYER_COLOURS as fills
    else:
        return {"name": "", "fill": ""}
    return {"name": PLAYER_COLOUR_NAMES[player % len(fills)], "fill": fills[player % len(fills)]}


def _truck(node: str | None) -> str:
    from ..auf_achse.actions import space_text

    return "truck not placed yet" if node is None else f"truck at {space_text(node)}"


def _catan(state: Any, p: int) -> list[str]:
    lines = [f"{_plural(sum(state.hands[p]), 'resource card')}",
             f"{_plural(sum(state.dev_hands[p]), 'development card')} in hand, {_plural(state.knights[p], 'knight')} played"]
    if getattr(state, "longest_road", -1) == p:
        lines.append("Longest Road")
    if getattr(state, "largest_army", -1) == p:
        lines.append("Largest Army")
    tokens = getattr(state, "tokens", None)
    if tokens is not None:
        lines.append(f"{_plural(tokens[p], 'victory point token')}")
    return lines


def private(state: Any, viewer: int) -> list[str]:
    """The viewer's own hidden things, in words."""
    name = state.game.name
    try:
        if name in ("catan", "factories", "trade-feud"):
            hand = ", ".join(f"{n} {r}" for r, n in zip(RESOURCE_NAMES, state.hands[viewer]) if n) or "no resource cards"
            dev = ", ".join(f"{n} {d}" for d, n in zip(DEV_NAMES, state.dev_hands[viewer]) if n) or "no development cards"
            return [f"Your hand: {hand}.", f"Your development cards: {dev}."]
        if name == "itc":
            cards = [state.cards.describe(c) for c in state.hands[viewer]]
            return ["Your cards: " + ("; ".join(cards) if cards else "none") + "."]
        if name == "auf-achse":
            cards = [str(state.cards[c]) for c in state.hands[viewer]]
            return ["Your contracts: " + ("; ".join(cards) if cards else "none") + "."]
        if name == "transportspelet":
            return [f"Your transport: {state.card(t.card)}" for t in state.transports[viewer] if t is not None]
    except (AttributeError, IndexError, KeyError, TypeError):
        pass
    return []


def targets(state: Any, actions: list[Any]) -> list[dict[str, Any]]:
    """Where on the engine's board picture each legal action can be chosen by a click: a spot
    (``x``, ``y`` in the picture's own coordinates, a radius) with the actions there (their texts).
    Only for the moves that have a place: an intersection, an edge, a hex, a city or a road space."""
    name = state.game.name
    spots: dict[tuple[float, float], dict[str, Any]] = {}

    def add(x: float, y: float, r: float, action: Any, where: str) -> None:
        spot = spots.setdefault((round(x, 1), round(y, 1)), {"x": round(x, 1), "y": round(y, 1), "r": r, "where": where,
                                                              "actions": []})
        spot["actions"].append(str(action))

    try:
        if name in ("catan", "factories", "trade-feud"):
            from ..catan.board import hex_centre
            from ..catan.svg import SIZE, _xy

            topo = state.board.topology
            for a in actions:
                node, edge, hex_ = getattr(a, "node", None), getattr(a, "edge", None), getattr(a, "hex", None)
                if type(a).__name__ == "MoveShip":
                    edge = a.to
                if node is not None:
                    add(*_xy(state.board, node), SIZE * 0.28, a, f"intersection {node}")
                elif edge is not None:
                    (ax, ay), (bx, by) = (_xy(state.board, n) for n in topo.edge_nodes[edge])
                    add((ax + bx) / 2, (ay + by) / 2, SIZE * 0.24, a, f"edge {edge}")
                elif hex_ is not None:
                    x, y = hex_centre(topo.hexes[hex_], SIZE)
                    add(x, y + SIZE * 0.45, SIZE * 0.3, a, f"hex {hex_}")
        elif name == "auf-achse":
            from ..auf_achse.actions import space_text
            from ..auf_achse.svg import where_xy

            for a in actions:
                place = getattr(a, "to", None) or getattr(a, "city", None)
                if isinstance(place, str):
                    add(*where_xy(state, place), 9, a, space_text(place))
    except (AttributeError, IndexError, KeyError, TypeError, ValueError):
        return []
    return list(spots.values())
