"""House rules on the play pages: the settings as the chapter groups its rules, a changed game's
"house rules", and the "What does it change?" panel's seeded comparison.

* :func:`settings_groups` describes every setting the page offers: the game's printed numbers
  (:mod:`gamekit.settings`: a cost, a limit, a payout...) with their names, printed values and rule
  labels, and its Assumptions (the readings chosen where the text is silent) that a form can set
  (on/off and whole numbers), grouped by the section of the chapter each rule stands in
  (``rule_sections.json``, made from the book by ``tools/rule_sections.py``), in the chapter's order.
  Values are words for people ("1 brick, 1 lumber", "5,000"); :func:`read_setting` reads what a
  person typed back into the engine's value (the engine's options check its range).
* :func:`house_rules` lists what a game's options change from the printed game and the defaults,
  in words; the play service shows it with the game and its result and writes it into the save.
* :func:`compare_service` (service ``play.compare``) plays the same series of seeded games that
  :func:`gamekit.tournament` plays, heuristic computer players in every seat, once at the defaults
  and once with the changed settings, a few games per call (the page calls again until done or
  stopped, so it never freezes and the rules worker stays free for the game), and gives
  :func:`gamekit.tournaments.compare`'s numbers: each seat's share of the wins and the game's
  length, under each setting and their difference, with 95 % intervals and the games a clear answer
  would need. A notebook gets the same table from::

      a = gamekit.tournament(game, ["heuristic"], games=N, seed=S, players=P, max_actions=2_000)
      b = gamekit.tournament(game, ["heuristic"], games=N, seed=S, players=P, max_actions=2_000, options=changed)
      gamekit.tournaments.compare(a, b)
"""

from __future__ import annotations

import dataclasses
import json
import re
import time
from functools import cache
from pathlib import Path
from typing import Any

from .. import game as get_game
from ..settings import PRINTED, value_text
from ..tournaments import compare_rows, play_game, series
from ..validation import is_integer
from . import service

__all__ = ["settings_groups", "read_setting", "house_rules", "value_text", "compare_service", "STUDY_SEED",
           "STUDY_GAMES", "GAME_CHOICES", "COMPARED_SEAT", "table_words"]

#: The seat kind of every player in the comparison: the heuristic computer player.
COMPARED_SEAT = "heuristic"
#: The comparison's seed (the series of games is the tournament's with this seed).
STUDY_SEED = 1
#: Games a setting the panel plays unless the reader chooses another number, and the choices.
STUDY_GAMES = 100
GAME_CHOICES = (20, 50, 100, 200, 500, 1_000)
#: About this long (milliseconds) per call of the panel: a few games, then the page calls again.
CALL_BUDGET_MS = 250
#: The panel stops a game after this many actions and counts it as unfinished (as
#: ``gamekit.tournament(..., max_actions=2_000)`` does): about twice the longest game of the computer
#: players (ITC for 5 players, 1,019 actions), so that a house rule under which the computer players
#: never finish (they can stall) costs the page seconds, not the tournament's 20,000 actions a game.
MAX_ACTIONS = 2_000


@cache
def _sections() -> dict[str, list[Any]]:
    return json.loads((Path(__file__).with_name("rule_sections.json")).read_text(encoding="utf-8"))


# -- values in words, and back ------------------------------------------------------------------------

_NUMBER = re.compile(r"\d{1,3}(?:[,_]\d{3})+(?!\d)|\d+")
_COST_PART = re.compile(r"(\d{1,3}(?:[,_]\d{3})+(?!\d)|\d+)\s*([a-z]+)")


def _numbers(text: str) -> tuple[list[int], str]:
    found = [int(re.sub(r"[,_]", "", m)) for m in _NUMBER.findall(text)]
    return found, _NUMBER.sub(" ", text)


def _field(game: Any, name: str) -> dataclasses.Field:  # type: ignore[type-arg]
    for f in dataclasses.fields(game.options_class):
        if f.name == name:
            return f
    raise ValueError(f"{game.title} has no setting {name!r}")


def read_setting(game: Any, name: str, value: Any) -> Any:
    """The engine's value of the setting ``name`` from what the page sends: a printed number as the
    words :func:`value_text` writes ("2 grain, 3 ore", "12, 16, 20, 24, 24", "5,000"), or already
    as its value. The range is the options' to check (:func:`gamekit.settings.check_printed`); this
    refuses only text that is not of the setting's form, saying what the form is."""
    f = _field(game, name)
    meta = f.metadata
    if not isinstance(value, str):
        if isinstance(f.default, tuple) and is_integer(value) and not isinstance(value, bool):
            return (value,)  # one number for a setting of several (the page sends "7" as the number 7)
        return value
    if meta.get("kind") != PRINTED:
        if is_integer(f.default) and not isinstance(f.default, bool):  # an Assumption's number, as shown ("1,000")
            numbers, left = _numbers(value.strip())
            if len(numbers) == 1 and not left.strip() and not value.strip().startswith("-"):
                return numbers[0]
            raise ValueError(f"the setting {name} is a whole number, such as \"{value_text(f.default)}\", not {value!r}")
        return value
    text = value.strip().lower()
    label = meta["label"]
    if meta.get("optional") and text in ("", "none", "no limit"):
        return None
    if meta.get("cost") is not None:
        resources = meta["cost"]
        if text in ("", "nothing", "free", "0"):
            return {}
        pairs = _COST_PART.findall(text)
        left = re.sub(r"[\s,;+&]|and", "", _COST_PART.sub("", text))
        if not pairs or left:
            raise ValueError(f"{label} is written as counts and resources, such as "
                             f"\"{value_text(f.default)}\" (the resources: {', '.join(resources)}), not {value!r}")
        counts: dict[str, int] = {}
        for count, resource in pairs:
            resource = resource if resource in resources else resource.rstrip("s")
            if resource not in resources:
                raise ValueError(f"{label}: {resource!r} is not a resource; the resources are {', '.join(resources)}")
            counts[resource] = counts.get(resource, 0) + int(re.sub(r"[,_]", "", count))
        return counts
    numbers, left = _numbers(text)
    if re.sub(r"[\s,;]|and", "", left):
        raise ValueError(f"{label} is {'whole numbers' if f.default.__class__ is tuple else 'a whole number'} "
                         f"such as \"{value_text(f.default)}\", not {value!r}")
    if meta.get("length") is not None or meta.get("distinct"):
        return tuple(numbers)
    if len(numbers) != 1:
        raise ValueError(f"{label} is one whole number, such as \"{value_text(f.default)}\", not {value!r}")
    return numbers[0]


# -- the settings as the chapter groups them -------------------------------------------------------

def _records(game: Any) -> dict[str, Any]:
    """The game's Assumption records by setting (``ASSUMPTIONS`` of the modules that define its
    options and its state)."""
    import sys

    records: dict[str, Any] = {}
    modules = [k.__module__ for k in reversed(game.options_class.__mro__)] + [game.state_class.__module__]
    for name in dict.fromkeys(modules):
        for record in getattr(sys.modules.get(name), "ASSUMPTIONS", ()) or ():
            if isinstance(getattr(record, "setting", None), str):
                records[record.setting] = record
    return records


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def settings_groups(game_name: str, options: Any = None) -> list[dict[str, Any]]:
    """The settings a play page offers, grouped as the chapter groups its rules: a list of groups
    (``title``: the chapter's section, ``page``: the chapter's title, ``settings``), in the order
    of the game's chapter (its own chapter first). Each setting: ``name``, ``label`` (its name for
    people; a cost says "cost"), ``kind`` ("printed" or "assumption"), ``input`` ("bool" or
    "text"), ``value`` (in force: the defaults, or ``options``), ``printed`` (a printed number's
    printed value in words), ``default`` (an Assumption's default in words), ``rule`` (the label of
    its rule, or ``None``), ``about`` (one line: what the value is)."""
    game = get_game(game_name)
    defaults = game.default_options()
    current = options if options is not None else defaults
    records = _records(game)
    sections = _sections()
    own = f"book/{game.play_page}/" if game.play_page else ""
    groups: dict[tuple[Any, ...], dict[str, Any]] = {}
    for position, f in enumerate(dataclasses.fields(game.options_class)):
        default = getattr(defaults, f.name)
        value = getattr(current, f.name)
        meta = f.metadata
        printed = meta.get("kind") == PRINTED
        record = records.get(f.name)
        if printed:
            rule = meta["rule"]
            item = {"name": f.name, "label": meta["label"], "kind": "printed", "input": "text",
                    "value": value_text(value), "printed": value_text(default), "default": value_text(default),
                    "rule": rule, "about": _about(meta, default)}
        elif isinstance(default, bool) or is_integer(default):
            rule = getattr(record, "rule", None) or None
            item = {"name": f.name, "label": _capital(f.name.replace("_", " ")), "kind": "assumption",
                    "input": "bool" if isinstance(default, bool) else "text",
                    "value": value if isinstance(default, bool) else value_text(value), "printed": None,
                    "default": value_text(default), "rule": rule,
                    "about": f"the text is silent here; default: {value_text(default)}"}
        else:
            continue  # maps, tables and texts are set in a notebook, not on the page
        item["changed"] = value != default
        where = sections.get(rule or "")
        if where is None:
            key: tuple[Any, ...] = (2, "", 10**9)
            title, page = "Other settings", game.title
        else:
            key = (0 if where[0].startswith(own) else 1, where[0], where[3], where[2])
            title, page = where[2], where[1]
        group = groups.setdefault(key, {"title": title, "page": page, "settings": []})
        group["settings"].append((position, item))
    out = []
    for key in sorted(groups):
        group = groups[key]
        group["settings"] = [item for _, item in sorted(group["settings"], key=lambda x: x[0])]
        out.append(group)
    return out


def _about(meta: Any, default: Any) -> str:
    if meta.get("cost") is not None:
        return f"counts and resources; the resources: {', '.join(meta['cost'])}"
    if meta.get("distinct"):
        return f"different whole numbers from {meta['low']} to {meta['high']}"
    if meta.get("length") is not None:
        return f"{meta['length']} whole numbers"
    low, high = meta.get("low"), meta.get("high")
    bound = (f"from {low:,} to {high:,}" if low is not None and high is not None
             else f"{low:,} or more" if low is not None else f"up to {high:,}" if high is not None else "")
    return f"a whole number {bound}".strip() + (" or \"none\" (no limit)" if meta.get("optional") else "")


def house_rules(options: Any, game_name: str) -> list[str]:
    """What ``options`` change from the printed game and the chapter's defaults, one line each in
    words ("discard limit: 9 (printed: 7)"); empty for the game as printed."""
    game = get_game(game_name)
    defaults = game.default_options()
    lines = []
    records = _records(game)
    for f in dataclasses.fields(game.options_class):
        value, default = getattr(options, f.name), getattr(defaults, f.name)
        if value == default:
            continue
        if f.metadata.get("kind") == PRINTED:
            lines.append(f"{f.metadata['label']}: {value_text(value)} (printed: {value_text(default)})")
        else:
            title = getattr(records.get(f.name), "title", "") or f.name.replace("_", " ")
            lines.append(f"{title}: {value_text(value)} (the chapter's Assumption: {value_text(default)})")
    return lines


def options_data(options: Any, game_name: str) -> dict[str, Any]:
    """The settings ``options`` change from the defaults, as JSON data (lists for tuples)."""
    game = get_game(game_name)
    defaults = game.default_options()

    def plain(f: Any, v: Any) -> Any:
        if f.metadata.get("cost") is not None:
            return dict(v)  # a cost as {"grain": 2, "ore": 2}, as a notebook writes it
        return list(v) if isinstance(v, tuple) else v

    return {f.name: plain(f, getattr(options, f.name)) for f in dataclasses.fields(game.options_class)
            if getattr(options, f.name) != getattr(defaults, f.name)}


# -- "What does it change?" ----------------------------------------------------------------------------

def _percent(x: float) -> str:
    return f"{100 * x:.1f} %"


def _points(x: float) -> str:
    return f"{100 * x:+.1f} points".replace("-", "−")


def _length(x: float) -> str:
    return f"{x:,.1f}"


def _signed(x: float) -> str:
    return f"{x:+,.1f}".replace("-", "−")


def table_words(rows: list[dict[str, Any]], games: int) -> dict[str, Any]:
    """The comparison in words, from :func:`gamekit.tournaments.compare_rows`'s numbers (kept too)."""
    lines = []
    for r in rows:
        share = r["measure"] != "length"
        name = f"Player {r['measure'].split()[1]}: share of the wins" if share else "Game length in actions"
        one = _percent if share else _length
        diff = _points if share else _signed
        needed = r["games_needed"]
        lines.append({
            "measure": name,
            "default": one(r["default"]), "default_range": f"{one(r['default_low'])} to {one(r['default_high'])}",
            "changed": one(r["changed"]), "changed_range": f"{one(r['changed_low'])} to {one(r['changed_high'])}",
            "difference": diff(r["difference"]),
            "difference_range": f"{diff(r['difference_low']).removesuffix(' points')} to "
                                f"{diff(r['difference_high']).removesuffix(' points')}",
            "clear": "yes" if r["clear"] else "not yet",
            "games_needed": "no difference seen" if needed is None else f"about {needed:,}",
        })
    unclear = [r for r in rows if not r["clear"] and r["games_needed"] is not None]
    unchanged = [r for r in rows if r["games_needed"] is None]
    same = (f" {len(unchanged)} of {len(rows)} measures did not change at all in these games."
            if unchanged else "")
    if len(unchanged) == len(rows):
        verdict = f"In these {games:,} games a setting, the change made no difference at all to who won or how long games took."
    elif not unclear:
        verdict = (f"Every difference measured is clear after {games:,} games a setting (its 95 % interval leaves out "
                   f"no change).{same}")
    else:
        most = max(r["games_needed"] for r in unclear)
        verdict = (f"{len(unclear)} of {len(rows)} differences are not clear yet after {games:,} games a setting: a "
                   f"clear answer on them would need about {most:,} games a setting (a difference of the size "
                   f"measured, told from none at 95 % in 4 studies out of 5).{same}")
    return {"rows": lines, "verdict": verdict, "numbers": rows}


def _notebook(game_name: str, players: int, games: int, seed: int, options: dict[str, Any]) -> str:
    return (f"import gamekit\nfrom gamekit.tournaments import compare\n"
            f"a = gamekit.tournament({game_name!r}, [{COMPARED_SEAT!r}], games={games}, seed={seed}, players={players},\n"
            f"                       max_actions={MAX_ACTIONS})\n"
            f"b = gamekit.tournament({game_name!r}, [{COMPARED_SEAT!r}], games={games}, seed={seed}, players={players},\n"
            f"                       max_actions={MAX_ACTIONS}, options={options!r})\n"
            f"compare(a, b)")


def _study_view(situation: dict[str, Any]) -> dict[str, Any]:
    game = get_game(situation["game"])
    done, total = len(situation["default"]), situation["games"]
    finished = done >= total
    seconds = situation.get("seconds", 0.0)
    played = 2 * done
    view: dict[str, Any] = {
        "game": game.name, "done": done, "total": total, "finished": finished,
        "players": situation["players"], "seed": situation["seed"],
        "changes": situation["changes"],
        "progress_text": f"{done:,} of {total:,} games a setting played ({played:,} games in all)",
        "speed": (f"{played:,} games in {seconds:,.1f} s of the rules' time: {played / seconds:,.1f} games a second"
                  if seconds > 0 and played else ""),
        "games_per_second": played / seconds if seconds > 0 and played else None,
        "notebook": _notebook(game.name, situation["players"], done or total, situation["seed"], situation["options"]),
        "table": None,
        "unfinished": sum(1 for r in situation["default"] + situation["changed"] if not r["finished"]),
    }
    if done >= 2:
        view["table"] = table_words(compare_rows(situation["default"], situation["changed"]), done)
    return view


@service("play.compare")
def compare_service(situation: dict[str, Any] | None = None, action: dict[str, Any] | None = None) -> dict[str, Any]:
    """The "What does it change?" panel. Actions: ``start`` (``game``, ``players``, ``options``:
    the set-up form's settings as the play service reads them, ``games``: games a setting, ``seed``
    optional) answers with the situation and no games played; ``more`` plays the next games of the
    series (each game once at the defaults and once changed) for about :data:`CALL_BUDGET_MS`, at
    least one. The situation holds each game's ``seed``, ``seats``, ``winners``, ``actions`` and
    ``finished``; the view the progress and, from two games a setting, the comparison."""
    from .play import read_options, whole_number

    action = dict(action or {})
    kind = action.get("kind")
    if kind is None and situation is None:
        return {"situation": {}, "view": {"choices": list(GAME_CHOICES), "games": STUDY_GAMES}}
    if kind == "start":
        game = get_game(action.get("game", ""))
        players = whole_number(action.get("players", max(game.min_players, 2)), "the number of players",
                       game.min_players, game.max_players)
        games = whole_number(action.get("games", STUDY_GAMES), "the number of games", 2, 10_000)
        seed = whole_number(action.get("seed", STUDY_SEED), "the seed", 0, 2 ** 53 - 1)
        changed = game.make_options(**read_options(game, action.get("options")))
        changes = house_rules(changed, game.name)
        if not changes:
            raise ValueError("Nothing is changed yet: change a setting under Settings (a printed number or an "
                             "Assumption), then ask what it changes.")
        situation = {"game": game.name, "players": players, "games": games, "seed": seed,
                     "options": options_data(changed, game.name), "changes": changes,
                     "default": [], "changed": [], "seconds": 0.0}
        return {"situation": situation, "view": _study_view(situation)}
    if kind != "more":
        raise ValueError("the actions are start and more")
    if not isinstance(situation, dict) or not isinstance(situation.get("default"), list):
        raise ValueError("no comparison is under way: start one")
    game = get_game(situation.get("game", ""))
    players = whole_number(situation.get("players"), "the number of players", game.min_players, game.max_players)
    games = whole_number(situation.get("games"), "the number of games", 2, 10_000)
    seed = whole_number(situation.get("seed"), "the seed", 0, 2 ** 53 - 1)
    options = situation.get("options")
    if not isinstance(options, dict):
        raise ValueError("the comparison's settings are an object")
    game.make_options(**options)  # checked, as every setting
    default, changed = list(situation["default"]), list(situation["changed"])
    if len(default) != len(changed):
        raise ValueError("the comparison's two lists of games differ in length")
    budget = action.get("budget_ms", CALL_BUDGET_MS)
    budget = budget if is_integer(budget) and 0 <= budget <= 10_000 else CALL_BUDGET_MS
    started = time.perf_counter()
    while len(default) < games:
        (i, seats, game_seed, bot_seeds), = series([COMPARED_SEAT], 1, seed, players, start=len(default))
        for rows, settings in ((default, None), (changed, options)):
            row = play_game(game.name, seats, game_seed, bot_seeds, settings, MAX_ACTIONS)
            rows.append({"seed": row["seed"], "seats": list(row["seats"]), "winners": list(row["winners"]),
                         "actions": row["actions"], "finished": row["finished"]})
        if (time.perf_counter() - started) * 1000 >= budget:
            break
    situation = {**situation, "default": default, "changed": changed,
                 "seconds": float(situation.get("seconds", 0.0)) + time.perf_counter() - started}
    return {"situation": situation, "view": _study_view(situation)}
