"""Services for the Transportspelet chapter's widget "Roll and move" (chapter ``transportspelet``).

Stateless: the situation carries the saved game (``to_json``); each call restores it, applies the
reader's action through the engine (:mod:`gamekit.transportspelet`), lets the other player take their
turn (heading straight for their destinations, the first assignment of the dice), and returns what
the widget shows: both of the reader's transports on the map, the dice, the telegrams drawn, the
choices the rules allow now, and the exact chances of a telegram and of arriving within a few rolls.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from ..core import IllegalAction
from ..transportspelet import GAME, Assign, Continue, Dispatch, Roll
from ..transportspelet.data import CITIES, MODES, ROUTES, TELEGRAM_BY_ID, freight, path
from ..transportspelet.probability import arrival_within, telegram_chances
from ..transportspelet.svg import HEIGHT, MODE_COLOURS, WIDTH, city_xy, pieces
from ..validation import is_integer
from . import service

#: The engine's exact chances of arriving, remembered: a view shows a dozen of them and the same
#: ones again after every roll (each is an exact sum over every sequence of dice).
_arrival_within = lru_cache(maxsize=4096)(arrival_within)

READER = 0
PLAYERS = 2
HISTORY_SHOWN = 30
WITHIN = (1, 3, 5)
def _plain_choice(state: Any) -> Any:
    """The other player: straight to the destination by the cheapest leg, the first assignment."""
    actions = state.legal_actions()
    legs = [a for a in actions if isinstance(a, (Dispatch, Continue)) and not getattr(a, "insure", False)]
    if legs:
        def cost(a: Any) -> tuple[bool, int]:
            t = state.transport(a.card)
            start = CITIES[t.path[t.pos]] if t.started else state.card(a.card).origin
            return a.stop != t.destination, freight(a.vehicle, len(path(a.vehicle, start, a.stop)) - 1)
        return min(legs, key=cost)
    return actions[0]


def _reader_choices(state: Any) -> list[Any]:
    """The reader's legal actions other than rolling and assigning, straight legs first, then the
    others (a loan, paying back) in the engine's order (its amounts from the smallest)."""
    actions = [a for a in state.legal_actions() if not isinstance(a, (Roll, Assign))]
    engine_order = {a: i for i, a in enumerate(actions)}

    def order(a: Any) -> tuple[int, Any]:
        if isinstance(a, (Dispatch, Continue)):
            return (0 if a.stop == state.transport(a.card).destination else 1), str(a)
        return 2, engine_order[a]

    return sorted(actions, key=order)


def _plural(n: int, word: str, plural: str | None = None) -> str:
    return f"{n} {word if n == 1 else plural or word + 's'}"


def _entry_text(entry: dict[str, Any]) -> str:
    """One step of the log in words, with the dice it rolled and the telegrams it drew."""
    chance = entry.get("chance", [])
    dice = [str(c["result"]) for c in chance if c.get("what") in ("die", "extra die")]
    telegrams = [str(TELEGRAM_BY_ID[c["result"]]).rstrip(".") for c in chance if c.get("what") == "telegram"]
    text = entry["text"]
    if dice:
        text += f" ({'die' if len(dice) == 1 else 'dice'} {' and '.join(dice)})"
    if telegrams:
        text += "; telegram: " + "; ".join(telegrams)
    return text


def _announce(entries: list[dict[str, Any]]) -> str:
    """What just happened: the reader's steps, then the other player's, with their dice."""
    mine = [_entry_text(e) for e in entries if e["player"] == READER]
    theirs = [_entry_text(e) for e in entries if e["player"] != READER]
    parts = []
    if mine:
        parts.append("You: " + "; ".join(mine) + ".")
    if theirs:
        shown = theirs[-6:]
        earlier = len(theirs) - len(shown)
        parts.append(f"Then player 2 ({_plural(len(theirs), 'step')}): " + "; ".join(shown) + "."
                     + (f" ({_plural(earlier, 'earlier step')} not read out.)" if earlier else ""))
    return " ".join(parts)


def _steps_left(t: Any) -> int:
    return len(t.path) - 1 - t.pos


def _percent(value: Any) -> str:
    if value in (0, 1):
        return f"{value} ({100 * float(value):.0f} %)"
    return f"{value} ≈ {100 * float(value):.1f} %"


def _view(state: Any, new_entries: list[dict[str, Any]], announce: str) -> dict[str, Any]:
    me = state.transports[READER]
    transports = []
    shown = [{**p, "mine": p["player"] == READER} for p in pieces(state)]
    for t in me:
        if t is None:
            transports.append({"title": "No card (the deck is empty)", "status": "", "telegrams": []})
            continue
        card = state.card(t.card)
        if not t.started:
            status = f"Not started: it starts in {card.origin}."
        elif t.needs_leg:
            status = f"By {t.vehicle}, in {state.where(t.card)}: its leg has ended; the next leg is to be chosen."
        else:
            status = (f"By {t.vehicle}, at {state.where(t.card)}: {_plural(_steps_left(t), 'step')} to {t.stop}"
                      + (f" (destination {t.destination})" if t.stop != t.destination else "") + ".")
        extras = [TELEGRAM_BY_ID[x].text for x in t.telegrams]
        transports.append({"title": str(card) + (", insured" if t.insured else ""), "status": status,
                           "telegrams": extras})
    running = [t for t in me if t is not None and t.running()]
    chances = telegram_chances(len(running)) if running else {}
    telegram_line = (f"Next roll ({len(running)} {'die' if len(running) == 1 else 'dice'}): chance of at least one telegram "
                     f"{_percent(1 - chances[0])}" if running else "No transport runs: no roll now.")
    rows = []
    for t in running:
        left = _steps_left(t)
        for n in WITHIN:
            rows.append({"label": f"card {t.card} ({_plural(left, 'step')} to {t.stop}), within {_plural(n, 'roll')}",
                         "cells": [_percent(_arrival_within(m, left, n)) for m in MODES]})
    dice = []
    for entry in reversed(state.log):  # the reader's last roll (and an extra die after it)
        if entry["player"] != READER:
            if dice:
                break
            continue
        dice = [c["result"] for c in entry.get("chance", []) if c.get("what") in ("die", "extra die")] + dice
        if entry["action"]["type"] == "Roll":
            break
    drawn = [TELEGRAM_BY_ID[c["result"]].__str__() for entry in new_entries if entry["player"] == READER
             for c in entry.get("chance", []) if c.get("what") == "telegram"]
    assigns = [a for a in state.legal_actions() if isinstance(a, Assign)] if state.current_player == READER else []
    choices = _reader_choices(state) if state.current_player == READER else []
    routes = []
    for mode in MODES:
        for r in ROUTES[mode]:
            (x1, y1), (x2, y2) = city_xy(r.a), city_xy(r.b)
            routes.append({"x1": x1, "y1": y1, "x2": x2, "y2": y2, "colour": MODE_COLOURS[mode]})
    cities = [{"name": c, "x": city_xy(c)[0], "y": city_xy(c)[1]} for c in CITIES]
    history = [f"player {e['player'] + 1}: {e['text']}" for e in state.log][-HISTORY_SHOWN:]
    over = state.is_over()
    return {
        "announce": announce,
        "money": (f"Your money: {state.cash[READER]:,}; debt {state.debt[READER]:,}. "
                  f"Other player: {state.cash[1]:,}. Round {state.round}."),
        "transports": transports,
        "dice": [{"face": d, "label": f"die: {d}"} for d in dice],
        "dice_caption": "Your last roll:" if dice else "",
        "telegrams": drawn,
        "can_roll": Roll() in (state.legal_actions() if state.current_player == READER else []),
        "roll_label": "Roll",
        "assign": [{"label": str(a), "action": str(a)} for a in assigns],
        "choices": [{"label": str(a), "action": str(a)} for a in choices],
        "choose_label": "Do it",
        # No leg to choose (both transports under way): a loan or a payment is never the default
        # choice; the reader picks one, or rolls.
        "choices_placeholder": ("" if any(isinstance(a, (Dispatch, Continue)) for a in choices)
                                else "Choose, or roll instead"),
        "choices_caption": ("Choose a leg (its freight is paid at once):"
                            if any(isinstance(a, (Dispatch, Continue)) for a in choices) else "Other choices:"),
        "map": {"cities": cities, "routes": routes, "pieces": shown, "width": WIDTH, "height": HEIGHT,
                "legend": ", ".join(f"{m} {MODE_COLOURS[m]}" for m in MODES),
                "alt": "Map of the cities and the four networks with the pieces: " +
                       "; ".join(p["label"] for p in shown) if shown else "Map of the cities and the four networks; no piece is out yet."},
        "mode_keys": [{"mode": m, "colour": MODE_COLOURS[m]} for m in MODES],
        "piece_keys": [{"label": ("yours, " if p["mine"] else "") + p["label"], "colour": p["colour"], "mine": p["mine"]}
                       for p in shown],
        "piece_caption": "Pieces on the map:" if shown else "",
        "telegram_line": telegram_line,
        "arrival_caption": f"Exact chance of reaching the leg's stop within {', '.join(map(str, WITHIN))} rolls, "
                           "by each vehicle (no telegrams, no pieces in the way)",
        "arrival_headings": ["Transport", *MODES],
        "arrival_rows": rows,
        "history": history,
        "new_game": {"label": "New game", "seed": state.seed + 1},
        "over": over,
        "result": (f"The game is over ({state.end_reason}). Capital: "
                   + ", ".join(f"player {p + 1} {c:,}" for p, c in state.scores().items())) if over else "",
    }


def _others_play(state: Any) -> None:
    while not state.is_over() and state.current_player != READER:
        state.apply(_plain_choice(state))


def _warm_up() -> None:
    """A reader's first clicks on the chapter's game (its seed): both transports dispatched by the
    first leg offered, a roll, the first assignment. The exact chances they show are remembered."""
    answer = move()
    for _ in range(4):
        view, situation = answer["view"], answer["situation"]
        if view["over"]:
            break
        if view["assign"]:
            action = {"kind": "act", "action": view["assign"][0]["action"]}
        elif view["can_roll"]:
            action = {"kind": "roll"}
        elif view["choices"]:
            action = {"kind": "act", "action": view["choices"][0]["action"]}
        else:
            break
        answer = move(situation, action)


@service("transportspelet.move", warm=_warm_up)
def move(situation: dict[str, Any] | None = None, action: dict[str, Any] | None = None, seed: int = 1962,
         **_: Any) -> dict[str, Any]:
    """The widget's one service: ``action`` is ``{"kind": "start", "seed": n}``, ``{"kind": "roll"}`` or
    ``{"kind": "act", "action": "<the text of a legal action>"}``."""
    action = action or {"kind": "start", "seed": seed}
    kind = action.get("kind")
    if kind == "start" or not situation:
        s = action.get("seed", seed)
        if not is_integer(s):
            raise ValueError(f"a seed is a whole number, not {s!r}")
        state = GAME.new(players=PLAYERS, seed=s)
        return {"situation": {"game": state.to_json(), "seed": s},
                "view": _view(state, [], "A new game: start your two transports.")}
    state = GAME.from_json(situation["game"])
    before = len(state.log)
    if state.is_over():
        raise IllegalAction("the game is over", "transport-winner")
    if kind == "roll":
        state.apply(Roll())
    elif kind == "act":
        text = action.get("action")
        if not isinstance(text, str):
            raise ValueError("an action is the text of one of the choices shown")
        state.apply(text)
    else:
        raise ValueError("the actions are start, roll and act")
    _others_play(state)
    new_entries = state.log[before:]
    return {"situation": {"game": state.to_json(), "seed": state.seed},
            "view": _view(state, new_entries, _announce(new_entries))}
