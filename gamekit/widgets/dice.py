"""The DiceRoller widget: roll the games' dice and watch the results approach the exact distribution.

Book: chapter "Dice in these games" (label ``dice``). In a notebook::

    from gamekit.widgets import DiceRoller
    roller = DiceRoller(die="2d6", seed=2026)
    roller            # shows the widget
    roller.roll(1000) # rolls from Python; the widget updates
"""

from __future__ import annotations

from typing import Any

import traitlets

from ..web import dice as dice_service
from .base import GamekitWidget, css_for, esm_for


class DiceRoller(GamekitWidget):
    """Pick a die or combination, roll it once or many times, compare with the exact distribution.

    Every roll is made by :mod:`gamekit.dice` with a :class:`gamekit.rng.Rng` seeded by ``seed``: the
    first roll after a reset is ``named_dice()[die].roll(Rng(seed))``, in the kernel and in the
    browser alike.
    """

    _esm = esm_for("dice")
    _css = css_for("dice")

    dice = traitlets.Dict(help="every die offered, with its exact distribution").tag(sync=True)
    limits = traitlets.Dict(help="the roll buttons and the seeds allowed (from gamekit.web.dice)").tag(sync=True)
    die = traitlets.Unicode("2d6", help="key of the chosen die (see gamekit.dice.named_dice)").tag(sync=True)
    seed = traitlets.Int(2026, help="seed of the generator after a reset").tag(sync=True)
    rng_state = traitlets.List(help="the generator's state for the next roll; empty: start from seed").tag(sync=True)
    counts = traitlets.Dict(help="how often each result came up since the last reset").tag(sync=True)
    rolls = traitlets.Int(0, help="rolls since the last reset").tag(sync=True)
    last = traitlets.Dict(help="the last roll: result and the faces that made it").tag(sync=True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(dice=dice_service.describe(), limits=dice_service.limits(), **kwargs)

    @traitlets.validate("die")
    def _valid_die(self, proposal: Any) -> str:
        if proposal["value"] not in dice_service.describe():
            raise traitlets.TraitError(f"no die called {proposal['value']!r}; choose one of {sorted(self.dice)}")
        return proposal["value"]

    @traitlets.validate("seed")
    def _valid_seed(self, proposal: Any) -> int:
        seed = proposal["value"]
        if not 0 <= seed <= dice_service.SEED_MAX:
            raise traitlets.TraitError(dice_service.SEED_TEXT)
        return seed

    @traitlets.observe("die", "seed")
    def _restart(self, _change: Any) -> None:
        self.reset()

    def reset(self) -> None:
        """Forget the rolls so far and restart the generator from ``seed``."""
        self.counts, self.rolls, self.last, self.rng_state = {}, 0, {}, []

    def roll(self, n: int = 1) -> Any:
        """Roll the chosen die ``n`` times; returns the last result."""
        answer = self._call("dice.roll", die=self.die, n=n, seed=self.seed, rng_state=self.rng_state or None)
        counts = dict(self.counts)
        for key, count in answer["counts"].items():
            counts[key] = counts.get(key, 0) + count
        self.counts, self.rolls = counts, self.rolls + n
        self.last = {"result": answer["result"], "faces": answer["faces"], "text": answer["text"]}
        self.rng_state = answer["rng_state"]
        return answer["result"]
