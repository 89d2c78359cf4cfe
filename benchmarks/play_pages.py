"""Figures for the "Play" pages (issue 17), measured in headless Chromium on the built book.

For each game's play page (``book/<game>/play.html``) it prints:

* page weight: bytes the site sent by the time the page has loaded, and by the time the rules are
  ready (Pyodide, gamekit's bytecode, the warm-up), counted by the benchmark's own server (the
  rules worker's downloads included), cache and service worker off, first visit;
* click to drawn answer: from a click on the first of "Your moves" to the page showing the new
  position (the step counter changed and the browser has painted), the median and the worst of
  the person's moves in a game against heuristic opponents (the rules loaded);
* the time of a computer move in the page, per bot kind at the page's budget (random, heuristic,
  and search at ``gamekit.web.play.search_budget(game)``): the median and the 90th percentile of the
  rules worker's own time for a ``bot`` request, over the moves of one seeded game;
* the same computer moves timed in this Python process (CPython), for comparison with Pyodide;
* the longest main-thread task from the rules being ready to the end of the clicks (goal < 200 ms).

Goals from the issue: a click answered in at most 100 ms once the rules are loaded, a search move in
at most 300 ms on this machine. Needs ``make book`` and Chromium at /usr/bin/chromium.
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from widgets import each_play_page, new_page, sent_bytes  # noqa: E402

import gamekit  # noqa: E402
from gamekit.web import call  # noqa: E402
from gamekit.web.play import PAGES  # noqa: E402

KINDS = ("random", "heuristic", "search")
BOT_MOVES = int(os.environ.get("GAMEKIT_BENCH_BOT_MOVES", "40"))
CLICKS = int(os.environ.get("GAMEKIT_BENCH_CLICKS", "20"))

CLICK_TO_ANSWER = """async (root) => {
  const text = () => root.querySelector("[data-testid='gk-replay-text']").textContent;
  const button = root.querySelector("[data-testid^='gk-move-']");
  if (!button) return null;
  const before = text();
  const t0 = performance.now();
  button.click();
  while (text() === before) await new Promise((r) => requestAnimationFrame(r));
  await new Promise((r) => requestAnimationFrame(r));
  return performance.now() - t0;
}"""

BOT_TIMES = """async ([game, players, kind, moves]) => {
  const rules = globalThis.gamekitRules;
  const seats = Array(players).fill(kind);
  let answer = await rules.call("play.game", {action: {kind: "start", game, players, seats, seed: 3}});
  const times = [];
  for (let i = 0; i < moves && answer.ok && !answer.ok.view.over; i++) {
    answer = await rules.call("play.game", {situation: answer.ok.situation, action: {kind: "bot"}});
    times.push(rules.lastCallMs);
  }
  return times;
}"""


def _q(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def library_bot_ms(game: str, players: int, kind: str, moves: int) -> list[float]:
    answer = call("play.game", {"action": {"kind": "start", "game": game, "players": players,
                                           "seats": [kind] * players, "seed": 3}})
    times = []
    for _ in range(moves):
        if answer["ok"]["view"]["over"]:
            break
        t0 = time.perf_counter()
        answer = call("play.game", {"situation": answer["ok"]["situation"], "action": {"kind": "bot"}})
        times.append(1000 * (time.perf_counter() - t0))
    return times


def measure(browser, url: str, game: str, players: int) -> dict[str, object]:
    context, page = new_page(browser, throttled=False)
    start = sent_bytes()
    page.goto(url + f"book/{PAGES[game]}/play.html", wait_until="load")
    loaded = sent_bytes() - start
    page.evaluate("() => globalThis.gamekitRules && globalThis.gamekitRules.start()")
    page.wait_for_function("() => globalThis.gamekitRules && globalThis.gamekitRules.state === 'ready'", timeout=300_000)
    page.wait_for_timeout(500)
    ready = sent_bytes() - start
    ready_at = page.evaluate("performance.now()")
    bots = {kind: page.evaluate(BOT_TIMES, [game, players, kind, BOT_MOVES]) for kind in KINDS}
    root = page.locator(".gk-play").first
    root.locator("[data-testid='gk-players']").select_option(str(players))
    for p, kind in enumerate(["person"] + ["heuristic"] * (players - 1)):
        root.locator(f"[data-testid='gk-seat-{p}']").select_option(kind)
    root.locator("[data-testid='gk-seed']").fill("5")
    root.locator("[data-testid='gk-start']").click()
    root.locator("[data-testid='gk-turn']").wait_for(state="visible", timeout=120_000)
    clicks: list[float] = []
    skip = root.get_by_role("button", name="Skip to my turn")
    while len(clicks) < CLICKS and not root.get_by_role("region", name="Result").is_visible():
        if skip.is_visible():
            skip.click()
            page.wait_for_function("(r) => r.querySelector(\"[data-testid^='gk-move-']\")", arg=root.element_handle(),
                                   timeout=120_000)
            continue
        ms = page.evaluate(CLICK_TO_ANSWER, root.element_handle())
        if ms is None:
            page.wait_for_timeout(50)
            continue
        clicks.append(ms)
    longest = page.evaluate("(t0) => Math.max(0, ...globalThis.__longTasks.filter((t) => t.start > t0).map((t) => t.duration))",
                            ready_at)
    context.close()
    return {"loaded": loaded, "ready": ready, "bots": bots, "clicks": clicks, "longest": longest}


def main() -> None:
    print(f"gamekit {gamekit.__version__}; {BOT_MOVES} computer moves per kind, {CLICKS} clicks per page; ms")
    print(f"{'game':<16}{'weight loaded/ready MB':>24}{'click median/max':>18}"
          + "".join(f"{k + ' page med/p90':>24}" for k in KINDS) + f"{'search CPython med':>20}{'longest task':>14}")
    for game, players, m in each_play_page(measure):
        here = library_bot_ms(game, players, "search", min(BOT_MOVES, 20))
        bots = "".join(f"{statistics.median(t):>14.1f} / {_q(t, 0.9):>7.1f}" if t else f"{'-':>24}"
                       for t in (m["bots"][k] for k in KINDS))
        clicks = m["clicks"]
        print(f"{game:<16}{m['loaded'] / 1e6:>13.2f} / {m['ready'] / 1e6:>8.2f}"
              f"{statistics.median(clicks):>10.1f} / {max(clicks):>5.1f}" + bots
              + f"{statistics.median(here):>20.1f}{m['longest']:>14.0f}", flush=True)

if __name__ == "__main__":
    main()
