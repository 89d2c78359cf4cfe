"""The "Roll and move" widget's service (gamekit.web.transportspelet): a thin adapter over the engine."""

from __future__ import annotations

import pytest

from gamekit import IllegalAction
from gamekit.transportspelet import GAME, arrival_within
from gamekit.web import call


def _call(situation=None, **action):
    answer = call("transportspelet.move", {"situation": situation, "action": action} if situation else action)
    assert "ok" in answer, answer
    return answer["ok"]["situation"], answer["ok"]["view"]


def test_start_roll_assign_matches_the_engine():
    sit, view = _call(kind="start", seed=1962)
    engine = GAME.new(players=2, seed=1962)
    assert [c["action"] for c in view["choices"]][:1] == ["dispatch card 22 by car to Berlin"]
    assert not view["can_roll"] and view["telegram_line"].startswith("No transport runs")
    for _ in range(2):
        text = view["choices"][0]["action"]
        sit, view = _call(sit, kind="act", action=text)
        engine.apply(text)
    assert view["can_roll"] and "5/9" in view["telegram_line"]
    sit, view = _call(sit, kind="roll")
    engine.apply("roll")
    assert [d["face"] for d in view["dice"]] == engine.dice
    assert [a["action"] for a in view["assign"]] == [str(a) for a in engine.legal_actions()]
    sit, view = _call(sit, kind="act", action=view["assign"][0]["action"])
    engine.apply(str(engine.legal_actions()[0]))
    restored = GAME.from_json(sit["game"])
    assert restored.log[: len(engine.log)] == engine.log  # then the other player's turn
    assert restored.current_player == 0
    t = restored.transports[0][0]
    left = len(t.path) - 1 - t.pos
    row = view["arrival_rows"][0]
    assert row["label"].startswith(f"card {t.card} ({left} steps")
    assert row["cells"][3].startswith(str(arrival_within("plane", left, 1)))
    assert len(view["map"]["pieces"]) == 4


def test_an_illegal_choice_is_refused_and_names_the_rule():
    sit, view = _call(kind="start", seed=3)
    answer = call("transportspelet.move", {"situation": sit, "action": {"kind": "roll"}})
    assert answer["rule"] == "transport-choosing"
    answer = call("transportspelet.move", {"situation": sit, "action": {"kind": "act", "action": "fly to the moon"}})
    assert "error" in answer
    answer = call("transportspelet.move", {"situation": sit, "action": {"kind": "sing"}})
    assert "error" in answer and answer["rule"] is None


def test_python_widget_acts_through_the_service():
    from gamekit.widgets.transportspelet import RollAndMove

    w = RollAndMove(seed=8)
    first = w.view["choices"][0]["action"]
    w.act(kind="act", action=first)
    assert GAME.from_json(w.situation["game"]).log[0]["text"] == first
    with pytest.raises(IllegalAction):
        w.act(kind="roll")
