"""The common game protocol (book page "The game protocol", label protocol), shown on Pig."""

from __future__ import annotations

import json
import random

import pytest
from helpers import format1_save, shared_mutables
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
        (lambda d: d["log"].append({"player": 0, "action": {"type": "Roll"}}), "log entry 1 is not a row"),
        (lambda d: d["log"].append([0, "Fold"]), "log entry 1 names no action"),
        (lambda d: d["log"].append([2, "Hold"]), "log entry 1: no player 2"),
        (lambda d: d["log"].append([True, "Hold"]), "log entry 1: no player True"),
        (lambda d: d["log"].append([0, "Hold", 3]), r"log entry 1: Hold has the fields \[\]"),
        (lambda d: d["log"][0].__setitem__(-1, ["not", "extras"]), "log entry 0: Roll has the fields"),
        (lambda d: d["actions"].update(Hold=["how_long"]), "the save's actions"),
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
    assert list(planned) == ["itc", "auf-achse", "catan", "factories", "trade-feud", "transportspelet"]
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
        assert gamekit.unregister("pig") is PIG
    assert "pig" not in gamekit.games() and gamekit.unregister("pig") is None
    with pytest.raises(TypeError):
        gamekit.register("pig")


def test_new_and_restore_run_the_subclass_init():
    """Game.new and from_json build a state through its class, so a subclass's __init__ runs."""

    class Counted(PigState):
        made = 0

        def __init__(self, *args):
            super().__init__(*args)
            Counted.made += 1
            self.note = "made by __init__"

    game = gamekit.Game("pig", "Pig", Counted, type(PIG.default_options()), 2, 8, perfect_information=True)
    state = game.new(seed=1)
    copy = game.from_json(state.to_json())
    assert Counted.made == 2 and state.note == copy.note == "made by __init__"


def test_action_text_is_parsed_then_checked():
    """label protocol-legal-actions: a text is read by the game's parser, then checked like the
    action, so a readable but illegal text names the rule that forbids it."""
    state = PIG.new(seed=1)
    assert state.parse_action(" hold ") == Hold() and state.parse_action("roll") == Roll()
    with pytest.raises(gamekit.IllegalAction) as info:
        state.apply("hold")
    assert info.value.rule == "pig-hold"
    with pytest.raises(gamekit.IllegalAction) as info:
        state.apply("jump")
    assert info.value.rule == "protocol-legal-actions"


def test_forced_chance_results():
    """label protocol-randomness: force() queues results for the draws it names; they are logged as
    forced, the generator is not used, and a draw of another name rolls as usual."""
    state = PIG.new(seed=1, goal=20)
    rng = state.rng.clone()
    state.force("d6", 6, 5).force("something else", 1)
    state.apply("roll").apply("roll")
    assert state.turn_total == 11 and state.rng == rng
    assert state.forced == (("something else", 1),)
    assert [e["chance"] for e in state.log] == [[{"what": "d6", "result": 6, "forced": True}],
                                                [{"what": "d6", "result": 5, "forced": True}]]
    state.apply("roll")
    assert state.rng != rng and "forced" not in state.log[-1]["chance"][0]
    with pytest.raises(ValueError):
        state.force("")


@pytest.mark.parametrize("origin", ["new", "save"])
def test_apply_is_atomic_when_carrying_out_fails(origin):
    """label protocol-illegal: if an action fails after its check, the state, its generator, its log
    and its forced results are exactly as before the call, and the game goes on as if nothing happened."""
    state = PIG.new(players=3, seed=8)
    rnd = random.Random(8)
    for _ in range(25):
        state.apply(rnd.choice(state.legal_actions()))
    if origin == "save":
        state = PIG.from_json(state.to_json())
        state.apply("roll")
    twin = state.clone()
    before, rng = state.to_json(), state.rng.clone()
    state.force("d6", "a banana", 4)  # no die shows a banana: adding it to the turn total fails
    with pytest.raises(TypeError):
        state.apply("roll")
    assert state.to_json() == before and state.rng == rng and state.forced == (("d6", "a banana"), ("d6", 4))
    state.clear_forced()
    for _ in range(10):
        if state.is_over():
            break
        action = rnd.choice(state.legal_actions())
        state.apply(action)
        twin.apply(action)
    assert state.to_json() == twin.to_json()


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


@pytest.mark.parametrize("game", every_game(), ids=lambda g: g.name)
def test_action_texts_are_unique_and_read_back(game):
    """label protocol-legal-actions: at every step of a seeded game, no two legal actions share a
    text, and each text reads back to its action."""
    state = game.new(players=game.min_players, seed=11)
    rnd = random.Random(11)
    for _ in range(400):
        if state.is_over():
            break
        legal = state.legal_actions()
        texts = [str(a) for a in legal]
        assert len(set(texts)) == len(texts), sorted(t for t in texts if texts.count(t) > 1)
        assert [state.parse_action(t) for t in texts] == legal
        state.apply(rnd.choice(texts))


@pytest.mark.parametrize("game", every_game(), ids=lambda g: g.name)
def test_a_clone_shares_no_mutable_attribute_with_its_original(game):
    """label protocol-randomness: ``clone()`` is independent. Log entries may be shared (an entry is
    never changed once written), and so may what a game lists in ``shared_on_clone`` (data it never
    changes, such as a card table)."""
    state = played(game)
    clone = state.clone()
    keep = tuple(getattr(state, name, None) for name in (*state.ENGINE_SHARED, *state.shared_on_clone))
    keep += tuple(state.log) + tuple(state._rows)  # the log's rows and entries, each written once
    keep += tuple(item for name, how in state.copied_fields().items() if how == "append-only"
                  for item in getattr(state, name, None) or ())  # items written once (issue 33: "append-only")
    assert shared_mutables(clone, state, skip=keep) == []
    assert clone.to_json() == state.to_json()
    # the clone's log is its own: an action on the clone, read in its log, is not in the original's
    before = state.log_length, list(state.log)
    if not clone.is_over():
        clone.apply(clone.legal_actions()[0])
        assert clone.log_length == before[0] + 1 and len(clone.log) == before[0] + 1
    assert (state.log_length, list(state.log)) == before


def test_a_failed_action_is_undone_to_a_scenario_set_by_hand():
    """label protocol-illegal: after ``checkpoint()``, a state set up by hand is what a failed action
    returns to."""
    state = PIG.new(players=2, seed=3)
    state.apply("roll")
    state.banked[1] = 42  # a scenario set by hand
    state.checkpoint()
    before = state.to_json()
    with pytest.raises(TypeError):
        state.force("d6", None).apply("roll")
    assert state.to_json() == before and state.banked[1] == 42


def test_an_engine_bug_while_restoring_is_not_called_an_invalid_save():
    """label protocol-saving: InvalidSave is for malformed saves; an AttributeError from the engine
    is a bug and propagates as itself."""

    class Buggy(PigState):
        def _restore(self, data):
            return self.no_such_attribute

    game = gamekit.Game("pig", "Pig", Buggy, type(PIG.default_options()), 2, 8, perfect_information=True)
    with pytest.raises(AttributeError):
        game.from_json(game.new(seed=1).to_json())


@pytest.mark.parametrize("game", every_game(), ids=lambda g: g.name)
def test_a_save_of_format_1_is_still_read(game):
    """label protocol-saving: a save written before the log became compact rows (format 1, the log
    as readable entries) restores to the same game, and an entry that is not an action of the game
    is refused."""
    state = played(game)
    old = format1_save(state)
    restored = game.from_json(old)
    assert restored.to_json() == state.to_json() and restored.log == state.log
    data = json.loads(old)
    data["log"][-1]["action"]["type"] = "Nonsense"
    with pytest.raises(gamekit.InvalidSave, match=f"log entry {len(state.log) - 1}"):
        game.from_json(json.dumps(data))


@pytest.mark.parametrize("game", every_game(), ids=lambda g: g.name)
def test_the_log_reads_the_same_after_a_save(game):
    """label protocol-saving: the readable log of a restored game (made from the saved rows) is
    the log of the game that was saved, texts and chance results included, and a restored game
    goes on logging like the original."""
    state = played(game)
    rows = json.loads(state.to_json())["log"]
    assert len(rows) == len(state.log) and all(row[1] == e["action"]["type"] for row, e in zip(rows, state.log))
    restored = game.from_json(state.to_json())
    assert restored.log == state.log
    if not state.is_over():
        action = random.Random(1).choice(state.legal_actions())
        state.apply(action)
        restored.apply(action)
        assert restored.log == state.log and restored.to_json() == state.to_json()


@pytest.mark.parametrize("game", every_game(), ids=lambda g: g.name)
def test_what_a_game_shares_on_clone_is_shared_and_nothing_else(game):
    """label protocol-randomness: ``shared_on_clone`` is read: ``clone()`` and ``copy.deepcopy``
    share exactly the attributes a game names there (with the game and its options) and copy the rest."""
    import copy

    state = played(game, moves=60)
    for twin in (state.clone(), copy.deepcopy(state)):
        for name in state.shared_on_clone:
            assert getattr(twin, name) is getattr(state, name), name
        assert twin.to_json() == state.to_json()


def test_shared_on_clone_is_what_deepcopy_shares():
    """label protocol-randomness: a game that names an attribute in ``shared_on_clone`` gets it
    shared by ``clone()``; declared in ``MUTABLE`` it is copied as declared; a game that declares
    no ``MUTABLE`` at all gets it copied deep (issue 33: the one declaration drives the copy)."""

    class WithTable(PigState):
        shared_on_clone = ("table",)

    class Declared(PigState):
        MUTABLE = {**PigState.MUTABLE, "table": "nested"}

    class Undeclared(PigState):
        MUTABLE = None

    for cls, shared in ((WithTable, True), (Declared, False), (Undeclared, False)):
        game = gamekit.Game("pig", "Pig", cls, type(PIG.default_options()), 2, 8, perfect_information=True)
        state = game.new(seed=1)
        state.table = [[1, 2], [3]]
        clone = state.clone()
        assert (clone.table is state.table) is shared and clone.table == state.table
        assert shared or clone.table[0] is not state.table[0]


def test_an_action_text_naming_a_hidden_card_has_a_public_text():
    """label protocol-legal-actions (issue 17): the log entry of an action whose text names a card
    only its player may see also holds the text the others may read (``public_text``)."""
    from gamekit.itc import PlaceTransport

    state = gamekit.game("itc").new(players=2, seed=5)
    rnd = random.Random(5)
    for _ in range(3000):
        hidden = [a for a in state.legal_actions() if isinstance(a, PlaceTransport) and a.under]
        if hidden:
            state.apply(hidden[0])
            break
        state.apply(rnd.choice(state.legal_actions()))
    entry = state.log[-1]
    under = entry["action"]["under"]
    assert under in entry["text"] and "public_text" in entry and under not in entry["public_text"]
    assert entry["public_text"] == entry["text"].replace(f"with {under}", "with a card face down")
    assert all("public_text" not in e for e in state.log[:-1] if e["action"].get("under", "") == "")


@pytest.mark.parametrize("name", sorted(gamekit.games()))
def test_state_data_is_the_saves_position_and_shares_nothing(name):
    """protocol-save: ``state_data()`` is the save's ``"state"`` (without the log), and changing it
    changes nothing in the game."""
    from gamekit.rng import Rng

    game = gamekit.game(name)
    state = game.new(players=game.min_players, seed=3)
    policy = Rng(3)
    for _ in range(60):
        if state.is_over():
            break
        actions = state.legal_actions()
        state.apply(actions[policy.randbelow(len(actions))])
    data = state.state_data()
    assert data == state.to_data()["state"]
    saved = state.to_json()
    data.clear()
    assert state.to_json() == saved


def test_refusal_is_the_check_apply_makes():
    """label protocol-legal-actions: refusal(action) names the IllegalAction apply would raise (the
    action's text read as apply reads it, the game over refused too) and changes nothing."""
    state = PIG.new(players=2, seed=2, goal=1)
    before = state.to_json()
    assert state.refusal(Roll()) is None and state.refusal("roll") is None
    assert state.refusal(Hold()).rule == "pig-hold" and state.refusal("hold").rule == "pig-hold"
    assert state.refusal("fold").rule == "protocol-legal-actions"
    assert state.to_json() == before
    while not state.is_over():
        state.apply(Roll() if state.refusal(Hold()) else Hold())
    assert state.refusal(Roll()).rule == "protocol-game-over"


@pytest.mark.parametrize("game", every_game(), ids=lambda g: g.name)
def test_a_save_after_every_move_writes_what_one_pass_writes(game):
    """label protocol-saving: a state writes only the log rows added since its last save, and the
    text is exactly what one pass of the JSON encoder over the whole save writes: after each move,
    in a copy that goes its own way, after a failed action (the log replayed) and in a restored game."""
    def one_pass(state):
        return json.dumps(state.to_data(), sort_keys=True)

    state = game.new(players=max(game.min_players, 3) if game.max_players >= 3 else 2, seed=5)
    rnd = random.Random(5)
    for step in range(120):
        if state.is_over():
            break
        state.apply(rnd.choice(state.legal_actions()))
        assert state.to_json() == one_pass(state), step
        if step == 60:
            copy = state.clone()
            if not copy.is_over():
                copy.apply(rnd.choice(copy.legal_actions()))
            assert copy.to_json() == one_pass(copy) and state.to_json() == one_pass(state)
            restored = game.from_json(state.to_json())
            if not restored.is_over():
                restored.apply(rnd.choice(restored.legal_actions()))
            assert restored.to_json() == one_pass(restored)
    assert json.loads(state.to_json(indent=1)) == state.to_data()


def test_a_save_after_a_failed_action_is_written_again():
    """label protocol-illegal: a failed action replays the log into new rows; the next save is
    written from them, as one pass writes it."""
    state = PIG.new(players=3, seed=8)
    rnd = random.Random(8)
    for _ in range(25):
        state.apply(rnd.choice(state.legal_actions()))
        state.to_json()
    state.force("d6", "a banana")
    with pytest.raises(TypeError):
        state.apply("roll")
    state.clear_forced()
    state.apply("roll")
    assert state.to_json() == json.dumps(state.to_data(), sort_keys=True)
