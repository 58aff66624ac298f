"""The 全书 snapshot's thread reads the book as it stood when the snapshot was asked for: the GUI
thread may re-list the chapters meanwhile (a file came), and the heatmap's columns are still
the chapters there were, not a list the GUI thread rebuilt under the worker's reads."""

from __future__ import annotations

import threading
from pathlib import Path

from workbench.gui.book import panel as book_panel


def test_the_snapshot_reads_the_chapters_listed_when_it_was_asked_for(
    qtbot, window, novel: Path, monkeypatch
) -> None:
    panel = window.book_panel
    qtbot.waitUntil(lambda: panel.snapshot is not None and not panel.is_busy(), timeout=20_000)
    listed = tuple(ref.number for ref in window.project.chapters)
    held, go = threading.Event(), threading.Event()
    taken = []
    take_snapshot = book_panel.take_snapshot

    def after_the_relisting(job, project, chapter):  # type: ignore[no-untyped-def]
        if not held.is_set():  # the first snapshot waits; the watcher's own one does not
            held.set()
            assert go.wait(30)
        taken.append(snapshot := take_snapshot(job, project, chapter))
        return snapshot

    monkeypatch.setattr(book_panel, "take_snapshot", after_the_relisting)
    try:
        panel.refresh()
        assert held.wait(30)  # the worker has the book it was handed, and waits
        (novel / "chapters" / "ch013.md").write_text("# 第13章 余烬\n\n陆照醒来。\n", "utf-8")
        window.project.rescan()  # as the GUI thread does when the watcher reports the file
        assert 13 in {ref.number for ref in window.project.chapters}
    finally:
        go.set()
    qtbot.waitUntil(lambda: bool(taken) and not panel.is_busy(), timeout=20_000)
    assert taken[0].mentions is not None, taken[0].problems
    assert taken[0].mentions.chapters == listed
