"""Issue 31's open items on the play pages, as the service and the book give them (the browser side is
tests/browser/test_play_polish.py): a computer's move with its place on the board; moves in words that
count players from 1 (the protocol text, which saves hold, unchanged); a refused press where moves of
several kinds could be meant asks which; ITC's number of players and its action cards' timing as
readings of the text; no "Original text" box holding only a title; harbour labels clear of the board's
numbers."""

from __future__ import annotations

import math
import random
import re
from pathlib import Path

import pytest

import gamekit
from gamekit import IllegalAction
from gamekit.catan.actions import MoveRobber, OfferTrade
from gamekit.web import call
from gamekit.web.play import play
from gamekit.web.play_board import board_places, press

BOOK = Path(__file__).resolve().parents[1] / "book"
#: A player named by the engine's seat number in a page's words ("steal from player 2").
SEAT_NUMBER = re.compile(r"\b(?:from|offer|of) player \d")


def _random_until(game: str, players: int, seed: int, found, limit: int = 3000):
    """A game of random legal moves (``random.Random(seed)``) up to the first position where
    ``found(state)`` holds: that state."""
    state = gamekit.game(game).new(players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(limit):
        if found(state):
            return state
        state.apply(rng.choice(state.legal_actions()))
    pytest.fail(f"{game}: no such position in {limit} random moves")


@pytest.mark.parametrize("game,players", [("catan", 3), ("itc", 3), ("auf-achse", 2), ("transportspelet", 2),
                                          ("factories", 3), ("trade-feud", 3)])
def test_each_computer_move_comes_with_its_place_on_the_board(game, players):
    """Issue 31 item 2: while the computer plays, the move just shown in words is marked on the
    board: the view's ``last_move`` names the player in words and the places the move acted on."""
    answer = play(action={"kind": "start", "game": game, "players": players,
                          "seats": ["person"] + ["heuristic"] * (players - 1), "seed": 3})
    marked = 0
    for _ in range(200):
        view = answer["view"]
        if view["over"] or marked >= 3:
            break
        last = view["last_move"]
        state = gamekit.game(game).from_json(answer["situation"]["save"])
        if state.log_length and state.log[-1]["player"] not in (None, 0):
            assert last is not None and last["player"] == state.log[-1]["player"]
            assert last["text"].startswith(f"{last['colour']['name'].capitalize()} (Player {last['player'] + 1}): ")
            if last["places"]:
                marked += 1
                ids = {p["id"] for p in board_places(state, None)}
                assert all(p["id"] in ids and p["label"] and p["shape"] for p in last["places"])
        else:
            assert last is None  # a person's move, or the game's own, is not marked as the computer's
        if view["person_to_move"]:
            move = [m for g in view["moves"] for m in g["moves"]][-1]["action"]
            answer = play(situation=answer["situation"], action={"kind": "move", "text": move})
        else:
            answer = play(situation=answer["situation"], action={"kind": "bot"})
    assert marked >= 1, f"{game}: no computer move marked on the board"


def test_catan_names_the_robbed_player_from_one_and_keeps_the_protocol_text():
    """Issue 31: the robber's text "steal from player 2" counts seats from 0 while the page counts
    from 1. The page shows the move in words ("steal from White (Player 3)"), the move it sends back
    and the save keep the protocol text."""
    state = _random_until("catan", 3, 1, lambda s: s.current_player == 0 and any(
        isinstance(a, MoveRobber) and a.victim >= 0 for a in s.legal_actions()))
    situation = {"game": "catan", "seats": ["person", "heuristic", "heuristic"], "save": state.to_json()}
    view = play(situation=situation, action={"kind": "view"})["view"]
    moves = [m for g in view["moves"] for m in g["moves"]]
    robbing = [m for m in moves if "steal" in m["action"]]
    assert robbing
    for m in robbing:
        victim = int(m["action"].rsplit("player ", 1)[1])
        name = state.colours[victim].capitalize()
        assert m["label"].endswith(f"steal from {name} (Player {victim + 1})"), m
        assert not SEAT_NUMBER.search(m["label"])
    offers = [m for m in moves if m["action"].startswith("offer player")]
    for m in offers:
        assert not SEAT_NUMBER.search(m["label"]) and m["places"] == []  # a player is no edge of the board
    after = play(situation=situation, action={"kind": "move", "text": robbing[0]["action"]})
    assert robbing[0]["label"] in after["view"]["announce"]
    assert any(robbing[0]["label"] in row["text"] for row in after["view"]["log"])
    saved = gamekit.game("catan").from_json(after["situation"]["save"])
    assert saved.log[-1]["text"] == robbing[0]["action"]  # the save keeps the protocol's action
    # the hint names the player in words too, never by the seat number
    hinted = play(situation=situation, action={"kind": "hint"})["view"]["hint"]
    assert not SEAT_NUMBER.search(hinted["action"] + hinted["reason"])


def test_no_page_text_counts_players_from_zero():
    """Every game's moves, log, the others' moves and the result, played through by the computer with
    one person's seat watched: no player is named by the engine's seat number."""
    for game, players in [("catan", 4), ("factories", 3), ("trade-feud", 3), ("itc", 3), ("auf-achse", 3),
                          ("transportspelet", 3)]:
        answer = play(action={"kind": "start", "game": game, "players": players,
                              "seats": ["person"] + ["heuristic"] * (players - 1), "seed": 11})
        texts = []
        for _ in range(400):
            view = answer["view"]
            texts += [m["label"] for g in view["moves"] for m in g["moves"]] + view["others"] + [view["announce"]]
            if view["over"]:
                texts.append(view["result"])
                break
            if view["person_to_move"]:
                moves = [m for g in view["moves"] for m in g["moves"]]
                answer = play(situation=answer["situation"], action={"kind": "move", "text": moves[0]["action"]})
            else:
                answer = play(situation=answer["situation"], action={"kind": "bot"})
        texts += [row["text"] for row in answer["view"]["log"]]
        leaks = [t for t in texts if SEAT_NUMBER.search(t)]
        assert leaks == [], f"{game}: {leaks[:3]}"


def test_catan_trade_offer_in_words():
    offer = OfferTrade(2, ("ore",), ("brick",))
    state = gamekit.game("catan").new(players=3, seed=1)
    from gamekit.web.play_tables import move_words

    assert str(offer) == "offer player 2 ore for brick"  # the protocol text is unchanged
    assert move_words(state, offer) == f"offer {state.colours[2].capitalize()} (Player 3) ore for brick"


def test_a_refused_press_where_several_kinds_could_be_meant_asks_which():
    """Issue 31: pressing a refused place showed the rule of whichever action came first there. ITC,
    a transport card of another player: moving it and an express move are both meant there; the press
    asks which, and each answer names its kind with the engine's refusal and rule."""
    def several(state):
        if state.current_player != 0:
            return False
        return any(isinstance(press(state, p["id"]), dict)
                   for p in board_places(state, state.legal_actions()) if not p["actions"])
    state = _random_until("itc", 2, 7, several, limit=400)
    place = next(p["id"] for p in board_places(state, state.legal_actions())
                 if not p["actions"] and isinstance(press(state, p["id"]), dict))
    before = state.to_json()
    choice = press(state, place)
    assert len(choice["kinds"]) >= 2 and choice["place"] == place
    for kind in choice["kinds"]:
        refusal = press(state, place, kind)
        assert isinstance(refusal, IllegalAction) and refusal.rule
        assert refusal.reason.startswith(f"{kind} at {choice['label']}: ")
    with pytest.raises(ValueError, match="the moves meant"):
        press(state, place, "Roll the dice")
    assert state.to_json() == before
    # through the service: the choice comes in the view, an answer as the error with its rule
    situation = {"game": "itc", "seats": ["person", "heuristic"], "save": before}
    asked = call("play.game", {"situation": situation, "action": {"kind": "press", "place": place}})["ok"]
    assert asked["view"]["press_choice"] == choice and "which move did you mean" in asked["view"]["announce"]
    said = call("play.game", {"situation": situation, "action": {"kind": "press", "place": place, "meant": choice["kinds"][1]}})
    assert said["error"].startswith(f"{choice['kinds'][1]} at ") and said["rule"]


def test_a_refused_press_names_the_kind_of_move_refused():
    """One kind of move meant at the place: the refusal says which (rule catan-setup)."""
    state = gamekit.game("catan").new(players=3, seed=1)
    state.apply("settlement at 0")
    refusal = press(state, "node:20")
    assert refusal.rule == "catan-setup" and refusal.reason.startswith("Build settlement at intersection 20: ")


def test_itc_number_of_players_agrees_everywhere_and_is_an_assumption():
    """Issue 31 item 7: the chapter said 2 to 6, the play page 3 to 5; the German text never says."""
    from gamekit.itc import ASSUMPTIONS

    game = gamekit.game("itc")
    assert (game.min_players, game.max_players) == (2, 6)
    setup = play(action={"kind": "setup", "game": "itc"})["view"]["setup"]
    assert (setup["min_players"], setup["max_players"]) == (2, 6)
    chapter = (BOOK / "itc" / "rules.md").read_text(encoding="utf-8")
    page = (BOOK / "itc" / "play.md").read_text(encoding="utf-8")
    for text in (chapter, page):
        counts = set(re.findall(r"(\d) to (\d) players", text))
        assert counts == {("2", "6")}, counts
    reading = next(a for a in ASSUMPTIONS if a.setting == "number of players")
    assert reading.rule == "itc-setup" and "2 to 6" in reading.default and "never says" in reading.why
    assert 'assumptions(ASSUMPTIONS, "itc-setup")' in chapter


def test_itc_action_cards_timing_is_a_reading_and_the_engine_agrees():
    """The chapter's "at any point during your own turn" against the engine refusing an action card
    before a die is kept: the reading is an Assumption (rule itc-action-cards), and the engine
    does what it says (an Organisation card is refused before the die, naming the turn's steps)."""
    from gamekit.itc import ASSUMPTIONS
    from gamekit.itc.actions import PlayCard

    reading = next(a for a in ASSUMPTIONS if a.setting == "action-card timing")
    assert reading.rule == "itc-action-cards" and "at any point during your own turn" in reading.why
    assert "once you have kept a die" in reading.default
    state = gamekit.game("itc").new(players=2, seed=1)
    refusal = state.refusal(PlayCard("organisation"))
    assert refusal is not None and refusal.rule == "itc-turn-sequence"


def test_no_original_text_box_of_itc_holds_only_a_title():
    """Issue 31 item 7: ITC's first "Original text" box held only the title (8 words). A short box
    that is a sentence the text breaks off (it ends with a colon: a gap of the text) is the text."""
    short = []
    text = (BOOK / "itc" / "rules.md").read_text(encoding="utf-8")
    for box in re.findall(r"```\{dropdown\} Original text \(German\)\n(.*?)\n```", text, re.S):
        words = re.findall(r"\w+", box)
        if len(words) < 12 and not box.rstrip().endswith(":"):
            short.append(" ".join(words))
    assert short == []


def _harbour_labels(svg: str) -> list[tuple[float, float, str]]:
    return [(float(x), float(y), label) for x, y, label in
            re.findall(r'<text x="([\d.-]+)" y="([\d.-]+)" text-anchor="middle" font-size="9" fill="#222" '
                       r'stroke="#fff" stroke-width="2.5" paint-order="stroke">((?:2:1 \w+)|3:1)</text>', svg)]


@pytest.mark.parametrize("game", ["catan", "trade-feud", "factories"])
def test_harbour_labels_are_clear_of_intersections_and_number_tokens(game):
    """Issue 31 item 7: Trade Feud's harbour label was drawn over a number token and Catan's touched
    the intersections' numbers ("2:1 ore" over node 3). A label (9 px text, about 5 px a letter
    wide) stays clear of every intersection (where the play page writes its number, 9 px) and of
    every number token (a circle of 12 px)."""
    from gamekit.catan.board import hex_centre
    from gamekit.catan.svg import SIZE, point_of

    for seed in range(1, 6):
        state = gamekit.game(game).new(players=3, seed=seed)
        board = state.board
        draw = state.game.declared("board")  # the picture the play page shows (gamekit.web.play)
        labels = _harbour_labels(draw(state) if draw else state._repr_svg_())
        assert len(labels) == len(board.harbours)
        nodes = [point_of(board, n) for n in range(len(board.topology.node_xy))]
        tokens = [hex_centre(board.topology.hexes[h], SIZE) for h, n in enumerate(board.numbers) if n is not None]
        for x, y, label in labels:
            half_width, top, bottom = 2.6 * len(label), y - 9, y + 2  # the text's box
            for nx, ny in nodes:  # a node's number: 9 px text, about 8 px by 10 px around it
                dx = max(abs(nx - x) - half_width - 6, 0)
                dy = max(ny - 6 - bottom, top - (ny + 6), 0)
                assert math.hypot(dx, dy) > 0, f"{game} seed {seed}: {label!r} touches the intersection at {nx, ny}"
            for tx, ty in tokens:
                dx = max(abs(tx - x) - half_width, 0)
                dy = max(ty - bottom, top - ty, 0)
                assert math.hypot(dx, dy) > SIZE * 0.3, f"{game} seed {seed}: {label!r} over the token at {tx, ty}"
