"""Issue 34, item 1: house rules in the page (gamekit/web/house_rules.py, gamekit/web/play.py).

The play pages' settings offer every printed number and the Assumptions, grouped by the chapter's
sections, in words for people; a changed game says "house rules" in its view, its result and its
save, and the save reopens with them (checked as every save is); the "What does it change?"
service gives the numbers of ``gamekit.tournaments.compare`` for the same seeds, however it is
split into calls."""

from __future__ import annotations

import dataclasses
import json
import math
import re
import sys
from pathlib import Path

import numpy as np
import pytest

import gamekit
from gamekit.core import InvalidSave
from gamekit.settings import PRINTED, printed_numbers
from gamekit.tournaments import compare, series, spawned_words
from gamekit.web import call
from gamekit.web.house_rules import MAX_ACTIONS, read_setting, settings_groups, value_text
from gamekit.web.play import pages

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
import rule_sections  # noqa: E402

PLAY_GAMES = sorted(pages())


def ok(answer):
    assert "error" not in answer, answer
    return answer["ok"]


def test_the_sections_file_is_made_from_the_book_as_it_is():
    """gamekit/web/rule_sections.json is what tools/rule_sections.py makes from book/ now (run it
    after moving a label or renaming a section)."""
    kept = json.loads((ROOT / "gamekit" / "web" / "rule_sections.json").read_text(encoding="utf-8"))
    assert kept == json.loads(json.dumps(rule_sections.sections()))
    assert kept["itc-setup"][2] == "Setup"  # a label on a heading: that section
    assert kept["catan-discard"][2] == "The base game in brief"  # a label on a paragraph: the section it is in
    assert kept["auf-achse-trailers"][2] == "Trailers"


@pytest.mark.parametrize("name", PLAY_GAMES)
def test_every_printed_number_is_offered_in_its_chapter_section(name):
    game = gamekit.game(name)
    groups = settings_groups(name)
    offered = {s["name"]: (g, s) for g in groups for s in g["settings"]}
    sections = rule_sections.sections()
    for number in printed_numbers(game.options_class):
        group, item = offered[number.name]
        assert item["kind"] == "printed"
        assert item["label"] == number.label and item["rule"] == number.rule
        assert group["title"] == sections[number.rule][2]
        assert item["printed"] == value_text(number.default) == item["value"]
        assert "(" not in item["value"] and "'" not in item["value"]  # words, never a tuple's repr
        meta = {f.name: f.metadata for f in dataclasses.fields(game.options_class)}[number.name]
        if meta["cost"] is not None:
            assert item["label"].endswith("cost")
    # the Assumptions a form can set are there too
    assumptions = [s for g in groups for s in g["settings"] if s["kind"] == "assumption"]
    for f in dataclasses.fields(game.options_class):
        default = getattr(game.default_options(), f.name)
        if f.metadata.get("kind") != PRINTED and isinstance(default, (bool, int)):
            assert f.name in {s["name"] for s in assumptions}
    # the groups in the order of the game's own chapter
    own = [g for g in groups if g["page"] == groups[0]["page"]]
    assert own == groups[:len(own)]


def test_catan_costs_in_words_and_their_section():
    groups = settings_groups("catan")
    item = next(s for g in groups for s in g["settings"] if s["name"] == "city_cost")
    assert (item["label"], item["printed"], item["rule"]) == ("city cost", "2 grain, 3 ore", "catan-building-costs")
    assert next(s for g in groups for s in g["settings"] if s["name"] == "settlement_cost")["value"] == \
        "1 brick, 1 lumber, 1 wool, 1 grain"
    assert next(g["title"] for g in groups if item in g["settings"]) == "The base game in brief"


def test_what_a_person_types_is_read_into_the_engine_value():
    catan, itc, transport = gamekit.game("catan"), gamekit.game("itc"), gamekit.game("transportspelet")
    assert read_setting(catan, "city_cost", "2 grain, 4 ore") == {"grain": 2, "ore": 4}
    assert read_setting(catan, "city_cost", "2 grain + 4 ores") == {"grain": 2, "ore": 4}
    assert read_setting(itc, "goal", "150,000") == 150_000
    assert read_setting(itc, "smuggling_values", "5,000, 10,000, 15,000, 25,000") == (5_000, 10_000, 15_000, 25_000)
    assert read_setting(transport, "telegram_faces", "1, 2, 6") == (1, 2, 6)
    with pytest.raises(ValueError, match="city cost is written as counts and resources"):
        read_setting(catan, "city_cost", "two grain")
    with pytest.raises(ValueError, match="'gold' is not a resource"):
        read_setting(catan, "city_cost", "2 gold")
    with pytest.raises(ValueError, match="discard limit is a whole number"):
        read_setting(catan, "discard_limit", "seven")


def test_a_value_out_of_range_is_refused_by_the_engine_naming_the_rule():
    answer = call("play.game", {"action": {"kind": "start", "game": "catan", "players": 3, "seats": ["heuristic"] * 3,
                                           "seed": 1, "options": {"discard_limit": "101"}}})
    assert "discard_limit" in answer["error"] and "catan-discard" in answer["error"] and "0..100" in answer["error"]


def _play_out(situation):
    view = None
    while True:
        answer = ok(call("play.game", {"situation": situation, "action": {"kind": "bot"}}))
        situation, view = answer["situation"], answer["view"]
        if view["over"]:
            return situation, view


def test_a_changed_game_says_house_rules_in_its_result_and_save_and_reopens_with_them():
    options = {"victory_points_to_win": "5", "city_cost": "2 grain, 2 ore", "discard_limit": 9}
    start = ok(call("play.game", {"action": {"kind": "start", "game": "catan", "players": 3, "seats": ["heuristic"] * 3,
                                             "seed": 4, "options": options}}))
    assert "with house rules: victory points to win: 5 (printed: 10)" in start["view"]["announce"]
    assert start["view"]["house_rules"] == ["victory points to win: 5 (printed: 10)", "discard limit: 9 (printed: 7)",
                                            "city cost: 2 grain, 2 ore (printed: 2 grain, 3 ore)"]
    situation, view = _play_out(start["situation"])
    assert "Played with house rules: victory points to win: 5 (printed: 10)" in view["result"]
    assert view["outcome"]["house_rules"].startswith("Played with house rules")
    assert "house-rules" in view["save_name"]
    save = json.loads(situation["save"])
    assert save["house_rules"] == view["house_rules"]
    assert save["options"]["city_cost"] == [["grain", 2], ["ore", 2]]
    # The same game played by the library with the same settings: the same winner and the same log.
    state = gamekit.game("catan").from_json(situation["save"], replay=True)
    assert state.options.city_cost == (("grain", 2), ("ore", 2)) and state.options.victory_points_to_win == 5
    # Reopened on the page, checked by replaying it: the house rules are back.
    opened = ok(call("play.game", {"action": {"kind": "open", "game": "catan", "save": situation["save"]}}))
    assert opened["view"]["house_rules"] == view["house_rules"]
    assert "Played with house rules" in opened["view"]["result"]
    # A save whose settings were edited afterwards no longer matches its log: refused, never trusted.
    save["options"]["city_cost"] = [["grain", 2], ["ore", 3]]
    edited = call("play.game", {"action": {"kind": "open", "game": "catan", "save": json.dumps(save)}})
    assert "error" in edited and "step" in edited["error"]
    with pytest.raises(InvalidSave):
        gamekit.game("catan").from_json(json.dumps(save), replay=True)


def test_the_printed_game_has_no_house_rules_and_its_save_is_the_engines():
    start = ok(call("play.game", {"action": {"kind": "start", "game": "itc", "players": 2, "seats": ["person", "heuristic"],
                                             "seed": 3, "options": {"goal": "200,000", "hand_limit": 6}}}))
    assert start["view"]["house_rules"] == [] and start["view"]["house_rules_text"] == ""
    state = gamekit.game("itc").new(players=2, seed=3)
    assert start["situation"]["save"] == state.to_json()


def test_the_seed_series_is_numpys_seed_sequence():
    """series() gives tournament()'s seeds without numpy: numpy's SeedSequence, checked word by word."""
    for seed in (0, 1, 7, 2**32 - 1, 2**32, 2**53 + 5, 10**30):
        children = np.random.SeedSequence(seed).spawn(5)
        for i, child in enumerate(children):
            assert spawned_words(seed, i, 3) == [int(w) for w in child.generate_state(3, dtype=np.uint64)]
    jobs = series(["heuristic"], 3, seed=9, players=3, start=2)
    child = np.random.SeedSequence(9).spawn(5)[4]
    assert jobs[-1][2:] == (int(child.generate_state(4, dtype=np.uint64)[0]) >> 11,
                            tuple(int(w) >> 11 for w in child.generate_state(4, dtype=np.uint64)[1:]))


def _page_comparison(game, players, games, changed, budget_ms):
    answer = ok(call("play.compare", {"action": {"kind": "start", "game": game, "players": players, "games": games,
                                                 "options": changed}}))
    calls = 0
    while not answer["view"]["finished"]:
        answer = ok(call("play.compare", {"situation": answer["situation"], "action": {"kind": "more", "budget_ms": budget_ms}}))
        calls += 1
    return answer, calls


CHANGES = {"itc": {"hand_limit": "4"}, "catan": {"city_cost": "2 grain, 2 ore"}, "factories": {"factories_per_turn": 2},
           "trade-feud": {"discard_limit": "9"}, "auf-achse": {"truck_capacity": "5"},
           "transportspelet": {"movement_bonus": "0, 1, 2, 4"}}


@pytest.mark.parametrize("name", PLAY_GAMES)
def test_the_panel_gives_the_librarys_comparison_for_the_same_seeds(name):
    """The service's numbers are gamekit.tournaments.compare's on two gamekit.tournament tables
    (the notebook the panel shows), whether the games come one pair a call or several."""
    game = gamekit.game(name)
    players = max(game.min_players, 2)
    one_by_one, calls = _page_comparison(name, players, 4, CHANGES[name], budget_ms=0)
    assert calls == 4  # one game a setting each call
    in_one, _ = _page_comparison(name, players, 4, CHANGES[name], budget_ms=10_000)
    assert in_one["view"]["table"]["numbers"] == one_by_one["view"]["table"]["numbers"]
    view = one_by_one["view"]
    options = one_by_one["situation"]["options"]
    a = gamekit.tournament(name, ["heuristic"], games=4, seed=view["seed"], players=players, workers=1, max_actions=MAX_ACTIONS)
    b = gamekit.tournament(name, ["heuristic"], games=4, seed=view["seed"], players=players, workers=1, max_actions=MAX_ACTIONS, options=options)
    table = compare(a, b)
    assert [r["measure"] for r in view["table"]["numbers"]] == list(table.index)
    for row in view["table"]["numbers"]:
        for column, value in row.items():
            if column == "measure":
                continue
            library = table.loc[row["measure"], column]
            if value is None:
                assert library is None or math.isnan(library)
            else:
                assert value == library, (row["measure"], column)
    # the notebook the panel shows is that code
    assert f"gamekit.tournament({name!r}, ['heuristic'], games=4, seed={view['seed']}, players={players}" in view["notebook"]
    assert len(view["table"]["rows"]) == players + 1 and view["table"]["verdict"]


def test_the_panel_in_words_and_its_refusals():
    answer, _ = _page_comparison("catan", 3, 6, {"victory_points_to_win": "6"}, budget_ms=10_000)
    view = answer["view"]
    assert view["changes"] == ["victory points to win: 6 (printed: 10)"]
    rows = {r["measure"]: r for r in view["table"]["rows"]}
    assert set(rows) == {"Player 1: share of the wins", "Player 2: share of the wins", "Player 3: share of the wins",
                         "Game length in actions"}
    length = rows["Game length in actions"]
    assert length["clear"] == "yes" and length["difference"].startswith("−")  # 6 points instead of 10: shorter games
    assert "%" in rows["Player 1: share of the wins"]["default"] and " to " in rows["Player 1: share of the wins"]["default_range"]
    assert "games a second" in view["speed"]
    nothing = call("play.compare", {"action": {"kind": "start", "game": "catan", "players": 3, "options": {"discard_limit": 7}}})
    assert nothing["error"].startswith("Nothing is changed yet")
    assert "error" in call("play.compare", {"action": {"kind": "start", "game": "catan", "players": 3, "games": 1,
                                                       "options": {"discard_limit": 8}}})
    assert "error" in call("play.compare", {"situation": {"game": "catan"}, "action": {"kind": "more"}})


def test_every_setting_as_the_page_shows_it_starts_the_printed_game():
    """The set-up form sends each setting as it shows it ("10,000", "1 brick, 1 lumber", on/off):
    read back, it is the printed game, with no house rules."""
    for name in PLAY_GAMES:
        shown = {s["name"]: s["value"] for g in settings_groups(name) for s in g["settings"]}
        players = max(gamekit.game(name).min_players, 2)
        answer = ok(call("play.game", {"action": {"kind": "start", "game": name, "players": players,
                                                  "seats": ["heuristic"] * players, "seed": 1, "options": shown}}))
        assert answer["view"]["house_rules"] == [], name
        # the page (play.js settingValues) sends a whole number's text as a number: "7" as 7, even
        # for a setting of several numbers (Catan's rolls that move the robber, printed (7,))
        sent = {k: int(v.replace(",", "")) if isinstance(v, str) and re.fullmatch(r"\d{1,3}(,\d{3})*|\d+", v) else v
                for k, v in shown.items()}
        answer = ok(call("play.game", {"action": {"kind": "start", "game": name, "players": players,
                                                  "seats": ["heuristic"] * players, "seed": 1, "options": sent}}))
        assert answer["view"]["house_rules"] == [], name
    assert read_setting(gamekit.game("catan"), "robber_rolls", 8) == (8,)
    assert read_setting(gamekit.game("transportspelet"), "loan_unit", "20,000") == 20_000
    with pytest.raises(ValueError, match="loan_unit is a whole number"):
        read_setting(gamekit.game("transportspelet"), "loan_unit", "lots")


def test_the_verdict_counts_only_the_differences_still_unclear():
    from gamekit.web.house_rules import table_words

    def row(measure, difference, clear, needed):
        return {"measure": measure, "default": 0.3, "default_low": 0.1, "default_high": 0.5, "changed": 0.3 + difference,
                "changed_low": 0.1, "changed_high": 0.6, "difference": difference, "difference_low": -0.2,
                "difference_high": 0.3, "clear": clear, "games_needed": needed}

    same, unclear, clear = row("seat 1", 0.0, False, None), row("seat 2", 0.1, False, 400), row("length", -100.0, True, 5)
    said = table_words([same, unclear, clear], 20)["verdict"]
    assert said.startswith("1 of 3 differences are not clear yet after 20 games a setting: a clear answer on them would "
                           "need about 400 games a setting")
    assert said.endswith("1 of 3 measures did not change at all in these games.")
    assert table_words([same, clear], 20)["verdict"].startswith("Every difference measured is clear after 20 games")
    assert "no difference at all" in table_words([same], 20)["verdict"]
    assert table_words([same, unclear, clear], 20)["rows"][1]["difference"] == "+10.0 points"
