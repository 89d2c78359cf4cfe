"""Computer opponents for every game: ``random``, ``heuristic`` and ``search``, one interface.

>>> import gamekit
>>> state = gamekit.game("catan").new(players=3, seed=4)
>>> bot = gamekit.bot("catan", "random", seed=1)
>>> bot.choose(state) in state.legal_actions()
True

Every bot chooses only among ``state.legal_actions()`` for the player to move, draws its own coin
flips from its own seeded generator (never the state's), and plays on what that player may know:
it thinks on :meth:`gamekit.State.determinize` copies, which are made from the player's
observation and a seed alone. So two positions a player cannot tell apart get the same move from
bots with the same seed, and a bot cannot peek at a pile or another player's hand.

- ``random``: a uniformly random legal action.
- ``heuristic``: a rule-based player of the game (each game's own, in the module its
  :class:`~gamekit.Game` declares as ``bots``; a game without one gets :class:`GreedyHeuristic`),
  which also says in one sentence why it chose its move (:meth:`Bot.explain`).
- ``search``: information-set Monte Carlo tree search (:class:`SearchBot`) over determinised
  positions, with a budget in iterations or milliseconds.
"""

from __future__ import annotations

import importlib
import math
import time
from abc import ABC, abstractmethod
from collections.abc import Callable
from typing import Any

from ..rng import Rng
from ..validation import is_integer

__all__ = ["Bot", "RandomBot", "HeuristicBot", "GreedyHeuristic", "SearchBot", "bot", "kinds", "register_heuristic",
           "evaluate", "to_move", "register_evaluator", "register_candidates", "register_search", "search_defaults",
           "has_own_search"]

KINDS = ("random", "heuristic", "search")

_HEURISTICS: dict[str, type[HeuristicBot]] = {}
_SEARCH_DEFAULTS: dict[str, dict[str, Any]] = {}
_EVALUATORS: dict[str, Callable[[Any], list[float]]] = {}
_CANDIDATES: dict[str, Callable[[Any, list[Any]], list[Any]]] = {}
_SEARCHES: dict[str, type[SearchBot]] = {}


def kinds() -> tuple[str, ...]:
    """The kinds of bot every game has."""
    return KINDS


class Bot(ABC):
    """A computer player. ``choose(state)`` returns one of ``state.legal_actions()``."""

    kind = "bot"

    def __init__(self, game_name: str, seed: int = 0) -> None:
        if not is_integer(seed):
            raise TypeError(f"a bot's seed is an integer, not {seed!r}")
        self.game_name = game_name
        self.seed = seed
        self.rng = Rng(seed, stream=23)

    def choose(self, state: Any) -> Any:
        """The action this bot plays for ``state.current_player``."""
        return self.explain(state)[0]

    @abstractmethod
    def explain(self, state: Any) -> tuple[Any, str]:
        """The action and, in one sentence, why (the page's "hint")."""

    def _view(self, state: Any) -> Any:
        """A position made only from what the player to move may know (see ``State.determinize``)."""
        return state.determinize(state.current_player, self.rng.next_u32())

    def __repr__(self) -> str:
        return f"<{self.kind} bot for {self.game_name}, seed {self.seed}>"


def to_move(state: Any) -> list[Any]:
    """The legal actions a bot chooses among now (``ValueError`` once the game is over)."""
    if state.is_over():
        raise ValueError("the game is over: there is no move to choose")
    actions = state.legal_actions()
    if not actions:
        raise ValueError(f"player {state.current_player} has no legal action")  # pragma: no cover
    return actions


class RandomBot(Bot):
    """Any legal action, each equally likely. (The legal actions are part of what the player to
    move may know: every game's tests check that a determinised position lists the same ones.)"""

    kind = "random"

    def explain(self, state: Any) -> tuple[Any, str]:
        actions = to_move(state)
        return actions[self.rng.randbelow(len(actions))], "chosen at random among the legal moves"


class HeuristicBot(Bot):
    """A game's rule-based player. A game subclasses it and implements :meth:`decide`, which
    reads a determinised position (so only what the player may know) and returns the action and
    the one-sentence reason; it may use ``self.rng`` for its own coin flips."""

    kind = "heuristic"

    def explain(self, state: Any) -> tuple[Any, str]:
        actions = to_move(state)
        if len(actions) == 1:
            return actions[0], "the only legal move"
        action, reason = self.decide(self._view(state), state.current_player)
        if action not in actions:  # a heuristic must never break a rule; refuse loudly
            raise RuntimeError(f"the {self.game_name} heuristic chose {action}, which is not legal here")
        return action, reason

    @abstractmethod
    def decide(self, view: Any, player: int) -> tuple[Any, str]:
        """The game's rule-based choice for ``player`` on ``view`` (a determinised position), with
        its one-sentence reason."""


class GreedyHeuristic(HeuristicBot):
    """The heuristic player of a game that declares none of its own: each legal move tried once on
    a copy of the position the player may know, the one after which the game's evaluation
    (:func:`evaluate`) gives the player the most (the first on a tie). Chance on the copy is drawn
    by the copy's own generator, so a move that rolls is judged by one roll."""

    def decide(self, view: Any, player: int) -> tuple[Any, str]:
        best, best_value = None, -math.inf
        for action in view.legal_actions():
            trial = view.clone()
            trial.advance(action)
            value = evaluate(trial)[player]
            if value > best_value:
                best, best_value = action, value
        return best, f"its position after this move is the best it can see in one move ({best_value:.2f} of 1)"


def register_heuristic(game_name: str, cls: type[HeuristicBot], search: dict[str, Any] | None = None) -> type[HeuristicBot]:
    """Make ``cls`` the heuristic player of ``game_name`` (a game's bots module calls this);
    ``search`` sets the game's default search budget (``iterations``, ``depth``, ``bias``...)."""
    _HEURISTICS[game_name] = cls
    if search:
        _SEARCH_DEFAULTS[game_name] = dict(search)
    return cls


def search_defaults(game_name: str) -> dict[str, Any]:
    """The search bot's default budget for ``game_name`` (the game's own, else the general one)."""
    _load_bots(game_name)
    return {**SearchBot.DEFAULTS, **_SEARCH_DEFAULTS.get(game_name, {})}


def has_own_search(game_name: str) -> bool:
    """Whether ``game_name``'s search bot is a method of its own (:func:`register_search`), whose
    budget arguments may mean something else than the tree search's (ITC's ``depth`` counts the
    player's own moves looked ahead, not the length of a playout)."""
    _load_bots(game_name)
    return game_name in _SEARCHES


def register_search(game_name: str, cls: type[SearchBot]) -> type[SearchBot]:
    """Make ``cls`` (a :class:`SearchBot` with the same budget arguments) the search bot of
    ``game_name``, for a game whose search needs another method than the default one."""
    _SEARCHES[game_name] = cls
    return cls


def register_evaluator(game_name: str, function: Callable[[Any], list[float]]) -> Callable[[Any], list[float]]:
    """Make ``function(state)`` (each player's value, 0 to 1) the search's evaluation of an
    unfinished position of ``game_name``."""
    _EVALUATORS[game_name] = function
    return function


def register_candidates(game_name: str, function: Callable[[Any, list[Any]], list[Any]]) -> Callable[..., list[Any]]:
    """Make ``function(state, legal_actions)`` the moves the search tries in a position of
    ``game_name`` (a non-empty part of the legal actions, leaving out moves a game's bots never
    need, such as dominated trades); by default every legal action."""
    _CANDIDATES[game_name] = function
    return function


_LOADED: set[str] = set()


def _load_bots(game_name: str) -> None:
    """Register the bots ``game_name``'s :class:`~gamekit.Game` declares (its ``bots``: a module
    imported, or a function called, once)."""
    from .. import game

    declared = game(game_name).bots  # an unknown game is an error here
    if declared is None or game_name in _LOADED:
        return
    if callable(declared):
        declared()
    else:
        importlib.import_module(declared)
    _LOADED.add(game_name)


def evaluate(state: Any) -> list[float]:
    """Each player's value of a position, from 0 (lost) to 1 (won): the share of the win at the
    end; before it the game's own evaluation, or by default the player's rank by score (beating
    everyone 1, beaten by everyone 0, ties halved)."""
    n = state.players
    if state.is_over():
        winners = state.winners()
        return [1 / len(winners) if p in winners else 0.0 for p in range(n)]
    function = _EVALUATORS.get(state.game.name)
    if function is not None:
        return function(state)
    return rank_values(state.scores(), n)


def rank_values(scores: dict[int, Any], n: int) -> list[float]:
    """Each player's rank as a value from 0 to 1: the share of the others they beat, ties halved."""
    if n == 1:
        return [0.5]
    values = [scores[p] for p in range(n)]
    return [(sum(v < values[p] for v in values) + 0.5 * (sum(v == values[p] for v in values) - 1)) / (n - 1)
            for p in range(n)]


class _Node:
    __slots__ = ("children", "visits", "totals", "mover", "avail", "hint")

    def __init__(self, mover: int | None, players: int) -> None:
        self.children: dict[Any, _Node] = {}
        self.visits = 0
        self.totals = [0.0] * players
        self.mover = mover  # the player whose action led here
        self.avail = 0  # how often this node's action was legal when its parent was visited
        self.hint: Any = None  # the heuristic player's move here (progressive bias), once asked


class SearchBot(Bot):
    """Information-set Monte Carlo tree search (single-observer ISMCTS, Cowling, Powley and
    Whitehouse 2012), open loop, guided by the game's heuristic player.

    Each iteration draws a position the player to move cannot tell from the real one
    (``state.determinize``), walks down one shared tree choosing actions by UCB among those legal
    in that position (the part of them a game names with :func:`register_candidates`), counting
    how often each was available, adds one node, plays ``depth``
    more actions by the game's heuristic player (``rollout="heuristic"``, the default) or at
    random, and scores the position with the game's evaluation (:func:`evaluate`). Chance results
    on the way are drawn by the copy's own generator from the game's declared events, with their
    exact probabilities. Every player in the tree maximises their own value.

    The heuristic player also guides the tree (progressive bias, Chaslot et al. 2008): at each
    node its move is tried first and gets ``bias / visits`` on top of its UCB score, so a few
    unlucky tries of a sensible move do not bury it (without it, a turn of several free actions
    is judged by the search's own worst tries). The move played is the most visited. The budget:
    ``iterations`` and/or ``ms`` (wall-clock milliseconds; whichever is reached first); each game
    may set its own defaults (:func:`search_defaults`).
    """

    kind = "search"
    DEFAULTS: dict[str, Any] = {"iterations": 100, "ms": None, "depth": 8, "exploration": 0.7, "bias": 5.0,
                                "rollout": "heuristic"}

    def __init__(self, game_name: str, seed: int = 0, **budget: Any) -> None:
        super().__init__(game_name, seed)
        unknown = sorted(set(budget) - set(self.DEFAULTS))
        if unknown:
            raise TypeError(f"a search bot's budget has no {', '.join(unknown)}; it has {', '.join(self.DEFAULTS)}")
        settings = {**self.DEFAULTS, **_SEARCH_DEFAULTS.get(game_name, {}), **budget}
        if settings["iterations"] is None and settings["ms"] is None:
            raise ValueError("a search bot needs a budget: iterations, ms or both")
        if settings["rollout"] not in ("heuristic", "random"):
            raise ValueError(f"a search's rollouts are 'heuristic' or 'random', not {settings['rollout']!r}")
        self.iterations = settings["iterations"]
        self.ms = settings["ms"]
        self.depth = settings["depth"]
        self.exploration = settings["exploration"]
        self.bias = settings["bias"]
        cls = _HEURISTICS.get(game_name)
        self._policy = cls(game_name, seed + 1) if cls is not None else None
        self.rollout = settings["rollout"] if self._policy is not None else "random"
        self.last_iterations = 0

    def _hint(self, node: _Node, position: Any, legal: list[Any]) -> Any:
        if node.hint is None and self._policy is not None:
            try:
                node.hint = self._policy.decide(position, position.current_player)[0]
            except Exception:  # noqa: BLE001 - a heuristic that cannot judge this copy gives no hint
                node.hint = False
        return node.hint if node.hint in legal else None

    def explain(self, state: Any) -> tuple[Any, str]:
        actions = to_move(state)
        if len(actions) == 1:
            return actions[0], "the only legal move"
        me = state.current_player
        n = state.players
        root = _Node(None, n)
        rng = self.rng
        deadline = None if self.ms is None else time.perf_counter() + self.ms / 1000
        limit = self.iterations if self.iterations is not None else math.inf
        c, bias = self.exploration, self.bias
        policy = self._policy if self.rollout == "heuristic" else None
        candidates = _CANDIDATES.get(state.game.name)
        done = 0
        while done < limit and (deadline is None or time.perf_counter() < deadline):
            done += 1
            position = state.determinize(me, rng.next_u32())
            node, path = root, [root]
            while not position.is_over():
                legal = position.legal_actions()
                if candidates is not None:
                    legal = candidates(position, legal) or legal
                children = node.children
                for a in legal:
                    child = children.get(a)
                    if child is not None:
                        child.avail += 1
                hint = self._hint(node, position, legal) if bias else None
                mover = position.current_player
                untried = [a for a in legal if a not in children]
                if untried:
                    action = hint if hint in untried else untried[rng.randbelow(len(untried))]
                    child = children[action] = _Node(mover, n)
                    child.avail = 1
                    position.advance(action)
                    path.append(child)
                    break
                best, best_score = None, -math.inf
                for a in legal:
                    child = children[a]
                    score = child.totals[mover] / child.visits + c * math.sqrt(math.log(child.avail) / child.visits)
                    if a == hint:
                        score += bias / child.visits
                    if score > best_score:
                        best, best_score = a, score
                node = children[best]
                position.advance(best)
                path.append(node)
            for _ in range(self.depth):
                if position.is_over():
                    break
                legal = position.legal_actions()
                if policy is not None and len(legal) > 1:  # the heuristic plays on the copy itself
                    position.advance(policy.decide(position, position.current_player)[0])
                else:
                    position.advance(legal[rng.randbelow(len(legal))])
            values = evaluate(position)
            for visited in path:
                visited.visits += 1
                totals = visited.totals
                for p in range(n):
                    totals[p] += values[p]
        self.last_iterations = done
        scored = [(root.children[a].visits, root.children[a].totals[me] / root.children[a].visits, i, a)
                  for i, a in enumerate(actions) if a in root.children]
        if not scored:
            return actions[0], "no time to search; the first legal move"
        visits, value, _, action = max(scored, key=lambda t: (t[0], t[1], -t[2]))
        return action, f"searched {done} positions; this move was tried {visits} times and scored {value:.2f}"


def bot(game_name: str, kind: str, seed: int = 0, **budget: Any) -> Bot:
    """A bot of ``kind`` (``"random"``, ``"heuristic"`` or ``"search"``) for ``game_name``,
    seeded by ``seed``; ``budget`` sets a search bot's ``iterations``, ``ms`` or ``depth``."""
    if kind not in KINDS:
        raise ValueError(f"no bot kind {kind!r}; the kinds are {', '.join(KINDS)}")
    _load_bots(game_name)
    if kind == "random":
        if budget:
            raise TypeError(f"a random bot takes no budget, not {sorted(budget)}")
        return RandomBot(game_name, seed)
    if kind == "search":
        return _SEARCHES.get(game_name, SearchBot)(game_name, seed, **budget)  # the game's defaults, then the budget given
    cls = _HEURISTICS.get(game_name, GreedyHeuristic)
    if budget:
        raise TypeError(f"a heuristic bot takes no budget, not {sorted(budget)}")
    return cls(game_name, seed)
