"""Lesson 6 (``notebooks/lesson-06-catan.ipynb``): what the hexes around a settlement produce,
exactly, standard library only (the lesson's widget calls it in the reader's page too).

A hex produces when the two dice show its number (rule ``catan-production``): with probability
``two_d6[number]``, its number of pips over 36. A settlement gets one card each time one of its
hexes produces, so the cards it gets on a roll are the number of its hexes whose number was rolled,
and its **expected income** is the sum of its hexes' chances (linearity of expectation).

>>> hex_chance(6), expected_income([6, 8, 9])
(Fraction(5, 36), Fraction(7, 18))
>>> income_die([6, 6]).table()      # two hexes with a 6: a 6 brings two cards
[(0, Fraction(31, 36)), (2, Fraction(5, 36))]
>>> [numbers for _, numbers in lesson_start()]
[[9, 11, 8], [5, 6]]
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from functools import lru_cache

from ..dice import Die, two_d6

__all__ = ["NUMBERS", "hex_chance", "expected_income", "income_die", "lesson_start"]

#: The numbers a hex can carry: a 7 produces nothing (it moves the robber).
NUMBERS = (2, 3, 4, 5, 6, 8, 9, 10, 11, 12)


def _check(numbers: Sequence[int]) -> list[int]:
    for n in numbers:
        if isinstance(n, bool) or n not in NUMBERS:
            raise ValueError(f"A hex's number is 2 to 6 or 8 to 12 (a 7 produces nothing). Not {n!r}.")
    return list(numbers)


def hex_chance(number: int) -> Fraction:
    """The chance that a hex with ``number`` produces on a roll: its pips over 36."""
    return two_d6[_check([number])[0]]


def expected_income(numbers: Sequence[int]) -> Fraction:
    """Expected cards per roll of one settlement on hexes with ``numbers``: the sum of their chances."""
    return sum((two_d6[n] for n in _check(numbers)), Fraction(0))


def income_die(numbers: Sequence[int]) -> Die:
    """The cards one settlement on hexes with ``numbers`` gets on a roll, as an exact distribution
    (a roll brings one card for each of its hexes whose number it shows)."""
    numbers = _check(numbers)
    return two_d6.map(numbers.count, "cards per roll")


@lru_cache(maxsize=1)
def _lesson_start() -> tuple[tuple[tuple[str, ...], tuple[int, ...]], ...]:
    import gamekit
    from gamekit.catan.actions import BuildSettlement

    state = gamekit.game("catan").new(players=4, seed=1, board="beginner")
    board, topo = state.board, state.board.topology

    def pips(node: int) -> Fraction:
        return sum((two_d6[board.numbers[h]] for h in topo.node_hexes[node] if board.numbers[h]), Fraction(0))

    while state.phase == "setup":
        sites = [a for a in state.legal_actions() if isinstance(a, BuildSettlement)]
        state.apply(max(sites, key=lambda a: (pips(a.node), -a.node)) if sites else state.legal_actions()[0])
    found = []
    for v in range(len(topo.nodes)):
        if state.node_owner[v] == 0:
            hexes = [h for h in topo.node_hexes[v] if board.numbers[h] and h != state.robber]
            found.append((tuple(board.terrain[h] for h in hexes), tuple(board.numbers[h] for h in hexes)))
    return tuple(found)


def lesson_start() -> list[tuple[list[str], list[int]]]:
    """Your two settlements in section 3 of the lesson: the beginner board, four players, seed 1, each
    player placing on the free intersection with the most pips. For each settlement, the terrain and
    the number of its numbered hexes (the robber's hex left out)."""
    return [(list(terrain), list(numbers)) for terrain, numbers in _lesson_start()]
