"""ServingProcess (gui/child_process.py): a real spawned child serving tests/gui/served_echo.py's
Echo; answers, latest-only requests, ordered tells, a child SIGKILLed and replaced, and a
shut_down at every moment leaving no process behind."""

from __future__ import annotations

import multiprocessing
import os
import signal

import pytest

from workbench.gui.background import running_helpers
from workbench.gui.child_process import ServingProcess

ECHO = "served_echo:Echo"
WAIT_MS = 30_000  # a bound for a broken child, not a timing: a spawn takes well under a second


@pytest.fixture
def serving(qapp):
    made: list[ServingProcess] = []

    def make() -> ServingProcess:
        process = ServingProcess("echo", ECHO)
        made.append(process)
        return process

    yield make
    for process in made:
        process.shut_down()


def answers_of(process: ServingProcess) -> list:
    got: list = []
    process.answered.connect(got.append)
    return got


def settled(qtbot, process: ServingProcess) -> None:
    qtbot.waitUntil(lambda: not process.is_busy(), timeout=WAIT_MS)


def gone(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    return False


def test_a_request_is_answered_on_the_gui_thread(qtbot, serving):
    process = serving()
    got = answers_of(process)
    assert process.request("hello") == 1
    assert process.is_busy()
    settled(qtbot, process)
    assert [answer["echo"] for answer in got] == ["hello"]
    assert got[0]["pid"] == process.child_pid() != os.getpid()


def test_the_child_imports_no_qt(qtbot, serving):
    process = serving()
    got = answers_of(process)
    process.request("qt")
    settled(qtbot, process)
    assert got == [[]]


def test_only_the_newest_request_is_answered(qtbot, serving):
    process = serving()
    got = answers_of(process)
    process.request(("sleep", 1.0, "first"))
    qtbot.waitUntil(lambda: process.child_pid() is not None, timeout=WAIT_MS)
    process.request("second")  # replaced before it is sent: the first is still answering
    third = process.request("third")
    assert process.latest_id == third
    settled(qtbot, process)
    # The first's answer arrived and was dropped; the second never reached the child.
    assert [(answer["echo"], answer["answered"]) for answer in got] == [("third", 2)]


def test_forget_drops_the_answer_to_come(qtbot, serving):
    process = serving()
    got = answers_of(process)
    process.request(("sleep", 0.3, "forgotten"))
    process.forget()
    assert not process.is_busy()
    process.request("after")
    settled(qtbot, process)
    assert [answer["echo"] for answer in got] == ["after"]


def test_tells_arrive_in_order_before_a_later_request(qtbot, serving):
    process = serving()
    got = answers_of(process)
    process.request(("sleep", 0.3, "busy"))
    for number in range(1, 6):
        process.tell(number)
    process.request("heard?")
    settled(qtbot, process)
    assert got[-1]["heard"] == [1, 2, 3, 4, 5]


def test_a_request_that_raises_fails_and_the_child_goes_on(qtbot, serving):
    process = serving()
    got, failures = answers_of(process), []
    process.failed.connect(failures.append)
    process.request("raise")
    settled(qtbot, process)
    assert failures == ["ValueError: asked to"] and got == []
    process.request("still there")
    settled(qtbot, process)
    assert [answer["echo"] for answer in got] == ["still there"]


def test_a_killed_child_is_reported_and_replaced_at_the_next_request(qtbot, serving):
    process = serving()
    got, deaths = answers_of(process), []
    process.died.connect(deaths.append)
    process.request("first")
    settled(qtbot, process)
    first_pid = got[0]["pid"]
    process.request(("sleep", 5.0, "killed mid-request"))
    os.kill(first_pid, signal.SIGKILL)
    qtbot.waitUntil(lambda: deaths == [-signal.SIGKILL], timeout=WAIT_MS)
    assert not process.is_busy()  # its answer died with it
    assert process.child_pid() is None
    process.tell("for the new child")
    process.request("again")
    settled(qtbot, process)
    assert got[-1]["echo"] == "again" and got[-1]["pid"] != first_pid
    assert got[-1]["heard"] == ["for the new child"]
    assert gone(first_pid)


def test_shut_down_before_any_request(serving):
    process = serving()
    process.shut_down()
    process.shut_down()
    assert not process.is_alive()
    process.request("after the end")  # dropped: nothing starts
    assert process.child_pid() is None and not process.is_alive()


def test_shut_down_mid_request_stops_the_child(qtbot, serving):
    process = serving()
    got = answers_of(process)
    process.request(("sleep", 30.0, "never"))
    qtbot.waitUntil(lambda: process.child_pid() is not None, timeout=WAIT_MS)
    pid = process.child_pid()
    process.tell("queued behind the long request")
    process.shut_down()
    assert gone(pid)
    assert not process.is_alive() and "echo" not in running_helpers()
    process.shut_down()  # twice
    qtbot.wait(50)
    assert got == []


def test_shut_down_while_the_child_is_being_spawned(qtbot, serving):
    others = set(multiprocessing.active_children())  # the tokenizers' counting processes
    process = serving()
    process.request("spawning")  # the writer thread is starting the child now
    process.shut_down()
    assert not process.is_alive()
    assert set(multiprocessing.active_children()) <= others
