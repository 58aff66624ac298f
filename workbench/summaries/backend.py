"""Building the summary backend a project uses (which one: workbench/backend_choice.py; what a
backend is asked: summaries/requests.py). The offline backend is the default; `openai` talks to
any OpenAI-compatible chat-completions endpoint, as Send does.
"""

from __future__ import annotations

from workbench.backend_choice import backend_name, endpoint_config
from workbench.backends import ENDPOINT
from workbench.book.project import Project
from workbench.settings import Settings, load_settings
from workbench.summaries.requests import SummaryBackend


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
