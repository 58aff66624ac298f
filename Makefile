# Two commands do all set-up: `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: run test lint screenshots bench clean

$(PY):
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip

$(STAMP): $(PY) pyproject.toml
	$(PY) -m pip install --quiet -e '.[test]'
	touch $(STAMP)

# Opens the app on a fresh copy of the bundled sample novel (run/sample-novel).
run: $(STAMP)
	rm -rf run/sample-novel && mkdir -p run && cp -r resources/sample-novel run/sample-novel
	$(VENV)/bin/workbench open run/sample-novel

lint: $(STAMP)
	$(VENV)/bin/ruff check workbench tests benchmarks
	$(VENV)/bin/ruff format --check workbench tests benchmarks

test: lint
	QT_QPA_PLATFORM=offscreen $(VENV)/bin/pytest -q

screenshots: $(STAMP)
	QT_QPA_PLATFORM=offscreen $(PY) -m workbench.gui.screenshots docs/screenshots

bench: $(STAMP)
	$(PY) benchmarks/feed.py

clean:
	rm -rf $(VENV) run build *.egg-info
