"""Reasoning models, the server's usage, and retries the caller can show — against a real
chat server on 127.0.0.1."""

from __future__ import annotations

import threading

import pytest
from pydantic import SecretStr

from workbench.llm import ChatClient, ClientConfig, LlmCancelled, LlmHttpError, LlmKeyEchoed
from workbench.llm.client import chat_body
from workbench.llm.errors import LlmTimeout
from workbench.llm.usage import ServerUsage, parse_usage
from workbench.settings import Settings

KEY = "sk-test-reasoning-1f2e3d4c"
ANSWER = "陆照提灯走进雪里。" * 9
THOUGHT = "先想清楚：本章要回收灯纹，再让沈青棠察觉。" * 5
MESSAGES = [{"role": "system", "content": "全书"}, {"role": "user", "content": "喂入"}]
DEEPSEEK_USAGE = {
    "prompt_tokens": 1200,
    "completion_tokens": 340,
    "prompt_cache_hit_tokens": 1000,
    "prompt_cache_miss_tokens": 200,
    "completion_tokens_details": {"reasoning_tokens": 120},
}


def config(server, **changes) -> ClientConfig:  # type: ignore[no-untyped-def]
    values = {"base_url": server.url, "model": "m", "backoff_base": 0.01, "read_timeout": 5.0}
    return ClientConfig(**{**values, **changes})


@pytest.mark.parametrize("stream", [True, False])
def test_reasoning_comes_apart_from_the_answer_with_the_servers_usage(chat_server, Reply, stream):
    chat_server.play(Reply("ok", ANSWER, reasoning=THOUGHT, usage=DEEPSEEK_USAGE))
    answer, thinking = [], []
    reply = ChatClient(config(chat_server)).call(
        MESSAGES, stream=stream, on_delta=answer.append, on_reasoning=thinking.append
    )
    assert reply.text == ANSWER and reply.reasoning == THOUGHT
    assert THOUGHT[:10] not in reply.text
    assert reply.usage == ServerUsage(1200, 340, 1000, 200, 120)
    if stream:
        assert "".join(answer) == ANSWER and "".join(thinking) == THOUGHT
        assert chat_server.requests[0].body["stream_options"] == {"include_usage": True}
    else:
        assert "stream_options" not in chat_server.requests[0].body


def test_a_server_without_usage_gives_none(chat_server, Reply):
    chat_server.play(Reply("ok", ANSWER))
    assert ChatClient(config(chat_server)).call(MESSAGES).usage is None


def test_openai_cached_tokens_are_the_cache_hits():
    usage = parse_usage(
        {
            "prompt_tokens": 900,
            "completion_tokens": 50,
            "prompt_tokens_details": {"cached_tokens": 640},
        }
    )
    assert usage == ServerUsage(900, 50, 640, 260, None)
    assert parse_usage({"prompt_tokens": True}) is None  # a bool is no count
    assert parse_usage("usage") is None


def test_the_body_is_what_is_posted(chat_server, Reply):
    chat_server.play(Reply("ok", ANSWER))
    ChatClient(config(chat_server)).call(MESSAGES, max_tokens=99)
    posted = chat_server.requests[0].body
    assert posted == chat_body("m", MESSAGES, stream=True, max_tokens=99)


def test_the_answer_timeout_runs_from_the_last_piece_of_either(chat_server, Reply):
    # Eight reasoning pieces 0.3 s apart: longer in all than the answer timeout, never
    # silent for as long as it. A keep-alive drip (no piece) still times out (chaos tests).
    chat_server.play(
        Reply("ok", ANSWER, reasoning=THOUGHT, chunk_size=len(THOUGHT) // 8, delay=0.3)
    )
    reply = ChatClient(config(chat_server, answer_timeout=1.5)).call(MESSAGES)
    assert reply.text == ANSWER and reply.reasoning == THOUGHT


def test_a_trickle_within_every_answer_timeout_still_ends_at_the_call_timeout(chat_server, Reply):
    # One reasoning character every 0.3 s, forty of them: never silent for the answer
    # timeout, and longer in all than the call may take. What arrived is the caller's.
    chat_server.play(Reply("ok", ANSWER, reasoning="想" * 40, chunk_size=1, delay=0.3))
    thought: list[str] = []
    client = ChatClient(config(chat_server, answer_timeout=1.5, call_timeout=2.0))
    with pytest.raises(LlmTimeout, match=r"longer than 2 s \(call timeout\)"):
        client.call(MESSAGES, on_reasoning=thought.append)
    assert 0 < len("".join(thought)) < 40


def test_the_call_timeout_is_a_setting(chat_server):
    settings = Settings.model_validate(
        {"llm": {"base_url": chat_server.url, "model": "m", "call_timeout": 90}}
    )
    assert ClientConfig.from_settings(settings).call_timeout == 90.0


def test_a_key_in_the_reasoning_rejects_the_reply(chat_server, Reply):
    chat_server.play(Reply("ok", ANSWER, reasoning="我看到了 {key} 这个密钥"))
    shown: list[str] = []
    client = ChatClient(config(chat_server, api_key=SecretStr(KEY)))
    with pytest.raises(LlmKeyEchoed):
        client.call(MESSAGES, on_reasoning=shown.append)
    assert KEY not in "".join(shown)


def test_each_wait_before_a_retry_is_announced_with_retry_after(chat_server, Reply):
    chat_server.play(
        Reply("status", status=429, headers=(("Retry-After", "0.2"),)),
        Reply("status", status=503),
        Reply("ok", ANSWER),
    )
    waits = []
    reply = ChatClient(config(chat_server)).call(MESSAGES, on_wait=waits.append)
    assert reply.text == ANSWER and reply.retries == 2
    assert [(w.status, w.retry, w.retries) for w in waits] == [(429, 1, 3), (503, 2, 3)]
    assert waits[0].seconds == pytest.approx(0.2)
    assert "HTTP 429" in waits[0].reason


def test_a_retry_after_past_the_answer_timeout_is_not_waited_for(chat_server, Reply):
    chat_server.play(Reply("status", status=429, headers=(("Retry-After", "120"),)))
    waits = []
    with pytest.raises(LlmHttpError, match="asks to wait 120 s") as caught:
        ChatClient(config(chat_server, answer_timeout=30)).call(MESSAGES, on_wait=waits.append)
    assert caught.value.status == 429 and waits == []
    assert len(chat_server.requests) == 1


def test_a_retry_after_date_is_honoured(chat_server, Reply):
    chat_server.play(
        Reply("status", status=429, headers=(("Retry-After", "Wed, 21 Oct 2015 07:28:00 GMT"),)),
        Reply("ok", ANSWER),
    )
    waits = []
    assert ChatClient(config(chat_server)).call(MESSAGES, on_wait=waits.append).text == ANSWER
    assert waits[0].seconds == 0.0  # a date in the past: no wait


def test_a_wait_can_be_cancelled(chat_server, Reply):
    chat_server.play(Reply("status", status=429, headers=(("Retry-After", "20"),)))
    cancel = threading.Event()
    with pytest.raises(LlmCancelled):
        ChatClient(config(chat_server)).call(
            MESSAGES, cancel=cancel, on_wait=lambda wait: cancel.set()
        )
