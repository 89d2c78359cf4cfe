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
* ``red_die_picks`` = "pegs": how the basic rule's "bestimmt der rote Würfel welche Fabriken Erträge
  bringen. Die Eigentümer bekommen für jede sichtbare (gewürfelte) Zahl, die in ihrer Fabrik steckt,
  den entsprechenden Rohstoff" is read (``factories-production``). "pegs" (a): each visible peg
  showing the red die's number pays, the bracketed "(gewürfelte)" read as a condition; "factories"
  (b): the red die picks every factory holding its number and all visible pegs of those factories
  pay. A third reading (c), the red die picks the factory and the pegs matching either die pay, is
  named in the assumption but not offered. Pegs 2, 5, 6 yield 1/2, 3/2 and 2/3 cards per roll.
* ``robber_may_rotate_factory`` = False: Solcher's second rule (the robber may turn a factory one
  position instead of blocking and stealing, ``solcher-robber``) is an option of its own.
* ``factories_per_player`` = 3: the material lists three discs per colour (``factories-setup``).
* ``blank_pegs`` = 3: the material lists nine pegs per colour, six numbered 1-6 and three blank.
* ``factories_per_turn`` = 1: "Pro Runde darf nur 1 Fabrik gebaut werden" (impersonal: "only 1
  factory may be built per round") read as one factory per player's turn (``factories-building``).
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
* ``red_numbers_apart`` = True: a random board is reshuffled until no two red numbers (6 and 8) are
  neighbours: no 6 next to an 8, and no 6 next to a 6 or 8 next to an 8. This is the base game's
  official rule for a variable (random) set-up; the printed spiral placement of the tokens has the
  same effect.
* ``player_trades`` = True: trades between players, the printed rule (``catan-player-trade``); False
  is the house variant without them (:mod:`gamekit.catan.base_options`).
* ``player_colours`` = ("red", "blue", "white", "orange"): the base game's colours, player 0 first;
  the colour die (``solcher-production``) picks a player by colour; the colour die's other faces
  (green, yellow with four players) let no factory produce.

Numbers the rules print, each a setting with the printed value as its default (issue 33; listed
apart from the assumptions by :func:`gamekit.settings.printed_numbers`, each with its rule label):
the base game's (:mod:`gamekit.catan.base_options`: ``road_cost``, ``settlement_cost``,
``city_cost``, ``development_card_cost``, ``roads_per_player``, ``settlements_per_player``,
``cities_per_player``, ``development_deck``, ``road_building_roads``, ``largest_army_knights``,
``longest_road_length``, ``largest_army_points``, ``longest_road_points``, ``settlement_points``,
``city_points``, ``bank_trade_rate``, ``harbour_trade_rate``, ``resource_harbour_rate``,
``robber_rolls``), ``factory_cost`` = 2 brick + 3 ore
(``factories-building``) and ``investment_cost`` = 1 brick + 1 ore (``factories-investment``);
``factories_per_player``, ``blank_pegs`` and ``factories_per_turn`` above are printed numbers too.

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
  accepts or declines as their own decision; an offer asks only for cards that player holds (hands
  are open); ``legal_actions`` lists the one-for-one offers, exactly those the check lets pass.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..dice import COLOURS
from ..notes import Assumption, catalogue
from ..settings import cost_counts, printed
from . import RESOURCES
from .base_options import ASSUMPTIONS as _BASE_ASSUMPTIONS
from .base_options import BOARDS, CatanOptions
from .production import RED_DIE_READINGS

__all__ = ["FactoriesOptions", "Assumption", "ASSUMPTIONS", "PRODUCTION_RULES", "BOARDS"]

PRODUCTION_RULES: tuple[str, ...] = ("basic", "solcher")


@dataclass(frozen=True)
class FactoriesOptions(CatanOptions):
    """The named settings of Catan with factories; every default is documented in this module."""

    production_rule: str = "basic"
    red_die_picks: str = "pegs"
    robber_may_rotate_factory: bool = False
    #: Rule ``factories-setup``: the factories (wooden discs) each player has (printed: 3).
    factories_per_player: int = printed(3, "factories-setup", "factories per player", low=0, high=10)
    #: Rule ``factories-setup``: the blank pegs each player has (printed: 3 of the 9).
    blank_pegs: int = printed(3, "factories-setup", "blank pegs per player", low=0, high=30)
    #: Rule ``factories-building``: "Pro Runde darf nur 1 Fabrik gebaut werden" (printed: 1).
    factories_per_turn: int = printed(1, "factories-building", "factories per turn", low=1, high=10)
    factories_produce_on_seven: bool = True
    robber_steals_from_factory_owners: bool = False
    #: Rule ``factories-building``: "Kosten: 2 Lehm + 3 Erz".
    factory_cost: tuple[tuple[str, int], ...] = printed(
        (("brick", 2), ("ore", 3)), "factories-building", "factory cost", cost=RESOURCES, high=19)
    #: Rule ``factories-investment``: "Kosten: 1 Lehm + 1 Erz".
    investment_cost: tuple[tuple[str, int], ...] = printed(
        (("brick", 1), ("ore", 1)), "factories-investment", "investment cost", cost=RESOURCES, high=19)

    def costs(self) -> dict[str, tuple[int, ...]]:
        """The base game's costs in force and a factory's and an investment's (rules
        ``factories-building``, ``factories-investment``), as five counts each."""
        return {**super().costs(), "factory": cost_counts(self.factory_cost, RESOURCES),
                "investment": cost_counts(self.investment_cost, RESOURCES)}

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.production_rule not in PRODUCTION_RULES:
            raise ValueError(f"production_rule must be one of {PRODUCTION_RULES}, not {self.production_rule!r}")
        if self.red_die_picks not in RED_DIE_READINGS:
            raise ValueError(f"red_die_picks must be one of {RED_DIE_READINGS}, not {self.red_die_picks!r}")
        for name in ("robber_may_rotate_factory", "factories_produce_on_seven", "robber_steals_from_factory_owners"):
            self._yes_no(name)
        if any(c not in COLOURS for c in self.player_colours):
            raise ValueError(f"player_colours must be colours of the colour die {COLOURS}, not {self.player_colours!r}")


def _a(setting: str, rule: str, title: str, why: str, default: str, printed: str = "") -> Assumption:
    return Assumption(setting, default, why, rule, title=title, printed=printed)


ASSUMPTIONS: tuple[Assumption, ...] = catalogue(FactoriesOptions, (
    _a("production_rule", "factories-production", "which production rule",
       "the text gives the red-die rule and, in section 4, Godwin Solcher's variant with a colour die",
       "the red-die rule; Solcher's colour die is the setting's other value, \"solcher\""),
    _a("red_die_picks", "factories-production", "what the red die picks",
       "the sentence \"the red die decides which factories yield; the owners receive, for each visible (rolled) "
       "number that is in their factory, the matching resource\" can be read three ways: (a) each visible peg showing the red "
       "die's number pays; (b) the red die picks every factory holding its number and all visible pegs of "
       "those factories pay; (c) the red die picks the factory and the pegs matching either die pay. A factory "
       "with the pegs 2, 5 and 6 yields 1/2, 3/2 or 2/3 of a card per roll",
       "reading (a), which takes \"(rolled)\" as a condition on each number; reading (b) is the setting's "
       "value \"factories\"",
       "reading (c), which the engine does not offer"),
    _a("factories_produce_on_seven", "factories-production", "factories on a 7",
       "the red die decides which factories yield \"every time the resource yields are rolled\"; the text does "
       "not say whether a 7 is such a roll",
       "factories produce on a 7 too, before the players discard",
       "idle factories on a 7 (the setting off): under reading (a) a peg then yields 5/36 of a card per roll, "
       "not 1/6"),
    _a("robber_steals_from_factory_owners", "factories-robber", "stealing from a factory",
       "the text only says the robber blocks the peg facing its hex",
       "the robber steals only from players with a settlement or city at its hex, since a factory is neither",
       "letting the robber steal from a factory's owner too"),
    _a("robber_may_rotate_factory", "solcher-robber", "Solcher's robber is a switch",
       "Solcher's second rule does not depend on his production rule",
       "it is off unless chosen, and can be played with either production rule"),
    _a("rotating instead of moving", "solcher-robber", "what the robber does when it turns a factory",
       "\"instead of blocking a hex and stealing\" leaves open what becomes of the robber",
       "the robber stays where it is and goes on blocking its hex; nothing is stolen",
       "the robber is still moved and blocks a new hex, only the theft being given up; or it blocks no hex "
       "at all that turn"),
    _a("factories_per_player", "factories-setup", "factories per player",
       "the material lists three wooden discs per colour", "3 factories each"),
    _a("blank_pegs", "factories-setup", "blank pegs",
       "the material lists nine pegs per colour, six numbered 1-6 and three blank", "3 blank pegs each"),
    _a("factories_per_turn", "factories-building", "one factory per round",
       "\"Only 1 factory may be built per round\" does not say whether per player or for all players together",
       "one factory per player's turn, which is one per round for each player",
       "one factory per round for all players together"),
    _a("factories as buildings", "factories-building", "a factory is a building",
       "the text only says a factory is placed like a settlement (distance rule)",
       "it counts for the distance rule both ways, an opponent's factory breaks a road for Longest Road, and "
       "your own road may continue from your own factory"),
    _a("factory points and harbours", "factories-building", "no points, no harbour",
       "\"a factory is not worth a victory point\"; harbours are not mentioned",
       "a factory gives no victory point and no harbour rate"),
    _a("holes and orientation", "factories-investment", "holes and pegs",
       "\"turned so that only one hole faces each terrain hex\"; \"a peg in any hole\"",
       "each of the three holes faces one of the three hexes around the intersection (a sea hex produces "
       "nothing); the investor picks the free hole after the roll"),
    _a("full factory", "factories-investment", "a full factory",
       "the text sets no limit on investments", "no investing into a factory with three pegs; otherwise as "
       "often as you can pay, even in a factory built this turn"),
    _a("whose factories count", "factories-failed-investment", "\"already in a factory\"",
       "\"a number that is already in a factory\" does not say whose",
       "one of the investor's own factories; a number whose peg was turned over earlier fails too",
       "any player's factory"),
    _a("which peg is turned over", "factories-failed-investment", "which peg is turned over",
       "the text does not say which numbered peg is turned over when no blank is left",
       "the lowest unplaced number; all numbers are equally likely on one die, so the choice changes no chance"),
    _a("player_colours", "solcher-production", "the colours of the colour die",
       "the colour die has 6 colours, the base game 4 players",
       "players red, blue, white and orange (player 0 first); the two other faces, green and yellow, make no "
       "factory produce"),
    _a("bank shortage", "catan-production", "when the bank runs short",
       "the base game's shortage rule", "nobody gets a resource the bank cannot pay in full, unless only one "
       "player is owed it, who gets what is left; factory yields count like any other"),
    _a("longest road", "catan-longest-road", "Longest Road in detail",
       "our summary of the base game gives the rule in one sentence",
       "a road counts as a single path without branches; an opponent's settlement, city or factory breaks it; "
       "a holder whose road is broken keeps the card while still tied for longest; if the longest road is then "
       "tied between other players, or nobody has 5 or more, the card is set aside"),
))

# The base game's settings and readings that factories leaves as they are (gamekit.catan.base_options);
# factories has its own notes on the bank's shortage, Longest Road and the players' colours.
ASSUMPTIONS += catalogue(FactoriesOptions, tuple(
    a for a in _BASE_ASSUMPTIONS if a.setting not in {x.setting for x in ASSUMPTIONS} and a.rule != "catan-robber"))
