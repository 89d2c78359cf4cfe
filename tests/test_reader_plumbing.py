"""The plumbing behind the reader's page (issue 20), without a browser: the services' warm-up that the
rules worker runs before it says "ready", and the build's file list that keys the service worker's
cache (book/_ext/offline.py)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from gamekit import web

ROOT = Path(__file__).resolve().parents[1]


def test_warm_up_imports_every_page_module_and_warms_every_service():
    times = web.warm()
    services = {name for name in web.SERVICES if not name.startswith("selfcheck.")}
    assert set(times) == services | {"(imports)"}
    assert all(ms >= 0 for ms in times.values())
    # Every module a page may run is imported by then (the kernel-only ones are not needed).
    import pkgutil

    import gamekit

    page_modules = [m.name for m in pkgutil.walk_packages(gamekit.__path__, "gamekit.")
                    if not m.name.startswith(("gamekit.widgets", "gamekit.tournaments"))]
    assert page_modules and all(name in sys.modules for name in page_modules)
    assert set(web.warm(deep=False)) == services | {"(imports)"}


def test_a_declared_warm_up_runs_instead_of_the_empty_call(monkeypatch):
    ran = []
    monkeypatch.setitem(web.SERVICES, "test.echo", lambda **kw: kw)
    monkeypatch.setitem(web.WARM_UPS, "test.echo", lambda: ran.append("warm"))
    web.warm()
    assert ran == ["warm"]
    web.warm(deep=False)  # a light warm-up: one plain call, not the declared clicks
    assert ran == ["warm"]


def _offline():
    sys.path.insert(0, str(ROOT / "book" / "_ext"))
    try:
        import offline
    finally:
        sys.path.remove(str(ROOT / "book" / "_ext"))
    return offline


@pytest.fixture
def site(tmp_path):
    files = {
        "index.html": "<p>start</p>",
        "book/dice.html": "<h1>Dice</h1>",
        "_static/theme.css": "body {}",
        "gamekit-assets/pyodide/pyodide.asm.wasm": "wasm",
        "gamekit-assets/html-manager/embed-amd.js": "only for other widgets",
        "gamekit-assets/mathjax/tex-mml-chtml.js": "mathjax",
        "gamekit-assets/mathjax/a11y/explorer.js": "on demand",
        "_sources/book/dice.md": "source",
        "_static/scripts/bootstrap.js.map": "map",
        "sw.js": "worker",
    }
    for name, text in files.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return tmp_path


def test_build_files_list_every_file_with_its_hash(site):
    build = _offline().write_build_files(site)
    manifest = json.loads((site / "gamekit-build.json").read_text())
    assert (site / "gamekit-build.txt").read_text().strip() == build == manifest["build"]
    assert set(manifest["files"]) == {"index.html", "book/dice.html", "_static/theme.css",
                                      "gamekit-assets/pyodide/pyodide.asm.wasm", "gamekit-assets/html-manager/embed-amd.js",
                                      "gamekit-assets/mathjax/tex-mml-chtml.js", "gamekit-assets/mathjax/a11y/explorer.js"}
    # Saved ahead: the book's pages, styles and the rules' files; not what loads only on demand.
    assert set(manifest["precache"]) == {"index.html", "book/dice.html", "_static/theme.css",
                                         "gamekit-assets/pyodide/pyodide.asm.wasm", "gamekit-assets/mathjax/tex-mml-chtml.js"}


def test_the_build_id_changes_with_any_file_and_only_then(site):
    offline = _offline()
    first = offline.write_build_files(site)
    assert offline.write_build_files(site) == first  # its own files are not part of it
    wasm = json.loads((site / "gamekit-build.json").read_text())["files"]["gamekit-assets/pyodide/pyodide.asm.wasm"]
    (site / "book" / "dice.html").write_text("<h1>Dice, new</h1>")
    second = offline.write_build_files(site)
    files = json.loads((site / "gamekit-build.json").read_text())["files"]
    assert second != first
    assert files["gamekit-assets/pyodide/pyodide.asm.wasm"] == wasm  # unchanged: copied, not fetched again
