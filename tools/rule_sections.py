"""Write gamekit/web/rule_sections.json: for every rule label of the book's chapters, the section of
the chapter it stands in (the play pages' settings are grouped by it, :mod:`gamekit.web.house_rules`).

The page's Python has no book to read, so the sections travel with gamekit as data; a unit test
(tests/test_house_rules.py) makes this file again from book/ and fails when they differ. Run it
after moving a label or renaming a section:

    .venv/bin/python tools/rule_sections.py

A label's section is the heading it labels (``(itc-setup)=`` above ``## Setup``), else the heading
above it (a label on a paragraph, such as ``catan-discard`` in "The base game in brief"). Headings
and labels inside fenced blocks (code cells, the originals' dropdowns) do not count.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
TARGET = ROOT / "gamekit" / "web" / "rule_sections.json"
LABEL = re.compile(r"^\(([a-z0-9-]+)\)=\s*$")
HEADING = re.compile(r"^(#{1,6})\s+(.+?)\s*$")
FENCE = re.compile(r"^(`{3,}|:{3,})")


def _plain(title: str) -> str:
    """A heading as words: roles and markup taken out ("{ref}`x <y>`" -> "x", "**a**" -> "a")."""
    title = re.sub(r"\{[a-z:]+\}`([^`<]*?)\s*(?:<[^>]*>)?`", r"\1", title)
    return re.sub(r"[*_`]", "", title).strip()


def sections(root: Path = ROOT) -> dict[str, Any]:
    """Every label of the chapters under ``book/``: ``{label: [page, page title, section, order]}``,
    ``page`` the chapter's path from the root without ``.md`` and ``order`` the section's place in
    the chapter (its heading's line)."""
    out: dict[str, Any] = {}
    for path in sorted((root / "book").rglob("*.md")):
        page = str(path.relative_to(root).with_suffix(""))
        lines = path.read_text(encoding="utf-8").splitlines()
        fence: str | None = None
        page_title = ""
        current = ("", 0)  # the section title and its line
        waiting: list[str] = []  # labels seen, their heading or paragraph not yet
        for number, line in enumerate(lines, 1):
            match = FENCE.match(line)
            if fence is not None:
                if match and line.strip() == fence:
                    fence = None
                continue
            if match:
                fence = match.group(1)
                continue
            label = LABEL.match(line)
            if label:
                waiting.append(label.group(1))
                continue
            if not line.strip():
                continue
            heading = HEADING.match(line)
            if heading:
                title = _plain(heading.group(2))
                if len(heading.group(1)) == 1 and not page_title:
                    page_title = title
                current = (title, number)
            for name in waiting:
                out[name] = [page, page_title, current[0] or page_title, current[1]]
            waiting = []
        for name in waiting:
            out[name] = [page, page_title, current[0] or page_title, current[1]]
    return dict(sorted(out.items()))


def main() -> None:
    TARGET.write_text(json.dumps(sections(), indent=0, sort_keys=True, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"rule_sections: {TARGET.relative_to(ROOT)} ({len(sections())} labels)")


if __name__ == "__main__":
    main()
