"""Issue #22: an endpoint that returns the key in a disguise a person still reads as the key —
full-width letters, zero-width characters or spaces inside it, other letter case, one
character per stream event — is refused like the plain echo: nothing is written, and the key
reaches no file, output stream or log line."""

from __future__ import annotations

import json
import logging

import pytest
from summary_book import make_book, section_text

from workbench.cli.main import main

KEY = "sk-echo-7Hq2Lm9Xv4Rt8Wc1Zp6N"
EXISTING = "# 滚动摘要\n\n" + section_text(1, 5)


def full_width(text: str) -> str:
    return "".join(chr(ord(c) + 0xFEE0) if "!" <= c <= "~" else c for c in text)


DISGUISES = {
    "full-width": full_width(KEY),
    "full-width upper": full_width(KEY.upper()),
    "zero-width joiners": "\u200d".join(KEY),
    "zero-width spaces and BOMs": "\u200b\ufeff".join(KEY),
    "spaces": " ".join(KEY),
    "a line break and a tab": KEY[:10] + "\n\t" + KEY[10:],
    "soft hyphens": "\u00ad".join(KEY),
    "mixed": full_width(KEY[:9]) + "\u2060" + KEY[9:].lower(),
}


def folded_fragments() -> list[str]:
    lowered = KEY.lower()
    return [lowered[i : i + 8] for i in range(len(lowered) - 7)]


def assert_key_nowhere(book, *streams: str) -> None:
    import unicodedata

    for path in book.rglob("*"):
        if path.is_file():
            text = unicodedata.normalize("NFKC", path.read_bytes().decode("utf-8", "replace"))
            squeezed = "".join(c for c in text.casefold() if c.isprintable() and not c.isspace())
            squeezed = squeezed.replace("\u200b", "").replace("\u200d", "")
            assert not [f for f in folded_fragments() if f in squeezed], path
    for stream in streams:
        assert KEY not in stream and KEY[:12] not in stream and KEY[-12:] not in stream


@pytest.fixture
def book(tmp_path, chat_server, user_config_dir):
    settings = {"llm": {"base_url": chat_server.url, "model": "m", "api_key": KEY}}
    (user_config_dir / "settings.json").write_text(json.dumps(settings), encoding="utf-8")
    return make_book(tmp_path / "book", 10, summary=EXISTING)


def project_bytes(book) -> dict:
    files = [path for path in book.rglob("*") if path.is_file()]
    return {path: path.read_bytes() for path in files if ".workbench" not in path.parts}


@pytest.mark.parametrize("chunk_size", [40, 1])
@pytest.mark.parametrize("disguise", sorted(DISGUISES))
def test_a_disguised_key_in_the_answer_is_refused(
    book, chat_server, Reply, capsys, caplog, disguise, chunk_size
):
    caplog.set_level(logging.DEBUG)
    quoted = section_text(6, 10, filler=f"林风看见一行字：{DISGUISES[disguise]}。")
    chat_server.play(Reply("ok", quoted, chunk_size=chunk_size))
    before = project_bytes(book)
    code = main(["summarize", str(book), "--range", "6-10", "--backend", "openai"])
    out, err = capsys.readouterr()
    assert code == 1, (out, err)
    assert "API key" in err
    assert project_bytes(book) == before
    assert_key_nowhere(book, out, err, caplog.text)


def test_the_plain_key_one_character_per_event_is_refused(book, chat_server, Reply, capsys):
    quoted = section_text(6, 10, filler=f"密钥：{KEY}")
    chat_server.play(Reply("ok", quoted, chunk_size=1))
    before = project_bytes(book)
    code = main(["summarize", str(book), "--range", "6-10", "--backend", "openai"])
    assert code == 1 and "API key" in capsys.readouterr().err
    assert project_bytes(book) == before


def test_prose_that_only_resembles_the_key_is_written(book, chat_server, Reply, capsys):
    # The same letters scattered through ordinary text are no echo.
    quoted = section_text(6, 10, filler="林风记下 sk 和 echo 两个词，又写了 7 个字。")
    chat_server.play(Reply("ok", quoted))
    assert main(["summarize", str(book), "--range", "6-10", "--backend", "openai"]) == 0
    assert "林风记下" in (book / "references" / "rolling-summary.md").read_text(encoding="utf-8")
