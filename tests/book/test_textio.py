from __future__ import annotations

import os

import pytest

from workbench.book.textio import GB18030, UTF8, UTF8_BOM, read_text, write_text
from workbench.errors import DecodeProblem

TEXT = "第一章 雷雨夜\n\n林风握紧玉佩，「走！」\r\n"


@pytest.mark.parametrize(
    ("data", "encoding"),
    [
        (TEXT.encode("utf-8"), UTF8),
        (b"\xef\xbb\xbf" + TEXT.encode("utf-8"), UTF8_BOM),
        (TEXT.encode("gbk"), GB18030),
    ],
)
def test_read_detects_encoding_and_write_keeps_bytes(tmp_path, data, encoding):
    path = tmp_path / "ch001.md"
    path.write_bytes(data)
    loaded = read_text(path)
    assert loaded.encoding == encoding
    assert loaded.text.lstrip("\ufeff") == TEXT
    write_text(path, loaded.text, loaded.encoding)
    assert path.read_bytes() == data


def test_undecodable_bytes_name_file_and_offset(tmp_path):
    path = tmp_path / "bad.md"
    path.write_bytes("好".encode() + b"\xff\xfe\xff")
    with pytest.raises(DecodeProblem) as caught:
        read_text(path)
    assert caught.value.offset == 3
    assert "bad.md" in str(caught.value)
    assert "offset 3" in str(caught.value)


def test_failed_write_leaves_old_file_intact(tmp_path, monkeypatch):
    path = tmp_path / "ch001.md"
    path.write_text("旧的文字", encoding="utf-8")

    def exploding_replace(src, dst):
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", exploding_replace)
    with pytest.raises(OSError, match="disk full"):
        write_text(path, "新的文字" * 1000)
    assert path.read_text(encoding="utf-8") == "旧的文字"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["ch001.md"]
