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
from functools import lru_cache
from typing import Any

from ..validation import is_integer

__all__ = ["kept_die", "factory_investments", "rolls_until", "production_rolls", "rolls_until_holding",
           "auctions"]


def _gen(seed: Any) -> Any:
    import numpy as np

    return seed if isinstance(seed, np.random.Generator) else np.random.default_rng(seed)


def _count(n: Any) -> int:
    if not is_integer(n) or n < 0:
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
    # the two dice as one number 0 .. sides_a * sides_b - 1, every pair equally likely; tables read
    # each die's face, the die kept, its points and its cards from it
    sides = DIE_SIDES[b]
    faces = {a: np.arange(DIE_SIDES[a] * sides) // sides + 1, b: np.arange(DIE_SIDES[a] * sides) % sides + 1}
    worth = {c: (RED_POINTS - f if c == "red" else f) for c, f in faces.items()}
    first_of = worth[a] >= worth[b]
    pair = gen.integers(0, DIE_SIDES[a] * sides, size=n)
    rolls = {c: f.astype(np.int8).take(pair) for c, f in faces.items()}
    cards_of = np.where(first_of, faces[a] if a == "red" else 0, faces[b] if b == "red" else 0).astype(np.int8)
    return {"points": np.where(first_of, worth[a], worth[b]).astype(np.int8).take(pair), "cards": cards_of.take(pair),
            "first": first_of.take(pair), "rolls": rolls}


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


def rolls_until_holding(income: Mapping[int, Sequence[int]], need: Sequence[int], n: int, seed: Any = None) -> Any:
    """``n`` waiting times: the number of production rolls until a position's cards reach ``need``.

    ``income[total]`` is what the position collects on a roll of ``total`` (counts per resource,
    as the engine's ``production_claims`` pays them; missing totals pay nothing), ``need`` the cards
    wanted of each resource, counted from an empty hand (nothing spent, no robber, no 7 discards).

    The hand is a state of a Markov chain: the cards held of each wanted resource, counted up to
    the number needed (more of one does not help). A table made once says where each of the 36
    equally likely pairs of a white and a red die takes each state. The rolls are drawn a block of up
    to three at a time, as one number from 0 to 36**3 - 1 whose base-36 digits are the three pairs;
    a second table, made from the first, says for each state and block on which roll of the block
    the hand is complete (if it is) and where it stands after the block. Hands not yet complete roll
    another block."""
    import numpy as np

    need = tuple(int(k) for k in need)
    n = _count(n)
    gen = _gen(seed)
    step, block_tables = _holding_chain(tuple((t, tuple(income[t])) for t in sorted(income)), need)
    if step is None:
        return np.zeros(n, dtype=np.int64)  # nothing needed: no roll
    block, table = block_tables
    codes = 36**block
    code = gen.integers(0, codes, size=n, dtype=np.uint32)
    first = table[0].take(code)  # every hand starts empty (state 0)
    out = (first & 7).astype(np.int64)
    live = np.flatnonzero(out > block)
    state = first.take(live) >> 3
    rolled = block
    flat = table.ravel()
    while live.size:
        got = flat.take(state * np.uint32(codes) + gen.integers(0, codes, size=live.size, dtype=np.uint32))
        when = got & 7
        complete = when <= block
        out[live[complete]] = rolled + when[complete]
        keep = ~complete
        state, live = got[keep] >> 3, live[keep]
        rolled += block
    return out


_BLOCK_ENTRIES = 1 << 22  # the largest block table (states x strings of rolls) made


@lru_cache(maxsize=32)
def _holding_chain(income: tuple[tuple[int, tuple[int, ...]], ...], need: tuple[int, ...]) -> tuple[Any, Any]:
    """The chain of :func:`rolls_until_holding`: ``step[state, pair]`` (pair = 6 (white - 1) +
    red - 1), and for the largest block of rolls whose table stays small, ``(block, table)``:
    ``table[state, code]`` is the state after the block times 8 plus the roll of the block that
    completes the hand (``block + 1``: none). State 0 is the empty hand; the last
    state, the complete hand, stays where it is. ``(None, None)`` when nothing is needed."""
    import numpy as np

    pays = dict(income)
    wanted = [i for i, k in enumerate(need) if k > 0]
    if not wanted:
        return None, None
    target = np.array([need[i] for i in wanted])
    radix = np.cumprod([1, *(target + 1)[:-1]])  # state = sum(held * radix), held capped at target
    states = int(np.prod(target + 1))
    held = np.array([[s // r % (t + 1) for r, t in zip(radix, target)] for s in range(states)])
    gains = np.zeros((36, len(wanted)), dtype=np.int64)
    for pair in range(36):
        got = pays.get(pair // 6 + pair % 6 + 2)
        if got is not None:
            gains[pair] = np.asarray(got)[wanted]
    never = [need_i for need_i, g in zip(wanted, gains.T) if not g.any()]
    if never:
        raise ValueError(f"no roll pays resource {never[0]}: the wait for it never ends")
    step = (np.minimum(held[:, None, :] + gains[None, :, :], target) * radix).sum(axis=2)  # (state, pair)
    full = states - 1
    block = max(k for k in (1, 2, 3) if k == 1 or states * 36**k <= _BLOCK_ENTRIES)
    codes = np.arange(36**block)
    state = np.repeat(np.arange(states)[:, None], codes.size, axis=1)
    done_at = np.full(state.shape, block + 1, dtype=np.uint8)
    done_at[full] = 0  # never asked: a complete hand does not roll
    for k in range(block):
        state = step[state, codes // 36**k % 36]
        done_at[(done_at == block + 1) & (state == full)] = k + 1
    table = (state.astype(np.uint32) << 3 | done_at).astype(np.uint16 if states < 1 << 13 else np.uint32)
    for t in (step, table):
        t.flags.writeable = False
    return step, (block, table)


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
    Returns arrays ``winner`` (player) and ``offer`` (0: nobody bid) per auction, and ``coins``: how
    many bidders' coins the auction used (a turn whose decision is forced, the chooser's or a
    bidder's with no offer worth naming, uses none).

    An auction is a Markov chain over its positions (whose turn, the best offer, who holds it, who has
    passed), made once from the rules above (:func:`_auction_chain`); only a bidder's coin moves it at
    random. A coin is a uniform number below ``eagerness`` (a 16-bit number below ``eagerness``
    times 2**16 where that is a whole number, else a double). The coins come four at a time, bits of
    one number; a table says where each position goes
    on each string of four coins, and how many of them it uses before the auction ends or needs a
    fifth. Auctions still running draw four more.
    """
    import numpy as np

    n = _count(n)
    gen = _gen(seed)
    price = [0, *costs]
    worth = tuple(k > 0 and revenue - price[k] >= keep * revenue for k in range(len(price)))
    table, ends, start, running = _auction_chain(len(costs), players, chooser_limit, chooser_matches, worth)
    eager = float(eagerness)
    # a chance that is a whole number of 2**-16ths (1/2, 1/4, 3/8, ...) is a 16-bit number below a
    # threshold, exactly: a quarter of the random bits a uniform double takes
    sixteenths = eager * (1 << 16)
    whole = sixteenths == int(sixteenths) and 0 < sixteenths < 1 << 16

    def strings(m: int) -> Any:
        """``m`` strings of coins, each one number: bit k is the k-th coin (1: the coin says bid)."""
        if whole:
            coin = gen.integers(0, 1 << 16, size=(_COINS, m), dtype=np.uint16) < np.uint16(sixteenths)
        else:
            coin = gen.random((_COINS, m)) < eager
        coin = coin.view(np.uint8)  # row k: the k-th coin of each string
        code = coin[0].copy()
        for k in range(1, _COINS):
            code |= coin[k] << k
        return code

    winner = np.empty(n, dtype=ends.dtype)
    offer = np.empty(n, dtype=ends.dtype)
    coins = np.empty(n, dtype=table.dtype)
    flat = table.ravel()
    for at in range(0, n, _CHUNK):  # a chunk at a time, so that its arrays stay in the processor's cache
        got = table[start].take(strings(min(_CHUNK, n - at)))  # every auction starts in the same position
        state, used = got >> 3, got & 7
        live = np.flatnonzero(state < running)
        while live.size:  # auctions that need more coins than one string has
            got = flat.take(state[live].astype(np.int64) * (1 << _COINS) + strings(live.size))
            state[live] = got >> 3
            used[live] += got & 7
            live = live[state[live] < running]
        end = state - running
        winner[at:at + len(end)], offer[at:at + len(end)], coins[at:at + len(end)] = ends[0].take(end), ends[1].take(end), used
    return {"winner": winner, "offer": offer, "coins": coins}


#: The auctions simulated at a time.
_CHUNK = 1 << 15
#: The coins an auction draws at a time (bits of one number).
_COINS = 4


@lru_cache(maxsize=64)
def _auction_chain(top: int, players: int, chooser_limit: int, chooser_matches: bool,
                   worth: tuple[bool, ...]) -> tuple[Any, Any, int, int]:
    """The auctions of :func:`auctions` as a chain: positions ``(turn, offer, leader, passed)``
    reachable from the start, numbered from 0 (``running`` of them), then one end position per
    ``(winner, offer)``. Returns ``table[position, code]`` (the position after the turns that the
    coins of ``code``, bit k the k-th coin, decide, times 8, plus the coins used), the ends'
    ``(winner, offer)`` arrays, the start's number and ``running``."""
    import numpy as np

    def coin_needed(pos: tuple[int, int, int, int]) -> bool:
        p, offer, _, _ = pos
        return p != 0 and offer + 1 <= top and worth[offer + 1]

    def turn(pos: tuple[int, int, int, int], coin: bool) -> tuple[int, int, int, int] | tuple[int, int]:
        """One player's turn; an end is ``(winner, offer)``."""
        p, offer, leader, passed = pos
        lowest = max(offer, 1) if p == 0 and chooser_matches else offer + 1
        allowed = lowest <= top
        bids = allowed and (lowest <= chooser_limit if p == 0 else worth[lowest] and coin)
        if bids:
            offer, leader = lowest, p
        else:
            passed |= 1 << p
        # the next player still in who does not hold the best offer; nobody: the auction is over
        # (and everyone passing without an offer, round to the chooser, ends it too)
        for k in range(1, players + 1):
            q = (p + k) % players
            if q == 0 and leader < 0:
                break
            if not passed >> q & 1 and q != leader:
                return q, offer, leader, passed
        return (max(leader, 0), offer)

    start = (1 % players, 0, -1, 0)
    index, order = {start: 0}, [start]
    for pos in order:  # grows while we walk it
        for coin in (False, True):
            after = turn(pos, coin)
            if len(after) == 4 and after not in index:
                index[after] = len(order)
                order.append(after)
    running = len(order)
    end_index = {(w, k): running + w * (top + 1) + k for w in range(players) for k in range(top + 1)}
    total = running + len(end_index)
    step = np.empty((total, 2), dtype=np.int64)
    needs = np.zeros(total, dtype=bool)
    for i, pos in enumerate(order):
        needs[i] = coin_needed(pos)
        for coin in (0, 1):
            after = turn(pos, bool(coin))
            step[i, coin] = index[after] if len(after) == 4 else end_index[after]
    step[running:] = np.arange(running, total)[:, None]  # an end stays
    # walk every position with every string of coins: forced turns cost no coin; stop at an end or
    # where a turn needs a coin and the string is used up
    codes = np.arange(1 << _COINS)
    pos = np.repeat(np.arange(total)[:, None], codes.size, axis=1)
    used = np.zeros_like(pos)
    while True:
        need = needs[pos]
        moving = (pos < running) & ~(need & (used == _COINS))
        if not moving.any():
            break
        coin = np.where(need, codes >> np.minimum(used, _COINS - 1) & 1, 0)
        pos = np.where(moving, step[pos, coin], pos)
        used += moving & need
    table = (pos << 3 | used).astype(np.uint16 if total < 1 << 13 else np.int64)
    ends = np.array([[w for w in range(players) for _ in range(top + 1)], [k for _ in range(players) for k in range(top + 1)]],
                    dtype=np.int8 if max(players, top + 1) < 1 << 7 else np.int64)
    for t in (table, ends):
        t.flags.writeable = False
    return table, ends, 0, running
