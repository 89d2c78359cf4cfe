"""The boards' pictures name players as the play pages do: from 1 (the engine counts from 0)."""

from __future__ import annotations

import re

import pytest

import gamekit

GAMES = [("itc", 3), ("catan", 3), ("factories", 3), ("trade-feud", 3), ("auf-achse", 3), ("transportspelet", 2)]


def _picture_mid_game(name: str, players: int) -> str:
    state = gamekit.game(name).new(players=players, seed=3)
    bots = [gamekit.bot(name, "heuristic", seed=p) for p in range(players)]
    for _ in range(120):  # past the setup: pieces of every player on the board
        if state.is_over():
            break
        state.apply(bots[state.current_player].choose(state))
    if name == "auf-achse":  # drawn by its module (the play page does the same)
        from gamekit.auf_achse.svg import board_svg

        return board_svg(state)
    return state._repr_svg_()


@pytest.mark.parametrize("name,players", GAMES)
def test_a_picture_numbers_the_players_from_one(name, players):
    svg = _picture_mid_game(name, players)
    words = " ".join(re.findall(r"<(?:title|desc|text)[^>]*>([^<]*)<", svg))
    named = {int(n) for n in re.findall(r"\b(?:player|P)\s?(\d+)\b", words, flags=re.IGNORECASE)}
    assert named, f"{name}: the picture names no player: {words[:200]}"
    assert 0 not in named and max(named) <= players, f"{name}: players named {sorted(named)}"
