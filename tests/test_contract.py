"""The protocol's contract, held for every registered game (labels protocol-legal-actions,
protocol-illegal and protocol-game-over): ``refusal`` and ``apply`` agree for actions given as
objects and as text, and a finished game refuses every action with the game-over rule.

A seeded game of each registered game (Pig included, and any game a test or a notebook registers)
is played at random to its end. At sampled steps, every legal action is accepted by ``refusal``
both as an object and as its text, its text reads back to it, and applying either to a copy gives
the same position; actions that were legal earlier and are not now are refused, and ``apply``
raises the same refusal (same rule, same words) for the object and for its text, changing nothing.
At the end, every kind of action the game met, as an object and as text, and any text at all, is
refused with rule ``protocol-game-over``, and ``apply`` raises it, changing nothing.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import gamekit
from gamekit.examples.pig import PIG

#: A random game longer than this many actions is an engine that does not end.
LONGEST = 200_000


def contract_games() -> list[str]:
    """Every registered game, and Pig (the protocol's own example, registered while these run)."""
    return sorted({*gamekit.games(), PIG.name})


@pytest.fixture(autouse=True)
def pig_registered():
    known = PIG.name in gamekit.games()
    gamekit.register(PIG)
    yield
    if not known:
        gamekit.unregister(PIG.name)


def _position(state: Any) -> Any:
    """What an action may change: the position, the generator and the log's length (a whole save
    late in a long game would make this test slow, not stricter)."""
    return state.state_data(), state.rng.getstate(), state.log_length, state.entry(-1) if state.log_length else None


def _refused_alike(state: Any, given: Any) -> gamekit.IllegalAction | None:
    """``state.refusal(given)``, checked against what ``apply`` does with ``given`` on a copy: both
    accept it (and then the copy moved on), or both refuse it with the same rule and words and
    the state is unchanged."""
    refusal = state.refusal(given)
    trial = state.clone()
    before = _position(trial)
    try:
        trial.apply(given)
    except gamekit.IllegalAction as err:
        assert refusal is not None, f"refusal accepts {given!r}, apply refuses it: {err}"
        assert (err.rule, err.reason) == (refusal.rule, refusal.reason), f"{given!r}: apply {err}, refusal {refusal}"
        assert _position(trial) == before, f"{given!r} was refused but changed the state"
        return refusal
    assert refusal is None, f"refusal refuses {given!r} ({refusal}), apply carries it out"
    return None


def play_checked(name: str, seed: int, sample_every: int) -> tuple[Any, dict[type, Any]]:
    """A seeded random game of ``name`` played to its end, with the contract checked at every
    ``sample_every``-th step; the finished state, and one action of each type met."""
    game = gamekit.game(name)
    state = game.new(players=game.min_players + seed % (game.max_players - game.min_players + 1), seed=seed)
    rnd = random.Random(seed)
    met: dict[type, Any] = {}
    earlier: list[Any] = []
    for step in range(LONGEST):
        if state.is_over():
            return state, met
        legal = state.legal_actions()
        assert legal, f"{name}: player {state.current_player} has no legal action at step {step}"
        for action in legal:
            met.setdefault(type(action), action)
        if step % sample_every == 0:
            for action in rnd.sample(legal, min(4, len(legal))):
                assert state.refusal(action) is None and state.refusal(str(action)) is None, (name, step, action)
                assert state.parse_action(str(action)) == action, f"{name}: {str(action)!r} reads back otherwise"
                by_object, by_text = state.clone(), state.clone()
                by_object.apply(action)
                by_text.apply(str(action))
                assert _position(by_text) == _position(by_object), f"{name}: {action} and its text differ"
            gone = [a for a in earlier if a not in legal]
            for action in rnd.sample(gone, min(4, len(gone))):
                refused = _refused_alike(state, action)
                assert refused is not None, f"{name} step {step}: {action!r} is not listed but accepted"
                _refused_alike(state, str(action))  # a text may name another action: apply and refusal still agree
            earlier = legal
        state.apply(rnd.choice(legal))
    raise AssertionError(f"a random game of {name} did not end in {LONGEST:,} actions")


@pytest.mark.parametrize("name", contract_games())
def test_refusal_and_apply_agree_on_objects_and_texts_and_a_finished_game_refuses_everything(name):
    """label protocol-legal-actions, protocol-game-over"""
    state, met = play_checked(name, seed=3, sample_every=25)
    assert state.is_over() and state.legal_actions() == []
    before = _position(state)
    given = [*met.values(), *(str(a) for a in met.values()), "no such action", object()]
    for action in given:
        refusal = state.refusal(action)
        assert refusal is not None and refusal.rule == "protocol-game-over", f"{name}: {action!r} -> {refusal}"
        with pytest.raises(gamekit.IllegalAction) as err:
            state.apply(action)
        assert err.value.rule == "protocol-game-over"
        with pytest.raises(gamekit.IllegalAction, match="protocol-game-over"):
            state.outcomes(action)
    assert _position(state) == before


def test_every_game_is_covered():
    """The games above are every registered game (the contract is no game's privilege)."""
    assert {"pig", "itc", "catan", "factories", "trade-feud", "auf-achse", "transportspelet"} <= set(contract_games())


def test_a_game_cannot_override_the_protocol():
    """label protocol-legal-actions: a game implements the hooks (``_check``, ``_parse``), never
    ``refusal`` or ``apply``: the contract is the protocol's, so it holds for every game."""
    from gamekit.examples.pig import PigState

    with pytest.raises(TypeError, match="refusal"):
        type("Lenient", (PigState,), {"refusal": lambda self, action: None})
    with pytest.raises(TypeError, match="apply"):
        type("Hasty", (PigState,), {"apply": lambda self, action: self})


def test_catan_reads_texts_and_refuses_after_the_end():
    """The two breaches the issue names, in Catan: a text refusal agrees with apply; a finished
    game refuses with the game-over rule (it raised ``KeyError: 'over'``)."""
    state = gamekit.game("catan").new(players=3, seed=1)
    text = str(state.legal_actions()[0])
    assert state.refusal(text) is None
    state.apply(text)
    from gamekit.catan.actions import EndTurn

    state, _ = play_checked("catan", seed=5, sample_every=10_000)
    assert state.refusal(EndTurn()).rule == "protocol-game-over"
    assert state.refusal("settlement at 0").rule == "protocol-game-over"
