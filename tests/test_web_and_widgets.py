"""The widget plumbing: gamekit.web services (what the page's Pyodide calls) and the widgets' Python side."""

from __future__ import annotations

import json

import pytest

from gamekit.dice import named_dice
from gamekit.rng import Rng
from gamekit.web import call, dispatch


def test_dice_roll_service_equals_direct_rolls():
    answer = call("dice.roll", {"die": "2d6", "seed": 2026})
    result, faces = named_dice()["2d6"].roll_detail(Rng(2026))
    assert answer["ok"]["result"] == result and answer["ok"]["faces"] == faces
    assert answer["ok"]["counts"] == {str(result): 1}


def test_generator_state_travels_between_calls():
    first = call("dice.roll", {"die": "d6", "seed": 1, "n": 5})["ok"]
    second = call("dice.roll", {"die": "d6", "n": 5, "rng_state": first["rng_state"]})["ok"]
    both = call("dice.roll", {"die": "d6", "seed": 1, "n": 10})["ok"]
    assert second["rng_state"] == both["rng_state"]
    merged = {k: first["counts"].get(k, 0) + second["counts"].get(k, 0) for k in set(first["counts"]) | set(second["counts"])}
    assert merged == both["counts"]


@pytest.mark.parametrize(
    "name, args, fragment",
    [
        ("dice.roll", {"die": "d99"}, "no die"),
        ("dice.roll", {"die": "d6", "n": 0}, "between"),
        ("dice.roll", {"die": "d6", "seed": "x"}, "seed"),
        ("dice.roll", {"die": "d6", "rng_state": ["1", "2"]}, "PCG32"),
        ("dice.roll", {"dice": "d6"}, "unexpected"),
        ("nothing.here", {}, "no service"),
    ],
)
def test_bad_calls_answer_with_an_error(name, args, fragment):
    answer = call(name, args)
    assert "error" in answer and fragment in answer["error"]


def test_dispatch_speaks_json():
    out = json.loads(dispatch("dice.roll", json.dumps({"die": "colour", "seed": 3})))
    assert out["ok"]["result"] in named_dice()["colour"].outcomes
    assert "error" in json.loads(dispatch("dice.roll", "{not json"))


def test_describe_lists_exact_distributions():
    described = call("dice.describe", {})["ok"]
    assert set(described) == set(named_dice())
    assert described["2d6"]["mean"] == "7" and described["colour"]["mean"] is None


def test_dice_roller_python_side():
    from gamekit.widgets import DiceRoller

    roller = DiceRoller(die="2d6", seed=2026)
    first = roller.roll()
    assert first == named_dice()["2d6"].roll(Rng(2026))
    roller.roll(99)
    assert roller.rolls == 100 and sum(roller.counts.values()) == 100
    roller.die = "green-d8"  # choosing another die starts again from the seed
    assert roller.rolls == 0 and roller.counts == {} and roller.rng_state == []
    assert roller.roll() == named_dice()["green-d8"].roll(Rng(2026))
    with pytest.raises(Exception, match="no die"):
        roller.die = "d99"


def test_widget_answers_front_end_calls_over_the_comm():
    from gamekit.widgets import DiceRoller

    roller = DiceRoller()
    sent = []
    roller.send = lambda content, buffers=None: sent.append(content)
    roller.on_call(roller, {"kind": "call", "id": "c1", "service": "dice.roll", "args": {"die": "d6", "seed": 4}}, [])
    assert sent == [{"kind": "answer", "id": "c1", "answer": call("dice.roll", {"die": "d6", "seed": 4})}]
    roller.on_call(roller, {"kind": "other"}, [])
    assert len(sent) == 1


def _rule_vocabulary() -> set[str]:
    import re

    """Words that only a rule or a game's data can give: goods and dice colours, routes, places,
    resources, terrains, the colour die's colours, transport modes, the cities of the maps. A front end that spells one of them out holds a
    piece of a rule (a cost, a die, an allowed choice) that must come from gamekit in the view."""
    from gamekit.auf_achse.data import network
    from gamekit.catan import RESOURCES
    from gamekit.catan.board import TERRAIN_RESOURCE
    from gamekit.dice import COLOURS as COLOUR_DIE
    from gamekit.itc.data import COLOURS, PLACES, ROUTES
    from gamekit.transportspelet.data import CITIES, MODES

    words = {*COLOURS, *ROUTES, *RESOURCES, *TERRAIN_RESOURCE, *COLOUR_DIE, *MODES}
    words |= {w.lower() for place in (*PLACES, *CITIES, *network().cities) for w in re.findall(r"[^\W\d_]+", place)}
    return words - {"grey", "market"}  # "the grey market" names the widget, not a rule


def _string_literals(js: str) -> list[str]:
    """The text of every string and template literal in a JavaScript module (comments dropped)."""
    import re

    js = re.sub(r"^\s*//.*$", "", js, flags=re.M)
    js = re.sub(r"/\*.*?\*/", "", js, flags=re.S)
    return [m.group(2) for m in re.finditer(r"([\"'`])((?:\\.|(?!\1).)*)\1", js, flags=re.S)]


def test_front_ends_hold_no_rules():
    """No widget front end rolls dice itself or names a piece of a rule: every die, colour, cost,
    resource, route or place it shows comes from gamekit in the view (issue "Widgets for every reader")."""
    import re

    from gamekit.widgets.base import PARTS, STATIC, esm_for

    vocabulary = _rule_vocabulary()
    assert {"brick", "blue", "truck", "europe", "car", "berlin", "bordeaux"} <= vocabulary
    parts = {part for more in PARTS.values() for part in more}
    fronts = sorted(p.stem for p in STATIC.glob("*.js") if p.stem != "runtime")
    assert len(fronts) >= 5
    for name in fronts:
        if name not in parts:
            esm = esm_for(name)
            assert "Math.random" not in esm and "callRules" in esm and "export default" in esm
        own = (STATIC / f"{name}.js").read_text()
        if "export default" in own:
            esm = esm_for(name)
            assert "Math.random" not in esm and "callRules" in esm
        else:  # a part appended to a widget's module (esm_for("play", "play_learn"))
            assert "Math.random" not in own and name.split("_")[0] in {p.stem for p in STATIC.glob("*.js")}
        found = {(word, text) for text in _string_literals(own) for word in re.findall(r"[^\W\d_]+", text)
                 if word.lower() in vocabulary}
        assert not found, f"{name}.js names rule data in its strings: {sorted(found)}"


def test_the_vocabulary_check_catches_a_rule_in_a_front_end():
    """The check above is real: a string naming a cost is found."""
    import re

    literals = _string_literals('const label = `Invest (1 brick + 1 ore)`; // brick in a comment\nel("b", {}, "Roll");')
    words = {w for text in literals for w in re.findall(r"[a-zA-Z]+", text)} & _rule_vocabulary()
    assert words == {"brick", "ore"}


@pytest.mark.parametrize("name", ["dice", "dice_sums", "catan_production", "itc_dice", "itc_market", "itc_fight", "factories", "transportspelet",
                                  "auf_achse_auction", "trade_feud", "play"])
def test_front_ends_are_valid_javascript_modules(name, tmp_path):
    """Each widget's module (runtime + its own code) parses as an ES module (node --check)."""
    import shutil
    import subprocess

    from gamekit.widgets.base import esm_for

    node = shutil.which("node")
    if node is None:
        pytest.fail("node is needed (it installs the book's browser files too)")
    path = tmp_path / f"{name}.mjs"
    path.write_text(esm_for(name))
    result = subprocess.run([node, "--check", str(path)], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert "Math.random" not in path.read_text()
