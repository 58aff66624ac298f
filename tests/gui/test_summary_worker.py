"""The background summary worker: queued from the app's save path, run in a child process,
stale jobs dropped, write-back held while rolling-summary.md has unsaved edits."""

from __future__ import annotations

import multiprocessing
import os
import signal
from pathlib import Path

import pytest
import real_input
from PySide6.QtCore import QTimer

from workbench.book.project import Project
from workbench.book.rolling_summary import rolling_sections
from workbench.gui.summary_worker import SummaryQueue
from workbench.settings import Settings
from workbench.summaries.jobs import SummaryJob

ROLLING = "references/rolling-summary.md"


def _without_section(novel: Path, start: int, end: int) -> str:
    """Remove one `## 滚动摘要` section from the copy; returns the file's new text."""
    path = novel / ROLLING
    text = path.read_text(encoding="utf-8")
    found = next(s for s in rolling_sections(text) if (s.first, s.last) == (start, end))
    text = text[: found.section.start] + text[found.section.end :]
    path.write_text(text, encoding="utf-8")
    return text


def _summary_processes() -> list[str]:
    """Names of the live summary child processes."""
    return [p.name for p in multiprocessing.active_children() if p.name.startswith("summary ")]


def test_saving_chapter_10_queues_one_job_and_writes_it_in_the_background(
    window, novel: Path, qtbot, type_at_end
) -> None:
    before = _without_section(novel, 6, 10)
    queued, statuses, ticks, children = [], [], [], set()
    running: list[str] = []
    window.summaries.queued.connect(lambda _id, label: queued.append(label))
    window.summaries.running.connect(lambda _id, label: running.append(label))
    window.summaries.changed.connect(lambda: statuses.append(window.status.jobs_text))

    def tick() -> None:
        # The GUI thread turns while the job runs, and the job runs in a child process.
        if running and not window.summaries.is_idle():
            ticks.append(1)
            children.update(_summary_processes())

    ticker = QTimer()
    ticker.setInterval(10)
    ticker.timeout.connect(tick)
    ticker.start()

    editor = window.open_path(Project.open(novel).chapter(10).path)
    type_at_end(editor, "\n")
    with qtbot.waitSignal(window.summaries.done, timeout=30_000) as done:
        real_input.shortcut(window.tabs.current_editor().text_edit, "Ctrl+S")
        # The range's upkeep proposals (issue 24) follow its summary in the same queue.
        assert queued == ["Ch6-10", "upkeep Ch6-10"]
    ticker.stop()

    assert done.args[1] == "Ch6-10"
    assert len(ticks) >= 3, "the GUI loop must turn while the job runs"
    assert "summary Ch6-10" in children
    assert children <= {"summary Ch6-10", "summary upkeep Ch6-10"}
    assert any("Ch6-10" in status for status in statuses)
    text = (novel / ROLLING).read_text(encoding="utf-8")
    assert [(s.first, s.last) for s in rolling_sections(text)] == [(1, 5), (6, 10)]
    first_end = rolling_sections(before)[0].section.end
    assert text[:first_end] == before[:first_end], "the Ch1-5 section is untouched"
    qtbot.waitUntil(lambda: window.summaries.is_idle())
    assert window.status.jobs_text == ""
    assert not _summary_processes(), "the child process is gone"


def test_the_write_waits_while_rolling_summary_has_unsaved_edits(
    window, novel: Path, qtbot, type_at_end
) -> None:
    _without_section(novel, 6, 10)
    path = novel / ROLLING
    summary_editor = window.open_path(path.resolve())
    type_at_end(summary_editor, "\n作者的批注。\n")
    on_disk = path.read_bytes()

    editor = window.open_path(Project.open(novel).chapter(10).path)
    type_at_end(editor, "\n")
    with qtbot.waitSignal(window.summaries.waiting, timeout=30_000):
        window.tabs.save(editor)
    assert path.read_bytes() == on_disk
    assert "rolling-summary.md" in window.status.jobs_text

    with qtbot.waitSignal(window.summaries.done, timeout=10_000):
        assert window.tabs.save(summary_editor)
    text = path.read_text(encoding="utf-8")
    assert "作者的批注。" in text
    assert [(s.first, s.last) for s in rolling_sections(text)] == [(1, 5), (6, 10)]
    qtbot.waitUntil(lambda: len(rolling_sections(summary_editor.text())) == 2)  # reloaded


@pytest.fixture
def queue(qapp, novel: Path):
    made = SummaryQueue(Settings())
    made.set_project(Project.open(novel))
    yield made
    made.shut_down()
    assert not made.worker.is_alive()


def test_the_same_range_queued_again_supersedes_the_old_job(
    queue: SummaryQueue, novel: Path, qtbot
) -> None:
    _without_section(novel, 6, 10)
    cancelled, done = [], []
    queue.cancelled.connect(lambda job_id, _label: cancelled.append(job_id))
    queue.done.connect(lambda job_id, _label: done.append(job_id))
    with qtbot.waitSignal(queue.running, timeout=10_000):
        first = queue.submit(SummaryJob(6, 10))
    second = queue.submit(SummaryJob(6, 10))
    assert cancelled == [first]
    qtbot.waitUntil(lambda: done == [second], timeout=30_000)
    assert cancelled == [first]
    text = (novel / ROLLING).read_text(encoding="utf-8")
    assert [(s.first, s.last) for s in rolling_sections(text)] == [(1, 5), (6, 10)]
    qtbot.waitUntil(lambda: not _summary_processes())


def test_a_failing_job_reports_why_and_writes_nothing(
    queue: SummaryQueue, novel: Path, qtbot
) -> None:
    before = (novel / ROLLING).read_bytes()
    with qtbot.waitSignal(queue.failed, timeout=10_000) as failed:
        queue.submit(SummaryJob(40, 45))  # no such chapters
    assert "Ch40-45 未写入" in failed.args[2], "the engine's reason crosses the pipe"
    assert (novel / ROLLING).read_bytes() == before


def test_a_summary_process_that_dies_is_a_failure_not_a_hang(
    queue: SummaryQueue, novel: Path, qtbot
) -> None:
    before = _without_section(novel, 6, 10)
    queue.submit(SummaryJob(6, 10))
    qtbot.waitUntil(lambda: bool(_summary_processes()), timeout=10_000)
    child = next(p for p in multiprocessing.active_children() if p.name == "summary Ch6-10")
    with qtbot.waitSignal(queue.failed, timeout=10_000) as failed:
        os.kill(child.pid, signal.SIGKILL)  # as the system's out-of-memory killer would
    assert "ended without an answer" in failed.args[2]
    assert (novel / ROLLING).read_text(encoding="utf-8") == before
    assert queue.is_idle()


def test_shutdown_while_a_job_runs_stops_the_process_and_the_thread(
    queue: SummaryQueue, novel: Path, qtbot
) -> None:
    before = _without_section(novel, 6, 10)
    queue.submit(SummaryJob(6, 10))
    qtbot.waitUntil(lambda: bool(_summary_processes()), timeout=10_000)
    queue.shut_down()
    assert not queue.worker.is_alive()
    assert not _summary_processes()
    assert (novel / ROLLING).read_text(encoding="utf-8") == before
