"""Build the lessons' JupyterLite site: Python in the browser, nothing installed, nothing from outside.

Written into ``_build/assets/lite/``, which the book serves as ``lite/`` (``html_extra_path`` in
``_config.yml``), so that every lesson page can link its student notebook there
(``lite/notebooks/index.html?path=<lesson>-student.ipynb``). The site is JupyterLite
(``jupyterlite-core`` with ``jupyterlite-pyodide-kernel``, from PyPI) whose kernel runs on the
same pinned Pyodide the book's widgets use (``web/node_modules/pyodide``), served by the site
itself:

* ``static/pyodide/``: Pyodide's core files from the npm package, the pure-Python wheels the kernel
  and the lessons need, and a ``pyodide-lock.json`` written here for exactly those wheels. Pyodide
  checks every wheel it loads against the sha256 in its lock file, and PyPI's wheels are not the
  files Pyodide's own lock lists, so the lock is ours. Where Pyodide's lock has a package, the
  same version is taken from PyPI (``comm``, ``ipywidgets``, ``anywidget`` and ``psygnal``, which it
  lacks, at the versions of ``constraints.txt``); the kernel's own wheels (``piplite``,
  ``pyodide-kernel``, the ``ipykernel`` and ``widgetsnbextension`` shims) come from the installed
  ``jupyterlite-pyodide-kernel``; ``gamekit`` is a wheel of the working tree, made here.
* ``loadPyodideOptions.packages`` preloads the kernel's packages and gamekit, so a notebook imports
  gamekit with no install cell, and no fallback to an outside package index is allowed.
* JupyterLite's own service worker is disabled: the book's (``sw.js``, root scope) controls the
  lite pages too and keeps what they load for the next visit offline (``book/_ext/offline.py``
  counts ``lite/`` among the files it caches on first use). Without a service worker the kernel
  mounts no browser drive; the lessons read no files.
* A lesson opens in JupyterLite's ``notebooks`` app (Jupyter Notebook 7's one-document page: the
  notebook alone, no file browser, which JupyterLab lays over the notebook on a phone); ``lab``
  (JupyterLab, for a class that wants it) and ``repl`` are built too. The Notebook's "Not
  Trusted" button is left out (trust means nothing in a site that runs in the reader's own browser;
  JupyterLab shows none either, and on a 360 px phone it covered the menu). The theme follows the
  reader's light or dark setting, as the book does (JupyterLab's ``adaptive-theme``).
* The contents are the lessons' student notebooks (``tools/student_versions.py``, the same files
  the lesson pages offer for download).

The site is built afresh each time (an incremental JupyterLite build once dropped the
self-hosted Pyodide address and fell back to a CDN); the downloaded wheels are kept in
``_build/lite-cache/``. Run by ``make assets`` (so ``make book``) after ``tools/build_assets.py``::

    python tools/build_lite.py
"""

from __future__ import annotations

import base64
import hashlib
import importlib.util
import json
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NODE = ROOT / "web" / "node_modules"
OUT = ROOT / "_build" / "assets" / "lite"
CACHE = ROOT / "_build" / "lite-cache"
SRC = ROOT / "_build" / "lite-src"

#: Pyodide's core files, as the npm package has them.
PYODIDE_CORE = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
#: The kernel's packages (what jupyterlite-pyodide-kernel installs at start unless they are
#: preloaded) and what they import, by their names in Pyodide's lock.
KERNEL = ("micropip", "packaging", "piplite", "pyodide-kernel", "ipykernel", "comm", "jedi", "parso", "ipython",
          "asttokens", "decorator", "executing", "matplotlib-inline", "prompt-toolkit", "pure-eval", "pygments",
          "six", "stack-data", "traitlets", "wcwidth")
#: The widgets (gamekit's lesson widgets are anywidgets).
WIDGETS = ("ipywidgets", "anywidget", "psygnal", "typing-extensions", "widgetsnbextension")
#: Not in Pyodide's lock: taken at constraints.txt's version.
FROM_CONSTRAINTS = ("comm", "ipywidgets", "anywidget", "psygnal")
#: The kernel's own wheels (jupyterlite-pyodide-kernel's static/pypi).
KERNEL_WHEELS = ("piplite", "pyodide-kernel", "ipykernel", "widgetsnbextension")
#: What each package imports (for the lock's "imports") and needs (its "depends").
IMPORTS = {"pyodide-kernel": ["pyodide_kernel"], "prompt-toolkit": ["prompt_toolkit"], "pure-eval": ["pure_eval"],
           "stack-data": ["stack_data"], "matplotlib-inline": ["matplotlib_inline"], "ipython": ["IPython"],
           "typing-extensions": ["typing_extensions"]}
DEPENDS = {
    "piplite": ["micropip"], "micropip": ["packaging"],
    "pyodide-kernel": ["ipykernel", "comm", "ipython", "jedi"], "ipykernel": ["comm", "ipython", "traitlets"],
    "jedi": ["parso"], "comm": ["traitlets"],
    "ipython": ["asttokens", "decorator", "executing", "matplotlib-inline", "prompt-toolkit", "pure-eval", "pygments",
                "six", "stack-data", "traitlets", "wcwidth"],
    "asttokens": ["six"], "stack-data": ["executing", "asttokens", "pure-eval"], "matplotlib-inline": ["traitlets"],
    "prompt-toolkit": ["wcwidth"],
    "ipywidgets": ["comm", "ipython", "traitlets", "widgetsnbextension"],
    "anywidget": ["ipywidgets", "psygnal", "typing-extensions"],
    "gamekit": ["ipywidgets", "anywidget"],
}
#: Preloaded when the kernel starts: everything above and gamekit.
PRELOAD = (*KERNEL, *WIDGETS, "gamekit")
#: JupyterLite's apps served: the lessons open in ``notebooks`` (one notebook on the page, at any
#: width); ``lab`` is JupyterLab; the REPL runs one line of code.
APPS = ("notebooks", "lab", "repl")
KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"
#: Settings of the lite apps: every cell of a lesson drawn (not only those on the screen), so that
#: the browser's find, printing and a screen reader see the whole lesson; the light or dark theme as
#: the reader's system has it (``prefers-color-scheme``, followed while the page is open).
OVERRIDES = {
    "@jupyterlab/notebook-extension:tracker": {"windowingMode": "none"},
    # the Settings menu left out: the theme follows the reader's system, and without it the menu bar
    # (File ... Help) fits a 360 px phone (with it, "Help" was cut at the right edge)
    "@jupyterlab/mainmenu-extension:plugin": {"menus": [{"id": "jp-mainmenu-settings", "disabled": True}]},
    "@jupyterlab/apputils-extension:themes": {"adaptive-theme": True, "preferred-light-theme": "JupyterLab Light",
                                              "preferred-dark-theme": "JupyterLab Dark"},
}
#: Plugins left out: JupyterLite's own service worker (the book's serves the site), jupytext (for
#: JupyterLab only), the Notebook's "Not Trusted" button (see above).
DISABLED = ["@jupyterlite/application-extension:service-worker-manager", "jupyterlab-jupytext",
            "@jupyter-notebook/notebook-extension:trusted"]


#: Said under each lesson's title in the site: JupyterLab runs nothing for a Run All given before the
#: notebook has its kernel (it clears the cells and sends no code), and a student should know why.
BROWSER_NOTE = ("*Python starts in your browser when the lesson opens: a few seconds, longer the first time. "
                "A **Run All** pressed before it has started runs nothing (the cells go blank): press it again.*")


def normal(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def constraint(name: str) -> str:
    for line in (ROOT / "constraints.txt").read_text().splitlines():
        if "==" in line and normal(line.split("==")[0]) == normal(name):
            return line.split("==")[1].strip()
    raise SystemExit(f"build_lite: {name} is not pinned in constraints.txt")


def pinned(pyodide_lock: dict) -> dict[str, str]:
    """The PyPI wheels to serve: {name: version}."""
    versions = {}
    for name in (*KERNEL, *WIDGETS):
        if name in KERNEL_WHEELS:
            continue
        if name in FROM_CONSTRAINTS:
            versions[name] = constraint(name)
        elif name in pyodide_lock["packages"]:
            versions[name] = pyodide_lock["packages"][name]["version"]
        else:
            raise SystemExit(f"build_lite: no version for {name}")
    return versions


def download(versions: dict[str, str]) -> dict[str, Path]:
    """The wheels from PyPI (pure Python), into the cache once; {name: wheel}."""
    CACHE.mkdir(parents=True, exist_ok=True)
    found = {}
    missing = []
    for name, version in versions.items():
        stem = re.sub(r"[-.]+", "_", name).lower()
        hit = [p for p in CACHE.glob("*.whl") if p.name.lower().startswith(f"{stem}-{version}-")]
        if hit:
            found[name] = hit[0]
        else:
            missing.append(f"{name}=={version}")
    if missing:
        subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:",
                        "--python-version", "3.14", "--implementation", "py", "--abi", "none", "--platform", "any",
                        "--dest", str(CACHE), *missing], check=True)
        return download(versions)
    return found


def kernel_wheels() -> dict[str, Path]:
    spec = importlib.util.find_spec("jupyterlite_pyodide_kernel")
    if spec is None:
        raise SystemExit("build_lite: jupyterlite-pyodide-kernel is not installed (make install)")
    share = Path(sys.prefix) / "share" / "jupyter" / "labextensions" / "@jupyterlite" / "pyodide-kernel-extension"
    pypi = share / "static" / "pypi"
    found = {}
    for name in KERNEL_WHEELS:
        stem = name.replace("-", "_")
        wheels = sorted(pypi.glob(f"{stem}-*.whl"))
        if name == "widgetsnbextension":
            wheels = [w for w in wheels if w.name.startswith("widgetsnbextension-4.")]
        if not wheels:
            raise SystemExit(f"build_lite: {name}'s wheel not found in {pypi}")
        found[name] = wheels[-1]
    return found


def gamekit_wheel(dest: Path) -> Path:
    """A wheel of gamekit from the working tree (the modules, their data and the widgets' files)."""
    version = re.search(r'^version = "([^"]+)"', (ROOT / "pyproject.toml").read_text(), re.M).group(1)
    files = sorted(
        p for p in (ROOT / "gamekit").rglob("*")
        if p.is_file() and "__pycache__" not in p.parts and p.suffix in {".py", ".json", ".js", ".css"}
    )
    info = f"gamekit-{version}.dist-info"
    path = dest / f"gamekit-{version}-py3-none-any.whl"
    record = []

    def add(zf: zipfile.ZipFile, name: str, data: bytes) -> None:
        entry = zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0))
        entry.compress_type = zipfile.ZIP_DEFLATED
        zf.writestr(entry, data)
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        record.append(f"{name},sha256={digest},{len(data)}")

    with zipfile.ZipFile(path, "w") as zf:
        for p in files:
            add(zf, p.relative_to(ROOT).as_posix(), p.read_bytes())
        add(zf, f"{info}/METADATA", f"Metadata-Version: 2.1\nName: gamekit\nVersion: {version}\n".encode())
        add(zf, f"{info}/WHEEL", b"Wheel-Version: 1.0\nGenerator: gamekit tools/build_lite.py\nRoot-Is-Purelib: true\n"
                                 b"Tag: py3-none-any\n")
        add(zf, f"{info}/top_level.txt", b"gamekit\n")
        record.append(f"{info}/RECORD,,")
        entry = zipfile.ZipInfo(f"{info}/RECORD", date_time=(2020, 1, 1, 0, 0, 0))
        zf.writestr(entry, "\n".join(record) + "\n")
    return path


def wheel_version(wheel: Path) -> str:
    return wheel.name.split("-")[1]


def write_lock(pyodide_lock: dict, wheels: dict[str, Path], folder: Path) -> None:
    packages = {}
    for name, wheel in sorted(wheels.items()):
        packages[name] = {
            "name": name,
            "version": wheel_version(wheel),
            "file_name": wheel.name,
            "install_dir": "site",
            "sha256": hashlib.sha256(wheel.read_bytes()).hexdigest(),
            "package_type": "package",
            "imports": IMPORTS.get(name, [name.replace("-", "_")]),
            "depends": DEPENDS.get(name, []),
            "unvendored_tests": False,
            "shared_library": False,
        }
    lock = {"info": pyodide_lock["info"], "packages": packages}
    (folder / "pyodide-lock.json").write_text(json.dumps(lock, indent=1) + "\n")


def student_notebooks(dest: Path) -> list[Path]:
    spec = importlib.util.spec_from_file_location("student_versions", ROOT / "tools" / "student_versions.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)  # type: ignore[union-attr]
    with tempfile.TemporaryDirectory() as tmp:
        written = module.write(Path(tmp))
        dest.mkdir(parents=True, exist_ok=True)
        out = []
        for path in written:
            if path.name.endswith("-student.ipynb"):
                notebook = json.loads(path.read_text(encoding="utf-8"))
                first = notebook["cells"][0]
                text = "".join(first["source"]) if isinstance(first["source"], list) else first["source"]
                title, _, rest = text.partition("\n")
                first["source"] = f"{title}\n\n{BROWSER_NOTE}\n{rest}"
                # outputs' multi-line texts as one string each, as JupyterLab keeps them (JupyterLite
                # reads the file as it is, and its table of contents fails on a list)
                for cell in notebook["cells"]:
                    for output in cell.get("outputs", []):
                        for key, value in output.get("data", {}).items():
                            if isinstance(value, list) and all(isinstance(v, str) for v in value):
                                output["data"][key] = "".join(value)
                        if isinstance(output.get("text"), list):
                            output["text"] = "".join(output["text"])
                target = dest / path.name
                target.write_text(json.dumps(notebook, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
                out.append(target)
        return out


def config() -> dict:
    return {
        "jupyter-lite-schema-version": 0,
        "jupyter-config-data": {
            "appName": "gamekit lessons",
            # window.jupyterapp (JupyterLab's page option, as its own UI tests use it): the browser
            # tests wait for the notebook's kernel through it before pressing Run All
            "exposeAppInBrowser": "true",
            "disabledExtensions": DISABLED,
            "litePluginSettings": {
                KERNEL_PLUGIN: {
                    "pyodideUrl": "./static/pyodide/pyodide.mjs",
                    "disablePyPIFallback": True,
                    "loadPyodideOptions": {"packages": list(PRELOAD)},
                }
            },
        },
    }


def check(out: Path) -> None:
    """No file of the site may point at an outside host for anything the kernel loads."""
    settings = json.loads((out / "jupyter-lite.json").read_text())["jupyter-config-data"]["litePluginSettings"]
    kernel = settings[KERNEL_PLUGIN]
    if not kernel["pyodideUrl"].startswith("./static/pyodide/"):
        raise SystemExit(f"build_lite: the kernel's Pyodide is not the site's own: {kernel['pyodideUrl']}")
    for url in kernel.get("pipliteUrls", []):
        if "://" in url:
            raise SystemExit(f"build_lite: an outside package index: {url}")


def main() -> int:
    if not (NODE / "pyodide").is_dir():
        print("build_lite: web/node_modules/pyodide is missing; run 'npm ci' in web/ (make web does this)", file=sys.stderr)
        return 1
    pyodide_lock = json.loads((NODE / "pyodide" / "pyodide-lock.json").read_text())
    for path in (OUT, SRC):
        if path.exists():
            shutil.rmtree(path)
    static = SRC / "static" / "pyodide"
    static.mkdir(parents=True)
    for name in PYODIDE_CORE:
        shutil.copy2(NODE / "pyodide" / name, static / name)
    wheels = {**download(pinned(pyodide_lock)), **kernel_wheels()}
    for name, wheel in list(wheels.items()):
        wheels[name] = Path(shutil.copy2(wheel, static / wheel.name))
    wheels["gamekit"] = gamekit_wheel(static)
    write_lock(pyodide_lock, wheels, static)
    (SRC / "jupyter-lite.json").write_text(json.dumps(config(), indent=2) + "\n")
    (SRC / "overrides.json").write_text(json.dumps(OVERRIDES, indent=2) + "\n")
    notebooks = student_notebooks(SRC / "files")
    command = [str(Path(sys.executable).with_name("jupyter")), "lite", "build", "--lite-dir", str(SRC), "--output-dir", str(OUT),
               "--contents", str(SRC / "files"), "--no-sourcemaps", "--no-unused-shared-packages"]
    for app in APPS:
        command += ["--apps", app]
    done = subprocess.run(command, cwd=SRC, capture_output=True, text=True)
    if done.returncode:
        print(done.stdout[-4000:], done.stderr[-4000:], file=sys.stderr)
        raise SystemExit("build_lite: jupyter lite build failed")
    check(OUT)
    size = sum(p.stat().st_size for p in OUT.rglob("*") if p.is_file())
    print(f"build_lite: {OUT.relative_to(ROOT)} ready ({size / 1e6:.1f} MB, {len(notebooks)} student notebooks, "
          f"{len(wheels)} wheels preloaded, Pyodide {pyodide_lock['info']['python']})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
