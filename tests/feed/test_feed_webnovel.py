"""A webnovel-writer project opens with its memory: the feed reads state.json, index.db, the
per-chapter summaries, the volume's 详细大纲 and 力量体系.md, and writes none of them."""

from __future__ import annotations

import json
import sqlite3

import pytest
from webnovel_project import NEXT_CHAPTER, PLAN_6, make_webnovel_project, memory_hashes

from workbench.book.project import Project
from workbench.book.webnovel import read_index, volume_of
from workbench.errors import FileProblem
from workbench.feed import build_feed


@pytest.fixture
def webnovel_root(tmp_path):
    return make_webnovel_project(tmp_path / "雷火劫")


def _blocks(feed):
    return {block.id: block for block in feed.blocks}


def test_main_writer_feed_is_ready_but_for_the_style_anchor(webnovel_root):
    before = memory_hashes(webnovel_root)
    project = Project.open(webnovel_root)
    feed = build_feed(project, "MainWriter", chapter=NEXT_CHAPTER)

    failing = [item.key for item in feed.checklist.items if item.applicable and not item.ok]
    assert failing == ["style_anchor"]
    blocks = _blocks(feed)
    plan = blocks["task.plan"]
    assert plan.source == "大纲/第1卷-详细大纲.md" and PLAN_6 in plan.text
    foreshadowing = blocks["on_demand.foreshadowing"].text.splitlines()
    overdue = [line for line in foreshadowing if "玉佩在雷雨夜发热" in line]
    assert overdue and "逾期：计划回收 4 < 6" in overdue[0] and "【核心】" in overdue[0]
    assert any("赵无极左臂的旧伤" in line and "点名：赵无极" in line for line in foreshadowing)
    assert any("苏家灭门另有内情" in line and "临近回收" in line for line in foreshadowing)
    assert not any("古井里的尸首" in line or "酒葫芦" in line for line in foreshadowing)
    relationships = blocks["on_demand.relationships"]
    assert relationships.source == ".webnovel/index.db"
    assert "苏瑶—赵无极" in relationships.text and "本章规划提及：瑶儿" in relationships.text
    assert "陈长老" not in relationships.text  # 陈长老 is not in chapter 6's plan
    summaries = [b for b in feed.blocks if b.id.startswith("rolling.chapter_summary.")]
    assert [b.chapter for b in summaries] == [3, 4, 5]  # that tool's window: N-3 .. N-1
    assert summaries[0].source == ".webnovel/summaries/ch0003.md"
    assert blocks["fixed.world"].source == "设定集/世界观.md"
    assert "赵无极" in blocks["fixed.characters"].text
    assert memory_hashes(webnovel_root) == before


def test_battle_agent_gets_the_power_system_file_and_protagonist_state(webnovel_root):
    before = memory_hashes(webnovel_root)
    project = Project.open(webnovel_root)
    feed = build_feed(project, "BattleAgent", chapter=5, passage=(0, 12))
    blocks = _blocks(feed)
    power_system = blocks["task.power_system"]
    assert power_system.source == "设定集/力量体系.md" and "练气、筑基、金丹" in power_system.text
    power = blocks["task.power"]
    assert ".webnovel/state.json#protagonist_state" in power.source
    assert "修为：练气 3层" in power.text and "位置：青石镇" in power.text
    assert memory_hashes(webnovel_root) == before


def test_cast_has_every_card_and_index_aliases(webnovel_root):
    from workbench.trackers import load_cast

    cast = load_cast(Project.open(webnovel_root))
    assert cast.protagonist == "林风"
    assert {"林风", "苏瑶", "赵无极", "陈长老"} <= {c.name for c in cast.characters}
    assert cast.canonical("瑶儿") == "苏瑶" and cast.canonical("赵老魔") == "赵无极"
    assert "青石镇" not in {c.name for c in cast.characters}  # a 地点 entity, not a character


def test_volume_follows_volumes_planned_then_fifty_a_volume(webnovel_root):
    state = {"progress": {"volumes_planned": [{"volume": 2, "chapters_range": "41-90"}]}}
    assert volume_of(state, 45) == 2
    assert volume_of(state, 95) == 2  # 50 chapters a volume when no range holds it
    assert volume_of({}, 51) == 2 and volume_of({}, 50) == 1
    outline = webnovel_root / "大纲" / "第2卷-详细大纲.md"
    outline.write_text("### 第45章：换卷\n\n第二卷的规划\n", encoding="utf-8")
    state_path = webnovel_root / ".webnovel" / "state.json"
    state_data = json.loads(state_path.read_text(encoding="utf-8"))
    state_data["progress"]["volumes_planned"].append({"volume": 2, "chapters_range": "41-90"})
    state_path.write_text(json.dumps(state_data, ensure_ascii=False), encoding="utf-8")
    plan = Project.open(webnovel_root).plan(45)
    assert plan is not None and plan.source == outline and "第二卷的规划" in plan.body


def test_long_volume_section_is_cut_at_1500(webnovel_root):
    outline = webnovel_root / "大纲" / "第1卷-详细大纲.md"
    outline.write_text("### 第6章：长\n\n" + "字" * 2000 + "\n", encoding="utf-8")
    plan = Project.open(webnovel_root).plan(6)
    assert plan.truncated and plan.body.endswith("…(已截断)")
    assert len(plan.body) == 1500 + len("…(已截断)")


def test_broken_index_db_is_a_problem_naming_the_file(webnovel_root):
    index = webnovel_root / ".webnovel" / "index.db"
    index.write_bytes(b"not a database at all" * 10)
    with pytest.raises(FileProblem) as error:
        read_index(Project.open(webnovel_root))
    assert "index.db" in str(error.value)
    assert index.read_bytes() == b"not a database at all" * 10


def test_reading_a_wal_index_db_leaves_no_file_beside_it(webnovel_root):
    folder = webnovel_root / ".webnovel"
    with sqlite3.connect(folder / "index.db") as connection:
        assert connection.execute("PRAGMA journal_mode").fetchone() == ("wal",)
    connection.close()
    listing = sorted(p.name for p in folder.iterdir())
    data = read_index(Project.open(webnovel_root))
    assert [r.a for r in data.relationships] == ["林风", "苏瑶"]
    assert (
        sorted(p.name for p in folder.iterdir())
        == listing
        == ["index.db", "state.json", "summaries"]
    )


def test_editing_the_volume_plan_changes_what_is_relevant(webnovel_root):
    project = Project.open(webnovel_root)
    first = _blocks(build_feed(project, "MainWriter", chapter=NEXT_CHAPTER))
    assert "陈长老" not in first["on_demand.relationships"].text
    outline = webnovel_root / "大纲" / "第1卷-详细大纲.md"
    text = outline.read_text(encoding="utf-8").replace(PLAN_6, PLAN_6 + "陈长老暗中跟随。")
    outline.write_text(text, encoding="utf-8")
    again = _blocks(build_feed(project, "MainWriter", chapter=NEXT_CHAPTER))
    assert "林风—陈长老" in again["on_demand.relationships"].text
    assert "陈长老的酒葫芦" in again["on_demand.foreshadowing"].text  # now named by the plan


def test_check_reads_the_memory_and_wants_only_the_style_anchor(webnovel_root):
    from workbench.book.check import Severity, check_project

    before = memory_hashes(webnovel_root)
    problems = check_project(Project.open(webnovel_root))
    warnings = [(p.path, p.severity) for p in problems if p.severity is not Severity.INFO]
    assert warnings == [("meta/style-anchor.md", Severity.WARNING)]
    told = {p.path: p.message for p in problems}
    assert ".webnovel/state.json" in told["references/plot-tracker.md"]
    assert memory_hashes(webnovel_root) == before


def test_saving_chapters_writes_no_rolling_summary_until_the_author_asks(webnovel_root):
    from workbench.summaries.jobs import jobs_for_saved_chapter

    project = Project.open(webnovel_root)
    assert jobs_for_saved_chapter(project, 5) == []
    (webnovel_root / "references").mkdir()
    (webnovel_root / "references" / "rolling-summary.md").write_text("# 滚动摘要\n", "utf-8")
    assert [(job.start, job.end) for job in jobs_for_saved_chapter(project, 5)] == [(1, 5)]


def test_a_missing_plan_points_at_the_volume_outline(webnovel_root):
    feed = build_feed(Project.open(webnovel_root), "MainWriter", chapter=9)
    plan = _blocks(feed)["task.plan"]
    assert plan.status.value == "missing" and "大纲/第1卷-详细大纲.md" in plan.fix


def test_broken_state_json_is_a_problem_naming_it(webnovel_root):
    from workbench.book.check import Severity, check_project

    state = webnovel_root / ".webnovel" / "state.json"
    state.write_text("{ not json", encoding="utf-8")
    problems = check_project(Project.open(webnovel_root))
    errors = [p for p in problems if p.severity is Severity.ERROR]
    assert errors and errors[0].path == ".webnovel/state.json" and "JSON" in errors[0].message
    assert state.read_text(encoding="utf-8") == "{ not json"


def test_story_skeleton_comes_from_chapter_summaries_every_20_back(webnovel_root):
    summaries = webnovel_root / ".webnovel" / "summaries"
    for number in (5, 25):
        (summaries / f"ch{number:04d}.md").write_text(
            f"# 第{number}章摘要\n\n## 剧情摘要\n第{number}章里林风又进了一步。\n\n"
            "## 伏笔\n不要这段\n",
            encoding="utf-8",
        )
    feed = build_feed(Project.open(webnovel_root), "MainWriter", chapter=45)
    skeleton = _blocks(feed)["rolling.skeleton"].text
    assert "- 第25章（本章摘要）：第25章里林风又进了一步。" in skeleton
    assert "- 第5章（本章摘要）：第5章里林风又进了一步。" in skeleton
    assert "不要这段" not in skeleton
