"""When rolling summaries are queued and how the author is asked: the policy the window used to
carry. A saved chapter at a five-chapter boundary queues its jobs; more than one range, or any
job for a paid model endpoint, asks first (how many, an upper token estimate); regenerating a
section written by hand asks before replacing it. The queue itself is gui/summary_worker.py."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QWidget

from workbench.book.project import Project
from workbench.errors import WorkbenchError
from workbench.gui import prompts
from workbench.gui.engine_words import engine_text
from workbench.gui.summaries.dialog import SummaryJobsDialog
from workbench.gui.summaries.job_words import job_title
from workbench.gui.summaries.model import SummaryJobsModel
from workbench.gui.summary_worker import SummaryQueue
from workbench.summaries.jobs import (
    FixedContextJob,
    SummaryJob,
    SummaryRange,
    estimated_tokens,
    summary_ranges,
)
from workbench.upkeep.jobs import UpkeepJob, is_upkeep_label

if TYPE_CHECKING:
    from workbench.gui.upkeep.trigger import UpkeepTrigger


class SummaryPolicy(QObject):
    """Queues summary jobs for the open project, asking the author where the policy says."""

    statusMessage = Signal(str)
    statusChanged = Signal(str)  # the queue as the status bar shows it
    unreadFailures = Signal(int)  # failed jobs not yet seen in Feed ▸ Summary jobs

    def __init__(self, queue: SummaryQueue, parent: QWidget) -> None:
        super().__init__(parent)
        self.parent_widget = parent  # the questions' parent
        self.queue = queue
        self.project: Project | None = None
        # The range's memory upkeep, which a save sets off with its summaries (wire_upkeep).
        self.upkeep: UpkeepTrigger | None = None
        self.jobs_model = SummaryJobsModel(queue, parent)
        self.jobs_dialog = SummaryJobsDialog(self.jobs_model, parent)
        self.jobs_dialog.cancelRequested.connect(queue.cancel)
        self.jobs_dialog.regenerateRequested.connect(self.regenerate)
        queue.changed.connect(self._status)
        self.jobs_model.unreadChanged.connect(self._unread_changed)
        queue.failed.connect(self._failed)
        queue.done.connect(self._done)

    def set_project(self, project: Project | None) -> None:
        """The project whose summaries are queued (the jobs listed were the last book's)."""
        if project is not self.project:
            self.jobs_model.clear()
        self.project = project

    def chapter_saved(self, chapter: int) -> list[int]:
        """Saving chapter N queues the summaries and the upkeep it calls for, asking first
        where the policy says — once for both, never a question per kind of job."""
        jobs = self.queue.jobs_for_saved_chapter(chapter)
        why = self.tr("Saving chapter %1").replace("%1", str(chapter))
        ranges = [(job.start, job.end) for job in jobs]
        upkeep = self.upkeep.jobs_for_save(chapter, ranges) if self.upkeep else []
        if not upkeep:
            return self.submit(jobs, why)
        if not jobs:
            return self.upkeep.submit(upkeep, why)
        return self._submit_with_upkeep(jobs, upkeep, why)

    def _submit_with_upkeep(
        self, jobs: list[SummaryJob], upkeep: list[UpkeepJob], why: str
    ) -> list[int]:
        """Summaries and the same save's upkeep: free and one range asks nothing, as a summary
        alone would not; otherwise one question, which may queue both, the summaries only, or
        neither."""
        assert self.project is not None and self.upkeep is not None
        remote = self.queue.uses_remote_backend()
        if len(jobs) == 1 and not remote:
            return [*self._queue(jobs), *self.upkeep.queue_agreed(upkeep)]
        try:
            tokens = (
                (estimated_tokens(self.project, jobs), self.upkeep.estimate(upkeep))
                if remote
                else None
            )
        except (OSError, WorkbenchError) as error:  # a file an estimate reads is broken
            self.statusMessage.emit(
                self.tr("Rolling summaries not queued: %1").replace("%1", str(error))
            )
            return []
        answer = prompts.ask_queue_save_jobs(
            self.parent_widget,
            why,
            [job.label for job in jobs],
            [f"Ch{job.start}-{job.end}" for job in upkeep],
            tokens,
        )
        if answer is prompts.SaveJobs.NONE:
            self.statusMessage.emit(
                self.tr("Nothing queued; Feed ▸ Summary jobs and Trackers ▸ Review queue them")
            )
            return []
        queued = self._queue(jobs)
        if answer is prompts.SaveJobs.ALL:
            queued += self.upkeep.queue_agreed(upkeep)
        return queued

    def _queue(self, jobs: list[SummaryJob]) -> list[int]:
        return [self.queue.submit(job) for job in jobs]

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
        return self._queue(jobs)

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
        self.jobs_model.mark_read()
        self.jobs_dialog.show()
        self.jobs_dialog.raise_()
        return self.jobs_dialog

    def retranslate(self) -> None:
        """The dialog and the status line in the current language."""
        self.jobs_dialog.retranslate()
        self._status()

    def _status(self) -> None:
        text = self.queue.describe()
        unread = self.jobs_model.unread_failures
        if unread:
            badge = self.tr("⚠ %1 failed: Feed ▸ Summary jobs").replace("%1", str(unread))
            text = f"{text}  {badge}" if text else badge
        self.statusChanged.emit(text)

    def _unread_changed(self, unread: int) -> None:
        self.unreadFailures.emit(unread)
        self._status()

    def _failed(self, _job_id: int, label: str, reason: object) -> None:
        if is_upkeep_label(label):
            return  # the upkeep trigger says it
        self.statusMessage.emit(
            self.tr("%1 failed: %2")
            .replace("%1", _capitalised(job_title(label)))
            .replace("%2", engine_text(reason))
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


def _capitalised(title: str) -> str:
    """A job title opening a sentence (English: "Rolling summary Ch6-10 failed")."""
    return title[:1].upper() + title[1:]
