"""The project lock in .workbench/: host, pid and time; stale locks are recognised."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys

import pytest

from workbench.book.lock import (
    current_holder,
    lock_path,
    other_holder,
    release_lock,
    take_lock,
)
from workbench.book.project import Project


def write_lock(project, host: str, pid: int) -> None:
    lock_path(project).parent.mkdir(parents=True, exist_ok=True)
    data = {"host": host, "pid": pid, "since": "2026-12-01T09:00:00+00:00"}
    lock_path(project).write_text(json.dumps(data), encoding="utf-8")


def test_taking_and_releasing_the_lock(sample_copy):
    project = Project.open(sample_copy)
    holder = take_lock(project)
    assert (holder.host, holder.pid) == (socket.gethostname(), os.getpid())
    assert current_holder(project) == holder
    assert other_holder(project) is None  # our own lock is no obstacle
    release_lock(project)
    assert not lock_path(project).exists()


def running_workbench(folder) -> subprocess.Popen:
    """A process whose command line is an installed `workbench` (python …/bin/workbench)."""
    script = folder / "bin" / "workbench"
    script.parent.mkdir(parents=True, exist_ok=True)
    script.write_text("import time\nprint('ready', flush=True)\ntime.sleep(30)\n", "utf-8")
    process = subprocess.Popen([sys.executable, str(script)], stdout=subprocess.PIPE, text=True)
    # Popen returns before the child's exec: until then its command line is this pytest's.
    assert process.stdout.readline() == "ready\n"
    return process


def test_a_live_process_on_this_host_holds_the_project(sample_copy, tmp_path):
    project = Project.open(sample_copy)
    other = running_workbench(tmp_path)
    try:
        write_lock(project, socket.gethostname(), other.pid)
        holder = other_holder(project)
        assert holder is not None and holder.pid == other.pid
        release_lock(project)  # not ours: left alone
        assert lock_path(project).exists()
    finally:
        other.kill()
        other.wait()
        other.stdout.close()
    assert other_holder(project) is None  # the process is gone: the lock is stale


def test_another_hosts_lock_is_reported_and_a_broken_lock_ignored(sample_copy):
    project = Project.open(sample_copy)
    write_lock(project, "other-machine.local", 4242)
    assert other_holder(project).host == "other-machine.local"
    lock_path(project).write_text("{not json", encoding="utf-8")
    assert other_holder(project) is None


@pytest.mark.parametrize("pid", [0, 1, -1, 10**20, -(10**20)])
def test_a_pid_no_other_workbench_can_have_is_stale(sample_copy, pid):
    # Issue #22: 0, 1 and -1 were taken as a live Workbench (kill(0) and kill(-1) signal
    # process groups; 1 is init), and 10^20 raised OverflowError out of the app's open.
    project = Project.open(sample_copy)
    write_lock(project, socket.gethostname(), pid)
    assert other_holder(project) is None


def test_a_live_process_that_is_not_a_workbench_is_stale(sample_copy):
    project = Project.open(sample_copy)
    other = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"])
    try:
        write_lock(project, socket.gethostname(), other.pid)  # a reused pid
        assert other_holder(project) is None
    finally:
        other.kill()
        other.wait()


@pytest.mark.parametrize(
    "content",
    [
        "[" * 100_000 + "]" * 100_000,
        '{"host": "h", "pid": ' + "[" * 100_000 + "]" * 100_000 + ', "since": "x"}',
        json.dumps({"host": socket.gethostname(), "pid": "12", "since": "x"}),
        json.dumps({"host": socket.gethostname(), "pid": 1.5, "since": "x"}),
        json.dumps({"host": "h", "pid": 12, "since": "x", "pad": "x" * 10_000}),
    ],
)
def test_a_lock_file_no_workbench_wrote_is_ignored_without_a_traceback(sample_copy, content):
    project = Project.open(sample_copy)
    lock_path(project).parent.mkdir(parents=True, exist_ok=True)
    lock_path(project).write_text(content, encoding="utf-8")
    assert current_holder(project) is None
    assert other_holder(project) is None
