"""Random play: seeded games run to the end with legal actions only, and the invariants hold
(goods cubes, stones and cards conserved; scores equal the logged profits and penalties; clones
are independent; saves round-trip; same seed and actions give the same game)."""

from __future__ import annotations

import dataclasses
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from itc_helpers import GAME, check_invariants, play_random

from gamekit.itc import (
    Attack,
    ChooseDice,
    DeliverTransport,
    Discard,
    DrawActionCard,
    EndTurn,
    ExpressMove,
    KeepDie,
    MoveTransport,
    PlaceSalesMarker,
    PlaceTransport,
    PlayCard,
    Sell,
)
from gamekit.itc.data import CONTINENTS, PLACES, ROUTES
from gamekit.itc.options import ACTION_CARD_KINDS

DICE = ("blue", "green", "red")


def candidate_actions(s) -> set:
    """A broad superset of the legal actions, built without the engine's move generator."""
    out = {DrawActionCard(), Attack(), EndTurn()}
    out |= {ChooseDice(a, b) for a in DICE for b in DICE}
    out |= {KeepDie(c) for c in DICE}
    out |= {PlaceSalesMarker(place) for place in PLACES}
    out |= {Sell(place, k) for place in PLACES for k in range(1, 9)}
    out |= {PlayCard(kind) for kind in ACTION_CARD_KINDS}
    hand = s.hands[s.current_player] if s.current_player is not None else []
    out |= {Discard(c) for c in hand}
    for card in hand:
        if card < s.cards.n_transport:
            for route in ROUTES:
                for lane in (1, 2, 3):
                    for under in ("", "express", "smuggling", "mega", "customs-truck"):
                        out.add(PlaceTransport(card, route, lane, under))
    for card in range(s.cards.n_transport):
        if s.at_lane[card] >= 0:
            out |= {MoveTransport(card, lane) for lane in (0, 1, 2, 3)}
            out.add(ExpressMove(card))
            out |= {DeliverTransport(card, c) for c in CONTINENTS}
    return out


def allowed(s, action) -> bool:
    err = s.refusal(action)  # the check apply makes: once the game is over, protocol-game-over
    if err is not None:
        assert err.rule and (err.rule.startswith("itc-") or s.is_over() and err.rule == "protocol-game-over"), err
        return False
    return True


def check_legal_actions(s) -> None:
    """legal_actions() is exactly the set of candidates that pass the checks, without repeats;
    checking changes nothing."""
    before = s.state_data()
    legal = s.legal_actions()
    assert len(legal) == len(set(legal))
    assert set(legal) == {a for a in candidate_actions(s) if allowed(s, a)}
    for a in legal:
        assert str(a)
    assert s.state_data() == before


def test_random_games_reach_the_end_with_invariants():
    """150 seeded games (2-6 players, goal 40,000) end, and the invariants hold along the way."""
    lengths = []
    for seed in range(150):
        players = 2 + seed % 5
        s = GAME.new(players=players, seed=seed, goal=40_000)
        rng = random.Random(seed)

        def every(state, n):
            if n % 37 == 0:
                check_invariants(state)
            if n % 211 == 0:
                check_legal_actions(state)

        taken = play_random(s, rng, every=every)
        check_invariants(s)
        assert s.goal_reached  # (a customs check may lower a score again after the goal was reached)
        lengths.append(len(taken))
    assert min(lengths) > 20


def test_full_goal_games():
    """A few games with the default goal of 200,000, one for each number of players."""
    for players in range(2, 7):
        s = GAME.new(players=players, seed=1000 + players)
        play_random(s, random.Random(players))
        check_invariants(s)
        assert s.goal_reached
        assert s.winners() and all(s.score[w] == max(s.score) for w in s.winners())


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 6), goal=st.integers(5_000, 60_000),
       robbery=st.sampled_from(["other-owner", "always", "never"]), diagonal=st.booleans())
def test_hypothesis_random_games(seed, players, goal, robbery, diagonal):
    """Random games under random settings end, with the invariants and the legal-move checks holding."""
    s = GAME.new(players=players, seed=seed, goal=goal, mafia_robbery=robbery, diagonal_moves=diagonal)
    rng = random.Random(seed)

    def every(state, n):
        if n % 29 == 0:
            check_invariants(state)
        if n % 97 == 0:
            check_legal_actions(state)

    play_random(s, rng, every=every)
    check_invariants(s)


def test_same_seed_same_actions_same_game():
    """Same seed and same actions: an identical log and state (randomness only from the state)."""
    s = GAME.new(players=4, seed=77, goal=50_000)
    taken = play_random(s, random.Random(5))
    t = GAME.new(players=4, seed=77, goal=50_000)
    for a in taken:
        t.apply(a)
    assert t.log == s.log and t.to_json() == s.to_json()
    # replaying by the actions' text works too
    u = GAME.new(players=4, seed=77, goal=50_000)
    for entry in s.log[:400]:
        u.apply(entry["text"])
    assert u.log == s.log[:400]


def test_round_trip_and_clone_mid_game():
    """to_json/from_json round-trips exactly mid-game (the generator included), and the restored
    game continues identically; clones are independent."""
    rng = random.Random(3)
    s = GAME.new(players=3, seed=31, goal=60_000)
    checked = 0
    while not s.is_over():
        if len(s.log) % 53 == 0:
            text = s.to_json()
            r = GAME.from_json(text)
            assert r.to_json() == text
            c = s.clone()
            # continue all three with the same choices for a while
            seq_rng = random.Random(len(s.log))
            for _ in range(30):
                if s.is_over():
                    break
                legal = s.legal_actions()
                assert r.legal_actions() == legal == c.legal_actions()
                a = seq_rng.choice(legal)
                s.apply(a)
                r.apply(a)
                c.apply(a)
            assert r.to_json() == s.to_json() == c.to_json()
            checked += 1
            # clone independence: playing on the clone leaves the original alone
            before = s.to_json()
            d = s.clone()
            if not d.is_over():
                d.apply(d.legal_actions()[0])
                d.hands[0].append(-1)
                d.goods[0][0] += 1
            assert s.to_json() == before
        if not s.is_over():
            s.apply(rng.choice(s.legal_actions()))
    assert checked > 5


def test_deepcopy_is_a_clone():
    import copy

    s = GAME.new(players=2, seed=9, goal=20_000)
    for _ in range(300):
        if s.is_over():
            break
        s.apply(s.legal_actions()[-1])
    t = copy.deepcopy(s)
    assert t.to_json() == s.to_json() and t.log is not s.log


def test_options_round_trip_in_saves():
    """Settings are saved and restored with the game."""
    s = GAME.new(players=2, seed=4, goal=123_000, lane_lengths=(7, 6, 5, 4), mafia_robbery="never")
    r = GAME.from_json(s.to_json())
    assert r.options == s.options
    assert dataclasses.asdict(r.options)["lane_lengths"] == (7, 6, 5, 4)


def test_board_picture_is_well_formed_svg():
    """itc-board: the state's SVG picture parses as XML and shows every lane field and place."""
    import xml.etree.ElementTree as ET

    s = GAME.new(players=6, seed=8, goal=30_000)
    for _ in range(900):
        if s.is_over():
            break
        s.apply(random.Random(len(s.log)).choice(s.legal_actions()))
    root = ET.fromstring(s._repr_svg_())
    ns = "{http://www.w3.org/2000/svg}"
    texts = [t.text for t in root.iter(ns + "text")]
    for place in PLACES:
        assert any(t and t.startswith(place) for t in texts)
    fields = sum(len(col) for col in s.lanes)
    cards_on_board = sum(1 for col in s.lanes for c in col if c >= 0)
    assert len(root.findall(f"{ns}rect")) >= fields + cards_on_board


@pytest.mark.parametrize("players", [2, 6])
def test_board_names_the_mafias_player_as_the_page_does_and_draws_markers_inside_their_place(players):
    """itc-setup, itc-grey-market: the Mafia's controller is named counting from 1, as the scores and
    the page count players (it read "Mafia: P1" for the second player); every sales marker lies inside
    its place's box, which the play page presses and zooms to (at 360 px they lay beyond it, unseen)."""
    import xml.etree.ElementTree as ET

    from gamekit.itc.svg import place_box

    s = GAME.new(players=players, seed=735826348)
    rng = random.Random(3)
    while s.phase == "setup" or sum(map(sum, s.markers)) < 12 + 5 * players:
        s.apply(rng.choice(s.legal_actions()))
    ns = "{http://www.w3.org/2000/svg}"
    root = ET.fromstring(s._repr_svg_())
    grey = [t.text for t in root.iter(ns + "text") if t.text and t.text.startswith("grey market")]
    assert grey == [f"grey market (Mafia: P{s.controller + 1})"]
    assert f"The Mafia: player {s.controller + 1}." in root.find(ns + "desc").text
    circles = [(float(c.get("cx")), float(c.get("cy"))) for c in root.iter(ns + "circle")]
    assert len(circles) == sum(1 for row in s.markers for m in row if m)
    boxes = [place_box(s, i) for i in range(len(PLACES))]
    for cx, cy in circles:
        assert any(x <= cx - 7 and cx + 7 <= x + w and y <= cy <= y + h for x, y, w, h in boxes), (cx, cy)


def test_thousands_of_random_games_end():
    """itc-end: 1,500 more seeded games (2-6 players, goal 30,000) run to the end with no error, and
    cubes, markers and cards are still all accounted for at the end."""
    for seed in range(1000, 2500):
        s = GAME.new(players=2 + seed % 5, seed=seed, goal=30_000)
        play_random(s, random.Random(seed))
        assert s.is_over() and s.goal_reached
        check_invariants(s)
