"""The distribution: built as a wheel and an sdist named gamekit-rulebook (gamekit on PyPI is another
project), each installed in a fresh virtual environment, where ``python -m gamekit --help`` and the
``gamekit`` command work and ``import gamekit`` finds this package with its data files.

It builds with the project's own backend (setuptools, from pyproject.toml) through ``python -m build``
(the test extra); a machine that cannot get the backend skips it, loudly, naming what is missing.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tomllib
import venv
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[1]
NAME = "gamekit-rulebook"


def _source(tmp: Path) -> Path:
    """A copy of what the sdist is made from (the package, pyproject.toml, README, LICENSE), so the
    build writes nothing into the working tree."""
    src = tmp / "src"
    src.mkdir()
    for name in ("pyproject.toml", "README.md", "LICENSE"):
        shutil.copy(ROOT / name, src / name)
    shutil.copytree(ROOT / "gamekit", src / "gamekit", ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    return src


def _loud_skip(why: str) -> None:
    message = f"!!!!!!!! the distribution test did NOT run: {why}"
    print(message, file=sys.stderr)
    pytest.skip(message)


def _run(argv: list[str], **kw) -> subprocess.CompletedProcess:
    return subprocess.run(argv, capture_output=True, text=True, check=False, **kw)


def test_the_distribution_name_is_ours():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert project["name"] == NAME
    assert f"pip install {NAME}" in (ROOT / "README.md").read_text()


def test_wheel_and_sdist_install_in_a_fresh_environment(tmp_path):
    try:
        import build  # noqa: F401
    except ImportError:
        _loud_skip("the build front end is not installed (pip install build; make install installs the test extra)")
    src = _source(tmp_path)
    dist = tmp_path / "dist"
    built = _run([sys.executable, "-m", "build", "--outdir", str(dist), str(src)])
    if built.returncode != 0:
        text = built.stdout + built.stderr
        if "satisfies the requirement setuptools" in text or "No matching distribution found for setuptools" in text:
            _loud_skip("the build backend (setuptools>=77) cannot be fetched on this machine:\n" + text[-2000:])
        pytest.fail("python -m build failed:\n" + text[-4000:])
    wheels = sorted(dist.glob("*.whl"))
    sdists = sorted(dist.glob("*.tar.gz"))
    assert [w.name.split("-")[0] for w in wheels] == ["gamekit_rulebook"]
    assert [s.name.split("-")[0] for s in sdists] == ["gamekit_rulebook"]

    with zipfile.ZipFile(wheels[0]) as wheel:
        names = wheel.namelist()
        metadata = next(wheel.read(n).decode() for n in names if n.endswith(".dist-info/METADATA"))
        scripts = next(wheel.read(n).decode() for n in names if n.endswith(".dist-info/entry_points.txt"))
    assert f"Name: {NAME}\n" in metadata
    assert "gamekit = gamekit.cli:main" in scripts
    assert {n.split("/")[0] for n in names} == {"gamekit", wheels[0].name.split("-py3")[0] + ".dist-info"}
    assert "gamekit/__main__.py" in names and "gamekit/widgets/static/play.js" in names
    assert any(n.endswith(".json") for n in names)  # the games' data files

    env = tmp_path / "venv"
    venv.create(env, with_pip=True)
    python = env / "bin" / "python"
    for package, again in ((wheels[0], []), (sdists[0], ["--force-reinstall", "--no-deps"])):
        # the wheel with its dependencies (pinned as make pins them), then the sdist in its place
        installed = _run([str(python), "-m", "pip", "install", "--quiet", *again, "-c",
                          str(ROOT / "constraints.txt"), str(package)])
        assert installed.returncode == 0, installed.stderr[-4000:]
        away = tmp_path / "elsewhere"  # not beside the source: the installed copy is imported
        away.mkdir(exist_ok=True)
        shown = _run([str(python), "-m", "gamekit", "--help"], cwd=away)
        assert shown.returncode == 0, shown.stderr
        assert "usage: gamekit" in shown.stdout and "tournament" in shown.stdout
        where = _run([str(python), "-c", "import gamekit; print(gamekit.__file__); print(gamekit.games())"], cwd=away)
        assert where.returncode == 0, where.stderr
        assert str(env) in where.stdout and "trade-feud" in where.stdout
        script = _run([str(env / "bin" / "gamekit"), "games"], cwd=away)
        assert script.returncode == 0 and "Transportspelet" in script.stdout, script.stderr
        shown = _run([str(python), "-m", "pip", "show", NAME], cwd=away)
        assert f"Name: {NAME}" in shown.stdout
