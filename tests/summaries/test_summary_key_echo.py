"""An endpoint that echoes the request's key into its answer: nothing is written, and the key
appears in no file, output stream or log line (PRODUCT.md §8)."""

from __future__ import annotations

import json
import logging

import pytest
from summary_book import make_book, section_text

from workbench.cli.main import main

KEY = "sk-echo-7Hq2Lm9Xv4Rt8Wc1Zp6N"
EXISTING = "# 滚动摘要\n\n" + section_text(1, 5)
SOURCES = {
    "worldbuilding/world.md": "# 世界观\n\n## 力量体系\n\n炼气、筑基、金丹。\n",
    "characters/protagonist.md": "# 林风\n\n青云宗外门弟子。\n",
    "characters/characters.md": "# 角色\n\n## 苏瑶\n\n内门弟子。\n",
    "outline/outline.md": "# 大纲\n\n林风入宗，识破奸细。\n",
}


@pytest.fixture
def book(tmp_path, chat_server, user_config_dir):
    settings = {"llm": {"base_url": chat_server.url, "model": "m", "api_key": KEY}}
    (user_config_dir / "settings.json").write_text(json.dumps(settings), encoding="utf-8")
    root = make_book(tmp_path / "book", 10, summary=EXISTING)
    for name, text in SOURCES.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text, encoding="utf-8")
    return root


def project_bytes(book) -> dict:
    """Every file of the book (caches under .workbench/ may change; the book may not)."""
    files = [path for path in book.rglob("*") if path.is_file()]
    return {path: path.read_bytes() for path in files if ".workbench" not in path.parts}


@pytest.mark.parametrize("echo", ["{key}", "{authorization}", "密钥是{key}的前半", "KEY-{key}"])
@pytest.mark.parametrize("command", [["summarize", "--range", "6-10"], ["fixed-context"]])
def test_an_answer_echoing_the_key_is_rejected_and_the_key_is_nowhere(
    book, chat_server, Reply, capsys, caplog, echo, command
):
    caplog.set_level(logging.DEBUG)
    # A template-perfect section (or fixed-context part) that quotes the request's key.
    chat_server.play(Reply("ok", section_text(6, 10, filler=f"林风看见一行字：{echo}。")))
    before = project_bytes(book)
    code = main([command[0], str(book), *command[1:], "--backend", "openai"])
    out, err = capsys.readouterr()
    assert code == 1
    assert "API key" in err
    assert project_bytes(book) == before
    for path in book.rglob("*"):
        assert not path.is_file() or KEY.encode() not in path.read_bytes(), path
    for stream in (out, err, caplog.text):
        assert KEY not in stream and KEY[:12] not in stream and KEY[-12:] not in stream
