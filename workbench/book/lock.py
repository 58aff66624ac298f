"""One writer per project: `.workbench/lock.json` names the instance that has it open.

The lock holds the host, the process id and when it was taken. Opening a project whose lock
names another live instance is reported (the app asks before opening it anyway); a lock left
by a process that no longer runs on this host is stale and taken over silently. A lock from
another host cannot be tested for life, so it is reported with its time for the author to
judge. The lock is advisory: it never stops the engine or the command line from reading.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import socket
from dataclasses import asdict, dataclass
from datetime import UTC, datetime
from pathlib import Path

from workbench.book import gate
from workbench.book.project import Project
from workbench.errors import FileProblem

log = logging.getLogger(__name__)

LOCK_FILE = "lock.json"
MAX_LOCK_BYTES = 4096  # host, pid and time; a larger file is not a lock Workbench wrote
WORKBENCH_PROGRAMS = ("workbench", "workbench-gui")


@dataclass(frozen=True)
class LockHolder:
    """Who has a project open: host, process id and when (UTC, ISO 8601)."""

    host: str
    pid: int
    since: str

    @classmethod
    def this_process(cls) -> LockHolder:
        """The running instance."""
        return cls(
            socket.gethostname(), os.getpid(), datetime.now(UTC).isoformat(timespec="seconds")
        )

    def is_this_process(self) -> bool:
        """Whether the lock is ours."""
        return self.host == socket.gethostname() and self.pid == os.getpid()

    def is_stale(self) -> bool:
        """Whether the holder is known to be gone: on this host, a pid no process of ours
        can have (0, 1 — init —, negative, past the OS's range), one that no longer runs,
        or one that runs but is not a Workbench (the pid was reused)."""
        if self.host != socket.gethostname():
            return False
        if self.pid <= 1:  # kill(0) and kill(-1) would test process groups, not a process
            return True
        try:
            os.kill(self.pid, 0)
        except (ProcessLookupError, OverflowError):
            return True
        except PermissionError:
            pass  # it runs, as another user
        except OSError:  # a pid the OS refuses outright
            return True
        return not _runs_workbench(self.pid)


def _runs_workbench(pid: int) -> bool:
    """Whether process `pid` is a Workbench: its command line runs `workbench` (the console
    script, the bundle, `python -m workbench`). Where the OS does not say (no /proc), it is
    taken to be one."""
    try:
        cmdline = Path(f"/proc/{pid}/cmdline")
        raw = gate.read_bytes(cmdline, root=None, limit=1024 * 1024, what="a command line")
    except FileNotFoundError:
        return not Path("/proc/self/cmdline").exists()  # gone, or no /proc on this OS
    except (OSError, FileProblem):
        return True
    args = [arg.decode("utf-8", "replace") for arg in raw.split(b"\0") if arg]
    for index, arg in enumerate(args[:4]):
        name = Path(arg).name.lower().removesuffix(".exe")
        if name in WORKBENCH_PROGRAMS:
            return True
        if arg == "-m" and index + 1 < len(args):
            return args[index + 1].split(".")[0] == "workbench"
    return False


def lock_path(project: Project):
    """Where the project's lock file is."""
    return project.state_dir / LOCK_FILE


def current_holder(project: Project) -> LockHolder | None:
    """The instance named in the lock file, or None (no lock, or one that cannot be read)."""
    path = lock_path(project)
    try:
        data = gate.read_json(path, root=project.root, limit=MAX_LOCK_BYTES, what="a lock file")
        pid = data["pid"]
        if not isinstance(pid, int) or isinstance(pid, bool):
            raise ValueError(f"pid is not a number: {pid!r}"[:80])
        return LockHolder(str(data["host"]), pid, str(data["since"]))
    except FileNotFoundError:
        return None
    except (OSError, FileProblem, ValueError, KeyError, TypeError) as error:
        log.warning("%s: unreadable lock, ignored: %s", path, error)
        return None


def other_holder(project: Project) -> LockHolder | None:
    """Another live instance holding the project (None when free, ours, or stale)."""
    holder = current_holder(project)
    if holder is None or holder.is_this_process():
        return None
    if holder.is_stale():
        log.info(
            "stale lock of %s pid %d (since %s) taken over", holder.host, holder.pid, holder.since
        )
        return None
    return holder


def take_lock(project: Project) -> LockHolder:
    """Write this instance into the lock file (taking it over from whoever had it)."""
    holder = LockHolder.this_process()
    data = json.dumps(asdict(holder), ensure_ascii=False) + "\n"
    gate.write_bytes(lock_path(project), data.encode("utf-8"), root=project.root)
    return holder


def release_lock(project: Project) -> None:
    """Remove the lock file if it is this instance's (another's is left alone)."""
    holder = current_holder(project)
    if holder is not None and holder.is_this_process():
        with contextlib.suppress(FileNotFoundError):
            gate.remove(lock_path(project), root=project.root)
