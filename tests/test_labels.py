"""Every rule label the engines name (in IllegalAction messages and docstrings) is a target in the
book, so an error's label always leads a reader to its rule."""

from __future__ import annotations

import re
from pathlib import Path

from helpers import labels_in_source

ROOT = Path(__file__).resolve().parent.parent


def book_targets() -> set[str]:
    targets: set[str] = set()
    for path in (ROOT / "book").rglob("*.md"):
        targets |= set(re.findall(r"^\(([a-z0-9-]+)\)=\s*$", path.read_text(encoding="utf-8"), re.M))
    return targets


def test_the_scanner_reads_every_kind_of_string():
    source = (
        "def f():\n"
        '    """Docstring citing ``itc-dice`` and rule pig-hold."""\n'
        "    raise IllegalAction('single', 'protocol-game-over')\n"
        "    x = f'{1} see dice-chapter-two'  # catan-in-a-comment is not a citation\n"
        "    return '''triple factories-trial''' + \"double solcher-rule\"\n"
    )
    assert [label for label, _ in labels_in_source(source)] == [
        "itc-dice", "pig-hold", "protocol-game-over", "dice-chapter-two", "factories-trial", "solcher-rule"]


def test_every_rule_label_in_the_code_is_in_the_book():
    used: dict[str, str] = {}
    for path in (ROOT / "gamekit").rglob("*.py"):
        for label, line in labels_in_source(path.read_text(encoding="utf-8")):
            used.setdefault(label, f"{path.relative_to(ROOT)}:{line}")
    assert len(used) > 40
    missing = {label: where for label, where in used.items() if label not in book_targets()}
    assert missing == {}, f"labels with no target in book/: {missing}"


def test_book_targets_are_unique():
    seen: dict[str, str] = {}
    for path in (ROOT / "book").rglob("*.md"):
        for label in re.findall(r"^\(([a-z0-9-]+)\)=\s*$", path.read_text(encoding="utf-8"), re.M):
            assert label not in seen, f"{label} in {path} and {seen[label]}"
            seen[label] = str(path)


def test_the_project_stands_on_its_own():
    """Nothing in the repository points to folders outside it (a clone has only itself)."""
    import subprocess
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    listed = subprocess.run(["git", "ls-files"], cwd=root, capture_output=True, text=True, check=True).stdout.split()
    outside = []
    for name in listed:
        path = root / name
        if path.suffix not in (".py", ".md", ".yml", ".toml", ".ipynb", ".js", ".cfg", ".txt") and path.name != "Makefile":
            continue
        text = path.read_text(encoding="utf-8", errors="replace") if path.is_file() else ""
        if any(f"{prefix}/{'shared'}" in text for prefix in ("..", "/work")):
            outside.append(name)
    assert outside == []
