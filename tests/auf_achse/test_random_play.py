"""Random play: seeded games run to the end with legal actions only and the invariants hold (money,
goods, contracts and event cards conserved; at most two trucks on a road space); every action
outside ``legal_actions()`` is refused without changing the state; same seed, same game."""

from __future__ import annotations

import json
import random

import pytest
from aa_helpers import GAME, check_invariants
from hypothesis import given, settings
from hypothesis import strategies as st

from gamekit import IllegalAction
from gamekit.auf_achse import (
    Bid,
    BuyTrailer,
    ChooseContract,
    Decline,
    EndTurn,
    Load,
    Pass,
    PlaceTruck,
    Roll,
    Step,
    Stop,
    TakeContract,
    Unload,
    UseDie,
)
from gamekit.auf_achse.bots import bot_action
from gamekit.rng import Rng


def bot_game(players: int, seed: int, children: bool, check_every: int = 0):
    s = GAME.new(players=players, seed=seed, children=children)
    policy = Rng(seed)
    n = 0
    while not s.is_over():
        s.apply(bot_action(s, policy))
        n += 1
        assert n < 20_000, "the game did not end"
        if check_every and n % check_every == 0:
            check_invariants(s)
    check_invariants(s)
    return s


@pytest.mark.parametrize("children", [False, True])
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_thousands_of_seeded_bot_games_end_with_invariants(players, children):
    """label auf-achse-end: 5 x 2 x 100 = 1,000 games reach the end; money and goods conserved throughout."""
    for seed in range(100):
        s = bot_game(players, seed, children, check_every=25)
        assert s.public_contracts_left() == 0
        assert any(s.open_contracts(p) == 0 for p in range(players))
        assert s.winners() and max(s.scores().values()) == max(s.cash)


@pytest.mark.parametrize("seed", range(3))
def test_uniformly_random_games_end(seed):
    """label auf-achse-end: uniformly random legal actions (long games) also reach the end."""
    s = GAME.new(players=2 + seed, seed=seed, children=seed == 1)
    rnd = random.Random(seed)
    n = 0
    while not s.is_over():
        s.apply(rnd.choice(s.legal_actions()))
        n += 1
        if n % 500 == 0:
            check_invariants(s)
        assert n < 400_000
    check_invariants(s)
    # the only end the chapter states (auf-achse-end): no public contract left, one player done
    assert s.public_contracts_left() == 0
    assert any(s.open_contracts(p) == 0 for p in range(s.players))


def candidate_actions(s) -> set:
    """A broad superset of the legal actions, built without the engine's move generator."""
    out = {Roll(), Stop(), Decline(), Pass(), EndTurn()}
    out |= {UseDie(k) for k in range(0, 8)} | {Bid(k) for k in range(0, 7)}
    out |= {ChooseContract(k) for k in range(-1, 5)} | {TakeContract(k) for k in range(-1, 5)}
    out |= {BuyTrailer(k) for k in ("large", "small", "huge")}
    out |= {PlaceTruck(c) for c in ("Berlin", "Wien", "Berlin-Leipzig/0")}
    out |= {Load(c) for c in range(54)} | {Unload(c) for c in range(54)}
    p = s.position[s.player] if s.phase not in ("setup", "over") else None
    near = set(s.net.adjacent[p]) if p else set()
    out |= {Step(n) for n in near | {"Wien", "Trieste"}}
    return out


def fingerprint(s) -> tuple:
    """Everything ``to_json`` writes, cheaply: the game part, the generator and the log's length
    (``apply`` only appends to the log after the action passed its check)."""
    return json.dumps(s.state_data(), sort_keys=True), tuple(s.rng.getstate()), len(s.log)


def test_every_action_outside_legal_actions_is_refused_and_changes_nothing():
    """label protocol-illegal: on states met in play, each candidate is legal exactly when listed."""
    checked = 0
    for seed in range(6):
        s = GAME.new(players=2 + seed % 5, seed=seed, children=seed % 3 == 0)
        policy = Rng(seed)
        step = 0
        while not s.is_over():
            if step % 9 == 0:
                legal = set(s.legal_actions())
                before = fingerprint(s)
                for action in candidate_actions(s) - legal:
                    with pytest.raises(IllegalAction):
                        s.apply(action)
                    assert fingerprint(s) == before
                    checked += 1
            s.apply(bot_action(s, policy))
            step += 1
    assert checked > 3_000


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 6), children=st.booleans(), cut=st.integers(0, 2_000))
def test_save_restore_round_trip_and_same_game(seed, players, children, cut):
    """label protocol-save: a save mid-game restores exactly and plays on identically."""
    s = GAME.new(players=players, seed=seed, children=children)
    policy = Rng(seed)
    for _ in range(cut):
        if s.is_over():
            break
        s.apply(bot_action(s, policy))
    text = s.to_json()
    copy = GAME.from_json(text)
    assert copy.to_json() == text
    copy_policy = Rng.fromstate(policy.getstate())
    for _ in range(200):
        if s.is_over():
            break
        a = bot_action(s, policy)
        assert bot_action(copy, copy_policy) == a
        s.apply(a)
        copy.apply(a)
    assert copy.to_json() == s.to_json()


def test_same_seed_same_game():
    a, b = bot_game(4, 77, False), bot_game(4, 77, False)
    assert a.to_json() == b.to_json()
    assert bot_game(4, 78, False).to_json() != a.to_json()


def test_clone_is_independent():
    s = GAME.new(players=3, seed=9)
    policy = Rng(9)
    for _ in range(60):
        s.apply(bot_action(s, policy))
    before = s.to_json()
    c = s.clone()
    while not c.is_over():
        c.apply(bot_action(c, policy))
    assert s.to_json() == before
