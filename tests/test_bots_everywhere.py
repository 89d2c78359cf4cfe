"""Every bot answers in every position a game can reach (issue 31, broken item 4).

Transportspelet's heuristic raised ``StopIteration`` in about 1 in 500 positions of random play
(``_idle_for_money`` looked for a leg by a vehicle that has none from the city the cargo stands
in), and so did its search, whose playouts use the heuristic. Here every registered game's every
bot kind is asked at positions from seeded random play (each player chooses uniformly among
``legal_actions()`` with ``random.Random(seed)``), at every table size: the heuristic and the
random bot at every position, the search (a small budget: its playouts are the heuristic's moves,
asked at every position anyway) at a sample. Each answer must be one of the legal actions, and
asking must not change the game.
"""

from __future__ import annotations

import random

import pytest

import gamekit
from gamekit.bots import bot, has_own_search, kinds

#: Seeded random games per game and table size, and the longest a game is played (random play
#: wanders; a game is cut there, its positions asked all the same).
GAMES_PER_TABLE = 3
MOST_ACTIONS = 1_500
#: The search is asked at every SEARCH_EVERY-th position, with a small budget.
SEARCH_EVERY = 97
SEARCH_BUDGET = {"iterations": 6, "depth": 4}
#: Transportspelet, where the heuristic failed: more games, so that a failure of 1 in 500 positions
#: would show (its games are about 300 actions long).
MORE = {"transportspelet": 12}


def _search(name: str, seed: int):
    budget = {"iterations": 6} if has_own_search(name) else SEARCH_BUDGET
    return bot(name, "search", seed=seed, **budget)


def _ask(b, state, where: str) -> None:
    before = (state.log_length, state.current_player, state.rng.getstate())
    try:
        action = b.choose(state)
    except Exception as err:  # the test's point: name the position that breaks the bot
        raise AssertionError(f"{where}: the {b.kind} bot failed: {type(err).__name__}: {err}") from err
    assert (state.log_length, state.current_player, state.rng.getstate()) == before, f"{where}: asking changed the game"
    assert action in state.legal_actions(), f"{where}: the {b.kind} bot chose {action}, not a legal action"


@pytest.mark.parametrize("name", gamekit.games())
def test_every_bot_answers_at_positions_of_random_play(name):
    game = gamekit.game(name)
    assert set(kinds()) == {"random", "heuristic", "search"}
    asked = {"random": 0, "heuristic": 0, "search": 0}
    for players in range(game.min_players, game.max_players + 1):
        for seed in range(MORE.get(name, GAMES_PER_TABLE)):
            state = game.new(players=players, seed=seed)
            chooser = random.Random(seed)
            bots = {k: bot(name, k, seed=seed) for k in ("random", "heuristic")}
            search = _search(name, seed)
            while not state.is_over() and state.log_length < MOST_ACTIONS:
                where = f"{name}, {players} players, seed {seed}, after {state.log_length} actions"
                for b in bots.values():
                    _ask(b, state, where)
                    asked[b.kind] += 1
                if state.log_length % SEARCH_EVERY == players:
                    _ask(search, state, where)
                    asked["search"] += 1
                state.apply(chooser.choice(state.legal_actions()))
    assert min(asked.values()) > 0, asked
    print(f"{name}: {asked}")


def test_the_issues_transportspelet_position():
    """The issue's repro: 3 players, seed 3, random.Random(3) choosing among legal_actions(); after
    248 actions the search (and the heuristic its playouts use) failed with StopIteration."""
    state = gamekit.game("transportspelet").new(players=3, seed=3)
    chooser = random.Random(3)
    for _ in range(248):
        state.apply(chooser.choice(state.legal_actions()))
    for kind in kinds():
        assert gamekit.bot("transportspelet", kind).choose(state) in state.legal_actions()
