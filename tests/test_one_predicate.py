"""One rule, one predicate, in every game (label protocol-legal-actions): ``_check`` accepts an
action exactly when ``legal_actions`` lists it.

The candidates at each step are wider than the legal list: every legal action, and actions made
from them by changing one field to a value that field has had in a legal action of the game (of
any player, at any step so far), to a neighbouring number, or to a flipped flag; plus each action
type that has no fields. A legal candidate must pass the check; any other must be refused with
``IllegalAction`` (never another error), and checking changes nothing.

Every step of one short game of each game is checked with all its candidates, and many seeded
games are sampled: some steps of each, some candidates at each.
"""

from __future__ import annotations

import dataclasses
import random
from collections import defaultdict
from typing import Any

import pytest

import gamekit

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


def run(name: str, seed: int, moves: int, every: int, per_step: int | None, per_field: int, rnd_seed: int) -> list[Any]:
    """Play a seeded game of ``name`` at random, checking every ``every``-th step; returns the
    known disagreements met (see :func:`check_step`)."""
    game = gamekit.game(name)
    players = game.min_players + seed % (min(game.max_players, 4) - game.min_players + 1)
    state = game.new(players=players, seed=seed)
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
            unlisted += check_step(state, legal, candidates, f"{name} seed {seed} step {step}",
                                   step % (5 * every) == 0, known)
        state.apply(rnd.choice(legal))
    return unlisted


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
