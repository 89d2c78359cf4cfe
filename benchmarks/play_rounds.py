"""The pace of the play pages (issue 31, "Done when"), in headless Chromium on the built book, offline
(the benchmark's own server on this machine), once the rules are loaded.

For each game's play page, a game against heuristic opponents (seed 5, the person in the first seat,
the computer's pace left at the page's default) in which the person plays the first move offered:

* Start to first move: from the click on "Start the game" to the first frame where "Your moves"
  holds a move and "Skip to my turn" is hidden (the computer's moves before the person's first turn
  included, at the default pace);
* a round of computer moves: from the person's last move of a turn to the first frame where the
  person may move again, with the number of computer moves shown meanwhile (median and worst of
  ``ROUNDS`` rounds), and the time per computer move.

Needs ``make book`` and Chromium at /usr/bin/chromium.
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from widgets import each_play_page, new_page  # noqa: E402

import gamekit  # noqa: E402
from gamekit.web.play import PAGES  # noqa: E402

ROUNDS = int(os.environ.get("GAMEKIT_BENCH_ROUNDS", "4"))
PERSON = """r => r.querySelector("[data-testid='gk-moves'] button[data-action]") !== null
    && r.querySelector("[data-testid='gk-skip']").hidden"""
STEPS = "r => r.querySelector(\"[data-testid='gk-log']\").children.length"


def _wait_person(page, root) -> float:
    page.wait_for_function(PERSON, arg=root.element_handle(), timeout=600_000, polling="raf")
    return time.perf_counter()


def measure(browser, url: str, game: str, players: int) -> dict[str, object]:
    context, page = new_page(browser, throttled=False)
    page.goto(url + f"book/{PAGES[game]}/play.html", wait_until="load")
    page.evaluate("() => localStorage.removeItem('gamekit-play-pace')")  # the default pace
    page.evaluate("() => globalThis.gamekitRules && globalThis.gamekitRules.start()")
    page.wait_for_function("() => globalThis.gamekitRules && globalThis.gamekitRules.state === 'ready'", timeout=300_000)
    root = page.locator(".gk-play").first
    root.locator("[data-testid='gk-players']").select_option(str(players))
    for p, kind in enumerate(["person"] + ["heuristic"] * (players - 1)):
        root.locator(f"[data-testid='gk-seat-{p}']").select_option(kind)
    root.locator("[data-testid='gk-seed']").fill("5")
    t0 = time.perf_counter()
    root.locator("[data-testid='gk-start']").click()
    first = _wait_person(page, root) - t0
    pace = root.locator("[data-testid='gk-pace']").input_value()
    rounds: list[tuple[float, int]] = []
    moves = 0
    while len(rounds) < ROUNDS and moves < 300 and not root.get_by_role("region", name="Result").is_visible():
        before = root.evaluate(STEPS)
        root.get_by_role("region", name="Your moves").locator("button[data-action]").first.click()
        moves += 1
        t = time.perf_counter()
        page.wait_for_function(f"r => ({STEPS})(r) > {before}", arg=root.element_handle(), timeout=120_000)
        page.wait_for_function(f"r => ({PERSON})(r) || r.querySelector(\"[data-testid='gk-skip']\").hidden === false",
                               arg=root.element_handle(), timeout=120_000, polling="raf")
        if root.locator("[data-testid='gk-skip']").is_visible():  # the turn passed: a round of computer moves
            after = root.evaluate(STEPS)
            back = _wait_person(page, root)
            rounds.append((back - t, root.evaluate(STEPS) - after))
    context.close()
    return {"first": first, "pace": pace, "rounds": rounds}


def main() -> None:
    print(f"gamekit {gamekit.__version__}; seed 5, heuristic opponents, the page's default pace; seconds")
    print(f"{'game':<16}{'pace':>8}{'Start to first move':>21}{'round, median / max':>22}{'moves a round':>15}{'per move':>10}")
    for game, _players, m in each_play_page(measure):
        rounds = m["rounds"]
        if rounds:
            secs = [s for s, _ in rounds]
            counts = [n for _, n in rounds]
            per = sum(secs) / max(1, sum(counts))
            line = f"{statistics.median(secs):>11.1f} / {max(secs):>6.1f}{statistics.median(counts):>15.0f}{per:>10.2f}"
        else:
            line = f"{'-':>22}{'-':>15}{'-':>10}"
        print(f"{game:<16}{m['pace']:>8}{m['first']:>21.1f}{line}", flush=True)

if __name__ == "__main__":
    main()
