"""Exact chances of Transportspelet, as fractions (rules ``transport-telegrams``, ``transport-movement``).

>>> telegram_chances(2)[0]            # no telegram with two dice: neither shows 1 or 6
Fraction(4, 9)
>>> at_least_one_telegram(2)
Fraction(5, 9)
>>> rolls_to_cover("plane", 4)        # a plane moves at least 4 steps: always one roll
{1: Fraction(1, 1)}
>>> rolls_to_cover("ship", 2)[1]      # a ship needs a 2 or more to go 2 steps in one roll
Fraction(5, 6)

The figures leave out what the dice cannot see: telegrams, other pieces in the way and the
change of mode.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from typing import Any

from ..validation import is_integer
from .data import MODES, MOVEMENT_BONUS

__all__ = ["TELEGRAM_FACES", "telegram_chances", "at_least_one_telegram", "rolls_to_cover", "arrival_within",
           "mean_rolls", "sample_rolls_to_cover"]

#: The faces of a die that draw a telegram (rule ``transport-telegrams``).
TELEGRAM_FACES = (1, 6)
_P = Fraction(len(TELEGRAM_FACES), 6)


def telegram_chances(dice: int = 2) -> dict[int, Fraction]:
    """The chance of drawing 0, 1, ... telegrams in one roll of ``dice`` dice (1 or 2)."""
    if dice not in (1, 2):
        raise ValueError("a roll in Transportspelet is one die or two")
    from math import comb

    return {k: comb(dice, k) * _P**k * (1 - _P) ** (dice - k) for k in range(dice + 1)}


def at_least_one_telegram(dice: int = 2) -> Fraction:
    """The chance that a roll of ``dice`` dice draws at least one telegram."""
    return 1 - telegram_chances(dice)[0]


def rolls_to_cover(mode: str, steps: int) -> dict[int, Fraction]:
    """The distribution of the number of rolls a ``mode`` piece needs to go ``steps`` steps, each roll
    moving the die's pips plus the vehicle's bonus (steps to spare at the end are allowed, as a piece
    stops on arriving at its destination)."""
    if mode not in MODES:
        raise ValueError(f"no mode {mode!r}; the modes are {MODES}")
    if not is_integer(steps) or steps < 1:
        raise ValueError("steps is a positive whole number")
    bonus = MOVEMENT_BONUS[mode]
    sixth = Fraction(1, 6)
    # alive[r] = chance of still having r steps to go after n rolls
    alive = {steps: Fraction(1)}
    out: dict[int, Fraction] = {}
    n = 0
    while alive:
        n += 1
        nxt: dict[int, Fraction] = {}
        done = Fraction(0)
        for left, p in alive.items():
            for face in range(1, 7):
                rest = left - face - bonus
                if rest <= 0:
                    done += p * sixth
                else:
                    nxt[rest] = nxt.get(rest, 0) + p * sixth
        if done:
            out[n] = done
        alive = nxt
    return out


def arrival_within(mode: str, steps: int, rolls: int) -> Fraction:
    """The chance that a ``mode`` piece covers ``steps`` steps in at most ``rolls`` rolls."""
    return sum((p for n, p in rolls_to_cover(mode, steps).items() if n <= rolls), Fraction(0))


def mean_rolls(mode: str, steps: int) -> Fraction:
    """The expected number of rolls to cover ``steps`` steps in ``mode``."""
    return sum((n * p for n, p in rolls_to_cover(mode, steps).items()), Fraction(0))


def sample_rolls_to_cover(mode: str, steps: int, n: int, seed: Any = 0) -> Any:
    """``n`` sampled numbers of rolls to cover ``steps`` steps in ``mode`` (a numpy array), for Monte
    Carlo next to :func:`rolls_to_cover`. numpy is imported here only; the engine does not need it.

    The dice are rolled a block of up to six at a time, drawn as one number from 0 to 6**6 - 1 whose
    base-6 digits are the six dice (every string of six faces equally likely, as six rolls are); a
    table made once for the block says after which roll of the block the piece arrives, if it does,
    and how far the block moves it. A trip that has not arrived rolls another block. ``seed`` is an
    int, a ``numpy.random.Generator`` or ``None``."""
    import numpy as np

    if mode not in MODES:
        raise ValueError(f"no mode {mode!r}; the modes are {MODES}")
    if not is_integer(n) or n < 0:
        raise ValueError(f"n is a whole number >= 0, not {n!r}")
    most = max(rolls_to_cover(mode, steps))  # also checks steps; no trip needs more rolls than this
    block = min(6, most)
    arrive, moved = _roll_blocks(MOVEMENT_BONUS[mode], steps, block)
    codes = 6**block
    rng = np.random.default_rng(seed)
    code = rng.integers(0, codes, size=n, dtype=np.uint32)
    out = arrive[steps].take(code).astype(np.int64)
    live = np.flatnonzero(out > block)
    left = steps - moved.take(code[live])
    used = block
    flat = arrive.ravel()
    while live.size:
        code = rng.integers(0, codes, size=live.size, dtype=np.uint32)
        at = flat.take(left * codes + code)
        done = at <= block
        out[live[done]] = used + at[done]
        left, live = (left - moved.take(code))[~done], live[~done]
        used += block
    return out


@cache
def _roll_blocks(bonus: int, steps: int, block: int) -> tuple[Any, Any]:
    """For every string of ``block`` rolls (its number's base-6 digits, the first roll last digit):
    ``arrive[r, code]``, the roll of the block on which a piece ``r`` steps from its goal arrives
    (``block + 1``: not in this block), and ``moved[code]``, the steps the block moves in all."""
    import numpy as np

    codes = np.arange(6**block)
    dice = codes[None, :] // 6 ** np.arange(block)[:, None] % 6 + 1 + bonus  # (roll, code)
    reached = np.cumsum(dice, axis=0)
    arrive = np.zeros((steps + 1, codes.size), dtype=np.uint8)
    for r in range(1, steps + 1):
        arrive[r] = (reached < r).sum(axis=0) + 1
    arrive.flags.writeable = False
    moved = reached[-1].astype(np.int64)
    moved.flags.writeable = False
    return arrive, moved
