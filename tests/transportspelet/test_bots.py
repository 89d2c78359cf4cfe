"""Opponents for Transportspelet (issue 16): declared chance, what each player sees, determinised
positions, and the random, heuristic and search bots.

The numbers written here come from the rule text (50 transport cards and twelve telegrams of each
kind, rule ``transport-contents``; two ordinary dice, one per transport, a telegram on a 1 or a 6,
rules ``transport-dice`` and ``transport-telegrams``), never read back from the engine's constants.
"""

from __future__ import annotations

import json
import math
import random
from fractions import Fraction

import pytest
from ts_helpers import give, sensible

import gamekit
from gamekit import IllegalAction
from gamekit.chance import TooManyOutcomes
from gamekit.rng import Rng
from gamekit.transportspelet import Assign, Borrow, Continue, Dispatch, Pass, Roll, Wait
from gamekit.transportspelet.bots import route_options, value
from gamekit.transportspelet.data import CARDS, MODES
from gamekit.transportspelet.state import CARD_SHUFFLE, DIE, EXTRA_DIE, TELEGRAM_SHUFFLES

GAME = gamekit.game("transportspelet")
ACTION_TYPES = (Dispatch, Continue, Wait, Borrow, Roll, Assign, Pass)


def positions(seed: int, players: int = 2, every: int = 7, limit: int = 4000, uniform: bool = False,
              **options) -> list:
    """Copies of a seeded game every ``every`` actions, played by the tests' sensible random player
    (or, ``uniform``, by uniformly random legal actions, which borrow and get stuck)."""
    state = GAME.new(players=players, seed=seed, **options)
    r = random.Random(900 + seed)
    out = []
    steps = 0
    while not state.is_over() and steps < limit:
        if steps % every == 0:
            out.append(state.clone())
        state.apply(r.choice(state.legal_actions()) if uniform else sensible(state, r))
        steps += 1
    return out


def unseen_top(pile: list, unseen: int) -> list:
    return pile[len(pile) - unseen:] if unseen else []


def hide_differently(state, p: int):
    """A copy that ``p`` cannot tell from ``state``: the cards never drawn (the unseen top of the
    deck and the removed cards) exchanged among themselves, each telegram deck's unseen top turned
    round, another generator."""
    other = state.clone()
    seen = state.observation(p)
    cut = len(other.deck) - seen["deck"]["unseen"]
    pool = other.deck[cut:] + other.removed
    pool.reverse()
    other.deck = other.deck[:cut] + pool[:len(other.deck) - cut]
    other.removed = pool[len(other.deck) - cut:]
    for mode in MODES:
        pile = other.telegram_decks[mode]
        n = seen["telegram_decks"][mode]["unseen"]
        if n:
            pile[len(pile) - n:] = pile[len(pile) - n:][::-1]
    other.rng = Rng(987654321)
    return other


def running(state) -> int:
    return sum(t is not None and t.running() for t in state.transports[state.current_player])


# -- declared chance -------------------------------------------------------------------------------


def test_the_setup_shuffles_are_declared_and_draw_as_before():
    """transport-setup: the 50 transport cards and each deck of twelve telegrams are shuffled
    separately; the declared shuffles draw the same orders as shuffling with the generator did."""
    assert CARD_SHUFFLE.count() == math.factorial(50) and not CARD_SHUFFLE.listable()
    with pytest.raises(TooManyOutcomes):
        CARD_SHUFFLE.distribution()
    for mode in MODES:
        assert TELEGRAM_SHUFFLES[mode].count() == math.factorial(12)
        assert not TELEGRAM_SHUFFLES[mode].listable()
    for seed in (0, 7):
        s = GAME.new(players=3, seed=seed, deck_size=30)
        rng = Rng(seed)
        cards = list(range(1, 51))
        rng.shuffle(cards)
        held = [t.card for turn in range(2) for p in range(3) for t in [s.transports[p][turn]]]
        assert s.removed == cards[30:]
        assert s.deck + held[::-1] == cards[:30]
        for mode in MODES:
            ids = [f"{mode}-{k}" for k in range(1, 13)]
            rng.shuffle(ids)
            assert s.telegram_decks[mode] == ids


def test_the_dice_are_declared_events():
    """transport-dice, transport-extra-roll: one ordinary die per running transport, and one for an
    extra roll: six faces, each 1 in 6."""
    for event in (DIE, EXTRA_DIE):
        assert event.distribution() == [(face, Fraction(1, 6)) for face in range(1, 7)]
    assert (DIE.what, EXTRA_DIE.what) == ("die", "extra die")


def two_running(seed: int = 2):
    for s in positions(seed, every=3):
        if Roll() in s.legal_actions() and running(s) == 2:
            return s
    raise AssertionError("no position with two running transports")


def test_a_roll_of_two_dice_has_36_equal_results():
    """transport-dice: both dice are rolled at once, one for each running transport: 36 equally
    likely results; a telegram (a 1 or a 6 on either die) comes with 20 of them."""
    s = two_running()
    before = s.to_json()
    outcomes = s.outcomes(Roll())
    assert s.to_json() == before
    assert len(outcomes) == 36
    assert all(o.probability == Fraction(1, 36) for o in outcomes)
    assert sorted(tuple(r for _, r in o.chance) for o in outcomes) == [(a, b) for a in range(1, 7) for b in range(1, 7)]
    for o in outcomes:
        assert [w for w, _ in o.chance] == ["die", "die"]
        assert o.state.dice == [r for _, r in o.chance] and o.state.phase == "assign"
    telegram = sum((o.probability for o in outcomes if {1, 6} & {r for _, r in o.chance}), Fraction(0))
    assert telegram == Fraction(20, 36)


def test_a_roll_of_one_die_and_its_extra_roll():
    """transport-restriction, transport-extra-roll: with one running transport one die is rolled
    (each face 1 in 6); an extra-roll telegram on a 1 or a 6 rolls one more die for it."""
    found = 0
    for s in positions(4, every=2):
        if Roll() not in s.legal_actions() or running(s) != 1:
            continue
        t = next(t for t in s.transports[s.current_player] if t is not None and t.running())
        # an extra roll on top of the transport's telegram deck, so a 1 or a 6 brings a second die
        deck = s.telegram_decks[t.vehicle]
        extra = next((x for x in deck if x == f"{t.vehicle}-6"), None)
        if extra is None:
            continue
        deck.remove(extra)
        deck.append(extra)
        outcomes = s.outcomes(Roll())
        assert sum(o.probability for o in outcomes) == 1
        first = {}
        for o in outcomes:
            first[o.chance[0][1]] = first.get(o.chance[0][1], 0) + o.probability
            if len(o.chance) == 2:  # the extra roll (unless the move ended the leg or sold the cargo)
                assert o.chance[0][1] in (1, 6) and o.chance[1][0] == "extra die"
                assert o.probability == Fraction(1, 36)
            else:
                assert o.chance[0][0] == "die" and o.probability == Fraction(1, 6)
        assert first == {face: Fraction(1, 6) for face in range(1, 7)}
        found += any(len(o.chance) == 2 for o in outcomes)
        if found == 3:
            return
    raise AssertionError(f"only {found} positions with one running transport and its extra roll on top")


def replayed(state, action, chance):
    """``state`` after ``action`` with its chance results forced to ``chance``."""
    trial = state.clone()
    trial.checkpoint()
    for what, result in chance:
        trial.force(what, result)
    trial.apply(action)
    return trial


def test_every_action_type_has_outcomes_that_sum_to_one_and_match_forced_results():
    """transport-turn: every kind of action, at sampled points of seeded games, lists its outcomes;
    each outcome is the position that forcing its dice gives; an action that draws nothing (a
    dispatch, a loan, a wait in the planning, a pass) has one outcome of probability 1."""
    seen = set()
    for seed, uniform in ((1, False), (2, True), (3, True)):
        for s in positions(seed, players=2 + seed % 2, every=11, limit=2500, uniform=uniform):
            legal = s.legal_actions()
            kinds = {}
            for a in legal:
                kinds.setdefault(type(a), a)
            for kind, action in kinds.items():
                outcomes = s.outcomes(action)
                assert sum(o.probability for o in outcomes) == 1
                if kind in (Dispatch, Borrow, Pass) or (kind is Wait and s.phase == "plan"):
                    assert len(outcomes) == 1 and outcomes[0].probability == 1 and outcomes[0].chance == ()
                for o in outcomes[:4]:
                    assert json.dumps(o.state.to_data()["state"]) == json.dumps(replayed(s, action, o.chance).to_data()["state"])
                seen.add(kind)
    assert seen == set(ACTION_TYPES)


def test_outcomes_of_an_illegal_action_change_nothing():
    """transport-dice: no roll while a card can still start; outcomes refuse it like apply."""
    s = GAME.new(players=2, seed=4)
    before = s.to_json()
    with pytest.raises(IllegalAction) as err:
        s.outcomes(Roll())
    assert err.value.rule == "transport-choosing"
    assert s.to_json() == before


def test_a_telegram_is_revealed_not_drawn():
    """transport-telegrams: the top telegram of a deck shuffled at the start is shown in the log
    (no chance now: a roll's outcomes are only its dice)."""
    for s in positions(5, every=1, limit=600):
        last = s.log[-1] if s.log else None
        if last and any(c.get("what") == "telegram" for c in last.get("chance", ())):
            entry = next(c for c in last["chance"] if c["what"] == "telegram")
            assert set(entry) == {"what", "result"} and entry["result"] in {f"{m}-{k}" for m in MODES
                                                                           for k in range(1, 13)}
            return
    raise AssertionError("no telegram in the seeded game")


# -- what each player sees ----------------------------------------------------------------------------


def test_the_observation_is_json_and_hides_only_the_piles():
    """transport-cards (assumption "open cards"): every player's cards, money and pieces are on the
    table; of the deck only its size (and, of the removed cards, how many) is shown."""
    s = positions(3, players=3, deck_size=30)[12]
    for p in range(3):
        seen = s.observation(p)
        assert json.loads(json.dumps(seen)) == seen
        assert seen["observer"] == p and seen["cash"] == s.cash and seen["removed"] == 20
        assert [[t["card"] if t else None for t in ts] for ts in seen["transports"]] == \
            [[t.card if t else None for t in ts] for ts in s.transports]
        assert seen["deck"]["cards"] == len(s.deck) and len(seen["deck"]["under"]) + seen["deck"]["unseen"] == len(s.deck)
        assert "rng" not in seen and "seed" not in seen
    assert s.observation(0) == {**s.observation(1), "observer": 0}  # nobody's hand is hidden from another


def test_what_no_player_sees_changes_neither_the_observation_nor_the_determinized_state():
    """transport-setup: the order of the shuffled piles, which cards were removed, and the
    generator are unknown to every player: changing them changes no observation, and the
    determinised positions (same seed) are the same."""
    checked = 0
    for seed in (1, 6):
        for s in positions(seed, players=3, every=23, deck_size=30)[:8]:
            for p in range(3):
                other = hide_differently(s, p)
                assert other.to_json() != s.to_json()  # a real change
                assert other.observation(p) == s.observation(p)
                assert other.determinize(p, 5).to_json() == s.determinize(p, 5).to_json()
                checked += 1
    assert checked >= 30


def test_what_a_player_sees_changes_the_observation():
    """transport-cards: the player's own cards, and (open cards) another player's, are seen: a
    different card in hand is a different observation and a different determinised position."""
    s = GAME.new(players=2, seed=3, deck_size=30)
    for holder in (0, 1):
        other = s.clone()
        give(other, holder, 0, other.deck[0])
        assert other.observation(0) != s.observation(0)
        assert other.determinize(0, 5).to_json() != s.determinize(0, 5).to_json()


def test_telegrams_put_back_are_known_in_their_order():
    """transport-telegrams (assumption "telegrams seen"): a telegram drawn goes under its deck, where
    everyone knows its place; only the telegrams never drawn are redrawn in a determinised position."""
    checked = 0
    for s in positions(8, every=11):
        for mode in MODES:
            pile = s.telegram_decks[mode]
            seen = s.observation(0)["telegram_decks"][mode]
            drawn = {x[2] for x in s.telegram_log}
            assert seen["under"] == [x for x in pile if x in drawn]
            assert seen["unseen"] == sum(x not in drawn for x in pile)
            d = s.determinize(0, checked)
            cut = len(pile) - seen["unseen"]
            assert d.telegram_decks[mode][:cut] == pile[:cut]
            assert sorted(d.telegram_decks[mode][cut:]) == sorted(pile[cut:])
            checked += bool(seen["under"])
    assert checked > 10


def test_a_restored_game_sees_what_the_played_one_saw():
    """transport-winner: a saved game knows which cards and telegrams were never drawn, also when
    used cards go back under the deck (the longer game)."""
    for options in ({}, {"recycle_cards": True, "round_limit": 40, "deck_size": 14}):
        for s in positions(2, every=31, **options):
            restored = GAME.from_json(s.to_json())
            assert restored.observation(1) == s.observation(1)
            assert restored.determinize(1, 3).to_json() == s.determinize(1, 3).to_json()


def test_determinized_positions_keep_the_public_part_and_the_legal_actions():
    """protocol: at many points of several seeded games, a determinised position lists the same
    legal actions and shows the same observation; only the unseen cards moved."""
    for seed, players, options in ((1, 2, {}), (2, 4, {"deck_size": 20}), (3, 3, {"recycle_cards": True,
                                                                               "round_limit": 30})):
        for k, s in enumerate(positions(seed, players=players, every=9, **options)):
            p = s.current_player
            d = s.determinize(p, k)
            assert d.legal_actions() == s.legal_actions()
            assert d.observation(p) == s.observation(p)
            assert sorted(d.deck + d.removed) == sorted(s.deck + s.removed)
            assert d.log == [] and d.seed == k  # the real seed would tell the piles


def test_the_unseen_cards_are_redrawn_at_random():
    """transport-setup: at the start every card not in a hand may be on top of the deck."""
    s = GAME.new(players=2, seed=1)
    tops = {s.determinize(0, k).deck[-1] for k in range(400)}
    in_hand = {t.card for ts in s.transports for t in ts}
    assert tops <= set(range(1, 51)) - in_hand and len(tops) >= 40  # 46 cards, about 8.7 draws each


# -- bots ----------------------------------------------------------------------------------------------


def play(kinds, seed: int, players: int | None = None, budget: dict | None = None, **options):
    """A whole game of the given bot kinds (in seat order), each move checked against the legal ones;
    returns the finished state and each seat's (action, reason) list."""
    n = players or len(kinds)
    s = GAME.new(players=n, seed=seed, **options)
    bots = [gamekit.bot("transportspelet", kinds[p], seed=seed * 10 + p, **(budget or {}) if kinds[p] == "search"
                        else {}) for p in range(n)]
    moves = [[] for _ in range(n)]
    while not s.is_over():
        p = s.current_player
        legal = s.legal_actions()
        action, why = bots[p].explain(s)
        assert action in legal
        moves[p].append((action, why, legal))
        s.apply(action)
        assert len(s.log) < 5000
    return s, moves


def test_random_and_heuristic_bots_play_only_legal_moves_to_the_end():
    """protocol: the random and the heuristic bots finish seeded games of 2 to 4 players, one legal
    move at a time."""
    for seed, kinds in ((1, ["heuristic", "random"]), (2, ["random", "heuristic", "heuristic"]),
                        (3, ["heuristic"] * 4)):
        s, _ = play(kinds, seed)
        assert s.is_over() and s.winners()


def test_the_same_seed_gives_the_same_moves():
    """protocol-randomness: a bot draws only from its own seeded generator."""
    a, _ = play(["heuristic", "random"], 5)
    b, _ = play(["heuristic", "random"], 5)
    assert a.to_json() == b.to_json()
    s = positions(4)[6]
    moves = []
    for _ in range(2):
        bot = gamekit.bot("transportspelet", "search", seed=3, iterations=12, depth=6)
        moves.append(bot.explain(s))
    assert moves[0] == moves[1]


def test_a_bot_makes_the_same_move_in_positions_it_cannot_tell_apart():
    """protocol: a bot reads only what the player to move may know."""
    compared = 0
    for s in positions(7, players=3, every=13, deck_size=30)[:12]:
        if len(s.legal_actions()) < 2:
            continue
        other = hide_differently(s, s.current_player)
        for kind, budget in (("heuristic", {}), ("search", {"iterations": 6, "depth": 4})):
            one = gamekit.bot("transportspelet", kind, seed=11, **budget).explain(s)
            two = gamekit.bot("transportspelet", kind, seed=11, **budget).explain(other)
            assert one == two
        compared += 1
    assert compared >= 6


def test_the_heuristic_beats_random_players():
    """transport-winner: the richest player wins; the heuristic wins far more often than chance
    (one in two, one in four) against random players, in every seat."""
    wins2 = 0.0
    for seed in range(10):
        seat = seed % 2
        kinds = ["random", "random"]
        kinds[seat] = "heuristic"
        s, _ = play(kinds, 100 + seed)
        wins2 += (seat in s.winners()) / len(s.winners())
    assert wins2 >= 9  # measured: 10 of 10
    wins4 = 0.0
    for seed in range(4):
        kinds = ["random"] * 4
        kinds[seed] = "heuristic"
        s, _ = play(kinds, 200 + seed)
        wins4 += (seed in s.winners()) / len(s.winners())
    assert wins4 >= 3  # measured: 4 of 4


def test_the_heuristic_plays_sensibly():
    """transport-choosing, transport-insurance, transport-loans: every leg the heuristic starts heads
    for the destination or for a city from which it can be reached; it insures most cargoes when
    a certificate is to be had; it borrows only when no leg can be started or continued; and it says
    why in one sentence."""
    insured = offered = 0
    for seed in (1, 2):
        _, moves = play(["heuristic", "heuristic"], 300 + seed)
        for seat in moves:
            for action, why, legal in seat:
                assert isinstance(why, str) and why and "\n" not in why and why.count(". ") == 0
                if isinstance(action, (Dispatch, Continue)):
                    card = CARDS[action.card - 1]
                    assert route_options(card.allowed_modes(), action.stop, card.destination)
                if isinstance(action, Dispatch) and any(isinstance(a, Dispatch) and a.insure for a in legal):
                    offered += 1
                    insured += action.insure
                if isinstance(action, Borrow):
                    assert not any(isinstance(a, (Dispatch, Continue)) for a in legal)
    assert offered > 20 and insured >= 0.8 * offered


def test_the_search_plays_a_whole_game_with_a_small_budget():
    """protocol: the search bot chooses legal moves to the end of a game, and compares moves by
    playouts where it has a choice worth looking at (its reason counts the samples)."""
    s, moves = play(["search", "heuristic"], 9, budget={"iterations": 8, "depth": 5})
    assert s.is_over() and moves[0]
    assert any(" samples of " in why for _, why, _ in moves[0])


def test_the_evaluation_is_a_share_of_the_win():
    """transport-winner: each player's value is between 0 and 1, the values add up to 1, and more
    capital is worth more."""
    for s in positions(2, players=3, every=40):
        values = value(s)
        assert len(values) == 3 and all(0 <= v <= 1 for v in values) and math.isclose(sum(values), 1)
        richer = s.clone()
        richer.cash[1] += 100_000
        richer.bank -= 100_000
        assert value(richer)[1] > values[1]


def test_the_search_looks_at_few_moves_and_among_them_the_heuristics():
    """transport-choosing: of the hundred and more ways to start two cards, the search tries each
    card's best leg by each vehicle (at most 4 vehicles for each of 2 cards); the heuristic's move
    is always among them."""
    from gamekit.transportspelet.bots import candidates

    heuristic = gamekit.bot("transportspelet", "heuristic")
    narrowed = 0
    for s in positions(3, players=3, every=5, limit=900):
        legal = s.legal_actions()
        picked = candidates(s, legal)
        assert picked and all(a in legal for a in picked) and len(set(picked)) == len(picked)
        assert heuristic.decide(s, s.current_player)[0] in picked
        if sum(isinstance(a, (Dispatch, Continue)) for a in legal) > 8:
            assert len(picked) <= 4 * 2 + 2
            narrowed += 1
    assert narrowed >= 5


def test_the_playout_search_is_legal_seeded_and_keeps_to_its_budget():
    """protocol: Transportspelet's own search (:class:`TransportSearch`) chooses a legal move, the
    same one for the same seed, and plays at most ``iterations`` playouts a move; the heuristic's
    move is always among those it compares."""
    from gamekit.transportspelet.bots import TransportSearch

    assert isinstance(gamekit.bot("transportspelet", "search"), TransportSearch)
    heuristic = gamekit.bot("transportspelet", "heuristic")
    compared = 0
    for s in positions(4, players=2, every=9, limit=400):
        if s.is_over() or len(s.legal_actions()) < 2:
            continue
        for iterations in (3, 8):
            bot = gamekit.bot("transportspelet", "search", seed=5, iterations=iterations, depth=10)
            action = bot.choose(s)
            assert action in s.legal_actions()
            assert bot.last_iterations <= iterations
            assert gamekit.bot("transportspelet", "search", seed=5, iterations=iterations, depth=10).choose(s) == action
            if bot.last_values:
                compared += 1
                assert heuristic.decide(s, s.current_player)[0] in bot.last_values
    assert compared >= 3


def test_the_search_scores_a_lead_by_the_cards_still_to_come():
    """transport-winner: the richest player at the end wins; a lead of 40,000 with 46 cards still
    in the deck is worth a chance of 0.561 to the search's scoring (much may still happen), the
    same lead with the deck empty 0.913."""
    from gamekit.transportspelet.bots import chances

    s = GAME.new(players=2, seed=1)
    s.transports = [[None, None], [None, None]]
    s.cash = [240_000, 200_000]
    assert len(s.deck) == 46
    assert chances(s)[0] == pytest.approx(0.561, abs=0.001)
    assert math.isclose(sum(chances(s)), 1)
    s.deck = []
    assert chances(s)[0] == pytest.approx(0.913, abs=0.001)


def test_the_search_keeps_the_heuristics_move_without_a_confirmed_lead():
    """transport-choosing: the search plays another leg than the heuristic's only when fresh
    samples, apart from those that picked it, show a lead of more than ``margin``: with a margin
    of a whole win it plays the heuristic's move in every position."""
    heuristic = gamekit.bot("transportspelet", "heuristic")
    searched = 0
    for s in positions(4, players=2, every=9, limit=400):
        if s.is_over() or len(s.legal_actions()) < 2:
            continue
        bot = gamekit.bot("transportspelet", "search", seed=2, iterations=24, depth=10, margin=1.0)
        assert bot.choose(s) == heuristic.decide(s, s.current_player)[0]
        searched += len(bot.last_values) > 1
    assert searched >= 3


def test_the_search_switches_when_the_fresh_samples_confirm_a_lead():
    """transport-choosing: when the confirming samples show a candidate ahead by more than the
    margin and two standard errors, the search plays it. Scored by the cash left right after the
    move (no playout) and with no margin, the cheapest candidate leg leads the heuristic's on every
    sample by the same sum (no standard error): the search plays it, and keeps the heuristic's
    when the margin is a whole win."""
    from gamekit.transportspelet.bots import TransportSearch

    class ByCash(TransportSearch):
        def score(self, position, player):
            return position.cash[player] / 1_000_000

    heuristic = gamekit.bot("transportspelet", "heuristic")
    switched = 0
    for s in positions(4, players=2, every=3, limit=600):
        if s.is_over() or len(s.legal_actions()) < 2:
            continue
        p = s.current_player
        bot = ByCash("transportspelet", seed=2, iterations=24, depth=0, margin=0.0)
        action, why = bot.explain(s)
        hint = heuristic.decide(s, p)[0]
        if len(bot.last_values) < 2:
            assert action == hint
            continue
        cash = {}
        for a in bot.last_values:
            copy = s.clone()
            copy.apply(a)
            cash[a] = copy.cash[p]
        if max(cash.values()) > cash[hint]:
            assert cash[action] == max(cash.values()) and action != hint and "fresh" in why
            switched += 1
            keeper = ByCash("transportspelet", seed=2, iterations=24, depth=0, margin=1.0)
            assert keeper.choose(s) == hint
        else:
            assert action == hint
    assert switched >= 3
