"""Header synonyms and cell values: chapters, statuses, lists."""

from __future__ import annotations

import pytest

from workbench.trackers.columns import Status, parse_chapter, parse_list, parse_status
from workbench.trackers.kinds import FORESHADOWING, RELATIONSHIP, classify


@pytest.mark.parametrize(
    ("cell", "chapter"),
    [
        ("3", 3), ("第3章", 3), ("Ch3", 3), ("ch.12", 12), ("Chapter 7", 7), ("第十二章", 12),
        ("十二", 12), ("３", 3), ("第 3 章", 3), ("**5**", 5), ("第一百零五回", 105), ("", None),
        ("待定", None), ("—", None), ("？", None),
    ],
)  # fmt: skip
def test_chapter_cells(cell, chapter):
    assert parse_chapter(cell) == chapter


@pytest.mark.parametrize("cell", ["三章半", "soon", "3-5", "第X章"])
def test_bad_chapter_cells(cell):
    with pytest.raises(ValueError, match="not a chapter number"):
        parse_chapter(cell)


@pytest.mark.parametrize(
    ("cell", "expected"),
    [
        ("未回收", (Status.OPEN, None)),
        ("", (Status.OPEN, None)),
        ("已回收", (Status.RESOLVED, None)),
        ("已回收@18", (Status.RESOLVED, 18)),
        ("已回收＠第18章", (Status.RESOLVED, 18)),
        ("resolved@ch20", (Status.RESOLVED, 20)),
        ("废弃", (Status.ABANDONED, None)),
        ("Abandoned", (Status.ABANDONED, None)),
    ],
)
def test_status_cells(cell, expected):
    assert parse_status(cell) == expected


@pytest.mark.parametrize("cell", ["搁置", "废弃@3", "已回收@", "@5"])
def test_bad_status_cells(cell):
    with pytest.raises(ValueError):
        parse_status(cell)


def test_lists_split_on_chinese_and_english_separators():
    assert parse_list("林风、苏瑶，墨尘, 赵师兄；玉佩/雷 林风") == (
        "林风", "苏瑶", "墨尘", "赵师兄", "玉佩", "雷",
    )  # fmt: skip


def test_headers_by_chinese_or_english_synonyms_with_extra_columns():
    kind, fields, problems = classify(
        ["编号", "描述", "埋设", "回收章节", "Status", "层级", "角色", "Keywords", "备注"]
    )
    assert kind.key == FORESHADOWING
    assert fields == [
        "id", "content", "planted", "payoff", "status", "tier", "characters", "keywords", None,
    ]  # fmt: skip
    assert problems == []
    kind, fields, problems = classify(["**章节**", "角色A", "B", "关系（当前）", "change", "说明"])
    assert (kind.key, fields, problems) == (
        RELATIONSHIP,
        ["chapter", "a", "b", "relation", "change", "note"],
        [],
    )


def test_prose_tables_are_not_trackers():
    assert classify(["字段", "说明"]) is None
    assert classify(["境界", "寿元", "战力"]) is None


def test_a_misspelt_tracker_header_is_a_problem_not_prose():
    kind, _, problems = classify(["ID", "内容", "埋没章节", "计划回收", "状态"])
    assert kind.key == FORESHADOWING
    assert problems == ["the header looks like a foreshadowing table but has no 埋设章节 column"]


def test_a_column_twice_is_a_problem():
    _, _, problems = classify(["ID", "埋设", "埋设章节"])
    assert problems == ["the header has two 埋设章节 columns"]
