# Two commands do all the set-up: `make serve` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
ENGINE ?= mkdocs
STAMP := $(VENV)/.installed
# Material's end-of-life banner on every build; our issue notes track Zensical.
export NO_MKDOCS_2_WARNING := 1

.PHONY: serve build test bench check import clean

$(STAMP): pyproject.toml package.json package-lock.json
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test,properdocs]'
	$(BIN)/pip install --quiet -e '.[zensical]' || echo "Zensical could not be installed: its tests are skipped, saying so"
	npm ci --no-audit --no-fund --loglevel=error
	touch $(STAMP)

serve: $(STAMP)
	$(BIN)/ruleref serve

build: $(STAMP)
	$(BIN)/ruleref build --import --engine $(ENGINE)

test: $(STAMP)
	$(BIN)/python -m pytest -q

bench: $(STAMP)
	$(BIN)/python -m bench

check: build
	$(BIN)/ruleref check

import: $(STAMP)
	$(BIN)/ruleref import --all

clean:
	rm -rf site .ruleref $(VENV) node_modules
