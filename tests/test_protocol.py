"""The common game protocol (book page "The game protocol", label protocol), shown on Pig."""

from __future__ import annotations

import json
import random

import pytest
from helpers import shared_mutables
from hypothesis import given, settings
from hypothesis import strategies as st

import gamekit
from gamekit.core import action_from_data, action_to_data
from gamekit.examples.pig import PIG, Hold, PigState, Roll


def play_random(state, rnd, limit=10_000):
    for _ in range(limit):
        if state.is_over():
            return state
        state.apply(rnd.choice(state.legal_actions()))
    raise AssertionError("game did not end")


def test_new_state_and_basic_queries():
    """label protocol-state"""
    state = PIG.new(players=3, seed=1, goal=20)
    assert state.current_player == 0 and state.players == 3 and state.seed == 1
    assert state.legal_actions() == [Roll()]
    assert not state.is_over() and state.scores() == {0: 0, 1: 0, 2: 0}
    assert state.winners() == []
    assert state.apply(Roll()) is state  # apply returns the state


def test_apply_by_text():
    state = PIG.new(seed=1)
    state.apply("roll")
    assert len(state.log) == 1 and state.log[0]["text"] == "roll"


@pytest.mark.parametrize("players", [0, 1, 9, "2", True])
def test_player_count_is_checked(players):
    with pytest.raises((ValueError, TypeError)):
        PIG.new(players=players)


def test_unknown_or_bad_setting_is_an_error():
    with pytest.raises(ValueError, match="no setting"):
        PIG.new(goal=10, speed=3)
    with pytest.raises(ValueError):
        PIG.new(goal=0)


def test_illegal_action_names_the_rule_and_changes_nothing():
    """label protocol-illegal"""
    state = PIG.new(players=2, seed=4)
    before = state.to_json()
    with pytest.raises(gamekit.IllegalAction) as info:
        state.apply(Hold())
    assert info.value.rule == "pig-hold" and "pig-hold" in str(info.value)
    assert isinstance(info.value, ValueError)
    assert state.to_json() == before
    with pytest.raises(gamekit.IllegalAction):
        state.apply("jump")
    with pytest.raises(gamekit.IllegalAction):
        state.apply(object())
    assert state.to_json() == before


def test_no_action_after_the_end():
    state = play_random(PIG.new(seed=3, goal=10), random.Random(1))
    assert state.current_player is None and state.legal_actions() == []
    before = state.to_json()
    with pytest.raises(gamekit.IllegalAction, match="over"):
        state.apply(Roll())
    assert state.to_json() == before
    assert state.winners() == [max(state.scores(), key=state.scores().get)]


def test_log_records_actions_and_chance():
    """label protocol-randomness"""
    state = PIG.new(seed=9)
    state.apply("roll")
    entry = state.log[0]
    assert entry["player"] == 0 and entry["action"] == {"type": "Roll"}
    assert entry["chance"][0]["what"] == "d6" and 1 <= entry["chance"][0]["result"] <= 6


@given(seed=st.integers(0, 2**32), moves=st.integers(1, 60))
@settings(max_examples=40, deadline=None)
def test_same_seed_same_actions_same_game(seed, moves):
    a, b = PIG.new(seed=seed, goal=30), PIG.new(seed=seed, goal=30)
    ra, rb = random.Random(seed), random.Random(seed)
    for _ in range(moves):
        if a.is_over():
            break
        a.apply(ra.choice(a.legal_actions()))
        b.apply(rb.choice(b.legal_actions()))
    assert a.to_json() == b.to_json()


@given(seed=st.integers(0, 2**32), moves=st.integers(0, 40))
@settings(max_examples=40, deadline=None)
def test_json_round_trip_is_exact_and_continues_identically(seed, moves):
    """label protocol-saving"""
    state = PIG.new(players=3, seed=seed, goal=25)
    rnd = random.Random(seed)
    for _ in range(moves):
        if state.is_over():
            break
        state.apply(rnd.choice(state.legal_actions()))
    copy = PIG.from_json(state.to_json())
    assert copy.to_json() == state.to_json()
    follow = random.Random(1)
    follow2 = random.Random(1)
    for _ in range(20):
        if state.is_over():
            break
        state.apply(follow.choice(state.legal_actions()))
        copy.apply(follow2.choice(copy.legal_actions()))
    assert copy.to_json() == state.to_json()


def test_clone_is_independent():
    state = PIG.new(seed=5)
    state.apply("roll")
    clone = state.clone()
    assert clone.to_json() == state.to_json()
    clone.apply("roll")
    assert len(state.log) == 1 and len(clone.log) == 2
    assert clone.rng != state.rng


@pytest.mark.parametrize(
    "mutate, message",
    [
        (lambda d: d.update(game="itc"), "not of"),
        (lambda d: d.update(format=99), "format"),
        (lambda d: d.pop("rng"), "lacks"),
        (lambda d: d.update(rng=["x", "1"]), "malformed"),
        (lambda d: d.update(players=1), "malformed"),
        (lambda d: d.update(options={"goal": -5}), "malformed"),
        (lambda d: d.update(options={"speed": 2}), "malformed"),
        (lambda d: d["state"].update(turn_total=-1), "turn_total"),
        (lambda d: d["state"].update(banked=[1]), "banked"),
        (lambda d: d["state"].pop("player"), "malformed"),
        (lambda d: d.update(log="nope"), "log"),
    ],
)
def test_malformed_save_is_rejected(mutate, message):
    state = PIG.new(players=2, seed=2)
    state.apply("roll")
    data = json.loads(state.to_json())
    mutate(data)
    with pytest.raises(gamekit.InvalidSave, match=message):
        PIG.from_json(json.dumps(data))


@pytest.mark.parametrize("text", ["", "{", "[]", "null", '"x"'])
def test_not_json_or_not_an_object_is_rejected(text):
    with pytest.raises(gamekit.InvalidSave):
        PIG.from_json(text)


def test_action_data_round_trip():
    assert action_from_data(action_to_data(Roll()), [Roll, Hold]) == Roll()
    with pytest.raises(ValueError):
        action_from_data({"type": "Fly"}, [Roll, Hold])
    with pytest.raises(ValueError):
        action_from_data({"type": "Roll", "extra": 1}, [Roll, Hold])


def test_registry_lists_planned_and_available_games():
    planned = gamekit.planned_games()
    assert list(planned) == ["itc", "auf-achse", "factories", "trade-feud", "transportspelet"]
    available = gamekit.games()
    assert set(available) <= set(planned) | {"pig"}
    for name in planned:
        if name in available:
            assert gamekit.game(name).name == name
        else:
            with pytest.raises(gamekit.UnknownGame, match="planned"):
                gamekit.game(name)
    with pytest.raises(gamekit.UnknownGame, match="no game"):
        gamekit.game("chess")


def test_register_a_game():
    gamekit.register(PIG)
    try:
        assert gamekit.game("pig") is PIG and "pig" in gamekit.games()
    finally:
        gamekit._registry.pop("pig", None)
    with pytest.raises(TypeError):
        gamekit.register("pig")


def test_state_is_abstract():
    with pytest.raises(TypeError):
        gamekit.State.__new__(gamekit.State)._setup()  # type: ignore[abstract]
    assert issubclass(PigState, gamekit.State)


# -- every registered game ------------------------------------------------------------------


def every_game():
    return [gamekit.game(name) for name in gamekit.games()] + [PIG]


def played(game, seed: int = 3, moves: int = 300):
    """A game of ``game`` some way in: ``moves`` seeded random legal actions (or to the end)."""
    state = game.new(players=min(3, game.max_players) if game.min_players <= 3 else game.min_players, seed=seed)
    rnd = random.Random(seed)
    for _ in range(moves):
        if state.is_over():
            break
        state.apply(rnd.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("game", every_game(), ids=lambda g: g.name)
def test_a_save_shares_no_mutable_object_with_the_live_state(game):
    """label protocol-saving: ``to_data`` hands out a copy, ``from_data`` copies what it is given."""
    state = played(game)
    text = state.to_json()
    data = state.to_data()
    assert shared_mutables(data, state, skip=(state.game, state.options)) == []
    assert json.loads(text) == data
    data["log"].append({"player": 0})  # changing the save changes nothing in the game
    data["state"].clear()
    assert state.to_json() == text
    data = json.loads(text)
    restored = game.from_data(data)
    assert shared_mutables(restored, data, skip=(restored.game, restored.options)) == []
    assert restored.to_json() == text
