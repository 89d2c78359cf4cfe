# Everything a newcomer needs: `make book` and `make test` (see README.md).
SHELL := /bin/bash
.ONESHELL:
.SHELLFLAGS := -eu -o pipefail -c

PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
BENCH_STAMP := $(VENV)/.installed-bench
WEB_STAMP := web/node_modules/.installed
CHROMIUM ?= /usr/bin/chromium
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: help install web chromium assets book serve lab test test-fast lint benchmark lock clean refresh-notebooks

help:
	@echo "make book       install everything, build the book into _build/html (every chapter executed)"
	@echo "make test       install everything, build the book, run every test (unit, nbval, browser)"
	@echo "make serve      serve the built book on http://$(HOST):$(PORT)/"
	@echo "make lab        open JupyterLab on the notebooks, gamekit installed"
	@echo "make test-fast  unit tests and nbval only (no book build, no browser)"
	@echo "make benchmark  print the benchmark figures"

# -- installing ---------------------------------------------------------------------------------
$(STAMP): pyproject.toml constraints.txt
	@$(PYTHON) -c 'import sys; assert sys.version_info >= (3, 11), "Python 3.11 or newer is needed"'
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -c constraints.txt -e ".[book,test,lab,openspiel,parquet]"
	touch $@

install: $(STAMP)

$(WEB_STAMP): web/package.json web/package-lock.json
	@command -v npm >/dev/null || { echo "!! npm is missing: install Node.js and npm (Debian: apt-get install nodejs npm)"; exit 1; }
	(cd web && npm ci --no-audit --no-fund --ignore-scripts --loglevel=error)
	touch $@

web: $(WEB_STAMP)

# The browser tests use Debian's Chromium (Playwright cannot download its own browser here).
chromium:
	@if [ -x "$(CHROMIUM)" ]; then
		echo "chromium: $$($(CHROMIUM) --version 2>/dev/null || echo found at $(CHROMIUM))"
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
		echo "chromium: not found, installing Debian's chromium package"
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
	else
		echo "!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!"
		echo "!! Chromium is missing at $(CHROMIUM) and cannot be installed here (not root or no apt)."
		echo "!! The browser tests will FAIL. Install it: sudo apt-get install chromium"
		echo "!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!"
	fi

# -- the book -------------------------------------------------------------------------------------
assets: $(STAMP) $(WEB_STAMP)
	$(PY) tools/build_assets.py
	$(PY) tools/build_lite.py

book: assets
	rm -rf _build/html _build/.doctrees _build/jupyter_execute
	$(VENV)/bin/jupyter-book build . --warningiserror --nitpick --keep-going
	@echo
	@echo "The book is built: open $(CURDIR)/_build/html/index.html,"
	@echo "or run 'make serve' and visit http://$(HOST):$(PORT)/ (the widgets need a web server)."

serve:
	@test -f _build/html/index.html || { echo "build the book first: make book"; exit 1; }
	@echo "Serving the book on http://$(HOST):$(PORT)/ (Ctrl-C stops)"
	$(PY) -m http.server --bind $(HOST) --directory _build/html $(PORT)

lab: $(STAMP)
	$(VENV)/bin/jupyter lab notebooks/

# -- checks ---------------------------------------------------------------------------------------
NBVAL := --nbval notebooks book --nbval-sanitize-with tests/nbval_sanitize.cfg
# Tests run on this many worker processes (pytest-xdist), one test file per worker at a time so that a
# notebook's cells run in order in one kernel; TEST_WORKERS=0 runs them in this process.
TEST_WORKERS ?= 2
XDIST := $(if $(filter 0,$(TEST_WORKERS)),,-n $(TEST_WORKERS) --dist loadfile)

test: book chromium
	$(VENV)/bin/ruff check gamekit tests tools benchmarks conftest.py
	$(VENV)/bin/pytest tests $(NBVAL) --doctest-modules gamekit $(XDIST)

test-fast: $(STAMP)
	$(VENV)/bin/pytest tests $(NBVAL) --doctest-modules gamekit --ignore=tests/browser $(XDIST)

lint: $(STAMP)
	$(VENV)/bin/ruff check gamekit tests tools benchmarks conftest.py

# The peers the benchmarks measure gamekit against, in the same run (the bench extra).
$(BENCH_STAMP): $(STAMP)
	$(PY) -m pip install --quiet -c constraints.txt -e ".[book,test,lab,openspiel,parquet,bench]"
	touch $@

benchmark: book chromium $(BENCH_STAMP)
	@for script in benchmarks/*.py; do echo "== $$script"; $(PY) "$$script"; done

# Refresh constraints.txt after changing dependencies in pyproject.toml.
lock: $(STAMP)
	$(PY) -m pip install --quiet -e ".[book,test,lab,openspiel,parquet,bench]"
	{ sed -n '1,2p' constraints.txt; $(PY) -m pip freeze --exclude-editable | grep -v '^gamekit'; } > constraints.txt.new
	mv constraints.txt.new constraints.txt

clean:
	rm -rf _build

# Re-run the lesson notebooks and store their outputs (after a deliberate change to what they show);
# nbval then checks future runs against these outputs.
refresh-notebooks: $(STAMP)
	for nb in notebooks/*.ipynb; do $(VENV)/bin/jupyter nbconvert --to notebook --execute --inplace "$$nb"; done
