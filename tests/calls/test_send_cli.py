"""`workbench send` end to end, in its own process, against the loopback chat server, on a
copy of the sample: stdout = the draft file = what the server sent; the chapter unchanged."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from pydantic import SecretStr

from workbench.cli.exits import EXIT_NOT_READY, EXIT_PROBLEMS
from workbench.settings import LlmSettings, ProfileSettings, Settings, save_settings

KEY = "sk-send-cli-5a4b3c2d1e"
ANSWER = "# 第13章 药庐夜话\n\n雪落在药庐的瓦上，沈青棠把灯芯剪短了一截。\n" * 4
THOUGHT = "先写雪夜，再让她问起那瓶药。"
USAGE = {"prompt_tokens": 9000, "completion_tokens": 400, "prompt_cache_hit_tokens": 6400,
         "prompt_cache_miss_tokens": 2600}  # fmt: skip


def configure(server, **llm) -> None:  # type: ignore[no-untyped-def]
    values = {"base_url": server.url, "model": "deepseek-v4-pro", "api_key": SecretStr(KEY)}
    values.update({"max_retries": 1, **llm})
    prices = ProfileSettings(price_input_hit=0.2, price_input_miss=2.0, price_output=3.0)
    save_settings(Settings(llm=LlmSettings(**values), profiles={"deepseek-v4": prices}))


def workbench(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "workbench", *args],
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=os.environ.copy(),
        timeout=120,
    )


def drafts(root: Path) -> list[Path]:
    folder = root / ".workbench" / "drafts"
    return sorted(folder.iterdir()) if folder.is_dir() else []


def test_send_streams_the_answer_keeps_a_draft_and_records_the_call(
    sample_copy, chat_server, Reply
):
    configure(chat_server)
    chat_server.play(Reply("ok", ANSWER, reasoning=THOUGHT, usage=USAGE))
    chapter = sample_copy / "chapters" / "ch012.md"
    before = chapter.read_bytes()
    done = workbench("send", str(sample_copy), "--chapter", "13", "--agent", "MainWriter")
    assert done.returncode == 0, done.stderr
    (draft,) = drafts(sample_copy)
    assert draft.name.startswith("ch0013-MainWriter-") and draft.name.endswith("-done.md")
    assert done.stdout == draft.read_text(encoding="utf-8") == ANSWER
    assert THOUGHT not in done.stdout  # the reasoning is never part of the answer
    assert chapter.read_bytes() == before and not (sample_copy / "chapters/ch013.md").exists()
    posted = chat_server.requests[0]
    assert posted.headers["Authorization"] == f"Bearer {KEY}"
    assert KEY not in done.stdout + done.stderr
    assert "usage: 9,000 prompt tokens (cache hit 71.1%)" in done.stderr

    # The body posted is exactly what `feed --format messages` prints (no key in it).
    printed = workbench("feed", str(sample_copy), "--agent", "MainWriter", "--chapter", "13",
                        "--format", "messages")  # fmt: skip
    assert json.loads(printed.stdout) == posted.body and KEY not in printed.stdout

    shown = workbench("usage", str(sample_copy), "--format", "json")
    data = json.loads(shown.stdout)
    assert data["total"]["calls"] == 1 and data["by"]["chapter"][0]["key"] == "13"
    # 6400 × 0.2 + 2600 × 2 + 400 × 3 = 7680 per million
    assert data["total"]["cost"] == {"USD": 0.00768}
    sent = list((sample_copy / ".workbench" / "feeds").glob("ch0013-MainWriter-*-sent.md"))
    assert len(sent) == 1


def test_send_refuses_a_feed_that_is_not_ready(sample_copy, chat_server, Reply):
    configure(chat_server)
    chat_server.play(Reply("ok", ANSWER))
    (sample_copy / "references/fixed-context.md").unlink()
    refused = workbench("send", str(sample_copy), "--chapter", "13", "--agent", "MainWriter")
    assert refused.returncode == EXIT_NOT_READY and refused.stdout == ""
    assert "✗ 固定层齐备" in refused.stderr and "nothing sent" in refused.stderr
    assert chat_server.requests == [] and drafts(sample_copy) == []


def test_send_keeps_the_reasoning_only_when_asked(sample_copy, chat_server, Reply):
    configure(chat_server)
    chat_server.play(Reply("ok", ANSWER, reasoning=THOUGHT))
    done = workbench(
        "send", str(sample_copy), "--chapter", "13", "--agent", "MainWriter", "--keep-reasoning"
    )
    assert done.returncode == 0, done.stderr
    draft, reasoning = drafts(sample_copy)
    assert draft.read_text(encoding="utf-8") == ANSWER
    assert reasoning.name == draft.stem + ".reasoning.md"
    assert reasoning.read_text(encoding="utf-8") == THOUGHT
    assert "estimated (the server reported no usage)" in done.stderr


def test_a_failing_server_exits_non_zero_with_the_reason(sample_copy, chat_server, Reply):
    configure(chat_server, max_retries=0)
    chat_server.play(Reply("status", status=503))
    failed = workbench("send", str(sample_copy), "--chapter", "13", "--agent", "MainWriter")
    assert failed.returncode == EXIT_PROBLEMS
    assert "HTTP 503" in failed.stderr and failed.stdout == ""
    assert drafts(sample_copy) == []


def test_no_key_for_a_hosted_profile_says_where_to_set_it(sample_copy):
    save_settings(Settings())
    failed = workbench("send", str(sample_copy), "--chapter", "13", "--agent", "MainWriter")
    assert failed.returncode == EXIT_PROBLEMS
    assert "needs an API key: set it in Settings" in failed.stderr
