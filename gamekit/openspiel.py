"""Every gamekit game as an OpenSpiel game (the optional extra ``openspiel``: ``pip install "gamekit-rulebook[openspiel]"``).

>>> import gamekit.openspiel                                   # doctest: +SKIP
>>> game = gamekit.openspiel.game("itc", players=3)            # doctest: +SKIP
>>> game.num_distinct_actions(), game.max_chance_outcomes()    # doctest: +SKIP
(8889, 1000)
>>> import pyspiel; pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)   # doctest: +SKIP

:func:`game` returns a ``pyspiel.Game``: a Python game registered with ``pyspiel.register_game``
under the short name ``gamekit_<name>`` (dashes become underscores, e.g. ``gamekit_auf_achse``),
so ``pyspiel.load_game("gamekit_itc(players=3)")`` works too once this module is imported (a game
registered with gamekit later, such as Pig, by :func:`game` or :func:`register`). Every
OpenSpiel algorithm that runs on a sequential game with explicit chance runs on it.

Chance
------
Chance nodes are made from the engines' declared events (:mod:`gamekit.chance`), never by scripting
the generator: an action (or the setup) is carried out on a copy of the position with the chance
results chosen so far (the same ``_script`` / ``_Unresolved`` mechanism as
:meth:`gamekit.State.outcomes`); when it draws past them, the OpenSpiel state is a chance node for
that event, whose ``chance_outcomes()`` are the event's exact distribution (``Fraction`` made
``float``). A chance outcome's id is its index in the event's ``distribution()`` (equal results
merged into the first), so ids are stable within an event. An event with one outcome is taken
without a node. A shuffle with more orders than the game's chance limit (its declared
``chance_limit``, 1,000 by default) is drawn one position at a time: each node offers the distinct items still unplaced, with
probability proportional to their copies, the id being the item's first index in the event's
``.items``; the last position follows. The setup's draws (the board, the decks) are chance nodes
of the initial state in the same way. ``max_chance_outcomes`` is the chance limit.

An engine that still draws without declaring (``state.draw(function, what)`` or its generator
used directly) cannot be a chance node: the adapter raises :class:`UndeclaredChance` naming the
draw (its ``what``, or the engine's line that used the generator), at the first state that meets it.

Actions
-------
A player action's id is its index in the game's action space: every action the game can have for
the given players and options, enumerated once from the action dataclasses' bounded fields, in
the order of the state class's ``action_types`` and, within a type, of its fields (each field's
values in the order listed below, the last field varying fastest): each game declares its space
on its :class:`~gamekit.Game` (``action_space``, a function of a sample state; a game whose
actions have no fields needs none). The enumeration reads only
the game's fixed tables and the options, so ids are the same in every process.
``action_to_string`` is the action's text (``str(action)``, which ``state.parse_action`` reads back).

- ``pig``: ``roll`` 0, ``hold`` 1.
- ``itc``: sales marker by place (the six continents, then the grey market); draw action card;
  choose dice (blue+green, blue+red, green+red); keep die (blue, green, red); place transport:
  card (0 to the card table's size - 1) x route (truck, train, ship, plane) x lane (1 to the
  route's lanes) x under ("", express, smuggling, mega); move transport: card x lane 1-3; express
  card; deliver: card x continent; sell: place x colours 1-6; attack; play card by kind (the
  action card kinds); discard card; end turn.
- ``auf-achse``: place truck on a node (the network's cities and road spaces, its order: a truck
  may start on any space with ``start_anywhere``); roll; use die 1-6; step to a node; stop; load
  and unload by contract (0 to the contract table's size - 1); buy trailer (large, small); choose
  public contract by slot (0 to the longest face-up row the options allow, less 1); decline; bid
  offer 1-5; pass; take public contract by slot; end turn; put the sign on a node; keep the
  contract in hand; hand back a trailer (large, small).
- ``catan``, ``factories``, ``trade-feud``: ids of the board's topology (``state.topo``): roll;
  end turn; road by edge; settlement, city (and factory, invest) by intersection; peg by hole 0-2;
  discard by resource (brick, lumber, wool, grain, ore); robber: hex x victim (-1 for nobody, then
  players 0..n-1); rotate factory: intersection x step (-1, +1); bank trade: give x get x count
  (2, 3, 4); offer: player x one resource given x one received (the only offers the engine
  makes); accept; decline; buy development card; knight; road building; year of plenty by pair
  (first <= second in resource order); monopoly by resource; ship by edge; move ship: edge x edge;
  pirate: hex x victim. Only the types of the variant's ``action_types`` are listed.
- ``transportspelet``: dispatch: card (1-50) x vehicle (ship, train, car, plane) x stop (the
  map's cities) x insured (no, yes); continue: card x vehicle x stop; wait by card (0-50);
  borrow by amount (one loan unit up to the loan limit, in units); roll; assign: first card x first
  die 1-6 x second die 1-6; pass.

An action outside the declared space (an engine that grew a new action) raises ``ValueError``
naming it, so the enumeration is kept in step with the engines by the tests.

Returns, length, observations
-----------------------------
Returns are win shares: at the end the winners (``state.winners()``) share 1 equally and the others
get 0, so the game is constant-sum (utility sum 1, utilities from 0 to 1), rewarded at the end
only. A game reaching ``horizon`` player actions (a game parameter; OpenSpiel's own Pig uses a
horizon too) ends there: the players with the highest ``scores()`` share the win.
``max_game_length`` is the horizon. ``observation_string(player)`` is the JSON of
``state.observation(player)`` (keys sorted) where the engine declares observations; at a chance
node it is the position before the action. Information-state strings are provided only for
games of perfect information (Pig: the history), since gamekit's observation is the present
position as a player sees it, not a perfect-recall history. No tensors are provided.

Parameters: ``players`` (default: the game's least number), ``horizon``, and every option of the
game's options dataclass under its own name: a number or flag as itself, a text with ``%``,
``,``, ``(``, ``)`` and ``=`` escaped as ``%XX`` (so the game's string reads back), anything else
(tuples, optional values) as its JSON text escaped so (a bare number with a space before it, so it
stays text). :func:`game` writes them from Python values.
"""

from __future__ import annotations

import dataclasses
import inspect
import json
import os
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import gamekit

from .chance import Chance
from .core import ChanceNeeded, State, jsonable
from .rng import Rng

try:
    import pyspiel
except ImportError as err:  # pragma: no cover - the extra is missing
    raise ImportError("gamekit.openspiel needs OpenSpiel: pip install 'gamekit-rulebook[openspiel]' "
                      "(the open_spiel wheel from PyPI)") from err

__all__ = ["game", "register", "register_all", "short_name", "action_space", "gamekit_state", "exact_chance_outcomes",
           "chance_event", "UndeclaredChance", "GameSpec", "spec"]

#: The largest number of outcomes one chance node lists (unless a game says otherwise).
CHANCE_LIMIT = 1_000
#: The default horizon (player actions) of the five games: far beyond any game played at random
#: (the longest seen, Auf Achse with three players, about 17,000).
HORIZON = 100_000


class UndeclaredChance(RuntimeError):
    """An engine drew a random result that is not a declared chance event, so it cannot be an
    OpenSpiel chance node. The message names the draw."""


# -- the action spaces -----------------------------------------------------------------------------


@dataclass(frozen=True)
class GameSpec:
    """What the adapter needs to know of one game beyond the protocol, read from what the game
    declares on its :class:`~gamekit.Game` (:func:`spec`)."""

    #: the actions by type with fields, from a sample state of the players and options (types
    #: without fields need nothing: they have one action)
    space: Callable[[Any], dict[type, list[Any]]]
    #: no hidden information at all (then information-state strings are the history)
    perfect_information: bool = False
    #: player actions after which a game is cut off (the players ahead share the win)
    horizon: int = HORIZON
    #: the most outcomes one chance node lists; longer shuffles are drawn one position at a time
    chance_limit: int = CHANCE_LIMIT


def _fieldless(state: Any) -> dict[type, list[Any]]:
    """The action space of a game whose actions have no fields (each type is one action)."""
    return {}


def spec(game_name: str) -> GameSpec:
    """The adapter's view of ``game_name``: its declared ``action_space`` (none: only fieldless
    actions), ``perfect_information``, ``horizon`` (default :data:`HORIZON`) and ``chance_limit``
    (default :data:`CHANCE_LIMIT`)."""
    gk = gamekit.game(game_name)
    return GameSpec(gk.declared("action_space") or _fieldless, perfect_information=gk.perfect_information,
                    horizon=gk.horizon or HORIZON, chance_limit=gk.chance_limit or CHANCE_LIMIT)


class ActionSpace:
    """A game's player actions, enumerated: ``id(action)`` and ``action(id)``."""

    def __init__(self, name: str, action_types: Sequence[type], listed: dict[type, list[Any]]) -> None:
        actions: list[Any] = []
        for kind in action_types:
            if not dataclasses.fields(kind):
                actions.append(kind())
            elif kind in listed:
                actions.extend(listed[kind])
            else:
                raise ValueError(f"gamekit.openspiel does not enumerate the {name} action {kind.__name__}: "
                                 f"declare its fields' values in the game's action_space (gamekit.Game)")
        self.name = name
        self.actions: tuple[Any, ...] = tuple(actions)
        self._ids = {a: i for i, a in enumerate(actions)}
        if len(self._ids) != len(actions):
            raise ValueError(f"the {name} action space lists an action twice")

    @property
    def size(self) -> int:
        return len(self.actions)

    def id(self, action: Any) -> int:
        found = self._ids.get(action)
        if found is None:
            raise ValueError(f"{action!r} ({action}) is outside the {self.name} action space that "
                             f"gamekit.openspiel enumerates (the game's declared action_space)")
        return found

    def action(self, action_id: int) -> Any:
        if not 0 <= action_id < len(self.actions):
            raise ValueError(f"no {self.name} action has the id {action_id} (0-{len(self.actions) - 1})")
        return self.actions[action_id]


# -- the game instances (game, players, options, horizon) -------------------------------------------


class _NoDraws(Rng):
    """The generator of every position the adapter explores: chance comes only from declared
    events, so any direct use of it is an undeclared draw, reported with the engine's line."""

    __slots__ = ()

    def next_u32(self) -> int:
        root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
        generator = (os.path.abspath(inspect.getfile(Rng)), os.path.abspath(__file__))
        where = "an unknown place"
        for frame in inspect.stack()[1:]:
            path = os.path.abspath(frame.filename)
            if path not in generator:  # the first caller outside the generator: the engine's line
                shown = os.path.relpath(path, root) if path.startswith(root + os.sep) else path
                where = f"{shown}:{frame.lineno} (in {frame.function})"
                break
        raise UndeclaredChance(f"draws from the generator directly at {where}, not through a declared "
                               "chance event (gamekit.chance with state.draw), so OpenSpiel cannot list it")

    def randbelow(self, n: int) -> int:
        """Refused like every draw (:meth:`Rng.randbelow` steps the generator itself, not through
        :meth:`next_u32`)."""
        return self.next_u32()


_SEEDED = Rng(0)


def _no_draws() -> Rng:
    return _NoDraws.fromstate(_SEEDED.getstate())


class _Setup:
    """The pending "action" of the initial state: the game's setup (one object, also when unpickled)."""

    def __reduce__(self) -> str:
        return "_SETUP"

    def __repr__(self) -> str:
        return "setup"


_SETUP = _Setup()


class _Instance:
    """One game for given players, options and horizon: its gamekit game, action space, limits."""

    def __init__(self, name: str, players: int, options: Any, horizon: int) -> None:
        self.name = name
        self.gk = gamekit.game(name)
        self.spec = spec(name)
        self.players = players
        self.options = options
        self.horizon = horizon
        self.chance_limit = self.spec.chance_limit
        fields = {f.name: getattr(options, f.name) for f in dataclasses.fields(options)}
        sample = self.gk.new(players=players, seed=0, **fields)
        self.space = ActionSpace(name, self.gk.state_class.action_types, self.spec.space(sample))
        self.key = (name, players, options, horizon)
        self._root: _Node | None = None

    def root(self) -> _Node:
        if self._root is None:
            self._root = _Node(self, None, _SETUP, (), (), 0)
        return self._root


_INSTANCES: dict[tuple[Any, ...], _Instance] = {}


def _instance(name: str, players: int, options: Any, horizon: int) -> _Instance:
    key = (name, players, options, horizon)
    found = _INSTANCES.get(key)
    if found is None:
        found = _INSTANCES[key] = _Instance(name, players, options, horizon)
    return found


def _where(action: Any) -> str:
    return "the setup" if action is _SETUP else f"the action {action}"


def _run(inst: _Instance, base: State | None, action: Any, prefix: tuple[Any, ...]) -> tuple[State | None, Chance | None]:
    """Carry out ``action`` (or the setup) on a copy of ``base`` whose draws give the results of
    ``prefix`` (``(what, result)`` pairs) in order: the position after it, or the event it draws
    past the prefix."""
    results = [_fresh(result) for _, result in prefix]  # the engine may change a result (a deck)
    try:
        if action is _SETUP:
            trial = inst.gk.scripted_setup(inst.players, inst.options, results, _no_draws())
        else:
            assert base is not None
            trial = base.scripted_trial(action, results, _no_draws())  # the machinery of State.outcomes
    except ChanceNeeded as needed:
        return None, needed.event
    except UndeclaredChance as err:
        raise UndeclaredChance(f"{inst.name}: {_where(action)} {err}") from None
    except RuntimeError as err:
        raise RuntimeError(f"{inst.name}: {_where(action)}: {err}") from None
    return trial, None


def _fresh(value: Any) -> Any:
    """A copy of a chance result sharing no list or dict with it (the engine owns what it draws)."""
    kind = type(value)
    if kind is list:
        return [_fresh(v) for v in value]
    if kind is dict:
        return {k: _fresh(v) for k, v in value.items()}
    if kind is tuple:
        return tuple(_fresh(v) for v in value)
    return value


def _key(value: Any) -> Any:
    """A hashable stand-in for a result (lists and tuples as tuples, dicts as sorted pairs)."""
    if isinstance(value, (list, tuple)):
        return tuple(_key(v) for v in value)
    if isinstance(value, dict):
        return tuple(sorted((k, _key(v)) for k, v in value.items()))
    return value


_TABLES: dict[int, tuple[Chance, int, list[tuple[Any, Fraction]] | None]] = {}  # id(event) -> (event, limit, table)


def _table(inst: _Instance, event: Chance, action: Any) -> list[tuple[Any, Fraction]] | None:
    """The event's outcomes, equal results merged (``None``: a shuffle drawn position by position);
    remembered for events the engines declare once (a module's dice), which are met again and again."""
    found = _TABLES.get(id(event))
    if found is not None and found[0] is event and found[1] == inst.chance_limit:
        return found[2]
    table = _list(inst, event, action)
    if len(_TABLES) >= 1024:
        _TABLES.clear()
    _TABLES[id(event)] = (event, inst.chance_limit, table)  # the event is held, so its id is not reused
    return table


def _list(inst: _Instance, event: Chance, action: Any) -> list[tuple[Any, Fraction]] | None:
    items = getattr(event, "items", None)
    if items is not None and not event.listable(inst.chance_limit):
        if len(items) > inst.chance_limit:
            raise UndeclaredChance(f"{inst.name}: the shuffle {event.what!r} in {_where(action)} has {len(items)} items, "
                                   f"more than the {inst.chance_limit} chance outcomes the game declares")
        return None
    if not event.has_distribution or event.count() is None:
        raise UndeclaredChance(f"{inst.name}: the draw {event.what!r} in {_where(action)} is not a declared chance "
                               "event with a listed distribution (it is drawn by a plain function, or is unbounded), "
                               "so OpenSpiel cannot make it a chance node; declare it with gamekit.chance")
    if not event.listable(inst.chance_limit):
        raise UndeclaredChance(f"{inst.name}: the draw {event.what!r} in {_where(action)} has {event.count():,} "
                               f"outcomes, more than the {inst.chance_limit:,} one chance node lists")
    merged: dict[Any, int] = {}
    table: list[list[Any]] = []
    for result, p in event.distribution(inst.chance_limit):
        k = _key(result)
        if k in merged:
            table[merged[k]][1] += p
        else:
            merged[k] = len(table)
            table.append([result, p])
    return [(r, p) for r, p in table]


class _Node:
    """One position of the OpenSpiel game, never changed once made (so clones share it): a gamekit
    position (``base``) and, while chance is being resolved, the ``action`` being carried out (or
    the setup), the chance results drawn so far (``prefix``) and, inside a long shuffle, the item
    indices placed so far (``partial``). Resolved lazily and cached."""

    __slots__ = ("inst", "base", "action", "prefix", "partial", "moves", "_event", "_table", "_legal", "_text",
                 "_outcomes", "_ids")

    def __init__(self, inst: _Instance, base: State | None, action: Any, prefix: tuple[Any, ...],
                 partial: tuple[int, ...], moves: int) -> None:
        self.inst = inst
        self.base = base
        self.action = action
        self.prefix = prefix
        self.partial = partial
        self.moves = moves
        self._event: Chance | None = None
        self._table: list[tuple[Any, Fraction]] | None = None
        self._legal: list[int] | None = None
        self._text: str | None = None
        self._outcomes: list[tuple[int, Any, Fraction]] | None = None
        self._ids: dict[int, Any] | None = None

    def __deepcopy__(self, memo: dict[int, Any]) -> _Node:
        return self  # immutable: OpenSpiel's clone shares it

    def __reduce__(self) -> tuple[Any, ...]:
        self.resolve()
        base = None if self.base is None else self.base.to_json()
        inst = self.inst
        return _rebuild, (inst.key, base, self.action, self.prefix, self.partial, self.moves)

    def resolve(self) -> None:
        """Carry the pending action on until it is done or meets an event with more than one outcome."""
        if self.action is None or self._event is not None:
            return
        inst = self.inst
        prefix = self.prefix
        while True:
            position, event = _run(inst, self.base, self.action, prefix)
            if position is not None:
                self.base, self.action, self.prefix, self.partial = position, None, (), ()
                return
            assert event is not None
            table = _table(inst, event, self.action)
            if table is not None and len(table) == 1:
                prefix += ((event.what, table[0][0]),)
                continue
            if table is None and len({_key(x) for x in event.items}) == 1:  # type: ignore[attr-defined]
                prefix += ((event.what, list(event.items)),)  # type: ignore[attr-defined]
                continue
            self.prefix, self._event, self._table = prefix, event, table
            return

    # -- what OpenSpiel asks -----------------------------------------------------------------
    def is_chance(self) -> bool:
        self.resolve()
        return self.action is not None

    def is_terminal(self) -> bool:
        self.resolve()
        return self.action is None and (self.base.is_over() or self.moves >= self.inst.horizon)

    def player(self) -> int:
        if self.is_chance():
            return int(pyspiel.PlayerId.CHANCE)
        if self.is_terminal():
            return int(pyspiel.PlayerId.TERMINAL)
        return self.base.current_player

    def exact_outcomes(self) -> list[tuple[int, Any, Fraction]]:
        """``(id, result, exact probability)`` of each outcome, ids ascending (inside a long
        shuffle the result is the item placed next)."""
        if self._outcomes is None:
            assert self.is_chance()
            if self._table is not None:
                self._outcomes = [(i, r, p) for i, (r, p) in enumerate(self._table)]
            else:
                items = self._event.items  # type: ignore[union-attr]
                placed = set(self.partial)
                first: dict[Any, int] = {}
                count: dict[Any, int] = {}
                for i, item in enumerate(items):
                    k = _key(item)
                    first.setdefault(k, i)
                    if i not in placed:
                        count[k] = count.get(k, 0) + 1
                total = len(items) - len(placed)
                self._outcomes = sorted((first[k], items[first[k]], Fraction(n, total)) for k, n in count.items())
            self._ids = {i: r for i, r, _ in self._outcomes}
        return self._outcomes

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """``(id, probability)`` of each outcome, ids ascending."""
        return [(i, float(p)) for i, _, p in self.exact_outcomes()]

    def legal(self) -> list[int]:
        if self._legal is None:
            if self.is_chance():
                self._legal = [a for a, _ in self.chance_outcomes()]
            elif self.is_terminal():
                self._legal = []
            else:
                space = self.inst.space
                self._legal = sorted({space.id(a) for a in self.base.legal_actions()})
        return self._legal

    def child(self, action_id: int) -> _Node:
        inst = self.inst
        if self.is_chance():
            if self._table is not None:
                if not 0 <= action_id < len(self._table):
                    raise ValueError(f"{action_id} is not a chance outcome of {self._event.what!r}")  # type: ignore[union-attr]
                result = self._table[action_id][0]
                return _Node(inst, self.base, self.action, self.prefix + ((self._event.what, result),), (), self.moves)  # type: ignore[union-attr]
            self.exact_outcomes()
            if action_id not in self._ids:  # type: ignore[operator]
                raise ValueError(f"{action_id} is not a chance outcome of {self._event.what!r} now")  # type: ignore[union-attr]
            items = self._event.items  # type: ignore[union-attr]
            placed = set(self.partial)
            k = _key(items[action_id])
            chosen = next(i for i, item in enumerate(items) if i not in placed and _key(item) == k)
            partial = self.partial + (chosen,)
            placed.add(chosen)
            rest = [i for i in range(len(items)) if i not in placed]
            if len({_key(items[i]) for i in rest}) <= 1:  # the rest of the order follows
                order = [items[i] for i in partial + tuple(rest)]
                return _Node(inst, self.base, self.action, self.prefix + ((self._event.what, order),), (), self.moves)  # type: ignore[union-attr]
            child = _Node(inst, self.base, self.action, self.prefix, partial, self.moves)
            child._event = self._event  # the same shuffle, one more position placed
            return child
        if self.is_terminal():
            raise ValueError("the game is over")
        action = inst.space.action(action_id)
        refusal = self.base.refusal(action)
        if refusal is not None:  # an illegal action raises IllegalAction, naming the rule
            raise refusal
        return _Node(inst, self.base, action, (), (), self.moves + 1)

    def action_text(self, player: int, action_id: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            if self.is_chance():
                self.exact_outcomes()
                if action_id in self._ids:  # type: ignore[operator]
                    what, result = self._event.what, self._ids[action_id]  # type: ignore[union-attr,index]
                    if self._table is None:
                        return f"{what}, position {len(self.partial) + 1}: {_text(result)}"
                    return f"{what}: {_text(result)}"
            return f"chance outcome {action_id}"
        return str(self.inst.space.action(action_id))

    def text(self) -> str:
        if self._text is None:
            self.resolve()
            lines = []
            if self.base is not None:
                lines.append(json.dumps(self.base.state_data(), sort_keys=True, separators=(",", ":")))
            lines.append(f"player actions: {self.moves}")
            if self.action is not None:
                drawn = ", ".join(f"{what}: {_text(result)}" for what, result in self.prefix) or "nothing"
                lines.append(f"resolving {_where(self.action)}; drawn so far: {drawn}"
                             + (f"; {self._event.what} so far: {list(self.partial)}" if self.partial else ""))  # type: ignore[union-attr]
            self._text = "\n".join(lines)
        return self._text

    def returns(self) -> list[float]:
        n = self.inst.players
        if not self.is_terminal():
            return [0.0] * n
        state = self.base
        if state.is_over():
            winners = state.winners()
        else:  # cut off at the horizon: the players ahead share the win
            scores = state.scores()
            best = max(scores.values())
            winners = [p for p, s in scores.items() if s == best]
        return [1 / len(winners) if p in winners else 0.0 for p in range(n)]

    def observation(self, player: int) -> str:
        self.resolve()
        if self.base is None:
            return "setup"
        return json.dumps(self.base.observation(player), sort_keys=True, separators=(",", ":"))


def _text(value: Any) -> str:
    value = jsonable(value)
    return value if isinstance(value, str) else json.dumps(value, separators=(",", " "))


def _rebuild(key: tuple[Any, ...], base: str | None, action: Any, prefix: tuple[Any, ...],
             partial: tuple[int, ...], moves: int) -> _Node:
    inst = _instance(*key)
    return _Node(inst, None if base is None else inst.gk.from_json(base), action, prefix, partial, moves)


# -- OpenSpiel's classes ---------------------------------------------------------------------------


def short_name(game_name: str) -> str:
    """The OpenSpiel short name of a gamekit game: ``gamekit_`` and its name, dashes as underscores."""
    return "gamekit_" + game_name.replace("-", "_")


_SCALARS = (bool, int, float)
_ESCAPES = {"%": "%25", ",": "%2C", "(": "%28", ")": "%29", "=": "%3D"}
_UNESCAPE = re.compile("|".join(re.escape(v) for v in _ESCAPES.values()))
_BACK = {v: k for k, v in _ESCAPES.items()}


def _escape(text: str) -> str:
    """Text that OpenSpiel's game strings carry unchanged (``name(key=value,...)``)."""
    return "".join(_ESCAPES.get(c, c) for c in text)


def _unescape(text: str) -> str:
    return _UNESCAPE.sub(lambda m: _BACK[m[0]], text)


def _encode(value: Any, default: Any) -> Any:
    """An option's value as an OpenSpiel parameter of the type its default gives (see the module docstring)."""
    kind = type(default)
    if kind in _SCALARS:
        return kind(value) if kind is float and type(value) is int else value
    if kind is str:
        return _escape(value) if type(value) is str else value
    text = _escape(json.dumps(jsonable(value), separators=(",", ":"), ensure_ascii=False))
    # a bare number or flag would be read back as one: a leading space keeps it text
    return " " + text if text in ("true", "false") or text.lstrip("+-").replace(".", "", 1).isdigit() else text


def _decode(value: Any, default: Any) -> Any:
    if type(default) in _SCALARS:
        return value
    if type(default) is str:
        return _unescape(value)
    return _tuples(json.loads(_unescape(value)))


def _tuples(value: Any) -> Any:
    return tuple(_tuples(v) for v in value) if isinstance(value, list) else value


class GamekitGame(pyspiel.Game):
    """A gamekit game as a ``pyspiel.Game`` (made by :func:`game` or ``pyspiel.load_game``)."""

    gamekit_name = ""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        name = self.gamekit_name
        gk = gamekit.game(name)
        declared = spec(name)
        defaults = gk.default_options()
        players = params.get("players", gk.min_players)
        horizon = params.get("horizon", declared.horizon)
        values = {}
        for f in dataclasses.fields(defaults):
            if f.name in params:
                values[f.name] = _decode(params[f.name], getattr(defaults, f.name))
        options = gk.make_options(**values)
        if not gk.min_players <= players <= gk.max_players:
            raise ValueError(f"{gk.title} is for {gk.min_players} to {gk.max_players} players, not {players}")
        if horizon < 1:
            raise ValueError(f"the horizon is a positive number of player actions, not {horizon}")
        self.instance = _instance(name, players, options, horizon)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.instance.space.size,
            max_chance_outcomes=self.instance.chance_limit,
            num_players=players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=1.0,
            max_game_length=horizon,
        )
        super().__init__(_TYPES[name], info, params)

    def new_initial_state(self) -> GamekitState:
        return GamekitState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> _Observer:
        if params:
            raise ValueError(f"gamekit games take no observation parameters, not {params}")
        return _Observer(self, iig_obs_type)


class GamekitState(pyspiel.State):
    """A position of a gamekit game as a ``pyspiel.State``; ``gamekit_state(state)`` gives the
    gamekit position itself."""

    def __init__(self, game: GamekitGame) -> None:
        super().__init__(game)
        self._node = game.instance.root()

    def current_player(self) -> int:
        return self._node.player()

    def _legal_actions(self, player: int) -> list[int]:
        return list(self._node.legal())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self._node.chance_outcomes()

    def _apply_action(self, action: int) -> None:
        self._node = self._node.child(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        return self._node.action_text(player, int(action))

    def is_terminal(self) -> bool:
        return self._node.is_terminal()

    def returns(self) -> list[float]:
        return self._node.returns()

    def __str__(self) -> str:
        return self._node.text()


class _Observer:
    """OpenSpiel's observer (``observation_string``; ``information_state_string`` for perfect
    information): strings only, no tensor."""

    def __init__(self, game: GamekitGame, iig_obs_type: Any) -> None:
        self.perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        title = game.instance.gk.title
        if not game.instance.spec.perfect_information:
            if self.perfect_recall:
                raise ValueError(f"{title} gives no information-state strings: gamekit's observation is the "
                                 "present position as a player sees it, not a perfect-recall history")
            if iig_obs_type is not None and not (iig_obs_type.public_info and iig_obs_type.private_info
                                                 == pyspiel.PrivateInfoType.SINGLE_PLAYER):
                raise ValueError(f"{title} observes only what one player sees (public and own private "
                                 "information together), as state.observation(player) gives it")
        import numpy as np

        self.tensor = np.zeros(0, np.float32)
        self.dict: dict[str, Any] = {}

    def set_from(self, state: GamekitState, player: int) -> None:
        pass

    def string_from(self, state: GamekitState, player: int) -> str:
        if self.perfect_recall:
            return state.history_str()
        return state._node.observation(player)


_TYPES: dict[str, Any] = {}


def register(game_name: str) -> Any:
    """Register a gamekit game with OpenSpiel (done by :func:`game`); returns its ``pyspiel.GameType``."""
    found = _TYPES.get(game_name)
    if found is not None:
        return found
    gk = gamekit.game(game_name)
    declared = spec(game_name)
    defaults = gk.default_options()
    parameters = {"players": gk.min_players, "horizon": declared.horizon}
    for f in dataclasses.fields(defaults):
        parameters[f.name] = _encode(getattr(defaults, f.name), getattr(defaults, f.name))
    T = pyspiel.GameType
    game_type = T(
        short_name=short_name(game_name),
        long_name=f"gamekit: {gk.title}",
        dynamics=T.Dynamics.SEQUENTIAL,
        chance_mode=T.ChanceMode.EXPLICIT_STOCHASTIC,
        information=T.Information.PERFECT_INFORMATION if declared.perfect_information else T.Information.IMPERFECT_INFORMATION,
        utility=T.Utility.CONSTANT_SUM,
        reward_model=T.RewardModel.TERMINAL,
        max_num_players=gk.max_players,
        min_num_players=gk.min_players,
        provides_information_state_string=declared.perfect_information,
        provides_information_state_tensor=False,
        provides_observation_string=True,  # every registered game says what each player may see
        provides_observation_tensor=False,
        parameter_specification=parameters,
    )
    cls = type(f"Gamekit_{game_name.replace('-', '_')}", (GamekitGame,), {"gamekit_name": game_name})
    _TYPES[game_name] = game_type
    pyspiel.register_game(game_type, cls)
    return game_type


def register_all() -> None:
    """Register every game of :func:`gamekit.games` (done on import, so ``pyspiel.load_game("gamekit_itc")``
    and ``pyspiel.deserialize_game_and_state`` find them; a game registered later with gamekit,
    such as Pig, is registered by :func:`game` or :func:`register`)."""
    for name in gamekit.games():
        register(name)


def game(game_name: str, players: int | None = None, horizon: int | None = None, **options: Any) -> Any:
    """The gamekit game ``game_name`` as a ``pyspiel.Game`` for ``players`` players (default: the
    game's least), cut off after ``horizon`` player actions (default: the game's declared horizon),
    with ``options`` (the game's settings, as Python values)."""
    gk = gamekit.game(game_name)
    register(game_name)
    gk.make_options(**options)  # an unknown setting is an error here, in the game's words
    defaults = gk.default_options()
    params: dict[str, Any] = {}
    if players is not None:
        params["players"] = players
    if horizon is not None:
        params["horizon"] = horizon
    for k, v in options.items():
        params[k] = _encode(v, getattr(defaults, k))
    return pyspiel.load_game(short_name(game_name), params)


def action_space(game_name: str, players: int | None = None, **options: Any) -> ActionSpace:
    """The enumerated player actions of a game (``.actions[id]``, ``.id(action)``)."""
    gk = gamekit.game(game_name)
    opts = gk.make_options(**options)
    declared = spec(game_name)
    return _instance(game_name, players if players is not None else gk.min_players, opts, declared.horizon).space


def gamekit_state(state: Any) -> State | None:
    """A copy of the gamekit position behind an OpenSpiel state, to read or to play on (at a chance
    node: the position before the action being resolved; ``None`` before the setup is done). OpenSpiel
    drew its chance, so the copy's generator is a fresh one (seed 0), and a failed action on it is
    undone back to this position (see ``State.checkpoint``)."""
    node = state._node
    node.resolve()
    if node.base is None:
        return None
    position = node.base.clone()
    position.rng = Rng(0)
    return position.checkpoint()


def exact_chance_outcomes(state: Any) -> list[tuple[int, Any, Fraction]]:
    """At a chance node: ``(id, result, exact probability)`` of each outcome, from the declared
    event (inside a long shuffle, the item placed next)."""
    return state._node.exact_outcomes()


def chance_event(state: Any) -> Chance:
    """At a chance node: the declared event being drawn."""
    node = state._node
    assert node.is_chance()
    return node._event  # type: ignore[return-value]


register_all()
