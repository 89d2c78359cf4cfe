"""gamekit: the rules of five board games, playable, testable and explorable.

>>> import gamekit
>>> gamekit.games()                      # doctest: +SKIP
['itc', ...]
>>> state = gamekit.game("itc").new(players=3, seed=1)   # doctest: +SKIP

The rules engine is pure Python (standard library only), so the same code runs in a Jupyter kernel
and in the reader's browser through Pyodide. numpy is imported only by the vectorised samplers
(:meth:`gamekit.dice.Die.sample`), the widgets import anywidget only when they are used.
"""

from __future__ import annotations

import importlib

from .core import Game, IllegalAction, InvalidSave, State
from .rng import Rng

__all__ = [
    "Game",
    "IllegalAction",
    "InvalidSave",
    "Rng",
    "State",
    "UnknownGame",
    "bot",
    "game",
    "games",
    "planned_games",
    "play",
    "register",
    "unregister",
    "tournament",
]

__version__ = "0.1.0"


class UnknownGame(LookupError):
    """A game name that gamekit does not know or does not implement yet."""


#: Where each of the project's own games lives, by its protocol name: imported when the game is
#: first asked for (so ``import gamekit`` stays quick, in the browser too). Everything else about a
#: game (its title, players, options, bots, OpenSpiel action space, play page...) is declared once,
#: on the :class:`Game` its module registers; a game from elsewhere (a notebook, a test, another
#: package) is registered with :func:`register` and found by every tool the same way.
_BUILT_IN = {
    "itc": "gamekit.itc",
    "auf-achse": "gamekit.auf_achse",
    "catan": "gamekit.catan.base",
    "factories": "gamekit.catan.factories",
    "trade-feud": "gamekit.catan.trade_feud",
    "transportspelet": "gamekit.transportspelet",
}

_registry: dict[str, Game] = {}


def register(game_: Game) -> Game:
    """Make a game available under ``game_.name`` (game modules call this once on import)."""
    if not isinstance(game_, Game):
        raise TypeError(f"register takes a gamekit.Game, not {game_!r}")
    _registry[game_.name] = game_
    return game_


def unregister(name: str) -> Game | None:
    """Take the game called ``name`` off the list (a game a test or a notebook registered for a
    while); the game, or ``None`` if there was none. A game module imported again registers again."""
    return _registry.pop(name, None)


def _load(name: str) -> Game | None:
    if name in _registry:
        return _registry[name]
    module = _BUILT_IN.get(name)
    if module is None:
        return None
    try:
        importlib.import_module(module)
    except ModuleNotFoundError as err:
        if err.name and module.startswith(err.name):
            return None  # not written yet
        raise
    return _registry.get(name)


def game(name: str) -> Game:
    """The game called ``name``: one of :func:`games`."""
    found = _load(name)
    if found is not None:
        return found
    if name in _BUILT_IN:
        raise UnknownGame(f"{name!r} is planned but not implemented yet; available: {games()}")
    raise UnknownGame(f"no game called {name!r}; available: {games()}")


def games() -> list[str]:
    """The names of the games that can be played now."""
    for name in _BUILT_IN:
        _load(name)
    return sorted(_registry)


def planned_games() -> dict[str, str]:
    """Every game of the project (implemented or not): name to title (the title its :class:`Game`
    declares; a game not written yet is named by its name alone)."""
    titles = {}
    for name in _BUILT_IN:
        found = _load(name)
        titles[name] = found.title if found is not None else name
    return titles


def bot(game_name: str, kind: str, seed: int = 0, **budget):
    """A computer opponent for ``game_name``: ``kind`` is ``"random"``, ``"heuristic"`` or
    ``"search"`` (see :mod:`gamekit.bots`); ``bot.choose(state)`` returns a legal action."""
    from .bots import bot as make

    return make(game_name, kind, seed=seed, **budget)


def tournament(game_name: str, seats, games: int, seed: int = 0, players=None, options=None, client=None,
               workers=None, **more):
    """Many seeded games between bots, as a pandas DataFrame (see :mod:`gamekit.tournaments`;
    needs pandas, and Dask for ``client``)."""
    from .tournaments import tournament as run

    return run(game_name, seats, games, seed=seed, players=players, options=options, client=client,
               workers=workers, **more)


def play(game_name: str, opponents=None, seed: int = 1, **options):
    """A whole game of ``game_name`` in JupyterLab against computer ``opponents`` (bot kinds, one
    per other player), the same widget as the book's "Play" pages (:mod:`gamekit.widgets.play`)."""
    from .widgets.play import play as show

    return show(game_name, opponents=opponents, seed=seed, **options)
