"""The checklist (本次实际喂入的上下文清单): what is missing, stale, and how to fix it."""

from __future__ import annotations

from feed_factory import make_project

from workbench.book.project import Project
from workbench.feed import build_feed
from workbench.feed.render import feed_markdown


def _item(feed, key):
    return next(item for item in feed.checklist.items if item.key == key)


def test_complete_project_is_ready(novel):
    feed = build_feed(Project.open(novel), "MainWriter", 23)
    assert feed.ready
    assert [i.ok for i in feed.checklist.items] == [True] * 5
    markdown = feed_markdown(feed)
    # The checklist follows the material (the stable head comes first, for prefix caches).
    assert markdown.index("## 固定层") < markdown.index("## 本次实际喂入的上下文清单")
    assert "✓ 附带 meta/style-anchor.md 全文" in markdown


def test_missing_fixed_context_is_named_with_the_command(novel):
    (novel / "references/fixed-context.md").unlink()
    feed = build_feed(Project.open(novel), "MainWriter", 23)
    fixed = _item(feed, "fixed")
    assert not feed.ready and not fixed.ok
    assert any("references/fixed-context.md 不存在" in m for m in fixed.missing)
    assert fixed.fix == [f"workbench fixed-context {novel}"]


def test_changed_sources_mark_the_fixed_layer_stale(novel):
    world = novel / "worldbuilding/world.md"
    world.write_text(world.read_text(encoding="utf-8") + "\n新的势力。\n", encoding="utf-8")
    feed = build_feed(Project.open(novel), "OOCGuardian", 23)
    fixed = _item(feed, "fixed")
    assert fixed.ok and feed.ready  # stale is flagged, not blocking
    assert fixed.stale == ["worldbuilding/world.md"]
    assert f"workbench fixed-context {novel}" in fixed.fix
    assert "已过期" in feed_markdown(feed)


def test_missing_summaries_block_the_rolling_layer(tmp_path):
    root = make_project(tmp_path / "novel", chapters=30, summaries_to=10)
    feed = build_feed(Project.open(root), "MainWriter", 23)
    rolling = _item(feed, "rolling")
    assert not rolling.ok
    assert rolling.missing == ["滚动摘要（到第20章）（缺少 Ch11-20 的滚动摘要）"]
    assert rolling.fix == [f"workbench summarize {root} --pending"]


def test_no_summary_is_needed_before_chapter_six(tmp_path):
    root = make_project(tmp_path / "novel", chapters=30, summaries_to=0)
    assert build_feed(Project.open(root), "MainWriter", 5).ready
    assert not build_feed(Project.open(root), "MainWriter", 6).ready


def test_missing_tracker_and_style_anchor(novel):
    (novel / "references/plot-tracker.md").unlink()
    (novel / "meta/style-anchor.md").unlink()
    feed = build_feed(Project.open(novel), "MainWriter", 23)
    assert not _item(feed, "on_demand").ok
    assert any("plot-tracker.md" in m for m in _item(feed, "on_demand").missing)
    assert not _item(feed, "style_anchor").ok
    # FinalReviewer needs the on-demand layer but not the style anchor.
    reviewer = build_feed(Project.open(novel), "FinalReviewer", 23)
    assert not _item(reviewer, "style_anchor").applicable
    assert not reviewer.ready


def test_a_tracker_that_does_not_parse_is_named(novel):
    tracker = novel / "references/plot-tracker.md"
    tracker.write_text(
        tracker.read_text(encoding="utf-8") + "| F002 | 只有两格 |\n", encoding="utf-8"
    )
    feed = build_feed(Project.open(novel), "MainWriter", 23)
    on_demand = _item(feed, "on_demand")
    assert not on_demand.ok
    assert any("plot-tracker.md" in m for m in on_demand.missing)


def test_reviewers_need_this_chapter(novel):
    feed = build_feed(Project.open(novel), "OOCGuardian", 41)  # the book has 40 chapters
    task = _item(feed, "task")
    assert not task.ok and task.missing == ["本章原文 · 第41章（没有第41章的文件）"]
    assert _item(feed, "rolling").ok


def test_a_chapter_gap_is_noted_not_blocking(novel):
    (novel / "chapters/ch021.md").unlink()
    feed = build_feed(Project.open(novel), "MainWriter", 23)
    rolling = _item(feed, "rolling")
    assert rolling.ok and feed.ready
    assert any("第21章" in note for note in rolling.notes)


def test_no_plan_falls_back_to_the_outline_section(novel):
    (novel / "outline/chapters/ch023.md").unlink()
    assert not build_feed(Project.open(novel), "MainWriter", 23).ready
    outline = novel / "outline/outline.md"
    outline.write_text(
        outline.read_text(encoding="utf-8") + "\n### 第23章 雷雨夜\n\n林风夜探后山。\n",
        encoding="utf-8",
    )
    feed = build_feed(Project.open(novel), "MainWriter", 23)
    plan = next(b for b in feed.blocks if b.kind == "plan")
    assert feed.ready and "林风夜探后山" in plan.text
    assert feed.template_source == "default"


def test_an_edited_tracker_shows_in_the_next_feed_of_the_same_project(novel):
    project = Project.open(novel)
    first = build_feed(project, "MainWriter", 23)
    tracker = novel / "references/plot-tracker.md"
    tracker.write_text(
        tracker.read_text(encoding="utf-8")
        + "| F002 | 断剑上的血字 | 10 | 25 | 未回收 | 支线 | 苏瑶 | 断剑 |\n",
        encoding="utf-8",
    )
    second = build_feed(project, "MainWriter", 23)
    keys = [
        [item.key for b in feed.blocks if b.kind == "foreshadowing" for item in b.items]
        for feed in (first, second)
    ]
    assert "F002" not in keys[0] and "F002" in keys[1]


def test_fixes_show_commands_as_code_and_instructions_as_text(novel):
    (novel / "references/fixed-context.md").unlink()
    markdown = feed_markdown(build_feed(Project.open(novel), "MainWriter", 99))
    assert f"补救：`workbench fixed-context {novel}`" in markdown
    assert "补救：写 outline/chapters/ch099.md，或在大纲写一节 `### 第99章`" in markdown
