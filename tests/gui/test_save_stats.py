"""The writing statistics' thread reads the book as it stood at the save: the GUI thread may
re-list the chapters meanwhile (a file came), and the first save's estimate is still made from
the chapters there were when the author saved."""

from __future__ import annotations

import os
import threading
import time
from pathlib import Path

from workbench.book.project import Project
from workbench.gui import save_stats
from workbench.gui.save_stats import SaveStats
from workbench.stats import read_history


def test_the_estimate_is_made_from_the_chapters_at_the_save(novel: Path, monkeypatch) -> None:
    project = Project.open(novel)
    listed = {ref.number for ref in project.chapters}
    last_week = time.time() - 7 * 86_400  # written before, not copied today (no estimate)
    for ref in project.chapters:
        os.utime(ref.path, (last_week, last_week))
    go = threading.Event()
    record_save = save_stats.record_save

    def after_the_relisting(*args, **kwargs):  # type: ignore[no-untyped-def]
        assert go.wait(30)
        return record_save(*args, **kwargs)

    monkeypatch.setattr(save_stats, "record_save", after_the_relisting)
    stats = SaveStats()
    stats.record(project, 12, 2500, 2560)
    (novel / "chapters" / "ch013.md").write_text("# 第13章 余烬\n\n陆照醒来。\n", "utf-8")
    project.rescan()  # as the GUI thread does when the watcher reports the new file
    go.set()
    stats.shut_down()
    estimated = {record.chapter for record in read_history(project).records if record.estimated}
    assert estimated == listed - {12}, estimated
