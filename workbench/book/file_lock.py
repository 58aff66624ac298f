"""One writer at a time per book file, across threads and processes.

A read-modify-write of a shared file (six `summarize` runs placing their sections in one
rolling-summary.md, the app's background summary process while the author saves that file, a
tracker edit, a pin) holds the file's lock from the read to the rename, so no writer places
its change in a text another has already replaced. The lock is an OS file lock (`flock`, or
`msvcrt.locking` on Windows) on `.workbench/locks/<name>-<hash>.lock`: released by the OS
when its holder dies, never a file whose presence means "locked". Within one process the
lock is reentrant per thread, and threads take turns through an in-process lock first (an
OS lock does not exclude another thread of the same process on every platform).
"""

from __future__ import annotations

import contextlib
import hashlib
import logging
import os
import threading
import time
from collections.abc import Iterator
from pathlib import Path

from workbench.book import gate
from workbench.errors import FileProblem

log = logging.getLogger(__name__)

LOCKS_DIR = "locks"
WAIT_SECONDS = 60.0  # a writer still holding the lock after this is reported, not waited for
_POLL_SECONDS = 0.01

_guard = threading.Lock()
_held: dict[str, tuple[int, int]] = {}  # lock file -> (thread ident, depth)
_thread_locks: dict[str, threading.Lock] = {}


class FileBusy(FileProblem):
    """Another writer held the file's lock for longer than WAIT_SECONDS."""


def lock_file_for(state_dir: Path, path: Path) -> Path:
    """The lock file of `path` inside a project's `.workbench/`."""
    digest = hashlib.sha256(str(path).encode("utf-8")).hexdigest()[:16]
    return state_dir / LOCKS_DIR / f"{path.name}-{digest}.lock"


@contextlib.contextmanager
def holding(lock_path: Path, target: Path, wait: float = WAIT_SECONDS) -> Iterator[None]:
    """Hold the lock `lock_path` while writing `target` (named in a FileBusy message)."""
    key = str(lock_path)
    me = threading.get_ident()
    with _guard:
        owner = _held.get(key)
        if owner is not None and owner[0] == me:
            _held[key] = (me, owner[1] + 1)
            reentered = True
        else:
            reentered = False
            thread_lock = _thread_locks.setdefault(key, threading.Lock())
    if reentered:
        try:
            yield
        finally:
            with _guard:
                _held[key] = (me, _held[key][1] - 1)
        return
    if not thread_lock.acquire(timeout=wait):
        raise FileBusy(target, _busy_message(wait))
    try:
        try:
            # The project folder holds .workbench/, which holds locks/.
            fd = gate.open_lock_file(lock_path, root=lock_path.parent.parent.parent)
        except (OSError, FileProblem) as error:
            # A `.workbench/` this user may not write (a shared folder, a read-only copy)
            # must not stop the save: the write's own hash check still refuses a change.
            log.warning("%s: no lock (%s); writing with the hash check only", target, error)
            with _holding_in_process(key, me):
                yield
            return
        try:
            _lock_fd(fd, target, wait)
            try:
                with _holding_in_process(key, me):
                    yield
            finally:
                _unlock_fd(fd)
        finally:
            os.close(fd)
    finally:
        thread_lock.release()


@contextlib.contextmanager
def _holding_in_process(key: str, me: int) -> Iterator[None]:
    with _guard:
        _held[key] = (me, 1)
    try:
        yield
    finally:
        with _guard:
            del _held[key]


def _busy_message(wait: float) -> str:
    return f"another Workbench process has been writing it for over {wait:.0f} s; try again"


try:
    import fcntl
except ImportError:  # Windows
    fcntl = None  # type: ignore[assignment]


def _lock_fd(fd: int, target: Path, wait: float) -> None:
    deadline = time.monotonic() + wait
    while True:
        if _try_lock(fd):
            return
        if time.monotonic() >= deadline:
            raise FileBusy(target, _busy_message(wait))
        time.sleep(_POLL_SECONDS)


def _try_lock(fd: int) -> bool:
    if fcntl is not None:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        return True
    import msvcrt

    try:
        msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
    except OSError:  # held by another process
        return False
    return True


def _unlock_fd(fd: int) -> None:
    if fcntl is not None:
        fcntl.flock(fd, fcntl.LOCK_UN)
    else:
        import msvcrt

        os.lseek(fd, 0, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)
