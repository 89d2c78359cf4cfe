"""Lay out the files the built book serves itself, in ``_build/assets/gamekit-assets``.

Sphinx copies ``_build/assets`` into the site root (``html_extra_path`` in ``_config.yml``), so
every page finds, under ``gamekit-assets/``:

* ``widgets.js``: draws the (anywidget) widgets stored in a page, a few kB in place of the widget
  manager (``web/src/widgets.js``);
* ``require.js``, ``require-config.js`` and ``html-manager/embed-amd.js`` (with its fonts): the full
  widget manager, which ``widgets.js`` loads only for a page with other kinds of widgets, from the
  pinned npm install in ``web/node_modules`` (``npm ci`` in ``web/``);
* ``anywidget/index.js``: anywidget's AMD module, the same version as the Python package;
* ``mathjax/``: MathJax 3 (the component Sphinx loads for pages with formulas, and what it loads
  itself: fonts, extensions, menu and speech), so formulas render without a CDN;
* ``pyodide/``: the Python interpreter for the browser (core files only; a lock file listing no
  packages, since the rules need none; a standard library whose modules the worker imports are
  precompiled), and ``rules-worker.mjs``, the module Web Worker that runs it off the page's main
  thread;
* ``gamekit.zip``: gamekit's modules from the working tree as bytecode compiled by that very Python
  (``tools/pyodide_build.mjs``, run here with Node), which the worker unpacks into Pyodide so that the
  page runs the rules engine the book was built with and compiles nothing.

and at the site root ``sw.js``, the service worker that keeps the book on the reader's device
(``web/src/sw.js``; ``book/_ext/offline.py`` writes the build's file list it uses).

Run by ``make book``; safe to run again.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NODE = ROOT / "web" / "node_modules"
OUT = ROOT / "_build" / "assets" / "gamekit-assets"

PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
#: Copied as they are from the npm package (the other two are written by tools/pyodide_build.mjs
#: and below).
PYODIDE_COPIED = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm")


def npm_version(package: str) -> str:
    return json.loads((NODE / package / "package.json").read_text())["version"]


def build_sources_zip(target: Path) -> None:
    """Zip the modules of gamekit the rules worker can use (sources and data, no caches, not the
    widgets' kernel side, which needs anywidget)."""
    files = sorted(
        p
        for p in (ROOT / "gamekit").rglob("*")
        if p.is_file() and "__pycache__" not in p.parts and p.suffix in {".py", ".json"}
        and p.relative_to(ROOT).parts[:2] != ("gamekit", "widgets")
    )
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as zf:
        for path in files:
            info = zipfile.ZipInfo(str(path.relative_to(ROOT)), date_time=(2020, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            zf.writestr(info, path.read_bytes())


def build_python(out: Path) -> dict:
    """gamekit.zip and python_stdlib.zip, compiled by Pyodide itself (tools/pyodide_build.mjs)."""
    node = shutil.which("node")
    if node is None:
        raise SystemExit("build_assets: Node.js is needed to compile gamekit for the browser (apt-get install nodejs)")
    with tempfile.TemporaryDirectory() as tmp:
        sources = Path(tmp) / "sources.zip"
        build_sources_zip(sources)
        done = subprocess.run([node, str(ROOT / "tools" / "pyodide_build.mjs"), str(sources), tmp],
                              capture_output=True, text=True)
        if done.returncode:
            raise SystemExit(f"build_assets: compiling gamekit with Pyodide failed:\n{done.stderr[-4000:]}")
        shutil.copy2(Path(tmp) / "gamekit.zip", OUT / "gamekit.zip")
        shutil.copy2(Path(tmp) / "python_stdlib.zip", out / "python_stdlib.zip")
        return json.loads((Path(tmp) / "report.json").read_text())


def main() -> int:
    packages = ("pyodide", "anywidget", "requirejs", "@jupyter-widgets/html-manager", "mathjax")
    missing = [p for p in packages if not (NODE / p).is_dir()]
    if missing:
        print(f"build_assets: missing npm packages {missing}; run 'npm ci' in web/ (make does this)", file=sys.stderr)
        return 1
    if OUT.exists():
        shutil.rmtree(OUT)
    (OUT / "pyodide").mkdir(parents=True)
    (OUT / "anywidget").mkdir()
    shutil.copy2(NODE / "requirejs" / "require.js", OUT / "require.js")
    shutil.copy2(ROOT / "web" / "src" / "require-config.js", OUT / "require-config.js")
    shutil.copy2(ROOT / "web" / "src" / "rules-worker.mjs", OUT / "rules-worker.mjs")
    shutil.copy2(ROOT / "web" / "src" / "widgets.js", OUT / "widgets.js")
    shutil.copy2(ROOT / "web" / "src" / "sw.js", OUT.parent / "sw.js")
    shutil.copytree(
        NODE / "@jupyter-widgets" / "html-manager" / "dist",
        OUT / "html-manager",
        ignore=shutil.ignore_patterns("*.map", "embed.js", "embed.js.LICENSE.txt", "libembed-amd.js"),
    )
    shutil.copy2(NODE / "anywidget" / "dist" / "index.js", OUT / "anywidget" / "index.js")
    # Only the combined CommonHTML component and what it may load at run time.
    mathjax = NODE / "mathjax" / "es5"
    shutil.copytree(mathjax, OUT / "mathjax", ignore=shutil.ignore_patterns(
        "tex-svg*.js", "mml-svg.js", "tex-chtml*.js", "mml-chtml.js", "node-main.js", "*.map"))
    for name in PYODIDE_COPIED:
        shutil.copy2(NODE / "pyodide" / name, OUT / "pyodide" / name)
    # The rules use no Pyodide package: the lock file lists none (its 120 kB list is not fetched).
    lock = json.loads((NODE / "pyodide" / "pyodide-lock.json").read_text())
    (OUT / "pyodide" / "pyodide-lock.json").write_text(json.dumps({"info": lock["info"], "packages": {}}))
    report = build_python(OUT / "pyodide")
    digest = hashlib.sha256((OUT / "gamekit.zip").read_bytes()).hexdigest()
    # What the rules worker (web/src/rules-worker.mjs) loads, with sizes, so that widgets can show
    # real progress (bytes fetched of the total).
    load = {f"pyodide/{name}": (OUT / "pyodide" / name).stat().st_size for name in PYODIDE_FILES}
    load["gamekit.zip"] = (OUT / "gamekit.zip").stat().st_size
    # What a saved memory snapshot of the worker's Python depends on: a new one for any change.
    snapshot = hashlib.sha256()
    for name in (*(f"pyodide/{n}" for n in PYODIDE_FILES), "gamekit.zip", "rules-worker.mjs"):
        snapshot.update(hashlib.sha256((OUT / name).read_bytes()).digest())
    manifest = {
        "gamekit.zip": {"sha256": digest},
        "snapshot": snapshot.hexdigest()[:16],
        "load": load,
        "versions": {p: npm_version(p) for p in packages},
        "python": report,
    }
    (OUT / "manifest.json").write_text(json.dumps(manifest, indent=2) + "\n")
    size = sum(p.stat().st_size for p in OUT.rglob("*") if p.is_file())
    print(f"build_assets: {OUT.relative_to(ROOT)} ready ({size / 1e6:.1f} MB; gamekit.zip sha256 {digest[:12]}; "
          f"{report['stdlib_compiled']} standard modules precompiled, import and warm-up {report['import_and_warm_ms']} ms "
          "under Node)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
