"""Opponents for ITC (issue 16): chance declared with exact outcomes, what each player may see,
positions drawn again from it (determinize), and the random, heuristic and search bots.

Probabilities are written as literals worked out from the rule text: a six-sided blue die against
the eight-sided green die (assumption "the dice") wins an exchange with 15 of the 42 rolls that do
not tie, 5/14 (rule ``itc-grey-market-fight``).
"""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
from helpers import expect_illegal
from itc_helpers import GAME, at_act, setup_done, take_card

import gamekit
from gamekit import IllegalAction
from gamekit.chance import TooManyOutcomes
from gamekit.itc import (
    Attack,
    ChooseDice,
    DrawActionCard,
    KeepDie,
    PlaceSalesMarker,
    PlaceTransport,
    Sell,
)
from gamekit.itc.bots import evaluate
from gamekit.itc.data import COLOURS, GREY, PLACES
from gamekit.itc.views import HIDDEN
from gamekit.rng import Rng


def _heuristic_game(players: int, seed: int, goal: int = 60_000):
    """A game played by heuristic bots, as a list of its positions (copies) after each action."""
    state = GAME.new(players=players, seed=seed, goal=goal)
    bots = [gamekit.bot("itc", "heuristic", seed=seed * 10 + p) for p in range(players)]
    positions = []
    while not state.is_over():
        state.apply(bots[state.current_player].choose(state))
        positions.append(state.clone())
    return positions


def _with_hidden_things(players: int = 3, seed: int = 4):
    """A position of a heuristic game where the player to move sees an opponent's card face down
    under a transport and opponents hold transport and action cards."""
    for position in _heuristic_game(players, seed, goal=120_000):
        if position.is_over() or position.phase != "act":
            continue
        p = position.current_player
        others = [q for q in range(players) if q != p]
        face_down = [c for q in others for c in position.fleet[q] if position.under[c] >= 0]
        holds = [q for q in others if any(c < position.cards.n_transport for c in position.hands[q])
                 and any(c >= position.cards.n_transport for c in position.hands[q])]
        if face_down and holds and position.t_deck and position.a_deck:
            return position, p, holds[0], face_down[0]
    raise AssertionError("no such position in this game")


def _hidden_changed(state, p: int, other: int, covered: int):
    """A copy of ``state`` that differs only in what player ``p`` cannot see: another hand, the
    draw piles' order, the card face down under another player's transport, the generator."""
    copy = state.clone()
    cards = copy.cards
    hand = copy.hands[other]
    mine = next(c for c in hand if c < cards.n_transport)
    deck = next(c for c in copy.t_deck if not cards.neutral[c])
    hand[hand.index(mine)] = deck
    copy.t_deck[copy.t_deck.index(deck)] = mine
    action = next(c for c in hand if c >= cards.n_transport)
    swap = next(c for c in copy.a_deck if cards.kind[c] not in ("customs-truck", "customs-train", "customs-ship",
                                                                  "customs-plane") and cards.kind[c] != cards.kind[action])
    hand[hand.index(action)] = swap
    copy.a_deck[copy.a_deck.index(swap)] = action
    under = copy.under[covered]
    other_kind = next(c for c in copy.a_deck if cards.kind[c] in ("express", "smuggling", "mega")
                      and cards.kind[c] != cards.kind[under])
    copy.under[covered] = other_kind
    copy.a_deck[copy.a_deck.index(other_kind)] = under
    copy.t_deck.reverse()
    copy.a_deck.reverse()
    copy.rng = Rng(987_654)
    copy.seed = 31
    return copy


# -- what each player may see (assumptions "what the players see", "cards under transports") ------


def test_observation_is_json_with_own_hand_and_sizes_of_the_others():
    """itc-hand-limit: a player sees their own hand, how many transport and action cards each
    other player holds, and the sizes of the draw piles, never their order; JSON-ready."""
    state, p, other, covered = _with_hidden_things()
    obs = state.observation(p)
    assert json.loads(json.dumps(obs)) == obs
    assert obs["hand"] == state.hands[p]
    n = state.cards.n_transport
    for q in range(state.players):
        assert obs["hand_sizes"][q] == [sum(c < n for c in state.hands[q]), sum(c >= n for c in state.hands[q])]
    assert obs["transport_deck"] == len(state.t_deck) and obs["action_deck"] == len(state.a_deck)
    entry = next(e for e in obs["board"] if e[0] == covered)
    assert entry[3] == state.owner[covered] != p and entry[4] == HIDDEN
    owner_view = state.observation(state.owner[covered])
    assert next(e for e in owner_view["board"] if e[0] == covered)[4] == state.under[covered]


def test_what_a_player_cannot_see_changes_neither_observation_nor_determinized_position():
    """Two positions that differ only in another hand, the piles' order, a card face down under
    another player's transport (itc-customs-check: it is shown only when checked) and the
    generator give the player the same observation and, for the same seed, the same determinised
    position; bots with the same seed make the same move in both. A change in the player's own
    hand changes the observation."""
    state, p, other, covered = _with_hidden_things()
    copy = _hidden_changed(state, p, other, covered)
    assert copy.to_json() != state.to_json()
    assert copy.observation(p) == state.observation(p)
    for seed in (0, 5):
        assert copy.determinize(p, seed).to_json() == state.determinize(p, seed).to_json()
    for kind, budget in (("random", {}), ("heuristic", {}), ("search", {"iterations": 30}),
                         ("search", {"iterations": 30, "depth": 2, "width": 2})):
        assert (gamekit.bot("itc", kind, seed=3, **budget).explain(copy)
                == gamekit.bot("itc", kind, seed=3, **budget).explain(state)), kind
    # the other player does see the difference in their own hand
    assert copy.observation(other) != state.observation(other)
    # and a change in the player's own hand is seen
    mine = state.clone()
    hand = mine.hands[p]
    deck = next(c for c in mine.t_deck if not mine.cards.neutral[c])
    if hand:
        old = hand[0]
        hand[0] = deck
        mine.t_deck[mine.t_deck.index(deck)] = old
    else:
        hand.append(deck)
        mine.t_deck.remove(deck)
    assert mine.observation(p) != state.observation(p)


def test_cards_put_under_a_transport_lie_face_down_for_the_others():
    """itc-smuggling, itc-customs-check: the others see that a card lies under a new transport and
    that a card was played, not which; the owner sees it."""
    s = at_act(players=2, seed=8, kept="blue", points=6)
    p = s.turn
    other = 1 - p
    card = take_card(s, "transport", routes=("truck", "plane"))
    s.hands[p] += [card, take_card(s, "smuggling")]
    s.checkpoint()
    s.apply(PlaceTransport(card, "plane", 1, "smuggling"))
    theirs, mine = s.observation(other), s.observation(p)
    assert next(e for e in theirs["board"] if e[0] == card)[4] == HIDDEN and "smuggling" not in theirs["played"]
    shown = next(e for e in mine["board"] if e[0] == card)[4]
    assert shown == s.under[card] and s.cards.kind[shown] == "smuggling" and "smuggling" in mine["played"]


@pytest.mark.parametrize("players, seed", [(2, 1), (3, 2), (5, 3)])
def test_determinized_positions_keep_the_public_position_and_the_legal_actions(players, seed):
    """At many points of seeded games the player to move gets, from any seed, a position with the
    same observation and the same legal actions, whose hidden parts are drawn again (the other
    hands differ between seeds), and on which play goes on by the rules."""
    redrawn = False
    rng = Rng(seed)
    for step, position in enumerate(_heuristic_game(players, seed)):
        if position.is_over() or step % 6:
            continue
        p = position.current_player
        copies = [position.determinize(p, k) for k in range(3)]
        for k, copy in enumerate(copies):
            assert copy.legal_actions() == position.legal_actions()
            assert copy.observation(p) == position.observation(p)
            assert copy.log == [] and copy.seed == k  # the determinize seed: the game's would tell the piles
        others = [q for q in range(players) if q != p and position.hands[q]]
        if others and len({tuple(c.hands[others[0]]) for c in copies}) > 1:
            redrawn = True
        play = copies[0]
        for _ in range(25):
            if play.is_over():
                break
            actions = play.legal_actions()
            play.apply(actions[rng.randbelow(len(actions))])
    assert redrawn


# -- chance, listed (state.outcomes) --------------------------------------------------------------


def test_outcomes_of_the_dice_are_exact():
    """itc-dice: two chosen dice have 6 x 8 = 48 equally likely results (blue d6, green d8), or
    6 x 6 = 36 with the red die; each outcome's position shows its rolls."""
    s = setup_done(players=3, seed=2)
    s.apply(DrawActionCard())
    before = s.to_json()
    outcomes = s.outcomes(ChooseDice("blue", "green"))
    assert len(outcomes) == 48 and {o.probability for o in outcomes} == {Fraction(1, 48)}
    assert sum(o.probability for o in outcomes) == 1
    for o in outcomes:
        (w1, blue), (w2, green) = o.chance
        assert (w1, w2) == ("blue die", "green die") and o.state.rolls == {"blue": blue, "green": green}
    assert sum(o.probability for o in outcomes if o.chance[1][1] == 8) == Fraction(1, 8)
    red = s.outcomes(ChooseDice("blue", "red"))
    assert len(red) == 36 and sum(o.probability for o in red if o.chance[1][1] == 1) == Fraction(1, 6)
    with pytest.raises(IllegalAction) as refused:
        s.outcomes(KeepDie("red"))  # not rolled yet
    assert refused.value.rule == "itc-turn-sequence"
    assert s.to_json() == before  # listing, or refusing to, changes nothing
    expect_illegal(s, KeepDie("red"), "itc-turn-sequence")


def _attack_position(held: int):
    for k in range(40):
        s = at_act(players=2, seed=19 + k, kept="green", points=1)
        if s.controller != s.turn:
            break
    ctrl = s.controller
    s.markers[GREY][ctrl] += held
    s.stones[ctrl] -= held
    return s.checkpoint()


def test_outcomes_of_the_grey_market_fight_are_the_exact_losses():
    """itc-grey-market-fight: three attack markers against the Mafia stone alone win with 5/14 at
    once, lose one marker first with 9/14 * 5/14, two with (9/14)^2 * 5/14, and lose the fight with
    (9/14)^3; each outcome's position has the Mafia's controller and markers that follow."""
    s = _attack_position(held=0)
    p, ctrl = s.turn, s.controller
    outcomes = s.outcomes(Attack())
    table = {}
    for o in outcomes:
        (what, rolls), = o.chance
        assert what == "grey-market fight"
        left = o.state.markers[GREY][p]
        table[(o.state.controller == p, left)] = o.probability
        if o.state.controller == ctrl:
            assert left == 0 and o.state.markers[GREY][ctrl] == 0
    assert table == {(True, 3): Fraction(5, 14), (True, 2): Fraction(45, 196), (True, 1): Fraction(405, 2744),
                     (False, 0): Fraction(729, 2744)}
    assert sum(table.values()) == 1
    # against the stone and one sales marker: won with (5/14)^2 (1 + 2 * 9/14 + 3 * (9/14)^2)
    s2 = _attack_position(held=1)
    won = sum(o.probability for o in s2.outcomes(Attack()) if o.state.controller == s2.turn)
    assert won == Fraction(17275, 38416)


def test_outcomes_of_a_drawn_card_and_of_a_reshuffle():
    """itc-action-cards: the top card of the shuffled pile is no chance now (one outcome); a pile
    that runs out is refilled by shuffling its discard pile (assumption "draw piles"): two cards in
    either order, 1/2 each; a large discard pile is too many orders to list, sampled instead."""
    s = setup_done(players=2, seed=6)
    (only,) = s.outcomes(DrawActionCard())
    assert only.probability == 1 and only.state.to_json() == s.clone().apply(DrawActionCard()).to_json()
    s.apply(DrawActionCard())
    s.force("red die", 1).apply(ChooseDice("blue", "red"))
    a, b = [c for c in s.t_deck if not s.cards.neutral[c]][:2]
    s.t_discard.extend(c for c in s.t_deck if c not in (a, b))
    s.t_deck[:] = []
    small = s.clone()
    small.t_discard[:] = [a, b]
    outcomes = small.outcomes(KeepDie("red"))
    assert [o.probability for o in outcomes] == [Fraction(1, 2), Fraction(1, 2)]
    drawn = {o.state.hands[small.turn][-1] for o in outcomes}
    assert drawn == {a, b}
    s.t_discard.extend([a, b])
    with pytest.raises(TooManyOutcomes):
        s.outcomes(KeepDie("red"))
    samples = s.sample_outcomes(KeepDie("red"), 3, seed=1)
    assert all(o.probability is None and o.chance[0][0] == "reshuffle transport cards" for o in samples)


@pytest.mark.parametrize("seed", [11, 12])
def test_outcomes_listed_for_every_action_of_seeded_games(seed):
    """Every action of a seeded game lists its outcomes with probabilities summing to 1; only an
    action that reshuffles a large discard pile refuses (too many orders)."""
    kinds = set()
    for step, position in enumerate(_heuristic_game(3, seed)):
        if position.is_over() or step % 5:
            continue
        for action in position.legal_actions():
            try:
                outcomes = position.outcomes(action)
            except TooManyOutcomes:
                assert isinstance(action, (KeepDie, DrawActionCard))
                assert not position.t_deck or not position.a_deck
                continue
            assert sum(o.probability for o in outcomes) == 1
            kinds.add(type(action).__name__)
    assert {"PlaceSalesMarker", "DrawActionCard", "ChooseDice", "KeepDie", "PlaceTransport", "MoveTransport",
            "EndTurn"} <= kinds


# -- the bots ---------------------------------------------------------------------------------------


def test_every_bot_plays_a_whole_game_by_the_rules_and_repeats_itself():
    """Random, heuristic and (with a small budget) search bots play a complete three-player game,
    choosing only legal actions; the same seeds give the same game."""

    def play():
        state = GAME.new(players=3, seed=21, goal=40_000)
        bots = [gamekit.bot("itc", "random", seed=1), gamekit.bot("itc", "heuristic", seed=2),
                gamekit.bot("itc", "search", seed=3, iterations=10)]
        while not state.is_over():
            bot = bots[state.current_player]
            action, reason = bot.explain(state)
            assert action in state.legal_actions() and isinstance(reason, str) and reason
            state.apply(action)
        return state

    first = play()
    assert first.is_over() and first.winners()
    assert play().to_json() == first.to_json()


def test_heuristic_beats_random_players():
    """The heuristic player wins far more often than its share: one heuristic and two random
    players in 12 seeded games (random chance: 4 wins)."""
    wins = 0
    for i in range(12):
        seat = i % 3
        bots = [gamekit.bot("itc", "heuristic" if q == seat else "random", seed=100 + 3 * i + q) for q in range(3)]
        state = GAME.new(players=3, seed=300 + i, goal=60_000)
        while not state.is_over():
            state.apply(bots[state.current_player].choose(state))
        wins += seat in state.winners()
    assert wins >= 10


def test_heuristic_plays_selling_example_1():
    """itc-selling-example-1: with 6 sales markers in North America and a green 4 (7 black, 1 red,
    3 green, 8 yellow, 4 blue there), the heuristic places a 7th marker, then sells black, red and
    green for 7,000 + 2,000 + 7,500 = 16,500 euros."""
    s = at_act(players=2, seed=3, kept="green", points=4)
    p = s.turn
    na = PLACES.index("North America")
    goods = {"black": 7, "red": 1, "green": 3, "yellow": 8, "blue": 4}
    s.stones[p] -= 6 - s.markers[na][p]
    s.markers[na][p] = 6
    s.goods_supply -= sum(goods.values()) - sum(s.goods[na])
    s.goods[na] = [goods.get(c, 0) for c in COLOURS]
    s.checkpoint()
    bot = gamekit.bot("itc", "heuristic", seed=0)
    score = s.score[p]
    assert bot.choose(s) == PlaceSalesMarker("North America")
    s.apply(PlaceSalesMarker("North America"))
    action, reason = bot.explain(s)
    assert action == Sell("North America", 3) and "16,500" in reason
    s.apply(action)
    assert s.score[p] - score == 16_500


@pytest.mark.parametrize("held, attacks", [(0, True), (1, False)])
def test_heuristic_attacks_only_when_the_odds_favour_it(held, attacks):
    """itc-grey-market-fight: three attack markers win against the Mafia stone alone with
    2015/2744 (about 73 %), so the heuristic attacks; against the stone and one marker only with
    17275/38416 (about 45 %), so it does not."""
    s = _attack_position(held)
    assert Attack() in s.legal_actions()
    assert (gamekit.bot("itc", "heuristic", seed=0).choose(s) == Attack()) == attacks


def test_heuristic_keeps_the_die_its_sale_needs():
    """itc-dice: with goods to sell in North America and no transport card to use, the heuristic
    keeps a green 4 rather than a blue 6."""
    s = setup_done(players=2, seed=3)
    s.apply(DrawActionCard())
    s.force("blue die", 6).force("green die", 4).apply(ChooseDice("blue", "green"))
    p = s.turn
    na = PLACES.index("North America")
    s.t_discard.extend(s.hands[p])
    s.hands[p] = []
    s.stones[p] -= 6 - s.markers[na][p]
    s.markers[na][p] = 6
    s.goods_supply -= 4
    s.goods[na] = [2, 0, 0, 0, 2, 0]
    s.checkpoint()
    action, reason = gamekit.bot("itc", "heuristic", seed=0).explain(s)
    assert action == KeepDie("green") and "green 4" in reason


def test_search_counts_the_fight_exactly_and_keeps_to_its_budget():
    """The search (an expectimax over determinised positions, gamekit.itc.bots.ItcSearch) weighs an
    attack by its exact outcomes (itc-grey-market-fight: four ends of the fight against the Mafia
    stone alone), looks at no more positions than its budget after one full pass, and also stops
    on a time limit."""
    from gamekit.itc.bots import ItcSearch

    s = _attack_position(held=0)
    bot = gamekit.bot("itc", "search", seed=1, iterations=1)
    assert isinstance(bot, ItcSearch)
    action, reason = bot.explain(s)
    assert action in s.legal_actions() and "positions" in reason
    one_pass = bot.last_iterations
    fight = s.determinize(s.turn, 0)
    assert len(fight.outcomes(Attack(), limit=bot.LIMIT)) == 4
    assert one_pass >= len(s.legal_actions()) + 3  # the attack alone is four positions
    more = gamekit.bot("itc", "search", seed=1, iterations=10 * one_pass)
    more.explain(s)
    assert more.last_iterations >= 10 * one_pass > one_pass
    quick = gamekit.bot("itc", "search", seed=1, iterations=None, ms=1)
    assert quick.choose(s) in s.legal_actions() and quick.last_iterations < 10 * one_pass


def test_evaluation_favours_the_leader():
    """The search's evaluation gives every player a value from 0 to 1, more to a player far ahead."""
    s = at_act(players=3, seed=5)
    values = evaluate(s)
    assert len(values) == 3 and all(0 <= v <= 1 for v in values)
    s.score[1] += 30_000
    ahead = evaluate(s)
    assert ahead[1] > 0.5 > ahead[0] and ahead[1] > values[1]
