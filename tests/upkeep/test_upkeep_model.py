"""The model backend against a real chat-completions server on 127.0.0.1: a grounded answer
becomes proposals, an ungrounded quote is dropped and counted, and a malformed answer, a
truncated stream or an answer contradicting the ledger writes nothing and says why; the key
is nowhere in the project."""

from __future__ import annotations

import json

import pytest

from workbench.book.project import Project
from workbench.llm import ClientConfig
from workbench.settings import Settings
from workbench.upkeep.errors import UpkeepFailed
from workbench.upkeep.model import ModelUpkeep
from workbench.upkeep.run import run_upkeep
from workbench.upkeep.store import queue_path
from workbench.upkeep.text import Chapter

KEY = "sk-upkeep-test-7d1f0c92e4"
GROUNDED = "第九组第一场，陆照对孙闯。"  # chapter 7 of the sample, as written


@pytest.fixture
def backend(chat_server, monkeypatch):
    monkeypatch.setenv("WORKBENCH_LLM_BASE_URL", chat_server.url)
    monkeypatch.setenv("WORKBENCH_LLM_MODEL", "keeper")
    monkeypatch.setenv("WORKBENCH_LLM_API_KEY", KEY)
    settings = Settings.model_validate({"llm": {"read_timeout": 2, "max_retries": 0}})

    def make(book):
        config = ClientConfig.from_settings(settings, backoff_base=0.01)
        return ModelUpkeep(config, Project.open(book))

    return make


def answer(*items):
    return json.dumps({"proposals": list(items)}, ensure_ascii=False)


def everything(book) -> dict:
    return {p: p.read_bytes() for p in book.rglob("*") if p.is_file()}


def book_files(book) -> dict:
    """Every file of the book (caches under .workbench/ aside)."""
    return {p: data for p, data in everything(book).items() if ".workbench" not in p.parts}


def assert_key_nowhere(book):
    for path, data in everything(book).items():
        assert KEY.encode() not in data, path


def test_grounded_answer_becomes_proposals_and_ungrounded_is_dropped(
    sample_copy, chat_server, Reply, backend
):
    chat_server.play(
        Reply(
            "ok",
            answer(
                {"kind": "character", "chapter": 7, "evidence": GROUNDED, "name": "孙闯"},
                {
                    "kind": "character",
                    "chapter": 7,
                    "evidence": "孙闯从天而降，一剑斩落明月。",
                    "name": "孙闯",
                },
                {
                    "kind": "foreshadowing_sighting",
                    "chapter": 9,
                    "evidence": "谢灵均拨着剑柄上那截红绳",
                    "entry": "F012",
                },
            ),
        )
    )
    result = run_upkeep(Project.open(sample_copy), 6, 10, backend(sample_copy))
    assert result.dropped_ungrounded == 1
    kinds = sorted((p.kind, p.chapter) for p in result.proposals)
    assert kinds == [("character", 7), ("foreshadowing_sighting", 9)]
    character = next(p for p in result.proposals if p.kind == "character")
    line = Project.open(sample_copy).chapter_text(7).split("\n")[character.line - 1]
    assert GROUNDED in line
    request = chat_server.requests[0].body
    assert "第7章" in request["messages"][1]["content"]
    assert_key_nowhere(sample_copy)
    usage = (sample_copy / ".workbench" / "usage.jsonl").read_text("utf-8").splitlines()
    assert [json.loads(line)["kind"] for line in usage] == ["upkeep"]


@pytest.mark.parametrize(
    ("reply", "reason"),
    [
        (("ok", "这不是 JSON"), "不是 JSON"),
        # More digits than Python converts: ValueError, not JSONDecodeError, from the parser.
        (
            ("ok", answer({"kind": "character", "chapter": 7}).replace("7", "1" + "0" * 5000)),
            "不是 JSON",
        ),
        (("ok", '{"proposals": [{"kind": "character", "chapter": 7}]}'), "不符合格式"),
        (
            (
                "truncated",
                answer({"kind": "character", "chapter": 7, "evidence": GROUNDED, "name": "孙闯"}),
            ),
            "output-token limit",
        ),
        (
            (
                "cutoff",
                answer({"kind": "character", "chapter": 7, "evidence": GROUNDED, "name": "孙闯"}),
            ),
            "6-10",
        ),
        (
            (
                "ok",
                answer(
                    {
                        "kind": "foreshadowing_paid",
                        "chapter": 8,
                        "evidence": GROUNDED,
                        "entry": "F002",
                    }
                ),
            ),
            "并未开放",
        ),
    ],
)
def test_unusable_answers_write_nothing_and_say_why(
    sample_copy, chat_server, Reply, backend, reply, reason
):
    chat_server.play(Reply(*reply))
    before = book_files(sample_copy)
    with pytest.raises(UpkeepFailed) as failure:
        run_upkeep(Project.open(sample_copy), 6, 10, backend(sample_copy))
    assert reason in str(failure.value)
    assert KEY not in str(failure.value)
    assert book_files(sample_copy) == before
    assert_key_nowhere(sample_copy)
    assert not queue_path(Project.open(sample_copy)).exists()


def test_a_quote_grounds_only_as_a_clause_of_one_sentence():
    chapter = Chapter.of(
        7, "# 第7章\n\n陆照提灯走过长廊，灯芯噼啪一响。\n\n谢灵在门外等他。她说：「走吧。」\n"
    )
    assert chapter.ground("陆照提灯走过长廊").line == 3  # a clause of its sentence
    assert chapter.ground("她说：「走吧。」").paragraph == 2  # a short sentence whole
    assert chapter.ground("一响。\n\n谢灵") is None  # across a paragraph break
    assert chapter.ground("门外等他。她说") is None  # across two sentences
    assert chapter.ground("走过长廊") is None  # four characters found somewhere
