"""Declared chance events (gamekit.chance) and the protocol that lists them (State.outcomes),
what a player may see (observation, determinize) and the bots' common interface, on Pig."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

import gamekit
from gamekit import chance
from gamekit.bots import RandomBot, SearchBot, rank_values
from gamekit.core import IllegalAction, TooManyOutcomes
from gamekit.dice import d6, d8
from gamekit.examples.pig import PIG, Hold, Roll
from gamekit.rng import Rng


@pytest.fixture(autouse=True)
def pig_registered():
    gamekit.register(PIG)
    yield
    gamekit.unregister("pig")


def test_a_die_lists_its_faces_exactly():
    event = chance.roll(d6, "d6")
    table = event.distribution()
    assert [r for r, _ in table] == [1, 2, 3, 4, 5, 6]
    assert all(p == Fraction(1, 6) for _, p in table)
    assert chance.roll(d8, "green d8").probability(8) == Fraction(1, 8)


def test_two_dice_sum_seven_is_one_in_six():
    event = chance.dice(d6, d6, what="2d6", combine=lambda faces: sum(faces))
    assert event.count() == 36
    assert event.probability(7) == Fraction(1, 6)
    assert event.probability(2) == Fraction(1, 36)
    assert sum(p for _, p in event.distribution()) == 1


def test_pick_draws_in_proportion_to_the_counts_with_one_generator_call():
    event = chance.pick([3, 0, 1], ["wool", "ore", "grain"], "stolen card")
    assert event.distribution() == [("wool", Fraction(3, 4)), ("grain", Fraction(1, 4))]
    a, b = Rng(9), Rng(9)
    assert event.sample(a) == ["wool", "wool", "wool", "grain"][b.randbelow(4)]
    assert a == b


def test_a_shuffle_draws_as_rng_shuffle_does_and_counts_repeats():
    items = [1, 1, 2, 3]
    event = chance.shuffle(items, "deck")
    assert event.count() == 12  # 4! / 2!
    assert len(event.distribution()) == 12 and sum(p for _, p in event.distribution()) == 1
    a, b = Rng(4), Rng(4)
    expected = list(items)
    b.shuffle(expected)
    assert event.sample(a) == expected and a == b


def test_a_long_shuffle_is_not_listed_but_says_so():
    event = chance.shuffle(list(range(20)), "deck")
    assert not event.listable()
    with pytest.raises(TooManyOutcomes, match="sample"):
        event.distribution()
    with pytest.raises(TooManyOutcomes, match="unbounded"):
        chance.event("fight", lambda rng: 0, None).distribution()


def test_outcomes_of_a_roll_are_the_six_faces_and_leave_the_state_alone():
    state = PIG.new(players=2, seed=3)
    before = state.to_json()
    outs = state.outcomes(Roll())
    assert state.to_json() == before
    assert [o.probability for o in outs] == [Fraction(1, 6)] * 6
    assert [o.chance for o in outs] == [(("d6", f),) for f in range(1, 7)]
    # rule pig-one: a 1 loses the turn; any other face adds to the turn total
    assert outs[0].state.turn_total == 0 and outs[0].state.current_player == 1
    assert [o.state.turn_total for o in outs[1:]] == [2, 3, 4, 5, 6]
    assert outs[3].state.log[-1]["chance"] == [{"what": "d6", "result": 4}]


def test_an_action_without_chance_has_one_certain_outcome():
    state = PIG.new(players=2, seed=3).force("d6", 5).apply(Roll())
    (out,) = state.outcomes(Hold())
    assert out.probability == 1 and out.chance == () and out.state.banked[0] == 5


def test_outcomes_of_an_illegal_action_raise_and_change_nothing():
    state = PIG.new(players=2, seed=3)
    before = state.to_json()
    with pytest.raises(IllegalAction, match="pig-hold"):
        state.outcomes(Hold())
    assert state.to_json() == before


def test_sample_outcomes_are_seeded_and_leave_the_generator_alone():
    state = PIG.new(players=2, seed=3)
    before = state.to_json()
    one = [o.chance for o in state.sample_outcomes(Roll(), 20, seed=5)]
    two = [o.chance for o in state.sample_outcomes(Roll(), 20, seed=5)]
    assert one == two and len({c for c in one}) > 1
    assert state.to_json() == before


def test_a_forced_result_is_not_used_by_outcomes():
    state = PIG.new(players=2, seed=3).force("d6", 6)
    assert len(state.outcomes(Roll())) == 6
    assert state.forced == (("d6", 6),)


def test_observation_is_json_and_determinize_replaces_the_generator_and_log():
    state = PIG.new(players=3, seed=8)
    state.apply(Roll())
    json.dumps(state.observation(1))
    view = state.determinize(1, seed=4)
    assert view.rng != state.rng and view.log == []
    assert view.observation(1) == state.observation(1)
    assert view.legal_actions() == state.legal_actions()
    assert state.determinize(1, seed=4).rng == view.rng
    with pytest.raises(ValueError, match="no player 3"):
        state.observation(3)


def test_bots_choose_legal_moves_and_repeat_with_their_seed():
    for kind in ("random", "heuristic", "search"):
        moves = []
        for _ in range(2):
            state = PIG.new(players=2, seed=11)
            bots = [gamekit.bot("pig", kind, seed=5, **({"iterations": 30} if kind == "search" else {})) for _ in range(2)]
            played = []
            while not state.is_over() and len(played) < 200:
                action = bots[state.current_player].choose(state)
                assert action in state.legal_actions()
                state.apply(action)
                played.append(str(action))
            moves.append(played)
        assert moves[0] == moves[1], kind


def test_heuristic_explains_its_move_in_a_sentence():
    state = PIG.new(players=2, seed=1).force("d6", 6, 6, 6, 6).apply(Roll()).apply(Roll()).apply(Roll()).apply(Roll())
    action, reason = gamekit.bot("pig", "heuristic").explain(state)
    assert action == Hold() and "20" in reason


def test_bot_kinds_and_budgets_are_checked():
    with pytest.raises(ValueError, match="kinds are random, heuristic, search"):
        gamekit.bot("pig", "clever")
    with pytest.raises(ValueError, match="budget"):
        SearchBot("pig", iterations=None, ms=None)
    with pytest.raises(TypeError):
        gamekit.bot("pig", "random", iterations=3)
    assert isinstance(gamekit.bot("pig", "random"), RandomBot)


def test_a_bot_refuses_a_finished_game():
    state = PIG.new(players=2, seed=1, goal=5).force("d6", 6).apply(Roll()).apply(Hold())
    assert state.is_over()
    with pytest.raises(ValueError, match="over"):
        gamekit.bot("pig", "random").choose(state)


def test_rank_values_halve_ties():
    assert rank_values({0: 3, 1: 5, 2: 3}, 3) == [0.25, 1.0, 0.25]
