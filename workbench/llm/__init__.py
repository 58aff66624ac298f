"""A small client for OpenAI-compatible chat-completions endpoints (no Qt, no globals).

The client itself (httpx, ≈ 0.1 s to import) loads on first use of `ChatClient`,
`ClientConfig` or `Message`: the app and the summary jobs name the errors at import time,
and the app's first paint needs no model call (issue #28)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from workbench.lazy_exports import lazy_exports
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


__getattr__ = lazy_exports(__name__, dict.fromkeys(_FROM_CLIENT, "client"))


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
