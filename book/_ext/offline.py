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


def _write(app: Any, exception: Exception | None) -> None:
    if exception is not None or app.builder.format != "html":
        return
    write_build_files(Path(app.outdir))


def setup(app: Any) -> dict[str, Any]:
    app.add_js_file("gamekit-offline.js", loading_method="defer")
    # After the other build-finished steps (pages finished, rule links written): they change files.
    app.connect("build-finished", _write, priority=900)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
