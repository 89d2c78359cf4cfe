"""ITC – International Trade Company (Valentin Herman, Fanfor Verlag 1998), for 2 to 6 players.

>>> import gamekit
>>> state = gamekit.game("itc").new(players=3, seed=1)
>>> state.legal_actions()[:2]
[PlaceSalesMarker(place='North America'), PlaceSalesMarker(place='South America')]

The modules: :mod:`~gamekit.itc.options` (the settings and every assumption behind their defaults),
:mod:`~gamekit.itc.data` (goods, routes, places, the card decks from ``cards.json``),
:mod:`~gamekit.itc.actions` (the actions), :mod:`~gamekit.itc.state` (the rules engine),
:mod:`~gamekit.itc.selling` (selling as pure functions) and :mod:`~gamekit.itc.probability`
(exact chances: the grey-market fight, the choice of dice), :mod:`~gamekit.itc.views` (what each
player may see, and positions drawn again from it) and :mod:`~gamekit.itc.bots` (the heuristic
player, the search and the evaluation they use: ``gamekit.bot("itc", "heuristic")``).
"""

from __future__ import annotations

from .. import register
from ..core import Game
from . import selling
from .actions import (
    ACTION_TYPES,
    Attack,
    ChooseDice,
    DeliverTransport,
    Discard,
    DrawActionCard,
    EndTurn,
    ExpressMove,
    KeepDie,
    MoveTransport,
    PlaceSalesMarker,
    PlaceTransport,
    PlayCard,
    Sell,
)
from .data import COLOURS, CONTINENTS, GREY_MARKET, PLACES, RESALE_VALUE, ROUTES, TRANSPORT_VALUE, card_table
from .options import ASSUMPTIONS, Assumption, ItcOptions
from .probability import (
    DiceChoice,
    DieEffect,
    dice_choice_expectations,
    die_effect,
    exchange_win_probability,
    fight_exchange,
    fight_outcome_distribution,
    grey_market_win_probability,
    roll_fight,
)
from .scenarios import scenario
from .selling import Sale, best_plan, sale_options, sellable
from .state import ItcState

__all__ = [
    "GAME",
    "ItcState",
    "ItcOptions",
    "ASSUMPTIONS",
    "Assumption",
    "ACTION_TYPES",
    "Attack",
    "ChooseDice",
    "DeliverTransport",
    "Discard",
    "DrawActionCard",
    "EndTurn",
    "ExpressMove",
    "KeepDie",
    "MoveTransport",
    "PlaceSalesMarker",
    "PlaceTransport",
    "PlayCard",
    "Sell",
    "COLOURS",
    "CONTINENTS",
    "GREY_MARKET",
    "PLACES",
    "ROUTES",
    "TRANSPORT_VALUE",
    "RESALE_VALUE",
    "card_table",
    "selling",
    "Sale",
    "sellable",
    "sale_options",
    "best_plan",
    "DiceChoice",
    "dice_choice_expectations",
    "exchange_win_probability",
    "fight_outcome_distribution",
    "grey_market_win_probability",
    "DieEffect",
    "die_effect",
    "fight_exchange",
    "roll_fight",
    "scenario",
]

#: ITC as a :class:`gamekit.Game`, registered as ``itc``.
GAME = register(
    Game(
        name="itc",
        title="ITC – International Trade Company",
        state_class=ItcState,
        options_class=ItcOptions,
        min_players=2,
        max_players=6,
        description="Transport goods to six continents, resell them there, and fight for the grey market.",
        bots="gamekit.itc.bots",
        action_space="gamekit.itc.actions:action_space",
        play_view="gamekit.web.play_tables:ITC_VIEW",
        play_page="itc",
    )
)
