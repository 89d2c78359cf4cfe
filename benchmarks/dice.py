"""Dice figures: vectorised sampling beside the raw numpy generator, seeded scalar rolls, and the
DiceRoller's cold start and per-call time in a real page (exact distributions, measured beside their
peer in the same run: benchmarks/exact_dice.py).

Run: ``make benchmark`` (or ``.venv/bin/python benchmarks/dice.py``; the page figures need the
built book, ``make book``, and /usr/bin/chromium). Prints figures; asserts nothing.
"""

from __future__ import annotations

import functools
import http.server
import sys
import threading
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from gamekit.dice import colour_die, d6, green_die, two_d6  # noqa: E402
from gamekit.rng import Rng  # noqa: E402

N = 10_000_000


def best_of(fn, repeat=5):
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def sampling() -> None:
    print(f"Vectorised sampling, {N:,} results per call, best of 5 (dice per second):")
    gen = np.random.default_rng(1)
    raw = N / best_of(lambda: gen.integers(1, 7, size=N))
    print(f"  raw numpy Generator.integers(1, 7)      {raw / 1e6:8.1f} M dice/s   (reference)")
    cases = [("d6", d6, 1), ("green d8", green_die, 1), ("2d6 (sum)", two_d6, 2), ("colour die", colour_die, 1)]
    for label, die, dice_per_result in cases:
        rate = N * dice_per_result / best_of(lambda die=die: die.sample(N, seed=gen))
        print(f"  Die.sample {label:<28} {rate / 1e6:8.1f} M dice/s   {rate / raw:5.2f} x raw")
    rate = N / best_of(lambda: colour_die.sample(N, seed=gen, index=True))
    print(f"  Die.sample colour die, index=True      {rate / 1e6:8.1f} M dice/s   {rate / raw:5.2f} x raw")


def scalar() -> None:
    rng = Rng(1)
    n = 200_000
    t = best_of(lambda: [d6.roll(rng) for _ in range(n)], repeat=3)
    t2 = best_of(lambda: [two_d6.roll_detail(rng) for _ in range(n)], repeat=3)
    print("Seeded scalar rolls (pure Python PCG32, as the engines use them):")
    print(f"  d6.roll(rng)                       {n / t / 1e6:8.2f} M rolls/s")
    print(f"  two_d6.roll_detail(rng)            {n / t2 / 1e6:8.2f} M rolls/s")


def page() -> None:
    site = ROOT / "_build" / "html"
    chromium = Path("/usr/bin/chromium")
    if not (site / "book" / "dice.html").is_file() or not chromium.exists():
        print("Page figures skipped: build the book (make book) and install /usr/bin/chromium.")
        return
    from playwright.sync_api import sync_playwright

    class Quiet(http.server.SimpleHTTPRequestHandler):
        extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                          ".mjs": "text/javascript", ".wasm": "application/wasm"}

        def log_message(self, *args, **kwargs):
            pass

    handler = functools.partial(Quiet, directory=str(site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/book/dice.html"
    args = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"]
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(chromium), args=args)
        pg = browser.new_page()
        pg.goto(url, wait_until="load")
        roller = pg.locator(".gk-dice").first
        roller.wait_for()
        start = time.perf_counter()
        roller.locator('[data-testid="gk-roll-1"]').click()
        roller.locator('[data-testid="gk-count"]:text-is("1")').wait_for(timeout=180_000)
        click_to_result = time.perf_counter() - start
        # The rules answer from the page's Web Worker: a round trip by message per call.
        load_ms = pg.evaluate("globalThis.gamekitRules.loadMs")
        per_call = pg.evaluate(
            """async () => { const r = globalThis.gamekitRules; const n = 500; const t = performance.now();
                 for (let i = 0; i < n; i++) await r.call('dice.roll', {die: '2d6', seed: i});
                 return (performance.now() - t) / n; }"""
        )
        thousand = pg.evaluate(
            """async () => { const r = globalThis.gamekitRules; const t = performance.now();
                 await r.call('dice.roll', {die: '2d6', seed: 1, n: 1000}); return performance.now() - t; }"""
        )
        browser.close()
    server.shutdown()
    print("DiceRoller in headless Chromium (Pyodide, no kernel):")
    print(f"  cold start (load Pyodide + gamekit)  {load_ms / 1e3:8.2f} s")
    print(f"  first click to first result          {click_to_result:8.2f} s")
    print(f"  one call (dice.roll, 1 roll, worker)  {per_call:8.3f} ms")
    print(f"  one call rolling 2d6 1,000 times     {thousand:8.1f} ms")


if __name__ == "__main__":
    sampling()
    scalar()
    page()
