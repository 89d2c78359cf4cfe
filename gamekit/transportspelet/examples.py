"""The worked example of the rule text, played by the engine (rule ``transport-mode-change``).

The text: a player travels by train towards Bordeaux to change to a ship there, three steps away, and
rolls a five: six steps. The train reaches Bordeaux with three steps to spare; there the train is
changed for the ship, the destination is announced, the freight is paid, and the ship moves three steps
out to sea, all in the same roll.

:func:`bordeaux_example` finds the first seeded two-player game in which this happens with card 26
(wine, Paris to Lisbon): player 0 sends it by train from Paris to Bordeaux (six steps) and rolls a 2
for it (three steps: three to go); on the next turn a 5 comes up for it.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core import State
from .actions import Assign, Continue, Dispatch, Roll
from .data import CITIES, path

__all__ = ["BordeauxExample", "bordeaux_example", "BORDEAUX_CARD"]

#: Card 26: wine from Paris to Lisbon, any mode.
BORDEAUX_CARD = 26


@dataclass
class BordeauxExample:
    seed: int
    before: State  # player 0 to roll, the train three steps before Bordeaux
    at_bordeaux: State  # after the roll: the train in Bordeaux, three steps to spare, the next leg to choose
    after: State  # after choosing the ship to Lisbon: the ship three rings out
    die: int  # the die given to the train (5)


def _first_other_leg(state: State, card: int) -> None:
    """Start (or continue) every card but ``card`` by its first legal choice."""
    while True:
        acts = [a for a in state.legal_actions()
                if isinstance(a, (Dispatch, Continue)) and a.card != card and not getattr(a, "insure", False)]
        if not acts:
            return
        acts.sort(key=lambda a: a.stop != state.transport(a.card).destination)  # straight there if it can
        state.apply(acts[0])


def _play_other_turn(state: State) -> None:
    """Player 1's turn: start what can start, roll, take the first choice each time."""
    first = state.current_player
    while state.current_player == first and not state.is_over():
        state.apply(state.legal_actions()[0])


def bordeaux_example(first_seed: int = 0, last_seed: int = 20_000) -> BordeauxExample:
    """The first seed in ``first_seed..last_seed`` whose game plays the Bordeaux example (see above)."""
    import gamekit

    game = gamekit.game("transportspelet")
    for seed in range(first_seed, last_seed + 1):
        s = game.new(players=2, seed=seed)
        if BORDEAUX_CARD not in s.hand(0):
            continue
        s.apply(Dispatch(BORDEAUX_CARD, "train", "Bordeaux", False))
        _first_other_leg(s, BORDEAUX_CARD)
        if Roll() not in s.legal_actions():
            continue
        s.apply(Roll())
        if s.phase != "assign" or 2 not in s.dice:
            continue
        other = s.dice[1] if s.dice[0] == 2 else s.dice[0]
        s.apply(Assign(BORDEAUX_CARD, 2, other))
        t = s.transport(BORDEAUX_CARD)
        if s.current_player != 1 or t is None or len(t.path) - 1 - t.pos != 3:
            continue
        _play_other_turn(s)
        if s.current_player != 0:
            continue
        _first_other_leg(s, BORDEAUX_CARD)
        if Roll() not in s.legal_actions():
            continue
        before = s.clone()
        s.apply(Roll())
        if s.phase != "assign" or 5 not in s.dice:
            continue
        other = s.dice[1] if s.dice[0] == 5 else s.dice[0]
        s.apply(Assign(BORDEAUX_CARD, 5, other))
        t = s.transport(BORDEAUX_CARD)
        if s.phase != "leg" or CITIES[t.path[t.pos]] != "Bordeaux" or s.pending[1] != 3:
            continue
        at_bordeaux = s.clone()
        s.apply(Continue(BORDEAUX_CARD, "ship", "Lisbon"))
        t = s.transport(BORDEAUX_CARD)
        if t.path != path("ship", "Bordeaux", "Lisbon") or t.pos != 3:
            continue
        return BordeauxExample(seed, before, at_bordeaux, s, 5)
    raise LookupError("no seed plays the Bordeaux example")
