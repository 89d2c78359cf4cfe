"""Helpers for the Catan tests: hand-made positions, forced dice, illegal-action checks."""

from __future__ import annotations

from typing import Any

import pytest

import gamekit
from gamekit import IllegalAction
from gamekit.catan import RESOURCES
from gamekit.catan.base import scenario
from gamekit.catan.factories import FACTORY, FactoriesState
from gamekit.catan.rules import CITY, SETTLEMENT

GAME = gamekit.game("factories")
KINDS = {"settlement": SETTLEMENT, "city": CITY, "factory": FACTORY}
#: The keyword of :meth:`~gamekit.catan.base.CatanState.arrange` for each kind of building.
PIECES = {"settlement": "settlements", "city": "cities", "factory": "factories"}


def dice(state: FactoriesState, white: int, red: int, colour: str | None = None) -> None:
    """The next production roll shows ``white`` and ``red`` (and ``colour`` on the colour die),
    through :meth:`State.force <gamekit.core.State.force>`: the generator is left alone."""
    state.force("2d6", (white + red, [white, red]))
    if colour:
        state.force("colour die", colour)


def main_phase(game: Any = "catan", players: int = 4, turn: int = 0, **options: Any) -> Any:
    """A game of ``game`` with the founding phase skipped (:func:`gamekit.catan.base.scenario`):
    empty board, empty hands, ``turn`` to act in the main phase (after the roll)."""
    return scenario(players, game=game, turn=turn, **options)


def catan_main(players: int = 4, **options: Any) -> Any:
    """A beginner-board base game with the setup skipped: empty board and hands, player 0 to act."""
    return main_phase("catan", players, board="beginner", **options)


def seafarers_main(players: int = 3, **options: Any) -> Any:
    """A Seafarers game on its island map with the setup skipped, player 0 to act."""
    from gamekit.catan.seafarers import SEAFARERS

    return main_phase(SEAFARERS, players, **options)


def trade_feud_main(players: int = 3) -> Any:
    """A Trade Feud game with the founding phase skipped, player 0 to act."""
    return main_phase("trade-feud", players)


def empty_main(players: int = 4, turn: int = 0, **options: Any) -> FactoriesState:
    """A beginner-board factories game with the setup skipped: empty board, empty hands, ``turn`` to
    act in the main phase (after the roll)."""
    options.setdefault("board", "beginner")
    return main_phase("factories", players, turn, **options)


def put(state: Any, player: int, node: int, kind: str = "settlement") -> None:
    """Place a building (a settlement, a city or a factory) as a scenario does (no rule checks)."""
    # Trade Feud: one token per settlement and city upgrade (trade-feud-tokens), so the position is sound.
    tokens = KINDS[kind] if hasattr(state, "tokens") else 0
    if tokens:
        state.tokens[player] += tokens
    try:
        state.arrange(**{PIECES[kind]: [(player, node)]})
    except ValueError:
        if tokens:
            state.tokens[player] -= tokens
        raise


def road(state: Any, player: int, *edges: int) -> None:
    """Place roads as a scenario does (no rule checks)."""
    state.arrange(roads=[(player, e) for e in edges])


def ships(state: Any, player: int, *edges: int) -> None:
    """Place ships as a scenario does (no rule checks), in a Seafarers game (Trade Feud's included)."""
    state.arrange(ships=[(player, e) for e in edges])


def give(state: Any, player: int, **cards: int) -> None:
    """Move cards from the bank to a hand (``give(s, 0, brick=2, ore=3)``)."""
    state.arrange(hands={player: cards})


# -- by hand, unchecked: for the Trade Feud tests, some of whose positions are not sound ----------
# (a settlement beside another, tokens set by hand), which arrange() would refuse. Nothing else uses them.


def settle_by_hand(state: Any, player: int, node: int) -> None:
    """A Trade Feud settlement placed by hand (no checks), with its token."""
    state.node_owner[node] = player
    state.node_kind[node] = 1
    state.tokens[player] += 1
    state.placed_by_hand()


def road_by_hand(state: Any, player: int, *edges: int) -> None:
    """Roads placed by hand (no checks)."""
    for e in edges:
        state.edge_owner[e] = player
    state.placed_by_hand()
    state.award_longest_road()


def ships_by_hand(state: Any, player: int, *edges: int) -> None:
    """Ships placed by hand (no checks)."""
    for e in edges:
        state.ship_owner[e] = player
    state.placed_by_hand()
    state.award_longest_road()


def give_by_hand(state: Any, player: int, **cards: int) -> None:
    """Cards moved from the bank to a hand (no checks)."""
    for name, n in cards.items():
        r = RESOURCES.index(name)
        state.bank[r] -= n
        state.hands[player][r] += n


def hand(state: FactoriesState, player: int) -> dict[str, int]:
    return {r: n for r, n in zip(RESOURCES, state.hands[player]) if n}


def expect_illegal(state: FactoriesState, action: Any, rule: str) -> IllegalAction:
    """``action`` raises IllegalAction citing ``rule`` and leaves the saved state unchanged."""
    before = state.to_json()
    with pytest.raises(IllegalAction) as info:
        state.apply(action)
    assert info.value.rule == rule, f"{action}: expected rule {rule}, got {info.value.rule}: {info.value}"
    assert state.to_json() == before
    return info.value


def edge_at(state: FactoriesState, a: int, b: int) -> int:
    return state.topo.edge_between(a, b)


def path_edges(state: FactoriesState, nodes: list[int]) -> list[int]:
    return [edge_at(state, a, b) for a, b in zip(nodes, nodes[1:])]


def check_invariants(state: FactoriesState) -> None:
    """Resources conserved, the distance rule kept, development cards and pegs accounted for."""
    total = state.options.bank_per_resource
    for r in range(5):
        assert state.bank[r] + sum(h[r] for h in state.hands) == total
        assert state.bank[r] >= 0 and all(h[r] >= 0 for h in state.hands)
    topo = state.topo
    for v, owner in enumerate(state.node_owner):
        if owner >= 0:
            assert all(state.node_owner[m] == -1 for m in topo.node_nodes[v]), f"distance rule broken at {v}"
    for p in range(state.players):
        pegs = [h for f in state.factories.values() if f[0] == p for h in f[2:] if h >= 0]
        used_blanks = state.options.blank_pegs - state.blanks_left[p]
        pending = 1 if state.pending_peg is not None and state.turn == p else 0
        assert len(pegs) + pending + len(state.pegs_left[p]) == 6 + used_blanks
