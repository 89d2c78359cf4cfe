"""The "Play" pages' service: a whole game of any of the six games against computer opponents.

Stateless, like every service: the situation carries the engine's own save (``to_json``), the
seats (``"person"`` or a bot kind, one per player) and who last saw their hidden things. Each call
restores the game, does one thing, and returns what the page draws: the board (the engine's SVG),
every player's visible holdings, the hidden things of the person to move, whose turn it is and
what they must do, the legal moves in words, the log with its chance results, and the result.

The page never computes a rule: the moves are ``state.legal_actions()`` in words, a refused move is
the engine's :class:`~gamekit.IllegalAction` (with its rule label), a computer's move is
``gamekit.bot(...).choose``, the hint is the heuristic bot's ``explain``. The same seeded game
played through :func:`play_through` (the library) gives the same moves, so the page and a notebook
agree; a saved game is the engine's save, which opens in either.

Actions (``action["kind"]``): ``start`` (``game``, ``players``, ``seats``, ``seed``, ``options``),
``move`` (``text``: one of the moves shown), ``bot`` (the computer to move plays one move),
``hint``, ``undo``, ``replay`` (``step``: the position after that many actions, read only),
``press`` (``place``: a place of the board where no legal move lies; answers with the engine's
refusal of the move meant there, or with the kinds of move that could be meant there to choose
from, ``meant`` then naming one: :mod:`gamekit.web.play_board`), ``open`` (``save``: a saved game's
text, ``seats`` optional, ``game``: the page's game, whose saves alone it opens; the save is checked
by playing its log again from its seed, and refused past :data:`SAVE_LIMIT_BYTES`), ``view`` (the
game as it stands, after a replay), ``setup`` (the set-up form), ``learn`` (the guided first game,
:mod:`gamekit.web.learn`: ``step`` ``start`` with ``game``, or ``next``, ``skip``, ``resume``).
"""

from __future__ import annotations

import dataclasses
import json
import re
from typing import Any

from .. import game as get_game
from ..core import IllegalAction, InvalidSave
from ..validation import is_integer
from . import learn, service
from .house_rules import GAME_CHOICES, STUDY_GAMES, house_rules, read_setting, settings_groups
from .play_board import board_places, grouped_moves, last_move_places
from .play_board import press as board_press
from .play_tables import colour, holdings, move_words, phase_text, player_words, private

PERSON = "person"
BOT_KINDS = ("random", "heuristic", "search")
SEAT_KINDS = (PERSON, *BOT_KINDS)
#: The other players' moves since the reader's last one, listed above the board (the whole log is below).
OTHERS_SHOWN = 40


def pages() -> dict[str, str]:
    """The play pages' games: protocol name -> the chapter folder (``book/<folder>/play.md``), as
    each registered game declares it (its :class:`~gamekit.Game`'s ``play_page``)."""
    from .. import games

    return {name: folder for name in games() if (folder := get_game(name).play_page) is not None}


def __getattr__(name: str) -> Any:
    """``PAGES``: :func:`pages` when asked for (it imports every game, which this module does not
    do on its own import)."""
    if name == "PAGES":
        return pages()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
#: Chance results everyone at the table sees (dice, fights, telegrams, event cards); any other
#: draw (a development card, a stolen card, a shuffled pile) is shown only to the player who drew it.
PUBLIC_CHANCE = re.compile(r"(^|\b)(2d6|d6|dice|die|fight|telegram|event card)\b")
#: The play pages' search: the tree search (:class:`gamekit.bots.SearchBot`) with 60 iterations of
#: playouts 10 actions deep, quick enough for the page (:func:`search_budget`).
SEARCH_BUDGET = {"iterations": 60, "depth": 10}
#: The largest saved game the page opens: 1 MB, about 16,000 actions, some 16 times the longest game
#: the computer players play (ITC for 5 players: 1,019 actions, 61 KB). A save is replayed from its
#: seed when opened; a file of 24 MB (1.5 million actions) would hold the page for minutes.
SAVE_LIMIT_BYTES = 1_000_000
SAVE_LIMIT_TEXT = "a saved game opens here up to 1 MB (about 16,000 actions; the longest game of the computer players is 61 KB)."


def search_budget(game_name: str) -> dict[str, Any]:
    """The budget of the play pages' search bot: :data:`SEARCH_BUDGET` for the tree search; a
    game with a search of its own plays at that search's defaults (ITC's expectimax reads
    ``depth`` as moves looked ahead, five at each, so a depth of 10 would never finish a move)."""
    from ..bots import has_own_search

    return {} if has_own_search(game_name) else dict(SEARCH_BUDGET)


# -- the library side: the same game the page plays --------------------------------------------

def bot_seed(seed: int, player: int, ply: int) -> int:
    """The seed of the computer player ``player`` for its move at log length ``ply`` of the game
    seeded ``seed``: the page and :func:`play_through` make the same bot for the same move."""
    return (seed * 1_000_003 + player * 10_007 + ply) % (1 << 53)


def make_bot(game_name: str, kind: str, seed: int, player: int, ply: int) -> Any:
    from ..bots import bot

    budget = search_budget(game_name) if kind == "search" else {}
    return bot(game_name, kind, seed=bot_seed(seed, player, ply), **budget)


def bot_move(state: Any, kind: str) -> Any:
    """The move the computer player of ``kind`` makes now (as the page makes it)."""
    return make_bot(state.game.name, kind, state.seed, state.current_player, state.log_length).choose(state)


def play_through(game_name: str, seats: list[str], seed: int, options: dict[str, Any] | None = None,
                 max_actions: int = 20_000) -> Any:
    """A whole game with every seat a bot kind, exactly as the page plays it: the final state."""
    state = get_game(game_name).new(players=len(seats), seed=seed, **(options or {}))
    while not state.is_over() and state.log_length < max_actions:
        state.apply(bot_move(state, seats[state.current_player]))
    return state


# -- reading the request -----------------------------------------------------------------------

def whole_number(value: Any, what: str, low: int, high: int) -> int:
    """``value`` if it is a whole number from ``low`` to ``high``, else a ``ValueError`` naming ``what``."""
    if not is_integer(value) or not low <= value <= high:
        raise ValueError(f"{what} is a whole number from {low} to {high}, not {value!r}")
    return value


def _seats(seats: Any, players: int) -> list[str]:
    if not isinstance(seats, list) or len(seats) != players:
        raise ValueError(f"give one seat per player ({players}), each one of {', '.join(SEAT_KINDS)}")
    for s in seats:
        if s not in SEAT_KINDS:
            raise ValueError(f"a seat is one of {', '.join(SEAT_KINDS)}, not {s!r}")
    return list(seats)


def read_options(game: Any, options: Any) -> dict[str, Any]:
    """The settings a page sends (``{name: value}``), checked, as the options to start a game with:
    those that differ from the defaults. A printed number may come as the words the page shows
    ("2 grain, 3 ore", "5,000": :func:`gamekit.web.house_rules.read_setting`); every value is then
    checked by the game's options (its range, with the rule)."""
    if options is None:
        return {}
    if not isinstance(options, dict):
        raise ValueError("the settings are an object of setting names and values")
    defaults = {f.name: getattr(game.default_options(), f.name) for f in dataclasses.fields(game.options_class)}
    out = {}
    for name, value in options.items():
        if name not in defaults:
            raise ValueError(f"{game.title} has no setting {name!r}")
        default = defaults[name]
        value = read_setting(game, name, value)
        if isinstance(value, (dict, tuple, list, type(None))) and (isinstance(default, tuple) or default is None
                                                                   or value is None):
            value = getattr(game.make_options(**{name: value}), name)  # as the options keep it (a cost's pairs)
        elif type(value) is not type(default) and not (isinstance(default, float) and type(value) is int):
            raise ValueError(f"the setting {name} is a {type(default).__name__}, not {value!r}")
        if value != default:
            out[name] = value
    game.make_options(**out)
    return out



def _restore(situation: Any) -> tuple[Any, dict[str, Any]]:
    if not isinstance(situation, dict) or not isinstance(situation.get("save"), str):
        raise ValueError("no game is under way: start one")
    game = get_game(situation.get("game", ""))
    state = game.from_json(situation["save"])
    seats = _seats(situation.get("seats"), state.players)
    return state, {**situation, "seats": seats}


# -- what the page shows -------------------------------------------------------------------------

def _name(p: int, seats: list[str]) -> str:
    who = "a person" if seats[p] == PERSON else f"computer, {seats[p]}"
    return f"Player {p + 1} ({who})"


def _chance_text(chance: list[Any], mine: bool) -> str:
    parts = []
    for c in chance:
        if not isinstance(c, dict):
            continue
        what = c.get("what", "")
        if mine or PUBLIC_CHANCE.search(what):
            result = c.get("result")
            parts.append(f"{what}: {_result_text(result)}")
        else:
            parts.append(f"{what} (hidden)")
    return "; ".join(parts)


def _result_text(result: Any) -> str:
    if isinstance(result, list) and len(result) == 2 and isinstance(result[0], int) and isinstance(result[1], list):
        return f"{result[0]} ({' + '.join(map(str, result[1]))})"  # a total and its dice
    if isinstance(result, list):
        return ", ".join(_result_text(r) for r in result)
    return str(result)


def _said(state: Any, entry: dict[str, Any], action: Any, viewer: int | None) -> str:
    """An action in words as ``viewer`` may read it (:func:`~gamekit.web.play_tables.move_words`):
    in full for its own player, else the public text (an ITC card placed face down is not named to
    the others, nor to a table of several people)."""
    if entry["player"] != viewer and "public_text" in entry:
        return entry["public_text"]
    return move_words(state, action)


def _log(state: Any, seats: list[str], viewer: int | None) -> list[dict[str, Any]]:
    rows = []
    entries = state.log
    played = state.actions_played()
    for i, entry in enumerate(entries):  # every action, the first included (issue 31: the whole log)
        p = entry["player"]
        said = _said(state, entry, played[i], viewer)
        text = f"{i + 1}. Player {p + 1}: {said}" if p is not None else f"{i + 1}. {said}"
        chance = _chance_text(entry.get("chance", []), mine=p == viewer)
        rows.append({"step": i + 1, "text": text + (f" [{chance}]" if chance else "")})
    return rows


def _others(state: Any, seats: list[str], viewer: int | None) -> list[str]:
    """What the other players did between the viewer's last two turns (or since the viewer's last
    action, while they play), one short line each in words ("Blue (Player 2): build road at 12-13
    [2d6: 8 (3 + 5)]"), the most recent last."""
    if viewer is None:
        return []
    entries = state.log
    end = len(entries)
    while end > 0 and entries[end - 1]["player"] == viewer:
        end -= 1  # the viewer's own turn under way: the others' moves before it
    start = end
    while start > 0 and entries[start - 1]["player"] != viewer:
        start -= 1
    lines = []
    played = state.actions_played(end)
    for i in range(start, end):
        entry = entries[i]
        p = entry["player"]
        if p == viewer:
            continue
        who = player_words(state, p) if p is not None else "The game"
        chance = _chance_text(entry.get("chance", []), mine=False)
        lines.append(f"{who}: {_said(state, entry, played[i], viewer)}" + (f" [{chance}]" if chance else ""))
    return lines[-OTHERS_SHOWN:]


def _last_move(state: Any, seats: list[str], viewer: int | None) -> dict[str, Any] | None:
    """The move just played by a computer player, as the page marks it on the board while it shows
    it in words: who (their colour), the line in words and the places it acted on. None when the
    last action was a person's or the game's own."""
    if not state.log_length:
        return None
    entry = state.entry(-1)
    p = entry["player"]
    if p is None or seats[p] == PERSON:
        return None
    action = state.actions_played()[-1]
    said = _said(state, entry, action, viewer)
    return {"player": p, "colour": colour(state, p), "text": f"{player_words(state, p)}: {said}",
            "places": last_move_places(state, action)}


def move_kind(action: Any) -> str:
    """The kind of a move in words, from its action class ("BuildSettlement" -> "Build settlement"):
    the title of its group under "Your moves" and of the guide's lesson."""
    words = re.sub(r"(?<!^)([A-Z])", r" \1", type(action).__name__).lower()
    return words[:1].upper() + words[1:]


def _board(state: Any) -> str:
    """The board picture the game declares (its :class:`~gamekit.Game`'s ``board``), else the
    state's own ``_repr_svg_``, else none."""
    draw = state.game.declared("board")
    if draw is not None:
        return draw(state)
    draw = getattr(state, "_repr_svg_", None)
    return draw() if draw is not None else ""


def _view(state: Any, situation: dict[str, Any], announce: str, replay: int | None = None,
          steps: int | None = None) -> dict[str, Any]:
    """What the page draws of ``state``; in a replay (``replay``: the position after that many
    actions) ``steps`` is the whole game's number of actions, so the replay can step forward."""
    seats = situation["seats"]
    over = state.is_over()
    mover = None if over else state.current_player
    person_moves = mover is not None and seats[mover] == PERSON and replay is None
    persons = [p for p, s in enumerate(seats) if s == PERSON]
    viewer = mover if person_moves else (persons[0] if len(persons) == 1 else None)
    scores = state.scores()
    players = [{"name": _name(p, seats), "seat": seats[p], "score": number_text(scores[p]), "colour": colour(state, p),
                "details": holdings(state, p, viewer), "to_move": p == mover} for p in range(state.players)]
    result, outcome = "", None
    changes = house_rules(state.options, state.game.name)
    if over:
        outcome = _outcome(state, seats, scores, changes)
        result = outcome["text"]
    if over:
        status = "The game is over."
    elif person_moves:
        status = f"{_name(mover, seats)} to move: {phase_text(state)}"
    else:
        status = f"{_name(mover, seats)} is thinking… ({phase_text(state)})"
    if steps is None:
        steps = state.log_length
    legal = state.legal_actions() if person_moves else []
    return {
        "title": state.game.title,
        "game": state.game.name,
        "announce": announce,
        "status": status,
        "to_move": mover,
        "person_to_move": person_moves,
        "bot_to_move": mover is not None and seats[mover] != PERSON and replay is None,
        "persons": len(persons),
        "players": players,
        "key": (f"You are {players[persons[0]]['colour']['name']} (Player {persons[0] + 1})."
                if len(persons) == 1 and players[persons[0]]["colour"]["name"] else ""),
        "board": _board(state),
        "private": ({"title": f"Only for Player {viewer + 1}", "lines": private(state, viewer)}
                    if viewer is not None else None),
        "moves": grouped_moves(state, legal) if person_moves else [],
        "places": board_places(state, legal) if person_moves else [],
        "log": _log(state, seats, viewer),
        "others": _others(state, seats, persons[0]) if len(persons) == 1 and replay is None else [],
        "last_move": _last_move(state, seats, viewer) if replay is None else None,
        "steps": steps,
        "replay": replay,
        "can_undo": replay is None and _undo_point(state, seats) is not None,
        "over": over,
        "result": result,
        "outcome": outcome,
        "seed": state.seed,
        "house_rules": changes,
        "house_rules_text": _house_rules_text(changes),
        "save_name": f"{state.game.name}{'-house-rules' if changes else ''}-seed-{state.seed}-after-{steps}.json",
        "guide": learn.guide_view(state, situation, person_moves),
    }


def number_text(value: Any) -> str:
    """A number as people read it: whole numbers with thousands separators (``12,500``)."""
    if is_integer(value):
        return f"{value:,}"
    return str(value)


def _house_rules_text(changes: list[str]) -> str:
    """The house rules of a game in one line ("" for the game as printed)."""
    return f"Played with house rules: {'; '.join(changes)}." if changes else ""


def _outcome(state: Any, seats: list[str], scores: dict[int, Any], changes: list[str] | None = None) -> dict[str, Any]:
    """The result screen of a finished game: the winners, every score, and why it ended (the
    engine's :attr:`~gamekit.core.State.end_reason`, words with its rule), as data and as one text."""
    winners = state.winners()
    names = " and ".join(f"Player {w + 1}" for w in winners)
    best = number_text(scores[winners[0]]) if winners else ""
    reason = state.end_reason
    if not isinstance(reason, str):  # an engine bug, never a text to show (a method's repr, say)
        raise TypeError(f"{state.game.title}'s end_reason is {type(reason).__name__}, not words")
    headline = f"{names} {'win' if len(winners) > 1 else 'wins'} with a score of {best}."
    final = "Final scores: " + ", ".join(f"Player {p + 1} {number_text(scores[p])}" for p in range(state.players))
    text = f"{headline} {final}" + (f". The game ended because {reason}." if reason else ".")
    if changes:
        text += " " + _house_rules_text(changes)
    return {"headline": headline, "winners": winners, "reason": reason, "text": text,
            "house_rules": _house_rules_text(changes or []),
            "scores": [{"name": _name(p, seats), "score": number_text(scores[p]), "winner": p in winners}
                       for p in range(state.players)]}


def _undo_point(state: Any, seats: list[str]) -> int | None:
    """The log length after undoing the last action, if it may be undone: a person's action that
    drew no chance and revealed nothing (undo never goes back past a chance result)."""
    steps = state.log_length
    if not steps:
        return None
    last = state.entry(-1)
    player = last["player"]
    if player is None or seats[player] != PERSON:
        return None
    if last.get("chance"):
        return None
    return steps - 1


def _replayed(state: Any, steps: int) -> Any:
    """The same game after its first ``steps`` actions, replayed from its seed."""
    game = state.game
    options = {f.name: getattr(state.options, f.name) for f in dataclasses.fields(state.options)}
    again = game.new(players=state.players, seed=state.seed, **options)
    for action in state.actions_played(steps):
        again.apply(action)
    return again


def saved_text(state: Any) -> str:
    """The game's save as the page keeps and downloads it: the engine's save (:meth:`~gamekit.core.State.to_json`),
    and for a game with house rules a first key ``"house_rules"`` listing them in words, for people
    (the engine reads the settings themselves from ``"options"``, and checks them when it opens the
    save; the list is never read back)."""
    text = state.to_json()
    changes = house_rules(state.options, state.game.name)
    if not changes or not text.startswith("{"):
        return text
    return '{"house_rules": ' + json.dumps(changes, ensure_ascii=False) + ", " + text[1:]


def _answer(state: Any, situation: dict[str, Any], announce: str, replay: int | None = None) -> dict[str, Any]:
    situation = {**situation, "save": saved_text(state)}
    return {"situation": situation, "view": _view(state, situation, announce, replay)}


# -- the service ---------------------------------------------------------------------------------

def setup_view(game_name: str) -> dict[str, Any]:
    """The set-up form: players, seat kinds, the game's settings with their defaults."""
    game = get_game(game_name)
    settings = []
    for f in dataclasses.fields(game.options_class):
        default = getattr(game.default_options(), f.name)
        if isinstance(default, bool):
            kind = "bool"
        elif isinstance(default, int):
            kind = "int"
        else:
            continue  # maps, tables and texts are set in a notebook, not on the page
        printed = f.metadata.get("kind") == "printed"  # a number the rules print (gamekit.settings), with its name
        settings.append({"name": f.name, "label": f.metadata["label"] if printed else f.name.replace("_", " "),
                         "kind": kind, "default": default, "printed": printed,
                         "rule": f.metadata["rule"] if printed else None})
    return {"game": game.name, "title": game.title, "min_players": game.min_players, "max_players": game.max_players,
            "seat_kinds": [{"value": k, "label": "Person" if k == PERSON else f"Computer: {k}"} for k in SEAT_KINDS],
            "settings": settings, "groups": settings_groups(game.name),
            "compare": {"choices": list(GAME_CHOICES), "games": STUDY_GAMES}, "save_limit_bytes": SAVE_LIMIT_BYTES, "save_limit_text": SAVE_LIMIT_TEXT}


@service("play.game")
def play(situation: dict[str, Any] | None = None, action: dict[str, Any] | None = None, **start: Any) -> dict[str, Any]:
    """The play pages' one service (see the module's docstring for the actions)."""
    action = dict(action or {"kind": "start", **start})
    kind = action.get("kind")
    if kind == "setup":
        return {"situation": situation or {}, "view": {"setup": setup_view(action.get("game", ""))}}
    if kind == "start":
        game = get_game(action.get("game", ""))
        players = whole_number(action.get("players", game.min_players), "the number of players", game.min_players, game.max_players)
        seats = _seats(action.get("seats", [PERSON] + ["heuristic"] * (players - 1)), players)
        seed = whole_number(action.get("seed", 1), "the seed", 0, 2 ** 53 - 1)
        options = read_options(game, action.get("options"))
        state = game.new(players=players, seed=seed, **options)
        situation = {"game": game.name, "seats": seats}
        changes = house_rules(state.options, game.name)
        return _answer(state, situation, f"A new game of {game.title} for {players} players, seed {seed}"
                                         + (f", with house rules: {'; '.join(changes)}." if changes else "."))
    if kind == "open":
        text = action.get("save")
        if not isinstance(text, str):
            raise ValueError("open a saved game: the text of its file")
        size = len(text.encode("utf-8"))
        if size > SAVE_LIMIT_BYTES:
            raise InvalidSave(f"This file is {size / 1e6:.1f} MB: {SAVE_LIMIT_TEXT}")
        try:
            name = json.loads(text).get("game")
        except (ValueError, AttributeError):
            raise InvalidSave("this file is not a saved game") from None
        page = action.get("game")
        if isinstance(page, str) and page and name != page:
            # Another game's save is never opened here (it would replace this page's kept game).
            folders = pages()
            if isinstance(name, str) and name in folders:
                raise InvalidSave(f"this is a saved game of {get_game(name).title}, not of {get_game(page).title}: "
                                  f"open it on {get_game(name).title}'s own play page (book/{folders[name]}/play.html)")
            raise InvalidSave(f"this file is not a saved game of {get_game(page).title}")
        # Checked, never trusted: the log is played again from the seed and must reach the position.
        state = get_game(name if isinstance(name, str) else "").from_json(text, replay=True)
        seats = action.get("seats")
        if not (isinstance(seats, list) and len(seats) == state.players):
            seats = [PERSON] + ["heuristic"] * (state.players - 1)
        situation = {"game": state.game.name, "seats": _seats(seats, state.players)}
        if learn.checked(action.get("learn")):
            situation["learn"] = learn.checked(action.get("learn"))
        return _answer(state, situation, f"Opened a saved game of {state.game.title} after {state.log_length} actions.")
    if kind == "learn" and action.get("step") == "start":
        game = get_game(action.get("game", ""))
        players = max(game.min_players, 2)
        seats = [PERSON] + ["heuristic"] * (players - 1)
        state = game.new(players=players, seed=learn.LEARN_SEED)
        situation = {"game": game.name, "seats": seats, "learn": learn.start_situation()}
        return _answer(state, situation, f"Learn by playing: a guided game of {game.title} for {players} players, "
                                         f"seed {learn.LEARN_SEED}. You are Player 1.")
    state, situation = _restore(situation)
    seats = situation["seats"]
    if kind == "learn":
        situation, said = learn.step(situation, action)
        return {"situation": situation, "view": _view(state, situation, said)}
    if kind == "view":
        return {"situation": situation, "view": _view(state, situation, "Back to the game.")}
    if kind == "replay":
        step = whole_number(action.get("step"), "the step", 0, state.log_length)
        shown = _replayed(state, step)
        view = _view(shown, situation, f"Replay: the position after {step:,} of {state.log_length:,} actions.", replay=step,
                     steps=state.log_length)
        return {"situation": situation, "view": view}
    if kind == "undo":
        point = _undo_point(state, seats)
        if point is None:
            raise IllegalAction("only your own last action can be undone, and never past a dice roll or a card drawn",
                                "protocol-undo")
        undone = move_words(state, state.actions_played()[-1])
        return _answer(_replayed(state, point), situation, f"Undone: {undone}.")
    if state.is_over():
        raise IllegalAction("the game is over", "protocol-game-over")
    mover = state.current_player
    if kind == "hint":
        if seats[mover] != PERSON:
            raise ValueError("the hint is for a person's turn")
        from ..bots import bot

        hinted, reason = bot(state.game.name, "heuristic", seed=bot_seed(state.seed, mover, state.log_length)).explain(state)
        view = _view(state, situation, f"Hint: {move_words(state, hinted)} ({reason}).")
        view["hint"] = {"action": move_words(state, hinted), "reason": reason}
        return {"situation": situation, "view": view}
    if kind == "press":  # a place on the board where no legal move lies: the engine says why
        if seats[mover] != PERSON:
            raise ValueError(f"it is {_name(mover, seats)}'s turn, not a person's")
        answer = board_press(state, action.get("place"), action.get("meant"))
        if isinstance(answer, IllegalAction):
            raise answer
        # moves of several kinds could be meant there: the page asks which (the chooser)
        view = _view(state, situation, f"{answer['label']}: which move did you mean? Choose below the board.")
        view["press_choice"] = answer
        return {"situation": situation, "view": view}
    if kind == "move":
        if seats[mover] != PERSON:
            raise ValueError(f"it is {_name(mover, seats)}'s turn, not a person's")
        text = action.get("text")
        if not isinstance(text, str):
            raise ValueError("a move is the text of one of the moves shown")
        before = state.log_length
        marked = learn.before_move(state, situation, text)
        state.apply(text)
        situation = learn.after_move(state, situation, marked)
        entry = state.log[before]
        chance = _chance_text(entry.get("chance", []), mine=True)
        said = move_words(state, state.actions_played()[before])
        return _answer(state, situation, f"Player {mover + 1}: {said}" + (f" ({chance})." if chance else "."))
    if kind == "bot":
        if seats[mover] == PERSON:
            raise ValueError("it is a person's turn: the computer waits")
        before = state.log_length
        state.apply(bot_move(state, seats[mover]))
        entry = state.log[before]
        persons = [p for p, s in enumerate(seats) if s == PERSON]
        viewer = persons[0] if len(persons) == 1 else None
        chance = _chance_text(entry.get("chance", []), mine=mover == viewer)
        said = _said(state, entry, state.actions_played()[before], viewer)
        return _answer(state, situation, f"{player_words(state, mover)}: {said}" + (f" ({chance})." if chance else "."))
    raise ValueError("the actions are setup, start, open, view, move, bot, hint, undo, replay and learn")
