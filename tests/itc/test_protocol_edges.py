"""ITC on the protocol's sharp edges (book page "The game protocol"): action texts that read back,
lists that are never shared, forced chance results, and an action that fails after its check."""

from __future__ import annotations

import random

import pytest
from helpers import expect_illegal
from itc_helpers import GAME, setup_done

from gamekit.itc import ACTION_TYPES, Attack, ChooseDice, Discard, DrawActionCard, EndTurn, ExpressMove, KeepDie
from gamekit.itc.actions import parse_action


def test_every_legal_action_text_is_unique_and_reads_back():
    """protocol-legal-actions: at every step of seeded games, the legal actions' texts differ and
    each reads back to its action; every action type is met."""
    kinds = set()
    for seed in range(3):
        s = GAME.new(players=3, seed=seed, goal=20_000)
        rnd = random.Random(seed)
        while not s.is_over():
            legal = s.legal_actions()
            texts = [str(a) for a in legal]
            assert len(set(texts)) == len(texts), texts
            for action, text in zip(legal, texts):
                assert s.parse_action(text) == action, text
                kinds.add(type(action))
            s.apply(rnd.choice(texts))
    assert set(ACTION_TYPES) - kinds <= {Discard, ExpressMove}  # rarer: met in the rules tests


def test_a_wrong_text_names_the_rule_or_says_it_is_not_an_action():
    """itc-board, protocol-legal-actions: a well-formed text is checked like the action it names."""
    s = GAME.new(players=2, seed=1)
    expect_illegal(s, "sales marker in Atlantis", "itc-board")
    expect_illegal(s, "sales marker in grey market", "itc-setup")
    expect_illegal(s, "keep red", "itc-turn-sequence")
    expect_illegal(s, "fly to the moon", "protocol-legal-actions")
    expect_illegal(s, "  ", "protocol-legal-actions")
    assert parse_action("choose red and blue") == ChooseDice("blue", "red")


def test_no_shared_list_from_legal_actions():
    """A finished game hands out a new empty list each time: changing one changes no other game."""
    s = GAME.new(players=2, seed=4, goal=5_000)
    rnd = random.Random(4)
    while not s.is_over():
        s.apply(rnd.choice(s.legal_actions()))
    t = s.clone()
    given = s.legal_actions()
    given.append(EndTurn())
    assert s.legal_actions() == [] and t.legal_actions() == [] and s.legal_actions() is not s.legal_actions()


def test_forced_dice_are_logged_and_leave_the_generator_alone():
    """itc-dice, protocol-randomness: forcing the dice of a turn sets them without drawing."""
    s = setup_done(players=2, seed=5)
    s.apply(DrawActionCard())
    rng = s.rng.clone()
    s.force("blue die", 6).force("green die", 1).apply("choose blue and green")
    assert s.rolls == {"blue": 6, "green": 1} and s.rng == rng and s.forced == ()
    assert s.log[-1]["chance"] == [{"what": "blue die", "result": 6, "forced": True},
                                   {"what": "green die", "result": 1, "forced": True}]
    s.apply(KeepDie("blue"))
    assert s.transport_points == 6


def test_a_failed_action_leaves_state_and_generator_as_they_were():
    """protocol-illegal: an action that fails after its check (here a forced fight the rules cannot
    use) raises, and the state, its generator and its forced results are exactly as before."""
    for seed in range(40):
        s = setup_done(players=3, seed=seed)
        while s.phase != "act" or Attack() not in s.legal_actions():
            if s.is_over() or len(s.log) > 400:
                break
            s.apply(random.Random(len(s.log)).choice(s.legal_actions()))
        if s.phase == "act" and Attack() in s.legal_actions():
            break
    else:
        pytest.fail("no attack reached")
    restored = GAME.from_json(s.to_json())
    for state in (s, restored):
        before, rng = state.to_json(), state.rng.clone()
        state.force("grey-market fight", "not a list of rolls").force("d6", 3)
        with pytest.raises((TypeError, ValueError)):
            state.apply(Attack())
        assert state.to_json() == before and state.rng == rng
        assert state.forced == (("grey-market fight", "not a list of rolls"), ("d6", 3))
