"""The calls that gamekit's widgets make, in one place, standard library only.

A widget's front end (its anywidget ESM) never applies a rule itself. It calls a *service* here by
name with JSON arguments and gets JSON back:

* in JupyterLab, through the widget's comm to the kernel (``gamekit.widgets.base``);
* on the book's static pages, through Pyodide: the page unpacks ``gamekit.zip`` (these very
  sources) into the browser's Python and calls :func:`dispatch` directly.

Both paths run the same function with the same arguments, so the page and the kernel agree.
Services are stateless: whatever must persist between calls (a generator's state, a game saved
with ``to_json``) travels in the arguments and the result.
"""

from __future__ import annotations

import json
import traceback
from collections.abc import Callable
from typing import Any

from ..core import IllegalAction, InvalidSave

__all__ = ["dispatch", "call", "service", "warm", "SERVICES"]

SERVICES: dict[str, Callable[..., Any]] = {}


def service(name: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Register a function as the service ``name`` (``"dice.roll"``, ``"itc.sell"``, ...)."""

    def register(function: Callable[..., Any]) -> Callable[..., Any]:
        SERVICES[name] = function
        return function

    return register


def call(name: str, args: dict[str, Any]) -> dict[str, Any]:
    """Run a service; the answer is ``{"ok": result}`` or ``{"error": message, "rule": label}``.

    Errors a reader can cause (an illegal action, a bad argument) come back as an answer for the
    widget to show, not as an exception that would break the page.
    """
    _load_services()
    function = SERVICES.get(name)
    if function is None:
        return {"error": f"no service called {name!r}", "rule": None}
    if not isinstance(args, dict):
        return {"error": "service arguments are a JSON object", "rule": None}
    try:
        return {"ok": function(**args)}
    except IllegalAction as err:
        return {"error": err.reason, "rule": err.rule}
    except (InvalidSave, ValueError, TypeError, KeyError) as err:
        return {"error": str(err), "rule": None}
    except Exception as err:  # a bug: still an answer, never silence on the page or in the kernel
        return {"error": f"Something went wrong in the rules engine ({type(err).__name__}).", "rule": None,
                "detail": traceback.format_exc(limit=8)}


def dispatch(name: str, args_json: str) -> str:
    """:func:`call` with JSON text in and out (what the page's JavaScript uses)."""
    try:
        args = json.loads(args_json)
    except ValueError as err:
        return json.dumps({"error": f"arguments are not JSON: {err}", "rule": None})
    return json.dumps(call(name, args))


_loaded = False


def _load_services() -> None:
    """Import the modules that define services (cheap; done on the first call)."""
    global _loaded
    if _loaded:
        return
    from . import auf_achse, dice, factories, itc, play, selfcheck, trade_feud, transportspelet  # noqa: F401

    _loaded = True


def warm() -> dict[str, float]:
    """Import every service module and call each service once with no arguments; returns the
    milliseconds each call took.

    The book's rules worker does this before it tells the page the rules are ready, so that a
    reader's first click costs no more than the next: every module, its data and the code paths a
    call takes are loaded by then (most services answer with their starting view, the others refuse
    the empty call, which loads the same modules). ``tools/pyodide_build.mjs`` calls it to learn
    which standard-library modules to precompile.
    """
    import time

    _load_services()
    times = {}
    for name in sorted(SERVICES):
        if name.startswith("selfcheck."):
            continue
        started = time.perf_counter()
        call(name, {})
        times[name] = round((time.perf_counter() - started) * 1000, 1)
    return times
