"""The app SIGKILLed with unsaved edits (a real child process, no handler runs) offers the
text back complete on the next start, and the file on disk is untouched."""

from __future__ import annotations

import signal
import subprocess
import sys

from PySide6.QtWidgets import QMessageBox

from workbench.book.project import Project

GUI_CHILD = """
import sys
from pathlib import Path
from PySide6.QtWidgets import QApplication
from workbench.gui.app import create_window
from workbench.settings import Settings
app = QApplication([])
window = create_window(Settings())
window.show()
window.open_project(sys.argv[1])
window.tabs.autosave_timer.setInterval(50)
editor = window.open_path(Path(sys.argv[2]))
editor.text_edit.moveCursor(editor.text_edit.textCursor().MoveOperation.End)
editor.text_edit.insertPlainText(sys.argv[3])
folder = Path(sys.argv[1]) / ".workbench" / "autosave"
def report():
    if folder.is_dir() and any(folder.iterdir()):
        print("autosaved", flush=True)
from PySide6.QtCore import QTimer
timer = QTimer(); timer.timeout.connect(report); timer.start(20)
app.exec()
"""


def test_the_app_killed_with_unsaved_edits_offers_the_text_back(sample_copy, make_window, dialogs):
    path = Project.open(sample_copy).chapters[1].path
    before = path.read_bytes()
    typed = "被强行结束前写下的一整段话，一个字也不能少。" * 20
    child = subprocess.Popen(
        [sys.executable, "-c", GUI_CHILD, str(sample_copy), str(path), typed],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert child.stdout.readline().strip() == "autosaved"
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait()
        child.stdout.close()
    assert path.read_bytes() == before
    dialogs.answer(QMessageBox.StandardButton.Yes)
    window = make_window()
    window.open_project(sample_copy)
    restored = window.tabs.editor_for(path)
    assert restored is not None and restored.is_modified()
    assert restored.text() == before.decode("utf-8") + typed
