"""Which backend a project's generated text comes from — summaries, the fixed context and
memory upkeep all follow the same choice — and the model endpoint's client configuration.

Chosen per call (`--backend`), else per project (`workbench.toml`: `[summaries] backend =
"offline"`), else by the user's Settings.summary_backend. The names are workbench/backends.py.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from workbench.backends import BACKEND_NAMES
from workbench.book.layout import Role
from workbench.book.project import Project
from workbench.errors import FileProblem, WorkbenchError
from workbench.settings import Settings, load_settings

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


def endpoint_config(settings: Settings) -> ClientConfig:
    """The chat client's configuration for the model endpoint in Settings, for the `openai`
    backend, upkeep's model backend and Send; LlmNotConfigured when no endpoint is set."""
    from workbench.llm import ClientConfig

    return ClientConfig.from_settings(settings)
