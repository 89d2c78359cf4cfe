"""Catan: the hex board shared by the Catan-based games, and the games built on it.

Modules, one layer each:

* :mod:`~gamekit.catan.board`: hexes in cube coordinates; intersections (nodes) and edges derived
  once from the tile layout; the standard 19-hex board with number tokens and harbours, shuffled
  from a seed or laid out by hand. Maps with sea hexes use it too.
* :mod:`~gamekit.catan.rules`: the base game's numbers, written once (costs, pieces, cards).
* :mod:`~gamekit.catan.roads`: roads and building sites as pure functions on the board graph
  (one predicate per rule; Longest Road).
* :mod:`~gamekit.catan.base`: the rules engine of the base game (registered as ``"catan"``), the
  state every variant extends; :mod:`~gamekit.catan.base_options` its settings;
  :mod:`~gamekit.catan.base_save` the check of a saved base game.
* :mod:`~gamekit.catan.factories`: Catan with factories (``"factories"``) on top of the base game;
  :mod:`~gamekit.catan.options` its settings and every assumption behind their defaults;
  :mod:`~gamekit.catan.production` factory production as pure functions with exact chances.
* :mod:`~gamekit.catan.actions`: the actions (small frozen dataclasses).
* :mod:`~gamekit.catan.svg`: pictures of boards and states (SVG text, standard library only).
* :mod:`~gamekit.catan.bots`: the rule-based computer player and the search's evaluation, one for
  all three games (``gamekit.bot("catan", "heuristic")``).

Importing this package registers nothing; ``gamekit.game("catan")`` imports the base game module,
``gamekit.game("factories")`` the factories module.
"""

from __future__ import annotations

RESOURCES: tuple[str, ...] = ("brick", "lumber", "wool", "grain", "ore")

__all__ = ["RESOURCES"]
