"""Relevance for chapter N (PRODUCT.md §2), expected lists worked out by hand.

The sample novel's expectations come from reading its plans, chapters and trackers: who is
named in more than half of the chapters before N was counted by hand (grep) per chapter.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from workbench.book.project import Project
from workbench.trackers.errors import TrackerParseError
from workbench.trackers.relevance import relevant_for

SAMPLE = Path(__file__).resolve().parents[2] / "resources" / "sample-novel"
needs_sample = pytest.mark.skipif(
    not (SAMPLE / "references" / "plot-tracker.md").is_file(), reason="sample novel not present"
)


def summary(items):
    return [(i.kind, i.key, i.reasons, i.chapter, i.tier, i.mentions, i.line) for i in items]


# --- the hand-made mini novel (tests/trackers/mini_novel.py) ------------------------------


def test_mini_novel_chapter_7_from_its_plan(mini_novel):
    # Plan 7: "瑶儿随林风前往东海，赵师兄同行。西海龙王现身，索要玉佩。" + characters: [苏瑶].
    # 赵师兄 is in chapters 1, 2, 3, 5 of 6 (more than half): a weak signal, so F002, named
    # only by him, is weakly relevant (mentions: the 4 chapters naming him). 林风 is the
    # protagonist: F003, named only by him, is left out. F004's 龙王 is only inside
    # 西海龙王. F012 is named (东海) but not planted until 8. F009, F011 closed.
    items = relevant_for(Project.open(mini_novel), 7)
    assert [item.key for item in items if item.weak] == ["F002"]
    assert summary(items) == [
        ("foreshadowing", "F001", ("点名：玉佩",), 3, "核心", 1, 7),
        ("foreshadowing", "F002", ("弱相关：常见角色 赵师兄",), 2, "支线", 4, 8),
        ("foreshadowing", "F005", ("点名：西海龙王",), 4, "装饰", 1, 11),
        ("foreshadowing", "F006", ("点名：瑶儿（苏瑶）",), 1, "支线", 2, 12),
        ("foreshadowing", "F007", ("逾期：计划回收 5 < 7",), 2, "支线", 1, 13),
        ("foreshadowing", "F008", ("临近回收：计划回收 10（7–12）",), 3, "核心", 1, 14),
        ("foreshadowing", "F010", ("临近回收：计划回收 8（7–12）",), 2, "支线", 1, 16),
        ("relationship", "林风—西海龙王",
         ("林风：主角，始终在场", "西海龙王：本章规划提及：西海龙王"), 4, "", 1, 9),
        ("relationship", "瑶儿—林风",
         ("瑶儿：本章规划提及：瑶儿", "林风：主角，始终在场"), 5, "", 2, 10),
        ("relationship", "赵师兄—林风",
         ("赵师兄：本章规划提及：赵师兄", "林风：主角，始终在场"), 6, "", 4, 11),
    ]  # fmt: skip


def test_mini_novel_chapter_6_without_a_plan_uses_its_text(mini_novel):
    # No plan for 6: its text "墨尘指点林风，宗门大比将至。" names 墨尘 and 大比.
    # F009 was resolved at 6, so it is no longer open at 6.
    assert summary(relevant_for(Project.open(mini_novel), 6)) == [
        ("foreshadowing", "F007", ("逾期：计划回收 5 < 6", "点名：墨尘"), 2, "支线", 1, 13),
        ("foreshadowing", "F008",
         ("临近回收：计划回收 10（6–11）", "点名：大比"), 3, "核心", 1, 14),
        ("foreshadowing", "F010", ("临近回收：计划回收 8（6–11）", "点名：墨尘"), 2, "支线", 1, 16),
        ("relationship", "墨尘—林风",
         ("墨尘：本章正文提及：墨尘", "林风：主角，始终在场"), 3, "", 1, 8),
    ]  # fmt: skip


def test_a_protagonist_headed_by_role_and_name_keeps_their_relationships(mini_novel):
    # `# 主角：林风` names 林风 (not a character called 主角): the rows of 林风 with someone
    # the plan of 7 names (西海龙王, 瑶儿 = 苏瑶, 赵师兄) are relevant, as with `# 林风`.
    protagonist = mini_novel / "characters" / "protagonist.md"
    protagonist.write_text("# 主角：林风\n\n别名：小风、林师兄\n", encoding="utf-8")
    rows = [i for i in relevant_for(Project.open(mini_novel), 7) if i.kind == "relationship"]
    assert [(i.key, i.reasons[0 if i.key.startswith("林风") else 1]) for i in rows] == [
        ("林风—西海龙王", "林风：主角，始终在场"),
        ("瑶儿—林风", "林风：主角，始终在场"),
        ("赵师兄—林风", "林风：主角，始终在场"),
    ]


def test_a_protagonist_named_only_by_a_role_word_is_no_one(mini_novel):
    # Plan 8 names only 苏瑶. With 林风 the protagonist (always present), the pair's latest
    # row by 8 (row 5, 瑶儿—林风) is relevant; with `# 主角` there is no protagonist, 林风 is
    # not named in plan 8, and the row silently drops out: why `check` reports `# 主角`.
    (mini_novel / "outline" / "chapters" / "ch008.md").write_text("苏瑶独自下山。\n", "utf-8")

    def rows() -> list[str]:
        items = relevant_for(Project.open(mini_novel), 8)
        return [i.key for i in items if i.kind == "relationship"]

    assert rows() == ["瑶儿—林风"]
    (mini_novel / "characters" / "protagonist.md").write_text("# 主角\n", encoding="utf-8")
    assert rows() == []


def test_item_text_is_one_markdown_line(mini_novel):
    items = {item.key: item for item in relevant_for(Project.open(mini_novel), 7)}
    assert items["F001"].text == (
        "- F001【核心】玉佩在雷雨夜发热｜埋设：第3章｜计划回收：第20章｜状态：未回收"
        "｜相关角色：林风｜关键词：玉佩、雷"
    )
    assert items["瑶儿—林风"].text == (
        "- 第5章 瑶儿—林风｜关系：同门｜变化：相识→信任｜说明：共同抵御妖兽"
    )
    assert items["F001"].source == "references/plot-tracker.md"


def test_missing_tracker_files_give_nothing(mini_novel):
    (mini_novel / "references" / "plot-tracker.md").unlink()
    (mini_novel / "references" / "relationship-tracker.md").unlink()
    assert relevant_for(Project.open(mini_novel), 7) == []


def test_a_broken_tracker_raises_with_lines(mini_novel):
    path = mini_novel / "references" / "relationship-tracker.md"
    path.write_text(path.read_text("utf-8").replace("| 4 | 林风", "| 四章后 | 林风"), "utf-8")
    with pytest.raises(TrackerParseError) as caught:
        relevant_for(Project.open(mini_novel), 7)
    assert caught.value.errors == [(9, "章节: '四章后' is not a chapter number")]


def test_edits_on_disk_are_seen_by_the_next_call(mini_novel):
    project = Project.open(mini_novel)
    assert "F001" in [item.key for item in relevant_for(project, 7)]
    path = mini_novel / "references" / "plot-tracker.md"
    path.write_text(path.read_text("utf-8").replace("| 20 | 未回收 | 核心 | 林风 | 玉佩, 雷 |",
                                                    "| 20 | 已回收@5 | 核心 | 林风 | 玉佩, 雷 |"),
                    "utf-8")  # fmt: skip
    assert "F001" not in [item.key for item in relevant_for(project, 7)]


# --- the bundled sample novel ---------------------------------------------------------------


@needs_sample
def test_sample_chapter_13(sample_copy):
    # Plan 13 names 陆照, 谢灵均, 沈青棠, 厉无咎 (and 谢灵 only inside 谢灵均), plus the
    # keywords 血色灯牌, 灯纹, 初遇, 瓷瓶. In chapters 1-12: 温不言 11, 周德全 9, 沈青棠 8,
    # 谢灵 7, 裴玄度 7 chapters (more than 6: no signal); 谢灵均 5, 陆长庚 5, 厉无咎 1.
    # F001 and F006 are named only by the protagonist; F015/F016 not by 沈青棠. F007 and
    # F009 are overdue (the tracker's own 过期提醒 says so).
    # Relationships: 谢灵 is not present, so neither 陆照—谢灵 nor 小谢—谢灵均 is relevant.
    assert summary(relevant_for(Project.open(sample_copy), 13)) == [
        ("foreshadowing", "F007", ("逾期：计划回收 10 < 13",), 5, "核心", 2, 15),
        ("foreshadowing", "F009", ("逾期：计划回收 11 < 13",), 9, "核心", 1, 17),
        ("foreshadowing", "F010", ("临近回收：计划回收 15（13–18）",), 10, "核心", 4, 18),
        ("foreshadowing", "F011",
         ("临近回收：计划回收 16（13–18）", "点名：血色灯牌", "点名：厉无咎"), 12, "核心", 5, 19),
        ("foreshadowing", "F012", ("点名：谢灵均",), 7, "装饰", 5, 20),
        ("foreshadowing", "F015",
         ("临近回收：计划回收 18（13–18）", "点名：灯纹"), 3, "核心", 4, 23),
        ("foreshadowing", "F016",
         ("临近回收：计划回收 14（13–18）", "点名：初遇", "点名：瓷瓶"), 12, "支线", 3, 24),
        ("relationship", "沈青棠—谢灵均",
         ("沈青棠：本章规划提及：沈青棠", "谢灵均：本章规划提及：谢灵均"), 9, "", 4, 17),
        ("relationship", "陆照—谢灵均",
         ("陆照：主角，始终在场", "谢灵均：本章规划提及：谢灵均"), 12, "", 5, 23),
        ("relationship", "陆照—厉无咎",
         ("陆照：主角，始终在场", "厉无咎：本章规划提及：厉无咎"), 12, "", 1, 24),
        ("relationship", "陆照—沈青棠",
         ("陆照：主角，始终在场", "沈青棠：本章规划提及：沈青棠"), 12, "", 8, 25),
    ]  # fmt: skip


@needs_sample
def test_sample_chapter_9(sample_copy):
    # Plan 9 calls 裴玄度 only "那位大人" (an alias; he is not in its front matter) and
    # 温不言 only "瞎伯". In chapters 1-8: 温不言 7 and 周德全 6 chapters (more than 4: no
    # signal); 沈青棠 and 陆长庚 exactly 4 (half is not more than half), 谢灵 4.
    # F003 and F008 are resolved at 11, so still open at 9; F004 resolved at 9 is not.
    # F007's 谢灵 occurs only inside 谢灵均, so F007 is relevant only as due.
    assert summary(relevant_for(Project.open(sample_copy), 9)) == [
        ("foreshadowing", "F001", ("点名：魂灯",), 1, "核心", 7, 9),
        ("foreshadowing", "F003",
         ("临近回收：计划回收 11（9–14）", "点名：谢灵均"), 2, "支线", 7, 11),
        ("foreshadowing", "F007", ("临近回收：计划回收 10（9–14）",), 5, "核心", 4, 15),
        ("foreshadowing", "F008", ("临近回收：计划回收 11（9–14）",), 5, "支线", 1, 16),
        ("foreshadowing", "F009",
         ("临近回收：计划回收 11（9–14）", "点名：掐灯术", "点名：寒渊那盏灯",
          "点名：那位大人（裴玄度）"), 9, "核心", 4, 17),
        ("foreshadowing", "F012", ("点名：谢灵均",), 7, "装饰", 3, 20),
        ("foreshadowing", "F015", ("点名：沈青棠（规划出场）",), 3, "核心", 6, 23),
        ("relationship", "陆照—周德全",
         ("陆照：主角，始终在场", "周德全：本章规划提及：周德全"), 1, "", 7, 8),
        ("relationship", "陆照—温不言",
         ("陆照：主角，始终在场", "温不言：本章规划提及：瞎伯"), 6, "", 8, 14),
        ("relationship", "陆照—沈青棠",
         ("陆照：主角，始终在场", "沈青棠：本章规划出场：沈青棠"),
         8, "", 5, 16),
        ("relationship", "沈青棠—谢灵均",
         ("沈青棠：本章规划出场：沈青棠", "谢灵均：本章规划提及：谢灵均"),
         9, "", 2, 17),
        ("relationship", "陆照—谢灵均",
         ("陆照：主角，始终在场", "谢灵均：本章规划提及：谢灵均"), 9, "", 3, 18),
    ]  # fmt: skip
