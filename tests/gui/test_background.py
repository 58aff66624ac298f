"""The background-work helper every panel uses: outcomes on the GUI thread, stale ones
dropped by job id, the thread joined on shut_down."""

from __future__ import annotations

import threading

import pytest
from PySide6.QtCore import QEvent

from workbench.errors import WorkbenchError
from workbench.gui.background import Background, Job, running_helpers


@pytest.fixture
def gate():
    """A job that waits until the test opens the gate, so 'while it runs' is certain."""
    opened = threading.Event()
    yield opened
    opened.set()


def _held(job: Job, gate: threading.Event, value: str) -> tuple[str, int]:
    assert gate.wait(10), "the test never opened the gate"
    return value, job.id


def _on_which_thread(_job: Job, value: str) -> tuple[str, str]:
    return value, threading.current_thread().name


def test_the_outcome_arrives_on_the_gui_thread_and_the_work_ran_off_it(qapp, qtbot) -> None:
    work = Background("test-worker")
    arrived: list[tuple[object, str]] = []
    work.delivered.connect(lambda value: arrived.append((value, threading.current_thread().name)))
    with qtbot.waitSignal(work.delivered, timeout=10_000):
        work.submit(_on_which_thread, "甲")
    assert arrived == [(("甲", "test-worker"), threading.main_thread().name)]
    assert work.shut_down()


def test_latest_only_delivers_the_newest_and_drops_the_older_by_id(qapp, qtbot, gate) -> None:
    work = Background("latest", latest_only=True)
    delivered, dropped = [], []
    work.delivered.connect(delivered.append)
    work.dropped.connect(dropped.append)
    with qtbot.waitSignal(work.started, timeout=10_000):
        first = work.submit(_held, gate, "first")
    superseded = work.submit(_held, gate, "superseded unseen")  # waits, then is replaced
    newest = work.submit(_held, gate, "newest")
    assert work.is_busy() and work.latest_id == newest
    gate.set()
    qtbot.waitUntil(lambda: not work.is_busy(), timeout=10_000)
    assert [value for value, _id in delivered] == ["newest"]
    assert delivered[0][1] == newest
    assert dropped == [first], "the running one's result came after a newer request: dropped"
    assert superseded not in dropped, "a waiting request replaced never ran"
    assert work.shut_down()


def test_a_queue_runs_every_job_in_order_and_drops_a_cancelled_one(qapp, qtbot, gate) -> None:
    work = Background("queue")
    delivered, dropped = [], []
    work.delivered.connect(lambda value: delivered.append(value[0]))
    work.dropped.connect(dropped.append)
    with qtbot.waitSignal(work.started, timeout=10_000):
        running = work.submit(_held, gate, "a")
    work.submit(_held, gate, "b")
    waiting = work.submit(_held, gate, "c")
    work.submit(_held, gate, "d")
    assert work.cancel(waiting) and work.cancel(running)
    assert work.cancel(waiting) is False, "no longer anywhere"
    gate.set()
    qtbot.waitUntil(lambda: not work.is_busy(), timeout=10_000)
    assert delivered == ["b", "d"]
    assert dropped == [running]
    assert work.shut_down()


def _progress_then_value(job: Job, steps: int) -> str:
    for step in range(steps):
        job.report(step)
    return "done"


def test_progress_reaches_the_gui_thread_in_order(qapp, qtbot) -> None:
    work = Background("progress")
    seen = []
    work.progress.connect(lambda job_id, step: seen.append((job_id, step)))
    with qtbot.waitSignal(work.delivered, timeout=10_000):
        job_id = work.submit(_progress_then_value, 3)
    assert seen == [(job_id, 0), (job_id, 1), (job_id, 2)]
    assert work.shut_down()


def _raises(_job: Job, error: Exception) -> None:
    raise error


def test_an_error_or_a_bug_is_reported_and_the_thread_goes_on(qapp, qtbot, caplog) -> None:
    work = Background("errors")
    failed = []
    work.failed.connect(lambda job_id, reason: failed.append((job_id, reason)))
    with qtbot.waitSignal(work.failed, timeout=10_000):
        told = work.submit(_raises, WorkbenchError("chapters/ch001.md: unreadable"))
    with qtbot.waitSignal(work.failed, timeout=10_000):
        bug = work.submit(_raises, KeyError("agent"))
    assert failed == [(told, "chapters/ch001.md: unreadable"), (bug, "KeyError: 'agent'")]
    assert "job 2 crashed" in caplog.text, "a bug is logged with its trace"
    with qtbot.waitSignal(work.delivered, timeout=10_000):
        work.submit(_on_which_thread, "still serving")
    assert work.shut_down()


def _until_cancelled(job: Job, started: threading.Event) -> str:
    started.set()
    assert job.cancel.wait(10), "shut_down must set the running job's cancel flag"
    return "stopped"


def test_shut_down_cancels_the_running_job_joins_and_runs_nothing_more(qapp, qtbot) -> None:
    work = Background("closing")
    started = threading.Event()
    delivered = []
    work.delivered.connect(delivered.append)
    work.submit(_until_cancelled, started)
    work.submit(_on_which_thread, "never runs")
    assert started.wait(10)
    assert "closing" in running_helpers()
    assert work.shut_down(), "joined"
    assert not work.is_alive() and "closing" not in running_helpers()
    work.submit(_on_which_thread, "after the close")
    qapp.processEvents()
    assert delivered == [] and not work.is_alive()


def test_a_helper_deleted_while_its_job_runs_lets_the_thread_end_quietly(qapp, qtbot) -> None:
    work = Background("orphaned")
    started, release = threading.Event(), threading.Event()

    def held(_job: Job) -> str:
        started.set()
        release.wait(10)
        return "nobody listens"

    work.submit(held)
    assert started.wait(10)
    thread = work._thread
    work.deleteLater()  # its dialog closed mid-request
    qapp.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    release.set()
    thread.join(10)
    assert not thread.is_alive()
    qapp.processEvents()
