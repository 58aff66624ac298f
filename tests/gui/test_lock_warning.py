"""Opening a project another live Workbench has open warns before opening it, never both
writing silently; the lock is ours once opened and gone once the window closes."""

from __future__ import annotations

import json
import socket
import subprocess
import sys

from PySide6.QtWidgets import QMessageBox

from workbench.book.lock import current_holder, lock_path
from workbench.book.project import Project


def test_a_project_open_elsewhere_warns_and_can_be_declined_or_opened(
    make_window, novel, dialogs, monkeypatch, tmp_path
):
    # Another Workbench: its command line is an installed `workbench` (python …/bin/workbench).
    script = tmp_path / "bin" / "workbench"
    script.parent.mkdir()
    script.write_text("import time\ntime.sleep(60)\n", encoding="utf-8")
    other = subprocess.Popen([sys.executable, str(script)])
    try:
        project = Project.open(novel)
        lock_path(project).parent.mkdir(parents=True, exist_ok=True)
        data = {"host": socket.gethostname(), "pid": other.pid, "since": "2026-12-01T09:00:00"}
        lock_path(project).write_text(json.dumps(data), encoding="utf-8")
        window = make_window()
        assert not window.open_project(novel)  # the scripted warning answers Ok: not Open
        kind, _title, text = dialogs.asked[-1]
        assert kind == "warning" and str(other.pid) in text and socket.gethostname() in text
        assert window.project is None
        assert current_holder(project).pid == other.pid
        monkeypatch.setattr(QMessageBox, "warning", lambda *a, **k: QMessageBox.StandardButton.Open)
        assert window.open_project(novel)
        assert current_holder(project).is_this_process()
        window.shut_down()
        assert current_holder(project) is None
    finally:
        other.kill()
        other.wait()
