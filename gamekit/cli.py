"""The command line: ``python -m gamekit``, or the ``gamekit`` command the package installs.

A designer's study from the shell, with no Python written::

    gamekit games                     # the games, their titles and numbers of players
    gamekit settings catan            # a game's settings: default, meaning, rule
    gamekit tournament --game catan --seats heuristic,random,random --games 200 --seed 1 --out results.csv
    gamekit compare --game catan --seats heuristic --players 4 --games 400 --seed 1 --change discard_limit=9
    gamekit replay saved.json         # a saved game action by action, checked against its seed
    gamekit check saved.json          # only the verdict

``tournament`` plays :func:`gamekit.tournament` (on this machine's cores, ``--workers N`` processes,
or a Dask cluster by ``--scheduler ADDRESS``) and writes its table, one row per game, to a ``.csv``
(``.csv.gz``) or ``.parquet`` file; :func:`read_table` reads such a file back with the same
Python values. ``compare`` plays the same seeds under two settings and prints
:func:`gamekit.tournaments.compare`'s table: each seat's share of the wins and the length of a
game, with 95 % intervals, and how many games a clear answer would need. ``replay`` and ``check``
read a saved game (a play page's download, or ``state.to_json()``), check it and play its log
again from its seed: the log must lead to the saved position.

Every mistake on the command line is named with the argument and, where there is a list, the
choices (``argument --game: invalid choice: 'catn' (choose from ...)``); the exit status is 2 for
a bad command line, 1 for a save that fails its check, 0 otherwise.
"""

from __future__ import annotations

import argparse
import ast
import dataclasses
import importlib.util
import inspect
import json
import re
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NamedTuple

__all__ = ["main", "Setting", "settings_of", "parse_setting", "parse_seats", "write_table", "read_table",
           "replay_save", "ReplayMismatch"]

#: The columns of a tournament's table that hold one value per player (tuples in Python).
SEQUENCE_COLUMNS = ("seats", "winners", "scores", "winner_seats", "moves", "think_seconds")
#: The file kinds ``--out`` writes, by the end of the name.
OUT_KINDS = (".csv", ".csv.gz", ".parquet")


class Setting(NamedTuple):
    """One setting of a game: its ``name``, its ``default`` value, what it means (``doc``, from
    the options class or the game's assumption notes) and the book label of its ``rule``."""

    name: str
    default: Any
    doc: str
    rule: str


# -- settings ----------------------------------------------------------------------------------

_RULE = re.compile(r"rule\w* ``([a-z0-9-]+)``")


def _field_comments(cls: type) -> dict[str, str]:
    """The ``#:`` comments written above each field of a dataclass (and of its bases)."""
    found: dict[str, str] = {}
    for klass in reversed(cls.__mro__):
        if not dataclasses.is_dataclass(klass):
            continue
        try:
            lines = inspect.getsource(klass).splitlines()
        except (OSError, TypeError):  # no source (a frozen build): the other sources of docs remain
            continue
        comment: list[str] = []
        for line in lines:
            text = line.strip()
            if text.startswith("#:"):
                comment.append(text[2:].strip())
                continue
            match = re.match(r"([A-Za-z_]\w*)\s*:", text)
            if match and comment:
                found[match.group(1)] = " ".join(comment)
            comment = []
    return found


def _assumptions(cls: type, game: Any) -> dict[str, Any]:
    """The game's assumption records (``ASSUMPTIONS`` of the modules that define its options and
    its state), by setting name."""
    records: dict[str, Any] = {}
    modules = [k.__module__ for k in reversed(cls.__mro__)] + [game.state_class.__module__]
    for name in dict.fromkeys(modules):
        for record in getattr(sys.modules.get(name), "ASSUMPTIONS", ()) or ():
            setting = getattr(record, "setting", None)
            if isinstance(setting, str):
                records[setting] = record
    return records


def _sentence(text: str) -> str:
    text = " ".join(str(text or "").split())
    if not text:
        return ""
    text = text[:1].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


def _note_text(note: Any) -> str:
    """An assumption record in two sentences: what we play, what the text leaves open."""
    title, default = getattr(note, "title", ""), getattr(note, "default", "")
    played = f"{title}: {default}" if title and default else title or default
    return " ".join(p for p in (_sentence(played), _sentence(getattr(note, "why", ""))) if p)


def settings_of(game: Any) -> list[Setting]:
    """Every setting of ``game`` (a :class:`gamekit.Game`), in the order its options declare them,
    with its default and what it means.

    >>> from gamekit.examples.pig import PIG
    >>> settings_of(PIG)
    [Setting(name='goal', default=100, doc='Points that win (rule ``pig-goal``).', rule='pig-goal')]
    """
    cls = game.options_class
    defaults = game.default_options()
    comments = _field_comments(cls)
    notes = _assumptions(cls, game)
    out = []
    for f in dataclasses.fields(cls):
        doc = str(f.metadata.get("doc", "")) or comments.get(f.name, "")
        rule = str(f.metadata.get("rule", ""))
        note = notes.get(f.name)
        if note is not None:
            rule = rule or getattr(note, "rule", "")
            if not doc:
                doc = _note_text(note)
        if not rule:
            match = _RULE.search(doc)
            rule = match.group(1) if match else ""
        out.append(Setting(f.name, getattr(defaults, f.name), doc, rule))
    return out


_TRUE, _FALSE = ("true", "yes", "on", "1"), ("false", "no", "off", "0")


def _tuples(value: Any) -> Any:
    if isinstance(value, list | tuple):
        return tuple(_tuples(v) for v in value)
    return value


def parse_setting(game: Any, text: str) -> tuple[str, Any]:
    """``name=value`` read as one of ``game``'s settings, the value in the type of its default
    (``true``/``false`` for a yes-or-no setting, a whole number, a text, or a Python literal such
    as ``(6, 5, 4, 3)`` for a tuple). A ``ValueError`` names what is wrong and the choices.

    >>> import gamekit
    >>> parse_setting(gamekit.game("catan"), "discard_limit=9")
    ('discard_limit', 9)
    >>> parse_setting(gamekit.game("catan"), "player_trades=no")
    ('player_trades', False)
    """
    name, sep, raw = text.partition("=")
    name = name.strip()
    known = {s.name: s.default for s in settings_of(game)}
    if not sep or not name:
        raise ValueError(f"a setting is name=value, not {text!r}")
    if name not in known:
        raise ValueError(f"{game.name} has no setting {name!r}; its settings are {', '.join(known)}")
    default, raw = known[name], raw.strip()
    if isinstance(default, bool):
        if raw.lower() in _TRUE:
            return name, True
        if raw.lower() in _FALSE:
            return name, False
        raise ValueError(f"{name} is true or false, not {raw!r}")
    if isinstance(default, int):
        try:
            return name, int(raw.replace("_", "").replace(",", ""))
        except ValueError:
            raise ValueError(f"{name} is a whole number (its default is {default}), not {raw!r}") from None
    if isinstance(default, float):
        try:
            return name, float(raw)
        except ValueError:
            raise ValueError(f"{name} is a number (its default is {default}), not {raw!r}") from None
    if isinstance(default, str):
        return name, raw
    try:
        return name, _tuples(ast.literal_eval(raw))
    except (ValueError, SyntaxError):
        raise ValueError(f"{name} is a Python value like its default {default!r}, not {raw!r}") from None


def _options(game: Any, texts: Sequence[str]) -> dict[str, Any]:
    """The settings named on the command line, checked by the game's own options."""
    options = dict(parse_setting(game, t) for t in texts)
    game.make_options(**options)  # the game's own checks (a range, a choice): a ValueError naming them
    return options


_SEAT = re.compile(r"\s*([a-z]+)\s*(?:\((.*)\))?\s*$")


def parse_seats(text: str) -> list[Any]:
    """``--seats`` read: bot kinds separated by commas, each with an optional budget, as the
    tournament table writes them (``search(iterations=200, depth=3)``).

    >>> parse_seats("heuristic,random")
    ['heuristic', 'random']
    >>> parse_seats("search(iterations=50),random")
    [('search', {'iterations': 50}), 'random']
    """
    from .bots import kinds

    seats: list[Any] = []
    depth, start = 0, 0
    parts = []
    for i, ch in enumerate(text):
        depth += {"(": 1, ")": -1}.get(ch, 0)
        if ch == "," and depth == 0:
            parts.append(text[start:i])
            start = i + 1
    parts.append(text[start:])
    for part in parts:
        match = _SEAT.match(part)
        if not match or match.group(1) not in kinds():
            raise ValueError(f"{part.strip()!r} is not a seat; a seat is one of {', '.join(kinds())}, "
                             "a search with a budget as search(iterations=200)")
        kind, budget_text = match.groups()
        if budget_text is None or not budget_text.strip():
            seats.append(kind)
            continue
        budget = {}
        for item in budget_text.split(","):
            key, sep, value = item.partition("=")
            try:
                budget[key.strip()] = _tuples(ast.literal_eval(value.strip()))
            except (ValueError, SyntaxError):
                sep = ""
            if not sep or not key.strip().isidentifier():
                raise ValueError(f"a budget is name=number, as in search(iterations=200), not {item.strip()!r}")
        seats.append((kind, budget))
    return seats


# -- tables on disk ----------------------------------------------------------------------------

def _out_kind(path: str) -> str | None:
    name = path.lower()
    return next((kind for kind in OUT_KINDS if name.endswith(kind)), None)


def _parquet_engine() -> str | None:
    return next((m for m in ("pyarrow", "fastparquet") if importlib.util.find_spec(m) is not None), None)


def write_table(table: Any, path: str | Path) -> Path:
    """Write a tournament's table to ``path``: CSV (``.csv``, ``.csv.gz``), the per-player
    columns as JSON lists (``[0, 2]``) and the settings as a JSON object; or Parquet
    (``.parquet``, needs pyarrow: ``pip install "gamekit-rulebook[parquet]"``), the per-player
    columns as lists. :func:`read_table` reads either back."""
    path = Path(path)
    kind = _out_kind(str(path))
    if kind is None:
        raise ValueError(f"write a table to {' or '.join(OUT_KINDS)}, not {path.name!r}")
    out = table.copy()
    out.attrs = {}
    if "options" in out:
        out["options"] = [json.dumps(o, sort_keys=True, default=list) for o in out["options"]]
    if kind == ".parquet":
        engine = _parquet_engine()
        if engine is None:
            raise ModuleNotFoundError("writing .parquet needs pyarrow: pip install \"gamekit-rulebook[parquet]\" "
                                      "(or write .csv)")
        for column in SEQUENCE_COLUMNS:
            if column in out:
                out[column] = [list(v) for v in out[column]]
        out.to_parquet(path, index=False, engine=engine)
    else:
        for column in SEQUENCE_COLUMNS:
            if column in out:
                out[column] = [json.dumps(list(v)) for v in out[column]]
        out.to_csv(path, index=False)
    return path


def read_table(path: str | Path) -> Any:
    """A tournament's table written by :func:`write_table` (or ``gamekit tournament --out``), with
    the per-player columns as tuples and the settings as dicts, as :func:`gamekit.tournament`
    returned it."""
    import pandas as pd

    path = Path(path)
    kind = _out_kind(str(path))
    if kind == ".parquet":
        table = pd.read_parquet(path)
        for column in SEQUENCE_COLUMNS:
            if column in table:
                table[column] = [tuple(v.tolist() if hasattr(v, "tolist") else v) for v in table[column]]
    elif kind is not None:
        table = pd.read_csv(path)
        for column in SEQUENCE_COLUMNS:
            if column in table:
                table[column] = [tuple(json.loads(v)) for v in table[column]]
    else:
        raise ValueError(f"read a table from {' or '.join(OUT_KINDS)}, not {path.name!r}")
    if "options" in table:
        table["options"] = [json.loads(v) for v in table["options"]]
    return table


# -- saved games -------------------------------------------------------------------------------

class ReplayMismatch(ValueError):
    """A saved game whose log does not lead to its saved position (``step``: the first action
    that differs, counted from 1; ``None`` when the actions agree and the position does not)."""

    def __init__(self, message: str, step: int | None = None) -> None:
        super().__init__(message)
        self.step = step


def _plain(value: Any) -> Any:
    return json.loads(json.dumps(value, default=list))


def replay_save(text: str) -> tuple[Any, Any]:
    """Check a saved game and play its log again from its seed.

    The save is read and checked by its game (:meth:`gamekit.Game.from_json`, which raises
    :class:`gamekit.InvalidSave` naming what is wrong); then a new game with the save's players,
    seed and settings plays the logged actions one by one (forced chance results forced again),
    each checked by the rules. Returns ``(saved, replayed)``, the two states; raises
    :class:`ReplayMismatch` at the first action the rules refuse or whose chance results differ,
    or when the replayed position is not the saved one. A position set up by hand and then saved
    (a scenario) has no log leading to it, and fails this check."""
    from . import IllegalAction, InvalidSave
    from . import game as get_game
    from .core import action_from_data

    try:
        data = json.loads(text)
    except ValueError as err:
        raise InvalidSave(f"not a saved game: {err}") from None
    name = data.get("game") if isinstance(data, dict) else None
    if not isinstance(name, str):
        raise InvalidSave("not a saved game: it names no game")
    game = get_game(name)
    saved = game.from_json(text)
    options = {f.name: getattr(saved.options, f.name) for f in dataclasses.fields(saved.options)}
    again = game.new(players=saved.players, seed=saved.seed, **options)
    for step, entry in enumerate(saved.log, 1):
        for chance in entry.get("chance", ()):
            if isinstance(chance, dict) and chance.get("forced"):
                again.force(chance["what"], _tuples(chance["result"]))
        action = action_from_data(entry["action"], type(saved).action_types)
        try:
            again.apply(action)
        except IllegalAction as err:
            raise ReplayMismatch(f"action {step} (player {entry['player']}: {entry['text']}) is refused "
                                 f"on replay: {err}", step) from None
        mine = again.log[-1]
        if _plain(mine) != _plain(entry):
            raise ReplayMismatch(f"action {step} (player {entry['player']}: {entry['text']}) turns out otherwise "
                                 f"on replay: saved {_plain(entry).get('chance')}, replayed {_plain(mine).get('chance')}",
                                 step)
    if _plain(again.state_data()) != _plain(saved.state_data()) or again.rng.getstate() != saved.rng.getstate():
        raise ReplayMismatch("the log's actions are all legal, but they do not lead to the saved position "
                             "(a position set up or changed by hand)")
    return saved, again


# -- the commands --------------------------------------------------------------------------------

def _games() -> list[str]:
    from . import games

    return games()


def _cmd_games(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    from . import game

    rows = [(name, game(name).title, f"{game(name).min_players}–{game(name).max_players}") for name in _games()]
    width = max(len(r[0]) for r in rows)
    print(f"{'game':<{width}}  players  title")
    for name, title, players in rows:
        print(f"{name:<{width}}  {players:<7}  {title}")
    print("\nA game's settings: gamekit settings NAME")
    return 0


def _cmd_settings(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    from . import game

    g = game(args.game)
    found = settings_of(g)
    print(f"{g.title} ({g.name}): {len(found)} settings; change one with --set name=value")
    for s in found:
        print(f"\n{s.name} = {s.default!r}")
        if s.doc:
            print(_wrap(s.doc, "    "))
        if s.rule and s.rule not in s.doc:
            print(f"    rule: {s.rule}")
    return 0


def _wrap(text: str, indent: str) -> str:
    import textwrap

    text = " ".join(text.replace("``", "").split())
    return textwrap.fill(text, width=100, initial_indent=indent, subsequent_indent=indent, break_on_hyphens=False)


def _study(args: argparse.Namespace, parser: argparse.ArgumentParser) -> dict[str, Any]:
    """The tournament's arguments, checked before any game is played."""
    from . import game

    g = game(args.game)
    try:
        seats = parse_seats(args.seats)
    except ValueError as err:
        parser.error(f"argument --seats: {err}")
    players = args.players if args.players is not None else len(seats)
    if not g.min_players <= players <= g.max_players:
        which = "--players" if args.players is not None else "--seats"
        hint = "" if args.players is not None else " (one seat a player, or --players N: the seats repeat)"
        parser.error(f"argument {which}: {g.title} is for {g.min_players} to {g.max_players} players, "
                     f"not {players}{hint}")
    try:
        options = _options(g, args.set)
    except ValueError as err:
        parser.error(f"argument --set: {err}")
    if args.out is not None:
        kind = _out_kind(args.out)
        if kind is None:
            parser.error(f"argument --out: write {' or '.join(OUT_KINDS)}, not {args.out!r}")
        if kind == ".parquet" and _parquet_engine() is None:
            parser.error("argument --out: writing .parquet needs pyarrow, which is not installed: "
                         "pip install \"gamekit-rulebook[parquet]\", or write .csv")
        if not Path(args.out).resolve().parent.is_dir():
            parser.error(f"argument --out: there is no folder {str(Path(args.out).parent)!r}")
    return {"game": g, "seats": seats, "players": players, "options": options}


def _client(args: argparse.Namespace, parser: argparse.ArgumentParser) -> Any:
    if args.scheduler is None:
        return None
    from distributed import Client

    try:
        return Client(args.scheduler, timeout="20s")
    except (OSError, TimeoutError, ValueError) as err:
        parser.error(f"argument --scheduler: no Dask scheduler answers at {args.scheduler!r} ({err})")


def _play(study: dict[str, Any], args: argparse.Namespace, client: Any, options: dict[str, Any]) -> tuple[Any, float]:
    from .tournaments import tournament

    started = time.perf_counter()
    table = tournament(study["game"].name, study["seats"], args.games, seed=args.seed, players=study["players"],
                       options=options, client=client, workers=args.workers, progress=not args.quiet)
    return table, time.perf_counter() - started


def _per_second(games: int, seconds: float) -> str:
    return f"{games:,} games in {seconds:,.1f} s ({games / seconds:,.1f} games a second)"


def _cmd_tournament(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    study = _study(args, parser)
    client = _client(args, parser)
    try:
        table, seconds = _play(study, args, client, study["options"])
    finally:
        if client is not None:
            client.close()
    write_table(table, args.out)
    stats = table.attrs["summary"]
    print(f"{study['game'].title}: {_per_second(len(table), seconds)}; written to {args.out}")
    print(f"{'seat':<28} {'games':>7} {'share of wins (95 % interval)':>32} {'fair share':>11} {'mean score':>11}")
    for seat, row in stats.iterrows():
        share = f"{100 * row['win_share']:.1f} % ({100 * row['low']:.1f} to {100 * row['high']:.1f})"
        print(f"{seat:<28} {int(row['games']):>7,} {share:>32} {100 * row['fair_share']:>9.1f} % "
              f"{row['mean_score']:>11,.1f}")
    unfinished = int((~table["finished"]).sum())
    if unfinished:
        print(f"{unfinished:,} games were stopped unfinished after {table['actions'].max():,} actions")
    return 0


def _describe(options: dict[str, Any]) -> str:
    return ", ".join(f"{k}={v!r}" for k, v in options.items()) or "the game's defaults"


def _cmd_compare(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    from .tournaments import compare

    study = _study(args, parser)
    g = study["game"]
    try:
        change = dict(parse_setting(g, t) for t in args.change)
        changed = {**study["options"], **change}
        g.make_options(**changed)
    except ValueError as err:
        parser.error(f"argument --change: {err}")
    if g.make_options(**changed) == g.make_options(**study["options"]):
        parser.error("argument --change: the change gives the same settings as the default side")
    client = _client(args, parser)
    try:
        default_table, first = _play(study, args, client, study["options"])
        changed_table, second = _play(study, args, client, changed)
    finally:
        if client is not None:
            client.close()
    table = compare(default_table, changed_table)
    seats = ", ".join(default_table.attrs["labels"])
    print(f"{g.title}, {study['players']} players (seats {seats}, rotated over the games), "
          f"{args.games:,} games a setting on the same seeds (seed {args.seed})")
    print(f"default: {_describe(study['options'])}")
    print(f"changed: {_describe(changed)}")
    print(f"played {_per_second(2 * args.games, first + second)}\n")
    print(format_comparison(table))
    if args.out is not None:
        import pandas as pd

        parts = []
        for side, part in (("default", default_table), ("changed", changed_table)):
            part = part.assign(setting=side)
            part.attrs = {}  # (each holds its summary, which concat cannot compare)
            parts.append(part)
        both = pd.concat(parts, ignore_index=True)
        write_table(both, args.out)
        print(f"\nboth tournaments written to {args.out} (column 'setting')")
    return 0


def format_comparison(table: Any) -> str:
    """:func:`gamekit.tournaments.compare`'s table as text for people: shares in per cent,
    differences in percentage points, lengths in actions, each with its 95 % interval."""
    def share(x: float) -> str:
        return f"{100 * x:.1f} %"

    def points(x: float) -> str:
        return f"{100 * x:+.1f}"

    def actions(x: float) -> str:
        return f"{x:,.1f}"

    def signed(x: float) -> str:
        return f"{x:+,.1f}"

    head = ["", "default", "changed", "change", "clear?", "games for a clear answer"]
    rows = [head]
    for name, r in table.iterrows():
        length = name == "length"
        one, diff = (actions, signed) if length else (share, points)
        unit = " actions" if length else " points"
        label = "length (actions)" if length else f"{name} wins"
        needed = r["games_needed"]
        rows.append([
            label,
            f"{one(r['default'])} ({one(r['default_low'])} to {one(r['default_high'])})",
            f"{one(r['changed'])} ({one(r['changed_low'])} to {one(r['changed_high'])})",
            f"{diff(r['difference'])}{unit} ({diff(r['difference_low'])} to {diff(r['difference_high'])})",
            "yes" if r["clear"] else "no",
            "no change seen" if needed is None else f"{int(needed):,}",
        ])
    widths = [max(len(row[i]) for row in rows) for i in range(len(head))]
    lines = ["  ".join(cell.ljust(w) if i == 0 else cell.rjust(w) for i, (cell, w) in enumerate(zip(row, widths)))
             for row in rows]
    lines.insert(1, "-" * len(lines[0]))
    lines.append("")
    lines.append("Each figure with its 95 % interval. Seat 1 is player 0 (who begins, in every game but ITC, "
                 "where the lot decides), seat 2 player 1, and so on. A change is clear when its interval leaves "
                 "out 0; 'games for a clear answer' is how many games a setting would make a change of the size "
                 "measured clear in 4 studies out of 5.")
    return "\n".join(lines)


def _read_save(args: argparse.Namespace, parser: argparse.ArgumentParser) -> str:
    if args.file == "-":
        return sys.stdin.read()
    try:
        return Path(args.file).read_text(encoding="utf-8")
    except OSError as err:
        parser.error(f"argument file: cannot read {args.file!r}: {err.strerror or err}")


def _checked(args: argparse.Namespace, parser: argparse.ArgumentParser) -> tuple[Any, Any] | None:
    from . import InvalidSave, UnknownGame

    text = _read_save(args, parser)
    try:
        return replay_save(text)
    except (InvalidSave, UnknownGame) as err:
        print(f"{args.file}: not a sound saved game: {err}", file=sys.stderr)
    except ReplayMismatch as err:
        print(f"{args.file}: the saved game does not hold together: {err}", file=sys.stderr)
    return None


def _cmd_check(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    found = _checked(args, parser)
    if found is None:
        return 1
    saved, _ = found
    print(f"{args.file}: a sound saved game of {saved.game.title}: {saved.players} players, seed {saved.seed}, "
          f"{len(saved.log):,} actions, {_status(saved)}; its log, played again from the seed, leads to its position")
    return 0


def _status(state: Any) -> str:
    if not state.is_over():
        return f"player {state.current_player} to act"
    scores = state.scores()
    return f"over, won by {' and '.join(f'player {p}' for p in state.winners())} (scores {dict(scores)})"


def _cmd_replay(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    found = _checked(args, parser)
    if found is None:
        return 1
    saved, _ = found
    print(f"{saved.game.title}: {saved.players} players, seed {saved.seed}, settings: "
          f"{_describe(_changed_options(saved))}")
    for step, entry in enumerate(saved.log, 1):
        if args.to is not None and step > args.to:
            break
        chance = entry.get("chance")
        drawn = ""
        if chance:
            drawn = "  [" + "; ".join(f"{c['what']}: {c['result']}" if isinstance(c, dict) and c.get("what")
                                      else str(c.get("result") if isinstance(c, dict) else c) for c in chance) + "]"
        who = "—" if entry["player"] is None else f"player {entry['player']}"
        print(f"{step:>5}. {who}: {entry['text']}{drawn}")
    print(f"\n{_status(saved)}; the log, played again from the seed, leads to the saved position")
    return 0


def _changed_options(state: Any) -> dict[str, Any]:
    default = state.game.default_options()
    return {f.name: getattr(state.options, f.name) for f in dataclasses.fields(state.options)
            if getattr(state.options, f.name) != getattr(default, f.name)}


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"a whole number, not {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"at least 1, not {value}")
    return value


def _seed(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"a whole number, not {text!r}") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"0 or more, not {value}")
    return value


def _tournament_arguments(sub: argparse.ArgumentParser, games: list[str], out_required: bool) -> None:
    sub.add_argument("--game", required=True, choices=games, metavar="NAME", help="the game: " + ", ".join(games))
    sub.add_argument("--seats", required=True, metavar="KIND,KIND,...",
                     help="one bot per seat: random, heuristic or search, a search with its budget as "
                          "search(iterations=200); fewer seats than players repeat")
    sub.add_argument("--players", type=_positive, metavar="N", help="players a game (default: one per seat)")
    sub.add_argument("--games", type=_positive, required=True, metavar="N", help="games to play (a setting)")
    sub.add_argument("--seed", type=_seed, default=0, metavar="S",
                     help="the series' seed: game i's seeds come from it and i alone (default 0)")
    sub.add_argument("--set", action="append", default=[], metavar="NAME=VALUE",
                     help="a setting (repeat for more); gamekit settings NAME lists them")
    where = sub.add_mutually_exclusive_group()
    where.add_argument("--workers", type=_positive, metavar="N",
                       help="processes on this machine (default: one per core; 1 plays in this process)")
    where.add_argument("--scheduler", metavar="ADDRESS",
                       help="a Dask scheduler's address (tcp://host:8786): play on its cluster")
    sub.add_argument("--out", required=out_required, metavar="FILE",
                     help="the table, one row per game: " + ", ".join(OUT_KINDS))
    sub.add_argument("--quiet", action="store_true", help="no progress bar")


def make_parser() -> argparse.ArgumentParser:
    """The command line's parser (every command, argument and choice)."""
    from . import __version__

    games = _games()
    parser = argparse.ArgumentParser(
        prog="gamekit", description="gamekit: the rules of five board games. Play tournaments between bots, "
        "compare settings, check saved games.",
        epilog="Each command has its own help: gamekit COMMAND --help")
    parser.add_argument("--version", action="version", version=f"gamekit {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND",
                                     title="commands")
    sub = commands.add_parser("games", help="list the games", description="The games, with their numbers of players.")
    sub.set_defaults(run=_cmd_games, parser=sub)
    sub = commands.add_parser("settings", help="a game's settings, defaults and rules",
                              description="A game's settings: default, meaning, rule label.")
    sub.add_argument("game", choices=games, metavar="GAME", help="the game: " + ", ".join(games))
    sub.set_defaults(run=_cmd_settings, parser=sub)
    sub = commands.add_parser("tournament", help="play many seeded games between bots, write the table",
                              description="Play a seeded tournament between bots (gamekit.tournament) and write "
                              "its table, one row per game, with a progress bar.")
    _tournament_arguments(sub, games, out_required=True)
    sub.set_defaults(run=_cmd_tournament, parser=sub)
    sub = commands.add_parser("compare", help="what a change of settings does, on the same seeds",
                              description="Play the same seeded games under two settings (--set for both, "
                              "--change for the second) and print each seat's share of the wins and the "
                              "games' length, with 95 %% intervals, and the games a clear answer needs.")
    _tournament_arguments(sub, games, out_required=False)
    sub.add_argument("--change", action="append", required=True, metavar="NAME=VALUE",
                     help="the changed setting (repeat for more), against --set or the defaults")
    sub.set_defaults(run=_cmd_compare, parser=sub)
    for name, helptext, run in (("replay", "a saved game action by action, checked", _cmd_replay),
                                ("check", "check a saved game: sound, and its log leads to its position", _cmd_check)):
        sub = commands.add_parser(name, help=helptext, description=helptext[:1].upper() + helptext[1:] + ".")
        sub.add_argument("file", metavar="FILE", help="the saved game (a play page's download; - reads stdin)")
        if name == "replay":
            sub.add_argument("--to", type=_positive, metavar="N", help="print the first N actions only")
        sub.set_defaults(run=run, parser=sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line (``argv``: the arguments, default ``sys.argv[1:]``); the exit status."""
    parser = make_parser()
    args = parser.parse_args(argv)
    return args.run(args, args.parser)


if __name__ == "__main__":  # pragma: no cover - python -m gamekit.cli
    raise SystemExit(main())
