# Two commands do all set-up: `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: run run-fresh test test-faults lint translations lupdate screenshots bench wheel bundle bundle-test icons clean

$(PY):
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip

$(STAMP): $(PY) pyproject.toml
	$(PY) -m pip install --quiet -e '.[test]'
	touch $(STAMP)

# UI translations: .ts sources are in the repo; the .qm files Qt loads are built here.
TS_FILES := $(wildcard workbench/gui/i18n/*.ts)
QM_FILES := $(TS_FILES:.ts=.qm)

translations: $(QM_FILES)

workbench/gui/i18n/%.qm: workbench/gui/i18n/%.ts $(STAMP)
	$(VENV)/bin/pyside6-lrelease -silent $< -qm $@

# After changing user-visible strings: refresh the .ts sources (then translate in Qt Linguist).
lupdate: $(STAMP)
	$(VENV)/bin/pyside6-lupdate $(shell find workbench/gui -name "*.py") -ts $(TS_FILES) -source-language en -no-obsolete -locations none

# Opens the app on run/sample-novel, copying the bundled sample only when it is absent:
# the author's edits and the crash autosave there survive every later start.
run: $(STAMP) translations
	test -d run/sample-novel || (mkdir -p run && cp -r resources/sample-novel run/sample-novel)
	$(VENV)/bin/workbench open run/sample-novel

# Starts over on a fresh copy of the sample, discarding run/sample-novel: only ever on request.
run-fresh: $(STAMP) translations
	rm -rf run/sample-novel
	$(MAKE) run

lint: $(STAMP)
	$(VENV)/bin/ruff check workbench tests benchmarks packaging tools
	$(VENV)/bin/ruff format --check workbench tests benchmarks packaging tools

# Every test: the suite, then the long fault loops (hundreds of SIGKILLs during saves).
test: lint translations
	QT_QPA_PLATFORM=offscreen $(VENV)/bin/pytest -q -m "not faults"
	QT_QPA_PLATFORM=offscreen $(VENV)/bin/pytest -q -m faults

# Only the fault loops, for working on them.
test-faults: $(STAMP) translations
	QT_QPA_PLATFORM=offscreen $(VENV)/bin/pytest -q -m faults

screenshots: $(STAMP) translations
	QT_QPA_PLATFORM=offscreen $(PY) -m workbench.gui.screenshots docs/screenshots
	$(PY) -m workbench.gui.first_hour_screenshots docs/screenshots $(wildcard ../shared/corpus/sanguo-yanyi.txt)

# Every benchmark, its figures printed and written to benchmarks/RESULTS.md.
bench: $(STAMP)
	$(PY) benchmarks/results.py

# The wheel and sdist for `pip install` / `pipx install`; the build compiles the translations
# and copies resources/ into the package itself (packaging/build_hooks.py).
wheel: $(STAMP)
	$(PY) -m build --outdir dist .

# A one-folder desktop bundle, dist/workbench/ (PyInstaller, installed into .venv here).
BUNDLE := dist/workbench/workbench
PYINSTALLER := $(VENV)/bin/pyinstaller

$(PYINSTALLER): $(STAMP)
	$(PY) -m pip install --quiet 'pyinstaller>=6.10'

bundle: $(PYINSTALLER) translations
	$(PYINSTALLER) --noconfirm --log-level WARN --distpath dist --workpath build/pyinstaller \
		packaging/workbench.spec

# Every subcommand, the GUI and the summary child process, run from the bundle (built if absent).
bundle-test:
	test -x $(BUNDLE) || $(MAKE) bundle
	bash packaging/bundle-test.sh $(BUNDLE)

# After changing the SVG icon: re-render the PNG sizes in resources/icons/ (committed).
icons: $(STAMP)
	QT_QPA_PLATFORM=offscreen $(PY) packaging/render_icons.py

clean:
	rm -rf $(VENV) run build dist *.egg-info
