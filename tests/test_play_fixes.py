"""Issue 31's broken items in the library and the play service: every game's result says why the
game ended in words (Trade Feud's read "<bound method ...>"), with its rule."""

from __future__ import annotations

import re

import pytest

import gamekit
from gamekit.web.play import PAGES, play, play_through

#: Settings that end a game soon (as tests/browser/test_play.py's SHORT).
SHORT = {"itc": {"goal": 60000}, "catan": {"victory_points_to_win": 5}, "factories": {"victory_points_to_win": 5},
         "trade-feud": {"victory_points_to_win": 5}, "auf-achse": {}, "transportspelet": {"deck_size": 16}}
PLAYERS = {"auf-achse": 2, "transportspelet": 2}
#: The rule each game's ending cites (the chapters' labels).
ENDING_RULE = {"itc": "itc-end", "catan": "catan-victory", "factories": "catan-victory",
               "trade-feud": "trade-feud-", "auf-achse": "auf-achse-end", "transportspelet": ""}


@pytest.mark.parametrize("game", list(PAGES))
def test_every_games_result_says_why_it_ended_in_words(game):
    players = PLAYERS.get(game, 3)
    seats = ["heuristic"] * players
    state = play_through(game, seats, seed=1, options=SHORT[game])
    assert state.is_over()
    reason = state.end_reason
    assert isinstance(reason, str) and len(reason) > 15, reason
    assert ENDING_RULE[game] in reason
    # the page's result: the same words, and no Python repr anywhere in it
    answer = play(situation={"game": game, "seats": seats, "save": state.to_json()}, action={"kind": "view"})
    view = answer["view"]
    assert view["over"] and f"The game ended because {reason}." in view["result"]
    assert not re.search(r"<|bound method|object at 0x|None", view["result"]), view["result"]
    assert view["outcome"]["reason"] == reason and view["outcome"]["winners"] == state.winners()
    scores = state.scores()
    assert [s["score"] for s in view["outcome"]["scores"]] == [f"{scores[p]:,}" for p in range(players)]


@pytest.mark.parametrize("game", list(PAGES))
def test_a_game_going_on_has_no_end_reason(game):
    state = gamekit.game(game).new(players=PLAYERS.get(game, 3), seed=2)
    assert state.end_reason == ""


def test_trade_feud_end_reason_is_words_not_a_method():
    """The issue's game: Trade Feud, 3 players, seed 1. Its reason was a method, so the page
    printed the method's repr; it is an attribute, as in every game."""
    state = play_through("trade-feud", ["heuristic"] * 3, seed=1, options=SHORT["trade-feud"])
    assert type(state).end_reason is not None and not callable(state.end_reason)
    assert state.end_reason.endswith("(rule trade-feud-victory)") or "trade-feud-st" in state.end_reason
