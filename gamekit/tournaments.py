"""Tournaments: many seeded games between bots, in one process, a local pool or on Dask.

>>> import gamekit
>>> table = gamekit.tournament("catan", ["random", "random", "random"], games=3, seed=1, workers=1)
>>> list(table.columns[:6])
['game', 'seed', 'seats', 'winners', 'scores', 'actions']
>>> int(summary(table).loc["random", "games"]), bool(table["finished"].all())
(3, True)

Game ``i`` gets its own seeds from ``numpy.random.SeedSequence(seed).spawn(games)[i]``: the game's
seed and one seed per bot. So a game's result never depends on which worker played it or how many
workers there were: one process, a pool and a Dask cluster give the same table. The seats are rotated
over the games (in game ``i`` player ``p`` is played by ``seats[(p + i) % players]``), so no seat
order favours a bot.

The tables need pandas (and Dask for ``client``), which the reader's page does not have; the rest
is standard library only: a game's row (:func:`play_game`), the seeded series (:func:`series`: numpy's
``SeedSequence`` written out in Python, the same numbers) and the paired comparison's numbers
(:func:`compare_rows`). The play pages' "What does it change?" panel plays its games with them in the
page (:mod:`gamekit.web.house_rules`), so the page and :func:`compare` give the same table.
"""

from __future__ import annotations

import copy
import math
import os
import time
from collections.abc import Sequence
from typing import Any

from .validation import is_integer

__all__ = ["tournament", "join", "summary", "compare", "compare_rows", "plot", "play_game", "series", "spawned_words"]

#: A game that has not ended after this many actions is stopped and recorded as unfinished.
MAX_ACTIONS = 20_000


def _label(spec: Any) -> str:
    if isinstance(spec, str):
        return spec
    if isinstance(spec, tuple) and len(spec) == 2 and isinstance(spec[0], str) and isinstance(spec[1], dict):
        budget = ", ".join(f"{k}={v}" for k, v in sorted(spec[1].items()))
        return f"{spec[0]}({budget})" if budget else spec[0]
    kind = getattr(spec, "kind", None)
    if isinstance(kind, str):
        extra = {k: getattr(spec, k) for k in ("iterations", "ms", "depth") if getattr(spec, k, None) is not None}
        budget = ", ".join(f"{k}={v}" for k, v in extra.items())
        return f"{kind}({budget})" if budget else kind
    raise TypeError(f"a seat is a bot kind ('random', 'heuristic', 'search'), a (kind, budget) pair or a bot, not {spec!r}")


def _make_bot(game_name: str, spec: Any, seed: int) -> Any:
    from .bots import Bot, bot
    from .rng import Rng

    if isinstance(spec, str):
        return bot(game_name, spec, seed=seed)
    if isinstance(spec, tuple):
        return bot(game_name, spec[0], seed=seed, **spec[1])
    if isinstance(spec, Bot):  # a template: a fresh copy, seeded for this game
        new = copy.deepcopy(spec)
        new.seed, new.rng = seed, Rng(seed, stream=23)
        policy = getattr(new, "_policy", None)
        if policy is not None:
            policy.seed, policy.rng = seed + 1, Rng(seed + 1, stream=23)
        return new
    raise TypeError(f"not a seat: {spec!r}")  # pragma: no cover - _label refused it first


def play_game(game_name: str, seats: Sequence[Any], seed: int, bot_seeds: Sequence[int], options: dict[str, Any] | None = None,
              max_actions: int = MAX_ACTIONS) -> dict[str, Any]:
    """One seeded game: ``seats[p]`` plays player ``p``. Returns its row of the tournament table."""
    from . import __version__, game

    players = len(seats)
    state = game(game_name).new(players=players, seed=seed, **(options or {}))
    bots = [_make_bot(game_name, spec, s) for spec, s in zip(seats, bot_seeds)]
    think = [0.0] * players
    moves = [0] * players
    started = time.process_time()
    actions = 0
    while not state.is_over() and actions < max_actions:
        p = state.current_player
        t = time.process_time()
        action = bots[p].choose(state)
        think[p] += time.process_time() - t
        if len(state.legal_actions()) > 1:  # a move with a choice (a forced one costs a bot nothing)
            moves[p] += 1
        state.advance(action)  # a bot's action is legal; the tournament keeps no undo
        actions += 1
    over = state.is_over()
    scores = state.scores()
    winners = tuple(state.winners()) if over else ()
    labels = tuple(_label(s) for s in seats)
    return {
        "seed": seed,
        "seats": labels,
        "winners": winners,
        "scores": tuple(scores[p] for p in range(players)),
        "actions": actions,
        "finished": over,
        "winner_seats": tuple(labels[p] for p in winners),
        "moves": tuple(moves),
        "think_seconds": tuple(think),
        "seconds": time.process_time() - started,
        "options": dict(options or {}),
        "gamekit": __version__,
    }


def _play_batch(game_name: str, jobs: list[tuple[int, tuple[Any, ...], int, tuple[int, ...]]],
                options: dict[str, Any] | None, max_actions: int) -> list[dict[str, Any]]:
    rows = []
    for index, seats, seed, bot_seeds in jobs:
        row = play_game(game_name, seats, seed, bot_seeds, options, max_actions)
        rows.append({"game": index, **row})
    return rows


def _jobs(seats: Sequence[Any], games: int, seed: int, players: int, start: int = 0) -> list[tuple[int, tuple[Any, ...], int, tuple[int, ...]]]:
    return series(seats, games, seed, players, start)


def series(seats: Sequence[Any], games: int, seed: int, players: int, start: int = 0) -> list[tuple[int, tuple[Any, ...], int, tuple[int, ...]]]:
    """Games ``start`` to ``start + games - 1`` of the seeded series :func:`tournament` plays: for
    each, ``(i, seats of players 0, 1, ..., game seed, bot seeds)``. Game ``i``'s seeds are the
    words of ``numpy.random.SeedSequence(seed).spawn(i + 1)[i].generate_state(1 + players,
    numpy.uint64)`` shifted right by 11 (below 2**53: safe in JSON and JavaScript), computed by
    :func:`spawned_words` (standard library only, so the page plays the same series); its seats are
    ``seats`` rotated by ``i``.

    >>> [(i, s, seed) for i, s, seed, _ in series(["a", "b"], 2, seed=7, players=2)]
    [(0, ('a', 'b'), 1653442781704951), (1, ('b', 'a'), 1973877946906281)]
    """
    if not is_integer(seed) or seed < 0:
        raise ValueError(f"the seed is a whole number, 0 or more, not {seed!r}")
    jobs = []
    for i in range(start, start + games):
        words = [w >> 11 for w in spawned_words(seed, i, 1 + players)]
        rotated = tuple(seats[(p + i) % len(seats)] for p in range(players))
        jobs.append((i, rotated, words[0], tuple(words[1:])))
    return jobs


# numpy's SeedSequence (numpy/random/bit_generator.pyx, after Melissa O'Neill's seed_seq), written out:
# its constants, a pool of 4 words of 32 bits, and its hash and mix functions.
_MASK32 = 0xFFFF_FFFF
_INIT_A, _MULT_A, _INIT_B, _MULT_B = 0x43B0D7E5, 0x931E8875, 0x8B51F9DD, 0x58F38DED
_MIX_MULT_L, _MIX_MULT_R, _XSHIFT, _POOL = 0xCA01F9DD, 0x4973F715, 16, 4


def _words32(n: int) -> list[int]:
    out = [n & _MASK32] if n == 0 else []
    while n > 0:
        out.append(n & _MASK32)
        n >>= 32
    return out


def spawned_words(seed: int, child: int, words: int) -> list[int]:
    """``numpy.random.SeedSequence(seed).spawn(child + 1)[child].generate_state(words, numpy.uint64)``
    as Python integers, without numpy (a test checks them against numpy's)."""
    entropy = _words32(seed)
    entropy += [0] * (_POOL - len(entropy))  # a spawned sequence pads the seed's words to the pool's size
    entropy += _words32(child)
    hash_const = _INIT_A

    def hashmix(value: int) -> int:
        nonlocal hash_const
        value ^= hash_const
        hash_const = (hash_const * _MULT_A) & _MASK32
        value = (value * hash_const) & _MASK32
        return value ^ (value >> _XSHIFT)

    def mix(x: int, y: int) -> int:
        result = (_MIX_MULT_L * x - _MIX_MULT_R * y) & _MASK32
        return result ^ (result >> _XSHIFT)

    pool = [hashmix(entropy[i] if i < len(entropy) else 0) for i in range(_POOL)]
    for src in range(_POOL):
        for dst in range(_POOL):
            if src != dst:
                pool[dst] = mix(pool[dst], hashmix(pool[src]))
    for src in range(_POOL, len(entropy)):
        for dst in range(_POOL):
            pool[dst] = mix(pool[dst], hashmix(entropy[src]))
    state, const = [], _INIT_B
    for i in range(2 * words):
        value = pool[i % _POOL] ^ const
        const = (const * _MULT_B) & _MASK32
        value = (value * const) & _MASK32
        state.append(value ^ (value >> _XSHIFT))
    return [state[2 * k] | (state[2 * k + 1] << 32) for k in range(words)]  # two words of 32 bits, little end first


def tournament(game_name: str, seats: Sequence[Any], games: int, seed: int = 0, players: int | None = None,
               options: dict[str, Any] | None = None, client: Any = None, workers: int | None = None,
               batch: int | None = None, progress: bool | None = None, max_actions: int = MAX_ACTIONS,
               start: int = 0):
    """Play ``games`` seeded games of ``game_name`` between the bots in ``seats`` and return a
    pandas DataFrame, one row per game.

    ``seats``: one per player, each a bot kind (``"random"``, ``"heuristic"``, ``"search"``), a
    ``(kind, budget)`` pair such as ``("search", {"iterations": 100})``, or a bot (a template:
    each game plays a fresh copy seeded for it). ``players`` defaults to ``len(seats)``; with more
    players than seats, the seats repeat. ``options`` are the game's settings. The columns:
    ``game``, ``seed``, ``seats`` (who played each player), ``winners`` (players; several on a tie),
    ``scores``, ``actions``, ``finished`` (``False``: stopped after ``max_actions``),
    ``winner_seats``, ``moves`` (the moves with more than one legal action) and ``think_seconds``
    per player, ``seconds``, ``options``,
    ``gamekit`` (the version). ``start``: play games ``start`` to ``start + games - 1`` of the
    seeded series (game *i*'s seed and seat rotation depend on *i* alone), so that a long tournament
    can be played in pieces, on different days or machines, and the pieces joined give the same table
    as one run. :func:`summary` gives win rates with 95 % intervals (also in
    ``table.attrs["summary"]``), :func:`plot` draws them.

    Where: ``client`` a ``dask.distributed.Client`` (any cluster, local or by address); else a
    local process pool of ``workers`` processes (default: the machine's cores; ``workers=1`` plays
    in this process). Games go out in batches (``batch`` games each; by default about four
    batches per worker). ``progress``: a tqdm bar (default: on in a notebook).
    """
    import pandas as pd

    from . import game as get_game

    if not seats:
        raise ValueError("a tournament needs at least one seat")
    labels = [_label(s) for s in seats]  # refuses a malformed seat before any game is played
    info = get_game(game_name)
    players = len(seats) if players is None else players
    if not info.min_players <= players <= info.max_players:
        raise ValueError(f"{info.title} is for {info.min_players} to {info.max_players} players, not {players}")
    if not is_integer(games) or games < 1:
        raise ValueError(f"games is a positive number of games, not {games!r}")
    info.make_options(**(options or {}))  # an unknown setting is refused here, not in a worker
    if not is_integer(start) or start < 0:
        raise ValueError(f"start is the number of the first game, 0 or more, not {start!r}")
    jobs = _jobs(list(seats), games, seed, players, start)
    if client is None:
        if workers is None:
            workers = os.cpu_count() or 1
        if workers < 1:
            raise ValueError(f"workers is a positive number of processes, not {workers}")
    parallel = client.ncores() if client is not None else None
    lanes = (sum(parallel.values()) if parallel else 1) if client is not None else workers
    size = batch or max(1, math.ceil(games / (4 * max(1, lanes))))
    batches = [jobs[i:i + size] for i in range(0, len(jobs), size)]
    bar = _progress(games, progress)
    rows: list[dict[str, Any]] = []
    try:
        if client is not None:
            from distributed import as_completed

            futures = client.map(_play_batch, [game_name] * len(batches), batches, [options] * len(batches),
                                 [max_actions] * len(batches), pure=False)
            for future in as_completed(futures):
                done = future.result()
                rows.extend(done)
                bar.update(len(done))
        elif workers == 1 or len(batches) == 1:
            for b in batches:
                done = _play_batch(game_name, b, options, max_actions)
                rows.extend(done)
                bar.update(len(done))
        else:
            from concurrent.futures import ProcessPoolExecutor

            with ProcessPoolExecutor(max_workers=workers) as pool:
                futures = [pool.submit(_play_batch, game_name, b, options, max_actions) for b in batches]
                from concurrent.futures import as_completed as completed

                for future in completed(futures):
                    done = future.result()
                    rows.extend(done)
                    bar.update(len(done))
    finally:
        bar.close()
    rows.sort(key=lambda r: r["game"])
    table = pd.DataFrame(rows, columns=["game", "seed", "seats", "winners", "scores", "actions", "finished",
                                        "winner_seats", "moves", "think_seconds", "seconds", "options", "gamekit"])
    table.attrs["game"] = game_name
    table.attrs["labels"] = labels
    table.attrs["summary"] = summary(table)
    return table


def join(tables: Sequence[Any]):
    """One table from the pieces of a tournament played with ``start`` (:func:`tournament`), in game
    order, with its summary made again. (``pandas.concat`` alone refuses tables whose ``attrs``
    hold their summaries.)"""
    import pandas as pd

    if not tables:
        raise ValueError("join needs at least one table")
    names = {t.attrs.get("game") for t in tables}
    if len(names) > 1:
        raise ValueError(f"these tables are of different games: {sorted(map(str, names))}")
    plain = []
    for t in tables:
        t = t.copy()
        t.attrs = {}
        plain.append(t)
    table = pd.concat(plain, ignore_index=True).sort_values("game", kind="stable", ignore_index=True)
    if table["game"].duplicated().any():
        raise ValueError("the pieces overlap: some games are in more than one table")
    table.attrs.update({k: v for k, v in tables[0].attrs.items() if k != "summary"})
    table.attrs["summary"] = summary(table)
    return table


def summary(table: Any):
    """Per seat kind: the games it sat in, its share of the wins (a tie of ``k`` players gives each
    ``1/k``), that share's 95 % interval (normal approximation, from the spread of the shares
    per game), its mean score and mean milliseconds per move with a choice."""
    import pandas as pd

    stats: dict[str, dict[str, list[float]]] = {}
    for seats, winners, scores, moves, think, finished in zip(table["seats"], table["winners"], table["scores"],
                                                               table["moves"], table["think_seconds"], table["finished"]):
        for label in dict.fromkeys(seats):
            mine = [p for p, s in enumerate(seats) if s == label]
            share = sum(1 / len(winners) for p in winners if p in mine) if winners else 0.0
            s = stats.setdefault(label, {"share": [], "expected": [], "score": [], "think": [], "moves": [],
                                         "unfinished": []})
            s["share"].append(share)
            s["expected"].append(len(mine) / len(seats))
            s["score"].append(sum(float(scores[p]) for p in mine) / len(mine))
            s["think"].append(sum(think[p] for p in mine))
            s["moves"].append(sum(moves[p] for p in mine))
            s["unfinished"].append(0.0 if finished else 1.0)
    out = []
    for label, s in stats.items():
        n = len(s["share"])
        mean = sum(s["share"]) / n
        var = sum((x - mean) ** 2 for x in s["share"]) / (n - 1) if n > 1 else 0.0
        half = 1.96 * math.sqrt(var / n)
        out.append({"seat": label, "games": n, "win_share": mean, "low": max(0.0, mean - half), "high": min(1.0, mean + half),
                    "fair_share": sum(s["expected"]) / n, "mean_score": sum(s["score"]) / n,
                    "ms_per_move": 1000 * sum(s["think"]) / max(1, sum(s["moves"])),
                    "unfinished": int(sum(s["unfinished"]))})
    return pd.DataFrame(out).set_index("seat")


#: The normal quantiles of :func:`compare`: a 95 % interval, and the power (80 %) with which a
#: difference of the size measured would be told from none in the number of games it gives.
Z_95, Z_POWER = 1.959964, 0.841621


def compare(default: Any, changed: Any):
    """What a change of settings does, from two tournaments played on the same seeds and seats
    (:func:`tournament` with the same ``seed``, ``seats`` and ``games``, and two ``options``).

    One row per measure: each player's share of the wins (``seat 1`` is player 0; a tie of ``k``
    players gives each ``1/k``) and the game's length in actions. Columns: the mean under each
    setting with its 95 % interval (``default``, ``default_low``, ``default_high``, the same for
    ``changed``), the ``difference`` (changed minus default) with its 95 % interval, ``clear``
    (the interval leaves out 0) and ``games_needed``: how many games a setting would make a
    difference of the size measured clear at 95 % in 80 % of studies (``None`` when the two
    are equal in these games). Game ``i`` of each table starts from the same seed, so the
    difference is taken game by game (a paired comparison: its interval is right however much
    or little the two games of a pair resemble each other). Intervals are normal approximations,
    as :func:`summary`'s, cut to what a share can be.

    >>> import gamekit
    >>> from gamekit.examples.pig import PIG           # the protocol's example game
    >>> _ = gamekit.register(PIG)
    >>> a = gamekit.tournament("pig", ["random"], games=40, seed=3, players=2, workers=1)
    >>> b = gamekit.tournament("pig", ["random"], games=40, seed=3, players=2, workers=1,
    ...                        options={"goal": 30})
    >>> table = compare(a, b)
    >>> list(table.index)
    ['seat 1', 'seat 2', 'length']
    >>> bool(table.loc["length", "difference"] < 0)       # a lower goal, shorter games
    True
    >>> _ = gamekit.unregister("pig")
    """
    import pandas as pd

    def rows(table: Any) -> list[dict[str, Any]]:
        return [{"seed": seed, "seats": tuple(seats), "winners": tuple(winners), "actions": actions}
                for seed, seats, winners, actions in zip(table["seed"], table["seats"], table["winners"], table["actions"])]

    measured = compare_rows(rows(default), rows(changed))
    table = pd.DataFrame(measured).set_index("measure")
    table["games_needed"] = table["games_needed"].astype(object)
    table.attrs["games"] = len(default)
    return table


def compare_rows(default: Sequence[dict[str, Any]], changed: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """:func:`compare`'s numbers from two lists of games (dicts with at least ``seed``, ``seats``,
    ``winners`` and ``actions``, as :func:`play_game` returns them): one dict per measure, with the
    key ``measure`` and :func:`compare`'s columns. Standard library only (the play pages use it)."""
    if len(default) != len(changed) or [r["seed"] for r in default] != [r["seed"] for r in changed]:
        raise ValueError("compare needs two tournaments on the same seeds (the same seed, seats and games)")
    if not len(default):
        raise ValueError("compare needs at least one game")
    if [tuple(r["seats"]) for r in default] != [tuple(r["seats"]) for r in changed]:
        raise ValueError("compare needs two tournaments with the same seats in every game")
    players = len(default[0]["seats"])

    def shares(table: Sequence[dict[str, Any]], p: int) -> list[float]:
        return [1 / len(r["winners"]) if p in r["winners"] else 0.0 for r in table]

    measures = [(f"seat {p + 1}", shares(default, p), shares(changed, p)) for p in range(players)]
    measures.append(("length", [float(r["actions"]) for r in default], [float(r["actions"]) for r in changed]))
    out = []
    for name, a, b in measures:
        row: dict[str, Any] = {"measure": name}
        for side, values in (("default", a), ("changed", b)):
            mean, half = _mean_interval(values)
            row.update({side: mean, f"{side}_low": mean - half, f"{side}_high": mean + half})
        mean, half = _mean_interval([y - x for x, y in zip(a, b)])
        row.update({"difference": mean, "difference_low": mean - half, "difference_high": mean + half,
                    "clear": bool(abs(mean) > half), "games_needed": _games_needed([y - x for x, y in zip(a, b)])})
        if name != "length":  # a share stays in 0..1
            for side, low in (("default", 0.0), ("changed", 0.0), ("difference", -1.0)):
                row[f"{side}_low"], row[f"{side}_high"] = max(low, row[f"{side}_low"]), min(1.0, row[f"{side}_high"])
        out.append(row)
    return out


def _mean_interval(values: Sequence[float]) -> tuple[float, float]:
    """The mean and the half-width of its 95 % interval (normal approximation)."""
    n = len(values)
    mean = sum(values) / n
    var = sum((x - mean) ** 2 for x in values) / (n - 1) if n > 1 else 0.0
    return mean, Z_95 * math.sqrt(var / n)


def _games_needed(differences: Sequence[float]) -> int | None:
    """Games a setting for a paired difference of this size to be clear (95 %, power 80 %)."""
    n = len(differences)
    mean = sum(differences) / n
    if mean == 0:
        return None
    var = sum((x - mean) ** 2 for x in differences) / (n - 1) if n > 1 else 0.0
    return max(2, math.ceil(((Z_95 + Z_POWER) ** 2) * var / mean ** 2))


def plot(table: Any, ax: Any = None):
    """A bar chart of each seat kind's share of the wins with its 95 % interval, and the fair
    share (what it would win if all seats were equal) as a line. Returns the matplotlib axes."""
    import matplotlib.pyplot as plt

    stats = summary(table)
    if ax is None:
        _, ax = plt.subplots(figsize=(5, 3))
    x = range(len(stats))
    ax.bar(x, stats["win_share"], yerr=[stats["win_share"] - stats["low"], stats["high"] - stats["win_share"]],
           capsize=4, color="#4477aa")
    ax.scatter(x, stats["fair_share"], marker="_", s=600, color="#cc3311", label="fair share", zorder=3)
    ax.set_xticks(list(x), list(stats.index))
    ax.set_ylabel("share of wins")
    ax.set_ylim(0, 1)
    ax.set_title(f"{table.attrs.get('game', '')}: {len(table)} games")
    ax.legend(frameon=False)
    return ax


class _NoBar:
    def update(self, n: int) -> None:
        pass

    def close(self) -> None:
        pass


def _progress(total: int, wanted: bool | None) -> Any:
    if wanted is None:
        try:
            from IPython import get_ipython

            shell = get_ipython()
            wanted = shell is not None and type(shell).__name__ == "ZMQInteractiveShell"
        except ImportError:
            wanted = False
    if not wanted:
        return _NoBar()
    from tqdm.auto import tqdm

    return tqdm(total=total, unit="game")
