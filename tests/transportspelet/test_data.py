"""The data files that stand in for the missing printed material are checked when they load (rule
``transport-telegrams``: every telegram's effect; rule ``transport-movement``: the printed bonuses)."""

from __future__ import annotations

import copy
import json

import pytest

from gamekit.transportspelet import data


def _raw():
    return json.loads((data.HERE / "telegrams.json").read_text(encoding="utf-8"))


def _with_effect(telegram_id: str, **effect):
    raw = copy.deepcopy(_raw())
    for deck in raw.values():
        for t in deck:
            if t["id"] == telegram_id:
                t["effect"] = effect
    return raw


def test_the_shipped_telegrams_load():
    # rule transport-telegrams: twelve per deck (transport-contents)
    decks = data.read_telegrams(_raw())
    assert {m: len(d) for m, d in decks.items()} == {"ship": 12, "train": 12, "car": 12, "plane": 12}
    assert decks["train"][6].kind == "damage" and decks["train"][6].value == 50


@pytest.mark.parametrize("effect", [
    {"kind": "damage", "percent": -500},  # the fault of issue 21: damage was never checked
    {"kind": "damage", "percent": 0},
    {"kind": "damage", "percent": 101},
    {"kind": "damage", "percent": True},
    {"kind": "hold", "rolls": 0},
    {"kind": "pay", "amount": -3_000},
    {"kind": "receive", "amount": "2,000"},
    {"kind": "steps", "steps": 0},
    {"kind": "redirect", "city": "Atlantis"},
    {"kind": "damage"},
    {"kind": "percent", "percent": 50},
])
def test_a_bad_telegram_effect_is_refused(effect):
    with pytest.raises(ValueError, match="transportspelet data"):
        data.read_telegrams(_with_effect("train-7", **effect))


def test_the_damage_bounds_are_inclusive():
    for percent in (1, 100):
        decks = data.read_telegrams(_with_effect("train-7", kind="damage", percent=percent))
        assert decks["train"][6].value == percent


def test_a_deck_of_eleven_or_a_twice_used_id_is_refused():
    raw = _raw()
    raw["ship"].pop()
    with pytest.raises(ValueError, match="11 telegrams"):
        data.read_telegrams(raw)
    raw = _raw()
    raw["ship"][1]["id"] = raw["ship"][0]["id"]
    with pytest.raises(ValueError, match="twice"):
        data.read_telegrams(raw)


def test_the_movement_bonus_is_the_printed_one():
    # rule transport-movement: "the train ... plus 1, the car ... plus 2, the plane ... plus 3"; the ship exactly
    assert data.MOVEMENT_BONUS == {"ship": 0, "train": 1, "car": 2, "plane": 3}
