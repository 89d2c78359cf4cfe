"""Interactive widgets for the book and the notebooks (anywidget).

Each widget is a thin front end: its JavaScript draws and listens, and every rule it needs comes
from gamekit through :mod:`gamekit.web` (in the kernel in JupyterLab, in Pyodide on the book's
static pages). See :mod:`gamekit.widgets.base` for the plumbing they share.
"""

from .dice import DiceRoller
from .lessons import CatanProduction, DiceSums

__all__ = ["CatanProduction", "DiceRoller", "DiceSums"]
