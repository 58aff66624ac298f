"""Continuity checks for the app, run on a worker thread over copies of the unsaved text.

The GUI thread hands over the project, a chapter and the unsaved buffers (plain strings) and
goes on; the worker checks that chapter through a read-only view (`Project.with_buffers`) and
sends back a `ContinuityResult`. As with the context panel's feeds, only the newest request's
result is delivered, and while one check runs only the latest waiting request runs next.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from pathlib import Path

from PySide6.QtCore import QObject, QThread, Signal, Slot

from workbench.book.project import Project
from workbench.continuity.findings import Finding
from workbench.continuity.guard import BookGuard
from workbench.errors import WorkbenchError

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class _Job:
    job_id: int
    project: Project
    chapter: int
    buffers: dict[Path, str]


@dataclass
class ContinuityResult:
    """A chapter's findings, the file and the exact text they were found in."""

    job_id: int
    chapter: int
    path: Path | None = None
    text: str = ""
    findings: list[Finding] = field(default_factory=list)
    error: str = ""


def check_chapter(job: _Job) -> ContinuityResult:
    """The chapter's findings over the job's buffers; an error becomes the result's message."""
    result = ContinuityResult(job.job_id, job.chapter)
    view = job.project.with_buffers(job.buffers)
    ref = view.chapter(job.chapter)
    if ref is None:
        return result
    try:
        result.path = ref.path
        result.text = view.read(ref.path).text
        result.findings = BookGuard.of(view).check(job.chapter)
    except (WorkbenchError, OSError) as error:
        result.error = str(error)
    return result


class _Checker(QObject):
    """Lives on the worker thread; checks one chapter at a time."""

    checked = Signal(object)  # ContinuityResult

    @Slot(object)
    def check(self, job: _Job) -> None:
        """Check and report; a bug is reported as the result's error, never kills the thread."""
        try:
            result = check_chapter(job)
        except Exception as error:  # a bug: shown under the list, logged with its trace
            log.exception("continuity check of chapter %d crashed", job.chapter)
            result = ContinuityResult(
                job.job_id, job.chapter, error=f"{type(error).__name__}: {error}"
            )
        self.checked.emit(result)


class ContinuityRefresher(QObject):
    """The GUI side: numbers requests, runs the newest, delivers only the newest result."""

    delivered = Signal(object)  # ContinuityResult of the newest request
    _dispatch = Signal(object)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.latest_id = 0
        self._running: int | None = None
        self._waiting: _Job | None = None
        self.worker_thread = QThread(self)
        self.worker_thread.setObjectName("continuity-worker")
        self._checker = _Checker()
        self._checker.moveToThread(self.worker_thread)
        self.worker_thread.finished.connect(self._checker.deleteLater)
        self._dispatch.connect(self._checker.check)
        self._checker.checked.connect(self._on_checked)
        self.worker_thread.start()

    def request(self, project: Project, chapter: int, buffers: dict[Path, str]) -> int:
        """Ask for chapter N's findings; returns the job id. `buffers` must be copies."""
        self.latest_id += 1
        job = _Job(self.latest_id, project, chapter, dict(buffers))
        if self._running is None:
            self._running = job.job_id
            self._dispatch.emit(job)
        else:
            self._waiting = job
        return job.job_id

    def is_busy(self) -> bool:
        """Whether a check is running or waiting."""
        return self._running is not None or self._waiting is not None

    def _on_checked(self, result: ContinuityResult) -> None:
        self._running = None
        if self._waiting is not None:
            job, self._waiting = self._waiting, None
            self._running = job.job_id
            self._dispatch.emit(job)
        if result.job_id == self.latest_id:
            self.delivered.emit(result)

    def forget(self) -> None:
        """Drop every result still to come (the project closed)."""
        self.latest_id += 1
        self._waiting = None

    def shutdown(self) -> None:
        """Stop the worker thread and wait for it (the running check finishes first)."""
        self.forget()
        self.worker_thread.quit()
        self.worker_thread.wait()
