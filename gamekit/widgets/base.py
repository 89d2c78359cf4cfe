"""What every gamekit widget shares: the front-end runtime and the call channel to the rules.

The front end of a widget is ``static/runtime.js`` followed by the widget's own ``static/<name>.js``
(one ES module; anywidget loads it from a ``blob:`` URL). ``runtime.js`` gives the widget one
function, ``callRules(model, service, args)``, that answers from gamekit:

* On the book's static pages (no kernel) it loads Pyodide from ``gamekit-assets/`` of the site, one
  interpreter per page, on first use, shows "Loading the rules…" meanwhile, unpacks
  ``gamekit.zip`` and calls :func:`gamekit.web.dispatch`.
* With a kernel (JupyterLab, VS Code) it sends the call over the widget's comm; :meth:`GamekitWidget._on_call`
  runs :func:`gamekit.web.call` in the kernel and sends the answer back.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import anywidget
import traitlets

from ..web import call

STATIC = Path(__file__).parent / "static"


def esm_for(name: str) -> str:
    """The ES module of the widget ``name``: the shared runtime, then the widget's own code."""
    return (STATIC / "runtime.js").read_text() + "\n" + (STATIC / f"{name}.js").read_text()


def css_for(name: str) -> str:
    """The widget's styles: the shared look (``static/common.css``), then its own ``static/<name>.css``."""
    own = STATIC / f"{name}.css"
    return (STATIC / "common.css").read_text() + ("\n" + own.read_text() if own.exists() else "")


class GamekitWidget(anywidget.AnyWidget):
    """Base class: answers the front end's calls to gamekit's services in the kernel."""

    #: The last error a call returned (shown by the front end; handy in notebooks too).
    error = traitlets.Unicode("").tag(sync=True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.on_msg(self._on_call)

    def _on_call(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if not isinstance(content, dict) or content.get("kind") != "call":
            return
        answer = call(str(content.get("service")), content.get("args") or {})
        self.send({"kind": "answer", "id": content.get("id"), "answer": answer})

    def _call(self, service: str, **args: Any) -> Any:
        """Call a service from Python (the same code path as the front end's calls)."""
        answer = call(service, args)
        if "error" in answer:
            self.error = answer["error"]
            raise ValueError(answer["error"])
        self.error = ""
        return answer["ok"]
