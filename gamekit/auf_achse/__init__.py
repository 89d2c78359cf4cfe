"""Auf Achse (Wolfgang Kramer, Spiel des Jahres 1987; Schmidt Spiele 2007 edition), for 2 to 6 players.

>>> import gamekit
>>> state = gamekit.game("auf-achse").new(players=4, seed=1)
>>> state.legal_actions()[:2]
[PlaceTruck(city='Flensburg'), PlaceTruck(city='Hamburg')]

Design
======

Only page 4 of the four-page rulebook is in the seed; the rest comes from the published facts
about the game (its components) and from named assumptions (:data:`ASSUMPTIONS`, each shown in the
book chapter ``book/auf_achse/rules.md`` next to its rule). Rule labels below are the chapter's targets.

State (:class:`~gamekit.auf_achse.state.AufAchseState`)
    Each truck's ``position`` (a city or a road space of the network), each player's ``cash``,
    ``hands`` (contracts not yet loaded), ``loaded`` contracts (laid out face up, their cubes on the
    truck), ``delivered`` contracts, ``trailers``; the ``bank`` (a ledger), the ``goods_supply`` of
    cubes, the ``trailer_supply``; the public contracts: the ``row`` of four face-up spaces (space 0
    lies next to the loading yard, the last space is the corner that is refilled) and the face-down
    ``public_deck``; ``removed`` public contracts and ``unused`` ones; the event deck and discard pile;
    the turn: ``player``, ``phase``, ``dice``, ``remaining`` pips, the ``visited`` path, whether the
    move ended ``exact`` in a city or ``by_event``, ``public_pending``; and the ``auction``
    (:class:`~gamekit.auf_achse.auction.Auction`) while one runs.

Phases and actions (:mod:`~gamekit.auf_achse.actions`)
    ``setup``: :class:`PlaceTruck` on any city or road space, each player once (``auf-achse-setup``).
    ``roll``: :class:`Roll` both dice. ``die``: :class:`UseDie` with either die's pips, a 6 as any
    of 1-6 (``auf-achse-movement``). ``moving``: :class:`Step` to a neighbouring node, one pip each,
    never twice on one node, through but not onto a road space with two trucks (``auf-achse-road-spaces``),
    never onto a sign; :class:`Stop` gives up the pips left in a city, in front of a sign, or when the
    truck cannot go on. A move of 1 then moves the roadworks sign: ``sign`` phase, :class:`PlaceSign`
    (``auf-achse-signs``; a jam event card does the same with the traffic-jam sign). A move
    ending with its last pip on a triangle draws an event card (``auf-achse-events``); one ending in
    a city starts the ``city`` phase: :class:`Unload` (``auf-achse-delivery``), :class:`Load`
    (``auf-achse-loading``), :class:`BuyTrailer` (``auf-achse-trailers``), and, only after arriving
    with the full roll and not by an event card, :class:`ChooseContract` or :class:`Decline`
    (``auf-achse-public-contracts``, ``auf-achse-declining``) before :class:`EndTurn`.
    ``auction``: :class:`Bid` an offer 1-5 or :class:`Pass`, starting with the chooser's left
    neighbour (``auf-achse-auction-order``, ``auf-achse-chooser-matches``, ``auf-achse-offers``,
    ``auf-achse-payment``); the engine records each auction (:meth:`~AufAchseState.price_paid`,
    :meth:`~AufAchseState.auction_result`). ``loading``: a winner out of turn in the start city
    chooses :class:`Load` or :class:`KeepInHand` (``auf-achse-taking-contract``). In a city,
    :class:`ReturnTrailer` hands a trailer back (``auf-achse-trailers``). Children's variant: :class:`TakeContract` in a public contract's start
    city (``auf-achse-children``).

Rule functions
    :meth:`~AufAchseState.die_choices`, :meth:`~AufAchseState.steps`,
    :meth:`~AufAchseState.space_is_full`, :meth:`~AufAchseState.can_load`,
    :meth:`~AufAchseState.capacity`, :meth:`Auction.minimum_offer`, :meth:`~AufAchseState.slide_row`
    (``auf-achse-sliding``), ``_end_reached`` (``auf-achse-end``) and
    :meth:`~AufAchseState.scores` (``auf-achse-winner``).

Data (:mod:`~gamekit.auf_achse.data`)
    ``network.json`` (cities, roads as chains of road spaces, event triangles, the ferry links
    Rotterdam-Flensburg and Flensburg-Rostock), ``contracts.json`` (54 contracts with cost tables),
    ``events.json`` (28 event cards). Settings: :class:`AufAchseOptions`.

Around the engine
    :mod:`~gamekit.auf_achse.validate` (restoring a save, checked whole), :mod:`~gamekit.auf_achse.bots`
    (a route-following driver and a cautious bidder, used by tests, benchmark, book and widget; the
    ``heuristic`` bot :class:`~gamekit.auf_achse.bots.AufAchseHeuristic` and the search's evaluation),
    :mod:`~gamekit.auf_achse.examples` (the worked auction example's position, a seeded sample game);
    the widget's service is :mod:`gamekit.web.auf_achse`.

Chance and what each player sees
    The draws are declared events (:mod:`gamekit.chance`): both dice (``DICE``, 36 ordered results),
    the shuffle of the contract deck and of the event deck (too many orders to list) and, when the
    event deck runs out, the shuffle of its discard pile; an event card drawn is a reveal of the
    shuffled deck. ``state.observation(p)`` hides the other players' private contracts in hand
    (``private`` records what each was dealt; public contracts won stay known), the face-down piles
    and the generator; ``state.determinize(p, seed)`` redraws them (assumption "hidden hands").

Invariants (checked by the tests and by :func:`~gamekit.auf_achse.validate.restore`)
    Cash plus bank equals ``bank_money``; cubes in the supply plus cubes on trucks equal
    ``goods_cubes``; every contract and every event card is in exactly one place.
"""

from __future__ import annotations

from .. import register
from ..core import Game
from .actions import (
    ACTION_TYPES,
    Bid,
    BuyTrailer,
    ChooseContract,
    Decline,
    EndTurn,
    KeepInHand,
    Load,
    Pass,
    PlaceSign,
    PlaceTruck,
    ReturnTrailer,
    Roll,
    Step,
    Stop,
    TakeContract,
    Unload,
    UseDie,
)
from .auction import HIGHEST_OFFER, Auction
from .data import Contract, EventCard, Network, contracts, events, network
from .options import ASSUMPTIONS, COLOURS, TRAILER_KINDS, AufAchseOptions
from .state import PHASES, AufAchseState

__all__ = [
    "GAME",
    "AufAchseState",
    "AufAchseOptions",
    "ASSUMPTIONS",
    "ACTION_TYPES",
    "Auction",
    "Bid",
    "BuyTrailer",
    "ChooseContract",
    "COLOURS",
    "Contract",
    "Decline",
    "EndTurn",
    "EventCard",
    "KeepInHand",
    "PlaceSign",
    "ReturnTrailer",
    "HIGHEST_OFFER",
    "Load",
    "Network",
    "Pass",
    "PHASES",
    "PlaceTruck",
    "Roll",
    "Step",
    "Stop",
    "TakeContract",
    "TRAILER_KINDS",
    "Unload",
    "UseDie",
    "contracts",
    "events",
    "network",
]

#: Auf Achse as a :class:`gamekit.Game`, registered as ``auf-achse``.
GAME = register(
    Game(
        name="auf-achse",
        title="Auf Achse",
        state_class=AufAchseState,
        options_class=AufAchseOptions,
        min_players=2,
        max_players=6,
        description="Drive a truck across Europe, win public contracts at auction, deliver goods for freight revenue.",
        bots="gamekit.auf_achse.bots",
        action_space="gamekit.auf_achse.actions:action_space",
        board="gamekit.auf_achse.svg:board_svg",
        play_view="gamekit.web.play_tables:AUF_ACHSE_VIEW",
        play_page="auf_achse",
    )
)
