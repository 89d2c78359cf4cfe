"""The DiceRoller in a real JupyterLab (the kernel path): headless Chromium drives JupyterLab served
on 127.0.0.1, runs a notebook that shows the widget, clicks Roll, and the roll made by gamekit in
the kernel appears in the widget, equal to the same seeded roll made here.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from gamekit.dice import named_dice
from gamekit.rng import Rng

pytestmark = pytest.mark.browser

NOTEBOOK = {
    "cells": [
        {
            "cell_type": "code",
            "execution_count": None,
            "id": "roller",
            "metadata": {},
            "outputs": [],
            "source": 'from gamekit.widgets import DiceRoller\nDiceRoller(die="2d6", seed=4242)',
        },
        {
            "cell_type": "code",
            "execution_count": None,
            "id": "market",
            "metadata": {},
            "outputs": [],
            "source": "from gamekit.widgets.itc import SalesMarkers\nSalesMarkers(example=1)",
        },
        {
            "cell_type": "code",
            "execution_count": None,
            "id": "feud",
            "metadata": {},
            "outputs": [],
            "source": "from gamekit.widgets.trade_feud import TradeConnection\nTradeConnection()",
        },
    ],
    "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
    "nbformat": 4,
    "nbformat_minor": 5,
}


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def lab_url(tmp_path_factory):
    root = tmp_path_factory.mktemp("lab")
    (root / "roller.ipynb").write_text(json.dumps(NOTEBOOK))
    port = _free_port()
    env = {**os.environ, "JUPYTER_CONFIG_DIR": str(root / ".config"), "JUPYTER_RUNTIME_DIR": str(root / ".runtime")}
    command = [
        sys.executable, "-m", "jupyterlab", "--no-browser", f"--port={port}", "--ServerApp.ip=127.0.0.1",
        f"--ServerApp.root_dir={root}", "--IdentityProvider.token=", "--ServerApp.password=",
        "--ServerApp.disable_check_xsrf=True", "--LabApp.news_url=None",
        "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate", "--ServerApp.allow_root=True",
        "--LabApp.extension_manager=readonly",
    ]
    log = open(root / "lab.log", "w")
    server = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, env=env, cwd=root)
    url = f"http://127.0.0.1:{port}/"
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        try:
            urllib.request.urlopen(url + "api/status", timeout=2)
            break
        except OSError:
            if server.poll() is not None:
                break
            time.sleep(0.5)
    else:
        server.kill()
        pytest.fail("JupyterLab did not start: " + (root / "lab.log").read_text()[-2000:])
    if server.poll() is not None:
        pytest.fail("JupyterLab exited: " + (root / "lab.log").read_text()[-2000:])
    yield url
    server.terminate()
    try:
        server.wait(timeout=20)
    except subprocess.TimeoutExpired:
        server.kill()
    log.close()


def test_dice_roller_rolls_in_the_kernel(browser, lab_url):
    context = browser.new_context()
    outside: list[str] = []

    def route(r):
        if r.request.url.startswith(lab_url) or r.request.url.startswith(("data:", "blob:", "ws://127.0.0.1")):
            r.continue_()
        else:
            outside.append(r.request.url)
            r.abort()

    context.route("**/*", route)
    page = context.new_page()
    page.goto(lab_url + "lab/tree/roller.ipynb", wait_until="domcontentloaded")
    page.locator(".jp-Notebook").wait_for(timeout=120_000)
    # JupyterLab may ask which kernel to start; take the proposed one (this venv's Python 3).
    select = page.get_by_role("button", name="Select", exact=True)
    try:
        select.wait_for(timeout=15_000)
        select.click()
    except Exception:
        pass  # no dialog: the kernel starts by itself
    page.locator(".jp-Notebook-ExecutionIndicator[data-status='idle']").wait_for(timeout=120_000)
    page.locator(".jp-Cell .jp-InputArea-editor").first.click()
    page.keyboard.press("Shift+Enter")
    page.keyboard.press("Shift+Enter")
    page.keyboard.press("Shift+Enter")
    roller = page.locator(".gk-dice").first
    try:
        roller.wait_for(state="visible", timeout=120_000)
    except Exception:
        page.screenshot(path=str(Path(os.environ.get("GAMEKIT_SCREENSHOTS", "/tmp")) / "jupyterlab-failure.png"))
        raise
    for expected_count in (1, 2):
        roller.locator('[data-testid="gk-roll-1"]').click()
        roller.locator(f'[data-testid="gk-count"]:text-is("{expected_count}")').wait_for(timeout=60_000)
    shown = roller.locator('[data-testid="gk-result"]').inner_text()
    rng = Rng(4242)
    named_dice()["2d6"].roll_detail(rng)
    total, faces = named_dice()["2d6"].roll_detail(rng)
    assert shown == f"{faces[0]} + {faces[1]} = {total}"
    # A rules widget: the kernel applies ITC's selling rules (refused sale names the rule, then place and sell).
    market = page.locator(".gk-itc").first
    market.wait_for(state="visible", timeout=60_000)
    market.locator("[data-testid='gk-sell-1']").click(force=True)  # refused now (aria-disabled), pressable
    market.locator("[data-testid='gk-error']").filter(has_text="itc-selling").wait_for(timeout=60_000)
    market.locator("[data-testid='gk-place']").click()
    market.locator("[data-testid='gk-points']:text-is('3')").wait_for(timeout=60_000)
    market.locator("[data-testid='gk-sell-3']").click()
    market.locator("[data-testid='gk-profit']:text-is('16,500')").wait_for(timeout=60_000)
    # Trade Feud's widget: the kernel refuses a ship off Red's routes, then three ships make the connection.
    feud = page.locator(".gk-tf").first
    feud.wait_for(state="visible", timeout=60_000)
    feud.locator("[data-testid='gk-tf-edge-20']").click()
    feud.locator("[data-testid='gk-error']").filter(has_text="seafarers-ship").wait_for(timeout=60_000)
    for n, edge in enumerate((17, 18, 19), start=1):
        feud.locator(f"[data-testid='gk-tf-legal-ship-{edge}']").click()
        feud.locator("[data-testid='gk-history'] li").nth(n - 1).wait_for(timeout=60_000)
    feud.locator("[data-testid='gk-tf-tokens']:text-is('Victory point tokens: Red 2, Blue 1, White 0')").wait_for(
        timeout=60_000)
    assert feud.locator("[data-testid='gk-tf-token-0']").inner_text() == "White gives a victory point token to Red."
    # The kernel path, not Pyodide, answered: no interpreter was loaded into this page.
    assert page.evaluate("() => globalThis.gamekitRules === undefined && globalThis.gamekitRuntime === undefined")
    assert outside == [], f"JupyterLab page asked for outside resources: {outside}"
    context.close()
