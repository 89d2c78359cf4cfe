"""Write each lesson's student notebook from the teacher's notebook, by cell tags (one source).

A lesson ``notebooks/lesson-NN-<topic>.ipynb`` is the teacher's version: it carries the solutions,
the teacher's notes and the answer checks. Its student version ``lesson-NN-<topic>-student.ipynb``
is the same notebook with

* every cell tagged ``solution`` removed (the folded solutions and the code that writes them);
* every cell tagged ``teacher`` removed (the teacher's notes);
* every cell tagged ``answer-check`` kept, with its outputs removed and a first line that says to
  run it only after answering (the code prints the answers when run).

Everything else, the stored outputs and pictures included, stays as it is. Both versions are laid
out in ``_build/assets/lessons/`` (the site serves ``_build/assets`` at its root, see
``html_extra_path`` in ``_config.yml``), so every lesson page links ``lessons/<lesson>.ipynb`` and
``lessons/<lesson>-student.ipynb``. The book's extension ``book/_ext/lesson_pages.py`` runs this at
every build; by hand::

    python tools/student_versions.py            # into _build/assets/lessons/
    python tools/student_versions.py --out DIR
"""

from __future__ import annotations

import argparse
import copy
import json
import re
import shutil
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
OUT = ROOT / "_build" / "assets" / "lessons"
#: A lesson's file name: lesson-NN-<topic>.ipynb (the student version is not a lesson itself).
LESSON = re.compile(r"^lesson-\d\d-[a-z0-9-]+(?<!-student)\.ipynb$")

REMOVED = ("solution", "teacher")
CLEARED = "answer-check"
CHECK_NOTE = "# Run this cell after you have answered: it prints the answers to compare with yours.\n"


def lessons(folder: Path = NOTEBOOKS) -> list[Path]:
    """The lesson notebooks, in order."""
    return sorted(p for p in folder.glob("lesson-*.ipynb") if LESSON.match(p.name))


def tags(cell: dict[str, Any]) -> list[str]:
    return list(cell.get("metadata", {}).get("tags", []))


def student_version(notebook: dict[str, Any]) -> dict[str, Any]:
    """The student notebook made from the teacher's (a new dict; the teacher's is not changed)."""
    out = copy.deepcopy(notebook)
    cells = []
    for cell in out["cells"]:
        cell_tags = tags(cell)
        if any(t in cell_tags for t in REMOVED):
            continue
        if CLEARED in cell_tags and cell["cell_type"] == "code":
            cell["outputs"] = []
            cell["execution_count"] = None
            source = "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]
            cell["source"] = CHECK_NOTE + source
            # shown in full in the student version: there is no answer to hide in the code's output now
            cell["metadata"]["tags"] = [t for t in cell_tags if t not in ("hide-input", "hide-output", "hide-cell", "remove-input")]
        cells.append(cell)
    out["cells"] = cells
    out.setdefault("metadata", {})["gamekit"] = {"version": "student"}
    return out


def student_name(lesson: Path) -> str:
    return lesson.stem + "-student.ipynb"


def write(out: Path = OUT, folder: Path = NOTEBOOKS) -> list[Path]:
    """Lay out every lesson's teacher and student notebooks in ``out``; returns the files written."""
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for lesson in lessons(folder):
        notebook = json.loads(lesson.read_text(encoding="utf-8"))
        teacher = out / lesson.name
        shutil.copyfile(lesson, teacher)
        student = out / student_name(lesson)
        student.write_text(json.dumps(student_version(notebook), indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        written += [teacher, student]
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=OUT, help=f"where to write (default {OUT.relative_to(ROOT)})")
    args = parser.parse_args(argv)
    written = write(args.out)
    print(f"student_versions: {len(written) // 2} lessons, teacher and student notebooks in {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
