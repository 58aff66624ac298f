"""Numbers past any real call: a server reporting 10^400 tokens, a price typed with 400
digits, and usage.jsonl lines whose fields have the wrong type or size. The paid reply is
kept, every command still runs, and each bad line is named and skipped."""

from __future__ import annotations

import json

from test_send_cli import ANSWER, configure, drafts, workbench

from workbench.book.project import Project
from workbench.calls.usage import read_usage, usage_path
from workbench.settings_file import settings_path

GOOD = {
    "time": "2026-12-01T10:00:00+08:00", "kind": "send", "agent": "MainWriter", "chapter": 3,
    "profile": "deepseek-v4", "model": "deepseek-v4-pro", "prompt_tokens": 100,
    "completion_tokens": 20, "cache_hit_tokens": None, "cache_miss_tokens": None,
    "reasoning_tokens": None, "seconds": 1.5, "cost": 0.01, "currency": "USD",
    "estimated": False, "state": "done",
}  # fmt: skip
# What each bad line holds in place of a good value (JSON text, as a hand edit would write it).
BAD_FIELDS = (
    ("seconds", '"x"'),
    ("agent", '["MainWriter"]'),
    ("currency", "{}"),
    ("cost", "1" + "0" * 400),
    ("estimated", '"yes"'),
    ("model", "null"),
    ("prompt_tokens", "1" + "0" * 400),
    ("chapter", "Infinity"),
    ("seconds", "NaN"),
    ("cost", "1e308"),
)


def test_a_server_reporting_ten_to_the_400_tokens_loses_no_paid_reply(
    sample_copy, chat_server, Reply
):
    configure(chat_server)  # prices set: the cost is computed from the counts
    huge = 10**400
    chat_server.play(Reply("ok", ANSWER, usage={"prompt_tokens": huge, "completion_tokens": huge}))
    done = workbench("send", str(sample_copy), "--chapter", "13", "--agent", "MainWriter")
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    (draft,) = drafts(sample_copy)
    assert draft.read_text(encoding="utf-8") == ANSWER == done.stdout
    (record,), problems = read_usage(Project.open(sample_copy))
    assert problems == []
    assert record.estimated and 0 < record.prompt_tokens < 10**12  # our own count instead
    shown = workbench("usage", str(sample_copy), "--format", "json")
    assert shown.returncode == 0, shown.stderr


def test_a_price_of_400_digits_is_a_message_naming_the_settings(sample_copy, chat_server):
    configure(chat_server)
    data = json.loads(settings_path().read_text(encoding="utf-8"))
    data["profiles"]["deepseek-v4"]["price_output"] = 0  # replaced by the raw digits below
    text = json.dumps(data).replace('"price_output": 0', '"price_output": 1' + "0" * 400)
    settings_path().write_text(text, encoding="utf-8")
    feed = ["feed", str(sample_copy), "--agent", "MainWriter", "--chapter", "13"]
    for command in (["models"], feed):
        done = workbench(*command)
        assert "Traceback" not in done.stderr, command
        assert done.returncode != 0 and str(settings_path()) in done.stderr, command
        assert "price_output" in done.stderr and "must be at most" in done.stderr


def test_a_price_of_5000_digits_is_a_message_too(sample_copy):
    settings_path().parent.mkdir(parents=True, exist_ok=True)
    settings_path().write_text('{"profiles": {"x": {"price_output": 1' + "0" * 5000 + "}}}")
    done = workbench("models")
    assert "Traceback" not in done.stderr and str(settings_path()) in done.stderr


def test_each_bad_usage_line_is_named_and_skipped(sample_copy):
    project = Project.open(sample_copy)
    good = json.dumps(GOOD)
    lines = [good]
    for name, raw in BAD_FIELDS:
        bad = json.dumps({**GOOD, name: "@@"}).replace('"@@"', raw)
        lines.append(bad)
    lines.append("[" * 2000 + "]" * 2000)
    lines.append(good)
    path = usage_path(project)
    path.parent.mkdir(exist_ok=True)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    records, problems = read_usage(project)
    assert len(records) == 2
    bad_numbers = range(2, len(lines))
    assert [p.split(": ")[0] for p in problems] == [f"{path}:{n}" for n in bad_numbers]
    done = workbench("usage", str(sample_copy), "--format", "json")
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert json.loads(done.stdout)["total"]["calls"] == 2
    assert f"{path}:2: not a usage record" in done.stderr
    checked = workbench("check", str(sample_copy))
    assert ".workbench/usage.jsonl: line 2: not a usage record" in checked.stdout
    assert "no problems" not in checked.stdout
