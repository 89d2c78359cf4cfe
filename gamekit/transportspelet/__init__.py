"""Transportspelet, a Swedish transport game for 2 to 6 players: the whole game, setup to winner.

>>> import gamekit
>>> state = gamekit.game("transportspelet").new(players=2, seed=4)
>>> state.hand(0), state.cash
([2, 41], [200000, 200000])
>>> state.legal_actions()[0]
Dispatch(card=2, vehicle='ship', stop='Stockholm', insure=False)

Every rule is labelled in the chapter ``book/transportspelet/rules.md`` (prefix ``transport-``); the
code cites those labels.

**Design.**

*Data* (:mod:`~gamekit.transportspelet.data`, JSON files next to the engine, loaded and checked once):
the map (24 cities; for each mode, routes of rings between cities, a row of rings per direction), the
freight tariffs by mode and steps of a leg, the movement bonus of each vehicle, 50 transport cards
(origin, destination, distance, cargo, restriction 1/2/3, sale value, premium), four telegram decks of
twelve with their effects, the insurance terms and the contents list. None of it is printed in the text;
every table is an assumption, replaceable by the printed game's values.

*Settings* (:class:`TransportOptions`): starting capital, deck size, the end variants (cards run out,
capital target, round limit, recycled cards), limited bank money, the loan limit, unit, interest and
when it is due, exact arrival. :data:`ASSUMPTIONS` records every default and reading.

*State* (:class:`TransportState`): each player's money, debt and interest owed; the bank (money is
conserved: the bank plus the players always hold ``money_total``); the transport deck, the removed and
the used cards; four telegram decks; the insurance certificates; for each player two *transport
slots*, each a :class:`Transport` (a card and, once started, its vehicle, its current leg as a path of
spaces and its place on it, insurance, damage, the destination, kept telegrams, holds and extra rolls);
which space each piece stands on; the turn's phase (``plan``, ``assign``, ``leg``), the dice to assign,
the moves still to make and a piece waiting for its next leg. Every change of a player's money is in
the log entry of the action that caused it, with its reason (``"money"``: ``[player, amount, reason]``,
see :class:`TransportState`).

*Actions* (:mod:`~gamekit.transportspelet.actions`): :class:`Dispatch` (start a card: vehicle, first
stop, insurance; pays freight and premium), :class:`Continue` (the next leg from the city where a leg
ended; pays freight; in the middle of a move the unused steps go on in the new leg),
:class:`Wait`, :class:`Borrow`, :class:`Roll` (one die per running transport), :class:`Assign` (which
die goes to which transport, and which moves first) and :class:`Pass`.

*Rule functions* (methods of the state, each citing its label): ``_dispatch`` (choosing, insurance),
``_continue`` (mode change), ``_roll`` and ``_assign`` (dice), ``_start_moves`` and ``_telegram``
(telegrams before moving, on a 1 or a 6, from the deck of the die's mode; delay, hold, steps, extra
roll, damage once, loss, destination change keeping the freight, charges), ``_move`` (exact count,
back and forth when blocked, no two pieces in a space, no jumping), ``_sell`` and ``_lose`` (sale at
once, insurance, a new card at once), ``_borrow``, ``_charge`` and ``_repay`` (loans), ``_pass`` (a broke player's stranded cargo),
``_end_turn`` and ``_check_capital_target`` (the end; the richest player wins). The predicates the legal
list, the fast checks and the whole check share: :meth:`Transport.running`, ``_may_start``, ``_leg_due``,
``_may_wait``, ``_after_planning`` (roll, pass, or borrow first), and the public ``loan_room``,
``can_play_on`` (the stall end) and ``is_broke``.

*Chance and what each player sees*: the dice are declared events (``state.DIE``, ``state.EXTRA_DIE``), so
``state.outcomes(action)`` lists every result of a roll with its exact probability; the setup's shuffles of
the transport cards and of each telegram deck are declared too (too many orders to list), and a telegram
drawn later is revealed from its shuffled deck. Every player sees the whole table but the piles
(assumptions "open cards" and "telegrams seen"): ``state.observation(p)`` and ``state.determinize(p, seed)``,
which draws the cards and telegrams never seen again.

*Opponents* (:mod:`~gamekit.transportspelet.bots`): ``gamekit.bot("transportspelet", kind)`` for ``random``,
``heuristic`` (routes priced by freight, rolls and telegram risk; insurance when it pays; loans only when
stuck) and ``search``, with the heuristic's evaluation of a position.

*Exact helpers* (:mod:`~gamekit.transportspelet.probability`): the chance of telegrams per roll and the
distribution of the number of rolls to cover a distance with each mode.
"""

from __future__ import annotations

from .. import register
from ..core import Game
from .actions import ACTION_TYPES, Assign, Borrow, Continue, Dispatch, Pass, Roll, Wait
from .data import CARDS, CITIES, MODES, MOVEMENT_BONUS, ROUTES, TARIFFS, TELEGRAMS, freight, path, reachable
from .options import ASSUMPTIONS, TransportOptions
from .probability import arrival_within, at_least_one_telegram, mean_rolls, rolls_to_cover, telegram_chances
from .state import Transport, TransportState

__all__ = [
    "GAME", "TransportState", "Transport", "TransportOptions", "ASSUMPTIONS", "ACTION_TYPES",
    "Dispatch", "Continue", "Wait", "Borrow", "Roll", "Assign", "Pass",
    "CARDS", "CITIES", "MODES", "MOVEMENT_BONUS", "ROUTES", "TARIFFS", "TELEGRAMS", "freight", "path", "reachable",
    "telegram_chances", "at_least_one_telegram", "rolls_to_cover", "arrival_within", "mean_rolls",
]

#: Transportspelet as a :class:`gamekit.Game`, registered as ``transportspelet``.
GAME = register(
    Game(
        name="transportspelet",
        title="Transportspelet",
        state_class=TransportState,
        options_class=TransportOptions,
        min_players=2,
        max_players=6,
        description="Carry two cargoes at once by ship, train, car or plane, and sell them on arrival.",
        bots="gamekit.transportspelet.bots",
        action_space="gamekit.transportspelet.actions:action_space",
        play_view="gamekit.web.play_tables:TRANSPORTSPELET_VIEW",
        play_page="transportspelet",
    )
)
