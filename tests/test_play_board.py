"""The play pages' board as the table (issue 31, gamekit/web/play_board.py): every legal move that
lies on the board has its place there, the list of moves holds each legal move once in the engine's
order, and a place where no legal move lies, pressed, gets the engine's own refusal with its rule,
the game unchanged."""

from __future__ import annotations

import random

import pytest

import gamekit
from gamekit.core import IllegalAction
from gamekit.web import call
from gamekit.web.play_board import board_places, grouped_moves, press

GAMES = [("itc", 3), ("catan", 3), ("factories", 3), ("trade-feud", 3), ("auf-achse", 2), ("transportspelet", 2)]


def _positions(name: str, players: int, seed: int = 4, steps: int = 160):
    state = gamekit.game(name).new(players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over():
            return
        yield state
        state.apply(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("name,players", GAMES)
def test_every_place_is_a_move_or_the_engines_refusal(name, players):
    seen_on_board = seen_refused = 0
    for i, state in enumerate(_positions(name, players)):
        legal = state.legal_actions()
        places = board_places(state, legal)
        assert places, "every game's board has places to press"
        ids = [p["id"] for p in places]
        assert len(ids) == len(set(ids))
        texts = {str(a) for a in legal}
        for p in places:
            assert set(p["actions"]) <= texts
        groups = grouped_moves(state, legal)
        listed = [m["action"] for g in groups for m in g["moves"]]
        assert sorted(listed) == sorted(str(a) for a in legal)  # one entry per legal move
        assert listed[0] == str(legal[0])  # the first move listed is the engine's first
        for g in groups:
            if "parts" in g:
                assert sorted(m["action"] for part in g["parts"] for m in part["moves"]) == sorted(m["action"] for m in g["moves"])
            for m in g["moves"]:
                for place in m["places"]:
                    assert place in ids and m["action"] in next(p for p in places if p["id"] == place)["actions"]
        seen_on_board += sum(1 for p in places if p["actions"])
        if i % 20 == 0:
            before = state.to_json()
            for p in [p for p in places if not p["actions"]][:25]:
                refusal = press(state, p["id"])
                if isinstance(refusal, dict):  # moves of several kinds meant there: each its own refusal
                    refusal = press(state, p["id"], refusal["kinds"][0])
                assert isinstance(refusal, IllegalAction) and refusal.rule and str(refusal)
                seen_refused += 1
            assert state.to_json() == before  # a press changes nothing
    assert seen_on_board > 0 and seen_refused > 0


def test_a_place_with_moves_or_none_is_not_a_refusal():
    state = gamekit.game("catan").new(players=3, seed=1)
    with pytest.raises(ValueError, match="choose one of them"):
        press(state, "node:0")
    with pytest.raises(ValueError, match="no place"):
        press(state, "node:999")


def test_the_first_transportspelet_turn_is_a_short_list():
    """Transportspelet's first turn: 224 dispatches, folded by card and vehicle into a few parts;
    each city on the board holds its own dispatches (the board is the way to choose the stop)."""
    state = gamekit.game("transportspelet").new(players=2, seed=1)
    legal = state.legal_actions()
    groups = grouped_moves(state, legal)
    dispatch = next(g for g in groups if g["title"] == "Dispatch")
    assert len(dispatch["moves"]) == 224 and dispatch["fold"] and dispatch["on_board"]
    assert 2 <= len(dispatch["parts"]) <= 12
    cities = [p for p in board_places(state, legal) if p["actions"]]
    assert len(cities) == 24 and sum(len(p["actions"]) for p in cities) == 224


def test_the_service_answers_a_press_with_the_rule_and_keeps_the_game():
    """rule catan-setup: the second founding move is a road by the settlement just placed; a
    press on an intersection then is refused by the engine, named by its rule."""
    start = call("play.game", {"action": {"kind": "start", "game": "catan", "players": 3,
                                          "seats": ["person", "heuristic", "heuristic"], "seed": 1}})["ok"]
    after = call("play.game", {"situation": start["situation"], "action": {"kind": "move", "text": "settlement at 0"}})["ok"]
    view = after["view"]
    roads = [p for p in view["places"] if p["actions"]]
    assert roads and all(p["id"].startswith("edge:") and p["actions"] == [f"road on {p['label']}"] for p in roads)
    answer = call("play.game", {"situation": after["situation"], "action": {"kind": "press", "place": "node:20"}})
    assert answer["rule"] == "catan-setup" and "road" in answer["error"]
    # the ITC board is pressable too: a sales marker placed by its continent
    itc = call("play.game", {"action": {"kind": "start", "game": "itc", "players": 3,
                                        "seats": ["person", "heuristic", "heuristic"], "seed": 1}})["ok"]["view"]
    europe = next(p for p in itc["places"] if p["id"] == "place:Europe")
    assert europe["actions"] == ["sales marker in Europe"]
    lane = next(p for p in itc["places"] if p["id"] == "lane:truck-1")
    assert lane["actions"] == []
