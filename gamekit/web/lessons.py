"""Services for the lessons' widgets (notebooks ``lesson-*.ipynb``), standard library only.

``lessons.dice_sums``: roll the sum of one to six six-sided dice many times and watch the shares of
the sums approach the exact distribution and the mean of the sums approach the exact mean (the law
of large numbers, lesson 1). The dice are :data:`gamekit.dice.d6`, rolled one by one with a seeded
:class:`gamekit.rng.Rng`; the exact distribution is ``d6.sum_of(k)``. The front end draws what the
view says and holds no number of its own.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

from ..dice import d6
from ..rng import Rng
from ..validation import is_integer
from . import service

#: The numbers of dice a reader may choose.
DICE_CHOICES = (1, 2, 3, 4, 5, 6)
#: The roll buttons: rolls per click.
ROLL_BUTTONS = (10, 100, 1000)
#: Most rolls in one experiment (the widget asks to reset after that).
MAX_ROLLS = 100_000
#: Seeds a reader may type (as gamekit.web.dice: below 2**32, a plain number in JavaScript everywhere).
SEED_MAX = 2**32 - 1
#: Points of the running mean kept for the convergence line (log-spaced, plus each click's end).
TRAIL_POINTS = 80


def _whole(value: Any, low: int, high: int, text: str) -> int:
    if not is_integer(value) or not low <= value <= high:
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


# -- lesson 6: what the hexes around a settlement produce ------------------------------------------

#: Turns a reader may roll at one click.
TURN_CHOICES = (1, 10, 100, 1000)
#: Most turns in one experiment (the widget asks to reset after that).
MAX_TURNS = 100_000
#: At most this many hexes around one settlement (an intersection touches three hexes).
MAX_HEXES = 3


def _starts() -> dict[str, dict[str, Any]]:
    """The starting positions a reader may pick: the lesson's two settlements (section 3), a
    settlement on the 6 and the 8 beside a 5, and one on the rare numbers."""
    from ..lessons.catan import lesson_start

    starts = {}
    for i, (terrain, numbers) in enumerate(lesson_start()):
        which = ("first", "second")[i] if i < 2 else f"number {i + 1}"
        starts[f"lesson-{i + 1}"] = {
            "numbers": numbers, "names": [f"{t} {n}" for t, n in zip(terrain, numbers)],
            "label": f"Lesson 6, your {which} settlement: " + ", ".join(f"{t} {n}" for t, n in zip(terrain, numbers))}
    starts["best"] = {"numbers": [6, 8, 5], "names": [], "label": "The busiest numbers: 6, 8 and 5"}
    starts["rare"] = {"numbers": [2, 12, 11], "names": [], "label": "The rarest numbers: 2, 12 and 11"}
    return starts


def _hex_numbers(value: Any) -> list[int]:
    from ..lessons.catan import NUMBERS

    if not isinstance(value, list) or not 1 <= len(value) <= MAX_HEXES:
        raise ValueError(f"A settlement touches one to {MAX_HEXES} numbered hexes: give a list of one to {MAX_HEXES} numbers. "
                         f"Not {value!r}.")
    for n in value:
        if isinstance(n, bool) or n not in NUMBERS:
            raise ValueError(f"A hex's number is 2 to 6 or 8 to 12 (a 7 produces nothing). Not {n!r}.")
    return list(value)


def _catan_warm_up() -> None:
    """A reader's first clicks: the page's widget as drawn, a roll, another start, a reset."""
    first = catan_production()["situation"]
    rolled = catan_production(first, {"kind": "roll", "n": 10})["situation"]
    catan_production(rolled, {"kind": "setup", "start": "own", "numbers": [6, 8, 5], "seed": 1})
    catan_production(rolled, {"kind": "reset"})


@service("lessons.catan_production", warm=_catan_warm_up)
def catan_production(situation: dict[str, Any] | None = None, action: dict[str, Any] | None = None) -> dict[str, Any]:
    """Roll 2d6 for ``n`` turns and count what the hexes around one settlement produce (lesson 6).

    ``situation``: ``{"start", "numbers", "seed", "rng_state", "counts": {sum: turns}, "turns",
    "cards", "trail": [[turns, cards per turn], ...]}``: ``start`` is a key of the lesson's starting
    positions or ``"own"`` (the reader's ``numbers``, one to three of 2-6 and 8-12). Actions:
    ``{"kind": "setup", "start": key, "numbers": [...], "seed": s}`` (a new experiment; any of the
    three may be left out), ``{"kind": "roll", "n": turns}``, ``{"kind": "reset"}`` (forget the
    rolls, start again from the seed). The dice are the engine's :data:`gamekit.dice.two_d6` (the
    white and the red die), rolled with a seeded :class:`gamekit.rng.Rng`; the exact figures come
    from :mod:`gamekit.lessons.catan`.
    """
    from ..dice import two_d6
    from ..lessons.catan import NUMBERS, expected_income, hex_chance, income_die

    starts = _starts()
    situation = situation or {}
    s = {
        "start": situation.get("start", "lesson-1"),
        "numbers": list(situation.get("numbers") or starts["lesson-1"]["numbers"]),
        "seed": situation.get("seed", 1995),
        "rng_state": situation.get("rng_state") or [],
        "counts": {str(k): v for k, v in (situation.get("counts") or {}).items()},
        "turns": situation.get("turns", 0),
        "cards": situation.get("cards", 0),
        "trail": [list(p) for p in situation.get("trail") or []],
    }
    action = action or {}
    kind = action.get("kind")
    fresh = {"rng_state": [], "counts": {}, "turns": 0, "cards": 0, "trail": []}
    if kind == "setup":
        s["start"] = action.get("start", s["start"])
        if s["start"] != "own" and s["start"] not in starts:
            raise ValueError(f"There is no starting position called {s['start']!r}; "
                             f"choose one of {', '.join(sorted(starts))} or 'own'.")
        if s["start"] == "own":
            s["numbers"] = action.get("numbers", s["numbers"])
        else:
            s["numbers"] = list(starts[s["start"]]["numbers"])
        s["seed"] = action.get("seed", s["seed"])
        s.update(fresh)
    elif kind == "reset":
        s.update(fresh)
    numbers = _hex_numbers(s["numbers"])
    _whole(s["seed"], 0, SEED_MAX, f"A seed is a whole number from 0 to {SEED_MAX:,}.")
    start = starts.get(s["start"])
    names = start["names"] if start and start["names"] and start["numbers"] == numbers else [str(n) for n in numbers]
    income = income_die(numbers)
    mean = expected_income(numbers)
    sd = math.sqrt(income.variance())
    nothing = income[0] if 0 in income.outcomes else Fraction(0)
    announce = ""
    if kind == "roll":
        n = _whole(action.get("n"), 1, MAX_TURNS, f"Roll from 1 to {MAX_TURNS:,} turns at once.")
        if s["turns"] + n > MAX_TURNS:
            raise ValueError(f"This experiment has {s['turns']:,} turns; at most {MAX_TURNS:,} fit. Press Reset to start again.")
        rng = Rng.fromstate(s["rng_state"]) if s["rng_state"] else Rng(s["seed"])
        counts, cards, first = s["counts"], s["cards"], s["turns"]
        pay = {k: numbers.count(k) for k in range(2, 13)}
        marks = iter(_checkpoints(first, first + n))
        mark = next(marks)
        last = 0
        for i in range(first + 1, first + n + 1):
            last = two_d6.roll_detail(rng)[0]
            counts[str(last)] = counts.get(str(last), 0) + 1
            cards += pay[last]
            if i == mark:
                s["trail"].append([i, cards / i])
                mark = next(marks, 0)
        s.update(rng_state=rng.getstate(), counts=counts, cards=cards, turns=first + n, trail=_thin(s["trail"]))
    elif kind not in (None, "setup", "reset"):
        raise ValueError(f"unknown action {kind!r}")
    t = s["turns"]
    produced = [s["counts"].get(str(k), 0) for k in numbers]
    some = sum(s["counts"].get(str(k), 0) for k in set(numbers))
    rows = []
    for name, k, got in zip(names, numbers, produced):
        p = hex_chance(k)
        rows.append({"hex": name, "pips": round(p * 36), "exact": _number(p), "produced": f"{got:,}",
                     "share": f"{got / t:.3f}" if t else "–"})
    total_row = {"hex": "Cards from all hexes (income)", "pips": sum(r["pips"] for r in rows), "exact": _number(mean),
                 "produced": f"{s['cards']:,}", "share": f"{s['cards'] / t:.3f}" if t else "–"}
    any_row = {"hex": "Turns with at least one card", "pips": "–", "exact": _number(1 - nothing),
               "produced": f"{some:,}", "share": f"{some / t:.3f}" if t else "–"}
    if kind == "roll":
        each = ", ".join(f"{name} {got:,} times" for name, got in zip(names, produced))
        announce = (f"Rolled {n:,} {'turn' if n == 1 else 'turns'}: the last roll was {last}. In {t:,} turns the hexes produced: "
                    f"{each}; {s['cards']:,} cards, {s['cards'] / t:.3f} per turn (exact {_number(mean)}).")
    elif kind == "setup":
        announce = f"Hexes {', '.join(names)}, seed {s['seed']}: no turns yet."
    elif kind == "reset":
        announce = "Reset: no turns yet."
    choices = [{"value": 0, "label": "no hex"}] + [
        {"value": k, "label": f"{k} ({round(two_d6[k] * 36)} {'pip' if two_d6[k] * 36 == 1 else 'pips'})"} for k in NUMBERS]
    view = {
        "title": f"A settlement on {', '.join(names)}",
        "start_label": "Starting position",
        "starts": [{"value": key, "label": v["label"]} for key, v in starts.items()] + [{"value": "own", "label": "Your own numbers"}],
        "hex_labels": [f"Hex {i + 1}" for i in range(MAX_HEXES)],
        "number_choices": choices,
        "seed_label": "Seed",
        "seed_max": SEED_MAX,
        "seed_text": f"A seed is a whole number from 0 to {SEED_MAX:,}.",
        "turns_label": "Turns per roll",
        "turn_choices": [{"value": c, "label": f"{c:,}", "enabled": t + c <= MAX_TURNS} for c in TURN_CHOICES],
        "roll_label": "Roll",
        "reset_label": "Reset",
        "columns": ["Hex", "Pips", "Exact, per turn", "In your turns", "Per turn"],
        "rows": rows,
        "total": total_row,
        "any": any_row,
        "table_label": "What each hex produced against its exact chance per turn",
        "table_note": ("Exact, per turn: a hex's chance to produce, the expected cards of all hexes (the expected income), "
                       "the chance of at least one card. In your turns: how often that happened in your rolls."),
        "turns": t,
        "turns_text": f"{t:,} turns so far" if t else "No turns yet",
        "summary": (f"Your settlement got {s['cards'] / t:.3f} cards per turn; the exact expected income is {_number(mean)} "
                    f"cards per turn (one card for each hex whose number is rolled).") if t
                   else f"Exact expected income: {_number(mean)} cards per turn. Roll to compare.",
        "exact_mean": float(mean),
        "trail": s["trail"],
        "band": [[p[0], float(mean) - 2 * sd / math.sqrt(p[0]), float(mean) + 2 * sd / math.sqrt(p[0])] for p in s["trail"]],
        "labels": {
            "line": "Cards per turn as the turns grow (log scale)",
            "mean": "exact expected income",
            "band": "± 2 standard errors",
            "running": "your cards per turn",
            "x": "turns",
        },
        "announce": announce,
    }
    return {"situation": s, "view": view}
