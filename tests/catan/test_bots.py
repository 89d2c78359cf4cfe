"""Opponents for the three Catan games (issue 16): declared chance, what each player sees,
determinised positions, and the random, heuristic and search bots.

The numbers written here come from the rule text (a 25-card deck of 14 knights, 2 road building,
2 year of plenty, 2 monopoly and 5 victory points, rule ``catan-development-cards``; two six-sided
dice, rule ``catan-production``; the investment d6, rule ``factories-investment``; the six-colour
die of rule ``solcher-production``), never read back from the engine's constants.
"""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
from catan_helpers import empty_main, give, path_edges, put, road

import gamekit
from gamekit import IllegalAction
from gamekit.catan.actions import (
    BuildFactory,
    BuyDevelopmentCard,
    EndTurn,
    Invest,
    MoveRobber,
    Roll,
)
from gamekit.catan.playout import random_policy
from gamekit.rng import Rng

GAMES = ("catan", "factories", "trade-feud")
KNIGHT, VICTORY_POINT = 0, 4  # positions in a five-count development hand (knight first, victory point last)


def positions(name: str, seed: int, every: int = 9, players: int = 4, limit: int = 900, **options) -> list:
    """Copies of a seeded random game (the playout policy) every ``every`` actions."""
    state = gamekit.game(name).new(players=players, seed=seed, **options)
    rng = Rng(700 + seed)
    out = []
    steps = 0
    while not state.is_over() and steps < limit:
        if steps % every == 0:
            out.append(state.clone())
        state.apply(random_policy(state, rng))
        steps += 1
    return out


def with_dev_cards(name: str, seed: int = 1, **options):
    """A position where the player to move and another player both hold development cards."""
    for state in positions(name, seed, every=3, **options):
        p = state.current_player
        others = [q for q in range(state.players) if q != p and sum(state.dev_hands[q])]
        if sum(state.dev_hands[p]) and others and sum(state.dev_deck) >= 2:
            return state, p, others[0]
    raise AssertionError("no such position in the seeded game")


def swap_hidden_card(state, opponent: int):
    """A copy in which one of ``opponent``'s development cards is exchanged for a card of another
    kind from the deck (what the player to move cannot see), and the generator is another."""
    other = state.clone()
    hand, deck = other.dev_hands[opponent], other.dev_deck
    have = next(k for k in range(5) if hand[k])
    take = next(k for k in range(5) if k != have and deck[k])
    hand[have] -= 1
    deck[have] += 1
    hand[take] += 1
    deck[take] -= 1
    other.rng = Rng(987654321)
    return other


# -- declared chance -------------------------------------------------------------------------------


def test_the_production_roll_lists_36_results_a_seven_is_one_in_six():
    """catan-production: two six-sided dice; a total of 7 comes up 6 times in 36, a 2 once."""
    state = empty_main(players=3)
    state.arrange(phase="roll")
    before = state.to_json()
    outcomes = state.outcomes(Roll())
    assert state.to_json() == before
    assert len(outcomes) == 36 and all(o.probability == Fraction(1, 36) for o in outcomes)
    assert sum(o.probability for o in outcomes) == 1
    by_total: dict[int, Fraction] = {}
    for o in outcomes:
        (what, (total, faces)), = o.chance
        assert what == "2d6" and total == sum(faces) and o.state.dice[:2] == faces
        by_total[total] = by_total.get(total, Fraction(0)) + o.probability
    assert by_total[7] == Fraction(1, 6) and by_total[2] == Fraction(1, 36) and by_total[8] == Fraction(5, 36)
    assert {o.state.phase for o in outcomes if o.chance[0][1][0] == 7} == {"robber"}
    assert {o.state.phase for o in outcomes if o.chance[0][1][0] != 7} == {"main"}


def test_solchers_roll_adds_the_colour_die():
    """solcher-production: the two dice and a six-colour die, 216 results of 1/216 each."""
    state = empty_main(players=3, production_rule="solcher")
    state.arrange(phase="roll")
    outcomes = state.outcomes(Roll())
    assert len(outcomes) == 216 and {o.probability for o in outcomes} == {Fraction(1, 216)}
    colours = {o.chance[1][1] for o in outcomes}
    assert len(colours) == 6 and all(o.state.dice[2] == o.chance[1][1] for o in outcomes)


def test_buying_a_development_card_from_the_full_deck():
    """catan-development-cards: from the 25 cards, a knight with 14/25, a victory point with 5/25."""
    state = empty_main(players=3)
    give(state, 0, wool=1, grain=1, ore=1)
    state.checkpoint()
    outcomes = state.outcomes(BuyDevelopmentCard())
    chances = {o.chance[0][1]: o.probability for o in outcomes}
    assert chances == {"knight": Fraction(14, 25), "road building": Fraction(2, 25), "year of plenty": Fraction(2, 25),
                       "monopoly": Fraction(2, 25), "victory point": Fraction(5, 25)}
    for o in outcomes:
        got = [k for k in range(5) if o.state.dev_hands[0][k]]
        assert len(got) == 1 and sum(o.state.dev_deck) == 24
    assert sum(state.dev_deck) == 25  # the state itself is unchanged


def test_the_stolen_card_is_drawn_from_the_victims_hand():
    """catan-robber: a hand of 2 brick and 1 wool gives brick with 2/3, wool with 1/3."""
    state = empty_main(players=3)
    put(state, 1, 10)
    give(state, 1, brick=2, wool=1)
    state.arrange(phase="robber")
    state.checkpoint()
    hexes = [h for h in state.board.land_hexes if 10 in state.topo.hex_nodes[h] and h != state.robber]
    outcomes = state.outcomes(MoveRobber(hexes[0], 1))
    assert {o.chance[0][1]: o.probability for o in outcomes} == {"brick": Fraction(2, 3), "wool": Fraction(1, 3)}
    for o in outcomes:
        r = ("brick", "lumber", "wool", "grain", "ore").index(o.chance[0][1])
        assert o.state.hands[0][r] == 1 and o.state.hands[1][r] == state.hands[1][r] - 1


def test_an_investment_rolls_a_d6():
    """factories-investment: each number 1/6; a number already in a factory fails
    (factories-failed-investment)."""
    state = empty_main(players=3)
    put(state, 0, 10, "factory")
    state.factories[10][2] = 3  # peg 3 already in
    state.pegs_left[0].remove(3)
    give(state, 0, brick=1, ore=1)
    state.checkpoint()
    outcomes = state.outcomes(Invest(10))
    assert [o.chance[0] for o in outcomes] == [("investment d6", n) for n in range(1, 7)]
    assert {o.probability for o in outcomes} == {Fraction(1, 6)}
    failed = [o for o in outcomes if o.chance[0][1] == 3][0].state
    assert failed.blanks_left[0] == state.blanks_left[0] - 1


def test_an_illegal_action_has_no_outcomes_and_changes_nothing():
    state = empty_main(players=3)
    before = state.to_json()
    with pytest.raises(IllegalAction):
        state.outcomes(BuyDevelopmentCard())  # no cards to pay with
    with pytest.raises(IllegalAction):
        state.outcomes(Roll())  # the roll is over
    assert state.to_json() == before


@pytest.mark.parametrize("name", GAMES)
def test_every_action_type_has_exact_outcomes(name):
    """Every kind of legal action at sampled points of seeded games lists outcomes summing to 1."""
    options = {"production_rule": "solcher", "robber_may_rotate_factory": True} if name == "factories" else {}
    kinds: set[str] = set()
    for seed in (1, 2):
        for state in positions(name, seed, every=5, players=3, **options):
            first: dict[type, object] = {}
            for a in state.legal_actions():
                first.setdefault(type(a), a)
            for a in first.values():
                outcomes = state.outcomes(a)
                assert sum(o.probability for o in outcomes) == 1
                kinds.add(type(a).__name__)
    assert {"Roll", "BuyDevelopmentCard", "EndTurn", "BuildRoad", "BuildSettlement"} <= kinds
    if name == "factories":
        assert {"BuildFactory", "RotateFactory"} <= kinds
    if name == "trade-feud":
        assert {"BuildShip", "MovePirate"} <= kinds
    else:
        assert "MoveRobber" in kinds


# -- what each player sees -------------------------------------------------------------------------


@pytest.mark.parametrize("name", GAMES)
def test_the_observation_hides_other_players_development_cards(name):
    """catan-development-cards: a player sees their own cards and only the count of the others'."""
    state, p, q = with_dev_cards(name)
    seen = state.observation(p)
    assert json.loads(json.dumps(seen)) == seen
    assert seen["dev_hands"][p] == state.dev_hands[p]
    assert seen["dev_hands"][q] == sum(state.dev_hands[q])
    assert seen["dev_deck"] == sum(state.dev_deck)
    assert "rng" not in seen and "seed" not in seen
    assert seen["hands"] == state.hands  # resource cards are open (assumption "open resource hands")
    changed = swap_hidden_card(state, q)
    assert changed.observation(p) == seen
    assert changed.determinize(p, 5).to_json() == state.determinize(p, 5).to_json()
    assert changed.observation(q) != state.observation(q)  # the holder sees the difference
    mine = state.clone()
    k = next(k for k in range(5) if mine.dev_hands[p][k])
    j = next(j for j in range(5) if j != k and mine.dev_deck[j])
    mine.dev_hands[p][k] -= 1
    mine.dev_hands[p][j] += 1
    mine.dev_deck[k] += 1
    mine.dev_deck[j] -= 1
    assert mine.observation(p) != seen
    assert mine.determinize(p, 5).dev_hands[p] == mine.dev_hands[p] != state.dev_hands[p]


@pytest.mark.parametrize("name", GAMES)
def test_determinised_positions_agree_with_what_the_player_sees(name):
    """At many points of seeded games the determinised position has the same observation and the
    same legal actions for the player to move; the development cards add up to the 25 of the deck."""
    checked = 0
    for seed in (3, 4):
        for state in positions(name, seed, every=7):
            p = state.current_player
            for s in (0, 1):
                d = state.determinize(p, s)
                assert d.legal_actions() == state.legal_actions()
                assert d.observation(p) == state.observation(p)
                assert d.log == [] and d.seed == s  # the determinize seed: the game's would tell the dice
                played = d.dev_cards_played()
                totals = [d.dev_deck[k] + sum(h[k] for h in d.dev_hands) + played[k] for k in range(5)]
                assert totals == [14, 2, 2, 2, 5]
                checked += 1
    assert checked > 100


def test_determinising_deals_the_unseen_cards_at_random():
    """The unseen cards are dealt again: over seeds an opponent's one card takes several kinds."""
    state, p, q = with_dev_cards("catan")
    kinds = set()
    for s in range(40):
        hand = state.determinize(p, s).dev_hands[q]
        kinds.update(k for k in range(5) if hand[k])
        assert sum(hand) == sum(state.dev_hands[q])
    assert len(kinds) >= 2


def test_no_victory_point_card_is_dealt_to_a_player_it_would_make_win():
    """catan-victory: a player with 9 points would have won with a victory point card in hand, so a
    determinised position never gives them one; with 5 points it may."""
    state = empty_main(players=3)
    apart: list[int] = []  # intersections two or more edges apart (the distance rule)
    for v in range(len(state.node_owner)):
        if len(apart) < 7 and all(m not in apart for m in state.topo.node_nodes[v]):
            apart.append(v)
    state.arrange(cities=[(1, v) for v in apart[:2]], settlements=[(1, v) for v in apart[2:]])
    assert state.public_points(1) == 9  # two cities and five settlements: 2 * 2 + 5
    state.dev_deck[KNIGHT] -= 1
    state.dev_hands[1][KNIGHT] += 1
    assert all(state.determinize(0, s).dev_hands[1][VICTORY_POINT] == 0 for s in range(60))
    poor = empty_main(players=3)
    poor.arrange(settlements=[(1, v) for v in apart[:5]])
    poor.dev_deck[KNIGHT] -= 1
    poor.dev_hands[1][KNIGHT] += 1
    assert any(poor.determinize(0, s).dev_hands[1][VICTORY_POINT] for s in range(60))


# -- the bots --------------------------------------------------------------------------------------


def play(name: str, kinds: list[str], seed: int, players: int = 3, limit: int = 3000, **budget):
    state = gamekit.game(name).new(players=players, seed=seed)
    bots = [gamekit.bot(name, k, seed=100 * seed + i, **(budget if k == "search" else {})) for i, k in enumerate(kinds)]
    steps = 0
    while not state.is_over() and steps < limit:
        legal = state.legal_actions()
        action, why = bots[state.current_player].explain(state)
        assert action in legal and isinstance(why, str) and why
        state.apply(action)
        steps += 1
    return state


@pytest.mark.parametrize("name", GAMES)
def test_heuristic_and_random_bots_play_whole_games_legally_and_reproducibly(name):
    first = play(name, ["heuristic", "random", "heuristic"], seed=5)
    assert first.is_over()
    again = play(name, ["heuristic", "random", "heuristic"], seed=5)
    assert again.to_json() == first.to_json()


@pytest.mark.parametrize("name", GAMES)
def test_the_heuristic_beats_random_players(name):
    """One heuristic player against two random ones, seats rotated: it wins far more than the one
    game in three that chance would give it (it won every one of these when measured)."""
    wins = 0
    games = 6
    for seed in range(games):
        kinds = ["heuristic", "random", "random"]
        kinds = kinds[seed % 3:] + kinds[:seed % 3]
        state = play(name, kinds, seed=seed)
        wins += kinds.index("heuristic") in state.winners()
    assert wins >= 5


@pytest.mark.parametrize("kind", ["heuristic", "search"])
def test_the_same_observation_and_seed_give_the_same_move(kind):
    """A bot reads only what its player may see: a position that differs in another player's
    hidden development card and in the generator gets the same move."""
    budget = {"iterations": 12, "depth": 4} if kind == "search" else {}
    for name in GAMES:
        state, p, q = with_dev_cards(name)
        other = swap_hidden_card(state, q)
        assert other.to_json() != state.to_json()
        a = gamekit.bot(name, kind, seed=3, **budget).choose(state)
        b = gamekit.bot(name, kind, seed=3, **budget).choose(other)
        assert a == b and a in state.legal_actions()


def test_search_plays_a_complete_legal_game():
    state = play("catan", ["search", "heuristic", "heuristic"], seed=2, iterations=6, depth=3)
    assert state.is_over() and state.winners()


@pytest.mark.parametrize("name", ["factories", "trade-feud"])
def test_search_moves_are_legal_in_the_variants(name):
    state = gamekit.game(name).new(players=3, seed=4)
    search = gamekit.bot(name, "search", seed=1, iterations=6, depth=3)
    helper = gamekit.bot(name, "heuristic", seed=2)
    moves = 0
    while not state.is_over() and moves < 60:
        bot = search if state.current_player == 0 else helper
        action = bot.choose(state)
        assert action in state.legal_actions()
        state.apply(action)
        moves += state.current_player == 0
    assert len(state.log) > 60


def test_the_heuristic_builds_towards_points():
    """With a city's cards and a settlement it builds the city (catan-city); with nothing to build
    it ends its turn; factories: with a factory's cards and a site, and nothing else, it builds one."""
    state = empty_main(players=3)
    put(state, 0, 10)
    give(state, 0, grain=2, ore=3)
    action, why = gamekit.bot("catan", "heuristic").explain(state)
    assert action.__class__.__name__ == "BuildCity" and action.node == 10 and "city" in why
    bare = empty_main(players=3)
    put(bare, 0, 10)
    assert gamekit.bot("catan", "heuristic").choose(bare) == EndTurn()
    factory = empty_main(players=3)
    put(factory, 0, 10)
    topo, board = factory.topo, factory.board
    near = set(topo.node_nodes[10])
    target = next((a, b) for a in topo.node_nodes[10] for b in topo.node_nodes[a]
                  if b != 10 and b not in near
                  and len({board.hex_resource[h] for h in topo.node_hexes[b] if board.hex_resource[h] >= 0}) >= 2)
    road(factory, 0, *path_edges(factory, [10, *target]))
    give(factory, 0, brick=2, ore=3)
    assert factory.building_sites(0) == [target[1]]
    assert gamekit.bot("factories", "heuristic").choose(factory) == BuildFactory(target[1])


def test_the_evaluation_favours_points():
    from gamekit.bots import evaluate

    state = empty_main(players=3)
    put(state, 0, 10)
    put(state, 0, 20)
    put(state, 1, 30)
    values = evaluate(state)
    assert abs(sum(values) - 1) < 1e-9 and values[0] > values[1] > values[2] >= 0


@pytest.mark.parametrize("name", GAMES)
def test_the_search_candidates_are_legal_and_keep_the_heuristics_choice(name):
    """The moves the search tries are legal, never an offer to another player, always include the
    heuristic's own choice, and are fewer than the legal moves where those are many."""
    from gamekit.catan.bots import CatanHeuristic, candidates

    scorer = CatanHeuristic(name, 0)
    cut = 0
    for state in positions(name, 6, every=4):
        view = state.determinize(state.current_player, 0)
        legal = view.legal_actions()
        kept = candidates(view, legal)
        assert kept and all(a in legal for a in kept)
        assert not any(type(a).__name__ == "OfferTrade" for a in kept)
        if len(legal) > 1:
            assert scorer.decide(view, view.current_player)[0] in kept
        cut += len(kept) < len(legal)
    assert cut > 10
