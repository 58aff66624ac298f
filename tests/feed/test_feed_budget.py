"""Budget: trimming at sentence boundaries, group allotment, stages, chapter-type templates."""

from __future__ import annotations

from dataclasses import asdict
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from workbench.book.plans import TRUNCATION_MARK
from workbench.book.project import Project
from workbench.feed import Group, Status, build_feed
from workbench.feed.budget import allot
from workbench.feed.config import FeedConfig
from workbench.feed.model import zi
from workbench.feed.trim import _BOUNDARY, demote_headings, trim_to

TEXT = "第一句话写完了。第二句话也写完了！第三句问了一个问题？最后一句「我走了。」"


def test_text_within_the_cap_is_untouched():
    assert trim_to(TEXT, zi(TEXT)) == TEXT


@pytest.mark.parametrize("cap", range(14, zi(TEXT)))
def test_trim_cuts_at_a_sentence_end_and_marks_it(cap):
    trimmed = trim_to(TEXT, cap)
    assert trimmed is not None
    assert zi(trimmed) <= cap
    assert trimmed.endswith(TRUNCATION_MARK)
    kept = trimmed.removesuffix(TRUNCATION_MARK)
    assert TEXT.startswith(kept)
    assert kept[-1] in "。！？」"


def test_trim_returns_none_when_no_sentence_fits():
    assert trim_to(TEXT, 8) is None


def test_trim_cuts_at_paragraphs_too():
    text = "没有标点的一段话\n\n另一段也没有标点"
    assert trim_to(text, 15) == "没有标点的一段话" + TRUNCATION_MARK


def test_headings_nest_under_the_feed_headings():
    assert demote_headings("# 第一章\n\n正文\n\n## 小节\n") == "### 第一章\n\n正文\n\n#### 小节\n"
    assert demote_headings("### 已经够深\n") == "### 已经够深\n"
    assert demote_headings("```\n# 代码\n```\n") == "```\n# 代码\n```\n"
    assert demote_headings("# 书\n\n##### 深\n") == "### 书\n\n###### 深\n"


def test_allot_gives_unused_room_to_groups_that_need_it():
    shares = {Group.CORE: 0.4, Group.SCENE: 0.35, Group.GLOBAL: 0.25}
    rooms = allot(1000, shares, {Group.CORE: 900, Group.SCENE: 50, Group.GLOBAL: 250})
    assert rooms == {Group.CORE: 700, Group.SCENE: 50, Group.GLOBAL: 250}
    rooms = allot(1000, shares, {Group.CORE: 900, Group.SCENE: 50, Group.GLOBAL: 900})
    assert rooms[Group.SCENE] == 50
    assert sum(rooms.values()) == 1000
    # Surplus splits in proportion to the hungry groups' shares: 0.4 : 0.25.
    assert rooms[Group.CORE] - 400 == pytest.approx((300) * 0.4 / 0.65, abs=2)


def test_allot_never_gives_more_than_the_budget():
    shares = {Group.CORE: 0.5, Group.SCENE: 0.25, Group.GLOBAL: 0.25}
    rooms = allot(999, shares, {Group.CORE: 10_000, Group.SCENE: 10_000, Group.GLOBAL: 10_000})
    assert sum(rooms.values()) == 999


@pytest.mark.parametrize(
    ("chapter", "stage"), [(1, "early"), (30, "early"), (31, "mid"), (119, "mid"), (120, "late")]
)
def test_stage_switches_at_30_and_120(chapter, stage):
    config = FeedConfig()
    assert config.stage(chapter) == stage


def test_stage_tables_are_the_webnovel_writer_ones():
    config = FeedConfig()
    assert asdict(config.weights("plot", "early")) == {
        "core": 0.48,
        "scene": 0.39,
        "global_": 0.13,
    }
    assert config.weights("plot", "mid").global_ == 0.25
    assert config.weights("plot", "late").global_ == 0.35
    assert config.weights("transition", "late").core == 0.46


def _tight(root: Path, budget: int) -> Project:
    (root / "workbench.toml").write_text(f"[feed]\nbudget = {budget}\n", encoding="utf-8")
    return Project.open(root)


@pytest.mark.parametrize(("chapter", "stage"), [(30, "early"), (31, "mid"), (120, "late")])
def test_feed_stage_follows_the_chapter(tmp_path, chapter, stage):
    from feed_factory import make_project

    project = Project.open(make_project(tmp_path / "novel", chapters=121, sentences=2))
    feed = build_feed(project, "MainWriter", chapter)
    assert feed.stage == stage
    weights = FeedConfig().weights("plot", stage)
    assert feed.groups[Group.GLOBAL].share == weights.global_


def test_battle_chapter_gives_the_scene_group_more_room_than_transition(novel):
    project = _tight(novel, 300)  # every group wants more than it gets
    battle = build_feed(project, "MainWriter", 35, chapter_type="battle")
    transition = build_feed(project, "MainWriter", 35, chapter_type="transition")
    assert (battle.template, transition.template) == ("battle", "transition")
    assert battle.groups[Group.SCENE].base > transition.groups[Group.SCENE].base
    assert battle.groups[Group.SCENE].allotted > transition.groups[Group.SCENE].allotted
    assert battle.groups[Group.CORE].allotted < transition.groups[Group.CORE].allotted


def test_plan_front_matter_sets_the_template_and_the_option_overrides_it(novel):
    plan = novel / "outline/chapters/ch035.md"
    plan.write_text(plan.read_text(encoding="utf-8").replace("type: plot", "type: emotion"))
    project = Project.open(novel)
    assert build_feed(project, "MainWriter", 35).template == "emotion"
    feed = build_feed(project, "MainWriter", 35, chapter_type="battle")
    assert (feed.template, feed.template_source) == ("battle", "option")


def test_over_budget_blocks_are_trimmed_or_dropped_with_reasons(novel):
    project = _tight(novel, 900)
    feed = build_feed(project, "MainWriter", 35)
    changed = [b for b in feed.blocks if b.status in (Status.TRIMMED, Status.DROPPED)]
    assert changed
    for block in changed:
        assert block.reason
        assert any(entry.block == block.id for entry in feed.ledger.entries)
    for block in feed.blocks:
        if block.status is Status.TRIMMED and block.kind == "raw_chapter":
            assert block.text.endswith(TRUNCATION_MARK)
    # The oldest raw chapter goes before the newest: the ranker's recency decides.
    raw = {b.chapter: b for b in feed.blocks if b.kind == "raw_chapter"}
    assert raw[34].chars >= raw[32].chars
    style = next(b for b in feed.blocks if b.kind == "style_anchor")
    assert style.status is Status.COMPLETE


def _trim_over_every_boundary(text: str, cap: int) -> str | None:
    """trim_to as it was before it looked only within reach: a search of every boundary."""
    if zi(text) <= cap:
        return text
    room = cap - zi(TRUNCATION_MARK)
    if room <= 0:
        return None
    ends = [match.end() for match in _BOUNDARY.finditer(text)]
    low, high = 0, len(ends)
    while low < high:
        middle = (low + high) // 2
        if zi(text[: ends[middle]]) <= room:
            low = middle + 1
        else:
            high = middle
    for index in range(low - 1, -1, -1):
        kept = text[: ends[index]].rstrip()
        if kept and zi(kept) <= room:
            return kept + TRUNCATION_MARK
    return None


PROSE = ["他说", "走了", "风起云涌", "。", "！", "？", "」", "「", "…", "\n", "\n\n", "**", " "]


@given(
    st.lists(st.sampled_from(PROSE), min_size=100, max_size=600),
    st.integers(min_value=0, max_value=500),
)
@settings(max_examples=300, deadline=None)
def test_a_long_text_is_cut_where_a_search_of_every_boundary_cut_it(pieces, cap):
    text = "".join(pieces)
    assert trim_to(text, cap) == _trim_over_every_boundary(text, cap)
