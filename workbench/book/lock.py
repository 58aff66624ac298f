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

from workbench.book.project import Project
from workbench.book.textio import write_bytes_atomic

log = logging.getLogger(__name__)

LOCK_FILE = "lock.json"


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
        """Whether the holder is known to be gone: a process on this host that no longer runs."""
        if self.host != socket.gethostname():
            return False
        try:
            os.kill(self.pid, 0)
        except ProcessLookupError:
            return True
        except PermissionError:
            return False  # it runs, as another user
        return False


def lock_path(project: Project):
    """Where the project's lock file is."""
    return project.state_dir / LOCK_FILE


def current_holder(project: Project) -> LockHolder | None:
    """The instance named in the lock file, or None (no lock, or one that cannot be read)."""
    path = lock_path(project)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        return LockHolder(str(data["host"]), int(data["pid"]), str(data["since"]))
    except FileNotFoundError:
        return None
    except (OSError, ValueError, KeyError, TypeError) as error:
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
    write_bytes_atomic(lock_path(project), data.encode("utf-8"))
    return holder


def release_lock(project: Project) -> None:
    """Remove the lock file if it is this instance's (another's is left alone)."""
    holder = current_holder(project)
    if holder is not None and holder.is_this_process():
        with contextlib.suppress(FileNotFoundError):
            lock_path(project).unlink()
