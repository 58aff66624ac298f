"""A base URL carrying the key (`?key=…`, `user:key@host`) is called at the right address —
`/chat/completions` after the path, the query after that — and `--debug` never shows the key:
every log line's URLs are redacted, the HTTP library's request line among them. The real
`workbench` command in a child process against the loopback server."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from summary_like import summary_section

from workbench.llm.endpoint_url import chat_url
from workbench.url_redaction import redacted

KEY = "sk-query-9Fh2Kq7Lm4Xz8Vb1"


@pytest.mark.parametrize(
    ("base", "called"),
    [
        ("http://h/v1", "http://h/v1/chat/completions"),
        ("http://h/v1/", "http://h/v1/chat/completions"),
        ("http://h/v1?key=abc", "http://h/v1/chat/completions?key=abc"),
        ("http://h/v1/?key=abc#x", "http://h/v1/chat/completions?key=abc#x"),
        ("http://h/v1/chat/completions?a=1", "http://h/v1/chat/completions?a=1"),
    ],
)
def test_the_chat_path_goes_after_the_path_not_after_the_query(base, called):
    assert chat_url(base) == called


def test_a_url_in_any_line_loses_its_password_query_values_and_fragment():
    line = f'HTTP Request: POST http://me:{KEY}@127.0.0.1:8080/v1?key={KEY}&{KEY}#{KEY} "200"'
    shown = redacted(line)
    assert KEY not in shown
    assert shown == 'HTTP Request: POST http://***@127.0.0.1:8080/v1?key=***&***#*** "200"'
    assert redacted("see http://[::1]:9/v1 and https://a.example/x") == (
        "see http://[::1]:9/v1 and https://a.example/x"
    )


@pytest.mark.parametrize("where", ["query", "userinfo"])
def test_debug_never_prints_a_key_carried_in_the_base_url(
    sample_copy, chat_server, Reply, user_config_dir, where
):
    port = chat_server.url.split(":")[-1].split("/")[0]
    base = {
        "query": f"http://127.0.0.1:{port}/v1?key={KEY}",
        "userinfo": f"http://writer:{KEY}@127.0.0.1:{port}/v1",
    }[where]
    settings = {"llm": {"base_url": base, "model": "m"}}
    (user_config_dir / "settings.json").write_text(json.dumps(settings), encoding="utf-8")
    chat_server.play(Reply("ok", summary_section(6, 10)))
    command = [
        "--debug",
        "summarize",
        str(sample_copy),
        "--range",
        "6-10",
        "--backend",
        "openai",
        "--force",
    ]
    result = subprocess.run(
        [sys.executable, "-m", "workbench", *command],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    assert "HTTP Request: POST http://" in result.stderr  # the line that showed the URL
    assert KEY not in result.stderr and KEY[:10] not in result.stderr
    assert KEY not in result.stdout
    called = chat_server.requests[-1].path
    expected = f"/v1/chat/completions?key={KEY}" if where == "query" else "/v1/chat/completions"
    assert called == expected
