"""Vectorised numpy samplers for the lessons: many seeded trials of a mechanism at once.

Each sampler plays one mechanism of a game for ``n`` trials side by side with numpy arrays, from a
``seed`` (an int or a ``numpy.random.Generator``), and cites the rule it follows. They sit beside the
exact functions the lessons compare them with; the tests check every sampler against its exact
distribution, and ``benchmarks/lesson_samplers.py`` measures their throughput beside the raw numpy
generator. (The dice have :meth:`gamekit.dice.Die.sample`, the grey-market fight
:func:`gamekit.itc.probability.simulate_fights` and the Transportspelet trips
:func:`gamekit.transportspelet.probability.sample_rolls_to_cover`.)

numpy is imported here only; the engine never imports this module.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

__all__ = ["kept_die", "factory_investments", "rolls_until", "production_rolls", "rolls_until_holding",
           "auctions"]


def _gen(seed: Any) -> Any:
    import numpy as np

    return seed if isinstance(seed, np.random.Generator) else np.random.default_rng(seed)


def _count(n: Any) -> int:
    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        raise ValueError(f"n is a whole number >= 0, not {n!r}")
    return n


# -- ITC: two of three dice (rules itc-dice, itc-red-die) -----------------------------------------


def kept_die(pair: Sequence[str], n: int, seed: Any = None) -> dict[str, Any]:
    """``n`` ITC turns with the dice ``pair`` rolled and the die with more action points kept
    (rules ``itc-dice``, ``itc-red-die``; on a tie the first die of the pair, in the order blue,
    green, red, as :func:`gamekit.itc.probability.dice_choice_expectations` counts it).

    Blue and green give their number in points, the red die 6 minus its number in leftover points
    and its number in cards. Returns arrays ``points`` and ``cards`` of the kept die and ``first``
    (True where the first die of the pair was kept), plus the two dice's ``rolls``.
    """
    import numpy as np

    from ..itc.dice_turn import DICE, DIE_SIDES
    from ..itc.probability import RED_POINTS

    a, b = sorted(pair, key=DICE.index)
    if a == b or {a, b} - set(DICE):
        raise ValueError(f"a pair of two different dice of {DICE}, not {pair!r}")
    gen = _gen(seed)
    n = _count(n)
    rolls = {c: gen.integers(1, DIE_SIDES[c] + 1, size=n, dtype=np.int8) for c in (a, b)}
    points = {c: (RED_POINTS - r if c == "red" else r) for c, r in rolls.items()}
    first = points[a] >= points[b]
    kept = np.where(first, points[a], points[b])
    cards = np.zeros(n, dtype=np.int8)
    if a == "red":
        cards = np.where(first, rolls[a], 0)
    elif b == "red":
        cards = np.where(first, 0, rolls[b])
    return {"points": kept, "cards": cards, "first": first, "rolls": rolls}


# -- Factories: investments (rules factories-investment, factories-failed-investment) -------------


def factory_investments(n: int, investments: int, blank_pegs: int = 3, seed: Any = None) -> dict[str, Any]:
    """``n`` players each making ``investments`` investments from a full supply (six numbered pegs,
    ``blank_pegs`` blank ones), holes never running out, as
    :func:`gamekit.catan.production.numbers_distribution` counts them.

    Each investment rolls a d6 (rule ``factories-investment``): a number not yet placed (nor turned
    over) is placed; otherwise the investment fails (``factories-failed-investment``): a blank peg
    goes in while there is one, else the lowest unplaced numbered peg goes in turned over and that
    number is lost. Returns ``placed`` (numbered pegs placed after each investment, shape
    ``(n, investments)``), ``failed`` (True where that investment failed) and the ``rolls``.
    """
    import numpy as np

    from ..catan.production import NUMBERS

    n = _count(n)
    if not 0 <= investments <= len(NUMBERS) + blank_pegs:
        raise ValueError(f"between 0 and {len(NUMBERS) + blank_pegs} investments (one peg each)")
    gen = _gen(seed)
    rolls = gen.integers(0, len(NUMBERS), size=(n, investments), dtype=np.int8)  # face - 1
    unplaced = np.ones((n, len(NUMBERS)), dtype=bool)  # numbered pegs still in the supply
    blanks = np.full(n, blank_pegs, dtype=np.int8)
    placed = np.zeros((n, investments), dtype=np.int8)
    failed = np.zeros((n, investments), dtype=bool)
    rows = np.arange(n)
    done = np.zeros(n, dtype=np.int8)
    for j in range(investments):
        face = rolls[:, j]
        new = unplaced[rows, face]
        unplaced[rows[new], face[new]] = False
        done += new
        fail = ~new
        failed[:, j] = fail
        use_blank = fail & (blanks > 0)
        blanks -= use_blank
        turn_over = fail & ~use_blank
        if turn_over.any():
            lowest = np.argmax(unplaced[turn_over], axis=1)  # the lowest unplaced numbered peg
            unplaced[rows[turn_over], lowest] = False
        placed[:, j] = done
    return {"placed": placed, "failed": failed, "rolls": rolls + 1}


# -- Waiting for a face (geometric waiting times) --------------------------------------------------


def rolls_until(faces: Sequence[int], n: int, sides: int = 6, seed: Any = None, block: int = 32) -> Any:
    """``n`` waiting times: the number of rolls of a ``sides``-sided die up to and including the first
    that shows one of ``faces`` (Transportspelet's telegram faces 1 and 6, rule
    ``transport-telegrams``: a geometric distribution). Rolls come in blocks of ``block`` per trial;
    the few trials that waited longer roll another block."""
    import numpy as np

    n = _count(n)
    hits = np.zeros(sides + 1, dtype=bool)
    hits[list(faces)] = True
    if not hits[1:].any():
        raise ValueError(f"faces among 1..{sides}, not {faces!r}")
    gen = _gen(seed)
    out = np.zeros(n, dtype=np.int64)
    waiting = np.arange(n)
    offset = 0
    while waiting.size:
        seen = hits[gen.integers(1, sides + 1, size=(waiting.size, block), dtype=np.int8)]
        got = seen.any(axis=1)
        out[waiting[got]] = offset + np.argmax(seen[got], axis=1) + 1
        waiting = waiting[~got]
        offset += block
    return out


# -- Catan: production over turns (rule catan-production) -----------------------------------------


def production_rolls(turns: int, n: int, seed: Any = None) -> Any:
    """``n`` sequences of ``turns`` production rolls: the sums of a white and a red d6
    (rule ``catan-production``), an ``(n, turns)`` array."""
    import numpy as np

    gen = _gen(seed)
    dice = gen.integers(1, 7, size=(2, _count(n), turns), dtype=np.int8)
    return dice[0] + dice[1]


def rolls_until_holding(income: Mapping[int, Sequence[int]], need: Sequence[int], n: int, seed: Any = None,
                        block: int = 64) -> Any:
    """``n`` waiting times: the number of production rolls until a position's cards reach ``need``.

    ``income[total]`` is what the position collects on a roll of ``total`` (counts per resource,
    as the engine's ``production_claims`` pays them; missing totals pay nothing), ``need`` the cards
    wanted of each resource, counted from an empty hand (nothing spent, no robber, no 7 discards).
    Trials that need more than ``block`` rolls roll another block."""
    import numpy as np

    need = np.asarray(need, dtype=np.int64)
    table = np.zeros((13, len(need)), dtype=np.int64)
    for total, got in income.items():
        table[total] = got
    gen = _gen(seed)
    n = _count(n)
    out = np.zeros(n, dtype=np.int64)
    held = np.zeros((n, len(need)), dtype=np.int64)
    waiting = np.arange(n)
    offset = 0
    while waiting.size:
        sums = production_rolls(block, waiting.size, gen)
        running = held[waiting][:, None, :] + np.cumsum(table[sums], axis=1)
        enough = (running >= need).all(axis=2)
        got = enough.any(axis=1)
        out[waiting[got]] = offset + np.argmax(enough[got], axis=1) + 1
        held[waiting] = running[:, -1, :]
        waiting = waiting[~got]
        offset += block
    return out


# -- Auf Achse: the auction of a public contract --------------------------------------------------


def auctions(
    costs: Sequence[int],
    revenue: int,
    players: int,
    chooser_limit: int,
    eagerness: float,
    n: int,
    seed: Any = None,
    chooser_matches: bool = True,
    keep: float = 0.5,
) -> dict[str, Any]:
    """``n`` auctions of one public contract, the chooser (player 0) against bidders who play like
    :func:`gamekit.auf_achse.bots.bid_decision`.

    The rules (page 4): bidding goes round from the chooser's left neighbour
    (``auf-achse-auction-order``); a player who passes is out; the chooser only needs to match the
    best offer, every other bidder must raise it (``auf-achse-chooser-matches``; with
    ``chooser_matches=False`` the chooser must raise too, for comparison); offers are 1 to 5,
    ``costs[k-1]`` the price of offer k (``auf-achse-offers``); nobody bidding leaves the contract
    to the chooser free (``auf-achse-payment``). Cash is taken to be enough for every offer.

    The chooser names the lowest allowed offer while it is at most ``chooser_limit``, else passes.
    A bidder names the lowest allowed offer if it leaves at least the share ``keep`` of the
    ``revenue`` (``bid_decision``: half) and a coin with chance ``eagerness`` says so, else passes.
    Returns arrays ``winner`` (player) and ``offer`` (0: nobody bid) per auction.
    """
    import numpy as np

    n = _count(n)
    top = len(costs)
    gen = _gen(seed)
    price = np.array([0, *costs], dtype=np.int64)
    worth = revenue - price >= keep * revenue  # bid_decision: the offer leaves half the revenue
    worth[0] = False
    offer = np.zeros(n, dtype=np.int64)
    leader = np.full(n, -1, dtype=np.int64)
    passed = np.zeros((n, players), dtype=bool)
    turn = np.full(n, 1 % players, dtype=np.int64)
    live = np.arange(n)
    while live.size:
        p = turn[live]
        chooser = p == 0
        lowest = np.where(chooser & chooser_matches, np.maximum(offer[live], 1), offer[live] + 1)
        allowed = lowest <= top
        capped = np.minimum(lowest, top)
        coin = gen.random(live.size) < eagerness
        bids = allowed & np.where(chooser, capped <= chooser_limit, worth[capped] & coin)
        offer[live] = np.where(bids, lowest, offer[live])
        leader[live] = np.where(bids, p, leader[live])
        passed[live[~bids], p[~bids]] = True
        # the next player still in who does not hold the best offer; nobody: the auction is over
        # (and everyone passing without an offer, round to the chooser, ends it too)
        nxt = np.full(live.size, -1, dtype=np.int64)
        searching = np.ones(live.size, dtype=bool)
        for k in range(1, players + 1):
            q = (p + k) % players
            stop_free = searching & (q == 0) & (leader[live] < 0)
            searching &= ~stop_free
            take = searching & ~passed[live, q] & (q != leader[live])
            nxt[take] = q[take]
            searching &= ~take
        turn[live] = nxt
        live = live[nxt >= 0]
    winner = np.where(leader < 0, 0, leader)
    return {"winner": winner, "offer": offer}
