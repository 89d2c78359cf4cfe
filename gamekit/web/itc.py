"""Services for the ITC chapter's widgets (book chapter ``itc``). Stateless: each call gets the
widget's situation and an action, applies the rule from :mod:`gamekit.itc`, and returns the new
situation with what the widget shows. A rule broken raises :class:`~gamekit.IllegalAction`, which
the widget shows as a message naming the rule.
"""

from __future__ import annotations

from typing import Any

from ..core import IllegalAction
from ..dice import blue_die, green_die, red_die
from ..itc.data import COLOURS, RESALE_VALUE
from ..itc.probability import (
    dice_choice_expectations,
    die_effect,
    fight_exchange,
    fight_outcome_distribution,
    grey_market_win_probability,
)
from ..itc.selling import best_plan, sale_options
from ..rng import Rng
from . import service

DICE = {"blue": blue_die, "green": green_die, "red": red_die}


def _rng(situation: dict[str, Any]) -> Rng:
    state = situation.get("rng_state")
    if state:
        return Rng.fromstate(state)
    seed = situation.get("seed", 0)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(f"a seed is a whole number, not {seed!r}")
    return Rng(seed)


def _fraction(value: Any) -> dict[str, Any]:
    return {"text": str(value), "value": float(value)}


# -- the choice of dice (rules itc-dice, itc-red-die) --------------------------------------------


@service("itc.dice_expectations")
def dice_expectations() -> list[dict[str, Any]]:
    """Each pair of dice with its exact expectations (for the table beside the widget)."""
    rows = []
    for (a, b), choice in dice_choice_expectations().items():
        rows.append(
            {
                "dice": [a, b],
                "mean_points": {c: _fraction(v) for c, v in choice.mean_points.items()},
                "mean_cards": _fraction(choice.mean_cards),
                "best_points": _fraction(choice.best_points),
                "best_cards": _fraction(choice.best_cards),
            }
        )
    return rows


@service("itc.dice")
def dice_step(situation: dict[str, Any], action: dict[str, Any] | None = None) -> dict[str, Any]:
    """Choose two dice, roll them, keep one (rules ``itc-dice``, ``itc-red-die``).

    ``situation``: ``{"seed", "rng_state", "chosen": [a, b] | [], "rolled": {colour: face} | {}, "kept": colour | None}``.
    Actions: ``{"kind": "choose", "dice": [a, b]}``, ``{"kind": "roll"}``, ``{"kind": "keep", "colour": c}``,
    ``{"kind": "again"}`` (start a new turn with the generator where it is).
    """
    s = {
        "seed": situation.get("seed", 0),
        "rng_state": situation.get("rng_state") or [],
        "chosen": list(situation.get("chosen") or []),
        "rolled": dict(situation.get("rolled") or {}),
        "kept": situation.get("kept"),
    }
    kind = (action or {}).get("kind")
    if kind == "choose":
        dice = list(action.get("dice") or [])
        if s["rolled"]:
            raise IllegalAction("the dice are chosen before rolling; start a new turn first", "itc-turn-sequence")
        if len(dice) != 2 or len(set(dice)) != 2 or not set(dice) <= set(DICE):
            raise IllegalAction("choose two different dice of blue, green and red", "itc-dice")
        s["chosen"] = [c for c in DICE if c in dice]
    elif kind == "roll":
        if len(s["chosen"]) != 2:
            raise IllegalAction("choose two of the three dice before rolling", "itc-dice")
        if s["rolled"]:
            raise IllegalAction("the two dice are rolled once a turn", "itc-turn-sequence")
        rng = _rng(s)
        s["rolled"] = {c: DICE[c].roll(rng) for c in s["chosen"]}
        s["rng_state"] = rng.getstate()
    elif kind == "keep":
        colour = action.get("colour")
        if not s["rolled"]:
            raise IllegalAction("roll the two chosen dice before keeping one", "itc-turn-sequence")
        if s["kept"]:
            raise IllegalAction("only one die is kept", "itc-dice")
        if colour not in s["rolled"]:
            raise IllegalAction(f"keep one of the two dice rolled ({', '.join(s['rolled'])})", "itc-dice")
        s["kept"] = colour
    elif kind == "again":
        s.update(chosen=[], rolled={}, kept=None)
    elif kind is not None:
        raise ValueError(f"unknown action {kind!r}")
    effect = die_effect(s["kept"], s["rolled"][s["kept"]]).__dict__ if s["kept"] else None
    options = {c: die_effect(c, v).__dict__ for c, v in s["rolled"].items()}
    return {"situation": s, "view": {"effect": effect, "options": options}}


# -- selling in a continent (rules itc-placing-markers, itc-selling) -----------------------------

EXAMPLES = {
    1: {
        "title": "Example 1: North America, player A keeps a green 4",
        "goods": {"black": 7, "red": 1, "green": 3, "yellow": 8, "blue": 4},
        "markers": {"A": 6, "B": 5},
        "player": "A",
        "points": 4,
    },
    2: {
        "title": "Example 2: North America, player A rolls a green 4",
        "goods": {"black": 2, "red": 1, "green": 1, "yellow": 1},
        "markers": {"A": 3, "B": 0},
        "player": "A",
        "points": 4,
    },
}


def _market(situation: dict[str, Any]) -> dict[str, Any]:
    goods = situation.get("goods")
    markers = situation.get("markers")
    if not isinstance(goods, dict) or set(goods) - set(COLOURS):
        raise ValueError(f"goods are cubes by colour, of {list(COLOURS)}")
    if not isinstance(markers, dict) or not markers:
        raise ValueError("markers are counts by player")
    for name, n in [*goods.items(), *markers.items()]:
        if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= 99:
            raise ValueError(f"{name}: a count is a whole number from 0 to 99, not {n!r}")
    player, points = situation.get("player"), situation.get("points")
    if player not in markers:
        raise ValueError(f"the player is one of {sorted(markers)}")
    if isinstance(points, bool) or not isinstance(points, int) or not 0 <= points <= 8:
        raise ValueError("continent points are 0 to 8 (the green die is eight-sided)")
    return {
        "title": situation.get("title", ""),
        "goods": {c: goods.get(c, 0) for c in COLOURS if goods.get(c, 0)},
        "markers": dict(markers),
        "player": player,
        "points": points,
        "profit": situation.get("profit", 0),
        "history": list(situation.get("history", [])),
    }


def _sale_data(sale: Any) -> dict[str, Any]:
    return {"colours": list(sale.colours), "cubes": list(sale.cubes), "profit": sale.profit,
            "markers_returned": sale.markers_returned, "points": sale.points, "text": str(sale)}


@service("itc.market")
def market_step(situation: dict[str, Any] | None = None, action: dict[str, Any] | None = None,
                example: int | None = None) -> dict[str, Any]:
    """A continent with goods cubes and players' sales markers; the player to act spends continent
    points on placing markers and on selling (rules ``itc-placing-markers``, ``itc-selling``).

    Actions: ``{"kind": "place"}`` (one point, one marker), ``{"kind": "sell", "colours": k}`` (the
    ``k`` cheapest colours present, one point and one marker each), ``{"kind": "player", "player": p}``
    (the other player takes over, with ``points``).
    """
    if example is not None:
        if example not in EXAMPLES:
            raise ValueError(f"the examples are {sorted(EXAMPLES)}")
        s = _market({**EXAMPLES[example], "profit": 0, "history": []})
    else:
        s = _market(situation or {})
    kind = (action or {}).get("kind")
    player = s["player"]
    if kind == "place":
        if s["points"] < 1:
            raise IllegalAction("placing a sales marker costs a continent point; none is left", "itc-placing-markers")
        s["points"] -= 1
        s["markers"][player] += 1
        s["history"].append(f"{player} places a sales marker (now {s['markers'][player]})")
    elif kind == "sell":
        k = action.get("colours")
        options = sale_options(s["goods"], s["markers"][player], s["points"])
        if not isinstance(k, int) or not 1 <= k <= len(options):
            limit = len(options)
            allowed = f"at most {limit} colour{'s' if limit != 1 else ''}" if limit else "nothing"
            raise IllegalAction(
                f"{player} may sell {allowed} now: colours go cheapest first, the markers must be at least "
                "the largest count among the colours sold, and each colour costs a point and returns a marker",
                "itc-selling",
            )
        sale = options[k - 1]
        for colour in sale.colours:
            del s["goods"][colour]
        s["markers"][player] -= sale.markers_returned
        s["points"] -= sale.points
        s["profit"] += sale.profit
        s["history"].append(f"{player}: {sale}")
    elif kind == "player":
        new = action.get("player")
        if new not in s["markers"]:
            raise ValueError(f"the players are {sorted(s['markers'])}")
        points = action.get("points", s["points"])
        s = _market({**s, "player": new, "points": points, "profit": 0})
        s["history"].append(f"{new} takes over with {points} continent points")
    elif kind is not None:
        raise ValueError(f"unknown action {kind!r}")
    markers = s["markers"][s["player"]]
    options = sale_options(s["goods"], markers, s["points"])
    plan = best_plan(s["goods"], markers, s["points"])
    view = {
        "colours": [c for c in COLOURS],
        "resale": {c: RESALE_VALUE[c] for c in COLOURS},
        "options": [_sale_data(o) for o in options],
        "best": {"place": plan.place, "sale": _sale_data(plan.sale)},
        "largest": max(s["goods"].values(), default=0),
    }
    return {"situation": s, "view": view}


# -- the grey-market fight (rule itc-grey-market-fight) ------------------------------------------


@service("itc.fight")
def fight_step(situation: dict[str, Any], action: dict[str, Any] | None = None) -> dict[str, Any]:
    """The fight for the grey market, one roll at a time or to the end.

    ``situation``: ``{"attackers", "defenders", "start": [a, d], "rolls": [[a_roll, d_roll], ...], "seed", "rng_state"}``.
    Actions: ``{"kind": "roll"}`` (one roll of both dice), ``{"kind": "end"}`` (roll until one side has no
    marker), ``{"kind": "setup", "attackers": a, "defenders": d}`` (a new fight, generator kept).
    """
    s = {
        "attackers": situation.get("attackers", 3),
        "defenders": situation.get("defenders", 1),
        "rolls": [list(r) for r in situation.get("rolls", [])],
        "seed": situation.get("seed", 0),
        "rng_state": situation.get("rng_state") or [],
    }
    s["start"] = list(situation.get("start") or [s["attackers"], s["defenders"]])
    kind = (action or {}).get("kind")
    if kind == "setup":
        a, d = action.get("attackers"), action.get("defenders")
        for name, n in (("attackers", a), ("defenders", d)):
            if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= 30:
                raise ValueError(f"{name}: a number from 1 to 30")
        s.update(attackers=a, defenders=d, start=[a, d], rolls=[])
    for name in ("attackers", "defenders"):
        n = s[name]
        if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= 30:
            raise ValueError(f"{name}: a number from 0 to 30")
    if kind in ("roll", "end"):
        if not (s["attackers"] and s["defenders"]):
            raise IllegalAction("the fight is over: one side has no marker left", "itc-grey-market-fight")
        rng = _rng(s)
        while True:
            ra, rd, s["attackers"], s["defenders"] = fight_exchange(rng, s["attackers"], s["defenders"])
            s["rolls"].append([ra, rd])
            if kind == "roll" or not (s["attackers"] and s["defenders"]):
                break
        s["rng_state"] = rng.getstate()
    elif kind not in (None, "setup"):
        raise ValueError(f"unknown action {kind!r}")
    a, d = s["attackers"], s["defenders"]
    over = not (a and d)
    distribution = fight_outcome_distribution(a, d)
    view = {
        "over": over,
        "winner": None if not over else ("attacker" if a else "controller"),
        "p_attacker": _fraction(grey_market_win_probability(a, d)),
        "p_start": _fraction(grey_market_win_probability(*s["start"])),
        "outcomes": [{"attackers": k[0], "defenders": k[1], **_fraction(p)} for k, p in sorted(distribution.items())],
    }
    return {"situation": s, "view": view}
