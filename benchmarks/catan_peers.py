"""The Catan base game beside catanatron 3.2, measured in the same run, interleaved, in CPU time.

* **Playouts.** gamekit's ``catan`` (four players, :func:`gamekit.catan.playout.random_policy`,
  every action through the protocol: ``legal_actions``, the policy, ``apply`` with its check and the
  log) against catanatron's ``Game`` of four ``RandomPlayer`` (``play_tick``: the player's decision
  and ``execute``, which also lists the next playable actions). Both do the same work per action:
  list the legal actions, pick one, carry it out.
* **Like for like.** The same, with gamekit's player choosing *uniformly* among the legal actions
  other than trade offers (catanatron's random players choose uniformly and have no trades between
  players): the CPU time per action of listing the legal actions, choosing one and applying it,
  gamekit's over catanatron's (below 1: gamekit is faster). gamekit still lists its offers (they
  are part of its legal actions); its player leaves them out.
* **Copying a position** 200 actions into a game: gamekit's ``state.clone()`` against catanatron's
  ``game.copy()``.

What counts as an action differs. gamekit counts each discarded card as an action, and each trade
offer and each answer to one; catanatron discards half a hand in one action and has no trades between
players. So the playouts are reported twice: *raw* (each engine's own count) and *comparable* (gamekit's
count without trade offers and answers, and with each player's discards after a 7 counted once). The
policies differ too (catanatron's players choose uniformly, gamekit's prefers building), so games per
second and actions per game are each engine's own; the ratio is of comparable actions per CPU second.

Run: ``make benchmark`` (installs the ``bench`` extra) or ``PYTHONPATH=$PWD python benchmarks/catan_peers.py``.
Prints figures; asserts nothing. Without catanatron it says so and prints gamekit's figures only.
"""

from __future__ import annotations

import gc
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import gamekit  # noqa: E402
from gamekit.catan.actions import OfferTrade  # noqa: E402
from gamekit.catan.playout import random_policy  # noqa: E402
from gamekit.rng import Rng  # noqa: E402

try:
    import catanatron
    from catanatron import Color, RandomPlayer
    from catanatron.game import TURNS_LIMIT
except ImportError:  # the bench extra is not installed
    catanatron = None

ROUNDS = 5
GAMES = 6  # per side and round
COPIES = 2_000
TRADES = {"OfferTrade", "AcceptTrade", "DeclineTrade"}
MAX_UNIFORM = 20_000  # actions: a uniform game nearly always ends long before
GAME = gamekit.game("catan")


def comparable(log: list[dict]) -> int:
    """Actions as catanatron would count them: no trade offers or answers, one discard per player and 7."""
    count, last = 0, None
    for entry in log:
        kind = entry["action"]["type"]
        if kind in TRADES:
            continue
        if kind == "Discard" and last == ("Discard", entry["player"]):
            continue  # the same player's next card of the same discard
        count += 1
        last = (kind, entry["player"])
    return count


def gamekit_games(first_seed: int) -> tuple[float, int, int, int]:
    """CPU seconds, raw actions, comparable actions and games of ``GAMES`` seeded playouts."""
    states, elapsed = [], 0.0
    for seed in range(first_seed, first_seed + GAMES):
        state, rng = GAME.new(players=4, seed=seed), Rng(1_000_000 + seed)
        gc.collect()
        gc.disable()
        start = time.process_time()
        while not state.is_over():
            state.apply(random_policy(state, rng))
        elapsed += time.process_time() - start
        gc.enable()
        states.append(state)
    raw = sum(len(s.log) for s in states)
    return elapsed, raw, sum(comparable(s.log) for s in states), len(states)


def uniform_games(first_seed: int) -> tuple[float, int, int, int]:
    """``gamekit_games`` with a uniform choice among the legal actions without trade offers."""
    states, elapsed = [], 0.0
    for seed in range(first_seed, first_seed + GAMES):
        state, rng = GAME.new(players=4, seed=seed), Rng(1_000_000 + seed)
        gc.collect()
        gc.disable()
        start = time.process_time()
        while not state.is_over() and len(state._rows) < MAX_UNIFORM:
            actions = [a for a in state.legal_actions() if type(a) is not OfferTrade]
            state.apply(actions[rng.randbelow(len(actions))])
        elapsed += time.process_time() - start
        gc.enable()
        states.append(state)
    raw = sum(len(s.log) for s in states)
    return elapsed, raw, sum(comparable(s.log) for s in states), len(states)


def catanatron_game(seed: int):
    random.seed(seed)
    return catanatron.Game([RandomPlayer(c) for c in (Color.RED, Color.BLUE, Color.ORANGE, Color.WHITE)], seed=seed)


def catanatron_games(first_seed: int) -> tuple[float, int, int, int]:
    elapsed, actions = 0.0, 0
    for seed in range(first_seed, first_seed + GAMES):
        match = catanatron_game(seed)
        gc.collect()
        gc.disable()
        start = time.process_time()
        while match.winning_color() is None and match.state.num_turns < TURNS_LIMIT:
            match.play_tick()
        elapsed += time.process_time() - start
        gc.enable()
        actions += len(match.state.actions)
    return elapsed, actions, actions, GAMES


def copy_times() -> list[float]:
    """CPU seconds per copy of a position 200 actions in, each side's median of interleaved rounds."""
    state, rng = GAME.new(players=4, seed=7), Rng(7)
    for _ in range(200):
        state.apply(random_policy(state, rng))
    fns = [state.clone]
    if catanatron is not None:
        match = catanatron_game(7)
        while len(match.state.actions) < 200 and match.winning_color() is None:
            match.play_tick()
        fns.append(match.copy)
    samples: list[list[float]] = [[] for _ in fns]
    for r in range(ROUNDS):
        for i in (range(len(fns)) if r % 2 == 0 else reversed(range(len(fns)))):
            gc.collect()
            gc.disable()
            start = time.process_time()
            for _ in range(COPIES):
                fns[i]()
            samples[i].append((time.process_time() - start) / COPIES)
            gc.enable()
    return [statistics.median(s) for s in samples]


def main() -> None:
    sides = {"gamekit": gamekit_games, "gamekit uniform": uniform_games}
    if catanatron is None:
        print("catanatron not installed: install the bench extra (pip install -e '.[bench]') for the comparison")
    else:
        sides["catanatron"] = catanatron_games
    totals = {name: [0.0, 0, 0, 0] for name in sides}
    for r in range(ROUNDS):
        order = list(sides) if r % 2 == 0 else list(reversed(sides))
        for name in order:
            result = sides[name](r * GAMES)
            for i, v in enumerate(result):
                totals[name][i] += v
    print(f"Four-player playouts, {ROUNDS} interleaved rounds of {GAMES} games per side, CPU time:")
    uniform = totals.pop("gamekit uniform")
    rates = {}
    for name, (cpu, raw, comp, games) in totals.items():
        rates[name] = comp / cpu
        print(f"  {name:>10}: {raw / cpu:9,.0f} actions/s raw, {comp / cpu:9,.0f} comparable; "
              f"{games / cpu:6.1f} games/s; {raw / games:6.0f} raw ({comp / games:.0f} comparable) actions per game")
    if "catanatron" in rates:
        print(f"  ratio: gamekit does {rates['gamekit'] / rates['catanatron']:.2f}× catanatron's comparable actions per CPU second")
    cpu, raw, comp, games = uniform
    print(f"Like for like (gamekit choosing uniformly, trade offers left out): {raw / cpu:9,.0f} actions/s raw, "
          f"{comp / cpu:9,.0f} comparable; {raw / games:.0f} raw ({comp / games:.0f} comparable) actions per game")
    if "catanatron" in totals:
        c_cpu, c_raw = totals["catanatron"][:2]
        print(f"  CPU time per action, gamekit's over catanatron's: {(cpu / raw) / (c_cpu / c_raw):.2f} raw, "
              f"{(cpu / comp) / (c_cpu / c_raw):.2f} comparable (the goal is 0.25 or less)")
    times = copy_times()
    line = f"Copying a position 200 actions in: gamekit clone() {times[0] * 1e6:.1f} µs"
    if len(times) > 1:
        line += f", catanatron copy() {times[1] * 1e6:.1f} µs: {times[1] / times[0]:.1f}× faster"
    print(line)


if __name__ == "__main__":
    main()
