# The two commands of the README: `make build` and `make test`. Each bootstraps .venv itself.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: build test check clean

# Debian tools the tests read PDFs with (pdftotext, pdffonts, pdftoppm); installed when missing.
DEBIAN_TOOLS := poppler-utils

$(STAMP): pyproject.toml
	@command -v pdftotext >/dev/null 2>&1 || { \
	  if [ "$$(id -u)" = 0 ]; then apt-get update -qq && apt-get install -y -qq $(DEBIAN_TOOLS); \
	  else sudo apt-get update -qq && sudo apt-get install -y -qq $(DEBIAN_TOOLS); fi; }
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
