"""The project lock in .workbench/: host, pid and time; stale locks are recognised."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys

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


def test_a_live_process_on_this_host_holds_the_project(sample_copy):
    project = Project.open(sample_copy)
    other = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"])
    try:
        write_lock(project, socket.gethostname(), other.pid)
        holder = other_holder(project)
        assert holder is not None and holder.pid == other.pid
        release_lock(project)  # not ours: left alone
        assert lock_path(project).exists()
    finally:
        other.kill()
        other.wait()
    assert other_holder(project) is None  # the process is gone: the lock is stale


def test_another_hosts_lock_is_reported_and_a_broken_lock_ignored(sample_copy):
    project = Project.open(sample_copy)
    write_lock(project, "other-machine.local", 4242)
    assert other_holder(project).host == "other-machine.local"
    lock_path(project).write_text("{not json", encoding="utf-8")
    assert other_holder(project) is None
