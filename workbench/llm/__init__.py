"""A small client for OpenAI-compatible chat-completions endpoints (no Qt, no globals).

The client itself (httpx, ≈ 0.1 s to import) loads on first use of `ChatClient`,
`ClientConfig` or `Message`: the app and the summary jobs name the errors at import time,
and the app's first paint needs no model call (issue #28)."""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from workbench.llm.errors import (
    LlmCancelled,
    LlmConnectionError,
    LlmError,
    LlmHttpError,
    LlmKeyEchoed,
    LlmMalformedResponse,
    LlmNotConfigured,
    LlmOutputTruncated,
    LlmStreamCutOff,
    LlmTimeout,
)

if TYPE_CHECKING:
    from workbench.llm.client import ChatClient, ClientConfig, Message

_FROM_CLIENT = ("ChatClient", "ClientConfig", "Message")


def __getattr__(name: str) -> Any:
    if name in _FROM_CLIENT:
        return getattr(importlib.import_module("workbench.llm.client"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "ChatClient",
    "ClientConfig",
    "LlmCancelled",
    "LlmConnectionError",
    "LlmError",
    "LlmHttpError",
    "LlmKeyEchoed",
    "LlmMalformedResponse",
    "LlmNotConfigured",
    "LlmOutputTruncated",
    "LlmStreamCutOff",
    "LlmTimeout",
    "Message",
]
