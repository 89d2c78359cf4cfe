"""Random play: seeded games to the end with the invariants checked after every action; saves
round-trip and malformed saves are rejected whole."""

from __future__ import annotations

import json
import random

import pytest
from ts_helpers import GAME, check_invariants, new, sensible

from gamekit import IllegalAction, InvalidSave
from gamekit.transportspelet import ACTION_TYPES, Borrow, Continue, Dispatch


def ended_by_a_stated_rule(s) -> str:
    """Which end of rule transport-winner (or its assumptions) ended ``s``, checked to be true of the final
    position: the cards used up, the stall (no holder can do more than pass), the round limit, the capital target."""
    o, reason = s.options, s.end_reason
    holders = [p for p in range(s.players) if s.hand(p)]
    if reason == "every transport card has been used":
        assert o.end_when_cards_run_out and not s.deck and not holders
        return "cards"
    if reason == "no player holds a transport card":
        assert not s.deck and not holders
        return "cards"
    if reason.startswith("no player can go on: "):
        held = sum(len(s.hand(p)) for p in holders)
        deck = f"{len(s.deck)} in the deck" if s.deck else "the deck is empty"
        assert reason == (f"no player can go on: no transport runs, and no card of the {held} held can start or go on "
                          f"from a free city, even with a loan ({deck})")
        assert holders and not any(s.can_play_on(p) for p in range(s.players))
        assert not any(t.running() for p in holders for t in s.transports[p] if t is not None)
        return "stall"
    if o.round_limit is not None and reason == f"{o.round_limit} rounds have been played":
        assert s.round == o.round_limit
        return "rounds"
    if o.capital_target is not None and reason == f"capital {o.capital_target:,} reached":
        assert max(s.scores().values()) >= o.capital_target
        return "capital"
    raise AssertionError(f"an end no rule states: {reason!r}")


def play(players: int, seed: int, policy=sensible, check=True, **options):
    s = new(players, seed, **options)
    r = random.Random(seed)
    n = 0
    while not s.is_over():
        s.apply(policy(s, r))
        n += 1
        if check:
            check_invariants(s)
        assert n < 20_000, "a game that does not end"
    ended_by_a_stated_rule(s)
    return s


def uniform(s, r):
    return r.choice(s.legal_actions())


def test_thousands_of_short_games_end_with_the_invariants():
    # after every action: money conserved, no two pieces in a space, two vehicles for two transports; every game ends
    reasons = set()
    for seed in range(2000):
        s = play(2 + seed % 5, seed, deck_size=2 + seed % 7)
        check_invariants(s)
        reasons.add(s.end_reason)
        assert s.winners()
    assert "every transport card has been used" in reasons


def test_full_games_with_every_player_count():
    for seed in range(40):
        s = play(2 + seed % 5, 10_000 + seed)
        assert s.end_reason == "every transport card has been used"
        assert len(s.used) == 50


def test_uniformly_random_players_end_too():
    # players who wander and borrow at random go broke: the game still ends, by a rule the chapter states
    for seed in range(30):
        play(2 + seed % 5, 20_000 + seed, policy=uniform, deck_size=12, check=seed % 3 == 0)


def test_uniform_full_games_end_by_a_true_reason_with_either_stranded_cargo_setting():
    # rule transport-winner, assumptions "stall" and stranded_cargo: every end reason is true of the final position;
    # a stall leaves no holder who could do more than pass; with abandoned cargo no broke player's piece remains
    ends = {"abandoned": set(), "kept": set()}
    for seed in range(60):
        for setting in ends:
            s = play(2 + seed % 5, 50_000 + seed, policy=uniform, check=False, stranded_cargo=setting)
            ends[setting].add(ended_by_a_stated_rule(s))
            if setting == "abandoned":
                assert not any(s.is_broke(p) and any(t is not None and t.path for t in s.transports[p])
                               for p in range(s.players))
    assert ends["abandoned"] >= {"stall"} and ends["kept"] >= {"stall"}


def test_players_who_borrow_only_when_stuck_use_every_card():
    # rule transport-winner: heading for the destination, borrowing only when nothing else is legal, every game
    # ends when the cards are used up
    def plain(s, r):
        acts = s.legal_actions()
        legs = [a for a in acts if isinstance(a, (Dispatch, Continue)) and not getattr(a, "insure", False)]
        direct = [a for a in legs if a.stop == s.transport(a.card).destination]
        if direct or legs:
            return (direct or legs)[0]
        rest = [a for a in acts if not isinstance(a, Borrow)]
        return rest[0] if rest else acts[0]
    for seed in range(20):
        s = play(2 + seed % 5, 60_000 + seed, policy=plain, check=False)
        assert s.end_reason == "every transport card has been used" and len(s.used) == 50


def test_variants_end():
    for seed in range(60):
        play(3, 30_000 + seed, capital_target=300_000, check=False)
        play(4, 31_000 + seed, round_limit=5, recycle_cards=True, check=False)
        play(2, 32_000 + seed, limited_bank=True, interest_due="borrowing", exact_arrival=True, deck_size=10)


def test_same_seed_same_game_and_save_round_trip():
    a = play(3, 77, deck_size=10)
    b = play(3, 77, deck_size=10)
    assert a.to_json() == b.to_json()
    s = new(4, 5)
    r = random.Random(5)
    for _ in range(300):
        if s.is_over():
            break
        s.apply(sensible(s, r))
        text = s.to_json()
        restored = GAME.from_json(text)
        assert restored.to_json() == text
        assert restored.legal_actions() == s.legal_actions()
    c = s.clone()
    c.apply(c.legal_actions()[0])
    assert c.to_json() != s.to_json()


def test_replaying_the_log_gives_the_same_game():
    from gamekit.core import action_from_data
    s = play(3, 99, deck_size=8)
    again = new(3, 99, deck_size=8)
    for entry in s.log:
        again.apply(action_from_data(entry["action"], ACTION_TYPES))
    assert again.to_json() == s.to_json()


def _mutations(data):
    st = data["state"]
    yield lambda d: d["state"].update(cash=d["state"]["cash"][:-1])
    yield lambda d: d["state"].update(bank=d["state"]["bank"] + 1)
    yield lambda d: d["state"].update(deck=d["state"]["deck"] + [1])
    yield lambda d: d["state"].update(phase="flying")
    yield lambda d: d["state"].update(certificates=13)
    yield lambda d: d["state"]["telegram_decks"]["ship"].pop()
    yield lambda d: d["state"].update(debt=[200_000] * len(st["debt"]))
    yield lambda d: d["state"]["transports"][0].__setitem__(0, {"card": 99})
    yield lambda d: d["state"].pop("queue")
    yield lambda d: d.update(players=9)
    yield lambda d: d["state"].update(player=-1)


def test_malformed_saves_are_rejected_whole():
    s = new(3, 8)
    r = random.Random(8)
    for _ in range(60):
        s.apply(sensible(s, r))
    data = json.loads(s.to_json())
    for mutate in _mutations(data):
        bad = json.loads(s.to_json())
        mutate(bad)
        with pytest.raises(InvalidSave):
            GAME.from_json(json.dumps(bad))
    # two pieces in one space
    bad = json.loads(s.to_json())
    placed = [t for ts in bad["state"]["transports"] for t in ts if t and t["path"]]
    if len(placed) >= 2:
        placed[1]["path"], placed[1]["pos"] = placed[0]["path"], placed[0]["pos"]
        placed[1]["vehicle"] = placed[0]["vehicle"]
        with pytest.raises(InvalidSave):
            GAME.from_json(json.dumps(bad))
    with pytest.raises(InvalidSave):
        GAME.from_json("not json")


def test_illegal_actions_in_random_positions_leave_the_state_unchanged():
    from gamekit.transportspelet import Assign, Borrow, Continue, Dispatch, Pass, Roll, Wait
    s = new(3, 21)
    r = random.Random(21)
    for _ in range(120):
        if s.is_over():
            break
        legal = set(s.legal_actions())
        probes = [Roll(), Pass(), Borrow(10_000), Borrow(110_000), Assign(1, 3, 4), Wait(1),
                  Dispatch(1, "plane", "Paris"), Continue(1, "ship", "Lisbon")]
        for card in s.hand(s.current_player):
            probes += [Dispatch(card, "ship", "Atlantis"), Continue(card, "car", "Paris"), Wait(card)]
        for probe in probes:
            if probe in legal:
                continue
            before = s.to_json()
            with pytest.raises(IllegalAction):
                s.apply(probe)
            assert s.to_json() == before
        s.apply(sensible(s, r))


REASONS = {"freight", "premium", "telegram", "sale", "insurance payout", "loan", "interest", "repayment"}


def test_the_logged_money_adds_up_to_every_players_cash():
    # every change of money is in the log with its reason: at every step each player's money is the
    # starting capital plus their logged amounts, and the bank's change is the opposite of their sum
    seen = set()
    for seed in range(300):
        options = {"deck_size": 2 + seed % 9, "limited_bank": seed % 2 == 0,
                   "interest_due": "borrowing" if seed % 3 == 0 else "repayment"}
        s = new(2 + seed % 5, 40_000 + seed, **options)
        r = random.Random(seed)
        policy = uniform if seed % 4 == 0 else sensible
        start = s.options.starting_capital
        total, bank = [start] * s.players, s.bank
        while not s.is_over():
            s.apply(policy(s, r))
            for player, amount, reason in s.log[-1].get("money", ()):
                assert reason in REASONS and amount and type(amount) is int
                total[player] += amount
                bank -= amount
                seen.add(reason)
            assert total == s.cash and bank == s.bank
        for p in range(s.players):
            assert start + sum(a for e in s.log for q, a, _ in e.get("money", ()) if q == p) == s.cash[p]
    assert seen == REASONS


def test_money_records_survive_a_save_and_a_copy_starts_with_none_pending():
    s = play(3, 5, deck_size=6)
    restored = GAME.from_json(s.to_json())
    assert restored.log == s.log and any("money" in e for e in s.log)
    assert restored.pending_money() == [] and s.clone().pending_money() == []


def test_a_failed_action_leaves_no_money_record(monkeypatch):
    # apply is atomic: an action that fails after paying (here: a fault made on purpose after the freight)
    # leaves the money, the log and the records of the next action as they were
    from gamekit.transportspelet import Dispatch, TransportState
    s = new(2, 3)
    dispatch = next(a for a in s.legal_actions() if isinstance(a, Dispatch) and a.insure)
    place = TransportState._place
    calls = []

    def failing_place(self, *args):
        place(self, *args)  # the premium and the freight are paid and recorded ...
        if not calls:
            calls.append(1)
            raise RuntimeError("a fault after the payment")  # ... then the action fails

    monkeypatch.setattr(TransportState, "_place", failing_place)
    before, log = s.to_json(), len(s.log)
    with pytest.raises(RuntimeError):
        s.apply(dispatch)
    assert s.to_json() == before and len(s.log) == log and s.pending_money() == []
    plain = next(a for a in s.legal_actions() if isinstance(a, Dispatch) and not a.insure and a.card == dispatch.card)
    s.apply(plain)
    assert [reason for _, _, reason in s.log[-1]["money"]] == ["freight"]


def _transport(d):
    return next(t for ts in d["state"]["transports"] for t in ts if t and t["path"])


@pytest.mark.parametrize("mutate,message", [
    (lambda d: d["state"].update(cash=[1, 2]), "cash must have 3 entries"),
    (lambda d: d["state"].update(bank=True), "bank must be an integer, not True"),
    (lambda d: d["state"].update(debt=[0, 0, -10_000]), r"debt\[2\] = -10000 is outside 0.."),
    (lambda d: d["state"].update(player=3), "player = 3 is outside 0..2"),
    (lambda d: d["state"].update(round=0), "round = 0 is outside 1.."),
    (lambda d: d["state"].update(dice=[7]), r"dice\[0\] = 7 is outside 1..6"),
    (lambda d: d["state"].update(transports=[[None, None]] * 2), "transports must have 3 entries"),
    (lambda d: d["state"]["telegram_decks"].pop("ship"), r"telegram_decks \(a deck for each mode\)'s keys are wrong"),
    (lambda d: _transport(d).pop("hold"), r"a transport's keys are wrong: missing \['hold'\]"),
    (lambda d: _transport(d).update(insured=1), "a transport's insured must be true or false, not 1"),
    (lambda d: _transport(d).update(damage=101), "a transport's damage = 101 is outside 0..100"),
    (lambda d: _transport(d).update(path=[0, "x"]), r"a transport's path \(a list of spaces\)\[1\] must be an integer"),
    (lambda d: d["state"].update(extra=1), r"the state's keys are wrong: missing \[\], unexpected \['extra'\]"),
])
def test_a_malformed_save_is_refused_naming_the_fault(mutate, message):
    """Label protocol-saving: each part of the restore (the money, the cards and transports, the
    turn) names what is wrong."""
    s = new(3, 8)
    r = random.Random(8)
    for _ in range(60):
        s.apply(sensible(s, r))
    bad = json.loads(s.to_json())
    mutate(bad)
    with pytest.raises(InvalidSave, match=message):
        GAME.from_json(json.dumps(bad))
