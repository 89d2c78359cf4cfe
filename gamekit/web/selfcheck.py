"""Play seeded games with a seeded random policy and fingerprint them (stdlib only).

The browser test runs :func:`fingerprints` in the page's Pyodide and in CPython and compares the
results: the same seed and the same actions must give the same game, bit for bit, on both Pythons.
"""

from __future__ import annotations

import hashlib

from .. import game, games
from ..examples.pig import PIG
from ..rng import Rng
from . import service


def play(game_, players: int, seed: int, max_actions: int = 2_000) -> str:
    """A seeded game played by a seeded uniform-random policy; the SHA-256 of its final save."""
    state = game_.new(players=players, seed=seed)
    policy = Rng(seed + 1)
    for _ in range(max_actions):
        if state.is_over():
            break
        actions = state.legal_actions()
        state.apply(actions[policy.randbelow(len(actions))])
    return hashlib.sha256(state.to_json().encode()).hexdigest()


@service("selfcheck.fingerprints")
def fingerprints(seeds: int = 3) -> dict[str, list[str]]:
    """For Pig and every implemented game: fingerprints of ``seeds`` seeded random games."""
    result = {"pig": [play(PIG, 2, seed) for seed in range(seeds)]}
    for name in games():
        g = game(name)
        result[name] = [play(g, g.min_players + seed % (g.max_players - g.min_players + 1), seed) for seed in range(seeds)]
    return result


@service("selfcheck.python")
def python_version() -> str:
    """The version of the Python answering (the page's Pyodide or the kernel's CPython)."""
    import sys

    return sys.version


@service("selfcheck.fail")
def fail() -> None:
    """Raise an unexpected error, to check that every failure still comes back as an answer."""
    raise RuntimeError("selfcheck.fail was called")


@service("selfcheck.modules")
def modules() -> list[str]:
    """The names of the modules the answering Python has imported (the browser test checks that a
    reader's first click after "ready" imports none: everything was imported and warmed before)."""
    import sys

    return sorted(sys.modules)
