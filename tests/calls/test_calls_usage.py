"""usage.jsonl against the real loopback chat server: one line per call with every field, the
cost at the profile's prices, our own estimate when the server reports none, and the totals
`workbench usage` prints."""

from __future__ import annotations

import json

import pytest
from pydantic import SecretStr

from workbench.book.project import Project
from workbench.calls.report import usage_data
from workbench.calls.usage import read_usage, recorded_call, usage_path
from workbench.cli.exits import EXIT_OK, EXIT_PROBLEMS
from workbench.cli.main import main
from workbench.llm import ChatClient, ClientConfig, LlmCancelled
from workbench.models import profile_named
from workbench.settings import LlmSettings, ProfileSettings, Settings, save_settings

ANSWER = "陆照把灯剪收进袖中。" * 12
THOUGHT = "本章的钩子应落在那盏无名灯上。" * 6
# Prices per million tokens, in CNY, as an author would type them into Settings.
PRICES = ProfileSettings(
    price_input_hit=0.5, price_input_miss=4.0, price_output=16.0, currency="CNY"
)
USAGE = {
    "prompt_tokens": 1_000_000,
    "completion_tokens": 50_000,
    "prompt_cache_hit_tokens": 800_000,
    "prompt_cache_miss_tokens": 200_000,
    "completion_tokens_details": {"reasoning_tokens": 12_000},
}
# 800,000 × 0.5 + 200,000 × 4 + 50,000 × 16 = 0.40 + 0.80 + 0.80 CNY
COST = 2.00
MESSAGES = [{"role": "system", "content": "全书一段"}, {"role": "user", "content": "第13章的喂入"}]


@pytest.fixture
def priced(chat_server):  # type: ignore[no-untyped-def]
    settings = Settings(
        llm=LlmSettings(base_url=chat_server.url, model="deepseek-v4-pro", api_key=SecretStr("")),
        profiles={"deepseek-v4": PRICES},
    )
    save_settings(settings)
    return profile_named("deepseek-v4", settings)


def _call(project, server, **options):  # type: ignore[no-untyped-def]
    client = ChatClient(ClientConfig(base_url=server.url, model="deepseek-v4-pro", max_retries=0))
    return recorded_call(
        client,
        project,
        MESSAGES,
        kind="send",
        agent="MainWriter",
        chapter=13,
        profile=options.pop("profile"),
        **options,
    )


def test_a_streamed_call_with_usage_and_reasoning_is_one_line_with_every_field(
    sample_copy, chat_server, Reply, priced
):
    chat_server.play(Reply("ok", ANSWER, reasoning=THOUGHT, usage=USAGE))
    project = Project.open(sample_copy)
    reply = _call(project, chat_server, profile=priced)
    assert reply.text == ANSWER and reply.reasoning == THOUGHT
    lines = usage_path(project).read_text(encoding="utf-8").splitlines()
    assert len(lines) == 1
    line = json.loads(lines[0])
    assert set(line) == {
        "time", "kind", "agent", "chapter", "profile", "model", "prompt_tokens",
        "completion_tokens", "cache_hit_tokens", "cache_miss_tokens", "reasoning_tokens",
        "seconds", "cost", "currency", "estimated", "state",
    }  # fmt: skip
    assert line["kind"] == "send" and line["agent"] == "MainWriter" and line["chapter"] == 13
    assert line["model"] == "deepseek-v4-pro" and line["profile"] == "deepseek-v4"
    assert (line["prompt_tokens"], line["completion_tokens"]) == (1_000_000, 50_000)
    assert (line["cache_hit_tokens"], line["cache_miss_tokens"]) == (800_000, 200_000)
    assert line["reasoning_tokens"] == 12_000
    assert line["estimated"] is False and line["state"] == "done"
    assert line["currency"] == "CNY" and round(line["cost"], 2) == COST
    assert line["cost"] == pytest.approx(COST, abs=1e-9)
    assert line["seconds"] >= 0 and line["time"][4] == "-"


def test_a_server_without_usage_gets_our_own_count_marked_estimated(
    sample_copy, chat_server, Reply, priced
):
    chat_server.play(Reply("ok", ANSWER, reasoning=THOUGHT))
    project = Project.open(sample_copy)
    _call(project, chat_server, profile=priced)
    (record,), problems = read_usage(project)
    assert problems == [] and record.estimated
    assert record.prompt_tokens > 0 and record.completion_tokens > record.reasoning_tokens > 0
    assert record.cache_hit_tokens is None and record.cache_miss_tokens is None
    # The cache split unknown: the whole prompt priced as a miss (an upper bound).
    expected = (record.prompt_tokens * 4.0 + record.completion_tokens * 16.0) / 1e6
    assert record.cost == pytest.approx(expected)


def test_a_local_server_has_no_cost(sample_copy, chat_server, Reply):
    chat_server.play(Reply("ok", ANSWER, usage=USAGE))
    project = Project.open(sample_copy)
    _call(project, chat_server, profile=profile_named("ollama"))
    (record,), _ = read_usage(project)
    assert record.cost is None and not record.estimated


def test_a_cancelled_stream_is_recorded_as_billed_so_far(sample_copy, chat_server, Reply, priced):
    import threading

    chat_server.play(Reply("ok", ANSWER * 5, chunk_size=20, delay=0.05))
    project = Project.open(sample_copy)
    cancel = threading.Event()

    def stop_after_first(piece: str) -> None:
        cancel.set()

    with pytest.raises(LlmCancelled):
        _call(project, chat_server, profile=priced, cancel=cancel, on_delta=stop_after_first)
    (record,), _ = read_usage(project)
    assert record.state == "cancelled" and record.estimated and record.completion_tokens > 0


def test_usage_cli_totals_and_names_a_broken_line(sample_copy, chat_server, Reply, priced, capsys):
    project = Project.open(sample_copy)
    chat_server.play(Reply("ok", ANSWER, usage=USAGE))
    _call(project, chat_server, profile=priced)
    _call(project, chat_server, profile=priced)
    assert main(["usage", str(sample_copy), "--format", "json"]) == EXIT_OK
    data = json.loads(capsys.readouterr().out)
    assert data == usage_data(read_usage(project)[0])
    assert data["total"]["calls"] == 2 and data["total"]["cost"] == {"CNY": 4.0}
    assert data["total"]["cache_hit_share"] == 0.8
    assert [row["key"] for row in data["by"]["chapter"]] == ["13"]
    assert main(["usage", str(sample_copy), "--by", "agent"]) == EXIT_OK
    out = capsys.readouterr().out
    assert "| MainWriter | 2 | 2,000,000 | 1,600,000 | 80.0% |" in out and "4.0000 CNY" in out
    with usage_path(project).open("a", encoding="utf-8") as handle:
        handle.write('{"time": "yesterday"\n')
    before = usage_path(project).read_bytes()
    assert main(["usage", str(sample_copy), "--format", "json"]) == EXIT_PROBLEMS
    captured = capsys.readouterr()
    assert json.loads(captured.out)["total"]["calls"] == 2
    assert f"{usage_path(project)}:3: not a usage record" in captured.err
    assert usage_path(project).read_bytes() == before  # never rewritten
