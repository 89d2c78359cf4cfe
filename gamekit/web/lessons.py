"""Services for the lessons' widgets (notebooks ``lesson-*.ipynb``), standard library only.

``lessons.dice_sums``: roll the sum of one to six six-sided dice many times and watch the shares of
the sums approach the exact distribution and the mean of the sums approach the exact mean (the law
of large numbers, lesson 1). The dice are :data:`gamekit.dice.d6`, rolled one by one with a seeded
:class:`gamekit.rng.Rng`; the exact distribution is ``d6.sum_of(k)``. The front end draws what the
view says and holds no number of its own.
"""

from __future__ import annotations

import math
from typing import Any

from ..dice import d6
from ..rng import Rng
from . import service

#: The numbers of dice a reader may choose.
DICE_CHOICES = (1, 2, 3, 4, 5, 6)
#: The roll buttons: rolls per click.
ROLL_BUTTONS = (10, 100, 1000)
#: Most rolls in one experiment (the widget asks to reset after that).
MAX_ROLLS = 100_000
SEED_MAX = 2**53 - 1
#: Points of the running mean kept for the convergence line (log-spaced, plus each click's end).
TRAIL_POINTS = 80


def _whole(value: Any, low: int, high: int, text: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ValueError(f"{text} Not {value!r}.")
    return value


def _checkpoints(start: int, end: int) -> list[int]:
    """Roll counts in (start, end] at which the running mean is recorded: about eight per factor of ten."""
    marks = {end}
    k = 0
    while True:
        n = round(10 ** (k / 8))
        k += 1
        if n > end:
            break
        if n > start:
            marks.add(n)
    return sorted(marks)


def _thin(trail: list[list[float]]) -> list[list[float]]:
    """At most :data:`TRAIL_POINTS` points, keeping the first and the last (log-spaced in the count)."""
    if len(trail) <= TRAIL_POINTS:
        return trail
    kept, last_log = [], -1.0
    step = math.log10(trail[-1][0]) / (TRAIL_POINTS - 1)
    for point in trail[:-1]:
        lg = math.log10(point[0])
        if lg - last_log >= step:
            kept.append(point)
            last_log = lg
    return kept + [trail[-1]]


@service("lessons.dice_sums")
def dice_sums(situation: dict[str, Any] | None = None, action: dict[str, Any] | None = None) -> dict[str, Any]:
    """Roll the sum of ``dice`` d6 ``n`` times (lesson 1, the law of large numbers).

    ``situation``: ``{"dice", "seed", "rng_state", "counts": {sum: count}, "rolls", "total", "trail": [[n, mean], ...]}``.
    Actions: ``{"kind": "setup", "dice": k, "seed": s}`` (a new experiment), ``{"kind": "roll", "n": n}``,
    ``{"kind": "reset"}`` (forget the rolls, start again from the seed).
    """
    situation = situation or {}
    s = {
        "dice": situation.get("dice", 2),
        "seed": situation.get("seed", 2026),
        "rng_state": situation.get("rng_state") or [],
        "counts": {str(k): v for k, v in (situation.get("counts") or {}).items()},
        "rolls": situation.get("rolls", 0),
        "total": situation.get("total", 0),
        "trail": [list(p) for p in situation.get("trail") or []],
    }
    kind = (action or {}).get("kind")
    announce = ""
    fresh = {"rng_state": [], "counts": {}, "rolls": 0, "total": 0, "trail": []}
    if kind == "setup":
        s["dice"] = action.get("dice", s["dice"])
        s["seed"] = action.get("seed", s["seed"])
        s.update(fresh)
    elif kind == "reset":
        s.update(fresh)
    k = _whole(s["dice"], DICE_CHOICES[0], DICE_CHOICES[-1],
               f"The number of dice is a whole number from {DICE_CHOICES[0]} to {DICE_CHOICES[-1]}.")
    _whole(s["seed"], 0, SEED_MAX, f"A seed is a whole number from 0 to {SEED_MAX:,}.")
    exact = d6.sum_of(k)
    mean = exact.mean()
    sd = math.sqrt(exact.variance())
    if kind == "roll":
        n = _whole(action.get("n"), 1, MAX_ROLLS, f"Roll from 1 to {MAX_ROLLS:,} times at once.")
        if s["rolls"] + n > MAX_ROLLS:
            raise ValueError(f"This experiment has {s['rolls']:,} rolls; at most {MAX_ROLLS:,} fit. Press Reset to start again.")
        rng = Rng.fromstate(s["rng_state"]) if s["rng_state"] else Rng(s["seed"])
        counts, total, start = s["counts"], s["total"], s["rolls"]
        marks = iter(_checkpoints(start, start + n))
        mark = next(marks)
        last = 0
        for i in range(start + 1, start + n + 1):
            last = sum(d6.roll(rng) for _ in range(k))
            counts[str(last)] = counts.get(str(last), 0) + 1
            total += last
            if i == mark:
                s["trail"].append([i, total / i])
                mark = next(marks, 0)
        s.update(rng_state=rng.getstate(), counts=counts, total=total, rolls=start + n, trail=_thin(s["trail"]))
        announce = (f"Rolled {n:,} times; the last sum was {last}. {s['rolls']:,} rolls so far, "
                    f"mean of the sums {s['total'] / s['rolls']:.3f} (exact {_number(mean)}).")
    elif kind == "setup":
        announce = f"{k} {'die' if k == 1 else 'dice'}, seed {s['seed']}: no rolls yet."
    elif kind == "reset":
        announce = "Reset: no rolls yet."
    elif kind is not None:
        raise ValueError(f"unknown action {kind!r}")
    n = s["rolls"]
    shares = [s["counts"].get(str(o), 0) / n if n else 0.0 for o in exact.outcomes]
    probabilities = [float(exact[o]) for o in exact.outcomes]
    gap = max((abs(a - b) for a, b in zip(shares, probabilities)), default=0.0) if n else None
    name = f"the sum of {k} six-sided {'die' if k == 1 else 'dice'}" if k > 1 else "one six-sided die"
    view = {
        "title": f"Rolling {name}",
        "dice_label": "Number of dice",
        "dice_choices": [{"value": c, "label": f"{c} {'die' if c == 1 else 'dice'}"} for c in DICE_CHOICES],
        "seed_label": "Seed",
        "seed_max": SEED_MAX,
        "seed_text": f"A seed is a whole number from 0 to {SEED_MAX:,}.",
        "roll_buttons": [{"n": b, "label": f"Roll {b:,} times", "enabled": n + b <= MAX_ROLLS} for b in ROLL_BUTTONS],
        "reset_label": "Reset",
        "outcomes": list(exact.outcomes),
        "probabilities": probabilities,
        "shares": shares,
        "rolls": n,
        "rolls_text": f"{n:,} rolls so far" if n else "No rolls yet",
        "mean_text": (f"Mean of your sums {s['total'] / n:.3f}; exact mean {_number(mean)}; "
                      f"largest gap between a share and its exact probability {gap:.4f}") if n
                     else f"Exact mean {_number(mean)}. Roll to compare.",
        "exact_mean": float(mean),
        "trail": s["trail"],
        # mean ± 2 standard errors of a mean of n sums, at the trail's counts: where the running
        # mean stays about 95 % of the time
        "band": [[p[0], float(mean) - 2 * sd / math.sqrt(p[0]), float(mean) + 2 * sd / math.sqrt(p[0])] for p in s["trail"]],
        "labels": {
            "bars": f"Share of each sum in your rolls beside its exact probability ({name})",
            "exact": "exact probability",
            "observed": "share of your rolls",
            "line": "Running mean of the sums as the rolls grow (log scale)",
            "mean": "exact mean",
            "band": "± 2 standard errors",
            "running": "running mean",
            "x": "rolls",
        },
        "announce": announce,
    }
    return {"situation": s, "view": view}


def _number(value: Any) -> str:
    return str(value) if value.denominator == 1 else f"{value} ≈ {float(value):.3f}"
