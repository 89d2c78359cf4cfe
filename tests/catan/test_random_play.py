"""Random play: seeded four-player games end with a winner; resources are conserved, the distance
rule holds, clones are independent, saves round-trip, and the same seed and actions give the same log."""

from __future__ import annotations

import json

import pytest
from catan_helpers import GAME, check_invariants

from gamekit import InvalidSave
from gamekit.catan.playout import playout, random_policy
from gamekit.rng import Rng

MAX_ACTIONS = 5000


def test_hundreds_of_random_games_end_with_a_winner():
    """catan-victory: 300 seeded four-player games (both production rules) all end with one winner."""
    lengths = []
    for seed in range(300):
        options = {"production_rule": "solcher", "robber_may_rotate_factory": True} if seed % 3 == 0 else {}
        state = GAME.new(players=4 if seed % 5 else 3, seed=seed, **options)
        n = playout(state, Rng(10_000 + seed), MAX_ACTIONS)
        assert state.is_over(), f"seed {seed} did not end in {MAX_ACTIONS} actions"
        winner = state.winner
        assert state.winners() == [winner]
        assert state.victory_points(winner) >= 10
        lengths.append(n)
    assert max(lengths) < MAX_ACTIONS


@pytest.mark.parametrize("seed", range(12))
def test_invariants_every_step(seed):
    """Resources conserved (bank + hands = 19 each), distance rule, pegs accounted for, after every action;
    every legal action passes _check."""
    options = {"production_rule": "solcher", "robber_may_rotate_factory": True} if seed % 2 else {}
    state = GAME.new(players=4, seed=seed, **options)
    rng = Rng(seed + 77)
    steps = 0
    while not state.is_over() and steps < MAX_ACTIONS:
        actions = state.legal_actions()
        assert actions, f"no legal action in phase {state.phase}"
        if steps % 7 == 0:
            for a in actions:
                assert state.refusal(a) is None  # every listed action is legal
        state.apply(random_policy(state, rng, actions))
        check_invariants(state)
        steps += 1
    assert state.is_over()


def test_factories_are_built_and_invested_in_random_play():
    """factories-building / factories-investment happen in random play (the policy prefers them)."""
    built = pegs = failed = 0
    for seed in range(20):
        state = GAME.new(players=4, seed=seed)
        playout(state, Rng(seed), MAX_ACTIONS)
        built += len(state.factories)
        for f in state.factories.values():
            pegs += sum(1 for h in f[2:] if h > 0)
            failed += sum(1 for h in f[2:] if h == 0)
    assert built > 20 and pegs > 20 and failed > 0


def test_clone_is_independent():
    state = GAME.new(players=4, seed=5)
    playout(state, Rng(1), 300)
    before = state.to_json()
    copy = state.clone()
    assert copy.to_json() == before
    playout(copy, Rng(2), 400)
    assert state.to_json() == before
    assert copy.to_json() != before


def test_json_round_trip_mid_game_and_replay():
    """to_json/from_json round-trip exactly; the restored game goes on exactly as the original."""
    for seed in range(6):
        state = GAME.new(players=4, seed=seed, production_rule="solcher" if seed % 2 else "basic")
        playout(state, Rng(seed), 150 + 40 * seed)
        text = state.to_json()
        restored = GAME.from_json(text)
        assert restored.to_json() == text
        assert restored.legal_actions() == state.legal_actions()
        a, b = Rng(99), Rng(99)
        for _ in range(300):
            if state.is_over():
                break
            state.apply(random_policy(state, a))
            restored.apply(random_policy(restored, b))
        assert restored.to_json() == state.to_json()


def test_same_seed_and_actions_same_log():
    first = GAME.new(players=4, seed=42)
    playout(first, Rng(7), 800)
    second = GAME.new(players=4, seed=42)
    for entry in first.log:
        second.apply(_action(entry))
    assert second.log == first.log
    assert second.to_json() == first.to_json()
    other = GAME.new(players=4, seed=43)
    assert other.board != first.board or other.to_json() != first.to_json()


def _action(entry):
    from gamekit.catan.actions import ACTION_TYPES
    from gamekit.core import action_from_data

    return action_from_data(entry["action"], ACTION_TYPES)


def test_actions_by_text():
    state = GAME.new(players=3, seed=1)
    text = str(state.legal_actions()[3])
    state.apply(text)
    assert state.log[-1]["text"] == text


def test_malformed_saves_are_refused():
    state = GAME.new(players=4, seed=3)
    playout(state, Rng(3), 200)
    data = json.loads(state.to_json())
    bad_cases = []
    for key, value in [
        ("hands", "nope"),
        ("bank", [19, 19, 19, 19]),
        ("phase", "dancing"),
        ("robber", 40),
        ("node_owner", [0] * 54),
        ("factories", [[0, 9, 0, -1, -1, -1]]),
        ("winner", 2),
    ]:
        broken = json.loads(json.dumps(data))
        broken["state"][key] = value
        bad_cases.append(broken)
    broken = json.loads(json.dumps(data))
    broken["state"]["hands"][0][0] += 1  # a card from nowhere
    bad_cases.append(broken)
    broken = json.loads(json.dumps(data))
    del broken["state"]["board"]
    bad_cases.append(broken)
    for case in bad_cases:
        with pytest.raises(InvalidSave):
            GAME.from_json(json.dumps(case))


def test_state_svg():
    state = GAME.new(players=4, seed=8)
    playout(state, Rng(8), 600)
    svg = state._repr_svg_()
    assert svg.startswith("<svg") and svg.endswith("</svg>") and "robber" in svg
    assert "road of player" in svg and ("settlement of player" in svg or "city of player" in svg)


def _snapshot(state):
    """The saved state without the (long, append-only) log: its length stands for it."""
    return json.dumps(state.state_data(), sort_keys=True), state.rng.getstate(), len(state.log)


def _pool(state):
    from gamekit.catan import RESOURCES
    from gamekit.catan.actions import (
        AcceptTrade,
        BankTrade,
        BuildCity,
        BuildFactory,
        BuildRoad,
        BuildSettlement,
        BuyDevelopmentCard,
        DeclineTrade,
        Discard,
        EndTurn,
        Invest,
        MoveRobber,
        PlacePeg,
        PlayKnight,
        PlayMonopoly,
        PlayRoadBuilding,
        PlayYearOfPlenty,
        Roll,
        RotateFactory,
    )  # fmt: skip

    topo = state.topo
    pool = [Roll(), EndTurn(), AcceptTrade(), DeclineTrade(), BuyDevelopmentCard(), PlayKnight(), PlayRoadBuilding()]
    pool += [BuildRoad(e) for e in range(len(topo.edges))]
    for kind in (BuildSettlement, BuildCity, BuildFactory, Invest):
        pool += [kind(v) for v in range(len(topo.nodes))]
    pool += [PlacePeg(i) for i in range(3)] + [Discard(r) for r in RESOURCES] + [PlayMonopoly(r) for r in RESOURCES]
    pool += [MoveRobber(h, q) for h in range(19) for q in range(-1, state.players)]
    pool += [RotateFactory(v, s) for v in state.factories for s in (1, -1)]
    pool += [BankTrade(g, t, c) for g in RESOURCES for t in RESOURCES for c in (2, 3, 4)]
    pool += [PlayYearOfPlenty(a, b) for i, a in enumerate(RESOURCES) for b in RESOURCES[i:]]
    return pool


@pytest.mark.parametrize("seed", range(3))
def test_check_agrees_with_legal_actions(seed):
    """An action passes _check exactly when legal_actions lists it (player trades aside: only
    one-for-one offers are listed); an illegal one leaves the saved state unchanged."""
    from gamekit import IllegalAction

    options = {"production_rule": "solcher", "robber_may_rotate_factory": True} if seed % 2 else {}
    state = GAME.new(players=4, seed=seed, **options)
    rng = Rng(seed)
    step = 0
    while not state.is_over() and step < MAX_ACTIONS:
        if step % 23 == 0:
            legal = set(state.legal_actions())
            before = _snapshot(state) if step % 69 == 0 else None
            for i, action in enumerate(_pool(state)):
                refusal = state.refusal(action)
                ok = refusal is None
                if not ok:
                    assert refusal.rule, action
                    if before is not None and i % 25 == 0:
                        with pytest.raises(IllegalAction):
                            state.apply(action)
                        assert _snapshot(state) == before
                assert ok == (action in legal), (state.phase, action, ok)
        state.apply(random_policy(state, rng))
        step += 1
    assert state.is_over()


def test_thousands_of_random_games_end_with_a_winner_and_a_full_bank():
    """catan-victory: 2,000 more seeded games (3 and 4 players, both production rules) end with one
    winner, and every resource card is still in the bank or in a hand (19 of each)."""
    for seed in range(300, 2300):
        options = {"production_rule": "solcher"} if seed % 2 else {}
        state = GAME.new(players=4 if seed % 4 else 3, seed=seed, **options)
        playout(state, Rng(10_000 + seed), MAX_ACTIONS)
        assert state.is_over(), f"seed {seed} did not end in {MAX_ACTIONS} actions"
        assert state.victory_points(state.winner) >= 10
        totals = [state.bank[r] + sum(hand[r] for hand in state.hands) for r in range(5)]
        assert totals == [19] * 5, (seed, totals)
