"""Chat completions over HTTP: streaming or not, with timeouts, bounded retries and cancel.

Retries (exponential backoff, or the server's Retry-After, both capped) cover what is worth
trying again before any answer has arrived: connection failures, connect timeouts, 429 and
5xx. A read timeout is not retried — a model that went silent for the whole read timeout
rarely recovers, and the caller has already waited long. Nothing is retried once a streamed
answer has started, since part of it has been handed to the caller.

The API key goes only into the Authorization header: never into a log line or an error
message. Everything that comes back is masked before it is cut, shown or logged (error
bodies, streamed pieces), and an answer that contains the key in any form is rejected
(LlmKeyEchoed), never returned. Answers are bounded: a body or stream past MAX_REPLY_BYTES is
refused rather than held in memory.
"""

from __future__ import annotations

import codecs
import json
import logging
import re
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import httpx
from pydantic import SecretStr

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
from workbench.llm.secrets import KeyMask, StreamMask

if TYPE_CHECKING:
    from workbench.settings import Settings

log = logging.getLogger(__name__)

Message = dict[str, str]
EXCERPT_CHARS = 200
MAX_REPLY_BYTES = 8 * 1024 * 1024  # far past any chat answer; more is a broken endpoint
MAX_ERROR_BYTES = 64 * 1024  # what is read of an error body, to quote from
_LINE_BREAK = re.compile(r"\r\n|\r|\n")


@dataclass(frozen=True)
class ClientConfig:
    """Where the endpoint is and how patiently to talk to it."""

    base_url: str
    model: str
    api_key: SecretStr = field(default_factory=lambda: SecretStr(""))
    connect_timeout: float = 10.0
    read_timeout: float = 120.0
    max_retries: int = 3
    backoff_base: float = 1.0  # seconds before the first retry; doubles after each
    backoff_max: float = 30.0  # cap on any wait, Retry-After included
    answer_timeout: float = 600.0  # seconds for one whole answer, however it trickles in

    @classmethod
    def from_settings(cls, settings: Settings, **overrides: Any) -> ClientConfig:
        """The endpoint in the user's settings (environment first); LlmNotConfigured if unset."""
        llm = settings.with_environment().llm
        if not llm.base_url or not llm.model:
            raise LlmNotConfigured(
                "no model endpoint configured: set the base URL and model in Settings, or "
                "WORKBENCH_LLM_BASE_URL and WORKBENCH_LLM_MODEL (and WORKBENCH_LLM_API_KEY)"
            )
        values: dict[str, Any] = {
            "base_url": llm.base_url,
            "model": llm.model,
            "api_key": llm.api_key,
            "connect_timeout": llm.connect_timeout,
            "read_timeout": llm.read_timeout,
            "answer_timeout": llm.answer_timeout,
            "max_retries": llm.max_retries,
        }
        values.update(overrides)
        return cls(**values)

    @property
    def url(self) -> str:
        """The chat-completions URL (base URLs are given up to `/v1`, as OpenAI's are)."""
        base = self.base_url.rstrip("/")
        return base if base.endswith("/chat/completions") else base + "/chat/completions"


class _Retry(Exception):
    """An attempt failed in a way worth retrying; carries the error to raise if not."""

    def __init__(self, error: LlmError, retry_after: float | None = None) -> None:
        super().__init__(str(error))
        self.error = error
        self.retry_after = retry_after


class ChatClient:
    """One endpoint; `complete` returns the assistant's whole reply or raises an LlmError."""

    def __init__(self, config: ClientConfig) -> None:
        self.config = config
        self._mask = KeyMask(config.api_key.get_secret_value())
        url = httpx.URL(config.url)
        port = f":{url.port}" if url.port else ""
        self.endpoint = f"{url.scheme}://{url.host}{port}{url.path}"  # no query, no userinfo
        self._timeout = httpx.Timeout(
            connect=config.connect_timeout,
            read=config.read_timeout,
            write=config.read_timeout,
            pool=config.connect_timeout,
        )

    def complete(
        self,
        messages: list[Message],
        *,
        stream: bool = True,
        cancel: threading.Event | None = None,
        on_delta: Callable[[str], None] | None = None,
        max_tokens: int | None = None,
        temperature: float | None = None,
    ) -> str:
        """Send the messages and return the reply; streamed pieces also go to `on_delta`."""
        payload: dict[str, Any] = {
            "model": self.config.model,
            "messages": messages,
            "stream": stream,
        }
        if max_tokens is not None:
            payload["max_tokens"] = max_tokens
        if temperature is not None:
            payload["temperature"] = temperature
        attempt = 0
        while True:
            _check(cancel)
            try:
                return self._attempt(payload, stream, cancel, on_delta)
            except _Retry as retry:
                if attempt >= self.config.max_retries:
                    raise retry.error from None
                delay = self.config.backoff_base * 2**attempt
                if retry.retry_after is not None:
                    delay = retry.retry_after
                delay = min(max(delay, 0.0), self.config.backoff_max)
                attempt += 1
                log.warning(
                    "%s; retry %d of %d in %.1f s",
                    retry.error,
                    attempt,
                    self.config.max_retries,
                    delay,
                )
                if cancel is not None:
                    if cancel.wait(delay):
                        raise LlmCancelled("the request was cancelled") from None
                else:
                    time.sleep(delay)

    # --- one attempt -------------------------------------------------------------------

    def _headers(self) -> dict[str, str]:
        headers = {"Accept": "text/event-stream, application/json"}
        key = self.config.api_key.get_secret_value()
        if key:
            headers["Authorization"] = f"Bearer {key}"
        return headers

    def _attempt(
        self,
        payload: dict[str, Any],
        stream: bool,
        cancel: threading.Event | None,
        on_delta: Callable[[str], None] | None,
    ) -> str:
        log.info(
            "chat completion: %s, model %s, stream=%s", self.endpoint, payload["model"], stream
        )
        try:
            with (
                httpx.Client(timeout=self._timeout) as http,
                http.stream("POST", self.config.url, json=payload, headers=self._headers()) as r,
            ):
                if r.status_code != 200:
                    raise self._status_error(r)
                deadline = time.monotonic() + self.config.answer_timeout
                # A server that ignores `stream` answers with plain JSON; read it as such.
                if stream and "text/event-stream" in r.headers.get("Content-Type", ""):
                    return self._read_stream(r, cancel, on_delta, deadline)
                return self._read_whole(r, deadline)
        except httpx.ConnectTimeout:
            raise _Retry(
                LlmTimeout(
                    f"{self.endpoint}: no connection within {self.config.connect_timeout:g} s "
                    "(connect timeout)"
                )
            ) from None
        except httpx.ReadTimeout:
            raise LlmTimeout(
                f"{self.endpoint}: no answer for {self.config.read_timeout:g} s (read timeout)"
            ) from None
        except httpx.TimeoutException as error:
            raise LlmTimeout(f"{self.endpoint}: timed out ({type(error).__name__})") from None
        except (httpx.ConnectError, httpx.RemoteProtocolError) as error:
            # RemoteProtocolError here means the server dropped the connection before answering.
            raise _Retry(
                LlmConnectionError(f"{self.endpoint}: {self._scrub(str(error)) or 'no answer'}")
            ) from None
        except httpx.TransportError as error:
            raise LlmConnectionError(
                f"{self.endpoint}: {type(error).__name__}: {self._scrub(str(error))}"
            ) from None

    def _status_error(self, response: httpx.Response) -> Exception:
        body = self._read_at_most(response, MAX_ERROR_BYTES, time.monotonic() + 60)
        excerpt = self._excerpt(body)
        status = response.status_code
        message = f"{self.endpoint} answered HTTP {status}" + (f": {excerpt}" if excerpt else "")
        if 300 <= status < 400:
            where = self._scrub(response.headers.get("Location", ""))[:EXCERPT_CHARS]
            message = (
                f"{self.endpoint} redirected (HTTP {status}) to {where or 'elsewhere'}; not "
                "followed, so the key went nowhere else: set the base URL to the address you trust"
            )
        error = LlmHttpError(status, message)
        if status == 429 or status >= 500:
            return _Retry(error, _retry_after(response))
        return error

    def _read_whole(self, response: httpx.Response, deadline: float) -> str:
        try:
            body = self._read_at_most(response, MAX_REPLY_BYTES + 1, deadline)
        except httpx.RemoteProtocolError:
            raise LlmStreamCutOff(f"{self.endpoint}: the answer was cut off") from None
        try:
            data = json.loads(body)
            choice = data["choices"][0]
            content = choice["message"]["content"]
        except (ValueError, KeyError, IndexError, TypeError):
            if len(body) > MAX_REPLY_BYTES:
                raise self._too_large() from None
            raise self._malformed("not a chat completion", body) from None
        if not isinstance(content, str):
            raise self._malformed("the reply has no text content", body)
        if choice.get("finish_reason") == "length":
            raise self._truncated()
        return self._unechoed(content)

    def _read_stream(
        self,
        response: httpx.Response,
        cancel: threading.Event | None,
        on_delta: Callable[[str], None] | None,
        deadline: float,
    ) -> str:
        pieces: list[str] = []
        received = 0
        masked = StreamMask(self._mask)
        finish: str | None = None
        done = False
        try:
            for line in self._lines(response, cancel, deadline):
                _check(cancel)
                if not line.startswith("data:"):
                    continue  # blank separators, `:` comments, `event:` lines
                data = line[5:].strip()
                if data == "[DONE]":
                    done = True
                    break
                piece, chunk_finish = self._parse_chunk(data)
                finish = chunk_finish or finish
                if piece:
                    pieces.append(piece)
                    received += len(piece.encode())
                    if received > MAX_REPLY_BYTES:
                        raise self._too_large()
                    shown = masked.feed(piece)
                    if shown and on_delta is not None:
                        on_delta(shown)
        except httpx.RemoteProtocolError:
            received = sum(len(p) for p in pieces)
            raise LlmStreamCutOff(
                f"{self.endpoint}: the stream was cut off after {received} characters"
            ) from None
        if finish == "length":
            raise self._truncated()
        # Some servers end with a finish_reason but no [DONE]; that answer is still whole.
        if not done and finish is None:
            received = sum(len(p) for p in pieces)
            raise LlmStreamCutOff(
                f"{self.endpoint}: the stream ended after {received} characters without "
                "[DONE] or a finish reason"
            )
        rest = masked.flush()
        if rest and on_delta is not None:
            on_delta(rest)
        return self._unechoed("".join(pieces))

    def _lines(
        self, response: httpx.Response, cancel: threading.Event | None, deadline: float
    ) -> Iterator[str]:
        """The stream's lines, decoded strictly as UTF-8. Cancel and the answer deadline are
        checked on every piece received, so a stream that drips keep-alives or single bytes
        (each within the read timeout) still ends; no line may outgrow MAX_REPLY_BYTES."""
        decoder = codecs.getincrementaldecoder("utf-8")("strict")
        pending = ""
        for data in response.iter_bytes():
            _check(cancel)
            self._check_deadline(deadline)
            try:
                pending += decoder.decode(data)
            except UnicodeDecodeError:
                raise self._malformed("the stream is not valid UTF-8", data) from None
            if len(pending) > MAX_REPLY_BYTES:
                raise self._too_large()
            *complete, pending = _LINE_BREAK.split(pending)
            yield from complete
        pending += decoder.decode(b"", final=True)
        if pending:
            yield pending

    def _read_at_most(self, response: httpx.Response, limit: int, deadline: float) -> bytes:
        """The body's first `limit` bytes (all of it when shorter), without reading the rest,
        within the answer deadline."""
        data = bytearray()
        for piece in response.iter_bytes():
            self._check_deadline(deadline)
            data += piece
            if len(data) >= limit:
                break
        return bytes(data[:limit])

    def _check_deadline(self, deadline: float) -> None:
        if time.monotonic() > deadline:
            raise LlmTimeout(
                f"{self.endpoint}: the answer took longer than "
                f"{self.config.answer_timeout:g} s (answer timeout)"
            )

    def _parse_chunk(self, data: str) -> tuple[str, str | None]:
        try:
            chunk = json.loads(data)
        except ValueError:
            raise self._malformed("a stream chunk is not JSON", data.encode()) from None
        if isinstance(chunk, dict) and "error" in chunk:
            raise self._malformed("the stream reported an error", data.encode())
        try:
            choices = chunk["choices"]
            if not choices:  # usage-only chunks carry no choice
                return "", None
            choice = choices[0]
            piece = (choice.get("delta") or {}).get("content") or ""
            finish = choice.get("finish_reason")
        except (KeyError, TypeError, AttributeError):
            raise self._malformed(
                "a stream chunk is not a completion chunk", data.encode()
            ) from None
        if not isinstance(piece, str):
            raise self._malformed("a stream chunk has non-text content", data.encode())
        return piece, finish

    # --- messages ----------------------------------------------------------------------

    def _scrub(self, text: str) -> str:
        return self._mask.mask(text)

    def _excerpt(self, body: bytes) -> str:
        # Masked whole, then cut: a cut first could leave part of the key unrecognised.
        return self._scrub(body.decode("utf-8", "replace"))[:EXCERPT_CHARS].strip()

    def _unechoed(self, content: str) -> str:
        if self._mask.found(content):
            raise LlmKeyEchoed(
                f"{self.endpoint}: the answer contains the API key (the endpoint echoes its "
                "request); rejected, nothing written"
            )
        return content

    def _malformed(self, what: str, body: bytes) -> LlmMalformedResponse:
        excerpt = self._excerpt(body[:MAX_ERROR_BYTES])
        return LlmMalformedResponse(f"{self.endpoint}: malformed response: {what}: {excerpt!r}")

    def _too_large(self) -> LlmMalformedResponse:
        return LlmMalformedResponse(
            f"{self.endpoint}: the answer is larger than {MAX_REPLY_BYTES // (1024 * 1024)} MB; "
            "refused"
        )

    def _truncated(self) -> LlmOutputTruncated:
        return LlmOutputTruncated(
            f"{self.endpoint}: the model stopped at its output-token limit (finish_reason=length)"
        )


def _check(cancel: threading.Event | None) -> None:
    if cancel is not None and cancel.is_set():
        raise LlmCancelled("the request was cancelled")


def _retry_after(response: httpx.Response) -> float | None:
    # Only the delta-seconds form; an HTTP-date Retry-After falls back to our own backoff.
    value = response.headers.get("Retry-After", "").strip()
    try:
        return float(value) if value else None
    except ValueError:
        return None
