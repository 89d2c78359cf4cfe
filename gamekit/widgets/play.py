"""The "Play" pages' widget: a whole game of any of the six games against computer opponents."""

from __future__ import annotations

from typing import Any

import traitlets

from .base import RulesWidget, css_for, esm_for


class PlayGame(RulesWidget):
    """Play a whole game (service ``play.game``, :mod:`gamekit.web.play`): set up the seats
    (people or computer opponents: random, heuristic, search), the seed and the settings, then play
    to the winner, with hints, undo, a replay of the log, saving and opening games.

    Without ``seats`` it opens on the set-up form; with them the game starts at once:

    >>> w = PlayGame("catan", seats=["person", "heuristic", "heuristic"], seed=3)
    >>> w.view["status"]
    'Player 1 (a person) to move: place your starting pieces'
    >>> w.move(w.view["moves"][0]["moves"][0]["action"]).view["to_move"]
    0
    """

    _esm = esm_for("play", "play_learn")
    _css = css_for("play", "play_learn")
    game_name = traitlets.Unicode("").tag(sync=True)
    players = traitlets.Int(0).tag(sync=True)
    seed = traitlets.Int(1).tag(sync=True)

    def __init__(self, game: str, seats: list[str] | None = None, seed: int = 1, players: int | None = None,
                 options: dict[str, Any] | None = None, **kwargs: Any) -> None:
        super().__init__(service="play.game", game_name=game, seed=seed, **kwargs)
        if seats is None:
            self._start(action={"kind": "setup", "game": game})
            self.players = players or self.view["setup"]["min_players"]
        else:
            self.players = len(seats)
            self._start(action={"kind": "start", "game": game, "players": len(seats), "seats": list(seats),
                                "seed": seed, "options": options or {}})

    def move(self, text: str) -> PlayGame:
        """Play a person's move (its text, as listed under "Your moves")."""
        self.act(kind="move", text=text)
        return self

    def computer(self) -> PlayGame:
        """Let the computer player to move make one move."""
        self.act(kind="bot")
        return self

    def until_person(self) -> PlayGame:
        """Let the computer players move until a person is to move or the game is over."""
        while self.view.get("bot_to_move"):
            self.computer()
        return self


def play(game: str, opponents: list[str] | None = None, seed: int = 1, **options: Any) -> PlayGame:
    """A game of ``game`` against computer ``opponents`` (bot kinds, one per other player: by
    default heuristic ones for the game's smallest table), the reader as player 1, in JupyterLab."""
    from .. import game as get_game

    info = get_game(game)
    if opponents is None:
        opponents = ["heuristic"] * (max(info.min_players, 2) - 1)
    return PlayGame(game, seats=["person", *opponents], seed=seed, options=options)
