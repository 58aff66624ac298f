"""Issue #22: a base URL that cannot be called (a bracket left open, a port past 65535, no
http(s), spaces, no host) is a message naming the setting, before any request, from every
command that calls the endpoint — never a traceback out of the HTTP library, never the URL
itself (one may carry a key in its query)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from workbench.llm.endpoint_url import url_problem

BAD = [
    "http://[::1",
    "http://127.0.0.1:99999/v1",
    "htp:/localhost/v1",
    "http://exa mple.com/v1",
    "http://:80/v1",
    "://",
    "http://[::1/v1?key=sk-in-the-query-123456",
]
OPENAI = ("--backend", "openai")
GOOD = ["http://127.0.0.1:8080/v1", "https://api.deepseek.com", "http://[::1]:11434/v1"]


@pytest.mark.parametrize("url", GOOD)
def test_a_callable_base_url_passes(url):
    assert url_problem(url) == ""


@pytest.mark.parametrize("url", BAD)
@pytest.mark.parametrize("command", [["summarize", "--range", "1-5", "--force"], ["fixed-context"]])
def test_an_invalid_base_url_is_a_message_not_a_traceback(
    sample_copy, user_config_dir, url, command
):
    settings = {"llm": {"base_url": url, "model": "m", "api_key": "sk-abcdefghijklmnop"}}
    (user_config_dir / "settings.json").write_text(json.dumps(settings), encoding="utf-8")
    before = (sample_copy / "references" / "rolling-summary.md").read_bytes()
    result = subprocess.run(
        [sys.executable, "-m", "workbench", command[0], str(sample_copy), *command[1:], *OPENAI],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 1, result.stderr
    assert "Traceback" not in result.stderr
    assert "base URL cannot be called" in result.stderr
    assert "sk-in-the-query" not in result.stderr
    assert len(url) < 8 or url not in result.stderr  # "://" is in any message naming http://
    assert (sample_copy / "references" / "rolling-summary.md").read_bytes() == before
