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


def _investment_table(blank_pegs: int) -> tuple[Any, Any]:
    """Every supply an investor can have (numbered pegs unplaced, blank pegs left, numbers placed), as
    numbered states, and what one investment roll makes of each: ``next[state, face - 1]``, by the
    engine's own rule function :func:`gamekit.catan.production.investment_peg`."""
    import numpy as np

    from ..catan.production import NUMBERS, investment_peg

    start = (tuple(NUMBERS), blank_pegs, 0)
    index, order = {start: 0}, [start]
    for left, blanks, placed in order:  # grows while we walk it
        if not left and not blanks:
            continue
        for face in NUMBERS:
            peg, after, blanks_after = investment_peg(face, left, blanks)
            state = (after, blanks_after, placed + (peg != 0))
            if state not in index:
                index[state] = len(order)
                order.append(state)
    nxt = np.zeros((len(order), len(NUMBERS)), dtype=np.uint16)
    for i, (left, blanks, placed) in enumerate(order):
        for f, face in enumerate(NUMBERS):
            if not left and not blanks:
                nxt[i, f] = i  # no peg left: no more investments (the sampler never gets here)
                continue
            peg, after, blanks_after = investment_peg(face, left, blanks)
            nxt[i, f] = index[(after, blanks_after, placed + (peg != 0))]
    placed_of = np.array([placed for _, _, placed in order], dtype=np.uint8)
    return nxt, placed_of


def factory_investments(n: int, investments: int, blank_pegs: int = 3, seed: Any = None) -> dict[str, Any]:
    """``n`` players each making ``investments`` investments from a full supply (six numbered pegs,
    ``blank_pegs`` blank ones), holes never running out, as
    :func:`gamekit.catan.production.numbers_distribution` counts them.

    Each investment rolls a d6 (rule ``factories-investment``): a number not yet placed (nor turned
    over) is placed; otherwise the investment fails (``factories-failed-investment``): a blank peg
    goes in while there is one, else the lowest unplaced numbered peg goes in turned over and that
    number is lost. The rule is not written again here: every supply a player can have is numbered
    once, and the engine's :func:`~gamekit.catan.production.investment_peg` says where each roll
    takes it; the players then move through that table all at once. Returns ``placed`` (numbered
    pegs placed after each investment, shape ``(n, investments)``), ``failed`` (True where that
    investment failed) and the ``rolls``.
    """
    import numpy as np

    from ..catan.production import NUMBERS

    n = _count(n)
    if not 0 <= investments <= len(NUMBERS) + blank_pegs:
        raise ValueError(f"between 0 and {len(NUMBERS) + blank_pegs} investments (one peg each)")
    nxt, placed_of = _investment_table(blank_pegs)
    flat = nxt.ravel()
    gen = _gen(seed)
    rolls = gen.integers(0, len(NUMBERS), size=(investments, n), dtype=np.uint16)  # face - 1
    state = np.zeros(n, dtype=np.uint16)
    placed = np.empty((investments, n), dtype=np.uint8)
    for j in range(investments):
        state = flat.take(state * len(NUMBERS) + rolls[j])
        placed[j] = placed_of.take(state)
    before = np.vstack([np.zeros((1, n), dtype=np.uint8), placed[:-1]]) if investments else placed
    return {"placed": placed.T, "failed": (placed == before).T, "rolls": (rolls + 1).T}


# -- Waiting for a face (geometric waiting times) --------------------------------------------------


def rolls_until(faces: Sequence[int], n: int, sides: int = 6, seed: Any = None) -> Any:
    """``n`` waiting times: the number of rolls of a ``sides``-sided die up to and including the first
    that shows one of ``faces`` (Transportspelet's telegram faces 1 and 6, rule
    ``transport-telegrams``: a geometric distribution).

    One long stream of rolls is cut at every roll showing one of ``faces``: the pieces are the waits,
    independent because the rolls are (only the rolls after the last hit go unused)."""
    import numpy as np

    n = _count(n)
    faces = sorted(set(faces))
    if not faces or not set(faces) <= set(range(1, sides + 1)):
        raise ValueError(f"faces among 1..{sides}, not {faces!r}")
    p = len(faces) / sides
    gen = _gen(seed)
    pieces, got = [], 0
    while got < n:
        size = int((n - got) / p * 1.05) + 64
        rolled = gen.integers(1, sides + 1, size=size, dtype=np.uint8)
        hit = rolled == faces[0]
        for face in faces[1:]:
            hit |= rolled == face
        where = np.flatnonzero(hit)
        waits = np.diff(where, prepend=-1)
        pieces.append(waits[: n - got])
        got += len(pieces[-1])
    return np.concatenate(pieces).astype(np.int64) if pieces else np.zeros(0, dtype=np.int64)


# -- Catan: production over turns (rule catan-production) -----------------------------------------


def production_rolls(turns: int, n: int, seed: Any = None) -> Any:
    """``n`` sequences of ``turns`` production rolls: the sums of a white and a red d6
    (rule ``catan-production``), an ``(n, turns)`` array."""
    import numpy as np

    gen = _gen(seed)
    dice = gen.integers(1, 7, size=(2, _count(n), turns), dtype=np.int8)
    return dice[0] + dice[1]


def rolls_until_holding(income: Mapping[int, Sequence[int]], need: Sequence[int], n: int, seed: Any = None,
                        block: int = 16) -> Any:
    """``n`` waiting times: the number of production rolls until a position's cards reach ``need``.

    ``income[total]`` is what the position collects on a roll of ``total`` (counts per resource,
    as the engine's ``production_claims`` pays them; missing totals pay nothing), ``need`` the cards
    wanted of each resource, counted from an empty hand (nothing spent, no robber, no 7 discards).
    Each roll is one of the 36 equally likely pairs of a white and a red die, drawn as one number;
    trials still waiting after ``block`` rolls roll another block. When at most one card of each
    resource is needed, the hand is a set of bits and a roll ORs its bits in."""
    import numpy as np

    need = np.asarray(need, dtype=np.int64)
    wanted = np.flatnonzero(need > 0)
    gen = _gen(seed)
    n = _count(n)
    pair_sum = np.add.outer(np.arange(1, 7), np.arange(1, 7)).ravel()  # the 36 pairs (white, red)
    gains = np.zeros((36, len(wanted)), dtype=np.int64)
    for i, total in enumerate(pair_sum):
        got = income.get(int(total))
        if got is not None:
            gains[i] = np.asarray(got)[wanted]
    out = np.zeros(n, dtype=np.int64)
    waiting = np.arange(n)
    offset = 0
    if len(wanted) <= 8 and (need[wanted] <= 1).all():
        bits = (gains > 0).astype(np.uint8) @ (np.uint8(1) << np.arange(len(wanted), dtype=np.uint8))
        bits = bits.astype(np.uint8)
        full = np.uint8((1 << len(wanted)) - 1)
        held = np.zeros(n, dtype=np.uint8)
        while waiting.size:
            run = np.bitwise_or.accumulate(bits[gen.integers(0, 36, size=(waiting.size, block), dtype=np.uint8)], axis=1)
            run |= held[waiting][:, None]
            enough = run == full
            done = enough[:, -1]
            out[waiting[done]] = offset + np.argmax(enough[done], axis=1) + 1
            held[waiting] = run[:, -1]
            waiting = waiting[~done]
            offset += block
        return out
    held = np.zeros((n, len(wanted)), dtype=np.int64)
    target = need[wanted]
    while waiting.size:
        running = held[waiting][:, None, :] + np.cumsum(gains[gen.integers(0, 36, size=(waiting.size, block))], axis=1)
        enough = (running >= target).all(axis=2)
        done = enough[:, -1]
        out[waiting[done]] = offset + np.argmax(enough[done], axis=1) + 1
        held[waiting] = running[:, -1, :]
        waiting = waiting[~done]
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
