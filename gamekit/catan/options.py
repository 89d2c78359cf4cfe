"""The settings of Catan with factories (Fabriken) and the assumptions behind their defaults.

The seed (a fan variant in Godwin Solcher's collection, 1997-98) describes only what factories
add; "Es gelten der Aufbau und die Regeln des Basisspiels": the base game's setup and rules apply,
and no seed text covers them, so the engine states them in its own words (module
:mod:`gamekit.catan.factories`). Where the text is silent or unclear, the engine needs a default;
each is a named setting of :class:`FactoriesOptions` or a documented reading. :data:`ASSUMPTIONS`
lists every one (setting, default, why); the book chapter shows them as "Assumption" notes:

* ``production_rule`` = "basic": the factories' own rule (the red die picks the pegs that produce,
  ``factories-production``); "solcher" is Godwin Solcher's variant (two same-coloured dice and a
  colour die, ``solcher-production``).
* ``robber_may_rotate_factory`` = False: Solcher's second rule (the robber may turn a factory one
  position instead of blocking and stealing, ``solcher-robber``) is an option of its own.
* ``factories_per_player`` = 3: the material lists three discs per colour (``factories-setup``).
* ``blank_pegs`` = 3: the material lists nine pegs per colour, six numbered 1-6 and three blank.
* ``factories_per_turn`` = 1: "Pro Runde darf nur 1 Fabrik gebaut werden" read as one factory per
  player's turn (``factories-building``).
* ``factories_produce_on_seven`` = True: the red die picks the producing pegs "jedesmal wenn ... die
  Rohstofferträge erwürfelt werden"; a 7 is such a roll too. Factories produce first, then players
  discard (``factories-production``).
* ``robber_steals_from_factory_owners`` = False: one steals from a player with a *settlement or
  city* on the robber's hex; a factory is not a settlement (``factories-robber``).
* ``victory_points_to_win`` = 10 (``catan-victory``); ``discard_limit`` = 7 (``catan-discard``);
  ``bank_per_resource`` = 19 (``catan-production``): the base game's numbers.
* ``board`` = "random": the standard 19 hexes, terrain, numbers and harbours shuffled from the seed;
  "beginner" is the fixed layout printed for a first game; "custom" is a board set by hand in
  ``custom_layout`` (19 (terrain, number) pairs in reading order) and ``custom_harbours`` (the nine
  harbour kinds clockwise from the top) (``catan-board``).
* ``red_numbers_apart`` = True: a random board is reshuffled until no 6 and 8 are neighbours (a
  common rule of thumb; the printed rules place tokens in a spiral instead).
* ``player_colours`` = ("red", "blue", "white", "orange"): the base game's colours, player 0 first;
  the colour die (``solcher-production``) picks a player by colour; the colour die's other faces
  (green, yellow with four players) let no factory produce.

Readings that are not settings (in :data:`ASSUMPTIONS` too):

* Holes and orientation: a factory has three holes; on an intersection each hole faces one of the
  three hexes around it (sea or off-board hexes produce nothing). The investor picks the free hole
  for each new peg ("an beliebiger Stelle"), after the roll (``factories-investment``).
* "Eine Zahl, die schon in einer Fabrik steckt" means one of the investor's *own* factories; a
  number whose peg was turned over earlier also fails (the peg is gone) (``factories-failed-investment``).
* With no blank peg left, the *lowest* unplaced numbered peg is turned over: all numbers are
  equally likely on one die, so the choice does not change any chance.
* No investing into a full factory (three pegs) (``factories-investment``).
* Factories count as buildings for the distance rule, and an opponent's factory breaks a road for
  Longest Road; a player's own road may continue from their own factory (``factories-building``).
* A factory gives no victory point ("Eine Fabrik stellt keinen Siegpunkt dar") and no harbour rate.
* Player 0 starts; the setup is the base game's snake order (``catan-setup``).
* Discarding on a 7 is done one card at a time, players in turn order from the roller.
* The bank's shortage rule: if the bank cannot pay every player what a roll gives them in a
  resource, nobody gets that resource, unless only one player is owed it (who then gets what is
  left); factory yields count in this like any other (``catan-production``).
* Solcher's rotation replaces moving the robber: the robber stays where it is (``solcher-robber``).
* Trades between players: the active player offers any cards for any cards to one player, who
  accepts or declines as their own decision; ``legal_actions`` lists one-for-one offers only.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..dice import COLOURS
from ..notes import Assumption, catalogue
from .base_options import ASSUMPTIONS as _BASE_ASSUMPTIONS
from .base_options import BOARDS, CatanOptions

__all__ = ["FactoriesOptions", "Assumption", "ASSUMPTIONS", "PRODUCTION_RULES", "BOARDS"]

PRODUCTION_RULES: tuple[str, ...] = ("basic", "solcher")


@dataclass(frozen=True)
class FactoriesOptions(CatanOptions):
    """The named settings of Catan with factories; every default is documented in this module."""

    production_rule: str = "basic"
    robber_may_rotate_factory: bool = False
    factories_per_player: int = 3
    blank_pegs: int = 3
    factories_per_turn: int = 1
    factories_produce_on_seven: bool = True
    robber_steals_from_factory_owners: bool = False

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.production_rule not in PRODUCTION_RULES:
            raise ValueError(f"production_rule must be one of {PRODUCTION_RULES}, not {self.production_rule!r}")
        for name in ("robber_may_rotate_factory", "factories_produce_on_seven", "robber_steals_from_factory_owners"):
            self._yes_no(name)
        self._whole("factories_per_player", 0, 10)
        self._whole("blank_pegs", 0, 30)
        self._whole("factories_per_turn", 1, 10)
        if any(c not in COLOURS for c in self.player_colours):
            raise ValueError(f"player_colours must be colours of the colour die {COLOURS}, not {self.player_colours!r}")


ASSUMPTIONS: tuple[Assumption, ...] = catalogue(FactoriesOptions, (
    Assumption("production_rule", "basic",
               "the variant's own rule: the red die picks the pegs; Solcher's colour die is his optional variant",
               "factories-production"),
    Assumption("robber_may_rotate_factory", "off",
               "Solcher's second rule is independent of his production rule, so it is a switch of its own",
               "solcher-robber"),
    Assumption("factories_per_player", "3", "the material lists three wooden discs per colour", "factories-setup"),
    Assumption("blank_pegs", "3", "nine pegs per colour: six numbered 1-6 and three blank", "factories-setup"),
    Assumption("factories_per_turn", "1", "'pro Runde' read as per player's turn", "factories-building"),
    Assumption("factories_produce_on_seven", "yes",
               "the red die picks the pegs on every production roll; a 7 is one too. Factories produce, then players discard",
               "factories-production"),
    Assumption("robber_steals_from_factory_owners", "no",
               "the robber steals from a player with a settlement or city on the hex; a factory is neither",
               "factories-robber"),
    Assumption("victory_points_to_win", "10", "the base game", "catan-victory"),
    Assumption("discard_limit", "7", "the base game: more than seven cards means discarding half", "catan-discard"),
    Assumption("bank_per_resource", "19", "the base game's 19 cards of each resource", "catan-production"),
    Assumption("board", "random",
               "the base game's variable setup; 'beginner' gives the fixed first-game layout", "catan-board"),
    Assumption("red_numbers_apart", "yes",
               "no 6 next to an 8 on a shuffled board (the printed spiral setup has the same effect)", "catan-board"),
    Assumption("player_colours", "red, blue, white, orange",
               "the base game's colours; a colour die face without a player makes no factory produce",
               "solcher-production"),
    Assumption("holes and orientation", "each hole faces one of the three hexes around the intersection",
               "'so ausgerichtet, daß jeweils nur 1 Loch auf ein Rohstoff-Feld zeigt'; the investor picks the free "
               "hole after the roll ('an beliebiger Stelle')", "factories-investment"),
    Assumption("whose factories count", "the investor's own",
               "'schon in einer Fabrik' read as one of the player's own factories; a turned-over number fails too",
               "factories-failed-investment"),
    Assumption("which peg is turned over", "the lowest unplaced number",
               "all numbers are equally likely on one die, so the choice changes no chance",
               "factories-failed-investment"),
    Assumption("full factory", "no investing", "three holes hold three pegs", "factories-investment"),
    Assumption("factories as buildings", "distance rule, road breaking, road connection",
               "a factory occupies an intersection like a settlement", "factories-building"),
    Assumption("factory points and harbours", "none", "'keinen Siegpunkt'; harbours serve settlements and cities",
               "factories-building"),
    Assumption("start player", "player 0", "the base game rolls for it; a fixed start keeps seeds simple", "catan-setup"),
    Assumption("discarding", "one card at a time, in turn order from the roller",
               "the same choices as discarding at once, and small action lists", "catan-discard"),
    Assumption("bank shortage", "nobody gets a resource the bank cannot pay in full, unless only one player is owed it",
               "the base game's rule; factory yields count like any other", "catan-production"),
    Assumption("rotating instead of moving", "the robber stays where it is",
               "'statt ein Feld zu blockieren': the rotation replaces the robber's move and the steal",
               "solcher-robber"),
    Assumption("player trades", "any cards for any cards, one partner per offer",
               "the base game; legal_actions lists one-for-one offers to keep action lists short",
               "catan-player-trade"),
))

# The base game's readings that the factories text leaves to the base game (gamekit.catan.base_options).
ASSUMPTIONS += tuple(a for a in _BASE_ASSUMPTIONS if a.setting not in {x.setting for x in ASSUMPTIONS})
