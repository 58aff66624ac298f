"""The one gate every file Workbench reads or writes goes through.

Every path is resolved with its symlinks followed (book/containment.py): a path project
content names is refused when it lands outside the project (`root`) or in the user's
settings folder; a path the author named on the command line (`root=None`: a manuscript to
import, a file for `--out`) may be anywhere but the settings folder. What is there must be a
regular file: a named pipe, a socket or a device is refused by its type before it is opened
(opening a pipe blocks until someone writes to it; a device reads without end), and the type
is checked again on the opened descriptor, so nothing swapped in between gets read. Reads
are bounded: a file larger than its limit is refused with a message naming the file and
the limit, and never more than the limit is read, however the file grows meanwhile.

tests/book/test_gate.py walks the engine's source and fails on any file access that does
not come through here (the settings folder and the package's own data are listed there,
with their reasons).
"""

from __future__ import annotations

import contextlib
import os
import stat
import time
from collections.abc import Iterator
from pathlib import Path

from workbench.book import textio
from workbench.book.bounded_json import parse_json
from workbench.book.containment import OutsideProject, resolve_inside, settings_folder
from workbench.book.textio import UTF8, TextFile
from workbench.errors import FileProblem

MAX_FILE_BYTES = 16 * 1024 * 1024  # a book file larger than this is refused, not read
MAX_JSON_BYTES = 16 * 1024 * 1024  # any JSON file: state.json, pins, caches, the lock
# A project's own folder of caches, feeds and autosave (Project.state_dir). It ignores itself
# in git: a book kept in git (webnovel-writer's init makes one) must not show `?? .workbench/`.
STATE_DIR = ".workbench"
STATE_IGNORE = ".gitignore"
# webnovel-writer's memory: that tool's own, which Workbench reads and never writes.
READ_ONLY_DIR = ".webnovel"
_READ_FLAGS = (
    os.O_RDONLY
    | getattr(os, "O_NONBLOCK", 0)  # a pipe swapped in after the check never blocks the open
    | getattr(os, "O_NOFOLLOW", 0)  # nor does a symlink swapped in for the resolved file
    | getattr(os, "O_CLOEXEC", 0)
    | getattr(os, "O_BINARY", 0)
)
_CHUNK = 1024 * 1024
_READ_ATTEMPTS = 5
SETTLE_SECONDS = 0.3  # a file written to less than this long ago may be mid-save
SETTLE_LIMIT = 10.0
_SETTLE_POLL = 0.02


class SpecialFile(FileProblem):
    """A pipe, socket, device or folder where a file should be: never opened."""


class ChangingFile(FileProblem):
    """A file another program was writing while it was read: not a read to build on."""


class ReadOnlyMemory(FileProblem):
    """A write that leads into webnovel-writer's memory, by whatever path or link."""


class TooLarge(FileProblem):
    """A file past the size its kind may have: refused, not read."""


def size_text(size: int) -> str:
    """A byte count as a person reads it (MB from one MB up, else KB)."""
    if size >= 1024 * 1024:
        return f"{size / (1024 * 1024):.0f} MB"
    return f"{max(1, round(size / 1024))} KB"


def too_large(path: Path | str, size: int | None, limit: int, what: str) -> TooLarge:
    """The refusal of a file of `size` bytes (None: more than the limit) past `limit`."""
    shown = f"{size_text(size)}, larger" if size is not None else "larger"
    return TooLarge(path, f"{shown} than the {size_text(limit)} {what} may be; not read")


def resolve(
    path: Path | str, *, root: Path | None, entry: str = "", settings: bool = False
) -> Path:
    """`path` with every symlink resolved; OutsideProject when it leaves `root` (when given)
    or lands in the user's settings folder (unless `settings`: the settings file itself)."""
    if root is not None:
        return resolve_inside(root, path, entry=entry)
    resolved = Path(os.path.realpath(path))
    folder = settings_folder()
    if not settings and folder is not None and resolved.is_relative_to(folder):
        named = entry or str(path)
        raise OutsideProject(path, f"{named} is in the user's settings folder; not used")
    return resolved


def kind_of(mode: int) -> str | None:
    """What a file that is not a regular file is ('a named pipe', …); None for a file."""
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a named pipe"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    return "not a regular file"


def special_file(path: Path | str, mode: int) -> SpecialFile | None:
    """The refusal of a path whose mode is not a regular file's, else None."""
    kind = kind_of(mode)
    return SpecialFile(path, f"is {kind}, not a file") if kind else None


def check_regular(path: Path | str, *, root: Path | None, entry: str = "") -> os.stat_result:
    """The stat of the regular file at `path`, through the gate's checks (no open)."""
    resolved = resolve(path, root=root, entry=entry)
    info = os.stat(resolved)
    refusal = special_file(path, info.st_mode)
    if refusal is not None:
        raise refusal
    return info


@contextlib.contextmanager
def _opened(
    path: Path | str, *, root: Path | None, entry: str, settings: bool = False
) -> Iterator[tuple[int, os.stat_result]]:
    """(descriptor, stat) of the regular file at `path`, checked before and after opening."""
    resolved = resolve(path, root=root, entry=entry, settings=settings)
    refusal = special_file(path, os.stat(resolved).st_mode)
    if refusal is not None:
        raise refusal
    fd = os.open(resolved, _READ_FLAGS)
    try:
        info = os.fstat(fd)
        refusal = special_file(path, info.st_mode)
        if refusal is not None:
            raise refusal
        yield fd, info
    finally:
        os.close(fd)


def read_bytes(
    path: Path | str,
    *,
    root: Path | None,
    limit: int = MAX_FILE_BYTES,
    what: str = "a book file",
    entry: str = "",
    settings: bool = False,
) -> bytes:
    """The bytes of a regular file, at most `limit` of them (TooLarge past it). `settings`
    lets a path the author did not name reach the settings folder: the settings file."""
    for _attempt in range(_READ_ATTEMPTS):
        with _opened(path, root=root, entry=entry, settings=settings) as (fd, info):
            data = _read_bounded(fd, info.st_size, path, limit, what)
            if _whole(data, info) and _same_file(info, os.fstat(fd)):
                return data
        time.sleep(_SETTLE_POLL)
    raise ChangingFile(path, "kept changing while it was read (another program is saving it)")


def _read_bounded(fd: int, size: int, path: Path | str, limit: int, what: str) -> bytes:
    if size > limit:
        raise too_large(path, size, limit, what)
    chunks, total = [], 0
    while chunk := os.read(fd, min(_CHUNK, limit + 1 - total)):
        chunks.append(chunk)
        total += len(chunk)
        if total > limit:
            raise too_large(path, None, limit, what)
    return b"".join(chunks)


def _whole(data: bytes, info: os.stat_result) -> bool:
    """Whether `data` is as long as the file said it was when opened (a file of /proc, which
    says 0 whatever it holds, only by the stat not changing)."""
    return info.st_size == 0 or len(data) == info.st_size


def _same_file(before: os.stat_result, after: os.stat_result) -> bool:
    """Whether nobody wrote the file between these two stats of it."""
    return (before.st_size, before.st_mtime_ns, before.st_ctime_ns) == (
        after.st_size,
        after.st_mtime_ns,
        after.st_ctime_ns,
    )


def read_settled(
    path: Path | str,
    *,
    root: Path | None,
    limit: int = MAX_FILE_BYTES,
    what: str = "a book file",
    entry: str = "",
) -> bytes:
    """The bytes of a file once it has been left alone for SETTLE_SECONDS, judged on the
    very read that returns them: an editor that saves in place (truncate, then write) leaves
    the file empty or half-written for a moment, and such a read is not one to build on.
    ChangingFile when it is still being written after SETTLE_LIMIT seconds."""
    deadline = time.monotonic() + SETTLE_LIMIT
    seen, seen_at = None, 0.0
    while True:
        with _opened(path, root=root, entry=entry) as (fd, info):
            data = _read_bounded(fd, info.st_size, path, limit, what)
            after = os.fstat(fd)
        now = time.monotonic()
        if _whole(data, info) and _same_file(info, after):
            # Judged by what this process saw too, not only by the file's mtime against our
            # clock: a network share's clock may differ from ours.
            key = (after.st_ino, after.st_size, after.st_mtime_ns, after.st_ctime_ns)
            if key != seen:
                seen, seen_at = key, now
            if time.time() - after.st_mtime >= SETTLE_SECONDS or now - seen_at >= SETTLE_SECONDS:
                return data
        if now >= deadline:
            raise ChangingFile(
                path, f"is still being written by another program after {SETTLE_LIMIT:.0f} s"
            )
        time.sleep(_SETTLE_POLL)


def read_lines(
    path: Path | str, *, root: Path | None, limit: int, max_line: int, what: str
) -> Iterator[bytes]:
    """The lines of a regular file of at most `limit` bytes, read a chunk at a time, so a
    log of many megabytes is never held whole. A line longer than `max_line` comes as its
    first `max_line + 1` bytes (its caller sees it is too long), the rest never kept."""
    with _opened(path, root=root, entry="", settings=False) as (fd, info):
        if info.st_size > limit:
            raise too_large(path, info.st_size, limit, what)
        pending, total = b"", 0
        while chunk := os.read(fd, min(_CHUNK, limit + 1 - total)):
            total += len(chunk)
            if total > limit:
                raise too_large(path, None, limit, what)
            *lines, pending = (pending + chunk).split(b"\n")
            for line in lines:
                yield line[: max_line + 1]
            if len(pending) > max_line:
                pending = pending[: max_line + 1]
        if pending:
            yield pending


def read_text(
    path: Path | str,
    *,
    root: Path | None,
    limit: int = MAX_FILE_BYTES,
    what: str = "a book file",
    entry: str = "",
    settled: bool = False,
) -> TextFile:
    """A text file decoded in its own encoding (textio.decode), read through the gate;
    `settled`: once no other program is in the middle of saving it (read_settled)."""
    reader = read_settled if settled else read_bytes
    data = reader(path, root=root, limit=limit, what=what, entry=entry)
    text, encoding = textio.decode(data, path)
    return TextFile(Path(path), text, encoding, textio.content_hash(data))


def read_json(
    path: Path | str,
    *,
    root: Path | None,
    limit: int = MAX_JSON_BYTES,
    what: str = "a JSON file",
    entry: str = "",
    settings: bool = False,
) -> object:
    """A JSON file's value, its size and nesting depth bounded (book/bounded_json.py)."""
    data = read_bytes(path, root=root, limit=limit, what=what, entry=entry, settings=settings)
    return parse_json(data, path)


def in_read_only_memory(path: Path | str, root: Path) -> bool:
    """Whether `path`, its links followed, lands in the project's READ_ONLY_DIR."""
    memory = Path(os.path.realpath(root)) / READ_ONLY_DIR
    return Path(os.path.realpath(path)).is_relative_to(memory)


def _writable_target(path: Path | str, root: Path | None, entry: str) -> Path:
    resolved = resolve(path, root=root, entry=entry)
    if root is not None and in_read_only_memory(resolved, root):
        raise ReadOnlyMemory(
            path,
            f"leads into {READ_ONLY_DIR}/, webnovel-writer's memory, which Workbench only "
            "reads; not written",
        )
    with contextlib.suppress(FileNotFoundError):
        refusal = special_file(path, os.stat(resolved).st_mode)
        if refusal is not None:
            raise refusal
    _ignore_state_folder(resolved, root)
    return resolved


def _ignore_state_folder(resolved: Path, root: Path | None) -> None:
    """Before the first file goes into the project's `.workbench/`, write its `.gitignore`
    (`*`); anything already there under that name is the author's and is left alone."""
    if root is None:
        return
    folder = Path(os.path.realpath(root)) / STATE_DIR
    ignore = folder / STATE_IGNORE
    if resolved == ignore or not resolved.is_relative_to(folder) or os.path.lexists(ignore):
        return
    folder.mkdir(parents=True, exist_ok=True)
    textio.write_bytes_atomic(ignore, b"*\n")


def write_bytes(
    path: Path | str,
    data: bytes,
    *,
    root: Path | None,
    entry: str = "",
    expect: str | None = None,
    synced: bool = True,
) -> Path:
    """Replace a file's bytes atomically (textio.write_bytes_atomic, `expect` and `synced`
    as there) where it resolves to, creating its folders; returns where that is."""
    resolved = _writable_target(path, root, entry)
    textio.write_bytes_atomic(resolved, data, expect=expect, synced=synced)
    return resolved


def write_text(
    path: Path | str,
    text: str,
    encoding: str = UTF8,
    *,
    root: Path | None,
    entry: str = "",
    expect: str | None = None,
) -> TextFile:
    """Write text atomically in `encoding` through the gate; what is now on disk."""
    data = textio.encode(text, encoding)
    write_bytes(path, data, root=root, entry=entry, expect=expect)
    return TextFile(Path(path), text, encoding, textio.content_hash(data))


def create_bytes(path: Path | str, data: bytes, *, root: Path | None, entry: str = "") -> bool:
    """Create a file with `data` where it resolves to, whole or not at all, only if nothing
    is there yet (textio.create_bytes_atomic); False when something already is."""
    resolved = _writable_target(path, root, entry)
    return textio.create_bytes_atomic(resolved, data)


def append_bytes(path: Path | str, data: bytes, *, root: Path | None, entry: str = "") -> None:
    """Append to a file (created when missing) where it resolves to, in one write; anything
    but a regular file there is refused, before and after opening."""
    resolved = _writable_target(path, root, entry)
    resolved.parent.mkdir(parents=True, exist_ok=True)
    flags = os.O_WRONLY | os.O_APPEND | os.O_CREAT | (_READ_FLAGS & ~os.O_RDONLY)
    fd = os.open(resolved, flags, 0o644)
    try:
        refusal = special_file(path, os.fstat(fd).st_mode)
        if refusal is not None:
            raise refusal
        os.write(fd, data)
    finally:
        os.close(fd)


def open_lock_file(path: Path | str, *, root: Path) -> int:
    """A descriptor of a lock file (created when missing) inside the project, to hold an OS
    lock on; anything but a regular file there is refused, before and after opening."""
    resolved = _writable_target(path, root, "")
    resolved.parent.mkdir(parents=True, exist_ok=True)
    flags = os.O_RDWR | os.O_CREAT | (_READ_FLAGS & ~os.O_RDONLY)
    fd = os.open(resolved, flags, 0o666)
    refusal = special_file(path, os.fstat(fd).st_mode)
    if refusal is not None:
        os.close(fd)
        raise refusal
    return fd


def make_folder(path: Path | str, *, root: Path | None, entry: str = "") -> Path:
    """Create a folder (and its parents) where it resolves to; returns that."""
    resolved = resolve(path, root=root, entry=entry)
    if root is not None and in_read_only_memory(resolved, root):
        raise ReadOnlyMemory(path, f"is in {READ_ONLY_DIR}/, which Workbench only reads")
    resolved.mkdir(parents=True, exist_ok=True)
    return resolved


def rename(source: Path | str, target: Path | str, *, root: Path) -> None:
    """Rename a file within the project (both ends checked)."""
    os.replace(_writable_target(source, root, ""), _writable_target(target, root, ""))


def remove(path: Path | str, *, root: Path | None) -> None:
    """Delete a file (the link itself, when `path` is a symlink inside the folder)."""
    folder = resolve(Path(path).parent, root=root)
    if root is not None and in_read_only_memory(folder, root):
        raise ReadOnlyMemory(path, f"is in {READ_ONLY_DIR}/, which Workbench only reads; kept")
    os.unlink(path)


def copy_file(
    source: Path | str,
    target: Path | str,
    *,
    source_root: Path | None,
    target_root: Path | None,
    limit: int = MAX_FILE_BYTES,
    what: str = "a book file",
) -> Path:
    """Copy a file's bytes, both ends through the gate and the read bounded."""
    data = read_bytes(source, root=source_root, limit=limit, what=what)
    return write_bytes(target, data, root=target_root)
