"""Whole tracker files: several tables and prose, errors with their line numbers."""

from __future__ import annotations

import pytest
from mini_novel import PLOT_TRACKER, RELATIONSHIP_TRACKER

from workbench.trackers.columns import Status
from workbench.trackers.errors import TrackerParseError
from workbench.trackers.parse import parse_tracker


def test_the_mini_novel_plot_tracker():
    parsed = parse_tracker(PLOT_TRACKER, "plot-tracker.md", "references/plot-tracker.md")
    first = parsed.foreshadowing[0]
    assert (first.id, first.content, first.planted, first.payoff, first.status) == (
        "F001", "玉佩在雷雨夜发热", 3, 20, Status.OPEN,
    )  # fmt: skip
    assert (first.tier, first.characters, first.keywords, first.line, first.source) == (
        "核心", ("林风",), ("玉佩", "雷"), 7, "references/plot-tracker.md",
    )  # fmt: skip
    assert [e.id for e in parsed.foreshadowing] == [f"F{n:03d}" for n in range(1, 14)]
    resolved = parsed.foreshadowing[8]
    assert (resolved.status, resolved.resolved_at) == (Status.RESOLVED, 6)


def test_the_mini_novel_relationship_tracker():
    parsed = parse_tracker(RELATIONSHIP_TRACKER, "relationship-tracker.md")
    rows = [
        (r.chapter, r.a, r.b, r.relation, r.change, r.note, r.line) for r in parsed.relationships
    ]
    assert rows[0] == (1, "林风", "苏瑶", "同门", "陌生→相识", "入门初见", 5)
    assert rows[-1] == (9, "林风", "苏瑶", "道侣", "信任→相许", "", 12)


def test_several_tables_prose_tables_extra_columns_and_full_width_text():
    text = (
        "# 伏笔\n\n## 主线\n\n"
        "| 编号 | 描述 | 埋设 | 回收章节 | 状态 | 层级 | 备注 |\n"
        "|:---|:---|:-:|:-:|---|---|---|\n"
        "| A1 | 玉佩「发热」，雷声！ | 第3章 | Ch20 | 已回收@18 | 核心 | 作者：记得写 |\n"
        "\n境界表（不是伏笔）：\n\n"
        "| 境界 | 说明 |\n|---|---|\n| 炼气 | 入门 |\n\n"
        "## 支线\n\n"
        "ID | 内容 | 埋设章节\n---|---|---\nB1 | 断剑 \\| 残刃 | 第十二章\n"
    )
    parsed = parse_tracker(text, "p.md")
    assert [(e.id, e.content, e.planted, e.payoff, e.extra) for e in parsed.foreshadowing] == [
        ("A1", "玉佩「发热」，雷声！", 3, 20, {"备注": "作者：记得写"}),
        ("B1", "断剑 | 残刃", 12, None, {}),
    ]
    assert [t.kind for t in parsed.tables] == ["foreshadowing", "foreshadowing"]


def test_relationship_and_foreshadowing_tables_in_one_file():
    text = (
        "| ID | 埋设章节 |\n|---|---|\n| F1 | 1 |\n\n"
        "| 章节 | A | B |\n|---|---|---|\n| 2 | 甲 | 乙 |\n"
    )
    parsed = parse_tracker(text, "x.md")
    assert [e.id for e in parsed.foreshadowing] == ["F1"]
    assert [(r.a, r.b) for r in parsed.relationships] == [("甲", "乙")]


def test_every_problem_is_reported_with_its_line():
    text = (
        "# 伏笔\n"  # 1
        "\n"  # 2
        "| ID | 内容 | 埋设章节 | 计划回收 | 状态 |\n"  # 3
        "|---|---|---|---|---|\n"  # 4
        "| F001 | 好 | 3 | 20 | 未回收 |\n"  # 5
        "| F002 | 坏章节 | 三章半 | 20 | 未回收 |\n"  # 6
        "| F003 | 坏状态 | 3 | 20 | 搁置 |\n"  # 7
        "| F001 | 重复 | 3 | 20 | 未回收 |\n"  # 8
        "| F004 | 少一格 | 3 |\n"  # 9
        "|  | 无编号 | 3 | 20 | 未回收 |\n"  # 10
        "这行没有空行，成了表格的一行\n"  # 11
        "\n"  # 12
        "| 章节 | 角色A | 角色B |\n"  # 13
        "|---|---|---|\n"  # 14
        "| 5 | 林风 |  |\n"  # 15
        "| 待定 | 林风 | 苏瑶 |\n"  # 16
    )
    with pytest.raises(TrackerParseError) as caught:
        parse_tracker(text, "references/plot-tracker.md")
    assert caught.value.errors == [
        (6, "埋设章节: '三章半' is not a chapter number"),
        (7, "状态: '搁置' is not a status (未回收, 已回收, 已回收@N or 废弃)"),
        (8, "ID F001 is already used on line 5"),
        (9, "the row has 3 cells but the header has 5"),
        (10, "the row has no ID"),
        (11, "a line without | continues the table above; put a blank line before prose"),
        (15, "the row needs both 角色A and 角色B"),
        (16, "章节: the row has no chapter"),
    ]
    assert "references/plot-tracker.md" in str(caught.value)
    assert "line 6: 埋设章节" in str(caught.value)


def test_a_file_without_tracker_tables_has_no_entries():
    parsed = parse_tracker("# 空\n\n还没有伏笔。\n", "x.md")
    assert (parsed.foreshadowing, parsed.relationships) == ((), ())


def test_a_parse_error_carries_the_rows_that_did_parse():
    text = (
        "| ID | 内容 | 埋设章节 | 状态 |\n|---|---|---|---|\n"
        "| F001 | 玉佩 | 3 | 未回收 |\n| F002 | 断剑 | 五章? | 未回收 |\n| F003 | 雷 | 4 | 废弃 |\n"
    )
    with pytest.raises(TrackerParseError) as raised:
        parse_tracker(text, "plot-tracker.md")
    assert [line for line, _ in raised.value.errors] == [4]
    assert [entry.id for entry in raised.value.partial.foreshadowing] == ["F001", "F003"]
