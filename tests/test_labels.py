"""Every rule label the engines name (in IllegalAction messages and docstrings) is a target in the
book, so an error's label always leads a reader to its rule."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LABEL = re.compile(r'"((?:itc|catan|factories|solcher|seafarers|trade-feud|pig|protocol|dice|transport|auf-achse)-[a-z0-9-]+)"')


def book_targets() -> set[str]:
    targets: set[str] = set()
    for path in (ROOT / "book").rglob("*.md"):
        targets |= set(re.findall(r"^\(([a-z0-9-]+)\)=\s*$", path.read_text(encoding="utf-8"), re.M))
    return targets


def test_every_rule_label_in_the_code_is_in_the_book():
    used: dict[str, str] = {}
    for path in (ROOT / "gamekit").rglob("*.py"):
        for label in LABEL.findall(path.read_text(encoding="utf-8")):
            used.setdefault(label, str(path.relative_to(ROOT)))
    assert len(used) > 40
    missing = {label: where for label, where in used.items() if label not in book_targets()}
    assert missing == {}, f"labels with no target in book/: {missing}"


def test_book_targets_are_unique():
    seen: dict[str, str] = {}
    for path in (ROOT / "book").rglob("*.md"):
        for label in re.findall(r"^\(([a-z0-9-]+)\)=\s*$", path.read_text(encoding="utf-8"), re.M):
            assert label not in seen, f"{label} in {path} and {seen[label]}"
            seen[label] = str(path)
