"""Upkeep as a background job of the summary queue: the same process, the same
confirmation rules as a rolling summary. The job's work (the backend's answers) is done in
the summary process; recording the answers in the review queue is done by the app.

Running upkeep (upkeep/run.py, with the trackers it reads) loads with the first job, not with
the summary queue the window imports for its first paint (issue #28)."""

from __future__ import annotations

import json
import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from workbench.book.layout import Role
from workbench.book.project import Project
from workbench.book.rolling_summary import chapter_hashes
from workbench.upkeep.proposals import RANGE_SIZE, block_of, ranges_of
from workbench.upkeep.store import load_queue, queue_path

# As for rolling summaries: cl100k's 1.39 tokens per 字 on the corpus, the most of the
# tokenizers shipped, so the estimate stays an upper bound.
TOKENS_PER_ZI = 1.4


LABEL_PREFIX = "upkeep "


def is_upkeep_label(label: str) -> bool:
    """Whether a summary-queue job label names an upkeep job."""
    return label.startswith(LABEL_PREFIX)


@dataclass(frozen=True)
class UpkeepJob:
    """Upkeep proposals for chapters start..end (one or more five-chapter ranges)."""

    start: int
    end: int

    @property
    def label(self) -> str:
        """How the queue names the job: `upkeep Ch6-10`."""
        return f"{LABEL_PREFIX}Ch{self.start}-{self.end}"

    @property
    def what(self) -> str:
        """The job in a message."""
        return f"upkeep of chapters {self.start}-{self.end}"


def generate_upkeep(
    project: Project,
    job: UpkeepJob,
    backend,
    *,
    cancel: threading.Event | None = None,
    on_progress: Callable[[str], None] | None = None,
) -> str:
    """The backend's answers for the job's ranges, as JSON for the app to record."""
    from workbench.upkeep.run import propose_ranges

    answers = propose_ranges(
        project, job.start, job.end, backend, cancel=cancel, on_progress=on_progress
    )
    return json.dumps(
        {"backend": backend.name, "answers": [a.to_json() for a in answers]}, ensure_ascii=False
    )


def write_upkeep(project: Project, job: UpkeepJob, payload: str) -> int:
    """Record a job's answers in the review queue; returns how many proposals it added."""
    from workbench.upkeep.run import RangeAnswer, record_answers

    data = json.loads(payload)
    answers = [RangeAnswer.from_json(item) for item in data["answers"]]
    return len(record_answers(project, answers, str(data["backend"])))


def estimated_tokens(project: Project, jobs: list[UpkeepJob]) -> int:
    """About how many tokens the jobs cost a model endpoint, at most: per five-chapter range
    its chapters, the book's memory (cast and trackers, as sent) and a whole answer."""
    # The model backend (pydantic, the model client) loads when an estimate is asked for, not
    # with the summary jobs the app imports for its first paint (issue #28).
    from workbench.upkeep.model import MAX_TOKENS, SYSTEM

    memory = sum(len(project.read(path).text) for path in _memory_files(project))
    zi = 0
    for job in jobs:
        for start, end in ranges_of(job.start, job.end):
            chapters = (project.chapter(n) for n in range(start, end + 1))
            zi += sum(project.chapter_zi(ref) for ref in chapters if ref is not None)
            zi += memory + len(SYSTEM)
    return round(zi * TOKENS_PER_ZI) + MAX_TOKENS * sum(
        len(ranges_of(job.start, job.end)) for job in jobs
    )


def _memory_files(project: Project) -> list[Path]:
    roles = (Role.PLOT_TRACKER, Role.RELATIONSHIP_TRACKER, Role.STATE_TRACKER)
    paths = [project.role_path(role) for role in roles] + project.character_files()
    return [path for path in paths if path.is_file()]


def upkeep_target(project: Project) -> Path:
    """The file an upkeep job writes: the review queue (never the book)."""
    return queue_path(project)


def jobs_for_saved_chapter(
    project: Project, chapter: int, summary_ranges: list[tuple[int, int]], backend: str
) -> list[UpkeepJob]:
    """Upkeep to queue now that `chapter` was saved: for each rolling-summary range queued
    with it, and for the chapter's own five-chapter range when it closes one; a range
    already proposed from exactly its current text is not asked again."""
    from workbench.upkeep.run import range_chapters

    wanted = set(summary_ranges)
    if chapter % RANGE_SIZE == 0:
        wanted.add((block_of(chapter)[0], chapter))
    queue = load_queue(project)
    jobs = []
    for start, end in sorted(wanted):
        if not range_chapters(project, start, end):
            continue
        if not queue.up_to_date(start, end, backend, chapter_hashes(project, start, end)):
            jobs.append(UpkeepJob(start, end))
    return jobs


def whole_book_jobs(project: Project) -> list[UpkeepJob]:
    """One job per five-chapter range of the whole book (asked first, with the count)."""
    numbers = [ref.number for ref in project.chapters if ref.number >= 1]
    if not numbers:
        return []
    starts = sorted({block_of(n)[0] for n in numbers})
    return [UpkeepJob(s, min(s + RANGE_SIZE - 1, numbers[-1])) for s in starts]
