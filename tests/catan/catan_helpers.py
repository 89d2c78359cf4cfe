"""Helpers for the Catan tests: hand-made positions, forced dice, illegal-action checks."""

from __future__ import annotations

from typing import Any

import pytest

import gamekit
from gamekit import IllegalAction
from gamekit.catan import RESOURCES
from gamekit.catan.factories import FACTORY, FactoriesState
from gamekit.catan.rules import CITY, SETTLEMENT

GAME = gamekit.game("factories")
KINDS = {"settlement": SETTLEMENT, "city": CITY, "factory": FACTORY}


def dice(state: FactoriesState, white: int, red: int, colour: str | None = None) -> None:
    """The next production roll shows ``white`` and ``red`` (and ``colour`` on the colour die),
    through :meth:`State.force <gamekit.core.State.force>`: the generator is left alone."""
    state.force("2d6", (white + red, [white, red]))
    if colour:
        state.force("colour die", colour)


def empty_main(players: int = 4, turn: int = 0, **options: Any) -> FactoriesState:
    """A beginner-board game with the setup skipped: empty board, empty hands, ``turn`` to act in
    the main phase (after the roll)."""
    options.setdefault("board", "beginner")
    state = GAME.new(players=players, seed=0, **options)
    state.setup_index = 2 * players
    state.phase = "main"
    state.turn = turn
    return state


def put(state: FactoriesState, player: int, node: int, kind: str = "settlement") -> None:
    """Place a building by hand (no checks)."""
    state.node_owner[node] = player
    state.node_kind[node] = KINDS[kind]
    if kind == "factory":
        state.factories[node] = [player, 0, -1, -1, -1]
    state._derive()
    state._award_longest_road()


def road(state: FactoriesState, player: int, *edges: int) -> None:
    """Place roads by hand (no checks)."""
    for e in edges:
        state.edge_owner[e] = player
    state._derive()
    state._award_longest_road()


def ships(state: Any, player: int, *edges: int) -> None:
    """Place ships by hand (no checks), in a Seafarers game (Trade Feud's included)."""
    for e in edges:
        state.ship_owner[e] = player
    state._derive()
    state._award_longest_road()


def give(state: FactoriesState, player: int, **cards: int) -> None:
    """Move cards from the bank to a hand (``give(s, 0, brick=2, ore=3)``)."""
    for name, n in cards.items():
        r = RESOURCES.index(name)
        assert state.bank[r] >= n
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
