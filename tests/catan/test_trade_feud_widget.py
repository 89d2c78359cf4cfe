"""The service of the widget "Build a trade connection" (gamekit.web.trade_feud): placements are the
engine's actions; a refusal names the rule and leaves the situation as it was; a connection's token
moves to the player who contributed more and the pieces off the connection return (trade-feud-connection)."""

from __future__ import annotations

import json

import pytest

from gamekit.web import call
from gamekit.web.trade_feud import replay

SERVICE = "trade-feud.connection"
RED, BLUE, WHITE = 0, 1, 2


def start():
    return call(SERVICE, {})["ok"]


def act(situation, **action):
    return call(SERVICE, {"situation": situation, "action": action})


def place(answer, edge, **more):
    out = act(answer["situation"], kind="place", edge=edge, **more)
    assert "ok" in out, out
    return out["ok"]


def test_start_lists_the_engines_legal_placements():
    first = start()
    view = first["view"]
    assert view["tokens"] == "Victory point tokens: Red 1, Blue 1, White 1"
    state = replay([])
    listed = {(p["piece"], p["edge"]) for p in view["legal"]}
    assert ("ship", 17) in listed and all(state.ship_site(RED, e) for piece, e in listed if piece == "ship")
    assert all(e["owner"] >= 0 or e["label"].startswith("Place Red's ship") for e in view["board"]["edges"])


@pytest.mark.parametrize("edge, piece, rule", [(20, "ship", "seafarers-ship"), (25, "road", "catan-road"),
                                               (16, "ship", "seafarers-ship")])
def test_a_refusal_names_the_rule_and_leaves_the_situation(edge, piece, rule):
    situation = start()["situation"]
    before = json.dumps(situation, sort_keys=True)
    answer = act(situation, kind="place", edge=edge, piece=piece)
    assert answer["rule"] == rule and answer["error"]
    assert json.dumps(situation, sort_keys=True) == before


def test_trade_feud_branching_is_refused_in_the_widget():
    """trade-feud-branching: after Red's ships 16-17-18, a third ship at the empty intersection 11 (out to
    sea) is refused; catan-road: a road from the empty intersection 16 inland touches no own road or
    building (roads and ships join only at an own building), and the refusal names that rule."""
    answer = place(start(), 17)
    refused = act(answer["situation"], kind="place", edge=25, piece="road")
    assert refused["rule"] == "catan-road"
    answer = place(answer, 18)
    refused = act(answer["situation"], kind="place", edge=10, piece="ship")
    assert refused["rule"] == "trade-feud-branching"


def test_trade_feud_connection_red_takes_whites_token():
    """trade-feud-connection: Red's coast route reaches White's settlement; Red contributed 4 pieces, White 0."""
    answer = start()
    for edge in (17, 18):
        answer = place(answer, edge)
        assert answer["view"]["connections"] == []
    answer = place(answer, 19)
    view = answer["view"]
    assert view["tokens"] == "Victory point tokens: Red 2, Blue 1, White 0"
    link = view["connections"][view["latest"]]
    assert link["contributed"] == "Pieces contributed: Red 4, White 0. Red contributed more."
    assert link["token"] == "White gives a victory point token to Red."
    state = replay(answer["situation"]["placed"])
    assert state.connection_edges == [16, 17, 18, 19] and state.tokens == [2, 1, 0]
    assert "Trade connection between Red and White" in view["announce"]
    # the connection's ships are fixed: another route may not join it (trade-feud-connection-illegal)
    white = act(answer["situation"], kind="player", player=WHITE)["ok"]
    assert all(p["edge"] not in (18,) for p in white["view"]["legal"])


def test_trade_feud_connection_a_tie_goes_to_the_one_who_closed_it():
    """trade-feud-connection: White's open route 12 - 17 - 11 and Red's 10 - 16 meet when Red places 16 - 11:
    two pieces each, a tie, so Red (who closed it) takes White's token."""
    answer = act(start()["situation"], kind="player", player=WHITE)["ok"]
    for edge in (19, 18):
        answer = place(answer, edge)
    answer = act(answer["situation"], kind="player", player=RED)["ok"]
    answer = place(answer, 17)
    link = replay(answer["situation"]["placed"]).connections[-1]
    assert link["winner"] == RED and link["pieces"] == [2, 2]
    assert answer["view"]["tokens"] == "Victory point tokens: Red 2, Blue 1, White 0"
    assert "a tie" in answer["view"]["connections"][0]["contributed"]


def test_trade_feud_connection_the_longer_route_takes_the_token_from_the_closer():
    """trade-feud-connection: White's three ships 12 - 17 - 11 - 16 reach Red's route at 16; White contributed
    3 pieces, Red 1, so White takes Red's token."""
    answer = act(start()["situation"], kind="player", player=WHITE)["ok"]
    for edge in (19, 18, 17):
        answer = place(answer, edge)
    state = replay(answer["situation"]["placed"])
    link = state.connections[-1]
    assert (link["winner"], link["loser"], link["pieces"]) == (WHITE, RED, [3, 1]) and state.tokens == [0, 1, 2]
    assert answer["view"]["connections"][0]["token"] == "Red gives a victory point token to White."


def test_trade_feud_connection_in_the_middle_returns_the_rest():
    """trade-feud-connection: Red's open route 10 - 16 - 11 - 17; White sails from 12 round the north
    (edges 11, 5, 4) and joins it at 11 with edge 10: Red's piece beyond 11 (edge 18) returns to Red."""
    answer = start()
    for edge in (17, 18):
        answer = place(answer, edge)
    answer = act(answer["situation"], kind="player", player=WHITE)["ok"]
    for edge in (11, 5, 4, 10):
        answer = place(answer, edge)
    state = replay(answer["situation"]["placed"])
    link = state.connections[-1]
    assert link["at"] == 11 and link["returned"] == [18] and state.ship_owner[18] == -1
    assert (link["winner"], link["pieces"]) == (WHITE, [4, 2]) and state.tokens == [0, 1, 2]
    view = answer["view"]
    assert view["connections"][-1]["returned"] == "Pieces returned to Red: edge 18 (intersections 11–17, between the pasture and the sea)."
    freed = next(e for e in view["board"]["edges"] if e["edge"] == 18)
    assert freed["owner"] == -1 and freed["returned"]


def test_bad_requests_are_answers():
    situation = start()["situation"]
    assert "error" in act(situation, kind="place", edge="x")
    assert "error" in act(situation, kind="piece", piece="city")
    assert "error" in act({"placed": [[5, "ship", 1]]}, kind="place", edge=17)
    assert act(situation, kind="reset")["ok"]["situation"]["placed"] == []


def test_widget_python_side():
    from gamekit import IllegalAction
    from gamekit.widgets.trade_feud import TradeConnection

    widget = TradeConnection()
    with pytest.raises(IllegalAction):
        widget.act(kind="place", edge=20)
    assert widget.error_rule == "seafarers-ship" and widget.situation["placed"] == []
