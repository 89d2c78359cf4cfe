"""What OpenSpiel's own algorithms do on gamekit's games, through :mod:`gamekit.openspiel`.

* **MCTS** (``open_spiel.python.algorithms.mcts.MCTSBot``: UCT with ``uct_c`` 2, one random rollout
  per simulation, OpenSpiel's ``RandomRolloutEvaluator``) against uniformly random play, seats
  rotated game by game; on Pig also against gamekit's own heuristic bot (hold at 20) and gamekit's
  search bot, played through the adapter (the bot reads ``gamekit_state(state)``). Printed: MCTS's
  win share with a 95 % Wilson interval, and its time per move.
* Pig is played whole (goal 100). The five games are long (1,000 to 17,000 actions played at random),
  too long for random rollouts in Python, so they are played cut off at ``--horizon`` player
  actions (default 100), where the players ahead on score share the win: MCTS there plays "lead
  after 100 actions", a different game from the real one.
* OpenSpiel's MCTS is a perfect-information search: on the games with hidden information (all but
  Pig) it searches the true state, so it sees the other players' hands and the order of the piles.
  Its figures there are an upper bound on what an honest player could do with the same budget;
  gamekit's own ``search`` bot (information-set MCTS over determinised positions) is the honest one.
* **CFR** (``open_spiel.python.algorithms.cfr``) walks the whole game tree at every iteration and
  needs perfect-recall information-state strings. The five games' trees are astronomically large
  and have three to six players, and gamekit's observations are the present position, not a
  perfect-recall history, so the adapter does not offer information states for them: CFR does not
  apply. Pig has perfect information (its information state is the history), so CFR runs on a
  Pig small enough to enumerate (goal 4, cut off at 4 player actions), where it computes the
  optimal policy: printed are its NashConv (0 at an equilibrium) after some iterations, and time.

Run: ``make benchmark`` or ``PYTHONPATH=$PWD python benchmarks/openspiel_algorithms.py [--games N]
[--simulations N] [--horizon N]``. Prints figures; asserts nothing. A game whose engine still draws
without declaring its chance events is listed as skipped, with the draw named.
"""

from __future__ import annotations

import argparse
import dataclasses
import math
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import gamekit  # noqa: E402

try:
    import numpy as np
    from open_spiel.python import policy as os_policy
    from open_spiel.python.algorithms import cfr, exploitability, mcts

    import gamekit.openspiel as gos
except ImportError as err:
    print(f"OpenSpiel is not installed ({err}): pip install -e '.[openspiel]'. Nothing measured.")
    sys.exit(0)

from gamekit.examples.pig import PIG  # noqa: E402


def wilson(share: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a proportion."""
    if n == 0:
        return 0.0, 1.0
    centre = (share + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(share * (1 - share) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


class Timed:
    """A player: ``choose(state)`` an action id; times its own calls."""

    def __init__(self, name: str, choose) -> None:
        self.name, self._choose, self.seconds, self.moves = name, choose, 0.0, 0

    def __call__(self, state) -> int:
        start = time.process_time()  # CPU time: the machine may be shared
        action = self._choose(state)
        self.seconds += time.process_time() - start
        self.moves += 1
        return action


def random_player(seed: int) -> Timed:
    rng = np.random.RandomState(seed)
    return Timed("random", lambda state: int(rng.choice(state.legal_actions())))


def mcts_player(game, simulations: int, seed: int) -> Timed:
    rng = np.random.RandomState(seed)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(seed + 1))
    bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=simulations, evaluator=evaluator, random_state=rng, solve=True)
    return Timed(f"OpenSpiel MCTS ({simulations} simulations)", bot.step)


def gamekit_player(game_name: str, kind: str, seed: int, **budget) -> Timed:
    """A gamekit bot playing through the adapter: it reads the gamekit position behind the state."""
    bot = gamekit.bot(game_name, kind, seed=seed, **budget)
    space = gos.action_space(game_name)

    def choose(state) -> int:
        return space.id(bot.choose(gos.gamekit_state(state)))

    return Timed(f"gamekit {kind}", choose)


def play(game, players: list[Timed], rng: np.random.RandomState) -> list[float]:
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            ids, ps = zip(*state.chance_outcomes())
            action = int(rng.choice(ids, p=ps))
        else:
            action = players[state.current_player()](state)
        state.apply_action(action)
    return state.returns()


def match(game, make_hero, make_other, games: int, seed: int) -> tuple[float, int, float, int]:
    """``games`` games of one hero (its seat rotated) against the others: the hero's mean win
    share, the games, its seconds per move and its moves."""
    n = game.num_players()
    total, seconds, moves = 0.0, 0.0, 0
    rng = np.random.RandomState(seed)
    for g in range(games):
        seat = g % n
        hero = make_hero(seed + 100 * g)
        seats = [hero if p == seat else make_other(seed + 100 * g + 1 + p) for p in range(n)]
        total += play(game, seats, rng)[seat]
        seconds, moves = seconds + hero.seconds, moves + hero.moves
    return total / games, games, seconds / max(moves, 1), moves


def report(label: str, result: tuple[float, int, float, int], players: int) -> None:
    share, n, per_move, moves = result
    low, high = wilson(share, n)
    print(f"  {label:<44} win share {share:5.3f} [{low:.3f}, {high:.3f}] over {n} games "
          f"(a seat's fair share {1 / players:.2f}); {per_move * 1000:7.1f} ms CPU per move ({moves} moves)", flush=True)


def cfr_on_small_pig() -> None:
    game = gos.game("pig", players=2, goal=4, horizon=4)
    solver = cfr.CFRSolver(game)
    start = time.process_time()
    states = len(solver._info_state_nodes) if hasattr(solver, "_info_state_nodes") else None
    for i in range(1, 9):
        solver.evaluate_and_update_policy()
        if i in (1, 2, 4, 8):
            conv = exploitability.nash_conv(game, solver.average_policy())
            print(f"  CFR on Pig (goal 4, 4 player actions{'' if states is None else f', {states} information states'}): "
                  f"NashConv {conv:.4f} after {i} iterations, {time.process_time() - start:.1f} s CPU")
    uniform = exploitability.nash_conv(game, os_policy.UniformRandomPolicy(game))
    print(f"  (the uniform random policy's NashConv there: {uniform:.4f})")


def playout_speed(game, seed: int) -> tuple[int, int, float]:
    """One game played at random through the adapter: player actions, chance nodes, seconds."""
    rng = np.random.RandomState(seed)
    state = game.new_initial_state()
    actions = chances = 0
    start = time.process_time()
    while not state.is_terminal():
        if state.is_chance_node():
            ids, ps = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(ids, p=ps)))
            chances += 1
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
            actions += 1
    return actions, chances, time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--goal", type=int, default=30, help="Pig's goal")
    parser.add_argument("--games", type=int, default=20, help="games per Pig match")
    parser.add_argument("--simulations", type=int, default=50, help="MCTS simulations per move on Pig")
    parser.add_argument("--short-games", type=int, default=4, help="games per match on the five games")
    parser.add_argument("--short-simulations", type=int, default=20, help="MCTS simulations per move on the five games")
    parser.add_argument("--horizon", type=int, default=30, help="player actions after which the five games stop")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", nargs="*", help="measure only these games (pig, cfr, or gamekit names)")
    args = parser.parse_args()
    gamekit.register(PIG)
    seed = args.seed
    from importlib.metadata import version

    print(f"OpenSpiel {version('open_spiel')} through gamekit.openspiel. MCTS: UCT, uct_c 2, one random rollout "
          "per simulation, OpenSpiel's RandomRolloutEvaluator. Times are CPU seconds of this process.")
    wanted = set(args.only) if args.only else None
    if wanted is None or "pig" in wanted:
        pig(args)
    sims = args.short_simulations
    for name in [n for n in gamekit.games() if n != "pig" and (wanted is None or n in wanted)]:
        gk = gamekit.game(name)
        players = gk.min_players
        options = {}
        try:
            gos.game(name, players=players).new_initial_state().is_chance_node()
        except gos.UndeclaredChance as err:
            if "board" not in [f.name for f in dataclasses.fields(gk.default_options())]:
                print(f"== {gk.title}, {players} players\n  skipped: {err}")
                continue
            options = {"board": "beginner"}
        print(f"== {gk.title}, {players} players" + (", beginner board" if options else ""))
        if options:
            print("  (its random board is not a declared chance event yet)")
        try:
            actions, chances, seconds = playout_speed(gos.game(name, players=players, **options), seed)
        except gos.UndeclaredChance as err:
            print(f"  skipped: {err}")
            continue
        print(f"  a whole random game through the adapter: {actions} player actions, {chances} chance nodes, "
              f"{seconds:.1f} s CPU ({seconds * 1e6 / (actions + chances):.0f} us a node)")
        game = gos.game(name, players=players, horizon=args.horizon, **options)
        result = match(game, lambda s, g=game: mcts_player(g, sims, s), random_player, args.short_games, seed)
        report(f"MCTS ({sims} sims) vs {players - 1} random, cut at {args.horizon}", result, players)

    if wanted is None or "cfr" in wanted:
        print("== CFR")
        cfr_on_small_pig()
        print("  The five games: CFR does not apply (trees far too large to walk, mostly 3-6 players, and no "
              "perfect-recall information states: gamekit observes the present position).")


def pig(args) -> None:
    seed = args.seed
    print(f"== Pig, 2 players, goal {args.goal}, played whole; MCTS with {args.simulations} simulations a move")
    game = gos.game("pig", players=2, goal=args.goal)
    actions, chances, seconds = playout_speed(game, seed)
    print(f"  a random game through the adapter: {actions} player actions, {chances} chance nodes, "
          f"{seconds * 1e6 / (actions + chances):.0f} us CPU a node")
    sims = args.simulations
    for label, other in (("MCTS vs random", random_player),
                         ("MCTS vs gamekit heuristic (hold at 20)", lambda s: gamekit_player("pig", "heuristic", s))):
        report(label, match(game, lambda s: mcts_player(game, sims, s), other, args.games, seed), 2)
    report("random vs random (the baseline)", match(game, random_player, random_player, args.games, seed), 2)


if __name__ == "__main__":
    main()
