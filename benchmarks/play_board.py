"""Press to drawn answer on the play pages' board (issue 31, "The board is the table"), in headless
Chromium on the built book, once the rules are loaded.

For each game's play page, a game against heuristic opponents (seed 5) in which the person presses
the board: a place with a move (its chooser's first move where a place holds several), and between
two moves a place where no move lies (the engine's refusal, shown beside the board). For each kind
of press it prints the median and the worst time from the click to the frame that shows the answer,
and the median of the rules worker's own time for the request (the rest is the message round trip
and the drawing). The goal is 100 ms. Needs ``make book`` and Chromium at /usr/bin/chromium.
"""

from __future__ import annotations

import os
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from widgets import each_play_page, new_page  # noqa: E402

import gamekit  # noqa: E402
from gamekit.web.play import PAGES  # noqa: E402

PRESSES = int(os.environ.get("GAMEKIT_BENCH_PRESSES", "12"))

#: A click on the element ``selector`` of the play widget, timed to the frame that shows its answer
#: (the step counter, the board's answer or the chooser changed), with the worker's own time.
PRESS = """async ([root, selector]) => {
  const target = root.querySelector(selector);
  if (!target) return null;
  const rules = globalThis.gamekitRules;
  const calls = rules.counter;
  const t0 = performance.now();
  const changed = new Promise((resolve) => {
    const seen = new MutationObserver(() => { seen.disconnect(); requestAnimationFrame(() => resolve(performance.now())); });
    seen.observe(root.querySelector("[data-testid='gk-replay-text']"), { childList: true, subtree: true, characterData: true });
    seen.observe(root.querySelector("[data-testid='gk-board-says']"), { childList: true, subtree: true, attributes: true });
    seen.observe(root.querySelector("[data-testid='gk-chooser']"), { childList: true });
  });
  target.dispatchEvent(new MouseEvent("click", { bubbles: true }));
  const ms = (await changed) - t0;
  return { ms, worker: rules.counter > calls ? rules.lastCallMs : null };
}"""


def measure(browser, url: str, game: str, players: int) -> dict[str, list[dict[str, float]]]:
    context, page = new_page(browser, throttled=False)
    page.goto(url + f"book/{PAGES[game]}/play.html", wait_until="load")
    page.evaluate("() => globalThis.gamekitRules && globalThis.gamekitRules.start()")
    page.wait_for_function("() => globalThis.gamekitRules && globalThis.gamekitRules.state === 'ready'", timeout=300_000)
    root = page.locator(".gk-play").first
    root.locator("[data-testid='gk-players']").select_option(str(players))
    for p, kind in enumerate(["person"] + ["heuristic"] * (players - 1)):
        root.locator(f"[data-testid='gk-seat-{p}']").select_option(kind)
    root.locator("[data-testid='gk-seed']").fill("5")
    root.locator("[data-testid='gk-start']").click()
    root.locator("[data-testid='gk-turn']").wait_for(state="visible", timeout=120_000)
    found: dict[str, list[dict[str, float]]] = {"move": [], "refusal": []}
    skip = root.get_by_role("button", name="Skip to my turn")
    person = "(r) => r.querySelector(\"[data-testid^='gk-move-']\") && r.querySelector(\"[data-testid='gk-skip']\").hidden"
    tries = 0
    while len(found["move"]) < PRESSES and tries < 6 * PRESSES and not root.get_by_role("region", name="Result").is_visible():
        tries += 1
        if skip.is_visible():
            skip.click()
        # (the game may end while the computer plays: then there is no next turn to wait for)
        page.wait_for_function(f"r => ({person})(r) || !r.querySelector(\"[data-testid='gk-result']\").hidden",
                               arg=root.element_handle(), timeout=120_000)
        if root.get_by_role("region", name="Result").is_visible():
            break
        refused = root.locator(".gk-play-place").first
        if len(found["refusal"]) < len(found["move"]) + 1 and refused.count():
            result = page.evaluate(PRESS, [root.element_handle(), f"[data-testid='{refused.get_attribute('data-testid')}']"])
            if result:
                found["refusal"].append(result)
        if root.locator("[data-testid='gk-target-0']").count():
            result = page.evaluate(PRESS, [root.element_handle(), "[data-testid='gk-target-0']"])
            if result and root.locator("[data-testid='gk-chooser']").is_visible():
                result = page.evaluate(PRESS, [root.element_handle(), "[data-testid='gk-choice-0']"])
            if result:
                found["move"].append(result)
        else:  # no move on the board now: the list's first
            root.get_by_role("region", name="Your moves").locator("button[data-action]:visible").first.click()
        page.wait_for_timeout(50)
    context.close()
    return found


def _line(values: list[dict[str, float]]) -> str:
    if not values:
        return f"{'-':>26}"
    ms = [v["ms"] for v in values]
    workers = [v["worker"] for v in values if v["worker"] is not None]
    worker = f"{statistics.median(workers):.1f}" if workers else "-"
    return f"{statistics.median(ms):>8.1f} / {max(ms):>6.1f} ({worker:>5} worker)"


def main() -> None:
    print(f"gamekit {gamekit.__version__}; up to {PRESSES} moves pressed on the board per page; ms, median / max")
    print(f"{'game':<16}{'move by the board':>34}{'refused place':>34}{'presses':>9}")
    for game, _players, m in each_play_page(measure):
        print(f"{game:<16}{_line(m['move']):>34}{_line(m['refusal']):>34}"
              f"{len(m['move']) + len(m['refusal']):>9}", flush=True)

if __name__ == "__main__":
    main()
