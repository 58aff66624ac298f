"""`workbench summarize`: ranges, pending, usage errors, exit codes."""

from __future__ import annotations

from summary_book import make_book, section_text

from workbench.cli.main import main


def test_pending_writes_every_missing_range_in_order(tmp_path, capsys):
    root = make_book(tmp_path / "b", 12)
    assert main(["summarize", str(root), "--pending", "--backend", "offline"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert [line.split(" to ")[0] for line in out] == [
        "wrote 滚动摘要 Ch1-5",
        "wrote 滚动摘要 Ch6-10",
    ]
    assert all(line.endswith("字, offline draft)") for line in out)
    text = (root / "references" / "rolling-summary.md").read_text(encoding="utf-8")
    assert text.index("## 滚动摘要 Ch1-Ch5") < text.index("## 滚动摘要 Ch6-Ch10")
    assert "Ch11" not in text


def test_nothing_pending_is_said_and_is_not_an_error(tmp_path, capsys):
    root = make_book(tmp_path / "b", 7, summary="# 滚动摘要\n\n" + section_text(1, 5))
    before = (root / "references" / "rolling-summary.md").read_bytes()
    assert main(["summarize", str(root), "--pending"]) == 0
    assert "nothing to summarise" in capsys.readouterr().out
    assert (root / "references" / "rolling-summary.md").read_bytes() == before


def test_a_bad_range_is_a_usage_error(tmp_path, capsys):
    root = make_book(tmp_path / "b", 5)
    assert main(["summarize", str(root), "--range", "5-1"]) == 2
    assert "is not A-B with A <= B" in capsys.readouterr().err
    assert not (root / "references" / "rolling-summary.md").exists()


def test_a_range_that_cannot_be_fed_is_refused_and_nothing_is_written(tmp_path, capsys):
    root = make_book(tmp_path / "b", 10)
    assert main(["summarize", str(root), "--range", "Ch6-10"]) == 1
    err = capsys.readouterr().err
    assert "滚动摘要 Ch6-10 未写入：RollingSummarizer 的喂入未齐备" in err
    assert "references/rolling-summary.md left unchanged" in err
    assert not (root / "references" / "rolling-summary.md").exists()
