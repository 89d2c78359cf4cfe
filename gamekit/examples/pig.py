"""Pig, the classic dice game, as the smallest complete example of a gamekit game.

Rules (book page "The game protocol", label ``protocol-example``): on your turn, roll a d6 as often
as you like. Each roll adds to your turn total, but a 1 ends the turn and loses the turn total
(rule ``pig-one``). Hold to bank the turn total (rule ``pig-hold``). Whoever first banks the goal
(100 by default, the setting ``goal``) wins at once (rule ``pig-goal``).

It is here to be read: one options dataclass, frozen action values, a state whose ``_check``
raises :class:`~gamekit.IllegalAction` before ``_perform`` changes anything, randomness through
``self.draw``, a validating ``_restore``, and one :class:`~gamekit.Game` declaring what every tool
needs (nothing hidden, its bots, its OpenSpiel horizon).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..chance import roll
from ..core import Game, IllegalAction, State
from ..dice import d6
from ..validation import integer, integers, is_integer

D6 = roll(d6, "d6")  # the one chance event of Pig, declared: it knows its exact distribution

__all__ = ["Roll", "Hold", "PigOptions", "PigState", "PIG"]


@dataclass(frozen=True)
class Roll:
    """Roll the die once more."""

    def __str__(self) -> str:
        return "roll"


@dataclass(frozen=True)
class Hold:
    """Bank the turn total and pass the die."""

    def __str__(self) -> str:
        return "hold"


@dataclass(frozen=True)
class PigOptions:
    """The settings of Pig: only the goal."""

    #: Points that win (rule ``pig-goal``).
    goal: int = 100

    def __post_init__(self) -> None:
        if not is_integer(self.goal) or self.goal < 1:
            raise ValueError(f"goal must be a positive whole number, not {self.goal!r}")


class PigState(State):
    """A game of Pig in progress: each player's ``banked`` points, the ``turn_total`` at stake,
    the ``player`` to act and the ``winner`` once someone has banked the goal."""

    action_types = (Roll, Hold)
    #: The one mutable field, and how a copy copies it (see ``State.MUTABLE``): a flat list.
    MUTABLE = {"banked": "list"}

    def _setup(self) -> None:
        self.banked = [0] * self.players
        self.turn_total = 0
        self.player = 0
        self.winner: int | None = None

    @property
    def current_player(self) -> int | None:
        return None if self.winner is not None else self.player

    def legal_actions(self) -> list[Any]:
        if self.winner is not None:
            return []
        return [Roll(), Hold()] if self.turn_total else [Roll()]

    def _parse(self, text: str) -> Any:
        """The two action texts: ``roll`` and ``hold``."""
        return {"roll": Roll(), "hold": Hold()}.get(text)

    def _check(self, action: Any) -> None:
        if not isinstance(action, (Roll, Hold)):
            raise IllegalAction(f"{action!r} is not a Pig action", "protocol-example")
        if isinstance(action, Hold) and self.turn_total == 0:
            raise IllegalAction("hold needs a turn total above zero: roll first", "pig-hold")

    def _perform(self, action: Any) -> None:
        if isinstance(action, Roll):
            face = self.draw(D6)
            if face == 1:  # rule pig-one
                self.turn_total = 0
                self._pass()
            else:
                self.turn_total += face
            return
        self.banked[self.player] += self.turn_total  # rule pig-hold
        self.turn_total = 0
        if self.banked[self.player] >= self.options.goal:  # rule pig-goal
            self.winner = self.player
        else:
            self._pass()

    def _pass(self) -> None:
        self.player = (self.player + 1) % self.players

    def is_over(self) -> bool:
        return self.winner is not None

    def scores(self) -> dict[int, Any]:
        return dict(enumerate(self.banked))

    def _to_data(self) -> Any:
        return {"banked": self.banked, "turn_total": self.turn_total, "player": self.player, "winner": self.winner}

    def _restore(self, data: Any) -> None:
        # every field checked with gamekit.validation's helpers before any is set
        banked = integers(data["banked"], "banked", self.players, 0)
        turn_total = integer(data["turn_total"], "turn_total", 0)
        player = integer(data["player"], "player", 0, self.players - 1)
        winner = data["winner"]
        if winner is not None and winner != player:
            raise ValueError("the winner is the player who banked last")
        self.banked, self.turn_total, self.player, self.winner = banked, turn_total, player, winner


def _register_bots() -> None:
    """Pig's heuristic player and evaluation (its ``bots`` declaration: registered when a bot of
    Pig is first asked for)."""
    from ..bots import HeuristicBot, register_evaluator, register_heuristic

    class PigHeuristic(HeuristicBot):
        """Hold at 20 (the classic rule of thumb), or as soon as holding wins."""

        def decide(self, view: PigState, player: int) -> tuple[Any, str]:
            total = view.turn_total
            if total and view.banked[player] + total >= view.options.goal:
                return Hold(), "holding now wins the game"
            if total >= 20:
                return Hold(), f"a turn total of {total} is worth keeping (hold at 20)"
            return Roll(), f"a turn total of {total} is below 20: roll again"

    def value(state: PigState) -> list[float]:
        goal = state.options.goal
        mine = [min(b + (state.turn_total if p == state.player else 0), goal) / goal
                for p, b in enumerate(state.banked)]
        total = sum(mine) or 1
        return [m / total for m in mine]

    register_heuristic("pig", PigHeuristic)
    register_evaluator("pig", value)


#: Pig, declared once for every tool: nothing is hidden (so no observation or determinisation of its
#: own), its bots, and for OpenSpiel a horizon and chance limit (its actions have no fields, so it
#: needs no action space). It has no play page in the book.
PIG = Game("pig", "Pig (an example game)", PigState, PigOptions, min_players=2, max_players=8,
           description="Roll a d6 and bank points; a 1 loses the turn total.",
           perfect_information=True, bots=_register_bots, horizon=1_000, chance_limit=6)
