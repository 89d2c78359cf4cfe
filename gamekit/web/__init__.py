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

#: Every service by its name, as :func:`service` registered it; :func:`dispatch` calls them.
SERVICES: dict[str, Callable[..., Any]] = {}
#: How to warm a service up (see :func:`warm`), when calling it once with no arguments is not enough.
WARM_UPS: dict[str, Callable[[], Any]] = {}


def service(name: str, warm: Callable[[], Any] | None = None) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Register a function as the service ``name`` (``"dice.roll"``, ``"itc.sell"``, ...).

    ``warm``, if given, is what :func:`warm` runs for it instead of one call with no arguments: the
    calls a reader's first clicks make (and whatever they compute and remember), so that those
    clicks find everything ready."""

    def register(function: Callable[..., Any]) -> Callable[..., Any]:
        SERVICES[name] = function
        if warm is not None:
            WARM_UPS[name] = warm
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
    from . import auf_achse, dice, factories, house_rules, itc, lessons, play, selfcheck, trade_feud, transportspelet  # noqa: F401

    _loaded = True


#: Modules a page never runs: the widgets' kernel side (anywidget) and the tournaments (processes).
_NOT_IN_THE_PAGE = ("gamekit.widgets", "gamekit.tournaments")


def warm(deep: bool = True) -> dict[str, float]:
    """Import every module of gamekit a page may run and warm every service up (its warm-up given
    to :func:`service`, else one call with no arguments); returns the milliseconds each took.
    ``deep=False``: only one call of each service, everything being imported and remembered already
    (the worker's interpreter restored from a snapshot of a deep warm-up).

    The book's rules worker does this before it tells the page the rules are ready, so that a
    reader's first click costs no more than the next: every module, the standard-library modules
    they import, their data and the code paths a call takes are loaded by then (most services
    answer an empty call with their starting view, the others refuse it, which loads the same
    modules). ``tools/pyodide_build.mjs`` calls it to learn which standard-library modules to
    precompile.
    """
    import importlib
    import pkgutil
    import time

    import gamekit

    started = time.perf_counter()
    for module in pkgutil.walk_packages(gamekit.__path__, "gamekit.") if deep else ():
        if not module.name.startswith(_NOT_IN_THE_PAGE):
            try:
                importlib.import_module(module.name)
            except ImportError:  # a module for the kernel only (numpy, say): never called in a page
                pass
    _load_services()
    times = {"(imports)": round((time.perf_counter() - started) * 1000, 1)}
    for name in sorted(SERVICES):
        if name.startswith("selfcheck."):
            continue
        started = time.perf_counter()
        if deep and name in WARM_UPS:
            WARM_UPS[name]()
        else:
            call(name, {})
        times[name] = round((time.perf_counter() - started) * 1000, 1)
    return times
