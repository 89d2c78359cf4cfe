"""One registration (label protocol-example): a game defined here, in the test, and registered once
with ``gamekit.register``, is found by every tool: the registry, the three bots, OpenSpiel's
``random_sim_test``, a tournament, the play pages' service, and the every-game tests (the contract
and the one-predicate test), with nothing listed anywhere else.

The game, "Stones": a pile of stones (the setting ``pile``, 13 by default); on your turn take 1, 2 or
3 of them (never more than are left), or gamble: roll a d6 and take that many if it shows 1 to 3
(at most what is left), none on 4 to 6. Whoever takes the last stone wins. Nothing is hidden, so
it declares ``perfect_information`` and writes no observation or determinisation of its own.
"""

from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass
from typing import Any

import pytest
import test_contract
import test_one_predicate

import gamekit
from gamekit.bots import GreedyHeuristic, HeuristicBot, kinds, register_heuristic
from gamekit.chance import roll
from gamekit.core import Game, IllegalAction, State, every
from gamekit.dice import d6
from gamekit.validation import integer
from gamekit.web import call
from gamekit.web.play import pages
from gamekit.web.play_board import BoardLayout, Place
from gamekit.web.play_tables import PlayView

D6 = roll(d6, "d6")


@dataclass(frozen=True)
class Take:
    count: int

    def __str__(self) -> str:
        return f"take {self.count}"


@dataclass(frozen=True)
class Gamble:
    def __str__(self) -> str:
        return "gamble"


@dataclass(frozen=True)
class StonesOptions:
    #: Stones in the pile at the start.
    pile: int = 13

    def __post_init__(self) -> None:
        integer(self.pile, "pile", 1)


class StonesState(State):
    action_types = (Take, Gamble)

    def _setup(self) -> None:
        self.pile = self.options.pile
        self.player = 0
        self.winner: int | None = None
        self.phase = "take"

    @property
    def current_player(self) -> int | None:
        return None if self.winner is not None else self.player

    def legal_actions(self) -> list[Any]:
        if self.winner is not None:
            return []
        return [Take(n) for n in (1, 2, 3) if n <= self.pile] + [Gamble()]

    def _parse(self, text: str) -> Any:
        if text == "gamble":
            return Gamble()
        words = text.split()
        if len(words) == 2 and words[0] == "take" and words[1].isdigit():
            return Take(int(words[1]))
        return None

    def _check(self, action: Any) -> None:
        if isinstance(action, Gamble):
            return
        if not isinstance(action, Take):
            raise IllegalAction(f"{action!r} is not an action of Stones", "stones-turn")
        if type(action.count) is not int or not 1 <= action.count <= min(3, self.pile):
            raise IllegalAction(f"take 1, 2 or 3 stones, at most the {self.pile} left", "stones-turn")

    def _perform(self, action: Any) -> None:
        taken = action.count if isinstance(action, Take) else self.draw(D6)
        if taken <= 3:
            self.pile -= min(taken, self.pile)
        if self.pile == 0:
            self.winner, self.phase = self.player, "over"
        else:
            self.player = (self.player + 1) % self.players

    def is_over(self) -> bool:
        return self.winner is not None

    def scores(self) -> dict[int, Any]:
        return {p: int(p == self.winner) for p in range(self.players)}

    def _to_data(self) -> Any:
        return {"pile": self.pile, "player": self.player, "winner": self.winner, "phase": self.phase}

    def _restore(self, data: Any) -> None:
        pile = integer(data["pile"], "pile", 0, self.options.pile)
        player = integer(data["player"], "player", 0, self.players - 1)
        winner = data["winner"]
        if (winner is None) != (pile > 0) or data["phase"] != ("take" if pile else "over"):
            raise ValueError("the game is over exactly when the pile is empty")
        self.pile, self.player, self.winner, self.phase = pile, player, winner, data["phase"]


class LeaveFours(HeuristicBot):
    """Take so that a multiple of four is left (the classic winning line), else one."""

    def decide(self, view: StonesState, player: int) -> tuple[Any, str]:
        count = view.pile % 4 or 1
        return Take(min(count, view.pile)), f"leaves {view.pile - min(count, view.pile)} stones"


def _board(state: StonesState) -> str:
    circles = "".join(f'<circle cx="{10 + 20 * i}" cy="10" r="8"/>' for i in range(state.pile))
    return f'<svg xmlns="http://www.w3.org/2000/svg" class="stones">{circles}</svg>'


def _stones(state: StonesState) -> list[Place]:
    """Each stone of the pile is a place: taking down to it (stone 9 of 9 is "take 1")."""
    return [Place(f"stone:{i + 1}", f"stone {i + 1}", {"cx": 10 + 20 * i, "cy": 10, "r": 8}, {"stone": i + 1})
            for i in range(state.pile)]


def _stone_of(state: StonesState, action: Any) -> list[tuple[str, tuple[str, ...]]]:
    return [(f"stone:{state.pile - action.count + 1}", ("count",))] if isinstance(action, Take) else []


def _stone_usual(state: StonesState, place: Place) -> Any:
    return Take(state.pile - place.values["stone"] + 1)


#: The whole registration: every tool reads what it needs from here.
STONES = Game(
    "stones", "Stones (a test game)", StonesState, StonesOptions, min_players=2, max_players=4,
    perfect_information=True,
    bots=lambda: register_heuristic("stones", LeaveFours),
    action_space=lambda state: {Take: every(Take, (1, 2, 3))},
    horizon=500,
    board=_board,
    play_view=PlayView(holdings=lambda state, p, viewer: [f"{state.scores()[p]} wins"],
                       private=lambda state, viewer: [f"{state.pile} stones are left."],
                       phases={"take": "take 1, 2 or 3 stones, or gamble"},
                       board=BoardLayout(_stones, _stone_of, _stone_usual)),
    play_page="stones",
)
#: The same game without bots, view or board of its own: the tools' defaults.
BARE = Game("stones-bare", "Stones (no declarations)", StonesState, StonesOptions, min_players=2, max_players=4,
            perfect_information=True, action_space=lambda state: {Take: every(Take, (1, 2, 3))})


@pytest.fixture(autouse=True)
def registered():
    gamekit.register(STONES)
    gamekit.register(BARE)
    yield
    gamekit.unregister(STONES.name)
    gamekit.unregister(BARE.name)


def test_listed():
    assert {"stones", "stones-bare"} <= set(gamekit.games())
    assert gamekit.game("stones") is STONES
    state = STONES.new(players=3, seed=1)
    assert state.observation(1) == {"pile": 13, "player": 0, "winner": None, "phase": "take"}  # nothing hidden
    assert state.determinize(1, seed=4).legal_actions() == state.legal_actions()


@pytest.mark.parametrize("name", ["stones", "stones-bare"])
@pytest.mark.parametrize("kind", kinds())
def test_three_bots(name, kind):
    """Every kind of bot plays a whole game; the declared heuristic is the game's own, a game
    declaring none gets the greedy one."""
    state = gamekit.game(name).new(players=2, seed=3)
    bot = gamekit.bot(name, kind, seed=2, **({"iterations": 30} if kind == "search" else {}))
    if kind == "heuristic":
        assert isinstance(bot, LeaveFours if name == "stones" else GreedyHeuristic)
    while not state.is_over():
        state.apply(bot.choose(state) if state.current_player == 0 else state.legal_actions()[0])
    assert state.winners()


def test_the_declared_heuristic_plays_its_rule():
    state = STONES.new(players=2, seed=1, pile=10)
    assert gamekit.bot("stones", "heuristic").explain(state) == (Take(2), "leaves 8 stones")


def test_openspiel_random_sim_test():
    pyspiel = pytest.importorskip("pyspiel")
    import gamekit.openspiel as gos

    game = gos.game("stones", players=2)
    assert game.num_distinct_actions() == 4 and game.max_game_length() == 500  # take 1-3, gamble; the horizon
    assert game.get_type().provides_information_state_string  # perfect information, as declared
    assert [str(a) for a in gos.action_space("stones").actions] == ["take 1", "take 2", "take 3", "gamble"]
    pyspiel.random_sim_test(game, num_sims=5, serialize=True, verbose=False)


def test_a_tournament():
    table = gamekit.tournament("stones", ["random", "heuristic", ("search", {"iterations": 20})], games=6, seed=1,
                               players=3, workers=1)
    assert len(table) == 6 and table["finished"].all()
    assert set(table.attrs["summary"].index) == {"random", "heuristic", "search(iterations=20)"}


def ask(situation: Any, **action: Any) -> tuple[Any, Any]:
    answer = call("play.game", {"situation": situation, "action": action})
    assert "ok" in answer, answer
    return answer["ok"]["situation"], answer["ok"]["view"]


def test_the_play_page_service():
    assert pages()["stones"] == "stones" and "stones-bare" not in pages()
    _, view = ask(None, kind="setup", game="stones")
    assert view["setup"]["settings"] == [{"name": "pile", "label": "pile", "kind": "int", "default": 13,
                                          "printed": False, "rule": None}]
    situation, view = ask(None, kind="start", game="stones", players=2, seats=["person", "heuristic"], seed=4,
                          options={"pile": 9})
    assert view["board"].count("<circle") == 9
    assert view["status"].endswith("take 1, 2 or 3 stones, or gamble")
    assert [p["details"] for p in view["players"]] == [["0 wins"], ["0 wins"]]
    assert view["private"]["lines"] == ["9 stones are left."]
    assert {p["label"]: p["actions"] for p in view["places"] if p["actions"]} == {
        "stone 9": ["take 1"], "stone 8": ["take 2"], "stone 7": ["take 3"]}
    assert len(view["places"]) == 9
    assert [m["label"] for group in view["moves"] for m in group["moves"]] == ["take 1", "take 2", "take 3", "gamble"]
    situation, view = ask(situation, kind="hint")
    assert view["hint"]["action"] == "take 1"
    situation, view = ask(situation, kind="move", text="take 1")
    assert view["bot_to_move"]
    situation, view = ask(situation, kind="bot")
    assert view["person_to_move"] and view["board"].count("<circle") == 7  # 8 left: the heuristic took one
    situation, view = ask(situation, kind="move", text="take 3")
    assert view["can_undo"] and view["board"].count("<circle") == 4
    situation, undone = ask(situation, kind="undo")
    assert undone["board"].count("<circle") == 7
    pressed = call("play.game", {"situation": situation, "action": {"kind": "press", "place": "stone:1"}})
    assert pressed["rule"] == "stones-turn" and "at most the 7 left" in pressed["error"]  # the declared board's refusal
    answer = call("play.game", {"situation": situation, "action": {"kind": "move", "text": "take 4"}})
    assert answer["rule"] == "stones-turn" and "at most the 7 left" in answer["error"]  # the engine's refusal
    _, bare = ask(None, kind="start", game="stones-bare", players=2, seats=["person", "random"])
    assert bare["board"] == "" and bare["private"]["lines"] == [] and bare["places"] == []
    assert bare["status"].endswith("take")  # the phase's own name, for want of words


def test_the_every_game_tests_take_it_in():
    """The contract and the one-predicate test run on it like on the six games."""
    state, met = test_contract.play_checked("stones", seed=2, sample_every=1)
    assert state.is_over() and set(met) == {Take, Gamble}
    test_one_predicate.run("stones", seed=1, moves=50, every=1, per_step=None, per_field=3, rnd_seed=1)
    assert "stones" in test_contract.contract_games()


def test_changed_settings_reach_every_tool():
    state = STONES.new(players=2, seed=1, pile=2)
    assert state.legal_actions() == [Take(1), Take(2), Gamble()]
    assert dataclasses.asdict(state.options) == {"pile": 2}
    rnd = random.Random(1)
    while not state.is_over():
        state.apply(rnd.choice(state.legal_actions()))
    assert state.pile == 0


def test_a_game_that_hides_something_must_say_what_each_player_sees():
    """A game that does not declare ``perfect_information`` hides something, so its state must
    write ``_observation`` and ``_determinize``: registration refuses it with a clear message
    naming what is missing (not a ``NotImplementedError`` when a bot first thinks)."""
    with pytest.raises(TypeError, match=r"StonesState does not say what each player may see \(State\._observation\) "
                                        r"or how to draw.*\(State\._determinize\).*perfect_information=True"):
        Game("stones-hidden", "Stones (hidden)", StonesState, StonesOptions, min_players=2, max_players=4)

    class Seen(StonesState):
        def _observation(self, player):
            return {"pile": self.pile}

    with pytest.raises(TypeError, match=r"Seen does not say how to draw the positions a player cannot tell apart"):
        Game("stones-hidden", "Stones (hidden)", Seen, StonesOptions, min_players=2, max_players=4)

    class Drawn(Seen):
        def _determinize(self, player, rng):
            return self.clone()

    game = Game("stones-hidden", "Stones (hidden)", Drawn, StonesOptions, min_players=2, max_players=4)
    assert game.new(seed=1).observation(0) == {"pile": game.new(seed=1).pile}
