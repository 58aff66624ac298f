"""The background jobs the app runs for a book — a rolling-summary range, the fixed context,
a range's memory upkeep — as one kind of job: what makes two the same work, which file each
writes, producing its text and writing it back. Above summaries/ and upkeep/, so neither
package needs the other.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path

from workbench.book.layout import Role
from workbench.book.project import Project
from workbench.summaries.fixed import FixedContextJob, generate_fixed_context, write_fixed_context
from workbench.summaries.jobs import generate_summary, write_summary
from workbench.summaries.requests import SummaryBackend
from workbench.summaries.rolling import SummaryJob
from workbench.upkeep.jobs import UpkeepJob, generate_upkeep, upkeep_target, write_upkeep

BackgroundJob = SummaryJob | FixedContextJob | UpkeepJob


def job_key(job: BackgroundJob) -> tuple:
    """What makes two jobs the same work (a newer one supersedes the older)."""
    if isinstance(job, FixedContextJob):
        return ("fixed",)
    if isinstance(job, UpkeepJob):
        return ("upkeep", job.start, job.end)
    return ("rolling", job.start, job.end)


def job_target(project: Project, job: BackgroundJob) -> Path:
    """The file a job writes."""
    if isinstance(job, UpkeepJob):
        return upkeep_target(project)
    role = Role.FIXED_CONTEXT if isinstance(job, FixedContextJob) else Role.ROLLING_SUMMARY
    return project.role_path(role)


def generate_job(
    project: Project,
    job: BackgroundJob,
    backend: SummaryBackend,
    *,
    cancel: threading.Event | None = None,
    on_progress: Callable[[str], None] | None = None,
) -> str:
    """The validated text a job produces (a summary section, the whole fixed context, or
    upkeep's answers for the review queue)."""
    if isinstance(job, UpkeepJob):
        return generate_upkeep(project, job, backend, cancel=cancel, on_progress=on_progress)
    if isinstance(job, FixedContextJob):
        text, _compressed = generate_fixed_context(
            project, backend, cancel=cancel, on_progress=on_progress
        )
        return text
    return generate_summary(project, job, backend, cancel=cancel, on_progress=on_progress)


def write_job(project: Project, job: BackgroundJob, text: str) -> None:
    """Write a job's result to its file, atomically."""
    if isinstance(job, UpkeepJob):
        write_upkeep(project, job, text)
    elif isinstance(job, FixedContextJob):
        write_fixed_context(project, text)
    else:
        write_summary(project, job, text)
