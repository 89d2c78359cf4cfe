"""Trade Feud beside the Catan base game, measured in the same run, interleaved, in CPU time.

Every game is played by *uniform* random choice among the legal actions (every action through the
protocol: ``legal_actions``, the choice, ``apply`` with its check and the log), four players, the same
seeds, game by game in turning order (so that a change in the machine's load falls on all). The
figure is CPU time per action, overall and by stretch of the game (actions 0-499, 500-999, ...), so a
cost that grows as the board fills shows (the clock is read once a stretch, not once an action: a read
of the CPU clock costs about 0.4 µs here, which, paid twice an action, would add 0.9 µs to every
game's figure and pull the ratios towards 1); the ratio is Trade Feud's time per action over Catan's, also
per round (its games' mean times), to show the spread. Issue 21's goal: Trade Feud within 1.5× of Catan
per action, flat over the game.

The Seafarers layer that Trade Feud is built on (:data:`gamekit.catan.seafarers.SEAFARERS`: the same island
map, ships, ship moves, the pirate and Longest Trade Route, with the robber out of play as in Trade Feud, and
none of Trade Feud's own rules: no tokens, trade connections, branching rule or kept site lists) is played
in the same run, so that the gap splits into what the layer costs beyond Catan and what Trade Feud adds
to the layer.

Uniform play does not aim at winning, so games are long; each game stops at ``CAP`` actions (a Trade
Feud game may also end by the stall rule, ``trade-feud-stall``). Player trade offers are among the
actions of every game.

Run: ``PYTHONPATH=$PWD python benchmarks/trade_feud_peers.py [rounds]``. Prints figures; asserts nothing.
"""

from __future__ import annotations

import gc
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import gamekit  # noqa: E402
from gamekit.catan.seafarers import SEAFARERS  # noqa: E402
from gamekit.rng import Rng  # noqa: E402

ROUNDS = 6
GAMES = 3  # per game and round
CAP = 3000
STRETCH = 500
NAMES = ("catan", "seafarers", "trade-feud")
GAMES_BY_NAME = {"catan": gamekit.game("catan"), "seafarers": SEAFARERS, "trade-feud": gamekit.game("trade-feud")}
OPTIONS = {"seafarers": {"robber_in_play": False}}  # the pirate only, as in Trade Feud


def play(name: str, seed: int) -> list[tuple[float, int]]:
    """CPU seconds and actions of each stretch of ``STRETCH`` actions of one uniform random game (the clock
    is read once a stretch: a read costs about 0.4 µs on this project's machine, a tenth of an action)."""
    state = GAMES_BY_NAME[name].new(players=4, seed=seed, **OPTIONS.get(name, {}))
    rng = Rng(1_000_000 + seed)
    stretches: list[tuple[float, int]] = []
    clock = time.process_time
    actions = 0
    gc.collect()
    gc.disable()
    try:
        while not state.is_over() and actions < CAP:
            start, first = clock(), actions
            while not state.is_over() and actions < first + STRETCH:
                legal = state.legal_actions()
                state.apply(legal[rng.randbelow(len(legal))])
                actions += 1
            stretches.append((clock() - start, actions - first))
    finally:
        gc.enable()
    return stretches


def main() -> None:
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else ROUNDS
    per = {name: [] for name in NAMES}  # type: dict[str, list[list[tuple[float, int]]]]
    round_ratio = []
    for r in range(rounds):
        spent = dict.fromkeys(NAMES, 0.0)
        for seed in range(r * GAMES, (r + 1) * GAMES):  # game by game, the order turning round
            k = seed % len(NAMES)
            for name in NAMES[k:] + NAMES[:k]:
                stretches = play(name, seed)
                per[name].append(stretches)
                spent[name] += sum(t for t, _ in stretches) / sum(n for _, n in stretches)
        round_ratio.append((spent["trade-feud"] / spent["catan"], spent["seafarers"] / spent["catan"],
                            spent["trade-feud"] / spent["seafarers"]))
    stretches = CAP // STRETCH
    print(f"Uniform random play, four players, {rounds} interleaved rounds of {GAMES} games per game, "
          f"at most {CAP} actions each; CPU µs per action:")
    header = "  " + f"{'':>11}" + f"{'all':>8}" + "".join(f"{f'{k * STRETCH}-':>8}" for k in range(stretches))
    print(header)
    means: dict[str, list[float]] = {}
    for name in NAMES:
        games = per[name]
        actions = sum(n for g in games for _, n in g)
        row = [sum(t for g in games for t, _ in g) / actions]
        for k in range(stretches):
            part = [g[k] for g in games if len(g) > k]
            row.append(sum(t for t, _ in part) / sum(n for _, n in part) if part else float("nan"))
        means[name] = row
        print("  " + f"{name:>11}" + "".join(f"{v * 1e6:8.1f}" for v in row)
              + f"   ({actions} actions in {len(games)} games)")
    for label, top, bottom in (("TF / catan", "trade-feud", "catan"), ("layer/catan", "seafarers", "catan"),
                               ("TF / layer", "trade-feud", "seafarers")):
        ratio = [t / c for t, c in zip(means[top], means[bottom])]
        print("  " + f"{label:>11}" + "".join(f"{v:8.2f}" for v in ratio))
    print(f"Ratios by round (mean µs per action of its {GAMES} games each), lowest to highest:")
    for i, label in enumerate(("Trade Feud / Catan", "Seafarers layer / Catan", "Trade Feud / layer")):
        print(f"  {label:>23}: " + ", ".join(f"{v:.2f}" for v in sorted(r[i] for r in round_ratio)))


if __name__ == "__main__":
    main()
