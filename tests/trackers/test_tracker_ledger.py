"""The ledger's questions: an entry's state at a chapter, the next free ID, the filters."""

from __future__ import annotations

import pytest

from workbench.book.project import Project
from workbench.trackers.cast import load_cast
from workbench.trackers.columns import Status
from workbench.trackers.ledger import EntryState, LedgerFilter, active_span, next_id, state_at
from workbench.trackers.model import Foreshadowing
from workbench.trackers.relevance import load_trackers


def entry(**fields) -> Foreshadowing:
    defaults = dict(
        id="F001", content="玉佩发热", planted=3, payoff=20, status=Status.OPEN,
        resolved_at=None, tier="核心", characters=("林风",), keywords=("玉佩",), line=1,
    )  # fmt: skip
    return Foreshadowing(**{**defaults, **fields})


@pytest.mark.parametrize(
    ("fields", "chapter", "state"),
    [
        ({}, 2, EntryState.NOT_PLANTED),
        ({"planted": None}, 30, EntryState.NOT_PLANTED),
        ({}, 3, EntryState.OPEN),
        ({}, 14, EntryState.OPEN),
        ({}, 15, EntryState.DUE),  # 20 is within 15..20
        ({}, 20, EntryState.DUE),
        ({}, 21, EntryState.OVERDUE),
        ({"payoff": None}, 99, EntryState.OPEN),
        ({"status": Status.RESOLVED, "resolved_at": 18}, 17, EntryState.DUE),
        ({"status": Status.RESOLVED, "resolved_at": 18}, 18, EntryState.RESOLVED),
        ({"status": Status.RESOLVED, "resolved_at": 25}, 22, EntryState.OVERDUE),
        ({"status": Status.RESOLVED}, 4, EntryState.RESOLVED),
        ({"status": Status.ABANDONED}, 1, EntryState.ABANDONED),
        ({"status": Status.ABANDONED}, 30, EntryState.ABANDONED),
    ],
)
def test_state_at_a_chapter(fields, chapter, state):
    assert state_at(entry(**fields), chapter) is state


@pytest.mark.parametrize(
    ("ids", "expected"),
    [
        ([], "F001"),
        (["F001", "F017", "F003"], "F018"),
        (["伏笔9"], "伏笔10"),
        (["F099"], "F100"),
        (["A-01", "x"], "A-02"),
        (["F1", "F2"], "F3"),
    ],
)
def test_next_free_id_keeps_the_files_style(ids, expected):
    assert next_id(ids) == expected


def test_active_span_runs_from_planting_to_resolution_or_payoff():
    assert active_span(entry()) == (3, 20)
    assert active_span(entry(status=Status.RESOLVED, resolved_at=9)) == (3, 9)
    assert active_span(entry(payoff=None)) == (3, 3)
    assert active_span(entry(planted=None)) is None


def test_filters_on_the_sample(sample_copy):
    project = Project.open(sample_copy)
    trackers = load_trackers(project)
    canonical = load_cast(project).including(trackers.characters()).canonical

    def ids(chapter: int = 13, **fields) -> list[str]:
        wanted = LedgerFilter(canonical=canonical, **fields)
        return [e.id for e in trackers.foreshadowing if wanted.accepts(e, state_at(e, chapter))]

    assert len(ids()) == 17
    assert ids(states=frozenset({EntryState.OVERDUE})) == ["F007", "F009"]
    assert ids(states=frozenset({EntryState.DUE})) == ["F010", "F011", "F015", "F016"]
    assert ids(tiers=frozenset({"装饰"})) == ["F012", "F014", "F017"]
    # 瞎伯 is 温不言's alias (characters.md); the tracker names him 温不言.
    assert ids(character="瞎伯") == ids(character="温不言") == ["F002", "F008", "F017"]
    assert ids(character="小谢") == ["F007"]  # 谢灵's 外号
    assert ids(first=30, last=40) == ["F006", "F013"]
    assert ids(first=None, last=2) == ["F001", "F002", "F003", "F006"]
    assert ids(text="灯芯") == ["F003"]
    assert ids(text="寒渊") == ["F001", "F003", "F005", "F007", "F009"]
    assert ids(text="f01") == ["F010", "F011", "F012", "F013", "F014", "F015", "F016", "F017"]
