"""A chapter another program changes is seen by the next relevance answer of a project that
stays open: with the watcher the app runs (which then spares each call a stat of every
chapter) and without one (every chapter statted each call). Real files, a real watchdog."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from workbench.book import chapter_stats
from workbench.book.project import Project
from workbench.book.textio import write_text
from workbench.book.watch import FolderWatch
from workbench.trackers.relevance import relevant_for

# ch005 without 赵师兄: he is then named in 3 of the 6 chapters before 7, not more than half,
# so the entry and the row only he names for chapter 7 carry a strong signal, not a weak one.
WITHOUT_ZHAO = "# 第5章 并肩\n\n瑶儿与林风并肩抵御妖兽，援兵迟迟未到。\n"
WEAK = {"F002": (("弱相关：常见角色 赵师兄",), 4), "赵师兄—林风": 4}
STRONG = {"F002": (("点名：赵师兄",), 3), "赵师兄—林风": 3}


def zhao(project: Project) -> dict:
    """What chapter 7's relevance says of 赵师兄's entry and row."""
    items = {item.key: item for item in relevant_for(project, 7)}
    entry, row = items["F002"], items["赵师兄—林风"]
    return {"F002": (entry.reasons, entry.mentions), "赵师兄—林风": row.mentions}


class Reported:
    """The paths a FolderWatch reported, and a wait for one of them."""

    def __init__(self) -> None:
        self.paths: set[Path] = set()
        self._changed = threading.Condition()

    def add(self, path: Path) -> None:
        with self._changed:
            self.paths.add(path)
            self._changed.notify_all()

    def wait_for(self, path: Path, timeout: float = 10.0) -> None:
        deadline = time.monotonic() + timeout
        with self._changed:
            while path not in self.paths:
                left = deadline - time.monotonic()
                assert left > 0, f"the watcher never reported {path}"
                self._changed.wait(left)


@pytest.fixture(params=["watched", "unwatched"])
def open_project(request, mini_novel) -> Iterator[tuple[Project, Callable[[Path], None]]]:
    """The mini novel open and warm (chapter 7's relevance answered once), and a function
    that returns once the watcher (if one runs) has reported a path."""
    project = Project.open(mini_novel)
    watch = None
    wait: Callable[[Path], None] = lambda path: None  # noqa: E731 - nothing to wait for
    if request.param == "watched":
        reported = Reported()
        watch = FolderWatch(project, reported.add)
        watch.start()
        wait = reported.wait_for
    assert zhao(project) == WEAK
    yield project, wait
    if watch is not None:
        watch.stop()


def test_a_rename_save_by_another_program_is_seen(open_project) -> None:
    project, wait = open_project
    path = project.chapter(5).path
    write_text(path, WITHOUT_ZHAO)  # temp file, fsync, rename: a new directory entry
    wait(path)
    assert zhao(project) == STRONG


def test_an_in_place_write_by_another_program_is_seen(open_project) -> None:
    project, wait = open_project
    path = project.chapter(5).path
    folder = path.parent.stat().st_mtime_ns
    with path.open("w", encoding="utf-8") as file:  # truncate and write, no rename
        file.write(WITHOUT_ZHAO)
    # The folder's mtime did not move: only the watcher, or a stat of every chapter, tells.
    assert path.parent.stat().st_mtime_ns == folder
    wait(path)
    assert zhao(project) == STRONG


def test_a_watched_project_stats_only_what_may_have_changed(mini_novel, monkeypatch) -> None:
    statted: list[Path] = []
    real = chapter_stats.file_stat

    def counted(path):
        statted.append(Path(path))
        return real(path)

    monkeypatch.setattr(chapter_stats, "file_stat", counted)
    project = Project.open(mini_novel)
    folder = mini_novel / "chapters"
    project.chapter_stats()
    assert len(statted) == 6  # unwatched: every chapter, every call
    watch = FolderWatch(project)
    watch.start()
    try:
        project.chapter_stats()  # the first call after the watch started looks at everything
        statted.clear()
        taken = project.chapter_stats()
        assert statted == [folder]  # nothing reported, the folder as it was: no chapter
        path = project.chapter(2).path
        project.write(path, "林风独自练剑。\n")  # our own save: its stat is known
        statted.clear()
        after = project.chapter_stats()
        assert after.version == taken.version + 1
        assert project.stat_keeper.changes_since(taken.version) == {path}
        assert after.stats[path] == (path.stat().st_mtime_ns, path.stat().st_size)
        assert set(statted) <= {folder, path}  # the watcher may have reported our save too
    finally:
        watch.stop()
