"""What a summary backend is asked and what it answers: the request types and the protocol
every backend implements (summaries/backend.py picks one)."""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from workbench.book.fixed_context import FixedPart
from workbench.book.project import Project
from workbench.summaries.rolling import SummaryJob

Progress = Callable[[str], None]


@dataclass(frozen=True)
class ChapterText:
    """One chapter as the summariser sees it."""

    number: int
    text: str


@dataclass(frozen=True)
class RollingRequest:
    """One rolling-summary job's input: the RollingSummarizer feed, and its parts."""

    project: Project
    job: SummaryJob
    material: str  # the feed as Markdown: exactly what a model reads ("" if not read)
    chapters: tuple[ChapterText, ...]
    previous_summary: str  # "" when there is none


@dataclass(frozen=True)
class FixedRequest:
    """One part of the fixed layer to summarise from its source text."""

    project: Project
    part: FixedPart
    source: str


class SummaryBackend(Protocol):
    """Turns a request into text; raises an LlmError (or WorkbenchError) when it cannot."""

    name: str
    draft: bool  # True when the output is an extractive draft, not a model's summary
    reads_material: bool  # whether rolling() reads request.material (else it is not built)

    def rolling(
        self, request: RollingRequest, *, cancel: threading.Event | None, progress: Progress
    ) -> str:
        """A `## 滚动摘要 ChX-ChY` section for the request (validated by the caller)."""
        ...

    def fixed(
        self, request: FixedRequest, *, cancel: threading.Event | None, progress: Progress
    ) -> str:
        """The body of one fixed-layer part (validated by the caller)."""
        ...
