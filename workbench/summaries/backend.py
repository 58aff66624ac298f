"""Which summary backend a project uses, and building it (the names are workbench/backends.py,
what a backend is asked summaries/requests.py).

Chosen per call (`--backend`), else per project (`workbench.toml`: `[summaries] backend =
"offline"`), else by the user's Settings.summary_backend. The offline backend is the
default; `openai` talks to any OpenAI-compatible chat-completions endpoint, as Send does.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from workbench.backends import BACKEND_NAMES, ENDPOINT
from workbench.book.layout import Role
from workbench.book.project import Project
from workbench.errors import FileProblem, WorkbenchError
from workbench.settings import Settings, load_settings
from workbench.summaries.requests import SummaryBackend

if TYPE_CHECKING:
    from workbench.llm import ClientConfig


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
    if chosen not in BACKEND_NAMES:
        message = f"{where} is {chosen!r}; expected one of {', '.join(BACKEND_NAMES)}"
        if where.endswith("workbench.toml"):
            raise FileProblem(project.role_path(Role.CONFIG), message)
        raise WorkbenchError(message)
    return chosen


def backend_for(
    project: Project, name: str | None = None, settings: Settings | None = None
) -> SummaryBackend:
    """The backend for this project and call; LlmNotConfigured if `openai` has no endpoint."""
    chosen = backend_name(project, name, settings)
    # Imported here: the offline path never loads the HTTP client, nor the endpoint path the
    # word segmenter.
    if chosen == ENDPOINT.name:
        from workbench.summaries.openai_backend import OpenAIBackend

        return OpenAIBackend(endpoint_config(settings or load_settings()))
    from workbench.summaries.offline import OfflineBackend

    return OfflineBackend()


def endpoint_config(settings: Settings) -> ClientConfig:
    """The chat client's configuration for the model endpoint in Settings, for the `openai`
    backend and for Send; LlmNotConfigured when no endpoint is set."""
    from workbench.llm import ClientConfig

    return ClientConfig.from_settings(settings)
