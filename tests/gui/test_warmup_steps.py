"""The warm-up (gui/warmup.py) never works on the GUI thread while the author types (keys, or
Chinese committed by an input method): a dock built between two keystrokes held the second for
70-80 ms (#28). Its GUI-thread steps are the docks' own code only: the engine under them is
loaded on its thread first."""

from __future__ import annotations

import itertools
import json
import os
import subprocess
import sys
import time
from functools import partial

import real_input

from workbench.gui.author_quiet import QUIET_MS

TYPING_S = 2.0  # three times QUIET_MS: without waiting, the warm-up builds both docks by then
KEY_EVERY_MS = 80

# In a fresh process: the window's modules and the warm-up's engine modules loaded, then each
# deferred dock's module; what that loaded outside workbench.gui.
SCRIPT = """
import importlib, json, sys
import workbench.gui.main_window
from workbench.gui.book.dock import BookDock
from workbench.gui.trackers.dock import TrackerDock
from workbench.gui.warmup import ENGINE_MODULES
for name in ENGINE_MODULES:
    importlib.import_module(name)
before = set(sys.modules)
for dock in (TrackerDock, BookDock):
    importlib.import_module(dock.PANEL_MODULE)
print(json.dumps(sorted(m for m in set(sys.modules) - before if m.startswith("workbench.")
                        and not m.startswith("workbench.gui."))))
"""


def test_the_docks_modules_load_only_gui_code_after_the_engine_modules() -> None:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    result = subprocess.run(
        [sys.executable, "-c", SCRIPT], check=True, env=env, capture_output=True, text=True
    )
    engine = json.loads(result.stdout.strip().splitlines()[-1])
    assert engine == [], f"add to warmup.ENGINE_MODULES: {engine}"


def test_the_warm_up_waits_while_the_author_types_and_builds_the_docks_after(
    make_window, novel, qtbot
):
    window = make_window()
    assert window.open_project(novel)
    built: dict[str, float] = {}
    for dock in window.docks.deferred():
        dock.built.connect(partial(record_build, built, dock.objectName()))
    finished: list[bool] = []
    window.warmup.finished.connect(lambda: finished.append(True))
    text_edit = window.tabs.current_editor().text_edit
    keys: list[float] = []
    window.warmup.start()  # as its timer does a moment after the show
    started = now()
    while now() - started < TYPING_S:  # Chinese through the input method, Latin keys between
        if len(keys) % 2:
            real_input.type_keys(text_edit, "a")
        else:
            real_input.type_chinese(text_edit, "山", "shan")
        keys.append(now())
        qtbot.wait(KEY_EVERY_MS)
    qtbot.waitUntil(lambda: bool(finished), timeout=60_000)
    assert set(built) == {"trackerDock", "bookDock"}, built
    for name, at in built.items():  # each came a quiet moment after the last key before it
        last_key = max((key for key in keys if key <= at), default=started)
        assert at - last_key >= 0.9 * QUIET_MS / 1000, f"{name} built while the author typed"


def now() -> float:
    return time.monotonic()


def record_build(built: dict[str, float], name: str, _panel) -> None:
    built.setdefault(name, now())


def test_each_step_is_a_pass_of_its_own_that_other_timers_get_between(qapp, qtbot) -> None:
    """Run back to back (a zero-time timer each), two or three dock steps made one GUI-thread
    gap of 40 ms of CPU; a timer the app runs (here a 5 ms one) must get its turn between."""
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QWidget

    from workbench.gui.warmup import Warmup

    window = QWidget()
    happened: list[str] = []
    steps = [partial(happened.append, f"step {n}") for n in range(3)]
    warmup = Warmup(window, steps)
    ticker = QTimer()
    ticker.timeout.connect(lambda: happened.append("tick"))
    ticker.start(5)
    window.show()
    warmup.start()
    with qtbot.waitSignal(warmup.finished, timeout=30_000):
        pass
    ticker.stop()
    at = [happened.index(f"step {n}") for n in range(3)]
    assert at == sorted(at)
    for before, after in itertools.pairwise(at):
        assert "tick" in happened[before + 1 : after], happened[before : after + 1]
    warmup.shut_down()
    window.close()
