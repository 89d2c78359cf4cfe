"""How strong the bots are, for every game: heuristic against random and search against heuristic.

    python benchmarks/strength.py [games] [search_games] [workers] [names]

(defaults 1000, 100, 2 and every game; ``names`` comma-separated). Each line is one tournament
played by :func:`gamekit.tournament` (seeded games, seats rotated so that no seat order favours a
bot): one seat of the stronger kind against the weaker kind in every other seat. It prints the
stronger bot's share of the wins (a tie of ``k`` players gives each ``1/k``) with its 95 % (Wilson) interval,
the share it would have by chance (one seat in ``players``), the mean score of each kind, the mean
CPU milliseconds per move of each kind (moves with more than one legal action), the mean length of
a game and how many games no rule ended within the tournament's cap. Asserts nothing.

The search bot plays at its default budget (``gamekit.bots.search_defaults``), the budget the play
pages use. A search game costs seconds of CPU (thousands of determinised playouts), which is why
``search_games`` defaults to fewer games than ``games``.

    python benchmarks/strength.py --pieces [games] [minutes] [workers] [names]

plays both match-ups (heuristic against random, search against heuristic) in pieces of 50 games
(``gamekit.tournament(..., start=...)``: the pieces joined are the same table as one long run),
keeps each piece in ``benchmarks/results/strength/`` (``<game>__<strong>-vs-<weak>__<first game>.csv.gz``)
and plays only the pieces still missing, one piece of each game in turn, until ``games`` (default
1000) per game and match-up or ``minutes`` (default: no limit) have been spent. Then it prints each
game's lines from every piece kept so far (:func:`kept`; the book's page on the computer players
shows the same tables). So a 1,000-game table that costs more
CPU than one sitting can be built over several, or on several machines, and the pieces committed.
"""

from __future__ import annotations

import math
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import gamekit  # noqa: E402

#: (game, players): the player count each tournament uses (Transportspelet's printed game is for two).
GAMES = [("itc", 3), ("catan", 3), ("factories", 3), ("trade-feud", 3), ("auf-achse", 3), ("transportspelet", 2)]


def wilson(share: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson 95 % interval of a share of ``n`` games (it stays honest at 0 and 1, where the
    normal interval of the tournament's summary collapses to a point)."""
    centre = (share + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(share * (1 - share) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def line(name: str, players: int, strong: str, weak: str, games: int, workers: int) -> None:
    started = time.perf_counter()
    table = gamekit.tournament(name, [strong] + [weak] * (players - 1), games, seed=2026, players=players,
                               workers=workers)
    wall = time.perf_counter() - started
    s = table.attrs["summary"]
    me, them = s.loc[strong], s.loc[weak]
    low, high = wilson(me["win_share"], games)
    print(f"{name:<16} {strong} vs {weak} ({players} players, {games} games): {strong} wins "
          f"{me['win_share']:.3f} [{low:.3f}, {high:.3f}] (chance {me['fair_share']:.3f}); "
          f"mean score {me['mean_score']:.1f} vs {them['mean_score']:.1f}; "
          f"ms per move {me['ms_per_move']:.2f} vs {them['ms_per_move']:.2f}; "
          f"{table['actions'].mean():.0f} actions a game; {int(me['unfinished'])} unfinished; {wall:.0f} s", flush=True)


PIECES = ROOT / "benchmarks" / "results" / "strength"
PIECE = 50
MATCHUPS = (("heuristic", "random"), ("search", "heuristic"))  # (the one seat's kind, every other seat's)


def _read(path: Path):
    import ast

    import pandas as pd

    tuples = {c: ast.literal_eval for c in ("seats", "winners", "scores", "winner_seats", "moves", "think_seconds")}
    table = pd.read_csv(path, converters=tuples)
    table.attrs["game"] = path.name.split("__")[0]
    return table


def pieces(games: int, minutes: float | None, workers: int, names: list[str]) -> None:
    """Both match-ups, piece by piece (see the module's docstring)."""
    PIECES.mkdir(parents=True, exist_ok=True)
    stop = None if minutes is None else time.monotonic() + 60 * minutes
    chosen = [(n, p) for n, p in GAMES if n in names]
    for start in range(0, games, PIECE):
        for name, players in chosen:
            for strong, weak in MATCHUPS:
                path = PIECES / f"{name}__{strong}-vs-{weak}__{start:05d}.csv.gz"
                if path.exists():
                    continue
                if stop is not None and time.monotonic() > stop:
                    break
                seats = [strong] + [weak] * (players - 1)
                began = time.perf_counter()
                table = gamekit.tournament(name, seats, min(PIECE, games - start), seed=2026, players=players,
                                           workers=workers, start=start, progress=False)
                table.drop(columns=["options"]).to_csv(path, index=False)
                print(f"  {name} {strong} vs {weak}, games {start}-{start + len(table) - 1}: "
                      f"{time.perf_counter() - began:.0f} s", flush=True)
    for name, players in chosen:
        for strong, weak in MATCHUPS:
            table = kept(name, strong, weak)
            if table is None:
                continue
            s = table.attrs["summary"]
            me, them = s.loc[strong], s.loc[weak]
            n = len(table)
            low, high = wilson(me["win_share"], n)
            print(f"{name:<16} {strong} vs {weak} ({players} players, {n} games): {strong} wins "
                  f"{me['win_share']:.3f} [{low:.3f}, {high:.3f}] (chance {me['fair_share']:.3f}); "
                  f"mean score {me['mean_score']:.1f} vs {them['mean_score']:.1f}; "
                  f"ms per move {me['ms_per_move']:.2f} vs {them['ms_per_move']:.2f}; "
                  f"{table['actions'].mean():.0f} actions a game; {int(me['unfinished'])} unfinished; "
                  f"{table['seconds'].mean():.2f} CPU s a game", flush=True)


def kept(name: str, strong: str, weak: str):
    """The table of every piece of ``name``'s match-up kept in ``benchmarks/results/strength/``
    (:func:`gamekit.tournaments.join`), or None when there is none."""
    from gamekit.tournaments import join

    found = sorted(PIECES.glob(f"{name}__{strong}-vs-{weak}__*.csv.gz"))
    return join([_read(k) for k in found]) if found else None


def main() -> None:
    if sys.argv[1:2] == ["--pieces"]:
        args = sys.argv[2:]
        games = int(args[0]) if len(args) > 0 else 1000
        minutes = float(args[1]) if len(args) > 1 and args[1] != "-" else None
        workers = int(args[2]) if len(args) > 2 else 2
        names = args[3].split(",") if len(args) > 3 else [g for g, _ in GAMES]
        pieces(games, minutes, workers, names)
        return
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    search_games = int(sys.argv[2]) if len(sys.argv) > 2 else 100
    workers = int(sys.argv[3]) if len(sys.argv) > 3 else 2
    names = sys.argv[4].split(",") if len(sys.argv) > 4 else [g for g, _ in GAMES]
    for name, players in GAMES:
        if name not in names:
            continue
        if games:
            line(name, players, "heuristic", "random", games, workers)
        if search_games:
            line(name, players, "search", "heuristic", search_games, workers)


if __name__ == "__main__":
    main()
