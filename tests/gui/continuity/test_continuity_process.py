"""The continuity check runs in the guard's child process (gui/child_process.py serving
worker.py's ChapterChecker): what is saved while the window is open is what the child checks
next, a window closed mid-check leaves no child behind, the child never imports Qt, and a
check writes nothing into the project's `.workbench/`."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

from real_input import shortcut
from test_child_process import gone
from test_continuity_gui import DRIFT, checked, listed, open_chapter_12, type_keys_at_end

from workbench.gui.child_process import ServingProcess
from workbench.gui.continuity.messages import CheckRequest, FilesChanged
from workbench.gui.continuity.view import CHECKER

WAIT_MS = 30_000


def test_a_chapter_changed_on_disk_at_the_same_size_and_mtime_is_checked_afresh(qtbot, window):
    editor = open_chapter_12(qtbot, window)
    checked(qtbot, window)
    assert listed(window) == []
    # Another program puts the drifted name in place of one 沈青棠: the same number of bytes,
    # and it keeps the file's mtime (as `cp -p` or a sync tool does). Only the watcher's report,
    # passed on to the child, says the file's cached text is stale.
    path = editor.path
    before = path.stat()
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("沈青棠", DRIFT, 1), encoding="utf-8")
    os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns))
    assert path.stat().st_size == before.st_size
    qtbot.waitUntil(lambda: DRIFT in editor.text(), timeout=WAIT_MS)  # reloaded
    qtbot.waitUntil(lambda: DRIFT in "".join(listed(window)), timeout=WAIT_MS)
    assert not editor.is_modified()  # checked from the file, not from a buffer


def test_a_saved_chapter_is_what_the_child_checks_next(qtbot, window):
    editor = open_chapter_12(qtbot, window)
    type_keys_at_end(editor, f"{DRIFT}点头。")
    checked(qtbot, window)
    asked = window.continuity.refresher.latest_id
    shortcut(editor.text_edit, "Ctrl+S")
    assert not editor.is_modified() and editor.path not in window.tabs.unsaved_buffers()
    qtbot.waitUntil(lambda: window.continuity.refresher.latest_id > asked, timeout=WAIT_MS)
    checked(qtbot, window)  # the check after the save: ch012.md read from disk by the child
    assert DRIFT in "".join(listed(window))


def test_closing_the_window_mid_check_leaves_no_child(qtbot, window):
    editor = open_chapter_12(qtbot, window)
    checked(qtbot, window)
    guard = window.continuity
    pid = guard.refresher.child_pid()
    assert pid is not None and pid != os.getpid()
    type_keys_at_end(editor, f"{DRIFT}点头。")
    qtbot.waitUntil(guard.refresher.is_busy, timeout=WAIT_MS)  # a check asked for
    window.shut_down()
    assert gone(pid)
    assert not guard.refresher.is_alive()


def test_the_child_imports_no_qt():
    script = (
        "import sys, workbench.gui.serving_child, workbench.gui.continuity.worker\n"
        "print([m for m in sys.modules if m.startswith(('PySide6', 'shiboken'))])\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True
    )
    assert done.stdout.strip() == "[]"


def snapshot(folder: Path) -> dict[str, bytes]:
    if not folder.exists():
        return {}
    return {
        str(path.relative_to(folder)): path.read_bytes()
        for path in sorted(folder.rglob("*"))
        if path.is_file()
    }


def test_a_check_in_the_child_writes_nothing_into_the_project(qtbot, qapp, novel):
    state = novel / ".workbench"
    before = snapshot(state)
    process = ServingProcess("checker", CHECKER)
    results = []
    process.answered.connect(results.append)
    try:
        chapter = novel / "chapters" / "ch012.md"
        typed = chapter.read_text(encoding="utf-8") + f"\n{DRIFT}点头。\n"
        process.request(CheckRequest(novel, 12, {chapter: typed}))
        qtbot.waitUntil(lambda: not process.is_busy(), timeout=WAIT_MS)
        process.tell(FilesChanged(frozenset({chapter})))
        process.request(CheckRequest(novel, 12, {}))
        qtbot.waitUntil(lambda: not process.is_busy(), timeout=WAIT_MS)
    finally:
        process.shut_down()
    [typed_check, saved_check] = results
    assert [f.text for f in typed_check.findings] == [DRIFT] and not typed_check.error
    assert saved_check.findings == [] and saved_check.path == chapter
    assert snapshot(state) == before


def test_a_killed_checker_is_said_and_started_again(qtbot, window):
    open_chapter_12(qtbot, window)
    checked(qtbot, window)
    guard = window.continuity
    pid = guard.refresher.child_pid()
    os.kill(pid, signal.SIGKILL)
    said = "连续性检查进程意外停止（退出码 -9），已重新启动。"
    qtbot.waitUntil(lambda: window.status.currentMessage() == said, timeout=WAIT_MS)
    qtbot.waitUntil(lambda: guard.refresher.child_pid() not in (None, pid), timeout=WAIT_MS)
    checked(qtbot, window)  # the chapter checked again by the new child
    assert listed(window) == [] and not guard.result.error
