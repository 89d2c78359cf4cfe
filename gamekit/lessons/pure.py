"""The lessons' samplers in pure Python, on gamekit's own seeded generator: the same in the book, in
JupyterLab and in the browser (Pyodide here has no numpy).

Each function has the API of its numpy twin in :mod:`gamekit.lessons.samplers` (the same arguments,
the same keys) and returns lists where that one returns arrays. ``seed`` is an int, a
:class:`gamekit.Rng` (which a lesson passes on from call to call, as it did a numpy generator) or
``None`` (fresh entropy). The numbers are not numpy's: a lesson that moves here prints other
(equally random) samples, the same wherever it runs. ``benchmarks/lesson_samplers.py`` measures
them beside the numpy ones; the tests check each against its exact distribution.

>>> sample(__import__("gamekit.dice", fromlist=["d6"]).d6, 5, seed=42)
[4, 4, 3, 2, 2]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from ..rng import Rng
from ..validation import is_integer

__all__ = ["rng", "sample", "fights", "kept_die", "factory_investments", "rolls_until", "production_rolls", "rolls_until_holding",
           "sample_rolls_to_cover", "auctions"]


def rng(seed: Any = None) -> Rng:
    """A generator: ``seed`` itself if it is one, else a new one from the int ``seed`` (or fresh entropy)."""
    if isinstance(seed, Rng):
        return seed
    if seed is None:
        import random

        return Rng(random.SystemRandom().getrandbits(64))
    return Rng(seed)


def _count(n: Any) -> int:
    if not is_integer(n) or n < 0:
        raise ValueError(f"n is a whole number >= 0, not {n!r}")
    return n


def sample(die: Any, n: int, seed: Any = None) -> list[Any]:
    """``n`` results of ``die`` (a :class:`gamekit.dice.Die`), a list: the pure-Python
    :meth:`~gamekit.dice.Die.sample`. Each is drawn straight from the die's exact distribution with
    one call of the generator (a plain die: the same numbers as :meth:`~gamekit.dice.Die.roll`)."""
    gen = rng(seed)
    draw = die.draw
    return [draw(gen) for _ in range(_count(n))]


def fights(attackers: int, defenders: int, n: int, seed: Any = None) -> tuple[list[int], list[int]]:
    """As :func:`gamekit.itc.probability.simulate_fights` (rule ``itc-grey-market-fight``): ``n``
    grey-market fights, each exchange drawn from the exact exchange (the blue d6 against the green
    d8, ties rolled again); lists of the attack markers and of the defending markers left."""
    from ..itc.probability import check_fight_counts, exchange_weights

    check_fight_counts(attackers, defenders)
    win, lose = exchange_weights()
    gen = rng(seed)
    a_left, d_left = [], []
    for _ in range(_count(n)):
        a, d = attackers, defenders
        while a and d:
            if gen.randbelow(win + lose) < win:
                d -= 1
            else:
                a -= 1
        a_left.append(a)
        d_left.append(d)
    return a_left, d_left


def kept_die(pair: Sequence[str], n: int, seed: Any = None) -> dict[str, Any]:
    """As :func:`gamekit.lessons.samplers.kept_die` (rules ``itc-dice``, ``itc-red-die``): ``n`` ITC
    turns with the dice ``pair`` rolled and the die with more action points kept (a tie: the first
    of the pair in the order blue, green, red). Lists ``points``, ``cards``, ``first`` and ``rolls``."""
    from ..itc.dice_turn import DICE, DIE_SIDES
    from ..itc.probability import RED_POINTS

    a, b = sorted(pair, key=DICE.index)
    if a == b or {a, b} - set(DICE):
        raise ValueError(f"a pair of two different dice of {DICE}, not {pair!r}")
    gen = rng(seed)

    def worth(colour: str, face: int) -> int:
        return RED_POINTS - face if colour == "red" else face

    out: dict[str, Any] = {"points": [], "cards": [], "first": [], "rolls": {a: [], b: []}}
    sides = DIE_SIDES[b]
    for _ in range(_count(n)):
        both = gen.randbelow(DIE_SIDES[a] * sides)  # the two dice as one number, as the numpy sampler draws them
        fa, fb = both // sides + 1, both % sides + 1
        first = worth(a, fa) >= worth(b, fb)
        kept, face = (a, fa) if first else (b, fb)
        out["points"].append(worth(kept, face))
        out["cards"].append(face if kept == "red" else 0)
        out["first"].append(first)
        out["rolls"][a].append(fa)
        out["rolls"][b].append(fb)
    return out


def factory_investments(n: int, investments: int, blank_pegs: int = 3, seed: Any = None) -> dict[str, Any]:
    """As :func:`gamekit.lessons.samplers.factory_investments` (rules ``factories-investment``,
    ``factories-failed-investment``, by the engine's own :func:`~gamekit.catan.production.investment_peg`):
    lists per player of ``placed`` (numbered pegs placed after each investment), ``failed`` and ``rolls``."""
    from ..catan.production import NUMBERS, investment_peg

    n = _count(n)
    if not 0 <= investments <= len(NUMBERS) + blank_pegs:
        raise ValueError(f"between 0 and {len(NUMBERS) + blank_pegs} investments (one peg each)")
    gen = rng(seed)
    out: dict[str, Any] = {"placed": [], "failed": [], "rolls": []}
    for _ in range(n):
        left, blanks, placed = tuple(NUMBERS), blank_pegs, 0
        row_placed, row_failed, row_rolls = [], [], []
        for _ in range(investments):
            face = NUMBERS[gen.randbelow(len(NUMBERS))]
            peg, left, blanks = investment_peg(face, left, blanks)
            row_failed.append(peg == 0)
            placed += peg != 0
            row_placed.append(placed)
            row_rolls.append(face)
        out["placed"].append(row_placed)
        out["failed"].append(row_failed)
        out["rolls"].append(row_rolls)
    return out


def rolls_until(faces: Sequence[int], n: int, sides: int = 6, seed: Any = None) -> list[int]:
    """As :func:`gamekit.lessons.samplers.rolls_until`: ``n`` waiting times, the rolls of a
    ``sides``-sided die up to and including the first showing one of ``faces``."""
    n = _count(n)
    wanted = set(faces)
    if not wanted or not wanted <= set(range(1, sides + 1)):
        raise ValueError(f"faces among 1..{sides}, not {sorted(wanted)!r}")
    gen = rng(seed)
    out = []
    for _ in range(n):
        k = 1
        while gen.randbelow(sides) + 1 not in wanted:
            k += 1
        out.append(k)
    return out


def production_rolls(turns: int, n: int, seed: Any = None) -> list[list[int]]:
    """As :func:`gamekit.lessons.samplers.production_rolls` (rule ``catan-production``): ``n``
    sequences of ``turns`` sums of a white and a red d6."""
    gen = rng(seed)
    return [[gen.randbelow(6) + gen.randbelow(6) + 2 for _ in range(turns)] for _ in range(_count(n))]


def rolls_until_holding(income: Mapping[int, Sequence[int]], need: Sequence[int], n: int, seed: Any = None) -> list[int]:
    """As :func:`gamekit.lessons.samplers.rolls_until_holding`: ``n`` waiting times, the production
    rolls until a position's cards reach ``need`` (``income[total]``: cards per resource on a roll of
    ``total``), from an empty hand."""
    need = [int(k) for k in need]
    n = _count(n)
    wanted = [i for i, k in enumerate(need) if k > 0]
    if not wanted:
        return [0] * n
    for i in wanted:
        if not any(got[i] for got in income.values()):
            raise ValueError(f"no roll pays resource {i}: the wait for it never ends")
    pays = {t: [int(got[i]) for i in wanted] for t, got in income.items()}
    target = [need[i] for i in wanted]
    gen = rng(seed)
    out = []
    for _ in range(n):
        held = [0] * len(wanted)
        rolls = 0
        while any(h < t for h, t in zip(held, target)):
            rolls += 1
            got = pays.get(gen.randbelow(6) + gen.randbelow(6) + 2)
            if got:
                held = [h + g for h, g in zip(held, got)]
        out.append(rolls)
    return out


def sample_rolls_to_cover(mode: str, steps: int, n: int, seed: Any = 0) -> list[int]:
    """As :func:`gamekit.transportspelet.probability.sample_rolls_to_cover` (rule
    ``transport-movement``): ``n`` trips of ``steps`` steps in ``mode``, a list of the rolls each
    needed. Each roll moves the piece a d6 plus the vehicle's bonus
    (:data:`gamekit.transportspelet.MOVEMENT_BONUS`); the trip ends on the roll that reaches the goal."""
    from ..transportspelet import MODES, MOVEMENT_BONUS, rolls_to_cover

    if mode not in MODES:
        raise ValueError(f"no mode {mode!r}; the modes are {MODES}")
    n = _count(n)
    rolls_to_cover(mode, steps)  # checks steps as the exact function does
    bonus = MOVEMENT_BONUS[mode] + 1  # randbelow(6) is the face less one
    gen = rng(seed)
    out = []
    for _ in range(n):
        moved = k = 0
        while moved < steps:
            moved += gen.randbelow(6) + bonus
            k += 1
        out.append(k)
    return out


def auctions(costs: Sequence[int], revenue: int, players: int, chooser_limit: int, eagerness: float, n: int,
             seed: Any = None, chooser_matches: bool = True, keep: float = 0.5) -> dict[str, list[int]]:
    """As :func:`gamekit.lessons.samplers.auctions`: ``n`` auctions of one public contract, the
    chooser (player 0) against bidders who play like :func:`gamekit.auf_achse.bots.bid_decision`,
    played on the engine's own :class:`gamekit.auf_achse.auction.Auction` (rules
    ``auf-achse-auction-order``, ``auf-achse-chooser-matches``, ``auf-achse-offers``,
    ``auf-achse-payment``; ``chooser_matches=False``: the chooser must raise too).

    The chooser names the lowest allowed offer while it is at most ``chooser_limit``, else passes;
    a bidder names the lowest allowed offer if it leaves at least the share ``keep`` of the
    ``revenue`` and a coin (``random() < eagerness``) says so, else passes. Lists ``winner``,
    ``offer`` (0: nobody bid) and ``coins`` (the bidders' coins each auction used)."""
    from ..auf_achse.auction import Auction

    n = _count(n)
    top = len(costs)
    price = [0, *costs]
    worth = [k > 0 and revenue - price[k] >= keep * revenue for k in range(top + 1)]
    kind = Auction if chooser_matches else _must_raise()
    eager = float(eagerness)
    gen = rng(seed)
    out: dict[str, list[int]] = {"winner": [], "offer": [], "coins": []}
    for _ in range(n):
        a = kind.start(chooser=0, contract=0, players=players)
        coins = 0
        while not a.finished:
            p = a.turn
            lowest = a.minimum_offer(p)
            if lowest > top:
                bids = False
            elif p == a.chooser:
                bids = lowest <= chooser_limit
            elif worth[lowest]:
                coins += 1
                bids = gen.random() < eager
            else:
                bids = False
            if bids:
                a.bid(p, lowest)
            else:
                a.pass_(p)
        out["winner"].append(a.winner)
        out["offer"].append(a.paid_offer)
        out["coins"].append(coins)
    return out


@lru_cache(maxsize=1)
def _must_raise() -> type:
    from ..auf_achse.auction import Auction

    class MustRaise(Auction):
        """The auction without the chooser's right to match: everybody must raise."""

        def minimum_offer(self, player: int) -> int:
            return self.offer + 1

    return MustRaise
