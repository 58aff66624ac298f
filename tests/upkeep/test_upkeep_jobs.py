"""Upkeep as a summary-queue job: which ranges a save calls for, the whole book's ranges, the
answers handed back as JSON and recorded; and the offline realm proposal for the state
tracker, accepted as one appended row."""

from __future__ import annotations

import difflib

from workbench.book.project import Project
from workbench.upkeep.accept import accept
from workbench.upkeep.jobs import (
    UpkeepJob,
    generate_upkeep,
    jobs_for_saved_chapter,
    whole_book_jobs,
    write_upkeep,
)
from workbench.upkeep.offline import OfflineUpkeep
from workbench.upkeep.proposals import Kind
from workbench.upkeep.run import run_upkeep
from workbench.upkeep.store import load_queue


def test_a_save_calls_for_its_range_once_per_text(sample_copy):
    project = Project.open(sample_copy)
    assert jobs_for_saved_chapter(project, 7, [], "offline") == []
    assert jobs_for_saved_chapter(project, 10, [], "offline") == [UpkeepJob(6, 10)]
    assert jobs_for_saved_chapter(project, 10, [(1, 5), (6, 10)], "offline") == [
        UpkeepJob(1, 5),
        UpkeepJob(6, 10),
    ]
    payload = generate_upkeep(project, UpkeepJob(6, 10), OfflineUpkeep())
    added = write_upkeep(project, UpkeepJob(6, 10), payload)
    assert added == len(load_queue(project).pending()) > 0
    assert jobs_for_saved_chapter(project, 10, [], "offline") == []  # same texts: not again
    chapter = sample_copy / "chapters" / "ch008.md"
    chapter.write_text(chapter.read_text("utf-8") + "\n新的一段。\n", "utf-8")
    project = Project.open(sample_copy)
    assert jobs_for_saved_chapter(project, 10, [], "offline") == [UpkeepJob(6, 10)]
    assert jobs_for_saved_chapter(project, 10, [], "openai") == [UpkeepJob(6, 10)]


def test_the_whole_book_is_one_job_per_range(sample_copy):
    jobs = whole_book_jobs(Project.open(sample_copy))
    assert jobs == [UpkeepJob(1, 5), UpkeepJob(6, 10), UpkeepJob(11, 12)]
    assert jobs[0].label == "upkeep Ch1-5"


def test_the_protagonists_realm_goes_to_the_state_tracker_as_one_row(sample_copy):
    path = sample_copy / "references" / "state-tracker.md"
    text = path.read_text("utf-8")
    kept = [
        line
        for line in text.splitlines(keepends=True)
        if not line.startswith(tuple(f"| {n} |" for n in range(6, 13)))
    ]
    path.write_text("".join(kept), "utf-8")  # the author stopped at chapter 5
    project = Project.open(sample_copy)
    result = run_upkeep(project, 6, 10, OfflineUpkeep())
    states = [p for p in result.proposals if p.kind is Kind.STATE]
    assert len(states) == 1
    state = states[0]
    assert state.fields["character"] == "陆照" and state.fields["field"] == "修为"
    assert state.fields["value"].startswith("炼气") and state.fields["value"] in state.evidence
    before = path.read_text("utf-8")
    accept(project, [state])
    diff = [
        line
        for line in difflib.unified_diff(
            before.splitlines(), path.read_text("utf-8").splitlines(), n=0, lineterm=""
        )
        if line[:1] in "+-" and line[:3] not in ("+++", "---")
    ]
    assert diff == [f"+| {state.chapter} |  | {state.fields['value']} |  |  |"]
