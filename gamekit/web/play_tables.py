"""What the play pages show of each player: visible holdings, the viewer's own hidden things, and
what the player to move must do now, in words. Read from the engine's state; nothing is computed
here that the engine decides (scores, legal moves and the end are the engine's)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from ..validation import counted
from .play_board import AUF_ACHSE_BOARD, CATAN_BOARD, ITC_BOARD, TRANSPORTSPELET_BOARD, BoardLayout

RESOURCE_NAMES = ("brick", "lumber", "wool", "grain", "ore")
DEV_NAMES = ("knight", "victory point", "road building", "year of plenty", "monopoly")
PHASES = {
    "setup": "place your starting pieces",
    "roll": "roll the dice",
    "main": "build, trade or end the turn",
    "discard": "discard half of your cards",
    "robber": "move the robber",
    "trade": "answer the trade offer",
    "road_building": "build the free roads",
    "plan": "dispatch or continue your transports, or roll",
    "draw": "draw or play action cards",
    "die": "choose the die to drive with",
    "moving": "drive your truck",
    "city": "load, unload or take contracts",
    "auction": "bid in the auction",
}


def _plural(n: int, word: str) -> str:
    return counted(n, word)


@dataclass(frozen=True)
class PlayView:
    """What the play page shows of a game's players, declared with the game (its
    :class:`~gamekit.Game`'s ``play_view``): each part optional (a game without it shows nothing
    there), each a view of the engine's state, never a rule.

    - ``holdings(state, player, viewer)``: what everyone sees of ``player``, in short lines;
    - ``private(state, viewer)``: the viewer's own hidden things, in sentences;
    - ``board``: the places of the board picture that can be pressed, where each move lies, and the
      move meant at a place where none is legal (a :class:`~gamekit.web.play_board.BoardLayout`);
    - ``colour(state, player)``: the player's colour on the board (``{"name": "red", "fill": "#c0392b"}``);
    - ``phases``: the words for what the player to move must do, by the state's ``phase`` (over
      the common words of :data:`PHASES`): a text, or a function of the state giving one;
    - ``words(state, action)``: a move in words for the page, where its protocol text (``str(action)``,
      which saves hold) is not (a player named by their seat number from 0: "steal from player 2").
    """

    holdings: Callable[[Any, int, int | None], list[str]] | None = None
    private: Callable[[Any, int], list[str]] | None = None
    phases: Mapping[str, str | Callable[[Any], str]] = field(default_factory=dict)
    board: BoardLayout | None = None
    colour: Callable[[Any, int], dict[str, str]] | None = None
    words: Callable[[Any, Any], str] | None = None


_NO_VIEW = PlayView()


def play_view(state: Any) -> PlayView:
    """The play view ``state``'s game declares (an empty one if none)."""
    return state.game.declared("play_view") or _NO_VIEW


def phase_text(state: Any) -> str:
    """What the player to move must do now, in words: the game's own words for its phase (a text,
    or a view of the state that says it with the state's numbers), else the common ones."""
    phase = getattr(state, "phase", "")
    words = play_view(state).phases.get(phase) or PHASES.get(phase, str(phase).replace("_", " ") or "act")
    return words(state) if callable(words) else words


def holdings(state: Any, player: int, viewer: int | None) -> list[str]:
    """What everyone sees of ``player`` (and, if ``player`` is the viewer, a little more)."""
    view = play_view(state).holdings
    try:
        if view is not None:
            return view(state, player, viewer)
    except (AttributeError, IndexError, KeyError, TypeError):  # a view, never a reason to fail
        pass
    return []


def _catan_holdings(state: Any, player: int, viewer: int | None) -> list[str]:
    return _catan(state, player)


def _itc_holdings(state: Any, player: int, viewer: int | None) -> list[str]:
    return [f"{_plural(len(state.hands[player]), 'card')} in hand", f"{_plural(state.stones[player], 'stone')} left"]


def _auf_achse_holdings(state: Any, player: int, viewer: int | None) -> list[str]:
    return [f"cash {state.cash[player]:,}", _truck(state.position[player]),
            f"{_plural(len(state.hands[player]), 'contract')} in hand",
            f"{_plural(len(state.loaded[player]), 'load')} on the truck"]


def _transportspelet_holdings(state: Any, player: int, viewer: int | None) -> list[str]:
    moving = [t for t in state.transports[player] if t is not None]
    return [f"cash {state.cash[player]:,}, debt {state.debt[player]:,}",
            "; ".join(f"card {t.card} {'by ' + t.vehicle if t.started else 'not started'}" for t in moving)
            or "no transport"]


def colour(state: Any, player: int) -> dict[str, str]:
    """The player's colour on the board: its name ("red") and the fill the picture draws it with, as
    the game's play view declares it (none: no colour)."""
    view = play_view(state).colour
    return view(state, player) if view is not None else {"name": "", "fill": ""}


def _catan_colour(state: Any, player: int) -> dict[str, str]:
    from ..catan.svg import PLAYER_FILL

    return {"name": state.colours[player], "fill": PLAYER_FILL.get(state.colours[player], "#888888")}


def _itc_colour(state: Any, player: int) -> dict[str, str]:
    from ..itc.svg import PLAYER_COLOUR_NAMES, PLAYER_COLOURS

    return {"name": PLAYER_COLOUR_NAMES[player % len(PLAYER_COLOURS)], "fill": PLAYER_COLOURS[player % len(PLAYER_COLOURS)]}


def _auf_achse_colour(state: Any, player: int) -> dict[str, str]:
    from ..auf_achse.svg import PLAYER_COLOUR_NAMES, PLAYER_FILL

    return {"name": PLAYER_COLOUR_NAMES[player % len(PLAYER_FILL)], "fill": PLAYER_FILL[player % len(PLAYER_FILL)]}


def _transportspelet_colour(state: Any, player: int) -> dict[str, str]:
    from ..transportspelet.svg import PLAYER_COLOUR_NAMES, PLAYER_COLOURS

    return {"name": PLAYER_COLOUR_NAMES[player % len(PLAYER_COLOURS)], "fill": PLAYER_COLOURS[player % len(PLAYER_COLOURS)]}

def player_words(state: Any, player: int) -> str:
    """A player as the page names them: their colour and their seat counted from 1 ("Blue (Player 3)")."""
    name = colour(state, player)["name"]
    return f"{name.capitalize()} (Player {player + 1})" if name else f"Player {player + 1}"


def move_words(state: Any, action: Any) -> str:
    """A move as the page shows it: the game's words for it (its play view's ``words``), else its
    protocol text. The protocol text stays what the page sends back and what a save holds."""
    view = play_view(state).words
    return view(state, action) if view is not None else str(action)


def _catan_words(state: Any, action: Any) -> str:
    """Catan's moves that name another player by the engine's seat number (from 0): the robber's and
    the pirate's theft, a trade offer, with the player in words ("steal from Blue (Player 3)")."""
    from ..catan import actions

    text = str(action)
    if isinstance(action, (actions.MoveRobber, actions.MovePirate)) and action.victim >= 0:
        return text.replace(f"steal from player {action.victim}", f"steal from {player_words(state, action.victim)}")
    if isinstance(action, actions.OfferTrade):
        return text.replace(f"offer player {action.to}", f"offer {player_words(state, action.to)}", 1)
    return text


def _truck(node: str | None) -> str:
    from ..auf_achse.actions import space_text

    return "truck not placed yet" if node is None else f"truck at {space_text(node)}"


def _catan(state: Any, p: int) -> list[str]:
    lines = [f"{_plural(sum(state.hands[p]), 'resource card')}",
             f"{_plural(sum(state.dev_hands[p]), 'development card')} in hand, {_plural(state.knights[p], 'knight')} played"]
    if getattr(state, "longest_road", -1) == p:
        lines.append("Longest Road")
    if getattr(state, "largest_army", -1) == p:
        lines.append("Largest Army")
    tokens = getattr(state, "tokens", None)
    if tokens is not None:
        lines.append(f"{_plural(tokens[p], 'victory point token')}")
    return lines


def private(state: Any, viewer: int) -> list[str]:
    """The viewer's own hidden things, in words."""
    view = play_view(state).private
    try:
        if view is not None:
            return view(state, viewer)
    except (AttributeError, IndexError, KeyError, TypeError):
        pass
    return []


def _catan_private(state: Any, viewer: int) -> list[str]:
    hand = ", ".join(f"{n:,} {r}" for r, n in zip(RESOURCE_NAMES, state.hands[viewer]) if n) or "no resource cards"
    dev = ", ".join(f"{n} {d}" for d, n in zip(DEV_NAMES, state.dev_hands[viewer]) if n) or "no development cards"
    return [f"Your hand: {hand}.", f"Your development cards: {dev}."]


def _itc_private(state: Any, viewer: int) -> list[str]:
    cards = [state.cards.in_words(c) for c in state.hands[viewer]]
    return ["Your cards: " + ("; ".join(cards) if cards else "none") + "."]


def _itc_keep(state: Any) -> str:
    return "keep one of the two dice rolled: " + ", ".join(f"{colour} {value}" for colour, value in state.rolls.items())


def _itc_act(state: Any) -> str:
    left = [f"{n} for {what}" for n, what in ((state.transport_points, "transports"),
                                              (state.continent_points, "the continents"),
                                              (state.leftover_points, "either")) if n]
    points = "action points left: " + ", ".join(left) if left else "no action points left"
    return f"place and move transports, place sales markers, or end the turn ({points})"


#: ITC's steps of a turn in words (rules ``itc-turn``, ``itc-dice``), with the dice and points of the moment.
ITC_PHASES = {"choose": "choose two of the three dice to roll", "keep": _itc_keep, "act": _itc_act}


def _auf_achse_die(state: Any) -> str:
    dice = " and ".join(str(d) for d in state.dice)
    six = "; a 6 counts as any number from 1 to 6" if 6 in state.dice else ""
    return f"choose the die to drive with (the dice show {dice}{six})"


def _auf_achse_moving(state: Any) -> str:
    return f"drive your truck ({_plural(state.remaining, 'step')} left)"


#: Auf Achse's driving in words (rule ``auf-achse-movement``), with the dice and the steps of the moment.
AUF_ACHSE_PHASES = {"die": _auf_achse_die, "moving": _auf_achse_moving}


def _auf_achse_private(state: Any, viewer: int) -> list[str]:
    cards = [str(state.cards[c]) for c in state.hands[viewer]]
    return ["Your contracts: " + ("; ".join(cards) if cards else "none") + "."]


def _transportspelet_private(state: Any, viewer: int) -> list[str]:
    return [f"Your transport: {state.card(t.card)}" for t in state.transports[viewer] if t is not None]


#: The five games' play views (each game's :class:`~gamekit.Game` declares its own as ``play_view``).
CATAN_VIEW = PlayView(_catan_holdings, _catan_private, board=CATAN_BOARD, colour=_catan_colour, words=_catan_words)
ITC_VIEW = PlayView(_itc_holdings, _itc_private, ITC_PHASES, board=ITC_BOARD, colour=_itc_colour)
AUF_ACHSE_VIEW = PlayView(_auf_achse_holdings, _auf_achse_private, AUF_ACHSE_PHASES, board=AUF_ACHSE_BOARD,
                          colour=_auf_achse_colour)
TRANSPORTSPELET_VIEW = PlayView(_transportspelet_holdings, _transportspelet_private, board=TRANSPORTSPELET_BOARD,
                                colour=_transportspelet_colour)
