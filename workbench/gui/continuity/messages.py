"""What the guard and its checking process (worker.py's ChapterChecker) send each other:
plain picklable records, no Qt."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from workbench.continuity.findings import Finding


@dataclass(frozen=True)
class CheckRequest:
    """Check chapter N of the book at `root` over these unsaved texts (path -> text)."""

    root: Path
    chapter: int
    buffers: dict[Path, str] = field(default_factory=dict)


@dataclass(frozen=True)
class FilesChanged:
    """These files were saved, or changed on disk (the project session's filesChanged; a
    dismissal or workbench.toml written by the guard itself)."""

    paths: frozenset[Path]


@dataclass
class ContinuityResult:
    """A chapter's findings, the file and the exact text they were found in; `job_id` is the
    guard's request it answers (set when it arrives)."""

    job_id: int
    chapter: int
    path: Path | None = None
    text: str = ""
    findings: list[Finding] = field(default_factory=list)
    error: str = ""
