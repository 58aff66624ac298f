"""A copy or an import is not writing: the estimate from file times leaves out the day it
arrived. The daily goal is written into workbench.toml's [stats], nothing else changed."""

from __future__ import annotations

import os
from datetime import date, datetime, timedelta

import pytest
from glance_book import write_glance_book

from workbench.book.importer import IMPORT_LOG_FILE
from workbench.book.project import Project
from workbench.errors import FileProblem
from workbench.stats import load_stats_config, read_history, reconstruct, set_daily_goal

TODAY = date(2026, 12, 7)


def touch(path, day: date) -> None:
    moment = datetime(day.year, day.month, day.day, 12, 0).timestamp()
    os.utime(path, (moment, moment))


def test_a_book_copied_today_has_no_estimated_day(tmp_path):
    root = write_glance_book(tmp_path / "book")
    for chapter in (root / "chapters").glob("*.md"):
        touch(chapter, TODAY)
    older = root / "chapters/ch001.md"
    touch(older, TODAY - timedelta(days=40))
    project = Project.open(root)
    assert reconstruct(project, today=TODAY) == 1
    [record] = read_history(project).records
    assert record.day == TODAY - timedelta(days=40) and record.chapter == 1


def test_the_day_of_the_last_import_has_no_estimated_day(tmp_path):
    root = write_glance_book(tmp_path / "book")
    imported = TODAY - timedelta(days=3)
    for chapter in (root / "chapters").glob("*.md"):
        touch(chapter, imported)
    touch(root / "chapters/ch002.md", imported - timedelta(days=1))
    log = root / IMPORT_LOG_FILE
    log.parent.mkdir(parents=True, exist_ok=True)
    log.write_text("## 旧稿.txt\n", encoding="utf-8")
    touch(log, imported)
    project = Project.open(root)
    assert reconstruct(project, today=TODAY) == 1
    assert [r.chapter for r in read_history(project).records] == [2]


@pytest.mark.parametrize(
    ("before", "after"),
    [
        (
            '[project]\ntitle = "烬灯录"\n',
            '[project]\ntitle = "烬灯录"\n\n[stats]\ndaily_goal = 6000\n',
        ),
        (
            "[stats] # 日更\ndaily_goal = 4000  # 旧目标\n\n[feed]\nbudget = 9\n",
            "[stats] # 日更\ndaily_goal = 6000  # 旧目标\n\n[feed]\nbudget = 9\n",
        ),
        ("[stats]\n\n[feed]\nbudget = 9\n", "[stats]\ndaily_goal = 6000\n\n[feed]\nbudget = 9\n"),
        ("", "[stats]\ndaily_goal = 6000\n"),
    ],
)
def test_the_goal_is_written_into_stats_and_nothing_else_changes(tmp_path, before, after):
    root = write_glance_book(tmp_path / "book")
    (root / "workbench.toml").write_text(before, encoding="utf-8")
    project = Project.open(root)
    set_daily_goal(project, 6000)
    assert (root / "workbench.toml").read_text(encoding="utf-8") == after
    assert load_stats_config(project).daily_goal == 6000


@pytest.mark.parametrize(
    "config", ["stats.daily_goal = 10\n", "[stats\n", "stats = { daily_goal = 10 }\n"]
)
def test_a_file_it_cannot_edit_is_named_and_left_alone(tmp_path, config):
    root = write_glance_book(tmp_path / "book")
    (root / "workbench.toml").write_text(config, encoding="utf-8")
    with pytest.raises(FileProblem, match=r"workbench\.toml"):
        set_daily_goal(Project.open(root), 6000)
    assert (root / "workbench.toml").read_text(encoding="utf-8") == config
