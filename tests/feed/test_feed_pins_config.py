"""Pins (stored in meta/pins.json, in order) and the `[feed]` settings of workbench.toml."""

from __future__ import annotations

import json

import pytest

from workbench.book.project import Project
from workbench.errors import FileProblem
from workbench.feed import Status, build_feed
from workbench.feed.pins import Pin, add_pin, load_pins, remove_pin, reorder_pins
from workbench.feed.render import feed_markdown


def test_pins_are_saved_in_the_project_in_order(novel):
    project = Project.open(novel)
    assert load_pins(project) == []
    add_pin(project, "F001")
    add_pin(project, "worldbuilding/world.md#力量体系")
    add_pin(project, "block:fixed.world", index=0)
    data = json.loads((novel / "meta/pins.json").read_text(encoding="utf-8"))
    assert data == {
        "version": 1,
        "pins": ["block:fixed.world", "F001", "worldbuilding/world.md#力量体系"],
    }
    reorder_pins(project, ["F001", "worldbuilding/world.md#力量体系", "block:fixed.world"])
    assert load_pins(project)[0].ref == "F001"
    add_pin(project, "block:fixed.world", index=0)  # pinning again moves it
    assert [p.ref for p in load_pins(project)] == [
        "block:fixed.world",
        "F001",
        "worldbuilding/world.md#力量体系",
    ]
    remove_pin(project, "F001")
    assert [p.ref for p in load_pins(project)] == [
        "block:fixed.world",
        "worldbuilding/world.md#力量体系",
    ]


def test_reorder_must_name_every_pin_once(novel):
    project = Project.open(novel)
    add_pin(project, "F001")
    add_pin(project, "characters/characters.md")
    with pytest.raises(FileProblem, match="exactly once"):
        reorder_pins(project, ["F001"])


@pytest.mark.parametrize("content", ["{", '{"pins": "F001"}', '{"pins": [1]}', "[]"])
def test_malformed_pins_file_names_the_file(novel, content):
    (novel / "meta/pins.json").write_text(content, encoding="utf-8")
    with pytest.raises(FileProblem, match=r"pins\.json"):
        load_pins(Project.open(novel))


@pytest.mark.parametrize(
    ("ref", "kind"),
    [
        ("block:fixed.world", "block"),
        ("worldbuilding/world.md", "file"),
        ("worldbuilding/world.md#力量体系", "section"),
        ("notes.md", "file"),
        ("F001", "entry"),
        ("林风—苏瑶", "entry"),
    ],
)
def test_pin_kinds(ref, kind):
    assert Pin(ref).kind == kind


def test_pinned_items_survive_a_budget_that_drops_everything_else(novel):
    project = Project.open(novel)
    add_pin(project, "block:fixed.outline")
    add_pin(project, "characters/characters.md#苏瑶")
    (novel / "workbench.toml").write_text("[feed]\nbudget = 50\n", encoding="utf-8")
    feed = build_feed(Project.open(novel), "MainWriter", 20)
    by_id = {block.id: block for block in feed.blocks}
    assert by_id["fixed.outline"].status is Status.COMPLETE
    pin = next(b for b in feed.blocks if b.kind == "pin")
    assert pin.status is Status.COMPLETE and "筑基初期" in pin.text
    assert by_id["task.style_anchor"].status is Status.COMPLETE
    assert any(b.status is Status.DROPPED for b in feed.blocks)


def test_a_pinned_tracker_entry_comes_first_in_its_block(novel):
    project = Project.open(novel)
    add_pin(project, "F001")
    feed = build_feed(project, "MainWriter", 12)
    block = next(b for b in feed.blocks if b.kind == "foreshadowing")
    assert block.items and block.items[0].key == "F001" and block.items[0].pinned


@pytest.mark.parametrize(
    "toml",
    [
        "[feed]\nbudget = -1\n",
        "[feed]\nbudgett = 100\n",
        "[feed.templates.plot]\ncore = 0.9\nscene = 0.3\nglobal = 0.2\n",
        "[feed.templates.epic]\ncore = 0.4\nscene = 0.3\nglobal = 0.3\n",
        "[feed.recipes.Narrator]\nraw_chapters = 2\n",
        "[feed.recipes.MainWriter]\nraw_chapters = 'three'\n",
        "[feed.ranker]\nrecency = 'high'\n",
        "[feed]\nearly_stage_max = 200\n",
        "feed = 3\n",
    ],
)
def test_bad_feed_settings_name_workbench_toml(novel, toml):
    (novel / "workbench.toml").write_text(toml, encoding="utf-8")
    with pytest.raises(FileProblem, match=r"workbench\.toml"):
        build_feed(Project.open(novel), "MainWriter", 12)


def test_recipes_and_knobs_are_adjustable_in_workbench_toml(novel):
    (novel / "workbench.toml").write_text(
        "[feed]\nsummary_sections = 2\nskeleton_interval = 10\n"
        "[feed.recipes.MainWriter]\nraw_chapters = 1\n"
        "[feed.ranker]\nenabled = false\n",
        encoding="utf-8",
    )
    feed = build_feed(Project.open(novel), "MainWriter", 33)
    assert feed.window == [32]
    summaries = [b.title for b in feed.blocks if b.kind == "summary"]
    assert summaries == ["滚动摘要 Ch21-25", "滚动摘要 Ch26-30"]
    skeleton = next(b for b in feed.blocks if b.kind == "skeleton")
    # The ranker off: the excerpts keep their load order, oldest first.
    assert [i.key for i in skeleton.items] == ["skeleton.3", "skeleton.13", "skeleton.23"]


def test_debug_scores_can_be_switched_on_in_workbench_toml(novel):
    (novel / "workbench.toml").write_text("[feed]\ndebug_scores = true\n", encoding="utf-8")
    feed = build_feed(Project.open(novel), "MainWriter", 23)
    markdown = feed_markdown(feed)
    assert "## 排序得分（调试）" in markdown
    assert "recency=" in markdown
    assert "## 排序得分（调试）" not in feed_markdown(feed, debug_scores=False)


def test_pinned_entries_not_relevant_to_the_chapter_come_from_the_trackers(sample_copy):
    # At 13, F013 (payoff 45) and 陆照—谢灵 (谢灵 is not in plan 13) are not relevant;
    # pinned, F013 comes in as its entry and the pair as its state at 13 (the 第10章 row).
    project = Project.open(sample_copy)
    add_pin(project, "F013")
    add_pin(project, "谢灵—陆照")
    feed = build_feed(project, "MainWriter", 13)
    foreshadowing = next(b for b in feed.blocks if b.kind == "foreshadowing")
    relationships = next(b for b in feed.blocks if b.kind == "relationship")
    assert foreshadowing.items[0].key == "F013"
    assert foreshadowing.items[0].text.startswith("- F013【核心】宗主明彻真人三〇九七年入关")
    assert foreshadowing.items[0].text.endswith("相关原因：置顶")
    assert relationships.items[0].key == "谢灵—陆照"
    assert relationships.items[0].text.startswith("- 第10章 陆照—谢灵｜关系：同伴｜变化：信任→约定")


def test_a_pinned_entry_planted_after_the_chapter_stays_out(sample_copy):
    project = Project.open(sample_copy)
    add_pin(project, "F011")  # planted at 12
    feed = build_feed(project, "MainWriter", 11)
    foreshadowing = next(b for b in feed.blocks if b.kind == "foreshadowing")
    assert "F011" not in foreshadowing.text
    assert "置顶项 F011 未放入：追踪表中没有第11章及以前的记录" in feed_markdown(feed)
