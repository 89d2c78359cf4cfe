"""Run the lessons' student notebooks in the JupyterLite site again and again (Run All Cells), offline,
and record every stall: a Run All that runs nothing, or a cell left waiting ("[*]") with the kernel idle.

For each run it keeps the browser's console, the page's errors and a log of the messages between the
page and the kernel's worker (comlink calls with their Jupyter message ids, the worker's kernel
messages), and, at a stall, the prompts of every code cell. A diagnosis tool, not a test::

    python tools/lite_stall_loop.py [--rounds 3] [--lessons lesson-02-itc-dice,...] [--site _build/assets/lite]
"""

from __future__ import annotations

import argparse
import functools
import http.server
import json
import os
import re
import shutil
import threading
import time
from pathlib import Path
from urllib.parse import urlparse

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = os.environ.get("GAMEKIT_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
        "--disable-component-update"]

#: Logs each message between the page and a worker (type, comlink path, Jupyter msg_type and id).
SPY = r"""
(() => {
  const log = (globalThis.__spy = []);
  const t0 = performance.now();
  const brief = (d) => {
    try {
      if (!d || typeof d !== 'object') return String(d).slice(0, 80);
      if (d._kernelMessage) { const m = d._kernelMessage; return `kmsg ${m.type} parent=${m.parentHeader && m.parentHeader.msg_type}:${m.parentHeader && (m.parentHeader.msg_id || '').slice(0, 8)}`; }
      if (d._logMessage) return `log ${JSON.stringify(d._logMessage).slice(0, 120)}`;
      if (d.type && d.id !== undefined && d.path) {
        const args = (d.argumentList || []).map(a => a && a.value && a.value.header ? `${a.value.header.msg_type}:${a.value.header.msg_id.slice(0, 8)}` : (a && a.value && a.value.code !== undefined ? `code(${a.value.code.slice(0, 30).replace(/\n/g, ' ')})` : (a && a.type))).join(',');
        return `comlink ${d.type} ${d.path.join('.')} id=${String(d.id).slice(0, 8)} ${args}`;
      }
      if (d.id !== undefined && d.type) return `comlink-reply ${d.type} id=${String(d.id).slice(0, 8)}`;
      return JSON.stringify(d).slice(0, 120);
    } catch (e) { return 'unloggable ' + e; }
  };
  const W = globalThis.Worker;
  if (!W) return;
  globalThis.Worker = class extends W {
    constructor(...a) {
      super(...a);
      log.push([Math.round(performance.now() - t0), 'new worker', String(a[0]).slice(-40)]);
      this.addEventListener('message', (ev) => log.push([Math.round(performance.now() - t0), 'from worker', brief(ev.data)]));
      this.addEventListener('error', (ev) => log.push([Math.round(performance.now() - t0), 'worker error', String(ev.message)]));
    }
    postMessage(d, ...r) {
      log.push([Math.round(performance.now() - t0), 'to worker', brief(d)]);
      return super.postMessage(d, ...r);
    }
  };
})();
"""

PROMPTS = "() => [...document.querySelectorAll('.jp-Notebook .jp-CodeCell .jp-InputPrompt')].map(p => p.textContent.trim())"


def serve(folder: Path):
    class Handler(http.server.SimpleHTTPRequestHandler):
        extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, ".mjs": "text/javascript",
                          ".wasm": "application/wasm", ".js": "text/javascript"}

        def log_message(self, *a):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Handler, directory=str(folder)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def run_lesson(browser, base: str, port: int, lesson: str, stall_s: float, total_s: float, press_at_once: bool) -> dict:
    context = browser.new_context()
    outside: list[str] = []

    def route(r):
        u = urlparse(r.request.url)
        if u.scheme in ("data", "blob") or (u.hostname == "127.0.0.1" and u.port == port):
            r.continue_()
        else:
            outside.append(r.request.url)
            r.abort()

    context.route("**/*", route)
    context.add_init_script(SPY)
    page = context.new_page()
    console: list[str] = []
    page.on("console", lambda m: console.append(f"{m.type}: {m.text[:300]}"))
    page.on("pageerror", lambda e: console.append(f"PAGEERROR: {e}"))
    page.on("worker", lambda w: w.on("console", lambda m: console.append(f"worker {m.type}: {m.text[:300]}")))
    t0 = time.monotonic()
    page.goto(f"{base}notebooks/index.html?path={lesson}-student.ipynb")
    page.locator(".jp-Notebook .jp-Cell").first.wait_for(timeout=300_000)
    if not press_at_once:
        page.locator(".jp-Notebook-ExecutionIndicator[data-status='idle']").first.wait_for(timeout=300_000)
    status_at_press = page.evaluate("() => { const e = document.querySelector('.jp-Notebook-ExecutionIndicator'); return e && e.dataset.status; }")
    kernel_status = page.evaluate("() => (document.querySelector('.jp-Toolbar-kernelStatus, .jp-KernelStatus') || {}).textContent || ''")
    page.get_by_role("menuitem", name="Run", exact=True).click()
    page.get_by_role("menuitem", name="Run All Cells", exact=True).click()
    pressed = time.monotonic() - t0
    last, last_change, outcome, seen_waiting = None, time.monotonic(), "ran", False
    while True:
        prompts = page.evaluate(PROMPTS)
        if prompts != last:
            last, last_change = prompts, time.monotonic()
        numbers = [int(m.group(1)) if (m := re.fullmatch(r"\[(\d+)\]:?", p)) else None for p in prompts]
        waiting = sum(p.startswith("[*]") for p in prompts)
        seen_waiting = seen_waiting or waiting > 0
        if prompts and numbers == list(range(1, len(prompts) + 1)):
            break
        if time.monotonic() - last_change > stall_s:
            outcome = "stalled-midway" if seen_waiting else "stalled-nothing"
            break
        if time.monotonic() - t0 > total_s:
            outcome = "slow"
            break
        time.sleep(1)
    result = {"lesson": lesson, "outcome": outcome, "pressed_at_s": round(pressed, 1), "status_at_press": status_at_press,
              "kernel_status_at_press": kernel_status,
              "seconds": round(time.monotonic() - t0, 1), "prompts": last, "outside": outside}
    if outcome != "ran":
        result["console"] = console[-80:]
        result["spy"] = page.evaluate("() => globalThis.__spy || []")[-150:]
        result["indicator"] = page.evaluate("() => { const e = document.querySelector('.jp-Notebook-ExecutionIndicator'); return e && e.outerHTML.slice(0, 300); }")
    else:
        result["errors"] = [c for c in console if c.startswith(("PAGEERROR", "error"))][:10]
    context.close()
    return result


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--lessons", default="")
    parser.add_argument("--site", default=str(ROOT / "_build" / "assets" / "lite"))
    parser.add_argument("--stall", type=float, default=90.0, help="seconds with no prompt changing = a stall")
    parser.add_argument("--at-once", action="store_true", help="press Run All as soon as the first cell shows")
    parser.add_argument("--out", default=str(ROOT / "_build" / "lite-stall-log.jsonl"))
    a = parser.parse_args()
    lessons = a.lessons.split(",") if a.lessons else sorted(
        p.stem for p in (ROOT / "notebooks").glob("lesson-[0-9][0-9]-*.ipynb"))
    from playwright.sync_api import sync_playwright

    server = serve(Path(a.site))
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    counts: dict[str, int] = {}
    with sync_playwright() as p, open(a.out, "a") as out:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        for r in range(a.rounds):
            for lesson in lessons:
                res = run_lesson(browser, base, server.server_address[1], lesson, a.stall, 600, a.at_once)
                res["round"] = r
                out.write(json.dumps(res) + "\n")
                out.flush()
                counts[res["outcome"]] = counts.get(res["outcome"], 0) + 1
                print(f"round {r} {lesson}: {res['outcome']} in {res['seconds']} s (pressed at {res['pressed_at_s']} s, "
                      f"indicator {res['status_at_press']!r})", flush=True)
        browser.close()
    print(counts)
    server.shutdown()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
