"""Summaries on the bundled sample novel (short `Ch6-10` headings, a full plot tracker)."""

from __future__ import annotations

from workbench.book.counting import count_zi
from workbench.book.fixed_context import CAPS, parse_fixed_context, stale_sources
from workbench.book.project import Project
from workbench.book.rolling_summary import rolling_sections
from workbench.book.sections import sections
from workbench.summaries.fixed import generate_fixed_context, write_fixed_context
from workbench.summaries.jobs import (
    SummaryJob,
    generate_summary,
    jobs_for_saved_chapter,
    pending_jobs,
    write_summary,
)
from workbench.summaries.offline import OfflineBackend
from workbench.summaries.rolling import SECTION_TITLES

JOB = SummaryJob(6, 10)


def test_regenerating_6_to_10_replaces_only_that_section(sample_copy):
    project = Project.open(sample_copy)
    path = sample_copy / "references" / "rolling-summary.md"
    before = path.read_text(encoding="utf-8")
    old = next(s for s in rolling_sections(before) if (s.first, s.last) == (6, 10)).section
    assert jobs_for_saved_chapter(project, 10) == [] and pending_jobs(project) == []

    section = generate_summary(project, JOB, OfflineBackend())
    write_summary(project, JOB, section)

    after = path.read_text(encoding="utf-8")
    assert after.startswith(before[: old.start])
    assert after.endswith(before[old.end :])
    new = after[old.start : len(after) - (len(before) - old.end)]
    assert new.startswith("## 滚动摘要 Ch6-Ch10\n")  # the seed's heading form
    assert count_zi(new) <= 2200
    listed = next(s for s in sections(new) if s.title == SECTION_TITLES[2]).body(new)
    # Open at chapter 10 by the tracker: planted by 10, and unresolved or resolved after 10.
    for entry in ("F001", "F003", "F006", "F007", "F009", "F010", "F012"):
        assert f"- {entry} " in listed
    for entry in ("F002", "F005", "F011"):  # resolved at 6 and 8; planted at 12
        assert entry not in listed
    names = new.split(SECTION_TITLES[1])[1]
    assert "**陆照**" in names and "**周德全**" in names


def test_fixed_context_of_the_sample_is_fresh_and_within_caps(sample_copy):
    project = Project.open(sample_copy)
    text, compressed = generate_fixed_context(project, OfflineBackend())
    write_fixed_context(project, text)
    parsed = parse_fixed_context((sample_copy / "references" / "fixed-context.md").read_text())
    assert not compressed
    for part, body in parsed.parts.items():
        assert 0 < count_zi(body) <= CAPS[part]
    assert stale_sources(project, parsed) == []
