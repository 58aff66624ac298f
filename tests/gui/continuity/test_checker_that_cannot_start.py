"""A continuity checker whose process dies again as it restarts (a broken install, no memory):
the 连续性 list says the chapter is not checked, its underlines go, the status bar says the
first stop once, and typing starts no process until a wait that grows has passed; once the
process can start again, the chapter is checked as before. One kill alone is
test_continuity_process.py's: restarted at once."""

from __future__ import annotations

import os
import signal

from checker_that_dies import EXIT_CODE, FLAG
from panel_wait import settled
from PySide6.QtWidgets import QLabel
from test_continuity_gui import DRIFT, checked, listed, open_chapter_12, type_keys_at_end, wavy

from workbench.gui.continuity import view

WAIT_MS = 30_000
RESTARTED = "连续性检查进程意外停止（退出码 -9），已重新启动。"
STOPPED = f"连续性检查无法启动（退出码 {EXIT_CODE}），本章未检查。"


def test_a_checker_that_cannot_start_is_said_and_tried_again_after_a_growing_wait(
    qtbot, make_window, novel, tmp_path, monkeypatch
):
    flag = tmp_path / "checker-dies"
    monkeypatch.setenv(FLAG, str(flag))
    monkeypatch.setattr(view, "CHECKER", "checker_that_dies:CheckerThatDies")
    monkeypatch.setattr(view, "RETRY_AFTER_S", (1.0, 2.0))
    window = make_window()
    assert window.open_project(novel)
    window.docks.build_all()
    said: list[str] = []
    window.status.messageChanged.connect(said.append)
    title = window.context_panel.findChild(QLabel, "continuityTitle")
    guard = window.continuity
    editor = open_chapter_12(qtbot, window)
    type_keys_at_end(editor, f"{DRIFT}点头。")
    qtbot.waitUntil(lambda: wavy(editor) == [DRIFT], timeout=WAIT_MS)
    assert DRIFT in "".join(listed(window))

    flag.touch()  # every checker started from now on exits as it starts
    os.kill(guard.refresher.child_pid(), signal.SIGKILL)
    qtbot.waitUntil(lambda: title.text() == STOPPED, timeout=WAIT_MS)
    assert listed(window) == [] and wavy(editor) == []
    assert guard.retry.isActive() and guard.retry.interval() == 1000

    # Typing while it waits asks the dead checker nothing and starts no process.
    asked = guard.refresher.latest_id
    type_keys_at_end(editor, "众人默然。")
    settled(qtbot, window.context_panel)
    assert guard.refresher.latest_id == asked and guard.refresher.child_pid() is None
    assert title.text() == STOPPED

    # The wait over, it is tried once; dead again, the next wait is longer.
    qtbot.waitUntil(lambda: guard.refresher.latest_id == asked + 1, timeout=WAIT_MS)
    qtbot.waitUntil(lambda: guard.retry.isActive(), timeout=WAIT_MS)
    assert guard.retry.interval() == 2000 and title.text() == STOPPED

    flag.unlink()  # it can start again: the next try checks the chapter as typed
    qtbot.waitUntil(lambda: DRIFT in "".join(listed(window)), timeout=WAIT_MS)
    checked(qtbot, window)
    assert wavy(editor) == [DRIFT] and not guard.retry.isActive()
    assert title.text().startswith("连续性") and STOPPED not in title.text()
    assert [message for message in said if "连续性检查" in message] == [RESTARTED]
