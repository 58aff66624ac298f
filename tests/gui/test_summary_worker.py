"""The background summary worker: queued from the app's save path, off the GUI thread,
stale jobs dropped, write-back held while rolling-summary.md has unsaved edits."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest
from PySide6.QtCore import QTimer

from workbench.book.project import Project
from workbench.gui import summary_worker
from workbench.gui.summary_worker import SummaryQueue
from workbench.settings import Settings
from workbench.summaries.jobs import SummaryJob
from workbench.summaries.rolling import summary_sections

ROLLING = "references/rolling-summary.md"


def _without_section(novel: Path, start: int, end: int) -> str:
    """Remove one `## 滚动摘要` section from the copy; returns the file's new text."""
    path = novel / ROLLING
    text = path.read_text(encoding="utf-8")
    found = next(s for s in summary_sections(text) if (s.start, s.end) == (start, end))
    text = text[: found.section.start] + text[found.section.end :]
    path.write_text(text, encoding="utf-8")
    return text


class HeldGenerate:
    """Wraps the real generate_summary: once running, it waits for the test's go-ahead."""

    def __init__(self) -> None:
        self.started = threading.Event()
        self.release = threading.Event()
        self.released_in_time: list[bool] = []
        self.threads: list[str] = []
        self._real = summary_worker.generate_summary

    def __call__(self, project, job, backend, **kwargs):
        self.threads.append(threading.current_thread().name)
        self.started.set()
        self.released_in_time.append(self.release.wait(timeout=20))
        return self._real(project, job, backend, **kwargs)


@pytest.fixture
def held(monkeypatch) -> HeldGenerate:
    wrapper = HeldGenerate()
    monkeypatch.setattr(summary_worker, "generate_summary", wrapper)
    return wrapper


def test_saving_chapter_10_queues_one_job_and_writes_it_in_the_background(
    window, novel: Path, qtbot, held: HeldGenerate, type_at_end
) -> None:
    before = _without_section(novel, 6, 10)
    queued, statuses, ticks = [], [], []
    window.summaries.queued.connect(lambda _id, label: queued.append(label))
    window.summaries.changed.connect(lambda: statuses.append(window.status.jobs_text))

    def tick() -> None:
        # The GUI thread ticks while the worker thread is held inside the job.
        if held.started.is_set():
            ticks.append(1)
            if len(ticks) >= 3:
                held.release.set()

    ticker = QTimer()
    ticker.setInterval(10)
    ticker.timeout.connect(tick)
    ticker.start()

    editor = window.open_path(Project.open(novel).chapter(10).path)
    type_at_end(editor, "\n")
    with qtbot.waitSignal(window.summaries.done, timeout=30_000) as done:
        window.actions_.save.trigger()
        assert queued == ["Ch6-10"]
    ticker.stop()

    assert done.args[1] == "Ch6-10"
    assert held.released_in_time == [True], "the GUI loop must turn while the job runs"
    assert len(ticks) >= 3
    assert held.threads and held.threads[0] != threading.main_thread().name
    assert any("Ch6-10" in status for status in statuses)
    text = (novel / ROLLING).read_text(encoding="utf-8")
    assert [(s.start, s.end) for s in summary_sections(text)] == [(1, 5), (6, 10)]
    first_end = summary_sections(before)[0].section.end
    assert text[:first_end] == before[:first_end], "the Ch1-5 section is untouched"
    qtbot.waitUntil(lambda: window.summaries.is_idle())
    assert window.status.jobs_text == ""


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
    assert [(s.start, s.end) for s in summary_sections(text)] == [(1, 5), (6, 10)]
    qtbot.waitUntil(lambda: len(summary_sections(summary_editor.text())) == 2)  # reloaded


@pytest.fixture
def queue(qapp, novel: Path):
    made = SummaryQueue(Settings())
    made.set_project(Project.open(novel))
    yield made
    made.shutdown()
    assert made.worker_thread.isFinished()


def test_the_same_range_queued_again_supersedes_the_old_job(
    queue: SummaryQueue, novel: Path, qtbot, held: HeldGenerate
) -> None:
    _without_section(novel, 6, 10)
    cancelled, done = [], []
    queue.cancelled.connect(lambda job_id, _label: cancelled.append(job_id))
    queue.done.connect(lambda job_id, _label: done.append(job_id))
    first = queue.submit(SummaryJob(6, 10))
    qtbot.waitUntil(held.started.is_set)
    second = queue.submit(SummaryJob(6, 10))
    assert cancelled == [first]
    held.release.set()
    qtbot.waitUntil(lambda: done == [second], timeout=30_000)
    assert cancelled == [first]
    text = (novel / ROLLING).read_text(encoding="utf-8")
    assert [(s.start, s.end) for s in summary_sections(text)] == [(1, 5), (6, 10)]


def test_a_failing_job_reports_why_and_writes_nothing(
    queue: SummaryQueue, novel: Path, qtbot
) -> None:
    before = (novel / ROLLING).read_bytes()
    with qtbot.waitSignal(queue.failed, timeout=10_000) as failed:
        queue.submit(SummaryJob(40, 45))  # no such chapters
    assert "40" in failed.args[2]
    assert (novel / ROLLING).read_bytes() == before


def test_shutdown_while_a_job_runs_stops_the_thread(
    queue: SummaryQueue, novel: Path, qtbot, held: HeldGenerate
) -> None:
    before = _without_section(novel, 6, 10)
    queue.submit(SummaryJob(6, 10))
    qtbot.waitUntil(held.started.is_set)
    held.release.set()
    queue.shutdown()
    assert queue.worker_thread.isFinished()
    assert (novel / ROLLING).read_text(encoding="utf-8") == before
