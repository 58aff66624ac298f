"""Typed errors of the chat-completions client. Messages never contain the API key."""

from __future__ import annotations

from workbench.errors import WorkbenchError


class LlmError(WorkbenchError):
    """A model endpoint did not give a usable answer; the message says why."""


class LlmNotConfigured(LlmError):
    """No endpoint or model is set in the user's settings or the environment."""


class LlmConnectionError(LlmError):
    """The endpoint could not be reached (after the retries allowed)."""


class LlmTimeout(LlmError):
    """The endpoint did not answer within the connect or read timeout."""


class LlmHttpError(LlmError):
    """The endpoint answered with an error status (after the retries allowed)."""

    def __init__(self, status: int, message: str) -> None:
        self.status = status
        super().__init__(message)


class LlmMalformedResponse(LlmError):
    """The endpoint answered 200 but not with a chat completion Workbench can read."""


class LlmStreamCutOff(LlmError):
    """A streamed answer stopped before its end (no `[DONE]`, or the connection dropped)."""


class LlmKeyEchoed(LlmError):
    """The endpoint's answer contains the API key (it echoes its request): rejected unread."""


class LlmOutputTruncated(LlmError):
    """The model stopped at its output-token limit (finish_reason "length")."""


class LlmCancelled(LlmError):
    """The caller cancelled the request."""
