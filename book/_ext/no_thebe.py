"""Sphinx extension: switch sphinx-thebe off completely.

Jupyter Book 1 always loads sphinx-thebe, which puts ``const THEBE_JS_URL = ...`` into every page
twice, so the browser reports "Identifier 'THEBE_JS_URL' has already been declared", and names a CDN
script. This book does not use Thebe (its widgets run the rules in the page through Pyodide), so
this extension removes sphinx-thebe's event handlers before any document is read.
"""

from __future__ import annotations

from typing import Any


def _drop_thebe_listeners(app: Any) -> None:
    for event, listeners in app.events.listeners.items():
        app.events.listeners[event] = [
            listener for listener in listeners if getattr(listener.handler, "__module__", "") != "sphinx_thebe"
        ]


def setup(app: Any) -> dict[str, Any]:
    app.connect("builder-inited", _drop_thebe_listeners, priority=999)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
