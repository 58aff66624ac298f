"""When upkeep runs: with the rolling summary when a five-chapter boundary is saved (unless
Settings turns it off), and on demand for a range or the whole book. Jobs go to the summary
queue (the summary process, never the GUI thread), with the summaries' confirmation rules:
asked first for more than one range, or for a model endpoint (paid)."""

from __future__ import annotations

import logging

from PySide6.QtCore import QCoreApplication, QObject, Signal
from PySide6.QtWidgets import QMessageBox, QWidget

from workbench.backend_choice import backend_name
from workbench.book.project import Project
from workbench.errors import WorkbenchError
from workbench.gui.engine_words import engine_text
from workbench.gui.summary_worker import SummaryQueue
from workbench.upkeep.jobs import (
    LABEL_PREFIX,
    UpkeepJob,
    estimated_tokens,
    is_upkeep_label,
    jobs_for_saved_chapter,
    whole_book_jobs,
)

log = logging.getLogger(__name__)


class UpkeepTrigger(QObject):
    """Queues upkeep jobs on the summary queue; `recorded` when a job's answers are in."""

    recorded = Signal(str)  # the job's label
    failed = Signal(str, str)  # label, reason
    statusMessage = Signal(str)

    def __init__(self, queue: SummaryQueue, parent: QWidget) -> None:
        super().__init__(parent)
        self.queue = queue
        self.window = parent
        queue.done.connect(self._done)
        queue.failed.connect(self._failed)

    @property
    def project(self) -> Project | None:
        return self.queue.project

    def jobs_for_save(self, chapter: int, summary_ranges: list[tuple[int, int]]) -> list[UpkeepJob]:
        """The upkeep saving chapter N sets off: for the rolling-summary ranges it queues and
        its own range when it closes one; none when Settings turn upkeep on save off."""
        if self.project is None or not self.queue.settings.upkeep_on_save:
            return []
        try:
            return jobs_for_saved_chapter(self.project, chapter, summary_ranges, self._backend())
        except (OSError, WorkbenchError) as error:
            log.warning("cannot work out upkeep for chapter %d: %s", chapter, error)
            return []

    def estimate(self, jobs: list[UpkeepJob]) -> int:
        """About how many tokens the jobs cost a model endpoint, at most."""
        assert self.project is not None
        return estimated_tokens(self.project, jobs)

    def queue_agreed(self, jobs: list[UpkeepJob]) -> list[int]:
        """Queue jobs the author has already agreed to (asked together with the summaries)."""
        return [self.queue.submit(job) for job in jobs]

    def request_range(self, first: int, last: int) -> list[int]:
        """Propose for chapters first..last, on demand."""
        if self.project is None:
            return []
        job = UpkeepJob(first, last)
        return self.submit(
            [job],
            self.tr("Upkeep of chapters %1-%2").replace("%1", str(first)).replace("%2", str(last)),
        )

    def request_whole_book(self) -> list[int]:
        """Propose for every five-chapter range of the book; always asked first."""
        if self.project is None:
            return []
        jobs = whole_book_jobs(self.project)
        return self.submit(jobs, self.tr("Upkeep of the whole book"), always_ask=True)

    def submit(self, jobs: list[UpkeepJob], why: str, *, always_ask: bool = False) -> list[int]:
        """Queue the jobs, asking first when the summaries would — more than one range, or a
        model endpoint — or `always_ask`."""
        if not jobs or self.project is None:
            return []
        remote = self.queue.uses_remote_backend()
        if always_ask or remote or len(jobs) > 1:
            try:
                tokens = estimated_tokens(self.project, jobs) if remote else None
            except (OSError, WorkbenchError) as error:  # a file the estimate reads is broken
                self.statusMessage.emit(self.tr("Upkeep not queued: %1").replace("%1", str(error)))
                return []
            if not ask_queue_upkeep(self.window, why, jobs, self._chapters(jobs), tokens):
                self.statusMessage.emit(self.tr("Upkeep not queued"))
                return []
        return self.queue_agreed(jobs)

    def _chapters(self, jobs: list[UpkeepJob]) -> int:
        numbers = {ref.number for ref in self.project.chapters} if self.project else set()
        return sum(1 for job in jobs for n in range(job.start, job.end + 1) if n in numbers)

    def _backend(self) -> str:
        return backend_name(self.project, settings=self.queue.settings)

    def _done(self, _job_id: int, label: str) -> None:
        if is_upkeep_label(label):
            self.recorded.emit(label)
            waiting = self.tr("Upkeep %1: its proposals wait under Trackers ▸ Review")
            self.statusMessage.emit(waiting.replace("%1", _range_of(label)))

    def _failed(self, _job_id: int, label: str, reason: object) -> None:
        if is_upkeep_label(label):
            said = engine_text(reason)
            self.failed.emit(label, said)
            failed = self.tr("Upkeep %1 failed: %2")
            self.statusMessage.emit(failed.replace("%1", _range_of(label)).replace("%2", said))


def _range_of(label: str) -> str:
    """The chapters of an upkeep job's queue label ("upkeep Ch6-10" → "Ch6-10")."""
    return label.removeprefix(LABEL_PREFIX)


def ask_queue_upkeep(
    parent: QWidget | None, why: str, jobs: list[UpkeepJob], chapters: int, tokens: int | None
) -> bool:
    """Whether to queue these upkeep jobs: how many ranges and chapters, and for a model
    endpoint about how many tokens."""
    text = (
        QCoreApplication.translate(
            "Upkeep", "%1: upkeep proposals for %2 ranges (%3 chapters, %4)."
        )
        .replace("%1", why)
        .replace("%2", str(len(jobs)))
        .replace("%3", str(chapters))
        .replace("%4", f"Ch{jobs[0].start}-{jobs[-1].end}")
    )
    if tokens is not None:
        text += "\n\n" + QCoreApplication.translate(
            "Upkeep",
            "They are sent to your model endpoint: about %1 tokens in all (an upper estimate), "
            "which your provider may charge for.",
        ).replace("%1", f"{tokens:,}")
    text += "\n\n" + QCoreApplication.translate(
        "Upkeep",
        "Nothing is written to a tracker or the cast until you accept a proposal. Queue them now?",
    )
    answer = QMessageBox.question(
        parent,
        QCoreApplication.translate("Upkeep", "Propose tracker and cast updates?"),
        text,
        QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
        QMessageBox.StandardButton.No,
    )
    return answer == QMessageBox.StandardButton.Yes
