"""Stale rolling summaries: a section records its chapters' hashes; a changed chapter makes it
stale in the feed, the checklist and `check`; `summarize --stale` regenerates only those."""

from __future__ import annotations

from workbench.book.check import check_project
from workbench.book.project import Project
from workbench.cli.main import main
from workbench.feed import build_feed

SUMMARY = "references/rolling-summary.md"


def summary_block(root, chapter=13):
    feed = build_feed(Project.open(root), "MainWriter", chapter)
    block = next(b for b in feed.blocks if b.id == "rolling.summary.6-10")
    rolling = next(item for item in feed.checklist.items if item.key == "rolling")
    return feed, block, rolling


def stale_warnings(root):
    return [p.message for p in check_project(Project.open(root)) if "is stale" in p.message]


def test_an_edited_chapter_makes_its_section_stale_and_summarize_stale_fixes_only_it(
    sample_copy, capsys
):
    root = sample_copy
    # The sample's two sections were written by hand (no record): never stale, and replaced
    # only with --force.
    (root / "chapters" / "ch003.md").write_text("# 第3章\n\n改写过的第三章。\n", "utf-8")
    assert stale_warnings(root) == []

    assert main(["summarize", str(root), "--range", "6-10", "--backend", "offline", "--force"]) == 0
    capsys.readouterr()
    text = (root / SUMMARY).read_text(encoding="utf-8")
    assert "## 滚动摘要 Ch6-Ch10\n<!-- workbench:chapters\n6 sha256=" in text
    _, block, rolling = summary_block(root)
    assert (block.notes, block.stale, rolling.stale) == ([], [], [])
    assert "workbench:chapters" not in block.text  # the record is never fed

    chapter_7 = root / "chapters" / "ch007.md"
    chapter_7.write_text(chapter_7.read_text(encoding="utf-8") + "\n新添的一段。\n", "utf-8")
    feed, block, rolling = summary_block(root)
    assert block.notes == ["已过期：第7章在这段摘要生成后改过"]
    assert block.fix == f"workbench summarize {root} --stale"
    assert rolling.stale == ["滚动摘要 Ch6-10：第7章"]
    assert "已过期（来源已修改：滚动摘要 Ch6-10：第7章）" in rolling.line()
    assert feed.ready  # stale is flagged, not blocking
    assert stale_warnings(root) == [
        "line 36: 滚动摘要 Ch6-Ch10 is stale: chapter 7 changed since it was made "
        f"(`workbench summarize {root} --stale`)"
    ]

    before = (root / SUMMARY).read_text(encoding="utf-8")
    hand_written = before[: before.index("## 滚动摘要 Ch6-Ch10")]
    assert main(["summarize", str(root), "--stale", "--backend", "offline"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert [line.split(" to ")[0] for line in out] == ["wrote 滚动摘要 Ch6-10"]
    after = (root / SUMMARY).read_text(encoding="utf-8")
    assert after.startswith(hand_written)  # Ch1-5, by hand and with chapter 3 changed: kept
    assert stale_warnings(root) == []
    assert summary_block(root)[1].notes == []

    assert main(["summarize", str(root), "--stale"]) == 0
    assert "nothing to regenerate" in capsys.readouterr().out
    assert (root / SUMMARY).read_text(encoding="utf-8") == after


def test_an_author_editing_the_section_text_keeps_the_record(sample_copy, capsys):
    root = sample_copy
    assert main(["summarize", str(root), "--range", "6-10", "--backend", "offline", "--force"]) == 0
    path = root / SUMMARY
    head, generated = path.read_text(encoding="utf-8").split("## 滚动摘要 Ch6-Ch10")
    added = generated.replace(
        "### 主题进展与情感主弧\n", "### 主题进展与情感主弧\n\n作者补的一句。\n"
    )
    path.write_text(head + "## 滚动摘要 Ch6-Ch10" + added, encoding="utf-8")
    assert stale_warnings(root) == []
    (root / "chapters" / "ch009.md").unlink()  # a chapter gone counts as changed
    assert stale_warnings(root)[0].startswith("line 36: 滚动摘要 Ch6-Ch10 is stale: chapter 9")
