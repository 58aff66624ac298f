"""A small client for OpenAI-compatible chat-completions endpoints (no Qt, no globals)."""

from __future__ import annotations

from workbench.llm.client import ChatClient, ClientConfig, Message
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
