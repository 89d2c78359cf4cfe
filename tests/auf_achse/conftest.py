"""Make the shared helpers (``aa_helpers.py``) importable by the Auf Achse tests (pytest runs with
``--import-mode=importlib``, which does not put test folders on ``sys.path``)."""

import sys
from pathlib import Path

HERE = str(Path(__file__).resolve().parent)
if HERE not in sys.path:
    sys.path.insert(0, HERE)
