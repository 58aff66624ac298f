"""The feed history (saved feeds listed from their names and totals), block diffs, the chat
prompt with its editable system-message file, and the checklist's fixes."""

from __future__ import annotations

from workbench.book.project import Project
from workbench.feed import build_feed
from workbench.feed.fixes import FixKind, checklist_fixes, ensure_fix_file
from workbench.feed.history import diff_feeds, feed_sections, last_sent, save_feed, saved_feeds
from workbench.feed.prompt import agent_task, chat_messages, ensure_prompts_file, system_message
from workbench.feed.render import feed_json, feed_markdown


def test_saved_feeds_are_listed_newest_first_with_their_totals(sample_copy) -> None:
    project = Project.open(sample_copy)
    feed = build_feed(project, "MainWriter", 13)
    first = save_feed(project, feed, feed_markdown(feed), "md")
    second = save_feed(project, feed, feed_markdown(feed), "md", sent=True)
    save_feed(project, feed, feed_json(feed), "json")  # JSON feeds are not Markdown history
    other = build_feed(project, "OOCGuardian", 12)
    save_feed(project, other, feed_markdown(other), "md", sent=True)
    listed = saved_feeds(project, 13)
    assert [f.path for f in listed] == [second, first]
    totals = feed.totals()["all"]
    assert (listed[0].chars, listed[0].tokens) == (totals["chars"], totals["tokens"])
    assert listed[0].sent and not listed[1].sent and listed[0].ready
    assert last_sent(project, 13, "MainWriter").path == second
    assert last_sent(project, 12, "MainWriter") is None
    assert last_sent(project, 12, "OOCGuardian").agent == "OOCGuardian"


def test_sections_are_the_feed_blocks_and_never_a_demoted_inner_heading(sample_copy) -> None:
    feed = build_feed(Project.open(sample_copy), "MainWriter", 13)
    headings = [s.heading for s in feed_sections(feed_markdown(feed))]
    blocks = [block.heading for block in feed.blocks]
    assert headings[0] == "概要" and headings[1 : len(blocks) + 1] == blocks
    assert headings[len(blocks) + 1 :] == [
        "本次任务概要 · MainWriter · 第13章",
        "本次实际喂入的上下文清单",
        "预算记录",
        "本次任务 · MainWriter",
    ]


def test_diff_names_added_removed_and_changed_blocks_with_a_text_diff(sample_copy) -> None:
    project = Project.open(sample_copy)
    old = feed_markdown(build_feed(project, "MainWriter", 12))
    new = feed_markdown(build_feed(project, "MainWriter", 13))
    changes = diff_feeds(old, new)
    kinds = {c.heading: c.kind for c in changes}
    assert kinds["滚动层 · 前文原文 · 第12章（chapters/ch012.md）"] == "added"
    assert kinds["滚动层 · 前文原文 · 第9章（chapters/ch009.md）"] == "removed"
    assert kinds["固定层 · 世界观摘要（references/fixed-context.md#世界观摘要）"] == "same"
    plan = next(c for c in changes if c.heading.startswith("任务 · 本章规划 · 第13章"))
    assert plan.kind == "added"  # its heading names the chapter
    assert next(c for c in changes if c.heading == "概要").kind == "same"  # the stable opening
    overview = next(c for c in changes if c.heading == "本次任务概要 · MainWriter · 第13章")
    assert overview.kind == "added"  # its heading names the chapter
    assert diff_feeds(new, new) == [c.__class__("same", c.heading) for c in diff_feeds(new, new)]


def test_one_system_message_for_the_book_and_the_task_from_the_editable_file(sample_copy):
    project = Project.open(sample_copy)
    shipped = system_message(project)
    assert "{" not in shipped and "第" not in shipped.split("。")[0]  # names no chapter
    assert "第13章" in agent_task(project, "MainWriter", 13)[0]
    path = ensure_prompts_file(project)
    assert path == sample_copy.resolve() / "meta/agent-system.md"
    path.write_text(
        "## 系统消息\n\n全书一段。{chapter}\n\n## MainWriter\n\n你为第{chapter}章执笔，{agent}。\n",
        encoding="utf-8",
    )
    assert system_message(project) == "全书一段。{chapter}"  # taken as written, never filled
    assert agent_task(project, "MainWriter", 7) == (
        "你为第7章执笔，MainWriter。",
        "meta/agent-system.md",
    )
    assert agent_task(project, "OOCGuardian", 7)[1] == ""  # falls back per agent
    feed = build_feed(project, "MainWriter", 13)
    assert feed_markdown(feed).endswith(
        "## 本次任务 · MainWriter（meta/agent-system.md#MainWriter）\n\n"
        "你为第13章执笔，MainWriter。\n"
    )
    messages = chat_messages(project, "喂入全文")
    assert [m["role"] for m in messages] == ["system", "user"]
    assert messages == [
        {"role": "system", "content": "全书一段。{chapter}"},
        {"role": "user", "content": "喂入全文"},
    ]


def test_fixes_map_each_missing_block_to_an_action(sample_copy) -> None:
    (sample_copy / "references/fixed-context.md").unlink()
    (sample_copy / "meta/style-anchor.md").unlink()
    project = Project.open(sample_copy)
    feed = build_feed(project, "MainWriter", 31)
    kinds = [(f.item, f.kind) for f in checklist_fixes(project, feed)]
    assert kinds[0] == ("fixed", FixKind.FIXED_CONTEXT)
    # The book has chapters: the anchor is made from a passage of them (issue #27).
    assert ("style_anchor", FixKind.STYLE_ANCHOR_PASSAGE) in kinds
    assert ("task", FixKind.PLAN) in kinds
    plan = next(f for f in checklist_fixes(project, feed) if f.kind is FixKind.PLAN)
    ensure_fix_file(project, plan)
    assert project.plan(31).type == "plot"
    written = plan.path.read_bytes()
    ensure_fix_file(project, plan)
    assert plan.path.read_bytes() == written, "an existing file is never replaced"


def test_a_stale_fixed_context_offers_regeneration(sample_copy) -> None:
    world = sample_copy / "worldbuilding/world.md"
    world.write_text(world.read_text(encoding="utf-8") + "\n新的一段设定。\n", encoding="utf-8")
    project = Project.open(sample_copy)
    feed = build_feed(project, "MainWriter", 13)
    assert feed.ready
    [fix] = checklist_fixes(project, feed)
    assert fix.kind is FixKind.FIXED_CONTEXT and fix.stale
