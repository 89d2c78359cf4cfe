"""The common game protocol: one way to set up, play, save and analyse every game.

A *game* (:class:`Game`) describes the rules; it makes *states*::

    game = gamekit.game("itc")
    state = game.new(players=3, seed=7)          # the start of a game
    while not state.is_over():
        action = state.legal_actions()[0]        # actions are small immutable values
        state.apply(action)                      # changes the state in place, returns it
    state.scores()                               # {0: ..., 1: ..., 2: ...}
    text = state.to_json()                       # everything, the generator included
    same = game.from_json(text)                  # an exact copy

Rules for every game written on this protocol (see the book page "The game protocol"):

* ``apply`` validates first. An action that is not legal raises :class:`IllegalAction`, whose
  message names the rule (by its book label) that forbids it, and the state is left exactly as it
  was. A game implements this by checking everything in :meth:`State._check` before
  :meth:`State._perform` changes anything.
* All randomness comes from ``state.rng`` (a :class:`gamekit.rng.Rng`), drawn through
  :meth:`State.draw` so that every chance result is written to the log.
* The engine is pure Python, standard library only, so that it runs unchanged in the reader's
  browser (Pyodide).
"""

from __future__ import annotations

import copy
import dataclasses
import itertools
import json
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping
from fractions import Fraction
from itertools import product
from operator import itemgetter
from typing import Any, ClassVar

from .chance import LIST_LIMIT, Chance, TooManyOutcomes
from .rng import Rng
from .validation import is_integer, shown_number

__all__ = [
    "IllegalAction",
    "InvalidSave",
    "Game",
    "State",
    "action_to_data",
    "action_from_data",
    "Outcome",
    "TooManyOutcomes",
    "ChanceNeeded",
    "every",
    "kept",
    "fresh",
    "COPY_KINDS",
    "Log",
]

SAVE_FORMAT = 2  # 2: the log as compact rows; format 1 (the log as entries) is still read


class IllegalAction(ValueError):
    """An action the rules do not allow at this moment.

    ``rule`` is the book label of the rule that forbids it (for example ``"itc-selling"``); the
    message ends with it so a reader can look the rule up. The state that refused the action is
    unchanged.
    """

    def __init__(self, message: str, rule: str | None = None) -> None:
        self.rule = rule
        self.reason = message
        super().__init__(f"{message} [rule: {rule}]" if rule else message)


class InvalidSave(ValueError):
    """A saved game (``to_json`` text) that cannot be restored; nothing is half-loaded."""


class Outcome(tuple):
    """One way an action can turn out (see :meth:`State.outcomes`): ``probability`` (an exact
    ``Fraction``, or ``None`` for a seeded sample), ``chance`` (the ``(what, result)`` pairs drawn,
    in order) and ``state`` (the position after it, a copy of its own)."""

    __slots__ = ()

    def __new__(cls, probability: Any, chance: tuple[tuple[str, Any], ...], state: State) -> Outcome:
        return tuple.__new__(cls, (probability, chance, state))

    probability = property(itemgetter(0))
    chance = property(itemgetter(1))
    state = property(itemgetter(2))

    def __repr__(self) -> str:
        results = ", ".join(f"{w}={r!r}" for w, r in self.chance) or "no chance"
        return f"Outcome({self.probability}, {results})"


class ChanceNeeded(Exception):
    """Raised while a scripted copy (:meth:`State.scripted_trial`, :meth:`Game.scripted_setup`)
    draws past the results it was given: ``event`` is the declared chance event it draws next.
    :meth:`State.outcomes` and the OpenSpiel adapter list an action's outcomes by it."""

    def __init__(self, event: Chance) -> None:
        self.event = event


# -- actions ---------------------------------------------------------------------------------


_FIELD_NAMES: dict[type, tuple[str, ...]] = {}


def action_to_data(action: Any) -> dict[str, Any]:
    """A JSON-ready dict for an action that is a frozen dataclass: its type and fields."""
    kind = type(action)
    names = _FIELD_NAMES.get(kind)
    if names is None:  # first action of this type: look its fields up once
        if not dataclasses.is_dataclass(action) or isinstance(action, type):
            raise TypeError(f"an action is a dataclass instance, not {action!r}")
        names = _FIELD_NAMES[kind] = tuple(f.name for f in dataclasses.fields(action))
    data: dict[str, Any] = {"type": kind.__name__}
    for name in names:
        value = getattr(action, name)
        data[name] = list(value) if isinstance(value, tuple) else value
    return data


def action_from_data(data: Any, action_types: Iterable[type]) -> Any:
    """The action that :func:`action_to_data` wrote; ``ValueError`` if it is not one of ``action_types``."""
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise ValueError(f"an action is an object with a 'type', not {data!r}")
    by_name = {t.__name__: t for t in action_types}
    kind = by_name.get(data["type"])
    if kind is None:
        raise ValueError(f"unknown action type {data['type']!r}; known: {sorted(by_name)}")
    fields = {f.name: f for f in dataclasses.fields(kind)}
    given = {k: v for k, v in data.items() if k != "type"}
    if set(given) != set(fields):
        raise ValueError(f"action {data['type']} needs fields {sorted(fields)}, got {sorted(given)}")
    values = {k: tuple(v) if isinstance(v, list) else v for k, v in given.items()}
    return kind(**values)


def every(kind: type, *domains: Iterable[Any]) -> list[Any]:
    """Every ``kind(*values)`` with the values from ``domains`` (one per field, the last varying
    fastest): how a game lists its actions of one type for its declared action space (see
    :class:`Game`'s ``action_space``)."""
    return [kind(*values) for values in product(*(list(d) for d in domains))]


# -- the log ---------------------------------------------------------------------------------
#
# The log is kept (and saved) as compact rows, one per applied action:
#
#     [player, action type, field values in the action's field order..., {extras}]
#
# e.g. ``[0, "BuildRoad", 29]`` or ``[2, "Roll", {"chance": [{"what": "2d6", "result": [6, [5, 1]]}]}]``.
# The last item is a dict only when the entry has more than the action: ``chance`` (the random
# results drawn while the action was carried out) and whatever else a game records (ITC's
# ``score``). A save also lists every action type's field names (``"actions"``), so the rows read
# without the engine. ``state.log`` shows the rows as readable entries, each with the action's text.

_ACTION_FIELDS: dict[type, dict[str, list[str]]] = {}

# A save is plain JSON data built by the engine, never circular: the encoder's check for cycles
# would cost as much as the writing itself.
_ENCODER = json.JSONEncoder(sort_keys=True, check_circular=False)


def action_fields(state_class: type[State]) -> dict[str, list[str]]:
    """Each of a game's action types by name, with its field names in order (the columns of a log row)."""
    fields = _ACTION_FIELDS.get(state_class)
    if fields is None:
        fields = _ACTION_FIELDS[state_class] = {
            t.__name__: [f.name for f in dataclasses.fields(t)] for t in state_class.action_types}
    return fields


def _row(player: int | None, action: Any, extras: dict[str, Any] | None) -> list[Any]:
    """The log row of ``action`` played by ``player``."""
    make = _ROW_MAKERS.get(type(action))
    if make is None:
        make = _row_maker(action)
    row = make(player, action)
    if extras:
        row.append(extras)
    return row


#: For each action type, the function making the row of one of its actions (without extras).
_ROW_MAKERS: dict[type, Callable[[int | None, Any], list[Any]]] = {}


def _row_maker(action: Any) -> Callable[[int | None, Any], list[Any]]:
    """The row maker of ``action``'s type (see :func:`_row`), made once per type: an action without
    fields is ``[player, type]``, one with a field ``[player, type, value]``, a tuple as a list."""
    kind = type(action)
    action_to_data(action)  # checks that it is a dataclass, and looks its fields up once
    names, name = _FIELD_NAMES[kind], kind.__name__

    if not names:
        def make(player: int | None, action: Any) -> list[Any]:
            return [player, name]
    elif len(names) == 1:
        field = names[0]

        def make(player: int | None, action: Any) -> list[Any]:
            value = getattr(action, field)
            return [player, name, list(value) if type(value) is tuple else value]
    else:
        def make(player: int | None, action: Any) -> list[Any]:
            row: list[Any] = [player, name]
            for field in names:
                value = getattr(action, field)
                row.append(list(value) if type(value) is tuple else value)
            return row

    _ROW_MAKERS[kind] = make
    return make


def _check_rows(rows: Any, players: int, fields: Mapping[str, list[str]]) -> None:
    """``ValueError`` unless ``rows`` is a list of log rows of this game, each in its form."""
    if type(rows) is not list:
        raise ValueError("the log must be a list")
    if _rows_fit(rows, players, fields):
        return
    width = {name: len(names) + 2 for name, names in fields.items()}
    for i, row in enumerate(rows):
        if type(row) is not list or len(row) < 2:
            raise ValueError(f"log entry {i} is not a row [player, action type, fields...]: {row!r}")
        n = width.get(row[1])
        if n is None:
            raise ValueError(f"log entry {i} names no action of this game: {row[1]!r}")
        player = row[0]
        if player is not None and (not is_integer(player) or not 0 <= player < players):
            raise ValueError(f"log entry {i}: no player {player!r}")
        if len(row) != n and not (len(row) == n + 1 and type(row[-1]) is dict):
            raise ValueError(f"log entry {i}: {row[1]} has the fields {fields[row[1]]}, not {row[2:]!r}")


def _rows_fit(rows: list[Any], players: int, fields: Mapping[str, list[str]]) -> bool:
    """Whether every row is in its form, checked column by column (each column's distinct values
    are few): a long log is checked at the speed of building a set. ``False`` sends
    :func:`_check_rows` through the rows one by one, to name the first one out of form.

    A row that is not a list fails here too: a JSON object has no item ``0`` (``KeyError``), a
    number or ``null`` no items at all (``TypeError``), and a string's first item is a string,
    never a player."""
    first, second, last = itemgetter(0), itemgetter(1), itemgetter(-1)
    try:
        players_seen = set(map(first, rows))
        kinds_seen = set(map(type, map(first, rows)))
        shapes = set(zip(map(second, rows), map(len, rows), map(type, map(last, rows))))
    except (IndexError, KeyError, TypeError):  # a row too short or not a list, or an unhashable item
        return False
    if not kinds_seen <= {int, type(None)} or not players_seen <= {None, *range(players)}:
        return False  # (``True`` equals ``1``, but its type is ``bool``)
    for name, length, end in shapes:
        names = fields.get(name) if type(name) is str else None
        if names is None or not (length == len(names) + 2 and end is not dict
                                 or length == len(names) + 3 and end is dict):
            return False
    return True


def _rows_from_entries(entries: Any, fields: Mapping[str, list[str]]) -> list[list[Any]]:
    """Format 1's log (a list of entries ``{"player", "action", "text", ...}``) as rows."""
    if type(entries) is not list:
        raise ValueError("the log must be a list")
    rows = []
    for i, entry in enumerate(entries):
        if type(entry) is not dict or type(entry.get("action")) is not dict or "player" not in entry:
            raise ValueError(f"log entry {i} is not an entry with a player and an action: {entry!r}")
        action = dict(entry["action"])
        kind = action.pop("type", None)
        if kind not in fields or set(action) != set(fields[kind]):
            raise ValueError(f"log entry {i}: {entry['action']!r} is not an action of this game")
        extras = {k: v for k, v in entry.items() if k not in ("player", "action", "text", "public_text")}
        rows.append([entry["player"], kind, *(action[name] for name in fields[kind])] + ([extras] if extras else []))
    return rows


def _field_names(kind: type) -> tuple[str, ...]:
    names = _FIELD_NAMES.get(kind)
    if names is None:
        names = _FIELD_NAMES[kind] = tuple(f.name for f in dataclasses.fields(kind))
    return names


def _action_of(row: list[Any], by_name: Mapping[str, type]) -> Any:
    """The action of a log row (JSON arrays back to tuples, as :func:`action_from_data` does)."""
    kind = by_name[row[1]]
    values = row[2:2 + len(_field_names(kind))]
    return kind(*[tuple(v) if type(v) is list else v for v in values])


def _entry(row: list[Any], by_name: Mapping[str, type]) -> dict[str, Any]:
    """The readable log entry of a row."""
    action = _action_of(row, by_name)
    names = _field_names(type(action))
    data = {"type": row[1]}
    data.update(zip(names, row[2:2 + len(names)]))
    entry: dict[str, Any] = {"player": row[0], "action": data, "text": str(action)}
    public = getattr(action, "public_text", None)
    if public is not None and (text := public()) != entry["text"]:
        entry["public_text"] = text  # the action's text names something hidden from the other players
    if len(row) > 2 + len(names):
        for key, value in row[-1].items():
            entry.setdefault(key, value)  # extras never hide the player, the action or its text
    return entry


# -- speed, kept in one place ----------------------------------------------------------------
#
# Everything the engine does to be fast lives here, so that a rule's function holds the rule only:
#
# * a position **version**: every change of a state by the protocol (an action applied or carried out,
#   a failed action undone, a position restored, :meth:`State.changed` after a change by hand) moves
#   it on; a game may also name *parts* of the position (``"pieces"``, ``"buildings"``) that it moves
#   on itself, from the code that changes them (:meth:`State.touch`);
# * :func:`kept`, a decorator on a predicate or derived value: its result is worked out once per
#   version (or per version of the parts it names) and per arguments, and given again until the
#   position changes. The rule function itself has no caching code;
# * one declared list of each state class's mutable fields, :attr:`State.MUTABLE`, each with how it
#   is copied (:data:`COPY_KINDS`), which drives :meth:`State.clone`, the snapshot a failed action is
#   undone from, and :meth:`State.checkpoint`: no game writes its own copy;
# * the log (:class:`Log`): a persistent list of rows, shared by every copy of a state, so that a
#   clone costs the same at the first action and the 15,000th.

#: Stamps for versions, unique across every state of the process (a clone and its original never
#: reuse each other's stamps, so a value kept by one is never taken for the other's).
_TICK = itertools.count(1)


def kept(function: Callable[..., Any] | None = None, *, on: str | tuple[str, ...] | None = None,
         thinking: bool = False) -> Any:
    """Keep a predicate's or derived value's result for the position it was worked out for.

    ``@kept`` above a method of a :class:`State` subclass: the method's result is kept, per
    arguments (which must be hashable), until the state's version moves on (see :meth:`State.touch`,
    :meth:`State.changed`: every action does it). ``@kept(on="pieces")`` keeps it while the named
    part(s) of the position stay as they are: the game moves a part on (``self.touch("pieces")``)
    from the code that changes it, and every restore or change by hand moves all parts on.
    ``@kept(on="options")`` is for a value of its arguments and the game's settings alone (never
    of the position): it is kept in one table shared by every state of the class with the same
    options (up to :data:`OPTIONS_KEPT` values), so that copies share it too.
    ``@kept(thinking=True)`` keeps the value only on a copy made for thinking (``for_thinking``:
    :meth:`State.determinize`'s, a search's, the OpenSpiel adapter's, and their clones), which
    changes only by actions; on a state a person may change by hand and ask again (a scenario, a
    test) it is worked out afresh every time. A list it keeps is never handed out: each call
    gets a copy of its own (so it may sit on ``legal_actions``).

    The result is shared by every later call: return an immutable value (a tuple, a frozenset, a
    number), or a list that no caller changes. A change made by hand to a state's fields (outside
    its actions) is followed by :meth:`State.changed`, as a save's restore does itself.

    This is where a rule's speed lives: the function under the decorator is the rule, read as its
    text says, and the test of every kept value compares it with a fresh call of the function
    itself (:func:`fresh`).
    """
    parts = (on,) if isinstance(on, str) else tuple(on or ())

    def wrap(method: Callable[..., Any]) -> Any:
        name = method.__qualname__
        code = method.__code__
        plain = not (code.co_flags & 0x0C or method.__defaults__ or code.co_kwonlyargcount)  # no *args, **kw, defaults
        arity = code.co_argcount - 1 if plain else -1  # the arguments after self (-1: not a plain signature)
        # The usual cases written out, for speed (one part, up to two arguments; the settings, one argument).
        if parts == ("options",) and arity == 1:
            def keeper(self: Any, arg: Any) -> Any:
                tables = self._by_options
                if tables is None:
                    tables = self._by_options = _options_tables(self)
                table = tables.get(name)
                if table is None:
                    table = tables[name] = {}
                found = table.get(arg, table)  # (the table itself: nothing kept)
                if found is table:
                    found = method(self, arg)
                    if len(table) < OPTIONS_KEPT:
                        table[arg] = found
                return found
        elif len(parts) == 1 and arity == 0:
            part = parts[0]

            def keeper(self: Any) -> Any:
                found = self._kept.get(name)
                stamp = self._parts.get(part)
                if found is not None and found[0] == stamp:
                    return found[1]
                value = method(self)
                self._kept[name] = (stamp, value)
                return value
        elif len(parts) == 1 and arity == 1:
            part = parts[0]

            def keeper(self: Any, arg: Any) -> Any:
                key = (name, arg)
                found = self._kept.get(key)
                stamp = self._parts.get(part)
                if found is not None and found[0] == stamp:
                    return found[1]
                value = method(self, arg)
                self._kept[key] = (stamp, value)
                return value
        elif len(parts) == 1 and arity == 2:
            part = parts[0]

            def keeper(self: Any, one: Any, two: Any) -> Any:
                key = (name, one, two)
                found = self._kept.get(key)
                stamp = self._parts.get(part)
                if found is not None and found[0] == stamp:
                    return found[1]
                value = method(self, one, two)
                self._kept[key] = (stamp, value)
                return value
        elif parts == ("options",):
            def keeper(self: Any, *args: Any) -> Any:
                tables = self._by_options
                if tables is None:
                    tables = self._by_options = _options_tables(self)
                table = tables.get(name)
                if table is None:
                    table = tables[name] = {}
                found = table.get(args, table)  # (the table itself: nothing kept)
                if found is table:
                    found = method(self, *args)
                    if len(table) < OPTIONS_KEPT:
                        table[args] = found
                return found
        elif thinking and arity == 0:  # legal_actions, asked once per action: no argument tuple
            def keeper(self: Any) -> Any:
                if not self.for_thinking:
                    return method(self)
                found = self._kept.get(name)
                version = self._version
                if found is not None and found[0] == version:
                    value = found[1]
                    return list(value) if type(value) is list else value
                value = method(self)
                self._kept[name] = (version, list(value) if type(value) is list else value)
                return value
        elif thinking:
            def keeper(self: Any, *args: Any) -> Any:
                if not self.for_thinking:
                    return method(self, *args)
                key = (name, args)
                found = self._kept.get(key)
                version = self._version
                if found is not None and found[0] == version:
                    value = found[1]
                    return list(value) if type(value) is list else value
                value = method(self, *args)
                self._kept[key] = (version, list(value) if type(value) is list else value)
                return value
        elif not parts:
            def keeper(self: Any, *args: Any) -> Any:
                key = (name, args)
                found = self._kept.get(key)
                version = self._version
                if found is not None and found[0] == version:
                    return found[1]
                value = method(self, *args)
                self._kept[key] = (version, value)
                return value
        elif len(parts) == 1:
            part = parts[0]

            def keeper(self: Any, *args: Any) -> Any:
                key = (name, args)
                found = self._kept.get(key)
                stamp = self._parts.get(part)
                if found is not None and found[0] == stamp:
                    return found[1]
                value = method(self, *args)
                self._kept[key] = (stamp, value)
                return value
        else:
            def keeper(self: Any, *args: Any) -> Any:
                key = (name, args)
                found = self._kept.get(key)
                stamp = tuple(self._parts.get(p) for p in parts)
                if found is not None and found[0] == stamp:
                    return found[1]
                value = method(self, *args)
                self._kept[key] = (stamp, value)
                return value

        keeper.__name__ = method.__name__
        keeper.__qualname__ = method.__qualname__
        keeper.__doc__ = method.__doc__
        keeper.__wrapped__ = method  # type: ignore[attr-defined]
        keeper.__module__ = method.__module__
        keeper.kept_on = parts  # type: ignore[attr-defined]
        return keeper

    return wrap(function) if function is not None else wrap


#: At most this many values are kept per method of ``@kept(on="options")`` and settings.
OPTIONS_KEPT = 50_000
_OPTIONS_TABLES: dict[Any, dict[str, dict[Any, Any]]] = {}


def _options_tables(state: Any) -> dict[str, dict[Any, Any]]:
    """The tables of values kept for ``state``'s class and options (see :func:`kept`), one per
    method by its qualified name, each keyed by the method's arguments."""
    try:
        return _OPTIONS_TABLES.setdefault((type(state), state.options), {})
    except TypeError:  # options that cannot be hashed: tables of the state's own (its copies share them)
        return {}


def fresh(state: Any, name: str, *args: Any) -> Any:
    """What the kept method ``name`` of ``state`` works out now, from scratch (its function
    without the keeping, nothing read from or written to the kept values): what a test compares
    a kept value with."""
    method = getattr(type(state), name)
    return getattr(method, "__wrapped__", method)(state, *args)


#: How a declared mutable field (:attr:`State.MUTABLE`) is copied by a clone and a snapshot. A field
#: holding ``None`` is left ``None``.
COPY_KINDS: dict[str, str] = {
    "list": "a flat list (or dict, or set) of immutable values: one shallow copy",
    "append-only": "a list that only grows, whose items are never changed once added (as the log's rows): "
                   "one shallow copy, the items shared",
    "nested": "a list (or tuple) of lists, dicts or sets of immutable values: each inner one copied",
    "dict of lists": "a dict whose values are lists, dicts or sets of immutable values: each value copied",
    "nested objects": "a list of lists of objects (or None), each object copied with its own ``copy()``",
    "json": "JSON-like data nested deeper (lists and dicts, tuples kept as they are): copied all the way down",
    "copy": "an object: its own ``copy()`` (``clone()`` for a generator), or else ``copy.copy`` (one level)",
    "fresh": "a scratch value a copy starts without: an empty one of its kind (``[]``, ``{}``), or None",
    "dropped": "a kept structure a copy starts without: left out, so the class's default stands",
    "deep": "anything else: ``copy.deepcopy`` (slow; for a field rarely set)",
}


def _copy_deeper(value: Any) -> Any:
    """JSON-like data copied all the way down; tuples and plain values kept (they never change)."""
    kind = type(value)
    if kind is list:
        return [_copy_deeper(v) if type(v) in (list, dict) else v for v in value]
    if kind is dict:
        return {k: _copy_deeper(v) if type(v) in (list, dict) else v for k, v in value.items()}
    return value


def _copier(cls: type[State]) -> Callable[[dict[str, Any]], None]:
    """The function that gives a copy of a state's ``__dict__`` its own mutable fields, as the class
    declares them (:attr:`State.MUTABLE`), made once per class."""
    found = cls.__dict__.get("_COPIER")
    if found is not None:
        return found
    declared = {**_ENGINE_FIELDS, **(cls.MUTABLE or {})}
    unknown = sorted(k for k in set(declared.values()) if k not in COPY_KINDS)
    if unknown:
        raise TypeError(f"{cls.__name__}.MUTABLE names no way of copying {unknown}; the ways are {sorted(COPY_KINDS)}")
    by_kind: dict[str, tuple[str, ...]] = {k: tuple(n for n, how in declared.items() if how == k) for k in COPY_KINDS}
    flat = by_kind["list"] + by_kind["append-only"]
    nested, lists, deeper = by_kind["nested"], by_kind["dict of lists"], by_kind["json"]
    objects = by_kind["nested objects"]
    own, empty, deep, dropped = by_kind["copy"], by_kind["fresh"], by_kind["deep"], by_kind["dropped"]

    def copy_fields(d: dict[str, Any]) -> None:
        for name in flat:
            value = d.get(name)
            if value is not None:
                d[name] = value.copy()
        for name in nested:
            value = d.get(name)
            if value is not None:
                d[name] = [x.copy() for x in value]
        for name in lists:
            value = d.get(name)
            if value is not None:
                d[name] = {k: x.copy() for k, x in value.items()}
        for name in objects:
            value = d.get(name)
            if value is not None:
                d[name] = [[o.copy() if o is not None else None for o in inner] for inner in value]
        for name in deeper:
            value = d.get(name)
            if value is not None:
                d[name] = _copy_deeper(value)
        for name in own:
            value = d.get(name)
            if value is not None:
                if type(value) is Rng:
                    d[name] = value.clone()
                else:
                    own_copy = getattr(value, "copy", None)
                    d[name] = own_copy() if own_copy is not None else copy.copy(value)
        for name in empty:
            value = d.get(name)
            if value is not None:
                d[name] = type(value)()
        for name in deep:
            if name in d:
                d[name] = copy.deepcopy(d[name])
        for name in dropped:
            d.pop(name, None)

    cls._COPIER = copy_fields  # type: ignore[attr-defined]
    return copy_fields


#: The engine's own mutable fields of every state, and how a copy copies them (the log is shared:
#: see :class:`Log`; ``_kept`` and ``_parts`` hold immutable values only).
_ENGINE_FIELDS: dict[str, str] = {
    "rng": "copy",
    "_rows": "copy",
    "_entries": "fresh",
    "_chance": "list",
    "_script": "list",
    "_kept": "list",
    "_parts": "list",
    "_base": "dropped",  # a copy takes its own snapshot before its first action
    "_countdown": "dropped",
}


class _Undeclared(dict):  # type: ignore[type-arg]
    """No mutable fields declared: every attribute but the engine's and the shared ones is copied
    with ``copy.deepcopy`` (see :attr:`State.MUTABLE`)."""


#: What a state class that declares no mutable fields holds in ``MUTABLE`` (see :attr:`State.MUTABLE`).
_UNDECLARED: Mapping[str, str] = _Undeclared()

#: Rows per frozen chunk of a :class:`Log`: what a copy of a log copies at most.
LOG_CHUNK = 64


class Log:
    """The log's rows, oldest first: a persistent list, shared by the copies of a state.

    Rows are written once and never changed. Full chunks of :data:`LOG_CHUNK` rows are frozen into
    a chain shared by every copy; only the last, open chunk is a list of each copy's own. So
    :meth:`copy` costs at most a chunk's pointers, however long the game (issue 33: clones stay flat).
    Reads like a list: ``len``, indexing, slicing (a slice is a list), iteration, ``==`` a list.
    """

    __slots__ = ("_chain", "_frozen", "_tail")

    def __init__(self, rows: Iterable[list[Any]] = ()) -> None:
        self._chain: tuple[Any, ...] | None = None  # (chunk: tuple of rows, the chain before it)
        self._frozen = 0  # rows in the chain
        rows = rows if type(rows) is list else list(rows)
        whole = len(rows) - len(rows) % LOG_CHUNK
        for start in range(0, whole, LOG_CHUNK):  # full chunks at once
            self._chain = (tuple(rows[start:start + LOG_CHUNK]), self._chain)
        self._frozen = whole
        self._tail: list[list[Any]] = rows[whole:]

    def append(self, row: list[Any]) -> None:
        tail = self._tail
        tail.append(row)
        if len(tail) == LOG_CHUNK:
            self._freeze()

    def _freeze(self) -> None:
        """The open chunk, full, joins the shared chain."""
        self._chain = (tuple(self._tail), self._chain)
        self._frozen += len(self._tail)
        self._tail = []

    def copy(self) -> Log:
        """A log of the same rows, sharing the frozen chunks (and the rows), owning its open chunk."""
        new = Log.__new__(Log)
        new._chain, new._frozen, new._tail = self._chain, self._frozen, self._tail.copy()
        return new

    def __len__(self) -> int:
        return self._frozen + len(self._tail)

    def __bool__(self) -> bool:
        return bool(self._frozen or self._tail)

    def _chunks(self) -> list[tuple[list[Any], ...]]:
        """The frozen chunks, oldest first."""
        out = []
        node = self._chain
        while node is not None:
            out.append(node[0])
            node = node[1]
        out.reverse()
        return out

    def __iter__(self) -> Any:
        for chunk in self._chunks():
            yield from chunk
        yield from self._tail

    def list(self) -> list[list[Any]]:
        """The rows as a new list (the rows themselves shared)."""
        out: list[list[Any]] = []
        for chunk in self._chunks():
            out.extend(chunk)
        out.extend(self._tail)
        return out

    def __getitem__(self, index: Any) -> Any:
        n = len(self)
        if isinstance(index, slice):
            start, stop, step = index.indices(n)
            if step != 1:
                return self.list()[index]
            if start >= self._frozen:
                return self._tail[start - self._frozen:stop - self._frozen]
            return self._rows_between(start, stop)
        if index < 0:
            index += n
        if not 0 <= index < n:
            raise IndexError("log index out of range")
        if index >= self._frozen:
            return self._tail[index - self._frozen]
        node, end = self._chain, self._frozen  # walk back from the newest chunk
        while node is not None:
            begin = end - LOG_CHUNK
            if index >= begin:
                return node[0][index - begin]
            node, end = node[1], begin
        raise IndexError("log index out of range")  # pragma: no cover

    def _rows_between(self, start: int, stop: int) -> list[list[Any]]:
        if stop <= start:
            return []
        pieces: list[Any] = []
        if stop > self._frozen:
            pieces.append(self._tail[:stop - self._frozen])
        node, end = self._chain, self._frozen
        while node is not None and end > start:
            begin = end - LOG_CHUNK
            if begin < stop:
                pieces.append(node[0][max(start, begin) - begin:min(stop, end) - begin])
            node, end = node[1], begin
        out: list[list[Any]] = []
        for piece in reversed(pieces):
            out.extend(piece)
        return out

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Log):
            return self.list() == other.list()
        if isinstance(other, list):
            return self.list() == other
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"<log of {len(self):,} rows>"


# -- games -----------------------------------------------------------------------------------


class Game:
    """A game's rules, and everything every tool needs to know of it, declared once.

    A game module makes one instance, naming its :class:`State` subclass and its options (a frozen
    dataclass whose fields are the named settings, each with its documented default), and registers
    it (``gamekit.register``). The registry, the bots, the OpenSpiel adapter, the tournaments, the
    play pages and the every-game tests read the rest from here (all keyword-only, all optional):

    - ``perfect_information``: nothing is hidden from anyone (chance may still be drawn). Such a
      game needs no :meth:`State._observation` or :meth:`State._determinize` of its own: a player
      sees the whole position, and a bot thinks on a copy of it. A game that does not declare it
      hides something, so its state class must write both hooks: a ``TypeError`` here says which
      is missing, when the game is declared (not when a bot or a service first asks).
    - ``bots``: the module (dotted name) that registers the game's heuristic player, evaluation
      and search (:mod:`gamekit.bots`), imported when a bot is first asked for, or a function that
      registers them, called then. Without it the game still has all three bots: the random
      player, a greedy heuristic (the move after which the game's evaluation likes the position
      best, :class:`gamekit.bots.GreedyHeuristic`) and the tree search.
    - ``action_space``: for OpenSpiel, ``function(state) -> {action type: [every action]}`` over
      the action types with fields (a fieldless type has one action); ``horizon`` and
      ``chance_limit`` override the adapter's (see :mod:`gamekit.openspiel`).
    - ``board``: ``function(state) -> SVG text``, the board picture the play page shows (default:
      the state's ``_repr_svg_``, if it has one).
    - ``play_view``: what the play page shows of each player (:class:`gamekit.web.play_tables.PlayView`:
      holdings, private information, click targets on the board, the words for the phases).
    - ``play_page``: the book folder of the game's "Play" page (``book/<folder>/play.md``), if it
      has one.

    A function may be given as ``"module:name"`` text, imported when first used (so the engine
    never imports what only a service or an adapter needs); :meth:`declared` reads it.
    """

    def __init__(
        self,
        name: str,
        title: str,
        state_class: type[State],
        options_class: type,
        min_players: int,
        max_players: int,
        description: str = "",
        *,
        perfect_information: bool = False,
        bots: str | Callable[[], Any] | None = None,
        action_space: Callable[[Any], dict[type, list[Any]]] | str | None = None,
        horizon: int | None = None,
        chance_limit: int | None = None,
        board: Callable[[Any], str] | str | None = None,
        play_view: Any = None,
        play_page: str | None = None,
    ) -> None:
        if not dataclasses.is_dataclass(options_class):
            raise TypeError("a game's options are a dataclass")
        if not perfect_information:
            missing = [hook for hook in ("_observation", "_determinize")
                       if getattr(state_class, hook, None) is getattr(State, hook)]
            if missing:
                raise TypeError(
                    f"{title} ({name!r}) hides something from the players (its Game does not declare "
                    f"perfect_information=True), but {state_class.__name__} does not say "
                    + " or ".join({"_observation": "what each player may see (State._observation)",
                                   "_determinize": "how to draw the positions a player cannot tell apart "
                                                   "(State._determinize)"}[m] for m in missing)
                    + ": write them, or declare perfect_information=True if nothing is hidden")
        self.name = name
        self.title = title
        self.state_class = state_class
        self.options_class = options_class
        self.min_players = min_players
        self.max_players = max_players
        self.description = description
        self.perfect_information = bool(perfect_information)
        self.bots = bots
        self.action_space = action_space
        self.horizon = horizon
        self.chance_limit = chance_limit
        self.board = board
        self.play_view = play_view
        self.play_page = play_page

    def declared(self, what: str) -> Any:
        """The declaration ``what`` (``"action_space"``, ``"board"``, ``"play_view"``...), a
        ``"module:name"`` text imported now; ``None`` if the game declares none."""
        value = getattr(self, what)
        if isinstance(value, str) and ":" in value:
            import importlib

            module, _, name = value.partition(":")
            value = getattr(importlib.import_module(module), name)
            setattr(self, what, value)
        return value

    def __repr__(self) -> str:
        return f"<gamekit game {self.name!r}: {self.title}, {self.min_players}-{self.max_players} players>"

    def default_options(self) -> Any:
        """The options with every setting at its documented default."""
        return self.options_class()

    def make_options(self, **options: Any) -> Any:
        """The game's options with the given settings changed; an unknown name is a ``ValueError``."""
        known = {f.name for f in dataclasses.fields(self.options_class)}
        unknown = sorted(set(options) - known)
        if unknown:
            raise ValueError(f"{self.name} has no setting {', '.join(unknown)}; its settings are {sorted(known)}")
        return self.options_class(**options)

    def new(self, players: int = 2, seed: int = 0, **options: Any) -> State:
        """The start state of a game for ``players`` players, its randomness seeded by ``seed``."""
        if not is_integer(players):
            raise TypeError(f"players is a number of players, not {players!r}")
        if not self.min_players <= players <= self.max_players:
            raise ValueError(f"{self.title} is for {self.min_players} to {self.max_players} players, not {players}")
        opts = self.make_options(**options)
        state = self.state_class(self, players, seed, opts, Rng(seed))  # the subclass's __init__ runs too
        state._setup()
        state._origin = ("new", 0)
        return state

    def scripted_setup(self, players: int, options: Any, results: list[Any], rng: Rng) -> State:
        """The start of a game as :meth:`new` lays it out, but with the setup's draws giving
        ``results`` in order (not written to a log) and ``rng`` as its generator: raises
        :class:`ChanceNeeded` naming the event when the setup draws past them, ``RuntimeError``
        when it draws fewer. The state cannot undo a failed action (it has no origin). For the
        OpenSpiel adapter, whose setup draws are chance nodes."""
        state = self.state_class(self, players, 0, options, rng)
        state._script = list(results)
        state._chance = None
        state.for_thinking = True
        state._setup()
        if state._script:
            raise RuntimeError("the setup drew fewer results than it was given")
        state._script = None
        return state

    def from_json(self, text: str, replay: bool = False) -> State:
        """A state restored exactly from :meth:`State.to_json`; malformed text raises :class:`InvalidSave`.

        With ``replay`` the save is not trusted at all (rule ``protocol-saving``): its log is played
        again from the setup its seed, players and settings give, and must lead to exactly the
        position it states, chance results included (:meth:`check_replay`). That is how a file from
        outside is opened (the play pages do); without it the position is checked as it stands, so
        a scenario set up by hand and saved opens again.
        """
        try:
            data = json.loads(text)
        except (TypeError, ValueError) as err:
            raise InvalidSave(f"not a saved game: {err}") from None
        state = self._from_parsed(data)  # freshly parsed: the state may keep its lists, nobody else holds them
        state._origin = ("save", len(state._rows), text)
        if replay:
            self.check_replay(state)
        return state

    def check_replay(self, state: State) -> None:
        """Raise :class:`InvalidSave` unless ``state``'s log, played again from the start of a game
        with its seed, players and settings, leads to exactly ``state``: every action legal where it
        stands, every chance result the one the seed gives (none set by hand with ``force``), every
        logged extra the same, and the position and the generator at the end those of ``state``.
        The message names the first step that differs (counting from 1, as the log is shown)."""
        rows = state._rows
        by_name = {t.__name__: t for t in state.action_types}
        again = self.state_class(self, state.players, state.seed, state.options, Rng(state.seed))
        again._setup()
        again._origin = ("new", 0)

        def said(row: list[Any]) -> str:
            extras = row[-1] if type(row[-1]) is dict else {}
            parts = [f"{c.get('what')} {json.dumps(c.get('result'))}" for c in extras.get("chance", ()) if isinstance(c, dict)]
            parts += [f"{k} {json.dumps(v)}" for k, v in sorted(extras.items()) if k != "chance"]
            return "; ".join(parts) or "nothing drawn"

        for i, row in enumerate(rows):
            step = i + 1
            action = _action_of(row, by_name)
            extras = row[-1] if type(row[-1]) is dict else {}
            if any(isinstance(c, dict) and c.get("forced") for c in extras.get("chance", ())):
                raise InvalidSave(f"step {step} of the log ({action}): its chance results were set by hand, "
                                  "not drawn with the game's seed, so the game cannot be checked")
            mover = again.current_player
            if row[0] != mover:
                who = "nobody" if mover is None else f"Player {mover + 1}"
                raise InvalidSave(f"step {step} of the log ({action}) is Player {row[0] + 1}'s, but there it is "
                                  f"{who}'s turn (players counted from 1)")
            refused = again.refusal(action)
            if refused is not None:
                raise InvalidSave(f"step {step} of the log ({action}) cannot be played there: {refused.reason}"
                                  + (f" (rule {refused.rule})" if refused.rule else ""))
            again.apply(action)
            done = again._rows[-1]
            if _ENCODER.encode(done) != _ENCODER.encode(row):
                raise InvalidSave(f"step {step} of the log ({action}) records {said(row)}, but played from the "
                                  f"game's seed it gives {said(done)}")
        if state.scores() != again.scores():
            def listed(scores: dict[int, Any]) -> str:
                return ", ".join(f"Player {p + 1} {shown_number(v)}" for p, v in sorted(scores.items()))

            raise InvalidSave(f"the scores the save states ({listed(state.scores())}) are not those its "
                              f"{len(rows):,} actions give from its seed ({listed(again.scores())})")
        mine, true = state.state_data(), again.state_data()
        if mine != true:
            keys = sorted(set(mine) | set(true)) if isinstance(mine, dict) and isinstance(true, dict) else []
            first = next((k for k in keys if mine.get(k) != true.get(k)), None)
            what = f"its part {first!r} differs" if first is not None else "it differs"
            raise InvalidSave(f"the position the save states is not the one its {len(rows):,} actions lead to from "
                              f"its seed: {what}")
        if state.rng.getstate() != again.rng.getstate():
            raise InvalidSave(f"the save's random generator is not where its {len(rows):,} actions leave it")

    def from_data(self, data: Any) -> State:
        """Like :meth:`from_json`, from the already parsed dict (which the state never shares: it is copied)."""
        try:
            text = json.dumps(data)
        except (TypeError, ValueError) as err:
            raise InvalidSave(f"not a saved game: {err}") from None
        return self.from_json(text)

    def _from_parsed(self, data: Any) -> State:
        if not isinstance(data, dict):
            raise InvalidSave("a saved game is a JSON object")
        if data.get("game") != self.name:
            raise InvalidSave(f"this is a saved game of {data.get('game')!r}, not of {self.name!r}")
        if data.get("format") not in (1, SAVE_FORMAT):
            raise InvalidSave(f"unknown save format {data.get('format')!r} (this gamekit reads formats 1 and {SAVE_FORMAT})")
        missing = [k for k in ("players", "seed", "options", "rng", "state", "log") if k not in data]
        if missing:
            raise InvalidSave(f"the saved game lacks {', '.join(missing)}")
        try:
            players, seed = data["players"], data["seed"]
            if not is_integer(players):
                raise ValueError(f"players must be an integer, not {players!r}")
            if not self.min_players <= players <= self.max_players:
                raise ValueError(f"{players} players is outside {self.min_players}-{self.max_players}")
            if not is_integer(seed):
                raise ValueError(f"seed must be an integer, not {seed!r}")
            if not isinstance(data["options"], dict):
                raise ValueError("options must be an object")
            opts = self.make_options(**_tuples(data["options"]))
            rng = Rng.fromstate(data["rng"])
            fields = action_fields(self.state_class)
            if data["format"] == 1:
                rows = _rows_from_entries(data["log"], fields)
            else:
                rows = data["log"]
                if data.get("actions", fields) != fields:
                    raise ValueError(f"the save's actions {data.get('actions')!r} are not this game's {fields!r}")
            _check_rows(rows, players, fields)
            state = self.state_class(self, players, seed, opts, rng)
            state._rows = Log(rows)
            state._restore(data["state"])
        except InvalidSave:
            raise
        except (KeyError, IndexError, TypeError, ValueError) as err:  # not AttributeError: that is an engine bug
            raise InvalidSave(f"the saved {self.name} game is malformed: {err}") from None
        return state


def _tuples(mapping: Mapping[str, Any]) -> dict[str, Any]:
    """JSON arrays back to tuples (options dataclasses hold tuples, being frozen)."""

    def conv(v: Any) -> Any:
        if isinstance(v, list):
            return tuple(conv(x) for x in v)
        return v

    return {k: conv(v) for k, v in mapping.items()}


def _copy_json(value: Any) -> Any:
    """A copy of JSON-like data (dicts, lists, tuples as lists, plain values), sharing no container."""
    if isinstance(value, dict):
        return {k: _copy_json(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_copy_json(v) for v in value]
    return value


_PLAIN = frozenset((int, str, float, bool, type(None)))  # values that are JSON as they are


def jsonable(value: Any) -> Any:
    """``value`` as JSON data: tuples as lists, a dataclass as a dict of its fields (how the log
    writes a chance result)."""
    return _jsonable(value)


def _jsonable(value: Any) -> Any:
    kind = type(value)
    if kind in _PLAIN:
        return value
    if kind is list or kind is tuple:  # the usual chance result (a die's faces, a total and its faces)
        out = list(value)
        i = 0
        for v in out:  # a plain loop: cheaper than a comprehension's call for a short list
            inner = type(v)
            if inner not in _PLAIN:
                if inner is list or inner is tuple:  # one level down (a roll's faces) without a call
                    items = list(v)
                    for w in items:
                        if type(w) not in _PLAIN:
                            items = _jsonable(v)
                            break
                    out[i] = items
                else:
                    out[i] = _jsonable(v)
            i += 1
        return out
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _jsonable(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, (list, tuple)):
        return [_jsonable(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _jsonable(v) for k, v in value.items()}
    return value


# -- states ----------------------------------------------------------------------------------


class State(ABC):
    """The position of one game in progress. Subclasses implement the hooks marked below.

    Attributes every state has: ``game``, ``players`` (the number of players, who are numbered
    from 0), ``seed``, ``options``, ``rng`` and ``log``: one entry per applied action,
    ``{"player": p, "action": {...}, "text": "...", "chance": [...]}``, where ``chance`` lists the
    random results drawn while the action was carried out (and a game may add more, as ITC's
    ``score``). The log is for reading: it is kept as compact rows, and the entries are made from
    them when first read.
    """

    #: The frozen dataclasses that are this game's actions (for saving and loading the log).
    action_types: ClassVar[tuple[type, ...]] = ()
    #: Attributes holding data the game never changes (a card table, a board's layout), which
    #: :meth:`clone` may share between copies; everything else a clone holds is its own.
    shared_on_clone: ClassVar[tuple[str, ...]] = ()
    #: The state's mutable fields, each with how a copy copies it (one of :data:`COPY_KINDS`):
    #: the one declaration that drives :meth:`clone`, the snapshot a failed action is undone from
    #: and :meth:`checkpoint`. Every other attribute holds an immutable value (a number, a string,
    #: a tuple, a frozenset) or is named in :attr:`shared_on_clone`, and a copy shares it. A
    #: subclass extends its parent's: ``MUTABLE = {**Parent.MUTABLE, "ships": "list"}``. Left as
    #: it is here, or ``None`` (a game that declares nothing): everything else is copied with
    #: ``copy.deepcopy`` (slow). The engine's own fields (the generator, the log...) are declared
    #: by the engine.
    MUTABLE: ClassVar[Mapping[str, str] | None] = _UNDECLARED
    #: How many actions :meth:`apply` carries out between two snapshots of the position when no
    #: chance result is forced (see :meth:`apply`).
    SNAPSHOT_EVERY: ClassVar[int] = 256
    #: A copy made for thinking (:meth:`determinize`'s, :meth:`Game.scripted_setup`'s, and their
    #: clones): it changes only by actions, never by hand (see ``@kept(thinking=True)``).
    for_thinking: bool = False
    _by_options: dict[str, dict[Any, Any]] | None = None  # the values kept for the class and options (see kept)
    _base: tuple[dict[str, Any], int] | None = None  # the last snapshot and the log's length then
    _countdown = 0  # actions :meth:`apply` may still carry out before it takes the next snapshot
    #: Whether the class writes extras to its log rows (overrides :meth:`_log_extras`): set for
    #: each subclass, so that :meth:`apply` asks only a game that does.
    LOG_EXTRAS: ClassVar[bool] = False

    #: The protocol's own methods, which a game never overrides: it implements the hooks they call
    #: (``_check``, ``_parse``, ``_perform``), so that the refusal, the check and the move agree in
    #: every game, for actions given as objects and as text, finished games included.
    PROTOCOL: ClassVar[tuple[str, ...]] = ("apply", "refusal", "parse_action", "outcomes", "_checked")

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls.LOG_EXTRAS = cls._log_extras is not State._log_extras
        overridden = [name for name in State.PROTOCOL if name in cls.__dict__]
        if overridden:
            raise TypeError(f"{cls.__name__} overrides {', '.join(overridden)}: a game implements the hooks "
                            "_check (the rule's refusal) and _parse (its texts), and the protocol keeps the rest")

    def __init__(self, game: Game, players: int, seed: int, options: Any, rng: Rng) -> None:
        self.game = game
        self.players = players
        self.seed = seed
        self.options = options
        self.rng = rng
        self._rows: Log = Log()  # the log, one compact row per action (see "the log" above)
        self._entries: list[dict[str, Any]] = []  # the readable entries of the first rows, made when read
        self._chance: list[Any] | None = None
        self._forced: tuple[tuple[str, Any], ...] = ()  # (what, result) pairs queued by force()
        self._script: list[Any] | None = None  # results given in order while outcomes() explores an action
        #: where the state came from: ("new", 0), ("save", log entries in the save, the save's
        #: text) or ("checkpoint", log entries then); informative only (a failed action is undone
        #: from a snapshot, see :meth:`apply`)
        self._origin: tuple[Any, ...] | None = None
        #: the position's version and its parts' (see :func:`kept`), and the values kept for them
        self._version = next(_TICK)
        self._parts: dict[str, int] = {}
        self._kept: dict[tuple[Any, ...], tuple[Any, Any]] = {}
        #: the JSON text of the log's first rows, kept from the last save (see :meth:`_log_text`):
        #: (rows written, the last of them, the text), or None
        self._log_json: tuple[int, list[Any], str] | None = None

    # -- hooks a game implements ---------------------------------------------------------
    @abstractmethod
    def _setup(self) -> None:
        """Lay out the start of the game (called once by :meth:`Game.new`)."""

    @property
    @abstractmethod
    def current_player(self) -> int | None:
        """The player to act, or ``None`` once the game is over."""

    @abstractmethod
    def legal_actions(self) -> list[Any]:
        """Every action the current player may take now (empty once the game is over)."""

    @abstractmethod
    def _check(self, action: Any) -> None:
        """Raise :class:`IllegalAction` if ``action`` is not legal now; change nothing."""

    @abstractmethod
    def _perform(self, action: Any) -> None:
        """Carry out a legal action (only called after :meth:`_check` passed)."""

    @abstractmethod
    def is_over(self) -> bool:
        """Whether the game has ended (a winner can be named)."""

    @abstractmethod
    def scores(self) -> dict[int, Any]:
        """Each player's score (victory points, profit in euros, ...)."""

    @abstractmethod
    def _to_data(self) -> Any:
        """The game-specific part of the state as JSON-ready data."""

    @abstractmethod
    def _restore(self, data: Any) -> None:
        """Set the game-specific part from :meth:`_to_data`'s output, validating it
        (raise ``ValueError`` with a clear message for anything malformed)."""

    def _log_extras(self) -> dict[str, Any] | None:
        """Hook: more to record in the log entry of the action just carried out, beside its chance
        results (ITC records the score changes); called once after each action."""
        return None

    # -- the log ---------------------------------------------------------------------------
    @property
    def log(self) -> list[dict[str, Any]]:
        """One entry per applied action, oldest first: ``{"player": p, "action": {"type": ...,
        fields...}, "text": str(action)}``, with ``"chance"`` (and a game's extras) when there are
        some, and ``"public_text"`` when the text names something only the acting player may see
        (what the others may read instead: the action's ``public_text()``). Read it, do not
        change it: the game keeps its record as rows, which this list only shows, so a changed entry changes nothing in the game or its saves (only this view of it)."""
        entries, rows = self._entries, self._rows
        if len(entries) < len(rows):
            by_name = {t.__name__: t for t in self.action_types}
            for row in rows[len(entries):]:
                entries.append(_entry(row, by_name))
        return entries

    def _log_action(self, row: list[Any]) -> Any:
        """The action of a log row."""
        return _action_of(row, {t.__name__: t for t in self.action_types})

    @property
    def log_length(self) -> int:
        """How many actions have been applied (the log's length, without making its entries)."""
        return len(self._rows)

    def entry(self, index: int) -> dict[str, Any]:
        """One entry of :attr:`log` (``-1``: the last action's), made without making the others."""
        if len(self._entries) == len(self._rows):
            return self._entries[index]
        return _entry(self._rows[index], {t.__name__: t for t in self.action_types})

    def actions_played(self, stop: int | None = None) -> list[Any]:
        """The actions applied so far (the first ``stop`` of them), as action values, oldest first:
        what a replay from the seed applies again."""
        by_name = {t.__name__: t for t in self.action_types}
        return [_action_of(row, by_name) for row in self._rows[:stop]]

    # -- the protocol ----------------------------------------------------------------------
    def apply(self, action: Any) -> State:
        """Carry out ``action`` for the current player and return this state.

        ``action`` is one of :meth:`legal_actions`, or its text (``str(action)``), which
        :meth:`parse_action` reads; the action is then checked like any other. An illegal action
        raises :class:`IllegalAction` and leaves the state exactly as it was.

        ``apply`` is atomic: if carrying out a checked action fails all the same (an engine bug, or
        a forced chance result the rules cannot use), the error propagates and the state, its
        generator and its queue of forced results are as they were before the call. The state is
        put back from a snapshot of its declared fields (:attr:`MUTABLE`), never by replaying its
        log from the start: a snapshot is taken before every action whose chance results are
        forced (:meth:`force`, the way a checked action is made to fail), before the first action
        after the state was made, copied, loaded or set up by hand and checkpointed, and every
        :attr:`SNAPSHOT_EVERY` actions; after an unforced failure (an engine bug) the actions since
        the last snapshot are played again on it (at most :attr:`SNAPSHOT_EVERY`). A position set up
        by hand before its first action needs no :meth:`checkpoint`.

        Every action moves the position's version on (see :func:`kept`).
        """
        # what _checked does, inline (this runs once per action): the game-over guard, a text
        # read, the game's check
        if self.is_over():
            raise IllegalAction(f"the game is over; {action} cannot be played", "protocol-game-over")
        if isinstance(action, str):
            action = self.parse_action(action)
        self._check(action)
        player = self.current_player
        forced = self._forced
        countdown = self._countdown - 1
        if countdown < 0 or forced:  # (0 before the first action of a new, copied or restored state)
            self._base = (self._snapshot(), len(self._rows))
            countdown = self.SNAPSHOT_EVERY - 1
        self._countdown = countdown
        self._chance = chance = []
        self._version = next(_TICK)
        try:
            self._perform(action)
        except BaseException:
            self._chance = None
            self._rollback(len(self._rows), forced)
            raise
        self._version = next(_TICK)
        # what _commit does (for outcomes() and the searches), inline: this runs once per action
        self._chance = None
        extras = self._log_extras() if self.LOG_EXTRAS else None
        if chance:
            extras = {"chance": chance, **extras} if extras else {"chance": chance}
        row = (_ROW_MAKERS.get(type(action)) or _row_maker(action))(player, action)
        if extras:
            row.append(extras)
        rows = self._rows  # Log.append, inline
        tail = rows._tail
        tail.append(row)
        if len(tail) == LOG_CHUNK:
            rows._freeze()
        return self

    def refusal(self, action: Any) -> IllegalAction | None:
        """The :class:`IllegalAction` that :meth:`apply` would raise for ``action`` now (its text is
        read as :meth:`apply` reads it), or ``None`` when it is legal; the state is not changed.
        This is the check the legal list agrees with (rule ``protocol-legal-actions``)."""
        try:
            self._checked(action)
        except IllegalAction as err:
            return err
        return None

    def _checked(self, action: Any) -> Any:
        """The check that :meth:`apply`, :meth:`refusal` and :meth:`outcomes` make, in one place:
        a finished game refuses every action, object or text, with rule ``protocol-game-over``; a
        text is read by :meth:`parse_action`; then the game's own check (the hook :meth:`_check`)
        runs. Returns the action (read from its text); raises :class:`IllegalAction`. A game
        implements :meth:`_check` and :meth:`_parse`, never this or :meth:`refusal` (see
        :meth:`__init_subclass__`)."""
        if self.is_over():
            raise IllegalAction(f"the game is over; {action} cannot be played", "protocol-game-over")
        if isinstance(action, str):
            action = self.parse_action(action)
        self._check(action)
        return action

    def _commit(self, player: int | None, action: Any) -> None:
        """Write the action just carried out to the log, with its chance results and extras."""
        self._version = next(_TICK)
        chance = self._chance
        self._chance = None
        extras = self._log_extras()
        if chance:
            extras = {"chance": chance, **extras} if extras else {"chance": chance}
        self._rows.append(_row(player, action, extras))

    def parse_action(self, text: str) -> Any:
        """The action that ``text`` names, in the game's one text form per action (``str(action)``
        reads back to ``action``). Unreadable text raises :class:`IllegalAction` (rule
        ``protocol-legal-actions``); whether the action is legal now is :meth:`apply`'s check.

        A game overrides :meth:`_parse` to read its texts; without it, the text must be that of
        exactly one legal action.
        """
        if not isinstance(text, str):
            raise IllegalAction(f"an action text is a string, not {text!r}", "protocol-legal-actions")
        action = self._parse(text.strip())
        if action is None:
            raise IllegalAction(f"{text!r} is not an action of {self.game.title}", "protocol-legal-actions")
        return action

    def _parse(self, text: str) -> Any:
        """Hook: the action written ``text``, or ``None`` if no action is written so. The default
        looks the text up among the legal actions' texts."""
        matches = [a for a in self.legal_actions() if str(a) == text]
        if len(matches) > 1:
            raise IllegalAction(f"{text!r} names {len(matches)} different legal actions", "protocol-legal-actions")
        if not matches:
            raise IllegalAction(f"{text!r} is not one of the legal actions now", "protocol-legal-actions")
        return matches[0]

    def checkpoint(self) -> State:
        """Take a snapshot of the present position now: the one a failed action is undone to (see
        :meth:`apply`). A position set up by hand needs it only when it was changed by hand after
        an action was applied to it (before its first action a snapshot is taken anyway). Also
        moves the version on (:meth:`changed`). Returns the state."""
        self.changed()
        self._base = (self._snapshot(), len(self._rows))
        self._countdown = self.SNAPSHOT_EVERY
        self._origin = ("checkpoint", len(self._rows))
        return self

    @classmethod
    def copied_fields(cls) -> dict[str, str]:
        """Every field a copy of this class's states copies, with how (:data:`COPY_KINDS`): the
        engine's own (the generator, the log, the kept values...) and the game's :attr:`MUTABLE`."""
        return {**_ENGINE_FIELDS, **(cls.MUTABLE or {})}

    #: The engine's fields that copies share, being immutable or written once: the game, the
    #: options, where the state came from, the last save's text of the log, the forced results.
    ENGINE_SHARED: ClassVar[tuple[str, ...]] = ("game", "options", "_origin", "_log_json", "_forced", "_by_options")

    def touch(self, *parts: str) -> None:
        """Move the named parts of the position on (and the version): the values kept for them
        (``@kept(on=...)``, see :func:`kept`) are worked out again when next asked. A game calls it
        from the code that changes those parts."""
        self._version = stamp = next(_TICK)
        table = self._parts
        for part in parts:
            table[part] = stamp

    def changed(self) -> State:
        """Say that the position was changed by hand (outside its actions): the version and every
        part move on, so nothing kept from before is given again. A restore does it itself.
        Returns the state."""
        self._version = next(_TICK)
        self._parts = {}
        self._kept = {}
        return self

    def _snapshot(self) -> dict[str, Any]:
        """The state's fields, each declared mutable one (:attr:`MUTABLE`) a copy of its own: what
        :meth:`clone` copies and a failed action is undone from."""
        d = self.__dict__.copy()
        _copier(type(self))(d)
        if self.MUTABLE is None or self.MUTABLE is _UNDECLARED:  # a game that declares nothing: copy everything else deep
            skip = {"game", "options", "_origin", "_log_json", *self.shared_on_clone, *_ENGINE_FIELDS}
            memo: dict[int, Any] = {}
            for key, value in d.items():
                if key not in skip and type(value) not in _PLAIN:
                    d[key] = copy.deepcopy(value, memo)
        return d

    def _rollback(self, entries: int, forced: tuple[tuple[str, Any], ...]) -> None:
        """Put the state back as it was before a failed action, from the last snapshot (see
        :meth:`apply`); the actions logged since it (``entries``: the log's length before the
        action) are played again, which must write the same log rows again, chance results and
        all: every draw goes through :meth:`draw`, which logs it, so the same rows mean the same
        draws from the same generator."""
        base = self._base
        if base is None:
            raise RuntimeError("this state has no snapshot to undo a failed action from")
        snapshot, logged = base
        since = self._rows[logged:entries]  # the actions applied since the snapshot
        self._base = None
        self.__dict__.clear()
        self.__dict__.update(snapshot)
        self.changed()
        if len(self._rows) != logged:
            raise RuntimeError("the snapshot's log is not where it was taken")
        for row in since:
            chance = row[-1].get("chance", ()) if type(row[-1]) is dict else ()
            self._forced = tuple((c["what"], c["result"]) for c in chance if isinstance(c, dict) and c.get("forced"))
            self.apply(self._log_action(row))
        if len(self._rows) != entries or self._rows[logged:entries] != since:
            raise RuntimeError("playing the actions since the snapshot did not lead back to the state before the failed action")
        self._forced = forced

    def draw(self, event: Chance | Callable[[Rng], Any], what: str = "") -> Any:
        """Draw a random result with this state's generator and write it to the log.

        ``event`` is a declared chance event (:mod:`gamekit.chance`: a die, a pair of dice, a card
        from a pile, a shuffle), which knows its exact distribution as well as how to draw it, so
        :meth:`outcomes` can list what an action may lead to; its ``what`` names the draw in the
        log (``"d6"``, ``"red die"``, ``"grey-market fight"``). A plain function of the generator
        is still accepted (with ``what``), but its results cannot be listed. A result queued with
        :meth:`force` for this ``what`` is taken instead, without using the generator, and logged
        with ``"forced": true``.
        """
        if type(event) is Chance:
            sampler = event.sampler  # what event.sample calls
            what = event.what
        elif not isinstance(event, Chance):
            sampler = event
            event = None
        else:
            sampler = event.sample
            what = event.what
        script = self._script
        if script is not None:  # outcomes() is exploring this action: results come from its script
            if not script:
                raise ChanceNeeded(event if event is not None else Chance(what or "draw", sampler))
            result = script.pop(0)
            if type(result) not in _PLAIN:  # the engine may change what it draws (pop a dealt pile):
                result = copy.deepcopy(result)  # never the listed result itself, which other trials share
            if self._chance is not None:
                self._chance.append({"what": what, "result": _jsonable(result)} if what else _jsonable(result))
            return result
        forced = self._forced
        if forced:
            for i, (name, result) in enumerate(forced):
                if name == what:
                    self._forced = forced[:i] + forced[i + 1:]
                    if self._chance is not None:
                        self._chance.append({"what": what, "result": _jsonable(result), "forced": True})
                    return result
        result = sampler(self.rng)
        chance = self._chance
        if chance is not None:
            value = result if type(result) in _PLAIN else _jsonable(result)
            chance.append({"what": what, "result": value} if what else value)
        return result

    def force(self, what: str, *results: Any) -> State:
        """Queue chance results: the next draws named ``what`` (see :meth:`draw`) give ``results``,
        in order, instead of rolling. For tests and for "what if" questions in notebooks::

            state.force("d6", 6, 6).apply("roll").apply("roll")   # two sixes

        A forced result must be one the draw could give; one the rules cannot use makes the action
        fail, and the state stays as it was (see :meth:`apply`). Forced results are not saved.
        Returns the state.
        """
        if not isinstance(what, str) or not what:
            raise ValueError("force needs the name of the draw (its 'what' in the log)")
        self._forced = self._forced + tuple((what, r) for r in results)
        return self

    def clear_forced(self) -> State:
        """Drop the chance results queued by :meth:`force` and not drawn yet. Returns the state."""
        self._forced = ()
        return self

    @property
    def forced(self) -> tuple[tuple[str, Any], ...]:
        """The chance results queued by :meth:`force` and not drawn yet, as ``(what, result)`` pairs."""
        return self._forced

    def reveal(self, what: str, result: Any) -> None:
        """Write to the log a result that chance fixed earlier, such as the top card of a pile
        shuffled before (the shuffle itself was drawn with :meth:`draw`)."""
        if self._chance is not None:
            self._chance.append({"what": what, "result": _jsonable(result)})

    def clone(self) -> State:
        """An independent copy (its generator too), so trying a move never disturbs this one.

        Made from the one declaration of the state's mutable fields (:attr:`MUTABLE`): each is
        copied as declared, everything else (immutable values, :attr:`shared_on_clone`, the game,
        the options) is shared, and so are the log's rows (a :class:`Log`: the copy owns at most
        its last open chunk, so a clone costs the same however long the game). The values kept for
        the position (:func:`kept`) are kept by the copy too; it takes its own snapshot before its
        first action."""
        new = self.__class__.__new__(self.__class__)
        new.__dict__ = self._snapshot()
        return new

    def __deepcopy__(self, memo: dict[int, Any]) -> State:
        """:meth:`clone` (``copy.deepcopy`` of a state, or of something holding one)."""
        new = self.clone()
        memo[id(self)] = new
        return new

    # -- chance, listed ----------------------------------------------------------------------
    def outcomes(self, action: Any, limit: int = LIST_LIMIT) -> list[Outcome]:
        """Every way ``action`` can turn out, with its exact probability.

        Each :class:`Outcome` holds the probability (a ``Fraction``; they sum to 1), the chance
        results drawn while the action is carried out (``(what, result)`` pairs, in order) and
        the position after it (a copy; this state is not changed). An action that draws nothing
        has one outcome, of probability 1. An illegal action raises :class:`IllegalAction`.

        Cards from a pile that was shuffled earlier are not chance now but hidden information
        (see :meth:`observation` and :meth:`determinize`): the shuffle was the chance event.
        When the outcomes are more than ``limit`` (a full shuffle, an unbounded fight),
        :class:`TooManyOutcomes` says so: :meth:`sample_outcomes` draws seeded samples instead.
        Results queued with :meth:`force` are not used here.
        """
        action = self._checked(action)
        leaves: list[Outcome] = []
        todo: list[tuple[tuple[tuple[str, Any], ...], Fraction]] = [((), Fraction(1))]
        while todo:
            prefix, probability = todo.pop()
            trial = self._trial(prefix)
            player = trial.current_player
            try:
                trial._perform(action)
            except ChanceNeeded as unresolved:
                event = unresolved.event
                table = event.distribution(limit)
                if len(leaves) + len(todo) + len(table) > limit:
                    raise TooManyOutcomes(f"{action} has more than {limit:,} outcomes; "
                                          "draw seeded samples instead (state.sample_outcomes)") from None
                todo.extend((prefix + ((event.what, result),), probability * p) for result, p in reversed(table))
                continue
            trial._script = None
            trial._commit(player, action)
            leaves.append(Outcome(probability, prefix, trial))
        return leaves

    def scripted_trial(self, action: Any, results: list[Any], rng: Rng | None = None) -> State:
        """``action`` (checked already) carried out on a copy of this state whose draws give
        ``results`` in order, each written to the copy's log: the copy after it. Raises
        :class:`ChanceNeeded` naming the event when the action draws past ``results``, and
        ``RuntimeError`` when it draws fewer. ``rng``: the copy's generator (for an adapter that
        forbids drawing from it directly). How :meth:`outcomes` and the OpenSpiel adapter explore."""
        trial = self.clone()
        trial._forced = ()
        trial._script = list(results)
        trial._chance = []
        if rng is not None:
            trial.rng = rng
        player = trial.current_player
        trial._perform(action)
        if trial._script:
            raise RuntimeError(f"the action {action} drew fewer results than it was given")
        trial._script = None
        trial._commit(player, action)
        return trial

    def _trial(self, prefix: tuple[tuple[str, Any], ...]) -> State:
        trial = self.clone()
        trial._forced = ()
        trial._script = [result for _, result in prefix]
        trial._chance = []
        return trial

    def sample_outcomes(self, action: Any, n: int, seed: int = 0) -> list[Outcome]:
        """``n`` seeded samples of how ``action`` may turn out (probability ``None``): for actions
        whose outcomes are too many to list. The same seed gives the same samples; this state is
        not changed, and its own generator is not used."""
        action = self._checked(action)
        rng = Rng(seed, stream=7)
        out = []
        for _ in range(n):
            trial = self.clone()
            trial._forced = ()
            trial.rng = Rng(rng.next_u32() << 32 | rng.next_u32())
            trial._advance(action)
            chance = trial._rows[-1][-1].get("chance", []) if type(trial._rows[-1][-1]) is dict else []
            out.append(Outcome(None, tuple((c["what"], c["result"]) if isinstance(c, dict) else ("", c)
                                           for c in chance), trial))
        return out

    def advance(self, action: Any) -> None:
        """Check and carry out an action like :meth:`apply`, without the means to undo a failure
        (for copies that exist only to be explored, such as :meth:`determinize`'s and a search's,
        and for a tournament's games, whose bots choose among the legal actions). An illegal action
        still raises :class:`IllegalAction` before anything changes; ``action`` is an action value,
        not a text."""
        self._check(action)
        player = self.current_player
        self._chance = []
        self._version = next(_TICK)
        self._perform(action)
        self._commit(player, action)

    _advance = advance  # the name it had (other branches of the project may still call it)

    # -- what each player may see ----------------------------------------------------------
    def observation(self, player: int) -> Any:
        """What ``player`` may see now, as JSON-ready data: the public position and the
        player's own hidden things (their hand, their own contracts or cards), never the order of
        a pile, another player's hidden things or a card not yet revealed. Two positions that
        differ only in what ``player`` cannot see give the same observation."""
        self._check_player(player)
        return self._observation(player)

    def determinize(self, player: int, seed: int = 0) -> State:
        """A full position that ``player`` cannot tell from this one: everything they cannot see
        (other players' hidden cards, the order of the piles, the generator, so future dice too)
        drawn again at random, seeded by ``seed``, consistent with :meth:`observation`.

        It depends only on the player's observation and the seed, so a bot that plays on it
        cannot use what it may not know. Its log is empty (past hidden draws are in the log), and
        a failed action cannot be undone on it: it is a copy for thinking, not for playing. Its
        ``seed`` is ``seed`` (the game's own seed would give away the piles' order)."""
        self._check_player(player)
        rng = Rng(seed, stream=11)
        new = self._determinize(player, rng)
        new.changed()  # its hidden parts were drawn again by hand: nothing kept before holds
        new.for_thinking = True
        new._rows = Log()
        new._entries = []
        new._forced = ()
        new._script = None
        new._chance = None
        new._origin = None
        new.seed = seed  # the game's own seed would give away the order of every pile
        new.rng = Rng(rng.next_u32() << 32 | rng.next_u32())
        return new

    def _check_player(self, player: Any) -> None:
        if not is_integer(player) or not 0 <= player < self.players:
            raise ValueError(f"there is no player {player!r} in this {self.players}-player game")

    def _observation(self, player: int) -> Any:
        """Hook: what ``player`` may see (see :meth:`observation`). This default is that of a game
        of perfect information, which shows everyone the whole position (its saved data); a game
        that hides something overrides it, and :class:`Game` refuses one that does not."""
        return _copy_json(self._to_data())

    def _determinize(self, player: int, rng: Rng) -> State:
        """Hook: a copy of this state whose hidden parts (for ``player``) are drawn again with
        ``rng``, from what ``player`` knows only (see :meth:`determinize`). A game with no hidden
        information (declared on its :class:`Game`) needs none: the copy is ``self.clone()``; the
        generator is replaced by the caller. A game that hides something overrides it, and
        :class:`Game` refuses one that does not."""
        return self.clone()

    @property
    def end_reason(self) -> str:
        """Why the game ended, in words a reader can be shown, citing the rule (``""`` while it
        goes on). Every game says it in its own terms; this is the words for a game that does not."""
        return "the game has ended (rule protocol-game-over)" if self.is_over() else ""

    def winners(self) -> list[int]:
        """The players with the highest score (more than one on a tie); empty before the end."""
        if not self.is_over():
            return []
        scores = self.scores()
        best = max(scores.values())
        return [p for p, s in scores.items() if s == best]

    def _save(self) -> dict[str, Any]:
        """The save as a dict that still holds the live log and whatever ``_to_data`` returned:
        only for writing out at once (``to_json``), never to hand out."""
        return {
            "game": self.game.name,
            "format": SAVE_FORMAT,
            "players": self.players,
            "seed": self.seed,
            "options": _jsonable(self.options),
            "rng": self.rng.getstate(),
            "state": self._to_data(),
            "actions": action_fields(type(self)),
            "log": self._rows,
        }

    def to_data(self) -> dict[str, Any]:
        """The save as JSON-ready data (what :meth:`to_json` writes); it shares nothing with this state."""
        save = self._save()
        save["log"] = save["log"].list()
        return _copy_json(save)

    def state_data(self) -> dict[str, Any]:
        """The position alone as JSON-ready data: the save's ``"state"`` without the options, the
        generator or the log (``to_data()["state"]`` at a fraction of its cost late in a game); it
        shares nothing with this state."""
        return _copy_json(self._to_data())

    def to_json(self, indent: int | None = None) -> str:
        """Everything needed to restore this state exactly with ``game.from_json``.

        The text is written straight from the live state (no copy of the log is made). The log's
        rows are written once, never changed, so the state keeps the text of the rows it has
        written: a later save writes only the rows added since (a game saved after every move
        costs one pass of the JSON encoder over the position and the new rows, not the whole log).
        The text is the same as one pass over everything would write.
        """
        save = self._save()
        if indent is not None:
            save["log"] = save["log"].list()
            return json.dumps(save, indent=indent, sort_keys=True, check_circular=False)
        log = save.pop("log")
        # the keys in order, as sort_keys writes them, with the log's text between them
        before = _ENCODER.encode({k: v for k, v in save.items() if k < "log"})
        after = _ENCODER.encode({k: v for k, v in save.items() if k > "log"})
        return f'{before[:-1]}, "log": {self._log_text(log)}, {after[1:]}'

    def _log_text(self, rows: Log) -> str:
        """The JSON text of ``rows`` (the log), from the text kept at the last save plus the rows
        added since. The kept text is used only while the row it ended with is still at its place
        in this log (a log replayed or replaced holds other rows: it is written again)."""
        kept = self.__dict__.get("_log_json")  # (a state made without __init__ may have none)
        count = len(rows)
        if kept is not None and 0 < kept[0] <= count and rows[kept[0] - 1] is kept[1]:
            done, _, text = kept
            if done < count:
                text = f"{text[:-1]}, {_ENCODER.encode(rows[done:])[1:]}"
        else:
            text = _ENCODER.encode(rows.list() if type(rows) is Log else rows)
        if count:
            self._log_json = (count, rows[-1], text)
        return text

    def __repr__(self) -> str:
        status = "over" if self.is_over() else f"player {self.current_player} to act"
        return f"<{self.game.title}: {self.players} players, seed {self.seed}, {len(self._rows)} actions, {status}>"
