"""Rolling summaries and the fixed context by a model endpoint are recorded in usage.jsonl
like every other call (kind, agent RollingSummarizer, the range's last chapter)."""

from __future__ import annotations

from summary_book import make_book, section_text

from workbench.book.project import Project
from workbench.calls.usage import read_usage
from workbench.llm import ClientConfig
from workbench.summaries.jobs import SummaryJob, generate_summary
from workbench.summaries.openai_backend import OpenAIBackend

GOOD = section_text(6, 10, filler="林风在藏经阁前识破魔宗奸细，与苏瑶的信任更进一步。")
USAGE = {"prompt_tokens": 5200, "completion_tokens": 900, "prompt_cache_hit_tokens": 0,
         "prompt_cache_miss_tokens": 5200}  # fmt: skip


def test_a_rolling_summary_call_is_recorded(tmp_path, chat_server, Reply):
    book = make_book(tmp_path / "book", 10, summary="# 滚动摘要\n\n" + section_text(1, 5))
    chat_server.play(Reply("ok", GOOD, usage=USAGE))
    backend = OpenAIBackend(ClientConfig(base_url=chat_server.url, model="summariser"))
    project = Project.open(book)
    generate_summary(project, SummaryJob(6, 10), backend)
    (record,), problems = read_usage(project)
    assert problems == []
    assert (record.kind, record.agent, record.chapter) == (
        "rolling_summary",
        "RollingSummarizer",
        10,
    )
    assert (record.prompt_tokens, record.completion_tokens) == (5200, 900)
    assert record.model == "summariser" and not record.estimated
