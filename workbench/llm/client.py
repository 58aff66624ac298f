"""Chat completions over HTTP: streaming or not, with timeouts, bounded retries and cancel.

Retries (exponential backoff capped at `backoff_max`, or the server's Retry-After as long as
the wait ends within the answer timeout) cover what is worth trying again before any answer
has arrived: connection failures, connect timeouts, 429 and 5xx; each wait is announced
(`on_wait`) so the author sees the countdown, and can be cancelled. A read timeout is not
retried — a model that went silent for the whole read timeout rarely recovers, and the
caller has already waited long. Nothing is retried once a streamed answer has started, since
part of it has been handed to the caller.

The API key goes only into the Authorization header: never into a log line or an error
message. Everything that comes back is masked before it is cut, shown or logged (error
bodies, streamed pieces), and an answer that contains the key in any form is rejected
(LlmKeyEchoed), never returned. Answers are bounded: a body or stream past MAX_REPLY_BYTES is
refused rather than held in memory.

A reasoning model streams its thinking (`reasoning_content`, on some servers `reasoning`)
before the answer: it goes to `on_reasoning`, never into the answer's text, and the answer
timeout counts from the last piece of either, so a long think is not cut off while it still
arrives. The server's usage (asked for in streams with `stream_options.include_usage`) comes
back with the reply (`ChatReply.usage`), as the server reported it.
"""

from __future__ import annotations

import codecs
import email.utils
import json
import logging
import math
import re
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from dataclasses import replace as dataclass_replace
from typing import TYPE_CHECKING, Any

import httpx

from workbench.llm.endpoint_url import chat_url, url_problem
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
from workbench.llm.usage import ServerUsage, parse_usage
from workbench.secret_text import SecretStr

if TYPE_CHECKING:
    from workbench.settings import Settings

log = logging.getLogger(__name__)

Message = dict[str, str]
EXCERPT_CHARS = 200
MAX_REPLY_BYTES = 8 * 1024 * 1024  # far past any chat answer; more is a broken endpoint
MAX_ERROR_BYTES = 64 * 1024  # what is read of an error body, to quote from
_LINE_BREAK = re.compile(r"\r\n|\r|\n")
MAX_LINE_CHARS = 1024 * 1024  # one event of a stream: a chunk of a few words, far below this


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
    answer_timeout: float = 600.0  # seconds with nothing of the answer arriving
    call_timeout: float = 1800.0  # seconds for the whole call, retries included

    @classmethod
    def from_settings(cls, settings: Settings, **overrides: Any) -> ClientConfig:
        """The endpoint in the user's settings (environment first); LlmNotConfigured if unset."""
        llm = settings.with_environment().llm
        if not llm.base_url or not llm.model:
            raise LlmNotConfigured(
                "no model endpoint configured: set the base URL and model in Settings, or "
                "WORKBENCH_LLM_BASE_URL and WORKBENCH_LLM_MODEL (and WORKBENCH_LLM_API_KEY)"
            )
        problem = url_problem(llm.base_url)
        if problem:
            raise LlmNotConfigured(f"the model endpoint's base URL cannot be called: {problem}")
        values: dict[str, Any] = {
            "base_url": llm.base_url,
            "model": llm.model,
            "api_key": llm.api_key,
            "connect_timeout": llm.connect_timeout,
            "read_timeout": llm.read_timeout,
            "answer_timeout": llm.answer_timeout,
            "call_timeout": llm.call_timeout,
            "max_retries": llm.max_retries,
        }
        values.update(overrides)
        return cls(**values)

    @property
    def url(self) -> str:
        """The chat-completions URL (base URLs are given up to `/v1`, as OpenAI's are)."""
        return chat_url(self.base_url)


@dataclass(frozen=True)
class ChatReply:
    """One answer: its text, the reasoning that came before it, and the server's usage."""

    text: str
    reasoning: str = ""
    usage: ServerUsage | None = None  # None: the server reported none
    retries: int = 0  # attempts before the one that answered


@dataclass(frozen=True)
class RetryWait:
    """A wait before trying again, as `on_wait` hears of it."""

    seconds: float
    retry: int  # the retry this wait leads to, from 1
    retries: int  # how many retries are allowed
    reason: str  # what went wrong (masked)
    status: int | None = None  # the HTTP status, when it was one


def chat_body(
    model: str,
    messages: list[Message],
    *,
    stream: bool = True,
    max_tokens: int | None = None,
    temperature: float | None = None,
) -> dict[str, Any]:
    """The JSON body of a chat-completions request (what `workbench feed --format messages`
    prints and `ChatClient.call` posts); a stream asks for its usage in the last chunk."""
    body: dict[str, Any] = {"model": model, "messages": messages, "stream": stream}
    if stream:
        body["stream_options"] = {"include_usage": True}
    if max_tokens is not None:
        body["max_tokens"] = max_tokens
    if temperature is not None:
        body["temperature"] = temperature
    return body


class _Deadline:
    """The answer timeout: `seconds` from the start, or from the last piece received; and
    the call's own end (`until`, monotonic), which no piece moves: a stream that trickles a
    character within every answer timeout still ends there."""

    def __init__(self, seconds: float, until: float = math.inf) -> None:
        self.seconds = seconds
        self.until = until
        self.at = time.monotonic() + seconds

    def extend(self) -> None:
        self.at = time.monotonic() + self.seconds

    def passed(self) -> bool:
        return time.monotonic() > min(self.at, self.until)

    def call_ended(self) -> bool:
        return time.monotonic() > self.until


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
        reply = self.call(
            messages,
            stream=stream,
            cancel=cancel,
            on_delta=on_delta,
            max_tokens=max_tokens,
            temperature=temperature,
        )
        return reply.text

    def call(
        self,
        messages: list[Message],
        *,
        stream: bool = True,
        cancel: threading.Event | None = None,
        on_delta: Callable[[str], None] | None = None,
        on_reasoning: Callable[[str], None] | None = None,
        on_wait: Callable[[RetryWait], None] | None = None,
        max_tokens: int | None = None,
        temperature: float | None = None,
    ) -> ChatReply:
        """Send the messages; the reply with its reasoning and usage. Streamed pieces go to
        `on_delta` (answer) and `on_reasoning` (thinking); each wait before a retry to
        `on_wait` first."""
        payload = chat_body(
            self.config.model,
            messages,
            stream=stream,
            max_tokens=max_tokens,
            temperature=temperature,
        )
        began = time.monotonic()
        until = began + self.config.call_timeout
        attempt = 0
        while True:
            _check(cancel)
            try:
                reply = self._attempt(payload, stream, cancel, on_delta, on_reasoning, until)
            except _Retry as retry:
                if attempt >= self.config.max_retries:
                    raise retry.error from None
                delay = self._delay(retry, attempt, began)
                if time.monotonic() + delay > until:  # the call's own end comes first
                    raise retry.error from None
                attempt += 1
                log.warning(
                    "%s; retry %d of %d in %.1f s",
                    retry.error,
                    attempt,
                    self.config.max_retries,
                    delay,
                )
                if on_wait is not None:
                    status = getattr(retry.error, "status", None)
                    wait = RetryWait(delay, attempt, self.config.max_retries, str(retry.error))
                    on_wait(dataclass_replace(wait, status=status))
                if cancel is not None:
                    if cancel.wait(delay):
                        raise LlmCancelled("the request was cancelled") from None
                else:
                    time.sleep(delay)
            else:
                return dataclass_replace(reply, retries=attempt)

    def _delay(self, retry: _Retry, attempt: int, began: float) -> float:
        """Seconds to wait before the next try: the server's Retry-After when it ends within
        the answer timeout (else the error, since waiting longer is pointless), our own
        capped backoff otherwise."""
        if retry.retry_after is None:
            delay = self.config.backoff_base * 2**attempt
            return min(max(delay, 0.0), self.config.backoff_max)
        delay = max(retry.retry_after, 0.0)
        left = self.config.answer_timeout - (time.monotonic() - began)
        if delay > left:
            raise type(retry.error)(
                *_error_args(retry.error),
                f"{retry.error}; the server asks to wait {delay:g} s, longer than the answer "
                f"timeout leaves ({max(left, 0.0):.0f} s of {self.config.answer_timeout:g} s): "
                "not retried",
            ) from None
        return delay

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
        on_reasoning: Callable[[str], None] | None,
        until: float,
    ) -> ChatReply:
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
                deadline = _Deadline(self.config.answer_timeout, until)
                # A server that ignores `stream` answers with plain JSON; read it as such.
                if stream and "text/event-stream" in r.headers.get("Content-Type", ""):
                    return self._read_stream(r, cancel, on_delta, on_reasoning, deadline)
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
        body = self._read_at_most(response, MAX_ERROR_BYTES, _Deadline(60))
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

    def _read_whole(self, response: httpx.Response, deadline: _Deadline) -> ChatReply:
        try:
            body = self._read_at_most(response, MAX_REPLY_BYTES + 1, deadline)
        except httpx.RemoteProtocolError:
            raise LlmStreamCutOff(f"{self.endpoint}: the answer was cut off") from None
        try:
            data = json.loads(body)
            choice = data["choices"][0]
            message = choice["message"]
            content = message["content"]
        except (ValueError, KeyError, IndexError, TypeError):
            if len(body) > MAX_REPLY_BYTES:
                raise self._too_large() from None
            raise self._malformed("not a chat completion", body) from None
        if not isinstance(content, str):
            raise self._malformed("the reply has no text content", body)
        if choice.get("finish_reason") == "length":
            raise self._truncated()
        reasoning = _reasoning(message)
        if not isinstance(reasoning, str):
            raise self._malformed("the reply's reasoning is not text", body)
        usage = parse_usage(data.get("usage")) if isinstance(data, dict) else None
        return ChatReply(self._unechoed(content), self._unechoed(reasoning), usage)

    def _read_stream(
        self,
        response: httpx.Response,
        cancel: threading.Event | None,
        on_delta: Callable[[str], None] | None,
        on_reasoning: Callable[[str], None] | None,
        deadline: _Deadline,
    ) -> ChatReply:
        answer = _Channel(self._mask, on_delta)
        thinking = _Channel(self._mask, on_reasoning)
        received = 0
        usage: ServerUsage | None = None
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
                piece, thought, chunk_finish, chunk_usage = self._parse_chunk(data)
                finish = chunk_finish or finish
                usage = chunk_usage or usage
                if piece or thought:
                    deadline.extend()  # the answer timeout runs from the last piece of either
                    received += len(piece.encode()) + len(thought.encode())
                    if received > MAX_REPLY_BYTES:
                        raise self._too_large()
                    thinking.add(thought)
                    answer.add(piece)
        except httpx.RemoteProtocolError:
            raise LlmStreamCutOff(
                f"{self.endpoint}: the stream was cut off after {answer.length} characters"
            ) from None
        if finish == "length":
            raise self._truncated()
        # Some servers end with a finish_reason but no [DONE]; that answer is still whole.
        if not done and finish is None:
            raise LlmStreamCutOff(
                f"{self.endpoint}: the stream ended after {answer.length} characters without "
                "[DONE] or a finish reason"
            )
        thinking.flush()
        answer.flush()
        return ChatReply(self._unechoed(answer.text()), self._unechoed(thinking.text()), usage)

    def _lines(
        self, response: httpx.Response, cancel: threading.Event | None, deadline: _Deadline
    ) -> Iterator[str]:
        """The stream's lines, decoded strictly as UTF-8. Cancel and the answer deadline are
        checked on every piece received, so a stream that drips keep-alives or single bytes
        (each within the read timeout) still ends; no line may outgrow MAX_LINE_CHARS. Each
        piece is searched for line breaks once, so a long line costs time in proportion to
        its length (re-splitting everything pending on every piece was quadratic: one 10 MB
        line without a newline took minutes)."""
        decoder = codecs.getincrementaldecoder("utf-8")("strict")
        line: list[str] = []  # the pieces of the line still open
        length = 0
        carry = ""  # a trailing \r, which may be the first half of \r\n
        for data in response.iter_bytes():
            _check(cancel)
            self._check_deadline(deadline)
            try:
                text = carry + decoder.decode(data)
            except UnicodeDecodeError:
                raise self._malformed("the stream is not valid UTF-8", data) from None
            carry = ""
            if text.endswith("\r"):
                text, carry = text[:-1], "\r"
            first, *rest = _LINE_BREAK.split(text)
            line.append(first)
            length += len(first)
            if length > MAX_LINE_CHARS:
                raise self._line_too_long()
            if rest:
                yield "".join(line)
                *complete, last = rest
                for whole in complete:
                    if len(whole) > MAX_LINE_CHARS:
                        raise self._line_too_long()
                    yield whole
                line, length = [last], len(last)
                if length > MAX_LINE_CHARS:
                    raise self._line_too_long()
        rest_text = "".join(line) + carry + decoder.decode(b"", final=True)
        for whole in _LINE_BREAK.split(rest_text):
            if whole:
                yield whole

    def _read_at_most(self, response: httpx.Response, limit: int, deadline: _Deadline) -> bytes:
        """The body's first `limit` bytes (all of it when shorter), without reading the rest,
        within the answer deadline."""
        data = bytearray()
        for piece in response.iter_bytes():
            self._check_deadline(deadline)
            data += piece
            if len(data) >= limit:
                break
        return bytes(data[:limit])

    def _check_deadline(self, deadline: _Deadline) -> None:
        if deadline.call_ended():
            raise LlmTimeout(
                f"{self.endpoint}: the call took longer than {self.config.call_timeout:g} s "
                "(call timeout), however steadily the answer trickled in"
            )
        if deadline.passed():
            raise LlmTimeout(
                f"{self.endpoint}: nothing of the answer arrived for "
                f"{self.config.answer_timeout:g} s (answer timeout)"
            )

    def _parse_chunk(self, data: str) -> tuple[str, str, str | None, ServerUsage | None]:
        """(answer piece, reasoning piece, finish reason, usage) of one stream chunk."""
        try:
            chunk = json.loads(data)
        except ValueError:
            raise self._malformed("a stream chunk is not JSON", data.encode()) from None
        if isinstance(chunk, dict) and "error" in chunk:
            raise self._malformed("the stream reported an error", data.encode())
        try:
            choices = chunk["choices"]
            usage = parse_usage(chunk.get("usage"))
            if not choices:  # usage-only chunks carry no choice
                return "", "", None, usage
            choice = choices[0]
            delta = choice.get("delta") or {}
            piece = delta.get("content") or ""
            thought = _reasoning(delta)
            finish = choice.get("finish_reason")
        except (KeyError, TypeError, AttributeError):
            raise self._malformed(
                "a stream chunk is not a completion chunk", data.encode()
            ) from None
        if not isinstance(piece, str) or not isinstance(thought, str):
            raise self._malformed("a stream chunk has non-text content", data.encode())
        return piece, thought, finish, usage

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

    def _line_too_long(self) -> LlmMalformedResponse:
        return LlmMalformedResponse(
            f"{self.endpoint}: malformed response: a line of the stream is longer than "
            f"{MAX_LINE_CHARS // (1024 * 1024)} MB (1,048,576 characters); refused"
        )

    def _truncated(self) -> LlmOutputTruncated:
        return LlmOutputTruncated(
            f"{self.endpoint}: the model stopped at its output-token limit (finish_reason=length)"
        )


class _Channel:
    """One streamed text (the answer or the reasoning): kept whole, handed on masked."""

    def __init__(self, mask: KeyMask, listener: Callable[[str], None] | None) -> None:
        self.pieces: list[str] = []
        self.length = 0
        self.masked = StreamMask(mask)
        self.listener = listener

    def add(self, piece: str) -> None:
        if not piece:
            return
        self.pieces.append(piece)
        self.length += len(piece)
        shown = self.masked.feed(piece)
        if shown and self.listener is not None:
            self.listener(shown)

    def flush(self) -> None:
        rest = self.masked.flush()
        if rest and self.listener is not None:
            self.listener(rest)

    def text(self) -> str:
        return "".join(self.pieces)


def _reasoning(message: dict) -> Any:
    """The reasoning of a message or delta: DeepSeek's and vLLM's `reasoning_content`, or
    `reasoning` (OpenRouter, Ollama); '' when there is none."""
    value = message.get("reasoning_content")
    if value is None:
        value = message.get("reasoning")
    return "" if value is None else value


def _error_args(error: LlmError) -> tuple[Any, ...]:
    """The arguments an error of this type takes before its message."""
    return (error.status,) if isinstance(error, LlmHttpError) else ()


def _check(cancel: threading.Event | None) -> None:
    if cancel is not None and cancel.is_set():
        raise LlmCancelled("the request was cancelled")


def _retry_after(response: httpx.Response) -> float | None:
    """Retry-After in seconds: delta-seconds, or an HTTP date (seconds from now); None when
    absent or unreadable (our own backoff then)."""
    value = response.headers.get("Retry-After", "").strip()
    if not value:
        return None
    try:
        return float(value)
    except ValueError:
        pass
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    if when.tzinfo is None:
        return None
    return max(when.timestamp() - time.time(), 0.0)
