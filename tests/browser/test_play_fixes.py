"""Issue 31's broken items on the play pages, in headless Chromium, offline: the result screen says
why the game ended in words (Trade Feud's showed a method's repr), the replay steps forward as well
as back, Enter pressed again and again never plays a move the reader did not choose, and each new
game has a fresh seed, shown, that plays it again."""

from __future__ import annotations

import json
import re

import pytest

import gamekit
from gamekit.web.play import PAGES, play_through

from .conftest import open_play_page

pytestmark = pytest.mark.browser

LOAD_TIMEOUT_MS = 120_000
SHORT = {"itc": {"goal": 60000}, "catan": {"victory_points_to_win": 5}, "factories": {"victory_points_to_win": 5},
         "trade-feud": {"victory_points_to_win": 5}, "auf-achse": {}, "transportspelet": {"deck_size": 16}}
PLAYERS = {"auf-achse": 2, "transportspelet": 2}


def _actions(n: int) -> str:
    """The replay's counter outside a replay."""
    return f"{n:,} action" + ("" if n == 1 else "s")


def _focused(page) -> str | None:
    return page.evaluate("document.activeElement && document.activeElement.getAttribute('data-testid')")


def _finished(game: str, tmp_path):
    """A finished game of ``game`` (computer players, short settings), saved to a file."""
    state = play_through(game, ["heuristic"] * PLAYERS.get(game, 3), seed=1, options=SHORT[game])
    path = tmp_path / f"{game}.json"
    path.write_text(state.to_json())
    return state, path


def _open_file(root, path) -> None:
    root.locator("[data-testid='gk-open']").set_input_files(str(path))
    root.locator("[data-testid='gk-turn']").wait_for(state="visible", timeout=LOAD_TIMEOUT_MS)


def _wait_text(page, root, testid: str, text: str) -> None:
    page.wait_for_function("([el, id, t]) => el.querySelector(`[data-testid='${id}']`).textContent === t",
                           arg=[root.element_handle(), testid, text], timeout=LOAD_TIMEOUT_MS)


@pytest.mark.parametrize("game", list(PAGES))
def test_the_result_screen_names_the_winner_the_scores_and_why_in_words(watch, site_url, game, tmp_path):
    """Every game's finished game opened on its page: the region "Result" names the winner, lists
    the scores with thousands separators, gives the engine's reason in words (never a repr), and
    offers what next; nothing else on the table is a dead control."""
    state, path = _finished(game, tmp_path)
    page, root = open_play_page(watch, site_url, game)
    _open_file(root, path)
    result = root.get_by_role("region", name="Result")
    result.wait_for(state="visible", timeout=LOAD_TIMEOUT_MS)
    text = result.inner_text()
    assert not re.search(r"<|bound method|object at 0x", text), text
    winners = state.winners()
    assert f"Player {winners[0] + 1}" in result.locator("[data-testid='gk-result-headline']").inner_text()
    scores = state.scores()
    shown = result.locator("[data-testid='gk-result-scores'] td:first-of-type").all_inner_texts()
    assert shown == [f"{scores[p]:,}" for p in range(state.players)]
    assert result.locator("[data-testid='gk-result-reason']").inner_text() == f"Why it ended: {state.end_reason}."
    assert len(state.end_reason) > 15 and state.end_reason[0].islower()
    for name in ("Replay the game from the start", "New game", "Save the game to a file"):
        assert result.get_by_role("button", name=name).is_enabled()
    # no dead control: every button shown on the table is enabled and not marked unavailable, but
    # those at a limit of theirs (the replay's "Step forward" at the game's end, "Zoom out" and
    # "Fit" at the whole board), which stay focusable and say so
    at_a_limit = ("gk-replay-forward", "gk-zoom-out", "gk-zoom-fit")
    for b in root.locator("[data-testid='gk-table'] button:visible").all():
        if b.get_attribute("data-testid") in at_a_limit:
            continue
        assert b.is_enabled() and b.get_attribute("aria-disabled") != "true", b.inner_text()
    # what next: save, replay, new game
    with page.expect_download() as download:
        result.get_by_role("button", name="Save the game to a file").click()
    saved = tmp_path / "again.json"
    download.value.save_as(saved)
    assert gamekit.game(game).from_json(saved.read_text()).to_json() == state.to_json()
    result.get_by_role("button", name="Replay the game from the start").click()
    _wait_text(page, root, "gk-replay-text", f"step 0 of {len(state.log):,}")
    assert not result.is_visible()
    root.locator("[data-testid='gk-replay-exit']").click()
    result.wait_for(state="visible", timeout=LOAD_TIMEOUT_MS)
    result.get_by_role("button", name="New game").click()
    root.locator("[data-testid='gk-start']").wait_for(state="visible", timeout=LOAD_TIMEOUT_MS)
    assert watch.outside == [] and watch.errors == []


def test_the_replay_steps_forward_as_well_as_back(watch, site_url, tmp_path):
    state, path = _finished("catan", tmp_path)
    total = len(state.log)
    page, root = open_play_page(watch, site_url, "catan")
    _open_file(root, path)
    back = root.get_by_role("button", name="Step back")
    forward = root.get_by_role("button", name="Step forward")
    counter = "gk-replay-text"
    assert forward.get_attribute("aria-disabled") == "true"  # nothing ahead of the game as it stands
    for step in (total - 1, total - 2, total - 3):
        back.click()
        _wait_text(page, root, counter, f"step {step:,} of {total:,}")
    assert forward.get_attribute("aria-disabled") == "false"
    assert root.locator("[data-testid='gk-log'] li").count() == total - 3  # the log holds every action (issue 31)
    forward.click()
    _wait_text(page, root, counter, f"step {total - 2:,} of {total:,}")
    assert f"after {total - 2} of {total} actions" in root.locator("[data-testid='gk-turn']").inner_text()
    forward.click()
    _wait_text(page, root, counter, f"step {total - 1:,} of {total:,}")
    forward.click()
    _wait_text(page, root, counter, f"step {total:,} of {total:,}")
    assert forward.get_attribute("aria-disabled") == "true" and back.get_attribute("aria-disabled") == "false"
    forward.click(force=True)  # at the end (aria-disabled, still focusable): nothing happens
    page.wait_for_timeout(300)
    assert root.locator(f"[data-testid='{counter}']").inner_text() == f"step {total:,} of {total:,}"
    root.get_by_role("button", name="Back to the game").click()
    _wait_text(page, root, counter, _actions(total))
    assert watch.outside == [] and watch.errors == []


def _kept(page, game: str) -> dict:
    return json.loads(json.loads(page.evaluate(f"localStorage.getItem('gamekit-play-{game}')"))["save"])


def test_enter_pressed_again_and_again_never_plays_a_move(watch, site_url):
    """The issue's ITC game went from 54 to 79 actions by Enter held on "Step back": at the start of
    the replay the button was disabled, the focus fell to "Back to the game", then onto the first
    move. Now the replay's buttons keep the focus at either end, and after a move the focus rests
    on the region "Your moves", where Enter plays nothing."""
    page, root = open_play_page(watch, site_url, "catan")
    root.locator("[data-testid='gk-players']").select_option("3")
    root.locator("[data-testid='gk-seed']").fill("9")
    root.locator("[data-testid='gk-start']").click()
    moves = root.get_by_role("region", name="Your moves")
    person_turn = "el => el.querySelector(\"[data-testid='gk-moves'] button\") !== null"
    page.wait_for_function(person_turn, arg=root.element_handle(), timeout=LOAD_TIMEOUT_MS)
    # a move by the keyboard: Tab from the region to the first move, Enter
    moves.focus()
    for _ in range(6):
        if (_focused(page) or "").startswith("gk-move-"):
            break
        page.keyboard.press("Tab")
    assert (_focused(page) or "").startswith("gk-move-")
    page.keyboard.press("Enter")
    root.locator("[data-testid='gk-log'] li").first.wait_for(timeout=LOAD_TIMEOUT_MS)
    assert _focused(page) == "gk-moves"
    for _ in range(5):  # Enter again and again on the region: no move of the person's
        page.keyboard.press("Enter")
    page.wait_for_function(person_turn, arg=root.element_handle(), timeout=LOAD_TIMEOUT_MS)
    assert [row[0] for row in _kept(page, "catan")["log"]].count(0) == 1
    # the road by a click; the computer players found their settlements; the person's turn again
    moves.get_by_role("button").first.click()
    page.wait_for_function("el => el.querySelectorAll(\"[data-testid='gk-log'] li\").length > 2 && "
                           "el.querySelector(\"[data-testid='gk-moves'] button\") !== null",
                           arg=root.element_handle(), timeout=LOAD_TIMEOUT_MS)
    steps = len(_kept(page, "catan")["log"])
    assert steps > 2 and [row[0] for row in _kept(page, "catan")["log"]].count(0) == 2
    # Enter held on "Step back", well past the start of the replay
    root.get_by_role("button", name="Step back").focus()
    for _ in range(steps + 8):
        page.keyboard.press("Enter")
        page.wait_for_timeout(60)
    _wait_text(page, root, "gk-replay-text", f"step 0 of {steps}")
    assert _focused(page) == "gk-replay-back"
    # forward to the end and past it, by Enter on "Step forward"
    page.keyboard.press("Tab")
    assert _focused(page) == "gk-replay-forward"
    for _ in range(steps + 5):
        page.keyboard.press("Enter")
        page.wait_for_timeout(60)
    _wait_text(page, root, "gk-replay-text", f"step {steps} of {steps}")
    assert _focused(page) == "gk-replay-forward"
    # "Back to the game" by Enter: the focus goes back to "Step back", never to a move
    page.keyboard.press("Tab")
    assert _focused(page) == "gk-replay-exit"
    page.keyboard.press("Enter")
    _wait_text(page, root, "gk-replay-text", _actions(steps))
    assert _focused(page) == "gk-replay-back"
    assert len(_kept(page, "catan")["log"]) == steps
    assert watch.outside == [] and watch.errors == []


def _start_random(root, page) -> tuple[int, str]:
    root.locator("[data-testid='gk-seed']").fill("")
    root.locator("[data-testid='gk-start']").click()
    shown = root.locator("[data-testid='gk-seed-shown']")
    shown.wait_for(state="visible", timeout=LOAD_TIMEOUT_MS)
    seed = int(re.fullmatch(r"Game seed (\d+)", shown.inner_text()).group(1))
    return seed, root.locator("[data-testid='gk-board']").inner_html()


def test_a_new_game_has_a_fresh_seed_shown_that_plays_it_again(watch, site_url):
    page, root = open_play_page(watch, site_url, "catan")
    assert root.locator("[data-testid='gk-seed']").input_value() == ""  # "random" by default
    first, board = _start_random(root, page)
    assert json.loads(page.evaluate("localStorage.getItem('gamekit-play-catan')"))["save"].count(f'"seed": {first}') == 1
    root.locator("[data-testid='gk-new']").click()
    second, other = _start_random(root, page)
    assert second != first and other != board  # another game: another board
    # the first game again, by its seed
    root.locator("[data-testid='gk-new']").click()
    root.locator("[data-testid='gk-seed']").fill(str(first))
    root.locator("[data-testid='gk-start']").click()
    _wait_text(page, root, "gk-seed-shown", f"Game seed {first}")
    assert root.locator("[data-testid='gk-board']").inner_html() == board
    assert watch.outside == [] and watch.errors == []


# -- saved games are checked, never trusted ------------------------------------------------------

def _kept_text(page, game: str) -> str | None:
    return page.evaluate(f"localStorage.getItem('gamekit-play-{game}')")


def _refused(page, root, path, *patterns: str) -> str:
    """Open the file ``path`` through "Open a saved game": it is refused with a message matching
    every pattern, and the set-up form stays."""
    root.locator("[data-testid='gk-error']").evaluate("el => el.textContent = ''")
    root.locator("[data-testid='gk-open']").set_input_files(str(path))
    error = root.locator("[data-testid='gk-error']")
    page.wait_for_function("el => el.textContent.length > 0", arg=error.element_handle(), timeout=LOAD_TIMEOUT_MS)
    text = error.inner_text()
    for pattern in patterns:
        assert re.search(pattern, text), f"{pattern!r} not in {text!r}"
    assert root.locator("[data-testid='gk-start']").is_visible()  # nothing was opened
    return text


def test_bad_saves_are_refused_and_the_game_in_progress_is_kept(watch, site_url, tmp_path):
    """The issue's files that opened on the ITC page: a log that does not reach the state, an
    impossible move, a score of 10**400, one past the goal with play going on, a file far too large,
    and another game's save (which replaced ITC's kept game). Each is refused, saying why; the game
    in progress stays kept and continues."""
    page, root = open_play_page(watch, site_url, "itc")
    root.locator("[data-testid='gk-players']").select_option("3")
    root.locator("[data-testid='gk-seed']").fill("5")
    root.locator("[data-testid='gk-start']").click()
    person_turn = "el => el.querySelector(\"[data-testid='gk-moves'] button\") !== null"
    page.wait_for_function(person_turn, arg=root.element_handle(), timeout=LOAD_TIMEOUT_MS)
    before = root.locator("[data-testid='gk-replay-text']").inner_text()
    root.get_by_role("region", name="Your moves").get_by_role("button").first.click()
    page.wait_for_function("([el, before]) => el.querySelector(\"[data-testid='gk-replay-text']\").textContent !== before",
                           arg=[root.element_handle(), before], timeout=LOAD_TIMEOUT_MS)
    page.wait_for_function(person_turn, arg=root.element_handle(), timeout=LOAD_TIMEOUT_MS)
    in_progress = _kept_text(page, "itc")
    steps = len(json.loads(json.loads(in_progress)["save"])["log"])
    root.locator("[data-testid='gk-new']").click()
    assert root.locator("[data-testid='gk-resume']").is_visible()

    state = play_through("itc", ["heuristic"] * 3, seed=2, options={"goal": 60000}, max_actions=150)
    good = json.loads(state.to_json())
    files = []

    def bad(name, edit):
        data = json.loads(json.dumps(good))
        edit(data)
        path = tmp_path / f"{name}.json"
        path.write_text(json.dumps(data))
        files.append(path)
        return path

    step, _ = next((i, r) for i, r in enumerate(good["log"]) if isinstance(r[-1], dict) and r[-1].get("chance"))
    _refused(page, root, bad("chance", lambda d: d["log"][step][-1]["chance"][0].update(result=[6, 6])),
             rf"step {step + 1} of the log .* records .*, but played from the game's seed it gives")
    _refused(page, root, bad("short", lambda d: d["log"].pop()),
             r"not the one its 149 actions lead to from its seed")
    _refused(page, root, bad("impossible", lambda d: d["log"].insert(3, list(d["log"][40]))),
             r"step 4 of the log \(.*\) (cannot be played there|is Player \d's, but)")
    _refused(page, root, bad("huge", lambda d: d["state"]["scores"].__setitem__(0, 10**400)),
             r"Player 1 a number of 401 digits", r"are not those its 150 actions give")
    _refused(page, root, bad("past-goal", lambda d: d["state"]["scores"].__setitem__(1, 60_001)),
             r"Player 2 60,001", r"are not those its 150 actions give")
    large = tmp_path / "large.json"
    large.write_text(json.dumps({**good, "log": good["log"] * 200}))
    assert large.stat().st_size > 1_000_000
    _refused(page, root, large, r"This file is \d+\.\d MB: a saved game opens here up to 1 MB")
    other = tmp_path / "catan.json"
    other.write_text(play_through("catan", ["heuristic"] * 3, seed=1, max_actions=20).to_json())
    _refused(page, root, other, r"a saved game of Catan.*not of .*open it on .*play page \(book/catan/play\.html\)")
    # the game in progress: still kept, still offered, and it continues where it was
    assert _kept_text(page, "itc") == in_progress
    root.locator("[data-testid='gk-resume']").click()
    _wait_text(page, root, "gk-replay-text", _actions(steps))
    assert watch.outside == [] and watch.errors == []


def test_a_kept_game_that_cannot_be_read_or_kept_is_said_so(watch, site_url):
    page, root = open_play_page(watch, site_url, "catan")
    # a kept game that cannot be read: said so on the set-up form, not offered
    page.evaluate("localStorage.setItem('gamekit-play-catan', '{\"save\": 3')")
    page.reload(wait_until="load")
    root = page.locator(".gk-play").first
    root.wait_for(state="visible", timeout=60_000)
    note = root.locator("[data-testid='gk-kept-note']")
    note.wait_for(state="visible", timeout=LOAD_TIMEOUT_MS)
    assert "cannot be read" in note.inner_text()
    assert not root.locator("[data-testid='gk-resume']").is_visible()
    # a game kept, then one too large to keep (the browser's storage refuses it): said so on the
    # table, and the older game is no longer offered as "your last game"
    root.locator("[data-testid='gk-seed']").fill("3")
    root.locator("[data-testid='gk-start']").click()
    root.locator("[data-testid='gk-seed-shown']").wait_for(state="visible", timeout=LOAD_TIMEOUT_MS)
    assert json.loads(_kept_text(page, "catan"))["save"]
    page.evaluate("""() => {
        const setItem = Storage.prototype.setItem;
        Storage.prototype.setItem = function (key, value) {
            if (key === 'gamekit-play-catan') throw new DOMException('full', 'QuotaExceededError');
            return setItem.call(this, key, value);
        };
    }""")
    person_turn = "el => el.querySelector(\"[data-testid='gk-moves'] button\") !== null"
    page.wait_for_function(person_turn, arg=root.element_handle(), timeout=LOAD_TIMEOUT_MS)
    root.get_by_role("region", name="Your moves").get_by_role("button").first.click()
    keep = root.locator("[data-testid='gk-keep-note']")
    keep.wait_for(state="visible", timeout=LOAD_TIMEOUT_MS)
    assert "too large to keep" in keep.inner_text() and "save it to a file" in keep.inner_text()
    assert _kept_text(page, "catan") is None
    root.locator("[data-testid='gk-new']").click()
    assert not root.locator("[data-testid='gk-resume']").is_visible()
    assert watch.outside == [] and watch.errors == []
