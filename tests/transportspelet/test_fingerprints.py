"""The same seed and the same choices give the same game as the engine before it was made faster.

``fingerprints.json`` holds, for 30 seeded games of uniformly random legal actions (2 to 6 players, the
full deck and shorter ones, several settings), the sha256 of the final save (in save format 1, the log as readable entries:
:func:`helpers.format1_save`), of the log and of
the validation answers: at every step one action from a pool of plausible ones (every card held, every
vehicle and city, every loan, roll, pass, the dice assignments) is tried, and whether it is among
``legal_actions()``, or else the ``IllegalAction`` text ``apply`` raises, is written down. Recorded on
the engine before the speed work (issue 11) and re-recorded for the deliberate rule changes of issue 19 (the
stall end by an exact rule with a true reason, no pass while a loan would get a card going, waiting for money
only while the other transport runs or when no loan would pay, a broke player's stranded cargo abandoned),
and its validation hashes alone for issue 31 (two refusals name a player counted from 1, "Player 2", as the
page does: the games, their saves and logs the same); regenerate it only for a deliberate change of the rules:
``PYTHONPATH=tests python tests/transportspelet/test_fingerprints.py --record``.

The log's ``"money"`` records (every change of money with its reason, added after the recording) are
left out of both hashes (:data:`ADDED_TO_THE_LOG`): they describe the same games without changing them,
so the games are still compared with the recorded ones, action for action, result for result, and the
money itself is still in the hashed save (each player's cash and debt, the bank). Leave out only records
that add to a log entry, never ones that change a game.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path

import pytest
from helpers import format1_save

import gamekit
from gamekit import IllegalAction
from gamekit.transportspelet import Assign, Borrow, Continue, Dispatch, Pass, Roll, Wait
from gamekit.transportspelet.data import CITIES, MODES

FIXTURE = Path(__file__).resolve().parent / "fingerprints.json"
MAX_ACTIONS = 20_000
GAME = gamekit.game("transportspelet")
#: Log entries' keys added since the recording, left out of the hashes (see the module docstring).
ADDED_TO_THE_LOG = ("money",)


def cases() -> list[dict]:
    out = []
    for seed in range(30):
        options: dict = {}
        if seed % 3 == 1:
            options["deck_size"] = 12 + seed % 7
        if seed % 5 == 2:
            options["limited_bank"] = True
        if seed % 7 == 3:
            options["exact_arrival"] = True
        if seed % 8 == 5:
            options["interest_due"] = "borrowing"
        if seed % 9 == 4:
            options["recycle_cards"] = True
            options["round_limit"] = 12
        if seed % 10 == 7:
            options["capital_target"] = 260_000
        out.append({"seed": seed, "players": 2 + seed % 5, "options": options})
    return out


def _probe(state, r: random.Random):
    """One plausible action, legal or not, for the validation fingerprint."""
    held = [t.card for ts in state.transports for t in ts if t is not None] or [1]
    kind = r.randrange(7)
    if kind == 0:
        return Dispatch(r.choice(held), r.choice(MODES), r.choice(CITIES), r.random() < 0.3)
    if kind == 1:
        return Continue(r.choice(held), r.choice(MODES), r.choice(CITIES))
    if kind == 2:
        return Wait(r.choice(held))
    if kind == 3:
        return Borrow(r.choice((5_000, 10_000, 20_000, 50_000, 100_000, 110_000)))
    if kind == 4:
        return Assign(r.choice(held), r.randint(1, 6), r.randint(1, 6))
    return Roll() if kind == 5 else Pass()


def _sha(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def _as_recorded(log: list[dict]) -> list[dict]:
    """The log entries without the keys added since the recording."""
    return [{k: v for k, v in entry.items() if k not in ADDED_TO_THE_LOG} for entry in log]


def _position(state) -> tuple:
    """Everything a refused action could change (the two logs only grow: their lengths stand for them)."""
    data = state.state_data()  # the position without the log (a copy of the whole save costs 30x more)
    telegrams = len(data.pop("telegram_log"))
    return json.dumps(data, sort_keys=True), telegrams, state.rng.getstate(), len(state.log), state.forced


def fingerprint(case: dict) -> dict:
    state = GAME.new(players=case["players"], seed=case["seed"], **case["options"])
    choose = random.Random(case["seed"]).choice
    probes = random.Random(1_000 + case["seed"])
    answers = hashlib.sha256()
    steps = 0
    while not state.is_over() and steps < MAX_ACTIONS:
        legal = state.legal_actions()
        trial = _probe(state, probes)
        if trial in legal:
            answers.update(b"legal;")
        else:
            before = _position(state)
            try:
                state.apply(trial)
            except IllegalAction as err:
                answers.update(f"{err};".encode())
            else:
                raise AssertionError(f"{trial} is not among the legal actions, yet apply took it")
            assert _position(state) == before, "a refused action changed the state"
        state.apply(choose(legal))
        steps += 1
    return {
        **case,
        "actions": steps,
        "end_reason": state.end_reason,
        "scores": [state.scores()[p] for p in range(state.players)],
        "state_sha256": _sha(format1_save(state, drop=ADDED_TO_THE_LOG)),
        "log_sha256": _sha(json.dumps(_as_recorded(state.log), sort_keys=True)),
        "validation_sha256": answers.hexdigest(),
    }


def _recorded() -> list[dict]:
    return json.loads(FIXTURE.read_text(encoding="utf-8"))


@pytest.mark.parametrize("index", range(30))
def test_same_seed_and_choices_same_game_as_recorded(index):
    """transport-winner: each recorded game ends the same way, action for action, with the same refusals."""
    recorded = _recorded()[index]
    case = {k: recorded[k] for k in ("seed", "players", "options")}
    assert fingerprint(case) == recorded


def test_the_fixture_covers_every_case():
    assert [{k: r[k] for k in ("seed", "players", "options")} for r in _recorded()] == cases()


if __name__ == "__main__":
    if "--record" in sys.argv:
        FIXTURE.write_text(json.dumps([fingerprint(c) for c in cases()], indent=1) + "\n", encoding="utf-8")
        print(f"wrote {FIXTURE}")
