"""The "Play" pages in headless Chromium, offline: a script plays a whole game of every game by the
keyboard alone (Tab to the first of "Your moves" and Enter for the person, Shift+Tab to "Skip to
my turn" and Enter for the computer), to the winner, and the result is that of the same seeded game played through the
library. By clicks: undo never crosses a roll, and a saved game reopened continues the same game."""

from __future__ import annotations

import pytest

import gamekit
from gamekit.web.play import bot_move

from .conftest import open_play_page

pytestmark = pytest.mark.browser

LOAD_TIMEOUT_MS = 120_000
GAMES = [("itc", 3), ("catan", 3), ("factories", 3), ("trade-feud", 3), ("auf-achse", 2), ("transportspelet", 2)]
OPPONENT = "heuristic"
#: Settings that make a whole game short enough to play through the page in a test (set through the
#: page's own settings panel; the chapters' defaults are tested in the library).
SHORT = {"itc": {"goal": 60000}, "catan": {"victory_points_to_win": 5}, "factories": {"victory_points_to_win": 5},
         "trade-feud": {"victory_points_to_win": 5}, "auf-achse": {}, "transportspelet": {"deck_size": 16}}


def _start(root, players, seats, seed, settings=None):
    root.locator("[data-testid='gk-players']").select_option(str(players))
    for p, kind in enumerate(seats):
        root.locator(f"[data-testid='gk-seat-{p}']").select_option(kind)
    root.locator("[data-testid='gk-seed']").fill(str(seed))
    if settings:
        root.locator(".gk-play-settings > summary").click()
        for name, value in settings.items():
            root.locator(f"[data-setting='{name}']").fill(str(value))
    root.locator("[data-testid='gk-start']").click()
    root.locator("[data-testid='gk-turn']").wait_for(state="visible", timeout=LOAD_TIMEOUT_MS)


def _focused(page) -> str | None:
    return page.evaluate("document.activeElement && document.activeElement.getAttribute('data-testid')")


def _steps(root) -> str:
    return root.locator("[data-testid='gk-replay-text']").inner_text()


def _library_game(game, seats, seed, options):
    state = gamekit.game(game).new(players=len(seats), seed=seed, **options)
    while not state.is_over():
        kind = seats[state.current_player]
        state.apply(state.legal_actions()[0] if kind == "person" else bot_move(state, kind))
    return state


LONG_TASKS = """
    window.__gkLongest = 0;
    window.__gkWatchTasks = () => new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.__gkLongest = Math.max(window.__gkLongest, entry.duration);
    }).observe({ type: "longtask" });
"""


def test_undo_and_a_saved_game_reopened_in_a_new_page(watch, site_url, browser, tmp_path):
    page, root = open_play_page(watch, site_url, "catan")
    _start(root, 3, ["person", OPPONENT, OPPONENT], seed=9)
    moves = root.get_by_role("region", name="Your moves")
    text = moves.get_by_role("button").first.inner_text()
    # the first settlement placed by a click on the board: a spot of the picture is the move it names
    spot = root.locator("[data-testid='gk-target-0']")
    named = spot.get_attribute("aria-label")
    assert named in [b.inner_text() for b in moves.get_by_role("button").all()]
    spot.click()
    root.locator("[data-testid='gk-log'] li").first.wait_for(timeout=LOAD_TIMEOUT_MS)
    assert named in root.locator("[data-testid='gk-log'] li").first.inner_text()
    undo = root.locator("[data-testid='gk-undo']")
    page.wait_for_function("el => !el.disabled", arg=undo.element_handle(), timeout=LOAD_TIMEOUT_MS)
    undo.click()
    page.wait_for_function("el => el.querySelectorAll(\"[data-testid='gk-log'] li\").length === 0",
                           arg=root.element_handle(), timeout=LOAD_TIMEOUT_MS)
    assert moves.get_by_role("button").first.inner_text() == text
    # a few moves of the person (the computer plays its own between them), then save to a file on
    # the person's turn
    person_turn = """el => el.querySelector("[data-testid='gk-moves'] button") !== null"""
    for _ in range(3):
        page.wait_for_function(person_turn, arg=root.element_handle(), timeout=LOAD_TIMEOUT_MS)
        before = _steps(root)
        moves.locator("button").first.click()
        page.wait_for_function("([el, b]) => el.querySelector(\"[data-testid='gk-replay-text']\").textContent !== b",
                               arg=[root.element_handle(), before], timeout=LOAD_TIMEOUT_MS)
    page.wait_for_function(person_turn, arg=root.element_handle(), timeout=LOAD_TIMEOUT_MS)
    shown = _steps(root)
    with page.expect_download() as download:
        root.locator("[data-testid='gk-save']").click()
    saved = tmp_path / "game.json"
    download.value.save_as(saved)
    state = gamekit.game("catan").from_json(saved.read_text())
    assert shown == f"{len(state.log)} actions" and state.current_player == 0
    persons = sum(1 for e in state.log if e["player"] == 0)
    assert persons == 3 and len(state.log) > 3  # the computers' moves are in the save too
    # open it in a new page: the game continues where it was
    from .conftest import PageWatch

    other = PageWatch(browser, site_url)
    try:
        page2 = other.page
        page2.goto(site_url + "book/catan/play.html", wait_until="load")
        root2 = page2.locator(".gk-play").first
        root2.wait_for(state="visible", timeout=60_000)
        root2.locator("[data-testid='gk-seat-1']").select_option(OPPONENT)
        root2.locator("[data-testid='gk-seat-2']").select_option(OPPONENT)
        root2.locator("[data-testid='gk-open']").set_input_files(str(saved))
        root2.locator("[data-testid='gk-turn']").wait_for(state="visible", timeout=LOAD_TIMEOUT_MS)
        assert _steps(root2) == shown
        assert root2.get_by_role("region", name="Your moves").locator("button").first.inner_text() == str(state.legal_actions()[0])
        assert other.outside == [] and other.errors == []
    finally:
        other.close()
    assert watch.outside == [] and watch.errors == []


@pytest.mark.parametrize("game,players", GAMES)
def test_keyboard_alone_finishes_a_game_and_it_is_the_librarys(watch, site_url, game, players):
    """A whole game of every game with computer opponents, by the keyboard: after each move the
    focus rests on the region "Your moves" (Enter there plays nothing; issue 31), Tab reaches the
    first move, Shift+Tab "Skip to my turn" while the computer plays. The result is that of the same seeded game
    played through the library, and the page never freezes (no main-thread task of a second).
    (Clicks are the other test's: undo, save and reopen.)"""
    watch.page.add_init_script(LONG_TASKS)
    page, root = open_play_page(watch, site_url, game)
    seats = ["person"] + [OPPONENT] * (players - 1)
    page.wait_for_function("() => globalThis.gamekitRules && globalThis.gamekitRules.state === 'ready'", timeout=LOAD_TIMEOUT_MS)
    page.evaluate("window.__gkWatchTasks()")  # from here on: the game itself, not the page's loading
    root.locator("[data-testid='gk-players']").select_option(str(players))  # the form is filled in; the game is keys only
    root.locator("[data-testid='gk-seed']").fill("7")
    if SHORT[game]:
        root.locator(".gk-play-settings > summary").focus()
        page.keyboard.press("Enter")
        for name, value in SHORT[game].items():
            root.locator(f"[data-setting='{name}']").fill(str(value))
    for p, kind in enumerate(seats):
        root.locator(f"[data-testid='gk-seat-{p}']").select_option(kind)
    root.locator("[data-testid='gk-start']").focus()
    page.keyboard.press("Enter")
    root.locator("[data-testid='gk-turn']").wait_for(state="visible", timeout=LOAD_TIMEOUT_MS)
    result = root.get_by_role("region", name="Result")
    presses, lost = 0, 0
    person_turn = "el => el.querySelector(\"[data-testid='gk-moves'] button\") !== null"
    while not result.is_visible():
        assert presses < 5_000, "the game did not end"
        if root.evaluate(person_turn):
            # The focus rests on "Your moves" (never on a move the reader did not choose): Tab
            # reaches the first move.
            key = "Tab"
            wanted = lambda f: bool(f) and f.startswith("gk-move-")  # noqa: E731
        elif root.locator("[data-testid='gk-skip']").is_visible():
            key = "Shift+Tab"  # "Skip to my turn" is just above the moves
            wanted = lambda f: f == "gk-skip"  # noqa: E731
        else:  # a drawing in between: the focus must come back to a control soon
            lost += 1
            assert lost < 300, f"after {presses} presses neither a move nor Skip is offered"
            page.wait_for_timeout(100)
            continue
        lost = 0
        for _ in range(12):
            if wanted(_focused(page)):
                break
            page.keyboard.press(key)
        focused = _focused(page)
        if not wanted(focused):
            continue  # the view changed while tabbing (a computer's move landed): look again
        before = _steps(root)
        page.keyboard.press("Enter")
        presses += 1
        # (Skip pressed as the computer's last move lands: the person's turn has come, nothing to wait for.)
        page.wait_for_function(
            """([el, before, skip]) => el.querySelector("[data-testid='gk-replay-text']").textContent !== before
                || !el.querySelector("[data-testid='gk-result']").hidden
                || (skip && el.querySelector("[data-testid='gk-moves'] button") !== null)""",
            arg=[root.element_handle(), before, focused == "gk-skip"], timeout=LOAD_TIMEOUT_MS)
        if focused.startswith("gk-move-") and not result.is_visible():
            # after a move the focus is on the region "Your moves", where Enter plays nothing
            assert _focused(page) in ("gk-moves", "gk-result"), f"after a move the focus went to {_focused(page)!r}"
    longest = page.evaluate("window.__gkLongest")
    print(f"{game}: the longest main-thread task of the game took {longest:.0f} ms")
    # The rules and the bots run in the worker: the page only draws. A task of a second is a frozen
    # page on any machine; the goal of 200 ms is measured, not asserted, by benchmarks/play_pages.py
    # (a loaded machine stretches every task).
    assert longest < 1000, f"the page froze: a main-thread task of {longest:.0f} ms during the game"
    expected = _library_game(game, seats, 7, SHORT[game])
    scores = expected.scores()
    rows = result.locator("[data-testid='gk-result-scores'] td:first-of-type").all_inner_texts()
    assert rows == [f"{scores[p]:,}" for p in range(players)]
    assert f"Player {expected.winners()[0] + 1}" in result.locator("[data-testid='gk-result-headline']").inner_text()
    assert watch.outside == [] and watch.errors == []
