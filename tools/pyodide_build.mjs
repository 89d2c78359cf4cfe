// Prepare the Python the page's rules worker runs, with that very Python (Pyodide from
// web/node_modules, under Node), so that the reader's browser compiles nothing: run by
// tools/build_assets.py.
//
//   node tools/pyodide_build.mjs <gamekit-sources.zip> <out-dir>
//
// Writes into <out-dir>:
// * gamekit.zip: gamekit's modules as sourceless .pyc (compiled by Pyodide's CPython, so the
//   magic number is the browser's) and its data files;
// * python_stdlib.zip: Pyodide's standard library with every module the worker imports
//   (loading, gamekit's services, one call of each) as .pyc, the others as the .py sources they
//   are in the npm package, less the few packages a rules worker never uses (the REPL, pydoc,
//   the test and debugging tools, mail and network protocols, multiprocessing, legacy encodings);
// * report.json: what was compiled, the import time, the Python version.
// Every .pyc is an "unchecked-hash" pyc: the same sources give the same bytes (an unchanged build
// keeps its cache key) and nothing is re-validated at import. Before writing, the compiled archives
// are loaded into a fresh interpreter, which imports every service and calls each once: a broken
// archive never reaches the site.

import { mkdir, readFile, writeFile } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const [source, outDir] = process.argv.slice(2);
if (!source || !outDir) {
  console.error("usage: node tools/pyodide_build.mjs <gamekit-sources.zip> <out-dir>");
  process.exit(2);
}
const indexURL = resolve(here, "..", "web", "node_modules", "pyodide") + "/";
const { loadPyodide } = await import(indexURL + "pyodide.mjs");
const quiet = { stdout: () => {}, stderr: (s) => console.error(s) };


const py = await loadPyodide({ indexURL, ...quiet });
py.FS.writeFile("/tmp/sources.zip", await readFile(source));
py.FS.writeFile("/tmp/stdlib-src.zip", await readFile(indexURL + "python_stdlib.zip"));
const report = py.runPython(`
import ast, importlib.util, json, os, shutil, sys, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

SRC, PYC = "/tmp/gamekit-src", "/home/pyodide/gamekit-src"   # PYC: where the worker unpacks it
for d in (SRC, PYC):
    shutil.rmtree(d, ignore_errors=True)
with zipfile.ZipFile("/tmp/sources.zip") as zf:
    zf.extractall(SRC)
def pyc(source, dfile):
    """Sourceless, unchecked-hash bytecode of one module. Module and function docstrings are left
    out (the page never shows them; class docstrings stay, as dataclasses would otherwise compute
    one at import), everything else is compiled exactly as CPython would, asserts included."""
    tree = ast.parse(source, dfile)
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
                    and isinstance(body[0].value.value, str):
                node.body = body[1:] or [ast.copy_location(ast.Pass(), body[0])]
    code = compile(tree, dfile, "exec", dont_inherit=True, optimize=0)
    return bytes(_code_to_hash_pyc(code, importlib.util.source_hash(source), checked=False))

# Tracebacks name the files where the worker puts them.
for root, dirs, names in os.walk(SRC):
    for n in names:
        if n.endswith(".py"):
            path = os.path.join(root, n)
            with open(path, "rb") as f:
                data = pyc(f.read(), PYC + path[len(SRC):])
            with open(path + "c", "wb") as f:
                f.write(data)

def entry(zf, name, data):
    info = zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0))
    info.compress_type = zipfile.ZIP_DEFLATED
    zf.writestr(info, data)

files = []
for root, dirs, names in os.walk(SRC):
    for n in names:
        if not n.endswith(".py"):
            files.append(os.path.relpath(os.path.join(root, n), SRC))
with zipfile.ZipFile("/tmp/gamekit.zip", "w", zipfile.ZIP_DEFLATED, compresslevel=9) as zf:
    for rel in sorted(files):
        with open(os.path.join(SRC, rel), "rb") as f:
            entry(zf, rel, f.read())

# The standard library modules the worker imports: load gamekit's services the way the worker does.
with zipfile.ZipFile("/tmp/gamekit.zip") as zf:
    zf.extractall(PYC)
sys.path.insert(0, PYC)
import gamekit.web
gamekit.web.warm()  # what the worker does before it says "ready"
stdlib = sys.path[[p.endswith(".zip") for p in sys.path].index(True)]
hot = set()
for m in list(sys.modules.values()):
    f = getattr(m, "__file__", None) or ""
    if f.startswith(stdlib + "/"):
        hot.add(f[len(stdlib) + 1:])

DROP_TOP = {"_pyrepl", "pydoc", "pydoc_data", "pdb", "doctest", "unittest", "idlelib", "tkinter", "turtle",
            "turtledemo", "lib2to3", "ensurepip", "venv", "xmlrpc", "wsgiref", "imaplib", "smtplib", "mailbox",
            "ftplib", "poplib", "nntplib", "telnetlib", "multiprocessing", "antigravity", "this", "__hello__",
            "__phello__", "_pydatetime_test"}
KEEP_ENCODINGS = {"__init__", "aliases", "ascii", "charmap", "latin_1", "utf_8", "utf_8_sig", "utf_16", "utf_16_le",
                  "utf_16_be", "utf_32", "utf_32_le", "utf_32_be", "unicode_escape", "raw_unicode_escape", "idna",
                  "punycode", "base64_codec", "hex_codec", "cp437", "cp1252", "mbcs", "undefined"}

def dropped(name):
    top = name.split("/")[0].removesuffix(".py")
    if name in hot:
        return False
    if top in DROP_TOP:
        return True
    if top == "encodings":
        return name.split("/")[-1].removesuffix(".py") not in KEEP_ENCODINGS
    return False

compiled, kept, drops = 0, 0, 0
with zipfile.ZipFile("/tmp/stdlib-src.zip") as src, zipfile.ZipFile("/tmp/python_stdlib.zip", "w", zipfile.ZIP_DEFLATED, compresslevel=9) as out:
    for info in sorted(src.infolist(), key=lambda i: i.filename):
        name = info.filename
        if info.is_dir():
            continue
        if dropped(name):
            drops += 1
            continue
        data = src.read(info)
        if name in hot and name.endswith(".py"):
            entry(out, name + "c", pyc(data, stdlib + "/" + name))
            compiled += 1
        else:
            entry(out, name, data)
            kept += 1
json.dumps({"gamekit_files": len(files), "stdlib_compiled": compiled, "stdlib_sources": kept, "stdlib_dropped": drops,
            "python": sys.version.split()[0]})
`);

const stdlibZip = py.FS.readFile("/tmp/python_stdlib.zip");
const gamekitZip = py.FS.readFile("/tmp/gamekit.zip");
await mkdir(outDir, { recursive: true });
await writeFile(resolve(outDir, "python_stdlib.zip"), stdlibZip);
await writeFile(resolve(outDir, "gamekit.zip"), gamekitZip);
// A fresh interpreter on the archives just written, as the browser will have it.
const fresh = await loadPyodide({ indexURL, stdLibURL: resolve(outDir, "python_stdlib.zip"), ...quiet });
fresh.unpackArchive(gamekitZip, "zip", { extractDir: "/home/pyodide/gamekit-src" });
const verified = fresh.runPython(`
import json, sys, time
sys.path.insert(0, "/home/pyodide/gamekit-src")
t = time.perf_counter()
import gamekit.web
calls = gamekit.web.warm()
ms = (time.perf_counter() - t) * 1000
from_source = sorted(n for n, m in sys.modules.items() if (getattr(m, "__file__", "") or "").endswith(".py")
                     and getattr(getattr(m, "__spec__", None), "origin", "") != "frozen")
json.dumps({"import_and_warm_ms": round(ms), "warm_calls_ms": calls, "modules": len(sys.modules), "imported_from_source": from_source})
`);
const all = { ...JSON.parse(report), ...JSON.parse(verified) };
await writeFile(resolve(outDir, "report.json"), JSON.stringify(all, null, 2) + "\n");
console.log(`pyodide_build: ${JSON.stringify(all)}`);
