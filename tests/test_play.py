"""The play pages' service (gamekit.web.play): whole games through the service equal the same
seeded games played through the library; undo never crosses a chance result; refusals name their
rule and change nothing; saved games open again."""

from __future__ import annotations

import json
import re

import pytest

import gamekit
from gamekit.core import action_from_data
from gamekit.web import call
from gamekit.web.play import PAGES, bot_move, play_through

#: Every game with a play page (as each declares it), for three players where it can have three.
GAMES = [(name, min(max(3, gamekit.game(name).min_players), gamekit.game(name).max_players)) for name in sorted(PAGES)]


def ask(situation, **action):
    answer = call("play.game", {"situation": situation, "action": action})
    assert "ok" in answer, answer
    return answer["ok"]["situation"], answer["ok"]["view"]


def start(game, seats, seed=5, **options):
    return ask(None, kind="start", game=game, players=len(seats), seats=seats, seed=seed, options=options)


def test_every_game_has_a_play_page():
    assert sorted(PAGES) == sorted(gamekit.games())


@pytest.mark.parametrize("game,players", GAMES)
def test_the_setup_form_offers_every_seat_kind(game, players):
    _, view = ask(None, kind="setup", game=game)
    form = view["setup"]
    assert [k["value"] for k in form["seat_kinds"]] == ["person", "random", "heuristic", "search"]
    assert form["min_players"] <= players <= form["max_players"]


@pytest.mark.parametrize("game,players", GAMES)
def test_computer_moves_through_the_service_are_the_librarys(game, players):
    """The first 400 moves (a whole game through the service is the browser test's)."""
    seats = ["random"] * players
    situation, view = start(game, seats, seed=11)
    steps = 0
    while view["bot_to_move"] and steps < 400:
        situation, view = ask(situation, kind="bot")
        steps += 1
    library = gamekit.game(game).new(players=players, seed=11)
    for _ in range(steps):
        library.apply(bot_move(library, "random"))
    assert gamekit.game(game).from_json(situation["save"]).to_json() == library.to_json()


def test_a_finished_game_names_its_winner_in_the_result():
    final = play_through("catan", ["random"] * 3, seed=2)
    situation = {"game": "catan", "seats": ["random"] * 3, "save": final.to_json()}
    _, view = ask(situation, kind="view")
    assert view["over"]
    winner = final.winners()[0]
    assert f"Player {winner + 1} wins with a score of {final.scores()[winner]}" in view["result"]


def test_a_person_moves_from_the_listed_moves_and_a_refusal_names_its_rule():
    situation, view = start("catan", ["person", "random", "random"])
    assert view["person_to_move"] and view["moves"]
    first = view["moves"][0]["moves"][0]["action"]
    answer = call("play.game", {"situation": situation, "action": {"kind": "move", "text": "build road at edge 0"}})
    assert "error" in answer and answer["rule"]  # a road before the settlement: the engine's rule
    after, view2 = ask(situation, kind="move", text=first)
    assert view2["announce"].startswith("Player 1: ")
    assert after["save"] != situation["save"]


def test_undo_takes_back_a_persons_move_but_never_a_roll():
    situation, view = start("catan", ["person", "random", "random"], seed=4)
    before = situation["save"]
    after, view = ask(situation, kind="move", text=view["moves"][0]["moves"][0]["action"])
    assert view["can_undo"]
    undone, view = ask(after, kind="undo")
    assert json.loads(undone["save"])["log"] == json.loads(before)["log"]
    assert gamekit.game("catan").from_json(undone["save"]).to_json() == gamekit.game("catan").from_json(before).to_json()
    # play to the person's first roll: the roll drew dice, so it cannot be undone
    s, v = situation, None
    s, v = ask(s, kind="view")
    for _ in range(400):
        if v["person_to_move"]:
            rolls = [m["action"] for g in v["moves"] for m in g["moves"] if m["action"] == "roll"]
            if rolls:
                s, v = ask(s, kind="move", text="roll")
                break
            s, v = ask(s, kind="move", text=v["moves"][0]["moves"][0]["action"])
        else:
            s, v = ask(s, kind="bot")
    else:
        pytest.fail("no roll for the person within 400 actions")
    assert not v["can_undo"]
    answer = call("play.game", {"situation": s, "action": {"kind": "undo"}})
    assert answer.get("rule") == "protocol-undo"


def test_replay_shows_an_earlier_position_and_changes_nothing():
    final = play_through("transportspelet", ["random", "random"], seed=3, max_actions=40)
    situation = {"game": "transportspelet", "seats": ["random", "random"], "save": final.to_json()}
    same, view = ask(situation, kind="replay", step=10)
    assert same == situation and view["replay"] == 10 and not view["moves"] and not view["bot_to_move"]
    again = gamekit.game("transportspelet").new(players=2, seed=3)
    for entry in final.log[:10]:
        again.apply(action_from_data(entry["action"], again.action_types))
    assert view["board"] == again._repr_svg_()


def test_a_saved_game_opens_again_and_a_malformed_one_is_refused():
    final = play_through("itc", ["random"] * 3, seed=6, max_actions=50)
    situation, view = ask(None, kind="open", save=final.to_json(), seats=["person", "random", "random"])
    assert situation["save"] == gamekit.game("itc").from_json(final.to_json()).to_json() and view["steps"] == 50
    broken = json.loads(final.to_json())
    broken["log"][3] = [0, "NoSuchAction"]
    answer = call("play.game", {"action": {"kind": "open", "save": json.dumps(broken)}})
    assert "error" in answer and "log entry 3" in answer["error"]
    answer = call("play.game", {"action": {"kind": "open", "save": "not json"}})
    assert "error" in answer


def _seen_by(state, viewer):
    """The page's log of ``state`` as the one person at seat ``viewer`` reads it (the others are bots)."""
    seats = ["random"] * state.players
    seats[viewer] = "person"
    _, view = ask(None, kind="open", save=state.to_json(), seats=seats)
    return [row["text"] for row in view["log"]]


def test_hidden_draws_are_shown_only_to_the_player_who_drew_them():
    """Catan: the development card a player draws is named on the page to that player alone; the dice
    are everyone's ("2d6: 7 (3 + 4)")."""
    state = gamekit.game("catan").new(players=3, seed=2)
    bots = [gamekit.bot("catan", "random", seed=p) for p in range(3)]
    buyer = None
    while buyer is None and not state.is_over():
        player = state.current_player
        action = bots[player].choose(state)
        state.apply(action)
        if type(action).__name__ == "BuyDevelopmentCard":
            buyer, drawn = player, state.entry(-1)["chance"][0]["result"]
    assert buyer is not None, "no random Catan game of this seed buys a development card"
    mine, theirs = _seen_by(state, buyer), _seen_by(state, (buyer + 1) % 3)
    assert mine[-1].endswith(f"[development card: {drawn}]"), mine[-1]
    assert theirs[-1].endswith("[development card (hidden)]"), theirs[-1]
    rolls = [re.search(r"\[2d6: (\d+) \((\d) \+ (\d)\)\]", text) for text in theirs if "[2d6: " in text]
    assert rolls and all(rolls), theirs[:5]
    assert all(int(total) == int(a) + int(b) for total, a, b in (found.groups() for found in rolls))


def test_a_card_placed_face_down_is_named_only_to_its_owner():
    """ITC: the card under a transport lies face down (rule itc-customs-check): the page's log names
    its kind to the player who put it there, and to nobody else."""
    state = gamekit.game("itc").new(players=3, seed=1)
    bots = [gamekit.bot("itc", "random", seed=p) for p in range(3)]
    placed = None
    while placed is None and not state.is_over():
        action = bots[state.current_player].choose(state)
        player = state.current_player
        state.apply(action)
        if type(action).__name__ == "PlaceTransport" and action.under:
            placed = (player, action)
    assert placed is not None, "no random ITC game of this seed puts a card under a transport"
    owner, action = placed
    other = (owner + 1) % 3
    mine, theirs = _seen_by(state, owner), _seen_by(state, other)
    assert any(f"with {action.under}" in text for text in mine)
    assert not any(f"with {action.under}" in text for text in theirs)
    assert any("with a card face down" in text for text in theirs)


def test_bad_requests_are_refused_with_a_message():
    for action, words in [({"kind": "start", "game": "catan", "players": 2}, "3 to 4"),
                          ({"kind": "start", "game": "catan", "players": 3, "seats": ["person", "wizard", "random"]}, "a seat is"),
                          ({"kind": "start", "game": "catan", "players": 3, "seed": -1}, "seed"),
                          ({"kind": "start", "game": "catan", "players": 3, "options": {"nonsense": 1}}, "no setting"),
                          ({"kind": "teleport"}, "no game is under way")]:
        answer = call("play.game", {"action": action})
        assert "error" in answer and words in answer["error"], (action, answer)


@pytest.mark.parametrize("game,players", GAMES)
def test_the_board_scales_with_its_width_and_its_spots_lie_on_it(game, players):
    """The page zooms the board by its width alone (gamekit/widgets/static/play.js): every board the
    service draws has a viewBox (so its drawing, text and spots scale together), text the page can
    measure (a font size) and every place to press inside the drawing, for the first 25 moves (issue
    31: every game's board is where you act)."""
    import re

    situation, view = start(game, ["person"] * players)
    spots = 0
    for _ in range(25):
        if view.get("over"):
            break
        svg = re.search(r"<svg\b[^>]*>", view["board"])
        assert svg, f"{game}: the board is not an SVG drawing"
        box = re.search(r'viewBox="([-\d. ]+)"', svg.group(0))
        assert box, f"{game}: the board has no viewBox, so it cannot be zoomed"
        x0, y0, w, h = (float(n) for n in box.group(1).split())
        assert "<text" in view["board"] and "font-size" in view["board"]
        for p in view["places"]:
            s = p["shape"]
            x, y = (s["cx"], s["cy"]) if "r" in s else (s["x"] + s["w"] / 2, s["y"] + s["h"] / 2)
            assert x0 <= x <= x0 + w and y0 <= y <= y0 + h, f"{game}: place {p} is off the board"
        spots += sum(1 for p in view["places"] if p["actions"])
        situation, view = ask(situation, kind="move", text=view["moves"][0]["moves"][0]["action"])
    assert spots, f"{game}: no move to press on the board"


def test_the_pages_search_bot_plays_at_a_budget_its_method_understands():
    """The play pages' search budget (60 iterations of depth-10 playouts) is the tree search's; ITC's
    search is an expectimax whose ``depth`` counts moves looked ahead, five at each, so a depth of 10
    never finished a move (an all-search ITC game of seed 3 froze at its 17th action, the first
    choice of action cards). A game with a search of its own plays at that search's defaults."""
    from gamekit.itc.bots import ItcSearch
    from gamekit.web.play import SEARCH_BUDGET, make_bot, search_budget

    assert SEARCH_BUDGET == {"iterations": 60, "depth": 10}
    itc = make_bot("itc", "search", seed=3, player=0, ply=16)
    assert isinstance(itc, ItcSearch) and itc.depth == 1 and search_budget("itc") == {}
    catan = make_bot("catan", "search", seed=3, player=0, ply=16)
    assert (catan.iterations, catan.depth) == (60, 10)
    answer = call("play.game", {"action": {"kind": "start", "game": "itc", "players": 3, "seats": ["search"] * 3, "seed": 3}})
    for _ in range(40):
        answer = call("play.game", {"situation": answer["ok"]["situation"], "action": {"kind": "bot"}})
    assert answer["ok"]["view"]["steps"] >= 40


def test_itc_says_the_dice_rolled_and_the_action_points_left_where_the_player_acts():
    """A newcomer sees, in the line that says what to do, the dice just rolled (rule ``itc-dice``) and
    the action points still to spend (``itc-dice``, ``itc-red-die``), not only "keep" and "act"."""
    situation, view = start("itc", ["person", "person"], seed=3)
    while view["status"].endswith("place your starting pieces"):
        situation, view = ask(situation, kind="move", text=view["moves"][0]["moves"][0]["action"])
    situation, view = ask(situation, kind="move", text="draw action card")
    assert view["status"].endswith("choose two of the three dice to roll")
    situation, view = ask(situation, kind="move", text="choose blue and green")
    rolled = [entry for entry in view["log"] if "choose blue and green" in entry["text"]][-1]["text"]
    blue, green = (int(rolled.split(f"{c} die: ")[1].split(";")[0].split("]")[0]) for c in ("blue", "green"))
    assert view["status"].endswith(f"keep one of the two dice rolled: blue {blue}, green {green}")
    situation, view = ask(situation, kind="move", text="keep green")
    assert view["status"].endswith(f"(action points left: {green} for the continents)"), view["status"]


def test_itc_hand_is_in_words_with_the_printed_profits():
    """The hand names each card as the moves do ("card 24") with its goods and both profits of each
    route in euros with separators (rule ``itc-transport-cards``), never "14000/9500"."""
    table = gamekit.game("itc").new(players=2, seed=1).cards
    # card 24 as printed: truck 14,000 (9,500 robbed), train 11,500 (8,000 robbed), goods red, red, green
    assert table.in_words(24) == ("card 24: goods red, red, green (value guide 9,500); by truck 14,000 euros "
                                  "(9,500 if robbed); by train 11,500 euros (8,000 if robbed); the Mafia would "
                                  "rob the red good")
    assert table.in_words(108) == "card 108: express (an action card)"
    situation, view = start("itc", ["person", "person"], seed=3)
    line = view["private"]["lines"][0]
    assert line.startswith("Your cards: card ") and "/" not in line and "euros" in line


def test_auf_achse_says_the_dice_and_the_steps_left_where_the_player_drives():
    """Rule ``auf-achse-movement``: the line that says what to do names both dice (a 6 as any number)
    and, while driving, the steps left, so the one button "move 5" is understood."""
    situation, view = start("auf-achse", ["person", "person"], seed=4)
    while not view["status"].endswith("roll the dice"):
        situation, view = ask(situation, kind="move", text=view["moves"][0]["moves"][0]["action"])
    situation, view = ask(situation, kind="move", text="roll")
    rolled = [entry for entry in view["log"] if "Player 1: roll" in entry["text"]][-1]["text"]
    dice = [int(d) for d in rolled.split("dice: ")[1].split("]")[0].split(", ")]
    assert f"choose the die to drive with (the dice show {dice[0]} and {dice[1]}" in view["status"], view["status"]
    assert ("a 6 counts as any number from 1 to 6" in view["status"]) == (6 in dice)
    pips = int(view["moves"][0]["moves"][-1]["action"].split()[-1])
    situation, view = ask(situation, kind="move", text=f"move {pips}")
    if pips > 1:
        assert view["status"].endswith(f"drive your truck ({pips} steps left)"), view["status"]
