"""Every thread's life: the foreshadowing timeline's segments, sightings and states."""

from __future__ import annotations

from glance_book import write_glance_book

from workbench.book.project import Project
from workbench.trackers.ledger import EntryState
from workbench.trackers.relevance import load_trackers
from workbench.trackers.timeline import DORMANT, OPEN, OVERDUE, Segment, timeline


def lives(tmp_path, chapter: int, k: int):
    project = Project.open(write_glance_book(tmp_path / "book"))
    return {life.entry.id: life for life in timeline(project, load_trackers(project), chapter, k)}


def test_planted_at_3_due_at_8_sighted_at_5_paid_at_11(tmp_path):
    life = lives(tmp_path, 12, 30)["F001"]
    assert (life.planted, life.due, life.paid, life.end) == (3, 8, 11, 11)
    assert life.sightings == (5, 11)  # 玉佩 after planting; the paying chapter names it too
    assert life.segments == (Segment(3, 8, OPEN), Segment(9, 11, OVERDUE))
    assert life.state is EntryState.RESOLVED


def test_dormant_stretches_follow_the_dormancy_rule(tmp_path):
    # K = 2: after the sighting at 5 the thread is unseen at 6, 7, 8 … : dormant from 8
    # (silent 3 > 2) until the chapter before the next sighting, 10.
    life = lives(tmp_path, 12, 2)["F001"]
    assert Segment(8, 10, DORMANT) in life.segments
    assert Segment(3 + 3, 4, DORMANT) not in life.segments
    assert [s for s in life.segments if s.kind == DORMANT] == [Segment(8, 10, DORMANT)]


def test_an_open_overdue_entry_runs_to_the_last_chapter_in_red(tmp_path):
    life = lives(tmp_path, 6, 30)["F002"]
    assert life.state is EntryState.OVERDUE  # due 4, open at 6
    assert life.segments == (Segment(2, 4, OPEN), Segment(5, 12, OVERDUE))
    assert life.sightings == ()  # 断剑 only in the planting chapter


def test_an_abandoned_entry_is_never_overdue_or_dormant(tmp_path):
    life = lives(tmp_path, 12, 2)["F003"]
    assert life.abandoned and life.state is EntryState.ABANDONED
    assert life.segments == (Segment(4, 20, OPEN),)


def test_states_follow_the_chapter_asked_for(tmp_path):
    assert lives(tmp_path, 10, 30)["F001"].state is EntryState.OVERDUE
    assert lives(tmp_path, 5, 30)["F001"].state is EntryState.DUE
    assert lives(tmp_path, 2, 30)["F001"].state is EntryState.NOT_PLANTED
