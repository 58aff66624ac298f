"""Writing statistics: the save history, 字 per day, the goal, the streak, finished chapters."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from datetime import date, datetime, timedelta, timezone

from glance_book import write_glance_book

from workbench.book.counting import count_zi
from workbench.book.project import Project
from workbench.stats import (
    read_history,
    reconstruct,
    record_save,
    stats_path,
    summarize,
)

UTC8 = timezone(timedelta(hours=8))


def at(day: int, hour: int) -> datetime:
    return datetime(2026, 11, day, hour, 0, tzinfo=UTC8)


def written_in_october(root):  # type: ignore[no-untyped-def]
    """Chapter N's file last changed on 10 October + N days (a book written over weeks, not
    one just copied: a file changed today has no estimate)."""
    for number, chapter in enumerate(sorted((root / "chapters").glob("*.md")), start=1):
        moment = datetime(2026, 10, 10, 12, 0) + timedelta(days=number)
        os.utime(chapter, (moment.timestamp(), moment.timestamp()))
    return root


def test_three_saves_on_two_days_give_two_daily_totals_and_a_streak(tmp_path):
    project = Project.open(write_glance_book(tmp_path / "book"))
    stats_path(project).parent.mkdir(parents=True, exist_ok=True)
    stats_path(project).write_text("", encoding="utf-8")  # a history that exists, empty
    record_save(project, 13, 0, 3000, at(28, 9))
    record_save(project, 13, 3000, 4500, at(28, 22))
    record_save(project, 14, 0, 4200, at(29, 10))
    lines = [json.loads(line) for line in stats_path(project).read_text("utf-8").splitlines()]
    assert [(r["date"], r["chapter"], r["before"], r["after"]) for r in lines] == [
        ("2026-11-28", 13, 0, 3000),
        ("2026-11-28", 13, 3000, 4500),
        ("2026-11-29", 14, 0, 4200),
    ]
    summary = summarize(read_history(project), 4000, days=3, today=date(2026, 11, 29))
    assert [(d.day.isoformat(), d.added) for d in summary.days] == [
        ("2026-11-27", 0),
        ("2026-11-28", 4500),
        ("2026-11-29", 4200),
    ]
    assert summary.today.added == 4200 and summary.streak == 2 and summary.goal_days == 2
    assert not summary.estimated
    # Chapter 13 was finished when chapter 14 was first saved, on the 29th (a Sunday).
    assert summary.weeks[-1] == (date(2026, 11, 23), 1)
    # A goal of 4300: the 28th meets it, the 29th not yet, so the streak ends yesterday.
    assert summarize(read_history(project), 4300, 3, date(2026, 11, 29)).streak == 1
    assert summarize(read_history(project), 5000, 3, date(2026, 11, 29)).streak == 0


def test_a_save_that_changes_no_count_adds_no_line(tmp_path):
    project = Project.open(write_glance_book(tmp_path / "book"))
    stats_path(project).parent.mkdir(parents=True, exist_ok=True)
    stats_path(project).write_text("", encoding="utf-8")
    assert record_save(project, 1, 2, 2, at(28, 9)) is None
    assert stats_path(project).read_text("utf-8") == ""


def test_a_book_without_history_is_estimated_once_from_file_times(tmp_path):
    root = written_in_october(write_glance_book(tmp_path / "book"))
    old = datetime(2026, 10, 5, 12, 0).timestamp()
    os.utime(root / "chapters/ch001.md", (old, old))
    project = Project.open(root)
    written = reconstruct(project)
    assert written == 12
    assert reconstruct(project) == 0  # once: the history exists now
    history = read_history(project)
    first = history.records[0]
    assert (first.day, first.chapter, first.before, first.estimated) == (
        date(2026, 10, 5),
        1,
        0,
        True,
    )
    assert first.after == project.chapter_zi(project.chapter(1))
    assert history.estimated


def test_the_first_save_in_a_book_without_history_is_not_counted_twice(tmp_path):
    project = Project.open(write_glance_book(tmp_path / "book"))
    project.save_chapter(12, "尾声。新的一段。\n")
    record_save(
        project, 12, count_zi("# 第12章\n\n尾声。\n"), count_zi("尾声。新的一段。\n"), at(30, 9)
    )
    chapters = [record.chapter for record in read_history(project).records]
    assert chapters.count(12) == 1  # the estimate leaves out the chapter being saved


def test_damaged_lines_are_counted_and_left_in_the_file(tmp_path):
    project = Project.open(write_glance_book(tmp_path / "book"))
    stats_path(project).parent.mkdir(parents=True, exist_ok=True)
    good = json.dumps(
        {"time": "2026-11-28T09:00:00+08:00", "date": "2026-11-28", "chapter": 1, "before": 0}
    ).replace("}", ', "after": 10}\n')
    damaged = (
        good + '{"time": 1}\n[]\n{"date": "2026-13-40"}\n' + good.replace("10}", "-5}") + '{"ti'
    )
    stats_path(project).write_text(damaged, encoding="utf-8")
    history = read_history(project)
    assert len(history.records) == 1 and history.unreadable_lines == 5
    assert stats_path(project).read_text("utf-8") == damaged


def test_the_cli_prints_the_same_figures(tmp_path):
    root = write_glance_book(tmp_path / "book")
    (root / "workbench.toml").write_text("[stats]\ndaily_goal = 10\n", encoding="utf-8")
    yesterday = (datetime.now() - timedelta(days=1)).timestamp()
    for chapter in (root / "chapters").glob("*.md"):
        os.utime(chapter, (yesterday, yesterday))  # written yesterday, not copied today
    run = subprocess.run(
        [sys.executable, "-m", "workbench", "stats", str(root), "--days", "7", "--format", "json"],
        capture_output=True,
        text=True,
        check=True,
    )
    printed = json.loads(run.stdout)
    project = Project.open(root)
    expected = summarize(read_history(project), 10, 7)
    assert printed["goal"] == 10 and len(printed["days"]) == 7
    assert printed["total_added"] == expected.total_added
    assert printed["estimated"] is True  # the one-time estimate from file times
    bad = subprocess.run(
        [sys.executable, "-m", "workbench", "stats", str(root), "--days", "0"],
        capture_output=True,
        text=True,
    )
    assert bad.returncode == 2 and "--days" in bad.stderr


def test_a_bad_goal_names_workbench_toml(tmp_path):
    root = write_glance_book(tmp_path / "book")
    (root / "workbench.toml").write_text("[stats]\ndaily_goal = -3\n", encoding="utf-8")
    run = subprocess.run(
        [sys.executable, "-m", "workbench", "stats", str(root)], capture_output=True, text=True
    )
    assert (
        run.returncode == 1 and "workbench.toml" in run.stderr and "stats.daily_goal" in run.stderr
    )


def test_two_threads_estimating_a_new_history_write_it_once(tmp_path, monkeypatch):
    """The 全书 snapshot's thread and the save-stats thread both find no history and both
    estimate it: the one that finishes second must not append a second estimate."""
    project = Project.open(written_in_october(write_glance_book(tmp_path / "book")))
    inside, release = threading.Event(), threading.Event()
    counted = project.chapter_zi

    def held_open(ref):  # the snapshot's estimate stops halfway until the save is recorded
        if threading.current_thread().name == "snapshot":
            inside.set()
            release.wait()
        return counted(ref)

    monkeypatch.setattr(project, "chapter_zi", held_open)
    snapshot = threading.Thread(target=reconstruct, args=(project,), name="snapshot")
    snapshot.start()
    inside.wait()
    record_save(project, 12, 10, 20, at(30, 9))  # the save's thread, meanwhile, to the end
    release.set()
    snapshot.join()
    records = read_history(project).records
    estimated = [record.chapter for record in records if record.estimated]
    assert sorted(estimated) == list(range(1, 12))  # once each; 12 is the save's
    assert [(r.chapter, r.before, r.after) for r in records if not r.estimated] == [(12, 10, 20)]
