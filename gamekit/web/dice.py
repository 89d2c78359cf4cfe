"""Services for the DiceRoller widget (book chapter "Dice in these games", label ``dice``)."""

from __future__ import annotations

from typing import Any

from ..dice import Die, named_dice
from ..rng import Rng
from ..validation import is_integer
from . import service

#: Most rolls that one call makes (a widget asks for 1, 100 or 1,000 at a time).
MAX_ROLLS_PER_CALL = 100_000
#: Seeds a reader may type: whole numbers below 2**32, which stay plain JavaScript numbers on every
#: route to the page (2**53 - 1 became a BigInt in JupyterLite's Pyodide kernel and the widgets drew nothing).
SEED_MAX = 2**32 - 1
SEED_TEXT = f"A seed is a whole number from 0 to {SEED_MAX:,}."
#: The rolls the widget offers in one click.
ROLL_BUTTONS = (1, 100, 1000)


def _die(key: str) -> Die:
    dice = named_dice()
    if key not in dice:
        raise ValueError(f"no die called {key!r}; choose one of {sorted(dice)}")
    return dice[key]


def _generator(seed: Any, rng_state: Any) -> Rng:
    if rng_state is not None:
        return Rng.fromstate(rng_state)
    if not is_integer(seed) or not 0 <= seed <= SEED_MAX:
        raise ValueError(f"{SEED_TEXT} Not {seed!r}.")
    return Rng(seed)


def outcome_key(outcome: Any) -> str:
    """Results as text keys (JSON object keys are strings)."""
    return str(outcome)


@service("dice.describe")
def describe() -> dict[str, Any]:
    """Every die the DiceRoller offers, with its exact distribution."""
    return {key: {**die.to_data(), "mean": _mean_text(die)} for key, die in named_dice().items()}


@service("dice.limits")
def limits() -> dict[str, Any]:
    """What the DiceRoller lets a reader choose: the roll buttons and the seeds allowed."""
    return {"rolls": list(ROLL_BUTTONS), "seed_max": SEED_MAX, "seed_text": SEED_TEXT}


def _mean_text(die: Die) -> str | None:
    try:
        m = die.mean()
    except TypeError:
        return None
    return str(m)


@service("dice.roll")
def roll(die: str, n: int = 1, seed: int | None = 0, rng_state: list[str] | None = None) -> dict[str, Any]:
    """Roll ``die`` ``n`` times with the generator given by ``rng_state`` (or a fresh one from ``seed``).

    Returns the last result and the faces that made it, the counts of every result in these ``n``
    rolls, and the generator's state for the next call.
    """
    if not is_integer(n) or not 1 <= n <= MAX_ROLLS_PER_CALL:
        raise ValueError(f"roll between 1 and {MAX_ROLLS_PER_CALL} times, not {n!r}")
    chosen = _die(die)
    rng = _generator(seed, rng_state)
    counts: dict[str, int] = {}
    result: Any = None
    faces: list[Any] = []
    for _ in range(n):
        result, faces = chosen.roll_detail(rng)
        key = outcome_key(result)
        counts[key] = counts.get(key, 0) + 1
    return {
        "result": result,
        "faces": [list(f) if isinstance(f, tuple) else f for f in faces],
        "text": chosen.roll_text(result, faces),
        "counts": counts,
        "rng_state": rng.getstate(),
    }
