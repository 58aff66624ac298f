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


def _full_width(text: str) -> str:
    return "".join(chr(ord(c) + 0xFEE0) if "!" <= c <= "~" else c for c in text)


def _reader_sees(text: str) -> str:
    import unicodedata

    folded = unicodedata.normalize("NFKC", text).casefold()
    return "".join(c for c in folded if c.isprintable() and not c.isspace() and c != "\u00ad")


def folded_leaks(text: str) -> list[str]:
    """Runs of the key a reader would recognise in `text` (folded as a reader sees it)."""
    seen, key = _reader_sees(text), _reader_sees(KEY)
    return [
        key[i : i + FRAGMENT]
        for i in range(len(key) - FRAGMENT + 1)
        if key[i : i + FRAGMENT] in seen
    ]


DISGUISES = [
    _full_width(KEY),
    _full_width(KEY).upper(),
    "\u200d".join(KEY),
    "\u200b".join(KEY),
    " ".join(KEY),
    "\u2060\ufeff".join(KEY.upper()),
    "\u00ad".join(KEY[:16]),
    "\u202e" + KEY[:4] + "\u200c" + KEY[4:],
]


@pytest.mark.parametrize("disguise", DISGUISES)
@pytest.mark.parametrize("chunk_size", [40, 1])
def test_a_disguised_key_is_rejected_and_never_streamed(
    chat_server, Reply, client, disguise, chunk_size
):
    # Issue #22: one character per stream event, and the key full-width, with zero-width
    # characters or spaces inside it, reached the rolling summary.
    chat_server.play(
        Reply("ok", "林风" * 17 + "：" + disguise + "。苏瑶不语。", chunk_size=chunk_size)
    )
    pieces: list[str] = []
    with pytest.raises(LlmError, match="API key") as raised:
        client.complete(MESSAGES, stream=True, on_delta=pieces.append)
    assert folded_leaks(str(raised.value)) == []
    assert folded_leaks("".join(pieces)) == []


@pytest.mark.parametrize("disguise", DISGUISES)
def test_masking_a_disguised_key_leaves_the_text_around_it(disguise):
    mask = KeyMask(KEY)
    text = f"林风说：{disguise}，然后走了。"
    assert mask.found(text)
    masked = mask.mask(text)
    assert folded_leaks(masked) == []
    assert masked.startswith("林风说：") and masked.endswith("，然后走了。")


def test_ordinary_prose_and_spacing_are_not_the_key():
    mask = KeyMask(KEY)
    prose = "滚滚长江东逝水。" * 50 + " sk chaos Qe 4 mN7 " + "ＡＢＣ　ｄｅｆ"
    assert not mask.found(prose)
    assert mask.mask(prose) == prose
    # Its own words with the separators between them changed are the key all the same.
    assert mask.found(prose + " sk chaos Zx9 Qe 4 mN7 ")
