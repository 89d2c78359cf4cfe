"""Learn by playing (issue 31, item 3): the guided first game of the play pages
(:mod:`gamekit.web.learn`), its citations and the chapter sentences it shows."""

from __future__ import annotations

import importlib.util
import random
import re
from pathlib import Path

import pytest

import gamekit
from gamekit.web import learn
from gamekit.web.play import PAGES, play

ROOT = Path(__file__).resolve().parent.parent

# The book's labels, read by tests/test_labels.py (loaded by its path: tests/catan has a module of the same name).
_spec = importlib.util.spec_from_file_location("book_test_labels", Path(__file__).with_name("test_labels.py"))
_labels = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_labels)
book_targets = _labels.book_targets



def guided_game(game: str) -> tuple[list[dict], dict, dict]:
    """The guided game played to its hand-off as the guide asks (a lit move whenever there is a
    lesson, else the hint): the lessons shown, the last situation and view."""
    answer = play(action={"kind": "learn", "step": "start", "game": game})
    situation, view = answer["situation"], answer["view"]
    lessons = []
    for _ in range(1_000):
        guide = view["guide"]
        if guide["done"] or view["over"]:
            break
        if view["bot_to_move"]:
            answer = play(situation=situation, action={"kind": "bot"})
        elif guide["lesson"]:
            lessons.append(guide["lesson"])
            answer = play(situation=situation, action={"kind": "move", "text": guide["lesson"]["moves"][0]})
        else:
            hinted = play(situation=situation, action={"kind": "hint"})["view"]["hint"]["action"]
            answer = play(situation=situation, action={"kind": "move", "text": hinted})
        situation, view = answer["situation"], answer["view"]
    return lessons, situation, view


@pytest.mark.parametrize("game", list(PAGES))
def test_the_guided_game_explains_rules_and_hands_off(game):
    lessons, situation, view = guided_game(game)
    assert view["guide"]["done"] and not view["guide"]["on"], "the guide hands off"
    assert situation["learn"]["turns"] == learn.GUIDED_TURNS
    assert len(lessons) >= 2
    rules = [lesson["rule"] for lesson in lessons]
    assert len(set(rules)) == len(rules), "each rule is explained once"
    missing = sorted(set(rules) - book_targets())
    assert missing == [], f"the guide cites rules that no chapter labels: {missing}"


def test_every_move_of_random_play_has_a_rule_in_a_chapter():
    """Whatever move becomes possible in a game, the guide can explain it: the rule it names (the
    label its action class cites, or the setup's) is a label of a chapter."""
    targets = book_targets()
    for game in PAGES:
        info = gamekit.game(game)
        rng = random.Random(7)
        for seed in range(3):
            state = info.new(players=max(info.min_players, 2), seed=seed)
            for _ in range(400):
                if state.is_over():
                    break
                actions = state.legal_actions()
                for a in actions:
                    rules = learn.rules_of(state, a)
                    assert rules, f"{game}: {type(a).__name__} cites no rule"
                    assert rules[0] in targets, f"{game}: {type(a).__name__} names {rules[0]}, not in the book"
                state.apply(rng.choice(actions))


def _first_words_under(label: str) -> str:
    """The first line of text a chapter writes under a label (headings and comments skipped)."""
    for path in (ROOT / "book").rglob("*.md"):
        lines = path.read_text(encoding="utf-8").splitlines()
        if f"({label})=" in lines:
            for line in lines[lines.index(f"({label})=") + 1:]:
                if line.strip() and not line.startswith(("#", "%", "(")):
                    return line
    return ""


@pytest.mark.parametrize("game", list(PAGES))
def test_each_rule_the_guide_cites_opens_with_words(game):
    lessons, _, _ = guided_game(game)
    for lesson in lessons:
        first = _first_words_under(lesson["rule"])
        assert re.search(r"[A-Za-z]{3}", first) and not first.startswith(("```", ":::")), (lesson["rule"], first)


def test_the_setup_is_taught_by_its_own_rule():
    lessons, _, _ = guided_game("trade-feud")
    assert lessons[0]["rule"] == "trade-feud-setup" and lessons[0]["title"].endswith("(setup)")
    lessons, _, _ = guided_game("catan")
    assert lessons[0]["rule"] == "catan-setup"


def test_got_it_skip_and_resume():
    answer = play(action={"kind": "learn", "step": "start", "game": "itc"})
    assert answer["view"]["guide"]["lesson"] is None or answer["view"]["person_to_move"]
    while answer["view"]["bot_to_move"]:
        answer = play(situation=answer["situation"], action={"kind": "bot"})
    situation, view = answer["situation"], answer["view"]
    lesson = view["guide"]["lesson"]
    assert lesson["rule"] == "itc-setup-markers" and view["guide"]["on"]
    legal = {m["action"] for group in view["moves"] for m in group["moves"]}
    assert set(lesson["moves"]) <= legal and lesson["moves"]
    off = play(situation=situation, action={"kind": "learn", "step": "skip"})
    assert off["view"]["guide"]["on"] is False and off["view"]["guide"]["lesson"] is None
    assert off["situation"]["save"] == situation["save"], "skipping changes nothing in the game"
    back = play(situation=off["situation"], action={"kind": "learn", "step": "resume"})
    assert back["view"]["guide"]["lesson"] == lesson
    got = play(situation=back["situation"], action={"kind": "learn", "step": "next", "seen": lesson["key"]})
    assert got["view"]["guide"]["lesson"] is None, "the one new rule is explained: nothing more until the next"
    assert got["situation"]["learn"]["seen"] == ["itc-setup-markers"]


def test_an_ordinary_game_has_no_guide():
    view = play(action={"kind": "start", "game": "catan", "players": 3, "seats": ["person", "random", "random"]})["view"]
    assert view["guide"] is None
    with pytest.raises(ValueError, match="no guide"):
        play(situation=play(action={"kind": "start", "game": "itc", "players": 2,
                                    "seats": ["person", "random"]})["situation"],
             action={"kind": "learn", "step": "skip"})


def test_a_kept_guided_game_comes_back_with_its_guide_checked():
    answer = play(action={"kind": "learn", "step": "start", "game": "auf-achse"})
    saved = answer["situation"]
    again = play(action={"kind": "open", "save": saved["save"], "seats": saved["seats"], "learn": saved["learn"]})
    assert again["view"]["guide"] == answer["view"]["guide"]
    odd = play(action={"kind": "open", "save": saved["save"], "learn": {"on": "yes", "seen": [1, "x"], "turns": -4}})
    assert odd["situation"]["learn"] == {"on": False, "seen": ["x"], "turns": 0, "done": False}
    plain = play(action={"kind": "open", "save": saved["save"], "learn": "nonsense"})
    assert plain["view"]["guide"] is None


def _rule_links_module():
    spec = importlib.util.spec_from_file_location("rule_links", ROOT / "book" / "_ext" / "rule_links.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_sentences_under_a_label():
    from docutils.core import publish_doctree

    rule_links = _rule_links_module()
    tree = publish_doctree(
        ".. _itc-one:\n\nFirst sentence here. Second one [Our note: skipped.] follows. Third one. Fourth one.\n\n"
        ".. _itc-two:\n\nShort rule.\n\nIts second paragraph.\n\n.. _itc-three:\n\nNext rule.\n\n"
        "Section\n=======\n\n.. _itc-list:\n\n- Roll the dice\n- Move\n")
    by_id = {i: n for n in tree.findall() if hasattr(n, "get") for i in n.get("ids", ())}
    assert rule_links.rule_text(by_id["itc-one"]) == "First sentence here. Second one follows. Third one."
    assert rule_links.rule_text(by_id["itc-two"]) == "Short rule. Its second paragraph."
    assert rule_links.rule_text(by_id["itc-list"]) == "Roll the dice. Move."


def test_the_log_holds_every_action():
    """Issue 31, item 2: the log lists every action of the game, not only the last ones."""
    from gamekit.web.play import play_through

    state = play_through("catan", ["random"] * 3, seed=4, max_actions=150)
    situation = {"game": "catan", "seats": ["person", "random", "random"], "save": state.to_json()}
    log = play(situation=situation, action={"kind": "view"})["view"]["log"]
    assert [row["step"] for row in log] == list(range(1, len(state.log) + 1)) and len(log) == 150


@pytest.mark.parametrize("game", list(PAGES))
def test_each_player_has_a_colour_and_the_reader_a_key(game):
    """Issue 31, item 2: each player's colour (named, and the fill the board draws) and the key."""
    view = play(action={"kind": "learn", "step": "start", "game": game})["view"]
    colours = [p["colour"] for p in view["players"]]
    assert all(c["name"] and re.fullmatch(r"#[0-9a-f]{6}", c["fill"]) for c in colours)
    assert len({c["name"] for c in colours}) == len(colours)
    assert view["key"] == f"You are {colours[0]['name']} (Player 1)."
    _, _, later = guided_game(game)  # the reader's pieces are on the board by the hand-off
    assert colours[0]["fill"].lower() in later["board"].lower(), "the key's colour is the one on the board"


def test_the_others_moves_since_the_readers_turn_in_words():
    """Issue 31, item 2: each opponent move as one short line in words, named by its colour."""
    answer = play(action={"kind": "start", "game": "catan", "players": 3, "seats": ["person", "heuristic", "heuristic"],
                          "seed": 2})
    for _ in range(200):
        situation, view = answer["situation"], answer["view"]
        if view["person_to_move"] and len(gamekit.game("catan").from_json(situation["save"]).log) > 12:
            break
        kind = {"kind": "bot"} if view["bot_to_move"] else {"kind": "move", "text": view["moves"][0]["moves"][0]["action"]}
        answer = play(situation=situation, action=kind)
    state = gamekit.game("catan").from_json(situation["save"])
    others = view["others"]
    assert others and all(re.match(r"(Blue \(Player 2\)|White \(Player 3\)): \S", line) for line in others)
    theirs = [e for e in reversed(state.log) if e["player"] != 0]
    assert others[-1].split(": ", 1)[1].startswith(theirs[0]["text"])


def test_the_sentences_leave_out_the_books_notes_and_links():
    from docutils.core import publish_doctree

    rule_links = _rule_links_module()
    tree = publish_doctree(
        ".. _itc-seq:\n\n1. [Step 1 is missing in the original.]\n2. The player chooses two dice.\n\n"
        ".. _itc-ref:\n\nRoll the dice (see `production <https://example.org>`_). Then trade.\n")
    by_id = {i: n for n in tree.findall() if hasattr(n, "get") for i in n.get("ids", ())}
    assert rule_links.rule_text(by_id["itc-seq"]) == "The player chooses two dice."
    assert rule_links.rule_text(by_id["itc-ref"]) == "Roll the dice. Then trade."


def test_a_run_in_title_is_not_a_sentence():
    from docutils.core import publish_doctree

    rule_links = _rule_links_module()
    tree = publish_doctree(".. _catan-x:\n\n**Setup.** One. Two. Three. Four.\n")
    by_id = {i: n for n in tree.findall() if hasattr(n, "get") for i in n.get("ids", ())}
    assert rule_links.rule_text(by_id["catan-x"]) == "One. Two. Three."
