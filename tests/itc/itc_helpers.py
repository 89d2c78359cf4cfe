"""Helpers for the ITC tests: positions built through the protocol, then adjusted for a scenario."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import gamekit
from gamekit.itc import ChooseDice, DrawActionCard, KeepDie
from gamekit.itc.data import CONTINENTS, GREY, LANE_ROUTE, PLACES, ROUTE_LANES

GAME = gamekit.game("itc")


def setup_done(players: int = 2, seed: int = 0, **options: Any):
    """A new game with the setup markers placed (first legal choice each time)."""
    s = GAME.new(players=players, seed=seed, **options)
    while s.phase == "setup":
        s.apply(s.legal_actions()[0])
    return s


def at_act(players: int = 2, seed: int = 0, kept: str = "green", points: int | None = None, **options: Any):
    """A game at the 'act' step of the first turn, with the given die kept (blue or green) and,
    if given, that many points."""
    s = setup_done(players, seed, **options)
    s.apply(DrawActionCard())
    pair = ("blue", "green") if kept in ("blue", "green") else ("blue", "red")
    s.apply(ChooseDice(*pair))
    s.apply(KeepDie(kept))
    if points is not None:
        s.transport_points = points if kept == "blue" else 0
        s.continent_points = points if kept == "green" else 0
        s.leftover_points = points if kept == "red" else 0
    return s.checkpoint()  # changed by hand: a failed action is undone to here


def empty_board(s) -> None:
    """Take every card off the board into the transport discard pile (stones go home)."""
    for lane in range(len(s.lanes)):
        for card in list(s.lanes[lane]):
            if card >= 0:
                s.take_off_by_hand(card)
    s.t_discard.clear()
    s.t_discard.extend([])


def take_card(s, kind: str, neutral: bool | None = None, routes: tuple[str, ...] | None = None) -> int:
    """Remove a card of ``kind`` ('transport', 'neutral' or an action kind) from the draw or
    discard piles and return it (the caller puts it somewhere)."""
    from gamekit.itc.data import ROUTES

    for pile in (s.t_deck, s.t_discard, s.a_deck, s.a_discard):
        for card in pile:
            if s.cards.kind[card] != kind:
                continue
            if routes is not None:
                if card >= s.cards.n_transport:
                    continue
                if {ROUTES[r] for r in s.cards.routes[card]} != set(routes):
                    continue
            pile.remove(card)
            return card
    raise LookupError(f"no free {kind} card")


def put(s, card: int, route: str, lane: int, field: int, owner: int, under: int = -1) -> None:
    """Put a card on the board at (route, lane 1-based, field); the owner's stone is used."""
    from gamekit.itc.data import ROUTES

    lane_index = ROUTE_LANES[ROUTES.index(route)][lane - 1]
    assert s.lanes[lane_index][field] < 0, "field taken"
    bottom = s.lanes[lane_index][0]
    s.lanes[lane_index][0] = -1
    s.t_deck.append(card)  # put_by_hand takes the card from the transport deck
    s.put_by_hand(card, lane_index, owner)  # the owner's stone is used
    s.under[card] = under
    if field:
        s.lanes[lane_index][0] = bottom
        s.lanes[lane_index][field] = card
        s.at_field[card] = field
    s.checkpoint()


def play_random(s, rng: random.Random, limit: int = 200_000, every: Callable | None = None) -> list:
    """Random legal actions to the end; returns the actions taken."""
    taken = []
    while not s.is_over():
        action = rng.choice(s.legal_actions())
        s.apply(action)
        taken.append(action)
        if every is not None:
            every(s, len(taken))
        if len(taken) > limit:
            raise AssertionError(f"game did not end within {limit} actions")
    return taken


def check_invariants(s) -> None:
    """Conservation laws that hold after every action."""
    opts = s.options
    # goods cubes: supply + continents + grey market
    assert s.goods_supply + sum(map(sum, s.goods)) == opts.goods_cubes
    assert s.goods_supply >= 0 and all(g >= 0 for row in s.goods for g in row)
    for place in range(6):
        assert max(s.goods[place]) <= opts.continent_capacity
    assert max(s.goods[GREY]) <= opts.grey_market_capacity
    # stones (sales markers, transport markers, the Mafia stone)
    for p in range(s.players):
        on_cards = sum(1 for c in range(s.cards.n_transport) if s.at_lane[c] >= 0 and s.owner[c] == p)
        markers = sum(s.markers[i][p] for i in range(len(PLACES)))
        mafia = 1 if s.controller == p else 0
        assert s.stones[p] >= 0
        assert s.stones[p] + on_cards + markers + mafia == opts.stones_per_player
    # only the controller has markers in the grey market
    for p in range(s.players):
        if p != s.controller:
            assert s.markers[GREY][p] == 0
    # every card in one place
    unders = [s.under[c] for c in range(s.cards.n_transport) if s.at_lane[c] >= 0 and s.under[c] >= 0]
    on_board = [c for c in range(s.cards.n_transport) if s.at_lane[c] >= 0]
    everything = [c for h in s.hands for c in h] + s.t_deck + s.t_discard + s.a_deck + s.a_discard + on_board + unders
    assert sorted(everything) == list(range(s.cards.size))
    # the board and the per-card positions agree; route limits hold
    for lane, col in enumerate(s.lanes):
        for field, card in enumerate(col):
            if card >= 0:
                assert (s.at_lane[card], s.at_field[card]) == (lane, field)
                assert LANE_ROUTE[lane] in s.cards.routes[card]
    for who in range(s.players + 1):
        for r in range(4):
            count = sum(
                1 for lane in ROUTE_LANES[r] for c in s.lanes[lane]
                if c >= 0 and (s.owner[c] == who if who < s.players else s.owner[c] < 0)
            )
            assert count == s.on_route[who][r] <= opts.transport_limit_per_route
    # hand limit after every finished turn: only the active player may be above it
    for p in range(s.players):
        if p != s.current_player:
            assert len(s.hands[p]) <= opts.hand_limit
    # scores equal the logged profits and penalties
    logged = [0] * s.players
    for entry in s.log:
        for player, amount, _reason in entry.get("score", []):
            logged[player] += amount
    assert logged == s.score
    assert set(CONTINENTS) < set(PLACES)

