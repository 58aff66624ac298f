"""Endpoint chaos on 127.0.0.1: slow drips, huge answers, wrong content types, invalid UTF-8,
redirects elsewhere. Nothing is written unless valid, every failure is explained, and the key
appears in no file, log line or output stream (PRODUCT.md §8)."""

from __future__ import annotations

import json
import logging

import pytest
from pydantic import SecretStr
from summary_book import make_book, section_text

from workbench.book.project import Project
from workbench.cli.main import main
from workbench.llm import ClientConfig
from workbench.summaries.errors import SummaryRejected
from workbench.summaries.jobs import SummaryJob, generate_summary
from workbench.summaries.openai_backend import OpenAIBackend

KEY = "sk-chaos-41f7Qz9Lm2Xw8Rt5"
EXISTING = "# 滚动摘要\n\n" + section_text(1, 5)


@pytest.fixture
def book(tmp_path, chat_server, user_config_dir):
    llm = {
        "base_url": chat_server.url,
        "model": "m",
        "api_key": KEY,
        "read_timeout": 1.0,
        "max_retries": 0,
    }
    (user_config_dir / "settings.json").write_text(json.dumps({"llm": llm}), encoding="utf-8")
    return make_book(tmp_path / "book", 10, summary=EXISTING)


def book_files(book) -> dict:
    files = [path for path in book.rglob("*") if path.is_file()]
    return {path: path.read_bytes() for path in files if ".workbench" not in path.parts}


@pytest.mark.parametrize(
    ("kind", "why"),
    [
        ("html", "malformed response: not a chat completion"),
        ("bad_utf8", "malformed response"),
        ("huge", "larger than 8 MB"),
    ],
)
def test_a_misbehaving_endpoint_writes_nothing_and_says_why(
    book, chat_server, Reply, capsys, caplog, kind, why
):
    caplog.set_level(logging.DEBUG)
    chat_server.play(Reply(kind, delay=0.2))
    before = book_files(book)
    code = main(["summarize", str(book), "--range", "6-10", "--backend", "openai"])
    out, err = capsys.readouterr()
    assert code == 1
    assert why in err and "left unchanged" in err
    assert book_files(book) == before
    for text in (out, err, caplog.text, *(b.decode("utf-8", "replace") for b in before.values())):
        assert KEY not in text


def test_a_redirect_to_another_address_is_not_followed(book, chat_server, Reply, capsys):
    port = chat_server.url.split(":")[-1].split("/")[0]
    chat_server.play(Reply("redirect", f"http://127.0.0.2:{port}/v1/chat/completions"))
    before = book_files(book)
    code = main(["summarize", str(book), "--range", "6-10", "--backend", "openai"])
    err = capsys.readouterr().err
    assert code == 1 and "redirected (HTTP 307) to http://127.0.0.2" in err
    assert "not followed" in err
    assert len(chat_server.requests) == 1  # nothing was sent (with the key) anywhere else
    assert book_files(book) == before


@pytest.mark.parametrize("kind", ["drip", "drip_bytes"])
def test_a_stream_that_drips_forever_ends_at_the_answer_timeout(book, chat_server, Reply, kind):
    config = ClientConfig(
        chat_server.url, "m", api_key=SecretStr(KEY), read_timeout=1.0, answer_timeout=1.5
    )
    chat_server.play(Reply(kind, delay=0.1))
    before = book_files(book)
    with pytest.raises(SummaryRejected, match="answer timeout") as raised:
        generate_summary(Project.open(book), SummaryJob(6, 10), OpenAIBackend(config))
    assert KEY not in str(raised.value)
    assert book_files(book) == before
