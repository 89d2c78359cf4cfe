"""Issue 34, item 1, in headless Chromium, offline: on each play page a printed number is changed in
the settings (its group, its printed value and its rule link shown), a game of computer players is
played to its end under it and says "house rules" in its result and its saved file; "What does it
change?" plays its seeded games in the page's rules worker with a progress bar, and its table is the
library's (gamekit.tournament and gamekit.tournaments.compare on the same seeds, in words by the
same function); a second, longer run is stopped with Stop."""

from __future__ import annotations

import json
import math

import pytest

import gamekit
from gamekit.tournaments import compare
from gamekit.web.house_rules import MAX_ACTIONS, STUDY_SEED, settings_groups, table_words
from gamekit.web.play import play_through, read_options

from .conftest import open_play_page

pytestmark = pytest.mark.browser

LOAD_TIMEOUT_MS = 120_000
#: Long enough for the panel's games in the page (several hundred games on a slow machine).
RUN_TIMEOUT_MS = 600_000
GAMES = [("itc", 2), ("catan", 3), ("factories", 3), ("trade-feud", 3), ("auf-achse", 2), ("transportspelet", 2)]
#: A house rule per game, typed as a person types it (in words), short enough to play a whole game.
HOUSE = {"itc": {"goal": "60,000"}, "catan": {"victory_points_to_win": "5", "city_cost": "2 grain, 2 ore"},
         "factories": {"victory_points_to_win": "5"}, "trade-feud": {"victory_points_to_win": "5"},
         "auf-achse": {"starting_money": "6,000"}, "transportspelet": {"deck_size": "16"}}
#: Games a setting the panel plays in the test (the smallest choice it offers).
PANEL_GAMES = 20


def _library_table(game, players, games, options):
    a = gamekit.tournament(game, ["heuristic"], games=games, seed=STUDY_SEED, players=players, workers=1, max_actions=MAX_ACTIONS)
    b = gamekit.tournament(game, ["heuristic"], games=games, seed=STUDY_SEED, players=players, workers=1, max_actions=MAX_ACTIONS, options=options)
    numbers = []
    for measure, row in compare(a, b).iterrows():
        values = {k: (None if isinstance(v, float) and math.isnan(v) else v) for k, v in row.items()}
        if values["games_needed"] is not None:  # pandas keeps a column with gaps as floats: 1,479.0 is 1,479 games
            values["games_needed"] = int(values["games_needed"])
        numbers.append({"measure": measure, **values})
    return table_words(numbers, games)


def _cells(root):
    return root.evaluate("""el => [...el.querySelectorAll("[data-testid='gk-compare-table'] tr")].slice(1)
        .map((tr) => [...tr.children].map((c) => c.innerText))""")


@pytest.mark.parametrize("game,players", GAMES)
def test_a_house_rule_in_the_page(watch, site_url, tmp_path, game, players):
    page, root = open_play_page(watch, site_url, game)
    root.locator("[data-testid='gk-players']").select_option(str(players))
    for p in range(players):
        root.locator(f"[data-testid='gk-seat-{p}']").select_option("heuristic")
    root.locator("[data-testid='gk-seed']").fill("5")
    root.locator(".gk-play-settings > summary").click()
    # Every printed number is there, in the groups of the chapter, with its printed value and rule link.
    info = gamekit.game(game)
    from gamekit.settings import printed_numbers

    for number in printed_numbers(info.options_class):
        row = root.locator(f"[data-testid='gk-setting-{number.name}']")
        assert row.locator("label").inner_text() == number.label
        assert "Printed: " in row.inner_text() and "(" not in row.locator("input").input_value()
        link = row.get_by_role("link", name=f"rule {number.rule}")
        link.wait_for(timeout=LOAD_TIMEOUT_MS)
        assert f"#{number.rule}" in link.get_attribute("href")
    legends = root.locator("fieldset[data-testid='gk-settings-group'] legend").all_inner_texts()
    assert legends == [f"{g['title']} ({g['page']})" for g in settings_groups(game)]
    for name, value in HOUSE[game].items():
        root.get_by_label(gamekit.game(game).options_class.__dataclass_fields__[name].metadata["label"], exact=True).fill(value)

    # What does it change? A small seeded tournament in the page, with a progress bar, the library's table.
    panel = root.get_by_role("region", name="What does it change?")
    root.get_by_role("button", name="What does it change?", exact=True).click()
    panel.wait_for(state="visible")
    panel.get_by_label("Games a setting").select_option(str(PANEL_GAMES))
    panel.get_by_role("button", name="Play them").click()  # the smaller number (the first run began at the default)
    bar = panel.get_by_role("progressbar")
    page.wait_for_function("el => Number(el.value) > 0", arg=bar.element_handle(), timeout=RUN_TIMEOUT_MS)
    status = panel.locator("[data-testid='gk-compare-status']")
    page.wait_for_function("el => el.textContent.startsWith('Done')", arg=status.element_handle(), timeout=RUN_TIMEOUT_MS)
    assert bar.get_attribute("max") == str(PANEL_GAMES) and bar.evaluate("el => el.value") == PANEL_GAMES
    options = read_options(info, HOUSE[game])
    expected = _library_table(game, players, PANEL_GAMES, options)
    assert _cells(root) == [[r["measure"], f"{r['default']}\n({r['default_range']})", f"{r['changed']}\n({r['changed_range']})",
                             f"{r['difference']}\n({r['difference_range']})\n{'clear' if r['clear'] == 'yes' else 'not clear yet'}",
                             r["games_needed"]]
                            for r in expected["rows"]]
    assert panel.locator("[data-testid='gk-compare-verdict']").inner_text() == expected["verdict"]
    print(f"\n{game}: {panel.locator('[data-testid=gk-compare-speed]').inner_text()}")

    # The game under the house rule, to its end: "house rules" in the result and in the saved file.
    root.locator("[data-testid='gk-start']").click()
    root.locator("[data-testid='gk-turn']").wait_for(state="visible", timeout=LOAD_TIMEOUT_MS)
    assert "Played with house rules" in root.locator("[data-testid='gk-house-rules']").inner_text()
    root.locator("[data-testid='gk-pace']").select_option("instant")
    result = root.get_by_role("region", name="Result")
    result.wait_for(state="visible", timeout=RUN_TIMEOUT_MS)
    said = root.locator("[data-testid='gk-result-house-rules']").inner_text()
    first = next(iter(HOUSE[game]))
    assert said.startswith("Played with house rules: ") and info.options_class.__dataclass_fields__[first].metadata["label"] in said
    library = play_through(game, ["heuristic"] * players, 5, options)
    winners = " and ".join(f"Player {w + 1}" for w in library.winners())
    assert root.locator("[data-testid='gk-result-headline']").inner_text().startswith(winners)
    with page.expect_download() as download:
        root.locator("[data-testid='gk-result-save']").click()
    assert "house-rules" in download.value.suggested_filename
    saved = tmp_path / "game.json"
    download.value.save_as(saved)
    data = json.loads(saved.read_text())
    assert data["house_rules"] and data["house_rules"][0].startswith(info.options_class.__dataclass_fields__[first].metadata["label"])
    reopened = gamekit.game(game).from_json(saved.read_text(), replay=True)  # checked as every save
    assert all(getattr(reopened.options, k) == v for k, v in options.items())
    assert watch.outside == [] and watch.errors == []


def test_stop_a_longer_run(watch, site_url):
    page, root = open_play_page(watch, site_url, "catan")
    root.locator(".gk-play-settings > summary").click()
    root.get_by_label("discard limit", exact=True).fill("9")
    root.get_by_role("button", name="What does it change?", exact=True).click()
    panel = root.get_by_role("region", name="What does it change?")
    status = panel.locator("[data-testid='gk-compare-status']")
    bar = panel.get_by_role("progressbar")
    page.wait_for_function("el => Number(el.value) >= 2", arg=bar.element_handle(), timeout=RUN_TIMEOUT_MS)
    # the first run is stopped partway; a second, longer one too
    panel.get_by_role("button", name="Stop").click()
    page.wait_for_function("el => el.textContent.startsWith('Stopped')", arg=status.element_handle(), timeout=RUN_TIMEOUT_MS)
    panel.get_by_label("Games a setting").select_option("1000")
    panel.get_by_role("button", name="Play them").click()
    page.wait_for_function("el => Number(el.value) >= 3", arg=bar.element_handle(), timeout=RUN_TIMEOUT_MS)
    panel.get_by_role("button", name="Stop").click()
    page.wait_for_function("el => el.textContent.startsWith('Stopped')", arg=status.element_handle(), timeout=RUN_TIMEOUT_MS)
    done = bar.evaluate("el => el.value")
    assert 3 <= done < 1000 and bar.get_attribute("max") == "1000"
    assert status.inner_text().startswith("Stopped.")
    assert panel.locator("[data-testid='gk-compare-progress-text']").inner_text().startswith(f"{done:,} of 1,000 games a setting played")
    # the table of the games played so far, and the page went on answering (the board's controls
    # stay usable: the panel's Play them button is back and focused)
    assert len(_cells(root)) == 4
    assert page.evaluate("document.activeElement.textContent") == "Play them"
    page.wait_for_timeout(1500)
    assert bar.evaluate("el => el.value") == done  # nothing more is played after Stop
    assert watch.outside == [] and watch.errors == []


@pytest.mark.parametrize("mode", ["light", "dark"])
def test_axe_finds_nothing_serious_in_the_settings_and_the_panel(watch, site_url, mode):
    """The settings (every group open) and the panel with its table, light and dark, at 360 px and
    1,280 px: no serious or critical axe violation (labels, contrast, names of the controls)."""
    from .conftest import axe_violations

    page, root = open_play_page(watch, site_url, "catan")
    if mode == "dark":
        page.evaluate("document.documentElement.dataset.theme = 'dark'; document.documentElement.dataset.mode = 'dark'")
    root.locator(".gk-play-settings > summary").click()
    root.get_by_label("city cost", exact=True).fill("2 grain, 2 ore")
    root.get_by_role("button", name="What does it change?", exact=True).click()
    panel = root.get_by_role("region", name="What does it change?")
    panel.get_by_label("Games a setting").select_option(str(PANEL_GAMES))
    panel.get_by_role("button", name="Play them").click()
    status = panel.locator("[data-testid='gk-compare-status']")
    page.wait_for_function("el => el.textContent.startsWith('Done')", arg=status.element_handle(), timeout=RUN_TIMEOUT_MS)
    page.evaluate("() => Promise.all(document.getAnimations().map(a => a.finished.catch(() => null)))")
    for width in (1280, 360):
        page.set_viewport_size({"width": width, "height": 900})
        found = axe_violations(page, ".gk-play")
        assert found == [], f"{mode} at {width} px: {found}"
        # nothing wider than the screen: the table scrolls in its own frame
        assert page.evaluate("document.documentElement.scrollWidth") <= width
    assert watch.outside == [] and watch.errors == []
