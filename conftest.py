"""Let nbval check the book's MyST chapters too (nbval itself reads only ``.ipynb`` files).

With ``--nbval``, every MyST markdown notebook under ``book/`` (a ``.md`` file with a jupytext
header) is read through jupytext and each code cell is run in a fresh kernel; a cell that raises
fails the test. The chapters store no outputs (they are executed at every build), so only
``.ipynb`` notebooks (``notebooks/``) have their outputs compared.
"""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent

try:  # the OpenSpiel adapter imports only with the extra; its tests say so loudly when it is missing
    import pyspiel  # noqa: F401
except ImportError:
    collect_ignore = ["gamekit/openspiel.py"]


def _is_myst_notebook(path: Path) -> bool:
    if path.suffix != ".md" or ROOT / "book" not in path.parents:
        return False
    head = path.read_text(encoding="utf-8")[:400]
    return head.startswith("---") and "jupytext:" in head and "format_name: myst" in head


def pytest_collect_file(file_path: Path, parent: pytest.Collector):
    opt = parent.config.option
    if not (getattr(opt, "nbval", False) or getattr(opt, "nbval_lax", False)):
        return None
    if not _is_myst_notebook(file_path):
        return None
    import jupytext
    from nbval.plugin import IPyNbFile

    class MystNotebook(IPyNbFile):
        def collect(self):
            # nbval reads self.fspath with nbformat; give it the notebook jupytext makes instead.
            import nbformat

            original = nbformat.read
            nbformat.read = lambda *_args, **_kwargs: jupytext.read(str(self.fspath))
            try:
                yield from super().collect()
            finally:
                nbformat.read = original

        def setup(self):
            super().setup()
            self.compare_outputs = False  # chapters carry no stored outputs: run, don't compare

    return MystNotebook.from_parent(parent, path=file_path)
