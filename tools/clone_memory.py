"""What a clone owns: the objects reachable from it and not from the state it was cloned from, and
their bytes. Shared by the clone test (``tests/test_kept.py``: a clone copies no more late in a
long game than early) and the benchmark that measures it (``benchmarks/clone_growth.py``); standard
library only, so the benchmark can run it beside any checkout of gamekit."""

from __future__ import annotations

import sys
from typing import Any


def reachable(root: Any, skip: set[int]) -> list[Any]:
    """Every object reachable from ``root`` (through containers, tuples, attributes and slots) whose
    ``id`` is not in ``skip``, which gains them."""
    out = []
    stack = [root]
    while stack:
        value = stack.pop()
        if id(value) in skip or isinstance(value, (int, float, str, bool, type(None), type)):
            continue
        skip.add(id(value))
        out.append(value)
        if isinstance(value, dict):
            stack.extend(value.values())
        elif isinstance(value, (list, tuple, set, frozenset)):
            stack.extend(value)
        else:
            if hasattr(value, "__dict__") and not callable(value):
                stack.extend(vars(value).values())
            for cls in type(value).__mro__:
                for name in getattr(cls, "__slots__", ()):
                    if hasattr(value, name):
                        stack.append(getattr(value, name))
    return out


def copied_bytes(clone: Any, original: Any) -> int:
    """The bytes of the objects a clone holds of its own (not reachable from the original)."""
    theirs: set[int] = set()
    reachable(original, theirs)
    return sum(sys.getsizeof(v) for v in reachable(clone, theirs))
