"""Continuity checks for the app, run off the GUI thread over copies of the unsaved text.

The guard hands its latest-only `Background` the project, a chapter and the unsaved buffers
(plain strings) and goes on; `check_chapter` checks that chapter through a read-only view
(`Project.with_buffers`) and returns a `ContinuityResult` carrying its job id.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from workbench.book.project import Project
from workbench.continuity.findings import Finding
from workbench.continuity.guard import BookGuard
from workbench.errors import WorkbenchError
from workbench.gui.background import Job


@dataclass
class ContinuityResult:
    """A chapter's findings, the file and the exact text they were found in."""

    job_id: int
    chapter: int
    path: Path | None = None
    text: str = ""
    findings: list[Finding] = field(default_factory=list)
    error: str = ""


def check_chapter(
    job: Job, project: Project, chapter: int, buffers: dict[Path, str]
) -> ContinuityResult:
    """The chapter's findings over the buffers; an error becomes the result's message."""
    result = ContinuityResult(job.id, chapter)
    view = project.with_buffers(buffers)
    ref = view.chapter(chapter)
    if ref is None:
        return result
    try:
        result.path = ref.path
        result.text = view.read(ref.path).text
        result.findings = BookGuard.of(view).check(chapter)
    except (WorkbenchError, OSError) as error:
        result.error = str(error)
    return result
