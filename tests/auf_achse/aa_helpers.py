"""Helpers for the Auf Achse tests: positions built through the protocol, then arranged for a scenario."""

from __future__ import annotations

from typing import Any

import pytest

import gamekit
from gamekit import IllegalAction
from gamekit.auf_achse import PlaceTruck

GAME = gamekit.game("auf-achse")
RED, YELLOW, BLUE, GREEN = 0, 1, 2, 3


def placed(players: int = 4, seed: int = 0, cities: tuple[str, ...] | None = None, **options: Any):
    """A new game with every truck placed (in ``cities``, or all in Berlin) and player 0 to roll."""
    s = GAME.new(players=players, seed=seed, **options)
    for p in range(players):
        s.apply(PlaceTruck(cities[p] if cities else "Berlin"))
    assert s.phase == "roll" and s.current_player == 0
    return s


def driving(s, node: str, pips: int, dice: tuple[int, int] | None = None):
    """Put the current player's truck on ``node`` with ``pips`` to drive (as if the dice were rolled)."""
    s.position[s.player] = node
    s.dice = list(dice or (pips, pips))
    s.remaining = pips
    s.visited = [node]
    s.phase = "moving"
    return s


def take_public(s, card: int, slot: int = 0) -> None:
    """Lay contract ``card`` face up on ``slot`` (taking it from wherever it is in the public cards)."""
    for pile in (s.public_deck, s.unused, s.removed):
        if card in pile:
            pile.remove(card)
            break
    else:
        for hand in s.hands:
            if card in hand:
                hand.remove(card)
                break
        else:
            if card in s.row:
                s.row[s.row.index(card)] = None
    old = s.row[slot]
    s.row[slot] = card
    if old is not None and old != card:
        s.public_deck.insert(0, old)
    if None in s.row and s.public_deck:
        s.slide_row()


def road(a: str, b: str) -> tuple[str, ...]:
    """The road spaces from city ``a`` to city ``b`` in driving order."""
    for x, y, spaces in GAME.new(players=2).net.roads:
        if (x, y) == (a, b):
            return spaces
        if (x, y) == (b, a):
            return tuple(reversed(spaces))
    raise LookupError(f"no road {a}-{b}")


def refused(s, action: Any, rule: str) -> IllegalAction:
    """``action`` raises IllegalAction citing ``rule`` and leaves the state exactly as it was."""
    before = s.to_json()
    with pytest.raises(IllegalAction) as info:
        s.apply(action)
    assert info.value.rule == rule, info.value
    assert s.to_json() == before
    return info.value


def check_invariants(s) -> None:
    o = s.options
    assert sum(s.cash) + s.bank == o.bank_money
    assert s.goods_supply + sum(s.cards[c].amount for h in s.loaded for c in h) == o.goods_cubes
    assert s.goods_supply >= 0 and all(c >= 0 for c in s.cash)
    places = [c for h in s.hands + s.loaded + s.delivered for c in h] + [c for c in s.row if c is not None]
    places += s.public_deck + s.unused + s.removed + ([s.auction.contract] if s.auction else [])
    assert sorted(places) == list(range(len(s.cards)))
    for p in range(s.players):
        assert s.load_on(p) <= s.capacity(p)
    for node in set(s.position):
        if node is not None and not s.net.is_city(node):
            # a truck overtaking (setting overtaking) may be the third on a road space while it drives
            passing = s.phase == "moving" and o.overtaking and s.position[s.player] == node
            assert s.position.count(node) <= o.trucks_per_space + (1 if passing else 0)
            assert not s.is_closed(node)  # no truck stands under a sign
    owed = [c for h in s.owed for c in h]
    assert sorted(s.event_deck + s.event_discard + owed) == list(range(len(s.event_cards)))


def grab(s, card: int) -> int:
    """Take contract ``card`` out of wherever it is (a row space is refilled from the deck) and return it;
    the caller puts it somewhere. Goods of a loaded contract go back to the supply."""
    for pile in (s.public_deck, s.unused, s.removed, *s.hands, *s.delivered):
        if card in pile:
            pile.remove(card)
            return card
    for load in s.loaded:
        if card in load:
            load.remove(card)
            s.goods_supply += s.cards[card].amount
            return card
    slot = s.row.index(card)
    s.row[slot] = s.public_deck.pop(0) if s.public_deck else None
    return card


def load_onto(s, player: int, card: int) -> None:
    """Lay contract ``card`` out on ``player``'s truck, its cubes taken from the supply."""
    grab(s, card)
    s.loaded[player].append(card)
    s.goods_supply -= s.cards[card].amount
