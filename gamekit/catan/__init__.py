"""Catan: the hex board shared by the Catan-based games, and the games built on it.

Modules:

* :mod:`~gamekit.catan.board`: hexes in cube coordinates; intersections (nodes) and edges derived
  once from the tile layout; the standard 19-hex board with number tokens and harbours, shuffled
  from a seed or laid out by hand. The Trade Feud scenario reuses it with sea hexes.
* :mod:`~gamekit.catan.options`: the settings of the factories game and every assumption behind
  their defaults.
* :mod:`~gamekit.catan.production`: factory production as pure functions (``factory_yield``) and
  the exact chances of investments and yields.
* :mod:`~gamekit.catan.actions`: the actions (small frozen dataclasses).
* :mod:`~gamekit.catan.factories`: the rules engine of Catan with factories (registered as the game
  ``"factories"``).
* :mod:`~gamekit.catan.svg`: pictures of boards and states (SVG text, standard library only).

Importing this package registers nothing; ``gamekit.game("factories")`` imports the game module.
"""

from __future__ import annotations

RESOURCES: tuple[str, ...] = ("brick", "lumber", "wool", "grain", "ore")

__all__ = ["RESOURCES"]
