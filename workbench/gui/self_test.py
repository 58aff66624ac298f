"""The window part of `workbench self-test`: the app starts, summarises in its child process, quits.

It goes the way an author's session goes — the main window on a project, a rolling summary
queued as saving chapter 5 would queue it (so the summary runs in the spawned child process,
which is what a frozen bundle most often gets wrong), then the window closed and the event
loop left — and reports what it saw.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication

from workbench.book.layout import Role
from workbench.book.project import Project
from workbench.errors import WorkbenchError
from workbench.gui.app import app_icon, create_window
from workbench.settings import Settings
from workbench.summaries.jobs import SummaryJob

LANGUAGE = "zh_CN"
JOB = SummaryJob(1, 5)


class WindowCheckFailed(WorkbenchError):
    """The window did not start, summarise or quit as it should; the message says which."""


def check_window(project_root: Path, timeout_s: float) -> str:
    """Run the window on `project_root` and regenerate Ch1-5 there; what happened, or raise."""
    try:  # here, not in the window: its message box would wait for a click no one makes
        Project.open(project_root)
    except WorkbenchError as error:
        raise WindowCheckFailed(f"no project to open: {error}") from error
    app = QApplication.instance() or QApplication(["workbench"])
    if app_icon().isNull():
        raise WindowCheckFailed("the application icon is missing")
    window = create_window(Settings(ui_language=LANGUAGE))
    outcome: list[str] = []

    def finish(result: str) -> None:
        outcome.append(result)
        window.close()

    window.summaries.done.connect(lambda _job_id, label: finish(f"done {label}"))
    window.summaries.failed.connect(lambda _job_id, label, why: finish(f"failed {label}: {why}"))
    timer = QTimer(singleShot=True, interval=int(timeout_s * 1000))
    timer.timeout.connect(lambda: finish(f"no answer in {timeout_s:.0f} s"))
    try:  # whatever fails, the window's threads are stopped before it goes
        if window.language.current != LANGUAGE:
            raise WindowCheckFailed(f"the {LANGUAGE} translation did not load (see the log)")
        window.show()
        if not window.open_project(project_root):
            raise WindowCheckFailed(f"the window could not open {project_root}")
        summary = window.project.role_path(Role.ROLLING_SUMMARY)
        before = summary.read_bytes()
        window.summaries.submit(JOB)
        timer.start()
        app.exec()
    finally:
        timer.stop()
        window.shut_down()
    if outcome[:1] != [f"done {JOB.label}"]:
        raise WindowCheckFailed(f"summary {JOB.label}: {outcome[0] if outcome else 'no outcome'}")
    if summary.read_bytes() == before:
        raise WindowCheckFailed(f"summary {JOB.label} reported done but {summary} is unchanged")
    if window.isVisible():
        raise WindowCheckFailed("the window did not close")
    return (
        f"{LANGUAGE} UI, {JOB.label} regenerated in the summary process and written, window closed"
    )
