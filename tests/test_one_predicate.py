"""One rule, one predicate, in every game (label protocol-legal-actions): ``_check`` accepts an
action exactly when ``legal_actions`` lists it.

The candidates at each step are wider than the legal list: every legal action, and actions made
from them by changing one field to a value that field has had in a legal action of the game (of
any player, at any step so far), to a neighbouring number, or to a flipped flag; plus each action
type that has no fields. A legal candidate must pass the check; any other must be refused with
``IllegalAction`` (never another error), and checking changes nothing.

Every step of one short game of each game is checked with all its candidates, and many seeded
games are sampled: some steps of each, some candidates at each. Both at the printed defaults and
under changed settings (issue 33: every printed number is a setting, which the legal list and the
check must read alike): :func:`changed_settings` draws, from a seed, a few of the game's printed
numbers (field metadata ``kind="printed"``, :mod:`gamekit.settings`) and moves each a step away
from its printed value (a cost by one card of one resource).
"""

from __future__ import annotations

import dataclasses
import random
from collections import defaultdict
from typing import Any

import pytest

import gamekit
from gamekit.settings import PRINTED

GAMES = gamekit.games()  # every registered game (tests/test_registration.py runs this on a game of its own)


class Pools:
    """The values each field of each action type has had in legal actions so far."""

    def __init__(self) -> None:
        self.values: dict[tuple[type, str], dict[Any, None]] = defaultdict(dict)

    def learn(self, legal: list[Any]) -> None:
        for action in legal:
            if dataclasses.is_dataclass(action):
                for f in dataclasses.fields(action):
                    value = getattr(action, f.name)
                    try:
                        hash(value)
                    except TypeError:
                        continue
                    pool = self.values[type(action), f.name]
                    if value not in pool:
                        pool[value] = None
                        if len(pool) > 60:
                            pool.pop(next(iter(pool)))

    def mutations(self, action: Any, rnd: random.Random, per_field: int) -> list[Any]:
        out = []
        if not dataclasses.is_dataclass(action):
            return out
        for f in dataclasses.fields(action):
            if not f.init:
                continue
            value = getattr(action, f.name)
            others = list(self.values.get((type(action), f.name), ()))
            choices = rnd.sample(others, min(per_field, len(others)))
            if type(value) is int:
                choices += [value - 1, value + 1]
            elif type(value) is bool:
                choices.append(not value)
            for new in choices:
                if new == value and type(new) is type(value):
                    continue
                try:
                    out.append(dataclasses.replace(action, **{f.name: new}))
                except (TypeError, ValueError):
                    pass  # the action refuses to be made so at all (its own __post_init__)
        return out


def fieldless(state: Any) -> list[Any]:
    out = []
    for kind in state.action_types:
        if dataclasses.is_dataclass(kind) and all(
            f.default is not dataclasses.MISSING or f.default_factory is not dataclasses.MISSING or not f.init
            for f in dataclasses.fields(kind)
        ):
            try:
                out.append(kind())
            except (TypeError, ValueError):
                pass
    return out


def check_step(state: Any, legal: list[Any], candidates: list[Any], where: str, verify_unchanged: bool,
               known: frozenset[str] = frozenset()) -> list[Any]:
    """Check every candidate; return those of the action types in ``known`` (a disagreement found
    and reported, see :data:`KNOWN`) that pass the check but are not listed, failing on any other."""
    try:
        legal_set: Any = set(legal)
    except TypeError:
        legal_set = legal
    before = state.to_json() if verify_unchanged else None
    unlisted = []
    for action in candidates:
        listed = action in legal_set
        refusal = state.refusal(action)
        if refusal is not None:
            assert not listed, f"{where}: the legal action {action!r} is refused: {refusal}"
            continue
        if not listed and type(action).__name__ in known:
            unlisted.append(action)
            continue
        assert listed, f"{where}: {action!r} passes the check but is not a legal action"
    if verify_unchanged:
        assert state.to_json() == before, f"{where}: checking changed the state"
    return unlisted


def _moved(f: dataclasses.Field, rnd: random.Random) -> Any:
    """The printed number of field ``f`` moved a step from its printed value, within its range."""
    meta, default = f.metadata, f.default
    low, high = meta["low"], meta["high"]

    def step(value: int) -> int:
        size = max(1, abs(value) // 10)
        for sign in rnd.sample((-1, 1), 2):
            new = value + sign * size
            if (low is None or new >= low) and (high is None or new <= high):
                return new
        return value

    if meta["cost"] is not None:
        counts = dict(default)
        resource = rnd.choice(meta["cost"])
        counts[resource] = step(counts.get(resource, 0))
        return counts
    if meta.get("distinct"):  # faces of a die: one more, or one fewer
        others = [v for v in range(low, high + 1) if v not in default]
        if others and (len(default) == 1 or rnd.random() < 0.5):
            return tuple(sorted(default + (rnd.choice(others),)))
        return tuple(v for v in default if v != rnd.choice(default)) or default
    if meta["length"] is not None:
        values = list(default)
        i = rnd.randrange(len(values))
        values[i] = step(values[i])
        return tuple(values)
    return step(default)


#: How many samples of changed settings each game is run under; together they change every printed number.
SAMPLES = 5


def changed_settings(name: str, seed: int) -> dict[str, Any]:
    """Sample ``seed`` (1..:data:`SAMPLES`) of changed settings of game ``name``: its printed numbers
    are dealt, in an order fixed per game, into :data:`SAMPLES` groups, and sample ``seed`` moves each
    number of its group a step from its printed value (drawn again while the options refuse the
    combination), so that the samples together change every printed number."""
    game = gamekit.game(name)
    printed = [f for f in dataclasses.fields(game.options_class) if f.metadata.get("kind") == PRINTED]
    assert printed, f"{name} has no printed number as a setting"
    random.Random(name).shuffle(printed)
    group = printed[(seed - 1) % SAMPLES::SAMPLES]
    rnd = random.Random(f"{name} {seed}")
    defaults = game.default_options()
    for _ in range(100):
        changes = {f.name: _moved(f, rnd) for f in group}
        changes = {k: v for k, v in changes.items() if v != getattr(defaults, k)}
        try:
            game.make_options(**changes)
        except ValueError:
            continue
        if changes:
            return changes
    raise AssertionError(f"no sample of changed settings of {name} is accepted")


def run(name: str, seed: int, moves: int, every: int, per_step: int | None, per_field: int, rnd_seed: int,
        options: dict[str, Any] | None = None, building: bool = False) -> list[Any]:
    """Play a seeded game of ``name`` (with ``options`` changed from the defaults) at random,
    checking every ``every``-th step; returns the known disagreements met (see :func:`check_step`).
    ``building``: a Catan game's moves are chosen by the playout policy that prefers building
    (:func:`gamekit.catan.playout.random_policy`), so that the costs and pieces come into play
    (uniform random moves seldom save up for a city or a factory)."""
    game = gamekit.game(name)
    players = game.min_players + seed % (min(game.max_players, 4) - game.min_players + 1)
    state = game.new(players=players, seed=seed, **(options or {}))
    rnd = random.Random(rnd_seed)
    pools = Pools()
    free = fieldless(state)
    known = frozenset(KNOWN.get(name, {}))
    unlisted: list[Any] = []
    for step in range(moves):
        if state.is_over():
            break
        legal = state.legal_actions()
        pools.learn(legal)
        if step % every == 0:
            sources = legal if per_step is None else rnd.sample(legal, min(per_step, len(legal)))
            candidates = list(sources) + free
            for action in sources:
                candidates += pools.mutations(action, rnd, per_field)
            unlisted += check_step(state, legal, candidates, f"{name} seed {seed} {options or ''} step {step}",
                                   step % (5 * every) == 0, known)
        if building and name in BUILDERS:
            from gamekit.catan.playout import random_policy
            from gamekit.rng import Rng

            state.apply(random_policy(state, Rng(rnd.randrange(2 ** 32)), legal))
        else:
            state.apply(rnd.choice(legal))
    return unlisted


#: The games whose changed-settings runs choose moves that prefer building (see :func:`run`).
BUILDERS = ("catan", "factories", "trade-feud")


# Disagreements this test found in an engine, by game and action type: the check accepts actions of
# that type that the legal list leaves out. The main tests pass over exactly these (and still hold
# every other action of those games to the rule). None is left: Catan's, the factories' and Trade
# Feud's OfferTrade (the check accepted offers the list left out) now go through one predicate,
# ``offer_problem`` in gamekit/catan/base.py. A new entry comes with a strict xfail test of its own.
KNOWN: dict[str, dict[str, str]] = {}


@pytest.mark.parametrize("name", GAMES)
def test_check_accepts_exactly_the_legal_actions_at_every_step(name):
    """label protocol-legal-actions: every step of a short seeded game, every legal action and its
    mutations."""
    run(name, seed=1, moves=150, every=1, per_step=None, per_field=3, rnd_seed=1)


@pytest.mark.parametrize("name", GAMES)
def test_check_accepts_exactly_the_legal_actions_sampled_in_many_games(name):
    """label protocol-legal-actions: many seeded games, some steps of each, some candidates at each."""
    for seed in range(2, 8):
        run(name, seed=seed, moves=600, every=7, per_step=12, per_field=2, rnd_seed=seed)


@pytest.mark.parametrize("name", GAMES)
def test_check_accepts_exactly_the_legal_actions_under_changed_settings(name):
    """label protocol-legal-actions, under house rules: every step of seeded games, each under its
    own sample of changed printed numbers (the samples together change every one), the Catan games
    played by a policy that builds, so that a changed cost or piece limit comes into play."""
    for seed in range(1, SAMPLES + 1):
        run(name, seed=seed, moves=500, every=1, per_step=None, per_field=1, rnd_seed=seed,
            options=changed_settings(name, seed), building=True)


@pytest.mark.parametrize("name", GAMES)
def test_the_samples_of_changed_settings_change_printed_numbers(name):
    """The samples above are house rules: each changes printed numbers only, and together they
    change every printed number of the game."""
    samples = [changed_settings(name, seed) for seed in range(1, SAMPLES + 1)]
    printed = {f.name for f in dataclasses.fields(gamekit.game(name).options_class) if f.metadata.get("kind") == PRINTED}
    assert all(s and set(s) <= printed for s in samples)
    assert set().union(*samples) == printed


@pytest.mark.parametrize("name", GAMES)
def test_games_under_changed_settings_still_end(name):
    """protocol-legal-actions: a house rule does not make a game endless: seeded games under the
    samples of changed settings end (Catan's games with the playout policy that prefers building,
    gamekit.catan.playout; the others choosing uniformly among the legal actions)."""
    from gamekit.catan.playout import playout
    from gamekit.rng import Rng

    game = gamekit.game(name)
    for seed in range(1, SAMPLES + 1):
        players = game.min_players + seed % (min(game.max_players, 4) - game.min_players + 1)
        state = game.new(players=players, seed=seed, **changed_settings(name, seed))
        if name in ("catan", "factories", "trade-feud"):
            playout(state, Rng(seed), max_actions=60_000)
        else:
            rnd = random.Random(seed)
            for _ in range(60_000):
                if state.is_over():
                    break
                state.apply(rnd.choice(state.legal_actions()))
        assert state.is_over(), f"{name} under {changed_settings(name, seed)} did not end in 60,000 actions"
