"""The chat-completions client against a real HTTP server on 127.0.0.1."""

from __future__ import annotations

import logging
import threading

import pytest

from workbench.llm import (
    ChatClient,
    ClientConfig,
    LlmCancelled,
    LlmConnectionError,
    LlmHttpError,
    LlmMalformedResponse,
    LlmNotConfigured,
    LlmOutputTruncated,
    LlmStreamCutOff,
    LlmTimeout,
)
from workbench.settings import Settings

KEY = "sk-test-8d1f4c0e9b7a6d5c"
ANSWER = "滚滚长江东逝水，浪花淘尽英雄。" * 7
MESSAGES = [{"role": "user", "content": "你好"}]


@pytest.fixture
def configured(chat_server, monkeypatch) -> ClientConfig:
    """The client configured the way users do it: environment variables over Settings."""
    monkeypatch.setenv("WORKBENCH_LLM_BASE_URL", chat_server.url)
    monkeypatch.setenv("WORKBENCH_LLM_MODEL", "test-model")
    monkeypatch.setenv("WORKBENCH_LLM_API_KEY", KEY)
    settings = Settings.model_validate({"llm": {"read_timeout": 0.5, "max_retries": 2}})
    return ClientConfig.from_settings(settings, backoff_base=0.01)


@pytest.mark.parametrize("stream", [True, False])
def test_success_returns_the_whole_reply_and_sends_the_key(chat_server, Reply, configured, stream):
    chat_server.play(Reply("ok", ANSWER))
    pieces: list[str] = []
    reply = ChatClient(configured).complete(MESSAGES, stream=stream, on_delta=pieces.append)
    assert reply == ANSWER
    if stream:
        assert len(pieces) > 1 and "".join(pieces) == ANSWER
    request = chat_server.requests[0]
    assert request.headers["Authorization"] == f"Bearer {KEY}"
    assert request.body["model"] == "test-model"
    assert request.body["stream"] is stream


def test_429_is_retried_honouring_retry_after(chat_server, Reply, configured):
    chat_server.play(
        Reply("status", status=429, headers=(("Retry-After", "0"),)), Reply("ok", ANSWER)
    )
    assert ChatClient(configured).complete(MESSAGES) == ANSWER
    assert len(chat_server.requests) == 2


def test_500_every_time_gives_up_after_the_retries(chat_server, Reply, configured):
    chat_server.play(Reply("status", status=500))
    with pytest.raises(LlmHttpError) as caught:
        ChatClient(configured).complete(MESSAGES)
    assert caught.value.status == 500
    assert "HTTP 500" in str(caught.value)
    assert len(chat_server.requests) == 1 + configured.max_retries


def test_client_errors_are_not_retried(chat_server, Reply, configured):
    chat_server.play(Reply("status", status=401))
    with pytest.raises(LlmHttpError, match="HTTP 401"):
        ChatClient(configured).complete(MESSAGES)
    assert len(chat_server.requests) == 1


def test_a_hang_past_the_read_timeout_is_a_timeout(chat_server, Reply, configured):
    chat_server.play(Reply("hang"))
    with pytest.raises(LlmTimeout, match="read timeout"):
        ChatClient(configured).complete(MESSAGES)


@pytest.mark.parametrize("stream", [True, False])
def test_malformed_json_is_a_malformed_response(chat_server, Reply, configured, stream):
    chat_server.play(Reply("malformed"))
    with pytest.raises(LlmMalformedResponse, match="malformed response"):
        ChatClient(configured).complete(MESSAGES, stream=stream)


@pytest.mark.parametrize("stream", [True, False])
def test_an_answer_cut_off_midway_is_reported(chat_server, Reply, configured, stream):
    chat_server.play(Reply("cutoff", ANSWER))
    with pytest.raises(LlmStreamCutOff, match=r"cut off|without \[DONE\]"):
        ChatClient(configured).complete(MESSAGES, stream=stream)


@pytest.mark.parametrize("stream", [True, False])
def test_output_stopped_at_the_token_limit_is_truncated(chat_server, Reply, configured, stream):
    chat_server.play(Reply("truncated", ANSWER))
    with pytest.raises(LlmOutputTruncated, match="finish_reason=length"):
        ChatClient(configured).complete(MESSAGES, stream=stream)


def test_nothing_listening_is_a_connection_error(configured):
    # Port 9 (discard) on localhost is closed on test machines; the retries stay short.
    config = ClientConfig(base_url="http://127.0.0.1:9/v1", model="m", backoff_base=0.01)
    with pytest.raises(LlmConnectionError, match=r"127\.0\.0\.1:9/"):
        ChatClient(config).complete(MESSAGES)


def test_cancel_between_chunks_stops_the_stream(chat_server, Reply, configured):
    chat_server.play(Reply("ok", ANSWER * 5))
    cancel = threading.Event()
    pieces: list[str] = []

    def on_delta(piece: str) -> None:
        pieces.append(piece)
        cancel.set()

    with pytest.raises(LlmCancelled):
        ChatClient(configured).complete(MESSAGES, cancel=cancel, on_delta=on_delta)
    assert len(pieces) == 1


def test_cancel_during_backoff_stops_retrying(chat_server, Reply, configured):
    chat_server.play(Reply("status", status=503))
    cancel = threading.Event()
    slow = ClientConfig.from_settings(Settings(), backoff_base=30.0)
    cancel.set()
    with pytest.raises(LlmCancelled):
        ChatClient(slow).complete(MESSAGES, cancel=cancel)
    assert chat_server.requests == []


def test_not_configured_says_how_to_configure():
    with pytest.raises(LlmNotConfigured, match="WORKBENCH_LLM_BASE_URL"):
        ClientConfig.from_settings(Settings())


@pytest.mark.parametrize("kind", ["ok", "status", "echo", "hang", "malformed", "cutoff"])
def test_the_key_is_never_logged_or_in_a_message(chat_server, Reply, configured, caplog, kind):
    caplog.set_level(logging.DEBUG)  # httpx and httpcore log requests at DEBUG
    chat_server.play(Reply(kind, ANSWER, status=500))
    try:
        ChatClient(configured).complete(MESSAGES)
        message = ""
    except Exception as error:  # every failure kind is checked for the key
        message = f"{error!s} {error!r} {error.__cause__!s}"
    assert chat_server.requests[0].headers["Authorization"].endswith(KEY)  # it was sent
    assert caplog.records  # something was logged
    assert KEY not in caplog.text
    assert KEY not in message
    assert KEY not in repr(configured)
    if kind == "echo":
        assert "bad credentials: Bearer ***" in message
