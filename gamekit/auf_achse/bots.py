"""Simple players for Auf Achse: a route-following driver and a cautious bidder.

They choose only among ``state.legal_actions()``, so they can never break a rule; their own coin
flips come from a generator the caller passes (not the state's, so they do not disturb the game's
dice). Used by the random-play tests, the benchmark and the chapter's sample game.

>>> import gamekit
>>> from gamekit.rng import Rng
>>> s = gamekit.game("auf-achse").new(players=3, seed=5)
>>> policy = Rng(5)
>>> while not s.is_over():
...     _ = s.apply(bot_action(s, policy))
>>> s.is_over() and s.public_contracts_left() == 0
True
"""

from __future__ import annotations

from typing import Any

from ..rng import Rng
from .actions import Bid, BuyTrailer, ChooseContract, Decline, EndTurn, Load, Pass, Step, Stop, TakeContract, Unload

__all__ = ["bot_action", "bid_decision", "targets"]


def targets(state: Any, player: int) -> list[str]:
    """The cities the player's truck wants to reach: destinations of loaded contracts, start cities
    of contracts in hand that would fit, else (children's variant) start cities of public contracts."""
    cards = state.cards
    goals = [cards[c].destination for c in state.loaded[player]]
    room = state.free_room(player)
    goals += [cards[c].start for c in state.hands[player] if cards[c].amount <= room]
    if not goals and state.options.children:
        goals = [cards[c].start for c in state.row if c is not None]
    return goals


def bid_decision(state: Any, rng: Rng, eagerness: float = 0.5) -> Any:
    """In an auction: the lowest allowed offer, if it leaves at least half the revenue and a coin
    with chance ``eagerness`` says so (the chooser always matches if it can); else pass."""
    a = state.auction
    card = state.cards[a.contract]
    bids = [x for x in state.legal_actions() if isinstance(x, Bid)]
    if bids:
        offer = bids[0].offer
        worth = card.net(offer) * 2 >= card.revenue
        if worth and (a.turn == a.chooser or rng.random() < eagerness):
            return bids[0]
    return Pass()


def bot_action(state: Any, rng: Rng) -> Any:
    """One action for the current player: drive towards the nearest goal, unload and load whatever
    it can, choose a public contract now and then, bid cautiously."""
    actions = state.legal_actions()
    phase = state.phase
    if phase == "auction":
        return bid_decision(state, rng)
    p = state.player
    net = state.net
    if phase == "die" or phase == "moving":
        goals = targets(state, p) or list(net.cities)
        here = state.position[p]
        best = min(goals, key=lambda g: net.distance(here, g))
        to_goal = net.distances_from(best)
        if phase == "die":
            want = to_goal[here]
            fits = [x for x in actions if x.pips <= want]
            return max(fits, key=lambda x: x.pips) if fits else min(actions, key=lambda x: x.pips)
        if here == best and any(isinstance(x, Stop) for x in actions):
            return Stop()
        steps = [x for x in actions if isinstance(x, Step)]
        if steps:
            nearest = min(to_goal[x.to] for x in steps)
            return rng.choice([x for x in steps if to_goal[x.to] == nearest])
        return actions[0]
    if phase == "city":
        for kind in (Unload, Load, TakeContract):
            found = [x for x in actions if isinstance(x, kind)]
            if found:
                return found[0]
        trailers = [x for x in actions if isinstance(x, BuyTrailer)]
        if trailers and state.cash[p] > 9_000 and rng.random() < 0.3:
            return rng.choice(trailers)
        choices = [x for x in actions if isinstance(x, ChooseContract)]
        if choices:
            if rng.random() < 0.6:
                return rng.choice(choices)
            return Decline()
        return EndTurn() if EndTurn() in actions else rng.choice(actions)
    return rng.choice(actions)
