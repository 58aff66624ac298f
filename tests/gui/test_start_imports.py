"""The window opens a project without loading what its first paint does not need (issue #28):
each module below is imported where it is first used, or by the warm-up once the window is
up. Checked in a fresh process, as `tests/cli/test_feed_imports.py` does for the CLI."""

from __future__ import annotations

import json
import os
import subprocess
import sys

# create_window, show, open_project; the modules loaded then; then the event loop runs until
# the warm-up says it is done, and the modules loaded by then.
SCRIPT = """
import json, sys
from pathlib import Path
from PySide6.QtCore import QEventLoop, QTimer
from PySide6.QtWidgets import QApplication, QWidget
from workbench.gui.app import create_window
from workbench.settings import Settings

record, project = sys.argv[1], Path(sys.argv[2])
PANELS = ("trackerBrowser", "bookTabs")  # the browser, the 全书 panel's tabs
app = QApplication([])
window = create_window(Settings())
window.show()
opened = window.open_project(project)
at_open = sorted(sys.modules)
docks = [window.tracker_dock, window.book_dock]
built_at_open = [dock.is_built() for dock in docks]
loop = QEventLoop()
window.warmup.finished.connect(loop.quit)
QTimer.singleShot(60_000, loop.quit)  # a bound for a broken warm-up, not a timing
loop.exec()
after_warmup = sorted(sys.modules)
from workbench.gui.counting_process import counting_process
from workbench.models.profiles import active_profile
counting_pid = counting_process(active_profile(window.project).tokenizer).pid
built_after = [dock.is_built() for dock in docks]
names = [w.objectName() for w in (window.findChild(QWidget, n) for n in PANELS) if w]
window.shut_down()
with open(record, "w", encoding="utf-8") as out:
    json.dump({"opened": opened, "at_open": at_open, "after_warmup": after_warmup,
               "built_at_open": built_at_open, "built_after": built_after,
               "panels_after": names, "counting_pid": counting_pid}, out)
"""
# Nothing of these is on the screen when a project opens: the prepare dialog and the model
# client with its HTTP stack, the importer and its dialog, the settings dialog, the summary
# job's process code, jieba (the summariser's, in its own process), pydantic (the settings
# are checked by workbench/validation.py), the tracker browser with its graph and 待审 tab and
# the 全书 panel (their docks are behind 上下文) and the usage view. The tokenizers are never
# loaded in the app's process (see NEVER_IN_APP).
NOT_AT_OPEN = (
    "workbench.gui.prepare.dialog",
    "workbench.gui.prepare.draft_view",
    "workbench.llm.client",
    "workbench.calls.request",
    "httpx",
    "workbench.book.importer",
    "workbench.gui.import_dialog",
    "workbench.gui.settings_dialog",
    "workbench.gui.summary_process",
    "workbench.upkeep.model",
    "workbench.gui.trackers.browser",  # the docks not in front: built when first shown
    "workbench.gui.trackers.graph",
    "workbench.gui.upkeep.panel",
    "workbench.trackers.browse",
    "workbench.gui.book.panel",
    "workbench.gui.book.heatmap",
    "workbench.gui.usage.view",  # Feed ▸ Usage, built when first opened
    # The feed builder, the trackers it reads and the upkeep run: loaded by the workers,
    # which start after the first paint (gui/first_paint.py).
    "workbench.feed.build",
    "workbench.feed.select",
    "workbench.feed.budget",
    "workbench.trackers.relevance",
    "workbench.trackers.model",
    "workbench.upkeep.run",
    "workbench.trackers.cast",  # the summary queue's fixed-context job reads the cast
    "workbench.book.characters",
    "markdown_it",
    "multiprocessing",
    "workbench.continuity.guard",  # checks run in the guard's child process
    "jieba",
    "pydantic",
)
# The tokenizers' packages: the book's tokenizer loads and counts in a child process
# (gui/counting_process.py), since its load holds the GIL for 0.2-0.5 s. The warm-up starts it.
NEVER_IN_APP = ("tokenizers", "tiktoken")
# What the warm-up loads, so the first Prepare and the first summary job do not wait for it.
WARMED = (
    "workbench.gui.prepare.dialog",
    "workbench.llm.client",
    "httpx",
    "workbench.book.importer",
    "workbench.gui.settings_dialog",
    "workbench.gui.summary_process",
    "workbench.upkeep.model",
    "workbench.gui.trackers.browser",
    "workbench.gui.book.panel",
    "workbench.gui.usage.view",
    "workbench.feed.build",
    "workbench.upkeep.run",
)


def loaded(modules: list[str], package: str) -> list[str]:
    return [m for m in modules if m == package or m.startswith(package + ".")]


def test_opening_a_project_loads_none_of_the_heavy_modules(tmp_path, sample_copy):
    record = tmp_path / "modules.json"
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    subprocess.run(
        [sys.executable, "-c", SCRIPT, str(record), str(sample_copy)], check=True, env=env
    )
    data = json.loads(record.read_text(encoding="utf-8"))
    assert data["opened"]
    assert "workbench.gui.main_window" in data["at_open"]  # it did open the window
    for package in NOT_AT_OPEN:
        assert not loaded(data["at_open"], package), f"opening the project imported {package}"
    for module in WARMED:
        assert module in data["after_warmup"], f"the warm-up did not load {module}"
    for package in NEVER_IN_APP:
        assert not loaded(data["after_warmup"], package), f"the app imported {package}"
    assert data["counting_pid"], "the warm-up did not start the book's counting process"
    assert data["built_at_open"] == [False, False], "a dock behind 上下文 was built at the open"
    assert data["built_after"] == [True, True], "the warm-up did not build the docks"
    assert data["panels_after"] == ["trackerBrowser", "bookTabs"]
