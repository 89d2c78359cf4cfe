"""Learn by playing: the guided first game of the play pages (issue 31, item 3).

A guided game is an ordinary seeded game (seed :data:`LEARN_SEED`, the reader as Player 1 against
heuristic opponents) whose situation carries ``learn``: ``{"on": bool, "seen": [kinds], "turns": n,
"done": bool}``. While the guide is on and the reader is to move, the view's ``guide`` names the first
*kind* of move that is possible now and has not been explained yet (the kind the hint would play
first, then the others in the engine's order): its rule label, its title, and the moves of that kind,
which the page lights up. "Got it" (``learn`` with ``step: "next"``) goes on to the next new kind;
a move made marks its kind as explained. After :data:`GUIDED_TURNS` of the reader's turns past the
setup the guide hands off ("you play alone"); it can be skipped (``step: "skip"``) and resumed
(``step: "resume"``) at any time.

No rule is written here. Which rule a move follows is the engine's word: the label its action class
cites in its docstring (the house habit: "a docstring cites the rule it implements by its book
label"), during the setup the label that names the setup (``setup`` labels cited by the action, else
the state's ``SETUP_RULE``). The words the page shows are the chapter's: the first sentences under
that label, which the book writes into ``gamekit-assets/rule-texts.json`` when it is built
(``book/_ext/rule_links.py``), beside the link to the paragraph. So the explanation is the chapter's
own paragraph, written once, and a test checks that every label the guide cites is in a chapter.
"""

from __future__ import annotations

import re
from typing import Any

#: The guided game's seed: the same first turns for every reader (and for the tests).
LEARN_SEED = 1
#: The reader's turns past the setup that the guide accompanies before it hands off.
GUIDED_TURNS = 2
#: A rule label cited in a docstring: ``itc-dice``.
_CITED = re.compile(r"``([a-z0-9]+(?:-[a-z0-9]+)+)``")
#: The phase in which the players place their starting pieces (every game calls it so).
SETUP_PHASE = "setup"


def cited_rules(action_type: type) -> list[str]:
    """The rule labels an action class cites in its docstring, in order."""
    return _CITED.findall(action_type.__doc__ or "")


def in_setup(state: Any) -> bool:
    return getattr(state, "phase", None) == SETUP_PHASE


def rules_of(state: Any, action: Any) -> list[str]:
    """The labels of the rules a move follows now, most telling first: in the setup the setup's
    (those the action cites, then the state's ``SETUP_RULE``), else those it cites."""
    cited = cited_rules(type(action))
    setup = [r for r in cited if "-setup" in r]
    if in_setup(state):
        own = getattr(state, "SETUP_RULE", None)
        return setup + ([own] if own and own not in setup else []) or cited
    return [r for r in cited if r not in setup] or cited


def lesson_of(state: Any, action: Any, seen: list[str]) -> str | None:
    """What a move would teach now: its rule (the first of :func:`rules_of`; its class's name if it
    cites none), or None once that was explained."""
    rules = rules_of(state, action)
    key = rules[0] if rules else type(action).__name__
    return None if key in seen else key


def title_of(state: Any, action: Any) -> str:
    """The kind of move in words ("Build settlement (setup)")."""
    from .play import move_kind

    return move_kind(action) + (" (setup)" if in_setup(state) else "")


def start_situation() -> dict[str, Any]:
    """A new guided game's guide: on, nothing explained yet."""
    return {"on": True, "seen": [], "turns": 0, "done": False}


def _learn(situation: dict[str, Any]) -> dict[str, Any] | None:
    return checked(situation.get("learn"))


def checked(learn: Any) -> dict[str, Any] | None:
    """A guide's state as a saved game brought it back (never trusted: wrong shapes are dropped)."""
    if not isinstance(learn, dict):
        return None
    seen = learn.get("seen")
    turns = learn.get("turns")
    return {"on": learn.get("on") is True,
            "seen": [s for s in seen if isinstance(s, str)][:200] if isinstance(seen, list) else [],
            "turns": turns if type(turns) is int and 0 <= turns < 10_000 else 0,
            "done": learn.get("done") is True}


def _person(situation: dict[str, Any]) -> int | None:
    from .play import PERSON

    seats = situation.get("seats") or []
    return next((p for p, s in enumerate(seats) if s == PERSON), None)


def _new_kinds(state: Any, seen: list[str]) -> list[tuple[str, list[Any]]]:
    """The kinds of move possible now and not explained yet, each with its moves: the kind the
    heuristic player (the hint) would play first, then the others in the engine's order."""
    kinds: dict[str, list[Any]] = {}
    for a in state.legal_actions():
        key = lesson_of(state, a, seen)
        if key is not None:
            kinds.setdefault(key, []).append(a)
    if len(kinds) > 1:
        from ..bots import bot
        from .play import bot_seed

        hinted, _ = bot(state.game.name, "heuristic", seed=bot_seed(state.seed, state.current_player,
                                                                     state.log_length)).explain(state)
        first = lesson_of(state, hinted, seen)
        if first in kinds:
            kinds = {first: kinds[first], **{k: v for k, v in kinds.items() if k != first}}
    return list(kinds.items())


def guide_view(state: Any, situation: dict[str, Any], person_moves: bool) -> dict[str, Any] | None:
    """The view's ``guide``: None outside a guided game."""
    learn = _learn(situation)
    if learn is None:
        return None
    view: dict[str, Any] = {"on": learn["on"], "done": learn["done"], "turns": learn["turns"],
                            "guided_turns": GUIDED_TURNS, "lesson": None, "more": 0}
    if not learn["on"] or not person_moves:
        return view
    new = _new_kinds(state, learn["seen"])
    if new:
        key, actions = new[0]
        view["lesson"] = {"key": key, "rule": key if "-" in key else None, "title": title_of(state, actions[0]),
                          "moves": [str(a) for a in actions]}
        view["more"] = len(new) - 1
    return view


def before_move(state: Any, situation: dict[str, Any], text: str) -> list[str]:
    """The kinds a move marks as explained: the lesson shown, and the move's own kind."""
    learn = _learn(situation)
    if learn is None or not learn["on"]:
        return []
    marked = []
    new = _new_kinds(state, learn["seen"])
    if new:
        marked.append(new[0][0])
    for a in state.legal_actions():
        if str(a) == text:
            marked.append(lesson_of(state, a, learn["seen"]))
            break
    return [*marked, "setup" if in_setup(state) else "play"]


def after_move(state: Any, situation: dict[str, Any], marked: list[str]) -> dict[str, Any]:
    """The situation after the reader's move: kinds explained, a turn past the setup counted when
    the move passed the turn on, and the hand-off after :data:`GUIDED_TURNS` of them."""
    learn = _learn(situation)
    if learn is None or not marked:
        return situation
    *kinds, phase = marked
    seen = learn["seen"] + [k for k in dict.fromkeys(kinds) if k is not None and k not in learn["seen"]]
    turns = learn["turns"]
    person = _person(situation)
    if phase == "play" and (state.is_over() or state.current_player != person):
        turns += 1
    learn = {**learn, "seen": seen, "turns": turns}
    if turns >= GUIDED_TURNS and not learn["done"]:
        learn.update(done=True, on=False)
    return {**situation, "learn": learn}


def step(situation: dict[str, Any], action: dict[str, Any]) -> tuple[dict[str, Any], str]:
    """``learn`` actions on a guided game: ``next`` (got it), ``skip``, ``resume``."""
    learn = _learn(situation)
    if learn is None:
        raise ValueError("this game has no guide: start one with \"Learn by playing\"")
    what = action.get("step")
    if what == "skip":
        return {**situation, "learn": {**learn, "on": False}}, "The guide is off: you play alone. Resume it at any time."
    if what == "resume":
        return {**situation, "learn": {**learn, "on": True}}, "The guide is back: it explains each new kind of move."
    if what == "next":
        kind = action.get("seen")
        if not isinstance(kind, str) or len(kind) > 100:
            raise ValueError("say which rule was explained")
        seen = learn["seen"] if kind in learn["seen"] else [*learn["seen"], kind]
        return {**situation, "learn": {**learn, "seen": seen}}, "Next tip."
    raise ValueError("the guide's steps are next, skip and resume")
