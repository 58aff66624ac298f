"""The backends that write summaries, named once: the settings' `summary_backend`, the settings
dialog's choices, `--backend` of the CLI, the summary queue's "ask before paid work" and Send
(which talks to the same endpoint) all read this list. Which one a project uses is
backend_choice.py's business, building it summaries/backend.py's; this module imports nothing,
so settings can use it.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Backend:
    """One way to write a summary."""

    name: str  # as workbench.toml `[summaries] backend`, Settings and `--backend` spell it
    uses_endpoint: bool  # calls the model endpoint in Settings: network, and it may cost


OFFLINE = Backend("offline", uses_endpoint=False)  # the embedded extractive summariser
ENDPOINT = Backend("openai", uses_endpoint=True)  # any OpenAI-compatible chat completions
BACKENDS = (OFFLINE, ENDPOINT)
BACKEND_NAMES = tuple(backend.name for backend in BACKENDS)


def backend_named(name: str) -> Backend:
    """The backend of this name; KeyError for one that does not exist."""
    for backend in BACKENDS:
        if backend.name == name:
            return backend
    raise KeyError(name)
