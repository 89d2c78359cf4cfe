"""The command line (gamekit.cli, python -m gamekit): each command, its errors, and a tournament on a
Dask cluster reached by its address."""

from __future__ import annotations

import dataclasses
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

import gamekit
from gamekit import cli
from gamekit.tournaments import compare

COLUMNS = ["game", "seed", "seats", "winners", "scores", "actions", "finished", "winner_seats", "moves"]
SEATS = ["heuristic", "random", "random"]


def run(capsys, *argv):
    """The command's exit status and what it printed (stdout, stderr)."""
    try:
        status = cli.main(list(argv))
    except SystemExit as exit_:  # argparse's errors and --help
        status = exit_.code
    out, err = capsys.readouterr()
    return status, out, err


@pytest.fixture(scope="module")
def library_table():
    return gamekit.tournament("catan", SEATS, games=4, seed=11, workers=1, progress=False)


# -- games and settings ---------------------------------------------------------------------------

def test_games_lists_every_game_with_its_players(capsys):
    status, out, _ = run(capsys, "games")
    assert status == 0
    for name in gamekit.games():
        game = gamekit.game(name)
        line = next(line for line in out.splitlines() if line.startswith(name + " "))
        assert f"{game.min_players}–{game.max_players}" in line and game.title in line


@pytest.mark.parametrize("name", gamekit.games())
def test_settings_lists_every_option_with_its_default_and_meaning(capsys, name):
    status, out, _ = run(capsys, "settings", name)
    assert status == 0
    game = gamekit.game(name)
    defaults = game.default_options()
    for f in dataclasses.fields(game.options_class):
        assert f"\n{f.name} = {getattr(defaults, f.name)!r}\n" in out
    found = cli.settings_of(game)
    assert [s.name for s in found] == [f.name for f in dataclasses.fields(game.options_class)]
    # every setting a game's assumption notes name is explained, with its rule
    notes = {a.setting: a for a in getattr(sys.modules[game.options_class.__module__], "ASSUMPTIONS", ())}
    printed = {f.name for f in dataclasses.fields(game.options_class) if f.metadata.get("kind") == "printed"}
    for s in found:
        if s.name in notes and s.name not in printed:  # a printed number cites the rule that prints it
            assert s.doc and s.rule == notes[s.name].rule


def test_settings_read_a_fields_own_comment_first():
    from gamekit.examples.pig import PIG

    (goal,) = cli.settings_of(PIG)
    assert goal == cli.Setting("goal", 100, "Points that win (rule ``pig-goal``).", "pig-goal")


def test_a_setting_is_read_in_its_defaults_type():
    catan, itc = gamekit.game("catan"), gamekit.game("itc")
    assert cli.parse_setting(catan, "discard_limit=9") == ("discard_limit", 9)
    assert cli.parse_setting(catan, "player_trades=false") == ("player_trades", False)
    assert cli.parse_setting(catan, "board=beginner") == ("board", "beginner")
    assert cli.parse_setting(itc, "goal=100_000") == ("goal", 100_000)
    assert cli.parse_setting(itc, "lane_lengths=[7, 5, 4, 3]") == ("lane_lengths", (7, 5, 4, 3))
    with pytest.raises(ValueError, match="discard_limit is a whole number"):
        cli.parse_setting(catan, "discard_limit=many")
    with pytest.raises(ValueError, match="player_trades is true or false"):
        cli.parse_setting(catan, "player_trades=perhaps")


def test_seats_with_budgets():
    assert cli.parse_seats("search(iterations=20, depth=2),random") == [("search", {"iterations": 20, "depth": 2}),
                                                                         "random"]
    with pytest.raises(ValueError, match="random, heuristic, search"):
        cli.parse_seats("heuristic,clever")


# -- tournament ------------------------------------------------------------------------------------

def test_tournament_writes_the_librarys_table_to_csv(capsys, tmp_path, library_table):
    out = tmp_path / "results.csv"
    status, printed, err = run(capsys, "tournament", "--game", "catan", "--seats", ",".join(SEATS), "--games", "4",
                               "--seed", "11", "--workers", "1", "--out", str(out))
    assert status == 0, err
    assert f"written to {out}" in printed and "games a second" in printed
    assert re.search(r"heuristic +4 +\d+\.\d % \(", printed)  # the summary, in per cent with its interval
    assert "4/4" in err  # the progress bar (tqdm, on stderr) reached the last game
    table = cli.read_table(out)
    assert len(table) == 4 and {"seed", "seats", "winners", "scores", "actions"} <= set(table.columns)
    assert table[COLUMNS].equals(library_table[COLUMNS])
    assert list(table["options"]) == [{}] * 4
    text = out.read_text()
    assert '"[""heuristic"", ""random"", ""random""]"' in text  # per-player columns as JSON lists


def test_tournament_settings_reach_the_games(capsys, tmp_path):
    out = tmp_path / "results.csv.gz"
    status, _, err = run(capsys, "tournament", "--game", "catan", "--seats", "random", "--players", "3", "--games",
                         "2", "--seed", "5", "--set", "victory_points_to_win=4", "--set", "player_trades=no",
                         "--workers", "1", "--quiet", "--out", str(out))
    assert status == 0, err
    assert err == ""  # --quiet: no bar
    table = cli.read_table(out)
    same = gamekit.tournament("catan", ["random"], games=2, seed=5, players=3, workers=1,
                              options={"victory_points_to_win": 4, "player_trades": False})
    assert table[COLUMNS].equals(same[COLUMNS])
    assert list(table["options"]) == [{"victory_points_to_win": 4, "player_trades": False}] * 2
    assert all(max(scores) >= 4 for scores in table["scores"])


def test_tournament_to_parquet(capsys, tmp_path, library_table):
    pytest.importorskip("pyarrow", reason="the parquet extra (pyarrow) is not installed: make install installs it")
    out = tmp_path / "results.parquet"
    status, _, err = run(capsys, "tournament", "--game", "catan", "--seats", ",".join(SEATS), "--games", "4",
                         "--seed", "11", "--workers", "1", "--quiet", "--out", str(out))
    assert status == 0, err
    table = cli.read_table(out)
    assert table[COLUMNS].equals(library_table[COLUMNS])
    import pyarrow.parquet as pq

    schema = pq.read_schema(out)
    assert str(schema.field("winners").type).startswith("list")  # real lists, not text


def test_parquet_without_pyarrow_is_refused_before_any_game(capsys, tmp_path, monkeypatch):
    monkeypatch.setattr(cli, "_parquet_engine", lambda: None)
    monkeypatch.setattr(gamekit.tournaments, "tournament", lambda *a, **k: pytest.fail("a game was played"))
    status, _, err = run(capsys, "tournament", "--game", "catan", "--seats", ",".join(SEATS), "--games", "4",
                         "--out", str(tmp_path / "r.parquet"))
    assert status == 2
    assert "argument --out: writing .parquet needs pyarrow" in err and "gamekit-rulebook[parquet]" in err
    assert not (tmp_path / "r.parquet").exists()


@pytest.mark.parametrize(("argv", "named"), [
    (["--game", "catn"], ["argument --game: invalid choice: 'catn'", "'catan'", "'itc'", "'trade-feud'"]),
    (["--seats", "heuristic,clever"], ["argument --seats", "'clever' is not a seat", "random, heuristic, search"]),
    (["--seats", "heuristic"], ["argument --seats", "3 to 4 players, not 1", "--players"]),
    (["--players", "7"], ["argument --players", "3 to 4 players, not 7"]),
    (["--games", "0"], ["argument --games", "at least 1"]),
    (["--seed", "-1"], ["argument --seed", "0 or more"]),
    (["--set", "discard=3"], ["argument --set", "no setting 'discard'", "discard_limit", "player_trades"]),
    (["--set", "discard_limit=300"], ["argument --set", "setting discard_limit (discard limit, rule catan-discard) must be an integer 0..100, not 300"]),
    (["--set", "board=hexagonal"], ["argument --set", "board must be one of", "'beginner'"]),
    (["--workers", "2", "--scheduler", "tcp://127.0.0.1:1"], ["argument --scheduler: not allowed with argument --workers"]),
    (["--out", "results.xlsx"], ["argument --out", ".csv or .csv.gz or .parquet", "results.xlsx"]),
    (["--out", "no/such/folder/r.csv"], ["argument --out", "no folder"]),
])
def test_a_bad_argument_is_named_with_the_choices(capsys, tmp_path, monkeypatch, argv, named):
    monkeypatch.chdir(tmp_path)
    base = {"--game": "catan", "--seats": ",".join(SEATS), "--games": "3", "--out": "r.csv"}
    given = dict(zip(argv[::2], argv[1::2]))
    merged = [x for key, value in {**base, **given}.items() for x in (key, value)]
    status, out, err = run(capsys, "tournament", *merged)
    assert status == 2 and out == ""
    assert "usage: gamekit tournament" in err
    for text in named:
        assert text in err
    assert not (tmp_path / "r.csv").exists()


def test_a_missing_command_or_argument_is_named(capsys):
    status, _, err = run(capsys)
    assert status == 2 and "required: COMMAND" in err
    status, _, err = run(capsys, "tournament", "--game", "catan")
    assert status == 2 and "--seats" in err and "--games" in err and "--out" in err
    status, _, err = run(capsys, "play")
    assert status == 2 and "invalid choice: 'play'" in err and "'tournament'" in err


def test_tournament_on_a_dask_cluster_by_address(tmp_path, library_table):
    distributed = pytest.importorskip("distributed")
    out = tmp_path / "cluster.csv"
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        done = subprocess.run([sys.executable, "-m", "gamekit", "tournament", "--game", "catan", "--seats",
                               ",".join(SEATS), "--games", "4", "--seed", "11", "--scheduler",
                               cluster.scheduler_address, "--out", str(out)],
                              capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert f"written to {out}" in done.stdout
    table = cli.read_table(out)
    assert table[COLUMNS].equals(library_table[COLUMNS])  # the same seeded games wherever they were played


def test_no_scheduler_at_the_address_is_named(capsys, tmp_path):
    status, _, err = run(capsys, "tournament", "--game", "catan", "--seats", ",".join(SEATS), "--games", "2",
                         "--scheduler", "tcp://127.0.0.1:9", "--out", str(tmp_path / "r.csv"))
    assert status == 2 and "argument --scheduler: no Dask scheduler answers at 'tcp://127.0.0.1:9'" in err


# -- compare ---------------------------------------------------------------------------------------

def test_compare_prints_the_librarys_table_with_intervals(capsys, tmp_path):
    out = tmp_path / "both.csv"
    status, printed, err = run(capsys, "compare", "--game", "catan", "--seats", "heuristic", "--players", "3",
                               "--games", "6", "--seed", "3", "--change", "discard_limit=9", "--workers", "1",
                               "--quiet", "--out", str(out))
    assert status == 0, err
    default = gamekit.tournament("catan", ["heuristic"], games=6, seed=3, players=3, workers=1)
    changed = gamekit.tournament("catan", ["heuristic"], games=6, seed=3, players=3, workers=1,
                                 options={"discard_limit": 9})
    expected = compare(default, changed)
    assert "default: the game's defaults" in printed and "changed: discard_limit=9" in printed
    lines = printed.splitlines()
    for seat in range(3):
        row = expected.loc[f"seat {seat + 1}"]
        line = next(line for line in lines if line.startswith(f"seat {seat + 1} wins"))
        assert f"{100 * row['default']:.1f} % ({100 * row['default_low']:.1f} % to {100 * row['default_high']:.1f} %)" in line
        assert f"{100 * row['difference']:+.1f} points ({100 * row['difference_low']:+.1f} to " in line
    row = expected.loc["length"]
    line = next(line for line in lines if line.startswith("length (actions)"))
    assert f"{row['changed']:,.1f} ({row['changed_low']:,.1f} to {row['changed_high']:,.1f})" in line
    assert "games for a clear answer" in printed
    both = cli.read_table(out)
    assert list(both["setting"]) == ["default"] * 6 + ["changed"] * 6
    assert list(both["options"])[-1] == {"discard_limit": 9}


def test_compare_refuses_a_change_that_changes_nothing(capsys):
    status, _, err = run(capsys, "compare", "--game", "catan", "--seats", "random", "--players", "3", "--games", "2",
                         "--change", "discard_limit=7")
    assert status == 2 and "argument --change: the change gives the same settings" in err
    status, _, err = run(capsys, "compare", "--game", "catan", "--seats", "random", "--players", "3", "--games", "2",
                         "--change", "discard_limit=-1")
    assert status == 2 and "argument --change: setting discard_limit (discard limit, rule catan-discard) must be an integer 0..100" in err


def test_compare_statistics():
    import pandas as pd

    seats = [("random", "random")] * 4
    a = pd.DataFrame({"seed": [1, 2, 3, 4], "seats": seats, "winners": [(0,), (0,), (1,), (0, 1)],
                      "actions": [10, 20, 30, 40]})
    b = pd.DataFrame({"seed": [1, 2, 3, 4], "seats": seats, "winners": [(1,), (0,), (1,), (1,)],
                      "actions": [12, 22, 32, 42]})
    table = compare(a, b)
    assert table.loc["seat 1", "default"] == pytest.approx(2.5 / 4)
    assert table.loc["seat 1", "changed"] == pytest.approx(1 / 4)
    assert table.loc["seat 1", "difference"] == pytest.approx(-1.5 / 4)
    # every game two actions longer: a paired difference with no spread is clear at once
    assert table.loc["length", "difference"] == 2 and table.loc["length", "difference_low"] == 2
    assert bool(table.loc["length", "clear"]) and table.loc["length", "games_needed"] == 2
    # seat 1's differences per game: -1, 0, 0, -0.5 (mean -0.375, sd 0.479): n = (1.96 + 0.84)² sd² / mean²
    assert table.loc["seat 1", "games_needed"] == 13
    with pytest.raises(ValueError, match="same seeds"):
        compare(a, b.assign(seed=[1, 2, 3, 5]))


# -- saved games -------------------------------------------------------------------------------------

@pytest.fixture()
def saved(tmp_path):
    state = gamekit.game("catan").new(players=3, seed=21, discard_limit=9)
    bots = [gamekit.bot("catan", "random", seed=p) for p in range(3)]
    for _ in range(120):
        state.apply(bots[state.current_player].choose(state))
    path = tmp_path / "catan.json"
    path.write_text(state.to_json())
    return state, path


def test_check_passes_a_sound_save(capsys, saved):
    state, path = saved
    status, out, _ = run(capsys, "check", str(path))
    assert status == 0
    assert "a sound saved game of Catan (the base game): 3 players, seed 21, 120 actions" in out
    assert f"player {state.current_player} to act" in out


def test_replay_prints_the_game_action_by_action(capsys, saved):
    state, path = saved
    status, out, _ = run(capsys, "replay", str(path))
    assert status == 0
    assert "settings: discard_limit=9" in out
    lines = [line for line in out.splitlines() if re.match(r" *\d+\. ", line)]
    assert len(lines) == 120
    for line, entry in zip(lines, state.log):
        assert entry["text"] in line
    assert any("[" in line for line in lines)  # the dice, as the log drew them
    status, out, _ = run(capsys, "replay", str(path), "--to", "5")
    assert len([line for line in out.splitlines() if re.match(r" *\d+\. ", line)]) == 5


def test_check_finds_a_position_changed_by_hand(capsys, saved, tmp_path):
    state, path = saved
    data = json.loads(path.read_text())
    data["rng"] = gamekit.Rng(99).getstate()  # other dice from here on than the log's
    changed = tmp_path / "changed.json"
    changed.write_text(json.dumps(data))
    status, _, err = run(capsys, "check", str(changed))
    assert status == 1 and "does not hold together" in err and "do not lead to the saved position" in err


def test_check_finds_a_log_changed_by_hand(capsys, saved, tmp_path):
    state, path = saved
    data = json.loads(path.read_text())
    # the tenth action's dice as the log says they fell: another roll than the seed gives
    rows = data["log"]
    step = next(i for i, row in enumerate(rows) if isinstance(row[-1], dict) and row[-1].get("chance"))
    chance = rows[step][-1]["chance"]
    chance[0] = {**chance[0], "result": 7 if chance[0].get("result") != 7 else 8} if isinstance(chance[0], dict) else 7
    changed = tmp_path / "changed.json"
    changed.write_text(json.dumps(data))
    status, _, err = run(capsys, "replay", str(changed))
    assert status == 1 and f"action {step + 1} (player" in err and "turns out otherwise on replay" in err


def test_check_refuses_what_is_not_a_save(capsys, tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text('{"game": "catan", "format": 2}')
    status, _, err = run(capsys, "check", str(bad))
    assert status == 1 and "not a sound saved game: the saved game lacks" in err
    bad.write_text("hello")
    status, _, err = run(capsys, "check", str(bad))
    assert status == 1 and "not a saved game" in err
    status, _, err = run(capsys, "check", str(tmp_path / "missing.json"))
    assert status == 2 and "argument file: cannot read" in err


# -- the module and the script -------------------------------------------------------------------------

def test_python_dash_m_gamekit(tmp_path):
    done = subprocess.run([sys.executable, "-m", "gamekit", "--help"], capture_output=True, text=True, check=False,
                          cwd=tmp_path)
    assert done.returncode == 0
    for command in ("games", "settings", "tournament", "compare", "replay", "check"):
        assert command in done.stdout
    done = subprocess.run([sys.executable, "-m", "gamekit", "tournament", "--help"], capture_output=True, text=True,
                          check=False, cwd=tmp_path)
    for argument in ("--game", "--seats", "--games", "--seed", "--set", "--workers", "--scheduler", "--out"):
        assert argument in done.stdout


def test_the_console_script_is_declared():
    import tomllib

    project = tomllib.loads((Path(__file__).parents[1] / "pyproject.toml").read_text())["project"]
    assert project["scripts"]["gamekit"] == "gamekit.cli:main"
