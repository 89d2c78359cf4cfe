"""The settings of the Catan base game (``catan``), which every Catan variant's options extend.

No seed text covers the base game (the variants say "the base game's rules apply"), so the
engine states its rules in its own words (:mod:`gamekit.catan.base`) and the numbers are the
printed game's. :data:`ASSUMPTIONS` lists every setting and reading with the reason for its default:

* ``victory_points_to_win`` = 10 (``catan-victory``); ``discard_limit`` = 7 (``catan-discard``);
  ``bank_per_resource`` = 19 (``catan-production``): the base game's numbers.
* ``board`` = "random": the standard 19 hexes, terrain, numbers and harbours shuffled from the seed;
  "beginner" is the fixed layout printed for a first game; "custom" is a board set by hand in
  ``custom_layout`` (19 (terrain, number) pairs in reading order) and ``custom_harbours`` (the nine
  harbour kinds clockwise from the top) (``catan-board``).
* ``red_numbers_apart`` = True: a random board is reshuffled until no two red numbers (6 and 8)
  are neighbours (``catan-board``).
* ``player_colours`` = ("red", "blue", "white", "orange"): the base game's colours, player 0 first.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from ..notes import Assumption, catalogue

__all__ = ["CatanOptions", "ASSUMPTIONS", "BOARDS"]

BOARDS: tuple[str, ...] = ("random", "beginner", "custom")


@dataclass(frozen=True)
class CatanOptions:
    """The named settings of the Catan base game; every default is documented in this module.
    A variant's options are a subclass that adds its own fields (and checks them after
    ``super().__post_init__()``)."""

    victory_points_to_win: int = 10
    discard_limit: int = 7
    bank_per_resource: int = 19
    board: str = "random"
    red_numbers_apart: bool = True
    player_colours: tuple[str, ...] = ("red", "blue", "white", "orange")
    custom_layout: tuple[tuple[str, int | None], ...] = ()
    custom_harbours: tuple[str, ...] = ()

    #: The boards these options can make (a variant may name others and make them in ``make_board``).
    BOARDS: ClassVar[tuple[str, ...]] = BOARDS

    def __post_init__(self) -> None:
        self._whole("victory_points_to_win", 3, 30)
        self._whole("discard_limit", 0, 100)
        self._whole("bank_per_resource", 1, 1000)
        self._yes_no("red_numbers_apart")
        if self.board not in self.BOARDS:
            raise ValueError(f"board must be one of {self.BOARDS}, not {self.board!r}")
        if self.board == "custom":
            self.make_board()  # raises ValueError for a malformed layout
        elif self.custom_layout or self.custom_harbours:
            raise ValueError("custom_layout and custom_harbours need board='custom'")
        colours = self.player_colours
        if (not isinstance(colours, tuple) or len(colours) < 4 or len(set(colours)) != len(colours)
                or not all(isinstance(c, str) and c for c in colours)):  # fmt: skip
            raise ValueError(f"player_colours must be at least four different colour names, not {colours!r}")

    def _whole(self, name: str, low: int, high: int) -> None:
        value = getattr(self, name)
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise ValueError(f"setting {name} must be an integer {low}..{high}, not {value!r}")

    def _yes_no(self, name: str) -> None:
        if not isinstance(getattr(self, name), bool):
            raise ValueError(f"setting {name} must be true or false, not {getattr(self, name)!r}")

    def make_board(self, rng: Any = None) -> Any:
        """The board these settings ask for (``rng`` shuffles a random one), rule ``catan-board``."""
        from .board import beginner_board, random_board, standard_board

        if self.board == "beginner":
            return beginner_board()
        if self.board == "custom":
            layout = self.custom_layout
            if not isinstance(layout, tuple) or not all(isinstance(x, tuple) and len(x) == 2 for x in layout):
                raise ValueError("custom_layout is a tuple of (terrain, number) pairs")
            return standard_board([t for t, _ in layout], [n for _, n in layout], self.custom_harbours)
        return random_board(rng, self.red_numbers_apart)


ASSUMPTIONS: tuple[Assumption, ...] = catalogue(CatanOptions, (
    Assumption("victory_points_to_win", "10", "the base game", "catan-victory"),
    Assumption("discard_limit", "7", "the base game: more than seven cards means discarding half", "catan-discard"),
    Assumption("bank_per_resource", "19", "the base game's 19 cards of each resource", "catan-production"),
    Assumption("board", "random",
               "the base game's variable setup; 'beginner' gives the fixed first-game layout", "catan-board"),
    Assumption("red_numbers_apart", "yes",
               "the base game's rule for a variable setup: no two red numbers (6 and 8) on neighbouring hexes",
               "catan-board"),
    Assumption("player_colours", "red, blue, white, orange", "the base game's colours, player 0 first", "catan-setup"),
    Assumption("start player", "player 0", "the base game rolls for it; a fixed start keeps seeds simple", "catan-setup"),
    Assumption("robber without a desert", "off the board until the first 7 or knight",
               "the robber starts on the desert; a map without one leaves every hex producing", "catan-robber"),
    Assumption("discarding", "one card at a time, in turn order from the roller",
               "the same choices as discarding at once, and small action lists", "catan-discard"),
    Assumption("bank shortage", "nobody gets a resource the bank cannot pay in full, unless only one player is owed it",
               "the base game's rule", "catan-production"),
    Assumption("player trades", "any cards for any cards, one partner per offer",
               "the base game; legal_actions lists one-for-one offers to keep action lists short",
               "catan-player-trade"),
    Assumption("bank trade rate", "any rate the player has: 4:1 always, 3:1 and 2:1 at their harbours",
               "a harbour is an offer, not a duty", "catan-harbour-trade"),
))
