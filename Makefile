# The two commands of the README: `make build` and `make test`. Each bootstraps .venv itself.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: build test check clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

build: $(STAMP)
	$(BIN)/sandtable build content/*/ -o out

check: $(STAMP)
	$(BIN)/sandtable check content/*/

test: $(STAMP)
	$(BIN)/python -m pytest

clean:
	rm -rf out $(VENV)
