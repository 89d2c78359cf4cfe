"""The legal actions are exactly what the whole check allows (rule ``protocol-legal-actions``), and the check
is that one statement of legality (issue 33: the quick checks that cleared the common actions from tables of
their own, a second statement of the same rules, are gone)."""

from __future__ import annotations

import random

from ts_helpers import new

from gamekit import IllegalAction
from gamekit.transportspelet import Assign, Borrow, Continue, Dispatch, Pass, Roll, Wait
from gamekit.transportspelet.data import CITIES, MODES


def _candidates(s, r: random.Random) -> list:
    held = [t.card for ts in s.transports for t in ts if t is not None] or [1]
    out = [Roll(), Pass(), Borrow(10_000), Borrow(15_000)]
    out += [Wait(c) for c in held]
    out += [Assign(c, x, y) for c in held[:4] for x in range(1, 7) for y in range(1, 7)]
    out += [Dispatch(r.choice(held), r.choice(MODES), r.choice(CITIES), r.random() < 0.5) for _ in range(3)]
    out += [Continue(r.choice(held), r.choice(MODES), r.choice(CITIES)) for _ in range(3)]
    return out


def _allowed(s, action) -> bool:
    try:
        s.check_in_full(action)
    except IllegalAction:
        return False
    return True


def test_the_list_is_what_the_full_check_allows_and_the_check_is_the_full_check():
    # protocol-legal-actions: an action is listed exactly when the whole check allows it, and apply's check
    # (refusal) is the whole check: no second statement of legality
    asked = 0
    for seed in range(12):
        s = new(2 + seed % 5, 40_000 + seed, deck_size=8 + seed % 5, limited_bank=seed % 4 == 1)
        r = random.Random(seed)
        steps = 0
        while not s.is_over() and steps < 1500:
            legal = s.legal_actions()
            for a in legal + _candidates(s, r):
                allowed = _allowed(s, a)
                assert allowed == (a in legal), a
                assert (s.refusal(a) is None) == allowed, a
                asked += 1
            s.apply(r.choice(legal))
            steps += 1
    assert asked > 1000
    assert not hasattr(s, "quick_check")


def test_a_hand_made_change_is_seen_at_once():
    # nothing is kept between calls: a change made by hand after listing the actions counts for the next apply
    s = new(2, 3)
    while type(s.legal_actions()[0]) is not Roll:
        s.apply(s.legal_actions()[0])
    assert Roll() in s.legal_actions()
    for t in s.transports[s.player]:
        if t is not None:
            t.resting = True  # as if every transport waited this turn
    before = s.to_json()
    try:
        s.apply(Roll())
    except IllegalAction as err:
        assert err.rule == "transport-restriction"
    else:
        raise AssertionError("a roll with no running transport was taken")
    assert s.to_json() == before
    assert s.legal_actions()[0] == Pass()
