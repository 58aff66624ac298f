"""Rolling-summary jobs: which ranges are due, producing one section, writing it back.

No Qt here: the GUI's worker runs `generate_summary` on a thread and calls `write_summary`
only once the author has no unsaved edits to rolling-summary.md, so the two stay separate.

A generated section records the hashes of the chapters it was made from (book.rolling_summary);
when one changes the section is stale and `stale_jobs` lists it for regeneration.

A range closes at a chapter N with N % 5 == 0, at a chapter whose plan says `act_end: true`,
and just before a chapter that an existing section already covers. Ranges start after the
chapters already summarised; a range none of whose chapters exists is skipped. Chapter 0
(a prologue) is not part of any range: the feed engine numbers chapters from 1.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass

from workbench.book.layout import Role
from workbench.book.project import Project
from workbench.book.rolling_summary import (
    SUMMARY_CAP,
    chapter_hashes,
    rolling_sections,
    skipped_headings,
    with_record,
)
from workbench.book.textio import TextFile
from workbench.book.webnovel import is_webnovel
from workbench.errors import ChangedOnDisk, FileProblem, WorkbenchError
from workbench.llm.errors import LlmCancelled
from workbench.reasons import Reason
from workbench.summaries.errors import SummaryCancelled, SummaryRejected
from workbench.summaries.fixed import FixedContextJob
from workbench.summaries.inputs import rolling_request
from workbench.summaries.requests import SummaryBackend
from workbench.summaries.rolling import SummaryJob, place_section, validate_section

log = logging.getLogger(__name__)

RANGE_SIZE = 5
# For asking before paid work: cl100k counts 1.39 tokens per 字 on the corpus (PRODUCT.md §3),
# the most of the tokenizers we ship, so 1.4 keeps the estimate an upper bound.
TOKENS_PER_ZI = 1.4
PROMPT_ZI = 600  # the seed's prompt template and the checklist around the chapters

__all__ = [
    "FixedContextJob",
    "SummaryCancelled",
    "SummaryJob",
    "SummaryRange",
    "SummaryRejected",
    "estimated_tokens",
    "generate_summary",
    "jobs_for_saved_chapter",
    "pending_jobs",
    "stale_jobs",
    "summary_ranges",
    "write_summary",
]


def jobs_for_saved_chapter(project: Project, chapter: int) -> list[SummaryJob]:
    """The ranges to summarise now that chapter N is saved: every missing range that closes
    at or before N (so N's own range when N closes one, and earlier ones still missing).

    A webnovel-writer project keeps its own per-chapter summaries: Workbench writes a rolling
    summary into it only once the author asked for one (`workbench summarize`), and from
    then on keeps it current."""
    if is_webnovel(project) and not project.role_path(Role.ROLLING_SUMMARY).is_file():
        return []
    return _missing_ranges(project, chapter)


def pending_jobs(project: Project) -> list[SummaryJob]:
    """Every missing range up to the last chapter that closes one."""
    if not project.chapters:
        return []
    return _missing_ranges(project, project.chapters[-1].number)


def estimated_tokens(project: Project, jobs: list[SummaryJob]) -> int:
    """About how many tokens the jobs cost a model endpoint, at most: each sends its chapters,
    the previous summary and the prompt (2200 + 600 字) and gets up to 2200 字 back."""
    zi = 0
    for job in jobs:
        chapters = (project.chapter(n) for n in range(job.start, job.end + 1))
        zi += sum(project.chapter_zi(ref) for ref in chapters if ref is not None)
        zi += SUMMARY_CAP + PROMPT_ZI + SUMMARY_CAP
    return round(zi * TOKENS_PER_ZI)


@dataclass(frozen=True)
class SummaryRange:
    """A section of rolling-summary.md as the author may regenerate it."""

    start: int
    end: int
    hand_written: bool  # no record of its chapters: never stale, never replaced unasked
    stale: bool

    @property
    def label(self) -> str:
        """`Ch6-10`, as the queue names jobs."""
        return SummaryJob(self.start, self.end).label


def summary_ranges(project: Project) -> list[SummaryRange]:
    """Every rolling-summary section, in file order, with whether it is hand-written or stale."""
    summary = project.read_role(Role.ROLLING_SUMMARY)
    if summary is None:
        return []
    found = []
    for section in rolling_sections(summary.text):
        stale = section.stale(project)
        found.append(SummaryRange(section.first, section.last, section.by_hand, stale))
    return found


def stale_jobs(project: Project) -> list[SummaryJob]:
    """Every generated section one of whose chapters changed since it was made; a section
    written by hand (no record of its chapters) is never one of them."""
    return [SummaryJob(r.start, r.end) for r in summary_ranges(project) if r.stale]


def _missing_ranges(project: Project, upto: int) -> list[SummaryJob]:
    covered: set[int] = set()
    summary = project.read_role(Role.ROLLING_SUMMARY)
    if summary is not None:
        # Clipped to the chapters in question and merged first, so a section claiming
        # Ch1-99999999 (or a thousand overlapping ones) costs no more than the book's length.
        spans = sorted(
            (max(1, s.first), min(s.last, upto + 1)) for s in rolling_sections(summary.text)
        )
        reached = 0
        for first, last in spans:
            covered.update(range(max(first, reached + 1), last + 1))
            reached = max(reached, last)
    existing = {ref.number for ref in project.chapters}
    jobs: list[SummaryJob] = []
    start: int | None = None
    for number in range(1, upto + 1):
        if number in covered:
            continue
        start = number if start is None else start
        closes = number % RANGE_SIZE == 0 or number + 1 in covered
        if not closes and number in existing:
            closes = _act_end(project, number)
        if closes:
            if any(start <= n <= number for n in existing):
                jobs.append(SummaryJob(start, number))
            start = None
    return jobs


def _act_end(project: Project, chapter: int) -> bool:
    try:
        plan = project.plan(chapter)
    except FileProblem as error:
        # A broken plan must not stop summaries; `workbench check` reports it.
        log.warning("cannot tell whether chapter %d ends an act: %s", chapter, error)
        return False
    return plan is not None and plan.act_end


def generate_summary(
    project: Project,
    job: SummaryJob,
    backend: SummaryBackend,
    *,
    cancel: threading.Event | None = None,
    on_progress: Callable[[str], None] | None = None,
) -> str:
    """The validated `## 滚动摘要` section for the job; SummaryRejected (or SummaryCancelled)
    with the reason when the backend fails or its output breaks the template or the cap."""

    def progress(message: str) -> None:
        log.debug("%s: %s", job.what, message)
        if on_progress is not None:
            on_progress(Reason("progress.job", job.label, message))

    if cancel is not None and cancel.is_set():
        raise SummaryCancelled(job.what)
    try:
        summary = project.read_role(Role.ROLLING_SUMMARY)
        _refuse_skipped_headings(summary.text if summary else None, project, job)
        hashes = chapter_hashes(project, job.start, job.end)  # what the summariser reads
        request = rolling_request(project, job, with_material=backend.reads_material)
        if not request.chapters:
            raise SummaryRejected(job.what, Reason("summary.no_chapters", job.start, job.end))
        progress(Reason("progress.summarising", len(request.chapters), backend.name))
        raw = backend.rolling(request, cancel=cancel, progress=progress)
    except SummaryRejected:
        raise
    except LlmCancelled as error:
        raise SummaryCancelled(job.what) from error
    except WorkbenchError as error:  # the endpoint failed, or a file could not be read
        raise SummaryRejected(job.what, error.message) from error
    section = with_record(validate_section(raw, job), hashes)
    progress(Reason("progress.done"))
    return section


def write_summary(project: Project, job: SummaryJob, section: str) -> None:
    """Put the section in rolling-summary.md, atomically: it replaces that range's section or
    goes in chapter order; every other byte of the file stays as it was."""
    section = validate_section(section, job)
    path = project.role_path(Role.ROLLING_SUMMARY)

    def placed(current: TextFile | None) -> str:
        text = current.text if current else None
        _refuse_skipped_headings(text, project, job)
        return place_section(text, job, section)

    try:
        # Under the file's lock from the read to the rename: another summarize run, the
        # app's summary process and the editor's save of this file each wait their turn.
        project.update(path, placed, origin="summary")
    except ChangedOnDisk as error:  # a program that takes no lock wrote it meanwhile
        raise SummaryRejected(job.what, error.message) from error
    log.info("wrote %s to %s", job.what, project.relative(path))


def _refuse_skipped_headings(text: str | None, project: Project, job: SummaryJob) -> None:
    """A section heading the file's readers skip would stay beside the section written for
    its range (or hide a range that is there): nothing is written until it is fixed."""
    skipped = skipped_headings(text) if text else []
    if skipped:
        first = skipped[0]
        where = project.relative(project.role_path(Role.ROLLING_SUMMARY))
        problem = Reason(
            "summary.heading_level_one" if first.level_one else "summary.heading_no_range",
            first.title,
        )
        raise SummaryRejected(
            job.what, Reason("summary.skipped_heading", where, first.line, problem)
        )
