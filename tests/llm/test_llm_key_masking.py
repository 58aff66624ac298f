"""The API key never comes back out of the client: not in a reply, an error excerpt, a
streamed piece or a log line, in any form an endpoint might echo it (PRODUCT.md §8)."""

from __future__ import annotations

import base64
import json
import logging
import urllib.parse

import pytest
from pydantic import SecretStr

from workbench.llm import ChatClient, ClientConfig, LlmError, LlmHttpError, LlmMalformedResponse
from workbench.llm.secrets import KeyMask

KEY = "sk-chaos-Zx9/Qe+4_mN7=wK2pL8vR3"
MESSAGES = [{"role": "user", "content": "你好"}]
FRAGMENT = 8


def fragments(key: str = KEY) -> list[str]:
    """Every run of FRAGMENT characters of the key: none may appear in any output."""
    return [key[i : i + FRAGMENT] for i in range(len(key) - FRAGMENT + 1)]


def leaks(text: str) -> list[str]:
    return [piece for piece in fragments() if piece in text]


@pytest.fixture
def client(chat_server) -> ChatClient:
    config = ClientConfig(
        chat_server.url,
        "m",
        api_key=SecretStr(KEY),
        read_timeout=2,
        max_retries=0,
        backoff_base=0.01,
    )
    return ChatClient(config)


def test_an_error_body_quoting_the_key_at_the_cut_is_masked_before_it_is_cut(
    chat_server, Reply, client, caplog
):
    # The key starts 10 characters before the 200-character excerpt ends.
    chat_server.play(Reply("status", "x" * 183 + "{authorization}", status=400))
    with caplog.at_level(logging.DEBUG), pytest.raises(LlmHttpError) as raised:
        client.complete(MESSAGES, stream=False)
    assert leaks(str(raised.value)) == []
    assert leaks(caplog.text) == []


def test_a_malformed_body_quoting_the_key_is_masked(chat_server, Reply, client):
    chat_server.play(Reply("status", '{"choices": "' + "y" * 177 + '{key}"}', status=200))
    with pytest.raises(LlmMalformedResponse) as raised:
        client.complete(MESSAGES, stream=False)
    assert leaks(str(raised.value)) == []


@pytest.mark.parametrize(
    "form",
    [
        "{key}",
        "{authorization}",
        urllib.parse.quote(KEY, safe=""),
        json.dumps(KEY)[1:-1].replace("/", "\\/"),
        base64.b64encode(KEY.encode()).decode(),
        base64.b64encode(f"Bearer {KEY}".encode()).decode(),
        KEY[:20],  # a part of it
        KEY.upper(),
    ],
)
@pytest.mark.parametrize("stream", [True, False])
def test_a_reply_echoing_the_key_in_any_form_is_rejected(chat_server, Reply, client, form, stream):
    # 35 characters before the key: with 40-character stream pieces it straddles two pieces.
    chat_server.play(Reply("ok", "林风" * 17 + "：" + form + "。苏瑶不语。"))
    pieces: list[str] = []
    with pytest.raises(LlmError, match="API key") as raised:
        client.complete(MESSAGES, stream=stream, on_delta=pieces.append)
    assert leaks(str(raised.value)) == []
    streamed = "".join(pieces)
    assert leaks(streamed) == [] and leaks(streamed.upper()) == []


def test_a_reply_without_the_key_streams_whole(chat_server, Reply, client):
    answer = "滚滚长江东逝水，浪花淘尽英雄。" * 9
    chat_server.play(Reply("ok", answer))
    pieces: list[str] = []
    assert client.complete(MESSAGES, on_delta=pieces.append) == answer
    assert "".join(pieces) == answer


def test_short_placeholder_keys_do_not_reject_ordinary_words():
    mask = KeyMask("ollama")
    assert not mask.found("用 Ollama 在本地跑模型，林风说")
    assert mask.found("key=ollama")
