"""A rolling summary from a real chat-completions server on 127.0.0.1, end to end: only a
good answer is written; every failure leaves rolling-summary.md byte-identical and says why."""

from __future__ import annotations

import json
import logging

import pytest
from summary_book import make_book, section_text, with_chapter_record

from workbench.book.project import Project
from workbench.cli.main import main
from workbench.llm import ClientConfig
from workbench.settings import Settings
from workbench.summaries.errors import SummaryRejected
from workbench.summaries.jobs import SummaryJob, generate_summary, write_summary
from workbench.summaries.openai_backend import OpenAIBackend

KEY = "sk-endpoint-test-5e2b9c41a7"
JOB = SummaryJob(6, 10)
EXISTING = "# 滚动摘要\n\n> 作者手写的说明。\n\n" + section_text(1, 5) + "\n<!-- 作者的注释 -->\n"
GOOD = section_text(6, 10, filler="林风在藏经阁前识破魔宗奸细，与苏瑶的信任更进一步。")


@pytest.fixture
def book(tmp_path):
    return make_book(tmp_path / "book", 10, summary=EXISTING)


@pytest.fixture
def backend(chat_server, monkeypatch):
    """Configured through the environment, with short timeouts and backoff for tests."""
    monkeypatch.setenv("WORKBENCH_LLM_BASE_URL", chat_server.url)
    monkeypatch.setenv("WORKBENCH_LLM_MODEL", "summariser")
    monkeypatch.setenv("WORKBENCH_LLM_API_KEY", KEY)
    settings = Settings.model_validate({"llm": {"read_timeout": 0.5, "max_retries": 2}})

    def make(stream: bool = True) -> OpenAIBackend:
        return OpenAIBackend(ClientConfig.from_settings(settings, backoff_base=0.01), stream=stream)

    return make


def summary_file(book) -> bytes:
    return (book / "references" / "rolling-summary.md").read_bytes()


def recorded(book) -> str:
    """GOOD as written back, with the record of chapters 6-10 under its heading."""
    return with_chapter_record(GOOD, book, range(6, 11))


def summarise(book, backend) -> None:
    project = Project.open(book)
    section = generate_summary(project, JOB, backend)
    write_summary(project, JOB, section)


@pytest.mark.parametrize("stream", [True, False])
def test_success_writes_the_section_after_the_earlier_one(
    book, chat_server, Reply, backend, stream
):
    chat_server.play(Reply("ok", GOOD))
    summarise(book, backend(stream))
    assert summary_file(book).decode() == EXISTING + "\n" + recorded(book)
    # The prompt is the seed's template filled for Ch6-10, then the RollingSummarizer feed.
    system, user = chat_server.requests[0].body["messages"]
    assert system["content"].startswith(
        "你是小说压缩专家。请将以下前5章内容压缩为≤2200字的故事摘要。"
    )
    assert "## 滚动摘要 Ch6-Ch10" in system["content"]
    assert "本次实际喂入的上下文清单" in user["content"]
    assert "林风在第6章醒来" in user["content"] and "林风在第10章醒来" in user["content"]
    assert "林风在第5章醒来" not in user["content"]  # earlier chapters come only as the summary
    assert "滚动摘要 Ch1-5" in user["content"]


def test_429_then_success_writes(book, chat_server, Reply, backend):
    chat_server.play(
        Reply("status", status=429, headers=(("Retry-After", "0"),)), Reply("ok", GOOD)
    )
    summarise(book, backend())
    assert summary_file(book).decode() == EXISTING + "\n" + recorded(book)
    assert len(chat_server.requests) == 2


OVER_CAP = section_text(6, 10, filler="林风" * 600)
NO_STATE = GOOD.split("### 当前世界")[0]


@pytest.mark.parametrize(
    ("kind", "content", "why"),
    [
        ("status", "", "answered HTTP 500"),
        ("hang", "", "no answer for 0.5 s (read timeout)"),
        ("malformed", "", "malformed response"),
        ("cutoff", GOOD, "stream ended after"),
        ("ok", OVER_CAP, "超过上限 2200 字"),
        ("ok", NO_STATE, "缺少小节 `### 当前世界/势力/主角状态概要`"),
    ],
)
def test_failures_leave_the_file_byte_identical_and_say_why(
    book, chat_server, Reply, backend, kind, content, why
):
    chat_server.play(Reply(kind, content, status=500))
    before = summary_file(book)
    with pytest.raises(SummaryRejected) as caught:
        summarise(book, backend())
    assert str(caught.value).startswith("滚动摘要 Ch6-10 未写入：")
    assert why in str(caught.value)
    assert summary_file(book) == before


def test_a_stream_cut_off_midway_is_not_written_non_streaming_either(
    book, chat_server, Reply, backend
):
    chat_server.play(Reply("cutoff", GOOD))
    before = summary_file(book)
    with pytest.raises(SummaryRejected, match="cut off"):
        summarise(book, backend(stream=False))
    assert summary_file(book) == before


def test_the_key_stays_out_of_the_project_the_feed_and_the_log(
    book, chat_server, Reply, backend, caplog
):
    caplog.set_level(logging.DEBUG)
    chat_server.play(Reply("status", status=503), Reply("ok", GOOD))
    summarise(book, backend())
    assert chat_server.requests[0].headers["Authorization"] == f"Bearer {KEY}"
    for path in book.rglob("*"):
        if path.is_file():
            assert KEY.encode() not in path.read_bytes(), path
    assert KEY not in json.dumps([r.body for r in chat_server.requests], ensure_ascii=False)
    assert KEY not in caplog.text


def write_user_settings(folder, **llm) -> None:
    (folder / "settings.json").write_text(json.dumps({"llm": llm}), encoding="utf-8")


def test_cli_summarize_with_the_openai_backend(book, chat_server, Reply, user_config_dir, capsys):
    write_user_settings(
        user_config_dir, base_url=chat_server.url, model="m", api_key=KEY, max_retries=0
    )
    chat_server.play(Reply("ok", GOOD))
    assert main(["summarize", str(book), "--range", "6-10", "--backend", "openai"]) == 0
    out = capsys.readouterr().out
    assert "wrote 滚动摘要 Ch6-10 to references/rolling-summary.md" in out
    assert summary_file(book).decode() == EXISTING + "\n" + recorded(book)


def test_cli_says_what_went_wrong_and_exits_non_zero(
    book, chat_server, Reply, user_config_dir, capsys
):
    write_user_settings(
        user_config_dir, base_url=chat_server.url, model="m", api_key=KEY, max_retries=0
    )
    chat_server.play(Reply("status", status=500))
    before = summary_file(book)
    assert main(["summarize", str(book), "--range", "6-10", "--backend", "openai"]) == 1
    err = capsys.readouterr().err
    assert "滚动摘要 Ch6-10 未写入" in err and "HTTP 500" in err
    assert "references/rolling-summary.md left unchanged" in err
    assert KEY not in err
    assert summary_file(book) == before


def test_cli_without_an_endpoint_says_how_to_configure_one(book, capsys):
    assert main(["summarize", str(book), "--range", "6-10", "--backend", "openai"]) == 1
    assert "WORKBENCH_LLM_BASE_URL" in capsys.readouterr().err
