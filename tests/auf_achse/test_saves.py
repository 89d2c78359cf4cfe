"""Saving and restoring (label protocol-save): exact round trips in every phase, and malformed saves
rejected whole with InvalidSave."""

from __future__ import annotations

import functools
import json

import pytest
from aa_helpers import GAME, driving, placed, road

from gamekit import InvalidSave
from gamekit.auf_achse import Bid, ChooseContract, Step
from gamekit.auf_achse.bots import bot_action
from gamekit.rng import Rng


def in_auction():
    s = placed(4)
    driving(s, road("Leipzig", "Berlin")[-1], 1).apply(Step("Berlin"))
    s.apply(ChooseContract(1))
    s.apply(Bid(2))
    return s


@functools.lru_cache(maxsize=1)
def phases():
    out = {"setup": GAME.new(players=3, seed=1), "auction": in_auction()}
    s = GAME.new(players=3, seed=2)
    policy = Rng(2)
    while not s.is_over():
        if s.phase not in out:
            out[s.phase] = s.clone()
        s.apply(bot_action(s, policy))
    out["over"] = s
    return out


@pytest.mark.parametrize("phase", ["setup", "roll", "die", "moving", "city", "auction", "over"])
def test_round_trip_in_every_phase(phase):
    s = phases()[phase].clone()
    assert s.phase == phase
    text = s.to_json()
    back = GAME.from_json(text)
    assert back.to_json() == text and back.legal_actions() == s.legal_actions()
    assert back.current_player == s.current_player and back.scores() == s.scores()


def _mutations():
    def state(f):
        return lambda d: f(d["state"])

    def put(key, value):
        return state(lambda s: s.__setitem__(key, value))

    return [
        (put("cash", [5_000, 5_000, 5_000, 1]), "money is not conserved"),
        (put("cash", [5_000, 5_000]), "cash must have"),
        (put("bank", "lots"), "bank must be an integer"),
        (put("goods_supply", 47), "goods are not conserved"),
        (state(lambda s: s["hands"][0].append(s["hands"][1][0])), "exactly one place"),
        (state(lambda s: s["hands"][0].pop()), "exactly one place"),
        (put("row", [None, None, None]), "row must have 4"),
        (put("phase", "lunch"), "unknown phase"),
        (put("phase", "city"), "auction is saved exactly"),
        (put("position", ["Atlantis", "Berlin", "Berlin", "Berlin"]), "not a city or road space"),
        (put("position", ["Berlin-Leipzig/0"] * 4), "holds more than 2 trucks"),
        (put("trailers", [["huge"], [], [], []]), "large"),
        (put("trailers", [["large", "small"], [], [], []]), "too many trailers"),
        (state(lambda s: s["trailer_supply"].__setitem__("large", 5)), "not conserved"),
        (put("event_deck", [0, 0]), "every event card"),
        (put("dice", [7, 1]), "dice must be"),
        (put("skip_next", [0, 0, 0, 0]), "skip_next"),
        (put("public_pending", "yes"), "true or false"),
        (put("player", 4), "player out of range"),
        (state(lambda s: s["auction"].__setitem__("turn", 1)), "the player to act"),
        (state(lambda s: s["auction"].__setitem__("offer", 6)), "out of range"),
        (state(lambda s: s["auction"].__setitem__("leader", None)), "a best offer needs a leader"),
        (state(lambda s: s.pop("row")), "row"),
        (lambda d: d.__setitem__("state", []), "must be an object"),
    ]


@pytest.mark.parametrize("mutate,message", _mutations())
def test_malformed_save_is_rejected_whole(mutate, message):
    data = json.loads(in_auction().to_json())
    mutate(data)
    with pytest.raises(InvalidSave, match=message):
        GAME.from_json(json.dumps(data))


def test_a_save_of_another_game_or_options_is_rejected():
    data = json.loads(placed(2).to_json())
    data["options"]["face_up"] = 0
    with pytest.raises(InvalidSave):
        GAME.from_json(json.dumps(data))
    data = json.loads(placed(2).to_json())
    data["options"]["speed"] = 3
    with pytest.raises(InvalidSave, match="no setting"):
        GAME.from_json(json.dumps(data))
