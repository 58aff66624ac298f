"""Rolling summaries in the background: a queue whose jobs run one at a time on a
`Background` worker, results on the GUI thread.

The worker hands each job to a child process (summary_process: the summariser's GIL
hold and memory stay out of the app) that opens its own copy of the project with a copy of
the settings, and waits for it; writing the section back happens on the GUI thread, and only while
`references/rolling-summary.md` is not open with unsaved edits — otherwise the result waits
until the author saves or discards them.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QObject, Signal

from workbench.backend_choice import backend_name
from workbench.backends import backend_named
from workbench.book.project import Project
from workbench.errors import WorkbenchError
from workbench.gui.background import Background, Job
from workbench.gui.summaries.job_words import job_title
from workbench.jobs import BackgroundJob, job_key, job_target, write_job
from workbench.settings import Settings
from workbench.summaries.errors import SummaryCancelled
from workbench.summaries.jobs import SummaryJob, jobs_for_saved_chapter

log = logging.getLogger(__name__)


@dataclass
class _Entry:
    """One job in the queue, with what the worker needs to run it."""

    job_id: int
    job: BackgroundJob
    root: Path
    settings: Settings
    work_id: int = 0  # its job on the worker, once it runs
    stale: bool = False  # stopped (cancelled or superseded) while it ran
    section: str = ""


def _generate(job: Job, entry: _Entry) -> str | None:
    """Generate one summary in a child process (None: it was cancelled); progress lines are
    reported as they come."""
    # The process code (multiprocessing) loads with the first job, not for the first paint.
    from workbench.gui.summary_process import generate_in_process

    try:
        return generate_in_process(
            entry.root, entry.job, entry.settings, cancel=job.cancel, on_progress=job.report
        )
    except SummaryCancelled:
        return None


class SummaryQueue(QObject):
    """The GUI side: queues jobs, drops stale ones, writes results back when it is safe."""

    queued = Signal(int, str)  # job id, range label ("Ch6-10")
    running = Signal(int, str)
    progress = Signal(int, object)  # job id, latest progress (a Reason: its code reaches the UI)
    waiting = Signal(int, str)  # generated; held until rolling-summary.md has no unsaved edits
    done = Signal(int, str)
    failed = Signal(int, str, object)  # job id, label, reason (a Reason: said by its code)
    cancelled = Signal(int, str)
    # A range after one that failed: it waits for that range (job id, label, failed label)
    # instead of running and failing for want of the summary before it.
    blocked = Signal(int, str, str)
    resumed = Signal(int, str)  # a blocked job queued again: the range it waited for is made
    changed = Signal()  # any of the above: the status text may differ

    def __init__(self, settings: Settings, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.settings = settings
        self.project: Project | None = None
        self._next_id = 0
        self._pending: list[_Entry] = []
        self._running: _Entry | None = None
        self._held: dict[tuple, _Entry] = {}
        self._blocked: list[tuple[_Entry, tuple]] = []  # (entry, key of the job it waits for)
        self._write_blocked: Callable[[Path], bool] = _never_blocked
        self.worker = Background("summary-worker", parent=self)
        self.worker.started.connect(self._on_running)
        self.worker.progress.connect(self._on_progress)
        self.worker.delivered.connect(self._on_generated)
        self.worker.failed.connect(self._on_failed)
        self.worker.dropped.connect(self._on_dropped)

    # --- configuration -----------------------------------------------------------------

    def set_project(self, project: Project | None) -> None:
        """Work for `project`; jobs of a previous project are cancelled."""
        self.cancel_all()
        self.project = project

    def set_settings(self, settings: Settings) -> None:
        """Use these settings for jobs queued from now on."""
        self.settings = settings

    def set_write_guard(self, blocked: Callable[[Path], bool]) -> None:
        """`blocked(path)` is asked on the GUI thread before writing a result to `path`."""
        self._write_blocked = blocked

    # --- queueing ----------------------------------------------------------------------

    def jobs_for_saved_chapter(self, chapter: int) -> list[SummaryJob]:
        """The summary jobs that saving `chapter` calls for (nothing is queued)."""
        if self.project is None:
            return []
        try:
            return jobs_for_saved_chapter(self.project, chapter)
        except WorkbenchError as error:
            log.warning("cannot work out summary jobs for chapter %d: %s", chapter, error)
            return []

    def uses_remote_backend(self) -> bool:
        """Whether jobs queued now would call a model endpoint (paid work) rather than run
        the offline summariser."""
        if self.project is None:
            return False
        try:
            chosen = backend_name(self.project, settings=self.settings)
            return backend_named(chosen).uses_endpoint
        except WorkbenchError:
            return False  # a misconfigured backend fails each job with the reason

    def cancel(self, job_id: int) -> bool:
        """Cancel one job: a queued one is dropped, a running one is stopped (its child
        process ends and nothing is written), a generated one waiting to be written is
        discarded. False when the job is no longer anywhere."""
        for entry in self._pending:
            if entry.job_id == job_id:
                self._pending.remove(entry)
                self.cancelled.emit(job_id, entry.job.label)
                self.changed.emit()
                return True
        running = self._running
        if running and running.job_id == job_id and not running.stale:
            self._stop(running)
            self.changed.emit()
            return True
        for key, entry in list(self._held.items()):
            if entry.job_id == job_id:
                del self._held[key]
                self.cancelled.emit(job_id, entry.job.label)
                self.changed.emit()
                return True
        for entry, blocker in self._blocked:
            if entry.job_id == job_id:
                self._blocked.remove((entry, blocker))
                self.cancelled.emit(job_id, entry.job.label)
                self.changed.emit()
                return True
        return False

    def submit(self, job: BackgroundJob) -> int:
        """Queue one job; the same work queued or running already is superseded."""
        assert self.project is not None, "no project"
        key = job_key(job)
        for entry in [e for e in self._pending if job_key(e.job) == key]:
            self._pending.remove(entry)
            self.cancelled.emit(entry.job_id, entry.job.label)
        for entry, blocker in [b for b in self._blocked if job_key(b[0].job) == key]:
            self._blocked.remove((entry, blocker))
            self.cancelled.emit(entry.job_id, entry.job.label)
        running = self._running
        if running and job_key(running.job) == key and not running.stale:
            self._stop(running)
        self._held.pop(key, None)
        self._next_id += 1
        entry = _Entry(self._next_id, job, self.project.root, self.settings.model_copy(deep=True))
        self._pending.append(entry)
        self.queued.emit(entry.job_id, job.label)
        self.changed.emit()
        self._start_next()
        return entry.job_id

    def _start_next(self) -> None:
        if self._running is not None or not self._pending:
            return
        self._running = self._pending.pop(0)
        self._running.work_id = self.worker.submit(_generate, self._running)

    def _stop(self, running: _Entry) -> None:
        """Stop the running job: its child process ends, its outcome is dropped."""
        running.stale = True
        self.worker.cancel(running.work_id)
        self.cancelled.emit(running.job_id, running.job.label)

    def is_idle(self) -> bool:
        """Nothing queued, running or waiting to be written (a job blocked by a failed
        range waits for the author, not for the queue)."""
        return self._running is None and not self._pending and not self._held

    # --- results (GUI thread) ----------------------------------------------------------

    # The worker runs one entry at a time (the running one) and drops a stopped one's
    # outcome, so each signal below is about `_running`; work ids only confirm it.

    def _entry(self, work_id: int) -> _Entry | None:
        running = self._running
        return running if running and running.work_id == work_id else None

    def _on_running(self, work_id: int) -> None:
        entry = self._entry(work_id)
        if entry:
            self.running.emit(entry.job_id, entry.job.label)
            self.changed.emit()

    def _on_progress(self, work_id: int, text: str) -> None:
        entry = self._entry(work_id)
        if entry:
            self.progress.emit(entry.job_id, text)

    def _finish(self) -> _Entry | None:
        """Free the worker for the next job; the entry that ran."""
        entry, self._running = self._running, None
        self._start_next()
        return entry

    def _on_generated(self, section: str | None) -> None:
        entry = self._finish()
        if entry is None:
            return
        if section is None:  # the child process said it was cancelled
            self.cancelled.emit(entry.job_id, entry.job.label)
            self.changed.emit()
            return
        entry.section = section
        self._held[job_key(entry.job)] = entry
        self.write_held()

    def _on_failed(self, work_id: int, reason: object) -> None:
        failed = self._entry(work_id)
        if failed is not None and not failed.stale:
            self._hold_back_after(failed)
        entry = self._finish()
        if entry:
            log.warning("summary %s failed: %s", entry.job.label, reason)
            self.failed.emit(entry.job_id, entry.job.label, reason)
        self.changed.emit()

    def _hold_back_after(self, failed: _Entry) -> None:
        """Each rolling summary is made from the one before it: the queued ranges after a
        failed one would each fail for want of it. They wait, and run once it is made."""
        if not isinstance(failed.job, SummaryJob):
            return
        end = failed.job.end
        later = [e for e in self._pending if isinstance(e.job, SummaryJob) and e.job.start > end]
        for entry in later:
            self._pending.remove(entry)
            self._blocked.append((entry, job_key(failed.job)))
            self.blocked.emit(entry.job_id, entry.job.label, failed.job.label)

    def _release_blocked(self, key: tuple) -> None:
        """The range the blocked jobs waited for is written: queue them again, in order."""
        ready = [entry for entry, blocker in self._blocked if blocker == key]
        self._blocked = [(e, blocker) for e, blocker in self._blocked if blocker != key]
        for entry in ready:
            self._pending.append(entry)
            self.resumed.emit(entry.job_id, entry.job.label)
        self._start_next()

    def _on_dropped(self, _work_id: int) -> None:
        self._finish()  # a stopped job: its cancel was said when it was stopped
        self.changed.emit()

    def write_held(self) -> int:
        """Write every generated result that is waiting, where the author's edits allow it now
        (a result whose file is open with unsaved edits keeps waiting)."""
        if not self._held or self.project is None:
            return 0
        written = 0
        for key in sorted(self._held):
            entry = self._held[key]
            if self._write_blocked(job_target(self.project, entry.job)):
                self.waiting.emit(entry.job_id, entry.job.label)
                continue
            del self._held[key]
            try:
                write_job(self.project, entry.job, entry.section)
            except WorkbenchError as error:
                self.failed.emit(entry.job_id, entry.job.label, error.message)
                continue
            written += 1
            self.done.emit(entry.job_id, entry.job.label)
            self._release_blocked(key)
        self.changed.emit()
        return written

    # --- status and shutdown -----------------------------------------------------------

    def describe(self) -> str:
        """One line for the status bar (empty when there is nothing to say)."""
        if self._held:
            held = list(self._held.values())
            files = sorted({job_target(self.project, e.job).name for e in held})
            return (
                self.tr("%1 ready; waiting for %2 to be saved")
                .replace("%1", ", ".join(job_title(e.job.label) for e in held))
                .replace("%2", ", ".join(files))
            )
        if self._running:
            text = self.tr("Working on %1").replace("%1", job_title(self._running.job.label))
        elif self._pending:
            text = self.tr("%1 queued").replace("%1", job_title(self._pending[0].job.label))
        else:
            return ""
        if self._pending and self._running:
            text += self.tr(" (%1 more queued)").replace("%1", str(len(self._pending)))
        return text

    def cancel_all(self) -> None:
        """Drop queued and held jobs and ask the running one to stop."""
        for entry in self._pending:
            self.cancelled.emit(entry.job_id, entry.job.label)
        for entry, _blocker in self._blocked:
            self.cancelled.emit(entry.job_id, entry.job.label)
        self._pending.clear()
        self._held.clear()
        self._blocked.clear()
        running = self._running
        if running and not running.stale:
            self._stop(running)
        self.changed.emit()

    def shut_down(self) -> None:
        """Cancel everything, stop the worker thread and wait for it."""
        self.cancel_all()
        self.worker.shut_down()


def _never_blocked(_path: Path) -> bool:
    return False
