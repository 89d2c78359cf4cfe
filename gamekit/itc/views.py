"""What each ITC player may see, and positions drawn again from it (rules ``itc-hand-limit``,
``itc-customs-check``; the protocol's ``observation`` and ``determinize``).

What is hidden (the assumptions "what the players see" and "cards under transports" in
:mod:`gamekit.itc.options`, shown in the chapter):

* the order of both draw piles, and so which cards they hold;
* every hand from the other players: they see how many transport cards and how many action cards
  each player holds (the two decks have different backs), not which;
* the card under another player's transport: that there is one, not which (it lies face down until
  a customs check makes its owner show it, rule ``itc-customs-check``). So the kinds a player has
  put under transports this turn are hidden too; an Organisation card is played openly.

Everything else is on the table: the board, goods, markers, stones, scores (written down for all
to see), the dice, the points left, and both discard piles (face up).

:func:`determinize` draws a position the player cannot tell from the true one, from the
observation and a seed alone: the cards the player has not seen are sorted, then dealt at random
into the other players' hands and face-down slots (only the kinds that can be there), and the rest
lie in the draw piles in a fixed order; the copy then draws each card it takes from a pile at a
random place of it (``ItcState.unordered_piles``), which is the same as having shuffled the pile, and
much cheaper than shuffling ninety cards for every position a search looks at.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .data import CUSTOMS_ROUTE, LANES, PLACES, UNDER_KINDS

if TYPE_CHECKING:
    from ..rng import Rng
    from .state import ItcState

__all__ = ["observation", "determinize", "HIDDEN"]

#: How an observation writes a card lying face down under another player's transport.
HIDDEN = "hidden"


def observation(s: ItcState, player: int) -> dict[str, Any]:
    """What ``player`` may see (see the module docstring), as JSON-ready data."""
    nt = s.cards.n_transport
    board = []
    lanes, owner, under = s.lanes, s.owner, s.under
    for lane in range(LANES):
        for field, card in enumerate(lanes[lane]):
            if card >= 0:
                u = under[card]
                board.append([card, lane, field, owner[card], u if u < 0 or owner[card] == player else HIDDEN])
    played = s.played if player == s.turn else [k for k in s.played if k not in UNDER_KINDS]
    return {
        "player": player,
        "phase": s.phase,
        "setup_step": s.setup_step,
        "first_setup": s.first_setup,
        "start_player": s.start_player,
        "turn": s.turn,
        "turn_count": s.turn_count,
        "scores": list(s.score),
        "hand": list(s.hands[player]),
        "hand_sizes": [[sum(1 for c in h if c < nt), sum(1 for c in h if c >= nt)] for h in s.hands],
        "transport_deck": len(s.t_deck),
        "action_deck": len(s.a_deck),
        "transport_discard": list(s.t_discard),
        "action_discard": list(s.a_discard),
        "board": board,
        "goods": [list(row) for row in s.goods],
        "fresh": {PLACES[i]: list(row) for i, row in sorted(s.fresh.items())},
        "markers": [list(row) for row in s.markers],
        "stones": list(s.stones),
        "controller": s.controller,
        "goods_supply": s.goods_supply,
        "pending_grey": list(s.pending_grey),
        "chosen": list(s.chosen),
        "rolls": dict(s.rolls),
        "kept": s.kept,
        "points": {"transport": s.transport_points, "continent": s.continent_points, "leftover": s.leftover_points},
        "attacked": s.attacked,
        "played": list(played),
        "obliged": [list(x) for x in s.obliged],
        "could_free": [list(x) for x in s.could_free],
        "goal_reached": s.goal_reached,
    }


def determinize(s: ItcState, player: int, rng: Rng) -> ItcState:
    """A copy of ``s`` whose hidden parts (for ``player``) are drawn again with ``rng`` from what
    ``player`` knows only (see the module docstring). Every pool is built from the sorted cards the
    player has not seen, never from where they truly are, so two positions with the same
    observation and the same ``rng`` give the same copy.

    Each hidden place gets a card drawn uniformly from the unseen cards that can be there (by
    rejection: a neutral transport is never in a hand, a customs check never in a hand, only
    Express, Smuggling and Megatransport cards lie under transports), which makes every
    consistent deal equally likely. The picks come from a small linear congruential generator
    seeded by two words of ``rng``: a determinised position is a sample for thinking, and this
    keeps it a few microseconds."""
    new = s.clone()  # its log is shared (a clone's cost stays flat), and emptied by State.determinize
    new.unordered_piles = True
    cards = s.cards
    nt = cards.n_transport
    hands = new.hands
    others = [q for q in range(s.players) if q != player]
    # the cards not seen: those in the draw piles, in the other hands and face down under the
    # other players' transports (in the order of their card numbers, which are on the table)
    t_pool = list(s.t_deck)
    a_pool = list(s.a_deck)
    t_need, a_need = [], []
    for q in others:
        t_n = 0
        hand = hands[q]
        for c in hand:
            if c < nt:
                t_n += 1
        t_need.append(t_n)
        a_need.append(len(hand) - t_n)
        t_pool.extend(c for c in hand if c < nt)
        a_pool.extend(c for c in hand if c >= nt)
        hands[q] = []
    under = new.under
    slots = [card for q in others for card in s.fleet[q] if under[card] >= 0]
    a_pool.extend(under[card] for card in slots)
    t_pool.sort()
    a_pool.sort()
    x = (rng.next_u32() << 32 | rng.next_u32()) | 1
    if any(t_need):
        neutral = cards.neutral
        taken: set[int] = set()
        size = len(t_pool)
        for q, n in zip(others, t_need):
            hand = hands[q]
            while n:
                x = (x * _LCG_A + _LCG_C) & _MASK64
                c = t_pool[((x >> 32) * size) >> 32]
                if not neutral[c] and c not in taken:  # a neutral transport is never in a hand
                    taken.add(c)
                    hand.append(c)
                    n -= 1
        t_pool = [c for c in t_pool if c not in taken]
    if slots or any(a_need):
        kind = cards.kind
        taken = set()
        size = len(a_pool)
        for card in slots:
            while True:
                x = (x * _LCG_A + _LCG_C) & _MASK64
                c = a_pool[((x >> 32) * size) >> 32]
                if c not in taken and kind[c] in UNDER_KINDS:
                    taken.add(c)
                    under[card] = c
                    break
        for q, n in zip(others, a_need):
            hand = hands[q]
            while n:
                x = (x * _LCG_A + _LCG_C) & _MASK64
                c = a_pool[((x >> 32) * size) >> 32]
                if c not in taken and kind[c] not in CUSTOMS_ROUTE:  # a customs check acts when drawn
                    taken.add(c)
                    hand.append(c)
                    n -= 1
        a_pool = [c for c in a_pool if c not in taken]
    new.t_deck = t_pool
    new.a_deck = a_pool
    if player != s.turn:
        new.played = [k for k in s.played if k not in UNDER_KINDS]
    return new


# Knuth's MMIX multiplier and increment, for the picks of :func:`determinize`.
_LCG_A, _LCG_C, _MASK64 = 6364136223846793005, 1442695040888963407, (1 << 64) - 1
