"""When rolling summaries are queued and how the author is asked: the policy the window used to
carry. A saved chapter at a five-chapter boundary queues its jobs; more than one range, or any
job for a paid model endpoint, asks first (how many, an upper token estimate); regenerating a
section written by hand asks before replacing it. The queue itself is gui/summary_worker.py."""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QWidget

from workbench.book.project import Project
from workbench.errors import WorkbenchError
from workbench.gui import prompts
from workbench.gui.engine_words import engine_text
from workbench.gui.summaries.dialog import SummaryJobsDialog
from workbench.gui.summaries.model import SummaryJobsModel
from workbench.gui.summary_worker import SummaryQueue
from workbench.summaries.jobs import (
    FixedContextJob,
    SummaryJob,
    SummaryRange,
    estimated_tokens,
    summary_ranges,
)
from workbench.upkeep.jobs import is_upkeep_label


class SummaryPolicy(QObject):
    """Queues summary jobs for the open project, asking the author where the policy says."""

    statusMessage = Signal(str)
    statusChanged = Signal(str)  # the queue as the status bar shows it
    # A saved chapter: its number, the summary ranges (start, end) saving it called for, and
    # whether they were queued (False: the author declined). Upkeep runs with them.
    chapterSaved = Signal(int, object, bool)

    def __init__(self, queue: SummaryQueue, parent: QWidget) -> None:
        super().__init__(parent)
        self.parent_widget = parent  # the questions' parent
        self.queue = queue
        self.project: Project | None = None
        self.jobs_model = SummaryJobsModel(queue, parent)
        self.jobs_dialog = SummaryJobsDialog(self.jobs_model, parent)
        self.jobs_dialog.cancelRequested.connect(queue.cancel)
        self.jobs_dialog.regenerateRequested.connect(self.regenerate)
        queue.changed.connect(self._status)
        queue.failed.connect(self._failed)
        queue.done.connect(self._done)

    def set_project(self, project: Project | None) -> None:
        """The project whose summaries are queued (the jobs listed were the last book's)."""
        if project is not self.project:
            self.jobs_model.clear()
        self.project = project

    def chapter_saved(self, chapter: int) -> list[int]:
        """Saving chapter N queues the jobs it calls for (asking first where it must)."""
        jobs = self.queue.jobs_for_saved_chapter(chapter)
        queued = self.submit(jobs, self.tr("Saving chapter %1").replace("%1", str(chapter)))
        self.chapterSaved.emit(chapter, [(job.start, job.end) for job in jobs], bool(queued))
        return queued

    def submit(self, jobs: list[SummaryJob], why: str) -> list[int]:
        """Queue summary jobs, asking first for more than one or for any paid (model
        endpoint) job; returns the ids queued ([] when the author said no)."""
        if not jobs or self.project is None:
            return []
        remote = self.queue.uses_remote_backend()
        if len(jobs) > 1 or remote:
            try:
                tokens = estimated_tokens(self.project, jobs) if remote else None
            except (OSError, WorkbenchError) as error:  # a chapter the estimate reads is broken
                self.statusMessage.emit(
                    self.tr("Rolling summaries not queued: %1").replace("%1", str(error))
                )
                return []
            labels = [job.label for job in jobs]
            if not prompts.ask_queue_summaries(self.parent_widget, why, labels, tokens):
                self.statusMessage.emit(
                    self.tr(
                        "%1 rolling summaries not queued; Feed ▸ Summary jobs queues them"
                    ).replace("%1", str(len(jobs)))
                )
                return []
        return [self.queue.submit(job) for job in jobs]

    def regenerate(self, start: int, end: int) -> list[int]:
        """重新生成 one range of the rolling summary (asking first for a section written by
        hand, which it replaces, or for a paid job)."""
        if self.project is None:
            return []
        job = SummaryJob(start, end)
        try:
            ranges = summary_ranges(self.project)
        except (OSError, WorkbenchError) as error:  # nothing is written to a file it cannot read
            prompts.show_problem(
                self.parent_widget,
                self.tr("Cannot regenerate %1").replace("%1", job.label),
                str(error),
            )
            return []
        hand_written = next(
            (r.hand_written for r in ranges if (r.start, r.end) == (start, end)), False
        )
        if hand_written and not prompts.ask_replace_hand_written(self.parent_widget, job.label):
            return []
        return self.submit([job], self.tr("Regenerating %1").replace("%1", job.label))

    def ranges(self) -> list[SummaryRange]:
        """The rolling-summary file's sections: which were written by hand, which are stale
        (none, with the reason in the status bar, when the file cannot be read)."""
        if self.project is None:
            return []
        try:
            return summary_ranges(self.project)
        except (OSError, WorkbenchError) as error:
            self.statusMessage.emit(
                self.tr("Cannot read the rolling summaries: %1").replace("%1", str(error))
            )
            return []

    def open_jobs(self) -> SummaryJobsDialog:
        """Show Feed ▸ Summary jobs (the queue, cancel, regenerate a range)."""
        self.jobs_dialog.set_sections(self.ranges())
        self.jobs_dialog.show()
        self.jobs_dialog.raise_()
        return self.jobs_dialog

    def retranslate(self) -> None:
        """The dialog and the status line in the current language."""
        self.jobs_dialog.retranslate()
        self._status()

    def _status(self) -> None:
        self.statusChanged.emit(self.queue.describe())

    def _failed(self, _job_id: int, label: str, reason: object) -> None:
        if is_upkeep_label(label):
            return  # the upkeep trigger says it
        self.statusMessage.emit(
            self.tr("Summary %1 failed: %2").replace("%1", label).replace("%2", engine_text(reason))
        )

    def _done(self, _job_id: int, label: str) -> None:
        if is_upkeep_label(label):
            return  # the upkeep trigger says it
        if label == FixedContextJob().label:
            self.statusMessage.emit(self.tr("Fixed context written to references/fixed-context.md"))
            return
        self.statusMessage.emit(
            self.tr("Summary %1 written to rolling-summary.md").replace("%1", label)
        )
