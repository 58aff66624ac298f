"""Feeds of the webnovel-writer serial opened in place (issue #27 items 8 and 9): every block
names the file its text came from; that tool's chapter meta, hooks, strands and
disambiguation warnings arrive with each chapter's summary; its scratchpad's open loops are
foreshadowing."""

from __future__ import annotations

import pytest
from webnovel_serial import NEXT_CHAPTER, NOT_CARRIED, make_serial

from workbench.book.project import Project
from workbench.feed import build_feed
from workbench.migrate import REPORT_FILE, migrate
from workbench.trackers import load_trackers


@pytest.fixture(scope="module")
def serial(tmp_path_factory):
    return make_serial(tmp_path_factory.mktemp("serial") / "星图劫")


def _block(root, block_id: str, chapter: int = NEXT_CHAPTER, agent: str = "MainWriter"):
    feed = build_feed(Project.open(root), agent, chapter, count_tokens=False)
    return next(b for b in feed.blocks if b.id == block_id)


def test_the_skeleton_names_the_summary_it_came_from(serial):
    skeleton = _block(serial, "rolling.skeleton")
    assert skeleton.items and "第14章" in skeleton.items[0].text
    assert skeleton.source == ".webnovel/summaries/ch0014.md"
    assert not (serial / "references/rolling-summary.md").exists()


def test_scratchpad_open_loops_are_foreshadowing(serial):
    project = Project.open(serial)
    entries = {e.content: e for e in load_trackers(project).foreshadowing}
    loop = entries["外门执事为何知道马监的事"]
    assert loop.id.startswith("WM") and loop.planted == 23
    assert loop.source == ".webnovel/memory_scratchpad.json"
    closed = entries["破庙是谁翻的"]
    assert closed.resolved_at == 33 and not closed.open_at(33) and closed.open_at(32)
    assert "星图缺角者不得飞升" not in entries  # a world rule is no open loop


def test_recent_chapter_meta_arrives_with_each_summary(serial):
    block = _block(serial, "rolling.chapter_summary.33")
    assert "章末钩子：血煞老祖要的是什么？（悬念，strong）" in block.text
    assert "主导线：主线（quest）" in block.text
    earlier = _block(serial, "rolling.chapter_summary.27", chapter=28)
    assert "消歧提醒：「老祖」按血煞老祖处理" in earlier.text


def test_the_migrated_feed_still_equals_the_original(serial, tmp_path_factory):
    target = tmp_path_factory.mktemp("migrated") / "book"
    migrate(serial, target)
    for block_id, chapter in (("rolling.chapter_summary.33", 34), ("on_demand.foreshadowing", 34)):
        assert _block(target, block_id, chapter).text == _block(serial, block_id, chapter).text
    report = (target / REPORT_FILE).read_text(encoding="utf-8")
    not_carried = report.split("## 未迁移", 1)[1]
    for thing in NOT_CARRIED:
        assert thing in not_carried, thing
