"""Issue 33 item 3, speed kept in one place: the kept-value mechanism of ``gamekit.core`` (a version
that every change moves on, ``@kept``), the one declaration of each state's mutable fields that
drives clone and snapshot, a failed action undone from a snapshot, and a clone whose copied size
stays flat however long the game."""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any

import pytest
from helpers import mutable_parts, shared_mutables

import gamekit
from gamekit.core import COPY_KINDS, Log, State, fresh, kept
from gamekit.examples.pig import PIG, PigState

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))
from clone_memory import copied_bytes  # noqa: E402  (tools/, shared with benchmarks/clone_growth.py)


def every_game():
    return [gamekit.game(name) for name in gamekit.games()] + [PIG]


def playing(game, seed: int, moves: int):
    """The positions of a seeded uniform random game, every 25th of its first ``moves`` actions."""
    state = game.new(players=min(3, game.max_players) if game.min_players <= 3 else game.min_players, seed=seed)
    rnd = random.Random(seed)
    for n in range(moves):
        if state.is_over():
            break
        if n % 25 == 0:
            yield state
        state.apply(rnd.choice(state.legal_actions()))
    yield state


# -- the one declaration of the mutable fields ---------------------------------------------------


@pytest.mark.parametrize("game", every_game(), ids=lambda g: g.name)
def test_every_mutable_attribute_of_a_state_is_declared(game):
    """label protocol-randomness: every attribute a state holds during play is declared in its
    class's ``MUTABLE`` (how a copy copies it), or shared on purpose (``shared_on_clone``, the
    engine's shared fields), or holds an immutable value all the way down."""
    cls = game.state_class
    assert cls.MUTABLE is not None and cls.MUTABLE is not State.MUTABLE, f"{cls.__name__} declares no MUTABLE"
    assert set(cls.copied_fields().values()) <= set(COPY_KINDS)
    declared = set(cls.copied_fields()) | set(cls.shared_on_clone) | set(State.ENGINE_SHARED)
    undeclared: dict[str, str] = {}
    for state in playing(game, seed=5, moves=400):
        for name, value in vars(state).items():
            if name in declared:
                continue
            parts = mutable_parts(value)
            if parts:
                undeclared[name] = f"{type(value).__name__} {sorted(parts.values())[:3]}"
    assert undeclared == {}, f"{cls.__name__}: mutable attributes not in MUTABLE: {undeclared}"


@pytest.mark.parametrize("game", every_game(), ids=lambda g: g.name)
def test_two_clones_never_share_a_mutable_object(game):
    """label protocol-randomness: two clones of one position (and each clone and the original) share
    no mutable object but what is declared shared: the game, the options, ``shared_on_clone`` and
    the log's rows (written once)."""
    for state in playing(game, seed=9, moves=300):
        one, two = state.clone(), state.clone()
        keep = tuple(getattr(state, name, None) for name in (*State.ENGINE_SHARED, *state.shared_on_clone))
        keep += tuple(state._rows)  # the log's rows, each written once, never changed
        keep += tuple(item for name, how in state.copied_fields().items() if how == "append-only"
                      for item in getattr(state, name, None) or ())  # items written once, never changed
        assert shared_mutables(one, two, skip=keep) == []
        assert shared_mutables(one, state, skip=keep) == []
        assert one.to_json() == two.to_json() == state.to_json()
        if not state.is_over():  # the clones go their own ways
            action = state.legal_actions()[0]
            one.apply(action)
            assert two.to_json() == state.to_json()


# -- a failed action, undone from a snapshot ------------------------------------------------------


def test_a_position_set_by_hand_is_restored_after_a_failed_action_without_checkpoint():
    """label protocol-illegal: a position set up by hand (no ``checkpoint()``), then an action that
    fails after its check (a forced die showing no face): the state is exactly as set up."""
    state = PIG.new(players=2, seed=3)
    state.banked[1] = 42  # set by hand
    state.turn_total = 7
    before = state.to_json()
    with pytest.raises(TypeError):
        state.force("d6", None).apply("roll")
    assert state.to_json() == before and state.banked == [0, 42] and state.turn_total == 7
    state.clear_forced()
    state.apply("hold")  # and it plays on from there
    assert state.banked == [7, 42]


def test_a_position_changed_by_hand_in_play_is_restored_after_a_failed_forced_action():
    """label protocol-illegal: a change by hand after many actions, then a failed forced action: the
    snapshot is taken before the action, so the change by hand is kept (no replay from the start)."""
    state = PIG.new(players=3, seed=4)
    rnd = random.Random(4)
    for _ in range(60):
        state.apply(rnd.choice(state.legal_actions()))
    assert not state.is_over()
    state.banked[2] = 77  # by hand, mid-game
    before, rng = state.to_json(), state.rng.clone()
    with pytest.raises(TypeError):
        state.force("d6", "no face").apply("roll")
    assert state.to_json() == before and state.rng == rng and state.banked[2] == 77


class _Faulty(PigState):
    """Pig with an engine bug: a roll of 5 changes the turn total, then fails."""

    def _perform(self, action: Any) -> None:
        super()._perform(action)
        if self.turn_total and self.turn_total % 5 == 0:
            raise RuntimeError("an engine bug")


def test_an_engine_bug_leaves_a_hand_set_position_as_it_was():
    """label protocol-illegal: an unforced failure (an engine bug) on a position set up by hand,
    before its first action, and after a hundred: the state is as before the call."""
    game = gamekit.Game("pig", "Pig", _Faulty, type(PIG.default_options()), 2, 8, perfect_information=True)
    state = game.new(players=2, seed=1)
    state.banked[0] = 13  # by hand, no checkpoint
    failed = 0
    for _ in range(400):
        if state.is_over():
            break
        before = state.to_json()
        try:
            state.apply("roll" if state.turn_total < 20 else "hold")
        except RuntimeError:
            failed += 1
            assert state.to_json() == before
            state.apply("hold" if state.turn_total else "roll") if state.turn_total else None
            if not state.turn_total:
                break
    assert failed > 0 and state.banked[0] >= 13


class _Drifting(_Faulty):
    """:class:`_Faulty` whose log rows carry how many actions the process has carried out so far:
    the actions played again after a failure write other rows than the first time."""

    carried = 0

    def _log_extras(self) -> dict[str, Any] | None:
        _Drifting.carried += 1
        return {"carried": _Drifting.carried}


def test_an_undo_whose_replay_writes_other_rows_says_so():
    """label protocol-illegal: after an unforced failure the actions since the last snapshot are
    played again; when they do not write the same rows again (chance results, extras), the undo
    says so instead of going on from a position that is not the one before the call."""
    game = gamekit.Game("pig", "Pig", _Drifting, type(PIG.default_options()), 2, 8, perfect_information=True)
    state = game.new(players=2, seed=1)
    said = []
    for _ in range(400):
        if state.is_over():
            break
        try:
            state.apply("roll" if state.turn_total < 20 else "hold")
        except RuntimeError as err:
            said.append(str(err))
            if "did not lead back" in str(err):
                break
            state.apply("hold" if state.turn_total else "roll")
    assert said and "did not lead back" in said[-1], said


def test_checkpoint_still_works():
    """label protocol-illegal: ``checkpoint()`` (kept for compatibility) makes the present position the
    one undone to, and returns the state."""
    state = PIG.new(players=2, seed=3)
    state.apply("roll")
    state.banked[1] = 42
    assert state.checkpoint() is state
    before = state.to_json()
    with pytest.raises(TypeError):
        state.force("d6", None).apply("roll")
    assert state.to_json() == before


# -- the kept-value mechanism ---------------------------------------------------------------------


class _Counted(PigState):
    """Pig with two kept values, counting how often each is worked out."""

    MUTABLE = {**PigState.MUTABLE, "calls": "list"}

    def _setup(self) -> None:
        super()._setup()
        self.calls = [0, 0]

    @kept
    def lead(self, player: int) -> int:
        """How far ``player`` leads the best other player."""
        self.calls[0] += 1
        return self.banked[player] - max(b for q, b in enumerate(self.banked) if q != player)

    @kept(on="bank")
    def total_banked(self) -> int:
        self.calls[1] += 1
        return sum(self.banked)

    def _perform(self, action: Any) -> None:
        banked = list(self.banked)
        super()._perform(action)
        if self.banked != banked:
            self.touch("bank")


COUNTED = gamekit.Game("pig", "Pig", _Counted, type(PIG.default_options()), 2, 8, perfect_information=True)


def test_a_kept_value_is_worked_out_once_per_version():
    """A kept value is given again until an action (or a restore, or ``changed``) moves the version on."""
    state = COUNTED.new(players=2, seed=2)
    assert state.lead(0) == state.lead(0) == 0 and state.calls[0] == 1
    assert state.lead(1) == 0 and state.calls[0] == 2  # per arguments
    state.apply("roll")
    state.lead(0)
    assert state.calls[0] == 3  # the action moved the version on
    state.banked[0] = 5  # by hand: says so
    state.changed()
    assert state.lead(0) == 5 and state.calls[0] == 4
    assert fresh(state, "lead", 0) == 5 and state.calls[0] == 5  # a fresh computation, not kept
    assert state.lead(0) == 5 and state.calls[0] == 5


def test_a_value_kept_on_a_part_survives_actions_that_leave_the_part():
    """``@kept(on=part)``: given again across actions until the game touches that part."""
    state = COUNTED.new(players=2, seed=2)
    assert state.total_banked() == 0 and state.calls[1] == 1
    state.force("d6", 4, 3).apply("roll").apply("roll")  # a turn total, nothing banked
    assert state.total_banked() == 0 and state.calls[1] == 1
    state.apply("hold")  # banks 7: touches "bank"
    assert state.total_banked() == 7 and state.calls[1] == 2
    twin = state.clone()  # a clone keeps the kept values, and goes its own way
    assert twin.total_banked() == 7 and twin.calls[1] == 2
    twin.force("d6", 6).apply("roll").apply("hold")
    assert twin.total_banked() == 13 and state.total_banked() == 7


def test_kept_values_match_fresh_ones_over_random_play():
    state = COUNTED.new(players=3, seed=6)
    rnd = random.Random(6)
    while not state.is_over():
        for p in range(3):
            assert state.lead(p) == fresh(state, "lead", p)
        assert state.total_banked() == fresh(state, "total_banked")
        state.apply(rnd.choice(state.legal_actions()))


# -- the log, shared, and clones that stay flat ---------------------------------------------------


def test_the_log_reads_like_a_list():
    rows = [[i % 3, "Roll"] for i in range(300)]
    log = Log(rows)
    assert len(log) == 300 and log == rows and list(log) == rows and log.list() == rows
    for i in (0, 1, 63, 64, 65, 127, 128, 200, 299, -1, -64, -65, -300):
        assert log[i] is rows[i]
    for a, b in ((0, 300), (10, 70), (64, 128), (63, 65), (250, 300), (299, 300), (5, 5), (-70, None), (200, 100)):
        assert log[a:b] == rows[a:b]
    copy = log.copy()
    copy.append([0, "Hold"])
    assert len(log) == 300 and len(copy) == 301 and copy[-1] == [0, "Hold"] and log[-1] is rows[-1]
    with pytest.raises(IndexError):
        log[300]


@pytest.mark.parametrize("name", ["trade-feud", "auf-achse"])
def test_a_clone_copies_no_more_late_in_a_long_game_than_early(name):
    """Issue 33 item 6: a clone's copied size does not grow with the game's length. Uniform random
    play (these games last 15,000 actions and more so): the bytes a clone owns after 15,000 actions
    are within 1.5 times those after 2,000 (the log is shared, not copied: copied, its pointers
    alone would grow 7.5 times; the position itself grows a little as the board fills)."""
    game = gamekit.game(name)
    players, seed = {"trade-feud": (4, 6), "auf-achse": (3, 1)}[name]  # games of more than 15,000 actions
    state = game.new(players=players, seed=seed)
    rnd = random.Random(seed)
    sizes = {}
    for n in range(15_001):
        if n in (2_000, 15_000):
            sizes[n] = copied_bytes(state.clone(), state)
        if state.is_over():
            break
        state.apply(rnd.choice(state.legal_actions()))
    assert 15_000 in sizes, f"the game ended after {state.log_length:,} actions"
    assert sizes[15_000] <= 1.5 * sizes[2_000], sizes


# -- the games' kept values, each against a fresh computation over random play -------------------


def _catan_games():
    from gamekit.catan.seafarers import SEAFARERS

    return [gamekit.game("catan"), gamekit.game("factories"), SEAFARERS, gamekit.game("trade-feud")]


@pytest.mark.parametrize("game", _catan_games(), ids=lambda g: g.name)
def test_catan_kept_values_match_fresh_ones_over_random_play(game):
    """Every value the Catan games keep (``@kept`` for the pieces, the buildings, the position or
    the settings) is at every step what its function works out afresh: the sites, the actions made
    of them, the building counts, the trade rates, the robber's moves, production, what a hand
    affords and the legal list. Asked before and after each action, so a value kept across an action
    that should have moved it on is caught."""
    from gamekit.catan.base import CatanState
    from gamekit.catan.playout import random_policy
    from gamekit.rng import Rng

    for seed in (1, 2):
        state = game.new(players=3 if game.min_players <= 3 else game.min_players, seed=seed)
        state.for_thinking = True  # changed by actions only: the legal list is kept too
        rng = Rng(seed)
        checked = 0
        while not state.is_over() and checked < 700:
            state.legal_actions()  # kept now: the next check asks the kept value
            for p in range(state.players):
                state.building_counts(p), state.all_trade_rates(p), state.road_site_list(p)
            state.apply(random_policy(state, rng))
            checked += 1
            assert state.legal_actions() == fresh(state, "legal_actions")
            for p in range(state.players):
                for name in ("building_counts", "all_trade_rates", "road_site_list", "building_site_list",
                             "_road_actions", "_settlement_actions", "_city_actions"):
                    assert getattr(state, name)(p) == fresh(state, name, p), (name, p, checked)
                hand = tuple(state.hands[p])
                assert state.affordable(hand) == fresh(state, "affordable", hand)
                for holders in (0, 5, 7):
                    assert state._robber_moves_for(p, holders) == fresh(state, "_robber_moves_for", p, holders)
                if type(state).can_rob is CatanState.can_rob:  # the kept moves are the predicate's
                    holding = sum(1 << q for q in range(state.players) if any(state.hands[q]))
                    assert state._robber_moves_for(p, holding) == state._robber_moves(p)
            assert state._robbable_owners() == fresh(state, "_robbable_owners")
            for total in (2, 6, 8, 12):
                for robber in (None, state.robber):
                    assert state._production_with(total, robber) == fresh(state, "_production_with", total, robber)
        assert checked > 100


def test_trade_feud_connections_are_never_changed_once_added():
    """Trade Feud's ``connections`` is declared ``append-only`` (a copy shares its items): over a long
    random game, each connection, once added, stays exactly as it was."""
    import json

    state = gamekit.game("trade-feud").new(players=4, seed=6)
    rnd = random.Random(6)
    seen: list[str] = []
    for _ in range(6_000):
        if state.is_over():
            break
        state.apply(rnd.choice(state.legal_actions()))
        now = [json.dumps(c, sort_keys=True) for c in state.connections]
        assert now[:len(seen)] == seen
        seen = now
    assert len(seen) >= 5


@pytest.mark.parametrize("name", ["catan", "trade-feud"])
def test_a_catan_position_set_by_hand_is_restored_after_a_failed_roll_without_checkpoint(name):
    """label protocol-illegal: a Catan position changed by hand mid-game (cards put in a hand, no
    ``checkpoint()``), then a roll whose forced result the rules cannot use: the state is exactly as
    set up, and plays on from there."""
    from gamekit.catan.actions import Roll
    from gamekit.catan.playout import random_policy
    from gamekit.rng import Rng

    state = gamekit.game(name).new(players=3, seed=4)
    rng = Rng(4)
    while not (state.phase == "roll" and state.log_length > 60):
        state.apply(random_policy(state, rng))
    state.hands[state.turn][0] += 3  # by hand
    state.bank[0] -= 3
    before, legal = state.to_json(), state.legal_actions()
    with pytest.raises(Exception):  # noqa: B017 (whatever the engine raises on a total it cannot use)
        state.force("2d6", "no roll").apply(Roll())
    assert state.to_json() == before and state.legal_actions() == legal
    state.clear_forced()
    state.apply(Roll())
    assert state.log_length == gamekit.game(name).from_json(before).log_length + 1


def _trade_feud_kept_values(state: Any, afresh: bool = False) -> dict[tuple[Any, ...], Any]:
    """Every value Trade Feud keeps for its pieces (``@kept(on=ROUTES)``), as kept or (``afresh``) worked out
    by its function (:func:`gamekit.core.fresh`):
    the owner of each edge's piece, and each player's road, ship and settlement sites, ship builds, ships
    that end a route and their moves, and each ship's targets; in the founding, the coastal sites of the
    player placing."""

    def value(name: str, *args: Any) -> Any:
        return fresh(state, name, *args) if afresh else getattr(state, name)(*args)

    out = {("route_owner",): value("route_owner")}
    for p in range(state.players):
        for name in ("road_site_tuple", "ship_site_tuple", "building_site_tuple", "ship_actions", "route_end_ships",
                     "route_end_moves"):
            out[name, p] = value(name, p)
        for e in state.ships[p]:
            out["move_target_tuple", p, e] = value("move_target_tuple", p, e)
    if state.phase == "setup":
        placing = state.setup_order[state.setup_index]
        out["_founding_sites", placing] = value("_founding_sites", placing)
    return out


@pytest.mark.parametrize("players", [3, 4])
def test_trade_feud_kept_values_match_fresh_ones_over_random_play(players):
    """Issue 33 item 3: every value Trade Feud keeps for its pieces (the sites of rules ``catan-road``,
    ``seafarers-ship``, ``catan-settlement`` with ``trade-feud-branching``, ``trade-feud-connection-illegal``
    and ``trade-feud-connection-fixed``, the ships that may move and their targets, rule
    ``seafarers-moving``, the founding's sites, rule ``trade-feud-setup``) is, before and after every action
    of uniform random games (the founding included, until 1,500 actions), what its function works out
    afresh (:func:`gamekit.core.fresh`) and what a copy with nothing kept (``changed()``) works out; the
    move targets are also the Seafarers layer's definition, asked edge by edge. Kept values are asked before
    each action, so a value kept across an action that should have moved it on is caught."""
    from gamekit.catan.seafarers import SeafarersState

    game = gamekit.game("trade-feud")
    compared = connections = 0
    for seed in (3, 4):
        state = game.new(players=players, seed=seed)
        rnd = random.Random(seed)
        while not state.is_over() and state.log_length < 1_500:
            kept_now = _trade_feud_kept_values(state)
            assert kept_now == _trade_feud_kept_values(state, afresh=True), (seed, state.log_length)
            blank = state.clone().changed()
            assert _trade_feud_kept_values(blank) == kept_now
            if state.phase == "main":
                p = state.turn
                for e in state.ships[p]:
                    assert list(state.move_target_tuple(p, e)) == SeafarersState.move_targets(blank, p, e)
            compared += len(kept_now)
            before = len(state.connections)
            state.apply(rnd.choice(state.legal_actions()))
            connections += len(state.connections) > before
    assert compared > 10_000 and connections >= 2, (compared, connections)
