"""Sphinx extension: the book offline once visited, and never a stale file (issue 20).

Every page loads ``_static/gamekit-offline.js``, which registers the service worker ``sw.js``
(``web/src/sw.js``, put at the site root by ``tools/build_assets.py``). After the HTML is written
and the other extensions have finished their pages (``build-finished``, late), this writes what the
worker needs to key its cache by the build:

* ``gamekit-build.json``: ``{"build", "files": {path: sha256}, "precache": [path, ...]}``, every file
  of the site a page may load, with its hash, and those the worker saves once a page is quiet (the
  whole book: its pages, styles, pictures and the widgets' Python; not what is loaded only on
  demand, such as MathJax's optional extensions or the full widget manager);
* ``gamekit-build.txt``: the build's id, a hash of all of that, which the worker asks for on each
  navigation (a few bytes): an unchanged id means everything comes from the cache.

:func:`write_build_files` is the whole step, so that a test can change a file of a built site and
"rebuild" it the way a build would.
"""

from __future__ import annotations

import hashlib
import json
from fnmatch import fnmatch
from pathlib import Path
from typing import Any

#: Never served from the worker's cache (it fetches these itself, or nothing loads them).
UNCACHED = ("sw.js", "gamekit-build.*", ".buildinfo", "objects.inv", "_sources/*", "*.map", "*.LICENSE.txt")
#: Cached when first used, not saved ahead: loaded on demand only (or not at all since issue 20:
#: the full widget manager is loaded only for widgets other than gamekit's, the theme's icon
#: script not at all; MathJax loads its extensions and fonts as a formula needs them).
ON_DEMAND = (
    "gamekit-assets/html-manager/*", "gamekit-assets/require.js", "gamekit-assets/require-config.js",
    "gamekit-assets/anywidget/*", "gamekit-assets/mathjax/*", "_static/scripts/fontawesome.js",
    "_static/locales/*", "_static/vendor/fontawesome/webfonts/*.ttf", "_static/*.html",
    # the lessons' JupyterLite site (tools/build_lite.py, 40 MB): kept once a lesson is opened there
    "lite/*",
)
#: Saved ahead although under an on-demand folder: what every page with formulas loads.
ALWAYS = ("gamekit-assets/mathjax/tex-mml-chtml.js", "gamekit-assets/mathjax/output/chtml/fonts/woff-v2/*")


def _matches(path: str, patterns: tuple[str, ...]) -> bool:
    return any(fnmatch(path, p) for p in patterns)


def write_build_files(outdir: Path) -> str:
    """Hash every file of the built site in ``outdir``; write ``gamekit-build.json`` and
    ``gamekit-build.txt``; return the build's id."""
    files = {}
    for path in sorted(p for p in outdir.rglob("*") if p.is_file()):
        rel = path.relative_to(outdir).as_posix()
        if _matches(rel, UNCACHED):
            continue
        files[rel] = hashlib.sha256(path.read_bytes()).hexdigest()[:20]
    build = hashlib.sha256("\n".join(f"{k} {v}" for k, v in files.items()).encode()).hexdigest()[:16]
    precache = [p for p in files if not _matches(p, ON_DEMAND) or _matches(p, ALWAYS)]
    manifest = {"build": build, "files": files, "precache": precache}
    (outdir / "gamekit-build.json").write_text(json.dumps(manifest, separators=(",", ":")), encoding="utf-8")
    (outdir / "gamekit-build.txt").write_text(build + "\n", encoding="utf-8")
    return build


#: On a page with widgets, at the top of its head: when the visit is served from this device (the
#: service worker controls the page, so the interpreter is restored from its saved state and nothing
#: is downloaded), start the rules worker at once instead of after the page's scripts and widgets
#: have loaded; the page's runtime (``runtime.js``, ``PageRules.start``) adopts it and the messages
#: it sent meanwhile. On a first visit nothing happens here: the runtime starts the worker when the
#: page is idle, so the downloads never compete with the page's own.
EARLY_RULES = """<script data-gamekit-early-rules>(function () {
  try {
    if (!window.Worker || !navigator.serviceWorker || !navigator.serviceWorker.controller) return;
    var assets = new URL(document.documentElement.dataset.content_root || "./", document.baseURI).href + "gamekit-assets/";
    var worker = new Worker(assets + "rules-worker.mjs", { type: "module" });
    var early = { worker: worker, assets: assets, messages: [], errors: [] };
    worker.onmessage = function (event) { early.messages.push(event.data || {}); };
    worker.onerror = function (event) { event.preventDefault(); early.errors.push(event.message || "network error"); };
    worker.postMessage({ type: "load", assets: assets });
    window.gamekitEarlyRules = early;
  } catch (err) { /* the runtime starts the worker itself */ }
})();</script>"""


def _has_widgets(app: Any, pagename: str) -> bool:
    from myst_nb.sphinx_ext import NbMetadataCollector

    return "ipywidgets_state" in NbMetadataCollector.get_js_files(app.env, pagename)


def _early_rules(app: Any, pagename: str, templatename: str, context: dict, doctree: Any) -> None:
    if app.builder.format == "html" and _has_widgets(app, pagename):
        context["metatags"] = context.get("metatags", "") + "\n" + EARLY_RULES


def _write(app: Any, exception: Exception | None) -> None:
    if exception is not None or app.builder.format != "html":
        return
    write_build_files(Path(app.outdir))


def setup(app: Any) -> dict[str, Any]:
    app.add_js_file("gamekit-offline.js", loading_method="defer")
    # After the other build-finished steps (pages finished, rule links written): they change files.
    app.connect("build-finished", _write, priority=900)
    app.connect("html-page-context", _early_rules)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
