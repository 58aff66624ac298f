"""webnovel-writer's relationship history (issue #27 item 6). Its `relationships` table keeps
one row per (from, to, type) and moves the row's chapter and description to the latest
commit: the 师徒 of chapter 14, committed again in 31, says 31. `relationship_events` (v5.5)
keeps every commit; without its rows the relation is known "since at least" the earliest
chapter summary that shows it, and the row says so."""

from __future__ import annotations

import pytest
from webnovel_serial import CHAPTERS, LAST_CHAPTER, RELATIONS, make_serial

from workbench.book.project import Project
from workbench.feed import build_feed
from workbench.migrate import migrate
from workbench.trackers import load_cast, load_trackers


def _state(project: Project, chapter: int):
    canonical = load_cast(project).canonical
    return load_trackers(project).pair_state("林风", "陈长老", chapter, canonical)


def test_relationship_events_give_the_whole_history(tmp_path):
    project = Project.open(make_serial(tmp_path / "serial", events=True))
    assert _state(project, 13) is None
    at_20 = _state(project, 20)
    assert (at_20.chapter, at_20.relation, at_20.note) == (14, "师徒", "陈长老收林风为徒")
    assert _state(project, 31).note == "陈长老当众认徒，师徒情深"
    rows = load_trackers(project).relationships
    assert len(rows) == len(RELATIONS)


def test_without_events_the_relation_is_known_since_its_earliest_summary(tmp_path):
    project = Project.open(make_serial(tmp_path / "serial", events=False))
    assert _state(project, 13) is None
    at_20 = _state(project, 20)
    assert (at_20.chapter, at_20.relation) == (14, "师徒")
    assert "至少自第14章" in at_20.change
    assert "第14章摘要" in at_20.note and "推定" in at_20.note
    # The description index.db holds was written at chapter 31: not known before it.
    assert "师徒情深" not in at_20.note
    assert _state(project, 31).note == "陈长老当众认徒，师徒情深"


def test_the_feed_says_why_and_never_shows_a_later_commit(tmp_path):
    """The reason is in the fed line; at no chapter does a row or description committed
    after it reach the feed (the time-travel invariant where the history is inferred)."""
    root = make_serial(tmp_path / "serial", events=False)
    project = Project.open(root)
    line = _relationship_line(project, 22, "林风—陈长老")
    assert "师徒" in line and "至少自第14章" in line and "第14章摘要" in line
    later = {(c, description) for c, *_, description in RELATIONS}
    for chapter in range(1, LAST_CHAPTER + 1):
        text = _relationship_text(project, chapter)
        for committed, description in later:
            if committed > chapter:
                assert description not in text, (chapter, description)
        assert all(f"第{n}章 " not in text for n in range(chapter + 1, LAST_CHAPTER + 1))


@pytest.mark.parametrize("events", [True, False])
def test_migrate_keeps_the_history(tmp_path, events):
    source = make_serial(tmp_path / "serial", events=events)
    migrate(source, tmp_path / "migrated")
    migrated = Project.open(tmp_path / "migrated")
    assert _state(migrated, 20).relation == "师徒"
    assert _state(migrated, 20).chapter == 14
    assert _relationship_text(migrated, 20) == _relationship_text(Project.open(source), 20)


def _relationship_text(project: Project, chapter: int) -> str:
    feed = build_feed(project, "MainWriter", chapter, count_tokens=False)
    return next(b.text for b in feed.blocks if b.id == "on_demand.relationships")


def _relationship_line(project: Project, chapter: int, key: str) -> str:
    lines = _relationship_text(project, chapter).splitlines()
    return next(line for line in lines if key in line)


assert CHAPTERS[14][2].count("师徒")  # the evidence the no-events case rests on


def test_without_summaries_the_first_chapter_naming_both_is_the_evidence(tmp_path):
    root = make_serial(tmp_path / "serial", events=False)
    for number in range(1, 5):
        (root / f".webnovel/summaries/ch{number:04d}.md").unlink()
    project = Project.open(root)
    canonical = load_cast(project).canonical
    state = load_trackers(project).pair_state("苏瑶", "赵无极", 10, canonical)
    assert (state.chapter, state.relation) == (4, "仇敌")
    assert "第4章正文最早同时写到苏瑶、赵无极" in state.note
