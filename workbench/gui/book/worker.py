"""The 全书 views' snapshots on a worker thread: only the newest request's result is
delivered; requests made while one runs collapse into the latest."""

from __future__ import annotations

import logging
from dataclasses import dataclass

from PySide6.QtCore import QObject, QThread, Signal, Slot

from workbench.book.project import Project
from workbench.gui.book.snapshot import BookSnapshot, take_snapshot

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class _Job:
    job_id: int
    project: Project
    chapter: int


class _Taker(QObject):
    """Lives on the worker thread."""

    taken = Signal(object)  # BookSnapshot

    @Slot(object)
    def take(self, job: _Job) -> None:
        """Take one snapshot; a bug becomes the snapshot's problem, never kills the thread."""
        try:
            snapshot = take_snapshot(job.job_id, job.project, job.chapter)
        except Exception as error:  # a bug: shown in the panel, logged with its trace
            log.exception("book snapshot for chapter %d crashed", job.chapter)
            problem = f"{type(error).__name__}: {error}"
            snapshot = BookSnapshot(
                job.job_id, job.chapter, None, None, (), 30, None, 0, (problem,)
            )
        self.taken.emit(snapshot)


class SnapshotWorker(QObject):
    """The GUI side: numbers requests, runs the newest, delivers only the newest result."""

    delivered = Signal(object)  # BookSnapshot
    _dispatch = Signal(object)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.latest_id = 0
        self._running = False
        self._waiting: _Job | None = None
        self.thread_ = QThread(self)
        self.thread_.setObjectName("book-snapshot-worker")
        self._taker = _Taker()
        self._taker.moveToThread(self.thread_)
        self.thread_.finished.connect(self._taker.deleteLater)
        self._dispatch.connect(self._taker.take)
        self._taker.taken.connect(self._on_taken)
        self.thread_.start()

    def request(self, project: Project, chapter: int) -> int:
        """Ask for a snapshot; returns its job id."""
        self.latest_id += 1
        job = _Job(self.latest_id, project, chapter)
        if self._running:
            self._waiting = job
        else:
            self._start(job)
        return job.job_id

    def is_busy(self) -> bool:
        return self._running or self._waiting is not None

    def _start(self, job: _Job) -> None:
        self._running = True
        self._dispatch.emit(job)

    def _on_taken(self, snapshot: BookSnapshot) -> None:
        self._running = False
        if self._waiting is not None:
            job, self._waiting = self._waiting, None
            self._start(job)
        if snapshot.job_id == self.latest_id:
            self.delivered.emit(snapshot)

    def forget(self) -> None:
        """Drop every result still to come (the project closed)."""
        self.latest_id += 1
        self._waiting = None

    def shut_down(self) -> None:
        """Stop the worker thread and wait for it (a running snapshot finishes first)."""
        self.forget()
        self.thread_.quit()
        self.thread_.wait()
