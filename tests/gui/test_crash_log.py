"""A crash leaves a trace: a child app killed by a native fault leaves a crash log with the
stack of every thread in the user's Workbench folder; the next start says the app crashed,
where the log is, and offers the unsaved text. The 意外错误 box fits the screen and copies
its details."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import real_input
from PySide6.QtWidgets import QApplication, QDialog, QMessageBox

from workbench.gui import crash_dialog
from workbench.gui.app import start_app
from workbench.gui.crash_log import CRASH_DIR, CrashLog

CHILD = Path(__file__).with_name("crash_child.py")
Button = QMessageBox.StandardButton


def crash_a_child_app(project: Path, config: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "WORKBENCH_CONFIG_DIR": str(config), "QT_QPA_PLATFORM": "offscreen"}
    return subprocess.run(
        [sys.executable, str(CHILD), str(project)],
        env=env,
        cwd=CHILD.parent,
        capture_output=True,
        text=True,
        timeout=180,
    )


def test_a_native_crash_leaves_a_log_and_the_next_start_offers_it(
    sample_copy: Path, user_config_dir: Path, dialogs, qapp
) -> None:
    result = crash_a_child_app(sample_copy, user_config_dir)
    assert result.returncode == -signal.SIGSEGV, result.stderr[-2000:]
    [running] = (user_config_dir / CRASH_DIR).glob("running-*.log")
    log_text = running.read_text("utf-8")
    assert "Fatal Python error: Segmentation fault" in log_text
    # Every thread's Python stack: the faulting one ("Current thread") and the helper it
    # started ("Thread"; the open's own threads wait for the first paint, not yet come).
    assert log_text.count("Thread 0x") >= 1 and "Current thread 0x" in log_text
    assert "fault_in_the_event_loop" in log_text and "crash_child.py" in log_text

    dialogs.answer(Button.No)  # the recovery question: decide later
    started = start_app(str(sample_copy))
    try:
        [kept] = started.crash_log.previous
        assert kept.name.startswith("crash-") and kept.read_text("utf-8") == log_text
        assert not running.exists()
        kind, title, text = dialogs.asked[0]
        assert kind == "warning" and "崩溃" in title
        assert str(kept) in text
        recovery = dialogs.asked[1]
        assert recovery[0] == "question" and "chapters/ch001.md" in recovery[2]
    finally:
        started.stop()
        started.window.close()
        started.window.deleteLater()
    # This run ended cleanly: its log is gone, the crashed run's is kept.
    assert sorted(p.name for p in (user_config_dir / CRASH_DIR).iterdir()) == [kept.name]


def test_a_run_killed_without_a_fault_leaves_no_crash_notice(user_config_dir: Path) -> None:
    folder = user_config_dir / CRASH_DIR
    folder.mkdir()
    script = "import os; print(os.getpid())"
    gone = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    (folder / f"running-{gone.stdout.strip()}.log").write_text("", "utf-8")
    crash_log = CrashLog().start()
    try:
        assert crash_log.previous == []
        assert [p.name for p in folder.iterdir()] == [crash_log.path.name]
    finally:
        crash_log.stop()


def test_the_error_box_fits_the_screen_and_copies_its_details(window) -> None:
    summary = "RecursionError: " + "Error calling Python override of QTextEdit::event(): " * 400
    details = "Traceback (most recent call last):\n" + '  File "x.py", line 1, in event\n' * 3000
    box = crash_dialog.show_crash(window, summary, details, 2)
    QApplication.processEvents()
    room = box.screen().availableGeometry()
    assert box.frameGeometry().height() <= room.height()
    assert box.frameGeometry().width() <= room.width()
    assert not box.details.isVisible() and len(box.message.text()) < 700
    real_input.click(box.toggle)
    QApplication.processEvents()
    assert box.details.isVisible() and box.frameGeometry().height() <= room.height()
    real_input.click(box.copy)
    assert QApplication.clipboard().text() == details
    assert box.isVisible(), "copying closed the box"
    again = crash_dialog.show_crash(window, "ValueError: second", "second trace", 0)
    assert again is box and "second trace" in box.details.toPlainText()
    finished: list[int] = []
    box.finished.connect(finished.append)
    real_input.click(box.ok)
    assert finished == [QDialog.DialogCode.Accepted]
