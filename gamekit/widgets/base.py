"""What every gamekit widget shares: the front-end runtime and the call channel to the rules.

The front end of a widget is ``static/runtime.js`` followed by the widget's own ``static/<name>.js``
(one ES module; anywidget loads it from a ``blob:`` URL). ``runtime.js`` gives the widget one
function, ``callRules(model, service, args)``, that answers from gamekit:

* On the book's static pages (no kernel) it loads Pyodide from ``gamekit-assets/`` of the site, one
  interpreter per page, on first use, shows "Loading the rules…" meanwhile, unpacks
  ``gamekit.zip`` and calls :func:`gamekit.web.dispatch`.
* With a kernel (JupyterLab, VS Code) it sends the call over the widget's comm; :meth:`GamekitWidget.on_call`
  runs :func:`gamekit.web.call` in the kernel and sends the answer back.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import anywidget
import traitlets

from ..core import IllegalAction
from ..web import call

STATIC = Path(__file__).parent / "static"


#: Widgets whose front end is more than one file: the files appended after the widget's own.
PARTS = {"play": ("play_board", "play_learn", "play_compare")}


def esm_for(name: str) -> str:
    """The ES module of the widget ``name``: the shared runtime, then the widget's own code, then
    its further parts (:data:`PARTS`: ``static/<part>.js``, in the same module, so ``name`` may call them)."""
    return "\n".join((STATIC / f"{file}.js").read_text() for file in ("runtime", name, *PARTS.get(name, ())))


def css_for(name: str) -> str:
    """The widget's styles: the shared look (``static/common.css``), then its own ``static/<name>.css``
    and its parts' (:data:`PARTS`, those that have one)."""
    own = [STATIC / f"{file}.css" for file in (name, *PARTS.get(name, ()))]
    return "\n".join([(STATIC / "common.css").read_text(), *(f.read_text() for f in own if f.exists())])


class GamekitWidget(anywidget.AnyWidget):
    """Base class: answers the front end's calls to gamekit's services in the kernel."""

    #: The last error a call returned (shown by the front end; handy in notebooks too).
    error = traitlets.Unicode("").tag(sync=True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.on_msg(self.on_call)

    def on_call(self, _widget: Any, content: Any, _buffers: Any) -> None:
        """Answer one message from the front end over the comm: a ``{"kind": "call", "id", "service",
        "args"}`` is answered with ``{"kind": "answer", "id", "answer"}`` (the service's answer, an
        error included); any other message is ignored."""
        if not isinstance(content, dict) or content.get("kind") != "call":
            return
        try:
            answer = call(str(content.get("service")), content.get("args") or {})
        except Exception as err:  # pragma: no cover - call() already answers every error
            answer = {"error": f"Something went wrong in the rules engine: {err}", "rule": None}
        self.send({"kind": "answer", "id": content.get("id"), "answer": answer})

    def _call(self, service: str, **args: Any) -> Any:
        """Call a service from Python (the same code path as the front end's calls)."""
        answer = call(service, args)
        if "error" in answer:
            self.error = answer["error"]
            raise ValueError(answer["error"])
        self.error = ""
        return answer["ok"]


class RulesWidget(GamekitWidget):
    """A widget whose whole state is a *situation* that a gamekit service advances.

    The front end sends ``{"situation": ..., "action": ...}`` to the service named by ``service``
    (see :mod:`gamekit.web`) and shows the answer's ``situation`` and ``view``; from Python,
    :meth:`act` does the same. An action the rules forbid leaves the situation as it was and
    sets ``error`` and ``error_rule`` (in Python it also raises :class:`~gamekit.IllegalAction`).
    Front ends redraw when ``revision`` changes, which is set after ``situation`` and ``view``.
    """

    service = traitlets.Unicode("").tag(sync=True)
    situation = traitlets.Dict().tag(sync=True)
    view = traitlets.Dict().tag(sync=True)
    error_rule = traitlets.Unicode("").tag(sync=True)
    revision = traitlets.Int(0).tag(sync=True)

    def _start(self, **args: Any) -> None:
        answer = call(self.service, args)
        if "error" in answer:
            raise ValueError(answer["error"])
        self.situation, self.view = answer["ok"]["situation"], answer["ok"]["view"]
        self.revision += 1

    def act(self, **action: Any) -> dict[str, Any]:
        """Apply ``action`` (e.g. ``kind="sell", colours=3``); returns the new situation."""
        answer = call(self.service, {"situation": self.situation, "action": action})
        if "error" in answer:
            self.error, self.error_rule = answer["error"], answer.get("rule") or ""
            if answer.get("rule"):
                raise IllegalAction(answer["error"], answer["rule"])
            raise ValueError(answer["error"])
        self.error, self.error_rule = "", ""
        self.situation, self.view = answer["ok"]["situation"], answer["ok"]["view"]
        self.revision += 1
        return self.situation
