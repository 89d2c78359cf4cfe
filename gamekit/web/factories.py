"""Services for the factories chapter's widget "Trial a factory investment" (chapter ``factories``).

A player's three factories, each facing three hexes: invest (pay 1 brick + 1 ore, roll the d6, a
peg goes in or the investment fails), watch the exact chance that the next one fails, then run
many production rolls and compare the resources gained with the exact expectation under both
production rules. The rules come from :mod:`gamekit.catan.production`.
"""

from __future__ import annotations

from typing import Any

from ..catan import RESOURCES
from ..catan.base import TWO_D6
from ..catan.board import TERRAIN_RESOURCE
from ..catan.factories import COLOUR_DIE, COSTS, INVESTMENT_D6
from ..catan.options import FactoriesOptions
from ..catan.production import (
    NUMBERS,
    Factory,
    check_investment,
    expected_investments,
    expected_yield,
    factory_yield,
    failure_chance,
    invest,
    peg_hole,
)
from ..catan.svg import TERRAIN_COLOURS
from ..core import IllegalAction
from ..dice import COLOURS
from ..rng import Rng
from ..validation import is_integer
from . import service

#: The trial player's colour (the colour die must show it under Solcher's rule).
PLAYER = "red"
#: The hexes the three factories face in the trial (one hole towards each).
DEFAULT_FACES = [["brick", "ore", "grain"], ["lumber", "wool", "ore"], ["grain", "brick", "wool"]]
RULES = ("basic", "solcher")
MAX_ROLLS_PER_CALL = 20_000
PRODUCE_BUTTONS = (100, 1000, 10000)
HISTORY_SHOWN = 30
#: An investment's price (rule ``factories-investment``), from the engine's cost table.
INVEST_COST = dict(zip(RESOURCES, COSTS["investment"]))


def _cards(counts: dict[str, int]) -> str:
    return " + ".join(f"{n} {r}" for r, n in counts.items() if n) or "nothing"


def _start(seed: int, faces: list[list[str]] | None = None, factories: int = 1) -> dict[str, Any]:
    faces = faces or DEFAULT_FACES[:factories]
    return {
        "seed": seed,
        "rng_state": [],
        "factories": [{"faces": list(f), "holes": [None, None, None]} for f in faces],
        "numbers_left": list(NUMBERS),
        "blanks_left": FactoriesOptions().blank_pegs,
        "pending": None,
        "spent": 0,
        "rolls": 0,
        "gained": {rule: {} for rule in RULES},
        "history": [],
    }


def _validate(s: dict[str, Any]) -> dict[str, Any]:
    factories = s.get("factories")
    if not isinstance(factories, list) or not 1 <= len(factories) <= 3:
        raise ValueError("one to three factories")
    for f in factories:
        if not isinstance(f.get("faces"), list) or len(f["faces"]) != 3 or not all(
            r in RESOURCES or r in ("desert", "sea") for r in f["faces"]
        ):
            raise ValueError(f"each factory faces three hexes (resources {list(RESOURCES)}, desert or sea)")
        if not isinstance(f.get("holes"), list) or len(f["holes"]) != 3:
            raise ValueError("a factory has three holes")
    left = s.get("numbers_left")
    if not isinstance(left, list) or not set(left) <= set(NUMBERS):
        raise ValueError("numbers_left lists unplaced numbered pegs 1-6")
    return {**s, "factories": [{"faces": list(f["faces"]), "holes": list(f["holes"])} for f in factories],
            "numbers_left": sorted(left), "history": list(s.get("history", [])),
            "gained": {rule: dict(s.get("gained", {}).get(rule, {})) for rule in RULES}}


def _pegs(factory: dict[str, Any]) -> list[tuple[int | None, str | None]]:
    """The factory's pegs for the production helpers: (visible number or None, resource faced)."""
    pegs = []
    for hole, peg in enumerate(factory["holes"]):
        if peg is None:
            continue
        resource = factory["faces"][hole]
        pegs.append((peg or None, resource if resource in RESOURCES else None))
    return pegs


def _fraction(value: Any) -> dict[str, Any]:
    return {"text": str(value), "value": float(value)}


def _terrain_fill(face: str) -> str:
    """The colour of the hex a hole faces, as the board pictures draw it."""
    for terrain, resource in TERRAIN_RESOURCE.items():
        if resource == face:
            return TERRAIN_COLOURS[terrain]
    return TERRAIN_COLOURS.get(face, "#cccccc")


def _percent(value: Any) -> str:
    if value in (0, 1):
        return f"{value} ({100 * float(value):.0f} %)"
    return f"{value} ≈ {100 * float(value):.1f} %"


def _view(s: dict[str, Any], announce: str = "") -> dict[str, Any]:
    placed = [n for n in NUMBERS if n not in s["numbers_left"]]
    visible = sorted({p for f in s["factories"] for p in f["holes"] if p})
    full = all(p is not None for f in s["factories"] for p in f["holes"])
    expected = {}
    for rule in RULES:
        total: dict[str, Any] = {}
        for f in s["factories"]:
            for resource, value in expected_yield(_pegs(f), rule, PLAYER, COLOURS).items():
                total[resource] = total.get(resource, 0) + value
        expected[rule] = {r: _fraction(v) for r, v in sorted(total.items())}
    failure = failure_chance(placed)
    spent = {r: n * s["spent"] for r, n in INVEST_COST.items()}
    pending = s["pending"]
    factories = []
    for i, f in enumerate(s["factories"]):
        derelict = all(not p for p in f["holes"])
        try:  # the engine's own question: may this factory take an investment now?
            check_investment([h for h, p in enumerate(f["holes"]) if p is None], s["numbers_left"], s["blanks_left"])
            refusal = ""
        except IllegalAction as err:
            refusal = err.reason
        holes = []
        for h, peg in enumerate(f["holes"]):
            free = peg is None
            label = (f"hole facing {f['faces'][h]}: " + ("free" if free else "blank peg" if peg == 0 else f"peg {peg}"))
            holes.append({"peg": peg, "free": free, "label": label,
                          "choose": bool(pending and pending["factory"] == i and free)})
        factories.append({"faces": " · ".join(f["faces"]), "holes": holes, "derelict": derelict,
                          "fills": [_terrain_fill(face) for face in f["faces"]],
                          "state": "derelict (no numbered peg)" if derelict else "producing",
                          "full": all(p is not None for p in f["holes"]),
                          "can_invest": not refusal, "invest_refusal": refusal,
                          "invest_label": f"Invest ({_cards(INVEST_COST)})" if not refusal else "Invest (not possible now)"})
    resources = sorted({r for rule in RULES for r in expected[rule]})
    production = []
    for r in resources:
        row = {"resource": r}
        for rule in RULES:
            gained = s["gained"][rule].get(r, 0)
            exact = expected[rule].get(r)
            row[rule] = {"observed": f"{gained / s['rolls']:.4f}" if s["rolls"] else "–",
                         "exact": f"{exact['text']} ≈ {exact['value']:.4f}" if exact else "0"}
        production.append(row)
    return {
        "factories": factories,
        "invest_label": f"Invest ({_cards(INVEST_COST)})",
        "produce_buttons": [{"n": n, "label": f"{n:,} production rolls"} for n in PRODUCE_BUTTONS],
        "supply": (f"Unplaced numbered pegs: {', '.join(map(str, s['numbers_left'])) or 'none'}; blank pegs: {s['blanks_left']}; "
                   f"spent so far: {_cards(spent)}."),
        "failure": (f"Chance that the next investment fails: {_percent(failure)}" + (
            f" · expected investments to place all six numbers from here (were holes and pegs never to run out): "
            f"{expected_investments(6, len(placed))}" if len(placed) < 6 else "")
            if any(f["can_invest"] for f in factories) else
            "No investment is possible any more: " + "; ".join(sorted({f["invest_refusal"] for f in factories})) + "."),
        "pending": (f"Rolled {pending['rolled']}: choose a free (highlighted) hole of factory {pending['factory'] + 1} for the "
                    + (f"peg {pending['peg']}." if pending["peg"] else "failed investment's peg.")) if pending else "",
        "production_caption": f"per roll ({s['rolls']:,} rolls)",
        "production": production,
        "player_note": f"Production: the same rolls counted under both rules (your colour is {PLAYER} for the colour die).",
        "announce": announce,
        "failure_chance": _fraction(failure),
        "visible": visible,
        "derelict": [all(not p for p in f["holes"]) for f in s["factories"]],
        "full": full,
        "expected": expected,
        "expected_investments_all": _fraction(expected_investments(6, len(placed))) if len(placed) < 6 else None,
        "cost": spent,
    }


@service("factories.trial")
def trial(situation: dict[str, Any] | None = None, action: dict[str, Any] | None = None,
          seed: int = 0, factories: int = 1) -> dict[str, Any]:
    """Advance the trial. Actions: ``{"kind": "invest", "factory": i}``, ``{"kind": "place", "hole": h}``
    (where the peg goes when more than one hole is free), ``{"kind": "produce", "n": rolls}``,
    ``{"kind": "reset"}``."""
    if situation is None:
        if not is_integer(seed):
            raise ValueError("a seed is a whole number")
        s = _start(seed, factories=factories)
    else:
        s = _validate(situation)
    kind = (action or {}).get("kind")
    announce = ""
    if kind == "invest":
        i = action.get("factory", 0)
        if not is_integer(i) or not 0 <= i < len(s["factories"]):
            raise ValueError(f"factory 0-{len(s['factories']) - 1}")
        if s["pending"] is not None:
            raise IllegalAction("put the last investment's peg into a hole first", "factories-investment")
        holes = s["factories"][i]["holes"]
        free = [h for h, p in enumerate(holes) if p is None]
        check_investment(free, s["numbers_left"], s["blanks_left"])
        rng = Rng.fromstate(s["rng_state"]) if s["rng_state"] else Rng(s["seed"])
        number = INVESTMENT_D6.sample(rng)  # the engine's declared investment roll
        s["rng_state"] = rng.getstate()
        before_left, before_blanks = list(s["numbers_left"]), s["blanks_left"]
        done = invest(free, number, before_left, before_blanks)  # the engine's investment, peg and hole
        peg, left, s["blanks_left"] = done.peg, done.numbers_left, done.blanks_left
        s["numbers_left"] = list(left)
        s["spent"] += 1
        if peg:
            outcome = f"peg {number} goes in"
        elif s["blanks_left"] < before_blanks:
            outcome = f"{number} is already placed: a failed investment, a blank peg goes in"
        else:
            lost = (set(before_left) - set(left)).pop()
            outcome = f"{number} is already placed: a failed investment; no blank peg left, so peg {lost} goes in turned over"
        if done.hole is not None:
            holes[done.hole] = peg
            s["history"].append(f"Factory {i + 1}: rolled {number}, {outcome}")
            announce = s["history"][-1] + "."
        else:
            s["pending"] = {"factory": i, "peg": peg, "rolled": number, "outcome": outcome}
            announce = f"Rolled {number}. Choose a free hole of factory {i + 1} for the peg."
    elif kind == "place":
        if s["pending"] is None:
            raise IllegalAction("there is no peg to place: invest first", "factories-investment")
        holes = s["factories"][s["pending"]["factory"]]["holes"]
        hole = peg_hole([h for h, p in enumerate(holes) if p is None], action.get("hole"))
        holes[hole] = s["pending"]["peg"]
        pending = s["pending"]
        s["history"].append(f"Factory {pending['factory'] + 1}: rolled {pending['rolled']}, {pending.get('outcome', 'the peg')}"
                            f" (hole facing {s['factories'][pending['factory']]['faces'][hole]})")
        announce = s["history"][-1] + "."
        s["pending"] = None
    elif kind == "produce":
        if s["pending"] is not None:
            raise IllegalAction("put the last investment's peg into a hole first", "factories-investment")
        n = action.get("n", 100)
        if not is_integer(n) or not 1 <= n <= MAX_ROLLS_PER_CALL:
            raise ValueError(f"between 1 and {MAX_ROLLS_PER_CALL:,} production rolls")
        rng = Rng.fromstate(s["rng_state"]) if s["rng_state"] else Rng(s["seed"])
        built = [Factory(PLAYER, tuple(_pegs(f))) for f in s["factories"]]
        for _ in range(n):
            _, dice = TWO_D6.sample(rng)  # the engine's declared production roll, then the colour die
            colour = COLOUR_DIE.sample(rng)
            for rule in RULES:
                got = factory_yield(built, dice, colour, rule).get(PLAYER, {})
                gained = s["gained"][rule]
                for resource, count in got.items():
                    gained[resource] = gained.get(resource, 0) + count
        s["rng_state"] = rng.getstate()
        s["rolls"] += n
        announce = f"{n:,} production rolls made; {s['rolls']:,} in all."
    elif kind == "reset":
        s = _start(s["seed"], [f["faces"] for f in s["factories"]])
        announce = "Started again: no pegs placed."
    elif kind is not None:
        raise ValueError(f"unknown action {kind!r}")
    s["history"] = s["history"][-HISTORY_SHOWN:]
    return {"situation": s, "view": _view(s, announce)}
