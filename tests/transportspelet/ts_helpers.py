"""Shared helpers of the Transportspelet tests: arranging a position (cards in hand, loaded dice,
stacked telegram decks) and a seeded policy for random play."""

from __future__ import annotations

import random

from gamekit import IllegalAction, Rng, game
from gamekit.dice import d6
from gamekit.transportspelet import Borrow, Continue, Dispatch, Transport

GAME = game("transportspelet")


def new(players: int = 2, seed: int = 0, **options):
    return GAME.new(players=players, seed=seed, **options)


def give(s, player: int, slot: int, card: int) -> None:
    """Put ``card`` (from wherever it is: deck, removed pile, another hand) into a player's slot,
    swapping the slot's card into the card's old place (so every card stays in one place)."""
    old = s.transports[player][slot]
    old_card = old.card if old is not None else None
    for pile in (s.deck, s.removed, s.used):
        if card in pile:
            i = pile.index(card)
            if old_card is None:
                pile.pop(i)
            else:
                pile[i] = old_card
            break
    else:
        for ts in s.transports:
            for k, t in enumerate(ts):
                if t is not None and t.card == card:
                    ts[k] = Transport(old_card) if old_card is not None else None
    s.transports[player][slot] = Transport(card)


def load_dice(s, *faces: int) -> None:
    """Give the state a generator whose next d6 rolls are ``faces`` (a seed found by search)."""
    for seed in range(1_000_000):
        rng = Rng(seed)
        probe = rng.clone()
        if all(d6.roll(probe) == f for f in faces):
            s.rng = rng
            return
    raise LookupError(faces)


def stack(s, mode: str, *telegram_ids: str) -> None:
    """Put these telegrams on top of the mode's deck (the first named is drawn first)."""
    deck = s.telegram_decks[mode]
    for tid in telegram_ids:
        deck.remove(tid)
    for tid in reversed(telegram_ids):
        deck.append(tid)


def unchanged_after_illegal(s, action) -> IllegalAction:
    """Apply an illegal action: it must raise IllegalAction and leave to_json() exactly as before."""
    before = s.to_json()
    try:
        s.apply(action)
    except IllegalAction as err:
        assert s.to_json() == before
        return err
    raise AssertionError(f"{action} was accepted")


def sensible(s, r: random.Random):
    """A seeded random player that mostly heads straight for the destination and seldom borrows."""
    acts = s.legal_actions()
    legs = [a for a in acts if isinstance(a, (Dispatch, Continue))]
    if legs:
        held = {t.card: t for t in s.transports[s.current_player] if t is not None}
        direct = [a for a in legs if a.stop == held[a.card].destination]
        if direct and r.random() < 0.9:
            return r.choice(direct)
        return r.choice(legs)
    rest = [a for a in acts if not isinstance(a, Borrow)]
    if rest and r.random() < 0.95:
        return r.choice(rest)
    return r.choice(acts)


def check_invariants(s) -> None:
    """Money conserved; no two pieces in a space; a player's two transports on two vehicles;
    every card and telegram in one place."""
    assert sum(s.cash) + s.bank == s.money_total
    seen = {}
    for p, ts in enumerate(s.transports):
        vehicles = [t.vehicle for t in ts if t is not None and t.vehicle is not None]
        assert len(vehicles) == len(set(vehicles)), "two transports on one vehicle"
        for slot, t in enumerate(ts):
            if t is not None and t.path:
                space = t.path[t.pos]
                assert space not in seen, "two pieces in one city or ring"
                seen[space] = (p, slot)
                assert s.occupant[space] == p * 2 + slot
    assert sum(x >= 0 for x in s.occupant) == len(seen)
    assert all(0 <= d <= s.options.loan_limit for d in s.debt)
