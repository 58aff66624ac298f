"""book/rolling_summary.py is the one reader of rolling-summary.md: one section type whose
range, body, record and staleness the feed, the summariser, `check` and the editor all use."""

from __future__ import annotations

from workbench.book.check import check_project
from workbench.book.project import Project
from workbench.book.rolling_summary import (
    SUMMARY_CAP,
    chapter_hashes,
    rolling_sections,
    section_at,
    with_record,
)
from workbench.feed import build_feed

SUMMARY = "references/rolling-summary.md"


def test_a_section_reads_its_range_body_record_and_staleness(sample_copy):
    project = Project.open(sample_copy)
    heading = "## 滚动摘要 Ch6-Ch10"
    generated = with_record(
        f"{heading}\n\n### 主题进展与情感主弧\n\n走向。\n", chapter_hashes(project, 6, 10)
    )
    text = f"# 滚动摘要\n\n## 滚动摘要 Ch1-5\n\n手写的。\n\n{generated}"
    by_hand, made = rolling_sections(text)
    assert (by_hand.first, by_hand.last, by_hand.label, by_hand.body) == (1, 5, "Ch1-5", "手写的。")
    assert by_hand.by_hand and not by_hand.stale(project)
    assert (made.first, made.last, made.title) == (6, 10, "滚动摘要 Ch6-Ch10")
    assert "workbench:chapters" not in made.body and made.gist() == "走向。"
    assert not made.by_hand and made.changed_chapters(project) == []
    (sample_copy / "chapters" / "ch007.md").write_text("# 第7章\n\n改过。\n", "utf-8")
    assert made.changed_chapters(Project.open(sample_copy)) == [7]
    assert section_at(text, text.index("走向")) is made
    assert section_at(text, 0) is None  # the file's title is no section


def test_the_feed_and_check_hold_a_section_to_the_same_cap(sample_copy):
    path = sample_copy / SUMMARY
    text = path.read_text("utf-8")
    start = text.index("## 滚动摘要 Ch6-Ch10")
    end = text.find("\n## ", start + 1)
    long = "\n\n" + "长" * (SUMMARY_CAP + 1) + "\n"
    text = text[:end] + long + text[end:] if end > 0 else text + long
    path.write_text(text, "utf-8")
    project = Project.open(sample_copy)
    block = next(b for b in build_feed(project, "MainWriter", 13).blocks if b.covers == (6, 10))
    assert block.cap == SUMMARY_CAP and block.id == "rolling.summary.6-10"
    messages = [p.message for p in check_project(project)]
    assert any(f"over its {SUMMARY_CAP}" in m and "Ch6-Ch10" in m for m in messages), messages
