"""Replacing a file only if it still holds the bytes the new ones were made from, with no
moment in which another program's save can slip in between the check and the rename.

Checking the file and then renaming over it leaves a gap: an editor that saves by renaming
its own temp file into place during that gap has its save replaced, unseen. Where the OS
can swap two names atomically (Linux's renameat2 with RENAME_EXCHANGE), the new file is
swapped in first, and the file it displaced (exactly the one that was there at that
instant) is checked afterwards: when it is not what was expected, it is swapped back and
nothing is lost. Elsewhere the check runs just before the rename, as close as it can.
"""

from __future__ import annotations

import contextlib
import ctypes
import errno
import hashlib
import os
from pathlib import Path

from workbench.errors import ChangedOnDisk

NO_FILE = ""  # the `expect` of a write that creates its file: nothing may be there yet
_AT_FDCWD = -100
_RENAME_EXCHANGE = 2
_UNSUPPORTED = {errno.EINVAL, errno.ENOSYS, errno.EOPNOTSUPP, errno.EXDEV, errno.EPERM}


def _renameat2():
    try:
        return ctypes.CDLL(None, use_errno=True).renameat2
    except (OSError, AttributeError, TypeError):  # not glibc/Linux: no atomic swap
        return None


_RENAMEAT2 = _renameat2()


def _exchange(first: str | Path, second: str | Path) -> bool:
    """Swap two names atomically; False where the OS or file system cannot."""
    if _RENAMEAT2 is None:
        return False
    result = _RENAMEAT2(
        _AT_FDCWD, os.fsencode(first), _AT_FDCWD, os.fsencode(second), _RENAME_EXCHANGE
    )
    if result == 0:
        return True
    code = ctypes.get_errno()
    if code in _UNSUPPORTED:
        return False
    raise OSError(code, os.strerror(code), str(second))


def _digest(path: str | Path) -> str:
    try:
        with open(path, "rb") as handle:  # a file this module itself just placed or swapped
            return hashlib.file_digest(handle, "sha256").hexdigest()
    except FileNotFoundError:
        return NO_FILE


def changed(path: Path, problem: str) -> ChangedOnDisk:
    return ChangedOnDisk(path, f"{problem}; not written, the file is as the other writer left it")


def replace_if_unchanged(tmp_name: str, path: Path, expect: str) -> None:
    """Put the file `tmp_name` in place of `path` if `path` still holds the bytes whose
    sha256 is `expect` (NO_FILE: if nothing is there); ChangedOnDisk, `path` as the other
    program left it, when not. `tmp_name` is gone either way."""
    if expect == NO_FILE:
        _create(tmp_name, path)
        return
    ours = os.stat(tmp_name).st_ino
    if not os.path.exists(path) or not _exchange(tmp_name, path):
        _check_then_replace(tmp_name, path, expect)
        return
    # `tmp_name` now names the file that was in place: the one to check.
    try:
        before = os.stat(tmp_name)
        displaced = _digest(tmp_name)
        after = os.stat(tmp_name)
    except BaseException:
        _swap_back(tmp_name, path, ours)
        raise
    moved = (before.st_size, before.st_mtime_ns) != (after.st_size, after.st_mtime_ns)
    if displaced == expect and not moved:
        os.unlink(tmp_name)
        return
    _swap_back(tmp_name, path, ours)
    raise changed(path, "changed on disk since it was read")


def _swap_back(displaced: str, path: Path, ours: int) -> None:
    """Give the displaced file its name back. Should another save have been renamed into
    place meanwhile, that newest one stays and only ours goes."""
    try:
        in_place = os.stat(path).st_ino
    except FileNotFoundError:  # deleted meanwhile: the displaced file is all there is
        os.rename(displaced, path)
        return
    if in_place == ours:
        _exchange(displaced, path)
    else:  # the other program saved again: its newest file keeps the name
        os.unlink(displaced)
        return
    with contextlib.suppress(FileNotFoundError):
        if os.stat(displaced).st_ino == ours:
            os.unlink(displaced)
        else:  # newer than the one swapped back: it wins
            os.replace(displaced, path)


def _create(tmp_name: str, path: Path) -> None:
    """A link never replaces: a file another program made first stays."""
    try:
        os.link(tmp_name, path)
    except FileExistsError:
        os.unlink(tmp_name)
        raise changed(path, "was created by another program meanwhile") from None
    except OSError:  # no hard links here (FAT, some network shares)
        if os.path.exists(path):
            os.unlink(tmp_name)
            raise changed(path, "was created by another program meanwhile") from None
        os.replace(tmp_name, path)
        return
    os.unlink(tmp_name)


def _check_then_replace(tmp_name: str, path: Path, expect: str) -> None:
    now = _digest(path)
    if now != expect:
        os.unlink(tmp_name)
        if now == NO_FILE:
            raise changed(path, "was deleted by another program meanwhile")
        raise changed(path, "changed on disk since it was read")
    os.replace(tmp_name, path)
