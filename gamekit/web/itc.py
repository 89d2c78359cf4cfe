"""Services for the ITC chapter's widgets (book chapter ``itc``). Stateless: each call gets the
widget's situation and an action, applies the rule from :mod:`gamekit.itc`, and returns the new
situation with what the widget shows. A rule broken raises :class:`~gamekit.IllegalAction`, which
the widget shows as a message naming the rule.
"""

from __future__ import annotations

from typing import Any

from ..core import IllegalAction
from ..itc import PlaceSalesMarker, Sell, scenario
from ..itc.data import COLOURS, PLACE_INDEX, RESALE_VALUE
from ..itc.dice_turn import DICE_PAIRS, DIE_NAMES, DIE_SIDES, chosen_pair, effect_text, kept_die, roll_die
from ..itc.probability import (
    dice_choice_expectations,
    die_effect,
    exchange_losses,
    fight_outcome_distribution,
    grey_market_win_probability,
    markers_left,
    roll_fight,
)
from ..itc.selling import MARKER_COST, best_plan
from ..itc.svg import GOODS_FILL, PLAYER_COLOURS
from ..rng import Rng
from ..validation import is_integer
from . import service


def _rng(situation: dict[str, Any]) -> Rng:
    state = situation.get("rng_state")
    if state:
        return Rng.fromstate(state)
    seed = situation.get("seed", 0)
    if not is_integer(seed):
        raise ValueError(f"a seed is a whole number, not {seed!r}")
    return Rng(seed)


def _fraction(value: Any) -> dict[str, Any]:
    return {"text": str(value), "value": float(value)}


def _percent(value: Any) -> str:
    """An exact chance for readers: ``"3/8 ≈ 37.5 %"``, or ``"0"`` and ``"1"`` as they are."""
    if value in (0, 1):
        return f"{value} ({100 * float(value):.0f} %)"
    return f"{value} ≈ {100 * float(value):.1f} %"


#: Continent points come from the eight-sided green die (rule ``itc-dice``).
GREEN_MAX = DIE_SIDES["green"]
#: The most attack markers or defenders the fight widget takes, and the rolls of a fight it lists.
FIGHT_MAX = 30
HISTORY_SHOWN = 40


# -- the choice of dice (rules itc-dice, itc-red-die) --------------------------------------------


@service("itc.dice_expectations")
def dice_expectations() -> list[dict[str, Any]]:
    """Each pair of dice with its exact expectations (for the table beside the widget)."""
    rows = []
    for (a, b), choice in dice_choice_expectations().items():
        rows.append(
            {
                "dice": [a, b],
                "label": " + ".join(DIE_NAMES[c] for c in (a, b)),
                "mean_points": {c: _fraction(v) for c, v in choice.mean_points.items()},
                "mean_cards": _fraction(choice.mean_cards),
                "best_points": _fraction(choice.best_points),
                "best_cards": _fraction(choice.best_cards),
                "cells": [
                    " + ".join((a, b)),
                    ", ".join(f"{c} {v} ≈ {float(v):.2f}" for c, v in choice.mean_points.items()),
                    f"{choice.best_points} ≈ {float(choice.best_points):.3f}",
                    f"{choice.mean_cards} (kept: {choice.best_cards})" if choice.mean_cards else "–",
                ],
            }
        )
    return rows


#: The expectations table beside the dice widget: its caption and column headings.
EXPECTATIONS_TABLE = {
    "caption": "Exact expectations (points of the kept die; the red die's cards separately):",
    "headings": ["Dice", "Mean points of each die", "Keeping the die with more points", "Red die's cards"],
}


@service("itc.dice")
def dice_step(situation: dict[str, Any], action: dict[str, Any] | None = None) -> dict[str, Any]:
    """Choose two dice, roll them, keep one (rules ``itc-dice``, ``itc-red-die``), with the rule
    functions of :mod:`gamekit.itc.dice_turn` that the engine uses.

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
    announce = ""
    if kind == "choose":
        if s["rolled"]:
            raise IllegalAction("the dice are chosen before rolling; start a new turn first", "itc-turn-sequence")
        s["chosen"] = list(chosen_pair(action.get("dice") or []))
        announce = f"Chosen: {' and '.join(s['chosen'])}. Roll them next."
    elif kind == "roll":
        if len(s["chosen"]) != 2:
            raise IllegalAction("choose two of the three dice before rolling", "itc-dice")
        if s["rolled"]:
            raise IllegalAction("the two dice are rolled once a turn", "itc-turn-sequence")
        rng = _rng(s)
        s["rolled"] = {c: roll_die(rng, c) for c in s["chosen"]}
        s["rng_state"] = rng.getstate()
        announce = "Rolled " + " and ".join(f"{c} {v}" for c, v in s["rolled"].items()) + ". Keep one of the two dice."
    elif kind == "keep":
        if not s["rolled"]:
            raise IllegalAction("roll the two chosen dice before keeping one", "itc-turn-sequence")
        if s["kept"]:
            raise IllegalAction("only one die is kept", "itc-dice")
        s["kept"] = kept_die(s["rolled"], action.get("colour"))
    elif kind == "again":
        s.update(chosen=[], rolled={}, kept=None)
        announce = "A new turn: choose two dice."
    elif kind is not None:
        raise ValueError(f"unknown action {kind!r}")
    effect = f"You keep the {s['kept']} die: {effect_text(die_effect(s['kept'], s['rolled'][s['kept']]))}." if s["kept"] else (
        "Keep one of the two dice." if s["rolled"] else "")
    if kind == "keep":
        announce = effect
    view = {
        "pairs": [{"dice": list(p), "key": "-".join(p), "label": " + ".join(p),
                   "chosen": list(p) == s["chosen"]} for p in DICE_PAIRS],
        "can_choose": not s["rolled"],
        "can_roll": len(s["chosen"]) == 2 and not s["rolled"],
        "rolled": [{"colour": c, "face": v, "kept": s["kept"] == c,
                    "keep": f"keep {c}: {effect_text(die_effect(c, v))}"} for c, v in s["rolled"].items()],
        "can_keep": bool(s["rolled"]) and not s["kept"],
        "effect": effect,
        "announce": announce,
    }
    return {"situation": s, "view": view}


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
        if not is_integer(n) or not 0 <= n <= 99:
            raise ValueError(f"{name}: a count is a whole number from 0 to 99, not {n!r}")
    player, points = situation.get("player"), situation.get("points")
    if player not in markers:
        raise ValueError(f"the player is one of {sorted(markers)}")
    if not is_integer(points) or not 0 <= points <= GREEN_MAX:
        raise ValueError(f"Continent points are whole numbers from 0 to {GREEN_MAX} (the green die is eight-sided).")
    return {
        "title": situation.get("title", ""),
        "goods": {c: goods.get(c, 0) for c in COLOURS if goods.get(c, 0)},
        "markers": dict(markers),
        "player": player,
        "points": points,
        "profit": situation.get("profit", 0),
        "history": list(situation.get("history", [])),
    }


#: The continent of the selling trial (the rule's examples are set in North America).
MARKET = "North America"


def _market_state(s: dict[str, Any]) -> Any:
    """The trial as an engine position (:func:`gamekit.itc.scenario`): the continent's goods and
    every player's sales markers, the player to act with ``points`` continent points. The trial
    counts no supply of stones (the players have stones enough) and holds up to 99 cubes a colour."""
    names = list(s["markers"])
    if len(names) > 6:
        raise ValueError("the trial has at most six players")
    counts = [s["markers"][q] for q in names] + [0] * max(0, 2 - len(names))
    return scenario(players=len(counts), player=names.index(s["player"]), kept="green", points=s["points"],
                    goods={MARKET: s["goods"]}, markers={MARKET: counts},
                    continent_capacity=99, goods_cubes=6 * 99, stones_per_player=7 + 6 * 99)


def _market_from_state(s: dict[str, Any], state: Any) -> None:
    """The trial's goods, markers and points after the engine acted on :func:`_market_state`."""
    place = PLACE_INDEX[MARKET]
    s["goods"] = {c: n for c, n in zip(COLOURS, state.goods[place]) if n}
    for i, name in enumerate(s["markers"]):
        s["markers"][name] = state.markers[place][i]
    s["points"] = state.continent_points


def _sale_text(sale: Any) -> str:
    """A sale in words, as the engine's ``str(sale)`` says it, with "1 marker" in the singular."""
    if not sale.colours:
        return str(sale)
    parts = ", ".join(f"{n} {c}" for c, n in zip(sale.colours, sale.cubes))
    return f"sell {parts} for {sale.profit:,} (returns {_points(sale.markers_returned, 'marker')})"


def _sale_data(sale: Any) -> dict[str, Any]:
    return {"colours": list(sale.colours), "cubes": list(sale.cubes), "profit": sale.profit,
            "markers_returned": sale.markers_returned, "points": sale.points, "text": _sale_text(sale)}


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
    if kind in ("place", "sell"):
        state = _market_state(s)
        if kind == "place":
            state.apply(PlaceSalesMarker(MARKET))  # rule itc-placing-markers, checked by the engine
            s["history"].append(f"{player} places a sales marker (now {state.markers[PLACE_INDEX[MARKET]][state.turn]})")
        else:
            k = action.get("colours")
            sale = state.sale(MARKET, k) if is_integer(k) and k >= 1 else None
            state.apply(Sell(MARKET, k))  # rule itc-selling, checked and carried out by the engine
            s["profit"] += sale.profit
            s["history"].append(f"{player}: {_sale_text(sale)}")
        _market_from_state(s, state)
    elif kind == "player":
        new = action.get("player")
        if new not in s["markers"]:
            raise ValueError(f"the players are {sorted(s['markers'])}")
        points = action.get("points", s["points"])
        s = _market({**s, "player": new, "points": points, "profit": 0})
        s["history"].append(f"{new} takes over with {points} continent points")
    elif kind is not None:
        raise ValueError(f"unknown action {kind!r}")
    s["history"] = s["history"][-HISTORY_SHOWN:]
    markers = s["markers"][s["player"]]
    options = _market_state(s).sale_options(MARKET)  # the sales the engine allows now
    plan = best_plan(s["goods"], markers, s["points"])
    present = [c for c in COLOURS if s["goods"].get(c)]
    players = list(s["markers"])
    sell_buttons = []
    for k in range(1, len(present) + 1):
        option = options[k - 1] if k <= len(options) else None
        label = (f"Sell {', '.join(option.colours)} ({_points(option.points)}): +{option.profit:,}" if option
                 else f"Sell the {k} cheapest colour{'s' if k > 1 else ''}")
        sell_buttons.append({"colours": k, "label": label, "allowed": option is not None})
    view = {
        "colours": list(COLOURS),
        "resale": {c: RESALE_VALUE[c] for c in COLOURS},
        "goods": [{"colour": c, "count": s["goods"][c], "resale": f"{RESALE_VALUE[c]:,}", "swatch": GOODS_FILL[c]}
                  for c in present],
        "markers": [{"player": p, "count": s["markers"][p], "swatch": PLAYER_COLOURS[i % len(PLAYER_COLOURS)]}
                    for i, p in enumerate(players)],
        "turn": {"player": s["player"], "points": s["points"], "unit": _points(s["points"], "continent point").split(" ", 1)[1],
                 "profit": f"{s['profit']:,}"},
        "others": [{"player": p, "label": f"Let player {p} act"} for p in players if p != s["player"]],
        "points_limits": {"min": 0, "max": GREEN_MAX, "default": 4,
                          "text": f"Continent points are whole numbers from 0 to {GREEN_MAX} (the green die is eight-sided)."},
        "place_label": f"Place a sales marker ({_points(MARKER_COST)})",
        "sell_buttons": sell_buttons,
        "options": [_sale_data(o) for o in options],
        "best": {"place": plan.place, "sale": _sale_data(plan.sale)},
        "best_text": (f"Best with these points: place {plan.place} marker{'' if plan.place == 1 else 's'}, then {_sale_text(plan.sale)}."
                      if plan.sale.colours else "With these points and markers nothing can be sold here yet."),
        "largest": max(s["goods"].values(), default=0),
        "announce": s["history"][-1] if kind and s["history"] else "",
    }
    return {"situation": s, "view": view}


def _points(n: int, word: str = "point") -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


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
            if not is_integer(n) or not 1 <= n <= FIGHT_MAX:
                raise ValueError(f"Attack markers and defenders are whole numbers from 1 to {FIGHT_MAX}; {name} {n!r} is not.")
        s.update(attackers=a, defenders=d, start=[a, d], rolls=[])
    for name in ("attackers", "defenders"):
        n = s[name]
        if not is_integer(n) or not 0 <= n <= 30:
            raise ValueError(f"{name}: a number from 0 to 30")
    if kind in ("roll", "end"):
        if not (s["attackers"] and s["defenders"]):
            raise IllegalAction("the fight is over: one side has no marker left", "itc-grey-market-fight")
        rng = _rng(s)
        rolls = roll_fight(rng, s["attackers"], s["defenders"], most=1 if kind == "roll" else None)
        s["attackers"], s["defenders"] = markers_left(s["attackers"], s["defenders"], rolls)
        s["rolls"].extend([ra, rd] for ra, rd in rolls)
        s["rng_state"] = rng.getstate()
    elif kind not in (None, "setup"):
        raise ValueError(f"unknown action {kind!r}")
    a, d = s["attackers"], s["defenders"]
    over = not (a and d)
    distribution = fight_outcome_distribution(a, d)
    p_start = grey_market_win_probability(*s["start"])
    p_here = grey_market_win_probability(a, d)
    winner = "" if not over else (" — the attacker takes the grey market" if a else " — the controller keeps the grey market")
    standing = f"Attackers {a} : {d} defenders{winner}"
    shown = s["rolls"][-HISTORY_SHOWN:]
    view = {
        "over": over,
        "winner": None if not over else ("attacker" if a else "controller"),
        "standing": standing,
        "chance": f"Attacker's chance from the start ({s['start'][0]} against {s['start'][1]}): {_percent(p_start)}"
                  + ("" if over else f"; from here: {_percent(p_here)}"),
        "p_attacker": _fraction(p_here),
        "p_start": _fraction(p_start),
        "rolls": [{"text": f"attacker {ra} : {rd} defender — {_exchange_text(ra, rd)}"} for ra, rd in shown],
        "rolls_hidden": len(s["rolls"]) - len(shown),
        "outcomes": [{"attackers": k[0], "defenders": k[1], "percent": f"{100 * float(p):.1f} %", **_fraction(p)}
                     for k, p in sorted(distribution.items())],
        "limits": {"min": 1, "max": FIGHT_MAX, "text": f"Attack markers and defenders are whole numbers from 1 to {FIGHT_MAX}."},
        "announce": (f"Rolled {shown[-1][0]} against {shown[-1][1]}: {_exchange_text(*shown[-1])}. {standing}."
                     if kind in ("roll", "end") else f"A new fight: {standing}." if kind == "setup" else ""),
    }
    return {"situation": s, "view": view}


def _exchange_text(attacker_roll: int, defender_roll: int) -> str:
    """One exchange of the fight in words (rule ``itc-grey-market-fight``), from the engine's outcome."""
    lost_a, lost_d = exchange_losses(attacker_roll, defender_roll)
    if lost_d:
        return "a defender falls"
    if lost_a:
        return "an attacker falls"
    return "tie, roll again"
