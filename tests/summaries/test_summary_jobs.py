"""Which ranges are due when a chapter is saved, and which are pending."""

from __future__ import annotations

from summary_book import make_book, section_text

from workbench.book.project import Project
from workbench.summaries.jobs import SummaryJob, jobs_for_saved_chapter, pending_jobs


def summaries(*ranges: tuple[int, int]) -> str:
    return "# 滚动摘要\n\n" + "\n".join(section_text(a, b) for a, b in ranges)


def labels(jobs: list[SummaryJob]) -> list[str]:
    return [job.label for job in jobs]


def test_saving_chapter_5_queues_1_to_5(tmp_path):
    project = Project.open(make_book(tmp_path / "b", 5))
    assert labels(jobs_for_saved_chapter(project, 5)) == ["Ch1-5"]


def test_saving_a_chapter_inside_a_range_queues_nothing(tmp_path):
    project = Project.open(make_book(tmp_path / "b", 4))
    assert jobs_for_saved_chapter(project, 3) == []
    assert jobs_for_saved_chapter(project, 4) == []


def test_saving_chapter_10_queues_exactly_6_to_10(tmp_path):
    project = Project.open(make_book(tmp_path / "b", 10, summary=summaries((1, 5))))
    assert jobs_for_saved_chapter(project, 10) == [SummaryJob(6, 10)]


def test_saving_chapter_10_also_queues_earlier_missing_ranges(tmp_path):
    project = Project.open(make_book(tmp_path / "b", 12))
    assert labels(jobs_for_saved_chapter(project, 10)) == ["Ch1-5", "Ch6-10"]
    # A save inside the next range still catches up on what is missing before it.
    assert labels(jobs_for_saved_chapter(project, 12)) == ["Ch1-5", "Ch6-10"]


def test_an_already_summarised_range_is_not_queued_again(tmp_path):
    project = Project.open(make_book(tmp_path / "b", 10, summary=summaries((1, 5), (6, 10))))
    assert jobs_for_saved_chapter(project, 5) == []
    assert jobs_for_saved_chapter(project, 10) == []


def test_act_end_closes_a_range_and_the_next_starts_after_it(tmp_path):
    root = make_book(tmp_path / "b", 10, act_end=(7,), summary=summaries((1, 5)))
    project = Project.open(root)
    assert labels(jobs_for_saved_chapter(project, 7)) == ["Ch6-7"]
    (root / "references" / "rolling-summary.md").write_text(
        summaries((1, 5), (6, 7)), encoding="utf-8"
    )
    assert labels(jobs_for_saved_chapter(project, 10)) == ["Ch8-10"]


def test_a_gap_between_summaries_is_found(tmp_path):
    project = Project.open(make_book(tmp_path / "b", 15, summary=summaries((1, 5), (11, 15))))
    assert labels(jobs_for_saved_chapter(project, 15)) == ["Ch6-10"]


def test_chapters_just_before_a_summarised_range_close_their_own(tmp_path):
    project = Project.open(make_book(tmp_path / "b", 10, summary=summaries((1, 5), (8, 10))))
    assert labels(pending_jobs(project)) == ["Ch6-7"]


def test_short_headings_count_as_summarised(tmp_path):
    text = section_text(1, 5).replace("Ch1-Ch5", "Ch1-5")
    project = Project.open(make_book(tmp_path / "b", 10, summary=text))
    assert labels(pending_jobs(project)) == ["Ch6-10"]


def test_pending_stops_at_the_last_closing_chapter(tmp_path):
    project = Project.open(make_book(tmp_path / "b", 13, summary=summaries((1, 5))))
    assert labels(pending_jobs(project)) == ["Ch6-10"]
    assert pending_jobs(Project.open(make_book(tmp_path / "c", 4))) == []


def test_a_range_without_any_chapter_is_skipped(tmp_path):
    project = Project.open(make_book(tmp_path / "b", [1, 2, 3, 4, 5, 11, 12, 13, 14, 15]))
    assert labels(pending_jobs(project)) == ["Ch1-5", "Ch11-15"]


def test_a_broken_plan_does_not_stop_scheduling(tmp_path):
    root = make_book(tmp_path / "b", 7, act_end=(6,))
    (root / "outline" / "chapters" / "ch007.md").write_text("---\n: [\n---\n", encoding="utf-8")
    project = Project.open(root)
    assert labels(jobs_for_saved_chapter(project, 7)) == ["Ch1-5", "Ch6-6"]
