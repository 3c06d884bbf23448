# The two commands of the README: `make build` and `make test`. Each bootstraps .venv itself.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: build test check bench clean test-tools

# Debian packages, each named by a command it provides, installed only when that command is missing.
# poppler-utils: the tests read PDFs (pdftotext, pdffonts, pdftoppm).
# fontconfig: a game's `print.font` may name an installed family, found with fc-match.
# ghostscript: press PDFs (print.press) are converted to CMYK PDF/X with its shipped CMYK ICC profile.
# chromium, chromium-driver: the live-preview test drives headless Chromium (no display needed).
BUILD_TOOLS := pdftotext=poppler-utils fc-match=fontconfig gs=ghostscript
TEST_TOOLS := pdftotext=poppler-utils fc-match=fontconfig chromium=chromium chromedriver=chromium-driver

define install_missing
	@missing=""; for pair in $(1); do command -v "$${pair%%=*}" >/dev/null 2>&1 || missing="$$missing $${pair#*=}"; done; \
	if [ -n "$$missing" ]; then \
	  sudo=""; [ "$$(id -u)" = 0 ] || sudo=sudo; \
	  echo "installing Debian packages:$$missing"; \
	  $$sudo apt-get update -qq && $$sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing; \
	fi
endef

$(STAMP): pyproject.toml
	$(call install_missing,$(BUILD_TOOLS))
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

test-tools:
	$(call install_missing,$(TEST_TOOLS))

# The seed games are built with their print-shop files (press PDFs, counter PNGs): `--press --png` is what a publisher adds
# to hand a game to a printer; the everyday build leaves it out (a few seconds a game; README).
build: $(STAMP)
	$(BIN)/sandtable build content/*/ -o out --press --png

check: $(STAMP)
	$(BIN)/sandtable check content/*/

test: $(STAMP) test-tools
	$(BIN)/python -m pytest

# The benchmark (a tool, not a test): synthetic games up to 10,000 counters and 100 x 100 hexes, and the
# seed games cold, warm and after one change; prints a table and writes bench/results.json. It takes
# several minutes; `make bench BENCH_FLAGS=--quick` skips the largest cases.
bench: $(STAMP)
	$(BIN)/python bench/harness.py $(BENCH_FLAGS)

clean:
	rm -rf out $(VENV)
