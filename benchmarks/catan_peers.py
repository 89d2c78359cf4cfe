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
* **Like for like without trades between players** (issue 21). The same uniform choice in games with
  the setting ``player_trades=False`` (the house variant "no trading between players", trades with the
  bank and harbours kept): gamekit then lists no offers either, as catanatron lists none, and its player
  chooses with Python's ``random`` as catanatron's ``RandomPlayer`` does (``randrange``), not with the
  engine's pure-Python PCG32, so the policy costs the same on both sides. The ratio is given per round
  (its range) and over all rounds; the goal of issue 21 is 0.25 or less.
* **Copying a position** 200 actions into a game: gamekit's ``state.clone()`` against catanatron's
  ``game.copy()``.

What counts as an action differs. gamekit counts each discarded card as an action, and each trade
offer and each answer to one; catanatron discards half a hand in one action and has no trades between
players. So the playouts are reported twice: *raw* (each engine's own count) and *comparable* (gamekit's
count without trade offers and answers, and with each player's discards after a 7 counted once). The
policies differ too (catanatron's players choose uniformly, gamekit's prefers building), so games per
second and actions per game are each engine's own; the ratio is of comparable actions per CPU second.

Run: ``make benchmark`` (installs the ``bench`` extra) or ``PYTHONPATH=$PWD python benchmarks/catan_peers.py
[rounds]`` (default 5 rounds).
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


def uniform_games(first_seed: int, trades: bool = True) -> tuple[float, int, int, int]:
    """``gamekit_games`` with a uniform choice among the legal actions without trade offers; with
    ``trades`` off, in games with ``player_trades=False``, which list no offers (so none is left out),
    the choice made as catanatron's ``RandomPlayer`` makes it (``random.randrange`` of the number of
    actions, Python's generator, seeded per game): the policy's cost is then the same on both sides."""
    states, elapsed = [], 0.0
    for seed in range(first_seed, first_seed + GAMES):
        state, rng = GAME.new(players=4, seed=seed, player_trades=trades), Rng(1_000_000 + seed)
        gc.collect()
        gc.disable()
        start = time.process_time()
        if trades:
            while not state.is_over() and len(state._rows) < MAX_UNIFORM:
                actions = [a for a in state.legal_actions() if type(a) is not OfferTrade]
                state.apply(actions[rng.randbelow(len(actions))])
        else:  # a uniform choice among all the legal actions, made as catanatron's RandomPlayer makes it
            choose = random.Random(1_000_000 + seed).randrange
            while not state.is_over() and len(state._rows) < MAX_UNIFORM:
                actions = state.legal_actions()
                state.apply(actions[choose(len(actions))])
        elapsed += time.process_time() - start
        gc.enable()
        states.append(state)
    raw = sum(len(s.log) for s in states)
    return elapsed, raw, sum(comparable(s.log) for s in states), len(states)


def no_trade_games(first_seed: int) -> tuple[float, int, int, int]:
    """``uniform_games`` in games without trades between players (``player_trades=False``): no offer
    is listed, so the choice is uniform among all the legal actions, as catanatron's."""
    return uniform_games(first_seed, trades=False)


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
    global ROUNDS
    if len(sys.argv) > 1:
        ROUNDS = int(sys.argv[1])
    sides = {"gamekit": gamekit_games, "gamekit uniform": uniform_games, "gamekit no trades": no_trade_games}
    if catanatron is None:
        print("catanatron not installed: install the bench extra (pip install -e '.[bench]') for the comparison")
    else:
        sides["catanatron"] = catanatron_games
    totals = {name: [0.0, 0, 0, 0] for name in sides}
    per_round: dict[str, list[tuple[float, int, int, int]]] = {name: [] for name in sides}
    for r in range(ROUNDS):
        order = list(sides) if r % 2 == 0 else list(reversed(sides))
        for name in order:
            result = sides[name](r * GAMES)
            per_round[name].append(result)
            for i, v in enumerate(result):
                totals[name][i] += v
    print(f"Four-player playouts, {ROUNDS} interleaved rounds of {GAMES} games per side, CPU time:")
    uniform = totals.pop("gamekit uniform")
    no_trades = totals.pop("gamekit no trades")
    rates = {}
    for name, (cpu, raw, comp, games) in totals.items():
        rates[name] = comp / cpu
        print(f"  {name:>10}: {raw / cpu:9,.0f} actions/s raw, {comp / cpu:9,.0f} comparable; "
              f"{games / cpu:6.1f} games/s; {raw / games:6.0f} raw ({comp / games:.0f} comparable) actions per game")
    if "catanatron" in rates:
        print(f"  ratio: gamekit does {rates['gamekit'] / rates['catanatron']:.2f}× catanatron's comparable actions per CPU second")
    for title, name, (cpu, raw, comp, games) in (
            ("Like for like (gamekit choosing uniformly, trade offers listed but left out)", "gamekit uniform", uniform),
            ("Like for like without trades between players (player_trades=False, uniform)", "gamekit no trades",
             no_trades)):
        print(f"{title}: {raw / cpu:9,.0f} actions/s raw, {comp / cpu:9,.0f} comparable; "
              f"{raw / games:.0f} raw ({comp / games:.0f} comparable) actions per game")
        if "catanatron" in totals:
            c_cpu, c_raw = totals["catanatron"][:2]
            ratios = [(g[0] / g[1]) / (c[0] / c[1]) for g, c in zip(per_round[name], per_round["catanatron"])]
            comparable_ratios = [(g[0] / g[2]) / (c[0] / c[1]) for g, c in zip(per_round[name], per_round["catanatron"])]
            print(f"  CPU time per action, gamekit's over catanatron's: {(cpu / raw) / (c_cpu / c_raw):.2f} raw "
                  f"(rounds {min(ratios):.2f}-{max(ratios):.2f}), {(cpu / comp) / (c_cpu / c_raw):.2f} comparable "
                  f"(rounds {min(comparable_ratios):.2f}-{max(comparable_ratios):.2f}); the goal is 0.25 or less")
    times = copy_times()
    line = f"Copying a position 200 actions in: gamekit clone() {times[0] * 1e6:.1f} µs"
    if len(times) > 1:
        line += f", catanatron copy() {times[1] * 1e6:.1f} µs: {times[1] / times[0]:.1f}× faster"
    print(line)


if __name__ == "__main__":
    main()
