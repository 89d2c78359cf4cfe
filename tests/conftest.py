"""Make the helpers shared by every test package (``tests/helpers.py``) importable: pytest runs with
``--import-mode=importlib``, which does not put test folders on ``sys.path``."""

import sys
from pathlib import Path

HERE = str(Path(__file__).resolve().parent)
if HERE not in sys.path:
    sys.path.insert(0, HERE)
