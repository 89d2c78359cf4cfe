"""Positions set up by hand, through the engine (rules ``itc-dice``, ``itc-placing-markers``,
``itc-selling``): a turn at its ``act`` step with the goods, sales markers and points a lesson, a
widget or a test needs, checkpointed, so that actions are then applied and checked by the engine
like any others (a failed one is undone to the scenario, rule ``protocol-illegal``).

>>> from gamekit.itc import Sell, scenario
>>> s = scenario(goods={"North America": {"black": 7, "red": 1, "green": 3, "yellow": 8, "blue": 4}},
...              markers={"North America": [7, 5]}, points=3)      # rule itc-selling-example-1
>>> s.sale_options("North America")[-1].profit
16500
>>> s.apply(Sell("North America", 3)).score, s.markers[0][0], s.continent_points
([16500, 0], 4, 0)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..validation import integer, integers, one_of
from .data import COLOURS, PLACE_INDEX, PLACES
from .dice_turn import DIE_SIDES
from .state import ItcState

__all__ = ["scenario"]


def scenario(
    players: int = 2,
    seed: int = 0,
    *,
    player: int = 0,
    kept: str = "green",
    points: int | None = None,
    goods: Mapping[str, Mapping[str, int]] | None = None,
    markers: Mapping[str, Sequence[int]] | None = None,
    scores: Sequence[int] | None = None,
    **options: Any,
) -> ItcState:
    """A game at the ``act`` step of ``player``'s first turn, the board empty, with ``kept`` (blue,
    green or red) kept and ``points`` of it left (its whole face if not given), ``goods``
    (place -> colour -> cubes) and ``markers`` (place -> sales markers per player) put into the
    places from the supply and the players' stones, and ``scores``. The setup rounds are skipped
    (``setup_rounds=0`` unless given: the Mafia goes to the player the seed picks) and the hands
    hold the start cards dealt; ``options`` are the game's settings. The position is validated as a save is, and
    checkpointed. A malformed scenario raises ``ValueError``."""
    from . import GAME

    options.setdefault("setup_rounds", 0)
    s = GAME.new(players=players, seed=seed, **options)
    if s.phase == "setup":
        raise ValueError("a scenario starts after the setup (setup_rounds=0)")
    n = s.players
    s.turn = s.start_player = integer(player, "player", 0, n - 1)
    kept = one_of(kept, "kept", ("blue", "green", "red"))
    full = 6 if kept == "red" else DIE_SIDES[kept]
    left = integer(full if points is None else points, "points", 0, 5 if kept == "red" else full)
    face = 6 - left if kept == "red" else max(left, 1)  # the red die's face is the cards it drew
    s.chosen = ("blue", "red") if kept == "red" else ("blue", "green")
    s.rolls = {c: 1 for c in s.chosen}
    s.rolls[kept] = face
    s.kept = kept
    s.transport_points = left if kept == "blue" else 0
    s.continent_points = left if kept == "green" else 0
    s.leftover_points = left if kept == "red" else 0
    for place, row in (goods or {}).items():
        i = PLACE_INDEX[one_of(place, "a place of goods", PLACES)]
        for colour, count in row.items():
            c = COLOURS.index(one_of(colour, "a goods colour", COLOURS))
            count = integer(count, f"{colour} cubes in {place}", 0)
            s.goods[i][c] += count
            s.goods_supply -= count
    for place, row in (markers or {}).items():
        i = PLACE_INDEX[one_of(place, "a place of sales markers", PLACES)]
        for p, count in enumerate(integers(list(row), f"sales markers in {place}", n, 0)):
            s.markers[i][p] += count
            s.stones[p] -= count
    if scores is not None:
        s.score = integers(list(scores), "scores", n)
    s.phase = "act"
    return GAME.from_json(s.to_json())  # validated as a save is, and checkpointed to this position
