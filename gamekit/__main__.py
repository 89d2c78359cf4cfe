"""``python -m gamekit``: the command line (:mod:`gamekit.cli`)."""

from .cli import main

if __name__ == "__main__":
    raise SystemExit(main())
