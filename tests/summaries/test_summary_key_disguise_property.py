"""Property, end to end: an endpoint that echoes the key in any encoding and dress
(tests/key_disguises.py) inside a summary gets `summarize` refused, and the key, in that
form or plain, reaches no file under the project (`.workbench/` included), none in the
settings folder, and no line of the debug log or the output."""

from __future__ import annotations

import json
import logging

from hypothesis import HealthCheck, given, settings
from key_disguises import carries, echoes
from summary_book import make_book, section_text

from workbench.cli.main import main

EXISTING = "# 滚动摘要\n\n" + section_text(1, 5)


def _texts(folder):
    for path in folder.rglob("*"):
        if path.is_file():
            yield path, path.read_bytes().decode("utf-8", "replace")


@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(echo=echoes())
def test_no_disguise_of_the_key_reaches_a_file_or_a_log(
    tmp_path_factory, chat_server, Reply, user_config_dir, capsys, caplog, monkeypatch, echo
):
    key, encoded, disguise = echo
    book = make_book(tmp_path_factory.mktemp("book") / "book", 10, summary=EXISTING)
    settings_file = user_config_dir / "settings.json"
    settings_file.write_text(json.dumps({"llm": {"base_url": chat_server.url, "model": "m"}}))
    monkeypatch.setenv("WORKBENCH_LLM_API_KEY", key)
    caplog.clear()
    caplog.set_level(logging.DEBUG)
    quoted = section_text(6, 10, filler=f"林风看见一行字：{disguise}。")
    chat_server.play(Reply("ok", quoted, chunk_size=7))
    code = main(["--debug", "summarize", str(book), "--range", "6-10", "--backend", "openai"])
    out, err = capsys.readouterr()
    assert code == 1 and "API key" in err, (out, err)
    for where, text in [*_texts(book), *_texts(user_config_dir), ("log", caplog.text)]:
        assert not carries(text, encoded) and not carries(text, key), where
    assert not carries(out + err, encoded) and not carries(out + err, key)
