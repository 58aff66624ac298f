"""A child app that dies of a native fault: `python crash_child.py PROJECT`. It starts the
real app on PROJECT, types unsaved text into chapter 1 (autosaved), starts a second thread,
then faults (faulthandler._sigsegv) inside a Qt timer callback (test_crash_log)."""

from __future__ import annotations

import faulthandler
import sys
import threading

from input_method import type_at_end
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication

from workbench.gui.app import run_app
from workbench.gui.main_window import MainWindow

UNSAVED = "崩溃前没保存的一句。"


def fault_in_the_event_loop(app: QApplication) -> None:
    window = next(w for w in app.topLevelWidgets() if isinstance(w, MainWindow))
    editor = window.chapters.open_chapter(1)
    type_at_end(editor, UNSAVED)
    window.tabs.autosave_now(force=True)
    hold = threading.Event()
    threading.Thread(target=hold.wait, name="waiting-helper", daemon=True).start()
    faulthandler._sigsegv()


def main(project: str) -> int:
    app = QApplication(sys.argv[:1])
    QTimer.singleShot(0, lambda: fault_in_the_event_loop(app))
    return run_app(project)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
