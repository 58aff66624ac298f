"""Queries of the trackers: overdue, due soon, a pair's state and history, characters."""

from __future__ import annotations

from mini_novel import PLOT_TRACKER, RELATIONSHIP_TRACKER

from workbench.trackers.model import Trackers
from workbench.trackers.parse import parse_tracker


def _trackers() -> Trackers:
    plot = parse_tracker(PLOT_TRACKER, "plot.md")
    relationships = parse_tracker(RELATIONSHIP_TRACKER, "relationship.md")
    return Trackers(list(plot.foreshadowing), list(relationships.relationships))


def test_overdue_and_due_soon():
    trackers = _trackers()
    assert [e.id for e in trackers.overdue(7)] == ["F007"]
    assert [e.id for e in trackers.overdue(14)] == ["F007", "F008", "F012", "F013"]
    # Due: N ≤ 计划回收 ≤ N + window; F010 is resolved at 9, so open at 7 but not at 9.
    assert [e.id for e in trackers.due_soon(7)] == ["F008", "F010"]
    assert [e.id for e in trackers.due_soon(9)] == ["F008", "F012", "F013"]
    assert [e.id for e in trackers.due_soon(9, window=1)] == ["F008"]
    # F012 is due at 12 but not planted until 8: not a candidate at 7.
    assert "F012" not in [e.id for e in trackers.due_soon(7)]


def test_open_at_chapter():
    trackers = _trackers()
    resolved_at_6 = trackers.find("F009")
    assert resolved_at_6 is not None
    assert resolved_at_6.open_at(5) and not resolved_at_6.open_at(6)
    abandoned = trackers.find("F011")
    assert abandoned is not None and not abandoned.open_at(1)


def test_pair_state_is_the_latest_row_at_or_before_n_in_either_order():
    trackers = _trackers()
    canonical = {"瑶儿": "苏瑶"}.get
    assert trackers.pair_state("苏瑶", "林风", 4, lambda n: canonical(n, n)).line == 5
    assert trackers.pair_state("苏瑶", "林风", 5, lambda n: canonical(n, n)).line == 10
    assert trackers.pair_state("林风", "瑶儿", 12, lambda n: canonical(n, n)).line == 12
    assert trackers.pair_state("林风", "苏瑶", 0) is None
    history = trackers.pair_history("林风", "苏瑶", 8, lambda n: canonical(n, n))
    assert [(row.chapter, row.change) for row in history] == [(1, "陌生→相识"), (5, "相识→信任")]
    # Without the alias mapping the rows written "瑶儿" are another pair.
    assert [row.chapter for row in trackers.pair_history("林风", "苏瑶")] == [1, 9]


def test_latest_rows_per_pair():
    trackers = _trackers()
    # Written as names, 林风—苏瑶 (line 5) and 瑶儿—林风 (line 10) look like two pairs...
    assert [row.line for row in trackers.latest_rows(7)] == [5, 6, 7, 8, 9, 10, 11]
    # ...with the alias mapped they are one, and line 10 is its latest row by chapter 7.
    canonical = {"瑶儿": "苏瑶"}
    rows = trackers.latest_rows(7, lambda name: canonical.get(name, name))
    assert [row.line for row in rows] == [6, 7, 8, 9, 10, 11]
    # Line 12 (chapter 9) is the latest only from chapter 9 on.
    assert [row.line for row in trackers.latest_rows(9)][-1] == 12


def test_every_character_named_in_the_trackers():
    assert _trackers().characters() == [
        "林风", "赵师兄", "龙王", "敖广", "苏瑶", "墨尘", "西海龙王", "瑶儿",
    ]  # fmt: skip
