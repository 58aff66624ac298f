"""Ten saves of a chapter through the real write path, on a clock the test sets: pruning
leaves exactly the versions retention says (all of the last 7 days, the newest of each day
for 60 days before, the newest of each week before that)."""

from __future__ import annotations

from datetime import UTC, datetime

from workbench.book.project import Project
from workbench.history import keeping
from workbench.history import versions as history
from workbench.history.config import HistoryConfig
from workbench.history.retention import Version, by_retention

NOW = datetime(2026, 12, 7, 12, 0, tzinfo=UTC).timestamp()  # a Monday


def at(month: int, day: int, hour: int) -> float:
    return datetime(2026, month, day, hour, tzinfo=UTC).timestamp()


# When each of the ten saves happened, oldest first, and whether retention keeps the text
# that save replaced.
SAVES = [
    (at(8, 20, 10), True),  # over 67 days: the only one of its ISO week (34)
    (at(8, 31, 10), False),  # week 36: Monday ...
    (at(9, 2, 10), True),  # ... and Wednesday: the week's newest
    (at(11, 7, 7), False),  # 30 days back: two on one day, the earlier goes
    (at(11, 7, 9), True),
    (at(11, 27, 12), True),  # 10 days back: alone on its day
    (at(12, 2, 12), True),  # the last 7 days: all of them
    (at(12, 4, 12), True),
    (at(12, 6, 12), True),
    (at(12, 7, 11), True),
]


def test_ten_saves_keep_what_retention_says(sample_copy, monkeypatch):
    project = Project.open(sample_copy)
    path = project.chapter(1).path
    texts = []
    for n, (when, _kept) in enumerate(SAVES):
        monkeypatch.setattr(keeping, "clock", lambda when=when: when)
        texts.append(project.read(path).text)
        project.save_chapter(1, f"# 第1章 第{n + 1}稿\n\n陆照第{n + 1}次改这一章。\n")
    assert len(history.versions_of(project, path)) == 10

    keeping.prune_history(project, now=NOW)

    kept = history.versions_of(project, path)
    expected = [when for when, keeps in SAVES if keeps]
    assert sorted(v.at for v in kept) == expected
    for version in kept:
        index = [when for when, _ in SAVES].index(version.at)
        assert history.version_text(project, version) == texts[index]
    # The dropped versions' blobs are gone too.
    assert len(list((sample_copy / ".workbench/history/objects").rglob("*.v"))) == len(expected)


def test_one_a_week_long_ago_and_the_newest_always():
    monday = Version("a" * 12, "chapters/ch001.md", at(1, 5, 9), "a" * 64, 10, 10, "save")
    wednesday = Version("b" * 12, "chapters/ch001.md", at(1, 7, 9), "b" * 64, 10, 10, "save")
    config = HistoryConfig(every_days=0, daily_days=0)
    assert by_retention([monday, wednesday], NOW, config) == {wednesday}
    assert by_retention([monday], NOW, config) == {monday}


def test_retention_takes_its_days_from_workbench_toml(sample_copy, monkeypatch):
    (sample_copy / "workbench.toml").write_text(
        '[project]\ntitle = "烬灯录"\n\n[history]\nevery_days = 1\ndaily_days = 0\n', "utf-8"
    )
    project = Project.open(sample_copy)
    for n, when in enumerate((at(12, 1, 9), at(12, 1, 10), at(12, 7, 10), at(12, 7, 11))):
        monkeypatch.setattr(keeping, "clock", lambda when=when: when)
        project.save_chapter(2, f"第{n}稿\n")
    keeping.prune_history(project, now=NOW)
    kept = sorted(v.at for v in history.versions_of(project, project.chapter(2).path))
    assert kept == [at(12, 1, 10), at(12, 7, 10), at(12, 7, 11)]
