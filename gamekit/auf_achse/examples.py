"""Ready-made positions for the book and the tests: the worked auction example of page 4
(rule ``auf-achse-example``) and a seeded sample game played by the bots.

>>> s = auction_example()
>>> s.colour(s.current_player), s.phase, [str(a) for a in s.legal_actions()][-1]
('red', 'city', 'decline public contracts')
"""

from __future__ import annotations

from typing import Any

from .. import game
from ..rng import Rng
from .actions import PlaceTruck, Step
from .bots import bot_action

__all__ = ["BERLIN_TRIESTE", "arrive", "auction_example", "sample_game"]

#: The worked example's contract card (``contracts.json`` card 0).
BERLIN_TRIESTE = 0


def arrive(state: Any, city: str, via: str) -> Any:
    """Let the current player drive the last pip of a roll from the road from ``via`` into ``city``
    (the truck is put on that road's last space with one pip left, then drives through ``apply``)."""
    for a, b, spaces in state.net.roads:
        if {a, b} == {via, city}:
            last = spaces[-1] if b == city else spaces[0]
            break
    else:
        raise LookupError(f"no road {via}-{city}")
    state.position[state.player] = last
    state.dice, state.remaining, state.visited, state.phase = [1, 1], 1, [last], "moving"
    return state.apply(Step(city))


def auction_example(seed: int = 0) -> Any:
    """Four players, red, yellow, blue and green, all trucks in Berlin; Berlin-Trieste lies face up
    next to the loading yard; red has just arrived in Berlin with the full roll."""
    s = game("auf-achse").new(players=4, seed=seed)
    for _ in range(4):
        s.apply(PlaceTruck("Berlin"))
    if BERLIN_TRIESTE not in s.row:
        for pile in (s.public_deck, s.unused, *s.hands):
            if BERLIN_TRIESTE in pile:
                pile[pile.index(BERLIN_TRIESTE)] = s.row[0]
                break
        s.row[0] = BERLIN_TRIESTE
    else:
        k = s.row.index(BERLIN_TRIESTE)
        s.row[0], s.row[k] = s.row[k], s.row[0]
    return arrive(s, "Berlin", via="Leipzig")


def sample_game(players: int = 4, seed: int = 1987, children: bool = False) -> Any:
    """A whole game played by the simple bots of :mod:`~gamekit.auf_achse.bots`."""
    s = game("auf-achse").new(players=players, seed=seed, children=children)
    policy = Rng(seed)
    while not s.is_over():
        s.apply(bot_action(s, policy))
    return s
