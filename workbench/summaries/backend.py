"""Summary backends: what they are asked, and which one a project uses.

Chosen per call (`--backend`), else per project (`workbench.toml`: `[summaries] backend =
"offline"`), else by the user's Settings.summary_backend. The offline backend is the
default; `openai` talks to any OpenAI-compatible chat-completions endpoint.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from workbench.book.fixed_context import FixedPart
from workbench.book.layout import Role
from workbench.book.project import Project
from workbench.errors import FileProblem, WorkbenchError
from workbench.settings import Settings, load_settings
from workbench.summaries.rolling import SummaryJob

OFFLINE = "offline"  # the embedded extractive summariser: no network, nothing to pay
BACKENDS = (OFFLINE, "openai")
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


def backend_name(
    project: Project, name: str | None = None, settings: Settings | None = None
) -> str:
    """Which backend to use: the call's choice, else the project's, else the user's."""
    if name:
        chosen, where = name, "the requested backend"
    else:
        configured = project.config().get("summaries", {})
        chosen = configured.get("backend") if isinstance(configured, dict) else None
        where = "[summaries] backend in workbench.toml"
        if not chosen:
            chosen = (settings or load_settings()).summary_backend
            where = "the summary backend in Settings"
    if chosen not in BACKENDS:
        message = f"{where} is {chosen!r}; expected one of {', '.join(BACKENDS)}"
        if where.endswith("workbench.toml"):
            raise FileProblem(project.role_path(Role.CONFIG), message)
        raise WorkbenchError(message)
    return chosen


def backend_for(
    project: Project, name: str | None = None, settings: Settings | None = None
) -> SummaryBackend:
    """The backend for this project and call; LlmNotConfigured if `openai` has no endpoint."""
    chosen = backend_name(project, name, settings)
    # Imported here: both backends import this module's request types.
    if chosen == "openai":
        from workbench.llm import ClientConfig
        from workbench.summaries.openai_backend import OpenAIBackend

        return OpenAIBackend(ClientConfig.from_settings(settings or load_settings()))
    from workbench.summaries.offline import OfflineBackend

    return OfflineBackend()
